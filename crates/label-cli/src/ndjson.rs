//! NDJSON streams: one label-set document per input line, one result per output line, in order.
//!
//! Memory does not grow with the stream. Lines are read one at a time into a buffer of at most
//! [`MAX_LINE_BYTES`] (a longer line is skipped to its end without being kept, and reported);
//! lines are gathered into *windows* of at most the caller's `window_lines` (see
//! [`window_lines`]) and at most [`WINDOW_BYTES`] of text. A window's lines are placed in
//! parallel on the current rayon pool while, as one more task of the same pool, the window
//! before it is written and the window after it is read (`rayon::join`): reading, placing and
//! writing overlap, and the results still leave in input order. So at most three windows are
//! held at once — one being read, one being placed (its text, documents and results), one
//! being written (its results).
//!
//! A window is also closed whenever no more input is ready (the reader's buffer is empty), and
//! such a window is placed and written before anything more is read, so a producer that writes
//! one line and waits for its result is answered at once.
//!
//! A line that breaks the contract becomes `{"line": N, "error": "…"}` on its own output line
//! and the stream goes on. Blank lines (only spaces, tabs or a `\r`) are skipped: they produce
//! no output line, and still count in the line numbers.

use std::io::{self, BufRead, BufReader, Read, Write};

use rayon::prelude::*;
use serde::Serialize;

use crate::limits::{self, MAX_LINE_BYTES};
use crate::pipeline::{self, Settings};

/// Most input text in one window, bytes (32 MiB); see the module documentation.
pub const WINDOW_BYTES: usize = 32 << 20;

