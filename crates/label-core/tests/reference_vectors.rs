//! Published test cases of other collision libraries (fixtures/reference/obb_sat_vectors.json,
//! a copy of the shared reference file), re-read under this project's rule that touching is not
//! a collision (contract §3), plus the other facts listed in the reference README.

mod common;

use common::*;
use glam::{DVec2, Vec2};
use label_core::narrow::{circle_circle_overlap, convex_separation, obb_obb_separation, overlap_area};
use label_core::{
    Aabb, Anchor, Blocker, Circle, ConvexPolygon, Label, LabelOutcome, Obb, PlacementOptions, PolygonError, Shape,
    place,
};
use serde_json::Value;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/reference/obb_sat_vectors.json");

/// The two cases that only touch: the source libraries say "intersecting", this project says no.
const TOUCHING: [&str; 2] = ["corner-touching boxes", "issue_315 exactly touching cuboids"];

fn cases() -> Vec<Value> {
    let text = std::fs::read_to_string(FIXTURE).expect("read the reference vectors");
    let doc: Value = serde_json::from_str(&text).expect("valid JSON");
    doc["cases"].as_array().expect("a `cases` array").clone()
}

/// One side of a case: a corner list or a circle.
#[derive(Debug)]
enum Side {
    Corners(Vec<DVec2>),
    Circle(Circle),
}

fn side(v: &Value) -> Side {
    if let Some(c) = v.get("circle") {
        let (x, y) = (c["c"][0].as_f64().unwrap(), c["c"][1].as_f64().unwrap());
        let r = c["r"].as_f64().unwrap();
        return Side::Circle(Circle::new(Vec2::new(x as f32, y as f32), r as f32));
    }
    let corners = v
        .as_array()
        .expect("a corner list")
        .iter()
        .map(|p| DVec2::new(p[0].as_f64().unwrap(), p[1].as_f64().unwrap()))
        .collect();
    Side::Corners(corners)
}

/// The oriented box with these four corners, if they form a rectangle of positive size.
fn rectangle(p: &[DVec2]) -> Option<Obb> {
    if p.len() != 4 {
        return None;
    }
    let e: Vec<DVec2> = (0..4).map(|i| p[(i + 1) % 4] - p[i]).collect();
    let scale = e[0].length().max(e[1].length());
    let tol = 1e-9 * scale.max(1.0);
    let is_rect = e[0].length() > 0.0
        && e[1].length() > 0.0
        && (e[0] + e[2]).length() <= tol
        && (e[1] + e[3]).length() <= tol
        && e[0].dot(e[1]).abs() <= tol * scale;
    is_rect.then(|| {
        let center = (p[0] + p[1] + p[2] + p[3]) * 0.25;
        let axis = e[0].normalize();
        Obb { center, half: DVec2::new(e[0].length(), e[1].length()).as_vec2() * 0.5, axis: axis.as_vec2() }
    })
}

/// Every way our API can hold this side: as a convex polygon, an oriented box (when the corners
/// form a rectangle), the same box a quarter turn round, an axis-aligned box (when axis-aligned,
/// or a degenerate point box), a circle.
fn representations(s: &Side) -> Vec<(&'static str, Shape)> {
    let mut out = Vec::new();
    match s {
        Side::Circle(c) => out.push(("circle", Shape::Circle(*c))),
        Side::Corners(p) => {
            let f32s: Vec<Vec2> = p.iter().map(|q| q.as_vec2()).collect();
            if let Ok(poly) = ConvexPolygon::new(f32s.clone()) {
                out.push(("polygon", Shape::Polygon(poly)));
            }
            if let Some(o) = rectangle(p) {
                out.push(("obb", Shape::Obb(o)));
                // The same box described from its other axis.
                let turned = Obb { half: Vec2::new(o.half.y, o.half.x), axis: o.axis.perp(), ..o };
                out.push(("obb-turned", Shape::Obb(turned)));
            }
            let axis_aligned = (0..p.len()).all(|i| {
                let e = p[(i + 1) % p.len()] - p[i];
                e.x == 0.0 || e.y == 0.0
            });
            if axis_aligned {
                out.push(("aabb", Shape::Aabb(Aabb::from_points(&f32s).unwrap())));
            }
        }
    }
    out
}

fn case_by_name(name_start: &str) -> Value {
    let all = cases();
    let found: Vec<&Value> = all.iter().filter(|c| c["name"].as_str().unwrap().starts_with(name_start)).collect();
    assert_eq!(found.len(), 1, "exactly one case named {name_start:?}");
    found[0].clone()
}

