//! How many labels a map shows, and whether any overlap, by method — on one GeoJSON or CSV
//! file read with the `declutter` command line's flags (its `--variable-anchor`,
//! `--radial-offset`, `--repeat-distance`, …), in one process:
//!
//! - `one position`: each point's text at its first candidate only (`place_symbols`);
//! - `candidates, exact`: every candidate in order (`place_symbols`, contract §4);
//! - `candidates, 25-px grid`: the baseline the symbols issue names as MapLibre's approach —
//!   each candidate's axis-aligned box snapped outward to a grid of 25-px cells, a candidate
//!   free when none of its cells is taken, the first free one taking its cells;
//! - `candidates, AABB`: what MapLibre's `GridIndex.hitTest` decides — the axis-aligned boxes
//!   themselves, colliding when they meet, edges included (its 25-px cells only bucket them).
//!
//! Every method takes the labels in the same order (priority descending, then input order)
//! and the same candidate positions, and a position must meet the viewport. Overlapping pairs
//! are counted by brute force over the shown boxes with the exact test (contract §3). With
//! `--report-repeats PX` it also counts shown labels of the same text closer than PX.
//!
//! `cargo run --release -p declutter-benches --bin quality -- FILE [declutter GeoJSON flags]`

use std::collections::HashSet;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Parser;
use glam::DVec2;
use label_cli::formats::convert::Document;
use label_cli::formats::geojson::{self, GeoArgs};
use label_core::{Aabb, Label, Obb, PlacementOptions, Symbol, place_symbols};

#[derive(Parser)]
#[command(about = "Labels shown and overlapping pairs by method, on one GeoJSON or CSV file.")]
struct Args {
    /// The GeoJSON or CSV file.
    input: PathBuf,
    /// Grid cell of the 25-px grid baseline, px.
    #[arg(long, default_value_t = 25.0)]
    grid: f64,
    /// Also count shown labels of the same text whose anchor points are closer than this, px.
    #[arg(long, value_name = "PX")]
    report_repeats: Option<f64>,
    #[command(flatten)]
    geo: GeoArgs,
}

/// One method's result: per label, the boxes it shows (empty when hidden).
struct Shown {
    boxes: Vec<Vec<Obb>>,
}

impl Shown {
    fn count(&self) -> usize {
        self.boxes.iter().filter(|b| !b.is_empty()).count()
    }

    /// Pairs of shown labels with a box each that overlap (contract §3), brute force.
    fn overlapping_pairs(&self) -> usize {
        let shown: Vec<&Vec<Obb>> = self.boxes.iter().filter(|b| !b.is_empty()).collect();
        let mut pairs = 0;
        for i in 0..shown.len() {
            for j in 0..i {
                pairs += usize::from(shown[i].iter().any(|a| shown[j].iter().any(|b| a.overlaps(b))));
            }
        }
        pairs
    }
}

/// The shown boxes of a placement: the text at its chosen candidate, the icon when shown.
fn shown_boxes(labels: &[Label], symbols: &[Symbol], options: &PlacementOptions) -> Result<Shown> {
    let p = place_symbols(labels, symbols, &[], options)?;
    let boxes = (0..labels.len())
        .map(|i| {
            if !p.outcomes[i].visible {
                return vec![];
            }
            let (s, c) = (&symbols[i], p.choices.get(i).copied().unwrap_or_default());
            let text = (c.parts != Some(label_core::Parts::Icon))
                .then(|| s.text_box(&labels[i], c.candidate.unwrap_or(0) as usize, DVec2::ZERO));
            let icon = (c.parts.is_some_and(|p| p != label_core::Parts::Text))
                .then(|| s.icon_box(&labels[i], DVec2::ZERO))
                .flatten();
            text.into_iter().chain(icon).collect()
        })
        .collect();
    Ok(Shown { boxes })
}

/// The labels in placement order: priority descending, then input position.
fn order(labels: &[Label]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..labels.len()).collect();
    order.sort_by(|&a, &b| labels[b].style.priority.total_cmp(&labels[a].style.priority).then(a.cmp(&b)));
    order
}

/// A baseline greedy pass over axis-aligned boxes: each label at its first candidate (text and
/// icon) that meets the viewport and that `free` accepts; `take` records a shown box.
fn baseline(
    labels: &[Label],
    symbols: &[Symbol],
    view: Option<Obb>,
    mut free: impl FnMut(&Aabb) -> bool,
    mut take: impl FnMut(&Aabb),
) -> Shown {
    let mut boxes = vec![Vec::new(); labels.len()];
    for i in order(labels) {
        let (l, s) = (&labels[i], &symbols[i]);
        let icon = s.icon_box(l, DVec2::ZERO);
        for k in 0..s.positions() {
            let parts: Vec<Obb> = std::iter::once(s.text_box(l, k, DVec2::ZERO)).chain(icon).collect();
            let meets = view.is_none_or(|v| parts.iter().any(|p| v.overlaps(p)));
            if meets && parts.iter().all(|p| free(&p.aabb())) {
                parts.iter().for_each(|p| take(&p.aabb()));
                boxes[i] = parts;
                break;
            }
        }
    }
    Shown { boxes }
}

