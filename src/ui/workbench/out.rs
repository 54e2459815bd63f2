//! What is handed out, once the draft has no error: the student link and its preview, the JSON
//! file, the course page's iframe snippet and the answer key, each derived by
//! `teaching::handout` from the file the draft writes.

use super::Workbench;
use crate::messages::{fill, WorkbenchMessages, EN_ASSIGNMENTS};
use crate::teaching::handout::{
    answer_key_table, check_host, iframe_snippet, json_file_name, student_link, HostCheck,
};
use crate::teaching::scorm::{package_name, pass_mark, scorm_package, ZipError, LAB_FILES};
use crate::ui::browser::page_address;
use leptos::prelude::*;

/// The course page's origin the snippet starts with (docs/embedding.md's).
const COURSE_ORIGIN: &str = "https://academia.sh";

/// The hand-out part of the workbench.
#[component]
pub(crate) fn Out(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let ready = move || workbench.checked.with(|c| c.checked.is_some());
    let text = Signal::derive(move || workbench.checked.with(|c| c.text.clone()));
    let host = RwSignal::new(COURSE_ORIGIN.to_string());
    let key = move || {
        let title = workbench.draft.with(|d| d.title.clone());
        workbench
            .checked
            .with(|c| c.checked.as_ref().map(|k| answer_key_table(&title, &k.items)).unwrap_or_default())
    };
    let download = move |_| {
        // The file as the draft is now, even typed a moment ago.
        workbench.settle();
        let name = workbench.draft.with(|d| json_file_name(&d.title));
        let _ = crate::ui::files::download(&name, "application/json", &text.get(), &EN_ASSIGNMENTS);
    };
    view! {
        <section class="out" aria-labelledby="out-h">
            <h2 id="out-h">{w.out}</h2>
            <Show when=ready fallback=move || view! { <Blocked workbench /> }>
                <LinkField workbench text />
                <button type="button" data-testid="download-json" on:click=download>{w.out_json}</button>
                <Scorm workbench text />
                <div class="field">
                    <label for="out-json">{w.out_json_text}</label>
                    <textarea id="out-json" data-testid="out-json" readonly rows="8" prop:value=text></textarea>
                </div>
                <HostField workbench host />
                <Snippet workbench text host />
                <h3>{w.out_key}</h3>
                <pre data-testid="answer-key" tabindex="0">{key}</pre>
            </Show>
        </section>
    }
}

/// The student link, its preview and its Copy button.
#[component]
fn LinkField(workbench: Workbench, text: Signal<String>) -> impl IntoView {
    let w = workbench.w;
    let base = page_address();
    let link = move || student_link(&base, &text.get());
    view! {
        <div class="field">
            <label for="out-link">{w.out_link}</label>
            <input id="out-link" data-testid="out-link" type="text" readonly prop:value=link.clone() />
            <a href=link.clone() target="_blank" rel="noopener" data-testid="preview">{w.out_preview}</a>
            <Copy workbench field="out-link" label=w.out_copy_link text=Signal::derive(link.clone()) />
        </div>
    }
}

/// The SCORM package: its pass mark, checked as typed, and the button that builds it from the
/// lab's files as served.
#[component]
fn Scorm(workbench: Workbench, text: Signal<String>) -> impl IntoView {
    let w = workbench.w;
    let scorm_said = RwSignal::new(None::<String>);
    let mark_typed = RwSignal::new(String::new());
    let mark = Memo::new(move |_| mark_typed.with(|t| pass_mark(t, &EN_ASSIGNMENTS)));
    let scorm = move |_| {
        workbench.settle();
        let Ok(mark) = mark.get_untracked() else { return };
        let (title, text) = (workbench.draft.with(|d| d.title.clone()), text.get());
        leptos::task::spawn_local(async move {
            let made = package(&title, &text, mark, w).await;
            scorm_said.set(made.err().map(|why| fill(w.out_scorm_failed, &[("why", &why)])));
        });
    };
    view! {
        <div class="field">
            <label for="pass-mark">{w.out_pass_mark}</label>
            <input id="pass-mark" data-testid="pass-mark" type="text" inputmode="numeric" aria-describedby="pass-mark-notes"
                aria-invalid=move || mark.with(Result::is_err).then_some("true")
                prop:value=move || mark_typed.get() on:input=move |ev| mark_typed.set(event_target_value(&ev)) />
            <div id="pass-mark-notes" class="notes" aria-live="polite">
                <p class="hint">{w.out_pass_mark_hint}</p>
                {move || mark.get().err().map(|why| view! { <p class="error" data-testid="pass-mark-note"><strong>{w.error}</strong>" "{why}</p> })}
            </div>
        </div>
        <button type="button" data-testid="download-scorm" disabled=move || mark.with(Result::is_err) on:click=scorm>{w.out_scorm}</button>
        {move || scorm_said.get().map(|m| view! { <p class="error" role="alert" data-testid="scorm-failed">{m}</p> })}
    }
}

