//! Texts along lines through the frame engine's C API, called as a C caller would: street
//! names along seeded lines around Vienna (longitude/latitude, and some in world px) set with
//! `declutter_engine_set_labels_with_symbols` decide every frame of a zooming, turning,
//! tilting camera path as `label_frame::FrameEngine` decides them for the same world labels
//! (built here with `WorldLabel::along_lon_lat_path`, independently of the crate's
//! conversion), reasons `no_room` and `too_curved` included, and `declutter_engine_glyphs`
//! gives the glyphs `FrameEngine::screen_glyphs` lays; misuse is named.
#![allow(unsafe_code, reason = "calling the C functions as a C caller would")]

mod common;

use std::ptr;

use common::{Rng, engines, frames_alike, message, vienna_camera};
use declutter::*;
use glam::DVec2;
use label_core::{Symbol, TextPath};
use label_frame::mercator::lon_lat_to_world;
use label_frame::{Camera, WorldLabel};

/// Streets in C: each label's line and advances, and its symbol pointing at them.
struct Streets {
    labels: Vec<DeclutterLabel>,
    points: Vec<Vec<DeclutterPoint>>,
    advances: Vec<Vec<f64>>,
    paths: Vec<DeclutterPath>,
    symbols: Vec<DeclutterSymbol>,
}

impl Streets {
    /// `n` streets: gentle polylines of 2 to 6 points a few hundred metres long; one in five
    /// given in world px, one in seven a zigzag with `max_angle` 20°, one in nine centred
    /// near its line's start (no room at low zoom), a third in a repeat group.
    fn new(n: usize, seed: u64) -> Self {
        let mut rng = Rng(seed);
        let mut s = Streets { labels: vec![], points: vec![], advances: vec![], paths: vec![], symbols: vec![] };
        for i in 0..n {
            let world_px = i % 5 == 0;
            let start = (rng.float(16.3, 16.44), rng.float(48.17, 48.23));
            let mut heading = rng.float(0.0, 360.0);
            let mut at = start;
            let mut line = vec![];
            for k in 0..2 + rng.below(5) {
                let p = if world_px { lon_lat_to_world(at.0, at.1) } else { DVec2::new(at.0, at.1) };
                line.push(DeclutterPoint { x: p.x, y: p.y });
                let turn = if i % 7 == 0 { 70.0 * if k % 2 == 0 { 1.0 } else { -1.0 } } else { rng.float(-15.0, 15.0) };
                heading += turn;
                let step = rng.float(0.0015, 0.004);
                at = (at.0 + step * heading.to_radians().cos(), at.1 + step * 0.66 * heading.to_radians().sin());
            }
            let glyphs = 4 + rng.below(12) as usize;
            s.advances.push((0..glyphs).map(|_| rng.float(5.0, 9.0)).collect());
            s.points.push(line);
            s.labels.push(DeclutterLabel {
                id: 900 + i as u64,
                coordinates: if world_px { DECLUTTER_WORLD_PX } else { DECLUTTER_LON_LAT },
                width: 1.0,
                height: rng.float(9.0, 13.0),
                priority: rng.below(4) as f64,
                padding: [0.0, 1.5][rng.below(2) as usize],
                ..DeclutterLabel::default()
            });
            let group = if i % 3 == 0 { 1 + rng.below(2) as u32 } else { 0 };
            s.symbols.push(DeclutterSymbol {
                repeat_group: group,
                repeat_distance: if group == 0 { 0.0 } else { 120.0 },
                ..DeclutterSymbol::default()
            });
            s.paths.push(DeclutterPath {
                max_angle: if i % 7 == 0 { 20.0 } else { DECLUTTER_DEFAULT_MAX_ANGLE },
                has_path_offset: u32::from(i % 9 == 0),
                path_offset: 0.02,
                flags: if i % 4 == 0 { DECLUTTER_NO_KEEP_UPRIGHT } else { 0 },
                ..DeclutterPath::default()
            });
        }
        for i in 0..n {
            let p = &mut s.paths[i];
            (p.points, p.point_count) = (s.points[i].as_ptr(), s.points[i].len());
            (p.glyph_advances, p.glyph_count) = (s.advances[i].as_ptr(), s.advances[i].len());
        }
        for i in 0..n {
            s.symbols[i].path = &s.paths[i];
        }
        s
    }

