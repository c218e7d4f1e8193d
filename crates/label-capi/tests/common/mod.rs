//! What the C-caller tests share: C programs compiled and run (`compile`), the last error's
//! message, a seeded generator, random symbols in C with their label-core twins, and the frame
//! tests' camera and result checks.
#![allow(unsafe_code, reason = "reading the library's error string as a C caller would")]
#![allow(dead_code, reason = "each test binary uses a part of it")]

pub mod compile;

use std::ffi::CStr;

use declutter::{
    DECLUTTER_BLOCKER_LABEL, DECLUTTER_OK, DeclutterCamera, DeclutterCandidate, DeclutterEngine, DeclutterIcon,
    DeclutterLabel, DeclutterLabelResult, DeclutterSymbol,
};
use glam::DVec2;
use label_core::{Anchor, Blocker, Candidate, Icon, Optional, Symbol};
use label_frame::{Camera, FrameEngine, FrameOptions, LabelFrame, WorldLabel};

/// The message of the last failed call on this thread.
pub fn message() -> String {
    // SAFETY: `declutter_last_error` returns a NUL-terminated string owned by this thread.
    unsafe { CStr::from_ptr(declutter::declutter_last_error()) }.to_string_lossy().into_owned()
}

/// A seeded generator (xorshift): the same scenes every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A whole number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A number in `[lo, hi)`.
    pub fn float(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Up to 4 candidate positions, offsets within `spread` px.
pub fn random_candidates(rng: &mut Rng, spread: f64) -> Vec<DeclutterCandidate> {
    (0..rng.below(5))
        .map(|_| DeclutterCandidate {
            anchor: rng.below(9) as u32,
            offset_x: rng.float(-spread, spread),
            offset_y: rng.float(-spread, spread),
        })
        .collect()
}

/// An icon of sides from `lo` to `hi` px.
pub fn random_icon(rng: &mut Rng, lo: f64, hi: f64) -> DeclutterIcon {
    DeclutterIcon {
        width: rng.float(lo, hi),
        height: rng.float(lo, hi),
        anchor: rng.below(9) as u32,
        padding: [0.0, 1.0][rng.below(2) as usize],
        ..DeclutterIcon::default()
    }
}

/// A symbol's own fields: any `optional`, and half the time one of two repeat groups with a
/// distance in `distances`; its pointers are set by [`point_at`].
pub fn random_symbol(rng: &mut Rng, distances: (f64, f64)) -> DeclutterSymbol {
    let group = [0, 0, 1, 2][rng.below(4) as usize];
    DeclutterSymbol {
        optional: rng.below(3) as u32,
        repeat_group: group,
        repeat_distance: if group == 0 { 0.0 } else { rng.float(distances.0, distances.1) },
        ..DeclutterSymbol::default()
    }
}

/// Points `symbol` at its candidates and icon (null when there are none).
pub fn point_at(symbol: &mut DeclutterSymbol, candidates: &[DeclutterCandidate], icon: Option<&DeclutterIcon>) {
    symbol.candidates = if candidates.is_empty() { std::ptr::null() } else { candidates.as_ptr() };
    symbol.candidate_count = candidates.len();
    symbol.icon = icon.map_or(std::ptr::null(), |i| i);
}

/// The same symbol as label-core's (without a path), built here independently of the crate's
/// own conversion.
pub fn core_symbol(s: &DeclutterSymbol, candidates: &[DeclutterCandidate], icon: Option<&DeclutterIcon>) -> Symbol {
    let anchor = |a: u32| Anchor::ALL[a as usize];
    Symbol {
        candidates: candidates
            .iter()
            .map(|c| Candidate::new(anchor(c.anchor)).with_offset(c.offset_x, c.offset_y))
            .collect(),
        icon: icon.map(|c| Icon {
            width: c.width,
            height: c.height,
            anchor: anchor(c.anchor),
            offset: DVec2::new(c.offset_x, c.offset_y),
            padding: c.padding,
        }),
        optional: [Optional::None, Optional::Text, Optional::Icon][s.optional as usize],
        repeat_group: (s.repeat_group != 0).then_some(s.repeat_group),
        repeat_distance: s.repeat_distance,
        path: None,
    }
}

/// The same camera in C and for label-frame: over Vienna (16.37°, 48.2°) on an 800 × 600 px
/// screen.
pub fn vienna_camera(zoom: f64, bearing: f64, pitch: f64) -> (DeclutterCamera, Camera) {
    let c = DeclutterCamera {
        center_x: 16.37,
        center_y: 48.2,
        zoom,
        bearing,
        pitch,
        width: 800.0,
        height: 600.0,
        ..DeclutterCamera::default()
    };
    (c, Camera::from_lon_lat(16.37, 48.2, zoom, 800.0, 600.0).with_bearing(bearing).with_pitch(pitch))
}

/// The same labels in label-frame's engine (`world`, the reference) and in a new C engine
/// (`labels` with `symbols`); the C engine is the caller's to free.
pub fn engines(
    world: Vec<WorldLabel>,
    labels: &[DeclutterLabel],
    symbols: &[DeclutterSymbol],
) -> (FrameEngine, *mut DeclutterEngine) {
    let mut reference = FrameEngine::new(FrameOptions::default()).unwrap();
    reference.set_labels(world).unwrap();
    assert_eq!(labels.len(), symbols.len());
    let mut engine: *mut DeclutterEngine = std::ptr::null_mut();
    // SAFETY: the pointers are a local and slices of `labels.len()` entries.
    unsafe {
        assert_eq!(declutter::declutter_engine_new(std::ptr::null(), 1, &mut engine), DECLUTTER_OK);
        let status = declutter::declutter_engine_set_labels_with_symbols(
            engine,
            labels.as_ptr(),
            symbols.as_ptr(),
            labels.len(),
        );
        assert_eq!(status, DECLUTTER_OK, "{}", message());
    }
    (reference, engine)
}

/// Places frames `0..count` on both engines (camera `camera(k)`, 16 ms apart), asserts that
/// every C result says what the reference says ([`assert_same_result`]) and hands each frame's
/// index, C results and the reference to `more`, the test's own checks.
///
/// # Safety
/// `engine` is a live handle used by this thread only.
pub unsafe fn frames_alike(
    engine: *mut DeclutterEngine,
    reference: &mut FrameEngine,
    count: usize,
    camera: impl Fn(usize) -> (DeclutterCamera, Camera),
    mut more: impl FnMut(usize, &[DeclutterLabelResult], &FrameEngine),
) {
    let mut results = Vec::new();
    for k in 0..count {
        let (c, camera) = camera(k);
        let time = 16.0 * k as f64;
        let want = reference.place_frame(&camera, time).unwrap();
        results.resize(want.labels.len(), DeclutterLabelResult::default());
        // SAFETY: the function's contract.
        unsafe { place_and_read(engine, &c, time, &mut results) };
        for (i, (r, w)) in results.iter().zip(&want.labels).enumerate() {
            assert_same_result(r, w, k, i);
        }
        more(k, &results, reference);
    }
}

/// Sets the camera `c`, places a frame at `time` (ms) and reads every label's result into
/// `results`.
///
/// # Safety
/// `engine` is a live handle used by this thread only.
unsafe fn place_and_read(
    engine: *mut DeclutterEngine,
    c: &DeclutterCamera,
    time: f64,
    results: &mut [DeclutterLabelResult],
) {
    // SAFETY: the function's contract; the other pointers are locals of the right size.
    unsafe {
        assert_eq!(declutter::declutter_engine_set_camera(engine, c), DECLUTTER_OK);
        assert_eq!(declutter::declutter_engine_place_frame(engine, time, std::ptr::null_mut()), DECLUTTER_OK);
        let mut written = 0;
        let status = declutter::declutter_engine_results(engine, results.as_mut_ptr(), results.len(), &mut written);
        assert_eq!((status, written), (DECLUTTER_OK, results.len()));
    }
}

/// Asserts that the C result `r` of label `i` in frame `k` says what label-frame's `w` says:
/// shown, opacity, reason and the label that hid it.
#[track_caller]
fn assert_same_result(r: &DeclutterLabelResult, w: &LabelFrame, k: usize, i: usize) {
    assert_eq!((r.visible, r.opacity), (u32::from(w.visible), w.opacity), "frame {k}, label {i}");
    assert_eq!(r.reason, c_reason(w.reason), "frame {k}, label {i}");
    if let Some(Blocker::Label(b)) = w.hidden_by {
        assert_eq!((r.hidden_by_kind, r.hidden_by), (DECLUTTER_BLOCKER_LABEL, b), "frame {k}, label {i}");
    }
}

/// The `DECLUTTER_REASON_*` value of a frame's reason, written here independently of the
/// crate's own conversion.
pub fn c_reason(reason: Option<label_frame::HiddenReason>) -> u32 {
    use label_frame::HiddenReason;
    match reason {
        None => declutter::DECLUTTER_REASON_NONE,
        Some(HiddenReason::Collision) => declutter::DECLUTTER_REASON_COLLISION,
        Some(HiddenReason::Offscreen) => declutter::DECLUTTER_REASON_OFFSCREEN,
        Some(HiddenReason::BehindCamera) => declutter::DECLUTTER_REASON_BEHIND_CAMERA,
        Some(HiddenReason::Repeat) => declutter::DECLUTTER_REASON_REPEAT,
        Some(HiddenReason::NoRoom) => declutter::DECLUTTER_REASON_NO_ROOM,
        Some(HiddenReason::TooCurved) => declutter::DECLUTTER_REASON_TOO_CURVED,
    }
}
