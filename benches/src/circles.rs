//! MapLibre's way of colliding text along a line, as a baseline: the same glyph layout, but the
//! label is collided as a chain of circles along the line (MapLibre GL's `CollisionFeature` for
//! line labels: circles of diameter = the line's height, one every half height along the
//! text's extent) rather than glyph box by glyph box.
//!
//! The greedy order, the viewport rule and the labels hidden for `no_room` / `too_curved` are
//! the engine's (contract §4); only the shape collided differs. Circles are loose on straight
//! runs (their chain is as tall as the text but also covers the gaps between lines of text),
//! and their round ends leave the glyph boxes' corners uncovered.

use glam::DVec2;
use label_core::narrow::TOLERANCE;
use std::collections::HashMap;

use label_core::{Circle, Label, Obb, PlacementOptions, Symbol, TextPath};

/// A circle in f64: centre and radius.
#[derive(Clone, Copy, Debug)]
pub struct Ring {
    /// Centre, px.
    pub center: DVec2,
    /// Radius, px.
    pub radius: f64,
}

/// The circles MapLibre collides for a text of line `height` (+ `padding`) along `path`:
/// `n = ⌈L / (h/2)⌉` circles of radius `h/2 + padding` spread evenly over the text's extent on
/// the (possibly reversed) path. `None` when the text does not fit its path.
#[must_use]
pub fn circles(path: &TextPath, height: f64, padding: f64) -> Option<Vec<Ring>> {
    let layout = path.layout().ok()?;
    let mut points = path.points.clone();
    if layout.reversed {
        points.reverse();
    }
    let mut arcs = vec![0.0];
    for w in points.windows(2) {
        arcs.push(arcs[arcs.len() - 1] + (w[1] - w[0]).length());
    }
    let length = arcs[arcs.len() - 1];
    let offset = path.path_offset.unwrap_or(length / 2.0);
    let offset = if layout.reversed { length - offset } else { offset };
    let text = path.text_length();
    let start = offset - text / 2.0;
    let n = (text / (height / 2.0)).ceil().max(1.0);
    let at = |s: f64| {
        let k = (0..points.len() - 1).rev().find(|&k| arcs[k] <= s).unwrap_or(0);
        points[k] + (points[k + 1] - points[k]).normalize() * (s - arcs[k])
    };
    let radius = height / 2.0 + padding;
    Some((0..n as usize).map(|k| Ring { center: at(start + (k as f64 + 0.5) * text / n), radius }).collect())
}

/// What a shown label blocks: its circles, or (a label not along a path) its box.
#[derive(Clone, Copy, Debug)]
enum Foot {
    Ring(Ring),
    Box(Obb),
}

impl Foot {
    fn bounds(&self) -> (DVec2, DVec2) {
        match self {
            Foot::Ring(r) => (r.center - r.radius, r.center + r.radius),
            Foot::Box(b) => {
                let a = b.bounds();
                (a.min.as_dvec2(), a.max.as_dvec2())
            }
        }
    }

    /// Whether the two overlap by more than τ (contract §3).
    fn collides(&self, other: &Foot) -> bool {
        let ring_box = |r: &Ring, b: &Obb| {
            label_core::Shape::Circle(Circle::new(r.center.as_vec2(), r.radius as f32)).overlaps_obb(b)
        };
        match (self, other) {
            (Foot::Ring(a), Foot::Ring(b)) => a.radius + b.radius - (a.center - b.center).length() > TOLERANCE,
            (Foot::Ring(r), Foot::Box(b)) | (Foot::Box(b), Foot::Ring(r)) => ring_box(r, b),
            (Foot::Box(a), Foot::Box(b)) => label_core::pipeline::collides(a, b, 0.0),
        }
    }
}

/// Greedy placement with path labels collided as circles: whether each label is shown.
/// Labels are taken by priority descending, then input order; a path label whose text does
/// not fit is hidden (as the engine hides it); a label not along a path collides as its box.
/// One is shown when one of its glyph boxes (or its box) meets the viewport and none of its
/// circles (or its box) overlaps, by more than τ, what a shown label blocks.
#[must_use]
pub fn place_circles(labels: &[Label], symbols: &[Symbol], options: &PlacementOptions) -> Vec<bool> {
    const CELL: f64 = 64.0;
    let view = options.viewport.map(|v| Obb::from_aabb(&v));
    let mut order: Vec<usize> = (0..labels.len()).collect();
    order.sort_by(|&a, &b| labels[b].style.priority.total_cmp(&labels[a].style.priority).then(a.cmp(&b)));
    let mut shown: Vec<Foot> = Vec::new();
    let mut grid: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    let cells = |f: &Foot| {
        let (lo, hi) = f.bounds();
        let (x0, y0, x1, y1) = (
            (lo.x / CELL).floor() as i64,
            (lo.y / CELL).floor() as i64,
            (hi.x / CELL).floor() as i64,
            (hi.y / CELL).floor() as i64,
        );
        (x0..=x1).flat_map(move |x| (y0..=y1).map(move |y| (x, y)))
    };
    let mut out = vec![false; labels.len()];
    for i in order {
        let l = &labels[i];
        let (feet, boxes): (Vec<Foot>, Vec<Obb>) = match symbols.get(i).and_then(|s| s.path.as_ref()) {
            Some(path) => {
                let (Some(rings), Ok(layout)) = (circles(path, l.style.height, l.style.padding), path.layout()) else {
                    continue;
                };
                let boxes = layout.glyphs.iter().map(|g| g.obb(l.style.height, l.style.padding, DVec2::ZERO)).collect();
                (rings.into_iter().map(Foot::Ring).collect(), boxes)
            }
            None => (vec![Foot::Box(l.obb())], vec![l.obb()]),
        };
        if !view.is_none_or(|v| boxes.iter().any(|b| v.overlaps(b))) {
            continue;
        }
        let hit = feet
            .iter()
            .any(|f| cells(f).any(|c| grid.get(&c).is_some_and(|list| list.iter().any(|&j| shown[j].collides(f)))));
        if !hit {
            out[i] = true;
            for f in feet {
                for c in cells(&f) {
                    grid.entry(c).or_default().push(shown.len());
                }
                shown.push(f);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circles_cover_the_text_along_its_line() {
        let path = TextPath::new(vec![DVec2::new(0.0, 0.0), DVec2::new(100.0, 0.0)], vec![10.0; 4]);
        let rings = circles(&path, 10.0, 0.0).unwrap();
        assert_eq!(rings.len(), 8);
        assert_eq!(rings[0].center, DVec2::new(32.5, 0.0));
        assert_eq!(rings[7].center, DVec2::new(67.5, 0.0));
    }

    #[test]
    fn circles_leave_the_corners_of_the_glyph_boxes_uncovered() {
        // Two 10-px names end to end on lines 9.9 px apart, overlapping by half a pixel along
        // the line: their boxes' corners overlap (by 0.1 × 0.5 px), their circles do not.
        let line = |x: f64, y: f64| TextPath::new(vec![DVec2::new(x, y), DVec2::new(x + 80.0, y)], vec![8.0; 10]);
        let labels = [Label::new(0.0, 0.0, 80.0, 10.0).with_priority(1.0), Label::new(0.0, 9.9, 80.0, 10.0)];
        let symbols = [Symbol::default().with_path(line(0.0, 0.0)), Symbol::default().with_path(line(79.5, 9.9))];
        let options = PlacementOptions::default();
        assert_eq!(place_circles(&labels, &symbols, &options), [true, true]);
        let engine = label_core::place_symbols(&labels, &symbols, &[], &options).unwrap();
        assert!(!engine.outcomes[1].visible);
    }
}
