//! Features labelled by a style's symbol layers (`declutter place --style`): each feature takes
//! the first layer, in MapLibre's placement order ([`crate::order`]: later layers first), that
//! shows at the view's zoom, whose `filter` keeps it and whose `symbol-placement` fits its
//! geometry; that layer's layout, evaluated for the feature at the zoom
//! ([`crate::style::SymbolLayer::layout`]), becomes the look the flags path builds from its
//! flags, and the same builders make its label ([`super::features`]).
//!
//! - **Text**: `text-field` with `text-transform`, measured in the run's font at `text-size`,
//!   wrapped at `text-max-width` with `text-line-height` and `text-letter-spacing` as MapLibre
//!   wraps it ([`crate::text`]): one box of the wrapped size. A text that is empty, or a size
//!   that is not a positive number, gives no label (`no_text`).
//! - **Points** (and `symbol-placement: point` on a line: its first point, as MapLibre anchors
//!   it): `text-anchor` and `text-offset` (ems), or the candidates of `text-variable-anchor`
//!   with `text-radial-offset` (or, without it, `text-offset` turned towards each anchor) or of
//!   `text-variable-anchor-offset`, MapLibre's offsets ([`crate::symbols`]); the icon of
//!   `icon-image` in the sprite at `icon-size`, padded by the largest of `icon-padding`,
//!   `text-optional` / `icon-optional`. `text-rotate` turns the box.
//! - **Lines** (`symbol-placement: line` or `line-center`): the name glyph by glyph along the
//!   line, every `symbol-spacing` px or once at each piece's middle, with `text-max-angle` and
//!   `text-keep-upright` ([`crate::lines::along`]). A layer that places along lines takes no
//!   point and no polygon.
//! - **Polygons**: the label centred at the pole of inaccessibility.
//! - **Collisions**: `text-padding`; `text-allow-overlap` and `text-ignore-placement` (with an
//!   icon, only when the icon's flag agrees: the engine keeps one pair per label).
//! - **Order**: the layer's index and the feature's `symbol-sort-key` give the priority.
//!
//! **Source layers**: a GeoJSON file is one source layer named by its file stem (`roads` for
//! `roads.geojson`); a layer without `source-layer` (as a GeoJSON source's layers are) takes
//! every feature, one whose `source-layer` names another is refused ([`select`]).

use glam::DVec2;
use label_core::{Anchor, Candidate, Optional};
use serde_json::{Map, Value};

use super::feature::PropertiesRef;
use super::features::{Bad, GeoDocument, Geom, LabelLook, LineMode, Look, bad, read_with};
use crate::document::InputError;
use crate::expr::{self, GeometryType};
use crate::lines::along::Curved;
use crate::measure;
use crate::settings::GeoOptions;
use crate::sprite::Sprite;
use crate::style::layout::{Layout, Placement};
use crate::style::{Style, SymbolLayer};
use crate::symbols::{Offset, SymbolOptions};

/// The symbol layers to label with: those named by `ids` (every one when empty), checked
/// against the data's source layer `stem` (the file's stem; `None` for standard input).
///
/// # Errors
/// A message naming a layer id the style has no symbol layer of, or a layer whose
/// `source-layer` is not the data's.
pub fn select<'s>(style: &'s Style, ids: &[String], stem: Option<&str>) -> Result<Vec<&'s SymbolLayer>, String> {
    let layers: Vec<&SymbolLayer> = if ids.is_empty() {
        style.layers.iter().collect()
    } else {
        let names = || style.layers.iter().map(|l| format!("\"{}\"", l.id)).collect::<Vec<_>>().join(", ");
        ids.iter()
            .map(|id| {
                style.layer(id).ok_or_else(|| {
                    format!("--layer {id}: the style has no symbol layer of that id (its symbol layers: {})", names())
                })
            })
            .collect::<Result<_, _>>()?
    };
    for layer in &layers {
        let Some(source_layer) = &layer.source_layer else { continue };
        if Some(source_layer.as_str()) != stem {
            let data = stem.map_or_else(|| "standard input has none".to_owned(), |s| format!("it is \"{s}\""));
            return Err(format!(
                "layer \"{}\": source-layer \"{source_layer}\" is not in the data (a GeoJSON file is one source \
                 layer named by its file stem: {data}; a layer without source-layer takes every feature)",
                layer.id
            ));
        }
    }
    Ok(layers)
}

