//! Text along a line through the camera (contract §3b "Path"): a street or river name whose
//! line is in the world, laid out glyph by glyph on the screen every frame.
//!
//! A path label's line is in world px (Web Mercator at zoom 0), as a label's anchor point is,
//! and so is its `path_offset` (arc length along the world line; default half its length).
//! Each frame:
//!
//! 1. **Project** every point of the line, in the label's copy of the world (the line moves by
//!    whole worlds with its first point, which stands for the label in the world's copies and
//!    cells). A point behind the camera hides the label, `behind_camera`. Points that project
//!    onto the one before them (a line seen from far away) are merged, as the core wants
//!    consecutive points distinct.
//! 2. **Carry the offset** to the screen: the world point at `path_offset`, projected, and the
//!    arc length of the projected line up to it. A straight segment of the map projects to a
//!    straight segment of the screen, under pitch too, so the text stays on the same point of
//!    the street while the camera moves.
//! 3. **Scale** the glyph advances and the line's height with perspective at that point, as a
//!    plain label's size scales at its anchor (the padding does not scale).
//! 4. **Lay out** on the projected line with the core's [`TextPath::layout`]: the upright
//!    reversal, `no_room` and `too_curved` as in a batch, on what the viewer sees. The label's
//!    pose is the layout's anchor point (the point at the offset), the reading angle of its
//!    middle glyph and the scale; its parts are the glyph boxes.
//!
//! A label not drawn in the last frame skips all four through a camera without pitch when its
//! text surely has no room on its line ([`surely_no_room`]: the projection is then a
//! similarity, so the line's length on screen is its world length scaled, up to a bounded
//! rounding); it is hidden `no_room` as the layout would hide it, wherever its line is.
//!
//! The frame engine places a path label as the core places a symbol of one position whose
//! parts are its glyphs (`frame_pass/symbols/`): it meets the viewport iff some glyph box
//! does, and collides iff some glyph box collides.

use glam::DVec2;
use label_core::{BoxStyle, Label, Obb, PathFailure, PathLayout, Symbol, TextPath};

use crate::geo::projection::{Projection, label_scale};
use crate::state::hot::Hot;
use crate::{ScreenPose, WorldLabel};

/// A path label through one frame's camera.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ScreenPath {
    /// The anchor point (the line's point at the offset), the middle glyph's reading angle,
    /// and the scale from perspective there.
    pub(crate) pose: ScreenPose,
    /// The projected line, the scaled advances and the offset on screen: what the core lays
    /// out.
    pub(crate) path: TextPath,
    /// The glyphs on screen, or why the text does not fit the projected line.
    pub(crate) layout: Result<PathLayout, PathFailure>,
}

/// A path label's line (`world`, its path) through `projection`, moved by `shift` world px
/// (its copy of the world); `None` if a point of it is behind the camera.
#[must_use]
pub(crate) fn project_path(
    world: &TextPath,
    shift: DVec2,
    projection: &Projection,
    perspective_scaling: f64,
) -> Option<ScreenPath> {
    let mut points: Vec<DVec2> = Vec::with_capacity(world.points.len());
    // Per world point: the arc length of the projected line at it.
    let mut screen_lengths: Vec<f64> = Vec::with_capacity(world.points.len());
    let mut along = 0.0;
    for &p in &world.points {
        let q = projection.project(p + shift)?.screen;
        if let Some(&last) = points.last() {
            if q == last {
                screen_lengths.push(along);
                continue;
            }
            along += (q - last).length();
        }
        points.push(q);
        screen_lengths.push(along);
    }
    let (_, _, k, at) = world_offset(world);
    let at = projection.project(at + shift)?;
    let from = projection.project(world.points[k] + shift)?.screen;
    let screen_offset = (screen_lengths[k] + (at.screen - from).length()).clamp(0.0, along);
    let scale = label_scale(at.perspective, perspective_scaling);
    let path = TextPath {
        points,
        glyph_advances: world.glyph_advances.iter().map(|a| a * scale).collect(),
        path_offset: Some(screen_offset),
        max_angle: world.max_angle,
        keep_upright: world.keep_upright,
    };
    let layout = path.layout();
    let pose = match &layout {
        Ok(l) => ScreenPose { position: l.anchor, angle: l.glyphs[l.glyphs.len() / 2].angle(), scale },
        Err(_) => ScreenPose { position: at.screen, angle: 0.0, scale },
    };
    Some(ScreenPath { pose, path, layout })
}

