//! The labels of one zoom's world placement, with what a tile needs to draw each as placed:
//! its anchor point, the chosen position (anchor, offset, angle), the glyphs of a text along a
//! line, and the bounds of its shown parts for [`super::cover`].

use glam::DVec2;
use label_core::{Label, Parts, Placement, Symbol};
pub use label_tiles::TiledLabel;
use label_tiles::cover::{Bounds, bounds};

use crate::formats::document::Id;
use crate::formats::geojson::{GeoDocument, Slot};

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
        id: match &geo.feature_ids[feature] {
            Id::Int(v) => label_tiles::Id::Int(*v),
            Id::Str(s) => label_tiles::Id::Str(s.clone()),
        },
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
