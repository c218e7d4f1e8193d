//! Every boundary has a tolerance (contract §3, §3b, §4 step 3a): inputs that meet a boundary
//! exactly in decimal arithmetic — a text exactly as long as its room, collinear points under
//! `max_angle: 0`, two labels of a group exactly `repeat_distance` apart — are decided as the
//! contract says, whatever f64 makes of them, at any angle and any distance from the origin;
//! and the engine's answers at τ/2 and 2τ (α/2 and 2α) on each side of each boundary.

mod common;

use common::config;
use glam::DVec2;
use label_core::tolerance::{ANGLE, LENGTH};
use label_core::{HiddenReason, Label, PathFailure, PlacementOptions, Symbol, TextPath, place_symbols};
use proptest::prelude::*;

fn points(p: &[[f64; 2]]) -> Vec<DVec2> {
    p.iter().map(|q| DVec2::from_array(*q)).collect()
}

/// The reasons of a batch of labels `size` px square at `at`, each with its symbol.
fn reasons(at: &[DVec2], size: f64, symbols: Vec<Symbol>) -> Vec<Option<HiddenReason>> {
    let labels: Vec<Label> = at.iter().map(|p| Label::new(p.x, p.y, size, size)).collect();
    let placement = place_symbols(&labels, &symbols, &[], &PlacementOptions::default()).unwrap();
    placement.outcomes.iter().map(|o| o.reason).collect()
}

/// The reasons of one path label placed in a batch (its label's own box is not used).
fn path_reason(path: TextPath) -> Option<HiddenReason> {
    reasons(&[DVec2::ZERO], 10.0, vec![Symbol::default().with_path(path)])[0]
}

#[test]
fn a_text_exactly_as_long_as_its_room_fits() {
    // In f64, 100.5 − 100.2 is 3e-15 px shorter than 0.1 + 0.2.
    let (room, text) = (std::hint::black_box(100.5) - 100.2, std::hint::black_box(0.1) + 0.2);
    assert!(room < text, "the rounding this test is about");
    let path = TextPath::new(points(&[[100.2, 50.0], [100.5, 50.0]]), vec![0.1, 0.2]);
    assert!(path.layout().is_ok());
    assert_eq!(path_reason(path), None);
}

#[test]
fn collinear_points_never_bend_a_text() {
    // (0.1, 0.1), (0.4, 0.5), (1.0, 1.3) are collinear; in f64 the two segments' directions
    // differ by 6.4e-15°. Three glyphs: the first on the first segment, the others on the second.
    let line = points(&[[0.1, 0.1], [0.4, 0.5], [1.0, 1.3]]);
    let path = TextPath::new(line, vec![0.3; 3]).with_max_angle(0.0).with_keep_upright(false);
    let l = path.layout().unwrap();
    assert_ne!(l.glyphs[0].axis, l.glyphs[2].axis, "the rounding this test is about");
    assert_eq!(path_reason(path), None);
}

#[test]
fn labels_exactly_the_repeat_distance_apart_are_not_repeats() {
    // In f64, |(0.6, 0.3) − (0.3, 0.7)| is a hair below 0.5.
    let (a, b) = (DVec2::new(0.3, 0.7), DVec2::new(0.6, 0.3));
    assert!((a - b).length() < 0.5);
    let group = Symbol::default().with_repeat(1, 0.5);
    assert_eq!(reasons(&[a, b], 0.1, vec![group.clone(), group]), [None, None]);
}

/// Probes on each side of each boundary, in tolerances: within half of one the boundary's side
/// wins, by two the other.
const PROBES: [f64; 4] = [-2.0, -0.5, 0.5, 2.0];

#[test]
fn probes_about_the_room_of_a_text() {
    for k in PROBES {
        let fits = if k < 1.0 { None } else { Some(HiddenReason::NoRoom) };
        // The end: a 30-px text on a path `k` τ shorter.
        let short =
            TextPath::new(points(&[[0.0, 0.0], [30.0 - k * LENGTH, 0.0]]), vec![10.0; 3]).with_path_offset(15.0);
        assert_eq!(path_reason(short), fits, "end, {k}τ");
        // The start: centred `k` τ before the middle of its room at the path's start.
        let early =
            TextPath::new(points(&[[0.0, 0.0], [100.0, 0.0]]), vec![10.0; 3]).with_path_offset(15.0 - k * LENGTH);
        assert_eq!(path_reason(early), fits, "start, {k}τ");
    }
}

#[test]
fn probes_about_max_angle() {
    for max_angle in [0.0, 30.0, 45.0, 90.0, 150.0] {
        for k in PROBES {
            if max_angle == 0.0 && k < 0.0 {
                continue; // no turn is less than none
            }
            let turn = (max_angle + k * ANGLE).to_radians();
            // Two glyphs either side of the bend at (0, 0).
            let line = vec![DVec2::new(-20.0, 0.0), DVec2::ZERO, DVec2::new(turn.cos(), -turn.sin()) * 20.0];
            let path = TextPath::new(line, vec![8.0, 8.0]).with_path_offset(20.0).with_max_angle(max_angle);
            let want = if k < 1.0 { None } else { Some(HiddenReason::TooCurved) };
            assert_eq!(path_reason(path), want, "{max_angle}° {k}α");
        }
    }
}

#[test]
fn probes_about_the_repeat_distance() {
    for k in PROBES {
        let at = [DVec2::new(10.0, 10.0), DVec2::new(60.0 + k * LENGTH, 10.0)];
        let group = Symbol::default().with_repeat(1, 50.0);
        let want = if k > -1.0 { None } else { Some(HiddenReason::Repeat) };
        assert_eq!(reasons(&at, 4.0, vec![group.clone(), group])[1], want, "{k}τ apart");
    }
}

