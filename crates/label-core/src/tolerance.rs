//! The contract's boundaries (§3, "Every boundary has a tolerance"): every comparison of lengths
//! or distances allows τ = 1/1024 px ([`LENGTH`], the collision rule's
//! [`crate::narrow::TOLERANCE`]), and every comparison of angles α = 1e-6° ([`ANGLE`]), so that
//! an input meeting a boundary exactly in decimal arithmetic is decided as the contract says
//! whatever the floating-point rounding: a text exactly as long as its room fits (from x = 100.2
//! to 100.5, 0.1 + 0.2 px of glyphs, is 3e-15 px short in f64), collinear points never bend a
//! text (their turn in f64 may be 6e-15°), and two labels of a group exactly `repeat_distance`
//! apart are not repeats. The rounding of these quantities stays far below τ and α wherever
//! the labels are, so the tolerances never decide a case that is not a boundary.
//!
//! Each rule is one predicate here, called by every place that decides it (the path layout,
//! the repeat check of the batch and of the frame engine, and through them the C, WebAssembly
//! and Python bindings).

/// τ, px: the tolerance of every length and distance comparison (contract §3).
pub const LENGTH: f64 = crate::narrow::TOLERANCE;

/// α, degrees: the tolerance of every angle comparison (contract §3b).
pub const ANGLE: f64 = 1e-6;

/// Whether a text of length `text` starting at arc length `start` fits a path of length `path`
/// (contract §3b, *Layout*): `start ≥ −τ` and `start + text ≤ path + τ`.
///
/// ```
/// use label_core::tolerance::fits_along;
/// assert!(fits_along(0.0, 0.1 + 0.2, 100.5 - 100.2)); // 3e-15 px "too long" in f64
/// assert!(!fits_along(0.0, 0.31, 0.3));
/// ```
#[must_use]
#[inline]
pub fn fits_along(start: f64, text: f64, path: f64) -> bool {
    start >= -LENGTH && start + text <= path + LENGTH
}

/// Whether a turn of `turn` degrees between two consecutive glyphs is more than a path label's
/// `max_angle` allows (contract §3b, *Curvature*): `turn > max_angle + α`.
///
/// ```
/// use label_core::tolerance::too_curved;
/// assert!(!too_curved(6.4e-15, 0.0)); // collinear points, rounded
/// assert!(too_curved(0.001, 0.0));
/// ```
#[must_use]
#[inline]
pub fn too_curved(turn: f64, max_angle: f64) -> bool {
    turn > max_angle + ANGLE
}

/// Whether an anchor point `distance` px from an earlier placed label's of the same group is
/// a repeat under `repeat_distance` (contract §4 step 3a): `distance < repeat_distance − τ`.
///
/// ```
/// use label_core::tolerance::is_repeat;
/// let d = (0.6f64 - 0.3).hypot(0.3 - 0.7); // 0.5 in decimal, a hair more or less in f64
/// assert!(!is_repeat(d, 0.5));
/// assert!(is_repeat(0.49, 0.5));
/// ```
#[must_use]
#[inline]
pub fn is_repeat(distance: f64, repeat_distance: f64) -> bool {
    distance < repeat_distance - LENGTH
}

#[cfg(test)]
mod tests {
    use super::*;

    // Probes τ/2 and 2τ (α/2 and 2α) on each side of each boundary: within the tolerance the
    // boundary's side wins, beyond it the other.
    const PROBES: [f64; 4] = [-2.0, -0.5, 0.5, 2.0];

    #[test]
    fn fitting_along_a_path_allows_tau_at_both_ends() {
        for k in PROBES {
            let over = k * LENGTH;
            let fits = k < 1.0;
            // The end: a 30-px text on a path 30 − over px long.
            assert_eq!(fits_along(0.0, 30.0, 30.0 - over), fits, "end, {k}τ");
            // The start: the text starting `over` before the path.
            assert_eq!(fits_along(-over, 30.0, 40.0), fits, "start, {k}τ");
        }
    }

    #[test]
    fn a_turn_is_too_curved_only_beyond_alpha() {
        for max_angle in [0.0, 30.0, 45.0, 90.0] {
            for k in PROBES {
                assert_eq!(too_curved(max_angle + k * ANGLE, max_angle), k > 1.0, "{max_angle}° {k}α");
            }
        }
    }

    #[test]
    fn a_repeat_is_closer_than_the_distance_by_more_than_tau() {
        for k in PROBES {
            assert_eq!(is_repeat(50.0 - k * LENGTH, 50.0), k > 1.0, "{k}τ closer");
        }
        assert!(!is_repeat(0.0, 0.0), "a zero repeat distance never repeats");
    }
}