/// Checks one case: every representation of `a` against every representation of `b`, both
/// argument orders, against the expected answer under our touching rule.
fn check_case(index: usize, name_start: &str) {
    let all = cases();
    let case = &all[index];
    let name = case["name"].as_str().unwrap();
    assert!(name.starts_with(name_start), "case {index} is {name:?}, expected {name_start:?}");
    let published = case["expected_intersect"].as_bool().unwrap();
    assert_eq!(case["independent_sat_result"].as_bool(), Some(published), "{name}");
    let touching = TOUCHING.iter().any(|t| name.starts_with(t));
    let expected = published && !touching;
    let (a, b) = (side(&case["a"]), side(&case["b"]));
    let (ra, rb) = (representations(&a), representations(&b));
    assert!(!ra.is_empty() && !rb.is_empty(), "{name}: no representation");
    for (ka, sa) in &ra {
        for (kb, sb) in &rb {
            assert_eq!(sa.overlaps(sb), expected, "{name}: {ka} vs {kb}");
            assert_eq!(sb.overlaps(sa), expected, "{name}: {kb} vs {ka}");
            if let Shape::Obb(o) = sb {
                assert_eq!(sa.overlaps_obb(o), expected, "{name}: {ka} vs {kb} (overlaps_obb)");
            }
            if let Shape::Obb(o) = sa {
                assert_eq!(sb.overlaps_obb(o), expected, "{name}: {kb} vs {ka} (overlaps_obb)");
            }
            // No overlap without positive overlap area, and the other way round. (A zero-area
            // shape is pinned separately: `zero_area_box_has_no_overlap_area`.)
            if sa.area() == 0.0 || sb.area() == 0.0 {
                continue;
            }
            let area = overlap_area(sa, sb);
            assert_eq!(area > 1e-6, expected, "{name}: {ka} vs {kb}: overlap area {area}");
        }
    }
}

macro_rules! reference_cases {
    ($($test:ident: $index:expr, $name:expr;)*) => {
        $(
            #[test]
            fn $test() {
                check_case($index, $name);
            }
        )*

        /// The list above holds every case of the file, each once.
        #[test]
        fn every_case_of_the_file_is_a_test() {
            let indices = [$($index),*];
            let all = cases();
            assert_eq!(all.len(), 28);
            assert_eq!(indices.len(), all.len());
            let mut sorted = indices.to_vec();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..all.len()).collect::<Vec<_>>());
        }
    };
}

reference_cases! {
    stf_identical_unit_boxes: 0, "identical unit boxes";
    stf_corner_touching_boxes_do_not_collide: 1, "corner-touching boxes";
    stf_unit_box_vs_degenerate_point_box: 2, "unit box vs degenerate point box";
    stf_unit_box_vs_far_box: 3, "unit box vs [2,3]^2";
    stf_unit_box_vs_45deg_box: 4, "unit box vs 45deg box";
    stf_unit_box_vs_minus_45deg_bar: 5, "unit box vs -45deg bar";
    kratos_bar_vs_box_at_origin: 6, "45deg bar centre (0.5,0.5)";
    kratos_bar_vs_box_above: 7, "same bar vs box centre (0,0.5)";
    sat_js_square_vs_triangle: 8, "testPolygonPolygon";
    sat_js_no_collision: 9, "No collision";
    parry_issue_315_touching_cuboids_do_not_collide: 10, "issue_315 exactly touching cuboids";
    parry_issue_315_overlapping_cuboids: 11, "issue_315 overlapping cuboids";
    parry_epa_cuboids_x: 12, "epa2 cuboid_cuboid_EPA: half(2,1) at (3.5,0)";
    parry_epa_cuboids_y: 13, "epa2 cuboid_cuboid_EPA: half(2,1) at (0,0.2)";
    parry_diagonal_pp: 14, "closest_points_cuboid_cuboid diagonal: half(1,1) at origin vs at (3.0,2.5)";
    parry_diagonal_pm: 15, "closest_points_cuboid_cuboid diagonal: half(1,1) at origin vs at (3.0,-2.5)";
    parry_diagonal_mp: 16, "closest_points_cuboid_cuboid diagonal: half(1,1) at origin vs at (-3.0,2.5)";
    parry_diagonal_mm: 17, "closest_points_cuboid_cuboid diagonal: half(1,1) at origin vs at (-3.0,-2.5)";
    parry_corner_gap_1e4: 18, "closest_points corner_touching with gap 1e-4";
    parry_ball_vs_cuboid_hit: 19, "proximity_query2d example: ball r=1 at (1,1)";
    parry_ball_vs_cuboid_miss: 20, "proximity_query2d example: ball r=1 at (3,3)";
    box2d_aabb_overlaps: 21, "b2AABB_Overlaps";
    tangram_trapezoid_contains_bbox: 22, "trapezoid entirely contains bbox";
    tangram_trapezoid_within_bbox: 23, "trapezoid entirely within bbox";
    tangram_trapezoid_partially_within: 24, "trapezoid partially within bbox";
    tangram_trapezoid_left: 25, "trapezoid left of bbox";
    tangram_trapezoid_above: 26, "trapezoid above bbox";
    tangram_trapezoid_oblique: 27, "trapezoid oblique to bbox";
}

