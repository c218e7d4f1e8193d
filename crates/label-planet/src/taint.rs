//! Which of a region's own labels may depend on foreign ones.
//!
//! A label's outcome depends only on the earlier labels (in placement order) that collide with
//! it and may block it. Call an own label *tainted* when one of those is foreign or tainted
//! itself. An untainted label's outcome depends on untainted own labels only, so the region's
//! plain placement of its own labels (the core's `place`, foreign labels absent) decides it
//! exactly; only the tainted ones — the labels within reach of a foreign label, and the chains
//! that go on from them — need the walk with undecided foreign labels.
//!
//! Two ways to find them, the same answer:
//! - **The frontier** reads only the own labels whose bounds meet a foreign or tainted label's
//!   (near the region's edge: a few thousand of a million). The candidates wait in a heap by
//!   placement order; the earliest is taken, and it is tainted when it is in view and collides
//!   with an earlier foreign or tainted label that can block; a tainted label's neighbours
//!   become candidates. When a candidate is taken, every earlier label that will ever be
//!   tainted has been taken already (it became a candidate from an earlier label, taken
//!   before), so the answer is final.
//! - **The sweep** walks every own label in placement order with a grid of the foreign and
//!   tainted labels, and a bitmap of the cells they occupy answers most queries (a label far
//!   from them) without reading the grid's cells. It sorts the region's labels, but reads each
//!   once.
//!
//! The frontier runs first; where a foreign label's reach runs into a crowd (a city at zoom 6,
//! thousands of labels meeting each one), it reads too many neighbours, and after as many reads
//! as the region has labels it gives way to the sweep.
//!
//! Both run first on the own labels of a *band* around the foreign labels (`banded`), which is
//! the whole answer when no tainted label reaches the band's edge: then neither the grid nor the
//! sweep's sort covers the region's million labels, only the few near its edge.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use glam::Vec2;
use label_core::pipeline::{FirstHit, Walked, descending_key};
use label_core::{Aabb, Obb};

use crate::Screen;

/// Which own labels are tainted, and which untainted ones have bounds meeting a tainted
/// label's (the only ones that may hide one).
pub(crate) struct Taint {
    pub(crate) tainted: Vec<bool>,
    pub(crate) meets: Vec<bool>,
}

/// The [`Taint`] of `own` by `foreign` (labels that can block: in view, without
/// `ignore_placement`): in the [`banded`] labels near the foreign ones where that settles it,
/// else among them all.
pub(crate) fn taint(screen: &Screen, own: &[Walked], foreign: &[Walked]) -> Taint {
    banded(screen, own, foreign, BAND).unwrap_or_else(|| everywhere(screen, own, foreign))
}

/// How far the band reaches beyond the foreign labels' bounds, in their largest side.
const BAND: f32 = 8.0;

/// The [`Taint`] of every own label: the frontier, or the sweep where it gives way.
fn everywhere(screen: &Screen, own: &[Walked], foreign: &[Walked]) -> Taint {
    let near = Neighbours::new(own);
    if let Some(taint) = frontier(screen, own, &near, foreign, own.len()) {
        return taint;
    }
    let tainted = sweep(screen, own, foreign);
    let meets = meeting(own, &tainted);
    Taint { tainted, meets }
}

