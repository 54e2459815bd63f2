//! A real cluster's audit log on the page (issue 32): dropped anywhere on the page, chosen with
//! a file input, or pasted, it is read in the reader's worker (`audit_reader`: the reader's
//! wasm build, loaded only then, reads it in the page's steps with serde_json), each step's
//! progress shown as it comes, then its requests arrive in order and the page builds the
//! recording in steps of bounded work (`playback::audit_worker`), one a task, and plays it on
//! its own diagram, trace and toolbar (`KubeState::play_log`). Bad lines are named by number as
//! they come; the rest plays. The panel also downloads the simulated run as an audit log
//! (`kube::output::audit`, the CLI's `-o audit`), written in the same worker from the run's
//! scenario (`playback::kube_runs::audit_answer`), so the page carries no log writer.

use super::audit_reader::{self, Arriving};
use super::Kube;
use crate::kube::audit::{row_bodies_printed, LineError};
use crate::messages::{fill, AuditMessages, EN_AUDIT};
use crate::playback::audit_load::{size, LoadError, LoadProgress, PAGE_LOG_BYTES};
use crate::playback::kube_runs::ask;
use leptos::prelude::*;
use std::cell::Cell;
use wasm_bindgen::{JsCast, JsValue};

thread_local! {
    /// The download's status line, once the panel is drawn: the worker's answer arrives there.
    static EXPORT: Cell<Option<RwSignal<String>>> = const { Cell::new(None) };
}

/// The worker's answer to the download (`{ audit, log }` or `{ audit, error }`): the log offered
/// as a file, or why not, said on the panel's status line.
pub(super) fn exported(data: &JsValue) {
    let field = |name: &str| js_sys::Reflect::get(data, &name.into()).ok().and_then(|v| v.as_string());
    match field("log") {
        Some(log) if download("deploy-audit.log", &log) => export_said(String::new()),
        Some(_) => export_failed("the browser would not offer the file"),
        None => export_failed(&field("error").unwrap_or_default()),
    }
}

/// The download failed (the worker refused, or could not start): said with `why`.
pub(super) fn export_failed(why: &str) {
    export_said(fill(EN_AUDIT.export_failed, &[("why", &why)]));
}

fn export_said(line: String) {
    if let Some(said) = EXPORT.get() {
        said.set(line);
    }
}

/// What the panel says of the log being read or played.
#[derive(Clone, Debug, Default, PartialEq)]
struct Said {
    /// The progress line, or what plays.
    line: String,
    /// The bad lines named so far, each by its number.
    bad: Vec<LineError>,
    /// Every bad line, named or only counted.
    problems: u64,
    /// Why the log is not loaded.
    error: Option<String>,
    busy: bool,
}

/// The panel's signals: what it says, which load is the latest (an older one stops), the log
/// last opened (read again to show a Secret's bodies), whether those are shown, the reader's
/// worker once started, and the log arriving from it.
#[derive(Clone, Copy)]
pub(super) struct Panel {
    said: RwSignal<Said>,
    latest: StoredValue<u64>,
    last: StoredValue<Option<(web_sys::Blob, String)>, LocalStorage>,
    secrets: RwSignal<bool>,
    pub(super) worker: StoredValue<Option<web_sys::Worker>, LocalStorage>,
    pub(super) arriving: StoredValue<Option<Arriving>, LocalStorage>,
    pub(super) a: &'static AuditMessages,
}

impl Panel {
    /// Whether `load` is no longer the latest.
    pub(super) fn stale(&self, load: u64) -> bool {
        self.latest.try_get_value() != Some(load)
    }

    /// A reading step's progress.
    pub(super) fn progress(&self, name: &str, p: &LoadProgress) {
        self.said.update(|s| {
            s.line = fill(self.a.reading, &[("name", &name), ("progress", &p.said())]);
            s.bad.extend(p.named.iter().cloned());
            s.problems = p.read.problems;
        });
    }

    /// The progress line.
    pub(super) fn say(&self, line: String) {
        self.said.update(|s| s.line = line);
    }

    /// The log plays: what the panel says of it.
    pub(super) fn playing(&self, line: String) {
        self.said.update(|s| (s.line, s.busy) = (line, false));
    }

    /// The log is not loaded, and why.
    pub(super) fn fail(&self, why: String) {
        self.said.update(|s| (s.error, s.busy) = (Some(why), false));
    }
}

