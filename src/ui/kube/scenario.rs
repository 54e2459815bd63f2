//! The cluster's replicas and faults (issue 31): etcd's members, the replicas of
//! kube-apiserver, kube-scheduler and kube-controller-manager, and faults one a line as
//! `cplab kube apply --down` takes them, and the seconds of an etcd snapshot and the restore
//! from it (`--snapshot`, `--restore`); run on demand. Every field keeps what was typed; a bad
//! value is named beside its field (the CLI's words, `playback::kube_setup`), and the run shown
//! stays. The same run's command line is shown, so the page's seconds can be checked against
//! the CLI's.

use super::Kube;
use crate::kube::scenario::Replicated;
use crate::messages::{fill, KubeHaMessages};
use crate::playback::kube_setup::{Field, FieldProblem, SetupFields, LINK_PARAM};
use crate::teaching::setup_link::{from_link, to_link};
use leptos::prelude::*;

/// The fields a link's `ha=` carries, and what went wrong reading them.
pub fn shared_fields(h: &KubeHaMessages) -> (SetupFields, Option<String>) {
    match super::super::browser::query(LINK_PARAM).map(|code| from_link(&code)) {
        Some(Ok(fields)) => (fields, None),
        Some(Err(why)) => (SetupFields::default(), Some(fill(h.setup_link_bad, &[("why", &why)]))),
        None => (SetupFields::default(), None),
    }
}

/// The share link's parameter for the fields as typed (none for the defaults): `&ha=...`.
pub fn link_param(kube: Kube) -> String {
    kube.draft.with(to_link).map(|code| format!("&{LINK_PARAM}={code}")).unwrap_or_default()
}

/// A field's name in a problem.
fn field_name(h: &KubeHaMessages, field: Field) -> String {
    match field {
        Field::Etcd => h.setup_etcd.to_string(),
        Field::Replicas(part) => fill(h.setup_replicas, &[("part", &part.name())]),
        Field::Fault(0) => h.setup_faults_field.to_string(),
        Field::Fault(line) => fill(h.setup_fault_line, &[("line", &line)]),
        Field::Snapshot => h.setup_snapshot.to_string(),
        Field::Restore => h.setup_restore.to_string(),
        Field::Cluster => h.setup_cluster.to_string(),
    }
}

/// The problems of the fields last run, each named.
fn problems(kube: Kube) -> Vec<FieldProblem> {
    kube.read(|s| s.setup_problems().to_vec())
}

/// Whether a field of `matches` has a problem (for `aria-invalid`).
fn invalid(kube: Kube, matches: impl Fn(Field) -> bool) -> &'static str {
    if problems(kube).iter().any(|p| matches(p.field)) {
        "true"
    } else {
        "false"
    }
}

/// One number field (members, replicas, or the snapshot's and restore's seconds), bound to its
/// place in the draft.
fn number_field(
    kube: Kube,
    draft: RwSignal<SetupFields>,
    id: &'static str,
    label: String,
    field: Field,
) -> impl IntoView {
    fn place(f: &mut SetupFields, field: Field) -> &mut String {
        match field {
            Field::Replicas(part) => &mut f.replicas[part as usize],
            Field::Snapshot => &mut f.snapshot,
            Field::Restore => &mut f.restore,
            _ => &mut f.etcd,
        }
    }
    let get = move |f: &SetupFields| match field {
        Field::Replicas(part) => f.replicas[part as usize].clone(),
        Field::Snapshot => f.snapshot.clone(),
        Field::Restore => f.restore.clone(),
        _ => f.etcd.clone(),
    };
    let seconds = matches!(field, Field::Snapshot | Field::Restore);
    let (mode, size) = if seconds { ("decimal", "4") } else { ("numeric", "2") };
    let set = move |value: String| draft.update(|f| *place(f, field) = value);
    view! {
        <label class="num" for=id>{label}
            <input id=id type="text" inputmode=mode size=size data-testid=id
                aria-invalid=move || invalid(kube, |f| f == field)
                prop:value=move || draft.with(get) on:input=move |ev| set(event_target_value(&ev)) />
        </label>
    }
}

/// The panel.
#[component]
pub fn Setup(kube: Kube) -> impl IntoView {
    let draft = kube.draft;
    let h = kube.ha;
    let run = move |_| {
        let fields = draft.get_untracked();
        kube.act_run(move |s| s.set_fields(fields.clone()));
    };
    let default = move |_| {
        draft.set(SetupFields::default());
        kube.act_run(|s| s.set_fields(SetupFields::default()));
    };
    let said = move || {
        let each = problems(kube).into_iter().map(|p| {
            let text = fill(h.setup_problem, &[("field", &field_name(h, p.field)), ("why", &p.why)]);
            view! { <li>{text}</li> }
        });
        each.collect_view()
    };
    let shape = move || {
        kube.read(|s| {
            let (setup, r) = (s.setup(), &s.setup().replicas);
            let args: [(&str, &dyn std::fmt::Display); 4] = [
                ("etcd", &setup.etcd),
                ("api", &r.kube_apiserver),
                ("sched", &r.kube_scheduler),
                ("cm", &r.kube_controller_manager),
            ];
            fill(h.setup_shape, &args)
        })
    };
    let cli = move || kube.read(|s| fill(h.setup_cli, &[("flags", &s.setup().flags(s.faults()))]));
    let parts = Replicated::ALL.map(|part| {
        let id = match part {
            Replicated::KubeApiserver => "setup-kube-apiserver",
            Replicated::KubeScheduler => "setup-kube-scheduler",
            Replicated::KubeControllerManager => "setup-kube-controller-manager",
        };
        number_field(
            kube,
            draft,
            id,
            fill(h.setup_replicas, &[("part", &part.name())]),
            Field::Replicas(part),
        )
    });
    let faults_invalid = move || invalid(kube, |f| matches!(f, Field::Fault(_) | Field::Cluster));
    view! {
        <section class="k-setup" aria-labelledby="setup-title" data-testid="setup">
            <h2 id="setup-title">{h.setup_title}</h2>
            <p class="hint">{h.setup_hint}</p>
            <div class="nums">
                {number_field(kube, draft, "setup-etcd", h.setup_etcd.to_string(), Field::Etcd)}
                {parts.into_iter().collect_view()}
                {number_field(kube, draft, "setup-snapshot", h.setup_snapshot.to_string(), Field::Snapshot)}
                {number_field(kube, draft, "setup-restore", h.setup_restore.to_string(), Field::Restore)}
            </div>
            <label class="field" for="setup-faults">{h.setup_faults}</label>
            <textarea id="setup-faults" data-testid="setup-faults" rows="3" spellcheck="false"
                aria-invalid=faults_invalid
                prop:value=move || draft.with(|f| f.faults.clone())
                on:input=move |ev| draft.update(|f| f.faults = event_target_value(&ev))></textarea>
            <div class="manifest-actions">
                <button type="button" data-testid="setup-run" on:click=run>{h.setup_run}</button>
                <button type="button" data-testid="setup-default" on:click=default>{h.setup_default}</button>
            </div>
            <div class="problems" role="status" data-testid="setup-problems"><ul class="error">{said}</ul></div>
            <p class="shape" data-testid="setup-shape">{shape}</p>
            <p class="cli" data-testid="setup-cli"><code>{cli}</code></p>
        </section>
    }
}
