//! The checks of the `frames` fuzz target (`fuzz/fuzz_targets/frames.rs`, which includes this
//! file; docs/fuzzing.md), run on every kept input by `tests/fuzz_regressions.rs`: the frame
//! engine over any label set, settings and camera path the bytes describe never panics; every
//! frame decides as the engine without its shortcuts (`FrameEngine::without_shortcuts`: no
//! sleeping labels, no receding cells, no skipped blocks) does — each label's visibility,
//! opacity, reason and blocker, its pose from `screen_pose`, the pose of every label drawn —
//! with the same counts but the sleeping ones, and the same choices of symbols; and no two
//! visible labels overlap (no part of one any part of the other, by more than the rounding of
//! boxes in f32). Some inputs give the labels symbols (candidates, icons, optional parts,
//! repeat groups, texts along lines). An invalid label is refused by both engines alike.

use glam::DVec2;
use glam::Vec2;
use label_core::narrow::obb_obb_separation;
use label_core::pipeline::collides;
use label_core::{Aabb, Anchor, Candidate, Icon, Obb, Optional, Shape, Symbol};
use label_frame::{
    Alignment, Camera, Frame, FrameEngine, FrameOptions, FrameStats, LabelFrame, Stickiness, WorldLabel,
};

/// The input, read a byte at a time; zeros once it runs out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&b, rest)) = self.0.split_first() else { return 0 };
        self.0 = rest;
        b
    }

    /// 0 to 1.
    fn unit(&mut self) -> f64 {
        f64::from(self.byte()) / 255.0
    }

    /// −1 to 1.
    fn signed(&mut self) -> f64 {
        self.unit() * 2.0 - 1.0
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

fn options(b: &mut Bytes) -> FrameOptions {
    let flags = b.byte();
    let stickiness = match flags % 8 {
        0 => Stickiness::Ties,
        1 => Stickiness::None,
        _ => Stickiness::Shown,
    };
    let perspective = if flags & 64 == 0 { 0.5 } else { b.unit() };
    FrameOptions::default()
        .with_perspective_scaling(perspective)
        .with_stickiness(stickiness)
        .with_world_copies(flags & 8 == 0)
        .with_reuse_translations(flags & 16 == 0)
        .with_hysteresis(if flags & 32 == 0 { 2.0 } else { b.unit() * 12.0 })
        .with_fade_ms(if flags & 64 == 0 { 300.0 } else { b.unit() * 600.0 })
        .with_max_overlap_area(if flags & 128 == 0 { 0.0 } else { b.unit() as f32 * 40.0 })
}

/// Up to 48 labels around `around` (world px), a few of them odd; an invalid one sometimes;
/// symbols in some inputs.
fn labels(b: &mut Bytes, around: DVec2) -> (Vec<WorldLabel>, f64, bool) {
    let count = b.byte();
    let n = 1 + usize::from(count % 48);
    let symbols = count / 48 % 2 == 1;
    let spread = 0.05 + b.unit() * 4.0;
    ((0..n).map(|k| label(b, k as u64, around, spread, symbols)).collect(), spread, symbols)
}

/// Label `id`, within `spread` world px of `around`; with a symbol or along a line now and
/// then if `symbols`.
fn label(b: &mut Bytes, id: u64, around: DVec2, spread: f64, symbols: bool) -> WorldLabel {
    let l = plain_label(b, id, around, spread);
    if !symbols {
        return l;
    }
    let s = symbol(b);
    if s.is_plain() && b.byte() % 2 == 1 { along(b, l, spread) } else { l.with_symbol(s) }
}

/// Label `l` made a text along a line from its anchor point: 2 to 7 points, segments of up to
/// half `spread` world px in any direction (kinks, reversals, hairpins), 1 to 8 glyphs, any
/// `max_angle`, either upright setting, an offset now and then (off the line too); `l`'s
/// alignment, which a text along a line does not use (a viewport-aligned one once let a symbol
/// sleep on its glyphs).
fn along(b: &mut Bytes, l: WorldLabel, spread: f64) -> WorldLabel {
    let k = b.byte();
    let mut points = vec![l.position];
    for _ in 0..1 + k % 6 {
        let heading = b.unit() * std::f64::consts::TAU;
        let last = points[points.len() - 1];
        points.push(last + DVec2::from_angle(heading) * (1e-3 + b.unit() * spread * 0.5));
    }
    let advances = (0..1 + b.byte() % 8).map(|_| 2.0 + b.unit() * 14.0).collect();
    let mut path = label_core::TextPath::new(points, advances)
        .with_max_angle([10.0, 45.0, 90.0, 180.0][usize::from(k >> 6)])
        .with_keep_upright(k & 8 == 0);
    if k & 16 != 0 {
        let length = path.length();
        path = path.with_path_offset(b.signed() * 1.2 * length);
    }
    let mut street = WorldLabel::along_path(l.id, path, l.style.height)
        .with_priority(l.style.priority)
        .with_padding(l.style.padding)
        .with_alignment(l.alignment);
    if k & 32 != 0 {
        street.symbol = street.symbol.with_repeat(0, 40.0);
    }
    street
}

/// What a label adds to become a symbol: up to 4 candidates (any anchor, offsets of either
/// sign), an icon, an optional part, a repeat group (one of two) — or nothing.
fn symbol(b: &mut Bytes) -> Symbol {
    let s = b.byte();
    if s.is_multiple_of(4) {
        return Symbol::default();
    }
    let candidates = (0..s % 5)
        .map(|_| {
            let c = Candidate::new(Anchor::ALL[usize::from(b.byte() % 9)]);
            if s & 128 != 0 { c.with_offset(b.signed() * 8.0, b.signed() * 8.0) } else { c }
        })
        .collect();
    let mut symbol = Symbol { candidates, ..Symbol::default() };
    if s & 8 != 0 {
        let (w, h) = (2.0 + b.unit() * 24.0, 2.0 + b.unit() * 24.0);
        let k = b.byte();
        symbol.icon = Some(Icon {
            anchor: Anchor::ALL[usize::from(k % 9)],
            offset: if k & 16 != 0 { DVec2::new(b.signed(), b.signed()) * 10.0 } else { DVec2::ZERO },
            padding: f64::from(k / 32 % 3),
            ..Icon::new(w, h)
        });
        symbol.optional = [Optional::None, Optional::Text, Optional::Icon][usize::from(s >> 4) % 3];
    }
    if s & 64 != 0 {
        symbol = symbol.with_repeat(u32::from(s & 1), b.unit() * 90.0);
    }
    symbol
}

/// Label `id` without a symbol, within `spread` world px of `around`.
fn plain_label(b: &mut Bytes, id: u64, around: DVec2, spread: f64) -> WorldLabel {
    let kind = b.byte();
    let position = around + DVec2::new(b.signed(), b.signed()) * spread;
    let mut l = WorldLabel::from_world(id, position, 4.0 + b.unit() * 120.0, 4.0 + b.unit() * 26.0)
        .with_priority(f64::from(b.byte() % 6))
        .with_anchor(Anchor::ALL[usize::from(kind % 9)])
        .with_padding(f64::from(kind / 9 % 4));
    if kind & 16 != 0 {
        l = l.with_angle(b.signed() * 180.0);
    }
    if kind & 32 != 0 {
        l = l.with_alignment(Alignment::Map).with_keep_upright(kind & 64 != 0);
    }
    if kind & 128 != 0 {
        let odd = b.byte();
        l = l.with_offset(b.signed() * 20.0, b.signed() * 20.0);
        l.style.allow_overlap = odd.is_multiple_of(11);
        l.style.ignore_placement = odd.is_multiple_of(13);
        if odd == 255 {
            l.style.width = f64::NAN;
        }
    }
    l
}

/// What a renderer does between two frames besides moving the camera, now and then (`event`
/// from 28 to 31, else nothing): new labels (some kept by id, moved a little or not, some
/// dropped, a few new ones, in another order), a reset, obstacles, other settings. Both engines
/// get the same call and must answer alike; the labels become the new ones if they take them.
fn event(b: &mut Bytes, event: u8, engines: &mut [FrameEngine; 2], labels: &mut Vec<WorldLabel>, spread: (f64, bool)) {
    let (spread, symbols) = spread;
    match event {
        28 => {
            let mut next = Vec::with_capacity(labels.len() + 3);
            for l in labels.iter() {
                if b.byte().is_multiple_of(4) {
                    continue;
                }
                let nudge = DVec2::new(b.signed(), b.signed()) * spread * 0.1;
                let moved = if b.byte().is_multiple_of(3) { nudge } else { DVec2::ZERO };
                next.push(WorldLabel { position: l.position + moved, ..l.clone() });
            }
            let around = labels.first().map_or(DVec2::splat(128.0), |l| l.position);
            let first_new = labels.iter().map(|l| l.id).max().unwrap_or(0) + 1;
            for id in first_new..first_new + u64::from(b.byte() % 4) {
                next.push(label(b, id, around, spread, symbols));
            }
            let turn = usize::from(b.byte()) % next.len().max(1);
            next.rotate_left(turn);
            if set_both(engines, &next) {
                *labels = next;
            }
        }
        29 => engines.iter_mut().for_each(FrameEngine::reset),
        30 => {
            let obstacles: Vec<Shape> = (0..b.byte() % 3)
                .map(|_| {
                    let corner = Vec2::new(b.unit() as f32, b.unit() as f32) * 900.0;
                    Shape::Aabb(Aabb::from_origin_size(
                        corner,
                        Vec2::new(b.unit() as f32, b.unit() as f32) * 200.0 + 1.0,
                    ))
                })
                .collect();
            let set: Vec<bool> = engines.iter_mut().map(|e| e.set_obstacles(obstacles.clone()).is_ok()).collect();
            assert!(set[0] && set[1], "obstacles {obstacles:?} are valid");
        }
        31 => {
            let options = options(b);
            let set: Vec<bool> = engines.iter_mut().map(|e| e.set_options(options.clone()).is_ok()).collect();
            assert!(set[0] && set[1], "settings {options:?} are valid");
        }
        _ => {}
    }
}

/// `labels` set on both engines; whether they took them (both or neither, asserted).
fn set_both(engines: &mut [FrameEngine; 2], labels: &[WorldLabel]) -> bool {
    let taken = engines.each_mut().map(|e| e.set_labels(labels.to_vec()).is_ok());
    assert_eq!(taken[0], taken[1], "both engines take the labels or refuse them");
    taken[0]
}

/// The next camera: a pan, a zoom about a screen point, a turn, a tilt, the same view given
/// whole worlds away, a new viewport size, or the same camera.
fn step(b: &mut Bytes, c: Camera) -> Camera {
    let op = b.byte();
    let scale = c.zoom.exp2();
    match op % 8 {
        0 | 1 => {
            let px = DVec2::new(b.signed(), b.signed()) * if op & 8 == 0 { 40.0 } else { 900.0 };
            let turned = DVec2::from_angle(c.bearing.to_radians()).rotate(px);
            c.with_center(c.center + turned / scale)
        }
        2 => {
            let dz = b.signed() * if op & 8 == 0 { 0.1 } else { 2.0 };
            let about = (DVec2::new(b.unit(), b.unit()) - 0.5) * c.size / scale;
            let zoom = (c.zoom + dz).clamp(0.0, 20.0);
            let k = 1.0 - (c.zoom - zoom).exp2();
            c.with_zoom(zoom).with_center(c.center + about * k)
        }
        3 => c.with_bearing(c.bearing + b.signed() * if op & 8 == 0 { 4.0 } else { 180.0 }),
        4 => c.with_pitch((c.pitch + b.signed() * 10.0).clamp(0.0, 85.0)),
        5 => c.with_center(c.center + DVec2::X * 256.0 * f64::from(i32::from(b.byte() % 5) - 2)),
        6 if op & 8 != 0 => Camera { size: DVec2::new(120.0 + b.unit() * 900.0, 90.0 + b.unit() * 600.0), ..c },
        _ => c,
    }
}

/// Pairs of visible labels whose boxes overlap (allow_overlap and ignore_placement pairs are
/// allowed to), by brute force on the boxes the engine reports for `frame`.
#[allow(dead_code, reason = "for the integration tests (through `common`), not the fuzz target")]
pub fn overlapping_visible_pairs(engine: &FrameEngine, frame: &Frame) -> Vec<(usize, usize)> {
    overlapping_by_more_than(engine, frame, |_, _| 0.0)
}

/// [`overlapping_visible_pairs`], by more than the rounding of boxes in f32 (a reused frame
/// keeps two labels whose boxes touched exactly; moved, their f32 boxes may overlap by an ulp
/// or two): 10⁻⁴ px plus 10⁻⁶ of their coordinates.
fn overlapping_beyond_rounding(engine: &FrameEngine, frame: &Frame) -> Vec<(usize, usize)> {
    overlapping_by_more_than(engine, frame, |p, q| {
        1e-4 + (p.center.abs().max(q.center.abs()).max_element() + f64::from(p.half.max(q.half).max_element())) * 1e-6
    })
}

/// Pairs of visible labels (neither `allow_overlap` nor `ignore_placement`) whose boxes `p`,
/// `q` overlap, by more than `allowed(p, q)` px of depth if that is not zero.
fn overlapping_by_more_than(
    engine: &FrameEngine,
    frame: &Frame,
    allowed: impl Fn(&Obb, &Obb) -> f64,
) -> Vec<(usize, usize)> {
    let exempt = |i: usize| engine.labels()[i].style.allow_overlap || engine.labels()[i].style.ignore_placement;
    let visible: Vec<(usize, Vec<Obb>)> =
        frame.visible_indices().filter(|&i| !exempt(i)).map(|i| (i, engine.drawn_boxes(i))).collect();
    let mut bad = Vec::new();
    for (k, (i, bi)) in visible.iter().enumerate() {
        assert!(!bi.is_empty(), "visible label {i} shows a box");
        for (j, bj) in &visible[k + 1..] {
            let overlap = |p: &Obb, q: &Obb| {
                let allowed = allowed(p, q);
                collides(p, q, 0.0) && (allowed == 0.0 || obb_obb_separation(p, q) < -allowed)
            };
            if bi.iter().any(|p| bj.iter().any(|q| overlap(p, q))) {
                bad.push((*i, *j));
            }
        }
    }
    bad
}

/// The first way in which `engine`'s last frame differs from `reference`'s, an engine without
/// shortcuts ([`FrameEngine::without_shortcuts`]) given the same calls: a label's visibility,
/// opacity, reason or blocker, its pose from `screen_pose`, the pose of a label drawn, or the
/// counts but the sleeping ones (which the reference never has); `None` if they agree.
pub fn first_difference(engine: &FrameEngine, reference: &FrameEngine) -> Option<String> {
    let (x, y) = (engine.frame(), reference.frame());
    if x.stats != (FrameStats { asleep: x.stats.asleep, ..y.stats }) || y.stats.asleep != 0 {
        return Some(format!("counts {:?} against {:?}", x.stats, y.stats));
    }
    if x.choices != y.choices {
        return Some(format!("choices {:?} against {:?}", x.choices, y.choices));
    }
    let decided = |l: &LabelFrame| (l.visible, l.opacity, l.reason, l.hidden_by);
    for (i, (p, q)) in x.labels.iter().zip(&y.labels).enumerate() {
        if decided(p) != decided(q) {
            return Some(format!("label {i}: {p:?} against {q:?}"));
        }
        if engine.screen_pose(i) != reference.screen_pose(i) {
            return Some(format!("label {i}: pose {:?} against {:?}", engine.screen_pose(i), reference.screen_pose(i)));
        }
        if p.opacity > 0.0 && p.pose != q.pose {
            return Some(format!("label {i}, drawn: pose {:?} against {:?}", p.pose, q.pose));
        }
    }
    None
}

/// Plays the engines over what `data` describes, and asserts the above; returns whether the
/// engines refused the input's labels first (an input whose labels they refuse plays its valid
/// labels after the refusal, so that every execution checks frames).
pub fn check(data: &[u8]) -> bool {
    let mut b = Bytes(data);
    let options = options(&mut b);
    // Anywhere in the world, at its east or west edge now and then.
    let x = match b.byte() % 4 {
        0 => 0.5,
        1 => 255.5,
        _ => b.unit() * 256.0,
    };
    let around = DVec2::new(x, 40.0 + b.unit() * 176.0);
    let (mut labels, spread, symbols) = labels(&mut b, around);
    let mut engines = [FrameEngine::new(options.clone()), FrameEngine::without_shortcuts(options)]
        .map(|e| e.expect("valid settings"));
    let refused = !set_both(&mut engines, &labels);
    if refused {
        assert!(labels.iter().any(|l| l.style.width.is_nan()), "only the invalid label is refused");
        // Both refused alike; both go on with the valid labels (a refusal that spoiled both
        // engines alike would not be seen here).
        labels.retain(|l| !l.style.width.is_nan());
        assert!(set_both(&mut engines, &labels), "both engines take the valid labels");
    }
    let mut camera = Camera::new(around, 1.0 + b.unit() * 8.0, 320.0 + b.unit() * 700.0, 200.0 + b.unit() * 400.0);
    let mut t = 0.0;
    for k in 0..64 {
        if k > 0 && b.is_empty() {
            break;
        }
        camera = step(&mut b, camera);
        let time = b.byte();
        event(&mut b, time >> 3, &mut engines, &mut labels, (spread, symbols));
        t += match time % 8 {
            0 => 0.0,
            1 => 400.0,
            _ => 16.0,
        };
        let placed: Vec<bool> = engines.iter_mut().map(|e| e.place_frame(&camera, t).is_ok()).collect();
        assert!(placed[0] && placed[1], "frame {k}: a valid camera is placed");
        let [fast, reference] = &engines;
        if let Some(difference) = first_difference(fast, reference) {
            panic!("frame {k}: {difference}");
        }
        if fast.options().max_overlap_area <= 0.0 {
            let bad = overlapping_beyond_rounding(fast, fast.frame());
            assert!(bad.is_empty(), "frame {k} ({:?}): visible labels overlap: {bad:?}", fast.frame().stats.kind);
        }
    }
    refused
}
