//! The page `?kube=1`'s texts of the overview's quiz stops (issue 31), in a table of their own:
//! only that page shows them, and only when a link opens a stop.

messages! {
    /// The texts of the page `?kube=1`'s guided stops, in one language.
    KubeStopMessages {
        /// The language's code (the same as its [`super::Messages`]).
        lang,
        /// The stop's heading: `{title}`.
        title,
        /// The stop `etcd-writer`'s title.
        title_etcd_writer,
        /// The stop `kube-proxy`'s title.
        title_kube_proxy,
        /// The stop `etcd-sizes`'s title.
        title_etcd_sizes,
        /// Where to look in the stop `etcd-writer` (never what is seen there).
        look_etcd_writer,
        /// Where to look in the stop `kube-proxy` (never what is seen there).
        look_kube_proxy,
        /// Where to look in a run of the stop `etcd-sizes`: `{members}`, `{down}`, `{at}`.
        look_etcd_sizes,
        /// A run of the stop `etcd-sizes`, as a link: `{members}`, `{down}`.
        run_label,
        /// The stop's moment: `{step}`, `{total}`, `{at}`.
        moment,
        /// Moves the cursor back to the moment.
        back,
        /// What the moment shows, opened sealed (from an assignment): said instead of it.
        sealed,
        /// etcd's first write: `{key}`, `{writer}`, and every writer with its writes, `{writers}`.
        seen_write,
        /// One writer and its writes: `{writer}`, `{n}`.
        writer_writes,
        /// kube-proxy's rules: `{proxy}`, `{rules}`, and kube-proxy's steps by verb, `{verbs}`.
        seen_rules,
        /// One verb and its steps: `{verb}`, `{n}`.
        verb_steps,
        /// Writes go on: `{at}`, `{leader}`, `{quorum}`, `{members}`.
        seen_resumed,
        /// Writes stopped: `{at}`, `{quorum}`, `{members}`.
        seen_stopped,
        /// The other stops: before their links.
        others,
        /// A link's stop that is none: `{found}`, `{stops}`.
        unknown,
    }
}
