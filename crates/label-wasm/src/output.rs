//! What a frame (or a batch) decides, one column per field, for the caller to read as typed
//! arrays over the module's memory. The columns are rewritten in place every frame, so their
//! addresses only change when the label count does (or the memory grows).

use label_core::{Blocker, Choice, Obb, Parts, Placement};
use label_frame::{Frame, FrameKind, FrameTimings, HiddenReason, LabelFrame};

/// `reason` column: visible.
pub const REASON_VISIBLE: u8 = 0;
/// `reason` column: hidden by a collision (see `blocker` and `hidden_by`).
pub const REASON_COLLISION: u8 = HiddenReason::Collision.code();

/// `blocker` column: nothing hid it.
pub const BLOCKER_NONE: u8 = 0;
/// `blocker` column: a label, `hidden_by` is its index.
pub const BLOCKER_LABEL: u8 = 1;
/// `blocker` column: an obstacle, `hidden_by` is its index.
pub const BLOCKER_OBSTACLE: u8 = 2;

/// `candidate` column: no candidate (a plain label, or its text is not shown).
pub const NO_CANDIDATE: u32 = u32::MAX;

/// `parts` column: none (a label without icon, or not shown).
pub const PARTS_NONE: u8 = 0;
/// `parts` column: text and icon.
pub const PARTS_BOTH: u8 = 1;
/// `parts` column: the text alone.
pub const PARTS_TEXT: u8 = 2;
/// `parts` column: the icon alone.
pub const PARTS_ICON: u8 = 3;

/// Number of values in the stats array.
pub const STATS_LEN: usize = 13;

/// The result columns.
#[derive(Clone, Debug, Default)]
pub struct Output {
    /// 1 if placed, else 0.
    pub visible: Vec<u8>,
    /// `label_core::HiddenReason::code`, 0 when visible (the wrapper's `REASONS` names them).
    pub reason: Vec<u8>,
    /// `BLOCKER_*`.
    pub blocker: Vec<u8>,
    /// Index of the label or obstacle that hid it (when `blocker` is not `BLOCKER_NONE`).
    pub hidden_by: Vec<u32>,
    /// How opaque to draw it, 0 to 1.
    pub opacity: Vec<f32>,
    /// Pose, four columns of `n`: anchor x, anchor y (screen px), angle (degrees
    /// counter-clockwise), scale; NaN where the frame has no pose.
    pub pose: Vec<f64>,
    /// The candidate the text is shown at (`NO_CANDIDATE` for none): while visible, and the
    /// last one while it fades out.
    pub candidate: Vec<u32>,
    /// `PARTS_*`: the parts shown, as `candidate`.
    pub parts: Vec<u8>,
    /// Boxes on screen (filled on request), six columns of `n`: centre x, centre y, half
    /// width, half height, reading axis x, y; NaN where the label has no pose.
    pub boxes: Vec<f32>,
    /// Frame kind (0 full, 1 reused), labels, in view, visible, hidden by collision, off
    /// screen, behind the camera, flips, placed now, asleep, and the engine's timings of
    /// projection, placement and the rest in µs (0 on wasm32-unknown-unknown, which has no
    /// clock).
    pub stats: [f64; STATS_LEN],
}

/// The `reason` column's value for a frame's or a batch's reason: the core's
/// [`HiddenReason::code`], 0 when visible.
#[must_use]
pub fn reason_code(reason: Option<HiddenReason>) -> u8 {
    reason.map_or(REASON_VISIBLE, HiddenReason::code)
}

fn blocker_code(blocker: Option<Blocker>) -> (u8, u32) {
    match blocker {
        None => (BLOCKER_NONE, 0),
        Some(Blocker::Label(i)) => (BLOCKER_LABEL, i),
        Some(Blocker::Obstacle(i)) => (BLOCKER_OBSTACLE, i),
    }
}

impl Output {
    /// Columns for `n` labels (kept when `n` is unchanged, so that views stay valid).
    fn resize(&mut self, n: usize) {
        if self.visible.len() == n {
            return;
        }
        self.visible = vec![0; n];
        self.reason = vec![0; n];
        self.blocker = vec![0; n];
        self.hidden_by = vec![0; n];
        self.opacity = vec![0.0; n];
        self.pose = vec![f64::NAN; 4 * n];
        self.candidate = vec![NO_CANDIDATE; n];
        self.parts = vec![PARTS_NONE; n];
        self.boxes = vec![f32::NAN; 6 * n];
    }

