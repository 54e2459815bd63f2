//! The manifest reader (serde_norway through one erased deserializer, `manifest::yaml`) against
//! serde_norway's own `from_str`, one copy per type (`manifest::Direct`, native only): every
//! manifest and scenario under tests/kube and tests/scenarios, each of their lines cut or given
//! a hostile value, and hostile inputs (bad YAML, wrong types, unknown fields, tags, aliases,
//! huge numbers, deep nesting, 1 MB) give the same objects and the same errors, byte for byte,
//! with the same line and column; none panics. Counts of what the inputs reached (type errors,
//! YAML errors, the recursion and repetition limits...) show the hostile paths were taken.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::manifest::{documents, parse_manifests_with, yaml, Direct, Erased};
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::{Pod, Service};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::fmt::Debug;

/// A reader's result as text: the value's `Debug`, or the error with its location.
fn outcome<T: Debug>(result: Result<T, serde_norway::Error>) -> String {
    match result {
        Ok(value) => format!("ok {value:?}"),
        Err(err) => {
            let at = err.location().map(|l| (l.line(), l.column(), l.index()));
            format!("err {err} @ {at:?}")
        }
    }
}

/// `T` read by both readers from `doc`: the same outcome, returned.
fn typed<T: DeserializeOwned + Debug>(doc: &str) -> String {
    let erased = outcome(yaml::from_str::<T>(doc));
    let direct = outcome(serde_norway::from_str::<T>(doc));
    assert_eq!(erased, direct, "{} read differently from:\n{doc}", std::any::type_name::<T>());
    erased
}

/// A type with a required field (k8s-openapi defaults its own: `missing field` comes from here).
#[derive(Debug, serde::Deserialize)]
#[allow(dead_code, non_snake_case)] // read only through `Debug`
struct Needs {
    apiVersion: String,
    kind: Option<String>,
    #[serde(default)]
    spec: BTreeMap<String, serde_json::Value>,
}

/// What the inputs reached, by kind of outcome.
#[derive(Default)]
struct Reached(BTreeMap<&'static str, usize>);

/// Outcome kinds worth counting, by a phrase of serde_norway's or libyaml's messages.
const KINDS: [&str; 12] = [
    "ok ",
    "invalid type",
    "invalid value",
    "missing field",
    "duplicate",
    "recursion limit exceeded",
    "repetition limit exceeded",
    "unknown anchor",
    "more than one document",
    "did not find expected",
    "found character that cannot start any token",
    "invalid length",
];

impl Reached {
    fn note(&mut self, outcome: &str) {
        for kind in KINDS {
            if outcome.contains(kind) {
                *self.0.entry(kind).or_default() += 1;
            }
        }
    }
}

/// Both readers on one input, as the CLI and the page read it and as each type reads it.
fn same(text: &str, reached: &mut Reached, wide: bool) {
    let erased = parse_manifests_with::<Erased>(text);
    let direct = parse_manifests_with::<Direct>(text);
    assert_eq!(erased, direct, "manifests read differently from:\n{text}");
    let whole = [(1, text.to_string())];
    let docs = documents(text);
    for (_, doc) in whole.iter().chain(docs.iter().take(4)) {
        reached.note(&typed::<Deployment>(doc));
        reached.note(&typed::<Service>(doc));
        reached.note(&typed::<serde_norway::Value>(doc));
        if wide {
            reached.note(&typed::<Pod>(doc));
            reached.note(&typed::<serde_json::Value>(doc));
            reached.note(&typed::<BTreeMap<String, Option<Vec<i64>>>>(doc));
            reached.note(&typed::<(String, u8, bool, f64, char)>(doc));
            reached.note(&typed::<Needs>(doc));
        }
    }
}

/// Every file under tests/kube and tests/scenarios, by name.
fn corpus() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for dir in ["tests/kube", "tests/scenarios"] {
        let mut names: Vec<_> =
            std::fs::read_dir(dir).expect(dir).map(|e| e.expect("entry").path()).collect();
        names.sort();
        for path in names {
            files.push((path.display().to_string(), std::fs::read_to_string(&path).expect("text")));
        }
    }
    files
}

