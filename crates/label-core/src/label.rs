//! Labels as the caller describes them, and how each becomes an oriented box (contract §2).

use std::fmt;
use std::str::FromStr;

use glam::{DVec2, Vec2};

use crate::geometry::reading_axis;
use crate::{BoxStyle, Obb};

/// Which point of the unrotated label box sits on the anchor point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Anchor {
    /// The box's centre.
    #[default]
    Center,
    /// The middle of the left edge (the text starts at the point).
    Left,
    /// The middle of the right edge.
    Right,
    /// The middle of the top edge (the text hangs below the point).
    Top,
    /// The middle of the bottom edge.
    Bottom,
    /// The top-left corner.
    TopLeft,
    /// The top-right corner.
    TopRight,
    /// The bottom-left corner.
    BottomLeft,
    /// The bottom-right corner.
    BottomRight,
}

impl Anchor {
    /// Every anchor, in the order contract §2 lists them.
    pub const ALL: [Anchor; 9] = [
        Anchor::Center,
        Anchor::Left,
        Anchor::Right,
        Anchor::Top,
        Anchor::Bottom,
        Anchor::TopLeft,
        Anchor::TopRight,
        Anchor::BottomLeft,
        Anchor::BottomRight,
    ];

    /// The name used in documents: `center`, `top-left`, …
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Anchor::Center => "center",
            Anchor::Left => "left",
            Anchor::Right => "right",
            Anchor::Top => "top",
            Anchor::Bottom => "bottom",
            Anchor::TopLeft => "top-left",
            Anchor::TopRight => "top-right",
            Anchor::BottomLeft => "bottom-left",
            Anchor::BottomRight => "bottom-right",
        }
    }

    /// Where the box centre lies relative to the anchor point, in units of the box's width and
    /// height, in the label's own frame: `left` puts the centre half a width to the right.
    #[must_use]
    pub fn shift(self) -> DVec2 {
        let (x, y) = match self {
            Anchor::Center => (0.0, 0.0),
            Anchor::Left => (0.5, 0.0),
            Anchor::Right => (-0.5, 0.0),
            Anchor::Top => (0.0, 0.5),
            Anchor::Bottom => (0.0, -0.5),
            Anchor::TopLeft => (0.5, 0.5),
            Anchor::TopRight => (-0.5, 0.5),
            Anchor::BottomLeft => (0.5, -0.5),
            Anchor::BottomRight => (-0.5, -0.5),
        };
        DVec2::new(x, y)
    }
}

impl fmt::Display for Anchor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The anchor name was none of the nine that contract §2 allows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown anchor {0:?}; expected one of center, left, right, top, bottom, top-left, top-right, bottom-left, bottom-right"
)]
pub struct UnknownAnchor(pub String);

impl FromStr for Anchor {
    type Err = UnknownAnchor;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Anchor::ALL.into_iter().find(|a| a.name() == s).ok_or_else(|| UnknownAnchor(s.to_owned()))
    }
}

/// A text label to place: an anchor point on screen, and its box there (a [`BoxStyle`]: size,
/// rotation, anchor, offset, padding, priority, overlap flags), set with the `with_*` builders.
///
/// Numbers are f64 so that callers' values are checked exactly as given; the engine works on
/// the boxes built from them, whose centres stay f64 (see [`Obb`]).
///
/// ```
/// use label_core::{Anchor, Label};
/// use glam::Vec2;
/// // A 40×10 label whose left edge starts at (100, 50), turned 90° counter-clockwise: it reads
/// // upwards from the point.
/// let label = Label::new(100.0, 50.0, 40.0, 10.0).with_angle(90.0).with_anchor(Anchor::Left);
/// let b = label.obb();
/// assert_eq!(b.center, glam::DVec2::new(100.0, 30.0));
/// assert_eq!(b.aabb().size(), Vec2::new(10.0, 40.0));
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Label {
    /// Anchor point x, px.
    pub x: f64,
    /// Anchor point y, px (down).
    pub y: f64,
    /// The box at that point: size, rotation (degrees, counter-clockwise on screen), anchor,
    /// offset, padding, priority, overlap flags. Its fields sit beside `x` and `y` in
    /// serialized labels.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub style: BoxStyle,
}

crate::forward_box_style_setters!(Label);

impl Label {
    /// A centred, unrotated label of priority 0 at `(x, y)`.
    #[must_use]
    pub fn new(x: f64, y: f64, width: f64, height: f64) -> Self {
        Self { x, y, style: BoxStyle::new(width, height) }
    }

    /// The label's oriented box on screen (contract §2): centre
    /// `(x, y) + c.x·u + c.y·v` with `c = offset + shift(anchor)`, half extents
    /// `(w/2 + padding, h/2 + padding)`.
    #[must_use]
    pub fn obb(&self) -> Obb {
        self.obb_from(DVec2::ZERO)
    }

