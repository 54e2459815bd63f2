//! The sim's side of issue 31's plan (`ha_plan`): etcd's leader and quorum changing, a
//! leader-elected part losing and winning its Lease, kube-apiserver replicas (clients move to
//! another), a whole node down, and the Lease renewals recorded as etcd writes in the
//! background.

use super::ha::etcd::{quorum, Outcome, NEW_LEADER_MS};
use super::ha::lease::{LEASE_DURATION_MS, RENEW_DEADLINE_MS};
use super::ha_plan::HaWork;
use super::scenario::{Part, Replicated, Scenario};
use super::sim::{Count, Sim, Work};

/// The parts a fault takes down in the sim. With the Lease side on, a part that runs as
/// members or replicas goes down as each of them (the plan turns their loss into the part's);
/// otherwise, as issue 30's model, the part itself.
pub fn fault_parts(scenario: &Scenario, part: Part, leases: bool) -> Vec<Part> {
    if !leases {
        return vec![part];
    }
    let replicas = |r: Replicated| (1..=scenario.replicas.of(r)).map(move |k| Part::Replica(r, k));
    match part {
        Part::Etcd => (1..=scenario.etcd).map(Part::EtcdMember).collect(),
        Part::KubeApiserver => replicas(Replicated::KubeApiserver).collect(),
        Part::KubeScheduler => replicas(Replicated::KubeScheduler).collect(),
        Part::KubeControllerManager => replicas(Replicated::KubeControllerManager).collect(),
        other => vec![other],
    }
}

impl Sim {
    /// The moment a write waits for when etcd is electing a leader (a quorum up, no leader).
    pub(crate) fn etcd_election_ends(&self) -> Option<u64> {
        match self.etcd.as_ref()?.write_outcome(self.now) {
            Outcome::Done { at_ms } if at_ms > self.now => Some(at_ms),
            _ => None,
        }
    }

    /// Records the Lease requests due by `at_ms` (background work: it never keeps a run going).
    pub(crate) fn renew_until(&mut self, at_ms: u64) {
        while self.renewals.front().is_some_and(|r| r.at_ms <= at_ms) {
            let Some(r) = self.renewals.pop_front() else { break };
            self.now = self.now.max(r.at_ms);
            let key = format!("/registry/leases/{}", r.lease);
            let (verb, count, note) = match r.verb {
                "get" => {
                    ("get lease", Count::Read(1), "a replica not leading tries to acquire it".to_string())
                }
                "acquire" => {
                    self.ledger.put_unkept();
                    let why = if r.at_ms == 0 { "no holder: acquired" } else { "expired: taken over" };
                    ("acquire lease", Count::Write, why.to_string())
                }
                _ => {
                    self.ledger.put_unkept();
                    ("renew lease", Count::Write, String::new())
                }
            };
            self.record(r.who, verb, key, count, 0, note, None);
        }
    }

    /// One moment of the plan.
    pub(crate) fn ha_work(&mut self, work: HaWork) {
        match work {
            HaWork::Etcd { leader, believed, quorum: has_quorum, up } => {
                self.etcd_changed(leader, believed, has_quorum, up)
            }
            HaWork::LeaderLost(part, replica, gave_up) => {
                let note = if replica == 0 {
                    format!("no replica of {} is up to acquire its Lease", part.name())
                } else if gave_up {
                    format!("{}/{replica} could not renew within RenewDeadline ({} s): it stops leading and exits", part.name(), RENEW_DEADLINE_MS / 1000)
                } else {
                    format!("{}/{replica}, the leader, is down: nobody renews its Lease; standbys wait until it expires (LeaseDuration {} s)", part.name(), LEASE_DURATION_MS / 1000)
                };
                self.part_down_as(part.part(), part.name().to_string(), "NO LEADER", note);
            }
            HaWork::LeaderWon(part, replica) => {
                let note = format!("acquired the Lease: {} leads", part.name());
                self.part_up_as(part.part(), format!("{}/{replica}", part.name()), "LEADER", note);
            }
            HaWork::NodeKnows(node, unknown) => self
                .guarded(work_of(HaWork::NodeKnows(node.clone(), unknown)), |s| s.node_knows(&node, unknown)),
            HaWork::NodeTaint(node, unknown) => self
                .guarded(work_of(HaWork::NodeTaint(node.clone(), unknown)), |s| s.node_taint(&node, unknown)),
            HaWork::NodeEvict(node) => {
                self.guarded(work_of(HaWork::NodeEvict(node.clone())), |s| s.node_evict(&node))
            }
            HaWork::NodeBack(node) => self.node_back(&node),
            HaWork::NodeUntaint(node, no_execute) => self
                .guarded(work_of(HaWork::NodeUntaint(node.clone(), no_execute)), |s| {
                    s.node_untaint(&node, no_execute)
                }),
        }
    }

