//! The explorer build's table: the texts only the page "List every round vs watch" shows (beyond
//! the lesson, issue 22). Apart from [`super::Messages`], so the plain lab carries none of them.

messages! {
    /// The texts only the explorer build shows, in one language.
    ExploreMessages {
        /// The language's code (the same as its [`super::Messages`]).
        lang,
        /// What separates groups of three digits in a large number.
        digit_group,
        /// The page's title and heading.
        title,
        /// What the page is, under its heading.
        intro,
        /// The link back to the plain lab.
        back,
        /// The informer: heading.
        informer_title,
        /// What an informer is.
        informer_what,
        /// Why watch mode's first round is longer than list mode's.
        informer_first,
        /// Why Kubernetes uses one.
        informer_why,
        /// Where these facts come from.
        informer_sources,
        /// The side-by-side view: heading.
        compare_title,
        /// What it shows.
        compare_hint,
        /// The run chooser's label.
        compare_run,
        /// A scale run's choice: collector to `{n}`.
        compare_scale,
        /// The idle round's sentence: round `{round}` reads `{list}` listing, `{watch}` watching.
        compare_idle,
        /// No idle round: the run did work in every round.
        compare_no_idle,
        /// The run could not be compared: `{why}`.
        compare_failed,
        /// The table's caption.
        compare_caption,
        /// Column: the round.
        col_round,
        /// Column: the component.
        col_part,
        /// Column group: list mode.
        list_mode,
        /// Column group: watch mode.
        watch_mode,
        /// Column: items listed.
        col_listed,
        /// Column: events delivered.
        col_events,
        /// Column: writes.
        col_writes,
        /// A round's row of totals.
        all_parts,
        /// Round 0: the requests.
        round_requests,
        /// The whole run's row.
        whole_run,
        /// The charts: heading.
        charts_title,
        /// What a bar is.
        charts_hint,
        /// A bar's label: round `{round}`, `{listed}` listed, `{events}` events.
        bar_label,
        /// The charts' axis.
        charts_axis,
        /// The scale explorer: heading.
        scale_title,
        /// What it shows.
        scale_hint,
        /// The slider's label.
        slider_label,
        /// What the slider says: `{items}` items.
        slider_value,
        /// The point under the slider: `{items}`, `{services}`, `{copies}`, `{nodes}`, `{list}`,
        /// `{watch}`, `{first}`.
        readout,
        /// One request at the slider's size: `{list}` read listing; watching `{reads}` read and
        /// `{events}` events, over `{rounds}` rounds.
        readout_request,
        /// The plot's x axis.
        x_axis,
        /// The plot's y axis.
        y_axis,
        /// Legend: list mode.
        legend_list,
        /// Legend: watch mode.
        legend_watch,
        /// Legend: list mode, one request.
        legend_list_request,
        /// Legend: watch mode, one request.
        legend_watch_request,
        /// The lesson's point: `{reads}` read by its idle round.
        lesson_point,
        /// The plot as a table: caption.
        table_caption,
        /// Column: items in the cluster.
        col_items,
        /// Column: list mode's idle round.
        col_list_idle,
        /// Column: watch mode's first round.
        col_watch_first,
        /// Column: watch mode's idle round.
        col_watch_idle,
        /// Column: list mode, one request.
        col_list_request,
        /// Column: watch mode, one request.
        col_watch_request,
        /// A size the model could not run: `{why}`.
        scale_failed,
        /// The model is running `{items}` items (off the page's main thread).
        computing,
    }
}

impl ExploreMessages {
    /// `n` with its digits in groups of three (100000 as 100,000 in English).
    pub fn number(&self, n: usize) -> String {
        let digits = n.to_string();
        let mut out = String::with_capacity(digits.len() + digits.len() / 3);
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push_str(self.digit_group);
            }
            out.push(c);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn large_numbers_are_grouped_by_three() {
        let t = &super::super::EN_EXPLORE;
        let said: Vec<String> = [0, 26, 999, 1_000, 21_666, 216_666, 1_000_000].map(|n| t.number(n)).into();
        assert_eq!(said, ["0", "26", "999", "1,000", "21,666", "216,666", "1,000,000"]);
    }
}
