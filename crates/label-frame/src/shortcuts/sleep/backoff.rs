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
//!
//! Whether a label's certificate is fresh (given in the last full frame, not slept on yet) is
//! part of its state: the bit [`bits::FRESH`] of its byte, set with [`bits::SLEEPY`] when the
//! certificate is issued and gone with it.

use std::sync::atomic::{AtomicU8, Ordering};

use crate::state::memo::bits;

/// Per label, when it may next try for a certificate, and how its last tries went.
#[derive(Debug, Default)]
pub(crate) struct Backoff {
    /// The frames counted so far.
    frame: u32,
    /// Per label: the first frame it may try in.
    until: Vec<u32>,
    /// Per label: how many tries failed in a row (at most [`MAX_STRIKES`]).
    strikes: Vec<u8>,
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

    /// Label `i`'s try failed: it waits twice as long as after its last failure.
    pub(crate) fn failed(&mut self, i: usize) {
        let strikes = self.strikes[i];
        self.until[i] = self.frame.wrapping_add(1 << strikes);
        self.strikes[i] = (strikes + 1).min(MAX_STRIKES);
    }

    /// Label `i`, whose byte is `memo`, had its certificate break in this frame: a failure if
    /// it was given in the last (fresh). It is not fresh any more.
    pub(crate) fn broke(&mut self, i: usize, memo: &AtomicU8) {
        if memo.fetch_and(!bits::FRESH, Ordering::Relaxed) & bits::FRESH != 0 {
            self.failed(i);
        }
    }

    /// The first invariant of the back-off of `count` labels that does not hold; `None` if all
    /// hold: one entry per label, at most [`MAX_STRIKES`] strikes and a wait of at most
    /// `2^MAX_STRIKES` frames (a label is fresh only while it sleeps: its byte says both).
    #[must_use]
    pub(crate) fn broken(&self, count: usize) -> Option<&'static str> {
        if self.until.len() != count || self.strikes.len() != count {
            return Some("one back-off entry per label");
        }
        if self.strikes.iter().any(|&s| s > MAX_STRIKES) {
            return Some("at most MAX_STRIKES strikes");
        }
        if self.until.iter().any(|&u| u.wrapping_sub(self.frame) as i32 > 1 << MAX_STRIKES) {
            return Some("a wait of at most 2^MAX_STRIKES frames");
        }
        None
    }

    /// Label `i`, whose byte is `memo`, slept through this frame: not fresh any more, and its
    /// strikes start over.
    pub(crate) fn slept(&mut self, i: usize, memo: &AtomicU8) {
        woke(memo);
        self.strikes[i] = 0;
    }
}

/// A label whose byte is `memo` woke without its certificate tested (in a reused frame, or its
/// certificate dropped): it is not fresh any more, and no try failed.
#[inline]
pub(crate) fn woke(memo: &AtomicU8) {
    memo.fetch_and(!bits::FRESH, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU8, Ordering};

    use super::Backoff;
    use crate::state::memo::bits;

    /// Label `i` given a certificate: its byte `memo` sleepy and fresh.
    fn issued(memo: &AtomicU8) {
        memo.store(bits::COLLISION | bits::SLEEPY | bits::FRESH, Ordering::Relaxed);
    }

    /// The frames, of the next `frames`, in which label `i` may try, each try
    /// failing where `fails` says (and given a certificate, which changes no wait, where not).
    fn tries(b: &mut Backoff, i: usize, frames: u32, fails: impl Fn(u32) -> bool) -> Vec<u32> {
        let mut tried = Vec::new();
        for k in 0..frames {
            b.tick();
            if b.may_try(i) {
                tried.push(k);
                if fails(k) {
                    b.failed(i);
                }
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
        let memo = AtomicU8::new(bits::COLLISION);
        b.reset(1);
        b.tick();
        assert!(b.may_try(0));
        issued(&memo);
        b.tick();
        b.broke(0, &memo);
        assert!(!b.may_try(0), "broke in the frame after it was given");
        b.tick();
        assert!(b.may_try(0));
        issued(&memo);
        b.tick();
        b.slept(0, &memo);
        b.tick();
        b.broke(0, &memo);
        assert!(b.may_try(0), "broke after a frame asleep: tries again at once");
        b.failed(0);
        b.tick();
        assert!(b.may_try(0), "the strikes started over");
    }
}
