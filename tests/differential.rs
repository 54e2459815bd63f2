//! The model against the lesson's own JavaScript, run under node on generated scenarios: the same
//! trace, rounds, revision, final store (in order) and responses, scenario by scenario.
#![cfg(not(target_arch = "wasm32"))] // native: these spawn processes or use proptest

mod support;

use cplab::formats::run_json::result_json;
use cplab::formats::scenario_json;
use serde_json::Value;
use support::{lesson_js, scenario, Rng};

/// How many scenarios: 600 by default, more with CPLAB_DIFF_CASES.
fn cases() -> usize {
    std::env::var("CPLAB_DIFF_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(600)
}

#[test]
fn the_model_matches_the_lessons_js_on_generated_scenarios() {
    let mut rng = Rng::new(0x5a11_d695_33bf_8e0c);
    let scenarios: Vec<Value> = (0..cases()).map(|_| scenario(&mut rng)).collect();
    let js: Vec<Value> =
        serde_json::from_str(&lesson_js(&["run"], &Value::Array(scenarios.clone()).to_string()))
            .expect("JS output is JSON");
    assert_eq!(js.len(), scenarios.len());

    let mut downs = std::collections::BTreeMap::new();
    let (mut steps, mut nan_named) = (0, 0);
    for (i, (doc, expected)) in scenarios.iter().zip(&js).enumerate() {
        let text = doc.to_string();
        let scenario =
            scenario_json::parse(&text).unwrap_or_else(|e| panic!("scenario {i} did not parse: {e}\n{text}"));
        let outcome = scenario.simulate().expect("small scenarios stay under the step limit");
        let got: Value = serde_json::from_str(&result_json(&outcome)).expect("result is JSON");
        for field in ["trace", "rounds", "revision", "store", "responses"] {
            assert_eq!(
                got[field], expected[field],
                "scenario {i}: `{field}` differs from the lesson's JS\nscenario: {text}\nmodel: {}\nJS:    {}",
                got[field], expected[field]
            );
        }
        *downs.entry(doc.get("down").and_then(Value::as_str).unwrap_or("-").to_string()).or_insert(0) += 1;
        steps += outcome.plane.store().trace().len();
        nan_named += usize::from(text.contains("-x\"") && got.to_string().contains("-NaN"));
    }
    // The generator must really reach every corner it claims to.
    assert_eq!(downs.len(), 6, "every down component and the healthy run: {downs:?}");
    assert!(steps > scenarios.len() * 5, "runs are not trivially short ({steps} steps)");
    assert!(nan_named > 0, "some scenarios name copies NaN");
    eprintln!(
        "{} scenarios identical to the lesson's JS ({steps} trace steps); down: {downs:?}",
        scenarios.len()
    );
}

#[test]
fn the_lessons_printed_tables_come_out_of_its_own_js_and_equal_the_golden_files() {
    let golden = format!("{}{}", include_str!("golden/trace.txt"), include_str!("golden/matrix.txt"));
    assert_eq!(lesson_js(&["tables"], ""), golden);
}
