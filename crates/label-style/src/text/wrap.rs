//! Multi-line labels: where MapLibre breaks a label's text, and the box of the result.
//!
//! The text is cut into grapheme clusters (a letter with its marks, an emoji sequence: the
//! units MapLibre lays out); each advances by its width plus the letter spacing. With `W` the
//! sum of all advances and `M` the maximum width (`text-max-width` ems), text with `W ≤ M`
//! and no newline stays one line. Otherwise MapLibre does not fill lines greedily; it
//! balances them: the **target** width of a line is `W / max(1, ⌈W / M⌉)`, the text split
//! evenly into as few lines as `M` allows. Lines may still come out longer than `M` (a long
//! word is never cut).
//!
//! **Break opportunities** are between two clusters, after one whose first character is a
//! newline, a carriage return, a space, `&`, `)`, `+`, `-`, `/`, a soft hyphen, a middle dot,
//! a zero-width space, `‐`, `–` or `‧`; after an ideographic character (CJK ideographs, kana,
//! bopomofo, Yi, the CJK symbol, stroke, compatibility and fullwidth blocks, Tangut, Khitan,
//! Nüshu — not Hangul, which breaks at spaces); and before a `(` that is not the last
//! cluster. The x of a break is the advance of the text before it, white space not counted.
//!
//! Each break has a **badness**: the square of its line's width minus the target, plus the
//! penalty times its absolute value. Penalties: −10,000 after a newline or carriage return (a
//! forced break), +150 for an ideographic break when the text has zero-width spaces (the data
//! suggested its own breaks), +50 for a break after `(` or `（`, +50 for one before `)` or
//! `）`. The final line has no penalty, and its squared difference is halved when it is
//! shorter than the target and doubled when longer (a short last line reads better). A
//! break's badness is the least over its possible previous breaks (none — the text's start —
//! included) of the line between them plus the previous break's own; ties go to the later
//! previous break. The chain from the end back through each best previous break gives the
//! lines.
//!
//! MapLibre chooses the breaks with the text laid out at 24 px ([`ONE_EM`]) and scales the
//! result to `text-size`; since the penalties are fixed numbers, the choice would otherwise
//! depend on the size, so it is made at 24 px here too.
//!
//! Lines are then trimmed of white-space clusters at both ends. A line's width is its text
//! measured with `label-text` plus the letter spacing between its clusters; the label's box
//! is as wide as its widest line and `lines × text-line-height × text-size` tall (an empty
//! line counts; formatted text's lines are as tall as their largest `font-scale` makes them,
//! [`wrap_sections`]). Letter spacing is dropped for text with a character of a cursive
//! script (Arabic, Syriac, N'Ko, Mongolian, …), as MapLibre drops it.
//!
//! Checked against MapLibre GL JS's own code (`tests/reference_breaks.rs`) on every name of
//! the fixtures at four widths. One difference is known: in scripts written without spaces
//! (Thai, Lao, Khmer, Myanmar, …) MapLibre also breaks between the words its dictionary
//! segmenter finds; here such text breaks only at spaces and punctuation.

use crate::expr::Section;
use label_text::Font;
use unicode_script::{Script, UnicodeScript};
use unicode_segmentation::UnicodeSegmentation;

/// The size, in pixels, MapLibre lays text out at before scaling it to `text-size`: line
/// breaks are chosen at this size.
pub const ONE_EM: f64 = 24.0;

/// How to wrap: the evaluated text properties of a label.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WrapOptions {
    /// `text-size` in pixels.
    pub size: f64,
    /// `text-max-width` in ems; `None` for no wrapping at spaces (labels along lines:
    /// MapLibre wraps only point labels). Newlines still break.
    pub max_width_em: Option<f64>,
    /// `text-line-height` in ems.
    pub line_height_em: f64,
    /// `text-letter-spacing` in ems.
    pub letter_spacing_em: f64,
}

impl Default for WrapOptions {
    /// The style-spec's defaults: 16 px, 10 ems, 1.2 ems, no spacing.
    fn default() -> Self {
        WrapOptions { size: 16.0, max_width_em: Some(10.0), line_height_em: 1.2, letter_spacing_em: 0.0 }
    }
}

/// One line of a wrapped label.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Its text, trimmed.
    pub text: String,
    /// Its width in pixels.
    pub width: f64,
}

/// A label's text wrapped, and the box it fills.
#[derive(Clone, Debug, PartialEq)]
pub struct Wrapped {
    /// The lines, top to bottom.
    pub lines: Vec<Line>,
    /// The widest line's width, pixels.
    pub width: f64,
    /// The lines' heights added up, pixels (`lines × line height` for plain text).
    pub height: f64,
}

/// White space as JavaScript's `\s` sees it (Unicode's White_Space without U+0085, plus
/// U+FEFF): advances nothing between breaks and is trimmed off line ends.
#[must_use]
pub fn is_whitespace(c: char) -> bool {
    (c.is_whitespace() && c != '\u{85}') || c == '\u{feff}'
}

