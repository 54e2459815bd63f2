//! What a teacher hands out for an assignment: the student link, the iframe snippet for the
//! course page, and the answer key as `cplab answer-key` prints it (the CLI calls
//! [`answer_key_table`] too: one table).

use super::assignment::Item;
use super::report::encode_link;
use super::share::escape;
use crate::formats::json::{quoted, visible};

/// The student link: the lab's address `base` (without a query) and `?a=` with the file.
pub fn student_link(base: &str, text: &str) -> String {
    format!("{base}?a={}", encode_link(text))
}

/// The course page's script that receives the lab's messages (docs/embedding.md, "Embedding in
/// the course page", prints the same text, and tests/docs.rs holds the two to one): it follows
/// the lab's height, collects its results (xAPI statements) and says when the lab never starts.
pub const HOST_SCRIPT: &str = include_str!("host_script.js");

/// The snippet for the course page (docs/embedding.md, "Embedding in the course page"): `about`
/// (what the snippet is, as an HTML comment), the lab at `base` embedded with the page's fixed
/// height, posting only to `host` (the course page's origin), and the host script that receives
/// its results. None when `host` is not an origin: a snippet with it would report to no page.
pub fn iframe_snippet(base: &str, text: &str, host: &str, about: &str) -> Option<String> {
    if check_host(host, true) == HostCheck::NotAnOrigin {
        return None;
    }
    let mut host_param = String::new();
    escape(&mut host_param, host.trim());
    let src = format!("{base}?embed=1&height=fixed&host={host_param}&a={}", encode_link(text));
    // A comment ends at the first "--": the teacher's words never end it early.
    let mut about = about.to_string();
    while about.contains("--") {
        about = about.replace("--", "- -");
    }
    Some(format!(
        "<!-- {about} -->\n<iframe\n  title=\"Control Plane Lab\"\n  src=\"{}\"\n  sandbox=\"allow-scripts allow-same-origin allow-downloads\"\n  style=\"width: 100%; height: 720px; border: 0\"\n></iframe>\n<script>\n{HOST_SCRIPT}</script>\n",
        src.replace('&', "&amp;").replace('"', "&quot;")
    ))
}

/// What the origin typed for the snippet's `host=` means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostCheck {
    /// An origin the lab reports to.
    Reports,
    /// Not an origin: an origin is a scheme and a name, and a port if any, with nothing after.
    NotAnOrigin,
    /// An origin the lab's build does not report to: framed there it runs, tells the students
    /// their results are not reported, and sends none (`embed::host_allowed`).
    NotAllowed,
}

/// Checks the origin typed for `host=` (`local`: the build admits local pages too).
pub fn check_host(origin: &str, local: bool) -> HostCheck {
    let origin = origin.trim();
    let Some(rest) = origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://")) else {
        return HostCheck::NotAnOrigin;
    };
    let (name, port) = match rest.split_once(':') {
        Some((name, port)) => (name, Some(port)),
        None => (rest, None),
    };
    let name_ok =
        !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    let port_ok = port.is_none_or(super::embed::valid_port);
    if !(name_ok && port_ok) {
        HostCheck::NotAnOrigin
    } else if super::embed::host_allowed(origin, local) {
        HostCheck::Reports
    } else {
        HostCheck::NotAllowed
    }
}

/// The name the assignment file is saved under: `assignment-` and its title's words.
pub fn json_file_name(title: &str) -> String {
    super::report::file_name(title, "", "json").replacen("lab-report", "assignment", 1)
}

