//! Issue 32: a real cluster's audit log played like a simulated run (`playback::audit`): every
//! frame of each fixture's journey, and of the simulation's own `-o audit` log, against exact
//! goldens in `tests/golden/audit/play-*.txt`; the log's parts and six steps against the
//! simulation's own; one generic view code over both sources (`TracePlayback`).
#![cfg(not(target_arch = "wasm32"))] // native: reads fixture and golden files

mod support;

use cplab::kube::audit::write_log;
use cplab::kube::audit::WriteOptions;
use cplab::kube::audit::{read_log, Body, ReadOptions, Tally};
use cplab::kube::audit_log::{events_of_run, LogOptions};
use cplab::playback::audit::{part_of, said, stages, AuditRecording, Shown};
use cplab::playback::kube::KubeRecording;
use cplab::playback::played::{Revision, TracePlayback};

const DEPLOY: &str = include_str!("kube/deploy.yaml");

fn fixture(name: &str) -> Vec<u8> {
    let path = support::root().join("tests/fixtures/audit").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn recording(log: &[u8], shown: Shown) -> AuditRecording {
    AuditRecording::of(read_log(log, ReadOptions::default()), shown)
}

/// Every frame of `recording`, from 0 to its end, as text.
fn every_frame(recording: &AuditRecording) -> String {
    (0..=recording.len()).map(|c| format!("@{c} {}", said(&recording.frame(c)))).collect()
}

/// The simulation's `kubectl apply -f deploy.yaml` and its own audit log (Metadata).
fn simulated() -> (KubeRecording, Vec<u8>) {
    let sim = KubeRecording::of_manifest("deploy.yaml", DEPLOY, &[]).expect("runs");
    let events = events_of_run(&sim.run, LogOptions::default());
    let log = write_log(&events, WriteOptions::default()).expect("writes");
    (sim, log.into_bytes())
}

#[test]
fn each_fixture_plays_its_journey_frame_by_frame_as_its_golden_says() {
    for name in ["nginx-apply", "hostile", "names-and-writes", "heartbeats"] {
        let played = recording(&fixture(&format!("{name}.jsonl")), Shown::Journey);
        support::golden("audit", &format!("play-{name}"), &every_frame(&played));
    }
}

#[test]
fn the_simulations_own_log_plays_as_its_golden_says() {
    let (_, log) = simulated();
    support::golden("audit", "play-deploy-sim", &every_frame(&recording(&log, Shown::Journey)));
}

#[test]
fn the_journey_leaves_the_background_out_and_counts_it() {
    let log = fixture("nginx-apply.jsonl");
    let (journey, all) = (recording(&log, Shown::Journey), recording(&log, Shown::All));
    assert_eq!((journey.len(), all.len()), (20, 33));
    let (j, a) = (journey.frame(usize::MAX), all.frame(usize::MAX));
    // The same background so far at the end, whichever is played; the writes differ by its own.
    assert_eq!(j.background, a.background);
    assert_eq!((j.frame.writes, a.frame.writes), (15, 26));
    assert_eq!(j.background.background().writes, 11);
    // Reads: the one List at RequestResponse counts its 3 items; the rest are not recorded.
    assert_eq!((j.frame.reads.items, j.frame.reads.not_recorded), (3, 4));
    assert_eq!(j.frame.revision, Revision::NotInLog);
    // A lease renewal is played only when everything is: it acts, writes, and begins no step.
    let lease = (1..=all.len()).find(|&c| all.frame(c).key.as_deref() == Some("leases/kube-scheduler"));
    let lease = all.frame(lease.expect("a lease"));
    assert_eq!((lease.frame.acting.as_deref(), lease.frame.stage), (Some("kube-scheduler"), 0));
}

#[test]
fn a_log_names_the_simulations_parts_and_steps_for_each_request() {
    let (sim, log) = simulated();
    let trace = read_log(&log, ReadOptions::default());
    let steps = &sim.run.trace;
    let requests: Vec<usize> = (0..steps.len()).filter(|&i| steps[i].request.is_some()).collect();
    assert_eq!(trace.rows.len(), requests.len());
    let stages = stages(&trace.rows);
    for ((row, &i), &given) in trace.rows.iter().zip(&requests).zip(&stages) {
        let step = &steps[i];
        // kube-proxy's one service account does not say which node's it is.
        let part = if step.component.starts_with("kube-proxy/") { "kube-proxy" } else { &step.component };
        assert_eq!(part_of(&row.component), part, "{}", row.key());
        // A request that stores takes its store's step; any other its own.
        let stage = match steps.get(i + 1) {
            Some(next) if next.verb == "put" && row.writes == Tally::Counted(1) => next.stage,
            _ => step.stage,
        };
        assert_eq!(given, stage, "{} {} at {} ms", row.component, row.key(), step.at_ms);
    }
    // All six steps begin in the log as in the run.
    let played = AuditRecording::of(trace, Shown::Journey);
    assert_eq!(played.frame(usize::MAX).frame.stages_begun, [true; 6]);
    assert_eq!(sim.frame(usize::MAX).stages_begun, [true; 6]);
}

/// What a view does with either source: the parts that act, in order, and the writes at the end.
fn acting_parts<P: TracePlayback>(source: &P) -> (Vec<String>, u64, usize) {
    let mut parts: Vec<String> = Vec::new();
    for c in 1..=source.steps() {
        let frame = source.trace_frame(c);
        assert_eq!(frame.row.as_ref().map(Vec::len), Some(source.heads().len()));
        if let Some(p) = frame.acting.filter(|p| !parts.contains(p)) {
            parts.push(p);
        }
    }
    let end = source.trace_frame(usize::MAX);
    let rows = (0..).take_while(|&i| source.trace_row(i).is_some()).count();
    (parts, end.writes, rows)
}

#[test]
fn one_view_code_plays_the_run_and_its_log() {
    let (sim, log) = simulated();
    let played = recording(&log, Shown::All);
    let (sim_parts, sim_writes, sim_rows) = acting_parts(&sim);
    let (log_parts, log_writes, log_rows) = acting_parts(&played);
    // The run has kube-apiserver, etcd and the runtimes besides the log's senders; the log
    // has no step that is not a request.
    assert!(log_parts.iter().all(|p| sim_parts.contains(p) || p == "kube-proxy"), "{log_parts:?}");
    for part in ["kube-apiserver", "etcd", "runtime/node-1"] {
        assert!(sim_parts.iter().any(|p| p == part) && !log_parts.iter().any(|p| p == part), "{part}");
    }
    // Every write to etcd the run makes comes from a request the log holds.
    assert_eq!(sim_writes, log_writes);
    assert_eq!((sim_rows, log_rows), (sim.len(), played.len()));
    assert_eq!(sim.trace_frame(usize::MAX).revision, Revision::Known(sim.run.ledger.revision));
}

#[test]
fn bodies_are_shown_on_demand_and_a_secrets_only_when_asked() {
    let log = fixture("hostile.jsonl");
    let cursor_of = |r: &AuditRecording| {
        (1..=r.len()).find(|&c| r.frame(c).key.as_deref() == Some("secrets/db-password")).expect("the secret")
    };
    let hidden = recording(&log, Shown::Journey);
    let at = cursor_of(&hidden);
    assert_eq!(hidden.bodies(at), Some((&Body::Redacted, &Body::Redacted)));
    let shown = AuditRecording::of(
        read_log(&log, ReadOptions { show_secrets: true, ..ReadOptions::default() }),
        Shown::Journey,
    );
    let (request, response) = shown.bodies(at).expect("bodies");
    assert!(matches!(request, Body::Json(j) if j.contains("aHVudGVyMg==")), "{request:?}");
    assert!(matches!(response, Body::Json(j) if j.contains("db-password")), "{response:?}");
    assert_eq!(hidden.bodies(0), None);
}

/// `copies` of the nginx apply, each with its own auditIDs: a log past several checkpoints.
fn copies_of_nginx(copies: usize) -> Vec<u8> {
    let text = String::from_utf8(fixture("nginx-apply.jsonl")).expect("text");
    let mut out = String::new();
    for copy in 0..copies {
        for line in text.lines() {
            out.push_str(&line.replacen("\"auditID\":\"", &format!("\"auditID\":\"{copy}-"), 1));
            out.push('\n');
        }
    }
    out.into_bytes()
}

#[test]
fn a_frame_counted_from_its_checkpoint_is_the_frame_counted_from_the_start() {
    use cplab::kube::audit::{written, BackgroundCounts};
    use cplab::playback::audit::CHECKPOINT;
    for shown in [Shown::Journey, Shown::All] {
        let played = recording(&copies_of_nginx(150), shown);
        assert!(played.len() > 2 * CHECKPOINT, "{}", played.len());
        let rows = &played.trace.rows;
        let stages = stages(rows);
        let mut cursors: Vec<usize> = (0..=played.len()).step_by(97).collect();
        cursors.extend([CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 1, 2 * CHECKPOINT, played.len()]);
        for cursor in cursors {
            let frame = played.frame(cursor);
            let shown_rows: Vec<usize> = played.played[..cursor].to_vec();
            let writes: u64 = shown_rows.iter().map(|&i| written(rows[i].writes)).sum();
            let not_recorded = shown_rows.iter().filter(|&&i| rows[i].items == Tally::NotRecorded).count();
            let mut begun = [false; 6];
            for &i in &shown_rows {
                if let Some(b) = (stages[i] as usize).checked_sub(1).and_then(|s| begun.get_mut(s)) {
                    *b = true;
                }
            }
            let through = shown_rows.last().map_or(0, |&i| i + 1);
            assert_eq!(frame.frame.writes, writes, "{shown:?} @{cursor}");
            assert_eq!(frame.frame.reads.not_recorded, not_recorded as u64, "{shown:?} @{cursor}");
            assert_eq!(frame.frame.stages_begun, begun, "{shown:?} @{cursor}");
            assert_eq!(frame.background, BackgroundCounts::of(&rows[..through]), "{shown:?} @{cursor}");
        }
    }
}
