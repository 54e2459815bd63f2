//! etcd as kube-apiserver uses it: what is believed. Keys `/registry/...`, one revision counting
//! every write (create, update, delete), and the history of changes that watches replay.

use super::objects::{Object, Resource};
use serde::Serialize;
use std::collections::BTreeMap;

/// What a change did to a key, as a watch reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ChangeKind {
    /// The key was created.
    Added,
    /// The key was overwritten.
    Modified,
    /// The key was deleted (the object as it was last).
    Deleted,
}

impl ChangeKind {
    /// The watch event's type.
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeKind::Added => "ADDED",
            ChangeKind::Modified => "MODIFIED",
            ChangeKind::Deleted => "DELETED",
        }
    }
}

/// One write, as the history keeps it for watches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The revision the write made.
    pub revision: u64,
    /// Added or modified.
    pub kind: ChangeKind,
    /// The object as written (its key is `object.key()`).
    pub object: Object,
}

/// The store: objects by key, the revision, the history.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Ledger {
    /// The etcd revision: every write adds one.
    pub revision: u64,
    /// Every key and its object.
    pub objects: BTreeMap<String, Object>,
    /// Every write in order (what a watch from an older revision replays).
    #[serde(skip)]
    pub history: Vec<Change>,
}

impl Ledger {
    /// The object at `key`.
    pub fn get(&self, key: &str) -> Option<&Object> {
        self.objects.get(key)
    }

    /// Writes `object` at its key: the revision goes up by one and becomes its resourceVersion.
    pub fn put(&mut self, mut object: Object) -> u64 {
        self.revision += 1;
        object.meta_mut().resource_version = self.revision;
        let key = object.key();
        let kind = if self.objects.contains_key(&key) { ChangeKind::Modified } else { ChangeKind::Added };
        self.history.push(Change { revision: self.revision, kind, object: object.clone() });
        self.objects.insert(key, object);
        self.revision
    }

    /// A write of an object the model does not keep (a Lease renewal): the revision goes up by
    /// one, as every etcd write moves it; nothing a watch of the lab's resources replays.
    pub fn put_unkept(&mut self) -> u64 {
        self.revision += 1;
        self.revision
    }

    /// Deletes the object at `key`: the revision goes up by one, as every etcd write moves it,
    /// and watches replay a DELETED change. `None` when etcd holds no such key.
    pub fn delete(&mut self, key: &str) -> Option<u64> {
        let mut object = self.objects.remove(key)?;
        self.revision += 1;
        object.meta_mut().resource_version = self.revision;
        self.history.push(Change { revision: self.revision, kind: ChangeKind::Deleted, object });
        Some(self.revision)
    }

    /// Every object of a resource type (a LIST reads them all, whatever it returns).
    pub fn list(&self, resource: Resource) -> impl Iterator<Item = &Object> {
        let prefix = format!("{}/", resource.prefix());
        self.objects.range(prefix.clone()..).take_while(move |(k, _)| k.starts_with(&prefix)).map(|(_, o)| o)
    }

    /// The changes after `revision`, oldest first.
    pub fn changes_after(&self, revision: u64) -> &[Change] {
        let from = self.history.partition_point(|c| c.revision <= revision);
        &self.history[from..]
    }

    /// How many objects etcd holds.
    pub fn len(&self) -> usize {
        self.objects.len()
    }

    /// Whether etcd holds nothing.
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }
}
