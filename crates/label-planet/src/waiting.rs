//! The labels a region could not decide in round 0, and the rounds that decide them.

use std::collections::HashMap;

use label_core::Blocker;
use label_core::pipeline::{Decision, Known, decide_from_list};

use crate::State;

/// Waiting labels in placement order, each with the earlier labels that may hide it: those
/// whose box collides with its own, that can block, and that were not known to be hidden, in
/// placement order (a compressed sparse row list: label `i`'s are
/// `earlier[starts[i]..starts[i + 1]]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// Global indices of the waiting labels, in placement order.
    pub gids: Vec<u32>,
    /// Their priority keys (`label_core::pipeline::descending_key`): with the global index, the order.
    pub keys: Vec<u64>,
    /// Where each label's list starts in `earlier`; one more entry than `gids`.
    pub starts: Vec<u32>,
    /// Global indices of the earlier labels that may hide each waiting label.
    pub earlier: Vec<u32>,
}

impl Default for Waiting {
    fn default() -> Self {
        Self { gids: Vec::new(), keys: Vec::new(), starts: vec![0], earlier: Vec::new() }
    }
}

impl Waiting {
    /// How many labels wait.
    #[must_use]
    pub fn len(&self) -> usize {
        self.gids.len()
    }

    /// Whether no label waits.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.gids.is_empty()
    }

    /// Appends a label (after every label already here in placement order).
    ///
    /// # Panics
    /// If the lists grow past `u32::MAX` entries.
    pub fn push(&mut self, gid: u32, key: u64, earlier: impl IntoIterator<Item = u32>) {
        self.gids.push(gid);
        self.keys.push(key);
        self.earlier.extend(earlier);
        self.starts.push(u32::try_from(self.earlier.len()).expect("fewer than 2^32 list entries"));
    }

    /// The labels that may hide label `i`.
    #[must_use]
    pub fn earlier_of(&self, i: usize) -> &[u32] {
        &self.earlier[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// Every global index the lists name, ascending, once: the states a round needs.
    #[must_use]
    pub fn referenced(&self) -> Vec<u32> {
        let mut v = self.earlier.clone();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// One round: walks the waiting labels in placement order and decides each whose list can
    /// be read to the end or to a shown label, by the core's reading of a waiting list
    /// (`label_core::pipeline::decide_from_list`): skipping hidden labels, the first shown label
    /// of the list hides it; a still waiting one makes it wait again (its list kept from there);
    /// an exhausted list shows it. `known` gives the state, before the round, of any label the lists
    /// name that is not one of these waiting labels (whose states this walk keeps itself).
    /// Returns the labels decided, in placement order, and those still waiting.
    #[must_use]
    pub fn resolve(&self, known: impl Fn(u32) -> State) -> (Vec<(u32, State)>, Waiting) {
        let mut mine: HashMap<u32, State> = self.gids.iter().map(|&g| (g, State::Waiting)).collect();
        let mut decided = Vec::new();
        let mut still = Waiting::default();
        for (i, &gid) in self.gids.iter().enumerate() {
            let list = self.earlier_of(i);
            let now = |other: u32| match mine.get(&other).copied().unwrap_or_else(|| known(other)) {
                State::Placed => Known::Shown,
                State::Waiting => Known::Undecided,
                State::HiddenBy(_) | State::Offscreen => Known::Hidden,
            };
            let state = match decide_from_list(list, now) {
                Ok(Decision::Placed) => State::Placed,
                Ok(Decision::Hidden(Blocker::Label(other))) => State::HiddenBy(other),
                Ok(Decision::Hidden(Blocker::Obstacle(_))) => unreachable!("a list names labels only"),
                Err(at) => {
                    still.push(gid, self.keys[i], list[at..].iter().copied());
                    continue;
                }
            };
            mine.insert(gid, state);
            decided.push((gid, state));
        }
        (decided, still)
    }

    /// The waiting labels of several regions as one list in placement order, for deciding them
    /// together (one region holding every label still waiting decides them all in one round).
    #[must_use]
    pub fn merge(parts: &[Waiting]) -> Waiting {
        let mut order: Vec<(u64, u32, usize, usize)> = parts
            .iter()
            .enumerate()
            .flat_map(|(p, w)| (0..w.len()).map(move |i| (w.keys[i], w.gids[i], p, i)))
            .collect();
        order.sort_unstable();
        let mut all = Waiting::default();
        for (key, gid, p, i) in order {
            all.push(gid, key, parts[p].earlier_of(i).iter().copied());
        }
        all
    }
}