/// The [`Taint`] found among the own labels whose bounds meet the *band* (the foreign labels'
/// bounds grown by `sides` times their largest side), when they are at most half of them and
/// every label tainted there has its bounds inside the band; `None` otherwise.
///
/// Why that is the whole answer: a label whose bounds miss the band collides with no foreign
/// label and no label inside the band (colliding boxes' bounds meet). In placement order, if
/// the labels tainted so far are the band's and lie inside it, the next label is tainted in the
/// whole iff it is in the band's walk: outside the band nothing it collides with is tainted or
/// foreign; inside, it sees the same earlier tainted labels. And a label meeting a tainted
/// one's bounds meets the band, so `meets` agrees too.
fn banded(screen: &Screen, own: &[Walked], foreign: &[Walked], sides: f32) -> Option<Taint> {
    let reach = foreign.iter().map(|w| w.obb.bounds()).reduce(|a, b| a.union(&b))?;
    let side = foreign.iter().map(|w| w.obb.bounds().size().max_element()).fold(1.0f32, f32::max);
    let band = reach.inflate(sides * side);
    let picked: Vec<usize> = (0..own.len()).filter(|&i| own[i].obb.bounds().intersects_closed(&band)).collect();
    if picked.len() * 2 > own.len() {
        return None;
    }
    let sub: Vec<Walked> = picked.iter().map(|&i| own[i]).collect();
    let found = everywhere(screen, &sub, foreign);
    let inside = |b: Aabb| band.min.cmple(b.min).all() && b.max.cmple(band.max).all();
    if sub.iter().zip(&found.tainted).any(|(w, &t)| t && !inside(w.obb.bounds())) {
        return None;
    }
    let (mut tainted, mut meets) = (vec![false; own.len()], vec![false; own.len()]);
    for (k, &i) in picked.iter().enumerate() {
        (tainted[i], meets[i]) = (found.tainted[k], found.meets[k]);
    }
    Some(Taint { tainted, meets })
}

/// The frontier, or `None` once it has read more than `budget` neighbours.
fn frontier(screen: &Screen, own: &[Walked], near: &Neighbours, foreign: &[Walked], budget: usize) -> Option<Taint> {
    type Heap = BinaryHeap<Reverse<((u64, u32), u32)>>;
    let order = |w: &Walked| (descending_key(w.priority), w.id);
    let foreign_near = Neighbours::new(foreign);
    // The tainted labels that can block, numbered as taken: ascending placement order.
    let mut blocking = near.empty_index(foreign.len());
    let mut blocking_labels: Vec<u32> = Vec::new();
    let mut tainted = vec![false; own.len()];
    let mut meets = vec![false; own.len()];
    let mut seen = vec![false; own.len()];
    let mut candidates = Heap::new();
    let mut reads = 0usize;
    // Queues the own labels after `w` whose bounds meet `w`'s, and marks them all in `meets`
    // when given (the neighbours of a tainted label).
    let mut spread = |w: &Walked, mut meets: Option<&mut [bool]>, seen: &mut [bool], candidates: &mut Heap| {
        let after = order(w);
        reads += near
            .find(&w.obb.bounds(), |j| {
                let o = &own[j as usize];
                if let Some(m) = meets.as_deref_mut() {
                    m[j as usize] = true;
                }
                if !seen[j as usize] && order(o) > after {
                    seen[j as usize] = true;
                    candidates.push(Reverse((order(o), j)));
                }
                false
            })
            .1;
        reads <= budget
    };
    for f in foreign {
        if !spread(f, None, &mut seen, &mut candidates) {
            return None;
        }
    }
    while let Some(Reverse((at, k))) = candidates.pop() {
        let w = &own[k as usize];
        let b = w.obb.bounds();
        let by_foreign = |e: u32| order(&foreign[e as usize]) < at && screen.collides(&w.obb, &foreign[e as usize].obb);
        // Every tainted label was taken before this one: earlier in placement order.
        let by_own = |e: u32| screen.collides(&w.obb, &own[blocking_labels[e as usize] as usize].obb);
        if !screen.in_view(&w.obb)
            || !(foreign_near.find(&b, by_foreign).0 || blocking.any_below(&b, u32::MAX, by_own).is_some())
        {
            continue;
        }
        tainted[k as usize] = true;
        if !w.flags.ignore_placement {
            blocking.insert(blocking_labels.len() as u32, &b);
            blocking_labels.push(k);
        }
        if !spread(w, Some(&mut meets), &mut seen, &mut candidates) {
            return None;
        }
    }
    Some(Taint { tainted, meets })
}

/// Which own labels have bounds meeting a tainted label's: each queried against a grid of the
/// tainted ones, a box around them all first.
fn meeting(own: &[Walked], tainted: &[bool]) -> Vec<bool> {
    let bounds: Vec<Aabb> = (0..own.len()).filter(|&i| tainted[i]).map(|i| own[i].obb.bounds()).collect();
    let Some(extent) = bounds.iter().copied().reduce(|a, b| a.union(&b)) else {
        return vec![false; own.len()];
    };
    let (extent_of, cell) = cells(&bounds);
    let mut index = FirstHit::over(extent_of, cell);
    for (k, b) in bounds.iter().enumerate() {
        index.insert(k as u32, b);
    }
    own.iter()
        .map(|w| {
            let b = w.obb.bounds();
            extent.intersects_closed(&b) && index.any_below(&b, u32::MAX, |_| true).is_some()
        })
        .collect()
}

