//! Text along a line in frames, case by case: glyphs on the projected line, collisions glyph
//! box by glyph box, `no_room` and `too_curved` as the camera moves, upright under any
//! bearing, bad lines named. (Random ones: `camera_paths.rs` against the brute-force
//! definition, and the `frames` fuzz target.)

mod common;

use common::*;
use glam::DVec2;
use label_core::{Blocker, Candidate, Obb, PathFailure, Symbol, TextPath};
use label_frame::{
    Alignment, Anchor, Camera, FrameEngine, FrameError, FrameKind, FrameOptions, HiddenReason, WorldLabel,
};

/// A line through screen points of [`flat_camera`], in world px.
fn line(points: &[[f64; 2]], advances: &[f64]) -> TextPath {
    let world = |p: &[f64; 2]| CENTER + (DVec2::from_array(*p) - DVec2::new(200.0, 150.0)) / FLAT_SCALE;
    TextPath::new(points.iter().map(world).collect(), advances.to_vec())
}

fn engine(labels: Vec<WorldLabel>) -> FrameEngine {
    let mut e = FrameEngine::new(FrameOptions::default().with_fade_ms(0.0)).unwrap();
    e.set_labels(labels).unwrap();
    e
}

#[test]
fn glyphs_sit_on_the_projected_line_and_are_what_is_drawn() {
    // An L: 60 px right, then 60 px up; 6 glyphs of 10 px centred on the corner.
    let l = line(&[[140.0, 150.0], [200.0, 150.0], [200.0, 90.0]], &[10.0; 6]).with_max_angle(90.0);
    let mut e = engine(vec![WorldLabel::along_path(1, l, 12.0)]);
    let frame = e.place_frame(&flat_camera(), 0.0).unwrap().clone();
    assert!(frame.labels[0].visible);
    let glyphs = e.screen_glyphs(0).unwrap().unwrap().glyphs;
    let centres: Vec<DVec2> = glyphs.iter().map(|g| g.center).collect();
    let want = [[175.0, 150.0], [185.0, 150.0], [195.0, 150.0], [200.0, 145.0], [200.0, 135.0], [200.0, 125.0]];
    assert_eq!(centres, want.map(DVec2::from_array));
    assert_eq!(glyphs[3].axis, DVec2::new(0.0, -1.0));
    let drawn = e.drawn_boxes(0);
    let boxes: Vec<Obb> = glyphs.iter().map(|g| g.obb(12.0, 0.0, DVec2::ZERO)).collect();
    assert_eq!(drawn, boxes);
    assert_eq!(frame.labels[0].pose.unwrap().position, DVec2::new(200.0, 150.0), "the anchor: the line's middle");
}

#[test]
fn a_label_inside_the_bend_but_clear_of_every_glyph_shows() {
    // The L's glyphs, and a box in the corner's inside that the glyphs' bounds cover but no
    // glyph does: both show. Moved onto a glyph, the box is hidden by the street.
    let l = line(&[[140.0, 150.0], [200.0, 150.0], [200.0, 90.0]], &[10.0; 6]).with_max_angle(90.0);
    let street = WorldLabel::along_path(1, l, 12.0).with_priority(2.0);
    let inside = at_screen(2, 185.0, 130.0, 16.0, 8.0);
    let mut e = engine(vec![street.clone(), inside]);
    let frame = e.place_frame(&flat_camera(), 0.0).unwrap();
    assert!(frame.labels[0].visible && frame.labels[1].visible);
    let mut e = engine(vec![street, at_screen(2, 190.0, 140.0, 16.0, 8.0)]);
    let frame = e.place_frame(&flat_camera(), 0.0).unwrap();
    assert!(frame.labels[0].visible && !frame.labels[1].visible);
    assert_eq!(frame.labels[1].hidden_by, Some(Blocker::Label(0)));
}

