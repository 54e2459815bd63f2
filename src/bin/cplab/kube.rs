//! `cplab kube`: the real control plane (issue 30). `apply FILE` runs manifests on the default
//! cluster; `run SCENARIO` runs a scenario. What it prints is `cplab::kube::output::printed`.
//! `audit FILE` reads a real cluster's audit log and `compare MANIFEST` sets the same request
//! three ways (issue 32, `crate::audit`).

use crate::input::read_file;
use crate::output::{print, Mode, Shown};
use crate::Failure;
use clap::{Args, Subcommand};
use cplab::kube::audit::Level;
use cplab::kube::flags::{parse_down, parse_members, parse_replicas, seconds};
use cplab::kube::output::{printed, Output};
use cplab::kube::scenario::{Fault, Replicated};
use cplab::kube::{simulate, Scenario};
use std::io::{self, Write};
use std::path::Path;

/// `cplab kube`'s subcommands.
#[derive(Subcommand)]
pub enum KubeCommand {
    /// kubectl apply -f FILE (manifests, --- separated) on node-1..3, run until quiet
    Apply(ApplyArgs),
    /// Run a scenario: nodes, manifests at seconds, parts down and back, assumptions
    Run(ScenarioArgs),
    /// Read a real cluster's audit log (kube-apiserver's JSON lines) and print its trace: one row
    /// per request, the request's journey first, then leases, events and heartbeats, then the bad
    /// lines; --body KEY prints that key's request and response bodies
    Audit(crate::audit::AuditArgs),
    /// The same request three ways: the lesson's toy, the simulation of kubectl apply -f
    /// MANIFEST, and an audit log of it: components, writes to etcd, reads, what each leaves out
    Compare(crate::audit::CompareArgs),
}

/// What both subcommands take.
#[derive(Args)]
pub struct RunOptions {
    /// A part down from the start, or PART@SECONDS from then, or PART@SECONDS-SECONDS down and
    /// back (a node or its kubelet back after its eviction: node/NODE@12-400): kube-apiserver, etcd,
    /// kube-scheduler, kube-controller-manager, kubelet/NODE, kube-proxy/NODE, runtime/NODE;
    /// node/NODE (the whole node); etcd/K (member K; 1 leads at the start); PART/K (replica K of
    /// kube-apiserver, kube-scheduler or kube-controller-manager; 1 holds each Lease)
    #[arg(long, value_name = "PART[@SECONDS[-SECONDS]]", value_parser = parse_down)]
    down: Vec<Fault>,
    /// etcd's members, 1 to 7 (default 1)
    #[arg(long, value_name = "N", value_parser = parse_members)]
    etcd: Option<u32>,
    /// Replicas of a part, 1 to 7 (default 1): kube-apiserver=N, kube-scheduler=N,
    /// kube-controller-manager=N; repeat for several
    #[arg(long, value_name = "PART=N", value_parser = parse_replicas)]
    replicas: Vec<(Replicated, u32)>,
    /// The Lease side on: leader and node Leases renewed (etcd writes), the node lifecycle
    /// controller acting on a silent node (on by itself with --etcd, --replicas, etcd/K, PART/K
    /// or node/NODE)
    #[arg(long)]
    leases: bool,
    /// etcdctl snapshot save at this second (etcd's revision then)
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    snapshot: Option<f64>,
    /// Restore etcd from that snapshot at this later second: every write after it is gone from
    /// etcd, what runs is not rewound; kube-apiserver and every component restart (the
    /// Kubernetes docs' procedure)
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    restore: Option<f64>,
    /// End the run at this second if it is not quiet before
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    until: Option<f64>,
    /// What to print: events, pods, trace, blast, json, audit (kube-apiserver's audit log)
    #[arg(short = 'o', long = "output", default_value = "events", value_parser = parse_output)]
    output: Output,
    /// The level of -o audit's events: Metadata, Request or RequestResponse
    #[arg(long, value_name = "LEVEL", default_value = "Metadata", value_parser = parse_level)]
    audit_level: Level,
}