/// The 25-px grid baseline: a box takes every cell its axis-aligned box, snapped outward to
/// the grid, covers.
fn grid(labels: &[Label], symbols: &[Symbol], view: Option<Obb>, cell: f64) -> Shown {
    let cells = |b: &Aabb| {
        let lo = (b.min.as_dvec2() / cell).floor();
        let hi = (b.max.as_dvec2() / cell).ceil();
        let (x0, y0, x1, y1) =
            (lo.x as i64, lo.y as i64, (hi.x as i64).max(lo.x as i64 + 1), (hi.y as i64).max(lo.y as i64 + 1));
        (y0..y1).flat_map(move |y| (x0..x1).map(move |x| (x, y)))
    };
    let taken = std::cell::RefCell::new(HashSet::new());
    baseline(
        labels,
        symbols,
        view,
        |b| cells(b).all(|c| !taken.borrow().contains(&c)),
        |b| taken.borrow_mut().extend(cells(b)),
    )
}

/// MapLibre's `GridIndex` test: axis-aligned boxes that meet (edges included) collide.
fn aabb(labels: &[Label], symbols: &[Symbol], view: Option<Obb>) -> Shown {
    let placed = std::cell::RefCell::new(Vec::<Aabb>::new());
    baseline(
        labels,
        symbols,
        view,
        |b| !placed.borrow().iter().any(|p| p.intersects_closed(b)),
        |b| placed.borrow_mut().push(*b),
    )
}

/// Shown labels whose text another shown label repeats closer than `distance`, and such pairs.
fn repeats(shown: &Shown, labels: &[Label], doc: &Document, distance: f64) -> (usize, usize) {
    let at = |i: usize| DVec2::new(labels[i].x, labels[i].y);
    let visible: Vec<usize> =
        (0..labels.len()).filter(|&i| !shown.boxes[i].is_empty() && doc.text(i).is_some()).collect();
    let (mut pairs, mut labels_in_pairs) = (0, HashSet::new());
    for (a, &i) in visible.iter().enumerate() {
        for &j in &visible[..a] {
            if doc.text(i) == doc.text(j) && (at(i) - at(j)).length() < distance {
                pairs += 1;
                labels_in_pairs.extend([i, j]);
            }
        }
    }
    (labels_in_pairs.len(), pairs)
}

fn main() -> Result<()> {
    let args = Args::parse();
    let text = std::fs::read_to_string(&args.input).with_context(|| format!("reading {}", args.input.display()))?;
    let text = geojson::prepare(Some(&args.input), text, &args.geo).map_err(|e| anyhow::anyhow!("{e}"))?;
    let input = geojson::read(Some(&args.input), &text, &args.geo).map_err(|e| anyhow::anyhow!("{e}"))?;
    let doc = input.document();
    let labels = &doc.labels;
    let symbols = if doc.symbols.is_empty() { vec![Symbol::default(); labels.len()] } else { doc.symbols.clone() };
    let first: Vec<Symbol> = symbols
        .iter()
        .map(|s| Symbol { candidates: s.candidates.iter().take(1).copied().collect(), ..s.clone() })
        .collect();
    let view = doc.options.viewport.map(|v| Obb::from_aabb(&v));
    let methods = [
        ("one position", shown_boxes(labels, &first, &doc.options)?),
        ("candidates, exact", shown_boxes(labels, &symbols, &doc.options)?),
        ("candidates, 25-px grid", grid(labels, &symbols, view, args.grid)),
        ("candidates, AABB", aabb(labels, &symbols, view)),
    ];
    let with_candidates = symbols.iter().filter(|s| s.candidates.len() > 1).count();
    println!("{}: {} labels, {with_candidates} with more than one candidate", args.input.display(), labels.len());
    println!("  {:<24} {:>6} {:>17}", "method", "shown", "overlapping pairs");
    for (name, shown) in &methods {
        println!("  {name:<24} {:>6} {:>17}", shown.count(), shown.overlapping_pairs());
    }
    if let Some(d) = args.report_repeats {
        let (labels_in_pairs, pairs) = repeats(&methods[1].1, labels, doc, d);
        println!("  exact: {labels_in_pairs} shown labels repeat their text within {d} px ({pairs} pairs)");
    }
    Ok(())
}
