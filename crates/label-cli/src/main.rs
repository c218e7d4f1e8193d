//! `declutter`: decide which map labels to show, from the command line.

mod commands;

use label_cli::formats::geojson;
use label_cli::sink;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit code for input that breaks the contract.
const EXIT_BAD_INPUT: u8 = 2;
/// Exit code for failures to read or write.
const EXIT_IO: u8 = 1;
/// Exit code when the reader of the output went away: 128 + SIGPIPE, a shell's code for a
/// program the signal ended.
const EXIT_BROKEN_PIPE: u8 = 141;

fn is_broken_pipe(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::BrokenPipe
}

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
    /// Place the labels of a label-set JSON (docs/format.md), GeoJSON or CSV document and write
    /// the decisions.
    Place(Box<PlaceArgs>),
    /// Write the standard benchmark workload W(n, coverage, seed) as a JSON document.
    Generate(GenerateArgs),
    /// Place GeoJSON or CSV features zoom by zoom, each zoom's world as one screen, and write
    /// label tiles (a z/x/y.pbf folder, a PMTiles archive) and a tippecanoe GeoJSON sequence.
    Tiles(Box<commands::tiles::TilesArgs>),
}

#[derive(clap::Args)]
struct GenerateArgs {
    /// Number of labels, 1 to 1,000,000.
    #[arg(long, default_value_t = 10_000)]
    n: usize,
    /// Summed label area over canvas area, 0.000001 to 1000 (3.0: a dense map where about 18% of
    /// labels fit).
    #[arg(long, default_value_t = 3.0, allow_hyphen_values = true)]
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
    #[arg(long, default_value_t = 0.0, value_name = "AREA", allow_hyphen_values = true)]
    max_overlap_area: f64,
    /// Broad-phase tile size, px (default: chosen from the density; never changes the result).
    #[arg(long, value_name = "PX", allow_hyphen_values = true)]
    tile_size: Option<f64>,
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
    /// the run's font; the debug picture adds a 10-px margin on every side).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["out_dir", "ndjson"])]
    png: Option<PathBuf>,
    /// What the pictures (--svg, --png) show: `debug`, every box and why it is hidden; `map`,
    /// a plain map of the shown labels with halos and markers.
    #[arg(long, value_enum, default_value_t = label_cli::formats::picture::svg::Style::Debug, value_name = "STYLE")]
    picture_style: label_cli::formats::picture::svg::Style,
    /// Measure labels that give `text` and `font_size` with this TrueType/OpenType font
    /// (default: the bundled DejaVu Sans). Give it several times for a fallback chain: each
    /// character is measured and drawn with the first font that has it (`--font
    /// DejaVuSans.ttf --font wqy-microhei.ttc`).
    #[arg(long, value_name = "PATH")]
    font: Vec<PathBuf>,
    /// After the --font chain (or the bundled font), measure and draw each character no font
    /// before has with the first of the system's fonts (by file path) that has it.
    #[arg(long)]
    system_fonts: bool,
    /// Allow `--output`, `--svg` or a result of `--out-dir` to be one of the input files
    /// (refused otherwise: it would replace the input with its result).
    #[arg(long)]
    overwrite_input: bool,
    /// Label the GeoJSON or CSV features with the symbol layers of this MapLibre style (its
    /// `filter`, `minzoom`/`maxzoom` and `layout`, at --zoom; docs/style.md), instead of the
    /// text, priority and symbol flags.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["out_dir", "ndjson"], help_heading = "Style")]
    style: Option<PathBuf>,
    /// Only the symbol layer of this id (give it several times); default: every symbol layer.
    #[arg(long, value_name = "ID", requires = "style", help_heading = "Style")]
    layer: Vec<String>,
    /// The style's sprite index (`sprite.json`): the icons' sizes for `icon-image`.
    #[arg(long, value_name = "FILE", requires = "style", help_heading = "Style")]
    sprite: Option<PathBuf>,
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
        Command::Place(args) => commands::place::run(&args),
        Command::Generate(args) => commands::generate::run(&args),
        Command::Tiles(args) => commands::tiles::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprintln!("declutter: {message}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
        // A reader that stopped early (`declutter … | head`): quiet, as a program that SIGPIPE
        // ends (Rust ignores the signal, so the write fails instead).
        Err(Failure::Io(e)) if e.chain().any(|c| c.downcast_ref::<std::io::Error>().is_some_and(is_broken_pipe)) => {
            ExitCode::from(EXIT_BROKEN_PIPE)
        }
        Err(Failure::Io(e)) => {
            eprintln!("declutter: {e:#}");
            ExitCode::from(EXIT_IO)
        }
    }
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