/// A line may end after these.
fn breaks_after(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r'
            | ' '
            | '&'
            | ')'
            | '+'
            | '-'
            | '/'
            | '\u{ad}'
            | '\u{b7}'
            | '\u{200b}'
            | '\u{2010}'
            | '\u{2013}'
            | '\u{2027}'
    )
}

/// The characters MapLibre lets a line break after as between ideographs: CJK ideographs,
/// kana, bopomofo, Yi, the CJK symbol, stroke, compatibility and fullwidth blocks, Tangut,
/// Khitan, Nüshu and the enclosed ideographic supplement (not Hangul, which breaks at spaces).
const IDEOGRAPHIC: &[(u32, u32)] = &[
    (0x02EA, 0x02EB),
    (0x2E80, 0x2FDF),
    (0x2FF0, 0x303F),
    (0x3041, 0x3096),
    (0x309D, 0x309F),
    (0x30A1, 0x30FA),
    (0x30FD, 0x30FF),
    (0x3105, 0x312F),
    (0x31A0, 0x4DBF),
    (0x4E00, 0xA48C),
    (0xA490, 0xA4C6),
    (0xF900, 0xFA6D),
    (0xFA70, 0xFAD9),
    (0xFE10, 0xFE1F),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
    (0x16FE0, 0x16FFF),
    (0x17000, 0x18BFF),
    (0x18C00, 0x18CD5),
    (0x18CFF, 0x18D1E),
    (0x18D80, 0x18DF2),
    (0x1AFF0, 0x1AFFF),
    (0x1B000, 0x1B2FB),
    (0x1F200, 0x1F2FF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B81D),
    (0x2B820, 0x2CEAD),
    (0x2CEB0, 0x2EBE0),
    (0x2EBF0, 0x2EE5D),
    (0x2F800, 0x2FA1D),
    (0x30000, 0x3134A),
    (0x31350, 0x33479),
];

