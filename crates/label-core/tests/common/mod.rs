//! Shared by the integration tests: seeded proptest settings, generators (proptest strategies)
//! for shapes, labels and whole scenes, independent f64 geometry, and a brute-force reference
//! placement written straight from contract §4.
//!
//! Every test binary uses a different subset of this module.
#![allow(dead_code)]

#[path = "../symbol_reference/mod.rs"]
pub mod symbol_reference;

pub use symbol_reference::labels_collide;

use std::collections::HashMap;

use geo::{Area, BooleanOps, ConvexHull, Kernel, Orientation};
use glam::{DVec2, Vec2};
use label_core::{
    Aabb, Anchor, Blocker, Circle, ConvexPolygon, Label, LabelOutcome, Obb, PlacementOptions, Segment, Shape,
};
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, RngSeed};

// ---------------------------------------------------------------------------------------------
// proptest settings
// ---------------------------------------------------------------------------------------------

/// The fixed seed of every property test (seeded randomness only: a run is reproducible).
pub const SEED: u64 = 0x00de_c1a7_7e55;

/// `cases` seeded cases, no regression files written into the source tree.
pub fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(SEED),
        failure_persistence: None,
        max_shrink_iters: 2_000,
        max_global_rejects: 100_000,
        ..ProptestConfig::default()
    }
}

/// For big inputs: few cases and a bounded shrink (each step re-runs a large placement).
pub fn config_big(cases: u32) -> ProptestConfig {
    ProptestConfig { max_shrink_iters: 64, max_shrink_time: 60_000, ..config(cases) }
}

// ---------------------------------------------------------------------------------------------
// small helpers
// ---------------------------------------------------------------------------------------------

/// `Vec2` from a pair.
pub fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// Points from pairs.
pub fn pts(p: &[(f32, f32)]) -> Vec<Vec2> {
    p.iter().map(|&(x, y)| Vec2::new(x, y)).collect()
}

/// An axis-aligned box from `x0, y0, x1, y1`.
pub fn aabb(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
    Aabb::from_corners(v(x0, y0), v(x1, y1))
}

/// An oriented box from centre, half extents and angle in degrees.
pub fn obb(cx: f32, cy: f32, hx: f32, hy: f32, deg: f64) -> Obb {
    Obb::from_center_half_extents_angle(v(cx, cy), v(hx, hy), deg)
}

/// A convex polygon from pairs (either winding); panics if not convex.
pub fn poly(p: &[(f32, f32)]) -> ConvexPolygon {
    ConvexPolygon::new(pts(p)).expect("test polygon must be convex")
}

/// A segment from `ax, ay, bx, by`.
pub fn seg(ax: f32, ay: f32, bx: f32, by: f32) -> Segment {
    Segment::new(v(ax, ay), v(bx, by))
}

/// A circle from centre and radius.
pub fn circle(cx: f32, cy: f32, r: f32) -> Circle {
    Circle::new(v(cx, cy), r)
}

/// The kind name of a shape.
pub fn kind(s: &Shape) -> &'static str {
    match s {
        Shape::Aabb(_) => "aabb",
        Shape::Obb(_) => "obb",
        Shape::Circle(_) => "circle",
        Shape::Polygon(_) => "polygon",
        Shape::Segment(_) => "segment",
    }
}

// ---------------------------------------------------------------------------------------------
// independent f64 geometry (none of it calls the library's narrow phase)
// ---------------------------------------------------------------------------------------------

/// A geo polygon from corners (any winding).
pub fn geo_polygon(corners: &[Vec2]) -> geo::Polygon<f64> {
    let ring: Vec<(f64, f64)> = corners.iter().map(|p| (f64::from(p.x), f64::from(p.y))).collect();
    geo::Polygon::new(geo::LineString::from(ring), vec![])
}

/// A regular `n`-gon inscribed in the circle (for area estimates).
pub fn geo_circle(c: &Circle, n: usize) -> geo::Polygon<f64> {
    let (cx, cy, r) = (c.center.x, c.center.y, f64::from(c.radius));
    let ring: Vec<(f64, f64)> = (0..n)
        .map(|k| {
            let t = std::f64::consts::TAU * k as f64 / n as f64;
            (cx + r * t.cos(), cy + r * t.sin())
        })
        .collect();
    geo::Polygon::new(geo::LineString::from(ring), vec![])
}

/// Area of the intersection of two polygons, by geo's boolean operations.
pub fn geo_intersection_area(a: &geo::Polygon<f64>, b: &geo::Polygon<f64>) -> f64 {
    a.intersection(b).unsigned_area()
}

