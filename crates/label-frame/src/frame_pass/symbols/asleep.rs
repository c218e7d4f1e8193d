//! Sleeping symbols: the plain engine's certificates (`shortcuts/sleep/`) for waiting labels
//! of a symbol frame, per part.
//!
//! A waiting label (hidden by a collision last frame) that is in view, allows no overlap, has
//! no repeat group and no path is settled by [`super::kept::covered`]. With no obstacles, and
//! the label well inside the viewport (every part at every position inside it: its world cell
//! or its anchor passes the projection's quick test), it is hidden again by the label `b` that
//! hid it last frame whenever:
//!
//! - the text at its first position collides with a part that `b`, kept (shown by pass 1,
//!   blocking), shows — the first position is the first in view, and its answer names `b`
//!   (`PartHit::Last` wins);
//! - the text at each other position, and the icon if it may show alone (`optional:
//!   "text"`), collides with a part of some kept label — no position is free, no optional
//!   part either.
//!
//! So such a label keeps its decision while its certificates hold — one per blocker `b_k`:
//! every part given to `b_k` overlaps the part of `b_k` it overlapped (all the labels
//! viewport-aligned, so their parts keep their shapes without pitch, and only scale with
//! perspective under it). Without pitch a certificate is a rectangle that the camera's `w`
//! must stay in ([`Sleep::issue_each`]); under pitch it is the least depth of those overlaps,
//! which the anchors' and scales' moves must stay under ([`Sleep::issue_depth_each`]; in the
//! first frame with pitch the rectangles turn into the depths they give). It sleeps while
//! each `b_k` is kept, shown with the same choice (position and parts) as in the last frame
//! (so, frame after frame, as when the certificates were issued: its parts are those), and
//! while it is not drawn and stays well inside the viewport.
//!
//! Such a label is not tested, nor projected but for its anchor under pitch: its entry stays
//! as it is (no pose, as a sleeping plain label's). Certificates are issued in the frame's last
//! loop to the labels it decided hidden by a kept label, undrawn, as the next frame will test
//! them: with the hysteresis margin.

use std::sync::atomic::{AtomicU8, Ordering};

use glam::DVec2;
use label_core::pipeline::collides;
use label_core::{Blocker, Choice, Obb, Optional};

use super::kept::Kept;
use crate::frame_pass::FrameContext;
use crate::geo::cells::Reach;
use crate::geo::sight::Sight;
use crate::geo::view::Viewer;
use crate::shortcuts::sleep::deep::holding_depth;
use crate::shortcuts::sleep::{Sleep, Sleeps};
use crate::state::memo::{self, bits};
use crate::{HiddenReason, LabelFrame, ScreenPose};

/// The labels that doze through this frame, ascending: those whose byte (`memo`, the last
/// frame's) says they slept through the last frame or were certified in it, and whose
/// certificates hold under this frame's camera — without pitch, its `w` inside every
/// rectangle; under pitch, their anchors projected, every blocker moved too little against them
/// (`shortcuts/sleep/deep.rs`; a rectangle of the last frame turned into the depth it gives,
/// and kept). The projection left those labels a stand-in sight; the others' are found here.
/// Whether a dozing label sleeps through this frame too is known after pass 1 ([`wake`]).
pub(super) fn doze(viewer: &Viewer, memo: &[AtomicU8], sleeps: &mut Sleeps, sights: &mut [Sight]) -> Vec<u32> {
    let mut dozing = Vec::new();
    sleeps.backoff.tick();
    if !sleeps.enabled {
        return dozing;
    }
    let sleepy = |i: &usize| memo[*i].load(Ordering::Relaxed) & bits::SLEEPY != 0;
    let mut awake = Vec::new();
    let mut deepened = Vec::new();
    // Every label decided first, from the sights the projection found (a blocker that dozes
    // itself has a stand-in there, no pose: its labels wake), then the others projected.
    for i in (0..memo.len()).filter(sleepy) {
        let holds = match sleeps.now {
            Some(w) => sleeps.get(i).holds(w) && sleeps.further(i).iter().all(|s| s.holds(w)),
            None => holds_deep(viewer, sights, sleeps, i, &mut deepened),
        };
        if holds {
            dozing.push(i as u32);
        } else {
            sleeps.backoff.broke(i);
            awake.push(i);
        }
    }
    for i in awake {
        sights[i] = viewer.symbol_sight(i, memo[i].load(Ordering::Relaxed));
    }
    dozing
}