/// Reads a FeatureCollection on `options`' view (its other settings unused), each feature
/// labelled by the first of `layers` that takes it (see the module's doc); icons' sizes from
/// `sprite`.
///
/// # Errors
/// The reader's errors ([`super::read`]).
pub fn read<'a>(
    text: &'a str,
    options: &GeoOptions,
    layers: &[&SymbolLayer],
    sprite: Option<&Sprite>,
) -> Result<GeoDocument<'a>, InputError> {
    let zoom = options.view.zoom;
    let mut shown: Vec<&SymbolLayer> = layers.iter().copied().filter(|l| l.shows_at(zoom)).collect();
    shown.sort_by_key(|l| std::cmp::Reverse(l.index));
    let look_of = |feature: &super::Feature<'_>, properties: PropertiesRef<'_, '_>, geom: Option<&Geom>| {
        let Some(geom) = geom else { return Ok(None) };
        let map: Map<String, Value> =
            properties.keys().filter_map(|k| Some((k.to_owned(), properties.get(k)?.into_owned()))).collect();
        let geometry = match geom {
            Geom::Point(_) => GeometryType::Point,
            Geom::Lines(_) => GeometryType::LineString,
            Geom::Area(_) => GeometryType::Polygon,
        };
        let f = expr::Feature { properties: &map, id: feature.get("id"), geometry };
        for layer in &shown {
            if !layer.filter(zoom, &f) {
                continue;
            }
            let layout = layer.layout(zoom, &f);
            if layout.symbol_placement != Placement::Point && !matches!(geom, Geom::Lines(_)) {
                continue;
            }
            return layer_look(layer, &layout, geom, sprite).map(Some);
        }
        Ok(None)
    };
    read_with(text, options, &look_of)
}

/// The look `layer`'s `layout` gives a feature of `geom`.
fn layer_look(layer: &SymbolLayer, layout: &Layout, geom: &Geom, sprite: Option<&Sprite>) -> Result<Look, Bad> {
    let font_size = layout.text_size;
    let sections = layout.sections();
    let text: String = sections.iter().map(|s| s.text.as_str()).collect();
    let sized = font_size.is_finite() && font_size > 0.0 && font_size <= measure::MAX_FONT_SIZE;
    let text = (sized && !text.trim().is_empty()).then_some(text);
    let wrapped = text.as_ref().map(|_| layout.wrap(measure::font()));
    let lines = match layout.symbol_placement {
        Placement::Point => LineMode::FirstPoint,
        Placement::Line => LineMode::Along(curved(layer, layout, layout.symbol_spacing)?),
        Placement::LineCenter => LineMode::Along(curved(layer, layout, f64::INFINITY)?),
    };
    let point = matches!(geom, Geom::Point(_)) || (matches!(geom, Geom::Lines(_)) && lines == LineMode::FirstPoint);
    let icon = match (sprite, point) {
        (Some(sprite), true) => layout.icon_box(sprite).map(|[w, h]| DVec2::new(w, h)),
        _ => None,
    };
    let optional = match (icon.is_some(), layout.text_optional, layout.icon_optional) {
        (true, true, false) => Optional::Text,
        (true, false, true) => Optional::Icon,
        _ => Optional::None,
    };
    let mut symbol = SymbolOptions::from_parts(positions(layer, layout), icon, optional).symbol(point, font_size);
    if let Some(icon) = &mut symbol.icon {
        icon.padding = layout.icon_padding.into_iter().fold(0.0, f64::max);
    }
    let both = |text: bool, icon_flag: bool| text && (icon.is_none() || icon_flag);
    let label = LabelLook {
        anchor: layout.text_anchor,
        offset: DVec2::new(layout.text_offset[0], layout.text_offset[1]) * font_size,
        padding: layout.text_padding.max(0.0),
        rotate: -layout.text_rotate,
        allow_overlap: both(layout.text_allow_overlap, layout.icon_allow_overlap),
        ignore_placement: both(layout.text_ignore_placement, layout.icon_ignore_placement),
    };
    Ok(Look {
        text,
        font_size: if sized { font_size } else { 1.0 },
        size: wrapped.map(|w| DVec2::new(w.width, w.height)),
        letter_spacing: layout.text_letter_spacing * font_size,
        label,
        lines,
        symbol: Some(Box::new((symbol, None))),
        priority: None,
        tie: None,
        fields: [true; 2],
        group: layer.index,
        rank: Some((layer.index, layout.symbol_sort_key)),
    })
}

