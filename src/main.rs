//! The lab in the browser: mounts the app. Everything else lives in the library.

#[cfg(target_arch = "wasm32")]
fn main() {
    cplab::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the lab runs in a browser: start it with `scripts/serve`; the CLI is `cplab`");
    std::process::exit(2);
}
