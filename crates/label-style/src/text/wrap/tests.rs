//! Hand-checked cases of the line breaking (the arithmetic is in each test's comment) and
//! the box of a wrapped label in the bundled font.

use super::*;
use unicode_segmentation::UnicodeSegmentation;

/// Breaks with every character one unit wide.
fn unit_breaks(text: &str, max_width: f64) -> Vec<usize> {
    let units: Vec<&str> = text.graphemes(true).collect();
    line_breaks(&units, |_| 1.0, 0.0, max_width)
}

#[test]
fn two_words_too_wide_for_one_line_split_at_the_space() {
    // W = 9, ⌈9/5⌉ = 2 lines, target 4.5. The break after the space has x = 4 (the space
    // not counted): (4 − 4.5)² = 0.25. The end (x = 8) from it: last line 4 < 4.5, so
    // 0.25 / 2, total 0.375; from the start: (8 − 4.5)² · 2 = 24.5.
    assert_eq!(unit_breaks("aaaa bbbb", 5.0), [5, 9]);
}

#[test]
fn text_that_fits_is_one_line() {
    // W = 5, one line, target 5. The end from the start: (4 − 5)² / 2 = 0.5; through the
    // break at 3 (x = 2): 9 + (2 − 5)² / 2 = 13.5.
    assert_eq!(unit_breaks("ab cd", 10.0), [5]);
}

#[test]
fn a_newline_forces_a_break_even_without_a_maximum() {
    // The newline's penalty −10,000 adds −10⁸ to its break's badness.
    assert_eq!(unit_breaks("ab\ncd", f64::INFINITY), [3, 5]);
}

#[test]
fn lines_are_balanced_not_filled_greedily() {
    // W = 11, 2 lines, target 5.5. Greedy filling to 7 would give "aa bb cc" / "dd". The
    // balanced choice: the break at 6 (x = 4, badness 2.25) then the end (x = 8, last line
    // 4 < 5.5: 2.25 / 2), 3.375 in all; through the break at 9 (x = 6, badness 0.25) the
    // last line is 2 wide: 0.25 + 12.25 / 2 = 6.375; through 3: 12.25 + 0.5 = 12.75.
    assert_eq!(unit_breaks("aa bb cc dd", 7.0), [6, 11]);
}

#[test]
fn ideographs_break_between_characters_hangul_does_not() {
    // W = 6, 2 lines, target 3: the break after the third ideograph is exact.
    assert_eq!(unit_breaks("北京市朝阳区", 3.0), [3, 6]);
    // Hangul breaks only at its space (5 characters and a space, 2 lines).
    assert_eq!(unit_breaks("서울 특별시청", 4.0), [3, 7]);
}

#[test]
fn an_open_parenthesis_is_a_break_opportunity_before_it() {
    // W = 8, 2 lines, target 4. The only opportunity is before "(" (x = 4, badness 0);
    // the last line from it is 4 wide, badness 0.
    let breaks = unit_breaks("abcd(ef)", 5.0);
    assert_eq!(breaks, [4, 8], "the break before \"(\" splits the word from the parenthesis");
}

#[test]
fn the_box_is_the_widest_line_by_the_line_count() {
    let font = Font::bundled();
    let options = WrapOptions { size: 16.0, max_width_em: Some(6.0), line_height_em: 1.2, letter_spacing_em: 0.0 };
    let wrapped = wrap("Kaiser Franz Josef Straße", font, &options);
    assert!(wrapped.lines.len() >= 2, "{wrapped:?}");
    for line in &wrapped.lines {
        assert_eq!(line.width, font.measure(&line.text, 16.0).width);
        assert_eq!(line.text.trim(), line.text);
    }
    let widest = wrapped.lines.iter().map(|l| l.width).fold(0.0, f64::max);
    assert_eq!(wrapped.width, widest);
    assert!((wrapped.height - wrapped.lines.len() as f64 * 1.2 * 16.0).abs() < 1e-9);
    let joined: Vec<&str> = wrapped.lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(joined.join(" "), "Kaiser Franz Josef Straße");
}

