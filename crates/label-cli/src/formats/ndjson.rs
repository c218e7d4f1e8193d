//! NDJSON streams: one label-set document per input line, one result per output line, in order.
//!
//! Memory does not grow with the stream. Lines are read one at a time into a buffer of at most
//! [`MAX_LINE_BYTES`] (a longer line is skipped to its end without being kept, and reported);
//! up to a *window* of lines — at most the caller's `window_lines` and at most
//! [`WINDOW_BYTES`] of text — is placed in parallel on the current rayon pool, and the
//! window's results are written in input order before the next window is read. So at most one
//! window of text, its parsed documents and its results are held at once.
//!
//! A window is also closed whenever no more input is ready (the reader's buffer is empty), so a
//! producer that writes one line and waits for its result is answered at once.
//!
//! A line that breaks the contract becomes `{"line": N, "error": "…"}` on its own output line
//! and the stream goes on. Blank lines (only spaces, tabs or a `\r`) are skipped: they produce
//! no output line, and still count in the line numbers.

use std::io::{self, BufRead, BufReader, Read, Write};

use rayon::prelude::*;
use serde::Serialize;

use crate::limits::{self, MAX_LINE_BYTES};
use crate::pipeline::{self, Settings};

/// Most input text placed at once, bytes (64 MiB); see the module documentation.
pub const WINDOW_BYTES: usize = 64 << 20;

/// Capacity of the read buffer (64 KiB). Large enough that a window of tile-sized lines
/// usually fills before the buffer runs dry (which closes a window early); small enough to
/// cost nothing for a short stream.
const READ_BUFFER: usize = 64 << 10;

/// The output line of a bad input line.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// 1-based input line.
    pub line: u64,
    /// What is wrong, as one line: label index and id, field, expectation.
    pub error: String,
}

/// What happened to a stream.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Input lines read, blank ones included.
    pub lines: u64,
    /// Input bytes read.
    pub bytes: u64,
    /// Lines placed.
    pub placed: u64,
    /// Bad lines (each got an error object).
    pub bad: u64,
    /// Blank lines skipped.
    pub blank: u64,
    /// The first bad line, if any.
    pub first_bad: Option<u64>,
}

/// Why a stream stopped early.
#[derive(Debug)]
pub enum StreamError {
    /// Reading the input failed.
    Read(io::Error),
    /// Writing a result failed.
    Write(io::Error),
}

impl std::fmt::Display for StreamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StreamError::Read(e) => write!(f, "cannot read the input: {e}"),
            StreamError::Write(e) => write!(f, "cannot write a result: {e}"),
        }
    }
}

impl std::error::Error for StreamError {}

/// What the stream tells its caller as it goes.
#[derive(Debug)]
pub enum Event<'a> {
    /// A window was written; the counts so far.
    Progress(&'a Summary),
    /// A bad line, in input order.
    BadLine(&'a LineError),
}

/// Reads lines of at most [`MAX_LINE_BYTES`] from a reader, counting them.
pub struct Lines<R> {
    reader: BufReader<R>,
    number: u64,
    bytes: u64,
}

/// One line as read by [`Lines::next_line`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineRead {
    /// The end of the input: nothing was read.
    End,
    /// A line is in the buffer (with its line break, if it had one).
    Line,
    /// A line longer than [`MAX_LINE_BYTES`] was skipped; its length, bytes.
    TooLong(u64),
}

impl<R: Read> Lines<R> {
    /// Lines of `reader`.
    pub fn new(reader: R) -> Self {
        Lines { reader: BufReader::with_capacity(READ_BUFFER, reader), number: 0, bytes: 0 }
    }

    /// The number of the last line read (1-based; 0 before the first).
    #[must_use]
    pub fn number(&self) -> u64 {
        self.number
    }

    /// Bytes read so far.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Whether more input is ready without waiting.
    #[must_use]
    pub fn has_buffered_input(&self) -> bool {
        !self.reader.buffer().is_empty()
    }

    /// Reads the next line into `buf` (cleared first), never holding more than
    /// [`MAX_LINE_BYTES`] of it.
    ///
    /// # Errors
    /// Failures of the reader.
    pub fn next_line(&mut self, buf: &mut Vec<u8>) -> io::Result<LineRead> {
        buf.clear();
        let mut total: u64 = 0;
        let mut too_long = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                if total == 0 {
                    return Ok(LineRead::End);
                }
                break;
            }
            let (take, ends) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if !too_long {
                if buf.len() + take > MAX_LINE_BYTES {
                    too_long = true;
                    buf.clear();
                } else {
                    buf.extend_from_slice(&chunk[..take]);
                }
            }
            self.reader.consume(take);
            total += take as u64;
            if ends {
                break;
            }
        }
        self.number += 1;
        self.bytes += total;
        Ok(if too_long { LineRead::TooLong(total) } else { LineRead::Line })
    }
}

