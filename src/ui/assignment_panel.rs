//! An assignment: predictions first, then Run locks them and the reveal sets each beside the
//! actual value, with links to the trace rows that explain it. Predictions are saved in the
//! browser as they are typed.

use super::files;
use super::lab::Lab;
pub use super::work::Work;
use crate::messages::{fill, AssignmentMessages, Messages};
use crate::model::{Op, Run, Verdict};
use crate::teaching::assignment::{Answer, Assignment, Item};
use crate::teaching::marking::{mark, parse_count, parse_verdict, score, Marked};
use crate::teaching::report::{self, storage_key, Attempt};
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
pub fn AssignmentPanel(lab: Lab, loaded: StoredValue<Rc<Loaded>, LocalStorage>, work: Work) -> impl IntoView {
    let l = loaded.get_value();
    let title = l.assignment.title.clone();
    let instructions = l.assignment.instructions.clone();
    let inputs =
        l.items.iter().map(|item| view! { <PredictionInput item=item.clone() loaded work /> }).collect_view();
    // Taken now: an event handler runs outside the component that provides it.
    let host = StoredValue::new_local(use_context::<Option<super::host::Host>>().flatten());
    // Two tabs on one assignment: the other's edits arrive as storage events for this record.
    let key = storage_key(&l.text);
    let other_tabs = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().as_deref() == Some(key.as_str()) {
            if let Some(stored) = ev.new_value() {
                work.follow(&stored);
                if work.locked.get_untracked() && loaded.with_value(|l| l.assignment.reveal) {
                    lab.seal(None);
                }
            }
        }
    });
    on_cleanup(move || other_tabs.remove());
    // Locking for good with blanks is asked first: the count of blank predictions, or none.
    let confirm_blank = RwSignal::new(None::<usize>);
    let lock = move || {
        let l = loaded.get_value();
        let typed = work.predictions.get_untracked();
        confirm_blank.set(None);
        work.blocked.set(None);
        work.locked.set(true);
        work.save(&l.text);
        // Answers shown after the lock: the runs open up. Otherwise they stay sealed.
        if l.assignment.reveal {
            lab.seal(None);
        }
        host.with_value(|host| {
            if let Some(host) = host {
                let id = storage_key(&l.text).replace("cplab/assignment/", "control-plane-lab:");
                host.post(&crate::teaching::embed::result_message(
                    &id,
                    &l.assignment.title,
                    &mark(&l.items, &typed),
                ));
            }
        });
        if !l.assignment.predict.is_empty() && l.assignment.reveal {
            lab.go_to(0);
            if lab.run.get_untracked() != Run::Given {
                lab.load_assignment(l.assignment.scenario.clone());
            }
            lab.go_to(usize::MAX);
        }
    };
    // Another attempt, when the assignment allows one: the locked predictions are kept in the
    // record (and the report), the runs are sealed again, and what was typed stays to be changed.
    let start_over = move |_| {
        let l = loaded.get_value();
        let ended = Attempt { predictions: work.predictions.get_untracked(), ended_at: files::now_iso() };
        work.attempts.update(|a| a.push(ended));
        work.locked.set(false);
        lab.seal(Some(Rc::new(l.assignment.clone())));
        work.save(&l.text);
    };
    let tries_left = move || {
        let allowed = loaded.with_value(|l| l.assignment.retries as usize);
        allowed.saturating_sub(work.attempts.with(Vec::len))
    };
    let run = move |_| {
        let l = loaded.get_value();
        let marked = mark(&l.items, &work.predictions.get_untracked());
        let bad = marked
            .iter()
            .filter(|m| m.read.is_err() && !m.typed.trim().is_empty())
            .map(|m| m.item.label_in(work.t, work.a))
            .collect::<Vec<_>>();
        if !bad.is_empty() {
            work.blocked.set(Some(fill(work.a.run_blocked, &[("items", &bad.join(", "))])));
            return;
        }
        let blank = marked.iter().filter(|m| m.typed.trim().is_empty()).count();
        if blank > 0 {
            confirm_blank.set(Some(blank));
            return;
        }
        lock();
    };
    view! {
        <section class="assignment" aria-labelledby="assignment-title" data-testid="assignment">
            <h2 id="assignment-title" data-testid="assignment-title">{title}</h2>
            <p class="instructions" data-testid="assignment-instructions">{instructions}</p>
            {move || work.notice.get().map(|n| view! { <p class="notice" role="status" data-testid="storage-notice">{work.a.notice_mark} {n}</p> })}
            {move || lab.sealed().then(|| view! { <p class="notice" role="status" data-testid="sealed">{if work.locked.get() { work.a.sealed_for_good } else { work.a.sealed }}</p> })}
            <form class="predictions" on:submit=move |ev| ev.prevent_default()>
                <div class="items">{inputs}</div>
                {move || work.blocked.get().map(|b| view! { <p class="error" role="alert" data-testid="run-blocked">{b}</p> })}
                {move || confirm_blank.get().map(|n| view! {
                    <div class="confirm" role="alertdialog" aria-labelledby="confirm-blank" data-testid="confirm-blank">
                        <p id="confirm-blank">{fill(work.a.blank_ask, &[("blank", &n), ("total", &loaded.get_value().items.len())])}</p>
                        <button type="button" data-testid="confirm-lock" on:click=move |_| lock()>{work.a.blank_lock}</button>
                        " "
                        <button type="button" data-testid="confirm-back" on:click=move |_| confirm_blank.set(None)>{work.a.blank_back}</button>
                    </div>
                })}
                <button type="button" data-testid="run" on:click=run disabled=move || work.locked.get()>
                    {move || if work.locked.get() { work.a.run_locked } else { work.a.run }}
                </button>
            </form>
            {move || (work.locked.get() && tries_left() > 0).then(|| view! {
                <p>
                    <button type="button" data-testid="start-over" on:click=start_over>
                        {fill(work.a.start_over, &[("left", &tries_left())])}
                    </button>
                </p>
            })}
            {move || work.locked.get().then(|| view! { <Reveal lab loaded work /> })}
        </section>
    }
}

