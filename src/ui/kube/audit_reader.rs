//! Where the page reads an audit log: in the reader's Web Worker (`kube_worker.js`, the
//! `lab_kube_reader` build, which reads the log with serde_json in the page's steps), started the
//! first time a log is dropped, chosen or pasted, so the page's first download carries neither
//! the JSON reader nor the sort. Each answer (`playback::audit_worker`'s text) is taken in a task
//! of its own as it arrives; the last one's recording is built here in steps of bounded work,
//! each a task with a timeout between, then played.

use super::audit::Panel;
use super::Kube;
use crate::kube::audit::Work;
use crate::messages::fill;
use crate::playback::audit::Shown;
use crate::playback::audit_build::{Build, FINISH_WORK, PASSES};
use crate::playback::audit_worker::{Answer, Arrival};
use leptos::prelude::{GetValue, SetValue, UpdateValue};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The worker's script, beside the page (the manifest reader's: one script reads both).
const SCRIPT: &str = "./kube_worker.js";

/// A log on its way from the worker: which load, its name, the request to play from, the
/// requests so far.
#[derive(Debug)]
pub(super) struct Arriving {
    load: u64,
    name: String,
    at: usize,
    requests: u64,
    arrival: Arrival,
}

impl Arriving {
    /// Load `load` of the log `name`, to play from request `at`.
    pub(super) fn new(load: u64, name: String, at: usize) -> Arriving {
        Arriving { load, name, at, requests: 0, arrival: Arrival::new(Shown::Journey) }
    }
}

/// Asks the worker (started if need be) to read `blob` for `arriving`.
pub(super) fn read(kube: Kube, panel: Panel, arriving: Arriving, blob: &web_sys::Blob, secrets: bool) {
    let load = arriving.load;
    panel.arriving.set_value(Some(arriving));
    let asked = worker(kube, panel).and_then(|w| {
        let message = js_sys::Object::new();
        js_sys::Reflect::set(&message, &"log".into(), &(load as f64).into())?;
        js_sys::Reflect::set(&message, &"blob".into(), blob)?;
        js_sys::Reflect::set(&message, &"secrets".into(), &secrets.into())?;
        w.post_message(&message)
    });
    if let Err(e) = asked {
        broken(panel, &e);
    }
}

/// The panel's worker, started if need be.
fn worker(kube: Kube, panel: Panel) -> Result<web_sys::Worker, JsValue> {
    if let Some(w) = panel.worker.get_value() {
        return Ok(w);
    }
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options(SCRIPT, &options)?;
    let listener = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
        answered(kube, panel, &ev.data());
    });
    worker.set_onmessage(Some(listener.as_ref().unchecked_ref()));
    let on = worker.clone();
    let failed = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        on.terminate();
        panel.worker.set_value(None);
        broken(panel, &e);
    });
    worker.set_onerror(Some(failed.as_ref().unchecked_ref()));
    // The panel keeps its worker for the page's whole life.
    listener.forget();
    failed.forget();
    panel.worker.set_value(Some(worker.clone()));
    Ok(worker)
}

/// The worker could not start or run: the log being read is not loaded, and the page says why.
fn broken(panel: Panel, e: &JsValue) {
    let message = js_sys::Reflect::get(e, &"message".into()).ok().and_then(|m| m.as_string());
    let why = message.or_else(|| e.as_string()).unwrap_or_else(|| format!("{e:?}"));
    panel.arriving.set_value(None);
    panel.fail(fill(panel.a.unreadable, &[("why", &why)]));
}

/// One answer of the worker: `{ log, wire }`, `{ log, error }` or `{ log, unreadable }`; an
/// answer for a load since replaced is dropped.
fn answered(kube: Kube, panel: Panel, data: &JsValue) {
    let field = |name: &str| js_sys::Reflect::get(data, &name.into()).ok();
    let text = |name: &str| field(name).and_then(|v| v.as_string());
    let Some(load) = field("log").and_then(|v| v.as_f64()).map(|n| n as u64) else { return };
    if panel.stale(load) {
        return;
    }
    if let Some(why) = text("error") {
        return panel.fail(why);
    }
    if let Some(why) = text("unreadable") {
        return panel.fail(fill(panel.a.unreadable, &[("why", &why)]));
    }
    let wire = text("wire").unwrap_or_default();
    let Some(mut arriving) = panel.arriving.try_update_value(Option::take).flatten() else { return };
    match arriving.arrival.take(&wire) {
        Err(why) => panel.fail(why),
        Ok(Answer::Done(build)) => leptos::task::spawn_local(play(kube, panel, arriving, build)),
        Ok(answer) => {
            said(panel, &mut arriving, &answer);
            panel.arriving.set_value(Some(arriving));
        }
    }
}

/// What the panel says of a step of the worker's.
fn said(panel: Panel, arriving: &mut Arriving, answer: &Answer) {
    match answer {
        Answer::Progress(p) => panel.progress(&arriving.name, p),
        Answer::Ordering { pass, requests } => {
            arriving.requests = *requests;
            ordering(panel, arriving, *pass);
        }
        Answer::Rows(_) | Answer::Done(_) => {}
    }
}

/// The progress line of a finishing pass.
fn ordering(panel: Panel, arriving: &Arriving, pass: usize) {
    let args: [(&str, &dyn std::fmt::Display); 4] =
        [("name", &arriving.name), ("pass", &pass), ("passes", &PASSES), ("requests", &arriving.requests)];
    panel.say(fill(panel.a.ordering, &args));
}

/// Resolves in a task of its own: a timeout of 0, so the browser paints and handles input
/// between two steps.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// Builds the recording a step a task (the last pass), then plays it from its request `at`.
async fn play(kube: Kube, panel: Panel, arriving: Arriving, mut build: Box<Build>) {
    loop {
        next_task().await;
        if panel.stale(arriving.load) {
            return;
        }
        ordering(panel, &arriving, PASSES);
        if build.step(&mut Work::new(FINISH_WORK)) {
            break;
        }
    }
    let recording = build.into_recording();
    let args: [(&str, &dyn std::fmt::Display); 4] = [
        ("name", &arriving.name),
        ("played", &recording.len()),
        ("requests", &recording.trace.rows.len()),
        ("background", &recording.background_total().summary()),
    ];
    panel.playing(fill(panel.a.playing, &args));
    let at = arriving.at;
    kube.act(|s| {
        s.play_log(Rc::new(recording));
        s.go_to(at);
    });
}
