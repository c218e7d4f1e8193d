//! The regions decide what `label_core::place` decides on one machine, for any partition of the
//! labels into regions and any number of rounds before the merge.

use label_core::{Anchor, Label, place};
use label_planet::{Screen, State, place_in_regions};
use proptest::prelude::*;

/// Labels on the 512-px world of zoom 1, some of them across its edge (off screen or partly
/// in), crowded enough that most are hidden and many chains cross the regions' cuts.
fn label() -> impl Strategy<Value = Label> {
    (
        (-40.0..560.0f64, -40.0..560.0f64),
        (1.0..90.0f64, 1.0..30.0f64),
        prop_oneof![Just(0.0), Just(90.0), -180.0..180.0f64],
        0..4u8,
        0..9usize,
        (-5.0..5.0f64, -5.0..5.0f64, prop_oneof![Just(0.0), 0.0..3.0f64]),
        (0..12u8, 0..12u8),
    )
        .prop_map(|((x, y), (w, h), angle, priority, anchor, (dx, dy, padding), (ao, ip))| {
            Label::new(x, y, w, h)
                .with_angle(angle)
                .with_priority(f64::from(priority))
                .with_anchor(Anchor::ALL[anchor])
                .with_offset(dx, dy)
                .with_padding(padding)
                .with_allow_overlap(ao == 0)
                .with_ignore_placement(ip == 0)
        })
}

/// Ways to cut the labels into regions: a grid by anchor point, or any assignment at all.
#[derive(Clone, Debug)]
enum Cut {
    Grid { columns: usize, rows: usize },
    Arbitrary { regions: usize, seed: u64 },
}

fn cut() -> impl Strategy<Value = Cut> {
    prop_oneof![
        (1..6usize, 1..6usize).prop_map(|(columns, rows)| Cut::Grid { columns, rows }),
        (1..7usize, any::<u64>()).prop_map(|(regions, seed)| Cut::Arbitrary { regions, seed }),
    ]
}

fn regions(cut: &Cut, labels: &[Label]) -> (Vec<usize>, usize) {
    match *cut {
        Cut::Grid { columns, rows } => {
            let at = |v: f64, n: usize| ((v.clamp(0.0, 511.0) / 512.0 * n as f64) as usize).min(n - 1);
            (labels.iter().map(|l| at(l.y, rows) * columns + at(l.x, columns)).collect(), columns * rows)
        }
        Cut::Arbitrary { regions, seed } => {
            let mix = |i: u64| (i.wrapping_add(seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as usize % regions;
            ((0..labels.len() as u64).map(mix).collect(), regions)
        }
    }
}

fn assert_same_as_one_machine(labels: &[Label], cut: &Cut, max_rounds: usize, area: f32) -> label_planet::Rounds {
    let screen = Screen::world(1, area).unwrap();
    let (region_of, count) = regions(cut, labels);
    let (states, rounds) = place_in_regions(&screen, labels, &region_of, count, max_rounds).unwrap();
    let single = place(labels, &[], &screen.options()).unwrap();
    for (i, (s, o)) in states.iter().zip(&single.outcomes).enumerate() {
        assert_eq!(s.outcome(), Some(*o), "label {i} ({cut:?}, {max_rounds} rounds)");
    }
    rounds
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn regions_decide_as_one_machine(
        labels in prop::collection::vec(label(), 0..300),
        cut in cut(),
        max_rounds in 0..6usize,
        area in prop_oneof![3 => Just(0.0f32), 1 => 0.0..40.0f32],
    ) {
        assert_same_as_one_machine(&labels, &cut, max_rounds, area);
    }
}

/// A long row of overlapping labels whose priorities fall along the row, cut into many
/// stripes: each label waits on its left neighbour, in another stripe every few labels, so a
/// round settles one stripe at most: the rounds stop for want of progress and the rest is
/// merged; with no rounds at all, everything that waited is merged.
#[test]
fn chains_across_many_regions_end_by_the_merge() {
    let labels: Vec<Label> =
        (0..200).map(|i| Label::new(2.0 + 2.5 * f64::from(i), 200.0, 6.0, 6.0).with_priority(f64::from(-i))).collect();
    let cut = Cut::Grid { columns: 40, rows: 1 };
    let long = assert_same_as_one_machine(&labels, &cut, 1000, 0.0);
    assert!(long.waited > 0 && long.merged > 0, "{long:?}");
    let merged = assert_same_as_one_machine(&labels, &cut, 0, 0.0);
    assert_eq!(merged.merged, merged.waited, "{merged:?}");
}

/// Labels piled on a few pixels (a whole planet at zoom 0): far more box area than room, so
/// every region walks its labels as a whole instead of placing them with the core's `place`.
#[test]
fn crowded_regions_decide_as_one_machine() {
    let labels: Vec<Label> = (0..400)
        .map(|i| {
            let f = f64::from(i);
            Label::new(250.0 + (f * 7.3) % 12.0, 250.0 + (f * 3.7) % 12.0, 30.0 + f % 20.0, 10.0)
                .with_priority(f % 4.0)
                .with_angle(if i % 3 == 0 { f } else { 0.0 })
                .with_allow_overlap(i % 17 == 0)
        })
        .collect();
    for cut in
        [Cut::Grid { columns: 1, rows: 1 }, Cut::Grid { columns: 64, rows: 64 }, Cut::Arbitrary { regions: 3, seed: 5 }]
    {
        assert_same_as_one_machine(&labels, &cut, 4, 0.0);
    }
}

#[test]
fn every_state_is_decided_and_blockers_are_earlier() {
    let labels: Vec<Label> = (0..500)
        .map(|i| {
            let f = f64::from(i);
            Label::new((f * 37.0) % 500.0, (f * 53.0) % 500.0, 40.0, 12.0).with_priority(f % 5.0).with_angle(f * 7.0)
        })
        .collect();
    let screen = Screen::world(1, 0.0).unwrap();
    let region_of: Vec<usize> =
        labels.iter().map(|l| usize::from(l.x > 250.0) + 2 * usize::from(l.y > 250.0)).collect();
    let (states, _) = place_in_regions(&screen, &labels, &region_of, 4, 3).unwrap();
    for (i, s) in states.iter().enumerate() {
        assert_ne!(*s, State::Waiting);
        if let State::HiddenBy(k) = *s {
            let (a, b) = (&labels[k as usize], &labels[i]);
            assert!(a.style.priority > b.style.priority || (a.style.priority == b.style.priority && (k as usize) < i));
        }
    }
}

#[test]
fn a_bad_label_is_named_by_its_global_index() {
    let mut labels: Vec<Label> = (0..10).map(|i| Label::new(10.0 * f64::from(i), 5.0, 8.0, 8.0)).collect();
    labels[7].style.width = -1.0;
    let screen = Screen::world(0, 0.0).unwrap();
    let err = place_in_regions(&screen, &labels, &[0, 1, 0, 1, 0, 1, 0, 1, 0, 1], 2, 3).unwrap_err();
    assert!(err.to_string().starts_with("label 7: field `width`"), "{err}");
}