/// Why a typed prediction cannot be used, if it cannot (empty is fine until Run).
fn problem(is_word: bool, text: &str, t: &Messages, a: &AssignmentMessages) -> Option<String> {
    if text.trim().is_empty() {
        return None;
    }
    let error = if is_word { parse_verdict(text).err() } else { parse_count(text).err() };
    error.map(|e| e.text(t, a))
}

/// One prediction: a text box for a count, a choice for a verdict, with an inline message.
#[component]
fn PredictionInput(item: Item, loaded: StoredValue<Rc<Loaded>, LocalStorage>, work: Work) -> impl IntoView {
    let input_id = format!("predict-{}", item.id.replace([' ', '.'], "-"));
    let value = {
        let id = item.id.clone();
        Signal::derive(move || work.predictions.get().get(&id).cloned().unwrap_or_default())
    };
    let set = {
        let id = item.id.clone();
        move |text: String| work.save_field(&loaded.get_value().text, &id, text)
    };
    let is_word = matches!(item.answer, Answer::Word(_));
    let (t, a) = (work.t, work.a);
    let message = move || problem(is_word, &value.get(), t, a);
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
            <input id=input_id.clone() data-testid=input_id.clone() type="text" inputmode="numeric" autocomplete="off"
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
            {move || message().map(|m| view! { <span class="error" data-testid="input-error">{m}</span> })}
        </div>
    }
}

/// The reveal: each prediction beside the actual value, with the difference and the rows that
/// explain it.
#[component]
fn Reveal(lab: Lab, loaded: StoredValue<Rc<Loaded>, LocalStorage>, work: Work) -> impl IntoView {
    let a = work.a;
    let marked = move || mark(&loaded.get_value().items, &work.predictions.get());
    let reveal = loaded.get_value().assignment.reveal;
    let export = move |csv: bool| {
        let l = loaded.get_value();
        let r = report::report(
            &l.assignment,
            &l.text,
            &marked(),
            &files::now_iso(),
            &work.attempts.get_untracked(),
        );
        let result = if csv {
            files::download("lab-report.csv", "text/csv", &report::report_csv(&r), a)
        } else {
            files::download("lab-report.json", "application/json", &report::report_json(&r), a)
        };
        if let Err(why) = result {
            work.notice.set(Some(fill(a.export_failed, &[("why", &why)])));
        }
    };
    view! {
        <div class="reveal" data-testid="reveal">
            <p class="score" data-testid="score">
                {move || { let (c, n) = score(&marked()); fill(a.score, &[("correct", &c), ("total", &n)]) }}
            </p>
            <div class="scroll" tabindex="0" role="region" aria-label=a.reveal_region>
                <table>
                    <thead>
                        <tr>
                            <th scope="col">{a.col_item}</th>
                            <th scope="col">{a.col_prediction}</th>
                            {reveal.then(|| view! { <th scope="col">{a.col_actual}</th><th scope="col">{a.col_difference}</th> })}
                            <th scope="col">{a.col_result}</th>
                            {reveal.then(|| view! { <th scope="col">{a.col_see}</th> })}
                        </tr>
                    </thead>
                    <tbody>
                        {move || marked().into_iter().map(|m| view! { <RevealRow lab a m reveal /> }).collect_view()}
                    </tbody>
                </table>
            </div>
            <p class="export">
                <button type="button" data-testid="export-json" on:click=move |_| export(false)>{a.export_json}</button>
                " "
                <button type="button" data-testid="export-csv" on:click=move |_| export(true)>{a.export_csv}</button>
            </p>
        </div>
    }
}

