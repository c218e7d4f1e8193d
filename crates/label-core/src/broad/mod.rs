//! Broad phase: which labels might collide.
//!
//! [`Grid`] buckets the labels into a uniform grid of cells by the centre of their box, the cells
//! grouped into tiles (the greedy pass's unit of parallel work); [`Cells`] gives each
//! cell its *neighbourhood*: the cells whose envelopes (the union of their labels' bounds) meet
//! its own. Any two labels whose bounds meet sit in neighbouring cells, so the greedy pass need
//! only look there.
//!
//! The neighbourhoods come from [`find_candidates`]: axis-aligned boxes go into `rstar`
//! R-trees, one per tile of a coarser uniform grid, bulk-loaded and self-joined in parallel. A
//! pair is reported when the closed boxes meet. A pair whose boxes reach into several tiles is
//! reported only by the tile holding the top-left corner of the boxes' common part, so every
//! pair comes out exactly once, whatever the tile size.

mod candidates;
mod cells;
mod first_hit;
mod grid;
pub(crate) mod lanes;
mod tiles;

pub use candidates::{Candidates, find_candidates};
pub use cells::Cells;
pub use first_hit::FirstHit;
pub(crate) use grid::extent as robust_extent;
pub use grid::{Grid, LABELS_PER_CELL, LABELS_PER_TILE};
