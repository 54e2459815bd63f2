//! The teacher's workbench (`?teach=1`): mounts it. Built with the `teach` feature; everything
//! else lives in the library.

#[cfg(target_arch = "wasm32")]
fn main() {
    cplab::ui::teach::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the workbench runs in a browser: start it with `scripts/serve` and open ?teach=1");
    std::process::exit(2);
}
