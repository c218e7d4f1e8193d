//! `declutter`: decide which map labels to show, from the command line.

mod batch;
mod progress;
mod streaming;

use label_cli::{generate, geojson, measure, output, sink};

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::{Parser, Subcommand};

/// Exit code for input that breaks the contract.
const EXIT_BAD_INPUT: u8 = 2;
/// Exit code for failures to read or write.
const EXIT_IO: u8 = 1;

#[derive(Parser)]
#[command(
    name = "declutter",
    version,
    about = "Decide which map labels to show: rotated boxes, exact overlap tests, greedy by priority."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Place the labels of a label-set JSON (contract §2), GeoJSON or CSV document and write the
    /// decisions.
    Place(Box<PlaceArgs>),
    /// Write the standard benchmark workload W(n, coverage, seed) as a JSON document.
    Generate(GenerateArgs),
}

#[derive(clap::Args)]
struct GenerateArgs {
    /// Number of labels.
    #[arg(long, default_value_t = 10_000)]
    n: usize,
    /// Summed label area over canvas area (3.0: a dense map where about 18% of labels fit).
    #[arg(long, default_value_t = 3.0)]
    coverage: f64,
    /// Seed of the random generator; the same seed gives the same document.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write here instead of standard output (atomically when it is a file).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// The symbol workload W_sym: the same labels with four candidate positions each, an icon
    /// on a third, repeat groups on a tenth.
    #[arg(long)]
    symbols: bool,
    /// The path workload W_path: the same labels as texts of 5–25 glyphs along gentle curves.
    #[arg(long, conflicts_with = "symbols")]
    paths: bool,
}

#[derive(clap::Args)]
struct PlaceArgs {
    /// Input document; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// More input files, placed in parallel (needs `--out-dir`).
    #[arg(value_name = "MORE")]
    more: Vec<PathBuf>,
    /// Write one result per input into this directory: `NAME.json` gives `NAME.result.json`.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["output", "svg"])]
    out_dir: Option<PathBuf>,
    /// Read NDJSON: one document per line in, one result per line out (also chosen by a
    /// `.ndjson` or `.jsonl` input).
    #[arg(long, conflicts_with_all = ["svg", "pretty"])]
    ndjson: bool,
    /// Write the result here instead of standard output (atomically when it is a file; straight
    /// into a device or FIFO such as `/dev/stdout`).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Worker threads, 1 to 1024 (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=label_core::limits::MAX_THREADS as i64))]
    threads: Option<u32>,
    /// Overlap between two labels still tolerated, px².
    #[arg(long, default_value_t = 0.0)]
    max_overlap_area: f32,
    /// Broad-phase tile size, px (default: chosen from the density; never changes the result).
    #[arg(long)]
    tile_size: Option<f32>,
    /// Print a one-line summary to standard error; without `--output`, write no JSON.
    #[arg(long)]
    summary: bool,
    /// Indent the JSON.
    #[arg(long)]
    pretty: bool,
    /// Also draw the result as an SVG picture into this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Also draw the result as a PNG image into this file (one px per px of the viewport, in
    /// the run's font).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["out_dir", "ndjson"])]
    png: Option<PathBuf>,
    /// What the pictures (--svg, --png) show: `debug`, every box and why it is hidden; `map`,
    /// a plain map of the shown labels with halos and markers.
    #[arg(long, value_enum, default_value_t = label_cli::svg::Style::Debug, value_name = "STYLE")]
    picture_style: label_cli::svg::Style,
    /// Measure labels that give `text` and `font_size` with this TrueType/OpenType font
    /// (default: the bundled DejaVu Sans).
    #[arg(long, value_name = "PATH")]
    font: Option<PathBuf>,
    /// Allow `--output`, `--svg` or a result of `--out-dir` to be one of the input files
    /// (refused otherwise: it would replace the input with its result).
    #[arg(long)]
    overwrite_input: bool,
    #[command(flatten)]
    geo: geojson::GeoArgs,
}

