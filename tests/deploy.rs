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

/// The shell index.html paints before the lab arrives says what the lab's own header says (in
/// English, the page's language until the lab mounts), has no script or inline style (the policy
/// allows neither), and is hidden from assistive technology, with no test id the lab uses.
#[test]
fn the_shell_says_what_the_lab_says() {
    let html = std::fs::read_to_string(support::root().join("index.html")).expect("index.html");
    let body = &html[html.find("<body>").expect("a body")..];
    let shell = &body[..body.find("</main>").expect("the shell")];
    assert!(shell.contains(r#"<main class="lab shell" id="shell" aria-hidden="true">"#), "{shell}");
    assert!(shell.contains(&format!("<h1>{}</h1>", cplab::messages::EN.title)), "{shell}");
    assert!(shell.contains(&format!("<p>{}</p>", cplab::messages::EN.intro)), "{shell}");
    for banned in ["<script", "style=", "data-testid"] {
        assert!(!body.contains(banned), "{banned} in the body: {body}");
    }
}