#[test]
fn letter_spacing_widens_lines_but_not_arabic_ones() {
    let font = Font::bundled();
    let spaced = WrapOptions { letter_spacing_em: 0.1, max_width_em: None, ..WrapOptions::default() };
    let plain = WrapOptions { max_width_em: None, ..WrapOptions::default() };
    let (a, b) = (wrap("Wien", font, &spaced), wrap("Wien", font, &plain));
    assert!((a.width - b.width - 3.0 * 1.6).abs() < 1e-9, "3 gaps of 0.1 em at 16 px");
    let (a, b) = (wrap("القاهرة", font, &spaced), wrap("القاهرة", font, &plain));
    assert_eq!(a.width, b.width);
}

#[test]
fn empty_text_has_no_lines_and_no_box() {
    let wrapped = wrap("", Font::bundled(), &WrapOptions::default());
    assert!(wrapped.lines.is_empty());
    assert_eq!((wrapped.width, wrapped.height), (0.0, 0.0));
}

#[test]
fn formatted_sections_scale_their_characters_and_their_line() {
    let font = Font::bundled();
    let options = WrapOptions { max_width_em: Some(10.0), ..WrapOptions::default() };
    let sections = [
        Section { text: "Wien".into(), scale: Some(1.5), font: None },
        Section { text: "\n".into(), scale: None, font: None },
        Section { text: "1840573".into(), scale: Some(0.8), font: None },
    ];
    let wrapped = wrap_sections(&sections, font, &options);
    let texts: Vec<&str> = wrapped.lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(texts, ["Wien", "1840573"], "the newline section forces the break");
    assert_eq!(wrapped.lines[0].width, font.measure("Wien", 24.0).width);
    assert_eq!(wrapped.lines[1].width, font.measure("1840573", 12.8).width);
    // Line heights 1.2 em × 1.5 and 1.2 em × 0.8 at 16 px.
    assert!((wrapped.height - (28.8 + 15.36)).abs() < 1e-9, "{}", wrapped.height);
}

/// The least total badness over every set of breaks, found by trying them all: the
/// reference for the dynamic programme in `line_breaks`, which must reach the same total.
fn brute_force_badness(units: &[&str], advances: &[f64], spacing: f64, max_width: f64) -> f64 {
    let n = units.len();
    let total: f64 = advances.iter().map(|a| a + spacing).sum();
    let target = total / (total / max_width).ceil().max(1.0);
    let suggested = units.iter().any(|u| u.contains('\u{200b}'));
    // x before each unit (white space not counted), and the opportunities with their penalty.
    let mut xs = Vec::with_capacity(n + 1);
    let mut x = 0.0;
    for (unit, advance) in units.iter().zip(advances) {
        xs.push(x);
        if !is_whitespace(first(unit)) {
            x += advance + spacing;
        }
    }
    xs.push(x);
    let opportunities: Vec<(usize, f64)> = (1..n)
        .filter_map(|i| {
            let (previous, c) = (first(units[i - 1]), first(units[i]));
            let ideographic = allows_ideographic_break(previous);
            (breaks_after(previous) || ideographic || (i + 1 < n && c == '('))
                .then(|| (i, penalty(previous, c, ideographic && suggested)))
        })
        .collect();
    let mut best = f64::INFINITY;
    for mask in 0u32..(1 << opportunities.len()) {
        let chosen: Vec<&(usize, f64)> =
            opportunities.iter().enumerate().filter(|(k, _)| mask & (1 << k) != 0).map(|(_, o)| o).collect();
        let mut acc = 0.0;
        let mut from = 0.0;
        for &&(i, p) in &chosen {
            acc += badness(xs[i] - from, target, p, false);
            from = xs[i];
        }
        acc += badness(xs[n] - from, target, 0.0, true);
        best = best.min(acc);
    }
    best
}

