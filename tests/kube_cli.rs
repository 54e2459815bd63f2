//! `cplab kube`, end to end: what it prints on each stream and how it exits, as kubectl would.
#![cfg(not(target_arch = "wasm32"))] // native: spawns the binary

mod support;
use support::cplab;

fn texts(o: &std::process::Output) -> (String, String, Option<i32>) {
    let text = |b: &[u8]| String::from_utf8(b.to_vec()).expect("utf-8");
    (text(&o.stdout), text(&o.stderr), o.status.code())
}

fn fixture(name: &str) -> String {
    support::root().join("tests/kube").join(name).to_string_lossy().into_owned()
}

#[test]
fn apply_prints_kubectls_lines_then_the_events_and_exits_0() {
    let (out, err, code) = texts(&cplab(&["kube", "apply", &fixture("web.yaml")], ""));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with(
        "$ kubectl apply -f web.yaml\ndeployment.apps/web created\nservice/web created\n\n$ kubectl get events --sort-by=.lastTimestamp\nLAST SEEN   TYPE     REASON "
    ), "{out}");
    assert_eq!(out.lines().filter(|l| l.contains(" Started ")).count(), 3);
    assert_eq!(err, "");
}

#[test]
fn each_output_is_the_run_rendered() {
    let web = fixture("web.yaml");
    let (pods, _, _) = texts(&cplab(&["kube", "apply", &web, "-o", "pods"], ""));
    assert!(pods.contains("\n$ kubectl get pods -o wide\nNAME                   READY   STATUS    RESTARTS   AGE   IP           NODE "), "{pods}");
    let (trace, _, _) = texts(&cplab(&["kube", "apply", &web, "-o", "trace"], ""));
    assert!(trace.starts_with("TIME(ms)   STEP   COMPONENT "), "{trace}");
    let (json, _, _) = texts(&cplab(&["kube", "apply", &web, "-o", "json"], ""));
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(value["run"]["release"], "v1.32");
    assert_eq!(value["blast"]["running"], 3);
    let (again, _, _) = texts(&cplab(&["kube", "apply", &web, "-o", "json"], ""));
    assert_eq!(json, again, "the same run, byte for byte");
}

#[test]
fn a_failed_request_fails_as_kubectl_does_with_exit_1() {
    let deploy = fixture("deploy.yaml");
    let (_, err, code) =
        texts(&cplab(&["kube", "apply", &deploy, "--down", "kube-apiserver", "--validate=false"], ""));
    assert_eq!((err.as_str(), code), ("The connection to the server 127.0.0.1:6443 was refused - did you specify the right host or port?\n", Some(1)));
    let (_, err, code) = texts(&cplab(&["kube", "apply", &deploy, "--down", "etcd"], ""));
    assert_eq!(
        (err.as_str(), code),
        ("Error from server: error when creating \"deploy.yaml\": etcdserver: request timed out\n", Some(1))
    );
}

#[test]
fn parts_go_down_at_a_second_and_a_scenario_brings_them_back() {
    let web = fixture("web.yaml");
    let (out, _, code) =
        texts(&cplab(&["kube", "apply", &web, "--down", "kube-scheduler@0.005", "-o", "blast"], ""));
    assert_eq!(code, Some(0));
    assert!(
        out.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("kube-scheduler@0.005s ")
                && l.ends_with("3 pods wait Pending, unscheduled")),
        "{out}"
    );
    let (out, err, code) = texts(&cplab(&["kube", "run", &fixture("faults.yaml"), "-o", "blast"], ""));
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("kube-scheduler (back 10s) ") && l.ends_with("5 pods run")),
        "{out}"
    );
}

#[test]
fn bad_arguments_name_what_is_wrong() {
    let web = fixture("web.yaml");
    let (_, err, code) = texts(&cplab(&["kube", "apply", &web, "--down", "kubelet"], ""));
    assert_eq!(code, Some(2));
    assert!(err.starts_with("cplab: --down: unknown part \"kubelet\": kube-apiserver, etcd,"), "{err}");
    let (_, err, code) = texts(&cplab(&["kube", "apply", &web, "--down", "kubelet/node-9"], ""));
    assert_eq!((err.as_str(), code), ("cplab: kubelet/node-9: no node \"node-9\" in the cluster\n", Some(1)));
    let (_, err, code) = texts(&cplab(&["kube", "apply", &web, "-o", "yaml"], ""));
    assert_eq!(code, Some(2));
    assert!(err.starts_with("cplab: --output: \"yaml\": events, pods, trace, blast, json or audit"), "{err}");
    let (_, err, code) = texts(&cplab(&["kube", "apply", &web, "-o", "audit", "--audit-level", "None"], ""));
    assert_eq!(code, Some(2));
    assert!(err.starts_with("cplab: --audit-level: \"None\": Metadata, Request or RequestResponse"), "{err}");
    let (_, err, code) = texts(&cplab(&["kube", "run", &web], ""));
    assert_eq!(code, Some(1));
    assert!(err.starts_with("cplab: "), "{err}"); // A second's flag names the value it could not read.
    for flag in ["--snapshot", "--restore", "--until"] {
        let (_, err, code) = texts(&cplab(&["kube", "apply", &web, flag, "x"], ""));
        assert_eq!(code, Some(2));
        assert!(err.starts_with(&format!("cplab: {flag}: \"x\" is not a number of seconds")), "{err}");
    }
}

