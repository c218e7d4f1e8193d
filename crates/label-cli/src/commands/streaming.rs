//! `declutter place --ndjson`: one document per input line, one result per output line (the
//! stream itself is [`label_cli::ndjson`]); this file opens the input and output, shows
//! progress, reports bad lines and sums up.

use std::fs::File;
use std::io::{BufWriter, Read};
use std::path::Path;

use anyhow::Context;
use label_cli::ndjson::{self, Event, StreamError, Summary};
use label_cli::pipeline::Settings;
use label_cli::sink::Sink;

use super::progress::Progress;
use crate::Failure;

/// Bad lines reported one by one on standard error; the summary counts the rest.
const REPORTED_BAD_LINES: u64 = 10;

/// Whether `path` names an NDJSON file by its extension (`.ndjson`, `.jsonl`).
pub fn is_ndjson_path(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("ndjson") || e.eq_ignore_ascii_case("jsonl"))
}

/// A worker pool of `threads` threads (one per core by default).
pub fn pool(threads: Option<u32>) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, |t| t as usize))
        .build()
        .context("cannot start worker threads")
}

/// The result file `path`, opened as [`Sink`] opens it (never clobbering a device, a
/// FIFO or a link).
pub fn open_output(path: &Path) -> anyhow::Result<Sink> {
    Sink::create(path).with_context(|| format!("cannot write {}", path.display()))
}

/// One line summing up a stream.
pub fn describe(name: &str, s: &Summary) -> String {
    let first = s.first_bad.map_or(String::new(), |line| format!(" (first: line {line})"));
    format!("{name}: {} lines: {} placed, {} bad{first}, {} blank skipped", s.lines, s.placed, s.bad, s.blank)
}

/// Streams `input` (a file, or standard input for `None` and `-`) to `output` (through a
/// [`Sink`]), or to standard output, or — with `summary_only` — nowhere.
pub fn run(
    input: Option<&Path>,
    output: Option<&Path>,
    summary_only: bool,
    settings: &Settings,
    threads: Option<u32>,
) -> Result<(), Failure> {
    settings.validate().map_err(|e| Failure::Input(e.to_string()))?;
    let pool = pool(threads)?;
    let (name, reader, size): (String, Box<dyn Read + Send>, Option<u64>) = match input {
        None => ("<stdin>".into(), Box::new(crate::stdin_with_hint(true)), None),
        Some(p) if p == Path::new("-") => ("<stdin>".into(), Box::new(crate::stdin_with_hint(true)), None),
        Some(p) => {
            let file = File::open(p).with_context(|| format!("cannot read {}", p.display()))?;
            let size = file.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
            (p.display().to_string(), Box::new(file), size)
        }
    };
    let progress = Progress::stream(size);
    let window = ndjson::window_lines(pool.current_num_threads());
    let mut reported = 0;
    let mut report = |event: Event<'_>| match event {
        Event::BadLine(bad) => {
            reported += 1;
            if reported <= REPORTED_BAD_LINES {
                progress.eprintln(&format!("declutter: {name}: line {}: {}", bad.line, bad.error));
            }
        }
        Event::Progress(s) => progress.set(s.bytes, format!("{} lines, {} bad", s.lines, s.bad)),
    };
    let outcome = match output {
        Some(path) => {
            let mut writer = BufWriter::new(open_output(path)?);
            let summary = pool.install(|| ndjson::run(reader, &mut writer, settings, window, &mut report));
            let summary = summary.map_err(|e| stream_failure(&name, e, Some(path)))?;
            let sink = writer
                .into_inner()
                .map_err(|e| stream_failure(&name, StreamError::Write(e.into_error()), Some(path)))?;
            sink.commit().with_context(|| format!("cannot write {}", path.display()))?;
            summary
        }
        None if summary_only => pool
            .install(|| ndjson::run(reader, &mut std::io::sink(), settings, window, &mut report))
            .map_err(|e| stream_failure(&name, e, None))?,
        None => {
            let mut writer = BufWriter::new(std::io::stdout());
            pool.install(|| ndjson::run(reader, &mut writer, settings, window, &mut report))
                .map_err(|e| stream_failure(&name, e, None))?
        }
    };
    progress.finish();
    let mut line = describe(&name, &outcome);
    if outcome.bad > REPORTED_BAD_LINES {
        line.push_str(&format!("; the first {REPORTED_BAD_LINES} bad lines are shown above, all are in the output"));
    }
    if outcome.bad > 0 {
        return Err(Failure::Input(line));
    }
    eprintln!("declutter: {line}");
    Ok(())
}

fn stream_failure(name: &str, e: StreamError, output: Option<&Path>) -> Failure {
    Failure::Io(match e {
        StreamError::Read(e) => anyhow::Error::new(e).context(format!("cannot read {name}")),
        StreamError::Write(e) => {
            let to = output.map_or_else(|| "standard output".to_owned(), |p| p.display().to_string());
            anyhow::Error::new(e).context(format!("cannot write to {to}"))
        }
    })
}

/// Streams one NDJSON file of a batch into `output` (atomically), reporting nothing as it goes.
pub fn run_file(input: &Path, output: &Path, settings: &Settings, window: usize) -> anyhow::Result<Summary> {
    let name = input.display().to_string();
    let file = File::open(input).with_context(|| format!("cannot read {name}"))?;
    let mut writer = BufWriter::new(open_output(output)?);
    let summary = ndjson::run(file, &mut writer, settings, window, |_| {}).map_err(|e| match e {
        StreamError::Read(e) => anyhow::Error::new(e).context(format!("cannot read {name}")),
        StreamError::Write(e) => anyhow::Error::new(e).context(format!("cannot write {}", output.display())),
    })?;
    let sink = writer
        .into_inner()
        .map_err(|e| e.into_error())
        .with_context(|| format!("cannot write {}", output.display()))?;
    sink.commit().with_context(|| format!("cannot write {}", output.display()))?;
    Ok(summary)
}