    /// Node lifecycle work runs in kube-controller-manager: with it (or kube-apiserver) down,
    /// the work waits for it.
    fn guarded(&mut self, work: Work, act: impl FnOnce(&mut Sim)) {
        if !self.is_up(&Part::KubeControllerManager) {
            return self.park(Part::KubeControllerManager, work);
        }
        act(self)
    }

    fn etcd_changed(&mut self, leader: Option<u32>, believed: bool, has_quorum: bool, up: u32) {
        let members = self.etcd.as_ref().map_or(1, |c| c.members());
        let q = quorum(members);
        let before = self.etcd.as_ref().and_then(|c| c.leader_at(self.now.saturating_sub(1)));
        if !has_quorum && self.down.insert(Part::Etcd) {
            let note =
                format!("{up} of {members} members up, quorum {q}: no write commits (each fails after 7 s)");
            self.record("etcd".into(), "NO QUORUM", String::new(), Count::Nothing, 0, note, None);
        }
        if has_quorum && self.down.remove(&Part::Etcd) {
            let note = format!("{up} of {members} members up: quorum {q} again; a leader is elected next");
            self.record("etcd".into(), "QUORUM", String::new(), Count::Nothing, 0, note, None);
            self.release(&Part::Etcd);
        }
        match leader {
            Some(k) if before != Some(k) => {
                let note = format!("member {k} elected: writes commit again (the election takes NEW_LEADER_MS, {NEW_LEADER_MS} ms)");
                self.record(format!("etcd/{k}"), "LEADER", String::new(), Count::Nothing, 0, note, None);
                self.release(&Part::Etcd);
            }
            None if !believed => {
                let note =
                    "no leader's heartbeat for an election timeout (1000 ms): the members know".to_string();
                self.record("etcd".into(), "NO LEADER", String::new(), Count::Nothing, 0, note, None);
            }
            _ => {}
        }
    }

    /// After a part went down: a kube-apiserver replica's clients move to another (all down:
    /// kube-apiserver is down); a whole node takes its kubelet, runtime and kube-proxy with it,
    /// and its containers stop.
    pub(crate) fn ha_part_down(&mut self, part: &Part) {
        match part {
            Part::Replica(Replicated::KubeApiserver, k) => {
                let next = (1..=self.apiservers)
                    .map(|j| (k + j - 1) % self.apiservers + 1)
                    .find(|j| self.is_up(&Part::Replica(Replicated::KubeApiserver, *j)));
                match next {
                    None => {
                        let note = "every replica is down".to_string();
                        self.part_down_as(Part::KubeApiserver, "kube-apiserver".into(), "DOWN", note);
                    }
                    Some(j) => self.move_watches(*k, j),
                }
            }
            Part::Node(node) => {
                for p in
                    [Part::Kubelet(node.clone()), Part::Runtime(node.clone()), Part::KubeProxy(node.clone())]
                {
                    let note = format!("node/{node} is down");
                    self.part_down_as(p.clone(), p.to_string(), "DOWN", note);
                }
                if let Some(world) = self.world.nodes.get_mut(node) {
                    world.pods.clear();
                    world.rules.clear();
                }
            }
            _ => {}
        }
    }

    /// After a part came back: a kube-apiserver replica back when all were down; a whole node
    /// back starts its runtime, kubelet and kube-proxy again (its containers stopped with it:
    /// the kubelet starts its pods again, and ends those deleted meanwhile).
    pub(crate) fn ha_part_up(&mut self, part: &Part) {
        match part {
            Part::Replica(Replicated::KubeApiserver, _) => {
                let note = "a replica is back".to_string();
                self.part_up_as(Part::KubeApiserver, "kube-apiserver".into(), "UP", note);
            }
            Part::Node(node) => {
                for p in
                    [Part::Runtime(node.clone()), Part::Kubelet(node.clone()), Part::KubeProxy(node.clone())]
                {
                    let note = format!("node/{node} is back");
                    self.part_up_as(p.clone(), p.to_string(), "UP", note);
                }
            }
            _ => {}
        }
    }

    /// The watches kube-apiserver replica `from` served break; each client watches again through
    /// replica `to`, from the revision it had seen (no items read).
    fn move_watches(&mut self, from: u32, to: u32) {
        for i in 0..self.informers.len() {
            if self.served_by.get(i) != Some(&from) {
                continue;
            }
            self.served_by[i] = to;
            let informer = &self.informers[i];
            if !informer.watching {
                continue;
            }
            let (actor, resource, seen) = (informer.actor.clone(), informer.resource, informer.seen);
            let request = self.read_request(&actor.user(), "watch", resource, "");
            let note = format!("moved to kube-apiserver/{to}: resumed from revision {seen}");
            let prefix = format!("{}/", resource.prefix());
            self.record(actor.name(), "WATCH", prefix, Count::Nothing, 0, note, Some(request));
            self.at(self.now, Work::Pump(i));
        }
    }
}

fn work_of(work: HaWork) -> Work {
    Work::Ha(work)
}
