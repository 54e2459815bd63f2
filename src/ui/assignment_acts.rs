//! What the assignment panel's buttons do: Run (blocked while a prediction cannot be read, asked
//! first with blanks), the lock (the record saved, the runs opened where the answers show, the
//! course page and the LMS told) and another attempt. In the assignment page's build they run in
//! its later module (`later::act`): none of it is needed before the student's first prediction.

use super::assignment_panel::{answers_open, Panel};
use super::files;
use crate::messages::fill;
use crate::teaching::attempts::tries_left;
use crate::teaching::marking::{blanks, mark_in, unreadable};
use crate::teaching::report::{storage_key, Attempt};
use leptos::prelude::*;
use std::rc::Rc;

/// A button of the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Run: lock the predictions (after the checks).
    Run,
    /// Lock with blanks, confirmed.
    Lock,
    /// Another attempt.
    StartOver,
}

impl Panel {
    /// Does what the button `act` asks.
    pub(super) fn act(self, act: Act) {
        match act {
            Act::Run => self.run(),
            Act::Lock => self.lock(),
            Act::StartOver => self.start_over(),
        }
    }

    /// Run: blocked while a prediction cannot be read; with blanks, asked first; else locked.
    fn run(self) {
        let Panel { lab, loaded, work, .. } = self;
        let l = loaded.get_value();
        let marked = mark_in(&l.items, &work.predictions.get_untracked(), lab.t);
        let bad = unreadable(&marked).map(|m| m.item.label_in(work.t, work.a)).collect::<Vec<_>>();
        if !bad.is_empty() {
            work.blocked.set(Some(fill(work.a.run_blocked, &[("items", &bad.join(", "))])));
            return;
        }
        let blank = blanks(&marked);
        if blank > 0 {
            self.confirm_blank.set(Some(blank));
            return;
        }
        self.lock();
    }

    /// Locks the predictions, and tells the course page and the LMS.
    fn lock(self) {
        let Panel { lab, loaded, work, lms, host, confirm_blank } = self;
        let l = loaded.get_value();
        let typed = work.predictions.get_untracked();
        confirm_blank.set(None);
        work.blocked.set(None);
        work.locked.set(true);
        work.save(&l.text);
        // Answers shown after the lock: the runs open up. Otherwise they stay sealed, and while
        // a retry is open too, so the next attempt cannot copy what this one would show.
        let open = answers_open(&l, &work.attempts.get_untracked());
        if open {
            lab.seal(None);
        }
        let marked = mark_in(&l.items, &typed, lab.t);
        host.with_value(|host| {
            if let Some(host) = host {
                let id = storage_key(&l.text).replace("cplab/assignment/", "control-plane-lab:");
                host.post(&crate::teaching::embed::result_message(
                    &id,
                    &l.assignment.title,
                    &marked,
                    &work.student.get_untracked(),
                    open,
                ));
            }
        });
        // The host and the LMS get the answers only when the page shows them (`scorm_rte::results`).
        if let Some(lms) = lms {
            lms.report(&marked, open);
        }
        // The run the student predicted, at its start, ready to watch (the reveal offers it).
        if l.assignment.asks_about_its_run() && open {
            lab.show_given();
        }
        // The score and the misses under it come into view together (the form above is done).
        super::helpers::bring_into_view("reveal".to_string(), None);
    }

    /// Another attempt, when the assignment allows one: the locked predictions are kept in the
    /// record (and the report), the runs are sealed again, and what was typed stays to be changed.
    fn start_over(self) {
        let Panel { lab, loaded, work, .. } = self;
        let l = loaded.get_value();
        // Another tab may have started over (or locked again) since this one last heard: the
        // tries left are counted over every tab's attempts.
        work.catch_up(&l.text);
        if !work.locked.get_untracked() {
            // It had: this tab is unlocked now, and sealed as the other.
            lab.seal(Some(Rc::new(l.assignment.clone())));
            return;
        }
        if tries_left(l.assignment.retries, &work.attempts.get_untracked()) == 0 {
            return;
        }
        let ended = Attempt { predictions: work.predictions.get_untracked(), ended_at: files::now_iso() };
        work.attempts.update(|a| a.push(ended));
        work.locked.set(false);
        lab.seal(Some(Rc::new(l.assignment.clone())));
        work.save(&l.text);
    }
}
