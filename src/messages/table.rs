//! The plain lab's table: every text the plain lab shows, one field each. Longer than 400 lines:
//! one documented field per text, in the order the page shows them.

messages! {
    /// The lab's texts in one language: everything the plain lab shows.
    Messages {
        /// The language's code, as `?lang=` names it.
        lang,
        /// A `?lang=` the lab has no table for: `{lang}`.
        lang_missing,

        // The page.
        /// The page's heading.
        title,
        /// The line under the heading.
        intro,
        /// The link from the plain lab to the report reviewer.
        review_link,
        /// A part of a share link that could not be used: `{name}`, `{why}`.
        link_ignored,
        /// `{value}` is not a part; `{names}` lists them.
        link_not_a_part,
        /// The part `{value}` is named twice.
        link_part_twice,
        /// `{value}` is not a step number.
        link_not_a_step,
        /// `{value}` is not a run.
        link_not_a_run,
        /// A scale run's desired count `{value}` is out of range 0..`{max}`.
        link_bad_desired,
        /// The `?host=` origin `{origin}` is not allowed.
        host_not_allowed,
        /// Embedded by `{page}`, while the link names `{origin}`.
        host_elsewhere,
        /// The run asked for is the assignment's, and no assignment is loaded.
        run_nothing_given,
        /// A scale run asks for `{desired}` copies, more than `{max}`.
        run_desired_too_large,
        /// The run went past the lab's `{steps}` steps.
        run_step_limit,
        /// The run went past the lab's `{items}` items read.
        run_read_limit,
        /// The run's store went past the lab's `{keys}` keys.
        run_key_limit,

        // The crash fallback.
        /// Its heading.
        crash_title,
        /// Its text.
        crash_text,
        /// Its reload link.
        crash_reload,
        /// A scrubber mark's words: `{step}`, `{what}`.
        mark_title,
        /// A write on a scrubber mark: `{part}` writes `{key}`.
        mark_write,
        /// The same, of the node agents (a plural subject in English): `{part}`, `{key}`.
        mark_write_many,
        /// What the host is told when the lab stopped on a wasm trap (out of memory, an abort).
        crash_trap,

        // The lesson's vocabulary.
        /// The API server.
        part_api_server,
        /// The state store.
        part_state_store,
        /// The scheduler.
        part_scheduler,
        /// The controller manager.
        part_controller_manager,
        /// The node agents.
        part_node_agents,
        /// No part down (a failure-matrix row).
        part_none,
        /// The whole control plane down at once (a failure-matrix row).
        part_control_plane,
        /// Trace op: read.
        op_read,
        /// Trace op: write.
        op_write,
        /// Trace op: remove.
        op_remove,
        /// Verdict: done.
        verdict_done,
        /// Verdict: half.
        verdict_half,
        /// Verdict: halted.
        verdict_halted,
        /// Verdict: unknown.
        verdict_unknown,
        /// Copy status: pending.
        status_pending,
        /// Copy status: running.
        status_running,
        /// Copy status: dead.
        status_dead,
        /// Node health: alive.
        health_alive,
        /// Node health: dead.
        health_dead,
        /// A service's value: `{desired}`.
        value_service,
        /// A placed copy's value: `{node}`, `{status}`.
        value_copy_placed,
        /// A copy with no node: `{status}`.
        value_copy_unplaced,
        /// A node's value: `{capacity}`, `{health}`.
        value_node,

        // Requests.
        /// The scenario picker's legend.
        picker_legend,
        /// The lesson's request.
        picker_lesson,
        /// The failure-matrix events.
        picker_events,
        /// The student's own scale request.
        picker_own,
        /// The service choice's label.
        picker_service,
        /// The desired count's label.
        picker_desired,

        // Playback.
        /// The toolbar's name.
        controls_label,
        /// Play.
        play,
        /// Pause.
        pause,
        /// One step back.
        step_back,
        /// One step forward.
        step_forward,
        /// Run to the end.
        run_to_end,
        /// Back to step 0.
        reset,
        /// The speed choice's label.
        speed,
        /// A speed: `{speed}` steps a second.
        speed_option,
        /// The scrubber's text: `{step}` of `{total}`.
        step_of,
        /// The scrubber's name.
        scrubber_label,
        /// Narration before any step: `{total}` steps.
        narrate_start,
        /// Narration of a step: `{step}`, `{total}`, `{part}`, `{what}`.
        narrate_step,
        /// What a read did: `{key}`, `{items}` (see [`Messages::items`]).
        narrate_read,
        /// What a write did: `{key}`, `{value}`.
        narrate_write,
        /// What a write did, when its value was not recorded: `{key}`.
        narrate_write_key,
        /// What a remove did: `{key}`.
        narrate_remove,
        /// The same four, said of the node agents (a plural subject in English): `{key}`,
        /// `{items}`.
        narrate_read_many,
        /// See `narrate_read_many`: `{key}`, `{value}`.
        narrate_write_many,
        /// See `narrate_read_many`: `{key}`.
        narrate_write_key_many,
        /// See `narrate_read_many`: `{key}`.
        narrate_remove_many,
        /// One item.
        items_one,
        /// `{n}` items.
        items_many,

        // The diagram.
        /// Its heading.
        diagram_title,
        /// The hint under it.
        diagram_hint,
        /// A part that is down.
        part_down,
        /// The part acting now.
        part_acting,
        /// A part that is up and idle.
        part_up,
        /// A part's action when up.
        part_take_down,
        /// A part's action when down.
        part_bring_back,
        /// A down part that comes back next round.
        part_back_next,
        /// An up part that goes down next round.
        part_down_next,
        /// The control that takes the whole control plane down.
        plane_down,
        /// The control that brings the whole control plane back.
        plane_back,
        /// The control that has the node agents report again.
        report_again,
        /// The report control's state when believed and actual differ.
        report_needed,
        /// The report control's state when they agree.
        report_not_needed,
        /// A change: `{part}` goes down.
        change_down,
        /// A change: `{part}` comes back.
        change_up,
        /// A change: the node agents report again.
        change_report,
        /// A change: a request for `{key}` arrives.
        change_request,
        /// Changes at the start of round `{round}`: `{changes}`.
        changes_at,
        /// Changes still to come, from round `{round}`: `{changes}`.
        changes_next,
        /// The store's revision: `{n}`.
        revision,
        /// The store reading: `{key}`, `{items}`.
        store_reading,
        /// The store writing `{key}`.
        store_writing,
        /// The store removing `{key}`.
        store_removing,

        // The store view.
        /// Its heading.
        store_title,
        /// A prefix being read: `{items}`.
        store_read_badge,
        /// The key just written.
        store_written,
        /// The key just removed.
        store_removed,
        /// Keys of a prefix not drawn, `{n}`, before or after those drawn.
        store_more,

        // Believed and actual.
        /// Its heading.
        believed_title,
        /// Believed `{believed}` and actual `{actual}` copies.
        believed_counts,
        /// Copies `{keys}` the store still counts though they died.
        believed_ghosts,
        /// Copies `{keys}` that run unknown to the store.
        believed_unseen,
        /// One service's copies: `{service}`, `{believed}` believed running, `{actual}` running.
        believed_service,
        /// The heading over the reasons.
        why_title,
        /// Why scale is half done with the scheduler down.
        why_scale_half_scheduler,
        /// Why scale is half done with the node agents down.
        why_scale_half_nodes,
        /// Why scale is half done otherwise.
        why_scale_half,
        /// Why scale halted with the controller manager down.
        why_scale_halted_cm,
        /// Why scale halted: the request never landed (`{answer}`).
        why_scale_halted,
        /// Why the failure is unknown: the report never landed (`{answer}`).
        why_failure_unknown,
        /// Why the failure handling halted: `{part}` did not act.
        why_failure_halted,
        /// Why the failure handling is half done.
        why_failure_half,
        /// Why the node did not join: the registration never landed (`{answer}`).
        why_node_halted,
        /// Why reads halted.
        why_reads_halted,
        /// A request that got no answer at all.
        no_answer,
        /// The API server's answer: written.
        answer_written,
        /// The API server's answer: out of schema.
        answer_out_of_schema,
        /// The API server's answer: it is down.
        answer_api_down,
        /// The API server's answer: the store is down.
        answer_store_down,

        // The trace table.
        /// Its heading.
        trace_title,
        /// Its scroll region's name.
        trace_region,
        /// Column: step number.
        col_step,
        /// Column: component.
        col_component,
        /// Column: op.
        col_op,
        /// Column: key.
        col_key,
        /// Column: items.
        col_items,
        /// Column: cumulative reads.
        col_rd,
        /// Column: cumulative writes.
        col_wr,
        /// The row group of the requests.
        trace_requests,
        /// The row group of round `{n}`.
        trace_round,
        /// A round's own totals beside its heading: `{reads}` item reads, `{writes}` writes.
        trace_round_totals,
        /// Between a round heading's name, its totals and its changes, read aloud and copied
        /// (the heading shows them apart by spacing, which text does not carry).
        trace_heading_separator,
        /// The summary line: `{components}`, `{steps}`, `{reads}`, `{writes}`, `{from}`, `{to}`, `{round}`.
        trace_summary,

        // The failure matrix.
        /// Its heading.
        matrix_title,
        /// The hint under it.
        matrix_hint,
        /// Rows run so far: `{filled}` of `{total}`.
        matrix_progress,
        /// Its scroll region's name.
        matrix_region,
        /// Column: the part down.
        col_down,
        /// Column: scale.
        col_scale,
        /// Column: failure.
        col_failure,
        /// Column: node.
        col_node,
        /// Column: reads.
        col_reads,
        /// Column: traffic.
        col_traffic,
        /// Column: believed/actual.
        col_believed_actual,
        /// The node agents' row is beyond the lesson's table.
        matrix_beyond,
        /// Traffic continues.
        traffic_continues,
        /// Traffic stops.
        traffic_stops,
        /// A cell not run yet, or an empty prediction.
        not_yet,
        /// What a part reads every round it acts: `{prefixes}`.
        part_lists,
        /// What the API server does instead of reading.
        part_lists_api,
        /// Each part's name in Kubernetes, under its box: the API server.
        real_api_server,
        /// The state store's name in Kubernetes.
        real_state_store,
        /// The scheduler's name in Kubernetes.
        real_scheduler,
        /// The controller manager's name in Kubernetes.
        real_controller_manager,
        /// The node agents' name in Kubernetes.
        real_node_agents,
        /// The glossary's summary line.
        glossary_title,
        /// The healthy matrix row's note beside its "-".
        matrix_healthy,
        /// A matrix row with nothing down, in a sentence: "with nothing down".
        down_nothing,
        /// The sentence of a run with no step at all.
        run_nothing_acts,
        /// A matrix row's button: runs the failure-matrix events with `{down}` down.
        matrix_fill,
        /// The button that brings a row's parts back at the end of its run.
        matrix_repair,
        /// The button that has the node agents report again after a row's repair.
        matrix_report,
        /// Beside the diagram: this run fills no row of the failure matrix.
        matrix_other_run,
        /// Beside the diagram: parts changed mid-run fill no row.
        matrix_mid_run,
        /// The one-click switch to the failure-matrix events with `{down}` down.
        matrix_switch,
        /// The name of the links to the panels beside the trace.
        panels_label,
        /// The panel links' short names: the store, the world, believed and actual, the failure
        /// matrix, the load, the words.
        nav_store,
        /// See `nav_store`.
        nav_world,
        /// See `nav_store`.
        nav_believed,
        /// See `nav_store`.
        nav_matrix,
        /// See `nav_store`.
        nav_load,
        /// See `nav_store`.
        nav_words,
        /// The link to the real control plane's page (`?kube=1`), after the panels' links.
        nav_kube,
        /// Glossary: items.
        gloss_items,
        /// Glossary: rd.
        gloss_rd,
        /// Glossary: wr.
        gloss_wr,
        /// Glossary: round.
        gloss_round,
        /// Glossary: the matrix's `-` row.
        gloss_healthy,
        /// Glossary: the verdict words.
        gloss_verdicts,
        /// Glossary: believed and actual, and the matrix's pair.
        gloss_believed,
        /// Glossary: `m1` and `node/m1`.
        gloss_nodes,
        /// Glossary: the matrix's node column.
        gloss_node_column,
        /// Glossary: the matrix's traffic column.
        gloss_traffic,
        /// Glossary: the reads verdict against the rd count.
        gloss_reads,
        /// Glossary: the lesson's parts by their Kubernetes names, and the one difference.
        gloss_kubernetes,
        /// The tokens on the links.
        gloss_tokens,
        /// The marks under the scrubber.
        gloss_marks,
        /// The world view's heading.
        world_title,
        /// The world view's explanation.
        world_hint,
        /// Where a node stands under its bare name and its key (`{bare}`, `{key}`): one machine,
        /// and why the scheduler placed copies (`{copies}`) beside the `{running}` named bare.
        world_names,
        /// A node's label: `{name}`.
        world_node,
        /// A node the store holds as dead: `{name}`.
        world_node_dead,
        /// A node with no copy.
        world_empty,
        /// A copy that runs: `{name}`.
        copy_running,
        /// A ghost: `{name}`.
        copy_ghost,
        /// A copy placed, not started: `{name}`.
        copy_starting,
        /// A copy known dead: `{name}`.
        copy_dead,
        /// A copy running that the store does not count: `{name}`.
        copy_unseen,
        /// Copies waiting for a node: `{keys}`.
        world_waiting,
        /// Nodes not drawn: `{n}`.
        world_more_nodes,
        /// Copies on a node not drawn: `{n}`.
        world_more_copies,
        /// The load chart's heading.
        load_title,
        /// The load chart's explanation.
        load_hint,
        /// The chart's value axis.
        load_axis,
        /// What the load chart's segments are.
        load_legend,
        /// The links to the pages beyond the lesson, as HTML: components that watch rather than
        /// list (`?explore=1`), and the students' sandbox (`?workbench=1&sandbox=1`). Plain
        /// `<a href>`s in one string, so the page carries no code for them.
        load_links,
        /// One part's bar: `{part}`, `{reads}`.
        load_bar,
        /// One round of a bar: `{round}`, `{reads}`.
        load_segment,
        /// The status strip: `{step}`, `{total}`, `{round}`, `{reads}`, `{writes}`, `{revision}`.
        status_strip,
        /// The matrix column: each decision after repair.
        col_after_repair,
        /// The matrix column: after the node agents report again.
        col_after_report,
        /// An after-repair cell: `{scale}`, `{failure}`, `{node}`, `{believed}`, `{actual}`, `{reads}`, `{writes}`.
        matrix_repaired,
        /// An after-report cell: `{failure}`, `{believed}`, `{actual}`, `{reads}`, `{writes}`.
        matrix_reported,
        /// Before a report's counts, what it leaves undone: `{decisions}`.
        matrix_kept,
        /// Between two decisions left undone.
        matrix_kept_join,
        /// An after-report cell when no gap was left to report.
        matrix_no_gap,

        // Sharing.
        /// Its heading.
        share_title,
        /// The button.
        share_make,
        /// The link's label.
        share_link,
        /// The button that copies the link.
        share_copy,
        /// Said when the link was copied.
        share_copied,
        /// Said when the page may not copy.
        share_copy_failed,
    }
}
