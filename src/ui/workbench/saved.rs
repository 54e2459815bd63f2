//! The draft kept in this browser (`teaching::draft_record`): read back when the workbench opens,
//! written at every edit. Where the browser keeps nothing (storage blocked or full), the teacher
//! is told to download the file; a record that cannot be read is set aside, never overwritten.

use crate::messages::{fill, WorkbenchMessages, EN_ASSIGNMENTS};
use crate::teaching::draft_record::{
    draft_record, read_draft_record, RecordError, DRAFT_ASIDE_KEY, DRAFT_KEY,
};
use crate::teaching::workbench::Draft;
use crate::ui::files;

/// The draft to start from, and what to tell the teacher about it: the one kept in this browser
/// when there is one that reads, else a new one.
pub(crate) fn restored(w: &WorkbenchMessages) -> (Draft, Option<String>) {
    let a = &EN_ASSIGNMENTS;
    match files::load(DRAFT_KEY, a) {
        Ok(None) => (Draft::default(), None),
        Ok(Some(text)) => match read_draft_record(&text) {
            Ok(d) => (d, Some(w.draft_restored.to_string())),
            Err(RecordError::Newer(_)) => (Draft::default(), Some(w.draft_newer.to_string())),
            Err(RecordError::Unreadable) => {
                // Set aside, so the next save does not overwrite what could not be read.
                let _ = files::save(DRAFT_ASIDE_KEY, &text, a);
                (Draft::default(), Some(w.draft_unreadable.to_string()))
            }
        },
        Err(why) => (Draft::default(), Some(fill(w.draft_not_kept, &[("why", &why)]))),
    }
}

/// Keeps `draft` in this browser; why it could not, in the teacher's words.
pub(crate) fn keep(draft: &Draft, w: &WorkbenchMessages) -> Result<(), String> {
    files::save(DRAFT_KEY, &draft_record(draft), &EN_ASSIGNMENTS)
        .map_err(|why| fill(w.draft_not_kept, &[("why", &why)]))
}
