//! `declutter place A B … --out-dir DIR`: many files placed in parallel, one result per input,
//! each written through a [`label_cli::sink::Sink`] (atomically, into files). A bad or unreadable file is reported on its own line and the others
//! still complete; the exit code says the worst that happened (1 if any file could not be read
//! or written, else 2 if any input was bad, else 0).

use std::collections::HashMap;
use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::Context;
use label_cli::input::{self, ReadError};
use label_cli::limits::MAX_DOCUMENT_BYTES;
use label_cli::ndjson;
use label_cli::pipeline::{self, Settings};
use rayon::prelude::*;

use super::progress::Progress;
use super::streaming;
use crate::Failure;

/// The result file name for `input`: `NAME.EXT` becomes `NAME.result.EXT` for the extensions
/// `json`, `ndjson` and `jsonl`; any other name gets `.result.json` appended.
#[must_use]
pub fn result_name(input: &Path) -> Option<OsString> {
    let file_name = input.file_name()?;
    let known = ["json", "ndjson", "jsonl"];
    let ext = input.extension().and_then(|e| e.to_str()).filter(|e| known.iter().any(|k| e.eq_ignore_ascii_case(k)));
    let mut name = match (ext, input.file_stem()) {
        (Some(_), Some(stem)) => stem.to_owned(),
        _ => file_name.to_owned(),
    };
    name.push(".result.");
    name.push(ext.unwrap_or("json"));
    Some(name)
}

/// How one file went.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Placed,
    Bad,
    Failed,
}

/// Places every input into `out_dir`; NDJSON inputs (by extension, or all with `ndjson`) are
/// streamed line by line into `NAME.result.ndjson`. A result that would replace one of the
/// inputs is refused unless `overwrite_input`.
pub fn run(
    inputs: &[&Path],
    out_dir: &Path,
    ndjson: bool,
    settings: &Settings,
    threads: Option<u32>,
    summary: bool,
    overwrite_input: bool,
) -> Result<(), Failure> {
    settings.validate().map_err(|e| Failure::Input(e.to_string()))?;
    let jobs = plan(inputs, out_dir)?;
    if !overwrite_input {
        for (_, output) in &jobs {
            crate::refuse_input_as_output(inputs, "--out-dir", output)?;
        }
    }
    if out_dir.exists() && !out_dir.is_dir() {
        return Err(anyhow::anyhow!("cannot write into --out-dir {}: not a directory", out_dir.display()).into());
    }
    std::fs::create_dir_all(out_dir).with_context(|| format!("cannot create the directory {}", out_dir.display()))?;
    let pool = streaming::pool(threads)?;
    let window = ndjson::window_lines(pool.current_num_threads());
    let progress = Progress::files(jobs.len() as u64);
    let outcomes: Vec<Outcome> = pool.install(|| {
        jobs.par_iter()
            .map(|(input, output)| {
                let stream = ndjson || streaming::is_ndjson_path(input);
                let (outcome, message) = if stream {
                    place_stream(input, output, settings, window)
                } else {
                    place_file(input, output, settings)
                };
                if let Some(message) = message.filter(|_| summary || outcome != Outcome::Placed) {
                    progress.eprintln(&message);
                }
                progress.inc();
                outcome
            })
            .collect()
    });
    progress.finish();
    let count = |o: Outcome| outcomes.iter().filter(|&&x| x == o).count();
    let (placed, bad, failed) = (count(Outcome::Placed), count(Outcome::Bad), count(Outcome::Failed));
    let line = format!(
        "{} files: {placed} placed, {bad} with bad input, {failed} could not be read or written",
        outcomes.len()
    );
    if failed > 0 {
        Err(Failure::Io(anyhow::anyhow!(line)))
    } else if bad > 0 {
        Err(Failure::Input(line))
    } else {
        eprintln!("declutter: {line}");
        Ok(())
    }
}

