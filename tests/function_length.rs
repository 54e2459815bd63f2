//! Functions short enough to name: no `fn` in `src/` spans more than [`MAX_LINES`] lines, from
//! the line of its `fn` to the line of its closing brace, except the few in [`ALLOWED`], each
//! with its reason. Counted by reading the sources: comments, strings and character literals
//! are blanked first, so a brace in them is not counted, then each `fn`'s braces are matched.
#![cfg(not(target_arch = "wasm32"))] // native: reads the source tree

mod support;

use std::path::Path;

/// The most lines a function may span.
const MAX_LINES: usize = 80;

/// Functions allowed to be longer, as `path::name` from the root, each with its reason. An entry
/// whose function no longer exceeds the most fails the test too: the list only shrinks (empty
/// since issue 28's last four were split).
const ALLOWED: &[&str] = &[];

/// A function found in a source text: its name, the line of its `fn` (from 1) and the lines it
/// spans.
#[derive(Debug, PartialEq)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
}

/// `text` with every comment, string and character literal blanked (each byte a space, each
/// newline kept), so that only code's braces remain and lines keep their numbers.
fn blanked(text: &str) -> Vec<u8> {
    let src = text.as_bytes();
    let mut out = src.to_vec();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for b in &mut out[from..to.min(src.len())] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    while i < src.len() {
        let at = |k: usize| src.get(k).copied().unwrap_or(0);
        let word_start = i == 0 || !ident(src[i - 1]);
        let end = if src[i..].starts_with(b"//") {
            src[i..].iter().position(|&b| b == b'\n').map_or(src.len(), |p| i + p)
        } else if src[i..].starts_with(b"/*") {
            block_comment_end(src, i)
        } else if word_start && (at(i) == b'r' || (at(i) == b'b' && at(i + 1) == b'r')) && raw_start(src, i) {
            raw_string_end(src, i)
        } else if at(i) == b'"' || (word_start && at(i) == b'b' && at(i + 1) == b'"') {
            string_end(src, if at(i) == b'b' { i + 1 } else { i })
        } else if at(i) == b'\'' || (word_start && at(i) == b'b' && at(i + 1) == b'\'') {
            char_end(src, if at(i) == b'b' { i + 1 } else { i }).unwrap_or(i + 1)
        } else {
            i + 1
        };
        if end > i + 1 {
            blank(&mut out, i, end);
        }
        i = end.max(i + 1);
    }
    out
}

