//! The batch benchmark: on W(n), interleaved round by round in one process, times
//! (a) the floor — read every label once and sort by (priority, index);
//! (b) the naive baseline — rstar insert-and-query of placed labels with a plain SAT;
//! (c) the engine on one thread (installed in a one-thread pool) and on all threads, called from
//! the caller's thread as a renderer calls it (the global pool) and installed in a pool of as
//! many threads (as `--threads` times it);
//! and checks that (b) and (c) agree label for label. It also measures the engine's peak working
//! memory per label (a counting allocator) and, with `--threads`, its speed-up over thread
//! counts. With `--symbols` the same rounds also time `place_symbols` on the symbol workload
//! W_sym(n) (W(n)'s labels with four candidates each, an icon on a third, repeat groups on a
//! tenth) on one thread and on all threads, and (without `--no-naive`) the naive baseline given
//! the same symbols, checked to show the same labels. With `--paths`, on the path workload
//! W_path(n) (W(n)'s labels as texts of 5–25 glyphs along gentle curves): `place_symbols` on
//! one and on all threads, and the naive baseline given the same glyph boxes, checked to agree.

use std::hint::black_box;
use std::time::Instant;

use clap::Parser;
use declutter_benches::{place_naive, place_naive_symbols, standard};
use label_core::{Blocker, Label, place, place_symbols};
use serde::Serialize;

/// Counts heap bytes so that the engine's peak working memory can be read off.
#[global_allocator]
static ALLOCATOR: peak_alloc::PeakAlloc = peak_alloc::PeakAlloc;

#[derive(Parser)]
#[command(about = "Time the engine against the floor and a naive baseline on the standard workload.")]
struct Args {
    /// Label counts, comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = [10_000usize, 100_000])]
    n: Vec<usize>,
    /// Σ(label area) / canvas area.
    #[arg(long, default_value_t = 3.0)]
    coverage: f64,
    /// Workload seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Timed rounds per method.
    #[arg(long, default_value_t = 7)]
    rounds: usize,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Skip the naive baseline (slow at 1M).
    #[arg(long)]
    no_naive: bool,
    /// Also time the engine on each of these thread counts (speed-up over threads), installed in
    /// a fresh pool, its rounds back to back: the best case, see docs/performance.md.
    #[arg(long, value_delimiter = ',')]
    threads: Vec<usize>,
    /// Also time the engine on the symbol workload W_sym(n).
    #[arg(long)]
    symbols: bool,
    /// Also time the engine and the naive baseline on the path workload W_path(n).
    #[arg(long)]
    paths: bool,
}

#[derive(Serialize)]
struct Timing {
    method: String,
    n: usize,
    threads: usize,
    median_ms: f64,
    min_ms: f64,
    max_ms: f64,
    ns_per_label: f64,
}

#[derive(Serialize)]
struct Report {
    n: usize,
    coverage: f64,
    seed: u64,
    rounds: usize,
    visible: usize,
    agree_with_naive: Option<bool>,
    engine_over_floor: f64,
    speedup_over_naive: Option<f64>,
    parallel_speedup: f64,
    /// Peak heap bytes allocated by one `place()` call beyond what was live before it
    /// (boxes, order, cells, lists and the result), per label.
    engine_bytes_per_label: f64,
    timings: Vec<Timing>,
    /// Median milliseconds of the engine on each thread count of `--threads`, installed in a
    /// pool of that many threads, its rounds back to back (not interleaved).
    thread_scaling: Vec<(usize, f64)>,
    /// Median milliseconds of the interleaved rounds of the engine installed in a pool of all
    /// threads: the `--threads` block's call, interleaved, to set its figure against.
    installed_ms: f64,
    /// With `--symbols`: labels of W_sym(n) shown, and the engine's median on W_sym(n) over
    /// its median on W(n), both on all threads.
    symbols_visible: Option<usize>,
    symbols_over_plain: Option<f64>,
    /// With `--paths`: labels of W_path(n) shown, whether the naive baseline on the same glyph
    /// boxes agrees, and the engine's median on W_path(n) over its median on W(n), all threads.
    paths_visible: Option<usize>,
    paths_agree_with_naive: Option<bool>,
    paths_over_plain: Option<f64>,
    /// With `--symbols` and the naive baseline: whether it shows the same labels of W_sym(n),
    /// and its median over the engine's on all threads.
    symbols_agree_with_naive: Option<bool>,
    symbols_speedup_over_naive: Option<f64>,
}

