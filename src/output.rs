//! The JSON a run prints: `{"trace", "rounds", "revision", "store", "responses", "actual"}`.

use crate::model::Outcome;
use std::io::{self, Write};

/// Writes the result of a run as one line of JSON.
pub fn write_result(out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
    let store = outcome.plane.store();
    out.write_all(b"{\"trace\":[")?;
    for (i, t) in store.trace().iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "{{\"component\":\"{}\",\"op\":\"{}\",\"key\":", t.component.name(), t.op.as_str())?;
        serde_json::to_writer(&mut *out, &*t.key)?;
        write!(out, ",\"items\":{}}}", t.items)?;
    }
    write!(out, "],\"rounds\":{},\"revision\":{},\"store\":[", outcome.plane.rounds(), store.revision())?;
    for (i, (k, v)) in store.entries().enumerate() {
        out.write_all(if i > 0 { b",[" } else { b"[" })?;
        serde_json::to_writer(&mut *out, &**k)?;
        out.write_all(b",")?;
        serde_json::to_writer(&mut *out, &**v)?;
        out.write_all(b"]")?;
    }
    out.write_all(b"],\"responses\":")?;
    serde_json::to_writer(&mut *out, &outcome.responses)?;
    out.write_all(b",\"actual\":")?;
    let actual: Vec<&str> = store.actual().iter().map(|k| &**k).collect();
    serde_json::to_writer(&mut *out, &actual)?;
    out.write_all(b"}\n")
}

/// The result of a run as a JSON string.
pub fn result_json(outcome: &Outcome) -> String {
    let mut buf = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = write_result(&mut buf, outcome);
    String::from_utf8_lossy(&buf).into_owned()
}
