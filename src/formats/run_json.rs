//! The JSON a run prints: `{"trace", "rounds", "revision", "store", "responses", "actual",
//! "per_round"}`.
//!
//! Written by hand, in 64 KiB pieces: a scaled run prints megabytes, and building them in one
//! buffer cost more in fresh memory than the writing itself.

use crate::model::{Outcome, Totals, Value};
use std::io::{self, Write};

const CHUNK: usize = 64 << 10;

/// Writes the result of a run as one line of JSON.
pub fn write_result(out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
    let store = outcome.plane.store();
    let mut b = Vec::with_capacity(CHUNK + 4096);
    let flush = |b: &mut Vec<u8>, out: &mut dyn Write| -> io::Result<()> {
        if b.len() >= CHUNK {
            out.write_all(b)?;
            b.clear();
        }
        Ok(())
    };
    b.extend_from_slice(b"{\"trace\":[");
    for (i, t) in store.trace().iter().enumerate() {
        flush(&mut b, out)?;
        if i > 0 {
            b.push(b',');
        }
        b.extend_from_slice(b"{\"component\":\"");
        b.extend_from_slice(t.component.name().as_bytes());
        b.extend_from_slice(b"\",\"op\":\"");
        b.extend_from_slice(t.op.as_str().as_bytes());
        b.extend_from_slice(b"\",\"key\":");
        string(&mut b, &t.key);
        b.extend_from_slice(b",\"items\":");
        number(&mut b, t.items as u64);
        b.push(b'}');
    }
    b.extend_from_slice(b"],\"rounds\":");
    number(&mut b, u64::from(outcome.plane.rounds()));
    b.extend_from_slice(b",\"revision\":");
    number(&mut b, store.revision());
    b.extend_from_slice(b",\"store\":[");
    for (i, (k, v)) in store.entries().enumerate() {
        flush(&mut b, out)?;
        b.extend_from_slice(if i > 0 { b",[" } else { b"[" });
        string(&mut b, k);
        b.push(b',');
        value(&mut b, v);
        b.push(b']');
    }
    b.extend_from_slice(b"],\"responses\":[");
    for (i, r) in outcome.responses.iter().enumerate() {
        if i > 0 {
            b.push(b',');
        }
        string(&mut b, r.as_str());
    }
    b.extend_from_slice(b"],\"actual\":[");
    for (i, k) in store.actual().iter().enumerate() {
        flush(&mut b, out)?;
        if i > 0 {
            b.push(b',');
        }
        string(&mut b, k);
    }
    b.extend_from_slice(b"],\"per_round\":[");
    // Watch mode adds its events beside reads and writes; the lesson's list mode prints as it
    // always has.
    let events =
        store.is_watching().then(|| crate::model::watch::events_per_round(store, outcome.plane.rounds()));
    for (round, totals) in per_round(outcome).iter().enumerate() {
        if round > 0 {
            b.push(b',');
        }
        b.extend_from_slice(b"{\"round\":");
        number(&mut b, round as u64);
        b.extend_from_slice(b",\"reads\":");
        number(&mut b, totals.item_reads as u64);
        b.extend_from_slice(b",\"writes\":");
        number(&mut b, totals.writes as u64);
        if let Some(n) = events.as_ref().and_then(|e| e.get(round)) {
            b.extend_from_slice(b",\"events\":");
            number(&mut b, *n as u64);
        }
        b.push(b'}');
    }
    b.extend_from_slice(b"]}\n");
    out.write_all(&b)
}

/// Item reads and writes of each round, from round 0 (the requests before round 1) to the last
/// round run; a round with no step (everything it needed was down) counts zero.
/// The model's one split of a trace into rounds ([`crate::model::per_round`]).
pub fn per_round(outcome: &Outcome) -> Vec<Totals> {
    crate::model::per_round(outcome.plane.store().trace(), outcome.plane.rounds())
}

/// The result of a run as a JSON string.
pub fn result_json(outcome: &Outcome) -> String {
    let mut buf = Vec::new();
    // Writing into a Vec cannot fail, and only valid UTF-8 goes in.
    let _ = write_result(&mut buf, outcome);
    String::from_utf8_lossy(&buf).into_owned()
}

fn value(b: &mut Vec<u8>, v: &Value) {
    match v {
        Value::Service(s) => {
            b.extend_from_slice(b"{\"desired\":");
            number(b, u64::from(s.desired));
        }
        Value::Copy(c) => {
            b.extend_from_slice(b"{\"service\":");
            string(b, &c.service);
            b.extend_from_slice(b",\"node\":");
            match &c.node {
                Some(n) => string(b, n),
                None => b.extend_from_slice(b"null"),
            }
            b.extend_from_slice(b",\"status\":\"");
            b.extend_from_slice(c.status.as_str().as_bytes());
            b.push(b'"');
        }
        Value::Node(n) => {
            b.extend_from_slice(b"{\"capacity\":");
            number(b, u64::from(n.capacity));
            b.extend_from_slice(b",\"health\":\"");
            b.extend_from_slice(n.health.as_str().as_bytes());
            b.push(b'"');
        }
    }
    b.push(b'}');
}

fn number(b: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    b.extend_from_slice(&digits[i..]);
}

fn string(b: &mut Vec<u8>, s: &str) {
    // Most keys need no escaping; the rest go through the escaper.
    if s.bytes().all(|c| c >= 0x20 && c != b'"' && c != b'\\' && c < 0x7f) {
        b.push(b'"');
        b.extend_from_slice(s.as_bytes());
        b.push(b'"');
    } else {
        b.extend_from_slice(json_string(s).as_bytes());
    }
}

/// A JSON string literal for `s`, quotes included, escaped as serde_json escapes it. The lab's
/// messages to its host and its share links use it too, without a JSON library.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => {
                out.push_str("\\u");
                crate::formats::json::push_hex4(&mut out, u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_round_totals_split_the_lessons_run_at_its_rounds() {
        let outcome = crate::model::Scenario::lesson().simulate().unwrap();
        let rounds: Vec<(usize, usize)> =
            per_round(&outcome).iter().map(|t| (t.item_reads, t.writes)).collect();
        // The request (1 write), the round that closes the gap, the verification round.
        assert_eq!(rounds, [(0, 1), (24, 6), (26, 0)]);
        let json = result_json(&outcome);
        assert!(json.ends_with(
            r#""per_round":[{"round":0,"reads":0,"writes":1},{"round":1,"reads":24,"writes":6},{"round":2,"reads":26,"writes":0}]}
"#
        ), "{json}");
    }

    #[test]
    fn strings_are_escaped_and_numbers_printed() {
        let mut b = Vec::new();
        string(&mut b, "copy/a\"b\\c\n\u{7f}é");
        number(&mut b, 0);
        number(&mut b, 18_446_744_073_709_551_615);
        let s = String::from_utf8(b).unwrap();
        assert_eq!(s, "\"copy/a\\\"b\\\\c\\n\u{7f}é\"018446744073709551615");
        let back: String = serde_json::from_str(&s[..s.find('0').unwrap()]).unwrap();
        assert_eq!(back, "copy/a\"b\\c\n\u{7f}é");
    }

    #[test]
    fn strings_are_escaped_byte_for_byte_as_serde_json_escapes_them() {
        let every: String = (0u8..0x80).map(char::from).chain("é€\u{2028}😀".chars()).collect();
        assert_eq!(json_string(&every), serde_json::to_string(&every).unwrap());
    }
}
