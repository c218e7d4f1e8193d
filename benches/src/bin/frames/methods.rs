//! The three ways of placing a frame that the benchmark compares, behind one interface.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, Instant};

use label_core::{Label, collides};
use label_frame::{FrameEngine, FrameKind, FrameOptions, Projection, Sight, WorldLabel, project_labels};

use crate::grid::Grid;

/// A way of placing frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The frame engine with its default stability.
    Engine,
    /// The frame engine with strict priority: shown labels win ties only
    /// ([`label_frame::Stickiness::Ties`]); hysteresis, fading and reuse as the default.
    Ties,
    /// The frame engine without memory: the per-frame greedy placement.
    Plain,
    /// The axis-aligned baseline: projection as the engine does it, then bounding boxes in a
    /// 25-px grid.
    Aabb,
}

impl Method {
    pub const ALL: [Method; 4] = [Method::Engine, Method::Ties, Method::Plain, Method::Aabb];

    /// The method of a key (see [`Self::key`]).
    pub fn from_key(key: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.key() == key)
    }

    pub fn name(self) -> &'static str {
        match self {
            Method::Engine => "engine",
            Method::Ties => "engine, ties only",
            Method::Plain => "engine, no stability",
            Method::Aabb => "axis-aligned grid",
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Method::Engine => "engine",
            Method::Ties => "engine_ties_only",
            Method::Plain => "no_stability",
            Method::Aabb => "aabb_grid",
        }
    }
}

/// What one frame gave.
pub struct FrameOutcome {
    pub time: Duration,
    pub in_view: usize,
    pub visible: usize,
    pub flips: usize,
    /// Flips that undo the same label's previous flip within [`FLICKER_FRAMES`] frames: what a
    /// viewer sees as blinking.
    pub flicker: usize,
    pub reused: bool,
    /// The engine's own split of the frame, µs: project, place, finish (zero for the baseline).
    pub split_us: [f64; 3],
    /// A hash of every label's result (visible, opacity, reason, hidden_by, pose; the baseline:
    /// visible), so that two builds can be checked to decide the same frames.
    pub digest: u64,
}

/// Half a second at 60 frames per second.
pub const FLICKER_FRAMES: usize = 30;

/// Runs frames with one method, keeping what is needed to count flips.
pub struct Runner {
    method: Method,
    labels: Vec<WorldLabel>,
    engine: FrameEngine,
    grid: Grid,
    sights: Vec<Sight>,
    visible: Vec<bool>,
    in_view: Vec<bool>,
    /// Frame number of each label's last flip (`usize::MAX`: none yet).
    last_flip: Vec<usize>,
    frame_number: usize,
    started: bool,
}

impl Runner {
    /// A runner; `hysteresis` px for the methods with stability.
    pub fn new(method: Method, labels: &[WorldLabel], hysteresis: f64) -> Self {
        let options = match method {
            Method::Engine => FrameOptions::default().with_hysteresis(hysteresis),
            Method::Ties => {
                FrameOptions::default().with_stickiness(label_frame::Stickiness::Ties).with_hysteresis(hysteresis)
            }
            Method::Plain | Method::Aabb => FrameOptions::without_stability(),
        };
        let mut engine = FrameEngine::new(options).expect("default options are valid");
        if method != Method::Aabb {
            engine.set_labels(labels.to_vec()).expect("fixture labels are valid");
        }
        Self {
            method,
            labels: labels.to_vec(),
            engine,
            grid: Grid::default(),
            sights: Vec::new(),
            visible: vec![false; labels.len()],
            in_view: vec![false; labels.len()],
            last_flip: vec![usize::MAX; labels.len()],
            frame_number: 0,
            started: false,
        }
    }

    /// Forgets the last frame (before each animation).
    pub fn reset(&mut self) {
        self.engine.reset();
        self.started = false;
        self.visible.fill(false);
        self.in_view.fill(false);
        self.last_flip.fill(usize::MAX);
        self.frame_number = 0;
    }

