//! A real cluster's audit log on the page (issue 32): dropped anywhere on the page, chosen with
//! a file input, or pasted, it is read in steps of bounded work (`playback::audit_load`), one
//! step a task with a timeout between, its progress shown, then put in order in steps too
//! (`playback::audit_build`), and played on the page's own diagram, trace and toolbar
//! (`KubeState::play_log`). Bad lines are named by number as they come; the rest plays. The
//! panel also downloads the simulated run as an audit log (`kube::output::audit`, the CLI's
//! `-o audit`).

use super::Kube;
use crate::kube::audit::{row_bodies, Level, LineError, ReadOptions};
use crate::messages::{fill, AuditMessages, EN_AUDIT};
use crate::playback::audit::Shown;
use crate::playback::audit_build::PASSES;
use crate::playback::audit_load::{size, LoadProgress, LogLoad, BUDGET, FINISH_WORK, PAGE_LOG_BYTES};
use leptos::prelude::*;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Where the log's bytes come from.
#[derive(Clone)]
enum Source {
    File(web_sys::File),
    Pasted(Rc<Vec<u8>>),
}

impl Source {
    fn len(&self) -> u64 {
        match self {
            Source::File(f) => f.size() as u64,
            Source::Pasted(b) => b.len() as u64,
        }
    }

    /// The bytes `start..end` (a file's slice read as its own task).
    async fn read(&self, start: u64, end: u64) -> Result<Vec<u8>, String> {
        match self {
            Source::Pasted(b) => Ok(b.get(start as usize..end as usize).unwrap_or(&[]).to_vec()),
            Source::File(f) => {
                let why = |e: JsValue| e.as_string().unwrap_or_else(|| format!("{e:?}"));
                let blob = f.slice_with_f64_and_f64(start as f64, end as f64).map_err(why)?;
                let buffer = JsFuture::from(blob.array_buffer()).await.map_err(why)?;
                Ok(js_sys::Uint8Array::new(&buffer).to_vec())
            }
        }
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
/// last opened (read again to show a Secret's bodies), and whether those are shown.
#[derive(Clone, Copy)]
struct Panel {
    said: RwSignal<Said>,
    latest: StoredValue<u64>,
    last: StoredValue<Option<(Source, String)>, LocalStorage>,
    secrets: RwSignal<bool>,
    a: &'static AuditMessages,
}

impl Panel {
    fn stale(&self, load: u64) -> bool {
        self.latest.try_get_value() != Some(load)
    }

    fn progress(&self, name: &str, p: &LoadProgress) {
        self.said.update(|s| {
            s.line = fill(self.a.reading, &[("name", &name), ("progress", &p.said())]);
            s.bad.extend(p.named.iter().cloned());
            s.problems = p.read.problems;
        });
    }

    fn fail(&self, why: String) {
        self.said.update(|s| (s.error, s.busy) = (Some(why), false));
    }
}

/// Resolves in a task of its own: a timeout of 0, so the browser paints and handles input
/// between two steps.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// Starts reading `source` as the latest load (any load before it stops at its next step), to
/// play from request `at`.
fn start(kube: Kube, panel: Panel, source: Source, name: String, at: usize) {
    let load = panel.latest.get_value() + 1;
    panel.latest.set_value(load);
    panel.last.set_value(Some((source.clone(), name.clone())));
    panel.said.set(Said { busy: true, ..Said::default() });
    let options = ReadOptions { show_secrets: panel.secrets.get_untracked(), ..ReadOptions::default() };
    leptos::task::spawn_local(read(kube, panel, (source, name, at), load, options));
}

/// Shows or withholds a Secret's bodies: the log last opened is read again, so a withheld body
/// is never in memory (the CLI's `--show-secrets`).
fn show_secrets(kube: Kube, panel: Panel, show: bool) {
    panel.secrets.set(show);
    if let Some((source, name)) = panel.last.get_value() {
        let at = kube.state.with_untracked(|s| s.cursor());
        start(kube, panel, source, name, at);
    }
}

/// Reads the log a step a task, then finishes it a step a task, then plays it from request `at`.
async fn read(kube: Kube, panel: Panel, log: (Source, String, usize), load: u64, options: ReadOptions) {
    let (source, name, at) = log;
    let mut reading = match LogLoad::new(source.len(), PAGE_LOG_BYTES, options, BUDGET) {
        Ok(reading) => reading,
        Err(e) => return panel.fail(e.to_string()),
    };
    loop {
        if let Some((start, end)) = reading.wants() {
            let bytes = match source.read(start, end).await {
                Ok(bytes) => bytes,
                Err(why) => return panel.fail(fill(panel.a.unreadable, &[("why", &why)])),
            };
            if panel.stale(load) {
                return;
            }
            if let Err(e) = reading.give(&bytes) {
                return panel.fail(e.to_string());
            }
        }
        let progress = reading.step();
        panel.progress(&name, &progress);
        if progress.done {
            break;
        }
        next_task().await;
        if panel.stale(load) {
            return;
        }
    }
    let mut finishing = reading.finish(Shown::Journey, FINISH_WORK);
    let total = finishing.requests();
    let recording = loop {
        next_task().await;
        if panel.stale(load) {
            return;
        }
        let step = finishing.step();
        let args: [(&str, &dyn std::fmt::Display); 4] =
            [("name", &name), ("pass", &step.pass), ("passes", &PASSES), ("requests", &total)];
        panel.said.update(|s| s.line = fill(panel.a.ordering, &args));
        if step.done {
            break finishing.take();
        }
    };
    let Some(recording) = recording else { return };
    let args: [(&str, &dyn std::fmt::Display); 4] = [
        ("name", &name),
        ("played", &recording.len()),
        ("requests", &recording.trace.rows.len()),
        ("background", &recording.background_total().summary()),
    ];
    panel.said.update(|s| (s.line, s.busy) = (fill(panel.a.playing, &args), false));
    kube.act(|s| {
        s.play_log(Rc::new(recording));
        s.go_to(at);
    });
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
        log.row_at(s.cursor()).map(|r| row_bodies(r, start))
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
            start(kube, panel, Source::File(file.clone()), file.name(), 0);
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
        a,
    };
    let pasted = RwSignal::new(String::new());
    listen_for_drops(kube, panel);
    let choose = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = first_file(input.files()) {
            start(kube, panel, Source::File(file.clone()), file.name(), 0);
        }
    };
    let play_pasted = move |_| {
        let bytes = Rc::new(pasted.get_untracked().into_bytes());
        start(kube, panel, Source::Pasted(bytes), a.pasted.to_string(), 0);
    };
    let export = move |_| {
        if let Some(recording) = kube.recording() {
            download("deploy-audit.log", &crate::kube::output::audit(&recording.run, Level::Metadata));
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
        </section>
    }
}
