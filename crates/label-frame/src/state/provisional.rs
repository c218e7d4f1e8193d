//! Labels that came into view in a reused frame and yielded there.

/// The labels that came into view in a reused frame and yielded there: they have not had their
/// turn by priority yet, so at the next full frame they compete like labels new to the view
/// rather than wait for room. Usually none, which the passes over every label check first.
#[derive(Debug, Default)]
pub(crate) struct Provisional {
    flags: Vec<bool>,
    any: bool,
}

impl Provisional {
    /// None of `count` labels.
    pub(crate) fn reset(&mut self, count: usize) {
        self.flags.clear();
        self.flags.resize(count, false);
        self.any = false;
    }

    /// None of them any more (after a full frame).
    pub(crate) fn clear(&mut self) {
        if self.any {
            self.flags.fill(false);
            self.any = false;
        }
    }

    pub(crate) fn set(&mut self, i: usize, yes: bool) {
        self.flags[i] = yes;
        self.any |= yes;
    }

    /// How many labels it has a flag for, and whether any is set.
    pub(crate) fn len_and_any(&self) -> (usize, bool) {
        (self.flags.len(), self.flags.iter().any(|&f| f))
    }

    /// Whether label `i` is provisional.
    #[must_use]
    #[inline]
    pub(crate) fn get(&self, i: usize) -> bool {
        self.any && self.flags[i]
    }
}
