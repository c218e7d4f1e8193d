//! What a renderer asks of a symbol after a frame: its parts on screen.

use label_core::{Obb, Parts, PathFailure, PathLayout, Symbol};

use crate::FrameEngine;

impl FrameEngine {
    /// Label `index`'s symbol on screen with the last frame's camera, its sizes and offsets
    /// scaled with perspective as [`Self::screen_label`]'s text is (a path label's: its line on
    /// screen, its advances scaled): with [`Self::screen_label`], [`Symbol::parts`] gives every
    /// part at every position as the frame placed them (a path label's glyphs: with
    /// [`Symbol::layout`] as `parts`' layout, see [`Self::screen_glyphs`]' example). `None` when
    /// [`Self::screen_pose`] is.
    #[must_use]
    pub fn screen_symbol(&self, index: usize) -> Option<Symbol> {
        if self.labels.get(index)?.symbol.path.is_some() {
            let path = self.screen_path(index)?;
            return Some(path.symbol_into(&self.labels[index], None));
        }
        let pose = self.screen_pose(index)?;
        Some(self.labels[index].screen_symbol(pose.scale, 0.0, None, Vec::new()))
    }

    /// The boxes label `index` shows in the last frame, px, relative to the screen's top-left
    /// corner: its text at the position shown and its icon, as its [`crate::Frame::choices`]
    /// say (a plain label: its one box; a path label: its glyph boxes), with its own padding.
    /// For a visible label, or one still drawn as it fades out; empty for the others.
    ///
    /// ```
    /// use label_frame::{Anchor, Camera, FrameEngine, FrameOptions, WorldLabel};
    /// use label_core::{Candidate, Icon, Symbol};
    /// let mut engine = FrameEngine::new(FrameOptions::default().with_fade_ms(0.0))?;
    /// let symbol = Symbol::default()
    ///     .with_candidates(vec![Candidate::new(Anchor::Left), Candidate::new(Anchor::Right)])
    ///     .with_icon(Icon::new(6.0, 6.0));
    /// engine.set_labels(vec![WorldLabel::from_world(1, glam::DVec2::new(100.0, 100.0), 40.0, 10.0).with_symbol(symbol)])?;
    /// engine.place_frame(&Camera::new(glam::DVec2::new(100.0, 100.0), 0.0, 400.0, 300.0), 0.0)?;
    /// let boxes = engine.drawn_boxes(0);
    /// assert_eq!(boxes.len(), 2); // the text, right of the point (left-anchored), and the icon
    /// assert_eq!(boxes[0].center.x, 200.0 + 20.0);
    /// # Ok::<(), label_frame::FrameError>(())
    /// ```
    #[must_use]
    pub fn drawn_boxes(&self, index: usize) -> Vec<Obb> {
        let Some(frame) = self.frame.labels.get(index).filter(|f| f.visible || f.opacity > 0.0) else {
            return Vec::new();
        };
        let Some(pose) = frame.pose else { return Vec::new() };
        let world = &self.labels[index];
        if world.symbol.path.is_some() {
            return self.screen_path(index).map(|p| p.glyph_boxes(world, 0.0).collect()).unwrap_or_default();
        }
        let label = world.on_screen(&pose, 0.0);
        if world.symbol.is_plain() {
            return vec![label.obb()];
        }
        let choice = self.frame.choices.get(index).copied().unwrap_or_default();
        // A choice carried over by `set_labels` may name a candidate the label no longer has.
        let shown = choice.candidate.map(|k| k as usize).filter(|&k| k < world.symbol.candidates.len());
        let symbol = world.screen_symbol(pose.scale, 0.0, shown, Vec::new());
        let text = (choice.parts != Some(Parts::Icon)).then(|| symbol.text_box(&label, 0, glam::DVec2::ZERO));
        let icon = if choice.parts == Some(Parts::Text) { None } else { symbol.icon_box(&label, glam::DVec2::ZERO) };
        text.into_iter().chain(icon).collect()
    }

    /// Path label `index`'s glyphs on screen with the last frame's camera, to draw its text
    /// along its line: each glyph's centre, reading axis and advance ([`PathLayout`]; its
    /// height is [`Self::screen_label`]'s), or why the text does not fit the projected line.
    /// `None` for a label without a path, behind the camera, out of range, or before any
    /// frame.
    ///
    /// ```
    /// use glam::DVec2;
    /// use label_core::TextPath;
    /// use label_frame::{Camera, FrameEngine, FrameOptions, WorldLabel};
    /// let mut engine = FrameEngine::new(FrameOptions::default())?;
    /// // A street 10 world px long, drawn west to east, at zoom 2: 40 px on screen.
    /// let line = TextPath::new(vec![DVec2::new(95.0, 100.0), DVec2::new(105.0, 100.0)], vec![8.0, 8.0]);
    /// engine.set_labels(vec![WorldLabel::along_path(1, line, 10.0)])?;
    /// let frame = engine.place_frame(&Camera::new(DVec2::new(100.0, 100.0), 2.0, 400.0, 300.0), 0.0)?;
    /// assert!(frame.labels[0].visible);
    /// let glyphs = engine.screen_glyphs(0).unwrap().unwrap().glyphs;
    /// assert_eq!((glyphs[0].center, glyphs[1].center), (DVec2::new(196.0, 150.0), DVec2::new(204.0, 150.0)));
    /// // Its symbol's parts are the glyphs' boxes, given the symbol's layout (none without).
    /// let (symbol, label) = (engine.screen_symbol(0).unwrap(), engine.screen_label(0).unwrap());
    /// let layout = symbol.layout().unwrap().ok();
    /// assert_eq!(symbol.parts(&label, DVec2::ZERO, layout.as_ref()).collect::<Vec<_>>(), engine.drawn_boxes(0));
    /// assert_eq!(symbol.parts(&label, DVec2::ZERO, None).count(), 0);
    /// # Ok::<(), label_frame::FrameError>(())
    /// ```
    #[must_use]
    pub fn screen_glyphs(&self, index: usize) -> Option<Result<PathLayout, PathFailure>> {
        self.screen_path(index).map(|p| p.layout)
    }
}
