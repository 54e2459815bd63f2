//! The page `?kube=1`'s playback of the real control plane (`playback::kube`), natively with
//! exact goldens: the frame at chosen cursors (time, acting part, etcd key written, the six steps
//! begun, the events and pods tables as kubectl prints them then, what runs on each node), the
//! trace's cells against `cplab kube apply -o trace`, and the blast rows a press fills.
#![cfg(not(target_arch = "wasm32"))] // native: reads golden files

mod support;

use cplab::kube::render::{events_table, pods_table, trace_table};
use cplab::kube::Part;
use cplab::playback::kube::{
    columns, drawn, fill, lit_part, parts, press, replicas_asked, KubeFrame, KubeMark, KubeRecording, Rows,
    EVENT_HEADS, MOST_NODE_PODS, MOST_ROWS, PAGE_REPLICAS, PAGE_STEPS, POD_HEADS,
};

const DEPLOY: &str = include_str!("kube/deploy.yaml");

fn healthy() -> KubeRecording {
    KubeRecording::of_manifest("deploy.yaml", DEPLOY, &[]).expect("runs")
}

fn rows(out: &mut String, title: &str, rows: &Rows) {
    out.push_str(&format!("  {title} ({}):\n", rows.len()));
    for row in rows {
        out.push_str(&format!("    {}\n", row.join(" | ")));
    }
}

/// A frame as text, every field named.
fn said(frame: &KubeFrame) -> String {
    let mut out =
        format!("cursor {}/{} at {} ms, revision {}\n", frame.cursor, frame.len, frame.at_ms, frame.revision);
    out.push_str(&format!("  acting: {}\n", frame.acting.as_deref().unwrap_or("-")));
    out.push_str(&format!("  lit: {}\n", frame.lit.as_deref().unwrap_or("-")));
    out.push_str(&format!(
        "  down: {}\n",
        if frame.down.is_empty() { "-".to_string() } else { frame.down.join(", ") }
    ));
    out.push_str(&format!("  written: {}\n", frame.written.as_deref().unwrap_or("-")));
    out.push_str(&format!("  stage: {}, begun: {:?}\n", frame.stage, frame.stages_begun));
    out.push_str(&format!("  row: {}\n", frame.row.as_ref().map_or("-".to_string(), |r| r.join(" | "))));
    rows(&mut out, "events", &frame.events);
    rows(&mut out, "pods", &frame.pods);
    for node in &frame.nodes {
        let pods: Vec<String> = node
            .pods
            .iter()
            .map(|(p, running)| format!("{p} ({})", if *running { "running" } else { "starting" }))
            .collect();
        out.push_str(&format!(
            "  {}: {}\n",
            node.name,
            if pods.is_empty() { "-".to_string() } else { pods.join(", ") }
        ));
    }
    out
}

#[test]
fn the_healthy_round_trip_plays_frame_by_frame_as_its_goldens_say() {
    let recording = healthy();
    let starts = recording.stage_starts();
    // The start, the first step of each of the six stages, the first write, one step past the
    // pods' sandboxes, and the end.
    let mut cursors = vec![0];
    cursors.extend(starts.iter().flatten().map(|s| s + 1));
    cursors.extend(recording.writes().first());
    let sandbox = recording.run.trace.iter().position(|s| s.verb == "sandbox ready").expect("a sandbox");
    cursors.extend([sandbox + 1, recording.len(), usize::MAX]);
    let text: String = cursors.iter().map(|&c| format!("@{c}\n{}", said(&recording.frame(c)))).collect();
    support::golden("kube", "playback-healthy", &text);
}

#[test]
fn the_six_steps_begin_in_order() {
    let starts = healthy().stage_starts();
    let firsts: Vec<usize> = starts.iter().map(|s| s.expect("every stage happens")).collect();
    assert!(firsts.windows(2).all(|w| w[0] < w[1]), "{firsts:?}");
}

#[test]
fn the_frame_at_the_end_shows_what_the_cli_prints_at_the_end() {
    let recording = healthy();
    let end = recording.frame(recording.len());
    assert_eq!(end.events, columns(&events_table(&recording.run), &EVENT_HEADS));
    assert_eq!(end.pods, columns(&pods_table(&recording.run), &POD_HEADS));
    assert_eq!(end.pods.len(), 3);
    assert!(end.nodes.iter().all(|n| n.pods.len() == 1 && n.pods[0].1), "{:?}", end.nodes);
    // Before any step, etcd holds only the Nodes: no events, no pods.
    let start = recording.frame(0);
    assert!(start.events.is_empty() && start.pods.is_empty() && start.acting.is_none());
}