/// The world line's length, the label's offset on it (clamped to it), and the world point at
/// the offset, on segment `k`.
fn world_offset(world: &TextPath) -> (f64, f64, usize, DVec2) {
    let world_lengths: Vec<f64> = arc_lengths(&world.points);
    let total = world_lengths[world_lengths.len() - 1];
    let offset = world.path_offset.unwrap_or(total / 2.0).clamp(0.0, total);
    let last_segment = world.points.len() - 2;
    let k = world_lengths[1..=last_segment].partition_point(|&s| s <= offset);
    let (a, b) = (world.points[k], world.points[k + 1]);
    let t = (offset - world_lengths[k]) / (world_lengths[k + 1] - world_lengths[k]);
    (total, offset, k, a.lerp(b, t))
}

/// [`project_path`]'s answer for a line (`world`, moved by `shift`) whose text surely has no
/// room on it through a camera without pitch, found without projecting the line or laying
/// it out: hidden [`PathFailure::NoRoom`], posed at its offset point (no glyphs, no projected
/// line). `None` under pitch, or if the text may fit.
///
/// Without pitch the projection is a similarity of ratio `2^zoom` and the perspective scale
/// is 1, so the projected line's length and the offset's arc length on it are the world ones
/// times `2^zoom`, up to the rounding of the projection and of the sums. That rounding is
/// below `m = 1e-9 · (n + 1) · (M + length)` px, `n` the line's points and `M` the largest
/// screen coordinate a point of it can have (each projected point is off by a few ulps of
/// `M`, each of the `n` segments' lengths by a few ulps of `M` and of its own, and the text's
/// length by a few ulps of it): the text surely has no room when the layout's test
/// ([`label_core::tolerance::fits_along`], either end) fails by more than `m` either way.
#[must_use]
pub(crate) fn surely_no_room(
    world: &TextPath,
    shift: DVec2,
    projection: &Projection,
    perspective_scaling: f64,
) -> Option<ScreenPath> {
    if projection.is_pitched() {
        return None;
    }
    let (total, offset, _, at) = world_offset(world);
    let zoom = projection.scale();
    let scale = label_scale(1.0, perspective_scaling);
    let text: f64 = world.glyph_advances.iter().map(|a| a * scale).sum();
    let center = projection.camera().center;
    // The largest coordinate any step of the projection handles, world px.
    let far = world.points.iter().fold(center.abs().max_element(), |far, &p| {
        far.max((p + shift).abs().max_element()).max((p + shift - center).abs().max_element())
    });
    let reach = (far * zoom + projection.camera().size.max_element()) * std::f64::consts::SQRT_2;
    let m = 1e-9 * (world.points.len() + 1) as f64 * (reach + total * zoom + text);
    let (length, start) = (total * zoom, offset * zoom - text / 2.0);
    let tolerance = label_core::tolerance::LENGTH;
    if start + m >= -tolerance && start - m + text <= length + m + tolerance {
        return None;
    }
    let at = projection.project(at + shift)?;
    let pose = ScreenPose { position: at.screen, angle: 0.0, scale };
    let path = TextPath { points: Vec::new(), glyph_advances: Vec::new(), path_offset: None, ..*world };
    Some(ScreenPath { pose, path, layout: Err(PathFailure::NoRoom) })
}

/// Path label `label`'s line through `projection`, in the copy of the world its projection data
/// `hot` is in; `None` behind the camera, or if it has no path. Unless `line_needed` (a label
/// drawn in the last frame fades out on its line; a caller asking for the line itself),
/// [`surely_no_room`] settles most labels whose text is too long for their line through a
/// camera without pitch, without the projected line: whether in view or not, they are hidden
/// `no_room`.
#[must_use]
pub(crate) fn project_label(
    label: &WorldLabel,
    hot: &Hot,
    projection: &Projection,
    perspective_scaling: f64,
    line_needed: bool,
) -> Option<ScreenPath> {
    let path = label.symbol.path.as_ref()?;
    let shift = hot.position - label.world_anchor();
    let sure = if line_needed { None } else { surely_no_room(path, shift, projection, perspective_scaling) };
    sure.or_else(|| project_path(path, shift, projection, perspective_scaling))
}

/// The cumulative arc lengths of a polyline, from 0 at its first point.
fn arc_lengths(points: &[DVec2]) -> Vec<f64> {
    let mut s = 0.0;
    let mut out = Vec::with_capacity(points.len());
    out.push(0.0);
    for w in points.windows(2) {
        s += (w[1] - w[0]).length();
        out.push(s);
    }
    out
}

