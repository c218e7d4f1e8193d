//! What the engine keeps per label between frames: one [`Table`] owning the per-label arrays,
//! with their invariants written down and checked after every frame in debug builds.

pub(crate) mod hot;
pub(crate) mod memo;
pub(crate) mod parts;
pub(crate) mod provisional;

use std::sync::atomic::AtomicU8;

use crate::{LabelFrame, WorldLabel};
use hot::Hot;
use parts::BoxParts;
use provisional::Provisional;

/// The per-label arrays the engine keeps between frames, entry `i` about label `i`.
///
/// Invariants (checked by [`Table::check`]):
/// - every array has one entry per label;
/// - `hot[i]` is label `i`'s [`Hot`] but for its position, which the copies of the world move
///   by whole worlds (`geo/copies.rs`); `parts[i]` is its [`BoxParts`];
/// - `memo[i]` is the byte of label `i`'s last frame ([`memo::in_sync`]);
/// - after a full frame no label is provisional (only a reused frame makes one).
#[derive(Debug, Default)]
pub(crate) struct Table {
    /// What the projection stage reads, packed.
    pub(crate) hot: Vec<Hot>,
    /// What each label's box is made of.
    pub(crate) parts: Vec<BoxParts>,
    /// Each label's last frame in a byte, kept with the frame.
    pub(crate) memo: Vec<AtomicU8>,
    /// The labels that came into view in a reused frame and yielded there.
    pub(crate) provisional: Provisional,
}

impl Table {
    /// The table of `labels` whose last frames are `frames`, at the positions they were set at.
    pub(crate) fn new(labels: &[WorldLabel], frames: &[LabelFrame]) -> Self {
        let mut provisional = Provisional::default();
        provisional.reset(labels.len());
        Self {
            hot: labels.iter().map(Hot::new).collect(),
            parts: labels.iter().map(BoxParts::new).collect(),
            memo: Self::bytes(frames),
            provisional,
        }
    }

    /// Forgets what the frames left (after a reset to `frames`): the bytes are `frames`' and no
    /// label is provisional.
    pub(crate) fn forget_frames(&mut self, frames: &[LabelFrame]) {
        self.memo = Self::bytes(frames);
        self.provisional.clear();
    }

    fn bytes(frames: &[LabelFrame]) -> Vec<AtomicU8> {
        frames.iter().map(|f| AtomicU8::new(memo::of(f))).collect()
    }

    /// The first invariant (see [`Table`]) that does not hold for `labels` and their last
    /// `frames`, the last frame full or not (`full`); `None` if all hold.
    #[must_use]
    pub(crate) fn broken(&self, labels: &[WorldLabel], frames: &[LabelFrame], full: bool) -> Option<&'static str> {
        let n = labels.len();
        let (provisional_len, any_provisional) = self.provisional.len_and_any();
        if self.hot.len() != n || self.parts.len() != n || self.memo.len() != n || provisional_len != n {
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
        if full && any_provisional {
            return Some("no label provisional after a full frame");
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
