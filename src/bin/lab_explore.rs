//! The page "List every round vs watch" (beyond the lesson, issue 22): list mode beside watch mode
//! and the scale explorer. Built with the `explore` feature; everything else lives in the library.

#[cfg(target_arch = "wasm32")]
fn main() {
    cplab::ui::explore::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the explorer runs in a browser: start it with `scripts/serve` and open ?explore=1");
    std::process::exit(2);
}
