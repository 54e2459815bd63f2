//! The page `?kube=1`'s texts of issue 31 (the cluster's replicas and faults, the timeline, the
//! blast table's seconds), in a table of their own beside [`super::KubeMessages`]: only that
//! page shows them, and they are one feature's, added and read together.

messages! {
    /// The texts of the page `?kube=1`'s high-availability and node views, in one language.
    KubeHaMessages {
        /// The language's code (the same as its [`super::Messages`]).
        lang,
        /// The scenario panel: heading.
        setup_title,
        /// What the fields are and how a fault is written.
        setup_hint,
        /// etcd's members: label.
        setup_etcd,
        /// A part's replicas: label, `{part}`.
        setup_replicas,
        /// The faults: label.
        setup_faults,
        /// The snapshot's second: label.
        setup_snapshot,
        /// The restore's second: label.
        setup_restore,
        /// Runs the cluster the fields describe.
        setup_run,
        /// Sets every field back to one of each, no fault.
        setup_default,
        /// A bad value: `{field}`, `{why}`.
        setup_problem,
        /// The faults' field at a line: `{line}`.
        setup_fault_line,
        /// The faults' field as a whole.
        setup_faults_field,
        /// The scenario as a whole (the model refused it).
        setup_cluster,
        /// The run shown on the command line: `{flags}`.
        setup_cli,
        /// The cluster the run shown uses: `{etcd}`, `{api}`, `{sched}`, `{cm}`.
        setup_shape,
        /// A link's cluster that could not be read: `{why}`.
        setup_link_bad,
        /// The timeline: heading.
        timeline_title,
        /// What the timeline shows.
        timeline_hint,
        /// The Lease side off: why the Lease lanes are missing.
        timeline_off,
        /// etcd's lane.
        lane_etcd,
        /// A Lease's lane: `{lease}`.
        lane_lease,
        /// A node's Ready lane: `{node}`.
        lane_ready,
        /// etcd over a span: `{leader}`, `{quorum}`.
        etcd_state,
        /// etcd without a leader.
        no_leader,
        /// A quorum of etcd's members is up.
        quorum,
        /// No quorum.
        no_quorum,
        /// A Lease held: `{who}`.
        held_by,
        /// A Lease whose holder is gone, still valid: `{who}`.
        expiring,
        /// A Lease nobody holds.
        free,
        /// A span: `{from}`, `{until}`, `{what}`.
        span,
        /// A lane's value at the cursor: `{what}`.
        lane_now,
        /// The moments marked on the scrubber: heading.
        moments_title,
        /// No moment in the run.
        moments_none,
        /// A moment: `{at}`, `{label}`, `{what}`, and the step it is shown at, `{step}`.
        moment,
        /// A moment's mark on the scrubber: `{step}`, `{at}`, `{label}`, `{what}`.
        moment_mark,
        /// The blast table's seconds: their heads, `|` between.
        blast_ha_heads,
        /// What the seconds are.
        blast_ha_hint,
        /// The restore's panel: heading.
        restore_title,
        /// Before the restore is shown: `{snapshot}`, `{revision}`, `{restore}`, `{step}`.
        restore_before,
        /// After it: `{restore}`, `{snapshot}`, `{before}`, `{revision}`, `{n}`.
        restore_done,
        /// The lost writes' heads, `|` between.
        restore_heads,
        /// Believed against running at the restore, and the kubelets' cleanup: `{believed}`,
        /// `{running}`, `{killed}`, `{pods}`, `{after}`.
        restore_reconciled,
        /// The same with nothing to kill: `{believed}`, `{running}`.
        restore_nothing_killed,
        /// Under the pods table: what runs that etcd does not hold for its node, `{pods}`.
        unbelieved,
        /// One such pod: `{pod}`, `{node}`.
        unbelieved_pod,
    }
}
