//! Which component sent a request, from the authenticated `user.username`; the `userAgent` is
//! set by the client and "must not be trusted" (types.go), so it only ever adds a hint.

use std::fmt;

/// The service-account prefix of kube-system (`system:serviceaccount:<namespace>:<name>`,
/// https://kubernetes.io/docs/reference/access-authn-authz/service-accounts-admin/).
const KUBE_SYSTEM_SA: &str = "system:serviceaccount:kube-system:";

/// The controllers of kube-controller-manager that have a service account of their own: each
/// `system:controller:<name>` role of kubernetes/kubernetes
/// `plugin/pkg/auth/authorizer/rbac/bootstrappolicy/controller_policy.go` is bound to the
/// service account `kube-system:<name>` there (`addControllerRole`); with
/// `--use-service-account-credentials` (kubeadm, hence kind, sets it:
/// `cmd/kubeadm/app/phases/controlplane/manifests.go`) each controller authenticates as its own
/// (`staging/src/k8s.io/controller-manager/pkg/clientbuilder/client_builder_dynamic.go`). Those
/// behind a feature gate in that file are included: a cluster that enables the gate has them.
pub const CONTROLLERS: [&str; 42] = [
    "attachdetach-controller",
    "certificate-controller",
    "clusterrole-aggregation-controller",
    "cronjob-controller",
    "daemon-set-controller",
    "deployment-controller",
    "device-taint-eviction-controller",
    "disruption-controller",
    "endpoint-controller",
    "endpointslice-controller",
    "endpointslicemirroring-controller",
    "ephemeral-volume-controller",
    "expand-controller",
    "generic-garbage-collector",
    "horizontal-pod-autoscaler",
    "job-controller",
    "kube-apiserver-serving-clustertrustbundle-publisher",
    "legacy-service-account-token-cleaner",
    "namespace-controller",
    "node-controller",
    "persistent-volume-binder",
    "pod-garbage-collector",
    "podcertificaterequestcleaner",
    "pv-protection-controller",
    "pvc-protection-controller",
    "replicaset-controller",
    "replication-controller",
    "resource-claim-controller",
    "resourcequota-controller",
    "root-ca-cert-publisher",
    "route-controller",
    "selinux-warning-controller",
    "service-account-controller",
    "service-cidrs-controller",
    "service-controller",
    "statefulset-controller",
    "storage-version-garbage-collector",
    "storage-version-migrator-controller",
    "ttl-after-finished-controller",
    "ttl-controller",
    "validatingadmissionpolicy-status-controller",
    "volumeattributesclass-protection-controller",
];

/// Which of kube-controller-manager's controllers sent a request, and how we know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Controller {
    /// From the authenticated service account: certain.
    Account(String),
    /// From the last `/`-part of the `userAgent` (kube-controller-manager appends the
    /// controller's name there: `client_builder.go`): a hint only.
    AgentSays(String),
    /// Neither says.
    Unknown,
}

/// The component that sent a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Component {
    /// `system:kube-scheduler` (https://kubernetes.io/docs/reference/access-authn-authz/rbac/,
    /// core component roles).
    Scheduler,
    /// `system:kube-controller-manager`, or a controller's own service account.
    ControllerManager(Controller),
    /// `system:node:<node>`: that node's kubelet
    /// (https://kubernetes.io/docs/reference/access-authn-authz/node/).
    Kubelet(String),
    /// `system:kube-proxy` (rbac.md, core component roles) or the service account
    /// `kube-system:kube-proxy` that kubeadm gives it (`KubeProxyServiceAccountName` in
    /// `cmd/kubeadm/app/phases/addons/proxy/proxy.go`).
    KubeProxy,
    /// `system:apiserver`: kube-apiserver's own loopback client.
    ApiServer,
    /// Anyone else, such as kubectl: the user's name.
    Client(String),
}

