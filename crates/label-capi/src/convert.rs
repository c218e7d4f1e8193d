//! From the C structs to the frame engine's types, and back. Enumeration fields are checked
//! here; numbers are checked by the engine, whose messages name the field.

use glam::{DVec2, Vec2};
use label_core::limits::{MAX_COORDINATE, MAX_SIZE};
use label_core::{Anchor, Blocker, Choice, Circle, Obb, Parts, Problem, Shape, Symbol, TextPath, validate};
use label_frame::{
    Alignment, Camera, FrameKind, FrameOptions, FrameStats, HiddenReason, LabelFrame, Stickiness, WorldLabel,
    mercator::lon_lat_to_world,
};

use crate::batch_types::*;
use crate::error::Failure;
use crate::types::*;

/// A point in world px from C coordinates; longitude and latitude are held to the limits of
/// every other input path ([`label_core::limits`]).
fn world(coordinates: u32, x: f64, y: f64, what: &str) -> Result<DVec2, Failure> {
    match coordinates {
        DECLUTTER_LON_LAT => {
            let fail =
                |field: &'static str, p: Problem| Failure::invalid(format!("{what}: field `{field}` (degrees): {p}"));
            validate::longitude(x).map_err(|p| fail("x", p))?;
            validate::latitude(y).map_err(|p| fail("y", p))?;
            Ok(lon_lat_to_world(x, y))
        }
        DECLUTTER_WORLD_PX => Ok(DVec2::new(x, y)),
        other => {
            Err(Failure::invalid(format!("{what}: coordinates {other} is not DECLUTTER_LON_LAT or DECLUTTER_WORLD_PX")))
        }
    }
}

/// One C label as a world label.
pub fn label(index: usize, l: &DeclutterLabel) -> Result<WorldLabel, Failure> {
    let what = format!("label {index} (id {})", l.id);
    let alignment = match l.alignment {
        DECLUTTER_ALIGN_VIEWPORT => Alignment::Viewport,
        DECLUTTER_ALIGN_MAP => Alignment::Map,
        other => return Err(Failure::invalid(format!("{what}: alignment {other} is not a DECLUTTER_ALIGN_* value"))),
    };
    let anchor = *Anchor::ALL
        .get(l.anchor as usize)
        .ok_or_else(|| Failure::invalid(format!("{what}: anchor {} is not a DECLUTTER_ANCHOR_* value", l.anchor)))?;
    let known = DECLUTTER_ALLOW_OVERLAP | DECLUTTER_IGNORE_PLACEMENT | DECLUTTER_NO_KEEP_UPRIGHT;
    if l.flags & !known != 0 {
        return Err(Failure::invalid(format!("{what}: unknown flags {:#x}", l.flags & !known)));
    }
    Ok(WorldLabel::from_world(l.id, world(l.coordinates, l.x, l.y, &what)?, l.width, l.height)
        .with_angle(l.angle)
        .with_alignment(alignment)
        .with_keep_upright(l.flags & DECLUTTER_NO_KEEP_UPRIGHT == 0)
        .with_priority(l.priority)
        .with_anchor(anchor)
        .with_offset(l.offset_x, l.offset_y)
        .with_padding(l.padding)
        .with_allow_overlap(l.flags & DECLUTTER_ALLOW_OVERLAP != 0)
        .with_ignore_placement(l.flags & DECLUTTER_IGNORE_PLACEMENT != 0))
}

/// One C label with what its symbol adds. A text along a line has its path's points in the
/// label's `coordinates` (world px at zoom 0, or longitude and latitude, projected here), as
/// `WorldLabel::with_path` takes them.
pub fn symbol_label(index: usize, l: &DeclutterLabel, mut symbol: Symbol) -> Result<WorldLabel, Failure> {
    let Some(path) = symbol.path.take() else {
        return Ok(label(index, l)?.with_symbol(symbol));
    };
    let point = |(k, p): (usize, &glam::DVec2)| {
        world(l.coordinates, p.x, p.y, &format!("label {index} (id {}): `path.points[{k}]`", l.id))
    };
    let points = path.points.iter().enumerate().map(point).collect::<Result<_, _>>()?;
    Ok(label(index, l)?.with_symbol(symbol).with_path(TextPath { points, ..path }))
}

/// A symbol's choice in C.
pub fn choice(c: &Choice) -> DeclutterChoice {
    let parts = match c.parts {
        None => DECLUTTER_PARTS_NONE,
        Some(Parts::Both) => DECLUTTER_PARTS_BOTH,
        Some(Parts::Text) => DECLUTTER_PARTS_TEXT,
        Some(Parts::Icon) => DECLUTTER_PARTS_ICON,
    };
    DeclutterChoice { candidate: c.candidate.unwrap_or(DECLUTTER_NO_CANDIDATE), parts }
}

