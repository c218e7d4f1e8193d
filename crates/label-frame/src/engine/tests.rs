//! What the engine's tests ask of its inner state.

use crate::FrameEngine;
use crate::geo::sight::Sight;
use crate::state::memo;
use crate::table::Table;

impl FrameEngine {
    /// Whether every label's byte is its last frame's (see [`memo::in_sync`]).
    pub(crate) fn memo_is_in_sync(&self) -> bool {
        memo::in_sync(&self.table.memo, &self.frame.labels)
    }

    /// How many candidate lists, lines and layouts the engine keeps for the next full symbol
    /// frame to reuse.
    pub(crate) fn spare_lists(&self) -> usize {
        self.spare.len()
    }

    /// The per-label table, with the last frame's labels and the labels.
    pub(crate) fn table(&mut self) -> (&mut Table, &[crate::LabelFrame], &[crate::WorldLabel]) {
        (&mut self.table, &self.frame.labels, &self.labels)
    }

    /// How many path labels the last frame did not project, their text surely laid out off
    /// screen (`Shortcuts::far_lines`).
    pub(crate) fn far_lines(&self) -> usize {
        let far = |(line, sight): (&Option<_>, &Sight)| line.is_some() && *sight == Sight::Far;
        self.lines.iter().zip(&self.sights).filter(|&pair| far(pair)).count()
    }

    /// The reference of the copies of the world the labels are in (see `geo/copies.rs`).
    pub(crate) fn copies_reference(&self) -> Option<f64> {
        self.copies.reference()
    }

    /// How many labels are dormant (see `shortcuts/dormant/`).
    pub(crate) fn dormant_count(&self) -> usize {
        self.table.dormant.count()
    }

    /// Whether label `i` is dormant (see `shortcuts/dormant/`).
    pub(crate) fn is_dormant(&self, i: usize) -> bool {
        self.table.dormant.is_dormant(i)
    }

    /// How many dormant labels woke since the labels were set: for want of room, of a
    /// certificate or of a blocker, one by one, or all at once.
    pub(crate) fn dormant_woken(&self) -> usize {
        self.table.dormant.woken
    }
}
