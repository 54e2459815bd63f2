//! The scenario format's watch mode (beyond the lesson): `"mode": "list" | "watch"` for every
//! component that reads, or an object naming a mode per component, and `watch_expired`, the rounds
//! at whose start the watch history expired. Absent, a run is the lesson's list mode.

use super::json::{err, kind, quoted, shown, string, whole, InputError};
use super::limits::{MAX_EVENTS, MAX_ROUNDS};
use super::timeline_json::part;
use crate::messages::Problem;
use crate::model::watch::READERS;
use crate::model::{PartSet, WatchPlan};
use serde_json::Value as Json;

/// `mode` and `watch_expired` (either may be absent); `at` is the scenario's own path.
pub fn parse(mode: Option<&Json>, expired: Option<&Json>, at: &str) -> Result<WatchPlan, InputError> {
    let parts = match mode {
        None => PartSet::NONE,
        Some(v) => parts(v, &super::json::join(at, "mode"))?,
    };
    let mut plan = WatchPlan { parts, expired: Vec::new() };
    if let Some(v) = expired {
        let at = super::json::join(at, "watch_expired");
        if !plan.is_watching() {
            return err(&at, Problem::of(|a| a.e_expired_without_watch));
        }
        let Json::Array(items) = v else {
            return err(&at, Problem::of(|a| a.e_not_rounds).with_text("kind", kind(v)));
        };
        if items.len() > MAX_EVENTS {
            let problem = Problem::of(|a| a.e_too_many_events).with("n", items.len()).with("max", MAX_EVENTS);
            return err(&at, problem);
        }
        for (i, item) in items.iter().enumerate() {
            plan.expired.push(whole(item, &format!("{at}[{i}]"), 1, u64::from(MAX_ROUNDS))? as u32);
        }
    }
    Ok(plan)
}

/// The components that watch: every reader for `"watch"`, none for `"list"`, or those an
/// object names `"watch"`.
fn parts(v: &Json, at: &str) -> Result<PartSet, InputError> {
    match v {
        Json::String(_) => Ok(if watches(v, at)? { READERS.into_iter().collect() } else { PartSet::NONE }),
        Json::Object(obj) => {
            let mut parts = PartSet::NONE;
            for (name, mode) in obj {
                let here = format!("{at}[{}]", quoted(name));
                let p = part(&Json::String(name.clone()), &here)?;
                if !READERS.contains(&p) {
                    return err(&here, Problem::of(|a| a.e_mode_not_reader).with("found", p.name()));
                }
                if watches(mode, &here)? {
                    parts = parts.with(p);
                }
            }
            Ok(parts)
        }
        other => err(at, Problem::of(|a| a.e_not_mode).with_text("kind", kind(other))),
    }
}

/// Whether one mode's name is watch (list: no).
fn watches(v: &Json, at: &str) -> Result<bool, InputError> {
    let Json::String(name) = v else {
        return err(at, Problem::of(|a| a.e_not_mode).with_text("kind", kind(v)));
    };
    match name.as_str() {
        "list" => Ok(false),
        "watch" => Ok(true),
        _ => err(at, Problem::of(|a| a.e_unknown_mode).with("found", shown(string(v, at)?))),
    }
}