/// The C camera as a camera (checked by the engine when a frame is placed, and here).
pub fn camera(c: &DeclutterCamera) -> Result<Camera, Failure> {
    let mut camera = Camera::new(world(c.coordinates, c.center_x, c.center_y, "camera")?, c.zoom, c.width, c.height)
        .with_bearing(c.bearing)
        .with_pitch(c.pitch);
    if c.fov != 0.0 {
        camera = camera.with_fov(c.fov);
    }
    camera = camera.with_center_offset(DVec2::new(c.center_offset_x, c.center_offset_y));
    camera.validate()?;
    Ok(camera)
}

/// The default options in C.
pub fn default_options() -> DeclutterOptions {
    let o = FrameOptions::default();
    DeclutterOptions {
        hysteresis_px: o.hysteresis_px,
        fade_ms: o.fade_ms,
        full_placement_interval_ms: o.full_placement_interval_ms,
        perspective_scaling: o.perspective_scaling,
        max_overlap_area: f64::from(o.max_overlap_area),
        stickiness: DECLUTTER_STICKY_SHOWN,
        reuse_translations: u32::from(o.reuse_translations),
        world_copies: u32::from(o.world_copies),
    }
}

/// The C options as options (checked).
pub fn options(o: &DeclutterOptions) -> Result<FrameOptions, Failure> {
    let stickiness = match o.stickiness {
        DECLUTTER_STICKY_NONE => Stickiness::None,
        DECLUTTER_STICKY_TIES => Stickiness::Ties,
        DECLUTTER_STICKY_SHOWN => Stickiness::Shown,
        other => {
            return Err(Failure::invalid(format!("options: stickiness {other} is not a DECLUTTER_STICKY_* value")));
        }
    };
    let area = overlap_area(o.max_overlap_area)
        .map_err(|problem| label_frame::FrameError::InvalidOption { field: "max_overlap_area", problem })?;
    let options = FrameOptions::default()
        .with_hysteresis(o.hysteresis_px)
        .with_fade_ms(o.fade_ms)
        .with_full_placement_interval_ms(o.full_placement_interval_ms)
        .with_perspective_scaling(o.perspective_scaling)
        .with_max_overlap_area(area)
        .with_stickiness(stickiness)
        .with_reuse_translations(o.reuse_translations != 0)
        .with_world_copies(o.world_copies != 0);
    options.validate()?;
    Ok(options)
}

/// A tolerated overlap area (px²), checked in f64 (so that 1e300 is named, not its f32 ∞)
/// against the limit of every other door, as the f32 the engines keep.
pub fn overlap_area(v: f64) -> Result<f32, Problem> {
    validate::non_negative(v, MAX_SIZE).map(|v| v as f32)
}

/// One C obstacle as a shape (checked here in f64, then by the engine). A box or circle keeps
/// its centre in f64 like a label's, so that it is as precise far from the origin as near it.
pub fn obstacle(index: usize, o: &DeclutterObstacle) -> Result<Shape, Failure> {
    let fail = |field: &str, p: Problem| Failure::invalid(format!("obstacle {index}: field `{field}`: {p}"));
    for v in [o.a, o.b] {
        validate::within(v, MAX_COORDINATE).map_err(|p| fail("coordinates", p))?;
    }
    match o.kind {
        DECLUTTER_OBSTACLE_BOX => {
            for v in [o.c, o.d] {
                validate::within(v, MAX_COORDINATE).map_err(|p| fail("coordinates", p))?;
            }
            if !(o.a < o.c && o.b < o.d) {
                let why = "the box has no area (min must be below max)";
                return Err(fail("box", Problem::BadShape(why.into())));
            }
            let (min, max) = (DVec2::new(o.a, o.b), DVec2::new(o.c, o.d));
            Ok(Shape::Obb(Obb { center: (min + max) * 0.5, half: ((max - min) * 0.5).as_vec2(), axis: Vec2::X }))
        }
        DECLUTTER_OBSTACLE_CIRCLE => {
            validate::size(o.c).map_err(|p| fail("radius", p))?;
            Ok(Shape::Circle(Circle::new(DVec2::new(o.a, o.b), o.c as f32)))
        }
        other => Err(Failure::invalid(format!("obstacle {index}: kind {other} is not a DECLUTTER_OBSTACLE_* value"))),
    }
}

