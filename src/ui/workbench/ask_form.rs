//! The form that adds a question: a kind picked by what it asks, then that kind's own fields,
//! labelled, with a choice wherever the format takes only a few values (`teaching::ask_form`).
//! What is wrong with a field is said beside the form, the field marked; what was typed stays.

use super::Workbench;
use crate::messages::{fill, EN, EN_ASSIGNMENTS};
use crate::teaching::ask_form::{add_question, ask_fields, AskField, AskKind, AskProblem, Entry};
use leptos::prelude::*;

/// The add-a-question form.
#[component]
pub(crate) fn AskForm(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let (t, a) = (&EN, &EN_ASSIGNMENTS);
    let fields = move |k: AskKind| ask_fields(k, t, a, w);
    let kind = RwSignal::new(AskKind::Round);
    let first = RwSignal::new(String::new());
    let second = RwSignal::new(fields(AskKind::Round).1.map(|f| f.start()).unwrap_or_default());
    // The problem said, and whether it is the second field's.
    let problem = RwSignal::new(None::<(String, bool)>);
    let pick = move |ev: leptos::ev::Event| {
        let k = AskKind::from_id(&event_target_value(&ev)).unwrap_or(AskKind::Round);
        let (f, s) = fields(k);
        kind.set(k);
        first.set(f.start());
        second.set(s.map(|s| s.start()).unwrap_or_default());
        problem.set(None);
    };
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let made = workbench
            .draft
            .with(|d| add_question(kind.get(), &first.get(), &second.get(), &d.ask, d.ask.len()));
        let (f, s) = fields(kind.get());
        let said = |second: bool, problem: &str| {
            let label = if second { s.as_ref().map_or(f.label, |s| s.label) } else { f.label };
            Some((fill(w.ask_problem, &[("field", &label), ("problem", &problem)]), second))
        };
        // What was typed stays in the form, with what is wrong with it, in the field's name.
        match made {
            Ok(q) => {
                workbench.edit(|d| d.ask.push(q));
                problem.set(None);
            }
            Err(AskProblem::Field { second, error }) => problem.set(said(second, &error.problem.text(a))),
            Err(AskProblem::Blank) => problem.set(said(false, w.ask_blank)),
            Err(AskProblem::Asked) => problem.set(Some((w.ask_asked.to_string(), false))),
        }
    };
    let kinds = AskKind::ALL.map(|k| view! { <option value=k.id()>{k.label(w)}</option> });
    // The names the run writes, offered as a key or service is typed (any other may be typed).
    let names = move |keys: bool| {
        move || {
            let listed = workbench.run.with(|r| {
                r.as_ref()
                    .map(|r| if keys { r.written.clone() } else { r.services.clone() })
                    .unwrap_or_default()
            });
            listed.into_iter().map(|n| view! { <option value=n></option> }).collect_view()
        }
    };
    let wrong = move |is_second: bool| {
        move || problem.with(|p| p.as_ref().is_some_and(|(_, s)| *s == is_second).then_some("true"))
    };
    view! {
        <form class="add" on:submit=add aria-label=w.ask_add>
            <label>{w.ask_kind}" "
                <select data-testid="ask-kind" prop:value=move || kind.get().id() on:change=pick>{kinds}</select>
            </label>
            {move || {
                let (f, s) = fields(kind.get());
                view! {
                    <Field field=f value=first testid="ask-first" invalid=Signal::derive(wrong(false)) />
                    {s.map(|s| view! { <Field field=s value=second testid="ask-second" invalid=Signal::derive(wrong(true)) /> })}
                }
            }}
            <datalist id="ask-keys" data-testid="ask-keys">{names(true)}</datalist>
            <datalist id="ask-services" data-testid="ask-services">{names(false)}</datalist>
            <button type="submit" data-testid="ask-add">{w.ask_add_button}</button>
            {move || problem.get().map(|(p, _)| view! { <p class="error" role="alert" id="ask-problem" data-testid="ask-problem">{p}</p> })}
        </form>
    }
}

/// One field of the form: a typed number or name, or a choice.
#[component]
fn Field(
    field: AskField,
    value: RwSignal<String>,
    testid: &'static str,
    invalid: Signal<Option<&'static str>>,
) -> impl IntoView {
    let set = move |ev: leptos::ev::Event| value.set(event_target_value(&ev));
    let described = move || invalid.get().map(|_| "ask-problem");
    let input = match field.entry {
        Entry::Choice(options) => view! {
            <select data-testid=testid prop:value=move || value.get() on:change=set>
                {options.into_iter().map(|(id, label)| view! { <option value=id>{label}</option> }).collect_view()}
            </select>
        }
        .into_any(),
        Entry::Number => view! {
            <input type="text" inputmode="numeric" data-testid=testid aria-invalid=move || invalid.get()
                aria-describedby=described prop:value=move || value.get() on:input=set />
        }
        .into_any(),
        Entry::Text { example, names } => view! {
            <input type="text" data-testid=testid placeholder=example list=names aria-invalid=move || invalid.get()
                aria-describedby=described prop:value=move || value.get() on:input=set />
        }
        .into_any(),
    };
    view! { <label>{field.label}" "{input}</label> }
}
