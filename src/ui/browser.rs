//! What the lab asks of the browser's address: query parameters and the page's own address.

/// A query parameter of the page's URL (its first value, as `URLSearchParams.get` gives).
pub fn query(name: &str) -> Option<String> {
    current().iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
}

/// Every query parameter of the page's URL, in order.
pub fn params() -> Vec<(String, String)> {
    current().as_ref().clone()
}

/// The query as last read, and its parameters.
type Read = (wasm_bindgen::JsValue, std::rc::Rc<Vec<(String, String)>>);

thread_local! {
    /// The page's query, parsed once per address: a link may carry an assignment of hundreds of
    /// KB, which each parameter asked for copied into the lab and parsed again (about ten times
    /// as the lab mounts: issue 29's 5,000-key link held the page past 200 ms). The address is
    /// compared in the browser, uncopied: a test that changes it is read anew.
    static LAST: std::cell::RefCell<Option<Read>> = const { std::cell::RefCell::new(None) };
}

/// The page's query parameters, parsed again only when the address changed.
fn current() -> std::rc::Rc<Vec<(String, String)>> {
    let search = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w.location(), &"search".into()).ok())
        .unwrap_or(wasm_bindgen::JsValue::UNDEFINED);
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((_, params)) = last.as_ref().filter(|(seen, _)| *seen == search) {
            return params.clone();
        }
        let params = std::rc::Rc::new(read_params(search.as_string().unwrap_or_default()));
        *last = Some((search, params.clone()));
        params
    })
}

/// The parameters of the query `search`.
fn read_params(search: String) -> Vec<(String, String)> {
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
