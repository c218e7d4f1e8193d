//! NDJSON streams: one label-set document per input line, one result per output line, in order.
//!
//! Memory does not grow with the stream. Lines are read one at a time into a buffer of at most
//! [`MAX_LINE_BYTES`] (a longer line is skipped to its end without being kept, and reported),
//! and gathered into *windows* of at most the caller's `window_lines` lines and at most
//! [`WINDOW_BYTES`] of text. Three windows are in flight at once, in a pipeline: a thread of
//! its own reads the next window while the current rayon pool places the lines of this one in
//! parallel, and the calling thread writes the results of the previous one, in input order. So
//! at most three windows of text, their parsed documents and their results are held at once,
//! and neither reading nor writing leaves a core idle.
//!
//! A window is also closed whenever no more input is ready (the reader's buffer is empty), and
//! results are written before waiting for more input, so a producer that writes one line and
//! waits for its result is answered at once.
//!
//! A line that breaks the contract becomes `{"line": N, "error": "…"}` on its own output line
//! and the stream goes on. Blank lines (only spaces, tabs or a `\r`) are skipped: they produce
//! no output line, and still count in the line numbers.

mod lines;

use std::io::{self, Read, Write};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};

pub use lines::{LineRead, Lines};
use rayon::prelude::*;
use serde::Serialize;

use crate::limits::{self, MAX_LINE_BYTES};
use crate::pipeline::{self, Settings};

/// Most input text placed at once, bytes (64 MiB); see the module documentation.
pub const WINDOW_BYTES: usize = 64 << 20;

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

/// A window of lines, as the reading thread hands it on.
struct Window {
    /// The lines to place, with their numbers.
    lines: Vec<(u64, Pending)>,
    /// Input lines, bytes and blank lines read up to the end of the window.
    read: Counts,
}

/// How much of the input was read.
#[derive(Clone, Copy, Default)]
struct Counts {
    lines: u64,
    bytes: u64,
    blank: u64,
}

