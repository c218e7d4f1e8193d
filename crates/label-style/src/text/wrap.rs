//! Multi-line labels: where MapLibre breaks a label's text, and the box of the result.
//!
//! MapLibre does not fill lines greedily; it balances them. With `W` the sum of every
//! character's advance plus the letter spacing after each, and `M` the maximum width
//! (`text-max-width` ems), the **target** width of a line is `W / max(1, ⌈W / M⌉)`: the text
//! split evenly into as few lines as `M` allows. Lines may still come out longer than `M`
//! (a long word is never cut).
//!
//! **Break opportunities** are after a character (not the last) that is a newline, a space,
//! `&`, `)`, `+`, `-`, `/`, a soft hyphen, a middle dot, a zero-width space, `‐`, `–` or `‧`;
//! after an ideographic character (from U+2E80: the CJK blocks of symbols, strokes,
//! compatibility, enclosed letters, half- and fullwidth forms, description characters,
//! vertical forms, and the scripts Bopomofo, Han, Hiragana, Katakana, Khitan, Nüshu, Tangut
//! and Yi — not Hangul, which breaks at spaces); and before a `(` that is not the last
//! character's neighbour. The x of a break is the advance of the text before it, white
//! space not counted.
//!
//! Each break has a **badness**: the square of its line's width minus the target, plus the
//! penalty times its absolute value. Penalties: −10,000 for a newline (a forced break), +150
//! for an ideographic break when the text has zero-width spaces (the data suggested its own
//! breaks), +50 for a break after `(` or `（`, +50 for one before `)` or `）`. The final
//! line has no penalty, and its squared difference is halved when it is shorter than the
//! target and doubled when longer (a short last line reads better). A break's badness is the
//! least over its possible previous breaks (none — the text's start — included) of the line
//! between them plus the previous break's own; ties go to the later previous break. The
//! chain from the end back through each best previous break gives the lines.
//!
//! Lines are then trimmed of white space at both ends. A line's width is its text measured
//! with `label-text` plus the letter spacing between its characters; the label's box is as
//! wide as its widest line and `lines × text-line-height × text-size` tall (an empty line
//! counts; formatted text's lines are as tall as their largest `font-scale` makes them,
//! [`wrap_sections`]). Letter spacing is dropped for text in a cursive script (Arabic, Syriac,
//! Mongolian, Duployan, Old Uyghur), as MapLibre drops it.
//!
//! Positions count characters (Unicode scalar values); MapLibre counts UTF-16 code units,
//! which differ only for characters outside the Basic Multilingual Plane.

use crate::expr::Section;
use label_text::Font;
use unicode_script::{Script, UnicodeScript};

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

fn is_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\u{0b}' | '\u{0c}' | '\r' | ' ')
}

fn breaks_after(c: char) -> bool {
    matches!(
        c,
        '\n' | ' '
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

/// Whether a line may break after `c` as between ideographs.
#[must_use]
pub fn allows_ideographic_break(c: char) -> bool {
    let u = u32::from(c);
    if u < 0x2E80 {
        return false;
    }
    let in_blocks = matches!(u,
        0xFE30..=0xFE4F // CJK Compatibility Forms
        | 0x3300..=0x33FF // CJK Compatibility
        | 0x31C0..=0x31EF // CJK Strokes
        | 0x3000..=0x303F // CJK Symbols and Punctuation
        | 0x3200..=0x32FF // Enclosed CJK Letters and Months
        | 0xFF00..=0xFFEF // Halfwidth and Fullwidth Forms
        | 0x2FF0..=0x2FFF // Ideographic Description Characters
        | 0xFE10..=0xFE1F // Vertical Forms
    );
    in_blocks
        || matches!(
            c.script(),
            Script::Bopomofo
                | Script::Han
                | Script::Hiragana
                | Script::Katakana
                | Script::Khitan_Small_Script
                | Script::Nushu
                | Script::Tangut
                | Script::Yi
        )
}

/// Whether letter spacing applies to `text` (no character of a cursive script).
#[must_use]
pub fn allows_letter_spacing(text: &str) -> bool {
    !text.chars().any(|c| {
        matches!(
            c.script(),
            Script::Arabic | Script::Syriac | Script::Mongolian | Script::Duployan | Script::Old_Uyghur
        )
    })
}

fn penalty(c: char, next: char, penalizable_ideographic: bool) -> f64 {
    let mut p = 0.0;
    if c == '\n' {
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

/// Where to break `chars` (positions in the characters, each the start of a new line, the
/// last the text's length): the algorithm of the module doc, with `advance(i)` the advance
/// of character `i`, `spacing` the letter spacing and `max_width` the maximum width, in one
/// unit.
#[must_use]
pub fn line_breaks(chars: &[char], advance: impl Fn(usize) -> f64, spacing: f64, max_width: f64) -> Vec<usize> {
    if chars.is_empty() {
        return Vec::new();
    }
    let total: f64 = (0..chars.len()).map(|i| advance(i) + spacing).sum();
    let lines = (total / max_width).ceil().max(1.0);
    let target = total / lines;
    let suggested = chars.contains(&'\u{200b}');
    let mut breaks: Vec<Break> = Vec::new();
    let mut x = 0.0;
    let n = chars.len();
    for i in 0..n {
        let c = chars[i];
        if !is_whitespace(c) {
            x += advance(i) + spacing;
        }
        if i + 1 < n {
            let ideographic = allows_ideographic_break(c);
            if breaks_after(c) || ideographic || (i + 2 != n && chars[i + 1] == '(') {
                let p = penalty(c, chars[i + 1], ideographic && suggested);
                let b = evaluate(i + 1, x, target, &breaks, p, false);
                breaks.push(b);
            }
        }
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
    let mut chars: Vec<char> = Vec::new();
    let mut scales: Vec<f64> = Vec::new();
    for section in sections {
        let scale = section.scale.unwrap_or(1.0);
        for c in section.text.chars() {
            chars.push(c);
            scales.push(scale);
        }
    }
    let text: String = chars.iter().collect();
    let spacing = if allows_letter_spacing(&text) { options.letter_spacing_em * options.size } else { 0.0 };
    let advances: Vec<f64> = {
        let mut buf = [0u8; 4];
        chars.iter().zip(&scales).map(|(c, s)| font.measure(c.encode_utf8(&mut buf), options.size * s).width).collect()
    };
    let max_width = options.max_width_em.map_or(f64::INFINITY, |m| m * options.size);
    let breaks = line_breaks(&chars, |i| advances[i], spacing, max_width);
    let line_height = options.line_height_em * options.size;
    let mut lines = Vec::with_capacity(breaks.len());
    let mut height = 0.0;
    let mut start = 0;
    for end in breaks {
        let (mut from, mut to) = (start, end);
        while from < to && is_whitespace(chars[from]) {
            from += 1;
        }
        while to > from && is_whitespace(chars[to - 1]) {
            to -= 1;
        }
        let line: String = chars[from..to].iter().collect();
        let mut width = 0.0;
        let mut max_scale: f64 = 0.0;
        // Measured a run of one scale at a time, so kerning inside a run counts.
        let mut run = from;
        while run < to {
            let scale = scales[run];
            let run_end = (run..to).find(|&i| scales[i] != scale).unwrap_or(to);
            let piece: String = chars[run..run_end].iter().collect();
            width += font.measure(&piece, options.size * scale).width;
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
