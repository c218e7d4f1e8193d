//! The frame engine: labels and options kept across frames, and the memory of the last frame.

mod place;
mod symbols;
#[cfg(test)]
mod tests;
mod world_copies;

use label_core::{Blocker, Label, Shape};
use std::collections::HashMap;

use crate::frame_pass::full::FullScratch;
use crate::frame_pass::symbols::Spare;
use crate::geo::cells::{Reach, WorldCells};
use crate::geo::copies::{self, Copies};
use crate::geo::path::{ScreenPath, WorldLine, project_label};
use crate::geo::sight::{Sight, sight};
use crate::shortcuts::Shortcuts;
use crate::table::Table;
use crate::util::clock::Instant;
use crate::{
    Camera, Frame, FrameError, FrameKind, FrameOptions, FrameStats, FrameTimings, LabelFrame, Projection, ScreenPose,
    WorldLabel,
};

/// Places a renderer's labels frame after frame.
///
/// Set the labels once (and again whenever they change), then call [`Self::place_frame`] with
/// each frame's camera and timestamp. The engine remembers the last frame, which is what keeps
/// labels from flickering: shown labels win priority ties, hidden labels need a margin to
/// appear, opacity fades, and a camera that only moves the screen reuses the last placement
/// (see [`FrameOptions`] and `docs/renderer.md`).
///
/// ```
/// use label_frame::{Camera, FrameEngine, FrameOptions, WorldLabel};
///
/// let mut engine = FrameEngine::new(FrameOptions::default())?;
/// engine.set_labels(vec![
///     WorldLabel::from_lon_lat(1, 16.3725, 48.2083, 60.0, 16.0).with_priority(10.0), // Wien
///     WorldLabel::from_lon_lat(2, 16.3730, 48.2085, 80.0, 14.0).with_priority(1.0),  // a street
/// ])?;
/// let camera = Camera::from_lon_lat(16.3725, 48.2083, 12.0, 800.0, 600.0);
/// let frame = engine.place_frame(&camera, 0.0)?;
/// assert!(frame.labels[0].visible && !frame.labels[1].visible);
/// assert_eq!(frame.labels[1].hidden_by, Some(label_core::Blocker::Label(0)));
/// // Fading in: after 150 ms of a 300-ms fade the label is half drawn.
/// let frame = engine.place_frame(&camera, 150.0)?;
/// assert_eq!(frame.labels[0].opacity, 0.5);
/// # Ok::<(), label_frame::FrameError>(())
/// ```
///
/// The engine is `Send` and `Sync`; a frame runs its parallel stages on rayon's current thread
/// pool (call it inside `pool.install` to choose the pool).
#[derive(Debug, Default)]
pub struct FrameEngine {
    options: FrameOptions,
    labels: Vec<WorldLabel>,
    /// Per label: what is kept between frames (projection data, box parts, the last frame's
    /// byte, provisional labels, certificates, dormant labels), with its invariants.
    table: Table,
    /// The labels binned by world cell, for the world-space cull.
    cells: WorldCells,
    /// Which copy of the world the labels are in (`hot` has their positions there).
    copies: Copies,
    obstacles: Vec<Shape>,
    /// The last frame (its `labels` are the memory the next frame reads).
    frame: Frame,
    /// The work frames skip (see [`Shortcuts`]).
    shortcuts: Shortcuts,
    /// Whether some label is not [`label_core::Symbol::is_plain`]: then every frame goes
    /// through `frame_pass/symbols/`.
    symbols: bool,
    /// Each label's line measured in the world (`None` without a path); empty if no label has
    /// a path. Boxed: 8 bytes a label, 120 more a path label.
    lines: Vec<Option<Box<WorldLine>>>,
    /// The projection of the last frame; `None` before the first frame and after a reset.
    frame_projection: Option<Projection>,
    /// Whether the next frame may reuse the last placement: nothing changed since it but the
    /// camera and the time.
    reusable: bool,
    /// Time of the last full frame, ms.
    last_full_ms: f64,
    /// Where the last frame's time went.
    timings: FrameTimings,
    /// Scratch, kept to reuse its allocation.
    sights: Vec<Sight>,
    screen_paths: Vec<Option<ScreenPath>>,
    /// If some label has a path: the labels the last symbol frame showed, in no order, for a
    /// reused frame's turn check. Stale after `reset` and `set_labels` until the next (full)
    /// frame writes it: read it only in a reused frame.
    shown: Vec<u32>,
    spare: Spare,
    in_sight: Vec<u32>,
    in_reach: Vec<Reach>,
    full: FullScratch,
}

