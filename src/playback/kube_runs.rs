//! Where a kube recording's run comes from. Natively and in the page's worker
//! (`lab_kube_reader`) the simulation runs it (`kube::simulate_with`). The page `?kube=1`
//! carries no simulation: it plays runs it was handed, kept here by what was asked ([`ask`]:
//! the scenario's text), the default run checked in (src/playback/kube_default_run.txt, the
//! simulation's own answer byte for byte: tests/kube_run_wire.rs) and every other one answered
//! by the worker (`kube::run_wire`'s text). A run not kept yet is noted as missing and the
//! recording is refused with [`PENDING`]; the page then asks the worker and does again what
//! it was doing once the answer is kept (src/ui/kube/runs.rs).

use crate::kube::manifest_wire::{Reader, Writer};
use crate::kube::run::Reader as ReadFile;
use crate::kube::scenario::{Apply, Fault, Scenario};
use crate::kube::Run;

/// The refusal of a run the page has not been handed yet (never shown: the page asks for it).
pub const PENDING: &str = "this run is not in the page yet";

/// The scenario as the worker rebuilds it: what the page sets on the default cluster (its
/// files, faults, members and replicas, snapshot and restore, the seed, the end and the Lease
/// side); the nodes and the model's assumptions are the defaults (`Scenario::for_file`).
/// Seconds are written as their doubles' bits, so they come back exactly.
pub fn ask(scenario: &Scenario) -> String {
    let mut w = Writer(String::new());
    let seconds =
        |w: &mut Writer, s: Option<f64>| w.put(&s.map(|s| s.to_bits().to_string()).unwrap_or_default());
    w.num(scenario.seed);
    seconds(&mut w, scenario.until);
    w.num(scenario.apply.len());
    for apply in &scenario.apply {
        seconds(&mut w, Some(apply.at));
        w.put(&apply.file);
        w.put(if apply.manifests.is_some() { "1" } else { "0" });
        w.put(apply.manifests.as_deref().unwrap_or_default());
        w.put(if apply.validate { "1" } else { "0" });
    }
    w.num(scenario.faults.len());
    for fault in &scenario.faults {
        w.put(&fault.part);
        seconds(&mut w, Some(fault.down));
        seconds(&mut w, fault.up);
    }
    w.num(scenario.etcd);
    let r = &scenario.replicas;
    [r.kube_apiserver, r.kube_scheduler, r.kube_controller_manager].iter().for_each(|n| w.num(n));
    w.put(if scenario.leases { "1" } else { "0" });
    seconds(&mut w, scenario.snapshot);
    seconds(&mut w, scenario.restore);
    w.0
}

/// The scenario an [`ask`] describes (the worker's side); `Err` for a text `ask` did not write.
pub fn scenario_of(text: &str) -> Result<Scenario, String> {
    let mut r = Reader::new(text, "the page's question");
    let mut s = Scenario::for_file("", "");
    s.seed = r.num()?;
    s.until = seconds(&mut r)?;
    let applies: usize = r.num()?;
    s.apply = (0..applies).map(|_| apply(&mut r)).collect::<Result<_, _>>()?;
    let faults: usize = r.num()?;
    s.faults = (0..faults)
        .map(|_| {
            let part = r.take()?;
            let down = seconds(&mut r)?.ok_or_else(|| r.bad())?;
            Ok(Fault { part, down, up: seconds(&mut r)? })
        })
        .collect::<Result<_, String>>()?;
    s.etcd = r.num()?;
    s.replicas.kube_apiserver = r.num()?;
    s.replicas.kube_scheduler = r.num()?;
    s.replicas.kube_controller_manager = r.num()?;
    s.leases = flag(&mut r)?;
    s.snapshot = seconds(&mut r)?;
    s.restore = seconds(&mut r)?;
    Ok(s)
}

fn flag(r: &mut Reader) -> Result<bool, String> {
    match r.take()?.as_str() {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err(r.bad()),
    }
}

fn seconds(r: &mut Reader) -> Result<Option<f64>, String> {
    let field = r.take()?;
    if field.is_empty() {
        return Ok(None);
    }
    field.parse().map(|bits| Some(f64::from_bits(bits))).map_err(|_| r.bad())
}

