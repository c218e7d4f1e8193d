//! The ways of placing a frame that the benchmark compares, behind one interface: the engine
//! (with its stability, strict priority, or none; and with its shortcuts turned off, all or one
//! by one), and the axis-aligned baseline.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, Instant};

use label_core::pipeline::collides;
use label_core::{Blocker, Label};
use label_frame::{
    FrameEngine, FrameKind, FrameOptions, LabelFrame, Projection, Shortcuts, Sight, WorldLabel, project_labels,
};

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
    /// The frame engine as [`Method::Engine`], taking none of its shortcuts
    /// ([`FrameEngine::without_shortcuts`]).
    NoShortcuts,
    /// [`Method::Engine`] without one shortcut ([`Shortcuts`]): labels never sleep.
    NoSleep,
    /// … sleeping labels never go dormant (they are visited).
    NoDormant,
    /// … a path label's line is projected and laid out even where its world measures prove
    /// the text has no room ([`Shortcuts::no_room`]).
    NoNoRoom,
    /// … or that it is laid out off screen ([`Shortcuts::far_lines`]).
    NoFarLines,
    /// [`Method::Engine`] over the same labels made symbols: four candidate positions around
    /// each place's point ([`crate::world::with_candidates`]).
    Symbols,
    /// [`Method::Symbols`] without the last position tried first
    /// ([`FrameOptions::last_position_first`] off).
    SymbolsInOrder,
}

impl Method {
    /// What a run compares unless `--method` says otherwise (the summary needs these).
    pub const DEFAULT: [Method; 4] = [Method::Engine, Method::Ties, Method::Plain, Method::Aabb];
    /// Every method: the default ones, then the engine with its shortcuts off (all, then each
    /// alone; each of these decides every frame as [`Method::Engine`] does: equal digests),
    /// then the engine over symbols.
    pub const ALL: [Method; 11] = [
        Method::Engine,
        Method::Ties,
        Method::Plain,
        Method::Aabb,
        Method::NoShortcuts,
        Method::NoSleep,
        Method::NoDormant,
        Method::NoNoRoom,
        Method::NoFarLines,
        Method::Symbols,
        Method::SymbolsInOrder,
    ];

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
            Method::NoShortcuts => "engine, no shortcuts",
            Method::NoSleep => "engine, no sleep",
            Method::NoDormant => "engine, no dormant",
            Method::NoNoRoom => "engine, no sure no_room",
            Method::NoFarLines => "engine, no far lines",
            Method::Symbols => "engine, symbols",
            Method::SymbolsInOrder => "engine, symbols, no last position first",
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Method::Engine => "engine",
            Method::Ties => "engine_ties_only",
            Method::Plain => "no_stability",
            Method::Aabb => "aabb_grid",
            Method::NoShortcuts => "no_shortcuts",
            Method::NoSleep => "no_sleep",
            Method::NoDormant => "no_dormant",
            Method::NoNoRoom => "no_no_room",
            Method::NoFarLines => "no_far_lines",
            Method::Symbols => "symbols",
            Method::SymbolsInOrder => "symbols_in_order",
        }
    }

    /// Whether the method's labels are symbols ([`crate::world::with_candidates`]).
    pub fn symbols(self) -> bool {
        matches!(self, Method::Symbols | Method::SymbolsInOrder)
    }

    /// The shortcuts the method's engine takes.
    fn shortcuts(self) -> Shortcuts {
        let mut shortcuts = Shortcuts::ALL;
        match self {
            Method::Engine | Method::Ties | Method::Plain | Method::Aabb | Method::Symbols | Method::SymbolsInOrder => {
            }
            Method::NoShortcuts => shortcuts = Shortcuts::NONE,
            Method::NoSleep => shortcuts.sleep = false,
            Method::NoDormant => shortcuts.dormant = false,
            Method::NoNoRoom => shortcuts.no_room = false,
            Method::NoFarLines => shortcuts.far_lines = false,
        }
        shortcuts
    }
}

