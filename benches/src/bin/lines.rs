//! Line labels three ways on one GeoJSON view: today's straight runs, names along their lines
//! collided glyph box by glyph box (the engine), and the same layout collided as MapLibre
//! does, as chains of circles ([`declutter_benches::circles`]). For each: the line labels
//! shown, the features and distinct names shown, and the overlapping pairs among the shown
//! labels' real footprints (boxes, or glyph boxes) — which must be 0.
//!
//! `cargo run --release -p declutter-benches --bin lines -- FILE.geojson --zoom Z --center LON,LAT [GeoJSON flags]`

use std::collections::HashSet;
use std::time::Instant;

use clap::Parser;
use declutter_benches::circles::place_circles;
use glam::DVec2;
use label_cli::formats::geojson::{self, GeoArgs, GeoDocument, Input, LinePlacement, Slot};
use label_core::Obb;
use label_core::pipeline::collides;

#[derive(Parser)]
#[command(about = "Line labels shown and overlapping pairs: straight runs, glyph boxes, MapLibre's circles.")]
struct Args {
    /// The GeoJSON file.
    input: std::path::PathBuf,
    /// The view and properties, as `declutter place` takes them (--line-placement is set here).
    #[command(flatten)]
    geo: GeoArgs,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(serde::Serialize)]
struct Row {
    method: &'static str,
    labels: usize,
    shown: usize,
    features_shown: usize,
    names_shown: usize,
    overlapping_pairs: usize,
    no_room: usize,
    too_curved: usize,
    ms: f64,
}

/// Each label's footprint: its glyph boxes along a path, else its box.
fn footprints(geo: &GeoDocument<'_>) -> Vec<Vec<Obb>> {
    let doc = &geo.doc;
    (0..doc.labels.len())
        .map(|i| match doc.symbols.get(i).and_then(|s| s.path.as_ref().map(|p| (s, p))) {
            Some((_, path)) => path.layout().map_or_else(
                |_| Vec::new(),
                |l| {
                    l.glyphs
                        .iter()
                        .map(|g| g.obb(doc.labels[i].style.height, doc.labels[i].style.padding, DVec2::ZERO))
                        .collect()
                },
            ),
            None => vec![doc.labels[i].obb()],
        })
        .collect()
}

/// Pairs of shown labels some of whose footprints overlap (contract §3, no padding added).
fn overlapping_pairs(shown: &[usize], parts: &[Vec<Obb>]) -> usize {
    let bounds: Vec<Option<label_core::Aabb>> =
        shown.iter().map(|&i| parts[i].iter().map(Obb::bounds).reduce(|a, b| a.union(&b))).collect();
    let mut pairs = 0;
    for a in 0..shown.len() {
        for b in a + 1..shown.len() {
            let (Some(ba), Some(bb)) = (bounds[a], bounds[b]) else { continue };
            if ba.overlaps(&bb) && parts[shown[a]].iter().any(|p| parts[shown[b]].iter().any(|q| collides(p, q, 0.0))) {
                pairs += 1;
            }
        }
    }
    pairs
}

fn row(method: &'static str, geo: &GeoDocument<'_>, visible: &[bool], ms: f64, reasons: (usize, usize)) -> Row {
    let shown: Vec<usize> = (0..visible.len()).filter(|&i| visible[i]).collect();
    let features_shown = geo
        .slots
        .iter()
        .filter(|s| match **s {
            Slot::Label(i) => visible[i],
            Slot::Along { first, count } => (first..first + count).any(|i| visible[i]),
            Slot::Skipped(_) => false,
        })
        .count();
    let names: HashSet<&str> = shown.iter().filter_map(|&i| geo.doc.text(i)).collect();
    Row {
        method,
        labels: visible.len(),
        shown: shown.len(),
        features_shown,
        names_shown: names.len(),
        overlapping_pairs: overlapping_pairs(&shown, &footprints(geo)),
        no_room: reasons.0,
        too_curved: reasons.1,
        ms,
    }
}

fn read<'a>(text: &'a str, path: &std::path::Path, geo: &GeoArgs) -> anyhow::Result<Box<GeoDocument<'a>>> {
    match geojson::read(Some(path), text, geo).map_err(|e| anyhow::anyhow!("{e}"))? {
        Input::Geo(g) => Ok(g),
        Input::Json(_) => anyhow::bail!("not GeoJSON"),
    }
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let text = std::fs::read_to_string(&args.input)?;
    let mut rows = Vec::new();

    // The engine on the document read with `placement`: the document, visible flags, the
    // counts of no_room and too_curved, and the time.
    let engine = |placement: LinePlacement| -> anyhow::Result<_> {
        let geo = read(&text, &args.input, &GeoArgs { line_placement: Some(placement), ..args.geo.clone() })?;
        let t = Instant::now();
        let p = geo.doc.place()?;
        let ms = t.elapsed().as_secs_f64() * 1e3;
        let visible: Vec<bool> = p.outcomes.iter().map(|o| o.visible).collect();
        Ok((geo, visible, (p.stats.hidden_no_room, p.stats.hidden_too_curved), ms))
    };
    let (geo, visible, reasons, ms) = engine(LinePlacement::Straight)?;
    rows.push(row("straight runs", &geo, &visible, ms, reasons));
    let (geo, visible, reasons, ms) = engine(LinePlacement::Curved)?;
    rows.push(row("curved, glyph boxes", &geo, &visible, ms, reasons));

    // The same labels collided as circles (the straight fallback's labels as their boxes).
    let t = Instant::now();
    let visible = place_circles(&geo.doc.labels, &geo.doc.symbols, &geo.doc.options);
    let ms = t.elapsed().as_secs_f64() * 1e3;
    rows.push(row("curved, MapLibre circles", &geo, &visible, ms, reasons));

    if args.json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        println!(
            "| method | labels | shown | features shown | names shown | overlapping pairs | no_room | too_curved | ms |"
        );
        println!("|---|---|---|---|---|---|---|---|---|");
        for r in rows {
            println!(
                "| {} | {} | {} | {} | {} | {} | {} | {} | {:.1} |",
                r.method,
                r.labels,
                r.shown,
                r.features_shown,
                r.names_shown,
                r.overlapping_pairs,
                r.no_room,
                r.too_curved,
                r.ms
            );
        }
    }
    Ok(())
}