/// Whether a line may break after `c` as between ideographs.
#[must_use]
pub fn allows_ideographic_break(c: char) -> bool {
    let u = u32::from(c);
    IDEOGRAPHIC
        .binary_search_by(|&(lo, hi)| {
            if hi < u {
                std::cmp::Ordering::Less
            } else if lo > u {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Whether `c` is of a cursive script (its letters join, so spacing them apart breaks words).
#[must_use]
pub fn is_cursive(c: char) -> bool {
    matches!(
        c.script(),
        Script::Arabic
            | Script::Syriac
            | Script::Nko
            | Script::Mandaic
            | Script::Mongolian
            | Script::Phags_Pa
            | Script::Manichaean
            | Script::Psalter_Pahlavi
            | Script::Hanifi_Rohingya
            | Script::Sogdian
            | Script::Old_Uyghur
            | Script::Duployan
            | Script::Adlam
            | Script::Chorasmian
    )
}

/// Whether letter spacing applies to `text` (no character of a cursive script).
#[must_use]
pub fn allows_letter_spacing(text: &str) -> bool {
    !text.chars().any(is_cursive)
}

fn penalty(c: char, next: char, penalizable_ideographic: bool) -> f64 {
    let mut p = 0.0;
    if c == '\n' || c == '\r' {
        p -= 10_000.0;
    }
    if penalizable_ideographic {
        p += 150.0;
    }
    if c == '(' || c == '\u{ff08}' {
        p += 50.0;
    }
    if next == ')' || next == '\u{ff09}' {
        p += 50.0;
    }
    p
}

fn badness(width: f64, target: f64, penalty: f64, last: bool) -> f64 {
    let ragged = (width - target) * (width - target);
    if last { if width < target { ragged / 2.0 } else { ragged * 2.0 } } else { ragged + penalty.abs() * penalty }
}

struct Break {
    index: usize,
    x: f64,
    prior: Option<usize>,
    badness: f64,
}

fn evaluate(index: usize, x: f64, target: f64, breaks: &[Break], penalty: f64, last: bool) -> Break {
    let mut best = Break { index, x, prior: None, badness: badness(x, target, penalty, last) };
    for (i, prior) in breaks.iter().enumerate() {
        let b = badness(x - prior.x, target, penalty, last) + prior.badness;
        if b <= best.badness {
            best.prior = Some(i);
            best.badness = b;
        }
    }
    best
}

fn first(unit: &str) -> char {
    unit.chars().next().unwrap_or('\0')
}

/// Where to break text split into `units` (grapheme clusters): positions in the units, each
/// the start of a new line, the last the number of units. `advance(i)` is unit `i`'s advance,
/// `spacing` the letter spacing after each, `max_width` the maximum width, in one unit of
/// length. The algorithm of the module doc.
#[must_use]
pub fn line_breaks(units: &[&str], advance: impl Fn(usize) -> f64, spacing: f64, max_width: f64) -> Vec<usize> {
    let n = units.len();
    let total: f64 = (0..n).map(|i| advance(i) + spacing).sum();
    let asks_for_newline = units.iter().any(|u| u.contains(['\n', '\r']));
    if spacing >= 0.0 && total > 0.0 && total <= max_width && !asks_for_newline {
        return vec![n];
    }
    let lines = (total / max_width).ceil().max(1.0);
    let target = total / lines;
    let suggested = units.iter().any(|u| u.contains('\u{200b}'));
    let mut breaks: Vec<Break> = Vec::new();
    let mut x = 0.0;
    for i in 0..n {
        let c = first(units[i]);
        if i > 0 {
            let previous = first(units[i - 1]);
            let ideographic = allows_ideographic_break(previous);
            if breaks_after(previous) || ideographic || (i + 1 < n && c == '(') {
                let p = penalty(previous, c, ideographic && suggested);
                let b = evaluate(i, x, target, &breaks, p, false);
                breaks.push(b);
            }
        }
        if !is_whitespace(c) {
            x += advance(i) + spacing;
        }
    }
    if n == 0 {
        return Vec::new();
    }
    let last = evaluate(n, x, target, &breaks, 0.0, true);
    let mut out = vec![last.index];
    let mut prior = last.prior;
    while let Some(i) = prior {
        out.push(breaks[i].index);
        prior = breaks[i].prior;
    }
    out.reverse();
    out
}

/// Wraps `text` as MapLibre wraps it and measures it with `font`.
#[must_use]
pub fn wrap(text: &str, font: &Font<'_>, options: &WrapOptions) -> Wrapped {
    wrap_sections(&[Section { text: text.to_owned(), scale: None, font: None }], font, options)
}

/// Wraps formatted text (`format` sections, each with its `font-scale`) and measures it
/// with `font`: a character's advance is its section's scale times its advance at
/// `text-size`, and a line is `text-line-height` times the largest scale on it tall (an
/// empty line one `text-line-height`). Sections' own fonts are not told apart: all is
/// measured in `font`.
#[must_use]
pub fn wrap_sections(sections: &[Section], font: &Font<'_>, options: &WrapOptions) -> Wrapped {
    let text: String = sections.iter().map(|s| s.text.as_str()).collect();
    // Each section's scale from its first byte on; a cluster takes its first character's.
    let mut starts = Vec::with_capacity(sections.len());
    let mut offset = 0;
    for section in sections {
        starts.push((offset, section.scale.unwrap_or(1.0)));
        offset += section.text.len();
    }
    let scale_at = |byte: usize| starts.iter().rev().find(|(at, _)| *at <= byte).map_or(1.0, |(_, s)| *s);
    let units: Vec<(usize, &str)> = text.grapheme_indices(true).collect();
    let scales: Vec<f64> = units.iter().map(|(at, _)| scale_at(*at)).collect();
    let strs: Vec<&str> = units.iter().map(|(_, u)| *u).collect();
    let spacing_em = if allows_letter_spacing(&text) { options.letter_spacing_em } else { 0.0 };
    // Broken at MapLibre's layout size, whatever the text size: the penalties are fixed
    // numbers, so the choice would change with the size otherwise.
    let advances: Vec<f64> = strs.iter().zip(&scales).map(|(u, s)| font.measure(u, ONE_EM * s).width).collect();
    let max_width = options.max_width_em.map_or(f64::INFINITY, |m| m * ONE_EM);
    let breaks = line_breaks(&strs, |i| advances[i], spacing_em * ONE_EM, max_width);
    let spacing = spacing_em * options.size;
    let blank = |u: &str| u.chars().all(is_whitespace);
    let line_height = options.line_height_em * options.size;
    let mut lines = Vec::with_capacity(breaks.len());
    let mut height = 0.0;
    let mut start = 0;
    for end in breaks {
        let (mut from, mut to) = (start, end);
        while from < to && blank(strs[from]) {
            from += 1;
        }
        while to > from && blank(strs[to - 1]) {
            to -= 1;
        }
        let line: String = strs[from..to].concat();
        let mut width = 0.0;
        let mut max_scale: f64 = 0.0;
        // Measured a run of one scale at a time, so kerning inside a run counts.
        let mut run = from;
        while run < to {
            let scale = scales[run];
            let run_end = (run..to).find(|&i| scales[i] != scale).unwrap_or(to);
            width += font.measure(&strs[run..run_end].concat(), options.size * scale).width;
            max_scale = max_scale.max(scale);
            run = run_end;
        }
        if to > from {
            width += spacing * (to - from - 1) as f64;
            height += line_height * max_scale;
        } else {
            height += line_height;
        }
        lines.push(Line { text: line, width });
        start = end;
    }
    let width = lines.iter().map(|l| l.width).fold(0.0, f64::max);
    Wrapped { lines, width, height }
}

#[cfg(test)]
mod tests;
