//! The JSON a run prints: `{"trace", "rounds", "revision", "store", "responses", "actual",
//! "per_round"}`.
//!
//! Streamed out in 64 KiB pieces: a scaled run prints megabytes, never built in one buffer. The
//! three long arrays (the trace, the store, what actually runs) are laid out here, their names
//! as constants; every string, number and value goes through serde_json, except a string with
//! nothing to escape, which is copied as it is. The measured reason: serde_json scans each string
//! byte by byte and writes each field name as a string of its own, which made a scaled
//! `cplab run` (11,050 items, 4 MB of JSON) spend 60 of its 130 million instructions here; laid
//! out here it spends about 10 (tests below hold it byte for byte to serde_json's output).
//! (The plain lab in the browser never writes this: serde_json stays out of its page.)

use crate::model::{Outcome, Step, Totals, Value};
use serde::Serialize;
use std::io::{self, Write};

const CHUNK: usize = 64 << 10;

/// Writes the result of a run as one line of JSON.
pub fn write_result(out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
    let mut b = Pieces { out, buf: Vec::with_capacity(CHUNK + 4096) };
    let store = outcome.plane.store();
    b.raw(b"{\"trace\":[");
    for (i, step) in store.trace().iter().enumerate() {
        b.comma(i);
        b.step(step);
        b.flush_full()?;
    }
    b.raw(b"],\"rounds\":");
    b.json(&outcome.plane.rounds());
    b.raw(b",\"revision\":");
    b.json(&store.revision());
    b.raw(b",\"store\":[");
    for (i, (key, value)) in store.entries().enumerate() {
        b.comma(i);
        b.raw(b"[");
        b.string(key);
        b.raw(b",");
        b.value(value);
        b.raw(b"]");
        b.flush_full()?;
    }
    b.raw(b"],\"responses\":");
    b.json(&outcome.responses);
    b.raw(b",\"actual\":[");
    for (i, key) in outcome.plane.actual().into_iter().enumerate() {
        b.comma(i);
        b.string(key);
        b.flush_full()?;
    }
    b.raw(b"],\"per_round\":");
    b.json(&rounds(outcome));
    b.raw(b"}\n");
    b.out.write_all(&b.buf)?;
    b.out.flush()
}

/// The result of a run as a JSON string.
pub fn result_json(outcome: &Outcome) -> String {
    let mut buf = Vec::new();
    // Writing into a Vec cannot fail, and only valid UTF-8 goes in.
    let _ = write_result(&mut buf, outcome);
    String::from_utf8_lossy(&buf).into_owned()
}

/// Item reads and writes of each round, from round 0 (the requests before round 1) to the last
/// round run; a round with no step (everything it needed was down) counts zero.
/// The model's one split of a trace into rounds ([`crate::model::per_round`]).
pub fn per_round(outcome: &Outcome) -> Vec<Totals> {
    crate::model::per_round(outcome.plane.store().trace(), outcome.plane.rounds())
}

/// Each round as printed. Watch mode adds its events beside reads and writes; the lesson's list
/// mode prints as it always has.
fn rounds(outcome: &Outcome) -> Vec<Round> {
    let store = outcome.plane.store();
    let events =
        store.is_watching().then(|| crate::model::watch::events_per_round(store, outcome.plane.rounds()));
    per_round(outcome)
        .iter()
        .enumerate()
        .map(|(round, t)| Round {
            round,
            reads: t.item_reads,
            writes: t.writes,
            events: events.as_ref().map(|e| e.get(round).copied().unwrap_or(0)),
        })
        .collect()
}

#[derive(Serialize)]
struct Round {
    round: usize,
    reads: usize,
    writes: usize,
    /// Events delivered to watches, in watch mode only.
    #[serde(skip_serializing_if = "Option::is_none")]
    events: Option<usize>,
}

/// The output, gathered into pieces of [`CHUNK`] bytes.
struct Pieces<'a, W: Write> {
    out: &'a mut W,
    buf: Vec<u8>,
}

