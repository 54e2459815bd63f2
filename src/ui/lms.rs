//! An LMS's SCORM 1.2 API, for a page launched from a SCORM package (the assignments build
//! only). Found as the ADL's SCORM 1.2 Run-Time Environment (section 3.3) finds it: `API` on
//! this window or its parents, at most 7 levels up, then on the opener and its parents. What is
//! set is `teaching::scorm_rte`'s; this side only makes the calls and tells the student when the
//! LMS refuses one. With no API, nothing here runs and the page is the plain assignment page.
//!
//! SCORM 1.2's API takes and returns strings only, so every call passes strings through
//! `js_sys::Reflect` and reads a string back: no structured value crosses, and the page needs no
//! serde-wasm-bindgen (which only the explorer's build carries).

use super::work::Work;
use crate::messages::{fill, AssignmentMessages};
use crate::teaching::marking::Marked;
use crate::teaching::scorm_rte::{
    self, INTERACTION_COUNT, LESSON_STATUS, MASTERY_SCORE, STUDENT_ID, STUDENT_NAME,
};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// `API` on `win` or one of its parents, at most 7 levels up (the RTE's `findAPI`). A window of
/// another origin throws when read: no API there (the RTE requires the LMS's own origin).
fn find_api(mut win: web_sys::Window) -> Option<JsValue> {
    for _ in 0..=7 {
        let api = js_sys::Reflect::get(&win, &"API".into()).ok()?;
        if api.is_object() {
            return Some(api);
        }
        let parent = win.parent().ok().flatten()?;
        if js_sys::Object::is(&parent, &win) {
            return None;
        }
        win = parent;
    }
    None
}

/// The LMS's API when the page has one: its own window's chain first, then its opener's (an LMS
/// that opens the lesson in a window of its own).
fn api() -> Option<JsValue> {
    let window = web_sys::window()?;
    find_api(window.clone()).or_else(|| {
        let opener = window.opener().ok().filter(JsValue::is_object)?;
        find_api(opener.unchecked_into())
    })
}

/// Lets the page breathe between two calls to the LMS: each call in a task of its own, so an LMS
/// that takes 150 ms a call never holds the page for a whole report (36 calls once made 5.6 s).
async fn next_task() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}

/// The LMS the page reports to.
#[derive(Clone, Copy)]
pub struct Lms {
    api: StoredValue<JsValue, LocalStorage>,
    /// Values still to set, in order: a report sets one a task; leaving the page sets the rest
    /// at once, before the session ends.
    pending: StoredValue<std::collections::VecDeque<(String, String)>, LocalStorage>,
    /// Whether `LMSInitialize` succeeded (otherwise nothing more is sent).
    started: bool,
    /// What the LMS refused last, said to the student (who is told to export the report).
    pub error: RwSignal<Option<String>>,
    a: &'static AssignmentMessages,
}

impl Lms {
    /// Calls `method` with string arguments; its answer as a string, none when the API has no
    /// such function, it throws, or it answers something else (a boolean `true` is read as
    /// `"true"`, as some LMSs answer so).
    fn call(&self, method: &str, args: &[&str]) -> Option<String> {
        let api = self.api.try_get_value()?;
        // Not checked to be a function: `Reflect.apply` throws on anything else, which is no answer.
        let f = js_sys::Reflect::get(&api, &method.into()).ok()?;
        let list = js_sys::Array::new();
        for arg in args {
            list.push(&JsValue::from_str(arg));
        }
        let answer = js_sys::Reflect::apply(f.unchecked_ref::<js_sys::Function>(), &api, &list).ok()?;
        answer.as_string().or_else(|| (answer.as_bool() == Some(true)).then(|| "true".into()))
    }

    /// Calls `method` and says whether the LMS answered `"true"`.
    fn ok(&self, method: &str, args: &[&str]) -> bool {
        self.call(method, args).as_deref() == Some("true")
    }

    /// An element's value (blank when the LMS has none or refuses).
    fn get(&self, element: &str) -> String {
        self.call("LMSGetValue", &[element]).unwrap_or_default()
    }