/// How the shown labels changed from the last frame to this one, split by where each label was:
/// in view in both frames or not. A label is *in view* when shown or hidden by a collision
/// ([`label_frame::LabelFrame::in_view`]; for the baseline: its box met the viewport).
///
/// With S the labels shown, the counts obey S_now = S_before − exited + entered + appeared −
/// disappeared (checked by [`Changes::between`]), so a frame's flips are at least
/// |S_now − S_before + exited − entered| ([`Changes::floor`]); more when the motion made shown
/// labels overlap ([`Changes::collision_floor`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// In view in both frames, hidden before and shown now.
    pub appeared: usize,
    /// In view in both frames, shown before and hidden now.
    pub disappeared: usize,
    /// Shown before, out of view now (off screen or behind the camera).
    pub exited: usize,
    /// Out of view before, shown now.
    pub entered: usize,
    /// Labels shown before that must disappear because the motion made them overlap: the size of
    /// a matching among the pairs of labels shown before, in view now and overlapping now (an
    /// overlap-free frame hides one label of each matched pair). Set by [`Runner::frame`].
    pub forced_out: usize,
    /// Of the disappearances, labels hidden by a label that was out of view in the last frame
    /// (by their `hidden_by`: the engines only; 0 for the baseline, which does not say what hid
    /// a label). Set by [`Runner::frame`].
    pub pushed_by_entries: usize,
}

impl Changes {
    /// Counts the changes from one frame's labels (`visible`, `in_view` per label) to the
    /// next's.
    ///
    /// # Panics
    ///
    /// If the counts break the identity S_now = S_before − exited + entered + appeared −
    /// disappeared (which holds when every shown label is in view).
    pub fn between(before: (&[bool], &[bool]), now: (&[bool], &[bool])) -> Self {
        let ((was_shown, was_in_view), (is_shown, is_in_view)) = (before, now);
        let mut c = Changes::default();
        for i in 0..is_shown.len() {
            let (was, is) = (was_shown[i], is_shown[i]);
            if was_in_view[i] && is_in_view[i] {
                c.appeared += usize::from(!was && is);
                c.disappeared += usize::from(was && !is);
            } else {
                c.exited += usize::from(was && !is_in_view[i]);
                c.entered += usize::from(is && !was_in_view[i]);
            }
        }
        let shown = |v: &[bool]| v.iter().filter(|&&s| s).count();
        assert_eq!(
            shown(is_shown) + c.exited + c.disappeared,
            shown(was_shown) + c.entered + c.appeared,
            "shown now = shown before − exited + entered + appeared − disappeared: {c:?}"
        );
        c
    }

    /// Flips: labels in view in both frames whose visibility changed.
    pub fn flips(self) -> usize {
        self.appeared + self.disappeared
    }

    /// The fewest flips that take the last frame's label count to this one's with the same
    /// exits and entries: |appeared − disappeared|, which by the identity checked in
    /// [`Self::between`] is |S_now − S_before + exited − entered|.
    pub fn floor(self) -> usize {
        self.appeared.abs_diff(self.disappeared)
    }

    /// The fewest flips at the same label counts, exits and entries when at least
    /// [`Self::forced_out`] labels must disappear: appeared − disappeared + 2 · forced_out, or
    /// [`Self::floor`] if that is larger.
    pub fn collision_floor(self) -> usize {
        (self.appeared + 2 * self.forced_out).saturating_sub(self.disappeared).max(self.floor())
    }
}

/// What one frame gave.
pub struct FrameOutcome {
    pub time: Duration,
    pub in_view: usize,
    pub visible: usize,
    /// The changes from the last frame (all zero in the first).
    pub changes: Changes,
    /// Flips that undo the same label's previous flip within [`FLICKER_FRAMES`] frames: what a
    /// viewer sees as blinking.
    pub flicker: usize,
    pub reused: bool,
    /// The engine's own split of the frame, µs: project, place, finish (zero for the baseline).
    pub split_us: [f64; 3],
    /// The engine's labels placed in the frame, and those asleep (zero for the baseline).
    pub placed_now: usize,
    pub asleep: usize,
    /// A hash of every label's result (visible, opacity, reason, hidden_by, pose, and for
    /// symbols the choices; the baseline: visible), so that two builds can be checked to decide
    /// the same frames.
    pub digest: u64,
    /// Labels shown in this frame and the last at different candidates: the jumps a viewer sees.
    pub moves: usize,
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
    /// Each label's candidate in the last frame, if shown at one.
    candidates: Vec<Option<u32>>,
    frame_number: usize,
    started: bool,
}

