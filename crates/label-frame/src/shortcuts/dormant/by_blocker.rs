//! The dormant labels listed by blocker, so that a frame wakes the labels of the few blockers
//! that stopped blocking instead of looking up every dormant label's blocker (see
//! `shortcuts/dormant/`).
//!
//! One doubly linked list per blocker, threaded through per-label arrays: adding a label,
//! taking one out and emptying a blocker's list cost a few stores each, and nothing is
//! allocated after the first frames.

/// No label.
const NONE: u32 = u32::MAX;

/// Labels listed under their blocker.
#[derive(Debug, Default)]
pub(crate) struct ByBlocker {
    /// Per blocker: the first label listed under it.
    head: Vec<u32>,
    /// Per label, while listed: the next and the previous label under the same blocker.
    next: Vec<u32>,
    prev: Vec<u32>,
    /// Per label, while listed: its blocker.
    blocker: Vec<u32>,
    /// The blockers with a label listed (and some whose list has emptied since), each once.
    blockers: Vec<u32>,
    /// Per blocker: whether it is in `blockers`.
    in_blockers: Vec<bool>,
}

impl ByBlocker {
    /// No label listed, for `count` labels.
    pub(crate) fn reset(&mut self, count: usize) {
        for v in [&mut self.head, &mut self.next, &mut self.prev, &mut self.blocker] {
            v.clear();
            v.resize(count, NONE);
        }
        self.blockers.clear();
        self.in_blockers.clear();
        self.in_blockers.resize(count, false);
    }

    /// Takes every label out (the allocations stay).
    pub(crate) fn clear(&mut self) {
        for &b in &self.blockers {
            self.head[b as usize] = NONE;
            self.in_blockers[b as usize] = false;
        }
        self.blockers.clear();
    }

    /// Lists `label` (not listed) under `blocker`.
    pub(crate) fn add(&mut self, label: u32, blocker: u32) {
        let (l, b) = (label as usize, blocker as usize);
        let first = self.head[b];
        if first != NONE {
            self.prev[first as usize] = label;
        }
        (self.next[l], self.prev[l], self.blocker[l]) = (first, NONE, blocker);
        self.head[b] = label;
        if !self.in_blockers[b] {
            self.in_blockers[b] = true;
            self.blockers.push(blocker);
        }
    }

    /// `f(label, blocker)` for every label listed, under its blocker.
    pub(crate) fn each_listed(&self, mut f: impl FnMut(u32, u32)) {
        for &b in &self.blockers {
            let mut label = self.head[b as usize];
            while label != NONE {
                f(label, b);
                label = self.next[label as usize];
            }
        }
    }

    /// Takes `label` (listed) out.
    pub(crate) fn remove(&mut self, label: u32) {
        let l = label as usize;
        let (next, prev) = (self.next[l], self.prev[l]);
        if prev == NONE {
            self.head[self.blocker[l] as usize] = next;
        } else {
            self.next[prev as usize] = next;
        }
        if next != NONE {
            self.prev[next as usize] = prev;
        }
    }

    /// Takes out every label listed under a blocker for which `blocks` is false, calling
    /// `woken(label)` for each.
    pub(crate) fn drop_unblocked(&mut self, blocks: impl Fn(u32) -> bool, mut woken: impl FnMut(u32)) {
        let (head, next, in_blockers) = (&mut self.head, &self.next, &mut self.in_blockers);
        self.blockers.retain(|&b| {
            let first = head[b as usize];
            if first != NONE && blocks(b) {
                return true;
            }
            let mut label = first;
            while label != NONE {
                woken(label);
                label = next[label as usize];
            }
            head[b as usize] = NONE;
            in_blockers[b as usize] = false;
            false
        });
    }
}

#[cfg(test)]
#[path = "by_blocker_tests.rs"]
mod tests;
