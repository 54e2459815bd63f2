//! Markup as text, for the lab's long lists (the trace's rows): one string set as a container's
//! content costs the page far less code than a typed view per row, and draws hundreds of rows
//! at once. Every text and attribute value written into it goes through [`Esc`], so a key from a
//! teacher's scenario is shown as text, never read as markup.

use std::fmt::{self, Display};

/// Text escaped for HTML: safe as element text and as a double- or single-quoted attribute value.
pub struct Esc<'a>(pub &'a str);

impl Display for Esc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
            f.write_str(&rest[..at])?;
            f.write_str(match rest.as_bytes()[at] {
                b'&' => "&amp;",
                b'<' => "&lt;",
                b'>' => "&gt;",
                b'"' => "&quot;",
                _ => "&#39;",
            })?;
            rest = &rest[at + 1..];
        }
        f.write_str(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::Esc;

    #[test]
    fn markup_in_text_stays_text() {
        let hostile = r#"copy/<img src=x onerror="alert('1')">&amp;"#;
        assert_eq!(
            Esc(hostile).to_string(),
            "copy/&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;amp;"
        );
        assert_eq!(Esc("copy/collector-4").to_string(), "copy/collector-4");
        assert_eq!(Esc("é–✓").to_string(), "é–✓");
    }
}