/// The answer key as a table: the title, then each item, its answer and its tolerance.
pub fn answer_key_table(title: &str, items: &[Item]) -> String {
    // A title is the teacher's text: control characters (an escape that clears the terminal) are
    // shown escaped, never sent.
    let title = quoted(title);
    let title = title.trim_matches('"');
    // An id holds the teacher's key: shown escaped before it is padded, so columns line up and
    // two keys that differ by an invisible character print differently.
    let rows: Vec<(String, String, u64)> =
        items.iter().map(|i| (visible(&i.id), visible(&i.answer.to_string()), i.tolerance)).collect();
    // Each column as wide as its widest cell (a writers answer names three parts), and never
    // narrower than the table has always been, so short keys print as they did.
    let width = |cell: fn(&(String, String, u64)) -> usize, least: usize| {
        rows.iter().map(cell).max().unwrap_or(0).max(least)
    };
    let item_width = width(|r| r.0.chars().count(), 40);
    let answer_width = width(|r| r.1.chars().count(), 7);
    let mut out =
        format!("{title}\n{:<item_width$} {:>answer_width$} {:>9}\n", "item", "answer", "tolerance");
    for (id, answer, tolerance) in rows {
        out.push_str(&format!("{id:<item_width$} {answer:>answer_width$} {tolerance:>9}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::assignment_json::parse;
    use crate::teaching::report::decode_link;

    const TEXT: &str =
        r#"{"version": 1, "title": "T", "predict": ["steps", "reads"], "tolerance": {"reads": 2}}"#;

    #[test]
    fn the_link_and_the_snippet_carry_the_file_and_the_host() {
        let link = student_link("https://lab.example/x/", TEXT);
        let code = link.strip_prefix("https://lab.example/x/?a=").unwrap();
        assert_eq!(decode_link(code).unwrap(), TEXT);
        let snippet =
            iframe_snippet("https://lab.example/x/", TEXT, " https://academia.sh ", "About -- it").unwrap();
        assert_eq!(
            snippet,
            format!(
                "<!-- About - - it -->\n<iframe\n  title=\"Control Plane Lab\"\n  src=\"https://lab.example/x/?embed=1&amp;height=fixed&amp;host=https%3A%2F%2Facademia.sh&amp;a={code}\"\n  sandbox=\"allow-scripts allow-same-origin allow-downloads\"\n  style=\"width: 100%; height: 720px; border: 0\"\n></iframe>\n<script>\n{HOST_SCRIPT}</script>\n"
            )
        );
        // The script receives the results; an origin that is not one writes no snippet.
        assert!(HOST_SCRIPT.contains("m.type === \"result\""));
        assert_eq!(iframe_snippet("https://lab.example/x/", TEXT, "https://academia.sh/", "About"), None);
        assert_eq!(iframe_snippet("https://lab.example/x/", TEXT, "not a url", "About"), None);
    }

    #[test]
    fn the_file_is_named_by_its_title() {
        assert_eq!(
            json_file_name("Trace one request: end to end!"),
            "assignment-trace-one-request-end-to-end.json"
        );
    }

    #[test]
    fn the_answer_key_is_the_clis_table() {
        let items = parse(TEXT).unwrap().answer_key().unwrap();
        assert_eq!(
            answer_key_table("T", &items),
            "T\nitem                                      answer tolerance\nsteps                                         17         0\nreads                                         50         2\n"
        );
    }

    #[test]
    fn the_snippets_host_is_an_origin_the_lab_reports_to() {
        use HostCheck::*;
        let cases = [
            ("https://academia.sh", false, Reports),
            (" https://www.academia.sh ", false, Reports),
            ("https://academia.sh/", false, NotAnOrigin),
            ("https://academia.sh/en/courses", false, NotAnOrigin),
            ("academia.sh", false, NotAnOrigin),
            ("not a url", false, NotAnOrigin),
            ("https://", false, NotAnOrigin),
            ("https://academia.sh:", false, NotAnOrigin),
            ("https://academia.sh:99999", false, NotAnOrigin),
            ("https://school.example", false, NotAllowed),
            ("http://127.0.0.1:8000", false, NotAllowed),
            ("http://127.0.0.1:8000", true, Reports),
        ];
        for (origin, local, expected) in cases {
            assert_eq!(check_host(origin, local), expected, "{origin}");
        }
    }
}
