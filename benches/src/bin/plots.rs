//! Draws the performance plots of `docs/performance.md` from the batch benchmark's `--json`
//! output: time per label against n for every method, and the engine's speed-up over threads.
//!
//! `cargo run --release -p declutter-benches --bin plots -- batch.json docs/`

use std::path::PathBuf;

use plotters::prelude::*;
use serde::Deserialize;

#[derive(Deserialize)]
struct Timing {
    method: String,
    n: usize,
    threads: usize,
    ns_per_label: f64,
}

#[derive(Deserialize)]
struct Report {
    n: usize,
    timings: Vec<Timing>,
    thread_scaling: Vec<(usize, f64)>,
}

const COLORS: [RGBColor; 5] = [
    RGBColor(90, 90, 90),
    RGBColor(200, 60, 50),
    RGBColor(40, 110, 200),
    RGBColor(20, 150, 90),
    RGBColor(160, 90, 200),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let input = PathBuf::from(args.next().ok_or("usage: plots BATCH.json OUT_DIR")?);
    let out = PathBuf::from(args.next().ok_or("usage: plots BATCH.json OUT_DIR")?);
    let reports: Vec<Report> = serde_json::from_str(&std::fs::read_to_string(&input)?)?;
    time_per_label(&reports, &out.join("perf-time-per-label.svg"))?;
    speedup(&reports, &out.join("perf-speedup.svg"))?;
    Ok(())
}

fn time_per_label(reports: &[Report], path: &std::path::Path) -> Result<(), Box<dyn std::error::Error>> {
    let mut series: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
    for r in reports {
        for t in &r.timings {
            let name = format!("{} ({} thread{})", t.method, t.threads, if t.threads == 1 { "" } else { "s" });
            match series.iter_mut().find(|(n, _)| *n == name) {
                Some((_, pts)) => pts.push((t.n as f64, t.ns_per_label)),
                None => series.push((name, vec![(t.n as f64, t.ns_per_label)])),
            }
        }
    }
    let (nmin, nmax) = reports.iter().fold((f64::MAX, 0f64), |(a, b), r| (a.min(r.n as f64), b.max(r.n as f64)));
    let ymax = series.iter().flat_map(|(_, p)| p.iter().map(|q| q.1)).fold(0.0, f64::max) * 1.3;
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption("Time per label on W(n, coverage 3) — lower is better", ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d((nmin * 0.8..nmax * 1.25).log_scale(), (10.0..ymax).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("labels (n)")
        .y_desc("ns per label (median)")
        .x_label_formatter(&|x| power_of_ten(*x))
        .y_label_formatter(&|y| power_of_ten(*y))
        .draw()?;
    for (i, (name, pts)) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        chart
            .draw_series(LineSeries::new(pts.clone(), color.stroke_width(2)))?
            .label(name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2)));
        chart.draw_series(pts.iter().map(|p| Circle::new(*p, 4, color.filled())))?;
    }
    chart.configure_series_labels().background_style(WHITE.mix(0.9)).border_style(BLACK).draw()?;
    root.present()?;
    Ok(())
}

/// "1k", "10k", "1M" at powers of ten; nothing between them (log axes get crowded).
fn power_of_ten(v: f64) -> String {
    let exp = v.log10();
    if (exp - exp.round()).abs() > 1e-6 {
        return String::new();
    }
    match exp.round() as i32 {
        e @ 0..=2 => format!("{}", 10f64.powi(e)),
        e @ 3..=5 => format!("{}k", 10f64.powi(e - 3)),
        e => format!("{}M", 10f64.powi(e - 6)),
    }
}

fn speedup(reports: &[Report], path: &std::path::Path) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let tmax = reports.iter().flat_map(|r| r.thread_scaling.iter().map(|t| t.0)).max().unwrap_or(2) as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption("Engine speed-up over threads (2-core machine) — higher is better", ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(56)
        .build_cartesian_2d(0.5..tmax + 0.5, 0.0..2.5)?;
    chart.configure_mesh().x_desc("threads").y_desc("speed-up over 1 thread").draw()?;
    for (i, r) in reports.iter().filter(|r| !r.thread_scaling.is_empty()).enumerate() {
        let base = r.thread_scaling.iter().find(|t| t.0 == 1).map_or(r.thread_scaling[0].1, |t| t.1);
        let pts: Vec<(f64, f64)> = r.thread_scaling.iter().map(|(t, ms)| (*t as f64, base / ms)).collect();
        let color = COLORS[(i + 1) % COLORS.len()];
        chart
            .draw_series(LineSeries::new(pts.clone(), color.stroke_width(2)))?
            .label(format!("n = {}", r.n))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2)));
        chart.draw_series(pts.iter().map(|p| Circle::new(*p, 4, color.filled())))?;
    }
    chart
        .draw_series(LineSeries::new(vec![(1.0, 1.0), (2.0, 2.0)], BLACK.mix(0.3).stroke_width(1)))?
        .label("ideal on 2 cores")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], BLACK.mix(0.3)));
    chart.configure_series_labels().background_style(WHITE.mix(0.9)).border_style(BLACK).draw()?;
    root.present()?;
    Ok(())
}
