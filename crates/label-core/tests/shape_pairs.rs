//! Every pair of shape kinds (AABB, OBB, circle, convex polygon, segment: 15 unordered pairs) in
//! a table: clearly overlapping, clearly apart, exactly touching along an edge and at a corner
//! (not a collision, contract §3), and containment (a collision). Two segments along one line
//! share a stretch without depth: touching, not a collision (the overlap must be deeper than τ).

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::*;
use glam::Vec2;
use label_core::narrow::overlap_area;
use label_core::{Aabb, Obb, Shape};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Overlap,
    Apart,
    TouchEdge,
    TouchCorner,
    Contain,
    /// Two segments sharing a stretch of one line (collinear overlap or containment): no depth.
    Along,
}

impl Kind {
    fn collides(self) -> bool {
        matches!(self, Kind::Overlap | Kind::Contain)
    }
}

struct Row {
    name: &'static str,
    kind: Kind,
    a: Shape,
    b: Shape,
}

fn row(name: &'static str, kind: Kind, a: impl Into<S>, b: impl Into<S>) -> Row {
    Row { name, kind, a: a.into().0, b: b.into().0 }
}

/// Lets the table name shapes without wrapping each in `Shape::…`.
struct S(Shape);

impl From<Aabb> for S {
    fn from(b: Aabb) -> Self {
        S(Shape::Aabb(b))
    }
}
impl From<Obb> for S {
    fn from(b: Obb) -> Self {
        S(Shape::Obb(b))
    }
}
impl From<label_core::Circle> for S {
    fn from(c: label_core::Circle) -> Self {
        S(Shape::Circle(c))
    }
}
impl From<label_core::ConvexPolygon> for S {
    fn from(p: label_core::ConvexPolygon) -> Self {
        S(Shape::Polygon(p))
    }
}
impl From<label_core::Segment> for S {
    fn from(s: label_core::Segment) -> Self {
        S(Shape::Segment(s))
    }
}