impl Runner {
    /// A runner; `hysteresis` px for the methods with stability.
    pub fn new(method: Method, labels: &[WorldLabel], hysteresis: f64) -> Self {
        let options = match method {
            Method::Engine
            | Method::NoShortcuts
            | Method::NoSleep
            | Method::NoDormant
            | Method::NoNoRoom
            | Method::NoFarLines
            | Method::Symbols => FrameOptions::default().with_hysteresis(hysteresis),
            Method::SymbolsInOrder => {
                FrameOptions::default().with_hysteresis(hysteresis).with_last_position_first(false)
            }
            Method::Ties => {
                FrameOptions::default().with_stickiness(label_frame::Stickiness::Ties).with_hysteresis(hysteresis)
            }
            Method::Plain | Method::Aabb => FrameOptions::without_stability(),
        };
        let mut engine = FrameEngine::with_shortcuts(options, method.shortcuts()).expect("default options are valid");
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
            candidates: vec![None; labels.len()],
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
        self.candidates.fill(None);
        self.frame_number = 0;
    }

    /// Places one frame; only the placement itself is timed.
    pub fn frame(&mut self, camera: &label_frame::Camera, time_ms: f64) -> FrameOutcome {
        let mut split_us = [0.0; 3];
        let (mut placed_now, mut asleep) = (0, 0);
        let mut hasher = DefaultHasher::new();
        let mut candidates = vec![None; self.labels.len()];
        let (time, visible, in_view, reused, pushed_by_entries) = match self.method {
            Method::Engine
            | Method::Ties
            | Method::Plain
            | Method::NoShortcuts
            | Method::NoSleep
            | Method::NoDormant
            | Method::NoNoRoom
            | Method::NoFarLines
            | Method::Symbols
            | Method::SymbolsInOrder => {
                let start = Instant::now();
                self.engine.place_frame(camera, time_ms).expect("valid camera");
                let time = start.elapsed();
                let t = self.engine.timings();
                split_us = [t.project_us, t.place_us, t.finish_us];
                let frame = self.engine.frame();
                (placed_now, asleep) = (frame.stats.placed_now, frame.stats.asleep);
                for l in &frame.labels {
                    hash_label(l, &mut hasher);
                }
                // Plain labels have no choices: their digests stay as they were.
                if !frame.choices.is_empty() {
                    frame.choices.hash(&mut hasher);
                    for (i, (c, l)) in frame.choices.iter().zip(&frame.labels).enumerate() {
                        candidates[i] = c.candidate.filter(|_| l.visible);
                    }
                }
                let visible: Vec<bool> = frame.labels.iter().map(|l| l.visible).collect();
                let in_view: Vec<bool> = frame.labels.iter().map(|l| l.in_view()).collect();
                (time, visible, in_view, frame.stats.kind == FrameKind::Reused, self.pushed_by_entries(&frame.labels))
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
                (time, visible, in_view, false, 0)
            }
        };
        let (mut flips, mut flicker) = (0, 0);
        let mut changes = Changes::default();
        if self.started {
            for i in (0..visible.len()).filter(|&i| in_view[i] && self.in_view[i] && visible[i] != self.visible[i]) {
                flips += 1;
                let last = self.last_flip[i];
                flicker += usize::from(last != usize::MAX && self.frame_number - last < FLICKER_FRAMES);
                self.last_flip[i] = self.frame_number;
            }
            changes = Changes {
                // The labels' boxes at their candidates, or glyphs, are not counted (symbols: 0).
                forced_out: if self.parted() { 0 } else { self.forced_out(&in_view) },
                pushed_by_entries,
                ..Changes::between((&self.visible, &self.in_view), (&visible, &in_view))
            };
            assert_eq!(flips, changes.flips(), "flips are the appearances and disappearances in view");
            assert!(
                changes.disappeared >= changes.forced_out,
                "{:?} shows overlapping labels: {changes:?}",
                self.method
            );
        }
        let moves = if self.started {
            candidates
                .iter()
                .zip(&self.candidates)
                .filter(|(now, was)| now.is_some() && was.is_some() && now != was)
                .count()
        } else {
            0
        };
        self.candidates = candidates;
        self.frame_number += 1;
        let outcome = FrameOutcome {
            time,
            in_view: in_view.iter().filter(|&&v| v).count(),
            visible: visible.iter().filter(|&&v| v).count(),
            changes,
            flicker,
            reused,
            split_us,
            placed_now,
            asleep,
            digest: hasher.finish(),
            moves,
        };
        self.visible = visible;
        self.in_view = in_view;
        self.started = true;
        outcome
    }