fn floor(labels: &[Label]) -> Vec<(f64, u32)> {
    let mut keys: Vec<(f64, u32)> = labels.iter().enumerate().map(|(i, l)| (l.style.priority, i as u32)).collect();
    keys.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    keys
}

fn summarize(method: &str, n: usize, threads: usize, mut ms: Vec<f64>) -> Timing {
    ms.sort_by(f64::total_cmp);
    let median = ms[ms.len() / 2];
    Timing {
        method: method.to_owned(),
        n,
        threads,
        median_ms: median,
        min_ms: ms[0],
        max_ms: ms[ms.len() - 1],
        ns_per_label: median * 1e6 / n as f64,
    }
}

fn time<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let out = f();
    (start.elapsed().as_secs_f64() * 1e3, out)
}

fn run(args: &Args, n: usize) -> Report {
    let w = standard(n, args.coverage, args.seed);
    let options = w.options();
    let all = rayon::current_num_threads();
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a one-thread pool");
    let pool_all = rayon::ThreadPoolBuilder::new().num_threads(all).build().expect("a thread pool");
    let engine = |labels: &[Label]| place(labels, &[], &options).expect("the workload is valid");

    let before = ALLOCATOR.current_usage();
    ALLOCATOR.reset_peak_usage();
    let reference = engine(&w.labels);
    let engine_bytes = ALLOCATOR.peak_usage().saturating_sub(before);
    let agree = (!args.no_naive).then(|| {
        let naive = place_naive(&w.labels, &options);
        reference.outcomes.iter().zip(&naive).all(|(o, (visible, by))| {
            let engine_by = match o.hidden_by {
                Some(Blocker::Label(j)) => Some(j),
                _ => None,
            };
            o.visible == *visible && engine_by == *by
        })
    });

    let (sym, symbols) = args.symbols.then(|| declutter_benches::symbols(n, args.coverage, args.seed)).unzip();
    let symbol_engine =
        |s: &[label_core::Symbol]| place_symbols(&w.labels, s, &[], &options).expect("the workload is valid");
    let symbols_visible = symbols.as_deref().map(|s| symbol_engine(s).stats.visible);
    let symbols_agree = symbols.as_deref().filter(|_| !args.no_naive).map(|s| {
        let naive = place_naive_symbols(&w.labels, s, &options);
        symbol_engine(s).outcomes.iter().zip(&naive).all(|(o, shown)| o.visible == *shown)
    });
    debug_assert!(sym.is_none_or(|sym| sym.labels == w.labels));
    let (mut t_floor, mut t_naive, mut t_one, mut t_all, mut t_installed) = (vec![], vec![], vec![], vec![], vec![]);
    let (mut t_sym_one, mut t_sym_all, mut t_sym_naive) = (vec![], vec![], vec![]);
    for _ in 0..args.rounds {
        if let Some(s) = symbols.as_deref() {
            t_sym_one.push(time(|| one.install(|| black_box(symbol_engine(black_box(s))))).0);
            t_sym_all.push(time(|| black_box(symbol_engine(black_box(s)))).0);
            if !args.no_naive {
                t_sym_naive.push(time(|| black_box(place_naive_symbols(black_box(&w.labels), s, &options))).0);
            }
        }
        t_floor.push(time(|| black_box(floor(black_box(&w.labels)))).0);
        if !args.no_naive {
            t_naive.push(time(|| black_box(place_naive(black_box(&w.labels), &options))).0);
        }
        t_one.push(time(|| one.install(|| black_box(engine(black_box(&w.labels))))).0);
        t_all.push(time(|| black_box(engine(black_box(&w.labels)))).0);
        t_installed.push(time(|| pool_all.install(|| black_box(engine(black_box(&w.labels))))).0);
    }
    let mut thread_scaling = Vec::new();
    for &threads in &args.threads {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a thread pool");
        let mut ms: Vec<f64> =
            (0..args.rounds).map(|_| time(|| pool.install(|| black_box(engine(black_box(&w.labels))))).0).collect();
        ms.sort_by(f64::total_cmp);
        thread_scaling.push((threads, ms[ms.len() / 2]));
    }
    let floor = summarize("floor (read + sort)", n, 1, t_floor);
    let naive = (!args.no_naive).then(|| summarize("naive rstar + SAT", n, 1, t_naive));
    let one = summarize("engine", n, 1, t_one);
    let all_t = summarize("engine", n, all, t_all);
    let installed = summarize("engine, installed", n, all, t_installed);
    let installed_ms = installed.median_ms;
    let mut timings = vec![];
    let report_ratio = all_t.median_ms / floor.median_ms;
    let speedup = naive.as_ref().map(|b| b.median_ms / all_t.median_ms);
    let parallel = one.median_ms / all_t.median_ms;
    let plain_ms = all_t.median_ms;
    timings.push(floor);
    timings.extend(naive);
    timings.push(one);
    timings.push(all_t);
    timings.push(installed);
    let mut paths = PathTimes::default();
    if args.paths {
        paths = time_paths(args, n, plain_ms, &mut timings);
    }
    let (mut symbols_over_plain, mut symbols_speedup_over_naive) = (None, None);
    if args.symbols {
        let sym_all = summarize("engine, W_sym", n, all, t_sym_all);
        symbols_over_plain = Some(sym_all.median_ms / plain_ms);
        if !args.no_naive {
            let naive = summarize("naive, W_sym", n, 1, t_sym_naive);
            symbols_speedup_over_naive = Some(naive.median_ms / sym_all.median_ms);
            timings.push(naive);
        }
        timings.push(summarize("engine, W_sym", n, 1, t_sym_one));
        timings.push(sym_all);
    }
    Report {
        n,
        coverage: args.coverage,
        seed: args.seed,
        rounds: args.rounds,
        visible: reference.stats.visible,
        agree_with_naive: agree,
        engine_over_floor: report_ratio,
        speedup_over_naive: speedup,
        parallel_speedup: parallel,
        engine_bytes_per_label: engine_bytes as f64 / n as f64,
        timings,
        thread_scaling,
        installed_ms,
        symbols_visible,
        symbols_over_plain,
        paths_visible: paths.visible,
        paths_agree_with_naive: paths.agree,
        paths_over_plain: paths.over_plain,
        symbols_agree_with_naive: symbols_agree,
        symbols_speedup_over_naive,
    }
}

