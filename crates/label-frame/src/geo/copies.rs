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
    reach: f64,
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

    /// Sets the labels' largest reach at scale 1 with padding, px.
    pub(crate) fn set_reach(&mut self, reach: f64) {
        self.reach = reach;
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
mod tests {
    use glam::DVec2;

    use super::*;

    #[test]
    fn the_reference_follows_the_camera_only_when_the_seam_comes_near() {
        let mut copies = Copies::default();
        copies.set_reach(100.0);
        // Zoom 6 at 1920x1080: the view reaches 960/64 = 15 world px east and west.
        let camera = |x: f64| Camera::new(DVec2::new(x, 100.0), 6.0, 1920.0, 1080.0);
        assert_eq!(copies.moved_reference(&Projection::new(&camera(250.0))), Some(250.0), "the first frame");
        // The seam is at 250 - 128 = 122 and 378: a pan of 90 world px east keeps it out of
        // reach (15 + 100/64 world px) of the view.
        for x in [250.0, 280.0, 300.0, 340.0] {
            assert_eq!(copies.moved_reference(&Projection::new(&copies.seen(&camera(x)))), None, "{x}");
        }
        // Further east the seam would come near: the reference moves to the camera.
        let seen = copies.seen(&camera(360.0));
        assert_eq!(seen.center.x, 360.0);
        assert_eq!(copies.moved_reference(&Projection::new(&seen)), Some(360.0));
        // A renderer that keeps its centre in the first world: the same camera.
        assert_eq!(copies.seen(&camera(360.0 - WORLD)).center.x, 360.0);
        assert_eq!(copies.seen(&camera(360.0 - 3.0 * WORLD)).center.x, 360.0);
    }

    #[test]
    fn a_view_wider_than_the_world_moves_the_reference_every_quarter_world() {
        let mut copies = Copies::default();
        // Zoom 2 at 1920x1080: the view spans 480 world px, nearly two worlds.
        let camera = |x: f64| Camera::new(DVec2::new(x, 100.0), 2.0, 1920.0, 1080.0);
        copies.moved_reference(&Projection::new(&camera(0.0)));
        let moves: Vec<f64> = (1..=40)
            .filter_map(|k| copies.moved_reference(&Projection::new(&copies.seen(&camera(f64::from(k) * 5.0)))))
            .collect();
        assert_eq!(moves, [65.0, 130.0, 195.0]);
    }

    #[test]
    fn a_label_whose_blocker_changes_copy_wakes() {
        // A label asleep under a blocker 0.2 world px west of it, both just across the seam
        // from the first reference (0), in a view three worlds wide. The camera pans 70 world
        // px east: the reference follows it, the seam now runs between the two, and the
        // blocker (only) changes copy, a world away. The label must wake and show.
        let y = 100.0;
        let blocker = WorldLabel::from_world(0, DVec2::new(197.9, y), 40.0, 12.0).with_priority(2.0);
        let label = WorldLabel::from_world(1, DVec2::new(198.1, y), 40.0, 12.0);
        let cameras = [0.0, 70.0].map(|x| Camera::new(DVec2::new(x, y), 1.0, 1600.0, 900.0));
        let played = crate::testing::play_against_sleepless(&[blocker, label], &cameras);
        assert_eq!(played[0].1, 1, "the label is dormant after the first frame");
        assert_eq!(played[1].0.visible, 2, "{:?}", played[1]);
    }

    #[test]
    fn frames_are_the_same_whether_labels_sleep_or_not_as_the_reference_moves() {
        // Labels all round the world. The camera pans across 180° with the view wider than a
        // world (the reference moves with labels in view changing copy), zooms in and pans on
        // (the reference moves with only labels far out of view changing copy), turns and
        // zooms out, then is given its centre in the first world. Zooms wobble, so that most
        // frames are full ones, where labels sleep. An engine whose labels never sleep must
        // compute the same frames.
        let labels = crate::testing::patch(DVec2::new(0.0, 20.0), WORLD / 500.0);
        let cameras: Vec<Camera> = (0..240)
            .map(|k| {
                let t = f64::from(k);
                let wobble = 0.02 * (t * 0.7).sin();
                let c = Camera::new(DVec2::new(200.0 + t, 120.0), 1.6 + wobble, 1600.0, 900.0);
                match k {
                    0..80 => c,
                    // Zooming in while panning: the reference moves in a zoom in.
                    80..120 => c.with_zoom(1.6 + (t - 80.0) * 0.0725),
                    120..180 => c.with_zoom(4.5 + wobble).with_center(DVec2::new(320.0 + (t - 120.0) * 2.0, 120.0)),
                    180..210 => c
                        .with_zoom(4.5 - (t - 180.0) * 0.05 + wobble)
                        .with_bearing((t - 180.0) * 2.0)
                        .with_center(DVec2::new(440.0 + (t - 180.0), 120.0)),
                    _ => c.with_zoom(3.0 + wobble).with_bearing(60.0).with_center(DVec2::new((t * 2.0) % WORLD, 120.0)),
                }
            })
            .collect();
        crate::testing::play_against_sleepless(&labels, &cameras);
        // The same path again against an engine whose sleeping labels never go dormant; and
        // where the reference moved, and which labels slept on.
        // Labels that changed copy in view drop the certificates about them, not the others':
        // labels sleep through every move.
        let (mut moves, mut dormant_kept, mut slept_through) = (0, 0, 0);
        let (mut last, mut dormant) = (None, 0);
        let visited = crate::Shortcuts { dormant: false, ..crate::Shortcuts::ALL };
        crate::testing::play_alongside(&labels, &cameras, visited, |_, engine, _| {
            if last.is_some() && engine.copies_reference() != last {
                moves += 1;
                dormant_kept += usize::from(dormant > 0 && engine.dormant_count() > 0);
                slept_through += usize::from(engine.frame().stats.asleep > 0);
            }
            (last, dormant) = (engine.copies_reference(), engine.dormant_count());
        });
        assert!(moves >= 6 && dormant_kept >= 3, "{moves} moves, {dormant_kept} keeping dormant labels");
        assert_eq!(slept_through, moves, "moves with labels asleep (three with labels in view changing copy)");
    }
}