/// Corners of a shape with area, counter-clockwise in the mathematical sense.
pub fn corners_of(s: &Shape) -> Option<Vec<Vec2>> {
    match s {
        Shape::Aabb(b) => Some(b.corners().to_vec()),
        Shape::Obb(b) => Some(b.corners().to_vec()),
        Shape::Polygon(p) => Some(p.points().to_vec()),
        Shape::Circle(_) | Shape::Segment(_) => None,
    }
}

/// Signed area (shoelace, f64): positive for counter-clockwise in the mathematical sense.
pub fn signed_area(p: &[DVec2]) -> f64 {
    let n = p.len();
    (0..n).map(|i| p[i].perp_dot(p[(i + 1) % n])).sum::<f64>() * 0.5
}

/// The corners in f64, counter-clockwise in the mathematical sense.
pub fn ccw_f64(corners: &[Vec2]) -> Vec<DVec2> {
    let mut p: Vec<DVec2> = corners.iter().map(|c| c.as_dvec2()).collect();
    if signed_area(&p) < 0.0 {
        p.reverse();
    }
    p
}

/// Signed distances into a convex polygon (counter-clockwise, f64) of the point, per edge:
/// positive inside.
fn inward_distances(poly: &[DVec2], x: DVec2) -> impl Iterator<Item = f64> + '_ {
    let n = poly.len();
    (0..n).filter_map(move |i| {
        let (p, q) = (poly[i], poly[(i + 1) % n]);
        let e = q - p;
        let len = e.length();
        (len > 0.0).then(|| e.perp_dot(x - p) / len)
    })
}

/// Euclidean distance from a point to a closed convex polygon (0 inside), f64.
pub fn point_polygon_distance(poly: &[DVec2], x: DVec2) -> f64 {
    if inward_distances(poly, x).all(|d| d >= 0.0) {
        return 0.0;
    }
    let n = poly.len();
    (0..n).map(|i| point_segment_distance(poly[i], poly[(i + 1) % n], x)).fold(f64::INFINITY, f64::min)
}

/// Euclidean distance from a point to a closed segment, f64.
pub fn point_segment_distance(a: DVec2, b: DVec2, x: DVec2) -> f64 {
    let d = b - a;
    let len2 = d.length_squared();
    let t = if len2 == 0.0 { 0.0 } else { ((x - a).dot(d) / len2).clamp(0.0, 1.0) };
    (a + d * t).distance(x)
}

/// How deep the segment `a → b` reaches into a convex polygon (counter-clockwise, f64): the
/// largest, over the points of the segment, of the smallest inward edge distance. Positive iff
/// the open segment meets the polygon's interior. The function is concave and piecewise linear
/// in the segment parameter, so its maximum is at an end or where two edge distances cross.
pub fn segment_depth(a: DVec2, b: DVec2, poly: &[DVec2]) -> f64 {
    let n = poly.len();
    let lines: Vec<(f64, f64)> = (0..n)
        .filter_map(|i| {
            let (p, q) = (poly[i], poly[(i + 1) % n]);
            let e = q - p;
            let len = e.length();
            (len > 0.0).then(|| (e.perp_dot(a - p) / len, e.perp_dot(b - a) / len))
        })
        .collect();
    let depth_at = |t: f64| lines.iter().map(|(c, s)| c + s * t).fold(f64::INFINITY, f64::min);
    let mut ts = vec![0.0, 1.0];
    for (i, (ci, si)) in lines.iter().enumerate() {
        for (cj, sj) in &lines[i + 1..] {
            if si != sj {
                let t = (cj - ci) / (si - sj);
                if t > 0.0 && t < 1.0 {
                    ts.push(t);
                }
            }
        }
    }
    ts.into_iter().map(depth_at).fold(f64::NEG_INFINITY, f64::max)
}

/// Exact orientation of `c` against the line `a → b` (robust predicates from geo).
pub fn exact_orient(a: Vec2, b: Vec2, c: Vec2) -> i32 {
    let k = |p: Vec2| geo::Coord { x: f64::from(p.x), y: f64::from(p.y) };
    match geo::kernels::RobustKernel::orient2d(k(a), k(b), k(c)) {
        Orientation::CounterClockwise => 1,
        Orientation::Clockwise => -1,
        Orientation::Collinear => 0,
    }
}

