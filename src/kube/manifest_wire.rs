//! What the page's manifest reader (the worker `lab_kube_reader`, a wasm module of its own)
//! hands back to the page: a file's [`Read`] written as plain text, one field a line (`\`
//! escaping a backslash and a newline), and read back into the same objects. Hand-written, so
//! the page carries no serde deserializer for it; tests/kube_manifest_wire.rs checks that every
//! test manifest and hostile strings come back exactly as the reader gave them.
//!
//! A manifest the reader gives is always fresh (no owner, resource version 0, created at 0, no
//! status, no cluster IP): those fields are not written, and are read back so.

use super::manifest::{Manifest, Read};
use super::objects::{
    Container, Labels, Meta, Object, PodTemplate, PullPolicy, Service, ServicePort, Workload,
};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Display;
use std::str::FromStr;

/// Writes `read` as the reader's answer.
pub fn encode(read: &Read) -> String {
    let mut w = Writer(String::new());
    match read {
        Err(why) => {
            w.put("E");
            w.put(why);
        }
        Ok(list) => {
            w.put("M");
            w.num(list.len());
            list.iter().for_each(|m| w.manifest(m));
        }
    }
    w.0
}

/// Reads the reader's answer back; `Err` when it is not one [`encode`] wrote (the field where
/// it stopped making sense).
pub fn decode(text: &str) -> Result<Read, String> {
    let mut r = Reader::new(text, "the manifest reader");
    match r.take()?.as_str() {
        "E" => Ok(Err(r.take()?)),
        "M" => {
            let n: usize = r.num()?;
            Ok(Ok((0..n).map(|_| r.manifest()).collect::<Result<_, _>>()?))
        }
        _ => Err(r.bad()),
    }
}

/// Fields written one a line (`\` escaping a backslash and a newline); shared with the audit
/// log's answer (`playback::audit_wire`).
pub(crate) struct Writer(pub(crate) String);

impl Writer {
    /// One field.
    pub(crate) fn put(&mut self, field: &str) {
        for c in field.chars() {
            match c {
                '\\' => self.0.push_str("\\\\"),
                '\n' => self.0.push_str("\\n"),
                c => self.0.push(c),
            }
        }
        self.0.push('\n');
    }

    /// A number as a field.
    pub(crate) fn num(&mut self, n: impl Display) {
        self.put(&n.to_string());
    }

    fn opt(&mut self, n: Option<u64>) {
        self.put(&n.map(|n| n.to_string()).unwrap_or_default());
    }

    fn labels(&mut self, labels: &Labels) {
        self.num(labels.len());
        for (k, v) in labels {
            self.put(k);
            self.put(v);
        }
    }

    fn meta(&mut self, meta: &Meta) {
        self.put(&meta.name);
        self.put(&meta.namespace);
        self.labels(&meta.labels);
    }

    fn manifest(&mut self, m: &Manifest) {
        match &m.object {
            Object::Deployment(d) => {
                self.put("D");
                self.meta(&d.meta);
                self.num(d.replicas);
                self.labels(&d.selector);
                self.labels(&d.template.labels);
                self.num(d.template.containers.len());
                for c in &d.template.containers {
                    self.put(&c.name);
                    self.put(&c.image);
                    self.put(&format!("{:?}", c.pull_policy));
                    self.opt(c.cpu_milli);
                    self.opt(c.memory_bytes);
                }
            }
            Object::Service(s) => {
                self.put("S");
                self.meta(&s.meta);
                self.labels(&s.selector);
                self.num(s.ports.len());
                for p in &s.ports {
                    self.num(p.port);
                    self.num(p.target_port);
                    self.put(&p.protocol);
                }
            }
            // The reader gives Deployments and Services only; anything else is written as
            // what no decoder accepts, so it cannot pass for something else.
            _ => self.put("?"),
        }
        self.num(m.causes.len());
        m.causes.iter().for_each(|c| self.put(c));
    }
}

/// Fields read back as [`Writer`] wrote them.
pub(crate) struct Reader<'a> {
    fields: std::str::Split<'a, char>,
    at: usize,
    /// Whose answer it is, for the error.
    whose: &'static str,
}

