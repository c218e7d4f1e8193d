//! Sleeping labels: most labels in view of a busy map are hidden by the same shown label frame
//! after frame, and a full frame spends most of its time finding that out again.
//!
//! Without pitch, the camera maps a world vector `d` to the screen vector `w·d`: a complex
//! product, `w = 2^zoom·e^{−iβ}` ([`crate::Projection::similarity`]). Two labels whose boxes
//! keep their shape (viewport-aligned, scale 1) keep their boxes' offsets from their anchors,
//! so all that changes between them is `Δ = w·d`, `d` the world vector between their anchors.
//! Whether the boxes overlap is then a question about `Δ` alone. The Separating Axis Theorem
//! asks it along the label's axes `u, v` (and the blocker's): along `u`, the boxes overlap iff
//! `|u·Δ − k_u| < R_u`, with `k_u` and `R_u` fixed by the boxes' shapes; and `(u·Δ, v·Δ) =
//! w·d′`, with `d′ = conj(u)·d` fixed too.
//!
//! So when a label is found hidden by a shown label (a waiting label by its blocker again, or a
//! label new to the view by the greedy pass), the frame gives it a certificate: `d′` and a
//! rectangle around `(k_u, k_v)` that `w·d′` must stay in for the boxes to overlap.
//!
//! - Boxes with parallel axes (both unrotated, the common case) overlap exactly while `w·d′`
//!   stays inside the rectangle of half sizes `(R_u, R_v)`; they collide (overlap by more than
//!   τ, contract §3) while it stays inside that rectangle less τ, and the certificate's is less
//!   `ε` more for rounding.
//! - Otherwise the rectangle is the square inscribed in the disk of radius `depth − ε` around
//!   this frame's `w·d′`, where `depth` is the overlap's depth (the theorem's largest gap over
//!   the four axes, negated) less τ: no shift shorter than it brings the overlap down to τ.
//!
//! Under pitch there is no `w`: the camera maps world vectors differently across the screen,
//! and labels scale with perspective. There the certificate is the overlap's depth itself,
//! against how far the boxes moved since: the label's anchor offset `o` from its blocker's on
//! screen and both scales `s` are kept, and the boxes still overlap while
//! `|o′ − o| + |s′ − s|·R + |s′_b − s_b|·R_b < depth − τ − ε`, `R` the reach of a box from its
//! anchor at scale 1. (Each box's support function moves by at most its anchor's shift plus
//! its scale's change times its reach; the boxes overlap while the support function of their
//! Minkowski difference stays positive, and its least value is the depth.) Checking it costs
//! the projection of the label's anchor, not the box and its test.
//!
//! In a later full frame the label sleeps — keeps its decision, and is neither projected nor
//! tested — while all of these hold:
//!
//! - its certificate holds: `w·d′` is inside the rectangle (no pitch), or the boxes moved less
//!   than the depth;
//! - its blocker is shown (and blocks) in this frame;
//! - it is still in view: its world cell is inside the viewport, or its anchor is inside by
//!   its reach (the projection stage's quick test), or its box meets the viewport (the exact
//!   test, for labels at the edge);
//! - it is not drawn (opacity 0: nothing to fade).
//!
//! The decision it keeps is exactly the one the test would make: the same blocker, hidden,
//! in view. Only its pose is not computed: [`crate::LabelFrame::pose`] is `None` for a
//! sleeping label, and [`crate::FrameEngine::screen_label`] projects it on demand.
//!
//! Certificates are issued only where the waiting rule is the plain overlap test (stickiness
//! `Shown`, no obstacles, no tolerated overlap area); everything else wakes every label.
//! Symbols (several parts, several positions) sleep by certificates per part (`symbol.rs`,
//! and `frame_pass/symbols/asleep/` for when they do).

pub(crate) mod deep;
mod store;
mod symbol;

pub(crate) use store::{Rectangles, Sleeps};

use glam::{DVec2, Vec2};
use label_core::Obb;
use label_core::narrow::{TOLERANCE, obb_obb_separation};

/// The complex product `a·b`.
#[inline]
fn times(a: DVec2, b: DVec2) -> DVec2 {
    DVec2::new(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x)
}

