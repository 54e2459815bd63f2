//! The manifest reader: each YAML document read with serde_norway into k8s-openapi's own API
//! types (release v1_32), then kept as the model's [`Object`]s, defaulted and checked as
//! kube-apiserver defaults and checks them. Native builds and the worker build
//! (`lab_kube_reader`, feature `kube_reader`) only: it is most of what the page `?kube=1` would
//! otherwise download first (docs/kube-page.md).

use super::manifest::{documents, Manifest, ManifestError, MAX_DOCUMENTS, MAX_INPUT_BYTES};
use super::objects::{
    Container, Labels, Meta, Object, PodTemplate, PullPolicy, Service, ServicePort, Workload,
};
use super::validation::{deployment_causes, parse_cpu, parse_memory, service_causes};
use k8s_openapi::api::apps::v1::Deployment as K8sDeployment;
use k8s_openapi::api::core::v1::{Container as K8sContainer, Service as K8sService};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use serde::Deserialize;

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
