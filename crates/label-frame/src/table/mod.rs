//! What the engine keeps per label between frames: one [`Table`] owning the per-label arrays,
//! which together put each label in one [`LabelState`], their invariants checked after every
//! frame in debug builds.

pub(crate) mod label_state;

use std::sync::atomic::{AtomicU8, Ordering};

use label_core::Blocker;

use crate::shortcuts::dormant::Dormant;
use crate::shortcuts::sleep::Sleeps;
use crate::state::hot::Hot;
use crate::state::memo::{self, bits};
use crate::state::parts::BoxParts;
use crate::{HiddenReason, LabelFrame, WorldLabel};
pub(crate) use label_state::LabelState;

/// The per-label arrays the engine keeps between frames, entry `i` about label `i`; their
/// invariants are [`Table::broken`]'s messages. `docs/frame-states.md` lists all but two:
/// `hot[i]` is label `i`'s [`Hot`] but for its position, which the copies of the world move by
/// whole worlds (`geo/copies.rs`), and `parts[i]` its [`BoxParts`].
#[derive(Debug, Default)]
pub(crate) struct Table {
    /// What the projection stage reads, packed.
    pub(crate) hot: Vec<Hot>,
    /// What each label's box is made of.
    pub(crate) parts: Vec<BoxParts>,
    /// Each label's last frame in a byte, kept with the frame, and the bits of its state that
    /// the frame does not say ([`bits::STATE`]).
    pub(crate) memo: Vec<AtomicU8>,
    /// Some label may be provisional: a reused frame placed labels since the last full frame.
    maybe_provisional: bool,
    /// Per label, its certificate to sleep through full frames (see `shortcuts/sleep/`).
    pub(crate) sleeps: Sleeps,
    /// The sleeping labels the passes skip (see `shortcuts/dormant/`).
    pub(crate) dormant: Dormant,
}

impl Table {
    /// The table of `labels` whose last frames are `frames`, at the positions they were set at.
    pub(crate) fn new(labels: &[WorldLabel], frames: &[LabelFrame]) -> Self {
        let mut table = Self {
            hot: labels.iter().map(Hot::new).collect(),
            parts: labels.iter().map(BoxParts::new).collect(),
            memo: Self::bytes(frames),
            maybe_provisional: false,
            sleeps: Sleeps::default(),
            dormant: Dormant::default(),
        };
        table.forget_certificates();
        table
    }

    /// Drops every label's certificate to sleep: every label wakes (a sleepy or dormant one
    /// becomes waiting).
    pub(crate) fn forget_certificates(&mut self) {
        let n = self.memo.len();
        self.sleeps.reset(n);
        self.dormant.reset(n);
        for m in &mut self.memo {
            *m.get_mut() &= !bits::SLEEPY;
        }
    }

    /// A reused frame placed `newcomers` labels: those that yielded are provisional now.
    pub(crate) fn placed_in_reused(&mut self, newcomers: usize) {
        self.maybe_provisional |= newcomers > 0;
    }

    /// No label is provisional any more (after a full frame).
    pub(crate) fn clear_provisional(&mut self) {
        if std::mem::take(&mut self.maybe_provisional) {
            for m in &mut self.memo {
                *m.get_mut() &= !bits::PROVISIONAL;
            }
        }
    }

    /// Forgets what the frames left (after a reset to `frames`): the bytes are `frames`' and no
    /// label is provisional.
    pub(crate) fn forget_frames(&mut self, frames: &[LabelFrame]) {
        self.memo = Self::bytes(frames);
        self.maybe_provisional = false;
    }

    fn bytes(frames: &[LabelFrame]) -> Vec<AtomicU8> {
        frames.iter().map(|f| AtomicU8::new(memo::of(f))).collect()
    }

    /// The first invariant that does not hold for `labels` and their last `frames`, the last
    /// frame full or not (`full`); `None` if all hold.
    #[must_use]
    pub(crate) fn broken(&self, labels: &[WorldLabel], frames: &[LabelFrame], full: bool) -> Option<&'static str> {
        let n = labels.len();
        if self.hot.len() != n || self.parts.len() != n || self.memo.len() != n {
            return Some("one entry per label in every array");
        }
        let same_but_position = |h: &Hot, l: &WorldLabel| Hot { position: h.position, ..Hot::new(l) } == *h;
        if !self.hot.iter().zip(labels).all(|(h, l)| same_but_position(h, l)) {
            return Some("hot is the labels' projection data");
        }
        if !self.parts.iter().zip(labels).all(|(p, l)| *p == BoxParts::new(l)) {
            return Some("parts are the labels' box parts");
        }
        if !memo::in_sync(&self.memo, frames) {
            return Some("the labels' bytes are their frames'");
        }
        if full && self.memo.iter().any(|m| memo::provisional(m.load(Ordering::Relaxed))) {
            return Some("no label provisional after a full frame");
        }
        if let Some(broken) = self.sleeps.broken(n) {
            return Some(broken);
        }
        if let Some(broken) = self.dormant.broken(n, &self.sleeps) {
            return Some(broken);
        }
        frames.iter().enumerate().find_map(|(i, f)| self.broken_state(i, f, frames, full))
    }

    /// The first invariant about label `i` alone that does not hold, its last frame `frame`.
    fn broken_state(&self, i: usize, frame: &LabelFrame, frames: &[LabelFrame], full: bool) -> Option<&'static str> {
        let state = LabelState::of(self, i, frame);
        let m = self.memo[i].load(Ordering::Relaxed);
        let by_collision = frame.reason == Some(HiddenReason::Collision);
        if m & bits::SLEEPY != 0 && !(by_collision && frame.opacity == 0.0 && frame.pose.is_none()) {
            return Some("a sleepy label is hidden in view by a collision, undrawn, without a pose");
        }
        if memo::provisional(m) && (!by_collision || m & bits::SLEEPY != 0 || self.dormant.is_dormant(i)) {
            return Some("a provisional label is hidden by a collision, neither sleepy nor dormant");
        }
        if self.dormant.is_dormant(i) && state != LabelState::Dormant {
            return Some("a dormant label is sleepy");
        }
        if state.sleeps() {
            let sleep = self.sleeps.get(i);
            let b = sleep.blocker();
            if !sleep.is_some() || frame.hidden_by != Some(Blocker::Label(b)) {
                return Some("a sleeping label holds a certificate about the label that hides it");
            }
            if full && !frames[b as usize].visible {
                return Some("after a full frame a sleeping label's blocker is shown");
            }
        }
        None
    }

    /// Panics in debug builds if an invariant does not hold (see [`Self::broken`]).
    #[inline]
    pub(crate) fn debug_check(&self, labels: &[WorldLabel], frames: &[LabelFrame], full: bool) {
        if cfg!(debug_assertions)
            && let Some(broken) = self.broken(labels, frames, full)
        {
            panic!("the engine's label table: {broken}");
        }
    }
}

#[cfg(test)]
mod tests;