#[test]
fn every_manifest_and_scenario_reads_the_same() {
    let mut reached = Reached::default();
    let files = corpus();
    assert!(files.len() >= 7, "the corpus: {}", files.len());
    for (_, text) in &files {
        same(text, &mut reached, true);
    }
    let all: String =
        files.iter().filter(|f| f.0.ends_with(".yaml")).map(|f| format!("{}---\n", f.1)).collect();
    same(&all, &mut reached, true);
    assert!(reached.0["ok "] >= 10, "{:?}", reached.0);
}

/// Values put in place of a line's own: wrong types, tags, aliases, huge and odd numbers.
const VALUES: [&str; 24] = [
    "three",
    "[1, 2]",
    "{a: 1}",
    "~",
    "",
    "-1",
    "1.5",
    "1e400",
    "99999999999999999999999",
    "-9223372036854775809",
    "0x7fffffff",
    "0o17",
    "+5",
    ".nan",
    "true",
    "!!str 5",
    "!!int x",
    "!foo 80",
    "*nowhere",
    "'quoted'",
    "\"\\u00e9\\t\"",
    "|\n      block",
    "&a [x]",
    "'unclosed",
];

#[test]
fn every_line_cut_or_given_a_hostile_value_reads_the_same() {
    let mut reached = Reached::default();
    let mut cases = 0;
    for (name, text) in corpus().into_iter().filter(|f| f.0.ends_with(".yaml")) {
        let lines: Vec<&str> = text.lines().collect();
        for i in 0..lines.len() {
            let mut variants = vec![
                with_line(&lines, i, None),
                with_line(
                    &lines,
                    i,
                    Some(&format!("{}\n{}", lines[i], indent_of(lines[i]) + "bogus: {x: [1]}")),
                ),
                with_line(&lines, i, Some(&format!(" {}", lines[i]))),
                with_line(&lines, i, Some(&format!("\t{}", lines[i]))),
            ];
            if let Some((key, _)) = lines[i].split_once(':') {
                variants.extend(VALUES.iter().map(|v| with_line(&lines, i, Some(&format!("{key}: {v}")))));
            }
            for variant in variants {
                same(&variant, &mut reached, false);
                cases += 1;
            }
        }
        assert!(cases > 0, "{name}");
    }
    assert!(cases >= 1000, "{cases} cases");
    let rare = ["missing field", "invalid length", "recursion limit exceeded", "repetition limit exceeded"];
    for kind in KINDS.iter().filter(|k| !rare.contains(k)) {
        assert!(reached.0.get(kind).copied().unwrap_or(0) > 0, "no {kind:?}: {:?}", reached.0);
    }
}

/// The lines with line `i` dropped or replaced.
fn with_line(lines: &[&str], i: usize, replacement: Option<&str>) -> String {
    let mut out = String::new();
    for (j, line) in lines.iter().enumerate() {
        match (j == i, replacement) {
            (true, None) => {}
            (true, Some(r)) => out.push_str(&format!("{r}\n")),
            (false, _) => out.push_str(&format!("{line}\n")),
        }
    }
    out
}

fn indent_of(line: &str) -> String {
    line.chars().take_while(|c| *c == ' ').collect()
}

