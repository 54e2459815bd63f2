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

/// The one inline script in index.html (the start, which asks for the lab's files as soon as the
/// page is read) is allowed by the shipped policy by its hash, and by nothing looser: edit the
/// script and this names the hash the policy must carry.
#[test]
fn the_shipped_policy_allows_the_start_script_by_its_hash() {
    use base64::Engine;
    use sha2::Digest;
    let html = std::fs::read_to_string(support::root().join("index.html")).expect("index.html");
    let policy =
        std::fs::read_to_string(support::root().join("deploy/content-security-policy")).expect("policy");
    let inline: Vec<&str> =
        html.split("<script>").skip(1).filter_map(|s| s.split("</script>").next()).collect();
    assert_eq!(inline.len(), 1, "one inline script, the start");
    let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(inline[0].as_bytes()));
    let scripts = policy.lines().find_map(|l| l.trim().strip_prefix("script-src ")).expect("script-src");
    let sources: Vec<&str> = scripts.trim_end_matches(';').split_whitespace().collect();
    assert_eq!(sources, ["'self'", "'wasm-unsafe-eval'", &format!("'sha256-{hash}'")], "{policy}");
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
