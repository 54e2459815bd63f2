//! What ships: the Content-Security-Policy for the course's web server admits the course's pages
//! as frame ancestors and nothing local (test pages come from a test build, not from here).
#![cfg(not(target_arch = "wasm32"))] // native: reads the deploy files

mod support;

#[test]
fn the_shipped_policy_frames_the_lab_only_in_the_course() {
    let policy =
        std::fs::read_to_string(support::root().join("deploy/content-security-policy")).expect("policy");
    let ancestors = policy
        .lines()
        .find_map(|l| l.trim().strip_prefix("frame-ancestors "))
        .expect("a frame-ancestors directive");
    let sources: Vec<&str> = ancestors.trim_end_matches(';').split_whitespace().collect();
    assert_eq!(sources, ["'self'", "https://academia.sh", "https://*.academia.sh"]);
    assert!(!policy.contains("localhost") && !policy.contains("127.0.0.1"), "{policy}");
}