    /// The label's box in coordinates relative to `origin`.
    #[must_use]
    pub fn obb_from(&self, origin: DVec2) -> Obb {
        let s = &self.style;
        text_box(
            DVec2::new(self.x, self.y) - origin,
            DVec2::new(s.width, s.height),
            s.offset,
            s.anchor.shift(),
            reading_axis(s.angle),
            s.padding,
        )
    }
}

/// The box of a text of `size` px reading along the unit `axis`, whose anchor point is at
/// `at`: `shift` is the anchor's [`Anchor::shift`] and `offset` the label's offset (px), both
/// in the text's own frame, and `padding` grows every side. This is [`Label::obb_from`]'s
/// formula (contract §2), computed in f64 (the half extents stored in f32), for callers that keep a label's
/// parts their own way (a frame engine that turns the axis once rather than every frame): the
/// same parts give the same box, bit for bit.
#[must_use]
#[inline]
pub fn text_box(at: DVec2, size: DVec2, offset: DVec2, shift: DVec2, axis: Vec2, padding: f64) -> Obb {
    let (u, v) = (axis.as_dvec2(), axis.perp().as_dvec2());
    Obb { center: text_center(at, size, offset, shift, u, v), half: text_half(size, padding), axis }
}

/// [`text_box`]'s centre, given its axes `u` and `v` in f64.
#[must_use]
#[inline]
pub(crate) fn text_center(at: DVec2, size: DVec2, offset: DVec2, shift: DVec2, u: DVec2, v: DVec2) -> DVec2 {
    let c = offset + shift * size;
    at + u * c.x + v * c.y
}

/// [`text_box`]'s half extents.
#[must_use]
#[inline]
pub(crate) fn text_half(size: DVec2, padding: f64) -> Vec2 {
    (size * 0.5 + padding).as_vec2()
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{DVec2 as Vec2, Vec2 as Half};

    #[test]
    fn anchors_put_the_named_point_on_the_anchor() {
        let base = Label::new(0.0, 0.0, 20.0, 10.0);
        let centre = |a: Anchor| base.clone().with_anchor(a).obb().center;
        assert_eq!(centre(Anchor::Center), Vec2::ZERO);
        assert_eq!(centre(Anchor::Left), Vec2::new(10.0, 0.0));
        assert_eq!(centre(Anchor::Right), Vec2::new(-10.0, 0.0));
        assert_eq!(centre(Anchor::Top), Vec2::new(0.0, 5.0));
        assert_eq!(centre(Anchor::Bottom), Vec2::new(0.0, -5.0));
        assert_eq!(centre(Anchor::TopLeft), Vec2::new(10.0, 5.0));
        assert_eq!(centre(Anchor::BottomRight), Vec2::new(-10.0, -5.0));
        for a in Anchor::ALL {
            assert_eq!(a.name().parse::<Anchor>(), Ok(a));
        }
        assert!("middle".parse::<Anchor>().is_err());
    }

    #[test]
    fn offset_and_anchor_rotate_with_the_label() {
        // Turned 90° counter-clockwise, the label reads up the screen: its +x offset moves the
        // box up (−y) and its +y offset ("down" in the label) moves it right (+x).
        let l = Label::new(100.0, 100.0, 20.0, 10.0).with_angle(90.0).with_offset(3.0, 4.0);
        assert_eq!(l.obb().center, Vec2::new(104.0, 97.0));
        let l = Label::new(100.0, 100.0, 20.0, 10.0).with_angle(90.0).with_anchor(Anchor::Left);
        assert_eq!(l.obb().center, Vec2::new(100.0, 90.0));
    }

    #[test]
    fn a_label_stays_eighty_bytes() {
        // The placement's hot loops walk arrays of labels: the shared style adds no byte.
        assert_eq!(std::mem::size_of::<Label>(), 80);
        assert_eq!(std::mem::size_of::<BoxStyle>(), 64);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serialized_labels_keep_the_styles_fields_beside_x_and_y() {
        let l = Label::new(1.0, 2.0, 30.0, 10.0).with_priority(3.0).with_anchor(Anchor::TopLeft);
        let v = serde_json::to_value(&l).unwrap();
        assert_eq!(
            (v["x"].as_f64(), v["width"].as_f64(), v["anchor"].as_str()),
            (Some(1.0), Some(30.0), Some("top-left"))
        );
        assert!(v.get("style").is_none(), "{v}");
        let back: Label =
            serde_json::from_str(r#"{"x": 1, "y": 2, "width": 30, "height": 10, "priority": 3, "anchor": "top-left"}"#)
                .unwrap();
        assert_eq!(back, l);
        assert_eq!(serde_json::from_str::<Label>("{}").unwrap(), Label::default());
    }

    #[test]
    fn padding_grows_every_side() {
        let b = Label::new(0.0, 0.0, 20.0, 10.0).with_padding(2.0).obb();
        assert_eq!(b.half, Half::new(12.0, 7.0));
    }
}