/// A line waiting in the window.
enum Pending {
    Text(Vec<u8>),
    TooLong(u64),
}

/// Places one line's document; `Err` holds the error message.
fn handle(pending: &Pending, settings: &Settings) -> Result<Vec<u8>, String> {
    let bytes = match pending {
        Pending::Text(bytes) => bytes,
        Pending::TooLong(length) => {
            return Err(format!(
                "line of {length} bytes; at most {} are accepted (the limit of one NDJSON line)",
                limits::bytes(MAX_LINE_BYTES as u64)
            ));
        }
    };
    let text = std::str::from_utf8(bytes)
        .map_err(|e| format!("not UTF-8 text (invalid byte at offset {} of the line)", e.valid_up_to()))?;
    // The document is one line, so the document's own line number (always 1) says nothing.
    pipeline::place_text(text, settings).map(|placed| placed.json).map_err(|e| e.message)
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

/// Places every document of `input` and writes one line per non-blank input line to `output`,
/// in input order, calling `report` after each window and for each bad line. Runs on the
/// current rayon pool, with at most `window_lines` lines (at least 1) in flight.
///
/// Bad lines do not stop the stream; see [`Summary::bad`].
///
/// # Errors
/// Failures to read or write.
pub fn run<R: Read, W: Write>(
    input: R,
    output: &mut W,
    settings: &Settings,
    window_lines: usize,
    mut report: impl FnMut(Event<'_>),
) -> Result<Summary, StreamError> {
    let window_lines = window_lines.max(1);
    let mut lines = Lines::new(input);
    let mut summary = Summary::default();
    let mut window: Vec<(u64, Pending)> = Vec::with_capacity(window_lines);
    let mut window_bytes = 0usize;
    let mut buf = Vec::new();
    loop {
        let read = lines.next_line(&mut buf).map_err(StreamError::Read)?;
        let pending = match read {
            LineRead::End => None,
            LineRead::Line if is_blank(&buf) => {
                summary.blank += 1;
                Some(None)
            }
            LineRead::Line => {
                let text = std::mem::take(&mut buf);
                Some(Some(Pending::Text(strip_line_break(text))))
            }
            LineRead::TooLong(length) => Some(Some(Pending::TooLong(length))),
        };
        let size = match &pending {
            Some(Some(Pending::Text(text))) => text.len(),
            _ => 0,
        };
        let full = window.len() == window_lines || window_bytes + size > WINDOW_BYTES;
        if !window.is_empty() && (pending.is_none() || full) {
            flush(&mut window, output, settings, &mut summary, &mut report)?;
            window_bytes = 0;
        }
        match pending {
            None => break,
            Some(None) => {}
            Some(Some(line)) => {
                window.push((lines.number(), line));
                window_bytes += size;
            }
        }
        summary.lines = lines.number();
        summary.bytes = lines.bytes();
        // Nothing more is ready: answer what has arrived before waiting for more.
        if !window.is_empty() && !lines.has_buffered_input() {
            flush(&mut window, output, settings, &mut summary, &mut report)?;
            window_bytes = 0;
        }
    }
    summary.lines = lines.number();
    summary.bytes = lines.bytes();
    output.flush().map_err(StreamError::Write)?;
    Ok(summary)
}

fn strip_line_break(mut text: Vec<u8>) -> Vec<u8> {
    if text.last() == Some(&b'\n') {
        text.pop();
        if text.last() == Some(&b'\r') {
            text.pop();
        }
    }
    text
}

/// Places the window in parallel and writes its results in order.
fn flush<W: Write>(
    window: &mut Vec<(u64, Pending)>,
    output: &mut W,
    settings: &Settings,
    summary: &mut Summary,
    report: &mut impl FnMut(Event<'_>),
) -> Result<(), StreamError> {
    let results: Vec<Result<Vec<u8>, String>> = window.par_iter().map(|(_, line)| handle(line, settings)).collect();
    for ((number, _), result) in window.iter().zip(results) {
        match result {
            Ok(json) => {
                output.write_all(&json).map_err(StreamError::Write)?;
                summary.placed += 1;
            }
            Err(error) => {
                let bad = LineError { line: *number, error };
                serde_json::to_writer(&mut *output, &bad).map_err(|e| StreamError::Write(e.into()))?;
                summary.bad += 1;
                summary.first_bad.get_or_insert(*number);
                report(Event::BadLine(&bad));
            }
        }
        output.write_all(b"\n").map_err(StreamError::Write)?;
    }
    window.clear();
    output.flush().map_err(StreamError::Write)?;
    report(Event::Progress(summary));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"{"labels": [{"id": "a", "x": 0, "y": 0, "width": 10, "height": 10}]}"#;

    fn stream(input: &[u8], window: usize) -> (Vec<String>, Summary, Vec<LineError>) {
        let mut out = Vec::new();
        let mut bad = Vec::new();
        let summary = run(input, &mut out, &Settings::default(), window, |event| {
            if let Event::BadLine(e) = event {
                bad.push(e.clone());
            }
        })
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        (text.lines().map(str::to_owned).collect(), summary, bad)
    }

    #[test]
    fn bad_lines_become_error_objects_in_place() {
        let input = format!(
            "{GOOD}\n{{\"labels\": [{{\"id\": \"x\", \"x\": 0, \"y\": 0, \"width\": -1, \"height\": 1}}]}}\n{GOOD}\r\n"
        );
        for window in [1, 2, 64] {
            let (out, summary, bad) = stream(input.as_bytes(), window);
            assert_eq!(out.len(), 3);
            assert!(out[0].starts_with("{\"placements\""));
            let error: serde_json::Value = serde_json::from_str(&out[1]).unwrap();
            assert_eq!(error["line"], 2);
            assert_eq!(error["error"], "label 0 (id \"x\"): field `width`: expected a number > 0, got -1");
            assert!(out[2].starts_with("{\"placements\""));
            assert_eq!((summary.lines, summary.placed, summary.bad, summary.first_bad), (3, 2, 1, Some(2)));
            assert_eq!(bad.len(), 1);
            assert_eq!(summary.bytes, input.len() as u64);
        }
    }

    #[test]
    fn blank_lines_are_skipped_but_counted() {
        let input = format!("\n{GOOD}\n  \t\r\n\n{{\n{GOOD}");
        let (out, summary, _) = stream(input.as_bytes(), 4);
        assert_eq!(out.len(), 3);
        assert_eq!((summary.lines, summary.blank, summary.bad), (6, 3, 1));
        assert!(out[1].starts_with("{\"line\":5,"), "{}", out[1]);
    }

    #[test]
    fn empty_input_is_an_empty_stream() {
        let (out, summary, _) = stream(b"", 4);
        assert!(out.is_empty());
        assert_eq!(summary, Summary::default());
    }

    #[test]
    fn non_utf8_line_is_reported_and_the_stream_goes_on() {
        let mut input = b"{\"labels\": [{\"id\": \"\xFF\"}]}\n".to_vec();
        input.extend_from_slice(GOOD.as_bytes());
        let (out, summary, _) = stream(&input, 4);
        assert!(out[0].contains("not UTF-8") && out[0].contains("offset 20"), "{}", out[0]);
        assert_eq!(summary.placed, 1);
    }

    #[test]
    fn a_line_past_the_limit_is_skipped_without_being_kept() {
        let mut lines = Lines::new(std::io::repeat(b' ').take(MAX_LINE_BYTES as u64 + 10).chain(&b"\nnext\n"[..]));
        let mut buf = Vec::new();
        assert_eq!(lines.next_line(&mut buf).unwrap(), LineRead::TooLong(MAX_LINE_BYTES as u64 + 11));
        assert!(buf.is_empty());
        assert_eq!(lines.next_line(&mut buf).unwrap(), LineRead::Line);
        assert_eq!(buf, b"next\n");
        assert_eq!(lines.number(), 2);
        assert_eq!(lines.next_line(&mut buf).unwrap(), LineRead::End);
        // Exactly at the limit, the line is kept.
        let mut exact = vec![b' '; MAX_LINE_BYTES - 1];
        exact.push(b'\n');
        let mut lines = Lines::new(&exact[..]);
        assert_eq!(lines.next_line(&mut buf).unwrap(), LineRead::Line);
        assert_eq!(buf.len(), MAX_LINE_BYTES);
    }
}
