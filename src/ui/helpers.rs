//! The small helpers every view uses: a value that follows the lab, a handler that acts on it,
//! a table's header row, whether a key press belongs to a field, and how an answer reads. In a
//! module of their own, so a view imports them from here rather than from the page's root.

use leptos::prelude::*;

/// The header row of a table: one column header per name.
pub(crate) fn column_heads(names: Vec<&'static str>) -> impl IntoView {
    view! {
        <thead>
            <tr>{names.into_iter().map(|n| view! { <th scope="col">{n}</th> }).collect_view()}</tr>
        </thead>
    }
}

/// A handler that calls `act` with the lab, whatever the event. The buttons that only act on the
/// lab share this one handler type, so the page carries the code that attaches a handler once per
/// event type rather than once per button.
pub(crate) fn with_lab<L: Copy + 'static, E>(lab: L, act: fn(L)) -> impl Fn(E) + Copy + 'static {
    move |_| act(lab)
}

/// A value that follows the lab (a text, an attribute, a property), its closure's type erased:
/// every such value of one type in the page shares one copy of the code that renders and updates
/// it, instead of one per closure.
pub(crate) fn live<T>(f: impl FnMut() -> T + Send + 'static) -> Box<dyn FnMut() -> T + Send> {
    Box::new(f)
}

/// Whether a key press belongs to a field or control that handles it itself.
pub(crate) fn typing(ev: &leptos::ev::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    let tag = el.tag_name().to_ascii_lowercase();
    let own_key = matches!(tag.as_str(), "input" | "select" | "textarea")
        || el.get_attribute("contenteditable").is_some_and(|v| v != "false");
    // Space on a focused button presses that button; let the browser do it.
    let space_on_control = ev.key() == " " && matches!(tag.as_str(), "button" | "a" | "summary");
    own_key || space_on_control
}

/// Scrolls `scroller`, and nothing around it, so that `row` of its table is inside it, below the
/// table's sticky head (`head_rows` rows as tall as `row`).
pub(crate) fn keep_row_in_box(scroller: &web_sys::Element, row: &web_sys::HtmlElement, head_rows: i32) {
    let (view, top, height) = (scroller.client_height(), row.offset_top(), row.offset_height());
    let head = head_rows * height;
    if top - head < scroller.scroll_top() {
        scroller.set_scroll_top((top - head).max(0));
    } else if top + height > scroller.scroll_top() + view {
        scroller.set_scroll_top(top + height - view);
    }
}

/// Brings the element `id` into view once the page has drawn what the press changed (the next
/// frame but one): its top to the top of the box that scrolls it, under any sticky header (its
/// `scroll-margin-top`); then, when `then_id` is given and its bottom falls below the panels' box
/// or the window, that element's bottom into view, so a row stays in view with the heads above it
/// where they fit. A head the layout hides (a phone's cards have none) leaves the row to the top.
pub(crate) fn bring_into_view(id: String, then_id: Option<String>) {
    request_animation_frame(move || {
        request_animation_frame(move || {
            let Some(window) = web_sys::window() else { return };
            let Some(document) = window.document() else { return };
            let then = then_id.and_then(|t| document.get_element_by_id(&t));
            let first =
                document.get_element_by_id(&id).filter(|e| e.get_bounding_client_rect().height() > 0.0);
            let Some(first) = first.or_else(|| then.clone()) else { return };
            scroll_into_box(&first, true);
            let Some(row) = then else { return };
            let mut bottom = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(f64::MAX);
            if let Some(panels) = document.query_selector(".panels").ok().flatten() {
                let r = panels.get_bounding_client_rect();
                if r.height() > 0.0 {
                    bottom = bottom.min(r.bottom());
                }
            }
            if row.get_bounding_client_rect().bottom() > bottom {
                scroll_into_box(&row, false);
            }
        })
    });
}

/// Scrolls `el` into view, its top (`top`, under its `scroll-margin-top`) or its bottom to the
/// box that scrolls it. In a frame of fixed height (`height=fixed`: the page's class has `embed`
/// and not `flow`) the lab is one screen and only the boxes inside it move, each scrolled in turn
/// from the innermost out: scrollIntoView also scrolls every box around the frame, up to the
/// course page, which then hid its own header.
pub(crate) fn scroll_into_box(el: &web_sys::Element, top: bool) {
    let Some(window) = web_sys::window() else { return };
    let fixed_frame =
        window.document().and_then(|d| d.query_selector(".lab.embed:not(.flow)").ok().flatten()).is_some();
    if !fixed_frame {
        el.scroll_into_view_with_bool(top);
        return;
    }
    let style = |e: &web_sys::Element, name: &str| {
        window
            .get_computed_style(e)
            .ok()
            .flatten()
            .and_then(|s| s.get_property_value(name).ok())
            .unwrap_or_default()
    };
    // Read by the browser's own parseFloat ("12px" is 12): Rust's float parser would bring its
    // tables to every page (about 16 KB gzip).
    let margin = js_sys::parse_float(&style(el, "scroll-margin-top"));
    let margin = if margin.is_finite() { margin } else { 0.0 };
    let mut around = el.parent_element();
    while let Some(b) = around {
        let scrolls = matches!(style(&b, "overflow-y").as_str(), "auto" | "scroll");
        if scrolls && b.scroll_height() > b.client_height() {
            let (outer, inner) = (b.get_bounding_client_rect(), el.get_bounding_client_rect());
            let view_top = outer.top() + f64::from(b.client_top());
            let by = if top {
                inner.top() - margin - view_top
            } else {
                (inner.bottom() - (view_top + f64::from(b.client_height()))).max(0.0)
            };
            b.set_scroll_top(b.scroll_top() + by.round() as i32);
        }
        around = b.parent_element();
    }
}

/// An answer as the page shows it (the reveal's and the reviewer's): verdicts and component
/// names in its language.
#[cfg(any(feature = "assignments", feature = "review"))]
pub(crate) fn shown(t: &crate::messages::Messages, answer: &crate::teaching::assignment::Answer) -> String {
    use crate::teaching::assignment::Answer;
    match answer {
        Answer::Word(v) => t.verdict(*v).to_string(),
        Answer::Parts(parts) if !parts.is_empty() => {
            parts.iter().map(|&p| t.part(p)).collect::<Vec<_>>().join(", ")
        }
        other => other.to_string(),
    }
}
