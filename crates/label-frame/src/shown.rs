//! The shown labels of a frame as obstacles for the labels that come after them: their boxes in
//! placement order, found by label (the blocker a waiting label had last frame) or by bounds,
//! so that a label covered by a shown one is settled by exact tests against the few shown
//! labels near it instead of a greedy pass over all of them.
//!
//! A frame shows a few hundred to a few thousand labels, all on or near the screen: a uniform
//! grid over their bounds, rebuilt every frame, finds them (building an R-tree of them took
//! more instructions than all the queries of a frame).

use glam::Vec2;
use label_core::{Aabb, Obb, collides};

use crate::WorldLabel;
use crate::project::Sight;

/// The blocking shown labels (`ignore_placement` ones block nothing) of one frame.
#[derive(Debug, Default)]
pub(crate) struct ShownBoxes {
    /// Engine index of each, in placement order.
    labels: Vec<u32>,
    /// Box of each (own padding, no margin), in placement order.
    boxes: Vec<Obb>,
    /// Per engine label: its position in `labels`, or `u32::MAX`.
    slot: Vec<u32>,
    /// The boxes' bounds, binned.
    grid: BoundsGrid,
}

impl ShownBoxes {
    /// Rebuilds the set from `shown` (engine indices in placement order, all in sight), for an
    /// engine of `count` labels.
    pub(crate) fn rebuild(&mut self, labels: &[WorldLabel], sights: &[Sight], shown: &[u32]) {
        for &i in &self.labels {
            self.slot[i as usize] = u32::MAX;
        }
        self.slot.resize(labels.len(), u32::MAX);
        self.labels.clear();
        self.boxes.clear();
        for &i in shown.iter().filter(|&&i| !labels[i as usize].ignore_placement) {
            let pose = sights[i as usize].pose().expect("shown labels are in sight");
            self.slot[i as usize] = self.labels.len() as u32;
            self.labels.push(i);
            self.boxes.push(labels[i as usize].on_screen(&pose, 0.0).obb());
        }
        self.grid.rebuild(&self.boxes);
    }

    /// The box of shown label `label` (engine index), if it is a blocking shown label.
    #[must_use]
    pub(crate) fn box_of(&self, label: u32) -> Option<&Obb> {
        self.boxes.get(*self.slot.get(label as usize)? as usize)
    }

    /// The earliest placed shown label (engine index) whose box collides with `me` (the core's
    /// rule, [`collides`]), if any.
    #[must_use]
    pub(crate) fn first_collider(&self, me: &Obb, max_overlap_area: f32) -> Option<u32> {
        self.grid
            .first(&me.bounds(), |k| collides(me, &self.boxes[k as usize], max_overlap_area))
            .map(|k| self.labels[k as usize])
    }
}

/// Boxes binned by their bounds into square cells over the bounds of them all; each cell lists
/// the boxes whose bounds meet it, in ascending number.
#[derive(Debug, Default)]
struct BoundsGrid {
    /// Corner of cell (0, 0).
    origin: Vec2,
    /// Cells per unit length, along x and y.
    inv_cell: Vec2,
    columns: usize,
    rows: usize,
    /// Cell `c` lists `members[starts[c]..starts[c + 1]]`.
    starts: Vec<u32>,
    members: Vec<u32>,
    /// Each box's bounds and its cell range (inclusive), kept between the two fill passes.
    spans: Vec<(Aabb, [usize; 4])>,
}

impl BoundsGrid {
    /// About this many boxes per cell, on average over the extent.
    const BOXES_PER_CELL: f32 = 2.0;
    /// At most this many cells a side.
    const MAX_SIDE: usize = 256;