#[test]
fn zooming_out_leaves_no_room_and_a_sharp_bend_is_too_curved() {
    // 80 px of line at zoom 2 holds 60 px of text; at zoom 1 it is 40 px: no room.
    let straight = line(&[[160.0, 150.0], [240.0, 150.0]], &[10.0; 6]);
    // A right angle in the middle of the text with the default 45°.
    let bent = line(&[[140.0, 200.0], [200.0, 200.0], [200.0, 140.0]], &[10.0; 4]);
    let mut e = engine(vec![WorldLabel::along_path(1, straight, 12.0), WorldLabel::along_path(2, bent, 12.0)]);
    let frame = e.place_frame(&flat_camera(), 0.0).unwrap().clone();
    assert!(frame.labels[0].visible);
    assert_eq!(frame.labels[1].reason, Some(HiddenReason::TooCurved));
    assert_eq!(e.screen_glyphs(1), Some(Err(PathFailure::TooCurved)));
    let out = Camera::new(CENTER, 1.0, 400.0, 300.0);
    let frame = e.place_frame(&out, 16.0).unwrap();
    assert_eq!(frame.labels[0].reason, Some(HiddenReason::NoRoom));
    assert_eq!(frame.labels[0].hidden_by, None);
    assert!(!frame.labels[0].in_view());
    assert_eq!(frame.stats.hidden_unfit, 2);
    assert_eq!(HiddenReason::NoRoom.name(), "no_room");
}

#[test]
fn the_text_stays_upright_whatever_the_bearing() {
    let l = line(&[[160.0, 150.0], [240.0, 150.0]], &[10.0; 4]);
    let mut e = engine(vec![WorldLabel::along_path(1, l, 12.0)]);
    for bearing in [0.0, 60.0, 120.0, 180.0, 240.0, 300.0] {
        e.place_frame(&flat_camera().with_bearing(bearing), 0.0).unwrap();
        let layout = e.screen_glyphs(0).unwrap().unwrap();
        let axis = layout.glyphs[0].axis;
        assert!(axis.x > 0.0 || (axis.x == 0.0 && axis.y < 0.0), "bearing {bearing}: {axis}");
        assert_eq!(layout.reversed, (90.0..270.0).contains(&bearing), "bearing {bearing}");
    }
}

#[test]
fn under_pitch_the_glyphs_follow_the_projected_line() {
    let l = line(&[[100.0, 150.0], [200.0, 120.0], [300.0, 150.0]], &[9.0; 8]);
    let camera = flat_camera().with_pitch(50.0).with_bearing(20.0);
    let mut e = engine(vec![WorldLabel::along_path(1, l.clone(), 12.0)]);
    let frame = e.place_frame(&camera, 0.0).unwrap().clone();
    let pose = frame.labels[0].pose.unwrap();
    let projection = label_frame::Projection::new(&camera);
    let screen: Vec<DVec2> = l.points.iter().map(|p| projection.project(*p).unwrap().screen).collect();
    let on_line = |c: DVec2| {
        screen.windows(2).any(|w| {
            let (a, b) = (w[0], w[1]);
            let t = (c - a).dot(b - a) / (b - a).length_squared();
            (0.0..=1.0).contains(&t) && (a + (b - a) * t - c).length() < 1e-6
        })
    };
    let layout = e.screen_glyphs(0).unwrap().unwrap();
    assert!(layout.glyphs.iter().all(|g| on_line(g.center)), "{layout:?}");
    // The glyphs scale with perspective at the anchor point.
    assert!(pose.scale != 1.0);
    assert!((layout.glyphs[0].advance - 9.0 * pose.scale).abs() < 1e-9);
}

