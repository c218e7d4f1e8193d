//! The fast path's first parser: sonic-rs (SIMD scanning, and numbers read by the same
//! Eisel–Lemire algorithm with an exact fallback as serde_json's `float_roundtrip`), driving the
//! same serde visitors as serde_json does, so that the labels are converted and checked by the
//! same code whichever parser read them.
//!
//! Where the two parsers differ, the text is left to serde_json:
//! - sonic-rs reads a negative zero (`-0`, `-0.0`, `-0e3`) as +0.0, serde_json as −0.0; a text
//!   that may hold one ([`may_hold_negative_zero`]) is not given to sonic-rs;
//! - sonic-rs skips a value of an unexpected kind recursively, without a depth limit: it is
//!   driven through `super::shallow`, which never lets it skip, and a document with obstacles
//!   (which it could keep as text only by skipping) is left to serde_json — before sonic-rs
//!   reads it when the text holds `"obstacles"` ([`may_hold_obstacles`]), else at the key
//!   (written with an escape) by [`NoObstacle`];
//! - anything sonic-rs refuses is read again by serde_json, so a document sonic-rs is stricter
//!   about is only slower.
//!
//! Everything else — every f64 (exponents, long mantissas, subnormals, halfway cases, overflow
//! to an error), integers as ids, escapes and surrogates in strings, control characters,
//! blanks, duplicate keys, unknown fields, nesting — gives the same value or the same refusal:
//! this module's tests hold the numbers to serde_json's bits, `tests/fast_read.rs` and the
//! `document` and `ndjson` fuzz targets the documents.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::value::RawValue;

/// An item's JSON text, as each parser keeps it (the obstacles are read from their texts by
/// the located reader's code).
pub(super) trait RawText<'a>: Deserialize<'a> {
    /// The item's text.
    fn into_text(self) -> Cow<'a, str>;
}

impl<'a> RawText<'a> for &'a RawValue {
    fn into_text(self) -> Cow<'a, str> {
        Cow::Borrowed(self.get())
    }
}

/// An obstacle in the sonic-rs pass: never read. sonic-rs keeps a value's text only by
/// skipping it, and skips recursively without a depth limit (module `shallow`), so a document
/// with obstacles is read by serde_json. Most never reach sonic-rs ([`may_hold_obstacles`]);
/// this refuses the rest, whose key is written with an escape (`"obst\u0061cles"`).
pub(super) enum NoObstacle {}

impl<'de> Deserialize<'de> for NoObstacle {
    fn deserialize<D: serde::Deserializer<'de>>(_: D) -> Result<Self, D::Error> {
        Err(serde::de::Error::custom("obstacles: left to serde_json"))
    }
}

impl<'a> RawText<'a> for NoObstacle {
    fn into_text(self) -> Cow<'a, str> {
        match self {}
    }
}

/// Whether sonic-rs may be given `text`: it holds no negative zero, which sonic-rs reads
/// otherwise than serde_json, and no obstacles, which sonic-rs would refuse only after reading
/// every label before them.
#[must_use]
pub(super) fn may_read(text: &str) -> bool {
    !may_hold_negative_zero(text) && !may_hold_obstacles(text)
}

/// Whether `text` may hold the `obstacles` key: whether it holds `"obstacles"` anywhere (in a
/// string too, which then only goes to serde_json for nothing).
#[must_use]
pub(super) fn may_hold_obstacles(text: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), b"\"obstacles\"").is_some()
}

