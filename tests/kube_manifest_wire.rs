//! The page `?kube=1` without its manifest reader in its first download: the default manifest's
//! objects checked in (`kube::manifest_default`) are exactly what the real reader (k8s-openapi
//! and serde_norway) gives; the worker's answer (`kube::manifest_wire`) brings back exactly what
//! the reader read, errors in kubectl's and kube-apiserver's words included, and runs the same;
//! and the page's state waits for the reader with the text kept, dropping a stale answer.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::manifest::{parse_manifests, read_file, Manifest, Read};
use cplab::kube::manifest_default::{deploy, known, DEPLOY_YAML};
use cplab::kube::manifest_wire::{decode, encode};
use cplab::kube::objects::{
    Container, Labels, Meta, Object, PodTemplate, PullPolicy, Service, ServicePort, Workload,
};
use cplab::kube::Part;
use cplab::playback::kube::KubeRecording;
use cplab::playback::kube_state::{KubeState, FILE};
use proptest::prelude::*;

/// Every manifest file the tests hold, and variants that kubectl or kube-apiserver refuse.
fn inputs() -> Vec<String> {
    let mut texts: Vec<String> =
        ["deploy.yaml", "web.yaml", "service.yaml", "scale.yaml", "scale20.yaml", "faults.yaml"]
            .iter()
            .map(|f| std::fs::read_to_string(format!("tests/kube/{f}")).expect("a test file"))
            .collect();
    let edits = [
        ("replicas: 3", "replicas: -1"),
        ("replicas: 3", "replicas: three"),
        ("kind: Deployment", "kind: X"),
        ("kind: Deployment", "kind: StatefulSet"),
        ("name: web", "name: Web_1"),
        ("image: nginx", "image: nginx:1.27\n        resources:\n          requests:\n            cpu: 12q"),
        ("app: web", "app: \"a\\\\b\\nc\\\\n\""),
        ("apiVersion: apps/v1\n", ""),
        ("  name: web\n", ""),
        ("spec:", "spec: ["),
    ];
    for (from, to) in edits {
        texts.push(DEPLOY_YAML.replacen(from, to, 1));
    }
    texts.push(format!("{DEPLOY_YAML}---\n{}", include_str!("kube/service.yaml")));
    texts.push(String::new());
    texts
}

#[test]
fn the_default_objects_checked_in_are_what_the_real_reader_reads() {
    let read = parse_manifests(DEPLOY_YAML).expect("kubectl's Deployment reads");
    assert_eq!(deploy(), read);
    assert_eq!(known(DEPLOY_YAML), Some(read));
    // Only that text, byte for byte: any edit goes to the reader.
    assert_eq!(known(&DEPLOY_YAML.replace("replicas: 3", "replicas: 2")), None);
    assert_eq!(known(&format!("{DEPLOY_YAML} ")), None);
    assert_eq!(DEPLOY_YAML, include_str!("kube/deploy.yaml"));
}

#[test]
fn every_answer_comes_back_as_the_reader_read_it_and_runs_the_same() {
    for text in inputs() {
        let read = read_file(FILE, &text);
        assert_eq!(decode(&encode(&read)), Ok(read.clone()), "{text}");
        let direct = KubeRecording::of_manifest(FILE, &text, &[]);
        let handed = KubeRecording::of_read(FILE, &text, &decode(&encode(&read)).expect("decodes"), &[]);
        assert_eq!(direct, handed, "{text}");
    }
}

#[test]
fn refusals_keep_kubectls_and_kube_apiservers_words() {
    let bad = DEPLOY_YAML.replace("replicas: 3", "replicas: -1");
    let handed = decode(&encode(&read_file(FILE, &bad))).expect("decodes");
    let recording = KubeRecording::of_read(FILE, &bad, &handed, &[]).expect("runs");
    assert_eq!(
        recording.kubectl().1.trim_end(),
        "The Deployment \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0"
    );
    let unknown = DEPLOY_YAML.replace("kind: Deployment", "kind: X");
    let handed = decode(&encode(&read_file(FILE, &unknown))).expect("decodes");
    assert_eq!(
        handed,
        Err("error: resource mapping not found for name: \"web\" namespace: \"\" from \"deploy.yaml\": no matches for kind \"X\" in version \"apps/v1\"\nensure CRDs are installed first".to_string())
    );
}

/// A Deployment and a Service whose every string is `s`.
fn hostile(s: &str) -> Read {
    let labels = Labels::from([(s.to_string(), s.to_string())]);
    let meta = Meta {
        name: s.to_string(),
        namespace: s.to_string(),
        labels: labels.clone(),
        owner: None,
        resource_version: 0,
        created_ms: 0,
    };
    let container = Container {
        name: s.to_string(),
        image: s.to_string(),
        pull_policy: PullPolicy::Never,
        cpu_milli: Some(u64::MAX),
        memory_bytes: None,
    };
    let workload = Workload {
        meta: meta.clone(),
        replicas: u32::MAX,
        selector: labels.clone(),
        template: PodTemplate { labels: labels.clone(), containers: vec![container] },
        status_replicas: 0,
        ready_replicas: 0,
    };
    let port = ServicePort { port: 65535, target_port: 0, protocol: s.to_string() };
    let service = Service { meta, selector: labels, ports: vec![port], cluster_ip: String::new() };
    Ok(vec![
        Manifest { object: Object::Deployment(workload), causes: vec![s.to_string(), String::new()] },
        Manifest { object: Object::Service(service), causes: Vec::new() },
    ])
}

