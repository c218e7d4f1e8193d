//! The axis-aligned baseline: the way the most used web map engine places labels. Each label's
//! collision box is the axis-aligned box around its rotated box, and placed boxes are kept in a
//! uniform grid of 25-px cells (MapLibre's `GridIndex`) covering the viewport grown by 100 px on
//! every side (MapLibre's viewport padding; boxes beyond it fall into the border cells). Labels
//! are taken in the core's order (priority descending, then input position); a label is shown if
//! its box overlaps no shown box. Touching boxes do not collide here either (MapLibre counts
//! touching as a collision; the contract's rule keeps the comparison about the box shapes only).

use glam::Vec2;
use label_core::{Aabb, Label};

/// Cell side, px (MapLibre's).
const CELL: f32 = 25.0;
/// Margin of the grid around the viewport, px (MapLibre's viewport padding).
const MARGIN: f32 = 100.0;

/// The grid and its placed boxes, kept between frames to reuse the allocations.
#[derive(Default)]
pub struct Grid {
    cells: Vec<Vec<u32>>,
    boxes: Vec<Aabb>,
    order: Vec<(f64, u32)>,
}

impl Grid {
    /// Places `labels` (on screen, all in view) in a `size` viewport: the visible flag of each.
    pub fn place(&mut self, labels: &[Label], size: Vec2) -> Vec<bool> {
        let origin = Vec2::splat(-MARGIN);
        let cols = ((size.x + 2.0 * MARGIN) / CELL).ceil() as usize;
        let rows = ((size.y + 2.0 * MARGIN) / CELL).ceil() as usize;
        self.cells.resize_with(cols * rows, Vec::new);
        self.cells.truncate(cols * rows);
        self.cells.iter_mut().for_each(Vec::clear);
        self.boxes.clear();
        self.order.clear();
        self.order.extend(labels.iter().enumerate().map(|(i, l)| (l.style.priority, i as u32)));
        // Stable: equal priorities stay in input order.
        self.order.sort_by(|a, b| b.0.total_cmp(&a.0));
        let cell_range = |b: &Aabb| {
            let lo = ((b.min - origin) / CELL).floor();
            let hi = ((b.max - origin) / CELL).floor();
            let clamp = |v: f32, n: usize| (v.max(0.0) as usize).min(n - 1);
            (clamp(lo.x, cols), clamp(hi.x, cols), clamp(lo.y, rows), clamp(hi.y, rows))
        };
        let mut visible = vec![false; labels.len()];
        for &(_, i) in &self.order {
            let label = &labels[i as usize];
            let b = label.obb().aabb();
            let (c0, c1, r0, r1) = cell_range(&b);
            let free = label.style.allow_overlap
                || (r0..=r1).all(|r| {
                    (c0..=c1).all(|c| self.cells[r * cols + c].iter().all(|&k| !self.boxes[k as usize].overlaps(&b)))
                });
            if free {
                visible[i as usize] = true;
                if !label.style.ignore_placement {
                    let k = self.boxes.len() as u32;
                    self.boxes.push(b);
                    for r in r0..=r1 {
                        for c in c0..=c1 {
                            self.cells[r * cols + c].push(k);
                        }
                    }
                }
            }
        }
        visible
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotated_labels_collide_by_their_bounding_boxes() {
        // Two parallel 45° labels 20 px apart across their length: the oriented boxes are clear,
        // the axis-aligned boxes around them overlap.
        let a = Label::new(100.0, 100.0, 100.0, 10.0).with_angle(45.0).with_priority(2.0);
        let b = Label::new(114.0, 114.0, 100.0, 10.0).with_angle(45.0);
        assert!(!a.obb().overlaps(&b.obb()));
        let mut grid = Grid::default();
        assert_eq!(grid.place(&[a.clone(), b.clone()], Vec2::new(400.0, 300.0)), vec![true, false]);
        // Upright and side by side, touching: both shown, as with the exact boxes.
        let c = Label::new(300.0, 100.0, 40.0, 10.0);
        let d = Label::new(340.0, 100.0, 40.0, 10.0);
        assert_eq!(grid.place(&[c, d], Vec2::new(400.0, 300.0)), vec![true, true]);
    }
}
