//! The audit log panel's table on the page `?kube=1` (issue 32): the texts of reading a real
//! cluster's log and of downloading the run as one. Apart from [`super::KubeMessages`], so the
//! panel's words stay in one place.

messages! {
    /// The texts of the kube page's audit log panel, in one language.
    AuditMessages {
        /// The panel's heading.
        title,
        /// What the panel does: `{limit}` is the largest log the page reads.
        hint,
        /// The file input's label.
        file_label,
        /// The paste box's label.
        paste_label,
        /// The button that plays the pasted lines.
        paste_run,
        /// While the lines are read: `{name}` the file, `{progress}` the counts so far.
        reading,
        /// While the `{requests}` requests of `{name}` are put in order: pass `{pass}` of `{passes}`.
        ordering,
        /// The log playing: `{name}`, `{requests}` requests, `{played}` of the journey,
        /// `{background}` the background's counts.
        playing,
        /// Lines not loaded: `{n}`.
        bad_count,
        /// More bad lines than the list names: `{n}`.
        bad_more,
        /// The button back to the simulated run.
        close,
        /// What a log cannot show on this page.
        not_in_log,
        /// A file that could not be read: `{why}`.
        unreadable,
        /// The bodies of the request at the cursor: heading.
        bodies_title,
        /// The box that shows a Secret's bodies (the log read again).
        secrets,
        /// The narration before the first request of a log.
        narrate_start,
        /// The narration of a request: `{ms}`, `{component}`, `{verb}`, `{key}`, `{code}`.
        narrate_step,
        /// The narration at the end of a log: `{steps}` requests, `{ms}` ms.
        narrate_end,
        /// The download button.
        export,
        /// What the download is.
        export_hint,
        /// While the page's worker writes the log.
        export_writing,
        /// The log could not be written: `{why}`.
        export_failed,
        /// The name of a pasted log.
        pasted,
    }
}
