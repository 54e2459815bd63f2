//! The message tables' own tests: every language complete, templates filled by name, the
//! model's data said in words.

use super::*;

#[test]
fn templates_are_filled_by_name() {
    assert_eq!(fill("Step {step} of {total}", &[("total", &17), ("step", &8)]), "Step 8 of 17");
    assert_eq!(fill("{a}{a} {b}", &[("a", &"x"), ("b", &1)]), "xx 1");
    // Braces that are not a known placeholder stay, and values are not re-read as templates.
    assert_eq!(fill("{x} {", &[("y", &1)]), "{x} {");
    assert_eq!(fill("{a}", &[("a", &"{a}")]), "{a}");
    assert_eq!(placeholders("a {b} {c_d} {} {E}"), ["b", "c_d"]);
}

fn same_placeholders(lang: &str, english: Vec<(&str, &str)>, other: Vec<(&str, &str)>) {
    for ((name, en), (_, text)) in english.into_iter().zip(other) {
        assert!(!text.is_empty(), "{lang}: {name} is empty");
        let (mut want, mut have) = (placeholders(en), placeholders(text));
        want.sort_unstable();
        have.sort_unstable();
        assert_eq!(want, have, "{lang}: {name} has other placeholders than English");
    }
}

#[test]
fn every_language_has_every_text_with_the_english_placeholders() {
    assert_eq!(LANGUAGES.len(), ASSIGNMENT_LANGUAGES.len());
    for table in LANGUAGES {
        same_placeholders(table.lang, EN.entries(), table.entries());
        let assignments = assignment_texts(table);
        assert_eq!(assignments.lang, table.lang, "{}: no assignment texts", table.lang);
        same_placeholders(table.lang, EN_ASSIGNMENTS.entries(), assignments.entries());
        let checks = check_texts(table.lang);
        assert_eq!(checks.lang, table.lang, "{}: no warning texts", table.lang);
        same_placeholders(table.lang, EN_CHECK.entries(), checks.entries());
    }
}

#[test]
fn the_lessons_steps_are_narrated() {
    use crate::model::Scenario;
    let out = Scenario::lesson().simulate().unwrap();
    let trace = out.plane.store().trace();
    assert_eq!(
        EN.narrate(trace.get(7), 8, &17),
        "Step 8 of 17: scheduler writes copy/collector-4, node node/m1, pending"
    );
    assert_eq!(EN.narrate(trace.get(1), 2, &17), "Step 2 of 17: controller manager reads service/*, 2 items");
    assert!(EN.narrate(None, 0, &17).contains("17"));
}

#[test]
fn matrix_reasons_are_said_with_the_answer_that_came_back() {
    use crate::model::{matrix_run, reasons};
    let why = |down: Option<Part>| {
        let run = matrix_run(down.into()).unwrap();
        reasons(&run.row, &run.outcome.responses).iter().map(|r| EN.reason(r)).collect::<Vec<_>>()
    };
    let api = why(Some(Part::ApiServer));
    assert!(api[0].contains("never landed (API server unavailable)"), "{api:?}");
    assert!(api[1].contains("still counts it as running"), "{api:?}");
    assert!(why(Some(Part::StateStore))[0].contains("(state store unavailable)"));
    let sched = why(Some(Part::Scheduler));
    assert!(sched[0].contains("the scheduler is down and did not act to give them a node"), "{sched:?}");
    let cm = why(Some(Part::ControllerManager));
    assert!(cm[0].contains("the controller manager is down and did not act"), "{cm:?}");
    assert!(cm[1].contains("knows copy/collector-2 is dead"), "{cm:?}");
    assert!(why(Some(Part::NodeAgents))[0].contains("node agents are down and did not act to start them"));
}

#[test]
fn languages_are_found_by_code() {
    assert_eq!(for_lang("en").map(|m| m.lang), Some("en"));
    assert_eq!(for_lang("EN-gb").map(|m| m.lang), Some("en"));
    assert!(for_lang("fr").is_none());
    assert!(for_lang("").is_none());
}
