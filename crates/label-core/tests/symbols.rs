//! Symbols (contract §3b, §4): `place_symbols` against a brute-force reference written straight
//! from §4 — random symbols with every field (candidates, icons with every anchor, offset and
//! padding, both optional parts, repeat groups, texts along paths laid out by the plain
//! reference of §3b), ties, exact touching at quarter turns,
//! obstacles of every shape, `allow_overlap` and `ignore_placement` — and the same placement
//! on any thread count and cell size.

mod common;

use common::symbol_reference::reference;
use common::*;
use glam::DVec2;
use label_core::{
    Anchor, Blocker, Candidate, Choice, HiddenReason, Icon, Label, LabelOutcome, Optional, Parts, Placement,
    PlacementOptions, Shape, Symbol, place, place_symbols, place_symbols_laid_out,
};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// generators
// ---------------------------------------------------------------------------------------------

/// A symbol: 0–5 candidates, an icon half of the time, either optional part, a repeat group
/// (of three) a third of the time. `exact`: integer sizes and half-integer offsets, so boxes
/// touch exactly at quarter turns.
fn arb_symbol(exact: bool, world: f64) -> BoxedStrategy<Symbol> {
    let anchor = || prop::sample::select(Anchor::ALL.to_vec());
    let offset = move || -> BoxedStrategy<DVec2> {
        if exact {
            prop_oneof![
                Just(DVec2::ZERO),
                (-16i32..=16, -16i32..=16).prop_map(|(x, y)| DVec2::new(f64::from(x), f64::from(y)) * 0.5)
            ]
            .boxed()
        } else {
            prop_oneof![Just(DVec2::ZERO), (-12.0..12.0f64, -12.0..12.0f64).prop_map(|(x, y)| DVec2::new(x, y))].boxed()
        }
    };
    let candidate = (anchor(), offset()).prop_map(|(anchor, offset)| Candidate { anchor, offset });
    let candidates = prop_oneof![2 => Just(vec![]), 3 => prop::collection::vec(candidate, 1..=5)];
    let size = move || -> BoxedStrategy<f64> {
        if exact { (1i32..=16).prop_map(f64::from).boxed() } else { (0.5..16.0f64).boxed() }
    };
    let padding = prop::sample::select(vec![0.0, 0.0, 0.5, 1.0]);
    let icon = (size(), size(), anchor(), offset(), padding)
        .prop_map(|(width, height, anchor, offset, padding)| Icon { width, height, anchor, offset, padding });
    let icon = prop_oneof![1 => Just(None), 1 => icon.prop_map(Some)];
    let optional = prop::sample::select(vec![Optional::None, Optional::Text, Optional::Icon]);
    let distance =
        if exact { (0i32..=(world / 3.0) as i32).prop_map(f64::from).boxed() } else { (0.0..world / 3.0).boxed() };
    let repeat = prop_oneof![2 => Just(None), 1 => (0u32..3, distance).prop_map(Some)];
    (candidates, icon, optional, repeat)
        .prop_map(|(candidates, icon, optional, repeat)| Symbol {
            candidates,
            icon,
            optional,
            repeat_group: repeat.map(|r| r.0),
            repeat_distance: repeat.map_or(0.0, |r| r.1),
            path: None,
        })
        .boxed()
}

/// A label and its symbol; a quarter of the time the symbol lays the text along a path near
/// the label's point instead of candidates and icon (keeping its repeat group).
fn arb_label_symbol(exact: bool, world: f64) -> BoxedStrategy<(Label, Symbol)> {
    arb_label(exact, world)
        .prop_flat_map(move |l| {
            let path = prop_oneof![3 => Just(None), 1 => arb_text_path(exact, l.x, l.y).prop_map(Some)];
            (Just(l), arb_symbol(exact, world), path)
        })
        .prop_map(|(l, s, path)| match path {
            None => (l, s),
            Some(p) => (l, Symbol { candidates: vec![], icon: None, ..s }.with_path(p)),
        })
        .boxed()
}

/// Labels, their symbols, obstacles and options (the plain scenes' generators for the label,
/// the obstacles and the options).
#[derive(Clone, Debug)]
struct SymbolScene {
    labels: Vec<Label>,
    symbols: Vec<Symbol>,
    obstacles: Vec<Shape>,
    options: PlacementOptions,
}

fn arb_symbol_scene(count: std::ops::Range<usize>, max_obstacles: usize) -> impl Strategy<Value = SymbolScene> {
    (count, any::<bool>(), 8.0..40.0f64).prop_flat_map(move |(n, exact, spacing)| {
        let world = (spacing * (n as f64).sqrt()).max(50.0).round();
        (
            prop::collection::vec(arb_label_symbol(exact, world), n),
            prop::collection::vec(arb_obstacle(exact, world), 0..=max_obstacles),
            arb_options(exact, world),
        )
            .prop_map(|(pairs, obstacles, options)| {
                let (labels, symbols) = pairs.into_iter().unzip();
                SymbolScene { labels, symbols, obstacles, options }
            })
    })
}

