//! The run as kubectl prints it: `kubectl get events --sort-by=.lastTimestamp`, `kubectl get
//! pods -o wide`, and the trace, each a pure function of a [`Run`] (what the CLI prints and the
//! page shows), in kubectl's table layout.

use super::objects::{Event, Object, Phase, Pod};
use super::run::Run;

/// Go's `text/tabwriter` as kubectl sets it up (cli-runtime `pkg/printers/tabwriter.go`:
/// minwidth 6, padding 3, spaces): each column but the last as wide as its widest cell plus 3,
/// at least 6.
pub fn tabwrite(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| rows.iter().filter_map(|r| r.get(c)).map(|s| s.chars().count()).max().unwrap_or(0))
        .map(|w| (w + 3).max(6))
        .collect();
    let mut out = String::new();
    for row in rows {
        for (c, cell) in row.iter().enumerate() {
            out.push_str(cell);
            if c + 1 < row.len() {
                let width = widths.get(c).copied().unwrap_or(0);
                out.push_str(&" ".repeat(width.saturating_sub(cell.chars().count())));
            }
        }
        out.push('\n');
    }
    out
}

/// Go's `time.Duration.String()` of whole milliseconds: `850ms`, `4.1s`, `1m2.5s`.
pub fn go_duration(ms: u64) -> String {
    if ms == 0 {
        return "0s".to_string();
    }
    if ms < 1000 {
        return format!("{ms}ms");
    }
    let (hours, minutes) = (ms / 3_600_000, ms / 60_000 % 60);
    let (seconds, millis) = (ms / 1000 % 60, ms % 1000);
    let mut text = String::new();
    if hours > 0 {
        text.push_str(&format!("{hours}h"));
    }
    if hours > 0 || minutes > 0 {
        text.push_str(&format!("{minutes}m"));
    }
    let fraction = format!("{millis:03}");
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() {
        text.push_str(&format!("{seconds}s"));
    } else {
        text.push_str(&format!("{seconds}.{fraction}s"));
    }
    text
}

/// apimachinery's `duration.HumanDuration` (`pkg/util/duration/duration.go`), of whole seconds:
/// what kubectl prints as AGE and LAST SEEN.
pub fn human_duration(seconds: u64) -> String {
    let (minutes, hours) = (seconds / 60, seconds / 3600);
    if seconds < 120 {
        format!("{seconds}s")
    } else if minutes < 10 {
        match seconds % 60 {
            0 => format!("{minutes}m"),
            s => format!("{minutes}m{s}s"),
        }
    } else if minutes < 180 {
        format!("{minutes}m")
    } else if hours < 8 {
        match minutes % 60 {
            0 => format!("{hours}h"),
            m => format!("{hours}h{m}m"),
        }
    } else if hours < 48 {
        format!("{hours}h")
    } else {
        format!("{}d", hours / 24)
    }
}

/// The age kubectl shows at `now_ms` of a timestamp kept to the second (metav1.Time), or to
/// the microsecond (`eventTime`, metav1.MicroTime).
fn age(now_ms: u64, at_ms: u64, whole_seconds: bool) -> String {
    let at = if whole_seconds { at_ms / 1000 * 1000 } else { at_ms };
    human_duration(now_ms.saturating_sub(at) / 1000)
}

/// The events in the order `--sort-by=.lastTimestamp` gives: events with no lastTimestamp
/// (events.k8s.io's Scheduled, FailedScheduling) first, then by lastTimestamp to the second;
/// ties keep the list's order (by name).
pub fn sorted_events(run: &Run) -> Vec<&Event> {
    let mut events: Vec<&Event> = run
        .ledger
        .objects
        .values()
        .filter_map(|o| if let Object::Event(e) = o { Some(e) } else { None })
        .collect();
    // None (no lastTimestamp) first, as `Option`'s order puts it.
    super::by_time::sort_by_time(&mut events, |e| e.last_ms.map_or(0, |t| t / 1000 + 1));
    events
}

/// `kubectl get events --sort-by=.lastTimestamp` at the end of the run.
pub fn events_table(run: &Run) -> String {
    let events = sorted_events(run);
    if events.is_empty() {
        return "No resources found in default namespace.\n".to_string();
    }
    let mut rows = vec![vec!["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"]
        .into_iter()
        .map(String::from)
        .collect()];
    for e in events {
        let seen = match e.last_ms {
            Some(t) => age(run.end_ms, t, true),
            None => age(run.end_ms, e.first_ms, false),
        };
        let object = format!("{}/{}", e.involved.0.kubectl_kind(), e.involved.1);
        rows.push(vec![seen, e.kind.to_string(), e.reason.to_string(), object, e.message.clone()]);
    }
    tabwrite(&rows)
}

