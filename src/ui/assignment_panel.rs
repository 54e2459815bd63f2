//! An assignment: predictions first, then Run locks them and the reveal (`reveal.rs`) sets each
//! beside the actual value, with links to what explains it. Predictions are saved in the browser
//! as they are typed.

use super::assignment_acts::Act;
use super::lab::Lab;
pub use super::work::Work;
use crate::messages::{fill, AssignmentMessages, Messages};
use crate::model::Verdict;
use crate::teaching::assignment::{Answer, Assignment, Item, ItemKind, Question};
use crate::teaching::attempts::tries_left;
use crate::teaching::marking::{blank, parse_count, parse_parts, parse_verdict};
use crate::teaching::report::{storage_key, Attempt};
use leptos::prelude::*;
use std::rc::Rc;

/// A loaded assignment with its answer key.
pub struct Loaded {
    /// The assignment.
    pub assignment: Assignment,
    /// Its document, as loaded.
    pub text: String,
    /// What to predict, with the answers.
    pub items: Vec<Item>,
}

/// The assignment panel.
#[component]
pub fn AssignmentPanel(
    lab: Lab,
    loaded: StoredValue<Rc<Loaded>, LocalStorage>,
    work: Work,
    lms: Option<super::lms::Lms>,
) -> impl IntoView {
    let l = loaded.get_value();
    let title = l.assignment.title.clone();
    let instructions = l.assignment.instructions.clone();
    // The matrix cells go in a grid shaped like the failure matrix; the rest in a list.
    let inputs = l
        .items
        .iter()
        .filter(|i| !matches!(i.kind, ItemKind::Matrix(..)))
        .map(|item| view! { <PredictionInput item=item.clone() loaded work /> })
        .collect_view();
    // Taken now: an event handler runs outside the component that provides it.
    let host = StoredValue::new_local(use_context::<Option<super::host::Host>>().flatten());
    let panel = Panel { lab, loaded, work, lms, host, confirm_blank: RwSignal::new(None) };
    let other_tabs = panel.follow_other_tabs(storage_key(&l.text));
    on_cleanup(move || other_tabs.remove());
    let confirm_blank = panel.confirm_blank;
    let act = move |act| super::later::act(panel, act);
    let (lock, start_over, run) =
        (move || act(Act::Lock), move |_| act(Act::StartOver), move |_| act(Act::Run));
    // The seal as the frame says it; a move of the cursor leaves the notice as it is.
    let sealed = Memo::new(move |_| lab.frame().sealed);
    let left = move || work.attempts.with(|a| tries_left(loaded.with_value(|l| l.assignment.retries), a));
    view! {
        <section class="assignment" aria-labelledby="assignment-title" data-testid="assignment">
            <h2 id="assignment-title" data-testid="assignment-title">{title}</h2>
            <p class="instructions" data-testid="assignment-instructions">{instructions}</p>
            <p class="student">
                <label>
                    {work.a.student_label} " "
                    <input type="text" data-testid="student" autocomplete="name" maxlength="200"
                        prop:value=move || work.student.get()
                        on:input=move |ev| loaded.with_value(|l| work.save_student(&l.text, event_target_value(&ev))) />
                </label>
            </p>
            {move || work.notice.get().map(|n| view! { <p class="notice" role="status" data-testid="storage-notice">{work.a.notice_mark} {n}</p> })}
            // The same shape as the run's blocked message below: one copy of its code serves both.
            {super::helpers::live(move || lms.and_then(|l| l.error.get()).map(|e| view! { <p class="error" role="alert" data-testid="lms-error">{e}</p> }))}
            {move || sealed.get().then(|| {
                // Locked: for good when the assignment never reveals, else until the last try.
                let said = match (work.locked.get(), loaded.with_value(|l| l.assignment.reveal)) {
                    (false, _) => work.a.sealed,
                    (true, false) => work.a.sealed_for_good,
                    (true, true) => work.a.sealed_held,
                };
                view! { <p class="notice" role="status" data-testid="sealed">{said}</p> }
            })}
            <form class="predictions" on:submit=move |ev| ev.prevent_default()>
                <div class="items">{inputs}</div>
                // Once locked, the results come back in the grid's place (in the reveal).
                {move || (!work.locked.get()).then(|| super::reveal::matrix_grid(loaded, work, "matrix-grid", super::reveal::input_cell(loaded, work)))}
                {super::helpers::live(move || work.blocked.get().map(|b| view! { <p class="error" role="alert" data-testid="run-blocked">{b}</p> }))}
                {move || confirm_blank.get().map(|n| view! {
                    <div class="confirm" role="alertdialog" aria-labelledby="confirm-blank" data-testid="confirm-blank">
                        <p id="confirm-blank">{fill(if n == 1 { work.a.blank_ask_one } else { work.a.blank_ask }, &[("blank", &n), ("total", &loaded.get_value().items.len())])}</p>
                        <button type="button" data-testid="confirm-lock" on:click=move |_| lock()>{work.a.blank_lock}</button>
                        " "
                        <button type="button" data-testid="confirm-back" on:click=move |_| confirm_blank.set(None)>{work.a.blank_back}</button>
                    </div>
                })}
                <button type="button" data-testid="run" on:click=run disabled=move || work.locked.get()>
                    {move || if work.locked.get() { work.a.run_locked } else { work.a.run }}
                </button>
            </form>
            {move || (work.locked.get() && left() > 0).then(|| view! {
                <p>
                    <button type="button" data-testid="start-over" on:click=start_over>
                        {fill(work.a.start_over, &[("left", &left())])}
                    </button>
                </p>
            })}
            {move || work.locked.get().then(|| super::later::reveal(lab, loaded, work, lms))}
        </section>
    }
}

