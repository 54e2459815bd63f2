//! What kube-apiserver refuses with 422 Invalid, in its words: the checks of k/k
//! `pkg/apis/apps/validation/validation.go` (ValidateDeploymentSpec), `pkg/apis/core/validation/
//! validation.go` (containers, Service ports) and apimachinery's name rules the model's objects
//! can break; and how the status and kubectl's line read.

use super::objects::{Labels, PodTemplate};

/// apimachinery `validation.IsDNS1123Subdomain`'s message (`staging/src/k8s.io/apimachinery/pkg/
/// util/validation/validation.go`).
const DNS1123_SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/// Whether `name` is a DNS-1123 subdomain (at most 253 characters).
pub fn is_dns1123_subdomain(name: &str) -> bool {
    let label_ok = |l: &str| {
        !l.is_empty()
            && l.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    name.len() <= 253 && name.split('.').all(label_ok)
}

/// Go's `%#v` of a `map[string]string` (keys sorted, as fmt prints maps).
fn go_map(labels: &Labels) -> String {
    let pairs: Vec<String> = labels.iter().map(|(k, v)| format!("{k:?}:{v:?}")).collect();
    format!("map[string]string{{{}}}", pairs.join(", "))
}

/// The name's cause, if it is not a DNS-1123 subdomain.
fn name_cause(name: &str) -> Option<String> {
    (!is_dns1123_subdomain(name)).then(|| format!("metadata.name: Invalid value: {name:?}: {DNS1123_SUBDOMAIN}"))
}

/// Why a Deployment is invalid, in kube-apiserver's order.
pub fn deployment_causes(name: &str, replicas: i32, selector: &Labels, template: &PodTemplate) -> Vec<String> {
    let mut causes: Vec<String> = name_cause(name).into_iter().collect();
    if replicas < 0 {
        // ValidateNonnegativeField: "must be greater than or equal to 0".
        causes.push(format!("spec.replicas: Invalid value: {replicas}: must be greater than or equal to 0"));
    }
    if selector.is_empty() {
        causes.push("spec.selector: Required value".to_string());
    }
    if !selector.is_empty() && !selector.iter().all(|(k, v)| template.labels.get(k) == Some(v)) {
        causes.push(format!(
            "spec.template.metadata.labels: Invalid value: {}: `selector` does not match template `labels`",
            go_map(&template.labels)
        ));
    }
    if template.containers.is_empty() {
        causes.push("spec.template.spec.containers: Required value".to_string());
    }
    for (i, c) in template.containers.iter().enumerate() {
        if c.name.is_empty() {
            causes.push(format!("spec.template.spec.containers[{i}].name: Required value"));
        }
        if c.image.is_empty() {
            causes.push(format!("spec.template.spec.containers[{i}].image: Required value"));
        }
    }
    causes
}

/// Why a Service (ClusterIP) is invalid.
pub fn service_causes(name: &str, ports: &[i32]) -> Vec<String> {
    let mut causes: Vec<String> = name_cause(name).into_iter().collect();
    if ports.is_empty() {
        causes.push("spec.ports: Required value".to_string());
    }
    for (i, port) in ports.iter().enumerate() {
        if !(1..=65535).contains(port) {
            causes.push(format!("spec.ports[{i}].port: Invalid value: {port}: must be between 1 and 65535, inclusive"));
        }
    }
    causes
}

/// The 422 status message: `Kind.group "name" is invalid: cause` (several: `[a, b]`), as
/// `apierrors.NewInvalid` writes it (`staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go`).
pub fn invalid_status(kind: &str, group: &str, name: &str, causes: &[String]) -> String {
    let qualified = if group.is_empty() { kind.to_string() } else { format!("{kind}.{group}") };
    let list = match causes {
        [one] => one.clone(),
        many => format!("[{}]", many.join(", ")),
    };
    format!("{qualified} {name:?} is invalid: {list}")
}

/// kubectl's line for a 422: `The Kind "name" is invalid: cause`, several causes one per line
/// after `* ` (kubectl `pkg/cmd/util/helpers.go`, `StandardErrorMessage`).
pub fn invalid_kubectl(kind: &str, name: &str, causes: &[String]) -> String {
    match causes {
        [one] => format!("The {kind} {name:?} is invalid: {one}"),
        many => {
            let lines: Vec<String> = many.iter().map(|c| format!("* {c}")).collect();
            format!("The {kind} {name:?} is invalid: \n{}", lines.join("\n"))
        }
    }
}

/// A CPU quantity in millicores: `250m`, `1`, `0.5`.
pub fn parse_cpu(text: &str) -> Option<u64> {
    match text.strip_suffix('m') {
        Some(milli) => milli.parse().ok(),
        None => decimal_thousandths(text),
    }
}

/// A decimal number times 1000, exactly (at most three decimals).
fn decimal_thousandths(text: &str) -> Option<u64> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if frac.len() > 3 || (whole.is_empty() && frac.is_empty()) {
        return None;
    }
    let whole: u64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let frac_value: u64 = if frac.is_empty() { 0 } else { format!("{frac:0<3}").parse().ok()? };
    whole.checked_mul(1000)?.checked_add(frac_value)
}

/// A memory quantity in bytes: `128Mi`, `1G`, `500`.
pub fn parse_memory(text: &str) -> Option<u64> {
    const SUFFIXES: [(&str, u64); 8] = [
        ("Ki", 1 << 10),
        ("Mi", 1 << 20),
        ("Gi", 1 << 30),
        ("Ti", 1 << 40),
        ("k", 1000),
        ("M", 1_000_000),
        ("G", 1_000_000_000),
        ("T", 1_000_000_000_000),
    ];
    for (suffix, unit) in SUFFIXES {
        if let Some(number) = text.strip_suffix(suffix) {
            return number.parse::<u64>().ok()?.checked_mul(unit);
        }
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_read_as_kubernetes_writes_them() {
        assert_eq!(parse_cpu("250m"), Some(250));
        assert_eq!(parse_cpu("1.5"), Some(1500));
        assert_eq!(parse_cpu("x"), None);
        assert_eq!(parse_memory("128Mi"), Some(128 << 20));
        assert_eq!(parse_memory("1G"), Some(1_000_000_000));
        assert_eq!(parse_memory("-1"), None);
    }

    #[test]
    fn the_status_and_kubectl_say_it_as_kubernetes_does() {
        let cause = vec!["spec.replicas: Invalid value: -1: must be greater than or equal to 0".to_string()];
        assert_eq!(
            invalid_status("Deployment", "apps", "web", &cause),
            "Deployment.apps \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0"
        );
        assert_eq!(
            invalid_kubectl("Deployment", "web", &cause),
            "The Deployment \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0"
        );
        assert!(is_dns1123_subdomain("web.v1") && !is_dns1123_subdomain("Web") && !is_dns1123_subdomain("-a"));
    }
}