/// Whether two open segments share a point, decided with exact predicates: they cross at a
/// point inside both, or they are collinear and share a stretch of positive length.
pub fn exact_segments_collide(s: &Segment, t: &Segment) -> bool {
    if s.a == s.b || t.a == t.b {
        return false;
    }
    let o1 = exact_orient(t.a, t.b, s.a);
    let o2 = exact_orient(t.a, t.b, s.b);
    let o3 = exact_orient(s.a, s.b, t.a);
    let o4 = exact_orient(s.a, s.b, t.b);
    if o1 == 0 && o2 == 0 {
        // Collinear: compare along the dominant coordinate (exact comparisons of f32 values).
        let d = s.b - s.a;
        let key = |p: Vec2| if d.x.abs() >= d.y.abs() { p.x } else { p.y };
        let (s0, s1) = (key(s.a).min(key(s.b)), key(s.a).max(key(s.b)));
        let (t0, t1) = (key(t.a).min(key(t.b)), key(t.a).max(key(t.b)));
        return s0.max(t0) < s1.min(t1);
    }
    o1 * o2 < 0 && o3 * o4 < 0
}

// ---------------------------------------------------------------------------------------------
// shape strategies
// ---------------------------------------------------------------------------------------------

/// An angle in degrees: often an exact multiple of 90 (the axis-aligned fast path and the exact
/// quarter turns), sometimes next to one, otherwise anything.
pub fn arb_angle() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => (-8i32..=8).prop_map(|k| f64::from(k) * 90.0),
        1 => ((-4i32..=4), -1e-3..1e-3f64).prop_map(|(k, e)| f64::from(k) * 90.0 + e),
        6 => -720.0..720.0f64,
    ]
}

/// An oriented box centred within `±spread` of the origin.
pub fn arb_obb(spread: f32, min_half: f32, max_half: f32) -> impl Strategy<Value = Obb> {
    (-spread..spread, -spread..spread, min_half..max_half, min_half..max_half, arb_angle())
        .prop_map(|(x, y, hx, hy, a)| obb(x, y, hx, hy, a))
}

/// An axis-aligned box with its top-left corner within `±spread` of the origin.
pub fn arb_aabb(spread: f32, min_side: f32, max_side: f32) -> impl Strategy<Value = Aabb> {
    (-spread..spread, -spread..spread, min_side..max_side, min_side..max_side)
        .prop_map(|(x, y, w, h)| Aabb::from_origin_size(v(x, y), v(w, h)))
}

/// A circle centred within `±spread` of the origin.
pub fn arb_circle(spread: f32, min_r: f32, max_r: f32) -> impl Strategy<Value = Circle> {
    (-spread..spread, -spread..spread, min_r..max_r).prop_map(|(x, y, r)| circle(x, y, r))
}

/// A convex polygon: the convex hull (geo) of 3 to 12 random points around a random centre.
pub fn arb_polygon(spread: f32, radius: f32) -> impl Strategy<Value = ConvexPolygon> {
    (-spread..spread, -spread..spread, prop::collection::vec((-radius..radius, -radius..radius), 3..12))
        .prop_filter_map("degenerate hull", move |(cx, cy, offsets)| {
            let points: Vec<geo::Point<f64>> =
                offsets.iter().map(|&(dx, dy)| geo::Point::new(f64::from(cx + dx), f64::from(cy + dy))).collect();
            let hull = geo::MultiPoint::from(points).convex_hull();
            let mut ring: Vec<Vec2> = hull.exterior().coords().map(|c| v(c.x as f32, c.y as f32)).collect();
            ring.pop(); // the closing point
            if ring.len() < 3 || hull.unsigned_area() < f64::from(radius * radius) * 0.05 {
                return None;
            }
            ConvexPolygon::new(ring).ok()
        })
}

/// A segment with end points within `±spread` of the origin.
pub fn arb_segment(spread: f32) -> impl Strategy<Value = Segment> {
    (-spread..spread, -spread..spread, -spread..spread, -spread..spread)
        .prop_map(|(ax, ay, bx, by)| seg(ax, ay, bx, by))
}

/// Any shape with float coordinates within `±spread` of the origin and sizes up to `size`.
pub fn arb_shape_float(spread: f32, size: f32) -> impl Strategy<Value = Shape> {
    prop_oneof![
        arb_aabb(spread, 0.1 * size, size).prop_map(Shape::Aabb),
        arb_obb(spread, 0.05 * size, size).prop_map(Shape::Obb),
        arb_circle(spread, 0.05 * size, size).prop_map(Shape::Circle),
        arb_polygon(spread, size).prop_map(Shape::Polygon),
        (arb_segment(spread), -size..size, -size..size).prop_map(|(s, dx, dy)| {
            // A short segment about the first end point, most of the time.
            Shape::Segment(Segment::new(s.a, s.a + v(dx, dy) * 2.0))
        }),
        arb_segment(spread).prop_map(Shape::Segment),
    ]
}

