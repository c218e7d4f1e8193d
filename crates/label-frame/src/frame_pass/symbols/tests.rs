use glam::DVec2;
use label_core::{Choice, Obb, Parts};

use super::batch::Batch;
use super::kept::{shown_boxes, shown_parts};
use crate::geo::path::{ScreenPath, WorldLine, project_label};
use crate::geo::projection::Projection;
use crate::geo::sight::Sight;
use crate::state::hot::Hot;
use crate::test_support::{
    anchored_labels, busy_path, path_patch, play_against_sleepless, play_alongside, symbol_patch,
};
use crate::{Camera, FrameKind, HiddenReason, WorldLabel};
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
fn lines_surely_laid_out_off_screen_decide_as_projected_ones() {
    // The patch with a text along a line on every fourth label over the busy path: many
    // lines lie off screen with their text fitting, and the engine that projects and lays out
    // every one of them decides alike, frame for frame.
    let labels = path_patch(DVec2::new(100.0, 80.0), 0.04);
    let cameras: Vec<_> = busy_path().into_iter().step_by(4).collect();
    let projected = Shortcuts { far_lines: false, ..Shortcuts::ALL };
    let mut far = 0;
    play_alongside(&labels, &cameras, projected, |k, engine, other| {
        far += engine.far_lines();
        assert_eq!(other.far_lines(), 0, "frame {k}");
    });
    assert!(far > 200, "{far} lines left unprojected over the frames");
}

#[test]
fn bent_lines_off_screen_stay_too_curved_with_far_lines() {
    // The same patch with every line allowed 10° only: many texts bend too much there, off
    // screen as on it, and §4 gives `too_curved` before `offscreen`, so the certificate must
    // leave them to the layout (review finding: the test above has no such line, and passed
    // without the curvature proof).
    let labels: Vec<WorldLabel> = path_patch(DVec2::new(100.0, 80.0), 0.04)
        .into_iter()
        .map(|mut l| {
            l.symbol.path = l.symbol.path.take().map(|p| p.with_max_angle(10.0));
            l
        })
        .collect();
    let cameras: Vec<_> = busy_path().into_iter().step_by(4).collect();
    let projected = Shortcuts { far_lines: false, ..Shortcuts::ALL };
    let (mut bent, mut far) = (0, 0);
    play_alongside(&labels, &cameras, projected, |_, engine, _| {
        far += engine.far_lines();
        bent += engine.frame().labels.iter().filter(|l| l.reason == Some(HiddenReason::TooCurved)).count();
    });
    assert!(bent > 1000 && far > 10, "{bent} too curved and {far} lines unprojected over the frames");
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

#[test]
fn a_kept_path_label_blocks_with_the_glyphs_pass_two_places_it_with() {
    // The same for texts along lines: `kept.rs` takes a shown path label's glyph boxes from
    // its line on screen; pass 2 places it as `Batch::push_path_shown` builds it (the core's
    // `Symbol::parts` with the layout): the same boxes, bit for bit. Lines straight and bent,
    // each way (so some texts are turned upright), upright or not, with and without a repeat
    // group, under a turned and tilted camera.
    use label_core::TextPath;
    let lines = [
        vec![DVec2::new(99.0, 79.5), DVec2::new(101.5, 80.25)],
        vec![DVec2::new(98.5, 81.0), DVec2::new(99.75, 80.5), DVec2::new(100.5, 81.25), DVec2::new(101.75, 81.0)],
        vec![DVec2::new(101.0, 78.5), DVec2::new(100.25, 79.0), DVec2::new(99.0, 78.75)],
    ];
    let mut labels: Vec<WorldLabel> = Vec::new();
    for (k, points) in lines.iter().enumerate() {
        for (j, reversed) in [false, true].into_iter().enumerate() {
            let mut points = points.clone();
            if reversed {
                points.reverse();
            }
            let advances = (0..5 + 2 * k).map(|g| 6.5 + (g % 3) as f64).collect();
            let path = TextPath::new(points, advances).with_keep_upright(j == 0).with_max_angle(60.0);
            let mut street = WorldLabel::along_path(labels.len() as u64, path, 11.5).with_padding(1.25 + k as f64);
            if k == 1 {
                street.symbol = street.symbol.with_repeat(2, 40.0);
            }
            labels.push(street);
        }
    }
    let camera = Camera::new(DVec2::new(100.0, 80.0), 7.0, 800.0, 600.0).with_bearing(23.0).with_pitch(35.0);
    let projection = Projection::new(&camera);
    let paths: Vec<Option<ScreenPath>> = labels
        .iter()
        .map(|l| {
            project_label(l, &WorldLine::new(l.symbol.path.as_ref().unwrap()), &Hot::new(l), &projection, 1.0, None)
        })
        .collect();
    // A path label's sight is not read: its line is.
    let sights = vec![Sight::Far; labels.len()];
    let mut upright = 0;
    for (i, label) in labels.iter().enumerate() {
        let path = paths[i].as_ref().expect("in front of the camera");
        let layout = path.layout.as_ref().expect("the text fits its line");
        upright += usize::from(layout.reversed);
        let mut batch = Batch::default();
        batch.push_path_shown(label, i as u32, path);
        let want: Vec<Obb> = batch.parts(0).collect();
        assert_eq!(want.len(), label.symbol.path.as_ref().unwrap().glyph_advances.len(), "{i}");
        let mut got = Vec::new();
        shown_boxes(&labels, (&sights, &paths), (i as u32, Choice::default()), &mut got);
        assert_eq!(got, want, "{i}");
    }
    assert!(upright > 0, "some text turned upright");
}
