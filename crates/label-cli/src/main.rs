//! `declutter`: decide which map labels to show, from the command line.

mod batch;
mod progress;
mod streaming;

use label_cli::{generate, geojson, measure, output};

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
    /// Place the labels of a JSON document (contract §2) and write the decisions.
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
    /// Write here (atomically) instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
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
    /// Write the result here (atomically) instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Worker threads, 1 to 1024 (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
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
    /// Measure labels that give `text` and `font_size` with this TrueType/OpenType font
    /// (default: the bundled DejaVu Sans).
    #[arg(long, value_name = "PATH")]
    font: Option<PathBuf>,
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
    let geojson_wanted = !args.geo.geojson_only_flags().is_empty() || args.geo.format == geojson::Format::Geojson;
    if (args.out_dir.is_some() || args.ndjson) && geojson_wanted {
        return Err(Failure::Input("GeoJSON input is read one file at a time: not with --out-dir or --ndjson".into()));
    }
    if let Some(out_dir) = &args.out_dir {
        let inputs: Vec<&Path> = args.input.iter().chain(&args.more).map(PathBuf::as_path).collect();
        return batch::run(&inputs, out_dir, args.ndjson, &settings, args.threads, args.summary);
    }
    if !args.more.is_empty() {
        return Err(Failure::Input("several inputs need --out-dir DIR for their results".into()));
    }
    if args.ndjson || args.input.as_deref().is_some_and(streaming::is_ndjson_path) {
        return streaming::run(args.input.as_deref(), args.output.as_deref(), args.summary, &settings, args.threads);
    }
    let (name, text) = read_input(args.input.as_deref())?;
    let mut input =
        geojson::read(args.input.as_deref(), &text, &args.geo).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    input.document_mut().options.max_overlap_area = args.max_overlap_area;
    input.document_mut().options.tile_size = args.tile_size;
    let doc = input.document();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, |t| t as usize))
        .build()
        .context("cannot start worker threads")?;
    let started = Instant::now();
    let placement = pool
        .install(|| label_core::place(&doc.labels, &doc.obstacles, &doc.options))
        .map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    let engine_ms = started.elapsed().as_secs_f64() * 1e3;
    let out = output::build(doc, &placement, pool.current_num_threads(), engine_ms);
    if args.summary {
        eprintln!("{}", out.stats.summary(&name));
    }
    if let Some(path) = &args.svg {
        write_atomically(path, input.svg(&placement).as_bytes())?;
    }
    let json = input.encode(&out, &placement, args.pretty).context("cannot encode the result")?;
    match &args.output {
        Some(path) => write_atomically(path, &json)?,
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

/// Makes the font at `path` the run's measuring font. A font that cannot be read or is not a
/// font fails like any unreadable file (exit 1): it is a resource of the run, not its input.
fn set_font(path: &Path) -> Result<(), Failure> {
    measure::set_font(path).map_err(|e| Failure::Io(anyhow::anyhow!("cannot use the font {}: {e}", path.display())))
}

fn generate(args: &GenerateArgs) -> Result<(), Failure> {
    if !(args.coverage.is_finite() && args.coverage > 0.0) {
        return Err(Failure::Input(format!("--coverage must be a number > 0, got {}", args.coverage)));
    }
    let json = serde_json::to_vec(&generate::document(args.n, args.coverage, args.seed)).context("cannot encode")?;
    match &args.output {
        Some(path) => write_atomically(path, &json)?,
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
        None => ("<stdin>".to_owned(), read_text(std::io::stdin())),
        Some(p) if p == Path::new("-") => ("<stdin>".to_owned(), read_text(std::io::stdin())),
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

/// Writes to a temporary file beside `path`, then renames it over `path`: readers never see a
/// partial file.
fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut builder = tempfile::Builder::new();
    // Temporary files are private by default; the result is an ordinary file (less the umask).
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
    let mut tmp = builder.tempfile_in(dir).with_context(|| format!("cannot create a file in {}", dir.display()))?;
    tmp.write_all(bytes)
        .and_then(|()| tmp.write_all(b"\n"))
        .with_context(|| format!("cannot write {}", path.display()))?;
    tmp.persist(path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}