fn apply(r: &mut Reader) -> Result<Apply, String> {
    let at = seconds(r)?.ok_or_else(|| r.bad())?;
    let file = r.take()?;
    let has = flag(r)?;
    let text = r.take()?;
    Ok(Apply { at, file, manifests: has.then_some(text), validate: flag(r)? })
}

/// The run of `scenario`, its files read by `read`: simulated (natively, in the worker).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube_reader"))]
pub fn run(scenario: &Scenario, read: ReadFile) -> Result<Run, String> {
    crate::kube::simulate_with(scenario, read)
}

/// The worker's answer to the page's [`ask`]: the scenario simulated, its files read by the
/// real reader (`kube::manifest::read_file`, which gives what the page read), as
/// `kube::run_wire`'s text; a run longer than the page plays is refused here in its words.
#[cfg(any(not(target_arch = "wasm32"), feature = "kube_reader"))]
pub fn answer(ask: &str) -> String {
    let run = scenario_of(ask).and_then(|s| crate::kube::simulate(&s));
    let run = run.and_then(|run| super::kube::played_steps(&run).map(|()| run));
    crate::kube::run_wire::encode(&run)
}

/// The worker's answer to the page's "download this run as an audit log": the scenario `ask`
/// simulated again (the run shown is that simulation's, so the two are the same) and written at
/// Metadata level as `cplab kube apply -o audit` writes it. Here, not on the page, so the page
/// carries neither the log's writer nor serde_json's (docs/size.md).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube_reader"))]
pub fn audit_answer(ask: &str) -> Result<String, String> {
    let run = scenario_of(ask).and_then(|s| crate::kube::simulate(&s))?;
    Ok(crate::kube::output::audit(&run, crate::kube::audit::Level::Metadata))
}

/// The run of `scenario` as handed to the page (its files were read when it was asked for);
/// [`PENDING`] when it was not handed yet, noted for the page to ask.
#[cfg(all(target_arch = "wasm32", not(feature = "kube_reader")))]
pub fn run(scenario: &Scenario, _read: ReadFile) -> Result<Run, String> {
    page::run(&ask(scenario))
}

// In every wasm build with the page's views (the reader's build compiles them too, and runs
// the simulation itself).
#[cfg(target_arch = "wasm32")]
pub use page::{keep, missing};

/// The page's runs, kept by their [`ask`].
#[cfg(target_arch = "wasm32")]
#[cfg_attr(feature = "kube_reader", allow(dead_code))]
mod page {
    use super::PENDING;
    use crate::kube::run_wire::decode;
    use crate::kube::Run;
    use std::cell::RefCell;
    use std::collections::VecDeque;

    /// The default run as the simulation answers it (tests/kube_run_wire.rs).
    const DEFAULT: &str = include_str!("kube_default_run.txt");

    /// Most runs kept besides the default (a run not kept is asked for again).
    const MOST_KEPT: usize = 16;

    thread_local! {
        static KEPT: RefCell<VecDeque<(String, Result<Run, String>)>> = const { RefCell::new(VecDeque::new()) };
        static MISSING: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    }

    pub(super) fn run(ask: &str) -> Result<Run, String> {
        if let Some(run) =
            KEPT.with_borrow(|kept| kept.iter().find(|(a, _)| a == ask).map(|(_, r)| r.clone()))
        {
            return run;
        }
        if ask == default_ask() {
            if let Ok(run) = decode(DEFAULT) {
                return run;
            }
        }
        MISSING.with_borrow_mut(|m| m.push(ask.to_string()));
        Err(PENDING.to_string())
    }

    fn default_ask() -> String {
        use crate::kube::manifest_default::DEPLOY_YAML;
        super::ask(&crate::kube::Scenario::for_file(crate::playback::kube_state::FILE, DEPLOY_YAML))
    }

    /// Keeps the worker's answer `wire` to `ask`; `Err` when it cannot be read.
    pub fn keep(ask: &str, wire: &str) -> Result<(), String> {
        let run = decode(wire)?;
        KEPT.with_borrow_mut(|kept| {
            kept.retain(|(a, _)| a != ask);
            kept.push_back((ask.to_string(), run));
            while kept.len() > MOST_KEPT {
                kept.pop_front();
            }
        });
        Ok(())
    }

    /// The asks missed since the last call.
    pub fn missing() -> Vec<String> {
        MISSING.with_borrow_mut(std::mem::take)
    }
}