    fn write_decision(&mut self, i: usize, visible: bool, reason: u8, blocker: Option<Blocker>) {
        let (kind, by) = blocker_code(blocker);
        self.visible[i] = u8::from(visible);
        self.reason[i] = reason;
        self.blocker[i] = kind;
        self.hidden_by[i] = by;
    }

    fn write_pose(&mut self, i: usize, values: [f64; 4]) {
        let n = self.visible.len();
        for (k, v) in values.into_iter().enumerate() {
            self.pose[k * n + i] = v;
        }
    }

    /// Writes a frame's decisions.
    pub fn write_frame(&mut self, frame: &Frame, timings: FrameTimings) {
        self.resize(frame.labels.len());
        for (i, l) in frame.labels.iter().enumerate() {
            let LabelFrame { visible, opacity, reason, hidden_by, pose, .. } = *l;
            self.write_decision(i, visible, reason_code(reason), hidden_by);
            self.opacity[i] = opacity;
            let pose = pose.map_or([f64::NAN; 4], |p| [p.position.x, p.position.y, p.angle, p.scale]);
            self.write_pose(i, pose);
            let choice = frame.choices.get(i).copied().unwrap_or_default();
            self.write_choice(i, choice);
        }
        let s = &frame.stats;
        let kind = if s.kind == FrameKind::Reused { 1.0 } else { 0.0 };
        let counts = [s.labels, s.in_view, s.visible, s.hidden_collision, s.hidden_offscreen, s.behind_camera, s.flips];
        let mut stats = [0.0; STATS_LEN];
        stats[0] = kind;
        for (k, c) in counts.into_iter().chain([s.placed_now, s.asleep]).enumerate() {
            stats[1 + k] = c as f64;
        }
        stats[10] = timings.project_us;
        stats[11] = timings.place_us;
        stats[12] = timings.finish_us;
        self.stats = stats;
    }

    fn write_choice(&mut self, i: usize, choice: Choice) {
        self.candidate[i] = choice.candidate.unwrap_or(NO_CANDIDATE);
        self.parts[i] = match choice.parts {
            None => PARTS_NONE,
            Some(Parts::Both) => PARTS_BOTH,
            Some(Parts::Text) => PARTS_TEXT,
            Some(Parts::Icon) => PARTS_ICON,
        };
    }

    /// Writes a batch placement's decisions (opacity 1 or 0; pose: the label's own anchor
    /// point, angle and scale 1; `anchors` holds x, y, angle per label).
    pub fn write_placement(&mut self, placement: &Placement, anchors: impl Iterator<Item = [f64; 3]>) {
        self.resize(placement.outcomes.len());
        for (i, (o, [x, y, angle])) in placement.outcomes.iter().zip(anchors).enumerate() {
            self.write_decision(i, o.visible, reason_code(o.reason), o.hidden_by);
            self.opacity[i] = if o.visible { 1.0 } else { 0.0 };
            self.write_pose(i, [x, y, angle, 1.0]);
            self.write_choice(i, placement.choices.get(i).copied().unwrap_or_default());
        }
        let s = &placement.stats;
        let mut stats = [0.0; STATS_LEN];
        for (k, c) in [s.labels, s.labels - s.hidden_offscreen, s.visible, s.hidden_collision, s.hidden_offscreen]
            .into_iter()
            .enumerate()
        {
            stats[1 + k] = c as f64;
        }
        self.stats = stats;
    }

    /// Writes label `i`'s box, or NaN for none.
    pub fn write_box(&mut self, i: usize, b: Option<Obb>) {
        let n = self.visible.len();
        let values = b.map_or([f32::NAN; 6], |b| {
            let c = b.center.as_vec2();
            [c.x, c.y, b.half.x, b.half.y, b.axis.x, b.axis.y]
        });
        for (k, v) in values.into_iter().enumerate() {
            self.boxes[k * n + i] = v;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wrapper's `REASONS` (and its types' tuple) name each code as the core does.
    #[test]
    fn the_wrappers_reason_names_are_the_cores() {
        let mut names = vec!["visible".to_owned()];
        names.extend(HiddenReason::ALL.iter().map(|r| r.name().to_owned()));
        assert_eq!(reason_code(None), 0);
        for (k, r) in HiddenReason::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(reason_code(Some(r))), k + 1);
        }
        let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
        let list = quoted.join(", ");
        for (file, text) in [
            ("declutter.js", include_str!("../js/declutter.js")),
            ("declutter.d.ts", include_str!("../js/declutter.d.ts")),
        ] {
            assert!(text.contains(&list), "{file} does not list the reasons as {list}");
        }
    }
}
