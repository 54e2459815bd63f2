//! The cluster's diagram: the control plane (kube-apiserver in front of etcd; kube-scheduler and
//! kube-controller-manager linked to kube-apiserver only, as they reach etcd only through it)
//! and the worker nodes, each with its kubelet, runtime and kube-proxy and the pods actually
//! running there. The part acting at the cursor is lit; etcd flashes each key it writes; every
//! part but kubectl is a button that takes it down from the cursor's time. Then the six steps
//! of `kubectl apply`, each marked as it begins.

use super::Kube;
use crate::kube::scenario::{Part, Scenario};
use crate::messages::fill;
use crate::playback::kube::NodeAt;
use crate::playback::kube_state::FILE;
use leptos::prelude::*;

/// Whether `name` is down at the cursor, whether it acts, and whether it is pressed down (down
/// now, or from the next step).
fn state_of(kube: Kube, name: &str) -> (bool, bool, bool) {
    let pressed = kube.read(|s| s.pressed(name));
    kube.frame().map_or((false, false, pressed), |f| {
        (f.down.iter().any(|d| d == name), f.lit.as_deref() == Some(name), pressed)
    })
}

/// A part's box: its name, its state, what pressing does; the box of etcd also its revision and
/// the key it writes. `part` none: kubectl, which is not the cluster's to take down.
#[component]
fn PartBox(kube: Kube, name: String, part: Option<Part>, area: &'static str) -> impl IntoView {
    let k = kube.k;
    // Kept in the arena, so every closure below reads it (a closure holding a String is not Copy).
    let key = StoredValue::new(name.clone());
    let state = move || key.with_value(|key| state_of(kube, key));
    let class = move || {
        let (down, acting, _) = state();
        format!(
            "part k-part {area}{}{}",
            if down { " down" } else { "" },
            if acting { " acting" } else { "" }
        )
    };
    let said = move || match state() {
        (true, _, _) => k.part_down,
        (false, _, true) => k.part_down_next,
        (_, true, _) => k.part_acting,
        _ => k.part_up,
    };
    let testid = format!("kpart-{}", name.replace('/', "-"));
    let etcd = name == "etcd";
    let inner = view! {
        <span class="name">{name_parts(&name)}</span>
        <span class="state">{move || said()}</span>
        {etcd.then(|| view! { <EtcdLine kube /> })}
    };
    match part {
        Some(part) => view! {
            <button class=class data-testid=testid aria-pressed=move || if state().2 { "true" } else { "false" }
                disabled=move || kube.frame().is_none() || kube.read(|s| s.log().is_some()) on:click=move |_| kube.press(part.clone())>
                {inner}
                <span class="action">{move || match state().2 {
                    _ if kube.read(|s| s.log().is_some()) => "", // a log's parts are not pressed
                    true => k.part_bring_back,
                    false => k.part_take_down,
                }}</span>
            </button>
        }
        .into_any(),
        None => view! { <div class=class data-testid=testid>{inner}</div> }.into_any(),
    }
}

/// A part's name for a narrow box: a node's part (`kubelet/node-1`) may break after its `/`,
/// and never inside the node's name (on a phone it read `kubelet/node-` above `1`).
fn name_parts(name: &str) -> impl IntoView {
    let (part, node) = match name.split_once('/') {
        Some((part, node)) => (format!("{part}/"), Some(node.to_string())),
        None => (name.to_string(), None),
    };
    view! { {part}{node.map(|node| view! { <wbr /><span class="nobreak">{node}</span> })} }
}

/// etcd's revision, and the key the step at the cursor wrote, flashing (two identical
/// animations alternate by step, so each write flashes afresh).
#[component]
fn EtcdLine(kube: Kube) -> impl IntoView {
    let k = kube.k;
    let frame = move || kube.frame();
    let revision = move || frame().map(|f| fill(k.revision, &[("n", &f.revision)])).unwrap_or_default();
    let wrote = move || frame().and_then(|f| f.written.clone()).map(|key| fill(k.wrote, &[("key", &key)]));
    let class = move || match frame() {
        Some(f) if f.written.is_some() => {
            if f.cursor % 2 == 0 {
                "doing wrote a"
            } else {
                "doing wrote b"
            }
        }
        _ => "doing",
    };
    view! {
        <span class="revision-line">{revision}</span>
        <span class=class data-testid="etcd-wrote">{move || wrote().unwrap_or_default()}</span>
    }
}

/// The line from a part to kube-apiserver (or from kube-apiserver to etcd), lit while the step
/// travels it.
#[component]
fn Link(kube: Kube, from: &'static [&'static str], area: &'static str) -> impl IntoView {
    let class = move || {
        let lit = kube.frame().and_then(|f| f.lit.clone());
        let on = lit.is_some_and(|l| from.contains(&l.as_str()));
        format!("link {area}{}", if on { " on" } else { "" })
    };
    view! { <span class=class aria-hidden="true"></span> }
}