impl Component {
    /// The component of `username`, with `user_agent` as a hint where the name leaves the
    /// controller open.
    pub fn of(username: &str, user_agent: &str) -> Component {
        match username {
            "system:kube-scheduler" => return Component::Scheduler,
            "system:kube-proxy" => return Component::KubeProxy,
            "system:apiserver" => return Component::ApiServer,
            "system:kube-controller-manager" => return Component::ControllerManager(agent_hint(user_agent)),
            _ => {}
        }
        if let Some(node) = username.strip_prefix("system:node:").filter(|n| !n.is_empty()) {
            return Component::Kubelet(node.to_string());
        }
        match username.strip_prefix(KUBE_SYSTEM_SA) {
            Some("kube-proxy") => Component::KubeProxy,
            Some(sa) if CONTROLLERS.contains(&sa) => {
                Component::ControllerManager(Controller::Account(sa.to_string()))
            }
            _ => Component::Client(username.to_string()),
        }
    }

    /// Whether this is one of the control plane's own parts or a kubelet/kube-proxy (not a client).
    pub fn is_cluster(&self) -> bool {
        !matches!(self, Component::Client(_))
    }
}

/// The controller a kube-controller-manager user agent names last: `.../deployment-controller`
/// or `.../system:serviceaccount:kube-system:deployment-controller`, if it is in the table.
fn agent_hint(user_agent: &str) -> Controller {
    let last = user_agent.rsplit('/').next().unwrap_or("");
    let name = last.strip_prefix(KUBE_SYSTEM_SA).unwrap_or(last);
    if CONTROLLERS.contains(&name) {
        Controller::AgentSays(name.to_string())
    } else {
        Controller::Unknown
    }
}

impl fmt::Display for Component {
    /// `kube-scheduler`, `kube-controller-manager/deployment-controller` (`?` after a name that
    /// only the user agent gives), `kubelet@node-1`, `kube-proxy`, `kube-apiserver`, or the
    /// client's user name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Component::Scheduler => f.write_str("kube-scheduler"),
            Component::ControllerManager(Controller::Account(c)) => write!(f, "kube-controller-manager/{c}"),
            Component::ControllerManager(Controller::AgentSays(c)) => {
                write!(f, "kube-controller-manager/{c}?")
            }
            Component::ControllerManager(Controller::Unknown) => f.write_str("kube-controller-manager"),
            Component::Kubelet(node) => write!(f, "kubelet@{node}"),
            Component::KubeProxy => f.write_str("kube-proxy"),
            Component::ApiServer => f.write_str("kube-apiserver"),
            Component::Client(user) if user.is_empty() => f.write_str("client (no user)"),
            Component::Client(user) => write!(f, "client {user}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_each_component_from_its_user() {
        let cases = [
            (
                "system:kube-scheduler",
                "kube-scheduler/v1.31.0 (linux/amd64) kubernetes/9b0e5a3/scheduler",
                "kube-scheduler",
            ),
            (
                "system:serviceaccount:kube-system:replicaset-controller",
                "",
                "kube-controller-manager/replicaset-controller",
            ),
            (
                "system:kube-controller-manager",
                "kube-controller-manager/v1.31.0 (linux/amd64) kubernetes/9b0e5a3/node-controller",
                "kube-controller-manager/node-controller?",
            ),
            (
                "system:kube-controller-manager",
                "kube-controller-manager/v1.31.0 (linux/amd64) kubernetes/9b0e5a3/leader-election",
                "kube-controller-manager",
            ),
            ("system:node:kind-worker", "kubelet/v1.31.0", "kubelet@kind-worker"),
            ("system:node:", "", "client system:node:"),
            ("system:serviceaccount:kube-system:kube-proxy", "", "kube-proxy"),
            ("system:kube-proxy", "", "kube-proxy"),
            ("system:apiserver", "", "kube-apiserver"),
            (
                "system:serviceaccount:kube-system:coredns",
                "",
                "client system:serviceaccount:kube-system:coredns",
            ),
            ("kubernetes-admin", "kubectl/v1.31.0", "client kubernetes-admin"),
            // A client that claims to be a controller in its user agent stays a client.
            ("alice", "kube-controller-manager/v1.31.0/deployment-controller", "client alice"),
        ];
        for (user, agent, want) in cases {
            assert_eq!(Component::of(user, agent).to_string(), want, "{user} {agent}");
        }
    }

    #[test]
    fn the_table_is_sorted_and_has_no_repeats() {
        assert!(CONTROLLERS.windows(2).all(|w| w[0] < w[1]));
    }
}
