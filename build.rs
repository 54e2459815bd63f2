//! Links the kube page's wasm with its relocations kept (`--emit-relocs`): scripts/split reads
//! them to cut the page's `#[lazy]` parts into a module of their own (docs/size.md). Only that
//! binary, and only for wasm: every other build links as before.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo::rustc-link-arg-bin=lab_kube=--emit-relocs");
    }
}
