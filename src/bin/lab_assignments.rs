//! The lab with assignments, for pages that name one: mounts the app. Built with the
//! `assignments` feature; everything else lives in the library.

#[cfg(target_arch = "wasm32")]
fn main() {
    cplab::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the lab runs in a browser: start it with `scripts/serve`; the CLI is `cplab`");
    std::process::exit(2);
}
