//! Where the report reviewer sits on each page. It is a build of its own (`review`, the page
//! `?review=1`): the plain lab and the assignment page link there, so neither carries it (no
//! student needs it, and on the assignment page it cost 14.2 KB gzip of the first load).

use super::lab::Lab;
use crate::messages::Messages;
use leptos::prelude::*;

/// The reviewer, or the link to its page. While an open assignment seals the runs it is closed:
/// a report of that assignment (or one written by hand) would show its answer key before the
/// lock. (Only the assignments build ever seals.)
#[cfg(any(feature = "assignments", feature = "review"))]
pub fn review(lab: Lab, t: &'static Messages) -> impl IntoView {
    let a = super::assignment_texts(t);
    // Only a change of seal redraws the reviewer (a move of the cursor would empty it).
    let sealed = Memo::new(move |_| lab.frame().sealed);
    move || {
        if sealed.get() {
            view! { <p class="review hint" data-testid="review-closed">{a.review_closed}</p> }.into_any()
        } else {
            open(t).into_any()
        }
    }
}

/// The plain lab never seals: the link to the reviewer's page.
#[cfg(not(any(feature = "assignments", feature = "review")))]
pub fn review(_: Lab, t: &'static Messages) -> impl IntoView {
    open(t)
}

/// The reviewer itself, in its own build.
#[cfg(feature = "review")]
fn open(t: &'static Messages) -> impl IntoView {
    view! { <super::report_review::ReportReview t /> }
}

/// Elsewhere a link to the reviewer's page (`?review=1`, which opens it ready for a file).
#[cfg(not(feature = "review"))]
fn open(t: &'static Messages) -> impl IntoView {
    view! { <p class="review"><a href="?review=1" data-testid="review-link">{t.review_link}</a></p> }
}
