//! The parts of the kube page its first step does not need: the timeline, the restore panel,
//! the cluster's fields, the manifest editor and the audit log. They are drawn through one
//! split function, so the build cuts them and all they alone use into a module of their own
//! (`split_kube_later.wasm`, scripts/split), which the page asks for once it is idle after its
//! own module has started (`browser::idle`); the first step waits for none of it (docs/size.md,
//! "Pages in two modules"). Leptos' `#[lazy]` is the same split, with a failed load a panic;
//! here a module that does not arrive is said, and the rest of the page goes on.

use super::{audit, manifest, restore, scenario, timeline, Kube};
use leptos::prelude::*;
#[cfg(feature = "split")]
use leptos::wasm_split::wasm_split;
use leptos::wasm_split::SplitLoaderError;

/// One part of the page drawn once its module is in.
pub enum Later {
    /// Beside the cluster: the run's timeline.
    Timeline,
    /// Beside the pods: restoring etcd from a snapshot.
    Restore,
    /// Below the tables: the cluster's fields, the manifest (its text) and the audit log.
    Panels(String),
}

/// The split module did not arrive (the network, or a server without the file).
pub struct Missing;

impl From<SplitLoaderError> for Missing {
    fn from(_: SplitLoaderError) -> Missing {
        Missing
    }
}

/// `which`, drawn: the one way into the split module (its name gives the module's file name).
/// Only the page's own build splits (the `split` feature); the reader's build, which has the
/// page's code but never draws it, and the tests call it directly.
#[cfg(feature = "split")]
#[wasm_split(kube_later, wasm_split_path = ::leptos::wasm_split, fallible)]
fn drawn(kube: Kube, which: Later) -> Result<AnyView, Missing> {
    Ok(draw(kube, which))
}

#[cfg(not(feature = "split"))]
async fn drawn(kube: Kube, which: Later) -> Result<AnyView, Missing> {
    Ok(draw(kube, which))
}

fn draw(kube: Kube, which: Later) -> AnyView {
    match which {
        Later::Timeline => view! { <timeline::Timeline kube /> }.into_any(),
        Later::Restore => view! { <restore::Restore kube /> }.into_any(),
        Later::Panels(text) => view! {
            <scenario::Setup kube />
            <manifest::Manifest kube text />
            <audit::AuditLog kube />
        }
        .into_any(),
    }
}

/// `which` where it belongs: nothing until its module is in, then the part. If the module never
/// comes, one line says so, where the manifest and the log would stand (the parts share one
/// module, so one line covers them all).
pub fn later(kube: Kube, which: Later) -> impl IntoView {
    let says = matches!(which, Later::Panels(_));
    Suspend::new(async move {
        #[cfg(feature = "split")]
        crate::ui::browser::idle(crate::ui::browser::LATER_WAIT_MS).await;
        match drawn(kube, which).await {
            Ok(view) => Some(view),
            Err(Missing) => says.then(|| {
                view! { <p class="notice" role="status" data-testid="later-missing">{kube.k.later_missing}</p> }
                    .into_any()
            }),
        }
    })
}
