//! Labels as a renderer keeps them: a point of the world, a size on screen, and how the text
//! turns when the map does.

use glam::DVec2;
use label_core::geometry::reading_axis;
use label_core::{BoxStyle, Candidate, Icon, Label, Obb, Symbol, TextPath, text_box};

use crate::geo::mercator::lon_lat_to_world;

/// How a label's angle relates to the map (MapLibre's `text-rotation-alignment`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Alignment {
    /// The angle is on screen: a place name stays level however the map turns.
    #[default]
    Viewport,
    /// The angle is on the map (north up, counter-clockwise): a street name turns with the
    /// map's bearing and, under pitch, follows its street's direction as projected.
    Map,
}

/// A label in world coordinates.
///
/// The anchor point is in world pixels (Web Mercator at zoom 0, see [`crate::geo::mercator`]); sizes
/// and offsets are screen pixels at the map's centre (under pitch they scale with perspective,
/// see [`crate::FrameOptions::perspective_scaling`]). Angles are degrees counter-clockwise, on
/// screen or on the map depending on [`Alignment`]. Its box's fields (size, angle, anchor,
/// offset, padding, priority, overlap flags) are a [`BoxStyle`], the same as a
/// [`label_core::Label`]'s (contract §2), set with the same `with_*` builders.
///
/// ```
/// use label_frame::{Alignment, WorldLabel};
/// let street = WorldLabel::from_lon_lat(7, 16.3725, 48.2083, 90.0, 14.0)
///     .with_angle(30.0)
///     .with_alignment(Alignment::Map)
///     .with_priority(2.0);
/// assert_eq!((street.id, street.style.priority), (7, 2.0));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct WorldLabel {
    /// The caller's identity of the label. The engine's memory of a label (shown last frame,
    /// opacity) follows its id when the label set is replaced, so ids must be unique.
    pub id: u64,
    /// Anchor point, world pixels at zoom 0. A path label has its line instead (in
    /// `symbol.path`): the engine does not read its `position`.
    pub position: DVec2,
    /// The box at that point (contract §2): size and offset in screen px at scale 1, padding
    /// in screen px (not scaled by perspective), rotation in degrees counter-clockwise on
    /// screen or on the map (see `alignment`), anchor, priority, overlap flags. Its fields
    /// sit beside the others in serialized labels.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub style: BoxStyle,
    /// Whether `style.angle` is on screen or on the map.
    pub alignment: Alignment,
    /// For map-aligned labels: turn the text by 180° when it would read upside down (MapLibre's
    /// `text-keep-upright`). Ignored for viewport-aligned labels.
    pub keep_upright: bool,
    /// What the label adds to become a symbol (contract §3b): candidate positions for its
    /// text, an icon, which part may show alone, a repeat group. Sizes and offsets are screen
    /// px at scale 1 (they scale with perspective as the text does; paddings and the repeat
    /// distance do not). The default adds nothing. A path label ([`Self::along_path`]) has its
    /// line here, in world px at zoom 0 like `position`.
    pub symbol: Symbol,
}

impl Default for WorldLabel {
    /// The core's default box (size, angle, priority, anchor, offset, padding, flags) at the
    /// world's origin, level on screen and kept upright.
    fn default() -> Self {
        Self {
            id: 0,
            position: DVec2::ZERO,
            style: BoxStyle::default(),
            alignment: Alignment::Viewport,
            keep_upright: true,
            symbol: Symbol::default(),
        }
    }
}

label_core::forward_box_style_setters!(WorldLabel);

impl WorldLabel {
    /// A centred, level label of priority 0 at a point in world pixels (zoom 0).
    #[must_use]
    pub fn from_world(id: u64, position: DVec2, width: f64, height: f64) -> Self {
        Self { id, position, style: BoxStyle::new(width, height), ..Self::default() }
    }

    /// A centred, level label of priority 0 at a longitude and latitude (degrees, WGS84),
    /// projected with Web Mercator.
    #[must_use]
    pub fn from_lon_lat(id: u64, lon: f64, lat: f64, width: f64, height: f64) -> Self {
        Self::from_world(id, lon_lat_to_world(lon, lat), width, height)
    }

