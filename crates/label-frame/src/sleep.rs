//! Sleeping labels: most labels in view of a busy map are hidden by the same shown label frame
//! after frame, and a full frame spends most of its time finding that out again.
//!
//! Without pitch, the camera moves every label's anchor by the same similarity (scale and
//! turn, see [`crate::projection`]). Two labels whose boxes keep their shape (viewport-aligned,
//! scale 1) therefore move relative to each other by at most `|z − z₀|·|d|`, where `z` is the
//! similarity as a complex number and `d` the world vector between their anchors. A box that
//! overlaps another with separation `−depth` (the Separating Axis Theorem's largest gap over
//! the four axes, each of which a shift changes by at most its length) keeps overlapping under
//! any shift shorter than `depth`.
//!
//! So when a label is found hidden by a shown label (a waiting label by its blocker again, or a
//! label new to the view by the greedy pass), the frame gives it a certificate: the similarity `z₀` of this frame, and the radius `(depth − ε) / |d|` around it
//! within which the two boxes still overlap (`ε` covers the rounding of the boxes to f32). In
//! a later full frame the label sleeps — keeps its decision, and is neither projected nor
//! tested — while all of these hold:
//!
//! - the camera has no pitch, and its similarity is within the radius;
//! - its blocker is shown (and blocks) in this frame;
//! - it is still in view: its anchor is inside the viewport by its reach (the projection
//!   stage's own quick test), so its box meets the viewport;
//! - it is not drawn (opacity 0: nothing to fade).
//!
//! The decision it keeps is exactly the one the test would make: the same blocker, hidden,
//! in view. Only its pose is not computed: [`crate::LabelFrame::pose`] is `None` for a
//! sleeping label, and [`crate::FrameEngine::screen_label`] projects it on demand.
//!
//! Certificates are issued only where the waiting rule is the plain overlap test (stickiness
//! `Shown`, no obstacles, no tolerated overlap area); everything else wakes every label.

use std::sync::atomic::{AtomicU64, Ordering};

use glam::DVec2;
use label_core::Obb;
use label_core::narrow::obb_obb_separation;

/// A certificate: the label's box (with the hysteresis margin) overlaps its `blocker`'s while
/// the camera's similarity stays within `radius` of `at`. A fact about the two labels'
/// geometry, so it holds whatever happened in between (the engine drops every certificate
/// when the labels or the settings change).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sleep {
    at: DVec2,
    /// 0: none.
    radius: f64,
    blocker: u32,
}

impl Sleep {
    /// No certificate.
    pub(crate) const NONE: Self = Self { at: DVec2::ZERO, radius: 0.0, blocker: u32::MAX };

    /// The certificate of a label whose box `me` overlaps the box `them` of label `blocker`,
    /// their anchors `world_distance` world px apart, at similarity `now`; [`Self::NONE`] if
    /// the overlap is too shallow to be sure of.
    #[must_use]
    pub(crate) fn issue(me: &Obb, them: &Obb, blocker: u32, world_distance: f64, now: DVec2) -> Self {
        // Rounding: the boxes are f32, a few units in the last place of their coordinates.
        let size = me.center.abs().max(them.center.abs()).max_element() + me.half.max(them.half).max_element();
        let epsilon = 1e-2 + f64::from(size) * 1e-5;
        let depth = -f64::from(obb_obb_separation(me, them)) - epsilon;
        if depth <= 0.0 {
            return Self::NONE;
        }
        let radius = if world_distance > 0.0 { depth / world_distance } else { f64::INFINITY };
        Self { at: now, radius, blocker }
    }

    /// Whether this is a certificate ([`Self::issue`] found the overlap deep enough).
    #[must_use]
    pub(crate) fn is_some(&self) -> bool {
        self.radius > 0.0
    }

    /// The label the certificate is about.
    #[must_use]
    #[inline]
    pub(crate) fn blocker(&self) -> u32 {
        self.blocker
    }

    /// Whether the certificate says the label still overlaps `blocker` at similarity `now`.
    #[must_use]
    #[inline]
    pub(crate) fn holds(&self, blocker: u32, now: DVec2) -> bool {
        self.blocker == blocker && self.radius > 0.0 && (now - self.at).length_squared() < self.radius * self.radius
    }
}

/// Every label's certificate, each readable and writable from the pass over its run of labels:
/// 16 bytes a label, the similarity and radius in f32 (the radius shrunk by the similarity's
/// rounding, so a certificate read back never claims more than the one issued).
#[derive(Debug, Default)]
pub(crate) struct Sleeps {
    cells: Vec<[AtomicU64; 2]>,
    /// The similarity of the frame being placed, if its labels can sleep.
    pub(crate) now: Option<DVec2>,
}