/// The line settings of `layer` with labels `spacing` px apart.
fn curved(layer: &SymbolLayer, layout: &Layout, spacing: f64) -> Result<Curved, Bad> {
    let max_angle = layout.text_max_angle;
    if !(0.0..=180.0).contains(&max_angle) {
        return Err(bad(
            format!("layer \"{}\", text-max-angle", layer.id),
            format!("expected degrees from 0 to 180, got {}", label_core::Shown(max_angle)),
        ));
    }
    Ok(Curved { spacing: spacing.max(1.0), max_angle, keep_upright: layout.text_keep_upright })
}

/// The variable positions `layer`'s evaluated `layout` gives a point label, as MapLibre reads
/// them: `text-variable-anchor-offset` when set, else `text-variable-anchor` with
/// `text-radial-offset` when the layer sets it, else with `text-offset` turned toward each
/// anchor. Empty without variable anchors.
fn positions(layer: &SymbolLayer, layout: &Layout) -> Vec<(Anchor, Offset)> {
    match (&layout.text_variable_anchor_offset, &layout.text_variable_anchor) {
        (Some(pairs), _) => pairs.iter().map(|&(a, [x, y])| (a, Offset::Ems(DVec2::new(x, y)))).collect(),
        (None, Some(anchors)) if layer.sets("text-radial-offset") => {
            anchors.iter().map(|&a| (a, Offset::Radial(layout.text_radial_offset))).collect()
        }
        (None, Some(anchors)) => anchors.iter().map(|&a| (a, Offset::Ems(toward(a, layout.text_offset)))).collect(),
        (None, None) => Vec::new(),
    }
}

/// The candidate positions of a point label of `layer` with its evaluated `layout`: each
/// variable anchor with its offset in pixels (y down, at `text-size`, MapLibre's baseline
/// allowance included), the positions the engine tries in order. Empty without variable
/// anchors (the label sits at `text-anchor` with `text-offset`).
#[must_use]
pub fn candidates(layer: &SymbolLayer, layout: &Layout) -> Vec<Candidate> {
    SymbolOptions::from_parts(positions(layer, layout), None, Optional::None).symbol(true, layout.text_size).candidates
}

/// MapLibre's `text-offset` for a variable anchor (without `text-radial-offset`), ems: its
/// size on each axis, pointing away from the anchor's side (y down).
fn toward(anchor: Anchor, [x, y]: [f64; 2]) -> DVec2 {
    let (x, y) = (x.abs(), y.abs());
    let dx = match anchor {
        Anchor::Left | Anchor::TopLeft | Anchor::BottomLeft => x,
        Anchor::Right | Anchor::TopRight | Anchor::BottomRight => -x,
        Anchor::Center | Anchor::Top | Anchor::Bottom => 0.0,
    };
    let dy = match anchor {
        Anchor::Top | Anchor::TopLeft | Anchor::TopRight => y,
        Anchor::Bottom | Anchor::BottomLeft | Anchor::BottomRight => -y,
        Anchor::Center | Anchor::Left | Anchor::Right => 0.0,
    };
    DVec2::new(dx, dy)
}