/// Whether `text` may hold a negative zero: a `-0` not after an exponent's `e` and not followed
/// by a fraction with a non-zero digit. Strings are not told apart from numbers (`"a-0"`
/// counts): the text then goes to serde_json, which is only slower.
#[must_use]
pub(super) fn may_hold_negative_zero(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memmem::find_iter(bytes, b"-0").any(|at| {
        if at > 0 && matches!(bytes[at - 1], b'e' | b'E') {
            return false;
        }
        let rest = &bytes[at + 2..];
        match rest.split_first() {
            Some((b'.', fraction)) => !fraction.iter().find(|&&b| b != b'0').is_some_and(|b| matches!(b, b'1'..=b'9')),
            _ => true,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn negative_zeros_are_found_and_small_negative_numbers_are_not() {
        for zero in ["-0", "[-0]", "-0.0", "-0.000e5", "-0e-3", "-0E+1", "{\"x\": -0, \"y\": 1}", "\"a-0\""] {
            assert!(may_hold_negative_zero(zero), "{zero}");
        }
        for other in ["0", "-1", "-10", "-0.5", "-0.0001", "-0.001e-3", "1e-0", "[-1, 0.0, -0.25]"] {
            assert!(!may_hold_negative_zero(other), "{other}");
        }
    }

    #[test]
    fn sonic_rs_reads_a_negative_zero_as_positive() {
        // Why the guard exists: should a later sonic-rs keep the sign, this fails and the guard
        // can go.
        let sonic: f64 = sonic_rs::from_str("-0").unwrap();
        let serde: f64 = serde_json::from_str("-0").unwrap();
        assert_eq!((sonic.to_bits(), serde.to_bits()), (0.0f64.to_bits(), (-0.0f64).to_bits()));
    }

    /// How each parser reads `text` as one f64: its bits, or a refusal.
    fn both(text: &str) -> (Option<u64>, Option<u64>) {
        let bits = |v: f64| v.to_bits();
        (serde_json::from_str::<f64>(text).ok().map(bits), sonic_rs::from_str::<f64>(text).ok().map(bits))
    }

    /// The number text as JSON may write it, and some it may not: sign, digits before and
    /// after the point (with leading zeros), exponent with its case and sign.
    fn number_text() -> impl Strategy<Value = String> {
        let digits = |most| proptest::collection::vec(0u8..10, 0..most);
        (
            any::<bool>(),
            digits(40),
            proptest::option::of(digits(40)),
            proptest::option::of((prop::sample::select(vec!["e", "E", "e+", "E-", "e-"]), -400i32..400)),
            prop::sample::select(vec![0usize, 0, 0, 1, 3, 30]),
        )
            .prop_map(|(negative, int, fraction, exponent, zeros)| {
                let text = |d: &[u8]| d.iter().map(|d| char::from(b'0' + d)).collect::<String>();
                let mut s = String::from(if negative { "-" } else { "" });
                s += &text(&int);
                if let Some(fraction) = fraction {
                    s += ".";
                    s += &"0".repeat(zeros);
                    s += &text(&fraction);
                }
                if let Some((e, exp)) = exponent {
                    s += &format!("{e}{}", exp.unsigned_abs());
                    if exp < 0 && !e.ends_with('-') {
                        s += "0";
                    }
                }
                s
            })
    }

    /// Exactly halfway between two neighbouring doubles, or a hair either side: the odd
    /// multiple `(2m + 1)` of half an ulp, written out in full (`m` a 53-bit mantissa, scaled
    /// by `2^-k`, k ≤ 31, or by `2^j`, so that the decimal fits in a u128).
    fn halfway_text() -> impl Strategy<Value = String> {
        ((1u128 << 52)..(1u128 << 53), -31i32..60, prop::sample::select(vec!["", "0000", "0000000000001", "9"]))
            .prop_map(|(m, scale, tail)| {
                let odd = 2 * m + 1;
                if scale >= 0 {
                    // (2m + 1) · 2^scale, an integer: a tail would make it another number.
                    return (odd << scale.min(60)).to_string();
                }
                let k = scale.unsigned_abs();
                let digits = (odd * 5u128.pow(k)).to_string();
                let (int, fraction) = digits.split_at(digits.len() - k as usize);
                let int = if int.is_empty() { "0" } else { int };
                // Below halfway with "9" after a fraction one digit shorter is not exact; the
                // tails only move the value off the midpoint, which is the point.
                format!("{int}.{fraction}{tail}")
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        #[test]
        fn sonic_rs_reads_every_number_as_serde_json_does(text in prop_oneof![
            number_text(),
            halfway_text(),
            // Every double, shortest and in full, and with a digit added or cut.
            any::<f64>().prop_filter("finite", |v| v.is_finite()).prop_flat_map(|v| prop::sample::select(vec![
                format!("{v}"), format!("{v:e}"), format!("{v:.17e}"), format!("{v:.40e}"),
                format!("{v:e}").replacen('e', "1e", 1), format!("{:.16e}", v).replacen('e', "5e", 1),
            ])),
            // Subnormals and the edge of the range.
            (1u64..(1 << 52)).prop_map(|bits| format!("{:e}", f64::from_bits(bits))),
            (1u64..(1 << 52)).prop_map(|bits| format!("{:.25e}", f64::from_bits(bits))),
            prop::sample::select(vec![
                "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "2e308",
                "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
                "1e-400", "-1e-400", "9007199254740993", "18446744073709551615", "18446744073709551616",
                "-9223372036854775808", "-9223372036854775809", "123456789012345678901234567890",
                "0.1", "-0.0001", "00", "01", "1.", ".5", "+1", "1e", "1e+", "-", "NaN", "Infinity", "1_0",
            ]).prop_map(str::to_owned),
        ]) {
            let (serde, sonic) = both(&text);
            if may_hold_negative_zero(&text) {
                // Not given to sonic-rs; serde_json reads it.
                return Ok(());
            }
            prop_assert_eq!(serde, sonic, "{}", text);
            // And inside a document, where the number ends at a comma or a bracket.
            let in_array = format!("[{text}, 1]");
            let serde = serde_json::from_str::<Vec<f64>>(&in_array).ok().map(|v| v[0].to_bits());
            let sonic = sonic_rs::from_str::<Vec<f64>>(&in_array).ok().map(|v| v[0].to_bits());
            prop_assert_eq!(serde, sonic, "{}", in_array);
        }
    }
}