#[test]
fn members_replicas_and_their_faults_are_flags_and_a_bad_one_is_named() {
    let web = fixture("web.yaml");
    for (args, want) in [
        (&["--etcd", "0"][..], "cplab: --etcd: \"0\": etcd runs 1 to 7 members"),
        (&["--etcd", "x"][..], "cplab: --etcd: \"x\": etcd runs 1 to 7 members"),
        (&["--replicas", "kube-scheduler"][..], "cplab: --replicas: \"kube-scheduler\": PART=N, PART one of kube-apiserver, kube-scheduler or kube-controller-manager"),
        (&["--replicas", "kube-proxy=2"][..], "cplab: --replicas: \"kube-proxy\": kube-apiserver, kube-scheduler or kube-controller-manager"),
        (&["--replicas", "kube-scheduler=8"][..], "cplab: --replicas: \"kube-scheduler=8\": a part runs 1 to 7 replicas"),
        (&["--down", "etcd/0"][..], "cplab: --down: unknown part \"etcd/0\": kube-apiserver, etcd,"),
    ] {
        let mut all = vec!["kube", "apply", web.as_str()];
        all.extend(args);
        let (_, err, code) = texts(&cplab(&all, ""));
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.starts_with(want), "{args:?}: {err}");
    }
    let (_, err, code) = texts(&cplab(&["kube", "apply", &web, "--down", "kube-scheduler/2"], ""));
    assert_eq!(
        (err.as_str(), code),
        ("cplab: kube-scheduler/2: kube-scheduler runs 1 replica(s) (--replicas kube-scheduler=1): no replica 2\n", Some(1))
    );
    let (_, err, code) = texts(&cplab(&["kube", "apply", &web, "--down", "etcd/4", "--etcd", "3"], ""));
    assert_eq!(
        (err.as_str(), code),
        ("cplab: etcd/4: etcd has 3 member(s) (--etcd 3): no member 4\n", Some(1))
    );
}

#[test]
fn the_scheduler_leaders_loss_is_a_blast_row_with_its_seconds() {
    let scenario = fixture("scale20.yaml");
    let args = [
        "kube",
        "run",
        &scenario,
        "--replicas",
        "kube-scheduler=2",
        "--down",
        "kube-scheduler/1@20",
        "-o",
        "blast",
    ];
    let (out, err, code) = texts(&cplab(&args, ""));
    assert_eq!(code, Some(0), "{err}");
    let row = out.lines().nth(1).expect("a row");
    assert!(row.starts_with("kube-scheduler/1@20s   ok "), "{out}");
    assert!(row.ends_with("   14s     14s     never           -          5 pods run"), "{out}");
    let (again, _, _) = texts(&cplab(&args, ""));
    assert_eq!(out, again, "the same run, byte for byte");
}

#[test]
fn snapshot_and_restore_are_flags_and_blast_prints_the_restore_with_its_lost_writes() {
    let scenario = fixture("scale20.yaml");
    let args = ["kube", "run", &scenario, "--snapshot", "10", "--restore", "40", "-o", "blast"];
    let (out, err, code) = texts(&cplab(&args, ""));
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let restore: Vec<&str> = out.lines().skip_while(|l| !l.starts_with("SNAPSHOT ")).take(2).collect();
    assert_eq!(
        restore,
        [
            "SNAPSHOT   RESTORED   REVISION   LOST WRITES   GONE   REWOUND   BACK   BELIEVED PODS   RUNNING PODS   KILLED BY KUBELETS   RECONCILED",
            "10s        40s        71 -> 43   28            2      3         0      3               5              2                    2s",
        ]
    );
    let web = fixture("web.yaml");
    for (extra, said) in [
        (
            &["--restore", "10"][..],
            "cplab: --restore 10: no snapshot to restore from (give --snapshot SECONDS)\n",
        ),
        (
            &["--snapshot", "10", "--restore", "5"][..],
            "cplab: --restore 5: the snapshot is taken at 10 s; restore later\n",
        ),
    ] {
        let mut args = vec!["kube", "apply", &web];
        args.extend_from_slice(extra);
        let (_, err, code) = texts(&cplab(&args, ""));
        assert_eq!((err.as_str(), code), (said, Some(1)));
    }
}

#[test]
fn a_node_comes_back_with_down_at_and_until_seconds() {
    let web = fixture("web.yaml");
    let (out, err, code) =
        texts(&cplab(&["kube", "apply", &web, "--down", "node/node-2@12-400", "-o", "blast"], ""));
    assert_eq!(code, Some(0), "{err}");
    let row = out.lines().nth(1).expect("a row");
    assert!(row.starts_with("node/node-2@12s (back 400s)   ok "), "{out}");
    let (_, err, code) = texts(&cplab(&["kube", "apply", &web, "--down", "node/node-2@12-5"], ""));
    assert_eq!(code, Some(2));
    assert!(err.contains("\"node/node-2@12-5\": PART@DOWN-UP comes back after it goes down"), "{err}");
    // A time with a minus sign, or a dash with nothing after it, is named whole, not as `""`.
    for (flag, said) in [
        (
            "node/node-2@-1",
            "\"node/node-2@-1\": a time of the run is never negative; PART@SECONDS or PART@DOWN-UP",
        ),
        (
            "kubelet/node-2@12-",
            "\"kubelet/node-2@12-\": no time after \"-\"; PART@DOWN-UP says when the part comes back",
        ),
    ] {
        let (_, err, code) = texts(&cplab(&["kube", "apply", &web, "--down", flag], ""));
        assert_eq!(code, Some(2));
        assert!(err.starts_with(&format!("cplab: --down: {said}\n")), "{err}");
    }
    let (_, err, code) =
        texts(&cplab(&["kube", "apply", &web, "--leases", "--down", "runtime/node-2@12-50"], ""));
    assert_eq!(
        (err.as_str(), code),
        ("cplab: runtime/node-2: back (up) is modelled for node/NODE and kubelet/NODE with the Lease side on, not for the runtime or kube-proxy\n", Some(1))
    );
}