/// Any shape on an integer grid of `cells` cells of side `scale`, at most `max_side` cells big:
/// exact touching, shared edges, collinear segments and containment are frequent.
pub fn arb_shape_grid(cells: i32, max_side: i32, scale: f32) -> impl Strategy<Value = Shape> {
    let c = move || (0..=cells).prop_map(move |k| k as f32 * scale);
    let side = move || (1..=max_side).prop_map(move |k| k as f32 * scale);
    let near = move || (-max_side..=max_side).prop_map(move |k| k as f32 * scale);
    prop_oneof![
        (c(), c(), side(), side()).prop_map(|(x, y, w, h)| Shape::Aabb(Aabb::from_origin_size(v(x, y), v(w, h)))),
        (c(), c(), side(), side(), (-4i32..=4)).prop_map(|(x, y, w, h, k)| Shape::Obb(obb(
            x,
            y,
            w * 0.5,
            h * 0.5,
            f64::from(k) * 90.0
        ))),
        (c(), c(), side()).prop_map(|(x, y, r)| Shape::Circle(circle(x, y, r))),
        (c(), c(), prop::collection::vec((near(), near()), 3..8)).prop_filter_map("degenerate hull", |(x, y, p)| {
            let points: Vec<geo::Point<f64>> =
                p.iter().map(|&(dx, dy)| geo::Point::new(f64::from(x + dx), f64::from(y + dy))).collect();
            let hull = geo::MultiPoint::from(points).convex_hull();
            let mut ring: Vec<Vec2> = hull.exterior().coords().map(|c| v(c.x as f32, c.y as f32)).collect();
            ring.pop();
            (ring.len() >= 3 && hull.unsigned_area() > 0.0)
                .then(|| ConvexPolygon::new(ring).ok())
                .flatten()
                .map(Shape::Polygon)
        }),
        (c(), c(), near(), near()).prop_map(|(ax, ay, dx, dy)| Shape::Segment(seg(ax, ay, ax + dx, ay + dy))),
    ]
}

// ---------------------------------------------------------------------------------------------
// scenes: labels, obstacles, options
// ---------------------------------------------------------------------------------------------

/// One placement input.
#[derive(Clone, Debug)]
pub struct Scene {
    /// The labels.
    pub labels: Vec<Label>,
    /// The obstacles.
    pub obstacles: Vec<Shape>,
    /// The options.
    pub options: PlacementOptions,
}

/// A label. `exact`: integer positions and sizes, quarter-turn angles, half-integer shifts —
/// every box is exact in f32, so exact touching is frequent. Otherwise floats everywhere.
/// Positions spread over `[-margin, world + margin]²`.
pub fn arb_label(exact: bool, world: f64) -> BoxedStrategy<Label> {
    let margin = 0.1 * world + 20.0;
    let (lo, hi) = (-margin, world + margin);
    let priority = prop_oneof![
        6 => (-2i32..=3).prop_map(f64::from),
        1 => Just(-0.0),
        2 => -100.0..100.0f64,
        1 => prop_oneof![Just(f64::MAX), Just(f64::MIN), Just(1e-300), Just(-1e-300)],
    ];
    let anchor = prop::sample::select(Anchor::ALL.to_vec());
    let flags = (prop::bool::weighted(0.08), prop::bool::weighted(0.1));
    if exact {
        let pos = ((lo as i64)..=(hi as i64)).prop_map(|k| k as f64);
        let size = (1i32..=60, 1i32..=24).prop_map(|(w, h)| (f64::from(w), f64::from(h)));
        let angle = (-8i32..=8).prop_map(|k| f64::from(k) * 90.0);
        let offset = prop_oneof![
            Just((0.0, 0.0)),
            ((-20i32..=20), (-20i32..=20)).prop_map(|(x, y)| (f64::from(x) * 0.5, f64::from(y) * 0.5)),
        ];
        let padding = prop::sample::select(vec![0.0, 0.0, 0.0, 0.5, 1.0, 2.0]);
        ((pos.clone(), pos), size, angle, priority, anchor, offset, padding, flags).prop_map(label_from).boxed()
    } else {
        let pos = lo..hi;
        let size = (0.5..80.0f64, 0.5..30.0f64);
        let offset = prop_oneof![Just((0.0, 0.0)), (-20.0..20.0f64, -20.0..20.0f64)];
        let padding = prop_oneof![Just(0.0), 0.0..4.0f64];
        ((pos.clone(), pos), size, arb_angle(), priority, anchor, offset, padding, flags).prop_map(label_from).boxed()
    }
}