impl<'a> Reader<'a> {
    /// The fields of `text`, the answer of `whose` (named in the error).
    pub(crate) fn new(text: &'a str, whose: &'static str) -> Reader<'a> {
        Reader { fields: text.split('\n'), at: 0, whose }
    }

    /// The error of a field that makes no sense here.
    pub(crate) fn bad(&self) -> String {
        format!("{}'s answer is malformed at field {}", self.whose, self.at)
    }

    /// The next field.
    pub(crate) fn take(&mut self) -> Result<String, String> {
        self.at += 1;
        let raw = self.fields.next().ok_or_else(|| self.bad())?;
        let mut out = String::with_capacity(raw.len());
        let mut chars = raw.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('\\') => out.push('\\'),
                Some('n') => out.push('\n'),
                _ => return Err(self.bad()),
            }
        }
        Ok(out)
    }

    /// The next field as a number.
    pub(crate) fn num<T: FromStr>(&mut self) -> Result<T, String> {
        self.take()?.parse().map_err(|_| self.bad())
    }

    fn opt(&mut self) -> Result<Option<u64>, String> {
        let field = self.take()?;
        if field.is_empty() {
            return Ok(None);
        }
        field.parse().map(Some).map_err(|_| self.bad())
    }

    fn labels(&mut self) -> Result<Labels, String> {
        let n: usize = self.num()?;
        let pairs = (0..n).map(|_| Ok((self.take()?, self.take()?))).collect::<Result<Vec<_>, String>>()?;
        Ok(map_of(pairs))
    }

    fn meta(&mut self) -> Result<Meta, String> {
        Ok(Meta {
            name: self.take()?,
            namespace: self.take()?,
            labels: self.labels()?,
            owner: None,
            resource_version: 0,
            created_ms: 0,
        })
    }

    fn container(&mut self) -> Result<Container, String> {
        let (name, image) = (self.take()?, self.take()?);
        let pull_policy = match self.take()?.as_str() {
            "Always" => PullPolicy::Always,
            "IfNotPresent" => PullPolicy::IfNotPresent,
            "Never" => PullPolicy::Never,
            _ => return Err(self.bad()),
        };
        Ok(Container { name, image, pull_policy, cpu_milli: self.opt()?, memory_bytes: self.opt()? })
    }

    fn deployment(&mut self) -> Result<Object, String> {
        let (meta, replicas, selector, labels) = (self.meta()?, self.num()?, self.labels()?, self.labels()?);
        let n: usize = self.num()?;
        let containers = (0..n).map(|_| self.container()).collect::<Result<_, _>>()?;
        let template = PodTemplate { labels, containers };
        Ok(Object::Deployment(Workload {
            meta,
            replicas,
            selector,
            template,
            status_replicas: 0,
            ready_replicas: 0,
        }))
    }

    fn service(&mut self) -> Result<Object, String> {
        let (meta, selector) = (self.meta()?, self.labels()?);
        let n: usize = self.num()?;
        let port =
            |r: &mut Self| Ok(ServicePort { port: r.num()?, target_port: r.num()?, protocol: r.take()? });
        let ports = (0..n).map(|_| port(self)).collect::<Result<_, String>>()?;
        Ok(Object::Service(Service { meta, selector, ports, cluster_ip: String::new() }))
    }

    fn manifest(&mut self) -> Result<Manifest, String> {
        let object = match self.take()?.as_str() {
            "D" => self.deployment()?,
            "S" => self.service()?,
            _ => return Err(self.bad()),
        };
        let n: usize = self.num()?;
        let causes = (0..n).map(|_| self.take()).collect::<Result<_, _>>()?;
        Ok(Manifest { object, causes })
    }
}

/// A map built by insertion, the last of equal keys kept, as collecting one keeps it: collecting
/// sorts the entries first, with a stable sort the page then carries once per entry type (about
/// 2 KB of wasm each; docs/size.md).
pub(crate) fn map_of<K: Ord, V>(entries: Vec<(K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    for (key, value) in entries {
        map.insert(key, value);
    }
    map
}

/// A set built by insertion (see [`map_of`]).
pub(crate) fn set_of<T: Ord>(items: Vec<T>) -> BTreeSet<T> {
    let mut set = BTreeSet::new();
    for item in items {
        set.insert(item);
    }
    set
}
