//! Reading manifests as kubectl does: a file split into YAML documents at `---` lines, each read
//! with serde_norway into k8s-openapi's own API types (release v1_32), then kept as the model's
//! [`Object`]s. What kubectl refuses itself (bad YAML, an unknown kind, no name) is an error
//! here; what kube-apiserver refuses (422 Invalid) travels with the object as its causes, so the
//! simulated kube-apiserver refuses it at the instant the request arrives.

use super::objects::{
    Container, Labels, Meta, Object, PodTemplate, PullPolicy, Service, ServicePort, Workload,
};
use super::validation::{deployment_causes, parse_cpu, parse_memory, service_causes};
use k8s_openapi::api::apps::v1::Deployment as K8sDeployment;
use k8s_openapi::api::core::v1::{Container as K8sContainer, Service as K8sService};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use serde::Deserialize;

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

/// The fields every manifest starts with.
#[derive(Deserialize)]
struct Head {
    #[serde(rename = "apiVersion")]
    api_version: Option<String>,
    kind: Option<String>,
    metadata: Option<HeadMeta>,
}

#[derive(Deserialize)]
struct HeadMeta {
    name: Option<String>,
    namespace: Option<String>,
}

/// Kinds kube-apiserver serves that the model does not run (so kubectl would find them).
const KNOWN_KINDS: [(&str, &str); 8] = [
    ("v1", "Pod"),
    ("v1", "ConfigMap"),
    ("v1", "Secret"),
    ("v1", "Namespace"),
    ("apps/v1", "ReplicaSet"),
    ("apps/v1", "StatefulSet"),
    ("apps/v1", "DaemonSet"),
    ("batch/v1", "Job"),
];

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

/// serde_norway's error, placed in the file: its own position dropped from the message (the
/// error carries it), any other position it quotes moved from the document to the file.
fn yaml_error(err: &serde_norway::Error, first_line: usize) -> ManifestError {
    let text = err.to_string();
    let (line, column, message) = match err.location() {
        Some(at) => {
            let mark = format!(" at line {} column {}", at.line(), at.column());
            (first_line + at.line() - 1, at.column(), text.replacen(&mark, "", 1))
        }
        None => (first_line, 1, text),
    };
    ManifestError::Yaml { line, column, message: shift_lines(&message, first_line - 1) }
}

/// `... at line N column M ...` with N moved by `offset` lines.
fn shift_lines(message: &str, offset: usize) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(at) = rest.find(" at line ") {
        let (head, tail) = rest.split_at(at + " at line ".len());
        out.push_str(head);
        let digits: String = tail.chars().take_while(char::is_ascii_digit).collect();
        match digits.parse::<usize>() {
            Ok(n) => out.push_str(&(n + offset).to_string()),
            Err(_) => out.push_str(&digits),
        }
        rest = &tail[digits.len()..];
    }
    out.push_str(rest);
    out
}

/// Every object of a manifest file, in order, or kubectl's refusal.
pub fn parse_manifests(text: &str) -> Result<Vec<Manifest>, ManifestError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ManifestError::TooLarge(format!("more than {MAX_INPUT_BYTES} bytes")));
    }
    let docs = documents(text);
    if docs.len() > MAX_DOCUMENTS {
        return Err(ManifestError::TooLarge(format!("more than {MAX_DOCUMENTS} documents")));
    }
    docs.iter().map(|(line, doc)| parse_document(doc, *line)).collect()
}

/// One document.
fn parse_document(doc: &str, line: usize) -> Result<Manifest, ManifestError> {
    let head: Head = serde_norway::from_str(doc).map_err(|e| yaml_error(&e, line))?;
    let (version, kind) = match (head.api_version, head.kind) {
        (Some(v), Some(k)) => (v, k),
        (v, k) => {
            let missing = [("apiVersion", v.is_none()), ("kind", k.is_none())];
            return Err(ManifestError::NotSet(missing.iter().filter(|m| m.1).map(|m| m.0).collect()));
        }
    };
    let meta = head.metadata.unwrap_or(HeadMeta { name: None, namespace: None });
    match (version.as_str(), kind.as_str()) {
        ("apps/v1", "Deployment") => {
            let d: K8sDeployment = serde_norway::from_str(doc).map_err(|e| yaml_error(&e, line))?;
            deployment(d)
        }
        ("v1", "Service") => {
            let s: K8sService = serde_norway::from_str(doc).map_err(|e| yaml_error(&e, line))?;
            service(s)
        }
        (v, k) if KNOWN_KINDS.contains(&(v, k)) => Err(ManifestError::NotModelled(format!("{k} ({v})"))),
        _ => Err(ManifestError::NoMatch {
            name: meta.name.unwrap_or_default(),
            namespace: meta.namespace.unwrap_or_default(),
            kind,
            version,
        }),
    }
}