#[test]
fn a_bad_line_is_named() {
    let mut e = FrameEngine::new(FrameOptions::default()).unwrap();
    let repeated = line(&[[0.0, 0.0], [100.0, 0.0], [100.0, 0.0]], &[8.0; 4]);
    let bad = WorldLabel::along_path(6, repeated, 10.0);
    let err = e.set_labels(vec![at_screen(1, 0.0, 0.0, 4.0, 4.0), bad]).unwrap_err();
    assert!(matches!(err, FrameError::InvalidLabel { field: "path", id: 6, index: 1, .. }), "{err:?}");
    let bent = line(&[[0.0, 0.0], [100.0, 0.0]], &[8.0, -1.0]);
    let err = e.set_labels(vec![WorldLabel::along_path(3, bent, 10.0)]).unwrap_err();
    assert!(matches!(err, FrameError::InvalidLabel { field: "glyph_advances", id: 3, index: 0, .. }), "{err:?}");
}

#[test]
fn boundaries_are_decided_with_the_contracts_tolerances() {
    // Contract §3: a text exactly as long as its room fits, collinear points do not bend a
    // text under max_angle 0, labels exactly repeat_distance apart are not repeats — on the
    // projected line, as in a batch (label_core::tolerance).
    let exact = line(&[[100.2, 150.0], [100.5, 150.0]], &[0.1, 0.2]);
    let collinear = line(&[[100.1, 100.1], [100.4, 100.5], [101.0, 101.3]], &[0.3; 3]).with_max_angle(0.0);
    let group = label_core::Symbol::default().with_repeat(1, 0.5);
    let mut e = engine(vec![
        WorldLabel::along_path(1, exact, 1.0),
        WorldLabel::along_path(2, collinear.with_keep_upright(false), 1.0),
        at_screen(3, 300.3, 200.7, 0.1, 0.1).with_symbol(group.clone()),
        at_screen(4, 300.6, 200.3, 0.1, 0.1).with_symbol(group),
    ]);
    let frame = e.place_frame(&flat_camera(), 0.0).unwrap();
    let reasons: Vec<_> = frame.labels.iter().map(|l| l.reason).collect();
    assert_eq!(reasons, [None; 4]);
}

#[test]
fn a_newcomer_of_a_reused_frame_yields_to_a_kept_street_of_a_repeat_group() {
    // `symbols.rs`' case of the same name with streets along their lines: B (group 7, 100 px
    // apart, priority 1) shows at the bottom edge; A (group 7, 1 px apart, priority 5) is 60 px
    // right of it, off screen until a pan left brings it in, placed around B. A pan up brings
    // C in, whose first position covers B's glyphs and whose second is free. Kept, A goes
    // before B, within B's 100 px: B must still block C.
    let street = |id, x: f64, distance| {
        let mut l = WorldLabel::along_path(id, line(&[[x - 30.0, 302.5], [x + 30.0, 302.5]], &[10.0; 3]), 15.0);
        l.symbol = l.symbol.with_repeat(7, distance);
        l
    };
    let a = street(1, 440.0, 1.0).with_priority(5.0);
    let b = street(2, 380.0, 100.0).with_priority(1.0);
    let below = Symbol::default().with_candidates(vec![Candidate::new(Anchor::Center), Candidate::new(Anchor::Top)]);
    let c = at_screen(3, 380.0, 315.0, 30.0, 14.0).with_symbol(below);
    let mut e = engine(vec![a, b, c]);
    let frame = pan_in_a_then_c(&mut e);
    assert_eq!(frame.choices[2].candidate, Some(1), "C below B's glyphs, not over them");
}

/// A camera at zoom 0 on [`CENTER`], 400×300 px: screen = `(200, 150) + P − CENTER`. (At zoom
/// 2, [`flat_camera`]'s, a pan moves every point by a multiple of the screen's ulp: no rounding.)
fn zoom_0() -> Camera {
    Camera::new(CENTER, 0.0, 400.0, 300.0)
}

/// The options of the frames at [`zoom_0`]: no fades, and no copies of the world (256 px wide
/// there, narrower than the viewport).
fn zoom_0_options() -> FrameOptions {
    FrameOptions::default().with_fade_ms(0.0).with_world_copies(false)
}

/// The world point at screen point `p` of [`zoom_0`].
fn at_zoom_0(p: [f64; 2]) -> DVec2 {
    CENTER + DVec2::from_array(p) - DVec2::new(200.0, 150.0)
}

