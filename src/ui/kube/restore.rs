//! An etcd snapshot and the restore from it (issue 31, `--snapshot S --restore S`): before the
//! restore is shown, when it comes; from it on, every etcd write it took away (revision, time,
//! key, whose request), what etcd held against what ran at that moment and the kubelets'
//! cleanup. Under the pods table, the pods that run on a node while etcd holds no such pod for
//! it. Every fact is `playback::kube_restore`'s (the lost writes derived once per run) or the
//! model's `RestoreFacts`.

use super::Kube;
use crate::kube::blast::seconds;
use crate::messages::fill;
use crate::playback::kube::drawn;
use crate::playback::kube_restore::{restored, unbelieved, Restored};
use leptos::prelude::*;

/// The lost writes as a table's rows ([`drawn`]'s first ones; the rest counted).
fn lost_rows(kube: Kube, r: &Restored) -> impl IntoView {
    let range = drawn(r.lost.len(), false);
    let more = r.lost.len() - range.len();
    let rows = r.lost[range]
        .iter()
        .map(|w| {
            let cells = [w.revision.to_string(), seconds(w.at_ms), w.verb.to_string(), w.key.clone(), w.by.clone()];
            view! { <tr data-testid="lost-write">{cells.into_iter().map(|c| view! { <td>{c}</td> }).collect_view()}</tr> }
        })
        .collect_view();
    view! {
        <div class="scroll" tabindex="0">
            <table>
                {super::super::helpers::column_heads(kube.ha.restore_heads.split('|').collect())}
                <tbody>{rows}</tbody>
            </table>
        </div>
        {(more > 0).then(|| view! { <p class="hint">{fill(kube.k.rows_more, &[("n", &more)])}</p> })}
    }
}

/// What etcd held against what ran at the restore, and the kubelets' cleanup (the model's facts).
fn reconciled(kube: Kube) -> Option<String> {
    let h = kube.ha;
    let facts = kube.recording()?.run.restore.clone()?;
    let (believed, running) = (facts.believed_pods, facts.running_pods);
    let Some(at) = facts.reconciled_ms else {
        return Some(fill(h.restore_nothing_killed, &[("believed", &believed), ("running", &running)]));
    };
    let args: [(&str, &dyn std::fmt::Display); 5] = [
        ("believed", &believed),
        ("running", &running),
        ("killed", &facts.orphans.len()),
        ("pods", &facts.orphans.join(", ")),
        ("after", &seconds(at.saturating_sub(facts.restore_ms))),
    ];
    Some(fill(h.restore_reconciled, &args))
}

/// The restore's panel, drawn when the run shown restored (again only for a new run: the
/// cursor moves only which part shows).
#[component]
pub fn Restore(kube: Kube) -> impl IntoView {
    let h = kube.ha;
    let runs = Memo::new(move |_| kube.read(|s| s.runs()));
    let body = move || {
        let _ = runs.get();
        let r = untrack(|| kube.recording().and_then(|rec| restored(&rec.run)))?;
        let step = r.restore_step;
        let shown = move || kube.read(|s| s.cursor()) >= step;
        let args: [(&str, &dyn std::fmt::Display); 4] = [
            ("snapshot", &seconds(r.snapshot_ms)),
            ("revision", &r.snapshot_revision),
            ("restore", &seconds(r.restore_ms)),
            ("step", &step),
        ];
        let before = fill(h.restore_before, &args);
        let args: [(&str, &dyn std::fmt::Display); 5] = [
            ("restore", &seconds(r.restore_ms)),
            ("snapshot", &seconds(r.snapshot_ms)),
            ("before", &r.revision_before),
            ("revision", &r.snapshot_revision),
            ("n", &r.lost.len()),
        ];
        let done = fill(h.restore_done, &args);
        let after = untrack(|| reconciled(kube));
        let rows = lost_rows(kube, &r);
        Some(view! {
            <section class="k-table restore" aria-labelledby="restore-title" data-testid="restore">
                <h2 id="restore-title">{h.restore_title}</h2>
                <p class="hint" data-testid="restore-before" hidden=shown>{before}</p>
                <div data-testid="restore-done" hidden=move || !shown()>
                    <p>{done}</p>
                    {rows}
                    <p data-testid="restore-reconciled">{after}</p>
                </div>
            </section>
        })
    };
    view! { {body} }
}

/// Under the pods table: what runs on a node that etcd does not hold for it, at the cursor.
pub fn unbelieved_line(kube: Kube) -> impl IntoView {
    let h = kube.ha;
    move || {
        let frame = kube.frame()?;
        let pods = unbelieved(&frame);
        if pods.is_empty() {
            return None;
        }
        let each: Vec<String> =
            pods.iter().map(|(pod, node)| fill(h.unbelieved_pod, &[("pod", pod), ("node", node)])).collect();
        let text = fill(h.unbelieved, &[("pods", &each.join(", "))]);
        Some(view! { <p class="unbelieved" data-testid="unbelieved">{text}</p> })
    }
}
