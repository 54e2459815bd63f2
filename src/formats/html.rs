//! Markup as text, for the lab's data panels (the trace's rows, the store, the world): one string
//! set as a container's content costs the page far less code than a typed view per row, and draws
//! hundreds of rows at once. It is written through [`Markup`], whose tag and attribute names come
//! from the code and whose every text and attribute value is escaped ([`Esc`]) on the way in, so
//! a key from a teacher's scenario is shown as text, never read as markup.

use std::fmt::{self, Display, Write};

/// Markup built element by element. Tag and attribute names are the code's own (`&'static str`);
/// texts and attribute values, which may come from a scenario, are always escaped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Markup(String);

impl Markup {
    /// Empty markup.
    pub fn new() -> Markup {
        Markup::default()
    }

    /// Opens `<tag name="value" ...>`, the values escaped.
    pub fn open(&mut self, tag: &'static str, attrs: &[(&'static str, &str)]) -> &mut Markup {
        self.0.push('<');
        self.0.push_str(tag);
        for (name, value) in attrs {
            let _ = write!(self.0, r#" {name}="{}""#, Esc(value));
        }
        self.0.push('>');
        self
    }

    /// Text, escaped.
    pub fn text(&mut self, text: &str) -> &mut Markup {
        let _ = write!(self.0, "{}", Esc(text));
        self
    }

    /// A number, as text.
    pub fn number(&mut self, n: impl Display) -> &mut Markup {
        let _ = write!(self.0, "{n}");
        self
    }

    /// Closes `</tag>`.
    pub fn close(&mut self, tag: &'static str) -> &mut Markup {
        self.0.push_str("</");
        self.0.push_str(tag);
        self.0.push('>');
        self
    }

    /// `<tag ...>text</tag>`.
    pub fn leaf(&mut self, tag: &'static str, attrs: &[(&'static str, &str)], text: &str) -> &mut Markup {
        self.open(tag, attrs).text(text).close(tag)
    }

    /// The markup written.
    pub fn finish(self) -> String {
        self.0
    }
}

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
    use super::{Esc, Markup};

    #[test]
    fn markup_escapes_every_value_and_text_it_is_given() {
        let mut m = Markup::new();
        m.open("li", &[("class", "flash"), ("data-key", r#"copy/"><script>"#)])
            .leaf("code", &[], "a<b")
            .text(" & ")
            .number(42)
            .close("li");
        assert_eq!(
            m.finish(),
            r#"<li class="flash" data-key="copy/&quot;&gt;&lt;script&gt;"><code>a&lt;b</code> &amp; 42</li>"#
        );
    }

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