#[test]
fn the_trace_cells_are_the_cli_trace_lines() {
    let recording = healthy();
    let text = trace_table(&recording.run);
    let lines: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(lines.len(), recording.trace.len());
    for (line, cells) in lines.iter().zip(&recording.trace) {
        // The cells, padded back as tabwriter pads them, give the line again.
        let words: Vec<&str> = line.split_whitespace().collect();
        let from_cells: Vec<&str> = cells.iter().flat_map(|c| c.split_whitespace()).collect();
        assert_eq!(words, from_cells);
    }
}

#[test]
fn columns_split_by_the_heads_and_keep_spaces_inside_a_cell() {
    let text = "LAST SEEN   TYPE     MESSAGE\n4s          Normal   Scaled up replica set\n";
    assert_eq!(columns(text, &["LAST SEEN", "TYPE", "MESSAGE"]), [["4s", "Normal", "Scaled up replica set"]]);
    assert!(columns("No resources found in default namespace.\n", &["LAST SEEN"]).is_empty());
    assert!(columns("", &["A"]).is_empty());
}

#[test]
fn a_press_takes_a_part_down_and_a_second_press_brings_it_back() {
    let down = press(&[], &Part::KubeScheduler, 0);
    assert_eq!(down.len(), 1);
    assert_eq!((down[0].part.as_str(), down[0].down), ("kube-scheduler", 0.0));
    let later = press(&down, &Part::Etcd, 17);
    assert_eq!((later[1].part.as_str(), later[1].down), ("etcd", 0.017));
    assert_eq!(press(&later, &Part::KubeScheduler, 99), [later[1].clone()]);
}

#[test]
fn each_part_down_from_the_start_fills_its_blast_row() {
    let healthy = healthy();
    let mut filled = fill(&[], healthy.blast());
    for part in parts(&healthy.scenario) {
        if part.node().is_some_and(|n| n != "node-1") {
            continue;
        }
        let faults = press(&[], &part, 0);
        let run = KubeRecording::of_manifest("deploy.yaml", DEPLOY, &faults).expect("runs");
        filled = fill(&filled, run.blast());
    }
    let text: String = filled
        .iter()
        .map(|r| {
            format!("{}: kubectl {} | {}\n", r.down, if r.kubectl_ok { "ok" } else { "fails" }, r.radius)
        })
        .collect();
    support::golden("kube", "playback-blast-rows", &text);
    // A rerun replaces its row rather than adding one.
    assert_eq!(fill(&filled, healthy.blast()).len(), filled.len());
}

#[test]
fn a_failure_answered_after_the_last_step_is_known_with_its_time() {
    // etcd down from the start: kube-apiserver answers kubectl's create only at etcd's request
    // timeout, 7 s after the step that sent it, which is past the run's last step.
    let faults = press(&[], &Part::parse("etcd").expect("a part"), 0);
    let run = KubeRecording::of_manifest("deploy.yaml", DEPLOY, &faults).expect("runs");
    let last = run.frame(run.len()).at_ms;
    assert_eq!((last, run.late_failure()), (2, Some((500, 7002))));
    // A healthy run's answers never end it.
    assert_eq!(healthy().late_failure(), None);
}

#[test]
fn a_bad_manifest_records_kubectl_s_refusal() {
    let bad = DEPLOY.replace("replicas: 3", "replicas: -1");
    let recording = KubeRecording::of_manifest("deploy.yaml", &bad, &[]).expect("runs");
    let (_, errors) = recording.kubectl();
    assert!(
        errors.contains("spec.replicas: Invalid value: -1: must be greater than or equal to 0"),
        "{errors}"
    );
    let yaml = KubeRecording::of_manifest("deploy.yaml", "kind: [", &[]).expect("runs");
    assert!(yaml.kubectl().1.contains("line 1, column"), "{:?}", yaml.kubectl());
}

#[test]
fn the_scrubber_marks_the_six_steps_and_each_etcd_write_as_the_golden_says() {
    let recording = healthy();
    let text: String = recording
        .marks()
        .iter()
        .map(|m| match m {
            KubeMark::Stage { step, stage } => format!("{step}: step {stage} begins\n"),
            KubeMark::Write { step, key } => format!("{step}: etcd writes {key}\n"),
        })
        .collect();
    support::golden("kube", "playback-marks", &text);
    // Every write is a `put` of the trace, every stage mark the first step of its stage.
    let stages = recording.marks().iter().filter(|m| matches!(m, KubeMark::Stage { .. })).count();
    assert_eq!(stages, 6);
}