/// The end of the (nested) block comment starting at `i`.
fn block_comment_end(src: &[u8], mut i: usize) -> usize {
    let mut depth = 0;
    while i < src.len() {
        if src[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if src[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    src.len()
}

/// Whether a raw string (`r"`, `r#"`, `br"`, ...) starts at `i`.
fn raw_start(src: &[u8], i: usize) -> bool {
    let from = if src[i] == b'b' { i + 2 } else { i + 1 };
    let hashes = src[from.min(src.len())..].iter().take_while(|&&b| b == b'#').count();
    src.get(from + hashes) == Some(&b'"')
}

/// The end of the raw string starting at `i` (after its closing quote and hashes).
fn raw_string_end(src: &[u8], i: usize) -> usize {
    let from = if src[i] == b'b' { i + 2 } else { i + 1 };
    let hashes = src[from..].iter().take_while(|&&b| b == b'#').count();
    let mut close = vec![b'"'];
    close.extend(std::iter::repeat_n(b'#', hashes));
    let body = from + hashes + 1;
    src[body..].windows(close.len()).position(|w| w == close).map_or(src.len(), |p| body + p + close.len())
}

/// The end of the string whose opening quote is at `i`.
fn string_end(src: &[u8], i: usize) -> usize {
    let mut k = i + 1;
    while k < src.len() {
        match src[k] {
            b'\\' => k += 2,
            b'"' => return k + 1,
            _ => k += 1,
        }
    }
    src.len()
}

/// The end of the character literal whose opening quote is at `i`, or None for a lifetime
/// (`'a`), which is code.
fn char_end(src: &[u8], i: usize) -> Option<usize> {
    if src.get(i + 1) == Some(&b'\\') {
        let close = src[i + 2..].iter().skip(1).position(|&b| b == b'\'')?;
        return Some(i + 3 + close + 1);
    }
    // One character (of up to four bytes), then the closing quote.
    let width = match src.get(i + 1)? {
        b if *b < 0x80 => 1,
        b if *b >= 0xf0 => 4,
        b if *b >= 0xe0 => 3,
        _ => 2,
    };
    (src.get(i + 1 + width) == Some(&b'\'')).then_some(i + 2 + width)
}

/// Every function with a body in `text`, in order (a nested one is counted on its own too).
fn functions(text: &str) -> Vec<Function> {
    let code = blanked(text);
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let line_of = |at: usize| code[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let mut found = Vec::new();
    for at in 0..code.len().saturating_sub(3) {
        let keyword = code[at..].starts_with(b"fn")
            && (at == 0 || !ident(code[at - 1]))
            && code[at + 2].is_ascii_whitespace();
        if !keyword {
            continue;
        }
        let name_at = at + 2 + code[at + 2..].iter().take_while(|b| b.is_ascii_whitespace()).count();
        let name: String =
            code[name_at..].iter().take_while(|&&b| ident(b)).map(|&b| char::from(b)).collect();
        if name.is_empty() {
            continue; // a function pointer type, `fn (u8)`
        }
        if let Some(end) = body_end(&code, name_at) {
            found.push(Function { name, line: line_of(at), lines: line_of(end) - line_of(at) + 1 });
        }
    }
    found
}

/// The closing brace of the body of the function whose name is at `from`, or None for one
/// without a body (a trait's declaration, `fn f();`).
fn body_end(code: &[u8], from: usize) -> Option<usize> {
    // The body opens at the first brace outside the signature's parentheses and brackets
    // (`[u8; 4]` holds a semicolon).
    let mut depth = 0i32;
    let mut open = None;
    for (k, &b) in code.iter().enumerate().skip(from) {
        match b {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b';' if depth == 0 => return None,
            b'{' if depth == 0 => {
                open = Some(k);
                break;
            }
            _ => {}
        }
    }
    let mut braces = 0;
    for (k, &b) in code.iter().enumerate().skip(open?) {
        match b {
            b'{' => braces += 1,
            b'}' => {
                braces -= 1;
                if braces == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every function of `src/` longer than [`MAX_LINES`], as `path::name` with its line count.
fn long_functions() -> Vec<(String, usize)> {
    let root = support::root();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    let mut long = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable");
        let path = file.strip_prefix(&root).expect("under the root").display().to_string();
        for f in functions(&text).into_iter().filter(|f| f.lines > MAX_LINES) {
            long.push((format!("{path}::{}", f.name), f.lines));
        }
    }
    long
}

#[test]
fn no_function_in_src_is_longer_than_the_most_but_the_few_allowed() {
    let long = long_functions();
    // `cargo test --test function_length -- --nocapture` prints the list.
    for (name, lines) in &long {
        println!("{lines:>4} {name}");
    }
    let unexcused: Vec<_> = long.iter().filter(|(name, _)| !ALLOWED.contains(&name.as_str())).collect();
    assert!(
        unexcused.is_empty(),
        "functions over {MAX_LINES} lines: split them into named parts: {unexcused:?}"
    );
    // An entry whose function was split (or renamed) goes: the list stays the few it names.
    let stale: Vec<_> = ALLOWED.iter().filter(|a| !long.iter().any(|(name, _)| name == *a)).collect();
    assert!(stale.is_empty(), "allowed but no longer over {MAX_LINES} lines: {stale:?}");
}

#[test]
fn the_counter_sees_bodies_and_not_braces_in_comments_strings_or_characters() {
    let text = r####"
fn one() {
    let s = "{ not a brace";
    let r = r#"} nor "this" {"#;
    let c = '{';
    let e = '\'';
    let b = b'}';
    // } a comment
    /* { a /* nested */ comment */
}
trait T {
    fn declared(x: [u8; 4]);
    fn with_default<'a>(x: &'a str) -> impl Fn(u8) -> u8 {
        let f: fn(u8) -> u8 = |x| x;
        f
    }
}
pub(crate) fn three() -> Result<(), ()> { Ok(()) }
"####;
    let found = functions(text);
    let summary: Vec<(&str, usize, usize)> =
        found.iter().map(|f| (f.name.as_str(), f.line, f.lines)).collect();
    assert_eq!(summary, [("one", 2, 9), ("with_default", 13, 4), ("three", 18, 1)]);
}
