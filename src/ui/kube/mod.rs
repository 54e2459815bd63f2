//! The real control plane's page (`?kube=1`, issue 30): the same toolbar, narration and layout
//! as the lab, over a run of `crate::kube`. One signal holds the page's state
//! ([`KubeState`], whose transitions are tested natively); every view reads the one frame derived
//! from it ([`Kube::frame`]) and computes no rule itself.

mod audit;
mod audit_reader;
mod cluster;
mod later;
mod manifest;
mod reader;
mod restore;
mod runs;
mod scenario;
mod stops;
mod tables;
mod timeline;

use super::controls::{self, mark, Controls, Transport};
use super::helpers::live;
use crate::formats::html::Markup;
use crate::kube::scenario::Part;
use crate::messages::{fill, KubeHaMessages, KubeMessages, ToolbarWords, EN_KUBE, EN_KUBE_HA};
use crate::playback::kube::{KubeFrame, KubeMark, KubeRecording};
use crate::playback::kube_setup::SetupFields;
use crate::playback::kube_state::KubeState;
use crate::playback::kube_timeline::KubeTimeline;
use leptos::prelude::*;
use std::rc::Rc;

/// The default run: the overview's Deployment of 3 nginx replicas (its objects checked in).
pub const DEPLOY: &str = crate::kube::manifest_default::DEPLOY_YAML;

/// The page's state in one signal, and the frame derived from it, kept per cursor and run.
#[derive(Clone, Copy)]
pub struct Kube {
    state: RwSignal<KubeState, LocalStorage>,
    cache: StoredValue<Option<(u64, usize, Rc<KubeFrame>)>, LocalStorage>,
    /// The timeline of the run shown, kept per run (`timeline.rs`).
    lanes: StoredValue<Option<(u64, Rc<KubeTimeline>)>, LocalStorage>,
    /// The cluster's fields as typed (issue 31), which the share link carries.
    pub draft: RwSignal<SetupFields>,
    /// The page's own texts.
    pub k: &'static KubeMessages,
    /// The page's texts of issue 31.
    pub ha: &'static KubeHaMessages,
    /// What the page says while a run is simulated in its worker, or why it could not be.
    pub running: RwSignal<Option<String>>,
}

impl Kube {
    /// The page running `text` on the cluster `fields` describe (at once for the default
    /// manifest, else once the page's manifest reader has read it: `reader`).
    pub fn new(text: &str, fields: SetupFields) -> Kube {
        let kube = Kube {
            state: RwSignal::new_local(KubeState::waiting_fields(text, fields.clone())),
            cache: StoredValue::new_local(None),
            lanes: StoredValue::new_local(None),
            draft: RwSignal::new(fields),
            k: &EN_KUBE,
            ha: &EN_KUBE_HA,
            running: RwSignal::new(None),
        };
        reader::apply(kube, text);
        kube
    }

    /// Reads the state (tracked).
    pub fn read<U>(&self, f: impl FnOnce(&KubeState) -> U) -> U {
        self.state.with(f)
    }

    /// Changes the state by one of its transitions (untracked: for handlers).
    pub fn act(&self, f: impl FnOnce(&mut KubeState)) {
        self.state.update(f);
    }

    /// Everything shown at the cursor (tracked), derived once per move and kept; none when the
    /// model refused the manifest.
    pub fn frame(&self) -> Option<Rc<KubeFrame>> {
        let (runs, cursor) = self.read(|s| (s.runs(), s.cursor()));
        let kept = self
            .cache
            .with_value(|c| c.as_ref().filter(|c| c.0 == runs && c.1 == cursor).map(|c| c.2.clone()));
        if kept.is_some() {
            return kept;
        }
        let frame = Rc::new(self.read(|s| s.frame())?);
        self.cache.set_value(Some((runs, cursor, frame.clone())));
        Some(frame)
    }

    /// The run shown (tracked).
    pub fn recording(&self) -> Option<Rc<KubeRecording>> {
        self.read(|s| s.recording().cloned())
    }

    /// Changes the state by a transition that may run the cluster: done once the run is in the
    /// page (`runs`: simulated by the page's worker when it is not).
    pub fn act_run(&self, f: impl Fn(&mut KubeState) + 'static) {
        runs::act(*self, f);
    }

    /// Presses `part` at the cursor (see [`KubeState::press`]).
    pub fn press(&self, part: Part) {
        self.act_run(move |s| s.press(&part));
    }
}

