//! Shapes in screen space (pixels, origin top-left, x right, y down).
//!
//! Every shape here follows one overlap rule: two shapes collide iff their interiors share
//! positive area. Touching along an edge or at a corner is not a collision; containment is.
//! The pairwise tests live in [`crate::narrow`].

mod aabb;
mod angle;
mod circle;
mod obb;
mod polygon;
mod segment;
mod shape;

pub use aabb::Aabb;
pub use angle::reading_axis;
pub use circle::Circle;
pub use obb::Obb;
pub use polygon::{ConvexPolygon, PolygonError};
pub use segment::Segment;
pub use shape::Shape;
