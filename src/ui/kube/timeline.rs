//! The timeline (issue 31): on the run's clock, etcd's leader and quorum, each Lease's holder
//! and the stretch it is expiring, each node's Ready condition, the cursor's time drawn across
//! them; then the moments ("writes stopped", "new pods wait", "node NotReady", "pods evicted",
//! "replacements running"), each a button to the step that shows it, and the same moments on
//! the toolbar's scrubber. Every fact is `playback::kube_timeline`'s, derived once per run.

use super::Kube;
use crate::formats::html::Markup;
use crate::kube::blast::seconds;
use crate::messages::{fill, KubeHaMessages};
use crate::playback::kube_timeline::{timeline, EtcdState, Holder, KubeTimeline, Span};
use leptos::prelude::*;
use std::rc::Rc;

impl Kube {
    /// The timeline of the run shown (tracked), derived once per run and kept.
    pub fn timeline(&self) -> Option<Rc<KubeTimeline>> {
        let runs = self.read(|s| s.runs());
        let kept = self.lanes.with_value(|c| c.as_ref().filter(|c| c.0 == runs).map(|c| c.1.clone()));
        if kept.is_some() {
            return kept;
        }
        let recording = self.recording()?;
        let nodes: Vec<String> = recording.scenario.nodes.iter().map(|n| n.name.clone()).collect();
        let lanes = Rc::new(timeline(&recording.run, &nodes));
        self.lanes.set_value(Some((runs, lanes.clone())));
        Some(lanes)
    }

    /// The timeline's moments as scrubber marks (`controls::mark`), added to `svg`.
    pub fn moment_marks(&self, svg: &mut Markup, len: usize) {
        let Some(t) = self.timeline() else { return };
        for m in &t.marks {
            let args: [(&str, &dyn std::fmt::Display); 4] =
                [("step", &m.cursor), ("at", &seconds(m.at_ms)), ("label", &m.label), ("what", &m.what)];
            let title = fill(self.ha.moment_mark, &args);
            super::super::controls::mark(svg, "moment", "▲", &title, m.cursor, len);
        }
    }
}

