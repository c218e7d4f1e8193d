//! `declutter_place` called as a C caller would: symbols with every field place exactly as
//! `label_core::place_symbols` places them (plain labels as `label_core::place`), and every bad
//! input comes back as a code and a message naming the label, its id and the field.
#![allow(unsafe_code, reason = "calling the C functions as a C caller would")]

use std::ffi::CStr;
use std::ptr;

use declutter::*;
use glam::DVec2;
use label_core::{Anchor, Blocker, Candidate, HiddenReason, Icon, Label, Optional, Parts, PlacementOptions, Symbol};

fn message() -> String {
    // SAFETY: `declutter_last_error` returns a NUL-terminated string owned by this thread.
    unsafe { CStr::from_ptr(declutter_last_error()) }.to_string_lossy().into_owned()
}

/// A seeded generator (xorshift): the same labels every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn float(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A crowded scene in C: labels, their candidates (each symbol's own slice), icons and symbols.
struct Scene {
    labels: Vec<DeclutterScreenLabel>,
    candidates: Vec<Vec<DeclutterCandidate>>,
    icons: Vec<Option<DeclutterIcon>>,
    symbols: Vec<DeclutterSymbol>,
}

impl Scene {
    fn new(n: usize, seed: u64) -> Self {
        let mut rng = Rng(seed);
        let mut scene = Scene { labels: vec![], candidates: vec![], icons: vec![], symbols: vec![] };
        for i in 0..n {
            scene.labels.push(DeclutterScreenLabel {
                id: 1000 + i as u64,
                x: rng.float(-20.0, 420.0),
                y: rng.float(-20.0, 320.0),
                width: rng.float(10.0, 60.0),
                height: rng.float(6.0, 16.0),
                angle: [0.0, 0.0, 90.0, 30.0][rng.below(4) as usize],
                priority: rng.below(5) as f64,
                padding: [0.0, 1.0][rng.below(2) as usize],
                anchor: rng.below(9) as u32,
                flags: [0, 0, 0, 0, 0, DECLUTTER_ALLOW_OVERLAP, DECLUTTER_IGNORE_PLACEMENT][rng.below(7) as usize],
                ..DeclutterScreenLabel::default()
            });
            let k = rng.below(5) as usize;
            scene.candidates.push(
                (0..k)
                    .map(|_| DeclutterCandidate {
                        anchor: rng.below(9) as u32,
                        offset_x: rng.float(-4.0, 4.0),
                        offset_y: rng.float(-4.0, 4.0),
                    })
                    .collect(),
            );
            scene.icons.push((rng.below(2) == 0).then(|| DeclutterIcon {
                width: rng.float(4.0, 12.0),
                height: rng.float(4.0, 12.0),
                anchor: rng.below(9) as u32,
                padding: [0.0, 1.0][rng.below(2) as usize],
                ..DeclutterIcon::default()
            }));
            let group = [0, 0, 1, 2][rng.below(4) as usize];
            scene.symbols.push(DeclutterSymbol {
                optional: rng.below(3) as u32,
                repeat_group: group,
                repeat_distance: if group == 0 { 0.0 } else { rng.float(0.0, 80.0) },
                ..DeclutterSymbol::default()
            });
        }
        for i in 0..n {
            let c = &scene.candidates[i];
            scene.symbols[i].candidates = if c.is_empty() { ptr::null() } else { c.as_ptr() };
            scene.symbols[i].candidate_count = c.len();
            scene.symbols[i].icon = scene.icons[i].as_ref().map_or(ptr::null(), |i| i);
        }
        scene
    }

    /// The same scene as label-core's types, built here independently of the crate's own
    /// conversion.
    fn core(&self) -> (Vec<Label>, Vec<Symbol>) {
        let labels = self
            .labels
            .iter()
            .map(|l| Label {
                allow_overlap: l.flags & DECLUTTER_ALLOW_OVERLAP != 0,
                ignore_placement: l.flags & DECLUTTER_IGNORE_PLACEMENT != 0,
                ..Label::new(l.x, l.y, l.width, l.height)
                    .with_angle(l.angle)
                    .with_priority(l.priority)
                    .with_padding(l.padding)
                    .with_anchor(Anchor::ALL[l.anchor as usize])
            })
            .collect();
        let symbols = (0..self.labels.len())
            .map(|i| Symbol {
                candidates: self.candidates[i]
                    .iter()
                    .map(|c| Candidate::new(Anchor::ALL[c.anchor as usize]).with_offset(c.offset_x, c.offset_y))
                    .collect(),
                icon: self.icons[i].map(|c| Icon {
                    width: c.width,
                    height: c.height,
                    anchor: Anchor::ALL[c.anchor as usize],
                    offset: DVec2::new(c.offset_x, c.offset_y),
                    padding: c.padding,
                }),
                optional: [Optional::None, Optional::Text, Optional::Icon][self.symbols[i].optional as usize],
                repeat_group: (self.symbols[i].repeat_group != 0).then_some(self.symbols[i].repeat_group),
                repeat_distance: self.symbols[i].repeat_distance,
                path: None,
            })
            .collect();
        (labels, symbols)
    }

