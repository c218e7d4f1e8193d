//! The input document as it comes from JSON (DESIGN §2): "low" structs that only mirror the
//! text; [`crate::convert`] turns them into the engine's types.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::value::RawValue;

/// A label or obstacle id: a string or an integer, kept as given.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum Id {
    /// An integer id.
    Int(i64),
    /// A string id.
    Str(String),
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Id::Int(i) => write!(f, "{i}"),
            Id::Str(s) => write!(f, "{s:?}"),
        }
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct IdVisitor;
        impl Visitor<'_> for IdVisitor {
            type Value = Id;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string or an integer")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Id, E> {
                Ok(Id::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Id, E> {
                i64::try_from(v).map(Id::Int).map_err(|_| E::custom(format!("integer id {v} is larger than 2^63 - 1")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Id, E> {
                Ok(Id::Str(v.to_owned()))
            }
        }
        d.deserialize_any(IdVisitor)
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
    #[serde(borrow)]
    pub labels: Vec<&'a RawValue>,
    /// Fixed shapes no label may overlap.
    #[serde(default, borrow)]
    pub obstacles: Vec<&'a RawValue>,
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
    /// Anchor x, px.
    pub x: f64,
    /// Anchor y, px.
    pub y: f64,
    /// Box width, px.
    pub width: f64,
    /// Box height, px.
    pub height: f64,
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
    /// The label's text; accepted for pictures and tools, not used for placement.
    #[serde(default)]
    #[allow(dead_code, reason = "accepted so documents can carry it; placement does not read it")]
    pub text: Option<String>,
}

/// The obstacle shapes, tagged by `type`. An obstacle may also carry an `id`, which is taken
/// off before the shape is read.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum RawShape {
    /// Axis-aligned box by its top-left corner and size.
    Box {
        /// Left, px.
        x: f64,
        /// Top, px.
        y: f64,
        /// Width, px.
        width: f64,
        /// Height, px.
        height: f64,
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
        points: Vec<[f64; 2]>,
    },
    /// Segment by its two end points.
    Segment {
        /// End points `[x, y]`.
        points: [[f64; 2]; 2],
    },
}

/// Just enough of a label to name it in an error when the rest does not parse.
#[derive(Deserialize)]
pub struct IdOnly {
    /// The id, if it parses.
    #[serde(default)]
    pub id: Option<Id>,
}
