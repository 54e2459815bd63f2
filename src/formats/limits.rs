//! The formats' limits, in one place: what a scenario or an assignment file may hold at most, so a
//! file made by mistake (or on purpose) is refused by its field before anything runs. None is a
//! Kubernetes number: each is this lab's choice, sized far past any lesson's run. Every other
//! module of `formats/` may read them; this one reads none of them.

/// Largest scenario text accepted, in bytes (64 MiB).
pub const MAX_INPUT_BYTES: usize = 64 << 20;
/// Largest `desired` or `capacity` a scenario may ask for.
pub const MAX_COUNT: u64 = 100_000;
/// Most entries a starting store may hold (`initial`, and `initial` after `changes`).
pub const MAX_ENTRIES: usize = 200_000;
/// Most requests a scenario may send.
pub const MAX_REQUESTS: usize = 100_000;
/// Most rounds a scenario may allow (`max_rounds`), and the last round a timeline entry or a
/// question may name.
pub const MAX_ROUNDS: u32 = 1000;
/// Most changes one timeline may hold: each part that goes down or comes back, each request and
/// each report is one (an entry may take several parts down at once). Its entries, and the rounds
/// of a watch plan's `watch_expired`, are held to the same number.
pub const MAX_EVENTS: usize = 1000;
/// Longest title or instructions an assignment may carry, in bytes: enough to hand out, small
/// enough for a link.
pub const MAX_TEXT: usize = 4000;
/// Most times an assignment's locked attempt may be started over (`retries`).
pub const MAX_RETRIES: u32 = 20;
/// Largest tolerance an assignment may allow an item.
pub const MAX_TOLERANCE: u64 = 1_000_000;
/// Most questions one assignment may ask under `ask`.
pub const MAX_QUESTIONS: usize = 50;
/// Longest key or service name a question may name, in characters: a name is a label and part
/// of an id on the page, not a text.
pub const MAX_NAME: usize = 200;
