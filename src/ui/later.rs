//! The lab's parts an assignment page's first prediction does not need: the diagram, the trace,
//! the panels below the assignment (the store, the world, the matrix, the chart, the glossary,
//! the share link, the reviewer's place), what Run does (the checks, the lock, another attempt:
//! `assignment_acts.rs`) and, after the lock, the reveal. In the assignment page's build (the
//! `split` feature) they are reached through two split functions of one module, so the build cuts
//! them and all they alone use into a module of their own (`split_lab_later.wasm`,
//! scripts/split), asked for as the page mounts; the student can read the
//! assignment and type predictions before it is in (docs/size.md, "Pages in two modules"). Every
//! other build draws and acts at once, exactly as before.

use super::share_link::{Predictions, ShareLink};
#[cfg(feature = "assignments")]
use super::{
    assignment_acts::Act,
    assignment_panel::{Loaded, Panel},
    lms::Lms,
    reveal::Reveal,
    work::Work,
};
use super::{
    believed_actual::BelievedActual, load_chart::LoadChart, review_place, world_view::WorldView, Diagram,
    FailureMatrix, Glossary, Lab, StoreView, TraceTable,
};
use crate::messages::Messages;
use leptos::prelude::*;

/// The assignment as the panel keeps it.
#[cfg(feature = "assignments")]
type Kept = StoredValue<std::rc::Rc<Loaded>, LocalStorage>;

/// The diagram, where it stands.
pub fn diagram(lab: Lab) -> impl IntoView {
    #[cfg(not(all(feature = "split", feature = "assignments")))]
    return view! { <Diagram lab /> };
    #[cfg(all(feature = "split", feature = "assignments"))]
    drawn_later(lab, Later::Diagram)
}

/// The trace table, where it stands.
pub fn trace(lab: Lab) -> impl IntoView {
    #[cfg(not(all(feature = "split", feature = "assignments")))]
    return view! { <TraceTable lab /> };
    #[cfg(all(feature = "split", feature = "assignments"))]
    drawn_later(lab, Later::Trace)
}

/// The panels below the assignment, where they stand.
pub fn panels(lab: Lab, t: &'static Messages, predictions: Predictions) -> impl IntoView {
    #[cfg(not(all(feature = "split", feature = "assignments")))]
    return panels_now(lab, t, predictions);
    #[cfg(all(feature = "split", feature = "assignments"))]
    drawn_later(lab, Later::Panels(t, predictions))
}

/// The reveal, once the predictions are locked (the module is in by then: the lock came with it).
#[cfg(feature = "assignments")]
pub fn reveal(lab: Lab, loaded: Kept, work: Work, lms: Option<Lms>) -> impl IntoView {
    #[cfg(not(feature = "split"))]
    return view! { <Reveal lab loaded work lms /> };
    #[cfg(feature = "split")]
    drawn_later(lab, Later::Reveal(loaded, work, lms))
}

/// What a button of the assignment panel asks (Run, the lock, another attempt): done in the later
/// module, which the page asked for as it started, so a click before it is in waits for it; if it
/// never comes, the panel says so where Run's own refusals stand, and nothing typed is lost.
#[cfg(feature = "assignments")]
pub fn act(panel: Panel, act: Act) {
    #[cfg(not(feature = "split"))]
    panel.act(act);
    #[cfg(feature = "split")]
    leptos::task::spawn_local(async move {
        if split::acted(panel, act).await.is_err() {
            panel.work.blocked.set(Some(panel.work.a.lock_missing.to_string()));
        }
    });
}

/// The panels themselves.
fn panels_now(lab: Lab, t: &'static Messages, predictions: Predictions) -> impl IntoView {
    view! {
        <StoreView lab />
        <WorldView lab />
        <BelievedActual lab />
        <FailureMatrix lab />
        <LoadChart lab />
        <Glossary t />
        <ShareLink lab predictions />
        {review_place::review(lab, t)}
    }
}

/// One of the places.
#[cfg(all(feature = "split", feature = "assignments"))]
pub enum Later {
    Diagram,
    Trace,
    Panels(&'static Messages, Predictions),
    Reveal(Kept, Work, Option<Lms>),
}

#[cfg(all(feature = "split", feature = "assignments"))]
fn draw(lab: Lab, which: Later) -> AnyView {
    match which {
        Later::Diagram => view! { <Diagram lab /> }.into_any(),
        Later::Trace => view! { <TraceTable lab /> }.into_any(),
        Later::Panels(t, predictions) => panels_now(lab, t, predictions).into_any(),
        Later::Reveal(loaded, work, lms) => view! { <Reveal lab loaded work lms /> }.into_any(),
    }
}

/// With the split: nothing until the module is in, then the part; if it never comes, one line
/// says so where the panels stand (one module holds all three places).
#[cfg(all(feature = "split", feature = "assignments"))]
fn drawn_later(lab: Lab, which: Later) -> impl IntoView {
    // Asked for as the page mounts. Asked for once the assignment was in and the browser idle,
    // its views came just as a student could press Run, and moved the assignment panel under the
    // press (docs/size.md, "Known, left for the next stop").
    let says = matches!(which, Later::Panels(..));
    Suspend::new(async move {
        match split::drawn(lab, which).await {
            Ok(view) => Some(view),
            Err(split::Missing) => says.then(|| {
                let a = crate::messages::assignment_texts(lab.t);
                view! { <p class="notice" role="status" data-testid="later-missing">{a.later_missing}</p> }
                    .into_any()
            }),
        }
    })
}

#[cfg(all(feature = "split", feature = "assignments"))]
mod split {
    use super::{draw, Act, Lab, Later, Panel};
    use leptos::prelude::AnyView;
    use leptos::wasm_split::{wasm_split, SplitLoaderError};

    /// The split module did not arrive.
    pub struct Missing;

    impl From<SplitLoaderError> for Missing {
        fn from(_: SplitLoaderError) -> Missing {
            Missing
        }
    }

    /// The one way into the split module (its name gives the module's file name).
    #[wasm_split(lab_later, wasm_split_path = ::leptos::wasm_split, fallible)]
    pub fn drawn(lab: Lab, which: Later) -> Result<AnyView, Missing> {
        Ok(draw(lab, which))
    }

    /// The other way in, into the same module: a button of the assignment panel.
    #[wasm_split(lab_later, wasm_split_path = ::leptos::wasm_split, fallible)]
    pub fn acted(panel: Panel, act: Act) -> Result<(), Missing> {
        panel.act(act);
        Ok(())
    }
}
