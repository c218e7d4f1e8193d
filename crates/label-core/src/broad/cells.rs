//! Cells: a uniform grid that buckets labels by the centre of their bounds, and, through an
//! rstar self-join of the cells' envelopes, which cells' labels can reach each other.

use glam::Vec2;

use super::find_candidates;
use crate::Aabb;

/// Labels per cell the automatic size aims for. Chosen by instruction counts (callgrind) of the
/// whole run on the standard workload W(100k) with the forward scan of the greedy pass:
/// about 30 labels per cell cost 196M instructions, 40 about 184M, 64 about 176M, 100 about
/// 177M — fewer labels per cell mean more cells for the R-tree to join and more registrations;
/// more mean longer lists to scan.
pub const LABELS_PER_CELL: f32 = 64.0;
/// Below this many labels the grid's extent is the plain union of the bounds; above it, the
/// extreme 0.5% of centres on each side are left out of the extent (and clamped into the border
/// cells), so that a few far-away labels cannot make every cell huge.
const ROBUST_EXTENT_MIN_LABELS: usize = 1000;

/// Labels bucketed into cells, with each cell's neighbourhood: the cells whose envelopes (the
/// union of their labels' bounds) meet its own, itself included.
#[derive(Clone, Debug, Default)]
pub struct Cells {
    cell_of: Vec<u32>,
    envelopes: Vec<Aabb>,
    starts: Vec<u32>,
    neighbors: Vec<u32>,
    pairs: usize,
    tiles: usize,
}

impl Cells {
    /// Buckets `bounds` (one per label, by rank) into square cells of side `size` px, or of a
    /// size that holds about [`LABELS_PER_CELL`] labels on average. A tiny `size` is raised so
    /// that there are at most about four cells per label.
    #[must_use]
    pub fn new(bounds: &[Aabb], size: Option<f32>) -> Self {
        if bounds.is_empty() {
            return Self { starts: vec![0], ..Self::default() };
        }
        let grid = Grid::new(bounds, size);
        let cell_of: Vec<u32> = bounds.iter().map(|b| grid.cell(b.center())).collect();
        // Envelope of each cell, then the non-empty ones compacted.
        let mut envelope: Vec<Option<Aabb>> = vec![None; grid.len()];
        for (b, &c) in bounds.iter().zip(&cell_of) {
            let e = &mut envelope[c as usize];
            *e = Some(e.map_or(*b, |e| e.union(b)));
        }
        let mut compact = vec![u32::MAX; grid.len()];
        let mut envelopes = Vec::new();
        for (c, e) in envelope.iter().enumerate() {
            if let Some(e) = e {
                compact[c] = envelopes.len() as u32;
                envelopes.push(*e);
            }
        }
        let cell_of = cell_of.into_iter().map(|c| compact[c as usize]).collect();
        let (meeting, tiles) = find_candidates(&envelopes, None);
        let (starts, neighbors) = symmetric_rows(&meeting);
        Self { cell_of, envelopes, starts, neighbors, pairs: meeting.pairs(), tiles }
    }

    /// The cell of the label at `rank`.
    #[must_use]
    #[inline]
    pub fn cell_of(&self, rank: usize) -> usize {
        self.cell_of[rank] as usize
    }

    /// The union of the bounds of the labels in `cell`.
    #[must_use]
    #[inline]
    pub fn envelope(&self, cell: usize) -> &Aabb {
        &self.envelopes[cell]
    }

    /// Number of non-empty cells.
    #[must_use]
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether there are no cells.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cells whose labels can reach `cell`'s, itself first.
    #[must_use]
    #[inline]
    pub fn neighbors(&self, cell: usize) -> &[u32] {
        &self.neighbors[self.starts[cell] as usize..self.starts[cell + 1] as usize]
    }

    /// Pairs of distinct cells whose envelopes meet (the R-tree join's output).
    #[must_use]
    pub fn cell_pairs(&self) -> usize {
        self.pairs
    }

    /// Tiles the R-tree join was split into.
    #[must_use]
    pub fn tiles(&self) -> usize {
        self.tiles
    }
}

