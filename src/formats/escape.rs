//! Strings as the formats write them: a JSON string literal byte for byte as serde_json writes
//! it, a quoted string for paths and messages, and names with their invisible characters shown.
//! Kept by hand and apart from the readers (`json`), which re-export them: none of them reads.

/// `n` in lowercase hexadecimal, at least four digits, as `{:04x}` writes it: by hand, because the
/// formatting machinery for hexadecimal would weigh on the plain lab's page for three escapes.
pub fn push_hex4(out: &mut String, n: u32) {
    let digits = (32 - n.leading_zeros()).div_ceil(4).max(4);
    for i in (0..digits).rev() {
        out.push(char::from(b"0123456789abcdef"[(n >> (i * 4) & 0xf) as usize]));
    }
}

/// A JSON string literal for `s`, quotes included, escaped byte for byte as serde_json escapes
/// it (tested below). Kept by hand for the plain lab's messages to its host (`teaching::embed`):
/// serde_json is not in the plain lab's page, and `serde_json::to_string(s)` here would bring its
/// escaper in (measured: 76 bytes more gzipped, 147,022 against 146,946). Everything outside the
/// plain lab writes its JSON with serde_json.
pub fn json_string(s: &str) -> String {
    in_quotes(s, true)
}

/// A string in double quotes with quotes, backslashes and control characters escaped, for
/// paths and messages (without `{:?}`, whose Unicode tables would weigh on the page).
pub fn quoted(s: &str) -> String {
    in_quotes(s, false)
}

/// The one escaper of both: as JSON (`\n`, `\u001b`: the C0 controls only, as JSON asks) or as
/// a message shows a string (`\u{1b}` for every control character, C1 and DEL too).
fn in_quotes(s: &str, json: bool) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' if json => out.push_str("\\n"),
            '\r' if json => out.push_str("\\r"),
            '\t' if json => out.push_str("\\t"),
            '\u{8}' if json => out.push_str("\\b"),
            '\u{c}' if json => out.push_str("\\f"),
            c if json && u32::from(c) < 0x20 => {
                out.push_str("\\u");
                push_hex4(&mut out, u32::from(c));
            }
            c if !json && c.is_control() => {
                out.push_str("\\u{");
                push_hex4(&mut out, u32::from(c));
                out.push('}');
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether `c` shows as nothing, or changes how the text around it shows: control characters,
/// format characters (zero-width spaces and joiners, direction marks and overrides, the
/// byte-order mark, the soft hyphen), spaces other than the plain one, fillers, variation
/// selectors and tags. Listed by hand: Unicode's tables would weigh on the page.
pub fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            u32::from(c),
            0xa0 | 0xad
                | 0x34f
                | 0x61c
                | 0x115f
                | 0x1160
                | 0x1680
                | 0x17b4
                | 0x17b5
                | 0x180b..=0x180f
                | 0x2000..=0x200f
                | 0x2028..=0x202f
                | 0x205f..=0x206f
                | 0x2800
                | 0x3000
                | 0x3164
                | 0xfe00..=0xfe0f
                | 0xfeff
                | 0xffa0
                | 0xfff0..=0xfffb
                | 0x1bca0..=0x1bca3
                | 0x1d173..=0x1d17a
                | 0xe0000..=0xe0fff
        )
}

/// `s` as a key or a name is shown to people: every [`invisible`] character written `\u{200b}`,
/// and a backslash written `\\` so that no escape typed in the name passes for one. Two keys
/// that differ only by a zero-width space or a control character then never show alike.
pub fn visible(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            c if invisible(c) => {
                out.push_str("\\u{");
                push_hex4(&mut out, u32::from(c));
                out.push('}');
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_by_hand_is_what_format_writes() {
        for n in [0, 1, 0x1f, 0xad, 0x200b, 0xffff, 0x1_0000, 0xe0001, 0x10_ffff, u32::MAX] {
            let mut out = String::new();
            push_hex4(&mut out, n);
            assert_eq!(out, format!("{n:04x}"));
        }
    }

    #[test]
    fn strings_are_escaped_byte_for_byte_as_serde_json_escapes_them() {
        let every: String = (0u8..0x80).map(char::from).chain("é€\u{2028}😀/".chars()).collect();
        assert_eq!(json_string(&every), serde_json::to_string(&every).unwrap());
    }

    #[test]
    fn invisible_characters_are_shown_and_the_rest_kept() {
        assert_eq!(visible("copy/é-1 x"), "copy/é-1 x");
        assert_eq!(
            visible("a\u{200b}b\u{1b}\u{7f}\u{9b}\u{a0}\u{ad}\u{202e}\u{2066}\u{feff}\u{e0041}\u{fe0f}"),
            "a\\u{200b}b\\u{001b}\\u{007f}\\u{009b}\\u{00a0}\\u{00ad}\\u{202e}\\u{2066}\\u{feff}\\u{e0041}\\u{fe0f}"
        );
        // A typed escape cannot pass for a shown one.
        assert_ne!(visible("a\\u{200b}"), visible("a\u{200b}"));
        assert!(['😀', 'ä', '中', ' '].iter().all(|&c| !invisible(c)));
    }
}