type LabelParts = ((f64, f64), (f64, f64), f64, f64, Anchor, (f64, f64), f64, (bool, bool));

fn label_from(parts: LabelParts) -> Label {
    let ((x, y), (w, h), angle, priority, anchor, (dx, dy), padding, (allow, ignore)) = parts;
    Label::new(x, y, w, h)
        .with_angle(angle)
        .with_priority(priority)
        .with_anchor(anchor)
        .with_offset(dx, dy)
        .with_padding(padding)
        .with_allow_overlap(allow)
        .with_ignore_placement(ignore)
}

/// An obstacle somewhere in the world; integer coordinates when `exact`.
pub fn arb_obstacle(exact: bool, world: f64) -> BoxedStrategy<Shape> {
    let w = world as f32;
    if exact {
        let cells = 64;
        let scale = (w / cells as f32).max(1.0).round();
        arb_shape_grid(cells, 4, scale).boxed()
    } else {
        let half = 0.5 * w;
        arb_shape_float(half, (0.05 * w).max(4.0))
            .prop_map(move |s| translate(&s, v(half, half)))
            .prop_filter("valid obstacle", |s| label_core::validate::check_obstacle(0, s).is_ok())
            .boxed()
    }
}

/// A shape moved by `by`.
pub fn translate(s: &Shape, by: Vec2) -> Shape {
    match s {
        Shape::Aabb(b) => Shape::Aabb(Aabb { min: b.min + by, max: b.max + by }),
        Shape::Obb(b) => Shape::Obb(b.translate(by.as_dvec2())),
        Shape::Circle(c) => Shape::Circle(Circle { center: c.center + by.as_dvec2(), ..*c }),
        Shape::Polygon(p) => Shape::Polygon(
            ConvexPolygon::new(p.points().iter().map(|q| *q + by).collect()).expect("a moved polygon stays convex"),
        ),
        Shape::Segment(g) => Shape::Segment(Segment::new(g.a + by, g.b + by)),
    }
}

/// Options: a viewport most of the time (sometimes not at the origin), a tolerated overlap
/// area some of the time, any tile size, any chunking of the greedy pass.
pub fn arb_options(exact: bool, world: f64) -> impl Strategy<Value = PlacementOptions> {
    let w = world as f32;
    let viewport = prop_oneof![
        1 => Just(None),
        3 => Just(Some(aabb(0.0, 0.0, w, 0.8 * w))),
        2 => (0.0..0.3f32, 0.0..0.3f32, 0.3..1.0f32, 0.3..1.0f32).prop_map(move |(x, y, sw, sh)| {
            let (x0, y0) = (x * w, y * w);
            let (x1, y1) = (x0 + sw * w, y0 + sh * w);
            Some(if exact {
                aabb(x0.round(), y0.round(), x1.round(), y1.round())
            } else {
                aabb(x0, y0, x1, y1)
            })
        }),
    ];
    let max_overlap = prop_oneof![
        7 => Just(0.0f32),
        2 => 0.5..60.0f32,
        1 => prop::sample::select(vec![1.0f32, 4.0, 25.0]),
    ];
    let tile_labels = prop_oneof![
        2 => Just(None),
        1 => (1usize..64).prop_map(Some),
        1 => (64usize..5000).prop_map(Some),
    ];
    (viewport, max_overlap, arb_tile_size(world), tile_labels).prop_map(
        |(viewport, max_overlap_area, tile_size, tile_labels)| PlacementOptions {
            viewport,
            max_overlap_area,
            tile_size,
            tile_labels,
        },
    )
}

/// `None` (automatic) or a fixed tile size from tiny to larger than the world.
pub fn arb_tile_size(world: f64) -> impl Strategy<Value = Option<f32>> {
    let w = world as f32;
    prop_oneof![
        1 => Just(None),
        3 => (0.5f32..(2.0 * w)).prop_map(Some),
        1 => prop::sample::select(vec![1.0f32, 8.0, 64.0, 1e6]).prop_map(Some),
    ]
}

/// A whole scene with `count` labels (a range) and up to `max_obstacles` obstacles. The world
/// grows with the label count so that the density (and so the share of collisions) varies
/// from sparse to crowded.
pub fn arb_scene(count: std::ops::Range<usize>, max_obstacles: usize) -> impl Strategy<Value = Scene> {
    (count, any::<bool>(), 6.0..40.0f64).prop_flat_map(move |(n, exact, spacing)| {
        let world = (spacing * (n as f64).sqrt()).max(50.0).round();
        (
            prop::collection::vec(arb_label(exact, world), n),
            prop::collection::vec(arb_obstacle(exact, world), 0..=max_obstacles),
            arb_options(exact, world),
        )
            .prop_map(|(labels, obstacles, options)| Scene { labels, obstacles, options })
    })
}

