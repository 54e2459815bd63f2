//! The assignment reader of a bounded lab (`formats::assignment_within`, issue 29): a starting
//! state past the browser's key limit is refused at its first key too many, the work counted in
//! keys met, never timed; within the limit it reads as `parse` reads it.

use cplab::formats::assignment_json::parse;
use cplab::formats::assignment_within::{read_counted, Unread};
use cplab::messages::EN_ASSIGNMENTS;
use cplab::model::TraceLimit;
use cplab::playback::LIMITS;

/// An assignment whose scenario starts with `copies` copies (and one service and node), and
/// `more` fields of its scenario after `initial`.
fn copies(copies: usize, more: &str) -> String {
    let entries: Vec<String> = (0..copies)
        .map(|i| format!(r#""copy/c-{i}":{{"service":"c","node":"m","status":"running"}}"#))
        .collect();
    let node = r#""service/c":{"desired":1},"node/m":{"capacity":100,"health":"alive"}"#;
    format!(
        r#"{{"version":1,"title":"Keys","predict":["steps"],"scenario":{{"initial":{{{node},{}}}{more}}}}}"#,
        entries.join(",")
    )
}

/// Read within the browser's key limit.
fn read(text: &str) -> (Result<cplab::formats::assignment::Assignment, Unread>, usize) {
    read_counted(text, LIMITS.keys)
}

#[test]
fn five_thousand_keys_are_refused_at_the_first_key_past_the_limit() {
    // 5,002 keys given; the reader meets 1,001 of them and stops at the last.
    let (result, met) = read(&copies(5000, ""));
    assert_eq!(result.unwrap_err(), Unread::Store(LIMITS.keys));
    assert_eq!(met, LIMITS.keys + 1);
    // The refusal is the one the run gives when the document is read whole, and it names the
    // limit.
    let whole = parse(&copies(5000, "")).unwrap().answer_key_within(LIMITS).unwrap_err();
    assert_eq!(whole, TraceLimit::Keys(LIMITS.keys));
    let said = EN_ASSIGNMENTS.step_limit(&TraceLimit::Keys(LIMITS.keys));
    assert!(said.contains(&format!("past {} keys", LIMITS.keys)), "{said}");
}

#[test]
fn within_the_limit_a_document_reads_as_parse_reads_it() {
    // 998 copies, a service and a node: exactly the most a run may start with.
    let text = copies(LIMITS.keys - 2, "");
    let (result, met) = read(&text);
    assert_eq!(result.unwrap(), parse(&text).unwrap());
    assert_eq!(met, LIMITS.keys);
    // One more is past it, for the reader as for the run.
    let over = copies(LIMITS.keys - 1, "");
    assert_eq!(read(&over), (Err(Unread::Store(LIMITS.keys)), LIMITS.keys + 1));
    assert_eq!(parse(&over).unwrap().answer_key_within(LIMITS), Err(TraceLimit::Keys(LIMITS.keys)));
}

#[test]
fn only_the_starting_state_is_bounded() {
    // Bounded at one key: the starting state has one, and the request's value, an object of
    // three fields, is not the starting state.
    let text = r#"{"version":1,"title":"t","predict":["steps"],"scenario":{"initial":{"node/m":{"capacity":4,"health":"alive"}},"requests":[{"key":"copy/c-1","value":{"service":"c","node":"m","status":"running"}}]}}"#;
    let (result, met) = read_counted(text, 1);
    assert_eq!(result.unwrap(), parse(text).unwrap());
    assert_eq!(met, 1);
}

#[test]
fn changes_that_may_remove_keys_read_the_document_whole() {
    // 1,001 keys less one removed: 1000, within the limit, and read as parse reads it.
    let text = copies(LIMITS.keys - 1, r#","changes":{"copy/c-0":null}"#);
    assert_eq!(read(&text).0.unwrap(), parse(&text).unwrap());
    assert_eq!(parse(&text).unwrap().scenario.initial.len(), LIMITS.keys);
    // The same, with the name spelled with an escape.
    let escaped = copies(LIMITS.keys - 1, r#","ch\u0061nges":{"copy/c-0":null}"#);
    assert_eq!(read(&escaped).0.unwrap(), parse(&text).unwrap());
}

#[test]
fn a_broken_document_is_named_as_parse_names_it_up_to_where_the_reader_stops() {
    // A key given twice before the reader stops.
    let text = copies(5000, "").replace(r#""version":1"#, r#""version":1,"version":2"#);
    assert_eq!(read(&text).0.unwrap_err(), Unread::Input(parse(&text).unwrap_err()));
    // Cut within the limit: not JSON.
    let short = copies(500, "");
    let cut = &short[..short.len() / 2];
    assert_eq!(read(cut).0.unwrap_err(), Unread::Input(parse(cut).unwrap_err()));
    // Cut past it: the reader stops before the cut, and the document is past the limit.
    let long = copies(5000, "");
    let cut = &long[..long.len() / 2];
    assert!(parse(cut).is_err());
    assert_eq!(read(cut), (Err(Unread::Store(LIMITS.keys)), LIMITS.keys + 1));
}
