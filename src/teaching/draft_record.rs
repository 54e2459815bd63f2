//! The workbench's draft kept in the browser (issue 21): every field as typed, saved as the
//! teacher types and given back when the page is opened again, so a reload or a closed tab loses
//! nothing. The record is the draft itself, not the assignment file it writes: a tolerance typed
//! "abc" or a title not yet given is kept as it stands, where the file's reader would refuse it.

use super::workbench::{question_json, Draft};
use crate::formats::assignment::Quantity;
use crate::formats::question::parse_question;
use crate::formats::question::Cell;
use crate::formats::tables::{row_name, row_of_name};
use serde_json::{json, Value as Json};

/// Where the draft is kept in the browser's storage.
pub const DRAFT_KEY: &str = "cplab/workbench/draft";

/// Where a record that could not be read is set aside, so it is never overwritten unread.
pub const DRAFT_ASIDE_KEY: &str = "cplab/workbench/draft-unreadable";

/// The record's version: a record of a newer lab is not read (it may hold what this one drops).
const VERSION: u64 = 1;

/// The draft as its record.
pub fn draft_record(d: &Draft) -> String {
    json!({
        "version": VERSION,
        "title": d.title,
        "instructions": d.instructions,
        "scenario": d.scenario,
        "predict": d.predict.iter().map(|q| q.id()).collect::<Vec<_>>(),
        "rows": d.rows.iter().map(|&r| row_name(r)).collect::<Vec<_>>(),
        "cells": d.cells.iter().map(|c| c.id()).collect::<Vec<_>>(),
        "ask": d.ask.iter().map(question_json).collect::<Vec<_>>(),
        "tolerance": d.tolerance,
        "reveal": d.reveal,
        "retries": d.retries,
    })
    .to_string()
}

/// Why a record was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not a draft record of any version (damaged, or written by something else).
    Unreadable,
    /// A record of a newer lab.
    Newer(u64),
}

/// The draft a record holds.
pub fn read_draft_record(text: &str) -> Result<Draft, RecordError> {
    let doc: Json = serde_json::from_str(text).map_err(|_| RecordError::Unreadable)?;
    let version = doc.get("version").and_then(Json::as_u64).ok_or(RecordError::Unreadable)?;
    if version > VERSION {
        return Err(RecordError::Newer(version));
    }
    let text_of =
        |name: &str| doc.get(name).and_then(Json::as_str).map(String::from).ok_or(RecordError::Unreadable);
    let names = |name: &str| -> Result<Vec<&str>, RecordError> {
        let list = doc.get(name).and_then(Json::as_array).ok_or(RecordError::Unreadable)?;
        list.iter().map(|v| v.as_str().ok_or(RecordError::Unreadable)).collect()
    };
    let read = |name: &str, of: fn(&str) -> Option<()>| -> Result<Vec<&str>, RecordError> {
        let listed = names(name)?;
        listed.iter().all(|x| of(x).is_some()).then_some(listed).ok_or(RecordError::Unreadable)
    };
    let predict = read("predict", |x| Quantity::from_id(x).map(drop))?;
    let rows = read("rows", |x| row_of_name(x).map(drop))?;
    let cells = read("cells", |x| Cell::from_id(x).map(drop))?;
    let ask = doc.get("ask").and_then(Json::as_array).ok_or(RecordError::Unreadable)?;
    let ask = ask
        .iter()
        .enumerate()
        .map(|(i, q)| parse_question(q, &format!("ask[{i}]")).map_err(|_| RecordError::Unreadable));
    let tolerance = doc.get("tolerance").and_then(Json::as_array).ok_or(RecordError::Unreadable)?;
    let tolerance = tolerance.iter().map(|pair| match pair.as_array().map(Vec::as_slice) {
        Some([Json::String(k), Json::String(v)]) => Ok((k.clone(), v.clone())),
        _ => Err(RecordError::Unreadable),
    });
    let scenario = match doc.get("scenario") {
        None | Some(Json::Null) => None,
        Some(s) => Some(s.clone()),
    };
    Ok(Draft {
        title: text_of("title")?,
        instructions: text_of("instructions")?,
        scenario,
        predict: predict.into_iter().filter_map(Quantity::from_id).collect(),
        rows: rows.into_iter().filter_map(row_of_name).collect(),
        cells: cells.into_iter().filter_map(Cell::from_id).collect(),
        ask: ask.collect::<Result<_, _>>()?,
        tolerance: tolerance.collect::<Result<_, _>>()?,
        reveal: doc.get("reveal").and_then(Json::as_bool).ok_or(RecordError::Unreadable)?,
        retries: text_of("retries")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teaching::scenario_tables::set_request;

    #[test]
    fn every_field_comes_back_as_typed_even_what_the_file_would_refuse() {
        let mut d = Draft::open(include_str!("../../assignments/beyond-the-tables.json")).unwrap();
        d.title = "  ".into();
        d.set_tolerance("reads", "abc");
        d.retries = "-1".into();
        set_request(&mut d, 0, "service/collector", "five");
        d.set_row(crate::model::PartSet::NONE, true);
        let back = read_draft_record(&draft_record(&d)).unwrap();
        assert_eq!(back, d);
        // The lesson's own start, too: its scenario is the lesson's request.
        assert_eq!(read_draft_record(&draft_record(&Draft::default())).unwrap(), Draft::default());
        let none = Draft { scenario: None, ..Draft::default() };
        assert_eq!(read_draft_record(&draft_record(&none)).unwrap(), none);
    }

    #[test]
    fn a_damaged_or_newer_record_is_not_read() {
        let good = draft_record(&Draft::default());
        assert_eq!(read_draft_record("{"), Err(RecordError::Unreadable));
        assert_eq!(read_draft_record("[]"), Err(RecordError::Unreadable));
        assert_eq!(
            read_draft_record(&good.replace("\"version\":1", "\"version\":2")),
            Err(RecordError::Newer(2))
        );
        assert_eq!(
            read_draft_record(&good.replace("\"predict\":[]", "\"predict\":[\"pods\"]")),
            Err(RecordError::Unreadable)
        );
        assert_eq!(
            read_draft_record(&good.replace("\"reveal\":true", "\"reveal\":\"yes\"")),
            Err(RecordError::Unreadable)
        );
        assert_eq!(
            read_draft_record(&good.replace("\"ask\":[]", "\"ask\":[{\"round\":\"x\",\"count\":\"reads\"}]")),
            Err(RecordError::Unreadable)
        );
    }
}
