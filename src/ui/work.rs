//! The student's side of an assignment: what was typed, whether it is locked, earlier attempts,
//! and the record in the browser's storage they are saved to as they are typed. Two tabs on one
//! assignment keep every prediction and every attempt: each save merges with the stored record
//! (predictions by field, attempts by union, see `teaching::attempts`), and each tab follows the
//! other.

use super::files;
use crate::messages::{fill, AssignmentMessages, Messages};
use crate::teaching::attempts::merge_records;
use crate::teaching::report::{
    parse_record, record_json, storage_key, Attempt, Record, RecordError, RECORD_VERSION,
};
use leptos::prelude::*;
use std::collections::BTreeMap;

/// The student's side of an assignment.
#[derive(Clone, Copy)]
pub struct Work {
    /// What was typed, by item id.
    pub predictions: RwSignal<BTreeMap<String, String>>,
    /// Whether Run was pressed.
    pub locked: RwSignal<bool>,
    /// Attempts locked and then started over, oldest first.
    pub attempts: RwSignal<Vec<Attempt>>,
    /// The student's name or id, written into the report and the host's results.
    pub student: RwSignal<String>,
    /// Storage problems and other notices.
    pub notice: RwSignal<Option<String>>,
    /// Whether answers may be written to storage.
    pub saving: RwSignal<bool>,
    /// A message that blocks Run (entries that are not numbers).
    pub blocked: RwSignal<Option<String>>,
    /// Every text shown, in the page's language.
    pub t: &'static Messages,
    /// The assignment texts, in the same language.
    pub a: &'static AssignmentMessages,
}

impl Work {
    /// Restores saved work for `text`, or explains why it cannot.
    pub fn restore(text: &str, t: &'static Messages, a: &'static AssignmentMessages) -> Work {
        let work = Work {
            t,
            a,
            predictions: RwSignal::new(BTreeMap::new()),
            locked: RwSignal::new(false),
            attempts: RwSignal::new(Vec::new()),
            student: RwSignal::new(String::new()),
            notice: RwSignal::new(None),
            saving: RwSignal::new(true),
            blocked: RwSignal::new(None),
        };
        let key = storage_key(text);
        match files::load(&key, a) {
            Err(why) => {
                work.saving.set(false);
                work.notice.set(Some(fill(a.storage_page_only, &[("why", &why)])));
            }
            Ok(None) => {}
            Ok(Some(stored)) => match parse_record(&stored) {
                Ok(record) => {
                    work.predictions.set(record.predictions);
                    work.locked.set(record.locked);
                    work.attempts.set(record.attempts);
                    work.student.set(record.student);
                }
                Err(e @ RecordError::Newer(_)) => {
                    work.saving.set(false);
                    work.notice.set(Some(format!("{} {}", e.text(a), a.storage_lost)));
                }
                Err(e @ RecordError::Corrupt(_)) => {
                    let aside = format!("{key}/corrupt/{}", files::now_iso());
                    let saved = files::save(&aside, &stored, a);
                    let then = match &saved {
                        Ok(()) => fill(a.record_kept_aside, &[("key", &aside)]),
                        Err(why) => {
                            let not = fill(a.record_not_kept_aside, &[("why", why)]);
                            format!("{not} {}", a.storage_lost)
                        }
                    };
                    work.saving.set(saved.is_ok());
                    work.notice.set(Some(format!("{} {then}", e.text(a))));
                }
            },
        }
        work
    }

    /// Takes predictions from a share link, unless this browser already holds the student's own
    /// (those are never replaced).
    pub fn adopt(&self, shared: BTreeMap<String, String>) {
        let own = self.predictions.get_untracked();
        if own.values().all(|v| crate::teaching::marking::blank(v)) {
            self.predictions.set(shared);
        } else if own != shared {
            self.notice.set(Some(self.a.predictions_kept.into()));
        }
    }

    /// Saves one typed prediction. The stored record is read first and merged by field, so
    /// another tab's predictions for other items are kept (and shown here), never overwritten.
    pub fn save_field(&self, text: &str, id: &str, value: String) {
        let theirs = self.stored(text).map(|r| r.predictions).unwrap_or_default();
        self.predictions.update(|ours| {
            for (k, v) in theirs {
                if k != id {
                    ours.insert(k, v);
                }
            }
            ours.insert(id.to_string(), value);
        });
        self.save(text);
    }

    /// The record this tab holds.
    fn record(&self) -> Record {
        Record {
            version: RECORD_VERSION,
            predictions: self.predictions.get_untracked(),
            locked: self.locked.get_untracked(),
            saved_at: files::now_iso(),
            attempts: self.attempts.get_untracked(),
            student: self.student.get_untracked(),
        }
    }

    /// Saves the student's name or id as typed.
    pub fn save_student(&self, text: &str, value: String) {
        self.student.set(value);
        self.save(text);
    }

    /// The record another tab (or this one) last stored, if it can be read.
    fn stored(&self, text: &str) -> Option<Record> {
        files::load(&storage_key(text), self.a).ok().flatten().and_then(|s| parse_record(&s).ok())
    }

    /// Takes `record` as this tab's work; says whether anything changed.
    fn adopt_record(&self, record: Record) -> bool {
        let changed = record.predictions != self.predictions.get_untracked()
            || record.locked != self.locked.get_untracked()
            || record.attempts != self.attempts.get_untracked()
            || record.student != self.student.get_untracked();
        if changed {
            self.predictions.set(record.predictions);
            self.locked.set(record.locked);
            self.attempts.set(record.attempts);
            self.student.set(record.student);
        }
        changed
    }

    /// Catches up with the stored record before acting on the attempts (another tab may have
    /// locked or started over since its last storage event arrived).
    pub fn catch_up(&self, text: &str) {
        if let Some(stored) = self.stored(text) {
            self.adopt_record(merge_records(&self.record(), &stored));
        }
    }

    /// Follows another tab's change to this assignment's record: its predictions, its lock or
    /// start over and its attempts are merged with this tab's (no attempt of either is lost), and
    /// the student is told. When this tab holds an attempt the stored record lacks (two tabs
    /// wrote at once), the merged record is stored again.
    pub fn follow(&self, text: &str, stored: &str) {
        let Ok(stored) = parse_record(stored) else { return };
        let merged = merge_records(&self.record(), &stored);
        let lost = merged.attempts != stored.attempts;
        if self.adopt_record(merged) {
            self.notice.set(Some(self.a.other_tab.to_string()));
        }
        if lost {
            self.save(text);
        }
    }

    /// Stores this tab's work, merged with the stored record so that every attempt of every
    /// tab stays; this tab then shows the merged work.
    pub fn save(&self, text: &str) {
        if !self.saving.get_untracked() {
            return;
        }
        let record = match self.stored(text) {
            Some(stored) => merge_records(&stored, &self.record()),
            None => self.record(),
        };
        if let Err(why) = files::save(&storage_key(text), &record_json(&record), self.a) {
            self.saving.set(false);
            self.notice.set(Some(fill(self.a.save_failed, &[("why", &why)])));
        }
        self.adopt_record(record);
    }
}
