//! Properties of the model on arbitrary input: it never panics, its revision counts exactly its
//! writes and removes, and the same scenario always gives the same trace.
#![cfg(not(target_arch = "wasm32"))] // native: these spawn processes or use proptest

mod support;

use cplab::model::{Op, Scenario};
use cplab::output::result_json;
use proptest::prelude::*;
use support::{scenario, Rng};

fn run_twice(text: &str) -> Option<(String, String)> {
    let s = Scenario::from_json(text).ok()?;
    let a = s.simulate().ok()?;
    let b = s.simulate().ok()?;
    let store = a.plane.store();
    let writes = store.trace().iter().filter(|t| t.op != Op::Read).count() as u64;
    assert_eq!(store.revision(), writes, "revision counts every write and remove: {text}");
    assert!(a.plane.rounds() >= 1 && a.plane.rounds() <= s.max_rounds);
    Some((result_json(&a), result_json(&b)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Generated scenarios (any seed): no panic, revision = writes, deterministic.
    #[test]
    fn generated_scenarios_hold_the_invariants(seed in any::<u64>()) {
        let value = scenario(&mut Rng::new(seed));
        let doc = value.to_string();
        // The typed fast path and the checking path read the same scenario.
        prop_assert_eq!(Scenario::from_json(&doc).ok(), Scenario::from_value(&value, "").ok());
        let (a, b) = run_twice(&doc).expect("generated scenarios are valid");
        prop_assert_eq!(a, b);
    }

    /// Arbitrary request sequences against the lesson's state, keys and values drawn wide.
    #[test]
    fn arbitrary_requests_never_panic(
        reqs in proptest::collection::vec(
            (prop_oneof!["service/[a-c]{0,2}", "copy/[a-c]{0,2}-[0-9x.]{0,3}", "node/m[0-9]", ".{0,6}"],
             prop_oneof![
                Just(serde_json::Value::Null),
                (0u32..9).prop_map(|d| serde_json::json!({"desired": d})),
                ("[a-c]{0,2}", prop::option::of("(node/)?m[0-9]|"), prop_oneof!["pending", "running", "dead"])
                    .prop_map(|(s, n, st)| serde_json::json!({"service": s, "node": n, "status": st})),
                (0u32..5, prop_oneof!["alive", "dead"]).prop_map(|(c, h)| serde_json::json!({"capacity": c, "health": h})),
             ]),
            0..12),
        down in prop::option::of(prop_oneof!["API server", "state store", "scheduler", "controller manager", "node agents"]),
        max_rounds in 1u32..12,
    ) {
        let requests: Vec<_> = reqs.into_iter().map(|(k, v)| serde_json::json!({"key": k, "value": v})).collect();
        let doc = serde_json::json!({"requests": requests, "down": down, "max_rounds": max_rounds}).to_string();
        // Some drawn values do not fit their key's prefix: those are parse errors, never panics.
        if let Some((a, b)) = run_twice(&doc) {
            prop_assert_eq!(a, b);
        }
    }

    /// Any text at all: an error or a result, never a panic.
    #[test]
    fn any_text_parses_or_errors(text in ".{0,200}") {
        let _ = Scenario::from_json(&text).map(|s| s.simulate());
    }
}
