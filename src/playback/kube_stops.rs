//! The guided stops of the overview's quiz (issue 31): for each question a run of the page
//! `?kube=1` that answers it (the manifest and the cluster's fields, as the page's own setup
//! takes them) and the moment of that run where the answer is seen, found in the run itself:
//! the first etcd write and the component that sent it; the first time a node's kube-proxy
//! programs a Service's address to its Pods; for etcd's sizes, where etcd's last stretch of the
//! run begins, a leader with a quorum (writes go on) or neither (writes stopped). No step number
//! is written here: each is found in the run, so a change of the model moves the moment with it.
//! Pure; the golden is tests/golden/kube/stops.txt (tests/kube_stops.rs).

use super::kube::KubeRecording;
use super::kube_setup::SetupFields;
use super::kube_timeline::timeline;
use crate::kube::ha::etcd::quorum;
use crate::kube::manifest_default::DEPLOY_YAML;
use crate::kube::Run;

/// The overview's Service for the Deployment (`tests/kube/service.yaml`): kube-proxy has
/// nothing to program without one.
const SERVICE_YAML: &str = include_str!("../../tests/kube/service.yaml");

/// When the etcd members of a size's run go down (s): just after the start, as a member pressed
/// at the first step goes down, so the run's first writes are committed before.
pub const MEMBERS_DOWN_AT: &str = "0.01";

/// What a stop looks for in its run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// The first etcd write, and who sent it.
    FirstWrite,
    /// The first rules a kube-proxy programs for a Service with an endpoint.
    ProxyRules,
    /// Whether writes go on with some etcd members down.
    Quorum,
}

/// One run of a stop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StopRun {
    /// Whether the manifest adds the Service to the page's Deployment.
    pub service: bool,
    /// etcd's members.
    pub members: u32,
    /// How many of them go down (members 1 to `down`, the first leader first).
    pub down: u32,
    /// What its moment is.
    pub look: Look,
}

/// A guided stop: its name (one of `formats::choice::STOPS`) and its runs (one, or one per
/// size of etcd to compare).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    /// The name a link and an assignment give it (`etcd-writer`).
    pub id: &'static str,
    /// Its runs; the first opens with the stop.
    pub runs: Vec<StopRun>,
}

/// Every stop, in the quiz's order.
pub fn stops() -> Vec<Stop> {
    let one = |service, look| vec![StopRun { service, members: 1, down: 0, look }];
    let sizes = [3, 4, 5]
        .into_iter()
        .flat_map(|members| {
            (1..=2).map(move |down| StopRun { service: false, members, down, look: Look::Quorum })
        })
        .collect();
    vec![
        Stop { id: "etcd-writer", runs: one(false, Look::FirstWrite) },
        Stop { id: "kube-proxy", runs: one(true, Look::ProxyRules) },
        Stop { id: "etcd-sizes", runs: sizes },
    ]
}

/// The stop called `id`.
pub fn stop(id: &str) -> Option<Stop> {
    stops().into_iter().find(|s| s.id == id)
}

impl StopRun {
    /// The manifest it runs: the page's Deployment, and the Service when it needs one.
    pub fn manifest(&self) -> String {
        if self.service {
            format!("{DEPLOY_YAML}---\n{SERVICE_YAML}")
        } else {
            DEPLOY_YAML.to_string()
        }
    }

    /// The page's fields for its cluster, as a student would type them.
    pub fn fields(&self) -> SetupFields {
        let faults: Vec<String> = (1..=self.down).map(|k| format!("etcd/{k}@{MEMBERS_DOWN_AT}")).collect();
        SetupFields { etcd: self.members.to_string(), faults: faults.join("\n"), ..SetupFields::default() }
    }
}

/// What a stop's moment shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    /// etcd writes `key` for `writer`; `writers` is every writer of the run with its writes.
    Write { key: String, writer: String, writers: Vec<(String, usize)> },
    /// `proxy` programs `rules` (a Service's address to its Pods' addresses); `verbs` is every
    /// kube-proxy's steps of the run by verb, in order of the first.
    Rules { proxy: String, rules: String, verbs: Vec<(String, usize)> },
    /// With `down` of `members` down: from the moment on, `leader` leads with a quorum (writes
    /// go on), or none does and `quorum` members are not up (writes stopped).
    Writes { members: u32, down: u32, quorum: u32, leader: Option<String> },
}