    /// A text along a line of the world (contract §3b "Path"): a street or river name laid
    /// glyph by glyph along `path`, whose points are world px at zoom 0 (use
    /// [`Self::along_lon_lat_path`] for longitudes and latitudes), whose `path_offset`, if
    /// any, is an arc length in world px along that line (default: its middle), and whose
    /// glyph advances are screen px at scale 1, as a label's width is. `height` is the line's
    /// height, screen px; the padding ([`Self::with_padding`]) pads every glyph; priority,
    /// `allow_overlap`, `ignore_placement` and a repeat group act as on any label. The label's
    /// `position`, `alignment` and its style's `width`, `angle`, `anchor` and `offset` are not
    /// used (its width is set to the text's length, its `position` to the line's first point).
    ///
    /// Every frame lays the glyphs out on the projected line as the core does, all scaled with
    /// perspective at the offset's point (upright reversal; hidden
    /// [`crate::HiddenReason::NoRoom`] or [`crate::HiddenReason::TooCurved`] where they do not
    /// fit), and the label collides glyph box by glyph box; [`crate::FrameEngine::screen_glyphs`]
    /// gives the glyphs to draw.
    ///
    /// ```
    /// use glam::DVec2;
    /// use label_core::TextPath;
    /// use label_frame::WorldLabel;
    /// let line = TextPath::new(vec![DVec2::new(100.0, 100.0), DVec2::new(101.0, 100.5)], vec![7.0, 6.5, 7.0]);
    /// let street = WorldLabel::along_path(4, line, 12.0).with_priority(3.0);
    /// assert_eq!(street.style.width, 20.5);
    /// ```
    #[must_use]
    pub fn along_path(id: u64, path: TextPath, height: f64) -> Self {
        let position = path.points.first().copied().unwrap_or(DVec2::ZERO);
        Self {
            id,
            position,
            style: BoxStyle::new(path.text_length(), height),
            alignment: Alignment::Map,
            keep_upright: path.keep_upright,
            symbol: Symbol::default().with_path(path),
        }
    }

    /// A text along a line given in longitudes and latitudes (degrees, WGS84): `path`'s
    /// points are projected with Web Mercator, then as [`Self::along_path`] (its
    /// `path_offset`, if any, is in world px at zoom 0 along the projected line).
    #[must_use]
    pub fn along_lon_lat_path(id: u64, path: TextPath, height: f64) -> Self {
        let points = path.points.iter().map(|p| lon_lat_to_world(p.x, p.y)).collect();
        Self::along_path(id, TextPath { points, ..path }, height)
    }

    /// This label laid along `path` instead (world px at zoom 0, as [`Self::along_path`]): its
    /// id, height, priority, padding, overlap flags and what its symbol adds stay (a repeat
    /// group; candidates or an icon make `set_labels` refuse it, as on any path label). How a
    /// caller that reads labels and lines apart (the C ABI, the web module) makes its path
    /// labels.
    ///
    /// ```
    /// use glam::DVec2;
    /// use label_core::TextPath;
    /// use label_frame::WorldLabel;
    /// let line = TextPath::new(vec![DVec2::new(100.0, 100.0), DVec2::new(101.0, 100.5)], vec![7.0, 6.5]);
    /// let street = WorldLabel::from_world(4, DVec2::ZERO, 1.0, 12.0).with_priority(3.0).with_path(line);
    /// assert_eq!((street.style.width, street.style.priority, street.position), (13.5, 3.0, DVec2::new(100.0, 100.0)));
    /// ```
    #[must_use]
    pub fn with_path(self, path: TextPath) -> Self {
        let line = Self::along_path(self.id, path, self.style.height);
        Self {
            style: self.style.for_path_text(line.style.width),
            symbol: Symbol { path: line.symbol.path.clone(), ..self.symbol },
            ..line
        }
    }

    /// The point that stands for the label in the world (its cell, its copy of the world): its
    /// anchor point, or a path label's first point.
    #[must_use]
    pub(crate) fn world_anchor(&self) -> DVec2 {
        match &self.symbol.path {
            Some(p) if !p.points.is_empty() => p.points[0],
            _ => self.position,
        }
    }

    /// The label on screen at `pose`: the anchor point, angle and scale of one frame. `extra`
    /// padding (px) is added to the label's own; the engine uses it for the hysteresis margin.
    #[must_use]
    pub fn on_screen(&self, pose: &ScreenPose, extra_padding: f64) -> Label {
        let s = &self.style;
        let style = BoxStyle {
            width: s.width * pose.scale,
            height: s.height * pose.scale,
            angle: pose.angle,
            offset: s.offset * pose.scale,
            padding: s.padding + extra_padding,
            ..*s
        };
        Label { x: pose.position.x, y: pose.position.y, style }
    }

    /// How far from the anchor point any point of the box (a symbol: of any part), without
    /// padding, can lie at scale 1, px: the bound of the cull's and the projection's tests.
    #[must_use]
    pub(crate) fn reach(&self) -> f64 {
        let size = DVec2::new(self.style.width, self.style.height);
        let own = |offset: DVec2, shift: DVec2, size: DVec2| (offset + shift * size).length() + size.length() * 0.5;
        let text = own(self.style.offset, self.style.anchor.shift(), size);
        if self.symbol.is_plain() {
            return text;
        }
        let candidates = self.symbol.candidates.iter().map(|c| own(c.offset, c.anchor.shift(), size));
        let icon = self.symbol.icon.iter().map(|i| own(i.offset, i.anchor.shift(), DVec2::new(i.width, i.height)));
        let parts = candidates.chain(icon);
        if self.symbol.candidates.is_empty() { parts.fold(text, f64::max) } else { parts.fold(0.0, f64::max) }
    }

