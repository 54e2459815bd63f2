//! Components in a real browser: mount into a fresh element, act, await `tick()`, and assert on
//! `data-testid` and text.
#![cfg(target_arch = "wasm32")]

use cplab::ui::*;
use leptos::mount::mount_to;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod dom;
use dom::{click, fresh_root, texts};

fn text(root: &web_sys::HtmlElement, testid: &str) -> String {
    texts(root, &format!("[data-testid={testid}]")).join("|")
}

#[wasm_bindgen_test]
async fn stepping_through_the_lessons_request_counts_17_50_7() {
    let root = fresh_root();
    let _mounted = mount_to(root.clone(), App);
    leptos::task::tick().await;
    assert_eq!(texts(&root, "[data-testid=trace-row]").len(), 0);
    assert_eq!(text(&root, "narration"), "Step 0 of 17: nothing has happened yet.");
    for _ in 0..8 {
        click(&root, "forward");
    }
    leptos::task::tick().await;
    assert_eq!(texts(&root, "[data-testid=trace-row]").len(), 8);
    assert_eq!(
        text(&root, "narration"),
        "Step 8 of 17: scheduler writes copy/collector-4, node node/m1, pending"
    );
    assert!(text(&root, "part-scheduler").contains("▶ acting"));
    let flashed = texts(&root, "li.flash");
    assert_eq!(flashed, ["collector-4 node node/m1, pending✎ written"]);
    click(&root, "to-end");
    leptos::task::tick().await;
    assert_eq!(
        text(&root, "trace-summary"),
        "components visited 4   trace steps 17   store reads 50   store writes 7   revision 0 -> 7   round 2"
    );
    assert_eq!(text(&root, "revision"), "revision 7");
    click(&root, "back");
    leptos::task::tick().await;
    assert_eq!(texts(&root, "[data-testid=trace-row]").len(), 16);
}

#[wasm_bindgen_test]
async fn taking_the_api_server_down_fills_its_matrix_row_and_shows_the_lost_death() {
    let root = fresh_root();
    let _mounted = mount_to(root.clone(), App);
    leptos::task::tick().await;
    click(&root, "play-events");
    click(&root, "part-api-server");
    leptos::task::tick().await;
    assert!(text(&root, "part-api-server").contains("✕ down"));
    assert_eq!(text(&root, "matrix-row-API-server"), "API server——————————");
    click(&root, "to-end");
    leptos::task::tick().await;
    // The lesson's cells, then "after repair" (a button that repairs the row) and "after the
    // report", not yet reached.
    assert_eq!(
        text(&root, "matrix-row-API-server"),
        "API serverhaltedunknownhaltedhaltedcontinues3/2200Bring the parts back—"
    );
    assert!(text(&root, "believed-gap").contains("copy/collector-2"));
    assert!(text(&root, "why").contains("never landed (API server unavailable)"));
    assert_eq!(text(&root, "matrix-progress"), "1 of 7 rows run.");
    // Brought back at the end: the run goes on, and the lost death is still not known.
    click(&root, "part-api-server");
    leptos::task::tick().await;
    assert!(text(&root, "part-api-server").contains("back next round"));
    click(&root, "to-end");
    leptos::task::tick().await;
    assert!(text(&root, "matrix-row-API-server").contains("3 believed, 2 running; 20 item reads, 0 writes"));
    assert!(text(&root, "believed-gap").contains("copy/collector-2"));
}

/// Every text a student can see or hear, outside the parts a pseudo-language marks as its own:
/// what is left must be data (keys, names, numbers, symbols), never an English word.
fn untranslated(root: &web_sys::HtmlElement) -> Vec<String> {
    let mut texts = Vec::new();
    // A message the table writes as markup (the load chart's links) is one text: the words of its
    // links are parts of it, not texts of their own.
    let markup = "[data-testid=load-links]";
    let walker = document().create_tree_walker_with_what_to_show(root, 4).expect("walker");
    while let Ok(Some(node)) = walker.next_node() {
        if node.parent_element().and_then(|p| p.closest(markup).ok().flatten()).is_none() {
            texts.extend(node.text_content());
        }
    }
    let whole = root.query_selector_all(markup).expect("selector");
    for i in 0..whole.length() {
        texts.extend(whole.item(i).and_then(|n| n.text_content()));
    }
    let labelled = root.query_selector_all("[aria-label]").expect("selector");
    for i in 0..labelled.length() {
        let el: web_sys::Element = labelled.item(i).expect("item").unchecked_into();
        texts.extend(el.get_attribute("aria-label"));
    }
    let mut left = Vec::new();
    for text in texts {
        // Drop every ⟦…⟧ (they nest when a template holds another text).
        let mut depth = 0;
        let mut outside = String::new();
        for c in text.chars() {
            match c {
                '⟦' => depth += 1,
                '⟧' => depth -= 1,
                c if depth == 0 => outside.push(c),
                _ => {}
            }
        }
        for word in outside.split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')') {
            let data = word.is_empty()
                || word.contains('/')
                || word.bytes().any(|b| b.is_ascii_digit())
                || !word.chars().any(char::is_alphabetic)
                || ["collector", "verifier"].contains(&word);
            if !data {
                left.push(format!("{word:?} in {text:?}"));
            }
        }
    }
    left
}

