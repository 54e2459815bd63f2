//! The real control plane's page (`?kube=1`, issue 30): mounts it. Built with the `kube`
//! feature; the views live in `cplab::ui::kube`, the state they read in `playback::kube_state`.

#[cfg(target_arch = "wasm32")]
fn main() {
    cplab::ui::kube::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "the real control plane's page runs in a browser: start it with `scripts/serve` and open ?kube=1"
    );
    std::process::exit(2);
}
