//! The audit event as kube-apiserver's log backend writes it: one JSON object a line.
//!
//! Field names and casing follow kubernetes/kubernetes
//! `staging/src/k8s.io/apiserver/pkg/apis/audit/v1/types.go` (`Event`, `ObjectReference`), the
//! user follows `staging/src/k8s.io/api/authentication/v1/types.go` (`UserInfo`) and the status
//! `staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/types.go` (`Status`). Fields Go marks
//! `omitempty` are skipped when empty; fields this reader does not know are ignored (serde's
//! default), so newer logs still load. The older `audit.k8s.io/v1beta1` adds `timestamp` and
//! `metadata` (liggitt/audit2rbac `testdata/demo.log`); both are read, and never written.

use super::time::MicroTime;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// The `apiVersion` of the events this module writes (types.go's package, group `audit.k8s.io`).
pub const API_VERSION_V1: &str = "audit.k8s.io/v1";
/// The older version kube-apiserver wrote until v1.24; still read.
pub const API_VERSION_V1BETA1: &str = "audit.k8s.io/v1beta1";

/// How much of a request the event records (types.go `Level`). `None` logs nothing, so no line
/// carries it; it is accepted all the same.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    None,
    Metadata,
    Request,
    RequestResponse,
}

/// When in handling the request the event was made (types.go `Stage`), in handling order.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
    /// As soon as the audit handler has the request.
    RequestReceived,
    /// Headers sent, body not yet: only long-running requests such as a watch.
    ResponseStarted,
    /// The response body is complete.
    ResponseComplete,
    /// The handler panicked.
    Panic,
}

impl Stage {
    /// Every stage, in handling order.
    pub const ALL: [Stage; 4] =
        [Stage::RequestReceived, Stage::ResponseStarted, Stage::ResponseComplete, Stage::Panic];

    /// The stage's name as the log spells it.
    pub fn name(self) -> &'static str {
        match self {
            Stage::RequestReceived => "RequestReceived",
            Stage::ResponseStarted => "ResponseStarted",
            Stage::ResponseComplete => "ResponseComplete",
            Stage::Panic => "Panic",
        }
    }
}

/// Who sent the request (authentication/v1 `UserInfo`; every field `omitempty`).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub username: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub extra: BTreeMap<String, Vec<String>>,
}

/// The object a request is aimed at (types.go `ObjectReference`; every field `omitempty`).
/// A List has no name; a create by `generateName` has none at first either.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
pub struct ObjectReference {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub resource: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub namespace: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,
    #[serde(rename = "apiGroup", default, skip_serializing_if = "String::is_empty")]
    pub api_group: String,
    #[serde(rename = "apiVersion", default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub resource_version: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub subresource: String,
}

/// The response's status (meta/v1 `Status`): on success only `code` (types.go's comment on
/// `ResponseStatus`). Its `details` and `metadata` are not kept.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
pub struct Status {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub status: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    /// The HTTP status code; 0 when the log leaves it out (`omitempty`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub code: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// One audit event: one stage of one request (types.go `Event`).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct AuditEvent {
    /// `Event` (TypeMeta, inline).
    pub kind: String,
    /// `audit.k8s.io/v1` or `audit.k8s.io/v1beta1`.
    pub api_version: String,
    pub level: Level,
    /// One per request, shared by all its stages.
    #[serde(rename = "auditID")]
    pub audit_id: String,
    pub stage: Stage,
    #[serde(rename = "requestURI", default)]
    pub request_uri: String,
    /// The Kubernetes verb (get, list, watch, create, ...) or, for a non-resource request, the
    /// lower-cased HTTP method.
    pub verb: String,
    #[serde(default)]
    pub user: UserInfo,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub impersonated_user: Option<UserInfo>,
    #[serde(rename = "sourceIPs", default, skip_serializing_if = "Vec::is_empty")]
    pub source_ips: Vec<String>,
    /// Set by the client and "must not be trusted" (types.go): a hint only.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub user_agent: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object_ref: Option<ObjectReference>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_status: Option<Status>,
    /// The request's body, at level Request and up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_object: Option<Value>,
    /// The response's body, at level RequestResponse only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_object: Option<Value>,
    /// When kube-apiserver received the request (microseconds). v1beta1 logs may lack it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_received_timestamp: Option<MicroTime>,
    /// When the request reached this stage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage_timestamp: Option<MicroTime>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    /// v1beta1 only: the event's time, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<MicroTime>,
    /// v1beta1 only: an ObjectMeta, never meaningful in a log line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Value>,
}

impl AuditEvent {
    /// When the request was received: `requestReceivedTimestamp`, else (v1beta1) `timestamp`.
    pub fn received(&self) -> Option<&MicroTime> {
        self.request_received_timestamp.as_ref().or(self.timestamp.as_ref())
    }

    /// The HTTP code of the response, where the event records one.
    pub fn code(&self) -> Option<i32> {
        self.response_status.as_ref().map(|s| s.code).filter(|c| *c != 0)
    }
}