// ---------------------------------------------------------------------------------------------
// numeric facts from the notes
// ---------------------------------------------------------------------------------------------

fn corners(case: &Value, key: &str) -> Vec<Vec2> {
    match side(&case[key]) {
        Side::Corners(p) => {
            let poly = ConvexPolygon::new(p.iter().map(|q| q.as_vec2()).collect()).unwrap();
            poly.points().to_vec()
        }
        Side::Circle(_) => panic!("not a polygon"),
    }
}

fn boxes(case: &Value) -> (Obb, Obb) {
    let get = |key: &str| match side(&case[key]) {
        Side::Corners(p) => rectangle(&p).expect("a rectangle"),
        Side::Circle(_) => panic!("not a box"),
    };
    (get("a"), get("b"))
}

#[test]
fn sat_js_overlap_of_10_is_a_separation_of_minus_10() {
    let case = case_by_name("testPolygonPolygon");
    let (a, b) = (corners(&case, "a"), corners(&case, "b"));
    assert_eq!(convex_separation(&a, &b), -10.0);
    assert_eq!(convex_separation(&b, &a), -10.0);
}

#[test]
fn parry_touching_cuboids_have_zero_separation() {
    let case = case_by_name("issue_315 exactly touching cuboids");
    let (a, b) = boxes(&case);
    assert_eq!(obb_obb_separation(&a, &b), 0.0);
    assert_eq!(convex_separation(&corners(&case, "a"), &corners(&case, "b")), 0.0);
    assert!(!a.overlaps(&b));
}

#[test]
fn parry_penetration_depths_are_negative_separations() {
    for (name, depth) in [
        ("issue_315 overlapping cuboids", -0.3),
        ("epa2 cuboid_cuboid_EPA: half(2,1) at (3.5,0)", -0.5),
        ("epa2 cuboid_cuboid_EPA: half(2,1) at (0,0.2)", -1.8),
    ] {
        let case = case_by_name(name);
        let (a, b) = boxes(&case);
        let sep = obb_obb_separation(&a, &b);
        assert!((sep - depth).abs() < 1e-5, "{name}: separation {sep}, parry depth {depth}");
        let poly = convex_separation(&corners(&case, "a"), &corners(&case, "b"));
        assert!((poly - depth).abs() < 1e-5, "{name}: polygon separation {poly}");
    }
}

#[test]
fn parry_diagonal_distances_are_the_hypotenuse_of_the_axis_gaps() {
    for sx in [1.0f32, -1.0] {
        for sy in [1.0f32, -1.0] {
            let name = format!(
                "closest_points_cuboid_cuboid diagonal: half(1,1) at origin vs at ({:.1},{:.1})",
                3.0 * sx,
                2.5 * sy
            );
            let case = case_by_name(&name);
            let (a, b) = boxes(&case);
            // The SAT gap is the larger of the two axis gaps: 1 along x, 0.5 along y.
            assert_eq!(obb_obb_separation(&a, &b), 1.0, "{name}");
            // Each axis gap on its own: slide b level with a along the other axis.
            let gap_x = obb_obb_separation(&a, &Obb { center: DVec2::new(b.center.x, 0.0), ..b });
            let gap_y = obb_obb_separation(&a, &Obb { center: DVec2::new(0.0, b.center.y), ..b });
            assert_eq!((gap_x, gap_y), (1.0, 0.5), "{name}");
            let distance = gap_x.hypot(gap_y);
            assert!((distance - 1.118_034_0).abs() < 1e-5, "{name}: {distance}");
        }
    }
}