/// Labels' bounds, for "which of them meet this box" over a region's million labels, built in
/// linear time: a grid of buckets (cells about twice the median label's side, no more cells
/// than labels), each label numbered by position in the bucket of its bounds' top-left corner
/// (compressed rows, one number a label). A query reads the buckets from its own top-left corner
/// less the largest label's side to its bottom-right corner. Labels more than four cells a side
/// are kept aside, and every query reads them.
struct Neighbours {
    bounds: Vec<Aabb>,
    origin: Vec2,
    inv_cell: f32,
    columns: usize,
    rows: usize,
    /// Where each bucket's numbers start in `members`; one more entry than buckets.
    starts: Vec<u32>,
    members: Vec<u32>,
    large: Vec<u32>,
    /// The largest side of a label in the buckets.
    side: f32,
}

impl Neighbours {
    /// The labels' bounds, numbered by position.
    fn new(labels: &[Walked]) -> Self {
        let bounds: Vec<Aabb> = labels.iter().map(|w| w.obb.bounds()).collect();
        let unit = Aabb::from_corners(Vec2::ZERO, Vec2::ONE);
        let extent = bounds.iter().copied().reduce(|a, b| a.union(&b)).unwrap_or(unit);
        // The median side of about a thousand labels spread over the input.
        let stride = (bounds.len() / 1024).max(1);
        let mut sides: Vec<f32> = bounds.iter().step_by(stride).map(|b| b.size().max_element()).collect();
        let middle = sides.len() / 2;
        let median = if sides.is_empty() { 1.0 } else { *sides.select_nth_unstable_by(middle, f32::total_cmp).1 };
        let size = extent.size().max(Vec2::ONE);
        let fewest = (size.x * size.y / bounds.len().max(1) as f32).sqrt();
        let cell = (2.0 * median).max(fewest).max(size.max_element() / 4096.0).max(1e-3);
        let count = |length: f32| ((length / cell).ceil() as usize).clamp(1, 4096);
        let (columns, rows) = (count(size.x), count(size.y));
        let mut grid = Self {
            bounds,
            origin: extent.min,
            inv_cell: 1.0 / cell,
            columns,
            rows,
            starts: vec![0; columns * rows + 1],
            members: Vec::new(),
            large: Vec::new(),
            side: 0.0,
        };
        // Each label's bucket, or `LARGE`.
        const LARGE: u32 = u32::MAX;
        let mut bucket = Vec::with_capacity(grid.bounds.len());
        for (k, b) in grid.bounds.iter().enumerate() {
            let side = b.size().max_element();
            if side <= 4.0 * cell {
                let c = grid.cell(b.min);
                grid.starts[c + 1] += 1;
                grid.side = grid.side.max(side);
                bucket.push(c as u32);
            } else {
                grid.large.push(k as u32);
                bucket.push(LARGE);
            }
        }
        for c in 0..columns * rows {
            grid.starts[c + 1] += grid.starts[c];
        }
        let mut next = grid.starts.clone();
        grid.members = vec![0; grid.starts[columns * rows] as usize];
        for (k, &c) in bucket.iter().enumerate() {
            if c != LARGE {
                grid.members[next[c as usize] as usize] = k as u32;
                next[c as usize] += 1;
            }
        }
        grid
    }

    /// An empty first-hit grid over the same extent, for about `count` labels of these sizes.
    fn empty_index(&self, count: usize) -> FirstHit {
        let cell = 1.0 / self.inv_cell;
        let extent =
            Aabb::from_corners(self.origin, self.origin + cell * Vec2::new(self.columns as f32, self.rows as f32));
        FirstHit::over(extent, cell.max(FirstHit::cell_for(&extent, count.max(1), 4.0)))
    }

