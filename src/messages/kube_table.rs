//! The real control plane's page's table (`?kube=1`, issue 30): the texts only that page shows.
//! Apart from [`super::Messages`], so the plain lab carries none of them; the toolbar's own
//! texts are the plain lab's, since the toolbar is the same.

messages! {
    /// The texts only the page `?kube=1` shows, in one language.
    KubeMessages {
        /// The language's code (the same as its [`super::Messages`]).
        lang,
        /// The page's title and heading.
        title,
        /// What the page is, under its heading.
        intro,
        /// The link back to the plain lab.
        back,
        /// The diagram: heading.
        diagram_title,
        /// What pressing a part does.
        diagram_hint,
        /// The control plane's group.
        control_plane,
        /// The worker nodes' group.
        workers,
        /// A part that is up.
        part_up,
        /// A part that is down.
        part_down,
        /// The part acting at the cursor.
        part_acting,
        /// A part pressed down that goes down at the next step.
        part_down_next,
        /// What pressing an up part does.
        part_take_down,
        /// What pressing a down part does.
        part_bring_back,
        /// etcd's revision: `{n}`.
        revision,
        /// etcd writing `{key}`.
        wrote,
        /// A node running no pod.
        no_pods,
        /// A pod whose containers run.
        pod_running,
        /// A pod with a sandbox whose containers do not run yet.
        pod_starting,
        /// The six steps: heading.
        stages_title,
        /// The six steps, in order.
        stage_1,
        /// Step 2.
        stage_2,
        /// Step 3.
        stage_3,
        /// Step 4.
        stage_4,
        /// Step 5.
        stage_5,
        /// Step 6.
        stage_6,
        /// A step begun.
        stage_begun,
        /// A step not begun yet.
        stage_waiting,
        /// The step the cursor is in.
        stage_now,
        /// A mark: step `{stage}` of kubectl apply begins.
        mark_stage,
        /// A mark: etcd writes `{key}`.
        mark_write,
        /// A mark's title: at step `{step}`, `{what}`.
        mark_title,
        /// The events table: heading.
        events_title,
        /// The pods table: heading.
        pods_title,
        /// A table with no row (kubectl's words).
        no_rows,
        /// `{n}` rows not drawn.
        rows_more,
        /// The trace: heading.
        trace_title,
        /// The blast radius: heading.
        blast_title,
        /// How a row fills.
        blast_hint,
        /// No row filled yet.
        blast_none,
        /// The blast table's column heads, `|`-separated.
        blast_heads,
        /// kubectl succeeded.
        blast_ok,
        /// kubectl failed.
        blast_fails,
        /// The student's manifest: heading.
        manifest_title,
        /// The paste box's label.
        manifest_label,
        /// The button that runs it.
        manifest_run,
        /// The file input's label.
        manifest_file,
        /// The button that puts the default Deployment back.
        manifest_default,
        /// A file that could not be read: `{why}`.
        manifest_unreadable,
        /// kubectl's terminal: heading.
        kubectl_title,
        /// The share link's label.
        share_label,
        /// A link's manifest that could not be read: `{why}`.
        link_bad,
        /// A link's code with a character that does not belong, `{found}` (the assignment
        /// table's `e_link_character`, word for word).
        link_character,
        /// A link's code cut short or damaged (the assignment table's `e_link_damaged`).
        link_damaged,
        /// The lesson's names beside the real ones: heading.
        words_title,
        /// The lesson's names, one line each, `|`-separated.
        words,
        /// The status strip: step `{step}` of `{total}`, `{ms}` ms, revision `{revision}`, `{down}`.
        status,
        /// Nothing down.
        down_none,
        /// The narration before any step.
        narrate_start,
        /// The narration of a step: `{component}` `{verb}` `{key}` `{note}`, at `{ms}` ms.
        narrate_step,
        /// The narration at the end of the run: `{steps}` steps, `{ms}` ms.
        narrate_end,
        /// The same when kube-apiserver answers a failure after the last step: `{steps}`, `{ms}`,
        /// the answer's `{code}` and when it arrives, `{answer}` ms.
        narrate_end_late,
        /// A run the page does not play: `{why}`.
        refused,
        /// The student's manifest waits for the page's manifest reader (loaded on first use).
        reading,
        /// The manifest reader could not load or answer: `{why}`.
        reader_failed,
        /// A run waits for the page's worker, which simulates it (loaded on first use).
        running,
        /// The worker could not run it: `{why}`.
        run_failed,
        /// Panels' navigation label.
        panels_label,
        /// Where a part of the page stands when its module (loaded after the page starts) did
        /// not arrive.
        later_missing,
    }
}