/// What the panel's buttons act on: the lab, the assignment, the student's work, where results
/// go, and the question asked before locking with blanks (their count, or none).
#[derive(Clone, Copy)]
pub(super) struct Panel {
    pub(super) lab: Lab,
    pub(super) loaded: StoredValue<Rc<Loaded>, LocalStorage>,
    pub(super) work: Work,
    pub(super) lms: Option<super::lms::Lms>,
    pub(super) host: StoredValue<Option<super::host::Host>, LocalStorage>,
    pub(super) confirm_blank: RwSignal<Option<usize>>,
}

impl Panel {
    /// Two tabs on one assignment: the other's edits arrive as storage events for this record
    /// (`key`), and this tab follows them, sealed or unsealed as the other.
    fn follow_other_tabs(self, key: String) -> leptos::leptos_dom::helpers::WindowListenerHandle {
        let Panel { lab, loaded, work, .. } = self;
        window_event_listener(leptos::ev::storage, move |ev| {
            if ev.key().as_deref() != Some(key.as_str()) {
                return;
            }
            let Some(stored) = ev.new_value() else { return };
            let l = loaded.get_value();
            let was_locked = work.locked.get_untracked();
            work.follow(&l.text, &stored);
            match (was_locked, work.locked.get_untracked()) {
                (_, true) if answers_open(&l, &work.attempts.get_untracked()) => lab.seal(None),
                // The other tab started over: this one is sealed again, as it would be.
                (true, false) => lab.seal(Some(Rc::new(l.assignment.clone()))),
                _ => {}
            }
        })
    }
}

/// Whether a locked attempt shows the answers: the assignment reveals them, and no retry is left
/// (an attempt after seeing them could copy them).
pub(super) fn answers_open(l: &Loaded, attempts: &[Attempt]) -> bool {
    l.assignment.reveal && tries_left(l.assignment.retries, attempts) == 0
}

/// Why a typed prediction cannot be used, if it cannot (empty is fine until Run).
fn problem(answer: &Answer, text: &str, t: &Messages, a: &AssignmentMessages) -> Option<String> {
    if blank(text) {
        return None;
    }
    let error = match answer {
        Answer::Word(_) => parse_verdict(text).err(),
        Answer::Number(_) => parse_count(text).err(),
        Answer::Parts(_) => parse_parts(text, t).err(),
        // An option is picked, never typed: nothing to say while picking.
        Answer::Choice(_) => None,
    };
    error.map(|e| e.text(t, a))
}

/// One prediction: a text box for a count, a choice for a verdict, with an inline message.
#[component]
pub(super) fn PredictionInput(
    item: Item,
    loaded: StoredValue<Rc<Loaded>, LocalStorage>,
    work: Work,
) -> impl IntoView {
    // A choice question is a radio group of its own (`ui::choice`).
    if let ItemKind::Question(Question::Choice(choice)) = &item.kind {
        let choice = choice.clone();
        return view! { <super::choice::ChoiceInput item choice loaded work /> }.into_any();
    }
    let input_id = format!("predict-{}", item.page_id);
    let value = {
        let id = item.id.clone();
        Signal::derive(move || work.predictions.get().get(&id).cloned().unwrap_or_default())
    };
    let set = {
        let id = item.id.clone();
        move |text: String| {
            // What blocked Run is about the entries as they were: a change makes it stale.
            work.blocked.set(None);
            work.save_field(&loaded.get_value().text, &id, text)
        }
    };
    let is_word = matches!(item.answer, Answer::Word(_));
    let (t, a) = (work.t, work.a);
    let answer = StoredValue::new(item.answer.clone());
    let message = move || answer.with_value(|answer| problem(answer, &value.get(), t, a));
    // An order of components is typed as names: a hint says how.
    let order = matches!(item.answer, Answer::Parts(_));
    let hint = order.then_some(a.order_hint);
    let hint_id = format!("{input_id}-hint");
    let hint = hint.map(|h| view! { <span class="hint" id=hint_id.clone()>{h}</span> });
    let tolerance = (item.tolerance > 0).then(|| fill(a.tolerance, &[("n", &item.tolerance)]));
    let control = if is_word {
        view! {
            <select id=input_id.clone() data-testid=input_id.clone() prop:value=value
                disabled=move || work.locked.get() on:change=move |ev| set(event_target_value(&ev))>
                {[None, Some(Verdict::Done), Some(Verdict::Half), Some(Verdict::Halted), Some(Verdict::Unknown)]
                    .map(|v| {
                        // The value is the lesson's word (what is saved and scored); the text is the page's.
                        let value = v.map_or("", Verdict::as_str);
                        view! { <option value=value>{v.map_or(a.choose, |v| t.verdict(v))}</option> }
                    })
                    .collect_view()}
            </select>
        }
        .into_any()
    } else {
        view! {
            <input id=input_id.clone() data-testid=input_id.clone() type="text" inputmode=if order { "text" } else { "numeric" } autocomplete="off"
                aria-describedby=order.then(|| hint_id.clone())
                prop:value=value readonly=move || work.locked.get()
                aria-invalid=move || if message().is_some() { "true" } else { "false" }
                on:input=move |ev| set(event_target_value(&ev)) />
        }
        .into_any()
    };
    view! {
        <div class="item">
            <label for=input_id>{item.label_in(t, a)}{tolerance}</label>
            {control}
            {hint}
            {move || message().map(|m| view! { <span class="error" data-testid="input-error">{m}</span> })}
        </div>
    }
    .into_any()
}
