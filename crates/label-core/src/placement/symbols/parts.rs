//! Symbols compiled into their parts: what the pass reads, one label after the other in
//! placement order, without going back to the caller's labels.

use glam::DVec2;
use rayon::prelude::*;

use super::super::MIN_PARALLEL_CHUNK;
use super::super::cull::{View, in_view};
use super::super::obstacles::ObstacleIndex;
use super::pose::Pose;
use crate::{Aabb, HiddenReason, Label, Obb, Optional, Parts, PathLayout, Symbol};

/// Labels per parallel chunk of the parts' computation.
const PARTS_CHUNK: usize = 4096;

/// Parts written at once when the parts' vector is first filled.
const FILL_GROUP: usize = 16;

/// No obstacle, no repeat group.
pub(super) const NONE: u32 = u32::MAX;

/// One rigid part of one position (or the icon), with what does not depend on other labels.
#[derive(Clone, Copy, Debug)]
pub(super) struct Part {
    pub obb: Obb,
    /// `obb`'s bounds ([`Obb::bounds`]), computed once: the pass reads them for every grid
    /// query and insertion.
    pub bounds: Aabb,
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

impl Part {
    /// A part of no size at the origin, not in view: what fills the parts' vector before the
    /// parts are computed.
    const EMPTY: Self = Self {
        obb: Obb { center: DVec2::ZERO, half: glam::Vec2::ZERO, axis: glam::Vec2::X },
        bounds: Aabb { min: glam::Vec2::ZERO, max: glam::Vec2::ZERO },
        obstacle: NONE,
        in_view: false,
    };
}

impl Entry {
    pub fn part_count(&self) -> usize {
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

    /// The parts that block later labels when the label is shown at position `k` with `shown`:
    /// none if it ignores placement.
    pub fn blocking(&self, k: usize, shown: Parts) -> impl Iterator<Item = usize> {
        let text = if self.ignore_placement || shown == Parts::Icon { 0..0 } else { self.text(k) };
        let icon = if shown == Parts::Text { None } else { self.icon().filter(|_| !self.ignore_placement) };
        text.chain(icon)
    }

    /// Whether position `k` meets the viewport: one of its parts, the icon included, does.
    pub fn meets(&self, parts: &[Part], k: usize) -> bool {
        self.text(k).any(|p| parts[p].in_view) || self.icon().is_some_and(|p| parts[p].in_view)
    }
}

/// Every label in placement order, and the parts of all of them in input order.
pub(super) struct Compiled {
    pub entries: Vec<Entry>,
    /// Label by label in input order: an entry's parts are one contiguous run, found by its
    /// `first`.
    pub parts: Vec<Part>,
    /// Each rank's input position (`entries[r].input`, four bytes a label): what names a
    /// blocking label in a result. Read by a blocker's rank, anywhere in the order, where
    /// reading its entry missed the cache at most hidden labels.
    pub inputs: Vec<u32>,
}

/// Each path label's layout, in input order (empty when no label has a path).
pub(super) fn lay_out(symbols: &[Symbol]) -> Vec<Option<PathLayout>> {
    if symbols.iter().any(|s| s.path.is_some()) {
        symbols.par_iter().with_min_len(MIN_PARALLEL_CHUNK).map(|s| s.layout()?.ok()).collect()
    } else {
        Vec::new()
    }
}

/// Every label's entry and parts, the entries still in input order: what [`Compiled`] is
/// before the placement order is known, so that the order can be sorted meanwhile.
pub(super) struct Unordered(Compiled);

impl Unordered {
    /// The entries put in placement order (`order`: input positions by rank, kept as
    /// [`Compiled::inputs`]).
    pub fn in_placement_order(self, order: Vec<u32>) -> Compiled {
        let Compiled { entries, parts, .. } = self.0;
        let entries = order.par_iter().with_min_len(MIN_PARALLEL_CHUNK).map(|&i| entries[i as usize]).collect();
        Compiled { entries, parts, inputs: order }
    }
}

impl Compiled {
    /// Every label's entry and parts, the entries in placement order (`order`: input
    /// positions by rank): [`Self::in_input_order`], then [`Unordered::in_placement_order`].
    #[cfg(test)]
    pub fn new(compiler: &Compiler<'_>, order: &[u32]) -> Self {
        Self::in_input_order(compiler).in_placement_order(order.to_vec())
    }

