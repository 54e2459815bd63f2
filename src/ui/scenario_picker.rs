//! Which run to watch: the lesson's request, the failure-matrix events, or the student's own
//! scale request.

use super::helpers::{live, with_lab};
use super::lab::Lab;
use crate::model::{LessonService, Run, MAX_DESIRED};
use leptos::prelude::*;

/// The scenario choice.
#[component]
pub fn ScenarioPicker(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let is = move |p: fn(Run) -> bool| move || p(lab.run());
    let service = RwSignal::new(LessonService::Collector);
    let desired = RwSignal::new(4u32);
    let send =
        move || lab.pick(Run::Scale { service: service.get_untracked(), desired: desired.get_untracked() });
    // The given run, named, once an assignment (or a sandbox link's scenario) is open: the
    // assignments build only.
    #[cfg(feature = "assignments")]
    let given = move || {
        lab.given_label().map(|label| {
            view! {
                <label>
                    <input type="radio" name="play" data-testid="play-assignment"
                        prop:checked=is(|p| p == Run::Given)
                        on:change=move |_| lab.show_given() />
                    {label}
                </label>
            }
        })
    };
    #[cfg(not(feature = "assignments"))]
    let given = ();
    view! {
        <fieldset class="picker" data-testid="picker">
            <legend>{t.picker_legend}</legend>
            {given}
            <label>
                <input type="radio" name="play" data-testid="play-lesson"
                    prop:checked=is(|p| p == Run::Lesson)
                    on:change=with_lab(lab, |lab| lab.pick(Run::Lesson)) />
                {t.picker_lesson}
            </label>
            <label>
                <input type="radio" name="play" data-testid="play-events"
                    prop:checked=is(|p| p == Run::Events)
                    on:change=with_lab(lab, |lab| lab.pick(Run::Events)) />
                {t.picker_events}
            </label>
            <div class="own">
                <label>
                    <input type="radio" name="play" data-testid="play-scale"
                        prop:checked=is(|p| matches!(p, Run::Scale { .. }))
                        on:change=move |_| send() />
                    {t.picker_own}
                </label>
                <label>
                    {t.picker_service}
                    <select data-testid="scale-service" on:change=move |ev| { service.set(LessonService::from_name(&event_target_value(&ev)).unwrap_or(LessonService::Collector)); send() }>
                        <option value="collector">"collector"</option>
                        <option value="verifier">"verifier"</option>
                    </select>
                </label>
                <label>
                    {t.picker_desired}
                    <select data-testid="scale-desired" prop:value=live(move || desired.get().to_string())
                        on:change=move |ev| { desired.set(event_target_value(&ev).parse().unwrap_or(4)); send() }>
                        {(0..=MAX_DESIRED).map(|n| view! { <option value=n.to_string()>{n}</option> }).collect_view()}
                    </select>
                </label>
            </div>
        </fieldset>
    }
}
