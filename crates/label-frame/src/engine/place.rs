//! The stages of [`FrameEngine::place_frame`], as the engine calls them.

use crate::frame_pass::fade::Fading;
use crate::frame_pass::full::{place_full, waits};
use crate::frame_pass::project::project_all;
use crate::frame_pass::reuse::place_reused;
use crate::frame_pass::symbols::{Paths, SymbolMemory, place_symbol_frame, project_symbols};
use crate::frame_pass::{FrameContext, Memory};
use crate::geo::view::Viewer;
use crate::state::memo::bits;
use crate::util::clock::Instant;
use crate::{FrameEngine, FrameError, FrameStats, Projection, Stickiness};

/// The [`FrameContext`] of a frame of `$engine` through `$projection`, faded by `$dt` ms: a
/// macro rather than a method, so that it borrows only the fields it reads and the frame's
/// memory can be borrowed mutably beside it.
macro_rules! frame_context {
    ($engine:ident, $projection:expr, $dt:expr) => {
        FrameContext {
            viewer: Viewer {
                labels: &$engine.labels,
                hot: &$engine.table.hot,
                parts: &$engine.table.parts,
                projection: $projection,
                perspective_scaling: $engine.options.perspective_scaling,
                cells: &$engine.cells,
                in_reach: &$engine.in_reach,
                run: $engine.shortcuts.run,
            },
            options: &$engine.options,
            obstacles: &$engine.obstacles,
            fading: Fading::new($dt, $engine.options.fade_ms),
        }
    };
}

impl FrameEngine {
    /// Whether the frame seen through `projection` at `time_ms` may reuse the last placement:
    /// nothing changed since it but the camera, which only moved the screen, and the last full
    /// frame is recent enough.
    pub(super) fn can_reuse(&self, projection: &Projection, time_ms: f64) -> bool {
        let options = &self.options;
        options.reuse_translations
            && self.obstacles.is_empty()
            && self.reusable
            && self.frame_projection.is_some_and(|p| p.translation_to(projection).is_some())
            && time_ms - self.last_full_ms <= options.full_placement_interval_ms
    }

    /// Whether labels can sleep in this frame (`shortcuts/sleep/`: where the waiting rule is the
    /// plain overlap test), and the camera's similarity now and last frame; the dormant set
    /// follows the camera.
    pub(super) fn ready_sleep(&mut self, projection: &Projection) {
        let options = &self.options;
        let can_sleep = self.shortcuts.sleep
            && options.stickiness == Stickiness::Shown
            && self.obstacles.is_empty()
            && options.max_overlap_area <= 0.0;
        self.table.sleeps.enabled = can_sleep;
        self.table.sleeps.before = self.frame_projection.as_ref().and_then(Projection::similarity);
        let similarity = projection.similarity();
        self.table.sleeps.now = similarity.filter(|_| can_sleep);
        // Symbols never go dormant (`frame_pass/symbols/asleep/`).
        let dormant = can_sleep && !self.symbols;
        self.table.dormant.advance(
            similarity.filter(|_| dormant),
            dormant && similarity.is_none(),
            projection.camera(),
        );
    }

    /// [`Self::place`] for an engine with symbols (`frame_pass/symbols/`).
    pub(super) fn place_symbols(
        &mut self,
        projection: &Projection,
        reuse: bool,
        dt: f64,
    ) -> Result<(Instant, (usize, FrameStats)), FrameError> {
        // How far the screen moved: read by a reused frame only.
        let shift = self.frame_projection.and_then(|p| p.translation_to(projection)).unwrap_or_default();
        let cx = frame_context!(self, projection, dt);
        let memo = &self.table.memo;
        project_symbols(
            &cx.viewer,
            memo,
            &self.table.sleeps,
            Paths {
                lines: &self.lines,
                no_room: self.shortcuts.no_room,
                far_lines: self.shortcuts.far_lines,
                reused_after: reuse.then_some((&self.shown[..], shift)),
            },
            &mut self.sights,
            &mut self.screen_paths,
        );
        let projected = Instant::now();
        let memory = SymbolMemory {
            frames: &mut self.frame.labels,
            choices: &mut self.frame.choices,
            memo,
            sleeps: &mut self.table.sleeps,
            spare: &mut self.spare,
            shown: (!self.lines.is_empty()).then_some(&mut self.shown),
        };
        let placed = place_symbol_frame(&cx, memory, (&mut self.sights, &self.screen_paths), reuse)?;
        debug_assert!(self.lines.is_empty() || self.shown_is_the_frames(), "the list of shown labels");
        Ok((projected, placed))
    }

    /// Projects the labels and places them: a reused frame (`reuse`) or a full one, faded by
    /// `dt` ms. Returns when the projection ended, how many labels were placed now and the
    /// label counts.
    pub(super) fn place(&mut self, projection: &Projection, reuse: bool, dt: f64) -> (Instant, (usize, FrameStats)) {
        let options = &self.options;
        let cx = frame_context!(self, projection, dt);
        let memory = Memory {
            frames: &mut self.frame.labels,
            memo: &self.table.memo,
            sleeps: &self.table.sleeps,
            dormant: &mut self.table.dormant,
        };
        let in_sight = std::mem::take(&mut self.in_sight);
        let skipped = &*memory.dormant;
        if reuse {
            // Sleeping labels are projected in the placement's pass, if at all.
            let sleepy = |_, m| m & bits::SLEEPY != 0;
            self.in_sight = project_all(&cx.viewer, memory.memo, skipped, sleepy, &mut self.sights, in_sight);
            let projected = Instant::now();
            (projected, place_reused(&cx, &self.sights, memory, self.full.for_reuse()))
        } else {
            // The labels that wait for room are projected in the placement's pass over them.
            let waiting = |_, m| waits(options, m);
            let free = project_all(&cx.viewer, memory.memo, skipped, waiting, &mut self.sights, in_sight);
            let projected = Instant::now();
            let placed = place_full(&cx, &mut self.sights, &free, memory, &mut self.full);
            self.in_sight = free;
            (projected, placed)
        }
    }

    /// Whether the engine's `shown` lists the labels the last frame shows, each once.
    fn shown_is_the_frames(&self) -> bool {
        let mut listed = self.shown.clone();
        listed.sort_unstable();
        let visible = (0..self.frame.labels.len() as u32).filter(|&i| self.frame.labels[i as usize].visible);
        listed.into_iter().eq(visible)
    }
}