/// `cplab kube apply`'s arguments.
#[derive(Args)]
pub struct ApplyArgs {
    /// The manifest file
    file: String,
    /// kubectl's --validate (false: no OpenAPI download first)
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    validate: bool,
    #[command(flatten)]
    options: RunOptions,
}

/// `cplab kube run`'s arguments.
#[derive(Args)]
pub struct ScenarioArgs {
    /// The scenario (YAML; docs/kube.md)
    scenario: String,
    #[command(flatten)]
    options: RunOptions,
}

fn parse_output(text: &str) -> Result<Output, String> {
    Output::parse(text).ok_or_else(|| format!("{text:?}: events, pods, trace, blast, json or audit"))
}

fn parse_level(text: &str) -> Result<Level, String> {
    match text {
        "Metadata" => Ok(Level::Metadata),
        "Request" => Ok(Level::Request),
        "RequestResponse" => Ok(Level::RequestResponse),
        _ => Err(format!("{text:?}: Metadata, Request or RequestResponse")),
    }
}

impl KubeCommand {
    /// Runs the subcommand.
    pub fn run(self) -> Result<(), Failure> {
        let (scenario, options) = match self {
            KubeCommand::Apply(args) => {
                let text = read_file(&args.file)?;
                let name = Path::new(&args.file).file_name().and_then(|n| n.to_str()).unwrap_or(&args.file);
                let mut scenario = Scenario::for_file(name, &text);
                scenario.apply.iter_mut().for_each(|a| a.validate = args.validate);
                (scenario, args.options)
            }
            KubeCommand::Run(args) => (read_scenario(&args.scenario)?, args.options),
            KubeCommand::Audit(args) => return args.run(),
            KubeCommand::Compare(args) => return args.run(),
        };
        run(scenario, options)
    }
}

/// A scenario file, with each `apply` that names only a file read from beside it.
fn read_scenario(path: &str) -> Result<Scenario, Failure> {
    let mut scenario =
        Scenario::from_yaml(&read_file(path)?).map_err(|e| Failure::Input(format!("{path}: {e}")))?;
    let dir = Path::new(path).parent().unwrap_or(Path::new("."));
    for apply in &mut scenario.apply {
        if apply.manifests.is_none() {
            let file = dir.join(&apply.file);
            apply.manifests = Some(read_file(&file.to_string_lossy())?);
        }
    }
    Ok(scenario)
}

fn run(mut scenario: Scenario, options: RunOptions) -> Result<(), Failure> {
    scenario.faults.extend(options.down);
    if let Some(members) = options.etcd {
        scenario.etcd = members;
    }
    for (part, n) in options.replicas {
        *scenario.replicas.of_mut(part) = n;
    }
    scenario.leases |= options.leases;
    if options.until.is_some() {
        scenario.until = options.until;
    }
    scenario.snapshot = options.snapshot.or(scenario.snapshot);
    scenario.restore = options.restore.or(scenario.restore);
    let run = simulate(&scenario).map_err(Failure::Input)?;
    let files: Vec<String> = scenario.apply.iter().map(|a| a.file.clone()).collect();
    let output = match options.output {
        Output::Audit(_) => Output::Audit(options.audit_level),
        other => other,
    };
    let out = printed(&run, &files, output);
    if options.output == Output::Json {
        let mut w = Shown::new(io::stdout().lock(), Mode::Json);
        w.write_all(out.stdout.as_bytes())
            .and_then(|()| w.flush())
            .map_err(|e| Failure::Input(format!("writing: {e}")))?;
    } else {
        print(&out.stdout)?;
    }
    let mut err = Shown::new(io::stderr().lock(), Mode::Text);
    let _ = err.write_all(out.stderr.as_bytes()).and_then(|()| err.flush());
    if out.code != 0 {
        return Err(Failure::Printed);
    }
    Ok(())
}
