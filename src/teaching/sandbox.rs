//! The students' sandbox (issue 21): "try your own scenario", the workbench's scenario editor
//! without an assignment's parts (no questions, no answer key). Its scenario travels in the
//! address, so a link reopens it: `?workbench=1&sandbox=1&s=CODE`, CODE being the scenario's JSON in
//! base64url without padding, as an assignment travels in `?a=` ([`encode_link`]).

use super::report::{decode_link, encode_link};
use super::workbench::Draft;
use crate::formats::assignment::Quantity;
use crate::formats::json::{document, object};
use crate::messages::AssignmentMessages;
use crate::model::Scenario;
use serde_json::Value as Json;

/// The address's parameters that open the sandbox.
pub const SANDBOX_QUERY: &str = "?workbench=1&sandbox=1";

/// The sandbox's link for `scenario` on the lab at `base` (without a query): the lesson's own
/// scenario needs no code.
pub fn sandbox_link(base: &str, scenario: Option<&Json>) -> String {
    match scenario {
        Some(s) if Some(s) != Draft::default().scenario.as_ref() => {
            format!("{base}{SANDBOX_QUERY}&s={}", encode_link(&s.to_string()))
        }
        _ => format!("{base}{SANDBOX_QUERY}"),
    }
}

/// The draft the sandbox edits: `scenario` as written, with one count asked, so that the
/// format's reader checks the scenario (a draft that asks nothing stops at that); the sandbox
/// shows only the scenario's fields and their notes.
pub fn sandbox_draft(scenario: Option<Json>) -> Draft {
    Draft { title: "sandbox".into(), predict: vec![Quantity::Steps], scenario, ..Draft::default() }
}

/// Opens a sandbox link's code (the `s` parameter): a damaged code, text that is not JSON, or
/// JSON that is not an object is said in `a`'s language; a scenario with a bad field opens as
/// written, its fields' notes naming what is wrong.
pub fn open_sandbox(code: &str, a: &AssignmentMessages) -> Result<Draft, String> {
    let text = decode_link(code).map_err(|p| p.text(a))?;
    let doc = document(&text).map_err(|e| e.text(a))?;
    object(&doc, "scenario", |a| a.what_scenario).map_err(|e| e.text(a))?;
    Ok(sandbox_draft(Some(doc)))
}

/// The lab's link that runs `scenario` (the sandbox's, once it reads) on the lab at `base`:
/// `?s=CODE`, which the start sends to the assignments build, where it is the given run, with
/// nothing sealed, as no prediction is asked. The lesson's own scenario is the plain lab.
pub fn lab_link(base: &str, scenario: Option<&Json>) -> String {
    match scenario {
        Some(s) if Some(s) != Draft::default().scenario.as_ref() => {
            format!("{base}?s={}", encode_link(&s.to_string()))
        }
        _ => format!("{base}?"),
    }
}

