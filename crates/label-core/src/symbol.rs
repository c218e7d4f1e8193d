//! What a label adds to become a symbol (contract §3b): candidate positions for its text, an
//! icon, which part may show alone, a repeat group, or a path to lay its text along.
//!
//! A symbol is a list of rigid *parts* per *position*: a position holds one text box (the
//! label's text at one candidate anchor and offset) and the icon, which stays put; a text
//! along a line is one position holding one box per glyph ([`crate::path`]). The placement
//! pass ([`crate::place_symbols`]) sees only that list, so new kinds of parts do not change it.

use glam::DVec2;

use crate::{Anchor, Label, Obb, PathFailure, PathLayout, TextPath, text_box};

/// One position to try for a label's text: which point of the text box sits on the anchor
/// point, and an offset in the label's own frame (contract §2). It replaces the label's own
/// `anchor` and `offset`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Candidate {
    /// Which point of the text box sits on the anchor point.
    pub anchor: Anchor,
    /// Shift of the text box in the label's own (rotated) frame, px.
    pub offset: DVec2,
}

impl Candidate {
    /// A position with this anchor and no offset.
    #[must_use]
    pub fn new(anchor: Anchor) -> Self {
        Self { anchor, offset: DVec2::ZERO }
    }

    /// Sets the offset, px, in the label's own frame.
    #[must_use]
    pub fn with_offset(mut self, dx: f64, dy: f64) -> Self {
        self.offset = DVec2::new(dx, dy);
        self
    }
}

/// A second box at the label's anchor point and angle, built as a text box is (contract §2) from
/// its own size, anchor placement, offset and padding. It does not move with the candidates.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Icon {
    /// Width, px, > 0.
    pub width: f64,
    /// Height, px, > 0.
    pub height: f64,
    /// Which point of the icon sits on the anchor point.
    #[cfg_attr(feature = "serde", serde(default))]
    pub anchor: Anchor,
    /// Shift in the label's own frame, px.
    #[cfg_attr(feature = "serde", serde(default))]
    pub offset: DVec2,
    /// Margin on every side, px, ≥ 0.
    #[cfg_attr(feature = "serde", serde(default))]
    pub padding: f64,
}

impl Icon {
    /// A centred icon of this size, without offset or padding.
    #[must_use]
    pub fn new(width: f64, height: f64) -> Self {
        Self { width, height, anchor: Anchor::Center, offset: DVec2::ZERO, padding: 0.0 }
    }
}

/// Which part of a symbol with an icon may show without the other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Optional {
    /// Both parts or neither.
    #[default]
    None,
    /// The text is optional: the icon may show alone.
    Text,
    /// The icon is optional: the text may show alone.
    Icon,
}

impl Optional {
    /// The name used in documents.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Optional::None => "none",
            Optional::Text => "text",
            Optional::Icon => "icon",
        }
    }
}

/// What a [`Label`] adds to become a symbol. The default adds nothing: a plain label.
///
/// ```
/// use label_core::{Anchor, Candidate, Icon, Label, Optional, Symbol};
/// // A town: a 6×6 dot, its name tried right of it, then left of it.
/// let label = Label::new(100.0, 100.0, 40.0, 12.0);
/// let symbol = Symbol::default()
///     .with_candidates(vec![
///         Candidate::new(Anchor::Left).with_offset(4.0, 0.0),
///         Candidate::new(Anchor::Right).with_offset(-4.0, 0.0),
///     ])
///     .with_icon(Icon::new(6.0, 6.0))
///     .with_optional(Optional::Text);
/// assert_eq!(symbol.positions(), 2);
/// assert_eq!(symbol.text_box(&label, 1, glam::DVec2::ZERO).center.x, 100.0 - 4.0 - 20.0);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Symbol {
    /// Positions to try for the text, in order; empty: the label's own `anchor` and `offset`.
    pub candidates: Vec<Candidate>,
    /// A second part at the anchor point.
    pub icon: Option<Icon>,
    /// Which part may show alone (only with an icon).
    pub optional: Optional,
    /// Labels of one group keep [`Self::repeat_distance`] apart; `None`: no group.
    pub repeat_group: Option<u32>,
    /// A label is hidden (reason `repeat`) when an earlier placed label of its group has its
    /// anchor point closer than this, px, ≥ 0. 0: never hidden for its group.
    pub repeat_distance: f64,
    /// Lay the text along this path, glyph by glyph (contract §3b): the label's `height` is
    /// the line's height and its `padding` pads every glyph; its anchor point, `width`,
    /// `angle`, `anchor` and `offset` are not used. A path label has no candidates and no icon.
    pub path: Option<TextPath>,
}

