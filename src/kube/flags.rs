//! The words of `cplab kube apply`'s flags of issue 31 (`--down PART[@S[-B]]`, `--etcd N`,
//! `--replicas PART=N`), read by one set of functions: the CLI's argument parser calls them, and
//! so does the page `?kube=1` for its scenario fields, so a value the CLI refuses is refused on
//! the page in the same words.

use super::ha_plan::MAX_REPLICAS;
use super::scenario::{Fault, Part, Replicated, PARTS};

/// The parts that run as several replicas, as a message lists them.
const REPLICATED: &str = "kube-apiserver, kube-scheduler or kube-controller-manager";

/// A number of seconds (`20`, `1.5`): the value `text.parse::<f64>()` gives, if finite, read by
/// [`super::decimal`] (Rust's float parser and its tables stay out of the page).
pub fn seconds(text: &str) -> Result<f64, String> {
    super::decimal::finite(text).ok_or_else(|| format!("{text:?} is not a number of seconds"))
}

/// `--down`'s value: a part (`kube-scheduler/1`, `node/node-2`) down from the start, or from
/// `@SECONDS`, and back at `-SECONDS` after it (`etcd/1@20-40`: down at 20 s, back at 40 s;
/// `node/node-2@12-400`: a node back after its eviction, `kube::node_return`); the scenario's `up`.
pub fn parse_down(text: &str) -> Result<Fault, String> {
    let (part, down, up) = match text.split_once('@') {
        Some((part, at)) => match at.split_once('-') {
            // `@-1` would otherwise be read as down at "" and back at 1: the whole value is named.
            Some(("", _)) => {
                return Err(format!(
                    "{text:?}: a time of the run is never negative; PART@SECONDS or PART@DOWN-UP"
                ))
            }
            Some((_, "")) => {
                return Err(format!(
                    "{text:?}: no time after \"-\"; PART@DOWN-UP says when the part comes back"
                ))
            }
            Some((down, up)) => (part, seconds(down)?, Some(seconds(up)?)),
            None => (part, seconds(at)?, None),
        },
        None => (text, 0.0, None),
    };
    Part::parse(part).ok_or_else(|| format!("unknown part {part:?}: {PARTS}"))?;
    if up.is_some_and(|up| up <= down) {
        return Err(format!("{text:?}: PART@DOWN-UP comes back after it goes down"));
    }
    Ok(Fault { part: part.to_string(), down, up })
}

/// `--etcd`'s value: etcd's members, 1 to 7.
pub fn parse_members(text: &str) -> Result<u32, String> {
    let n = text.parse::<u32>().ok().filter(|n| (1..=MAX_REPLICAS).contains(n));
    n.ok_or_else(|| format!("{text:?}: etcd runs 1 to {MAX_REPLICAS} members"))
}

/// A number of replicas of a part, 1 to 7 (`text` is the whole `PART=N`, for the message).
pub fn replica_count(text: &str, n: &str) -> Result<u32, String> {
    let n = n.parse::<u32>().ok().filter(|n| (1..=MAX_REPLICAS).contains(n));
    n.ok_or_else(|| format!("{text:?}: a part runs 1 to {MAX_REPLICAS} replicas"))
}

/// `--replicas`' value: `PART=N`, PART one of the three replicated parts, N from 1 to 7.
pub fn parse_replicas(text: &str) -> Result<(Replicated, u32), String> {
    let (part, n) =
        text.split_once('=').ok_or_else(|| format!("{text:?}: PART=N, PART one of {REPLICATED}"))?;
    let part = Replicated::parse(part).ok_or_else(|| format!("{part:?}: {REPLICATED}"))?;
    Ok((part, replica_count(text, n)?))
}

/// A fault as `--down` writes it: `etcd/1@20`, `etcd/1@20-40`, `kube-scheduler/1` (from the
/// start).
pub fn down_flag(fault: &Fault) -> String {
    let number = super::scenario::seconds_text;
    match (fault.down, fault.up) {
        (0.0, None) => fault.part.clone(),
        (down, None) => format!("{}@{}", fault.part, number(down)),
        (down, Some(up)) => format!("{}@{}-{}", fault.part, number(down), number(up)),
    }
}