/// A stop's moment in its run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    /// The cursor that shows the run up to and including it.
    pub cursor: usize,
    /// When (ms).
    pub at_ms: u64,
    /// What it shows.
    pub seen: Seen,
}

/// Each etcd write of `run` (its step's place) and the component that sent it: the step right
/// before the `put` is the API request kube-apiserver served (it carries the request), so the
/// write is kube-apiserver's; any other step before it is that step's own component's. The
/// simulation has one write path, kube-apiserver's, as a cluster set up as Kubernetes advises:
/// "ideally only the API server should have access to it" (kubernetes/website
/// `content/en/docs/tasks/administer-cluster/configure-upgrade-etcd.md`, "Securing etcd
/// clusters"). `cplab check`'s fact `etcd-writers` is this list's writers.
pub fn etcd_writes(run: &Run) -> Vec<(usize, &str)> {
    let trace = &run.trace;
    let puts = trace.iter().enumerate().filter(|(_, s)| s.component == "etcd" && s.verb == "put");
    puts.map(|(i, _)| {
        let writer = match i.checked_sub(1).map(|j| &trace[j]) {
            Some(b) if b.request.is_some() => "kube-apiserver",
            Some(b) => b.component.as_str(),
            None => "etcd",
        };
        (i, writer)
    })
    .collect()
}

/// The components that write etcd in `run`, in order of their first write, with their writes.
pub fn etcd_writers(run: &Run) -> Vec<(String, usize)> {
    counted(etcd_writes(run).into_iter().map(|(_, writer)| writer))
}

/// Each of `names` once, in order of its first, with how often it comes.
fn counted<'a>(names: impl Iterator<Item = &'a str>) -> Vec<(String, usize)> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for name in names {
        match counts.iter_mut().find(|(n, _)| n == name) {
            Some((_, n)) => *n += 1,
            None => counts.push((name.to_string(), 1)),
        }
    }
    counts
}

impl StopRun {
    /// Its moment in `recording` (a run of [`StopRun::manifest`] on [`StopRun::fields`]); none
    /// when the run lacks it.
    pub fn moment(&self, recording: &KubeRecording) -> Option<Moment> {
        let run = &recording.run;
        match self.look {
            Look::FirstWrite => {
                let &(i, writer) = etcd_writes(run).first()?;
                let (key, writers) = (run.trace[i].key.clone(), etcd_writers(run));
                let seen = Seen::Write { key, writer: writer.to_string(), writers };
                Some(Moment { cursor: i + 1, at_ms: run.trace[i].at_ms, seen })
            }
            Look::ProxyRules => {
                // The first rules that lead a Service's address to a ready endpoint: `kube::kubelet`
                // writes them `10.96.0.10:80 -> 10.244.1.2:80`, and a Service with none as `no
                // endpoints (REJECT)`.
                let i = run.trace.iter().position(|s| {
                    s.component.starts_with("kube-proxy/")
                        && s.verb == "sync rules"
                        && s.note.contains(" -> ")
                })?;
                let s = &run.trace[i];
                let proxies = run.trace.iter().filter(|s| s.component.starts_with("kube-proxy/"));
                let verbs = counted(proxies.map(|s| s.verb));
                let seen = Seen::Rules { proxy: s.component.clone(), rules: s.note.clone(), verbs };
                Some(Moment { cursor: i + 1, at_ms: s.at_ms, seen })
            }
            Look::Quorum => {
                // etcd's last stretch of the run, as the page's timeline lane draws it.
                let nodes: Vec<String> = recording.scenario.nodes.iter().map(|n| n.name.clone()).collect();
                let last = timeline(run, &nodes).etcd.pop()?;
                let leader = last.value.leader.filter(|_| last.value.quorum);
                let cursor = run.trace.partition_point(|s| s.at_ms <= last.from_ms);
                let (members, down) = (self.members, self.down);
                let seen = Seen::Writes { members, down, quorum: quorum(members), leader };
                Some(Moment { cursor, at_ms: last.from_ms, seen })
            }
        }
    }
}
