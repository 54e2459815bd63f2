//! What the lab asks of the browser's address: query parameters and the page's own address.

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

/// Resolves once the browser has a moment with nothing to do (`requestIdleCallback`), or after
/// `most_ms` at the latest; at once where the browser offers no idle callbacks.
/// A page in two modules asks for its later module here, so the first step the student takes does
/// not queue behind that module's download and drawing (docs/size.md, "Pages in two modules").
#[cfg(all(feature = "split", feature = "kube"))]
pub async fn idle(most_ms: u32) {
    use wasm_bindgen::{JsCast, JsValue};
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let window: JsValue = js_sys::global().into();
        let ask = js_sys::Reflect::get(&window, &"requestIdleCallback".into()).ok();
        let called = ask.and_then(|f| f.dyn_into::<js_sys::Function>().ok()).map(|ask| {
            let options = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&options, &"timeout".into(), &most_ms.into());
            ask.call2(&window, &resolve, &options).is_ok()
        });
        if called != Some(true) {
            let _ = resolve.call0(&JsValue::UNDEFINED);
        }
    });
    // One thread in a page: the wrapper only satisfies Suspend's bound.
    let _ = send_wrapper::SendWrapper::new(wasm_bindgen_futures::JsFuture::from(promise)).await;
}

/// How long a page in two modules waits at most for the browser to be idle before it asks for its
/// later module anyway: this lab's choice, not a browser's figure, changeable here.
#[cfg(all(feature = "split", feature = "kube"))]
pub const LATER_WAIT_MS: u32 = 2_000;