impl Symbol {
    /// Sets the candidate positions.
    #[must_use]
    pub fn with_candidates(mut self, candidates: Vec<Candidate>) -> Self {
        self.candidates = candidates;
        self
    }

    /// Sets the icon.
    #[must_use]
    pub fn with_icon(mut self, icon: Icon) -> Self {
        self.icon = Some(icon);
        self
    }

    /// Sets which part may show alone.
    #[must_use]
    pub fn with_optional(mut self, optional: Optional) -> Self {
        self.optional = optional;
        self
    }

    /// Puts the label in a repeat group, `distance` px apart from the group's earlier labels.
    #[must_use]
    pub fn with_repeat(mut self, group: u32, distance: f64) -> Self {
        self.repeat_group = Some(group);
        self.repeat_distance = distance;
        self
    }

    /// Lays the text along `path` (contract §3b).
    #[must_use]
    pub fn with_path(mut self, path: TextPath) -> Self {
        self.path = Some(path);
        self
    }

    /// Whether it adds nothing to its label (so the plain greedy pass places it).
    #[must_use]
    pub fn is_plain(&self) -> bool {
        self.candidates.is_empty() && self.icon.is_none() && self.repeat_group.is_none() && self.path.is_none()
    }

    /// How many positions the text has: the candidates, or the label's own one (a path
    /// label's one position holds a part per glyph).
    #[must_use]
    pub fn positions(&self) -> usize {
        self.candidates.len().max(1)
    }

    /// The text laid along its path, if the symbol has one; `Some(Err(_))` when the text does
    /// not fit the path (the label is hidden with that reason).
    #[must_use]
    pub fn layout(&self) -> Option<Result<PathLayout, PathFailure>> {
        self.path.as_ref().map(TextPath::layout)
    }

    /// The text box of `label` at position `k`, relative to `origin` (as [`Label::obb_from`]).
    /// A path label's is its label's own box (its glyph boxes are [`Self::layout`]'s).
    ///
    /// # Panics
    /// If `k` is not below [`Self::positions`].
    #[must_use]
    pub fn text_box(&self, label: &Label, k: usize, origin: DVec2) -> Obb {
        assert!(k < self.positions(), "position {k} of {}", self.positions());
        if self.path.is_some() {
            return label.obb_from(origin);
        }
        let (offset, shift) = self.offset_and_shift(label, k);
        let at = DVec2::new(label.x, label.y) - origin;
        let axis = crate::geometry::reading_axis(label.style.angle);
        text_box(at, DVec2::new(label.style.width, label.style.height), offset, shift, axis, label.style.padding)
    }

    /// The offset and anchor shift of the text at position `k`: the candidate's, else the
    /// label's own.
    fn offset_and_shift(&self, label: &Label, k: usize) -> (DVec2, DVec2) {
        match self.candidates.get(k) {
            Some(c) => (c.offset, c.anchor.shift()),
            None => (label.style.offset, label.style.anchor.shift()),
        }
    }

    /// The icon's box for `label`, relative to `origin`.
    #[must_use]
    pub fn icon_box(&self, label: &Label, origin: DVec2) -> Option<Obb> {
        let at = DVec2::new(label.x, label.y) - origin;
        let axis = crate::geometry::reading_axis(label.style.angle);
        self.icon.map(|i| text_box(at, DVec2::new(i.width, i.height), i.offset, i.anchor.shift(), axis, i.padding))
    }

