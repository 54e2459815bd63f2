//! The page "List every round vs watch" (beyond the lesson, issue 22): list mode beside watch mode
//! and the scale explorer. Built with the `explore` feature; everything else lives in the library.
//!
//! The same wasm runs in the explorer's worker (`explore_worker.js`), which calls [`scale_point`]
//! off the page's main thread: there is no window there, so nothing mounts.

#[cfg(target_arch = "wasm32")]
fn main() {
    if web_sys::window().is_some() {
        cplab::ui::explore::mount();
    }
}

/// The model's costs at `items` items (idle and with one request, each mode), as a JS object for
/// the worker to post to the page; a size the model cannot run throws its reason.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn scale_point(items: usize) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
    let point = cplab::playback::scale_plot::scale_point(items)
        .map_err(|limit| wasm_bindgen::JsValue::from_str(&limit.to_string()))?;
    serde_wasm_bindgen::to_value(&point).map_err(Into::into)
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the explorer runs in a browser: start it with `scripts/serve` and open ?explore=1");
    std::process::exit(2);
}
