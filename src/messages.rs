//! Every text the lab shows a student or a teacher, in one table per language, in two parts: the
//! plain lab's texts ([`Messages`]) and those only the assignments build shows
//! ([`AssignmentMessages`]: the assignment panel, reports, and diagnostics of files). Two parts
//! so the plain lab carries none of the second's texts. A second language is a second pair of
//! tables plus a line in [`LANGUAGES`] and [`ASSIGNMENT_LANGUAGES`]: the compiler refuses a table
//! that leaves a text out, and a test checks that each template keeps English's placeholders.
//!
//! Templates hold `{name}` placeholders that [`fill`] replaces. The lesson's vocabulary (part
//! names, verdicts, ops, statuses) is here too, so a translated lab can say it in its language;
//! the CLI keeps the lesson's English words, since its tables must match the lesson byte for byte.

use crate::model::{Health, Op, Part, Status, Value, Verdict};
use std::fmt::{self, Display};

macro_rules! messages {
    ($(#[doc = $sdoc:literal])* $table:ident { $($(#[doc = $doc:literal])* $name:ident,)* }) => {
        $(#[doc = $sdoc])*
        /// Fields are plain texts or `{name}` templates.
        #[derive(Debug)]
        pub struct $table {
            $($(#[doc = $doc])* pub $name: &'static str,)*
        }

        impl $table {
            /// Every text with its field name, in table order (for checks and tooling).
            pub fn entries(&self) -> Vec<(&'static str, &'static str)> {
                vec![$((stringify!($name), self.$name),)*]
            }

            /// This table with every text passed through `f` (a pseudo-language for tests).
            pub fn map(&self, f: impl Fn(&'static str) -> &'static str) -> $table {
                $table { $($name: f(self.$name),)* }
            }
        }
    };
}

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
        /// `{value}` is not a step number.
        link_not_a_step,
        /// `{value}` is not a run.
        link_not_a_run,
        /// A scale run's desired count `{value}` is out of range 0..`{max}`.
        link_bad_desired,
        /// The `?host=` origin `{origin}` is not allowed.
        host_not_allowed,

        // The crash fallback.
        /// Its heading.
        crash_title,
        /// Its text.
        crash_text,
        /// Its reload link.
        crash_reload,

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

        // Believed and actual.
        /// Its heading.
        believed_title,
        /// Believed `{believed}` and actual `{actual}` copies.
        believed_counts,
        /// Copies `{keys}` the store still counts though they died.
        believed_ghosts,
        /// Copies `{keys}` that run unknown to the store.
        believed_unseen,
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

        // Sharing.
        /// Its heading.
        share_title,
        /// The button.
        share_make,
        /// The link's label.
        share_link,
    }
}

messages! {
    /// The texts only the assignments build shows, in one language.
    AssignmentMessages {
        /// The language's code (the same as its [`Messages`]).
        lang,
        /// The box that adds predictions to the link.
        share_predictions,
        /// Shared predictions that are not a set of predictions: `{why}`.
        link_not_predictions,
        // Assignments.
        /// Loading `{path}`.
        assignment_loading,
        /// An assignment that cannot be used: heading.
        assignment_unusable,
        /// What to do about it.
        assignment_unusable_hint,
        /// `{origin}` is not a usable assignment: `{why}`.
        assignment_not_usable,
        /// `{origin}`: `{why}` (the answer key could not be made).
        assignment_no_key,
        /// A broken `?a=` link: `{why}`.
        assignment_link_broken,
        /// The origin of an assignment from a link.
        assignment_from_link,
        /// The origin of an assignment file: `{path}`.
        assignment_from_file,
        /// A file that could not be fetched: `{path}`, `{why}`.
        fetch_failed,
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
        /// Must be `{what}`, found `{kind}`.
        e_must_be,
        /// An unknown field `{name}`; `{fields}` lists the known ones.
        e_unknown_field,
        /// A missing field `{field}`.
        e_missing_field,
        /// Not a whole number from `{lo}` to `{hi}`: found `{kind}`.
        e_not_whole,
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
        /// What a request must be.
        what_request,
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
    }
}

/// English, the lab's first language.
pub static EN: Messages = Messages {
    lang: "en",
    lang_missing: "There is no \"{lang}\" version of the lab yet; it is shown in English.",

    title: "Control Plane Lab",
    intro: "Four components never call one another: they only read and write the state store, whose revision counts every write. Step through a request and count.",
    review_link: "Review a lab report",
    link_ignored: "The link's \"{name}\" was ignored: {why}.",
    link_not_a_part: "\"{value}\" is not a part (use one of {names})",
    link_not_a_step: "\"{value}\" is not a step number",
    link_not_a_run: "\"{value}\" is not a run (use lesson, events, assignment or scale:collector:N)",
    link_bad_desired: "the desired count \"{value}\" must be a whole number from 0 to {max}",
    host_not_allowed: "The embedding page \"{origin}\" is not one this lab reports to; results stay here.",

    crash_title: "The lab stopped because of an error",
    crash_text: "Your saved predictions are kept in this browser. Reload the page to continue; if it happens again, export your report first.",
    crash_reload: "Reload",

    part_api_server: "API server",
    part_state_store: "state store",
    part_scheduler: "scheduler",
    part_controller_manager: "controller manager",
    part_node_agents: "node agents",
    part_none: "-",
    op_read: "read",
    op_write: "write",
    op_remove: "remove",
    verdict_done: "done",
    verdict_half: "half",
    verdict_halted: "halted",
    verdict_unknown: "unknown",
    status_pending: "pending",
    status_running: "running",
    status_dead: "dead",
    health_alive: "alive",
    health_dead: "dead",
    value_service: "desired {desired}",
    value_copy_placed: "node {node}, {status}",
    value_copy_unplaced: "no node, {status}",
    value_node: "capacity {capacity}, {health}",

    picker_legend: "Requests",
    picker_lesson: " The lesson's request: collector 3 → 5",
    picker_events: " Failure-matrix events: scale collector to 5, copy collector-2 reported dead, node m4 joins",
    picker_own: " Your own scale request: ",
    picker_service: "service ",
    picker_desired: " desired ",

    controls_label: "Playback",
    play: "▶ Play",
    pause: "❚❚ Pause",
    step_back: "◀ Step back",
    step_forward: "Step ▶",
    run_to_end: "Run to end ⇥",
    reset: "⟲ Reset",
    speed: "Speed ",
    speed_option: "{speed} steps/s",
    step_of: "Step {step} of {total}",
    scrubber_label: "Step",
    narrate_start: "Step 0 of {total}: nothing has happened yet.",
    narrate_step: "Step {step} of {total}: {part} {what}",
    narrate_read: "reads {key}, {items}",
    narrate_write: "writes {key}, {value}",
    narrate_write_key: "writes {key}",
    narrate_remove: "removes {key}",
    items_one: "1 item",
    items_many: "{n} items",

    diagram_title: "The control plane",
    diagram_hint: "Every component talks only to the state store. Press a part to take it down; press it again to bring it back.",
    part_down: "✕ down",
    part_acting: "▶ acting",
    part_up: "up",
    revision: "revision {n}",
    store_reading: "⌕ read {key} · {items}",
    store_writing: "✎ write {key}",
    store_removing: "✕ remove {key}",

    store_title: "State store ",
    store_read_badge: "⌕ read · {items}",
    store_written: "✎ written",
    store_removed: "✕ removed",

    believed_title: "Believed and actual",
    believed_counts: "Across all services, the store believes {believed} copies run; {actual} actually run.",
    believed_ghosts: "⚠ The store still counts {keys} as running, but it died: the death happened on its node and the report never reached the store.",
    believed_unseen: "⚠ Running but unknown to the store: {keys}",
    why_title: "Why decisions stopped",
    why_scale_half_scheduler: "scale half done: the controller manager created the missing copies, but the scheduler is down and did not act to give them a node",
    why_scale_half_nodes: "scale half done: the copies were created and placed, but the node agents are down and did not act to start them",
    why_scale_half: "scale half done: some copies are still pending",
    why_scale_halted_cm: "scale halted: the request landed (desired 5), but the controller manager is down and did not act, so no copy was created",
    why_scale_halted: "scale halted: the scale request never landed ({answer})",
    why_failure_unknown: "failure unknown: the death report of copy/collector-2 never landed ({answer}), so the store still counts it as running",
    why_failure_halted: "failure halted: the store knows copy/collector-2 is dead, but the {part} is down and did not act, so nothing replaced it",
    why_failure_half: "failure half done: a replacement exists but is not running yet",
    why_node_halted: "node halted: the registration of node/m4 never landed ({answer})",
    why_reads_halted: "reads halted: with the ledger unreachable, no read gets an answer",
    no_answer: "no answer",
    answer_written: "written",
    answer_out_of_schema: "out of schema",
    answer_api_down: "API server unavailable",
    answer_store_down: "state store unavailable",

    trace_title: "Trace",
    trace_region: "Trace steps",
    col_step: "#",
    col_component: "component",
    col_op: "op",
    col_key: "key",
    col_items: "items",
    col_rd: "rd",
    col_wr: "wr",
    trace_requests: "requests",
    trace_round: "round {n}",
    trace_summary: "components visited {components}   trace steps {steps}   store reads {reads}   store writes {writes}   revision {from} -> {to}   round {round}",

    matrix_title: "Failure matrix",
    matrix_hint: "Choose “Failure-matrix events”, take one part down (or none), and run to the end: its row fills in. ",
    matrix_progress: "{filled} of {total} rows run.",
    matrix_region: "Failure matrix rows",
    col_down: "down component",
    col_scale: "scale",
    col_failure: "failure",
    col_node: "node",
    col_reads: "reads",
    col_traffic: "traffic",
    col_believed_actual: "believed/actual",
    matrix_beyond: " (beyond the lesson)",
    traffic_continues: "continues",
    traffic_stops: "stops",
    not_yet: "—",

    share_title: "Share this view",
    share_make: "Make a link",
    share_link: "Link: ",
};

/// English texts of the assignments build.
pub static EN_ASSIGNMENTS: AssignmentMessages = AssignmentMessages {
    lang: "en",
    share_predictions: " include my predictions",
    link_not_predictions: "not a set of predictions: {why}",
    assignment_loading: "Loading the assignment \"{path}\"…",
    assignment_unusable: "This assignment cannot be used",
    assignment_unusable_hint: "The lab below still works; ask your teacher for a corrected link.",
    assignment_not_usable: "{origin} is not a usable assignment: {why}",
    assignment_no_key: "{origin}: {why}",
    assignment_link_broken: "The assignment link is broken: {why}",
    assignment_from_link: "The link's assignment",
    assignment_from_file: "\"{path}\"",
    fetch_failed: "The assignment could not load \"{path}\" ({why})",
    fetch_network: "the network request failed",
    fetch_http: "HTTP {status}",
    fetch_unreadable: "its text could not be read",
    storage_none: "this browser offers no storage here",
    storage_blocked: "storage is blocked here",
    storage_full: "storage is full or blocked",
    storage_page_only: "Answers are kept in this page only: {why}. Your answers will not survive a reload here: use Export to keep them.",
    storage_lost: "Your answers will not survive a reload here: use Export to keep them.",
    record_newer: "The saved answers come from a newer version of the lab (record version {version}); they are left untouched and this page works in memory.",
    record_corrupt: "The saved answers could not be read ({why}).",
    record_kept_aside: "They were kept aside under \"{key}\"; you start afresh.",
    record_not_kept_aside: "They could not be kept aside ({why}) and are left untouched.",
    predictions_kept: "The link carries predictions; the ones saved in this browser were kept.",
    save_failed: "Your answers could not be saved ({why}). They are kept in this page: use Export to keep them.",
    run_blocked: "Fix these before running: {items}.",
    run: "Run: lock my predictions",
    run_locked: "🔒 Predictions locked",
    notice_mark: "ℹ ",
    tolerance: " (±{n})",
    choose: "choose…",
    entry_empty: "enter a prediction",
    entry_not_a_number: "\"{text}\" is not a whole number",
    entry_negative: "counts cannot be negative",
    entry_not_a_verdict: "\"{text}\" is not one of {verdicts}",
    quantity_steps: "trace steps",
    quantity_reads: "store reads (items)",
    quantity_writes: "store writes",
    quantity_revision: "final revision",
    quantity_rounds: "rounds",
    quantity_components: "components visited",
    matrix_item: "{down} down: {cell}",
    matrix_item_healthy: "nothing down: {cell}",
    cell_believed: "believed",
    cell_actual: "actual",
    score: "Score: {correct} / {total}",
    reveal_region: "Your predictions and the actual values",
    col_item: "item",
    col_prediction: "your prediction",
    col_actual: "actual",
    col_difference: "difference",
    col_result: "result",
    col_see: "see",
    result_invalid: "✗ {why}",
    result_correct: "✓ correct",
    result_off_by: "✗ off by {n}",
    result_wrong: "✗ wrong",
    see_matrix_row: "matrix row “{name}”",
    see_trace: "the trace",
    see_read_step: "#{n} ({items})",
    see_step: "#{n}",
    export_json: "Export report (JSON)",
    export_csv: "Export report (CSV)",
    export_failed: "The report could not be exported: {why}",

    review_title: "Review a lab report",
    review_file: "Report file (JSON) ",
    review_failed: "This file cannot be reviewed: {why}",
    review_score: "Score: {correct} / {total} · {time}",
    review_line: "{label}: predicted {predicted}{actual} — {mark}",
    review_actual: ", actual {actual}",
    file_none: "no file chosen",
    file_unreadable: "the file could not be read",
    file_not_made: "the file could not be made",
    e_invalid_json: "invalid JSON: {why}",
    e_scenario_too_large: "the scenario is larger than {mib} MiB",
    e_unknown_component: "unknown component \"{found}\"; use null or one of {names}",
    e_not_component: "must be null or a component name, found {kind}",
    e_must_be: "must be {what}, found {kind}",
    e_unknown_field: "unknown field \"{name}\" (expected {fields})",
    e_missing_field: "missing field \"{field}\"",
    e_not_whole: "must be a whole number from {lo} to {hi}, found {kind}",
    e_negative: "must not be negative, found {found}",
    e_fraction: "must be a whole number, found {found}",
    e_too_big: "must be at most {hi}, found {found}",
    e_out_of_range: "must be from {lo} to {hi}, found {found}",
    e_not_string: "must be a string, found {kind}",
    e_too_many_entries: "has {n} entries; at most {max} are allowed",
    e_outside_schema: "key is outside the schema (keys start with service/, copy/ or node/)",
    e_not_requests: "must be an array of requests, found {kind}",
    e_too_many_requests: "has {n} requests; at most {max} are allowed",
    e_not_a_value: "must be a service {desired}, a copy {service, node, status} or a node {capacity, health}",
    e_unknown_status: "unknown status \"{found}\"; use \"pending\", \"running\" or \"dead\"",
    e_unknown_health: "unknown health \"{found}\"; use \"alive\" or \"dead\"",
    e_step_limit: "the run was stopped after {steps} trace steps; lower desired counts or max_rounds",
    e_assignment_too_large: "the assignment is too large",
    e_no_version: "missing field \"version\" (this lab reads version {version})",
    e_newer_assignment: "version {version} is newer than this lab (it reads version {supported})",
    e_too_long: "is longer than {max} characters",
    e_no_title: "an assignment needs a title",
    e_asks_nothing: "the assignment asks for nothing: list quantities in \"predict\" or rows and cells in \"matrix\"",
    e_not_bool: "must be true or false, found {kind}",
    e_not_names: "must be an array of names, found {kind}",
    e_unknown_quantity: "unknown quantity \"{found}\" (expected one of {expected})",
    e_unknown_row: "unknown row \"{found}\" (expected one of {expected})",
    e_unknown_cell: "unknown cell \"{found}\" (expected one of {expected})",
    e_not_a_report: "not a lab report: {why}",
    e_newer_report: "report version {version} is newer than this lab",
    e_link_character: "the link's assignment code has a character that does not belong: '{found}'",
    e_link_damaged: "the link's assignment code is cut short or damaged",
    kind_null: "null",
    kind_boolean: "a boolean",
    kind_number: "a number",
    kind_string: "a string",
    kind_array: "an array",
    kind_object: "an object",
    what_scenario: "a scenario object",
    what_initial: "an object of key: value",
    what_request: "a request object {\"key\", \"value\"}",
    what_value: "a service, copy or node value",
    what_service: "a service value {\"desired\": N}",
    what_copy: "a copy value {\"service\", \"node\", \"status\"}",
    what_node: "a node value {\"capacity\": N, \"health\"}",
    what_assignment: "an assignment object",
    what_tolerance: "an object of name: whole number",
    what_matrix: "an object {\"rows\", \"cells\"}",
};

/// Every language the lab has a table for; the first is the default.
pub static LANGUAGES: [&Messages; 1] = [&EN];

/// The assignments build's tables, one per language of [`LANGUAGES`]. Apart, so the plain lab
/// carries none of these texts.
pub static ASSIGNMENT_LANGUAGES: [&AssignmentMessages; 1] = [&EN_ASSIGNMENTS];

/// The table for `lang` (`en`, or `en-GB` and the like by its first part), if the lab has one.
pub fn for_lang(lang: &str) -> Option<&'static Messages> {
    let base = lang.split(['-', '_']).next().unwrap_or_default();
    LANGUAGES.iter().copied().find(|m| m.lang.eq_ignore_ascii_case(base))
}

/// The assignment texts in the language of `t` (English if it has none).
pub fn assignment_texts(t: &Messages) -> &'static AssignmentMessages {
    ASSIGNMENT_LANGUAGES.iter().copied().find(|a| a.lang == t.lang).unwrap_or(&EN_ASSIGNMENTS)
}

/// A template of the assignment texts.
pub type Template = fn(&AssignmentMessages) -> &'static str;

/// What is wrong with a file, said in any language the lab has: a template of the assignment
/// texts and its values (some of them texts of the table too, like "a string").
#[derive(Clone)]
pub struct Problem {
    template: Template,
    args: Vec<(&'static str, Arg)>,
}

/// A value of a [`Problem`].
#[derive(Clone)]
enum Arg {
    Plain(String),
    Text(Template),
}

impl Problem {
    /// The problem `template` says, before its values are added.
    pub fn of(template: Template) -> Problem {
        Problem { template, args: Vec::new() }
    }

    /// The same with `{name}` set to `value`.
    pub fn with(mut self, name: &'static str, value: impl Display) -> Problem {
        self.args.push((name, Arg::Plain(value.to_string())));
        self
    }

    /// The same with `{name}` set to another text of the table.
    pub fn with_text(mut self, name: &'static str, text: Template) -> Problem {
        self.args.push((name, Arg::Text(text)));
        self
    }

    /// The problem in `a`'s language.
    pub fn text(&self, a: &AssignmentMessages) -> String {
        let values: Vec<(&str, String)> = self
            .args
            .iter()
            .map(|(name, arg)| match arg {
                Arg::Plain(s) => (*name, s.clone()),
                Arg::Text(t) => (*name, t(a).to_string()),
            })
            .collect();
        let args: Vec<(&str, &dyn Display)> = values.iter().map(|(n, v)| (*n, v as &dyn Display)).collect();
        fill((self.template)(a), &args)
    }
}

/// In English.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&EN_ASSIGNMENTS))
    }
}

