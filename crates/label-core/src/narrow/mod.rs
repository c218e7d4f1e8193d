//! Narrow phase: exact overlap tests for every pair of shapes.
//!
//! All tests share one rule (contract §3): two shapes collide iff their interiors overlap by
//! more than [`TOLERANCE`] (τ = 1/1024 px) — the *penetration depth*, the shortest move that
//! parts them, exceeds τ. Boxes built from decimal inputs at 30° touch exactly in real
//! arithmetic but a hair apart or a hair into each other in floating point; with τ, touching at
//! any angle is never a collision, and an overlap of a thousandth of a pixel is invisible anyway.
//! Every test runs in f64 from differences of nearby points (the boxes' centres are f64), so
//! rounding stays far below τ wherever the shapes are. The seeds cited below are the design
//! notes listed in `docs/contract.md`, Sources.
//!
//! * **Boxes and convex polygons** use the Separating Axis Theorem. Two convex shapes are
//!   apart iff some axis, normal to an edge of either shape, has their shadows on it apart
//!   or just meeting. For two oriented boxes only four axes matter (`u_a, v_a, u_b, v_b`), and
//!   a box's shadow on a unit axis `n` has half length `r(n) = hx·|u·n| + hy·|v·n|` (seed 000),
//!   so the shadows overlap by `r_a(n) + r_b(n) − |d·n|` with `d` the centre difference. The
//!   functions return the largest gap over the axes — a signed separation, minus the depth when
//!   the shapes overlap — and the shapes collide iff it is below `−τ`.
//! * **Circles** against boxes and polygons use the signed distance from the centre to the
//!   shape (the box's closest point in its own frame, seed 002; negative inside): they collide
//!   iff it is below `radius − τ`.
//! * **Segments** have no area: a segment collides with a shape when it reaches more than τ into
//!   the shape's interior (SAT with the segment's normal among the axes), and with another
//!   segment when they cross with each reaching more than τ past the other. Seeds 001 and 004's
//!   cross-product test reports where two segments meet.
//! * The **overlap area** of two shapes (seed 001 §4) lets callers tolerate small overlaps.

mod area;
mod circle;
mod convex;
mod obb_obb;
mod segment;
mod shapes;

/// τ, px: two shapes collide iff they overlap by more than this (contract §3). A power of two, so
/// that adding it to or taking it from a whole-pixel coordinate is exact.
pub const TOLERANCE: f64 = 1.0 / 1024.0;

pub use area::{convex_overlap_area, overlap_area};
pub use circle::{circle_circle_overlap, circle_obb_overlap, circle_polygon_overlap};
pub(crate) use convex::{as_f64, separation};
pub use convex::{convex_separation, polygon_overlaps};
pub use obb_obb::obb_obb_separation;
pub(crate) use segment::segment_points_collide;
pub use segment::{
    SegmentIntersection, segment_circle_overlap, segment_convex_overlap, segment_intersection, segments_collide,
};