impl Transport for Kube {
    fn words(&self) -> ToolbarWords {
        // The lesson's words, taken at compile time: the page carries no lesson table.
        ToolbarWords::EN
    }
    fn cursor(&self) -> usize {
        self.read(KubeState::cursor)
    }
    fn len(&self) -> usize {
        self.read(KubeState::len)
    }
    fn total(&self) -> String {
        self.read(KubeState::len).to_string()
    }
    fn playing(&self) -> bool {
        self.read(KubeState::playing)
    }
    fn speed(&self) -> usize {
        self.read(KubeState::speed)
    }
    fn set_speed(&self, speed: usize) {
        self.act(|s| s.set_speed(speed));
    }
    fn go_to(&self, step: usize) {
        // A part pressed and then Run to end before the worker answered: the move waits for the
        // pressed run, as the press did (it moved the run shown to its end, then pressed there).
        if runs::waiting() {
            self.act_run(move |s| s.go_to(step));
        } else {
            self.act(|s| s.go_to(step));
        }
    }
    fn pause(&self) {
        self.act(KubeState::pause);
    }
    fn start_playing(&self) -> Option<u64> {
        // Nothing plays while the run asked for is on its way ("Running it" says so).
        if runs::waiting() {
            return None;
        }
        let mut generation = None;
        self.act(|s| generation = s.start_playing());
        generation
    }
    fn still_playing(&self, generation: u64) -> bool {
        self.state.try_with_untracked(|s| s.still_playing(generation)) == Some(true)
    }
    fn step_ms(&self) -> u32 {
        self.state.try_with_untracked(KubeState::step_ms).unwrap_or(2000)
    }
    fn reset(&self) {
        self.act_run(KubeState::reset);
    }
    fn at_rest(&self) -> bool {
        self.read(KubeState::at_rest)
    }
    fn marks(&self) -> String {
        let Some(recording) = self.recording().filter(|_| self.read(|s| s.log().is_none())) else {
            return String::new(); // a log has no marks yet: they are the run's
        };
        let (k, len) = (self.k, recording.len().max(1));
        let mut svg = Markup::new();
        for m in recording.marks() {
            let (class, glyph, step, what) = match &m {
                KubeMark::Stage { step, stage } => {
                    ("round", "┃", *step, fill(k.mark_stage, &[("stage", stage)]))
                }
                KubeMark::Write { step, key } => ("write", "•", *step, fill(k.mark_write, &[("key", key)])),
            };
            mark(&mut svg, class, glyph, &fill(k.mark_title, &[("step", &step), ("what", &what)]), step, len);
        }
        self.moment_marks(&mut svg, len);
        svg.finish()
    }
}

/// Mounts the page into the body, with its style sheet beside the lab's (index.html's start asks
/// for it with the wasm, so the first layout does not wait a round trip for it; added here only
/// where the page was started otherwise).
pub fn mount() {
    super::crash::arm();
    let document = web_sys::window().and_then(|w| w.document());
    if let Some(document) = &document {
        let asked = document.query_selector("link[href$='kube.css']").ok().flatten().is_some();
        if let Some(link) = (!asked).then(|| document.create_element("link").ok()).flatten() {
            let _ = link.set_attribute("rel", "stylesheet");
            let _ = link.set_attribute("href", "kube.css");
            if let Some(head) = document.head() {
                let _ = head.append_child(&link);
            }
        }
        if let Some(shell) = document.get_element_by_id("shell") {
            shell.remove();
        }
        document.set_title(EN_KUBE.title);
    }
    leptos::mount::mount_to_body(KubePage);
    super::crash::self_test();
}

/// The manifest a link's `m=` carries, and what went wrong reading it (in the page's own words:
/// the assignment table's would bring all of that table into the page).
fn shared_manifest() -> (String, Option<String>) {
    use crate::teaching::link_code::{decode_code, LinkFault};
    let why = match super::browser::query("m").map(|m| decode_code(&m)) {
        Some(Ok(text)) => return (text, None),
        Some(Err(LinkFault::Character(c))) => fill(EN_KUBE.link_character, &[("found", &c)]),
        Some(Err(LinkFault::Damaged)) => EN_KUBE.link_damaged.to_string(),
        None => return (DEPLOY.to_string(), None),
    };
    (DEPLOY.to_string(), Some(fill(EN_KUBE.link_bad, &[("why", &why)])))
}

