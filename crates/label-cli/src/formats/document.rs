//! The input document as it comes from JSON (contract §2): "low" structs that only mirror the
//! text; [`crate::formats::convert`] turns them into the engine's types.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::value::RawValue;

pub use label_style::document::Id;

use crate::limits;

/// A repeat group's name: a string, or a number (group ids are often numeric) named by its JSON
/// text (`7`, `7.5`), as a GeoJSON property names one — so `7` and `"7"` are one group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupName(pub String);

impl<'de> Deserialize<'de> for GroupName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct GroupVisitor;
        impl Visitor<'_> for GroupVisitor {
            type Value = GroupName;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string or a number")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<GroupName, E> {
                Ok(GroupName(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<GroupName, E> {
                Ok(GroupName(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<GroupName, E> {
                serde_json::Number::from_f64(v)
                    .map(|n| GroupName(n.to_string()))
                    .ok_or_else(|| E::custom(format!("{v} is not a finite number")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<GroupName, E> {
                Ok(GroupName(v.to_owned()))
            }
        }
        d.deserialize_any(GroupVisitor)
    }
}

/// The whole document, with labels and obstacles kept as raw text so that each can be parsed
/// on its own and an error can name its index, id and line.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDocument<'a> {
    /// The screen, when culling is wanted (a [`RawViewport`], kept raw to be checked alone).
    #[serde(default, borrow)]
    pub viewport: Option<&'a RawValue>,
    /// The labels.
    #[serde(borrow, deserialize_with = "at_most_max_labels")]
    pub labels: Vec<&'a RawValue>,
    /// Fixed shapes no label may overlap.
    #[serde(default, borrow, deserialize_with = "at_most_max_obstacles")]
    pub obstacles: Vec<&'a RawValue>,
}

fn at_most_max_labels<'de: 'a, 'a, D: Deserializer<'de>>(d: D) -> Result<Vec<&'a RawValue>, D::Error> {
    d.deserialize_seq(BoundedSeq { limit: limits::MAX_LABELS, what: "labels", marker: PhantomData })
}

/// The `obstacles` array, each item kept as the raw text type `T` of the parser at hand.
pub(crate) fn at_most_max_obstacles<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    d.deserialize_seq(BoundedSeq { limit: limits::MAX_OBSTACLES, what: "obstacles", marker: PhantomData })
}

/// An array of raw items that stops at `limit + 1` items, so that an oversized array is refused
/// before its index (16 bytes per item) outgrows memory.
struct BoundedSeq<T> {
    limit: usize,
    what: &'static str,
    marker: PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for BoundedSeq<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an array of at most {} {}", self.limit, self.what)
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            if items.len() == self.limit {
                return Err(de::Error::custom(format!(
                    "more than {} {} (the limit of one document)",
                    self.limit, self.what
                )));
            }
            items.push(item);
        }
        Ok(items)
    }
}

/// `{"width": W, "height": H}`: the screen from the origin.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawViewport {
    /// Width, px.
    pub width: f64,
    /// Height, px.
    pub height: f64,
}

/// One label as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLabel {
    /// Unique id.
    pub id: Id,
    /// Anchor x, px (required, except on a path label).
    #[serde(default)]
    pub x: Option<f64>,
    /// Anchor y, px (required, except on a path label).
    #[serde(default)]
    pub y: Option<f64>,
    /// Box width, px; measured from `text` and `font_size` when absent.
    #[serde(default)]
    pub width: Option<f64>,
    /// Box height, px; measured from `text` and `font_size` when absent.
    #[serde(default)]
    pub height: Option<f64>,
    /// Font size, px: with `text`, gives the size the label lacks (see [`crate::measure`]).
    #[serde(default)]
    pub font_size: Option<f64>,
    /// Degrees, counter-clockwise on screen.
    #[serde(default)]
    pub angle: f64,
    /// Higher first.
    #[serde(default)]
    pub priority: f64,
    /// Anchor placement name.
    #[serde(default)]
    pub anchor: Option<String>,
    /// `[dx, dy]` in the label's frame.
    #[serde(default)]
    pub offset: Option<[f64; 2]>,
    /// Margin on every side, px.
    #[serde(default)]
    pub padding: f64,
    /// Shown even when colliding.
    #[serde(default)]
    pub allow_overlap: bool,
    /// Blocks nothing.
    #[serde(default)]
    pub ignore_placement: bool,
    /// The label's text: measured when `width` or `height` is absent, drawn in pictures.
    #[serde(default)]
    pub text: Option<String>,
    /// Positions to try for the text, in order (contract §3b).
    #[serde(default)]
    pub candidates: Option<Vec<RawCandidate>>,
    /// A second box at the anchor point (boxed: few labels have one, and every label as read is
    /// moved a few times while it is read).
    #[serde(default)]
    pub icon: Option<Box<RawIcon>>,
    /// `none`, `text` or `icon`: which part may show alone.
    #[serde(default)]
    pub optional: Option<String>,
    /// Labels of one group keep `repeat_distance` apart; a string or a number.
    #[serde(default)]
    pub repeat_group: Option<GroupName>,
    /// Px > 0.
    #[serde(default)]
    pub repeat_distance: Option<f64>,
    /// Text along this line, `[[x, y], …]` px (contract §3b "Path"; see [`crate::formats::path_label`]).
    #[serde(default)]
    pub path: Option<Vec<[f64; 2]>>,
    /// Each glyph's advance along the path, px; measured from `text` and `font_size` when absent.
    #[serde(default)]
    pub glyph_advances: Option<Vec<f64>>,
    /// Arc length, px, where the middle of the text sits.
    #[serde(default)]
    pub path_offset: Option<f64>,
    /// Largest turn between consecutive glyphs, degrees.
    #[serde(default)]
    pub max_angle: Option<f64>,
    /// Reverse the path when the text would read upside down.
    #[serde(default)]
    pub keep_upright: Option<bool>,
}