    /// The bucket of a point (points beyond the grid in its border buckets).
    fn cell(&self, p: Vec2) -> usize {
        let (column, row) = self.column_row(p);
        row * self.columns + column
    }

    fn column_row(&self, p: Vec2) -> (usize, usize) {
        // The cast truncates, which is the floor once negative values (and NaN) are 0: the
        // same buckets as `floor()`, without its call into libm (x86-64 without SSE4.1).
        let at = |v: f32, o: f32, n: usize| (((v - o) * self.inv_cell).max(0.0) as usize).min(n - 1);
        (at(p.x, self.origin.x, self.columns), at(p.y, self.origin.y, self.rows))
    }

    /// Calls `hit` on each label whose bounds meet `query` (touching included) until it returns
    /// true; returns whether one did, and how many labels it read.
    fn find(&self, query: &Aabb, mut hit: impl FnMut(u32) -> bool) -> (bool, usize) {
        let (x0, y0) = self.column_row(query.min - Vec2::splat(self.side));
        let (x1, y1) = self.column_row(query.max);
        let meets = |k: u32| self.bounds[k as usize].intersects_closed(query);
        let mut read = self.large.len();
        for row in y0..=y1 {
            let (a, b) = (self.starts[row * self.columns + x0], self.starts[row * self.columns + x1 + 1]);
            read += (b - a) as usize;
            if self.members[a as usize..b as usize].iter().any(|&k| meets(k) && hit(k)) {
                return (true, read);
            }
        }
        (self.large.iter().any(|&k| meets(k) && hit(k)), read)
    }
}

fn sweep(screen: &Screen, own: &[Walked], foreign: &[Walked]) -> Vec<bool> {
    let n = own.len();
    let at = |k: usize| if k < n { &own[k] } else { &foreign[k - n] };
    // In placement order, each label with its bounds: the walk reads this array in order and
    // reads a label itself only where its bounds meet an occupied cell.
    let mut order: Vec<(u64, u32, usize, Aabb)> =
        (0..n + foreign.len()).map(|k| (descending_key(at(k).priority), at(k).id, k, at(k).obb.bounds())).collect();
    order.sort_unstable_by_key(|&(key, id, ..)| (key, id));
    let obb = |rank: u32| -> &Obb { &at(order[rank as usize].2).obb };
    let (mut index, mut occupied) = grid(order.iter().map(|o| o.3));
    let mut tainted = vec![false; n];
    for (rank, &(_, _, k, bounds)) in order.iter().enumerate() {
        let rank = rank as u32;
        if k < n {
            if !occupied.any(&bounds) {
                continue;
            }
            let w = &own[k];
            if !screen.in_view(&w.obb) || index.any_below(&bounds, rank, |e| screen.collides(&w.obb, obb(e))).is_none()
            {
                continue;
            }
            tainted[k] = true;
            if w.flags.ignore_placement {
                continue;
            }
        }
        index.insert(rank, &bounds);
        occupied.mark(&bounds);
    }
    tainted
}

/// Which cells of a square grid hold a box: one bit a cell, so that a query far from every box
/// costs a few reads of a small array.
struct Occupied {
    origin: Vec2,
    inv_cell: f32,
    columns: usize,
    rows: usize,
    bits: Vec<bool>,
}

impl Occupied {
    /// At most this many cells a side.
    const MAX_SIDE: usize = 4096;

    fn new(extent: Aabb, cell: f32) -> Self {
        let size = extent.size().max(Vec2::ONE);
        let cell = cell.max(size.max_element() / Self::MAX_SIDE as f32).max(1e-3);
        let side = |length: f32| ((length / cell).ceil() as usize).clamp(1, Self::MAX_SIDE);
        let (columns, rows) = (side(size.x), side(size.y));
        Self { origin: extent.min, inv_cell: 1.0 / cell, columns, rows, bits: vec![false; columns * rows] }
    }

    /// The cells the bounds meet (boxes beyond the extent in the border cells), columns then rows.
    fn span(&self, b: &Aabb) -> ([usize; 2], [usize; 2]) {
        let at = |v: f32, o: f32, n: usize| (((v - o) * self.inv_cell).max(0.0) as usize).min(n - 1);
        let x = [at(b.min.x, self.origin.x, self.columns), at(b.max.x, self.origin.x, self.columns)];
        let y = [at(b.min.y, self.origin.y, self.rows), at(b.max.y, self.origin.y, self.rows)];
        (x, y)
    }

