//! Frame-time benchmark: scripted camera animations over real labels, the way a map renderer
//! calls the engine, side by side with the engine without stability and an axis-aligned
//! baseline.
//!
//! ```sh
//! cargo run --release -p declutter-benches --bin frames            # the table
//! cargo run --release -p declutter-benches --bin frames -- --json  # for machines
//! cargo run --release -p declutter-benches --bin frames -- --svg docs/rotation-stability.svg
//! ```
//!
//! Scenes (fixtures/world-*.json): `places` = Natural Earth populated places + GeoNames cities
//! (30,183 point labels) over Europe, zoom 5 (the zoom animation runs 2 → 8); `streets` = Vienna's
//! street names (3,356 labels along their streets), zoom 16 (zoom 14 → 18). Animations at 60
//! frames per second of simulated time: pan (600 px/s, 4 s), zoom (6 s), a full turn (6 s),
//! pitch 0 → 60° (3 s); viewports 1920×1080 and 3840×2160. Only the placement call is timed
//! (for the engines: `FrameEngine::place_frame`, projection included). Per method it counts the
//! flips (labels in view in both frames whose visibility changed) and the fewest flips the
//! method's own label counts allow, its floor (see `methods::Changes`).

mod grid;
mod methods;
mod pictures;
mod profile;
mod report;
mod scenes;
mod world;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Parser;
use glam::DVec2;
use label_frame::mercator::lon_lat_to_world;

use methods::{Method, Runner};
use report::{Row, Summary};
use scenes::{ANIMATIONS, SCENES};

#[derive(Parser)]
#[command(about = "Frame placement time, labels shown and flicker over scripted camera animations")]
struct Args {
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Only 1920×1080 (the 4K viewport doubles the run time).
    #[arg(long)]
    quick: bool,
    /// Only this viewport: 1080 (1920×1080) or 2160 (3840×2160).
    #[arg(long, value_parser = ["1080", "2160"])]
    viewport: Option<String>,
    /// Only these scenes (places, streets; pacific, the places over Fiji, and curved, the
    /// streets' names along their lines, run only when named).
    #[arg(long, value_delimiter = ',')]
    scene: Vec<String>,
    /// Only these animations (pan, zoom, rotate, pitch).
    #[arg(long, value_delimiter = ',')]
    animation: Vec<String>,
    /// Only these methods (engine, engine_ties_only, no_stability, aabb_grid — the default, the
    /// summary needs all four —, the engine without its shortcuts: no_shortcuts, no_sleep,
    /// no_dormant, no_no_room, no_far_lines (the last two for texts along lines), and the engine
    /// over the places made symbols of four candidates: symbols,
    /// symbols_in_order, the latter without the last position tried first).
    #[arg(long, value_delimiter = ',', value_parser = parse_method)]
    method: Vec<Method>,
    /// rayon threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Hysteresis margin of the engines with stability, px.
    #[arg(long, default_value_t = 2.0)]
    hysteresis: f64,
    /// The order the engines get the labels in (not `--svg` and `--profile`): tile by tile (zoom-6 tiles, row by row, each
    /// tile's labels as the fixtures list them), as a renderer reads them from vector tiles; or
    /// as the fixtures list them (by source and id, which follows place only loosely).
    #[arg(long, default_value = "tiles", value_parser = ["tiles", "fixture"])]
    order: String,
    /// Check the shown labels for overlaps every N frames (0: never).
    #[arg(long, default_value_t = 20)]
    check_every: usize,
    /// Repository root (where fixtures/ is).
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/.."))]
    root: PathBuf,
    /// Time the stages of a full frame one by one over the places zoom animation (1920×1080),
    /// and do nothing else.
    #[arg(long)]
    profile: bool,
    /// Write every frame's numbers to this CSV file: scene, animation, viewport, method, frame,
    /// time, candidates, labels placed, labels asleep, reused.
    #[arg(long)]
    trace: Option<PathBuf>,
    /// The streets' lines for the `curved` scene: the GeoJSON `fixtures/world-vienna-streets.json`
    /// was made from (`../shared/data/vienna-streets.geojson` beside the repository).
    #[arg(long)]
    street_lines: Option<PathBuf>,
    /// Write the picture sequence of a rotation with and without stability to this SVG file,
    /// and do nothing else.
    #[arg(long)]
    svg: Option<PathBuf>,
}

/// A method by its key, for `--method`.
fn parse_method(key: &str) -> Result<Method, String> {
    Method::from_key(key).ok_or_else(|| {
        let keys: Vec<&str> = Method::ALL.iter().map(|m| m.key()).collect();
        format!("unknown method {key:?} (one of {})", keys.join(", "))
    })
}

