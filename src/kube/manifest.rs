//! Manifests as kubectl reads them: a file split into YAML documents at `---` lines, each kept as
//! the model's [`Object`]. What kubectl refuses itself (bad YAML, an unknown kind, no name) is an
//! error here; what kube-apiserver refuses (422 Invalid) travels with the object as its causes, so
//! the simulated kube-apiserver refuses it at the instant the request arrives.
//!
//! The reader itself (serde_norway into k8s-openapi's types, `parse_manifests`) is in
//! `manifest_read` and is not compiled into the page `?kube=1`, whose first download it would
//! double: the page plays the default manifest from its objects checked in
//! (`manifest_default`), and reads any other in a worker of its own (`lab_kube_reader`), whose
//! answer crosses as `manifest_wire`'s text. [`read_file`] is the one entry the simulation
//! calls.

use super::objects::Object;

#[cfg(any(not(target_arch = "wasm32"), feature = "kube_reader"))]
pub use super::manifest_read::parse_manifests;

/// Most bytes of one manifest file or scenario (the CLI's and the page's bound on input).
pub const MAX_INPUT_BYTES: usize = 256 * 1024;
/// Most YAML documents in one file.
pub const MAX_DOCUMENTS: usize = 64;

/// One object to apply, as kubectl sends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The object, defaulted as kube-apiserver defaults it.
    pub object: Object,
    /// Why kube-apiserver will refuse it (`field: Invalid value: ...`); empty when valid.
    pub causes: Vec<String>,
}

/// Why kubectl refuses a file before sending anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ManifestError {
    /// The file is larger than [`MAX_INPUT_BYTES`] or holds more than [`MAX_DOCUMENTS`].
    TooLarge(String),
    /// Not YAML, or not the type's shape: where (1-based, in the file) and what.
    Yaml {
        /// Line in the file.
        line: usize,
        /// Column.
        column: usize,
        /// serde_norway's message without its position.
        message: String,
    },
    /// A document without `apiVersion` or `kind`: kubectl's client-side check.
    NotSet(Vec<&'static str>),
    /// A kind kube-apiserver does not serve (kubectl's REST mapping fails).
    NoMatch {
        /// `metadata.name`.
        name: String,
        /// `metadata.namespace` as written ("" when absent).
        namespace: String,
        /// `kind`.
        kind: String,
        /// `apiVersion`.
        version: String,
    },
    /// A real kind the model does not run (it runs Deployments and Services).
    NotModelled(String),
    /// No `metadata.name`: kubectl cannot even look the object up.
    NoName(&'static str),
}

impl ManifestError {
    /// What kubectl prints (the model's own words for the limits and unmodelled kinds).
    pub fn kubectl_text(&self, file: &str) -> String {
        match self {
            ManifestError::TooLarge(what) => format!("error: {file}: {what}"),
            ManifestError::Yaml { line, column, message } => {
                format!("error: error parsing {file}: line {line}, column {column}: {message}")
            }
            ManifestError::NotSet(missing) => format!(
                "error: error validating \"{file}\": error validating data: [{}]; if you choose to ignore these errors, turn validation off with --validate=false",
                missing.iter().map(|m| format!("{m} not set")).collect::<Vec<_>>().join(", ")
            ),
            ManifestError::NoMatch { name, namespace, kind, version } => format!(
                "error: resource mapping not found for name: \"{name}\" namespace: \"{namespace}\" from \"{file}\": no matches for kind \"{kind}\" in version \"{version}\"\nensure CRDs are installed first"
            ),
            ManifestError::NotModelled(kind) => {
                format!("error: {file}: the lab runs Deployment (apps/v1) and Service (v1) manifests; {kind} is not modelled")
            }
            ManifestError::NoName(what) => format!(
                "error: error when retrieving current configuration of:\n{what}\nName: \"\", Namespace: \"default\"\nfrom server for: \"{file}\": resource name may not be empty"
            ),
        }
    }
}

/// The documents of a file, each with the line it starts on (1-based). A separator is a line
/// starting `---` followed by nothing or a comment, as kubectl's YAML reader splits
/// (k/k `staging/src/k8s.io/apimachinery/pkg/util/yaml/decoder.go`, `YAMLReader.Read`); empty
/// documents are skipped.
pub fn documents(text: &str) -> Vec<(usize, String)> {
    let mut docs = Vec::new();
    let (mut current, mut start) = (String::new(), 1);
    for (index, line) in text.lines().enumerate() {
        let rest = line.strip_prefix("---").map(str::trim);
        if rest.is_some_and(|r| r.is_empty() || r.starts_with('#')) {
            docs.push((start, std::mem::take(&mut current)));
            start = index + 2;
            continue;
        }
        current.push_str(line);
        current.push('\n');
    }
    docs.push((start, current));
    docs.retain(|(_, doc)| doc.lines().any(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')));
    docs
}

/// A file's objects, or kubectl's refusal of the file in its words (what the simulation runs).
pub type Read = Result<Vec<Manifest>, String>;

/// Reads the file `file` holding `text`: with the reader (native builds, the worker), as
/// [`parse_manifests`] reads it, refused in kubectl's words.
#[cfg(any(not(target_arch = "wasm32"), feature = "kube_reader"))]
pub fn read_file(file: &str, text: &str) -> Read {
    parse_manifests(text).map_err(|e| e.kubectl_text(file))
}

/// Reads the file `file` holding `text`: in the page `?kube=1`, which has no reader, only a
/// file whose objects are checked in ([`super::manifest_default::known`]); any other is read
/// by the page's worker first and handed to the run as its [`Read`].
#[cfg(all(target_arch = "wasm32", not(feature = "kube_reader")))]
pub fn read_file(file: &str, text: &str) -> Read {
    super::manifest_default::known(text)
        .ok_or_else(|| format!("error: {file}: the page's manifest reader has not read this file"))
}
