//! Writes the web demo's data and the native engine's expected frames, and times the native
//! engine on the demo's animation.
//!
//! ```sh
//! cargo run -p label-wasm --bin web_scene              # www/data/{scene,expected,batch}.json
//! cargo run --release -p label-wasm --bin web_scene -- --time 5  # native frame times (JSON)
//! cargo run -p label-wasm --bin web_scene -- --batch-bench 10000  # W_sym(10000) for batch-bench.mjs
//! ```
//!
//! `scene.json` holds the labels as the module's input columns (world px at zoom 0, sizes
//! measured in DejaVu Sans — the font the page draws with), their texts, the faint geography
//! (Vienna's street lines, a graticule; projected by the engine in the page) and the
//! animation's cameras; `expected.json` holds, for every frame of the animation, the
//! digest of the native engine's decisions and, for a few frames, the visible labels;
//! `batch.json` the batch placement's reference cases (see [`batch`]).

mod animation;
mod batch;
mod frames;
mod labels;

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Parser;
use label_wasm::{Columns, F64Field};
use serde_json::json;

#[derive(Parser)]
#[command(about = "The web demo's labels, animation and the native engine's frames")]
struct Args {
    /// Where the fixtures are.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures"))]
    fixtures: PathBuf,
    /// Where to write scene.json and expected.json.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/www/data"))]
    out: PathBuf,
    /// Viewport of the animation, px.
    #[arg(long, default_value_t = 1280.0)]
    width: f64,
    /// Viewport of the animation, px.
    #[arg(long, default_value_t = 720.0)]
    height: f64,
    /// Instead of writing files, replay the animation this many times and print the native
    /// engine's `place_frame` times (p50 and p99 per run, µs) as JSON.
    #[arg(long)]
    time: Option<usize>,
    /// Instead, write `batch-bench-N.json`: the symbol workload `W_sym(N)` as input columns, for
    /// `test/batch-bench.mjs`.
    #[arg(long, value_name = "N")]
    batch_bench: Option<usize>,
}

/// Nearest-rank percentile of sorted values.
fn percentile(sorted: &[f64], q: f64) -> f64 {
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn main() -> Result<()> {
    let args = Args::parse();
    if let Some(n) = args.batch_bench {
        let path = args.out.join(format!("batch-bench-{n}.json"));
        std::fs::create_dir_all(&args.out).with_context(|| format!("creating {}", args.out.display()))?;
        let value = batch::workload(n).input_json();
        std::fs::write(&path, value.to_string()).with_context(|| format!("writing {}", path.display()))?;
        eprintln!("W_sym({n}) -> {}", path.display());
        return Ok(());
    }
    let (labels, texts) = labels::load(&args.fixtures)?;
    let shots = animation::shots(args.width, args.height);
    if let Some(runs) = args.time {
        let mut p50 = Vec::new();
        let mut p99 = Vec::new();
        for _ in 0..runs {
            let (_, mut times) = frames::replay(&labels, &shots)?;
            times.sort_by(f64::total_cmp);
            p50.push(percentile(&times, 0.5));
            p99.push(percentile(&times, 0.99));
        }
        let report = json!({"labels": labels.len(), "frames": shots.len(), "runs": runs, "p50_us": p50, "p99_us": p99});
        println!("{report}");
        return Ok(());
    }
    let columns = Columns::from_world_labels(&labels);
    let mut fields = serde_json::Map::new();
    for (field, name) in F64Field::ALL.into_iter().zip(label_wasm::F64_FIELD_NAMES) {
        fields.insert(name.to_owned(), json!(columns.column(field)));
    }
    fields.insert("flags".to_owned(), json!(columns.flags()));
    let scene = json!({
        "labels": {"count": labels.len(), "columns": fields, "texts": &texts},
        "streets": labels::street_lines(&args.fixtures)?,
        "graticule": labels::graticule(),
        "animation": shots,
    });
    let (expected, _) = frames::replay(&labels, &shots)?;
    std::fs::create_dir_all(&args.out).with_context(|| format!("creating {}", args.out.display()))?;
    let write = |name: &str, value: &serde_json::Value| {
        let path = args.out.join(name);
        std::fs::write(&path, value.to_string()).with_context(|| format!("writing {}", path.display()))
    };
    write("scene.json", &scene)?;
    write("expected.json", &json!({"width": args.width, "height": args.height, "frames": expected}))?;
    let cases = [batch::random(3000, 11), batch::places(&labels, &texts)];
    let cases = cases.iter().map(batch::Case::to_json).collect::<Result<Vec<_>>>()?;
    write("batch.json", &json!({"cases": cases}))?;
    eprintln!("{} labels, {} frames -> {}", labels.len(), shots.len(), args.out.display());
    Ok(())
}
