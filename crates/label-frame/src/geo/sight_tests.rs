//! The tests of `sight.rs`.

use super::*;
use crate::Camera;
use crate::geo::cells::WorldCells;
use crate::geo::view::Viewer;

#[test]
fn bounds_and_the_exact_test_agree_with_the_box() {
    // A grid of labels around the viewport's edges, some rotated; each one's sight must be
    // what the exact box test says.
    let camera = Camera::new(DVec2::new(100.0, 100.0), 3.0, 320.0, 200.0);
    let projection = Projection::new(&camera);
    let view = Obb::from_aabb(&projection.viewport());
    let mut checked = [0usize; 2];
    for i in 0..60 {
        for j in 0..40 {
            let world = DVec2::new(100.0 + (f64::from(i) - 30.0) * 0.75, 100.0 + (f64::from(j) - 20.0) * 0.75);
            let label = WorldLabel::from_world(0, world, 30.0, 8.0)
                .with_angle(f64::from(i * 7 + j))
                .with_anchor(label_core::Anchor::ALL[(i + j) as usize % 9])
                .with_padding(f64::from(j % 3) * f64::from(1 + i % 7));
            let s = sight_of(&label, &projection, 0.5);
            let pose = s.pose().unwrap();
            let exact = view.overlaps(&label.on_screen(&pose, 0.0).obb());
            assert_eq!(matches!(s, Sight::In(_)), exact, "{label:?} at {pose:?}");
            checked[usize::from(exact)] += 1;
        }
    }
    assert!(checked[0] > 100 && checked[1] > 100, "{checked:?}");
}

#[test]
fn a_box_moved_by_less_than_its_room_still_meets_the_viewport() {
    // Labels across and near the viewport's edges, rotated, with every anchor and some
    // padding; a camera without pitch. Each box moved by its room in 24 directions still
    // meets the viewport, and most labels across the edge have room (their anchor fails the
    // quick test, so only the box's room can make them dormant).
    let camera = Camera::new(DVec2::new(100.0, 100.0), 3.0, 320.0, 200.0).with_bearing(20.0);
    let projection = Projection::new(&camera);
    let labels: Vec<WorldLabel> = (0..2400)
        .map(|k| {
            let (i, j) = (f64::from(k % 60), f64::from(k / 60));
            let world = DVec2::new(100.0 + (i - 30.0) * 0.75, 100.0 + (j - 20.0) * 0.75);
            WorldLabel::from_world(0, world, 30.0 + f64::from(k % 7) * 9.0, 8.0)
                .with_angle(f64::from(k * 7 % 360))
                .with_anchor(label_core::Anchor::ALL[k as usize % 9])
                .with_padding(f64::from(k % 3))
        })
        .collect();
    let hot: Vec<Hot> = labels.iter().map(Hot::new).collect();
    let parts: Vec<BoxParts> = labels.iter().map(BoxParts::new).collect();
    let cells = WorldCells::new(&hot);
    let mut in_reach = Vec::new();
    cells.in_reach(&projection, 0.0, &mut in_reach);
    let viewer = Viewer {
        labels: &labels,
        hot: &hot,
        parts: &parts,
        projection: &projection,
        perspective_scaling: 0.0,
        cells: &cells,
        in_reach: &in_reach,
        run: crate::util::runs::RUN,
    };
    let view = Obb::from_aabb(&projection.viewport());
    let mut across_with_room = 0;
    for (i, part) in parts.iter().enumerate() {
        let (room, _) = viewer.room_inside(i);
        if room <= 0.0 {
            continue;
        }
        let obb = part.on_screen(&viewer.sight(i, 0).pose().unwrap(), 0.0);
        for k in 0..24 {
            let turn = f64::from(k) * std::f64::consts::TAU / 24.0;
            let moved = obb.translate(DVec2::from_angle(turn) * room);
            assert!(view.overlaps(&moved), "label {i} moved by {room} at {k}/24");
        }
        across_with_room += usize::from(!viewer.anchor_inside(i));
    }
    assert!(across_with_room > 200, "{across_with_room}");
}

#[test]
fn every_corner_of_a_padded_box_lies_within_its_reach() {
    // The bounds tests (a label's, a world cell's) rest on this, at any scale.
    for k in 0..2000u32 {
        let label = WorldLabel::from_world(0, DVec2::ZERO, 10.0 + f64::from(k % 97), 4.0 + f64::from(k % 13))
            .with_angle(f64::from(k % 360) * 0.5)
            .with_anchor(label_core::Anchor::ALL[k as usize % 9])
            .with_offset(f64::from(k % 5) - 2.0, f64::from(k % 3))
            .with_padding(f64::from(k % 21));
        let hot = Hot::new(&label);
        for scale in [0.4, 1.0, 1.7] {
            let pose = ScreenPose { position: DVec2::ZERO, angle: label.style.angle, scale };
            let obb = label.on_screen(&pose, 0.0).obb();
            let far = obb.corners().iter().map(|c| f64::from(c.length())).fold(0.0, f64::max);
            assert!(far <= hot.reach_px(scale) + 1e-3, "{label:?} at {scale}: {far} > {}", hot.reach_px(scale));
        }
    }
}