fn table() -> Vec<Row> {
    use Kind::*;
    let sq = aabb(0.0, 0.0, 2.0, 2.0); // the square [0,2]²
    let tri = || poly(&[(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)]);
    let bar = obb(0.0, 0.0, 10.0, 1.0, 45.0);
    let tilted = obb(0.0, 0.0, 2.0, 1.0, 30.0);
    vec![
        // --- aabb × aabb
        row("aabb/aabb overlap", Overlap, sq, aabb(1.0, 1.0, 3.0, 3.0)),
        row("aabb/aabb identical", Overlap, sq, sq),
        row("aabb/aabb apart", Apart, sq, aabb(3.0, 0.0, 5.0, 2.0)),
        row("aabb/aabb edge", TouchEdge, sq, aabb(2.0, 0.0, 4.0, 2.0)),
        row("aabb/aabb edge, offset", TouchEdge, sq, aabb(-1.0, 2.0, 1.0, 3.0)),
        row("aabb/aabb corner", TouchCorner, sq, aabb(2.0, 2.0, 4.0, 4.0)),
        row("aabb/aabb contain", Contain, aabb(0.0, 0.0, 4.0, 4.0), aabb(1.0, 1.0, 2.0, 2.0)),
        row("aabb/aabb contain, shared edge", Contain, sq, aabb(0.0, 0.5, 1.0, 1.5)),
        // --- aabb × obb
        row("aabb/obb overlap, 45°", Overlap, sq, obb(2.5, 1.0, 1.0, 1.0, 45.0)),
        row("aabb/obb apart, 30°", Apart, sq, obb(5.0, 1.0, 1.0, 1.0, 30.0)),
        row("aabb/obb apart, bounds overlap", Apart, sq, obb(3.2, 3.2, 2.0, 0.3, 45.0)),
        row("aabb/obb edge, 90°", TouchEdge, sq, obb(3.0, 1.0, 1.0, 1.0, 90.0)),
        row("aabb/obb edge, 180°", TouchEdge, sq, obb(1.0, 3.0, 3.0, 1.0, 180.0)),
        row("aabb/obb corner, 270°", TouchCorner, sq, obb(3.0, 3.0, 1.0, 1.0, 270.0)),
        row("aabb/obb contain", Contain, aabb(0.0, 0.0, 10.0, 10.0), obb(5.0, 5.0, 2.0, 1.0, 33.0)),
        row("obb/aabb contain", Contain, obb(0.0, 0.0, 10.0, 10.0, 45.0), aabb(-1.0, -1.0, 1.0, 1.0)),
        // --- aabb × circle
        row("aabb/circle overlap", Overlap, sq, circle(2.5, 1.0, 1.0)),
        row("aabb/circle apart", Apart, sq, circle(4.0, 1.0, 1.0)),
        row("aabb/circle apart near corner, bounds overlap", Apart, sq, circle(2.7, 2.7, 0.9)),
        row("aabb/circle edge", TouchEdge, sq, circle(3.0, 1.0, 1.0)),
        row("aabb/circle corner (3-4-5)", TouchCorner, sq, circle(5.0, 6.0, 5.0)),
        row("aabb/circle contain circle", Contain, sq, circle(1.0, 1.0, 0.5)),
        row("aabb/circle contain box", Contain, sq, circle(1.0, 1.0, 5.0)),
        // --- aabb × polygon
        row("aabb/polygon overlap", Overlap, sq, poly(&[(1.0, 1.0), (4.0, 1.0), (1.0, 4.0)])),
        row("aabb/polygon apart", Apart, sq, poly(&[(3.0, 0.0), (5.0, 0.0), (3.0, 2.0)])),
        row("aabb/polygon apart, bounds overlap", Apart, sq, poly(&[(1.5, 3.0), (3.0, 1.5), (4.0, 4.0)])),
        row("aabb/polygon edge", TouchEdge, sq, poly(&[(2.0, 0.0), (4.0, 0.0), (2.0, 2.0)])),
        row("aabb/polygon corner", TouchCorner, sq, poly(&[(2.0, 2.0), (4.0, 2.0), (2.0, 4.0)])),
        row("aabb/polygon corner on a diagonal edge", TouchCorner, sq, poly(&[(1.0, 3.0), (3.0, 1.0), (4.0, 4.0)])),
        row("aabb/polygon contain polygon", Contain, sq, poly(&[(0.5, 0.5), (1.5, 0.5), (0.5, 1.5)])),
        row("aabb/polygon contain box", Contain, sq, poly(&[(-1.0, -1.0), (10.0, -1.0), (-1.0, 10.0)])),
        // --- aabb × segment
        row("aabb/segment crossing", Overlap, sq, seg(-1.0, 1.0, 3.0, 1.0)),
        row("aabb/segment half in", Overlap, sq, seg(1.0, 1.0, 5.0, 1.0)),
        row("aabb/segment apart", Apart, sq, seg(3.0, 0.0, 3.0, 2.0)),
        row("aabb/segment along an edge", TouchEdge, sq, seg(-1.0, 0.0, 3.0, 0.0)),
        row("aabb/segment on an edge", TouchEdge, sq, seg(2.0, 0.0, 2.0, 2.0)),
        row("aabb/segment end on an edge", TouchEdge, sq, seg(2.0, 1.0, 4.0, 1.0)),
        row("aabb/segment through a corner", TouchCorner, sq, seg(1.0, 3.0, 3.0, 1.0)),
        row("aabb/segment contain", Contain, sq, seg(0.5, 0.5, 1.5, 1.5)),
        // --- obb × obb
        row("obb/obb overlap", Overlap, tilted, obb(1.0, 1.0, 2.0, 1.0, -20.0)),
        row("obb/obb apart", Apart, obb(0.0, 0.0, 2.0, 1.0, 45.0), obb(10.0, 0.0, 2.0, 1.0, 45.0)),
        row("obb/obb apart, side by side bars", Apart, bar, bar.translate(bar.v().as_dvec2() * 2.5)),
        row("obb/obb edge, 90° vs 180°", TouchEdge, obb(0.0, 0.0, 1.0, 1.0, 90.0), obb(2.0, 0.0, 1.0, 1.0, 180.0)),
        row("obb/obb edge, 0° vs 90°", TouchEdge, obb(0.0, 0.0, 2.0, 1.0, 0.0), obb(0.0, 2.0, 1.0, 2.0, 90.0)),
        row("obb/obb corner", TouchCorner, obb(0.0, 0.0, 1.0, 1.0, 0.0), obb(2.0, 2.0, 1.0, 1.0, 180.0)),
        row("obb/obb contain", Contain, obb(0.0, 0.0, 10.0, 10.0, 17.0), obb(1.0, 1.0, 1.0, 0.5, -40.0)),
        // --- obb × circle
        row("obb/circle overlap at the end", Overlap, bar, circle(bar.u().x * 10.5, bar.u().y * 10.5, 1.0)),
        row("obb/circle apart beside", Apart, bar, circle(bar.v().x * 3.0, bar.v().y * 3.0, 1.9)),
        row("obb/circle edge", TouchEdge, obb(0.0, 0.0, 2.0, 1.0, 90.0), circle(2.0, 0.0, 1.0)),
        row("obb/circle corner (3-4-5)", TouchCorner, obb(0.0, 0.0, 1.0, 1.0, 180.0), circle(4.0, 5.0, 5.0)),
        row("obb/circle contain circle", Contain, obb(0.0, 0.0, 2.0, 2.0, 30.0), circle(0.0, 0.0, 0.5)),
        row("obb/circle contain box", Contain, obb(0.0, 0.0, 1.0, 1.0, 30.0), circle(0.0, 0.0, 5.0)),
        // --- obb × polygon
        row("obb/polygon overlap", Overlap, tilted, tri()),
        row("obb/polygon apart", Apart, tilted, poly(&[(10.0, 10.0), (12.0, 10.0), (10.0, 12.0)])),
        row("obb/polygon edge", TouchEdge, obb(1.0, 1.0, 1.0, 1.0, 90.0), poly(&[(2.0, 0.0), (4.0, 0.0), (2.0, 2.0)])),
        row(
            "obb/polygon corner",
            TouchCorner,
            obb(1.0, 1.0, 1.0, 1.0, 180.0),
            poly(&[(2.0, 2.0), (4.0, 2.0), (2.0, 4.0)]),
        ),
        row(
            "obb/polygon contain box",
            Contain,
            obb(0.0, 0.0, 1.0, 1.0, 45.0),
            poly(&[(-3.0, -3.0), (3.0, -3.0), (4.0, 0.0), (3.0, 3.0), (-3.0, 3.0)]),
        ),
        row("obb/polygon contain polygon", Contain, tilted, poly(&[(-0.5, -0.2), (0.5, -0.2), (0.0, 0.3)])),
        // --- obb × segment
        row("obb/segment crossing", Overlap, tilted, seg(-5.0, 0.0, 5.0, 0.0)),
        row("obb/segment apart", Apart, tilted, seg(0.0, 5.0, 5.0, 5.0)),
        row("obb/segment along an edge", TouchEdge, obb(0.0, 0.0, 1.0, 1.0, 90.0), seg(-3.0, 1.0, 3.0, 1.0)),
        row("obb/segment through a corner", TouchCorner, obb(0.0, 0.0, 1.0, 1.0, 270.0), seg(0.0, 2.0, 2.0, 0.0)),
        row("obb/segment contain", Contain, tilted, seg(-0.5, 0.0, 0.5, 0.2)),
        // --- circle × circle
        row("circle/circle overlap", Overlap, circle(0.0, 0.0, 1.0), circle(1.5, 0.0, 1.0)),
        row("circle/circle identical", Overlap, circle(3.0, 3.0, 1.0), circle(3.0, 3.0, 1.0)),
        row("circle/circle apart", Apart, circle(0.0, 0.0, 1.0), circle(3.0, 0.0, 1.0)),
        row("circle/circle touch", TouchEdge, circle(0.0, 0.0, 1.0), circle(3.0, 0.0, 2.0)),
        row("circle/circle touch (3-4-5)", TouchEdge, circle(0.0, 0.0, 2.0), circle(3.0, 4.0, 3.0)),
        row("circle/circle contain", Contain, circle(0.0, 0.0, 5.0), circle(1.0, 1.0, 1.0)),
        row("circle/circle concentric", Contain, circle(0.0, 0.0, 5.0), circle(0.0, 0.0, 1.0)),
        // --- circle × polygon
        row("circle/polygon overlap", Overlap, circle(2.0, 2.5, 0.5), tri()),
        row("circle/polygon apart", Apart, circle(5.0, 5.0, 1.0), tri()),
        row("circle/polygon edge", TouchEdge, circle(2.0, -1.0, 1.0), tri()),
        row("circle/polygon corner (3-4-5)", TouchCorner, circle(7.0, -4.0, 5.0), tri()),
        row("circle/polygon contain circle", Contain, circle(1.0, 1.0, 0.5), tri()),
        row("circle/polygon contain polygon", Contain, circle(1.0, 1.0, 10.0), tri()),
        // --- circle × segment
        row("circle/segment crossing", Overlap, circle(0.0, 0.0, 1.0), seg(-2.0, 0.5, 2.0, 0.5)),
        row("circle/segment apart", Apart, circle(0.0, 0.0, 1.0), seg(2.0, 0.0, 3.0, 0.0)),
        row("circle/segment tangent", TouchEdge, circle(0.0, 0.0, 1.0), seg(-2.0, 1.0, 2.0, 1.0)),
        row("circle/segment end on the circle", TouchCorner, circle(0.0, 0.0, 1.0), seg(1.0, 0.0, 3.0, 0.0)),
        row("circle/segment end on the circle (3-4-5)", TouchCorner, circle(0.0, 0.0, 5.0), seg(3.0, 4.0, 6.0, 8.0)),
        row("circle/segment contain", Contain, circle(0.0, 0.0, 1.0), seg(-0.5, 0.0, 0.5, 0.2)),
        // --- polygon × polygon
        row(
            "polygon/polygon overlap (sat-js)",
            Overlap,
            poly(&[(0.0, 0.0), (40.0, 0.0), (40.0, 40.0), (0.0, 40.0)]),
            poly(&[(30.0, 0.0), (60.0, 0.0), (30.0, 30.0)]),
        ),
        row("polygon/polygon apart", Apart, tri(), poly(&[(3.0, 3.0), (6.0, 3.0), (3.0, 6.0)])),
        row("polygon/polygon diagonal edge", TouchEdge, tri(), poly(&[(4.0, 0.0), (4.0, 4.0), (0.0, 4.0)])),
        row("polygon/polygon axis edge", TouchEdge, tri(), poly(&[(0.0, 0.0), (3.0, -2.0), (4.0, 0.0)])),
        row("polygon/polygon corner", TouchCorner, tri(), poly(&[(4.0, 0.0), (6.0, 0.0), (5.0, -2.0)])),
        row(
            "polygon/polygon contain",
            Contain,
            poly(&[(-5.0, -5.0), (5.0, -5.0), (6.0, 0.0), (5.0, 5.0), (-5.0, 5.0)]),
            tri(),
        ),
        // --- polygon × segment
        row("polygon/segment crossing", Overlap, tri(), seg(-1.0, 1.0, 5.0, 1.0)),
        row("polygon/segment apart", Apart, tri(), seg(3.0, 3.0, 6.0, 3.0)),
        row("polygon/segment on the diagonal edge", TouchEdge, tri(), seg(4.0, 0.0, 0.0, 4.0)),
        row("polygon/segment along the diagonal edge", TouchEdge, tri(), seg(5.0, -1.0, -1.0, 5.0)),
        row("polygon/segment through a corner", TouchCorner, tri(), seg(3.0, -1.0, 5.0, 1.0)),
        row("polygon/segment contain", Contain, tri(), seg(0.5, 0.5, 1.0, 1.0)),
        // --- segment × segment
        row("segment/segment crossing", Overlap, seg(0.0, 0.0, 4.0, 4.0), seg(0.0, 4.0, 4.0, 0.0)),
        row("segment/segment collinear overlap", Along, seg(0.0, 0.0, 4.0, 0.0), seg(3.0, 0.0, 6.0, 0.0)),
        row("segment/segment parallel", Apart, seg(0.0, 0.0, 4.0, 0.0), seg(0.0, 1.0, 4.0, 1.0)),
        row("segment/segment lines cross, segments do not", Apart, seg(0.0, 0.0, 1.0, 0.0), seg(2.0, -1.0, 2.0, 1.0)),
        row("segment/segment collinear apart", Apart, seg(0.0, 0.0, 1.0, 1.0), seg(2.0, 2.0, 3.0, 3.0)),
        row("segment/segment T-junction", TouchEdge, seg(0.0, 0.0, 2.0, 0.0), seg(1.0, 0.0, 1.0, 1.0)),
        row("segment/segment collinear end to end", TouchEdge, seg(0.0, 0.0, 4.0, 0.0), seg(4.0, 0.0, 6.0, 0.0)),
        row("segment/segment shared end", TouchCorner, seg(0.0, 0.0, 1.0, 1.0), seg(1.0, 1.0, 2.0, 0.0)),
        row("segment/segment contain", Along, seg(0.0, 0.0, 4.0, 4.0), seg(1.0, 1.0, 2.0, 2.0)),
        row("segment/segment identical", Along, seg(1.0, 2.0, 3.0, 7.0), seg(3.0, 7.0, 1.0, 2.0)),
    ]
}