/// One candidate position as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCandidate {
    /// Anchor placement name (default `center`).
    #[serde(default)]
    pub anchor: Option<String>,
    /// `[dx, dy]` in the label's frame.
    #[serde(default)]
    pub offset: Option<[f64; 2]>,
}

/// An icon as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawIcon {
    /// Width, px.
    pub width: f64,
    /// Height, px.
    pub height: f64,
    /// Anchor placement name (default `center`).
    #[serde(default)]
    pub anchor: Option<String>,
    /// `[dx, dy]` in the label's frame.
    #[serde(default)]
    pub offset: Option<[f64; 2]>,
    /// Margin on every side, px.
    #[serde(default)]
    pub padding: f64,
}

/// The obstacle shapes, tagged by `type`. An obstacle may also carry an `id`, which is taken
/// off before the shape is read.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum RawShape {
    /// Axis-aligned box by a point, its size, and which point of the box that is.
    Box {
        /// The point's x, px (the left edge, by default).
        x: f64,
        /// The point's y, px (the top edge, by default).
        y: f64,
        /// Width, px.
        width: f64,
        /// Height, px.
        height: f64,
        /// Which point of the box `x`, `y` is, as a label's `anchor`; default `top-left`.
        #[serde(default)]
        anchor: Option<String>,
    },
    /// Rotated box by its centre, size and angle.
    Obb {
        /// Centre x.
        x: f64,
        /// Centre y.
        y: f64,
        /// Width, px.
        width: f64,
        /// Height, px.
        height: f64,
        /// Degrees, counter-clockwise on screen.
        #[serde(default)]
        angle: f64,
    },
    /// Circle by centre and radius.
    Circle {
        /// Centre x.
        x: f64,
        /// Centre y.
        y: f64,
        /// Radius, px.
        radius: f64,
    },
    /// Convex polygon by its corners.
    Polygon {
        /// Corners `[x, y]`.
        #[serde(deserialize_with = "points")]
        points: Vec<[f64; 2]>,
    },
    /// Segment by its two end points.
    Segment {
        /// End points `[x, y]`.
        #[serde(deserialize_with = "points")]
        points: [[f64; 2]; 2],
    },
}

/// An obstacle's `points`, with errors that name the field: serde reads a tagged enum's fields
/// from a buffer that does not keep their path.
fn points<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<T, D::Error> {
    T::deserialize(d).map_err(|e| de::Error::custom(format!("field `points`: {e} (each point is [x, y])")))
}

/// Just enough of a label to name it in an error when the rest does not parse.
#[derive(Deserialize)]
pub struct IdOnly {
    /// The id, if it parses.
    #[serde(default)]
    pub id: Option<Id>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_as_read_takes_376_bytes() {
        // The fast path moves each one a few times (`convert::fast::PushLabel`): keep it small.
        assert_eq!(std::mem::size_of::<RawLabel>(), 376);
    }

    #[test]
    fn bounded_arrays_stop_one_past_the_limit() {
        let parse = |text: &str| {
            let mut de = serde_json::Deserializer::from_str(text);
            de.deserialize_seq(BoundedSeq::<&RawValue> { limit: 3, what: "labels", marker: PhantomData })
                .map(|v| v.len())
        };
        assert_eq!(parse("[]").unwrap(), 0);
        assert_eq!(parse("[1, {\"a\": [2]}, 3]").unwrap(), 3);
        let e = parse("[1, 2, 3, 4]").unwrap_err().to_string();
        assert!(e.starts_with("more than 3 labels (the limit of one document)"), "{e}");
        assert!(parse("{}").unwrap_err().to_string().contains("an array of at most 3 labels"));
    }
}