#[test]
fn parry_corner_gap_of_1e4_is_the_separation() {
    let case = case_by_name("closest_points corner_touching with gap 1e-4");
    let (a, b) = boxes(&case);
    let sep = obb_obb_separation(&a, &b);
    assert!((sep - 1e-4).abs() < 1e-6, "separation {sep}");
    assert!(!a.overlaps(&b));
}

#[test]
fn parry_ball_cases_overlap_by_a_quarter_disk_and_nothing() {
    let hit = case_by_name("proximity_query2d example: ball r=1 at (1,1)");
    let Side::Circle(c) = side(&hit["a"]) else { panic!("a circle") };
    let Side::Corners(p) = side(&hit["b"]) else { panic!("corners") };
    let b = rectangle(&p).expect("a box");
    // The disk's centre is the box's corner: a quarter of the disk lies inside.
    let area = overlap_area(&Shape::Circle(c), &Shape::Obb(b));
    assert!((f64::from(area) - std::f64::consts::FRAC_PI_4).abs() < 1e-5, "{area}");
    let miss = case_by_name("proximity_query2d example: ball r=1 at (3,3)");
    let Side::Circle(c) = side(&miss["a"]) else { panic!("a circle") };
    assert_eq!(overlap_area(&Shape::Circle(c), &Shape::Obb(b)), 0.0);
}

#[test]
fn degenerate_point_box_is_not_a_polygon() {
    let case = case_by_name("unit box vs degenerate point box");
    let Side::Corners(p) = side(&case["b"]) else { panic!("corners") };
    let points: Vec<Vec2> = p.iter().map(|q| q.as_vec2()).collect();
    assert_eq!(ConvexPolygon::new(points), Err(PolygonError::NotConvex));
}

#[test]
fn tangram_trapezoid_areas() {
    let unit = Shape::Aabb(aabb(0.0, 0.0, 1.0, 1.0));
    let within =
        Shape::Polygon(ConvexPolygon::new(corners(&case_by_name("trapezoid entirely within bbox"), "b")).unwrap());
    assert!((overlap_area(&unit, &within) - within.area()).abs() < 1e-6);
    let contains =
        Shape::Polygon(ConvexPolygon::new(corners(&case_by_name("trapezoid entirely contains bbox"), "b")).unwrap());
    assert!((overlap_area(&unit, &contains) - 1.0).abs() < 1e-6);
}

// ---------------------------------------------------------------------------------------------
// the other facts of the reference README
// ---------------------------------------------------------------------------------------------

#[test]
fn seed_001_rotated_box_collides_with_its_neighbour() {
    // Box A: left 0, top 0, 100×100, 30° about its centre; box B: left 100, top 0, 100×100.
    let a = obb(50.0, 50.0, 50.0, 50.0, 30.0);
    let b = obb(150.0, 50.0, 50.0, 50.0, 0.0);
    assert!(a.overlaps(&b) && b.overlaps(&a));
    assert!(obb_obb_separation(&a, &b) < 0.0);
    let (pa, pb) = (Shape::Polygon(ConvexPolygon::new(a.corners().to_vec()).unwrap()), Shape::Obb(b));
    assert!(pa.overlaps(&pb) && pb.overlaps(&pa));
    // Unrotated, they only touch (seed 001, `docs/contract.md`, Sources: "相切情况不属于相交").
    let a0 = obb(50.0, 50.0, 50.0, 50.0, 0.0);
    assert!(!a0.overlaps(&b));
    // As labels: the second (lower priority) is hidden by the first.
    let labels = [
        Label::new(50.0, 50.0, 100.0, 100.0).with_angle(30.0).with_priority(1.0),
        Label::new(150.0, 50.0, 100.0, 100.0),
    ];
    let p = place(&labels, &[], &PlacementOptions::default()).unwrap();
    assert_eq!(p.outcomes[1], LabelOutcome::hidden_by(Blocker::Label(0)));
    let labels = [labels[0].clone().with_angle(0.0), labels[1].clone()];
    let p = place(&labels, &[], &PlacementOptions::default()).unwrap();
    assert!(p.outcomes.iter().all(|o| o.visible));
}

#[test]
fn tangram_two_labels_at_one_point_the_second_is_hidden() {
    let labels = [Label::new(128.0, 128.0, 10.0, 10.0), Label::new(128.0, 128.0, 10.0, 10.0)];
    let p = place(&labels, &[], &PlacementOptions::default().with_viewport(256.0, 256.0)).unwrap();
    assert_eq!(p.outcomes[0], LabelOutcome::VISIBLE);
    assert_eq!(p.outcomes[1], LabelOutcome::hidden_by(Blocker::Label(0)));
}

