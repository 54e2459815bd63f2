//! The few things the lab asks of the browser: query parameters, fetching a file next to the
//! page, local storage that may be blocked or full, downloads, and the clock. Every failure comes
//! back as a message for the student, never as a panic.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// A query parameter of the page's URL.
pub fn query(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search).ok()?.get(name)
}

/// Every query parameter of the page's URL, in order.
pub fn params() -> Vec<(String, String)> {
    let Some(search) = web_sys::window().and_then(|w| w.location().search().ok()) else {
        return Vec::new();
    };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in js_sys::try_iter(&params).ok().flatten().into_iter().flatten().flatten() {
        let pair = js_sys::Array::from(&entry);
        if let (Some(k), Some(v)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
            out.push((k, v));
        }
    }
    out
}

/// The page's address without its query.
pub fn page_address() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// Fetches a text file by a path relative to the page.
pub async fn fetch_text(path: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(path))
        .await
        .map_err(|_| format!("could not load \"{path}\" (the network request failed)"))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "not a response".to_string())?;
    if !response.ok() {
        return Err(format!("could not load \"{path}\" (HTTP {})", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|_| "no body".to_string())?)
        .await
        .map_err(|_| format!("could not read \"{path}\""))?;
    text.as_string().ok_or_else(|| format!("\"{path}\" is not text"))
}

/// The page's local storage, or why it cannot be used.
fn storage() -> Result<web_sys::Storage, String> {
    let window = web_sys::window().ok_or("no window")?;
    match window.local_storage() {
        Ok(Some(s)) => Ok(s),
        Ok(None) => Err("this browser offers no storage here".into()),
        Err(_) => Err("storage is blocked here".into()),
    }
}

/// Reads a stored string (none when absent).
pub fn load(key: &str) -> Result<Option<String>, String> {
    storage()?.get_item(key).map_err(|_| "storage is blocked here".to_string())
}

/// Stores a string.
pub fn save(key: &str, value: &str) -> Result<(), String> {
    storage()?.set_item(key, value).map_err(|_| "storage is full or blocked".to_string())
}

/// The current time, ISO 8601.
pub fn now_iso() -> String {
    js_sys::Date::new_0().to_iso_string().as_string().unwrap_or_default()
}

/// Offers `text` as a file download.
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| "could not make the file")?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| "could not make the file")?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(|_| "no link")?.dyn_into().map_err(|_| "no link")?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Reads the first file chosen in a file input.
pub async fn read_chosen_file(input: &web_sys::HtmlInputElement) -> Result<String, String> {
    let file = input.files().and_then(|f| f.get(0)).ok_or("no file chosen")?;
    let text = JsFuture::from(file.text()).await.map_err(|_| "the file could not be read".to_string())?;
    text.as_string().ok_or_else(|| "the file is not text".to_string())
}
