//! The parts that run as several replicas (issue 31): kube-apiserver behind a load balancer,
//! kube-scheduler and kube-controller-manager electing a leader through a Lease; and how many
//! replicas a scenario runs of each.

use super::scenario::Part;
use serde::{Deserialize, Serialize};

/// The parts that run as several replicas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Replicated {
    /// kube-apiserver: every replica active behind a load balancer.
    KubeApiserver,
    /// kube-scheduler: one leader through the Lease `kube-system/kube-scheduler`.
    KubeScheduler,
    /// kube-controller-manager: one leader through `kube-system/kube-controller-manager`.
    KubeControllerManager,
}

impl Replicated {
    /// The three, in the order of `--replicas`' help.
    pub const ALL: [Replicated; 3] =
        [Replicated::KubeApiserver, Replicated::KubeScheduler, Replicated::KubeControllerManager];

    /// The part as a whole (all its replicas).
    pub fn part(self) -> Part {
        match self {
            Replicated::KubeApiserver => Part::KubeApiserver,
            Replicated::KubeScheduler => Part::KubeScheduler,
            Replicated::KubeControllerManager => Part::KubeControllerManager,
        }
    }

    /// Its name: `kube-scheduler`.
    pub fn name(self) -> &'static str {
        match self {
            Replicated::KubeApiserver => "kube-apiserver",
            Replicated::KubeScheduler => "kube-scheduler",
            Replicated::KubeControllerManager => "kube-controller-manager",
        }
    }

    /// Read from its name.
    pub fn parse(text: &str) -> Option<Replicated> {
        Replicated::ALL.into_iter().find(|r| r.name() == text)
    }
}

impl Part {
    /// Its name on the command line: `kube-apiserver`, `kubelet/node-1`.
    pub fn parse(text: &str) -> Option<Part> {
        let node = |n: &str| (!n.is_empty()).then(|| n.to_string());
        let number = |k: &str| k.parse::<u32>().ok().filter(|k| *k > 0);
        match text {
            "kube-apiserver" => Some(Part::KubeApiserver),
            "etcd" => Some(Part::Etcd),
            "kube-scheduler" => Some(Part::KubeScheduler),
            "kube-controller-manager" => Some(Part::KubeControllerManager),
            _ => match text.split_once('/') {
                Some(("kubelet", n)) => node(n).map(Part::Kubelet),
                Some(("kube-proxy", n)) => node(n).map(Part::KubeProxy),
                Some(("runtime", n)) => node(n).map(Part::Runtime),
                Some(("node", n)) => node(n).map(Part::Node),
                Some(("etcd", k)) => number(k).map(Part::EtcdMember),
                Some((part, k)) => Some(Part::Replica(Replicated::parse(part)?, number(k)?)),
                _ => None,
            },
        }
    }

    /// The node it runs on, for node parts.
    pub fn node(&self) -> Option<&str> {
        match self {
            Part::Kubelet(n) | Part::KubeProxy(n) | Part::Runtime(n) | Part::Node(n) => Some(n),
            _ => None,
        }
    }
}

/// How many replicas each replicated part runs (1 to 7 each; default 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct Replicas {
    /// kube-apiserver.
    pub kube_apiserver: u32,
    /// kube-scheduler.
    pub kube_scheduler: u32,
    /// kube-controller-manager.
    pub kube_controller_manager: u32,
}

impl Default for Replicas {
    fn default() -> Self {
        Replicas { kube_apiserver: 1, kube_scheduler: 1, kube_controller_manager: 1 }
    }
}

impl Replicas {
    /// The count of one part.
    pub fn of(&self, part: Replicated) -> u32 {
        match part {
            Replicated::KubeApiserver => self.kube_apiserver,
            Replicated::KubeScheduler => self.kube_scheduler,
            Replicated::KubeControllerManager => self.kube_controller_manager,
        }
    }

    /// The count of one part, to set.
    pub fn of_mut(&mut self, part: Replicated) -> &mut u32 {
        match part {
            Replicated::KubeApiserver => &mut self.kube_apiserver,
            Replicated::KubeScheduler => &mut self.kube_scheduler,
            Replicated::KubeControllerManager => &mut self.kube_controller_manager,
        }
    }
}
