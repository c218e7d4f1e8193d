//! Exact at any distance and any angle (contract §3, "Robust at any angle and any distance"):
//! two shapes collide iff they overlap by more than τ = 1/1024 px, wherever they are and
//! whatever else the document holds.
//!
//! The reference is the real geometry of the labels' own numbers, computed in double-double
//! arithmetic (`twofloat`, about 106 bits): the reading axis from the angle in degrees, each
//! box from contract §2, the SAT depth over the four axes. Its rounding (below 10⁻²⁰ px for the
//! sizes and distances here) is nothing next to τ, so it tells touching (depth 0), overlap by
//! 2τ and everything between apart. The engine must never call a pair that overlaps by τ/2 or
//! less a collision, and always one that overlaps by 2τ or more.

mod common;

use common::config;
use glam::{DVec2, Vec2};
use label_core::narrow::TOLERANCE;
use label_core::{Anchor, Blocker, Circle, ConvexPolygon, Error, Label, PlacementOptions, Segment, Shape, place};
use proptest::prelude::*;
use twofloat::TwoFloat;

// ---------------------------------------------------------------------------------------------
// The reference: a label's box and the SAT depth of two boxes, in double-double
// ---------------------------------------------------------------------------------------------

type Vec2x = [TwoFloat; 2];

fn tf(v: f64) -> TwoFloat {
    TwoFloat::from(v)
}

fn dot(a: Vec2x, b: Vec2x) -> TwoFloat {
    a[0] * b[0] + a[1] * b[1]
}

/// A label's box in real arithmetic (contract §2): centre, half extents, axes `u` and `v`.
struct ExactBox {
    center: Vec2x,
    half: Vec2x,
    u: Vec2x,
    v: Vec2x,
}

fn exact_box(l: &Label) -> ExactBox {
    let radians = tf(l.style.angle) * twofloat::consts::PI / tf(180.0);
    let (s, c) = (radians.sin(), radians.cos());
    let (u, v) = ([c, -s], [s, c]);
    let shift = l.style.anchor.shift();
    let (w, h) = (tf(l.style.width), tf(l.style.height));
    let cx = tf(l.style.offset.x) + tf(shift.x) * w;
    let cy = tf(l.style.offset.y) + tf(shift.y) * h;
    let center = [tf(l.x) + u[0] * cx + v[0] * cy, tf(l.y) + u[1] * cx + v[1] * cy];
    let pad = tf(l.style.padding);
    ExactBox { center, half: [w / tf(2.0) + pad, h / tf(2.0) + pad], u, v }
}

/// How deep two labels' boxes overlap in real arithmetic: the least, over the four SAT axes,
/// of `r_a(n) + r_b(n) − |d·n|` (negative: apart by that much).
fn exact_depth(a: &Label, b: &Label) -> f64 {
    let (p, q) = (exact_box(a), exact_box(b));
    let d = [q.center[0] - p.center[0], q.center[1] - p.center[1]];
    let radius = |bx: &ExactBox, n: Vec2x| bx.half[0] * dot(bx.u, n).abs() + bx.half[1] * dot(bx.v, n).abs();
    [p.u, p.v, q.u, q.v]
        .into_iter()
        .map(|n| f64::from(radius(&p, n) + radius(&q, n) - dot(d, n).abs()))
        .fold(f64::INFINITY, f64::min)
}

/// The engine's decision on the pair, both ways it can be asked: the boxes' test, and the
/// placement of the two labels (the second is hidden iff they collide).
fn engine_collides(a: &Label, b: &Label) -> bool {
    let boxes = a.obb().overlaps(&b.obb());
    assert_eq!(boxes, b.obb().overlaps(&a.obb()), "the test is symmetric");
    let (first, second) = (a.clone().with_priority(0.0), b.clone().with_priority(0.0));
    let placed = place(&[first, second], &[], &PlacementOptions::default()).unwrap();
    assert!(placed.outcomes[0].visible);
    assert_eq!(placed.outcomes[1].visible, !boxes, "place agrees with Obb::overlaps");
    boxes
}

