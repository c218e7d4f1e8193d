//! Four boxes' bounds side by side, structure of arrays: each side of the four in one 16-byte
//! lane vector, so that one query's quick test against all four is four vector comparisons and
//! one mask. Unused lanes hold empty bounds (min +∞, max −∞), which overlap nothing and meet
//! only an infinite query (a caller keeps them out by their number or position).
//!
//! A [`QuadList`] holds a list of boxes so, in quads of four entries filled in order: the four
//! bounds, then what the list keeps of each entry, lane by lane. [`super::FirstHit`]'s cells
//! (numbers and first cells) and the greedy pass's cell lists (ranks and slots) are such lists.

use std::ops::DerefMut;

use glam::Vec4;
use smallvec::SmallVec;

use crate::Aabb;

/// The bounds of four boxes, one side of all four per vector.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds4 {
    min_x: Vec4,
    min_y: Vec4,
    max_x: Vec4,
    max_y: Vec4,
}

/// A query's bounds, each side splatted over the four lanes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Query4(Bounds4);

impl Query4 {
    #[inline(always)]
    pub(crate) fn new(q: &Aabb) -> Self {
        Self(Bounds4 {
            min_x: Vec4::splat(q.min.x),
            min_y: Vec4::splat(q.min.y),
            max_x: Vec4::splat(q.max.x),
            max_y: Vec4::splat(q.max.y),
        })
    }
}

impl Bounds4 {
    /// Four empty lanes.
    pub(crate) const EMPTY: Self =
        Self { min_x: Vec4::INFINITY, min_y: Vec4::INFINITY, max_x: Vec4::NEG_INFINITY, max_y: Vec4::NEG_INFINITY };

    /// Puts `bounds` in `lane` (0 to 3).
    #[inline]
    pub(crate) fn set(&mut self, lane: usize, bounds: &Aabb) {
        self.min_x[lane] = bounds.min.x;
        self.min_y[lane] = bounds.min.y;
        self.max_x[lane] = bounds.max.x;
        self.max_y[lane] = bounds.max.y;
    }

    /// The lanes whose bounds meet the query's (touching included), as a bitmask.
    #[inline(always)]
    pub(crate) fn meeting(&self, q: &Query4) -> u32 {
        let q = &q.0;
        (self.min_x.cmple(q.max_x) & q.min_x.cmple(self.max_x) & self.min_y.cmple(q.max_y) & q.min_y.cmple(self.max_y))
            .bitmask()
    }

    /// The lanes whose bounds overlap the interior of the query's ([`Aabb::overlaps`]), as a
    /// bitmask.
    #[inline(always)]
    pub(crate) fn overlapping(&self, q: &Query4) -> u32 {
        let q = &q.0;
        (self.min_x.cmplt(q.max_x) & q.min_x.cmplt(self.max_x) & self.min_y.cmplt(q.max_y) & q.min_y.cmplt(self.max_y))
            .bitmask()
    }
}

/// What a [`QuadList`] keeps of each entry beside its bounds; [`Self::UNUSED`] fills the lanes
/// no entry holds yet.
pub(crate) trait Lane: Copy {
    const UNUSED: Self;
}

/// Four entries of a [`QuadList`]: their bounds side by side, then what the list keeps of each.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Quad<T> {
    pub(crate) bounds: Bounds4,
    pub(crate) lanes: [T; 4],
}

impl<T: Lane> Quad<T> {
    /// A quad holding one entry, `bounds` and `lane`, in its first lane.
    #[inline]
    fn first(bounds: &Aabb, lane: T) -> Self {
        let mut quad = Self { bounds: Bounds4::EMPTY, lanes: [lane, T::UNUSED, T::UNUSED, T::UNUSED] };
        quad.bounds.set(0, bounds);
        quad
    }
}

/// Where a [`QuadList`] keeps its quads: a `Vec`, or a `SmallVec` holding the first few in
/// place.
pub(crate) trait Quads: Default + DerefMut<Target = [Quad<Self::Lane>]> {
    type Lane: Lane;
    /// Appends a quad.
    fn push(&mut self, quad: Quad<Self::Lane>);
    /// Removes every quad, keeping the allocation.
    fn clear(&mut self);
    /// How many quads its heap allocation holds room for (0 when it has none).
    fn heap_capacity(&self) -> usize;
}

impl<T: Lane> Quads for Vec<Quad<T>> {
    type Lane = T;
    #[inline]
    fn push(&mut self, quad: Quad<T>) {
        Vec::push(self, quad);
    }
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn heap_capacity(&self) -> usize {
        self.capacity()
    }
}