/// A pan of [`zoom_0`] by about `dx` px right under which glyph `g` of the one label that
/// `street` makes of an offset (world px) reads along another axis than under [`zoom_0`]
/// (rounding carried its centre across a vertex of the line), and that label: the first found
/// among offsets within 2·10⁻¹³ of `offset` whose glyph reads along an axis that `from` takes
/// under [`zoom_0`], and pans that differ by less than a micropixel.
fn pan_that_turns(
    street: impl Fn(f64) -> WorldLabel,
    offset: f64,
    (g, from): (usize, impl Fn(DVec2) -> bool),
    dx: f64,
) -> (WorldLabel, Camera) {
    let axis = |street: &WorldLabel, camera: &Camera| {
        let mut e = FrameEngine::new(zoom_0_options()).unwrap();
        e.set_labels(vec![street.clone()]).unwrap();
        e.place_frame(camera, 0.0).unwrap();
        e.screen_glyphs(0).unwrap().unwrap().glyphs[g].axis
    };
    let offsets = (0..40).map(|k| offset + (k - 20) as f64 * 1e-14);
    let pans = (0..500).map(|k| DVec2::new(dx + k as f64 * 1.234_567e-9, k as f64 * 0.987_654e-9));
    let pans: Vec<Camera> = pans.map(|pan| zoom_0().with_center(CENTER + pan)).collect();
    offsets
        .map(street)
        .find_map(|street| {
            let before = axis(&street, &zoom_0());
            if !from(before) {
                return None;
            }
            let turns = pans.iter().find(|camera| axis(&street, camera) != before)?;
            Some((street.clone(), *turns))
        })
        .expect("a pan whose rounding turns the glyph")
}

/// A line that bends 30° up at screen point (370, 150) of [`zoom_0`], in world px.
fn bent() -> Vec<DVec2> {
    [[330.0, 150.0], [370.0, 150.0], [421.961_524, 120.0]].map(at_zoom_0).to_vec()
}

/// A street of 8 glyphs of 10 px along [`bent`] at `offset` (world px; at 45 the fourth glyph
/// is centred on the vertex), bending up to 45° a glyph.
fn bent_street(offset: f64) -> TextPath {
    TextPath::new(bent(), vec![10.0; 8]).with_path_offset(offset).with_max_angle(45.0)
}

#[test]
fn a_turned_street_of_a_reused_frame_stays_shown_before_a_newcomer_of_higher_priority() {
    // A street of 8 glyphs of 10 px bends 30° up at (370, 150), its fourth glyph centred on the
    // vertex; its last glyphs reach past the right edge, where B (priority 5) waits off screen.
    // A pan 40 px right brings B in over the last glyph; rounding turns the fourth glyph. The
    // street was shown and is free of every kept label: it stays shown, B yields to it.
    let street = |offset| WorldLabel::along_path(1, bent_street(offset), 12.0);
    let (street, panned) = pan_that_turns(street, 45.0, (3, |_| true), 40.0);
    let b = at_zoom_0([413.0, 126.0]);
    let b = WorldLabel::from_world(2, b, 24.0, 16.0).with_priority(5.0);
    let options = zoom_0_options();
    let mut frames = Vec::new();
    for mut e in [FrameEngine::new(options.clone()).unwrap(), FrameEngine::without_shortcuts(options.clone()).unwrap()]
    {
        e.set_labels(vec![street.clone(), b.clone()]).unwrap();
        let frame = e.place_frame(&zoom_0(), 0.0).unwrap();
        assert!(frame.labels[0].visible && !frame.labels[1].in_view(), "B off screen at first");
        let axis = e.screen_glyphs(0).unwrap().unwrap().glyphs[3].axis;
        let frame = e.place_frame(&panned, 16.0).unwrap().clone();
        assert_eq!(frame.stats.kind, FrameKind::Reused);
        assert_ne!(e.screen_glyphs(0).unwrap().unwrap().glyphs[3].axis, axis, "the fourth glyph turned");
        assert!(frame.labels[0].visible, "the street stays shown");
        assert_eq!(frame.labels[1].hidden_by, Some(Blocker::Label(0)), "B yields to it");
        assert_eq!(overlapping_visible_pairs(&e, &frame), []);
        frames.push(frame.labels);
    }
    assert_eq!(frames[0], frames[1], "the engine without shortcuts decides alike");
}