/// A fresh object's metadata (the namespace defaults to `default`).
fn meta(name: String, namespace: Option<String>, labels: Option<Labels>) -> Meta {
    Meta {
        name,
        namespace: namespace.unwrap_or_else(|| "default".to_string()),
        labels: labels.unwrap_or_default(),
        owner: None,
        resource_version: 0,
        created_ms: 0,
    }
}

/// `imagePullPolicy` defaulted: Always for `:latest` or no tag, else IfNotPresent (k/k
/// `pkg/apis/core/v1/defaults.go`, `SetDefaults_Container`).
fn pull_policy(image: &str, given: Option<&str>) -> PullPolicy {
    match given {
        Some("Always") => PullPolicy::Always,
        Some("Never") => PullPolicy::Never,
        Some("IfNotPresent") => PullPolicy::IfNotPresent,
        _ => {
            let last = image.rsplit('/').next().unwrap_or(image);
            let tag = last.split('@').next().unwrap_or(last).split_once(':').map(|(_, t)| t);
            if image.contains('@') || tag.is_some_and(|t| t != "latest") {
                PullPolicy::IfNotPresent
            } else {
                PullPolicy::Always
            }
        }
    }
}

/// One container, with its requests read (a bad quantity becomes a cause).
fn container(c: K8sContainer, path: &str, causes: &mut Vec<String>) -> Container {
    let image = c.image.unwrap_or_default();
    let requests = c.resources.and_then(|r| r.requests).unwrap_or_default();
    let mut quantity = |name: &str, parse: fn(&str) -> Option<u64>| {
        let q = requests.get(name)?;
        let value = parse(&q.0);
        if value.is_none() {
            causes.push(format!(
                "{path}.resources.requests[{name}]: Invalid value: \"{}\": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
                q.0
            ));
        }
        value
    };
    let cpu_milli = quantity("cpu", parse_cpu);
    let memory_bytes = quantity("memory", parse_memory);
    Container {
        pull_policy: pull_policy(&image, c.image_pull_policy.as_deref()),
        name: c.name,
        image,
        cpu_milli,
        memory_bytes,
    }
}

/// A Deployment, defaulted (`replicas` 1: k/k `pkg/apis/apps/v1/defaults.go`) and checked.
fn deployment(d: K8sDeployment) -> Result<Manifest, ManifestError> {
    let name = d.metadata.name.filter(|n| !n.is_empty()).ok_or(ManifestError::NoName(
        "Resource: \"apps/v1, Resource=deployments\", GroupVersionKind: \"apps/v1, Kind=Deployment\"",
    ))?;
    let spec = d.spec.unwrap_or_default();
    let replicas = spec.replicas.unwrap_or(1);
    let selector = spec.selector.match_labels.unwrap_or_default();
    let template_meta = spec.template.metadata.unwrap_or_default();
    let mut causes = Vec::new();
    let containers: Vec<Container> = spec
        .template
        .spec
        .map(|s| s.containers)
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(i, c)| container(c, &format!("spec.template.spec.containers[{i}]"), &mut causes))
        .collect();
    let template = PodTemplate { labels: template_meta.labels.unwrap_or_default(), containers };
    causes.splice(0..0, deployment_causes(&name, replicas, &selector, &template));
    let workload = Workload {
        meta: meta(name, d.metadata.namespace, d.metadata.labels),
        replicas: u32::try_from(replicas).unwrap_or(0),
        selector,
        template,
        status_replicas: 0,
        ready_replicas: 0,
    };
    Ok(Manifest { object: Object::Deployment(workload), causes })
}

/// A Service (ClusterIP; `protocol` defaults to TCP, `targetPort` to `port`).
fn service(s: K8sService) -> Result<Manifest, ManifestError> {
    let name = s.metadata.name.filter(|n| !n.is_empty()).ok_or(ManifestError::NoName(
        "Resource: \"/v1, Resource=services\", GroupVersionKind: \"/v1, Kind=Service\"",
    ))?;
    let spec = s.spec.unwrap_or_default();
    let raw_ports = spec.ports.unwrap_or_default();
    let ports: Vec<(i32, ServicePort)> = raw_ports
        .into_iter()
        .map(|p| {
            let target = match p.target_port {
                Some(IntOrString::Int(t)) => t,
                Some(IntOrString::String(t)) => t.parse().unwrap_or(p.port),
                None => p.port,
            };
            let port = ServicePort {
                port: u16::try_from(p.port).unwrap_or(0),
                target_port: u16::try_from(target).unwrap_or(0),
                protocol: p.protocol.unwrap_or_else(|| "TCP".to_string()),
            };
            (p.port, port)
        })
        .collect();
    let causes = service_causes(&name, &ports.iter().map(|p| p.0).collect::<Vec<_>>());
    let service = Service {
        meta: meta(name, s.metadata.namespace, s.metadata.labels),
        selector: spec.selector.unwrap_or_default(),
        ports: ports.into_iter().map(|p| p.1).collect(),
        cluster_ip: String::new(),
    };
    Ok(Manifest { object: Object::Service(service), causes })
}