/// Under pitch, whether every certificate of label `i` holds (see [`doze`]); if so, the depth
/// certificates they give are label `i`'s from now on (`deepened`, room for them).
fn holds_deep(viewer: &Viewer, sights: &[Sight], sleeps: &mut Sleeps, i: usize, deepened: &mut Vec<Sleep>) -> bool {
    let Some(p) = viewer.projection.project(viewer.hot[i].position) else { return false };
    let deep = |s: Sleep| holding_depth(viewer, sights, sleeps.before, i, s, &p);
    let Some(first) = deep(sleeps.get(i)) else { return false };
    deepened.clear();
    for &s in sleeps.further(i) {
        let Some(d) = deep(s) else { return false };
        deepened.push(d);
    }
    if first != sleeps.get(i) || deepened.as_slice() != sleeps.further(i) {
        sleeps.set_all(i, first, deepened);
    }
    true
}

/// The labels that dozed through the projection ([`doze`], ascending), split once pass 1 has
/// shown the `kept` labels: those that sleep (returned, ascending) and the others, whose sights
/// are written into `sights` (those in view returned second, ascending: they wait as usual).
/// `choices` are the last frame's.
pub(super) fn wake(
    viewer: &Viewer,
    memo: &[AtomicU8],
    sleeps: &mut Sleeps,
    kept: &Kept,
    choices: &[Choice],
    dozing: &[u32],
    sights: &mut [Sight],
) -> (Vec<u32>, Vec<u32>) {
    let (mut asleep, mut woken) = (Vec::with_capacity(dozing.len()), Vec::new());
    let kept_alike = |s: &Sleep| {
        let b = s.blocker();
        kept.shown_as(b).is_some_and(|(choice, _)| choice == choices[b as usize])
    };
    for &i in dozing {
        let i = i as usize;
        let m = memo[i].load(Ordering::Relaxed);
        let inside = || viewer.in_reach[viewer.cells.cell_of(i)] == Reach::Inside || viewer.anchor_inside(i);
        if kept_alike(&sleeps.get(i)) && sleeps.further(i).iter().all(kept_alike) && inside() {
            sleeps.backoff.slept(i);
            asleep.push(i as u32);
            continue;
        }
        sleeps.backoff.broke(i);
        let sight = viewer.symbol_sight(i, m);
        sights[i] = sight;
        if matches!(sight, Sight::In(_)) {
            woken.push(i as u32);
        }
    }
    (asleep, woken)
}

/// Label `i`, decided in this frame at `pose` as `frame` (finished: faded, its byte `memo`
/// written): if it waits in the next frame and can sleep through it (see the module), and may
/// try now (`shortcuts/sleep/backoff.rs`), its certificates into `sleeps`, and it sleeps from
/// now on (no pose, its byte marked).
#[allow(clippy::too_many_arguments, reason = "the frame's state, each read once")]
pub(super) fn certify(
    cx: &FrameContext,
    sights: &[Sight],
    kept: &Kept,
    sleeps: &mut Sleeps,
    i: usize,
    pose: &ScreenPose,
    frame: &mut LabelFrame,
    memo: &AtomicU8,
    blockers: &mut Vec<(u32, Vec<Obb>)>,
) {
    if !sleeps.enabled {
        return;
    }
    let (Some(Blocker::Label(b)), Some(HiddenReason::Collision)) = (frame.hidden_by, frame.reason) else { return };
    let viewer = &cx.viewer;
    let label = &viewer.labels[i];
    let symbol = &label.symbol;
    if frame.visible
        || frame.opacity != 0.0
        || label.style.allow_overlap
        || symbol.repeat_group.is_some()
        || symbol.path.is_some()
        || !viewer.parts[i].keeps_shape()
    {
        return;
    }
    let Some((_, hers)) = kept.shown_as(b) else { return };
    if !sleeps.backoff.may_try(i) {
        return;
    }
    let Some(issued) = issue(cx, sights, kept, sleeps.now, (i, b, hers), pose, blockers) else {
        sleeps.backoff.failed(i);
        return;
    };
    sleeps.backoff.issued(i);
    // The first position's text went to `b`, first.
    sleeps.set_all(i, issued[0], &issued[1..]);
    frame.pose = None;
    memo.store(memo::of(frame) | bits::SLEEPY, Ordering::Relaxed);
}

