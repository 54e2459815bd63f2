//! The lab with the report reviewer, for the page `?review=1`: mounts the app. Built with the
//! `review` feature; everything else lives in the library.

#[cfg(target_arch = "wasm32")]
fn main() {
    cplab::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the lab runs in a browser: start it with `scripts/serve`; the CLI is `cplab`");
    std::process::exit(2);
}