/// The engine agrees with the reference away from the band around τ.
fn check_against_reference(a: &Label, b: &Label) -> Result<f64, TestCaseError> {
    let depth = exact_depth(a, b);
    let collides = engine_collides(a, b);
    if depth <= TOLERANCE / 2.0 {
        prop_assert!(!collides, "depth {depth:e} px is not a collision\n{a:?}\n{b:?}");
    }
    if depth >= 2.0 * TOLERANCE {
        prop_assert!(collides, "depth {depth:e} px is a collision\n{a:?}\n{b:?}");
    }
    Ok(depth)
}

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

/// A point anywhere from the origin to 10¹² px from it.
fn arb_far_point() -> impl Strategy<Value = DVec2> {
    (0u32..13, -1.0..1.0f64, -1.0..1.0f64).prop_map(|(e, x, y)| DVec2::new(x, y) * 10f64.powi(e as i32))
}

/// An angle: any, or one of the held-out cases' 30°, 45°, 60° (and their turns).
fn arb_angle() -> impl Strategy<Value = f64> {
    prop_oneof![-720.0..720.0f64, prop::sample::select(vec![30.0, 45.0, 60.0, -30.0, 150.0, 225.0, 300.0])]
}

/// A size as documents give it: a few decimals.
fn arb_size() -> impl Strategy<Value = f64> {
    (1.0..400.0f64).prop_map(|s| (s * 1000.0).round() / 1000.0)
}

const ABOVE: [Anchor; 3] = [Anchor::Bottom, Anchor::BottomLeft, Anchor::BottomRight];
const BELOW: [Anchor; 3] = [Anchor::Top, Anchor::TopLeft, Anchor::TopRight];
const BEFORE: [Anchor; 3] = [Anchor::Right, Anchor::TopRight, Anchor::BottomRight];
const AFTER: [Anchor; 3] = [Anchor::Left, Anchor::TopLeft, Anchor::BottomLeft];

/// Two labels at one point and one angle whose anchors put them on either side of a line
/// through the point: a name above the point and one below it (or one before it and one after
/// it along the reading axis). Their boxes touch — along an edge, or at a corner — and
/// `into` px of offset pushes the second one into the first.
fn arb_complementary_pair(into: f64) -> impl Strategy<Value = (Label, Label)> {
    (arb_far_point(), arb_angle(), arb_size(), arb_size(), arb_size(), arb_size(), any::<bool>(), 0usize..3, 0usize..3)
        .prop_map(move |(p, angle, w1, h1, w2, h2, stacked, i, j)| {
            let (first, second, offset) =
                if stacked { (ABOVE[i], BELOW[j], [0.0, -into]) } else { (BEFORE[i], AFTER[j], [-into, 0.0]) };
            let a = Label::new(p.x, p.y, w1, h1).with_angle(angle).with_anchor(first);
            let b =
                Label::new(p.x, p.y, w2, h2).with_angle(angle).with_anchor(second).with_offset(offset[0], offset[1]);
            (a, b)
        })
}

/// Two boxes side by side sharing (part of) an edge in the labels' own frame — the second's
/// offset is the first's plus the sum of their half widths, or heights — both turned by one
/// angle about one anchor point.
fn arb_edge_sharing_pair() -> impl Strategy<Value = (Label, Label)> {
    (arb_far_point(), arb_angle(), arb_size(), arb_size(), arb_size(), arb_size(), -1.0..1.0f64, any::<bool>())
        .prop_map(|(p, angle, w1, h1, w2, h2, slide, across)| {
            let (ox, oy) = (w1 / 3.0, -h1 / 5.0);
            let (dx, dy) = if across {
                ((w1 + w2) / 2.0, slide * (h1 + h2) / 2.0)
            } else {
                (slide * (w1 + w2) / 2.0, (h1 + h2) / 2.0)
            };
            let a = Label::new(p.x, p.y, w1, h1).with_angle(angle).with_offset(ox, oy);
            let b = Label::new(p.x, p.y, w2, h2).with_angle(angle).with_offset(ox + dx, oy + dy);
            (a, b)
        })
}

