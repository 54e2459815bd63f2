//! A whole run: a scenario in, everything it did out. `simulate` is the one entry point the CLI
//! and the page call; the same scenario gives the same [`Run`], byte for byte.

use super::ledger::Ledger;
use super::manifest::{read_file, Read};
use super::objects::Object;
use super::scenario::{ms, Part, Scenario, MAX_REPLICAS};
use super::sim::{ApplyJob, KubectlLine, Sim};
use super::trace::{Step, Totals};
use super::world::World;
use serde::Serialize;

/// The Kubernetes release whose behaviour and words the model follows.
pub const RELEASE: &str = "v1.32";

/// A part down over a span of the run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outage {
    /// The part.
    pub part: Part,
    /// Down from (ms).
    pub down_ms: u64,
    /// Back at (ms), if it came back.
    pub up_ms: Option<u64>,
}

/// Everything a run did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Run {
    /// [`RELEASE`].
    pub release: &'static str,
    /// When the run ended (ms): quiet, or `until`.
    pub end_ms: u64,
    /// Every step.
    pub trace: Vec<Step>,
    /// The counts at the end.
    pub totals: Totals,
    /// What etcd holds at the end.
    pub ledger: Ledger,
    /// What actually runs at the end.
    pub world: World,
    /// What kubectl printed.
    pub kubectl: Vec<KubectlLine>,
    /// kubectl's exit status: 1 when any request failed.
    pub exit_code: i32,
    /// The parts down during the run.
    pub outages: Vec<Outage>,
    /// Why the run stopped early (a limit), if it did.
    pub stopped: Option<String>,
    /// Whether the Lease side ran (issue 31: leases, quorum, the node lifecycle).
    pub leases: bool,
    /// The restore from an etcd snapshot, if the scenario made one (`kube::restore`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restore: Option<super::restore::RestoreFacts>,
}

/// How a run reads a manifest file: its name and text to its objects or kubectl's refusal.
pub type Reader<'a> = &'a dyn Fn(&str, &str) -> Read;

/// The files of a scenario read by `read` (each one's refusal in kubectl's words).
fn jobs(scenario: &Scenario, read: Reader) -> Result<Vec<ApplyJob>, String> {
    let mut jobs = Vec::new();
    for apply in &scenario.apply {
        let text = apply.manifests.as_deref().ok_or_else(|| format!("{}: no manifests", apply.file))?;
        let manifests = read(&apply.file, text);
        if let Ok(list) = &manifests {
            for m in list {
                if let Object::Deployment(d) = &m.object {
                    if d.replicas > MAX_REPLICAS {
                        return Err(format!(
                            "{}: {} asks for {} replicas; the lab runs at most {MAX_REPLICAS}",
                            apply.file, d.meta.name, d.replicas
                        ));
                    }
                }
            }
        }
        jobs.push(ApplyJob { file: apply.file.clone(), manifests, validate: apply.validate });
    }
    Ok(jobs)
}

/// Runs a scenario to the end, its files read as kubectl reads them ([`read_file`]). `Err`
/// only for a scenario the model cannot run (its bounds).
pub fn simulate(scenario: &Scenario) -> Result<Run, String> {
    simulate_with(scenario, &read_file)
}

/// Runs a scenario to the end with its files read by `read` (the page hands in what its
/// worker read, so no file is read twice).
pub fn simulate_with(scenario: &Scenario, read: Reader) -> Result<Run, String> {
    scenario.check()?;
    let jobs = jobs(scenario, read)?;
    let mut sim = if scenario.has_leases() {
        let until_ms = scenario.until.map(ms).unwrap_or(super::scenario::MAX_SECONDS * 1000);
        Sim::with_plan(scenario, jobs, super::ha_plan::plan(scenario, until_ms)?)
    } else {
        Sim::new(scenario, jobs)
    };
    sim.run();
    let outages = scenario
        .faults
        .iter()
        .filter_map(|f| {
            Some(Outage { part: scenario.part(&f.part).ok()?, down_ms: ms(f.down), up_ms: f.up.map(ms) })
        })
        .collect();
    let exit_code = i32::from(sim.kubectl.iter().any(|l| l.error));
    let end_ms = sim.now.max(sim.kubectl.iter().map(|l| l.at_ms).max().unwrap_or(0));
    Ok(Run {
        release: RELEASE,
        end_ms,
        totals: sim.totals,
        trace: sim.trace,
        ledger: sim.ledger,
        world: sim.world,
        kubectl: sim.kubectl,
        exit_code,
        outages,
        stopped: sim.stopped,
        leases: scenario.has_leases(),
        restore: sim.recovery.facts,
    })
}
