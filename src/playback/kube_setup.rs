//! The page `?kube=1`'s scenario fields of issue 31: etcd's members, the replicas of
//! kube-apiserver, kube-scheduler and kube-controller-manager, faults at seconds (a member
//! or a replica K down, a whole node down, and back), and the seconds of an etcd snapshot and of
//! the restore from it (`--snapshot S --restore S`, `kube::restore`). Kept as typed ([`SetupFields`]) whatever
//! becomes of them, read by the CLI's own flag functions (`kube::flags`, so a value the CLI
//! refuses is refused here in the same words) into a [`Setup`] the run uses, and carried by the
//! share link as typed. Pure; tested natively in tests/kube_setup.rs.

use crate::kube::flags::{down_flag, parse_down, parse_members, replica_count, seconds};
use crate::kube::scenario::{seconds_text, Fault, Replicas, Replicated, Scenario, MAX_CHANGES};

/// The share link's parameter that carries the fields.
pub const LINK_PARAM: &str = "ha";

/// The fields as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupFields {
    /// etcd's members (`3`).
    pub etcd: String,
    /// Replicas of each replicated part, in [`Replicated::ALL`]'s order.
    pub replicas: [String; 3],
    /// Faults, one a line, as `cplab kube apply --down` takes them (`kube-scheduler/1@20`,
    /// `node/node-2@12`, `etcd/1@20-40`).
    pub faults: String,
    /// `etcdctl snapshot save` at this second, as `--snapshot` takes it (blank: none).
    pub snapshot: String,
    /// etcd restored from that snapshot at this later second, as `--restore` takes it (blank:
    /// none).
    pub restore: String,
}

impl Default for SetupFields {
    fn default() -> Self {
        SetupFields {
            etcd: "1".into(),
            replicas: ["1".into(), "1".into(), "1".into()],
            faults: String::new(),
            snapshot: String::new(),
            restore: String::new(),
        }
    }
}

/// The field a problem is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// etcd's members.
    Etcd,
    /// A part's replicas.
    Replicas(Replicated),
    /// The faults, at a line (from 1).
    Fault(usize),
    /// The snapshot's second.
    Snapshot,
    /// The restore's second.
    Restore,
    /// The scenario as a whole: the model refused it (a member the cluster lacks, a node's part
    /// back with the Lease side on).
    Cluster,
}

/// A value the page does not run, named, and why (the CLI's or the model's words).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldProblem {
    /// Where.
    pub field: Field,
    /// Why.
    pub why: String,
}

/// The fields read: what the run uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// etcd's members.
    pub etcd: u32,
    /// Replicas of each replicated part.
    pub replicas: Replicas,
    /// The faults, in the order typed.
    pub faults: Vec<Fault>,
    /// The snapshot's second, if any.
    pub snapshot: Option<f64>,
    /// The restore's second, if any.
    pub restore: Option<f64>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup { etcd: 1, replicas: Replicas::default(), faults: Vec::new(), snapshot: None, restore: None }
    }
}

/// A second as the CLI's `--snapshot`/`--restore` read it (`kube::flags::seconds`, its words for
/// a bad one); blank is none.
fn optional_seconds(typed: &str) -> Result<Option<f64>, String> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(None);
    }
    seconds(typed).map(Some)
}

