//! Links the split pages' wasm with its relocations kept (`--emit-relocs`): scripts/split reads
//! them to cut each page's later parts into a module of their own (docs/size.md, "Pages in two
//! modules"). Only with the `split` feature, only those binaries, only for wasm: every other
//! build links as before.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32");
    if wasm && std::env::var_os("CARGO_FEATURE_SPLIT").is_some() {
        for bin in ["lab_kube", "lab_assignments"] {
            println!("cargo::rustc-link-arg-bin={bin}=--emit-relocs");
        }
    }
}