impl FrameEngine {
    /// An engine with no labels.
    ///
    /// # Errors
    /// [`FrameError::InvalidOption`] for a bad setting.
    pub fn new(options: FrameOptions) -> Result<Self, FrameError> {
        options.validate()?;
        Ok(Self { options, ..Self::default() })
    }

    /// An engine that takes none of its shortcuts ([`Shortcuts::NONE`]): no label sleeps, so
    /// every label in reach is projected and tested in every full frame. Its frames decide as
    /// the default engine's do — the same visibility, opacity, reason and blocker for every
    /// label, the same pose for every label drawn and from [`Self::screen_pose`] — only more
    /// slowly; it poses every label in view and counts none asleep. The reference the engine's
    /// tests and the `frames` fuzz target check the default engine against.
    ///
    /// # Errors
    /// [`FrameError::InvalidOption`] for a bad setting.
    pub fn without_shortcuts(options: FrameOptions) -> Result<Self, FrameError> {
        Self::with_shortcuts(options, Shortcuts::NONE)
    }

    /// An engine that takes only the given `shortcuts` (see [`Shortcuts`]; [`Self::new`] takes
    /// them all, [`Self::without_shortcuts`] none). Its frames decide as the default engine's
    /// do.
    ///
    /// # Errors
    /// [`FrameError::InvalidOption`] for a bad setting.
    pub fn with_shortcuts(options: FrameOptions, shortcuts: Shortcuts) -> Result<Self, FrameError> {
        let mut engine = Self::new(options)?;
        engine.shortcuts = shortcuts;
        engine.table.dormant.never = !shortcuts.dormant;
        Ok(engine)
    }

    /// The settings.
    #[must_use]
    pub fn options(&self) -> &FrameOptions {
        &self.options
    }

    /// Changes the settings; the memory of the last frame is kept, the next frame is a full one.
    ///
    /// # Errors
    /// [`FrameError::InvalidOption`] for a bad setting (nothing changes then).
    pub fn set_options(&mut self, options: FrameOptions) -> Result<(), FrameError> {
        options.validate()?;
        self.options = options;
        self.changed();
        Ok(())
    }

    /// The labels, in the order frames report them.
    #[must_use]
    pub fn labels(&self) -> &[WorldLabel] {
        &self.labels
    }

    /// Replaces the labels. A label whose id was in the last set keeps its memory (shown or
    /// not, opacity); new ids start unseen (opacity 0, so they fade in). The next frame is a
    /// full one.
    ///
    /// The order is the frames' order (and breaks priority ties), and it matters for speed:
    /// labels that lie near each other should come near each other, as they do tile by tile
    /// from vector tiles, so that the labels a frame touches share cache lines
    /// (`docs/dev/frame-performance.md`).
    ///
    /// # Errors
    /// [`FrameError::InvalidLabel`] for a field that is not a finite number in range,
    /// [`FrameError::DuplicateId`], [`FrameError::TooManyLabels`]. Nothing changes then.
    pub fn set_labels(&mut self, labels: Vec<WorldLabel>) -> Result<(), FrameError> {
        if labels.len() > label_core::limits::MAX_LABELS {
            return Err(FrameError::TooManyLabels(labels.len()));
        }
        let mut new_index: HashMap<u64, usize> = HashMap::with_capacity(labels.len());
        for (index, l) in labels.iter().enumerate() {
            check_label(index, l)?;
            if let Some(&first_index) = new_index.get(&l.id) {
                return Err(FrameError::DuplicateId { index, id: l.id, first_index });
            }
            new_index.insert(l.id, index);
        }
        // Carry the memory over by id; `hidden_by` is renamed to the new indices.
        let old_index: HashMap<u64, usize> = self.labels.iter().enumerate().map(|(i, l)| (l.id, i)).collect();
        let rename = |b: Blocker| match b {
            Blocker::Label(old) => {
                let id = self.labels[old as usize].id;
                new_index.get(&id).map(|&n| Blocker::Label(n as u32))
            }
            obstacle => Some(obstacle),
        };
        let carried: Vec<LabelFrame> = labels
            .iter()
            .map(|l| match old_index.get(&l.id) {
                Some(&old) => {
                    let last = self.frame.labels[old];
                    LabelFrame { hidden_by: last.hidden_by.and_then(rename), ..last }
                }
                None => LabelFrame::UNSEEN,
            })
            .collect();
        let symbols = labels.iter().any(|l| !l.symbol.is_plain());
        // A symbol's last choice goes with its id too (a candidate beyond its new list is
        // ignored by the next frame).
        let choices: Vec<label_core::Choice> = if symbols {
            let last = |old: usize| self.frame.choices.get(old).copied().unwrap_or_default();
            labels.iter().map(|l| old_index.get(&l.id).map_or_else(Default::default, |&old| last(old))).collect()
        } else {
            Vec::new()
        };
        let never = self.table.dormant.never;
        self.table = Table::new(&labels, &carried);
        self.table.dormant.never = never;
        copies::place(&labels, &mut self.table.hot, self.copies.reference(), |_| {});
        self.copies.reach = self.table.hot.iter().map(|h| h.reach + h.padding_reach).fold(0.0, f64::max);
        self.cells = WorldCells::new(&self.table.hot);
        self.labels = labels;
        self.frame.labels = carried;
        self.frame.choices = choices;
        self.symbols = symbols;
        let line = |l: &WorldLabel| l.symbol.path.as_ref().map(|p| Box::new(WorldLine::new(p)));
        let paths = self.labels.iter().any(|l| l.symbol.path.is_some());
        self.lines = if paths { self.labels.iter().map(line).collect() } else { Vec::new() };
        self.changed();
        Ok(())
    }