/// The certificates of label `i` at `pose`, hidden by `b`, whose boxes are `hers` (see
/// [`certify`]; `blockers`: room for its parts by blocker), under a camera that maps world
/// vectors by `now` (`None` under pitch); `None` if some part cannot have one.
fn issue(
    cx: &FrameContext,
    sights: &[Sight],
    kept: &Kept,
    now: Option<DVec2>,
    (i, b, hers): (usize, u32, &[Obb]),
    pose: &ScreenPose,
    blockers: &mut Vec<(u32, Vec<Obb>)>,
) -> Option<Vec<Sleep>> {
    let viewer = &cx.viewer;
    let label = &viewer.labels[i];
    let symbol = &label.symbol;
    let max_overlap_area = cx.options.max_overlap_area;
    let positions = symbol.positions();
    let icon_alone = symbol.icon.is_some() && symbol.optional == Optional::Text;
    // Each part to the label it is certified against: `b` where it collides with `b` (the
    // first position's text must), else a kept label it collides with (any will do: it only
    // has to stay covered).
    for (_, parts) in blockers.iter_mut() {
        parts.clear();
    }
    let mut groups = 0;
    let parts = label.screen_parts(pose, cx.options.hysteresis_px).take(positions + usize::from(icon_alone));
    for (k, part) in parts.enumerate() {
        let hits = |boxes: &[Obb]| boxes.iter().any(|t| collides(&part, t, max_overlap_area));
        // One already given a part first (fewer certificates, and no search), else the
        // earliest.
        let given =
            || blockers[1..groups].iter().map(|&(o, _)| o).find(|&o| kept.shown_as(o).is_some_and(|(_, t)| hits(t)));
        let owner = if hits(hers) {
            b
        } else if k == 0 {
            return None;
        } else if let Some(o) = given() {
            o
        } else {
            kept.first_owner(&part, max_overlap_area)?
        };
        let at = blockers[..groups].iter().position(|&(o, _)| o == owner);
        let at = at.unwrap_or_else(|| {
            if blockers.len() == groups {
                blockers.push((owner, Vec::new()));
            }
            blockers[groups].0 = owner;
            groups += 1;
            groups - 1
        });
        blockers[at].1.push(part);
    }
    let mut sleeps_now: Vec<Sleep> = Vec::with_capacity(groups);
    for (owner, mine) in &blockers[..groups] {
        let o = *owner as usize;
        if !viewer.parts[o].keeps_shape() {
            return None;
        }
        let theirs = kept.shown_as(*owner).map_or(&[][..], |(_, boxes)| boxes);
        let sleep = match (now, sights[o].pose()) {
            (Some(now), _) => {
                Sleep::issue_each(mine, theirs, *owner, viewer.hot[i].position - viewer.hot[o].position, now)
            }
            // Under pitch: the depth, about the anchors and scales of this frame.
            (None, Some(them)) => {
                let scales = DVec2::new(pose.scale, them.scale);
                Sleep::issue_depth_each(mine, theirs, *owner, pose.position - them.position, scales)
            }
            (None, None) => Sleep::NONE,
        };
        if !sleep.is_some() {
            return None;
        }
        sleeps_now.push(sleep);
    }
    Some(sleeps_now)
}

#[cfg(test)]
mod tests {
    use glam::DVec2;
    use label_core::{Anchor, Candidate, Symbol};

    use crate::testing::play_against_sleepless;
    use crate::{Camera, WorldLabel};

    /// A symbol of four positions around its point (a text of 20 × 8 px), priority 1.
    fn symbol(id: u64, at: DVec2) -> WorldLabel {
        let around = [Anchor::Top, Anchor::Bottom, Anchor::Left, Anchor::Right];
        let candidates = around.iter().map(|&a| Candidate::new(a).with_offset(0.0, 2.0)).collect();
        WorldLabel::from_world(id, at, 20.0, 8.0)
            .with_priority(1.0)
            .with_symbol(Symbol::default().with_candidates(candidates))
    }

    /// A plain label of `width` × `height` px and priority 10 at (100, 100), and [`symbol`] at
    /// (`x`, 100).
    fn under(width: f64, height: f64, x: f64) -> Vec<WorldLabel> {
        let blocker = WorldLabel::from_world(1, DVec2::new(100.0, 100.0), width, height).with_priority(10.0);
        vec![blocker, symbol(2, DVec2::new(x, 100.0))]
    }