/// Why a run failed: the caller's input, or the machine.
enum Failure {
    Input(String),
    Io(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Self {
        Failure::Io(e)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    #[cfg(unix)]
    clean_up_on_signals();
    let result = match cli.command {
        Command::Place(args) => place(&args),
        Command::Generate(args) => generate(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprintln!("declutter: {message}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
        Err(Failure::Io(e)) => {
            eprintln!("declutter: {e:#}");
            ExitCode::from(EXIT_IO)
        }
    }
}

fn place(args: &PlaceArgs) -> Result<(), Failure> {
    if let Some(path) = &args.font {
        set_font(path)?;
    }
    let settings = label_cli::pipeline::Settings {
        max_overlap_area: args.max_overlap_area,
        tile_size: args.tile_size,
        pretty: args.pretty,
    };
    let geojson_wanted = !args.geo.geojson_only_flags().is_empty()
        || matches!(args.geo.format, geojson::Format::Geojson | geojson::Format::Csv);
    if (args.out_dir.is_some() || args.ndjson) && geojson_wanted {
        return Err(Failure::Input(
            "GeoJSON and CSV input are read one file at a time: not with --out-dir or --ndjson".into(),
        ));
    }
    let inputs: Vec<&Path> = args.input.iter().chain(&args.more).map(PathBuf::as_path).collect();
    if !args.overwrite_input {
        let outputs = [("--output", &args.output), ("--svg", &args.svg), ("--png", &args.png)];
        for (flag, output) in outputs.iter().filter_map(|(f, o)| Some((f, o.as_deref()?))) {
            refuse_input_as_output(&inputs, flag, output)?;
        }
    }
    if let Some(out_dir) = &args.out_dir {
        return batch::run(&inputs, out_dir, args.ndjson, &settings, args.threads, args.summary, args.overwrite_input);
    }
    if !args.more.is_empty() {
        return Err(Failure::Input("several inputs need --out-dir DIR for their results".into()));
    }
    if args.ndjson || args.input.as_deref().is_some_and(streaming::is_ndjson_path) {
        return streaming::run(args.input.as_deref(), args.output.as_deref(), args.summary, &settings, args.threads);
    }
    let (name, text) = read_input(args.input.as_deref())?;
    let text =
        geojson::prepare(args.input.as_deref(), text, &args.geo).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    let input =
        geojson::read(args.input.as_deref(), &text, &args.geo).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    match input {
        // A label-set document owns all it needs: its text goes before the engine runs.
        geojson::Input::Json(doc) => {
            drop(text);
            place_input(geojson::Input::Json(doc), &name, args)
        }
        geo => place_input(geo, &name, args),
    }
}

/// Places a document that has been read, and writes what `args` ask for.
fn place_input(mut input: geojson::Input<'_>, name: &str, args: &PlaceArgs) -> Result<(), Failure> {
    for warning in input.warnings() {
        eprintln!("declutter: warning: {name}: {warning}");
    }
    input.document_mut().options.max_overlap_area = args.max_overlap_area;
    input.document_mut().options.tile_size = args.tile_size;
    let doc = input.document();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, |t| t as usize))
        .build()
        .context("cannot start worker threads")?;
    let started = Instant::now();
    let placement = pool.install(|| doc.place()).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    let engine_ms = started.elapsed().as_secs_f64() * 1e3;
    let out = output::build(doc, &placement, pool.current_num_threads(), engine_ms);
    if args.summary {
        eprintln!("{}", out.stats.summary(name));
    }
    if let Some(warning) = nothing_shown(input.entries(), &placement.stats) {
        eprintln!("declutter: warning: {name}: {warning}");
    }
    if args.svg.is_some() || args.png.is_some() {
        let picture = input.picture(&placement, args.picture_style);
        if let Some(path) = &args.svg {
            write_result(path, picture.as_bytes())?;
        }
        if let Some(path) = &args.png {
            let font = measure::font();
            let png = label_cli::png::render(&picture, font.data(), measure::family())
                .map_err(|e| Failure::Input(format!("--png {}: {e}", path.display())))?;
            sink::write_bytes(path, &png).map_err(anyhow::Error::from)?;
        }
    }
    let json = pool.install(|| input.encode(&out, &placement, args.pretty)).context("cannot encode the result")?;
    match &args.output {
        Some(path) => write_result(path, &json)?,
        None if !args.summary => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(&json)
                .and_then(|()| stdout.write_all(b"\n"))
                .context("cannot write to standard output")?;
        }
        None => {}
    }
    Ok(())
}

/// A warning when a run that has inputs shows none of them: the result is valid, but the view,
/// the fields or the data are probably not what was meant.
fn nothing_shown(entries: usize, stats: &label_core::PlacementStats) -> Option<String> {
    if entries == 0 || stats.visible > 0 {
        return None;
    }
    let without_label = entries - stats.labels;
    let hint = if stats.labels > 0 && stats.hidden_offscreen == stats.labels { " (is the view right?)" } else { "" };
    Some(format!(
        "no label is shown: of {entries} inputs, {} are off screen{hint}, {} hidden by collisions, {without_label} have no label",
        stats.hidden_offscreen,
        stats.labels - stats.hidden_offscreen
    ))
}

/// Refuses `output` (given with `flag`) when it is one of the `inputs`: the result would
/// replace what it was made from.
fn refuse_input_as_output(inputs: &[&Path], flag: &str, output: &Path) -> Result<(), Failure> {
    match inputs.iter().find(|input| sink::same_file(input, output)) {
        Some(input) => Err(Failure::Input(format!(
            "{flag} {} is the input file {}: its result would replace it (--overwrite-input allows it)",
            output.display(),
            input.display()
        ))),
        None => Ok(()),
    }
}

/// Standard input, after telling a person at a terminal what is expected there (a run without
/// an input file would otherwise wait silently).
fn stdin_with_hint(ndjson: bool) -> std::io::Stdin {
    let stdin = std::io::stdin();
    if std::io::IsTerminal::is_terminal(&stdin) {
        let what =
            if ndjson { "NDJSON, one label-set document per line" } else { "a label-set JSON or GeoJSON document" };
        eprintln!(
            "declutter: reading {what} from standard input; end it with Ctrl-D, or give a file: declutter place FILE (--help for more)"
        );
    }
    stdin
}

/// Makes the font at `path` the run's measuring font. A font that cannot be read or is not a
/// font fails like any unreadable file (exit 1): it is a resource of the run, not its input.
fn set_font(path: &Path) -> Result<(), Failure> {
    measure::set_font(path).map_err(|e| Failure::Io(anyhow::anyhow!("cannot use the font {}: {e}", path.display())))
}

fn generate(args: &GenerateArgs) -> Result<(), Failure> {
    if !(args.coverage.is_finite() && args.coverage > 0.0) {
        return Err(Failure::Input(format!("--coverage must be a number > 0, got {}", args.coverage)));
    }
    let json = serde_json::to_vec(&if args.symbols {
        generate::symbol_document(args.n, args.coverage, args.seed)
    } else if args.paths {
        generate::path_document(args.n, args.coverage, args.seed)
    } else {
        generate::document(args.n, args.coverage, args.seed)
    })
    .context("cannot encode")?;
    match &args.output {
        Some(path) => write_result(path, &json)?,
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(&json)
                .and_then(|()| stdout.write_all(b"\n"))
                .context("cannot write to standard output")?;
        }
    }
    Ok(())
}

