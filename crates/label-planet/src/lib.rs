//! # label-planet
//!
//! The greedy pass of `label_core::place` cut into **regions** that run on different machines
//! (workers of a distributed engine), deciding exactly what one machine decides: the same
//! labels shown, the same `hidden_by`, per the contract's greedy definition — no per-tile
//! buffers, no approximation.
//!
//! ## Why it can be exact
//! A label's outcome depends only on the earlier labels (in placement order: priority
//! descending, then input position) whose boxes collide with its own. So a label can be
//! decided as soon as those are decided, wherever they live. label-core's tile-parallel pass
//! uses this between threads; here the same idea runs between regions:
//!
//! 1. **Partition.** Every label belongs to one region (any partition: a grid of the world by
//!    anchor point, say). A region also receives the *near* labels of other regions: those whose
//!    bounds meet the [`reach`] of its own labels (the union of their bounds), or any superset
//!    of them — a distributed job picks them from anchors and each label's [`radius`] (how far
//!    its box reaches from its anchor, the same at every zoom) without building boxes. Every
//!    foreign label that can collide with an own label is among them.
//! 2. **Round 0** ([`decide_region`]), every region on its own: the region walks its own labels
//!    in placement order. A label is hidden by the earliest earlier label that collides with it
//!    and is shown; it is shown when no earlier colliding label can block it. Foreign labels are
//!    undecided (unless `allow_overlap` makes them shown): if the earliest earlier colliding
//!    label that is not hidden is undecided, the label **waits**, and keeps the list of earlier
//!    colliding labels from that one on ([`Waiting`]). Most own labels are out of every foreign
//!    label's reach, even through chains of own labels: label-core's `place` of the region's
//!    labels alone decides those, and only the rest walk with the foreign labels (which labels
//!    those are is found from the foreign labels outwards, reading only their neighbours).
//! 3. **Rounds** ([`Waiting::resolve`]), every region again: each walks its waiting labels in
//!    order, reading other regions' labels only as they were decided *before the round*. No
//!    geometry is needed any more: the lists say who may hide whom. The earliest waiting label
//!    of the whole map always has every earlier label decided, so each round decides at least
//!    it, and the rounds end.
//! 4. **Merge.** If the rounds stop making quick progress ([`good_progress`]: long chains of labels
//!    waiting on each other across regions), the lists still waiting are merged
//!    ([`Waiting::merge`]) and walked once in placement order in one place, which decides them
//!    all: every label they name is then either decided or among them, earlier.
//!
//! Boxes are built exactly as `place` builds them ([`Screen`]: the same viewport, measured from
//! the same origin), and the collision test is the core's, so a pair collides in a region iff it
//! collides on one machine. [`place_in_regions`] runs the whole scheme in one process; the
//! property tests play it against `label_core::place` for many partitions, and the Python
//! package (`crates/label-py`) runs the same steps as Dask tasks.
//!
//! ```
//! use label_core::{place, Label};
//! use label_planet::{Screen, place_in_regions};
//!
//! let labels: Vec<Label> = (0..40)
//!     .map(|i| Label::new(7.0 * f64::from(i), 100.0, 20.0, 10.0).with_priority(f64::from(i % 7)))
//!     .collect();
//! let screen = Screen::world(1, 0.0)?;
//! // Four regions by x: labels wait on their neighbours across each cut.
//! let region_of: Vec<usize> = labels.iter().map(|l| (l.x / 70.0) as usize).collect();
//! let (states, _) = place_in_regions(&screen, &labels, &region_of, 4, 8)?;
//! let single = place(&labels, &[], &screen.options())?;
//! for (s, o) in states.iter().zip(&single.outcomes) {
//!     assert_eq!(s.outcome(), Some(*o));
//! }
//! # Ok::<(), label_core::Error>(())
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod local;
mod region;
mod screen;
mod state;
mod taint;
mod waiting;

pub use local::{Rounds, good_progress, place_in_regions, reach};
pub use region::{Labels, Region, decide_region};
pub use screen::{SLACK, Screen, may_meet, radius, reach_of_anchors, world_pixels};
pub use state::State;
pub use waiting::Waiting;