/// The whole page.
#[component]
fn KubePage() -> impl IntoView {
    let (text, notice) = shared_manifest();
    let (fields, ha_notice) = scenario::shared_fields(&EN_KUBE_HA);
    // A quiz stop (`&stop=`) brings its own manifest and cluster.
    let (stop, text, fields, stop_notice) = stops::open(text, fields);
    let kube = Kube::new(&text, fields);
    let _keys = controls::shortcuts(kube);
    let k = kube.k;
    let embed = super::browser::query("embed").is_some_and(|v| v != "0");
    let class = if embed { "lab kube embed" } else { "lab kube" };
    view! {
        <main class=class data-testid="kube">
            <header>
                <h1>{k.title}</h1>
                <p><span class="intro">{k.intro}</span> " " <a href="./" data-testid="to-lab">{k.back}</a></p>
            </header>
            {notice.into_iter().chain(ha_notice).chain(stop_notice).map(|n| view! { <p class="notice" role="status" data-testid="link-notice">{n}</p> }).collect_view()}
            <div class="top"><Controls lab=kube /></div>
            <Narration kube />
            <stops::StopBox kube stop />
            <div class="stage">
                <div class="left">
                    <cluster::Cluster kube />
                    <cluster::Stages kube />
                    {later::later(kube, later::Later::Timeline)}
                </div>
                <div class="right">
                    <tables::Trace kube />
                    <div class="panels" data-testid="panels">
                        <Switcher k />
                        <tables::Events kube />
                        <tables::Pods kube />
                        {later::later(kube, later::Later::Restore)}
                        <tables::Blast kube />
                        {later::later(kube, later::Later::Panels(text))}
                        <Words k />
                    </div>
                </div>
            </div>
        </main>
    }
}

/// Links to the panels beside the trace (plain links, as the lab's).
#[component]
fn Switcher(k: &'static KubeMessages) -> impl IntoView {
    let panels = [
        ("#events-title", "Events"),
        ("#pods-title", "Pods"),
        ("#blast-title", k.blast_title),
        ("#setup-title", EN_KUBE_HA.setup_title),
        ("#timeline-title", "Timeline"),
        ("#manifest-title", k.manifest_title),
        ("#audit-title", crate::messages::EN_AUDIT.title),
        ("#words-title", "Names"),
    ];
    view! {
        <nav class="switcher" aria-label=k.panels_label>
            {panels.into_iter().map(|(href, name)| view! { <a href=href>{name}</a> }).collect_view()}
        </nav>
    }
}

/// The status strip, the step's sentence, and the polite live region (quiet while playing).
#[component]
fn Narration(kube: Kube) -> impl IntoView {
    let k = kube.k;
    let sentence = move || {
        if let Some(said) = kube.running.get() {
            return said;
        }
        if let Some(said) = audit::sentence(kube) {
            return said;
        }
        let Some(frame) = kube.frame() else {
            if kube.read(KubeState::reading) {
                return k.reading.to_string();
            }
            return kube.read(|s| s.problem().map(|p| fill(k.refused, &[("why", &p)]))).unwrap_or_default();
        };
        let Some(row) = frame.row.as_ref() else { return k.narrate_start.to_string() };
        let cell = |i: usize| row.get(i).map(String::as_str).unwrap_or_default();
        let note = if cell(10).is_empty() { String::new() } else { format!(" ({})", cell(10)) };
        let key = if cell(4) == "-" { "" } else { cell(4) };
        let args: [(&str, &dyn std::fmt::Display); 5] = [
            ("ms", &frame.at_ms),
            ("component", &cell(2)),
            ("verb", &cell(3)),
            ("key", &key),
            ("note", &note),
        ];
        let mut said = fill(k.narrate_step, &args);
        if frame.cursor == frame.len {
            said += " ";
            said += &match kube.recording().and_then(|r| r.late_failure()) {
                Some((code, answer)) => fill(
                    k.narrate_end_late,
                    &[("steps", &frame.len), ("ms", &frame.at_ms), ("code", &code), ("answer", &answer)],
                ),
                None => fill(k.narrate_end, &[("steps", &frame.len), ("ms", &frame.at_ms)]),
            };
        }
        said
    };
    let status = move || {
        let frame = kube.frame()?;
        let down = if frame.down.is_empty() { k.down_none.to_string() } else { frame.down.join(", ") };
        let args: [(&str, &dyn std::fmt::Display); 5] = [
            ("step", &frame.cursor),
            ("total", &frame.len),
            ("ms", &frame.at_ms),
            ("revision", &frame.revision),
            ("down", &down),
        ];
        Some(fill(k.status, &args))
    };
    let spoken = move || {
        let at_end = kube.read(|s| s.cursor() >= s.len());
        if kube.playing() && !at_end {
            String::new()
        } else {
            sentence()
        }
    };
    view! {
        <div class="now">
            <p class="status" data-testid="status-strip">{live(move || status().unwrap_or_default())}</p>
            <p class="narration" data-testid="step-sentence">{live(sentence)}</p>
            <p class="visually-hidden" aria-live="polite" role="status" data-testid="narration">{live(spoken)}</p>
        </div>
    }
}

/// The lesson's names beside the real ones, once and plainly, and what differs.
#[component]
fn Words(k: &'static KubeMessages) -> impl IntoView {
    view! {
        <section class="words" aria-labelledby="words-title" data-testid="words">
            <h2 id="words-title">{k.words_title}</h2>
            <ul>{k.words.split('|').map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
        </section>
    }
}
