//! Where the explorer's scale points are computed: in a Web Worker (`explore_worker.js`, which
//! loads this same build), so the model's hundreds of milliseconds at 100,000 items never hold
//! the page's main thread (the guide: no input holds it over 200 ms). Where a worker cannot start,
//! or where its script fails, the page computes them itself, as before.
//!
//! Every computation is timed, the model call alone, and recorded in the page as a performance
//! measure named `cplab-point ITEMS` (the slider's; `cplab-curve ITEMS` for the curve's sizes),
//! which `scripts/measure` reads.

use crate::playback::scale_plot::{scale_point, ScalePoint};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// What a point is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The point under the slider.
    Point,
    /// One size of the curve.
    Curve,
}

/// The model's answer for one size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// What it was asked for.
    pub kind: Kind,
    /// The cluster size.
    pub items: usize,
    /// The costs, or why the model could not run the size.
    pub point: Result<ScalePoint, String>,
}

/// The message the page posts to the worker.
#[derive(Serialize)]
struct Request {
    id: Kind,
    items: usize,
}

/// The message the worker posts back.
#[derive(Deserialize)]
struct Answer {
    id: Kind,
    items: usize,
    point: Option<ScalePoint>,
    error: Option<String>,
    ms: f64,
}

/// The worker's script, beside the page (a same-origin file: the shipped policy's script-src).
const SCRIPT: &str = "./explore_worker.js";

/// The explorer's source of points: the worker, or the page itself.
pub struct Points(Rc<Inner>);

struct Inner {
    /// The worker, until it fails.
    worker: RefCell<Option<web_sys::Worker>>,
    /// What the worker has been asked and not yet answered, in order (it answers in order).
    pending: RefCell<VecDeque<(Kind, usize)>>,
    on_reply: Box<dyn Fn(Reply)>,
}

impl Points {
    /// Starts the worker; every answer goes to `on_reply`, in the order asked. If the worker
    /// fails (its script cannot load), the page answers what it had asked, and all that follows.
    pub fn start(on_reply: impl Fn(Reply) + 'static) -> Self {
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(SCRIPT, &options).ok();
        let inner = Rc::new(Inner {
            worker: RefCell::new(worker.clone()),
            pending: RefCell::new(VecDeque::new()),
            on_reply: Box::new(on_reply),
        });
        if let Some(worker) = &worker {
            let at = inner.clone();
            let listener =
                Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                    let Ok(answer) = serde_wasm_bindgen::from_value::<Answer>(ev.data()) else {
                        return;
                    };
                    at.pending.borrow_mut().pop_front();
                    record(answer.id, answer.items, answer.ms);
                    let point = match (answer.point, answer.error) {
                        (Some(point), _) => Ok(point),
                        (None, why) => Err(why.unwrap_or_default()),
                    };
                    (at.on_reply)(Reply { kind: answer.id, items: answer.items, point });
                });
            worker.set_onmessage(Some(listener.as_ref().unchecked_ref()));
            let at = inner.clone();
            let failed = Closure::<dyn FnMut()>::new(move || {
                if let Some(worker) = at.worker.borrow_mut().take() {
                    worker.terminate();
                }
                let asked: Vec<_> = at.pending.borrow_mut().drain(..).collect();
                for (kind, items) in asked {
                    at.compute(kind, items);
                }
            });
            worker.set_onerror(Some(failed.as_ref().unchecked_ref()));
            // The page keeps its worker for its whole life.
            listener.forget();
            failed.forget();
        }
        Self(inner)
    }

    /// Asks for the point of `items` items; without a worker, computes it here and now.
    pub fn ask(&self, kind: Kind, items: usize) {
        if let Some(worker) = &*self.0.worker.borrow() {
            if let Ok(message) = serde_wasm_bindgen::to_value(&Request { id: kind, items }) {
                if worker.post_message(&message).is_ok() {
                    self.0.pending.borrow_mut().push_back((kind, items));
                    return;
                }
            }
        }
        self.0.compute(kind, items);
    }
}

impl Inner {
    /// Computes the point of `items` items on the page's own thread.
    fn compute(&self, kind: Kind, items: usize) {
        let perf = web_sys::window().and_then(|w| w.performance());
        let start = perf.as_ref().map(|p| p.now());
        let point = scale_point(items).map_err(|limit| limit.to_string());
        if let (Some(p), Some(start)) = (&perf, start) {
            record(kind, items, p.now() - start);
        }
        (self.on_reply)(Reply { kind, items, point });
    }
}

/// Records a computation of `ms` milliseconds that has just ended as the measure
/// `cplab-point ITEMS` (the slider's) or `cplab-curve ITEMS`.
fn record(kind: Kind, items: usize, ms: f64) {
    let Some(perf) = web_sys::window().and_then(|w| w.performance()) else {
        return;
    };
    let options = js_sys::Object::new();
    let start = (perf.now() - ms).max(0.0);
    let _ = js_sys::Reflect::set(&options, &"start".into(), &start.into());
    let _ = js_sys::Reflect::set(&options, &"duration".into(), &ms.into());
    let measure = js_sys::Reflect::get(&perf, &"measure".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(measure) = measure {
        let _ = measure.call2(
            &perf,
            &format!("cplab-{} {items}", if kind == Kind::Point { "point" } else { "curve" }).into(),
            &options,
        );
    }
}