    fn rebuild(&mut self, boxes: &[Obb]) {
        self.spans.clear();
        self.starts.clear();
        self.members.clear();
        let Some(extent) = boxes.iter().map(Obb::bounds).reduce(|a, b| a.union(&b)) else {
            self.columns = 0;
            self.rows = 0;
            return;
        };
        let size = (extent.max - extent.min).max(Vec2::splat(1.0));
        let cell = (size.x * size.y * Self::BOXES_PER_CELL / boxes.len() as f32).sqrt().max(1.0);
        let side = |length: f32| ((length / cell).ceil() as usize).clamp(1, Self::MAX_SIDE);
        (self.columns, self.rows) = (side(size.x), side(size.y));
        self.origin = extent.min;
        self.inv_cell = Vec2::new(self.columns as f32, self.rows as f32) / size;
        // Count, then fill: cells list their boxes in ascending number.
        self.starts.resize(self.columns * self.rows + 1, 0);
        for b in boxes {
            let bounds = b.bounds();
            let span = self.span(&bounds).expect("a box meets the extent of all boxes");
            for row in span[1]..=span[3] {
                for c in &mut self.starts[row * self.columns + span[0]..=row * self.columns + span[2]] {
                    *c += 1;
                }
            }
            self.spans.push((bounds, span));
        }
        let mut total = 0;
        for c in &mut self.starts {
            (*c, total) = (total, total + *c);
        }
        self.members.resize(total as usize, 0);
        let mut fill = self.starts.clone();
        for (k, (_, span)) in self.spans.iter().enumerate() {
            for row in span[1]..=span[3] {
                for c in &mut fill[row * self.columns + span[0]..=row * self.columns + span[2]] {
                    self.members[*c as usize] = k as u32;
                    *c += 1;
                }
            }
        }
    }

    /// The cells `[x0, y0, x1, y1]` (inclusive) that `bounds` meets, clamped to the grid;
    /// `None` if it misses the grid.
    fn span(&self, bounds: &Aabb) -> Option<[usize; 4]> {
        if self.columns == 0 {
            return None;
        }
        let lo = (bounds.min - self.origin) * self.inv_cell;
        let hi = (bounds.max - self.origin) * self.inv_cell;
        let (columns, rows) = (self.columns as f32, self.rows as f32);
        if hi.x < 0.0 || hi.y < 0.0 || lo.x > columns || lo.y > rows {
            return None;
        }
        let cell = |v: f32, n: usize| (v.max(0.0) as usize).min(n - 1);
        Some([cell(lo.x, self.columns), cell(lo.y, self.rows), cell(hi.x, self.columns), cell(hi.y, self.rows)])
    }

    /// The lowest number among the boxes whose bounds meet `query` (touching included) and that
    /// `hits`, if any.
    fn first(&self, query: &Aabb, mut hits: impl FnMut(u32) -> bool) -> Option<u32> {
        let span = self.span(query)?;
        let mut best = u32::MAX;
        for row in span[1]..=span[3] {
            for cell in row * self.columns + span[0]..=row * self.columns + span[2] {
                let members = &self.members[self.starts[cell] as usize..self.starts[cell + 1] as usize];
                for &k in members.iter().take_while(|&&k| k < best) {
                    if self.spans[k as usize].0.intersects_closed(query) && hits(k) {
                        best = k;
                        break;
                    }
                }
            }
        }
        (best != u32::MAX).then_some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_finds_the_lowest_numbered_hit_like_a_scan() {
        // Boxes of many sizes and angles over a screen, and queries all over (and outside)
        // it: the grid's answer is the first box in number order that the scan finds.
        let mut boxes = Vec::new();
        for k in 0..400u32 {
            let (x, y) = ((k * 37 % 1000) as f32, (k * 91 % 600) as f32);
            let half = Vec2::new(5.0 + (k % 7) as f32 * 9.0, 3.0 + (k % 3) as f32 * 4.0);
            boxes.push(Obb::from_center_half_extents_angle(Vec2::new(x, y), half, f64::from(k % 90)));
        }
        let mut grid = BoundsGrid::default();
        grid.rebuild(&boxes);
        assert!(grid.columns > 1 && grid.rows > 1);
        let mut found = 0;
        for q in 0..900u32 {
            let me = Obb::from_center_half_extents_angle(
                Vec2::new((q * 53 % 1200) as f32 - 100.0, (q * 29 % 800) as f32 - 100.0),
                Vec2::new(20.0, 6.0),
                f64::from(q % 45),
            );
            let scan = (0..boxes.len() as u32).find(|&k| collides(&me, &boxes[k as usize], 0.0));
            assert_eq!(grid.first(&me.bounds(), |k| collides(&me, &boxes[k as usize], 0.0)), scan, "query {q}");
            found += usize::from(scan.is_some());
        }
        assert!(found > 100 && found < 900, "{found}");
        // No boxes: nothing is found.
        grid.rebuild(&[]);
        assert_eq!(grid.first(&boxes[0].bounds(), |_| true), None);
    }
}