/// One label's frame in C.
pub fn result(l: &LabelFrame) -> DeclutterLabelResult {
    let reason = reason_code(l.reason);
    let (hidden_by_kind, hidden_by) = match l.hidden_by {
        None => (DECLUTTER_BLOCKER_NONE, 0),
        Some(Blocker::Label(i)) => (DECLUTTER_BLOCKER_LABEL, i),
        Some(Blocker::Obstacle(i)) => (DECLUTTER_BLOCKER_OBSTACLE, i),
    };
    let (has_pose, x, y, angle, scale) = match l.pose {
        Some(p) => (1, p.position.x, p.position.y, p.angle, p.scale),
        None => (0, 0.0, 0.0, 0.0, 0.0),
    };
    DeclutterLabelResult {
        visible: u32::from(l.visible),
        opacity: l.opacity,
        reason,
        hidden_by_kind,
        hidden_by,
        has_pose,
        x,
        y,
        angle,
        scale,
    }
}

/// A frame's counts in C.
pub fn stats(s: &FrameStats) -> DeclutterFrameStats {
    DeclutterFrameStats {
        kind: if s.kind == FrameKind::Reused { DECLUTTER_FRAME_REUSED } else { DECLUTTER_FRAME_FULL },
        labels: s.labels as u64,
        in_view: s.in_view as u64,
        visible: s.visible as u64,
        hidden_collision: s.hidden_collision as u64,
        hidden_offscreen: s.hidden_offscreen as u64,
        behind_camera: s.behind_camera as u64,
        flips: s.flips as u64,
    }
}

/// The `DECLUTTER_REASON_*` value of a reason (a frame's or a batch's): the core's
/// [`HiddenReason::code`], `DECLUTTER_REASON_NONE` when visible.
pub fn reason_code(reason: Option<HiddenReason>) -> u32 {
    reason.map_or(DECLUTTER_REASON_NONE, |r| u32::from(r.code()))
}

/// The name of a `DECLUTTER_REASON_*` value, NUL-terminated: the core's [`HiddenReason::name`].
pub fn reason_name(reason: u32) -> &'static std::ffi::CStr {
    match reason {
        DECLUTTER_REASON_NONE => c"visible",
        DECLUTTER_REASON_COLLISION => c"collision",
        DECLUTTER_REASON_OFFSCREEN => c"offscreen",
        DECLUTTER_REASON_BEHIND_CAMERA => c"behind_camera",
        DECLUTTER_REASON_REPEAT => c"repeat",
        DECLUTTER_REASON_NO_ROOM => c"no_room",
        DECLUTTER_REASON_TOO_CURVED => c"too_curved",
        _ => c"unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_have_the_cores_codes_and_names() {
        let constants = [
            DECLUTTER_REASON_COLLISION,
            DECLUTTER_REASON_OFFSCREEN,
            DECLUTTER_REASON_BEHIND_CAMERA,
            DECLUTTER_REASON_REPEAT,
            DECLUTTER_REASON_NO_ROOM,
            DECLUTTER_REASON_TOO_CURVED,
        ];
        for (r, constant) in HiddenReason::ALL.into_iter().zip(constants) {
            assert_eq!(reason_code(Some(r)), constant);
            assert_eq!(reason_name(constant).to_str(), Ok(r.name()));
        }
        assert_eq!(reason_name(reason_code(None)).to_str(), Ok("visible"));
    }

    #[test]
    fn enumerations_are_checked() {
        let ok = DeclutterLabel { width: 10.0, height: 5.0, ..DeclutterLabel::default() };
        assert!(label(0, &ok).is_ok());
        let bad = |l: DeclutterLabel| label(3, &l).unwrap_err().message;
        assert!(bad(DeclutterLabel { alignment: 2, ..ok }).contains("alignment 2"));
        assert!(bad(DeclutterLabel { anchor: 9, ..ok }).contains("anchor 9"));
        assert!(bad(DeclutterLabel { flags: 8, ..ok }).contains("unknown flags 0x8"));
        assert!(bad(DeclutterLabel { coordinates: 7, ..ok }).contains("coordinates 7"));
        let o = default_options();
        assert!(options(&DeclutterOptions { stickiness: 3, ..o }).is_err());
        assert!(options(&DeclutterOptions { hysteresis_px: -1.0, ..o }).unwrap_err().message.contains("hysteresis_px"));
        assert_eq!(options(&o).unwrap(), FrameOptions::default());
        assert!(obstacle(0, &DeclutterObstacle { kind: 5, ..DeclutterObstacle::default() }).is_err());
    }

    #[test]
    fn anchors_follow_the_design_order() {
        let names: Vec<&str> = (0..9).map(|a| Anchor::ALL[a].name()).collect();
        assert_eq!(names[DECLUTTER_ANCHOR_TOP_LEFT as usize], "top-left");
        assert_eq!(names[DECLUTTER_ANCHOR_BOTTOM as usize], "bottom");
        assert_eq!(names[DECLUTTER_ANCHOR_BOTTOM_RIGHT as usize], "bottom-right");
    }
}
