//! The overview's quiz stops on the page (issue 31): `?kube=1&stop=etcd-writer` (`&run=N` for
//! a stop's N-th run) sets the page up with the stop's run (`playback::kube_stops`), puts the
//! cursor at its moment once the run is recorded, and says where to look. Opened sealed
//! (`&sealed=1`, the link an assignment gives: `formats::choice::stop_link`) it says no more;
//! else it also says what the moment shows, from the run's own facts. The seal holds on every
//! link the box gives (the stop's other runs, the other stops).

use super::Kube;
use crate::kube::blast::seconds;
use crate::messages::{fill, KubeStopMessages, EN_KUBE_STOP};
use crate::playback::kube_setup::SetupFields;
use crate::playback::kube_state::KubeState;
use crate::playback::kube_stops::{stop, stops, Moment, Seen, Stop, StopRun};
use leptos::prelude::*;
use std::rc::Rc;

/// A stop a link opens: which, which of its runs, and whether sealed.
#[derive(Clone)]
pub struct Opened {
    stop: Stop,
    run: usize,
    sealed: bool,
}

impl Opened {
    fn run(&self) -> &StopRun {
        &self.stop.runs[self.run]
    }
}

/// The stop the address opens, with the manifest and fields it runs (else `text` and `fields`
/// as they came), and what was wrong with the address's stop.
pub fn open(text: String, fields: SetupFields) -> (Option<Opened>, String, SetupFields, Option<String>) {
    let query = super::super::browser::query;
    let Some(id) = query("stop") else { return (None, text, fields, None) };
    let Some(stop) = stop(&id) else {
        let names: Vec<&str> = stops().iter().map(|s| s.id).collect();
        let why = fill(EN_KUBE_STOP.unknown, &[("found", &format!("{id:?}")), ("stops", &names.join(", "))]);
        return (None, text, fields, Some(why));
    };
    // `run` counts from 1, as the links write it; a run the stop lacks opens its first.
    let run =
        query("run").and_then(|n| n.parse::<usize>().ok()).filter(|n| (1..=stop.runs.len()).contains(n));
    let sealed = query("sealed").is_some_and(|v| v != "0");
    let opened = Opened { stop, run: run.map_or(0, |n| n - 1), sealed };
    let (text, fields) = (opened.run().manifest(), opened.run().fields());
    (Some(opened), text, fields, None)
}

/// The link to `id`'s `run`-th run (from 1), sealed if `sealed`.
fn href(id: &str, run: usize, sealed: bool) -> String {
    let run = if run > 1 { format!("&run={run}") } else { String::new() };
    format!("?kube=1&stop={id}{run}{}", if sealed { "&sealed=1" } else { "" })
}

fn title(s: &'static KubeStopMessages, id: &str) -> &'static str {
    match id {
        "etcd-writer" => s.title_etcd_writer,
        "kube-proxy" => s.title_kube_proxy,
        _ => s.title_etcd_sizes,
    }
}

fn look(s: &'static KubeStopMessages, id: &str, run: &StopRun) -> String {
    match id {
        "etcd-writer" => s.look_etcd_writer.to_string(),
        "kube-proxy" => s.look_kube_proxy.to_string(),
        _ => {
            let at = format!("{}s", crate::playback::kube_stops::MEMBERS_DOWN_AT);
            fill(s.look_etcd_sizes, &[("members", &run.members), ("down", &run.down), ("at", &at)])
        }
    }
}

/// Counts as `template` says each (`kube-apiserver 17`), joined.
fn each(template: &str, name: &'static str, counts: &[(String, usize)]) -> String {
    let one = |(what, n): &(String, usize)| fill(template, &[(name, what), ("n", n)]);
    counts.iter().map(one).collect::<Vec<_>>().join(", ")
}

/// What the moment shows, in words.
fn seen(s: &'static KubeStopMessages, m: &Moment) -> String {
    let at = seconds(m.at_ms);
    match &m.seen {
        Seen::Write { key, writer, writers } => {
            let writers = each(s.writer_writes, "writer", writers);
            fill(s.seen_write, &[("key", key), ("writer", writer), ("writers", &writers)])
        }
        Seen::Rules { proxy, rules, verbs } => {
            let verbs = each(s.verb_steps, "verb", verbs);
            fill(s.seen_rules, &[("proxy", proxy), ("rules", rules), ("verbs", &verbs)])
        }
        Seen::Writes { members, quorum, leader: Some(leader), .. } => {
            let args: [(&str, &dyn std::fmt::Display); 4] =
                [("at", &at), ("leader", leader), ("quorum", quorum), ("members", members)];
            fill(s.seen_resumed, &args)
        }
        Seen::Writes { members, quorum, leader: None, .. } => {
            fill(s.seen_stopped, &[("at", &at), ("quorum", quorum), ("members", members)])
        }
    }
}

/// The stop's box, when the address opens one.
#[component]
pub fn StopBox(kube: Kube, stop: Option<Opened>) -> impl IntoView {
    let Some(o) = stop else { return ().into_any() };
    let s = &EN_KUBE_STOP;
    let moment: RwSignal<Option<Rc<Moment>>, LocalStorage> = RwSignal::new_local(None);
    let (run, fields) = (o.run().clone(), o.run().fields());
    // The moment, found once the stop's run is recorded (at once, or once the page's reader has
    // read its manifest), and the cursor put there that once.
    Effect::new(move || {
        let Some(recording) = kube.recording() else { return };
        if moment.with_untracked(Option::is_some) || kube.read(|st| *st.fields() != fields) {
            return;
        }
        if let Some(m) = run.moment(&recording) {
            kube.act(|st| st.go_to(m.cursor));
            moment.set(Some(Rc::new(m)));
        }
    });
    let id = o.stop.id;
    let runs = (o.stop.runs.len() > 1).then(|| {
        let links = o.stop.runs.iter().enumerate().map(|(i, r)| {
            let label = fill(s.run_label, &[("members", &r.members), ("down", &r.down)]);
            let current = (i == o.run).then_some("page");
            view! { <li><a href=href(id, i + 1, o.sealed) aria-current=current>{label}</a></li> }
        });
        view! { <ul class="stop-runs">{links.collect_view()}</ul> }
    });
    let total = move || kube.read(KubeState::len);
    let at = move || {
        let m = moment.get()?;
        Some(fill(s.moment, &[("step", &m.cursor), ("total", &total()), ("at", &seconds(m.at_ms))]))
    };
    let back = move |_| {
        if let Some(m) = moment.get_untracked() {
            kube.act(|st| st.go_to(m.cursor));
        }
    };
    let said = if o.sealed {
        view! { <p class="hint" data-testid="stop-sealed">{s.sealed}</p> }.into_any()
    } else {
        view! { <p data-testid="stop-seen">{move || moment.get().map(|m| seen(s, &m))}</p> }.into_any()
    };
    let others = stops().into_iter().filter(|other| other.id != id).map(|other| {
        view! { " " <a href=href(other.id, 1, o.sealed)>{title(s, other.id)}</a> }
    });
    view! {
        <section class="k-stop" aria-labelledby="stop-title" data-testid="stop">
            <h2 id="stop-title">{fill(s.title, &[("title", &title(s, id))])}</h2>
            <p data-testid="stop-look">{look(s, id, o.run())}</p>
            {runs}
            <p><span data-testid="stop-moment">{at}</span> " "
                <button type="button" data-testid="stop-back" on:click=back>{s.back}</button></p>
            {said}
            <p>{s.others}{others.collect_view()}</p>
        </section>
    }
    .into_any()
}
