//! Copies of the world: Web Mercator repeats every [`WORLD`] world px east–west, so a label at
//! longitude 179.9° sits next to one at −179.9°, and a camera panning east past 180° comes
//! back to the same labels.
//!
//! The engine places each label in one copy of the world: the one nearest a **reference**
//! longitude that follows the camera. The camera's centre is taken in the copy nearest the
//! reference too, so a renderer may keep its centre in `[−180°, 180°)` (a jump of one world
//! between two frames is no move at all). Between moves of the reference every label keeps its
//! place in world px and the projection is the same linear map of the world as without copies:
//! reused frames, sleeping labels and the cull need nothing more.
//!
//! The reference moves (see [`Copies::moved_reference`]) when the copies' seam, half a world
//! from the reference, would come within a label's reach of the viewport; labels that change
//! copy then have new positions, as if the labels had been set again; the certificates to
//! sleep about them (as the label or as its blocker) go, unless every label that moved was out
//! of view undrawn, so that nothing referred to it, and the other labels keep theirs. When the
//! view is wider than a world less the labels' reach, some seam is always in view: the
//! reference then moves once the camera has drifted a quarter of a world from it, so the seam
//! stays on the far side.

use crate::geo::mercator::{TILE_SIZE, nearest_copy};
use crate::geo::projection::Projection;
use crate::state::hot::Hot;
use crate::{Camera, WorldLabel};

/// The width of the world, world px (Web Mercator at zoom 0).
pub(crate) const WORLD: f64 = TILE_SIZE;

/// How far inside half a world from the reference a label's position must lie for
/// [`place`] to take it as in the nearest copy without computing it, world px: far more than
/// the rounding of `nearest_copy`'s quotient at any position a map can have.
const CLEAR: f64 = 1e-3;

/// How far, at least, the reference keeps the seam beyond the labels' reach of the view, world
/// px; it moves once the seam comes within half of this.
const SLACK: f64 = 8.0;

/// Which copy of the world labels are placed in.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Copies {
    /// The reference `x`, world px; `None` until the first frame (and with copies off).
    reference: Option<f64>,
    /// How far every point of a label's box lies from its anchor at most, px at scale 1 (the
    /// largest reach with padding of the labels).
    pub(crate) reach: f64,
}

/// Puts every label's projection data `hot` in the copy of the world nearest `reference`
/// (where `labels` has it if `None`), calling `moved(i)` for each label `i` whose position
/// changes.
///
/// A label's position is always its set position moved by whole worlds (by [`nearest_copy`]),
/// so one that lies less than half a world from `reference`, by more than [`CLEAR`], is in
/// the copy nearest it already: it is not looked at again (most labels, at most moves).
pub(crate) fn place(labels: &[WorldLabel], hot: &mut [Hot], reference: Option<f64>, mut moved: impl FnMut(usize)) {
    for (i, (label, hot)) in labels.iter().zip(hot).enumerate() {
        if reference.is_some_and(|r| (hot.position.x - r).abs() < WORLD / 2.0 - CLEAR) {
            continue;
        }
        let position = reference.map_or(label.world_anchor(), |r| nearest_copy(label.world_anchor(), r));
        if position != hot.position {
            hot.position = position;
            moved(i);
        }
    }
}

impl Copies {
    /// The reference, if any.
    pub(crate) fn reference(&self) -> Option<f64> {
        self.reference
    }

    /// Forgets the reference (copies turned off): labels are where they were set.
    pub(crate) fn forget(&mut self) {
        self.reference = None;
    }

    /// `camera` with its centre in the copy nearest the reference (as it is before the first
    /// frame).
    #[must_use]
    pub(crate) fn seen(&self, camera: &Camera) -> Camera {
        match self.reference {
            Some(reference) => camera.with_center(nearest_copy(camera.center, reference)),
            None => *camera,
        }
    }

    /// Moves the reference if the projection of the camera seen through it ([`Self::seen`])
    /// needs it: to the camera's centre at the first frame; when the seam would come within
    /// the labels' reach of the view, if a move can keep it out; else when the camera has
    /// drifted a quarter of a world. Returns the new reference, if it moved (the camera seen
    /// through it is the same).
    pub(crate) fn moved_reference(&mut self, projection: &Projection) -> Option<f64> {
        let here = projection.camera().center.x;
        let Some(reference) = self.reference else {
            self.reference = Some(here);
            return self.reference;
        };
        let drift = (here - reference).abs();
        // How far from the centre the view, and the boxes of labels anchored out of it, reach.
        let reach = projection.east_west_reach() + self.reach / projection.scale();
        let half = WORLD / 2.0;
        let due = if reach < half - SLACK { drift + reach > half - SLACK / 2.0 } else { drift > WORLD / 4.0 };
        if due {
            self.reference = Some(here);
            return self.reference;
        }
        None
    }
}

#[cfg(test)]
#[path = "copies_tests.rs"]
mod tests;