#[test]
fn a_turned_street_that_meets_a_kept_symbol_is_hidden_provisional_and_takes_its_place_back() {
    // The bent street (priority 5), its fourth glyph reading up the second segment, and a
    // small symbol of priority 1 below the vertex, inside the box that glyph would have along
    // the first segment but clear of every glyph: both shown. A pan whose rounding turns the
    // fourth glyph onto the first segment, no newcomer: the reused frame tests the street again
    // against the kept symbol, which hides it; the street is provisional (it has not had its
    // turn by priority), so the next full frame, at the same camera, shows it and pushes the
    // symbol out. (Waiting, it would need to clear the shown symbol by the margin.)
    let up = |axis: DVec2| axis.y < 0.0;
    let street = |offset| WorldLabel::along_path(1, bent_street(offset), 12.0).with_priority(5.0);
    let (street, panned) = pan_that_turns(street, 45.0, (3, up), 0.0);
    let below = Symbol::default().with_candidates(vec![Candidate::new(Anchor::Center)]);
    let below = WorldLabel::from_world(2, at_zoom_0([374.5, 155.3]), 0.6, 0.6).with_symbol(below).with_priority(1.0);
    let options = zoom_0_options();
    let mut frames = Vec::new();
    for mut e in [FrameEngine::new(options.clone()).unwrap(), FrameEngine::without_shortcuts(options.clone()).unwrap()]
    {
        e.set_labels(vec![street.clone(), below.clone()]).unwrap();
        let frame = e.place_frame(&zoom_0(), 0.0).unwrap();
        assert!(frame.labels[0].visible && frame.labels[1].visible, "both shown at first");
        let frame = e.place_frame(&panned, 16.0).unwrap().clone();
        assert_eq!((frame.stats.kind, frame.stats.placed_now), (FrameKind::Reused, 1), "the street tested again");
        assert!(!up(e.screen_glyphs(0).unwrap().unwrap().glyphs[3].axis), "the fourth glyph turned");
        assert_eq!(frame.labels[0].reason, Some(HiddenReason::Collision), "the kept symbol hides the street");
        assert_eq!(frame.labels[0].hidden_by, Some(Blocker::Label(1)));
        assert!(frame.labels[1].visible, "the symbol is kept");
        let full = e.place_frame(&panned, 16.0 + options.full_placement_interval_ms + 1.0).unwrap().clone();
        assert_eq!(full.stats.kind, FrameKind::Full);
        assert!(full.labels[0].visible, "the street takes its place back");
        assert_eq!(full.labels[1].hidden_by, Some(Blocker::Label(0)), "the symbol is pushed out");
        frames.push([frame.labels, full.labels]);
    }
    assert_eq!(frames[0], frames[1], "the engine without shortcuts decides alike");
}