/// Starts reading `blob` as the latest load (any load before it stops at its next step), to
/// play from request `at`.
fn start(kube: Kube, panel: Panel, blob: web_sys::Blob, name: String, at: usize) {
    let load = panel.latest.get_value() + 1;
    panel.latest.set_value(load);
    panel.last.set_value(Some((blob.clone(), name.clone())));
    panel.said.set(Said { busy: true, ..Said::default() });
    // Too large a log is refused here, in the reader's words, before any reader loads.
    let bytes = blob.size() as u64;
    if bytes > PAGE_LOG_BYTES {
        return panel.fail(LoadError::TooLarge { bytes, max: PAGE_LOG_BYTES }.to_string());
    }
    let secrets = panel.secrets.get_untracked();
    audit_reader::read(kube, panel, Arriving::new(load, name, at), &blob, secrets);
}

/// Shows or withholds a Secret's bodies: the log last opened is read again, so a withheld body
/// is never in memory (the CLI's `--show-secrets`).
fn show_secrets(kube: Kube, panel: Panel, show: bool) {
    panel.secrets.set(show);
    if let Some((blob, name)) = panel.last.get_value() {
        let at = kube.state.with_untracked(|s| s.cursor());
        start(kube, panel, blob, name, at);
    }
}

/// The pasted text as a file of its own (UTF-8, as the browser writes a string into a Blob).
fn pasted_blob(text: &str) -> Option<web_sys::Blob> {
    web_sys::Blob::new_with_str_sequence(&js_sys::Array::of1(&JsValue::from_str(text))).ok()
}

/// Whether a drag carries files (its `types` hold "Files").
fn carries_files(ev: &web_sys::DragEvent) -> bool {
    ev.data_transfer().is_some_and(|d| d.types().iter().any(|t| t.as_string().as_deref() == Some("Files")))
}

/// The first file of a drop or of a file input.
fn first_file(files: Option<web_sys::FileList>) -> Option<web_sys::File> {
    files.and_then(|f| f.get(0))
}

/// Offers `text` as a download named `name`; false if the browser would not make it.
fn download(name: &str, text: &str) -> bool {
    let offered = || -> Option<()> {
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("application/jsonl");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
        let document = web_sys::window()?.document()?;
        let link: web_sys::HtmlAnchorElement = document.create_element("a").ok()?.dyn_into().ok()?;
        link.set_href(&url);
        link.set_download(name);
        link.click();
        let _ = web_sys::Url::revoke_object_url(&url);
        Some(())
    };
    offered().is_some()
}

/// The narration of a log's request at the cursor, as the run's is narrated; none when no log
/// plays.
pub fn sentence(kube: Kube) -> Option<String> {
    let a = &EN_AUDIT;
    let frame = kube.frame()?;
    kube.read(|s| s.log().is_some()).then_some(())?;
    let Some(row) = frame.row.as_ref() else { return Some(a.narrate_start.to_string()) };
    let cell = |i: usize| row.get(i).map(String::as_str).unwrap_or_default();
    let args: [(&str, &dyn std::fmt::Display); 5] = [
        ("ms", &frame.at_ms),
        ("component", &cell(1)),
        ("verb", &cell(2)),
        ("key", &cell(4)),
        ("code", &cell(6)),
    ];
    let mut said = fill(a.narrate_step, &args);
    if frame.cursor == frame.len {
        said += " ";
        said += &fill(a.narrate_end, &[("steps", &frame.len), ("ms", &frame.at_ms)]);
    }
    Some(said)
}

/// The bodies of the request at the cursor, as the reader kept them (a Secret's withheld).
fn bodies(kube: Kube) -> Option<String> {
    kube.read(|s| {
        let log = s.log()?;
        let start = log.trace.rows.first().map_or(0, |r| r.received);
        // The worker pretty-printed each body (`kube::audit::pretty_json`): printed as it came.
        log.row_at(s.cursor()).map(|r| row_bodies_printed(r, start, str::to_string))
    })
}

/// The bad lines named, each with its number and why.
#[component]
fn BadLines(panel: Panel) -> impl IntoView {
    let a = panel.a;
    let said = move || panel.said.with(|s| (s.bad.clone(), s.problems));
    move || {
        let (bad, problems) = said();
        let more = problems.saturating_sub(bad.len() as u64);
        (problems > 0).then(|| {
            view! {
                <p class="error" data-testid="audit-bad-count">{fill(a.bad_count, &[("n", &problems)])}</p>
                <ol class="audit-bad scroll" tabindex="0" data-testid="audit-bad">
                    {bad.into_iter().map(|e| view! { <li data-line=e.line.to_string()>{e.to_string()}</li> }).collect_view()}
                </ol>
                {(more > 0).then(|| view! { <p class="hint">{fill(a.bad_more, &[("n", &more)])}</p> })}
            }
        })
    }
}

