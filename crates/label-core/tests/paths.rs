//! Text along a line (contract §3b "Path"): the engine's layout against the plain reference
//! of the test suite (`common::symbol_reference::reference_path`) on random polylines — glyph centres exactly on
//! inner vertices, upright reversal both ways, `no_room` and `too_curved` at their boundaries —
//! and the placement of path labels glyph box by glyph box (contract §4).

mod common;

use common::symbol_reference::reference_path;
use common::*;
use glam::DVec2;
use label_core::{HiddenReason, Label, PathFailure, PlacementOptions, Symbol, TextPath, place_symbols};
use proptest::prelude::*;

/// The engine's layout as the reference gives it: anchor and glyph boxes, or the reason.
fn engine(p: &TextPath, height: f64, padding: f64) -> Result<(DVec2, Vec<label_core::Obb>), HiddenReason> {
    p.layout()
        .map(|l| (l.anchor, l.glyphs.iter().map(|g| g.obb(height, padding, DVec2::ZERO)).collect()))
        .map_err(HiddenReason::from)
}

fn points(p: &[[f64; 2]]) -> Vec<DVec2> {
    p.iter().map(|q| DVec2::from_array(*q)).collect()
}

/// A path of two segments of `first` and `second` px meeting at the origin with a turn of
/// `degrees` (counter-clockwise on screen), starting rightwards.
fn bent(first: f64, second: f64, degrees: f64) -> Vec<DVec2> {
    let r = degrees.to_radians();
    vec![DVec2::new(-first, 0.0), DVec2::ZERO, DVec2::new(r.cos(), -r.sin()) * second]
}

proptest! {
    #![proptest_config(config(1500))]

    /// Random polylines of every shape through the generator itself (shrinkable).
    #[test]
    fn random_polylines_equal_the_reference(
        path in (any::<bool>(), -500.0..500.0f64, -500.0..500.0f64).prop_flat_map(|(e, x, y)| arb_text_path(e, x.round(), y.round())),
        height in 1.0..20.0f64,
    ) {
        prop_assert_eq!(engine(&path, height, 0.0), reference_path(&path, height, 0.0));
        // Every glyph fits the path: its centre lies on it, between the ends.
        if let Ok(l) = path.layout() {
            prop_assert_eq!(l.glyphs.len(), path.glyph_advances.len());
            for w in l.glyphs.windows(2) {
                let step = (w[1].center - w[0].center).length();
                prop_assert!(step <= (w[0].advance + w[1].advance) / 2.0 + 1e-9, "glyphs follow each other along the line");
            }
        }
    }

    /// Upright both ways: the same line drawn the other way round, with the offset measured
    /// from the other end, is reversed exactly when the first is not, and gives the same glyphs;
    /// without `keep_upright` a text reads as its line is drawn.
    #[test]
    fn upright_reversal_both_ways(path in (-100.0..100.0f64, -100.0..100.0f64).prop_flat_map(|(x, y)| arb_text_path(false, x, y))) {
        let path = path.with_keep_upright(true);
        let length = path.length();
        let mut other = path.clone();
        other.points.reverse();
        other.path_offset = Some(length - path.path_offset.unwrap_or(length / 2.0));
        match (path.layout(), other.layout()) {
            (Ok(a), Ok(b)) => {
                prop_assert_ne!(a.reversed, b.reversed);
                prop_assert!((a.anchor - b.anchor).length() < 1e-6);
                for (g, h) in a.glyphs.iter().zip(&b.glyphs) {
                    prop_assert!((g.center - h.center).length() < 1e-6 && (g.axis - h.axis).length() < 1e-9, "{:?} vs {:?}", g, h);
                }
                // A single glyph sits on the anchor point: it reads rightwards or upwards.
                if let [g] = a.glyphs.as_slice() {
                    prop_assert!(g.axis.x > 0.0 || (g.axis.x == 0.0 && g.axis.y < 0.0), "{:?}", g);
                }
            }
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            (a, b) => prop_assert!(false, "one way fits, the other not: {:?} {:?}", a, b),
        }
        if let Ok(raw) = path.with_keep_upright(false).layout() {
            prop_assert!(!raw.reversed);
        }
    }
}