/// Exactly equal descriptions of the same shape (every corner the same in f32): an AABB as an
/// unrotated OBB, as the OBB a quarter, half or three quarter turn round, and as a polygon in
/// both windings; a quarter-turn OBB as a polygon.
fn equivalents(s: &Shape) -> Vec<Shape> {
    let mut out = vec![s.clone()];
    let as_polygons = |corners: Vec<Vec2>| {
        let mut reversed = corners.clone();
        reversed.reverse();
        [corners, reversed]
            .into_iter()
            .map(|c| Shape::Polygon(label_core::ConvexPolygon::new(c).unwrap()))
            .collect::<Vec<_>>()
    };
    match s {
        Shape::Aabb(b) => {
            let (c, h) = (b.center(), b.half_extents());
            out.push(Shape::Obb(Obb::from_aabb(b)));
            for deg in [90.0, 180.0, 270.0] {
                let half = if deg == 180.0 { h } else { Vec2::new(h.y, h.x) };
                out.push(Shape::Obb(Obb::from_center_half_extents_angle(c, half, deg)));
            }
            out.extend(as_polygons(b.corners().to_vec()));
        }
        Shape::Obb(o) if o.axis.x == 0.0 || o.axis.y == 0.0 => {
            out.extend(as_polygons(o.corners().to_vec()));
        }
        _ => {}
    }
    out
}

