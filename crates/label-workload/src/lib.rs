//! Seeded label workloads, for benchmarks and for `declutter generate`.
//!
//! The standard workload `W(n, coverage, seed)` (the performance issue): `n` labels, widths
//! log-uniform in [20, 200] px, heights uniform in [10, 28] px (both rounded to 1/8 px), centres
//! uniform over a 16:9 canvas sized so that the summed label area is `coverage` times the
//! canvas area (rounded to 1/8 px), 70% of labels upright and 30% at an angle uniform in
//! [−90°, 90°), priorities uniform in [0, 1), and the canvas as the viewport.
//!
//! The symbol workload `W_sym(n, coverage, seed)` ([`symbols`]): the same labels, each a
//! symbol (contract §3b) with four candidate positions, a third with an icon, a tenth in repeat
//! groups.
//!
//! The path workload `W_path(n, coverage, seed)` ([`paths`]): the same labels, each a text of
//! 5–25 glyphs along a gentle curve through its centre (contract §3b "Path").
//!
//! With the `world` feature, [`world`] reads the world fixtures of real places and streets
//! into the frame engine's labels.

#[cfg(feature = "world")]
pub mod world;

use glam::DVec2;
use label_core::{Anchor, Candidate, Icon, Label, Optional, PlacementOptions, Symbol, TextPath};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A generated label set with the options to place it.
#[derive(Clone, Debug)]
pub struct Workload {
    /// The labels.
    pub labels: Vec<Label>,
    /// Canvas width, px.
    pub width: f64,
    /// Canvas height, px.
    pub height: f64,
}

impl Workload {
    /// Options with the canvas as the viewport.
    #[must_use]
    pub fn options(&self) -> PlacementOptions {
        PlacementOptions::default().with_viewport(self.width as f32, self.height as f32)
    }
}

fn eighths(v: f64) -> f64 {
    (v * 8.0).round() / 8.0
}

/// The standard workload `W(n, coverage, seed)`.
#[must_use]
pub fn standard(n: usize, coverage: f64, seed: u64) -> Workload {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let sizes: Vec<(f64, f64)> = (0..n)
        .map(|_| {
            let w = eighths((rng.random_range(20f64.ln()..200f64.ln())).exp());
            let h = eighths(rng.random_range(10.0..28.0));
            (w, h)
        })
        .collect();
    let area: f64 = sizes.iter().map(|(w, h)| w * h).sum::<f64>() / coverage;
    let height = (area * 9.0 / 16.0).sqrt();
    let width = height * 16.0 / 9.0;
    let labels = sizes
        .into_iter()
        .map(|(w, h)| {
            let x = eighths(rng.random_range(0.0..width));
            let y = eighths(rng.random_range(0.0..height));
            let angle = if rng.random_bool(0.3) { rng.random_range(-90.0..90.0) } else { 0.0 };
            Label::new(x, y, w, h).with_angle(angle).with_priority(rng.random_range(0.0..1.0))
        })
        .collect();
    Workload { labels, width, height }
}

/// `w`'s labels with their anchors moved into a `side`×`side` px canvas (scaled from `w`'s),
/// their sizes kept: many labels in a small area, as a whole planet's on the world of zoom 0.
#[must_use]
pub fn crowded(w: &Workload, side: f64) -> Workload {
    let (sx, sy) = (side / w.width, side / w.height);
    let labels = w.labels.iter().map(|l| Label { x: eighths(l.x * sx), y: eighths(l.y * sy), ..l.clone() }).collect();
    Workload { labels, width: side, height: side }
}

/// The labels of `W(n, coverage, seed)` as symbols: each with four candidate positions
/// (MapLibre's `text-variable-anchor` right, left, below, above the point, with a 2-px radial
/// offset), one in three with a 12×12 px icon on the point that may show alone (MapLibre's
/// `text-optional`), one in ten in one of `n / 200` repeat groups (about 20 labels each),
/// 250 px apart. The symbols come from their own seeded stream, so the labels are W(n)'s.
#[must_use]
pub fn symbols(n: usize, coverage: f64, seed: u64) -> (Workload, Vec<Symbol>) {
    let workload = standard(n, coverage, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5359_4d42_4f4c);
    let candidates = vec![
        Candidate::new(Anchor::Left).with_offset(2.0, 0.0),
        Candidate::new(Anchor::Right).with_offset(-2.0, 0.0),
        Candidate::new(Anchor::Top).with_offset(0.0, 2.0),
        Candidate::new(Anchor::Bottom).with_offset(0.0, -2.0),
    ];
    let groups = (n / 200).max(1) as u32;
    let symbols = (0..n)
        .map(|_| {
            let mut s = Symbol::default().with_candidates(candidates.clone());
            if rng.random_bool(1.0 / 3.0) {
                s = s.with_icon(Icon::new(12.0, 12.0)).with_optional(Optional::Text);
            }
            if rng.random_bool(0.1) {
                s = s.with_repeat(rng.random_range(0..groups), 250.0);
            }
            s
        })
        .collect();
    (workload, symbols)
}