/// What `--paths` adds to a report.
#[derive(Default)]
struct PathTimes {
    visible: Option<usize>,
    agree: Option<bool>,
    over_plain: Option<f64>,
}

/// Times the engine (one and all threads) and the naive baseline on W_path(n), in interleaved
/// rounds, into `timings`.
fn time_paths(args: &Args, n: usize, plain_ms: f64, timings: &mut Vec<Timing>) -> PathTimes {
    let (w, symbols) = declutter_benches::paths(n, args.coverage, args.seed);
    let options = w.options();
    let engine = || place_symbols(&w.labels, &symbols, &[], &options).expect("the workload is valid");
    let parts: Vec<Vec<label_core::Obb>> = symbols
        .iter()
        .zip(&w.labels)
        .map(|(s, l)| {
            let layout = s.layout().and_then(Result::ok);
            layout.map_or_else(Vec::new, |lay| {
                lay.glyphs.iter().map(|g| g.obb(l.style.height, l.style.padding, glam::DVec2::ZERO)).collect()
            })
        })
        .collect();
    let priorities: Vec<f64> = w.labels.iter().map(|l| l.style.priority).collect();
    let naive = || declutter_benches::place_naive_parts(&parts, &priorities, &options);
    let reference = engine();
    let agree = (!args.no_naive).then(|| reference.outcomes.iter().zip(naive()).all(|(o, v)| o.visible == v));
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a one-thread pool");
    let (mut t_one, mut t_all, mut t_naive) = (vec![], vec![], vec![]);
    for _ in 0..args.rounds {
        t_one.push(time(|| one.install(|| black_box(engine()))).0);
        t_all.push(time(|| black_box(engine())).0);
        if !args.no_naive {
            t_naive.push(time(|| black_box(naive())).0);
        }
    }
    let all = summarize("engine, W_path", n, rayon::current_num_threads(), t_all);
    let over_plain = all.median_ms / plain_ms;
    if !args.no_naive {
        timings.push(summarize("naive, W_path glyphs", n, 1, t_naive));
    }
    timings.push(summarize("engine, W_path", n, 1, t_one));
    timings.push(all);
    PathTimes { visible: Some(reference.stats.visible), agree, over_plain: Some(over_plain) }
}

