//! Symbols compiled into their parts, in placement order: what the pass reads, one label after
//! the other, without going back to the caller's labels.

use glam::DVec2;
use rayon::prelude::*;

use super::super::MIN_PARALLEL_CHUNK;
use super::super::cull::{View, in_view};
use super::super::obstacles::ObstacleIndex;
use crate::{Aabb, HiddenReason, Label, Obb, Optional, PathLayout, Symbol};

/// Labels per parallel chunk of the parts' computation.
const PARTS_CHUNK: usize = 4096;

/// No obstacle, no repeat group.
pub(super) const NONE: u32 = u32::MAX;

/// One rigid part of one position (or the icon), with what does not depend on other labels.
#[derive(Clone, Copy, Debug)]
pub(super) struct Part {
    pub obb: Obb,
    /// The lowest-index obstacle it overlaps, or [`NONE`].
    pub obstacle: u32,
    /// Whether it overlaps the viewport (always, without one).
    pub in_view: bool,
}

/// One label in placement order.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    /// Input position.
    pub input: u32,
    /// Its parts are `parts[first..]`: `positions × per_position` text parts, position by
    /// position, then the icon if it has one.
    pub first: usize,
    pub positions: u16,
    pub per_position: u16,
    pub icon: bool,
    /// Whether one of its positions meets the viewport (one of its parts does).
    pub in_view: bool,
    /// The union of its parts' bounds.
    pub bounds: Aabb,
    /// Whether the label came with candidates (its result names the one used).
    pub candidates: bool,
    pub allow_overlap: bool,
    pub ignore_placement: bool,
    pub optional: Optional,
    /// Repeat group, or [`NONE`].
    pub group: u32,
    pub repeat_distance: f64,
    /// The anchor point, as given (a path label's: on its path).
    pub anchor: DVec2,
    /// Why a path label is hidden before placement (`no_room`, `too_curved`); it then has no
    /// position.
    pub hidden: Option<HiddenReason>,
}

impl Entry {
    /// A label with no parts, off screen (a base for tests).
    #[cfg(test)]
    pub const EMPTY: Entry = Entry {
        input: 0,
        first: 0,
        positions: 0,
        per_position: 0,
        icon: false,
        in_view: false,
        bounds: Aabb { min: glam::Vec2::ZERO, max: glam::Vec2::ZERO },
        candidates: false,
        allow_overlap: false,
        ignore_placement: false,
        optional: Optional::None,
        group: NONE,
        repeat_distance: 0.0,
        anchor: DVec2::ZERO,
        hidden: None,
    };

    fn part_count(&self) -> usize {
        usize::from(self.positions) * usize::from(self.per_position) + usize::from(self.icon)
    }

    /// The text parts of position `k`, by index into the parts.
    pub fn text(&self, k: usize) -> std::ops::Range<usize> {
        let start = self.first + k * usize::from(self.per_position);
        start..start + usize::from(self.per_position)
    }

    /// The icon part's index.
    pub fn icon(&self) -> Option<usize> {
        self.icon.then(|| self.first + self.part_count() - 1)
    }

    /// Every part's index.
    pub fn all(&self) -> std::ops::Range<usize> {
        self.first..self.first + self.part_count()
    }

    /// Whether position `k` meets the viewport: one of its parts, the icon included, does.
    pub fn meets(&self, parts: &[Part], k: usize) -> bool {
        self.text(k).any(|p| parts[p].in_view) || self.icon().is_some_and(|p| parts[p].in_view)
    }
}

/// Every label's parts, in placement order.
pub(super) struct Compiled {
    pub entries: Vec<Entry>,
    pub parts: Vec<Part>,
}

