//! A real cluster's audit log, read into the requests a student can follow, and written back.
//!
//! kube-apiserver's log backend writes one JSON event per line and per stage of each request
//! (`audit.k8s.io/v1`, types in kubernetes/kubernetes
//! `staging/src/k8s.io/apiserver/pkg/apis/audit/v1/types.go`). This module, pure and importing
//! nothing else of the crate:
//! - reads the events ([`AuditEvent`], [`parse_line`]), naming each line that is not one;
//! - gathers them into one [`RequestRow`] per request ([`Collector`]), each stage counted once,
//!   with its component ([`Component`], from the authenticated user), op, key, items read,
//!   code and writes to etcd, and leases, events and heartbeats marked as background
//!   ([`Background`], counted by [`BackgroundCounts`]);
//! - reads a large log as a stream of chunks with progress and stated limits ([`AuditReader`]);
//! - renders the trace as text ([`render`]), a request's bodies on demand ([`bodies`]), and
//!   writes events back as a log ([`write_log`]).
//!
//! docs/audit.md explains the mapping and its sources.

mod background;
mod bodies;
mod collect;
mod event;
mod identity;
mod line;
mod names;
mod order;
mod render;
mod row;
mod stream;
mod time;
mod write;

pub use background::{written, Background, BackgroundCounts, KindCount};
pub use bodies::{bodies, pretty_json, row_bodies, row_bodies_printed};
pub use collect::{rows_of_events, Added, Collector};
pub use event::{
    AuditEvent, Level, ObjectReference, Stage, Status, UserInfo, API_VERSION_V1, API_VERSION_V1BETA1,
};
pub use identity::{Component, Controller, CONTROLLERS};
pub use line::{parse_events, parse_line, LineError, LineErrorKind};
pub use names::NameFill;
pub use order::{order_rows, RowOrder, Work};
pub use render::{millis, render, row_cells, tally, TRACE_HEADS};
pub use row::{Body, NameSource, Op, RequestRow, Tally, WatchSpan};
pub use stream::{
    read_log, read_stream, AuditReader, AuditTrace, Limits, Progress, ReadError, ReadOptions, CHUNK_BYTES,
    LIMITS,
};
pub use time::{MicroTime, TimeError};
pub use write::{at_level, write_log, WriteError, WriteOptions};
