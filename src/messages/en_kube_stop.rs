//! The page `?kube=1`'s texts of the overview's quiz stops in English.

use super::KubeStopMessages;

/// The page `?kube=1`'s texts of the overview's quiz stops in English.
pub static EN_KUBE_STOP: KubeStopMessages = KubeStopMessages {
    lang: "en",
    title: "Quiz stop: {title}",
    title_etcd_writer: "who writes etcd",
    title_kube_proxy: "what kube-proxy does",
    title_etcd_sizes: "why odd etcd sizes",
    look_etcd_writer: "The cursor is at this run's first etcd write. Read the trace's rows just before it and the diagram's links to etcd: which part hands etcd this write? The • marks under the scrubber are the run's other writes; ask the same of each.",
    look_kube_proxy: "This run adds a Service to the Deployment. The cursor is where a node's kube-proxy first syncs rules with a ready Pod in them: read the step's note in the trace, an address and where it leads, and what else kube-proxy does in the run.",
    look_etcd_sizes: "{members} etcd members, {down} of them down at {at}, the leader first. The cursor is where etcd's last stretch of the run begins: read the timeline's etcd lane and the moments under it. Do writes go on? Then compare the other sizes:",
    run_label: "{members} members, {down} down",
    moment: "The stop's moment: step {step} of {total}, at {at}.",
    back: "Back to the moment",
    sealed: "Opened from an assignment: the page says where to look, not what you will see.",
    seen_write: "etcd commits {key} for {writer}. This run's etcd writes by the part that sent them: {writers}.",
    writer_writes: "{writer} {n}",
    seen_rules: "{proxy} programs {rules}: the Service's address led to its Pods. kube-proxy's steps in this run: {verbs}.",
    verb_steps: "{verb} {n}",
    seen_resumed: "From {at} {leader} leads with {quorum} of the {members} members, a quorum: writes go on.",
    seen_stopped: "From {at} no member leads and fewer than {quorum} of the {members} are up: etcd commits no write to the run's end.",
    others: "The other stops:",
    unknown: "There is no quiz stop {found} (the stops: {stops}).",
};