/// Directions whose length is a whole number: a Pythagorean triple `(a, b, c)` turned by a
/// multiple of 90° and maybe mirrored, so that decimal points along them are at decimal
/// distances, at angles all round the circle.
fn direction() -> impl Strategy<Value = (DVec2, f64)> {
    let triples = prop::sample::select(vec![
        (1.0, 0.0, 1.0),
        (3.0, 4.0, 5.0),
        (5.0, 12.0, 13.0),
        (8.0, 15.0, 17.0),
        (20.0, 21.0, 29.0),
    ]);
    (triples, 0..4u8, any::<bool>()).prop_map(|((a, b, c), quarter, mirror)| {
        let (a, b) = if mirror { (b, a) } else { (a, b) };
        let v = match quarter {
            0 => DVec2::new(a, b),
            1 => DVec2::new(-b, a),
            2 => DVec2::new(-a, -b),
            _ => DVec2::new(b, -a),
        };
        (v, c)
    })
}

/// A decimal point with two decimals, up to 10⁶ px from the origin.
fn decimal_point() -> impl Strategy<Value = (i64, i64)> {
    (-100_000_000..100_000_000i64, -100_000_000..100_000_000i64)
}

/// `cents` hundredths.
fn dec(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// A decimal point moved by `steps` hundredths along the whole-number direction `v`.
fn along((x, y): (i64, i64), v: DVec2, steps: i64) -> DVec2 {
    DVec2::new(dec(x + steps * v.x as i64), dec(y + steps * v.y as i64))
}

/// `total` hundredths cut into `n` positive parts at the cuts `cuts` (each in `1..total`).
fn split(total: i64, cuts: &[i64]) -> Vec<f64> {
    let mut at: Vec<i64> = cuts.iter().map(|c| c.rem_euclid(total - 1) + 1).collect();
    at.sort_unstable();
    at.dedup();
    let mut parts = Vec::new();
    let mut last = 0;
    for c in at.into_iter().chain([total]) {
        parts.push(dec(c - last));
        last = c;
    }
    parts
}

proptest! {
    #![proptest_config(config(2000))]

    /// A text exactly as long as its room — the whole path, or its room before or after an
    /// offset at a decimal arc length — fits; a hundredth longer, it does not. On two or three
    /// collinear points with `max_angle` 0.
    #[test]
    fn decimal_texts_as_long_as_their_room_fit(
        start in decimal_point(),
        (v, c) in direction(),
        steps in 2..5_000i64,
        middle in prop::option::of(1..5_000i64),
        cuts in prop::collection::vec(any::<i64>(), 0..6),
        room in 0..3u8,
    ) {
        let c = c as i64;
        let end = along(start, v, steps);
        let mut line = vec![along(start, v, 0)];
        if let Some(m) = middle.filter(|&m| m < steps) {
            line.push(along(start, v, m));
        }
        line.push(end);
        let length = steps * c; // hundredths
        // The text's length (hundredths) and where its middle sits (thousandths).
        let (text, offset_thousandths) = match room {
            0 => (length, None),
            1 => (length / 2 + 1, Some((length / 2 + 1) * 5)), // from the start
            _ => (length / 2 + 1, Some(length * 10 - (length / 2 + 1) * 5)), // to the end
        };
        let advances = split(text, &cuts);
        let path = |advances: Vec<f64>| {
            let p = TextPath::new(line.clone(), advances).with_max_angle(0.0);
            match offset_thousandths {
                Some(o) => p.with_path_offset(o as f64 / 1000.0),
                None => p,
            }
        };
        prop_assert!(path(advances.clone()).layout().is_ok(), "{:?}", path(advances.clone()));
        let mut longer = advances;
        longer[0] += 0.01;
        prop_assert_eq!(path(longer).layout().err(), Some(PathFailure::NoRoom));
    }

    /// Glyphs either side of a right angle at a decimal vertex, in any direction, fit a
    /// `max_angle` of 90 exactly, and are too curved for 89.99.
    #[test]
    fn a_decimal_right_angle_meets_max_angle_90(
        start in decimal_point(),
        (v, _) in direction(),
        left in any::<bool>(),
        steps in 10..2_000i64,
        glyph in 1..10i64,
    ) {
        let turned = if left { v.perp() } else { -v.perp() };
        let corner = (start.0 + steps * v.x as i64, start.1 + steps * v.y as i64);
        let line = vec![along(start, v, 0), along(corner, v, 0), along(corner, turned, steps)];
        let c = v.length();
        let path = TextPath::new(line, vec![dec(glyph); 2]).with_path_offset(dec(steps) * c);
        prop_assert!(path.clone().with_max_angle(90.0).layout().is_ok());
        prop_assert_eq!(path.with_max_angle(89.99).layout().err(), Some(PathFailure::TooCurved));
    }

    /// Two labels of a group exactly `repeat_distance` apart, in any direction, both show; a
    /// hundredth closer, the later one is a repeat.
    #[test]
    fn decimal_labels_exactly_the_repeat_distance_apart_both_show(
        start in decimal_point(),
        (v, c) in direction(),
        steps in 200..5_000i64,
    ) {
        let at = [along(start, v, 0), along(start, v, steps)];
        let distance = dec(steps * c as i64);
        let exact = Symbol::default().with_repeat(7, distance);
        prop_assert_eq!(reasons(&at, 1.0, vec![exact.clone(), exact]), vec![None, None]);
        let wider = Symbol::default().with_repeat(7, distance + 0.01);
        prop_assert_eq!(reasons(&at, 1.0, vec![wider.clone(), wider])[1], Some(HiddenReason::Repeat));
    }
}