/// The diagram.
#[component]
pub fn Cluster(kube: Kube) -> impl IntoView {
    let k = kube.k;
    let nodes = move || kube.frame().map(|f| f.nodes.clone()).unwrap_or_default();
    // The default cluster's nodes, whatever the manifest (a refused one has no run to ask).
    let names: Vec<String> = Scenario::for_file(FILE, "").nodes.into_iter().map(|n| n.name).collect();
    view! {
        <section class="diagram cluster" aria-labelledby="cluster-title" data-testid="cluster">
            <h2 id="cluster-title">{k.diagram_title}</h2>
            <p class="hint">{k.diagram_hint}</p>
            <div class="k-plane" role="group" aria-label=k.control_plane data-testid="control-plane">
                <PartBox kube name="kubectl".into() part=None area="a-kubectl" />
                <Link kube from=&["kubectl"] area="l-kubectl" />
                <PartBox kube name="kube-apiserver".into() part=Some(Part::KubeApiserver) area="a-api" />
                <Link kube from=&["etcd", "kube-apiserver"] area="l-etcd" />
                <PartBox kube name="etcd".into() part=Some(Part::Etcd) area="a-etcd" />
                <Link kube from=&["kube-scheduler"] area="l-sched" />
                <PartBox kube name="kube-scheduler".into() part=Some(Part::KubeScheduler) area="a-sched" />
                <Link kube from=&["kube-controller-manager"] area="l-cm" />
                <PartBox kube name="kube-controller-manager".into() part=Some(Part::KubeControllerManager) area="a-cm" />
            </div>
            <ul class="k-nodes" aria-label=k.workers data-testid="workers">
                {names.into_iter().enumerate().map(|(i, name)| view! {
                    <Node kube name at=move || nodes().get(i).cloned() />
                }).collect_view()}
            </ul>
        </section>
    }
}

/// One worker node: its three parts and the pods running on it.
#[component]
fn Node(
    kube: Kube,
    name: String,
    at: impl Fn() -> Option<NodeAt> + Send + Sync + Copy + 'static,
) -> impl IntoView {
    let k = kube.k;
    let n = name.clone();
    let part = move |p: fn(String) -> Part, label: &str| {
        let part = p(n.clone());
        view! { <PartBox kube name=format!("{label}/{n}") part=Some(part) area="a-node" /> }
    };
    let pods = move || {
        let at = at()?;
        let (drawn, more) = at.drawn();
        let items = drawn
            .iter()
            .map(|(pod, running)| {
                let (class, said) = if *running { ("pod running", k.pod_running) } else { ("pod starting", k.pod_starting) };
                view! { <li class=class data-testid="pod">{pod.clone()} " " <span class="pod-state">{said}</span></li> }
            })
            .collect_view();
        Some(view! {
            {items}
            {(more > 0).then(|| view! { <li class="more">{format!("+{more}")}</li> })}
            {at.pods.is_empty().then(|| view! { <li class="empty">{k.no_pods}</li> })}
        })
    };
    view! {
        <li class="k-node" data-testid=format!("node-{name}")>
            <h3>{name.clone()}</h3>
            <div class="k-node-parts">
                {part(Part::Kubelet, "kubelet")}
                {part(Part::Runtime, "runtime")}
                {part(Part::KubeProxy, "kube-proxy")}
            </div>
            <ul class="pods">{pods}</ul>
        </li>
    }
}

/// The six steps of `kubectl apply`, each marked as it begins, the one the cursor is in named.
#[component]
pub fn Stages(kube: Kube) -> impl IntoView {
    let k = kube.k;
    let texts = [k.stage_1, k.stage_2, k.stage_3, k.stage_4, k.stage_5, k.stage_6];
    let state = move |i: usize| {
        let frame = kube.frame();
        let begun = frame.as_ref().is_some_and(|f| f.stages_begun[i]);
        let now = frame.as_ref().is_some_and(|f| f.stage as usize == i + 1);
        if now {
            ("now", k.stage_now)
        } else if begun {
            ("begun", k.stage_begun)
        } else {
            ("waiting", k.stage_waiting)
        }
    };
    view! {
        <section class="stages" aria-labelledby="stages-title" data-testid="stages">
            <h2 id="stages-title">{k.stages_title}</h2>
            <ol>
                {texts.into_iter().enumerate().map(|(i, text)| view! {
                    <li class=move || format!("step-item {}", state(i).0) data-testid=format!("stage-{}", i + 1) data-state=move || state(i).0>
                        {text} " " <span class="stage-state">{move || state(i).1}</span>
                    </li>
                }).collect_view()}
            </ol>
        </section>
    }
}