#[wasm_bindgen_test]
async fn every_text_comes_from_the_message_table() {
    let pseudo: &'static cplab::messages::Messages =
        Box::leak(Box::new(cplab::messages::EN.map(|t| Box::leak(format!("⟦{t}⟧").into_boxed_str()))));
    let root = fresh_root();
    let _mounted = mount_to(root.clone(), move || {
        // The assignments build shows assignment texts, and the review build the report
        // reviewer's: they are marked too.
        #[cfg(any(feature = "assignments", feature = "review"))]
        provide_context(AssignmentTexts(Box::leak(Box::new(
            cplab::messages::EN_ASSIGNMENTS.map(|t| Box::leak(format!("⟦{t}⟧").into_boxed_str())),
        ))));
        view! { <LabPage t=pseudo missing=Some("xx".to_string()) /> }
    });
    leptos::task::tick().await;
    let mut left = untranslated(&root);
    for _ in 0..8 {
        click(&root, "forward");
    }
    leptos::task::tick().await;
    left.extend(untranslated(&root));
    click(&root, "play-events");
    click(&root, "part-api-server");
    click(&root, "to-end");
    leptos::task::tick().await;
    left.extend(untranslated(&root));
    assert!(text(&root, "why").starts_with('⟦'), "{}", text(&root, "why"));
    assert!(text(&root, "narration").starts_with('⟦'), "{}", text(&root, "narration"));
    assert_eq!(document().title(), "⟦Control Plane Lab⟧");
    // Playing from the end starts over: the pause button and an empty live region.
    click(&root, "play");
    leptos::task::tick().await;
    left.extend(untranslated(&root));
    assert!(left.is_empty(), "texts outside the message table: {left:#?}");
}

/// The report reviewer is a build of its own (`review`, the page `?review=1`); every other page,
/// the assignment page too, carries only a link to it (issue 29: no student needs it).
#[wasm_bindgen_test]
async fn the_reviewer_is_in_its_own_build_and_every_other_links_there() {
    let root = fresh_root();
    let _mounted = mount_to(root.clone(), App);
    leptos::task::tick().await;
    let has = |selector: &str| root.query_selector(selector).ok().flatten().is_some();
    assert_eq!(has("[data-testid=import-report]"), cfg!(feature = "review"));
    assert_eq!(has("[data-testid=review-link]"), !cfg!(feature = "review"));
}

#[cfg(feature = "assignments")]
use dom::type_into;

#[cfg(feature = "assignments")]
#[wasm_bindgen_test]
async fn every_assignment_text_comes_from_the_message_table() {
    use cplab::messages::{Messages, EN, EN_ASSIGNMENTS};
    let mark = |t: &'static str| -> &'static str { Box::leak(format!("⟦{t}⟧").into_boxed_str()) };
    let pseudo: &'static Messages = Box::leak(Box::new(EN.map(mark)));
    let texts = AssignmentTexts(Box::leak(Box::new(EN_ASSIGNMENTS.map(mark))));
    // The page names an assignment the way a teacher's link does (a fresh title: no saved work).
    let doc = r#"{"version": 1, "title": "T-42", "predict": ["steps", "reads"], "matrix": {"rows": ["scheduler"], "cells": ["scale", "rd"]}}"#;
    let code = cplab::teaching::report::encode_link(doc);
    let history = web_sys::window().expect("window").history().expect("history");
    history
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("?a={code}")))
        .expect("url");
    let root = fresh_root();
    let _mounted = mount_to(root.clone(), move || {
        provide_context(texts);
        view! { <LabPage t=pseudo missing=None /> }
    });
    // The assignment is set up a task after its answer key is worked out: wait for it (a few
    // tries, each a timer turn).
    for _ in 0..50 {
        leptos::task::tick().await;
        if root.query_selector("[data-testid=assignment-title]").ok().flatten().is_some() {
            break;
        }
        gloo_timers::future::TimeoutFuture::new(5).await;
    }
    history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some("?")).expect("url");
    assert_eq!(text(&root, "assignment-title"), "T-42");
    let mut left = untranslated(&root);
    type_into(&root, "predict-steps", "17");
    type_into(&root, "predict-reads", "4x");
    leptos::task::tick().await;
    assert!(text(&root, "input-error").starts_with('⟦'), "{}", text(&root, "input-error"));
    click(&root, "run");
    leptos::task::tick().await;
    assert!(text(&root, "run-blocked").starts_with('⟦'), "{}", text(&root, "run-blocked"));
    left.extend(untranslated(&root));
    type_into(&root, "predict-reads", "49");
    leptos::task::tick().await;
    click(&root, "run");
    leptos::task::tick().await;
    // The matrix cells are blank: the lab asks first, in the table's words.
    assert!(text(&root, "confirm-blank").starts_with('⟦'), "{}", text(&root, "confirm-blank"));
    left.extend(untranslated(&root));
    click(&root, "confirm-lock");
    leptos::task::tick().await;
    assert!(text(&root, "score").starts_with('⟦'), "{}", text(&root, "score"));
    left.extend(untranslated(&root));
    assert!(left.is_empty(), "texts outside the message tables: {left:#?}");
}

/// A report's file name, where JavaScript's Unicode tables answer in the browser: the same names
/// as Rust's give natively (src/teaching/report.rs).
#[wasm_bindgen_test]
fn report_file_names_are_the_native_ones() {
    use cplab::teaching::report::file_name;
    assert_eq!(file_name("../<x>", "Zoë", "json"), "lab-report-x-zoë.json");
    assert_eq!(file_name("ΟΔΟΣ ١٢·Ⅻ", "İ", "csv"), "lab-report-οδοσ-١٢-ⅻ-i\u{307}.csv");
    assert_eq!(
        file_name("Trace one request end to end", "Ada L. (s-042)", "json"),
        "lab-report-trace-one-request-end-to-end-ada-l-s-042.json"
    );
}