/// Each cell's row: itself, then every cell it meets.
fn symmetric_rows(meeting: &super::Candidates) -> (Vec<u32>, Vec<u32>) {
    let n = meeting.len();
    let mut starts = vec![1u32; n + 1];
    starts[0] = 0;
    for later in 0..n {
        starts[later + 1] += meeting.earlier(later).len() as u32;
        for &e in meeting.earlier(later) {
            starts[e as usize + 1] += 1;
        }
    }
    for i in 0..n {
        starts[i + 1] += starts[i];
    }
    let mut cursor = starts.clone();
    let mut rows = vec![0u32; starts[n] as usize];
    let mut push = |row: usize, v: u32, cursor: &mut Vec<u32>| {
        rows[cursor[row] as usize] = v;
        cursor[row] += 1;
    };
    for c in 0..n {
        push(c, c as u32, &mut cursor);
    }
    for later in 0..n {
        for &e in meeting.earlier(later) {
            push(later, e, &mut cursor);
            push(e as usize, later as u32, &mut cursor);
        }
    }
    (starts, rows)
}

/// The uniform grid behind the cells.
struct Grid {
    origin: Vec2,
    inv_size: f32,
    cols: u32,
    rows: u32,
}

impl Grid {
    fn new(bounds: &[Aabb], size: Option<f32>) -> Self {
        let extent = extent(bounds);
        let span = extent.size().max(Vec2::splat(f32::MIN_POSITIVE));
        let most = 4.0 * bounds.len() as f32 + 16.0;
        let cells_wanted = (bounds.len() as f32 / LABELS_PER_CELL).max(1.0);
        let auto = (span.x * span.y / cells_wanted).sqrt().max(span.max_element() / cells_wanted);
        // At most `most` cells in all, whatever the size asked for.
        let floor = (span.x * span.y / most).sqrt().max(span.max_element() / most);
        let size = size.unwrap_or(auto).max(floor).max(f32::MIN_POSITIVE);
        let dims = (span / size).ceil().clamp(Vec2::ONE, Vec2::splat(most));
        Self { origin: extent.min, inv_size: 1.0 / size, cols: dims.x as u32, rows: dims.y as u32 }
    }

    fn len(&self) -> usize {
        (self.cols * self.rows) as usize
    }

    #[inline]
    fn cell(&self, p: Vec2) -> u32 {
        // Truncation is the floor for the non-negative values kept (and needs no libm call).
        let c = (p - self.origin) * self.inv_size;
        let col = (c.x.max(0.0) as u32).min(self.cols - 1);
        let row = (c.y.max(0.0) as u32).min(self.rows - 1);
        row * self.cols + col
    }
}

/// The box the grid covers: all centres, or, for many labels, all but the extreme 0.5% on each
/// side (found by selection, in linear time).
fn extent(bounds: &[Aabb]) -> Aabb {
    let centers: Vec<Vec2> = bounds.iter().map(Aabb::center).collect();
    if bounds.len() < ROBUST_EXTENT_MIN_LABELS {
        return Aabb::from_points(&centers).unwrap_or(Aabb { min: Vec2::ZERO, max: Vec2::ONE });
    }
    let cut = bounds.len() / 200;
    let range = |mut v: Vec<f32>| {
        let last = v.len() - 1 - cut;
        let lo = *v.select_nth_unstable_by(cut, f32::total_cmp).1;
        let hi = *v.select_nth_unstable_by(last, f32::total_cmp).1;
        (lo, hi)
    };
    let (x0, x1) = range(centers.iter().map(|c| c.x).collect());
    let (y0, y1) = range(centers.iter().map(|c| c.y).collect());
    Aabb { min: Vec2::new(x0, y0), max: Vec2::new(x1, y1) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxes() -> Vec<Aabb> {
        (0..2000u32)
            .map(|i| {
                let x = ((i * 37) % 211) as f32 * 3.3;
                let y = ((i * 53) % 197) as f32 * 2.1;
                let w = 2.0 + (i % 13) as f32 * 4.0;
                Aabb::from_origin_size(Vec2::new(x, y), Vec2::new(w, 3.0 + (i % 5) as f32))
            })
            .collect()
    }

    #[test]
    fn every_meeting_pair_of_labels_sits_in_neighbouring_cells() {
        let mut b = boxes();
        // A far outlier and a huge label must not break anything.
        b.push(Aabb::from_origin_size(Vec2::splat(1e9), Vec2::ONE));
        b.push(Aabb::from_origin_size(Vec2::new(-500.0, 100.0), Vec2::new(2000.0, 5.0)));
        for size in [None, Some(0.01), Some(3.0), Some(20.0), Some(500.0)] {
            let cells = Cells::new(&b, size);
            for i in 0..b.len() {
                for j in 0..b.len() {
                    if b[i].intersects_closed(&b[j]) {
                        let ci = cells.cell_of(i);
                        assert!(cells.neighbors(ci).contains(&(cells.cell_of(j) as u32)), "{i} {j} size {size:?}");
                    }
                }
                assert_eq!(cells.neighbors(cells.cell_of(i))[0] as usize, cells.cell_of(i));
            }
        }
    }
}
