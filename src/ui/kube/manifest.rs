//! The student's own manifest: a paste box and a file input, applied on demand; what kubectl
//! said about it (kube-apiserver's message for a bad object, the YAML reader's line and column);
//! and a share link that carries the text typed. The box keeps whatever was typed: applying,
//! refusing, reading or reloading the run never rewrites it. A manifest other than the default
//! is read by the page's worker (`reader`), which starts as the student first types.

use super::{reader, Kube, DEPLOY};
use crate::messages::fill;
use crate::teaching::link_code::kube_query;
use leptos::prelude::*;

/// What kubectl printed for the run shown (the terminal: stdout, then stderr), or nothing.
fn terminal(kube: Kube) -> (String, String) {
    kube.recording().map(|r| r.kubectl()).unwrap_or_default()
}

/// The page's address with `text` as its manifest (and the cluster's fields as typed).
fn share_address(kube: Kube, text: &str) -> String {
    let here = web_sys::window().and_then(|w| {
        let l = w.location();
        Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
    });
    format!("{}{}{}", here.unwrap_or_default(), kube_query(text), super::scenario::link_param(kube))
}

/// Reads the file chosen in `input` into the box and applies it.
fn open_file(
    kube: Kube,
    input: web_sys::HtmlInputElement,
    draft: RwSignal<String>,
    note: RwSignal<Option<String>>,
) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
    leptos::task::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(file.text()).await.ok().and_then(|t| t.as_string()) {
            Some(text) => {
                note.set(None);
                draft.set(text.clone());
                reader::apply(kube, &text);
            }
            None => note.set(Some(fill(kube.k.manifest_unreadable, &[("why", &file.name())]))),
        }
    });
}

/// The manifest panel.
#[component]
pub fn Manifest(kube: Kube, text: String) -> impl IntoView {
    let k = kube.k;
    let draft = RwSignal::new(text);
    let note: RwSignal<Option<String>> = RwSignal::new(None);
    let apply = move |_| reader::apply(kube, &draft.get_untracked());
    let default = move |_| {
        draft.set(DEPLOY.to_string());
        reader::apply(kube, DEPLOY);
    };
    let typed = move |ev: leptos::ev::Event| {
        draft.set(event_target_value(&ev));
        reader::warm(kube);
    };
    let reading = move || kube.read(|s| s.reading());
    let problem = move || kube.read(|s| s.problem().map(|p| fill(k.refused, &[("why", &p)])));
    let errors = move || terminal(kube).1;
    view! {
        <section class="k-manifest" aria-labelledby="manifest-title" data-testid="manifest">
            <h2 id="manifest-title">{k.manifest_title}</h2>
            <h3>{k.kubectl_title}</h3>
            <p class="error" role="status" data-testid="kubectl-errors" class:quiet=move || errors().is_empty()>{errors}</p>
            {move || problem().map(|p| view! { <p class="error" role="status" data-testid="run-problem">{p}</p> })}
            <pre class="summary" data-testid="kubectl-out" tabindex="0">{move || terminal(kube).0}</pre>
            <label class="field" for="manifest-text">{k.manifest_label}</label>
            <textarea id="manifest-text" data-testid="manifest-text" rows="8" spellcheck="false"
                prop:value=move || draft.get() on:input=typed></textarea>
            <div class="manifest-actions">
                <button type="button" data-testid="manifest-apply" on:click=apply>{k.manifest_run}</button>
                <button type="button" data-testid="manifest-default" on:click=default>{k.manifest_default}</button>
                <label class="file">{k.manifest_file} " "
                    <input type="file" accept=".yaml,.yml,.json,text/yaml" data-testid="manifest-file"
                        on:change=move |ev| open_file(kube, event_target(&ev), draft, note) />
                </label>
            </div>
            {move || note.get().map(|n| view! { <p class="error" role="status">{n}</p> })}
            {move || reading().then(|| view! { <p class="notice" role="status" data-testid="manifest-reading">{k.reading}</p> })}
            <div class="share">
                <label class="share-field">{k.share_label}
                    <input type="text" readonly data-testid="share-link" prop:value=move || share_address(kube, &draft.get()) />
                </label>
            </div>
        </section>
    }
}
