//! The native engine's frames over the animation: a digest of each frame's decisions (the same
//! digest `js/digest.js` takes of the WebAssembly module's result columns), the visible labels
//! of a few chosen frames, and the time each `place_frame` took.

use std::time::Instant;

use anyhow::Result;
use label_core::Blocker;
use label_frame::{Frame, FrameEngine, FrameOptions, WorldLabel};
use label_wasm::reason_code;
use serde::Serialize;

use crate::animation::Shot;

/// Frames whose visible labels are written out in full (the browser test compares them id by
/// id; the digests cover every frame): ends and middles of the pan, zoom, turn and tilt.
pub const CHECKED: [usize; 10] = [0, 60, 119, 240, 360, 420, 480, 539, 600, 660];

/// FNV-1a over 32-bit words of every label in order: `visible | reason << 8 | blocker << 16`,
/// `hidden_by`, the opacity's bits.
#[must_use]
pub fn digest(frame: &Frame) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    let mut eat = |w: u32| h = (h ^ w).wrapping_mul(0x0100_0193);
    for l in &frame.labels {
        let (blocker, by) = match l.hidden_by {
            None => (0, 0),
            Some(Blocker::Label(i)) => (1, i),
            Some(Blocker::Obstacle(i)) => (2, i),
        };
        eat(u32::from(l.visible) | u32::from(reason_code(l.reason)) << 8 | blocker << 16);
        eat(by);
        eat(l.opacity.to_bits());
    }
    h
}

/// One frame in `expected.json`.
#[derive(Serialize)]
pub struct Expected {
    /// [`digest`] of the frame.
    pub digest: u32,
    /// Labels shown.
    pub visible: usize,
    /// The shown labels' indices, for the [`CHECKED`] frames.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ids: Option<Vec<usize>>,
}

/// Replays `shots` on a new engine: each frame's expected record and `place_frame`'s time, µs.
pub fn replay(labels: &[WorldLabel], shots: &[Shot]) -> Result<(Vec<Expected>, Vec<f64>)> {
    let mut engine = FrameEngine::new(FrameOptions::default())?;
    engine.set_labels(labels.to_vec())?;
    let mut expected = Vec::with_capacity(shots.len());
    let mut times = Vec::with_capacity(shots.len());
    for (k, shot) in shots.iter().enumerate() {
        let camera = shot.camera();
        let start = Instant::now();
        let frame = engine.place_frame(&camera, shot.time)?;
        times.push(start.elapsed().as_secs_f64() * 1e6);
        let ids = CHECKED.contains(&k).then(|| frame.visible_indices().collect());
        expected.push(Expected { digest: digest(frame), visible: frame.stats.visible, ids });
    }
    Ok((expected, times))
}
