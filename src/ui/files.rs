//! Files and storage, for the assignments build: fetching a file next to the page, local storage
//! that may be blocked or full, downloads, chosen files, and the clock. Every failure comes back
//! as a message for the student (from the message table), never as a panic.

use crate::messages::{fill, AssignmentMessages};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Whether `path` names a file on the lab's own origin: resolved against the page's address,
/// it keeps that address's scheme, host and port. An absolute URL elsewhere, a protocol-relative
/// `//host/…`, `data:` and the like do not. (The page's own origin is read from its address, so
/// in a sandboxed frame, whose origin is opaque, the lab's files still count as its own.)
fn same_origin(path: &str) -> bool {
    let Some(href) = web_sys::window().and_then(|w| w.location().href().ok()) else { return false };
    let (Ok(page), Ok(target)) = (web_sys::Url::new(&href), web_sys::Url::new_with_base(path, &href)) else {
        return false;
    };
    page.origin() == target.origin() && target.origin() != "null"
}

/// Fetches a text file by a path relative to the page, on the lab's own origin only.
pub async fn fetch_text(path: &str, a: &AssignmentMessages) -> Result<String, String> {
    let failed = |why: &str| fill(a.fetch_failed, &[("path", &path), ("why", &why)]);
    if !same_origin(path) {
        return Err(failed(a.fetch_elsewhere));
    }
    let window = web_sys::window().ok_or_else(|| failed(a.fetch_network))?;
    let pending = early_fetch(&window, path).unwrap_or_else(|| window.fetch_with_str(path));
    let response = JsFuture::from(pending).await.map_err(|_| failed(a.fetch_network))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| failed(a.fetch_network))?;
    if !response.ok() {
        return Err(failed(&fill(a.fetch_http, &[("status", &response.status())])));
    }
    let body = response.text().map_err(|_| failed(a.fetch_unreadable))?;
    let text = JsFuture::from(body).await.map_err(|_| failed(a.fetch_unreadable))?;
    text.as_string().ok_or_else(|| failed(a.fetch_unreadable))
}

/// Fetches a file's bytes by a path relative to the page, on the lab's own origin only (the
/// workbench packs the lab's files; the other builds carry none of it).
#[cfg(feature = "workbench")]
pub async fn fetch_bytes(path: &str, a: &AssignmentMessages) -> Result<Vec<u8>, String> {
    let failed = |why: &str| fill(a.fetch_failed, &[("path", &path), ("why", &why)]);
    if !same_origin(path) {
        return Err(failed(a.fetch_elsewhere));
    }
    let window = web_sys::window().ok_or_else(|| failed(a.fetch_network))?;
    let response = JsFuture::from(window.fetch_with_str(path)).await.map_err(|_| failed(a.fetch_network))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| failed(a.fetch_network))?;
    if !response.ok() {
        return Err(failed(&fill(a.fetch_http, &[("status", &response.status())])));
    }
    let body = response.array_buffer().map_err(|_| failed(a.fetch_unreadable))?;
    let buffer = JsFuture::from(body).await.map_err(|_| failed(a.fetch_unreadable))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Offers `bytes` as a download named `name` (the workbench's SCORM package).
#[cfg(feature = "workbench")]
pub fn download_bytes(name: &str, mime: &str, bytes: &[u8], a: &AssignmentMessages) -> Result<(), String> {
    let not_made = || a.file_not_made.to_string();
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(|_| not_made())?;
    offer(name, &blob, a)
}

/// The fetch of `path` that boot.js started while the wasm was still downloading (the
/// assignment's file, named by the address), taken once: a later fetch of the same file asks the
/// server again.
fn early_fetch(window: &web_sys::Window, path: &str) -> Option<js_sys::Promise> {
    let key = JsValue::from_str("cplabEarlyFetch");
    let early = js_sys::Reflect::get(window, &key).ok().filter(|e| e.is_object())?;
    let _ = js_sys::Reflect::delete_property(window.as_ref(), &key);
    let named = js_sys::Reflect::get(&early, &JsValue::from_str("path")).ok()?.as_string();
    let response = js_sys::Reflect::get(&early, &JsValue::from_str("response")).ok()?;
    (named.as_deref() == Some(path)).then(|| response.dyn_into().ok()).flatten()
}

/// The page's local storage, or why it cannot be used.
fn storage(a: &AssignmentMessages) -> Result<web_sys::Storage, String> {
    let window = web_sys::window().ok_or(a.storage_none)?;
    match window.local_storage() {
        Ok(Some(s)) => Ok(s),
        Ok(None) => Err(a.storage_none.into()),
        Err(_) => Err(a.storage_blocked.into()),
    }
}

/// Reads a stored string (none when absent).
pub fn load(key: &str, a: &AssignmentMessages) -> Result<Option<String>, String> {
    storage(a)?.get_item(key).map_err(|_| a.storage_blocked.to_string())
}

/// Stores a string.
pub fn save(key: &str, value: &str, a: &AssignmentMessages) -> Result<(), String> {
    storage(a)?.set_item(key, value).map_err(|_| a.storage_full.to_string())
}

/// The current time, ISO 8601.
pub fn now_iso() -> String {
    js_sys::Date::new_0().to_iso_string().as_string().unwrap_or_default()
}

/// Offers `text` as a file download.
pub fn download(name: &str, mime: &str, text: &str, a: &AssignmentMessages) -> Result<(), String> {
    let not_made = || a.file_not_made.to_string();
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|_| not_made())?;
    offer(name, &blob, a)
}

/// Offers `blob` as a download named `name`.
fn offer(name: &str, blob: &web_sys::Blob, a: &AssignmentMessages) -> Result<(), String> {
    let not_made = || a.file_not_made.to_string();
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(|_| not_made())?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or_else(not_made)?;
    let a: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(|_| not_made())?.dyn_into().map_err(|_| not_made())?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Reads the first file chosen in a file input; one larger than `max` bytes is refused with
/// `too_large` before it is read. (The reviewer and the workbench read files; the assignment
/// page no longer does.)
#[cfg(any(feature = "review", feature = "workbench"))]
pub async fn read_chosen_file(
    input: &web_sys::HtmlInputElement,
    max: usize,
    too_large: String,
    a: &AssignmentMessages,
) -> Result<String, String> {
    let file = input.files().and_then(|f| f.get(0)).ok_or(a.file_none)?;
    if file.size() > max as f64 {
        return Err(too_large);
    }
    let text = JsFuture::from(file.text()).await.map_err(|_| a.file_unreadable.to_string())?;
    text.as_string().ok_or_else(|| a.file_unreadable.to_string())
}
