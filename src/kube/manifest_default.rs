//! The default manifest's objects, checked in in the model's own form: the Deployment
//! `kubectl create deployment web --image=nginx --replicas=3 --dry-run=client -o yaml` writes
//! ([`DEPLOY_YAML`], tests/kube/deploy.yaml), as the reader defaults it. The page `?kube=1`
//! plays it at once from these, with no manifest reader in its first download; a native test
//! (tests/kube_manifest_wire.rs) reads the same YAML with the real reader (k8s-openapi and
//! serde_norway) and asserts it gives exactly these objects, so the two cannot drift.

use super::manifest::Manifest;
use super::objects::{Container, Labels, Meta, Object, PodTemplate, PullPolicy, Workload};

/// The default manifest, as kubectl writes it.
pub const DEPLOY_YAML: &str = include_str!("../../tests/kube/deploy.yaml");

/// `app: web`, the labels `kubectl create deployment web` sets on the Deployment, its selector
/// and its template.
fn app_web() -> Labels {
    Labels::from([("app".to_string(), "web".to_string())])
}

/// [`DEPLOY_YAML`]'s one object as the reader gives it: namespace defaulted to `default`,
/// `imagePullPolicy` Always (an image without a tag: k/k `pkg/apis/core/v1/defaults.go`,
/// `SetDefaults_Container`), no requests, nothing stored yet, valid.
pub fn deploy() -> Vec<Manifest> {
    let meta = Meta {
        name: "web".to_string(),
        namespace: "default".to_string(),
        labels: app_web(),
        owner: None,
        resource_version: 0,
        created_ms: 0,
    };
    let nginx = Container {
        name: "nginx".to_string(),
        image: "nginx".to_string(),
        pull_policy: PullPolicy::Always,
        cpu_milli: None,
        memory_bytes: None,
    };
    let workload = Workload {
        meta,
        replicas: 3,
        selector: app_web(),
        template: PodTemplate { labels: app_web(), containers: vec![nginx] },
        status_replicas: 0,
        ready_replicas: 0,
    };
    vec![Manifest { object: Object::Deployment(workload), causes: Vec::new() }]
}

/// The objects of a file whose objects are checked in (the default manifest, byte for byte).
pub fn known(text: &str) -> Option<Vec<Manifest>> {
    (text == DEPLOY_YAML).then(deploy)
}