/// The pods etcd holds, by name.
pub fn pods(run: &Run) -> Vec<&Pod> {
    run.ledger.objects.values().filter_map(|o| if let Object::Pod(p) = o { Some(p) } else { None }).collect()
}

/// kubectl's STATUS of a pod: the waiting reason, else the phase.
pub fn pod_status(pod: &Pod) -> &'static str {
    // kubectl prints Terminating for a pod with a deletionTimestamp (its printer's
    // `printPod`), whatever its phase.
    if pod.deleting {
        return "Terminating";
    }
    match (pod.waiting_reason, pod.phase) {
        (Some(reason), _) => reason,
        (None, Phase::Pending) => "Pending",
        (None, Phase::Running) => "Running",
    }
}

/// RESTARTS as kubectl prints it: the count, and how long ago the latest container ended once
/// one was started again (`printPod`, kubernetes `pkg/printers/internalversion/printers.go`:
/// `"%d (%s ago)"` from `lastState.terminated.finishedAt` when the count is not 0).
fn restarts(now_ms: u64, p: &Pod) -> String {
    match p.last_restart_ms {
        Some(at) if p.restarts != 0 => format!("{} ({} ago)", p.restarts, age(now_ms, at, true)),
        _ => p.restarts.to_string(),
    }
}

/// `kubectl get pods -o wide` at the end of the run.
pub fn pods_table(run: &Run) -> String {
    let pods = pods(run);
    if pods.is_empty() {
        return "No resources found in default namespace.\n".to_string();
    }
    let header =
        ["NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES"];
    let mut rows = vec![header.iter().map(|s| s.to_string()).collect::<Vec<_>>()];
    let none = || "<none>".to_string();
    for p in pods {
        rows.push(vec![
            p.meta.name.clone(),
            format!("{}/{}", p.ready_containers, p.containers.len()),
            pod_status(p).to_string(),
            restarts(run.end_ms, p),
            age(run.end_ms, p.meta.created_ms, true),
            p.pod_ip.clone().unwrap_or_else(none),
            p.node_name.clone().unwrap_or_else(none),
            none(),
            none(),
        ]);
    }
    tabwrite(&rows)
}

/// The trace, one step a line: time, component, verb, key, items, the counts so far, revision.
pub fn trace_table(run: &Run) -> String {
    let header =
        ["TIME(ms)", "STEP", "COMPONENT", "VERB", "KEY", "ITEMS", "READS", "WATCH", "WRITES", "REV", "NOTE"];
    let mut rows = vec![header.iter().map(|s| s.to_string()).collect::<Vec<_>>()];
    for s in &run.trace {
        let stage = if s.stage == 0 { "-".to_string() } else { s.stage.to_string() };
        let key = if s.key.is_empty() { "-".to_string() } else { s.key.clone() };
        rows.push(vec![
            s.at_ms.to_string(),
            stage,
            s.component.clone(),
            s.verb.to_string(),
            key,
            s.items.to_string(),
            s.totals.reads.to_string(),
            s.totals.watch_events.to_string(),
            s.totals.writes.to_string(),
            s.revision.to_string(),
            s.note.clone(),
        ]);
    }
    tabwrite(&rows)
}

/// What kubectl printed on stdout (its errors are [`kubectl_errors`]).
pub fn kubectl_output(run: &Run) -> String {
    run.kubectl.iter().filter(|l| !l.error).map(|l| format!("{}\n", l.text)).collect()
}

/// What kubectl printed on stderr.
pub fn kubectl_errors(run: &Run) -> String {
    run.kubectl.iter().filter(|l| l.error).map(|l| format!("{}\n", l.text)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_print_as_go_and_kubectl_print_them() {
        assert_eq!(go_duration(4100), "4.1s");
        assert_eq!(go_duration(850), "850ms");
        assert_eq!(go_duration(62_500), "1m2.5s");
        assert_eq!(human_duration(5), "5s");
        assert_eq!(human_duration(119), "119s");
        assert_eq!(human_duration(150), "2m30s");
        assert_eq!(human_duration(600), "10m");
        assert_eq!(human_duration(3 * 3600 + 60), "3h1m");
    }

    #[test]
    fn columns_pad_as_kubectl_pads_them() {
        let rows = vec![
            vec!["A".to_string(), "BB".to_string(), "C".to_string()],
            vec!["LONGER".into(), "x".into(), "y".into()],
        ];
        assert_eq!(tabwrite(&rows), "A        BB    C\nLONGER   x     y\n");
    }
}
