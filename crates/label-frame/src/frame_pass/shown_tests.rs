use glam::Vec2;
use label_core::{Aabb, Obb};

use super::KeptSet;

/// A 10×10 box centred at (`x`, `y`).
fn square(x: f32, y: f32) -> Obb {
    Obb::from_aabb(&Aabb::from_center_half_extents(Vec2::new(x, y), Vec2::splat(5.0)))
}

/// Labels 3, 1 and 5 kept in that order, with two, one and three boxes, in a set of 8.
fn three_kept() -> KeptSet {
    let mut kept = KeptSet::new(8);
    kept.push_label(3, |b| b.extend([square(0.0, 0.0), square(100.0, 0.0)]));
    kept.push_label(1, |b| b.push(square(200.0, 0.0)));
    kept.push_label(5, |b| b.extend([square(300.0, 0.0), square(400.0, 0.0), square(0.0, 0.0)]));
    kept.lay();
    kept
}

#[test]
fn each_kept_label_has_its_own_boxes_and_no_other() {
    let kept = three_kept();
    let xs = |label| kept.boxes_of(label).iter().map(|b| b.center.x).collect::<Vec<_>>();
    assert_eq!(xs(3), [0.0, 100.0]);
    assert_eq!(xs(1), [200.0]);
    assert_eq!(xs(5), [300.0, 400.0, 0.0]);
    for label in [0, 2, 4, 6, 7, 8, 100] {
        assert!(!kept.blocks(label) && kept.boxes_of(label).is_empty(), "label {label} was not kept");
    }
    assert!([3, 1, 5].iter().all(|&l| kept.blocks(l)));
    assert_eq!(kept.box_of(5).map(|b| b.center.x), Some(300.0));
}

#[test]
fn a_box_meets_the_earliest_placed_kept_box() {
    let kept = three_kept();
    // Label 3's first box and label 5's third lie at the origin: the earlier placed answers.
    let hit = kept.first_collider(&square(2.0, 0.0), 0.0).expect("the origin is kept");
    assert_eq!((hit, kept.owner(hit)), (0, 3));
    let hit = kept.first_collider(&square(398.0, 3.0), 0.0).expect("label 5's second box");
    assert_eq!((hit, kept.owner(hit)), (4, 5));
    assert_eq!(kept.first_collider(&square(150.0, 0.0), 0.0), None);
}

#[test]
fn a_forgotten_set_keeps_nothing_and_takes_new_labels() {
    let mut kept = three_kept();
    kept.forget(10);
    assert!((0..10).all(|l| !kept.blocks(l) && kept.boxes_of(l).is_empty()));
    kept.push_label(9, |b| b.push(square(50.0, 50.0)));
    kept.lay();
    assert_eq!(kept.boxes_of(9).len(), 1);
    assert!(!kept.blocks(3));
    assert_eq!(kept.first_collider(&square(0.0, 0.0), 0.0), None);
}

#[test]
fn a_dropped_set_hands_its_laid_grid_to_the_next_one_on_its_thread() {
    std::thread::spawn(|| {
        drop(three_kept());
        // A set never laid does not replace a laid grid.
        drop(KeptSet::default());
        let next = KeptSet::new(8);
        assert!(next.index.cells() > 0, "the next set builds in the grid the last one laid");
    })
    .join()
    .expect("the thread ends without a panic");
}