#[test]
fn hostile_strings_cross_unchanged() {
    for s in ["", "\n", "\\", "\\n", "\\\\n\n", "a\tb\r\nc", "M\n0\n", "ünï ☸ \u{1f}"] {
        assert_eq!(decode(&encode(&hostile(s))), Ok(hostile(s)), "{s:?}");
        assert_eq!(decode(&encode(&Err(s.to_string()))), Ok(Err(s.to_string())), "{s:?}");
    }
}

#[test]
fn a_malformed_answer_is_an_error_never_a_panic() {
    let text = encode(&hostile("web"));
    for cut in 0..text.len() {
        let _ = decode(&text[..cut]);
    }
    assert_eq!(decode(""), Err("the manifest reader's answer is malformed at field 1".to_string()));
    assert_eq!(
        decode("M\n1\nD\nweb\n"),
        Err("the manifest reader's answer is malformed at field 6".to_string())
    );
    assert!(decode("M\nx\n").is_err() && decode("E\nbad \\q\n").is_err() && decode("Q\n").is_err());
}

proptest! {
    #[test]
    fn any_string_crosses_unchanged(s in "\\PC*|[\\\\\n\tnM0E]{0,12}") {
        prop_assert_eq!(decode(&encode(&hostile(&s))), Ok(hostile(&s)));
    }

    #[test]
    fn any_text_decodes_or_errs(junk in "[ -~\n\\\\]{0,80}") {
        let _ = decode(&junk);
    }
}

#[test]
fn the_page_waits_for_the_reader_with_the_text_kept() {
    let two = DEPLOY_YAML.replace("replicas: 3", "replicas: 2");
    let mut state = KubeState::with_read(DEPLOY_YAML, Ok(deploy()));
    assert!(state.len() > 100 && !state.reading());
    state.wait_for_reader(&two);
    assert!(state.reading() && state.is_empty() && state.frame().is_none());
    assert_eq!((state.text(), state.problem()), (two.as_str(), None));
    // Nothing to press or play while it waits.
    state.press(&Part::KubeScheduler);
    assert!(state.faults().is_empty() && state.start_playing().is_none());
    // An answer for a text since replaced is dropped; the text's own answer runs.
    assert!(!state.read_done(DEPLOY_YAML, Ok(deploy())));
    assert!(state.reading());
    assert!(state.read_done(&two, read_file(FILE, &two)));
    assert!(!state.reading() && state.text() == two);
    state.go_to(usize::MAX);
    let pods = state.frame().expect("a frame").pods;
    assert_eq!(pods.len(), 2, "{pods:?}");
    // A press reruns what was read, not a fresh read.
    state.press(&Part::KubeScheduler);
    assert!(state.pressed("kube-scheduler") && state.problem().is_none());
}

#[test]
fn a_reader_that_fails_is_said_with_the_text_kept() {
    let two = DEPLOY_YAML.replace("replicas: 3", "replicas: 2");
    let mut state = KubeState::waiting(&two);
    state.reader_failed("another text", "ignored");
    assert!(state.reading());
    state.reader_failed(&two, "the manifest reader could not load (404)");
    assert!(!state.reading() && state.is_empty());
    assert_eq!(state.problem(), Some("the manifest reader could not load (404)"));
    assert_eq!(state.text(), two);
    // Applied again, it waits again.
    state.wait_for_reader(&two);
    assert!(state.reading() && state.problem().is_none());
}

#[test]
fn seconds_are_written_as_an_f64_would_print_them() {
    use cplab::kube::blast::seconds;
    let mut checked = 0;
    for ms in (0..=120_000u64).chain([999_999, 3_600_000, 3_600_001, u64::from(u32::MAX)]) {
        assert_eq!(seconds(ms), format!("{}s", ms as f64 / 1000.0), "{ms}");
        checked += 1;
    }
    assert_eq!(checked, 120_005);
    assert_eq!((seconds(1500), seconds(20_000), seconds(7)), ("1.5s".into(), "20s".into(), "0.007s".into()));
}

#[test]
fn the_pages_link_words_are_the_assignment_tables() {
    use cplab::messages::{fill, EN_ASSIGNMENTS, EN_KUBE};
    use cplab::teaching::link_code::{decode_code, decode_link, LinkFault};
    assert_eq!(EN_KUBE.link_character, EN_ASSIGNMENTS.e_link_character);
    assert_eq!(EN_KUBE.link_damaged, EN_ASSIGNMENTS.e_link_damaged);
    assert_eq!(decode_code("ab*c"), Err(LinkFault::Character('*')));
    assert_eq!(decode_code("abcde"), Err(LinkFault::Damaged));
    assert_eq!(
        decode_link("ab*c").map_err(|p| p.text(&EN_ASSIGNMENTS)),
        Err(fill(EN_KUBE.link_character, &[("found", &'*')]))
    );
    assert_eq!(
        decode_link("abcde").map_err(|p| p.text(&EN_ASSIGNMENTS)),
        Err(EN_KUBE.link_damaged.to_string())
    );
}
