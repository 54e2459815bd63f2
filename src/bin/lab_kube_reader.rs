//! The real control plane's manifest reader (`?kube=1`, issue 30): k8s-openapi's types and
//! serde_norway, in a wasm module of their own that `kube_worker.js` runs off the page's main
//! thread. The page starts it only when a manifest other than the default one needs reading (the
//! default's objects are checked in), so its first download carries none of the reader. Built
//! with the `kube_reader` feature; nothing mounts.

#[cfg(target_arch = "wasm32")]
fn main() {}

/// Reads the file `file` holding `text` as kubectl does (`kube::manifest::read_file`) and
/// hands back its objects, or kubectl's refusal in its words, as `kube::manifest_wire`'s text.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn read_manifests(file: &str, text: &str) -> String {
    cplab::kube::manifest_wire::encode(&cplab::kube::manifest::read_file(file, text))
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "the manifest reader runs in the page ?kube=1's worker: `cplab kube apply` reads manifests natively"
    );
    std::process::exit(2);
}