impl ScreenPath {
    /// The core's label for it, with `extra` padding on every glyph (the hysteresis margin):
    /// at the anchor point, its height scaled, its width the text's length on screen.
    #[must_use]
    pub(crate) fn label(&self, world: &WorldLabel, extra: f64) -> Label {
        let style = BoxStyle {
            height: world.style.height * self.pose.scale,
            angle: self.pose.angle,
            padding: world.style.padding + extra,
            ..world.style.for_path_text(self.path.text_length())
        };
        Label { x: self.pose.position.x, y: self.pose.position.y, style }
    }

    /// The core's symbol for it: the projected line, and the label's repeat group.
    #[must_use]
    pub(crate) fn symbol(&self, world: &WorldLabel) -> Symbol {
        let s = &world.symbol;
        Symbol {
            repeat_group: s.repeat_group,
            repeat_distance: s.repeat_distance,
            optional: s.optional,
            path: Some(self.path.clone()),
            ..Symbol::default()
        }
    }

    /// The glyph boxes with the label's padding and `extra`; none when the text does not fit.
    pub(crate) fn glyph_boxes<'a>(&'a self, world: &WorldLabel, extra: f64) -> impl Iterator<Item = Obb> + 'a {
        let height = world.style.height * self.pose.scale;
        let padding = world.style.padding + extra;
        self.layout.iter().flat_map(move |l| l.glyphs.iter().map(move |g| g.obb(height, padding, DVec2::ZERO)))
    }

    /// Why the text does not fit, if it does not.
    #[must_use]
    pub(crate) fn failure(&self) -> Option<PathFailure> {
        self.layout.as_ref().err().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Camera;

    fn street(points: &[[f64; 2]], advances: &[f64]) -> TextPath {
        TextPath::new(points.iter().map(|p| DVec2::from_array(*p)).collect(), advances.to_vec())
    }

    #[test]
    fn a_flat_camera_scales_the_line_and_the_offset_by_the_zoom() {
        // At zoom 2 a world px is 4 screen px: a 10-world-px line is 40 px, its middle 20 px in.
        let path = street(&[[100.0, 100.0], [105.0, 100.0], [110.0, 100.0]], &[5.0, 5.0]);
        let p = Projection::new(&Camera::new(DVec2::new(100.0, 100.0), 2.0, 400.0, 300.0));
        let s = project_path(&path, DVec2::ZERO, &p, 1.0).unwrap();
        assert_eq!(s.path.points, vec![DVec2::new(200.0, 150.0), DVec2::new(220.0, 150.0), DVec2::new(240.0, 150.0)]);
        assert_eq!(s.path.path_offset, Some(20.0));
        assert_eq!(s.pose, ScreenPose { position: DVec2::new(220.0, 150.0), angle: 0.0, scale: 1.0 });
        let glyphs = &s.layout.as_ref().unwrap().glyphs;
        assert_eq!((glyphs[0].center, glyphs[1].center), (DVec2::new(217.5, 150.0), DVec2::new(222.5, 150.0)));
        // An offset in world px lands on the same point of the line at every zoom.
        let path = path.with_path_offset(2.5);
        let s = project_path(&path, DVec2::ZERO, &p, 1.0).unwrap();
        assert_eq!(s.path.path_offset, Some(10.0));
        assert_eq!(s.failure(), None);
        // At zoom 0 the 10-px text fits the 10-px line exactly in its middle, and not a px
        // off it: no room.
        let far = Projection::new(&Camera::new(DVec2::new(100.0, 100.0), 0.0, 400.0, 300.0));
        let s = project_path(&path.clone().with_path_offset(5.0), DVec2::ZERO, &far, 1.0).unwrap();
        assert_eq!(s.failure(), None);
        let s = project_path(&path.clone().with_path_offset(4.0), DVec2::ZERO, &far, 1.0).unwrap();
        assert_eq!((s.failure(), s.path.path_offset), (Some(PathFailure::NoRoom), Some(4.0)));
    }

    #[test]
    fn a_text_surely_without_room_is_what_the_layout_finds() {
        // Zigzag lines of 2 to 9 points with texts from far too short to far too long, and
        // exactly as long as the room at the middle, through flat cameras at many zooms,
        // bearings and centres (the lines far off screen too): whenever the certificate
        // answers, it is the projection's and layout's answer, pose included.
        let mut certified = 0;
        for k in 0..3000u32 {
            let n = 2 + k as usize % 8;
            let points: Vec<[f64; 2]> = (0..n)
                .map(|j| {
                    let j = j as f64;
                    [100.0 + j * (0.3 + f64::from(k % 7) * 0.1), 100.0 + (j * 1.7 + f64::from(k)).sin() * 0.2]
                })
                .collect();
            let world = street(&points, &[1.0]);
            let length = world.points.windows(2).map(|w| (w[1] - w[0]).length()).sum::<f64>();
            let zoom = f64::from(k % 9) * 0.7;
            // The text's length on screen: a share of the line's there, 1 exactly at k % 5 == 0.
            let share = [1.0, 0.2, 0.999, 1.001, 3.0][k as usize % 5];
            let advances = vec![share * length * zoom.exp2() / 3.0; 3];
            let world = TextPath { glyph_advances: advances, ..world };
            let world = if k % 3 == 0 { world.with_path_offset(length * 0.3) } else { world };
            let center = DVec2::new(100.0 + f64::from(k % 11) - 5.0, 100.0 - f64::from(k % 13) * 0.5);
            let camera = Camera::new(center, zoom, 400.0, 300.0).with_bearing(f64::from(k * 37 % 360));
            let p = Projection::new(&camera);
            let Some(sure) = surely_no_room(&world, DVec2::ZERO, &p, 1.0) else { continue };
            let full = project_path(&world, DVec2::ZERO, &p, 1.0).unwrap();
            assert_eq!((sure.pose, sure.failure()), (full.pose, full.failure()), "{k}");
            certified += 1;
            assert!(k % 5 != 0 || k % 3 == 0, "{k}: a text exactly as long as its room at the middle fits");
        }
        assert!(certified > 1000, "{certified}");
        // Under pitch the projection is no similarity: never certified.
        let world = street(&[[100.0, 100.0], [100.1, 100.0]], &[50.0]);
        let pitched = Projection::new(&Camera::new(DVec2::new(100.0, 100.0), 2.0, 400.0, 300.0).with_pitch(10.0));
        assert_eq!(surely_no_room(&world, DVec2::ZERO, &pitched, 1.0), None);
        let flat = Projection::new(&Camera::new(DVec2::new(100.0, 100.0), 2.0, 400.0, 300.0));
        assert!(surely_no_room(&world, DVec2::ZERO, &flat, 1.0).is_some());
    }

    #[test]
    fn a_line_turned_upside_down_by_the_bearing_is_reversed() {
        let path = street(&[[100.0, 100.0], [110.0, 100.0]], &[5.0, 5.0]);
        let camera = Camera::new(DVec2::new(100.0, 100.0), 2.0, 400.0, 300.0);
        let upright = project_path(&path, DVec2::ZERO, &Projection::new(&camera), 1.0).unwrap();
        assert!(!upright.layout.unwrap().reversed);
        let turned = Projection::new(&camera.with_bearing(180.0));
        let s = project_path(&path, DVec2::ZERO, &turned, 1.0).unwrap();
        let layout = s.layout.unwrap();
        assert!(layout.reversed);
        assert!(layout.glyphs[0].axis.x > 0.999, "reads left to right: {:?}", layout.glyphs[0].axis);
    }

    #[test]
    fn a_point_behind_the_camera_hides_the_label_and_merged_points_keep_the_offset() {
        let camera = Camera::new(DVec2::new(100.0, 100.0), 2.0, 400.0, 300.0).with_pitch(60.0);
        // Far south of the centre under pitch: behind the camera.
        let path = street(&[[100.0, 100.0], [100.0, 300.0]], &[5.0]);
        assert_eq!(project_path(&path, DVec2::ZERO, &Projection::new(&camera), 1.0), None);
        // Two points a hair apart project onto one at zoom 0: merged, the offset unchanged.
        let path = street(&[[100.0, 100.0], [100.0 + 1e-14, 100.0], [200.0, 100.0]], &[5.0]);
        let p = Projection::new(&Camera::new(DVec2::new(100.0, 100.0), 0.0, 400.0, 300.0));
        let s = project_path(&path, DVec2::ZERO, &p, 1.0).unwrap();
        assert_eq!(s.path.points.len(), 2);
        assert_eq!(s.path.path_offset, Some(50.0));
    }
}