    /// Every part of the label on screen at `pose` with `extra` padding on each, as the core
    /// lists them ([`Symbol::parts`]: the text at each position in the label's own order, then
    /// the icon): `self.screen_symbol(pose.scale, extra, None, vec![])
    /// .parts(&self.on_screen(pose, extra), DVec2::ZERO)`, bit for bit, without building the
    /// symbol.
    pub(crate) fn screen_parts(&self, pose: &ScreenPose, extra: f64) -> impl Iterator<Item = Obb> + '_ {
        let s = pose.scale;
        let axis = reading_axis(pose.angle);
        let at = pose.position;
        let text_size = DVec2::new(self.style.width * s, self.style.height * s);
        let padding = self.style.padding + extra;
        let own = self.symbol.candidates.is_empty().then(|| (self.style.offset * s, self.style.anchor.shift()));
        let candidates = self.symbol.candidates.iter().map(move |c| (c.offset * s, c.anchor.shift()));
        let text = own
            .into_iter()
            .chain(candidates)
            .map(move |(offset, shift)| text_box(at, text_size, offset, shift, axis, padding));
        let icon = self.symbol.icon.iter().map(move |i| {
            let size = DVec2::new(i.width * s, i.height * s);
            text_box(at, size, i.offset * s, i.anchor.shift(), axis, i.padding + extra)
        });
        text.chain(icon)
    }

    /// The label's symbol on screen at `scale`: candidate offsets and the icon's size and
    /// offset scaled as [`Self::on_screen`] scales the text's, `extra_padding` added to the
    /// icon's padding as it is to the text's, and the candidate `first` (if any) moved to the
    /// front of the list (a label shown there last frame tries it first, contract §4); its
    /// candidates written into `candidates` (cleared first: a spare allocation).
    #[must_use]
    pub(crate) fn screen_symbol(
        &self,
        scale: f64,
        extra_padding: f64,
        first: Option<usize>,
        mut candidates: Vec<Candidate>,
    ) -> Symbol {
        let s = &self.symbol;
        let scaled = |c: &Candidate| Candidate { offset: c.offset * scale, ..*c };
        candidates.clear();
        candidates.reserve(s.candidates.len());
        if let Some(k) = first {
            candidates.push(scaled(&s.candidates[k]));
        }
        candidates.extend(s.candidates.iter().enumerate().filter(|&(j, _)| Some(j) != first).map(|(_, c)| scaled(c)));
        let icon = s.icon.map(|i| Icon {
            width: i.width * scale,
            height: i.height * scale,
            offset: i.offset * scale,
            padding: i.padding + extra_padding,
            ..i
        });
        // Field by field: cloning the whole symbol would copy its candidates only to drop them.
        Symbol {
            candidates,
            icon,
            optional: s.optional,
            repeat_group: s.repeat_group,
            repeat_distance: s.repeat_distance,
            path: s.path.clone(),
        }
    }
}

crate::util::setters!(WorldLabel:
    /// Sets whether the angle is on screen or on the map.
    with_alignment(alignment: Alignment),
    /// Sets whether a map-aligned label turns by 180° rather than read upside down.
    with_keep_upright(keep_upright: bool),
    /// Sets what the label adds to become a symbol: candidates, icon, optional part, repeat
    /// group (contract §3b).
    ///
    /// ```
    /// use label_frame::{Anchor, WorldLabel};
    /// use label_core::{Candidate, Icon, Symbol};
    /// let town = WorldLabel::from_lon_lat(3, 16.37, 48.21, 50.0, 14.0).with_symbol(
    ///     Symbol::default()
    ///         .with_candidates(vec![Candidate::new(Anchor::Left).with_offset(5.0, 0.0), Candidate::new(Anchor::Right).with_offset(-5.0, 0.0)])
    ///         .with_icon(Icon::new(8.0, 8.0)),
    /// );
    /// assert_eq!(town.symbol.positions(), 2);
    /// ```
    with_symbol(symbol: Symbol),
);

/// The index in a label's own candidate list of the candidate at `j` in the list
/// [`WorldLabel::screen_symbol`] made with `first` in front.
#[must_use]
pub(crate) fn candidate_before_reorder(j: u32, first: Option<usize>) -> u32 {
    match first.map(|k| k as u32) {
        Some(k) if j == 0 => k,
        Some(k) if j <= k => j - 1,
        _ => j,
    }
}

/// Where and how a label sits on screen in one frame.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ScreenPose {
    /// The anchor point on screen, px (origin top-left, y down).
    pub position: DVec2,
    /// Rotation on screen, degrees counter-clockwise.
    pub angle: f64,
    /// Size factor from perspective (1 without pitch).
    pub scale: f64,
}

#[cfg(test)]
#[path = "label_tests.rs"]
mod tests;