    fn batch(&self, with_symbols: bool) -> DeclutterBatch {
        DeclutterBatch {
            labels: self.labels.as_ptr(),
            symbols: if with_symbols { self.symbols.as_ptr() } else { ptr::null() },
            count: self.labels.len(),
            options: DeclutterBatchOptions {
                has_viewport: 1,
                viewport_max_x: 400.0,
                viewport_max_y: 300.0,
                ..DeclutterBatchOptions::default()
            },
            ..DeclutterBatch::default()
        }
    }
}

fn expected(o: &label_core::LabelOutcome, c: &label_core::Choice) -> DeclutterPlacement {
    let (hidden_by_kind, hidden_by) = match o.hidden_by {
        None => (DECLUTTER_BLOCKER_NONE, 0),
        Some(Blocker::Label(i)) => (DECLUTTER_BLOCKER_LABEL, i),
        Some(Blocker::Obstacle(i)) => (DECLUTTER_BLOCKER_OBSTACLE, i),
    };
    DeclutterPlacement {
        visible: u32::from(o.visible),
        reason: match o.reason {
            None => DECLUTTER_REASON_NONE,
            Some(HiddenReason::Collision) => DECLUTTER_REASON_COLLISION,
            Some(HiddenReason::Offscreen) => DECLUTTER_REASON_OFFSCREEN,
            Some(HiddenReason::Repeat) => DECLUTTER_REASON_REPEAT,
            Some(HiddenReason::NoRoom | HiddenReason::TooCurved) => DECLUTTER_REASON_OTHER,
        },
        hidden_by_kind,
        hidden_by,
        candidate: c.candidate.unwrap_or(DECLUTTER_NO_CANDIDATE),
        parts: match c.parts {
            None => DECLUTTER_PARTS_NONE,
            Some(Parts::Both) => DECLUTTER_PARTS_BOTH,
            Some(Parts::Text) => DECLUTTER_PARTS_TEXT,
            Some(Parts::Icon) => DECLUTTER_PARTS_ICON,
        },
    }
}