/// A big scene (thousands of labels) from a seed: the same distributions as [`arb_scene`], but
/// labels drawn straight from a ChaCha generator (building a proptest value tree per label is
/// too slow for tens of thousands of labels in a debug build). Obstacles and options still
/// come from the strategies above, seeded from the same seed.
pub fn big_scene(seed: u64, n: usize) -> Scene {
    use proptest::strategy::ValueTree;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let exact = rng.random_bool(0.5);
    let spacing = rng.random_range(6.0..40.0f64);
    let world = (spacing * (n as f64).sqrt()).max(50.0).round();
    let margin = 0.1 * world + 20.0;
    let labels = (0..n).map(|_| random_label(&mut rng, exact, world, margin)).collect();
    let mut runner = proptest::test_runner::TestRunner::new_with_rng(
        config(1),
        proptest::test_runner::TestRng::from_seed(RngAlgorithm::ChaCha, &rng.random::<[u8; 32]>()),
    );
    let obstacle_count = rng.random_range(0..=40);
    let mut sample = |s: BoxedStrategy<Shape>| s.new_tree(&mut runner).unwrap().current();
    let obstacles: Vec<Shape> = (0..obstacle_count).map(|_| sample(arb_obstacle(exact, world))).collect();
    let mut options = arb_options(exact, world).new_tree(&mut runner).unwrap().current();
    if rng.random_bool(0.5) {
        // Everything on screen half of the time: more labels in play, more tiles.
        options.viewport = None;
    }
    Scene { labels, obstacles, options }
}

fn random_label(rng: &mut impl rand::Rng, exact: bool, world: f64, margin: f64) -> Label {
    let (lo, hi) = (-margin, world + margin);
    let priority = match rng.random_range(0..10) {
        0..=5 => f64::from(rng.random_range(-2i32..=3)),
        6 => -0.0,
        7 | 8 => rng.random_range(-100.0..100.0),
        _ => [f64::MAX, f64::MIN, 1e-300, -1e-300][rng.random_range(0..4)],
    };
    let anchor = Anchor::ALL[rng.random_range(0..9)];
    let (allow, ignore) = (rng.random_bool(0.08), rng.random_bool(0.1));
    let zero_offset = rng.random_bool(0.5);
    let label = if exact {
        let pos = |rng: &mut _| rng_int(rng, lo as i64, hi as i64) as f64;
        let (x, y) = (pos(rng), pos(rng));
        let (w, h) = (rng_int(rng, 1, 60) as f64, rng_int(rng, 1, 24) as f64);
        let angle = rng_int(rng, -8, 8) as f64 * 90.0;
        let (dx, dy) = if zero_offset {
            (0.0, 0.0)
        } else {
            (rng_int(rng, -20, 20) as f64 * 0.5, rng_int(rng, -20, 20) as f64 * 0.5)
        };
        let padding = [0.0, 0.0, 0.0, 0.5, 1.0, 2.0][rng.random_range(0..6)];
        Label::new(x, y, w, h).with_angle(angle).with_offset(dx, dy).with_padding(padding)
    } else {
        let (x, y) = (rng.random_range(lo..hi), rng.random_range(lo..hi));
        let (w, h) = (rng.random_range(0.5..80.0), rng.random_range(0.5..30.0));
        let angle = match rng.random_range(0..10) {
            0..=2 => rng_int(rng, -8, 8) as f64 * 90.0,
            3 => rng_int(rng, -4, 4) as f64 * 90.0 + rng.random_range(-1e-3..1e-3),
            _ => rng.random_range(-720.0..720.0),
        };
        let (dx, dy) =
            if zero_offset { (0.0, 0.0) } else { (rng.random_range(-20.0..20.0), rng.random_range(-20.0..20.0)) };
        let padding = if rng.random_bool(0.5) { 0.0 } else { rng.random_range(0.0..4.0) };
        Label::new(x, y, w, h).with_angle(angle).with_offset(dx, dy).with_padding(padding)
    };
    label.with_priority(priority).with_anchor(anchor).with_allow_overlap(allow).with_ignore_placement(ignore)
}

fn rng_int(rng: &mut impl rand::Rng, lo: i64, hi: i64) -> i64 {
    rng.random_range(lo..=hi)
}

// ---------------------------------------------------------------------------------------------
// the reference placement (contract §4), brute force
// ---------------------------------------------------------------------------------------------