    /// The same streets as world labels.
    fn world(&self) -> Vec<WorldLabel> {
        (0..self.labels.len())
            .map(|i| {
                let (l, p) = (&self.labels[i], &self.paths[i]);
                let points = self.points[i].iter().map(|q| DVec2::new(q.x, q.y)).collect();
                let mut path = TextPath::new(points, self.advances[i].clone())
                    .with_max_angle(p.max_angle)
                    .with_keep_upright(p.flags & DECLUTTER_NO_KEEP_UPRIGHT == 0);
                if p.has_path_offset == 1 {
                    path = path.with_path_offset(p.path_offset);
                }
                let street = if l.coordinates == DECLUTTER_LON_LAT {
                    WorldLabel::along_lon_lat_path(l.id, path, l.height)
                } else {
                    WorldLabel::along_path(l.id, path, l.height)
                };
                let s = &self.symbols[i];
                let repeat = Symbol { repeat_group: (s.repeat_group != 0).then_some(s.repeat_group), ..street.symbol };
                let street = WorldLabel { symbol: Symbol { repeat_distance: s.repeat_distance, ..repeat }, ..street };
                street.with_priority(l.priority).with_padding(l.padding)
            })
            .collect()
    }
}

/// The camera of frame `k`: zooming in while turning and tilting.
fn camera(k: usize) -> (DeclutterCamera, Camera) {
    vienna_camera(13.0 + 0.15 * k as f64, 9.0 * k as f64, 2.5 * k as f64)
}