/// A file dropped anywhere on the page is read as a log. Only a drag that carries files is the
/// panel's: text dragged into a box lands as usual.
fn listen_for_drops(kube: Kube, panel: Panel) {
    let _ = window_event_listener(leptos::ev::dragover, |ev| {
        if carries_files(&ev) {
            ev.prevent_default();
        }
    });
    let _ = window_event_listener(leptos::ev::drop, move |ev| {
        if !carries_files(&ev) {
            return;
        }
        ev.prevent_default();
        if let Some(file) = first_file(ev.data_transfer().and_then(|d| d.files())) {
            start(kube, panel, file.clone().into(), file.name(), 0);
        }
    });
}

/// The panel.
#[component]
pub fn AuditLog(kube: Kube) -> impl IntoView {
    let a = &EN_AUDIT;
    let panel = Panel {
        said: RwSignal::new(Said::default()),
        latest: StoredValue::new(0),
        last: StoredValue::new_local(None),
        secrets: RwSignal::new(false),
        worker: StoredValue::new_local(None),
        arriving: StoredValue::new_local(None),
        a,
    };
    let pasted = RwSignal::new(String::new());
    listen_for_drops(kube, panel);
    let choose = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = first_file(input.files()) {
            start(kube, panel, file.clone().into(), file.name(), 0);
        }
    };
    let play_pasted = move |_| match pasted_blob(&pasted.get_untracked()) {
        Some(blob) => start(kube, panel, blob, a.pasted.to_string(), 0),
        None => panel.fail(fill(a.unreadable, &[("why", &"the browser would not keep the pasted text")])),
    };
    let exporting = RwSignal::new(String::new());
    EXPORT.set(Some(exporting));
    let export = move |_| {
        if let Some(recording) = kube.recording() {
            exporting.set(a.export_writing.to_string());
            if let Err(e) = super::reader::ask_audit(kube, &ask(&recording.scenario)) {
                export_failed(&e.as_string().unwrap_or_default());
            }
        }
    };
    let open = move || kube.read(|s| s.log().is_some());
    let hint = fill(a.hint, &[("limit", &size(PAGE_LOG_BYTES))]);
    view! {
        <section class="k-audit" aria-labelledby="audit-title" data-testid="audit">
            <h2 id="audit-title">{a.title}</h2>
            <p class="hint">{hint}</p>
            <label class="file">{a.file_label} " "
                <input type="file" accept=".log,.jsonl,.json,.txt" data-testid="audit-file" on:change=choose />
            </label>
            <label class="field" for="audit-text">{a.paste_label}</label>
            <textarea id="audit-text" data-testid="audit-text" rows="4" spellcheck="false"
                prop:value=move || pasted.get() on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
            <div class="manifest-actions">
                <button type="button" data-testid="audit-play" on:click=play_pasted>{a.paste_run}</button>
                <button type="button" data-testid="audit-close" disabled=move || !open()
                    on:click=move |_| kube.act(|s| s.close_log())>{a.close}</button>
            </div>
            <p class="status" role="status" data-testid="audit-progress" data-busy=move || panel.said.with(|s| s.busy.to_string())>
                {move || panel.said.with(|s| s.line.clone())}
            </p>
            {move || panel.said.with(|s| s.error.clone()).map(|e| view! { <p class="error" role="alert" data-testid="audit-error">{e}</p> })}
            <BadLines panel />
            {move || open().then(|| view! {
                <p class="hint" data-testid="audit-not-in-log">{a.not_in_log}</p>
                <details data-testid="audit-bodies">
                    <summary>{a.bodies_title}</summary>
                    <label class="field"><input type="checkbox" data-testid="audit-secrets" prop:checked=move || panel.secrets.get()
                        on:change=move |ev| show_secrets(kube, panel, event_target_checked(&ev)) /> " " {a.secrets}</label>
                    <pre class="summary" tabindex="0" data-testid="audit-body">{move || bodies(kube).unwrap_or_default()}</pre>
                </details>
            })}
            <p class="hint">{a.export_hint}</p>
            <button type="button" data-testid="audit-export" on:click=export>{a.export}</button>
            <p class="status" role="status" data-testid="audit-export-status">{move || exporting.get()}</p>
        </section>
    }
}
