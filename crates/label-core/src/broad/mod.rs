//! Broad phase: which pairs of labels might collide.
//!
//! The labels' axis-aligned bounds go into `rstar` R-trees, one per tile of a uniform grid,
//! built and joined in parallel. A pair is a candidate when the closed bounding boxes meet (a
//! superset of the colliding pairs; the narrow phase confirms). A pair whose boxes reach into
//! several tiles is reported only by the tile holding the top-left corner of the boxes' common
//! part, so every candidate pair comes out exactly once, whatever the tile size.

mod candidates;
mod tiles;

pub use candidates::{Candidates, find_candidates};
