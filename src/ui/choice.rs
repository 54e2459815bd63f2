//! A choice question on the student's page (issue 31): a radio group of its options, labelled by
//! its prompt. The browser's own radio group gives the keyboard (Tab into the group, the arrow
//! keys move the pick); what is picked is saved as the option's text, the way a typed prediction
//! is saved, and marked by `teaching::marking` like every other item. Nothing here marks an
//! option as the right one: the page holds the options in the file's order and no more, until
//! the lock's reveal shows the answer as it shows every other. A question that names its guided
//! stop links to it (`formats::choice::stop_link`: the stop's name and the seal, no answer).

use super::assignment_panel::Loaded;
use super::work::Work;
use crate::formats::choice::{stop_link, Choice};
use crate::teaching::assignment::Item;
use leptos::prelude::*;
use std::rc::Rc;

/// One choice question: a fieldset whose legend is the prompt, a radio per option.
#[component]
pub(super) fn ChoiceInput(
    item: Item,
    choice: Choice,
    loaded: StoredValue<Rc<Loaded>, LocalStorage>,
    work: Work,
) -> impl IntoView {
    let group = format!("predict-{}", item.page_id);
    let picked = {
        let id = item.id.clone();
        Signal::derive(move || work.predictions.get().get(&id).cloned().unwrap_or_default())
    };
    let id = StoredValue::new(item.id.clone());
    let options = choice
        .options
        .into_iter()
        .enumerate()
        .map(|(place, option)| {
            // Each radio's id is the group's and the option's place: the label's `for`, and what
            // a test or a screen reader finds it by.
            let radio = format!("{group}-{place}");
            let value = option.clone();
            let checked = {
                let option = option.clone();
                move || picked.get().trim() == option
            };
            let pick = move |_| {
                work.blocked.set(None);
                work.save_field(&loaded.get_value().text, &id.get_value(), value.clone());
            };
            let (label_for, testid, name, text) =
                (radio.clone(), radio.clone(), group.clone(), option.clone());
            view! {
                <label class="option" for=label_for>
                    <input type="radio" id=radio data-testid=testid name=name value=option
                        prop:checked=checked disabled=move || work.locked.get() on:change=pick />
                    <span>{text}</span>
                </label>
            }
        })
        .collect_view();
    // The question's guided stop on the real control plane, opened sealed in a tab of its own
    // (the picks stay here): the link names the stop and the seal, never the answer.
    let stop = choice.stop.map(|stop| {
        let testid = format!("stop-{group}");
        view! { <a class="stop" href=stop_link(stop) target="_blank" data-testid=testid>{work.a.choice_stop}</a> }
    });
    view! {
        <fieldset class="item choice" id=group.clone() data-testid=group.clone()>
            <legend>{choice.prompt}</legend>
            {options}
            {stop}
        </fieldset>
    }
}
