//! Symbols through the frame engine's C API, called as a C caller would: labels with
//! candidates, icons, optional parts and repeat groups set with
//! `declutter_engine_set_labels_with_symbols` decide every frame of a camera path as
//! `label_frame::FrameEngine` decides them for the same world labels (built here independently
//! of the crate's conversion), choices included; bad symbols are named.
#![allow(unsafe_code, reason = "calling the C functions as a C caller would")]

mod common;

use std::ptr;

use common::{
    Rng, core_symbol, engines, frames_alike, message, point_at, random_candidates, random_icon, random_symbol,
    vienna_camera,
};
use declutter::*;
use label_core::Parts;
use label_frame::{Camera, WorldLabel};

/// Places around Vienna in C, each with its own candidates and icon.
struct Scene {
    labels: Vec<DeclutterLabel>,
    candidates: Vec<Vec<DeclutterCandidate>>,
    icons: Vec<Option<DeclutterIcon>>,
    symbols: Vec<DeclutterSymbol>,
}

impl Scene {
    fn new(n: usize, seed: u64) -> Self {
        let mut rng = Rng(seed);
        let mut s = Scene { labels: vec![], candidates: vec![], icons: vec![], symbols: vec![] };
        for i in 0..n {
            s.labels.push(DeclutterLabel {
                id: 500 + i as u64,
                x: rng.float(16.25, 16.5),
                y: rng.float(48.15, 48.26),
                width: rng.float(20.0, 70.0),
                height: rng.float(8.0, 14.0),
                priority: rng.below(4) as f64,
                padding: [0.0, 2.0][rng.below(2) as usize],
                ..DeclutterLabel::default()
            });
            s.candidates.push(random_candidates(&mut rng, 6.0));
            s.icons.push((rng.below(2) == 0).then(|| random_icon(&mut rng, 6.0, 14.0)));
            s.symbols.push(random_symbol(&mut rng, (20.0, 150.0)));
        }
        for i in 0..n {
            point_at(&mut s.symbols[i], &s.candidates[i], s.icons[i].as_ref());
        }
        s
    }

    /// The same places as world labels.
    fn world(&self) -> Vec<WorldLabel> {
        (0..self.labels.len())
            .map(|i| {
                let l = &self.labels[i];
                let symbol = core_symbol(&self.symbols[i], &self.candidates[i], self.icons[i].as_ref());
                WorldLabel::from_lon_lat(l.id, l.x, l.y, l.width, l.height)
                    .with_priority(l.priority)
                    .with_padding(l.padding)
                    .with_symbol(symbol)
            })
            .collect()
    }
}

/// The camera of frame `k`: zooming in while turning.
fn camera(k: usize) -> (DeclutterCamera, Camera) {
    vienna_camera(11.5 + 0.12 * k as f64, 7.0 * k as f64, 0.0)
}

#[test]
fn symbols_in_frames_decide_as_the_frame_engine_decides() {
    let scene = Scene::new(250, 0x1234_5678_9abc_def1);
    let (mut reference, engine) = engines(scene.world(), &scene.labels, &scene.symbols);
    let n = scene.labels.len();
    let mut choices = vec![];
    let mut seen = [0usize; 5];
    // SAFETY: (every call) `engine` is live and used by this thread only; the pointers point
    // into `scene` or to locals with room for `n` entries.
    unsafe {
        frames_alike(engine, &mut reference, 20, camera, |k, results, reference| {
            let want = reference.frame();
            let mut written = 0;
            choices = vec![DeclutterChoice { candidate: 7, parts: 7 }; n];
            assert_eq!(declutter_engine_choices(engine, choices.as_mut_ptr(), n, &mut written), DECLUTTER_OK);
            assert_eq!(written, n);
            for i in 0..n {
                let (r, w) = (&results[i], &want.labels[i]);
                if let Some(p) = w.pose {
                    assert_eq!((r.has_pose, r.x, r.y, r.angle), (1, p.position.x, p.position.y, p.angle));
                }
                let c = want.choices[i];
                let parts = match c.parts {
                    None => DECLUTTER_PARTS_NONE,
                    Some(Parts::Both) => DECLUTTER_PARTS_BOTH,
                    Some(Parts::Text) => DECLUTTER_PARTS_TEXT,
                    Some(Parts::Icon) => DECLUTTER_PARTS_ICON,
                };
                let expected = DeclutterChoice { candidate: c.candidate.unwrap_or(DECLUTTER_NO_CANDIDATE), parts };
                assert_eq!(choices[i], expected, "frame {k}, label {i}");
                let later = r.visible == 1 && expected.candidate > 0 && expected.candidate != DECLUTTER_NO_CANDIDATE;
                seen[0] += usize::from(later);
                seen[1] += usize::from(r.reason == DECLUTTER_REASON_COLLISION);
                seen[2] += usize::from(r.reason == DECLUTTER_REASON_OFFSCREEN);
                seen[3] += usize::from(r.visible == 1 && expected.parts == DECLUTTER_PARTS_ICON);
                seen[4] += usize::from(r.reason == DECLUTTER_REASON_REPEAT);
            }
        });
        declutter_engine_free(engine);
    }
    // Later candidates shown, collisions, off screen, icons shown alone, repeats.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    assert_eq!(choices.len(), n);
}