// ---------------------------------------------------------------------------------------------
// checks
// ---------------------------------------------------------------------------------------------

fn check_stats(p: &Placement) -> Result<(), TestCaseError> {
    let s = p.stats;
    let count = |r: Option<HiddenReason>| p.outcomes.iter().filter(|o| o.reason == r).count();
    prop_assert_eq!(s.labels, p.outcomes.len());
    prop_assert_eq!(s.visible, count(None));
    prop_assert_eq!(s.hidden_collision, count(Some(HiddenReason::Collision)));
    prop_assert_eq!(s.hidden_offscreen, count(Some(HiddenReason::Offscreen)));
    prop_assert_eq!(s.hidden_repeat, count(Some(HiddenReason::Repeat)));
    prop_assert_eq!(s.hidden_no_room, count(Some(HiddenReason::NoRoom)));
    prop_assert_eq!(s.hidden_too_curved, count(Some(HiddenReason::TooCurved)));
    Ok(())
}

fn check(scene: &SymbolScene) -> Result<Placement, TestCaseError> {
    let got = place_symbols(&scene.labels, &scene.symbols, &scene.obstacles, &scene.options)
        .map_err(|e| TestCaseError::fail(format!("place_symbols failed: {e}")))?;
    let (outcomes, choices) = reference(&scene.labels, &scene.symbols, &scene.obstacles, &scene.options);
    let plain = scene.symbols.iter().all(Symbol::is_plain);
    for i in 0..scene.labels.len() {
        let choice = if plain { Choice::default() } else { got.choices[i] };
        prop_assert!(
            got.outcomes[i] == outcomes[i] && choice == choices[i],
            "label {i} ({:?}, {:?}): engine {:?} {:?}, reference {:?} {:?}\noptions {:?}, {} obstacles",
            scene.labels[i],
            scene.symbols[i],
            got.outcomes[i],
            choice,
            outcomes[i],
            choices[i],
            scene.options,
            scene.obstacles.len()
        );
    }
    check_stats(&got)?;
    // The paths laid out by the caller: the same placement.
    let layouts: Vec<_> = scene.symbols.iter().map(|s| s.layout().and_then(Result::ok)).collect();
    let laid_out =
        place_symbols_laid_out(&scene.labels, &scene.symbols, &layouts, &scene.obstacles, &scene.options).unwrap();
    prop_assert_eq!(&laid_out, &got);
    Ok(got)
}

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(f)
}

proptest! {
    #![proptest_config(config(200))]

    /// `place_symbols` equals the brute-force reference of §4 on every label: visible, reason,
    /// hidden_by, candidate and parts.
    #[test]
    fn symbols_equal_the_brute_force_reference(scene in arb_symbol_scene(5..200, 10)) {
        check(&scene)?;
    }

    /// Crowded: many labels on little room, few obstacles, so that positions, optional parts
    /// and repeat all decide.
    #[test]
    fn crowded_symbols_equal_the_reference(scene in arb_symbol_scene(100..400, 3)) {
        check(&scene)?;
    }

    /// Plain labels placed by the symbol pass (each in a repeat group of its own, distance 0,
    /// which changes nothing) decide exactly as the plain engine and its reference.
    #[test]
    fn plain_labels_through_the_symbol_pass_equal_the_plain_engine(scene in arb_scene(10..300, 12)) {
        let symbols: Vec<Symbol> = (0..scene.labels.len()).map(|i| Symbol::default().with_repeat(i as u32, 0.0)).collect();
        let got = place_symbols(&scene.labels, &symbols, &scene.obstacles, &scene.options).unwrap();
        let plain = place(&scene.labels, &scene.obstacles, &scene.options).unwrap();
        prop_assert_eq!(&got.outcomes, &reference_place(&scene.labels, &scene.obstacles, &scene.options));
        prop_assert_eq!(&got.outcomes, &plain.outcomes);
        prop_assert!(got.choices.iter().all(|c| *c == Choice::default() || c.candidate.is_none() && c.parts.is_none()));
        // And all-plain symbols go to the plain engine: the same outcomes and counts, no choices.
        let direct = place_symbols(&scene.labels, &vec![Symbol::default(); scene.labels.len()], &scene.obstacles, &scene.options).unwrap();
        prop_assert_eq!(direct, plain);
    }

    /// The same symbols on 1–4 threads with any cell size and any tiles (from one label a tile
    /// to one tile) give the same placement.
    #[test]
    fn symbols_do_not_depend_on_threads_tiles_or_cell_size(
        scene in arb_symbol_scene(200..600, 6),
        runs in prop::collection::vec(
            (1usize..=4, prop_oneof![Just(None), (0.5f32..2000.0).prop_map(Some)], prop_oneof![Just(None), (1usize..300).prop_map(Some)]),
            2..=3,
        ),
    ) {
        let base = check(&scene)?;
        for (threads, tile_size, tile_labels) in runs {
            let options = PlacementOptions { tile_size, tile_labels, ..scene.options.clone() };
            let got = in_pool(threads, || place_symbols(&scene.labels, &scene.symbols, &scene.obstacles, &options)).unwrap();
            prop_assert_eq!(&got.outcomes, &base.outcomes, "{} threads, cell {:?}, tiles of {:?}", threads, tile_size, tile_labels);
            prop_assert_eq!(&got.choices, &base.choices);
        }
    }

    /// Crowded symbols cut into small tiles (most labels near a tile's edge, many waiting for
    /// other tiles over several rounds) on 1–4 threads equal the brute-force reference.
    #[test]
    fn crowded_symbols_on_small_tiles_equal_the_reference(
        scene in arb_symbol_scene(150..500, 3),
        tile_labels in 1usize..120,
        threads in 1usize..=4,
    ) {
        let scene = SymbolScene { options: PlacementOptions { tile_labels: Some(tile_labels), ..scene.options.clone() }, ..scene };
        in_pool(threads, || check(&scene))?;
    }
}

