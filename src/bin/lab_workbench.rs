//! The teacher's workbench (`?workbench=1`): mounts it. Built with the `workbench` feature; everything
//! else lives in the library.

#[cfg(target_arch = "wasm32")]
fn main() {
    cplab::ui::workbench::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the workbench runs in a browser: start it with `scripts/serve` and open ?workbench=1");
    std::process::exit(2);
}