impl<W: Write> Pieces<'_, W> {
    fn raw(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    fn comma(&mut self, i: usize) {
        if i > 0 {
            self.buf.push(b',');
        }
    }

    /// Anything as serde_json writes it (into a `Vec`, which cannot fail).
    fn json(&mut self, v: &impl Serialize) {
        let _ = serde_json::to_writer(&mut self.buf, v);
    }

    /// A string as serde_json writes it: one with nothing to escape is copied as it is.
    fn string(&mut self, s: &str) {
        if !needs_escape(s.as_bytes()) {
            self.buf.reserve(s.len() + 2);
            self.buf.push(b'"');
            self.buf.extend_from_slice(s.as_bytes());
            self.buf.push(b'"');
        } else {
            self.json(&s);
        }
    }

    /// A step as printed: its value and round stay out.
    fn step(&mut self, step: &Step) {
        // The parts' names and the ops' words need no escaping (the test below holds them to it).
        self.raw(b"{\"component\":\"");
        self.raw(step.component.name().as_bytes());
        self.raw(b"\",\"op\":\"");
        self.raw(step.op.as_str().as_bytes());
        self.raw(b"\",\"key\":");
        self.string(&step.key);
        self.raw(b",\"items\":");
        self.json(&step.items);
        self.raw(b"}");
    }

    /// A value as its `Serialize` writes it, the strings of a copy (the most of a store) laid out
    /// here.
    fn value(&mut self, value: &Value) {
        let Value::Copy(copy) = value else { return self.json(value) };
        self.raw(b"{\"service\":");
        self.string(&copy.service);
        self.raw(b",\"node\":");
        match &copy.node {
            Some(node) => self.string(node),
            None => self.raw(b"null"),
        }
        // The status's word is its serde name (`rename_all = "lowercase"`), with nothing to escape:
        // written whole, not through serde_json (20,000 calls of 120 instructions on a scaled run).
        self.raw(b",\"status\":\"");
        self.raw(copy.status.as_str().as_bytes());
        self.raw(b"\"}");
    }

    /// Sends the pieces gathered once they fill one.
    fn flush_full(&mut self) -> io::Result<()> {
        if self.buf.len() >= CHUNK {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }
}

/// Whether `bytes` hold a byte JSON escapes (a control character, a quote, a backslash), tested
/// eight at a time: a word has a byte below 0x20 when `w - 0x20..20` borrows into a byte whose
/// top bit `w` did not have, and a byte equal to `c` when `w ^ c..c` has a zero byte. Exact as a
/// yes or no. Byte by byte, the test cost a scaled run's keys about 60 instructions each.
fn needs_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = |w: u64, n: u8| w.wrapping_sub(ONES * u64::from(n)) & !w & HIGH;
    let hit = |w: u64| {
        below(w, 0x20) | below(w ^ (ONES * u64::from(b'"')), 1) | below(w ^ (ONES * u64::from(b'\\')), 1)
    };
    // A word that cannot be read counts as a hit: serde_json then writes the string.
    let word =
        |at: usize| bytes.get(at..at + 8).and_then(|w| w.try_into().ok()).map_or(1, u64::from_le_bytes);
    let half =
        |at: usize| bytes.get(at..at + 4).and_then(|w| w.try_into().ok()).map_or(1, u32::from_le_bytes);
    let len = bytes.len();
    match len {
        0..4 => bytes.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\'),
        // Four to seven bytes (a node's key `node/m1`): the first four and the last four, which
        // may overlap, as one word; tested once instead of byte by byte.
        4..8 => hit(u64::from(half(0)) | u64::from(half(len - 4)) << 32) != 0,
        // Eight or more: the first word, the last (overlapping when the length is no multiple of
        // eight) and each word between; a key of up to 16 bytes, most of a scaled run's, is two.
        _ => {
            let mut found = hit(word(0)) | hit(word(len - 8));
            let mut at = 8;
            while at + 8 < len {
                found |= hit(word(at));
                at += 8;
            }
            found != 0
        }
    }
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

    fn laid_out(f: impl FnOnce(&mut Pieces<'_, Vec<u8>>)) -> String {
        let mut out = Vec::new();
        let mut b = Pieces { out: &mut out, buf: Vec::new() };
        f(&mut b);
        String::from_utf8(b.buf).unwrap()
    }

    #[test]
    fn strings_values_and_steps_are_laid_out_as_serde_json_writes_them() {
        use crate::model::{CopyRecord, Health, Node, Op, Part, Service, Status};
        let mut strings: Vec<String> = (0..=0x7fu8).map(|b| format!("a{}b", char::from(b))).collect();
        strings.extend(["", "copy/é😀-1", "\u{85}\u{2028}", &"x".repeat(200)].map(String::from));
        // Each byte that matters at every place of strings of one word, of words and some.
        for len in [3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 24, 25, 27] {
            for b in [0u8, 0x1f, b'"', b'\\', 0x20, b'!', b'#', b'[', b']', 0x7f] {
                for at in 0..len {
                    let mut s = vec![b'x'; len];
                    s[at] = b;
                    strings.push(String::from_utf8(s).unwrap());
                }
            }
        }
        strings.extend((0..27).map(|at| format!("{}é{}", "y".repeat(at), "z".repeat(27 - at))));
        for s in &strings {
            assert_eq!(laid_out(|b| b.string(s)), serde_json::to_string(s).unwrap(), "{s:?}");
        }
        let copy = |node: Option<&str>, status| {
            Value::Copy(CopyRecord { service: "a\"b\\\u{1}".into(), node: node.map(Into::into), status })
        };
        let values = [
            copy(None, Status::Pending),
            copy(Some("node/m\n1"), Status::Running),
            copy(Some(""), Status::Dead),
            Value::Service(Service { desired: 7 }),
            Value::Node(Node { capacity: 3, health: Health::Dead }),
        ];
        for v in &values {
            assert_eq!(laid_out(|b| b.value(v)), serde_json::to_string(v).unwrap());
        }
        for (component, op) in
            Part::ALL.into_iter().zip([Op::Read, Op::Write, Op::Remove].into_iter().cycle())
        {
            let step = Step { component, op, key: "k\"".into(), items: 12, value: None, round: 3 };
            let want = format!(
                r#"{{"component":{},"op":{},"key":"k\"","items":12}}"#,
                serde_json::to_string(&component).unwrap(),
                serde_json::to_string(&op).unwrap()
            );
            assert_eq!(laid_out(|b| b.step(&step)), want);
        }
    }

    #[test]
    fn written_and_returned_alike_in_the_printed_order() {
        let outcome = crate::model::Scenario::lesson().simulate().unwrap();
        let mut written = Vec::new();
        write_result(&mut written, &outcome).unwrap();
        let json = result_json(&outcome);
        assert_eq!(String::from_utf8(written).unwrap(), json);
        let fields: Vec<usize> = ["trace", "rounds", "revision", "store", "responses", "actual", "per_round"]
            .iter()
            .map(|f| json.find(&format!("\"{f}\":")).unwrap())
            .collect();
        assert!(fields.is_sorted(), "{json}");
        assert!(json.starts_with(
            r#"{"trace":[{"component":"API server","op":"write","key":"service/collector","items":1},"#
        ));
    }
}
