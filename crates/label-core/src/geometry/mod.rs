//! Shapes in screen space (pixels, origin top-left, x right, y down).
//!
//! Every shape here follows one overlap rule: two shapes collide iff their interiors overlap by
//! more than τ = 1/1024 px ([`crate::narrow::TOLERANCE`]). Touching along an edge or at a
//! corner, at any angle, is not a collision; containment is. The pairwise tests live in
//! [`crate::narrow`]; [`Aabb::overlaps`] is the exact test of bounds that prunes for them.

mod aabb;
mod angle;
mod circle;
mod obb;
mod polygon;
mod segment;
mod shape;

pub use aabb::Aabb;
pub use angle::{readable_angle, reading_axis};
pub use circle::Circle;
pub use obb::Obb;
pub use polygon::{ConvexPolygon, PolygonError};
pub use segment::Segment;
pub use shape::Shape;