/// Places every document of `input` and writes one line per non-blank input line to `output`,
/// in input order, calling `report` after each window and for each bad line. Places on the
/// current rayon pool, with at most `window_lines` lines (at least 1) in a window, while a
/// thread of its own reads ahead (see the module documentation).
///
/// Bad lines do not stop the stream; see [`Summary::bad`].
///
/// # Errors
/// Failures to read or write.
pub fn run<R: Read + Send, W: Write>(
    input: R,
    output: &mut W,
    settings: &Settings,
    window_lines: usize,
    mut report: impl FnMut(Event<'_>),
) -> Result<Summary, StreamError> {
    let window_lines = window_lines.max(1);
    std::thread::scope(|scope| {
        // A rendezvous: the reader fills the next window while one is placed and one written,
        // and hands it over only when it is taken (three windows at most).
        let (windows, received) = mpsc::sync_channel(0);
        scope.spawn(move || read_windows(input, window_lines, &windows));
        // Dropping the receiver on an error stops the reader at its next window.
        write_windows(&received, output, settings, &mut report)
    })
}

/// Reads `input` into windows of lines and sends them, then a last window of no lines with
/// the totals; a failure to read is sent instead, and ends the reading.
fn read_windows<R: Read>(input: R, window_lines: usize, windows: &SyncSender<io::Result<Window>>) {
    let mut lines = Lines::new(input);
    let mut read = Counts::default();
    let mut window: Vec<(u64, Pending)> = Vec::with_capacity(window_lines);
    let mut window_bytes = 0usize;
    let mut buf = Vec::new();
    let send = |window: &mut Vec<(u64, Pending)>, read: Counts| {
        let lines = std::mem::replace(window, Vec::with_capacity(window_lines));
        windows.send(Ok(Window { lines, read })).is_ok()
    };
    loop {
        let line = match lines.next_line(&mut buf) {
            Ok(LineRead::End) => None,
            Ok(LineRead::Line) if is_blank(&buf) => {
                read.blank += 1;
                Some(None)
            }
            Ok(LineRead::Line) => {
                // The next line is likely as long: one allocation instead of a doubling series.
                let capacity = buf.len();
                let text = std::mem::replace(&mut buf, Vec::with_capacity(capacity));
                Some(Some(Pending::Text(strip_line_break(text))))
            }
            Ok(LineRead::TooLong(length)) => Some(Some(Pending::TooLong(length))),
            Err(e) => {
                let _ = windows.send(Err(e));
                return;
            }
        };
        let size = match &line {
            Some(Some(Pending::Text(text))) => text.len(),
            _ => 0,
        };
        let full = window.len() == window_lines || window_bytes + size > WINDOW_BYTES;
        if !window.is_empty() && (line.is_none() || full) {
            if !send(&mut window, read) {
                return;
            }
            window_bytes = 0;
        }
        match line {
            None => break,
            Some(None) => {}
            Some(Some(line)) => {
                window.push((lines.number(), line));
                window_bytes += size;
            }
        }
        read = Counts { lines: lines.number(), bytes: lines.bytes(), ..read };
        // Nothing more is ready: hand on what has arrived before waiting for more.
        if !window.is_empty() && !lines.has_buffered_input() {
            if !send(&mut window, read) {
                return;
            }
            window_bytes = 0;
        }
    }
    read = Counts { lines: lines.number(), bytes: lines.bytes(), ..read };
    send(&mut window, read);
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
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

/// A window placed, waiting to be written.
struct Placed {
    window: Window,
    results: Vec<Result<Vec<u8>, String>>,
}

/// Places each window received on the current rayon pool while writing the previous one.
fn write_windows<W: Write>(
    received: &Receiver<io::Result<Window>>,
    output: &mut W,
    settings: &Settings,
    report: &mut impl FnMut(Event<'_>),
) -> Result<Summary, StreamError> {
    let mut summary = Summary::default();
    let mut placed: Option<Placed> = None;
    loop {
        let next = match received.try_recv() {
            Ok(next) => next,
            Err(TryRecvError::Empty) => {
                // Nothing more is ready: answer what has been placed before waiting for more.
                if let Some(done) = placed.take() {
                    write(done, output, &mut summary, report)?;
                }
                match received.recv() {
                    Ok(next) => next,
                    Err(_) => break,
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        let window = next.map_err(StreamError::Read)?;
        let mut results = Vec::new();
        let mut written = Ok(());
        rayon::in_place_scope(|s| {
            s.spawn(|_| {
                results = window.lines.par_iter().map(|(_, line)| handle(line, settings)).collect();
            });
            if let Some(done) = placed.take() {
                written = write(done, output, &mut summary, report);
            }
        });
        written?;
        placed = Some(Placed { window, results });
    }
    if let Some(done) = placed.take() {
        write(done, output, &mut summary, report)?;
    }
    output.flush().map_err(StreamError::Write)?;
    Ok(summary)
}

/// Writes a placed window's results in order.
fn write<W: Write>(
    placed: Placed,
    output: &mut W,
    summary: &mut Summary,
    report: &mut impl FnMut(Event<'_>),
) -> Result<(), StreamError> {
    let Placed { window, results } = placed;
    for ((number, _), result) in window.lines.iter().zip(results) {
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
    output.flush().map_err(StreamError::Write)?;
    summary.lines = window.read.lines;
    summary.bytes = window.read.bytes;
    summary.blank = window.read.blank;
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

    /// Input that arrives in pieces, as a producer waiting for answers sends it.
    struct Arriving(std::sync::mpsc::Receiver<Vec<u8>>, Vec<u8>);

    impl Read for Arriving {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.1.is_empty() {
                match self.0.recv() {
                    Ok(piece) => self.1 = piece,
                    Err(_) => return Ok(0),
                }
            }
            let n = self.1.len().min(buf.len());
            buf[..n].copy_from_slice(&self.1[..n]);
            self.1.drain(..n);
            Ok(n)
        }
    }

    /// Output the test can watch while the stream runs.
    #[derive(Clone, Default)]
    struct Watched(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl Write for Watched {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_producer_waiting_for_each_answer_gets_it() {
        let (send, arriving) = std::sync::mpsc::channel();
        let watched = Watched::default();
        let mut output = watched.clone();
        let stream = std::thread::spawn(move || {
            run(Arriving(arriving, Vec::new()), &mut output, &Settings::default(), 8, |_| {}).unwrap()
        });
        for answers in 1..=3 {
            send.send(format!("{GOOD}\n").into_bytes()).unwrap();
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
            while watched.0.lock().unwrap().iter().filter(|&&b| b == b'\n').count() < answers {
                assert!(std::time::Instant::now() < deadline, "line {answers} not answered while the input waits");
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
        drop(send);
        assert_eq!(stream.join().unwrap().placed, 3);
    }
}