#[test]
fn glyph_centres_on_inner_vertices_take_the_following_segment() {
    // A staircase of 10-px steps, right then up; 10-px glyphs from arc length 0: the centres
    // at 5, 15, 25, … never touch a vertex; from 5 (offset 5 + L/2) every centre is a vertex.
    let stairs = points(&[[0.0, 0.0], [10.0, 0.0], [10.0, -10.0], [20.0, -10.0], [20.0, -20.0], [30.0, -20.0]]);
    let path = TextPath::new(stairs, vec![10.0; 4]).with_max_angle(90.0).with_path_offset(25.0);
    let l = path.layout().unwrap();
    let want = [
        ([10.0, 0.0], [0.0, -1.0]),
        ([10.0, -10.0], [1.0, 0.0]),
        ([20.0, -10.0], [0.0, -1.0]),
        ([20.0, -20.0], [1.0, 0.0]),
    ];
    for (g, (c, u)) in l.glyphs.iter().zip(want) {
        assert_eq!((g.center, g.axis), (DVec2::from_array(c), DVec2::from_array(u)));
    }
    assert_eq!(engine(&path, 8.0, 1.0), reference_path(&path, 8.0, 1.0));
}

#[test]
fn no_room_at_its_boundary() {
    // A 30-px line: 3 glyphs of 10 px fit exactly, centred; moved by more than τ they do not.
    let line = points(&[[0.0, 0.0], [12.5, 0.0], [30.0, 0.0]]);
    let path = TextPath::new(line.clone(), vec![10.0; 3]);
    assert!(path.layout().is_ok());
    for offset in [14.99, 15.01, 0.0, 30.0, -5.0, 1e9] {
        assert_eq!(path.clone().with_path_offset(offset).layout(), Err(PathFailure::NoRoom), "{offset}");
    }
    assert_eq!(TextPath::new(line.clone(), vec![10.0, 10.0, 10.01]).layout(), Err(PathFailure::NoRoom));
    // Reversed, the offset counts from the other end: 10 from the start is 20 from the end.
    let back: Vec<DVec2> = line.iter().rev().copied().collect();
    let two = TextPath::new(back, vec![10.0, 10.0]);
    let l = two.clone().with_path_offset(10.0).layout().unwrap();
    assert!(l.reversed && l.anchor == DVec2::new(20.0, 0.0), "{l:?}");
    assert_eq!(l.glyphs[1].center, DVec2::new(25.0, 0.0), "the text ends at the line's end");
    assert_eq!(two.clone().with_path_offset(9.99).layout(), Err(PathFailure::NoRoom));
    assert!(two.clone().with_path_offset(20.0).layout().is_ok());
    assert_eq!(two.with_path_offset(20.01).layout(), Err(PathFailure::NoRoom));
}

#[test]
fn too_curved_at_its_boundary() {
    for turn in [10.0, 30.0, 44.0, 60.0, 89.0, 120.0, 170.0] {
        for sign in [1.0, -1.0] {
            // Two glyphs either side of the bend.
            let path = TextPath::new(bent(50.0, 50.0, sign * turn), vec![8.0, 8.0]).with_path_offset(50.0);
            assert_eq!(path.clone().with_max_angle(turn - 1e-5).layout(), Err(PathFailure::TooCurved), "{turn}");
            assert!(path.clone().with_max_angle(turn - 1e-7).layout().is_ok(), "{turn}: within α");
            for max in [turn - 1e-5, turn - 1e-7, turn + 1e-6] {
                let p = path.clone().with_max_angle(max);
                assert_eq!(engine(&p, 10.0, 0.0), reference_path(&p, 10.0, 0.0), "{turn} {max}");
            }
        }
    }
    // The quarter turn exactly: not more than 90°.
    let square = TextPath::new(points(&[[0.0, 0.0], [20.0, 0.0], [20.0, -20.0]]), vec![10.0, 10.0]);
    assert!(square.clone().with_max_angle(90.0).layout().is_ok());
    assert_eq!(square.with_max_angle(89.9999).layout(), Err(PathFailure::TooCurved));
}