    /// Every label's entry and parts, computed in input order (the caller's labels, symbols
    /// and candidate lists read one after the other, in parallel chunks); the entries are put
    /// in placement order afterwards. Reading the caller's data in placement order, which is
    /// random over the map, missed the cache at almost every label; the pass now reads a
    /// label's parts where they are, one contiguous run.
    pub fn in_input_order(compiler: &Compiler<'_>) -> Unordered {
        let layout = |i: usize| compiler.layouts.get(i).and_then(Option::as_ref);
        let mut entries: Vec<Entry> = compiler
            .labels
            .par_iter()
            .zip(compiler.symbols)
            .enumerate()
            .with_min_len(MIN_PARALLEL_CHUNK)
            .map(|(i, (l, s))| {
                // A path label has one position if its text fits, of one part per glyph.
                let (positions, per_position, anchor, hidden) = match (&s.path, layout(i)) {
                    (None, _) => (s.positions() as u16, 1, DVec2::new(l.x, l.y), None),
                    (Some(p), Some(laid)) => (1, p.glyph_advances.len() as u16, laid.anchor, None),
                    (Some(p), None) => {
                        let why = p.layout().err().map(HiddenReason::from);
                        (0, p.glyph_advances.len() as u16, DVec2::new(l.x, l.y), why)
                    }
                };
                Entry {
                    input: i as u32,
                    first: 0,
                    in_view: false,
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
        // Filled in parallel: the first writes to a new allocation take page faults, which on
        // one thread cost about as much as a tenth of the pass at 1M labels. Filled by groups
        // of parts: rayon's bookkeeping a part cost more than writing it.
        let mut groups = Vec::new();
        let group = |_| [Part::EMPTY; FILL_GROUP];
        let count = first.div_ceil(FILL_GROUP);
        (0..count).into_par_iter().with_min_len(PARTS_CHUNK / FILL_GROUP).map(group).collect_into_vec(&mut groups);
        let mut parts = groups.into_flattened();
        parts.truncate(first);
        compiler.fill(&mut entries, &mut parts);
        Unordered(Self { entries, parts, inputs: Vec::new() })
    }
}

/// What computing a label's parts reads: the caller's labels and symbols, the paths' layouts,
/// the viewport and the obstacles.
pub(super) struct Compiler<'a> {
    pub labels: &'a [Label],
    pub symbols: &'a [Symbol],
    pub layouts: &'a [Option<PathLayout>],
    /// Boxes are relative to it, and so are the viewport and the obstacles.
    pub origin: DVec2,
    pub view: Option<View>,
    pub obstacles: Option<&'a ObstacleIndex<'a>>,
}

impl Compiler<'_> {
    /// Computes the parts of `entries` (in input order) into `parts`, each tested against the
    /// viewport and the obstacles, and whether each label meets the viewport: chunks of labels
    /// in parallel, each writing straight into its own stretch of `parts` (a vector per chunk
    /// joined afterwards copied every part once more).
    fn fill(&self, entries: &mut [Entry], parts: &mut [Part]) {
        let mut stretches = Vec::with_capacity(entries.len().div_ceil(PARTS_CHUNK));
        let mut rest = parts;
        for chunk in entries.chunks(PARTS_CHUNK) {
            let (stretch, after) = rest.split_at_mut(chunk.iter().map(Entry::part_count).sum());
            stretches.push(stretch);
            rest = after;
        }
        entries.par_chunks_mut(PARTS_CHUNK).zip(stretches).for_each(|(chunk, mut stretch)| {
            for e in chunk {
                let (run, rest) = std::mem::take(&mut stretch).split_at_mut(e.part_count());
                stretch = rest;
                let i = e.input as usize;
                let (l, s) = (&self.labels[i], &self.symbols[i]);
                if s.path.is_none() {
                    self.point_parts(l, s, run);
                } else {
                    let layout = self.layouts.get(i).and_then(Option::as_ref);
                    for (obb, slot) in s.parts(l, self.origin, layout).zip(run.iter_mut()) {
                        *slot = self.part(obb, obb.bounds());
                    }
                }
                e.in_view = run.iter().any(|p| p.in_view);
            }
        });
    }

    /// The parts of a point symbol (no path) into `run`: its text at each position, then its
    /// icon, computed together ([`Pose`]).
    #[inline]
    fn point_parts(&self, l: &Label, s: &Symbol, run: &mut [Part]) {
        let pose = Pose::new(l, self.origin);
        let text = pose.sized(DVec2::new(l.style.width, l.style.height), l.style.padding);
        let (texts, icon) = run.split_at_mut(s.positions());
        if s.candidates.is_empty() {
            let (obb, bounds) = pose.place(&text, l.style.offset, l.style.anchor);
            texts[0] = self.part(obb, bounds);
        } else {
            for (slot, c) in texts.iter_mut().zip(&s.candidates) {
                let (obb, bounds) = pose.place(&text, c.offset, c.anchor);
                *slot = self.part(obb, bounds);
            }
        }
        if let (Some(i), [slot]) = (&s.icon, icon) {
            let (obb, bounds) = pose.place(&pose.sized(DVec2::new(i.width, i.height), i.padding), i.offset, i.anchor);
            *slot = self.part(obb, bounds);
        }
    }

    /// A part with its box and bounds: tested against the viewport and the obstacles.
    #[inline]
    fn part(&self, obb: Obb, bounds: Aabb) -> Part {
        Part {
            obb,
            bounds,
            obstacle: self.obstacles.and_then(|o| o.first_hit(&obb, &bounds)).unwrap_or(NONE),
            in_view: in_view(self.view.as_ref(), &obb, &bounds),
        }
    }
}