    /// Label `i` on screen in the last frame (its own padding).
    pub fn screen_label(&self, i: usize) -> Option<Label> {
        match self.method {
            Method::Aabb => self.sights.get(i)?.pose().map(|p| self.labels[i].on_screen(&p, 0.0)),
            _ => self.engine.screen_label(i),
        }
    }

    /// Pairs of shown labels whose oriented boxes overlap (the contract's test): for symbols,
    /// any box they show ([`FrameEngine::drawn_boxes`]).
    pub fn overlapping_pairs(&self) -> usize {
        if self.parted() {
            let shown: Vec<(usize, label_core::Obb)> = (0..self.labels.len())
                .filter(|&i| self.visible[i])
                .flat_map(|i| self.engine.drawn_boxes(i).into_iter().map(move |b| (i, b)))
                .collect();
            let boxes: Vec<label_core::Obb> = shown.iter().map(|s| s.1).collect();
            let mut pairs: Vec<(usize, usize)> = colliding_pairs(&boxes)
                .into_iter()
                .map(|(a, b)| (shown[a].0.min(shown[b].0), shown[a].0.max(shown[b].0)))
                .filter(|(a, b)| a != b)
                .collect();
            pairs.sort_unstable();
            pairs.dedup();
            return pairs.len();
        }
        let shown: Vec<label_core::Obb> = (0..self.labels.len())
            .filter(|&i| self.visible[i])
            .filter_map(|i| self.screen_label(i))
            .map(|l| l.obb())
            .collect();
        colliding_pairs(&shown).len()
    }

    /// Whether a label shows more than one box (symbols, texts along lines): overlaps are then
    /// counted part by part, from the boxes the engine draws.
    fn parted(&self) -> bool {
        self.method.symbols() || self.labels.iter().any(|l| l.symbol.path.is_some())
    }

    /// [`Changes::pushed_by_entries`] of the frame just placed (`labels`), before its visibility
    /// is kept.
    fn pushed_by_entries(&self, labels: &[LabelFrame]) -> usize {
        let entered = |hider: Option<Blocker>| matches!(hider, Some(Blocker::Label(j)) if !self.in_view[j as usize]);
        (0..labels.len())
            .filter(|&i| self.visible[i] && labels[i].in_view() && !labels[i].visible && entered(labels[i].hidden_by))
            .count()
    }

    /// [`Changes::forced_out`] of the frame just placed, before its visibility is kept: labels
    /// shown in the last frame and in view in this one, at this frame's poses.
    fn forced_out(&self, in_view: &[bool]) -> usize {
        let kept: Vec<label_core::Obb> = (0..self.labels.len())
            .filter(|&i| self.visible[i] && in_view[i])
            .filter_map(|i| self.screen_label(i))
            .map(|l| l.obb())
            .collect();
        matching_size(&colliding_pairs(&kept), kept.len())
    }
}