    /// Places one frame; only the placement itself is timed.
    pub fn frame(&mut self, camera: &label_frame::Camera, time_ms: f64) -> FrameOutcome {
        let mut split_us = [0.0; 3];
        let mut hasher = DefaultHasher::new();
        let (time, visible, in_view, reused) = match self.method {
            Method::Engine | Method::Ties | Method::Plain => {
                let start = Instant::now();
                self.engine.place_frame(camera, time_ms).expect("valid camera");
                let time = start.elapsed();
                let t = self.engine.timings();
                split_us = [t.project_us, t.place_us, t.finish_us];
                let frame = self.engine.frame();
                for l in &frame.labels {
                    hash_label(l, &mut hasher);
                }
                let visible: Vec<bool> = frame.labels.iter().map(|l| l.visible).collect();
                let in_view: Vec<bool> = frame.labels.iter().map(|l| l.in_view()).collect();
                (time, visible, in_view, frame.stats.kind == FrameKind::Reused)
            }
            Method::Aabb => {
                let start = Instant::now();
                let projection = Projection::new(camera);
                self.sights = project_labels(&self.labels, &projection, 0.5);
                let candidates: Vec<usize> =
                    (0..self.labels.len()).filter(|&i| matches!(self.sights[i], Sight::In(_))).collect();
                let screen: Vec<Label> = candidates.iter().map(|&i| self.screen_label(i).expect("in view")).collect();
                let shown = self.grid.place(&screen, camera.size.as_vec2());
                let time = start.elapsed();
                let mut visible = vec![false; self.labels.len()];
                let mut in_view = vec![false; self.labels.len()];
                for (&i, s) in candidates.iter().zip(shown) {
                    visible[i] = s;
                    in_view[i] = true;
                }
                visible.hash(&mut hasher);
                (time, visible, in_view, false)
            }
        };
        let (mut flips, mut flicker) = (0, 0);
        if self.started {
            for i in (0..visible.len()).filter(|&i| in_view[i] && self.in_view[i] && visible[i] != self.visible[i]) {
                flips += 1;
                let last = self.last_flip[i];
                flicker += usize::from(last != usize::MAX && self.frame_number - last < FLICKER_FRAMES);
                self.last_flip[i] = self.frame_number;
            }
        }
        self.frame_number += 1;
        let outcome = FrameOutcome {
            time,
            in_view: in_view.iter().filter(|&&v| v).count(),
            visible: visible.iter().filter(|&&v| v).count(),
            flips,
            flicker,
            reused,
            split_us,
            digest: hasher.finish(),
        };
        self.visible = visible;
        self.in_view = in_view;
        self.started = true;
        outcome
    }

    /// Label `i` on screen in the last frame (its own padding).
    pub fn screen_label(&self, i: usize) -> Option<Label> {
        match self.method {
            Method::Engine | Method::Ties | Method::Plain => self.engine.screen_label(i),
            Method::Aabb => self.sights.get(i)?.pose().map(|p| self.labels[i].on_screen(&p, 0.0)),
        }
    }

    /// Pairs of shown labels whose oriented boxes overlap (the contract's test), by a sweep over
    /// their bounds.
    pub fn overlapping_pairs(&self) -> usize {
        let mut shown: Vec<(label_core::Obb, label_core::Aabb)> = (0..self.labels.len())
            .filter(|&i| self.visible[i])
            .filter_map(|i| self.screen_label(i))
            .map(|l| {
                let b = l.obb();
                (b, b.aabb())
            })
            .collect();
        shown.sort_by(|a, b| a.1.min.x.total_cmp(&b.1.min.x));
        let mut bad = 0;
        for (k, (a, ab)) in shown.iter().enumerate() {
            for (b, bb) in &shown[k + 1..] {
                if bb.min.x >= ab.max.x {
                    break;
                }
                if ab.overlaps(bb) && collides(a, b, 0.0) {
                    bad += 1;
                }
            }
        }
        bad
    }
}

/// Feeds one label's result to a hasher (floats by their bits). The pose counts for labels in
/// view or drawn: an engine may leave labels far off screen unprojected.
fn hash_label(l: &label_frame::LabelFrame, hasher: &mut DefaultHasher) {
    l.visible.hash(hasher);
    l.opacity.to_bits().hash(hasher);
    l.reason.hash(hasher);
    l.hidden_by.hash(hasher);
    if let Some(p) = l.pose.filter(|_| l.in_view() || l.opacity > 0.0) {
        [p.position.x, p.position.y, p.angle, p.scale].map(f64::to_bits).hash(hasher);
    }
}
