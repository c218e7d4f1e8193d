//! The command-line tool's batch path, stage by stage, on W(n) as a label-set JSON file and on
//! an NDJSON stream of W(2k) tiles: what `declutter place FILE -o OUT` and
//! `declutter place --ndjson` spend reading, parsing, checking, measuring, placing and writing,
//! beside the physical limits — reading the bytes, a plain serde_json parse of the same file
//! into the reader's own structs, and sonic-rs (a SIMD JSON parser) on the same structs.
//!
//! Every stage is timed in each round, rounds interleaved, medians reported; the in-process
//! pipeline (`end to end`) is what `declutter place` runs, less process start-up. Beside the
//! wall time, the process's CPU time (all threads, from `/proc/self/stat`, 10 ms ticks): on a
//! shared machine the wall time also counts waiting for a core.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Parser;
use label_cli::formats::convert::{Document, read_document, read_document_located};
use label_cli::formats::document::{RawLabel, RawViewport};
use label_cli::formats::output;
use label_cli::ndjson;
use label_cli::pipeline::Settings;
use label_cli::{generate, input, sink};
use serde::{Deserialize, Serialize};

#[derive(Parser)]
#[command(about = "Time the CLI's batch path per stage on W(n) JSON and NDJSON, beside the limits.")]
struct Args {
    /// Label counts of the JSON documents, comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = [100_000usize, 1_000_000])]
    n: Vec<usize>,
    /// W(2k) tiles in the NDJSON stream (0: none).
    #[arg(long, default_value_t = 1300)]
    tiles: usize,
    /// Timed rounds.
    #[arg(long, default_value_t = 5)]
    rounds: usize,
    /// Where the input and output files go.
    #[arg(long, default_value = "/tmp/declutter-cli-stages")]
    dir: PathBuf,
    /// Also time the located reader (the reader before the fast path).
    #[arg(long)]
    located: bool,
    /// Also time reading W(n) with a `text` and `font_size` instead of each size, so that
    /// every label is measured.
    #[arg(long)]
    measured: bool,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Only read FILE and parse it with serde_json into plain structs, then exit: the floor
    /// as a process of its own, to time from outside beside `declutter place FILE` (start-up,
    /// fresh memory and exit included on both sides).
    #[arg(long, value_name = "FILE")]
    parse_only: Option<PathBuf>,
}

/// The document as plain structs: the fast path's floor, and what sonic-rs parses into.
#[derive(Deserialize)]
#[allow(dead_code, reason = "parsed to be timed, never read")]
struct Plain {
    #[serde(default)]
    viewport: Option<RawViewport>,
    labels: Vec<RawLabel>,
    #[serde(default)]
    obstacles: Vec<serde_json::Value>,
}

#[derive(Serialize)]
struct Stage {
    input: String,
    stage: &'static str,
    median_ms: f64,
    min_ms: f64,
    /// CPU time of all threads at the median, ms.
    median_cpu_ms: f64,
    /// Input megabytes (10⁶ bytes) per second at the median.
    mb_per_s: f64,
}

/// CPU time of the process so far (user and system, all threads), ms; 0 where
/// `/proc/self/stat` cannot be read. Linux counts it in ticks of 10 ms.
fn cpu_ms() -> f64 {
    let Ok(stat) = fs::read_to_string("/proc/self/stat") else { return 0.0 };
    // The fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat.rsplit_once(')').map_or(vec![], |(_, rest)| rest.split_whitespace().collect());
    let ticks = |k: usize| fields.get(k).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are the 14th and 15th fields; `rest` starts at the 3rd.
    (ticks(11) + ticks(12)) * 10.0
}

