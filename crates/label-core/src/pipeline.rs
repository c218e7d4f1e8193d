//! The plumbing under [`crate::place`], for callers that run its stages themselves (a frame
//! engine keeping state between frames, the benchmarks, the bindings). Users placing a set of
//! labels need only the crate's root.
//!
//! [`crate::place`] runs, on rayon's current thread pool:
//! 1. **Boxes** ([`stages::build_boxes`]): every label becomes its oriented box (in parallel).
//! 2. **Culling**: boxes that miss the viewport are hidden as `offscreen` ([`stages::in_view`]).
//! 3. **Layout** ([`Layout`], [`stages::layout`]): the rest are bucketed into a uniform grid of
//!    cells by the centre of their box, the cells grouped into tiles, each label given its
//!    placement key: priority descending ([`descending_key`]), then input position (or, with
//!    [`place_with_ties`], priority, then the caller's tie-break key, then input position).
//! 4. **Broad phase** ([`stages::broad_phase`], [`crate::broad`]): per-tile R-trees join the
//!    cells' envelopes, giving each cell the cells whose labels can reach its own.
//! 5. **Obstacles** ([`stages::obstacle_hits`]): each box's first overlapping obstacle.
//! 6. **Greedy pass** ([`greedy()`]): in placement order, a label is shown unless an obstacle or
//!    an earlier shown, blocking label overlaps it ([`collides`]; the narrow phase decides,
//!    lazily: only pairs whose earlier label can block are tested). Tiles run in parallel and
//!    wait for each other only where their labels meet.
//! 7. **Outcomes** ([`stages::outcomes`]): each label's [`Decision`] back in input order, as the
//!    users' [`crate::LabelOutcome`].
//!
//! No result depends on the thread count, the cell size or the tile size, and the greedy pass
//! decides exactly what the sequential definition (contract §4) decides, so the placement is
//! the same bit for bit however it is run. For a few hundred labels [`Sequential`]
//! ([`place_sequentially`]) runs that definition as written, on the calling thread, with the
//! boxes indexed by bounds ([`FirstHit`]), and decides the same. [`decide_with_foreign`]
//! decides a set of labels as far as it can while some earlier labels near them are decided
//! elsewhere (another worker's region): a label whose earliest earlier colliding label is
//! undecided waits, with the list of labels that may still hide it, which [`decide_from_list`]
//! reads again once more is known. A pass that finds what a label collides with its own way
//! (the frame engine's waiting labels) asks [`rule::decide`], §4 for one label, through the
//! traits [`rule::Candidate`] and [`rule::Occupied`].

pub use crate::broad::FirstHit;
pub use crate::placement::{
    Decision, Flags, Known, Layout, PassCounts, Pending, Sequential, Walked, collides, decide_from_list,
    decide_with_foreign, descending_key, greedy, place_sequentially, place_with_ties,
};
pub use crate::placement::{rule, stages};