#[test]
fn a_turned_street_is_no_repeat_of_a_kept_street_of_its_group() {
    // T, the bent street (group 9, 200 px apart, priority 5), and S, a straight street of the
    // group 1 px apart (priority 1) about 114 px from T's anchor: the full frame places T, then
    // S, which measures by its own 1 px, so both show. A pan turns T's fourth glyph: the reused
    // frame tests T again after the kept S. Measured by its own 200 px (§4 step 3a), T would
    // be S's repeat; it was shown with S, so it is not one here (its repeat distance 0).
    let street = |offset| {
        let mut l = WorldLabel::along_path(1, bent_street(offset), 12.0).with_priority(5.0);
        l.symbol = l.symbol.with_repeat(9, 200.0);
        l
    };
    let (t, panned) = pan_that_turns(street, 45.0, (3, |_| true), 0.0);
    let s_line = TextPath::new([[270.0, 60.0], [330.0, 60.0]].map(at_zoom_0).to_vec(), vec![10.0; 3]);
    let mut s = WorldLabel::along_path(2, s_line, 12.0).with_priority(1.0);
    s.symbol = s.symbol.with_repeat(9, 1.0);
    let mut e = FrameEngine::new(zoom_0_options()).unwrap();
    e.set_labels(vec![t, s]).unwrap();
    let frame = e.place_frame(&zoom_0(), 0.0).unwrap();
    assert!(frame.labels[0].visible && frame.labels[1].visible, "both shown at first");
    let frame = e.place_frame(&panned, 16.0).unwrap().clone();
    assert_eq!((frame.stats.kind, frame.stats.placed_now), (FrameKind::Reused, 1), "T tested again");
    assert_eq!(frame.labels[0].reason, None, "T is no repeat of S");
}

#[test]
fn after_a_failed_frame_the_next_one_is_full() {
    // A symbol as wide as the core allows, and a street. Pitched with the symbol below the
    // screen's centre, perspective scales it past the core's range: the frame fails, having
    // projected the street's line. The next frame, a pan of the last one placed, is a full
    // one: a reused frame would compare the street's glyphs with the failed frame's.
    let wide = Symbol::default().with_candidates(vec![Candidate::new(Anchor::Center)]);
    let wide = at_screen(1, 200.0, 280.0, 0.99 * label_core::limits::MAX_SIZE, 12.0).with_symbol(wide);
    let street = WorldLabel::along_path(2, line(&[[100.0, 100.0], [300.0, 100.0]], &[10.0; 6]), 12.0);
    let mut e = FrameEngine::new(FrameOptions::default().with_perspective_scaling(1.0)).unwrap();
    e.set_labels(vec![wide, street]).unwrap();
    let camera = flat_camera();
    assert_eq!(e.place_frame(&camera, 0.0).unwrap().stats.kind, FrameKind::Full);
    let pitched = camera.with_pitch(60.0);
    assert!(matches!(e.place_frame(&pitched, 16.0), Err(FrameError::Core(_))));
    let panned = camera.with_center(camera.center + DVec2::new(0.25, 0.0));
    assert_eq!(e.place_frame(&panned, 32.0).unwrap().stats.kind, FrameKind::Full);
}

#[test]
fn a_failed_frame_that_moved_the_copies_of_the_world_leaves_the_last_frames_readers_as_they_were() {
    // A street 75–100 world px west of the centre, and the symbol as wide as the core allows
    // 80 world px east of it, below the centre of the screen. The failing frame pans 80 world
    // px east under a pitch of 60°: the copies' reference follows the camera, which moves the
    // street to the next copy east (more than half a world from the new reference), and then
    // perspective scales the symbol past the core's range. The street's glyphs through the
    // last frame's camera are then those of the last frame, not a world away.
    let wide = Symbol::default().with_candidates(vec![Candidate::new(Anchor::Center)]);
    let wide = at_screen(1, 520.0, 280.0, 0.99 * label_core::limits::MAX_SIZE, 12.0).with_symbol(wide);
    let street = WorldLabel::along_path(2, line(&[[-200.0, 100.0], [-100.0, 100.0]], &[10.0; 6]), 12.0);
    let mut e = FrameEngine::new(FrameOptions::default().with_perspective_scaling(1.0)).unwrap();
    assert!(e.options().world_copies);
    e.set_labels(vec![wide, street]).unwrap();
    let camera = flat_camera();
    e.place_frame(&camera, 0.0).unwrap();
    let glyphs = e.screen_glyphs(1).unwrap();
    let panned = camera.with_center(camera.center + DVec2::new(80.0, 0.0));
    assert!(matches!(e.place_frame(&panned.with_pitch(60.0), 16.0), Err(FrameError::Core(_))));
    assert_eq!(e.screen_glyphs(1).unwrap(), glyphs, "the street's glyphs of the last frame");
    let frame = e.place_frame(&panned, 32.0).unwrap();
    assert_eq!(frame.stats.kind, FrameKind::Full);
}