    /// Every part of `label` as this symbol places it, relative to `origin`: the text box at
    /// each position in order, then the icon's box if there is one. Each box is contract §2's,
    /// computed as [`text_box`] computes it (f64, stored in f32). A path label's parts are its
    /// glyph boxes, given its `layout` (from [`Self::layout`]); none when the text does not fit.
    pub fn parts<'a>(
        &'a self,
        label: &'a Label,
        origin: DVec2,
        layout: Option<&'a PathLayout>,
    ) -> impl Iterator<Item = Obb> + 'a {
        let axis = crate::geometry::reading_axis(label.style.angle);
        let at = DVec2::new(label.x, label.y) - origin;
        let text_size = DVec2::new(label.style.width, label.style.height);
        let boxes = if self.path.is_some() { 0 } else { self.positions() };
        let glyphs = layout.map_or(&[][..], |l| &l.glyphs[..]);
        let icon =
            self.icon.map(|i| text_box(at, DVec2::new(i.width, i.height), i.offset, i.anchor.shift(), axis, i.padding));
        // One map over the text's parts: cheaper to step through than a chain of two.
        let text = (0..boxes + glyphs.len()).map(move |k| match k.checked_sub(boxes) {
            None => {
                let (offset, shift) = self.offset_and_shift(label, k);
                text_box(at, text_size, offset, shift, axis, label.style.padding)
            }
            Some(g) => glyphs[g].obb(label.style.height, label.style.padding, origin),
        });
        text.chain(icon)
    }

    /// Whether label `b`'s anchor point is close enough to `a`'s to hide a label of the same
    /// group whose repeat distance is `distance`: `|a − b| < distance − τ`
    /// ([`crate::tolerance::is_repeat`]).
    #[must_use]
    pub fn repeats(a: DVec2, b: DVec2, distance: f64) -> bool {
        crate::tolerance::is_repeat((a - b).length(), distance)
    }
}

/// Which parts of a shown symbol with an icon are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Parts {
    /// Text and icon.
    Both,
    /// The text alone (the icon was optional).
    Text,
    /// The icon alone (the text was optional).
    Icon,
}

impl Parts {
    /// The name used in documents.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Parts::Both => "both",
            Parts::Text => "text",
            Parts::Icon => "icon",
        }
    }
}

/// Where and how a symbol was shown; both `None` on hidden labels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Choice {
    /// The index of the candidate the text was shown at (labels with candidates whose text
    /// shows).
    pub candidate: Option<u32>,
    /// The parts shown (labels with an icon).
    pub parts: Option<Parts>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_without_candidates_keeps_its_own_box() {
        let label = Label::new(10.0, 20.0, 30.0, 8.0).with_angle(30.0).with_anchor(Anchor::Top).with_padding(1.0);
        let s = Symbol::default();
        assert!(s.is_plain());
        assert_eq!(s.text_box(&label, 0, DVec2::ZERO), label.obb());
        // A single candidate equal to the label's own anchor and offset gives the same box.
        let s = Symbol::default().with_candidates(vec![Candidate::new(Anchor::Top)]);
        assert_eq!(s.text_box(&label, 0, DVec2::ZERO), label.obb());
        assert!(!s.is_plain());
    }

    #[test]
    fn the_icon_turns_with_the_label_but_not_with_the_candidates() {
        let label = Label::new(0.0, 0.0, 30.0, 8.0).with_angle(90.0);
        let icon = Icon { anchor: Anchor::Left, ..Icon::new(10.0, 4.0) };
        let s = Symbol::default().with_icon(icon).with_candidates(vec![Candidate::new(Anchor::Right)]);
        let b = s.icon_box(&label, DVec2::ZERO).unwrap();
        // Turned 90° counter-clockwise, "left" puts the icon above the point.
        assert_eq!(b.center, glam::DVec2::new(0.0, -5.0));
        assert_eq!(b.aabb().size(), glam::Vec2::new(4.0, 10.0));
    }

    #[test]
    fn repeat_distance_is_strict() {
        let (a, b) = (DVec2::ZERO, DVec2::new(3.0, 4.0));
        assert!(Symbol::repeats(a, b, 5.01));
        assert!(!Symbol::repeats(a, b, 5.0));
        assert!(!Symbol::repeats(a, b, 5.000_001), "closer by less than τ");
        assert!(!Symbol::repeats(a, a, 0.0));
    }
}
