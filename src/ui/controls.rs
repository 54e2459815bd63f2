//! Playback controls: play / pause, step, reset, speed and a scrubber to any step. One set for
//! every page that plays a run: the plain lab's [`Lab`] and the real control plane's page each
//! give the toolbar what it reads and does through [`Transport`].

use super::helpers::{live, typing, with_lab};
use super::lab::{Lab, SPEEDS};
use crate::formats::html::Markup;
use crate::messages::{fill, ToolbarWords};
use crate::playback::MarkKind;
use leptos::prelude::*;

/// What the toolbar reads and does: a cursor into a run, playback and its speed, starting over,
/// and the scrubber's marks. Reads are tracked (wrap in `untrack` for handlers).
pub trait Transport: Copy + Send + Sync + 'static {
    /// The toolbar's texts.
    fn words(&self) -> ToolbarWords;
    /// Steps shown.
    fn cursor(&self) -> usize;
    /// Steps in the run.
    fn len(&self) -> usize;
    /// The run's length as the page says it.
    fn total(&self) -> String;
    /// Whether playback runs.
    fn playing(&self) -> bool;
    /// The speed, an index into [`SPEEDS`].
    fn speed(&self) -> usize;
    /// Sets the speed.
    fn set_speed(&self, speed: usize);
    /// Moves the cursor.
    fn go_to(&self, step: usize);
    /// Pauses.
    fn pause(&self);
    /// Starts playing: the playback's number, none when nothing may play.
    fn start_playing(&self) -> Option<u64>;
    /// Whether playback `generation` is still the one running.
    fn still_playing(&self, generation: u64) -> bool;
    /// The time between two steps (ms, untracked).
    fn step_ms(&self) -> u32;
    /// Starts over.
    fn reset(&self);
    /// Whether starting over would change nothing.
    fn at_rest(&self) -> bool;
    /// The scrubber's marks, as SVG markup (see [`mark`]).
    fn marks(&self) -> String;
}

impl Transport for Lab {
    fn words(&self) -> ToolbarWords {
        ToolbarWords::of(self.t)
    }
    fn cursor(&self) -> usize {
        Lab::cursor(self)
    }
    fn len(&self) -> usize {
        self.frame().len
    }
    fn total(&self) -> String {
        total(*self)
    }
    fn playing(&self) -> bool {
        Lab::playing(self)
    }
    fn speed(&self) -> usize {
        Lab::speed(self)
    }
    fn set_speed(&self, speed: usize) {
        Lab::set_speed(self, speed)
    }
    fn go_to(&self, step: usize) {
        Lab::go_to(self, step)
    }
    fn pause(&self) {
        Lab::pause(self)
    }
    fn start_playing(&self) -> Option<u64> {
        Lab::start_playing(self)
    }
    fn still_playing(&self, generation: u64) -> bool {
        Lab::still_playing(self, generation)
    }
    fn step_ms(&self) -> u32 {
        Lab::step_ms(self)
    }
    fn reset(&self) {
        Lab::reset(self)
    }
    fn at_rest(&self) -> bool {
        Lab::cursor(self) == 0 && !self.changed() && !self.ended() && self.down().is_empty()
    }
    fn marks(&self) -> String {
        lab_marks(*self)
    }
}

/// Starts playback from the cursor (from the start when at the end).
pub fn play<T: Transport>(lab: T) {
    // A run that would show an open assignment's answers does not play.
    let Some(generation) = lab.start_playing() else {
        return;
    };
    leptos::task::spawn_local(async move {
        loop {
            let ms = lab.step_ms();
            gloo_timers::future::TimeoutFuture::new(ms).await;
            // The lab may have been unmounted, paused, or restarted while this loop slept.
            if !lab.still_playing(generation) {
                break;
            }
            lab.go_to(untrack(|| lab.cursor()) + 1);
        }
    });
}

/// Pauses playback.
pub fn pause<T: Transport>(lab: T) {
    lab.pause();
}

/// Plays or pauses.
pub fn toggle<T: Transport>(lab: T) {
    if untrack(|| lab.playing()) {
        pause(lab);
    } else {
        play(lab);
    }
}

/// One step forward (pausing playback).
pub fn forward<T: Transport>(lab: T) {
    pause(lab);
    lab.go_to(untrack(|| lab.cursor()) + 1);
}

/// One step back (pausing playback).
pub fn back<T: Transport>(lab: T) {
    pause(lab);
    lab.go_to(untrack(|| lab.cursor()).saturating_sub(1));
}

/// Runs to the end (pausing playback).
pub fn to_end<T: Transport>(lab: T) {
    pause(lab);
    lab.go_to(usize::MAX);
}

/// Starts over: step 0, the changes made at rounds undone.
pub fn reset<T: Transport>(lab: T) {
    lab.reset();
}

/// The run's length as the page says it: `?` while an open assignment asks for it (or could be
/// worked out from it).
pub fn total(lab: Lab) -> String {
    let frame = lab.frame();
    if frame.sealed {
        "?".to_string()
    } else {
        frame.len.to_string()
    }
}