/// tangram-es's anchor-fallback cases, where our contract can express them: a first 10×10 label
/// to the right of (128, 128) in a 256×256 view (tangram's first anchor, `right`, is our `left`:
/// the box's left edge sits on the point), and a second label moved and anchored. Where tangram
/// needed a fallback anchor because touching boxes collide there, ours is already visible.
#[test]
fn tangram_anchor_cases() {
    let first = Label::new(128.0, 128.0, 10.0, 10.0).with_anchor(Anchor::Left);
    let cases = [
        // (dx, dy, our anchor of the second label, visible)
        (0.0, 0.0, Anchor::Left, false),
        (-1.0, 0.0, Anchor::Left, false),
        (-1.0, 0.0, Anchor::Right, true), // tangram: "1 px to the left: visible on its left anchor"
        (0.0, -10.0, Anchor::Left, true), // only touches (tangram falls back to `top`)
        (0.0, -10.0, Anchor::Bottom, true), // tangram's `top`: the box above the point
        (0.0, 10.0, Anchor::Left, true),  // only touches (tangram falls back to `bottom`)
        (0.0, 10.0, Anchor::Top, true),   // tangram's `bottom`: the box below the point
        (0.0, -9.0, Anchor::Left, false), // 1 px of overlap
        (10.0, 0.0, Anchor::Left, true),  // edge to edge along x
        (-10.0, 0.0, Anchor::Left, true),
        (10.0, 10.0, Anchor::Left, true), // corner to corner
        (9.5, 9.5, Anchor::Left, false),
    ];
    let options = PlacementOptions::default().with_viewport(256.0, 256.0);
    for (dx, dy, anchor, visible) in cases {
        let second = Label::new(128.0 + dx, 128.0 + dy, 10.0, 10.0).with_anchor(anchor);
        let p = place(&[first.clone(), second], &[], &options).unwrap();
        assert!(p.outcomes[0].visible);
        let want = if visible { LabelOutcome::VISIBLE } else { LabelOutcome::hidden_by(Blocker::Label(0)) };
        assert_eq!(p.outcomes[1], want, "second label moved by ({dx}, {dy}) with anchor {anchor}");
    }
}

#[test]
fn maplibre_grid_index_boxes_and_circles() {
    let boxes = [aabb(4.0, 10.0, 6.0, 30.0), aabb(4.0, 10.0, 30.0, 12.0), aabb(-10.0, 30.0, 5.0, 35.0)];
    let hits = |q: Aabb| -> Vec<usize> {
        (0..boxes.len()).filter(|&i| Shape::Aabb(boxes[i]).overlaps(&Shape::Aabb(q))).collect()
    };
    assert_eq!(hits(aabb(4.0, 10.0, 5.0, 11.0)), vec![0, 1]);
    assert_eq!(hits(aabb(24.0, 10.0, 25.0, 11.0)), vec![1]);
    assert_eq!(hits(aabb(40.0, 40.0, 100.0, 100.0)), Vec::<usize>::new());
    assert_eq!(hits(aabb(-6.0, 0.0, 3.0, 100.0)), vec![2]);

    let circles = [circle(50.0, 50.0, 10.0), circle(60.0, 60.0, 15.0), circle(-10.0, 110.0, 20.0)];
    let hit = |q: Circle| {
        circles.iter().any(|c| {
            let by_shape = Shape::Circle(*c).overlaps(&Shape::Circle(q));
            assert_eq!(by_shape, circle_circle_overlap(c, &q));
            by_shape
        })
    };
    assert!(hit(circle(55.0, 55.0, 2.0)));
    assert!(!hit(circle(10.0, 10.0, 10.0)));
    assert!(hit(circle(0.0, 100.0, 10.0)));
    assert!(hit(circle(80.0, 60.0, 10.0)));
}

/// A box of zero area (stf's "degenerate point box") has no area in common with anything.
#[test]
fn zero_area_box_has_no_overlap_area() {
    let unit = Shape::Aabb(aabb(0.0, 0.0, 1.0, 1.0));
    let point = Shape::Aabb(aabb(2.0, 2.0, 2.0, 2.0));
    assert!(!unit.overlaps(&point));
    assert_eq!(overlap_area(&point, &unit), 0.0);
    assert_eq!(overlap_area(&unit, &point), 0.0);
}
