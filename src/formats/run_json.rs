//! The JSON a run prints: `{"trace", "rounds", "revision", "store", "responses", "actual",
//! "per_round"}`.
//!
//! Written by serde_json straight onto a 64 KiB [`BufWriter`]: a scaled run prints megabytes,
//! and they stream out piece by piece, never built in one buffer. (The plain lab in the browser
//! never writes this: serde_json stays out of its page.)

use crate::model::{Op, Outcome, Part, StateStore, Step, Totals};
use serde::{Serialize, Serializer};
use std::io::{self, BufWriter, Write};

const CHUNK: usize = 64 << 10;

/// Writes the result of a run as one line of JSON.
pub fn write_result(out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(CHUNK, out);
    serde_json::to_writer(&mut out, &Printed::of(outcome))?;
    out.write_all(b"\n")?;
    out.flush()
}

/// The result of a run as a JSON string.
pub fn result_json(outcome: &Outcome) -> String {
    let mut json = serde_json::to_string(&Printed::of(outcome)).unwrap_or_default();
    json.push('\n');
    json
}

/// Item reads and writes of each round, from round 0 (the requests before round 1) to the last
/// round run; a round with no step (everything it needed was down) counts zero.
/// The model's one split of a trace into rounds ([`crate::model::per_round`]).
pub fn per_round(outcome: &Outcome) -> Vec<Totals> {
    crate::model::per_round(outcome.plane.store().trace(), outcome.plane.rounds())
}

/// What a run prints, field by field in the printed order.
#[derive(Serialize)]
struct Printed<'a> {
    #[serde(serialize_with = "trace")]
    trace: &'a [Step],
    rounds: u32,
    revision: u64,
    #[serde(serialize_with = "entries")]
    store: &'a StateStore,
    responses: Vec<&'static str>,
    actual: Vec<&'a str>,
    per_round: Vec<Round>,
}

impl<'a> Printed<'a> {
    fn of(outcome: &'a Outcome) -> Printed<'a> {
        let store = outcome.plane.store();
        Printed {
            trace: store.trace(),
            rounds: outcome.plane.rounds(),
            revision: store.revision(),
            store,
            responses: outcome.responses.iter().map(|r| r.as_str()).collect(),
            actual: store.actual(),
            per_round: {
                // Watch mode adds its events beside reads and writes; the lesson's list mode
                // prints as it always has.
                let events = store
                    .is_watching()
                    .then(|| crate::model::watch::events_per_round(store, outcome.plane.rounds()));
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
            },
        }
    }
}

/// A step of the trace as printed: its value and round stay out.
#[derive(Serialize)]
struct PrintedStep<'a> {
    component: Part,
    op: Op,
    key: &'a str,
    items: usize,
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

fn trace<S: Serializer>(trace: &&[Step], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(trace.iter().map(|t| PrintedStep {
        component: t.component,
        op: t.op,
        key: &t.key,
        items: t.items,
    }))
}

/// The store's entries as `[key, value]` pairs, in the store's order.
fn entries<S: Serializer>(store: &&StateStore, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(store.entries())
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
