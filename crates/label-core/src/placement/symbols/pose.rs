//! A point symbol's boxes computed together. Every box of a label shares its anchor point and
//! reading axes, and every text position shares the text's size, so its half extents and the
//! half extents of its bounds ([`Obb::bounds_half`]); these are computed once a label (once a
//! size), and each position adds only its centre and its bounds' slack. The boxes and bounds
//! are [`crate::Symbol::parts`]' and [`Obb::bounds`]' to the bit: the same operations on the same
//! numbers, which `tests` check against them.

use glam::{DVec2, Vec2};

use crate::geometry::reading_axis;
use crate::label::{text_center, text_half};
use crate::{Aabb, Anchor, Label, Obb};

/// What every box of one label shares: its anchor point (from the origin) and reading axes.
pub(super) struct Pose {
    at: DVec2,
    axis: Vec2,
    u: DVec2,
    v: DVec2,
}

/// A box size on a [`Pose`]: the size, the box's half extents and its bounds' half extents.
pub(super) struct Sized {
    size: DVec2,
    half: Vec2,
    ext: DVec2,
}

impl Pose {
    /// The pose of `label`'s boxes, measured from `origin`.
    #[inline]
    pub fn new(label: &Label, origin: DVec2) -> Self {
        let axis = reading_axis(label.style.angle);
        Self { at: DVec2::new(label.x, label.y) - origin, axis, u: axis.as_dvec2(), v: axis.perp().as_dvec2() }
    }

    /// Boxes of `size` px grown by `padding` on this pose.
    #[inline]
    pub fn sized(&self, size: DVec2, padding: f64) -> Sized {
        let half = text_half(size, padding);
        Sized { size, half, ext: Obb::bounds_half(self.axis, half) }
    }

    /// The box of `sized` with the anchor `anchor` on the anchor point, moved by `offset` in
    /// the label's frame ([`crate::text_box`]), and its bounds ([`Obb::bounds`]).
    #[inline]
    pub fn place(&self, sized: &Sized, offset: DVec2, anchor: Anchor) -> (Obb, Aabb) {
        let center = text_center(self.at, sized.size, offset, anchor.shift(), self.u, self.v);
        (Obb { center, half: sized.half, axis: self.axis }, Obb::bounds_around(center, sized.ext))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Candidate, Icon, Symbol};

    /// Boxes and bounds of labels at many angles, sizes, paddings, offsets and distances from
    /// the origin, at every anchor and with an icon: the pose's are the reference's
    /// ([`crate::Symbol::parts`], [`Obb::bounds`]) bit for bit.
    #[test]
    fn the_pose_gives_the_parts_and_bounds_bit_for_bit() {
        let mut checked = 0;
        for k in 0..2000u32 {
            let far = [0.0, 1.0e3, 3.7e6, -2.5e9][k as usize % 4];
            let angle = [0.0, 90.0, -90.0, 180.0, 33.3, -71.25, 0.1][k as usize % 7] + f64::from(k % 3);
            let label = Label::new(
                far + f64::from(k) * 0.37,
                -far * 0.5 + f64::from(k) * 1.13,
                10.0 + f64::from(k % 97),
                7.0 + f64::from(k % 13) * 0.875,
            )
            .with_angle(angle)
            .with_padding(f64::from(k % 4) * 0.75)
            .with_offset(f64::from(k % 5) - 2.0, 0.5);
            let candidates: Vec<Candidate> = Anchor::ALL
                .iter()
                .enumerate()
                .map(|(j, &a)| Candidate::new(a).with_offset(f64::from(j as u32) * 1.5 - 3.0, f64::from(k % 3)))
                .collect();
            let icon = Icon {
                anchor: Anchor::ALL[k as usize % 9],
                offset: DVec2::new(1.25, -2.0),
                padding: 0.5,
                ..Icon::new(12.0, 9.5)
            };
            let symbol =
                Symbol::default().with_candidates(if k % 2 == 0 { candidates } else { vec![] }).with_icon(icon);
            let origin = if k % 3 == 0 { DVec2::ZERO } else { DVec2::new(far * 0.25, 17.5) };
            let pose = Pose::new(&label, origin);
            let text = pose.sized(DVec2::new(label.style.width, label.style.height), label.style.padding);
            let mut mine: Vec<(Obb, Aabb)> = if symbol.candidates.is_empty() {
                vec![pose.place(&text, label.style.offset, label.style.anchor)]
            } else {
                symbol.candidates.iter().map(|c| pose.place(&text, c.offset, c.anchor)).collect()
            };
            mine.push(pose.place(
                &pose.sized(DVec2::new(icon.width, icon.height), icon.padding),
                icon.offset,
                icon.anchor,
            ));
            let reference: Vec<(Obb, Aabb)> = symbol.parts(&label, origin, None).map(|o| (o, o.bounds())).collect();
            assert_eq!(mine.len(), reference.len(), "label {k}");
            for (m, r) in mine.iter().zip(&reference) {
                let bits = |(o, b): &(Obb, Aabb)| {
                    let f = [o.center.x, o.center.y].map(f64::to_bits);
                    let g =
                        [o.half.x, o.half.y, o.axis.x, o.axis.y, b.min.x, b.min.y, b.max.x, b.max.y].map(f32::to_bits);
                    (f, g)
                };
                assert_eq!(bits(m), bits(r), "label {k}");
                checked += 1;
            }
        }
        assert!(checked > 2000 * 2, "{checked}");
    }
}
