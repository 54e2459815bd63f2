//! The teacher's workbench in a real browser (the `workbench` build): mount it into a fresh element,
//! type and tick as a teacher would, await `tick()`, and assert on `data-testid` and text.
#![cfg(all(target_arch = "wasm32", feature = "workbench"))]

use cplab::ui::workbench::{WorkbenchPage, SETTLE_MS};
use leptos::mount::mount_to;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod dom;
use dom::{click as tick_box, find, fresh_root, type_into};

fn text(root: &web_sys::HtmlElement, selector: &str) -> String {
    dom::texts(root, selector).join("|")
}

/// A page with no draft kept: the workbench keeps its draft in this browser, and the tests
/// share one page.
fn no_kept_draft() {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.clear();
    }
}

/// Lets the page catch up: the draft's check waits for a pause in the typing (`SETTLE_MS`), then
/// the parts it shows or hides, then their fields.
async fn settle() {
    for _ in 0..3 {
        leptos::task::tick().await;
    }
    gloo_timers::future::TimeoutFuture::new(SETTLE_MS * 2).await;
    for _ in 0..3 {
        leptos::task::tick().await;
    }
}

/// The workbench mounted into a fresh element, once it has settled; it stays while the handle
/// lives.
async fn open_workbench() -> (web_sys::HtmlElement, impl Sized) {
    let root = fresh_root();
    let mounted = mount_to(root.clone(), WorkbenchPage);
    settle().await;
    (root, mounted)
}

fn out_json(root: &web_sys::HtmlElement) -> String {
    find(root, "[data-testid=out-json]").unchecked_into::<web_sys::HtmlTextAreaElement>().value()
}

#[wasm_bindgen_test]
async fn a_new_assignment_lists_its_steps_then_hands_out_the_file_it_was_given() {
    no_kept_draft();
    let (root, _mounted) = open_workbench().await;
    // Nothing typed: two steps to take, no error, nothing handed out.
    assert_eq!(
        text(&root, "[data-testid=out-todo]"),
        "Give the assignment a title: students see it as its heading.|Choose what students predict: a count, failure-matrix rows and cells, or a question."
    );
    assert_eq!(text(&root, ".notes .error"), "");
    assert!(root.query_selector("[data-testid=out-json]").expect("selector").is_none());
    assert_eq!(
        text(&root, "[data-testid=scenario-counts]"),
        "components visited 4   trace steps 17   store reads 50   store writes 7   revision 0 -> 7   round 2"
    );
    type_into(&root, "title", "Trace");
    tick_box(&root, "count-steps");
    settle().await;
    assert_eq!(text(&root, "[data-testid=out-todo]"), "");
    let file = out_json(&root);
    assert!(
        file.contains("\"title\": \"Trace\"") && file.contains("\"predict\": [\n    \"steps\"\n  ]"),
        "{file}"
    );
    let key = text(&root, "[data-testid=answer-key]");
    assert!(key.lines().any(|l| l.starts_with("steps") && l.contains(" 17 ")), "answer key: {key:?}");
}

#[wasm_bindgen_test]
async fn two_bad_fields_are_both_named_and_kept_and_nothing_is_handed_out() {
    no_kept_draft();
    let (root, _mounted) = open_workbench().await;
    type_into(&root, "title", "Trace");
    tick_box(&root, "count-reads");
    type_into(&root, "request-0-desired", "five");
    type_into(&root, "node-m3-capacity", "-1");
    settle().await;
    assert_eq!(
        text(&root, "#request-0-notes"),
        "Error: must be a whole number from 0 to 100000, found the text \"five\""
    );
    assert_eq!(text(&root, "#node-m3-notes"), "Error: must not be negative, found -1");
    assert!(root.query_selector("[data-testid=out-json]").expect("selector").is_none());
    let kept: web_sys::HtmlInputElement = find(&root, "[data-testid=request-0-desired]").unchecked_into();
    assert_eq!(kept.value(), "five");
    // Fixed, the file is there again, with the change written under "changes".
    type_into(&root, "request-0-desired", "4");
    type_into(&root, "node-m3-capacity", "2");
    settle().await;
    assert!(out_json(&root).contains("\"node/m3\": {\n        \"capacity\": 2,"), "{}", out_json(&root));
}

#[wasm_bindgen_test]
async fn a_draft_typed_comes_back_when_the_workbench_opens_again() {
    no_kept_draft();
    let (root, mounted) = open_workbench().await;
    assert_eq!(text(&root, "[data-testid=draft-restored]"), "");
    type_into(&root, "title", "Kept");
    type_into(&root, "request-0-desired", "six");
    settle().await;
    drop(mounted);
    let (again, _mounted) = open_workbench().await;
    assert_eq!(
        text(&again, "[data-testid=draft-restored]"),
        "Your draft is back: the workbench keeps it in this browser as you type."
    );
    let value = |id: &str| {
        find(&again, &format!("[data-testid={id}]")).unchecked_into::<web_sys::HtmlInputElement>().value()
    };
    assert_eq!((value("title"), value("request-0-desired")), ("Kept".to_string(), "six".to_string()));
}

/// A draft's check and its run are two tasks (issue 29: a keystroke on a large scenario once
/// checked and ran it in one task): in the task that checks the draft, nothing has run it yet;
/// the next task runs it. Counted in tasks, not timed.
#[wasm_bindgen_test]
async fn a_draft_is_checked_in_one_task_and_run_in_the_next() {
    use cplab::messages::EN_WORKBENCH;
    use cplab::teaching::workbench::Draft;
    use cplab::ui::workbench::Workbench;
    use leptos::prelude::*;
    let owner = Owner::new();
    let workbench = owner.with(|| Workbench::new(RwSignal::new(Draft::default()), &EN_WORKBENCH));
    owner.with(|| {
        workbench.settle();
        // Checked in this task: the file it writes is there (blank until a draft is checked).
        assert!(workbench.checked.with(|c| !c.text.is_empty()), "the draft is checked at once");
        // Not run in it.
        assert!(workbench.run.with(Option::is_none), "the draft ran in the task that checked it");
    });
    for _ in 0..2 {
        gloo_timers::future::TimeoutFuture::new(0).await;
    }
    owner.with(|| assert!(workbench.run.with(Option::is_some), "the draft did not run in the next task"));
    drop(owner);
}