    fn mark(&mut self, b: &Aabb) {
        let ([x0, x1], [y0, y1]) = self.span(b);
        for row in y0..=y1 {
            self.bits[row * self.columns + x0..=row * self.columns + x1].fill(true);
        }
    }

    fn any(&self, b: &Aabb) -> bool {
        let ([x0, x1], [y0, y1]) = self.span(b);
        (y0..=y1).any(|row| self.bits[row * self.columns + x0..=row * self.columns + x1].contains(&true))
    }
}

/// An empty grid over the bounds, its cells about the median label's size but no more than a
/// quarter as many as the labels, and its occupancy bitmap (cells four times as long).
fn grid(bounds: impl Iterator<Item = Aabb>) -> (FirstHit, Occupied) {
    let bounds: Vec<Aabb> = bounds.collect();
    let (extent, cell) = cells(&bounds);
    (FirstHit::over(extent, cell), Occupied::new(extent, 4.0 * cell))
}

/// The bounds' extent and a cell side about the median label's, but no more cells than a
/// quarter of the labels.
fn cells(bounds: &[Aabb]) -> (Aabb, f32) {
    let unit = Aabb::from_corners(glam::Vec2::ZERO, glam::Vec2::ONE);
    let extent = bounds.iter().copied().reduce(|a, b| a.union(&b)).unwrap_or(unit);
    let mut sides: Vec<f32> = bounds.iter().map(|b| b.size().max_element()).collect();
    let middle = sides.len() / 2;
    let median = if sides.is_empty() { 1.0 } else { sides.select_nth_unstable_by(middle, f32::total_cmp).1.max(1.0) };
    (extent, median.max(FirstHit::cell_for(&extent, bounds.len(), 4.0)))
}

#[cfg(test)]
mod tests {
    use label_core::Label;
    use label_core::pipeline::Flags;
    use proptest::prelude::*;

    use super::*;

    /// Labels on a 512-px screen, crowded in one corner, some large, some rotated or flagged.
    fn walked() -> impl Strategy<Value = Vec<Walked>> {
        let one = ((0.0..600.0f64, 0.0..600.0f64), (1.0..60.0f64, 1.0..20.0f64), 0..8u8, 0..4u8, 0..40u8);
        prop::collection::vec(one, 0..120).prop_map(|ls| {
            ls.into_iter()
                .enumerate()
                .map(|(i, ((x, y), (w, h), priority, angle, kind))| {
                    let (x, y) = if kind % 2 == 0 { (x / 8.0, y / 8.0) } else { (x, y) };
                    let size = if kind == 1 { 8.0 } else { 1.0 };
                    let label = Label::new(x, y, w * size, h).with_angle(f64::from(angle) * 30.0);
                    let flags = Flags { allow_overlap: kind == 3, ignore_placement: kind == 5 };
                    Walked { id: i as u32, priority: f64::from(priority), obb: label.obb(), flags }
                })
                .collect()
        })
    }

    /// The band's taint and the whole's, the last `foreign` labels (those in view that take
    /// part) being the foreign ones, or `None` where the band gives way.
    fn band_and_whole(labels: &[Walked], foreign: usize, sides: f32) -> Option<(Taint, Taint)> {
        let screen = Screen::world(1, 0.0).unwrap();
        let (own, foreign) = labels.split_at(labels.len().saturating_sub(foreign));
        let foreign: Vec<Walked> =
            foreign.iter().copied().filter(|w| !w.flags.ignore_placement && screen.in_view(&w.obb)).collect();
        let band = banded(&screen, own, &foreign, sides)?;
        Some((band, everywhere(&screen, own, &foreign)))
    }