/// One lane: its name, its spans in words.
struct Lane {
    name: String,
    spans: Vec<(u64, u64, String, &'static str)>,
}

fn lane<T>(name: String, spans: &[Span<T>], word: impl Fn(&T) -> (String, &'static str)) -> Lane {
    let spans = spans
        .iter()
        .map(|s| {
            let (what, class) = word(&s.value);
            (s.from_ms, s.until_ms, what, class)
        })
        .collect();
    Lane { name, spans }
}

fn etcd_word(h: &'static KubeHaMessages) -> impl Fn(&EtcdState) -> (String, &'static str) {
    move |e| {
        let leader = e.leader.clone().unwrap_or_else(|| h.no_leader.to_string());
        let quorum = if e.quorum { h.quorum } else { h.no_quorum };
        let class = match (e.quorum, e.leader.is_some()) {
            (false, _) => "bad",
            (true, false) => "wait",
            _ => "good",
        };
        (fill(h.etcd_state, &[("leader", &leader), ("quorum", &quorum)]), class)
    }
}

fn holder_word(h: &'static KubeHaMessages) -> impl Fn(&Holder) -> (String, &'static str) {
    move |holder| match holder {
        Holder::Leads(who) => (fill(h.held_by, &[("who", who)]), "good"),
        Holder::Expiring(who) => (fill(h.expiring, &[("who", who)]), "wait"),
        Holder::Free => (h.free.to_string(), "bad"),
    }
}

/// The timeline's lanes in words: etcd, each Lease, each node's Ready.
fn lanes(t: &KubeTimeline, h: &'static KubeHaMessages) -> Vec<Lane> {
    let mut out = vec![lane(h.lane_etcd.to_string(), &t.etcd, etcd_word(h))];
    for (lease, spans) in &t.leases {
        out.push(lane(fill(h.lane_lease, &[("lease", lease)]), spans, holder_word(h)));
    }
    for (node, spans) in &t.nodes {
        let ready = |r: &&'static str| (r.to_string(), if *r == "True" { "good" } else { "bad" });
        out.push(lane(fill(h.lane_ready, &[("node", node)]), spans, ready));
    }
    out
}

/// `at_ms` of `end_ms` as per mille of the bar's width.
fn per_mille(at_ms: u64, end_ms: u64) -> u64 {
    at_ms.min(end_ms) * 1000 / end_ms.max(1)
}

/// One lane drawn: the bar of its spans, the cursor's time across it, its value now, and its
/// spans in words.
fn lane_view(kube: Kube, lane: Lane, end_ms: u64) -> impl IntoView {
    let h = kube.ha;
    let rects = lane
        .spans
        .iter()
        .map(|(from, until, what, class)| {
            let x = per_mille(*from, end_ms);
            let width = per_mille(*until, end_ms).saturating_sub(x).max(1);
            let title = fill(h.span, &[("from", &seconds(*from)), ("until", &seconds(*until)), ("what", what)]);
            view! {
                <rect class=format!("seg {class}") x=x.to_string() y="0" width=width.to_string() height="10"><title>{title}</title></rect>
            }
        })
        .collect_view();
    let cursor_x = move || kube.frame().map_or(0, |f| per_mille(f.at_ms, end_ms)).to_string();
    let spans = StoredValue::new_local(lane.spans);
    let now = move || {
        let at = kube.frame().map_or(0, |f| f.at_ms);
        spans.with_value(|s| {
            let span = s.iter().find(|(from, until, _, _)| (*from..*until).contains(&at)).or(s.last());
            fill(h.lane_now, &[("what", &span.map(|s| s.2.clone()).unwrap_or_default())])
        })
    };
    let words = spans.with_value(|s| {
        let each = s.iter().map(|(from, until, what, _)| {
            fill(h.span, &[("from", &seconds(*from)), ("until", &seconds(*until)), ("what", what)])
        });
        each.collect::<Vec<_>>().join(" | ")
    });
    view! {
        <li class="lane" data-testid="lane" data-lane=lane.name.clone()>
            <span class="lane-name">{lane.name.clone()}</span>
            <span class="lane-now" data-testid="lane-now">{now}</span>
            <svg class="bar" viewBox="0 0 1000 10" preserveAspectRatio="none" aria-hidden="true">
                {rects}
                <line class="now-line" x1=cursor_x y1="0" x2=cursor_x y2="10" />
            </svg>
            <span class="lane-spans" data-testid="lane-spans">{words}</span>
        </li>
    }
}

/// The moments, each a button to its step.
fn moments_view(kube: Kube, t: &KubeTimeline) -> impl IntoView {
    let h = kube.ha;
    if t.marks.is_empty() {
        return view! { <p class="hint" data-testid="moments-none">{h.moments_none}</p> }.into_any();
    }
    let items = t
        .marks
        .iter()
        .map(|m| {
            let step = m.cursor;
            let args: [(&str, &dyn std::fmt::Display); 4] =
                [("at", &seconds(m.at_ms)), ("label", &m.label), ("what", &m.what), ("step", &step)];
            let current = move || kube.read(|s| s.cursor()) == step;
            view! {
                <li><button type="button" class="moment" data-testid="moment" data-label=m.label data-at=seconds(m.at_ms)
                    aria-pressed=move || if current() { "true" } else { "false" }
                    on:click=move |_| kube.act(|s| s.go_to(step))>{fill(h.moment, &args)}</button></li>
            }
        })
        .collect_view();
    view! { <ul class="moments">{items}</ul> }.into_any()
}

/// The timeline view.
#[component]
pub fn Timeline(kube: Kube) -> impl IntoView {
    let h = kube.ha;
    // Drawn again only for a new run: the cursor moves only the lines and the values now.
    let runs = Memo::new(move |_| kube.read(|s| s.runs()));
    let body = move || {
        let _ = runs.get();
        let t = untrack(|| kube.timeline())?;
        let off = t
            .leases
            .is_empty()
            .then(|| view! { <p class="off" data-testid="timeline-off">{h.timeline_off}</p> });
        let lanes = lanes(&t, h).into_iter().map(|l| lane_view(kube, l, t.end_ms)).collect_view();
        Some(view! {
            {off}
            <ul class="lanes">{lanes}</ul>
            <h3>{h.moments_title}</h3>
            {moments_view(kube, &t)}
        })
    };
    view! {
        <section class="timeline" aria-labelledby="timeline-title" data-testid="timeline">
            <h2 id="timeline-title">{h.timeline_title}</h2>
            <p class="hint">{h.timeline_hint}</p>
            {body}
        </section>
    }
}
