//! The turn check of a reused frame's texts along lines (`turned.rs`): what turned, and what
//! rounding alone does not turn.

use super::tests::{projected, street};
use super::*;
use crate::{Camera, WorldLabel};

/// Whether `now` turned against `before` (the same label's line in the last and this frame,
/// the screen moved by `shift` px between them; its glyphs 16 px high), as a reused frame
/// marks it.
fn turned(before: ScreenPath, now: ScreenPath, shift: DVec2) -> bool {
    padded_turned(before, now, shift, 0.0)
}

/// [`turned`] for a label whose boxes have `padding` px.
fn padded_turned(before: ScreenPath, now: ScreenPath, shift: DVec2, padding: f64) -> bool {
    let mut label = WorldLabel::along_path(0, before.path.clone(), 16.0);
    label.style.padding = padding;
    let line = label.symbol.path.as_ref().map(|p| Box::new(WorldLine::new(p)));
    let last = LastGlyphs::of(&mut [Some(before)], &[0]);
    let mut lines = [Some(now)];
    last.mark(&mut lines, (&[label], &[line]), shift);
    lines[0].as_ref().unwrap().turned
}

/// A glyph whose centre crosses a vertex of its line reads along the next segment, and a text
/// whose line reverses reads the other way round: both turned; a pan that keeps every glyph
/// on its segment did not turn.
#[test]
fn a_glyph_across_a_vertex_or_a_reversed_text_turned_and_a_pan_did_not() {
    let p = Projection::new(&Camera::new(DVec2::new(100.0, 100.0), 0.0, 400.0, 300.0));
    let on = |points: &[[f64; 2]], advances: &[f64], offset: f64| {
        let mut world = street(points, advances);
        world.path_offset = Some(offset);
        projected(&world, &p).expect("in front of the camera")
    };
    // One glyph of 8 px on a line that turns by 45° at (100, 100).
    let bend = [[60.0, 100.0], [100.0, 100.0], [140.0, 140.0]];
    let still = DVec2::ZERO;
    assert!(turned(on(&bend, &[8.0], 39.999), on(&bend, &[8.0], 40.001), still), "across the vertex");
    let (a, b) = (on(&bend, &[8.0], 20.0), on(&bend, &[8.0], 30.0));
    assert!(!turned(a.clone(), a.clone(), still), "the same");
    assert!(turned(a, b, still), "moved along its segment while the screen did not");
    // A bend between two directions mirrored about 72.3° (which a weighted sum of the axes'
    // coordinates cannot tell apart: review 11c).
    let u = DVec2::new(1.0, std::f64::consts::PI).normalize();
    let (a, b) = (DVec2::from_angle(-15f64.to_radians()).rotate(u), DVec2::from_angle(15f64.to_radians()).rotate(u));
    let v = DVec2::new(100.0, 100.0);
    let mirror = [(v - a * 40.0).to_array(), v.to_array(), (v + b * 40.0).to_array()];
    assert!(turned(on(&mirror, &[8.0], 39.999), on(&mirror, &[8.0], 40.001), still), "the mirrored bend");
    // The same text on a line drawn the other way reads reversed: its glyphs swap ends.
    let (right, left) = ([[60.0, 100.0], [140.0, 100.0]], [[140.0, 100.0], [60.0, 100.0]]);
    assert!(turned(on(&right, &[6.0, 10.0], 40.0), on(&left, &[6.0, 10.0], 40.0), still), "reversed");
    // Every glyph of a longer text moved by a pan, none across a vertex.
    let world = street(&bend, &[6.0, 7.0, 5.0, 6.0]);
    let moved = Projection::new(&Camera::new(DVec2::new(103.25, 97.5), 0.0, 400.0, 300.0));
    let shift = p.translation_to(&moved).unwrap();
    assert!(!turned(projected(&world, &p).unwrap(), projected(&world, &moved).unwrap(), shift));
}