#[test]
fn a_part_down_mid_run_is_down_from_its_second_in_the_frame() {
    let healthy = healthy();
    // kube-scheduler taken down as the scheduler's step begins: from then on it is down, and
    // the frame before that step shows it up.
    let start = healthy.stage_starts()[3].expect("the scheduler binds");
    let at_ms = healthy.run.trace[start].at_ms;
    let faults = press(&[], &Part::KubeScheduler, at_ms);
    let run = KubeRecording::of_manifest("deploy.yaml", DEPLOY, &faults).expect("runs");
    let first = run.run.trace.iter().position(|s| s.at_ms >= at_ms).expect("a step then");
    assert!(first > 0 && run.frame(first).down.is_empty(), "{:?}", run.frame(first).down);
    assert_eq!(run.frame(first + 1).down, ["kube-scheduler"]);
    // Until then the run is the healthy one, step for step.
    assert_eq!(run.trace[..first], healthy.trace[..first]);
    let end = run.frame(run.len());
    assert_eq!(end.down, ["kube-scheduler"]);
    support::golden("kube", "playback-scheduler-mid-run", &said(&end));
}

#[test]
fn the_lit_box_is_the_component_with_a_controller_left_off() {
    assert_eq!(lit_part("kube-controller-manager/replicaset"), "kube-controller-manager");
    assert_eq!(lit_part("kubelet/node-2"), "kubelet/node-2");
    assert_eq!(lit_part("etcd"), "etcd");
}

#[test]
fn the_largest_deployment_plays_and_its_tables_and_nodes_are_drawn_in_part() {
    let big = DEPLOY.replace("replicas: 3", &format!("replicas: {PAGE_REPLICAS}"));
    let recording = KubeRecording::of_manifest("deploy.yaml", &big, &[]).expect("the page plays it");
    assert!(recording.len() <= PAGE_STEPS && recording.len() > 2_000, "{}", recording.len());
    let end = recording.frame(recording.len());
    assert_eq!(end.pods.len(), PAGE_REPLICAS as usize);
    assert_eq!(drawn(end.pods.len(), false), 0..PAGE_REPLICAS as usize);
    assert_eq!(drawn(100, false), 0..MOST_ROWS);
    assert_eq!(drawn(end.events.len(), true), end.events.len() - MOST_ROWS..end.events.len());
    assert_eq!(drawn(3, true), 0..3);
    let on_nodes: usize = end.nodes.iter().map(|n| n.pods.len()).sum();
    assert_eq!(on_nodes, PAGE_REPLICAS as usize);
    for node in &end.nodes {
        let (shown, more) = node.drawn();
        assert_eq!((shown.len(), shown.len() + more), (MOST_NODE_PODS, node.pods.len()));
    }
    // Past the cap only the six steps are marked.
    assert_eq!(recording.marks().len(), 6);
    // One replica more, over two Deployments, is refused before anything runs.
    let two = format!(
        "{}---\n{}",
        big,
        DEPLOY.replace("name: web", "name: api").replace("replicas: 3", "replicas: 1")
    );
    assert_eq!(replicas_asked(&two), PAGE_REPLICAS + 1);
    let refused = KubeRecording::of_manifest("deploy.yaml", &two, &[]).expect_err("too many");
    assert_eq!(
        refused,
        "deploy.yaml asks for 41 replicas in all; the page plays at most 40: run it with `cplab kube apply`"
    );
    assert_eq!(replicas_asked("kind: ["), 0);
}

#[test]
fn the_cli_s_events_golden_is_what_cplab_kube_apply_prints() {
    // The page's e2e test (tests/e2e/kube.spec.mjs) compares its events table with this file.
    let out = support::cplab(&["kube", "apply", "tests/kube/deploy.yaml", "-o", "events"], "");
    assert!(out.status.success());
    support::golden("kube", "deploy-events", &String::from_utf8(out.stdout).expect("utf-8"));
    // And the page's frame at the end has exactly the table's rows.
    let recording = healthy();
    let table = events_table(&recording.run);
    assert_eq!(recording.frame(recording.len()).events.len(), table.lines().count() - 1);
}
