//! Where the explorer's scale points are computed: in a Web Worker (`explore_worker.js`, which
//! loads this same build), so the model's hundreds of milliseconds at 100,000 items never hold
//! the page's main thread (the guide: no input holds it over 200 ms). Where a worker cannot start,
//! the page computes them itself, as before.
//!
//! Every computation is timed, the model call alone, and recorded in the page as a performance
//! measure named `cplab-point ITEMS` (the slider's; `cplab-curve ITEMS` for the curve's sizes),
//! which `scripts/measure` reads.

use crate::playback::scale_plot::{scale_point, ScalePoint};
use serde::{Deserialize, Serialize};
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
pub struct Points {
    worker: Option<web_sys::Worker>,
    on_reply: Rc<dyn Fn(Reply)>,
}

impl Points {
    /// Starts the worker; every answer goes to `on_reply`, in the order asked.
    pub fn start(on_reply: impl Fn(Reply) + 'static) -> Self {
        let on_reply: Rc<dyn Fn(Reply)> = Rc::new(on_reply);
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(SCRIPT, &options).ok();
        if let Some(worker) = &worker {
            let deliver = on_reply.clone();
            let listener =
                Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                    let Ok(answer) = serde_wasm_bindgen::from_value::<Answer>(ev.data()) else {
                        return;
                    };
                    record(answer.id, answer.items, answer.ms);
                    let point = match (answer.point, answer.error) {
                        (Some(point), _) => Ok(point),
                        (None, why) => Err(why.unwrap_or_default()),
                    };
                    deliver(Reply { kind: answer.id, items: answer.items, point });
                });
            worker.set_onmessage(Some(listener.as_ref().unchecked_ref()));
            // The page keeps its worker for its whole life.
            listener.forget();
        }
        Self { worker, on_reply }
    }

    /// Asks for the point of `items` items; without a worker, computes it here and now.
    pub fn ask(&self, kind: Kind, items: usize) {
        if let Some(worker) = &self.worker {
            if let Ok(message) = serde_wasm_bindgen::to_value(&Request { id: kind, items }) {
                if worker.post_message(&message).is_ok() {
                    return;
                }
            }
        }
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