    /// A camera of 600 × 400 px over (100, 100) at `zoom`.
    fn camera(zoom: f64) -> Camera {
        Camera::new(DVec2::new(100.0, 100.0), zoom, 600.0, 400.0)
    }

    /// Plays `cameras` on `labels` against an engine whose labels never sleep (equal frames
    /// asserted there); returns, per frame, how many labels slept through it and whether label
    /// `s` was shown.
    fn play(labels: &[WorldLabel], cameras: &[Camera], s: usize) -> Vec<(usize, bool)> {
        let mut engine = crate::FrameEngine::new(crate::FrameOptions::default()).unwrap();
        engine.set_labels(labels.to_vec()).unwrap();
        let played = play_against_sleepless(labels, cameras);
        cameras
            .iter()
            .zip(played)
            .enumerate()
            .map(|(k, (camera, (stats, ..)))| {
                let frame = engine.place_frame(camera, k as f64 * 16.0).unwrap();
                assert_eq!(frame.stats, stats, "frame {k}");
                (stats.asleep, frame.labels[s].visible)
            })
            .collect()
    }

    /// Whether `states` has a frame slept through followed, later, by the label shown.
    fn slept_then_shown(states: &[(usize, bool)]) -> bool {
        states.iter().position(|s| s.0 > 0).is_some_and(|k| states[k..].iter().any(|s| s.1))
    }

    #[test]
    fn a_symbol_wakes_when_the_zoom_pulls_a_position_clear_of_its_blocker() {
        // A wide plain label over all four positions of a symbol 1 world px away (8 px at the
        // first zoom): zooming in moves them apart until a position clears it.
        let labels = under(90.0, 40.0, 101.0);
        let cameras: Vec<Camera> = (0..120).map(|k| camera(3.0 + f64::from(k) * 0.03)).collect();
        let states = play(&labels, &cameras, 1);
        assert!(slept_then_shown(&states), "{states:?}");
    }

    #[test]
    fn a_symbol_wakes_when_the_turn_takes_a_position_clear_of_its_blocker() {
        // A long flat label under a symbol a little right of its centre: turning the map by
        // 90° puts the symbol above or below the label's centre, clear of it.
        let labels = under(160.0, 30.0, 101.0);
        let cameras: Vec<Camera> = (0..90).map(|k| camera(5.0).with_bearing(f64::from(k))).collect();
        let states = play(&labels, &cameras, 1);
        assert!(slept_then_shown(&states), "{states:?}");
    }

    /// A flat plain label of priority 10 at (100, 100), 200 × 60 px, and [`symbol`] 6 world px
    /// up the screen from it.
    fn flat_and_beyond() -> Vec<WorldLabel> {
        let blocker = WorldLabel::from_world(1, DVec2::new(100.0, 100.0), 200.0, 60.0).with_priority(10.0);
        vec![blocker, symbol(2, DVec2::new(100.0, 94.0))]
    }

    /// Whether `states` has a frame with pitch slept through (its camera in `cameras`)
    /// followed, later, by the label shown.
    fn slept_pitched_then_shown(states: &[(usize, bool)], cameras: &[Camera]) -> bool {
        let pitched = |k: &usize| cameras[*k].pitch > 0.0 && states[*k].0 > 0;
        (0..states.len()).find(pitched).is_some_and(|k| states[k..].iter().any(|s| s.1))
    }

    #[test]
    fn symbols_sleep_under_pitch() {
        // The symbol deep under its blocker while the camera tilts to 30° and back: it sleeps
        // in most frames, with pitch and without (the first frame with pitch turns its
        // rectangle into a depth; the first without wakes it), and is decided alike.
        let labels = under(90.0, 40.0, 100.1);
        let tilt = |k: i32| f64::from((k - 10).clamp(0, 30) - (k - 60).clamp(0, 30));
        let cameras: Vec<Camera> = (0..100).map(|k| camera(3.0).with_pitch(tilt(k))).collect();
        let states = play(&labels, &cameras, 1);
        let pitched: Vec<_> = (0..100).filter(|&k| cameras[k].pitch > 0.0).map(|k| states[k]).collect();
        let asleep = pitched.iter().filter(|s| s.0 == 1).count();
        assert!(asleep * 10 >= pitched.len() * 9, "{asleep} of {} pitched frames: {states:?}", pitched.len());
        assert!(states.iter().all(|s| !s.1), "{states:?}");
    }

