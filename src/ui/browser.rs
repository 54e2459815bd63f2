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