impl fmt::Debug for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Problem({:?})", self.to_string())
    }
}

/// Two problems are the same when they say the same (templates are compared by their text).
impl PartialEq for Problem {
    fn eq(&self, other: &Problem) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Problem {}

/// `template` with each `{name}` replaced by its value in `args`. A placeholder with no value
/// stays as it is (a test checks that none does).
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let found = after.find('}').and_then(|close| {
            let name = &after[..close];
            args.iter().find(|(n, _)| *n == name).map(|(_, value)| (value, close))
        });
        match found {
            Some((value, close)) => {
                out.push_str(&value.to_string());
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The `{name}` placeholders of a template, in order.
pub fn placeholders(template: &str) -> Vec<&str> {
    template
        .split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(name, _)| name))
        .filter(|name| !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
        .collect()
}

impl Messages {
    /// A part's name.
    pub fn part(&self, part: Part) -> &'static str {
        match part {
            Part::ApiServer => self.part_api_server,
            Part::StateStore => self.part_state_store,
            Part::Scheduler => self.part_scheduler,
            Part::ControllerManager => self.part_controller_manager,
            Part::NodeAgents => self.part_node_agents,
        }
    }

    /// A failure-matrix row's name: the part down, or none.
    pub fn down(&self, down: Option<Part>) -> &'static str {
        down.map_or(self.part_none, |p| self.part(p))
    }

