//! Names along their lines (`--line-placement curved`): a line's name laid glyph by glyph on
//! the projected line (contract §3b "Path"), repeated along long lines.
//!
//! On the projected lines (screen px, after the bearing):
//!
//! 1. **Merge**: lines of the same name where one ends exactly where another starts are joined
//!    first (MapLibre's `mergeLines`), in file order: a river cut into several features gets
//!    its name where the whole river has room, not once per piece ("Ob Ob"). A feature whose
//!    line joined an earlier one's is written out hidden, reason `merged`.
//! 2. **Clip**: each part is clipped to the viewport grown by the text's length on every side,
//!    so that a name reaching into the view is laid on the real line and a long line off
//!    screen costs nothing.
//! 3. **Anchors**: a clipped piece of length `ℓ` at least the text's length `L` gets
//!    `n = max(1, ⌊ℓ / spacing⌋)` labels (`--symbol-spacing`, MapLibre's default 250 px), one
//!    per slot `[k·ℓ/n, (k+1)·ℓ/n]`: its middle at the slot's centre, or — where the text
//!    would not fit there (a bend sharper than `max_angle`, an end of the piece) — at the
//!    nearest of the offsets `centre ± j·ℓ/(16n)`, `j = 1 … 8` (before after after), where it
//!    fits; at the centre, hidden with its reason, when none does. Each is a path label on
//!    the piece (`max_angle`, `keep_upright` from the flags); `--repeat-distance` keeps labels
//!    of one name apart as for every symbol.
//! 4. **Fallback**: a line with no piece as long as its text gets today's straight label on
//!    its longest straight-enough run ([`super::straight`]).
//!
//! The glyph advances are the font's clusters at the feature's font size
//! ([`label_text::Font::clusters`]).

use std::collections::HashMap;

use glam::DVec2;
use label_core::TextPath;

use super::straight as line;

/// Where and how names follow their lines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Curved {
    /// Distance between the labels of one line, px.
    pub spacing: f64,
    /// Largest turn between consecutive glyphs, degrees.
    pub max_angle: f64,
    /// Reverse a name that would read upside down.
    pub keep_upright: bool,
}

/// MapLibre's default `symbol-spacing`, px.
pub const DEFAULT_SPACING: f64 = 250.0;

/// How many steps of a sixteenth of its slot a name slides either way to find room.
const SLIDES: u8 = 8;

/// The text paths of a name of glyph `advances` along the line `parts` (screen px) in a
/// viewport of `size` px, or `None` when no piece is as long as the text (the straight
/// fallback's turn).
#[must_use]
pub fn paths(parts: &[Vec<DVec2>], advances: &[f64], size: DVec2, curved: &Curved) -> Option<Vec<TextPath>> {
    let text: f64 = advances.iter().sum();
    let margin = DVec2::splat(text + 1.0);
    let mut out = Vec::new();
    for piece in parts.iter().flat_map(|p| line::clip_to(p, -margin, size + margin)) {
        let length: f64 = piece.windows(2).map(|w| (w[1] - w[0]).length()).sum();
        if length < text {
            continue;
        }
        let n = (length / curved.spacing).floor().max(1.0);
        let base = TextPath::new(piece, advances.to_vec())
            .with_max_angle(curved.max_angle)
            .with_keep_upright(curved.keep_upright);
        out.extend((0..n as usize).map(|k| slid(&base, (k as f64 + 0.5) * length / n, length / n)));
    }
    (!out.is_empty()).then_some(out)
}

/// `base` with its middle at `centre` along its line, or — where the text does not fit there —
/// at the nearest of `centre ± j·slot/16`, `j = 1 … 8` (before after after) where it fits; at
/// `centre` when none does.
fn slid(base: &TextPath, centre: f64, slot: f64) -> TextPath {
    let step = slot / 16.0;
    let tries = (1..=SLIDES).flat_map(|j| [centre - f64::from(j) * step, centre + f64::from(j) * step]);
    let fits =
        std::iter::once(centre).chain(tries).find(|&offset| base.clone().with_path_offset(offset).layout().is_ok());
    base.clone().with_path_offset(fits.unwrap_or(centre))
}

