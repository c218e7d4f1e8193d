//! The greedy pass over symbols: contract §4 step 3, one label after the other in placement
//! order.

use super::parts::{Compiled, Entry, NONE};
use super::placed::PlacedParts;
use super::repeat::Repeats;
use crate::{Blocker, Choice, HiddenReason, LabelOutcome, Optional, Parts};

/// What became of one label.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Decision {
    Offscreen,
    /// Shown at position `k` (the text's; ignored for the icon alone) with these parts.
    Shown(usize, Parts),
    /// Hidden by an earlier label (by rank) of its repeat group.
    Repeat(u32),
    /// Hidden by an obstacle (`Err`) or the label of this rank (`Ok`).
    Collision(Result<u32, u32>),
}

/// The pass's state: the compiled labels, and what the labels placed so far occupy.
pub(super) struct Pass<'a> {
    compiled: &'a Compiled,
    placed: PlacedParts,
    repeats: Repeats,
}

/// Each label's outcome and choice in input order, the labels hidden by repeat, and the exact
/// tests run.
pub(super) struct Decided {
    pub outcomes: Vec<LabelOutcome>,
    pub choices: Vec<Choice>,
    pub repeated: usize,
    pub tests: usize,
}

impl<'a> Pass<'a> {
    pub fn new(compiled: &'a Compiled, placed: PlacedParts) -> Self {
        Self { compiled, placed, repeats: Repeats::default() }
    }

    /// Decides every label, in placement order.
    pub fn run(mut self) -> Decided {
        let count = self.compiled.entries.len();
        let mut outcomes = vec![LabelOutcome::OFFSCREEN; count];
        let mut choices = vec![Choice::default(); count];
        let mut repeated = 0;
        let entries = &self.compiled.entries;
        for (rank, e) in entries.iter().enumerate() {
            let decision = self.decide(rank, e);
            let input = e.input as usize;
            let by_label = |rank: u32| Blocker::Label(entries[rank as usize].input);
            outcomes[input] = match decision {
                Decision::Offscreen => LabelOutcome::OFFSCREEN,
                Decision::Repeat(b) => {
                    repeated += 1;
                    LabelOutcome { visible: false, reason: Some(HiddenReason::Repeat), hidden_by: Some(by_label(b)) }
                }
                Decision::Collision(Err(o)) => LabelOutcome::hidden_by(Blocker::Obstacle(o)),
                Decision::Collision(Ok(b)) => LabelOutcome::hidden_by(by_label(b)),
                Decision::Shown(k, parts) => {
                    self.show(e, rank as u32, k, parts);
                    choices[input] = Choice {
                        candidate: (e.candidates && parts != Parts::Icon).then_some(k as u32),
                        parts: e.icon.then_some(parts),
                    };
                    LabelOutcome::VISIBLE
                }
            };
        }
        Decided { outcomes, choices, repeated, tests: self.placed.tests }
    }

    /// contract §4 for one label, against the labels placed before it.
    fn decide(&mut self, rank: usize, e: &Entry) -> Decision {
        let parts = &self.compiled.parts;
        let positions = usize::from(e.positions);
        if !e.in_view {
            return Decision::Offscreen;
        }
        let first = (0..positions).find(|&k| e.meets(parts, k)).expect("a label in view has a position in view");
        if e.group != NONE
            && let Some(b) = self.repeats.earliest(e.group, e.anchor, e.repeat_distance)
        {
            return Decision::Repeat(b);
        }
        self.placed.gather(rank, &e.bounds);
        // The icon is the same at every position: test it once.
        let icon = e.icon();
        let icon_free = icon.is_none_or(|i| self.free(i));
        if icon_free {
            for k in first..positions {
                if (k == first || e.meets(parts, k)) && e.text(k).all(|p| self.free(p)) {
                    return Decision::Shown(k, Parts::Both);
                }
            }
        }
        if e.allow_overlap {
            return Decision::Shown(first, Parts::Both);
        }
        match (icon, e.optional) {
            (Some(i), Optional::Text) if parts[i].in_view && icon_free => return Decision::Shown(0, Parts::Icon),
            (Some(_), Optional::Icon) => {
                for k in 0..positions {
                    if e.text(k).any(|p| parts[p].in_view) && e.text(k).all(|p| self.free(p)) {
                        return Decision::Shown(k, Parts::Text);
                    }
                }
            }
            _ => {}
        }
        Decision::Collision(self.blocker(e, first))
    }

    /// Whether part `p` collides with no obstacle and no placed blocking label.
    fn free(&mut self, p: usize) -> bool {
        let part = &self.compiled.parts[p];
        part.obstacle == NONE && self.placed.earliest(&part.obb).is_none()
    }

    /// What hides a label whose first position in view is `k`: the lowest-index obstacle any of
    /// its parts there overlaps, else the earliest placed label one of them collides with.
    fn blocker(&mut self, e: &Entry, k: usize) -> Result<u32, u32> {
        let parts = &self.compiled.parts;
        let at = || e.text(k).chain(e.icon());
        if let Some(o) = at().map(|p| parts[p].obstacle).min().filter(|&o| o != NONE) {
            return Err(o);
        }
        let earliest = at().filter_map(|p| self.placed.earliest(&parts[p].obb)).min();
        Ok(earliest.expect("a label not placed at its first position in view collides there"))
    }

    /// Records a shown label: its shown parts block later labels (unless it ignores
    /// placement), and its anchor point joins its repeat group.
    fn show(&mut self, e: &Entry, rank: u32, k: usize, shown: Parts) {
        let parts = &self.compiled.parts;
        if !e.ignore_placement {
            let text = if shown == Parts::Icon { 0..0 } else { e.text(k) };
            let icon = if shown == Parts::Text { None } else { e.icon() };
            for p in text.chain(icon) {
                self.placed.insert(&parts[p].obb, rank);
            }
        }
        if e.group != NONE {
            self.repeats.insert(e.group, e.anchor, rank);
        }
    }
}
