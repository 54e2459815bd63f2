//! Which run to watch: the lesson's request, the failure-matrix events, or the student's own
//! scale request.

use super::lab::{Lab, Play, MAX_DESIRED};
use leptos::prelude::*;

/// The scenario choice.
#[component]
pub fn ScenarioPicker(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let is = move |p: fn(Play) -> bool| move || p(lab.play.get());
    let collector = RwSignal::new(true);
    let desired = RwSignal::new(4u32);
    let send = move || {
        lab.switch(
            Play::Scale { collector: collector.get_untracked(), desired: desired.get_untracked() },
            lab.down.get_untracked(),
        )
    };
    view! {
        <fieldset class="picker" data-testid="picker">
            <legend>{t.picker_legend}</legend>
            <label>
                <input type="radio" name="play" data-testid="play-lesson"
                    prop:checked=is(|p| p == Play::Lesson)
                    on:change=move |_| lab.switch(Play::Lesson, lab.down.get_untracked()) />
                {t.picker_lesson}
            </label>
            <label>
                <input type="radio" name="play" data-testid="play-events"
                    prop:checked=is(|p| p == Play::Events)
                    on:change=move |_| lab.switch(Play::Events, lab.down.get_untracked()) />
                {t.picker_events}
            </label>
            <div class="own">
                <label>
                    <input type="radio" name="play" data-testid="play-scale"
                        prop:checked=is(|p| matches!(p, Play::Scale { .. }))
                        on:change=move |_| send() />
                    {t.picker_own}
                </label>
                <label>
                    {t.picker_service}
                    <select data-testid="scale-service" on:change=move |ev| { collector.set(event_target_value(&ev) == "collector"); send() }>
                        <option value="collector">"collector"</option>
                        <option value="verifier">"verifier"</option>
                    </select>
                </label>
                <label>
                    {t.picker_desired}
                    <select data-testid="scale-desired" prop:value=move || desired.get().to_string()
                        on:change=move |ev| { desired.set(event_target_value(&ev).parse().unwrap_or(4)); send() }>
                        {(0..=MAX_DESIRED).map(|n| view! { <option value=n.to_string()>{n}</option> }).collect_view()}
                    </select>
                </label>
            </div>
        </fieldset>
    }
}