/// Builds the SCORM package of the assignment `text` from the lab's files as served, and
/// downloads it; why it could not, in the workbench's words.
async fn package(
    title: &str,
    text: &str,
    mark: Option<u8>,
    w: &'static WorkbenchMessages,
) -> Result<(), String> {
    let a = &EN_ASSIGNMENTS;
    let mut files = Vec::new();
    for name in LAB_FILES {
        files.push((name, crate::ui::files::fetch_bytes(name, a).await?));
    }
    let files: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (*n, b.as_slice())).collect();
    let zip = scorm_package(title, text, &files, mark).map_err(|e| match e {
        ZipError::TooLarge(name) => fill(w.zip_too_large, &[("name", &name)]),
        ZipError::TooMany => w.zip_too_many.to_string(),
    })?;
    crate::ui::files::download_bytes(&package_name(title), "application/zip", &zip, a)
}

/// The course page's origin, checked as typed: not an origin is an error, one the lab does not
/// report to a warning.
#[component]
fn HostField(workbench: Workbench, host: RwSignal<String>) -> impl IntoView {
    let w = workbench.w;
    let host_check = move || host.with(|h| check_host(h, crate::ui::host::LOCAL_HOSTS));
    view! {
        <div class="field">
            <label for="out-host">{w.out_host}</label>
            <input id="out-host" data-testid="out-host" type="text" aria-describedby="out-host-notes"
                aria-invalid=move || (host_check() == HostCheck::NotAnOrigin).then_some("true")
                prop:value=move || host.get() on:input=move |ev| host.set(event_target_value(&ev)) />
            <div id="out-host-notes" class="notes" aria-live="polite">
                <p class="hint">{w.out_host_hint}</p>
                {move || match host_check() {
                    HostCheck::Reports => None,
                    HostCheck::NotAnOrigin => Some(view! { <p class="error" data-testid="out-host-note"><strong>{w.error}</strong>" "{w.host_not_origin}</p> }.into_any()),
                    HostCheck::NotAllowed => Some(view! { <p class="warning" data-testid="out-host-note"><strong>{w.warning}</strong>" "{fill(w.host_not_allowed, &[("origin", &host.get().trim())])}</p> }.into_any()),
                }}
            </div>
        </div>
    }
}

/// The course page's iframe snippet for `host`, what it is, and its Copy button; none for a
/// host that is not an origin.
#[component]
fn Snippet(workbench: Workbench, text: Signal<String>, host: RwSignal<String>) -> impl IntoView {
    let w = workbench.w;
    let base = page_address();
    let about = move || host.with(|h| fill(w.out_snippet_about, &[("host", &h.trim())]));
    let snippet = Memo::new(move |_| iframe_snippet(&base, &text.get(), &host.get(), &about()));
    view! {
        <div class="field">
            <label for="out-snippet">{w.out_snippet}</label>
            <p class="hint" id="out-snippet-about" data-testid="out-snippet-about">{about}</p>
            <Show when=move || snippet.with(Option::is_some)
                fallback=move || view! { <p class="notice" data-testid="out-snippet-none">{w.out_snippet_none}</p> }>
                <textarea id="out-snippet" data-testid="out-snippet" readonly rows="6" aria-describedby="out-snippet-about"
                    prop:value=move || snippet.get().unwrap_or_default()></textarea>
                <Copy workbench field="out-snippet" label=w.out_copy_snippet text=Signal::derive(move || snippet.get().unwrap_or_default()) />
            </Show>
        </div>
    }
}

/// A button that puts `text` (shown in the field `field`) on the clipboard, and says whether it
/// did; where the page may not, the field is selected to be copied by hand.
#[component]
fn Copy(
    workbench: Workbench,
    field: &'static str,
    label: &'static str,
    text: Signal<String>,
) -> impl IntoView {
    let w = workbench.w;
    let copied = RwSignal::new(None::<bool>);
    let copy = move |_| {
        let select = move || {
            use wasm_bindgen::JsCast;
            let found = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(field));
            if let Some(input) = found.clone().and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                input.select();
            } else if let Some(area) = found.and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok()) {
                area.select();
            }
        };
        copied.set(Some(text.with_untracked(|t| crate::ui::share_link::copy_text(t, select))));
    };
    view! {
        <button type="button" data-testid=format!("{field}-copy") on:click=copy>{label}</button>
        " "<span role="status" data-testid=format!("{field}-copied")>{move || copied.get().map(|ok| if ok { w.out_copied } else { w.out_copy_failed })}</span>
    }
}

/// Why nothing is handed out yet: the steps still to take, and the errors to fix.
#[component]
fn Blocked(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let todos =
        move || workbench.checked.with(|c| c.todos().into_iter().map(String::from).collect::<Vec<_>>());
    let errors = move || workbench.checked.with(|c| c.has_errors());
    view! {
        <div class="notice" data-testid="out-blocked">
            <Show when=move || !todos().is_empty()>
                <p>{w.out_todo}</p>
                <ul>{move || todos().into_iter().map(|t| view! { <li data-testid="out-todo">{t}</li> }).collect_view()}</ul>
            </Show>
            <Show when=errors><p>{w.out_blocked}</p></Show>
        </div>
    }
}