/// Inputs no student should write, each reaching a different corner of the reader.
fn hostile() -> Vec<String> {
    let deploy = include_str!("kube/deploy.yaml");
    let service = include_str!("kube/service.yaml");
    let nested_flow = format!("{}  bogus: {}{}\n", deploy, "[".repeat(300), "]".repeat(300));
    let nested_labels = format!(
        "{}  labels: {}{}\n",
        deploy.replace("  labels:\n    app: web\n", ""),
        "{a: ".repeat(200),
        "}".repeat(200)
    );
    let nested_block: String = (0..150).map(|d| format!("{}k{d}:\n", " ".repeat(d * 2))).collect();
    let laughs = (1..9).fold("l0: &l0 [x, x, x, x, x, x, x, x, x]\n".to_string(), |acc, i| {
        let prev = format!("*l{}", i - 1);
        format!("{acc}l{i}: &l{i} [{}]\n", [prev.as_str(); 9].join(", "))
    });
    let big_annotation = deploy.replace(
        "metadata:\n  name: web\n",
        &format!("metadata:\n  name: web\n  annotations:\n    big: {}\n", "x".repeat(1 << 20)),
    );
    let mut inputs = vec![
        String::new(),
        "---\n".into(),
        "# only a comment\n".into(),
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n\tname: web\n".into(),
        "a: 'unclosed\n".into(),
        "a: [1, 2\n".into(),
        "a:\n  - b\n  c: d\n".into(),
        "@x\n".into(),
        "a: *nope\n".into(),
        "key: value: other\n".into(),
        "a: 1\n--- b: 2\n".into(),
        "a: 1\n...\nb: 2\n".into(),
        "%YAML 1.1\n---\napiVersion: v1\nkind: Service\n".into(),
        "\u{feff}apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n".into(),
        service.replace('\n', "\r\n"),
        deploy.replace("kind: Deployment", "kind: Deployment\nkind: Service"),
        deploy.replace("  name: web\n", "  name: web\n  name: other\n"),
        deploy.replace("replicas: 3", "\"replicas\": 3"),
        deploy.replace("replicas: 3", "replicas: 3\n  1: one\n  [a]: b\n  ? {c: d}\n  : e"),
        deploy.replace("replicas: 3", "replicas: !!int 3"),
        deploy.replace("replicas: 3", "replicas: !!float 3"),
        deploy.replace("replicas: 3", "replicas: 2147483648"),
        deploy.replace("  labels:\n    app: web\n", "  labels: !!map {app: web}\n"),
        deploy.replace("spec:\n  replicas", "spec: !Custom\n  replicas"),
        deploy.replace("image: nginx", "image: !!binary aGk="),
        deploy.replace(
            "image: nginx",
            "image: nginx\n        resources:\n          requests: {cpu: [1], memory: true}",
        ),
        deploy.replace(
            "image: nginx",
            "image: nginx\n        resources:\n          requests: {cpu: 0.5, memory: 1e3}",
        ),
        deploy.replace("image: nginx", "image: nginx\n        ports: [{containerPort: 80, protocol: 7}]"),
        deploy.replace(
            "selector:\n    matchLabels:\n      app: web",
            "selector: &sel\n    matchLabels:\n      app: web\n  other: *sel",
        ),
        deploy.replace("metadata:\n  name: web", "base: &b {name: web}\nmetadata:\n  <<: *b"),
        service.replace("targetPort: 80", "targetPort: http"),
        service.replace("targetPort: 80", "targetPort: !foo 80"),
        service.replace("targetPort: 80", "targetPort: [80]"),
        service.replace("port: 80", "port: \"80\""),
        service.replace("port: 80", "port: 65536"),
        "apiVersion: v1\nkind: Service\nspec: ~\n".into(),
        "apiVersion: v1\nkind: Service\nspec:\nmetadata:\n".into(),
        "apiVersion: [v1]\nkind: Service\n".into(),
        "apiVersion: v1\nkind: {a: b}\n".into(),
        "apiVersion: v1\nkind: Service\nmetadata: [1]\n".into(),
        "- apiVersion: v1\n".into(),
        "just a string\n".into(),
        "42\n".into(),
        nested_flow,
        nested_labels,
        nested_block,
        laughs.clone(),
        format!("{laughs}apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  labels: *l8\n"),
        big_annotation,
        "x".repeat(1 << 20),
        "a: b\n".repeat(1 << 18),
    ];
    inputs.extend((0u8..=127).map(|b| format!("a: {}b\n", b as char)));
    inputs
}

#[test]
fn hostile_inputs_read_the_same_and_reach_every_corner() {
    let mut reached = Reached::default();
    let inputs = hostile();
    for input in &inputs {
        same(input, &mut reached, input.len() < 4096);
    }
    for kind in KINDS {
        assert!(reached.0.get(kind).copied().unwrap_or(0) > 0, "no {kind:?}: {:?}", reached.0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_text_of_yaml_tokens_reads_the_same(parts in prop::collection::vec(prop::sample::select(vec![
        "apiVersion: ", "apps/v1", "v1", "kind: ", "Deployment", "Service", "metadata:", "name: ",
        "web", "spec:", "replicas: ", "3", "-1", "ports:", "- port: ", "targetPort: ", "\n", "\n  ",
        "\n    ", "- ", "[", "]", "{", "}", ", ", ": ", "&a ", "*a", "!!str ", "~", "'", "\"", "#",
        "---\n", "selector:", "app: ", "template:", "containers:", "image: ", "labels:", "\t",
    ]), 0..40)) {
        let text: String = parts.concat();
        same(&text, &mut Reached::default(), true);
    }
}