/// A label near `at` (within a few hundred px), of any size, angle, anchor and padding.
fn arb_label_near(at: DVec2) -> impl Strategy<Value = Label> {
    (
        -150.0..150.0f64,
        -150.0..150.0f64,
        arb_size(),
        (1.0..60.0f64),
        arb_angle(),
        0usize..9,
        -5.0..5.0f64,
        prop_oneof![Just(0.0), 0.0..3.0f64],
        -3.0..3.0f64,
    )
        .prop_map(move |(x, y, w, h, angle, anchor, priority, padding, dx)| {
            Label::new(at.x + x, at.y + y, w, h)
                .with_angle(angle)
                .with_anchor(Anchor::ALL[anchor])
                .with_priority(priority.round())
                .with_padding(padding)
                .with_offset(dx, 0.0)
        })
}

// ---------------------------------------------------------------------------------------------
// Touching never collides, 2τ always does
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(768))]

    /// Complementary anchors at one point, any angle, anywhere up to 10¹² px: they touch.
    #[test]
    fn complementary_anchors_touch((a, b) in arb_complementary_pair(0.0)) {
        let depth = check_against_reference(&a, &b)?;
        prop_assert!(depth.abs() < 1e-12 * a.x.abs().max(1.0), "not touching in real arithmetic: {depth:e}");
    }

    /// The same pairs pushed 2τ into each other: they collide — unless they meet only at a
    /// corner (`bottom-left` above `top-right`), which the push leaves touching.
    #[test]
    fn complementary_anchors_two_tau_into_each_other_collide((a, b) in arb_complementary_pair(2.0 * TOLERANCE)) {
        let depth = check_against_reference(&a, &b)?;
        prop_assert!((depth - 2.0 * TOLERANCE).abs() < 1e-9 || depth.abs() < 1e-9, "depth {depth:e}");
    }

    /// Boxes sharing an edge after a rotation about a common point: they touch (to the
    /// rounding of their f64 offsets, far below τ).
    #[test]
    fn edge_sharing_boxes_touch((a, b) in arb_edge_sharing_pair()) {
        let depth = check_against_reference(&a, &b)?;
        prop_assert!(depth.abs() < 1e-9, "depth {depth:e}");
    }

    /// Any two labels near each other, anywhere: the engine agrees with the reference.
    #[test]
    fn random_pairs_agree_with_the_reference(
        (a, b) in arb_far_point().prop_flat_map(|p| (arb_label_near(p), arb_label_near(p))),
    ) {
        check_against_reference(&a, &b)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Decisions independent of far-away labels
// ---------------------------------------------------------------------------------------------

/// A cluster of labels around `at`, and far-away labels 10³ to 10¹² px from it (in every
/// direction, some of them in far-away clusters of their own), interleaved into one document.
/// Returns the document and, for each of its labels, its index in the cluster, if it is one.
fn arb_document_with_far_labels() -> impl Strategy<Value = (Vec<Label>, Vec<Label>, Vec<Option<usize>>)> {
    (0u32..10, -1.0..1.0f64)
        .prop_map(|(e, x)| DVec2::new(x, -x / 2.0) * 10f64.powi(e as i32))
        .prop_flat_map(|at| {
            let cluster = prop::collection::vec(arb_label_near(at), 5..60);
            let far_spot = (3u32..13, 0.0..std::f64::consts::TAU, 1.0..9.0f64)
                .prop_map(move |(e, turn, k)| at + DVec2::from_angle(turn) * (k * 10f64.powi(e as i32) + 1000.0));
            let far =
                prop::collection::vec(far_spot.prop_flat_map(|p| prop::collection::vec(arb_label_near(p), 1..4)), 1..6);
            (cluster, far, any::<u64>())
        })
        .prop_map(|(cluster, far, shuffle)| {
            let far: Vec<Label> = far.into_iter().flatten().collect();
            // Interleave: a far label before cluster label k when the shuffle's bit says so.
            let (mut doc, mut which) = (Vec::new(), Vec::new());
            let mut far_iter = far.iter();
            for (k, l) in cluster.iter().enumerate() {
                if (shuffle >> (k % 64)) & 1 == 1
                    && let Some(f) = far_iter.next()
                {
                    doc.push(f.clone());
                    which.push(None);
                }
                doc.push(l.clone());
                which.push(Some(k));
            }
            for f in far_iter {
                doc.push(f.clone());
                which.push(None);
            }
            (cluster, doc, which)
        })
}

proptest! {
    #![proptest_config(config(256))]

    /// A cluster placed alone, and inside a document with far-away labels: every label of the
    /// cluster gets the same decision, hidden by the same label.
    #[test]
    fn far_away_labels_change_no_decision((cluster, doc, which) in arb_document_with_far_labels()) {
        let options = PlacementOptions::default();
        let alone = place(&cluster, &[], &options).unwrap();
        let inside = place(&doc, &[], &options).unwrap();
        for (d, k) in which.iter().enumerate() {
            let Some(k) = *k else { continue };
            let got = inside.outcomes[d];
            let want = alone.outcomes[k];
            prop_assert_eq!(got.visible, want.visible, "cluster label {} ({:?})", k, cluster[k]);
            let blocker = got.hidden_by.map(|b| match b {
                Blocker::Label(i) => Blocker::Label(which[i as usize].expect("hidden by a far label") as u32),
                other => other,
            });
            prop_assert_eq!(blocker, want.hidden_by, "cluster label {}", k);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Every shape pair: touching at any angle is not a collision, 2τ is
// ---------------------------------------------------------------------------------------------

/// A box turned by `angle` and shapes that touch it from outside along its `v` side, and the
/// same shapes pushed `into` px in: a circle tangent to the side, a segment along it, the
/// neighbouring box as a polygon, an axis-aligned box against an upright one.
fn touching_shapes(center: DVec2, half: Vec2, angle: f64, into: f64) -> (Shape, Vec<Shape>) {
    let label = Label::new(center.x, center.y, f64::from(half.x) * 2.0, f64::from(half.y) * 2.0).with_angle(angle);
    let me = label.obb();
    let v = me.v().as_dvec2();
    let u = me.u().as_dvec2();
    let edge = me.center + v * (f64::from(half.y) - into);
    let radius = 3.0;
    let circle = Circle::new((edge + v * radius).as_vec2(), radius as f32);
    let segment = Segment::new((edge - u * 2.0).as_vec2(), (edge + u * 2.0).as_vec2());
    let next = label.with_offset(0.0, f64::from(half.y) * 2.0 - into).obb();
    let polygon = ConvexPolygon::new(next.corners().to_vec()).unwrap();
    (Shape::Obb(me), vec![Shape::Circle(circle), Shape::Segment(segment), Shape::Polygon(polygon), Shape::Obb(next)])
}

proptest! {
    #![proptest_config(config(512))]

    /// Near the origin (obstacles are f32 shapes), at any angle.
    #[test]
    fn every_shape_pair_touching_is_not_a_collision(
        x in -500.0..500.0f64, y in -500.0..500.0f64,
        hx in 1.0..100.0f32, hy in 1.0..100.0f32,
        angle in arb_angle(),
    ) {
        let (me, touching) = touching_shapes(DVec2::new(x, y), Vec2::new(hx, hy), angle, 0.0);
        for other in &touching {
            prop_assert!(!me.overlaps(other), "{me:?} touches {other:?}");
            prop_assert!(!other.overlaps(&me));
            prop_assert!(!other.overlaps_obb(&Label::new(x, y, f64::from(hx) * 2.0, f64::from(hy) * 2.0).with_angle(angle).obb()));
        }
        let (me, into) = touching_shapes(DVec2::new(x, y), Vec2::new(hx, hy), angle, 2.0 * TOLERANCE);
        for other in &into {
            prop_assert!(me.overlaps(other), "{me:?} is 2τ into {other:?}");
            prop_assert!(other.overlaps(&me));
        }
    }
}

#[test]
fn upright_boxes_and_circles_touching_or_two_tau_in() {
    use label_core::Aabb;
    let a = Aabb::from_corners(Vec2::new(0.0, 0.0), Vec2::new(10.0, 10.0));
    let tau = TOLERANCE as f32;
    for (dx, collide) in [(0.0, false), (tau / 2.0, false), (2.0 * tau, true)] {
        let b = Aabb::from_corners(Vec2::new(10.0 - dx, 3.0), Vec2::new(20.0, 4.0));
        assert_eq!(Shape::Aabb(a).overlaps(&Shape::Aabb(b)), collide, "{dx}");
        let c = Circle::new(Vec2::new(12.0 - dx, 5.0), 2.0);
        assert_eq!(Shape::Aabb(a).overlaps(&Shape::Circle(c)), collide, "{dx}");
        let d = Circle::new(Vec2::new(16.0 - 2.0 * dx, 5.0), 2.0);
        assert_eq!(Shape::Circle(c).overlaps(&Shape::Circle(d)), collide, "{dx}");
    }
}

// ---------------------------------------------------------------------------------------------
// The held-out cases, pinned
// ---------------------------------------------------------------------------------------------

/// `a` at x = 0 and `b` at x = 100, 10 px wide: both shown, with or without a label at 10¹²
/// (it used to hide `b` behind `a`: the boxes were f32 around the document's mean point).
#[test]
fn a_label_at_1e12_changes_nothing_near_the_origin() {
    let a = Label::new(0.0, 0.0, 10.0, 10.0);
    let b = Label::new(100.0, 0.0, 10.0, 10.0);
    let c = Label::new(1e12, 0.0, 10.0, 10.0);
    let p = place(&[a, b, c], &[], &PlacementOptions::default()).unwrap();
    assert!(p.outcomes.iter().all(|o| o.visible), "{:?}", p.outcomes);
}

/// A name above a point (`bottom`) and one below it (`top`), same point and angle: their boxes
/// share an edge exactly, so both are shown (198 of 600 random angles used to hide one).
#[test]
fn bottom_and_top_at_30_45_60_degrees_both_show() {
    for angle in [30.0, 45.0, 60.0] {
        for at in [DVec2::new(0.0, 0.0), DVec2::new(437.25, 96.5), DVec2::new(1e9, -3e8)] {
            let above = Label::new(at.x, at.y, 73.4, 15.2).with_angle(angle).with_anchor(Anchor::Bottom);
            let below = Label::new(at.x, at.y, 51.9, 15.2).with_angle(angle).with_anchor(Anchor::Top);
            let p = place(&[above, below], &[], &PlacementOptions::default()).unwrap();
            assert!(p.outcomes.iter().all(|o| o.visible), "{angle}° at {at}: {:?}", p.outcomes);
        }
    }
}

/// Sizes that underflow f32 (10⁻⁴⁶, 10⁻³¹⁰) used to make two identical labels both shown;
/// they are refused, naming the field.
#[test]
fn sizes_too_small_to_represent_are_refused() {
    for (width, height, field) in [(1e-46, 5.0, "width"), (5.0, 1e-310, "height")] {
        let l = Label::new(0.0, 0.0, width, height);
        match place(&[l.clone(), l], &[], &PlacementOptions::default()) {
            Err(Error::InvalidLabel { index: 0, field: f, .. }) => assert_eq!(f, field),
            other => panic!("{width} x {height}: {other:?}"),
        }
    }
    // The smallest accepted size still collides with its twin.
    let tiny = label_core::limits::MIN_SIZE;
    let l = Label::new(0.0, 0.0, 5.0, tiny).with_padding(1.0);
    let p = place(&[l.clone(), l], &[], &PlacementOptions::default()).unwrap();
    assert!(!p.outcomes[1].visible);
}

/// A tolerated overlap area is measured as precisely 10⁹ px from the origin as near it.
#[test]
fn tolerated_overlap_area_far_from_the_origin() {
    for x in [0.0, 1e9, -3e12] {
        // 20×10 boxes overlapping by 2 px along x: 20 px² in common.
        let a = Label::new(x, 5.0, 20.0, 10.0).with_angle(30.0);
        let b = a.clone().with_offset(18.0, 0.0);
        for (area, hidden) in [(19.0, true), (21.0, false)] {
            let options = PlacementOptions::default().with_max_overlap_area(area);
            let p = place(&[a.clone(), b.clone()], &[], &options).unwrap();
            assert_eq!(p.outcomes[1].visible, !hidden, "at {x}, tolerating {area} px²");
        }
    }
}