/// The plain lab's marks under the scrubber: where rounds start, writes land and changes take
/// effect (from the recording: see `playback::marks`). Left out while an open assignment seals
/// the run: its marks would count its rounds and writes.
fn lab_marks(lab: Lab) -> String {
    let t = lab.t;
    let recording = lab.recording();
    let marks = if lab.frame().sealed { Vec::new() } else { recording.marks() };
    let len = recording.len().max(1);
    let mut svg = Markup::new();
    for m in marks {
        let (class, glyph, what) = match &m.kind {
            MarkKind::Round(0) => ("round", "┃", t.trace_requests.to_string()),
            MarkKind::Round(n) => ("round", "┃", fill(t.trace_round, &[("n", n)])),
            MarkKind::Write { part, key } => {
                let template =
                    if *part == crate::model::Part::NodeAgents { t.mark_write_many } else { t.mark_write };
                ("write", "•", fill(template, &[("part", &t.part(*part)), ("key", key)]))
            }
            MarkKind::Change(changes) => {
                let said: Vec<String> = changes.iter().map(|c| t.change(c)).collect();
                ("change", "▼", said.join("; "))
            }
        };
        let title = fill(t.mark_title, &[("step", &m.step), ("what", &what)]);
        mark(&mut svg, class, glyph, &title, m.step, len);
    }
    svg.finish()
}

/// One mark under the scrubber, at `step` of `len`: a glyph with its title, as escaped markup
/// (see `formats::html`) placed by a percentage of the scrubber's width.
pub fn mark(svg: &mut Markup, class: &str, glyph: &str, title: &str, step: usize, len: usize) {
    // Per mille of the width, written as a percentage with one decimal (no float code).
    let at = step * 1000 / len;
    let (mark_class, step, x) =
        (format!("mark {class}"), step.to_string(), format!("{}.{}%", at / 10, at % 10));
    let attrs = [
        ("class", mark_class.as_str()),
        ("data-testid", "mark"),
        ("data-kind", class),
        ("data-step", &step),
        ("x", &x),
        ("y", "12"),
        ("text-anchor", "middle"),
    ];
    svg.open("text", &attrs).leaf("title", &[], title).text(glyph).close("text");
}

/// The marks under the scrubber ([`Transport::marks`]); a click goes to that step. The
/// scrubber is the keyboard's and the screen reader's way along the run; the marks add a
/// mouse's shortcut and a picture, so they are hidden from the accessibility tree and take no
/// place in the tab order.
#[component]
fn Marks<T: Transport>(lab: T) -> impl IntoView {
    let go = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let mark = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("[data-step]").ok().flatten());
        if let Some(step) = mark.and_then(|m| m.get_attribute("data-step")).and_then(|s| s.parse().ok()) {
            pause(lab);
            lab.go_to(step);
        }
    };
    view! { <svg class="marks" data-testid="marks" aria-hidden="true" inner_html=live(move || lab.marks()) on:click=go></svg> }
}

/// The playback toolbar.
#[component]
pub fn Controls<T: Transport>(lab: T) -> impl IntoView {
    let len = move || lab.len();
    let at_start = move || lab.cursor() == 0;
    // A run with no step at all is over as soon as it is shown (see `LabState::settle`); a
    // sealed run's frame has no step either.
    let at_end = move || lab.cursor() >= len();
    let t = lab.words();
    view! {
        <div class="controls" role="toolbar" aria-label=t.controls_label>
            <button data-testid="play" on:click=with_lab(lab, toggle) disabled=live(move || len() == 0) aria-keyshortcuts="Space">
                {live(move || if lab.playing() { t.pause } else { t.play })}
            </button>
            <button data-testid="back" on:click=with_lab(lab, back) disabled=live(at_start) aria-keyshortcuts="ArrowLeft">
                {t.step_back}
            </button>
            <button data-testid="forward" on:click=with_lab(lab, forward) disabled=live(at_end) aria-keyshortcuts="ArrowRight">
                {t.step_forward}
            </button>
            <button data-testid="to-end" on:click=with_lab(lab, to_end) disabled=live(at_end) aria-keyshortcuts="End">
                {t.run_to_end}
            </button>
            <button data-testid="reset" on:click=with_lab(lab, reset) disabled=live(move || lab.at_rest()) aria-keyshortcuts="Home">
                {t.reset}
            </button>
            <label class="speed">
                {t.speed}
                <select
                    data-testid="speed"
                    on:change=move |ev| lab.set_speed(event_target_value(&ev).parse().unwrap_or(2))
                    prop:value=live(move || lab.speed().to_string())
                >
                    {SPEEDS
                        .iter()
                        .enumerate()
                        .map(|(i, (_, s))| view! { <option value=i.to_string()>{fill(t.speed_option, &[("speed", s)])}</option> })
                        .collect_view()}
                </select>
            </label>
            <div class="scrubber">
                <span>{live(move || fill(t.step_of, &[("step", &lab.cursor()), ("total", &lab.total())]))}</span>
                <div class="track">
                <input
                    type="range"
                    data-testid="scrubber"
                    min="0"
                    max=live(move || len().to_string())
                    prop:value=live(move || lab.cursor().to_string())
                    on:input=move |ev| {
                        pause(lab);
                        lab.go_to(event_target_value(&ev).parse().unwrap_or(0));
                    }
                    aria-label=t.scrubber_label
                />
                <Marks lab />
                </div>
            </div>
        </div>
    }
}

/// The keyboard's shortcuts: space plays or pauses, arrows step, Home resets, End runs to the
/// end; never while the student is in a field (or on a control that uses the key itself).
pub fn shortcuts<T: Transport>(lab: T) -> leptos::leptos_dom::helpers::WindowListenerHandle {
    window_event_listener(leptos::ev::keydown, move |ev| {
        if typing(&ev) || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let act: Option<fn(T)> = match ev.key().as_str() {
            " " => Some(toggle),
            "ArrowRight" => Some(forward),
            "ArrowLeft" => Some(back),
            "Home" => Some(reset),
            "End" => Some(to_end),
            _ => None,
        };
        if let Some(act) = act {
            act(lab);
            ev.prevent_default();
        }
    })
}