    /// Replaces the obstacles: fixed shapes on screen, px (UI controls, markers), that no
    /// label may overlap but one with `allow_overlap` that has no position clear of them
    /// (contract §4 step 3b). With obstacles, every frame is a full one.
    ///
    /// # Errors
    /// [`FrameError::Core`] naming the first bad shape (nothing changes then).
    pub fn set_obstacles(&mut self, obstacles: Vec<Shape>) -> Result<(), FrameError> {
        for (i, s) in obstacles.iter().enumerate() {
            label_core::validate::check_obstacle(i, s).map_err(FrameError::Core)?;
        }
        self.obstacles = obstacles;
        self.changed();
        Ok(())
    }

    /// Forgets the last frame: the next frame is placed as if it were the first.
    pub fn reset(&mut self) {
        self.frame = Frame { labels: vec![LabelFrame::UNSEEN; self.labels.len()], ..Frame::default() };
        self.table.forget_frames(&self.frame.labels);
        self.frame_projection = None;
        self.changed();
        // The labels go back where they were set, for the next frame to choose their copies of
        // the world as a first frame does.
        self.copies.forget();
        self.place_copies(None);
    }

    /// Something but the camera changed: the next frame is a full one, every label awake.
    fn changed(&mut self) {
        self.reusable = false;
        self.table.forget_certificates();
    }

    /// The last frame.
    #[must_use]
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// Where the last frame's time went (wall clock, so noisy: for a renderer's frame-budget
    /// display and for profiling, not for decisions).
    #[must_use]
    pub fn timings(&self) -> FrameTimings {
        self.timings
    }

    /// Label `index` on screen at [`Self::screen_pose`] (its own padding, without the
    /// hysteresis margin): the box a renderer can draw or query. For a symbol, its text at its
    /// own anchor and offset ([`Self::drawn_boxes`] has the boxes it shows); for a path label,
    /// at its anchor point on the projected line, its height scaled, as wide as its text. `None`
    /// behind the camera, out of range, or before any frame.
    #[must_use]
    pub fn screen_label(&self, index: usize) -> Option<Label> {
        if self.labels.get(index)?.symbol.path.is_some() {
            return Some(self.screen_path(index)?.label(&self.labels[index], 0.0));
        }
        let pose = self.screen_pose(index)?;
        Some(self.labels[index].on_screen(&pose, 0.0))
    }

    /// Label `index`'s pose with the last frame's camera: [`LabelFrame::pose`] when the frame
    /// has it, else projected now (the same pose the frame would have computed). `None` behind
    /// the camera, out of range, or before any frame.
    #[must_use]
    pub fn screen_pose(&self, index: usize) -> Option<ScreenPose> {
        let frame = self.frame.labels.get(index)?;
        if frame.pose.is_some() {
            return frame.pose;
        }
        if self.labels[index].symbol.path.is_some() {
            return self.screen_path(index).map(|p| p.pose);
        }
        let projection = self.frame_projection.as_ref()?;
        sight(&self.table.parts[index], &self.table.hot[index], projection, self.options.perspective_scaling).pose()
    }

