//! The crate's layers, held by reading its sources: each top-level folder of `src/` may name only
//! the layers below it. The model names nothing outside itself; the UI may name everything.
#![cfg(not(target_arch = "wasm32"))] // native: reads the source tree

mod support;

use std::collections::BTreeSet;
use std::path::Path;

/// Which layers each layer may import (besides itself).
const ALLOWED: [(&str, &[&str]); 7] = [
    ("model", &[]),
    // The real control plane on a clock (issue 31) and its audit log (issue 32): standalone, it
    // names no other layer.
    ("kube", &[]),
    ("playback", &["model", "kube"]),
    ("messages", &["model"]),
    ("formats", &["model", "messages"]),
    ("teaching", &["model", "messages", "formats", "playback"]),
    ("ui", &["model", "kube", "messages", "formats", "playback", "teaching"]),
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every crate-level module a source text names: `crate::X`, and `crate::{X, Y}` groups.
fn named_layers(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in text.match_indices("crate::") {
        // `cplab::` paths in doc examples are not imports; only `crate::` is.
        let rest = &text[at + "crate::".len()..];
        let names: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => group.split('}').next().unwrap_or("").split(',').collect(),
            None => vec![rest],
        };
        for name in names {
            let name: String = name.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let src = support::root().join("src");
    let mut seen_layers = BTreeSet::new();
    for (layer, allowed) in ALLOWED {
        let mut files = Vec::new();
        rust_files(&src.join(layer), &mut files);
        assert!(!files.is_empty(), "src/{layer}/ holds the {layer} layer");
        for file in files {
            let text = std::fs::read_to_string(&file).expect("readable");
            for name in named_layers(&text) {
                assert!(
                    name == layer || allowed.contains(&name.as_str()),
                    "{} names crate::{name}: the {layer} layer may name only {allowed:?}",
                    file.strip_prefix(&src).unwrap_or(&file).display()
                );
            }
        }
        seen_layers.insert(layer);
    }
    // Every folder of src/ is a layer this test knows (besides the binaries).
    for entry in std::fs::read_dir(&src).expect("src") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
        if path.is_dir() && name != "bin" {
            assert!(seen_layers.contains(name.as_str()), "src/{name}/ is not in ALLOWED");
        }
    }
}

#[test]
fn the_reader_finds_what_it_must() {
    // The checker above is only as good as this reader: it must see plain paths and groups.
    let text = "use crate::model::Part;\nuse crate::{ui, formats::json};\nlet x = crate::messages::EN;";
    let names: Vec<String> = named_layers(text).into_iter().collect();
    assert_eq!(names, ["formats", "messages", "model", "ui"]);
}

#[test]
fn source_files_stay_readable_in_one_sitting() {
    let mut files = Vec::new();
    rust_files(&support::root().join("src"), &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable");
        let lines = text.lines().count();
        // About 400 lines; a longer file says why at its top.
        let excused = text.lines().take(12).any(|l| l.contains("Longer than"));
        assert!(lines <= 440 || excused, "{} has {lines} lines", file.display());
    }
}

/// The sibling modules a file of `src/formats/` names (`super::X`, `crate::formats::X`, and their
/// `{X, Y}` groups), in its code before its tests.
fn named_siblings(text: &str, siblings: &BTreeSet<String>) -> BTreeSet<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or(text);
    let mut found = BTreeSet::new();
    for prefix in ["super::", "crate::formats::"] {
        for (at, _) in code.match_indices(prefix) {
            let rest = &code[at + prefix.len()..];
            let names: Vec<&str> = match rest.strip_prefix('{') {
                Some(group) => group.split('}').next().unwrap_or("").split(',').collect(),
                None => vec![rest],
            };
            for name in names {
                let name: String =
                    name.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if siblings.contains(&name) {
                    found.insert(name);
                }
            }
        }
    }
    found
}

#[test]
fn the_formats_modules_import_one_another_in_no_circle() {
    // Issue 28: the limits and the values' readers in modules of their own ended a circle of
    // five (scenario_json, changes_json, mode_json, scenario_fast, timeline_json).
    let dir = support::root().join("src/formats");
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    let stem = |p: &Path| p.file_stem().and_then(|s| s.to_str()).unwrap_or("").to_string();
    let siblings: BTreeSet<String> = files.iter().map(|p| stem(p)).filter(|s| s != "mod").collect();
    assert!(siblings.contains("limits") && siblings.len() >= 10, "{siblings:?}");
    let imports: std::collections::BTreeMap<String, BTreeSet<String>> = files
        .iter()
        .filter(|p| stem(p) != "mod")
        .map(|p| {
            let names = named_siblings(&std::fs::read_to_string(p).expect("readable"), &siblings);
            (stem(p), names.into_iter().filter(|n| *n != stem(p)).collect())
        })
        .collect();
    assert!(imports["limits"].is_empty(), "formats/limits.rs names {:?}", imports["limits"]);
    assert!(imports["scenario_json"].contains("limits") && imports["timeline_json"].contains("value_json"));
    // Depth first: a module reached again while its own imports are being walked closes a circle.
    fn walk<'a>(
        at: &'a str,
        imports: &'a std::collections::BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) {
        if let Some(from) = path.iter().position(|&m| m == at) {
            panic!("formats/ modules import in a circle: {} -> {at}", path[from..].join(" -> "));
        }
        if !done.insert(at) {
            return;
        }
        path.push(at);
        for next in &imports[at] {
            walk(next, imports, path, done);
        }
        path.pop();
    }
    let mut done = BTreeSet::new();
    for module in imports.keys() {
        walk(module, &imports, &mut Vec::new(), &mut done);
    }
}
