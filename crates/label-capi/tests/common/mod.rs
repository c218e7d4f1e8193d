//! What the C-caller tests share: the last error's message and a seeded generator.
#![allow(unsafe_code, reason = "reading the library's error string as a C caller would")]
#![allow(dead_code, reason = "each test binary uses a part of it")]

use std::ffi::CStr;

/// The message of the last failed call on this thread.
pub fn message() -> String {
    // SAFETY: `declutter_last_error` returns a NUL-terminated string owned by this thread.
    unsafe { CStr::from_ptr(declutter::declutter_last_error()) }.to_string_lossy().into_owned()
}

/// A seeded generator (xorshift): the same scenes every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A whole number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A number in `[lo, hi)`.
    pub fn float(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}
