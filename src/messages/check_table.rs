//! The texts of `cplab check`'s warnings (what an assignment says that its teacher may not
//! mean): the CLI's and the teacher's workbench's, never a student's, so the assignment page
//! carries none of them.

messages! {
    /// The warnings of `cplab check`, in one language.
    CheckMessages {
        /// The language's code.
        lang,
        /// `initial` keeps `{kept}` of the lesson's `{of}` keys.
        w_partial_initial,
        /// A starting copy on node `{node}`, which the starting state does not have (`{key}`).
        w_copy_no_node,
        /// A starting copy of service `{service}`, which the starting state does not have (`{key}`).
        w_copy_no_service,
        /// A request whose key `{key}` is outside the schema.
        w_request_out_of_schema,
        /// A writers question about `{key}`, never written in the run.
        w_never_written,
        /// The same, `{key}` outside the schema (no prefix).
        w_never_written_schema,
        /// A round question about round `{round}`, past the run's last round `{last}`.
        w_round_past_end,
        /// A service question about `{service}`, which the run never holds (`{key}`).
        w_never_held,
        /// A tolerance that accepts every prediction from 0 to `{most}`, the answer `{answer}`.
        w_tolerance_guess,
        /// The same for the item `{item}` of a quantity's or cell's tolerance.
        w_tolerance_guess_item,
        /// A tolerance `{key}` for items scored exactly.
        w_tolerance_ignored,
        /// Every answer about the run is the lesson's own.
        w_lessons_run,
        /// Every cell asked is one the lesson's failure matrix prints.
        w_lessons_matrix,
        /// Matrix rows asked beside a scenario of the assignment's own: the rows run the
        /// lesson's events, not it.
        w_matrix_not_scenario,
        /// Matrix rows asked where the instructions say `{parts}` down: each row runs only its
        /// own parts down.
        w_matrix_not_instructions,
        /// `{retries}` retries with the answers revealed.
        w_retries_reveal,
        /// The CLI's line for a warning: `{file}`, `{warning}`.
        cli_warning,
        /// The CLI's last line when `--strict` fails a check with warnings: `{file}`.
        cli_strict,
    }
}