/// The scenario a lab link's code (its `s` parameter) carries, read as `cplab run` reads one; what
/// is wrong (a damaged code, text that is not JSON, a bad field) said in `a`'s language.
pub fn linked_scenario(code: &str, a: &AssignmentMessages) -> Result<Scenario, String> {
    let text = decode_link(code).map_err(|p| p.text(a))?;
    let doc = document(&text).map_err(|e| e.text(a))?;
    crate::formats::scenario_json::from_value(&doc, "").map_err(|e| e.text(a))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::EN_ASSIGNMENTS;
    use crate::model::Limits;
    use crate::teaching::scenario_tables::{scenario_counts, set_request};
    use serde_json::json;

    const BASE: &str = "https://lab.example/cplab/";

    #[test]
    fn the_lessons_scenario_needs_no_code_and_another_reopens_as_written() {
        let lesson = sandbox_draft(Draft::default().scenario);
        assert_eq!(
            sandbox_link(BASE, lesson.scenario.as_ref()),
            "https://lab.example/cplab/?workbench=1&sandbox=1"
        );
        let mut d = lesson.clone();
        set_request(&mut d, 0, "service/collector", "7");
        let link = sandbox_link(BASE, d.scenario.as_ref());
        assert_eq!(
            link,
            "https://lab.example/cplab/?workbench=1&sandbox=1&s=eyJyZXF1ZXN0cyI6W3sia2V5Ijoic2VydmljZS9jb2xsZWN0b3IiLCJ2YWx1ZSI6eyJkZXNpcmVkIjo3fX1dfQ"
        );
        let code = link.split_once("&s=").map(|(_, c)| c).unwrap_or_default();
        let back = open_sandbox(code, &EN_ASSIGNMENTS).unwrap();
        assert_eq!(back, d);
        // sandbox.spec.mjs expects these counts.
        assert_eq!(scenario_counts(&d, Limits::MODEL, &EN_ASSIGNMENTS).unwrap(), "components visited 4   trace steps 23   store reads 60   store writes 13   revision 0 -> 13   round 2");
        assert_eq!(
            scenario_counts(&back, Limits::MODEL, &EN_ASSIGNMENTS).unwrap(),
            scenario_counts(&d, Limits::MODEL, &EN_ASSIGNMENTS).unwrap()
        );
    }

    #[test]
    fn the_lab_link_runs_the_sandboxs_scenario_as_cplab_run_reads_it() {
        let a = &EN_ASSIGNMENTS;
        let lesson = sandbox_draft(Draft::default().scenario);
        assert_eq!(lab_link(BASE, lesson.scenario.as_ref()), "https://lab.example/cplab/?");
        let mut d = lesson.clone();
        set_request(&mut d, 0, "service/collector", "7");
        let link = lab_link(BASE, d.scenario.as_ref());
        let code = link.split_once("?s=").map(|(_, c)| c).unwrap_or_default();
        let text = d.scenario.as_ref().map(|s| s.to_string()).unwrap_or_default();
        assert_eq!(linked_scenario(code, a), Ok(crate::formats::scenario_json::parse(&text).unwrap()));
        // The sandbox's own link carries the same code.
        assert!(sandbox_link(BASE, d.scenario.as_ref()).ends_with(&format!("&s={code}")));
        assert_eq!(linked_scenario("a", a), Err("the link's code is cut short or damaged".into()));
        let bad = encode_link(r#"{"requests": [{"key": "service/collector", "value": {"desired": -2}}]}"#);
        assert_eq!(
            linked_scenario(&bad, a),
            Err("requests[0].value.desired: must not be negative, found -2".into())
        );
        assert_eq!(
            linked_scenario(&encode_link("[]"), a),
            Err("must be a scenario object, found an array".into())
        );
    }

    #[test]
    fn a_bad_link_says_what_is_wrong() {
        let a = &EN_ASSIGNMENTS;
        let said = |code: &str| open_sandbox(code, a).unwrap_err();
        assert_eq!(said("ab!c"), "the link's code has a character that does not belong: '!'");
        assert_eq!(said("a"), "the link's code is cut short or damaged");
        assert_eq!(
            said(&encode_link("{\"requests\": [")),
            "invalid JSON: EOF while parsing a list at line 1 column 14"
        );
        assert_eq!(said(&encode_link("[1]")), "scenario: must be a scenario object, found an array");
        assert_eq!(
            said(&encode_link("{\"a\": 1, \"a\": 2}")),
            "key \"a\" is given twice; give each key once (JSON would keep only the last)"
        );
    }

    #[test]
    fn a_bad_field_opens_as_written_and_is_named_beside_it() {
        let written = json!({"requests": [{"key": "service/collector", "value": {"desired": "five"}}]});
        let d = open_sandbox(&encode_link(&written.to_string()), &EN_ASSIGNMENTS).unwrap();
        assert_eq!(d.scenario, Some(written));
        let notes = crate::teaching::workbench::diagnose(
            &d,
            Limits::MODEL,
            &EN_ASSIGNMENTS,
            &crate::messages::EN_WORKBENCH,
        )
        .notes;
        let errors: Vec<String> = notes
            .iter()
            .filter(|n| n.kind == crate::teaching::workbench::NoteKind::Error)
            .map(|n| format!("{:?} {}", n.section, n.text))
            .collect();
        assert_eq!(errors, ["Request(0) must be a whole number from 0 to 100000, found the text \"five\""]);
    }
}