#[test]
fn two_curved_names_interleave_where_their_bounds_meet() {
    // Two texts along the same arc of a circle, one offset outward by more than the line
    // height: their bounds overlap widely, their glyphs never — both are shown. Moved onto the
    // same arc, the later one is hidden by the earlier.
    let arc = |r: f64| -> Vec<DVec2> {
        (0..=16)
            .map(|k| f64::from(k) * 180.0 / 16.0)
            .map(|a: f64| DVec2::new(-r * a.to_radians().cos(), -r * a.to_radians().sin()))
            .collect()
    };
    let label = Label::new(0.0, 0.0, 1.0, 10.0);
    let text = vec![8.0; 12];
    let symbols = [
        Symbol::default().with_path(TextPath::new(arc(100.0), text.clone())),
        Symbol::default().with_path(TextPath::new(arc(115.0), text.clone())),
    ];
    let labels = [label.clone().with_priority(1.0), label.clone()];
    let options = PlacementOptions::default();
    let p = place_symbols(&labels, &symbols, &[], &options).unwrap();
    assert!(p.outcomes.iter().all(|o| o.visible), "{:?}", p.outcomes);
    let same = [symbols[0].clone(), symbols[0].clone()];
    let p = place_symbols(&labels, &same, &[], &options).unwrap();
    assert_eq!(p.outcomes[1].hidden_by, Some(label_core::Blocker::Label(0)));
    assert_eq!(p.stats.visible, 1);
}

#[test]
fn bad_paths_are_named() {
    let label = Label::new(0.0, 0.0, 1.0, 10.0);
    let check = |path: TextPath| match place_symbols(
        std::slice::from_ref(&label),
        &[Symbol::default().with_path(path)],
        &[],
        &PlacementOptions::default(),
    ) {
        Err(label_core::Error::InvalidLabel { index: 0, field, .. }) => field,
        other => panic!("{other:?}"),
    };
    let line = points(&[[0.0, 0.0], [10.0, 0.0]]);
    assert_eq!(check(TextPath::new(points(&[[0.0, 0.0]]), vec![1.0])), "path");
    assert_eq!(check(TextPath::new(points(&[[0.0, 0.0], [0.0, 0.0]]), vec![1.0])), "path");
    assert_eq!(check(TextPath::new(points(&[[0.0, f64::NAN], [1.0, 0.0]]), vec![1.0])), "path");
    assert_eq!(check(TextPath::new(line.clone(), vec![])), "glyph_advances");
    assert_eq!(check(TextPath::new(line.clone(), vec![1.0, 0.0])), "glyph_advances");
    assert_eq!(check(TextPath::new(line.clone(), vec![1.0]).with_path_offset(f64::INFINITY)), "path_offset");
    assert_eq!(check(TextPath::new(line.clone(), vec![1.0]).with_max_angle(-1.0)), "max_angle");
    assert_eq!(check(TextPath::new(line.clone(), vec![1.0]).with_max_angle(181.0)), "max_angle");
    let with_icon =
        Symbol::default().with_path(TextPath::new(line, vec![1.0])).with_icon(label_core::Icon::new(2.0, 2.0));
    assert!(matches!(
        place_symbols(&[label], &[with_icon], &[], &PlacementOptions::default()),
        Err(label_core::Error::InvalidLabel { field: "icon", .. })
    ));
}

/// The generator puts glyph centres exactly on inner vertices, hides texts for both reasons
/// and reverses texts, so the properties above exercise each.
#[test]
fn the_generator_reaches_vertices_and_both_reasons() {
    use proptest::strategy::{Strategy, ValueTree};
    let mut runner = proptest::test_runner::TestRunner::new(config(1));
    let (mut on_vertex, mut no_room, mut too_curved, mut reversed) = (0, 0, 0, 0);
    for k in 0..2000 {
        let path = arb_text_path(k % 2 == 0, 0.0, 0.0).new_tree(&mut runner).unwrap().current();
        match path.layout() {
            Ok(l) => {
                reversed += usize::from(l.reversed);
                let inner = &path.points[1..path.points.len() - 1];
                on_vertex += l.glyphs.iter().filter(|g| inner.contains(&g.center)).count();
            }
            Err(PathFailure::NoRoom) => no_room += 1,
            Err(PathFailure::TooCurved) => too_curved += 1,
        }
    }
    assert!(
        on_vertex > 0 && no_room > 0 && too_curved > 0 && reversed > 0,
        "{on_vertex} {no_room} {too_curved} {reversed}"
    );
}