#[test]
fn symbols_place_as_the_core_places_them() {
    let options = PlacementOptions::default().with_viewport(400.0, 300.0);
    let mut seen = [0usize; 6];
    for seed in 1..=6u64 {
        let scene = Scene::new(400, seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let (labels, symbols) = scene.core();
        let mut results = vec![DeclutterPlacement::default(); labels.len()];
        let mut stats = DeclutterBatchStats::default();
        // SAFETY: the batch points into `scene`, alive for the call; `results` has room for all.
        let status = unsafe { declutter_place(&scene.batch(true), results.as_mut_ptr(), &mut stats) };
        assert_eq!(status, DECLUTTER_OK, "{}", message());
        let want = label_core::place_symbols(&labels, &symbols, &[], &options).unwrap();
        for (i, r) in results.iter().enumerate() {
            assert_eq!(*r, expected(&want.outcomes[i], &want.choices[i]), "seed {seed}, label {i}");
            seen[r.reason as usize] += 1;
            seen[5] += usize::from(r.candidate != DECLUTTER_NO_CANDIDATE && r.candidate > 0);
        }
        assert_eq!((stats.labels, stats.visible), (400, want.stats.visible as u64));
        assert_eq!(stats.hidden_repeat, want.stats.hidden_repeat as u64);

        // Without symbols: the plain engine.
        // SAFETY: as above.
        let status = unsafe { declutter_place(&scene.batch(false), results.as_mut_ptr(), ptr::null_mut()) };
        assert_eq!(status, DECLUTTER_OK, "{}", message());
        let plain = label_core::place(&labels, &[], &options).unwrap();
        let none = label_core::Choice::default();
        for (i, r) in results.iter().enumerate() {
            assert_eq!(*r, expected(&plain.outcomes[i], &none), "plain, seed {seed}, label {i}");
        }
    }
    let reached = [seen[0], seen[1], seen[2], seen[DECLUTTER_REASON_REPEAT as usize], seen[5]];
    assert!(reached.iter().all(|&n| n > 0), "visible, collision, offscreen, repeat, later candidate: {reached:?}");
}

#[test]
fn bad_batches_are_named_and_write_nothing() {
    let scene = Scene::new(5, 7);
    let untouched = DeclutterPlacement { visible: 9, ..DeclutterPlacement::default() };
    let mut results = vec![untouched; 5];
    let run = |batch: &DeclutterBatch, results: &mut [DeclutterPlacement]| {
        // SAFETY: every pointer of `batch` is null (with its count said) or points into a live
        // local; `results` has room for the batch's count.
        unsafe { declutter_place(batch, results.as_mut_ptr(), ptr::null_mut()) }
    };
    // SAFETY: a null batch is refused before anything is read.
    assert_eq!(unsafe { declutter_place(ptr::null(), results.as_mut_ptr(), ptr::null_mut()) }, DECLUTTER_NULL_POINTER);
    assert_eq!(message(), "batch is a null pointer");
    let good = scene.batch(true);
    // SAFETY: `good` points into `scene`; null results with a count are refused.
    assert_eq!(unsafe { declutter_place(&good, ptr::null_mut(), ptr::null_mut()) }, DECLUTTER_NULL_POINTER);
    assert_eq!(message(), "results is a null pointer");
    assert_eq!(run(&DeclutterBatch { labels: ptr::null(), ..good }, &mut results), DECLUTTER_NULL_POINTER);
    assert_eq!(message(), "labels is a null pointer");

    let mut symbols = scene.symbols.clone();
    symbols[3].candidates = ptr::null();
    symbols[3].candidate_count = 2;
    assert_eq!(run(&DeclutterBatch { symbols: symbols.as_ptr(), ..good }, &mut results), DECLUTTER_NULL_POINTER);
    assert_eq!(message(), "symbols[3].candidates is a null pointer");

    let mut symbols = scene.symbols.clone();
    symbols[2] = DeclutterSymbol { repeat_group: 0, repeat_distance: 5.0, ..symbols[2] };
    assert_eq!(run(&DeclutterBatch { symbols: symbols.as_ptr(), ..good }, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert_eq!(message(), "label 2 (id 1002): field `repeat_distance`: set without a repeat_group");
    symbols[2] = DeclutterSymbol { repeat_group: 1, repeat_distance: -5.0, ..symbols[2] };
    assert_eq!(run(&DeclutterBatch { symbols: symbols.as_ptr(), ..good }, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert!(message().starts_with("label 2 (id 1002): field `repeat_distance`: "), "{}", message());
    symbols[2] = DeclutterSymbol { repeat_group: 1, repeat_distance: 5.0, optional: 7, ..symbols[2] };
    assert_eq!(run(&DeclutterBatch { symbols: symbols.as_ptr(), ..good }, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert_eq!(message(), "label 2 (id 1002): field `optional`: 7 is not a DECLUTTER_OPTIONAL_* value");

    let mut labels = scene.labels.clone();
    labels[4].height = f64::NAN;
    assert_eq!(run(&DeclutterBatch { labels: labels.as_ptr(), ..good }, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert!(message().starts_with("label 4 (id 1004): field `height`: "), "{}", message());
    let icon = DeclutterIcon { width: 5.0, height: 5.0, padding: -1.0, ..DeclutterIcon::default() };
    let mut symbols = scene.symbols.clone();
    symbols[1].icon = &icon;
    assert_eq!(run(&DeclutterBatch { symbols: symbols.as_ptr(), ..good }, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert!(message().starts_with("label 1 (id 1001): field `icon.padding`: "), "{}", message());
    let options = DeclutterBatchOptions { has_viewport: 1, viewport_max_x: f64::INFINITY, ..good.options };
    assert_eq!(run(&DeclutterBatch { options, ..good }, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert!(message().starts_with("options: "), "{}", message());
    let obstacle = DeclutterObstacle { kind: 9, ..DeclutterObstacle::default() };
    let with_obstacle = DeclutterBatch { obstacles: &obstacle, obstacle_count: 1, ..good };
    assert_eq!(run(&with_obstacle, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert!(message().contains("obstacle 0: kind 9"), "{}", message());
    assert!(results.iter().all(|r| *r == untouched), "nothing written on error");

    // An empty batch needs no pointers.
    // SAFETY: nothing is read or written for a count of 0.
    let empty = unsafe { declutter_place(&DeclutterBatch::default(), ptr::null_mut(), ptr::null_mut()) };
    assert_eq!(empty, DECLUTTER_OK);
    assert_eq!(run(&good, &mut results), DECLUTTER_OK);
}