/// Lines per window on a pool of `threads`: enough that the pool seldom waits for a window's
/// last line, which holds up the windows after it.
#[must_use]
pub fn window_lines(threads: usize) -> usize {
    16 * threads.max(1)
}

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
            let (take, ends) = match memchr::memchr(b'\n', chunk) {
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

/// What became of one line: its result's JSON, or the error message.
type Outcome = Result<Vec<u8>, String>;

/// Places one line's document; `Err` holds the error message.
fn handle(pending: &Pending, settings: &Settings) -> Outcome {
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

/// How far the reading had come when a window closed, for the progress reports.
#[derive(Clone, Copy, Default)]
struct ReadCounts {
    lines: u64,
    bytes: u64,
    blank: u64,
}

/// Lines read and waiting to be placed, with their numbers.
struct Window {
    lines: Vec<(u64, Pending)>,
    read: ReadCounts,
}

/// A window's outcomes, in its order, waiting to be written.
struct Placed {
    numbers: Vec<u64>,
    outcomes: Vec<Outcome>,
    read: ReadCounts,
}

/// Cuts the input into windows: at most `window_lines` lines and `window_bytes` of text (but at
/// least one line), and closed early whenever no more input is ready.
struct Windows<R> {
    lines: Lines<R>,
    window_lines: usize,
    window_bytes: usize,
    buf: Vec<u8>,
    blank: u64,
    /// A line that did not fit into the last window: the first of the next.
    carried: Option<(u64, Pending)>,
    ended: bool,
}

impl<R: Read> Windows<R> {
    /// The next window; empty at the end of the input.
    fn next(&mut self) -> io::Result<Window> {
        let mut lines: Vec<(u64, Pending)> = self.carried.take().into_iter().collect();
        let mut bytes: usize = lines.iter().map(|(_, line)| text_len(line)).sum();
        while !self.ended && lines.len() < self.window_lines {
            let line = match self.lines.next_line(&mut self.buf)? {
                LineRead::End => {
                    self.ended = true;
                    break;
                }
                LineRead::Line if is_blank(&self.buf) => {
                    self.blank += 1;
                    None
                }
                LineRead::Line => {
                    // The next line is likely about as long: its buffer is made that size at once.
                    let room = Vec::with_capacity(self.buf.len());
                    Some(Pending::Text(strip_line_break(std::mem::replace(&mut self.buf, room))))
                }
                LineRead::TooLong(length) => Some(Pending::TooLong(length)),
            };
            if let Some(line) = line {
                let size = text_len(&line);
                if !lines.is_empty() && bytes + size > self.window_bytes {
                    self.carried = Some((self.lines.number(), line));
                    break;
                }
                lines.push((self.lines.number(), line));
                bytes += size;
            }
            // Nothing more is ready: answer what has arrived before waiting for more.
            if !lines.is_empty() && !self.ready() {
                break;
            }
        }
        let read = ReadCounts { lines: self.lines.number(), bytes: self.lines.bytes(), blank: self.blank };
        Ok(Window { lines, read })
    }

    /// Whether more input is ready without waiting (a line carried over is).
    fn ready(&self) -> bool {
        self.carried.is_some() || (!self.ended && self.lines.has_buffered_input())
    }
}

fn text_len(line: &Pending) -> usize {
    match line {
        Pending::Text(text) => text.len(),
        Pending::TooLong(_) => 0,
    }
}

/// Places every document of `input` and writes one line per non-blank input line to `output`,
/// in input order, calling `report` after each window and for each bad line. Runs on the
/// current rayon pool, with at most `window_lines` lines (at least 1) in a window; see the
/// module documentation for how windows overlap.
///
/// Bad lines do not stop the stream; see [`Summary::bad`].
///
/// # Errors
/// Failures to read or write.
pub fn run<R: Read + Send, W: Write + Send>(
    input: R,
    output: &mut W,
    settings: &Settings,
    window_lines: usize,
    report: impl FnMut(Event<'_>) + Send,
) -> Result<Summary, StreamError> {
    run_windows(input, output, settings, (window_lines, WINDOW_BYTES), report)
}

/// [`run`] with windows of at most `window.0` lines and `window.1` bytes of text.
fn run_windows<R: Read + Send, W: Write + Send>(
    input: R,
    output: &mut W,
    settings: &Settings,
    window: (usize, usize),
    mut report: impl FnMut(Event<'_>) + Send,
) -> Result<Summary, StreamError> {
    let mut windows = Windows {
        lines: Lines::new(input),
        window_lines: window.0.max(1),
        window_bytes: window.1,
        buf: Vec::new(),
        blank: 0,
        carried: None,
        ended: false,
    };
    let mut summary = Summary::default();
    let mut waiting: Option<Placed> = None;
    let mut next = windows.next().map_err(StreamError::Read)?;
    while !next.lines.is_empty() {
        let current = next;
        if windows.ready() {
            // The next window is read (and the last one written) while this one is placed.
            let (placed, read) = rayon::join(
                || place(current, settings),
                || {
                    if let Some(done) = waiting.take() {
                        write(done, output, &mut summary, &mut report)?;
                    }
                    windows.next().map_err(StreamError::Read)
                },
            );
            waiting = Some(placed);
            next = read?;
        } else {
            // Reading on could wait for the producer, who may be waiting for these results.
            if let Some(done) = waiting.take() {
                write(done, output, &mut summary, &mut report)?;
            }
            write(place(current, settings), output, &mut summary, &mut report)?;
            next = windows.next().map_err(StreamError::Read)?;
        }
    }
    if let Some(done) = waiting.take() {
        write(done, output, &mut summary, &mut report)?;
    }
    summary.lines = windows.lines.number();
    summary.bytes = windows.lines.bytes();
    summary.blank = windows.blank;
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

/// Places the window's lines in parallel; their text is let go as soon as they are placed.
fn place(window: Window, settings: &Settings) -> Placed {
    let (numbers, lines): (Vec<u64>, Vec<Pending>) = window.lines.into_iter().unzip();
    let outcomes = lines.into_par_iter().map(|line| handle(&line, settings)).collect();
    Placed { numbers, outcomes, read: window.read }
}

/// Writes a placed window's results in order, then flushes `output` and reports progress.
fn write<W: Write>(
    placed: Placed,
    output: &mut W,
    summary: &mut Summary,
    report: &mut impl FnMut(Event<'_>),
) -> Result<(), StreamError> {
    for (number, outcome) in placed.numbers.into_iter().zip(placed.outcomes) {
        match outcome {
            Ok(json) => {
                output.write_all(&json).map_err(StreamError::Write)?;
                summary.placed += 1;
            }
            Err(error) => {
                let bad = LineError { line: number, error };
                serde_json::to_writer(&mut *output, &bad).map_err(|e| StreamError::Write(e.into()))?;
                summary.bad += 1;
                summary.first_bad.get_or_insert(number);
                report(Event::BadLine(&bad));
            }
        }
        output.write_all(b"\n").map_err(StreamError::Write)?;
    }
    output.flush().map_err(StreamError::Write)?;
    (summary.lines, summary.bytes, summary.blank) = (placed.read.lines, placed.read.bytes, placed.read.blank);
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
    /// A reader that hands out at most `chunk` bytes a read, so that the buffer runs dry inside
    /// lines and between them, and windows close early.
    struct Trickle<'a> {
        data: &'a [u8],
        chunk: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.data.len().min(self.chunk).min(out.len());
            out[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// An output line without its timing, which differs from run to run.
    fn steady(line: &[u8]) -> serde_json::Value {
        let mut value: serde_json::Value = serde_json::from_slice(line).unwrap();
        if let Some(stats) = value.get_mut("stats").and_then(serde_json::Value::as_object_mut) {
            stats.remove("engine_ms");
        }
        value
    }

    /// Input line `n` of kind `kind`: blank, bad, not UTF-8, or a document of two labels.
    fn line_of_kind(kind: u8, n: usize) -> Vec<u8> {
        match kind {
            0 => b" \t".to_vec(),
            1 => format!(r#"{{"labels": [{{"id": {n}, "x": 1}}]}}"#).into_bytes(),
            2 => b"{\"labels\": [{\"id\": \"\xFF\"}]}".to_vec(),
            _ => format!(
                r#"{{"labels": [{{"id": {n}, "x": {}, "y": 0, "width": 10, "height": 10}}, {{"id": "b", "x": 5, "y": 3, "width": 10, "height": 10, "priority": {kind}}}]}}"#,
                n % 7
            )
            .into_bytes(),
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// Whatever the windows, the pool and how the input arrives, the stream writes what
        /// placing each line alone gives, in input order.
        #[test]
        fn windows_give_what_each_line_alone_gives(
            kinds in proptest::collection::vec(0u8..6, 0..30),
            window_lines in 1usize..6,
            window_bytes in 1usize..400,
            chunk in 1usize..600,
            threads in 1usize..4,
            crlf: bool,
            final_break: bool,
        ) {
            let texts: Vec<Vec<u8>> = kinds.iter().enumerate().map(|(i, &k)| line_of_kind(k, i + 1)).collect();
            let line_break: &[u8] = if crlf { b"\r\n" } else { b"\n" };
            let mut input = texts.join(line_break);
            if final_break && !texts.is_empty() {
                input.extend_from_slice(line_break);
            }
            // The reference: each non-blank line placed alone, in order, on the same pool.
            let settings = Settings::default();
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let mut expected = Vec::new();
            for (i, text) in texts.iter().enumerate().filter(|(_, t)| !is_blank(t)) {
                expected.push(match pool.install(|| handle(&Pending::Text(text.clone()), &settings)) {
                    Ok(json) => steady(&json),
                    Err(error) => serde_json::to_value(LineError { line: i as u64 + 1, error }).unwrap(),
                });
            }
            let mut out = Vec::new();
            let mut progress = Vec::new();
            let summary = pool
                .install(|| {
                    run_windows(Trickle { data: &input, chunk }, &mut out, &settings, (window_lines, window_bytes), |e| {
                        if let Event::Progress(s) = e {
                            progress.push(*s);
                        }
                    })
                })
                .unwrap();
            let got: Vec<serde_json::Value> = out.split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(steady).collect();
            proptest::prop_assert_eq!(got, expected);
            let bad = kinds.iter().filter(|&&k| k == 1 || k == 2).count() as u64;
            let blank = kinds.iter().filter(|&&k| k == 0).count() as u64;
            proptest::prop_assert_eq!(
                (summary.lines, summary.bytes, summary.blank, summary.bad),
                (kinds.len() as u64, input.len() as u64, blank, bad)
            );
            proptest::prop_assert_eq!(summary.placed, kinds.len() as u64 - bad - blank);
            let first_bad = kinds.iter().position(|&k| k == 1 || k == 2).map(|i| i as u64 + 1);
            proptest::prop_assert_eq!(summary.first_bad, first_bad);
            // Progress only goes forward.
            for pair in progress.windows(2) {
                proptest::prop_assert!(pair[0].lines <= pair[1].lines && pair[0].placed + pair[0].bad < pair[1].placed + pair[1].bad);
            }
        }
    }

    /// The input of a producer that sends each line only once the last one's result is back.
    struct Producer {
        lines: std::sync::mpsc::Receiver<Vec<u8>>,
        pending: Vec<u8>,
    }

    impl Read for Producer {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.pending.is_empty() {
                match self.lines.recv() {
                    Ok(bytes) => self.pending = bytes,
                    Err(_) => return Ok(0),
                }
            }
            let n = self.pending.len().min(out.len());
            out[..n].copy_from_slice(&self.pending[..n]);
            self.pending.drain(..n);
            Ok(n)
        }
    }

    /// Output that hands each write to the producer.
    struct Answers(std::sync::mpsc::Sender<Vec<u8>>);

    impl Write for Answers {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            // A producer that gave up no longer listens; the test then fails on its count.
            let _gone = self.0.send(bytes.to_vec());
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_producer_that_waits_for_each_result_is_answered() {
        let (to_stream, lines) = std::sync::mpsc::channel();
        let (to_producer, answers) = std::sync::mpsc::channel::<Vec<u8>>();
        let producer = std::thread::spawn(move || {
            let mut got = Vec::new();
            for answered in 0..6 {
                to_stream.send(format!("{GOOD}\n").into_bytes()).unwrap();
                // A stream that read on before answering would wait here for ever: give up.
                while got.iter().filter(|&&b| b == b'\n').count() <= answered {
                    match answers.recv_timeout(std::time::Duration::from_secs(30)) {
                        Ok(bytes) => got.extend(bytes),
                        Err(_) => return answered,
                    }
                }
            }
            6
        });
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        let input = Producer { lines, pending: Vec::new() };
        let summary = pool.install(|| run(input, &mut Answers(to_producer), &Settings::default(), 8, |_| {})).unwrap();
        assert_eq!(producer.join().unwrap(), 6, "every line answered before the next was sent");
        assert_eq!(summary.placed, 6);
    }
}