impl Compiled {
    /// The labels of `order` (input positions in placement order) with their symbols, boxes
    /// relative to `origin`, tested against the viewport and the obstacles (both relative to
    /// `origin` too), in parallel.
    pub fn new(
        labels: &[Label],
        symbols: &[Symbol],
        order: &[u32],
        origin: DVec2,
        viewport: Option<&Aabb>,
        obstacles: Option<&ObstacleIndex<'_>>,
    ) -> Self {
        // Paths laid out once, in placement order (empty when no label has a path).
        let layouts: Vec<Option<PathLayout>> = if symbols.iter().any(|s| s.path.is_some()) {
            order.par_iter().with_min_len(MIN_PARALLEL_CHUNK).map(|&i| symbols[i as usize].layout()?.ok()).collect()
        } else {
            Vec::new()
        };
        let layout = |rank: usize| layouts.get(rank).and_then(Option::as_ref);
        let mut entries: Vec<Entry> = order
            .par_iter()
            .enumerate()
            .with_min_len(MIN_PARALLEL_CHUNK)
            .map(|(rank, &i)| {
                let (l, s) = (&labels[i as usize], &symbols[i as usize]);
                // A path label has one position if its text fits, of one part per glyph.
                let (positions, per_position, anchor, hidden) = match (&s.path, layout(rank)) {
                    (None, _) => (s.positions() as u16, 1, DVec2::new(l.x, l.y), None),
                    (Some(p), Some(laid)) => (1, p.glyph_advances.len() as u16, laid.anchor, None),
                    (Some(p), None) => {
                        let why = p.layout().err().map(HiddenReason::from);
                        (0, p.glyph_advances.len() as u16, DVec2::new(l.x, l.y), why)
                    }
                };
                Entry {
                    input: i,
                    first: 0,
                    in_view: false,
                    bounds: Aabb::from_corners(glam::Vec2::ZERO, glam::Vec2::ZERO),
                    positions,
                    per_position,
                    icon: s.icon.is_some(),
                    candidates: !s.candidates.is_empty(),
                    allow_overlap: l.style.allow_overlap,
                    ignore_placement: l.style.ignore_placement,
                    optional: s.optional,
                    group: s.repeat_group.unwrap_or(NONE),
                    repeat_distance: s.repeat_distance,
                    anchor,
                    hidden,
                }
            })
            .collect();
        let mut first = 0;
        for e in &mut entries {
            e.first = first;
            first += e.part_count();
        }
        // Chunks of labels in parallel, each writing its labels' parts straight into its own
        // stretch of the one vector (a vector per chunk joined afterwards copied every part once
        // more: 4% of the instructions on W_sym(100k)).
        let view = viewport.map(|v| View::new(v, origin));
        let empty = Part {
            obb: Obb::from_aabb(&Aabb::from_corners(glam::Vec2::ZERO, glam::Vec2::ZERO)),
            obstacle: NONE,
            in_view: false,
        };
        let mut parts = vec![empty; first];
        let mut stretches = Vec::with_capacity(entries.len().div_ceil(PARTS_CHUNK));
        let mut rest = parts.as_mut_slice();
        for chunk in entries.chunks(PARTS_CHUNK) {
            let (stretch, after) = rest.split_at_mut(chunk.iter().map(Entry::part_count).sum());
            stretches.push(stretch);
            rest = after;
        }
        entries.par_chunks(PARTS_CHUNK).zip(stretches).enumerate().for_each(|(c, (chunk, stretch))| {
            let mut slots = stretch.iter_mut();
            for (j, e) in chunk.iter().enumerate() {
                let (l, s) = (&labels[e.input as usize], &symbols[e.input as usize]);
                // The parts first: a zip stops after asking its first iterator once too often.
                for (obb, slot) in s.parts(l, origin, layout(c * PARTS_CHUNK + j)).zip(slots.by_ref()) {
                    let bounds = obb.bounds();
                    *slot = Part {
                        obb,
                        obstacle: obstacles.and_then(|o| o.first_hit(&obb, &bounds)).unwrap_or(NONE),
                        in_view: in_view(view.as_ref(), &obb, &bounds),
                    };
                }
            }
        });
        entries.par_iter_mut().with_min_len(MIN_PARALLEL_CHUNK).for_each(|e| {
            e.in_view = e.all().any(|p| parts[p].in_view);
            e.bounds = e.all().map(|p| parts[p].obb.bounds()).reduce(|a, b| a.union(&b)).unwrap_or(e.bounds);
        });
        Self { entries, parts }
    }
}
