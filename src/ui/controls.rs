//! Playback controls: play / pause, step, reset, speed and a scrubber to any step.

use super::lab::{Lab, SPEEDS};
use crate::messages::fill;
use crate::model::Run;
use leptos::prelude::*;

/// Starts playback from the cursor (from the start when at the end).
pub fn play(lab: Lab) {
    // A run that would show an open assignment's answers does not play.
    if lab.sealed() {
        return;
    }
    let len = lab.recording_untracked().len();
    if lab.cursor.get_untracked() >= len {
        lab.cursor.set(0);
    }
    lab.playing.set(true);
    lab.generation.update(|g| *g += 1);
    let generation = lab.generation.get_untracked();
    leptos::task::spawn_local(async move {
        loop {
            let speed = lab.speed.try_get_untracked().unwrap_or(0);
            let ms = (1000.0 / SPEEDS[speed.min(SPEEDS.len() - 1)].0) as u32;
            gloo_timers::future::TimeoutFuture::new(ms).await;
            // The lab may have been unmounted, paused, or restarted while this loop slept.
            let live = lab.playing.try_get_untracked() == Some(true)
                && lab.generation.try_get_untracked() == Some(generation);
            if !live {
                break;
            }
            lab.go_to(lab.cursor.get_untracked() + 1);
        }
    });
}

/// Pauses playback.
pub fn pause(lab: Lab) {
    lab.playing.set(false);
}

/// Plays or pauses.
pub fn toggle(lab: Lab) {
    if lab.playing.get_untracked() {
        pause(lab);
    } else {
        play(lab);
    }
}

/// One step forward (pausing playback).
pub fn forward(lab: Lab) {
    pause(lab);
    lab.go_to(lab.cursor.get_untracked() + 1);
}

/// One step back (pausing playback).
pub fn back(lab: Lab) {
    pause(lab);
    lab.go_to(lab.cursor.get_untracked().saturating_sub(1));
}

/// Starts over: step 0, the changes made at rounds undone.
pub fn reset(lab: Lab) {
    lab.reset();
}

/// The run's length as the page says it: `?` while an open assignment asks for it (or could be
/// worked out from it).
pub fn total(lab: Lab) -> String {
    if lab.sealed() {
        "?".to_string()
    } else {
        lab.frame().len.to_string()
    }
}

/// The playback toolbar.
#[component]
pub fn Controls(lab: Lab) -> impl IntoView {
    let len = move || lab.frame().len;
    let at_start = move || lab.cursor.get() == 0;
    // A run with no step at all (the state store down) still has to be run once to count.
    let at_end = move || {
        // With no step at all (the state store down from the start) the end is the start.
        let down = lab.down.get();
        let unrun = lab.run.get() == Run::Events
            && lab.timeline.get().is_empty()
            && !lab.finished.get().iter().any(|(d, _)| *d == down);
        lab.cursor.get() >= len() && !unrun || lab.sealed()
    };
    let t = lab.t;
    view! {
        <div class="controls" role="toolbar" aria-label=t.controls_label>
            <button data-testid="play" on:click=move |_| toggle(lab) disabled=move || lab.sealed() aria-keyshortcuts="Space">
                {move || if lab.playing.get() { t.pause } else { t.play }}
            </button>
            <button data-testid="back" on:click=move |_| back(lab) disabled=at_start aria-keyshortcuts="ArrowLeft">
                {t.step_back}
            </button>
            <button data-testid="forward" on:click=move |_| forward(lab) disabled=at_end aria-keyshortcuts="ArrowRight">
                {t.step_forward}
            </button>
            <button data-testid="to-end" on:click=move |_| { pause(lab); lab.go_to(usize::MAX) } disabled=at_end aria-keyshortcuts="End">
                {t.run_to_end}
            </button>
            <button data-testid="reset" on:click=move |_| reset(lab) disabled=move || at_start() && lab.timeline.with(Vec::is_empty) && !lab.ended.get() aria-keyshortcuts="Home">
                {t.reset}
            </button>
            <label class="speed">
                {t.speed}
                <select
                    data-testid="speed"
                    on:change=move |ev| lab.speed.set(event_target_value(&ev).parse().unwrap_or(2))
                    prop:value=move || lab.speed.get().to_string()
                >
                    {SPEEDS
                        .iter()
                        .enumerate()
                        .map(|(i, (_, s))| view! { <option value=i.to_string()>{fill(t.speed_option, &[("speed", s)])}</option> })
                        .collect_view()}
                </select>
            </label>
            <label class="scrubber">
                <span>{move || fill(t.step_of, &[("step", &lab.cursor.get()), ("total", &total(lab))])}</span>
                <input
                    type="range"
                    data-testid="scrubber"
                    min="0"
                    max=move || if lab.sealed() { 0 } else { len() }.to_string()
                    prop:value=move || lab.cursor.get().to_string()
                    on:input=move |ev| {
                        pause(lab);
                        lab.go_to(event_target_value(&ev).parse().unwrap_or(0));
                    }
                    aria-label=t.scrubber_label
                />
            </label>
        </div>
    }
}