#[test]
fn path_labels_in_frames_decide_and_lay_glyphs_as_the_frame_engine() {
    let streets = Streets::new(300, 0x0bad_cafe_f00d_5eed);
    let (mut reference, engine) = engines(streets.world(), &streets.labels, &streets.symbols);
    let mut glyphs = vec![DeclutterGlyphPose::default(); 16];
    let mut seen = [0usize; 5];
    // SAFETY: (every call) `engine` is live and used by this thread only; the pointers point
    // into `streets` or to locals with room for what is asked.
    unsafe {
        frames_alike(engine, &mut reference, 16, camera, |k, results, reference| {
            for (i, r) in results.iter().enumerate() {
                let mut layout = DeclutterPathLayout { reason: 99, ..DeclutterPathLayout::default() };
                let status = declutter_engine_glyphs(engine, i, glyphs.as_mut_ptr(), glyphs.len(), &mut layout);
                assert_eq!(status, DECLUTTER_OK, "{}", message());
                match reference.screen_glyphs(i) {
                    Some(Ok(l)) => {
                        assert_eq!(layout.reason, DECLUTTER_REASON_NONE, "frame {k}, label {i}");
                        assert_eq!(
                            (layout.anchor_x, layout.anchor_y, layout.reversed),
                            (l.anchor.x, l.anchor.y, u32::from(l.reversed))
                        );
                        for (g, want) in glyphs.iter().zip(&l.glyphs) {
                            assert_eq!((g.x, g.y, g.angle), (want.center.x, want.center.y, want.angle() + 0.0));
                        }
                        seen[0] += usize::from(r.visible == 1);
                    }
                    Some(Err(label_core::PathFailure::NoRoom)) => assert_eq!(layout.reason, DECLUTTER_REASON_NO_ROOM),
                    Some(Err(label_core::PathFailure::TooCurved)) => {
                        assert_eq!(layout.reason, DECLUTTER_REASON_TOO_CURVED);
                    }
                    None => assert_eq!(layout.reason, DECLUTTER_REASON_BEHIND_CAMERA),
                }
                seen[1] += usize::from(r.reason == DECLUTTER_REASON_COLLISION);
                seen[2] += usize::from(r.reason == DECLUTTER_REASON_NO_ROOM);
                seen[3] += usize::from(r.reason == DECLUTTER_REASON_TOO_CURVED);
                seen[4] += usize::from(r.reason == DECLUTTER_REASON_REPEAT);
            }
        });
        declutter_engine_free(engine);
    }
    // Shown with glyphs, collisions, no room, too curved, repeats.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn glyphs_misuse_and_bad_paths_are_named() {
    let streets = Streets::new(3, 7);
    let mut engine: *mut DeclutterEngine = ptr::null_mut();
    let mut glyphs = vec![DeclutterGlyphPose::default(); 16];
    let mut layout = DeclutterPathLayout::default();
    // SAFETY: (every call) `engine` is live and used by this thread only; every other pointer
    // is null or points into `streets` or to locals of the right type and size.
    unsafe {
        assert_eq!(declutter_engine_new(ptr::null(), 1, &mut engine), DECLUTTER_OK);
        let set = |symbols: &[DeclutterSymbol]| {
            declutter_engine_set_labels_with_symbols(engine, streets.labels.as_ptr(), symbols.as_ptr(), 3)
        };
        assert_eq!(set(&streets.symbols), DECLUTTER_OK, "{}", message());
        // Before any frame the lines are not on screen.
        assert_eq!(declutter_engine_glyphs(engine, 1, glyphs.as_mut_ptr(), 16, &mut layout), DECLUTTER_OK);
        assert_eq!(layout.reason, DECLUTTER_REASON_BEHIND_CAMERA);
        let short = streets.advances[1].len() - 1;
        assert_eq!(
            declutter_engine_glyphs(engine, 1, glyphs.as_mut_ptr(), short, &mut layout),
            DECLUTTER_INVALID_ARGUMENT
        );
        assert_eq!(message(), format!("label 1 (id 901): capacity {short} for {} glyphs", short + 1));
        assert_eq!(declutter_engine_glyphs(engine, 3, glyphs.as_mut_ptr(), 16, &mut layout), DECLUTTER_OUT_OF_RANGE);
        assert_eq!(declutter_engine_glyphs(engine, 1, ptr::null_mut(), 16, &mut layout), DECLUTTER_NULL_POINTER);

        // A point off the globe, and a path with candidates, are refused; nothing changes.
        let mut bad = streets.points[2].clone();
        bad[1].y = 95.0;
        let path = DeclutterPath { points: bad.as_ptr(), ..streets.paths[2] };
        let mut symbols = streets.symbols.clone();
        symbols[2].path = &path;
        assert_eq!(set(&symbols), DECLUTTER_INVALID_ARGUMENT);
        assert!(message().starts_with("label 2 (id 902): `path.points[1]`: field `y` (degrees): "), "{}", message());
        let candidate = DeclutterCandidate::default();
        let symbols = [
            streets.symbols[0],
            DeclutterSymbol { candidates: &candidate, candidate_count: 1, ..streets.symbols[1] },
            streets.symbols[2],
        ];
        assert_eq!(set(&symbols), DECLUTTER_INVALID_ARGUMENT);
        assert!(message().starts_with("label 1 (id 901): field `candidates`: "), "{}", message());

        // A plain label has no glyphs.
        let plain = [DeclutterSymbol::default(); 3];
        assert_eq!(set(&plain), DECLUTTER_OK);
        assert_eq!(
            declutter_engine_glyphs(engine, 0, glyphs.as_mut_ptr(), 16, &mut layout),
            DECLUTTER_INVALID_ARGUMENT
        );
        assert_eq!(message(), "label 0 (id 900): not a text along a line (its symbol has no path)");
        declutter_engine_free(engine);
    }
}