    #[test]
    fn a_symbol_wakes_when_the_zoom_under_pitch_pulls_a_position_clear_of_its_blocker() {
        // As without pitch (the anchors move apart), the camera tilted by 40°: the depth
        // certificates break.
        let labels = under(90.0, 40.0, 101.0);
        let cameras: Vec<Camera> = (0..120).map(|k| camera(3.0 + f64::from(k) * 0.03).with_pitch(40.0)).collect();
        let states = play(&labels, &cameras, 1);
        assert!(slept_pitched_then_shown(&states, &cameras), "{states:?}");
    }

    #[test]
    fn a_symbol_wakes_when_the_tilt_takes_a_position_clear_of_its_blocker() {
        // A flat label and a symbol some way beyond it, the camera tilted by
        // 79° (the symbol far, small, hidden) and tilting back: the symbol grows faster than
        // it moves off, until a position clears the label; the perspective scale changes every
        // frame.
        let labels = flat_and_beyond();
        let cameras: Vec<Camera> = (0..80).map(|k| camera(3.0).with_pitch(f64::from(79 - k))).collect();
        let states = play(&labels, &cameras, 1);
        assert!(slept_pitched_then_shown(&states, &cameras), "{states:?}");
    }

    #[test]
    fn a_symbol_under_pitch_wakes_as_the_pan_changes_its_perspective() {
        // A flat label and a symbol some way beyond it, the camera tilted by 60°
        // and panning them across the screen: their scales and their offset change with their
        // distance from the camera; the certificates break and are given again every few
        // frames, until a position clears the label.
        let labels = flat_and_beyond();
        let cameras: Vec<Camera> = (0..120)
            .map(|k| camera(3.0).with_pitch(60.0).with_center(DVec2::new(100.0, 100.0 - f64::from(k) * 0.3)))
            .collect();
        let states = play(&labels, &cameras, 1);
        let woken = (2..states.len()).filter(|&k| states[k - 1].0 == 1 && states[k].0 == 0 && !states[k].1).count();
        assert!(woken >= 3 && slept_pitched_then_shown(&states, &cameras), "{states:?}");
    }

    #[test]
    fn a_symbol_wakes_when_its_blocker_moves_or_hides() {
        // The symbol asleep under a blocker; zooming out brings a wide label of top priority
        // from beyond the right edge over the blocker: a blocker with candidates moves to
        // another one or hides, a plain one hides, and the symbol wakes in that frame.
        let plain = WorldLabel::from_world(1, DVec2::new(100.0, 100.0), 80.0, 40.0).with_priority(10.0);
        let centred = [Anchor::Center, Anchor::Left, Anchor::Right].map(Candidate::new).to_vec();
        let symbol_blocker = plain.clone().with_symbol(Symbol::default().with_candidates(centred));
        for (blocker, pitch) in
            [(symbol_blocker.clone(), 0.0), (plain.clone(), 0.0), (symbol_blocker, 30.0), (plain, 30.0)]
        {
            let labels = vec![
                blocker,
                symbol(2, DVec2::new(100.05, 100.0)),
                WorldLabel::from_world(3, DVec2::new(130.0, 100.0), 300.0, 60.0).with_priority(20.0),
            ];
            let cameras: Vec<Camera> = (0..60).map(|k| camera(5.0 - f64::from(k) * 0.05).with_pitch(pitch)).collect();
            let mut engine = crate::FrameEngine::new(crate::FrameOptions::default()).unwrap();
            engine.set_labels(labels.clone()).unwrap();
            let blockers: Vec<_> = cameras
                .iter()
                .enumerate()
                .map(|(k, c)| {
                    let frame = engine.place_frame(c, k as f64 * 16.0).unwrap();
                    (frame.labels[0].visible, frame.choices[0])
                })
                .collect();
            // The frame where the blocker moves or hides: nothing sleeps through it (the
            // blocker was shown, the top label is), and the symbol slept before it.
            let states = play(&labels, &cameras, 1);
            let change = (1..blockers.len()).find(|&k| blockers[k] != blockers[k - 1]).expect("the blocker changes");
            assert!(states[..change].iter().any(|s| s.0 == 1) && states[change].0 == 0, "{change}: {states:?}");
        }
    }
}