    /// A trace op.
    pub fn op(&self, op: Op) -> &'static str {
        match op {
            Op::Read => self.op_read,
            Op::Write => self.op_write,
            Op::Remove => self.op_remove,
        }
    }

    /// A verdict word.
    pub fn verdict(&self, v: Verdict) -> &'static str {
        match v {
            Verdict::Done => self.verdict_done,
            Verdict::Half => self.verdict_half,
            Verdict::Halted => self.verdict_halted,
            Verdict::Unknown => self.verdict_unknown,
        }
    }

    /// A store value, shortly: `desired 5`, `node node/m1, pending`, `capacity 4, alive`.
    pub fn value(&self, value: &Value) -> String {
        match value {
            Value::Service(s) => fill(self.value_service, &[("desired", &s.desired)]),
            Value::Copy(c) => {
                let status = match c.status {
                    Status::Pending => self.status_pending,
                    Status::Running => self.status_running,
                    Status::Dead => self.status_dead,
                };
                match &c.node {
                    Some(node) => fill(self.value_copy_placed, &[("node", node), ("status", &status)]),
                    None => fill(self.value_copy_unplaced, &[("status", &status)]),
                }
            }
            Value::Node(n) => {
                let health = match n.health {
                    Health::Alive => self.health_alive,
                    Health::Dead => self.health_dead,
                };
                fill(self.value_node, &[("capacity", &n.capacity), ("health", &health)])
            }
        }
    }

    /// `1 item` or `{n} items`.
    pub fn items(&self, n: usize) -> String {
        if n == 1 {
            self.items_one.to_string()
        } else {
            fill(self.items_many, &[("n", &n)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_are_filled_by_name() {
        assert_eq!(fill("Step {step} of {total}", &[("total", &17), ("step", &8)]), "Step 8 of 17");
        assert_eq!(fill("{a}{a} {b}", &[("a", &"x"), ("b", &1)]), "xx 1");
        // Braces that are not a known placeholder stay, and values are not re-read as templates.
        assert_eq!(fill("{x} {", &[("y", &1)]), "{x} {");
        assert_eq!(fill("{a}", &[("a", &"{a}")]), "{a}");
        assert_eq!(placeholders("a {b} {c_d} {} {E}"), ["b", "c_d"]);
    }

    fn same_placeholders(lang: &str, english: Vec<(&str, &str)>, other: Vec<(&str, &str)>) {
        for ((name, en), (_, text)) in english.into_iter().zip(other) {
            assert!(!text.is_empty(), "{lang}: {name} is empty");
            let (mut want, mut have) = (placeholders(en), placeholders(text));
            want.sort_unstable();
            have.sort_unstable();
            assert_eq!(want, have, "{lang}: {name} has other placeholders than English");
        }
    }

    #[test]
    fn every_language_has_every_text_with_the_english_placeholders() {
        assert_eq!(LANGUAGES.len(), ASSIGNMENT_LANGUAGES.len());
        for table in LANGUAGES {
            same_placeholders(table.lang, EN.entries(), table.entries());
            let assignments = assignment_texts(table);
            assert_eq!(assignments.lang, table.lang, "{}: no assignment texts", table.lang);
            same_placeholders(table.lang, EN_ASSIGNMENTS.entries(), assignments.entries());
        }
    }

    #[test]
    fn languages_are_found_by_code() {
        assert_eq!(for_lang("en").map(|m| m.lang), Some("en"));
        assert_eq!(for_lang("EN-gb").map(|m| m.lang), Some("en"));
        assert!(for_lang("fr").is_none());
        assert!(for_lang("").is_none());
    }

    #[test]
    fn a_pseudo_language_changes_every_text() {
        let pseudo = EN.map(|t| Box::leak(format!("⟦{t}⟧").into_boxed_str()));
        for ((name, en), (_, p)) in EN.entries().into_iter().zip(pseudo.entries()) {
            assert_eq!(p, format!("⟦{en}⟧"), "{name}");
        }
    }
}
