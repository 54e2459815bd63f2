//! Issue 32: a real cluster's audit log read into the trace a student follows. Each fixture of
//! `tests/fixtures/audit/` is read and rendered, and the text compared with its golden in
//! `tests/golden/audit/`; a difference fails (run with `UPDATE_GOLDEN=1` to accept one, then read
//! the diff).
#![cfg(not(target_arch = "wasm32"))] // native: reads fixture files

mod support;

use cplab::kube::audit::{
    parse_events, read_log, render, rows_of_events, write_log, AuditTrace, Body, Component, Controller,
    Level, LineErrorKind, NameSource, Op, ReadOptions, RequestRow, Stage, Tally, WriteOptions,
};

fn fixture(name: &str) -> Vec<u8> {
    let path = support::root().join("tests/fixtures/audit").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn golden(name: &str, text: &str) {
    let path = support::root().join(format!("tests/golden/audit/{name}.txt"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
        std::fs::write(&path, text).expect("written");
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(text, want, "{name}: the trace differs from {}", path.display());
}

fn read(name: &str) -> AuditTrace {
    read_log(&fixture(name), ReadOptions::default())
}

fn row<'a>(trace: &'a AuditTrace, verb: &str, key: &str) -> &'a RequestRow {
    trace.rows.iter().find(|r| r.verb == verb && r.key() == key).unwrap_or_else(|| panic!("no {verb} {key}"))
}

#[test]
fn the_nginx_apply_log_reads_to_its_golden_trace() {
    let trace = read("nginx-apply.jsonl");
    golden("nginx-apply", &render(&trace));
}

#[test]
fn hostile_lines_are_named_by_number_and_the_rest_loads() {
    let trace = read("hostile.jsonl");
    golden("hostile", &render(&trace));
}

#[test]
fn generate_name_creates_and_writes_read_to_their_golden_trace() {
    let trace = read("names-and-writes.jsonl");
    golden("names-and-writes", &render(&trace));
}
