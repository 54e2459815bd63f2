//! Where the page reads a student's manifest: in a Web Worker (`kube_worker.js`) running the
//! reader's own wasm build (`lab_kube_reader`: k8s-openapi's types and serde_norway), which the
//! page's first download does not carry. The default manifest needs no reader (its objects are
//! checked in, `kube::manifest_default`), so the default run plays at once; any other text waits,
//! kept as typed, while the worker starts (the first time) and reads it, and the page says so.
//! The worker's answer is `kube::manifest_wire`'s text: the objects, with kube-apiserver's
//! causes, or kubectl's refusal, in the reader's own words.

use super::Kube;
use crate::kube::manifest_default::known;
use crate::kube::manifest_wire::decode;
use crate::messages::fill;
use crate::playback::kube_state::FILE;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The worker's script, beside the page (a same-origin file: the shipped policy's script-src).
const SCRIPT: &str = "./kube_worker.js";

/// The started worker and the texts it was asked to read, in order (it answers in order).
struct Worker {
    worker: web_sys::Worker,
    asked: RefCell<VecDeque<String>>,
}

thread_local! {
    /// The page's one worker, once started (started again after it failed).
    static WORKER: RefCell<Option<Rc<Worker>>> = const { RefCell::new(None) };
}

/// Runs `text` on the page: at once when its objects are checked in (the default manifest),
/// else once the worker has read it (the page waits meanwhile, the text kept).
pub fn apply(kube: Kube, text: &str) {
    if let Some(read) = known(text) {
        let text = text.to_string();
        super::runs::act(kube, move |s| s.apply_read(&text, Ok(read.clone())));
        return;
    }
    kube.act(|s| s.wait_for_reader(text));
    let asked = worker(kube).and_then(|w| {
        let message = js_sys::Object::new();
        js_sys::Reflect::set(&message, &"file".into(), &FILE.into())?;
        js_sys::Reflect::set(&message, &"text".into(), &text.into())?;
        w.worker.post_message(&message)?;
        w.asked.borrow_mut().push_back(text.to_string());
        Ok(())
    });
    if let Err(e) = asked {
        failed(kube, text, &e);
    }
}

/// Asks the worker to simulate the scenario `ask` (`playback::kube_runs::ask`'s text); its
/// answer goes to `runs::answered`.
pub fn ask_run(kube: Kube, ask: &str) -> Result<(), JsValue> {
    let w = worker(kube)?;
    let message = js_sys::Object::new();
    js_sys::Reflect::set(&message, &"run".into(), &ask.into())?;
    w.worker.post_message(&message)
}

/// Asks the worker to write the run of the scenario `ask` as an audit log; its answer goes to
/// the audit panel (`audit::exported`).
pub fn ask_audit(kube: Kube, ask: &str) -> Result<(), JsValue> {
    let w = worker(kube)?;
    let message = js_sys::Object::new();
    js_sys::Reflect::set(&message, &"audit".into(), &ask.into())?;
    w.worker.post_message(&message)
}

/// Starts the worker ahead of need (the student is typing a manifest of their own), so the
/// reader is likely loaded by the time they apply it.
pub fn warm(kube: Kube) {
    let _ = worker(kube);
}

/// The page's worker, started if need be.
fn worker(kube: Kube) -> Result<Rc<Worker>, JsValue> {
    if let Some(w) = WORKER.with_borrow(Clone::clone) {
        return Ok(w);
    }
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options(SCRIPT, &options)?;
    let at = Rc::new(Worker { worker: worker.clone(), asked: RefCell::new(VecDeque::new()) });
    let on = at.clone();
    let listener = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
        let data = ev.data();
        let run = js_sys::Reflect::get(&data, &"run".into()).ok().and_then(|r| r.as_string());
        if let Some(ask) = run {
            return super::runs::answered(kube, &ask, &data);
        }
        if js_sys::Reflect::has(&data, &"audit".into()).unwrap_or(false) {
            return super::audit::exported(&data);
        }
        let Some(text) = on.asked.borrow_mut().pop_front() else { return };
        answered(kube, &text, &data);
    });
    worker.set_onmessage(Some(listener.as_ref().unchecked_ref()));
    let on = at.clone();
    let broken = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        on.worker.terminate();
        WORKER.with_borrow_mut(|w| *w = None);
        let why = js_sys::Reflect::get(&e, &"message".into()).ok().and_then(|m| m.as_string());
        let why = why.unwrap_or_default();
        for text in on.asked.borrow_mut().drain(..) {
            failed(kube, &text, &why.clone().into());
        }
        super::runs::failed(kube, &why.clone().into());
        super::audit::export_failed(&why);
    });
    worker.set_onerror(Some(broken.as_ref().unchecked_ref()));
    // The page keeps its worker for its whole life.
    listener.forget();
    broken.forget();
    WORKER.with_borrow_mut(|w| *w = Some(at.clone()));
    Ok(at)
}

/// The worker's answer for `text`: `{ wire }` or `{ error }`.
fn answered(kube: Kube, text: &str, data: &JsValue) {
    let field = |name: &str| js_sys::Reflect::get(data, &name.into()).ok().and_then(|v| v.as_string());
    match field("wire").map(|wire| decode(&wire)) {
        Some(Ok(read)) => {
            let text = text.to_string();
            super::runs::act(kube, move |s| {
                s.read_done(&text, read.clone());
            });
        }
        Some(Err(why)) => failed(kube, text, &why.into()),
        None => failed(kube, text, &field("error").unwrap_or_default().into()),
    }
}

/// The reader could not read `text`: said in the page's words, the text kept.
fn failed(kube: Kube, text: &str, why: &JsValue) {
    let why = why.as_string().unwrap_or_else(|| format!("{why:?}"));
    let said = fill(kube.k.reader_failed, &[("why", &why)]);
    kube.act(|s| s.reader_failed(text, &said));
}
