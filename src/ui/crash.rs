//! When the lab fails: a plain message with a Reload link, built with the DOM alone (the wasm
//! cannot be trusted to run again), and an `error` message to the embedding page.

use super::host::Host;
use crate::teaching::embed::error_message;

/// Shows the fallback and tells the host. Never panics itself.
pub fn show(what: &str) {
    let t = super::page_messages().0;
    if let Some(host) = Host::from_url(t).0 {
        host.post(&error_message(what));
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(body) = document.body() else { return };
    let (Ok(panel), Ok(heading), Ok(text), Ok(reload)) = (
        document.create_element("div"),
        document.create_element("h2"),
        document.create_element("p"),
        document.create_element("a"),
    ) else {
        return;
    };
    let _ = panel.set_attribute("class", "crash");
    let _ = panel.set_attribute("role", "alert");
    let _ = panel.set_attribute("data-testid", "crash");
    heading.set_text_content(Some(t.crash_title));
    text.set_text_content(Some(t.crash_text));
    // A plain link: it reloads without any of the lab's code running.
    let here = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    let _ = reload.set_attribute("href", &here);
    let _ = reload.set_attribute("class", "button");
    let _ = reload.set_attribute("data-testid", "reload");
    reload.set_text_content(Some(t.crash_reload));
    let _ = panel.append_child(&heading);
    let _ = panel.append_child(&text);
    let _ = panel.append_child(&reload);
    let _ = body.prepend_with_node_1(&panel);
}