/// The labels that are on screen, in placement order (priority descending, then the tie-break
/// key ascending when there is one, then index).
fn placement_order(labels: &[Label], obbs: &[Obb], options: &PlacementOptions, ties: Option<&[u32]>) -> Vec<usize> {
    let view = options.viewport.map(|b| Obb::from_aabb(&b));
    let mut order: Vec<usize> = (0..labels.len()).filter(|&i| view.is_none_or(|v| v.overlaps(&obbs[i]))).collect();
    // `partial_cmp`: -0.0 and 0.0 are the same priority. A stable sort keeps index order.
    let tie = |i: usize| ties.map_or(0, |t| t[i]);
    order.sort_by(|&a, &b| {
        labels[b].style.priority.partial_cmp(&labels[a].style.priority).expect("finite").then(tie(a).cmp(&tie(b)))
    });
    order
}

/// One label's outcome (box `me`) by the definition: shown if it may overlap; else hidden by
/// the first obstacle it overlaps; else hidden by `placed_blocker()`, the first placed blocking
/// label it collides with, if any; else shown.
fn decide(label: &Label, me: &Obb, obstacles: &[Shape], placed_blocker: impl FnOnce() -> Option<u32>) -> LabelOutcome {
    if label.style.allow_overlap {
        LabelOutcome::VISIBLE
    } else if let Some(o) = obstacles.iter().position(|s| s.overlaps_obb(me)) {
        LabelOutcome::hidden_by(Blocker::Obstacle(o as u32))
    } else {
        placed_blocker().map_or(LabelOutcome::VISIBLE, |j| LabelOutcome::hidden_by(Blocker::Label(j)))
    }
}

/// The plain O(n²) definition: every label in placement order against every placed blocking
/// label before it, and against every obstacle.
pub fn reference_place(labels: &[Label], obstacles: &[Shape], options: &PlacementOptions) -> Vec<LabelOutcome> {
    reference_place_with_ties(labels, obstacles, options, None)
}

/// [`reference_place`] with an optional tie-break key per label (`place_with_ties`): equal
/// priorities are taken by the key ascending, then by index.
pub fn reference_place_with_ties(
    labels: &[Label],
    obstacles: &[Shape],
    options: &PlacementOptions,
    ties: Option<&[u32]>,
) -> Vec<LabelOutcome> {
    let obbs: Vec<Obb> = labels.iter().map(Label::obb).collect();
    let mut out = vec![LabelOutcome::OFFSCREEN; labels.len()];
    let mut blocking: Vec<usize> = Vec::new(); // placed, blocking labels in placement order
    for i in placement_order(labels, &obbs, options, ties) {
        let me = &obbs[i];
        let outcome = decide(&labels[i], me, obstacles, || {
            blocking.iter().find(|&&j| labels_collide(me, &obbs[j], options.max_overlap_area)).map(|&j| j as u32)
        });
        if outcome.visible && !labels[i].style.ignore_placement {
            blocking.push(i);
        }
        out[i] = outcome;
    }
    out
}