/// Pairs of boxes (indices into `boxes`) that overlap (the contract's test), by a sweep over
/// their bounds.
fn colliding_pairs(boxes: &[label_core::Obb]) -> Vec<(usize, usize)> {
    let mut boxes: Vec<(usize, label_core::Obb, label_core::Aabb)> =
        boxes.iter().enumerate().map(|(i, b)| (i, *b, b.aabb())).collect();
    boxes.sort_by(|a, b| a.2.min.x.total_cmp(&b.2.min.x));
    let mut pairs = Vec::new();
    for (k, (i, a, ab)) in boxes.iter().enumerate() {
        for (j, b, bb) in &boxes[k + 1..] {
            if bb.min.x >= ab.max.x {
                break;
            }
            if ab.overlaps(bb) && collides(a, b, 0.0) {
                pairs.push((*i, *j));
            }
        }
    }
    pairs
}

/// The size of a maximal matching among `pairs` of `0..n`, taken greedily in order: a lower
/// bound on how many of the `n` must go for no pair to be left whole.
fn matching_size(pairs: &[(usize, usize)], n: usize) -> usize {
    let mut taken = vec![false; n];
    let mut size = 0;
    for &(a, b) in pairs {
        if !taken[a] && !taken[b] {
            (taken[a], taken[b]) = (true, true);
            size += 1;
        }
    }
    size
}

/// Feeds one label's result to a hasher (floats by their bits). The pose counts for labels
/// drawn: the engine computes the others' only when it needs them.
fn hash_label(l: &label_frame::LabelFrame, hasher: &mut DefaultHasher) {
    l.visible.hash(hasher);
    l.opacity.to_bits().hash(hasher);
    l.reason.hash(hasher);
    l.hidden_by.hash(hasher);
    if let Some(p) = l.pose.filter(|_| l.opacity > 0.0) {
        [p.position.x, p.position.y, p.angle, p.scale].map(f64::to_bits).hash(hasher);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_split_by_where_the_label_was() {
        // Per label: stays shown, appears, disappears, exits, enters, enters hidden, stays out.
        let before_shown = [true, false, true, true, false, false, false];
        let before_in_view = [true, true, true, true, false, false, false];
        let now_shown = [true, true, false, false, true, false, false];
        let now_in_view = [true, true, true, false, true, true, false];
        let c = Changes::between((&before_shown, &before_in_view), (&now_shown, &now_in_view));
        assert_eq!(c, Changes { appeared: 1, disappeared: 1, exited: 1, entered: 1, ..Changes::default() });
        assert_eq!((c.flips(), c.floor()), (2, 0));
    }

    #[test]
    fn forced_disappearances_raise_the_floor() {
        // One net appearance: 1 flip at the least; 3 if one shown label must go as well.
        let c = Changes { appeared: 2, disappeared: 1, forced_out: 1, ..Changes::default() };
        assert_eq!((c.floor(), c.collision_floor()), (1, 3));
        // Three net disappearances, one of them forced: 3 flips.
        let c = Changes { disappeared: 3, forced_out: 1, ..Changes::default() };
        assert_eq!((c.floor(), c.collision_floor()), (3, 3));
    }

    #[test]
    fn a_chain_of_overlaps_forces_out_a_matching() {
        // Four labels in a row, each overlapping the next: two must go (a matching of two pairs).
        let row: Vec<label_core::Obb> =
            (0..4).map(|k| Label::new(15.0 * f64::from(k), 0.0, 20.0, 10.0).obb()).collect();
        let pairs = colliding_pairs(&row);
        assert_eq!(pairs.len(), 3);
        assert_eq!(matching_size(&pairs, row.len()), 2);
    }

    #[test]
    #[should_panic(expected = "shown now = shown before")]
    fn a_shown_label_out_of_view_breaks_the_identity() {
        let c = Changes::between((&[false], &[false]), (&[true], &[true]));
        assert_eq!(c.entered, 1);
        Changes::between((&[false], &[true]), (&[true], &[false]));
    }
}