fn main() -> Result<()> {
    let args = Args::parse();
    if let Some(threads) = args.threads {
        rayon::ThreadPoolBuilder::new().num_threads(threads).build_global()?;
    }
    let fixtures = args.root.join("fixtures");
    let load_start = Instant::now();
    let mut places = world::load(&fixtures.join("world-natural-earth-places.json"), 1)?;
    places.extend(world::load(&fixtures.join("world-geonames-cities.json"), 2)?);
    let mut streets = world::load(&fixtures.join("world-vienna-streets.json"), 3)?;
    eprintln!(
        "loaded and measured {} place and {} street labels in {:.2} s; {} threads",
        places.len(),
        streets.len(),
        load_start.elapsed().as_secs_f64(),
        rayon::current_num_threads()
    );
    if let Some(path) = &args.svg {
        return pictures::write(path, &places, &streets);
    }
    if args.profile {
        profile::run(&places, &scenes::cameras(&SCENES[0], "zoom", DVec2::new(1920.0, 1080.0)));
        return Ok(());
    }

    let named =
        |s: &&scenes::Scene| if args.scene.is_empty() { s.by_default } else { args.scene.iter().any(|n| n == s.name) };
    let mut curved = if SCENES.iter().filter(named).any(|s| s.name == "curved") {
        let lines =
            args.street_lines.clone().unwrap_or_else(|| args.root.join("../shared/data/vienna-streets.geojson"));
        let curved = world::load_curved(&fixtures.join("world-vienna-streets.json"), &lines, 3)?;
        eprintln!("laid {} street names along their lines", curved.len());
        curved
    } else {
        Vec::new()
    };
    if args.order == "tiles" {
        world::sort_by_tile(&mut places);
        world::sort_by_tile(&mut streets);
        world::sort_by_tile(&mut curved);
    }
    eprintln!("labels in {} order", args.order);
    let sizes: &[(u32, u32)] = match args.viewport.as_deref() {
        Some("2160") => &[(3840, 2160)],
        _ if args.quick || args.viewport.is_some() => &[(1920, 1080)],
        _ => &[(1920, 1080), (3840, 2160)],
    };
    let mut rows = Vec::new();
    let mut trace = String::from("scene,animation,width,height,method,frame,ms,candidates,placed_now,asleep,reused\n");
    for scene in SCENES.iter().filter(named) {
        let labels = match scene.name {
            "streets" => &streets,
            "curved" => &curved,
            _ => &places,
        };
        // The baseline has no copies of the world: it gets each label in the copy nearest the
        // scene's centre, where the engines' first frame puts it.
        let baseline = world::in_copy_nearest(labels, lon_lat_to_world(scene.center.0, scene.center.1).x);
        let mut methods: Vec<Method> =
            if args.method.is_empty() { Method::DEFAULT.to_vec() } else { args.method.clone() };
        if scene.name == "curved" {
            // The axis-aligned baseline has no glyphs, and the places' candidates no streets.
            methods.retain(|m| *m != Method::Aabb && !m.symbols());
        }
        let symbols = if methods.iter().any(|m| m.symbols()) { world::with_candidates(labels) } else { Vec::new() };
        let mut runners: Vec<Runner> = methods
            .iter()
            .map(|&m| {
                let labels = match m {
                    Method::Aabb => &baseline,
                    m if m.symbols() => &symbols,
                    _ => labels,
                };
                Runner::new(m, labels, args.hysteresis)
            })
            .collect();
        for &animation in
            ANIMATIONS.iter().filter(|a| args.animation.is_empty() || args.animation.iter().any(|n| n == *a))
        {
            for &(w, h) in sizes {
                let cameras = scenes::cameras(scene, animation, DVec2::new(f64::from(w), f64::from(h)));
                for runner in &mut runners {
                    // Warm up (allocations, caches) on the first frame, then forget it.
                    runner.frame(&cameras[0].0, 0.0);
                    runner.reset();
                }
                let mut outcomes: Vec<Vec<methods::FrameOutcome>> = methods.iter().map(|_| Vec::new()).collect();
                let mut checks = vec![(0usize, 0usize); methods.len()];
                // Interleaved frame by frame, so that the machine's noise hits every method alike.
                for (k, (camera, t)) in cameras.iter().enumerate() {
                    for (m, runner) in runners.iter_mut().enumerate() {
                        outcomes[m].push(runner.frame(camera, *t));
                        if args.check_every > 0 && k % args.check_every == 0 {
                            checks[m].0 += 1;
                            checks[m].1 += runner.overlapping_pairs();
                        }
                    }
                }
                for (m, method) in methods.iter().enumerate() {
                    rows.push(Row::new((scene.name, animation, w, h), *method, &outcomes[m], checks[m]));
                    for (k, f) in outcomes[m].iter().enumerate() {
                        let ms = f.time.as_secs_f64() * 1e3;
                        let (name, key) = (scene.name, method.key());
                        let counts = (f.in_view, f.placed_now, f.asleep, f.reused);
                        writeln!(
                            trace,
                            "{name},{animation},{w},{h},{key},{k},{ms:.4},{},{},{},{}",
                            counts.0, counts.1, counts.2, counts.3
                        )?;
                    }
                }
                eprintln!("  {} {} {}x{} done", scene.name, animation, w, h);
            }
        }
    }
    if let Some(path) = &args.trace {
        std::fs::write(path, trace).with_context(|| format!("writing {}", path.display()))?;
    }
    // The summary compares with the axis-aligned baseline, which the curved scene does not run.
    let summary = args.method.is_empty().then(|| {
        let compared: Vec<Row> = rows.iter().filter(|r| r.scene != "curved").cloned().collect();
        Summary::new(&compared)
    });
    if args.json {
        let doc = serde_json::json!({
            "threads": rayon::current_num_threads(),
            "order": args.order,
            "rows": rows,
            "summary": summary,
        });
        println!("{}", serde_json::to_string_pretty(&doc)?);
    } else {
        report::print_table(&rows);
        report::print_split(&rows);
        if let Some(summary) = &summary {
            report::print_summary(summary);
        }
    }
    Ok(())
}