/// The total badness of the breaks `line_breaks` chose (float addition commutes, so the order
/// of the sum is the programme's).
fn chosen_badness(units: &[&str], advances: &[f64], spacing: f64, max_width: f64, breaks: &[usize]) -> f64 {
    let n = units.len();
    let total: f64 = advances.iter().map(|a| a + spacing).sum();
    let target = total / (total / max_width).ceil().max(1.0);
    let suggested = units.iter().any(|u| u.contains('\u{200b}'));
    let x_before = |end: usize| -> f64 {
        (0..end).filter(|&i| !is_whitespace(first(units[i]))).map(|i| advances[i] + spacing).sum()
    };
    let mut acc = 0.0;
    let mut from = 0.0;
    for &i in &breaks[..breaks.len() - 1] {
        let (previous, c) = (first(units[i - 1]), first(units[i]));
        let p = penalty(previous, c, allows_ideographic_break(previous) && suggested);
        acc += badness(x_before(i) - from, target, p, false);
        from = x_before(i);
    }
    acc + badness(x_before(n) - from, target, 0.0, true)
}

proptest::proptest! {
    #[test]
    fn the_chosen_breaks_are_the_least_bad_of_all(
        picks in proptest::collection::vec((0usize..11, 0.5f64..3.0), 1..14),
        spacing in proptest::sample::select(vec![0.0, 0.3]),
        max_width in 2.0f64..15.0,
    ) {
        const ALPHABET: [&str; 11] = ["a", "b", " ", "-", "(", ")", "\n", "北", "京", "\u{200b}", "e\u{301}"];
        let units: Vec<&str> = picks.iter().map(|(k, _)| ALPHABET[*k]).collect();
        let advances: Vec<f64> = picks.iter().map(|(_, a)| *a).collect();
        let breaks = line_breaks(&units, |i| advances[i], spacing, max_width);
        proptest::prop_assert_eq!(breaks.last().copied(), Some(units.len()));
        let total: f64 = advances.iter().map(|a| a + spacing).sum();
        let fits = total <= max_width && !units.iter().any(|u| u.contains(['\n', '\r']));
        if fits {
            proptest::prop_assert_eq!(breaks, vec![units.len()]);
        } else {
            let best = brute_force_badness(&units, &advances, spacing, max_width);
            let chosen = chosen_badness(&units, &advances, spacing, max_width, &breaks);
            proptest::prop_assert!((chosen - best).abs() <= 1e-9 * best.abs().max(1.0), "chosen {} best {}", chosen, best);
        }
    }
}

#[test]
fn the_breaks_do_not_depend_on_the_text_size() {
    // Penalties are fixed numbers: were the breaks chosen at the text size, the squared widths
    // would grow or shrink against them and the choice change. Chosen at 37 px, the +150 on
    // breaks between ideographs in hinted text loses to raggedness: "新宿区西新 / 宿二丁目"
    // instead of keeping "新宿区西新宿二丁目" whole as at 24 px.
    let font = Font::bundled();
    let texts = [
        "東京都\u{200b}新宿区西新宿二丁目\u{200b}八番一号",
        "北京市\u{200b}朝阳区建国门外大街\u{200b}一号",
        "Rio de Janeiro (RJ) Centro",
        "Gare du Nord ( Paris )",
    ];
    for text in texts {
        for max_width_em in [2.0, 3.0, 5.0, 8.0] {
            let lines = |size: f64| -> Vec<String> {
                let options = WrapOptions { size, max_width_em: Some(max_width_em), ..WrapOptions::default() };
                wrap(text, font, &options).lines.into_iter().map(|l| l.text).collect()
            };
            let at_24 = lines(ONE_EM);
            for size in [6.0, 11.0, 16.0, 37.0] {
                assert_eq!(lines(size), at_24, "{text:?} at {max_width_em} em, {size} px");
            }
        }
    }
}
