//! Everything the CLI prints, through one writer that shows control characters escaped.

use crate::Failure;
use std::io::{self, Write};

/// How [`Shown`] writes a control character.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Text: newlines and tabs pass, the rest is written `\u{001b}` (as `quoted` writes it).
    Text,
    /// One line of text: a newline is escaped too.
    Line,
    /// JSON text: written `\u001b`, which reads back as the same character (only a JSON string
    /// can hold one: serde_json writes none raw elsewhere).
    Json,
}

/// Everything the CLI prints goes through here: a control character from a file (an escape that
/// recolours or clears the terminal, a carriage return that hides what came before, a C1 control)
/// is shown escaped, never sent. Here once, so no message or table can forget it.
pub struct Shown<W: Write> {
    out: W,
    mode: Mode,
    /// The lead byte 0xC2 of a character split across two writes (C1 controls are C2 80..C2 9F).
    held: bool,
}

impl<W: Write> Shown<W> {
    pub fn new(out: W, mode: Mode) -> Shown<W> {
        Shown { out, mode, held: false }
    }

    fn escape(&self, out: &mut Vec<u8>, c: u32) {
        let escaped = match self.mode {
            Mode::Json => format!("\\u{c:04x}"),
            Mode::Text | Mode::Line => format!("\\u{{{c:04x}}}"),
        };
        out.extend_from_slice(escaped.as_bytes());
    }

    /// Whether every byte of `buf` passes: checked a block at a time with no early exit, which
    /// the compiler turns into vector compares. A byte-by-byte `all` cost 13 instructions a byte,
    /// a third of a scaled `cplab run` (52 of 180 million instructions for its 4 MB of JSON).
    fn all_pass(&self, buf: &[u8]) -> bool {
        let newline = self.mode != Mode::Line;
        buf.chunks(256).all(|block| {
            block.iter().fold(true, |ok, &b| {
                let control = b < 0x20 && b != b'\t' && (b != b'\n' || !newline);
                ok & !(control | (b == 0x7f) | (b == 0xc2))
            })
        })
    }

    fn passes(&self, b: u8) -> bool {
        match b {
            b'\t' => true,
            b'\n' => self.mode != Mode::Line,
            0..0x20 | 0x7f | 0xc2 => false,
            _ => true,
        }
    }
}

impl<W: Write> Write for Shown<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // Most output needs nothing: it goes out as it is.
        if !self.held && self.all_pass(buf) {
            self.out.write_all(buf)?;
            return Ok(buf.len());
        }
        let mut out = Vec::with_capacity(buf.len() + 16);
        let mut bytes = buf.iter().copied().peekable();
        if self.held {
            self.held = false;
            match bytes.peek() {
                Some(&b @ 0x80..0xa0) => {
                    bytes.next();
                    self.escape(&mut out, u32::from(b));
                }
                _ => out.push(0xc2),
            }
        }
        while let Some(b) = bytes.next() {
            match b {
                0xc2 => match bytes.peek() {
                    Some(&next @ 0x80..0xa0) => {
                        bytes.next();
                        self.escape(&mut out, u32::from(next));
                    }
                    Some(_) => out.push(b),
                    None => self.held = true,
                },
                b if self.passes(b) => out.push(b),
                b => self.escape(&mut out, u32::from(b)),
            }
        }
        self.out.write_all(&out)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if std::mem::take(&mut self.held) {
            self.out.write_all(&[0xc2])?;
        }
        self.out.flush()
    }
}

/// `text` on standard output, control characters escaped.
pub fn print(text: &str) -> Result<(), Failure> {
    let mut out = Shown::new(io::stdout().lock(), Mode::Text);
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Failure::Input(format!("writing: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(mode: Mode, pieces: &[&[u8]]) -> Vec<u8> {
        let mut w = Shown { out: Vec::new(), mode, held: false };
        for piece in pieces {
            w.write_all(piece).unwrap();
        }
        w.flush().unwrap();
        w.out
    }

    #[test]
    fn control_characters_are_written_escaped_and_the_rest_as_it_is() {
        let text = "a\tb\n\u{1b}[31m\r\u{7f}é\u{9b}§\n".as_bytes();
        let want = "a\tb\n\\u{001b}[31m\\u{000d}\\u{007f}é\\u{009b}§\n";
        assert_eq!(String::from_utf8(shown(Mode::Text, &[text])).unwrap(), want);
        // A C1 control split across two writes is still caught; a lone lead byte is kept.
        let (head, tail) = text.split_at(text.iter().position(|&b| b == 0xc2).unwrap() + 1);
        assert_eq!(String::from_utf8(shown(Mode::Text, &[head, tail])).unwrap(), want);
        assert_eq!(shown(Mode::Text, &[b"x\xc2"]), b"x\xc2");
        // One line: a newline is escaped too.
        assert_eq!(shown(Mode::Line, &[b"a\nb\tc"]), b"a\\u{000a}b\tc");
    }

    #[test]
    fn json_output_stays_json_meaning_the_same_string() {
        let json = "{\"key\":\"copy/\u{7f}\u{85}\"}";
        let out = String::from_utf8(shown(Mode::Json, &[json.as_bytes()])).unwrap();
        assert_eq!(out, "{\"key\":\"copy/\\u007f\\u0085\"}");
        let back: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(back["key"], "copy/\u{7f}\u{85}");
    }

    #[test]
    fn the_block_check_passes_exactly_the_bytes_that_pass_one_by_one() {
        for mode in [Mode::Text, Mode::Line, Mode::Json] {
            let w = Shown { out: Vec::new(), mode, held: false };
            for b in 0..=255u8 {
                // The byte alone, and deep in a long clean run (past the first block).
                let mut long = vec![b'a'; 700];
                long[600] = b;
                assert_eq!(w.all_pass(&[b]), w.passes(b), "byte {b:#04x}");
                assert_eq!(w.all_pass(&long), w.passes(b), "byte {b:#04x} at 600");
            }
        }
    }
}
