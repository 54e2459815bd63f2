//! Helpers shared by the integration tests: a seeded scenario generator and the lesson's JS.
#![allow(dead_code)] // each test binary uses its own share of these helpers

use serde_json::{json, Map, Value};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// SplitMix64: a tiny deterministic generator, so every run tests the same scenarios.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

const SERVICES: [&str; 6] = ["collector", "verifier", "a", "a-b", "b", "x-1"];
const SUFFIXES: [&str; 10] = ["01", "1.5", "x", "", " 3", "1e1", "0x2", "-2", "b-1", "Infinity"];
const DOWN: [&str; 5] = ["API server", "state store", "scheduler", "controller manager", "node agents"];

fn copy_value(rng: &mut Rng, nodes: u64) -> Value {
    let service = if rng.chance(10) { "ghost" } else { rng.pick(&SERVICES) };
    let node = match rng.below(7) {
        0 | 1 => Value::Null,
        2 => json!(format!("m{}", 1 + rng.below(nodes.max(1) + 1))),
        3 | 4 => json!(format!("node/m{}", 1 + rng.below(nodes.max(1) + 1))),
        5 => json!("node/zz"),
        _ => json!(""),
    };
    let status = *rng.pick(&["pending", "running", "running", "dead"]);
    json!({"service": service, "node": node, "status": status})
}

fn copy_key(rng: &mut Rng) -> String {
    let name = if rng.chance(10) { "ghost" } else { rng.pick(&SERVICES) };
    let suffix =
        if rng.chance(12) { rng.pick(&SUFFIXES).to_string() } else { (1 + rng.below(12)).to_string() };
    format!("copy/{name}-{suffix}")
}

/// One scenario in the `cplab run` format, varied along every axis the model has.
pub fn scenario(rng: &mut Rng) -> Value {
    let mut doc = Map::new();
    let nodes = rng.below(6);
    let mut keys: Vec<String> = Vec::new();
    if !rng.chance(8) {
        let mut entries: Vec<(String, Value)> = Vec::new();
        for name in SERVICES {
            if rng.chance(45) {
                entries.push((format!("service/{name}"), json!({"desired": rng.below(7)})));
            }
        }
        for i in 1..=nodes {
            let health = if rng.chance(80) { "alive" } else { "dead" };
            entries.push((format!("node/m{i}"), json!({"capacity": rng.below(6), "health": health})));
        }
        for _ in 0..rng.below(13) {
            entries.push((copy_key(rng), copy_value(rng, nodes)));
        }
        // Shuffle: insertion order decides ties and scale-down victims.
        for i in (1..entries.len()).rev() {
            entries.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut initial = Map::new();
        for (k, v) in entries {
            keys.push(k.clone());
            initial.insert(k, v);
        }
        doc.insert("initial".into(), Value::Object(initial));
    } else {
        keys.extend(["copy/collector-1", "copy/verifier-2", "node/m1", "service/verifier"].map(String::from));
    }
    let mut requests = Vec::new();
    for _ in 0..rng.below(5) {
        let r = match rng.below(8) {
            0 | 1 => {
                json!({"key": format!("service/{}", rng.pick(&SERVICES)), "value": {"desired": rng.below(8)}})
            }
            2 => {
                let key =
                    if keys.is_empty() || rng.chance(20) { copy_key(rng) } else { rng.pick(&keys).clone() };
                json!({"key": key, "value": null})
            }
            3 => {
                let key =
                    if keys.is_empty() || rng.chance(30) { copy_key(rng) } else { rng.pick(&keys).clone() };
                if key.starts_with("copy/") {
                    json!({"key": key, "value": {"service": rng.pick(&SERVICES), "node": "m2", "status": "dead"}})
                } else {
                    json!({"key": key, "value": null})
                }
            }
            4 => json!({"key": format!("node/m{}", 1 + rng.below(7)),
                        "value": {"capacity": rng.below(5), "health": if rng.chance(70) { "alive" } else { "dead" }}}),
            5 => {
                json!({"key": *rng.pick(&["pods/x", "servicex/a", "", "Service/a", " copy/a-1"]), "value": {"desired": 1}})
            }
            6 => json!({"key": copy_key(rng), "value": copy_value(rng, nodes)}),
            _ => json!({"key": format!("service/{}", rng.pick(&SERVICES)), "value": null}),
        };
        requests.push(r);
    }
    if !requests.is_empty() || rng.chance(50) {
        doc.insert("requests".into(), Value::Array(requests));
    }
    if rng.chance(50) {
        doc.insert("down".into(), json!(rng.pick(&DOWN)));
    } else if rng.chance(30) {
        doc.insert("down".into(), Value::Null);
    }
    if rng.chance(60) {
        let max = if rng.chance(50) { 1 + rng.below(3) } else { 1 + rng.below(10) };
        doc.insert("max_rounds".into(), json!(max));
    }
    Value::Object(doc)
}

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Compares `text` with the golden file `tests/golden/{folder}/{name}.txt`, or writes it first when
/// `UPDATE_GOLDEN` is set (then read the diff: a golden change must be intended). The one place
/// every test binary's goldens are read and written.
pub fn golden(folder: &str, name: &str, text: &str) {
    let path = root().join(format!("tests/golden/{folder}/{name}.txt"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
        std::fs::write(&path, text).expect("written");
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(text, want, "{folder}/{name} differs from {}", path.display());
}

/// Runs `node tests/js/lesson.mjs ARGS` with `input` on stdin; panics with its stderr on failure.
pub fn lesson_js(args: &[&str], input: &str) -> String {
    use std::io::Write;
    let mut child = Command::new("node")
        .arg(root().join("tests/js/lesson.mjs"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node must be installed to run the lesson's JS (the differential tests need it)");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("node ran");
    writer.join().expect("writer").expect("stdin written");
    assert!(out.status.success(), "the lesson's JS failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Runs the `cplab` binary with `args` and `stdin`; its whole output.
#[allow(dead_code)] // each test file uses the helpers it needs
pub fn cplab(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cplab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cplab starts");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("stdin written");
    child.wait_with_output().expect("cplab ends")
}