#[component]
fn RevealRow(lab: Lab, a: &'static AssignmentMessages, m: Marked, reveal: bool) -> impl IntoView {
    let t = lab.t;
    let result = match (&m.read, m.correct, m.difference) {
        (Err(e), _, _) => fill(a.result_invalid, &[("why", &e.text(t, a))]),
        (Ok(_), true, _) => a.result_correct.to_string(),
        (Ok(_), false, Some(d)) if reveal => fill(a.result_off_by, &[("n", &d.unsigned_abs())]),
        (Ok(_), false, _) => a.result_wrong.to_string(),
    };
    let links = (reveal && !m.correct).then(|| explaining_rows(lab, a, &m.item.id));
    let testid = format!("reveal-{}", m.item.id.replace([' ', '.'], "-"));
    view! {
        <tr data-testid=testid class:wrong=!m.correct>
            <th scope="row">{m.item.label_in(t, a)}</th>
            <td data-label=a.col_prediction>{if m.typed.trim().is_empty() { t.not_yet.to_string() } else { m.typed.clone() }}</td>
            {reveal.then(|| view! {
                <td data-label=a.col_actual>{match &m.item.answer { Answer::Word(v) => t.verdict(*v).to_string(), n => n.to_string() }}</td>
                <td data-label=a.col_difference>{m.difference.map(|d| format!("{d:+}")).unwrap_or_default()}</td>
            })}
            <td data-label=a.col_result>{result}</td>
            {reveal.then(|| view! { <td class="links" data-label=a.col_see>{links.unwrap_or_default().into_iter().map(|(href, text)| view! { <a href=href>{text}</a> " " }).collect_view()}</td> })}
        </tr>
    }
}

/// Links to what explains an item: the trace rows that make up a count, or a matrix row.
fn explaining_rows(lab: Lab, a: &AssignmentMessages, id: &str) -> Vec<(String, String)> {
    let t = lab.t;
    if let Some(rest) = id.strip_prefix("matrix.") {
        let name = rest.rsplit_once('.').map_or(rest, |(n, _)| n);
        let shown =
            crate::formats::tables::row_of_name(name).map_or_else(|| t.part_none.to_string(), |d| t.down(d));
        return vec![(
            format!("#matrix-row-{}", name.replace(' ', "-")),
            fill(a.see_matrix_row, &[("name", &shown)]),
        )];
    }
    let recording = lab.recording_of(Run::Given, &crate::playback::Edits::starting(lab.down.get_untracked()));
    let wanted = |op: Op| match id {
        "reads" => op == Op::Read,
        "writes" | "revision" => op != Op::Read,
        _ => true,
    };
    if id == "rounds" || id == "components" {
        return vec![("#trace-title".to_string(), a.see_trace.to_string())];
    }
    let rows = recording.steps.iter().enumerate().filter(|(_, s)| wanted(s.op));
    // A long run's count is made of thousands of rows: the first few are linked, the rest named.
    let mut links: Vec<(String, String)> = rows
        .clone()
        .take(MOST_LINKS)
        .map(|(i, s)| {
            let text = if s.op == Op::Read {
                fill(a.see_read_step, &[("n", &(i + 1)), ("items", &t.items(s.items))])
            } else {
                fill(a.see_step, &[("n", &(i + 1))])
            };
            (format!("#step-{}", i + 1), text)
        })
        .collect();
    let more = rows.count().saturating_sub(MOST_LINKS);
    if more > 0 {
        links.push(("#trace-title".to_string(), fill(a.see_more, &[("n", &more)])));
    }
    links
}

/// Most trace rows one wrong answer links to.
const MOST_LINKS: usize = 20;