impl SetupFields {
    /// The faults' lines that say something (blank ones are left out), with their numbers.
    fn fault_lines(&self) -> impl Iterator<Item = (usize, &str)> {
        self.faults.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty())
    }

    /// The fields read, or every value that is wrong, each named.
    pub fn read(&self) -> Result<Setup, Vec<FieldProblem>> {
        let mut problems = Vec::new();
        let mut setup = Setup::default();
        match parse_members(self.etcd.trim()) {
            Ok(n) => setup.etcd = n,
            Err(why) => problems.push(FieldProblem { field: Field::Etcd, why }),
        }
        for (part, typed) in Replicated::ALL.into_iter().zip(&self.replicas) {
            let flag = format!("{}={}", part.name(), typed.trim());
            match replica_count(&flag, typed.trim()) {
                Ok(n) => *setup.replicas.of_mut(part) = n,
                Err(why) => problems.push(FieldProblem { field: Field::Replicas(part), why }),
            }
        }
        // The scenario's own bound, said before any line is read: a pasted page of lines costs
        // one count, not a problem a line.
        let lines = self.fault_lines().count();
        if lines > MAX_CHANGES {
            let why = format!("a scenario has at most {MAX_CHANGES} faults, not {lines}");
            problems.push(FieldProblem { field: Field::Fault(0), why });
        } else {
            for (line, text) in self.fault_lines() {
                match parse_down(text) {
                    Ok(fault) => setup.faults.push(fault),
                    Err(why) => problems.push(FieldProblem { field: Field::Fault(line), why }),
                }
            }
        }
        let mut second = |field, typed: &str| {
            optional_seconds(typed).unwrap_or_else(|why| {
                problems.push(FieldProblem { field, why });
                None
            })
        };
        setup.snapshot = second(Field::Snapshot, &self.snapshot);
        setup.restore = second(Field::Restore, &self.restore);
        if problems.is_empty() {
            Ok(setup)
        } else {
            Err(problems)
        }
    }

    /// The fields as the share link carries them (encoded by `teaching::setup_link`): one
    /// `name=value` a line, as typed; none when they are the defaults.
    pub fn link_text(&self) -> Option<String> {
        if *self == SetupFields::default() {
            return None;
        }
        let mut text = format!("etcd={}\n", self.etcd);
        for (part, typed) in Replicated::ALL.into_iter().zip(&self.replicas) {
            text += &format!("{}={typed}\n", part.name());
        }
        for line in self.faults.lines() {
            text += &format!("down={line}\n");
        }
        for (name, typed) in [("snapshot", &self.snapshot), ("restore", &self.restore)] {
            if !typed.is_empty() {
                text += &format!("{name}={typed}\n");
            }
        }
        Some(text)
    }

    /// The fields a link's text carries ([`SetupFields::link_text`]'s); `Err` says what is
    /// wrong with it.
    pub fn from_link_text(text: &str) -> Result<SetupFields, String> {
        let mut fields = SetupFields { faults: String::new(), ..SetupFields::default() };
        let mut faults = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let (name, value) =
                line.split_once('=').ok_or_else(|| format!("line {}: no name=value", i + 1))?;
            match (name, Replicated::parse(name)) {
                ("etcd", _) => fields.etcd = value.to_string(),
                ("down", _) => faults.push(value),
                ("snapshot", _) => fields.snapshot = value.to_string(),
                ("restore", _) => fields.restore = value.to_string(),
                (_, Some(part)) => fields.replicas[part as usize] = value.to_string(),
                _ => return Err(format!("line {}: unknown field {name:?}", i + 1)),
            }
        }
        fields.faults = faults.join("\n");
        Ok(fields)
    }
}

impl Setup {
    /// `scenario` with this setup: its members and replicas, and these faults before its own.
    pub fn apply_to(&self, scenario: &mut Scenario) {
        scenario.etcd = self.etcd;
        scenario.replicas = self.replicas;
        let own = std::mem::take(&mut scenario.faults);
        scenario.faults = self.faults.iter().cloned().chain(own).collect();
        scenario.snapshot = self.snapshot;
        scenario.restore = self.restore;
    }

    /// Whether `other` is the same cluster (members and replicas, the snapshot and restore: a
    /// blast row's DOWN names only the faults, so a restored run's row starts afresh).
    pub fn same_cluster(&self, other: &Setup) -> bool {
        self.etcd == other.etcd
            && self.replicas == other.replicas
            && (self.snapshot, self.restore) == (other.snapshot, other.restore)
    }

    /// The same run on the command line: `cplab kube apply`'s flags, defaults left out.
    pub fn flags(&self, faults: &[Fault]) -> String {
        let mut flags = Vec::new();
        if self.etcd != 1 {
            flags.push(format!("--etcd {}", self.etcd));
        }
        for part in Replicated::ALL {
            let n = self.replicas.of(part);
            if n != 1 {
                flags.push(format!("--replicas {}={n}", part.name()));
            }
        }
        for fault in self.faults.iter().chain(faults) {
            flags.push(format!("--down {}", down_flag(fault)));
        }
        for (flag, at) in [("--snapshot", self.snapshot), ("--restore", self.restore)] {
            if let Some(at) = at {
                flags.push(format!("{flag} {}", seconds_text(at)));
            }
        }
        flags.join(" ")
    }
}
