//! Where the page's runs come from: the page carries no simulation (`playback::kube_runs`), so
//! a transition that needs a run it was not handed yet (a part pressed, the fields run, a
//! manifest applied) is tried on a copy of the state, and when a run is missing the copy is
//! dropped, the state stays as it was (the text typed kept), the worker (`kube_worker.js`,
//! `lab_kube_reader`) is asked to simulate it, and the transition is done again once the answer
//! is kept. Transitions wait in the order they were asked for, so none is lost or reordered.

use super::Kube;
use crate::messages::fill;
use crate::playback::kube_runs::{keep, missing};
use crate::playback::kube_state::KubeState;
use leptos::prelude::*;
use std::cell::RefCell;
use std::collections::{BTreeSet, VecDeque};
use std::rc::Rc;
use wasm_bindgen::JsValue;

type Transition = Rc<dyn Fn(&mut KubeState)>;

thread_local! {
    /// Transitions waiting for a run, oldest first.
    static WAITING: RefCell<VecDeque<Transition>> = const { RefCell::new(VecDeque::new()) };
    /// Runs asked of the worker and not answered yet.
    static ASKED: RefCell<BTreeSet<String>> = const { RefCell::new(BTreeSet::new()) };
}

/// Whether a transition waits for a run from the worker: a move of the cursor asked meanwhile
/// waits behind it (`Kube`'s `go_to`), or it would act on the run shown before the one asked for.
pub fn waiting() -> bool {
    WAITING.with_borrow(|w| !w.is_empty())
}

/// Does `f` to the state once every run it needs is in the page (at once when they are).
pub fn act(kube: Kube, f: impl Fn(&mut KubeState) + 'static) {
    WAITING.with_borrow_mut(|w| w.push_back(Rc::new(f)));
    drain(kube);
}

/// Does the waiting transitions in order, up to the first one whose run is missing (asked for).
fn drain(kube: Kube) {
    loop {
        let Some(next) = WAITING.with_borrow(|w| w.front().cloned()) else {
            kube.running.set(None);
            return;
        };
        let Some(mut trial) = kube.state.try_with_untracked(Clone::clone) else { return };
        missing(); // none is left over, but only this trial's count
        next(&mut trial);
        let lacking = missing();
        if lacking.is_empty() {
            WAITING.with_borrow_mut(|w| w.pop_front());
            kube.state.set(trial);
            continue;
        }
        kube.running.set(Some(kube.k.running.to_string()));
        for ask in lacking {
            if ASKED.with_borrow(|a| a.contains(&ask)) {
                continue;
            }
            if let Err(e) = super::reader::ask_run(kube, &ask) {
                return failed(kube, &e);
            }
            ASKED.with_borrow_mut(|a| a.insert(ask));
        }
        return;
    }
}

/// The worker's answer to `ask`: `{ run, wire }` or `{ run, error }`.
pub fn answered(kube: Kube, ask: &str, data: &JsValue) {
    ASKED.with_borrow_mut(|a| a.remove(ask));
    let field = |name: &str| js_sys::Reflect::get(data, &name.into()).ok().and_then(|v| v.as_string());
    let kept = match field("wire") {
        Some(wire) => keep(ask, &wire),
        None => Err(field("error").unwrap_or_default()),
    };
    match kept {
        Ok(()) => drain(kube),
        Err(why) => failed(kube, &why.into()),
    }
}

/// The worker could not run what was asked: said, the waiting transitions dropped (the state
/// shown, and the text typed, stay as they are).
pub fn failed(kube: Kube, why: &JsValue) {
    let why = why.as_string().unwrap_or_else(|| format!("{why:?}"));
    WAITING.with_borrow_mut(VecDeque::clear);
    ASKED.with_borrow_mut(BTreeSet::clear);
    kube.running.set(Some(fill(kube.k.run_failed, &[("why", &why)])));
}