fn main() {
    let args = Args::parse();
    let reports: Vec<Report> = args.n.iter().map(|&n| run(&args, n)).collect();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&reports).expect("reports serialize"));
        return;
    }
    for r in &reports {
        println!(
            "W(n = {}, coverage {}, seed {}), {} rounds: {} labels shown",
            r.n, r.coverage, r.seed, r.rounds, r.visible
        );
        println!(
            "  {:<22} {:>7} {:>10} {:>10} {:>10} {:>9}",
            "method", "threads", "median ms", "min ms", "max ms", "ns/label"
        );
        for t in &r.timings {
            println!(
                "  {:<22} {:>7} {:>10.3} {:>10.3} {:>10.3} {:>9.1}",
                t.method, t.threads, t.median_ms, t.min_ms, t.max_ms, t.ns_per_label
            );
        }
        println!(
            "  engine / floor {:.2}x; speed-up over naive {}; parallel speed-up {:.2}x; agrees with naive: {}",
            r.engine_over_floor,
            r.speedup_over_naive.map_or("-".to_owned(), |s| format!("{s:.2}x")),
            r.parallel_speedup,
            r.agree_with_naive.map_or("not checked".to_owned(), |a| a.to_string()),
        );
        println!("  engine peak working memory: {:.0} bytes per label", r.engine_bytes_per_label);
        if let (Some(shown), Some(ratio)) = (r.symbols_visible, r.symbols_over_plain) {
            println!("  W_sym: {shown} labels shown; engine on W_sym / engine on W, all threads: {ratio:.2}x");
        }
        if let (Some(shown), Some(ratio)) = (r.paths_visible, r.paths_over_plain) {
            let agree = r.paths_agree_with_naive.map_or("not checked".to_owned(), |a| a.to_string());
            println!(
                "  W_path: {shown} labels shown; engine on W_path / engine on W, all threads: {ratio:.2}x; \
                 agrees with naive: {agree}"
            );
        }
        if let (Some(agree), Some(speedup)) = (r.symbols_agree_with_naive, r.symbols_speedup_over_naive) {
            println!("  W_sym: speed-up over naive {speedup:.2}x; agrees with naive: {agree}");
        }
        for (threads, ms) in &r.thread_scaling {
            println!("  {threads} threads, installed, rounds back to back: {ms:.3} ms median");
        }
        if !r.thread_scaling.is_empty() {
            println!("  (interleaved, installed in a pool of all threads: {:.3} ms median)", r.installed_ms);
        }
    }
}
