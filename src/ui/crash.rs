//! When the lab fails: a plain message with a Reload link, built with the DOM alone (the wasm
//! cannot be trusted to run again), and an `error` message to the embedding page.
//!
//! A panic reaches [`show`] through the panic hook. A wasm trap (out of memory, an abort) throws
//! past every Rust hook, so the notice is made ready at start, hidden, and `boot.js` shows it and
//! posts the error it carries when the browser reports a `WebAssembly.RuntimeError`: no code of
//! the lab runs after a trap.

use super::host::Host;
use crate::teaching::embed::error_message;

/// The notice's id, which `boot.js` looks for.
const ID: &str = "crash";

/// Readies a page to fail plainly: the panic hook shows the notice (and logs the panic), and the
/// notice is built for a trap. Every page's `mount` calls it first.
pub fn arm() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&info.to_string().into());
        show(&info.to_string());
    }));
    prepare();
}

/// Ways to see the notice on purpose (the end-to-end tests use them), once the page is up, as a
/// failure mid-session is: `?selftest=panic` panics, `?selftest=trap` aborts (what running out of
/// memory ends in: the allocator's handler aborts, a trap no panic hook sees).
pub fn self_test() {
    match super::browser::query("selftest").as_deref() {
        Some("panic") => panic!("self-test: the lab was asked to fail"),
        Some("trap") => leptos::prelude::set_timeout(|| std::process::abort(), std::time::Duration::ZERO),
        _ => {}
    }
}

/// Builds the notice, hidden, at the top of the page, with what `boot.js` needs to report a trap:
/// the host's origin (only an allowed one) and the `error` message for it.
fn prepare() {
    let Some(panel) = panel() else { return };
    let _ = panel.set_attribute("hidden", "");
    if let Ok(host) = Host::named() {
        let _ = panel.set_attribute("data-host", host.origin());
        let _ = panel.set_attribute("data-message", &error_message(words().trap));
    }
}

/// Shows the notice and tells the host. Never panics itself.
pub fn show(what: &str) {
    if let Ok(host) = Host::named() {
        host.post(&error_message(what));
    }
    let prepared = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(ID));
    if let Some(panel) = prepared.or_else(panel) {
        let _ = panel.remove_attribute("hidden");
        // Told once: a trap after the panic must not post again.
        let _ = panel.remove_attribute("data-host");
    }
}

/// The notice's texts in the language `?lang=` asks for: these alone, so a page without the
/// lesson's texts (`?kube=1`) carries none of its table.
fn words() -> crate::messages::CrashWords {
    crate::messages::crash_words(super::browser::query("lang").as_deref())
}

/// The notice, at the top of the body.
fn panel() -> Option<web_sys::Element> {
    let t = words();
    let document = web_sys::window()?.document()?;
    let body = document.body()?;
    let (panel, heading, text, reload) = (
        document.create_element("div").ok()?,
        document.create_element("h2").ok()?,
        document.create_element("p").ok()?,
        document.create_element("a").ok()?,
    );
    let _ = panel.set_attribute("id", ID);
    let _ = panel.set_attribute("class", "crash");
    let _ = panel.set_attribute("role", "alert");
    let _ = panel.set_attribute("data-testid", "crash");
    heading.set_text_content(Some(t.title));
    text.set_text_content(Some(t.text));
    // A plain link: it reloads without any of the lab's code running.
    let here = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    let _ = reload.set_attribute("href", &here);
    let _ = reload.set_attribute("class", "button");
    let _ = reload.set_attribute("data-testid", "reload");
    reload.set_text_content(Some(t.reload));
    let _ = panel.append_child(&heading);
    let _ = panel.append_child(&text);
    let _ = panel.append_child(&reload);
    let _ = body.prepend_with_node_1(&panel);
    Some(panel)
}
