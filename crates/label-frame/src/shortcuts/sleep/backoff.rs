//! When a symbol tries for a certificate (`frame_pass/symbols/asleep/`): trying costs more
//! than the test it saves in one frame, so a label whose try failed, or whose certificate broke
//! in the full frame after it was given, waits before it tries again — 1, 2, 4, … 32 full frames,
//! doubling while it keeps failing, back to 1 once it slept through a frame. Only full frames
//! count (reused frames try for no certificate); a frame that fails with an error has counted.
//!
//! A label new to waiting tries at once, although a first frame then certifies every hidden
//! label (twice the cost of a first frame without sleeping): spreading those tries over the
//! next frames was tried, and left each of them testing the labels not yet certified as well,
//! so the frames after the first cost more than the first saved (p99 up by half).
//!
//! Waiting only withholds a certificate: the label is tested as an awake one is, so no decision
//! depends on it.

/// Per label, when it may next try for a certificate, and how its last tries went.
#[derive(Debug, Default)]
pub(crate) struct Backoff {
    /// The frames counted so far.
    frame: u32,
    /// Per label: the first frame it may try in.
    until: Vec<u32>,
    /// Per label: how many tries failed in a row (at most [`MAX_STRIKES`]).
    strikes: Vec<u8>,
    /// Per label: whether it was given a certificate in the last frame and has not yet slept.
    fresh: Vec<bool>,
}

/// The longest wait is `2^MAX_STRIKES` frames.
const MAX_STRIKES: u8 = 5;

impl Backoff {
    /// Every one of `count` labels may try at once.
    pub(crate) fn reset(&mut self, count: usize) {
        self.frame = 0;
        self.until.clear();
        self.until.resize(count, 0);
        self.strikes.clear();
        self.strikes.resize(count, 0);
        self.fresh.clear();
        self.fresh.resize(count, false);
    }

    /// A new frame.
    pub(crate) fn tick(&mut self) {
        self.frame = self.frame.wrapping_add(1);
    }

    /// Whether label `i` may try for a certificate in this frame: once its wait is over (a
    /// wait set more than 2^31 full frames ago reads as not over: over a year at 60 a second).
    #[must_use]
    pub(crate) fn may_try(&self, i: usize) -> bool {
        self.until[i].wrapping_sub(self.frame) as i32 <= 0
    }

    /// Label `i` was given a certificate.
    pub(crate) fn issued(&mut self, i: usize) {
        self.fresh[i] = true;
    }

    /// Label `i`'s try failed: it waits twice as long as after its last failure.
    pub(crate) fn failed(&mut self, i: usize) {
        self.fresh[i] = false;
        let strikes = self.strikes[i];
        self.until[i] = self.frame.wrapping_add(1 << strikes);
        self.strikes[i] = (strikes + 1).min(MAX_STRIKES);
    }

    /// Label `i`'s certificate broke in this frame: a failure if it was given in the last.
    pub(crate) fn broke(&mut self, i: usize) {
        if self.fresh[i] {
            self.failed(i);
        }
    }

    /// The first invariant of the back-off of `count` labels that does not hold, `sleepy`
    /// telling which labels' bytes say they sleep; `None` if all hold: one entry per label,
    /// at most [`MAX_STRIKES`] strikes and a wait of at most `2^MAX_STRIKES` frames, and a
    /// label fresh only while it sleeps (given its certificate, it has not slept on it yet).
    #[must_use]
    pub(crate) fn broken(&self, count: usize, sleepy: impl Fn(usize) -> bool) -> Option<&'static str> {
        if self.until.len() != count || self.strikes.len() != count || self.fresh.len() != count {
            return Some("one back-off entry per label");
        }
        if self.strikes.iter().any(|&s| s > MAX_STRIKES) {
            return Some("at most MAX_STRIKES strikes");
        }
        if self.until.iter().any(|&u| u.wrapping_sub(self.frame) as i32 > 1 << MAX_STRIKES) {
            return Some("a wait of at most 2^MAX_STRIKES frames");
        }
        if (0..count).any(|i| self.fresh[i] && !sleepy(i)) {
            return Some("a label fresh only while it sleeps");
        }
        None
    }

    /// Label `i` woke without its certificate tested (in a reused frame, or its certificate
    /// dropped): it is not fresh any more, and no try failed.
    pub(crate) fn woke(&mut self, i: usize) {
        self.fresh[i] = false;
    }

    /// Label `i` slept through this frame.
    pub(crate) fn slept(&mut self, i: usize) {
        self.fresh[i] = false;
        self.strikes[i] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::Backoff;

    /// The frames, of the next `frames`, in which label `i` may try, each try
    /// failing where `fails` says.
    fn tries(b: &mut Backoff, i: usize, frames: u32, fails: impl Fn(u32) -> bool) -> Vec<u32> {
        let mut tried = Vec::new();
        for k in 0..frames {
            b.tick();
            if b.may_try(i) {
                tried.push(k);
                if fails(k) { b.failed(i) } else { b.issued(i) }
            }
        }
        tried
    }

    #[test]
    fn failures_double_the_wait_up_to_32_frames() {
        let mut b = Backoff::default();
        b.reset(1);
        assert_eq!(tries(&mut b, 0, 100, |_| true), [0, 1, 3, 7, 15, 31, 63, 95]);
    }

    #[test]
    fn a_certificate_that_breaks_at_once_is_a_failure_and_a_frame_asleep_starts_over() {
        let mut b = Backoff::default();
        b.reset(1);
        b.tick();
        assert!(b.may_try(0));
        b.issued(0);
        b.tick();
        b.broke(0);
        assert!(!b.may_try(0), "broke in the frame after it was given");
        b.tick();
        assert!(b.may_try(0));
        b.issued(0);
        b.tick();
        b.slept(0);
        b.tick();
        b.broke(0);
        assert!(b.may_try(0), "broke after a frame asleep: tries again at once");
        b.failed(0);
        b.tick();
        assert!(b.may_try(0), "the strikes started over");
    }
}
