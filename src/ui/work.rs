//! The student's side of an assignment: what was typed, whether it is locked, earlier attempts,
//! and the record in the browser's storage they are saved to as they are typed. Two tabs on one
//! assignment keep every prediction: each save merges by field, and each tab follows the other.

use super::files;
use crate::messages::{fill, AssignmentMessages, Messages};
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
        if own.values().all(|v| v.trim().is_empty()) {
            self.predictions.set(shared);
        } else if own != shared {
            self.notice.set(Some(self.a.predictions_kept.into()));
        }
    }

    /// Saves one typed prediction. The stored record is read first and merged by field, so
    /// another tab's predictions for other items are kept (and shown here), never overwritten.
    pub fn save_field(&self, text: &str, id: &str, value: String) {
        let stored =
            files::load(&storage_key(text), self.a).ok().flatten().and_then(|s| parse_record(&s).ok());
        let theirs = stored.map(|r| r.predictions).unwrap_or_default();
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

    /// Follows another tab's change to this assignment's record: its predictions (and its lock)
    /// are taken, and the student is told.
    pub fn follow(&self, stored: &str) {
        let Ok(record) = parse_record(stored) else { return };
        let changed = record.predictions != self.predictions.get_untracked()
            || (record.locked && !self.locked.get_untracked());
        if !changed {
            return;
        }
        self.predictions.set(record.predictions);
        if record.locked {
            self.locked.set(true);
        }
        self.notice.set(Some(self.a.other_tab.to_string()));
    }

    pub fn save(&self, text: &str) {
        if !self.saving.get_untracked() {
            return;
        }
        let record = Record {
            version: RECORD_VERSION,
            predictions: self.predictions.get_untracked(),
            locked: self.locked.get_untracked(),
            saved_at: files::now_iso(),
            attempts: self.attempts.get_untracked(),
        };
        if let Err(why) = files::save(&storage_key(text), &record_json(&record), self.a) {
            self.saving.set(false);
            self.notice.set(Some(fill(self.a.save_failed, &[("why", &why)])));
        }
    }
}
