//! The `no_room` certificate through a camera under pitch: the projected line is no longer the
//! world line scaled, but it is no longer than the world line times the largest stretch of the
//! projection over the line's bounds.
//!
//! A world vector `dP` moves the ground point `r` (step 1 of the projection) by `2^zoom·|dP|`,
//! and the screen point by `J·dr`, with the Jacobian of the tilt and perspective
//! (`k = D/(D − r.y·sin θ)`):
//!
//! ```text
//! J = | k    r.x·k²·sin θ / D |
//!     | 0    cos θ·k²         |
//! ```
//!
//! Over the line's bounds (a rectangle of the ground, all in front of the camera) `k` is largest
//! at a corner (it grows with `r.y`), and so is `|r.x|`, so `J`'s norm is at most
//! `σ = √(k̂² + (r̂·k̂²·sin θ/D)² + (cos θ·k̂²)²)` with `k̂`, `r̂` their largest values at the
//! corners (the Frobenius norm of the largest entries). Any stretch of the line, the part
//! before the offset's point and the part after it included, is at most `σ·2^zoom` times as
//! long on screen as in the world. The text's length is the layout's own (its advances scaled
//! at the offset's point). When the shorter part's bound, plus the rounding, is below half the
//! text less τ, the text does not fit at that end: hidden `no_room`, as the layout finds it.

use glam::DVec2;
use label_core::TextPath;
use label_core::tolerance::LENGTH;

use super::sure::{largest_coordinate, no_room};
use super::{ScreenPath, WorldLine};
use crate::geo::projection::{NEAR, Projection, label_scale};

/// `surely_no_room` (`sure.rs`) through a camera under pitch (see the module's documentation):
/// `None` if the text may fit, or if a corner of the line's bounds is near the camera plane or
/// behind it (a point of the line may then be behind the camera).
pub(super) fn surely_no_room_pitched(
    world: &TextPath,
    line: &WorldLine,
    shift: DVec2,
    projection: &Projection,
    perspective_scaling: f64,
) -> Option<ScreenPath> {
    let (mut k, mut across, mut r) = (0.0_f64, 0.0_f64, 0.0_f64);
    for c in line.corners() {
        let p = projection.project(c + shift)?;
        // Well in front of the camera plane: every point of the line is (its depth is affine).
        if p.perspective * NEAR >= 1.0 - 1e-6 {
            return None;
        }
        (k, across, r) = (k.max(p.perspective), across.max(p.ground.x.abs()), r.max(p.ground.length()));
    }
    let ((sin, cos), d, zoom) = (projection.tilt(), projection.distance(), projection.scale());
    let stretch = (k * k + (across * k * k * sin / d).powi(2) + (cos * k * k).powi(2)).sqrt() * (1.0 + 1e-9);
    let at = projection.project(line.at + shift)?;
    let scale = label_scale(at.perspective, perspective_scaling);
    let text: f64 = world.glyph_advances.iter().map(|a| a * scale).sum();
    // The rounding: of the ground points (a few ulps of the largest coordinate, stretched), of
    // the tilt and perspective (a few ulps of the screen coordinates, more near the camera
    // plane), and of the sums, with room to spare as in the flat certificate.
    let size = projection.camera().size.max_element();
    let far = largest_coordinate(line, shift, projection);
    let reach = stretch * far * zoom + (size + r * k) * (1.0 + r / d);
    let m = 1e-9 * (world.points.len() + 1) as f64 * (reach + stretch * zoom * line.length + text);
    let room = stretch * zoom * line.offset.min(line.length - line.offset);
    if room + 3.0 * m >= text / 2.0 - LENGTH {
        return None;
    }
    Some(no_room(world, at.screen, scale))
}