    /// Path label `index`'s line through the last frame's camera; `None` for a label without
    /// a path, behind the camera, out of range, or before any frame.
    pub(super) fn screen_path(&self, index: usize) -> Option<ScreenPath> {
        let projection = self.frame_projection.as_ref()?;
        project_label(
            self.labels.get(index)?,
            self.lines.get(index)?.as_ref()?,
            &self.table.hot[index],
            projection,
            self.options.perspective_scaling,
            None,
        )
    }

    /// Places one frame: projects every label with `camera`, culls what is behind the camera
    /// or off screen, places the rest (or reuses the last placement when the camera only moved
    /// the screen), and fades opacity by the time since the last frame. `time_ms` is the
    /// frame's timestamp in milliseconds, from any origin; time that runs backwards counts as
    /// none.
    ///
    /// # Errors
    /// [`FrameError::InvalidCamera`] for a bad camera, [`FrameError::InvalidOption`] (field
    /// `time_ms`) for a timestamp that is not finite: refused before anything changes.
    /// [`FrameError::Core`] if a symbol on screen is beyond the core's limits (sizes scaled by
    /// perspective past [`label_core::limits::MAX_SIZE`]): the last frame and its readers
    /// ([`Self::screen_pose`], [`Self::drawn_boxes`], …) stay as they were, the next frame is a
    /// full one, and what the failed frame changed changes no decision (labels that changed
    /// copy of the world wake; a sleeping symbol's certificates may take their depth form).
    pub fn place_frame(&mut self, camera: &Camera, time_ms: f64) -> Result<&Frame, FrameError> {
        camera.validate()?;
        if !time_ms.is_finite() {
            return Err(FrameError::InvalidOption {
                field: "time_ms",
                problem: label_core::Problem::NotFinite(time_ms),
            });
        }
        let start = Instant::now();
        let copies = self.copies;
        let projection = self.follow_copies(camera);
        let reuse = self.can_reuse(&projection, time_ms);
        // Until this frame completes: a frame that fails from here may have projected the
        // lines (and sights) over the last frame's, which a reused frame reads as the last
        // frame's (the turns of its texts along lines).
        self.reusable = false;
        let dt = if self.frame_projection.is_some() { (time_ms - self.frame.time_ms).max(0.0) } else { 0.0 };
        // Which world cells can reach the screen: labels out of reach are not projected.
        self.cells.in_reach(&projection, self.options.perspective_scaling, &mut self.in_reach);
        self.ready_sleep(&projection);
        let outcome = if self.symbols {
            self.place_symbols(&projection, reuse, dt)
        } else {
            Ok(self.place(&projection, reuse, dt))
        };
        let (projected, (placed_now, counts)) = outcome.inspect_err(|_| self.restore_copies(copies))?;
        let kind = if reuse {
            self.table.placed_in_reused(placed_now);
            FrameKind::Reused
        } else {
            self.table.clear_provisional();
            self.last_full_ms = time_ms;
            FrameKind::Full
        };
        let placed = Instant::now();
        let stats = FrameStats { kind, labels: self.labels.len(), placed_now, ..counts };
        self.frame.stats = stats;
        self.frame.time_ms = time_ms;
        self.reusable = true;
        self.frame_projection = Some(projection);
        let us = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1e6;
        self.timings = FrameTimings {
            project_us: us(start, projected),
            place_us: us(projected, placed),
            finish_us: us(placed, Instant::now()),
        };
        self.table.debug_check(&self.labels, &self.frame.labels, kind == FrameKind::Full);
        Ok(&self.frame)
    }
}

/// Checks one label's numbers with the core's limits (contract §2), naming the field.
fn check_label(index: usize, l: &WorldLabel) -> Result<(), FrameError> {
    // The label as given (scale 1: its own sizes, offset and padding, unchanged).
    let as_core = l.on_screen(&ScreenPose { position: l.position, angle: l.style.angle, scale: 1.0 }, 0.0);
    label_core::validate::check_label(index, &as_core)
        .and_then(|()| label_core::validate::check_symbol(index, &l.symbol))
        .map_err(|e| match e {
            label_core::Error::InvalidLabel { field, problem, .. } => {
                let field = if matches!(field, "x" | "y") { "position" } else { field };
                FrameError::InvalidLabel { index, id: l.id, field, problem }
            }
            other => FrameError::Core(other),
        })
}
