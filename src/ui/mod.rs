//! The lab in the browser. It plays back what the model recorded and computes no rule itself:
//! every component reads the recording and the cursor of one [`Lab`].

mod believed_actual;
mod controls;
mod diagram;
mod failure_matrix;
mod lab;
mod scenario_picker;
mod store_view;
mod trace_table;

pub use believed_actual::BelievedActual;
pub use controls::Controls;
pub use diagram::Diagram;
pub use failure_matrix::FailureMatrix;
pub use lab::{Lab, Play};
pub use scenario_picker::ScenarioPicker;
pub use store_view::StoreView;
pub use trace_table::TraceTable;

use leptos::prelude::*;

/// Mounts the lab into the page body.
pub fn mount() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}

/// The whole lab.
#[component]
pub fn App() -> impl IntoView {
    let lab = Lab::new();
    // Shortcuts: space plays or pauses, arrows step, Home resets, End runs to the end; never
    // while the student is in a field (or on a control that uses the key itself).
    let _keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if typing(&ev) || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let handled = match ev.key().as_str() {
            " " => {
                controls::toggle(lab);
                true
            }
            "ArrowRight" => {
                controls::forward(lab);
                true
            }
            "ArrowLeft" => {
                controls::back(lab);
                true
            }
            "Home" => {
                controls::reset(lab);
                true
            }
            "End" => {
                controls::pause(lab);
                lab.go_to(usize::MAX);
                true
            }
            _ => false,
        };
        if handled {
            ev.prevent_default();
        }
    });
    view! {
        <main class="lab" data-testid="lab">
            <header>
                <h1>"Control Plane Lab"</h1>
                <p>"Four components never call one another: they only read and write the state store, whose revision counts every write. Step through a request and count."</p>
            </header>
            <ScenarioPicker lab />
            <Controls lab />
            <Narration lab />
            <div class="stage">
                <Diagram lab />
                <StoreView lab />
            </div>
            <BelievedActual lab />
            <TraceTable lab />
            <FailureMatrix lab />
        </main>
    }
}

/// The one polite live region, present from the start: it narrates the step at the cursor.
#[component]
pub fn Narration(lab: Lab) -> impl IntoView {
    let text = move || {
        let recording = lab.recording();
        let cursor = lab.cursor.get();
        // While playing the region stays quiet, so a screen reader is not flooded.
        if lab.playing.get() && cursor < recording.len() {
            return String::new();
        }
        match cursor {
            0 => recording.narrate(usize::MAX),
            n => recording.narrate(n - 1),
        }
    };
    view! { <p class="narration" aria-live="polite" role="status" data-testid="narration">{text}</p> }
}

/// Whether a key press belongs to a field or control that handles it itself.
fn typing(ev: &leptos::ev::KeyboardEvent) -> bool {
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