#[test]
fn a_symbol_does_not_sleep_on_a_street_whose_glyph_can_turn() {
    // A street (priority 5, given a viewport alignment, which a text along a line does not
    // use) bends 30° up at (370, 150), its fourth glyph centred on the vertex and reading up
    // the second segment. A sliver of a symbol sits inside that glyph's box, right of where the
    // glyph would reach along the first segment and clear of the fifth glyph: hidden by the
    // street. Full frames (no reuse) and no margin: a pan under which rounding turns the
    // fourth glyph onto the first segment frees the symbol, and it must show — a certificate
    // issued against the street's glyph boxes would keep it asleep.
    let up = |axis: DVec2| axis.y < 0.0;
    let street = |offset| {
        WorldLabel::along_path(1, bent_street(offset), 12.0).with_priority(5.0).with_alignment(Alignment::Viewport)
    };
    let (street, panned) = pan_that_turns(street, 45.0, (3, up), 0.0);
    let sliver = Symbol::default().with_candidates(vec![Candidate::new(Anchor::Center)]);
    let sliver = WorldLabel::from_world(2, at_zoom_0([375.55, 151.5]), 0.6, 2.0).with_symbol(sliver);
    let options = zoom_0_options().with_reuse_translations(false).with_hysteresis(0.0);
    let mut frames = Vec::new();
    for mut e in [FrameEngine::new(options.clone()).unwrap(), FrameEngine::without_shortcuts(options.clone()).unwrap()]
    {
        e.set_labels(vec![street.clone(), sliver.clone()]).unwrap();
        let frame = e.place_frame(&zoom_0(), 0.0).unwrap();
        assert!(frame.labels[0].visible && !frame.labels[1].visible, "the sliver hidden by the street");
        // A frame at the same camera: the sliver waits (and may be certified).
        e.place_frame(&zoom_0(), 16.0).unwrap();
        let frame = e.place_frame(&panned, 32.0).unwrap().clone();
        assert_eq!(frame.stats.kind, FrameKind::Full);
        assert!(!up(e.screen_glyphs(0).unwrap().unwrap().glyphs[3].axis), "the fourth glyph turned");
        assert!(frame.labels[1].visible, "the sliver, free now, shows");
        frames.push(frame.labels);
    }
    assert_eq!(frames[0], frames[1], "the engine without shortcuts decides alike");
}

#[test]
fn a_pan_tests_no_shown_street_again() {
    // Streets (one bent) shown, then pans at zoom 0, whose rounding moves every glyph with the
    // screen: reused frames that place no label anew (the turn check measures each glyph
    // against the screen's shift).
    let straight = [[100.0, 60.0], [300.0, 80.0]].map(at_zoom_0).to_vec();
    let streets =
        [TextPath::new(bent(), vec![10.0; 8]), TextPath::new(straight, vec![10.0; 8])].into_iter().enumerate();
    let labels = streets.map(|(k, line)| WorldLabel::along_path(k as u64, line, 12.0));
    let mut e = FrameEngine::new(zoom_0_options()).unwrap();
    e.set_labels(labels.collect()).unwrap();
    assert_eq!(e.place_frame(&zoom_0(), 0.0).unwrap().visible_indices().count(), 2);
    for k in 1..20 {
        let pan = DVec2::new(f64::from(k) * 1.37, -f64::from(k) * 0.61);
        let frame = e.place_frame(&zoom_0().with_center(CENTER + pan), f64::from(k)).unwrap();
        assert_eq!((frame.stats.kind, frame.stats.placed_now), (FrameKind::Reused, 0), "pan {k}");
        assert_eq!(frame.visible_indices().count(), 2);
    }
}