#[test]
fn bad_symbols_in_frames_are_named_and_change_nothing() {
    let scene = Scene::new(6, 99);
    let mut engine: *mut DeclutterEngine = ptr::null_mut();
    // SAFETY: (every call) `engine` is live and used by this thread only; every other pointer
    // is null or points into `scene` or to locals of the right type and size.
    unsafe {
        assert_eq!(declutter_engine_new(ptr::null(), 1, &mut engine), DECLUTTER_OK);
        let set = |labels: &[DeclutterLabel], symbols: *const DeclutterSymbol| {
            declutter_engine_set_labels_with_symbols(engine, labels.as_ptr(), symbols, labels.len())
        };
        assert_eq!(set(&scene.labels, scene.symbols.as_ptr()), DECLUTTER_OK);
        // Null symbols: plain labels.
        assert_eq!(set(&scene.labels[..2], ptr::null()), DECLUTTER_OK);
        let mut count = 0;
        assert_eq!(declutter_engine_label_count(engine, &mut count), DECLUTTER_OK);
        assert_eq!(count, 2);

        let mut symbols = scene.symbols.clone();
        symbols[4].candidate_count = 3;
        symbols[4].candidates = ptr::null();
        assert_eq!(set(&scene.labels, symbols.as_ptr()), DECLUTTER_NULL_POINTER);
        assert_eq!(message(), "symbols[4].candidates is a null pointer");
        let mut symbols = scene.symbols.clone();
        symbols[1].optional = 5;
        assert_eq!(set(&scene.labels, symbols.as_ptr()), DECLUTTER_INVALID_ARGUMENT);
        assert_eq!(message(), "label 1 (id 501): field `optional`: 5 is not a DECLUTTER_OPTIONAL_* value");
        let icon = DeclutterIcon { width: -2.0, height: 4.0, ..DeclutterIcon::default() };
        symbols[1] = DeclutterSymbol { icon: &icon, ..DeclutterSymbol::default() };
        assert_eq!(set(&scene.labels, symbols.as_ptr()), DECLUTTER_INVALID_ARGUMENT);
        assert!(message().starts_with("label 1 (id 501): field `icon.width`: "), "{}", message());
        assert_eq!(declutter_engine_label_count(engine, &mut count), DECLUTTER_OK);
        assert_eq!(count, 2, "nothing changed");

        // Choices: a short buffer, a null one with room asked, and none asked.
        let mut written = 9;
        let mut one = [DeclutterChoice { candidate: 0, parts: 0 }];
        assert_eq!(declutter_engine_choices(engine, one.as_mut_ptr(), 1, &mut written), DECLUTTER_OK);
        assert_eq!((written, one[0]), (1, DeclutterChoice { candidate: DECLUTTER_NO_CANDIDATE, parts: 0 }));
        assert_eq!(declutter_engine_choices(engine, ptr::null_mut(), 2, &mut written), DECLUTTER_NULL_POINTER);
        assert_eq!(declutter_engine_choices(engine, ptr::null_mut(), 0, &mut written), DECLUTTER_OK);
        assert_eq!(written, 0);
        assert_eq!(declutter_engine_choices(engine, one.as_mut_ptr(), 1, ptr::null_mut()), DECLUTTER_NULL_POINTER);
        declutter_engine_free(engine);
    }
}