/// The same definition as [`reference_place`], with a plain uniform bucket grid (independent of
/// the engine's broad phase) to find the placed labels near each label, so that it stays fast
/// on tens of thousands of labels. Buckets are filled from the box corners grown by a safety
/// margin, so no colliding pair can be missed.
pub fn reference_place_bucketed(
    labels: &[Label],
    obstacles: &[Shape],
    options: &PlacementOptions,
) -> Vec<LabelOutcome> {
    let obbs: Vec<Obb> = labels.iter().map(Label::obb).collect();
    let bounds: Vec<[f64; 4]> = obbs
        .iter()
        .map(|o| {
            let c = o.corners().map(|p| p.as_dvec2());
            let (mut x0, mut y0, mut x1, mut y1) = (c[0].x, c[0].y, c[0].x, c[0].y);
            for p in &c[1..] {
                (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
            }
            let m = 1e-3 * (1.0 + (x1 - x0) + (y1 - y0) + x0.abs().max(y0.abs()) * 1e-3);
            [x0 - m, y0 - m, x1 + m, y1 + m]
        })
        .collect();
    let cell = 64.0;
    let cells = |b: &[f64; 4]| {
        let (c0, r0) = ((b[0] / cell).floor() as i64, (b[1] / cell).floor() as i64);
        let (c1, r1) = ((b[2] / cell).floor() as i64, (b[3] / cell).floor() as i64);
        (c0..=c1).flat_map(move |c| (r0..=r1).map(move |r| (c, r)))
    };
    let mut grid: HashMap<(i64, i64), Vec<u32>> = HashMap::new();
    let mut out = vec![LabelOutcome::OFFSCREEN; labels.len()];
    let mut rank_of_placed = vec![u32::MAX; labels.len()];
    let mut placed_count = 0u32;
    let mut near: Vec<u32> = Vec::new();
    for i in placement_order(labels, &obbs, options, None) {
        let me = &obbs[i];
        let outcome = decide(&labels[i], me, obstacles, || {
            near.clear();
            for key in cells(&bounds[i]) {
                if let Some(list) = grid.get(&key) {
                    near.extend_from_slice(list);
                }
            }
            near.sort_unstable_by_key(|&j| rank_of_placed[j as usize]);
            near.dedup();
            near.iter().copied().find(|&j| labels_collide(me, &obbs[j as usize], options.max_overlap_area))
        });
        if outcome.visible && !labels[i].style.ignore_placement {
            rank_of_placed[i] = placed_count;
            placed_count += 1;
            let too_big = cells(&bounds[i]).nth(4096).is_some();
            assert!(!too_big, "test generator made a label too big for the bucket grid");
            for key in cells(&bounds[i]) {
                grid.entry(key).or_default().push(i as u32);
            }
        }
        out[i] = outcome;
    }
    out
}

/// The first label whose outcome differs, for a readable failure message.
pub fn first_difference(got: &[LabelOutcome], want: &[LabelOutcome], labels: &[Label]) -> Option<String> {
    if got.len() != want.len() {
        return Some(format!("{} outcomes, expected {}", got.len(), want.len()));
    }
    let i = (0..got.len()).find(|&i| got[i] != want[i])?;
    Some(format!(
        "label {i} ({:?}, box {:?}): engine {:?}, reference {:?}",
        labels[i],
        labels[i].obb(),
        got[i],
        want[i]
    ))
}

// ---------------------------------------------------------------------------------------------
// text along a line: random paths (the plain layout is `symbol_reference::reference_path`)
// ---------------------------------------------------------------------------------------------

/// A path around `(x, y)`: 2–6 points, each step 4–40 px turning up to `turn` degrees from the
/// last (axis-aligned integer steps when `exact`, so glyph centres fall on vertices and boxes
/// touch exactly); 1–8 glyphs of 2–12 px (integers when `exact`); a `path_offset` a third of the
/// time; any `max_angle` and `keep_upright`.
pub fn arb_text_path(exact: bool, x: f64, y: f64) -> BoxedStrategy<label_core::TextPath> {
    let steps: BoxedStrategy<Vec<DVec2>> = if exact {
        prop::collection::vec((0usize..4, 4i32..=40), 1..=5)
            .prop_map(|s| {
                s.into_iter()
                    .map(|(dir, len)| [DVec2::X, DVec2::NEG_Y, DVec2::NEG_X, DVec2::Y][dir] * f64::from(len))
                    .collect()
            })
            .boxed()
    } else {
        (-180.0..180.0f64, prop::collection::vec((-60.0..60.0f64, 4.0..40.0f64), 1..=5))
            .prop_map(|(start, turns)| {
                let mut heading = start;
                turns
                    .into_iter()
                    .map(|(t, len)| {
                        heading += t;
                        let r = heading.to_radians();
                        DVec2::new(r.cos(), -r.sin()) * len
                    })
                    .collect()
            })
            .boxed()
    };
    let advance: BoxedStrategy<f64> =
        if exact { (2i32..=12).prop_map(f64::from).boxed() } else { (2.0..12.0f64).boxed() };
    let offset: BoxedStrategy<Option<f64>> = if exact {
        prop_oneof![2 => Just(None), 1 => (0i32..=160).prop_map(|k| Some(f64::from(k) * 0.5))].boxed()
    } else {
        prop_oneof![2 => Just(None), 1 => (0.0..80.0f64).prop_map(Some)].boxed()
    };
    let max_angle = prop::sample::select(vec![0.0, 20.0, 45.0, 45.0, 90.0, 180.0]);
    (steps, prop::collection::vec(advance, 1..=8), offset, max_angle, any::<bool>())
        .prop_map(move |(steps, advances, offset, max_angle, upright)| {
            let mut points = vec![DVec2::new(x, y)];
            for s in steps {
                let next = points[points.len() - 1] + s;
                if next != points[points.len() - 1] {
                    points.push(next);
                }
            }
            let path = label_core::TextPath::new(points, advances).with_max_angle(max_angle).with_keep_upright(upright);
            match offset {
                Some(o) => path.with_path_offset(o),
                None => path,
            }
        })
        .boxed()
}
