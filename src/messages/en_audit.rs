//! The kube page's audit log panel's texts in English.

use super::AuditMessages;

/// The kube page's audit log panel's texts in English.
pub static EN_AUDIT: AuditMessages = AuditMessages {
    title: "A real cluster's audit log",
    hint: "Drop a kube-apiserver audit log (JSON lines of audit.k8s.io/v1 events) anywhere on this page, choose its file, or paste it: its requests play on the diagram, trace and toolbar above instead of the simulated run. The page reads a log of up to {limit}; read a larger one with cplab kube audit FILE.",
    file_label: "Choose a log file",
    paste_label: "Or paste its lines",
    paste_run: "Play the pasted log",
    reading: "Reading {name}: {progress}",
    ordering: "Putting the {requests} requests of {name} in order: pass {pass} of {passes}",
    playing: "Playing {name}: {played} requests of the request's journey, of {requests} in the log; background: {background}.",
    bad_count: "Lines not loaded: {n} (the rest plays)",
    bad_more: "and {n} more, counted but not named",
    close: "Back to the simulated run",
    not_in_log: "A log does not hold etcd's revision, the events and pods tables or the pods on each node: those come from the simulation only. Parts cannot be taken down in a log: it records what happened.",
    unreadable: "The file could not be read: {why}",
    bodies_title: "The request's bodies",
    secrets: "Show a Secret's bodies too (reads the log again; withheld by default)",
    narrate_start: "The log is loaded: press Play or → to play its first request.",
    narrate_step: "At {ms} ms, {component}: {verb} {key} ({code})",
    narrate_end: "The log is over after {steps} requests, at {ms} ms.",
    export: "Download this run as an audit log",
    export_hint: "The simulated run as kube-apiserver would log it, at Metadata level (what cplab kube apply -o audit writes): drop it back here to play it.",
    export_writing: "Writing the log in the page's worker (it loads on first use)…",
    export_failed: "The log could not be written: {why}",
    pasted: "the pasted log",
};
