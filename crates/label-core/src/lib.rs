//! # label-core
//!
//! Decides which map labels to show. Each label — an anchor point on screen and a
//! [`BoxStyle`]: a text box size, a rotation, a priority, … — becomes an oriented box; an `rstar` broad phase finds the pairs
//! whose bounds meet; the Separating Axis Theorem confirms which of them really overlap; and a
//! greedy pass in priority order hides every label that would overlap a more important one.
//!
//! Conventions (the project's contract, `docs/contract.md`): pixels, origin top-left,
//! **y down**; angles in degrees, **counter-clockwise on screen**; two shapes collide iff their **interiors overlap
//! by more than τ = 1/1024 px** ([`narrow::TOLERANCE`]) — touching, at any angle, is not a
//! collision, containment is — and this holds wherever the labels are: a box's centre is f64
//! and depends on its own label only.
//!
//! ```
//! use label_core::{place, Label, PlacementOptions};
//!
//! let labels = vec![
//!     Label::new(100.0, 100.0, 120.0, 16.0).with_priority(10.0),            // "Wien"
//!     Label::new(110.0, 104.0, 90.0, 14.0).with_priority(5.0).with_angle(30.0), // a street
//!     Label::new(300.0, 100.0, 90.0, 14.0).with_priority(1.0),
//! ];
//! let placement = place(&labels, &[], &PlacementOptions::default().with_viewport(800.0, 600.0))?;
//! let shown: Vec<usize> = placement.visible_indices().collect();
//! assert_eq!(shown, vec![0, 2]);
//! # Ok::<(), label_core::Error>(())
//! ```
//!
//! The crate's root holds what a user needs: [`place`] and [`place_symbols`], the labels and
//! symbols, the options, the results, the shapes and the errors. [`pipeline`] holds the stages
//! under them, for callers that run them one by one.
//!
//! ## Feature flags
//! - `serde` (default): `Serialize`/`Deserialize` for the public data types.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod box_style;
pub mod broad;
mod error;
pub mod geometry;
mod label;
pub mod limits;
pub mod mercator;
pub mod narrow;
pub mod path;
pub mod pipeline;
mod placement;
mod symbol;
pub mod tolerance;
pub mod validate;

pub use box_style::BoxStyle;
pub use error::{Error, Problem, Shown};
pub use geometry::{Aabb, Circle, ConvexPolygon, Obb, PolygonError, Segment, Shape};
pub use label::{Anchor, Label, UnknownAnchor, text_box};
pub use path::{GlyphPose, PathFailure, PathLayout, TextPath};
pub use placement::{
    Blocker, HiddenReason, LabelOutcome, Placement, PlacementOptions, PlacementStats, place, place_symbols,
    place_symbols_laid_out,
};
pub use symbol::{Candidate, Choice, Icon, Optional, Parts, Symbol};