#[test]
fn every_row_of_the_table() {
    let mut failures = Vec::new();
    for r in table() {
        let want = r.kind.collides();
        for a in equivalents(&r.a) {
            for b in equivalents(&r.b) {
                for (x, y, order) in [(&a, &b, "a, b"), (&b, &a, "b, a")] {
                    if x.overlaps(y) != want {
                        failures.push(format!(
                            "{} ({:?}, {order}: {} vs {}): expected {want}",
                            r.name,
                            r.kind,
                            kind(x),
                            kind(y)
                        ));
                    }
                    if let Shape::Obb(o) = y
                        && x.overlaps_obb(o) != want
                    {
                        failures.push(format!("{} ({order}, overlaps_obb): expected {want}", r.name));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn overlap_area_agrees_with_the_table() {
    let mut failures = Vec::new();
    for r in table() {
        let area = overlap_area(&r.a, &r.b);
        let has_area = |s: &Shape| !matches!(s, Shape::Segment(_));
        if !has_area(&r.a) || !has_area(&r.b) {
            if area != 0.0 {
                failures.push(format!("{}: a segment has no area, got {area}", r.name));
            }
            continue;
        }
        let smaller = r.a.area().min(r.b.area());
        let ok = match r.kind {
            Kind::Apart | Kind::TouchEdge | Kind::TouchCorner | Kind::Along => area <= 1e-6 * smaller,
            Kind::Overlap => area > 1e-3 * smaller && area < smaller * (1.0 + 1e-5),
            Kind::Contain => (area - smaller).abs() <= 1e-4 * smaller,
        };
        if !ok {
            failures.push(format!("{} ({:?}): overlap area {area}, smaller area {smaller}", r.name, r.kind));
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// The table really covers the 15 unordered pairs of kinds, each with an overlapping, an apart,
/// a touching and a containing row — and, where boxes or polygons meet boxes or polygons, both
/// edge and corner touching.
#[test]
fn the_table_covers_every_pair_of_kinds() {
    let kinds = ["aabb", "obb", "circle", "polygon", "segment"];
    let mut covered: BTreeMap<(&str, &str), BTreeSet<Kind>> = BTreeMap::new();
    for r in table() {
        let (x, y) = (kind(&r.a), kind(&r.b));
        let key =
            if kinds.iter().position(|k| *k == x) <= kinds.iter().position(|k| *k == y) { (x, y) } else { (y, x) };
        covered.entry(key).or_default().insert(r.kind);
    }
    let mut missing = Vec::new();
    for (i, x) in kinds.iter().enumerate() {
        for y in &kinds[i..] {
            let set = covered.get(&(*x, *y)).cloned().unwrap_or_default();
            let polygonal = |k: &str| matches!(k, "aabb" | "obb" | "polygon");
            let contain = if (*x, *y) == ("segment", "segment") { Kind::Along } else { Kind::Contain };
            let mut needed = vec![Kind::Overlap, Kind::Apart, contain];
            if polygonal(x) && polygonal(y) {
                needed.extend([Kind::TouchEdge, Kind::TouchCorner]);
            }
            for k in needed {
                if !set.contains(&k) {
                    missing.push(format!("{x}/{y}: {k:?}"));
                }
            }
            if !set.contains(&Kind::TouchEdge) && !set.contains(&Kind::TouchCorner) {
                missing.push(format!("{x}/{y}: touching"));
            }
        }
    }
    assert_eq!(covered.len(), 15, "pairs covered: {:?}", covered.keys().collect::<Vec<_>>());
    assert!(missing.is_empty(), "missing rows: {missing:?}");
}

/// Just past touching either way: 1/1024 px apart does not collide, nor does an overlap of
/// τ = 1/1024 px (the rule is "deeper than τ"); 2τ of overlap does — for every kind against a
/// box.
#[test]
fn a_hair_either_side_of_touching() {
    let e = 1.0 / 1024.0;
    let sq = Shape::Aabb(aabb(0.0, 0.0, 2.0, 2.0));
    for (d, want) in [(e, false), (0.0, false), (-e, false), (-2.0 * e, true)] {
        let others = [
            Shape::Aabb(aabb(2.0 + d, 0.0, 4.0, 2.0)),
            Shape::Obb(obb(3.0 + d, 1.0, 1.0, 1.0, 90.0)),
            Shape::Circle(circle(3.0 + d, 1.0, 1.0)),
            Shape::Polygon(poly(&[(2.0 + d, 0.0), (4.0, 0.0), (2.0 + d, 2.0)])),
            Shape::Segment(seg(2.0 + d, 1.0, 4.0, 1.0)),
        ];
        for o in &others {
            assert_eq!(sq.overlaps(o), want, "{} moved by {d}", kind(o));
            assert_eq!(o.overlaps(&sq), want, "{} moved by {d}", kind(o));
        }
    }
}

/// A circle tangent to an edge of a box or polygon has no area in common with it. Minimal case:
/// the square [0,2]² and the unit circle at (3, 1), tangent to the edge x = 2 at its midpoint.
#[test]
fn tangent_circle_has_no_overlap_area() {
    let square = Shape::Aabb(aabb(0.0, 0.0, 2.0, 2.0));
    let tangent = Shape::Circle(circle(3.0, 1.0, 1.0));
    assert!(!square.overlaps(&tangent));
    assert!(overlap_area(&square, &tangent) <= 1e-6, "{}", overlap_area(&square, &tangent));
    let tangent_rows = ["aabb/circle edge", "obb/circle edge", "circle/polygon edge"];
    for r in table().into_iter().filter(|r| tangent_rows.contains(&r.name)) {
        let area = overlap_area(&r.a, &r.b);
        assert!(area <= 1e-6, "{}: overlap area {area}", r.name);
    }
}
