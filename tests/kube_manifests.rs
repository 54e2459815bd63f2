//! Manifests as kubectl and kube-apiserver take them: what kubectl writes is read; an invalid
//! object is refused with 422 in kube-apiserver's words, an unknown kind in kubectl's, bad YAML
//! with its line and column; no input panics.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::manifest::{parse_manifests, ManifestError};
use cplab::kube::objects::{Object, PullPolicy};
use cplab::kube::render::kubectl_errors;
use cplab::kube::{simulate, Run, Scenario};
use proptest::prelude::*;

fn apply(text: &str) -> Run {
    simulate(&Scenario::for_file("deploy.yaml", text)).expect("runs")
}

#[test]
fn what_kubectl_create_writes_is_read_with_its_defaults() {
    // kubectl v1.32.4: `create deployment web --image=nginx --replicas=3` and `create service
    // clusterip web --tcp=80:80`, both with --dry-run=client -o yaml.
    let m = parse_manifests(include_str!("kube/web.yaml")).expect("reads");
    let [Object::Deployment(d), Object::Service(s)] = [&m[0].object, &m[1].object] else { panic!("{m:?}") };
    assert_eq!((d.meta.name.as_str(), d.meta.namespace.as_str(), d.replicas), ("web", "default", 3));
    assert_eq!(d.template.containers[0].pull_policy, PullPolicy::Always, "no tag: Always");
    assert_eq!((s.ports[0].port, s.ports[0].target_port, s.ports[0].protocol.as_str()), (80, 80, "TCP"));
    assert!(m.iter().all(|m| m.causes.is_empty()));
    let tagged = include_str!("kube/deploy.yaml").replace("image: nginx", "image: nginx:1.27");
    let m = parse_manifests(&tagged).expect("reads");
    let Object::Deployment(d) = &m[0].object else { panic!() };
    assert_eq!(d.template.containers[0].pull_policy, PullPolicy::IfNotPresent);
}

#[test]
fn a_negative_replica_count_is_refused_with_422_in_kube_apiservers_words() {
    let text = include_str!("kube/deploy.yaml").replace("replicas: 3", "replicas: -1");
    let run = apply(&text);
    assert_eq!(
        kubectl_errors(&run),
        "The Deployment \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n"
    );
    assert_eq!(run.exit_code, 1);
    let refused = run.trace.iter().find(|t| t.verb == "validate").expect("the validation step");
    assert_eq!(
        refused.note,
        "Deployment.apps \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0"
    );
    let request =
        run.trace.iter().find_map(|t| t.request.as_ref().filter(|r| r.verb == "create")).expect("a create");
    assert_eq!(request.code, 422);
    assert_eq!(run.ledger.revision, 3, "nothing written");
}

#[test]
fn several_causes_are_listed_as_kubectl_lists_them() {
    let text = include_str!("kube/deploy.yaml").replace(
        "      labels:\n        app: web\n    spec:",
        "      labels:\n        app: other\n    spec:",
    );
    let run = apply(&text.replace("- image: nginx", "- image: \"\""));
    assert_eq!(
        kubectl_errors(&run),
        "The Deployment \"web\" is invalid: \n\
         * spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"other\"}: `selector` does not match template `labels`\n\
         * spec.template.spec.containers[0].image: Required value\n"
    );
}

#[test]
fn an_unknown_kind_is_refused_as_kubectl_refuses_it() {
    let text = include_str!("kube/deploy.yaml").replace("kind: Deployment", "kind: X");
    let err = parse_manifests(&text).expect_err("refused");
    assert_eq!(
        err.kubectl_text("deploy.yaml"),
        "error: resource mapping not found for name: \"web\" namespace: \"\" from \"deploy.yaml\": no matches for kind \"X\" in version \"apps/v1\"\nensure CRDs are installed first"
    );
    let run = apply(&text);
    assert_eq!((run.exit_code, run.trace.iter().filter(|t| t.component == "etcd").count()), (1, 0));
}

#[test]
fn yaml_errors_name_the_line_and_column_in_the_file() {
    let text = format!(
        "{}---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports: [1\n",
        include_str!("kube/deploy.yaml")
    );
    let Err(ManifestError::Yaml { line, column, message }) = parse_manifests(&text) else {
        panic!("a YAML error")
    };
    assert_eq!((line, column), (32, 1));
    assert_eq!(
        message,
        "did not find expected ',' or ']', while parsing a flow sequence at line 31 column 10"
    );
    let text = include_str!("kube/deploy.yaml").replace("replicas: 3", "replicas: three");
    let Err(ManifestError::Yaml { line, column, message }) = parse_manifests(&text) else {
        panic!("a type error")
    };
    assert_eq!((line, column), (9, 13));
    assert_eq!(message, "spec.replicas: invalid type: string \"three\", expected i32");
    let missing = parse_manifests("metadata:\n  name: web\n").expect_err("refused");
    assert_eq!(
        missing.kubectl_text("deploy.yaml"),
        "error: error validating \"deploy.yaml\": error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false"
    );
}

#[test]
fn limits_bound_the_work() {
    let big = include_str!("kube/deploy.yaml").replace("replicas: 3", "replicas: 101");
    let err = simulate(&Scenario::for_file("deploy.yaml", &big)).expect_err("over the limit");
    assert_eq!(err, "deploy.yaml: web asks for 101 replicas; the lab runs at most 100");
    let many = "---\napiVersion: v1\nkind: X\n".repeat(65);
    assert!(matches!(parse_manifests(&many), Err(ManifestError::TooLarge(_))));
    let max = include_str!("kube/deploy.yaml").replace("replicas: 3", "replicas: 100");
    let run = simulate(&Scenario::for_file("deploy.yaml", &max)).expect("runs");
    assert_eq!(run.world.running_pods(), 100);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn no_input_panics(cut in 0usize..600, junk in "[ -~\n]{0,40}") {
        // The manifests cut anywhere and followed by anything: read, refused or run, never a panic.
        let text = include_str!("kube/web.yaml");
        let at = text.char_indices().map(|(i, _)| i).nth(cut).unwrap_or(text.len());
        let input = format!("{}{junk}", &text[..at]);
        let _ = simulate(&Scenario::for_file("deploy.yaml", &input));
        let _ = Scenario::from_yaml(&input);
    }
}
