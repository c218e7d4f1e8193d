//! Narrow phase: exact overlap tests for every pair of shapes.
//!
//! All tests share one rule (contract §3): two shapes collide iff their interiors overlap.
//!
//! * **Boxes and convex polygons** use the Separating Axis Theorem. Two convex shapes are
//!   apart iff some axis, normal to an edge of either shape, has their shadows on it apart
//!   or just meeting. For two oriented boxes only four axes matter (`u_a, v_a, u_b, v_b`), and
//!   a box's shadow on a unit axis `n` has half length `r(n) = hx·|u·n| + hy·|v·n|` (seed 000),
//!   so the test is `|d·n| ≥ r_a(n) + r_b(n)` with `d` the centre difference. The functions
//!   return the largest gap over the axes — a signed separation, negative when the shapes
//!   overlap — and the boolean tests are derived from its sign.
//! * **Circles** against boxes use the point of the box closest to the centre (seed 002):
//!   they overlap iff that point is closer than the radius.
//! * **Segments** have no area; they collide with a shape when the open segment meets the
//!   shape's interior, and with another segment when the open segments cross or overlap along
//!   a stretch (seeds 001 and 004's cross-product test, which also yields the crossing point).
//! * The **overlap area** of two shapes (seed 001 §4) lets callers tolerate small overlaps.

mod area;
mod circle;
mod convex;
mod obb_obb;
mod segment;

pub use area::{convex_overlap_area, overlap_area};
pub use circle::{circle_circle_overlap, circle_obb_overlap, circle_polygon_overlap};
pub use convex::{convex_separation, polygon_overlaps};
pub use obb_obb::obb_obb_separation;
pub use segment::{SegmentIntersection, segment_circle_overlap, segment_convex_overlap, segment_intersection};