/// Each input with its result path; refuses standard input and two inputs with one result name.
fn plan(inputs: &[&Path], out_dir: &Path) -> Result<Vec<(PathBuf, PathBuf)>, Failure> {
    let mut seen: HashMap<OsString, &Path> = HashMap::new();
    let mut jobs = Vec::with_capacity(inputs.len());
    for &input in inputs {
        if input == Path::new("-") {
            return Err(Failure::Input("standard input (`-`) cannot be one of the inputs of --out-dir".into()));
        }
        if input.extension().is_some_and(|e| e.eq_ignore_ascii_case("geojson") || e.eq_ignore_ascii_case("csv")) {
            return Err(Failure::Input(format!(
                "{}: GeoJSON and CSV input are read one file at a time (each with its view): not with --out-dir",
                input.display()
            )));
        }
        let name = result_name(input).ok_or_else(|| Failure::Input(format!("{}: not a file name", input.display())))?;
        if let Some(first) = seen.insert(name.clone(), input) {
            return Err(Failure::Input(format!(
                "{} and {} would both be written to {}",
                first.display(),
                input.display(),
                out_dir.join(&name).display()
            )));
        }
        jobs.push((input.to_owned(), out_dir.join(name)));
    }
    Ok(jobs)
}

/// One JSON document; the message is the error, or the summary line when placed.
fn place_file(input: &Path, output: &Path, settings: &Settings) -> (Outcome, Option<String>) {
    let name = input.display();
    let text = match read(input) {
        Ok(text) => text,
        Err(ReadError::Io(e)) => return (Outcome::Failed, Some(format!("declutter: cannot read {name}: {e}"))),
        Err(e) => return (Outcome::Bad, Some(format!("declutter: {name}: {e}"))),
    };
    let placed = match pipeline::place_text(&text, settings) {
        Ok(placed) => placed,
        Err(e) => return (Outcome::Bad, Some(format!("declutter: {name}: {e}"))),
    };
    drop(text);
    if let Err(e) = crate::write_result(output, &placed.json) {
        return (Outcome::Failed, Some(format!("declutter: {e:#}")));
    }
    (Outcome::Placed, Some(placed.stats.summary(&name.to_string())))
}

/// A file's text, refusing files past the size limit before reading them.
fn read(input: &Path) -> Result<String, ReadError> {
    let file = File::open(input).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if meta.is_dir() {
        return Err(ReadError::Io(std::io::Error::other("is a directory")));
    }
    if meta.len() > MAX_DOCUMENT_BYTES {
        return Err(ReadError::TooLarge { limit: MAX_DOCUMENT_BYTES });
    }
    input::read_text(file)
}

/// One NDJSON file; bad lines make the file bad (its output, with their error objects, is
/// still written).
fn place_stream(input: &Path, output: &Path, settings: &Settings, window: usize) -> (Outcome, Option<String>) {
    match streaming::run_file(input, output, settings, window) {
        Ok(s) if s.bad == 0 => (Outcome::Placed, Some(streaming::describe(&input.display().to_string(), &s))),
        Ok(s) => {
            let line = streaming::describe(&input.display().to_string(), &s);
            (Outcome::Bad, Some(format!("declutter: {line}; the error objects are in {}", output.display())))
        }
        Err(e) => (Outcome::Failed, Some(format!("declutter: {e:#}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_names_keep_the_kind_of_file() {
        let name = |p: &str| result_name(Path::new(p)).map(|n| n.to_string_lossy().into_owned());
        assert_eq!(name("tiles/a.json").as_deref(), Some("a.result.json"));
        assert_eq!(name("a.b.JSON").as_deref(), Some("a.b.result.JSON"));
        assert_eq!(name("z.ndjson").as_deref(), Some("z.result.ndjson"));
        assert_eq!(name("z.jsonl").as_deref(), Some("z.result.jsonl"));
        assert_eq!(name("labels").as_deref(), Some("labels.result.json"));
        assert_eq!(name("labels.txt").as_deref(), Some("labels.txt.result.json"));
        assert_eq!(name("/"), None);
    }

    #[test]
    fn two_inputs_with_one_result_name_are_refused() {
        let out = Path::new("out");
        assert!(plan(&[Path::new("a/x.json"), Path::new("b/y.json")], out).is_ok());
        let Err(Failure::Input(message)) = plan(&[Path::new("a/x.json"), Path::new("b/x.json")], out) else {
            panic!("expected a refusal");
        };
        assert!(message.contains("a/x.json") && message.contains("b/x.json") && message.contains("x.result.json"));
        assert!(matches!(plan(&[Path::new("-")], out), Err(Failure::Input(_))));
        assert!(matches!(plan(&[Path::new("a.json"), Path::new("m.GeoJSON")], out), Err(Failure::Input(_))));
    }
}