    /// What the student is told of a refused `what`: the LMS's error code and its words for it.
    fn refused(&self, what: &str) -> String {
        let code = self.call("LMSGetLastError", &[]).unwrap_or_default();
        let name = self.call("LMSGetErrorString", &[&code]).filter(|s| !s.trim().is_empty());
        let name = name.unwrap_or_else(|| self.a.lms_unnamed.into());
        fill(self.a.lms_failed, &[("call", &what), ("code", &code), ("name", &name)])
    }

    /// Reports a locked attempt (see [`scorm_rte::results`]), then commits, one call a task.
    /// Every pair is tried, so one refused value does not keep the score from the LMS; the first
    /// refusal is shown.
    pub fn report(&self, marked: &[Marked], answers_shown: bool) {
        if !self.started {
            return;
        }
        let (lms, marked) = (*self, marked.to_vec());
        leptos::task::spawn_local(async move {
            let first = scorm_rte::first_interaction(&lms.get(INTERACTION_COUNT));
            next_task().await;
            let pairs = scorm_rte::results(&marked, &lms.get(MASTERY_SCORE), first, answers_shown);
            lms.pending.update_value(|p| p.extend(pairs));
            let mut refused = None;
            loop {
                next_task().await;
                let Some(Some(pair)) = lms.pending.try_update_value(|p| p.pop_front()) else { break };
                if let Some(no) = lms.set(&pair).filter(|_| refused.is_none()) {
                    refused = Some(no);
                }
            }
            if !lms.ok("LMSCommit", &[""]) && refused.is_none() {
                refused = Some(lms.refused("LMSCommit"));
            }
            lms.error.set(refused);
        });
    }

    /// Sets one value; what the student is told if the LMS refuses it.
    fn set(&self, (element, value): &(String, String)) -> Option<String> {
        (!self.ok("LMSSetValue", &[element, value])).then(|| self.refused(&format!("LMSSetValue {element}")))
    }

    /// Sets every value still pending and commits them: the page is being left.
    fn flush(&self) {
        let rest = self.pending.try_update_value(std::mem::take).unwrap_or_default();
        if !rest.is_empty() {
            for pair in &rest {
                let _ = self.set(pair);
            }
            self.call("LMSCommit", &[""]);
        }
    }
}

/// Starts the session with the LMS, when the page has one: `LMSInitialize`, the student's name
/// from the LMS into a blank field, a lesson never attempted marked incomplete, and
/// `LMSFinish` when the page is left.
pub fn connect(work: Work) -> Option<Lms> {
    let api = StoredValue::new_local(api()?);
    let pending = StoredValue::new_local(Default::default());
    let mut lms = Lms { api, pending, started: false, error: RwSignal::new(None), a: work.a };
    if !lms.ok("LMSInitialize", &[""]) {
        lms.error.set(Some(lms.refused("LMSInitialize")));
        return Some(lms);
    }
    lms.started = true;
    // The rest of the opening one call a task, as a report's.
    leptos::task::spawn_local(async move {
        next_task().await;
        let name = lms.get(STUDENT_NAME);
        next_task().await;
        let id = lms.get(STUDENT_ID);
        // Shown, and saved with the next save (a prediction typed), as the student's own would be.
        if let Some(name) = scorm_rte::prefill(&work.student.get_untracked(), &name, &id) {
            work.student.set(name);
        }
        next_task().await;
        if let Some(pair) = scorm_rte::opening(&lms.get(LESSON_STATUS)) {
            next_task().await;
            if let Some(no) = lms.set(&pair) {
                lms.error.set(Some(no));
            }
        }
    });
    // Once: a page kept in the back-forward cache may be hidden again, its session over.
    let finished = std::cell::Cell::new(false);
    let on_hide = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
        if !finished.replace(true) {
            lms.flush();
            lms.call("LMSFinish", &[""]);
        }
    });
    if let Some(window) = web_sys::window() {
        let _ = window.add_event_listener_with_callback("pagehide", on_hide.as_ref().unchecked_ref());
    }
    // The listener lives as long as the page.
    on_hide.forget();
    Some(lms)
}