/// The copies of a name along one whole `line` laid out so that they nest across zoom levels
/// (the map packages' copies, laid out again at each whole zoom): `m − 1` copies at the
/// fractions `k/m` of the line's length `ℓ`, `k = 1 … m − 1`, where `m` is the power of two
/// nearest `ℓ / spacing` (in ratio: `ℓ / m` from `spacing / √2` to `spacing · √2`; at least 2,
/// one copy at the middle). At the next zoom level the line is twice as long in px, `m`
/// doubles, and every copy of this level is again a copy there (`k/m = 2k/2m`), with new ones
/// between: a copy on screen stays where it was. Each slides off bends as [`paths`]' do
/// (sixteenths of the distance between copies). `None` when the line is shorter than the text.
#[must_use]
pub fn nested(line: &[DVec2], advances: &[f64], curved: &Curved) -> Option<Vec<TextPath>> {
    /// Copies of one line at most: 2^20 − 1.
    const MOST: f64 = (1u64 << 20) as f64;
    let text: f64 = advances.iter().sum();
    let length: f64 = line.windows(2).map(|w| (w[1] - w[0]).length()).sum();
    if length < text || line.len() < 2 {
        return None;
    }
    let mut m = 2.0;
    while m * curved.spacing * std::f64::consts::SQRT_2 <= length && m < MOST {
        m *= 2.0;
    }
    let base = TextPath::new(line.to_vec(), advances.to_vec())
        .with_max_angle(curved.max_angle)
        .with_keep_upright(curved.keep_upright);
    Some((1..m as usize).map(|k| slid(&base, k as f64 * length / m, length / m)).collect())
}

