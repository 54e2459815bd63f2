//! Helpers the browser tests share (`web.rs`, `web_workbench.rs`): a fresh element to mount into,
//! reading texts, and acting as a student or teacher does (a click, a keystroke's input event).
#![allow(dead_code)] // each test binary uses its own share of these helpers

use leptos::prelude::document;
use wasm_bindgen::JsCast;

/// A fresh element in the page's body to mount a component into.
pub fn fresh_root() -> web_sys::HtmlElement {
    let document = document();
    let root = document.create_element("section").expect("element");
    document.body().expect("body").append_child(&root).expect("appended");
    root.unchecked_into()
}

/// The text of every element `selector` finds under `root`.
pub fn texts(root: &web_sys::HtmlElement, selector: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).expect("selector");
    (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.text_content()).collect()
}

/// The element `selector` finds under `root`; a test fails naming what it did not find.
pub fn find(root: &web_sys::HtmlElement, selector: &str) -> web_sys::Element {
    root.query_selector(selector).expect("selector").unwrap_or_else(|| panic!("no {selector}"))
}

/// Clicks the element whose `data-testid` is `testid`.
pub fn click(root: &web_sys::HtmlElement, testid: &str) {
    find(root, &format!("[data-testid={testid}]")).unchecked_into::<web_sys::HtmlElement>().click();
}

/// Types `text` into the field `testid` as a person would: its value, then an input event.
pub fn type_into(root: &web_sys::HtmlElement, testid: &str, text: &str) {
    let input: web_sys::HtmlInputElement = find(root, &format!("[data-testid={testid}]")).unchecked_into();
    input.set_value(text);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    input
        .dispatch_event(&web_sys::Event::new_with_event_init_dict("input", &init).expect("event"))
        .expect("sent");
}