fn read_input(path: Option<&Path>) -> Result<(String, String), Failure> {
    use label_cli::input::{ReadError, read_text};
    let (name, text) = match path {
        None => ("<stdin>".to_owned(), read_text(stdin_with_hint(false))),
        Some(p) if p == Path::new("-") => ("<stdin>".to_owned(), read_text(stdin_with_hint(false))),
        Some(p) => {
            let file = std::fs::File::open(p).with_context(|| format!("cannot read {}", p.display()))?;
            // Refused before reading when the size is known; `read_text` stops at the limit anyway.
            let limit = label_cli::limits::MAX_DOCUMENT_BYTES;
            let text = match file.metadata() {
                Ok(m) if m.is_file() && m.len() > limit => Err(ReadError::TooLarge { limit }),
                _ => read_text(file),
            };
            (p.display().to_string(), text)
        }
    };
    match text {
        Ok(text) => Ok((name, text)),
        Err(ReadError::Io(e)) => Err(Failure::Io(anyhow::Error::new(e).context(format!("cannot read {name}")))),
        Err(e) => Err(Failure::Input(format!("{name}: {e}"))),
    }
}

/// Writes a result file through [`sink::Sink`]: atomically where the target is a file, straight
/// into devices, FIFOs and through links.
fn write_result(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    Ok(sink::write_file(path, bytes)?)
}

/// On SIGINT or SIGTERM, removes the temporary files being written and exits (128 + the
/// signal's number, as shells do): an interrupted run leaves the targets as they were.
#[cfg(unix)]
fn clean_up_on_signals() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    // Without the handler the run is still correct; only an interruption would leave a
    // temporary file behind.
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else { return };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            let _no_more_files = sink::remove_temporary_files();
            std::process::exit(128 + signal);
        }
    });
}
