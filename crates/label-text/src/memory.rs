//! The widths a font measured, remembered by text.
//!
//! Map data repeats its texts (a street's name on each of its segments: Vienna's 3,356 streets
//! have 1,112 names) and shaping one costs microseconds, so a [`crate::Font`] remembers the
//! width in ems of each text it shaped. A width in ems does not depend on the font size, and
//! measuring is a pure function of the font and the text, so a remembered width is exactly the
//! one shaping again gives.
//!
//! Readers measure from many threads at once, so the memory is split into [`SHARDS`] maps by
//! the text's hash, each behind its own lock: two threads want the same shard rarely, and the
//! lock is held only to look up or insert, never while shaping. A shard forgets all its texts
//! when it holds [`SHARD_TEXTS`], which bounds the memory without bookkeeping per text.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Mutex, PoisonError};

/// How many independently locked maps the memory is split into.
pub const SHARDS: usize = 16;

/// Most texts one shard remembers; past it, the shard forgets them all and starts again.
pub const SHARD_TEXTS: usize = 1024;

/// Widths in ems by text, in shards.
pub(crate) struct Widths {
    hasher: RandomState,
    shards: [Mutex<HashMap<String, f64>>; SHARDS],
}

impl Default for Widths {
    fn default() -> Self {
        Widths { hasher: RandomState::new(), shards: std::array::from_fn(|_| Mutex::default()) }
    }
}

impl Widths {
    /// The width of `text` remembered, else `shape(text)`, remembered.
    pub(crate) fn get_or_shape(&self, text: &str, shape: impl FnOnce(&str) -> f64) -> f64 {
        // The top bits: the low ones pick the map's buckets.
        let shard = &self.shards[(self.hasher.hash_one(text) >> 60) as usize % SHARDS];
        // Entries are inserted whole, so a panic elsewhere cannot leave a map half-updated.
        if let Some(&em) = shard.lock().unwrap_or_else(PoisonError::into_inner).get(text) {
            return em;
        }
        let em = shape(text);
        let mut widths = shard.lock().unwrap_or_else(PoisonError::into_inner);
        if widths.len() >= SHARD_TEXTS {
            widths.clear();
        }
        widths.insert(text.to_owned(), em);
        em
    }

    /// How many texts are remembered.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.shards.iter().map(|s| s.lock().unwrap_or_else(PoisonError::into_inner).len()).sum()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::Font;

    /// A font of its own, so that its memory holds only what the test measured.
    fn fresh() -> Font<'static> {
        Font::from_bytes(Font::bundled().data()).unwrap()
    }

    /// The size without the memory: shaping every time.
    fn shaped(font: &Font<'_>, text: &str, font_size: f64) -> (f64, f64) {
        (font.advance_em(text) * font_size, font.line_height_em() * font_size)
    }

    #[test]
    fn the_memory_is_bounded() {
        let font = fresh();
        for i in 0..3 * super::SHARDS * super::SHARD_TEXTS {
            let _ = font.measure(&format!("Gasse {i}"), 12.0);
        }
        let len = font.widths.len();
        assert!(len <= super::SHARDS * super::SHARD_TEXTS, "{len}");
        assert!(len >= super::SHARD_TEXTS, "{len}");
    }

    #[test]
    fn threads_measure_what_one_thread_shapes() {
        let font = fresh();
        let texts: Vec<String> = (0..4000).map(|i| format!("Straße {}", i % 1500)).collect();
        let expected: Vec<(f64, f64)> = texts.iter().map(|t| shaped(&font, t, 13.5)).collect();
        std::thread::scope(|s| {
            for k in 0..4 {
                let (font, texts, expected) = (&font, &texts, &expected);
                s.spawn(move || {
                    for (i, text) in texts.iter().enumerate().skip(k * 7) {
                        let size = font.measure(text, 13.5);
                        assert_eq!((size.width, size.height), expected[i], "{text}");
                    }
                });
            }
        });
    }

    proptest! {
        #[test]
        fn remembered_sizes_are_those_shaped_again(
            texts in prop::collection::vec("[a-zA-Zé 北ا\u{301}]{0,8}", 1..40),
            sizes in prop::collection::vec(prop::sample::select(vec![9.0, 12.0, 16.5, 100.25]), 1..4),
        ) {
            let font = fresh();
            for _ in 0..2 {
                for text in &texts {
                    for &size in &sizes {
                        let got = font.measure(text, size);
                        prop_assert_eq!((got.width, got.height), shaped(&font, text, size), "{:?} at {}", text, size);
                    }
                }
            }
        }
    }
}