/// The small tiles above are many, and labels wait for other tiles: the rounds are exercised.
#[test]
fn small_tiles_make_labels_wait() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::new(config(1));
    let (mut tiled, mut waited) = (0, 0);
    for _ in 0..30 {
        let scene = arb_symbol_scene(150..500, 3).new_tree(&mut runner).unwrap().current();
        let options = PlacementOptions { tile_labels: Some(20), ..scene.options.clone() };
        let p = place_symbols(&scene.labels, &scene.symbols, &scene.obstacles, &options).unwrap();
        tiled += usize::from(p.stats.tiles > 1);
        waited += usize::from(p.stats.waited > 0);
    }
    assert!(tiled >= 20 && waited >= 15, "{tiled} of 30 scenes on tiles, {waited} with labels waiting");
}

/// The generator reaches every outcome the contract names, so the tests above exercise each.
#[test]
fn the_generator_reaches_every_outcome() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::new(config(1));
    let mut seen = [0usize; 11];
    for _ in 0..60 {
        let scene = arb_symbol_scene(100..300, 6).new_tree(&mut runner).unwrap().current();
        let p = place_symbols(&scene.labels, &scene.symbols, &scene.obstacles, &scene.options).unwrap();
        for ((o, c), s) in p.outcomes.iter().zip(&p.choices).zip(&scene.symbols) {
            let k = match (o.reason, o.hidden_by, c.parts, c.candidate) {
                (Some(HiddenReason::NoRoom), ..) => 8,
                (Some(HiddenReason::TooCurved), ..) => 9,
                (None, ..) if s.path.is_some() => 10,
                (Some(HiddenReason::Offscreen), ..) => 0,
                (Some(HiddenReason::Repeat), ..) => 1,
                (Some(HiddenReason::Collision), Some(Blocker::Obstacle(_)), ..) => 2,
                (Some(HiddenReason::Collision), ..) => 3,
                (None, _, Some(Parts::Icon), _) => 4,
                (None, _, Some(Parts::Text), _) => 5,
                (None, _, _, Some(k)) if k > 0 => 6,
                _ => 7,
            };
            seen[k] += 1;
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "offscreen, repeat, obstacle, label, icon alone, text alone, later candidate, other, no room, too \
         curved, shown along a path: {seen:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// the rules one by one
// ---------------------------------------------------------------------------------------------

fn one(labels: &[Label], symbols: &[Symbol], options: &PlacementOptions) -> Placement {
    let p = place_symbols(labels, symbols, &[], options).unwrap();
    let (outcomes, choices) = reference(labels, symbols, &[], options);
    assert_eq!((p.outcomes.clone(), p.choices.clone()), (outcomes, choices));
    p
}

#[test]
fn the_first_free_position_in_list_order_wins_and_touching_is_free() {
    // A 20×10 blocker centred at (0, 0); the symbol's point at (10, 0) with right, left, top.
    let labels = [Label::new(0.0, 0.0, 20.0, 10.0).with_priority(1.0), Label::new(10.0, 0.0, 20.0, 10.0)];
    let around = vec![Candidate::new(Anchor::Right), Candidate::new(Anchor::Left), Candidate::new(Anchor::Top)];
    let symbols = [Symbol::default(), Symbol::default().with_candidates(around)];
    for angle in [0.0, 90.0, 180.0, 270.0] {
        // Turning both labels about the origin's quarter turns keeps the boxes exact.
        let turned: Vec<Label> = labels
            .iter()
            .map(|l| {
                let (s, c) = (f64::to_radians(angle).sin().round(), f64::to_radians(angle).cos().round());
                Label { x: l.x * c + l.y * s, y: -l.x * s + l.y * c, ..l.clone() }.with_angle(angle)
            })
            .collect();
        let p = one(&turned, &symbols, &PlacementOptions::default());
        // `right` puts the box over the blocker (x -10..10); `left` (x 10..30) touches it.
        assert!(p.outcomes[1].visible, "{angle}°");
        assert_eq!(p.choices[1], Choice { candidate: Some(1), parts: None }, "{angle}°");
    }
}

#[test]
fn offscreen_positions_are_skipped_and_allow_overlap_takes_the_first_in_view() {
    let options = PlacementOptions::default().with_viewport(100.0, 100.0);
    let labels = [
        Label::new(50.0, 50.0, 100.0, 100.0).with_priority(1.0),
        Label::new(0.0, 50.0, 20.0, 10.0).with_allow_overlap(true),
    ];
    // `right` lies wholly left of the viewport; `left` overlaps the big label; so does `center`.
    let positions = vec![Candidate::new(Anchor::Right), Candidate::new(Anchor::Left), Candidate::new(Anchor::Center)];
    let symbols = [Symbol::default(), Symbol::default().with_candidates(positions)];
    let p = one(&labels, &symbols, &options);
    assert_eq!(p.choices[1].candidate, Some(1));
    let hidden = [labels[0].clone(), labels[1].clone().with_allow_overlap(false)];
    let p = one(&hidden, &symbols, &options);
    assert_eq!(p.outcomes[1], LabelOutcome::hidden_by(Blocker::Label(0)));
}

#[test]
fn optional_parts_show_alone_only_when_the_whole_does_not_fit() {
    // A blocker right of the point: the text (left-anchored) cannot show, the icon can.
    let labels = [Label::new(30.0, 0.0, 20.0, 10.0).with_priority(1.0), Label::new(0.0, 0.0, 40.0, 10.0)];
    let icon = Icon::new(8.0, 8.0);
    let text = vec![Candidate::new(Anchor::Left).with_offset(4.0, 0.0)];
    let symbol = Symbol::default().with_candidates(text).with_icon(icon);
    let with = |optional| [Symbol::default(), symbol.clone().with_optional(optional)];
    let p = one(&labels, &with(Optional::None), &PlacementOptions::default());
    assert_eq!(p.outcomes[1], LabelOutcome::hidden_by(Blocker::Label(0)));
    let p = one(&labels, &with(Optional::Text), &PlacementOptions::default());
    assert_eq!(p.choices[1], Choice { candidate: None, parts: Some(Parts::Icon) });
    // A blocker on the point instead: the icon cannot show, the text at `left` can.
    let labels = [Label::new(0.0, 0.0, 6.0, 6.0).with_priority(1.0), Label::new(0.0, 0.0, 40.0, 10.0)];
    let p = one(&labels, &with(Optional::Icon), &PlacementOptions::default());
    assert!(p.outcomes[1].visible);
    assert!(!one(&labels, &with(Optional::Text), &PlacementOptions::default()).outcomes[1].visible);
    // The text alone blocks as the text only: a later label over the icon's spot shows.
    let mut three = labels.to_vec();
    three.push(Label::new(3.5, 3.5, 1.0, 1.0).with_priority(-1.0));
    let mut symbols = with(Optional::Icon).to_vec();
    symbols.push(Symbol::default());
    assert!(one(&three, &symbols, &PlacementOptions::default()).outcomes[2].visible);
}

#[test]
fn repeat_hides_behind_the_earliest_placed_label_of_the_group() {
    let at = |x: f64, p: f64| Label::new(x, 0.0, 10.0, 10.0).with_priority(p);
    // Far apart boxes; anchors 100 px apart in one group, distance 150 for the last.
    let labels = [at(0.0, 3.0), at(100.0, 2.0), at(200.0, 1.0), at(150.0, 0.0)];
    let g = |d| Symbol::default().with_repeat(7, d);
    let symbols = [g(0.0), Symbol::default().with_repeat(8, 500.0), g(100.0), g(151.0)];
    let p = one(&labels, &symbols, &PlacementOptions::default());
    assert!(p.outcomes[..3].iter().all(|o| o.visible), "exactly 200 px and another group do not repeat");
    assert_eq!(p.outcomes[3].reason, Some(HiddenReason::Repeat));
    assert_eq!(p.outcomes[3].hidden_by, Some(Blocker::Label(0)), "the earliest placed, not the nearest");
    assert_eq!(p.stats.hidden_repeat, 1);
}
