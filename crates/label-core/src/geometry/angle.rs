//! Degrees to the label's reading axis, with exact quarter turns; and the rule that keeps text
//! readable.

use glam::Vec2;

/// The unit reading axis `u = (cos θ, −sin θ)` of a label rotated by `degrees` counter-clockwise
/// on a y-down screen (contract §1).
///
/// Multiples of 90° give exact axes (`cos 90°` in floating point is not exactly zero, which would
/// turn two exactly touching upright boxes into a sliver of overlap).
///
/// ```
/// use label_core::geometry::reading_axis;
/// use glam::Vec2;
/// assert_eq!(reading_axis(0.0), Vec2::new(1.0, 0.0));
/// // 90° counter-clockwise on screen reads upwards, towards negative y.
/// assert_eq!(reading_axis(90.0), Vec2::new(0.0, -1.0));
/// assert_eq!(reading_axis(-270.0), Vec2::new(0.0, -1.0));
/// ```
#[must_use]
pub fn reading_axis(degrees: f64) -> Vec2 {
    // Most labels are upright: skip the remainder (a libm call) for them.
    if degrees == 0.0 {
        return Vec2::X;
    }
    let turns = degrees.rem_euclid(360.0);
    if turns.fract() == 0.0 && (turns as u32).is_multiple_of(90) {
        return match turns as u32 {
            0 => Vec2::new(1.0, 0.0),
            90 => Vec2::new(0.0, -1.0),
            180 => Vec2::new(-1.0, 0.0),
            _ => Vec2::new(0.0, 1.0),
        };
    }
    // Compute in f64 so that the f32 axis is the correctly rounded one.
    let (s, c) = degrees.to_radians().sin_cos();
    Vec2::new(c as f32, -s as f32)
}

/// An angle in degrees turned by 180° if needed into `(-90, 90]`, so that text reads left to
/// right (or bottom to top at exactly 90°): the frame engine's `keep_upright` and the command's
/// names along lines both turn their angles so. Exact: every subtraction is of numbers within a
/// factor two of each other.
///
/// ```
/// use label_core::geometry::readable_angle;
/// assert_eq!(readable_angle(135.0), -45.0);
/// assert_eq!(readable_angle(-90.0), 90.0); // straight down the screen reads bottom to top
/// assert_eq!(readable_angle(300.0), -60.0);
/// ```
#[must_use]
#[inline]
pub fn readable_angle(degrees: f64) -> f64 {
    let a = degrees.rem_euclid(360.0);
    if a > 270.0 {
        a - 360.0
    } else if a > 90.0 {
        a - 180.0
    } else {
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_turns_are_exact_and_unit_otherwise() {
        assert_eq!(reading_axis(180.0), Vec2::new(-1.0, 0.0));
        assert_eq!(reading_axis(270.0), Vec2::new(0.0, 1.0));
        assert_eq!(reading_axis(-90.0), Vec2::new(0.0, 1.0));
        assert_eq!(reading_axis(720.0), Vec2::new(1.0, 0.0));
        for d in [1.0_f64, 30.0, 45.0, 123.4, -17.0] {
            assert!((reading_axis(d).length() - 1.0).abs() < 1e-6);
        }
        // 30° counter-clockwise: to the right and up (negative y on screen).
        let u = reading_axis(30.0);
        assert!(u.x > 0.0 && u.y < 0.0);
    }

    #[test]
    fn readable_angles_read_left_to_right() {
        let cases = [(0.0, 0.0), (90.0, 90.0), (-90.0, 90.0), (135.0, -45.0), (-135.0, 45.0), (270.0, 90.0)];
        for (a, want) in cases.into_iter().chain([(300.0, -60.0), (-30.0, -30.0), (180.0, 0.0), (-180.0, 0.0)]) {
            assert_eq!(readable_angle(a), want, "{a}");
        }
        assert!(readable_angle(-0.0).is_sign_negative());
        // In (-90, 90] and the same line: a whole number of half turns away.
        for k in 0..7200 {
            let a = f64::from(k) * 0.137 - 493.0;
            let r = readable_angle(a);
            assert!(r > -90.0 && r <= 90.0, "{a} -> {r}");
            assert!(((a - r) / 180.0 - ((a - r) / 180.0).round()).abs() < 1e-9, "{a} -> {r}");
        }
    }
}