/// What a certificate says: the label's box (with the hysteresis margin) overlaps its
/// blocker's while this holds. A fact about the two labels' geometry, so it holds whatever
/// happened in between (the engine drops every certificate when the labels or the settings
/// change).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Certificate {
    /// No certificate.
    None,
    /// Without pitch: while `w·turned` is inside the rectangle `center ± half`, for the
    /// camera's `w`; `turned` is the world vector from the blocker's anchor to the label's, in
    /// the frame of the label's axes (`conj(u)·d`).
    Rectangle { turned: Vec2, center: Vec2, half: Vec2 },
    /// Under any camera: while the boxes moved less than `depth` since the anchors were
    /// `offset` apart on screen at `scales` (label, blocker).
    Depth { offset: Vec2, scales: Vec2, depth: f32 },
}

/// A label's certificate to sleep, and the label it is about (its blocker).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sleep {
    kind: Certificate,
    blocker: u32,
}

impl Sleep {
    /// No certificate.
    pub(crate) const NONE: Self = Self { kind: Certificate::None, blocker: u32::MAX };

    /// The certificate of a label whose box `me` overlaps the box `them` of label `blocker`,
    /// `world` the world vector from the blocker's anchor to the label's, in a frame whose
    /// camera maps world vectors by `now` (see the module); [`Self::NONE`] if the overlap is
    /// too shallow to be sure of.
    #[must_use]
    pub(crate) fn issue(me: &Obb, them: &Obb, blocker: u32, world: DVec2, now: DVec2) -> Self {
        let (u, v) = (me.u(), me.v());
        let turned = times(DVec2::new(f64::from(u.x), -f64::from(u.y)), world);
        let screen = times(now, turned);
        // τ (the overlap must be deeper than it), and rounding: a few units in the last place
        // of the boxes' coordinates.
        let size =
            me.center.abs().max(them.center.abs()).max_element() + f64::from(me.half.max(them.half).max_element());
        let epsilon = TOLERANCE + 1e-2 + size * 1e-5;
        let (ub, vb) = (them.u(), them.v());
        let (c01, c10) = (u.dot(vb).abs(), v.dot(ub).abs());
        let (center, half) = if c01 == 0.0 && c10 == 0.0 {
            // Parallel axes: along `u`, overlap iff |u·(them − me)| < R_u, and u·(them − me)
            // = k_u − u·Δ (the offsets of the boxes from their anchors are fixed).
            let gap = them.center - me.center;
            let k = DVec2::new(gap.dot(u.as_dvec2()), gap.dot(v.as_dvec2())) + screen;
            let r = me.half + them.half * DVec2::new(f64::from(u.dot(ub).abs()), f64::from(v.dot(vb).abs())).as_vec2();
            (k, r.as_dvec2() - epsilon)
        } else {
            let depth = -obb_obb_separation(me, them) - epsilon;
            (screen, DVec2::splat(depth * std::f64::consts::FRAC_1_SQRT_2))
        };
        // Stored and checked in f32: the half sizes shrink by what that rounding can move
        // `w·turned − center` inside the rectangle (a few units of 2⁻²⁴ of `|w·turned|`, which
        // is at most `|center| + |half|` there, and of `|center|`).
        let rounding = (center.abs().max_element() * 2.0 + half.max_element()) * 2e-6;
        let half = (half - rounding).as_vec2().map(|h| h.next_down());
        if half.min_element() <= 0.0 {
            return Self::NONE;
        }
        let sleep = Self::rectangle(turned.as_vec2(), center.as_vec2(), half, blocker);
        if sleep.holds(now) { sleep } else { Self::NONE }
    }

    /// The depth certificate of a label whose box `me` overlaps the box `them` of label
    /// `blocker`, under any camera: in this frame the label's anchor lies `offset` from the
    /// blocker's on screen, and their scales are `scales` (label, blocker). [`Self::NONE`] if
    /// the overlap is too shallow to be sure of.
    #[must_use]
    pub(crate) fn issue_depth(me: &Obb, them: &Obb, blocker: u32, offset: DVec2, scales: DVec2) -> Self {
        // τ and the boxes' rounding, as in `issue`; and the offset's and the scales' (a few
        // units of 2⁻²⁴ of them, times the reach for the scales, which `rounding` bounds).
        let size =
            me.center.abs().max(them.center.abs()).max_element() + f64::from(me.half.max(them.half).max_element());
        let rounding = TOLERANCE + 1e-2 + size * 1e-5 + offset.length() * 1e-6 + scales.max_element() * 1e-6;
        let depth = -obb_obb_separation(me, them) - rounding;
        Self::depth(offset, scales.as_vec2(), depth, blocker)
    }

