//! What the CLI reads: a file or standard input, at most [`MAX_INPUT_BYTES`], as UTF-8 text.

use crate::Failure;
use cplab::formats::limits::MAX_INPUT_BYTES;
use std::io::{self, Read};

/// Standard input as text.
pub fn read_stdin() -> Result<String, Failure> {
    let mut buf = Vec::new();
    let limit = MAX_INPUT_BYTES as u64 + 1;
    io::stdin()
        .lock()
        .take(limit)
        .read_to_end(&mut buf)
        .map_err(|e| Failure::Input(format!("reading standard input: {e}")))?;
    utf8(buf, "standard input")
}

/// The file at `path` as text.
pub fn read_file(path: &str) -> Result<String, Failure> {
    let file = std::fs::File::open(path).map_err(|e| Failure::Input(format!("{path}: {e}")))?;
    // Sized from the file up front: growing a megabyte buffer by doubling costs copies.
    let size = file.metadata().map_or(0, |m| m.len()).min(MAX_INPUT_BYTES as u64 + 1);
    let mut buf = Vec::with_capacity(size as usize + 1);
    let limit = MAX_INPUT_BYTES as u64 + 1;
    file.take(limit).read_to_end(&mut buf).map_err(|e| Failure::Input(format!("{path}: {e}")))?;
    utf8(buf, path)
}

fn utf8(buf: Vec<u8>, source: &str) -> Result<String, Failure> {
    String::from_utf8(buf).map_err(|e| {
        Failure::Input(format!("{source}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
    })
}
