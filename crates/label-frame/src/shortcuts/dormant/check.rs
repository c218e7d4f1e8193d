//! The dormant set's invariants, checked with the engine's table after every frame in debug
//! builds (`table/mod.rs`).

use super::Dormant;
use crate::shortcuts::sleep::Sleeps;

impl Dormant {
    /// The first invariant of the set that does not hold for `count` labels whose certificates
    /// are `sleeps`; `None` if all hold: every array has room for every label; `count` is the
    /// number of dormant labels; none is dormant if labels never go dormant; each dormant label
    /// holds a certificate and is listed under its blocker, and under no other; without pitch
    /// its entry keeps a copy of its certificate's rectangle (see the module).
    #[must_use]
    pub(crate) fn broken(&self, count: usize, sleeps: &Sleeps) -> Option<&'static str> {
        if self.bits.len() != count.div_ceil(64) || self.slope.len() != count || self.limit.len() != count {
            return Some("the dormant set has room for every label");
        }
        let dormant: Vec<usize> = (0..count).filter(|&i| self.is_dormant(i)).collect();
        if dormant.len() != self.count {
            return Some("the dormant set counts its labels");
        }
        if self.never && self.count > 0 {
            return Some("no label dormant when labels never go dormant");
        }
        let mut listed = 0;
        let mut wrong = false;
        self.by_blocker.each_listed(|label, blocker| {
            listed += 1;
            let sleep = sleeps.get(label as usize);
            wrong |= !self.is_dormant(label as usize) || !sleep.is_some() || sleep.blocker() != blocker;
        });
        if wrong || listed != self.count {
            return Some("every dormant label, and only they, listed under its certificate's blocker");
        }
        if !self.deep && dormant.iter().any(|&i| !self.rectangles.is(i, &sleeps.get(i))) {
            return Some("a dormant label's entry keeps its certificate's rectangle");
        }
        None
    }
}