    /// The property test above checks something: on its own strategy, the band answers (rather
    /// than giving way to the whole) in at least a fifth of the cases (73 of 300 with the
    /// deterministic runner).
    #[test]
    fn the_band_answers_in_a_fifth_of_its_property_test_cases() {
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let mut runner = TestRunner::deterministic();
        let cases = (walked(), 1..4usize, 0.0..9.0f32);
        let answered = (0..300)
            .filter(|_| {
                let (labels, foreign, sides) = cases.new_tree(&mut runner).unwrap().current();
                band_and_whole(&labels, foreign, sides).is_some()
            })
            .count();
        assert!(answered * 5 >= 300, "the band answered {answered} of 300 cases");
    }

    fn at(id: u32, x: f64, priority: f64) -> Walked {
        let obb = Label::new(x, 100.0, 30.0, 10.0).obb();
        Walked { id, priority, obb, flags: Flags { allow_overlap: false, ignore_placement: false } }
    }

    /// A band settles labels far from the foreign ones, and gives way to the whole when a
    /// chain of tainted labels leaves it.
    #[test]
    fn a_band_answers_or_gives_way() {
        let screen = Screen::world(2, 0.0).unwrap();
        let foreign = [at(0, 100.0, 9.0)];
        // One own label next to the foreign one, and many far away.
        let own: Vec<Walked> = [(1, 120.0)]
            .into_iter()
            .chain((2..12).map(|i| (i, 400.0 + 40.0 * i as f64)))
            .map(|(i, x)| at(i, x, 5.0))
            .collect();
        let band = banded(&screen, &own, &foreign, 2.0).expect("the band settles it");
        assert_eq!(band.tainted, everywhere(&screen, &own, &foreign).tainted);
        assert!(band.tainted[0] && !band.tainted[1..].iter().any(|&t| t));
        // A chain of overlapping labels, each later than the one before, taints its way out.
        let chain: Vec<Walked> =
            (1..40).map(|i| at(i, 100.0 + 20.0 * f64::from(i), 9.0 - f64::from(i) / 10.0)).collect();
        assert!(banded(&screen, &chain, &foreign, 2.0).is_none());
        assert!(taint(&screen, &chain, &foreign).tainted.iter().all(|&t| t));
    }

    proptest! {
        /// The frontier and the sweep taint the same labels, and the frontier's neighbours of
        /// tainted labels are the labels whose bounds meet a tainted one's.
        #[test]
        fn the_frontier_and_the_sweep_agree(labels in walked(), split in 0..120usize) {
            let screen = Screen::world(1, 0.0).unwrap();
            let split = split.min(labels.len());
            let (own, foreign) = labels.split_at(split);
            let foreign: Vec<Walked> =
                foreign.iter().copied().filter(|w| !w.flags.ignore_placement && screen.in_view(&w.obb)).collect();
            let near = Neighbours::new(own);
            let frontier = frontier(&screen, own, &near, &foreign, usize::MAX).unwrap();
            prop_assert_eq!(&frontier.tainted, &sweep(&screen, own, &foreign));
            prop_assert_eq!(frontier.meets, meeting(own, &frontier.tainted));
        }

        /// The band's answer, where it gives one, is the whole's (how often it gives one:
        /// [`the_band_answers_in_a_fifth_of_its_property_test_cases`]).
        #[test]
        fn a_band_taints_as_the_whole(labels in walked(), foreign in 1..4usize, sides in 0.0..9.0f32) {
            if let Some((band, whole)) = band_and_whole(&labels, foreign, sides) {
                prop_assert_eq!(band.tainted, whole.tainted);
                prop_assert_eq!(band.meets, whole.meets);
            }
        }

        /// The buckets find every label whose bounds meet the query, and no other.
        #[test]
        fn neighbours_are_the_labels_that_meet(labels in walked(), (x, y, w, h) in (0.0..600.0f32, 0.0..600.0f32, 0.0..200.0f32, 0.0..200.0f32)) {
            let query = Aabb::from_corners(Vec2::new(x, y), Vec2::new(x + w, y + h));
            let mut found = Vec::new();
            Neighbours::new(&labels).find(&query, |k| { found.push(k); false });
            found.sort_unstable();
            let all: Vec<u32> = (0..labels.len() as u32).filter(|&k| labels[k as usize].obb.bounds().intersects_closed(&query)).collect();
            prop_assert_eq!(found, all);
        }
    }
}
