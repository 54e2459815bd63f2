//! The assignments build's table: the texts only that build shows (the assignment panel,
//! reports, and diagnostics of files). Longer than 400 lines: one field per text, each with its
//! doc; it is one table, and the compiler holds every language to all of it.

messages! {
    /// The texts only the assignments build shows, in one language.
    AssignmentMessages {
        /// The language's code (the same as its [`Messages`]).
        lang,
        /// Why the run stays at step 0 before the lock.
        sealed,
        /// Why the run stays at step 0 after the lock, when answers are not shown.
        sealed_for_good,
        /// The box that adds predictions to the link.
        share_predictions,
        /// Shared predictions that are not a set of predictions: `{why}`.
        link_not_predictions,
        // Assignments.
        /// Loading `{path}`.
        assignment_loading,
        /// `{path}` has not come after `{seconds}` s; the runs stay sealed.
        assignment_slow,
        /// An assignment that cannot be used: heading.
        assignment_unusable,
        /// What to do about it.
        assignment_unusable_hint,
        /// `{origin}` is not a usable assignment: `{why}`.
        assignment_not_usable,
        /// `{origin}`: `{why}` (the answer key could not be made in the browser's limits of `{steps}`
        /// steps, `{items}` items read, `{keys}` keys).
        assignment_no_key,
        /// A broken `?a=` link: `{why}`.
        assignment_link_broken,
        /// The origin of an assignment from a link.
        assignment_from_link,
        /// The origin of an assignment file: `{path}`.
        assignment_from_file,
        /// A file that could not be fetched: `{path}`, `{why}`.
        fetch_failed,
        /// Why an assignment path is refused: it is not on the lab's own site.
        fetch_elsewhere,
        /// Why: the network request failed.
        fetch_network,
        /// Why: HTTP `{status}`.
        fetch_http,
        /// Why: the body could not be read.
        fetch_unreadable,
        /// Storage is not offered here.
        storage_none,
        /// Storage is blocked here.
        storage_blocked,
        /// Storage is full or blocked.
        storage_full,
        /// Answers kept in this page only, because `{why}`.
        storage_page_only,
        /// What losing storage means for the student.
        storage_lost,
        /// A saved record from a newer lab, `{version}`.
        record_newer,
        /// A saved record that could not be read: `{why}`.
        record_corrupt,
        /// A corrupt record kept aside under `{key}`.
        record_kept_aside,
        /// A corrupt record that could not be kept aside: `{why}`.
        record_not_kept_aside,
        /// The link's predictions were not taken over saved ones.
        predictions_kept,
        /// Saving failed: `{why}`.
        save_failed,
        /// Entries to fix before Run: `{items}`.
        run_blocked,
        /// Asked before locking with blanks: `{blank}` of `{total}` left blank.
        blank_ask,
        /// The same with one blank prediction: `{total}`.
        blank_ask_one,
        /// Locks with the blanks.
        blank_lock,
        /// Goes back to predicting.
        blank_back,
        /// Said when another tab changed this assignment's record.
        other_tab,
        /// Why a link's predictions are ignored: no assignment is named.
        link_predictions_alone,
        /// Starts another attempt; `{left}` tries are left.
        start_over,
        /// Run, before.
        run,
        /// Run, after: predictions locked.
        run_locked,
        /// An info notice's mark.
        notice_mark,
        /// A tolerance beside a label: `{n}`.
        tolerance,
        /// The empty choice of a verdict.
        choose,
        /// An empty prediction at Run.
        entry_empty,
        /// `{text}` is a whole number past the largest count, `{max}`.
        entry_too_large,
        /// `{text}` is not a whole number.
        entry_not_a_number,
        /// A negative count.
        entry_negative,
        /// `{text}` is not a verdict.
        entry_not_a_verdict,
        /// A count item's label: trace steps.
        quantity_steps,
        /// A count item's label: store reads.
        quantity_reads,
        /// A count item's label: store writes.
        quantity_writes,
        /// A count item's label: final revision.
        quantity_revision,
        /// A count item's label: rounds.
        quantity_rounds,
        /// A count item's label: components visited.
        quantity_components,
        /// A matrix item's label: `{down}` down, `{cell}`.
        matrix_item,
        /// A matrix item's label for the healthy row: `{cell}`.
        matrix_item_healthy,
        /// Matrix cell: believed.
        cell_believed,
        /// Matrix cell: actual.
        cell_actual,
        /// The score: `{correct}` of `{total}`.
        score,
        /// The reveal table's region name.
        reveal_region,
        /// Reveal column: item.
        col_item,
        /// Reveal column: the prediction.
        col_prediction,
        /// Reveal column: actual.
        col_actual,
        /// Reveal column: difference.
        col_difference,
        /// Reveal column: result.
        col_result,
        /// Reveal column: links to what explains it.
        col_see,
        /// A wrong entry: `{why}`.
        result_invalid,
        /// A prediction left blank, after the lock.
        result_blank,
        /// A correct prediction.
        result_correct,
        /// Off by `{n}`.
        result_off_by,
        /// Wrong.
        result_wrong,
        /// A link to matrix row `{name}`.
        see_matrix_row,
        /// A link to the trace.
        see_trace,
        /// The matrix grid's region.
        grid_region,
        /// A grid cell's actual value: `{actual}`.
        grid_actual,
        /// A wrong grid cell's link to the run that shows it.
        grid_see,
        /// The grid's row with nothing down.
        grid_none,
        /// What every row of the grid runs: the lesson's events, with its parts down.
        grid_run,
        /// A column's tolerance in its header: `{cell}`, `{n}`.
        grid_tolerance,
        /// The verdict words, explained beside the grid's choices.
        grid_verdicts,
        /// Under a wrong believed cell: what the column counts.
        grid_counts_believed,
        /// Under a wrong actual cell: what the column counts.
        grid_counts_actual,
        /// The Requests box's choice of the assignment's own run: `{title}`.
        picker_assignment,
        /// The picker's name for a sandbox link's scenario.
        picker_sandbox,
        /// A sandbox link whose scenario does not open: `{why}`.
        sandbox_link_broken,
        /// The link back to the sandbox, to edit the scenario the lab runs.
        sandbox_edit,
        /// A link to the world (nodes and copies).
        see_world,
        /// After the first links of a long run: `{n}` more rows, in the trace.
        see_more,
        /// What the requests add to a count: `{n}`.
        /// Plays the predicted run from its start.
        watch,
        /// Why a locked attempt shows right and wrong only: a retry is open.
        answers_held,
        /// Rounds of a long run not linked: `{n}`.
        see_more_rounds,
        /// The name or student id field's label.
        student_label,
        /// How to hand in when the course page takes the results.
        hand_in_host,
        /// How to hand in otherwise.
        hand_in_export,
        /// How to hand in when the LMS that launched the page took the results.
        hand_in_lms,
        /// The LMS refused `{call}` with error `{code}`, `{name}`: the student exports the report.
        lms_failed,
        /// The `{name}` of an LMS error the LMS gives no words for.
        lms_unnamed,
        /// Where the reviewer stands while an assignment seals the runs.
        review_closed,
        /// The seal's notice while a locked attempt waits for a retry.
        sealed_held,
        see_requests,
        /// What round `{round}` adds to a count: `{n}`.
        see_round,
        /// A link to read step `{n}` with `{items}` items.
        see_read_step,
        /// A link to step `{n}`.
        see_step,
        /// Export as JSON.
        export_json,
        /// Export as CSV.
        export_csv,
        /// An export that failed: `{why}`.
        export_failed,

        // Reviewing a report.
        /// The reviewer's summary.
        review_title,
        /// The file input's label.
        review_file,
        /// A file that cannot be reviewed: `{why}`.
        review_failed,
        /// The report's score: `{correct}`, `{total}`, `{time}`.
        review_score,
        /// One line: `{label}`, `{predicted}`, `{actual}`, `{mark}`.
        review_line,
        /// The actual value in a line: `{actual}`.
        review_actual,
        /// After a line whose mark the file claims otherwise: `{mark}`, the file's.
        review_line_claimed,
        /// The file claims another score (`{claimed_correct}` / `{claimed_total}`) than the
        /// recomputed `{correct}` / `{total}`.
        review_claim,
        /// The file marks some predictions otherwise than the lab does, with the same score.
        review_claim_marks,
        /// The heading of the earlier attempts.
        review_attempts,
        /// An earlier attempt: `{n}`, `{time}` it was started over, `{correct}` / `{total}`.
        review_attempt,
        /// Lines for items the assignment does not ask, left out: `{ids}`.
        review_unasked,
        /// The assignment a report carries is not usable: `{why}`.
        review_bad_assignment,
        /// The carried assignment's answers cannot be worked out in the browser: `{why}`.
        review_no_key,
        /// A class review's file that is not a report the lab reads: `{why}`.
        class_unreadable,
        /// A class review's report of another assignment, titled `{title}`.
        class_other_assignment,
        /// The workbench's assignment whose answers cannot be worked out in the browser: `{why}`.
        workbench_no_key,
        /// No file was chosen.
        file_none,
        /// The file could not be read.
        file_unreadable,
        /// A download file could not be made.
        file_not_made,

        // Diagnostics of assignment, scenario and report files (the CLI prints them in English).
        /// Invalid JSON: `{why}` (the JSON reader's own words).
        e_invalid_json,
        /// A scenario over `{mib}` MiB.
        e_scenario_too_large,
        /// An unknown component `{found}`; `{names}` lists them.
        e_unknown_component,
        /// Not null or a component name: found `{kind}`.
        e_not_component,
        /// A `mode` other than list or watch: `{found}`.
        e_unknown_mode,
        /// `mode` is neither a mode's name nor an object of them: found `{kind}`.
        e_not_mode,
        /// A mode for `{found}`, a part that reads nothing.
        e_mode_not_reader,
        /// `watch_expired` in a run where no component watches.
        e_expired_without_watch,
        /// `watch_expired` is not an array of rounds: found `{kind}`.
        e_not_rounds,
        /// `timeline` is not an array: `{kind}`.
        e_not_timeline,
        /// A name listed twice: `{found}`.
        e_listed_twice,
        /// A tolerance for nothing the assignment asks: `{found}`.
        e_unknown_tolerance,
        /// A timeline of more than `{max}` entries: `{n}`.
        e_too_many_events,
        /// A timeline of more than `{max}` changes (each part down or back is one): this entry
        /// brings it to `{n}`.
        e_too_many_changes,
        /// A key `{name}` given twice in one object.
        e_repeated_key,
        /// A change does not name exactly one of its kinds.
        e_event_one_change,
        /// A change's round `{round}` is before the one before it, `{previous}`.
        e_event_order,
        /// `{part}` comes back at round `{round}` without being down.
        e_part_not_down,
        /// `{part}` goes down at round `{round}` while down already.
        e_part_already_down,
        /// A timeline entry's `down` or `up` names no part (`[]` or null).
        e_event_no_parts,
        /// `report` is not `true`: `{kind}`.
        e_report_not_true,
        /// Must be `{what}`, found `{kind}`.
        e_must_be,
        /// An unknown field `{name}`; `{fields}` lists the known ones.
        e_unknown_field,
        /// A missing field `{field}`.
        e_missing_field,
        /// Not a whole number from `{lo}` to `{hi}`: found `{kind}`.
        e_not_whole,
        /// Text `{found}` (quoted) where a whole number from `{lo}` to `{hi}` belongs.
        e_not_whole_text,
        /// An empty text where a whole number from `{lo}` to `{hi}` belongs.
        e_not_whole_empty,
        /// Negative: found `{found}`.
        e_negative,
        /// A fraction: found `{found}`.
        e_fraction,
        /// Above `{hi}`: found `{found}`.
        e_too_big,
        /// Outside `{lo}`..`{hi}`: found `{found}`.
        e_out_of_range,
        /// Not a string: found `{kind}`.
        e_not_string,
        /// `{n}` entries, over `{max}`.
        e_too_many_entries,
        /// A key outside the schema.
        e_outside_schema,
        /// A change that removes a key the starting state does not have.
        e_change_no_key,
        /// Not an array of requests: found `{kind}`.
        e_not_requests,
        /// `{n}` requests, over `{max}`.
        e_too_many_requests,
        /// Not a service, copy or node value.
        e_not_a_value,
        /// An unknown copy status `{found}`.
        e_unknown_status,
        /// An unknown node health `{found}`.
        e_unknown_health,
        /// A run stopped at the step limit, after `{steps}` steps.
        e_step_limit,
        /// A run stopped at the item-read limit, past `{items}` items read.
        e_read_limit,
        /// A run stopped at the key limit, past `{keys}` keys in the store.
        e_key_limit,
        /// An assignment too large.
        e_assignment_too_large,
        /// No version in an assignment; this lab reads `{version}`.
        e_no_version,
        /// An assignment of version `{version}`, newer than the `{supported}` this lab reads.
        e_newer_assignment,
        /// A text longer than `{max}` characters.
        e_too_long,
        /// An assignment without a title.
        e_no_title,
        /// An assignment that asks for nothing.
        e_asks_nothing,
        /// Not true or false: found `{kind}`.
        e_not_bool,
        /// Not an array of names: found `{kind}`.
        e_not_names,
        /// An unknown quantity `{found}`; `{expected}` lists them.
        e_unknown_quantity,
        /// An unknown matrix row `{found}`; `{expected}` lists them.
        e_unknown_row,
        /// An unknown matrix cell `{found}`; `{expected}` lists them.
        e_unknown_cell,
        /// Not a lab report: `{why}`.
        e_not_a_report,
        /// A report of version `{version}`, newer than this lab.
        e_newer_report,
        /// A report with version 0, which no lab wrote.
        e_report_version_zero,
        /// A file larger than any report, `{mib}` MiB, refused unread.
        e_report_too_large,
        /// A report CSV whose first line is not the lab's `{header}`.
        e_csv_header,
        /// A file that is neither of the lab's reports (the CSV's first line: `{header}`).
        e_report_neither,
        /// The sandbox's scenario runs past the browser's limits: `{why}`.
        sandbox_no_run_here,
        /// A quoted CSV cell never closed.
        e_csv_quote,
        /// A CSV cell `{found}` that is not what the lab writes there.
        e_csv_value,
        /// A CSV row `{found}` the lab never writes.
        e_csv_row,
        /// A report CSV without its assignment (exported by an older lab).
        e_csv_no_assignment,
        /// An assignment larger than `{mib}` MiB, the most the lab in a browser takes.
        e_assignment_browser_too_large,
        /// An assignment link with a character `{found}` that does not belong.
        e_link_character,
        /// An assignment link cut short.
        e_link_damaged,
        /// JSON kinds, as diagnostics name what they found.
        kind_null,
        /// A boolean.
        kind_boolean,
        /// A number.
        kind_number,
        /// A string.
        kind_string,
        /// An array.
        kind_array,
        /// An object.
        kind_object,
        /// What a scenario must be.
        what_scenario,
        /// What `initial` must be.
        what_initial,
        /// What `changes` must be.
        what_changes,
        /// What a request must be.
        what_request,
        /// What a timeline change looks like.
        what_event,
        /// What a request's value must be when its key says nothing.
        what_value,
        /// What a service value must be.
        what_service,
        /// What a copy value must be.
        what_copy,
        /// What a node value must be.
        what_node,
        /// What an assignment must be.
        what_assignment,
        /// What `tolerance` must be.
        what_tolerance,
        /// What `matrix` must be.
        what_matrix,
        /// What an entry of `ask` must be.
        what_question,
        /// A count `{found}` a question does not know (`{expected}`).
        e_unknown_count,
        /// Item reads of the requests before round 1.
        ask_requests_reads,
        /// Writes of the requests before round 1.
        ask_requests_writes,
        /// Item reads in round `{round}`.
        ask_round_reads,
        /// Writes in round `{round}`.
        ask_round_writes,
        /// Items `{part}` reads over the run.
        ask_part_reads,
        /// Which components write `{key}`, in order.
        ask_writers,
        /// Copies of `{service}` the store believes run at the end.
        ask_believed,
        /// Copies of `{service}` actually running at the end.
        ask_actual,
        /// A matrix cell after repair: `{down}` down, `{cell}`.
        ask_repair,
        /// How to type an order of components.
        order_hint,
        /// A typed name `{text}` that is not a component (`{names}`).
        entry_not_a_part,
        /// `ask` is not an array: found `{kind}`.
        e_not_questions,
        /// An entry of `ask` that names no kind of question.
        e_question_kind,
        /// More than `{max}` questions under `ask`.
        e_too_many_questions,
        /// A choice question's text that is blank.
        e_blank,
        /// A choice question's `options` that is not an array: found `{kind}`.
        e_not_options,
        /// `{found}` options where a choice question offers `{lo}` to `{hi}`.
        e_option_count,
        /// A choice question's answer `{found}` that is none of its `{options}`.
        e_not_an_option,
        /// A `from` that names no fact the lab derives: `{found}`; `{max}` members at most.
        e_unknown_fact,
        /// A `stop` that names no guided stop of the page `?kube=1`: `{found}`; the stops `{stops}`.
        e_unknown_stop,
        /// The lab derives `{derived}` (`{fact}`), not the file's answer `{found}`.
        e_fact_differs,
        /// The lab derives `{derived}` (`{fact}`), which is none of the options.
        e_fact_not_option,
        /// A fact the lab could not derive: `{fact}`, `{why}`.
        e_fact_failed,
        /// What a choice question's options say before one is picked (for screen readers).
        choice_hint,
        /// The link under a choice question that opens its guided stop on the page `?kube=1`.
        choice_stop,
        /// A picked option `{text}` that is none of the question's options (a record edited by hand).
        entry_not_an_option,
        /// Where the lab's diagram, trace and tables stand when their module (loaded once the
        /// assignment page has started: ui/later.rs) did not arrive.
        later_missing,
        /// Said where Run's refusals stand when Run could not lock: the lock's work comes with
        /// that same module (ui/assignment_acts.rs), which did not arrive.
        lock_missing,
    }
}