    /// The depth certificate that this rectangle one gives, for a label whose anchor lies the
    /// world vector `world` from its blocker's, in a frame after one without pitch whose
    /// camera mapped world vectors by `before` and in which it held: there the boxes had scale
    /// 1, their anchors were `before·world` apart, and the distance from `before·turned` to
    /// the rectangle's edge is a depth they had (the rectangle lies inside the set of offsets
    /// at which they overlap, and the overlap's depth changes no faster than the offset).
    /// [`Self::NONE`] if that distance is too small to be sure of, or this is no rectangle.
    #[must_use]
    pub(crate) fn deepen(&self, before: DVec2, world: DVec2) -> Self {
        let Certificate::Rectangle { turned, center, half } = self.kind else { return Self::NONE };
        let off = (times(before, turned.as_dvec2()) - center.as_dvec2()).abs();
        let offset = times(before, world);
        let depth = (half.as_dvec2() - off).min_element() - 1e-3 - offset.length() * 1e-6;
        Self::depth(offset, Vec2::ONE, depth, self.blocker)
    }

    /// A depth certificate, if `depth` (stored in f32, rounded down) is positive.
    fn depth(offset: DVec2, scales: Vec2, depth: f64, blocker: u32) -> Self {
        if depth <= 0.0 {
            return Self::NONE;
        }
        let depth = (depth as f32).next_down();
        if depth <= 0.0 {
            return Self::NONE;
        }
        Self { kind: Certificate::Depth { offset: offset.as_vec2(), scales, depth }, blocker }
    }

    /// Whether this is a certificate ([`Self::issue`] or [`Self::issue_depth`] found the
    /// overlap deep enough).
    #[must_use]
    pub(crate) fn is_some(&self) -> bool {
        self.kind != Certificate::None
    }

    /// Whether this is a depth certificate ([`Self::issue_depth`]).
    #[must_use]
    #[inline]
    pub(crate) fn is_depth(&self) -> bool {
        matches!(self.kind, Certificate::Depth { .. })
    }

    /// What the certificate says.
    #[must_use]
    #[inline]
    pub(crate) fn kind(&self) -> Certificate {
        self.kind
    }

    /// Whether a depth certificate says the label still overlaps its blocker in a frame where
    /// its anchor lies `offset` from the blocker's on screen, at `scales` (label, blocker),
    /// their boxes reaching `reach` from their anchors at scale 1 (padding aside).
    #[must_use]
    #[inline]
    pub(crate) fn holds_depth(&self, offset: DVec2, scales: DVec2, reach: DVec2) -> bool {
        let Certificate::Depth { offset: then, scales: then_scales, depth } = self.kind else { return false };
        let moved =
            (offset - then.as_dvec2()).length() + ((scales - then_scales.as_dvec2()).abs() * reach).element_sum();
        moved < f64::from(depth)
    }

    /// The label the certificate is about.
    #[must_use]
    #[inline]
    pub(crate) fn blocker(&self) -> u32 {
        self.blocker
    }

    /// Whether a rectangle certificate says the label still overlaps its blocker in a frame
    /// whose camera maps world vectors by `now` (never for the other kinds).
    #[must_use]
    #[inline]
    pub(crate) fn holds(&self, now: DVec2) -> bool {
        match self.kind {
            Certificate::Rectangle { turned, center, half } => inside(now.as_vec2(), turned, center, half),
            _ => false,
        }
    }

    /// A rectangle certificate from its parts (see [`Certificate::Rectangle`]).
    pub(crate) fn rectangle(turned: Vec2, center: Vec2, half: Vec2, blocker: u32) -> Self {
        Self { kind: Certificate::Rectangle { turned, center, half }, blocker }
    }
}

/// Whether `w·turned` lies inside the rectangle `center ± half`, in f32: the test of
/// [`Sleep::holds`], and of [`Rectangles::holding`] for many labels at once.
#[inline(always)]
pub(crate) fn inside(w: Vec2, turned: Vec2, center: Vec2, half: Vec2) -> bool {
    let off_x = (w.x * turned.x - w.y * turned.y - center.x).abs();
    let off_y = (w.x * turned.y + w.y * turned.x - center.y).abs();
    (off_x < half.x) & (off_y < half.y)
}

#[cfg(test)]
mod tests;
