//! Components in a real browser: mount into a fresh element, act, await `tick()`, and assert on
//! `data-testid` and text.
#![cfg(target_arch = "wasm32")]

use cplab::ui::*;
use leptos::mount::mount_to;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn fresh_root() -> web_sys::HtmlElement {
    let document = document();
    let root = document.create_element("section").expect("element");
    document.body().expect("body").append_child(&root).expect("appended");
    root.unchecked_into()
}

fn texts(root: &web_sys::HtmlElement, selector: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).expect("selector");
    (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.text_content()).collect()
}

#[wasm_bindgen_test]
async fn the_trace_table_shows_the_lessons_trace_computed_in_wasm() {
    let root = fresh_root();
    let _mounted = mount_to(root.clone(), TraceTable);
    leptos::task::tick().await;
    let rows = texts(&root, "[data-testid=trace-row]");
    assert_eq!(rows.len(), 17);
    assert_eq!(rows[3], "4controller managerwritecopy/collector-4172");
    assert_eq!(
        texts(&root, "[data-testid=trace-summary]"),
        ["components visited 4   trace steps 17   store reads 50   store writes 7   revision 0 -> 7   round 2"]
    );
}
