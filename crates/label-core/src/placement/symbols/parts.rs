//! Symbols compiled into their parts, in placement order: what the pass reads, one label after
//! the other, without going back to the caller's labels.

use glam::DVec2;
use rayon::prelude::*;

use super::super::MIN_PARALLEL_CHUNK;
use super::super::cull::in_view;
use super::super::obstacles::ObstacleIndex;
use crate::{Aabb, Label, Obb, Optional, Symbol};

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
    /// Whether the label came with candidates (its result names the one used).
    pub candidates: bool,
    pub allow_overlap: bool,
    pub ignore_placement: bool,
    pub optional: Optional,
    /// Repeat group, or [`NONE`].
    pub group: u32,
    pub repeat_distance: f64,
    /// The anchor point, as given.
    pub anchor: DVec2,
}

impl Entry {
    fn part_count(&self) -> usize {
        usize::from(self.positions) * usize::from(self.per_position) + usize::from(self.icon)
    }

    /// The text parts of position `k`.
    pub fn text<'a>(&self, parts: &'a [Part], k: usize) -> &'a [Part] {
        let start = self.first + k * usize::from(self.per_position);
        &parts[start..start + usize::from(self.per_position)]
    }

    /// The icon part.
    pub fn icon<'a>(&self, parts: &'a [Part]) -> Option<&'a Part> {
        self.icon.then(|| &parts[self.first + self.part_count() - 1])
    }

    /// Whether position `k` meets the viewport: one of its parts, the icon included, does.
    pub fn meets(&self, parts: &[Part], k: usize) -> bool {
        self.text(parts, k).iter().any(|p| p.in_view) || self.icon(parts).is_some_and(|p| p.in_view)
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
        let mut entries: Vec<Entry> = order
            .par_iter()
            .with_min_len(MIN_PARALLEL_CHUNK)
            .map(|&i| {
                let (l, s) = (&labels[i as usize], &symbols[i as usize]);
                Entry {
                    input: i,
                    first: 0,
                    positions: s.positions() as u16,
                    per_position: 1,
                    icon: s.icon.is_some(),
                    candidates: !s.candidates.is_empty(),
                    allow_overlap: l.allow_overlap,
                    ignore_placement: l.ignore_placement,
                    optional: s.optional,
                    group: s.repeat_group.unwrap_or(NONE),
                    repeat_distance: s.repeat_distance,
                    anchor: DVec2::new(l.x, l.y),
                }
            })
            .collect();
        let mut first = 0;
        for e in &mut entries {
            e.first = first;
            first += e.part_count();
        }
        let parts = entries
            .par_iter()
            .with_min_len(MIN_PARALLEL_CHUNK / 4)
            .flat_map_iter(|e| {
                let (l, s) = (&labels[e.input as usize], &symbols[e.input as usize]);
                s.parts(l, origin).map(move |obb| {
                    let bounds = obb.bounds();
                    Part {
                        obb,
                        obstacle: obstacles.and_then(|o| o.first_hit(&obb, &bounds)).unwrap_or(NONE),
                        in_view: in_view(viewport, &obb, &bounds),
                    }
                })
            })
            .collect();
        Self { entries, parts }
    }

    /// The box holding every part of the labels that have a position in view, or `None`.
    pub fn extent(&self) -> Option<Aabb> {
        self.parts.par_iter().map(|p| p.obb.bounds()).reduce_with(|a, b| a.union(&b))
    }
}
