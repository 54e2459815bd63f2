//! Properties of the model on generated input that reaches it: it never panics, its revision
//! counts exactly its writes and removes, its per-round totals add up to the whole, and the same
//! scenario always gives the same trace; and whatever a file holds, no line the CLI prints carries
//! a control character. Every generator here is checked for how deep it reaches:
//! a test fails if too few of its cases get past parsing into the simulation.
#![cfg(not(target_arch = "wasm32"))] // native: proptest and the generators are native

mod support;

use cplab::formats::run_json::{per_round, result_json};
use cplab::formats::scenario_json;
use cplab::model::{Scenario, Totals};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{json, Value};
use support::{scenario, Rng};

/// Runs a parsed scenario twice and checks the invariants; returns the two results as JSON.
fn run_twice(s: &Scenario, text: &str) -> (String, String) {
    let a = s.simulate().expect("small scenarios stay under the step limit");
    let b = s.simulate().expect("and do so every time");
    let store = a.plane.store();
    let totals = Totals::of(store.trace());
    assert_eq!(store.revision(), totals.writes as u64, "revision counts every write and remove: {text}");
    let rounds = per_round(&a);
    assert_eq!(rounds.len() as u32, a.plane.rounds() + 1, "round 0 and every round run: {text}");
    let summed = rounds.iter().fold(Totals::default(), |t, r| Totals {
        item_reads: t.item_reads + r.item_reads,
        writes: t.writes + r.writes,
    });
    assert_eq!(summed, totals, "per-round totals add up to the run's: {text}");
    assert!(a.plane.rounds() >= 1 && a.plane.rounds() <= s.max_rounds, "{text}");
    (result_json(&a), result_json(&b))
}

/// Seeded scenarios varied along every axis the model has: all parse, and all hold.
#[test]
fn generated_scenarios_hold_the_invariants() {
    let mut rng = Rng::new(0x0c0f_fee5);
    for _ in 0..400 {
        let value = scenario(&mut rng);
        let doc = value.to_string();
        let parsed = scenario_json::parse(&doc)
            .unwrap_or_else(|e| panic!("generated scenarios are valid: {e}\n{doc}"));
        // The typed fast path and the checking path read the same scenario.
        assert_eq!(Ok(&parsed), scenario_json::from_value(&value, "").as_ref(), "{doc}");
        let (a, b) = run_twice(&parsed, &doc);
        assert_eq!(a, b, "deterministic: {doc}");
    }
}

/// A value that fits its key's prefix, drawn wide within the schema.
fn value_for(prefix: &'static str) -> BoxedStrategy<Value> {
    match prefix {
        "service/" => (0u32..9).prop_map(|d| json!({"desired": d})).boxed(),
        "copy/" => {
            ("[a-c]{0,2}", prop::option::of("(node/)?m[0-9]|"), prop_oneof!["pending", "running", "dead"])
                .prop_map(|(s, n, st)| json!({"service": s, "node": n, "status": st}))
                .boxed()
        }
        _ => (0u32..5, prop_oneof!["alive", "dead"])
            .prop_map(|(c, h)| json!({"capacity": c, "health": h}))
            .boxed(),
    }
}

/// A request: a key under a prefix with a value of that prefix's kind, or null to remove it; one
/// in eight is outside the schema (with a value of some kind), which the API server refuses.
fn request() -> impl Strategy<Value = Value> {
    let in_schema = prop_oneof![
        ("[a-c]{0,2}", prop::bool::ANY).prop_flat_map(|(name, remove)| {
            value_for("service/")
                .prop_map(move |v| (format!("service/{name}"), if remove { Value::Null } else { v }))
        }),
        ("[a-c]{0,2}-[0-9x.]{0,3}", prop::bool::weighted(0.2)).prop_flat_map(|(name, remove)| {
            value_for("copy/")
                .prop_map(move |v| (format!("copy/{name}"), if remove { Value::Null } else { v }))
        }),
        ("[0-9]", prop::bool::weighted(0.1)).prop_flat_map(|(n, remove)| {
            value_for("node/").prop_map(move |v| (format!("node/m{n}"), if remove { Value::Null } else { v }))
        }),
    ];
    let outside =
        ("(pods|Service|servicex)/[a-c]{0,2}|", prop_oneof![value_for("service/"), value_for("node/")]);
    prop_oneof![7 => in_schema, 1 => outside].prop_map(|(k, v)| json!({"key": k, "value": v}))
}

