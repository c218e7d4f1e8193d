//! The labels of one zoom's world placement, with what a tile needs to draw each as placed:
//! its anchor point, the chosen position (anchor, offset, angle), the glyphs of a text along a
//! line, and the bounds of its shown parts for [`super::cover`].

use glam::DVec2;
use label_core::{Label, Parts, Placement, Symbol};

use super::cover::Bounds;
use crate::formats::document::Id;
use crate::formats::geojson::{GeoDocument, Slot};

/// One label as placed at one zoom.
#[derive(Clone, Debug, PartialEq)]
pub struct TiledLabel {
    /// The feature's position in the input (the same at every zoom).
    pub feature: usize,
    /// For a name repeated along its line, which repeat (0 first); `None` for one label.
    pub repeat: Option<u32>,
    /// The feature's id (its `id`, else its index).
    pub id: Id,
    /// The text.
    pub text: String,
    /// The font size, px.
    pub size: f64,
    /// The anchor point in world px of the zoom.
    pub point: DVec2,
    /// Which point of the text box sits on the anchor point, at the chosen position.
    pub anchor: &'static str,
    /// The text box's shift in its own frame, px, at the chosen position.
    pub offset: DVec2,
    /// Rotation, degrees counter-clockwise on screen.
    pub angle: f64,
    /// The candidate the text shows at (symbols with candidates).
    pub candidate: Option<u32>,
    /// `both`, `text` or `icon` (symbols with an icon, when shown).
    pub parts: Option<&'static str>,
    /// A text along a line: each glyph's centre relative to the anchor point (px) and its
    /// reading angle (degrees counter-clockwise on screen).
    pub glyphs: Option<Vec<[f64; 3]>>,
    /// Bounds of the parts shown (of the first position's parts when hidden), world px.
    pub bounds: Vec<Bounds>,
    /// Whether it is shown.
    pub visible: bool,
    /// Why it is hidden.
    pub reason: Option<&'static str>,
}

impl TiledLabel {
    /// Whether two placements of the same label draw the same (all but the point's zoom
    /// scale and the bounds): a tippecanoe run continues while this holds.
    #[must_use]
    pub fn draws_like(&self, other: &TiledLabel) -> bool {
        self.text == other.text
            && self.size == other.size
            && self.anchor == other.anchor
            && self.offset == other.offset
            && self.angle == other.angle
            && self.candidate == other.candidate
            && self.parts == other.parts
            && self.glyphs.is_none()
            && other.glyphs.is_none()
    }
}

/// The labels of `geo` as `placement` decided them, in feature order: the shown ones, and the
/// hidden ones too with `hidden`. Features without a label are left out (the reader warns of
/// them).
#[must_use]
pub fn labels(geo: &GeoDocument<'_>, placement: &Placement, hidden: bool) -> Vec<TiledLabel> {
    let mut out = Vec::new();
    for (feature, slot) in geo.slots.iter().enumerate() {
        let (first, count, repeated) = match *slot {
            Slot::Label(i) => (i, 1, false),
            Slot::Along { first, count } => (first, count, true),
            Slot::Skipped(_) => continue,
        };
        for (k, i) in (first..first + count).enumerate() {
            let outcome = &placement.outcomes[i];
            if outcome.visible || hidden {
                let repeat = repeated.then(|| u32::try_from(k).unwrap_or(u32::MAX));
                out.push(label(geo, placement, feature, i, repeat));
            }
        }
    }
    out
}

fn label(geo: &GeoDocument<'_>, placement: &Placement, feature: usize, i: usize, repeat: Option<u32>) -> TiledLabel {
    let doc = &geo.doc;
    let l = &doc.labels[i];
    let outcome = &placement.outcomes[i];
    let choice = placement.choices.get(i).copied().unwrap_or_default();
    let symbol = doc.symbols.get(i);
    let k = choice.candidate.map_or(0, |c| c as usize);
    let (anchor, offset) = match symbol.and_then(|s| s.candidates.get(k)) {
        Some(c) => (c.anchor, c.offset),
        None => (l.style.anchor, l.style.offset),
    };
    let point = DVec2::new(l.x, l.y);
    let layout = symbol.and_then(Symbol::layout).and_then(Result::ok);
    let glyphs = layout.as_ref().map(|layout| {
        let glyph = |g: &label_core::GlyphPose| {
            let d = g.center - point;
            [d.x, d.y, (-g.axis.y).atan2(g.axis.x).to_degrees()]
        };
        layout.glyphs.iter().map(glyph).collect()
    });
    let bounds = match symbol {
        Some(s) if s.path.is_some() => match &layout {
            Some(layout) => s.parts(l, point, Some(layout)).map(|b| bounds(&b, point)).collect(),
            None => vec![bounds(&l.obb_from(point), point)],
        },
        Some(s) => symbol_bounds(s, l, k, choice.parts, point),
        None => vec![bounds(&l.obb_from(point), point)],
    };
    TiledLabel {
        feature,
        repeat,
        id: geo.feature_ids[feature].clone(),
        text: doc.text(i).unwrap_or_default().to_owned(),
        size: doc.font_size(i).unwrap_or(geo.options.font_size),
        point,
        anchor: anchor.name(),
        offset,
        angle: l.style.angle,
        candidate: choice.candidate,
        parts: choice.parts.map(Parts::name),
        glyphs,
        bounds,
        visible: outcome.visible,
        reason: outcome.reason.map(|r| r.name()),
    }
}

/// The bounds of a symbol's text at position `k` and of its icon, as far as `parts` shows them
/// (both when hidden).
fn symbol_bounds(s: &Symbol, l: &Label, k: usize, parts: Option<Parts>, point: DVec2) -> Vec<Bounds> {
    let text = (parts != Some(Parts::Icon)).then(|| s.text_box(l, k, point));
    let icon = if parts == Some(Parts::Text) { None } else { s.icon_box(l, point) };
    text.into_iter().chain(icon).map(|b| bounds(&b, point)).collect()
}

/// World-px bounds of a box given relative to `origin`.
fn bounds(b: &label_core::Obb, origin: DVec2) -> Bounds {
    let corners = b.corners_f64().map(|c| c + origin);
    let fold = |f: fn(f64, f64) -> f64, axis: fn(DVec2) -> f64| corners.iter().map(|&c| axis(c)).reduce(f);
    let (x0, x1) = (fold(f64::min, |c| c.x), fold(f64::max, |c| c.x));
    let (y0, y1) = (fold(f64::min, |c| c.y), fold(f64::max, |c| c.y));
    [x0.unwrap_or(origin.x), y0.unwrap_or(origin.y), x1.unwrap_or(origin.x), y1.unwrap_or(origin.y)]
}
