//! Advances for characters the font has no glyph for.
//!
//! A renderer would draw such a character with a fallback font; we do not know which, so we
//! guess the width class from Unicode itself (UAX #11, East Asian Width, through
//! `unicode-width`): wide and fullwidth characters — CJK ideographs, kana, hangul, fullwidth
//! forms, emoji — are one em in every CJK font, so that is exact for Chinese names;
//! zero-width characters (combining marks, joiners, variation selectors) and control
//! characters take no space; everything else gets the font's average advance.

use unicode_width::UnicodeWidthChar;

/// The fallback advance of `c` in ems, given the font's average advance in ems.
#[must_use]
pub(crate) fn fallback_em(c: char, average_em: f64) -> f64 {
    match c.width() {
        None | Some(0) => 0.0,
        Some(1) => average_em,
        Some(_) => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn east_asian_wide_characters_are_one_em() {
        for c in ['北', '京', 'ひ', 'カ', '한', '\u{3400}', '\u{20000}', 'Ａ', '。'] {
            assert_eq!(fallback_em(c, 0.5), 1.0, "{c:?}");
        }
    }

    #[test]
    fn zero_width_and_control_characters_take_no_space() {
        for c in ['\u{301}', '\u{200d}', '\u{fe0f}', '\n', '\t', '\u{0}', '\u{7f}'] {
            assert_eq!(fallback_em(c, 0.5), 0.0, "{c:?}");
        }
    }

    #[test]
    fn other_characters_get_the_average() {
        for c in ['क', 'ก', 'ሀ', 'a'] {
            assert_eq!(fallback_em(c, 0.55), 0.55, "{c:?}");
        }
    }
}
