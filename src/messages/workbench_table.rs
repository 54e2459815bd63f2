//! The workbench build's table (issue 21): the texts only the teacher's page shows. Apart from
//! the other two, so neither the plain lab nor the assignment page carries them.

messages! {
    /// The texts of the teacher's workbench, in one language.
    WorkbenchMessages {
        /// The language's code.
        lang,
        /// The page's heading and title.
        title,
        /// What the page is for.
        intro,
        /// The heading of where an assignment comes from.
        start,
        /// The draft kept in this browser, given back.
        draft_restored,
        /// A kept draft that could not be read (set aside).
        draft_unreadable,
        /// A kept draft of a newer lab (left as it is).
        draft_newer,
        /// The draft cannot be kept in this browser: `{why}`.
        draft_not_kept,
        /// Before replacing a draft with a new one: asked first.
        new_confirm,
        /// Yes, start anew.
        new_yes,
        /// No, keep the draft.
        new_no,
        /// Start anew from the lesson's scenario.
        start_lesson,
        /// Open an assignment file.
        open_file,
        /// A student link or its code, pasted.
        open_link,
        /// The button that opens the pasted link.
        open_link_button,
        /// A file or link that does not open: `{why}`.
        open_failed,
        /// A pasted address with no assignment in it.
        paste_not_link,
        /// A pasted address that names an assignment's file (`?assignment=`): `{path}`.
        paste_file_link,
        /// What is open now: `{title}`.
        opened,
        /// The heading of the questions.
        questions,
        /// The title field.
        field_title,
        /// A title still to give: the step, before anything is wrong.
        todo_title,
        /// Nothing asked yet: the step.
        todo_predict,
        /// Failure-matrix rows ticked without a cell: the step.
        todo_cells,
        /// Failure-matrix cells ticked without a row: the step.
        todo_rows,
        /// The stand-in title a draft without one is checked with (never written to a file).
        untitled,
        /// The label of a step still to take, before its text.
        todo,
        /// The instructions field.
        field_instructions,
        /// The scenario's line: `{about}`.
        scenario,
        /// The lesson's scenario.
        scenario_lesson,
        /// A scenario of the opened file, kept as written.
        scenario_file,
        /// The requests table's caption.
        requests,
        /// Column: the request's key.
        request_key,
        /// Column: the desired copies.
        request_desired,
        /// Column: remove (for screen readers).
        request_remove_col,
        /// The key field of request `{n}`.
        request_key_of,
        /// The desired field of request `{n}`.
        request_desired_of,
        /// Remove request `{n}`.
        request_remove,
        /// Add a request.
        request_add,
        /// `{n}` requests of other kinds, kept as written.
        requests_other,
        /// The services table's caption.
        services,
        /// Column: the service's key.
        service_key,
        /// Column: its desired copies at the start.
        service_desired,
        /// The desired field of service `{service}`.
        service_desired_of,
        /// The nodes table's caption.
        nodes,
        /// Column: the node's key.
        node_key,
        /// Column: its capacity.
        node_capacity,
        /// Column: its health.
        node_health,
        /// The capacity field of node `{node}`.
        node_capacity_of,
        /// The health field of node `{node}`.
        node_health_of,
        /// The counts' fieldset.
        counts,
        /// The matrix rows' fieldset.
        matrix_rows,
        /// The matrix row with nothing down.
        row_healthy,
        /// The matrix cells' fieldset.
        matrix_cells,
        /// The questions beyond counts and cells.
        ask,
        /// Remove the question `{label}`.
        ask_remove,
        /// The add-a-question form's legend.
        ask_add,
        /// The kind of question to add.
        ask_kind,
        /// The form's kinds of question: one round's load.
        ask_kind_round,
        /// One part's reads over the run.
        ask_kind_component,
        /// The parts that write a key.
        ask_kind_writers,
        /// A service's copies at the end.
        ask_kind_service,
        /// A failure-matrix cell after the repair.
        ask_kind_repair,
        /// The round field.
        ask_round,
        /// The count field (reads or writes; believed or actual).
        ask_count,
        /// Item reads, as a count to choose.
        ask_reads,
        /// Writes, as a count to choose.
        ask_writes,
        /// Believed running, as a count to choose.
        ask_believed,
        /// Actually running, as a count to choose.
        ask_actual,
        /// The part field.
        ask_part,
        /// The key field.
        ask_key,
        /// The service field.
        ask_service,
        /// The failure-matrix row field.
        ask_row,
        /// The cell field.
        ask_cell,
        /// A field's problem: `{field}` and `{problem}`.
        ask_problem,
        /// A key or service left blank.
        ask_blank,
        /// The question is asked already.
        ask_asked,
        /// The add button.
        ask_add_button,
        /// The tolerances' fieldset.
        tolerances,
        /// A tolerance field: `{item}`.
        tolerance_of,
        /// The reveal switch.
        reveal,
        /// The retries field.
        retries,
        /// A warning's prefix, said to screen readers.
        warning,
        /// An error's prefix.
        error,
        /// What the cells are, as the failure matrix's columns.
        cells_hint,
        /// A cell's tolerance: `{cell}` in every row asked.
        tolerance_cell,
        /// Where no number is asked yet, so no tolerance can be set.
        tolerance_none,
        /// What the snippet's host is, under its field.
        out_host_hint,
        /// The host typed is no origin.
        host_not_origin,
        /// The host `{origin}` is one the lab does not report to.
        host_not_allowed,
        /// The heading of what is handed out.
        out,
        /// The run's trace, disclosed: `{steps}` steps.
        run_trace,
        /// The first `{shown}` of the run's `{steps}` steps.
        run_trace_first,
        /// No run to trace (the scenario has an error).
        run_trace_none,
        /// Outputs wait for the errors to be fixed.
        out_blocked,
        /// Before the steps still to take, where nothing is handed out yet.
        out_todo,
        /// The student link.
        out_link,
        /// Preview as a student.
        out_preview,
        /// Download the JSON file.
        out_json,
        /// The JSON text.
        out_json_text,
        /// The course page's origin for `host=`.
        out_host,
        /// The iframe snippet.
        out_snippet,
        /// The name of the box that holds the scenario's tables.
        scenario_tables,
        /// What the failure-matrix rows run (the lesson's events, not the scenario).
        matrix_run,
        /// The SCORM package's pass mark field.
        out_pass_mark,
        /// What the pass mark does.
        out_pass_mark_hint,
        /// What the snippet is and holds (shown beside it, and as its first line, a comment),
        /// for the page at `{host}`.
        out_snippet_about,
        /// No snippet while the origin is not one.
        out_snippet_none,
        /// The button that copies the student link.
        out_copy_link,
        /// The button that copies the snippet.
        out_copy_snippet,
        /// Copied.
        out_copied,
        /// The page may not use the clipboard: the text is selected instead.
        out_copy_failed,
        /// The answer key.
        out_key,
        /// The class review's heading.
        class,
        /// Choose the reports.
        class_files,
        /// The class review needs a usable assignment first.
        class_needs_assignment,
        /// The table's caption: `{counted}` reports counted.
        class_caption,
        /// Column: the question.
        class_item,
        /// Column: the answer.
        class_answer,
        /// Column: right of counted.
        class_right,
        /// Column: the most common wrong answers.
        class_wrong,
        /// A wrong answer typed by `{n}`: `{typed}`.
        class_wrong_one,
        /// A blank answer.
        class_blank,
        /// Reports whose claimed scores were edited: `{names}`.
        class_edited,
        /// A skipped file: `{name}`: `{why}`.
        class_skipped,
        /// A file `{name}` that is the same report as `{first}`, counted before it.
        class_duplicate,
        /// The caption of the table of students.
        class_students_caption,
        /// Its column: the student.
        class_student,
        /// Its column: the file.
        class_file,
        /// Its column: the score.
        class_score,
        /// Its column: the items missed.
        class_missed,
        /// A report with no name typed in it.
        class_no_name,
        /// Nothing missed.
        class_missed_none,
        /// The copies' table.
        copies,
        /// The copies' key column.
        copy_key,
        /// The copies' service column.
        copy_service,
        /// The copies' node column.
        copy_node,
        /// The copies' status column.
        copy_status,
        /// A copy's service field: `{copy}`.
        copy_service_of,
        /// A copy's node field: `{copy}`.
        copy_node_of,
        /// A copy's status field: `{copy}`.
        copy_status_of,
        /// The button that removes copy `{copy}`.
        copy_remove,
        /// Add a copy.
        copy_add,
        /// The timeline's table.
        timeline,
        /// The timeline's round column.
        event_round,
        /// The timeline's change column.
        event_change,
        /// The timeline's parts column.
        event_parts,
        /// An entry's round field: `{n}`.
        event_round_of,
        /// An entry's change field: `{n}`.
        event_change_of,
        /// An entry's parts field: `{n}`.
        event_parts_of,
        /// Remove entry `{n}`.
        event_remove,
        /// Add an entry.
        event_add,
        /// Entries of other kinds, kept: `{n}`.
        events_other,
        /// A part taken down.
        event_down,
        /// A part brought back.
        event_up,
        /// A report asked for.
        event_report,
        /// Download the SCORM 1.2 package.
        out_scorm,
        /// A package not made: `{why}`.
        out_scorm_failed,
        /// A file too large for the package: `{name}`.
        zip_too_large,
        /// Too many files, or too much in all, for the package.
        zip_too_many,
        /// The sandbox's heading and title.
        sandbox_title,
        /// What the sandbox is for.
        sandbox_intro,
        /// The link back to the lab.
        sandbox_back,
        /// A sandbox link that does not open: `{why}`.
        sandbox_bad_link,
        /// The heading of the sandbox's scenario.
        sandbox_scenario,
        /// The heading of the sandbox's link.
        sandbox_share,
        /// The link's field.
        sandbox_link,
        /// Follow the link (reopen the scenario).
        sandbox_reopen,
        /// The link that runs the sandbox's scenario in the lab.
        sandbox_run,
        /// What that link opens.
        sandbox_run_hint,
        /// Where the scenario has an error, so no run to show in the lab.
        sandbox_no_run,
    }
}
