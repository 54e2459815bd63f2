//! The real control plane's readers (`?kube=1`, issue 30): the manifest reader (k8s-openapi's
//! types and serde_norway) and the audit log reader (serde_json's events, the order and the
//! names), in a wasm module of their own that `kube_worker.js` runs off the page's main thread.
//! The page starts it only when a manifest other than the default one needs reading (the
//! default's objects are checked in) or a log is dropped, chosen or pasted, so its first
//! download carries neither reader. Built with the `kube_reader` feature; nothing mounts.

#[cfg(target_arch = "wasm32")]
fn main() {}

/// Reads the file `file` holding `text` as kubectl does (`kube::manifest::read_file`) and
/// hands back its objects, or kubectl's refusal in its words, as `kube::manifest_wire`'s text.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn read_manifests(file: &str, text: &str) -> String {
    cplab::kube::manifest_wire::encode(&cplab::kube::manifest::read_file(file, text))
}

/// Simulates the scenario the page asks for (`playback::kube_runs::ask`'s text) and hands back
/// its run, or the model's refusal, as `kube::run_wire`'s text: the page carries no simulation.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn run_scenario(ask: &str) -> String {
    cplab::playback::kube_runs::answer(ask)
}

/// The run the page shows (its scenario as `playback::kube_runs::ask` writes it) as an audit
/// log at Metadata level, for the page's download; throws the model's refusal.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn audit_log(ask: &str) -> Result<String, String> {
    cplab::playback::kube_runs::audit_answer(ask)
}

/// One audit log read in the worker (`playback::audit_worker::LogWorker`): the worker's script
/// hands over the bytes it wants and posts each answer to the page.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub struct LogReader(cplab::playback::audit_worker::LogWorker);

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
impl LogReader {
    /// A log of `total` bytes; throws the page's words when it is too large to read.
    #[wasm_bindgen::prelude::wasm_bindgen(constructor)]
    pub fn new(total: f64, show_secrets: bool) -> Result<LogReader, String> {
        cplab::playback::audit_worker::LogWorker::new(total as u64, show_secrets).map(LogReader)
    }

    /// `[start, end]` of the bytes to hand over next, or nothing.
    pub fn wants(&self) -> Option<Vec<f64>> {
        self.0.wants().map(|(start, end)| vec![start as f64, end as f64])
    }

    /// Hands over the bytes asked for.
    pub fn give(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.0.give(bytes)
    }

    /// The next answer for the page.
    pub fn answer(&mut self) -> String {
        self.0.answer()
    }

    /// Whether the last answer was given.
    pub fn done(&self) -> bool {
        self.0.done()
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "the manifest reader runs in the page ?kube=1's worker: `cplab kube apply` reads manifests natively"
    );
    std::process::exit(2);
}