/// Joins lines of one name end to start: `lines[i]` is the screen parts of the `i`-th line of
/// the name, in file order. Returns, for each line, the parts it now holds (empty for a line
/// merged into another). Parts are taken in order; each takes over the first-listed free part
/// that starts exactly where it ends, and so on along the chain, so a chain belongs to the
/// line of its first part.
#[must_use]
pub fn merge(lines: &[Vec<Vec<DVec2>>]) -> Vec<Vec<Vec<DVec2>>> {
    type Key = (u64, u64);
    let key = |p: DVec2| (p.x.to_bits(), p.y.to_bits());
    // Every part, by (line, part); the parts by their first point, in order.
    let mut parts: Vec<(usize, Option<Vec<DVec2>>)> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        parts.extend(l.iter().map(|p| (i, Some(p.clone()))));
    }
    let mut starts: HashMap<Key, Vec<usize>> = HashMap::new();
    for (k, (_, p)) in parts.iter().enumerate() {
        if let Some(first) = p.as_ref().and_then(|p| p.first()) {
            starts.entry(key(*first)).or_default().push(k);
        }
    }
    for k in 0..parts.len() {
        let Some(mut chain) = parts[k].1.take() else { continue };
        // Follow the chain: the earliest-listed unused part starting where this one ends.
        loop {
            let end = key(chain[chain.len() - 1]);
            let next = starts.get(&end).and_then(|c| c.iter().copied().find(|&j| j != k && parts[j].1.is_some()));
            let Some(j) = next else { break };
            let tail = parts[j].1.take().unwrap_or_default();
            chain.extend_from_slice(&tail[1..]);
        }
        parts[k].1 = Some(chain);
    }
    let mut out = vec![Vec::new(); lines.len()];
    for (i, p) in parts {
        if let Some(p) = p {
            out[i].push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(points: &[[f64; 2]]) -> Vec<DVec2> {
        points.iter().map(|p| DVec2::from_array(*p)).collect()
    }

    const CURVED: Curved = Curved { spacing: 250.0, max_angle: 45.0, keep_upright: true };

    #[test]
    fn long_lines_repeat_at_the_spacing_and_short_ones_fall_back() {
        let screen = DVec2::new(2000.0, 1000.0);
        let long = line(&[[0.0, 500.0], [1000.0, 500.0]]);
        let p = paths(&[long], &[10.0; 5], screen, &CURVED).unwrap();
        assert_eq!(p.len(), 4);
        assert_eq!(p.iter().map(|t| t.path_offset.unwrap()).collect::<Vec<_>>(), [125.0, 375.0, 625.0, 875.0]);
        let short = line(&[[0.0, 500.0], [40.0, 500.0]]);
        assert_eq!(paths(&[short], &[10.0; 5], screen, &CURVED), None);
    }

    #[test]
    fn lines_are_clipped_to_the_view_with_the_text_as_margin() {
        let screen = DVec2::new(100.0, 100.0);
        let across = line(&[[-5000.0, 50.0], [5000.0, 50.0]]);
        let p = paths(&[across], &[10.0; 3], screen, &CURVED).unwrap();
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].points, line(&[[-31.0, 50.0], [131.0, 50.0]]));
    }

    #[test]
    fn a_name_slides_off_a_sharp_bend_within_its_slot() {
        // A right angle at the middle of a 200-px line: a 40-px name centred there would bend
        // by 90°; it slides by sixteenths of the line until it is clear of the corner.
        let bent = line(&[[0.0, 500.0], [100.0, 500.0], [100.0, 400.0]]);
        let p = paths(&[bent], &[10.0; 4], DVec2::new(1000.0, 1000.0), &CURVED).unwrap();
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].path_offset, Some(100.0 - 2.0 * 200.0 / 16.0));
        assert!(p[0].layout().is_ok());
    }

    #[test]
    fn nested_copies_of_one_level_are_copies_of_the_next() {
        // A right angle at 500 px of a 1000-px line, and the line twice as long (the next zoom).
        let offsets = |scale: f64| {
            let l = line(&[[0.0, 0.0], [500.0 * scale, 0.0], [500.0 * scale, 500.0 * scale]]);
            let copies = nested(&l, &[10.0; 4], &CURVED).unwrap();
            copies.iter().map(|t| t.path_offset.unwrap() / scale).collect::<Vec<_>>()
        };
        // 1000 px: m = 4 (1000 / 4 = 250), copies at 1/4, 2/4, 3/4; the middle one on the
        // corner slides a sixteenth of 250 px back (its glyphs all before the corner).
        assert_eq!(offsets(1.0), [250.0, 500.0 - 250.0 / 16.0, 750.0]);
        // 2000 px: m = 8; each copy of 1000 px is again one (k/4 = 2k/8), with one between each.
        assert_eq!(offsets(2.0), [125.0, 250.0, 375.0, 500.0 - 125.0 / 16.0, 625.0, 750.0, 875.0]);
        // Under 2√2 · spacing: one copy at the middle; from there to 4√2 · spacing, three.
        let copies = |length: f64| nested(&line(&[[0.0, 0.0], [length, 0.0]]), &[10.0; 4], &CURVED).unwrap().len();
        assert_eq!((copies(707.0), copies(708.0), copies(1414.0), copies(1415.0)), (1, 3, 3, 7));
        assert_eq!(nested(&line(&[[0.0, 0.0], [30.0, 0.0]]), &[10.0; 4], &CURVED), None);
    }

    #[test]
    fn lines_of_one_name_meeting_end_to_start_are_merged() {
        let a = vec![line(&[[0.0, 0.0], [10.0, 0.0]])];
        let b = vec![line(&[[10.0, 0.0], [20.0, 5.0]])];
        let c = vec![line(&[[-10.0, 0.0], [0.0, 0.0]]), line(&[[100.0, 0.0], [110.0, 0.0]])];
        let merged = merge(&[a.clone(), b.clone()]);
        assert_eq!(merged[0], vec![line(&[[0.0, 0.0], [10.0, 0.0], [20.0, 5.0]])]);
        assert!(merged[1].is_empty(), "merged into the first");
        // c's first part ends where a starts: the chain goes to the line it starts on.
        let merged = merge(&[a, b, c]);
        assert!(merged[0].is_empty() && merged[1].is_empty());
        assert_eq!(merged[2].len(), 2);
        assert_eq!(merged[2][0], line(&[[-10.0, 0.0], [0.0, 0.0], [10.0, 0.0], [20.0, 5.0]]));
        // A ring cut in two closes without looping.
        let ring = merge(&[vec![line(&[[0.0, 0.0], [5.0, 5.0]])], vec![line(&[[5.0, 5.0], [0.0, 0.0]])]]);
        assert_eq!(ring[0], vec![line(&[[0.0, 0.0], [5.0, 5.0], [0.0, 0.0]])]);
    }
}