impl Sleeps {
    /// None for `count` labels.
    pub(crate) fn reset(&mut self, count: usize) {
        self.cells.clear();
        self.cells.resize_with(count, || Self::pack(Sleep::NONE).map(AtomicU64::new));
    }

    fn pack(s: Sleep) -> [u64; 2] {
        let at = s.at.as_vec2();
        // |z − at₃₂| ≥ |z − at| − |at − at₃₂|, and f32 rounding moves each part by at most
        // 2⁻²⁴ of it.
        let rounding = s.at.abs().max_element() * 2e-7;
        let radius = ((s.radius - rounding).max(0.0) as f32).next_down().max(0.0);
        let high = |a: f32, b: u32| (u64::from(a.to_bits()) << 32) | u64::from(b);
        [high(at.x, at.y.to_bits()), high(radius, s.blocker)]
    }

    /// Label `i`'s certificate.
    #[must_use]
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Sleep {
        let [a, b] = self.cells[i].each_ref().map(|x| x.load(Ordering::Relaxed));
        let f = |bits: u64| f64::from(f32::from_bits(bits as u32));
        Sleep { at: DVec2::new(f(a >> 32), f(a)), radius: f(b >> 32), blocker: b as u32 }
    }

    /// Sets label `i`'s certificate.
    #[inline]
    pub(crate) fn set(&self, i: usize, s: Sleep) {
        for (cell, v) in self.cells[i].iter().zip(Self::pack(s)) {
            cell.store(v, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Alignment, Camera, FrameEngine, FrameOptions, WorldLabel};
    use glam::Vec2;

    #[test]
    fn sleeping_labels_keep_the_frames_they_would_have() {
        // A dense patch (most labels hidden, most of them asleep), some map-aligned, some
        // padded; the camera zooms, turns, pans, tilts and comes back. Every frame equals the
        // one an engine whose labels never sleep computes: decisions, opacity, blockers, counts,
        // and every pose (asked of the engine where the frame has none).
        let labels: Vec<WorldLabel> = (0..3000u32)
            .map(|k| {
                let p = DVec2::new(100.0 + f64::from(k * 37 % 500) * 0.04, 80.0 + f64::from(k * 91 % 420) * 0.04);
                WorldLabel::from_world(u64::from(k), p, 20.0 + f64::from(k % 70), 10.0 + f64::from(k % 7))
                    .with_priority(f64::from(k % 9))
                    .with_angle(if k % 5 == 0 { f64::from(k % 40) } else { 0.0 })
                    .with_alignment(if k % 7 == 0 { Alignment::Map } else { Alignment::Viewport })
                    .with_padding(f64::from(k % 3))
            })
            .collect();
        let cameras: Vec<Camera> = (0..160)
            .map(|k| {
                let t = f64::from(k);
                let c = Camera::new(DVec2::new(110.0, 88.0), 4.0, 900.0, 600.0);
                match k {
                    0..40 => c.with_zoom(4.0 + t * 0.02),
                    40..80 => c.with_zoom(4.8).with_bearing((t - 40.0) * 2.0),
                    80..100 => {
                        c.with_zoom(4.8).with_bearing(80.0).with_center(DVec2::new(110.0 + (t - 80.0) * 0.05, 88.0))
                    }
                    100..120 => c.with_zoom(4.8).with_pitch((t - 100.0) * 2.0),
                    _ => c.with_zoom(4.8 - (t - 120.0) * 0.03).with_bearing(-(t - 120.0)),
                }
            })
            .collect();
        let mut engines = [true, false].map(|sleepless| {
            let mut e = FrameEngine::new(FrameOptions::default()).unwrap();
            e.sleepless = sleepless;
            e.set_labels(labels.clone()).unwrap();
            e
        });
        let (mut asleep, mut reused_asleep) = (0, 0);
        for (k, camera) in cameras.iter().enumerate() {
            for e in &mut engines {
                e.place_frame(camera, k as f64 * 16.0).unwrap();
                assert!(e.memo_is_in_sync(), "frame {k}");
            }
            let [awake, sleeping] = &engines;
            let (a, b) = (awake.frame(), sleeping.frame());
            assert_eq!(a.stats, crate::FrameStats { asleep: 0, ..b.stats }, "frame {k}");
            asleep += b.stats.asleep;
            if k == 1 {
                // Labels hidden in the first frame (new to the view, by pass 1) sleep from the
                // second on.
                assert!(b.stats.asleep * 2 > b.stats.hidden_collision, "{:?}", b.stats);
            }
            reused_asleep += usize::from(b.stats.kind == crate::FrameKind::Reused && b.stats.asleep > 0);
            for (i, (x, y)) in a.labels.iter().zip(&b.labels).enumerate() {
                let decided = |l: &crate::LabelFrame| (l.visible, l.opacity, l.reason, l.hidden_by);
                assert_eq!(decided(x), decided(y), "frame {k}, label {i}");
                assert_eq!(awake.screen_pose(i), sleeping.screen_pose(i), "frame {k}, label {i}");
                if y.opacity > 0.0 {
                    assert_eq!(x.pose, y.pose, "frame {k}, label {i}: drawn labels have their pose");
                }
            }
        }
        assert!(asleep > 40_000 && reused_asleep > 10, "{asleep}, {reused_asleep}");
    }

    fn obb(x: f32, y: f32, hx: f32, hy: f32, deg: f64) -> Obb {
        Obb::from_center_half_extents_angle(Vec2::new(x, y), Vec2::new(hx, hy), deg)
    }

    #[test]
    fn the_radius_is_the_depth_over_the_distance() {
        let (a, b) = (obb(0.0, 0.0, 10.0, 5.0, 0.0), obb(17.0, 0.0, 10.0, 5.0, 0.0));
        // Overlapping by 3 px along x (and 10 along y): depth 3 less the margin for rounding.
        let sleep = Sleep::issue(&a, &b, 7, 2.0, DVec2::X);
        assert!(sleep.radius < 1.5 && sleep.radius > 1.49, "{sleep:?}");
        assert!(sleep.holds(7, DVec2::new(1.0, 1.4)));
        assert!(!sleep.holds(7, DVec2::new(1.0, 1.5)));
        // Another blocker.
        assert!(!sleep.holds(8, DVec2::X));
        // Touching or barely overlapping: no certificate.
        assert_eq!(Sleep::issue(&a, &obb(20.0, 0.0, 10.0, 5.0, 0.0), 7, 2.0, DVec2::X), Sleep::NONE);
        assert!(!Sleep::NONE.holds(u32::MAX, DVec2::X));
        // Anchors at the same world point never move apart.
        assert!(Sleep::issue(&obb(0.0, 0.0, 10.0, 5.0, 30.0), &a, 1, 0.0, DVec2::X).holds(1, DVec2::Y * 9e9));
        // Kept and read back.
        let mut sleeps = Sleeps::default();
        sleeps.reset(3);
        sleeps.set(1, sleep);
        let back = sleeps.get(1);
        assert!(back.radius <= sleep.radius && back.radius > sleep.radius * 0.999999, "{back:?}");
        assert_eq!((back.at, back.blocker), (sleep.at, 7));
        assert_eq!(sleeps.get(2), Sleep::NONE);
    }

    #[test]
    fn boxes_within_the_radius_overlap() {
        // Random pairs of overlapping boxes, shifted by the similarity's change on their
        // anchors' world distance: inside the radius they still overlap.
        let mut state = 0x2545_f491_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut checked = 0;
        for _ in 0..20_000 {
            let me = obb(500.0, 400.0, 5.0 + 40.0 * next() as f32, 3.0 + 8.0 * next() as f32, 90.0 * next());
            let offset = Vec2::new(60.0 * next() as f32 - 30.0, 30.0 * next() as f32 - 15.0);
            let them =
                obb(500.0 + offset.x, 400.0 + offset.y, 5.0 + 40.0 * next() as f32, 3.0 + 8.0 * next() as f32, 0.0);
            if !me.overlaps(&them) {
                continue;
            }
            // World anchors `d` apart at similarity 1; the similarity then moves by `t`.
            let d = DVec2::new(next() - 0.5, next() - 0.5) * 40.0;
            let sleep = Sleep::issue(&me, &them, 3, d.length(), DVec2::X);
            let angle = next() * std::f64::consts::TAU;
            let t = DVec2::from_angle(angle) * sleep.radius.min(10.0) * next();
            if !sleep.holds(3, DVec2::X + t) {
                continue;
            }
            // The pair's anchors move apart by (z − z₀)·d (complex product).
            let shift = DVec2::new(t.x * d.x - t.y * d.y, t.x * d.y + t.y * d.x).as_vec2();
            let moved = Obb { center: them.center + shift, ..them };
            assert!(me.overlaps(&moved), "{me:?} {moved:?} {sleep:?}");
            checked += 1;
        }
        assert!(checked > 2000, "{checked}");
    }
}