/// Request sequences against the lesson's state: every case parses and reaches the simulation.
#[test]
fn arbitrary_requests_reach_the_model_and_hold_the_invariants() {
    let cases = 400;
    let mut runner = TestRunner::new(Config { cases, ..Config::default() });
    let reached = std::cell::Cell::new(0u32);
    let down = prop::option::of(prop_oneof![
        Just("API server"),
        Just("state store"),
        Just("scheduler"),
        Just("controller manager"),
        Just("node agents"),
    ]);
    let strategy = (proptest::collection::vec(request(), 0..12), down, 1u32..12);
    runner
        .run(&strategy, |(requests, down, max_rounds)| {
            let doc = json!({"requests": requests, "down": down, "max_rounds": max_rounds}).to_string();
            let s = scenario_json::parse(&doc).map_err(|e| TestCaseError::fail(format!("{e}: {doc}")))?;
            reached.set(reached.get() + 1);
            let (a, b) = run_twice(&s, &doc);
            prop_assert_eq!(a, b);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(reached.get(), cases, "every generated case reaches the simulation");
}

/// One mutation of a JSON tree at a random place: a field dropped or renamed, a number made
/// negative, fractional, huge or a string, a string made a number or an unknown word, an object
/// made an array, a null put in. Returns whether anything changed.
fn mutate(v: &mut Value, rng: &mut Rng) -> bool {
    match v {
        Value::Object(map) if !map.is_empty() && rng.chance(70) => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = rng.pick(&keys).clone();
            match rng.below(6) {
                0 => map.remove(&key).is_some(),
                1 => {
                    let value = map.remove(&key).unwrap_or(Value::Null);
                    map.insert(format!("{key}x"), value);
                    true
                }
                _ => map.get_mut(&key).is_some_and(|child| mutate(child, rng)),
            }
        }
        Value::Array(items) if !items.is_empty() && rng.chance(70) => {
            let i = rng.below(items.len() as u64) as usize;
            if rng.chance(15) {
                items.remove(i);
                true
            } else {
                mutate(&mut items[i], rng)
            }
        }
        Value::Number(_) => {
            *v = rng
                .pick(&[json!(-1), json!(2.5), json!(1e9), json!("3"), json!(100_001), json!(0), json!(null)])
                .clone();
            true
        }
        Value::String(s) => {
            let choices = [json!(7), json!("lost"), json!(""), json!(null), json!(["x"]), json!("node/m9")];
            let replacement = rng.pick(&choices).clone();
            *v = if replacement == json!("") { json!(format!("{s}?")) } else { replacement };
            true
        }
        _ => {
            *v = rng.pick(&[json!([]), json!(null), json!({}), json!(true)]).clone();
            true
        }
    }
}

/// Valid documents, mutated: each is an error that names what is wrong, or a scenario that runs
/// and holds the invariants. A floor of each kind keeps the mutations honest.
#[test]
fn mutated_valid_documents_are_refused_by_name_or_run_cleanly() {
    let mut rng = Rng::new(0xfa11_0000_5eed);
    let lesson = json!({
        "initial": {"service/collector": {"desired": 3}, "copy/collector-1": {"service": "collector", "node": "m1", "status": "running"},
                    "node/m1": {"capacity": 4, "health": "alive"}},
        "requests": [{"key": "service/collector", "value": {"desired": 5}}, {"key": "copy/collector-1", "value": null}],
        "down": "scheduler",
        "max_rounds": 8
    });
    let (mut refused, mut ran) = (0, 0);
    for i in 0..1500 {
        let mut doc = if i % 3 == 0 { lesson.clone() } else { scenario(&mut rng) };
        for _ in 0..1 + rng.below(3) {
            mutate(&mut doc, &mut rng);
        }
        let text = doc.to_string();
        match scenario_json::parse(&text) {
            Err(e) => {
                let said = e.to_string();
                assert!(
                    !said.trim().is_empty() && !said.contains('\n'),
                    "one clear line: {said:?} for {text}"
                );
                refused += 1;
            }
            Ok(s) => {
                run_twice(&s, &text);
                ran += 1;
            }
        }
        // A document cut short anywhere is refused, never a panic.
        let cut = rng.below(text.len() as u64) as usize;
        if text.is_char_boundary(cut) && cut > 0 {
            assert!(scenario_json::parse(&text[..cut]).is_err(), "cut at {cut}: {text}");
        }
    }
    assert!(refused >= 300 && ran >= 300, "mutations reach both sides: {refused} refused, {ran} ran");
}

/// Text a hostile file might carry: control characters (C0, DEL, C1), a zero-width space, a
/// newline, quotes and backslashes, among plain letters.
fn hostile() -> impl Strategy<Value = String> {
    let odd = prop_oneof![
        prop::char::range('\u{0}', '\u{1f}'),
        Just('\u{7f}'),
        prop::char::range('\u{80}', '\u{9f}'),
        Just('\u{200b}'),
        Just('"'),
        Just('\\'),
    ];
    proptest::collection::vec(prop_oneof![2 => odd, 1 => prop::char::range('a', 'e')], 0..10)
        .prop_map(|chars| chars.into_iter().collect())
}

/// Runs `cplab` with `args` and `stdin`; its exit code, stdout and stderr.
fn cplab(args: &[&str], stdin: &str) -> (Option<i32>, Vec<u8>, Vec<u8>) {
    let o = support::cplab(args, stdin);
    (o.status.code(), o.stdout, o.stderr)
}

/// The first line of `out` that carries a control character (tab aside; DEL and C1 included),
/// if any.
fn line_with_control(out: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(out);
    text.split('\n')
        .find(|line| line.chars().any(|c| c != '\t' && c.is_control()))
        .map(|line| format!("{line:?}"))
}

/// Names, keys, titles and fields full of control characters, in every place a scenario or an
/// assignment echoes one (an unknown part, count, row, cell, quantity or field, a writers key, a
/// service, a title, a store key in a run's JSON): no line `cplab run`, `check` or `answer-key`
/// prints, on stdout or stderr, carries one raw.
#[test]
fn no_line_the_cli_prints_carries_a_control_character() {
    let cases = 96;
    let mut runner = TestRunner::new(Config { cases, ..Config::default() });
    let dir = std::env::temp_dir().join(format!("cplab-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (ran, refused, case) = (std::cell::Cell::new(0), std::cell::Cell::new(0), std::cell::Cell::new(0));
    runner
        .run(&(hostile(), 0usize..6, 0usize..9), |(h, s, a)| {
            let scenario = match s {
                0 => json!({"timeline": [{"round": 1, "down": h}]}),
                1 => json!({h.clone(): {}}),
                2 => json!({"initial": {h.clone(): {"desired": 1}}}),
                3 => json!({"down": [h]}),
                4 => json!({"timeline": [{"round": 1, "request": {"key": h, "value": null}}]}),
                _ => json!({"requests": [{"key": format!("copy/{h}"), "value": {"service": h, "node": h, "status": "running"}}]}),
            };
            let ask = match a {
                0 => json!({"ask": [{"writers": h}, {"service": h, "count": "actual"}]}),
                1 => json!({"ask": [{"round": 1, "count": h}]}),
                2 => json!({"matrix": {"rows": [h]}}),
                3 => json!({"matrix": {"cells": [h]}}),
                4 => json!({"predict": [h]}),
                5 => json!({"ask": [{"repair": h, "cell": "scale"}]}),
                6 => json!({"predict": ["steps"], "tolerance": {h.clone(): 1}}),
                7 => json!({"predict": ["steps"], h.clone(): 1}),
                _ => json!({"predict": ["steps"], "scenario": scenario.clone()}),
            };
            let mut assignment = json!({"version": 1, "title": format!("T{h}")});
            if let (Some(doc), Value::Object(rest)) = (assignment.as_object_mut(), ask) {
                doc.extend(rest);
            }
            case.set(case.get() + 1);
            let file = dir.join(format!("{}.json", case.get()));
            std::fs::write(&file, assignment.to_string()).expect("written");
            let file = file.to_str().expect("utf-8 path");
            for (args, stdin) in [
                (vec!["run", "-"], scenario.to_string()),
                (vec!["check", file], String::new()),
                (vec!["answer-key", file], String::new()),
            ] {
                let (code, out, err) = cplab(&args, &stdin);
                prop_assert!(code == Some(0) || code == Some(1), "{args:?} {stdin}: exit {code:?}");
                if code == Some(0) { ran.set(ran.get() + 1) } else { refused.set(refused.get() + 1) }
                for (name, bytes) in [("stdout", &out), ("stderr", &err)] {
                    let bad = line_with_control(bytes);
                    prop_assert!(bad.is_none(), "{args:?} {stdin} {}: {name} has {bad:?}", assignment);
                }
                if args[0] == "run" && code == Some(0) {
                    let parsed = serde_json::from_slice::<Value>(&out);
                    prop_assert!(parsed.is_ok(), "run prints JSON: {}", String::from_utf8_lossy(&out));
                }
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let _ = std::fs::remove_dir_all(&dir);
    // Both sides are reached: outputs that print (a run's JSON, an answer key) and refusals.
    assert!(ran.get() >= 20 && refused.get() >= 20, "{} ran, {} refused", ran.get(), refused.get());
}