impl<T: Lane, A: smallvec::Array<Item = Quad<T>>> Quads for SmallVec<A> {
    type Lane = T;
    #[inline]
    fn push(&mut self, quad: Quad<T>) {
        SmallVec::push(self, quad);
    }
    fn clear(&mut self) {
        SmallVec::clear(self);
    }
    fn heap_capacity(&self) -> usize {
        if self.spilled() { self.capacity() } else { 0 }
    }
}

/// A list of boxes held in quads of four, filled in order; the last quad's unused lanes hold
/// empty bounds and [`Lane::UNUSED`].
#[derive(Clone, Debug, Default)]
pub(crate) struct QuadList<Q> {
    quads: Q,
    len: usize,
}

impl<Q: Quads> QuadList<Q> {
    /// An empty list over `quads` (which may hold room for some).
    pub(crate) fn over(quads: Q) -> Self {
        Self { quads, len: 0 }
    }

    /// Appends an entry: `bounds` and `lane`. The first entry of a quad comes with it, its
    /// other lanes unused; a later one is written into the last quad's next lane.
    #[inline]
    pub(crate) fn push(&mut self, bounds: &Aabb, lane: Q::Lane) {
        let k = self.len % 4;
        if k == 0 {
            self.quads.push(Quad::first(bounds, lane));
        } else {
            let quad = self.quads.last_mut().expect("a part-filled quad");
            quad.bounds.set(k, bounds);
            quad.lanes[k] = lane;
        }
        self.len += 1;
    }

    /// Empties the list, keeping its allocation.
    pub(crate) fn clear(&mut self) {
        self.quads.clear();
        self.len = 0;
    }

    /// How many entries.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The bytes its quads hold on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.quads.heap_capacity() * std::mem::size_of::<Quad<Q::Lane>>()
    }

    /// The quads, the last one part-filled unless the length is a multiple of four.
    #[inline]
    pub(crate) fn quads(&self) -> &[Quad<Q::Lane>] {
        &self.quads
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;

    #[test]
    fn the_masks_are_the_boxes_tests_lane_by_lane() {
        let boxes = [
            Aabb::from_corners(Vec2::new(0.0, 0.0), Vec2::new(10.0, 10.0)),
            Aabb::from_corners(Vec2::new(10.0, 0.0), Vec2::new(20.0, 10.0)), // touches the query
            Aabb::from_corners(Vec2::new(30.0, 30.0), Vec2::new(40.0, 40.0)),
        ];
        let mut quad = Bounds4::EMPTY;
        for (lane, b) in boxes.iter().enumerate() {
            quad.set(lane, b);
        }
        let q = Aabb::from_corners(Vec2::new(5.0, 5.0), Vec2::new(10.0, 8.0));
        let mask = |f: &dyn Fn(&Aabb) -> bool| boxes.iter().enumerate().map(|(i, b)| u32::from(f(b)) << i).sum::<u32>();
        assert_eq!(quad.overlapping(&Query4::new(&q)), mask(&|b| b.overlaps(&q)));
        assert_eq!(quad.meeting(&Query4::new(&q)), mask(&|b| b.intersects_closed(&q)));
        assert_eq!((quad.overlapping(&Query4::new(&q)), quad.meeting(&Query4::new(&q))), (0b001, 0b011));
        // The empty lane overlaps nothing, not even an infinite query.
        let all = Aabb::from_corners(Vec2::NEG_INFINITY, Vec2::INFINITY);
        assert_eq!(quad.overlapping(&Query4::new(&all)), 0b111);
    }

    impl Lane for u32 {
        const UNUSED: Self = u32::MAX;
    }

    #[test]
    fn a_list_fills_its_quads_in_order() {
        let mut list: QuadList<Vec<Quad<u32>>> = QuadList::default();
        let at = |k: u32| Aabb::from_corners(Vec2::splat(k as f32), Vec2::splat(k as f32 + 1.0));
        for k in 0..6 {
            list.push(&at(k), 10 + k);
        }
        assert_eq!((list.len(), list.quads().len()), (6, 2));
        let lanes: Vec<u32> = list.quads().iter().flat_map(|q| q.lanes).collect();
        assert_eq!(lanes, [10, 11, 12, 13, 14, 15, u32::MAX, u32::MAX]);
        // Entry k's bounds are in lane k % 4 of quad k / 4; the unused lanes meet nothing.
        for k in 0..8 {
            let mask = list.quads()[k / 4].bounds.overlapping(&Query4::new(&at(k as u32)));
            assert_eq!(mask, if k < 6 { 1 << (k % 4) } else { 0 }, "entry {k}");
        }
        list.clear();
        assert_eq!((list.len(), list.quads().len()), (0, 0));
    }
}