/// Segments of a [`paths`] curve.
const CURVE_SEGMENTS: usize = 8;

/// The labels of `W(n, coverage, seed)` as texts along lines: a label `w` wide and `h` high at
/// angle θ becomes `k = clamp(round(w / 0.6h), 5, 25)` glyphs of `w / k` px along a curve of
/// 8 segments, `1.25·w` long in all, whose middle is the label's centre: the first segment
/// heads along θ less half the curve's total turn, and each next one turns by a uniform
/// `±6°` (a gentle curve: never `too_curved` at the default 45°). The text is centred on the
/// curve; height and priority are the label's. The curves come from their own seeded stream,
/// so the labels are W(n)'s.
#[must_use]
pub fn paths(n: usize, coverage: f64, seed: u64) -> (Workload, Vec<Symbol>) {
    let workload = standard(n, coverage, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5041_5448);
    let symbols = workload
        .labels
        .iter()
        .map(|l| {
            let glyphs = (l.style.width / (0.6 * l.style.height)).round().clamp(5.0, 25.0);
            let advances = vec![l.style.width / glyphs; glyphs as usize];
            let turns: Vec<f64> = (0..CURVE_SEGMENTS - 1).map(|_| rng.random_range(-6.0..6.0)).collect();
            let segment = 1.25 * l.style.width / CURVE_SEGMENTS as f64;
            let mut heading = l.style.angle - turns.iter().sum::<f64>() / 2.0;
            let mut points = vec![DVec2::ZERO];
            for k in 0..CURVE_SEGMENTS {
                let r = heading.to_radians();
                points.push(points[k] + DVec2::new(r.cos(), -r.sin()) * segment);
                heading += turns.get(k).copied().unwrap_or(0.0);
            }
            let middle = points[CURVE_SEGMENTS / 2];
            let points = points.into_iter().map(|p| p - middle + DVec2::new(l.x, l.y)).collect();
            Symbol::default().with_path(TextPath::new(points, advances))
        })
        .collect();
    (workload, symbols)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_and_shape_hold() {
        let w = standard(20_000, 3.0, 1);
        let area: f64 = w.labels.iter().map(|l| l.style.width * l.style.height).sum();
        assert!((area / (w.width * w.height) - 3.0).abs() < 1e-9);
        assert!((w.width / w.height - 16.0 / 9.0).abs() < 1e-9);
        let rotated = w.labels.iter().filter(|l| l.style.angle != 0.0).count() as f64 / 20_000.0;
        assert!((rotated - 0.3).abs() < 0.02);
        assert!(
            w.labels.iter().all(|l| (20.0..=200.0).contains(&l.style.width) && (l.style.width * 8.0).fract() == 0.0)
        );
        // Seeded: the same seed gives the same set.
        assert_eq!(standard(100, 3.0, 7).labels, standard(100, 3.0, 7).labels);
    }

    #[test]
    fn the_symbol_workload_has_w_labels_and_the_promised_shares() {
        let (w, symbols) = symbols(20_000, 3.0, 1);
        assert_eq!(w.labels, standard(20_000, 3.0, 1).labels);
        let share = |f: &dyn Fn(&Symbol) -> bool| symbols.iter().filter(|s| f(s)).count() as f64 / 20_000.0;
        assert!(symbols.iter().all(|s| s.candidates.len() == 4));
        assert!((share(&|s| s.icon.is_some()) - 1.0 / 3.0).abs() < 0.02);
        assert!((share(&|s| s.repeat_group.is_some()) - 0.1).abs() < 0.01);
    }

    #[test]
    fn the_path_workload_lays_every_text_along_its_gentle_curve() {
        let (w, symbols) = paths(5_000, 3.0, 1);
        assert_eq!(w.labels, standard(5_000, 3.0, 1).labels);
        for (l, s) in w.labels.iter().zip(&symbols) {
            let path = s.path.as_ref().unwrap();
            assert!((5..=25).contains(&path.glyph_advances.len()));
            assert!((path.text_length() - l.style.width).abs() < 1e-9);
            let layout = path.layout().expect("the text fits its curve and is never too curved");
            assert!((layout.anchor - DVec2::new(l.x, l.y)).length() < 1e-6);
        }
    }
}
