use glam::DVec2;
use label_core::{Choice, Obb, Parts};

use super::batch::Batch;
use super::kept::shown_parts;
use crate::testing::{anchored_labels, busy_path, path_patch, play_against_sleepless, play_alongside, symbol_patch};
use crate::{FrameKind, HiddenReason};
use crate::{ScreenPose, Shortcuts};

#[test]
fn symbol_frames_decide_alike_with_and_without_shortcuts() {
    // The dense patch, two labels of three symbols, over every fourth frame of the busy
    // path (zooms, turns, tilts, pans, the last pan in reused frames): the frames of the
    // default engine, of one without shortcuts and of one whose labels never sleep decide
    // alike, many labels move off their first candidate, and many symbols sleep, with pitch
    // too.
    let labels = symbol_patch(DVec2::new(100.0, 80.0), 0.04);
    let cameras: Vec<_> = busy_path().into_iter().step_by(4).collect();
    let (mut moved, mut reused, mut placed_anew, mut asleep_reused) = (0, 0, 0, 0);
    play_alongside(&labels, &cameras, Shortcuts::NONE, |_, engine, _| {
        let frame = engine.frame();
        moved += frame.choices.iter().filter(|c| c.candidate.is_some_and(|k| k > 0)).count();
        if frame.stats.kind == FrameKind::Reused {
            reused += 1;
            placed_anew += frame.stats.placed_now;
            asleep_reused += frame.stats.asleep;
        }
    });
    assert!(moved > 1000, "{moved} labels off their first candidate over the frames");
    assert!(reused > 5 && placed_anew > 20, "{reused} frames reused, {placed_anew} labels placed anew in them");
    assert!(asleep_reused > 20, "{asleep_reused} symbols asleep in the reused frames");
    let played = play_against_sleepless(&labels, &cameras);
    let symbols_asleep: usize = played.iter().map(|(stats, ..)| stats.asleep).sum();
    assert!(symbols_asleep > 2000, "{symbols_asleep} symbols asleep over the frames");
    let pitched = played.iter().zip(&cameras).filter(|(_, c)| c.pitch > 0.0);
    let asleep_pitched: usize = pitched.map(|((stats, ..), _)| stats.asleep).sum();
    assert!(asleep_pitched > 200, "{asleep_pitched} symbols asleep in the frames with pitch");
}

#[test]
fn path_frames_decide_alike_with_and_without_shortcuts() {
    // The patch with a text along a line on every fourth label, over every fourth frame of
    // the busy path: many lines show, many are hidden by a collision, some have no room
    // or bend too much, and the engines decide alike.
    let labels = path_patch(DVec2::new(100.0, 80.0), 0.04);
    let cameras: Vec<_> = busy_path().into_iter().step_by(4).collect();
    let is_path = |i: usize| labels[i].symbol.path.is_some();
    let (mut shown, mut collided, mut unfit) = (0, 0, 0);
    play_alongside(&labels, &cameras, Shortcuts::NONE, |_, engine, _| {
        for (_, f) in engine.frame().labels.iter().enumerate().filter(|&(i, _)| is_path(i)) {
            shown += usize::from(f.visible);
            collided += usize::from(f.reason == Some(HiddenReason::Collision));
            unfit += usize::from(matches!(f.reason, Some(HiddenReason::NoRoom | HiddenReason::TooCurved)));
        }
    });
    assert!(shown > 1000 && collided > 1000 && unfit > 100, "{shown} shown, {collided} collided, {unfit} unfit");
    play_against_sleepless(&labels, &cameras);
}

#[test]
fn a_kept_label_blocks_with_the_parts_pass_two_places_it_with() {
    // `kept.rs` takes a shown label's parts from its world label; pass 2 places it as
    // `Batch::push_shown` builds it: the same boxes, bit for bit, for every position and
    // every choice of parts, with and without candidates.
    for (k, label) in anchored_labels(|_| true) {
        let pose = ScreenPose { position: DVec2::new(812.25, -3.5), angle: 37.0 * k as f64, scale: 0.613 };
        let positions: Vec<Option<u32>> = match label.symbol.candidates.len() as u32 {
            0 => vec![None],
            n => (0..n).map(Some).collect(),
        };
        for candidate in positions {
            for parts in [Some(Parts::Both), Some(Parts::Text), Some(Parts::Icon), None] {
                let choice = Choice { candidate, parts };
                let mut batch = Batch::default();
                batch.push_shown(&label, 0, pose, choice);
                let want: Vec<Obb> = batch.parts(0).collect();
                assert_eq!(shown_parts(&label, &pose, choice).collect::<Vec<_>>(), want, "{k} {choice:?}");
            }
        }
    }
}