/// Densely sampled curves (bends of 0.01° to 0.05° a vertex, at several zooms and bearings;
/// arcs of radius 400 px on screen) under small pans: no glyph turns, though rounding moves
/// every axis a little. Moved across a vertex by 10⁻⁶ px, a glyph turns by the bend there and
/// is caught. And a glyph of 200 px that turns by 5·10⁻⁵° (which a bound of 10⁻⁶ on the axis
/// alone let through) moves its corners by 9·10⁻⁵ px: turned.
#[test]
fn a_dense_curve_turns_no_glyph_under_pans_and_a_bend_of_a_hundredth_of_a_degree_is_caught() {
    let cases: [(f64, f64, f64); 4] = [(0.0, 0.0, 0.01), (2.0, 17.0, 0.02), (3.5, 30.0, 0.05), (5.0, 0.0, 0.01)];
    for (k, (zoom, bearing, bend)) in cases.into_iter().enumerate() {
        let (scale, step) = (2f64.powf(zoom), bend.to_radians());
        // An arc reading to the right, a vertex every `bend` degrees.
        let r = 400.0 / scale;
        let arc = |t: f64| DVec2::new(120.0 + r * t.sin(), 60.0 - r * t.cos());
        let points: Vec<[f64; 2]> = (0..(1.2 / step) as usize).map(|i| arc(i as f64 * step).to_array()).collect();
        let world = street(&points, &[7.0; 24]).with_max_angle(90.0);
        let camera = |c: DVec2| Camera::new(c, zoom, 1200.0, 900.0).with_bearing(bearing);
        let base = Projection::new(&camera(arc(0.6)));
        let before = projected(&world, &base).unwrap();
        assert!(before.layout.is_ok(), "case {k}: {:?}", before.layout);
        for i in 1..30 {
            let pan = DVec2::new(f64::from(i) * 0.0371, -f64::from(i) * 0.0193) / scale;
            let moved = Projection::new(&camera(arc(0.6) + pan));
            let shift = base.translation_to(&moved).unwrap();
            let now = projected(&world, &moved).unwrap();
            assert!(!turned(before.clone(), now, shift), "case {k}, pan {i}: a false alarm");
        }
        // Glyph 0 centred 10⁻⁶ px before, then after, vertex 200.
        let vertex = 200.0 * 2.0 * r * (step / 2.0).sin();
        let at = |d: f64| {
            let offset = vertex + (d + (world.text_length() - 7.0) / 2.0) / scale;
            projected(&world.clone().with_path_offset(offset), &base).unwrap()
        };
        let (a, b) = (at(-1e-6), at(1e-6));
        let axis = |p: &ScreenPath| p.layout.as_ref().unwrap().glyphs[0].axis;
        assert!((axis(&a) - axis(&b)).length() > 0.5 * step, "case {k}: glyph 0 crossed the vertex");
        assert!(turned(a, b, DVec2::ZERO), "case {k}: a turn of {bend}° caught");
    }
    let flat = Projection::new(&Camera::new(DVec2::new(300.0, 100.0), 0.0, 1200.0, 900.0));
    let tiny = 5e-5f64.to_radians();
    let kink = [[0.0, 100.0], [300.0, 100.0], [300.0 + 300.0 * tiny.cos(), 100.0 - 300.0 * tiny.sin()]];
    let wide = |offset: f64| projected(&street(&kink, &[200.0]).with_path_offset(offset), &flat).unwrap();
    assert!(turned(wide(299.999_999), wide(300.000_001), DVec2::ZERO), "a wide glyph's tiny turn");
}

/// The padding counts: a glyph of 8×16 px turned by 2·10⁻⁶ rad moves its corners by 1.8·10⁻⁵
/// px, under `MOVE / 2` (3.05·10⁻⁵); padded by 30 px, its box's corners lie 51 px from its
/// centre and move by 10⁻⁴ px: turned. Padded by 12 px, 25.6 px and 5.1·10⁻⁵ px, 1.7 times
/// `MOVE / 2`: turned (a bound of `MOVE` on the axis alone would miss it).
#[test]
fn a_padded_glyphs_turn_moves_its_corners_further() {
    let flat = Projection::new(&Camera::new(DVec2::new(300.0, 100.0), 0.0, 1200.0, 900.0));
    let turn = 2e-6f64;
    let kink = [[0.0, 100.0], [300.0, 100.0], [300.0 + 300.0 * turn.cos(), 100.0 - 300.0 * turn.sin()]];
    let glyph = |offset: f64| projected(&street(&kink, &[8.0]).with_path_offset(offset), &flat).unwrap();
    let (a, b) = (glyph(299.999_999), glyph(300.000_001));
    let axis = |p: &ScreenPath| p.layout.as_ref().unwrap().glyphs[0].axis;
    assert!(((axis(&a) - axis(&b)).length() - turn).abs() < 1e-9, "the glyph crossed the kink");
    assert!(!turned(a.clone(), b.clone(), DVec2::ZERO), "unpadded, it reads as before");
    assert!(padded_turned(a.clone(), b.clone(), DVec2::ZERO, 12.0), "padded by 12 px, it turned");
    assert!(padded_turned(a, b, DVec2::ZERO, 30.0), "padded, it turned");
}