/// Rounds of named timings (wall and CPU, ms), summarized by median.
#[derive(Default)]
struct Rounds(Vec<(&'static str, Vec<(f64, f64)>)>);

impl Rounds {
    fn time<T>(&mut self, stage: &'static str, f: impl FnOnce() -> T) -> T {
        let (start, cpu) = (Instant::now(), cpu_ms());
        let out = f();
        let took = (start.elapsed().as_secs_f64() * 1e3, cpu_ms() - cpu);
        match self.0.iter_mut().find(|(s, _)| *s == stage) {
            Some((_, v)) => v.push(took),
            None => self.0.push((stage, vec![took])),
        }
        out
    }

    fn stages(self, input: &str, bytes: usize) -> Vec<Stage> {
        self.0
            .into_iter()
            .map(|(stage, times)| {
                let median = |mut v: Vec<f64>| {
                    v.sort_by(f64::total_cmp);
                    (v[v.len() / 2], v[0])
                };
                let (median_ms, min_ms) = median(times.iter().map(|t| t.0).collect());
                let (median_cpu_ms, _) = median(times.iter().map(|t| t.1).collect());
                let mb_per_s = bytes as f64 / 1e6 / (median_ms / 1e3);
                Stage { input: input.to_owned(), stage, median_ms, min_ms, median_cpu_ms, mb_per_s }
            })
            .collect()
    }
}

/// Places a read document and writes its result as `declutter place FILE -o OUT` does: encoded
/// in parallel and streamed to the file.
fn place_and_write(rounds: &mut Rounds, doc: &Document, out: &Path) {
    let placement = rounds.time("place", || doc.place().expect("the workload is valid"));
    let stats = output::stats(doc, &placement, rayon::current_num_threads(), 0.0);
    rounds.time("write: encode and write the file", || {
        sink::write_text_with(out, |w| output::write_json(doc, &placement, &stats, w)).expect("writable");
    });
}

/// W(n) with a text and a font size in place of each label's size.
fn measured_document(n: usize) -> String {
    let mut doc = generate::document(n, 3.0, 1);
    for (i, label) in doc["labels"].as_array_mut().into_iter().flatten().enumerate() {
        let fields = label.as_object_mut().expect("labels are objects");
        fields.remove("width");
        fields.remove("height");
        fields.insert("text".into(), format!("Place {i}").into());
        fields.insert("font_size".into(), 12.into());
    }
    doc.to_string()
}

fn json_stages(args: &Args, n: usize) -> Vec<Stage> {
    let path = args.dir.join(format!("w{n}.json"));
    let out = args.dir.join(format!("w{n}.out.json"));
    fs::write(&path, generate::document(n, 3.0, 1).to_string()).expect("writable");
    let measured = args.measured.then(|| measured_document(n));
    let bytes = fs::metadata(&path).expect("written").len() as usize;
    let one_thread = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a thread");
    let mut rounds = Rounds::default();
    for _ in 0..args.rounds {
        let raw = rounds.time("floor: read the bytes", || fs::read(&path).expect("readable"));
        drop(raw);
        let text = rounds.time("read: bytes and UTF-8", || {
            input::read_text(fs::File::open(&path).expect("readable")).expect("text")
        });
        let plain =
            rounds.time("floor: serde_json into structs", || serde_json::from_str::<Plain>(&text).expect("parses"));
        drop(plain);
        let sonic = rounds.time("floor: sonic-rs into structs", || sonic_rs::from_str::<Plain>(&text).expect("parses"));
        drop(sonic);
        if args.located {
            let doc = rounds.time("located reader (before)", || read_document_located(&text).expect("valid"));
            drop(doc);
        }
        if let Some(measured) = &measured {
            let doc = rounds.time("parse, check, measure: texts, no sizes", || read_document(measured).expect("valid"));
            drop(doc);
            let doc = rounds.time("  the same in one pass (one thread)", || {
                one_thread.install(|| read_document(measured).expect("valid"))
            });
            drop(doc);
        }
        let doc = rounds
            .time("parse, check, measure: one pass (one thread)", || one_thread.install(|| read_document(&text)))
            .expect("valid");
        drop(doc);
        let doc = rounds.time("parse, check, measure (in pieces)", || read_document(&text).expect("valid"));
        place_and_write(&mut rounds, &doc, &out);
        drop((doc, text));
        rounds.time("end to end (in process)", || {
            let text = input::read_text(fs::File::open(&path).expect("readable")).expect("text");
            let doc = read_document(&text).expect("valid");
            place_and_write(&mut Rounds::default(), &doc, &out);
        });
    }
    rounds.stages(&format!("W({n}) JSON, {:.1} MB", bytes as f64 / 1e6), bytes)
}

fn ndjson_stages(args: &Args) -> Vec<Stage> {
    let path = args.dir.join(format!("tiles{}.ndjson", args.tiles));
    let out = args.dir.join(format!("tiles{}.out.ndjson", args.tiles));
    let mut text = String::new();
    for seed in 0..args.tiles {
        text.push_str(&generate::document(2000, 3.0, seed as u64 + 1).to_string());
        text.push('\n');
    }
    fs::write(&path, &text).expect("writable");
    let bytes = text.len();
    let lines: Vec<&str> = text.lines().collect();
    let settings = Settings::default();
    let window = ndjson::window_lines(rayon::current_num_threads());
    let mut rounds = Rounds::default();
    for _ in 0..args.rounds {
        rounds.time("floor: read the bytes", || drop(fs::read(&path).expect("readable")));
        rounds.time("floor: serde_json into structs, one core", || {
            for line in &lines {
                drop(serde_json::from_str::<Plain>(line).expect("parses"));
            }
        });
        rounds.time("floor: sonic-rs into structs, one core", || {
            for line in &lines {
                drop(sonic_rs::from_str::<Plain>(line).expect("parses"));
            }
        });
        rounds.time("parse, check, measure, one core", || {
            for line in &lines {
                drop(read_document(line).expect("valid"));
            }
        });
        rounds.time("end to end: ndjson::run to a file", || {
            let file = fs::File::open(&path).expect("readable");
            let mut writer = std::io::BufWriter::new(fs::File::create(&out).expect("writable"));
            let summary = ndjson::run(file, &mut writer, &settings, window, |_| {}).expect("streams");
            assert_eq!(summary.placed as usize, args.tiles);
        });
    }
    rounds.stages(&format!("{} W(2k) tiles NDJSON, {:.1} MB", args.tiles, bytes as f64 / 1e6), bytes)
}

fn main() {
    let args = Args::parse();
    if let Some(path) = &args.parse_only {
        let text = input::read_text(fs::File::open(path).expect("readable")).expect("text");
        let plain = serde_json::from_str::<Plain>(&text).expect("parses");
        println!("{} labels", plain.labels.len());
        return;
    }
    fs::create_dir_all(&args.dir).expect("a directory for the files");
    let mut stages: Vec<Stage> = args.n.iter().flat_map(|&n| json_stages(&args, n)).collect();
    if args.tiles > 0 {
        stages.extend(ndjson_stages(&args));
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&stages).expect("encodable"));
        return;
    }
    println!("{} threads, medians of {} rounds", rayon::current_num_threads(), args.rounds);
    let mut last = "";
    for s in &stages {
        if s.input != last {
            println!("\n{}", s.input);
            last = &s.input;
        }
        println!(
            "  {:<44} {:>9.1} ms  (min {:>9.1})  {:>7.0} MB/s  cpu {:>7.0} ms",
            s.stage, s.median_ms, s.min_ms, s.mb_per_s, s.median_cpu_ms
        );
    }
}
