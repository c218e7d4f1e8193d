//! A symbol layer's layout evaluated for one feature at one zoom, in typed fields — what the
//! placement of that feature's label is built from.

use super::SymbolLayer;
use crate::expr::{Feature, Section, Value};
use crate::sprite::Sprite;
use crate::text::transform::Transform;
use crate::text::wrap::{WrapOptions, Wrapped, wrap_sections};
use label_text::Font;

/// Where a label's box sits relative to its anchor point (`text-anchor`): the engine's own
/// anchors, which the style-spec's nine names name.
pub use label_core::Anchor;

fn anchor(name: &str) -> Option<Anchor> {
    name.parse().ok()
}

/// `text-justify`: how lines align inside the box (drawing only; the box is the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Justify {
    /// By the anchor: left for left anchors, right for right ones, else centre.
    Auto,
    /// Left.
    Left,
    /// Centred.
    #[default]
    Center,
    /// Right.
    Right,
}

/// `symbol-placement`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Placement {
    /// At the feature's point (a polygon's, a line's: see the symbol modules).
    #[default]
    Point,
    /// Along lines, repeated every `symbol-spacing`.
    Line,
    /// Once, at the middle of each line.
    LineCenter,
}

/// The evaluated layout of one feature's symbol.
#[derive(Clone, Debug, PartialEq)]
#[allow(missing_docs, reason = "each field is the style-spec property of the same name")]
pub struct Layout {
    /// `text-field` (empty: no text).
    pub text_field: Vec<Section>,
    /// `text-size`, pixels.
    pub text_size: f64,
    pub text_font: Vec<String>,
    pub text_anchor: Anchor,
    /// `text-offset`, ems.
    pub text_offset: [f64; 2],
    /// `text-radial-offset`, ems.
    pub text_radial_offset: f64,
    pub text_variable_anchor: Option<Vec<Anchor>>,
    /// `text-variable-anchor-offset`: anchors each with an offset in ems.
    pub text_variable_anchor_offset: Option<Vec<(Anchor, [f64; 2])>>,
    pub text_justify: Justify,
    /// `text-max-width`, ems.
    pub text_max_width: f64,
    /// `text-line-height`, ems.
    pub text_line_height: f64,
    /// `text-letter-spacing`, ems.
    pub text_letter_spacing: f64,
    pub text_transform: Transform,
    /// `text-padding`, pixels.
    pub text_padding: f64,
    /// `text-rotate`, degrees clockwise.
    pub text_rotate: f64,
    pub text_allow_overlap: bool,
    pub text_ignore_placement: bool,
    pub text_optional: bool,
    pub icon_image: Option<String>,
    pub icon_size: f64,
    pub icon_allow_overlap: bool,
    pub icon_ignore_placement: bool,
    pub icon_optional: bool,
    /// `icon-padding`, pixels: top, right, bottom, left.
    pub icon_padding: [f64; 4],
    pub symbol_sort_key: Option<f64>,
    pub symbol_placement: Placement,
    /// `symbol-spacing`, pixels.
    pub symbol_spacing: f64,
    /// `text-max-angle`, degrees.
    pub text_max_angle: f64,
    pub text_keep_upright: bool,
}

fn number(v: Option<Value>) -> f64 {
    v.and_then(|v| v.as_number()).unwrap_or(f64::NAN)
}

fn boolean(v: Option<Value>) -> bool {
    matches!(v, Some(Value::Bool(true)))
}

fn name(v: Option<Value>) -> String {
    match v {
        Some(Value::String(s)) => s,
        _ => String::new(),
    }
}

fn pair(v: &Value) -> [f64; 2] {
    match v {
        Value::Array(xy) => [xy[0].as_number().unwrap_or(0.0), xy[1].as_number().unwrap_or(0.0)],
        _ => [0.0, 0.0],
    }
}

fn items(v: Option<Value>) -> Option<Vec<Value>> {
    match v {
        Some(Value::Array(items)) => Some(items),
        _ => None,
    }
}

impl SymbolLayer {
    /// Every layout property of the layer at `zoom` for `feature` (properties it does not
    /// set take the style-spec's defaults).
    #[must_use]
    pub fn layout(&self, zoom: f64, feature: &Feature<'_>) -> Layout {
        let get = |property: &str| self.evaluate(property, zoom, feature);
        let anchors = |v: Option<Value>| {
            items(v).map(|items| items.iter().filter_map(|a| anchor(&a.to_text())).collect::<Vec<_>>())
        };
        let anchor_offsets = items(get("text-variable-anchor-offset")).map(|items| {
            items.chunks(2).filter_map(|p| Some((anchor(&p[0].to_text())?, pair(&p[1])))).collect::<Vec<_>>()
        });
        let padding = items(get("icon-padding"))
            .map_or([2.0; 4], |p| [0, 1, 2, 3].map(|i| p.get(i).and_then(Value::as_number).unwrap_or(2.0)));
        Layout {
            text_field: match get("text-field") {
                Some(Value::Formatted(sections)) => sections,
                _ => Vec::new(),
            },
            text_size: number(get("text-size")),
            text_font: items(get("text-font")).map_or_else(Vec::new, |f| f.iter().map(Value::to_text).collect()),
            text_anchor: anchor(&name(get("text-anchor"))).unwrap_or_default(),
            text_offset: get("text-offset").map_or([0.0, 0.0], |v| pair(&v)),
            text_radial_offset: number(get("text-radial-offset")),
            text_variable_anchor: anchors(get("text-variable-anchor")),
            text_variable_anchor_offset: anchor_offsets,
            text_justify: match name(get("text-justify")).as_str() {
                "auto" => Justify::Auto,
                "left" => Justify::Left,
                "right" => Justify::Right,
                _ => Justify::Center,
            },
            text_max_width: number(get("text-max-width")),
            text_line_height: number(get("text-line-height")),
            text_letter_spacing: number(get("text-letter-spacing")),
            text_transform: Transform::from_name(&name(get("text-transform"))).unwrap_or_default(),
            text_padding: number(get("text-padding")),
            text_rotate: number(get("text-rotate")),
            text_allow_overlap: boolean(get("text-allow-overlap")),
            text_ignore_placement: boolean(get("text-ignore-placement")),
            text_optional: boolean(get("text-optional")),
            icon_image: get("icon-image").map(|v| v.to_text()),
            icon_size: number(get("icon-size")),
            icon_allow_overlap: boolean(get("icon-allow-overlap")),
            icon_ignore_placement: boolean(get("icon-ignore-placement")),
            icon_optional: boolean(get("icon-optional")),
            icon_padding: padding,
            symbol_sort_key: get("symbol-sort-key").and_then(|v| v.as_number()),
            symbol_placement: match name(get("symbol-placement")).as_str() {
                "line" => Placement::Line,
                "line-center" => Placement::LineCenter,
                _ => Placement::Point,
            },
            symbol_spacing: number(get("symbol-spacing")),
            text_max_angle: number(get("text-max-angle")),
            text_keep_upright: boolean(get("text-keep-upright")),
        }
    }
}

impl Layout {
    /// How the lines align for drawing when the text sits at `anchor`: centred along lines;
    /// `auto` resolved by the anchor (left for the left anchors, right for the right ones,
    /// else centre), as MapLibre resolves it.
    #[must_use]
    pub fn justify_at(&self, anchor: Anchor) -> Justify {
        if self.symbol_placement != Placement::Point {
            return Justify::Center;
        }
        match self.text_justify {
            Justify::Auto => match anchor {
                Anchor::Left | Anchor::TopLeft | Anchor::BottomLeft => Justify::Left,
                Anchor::Right | Anchor::TopRight | Anchor::BottomRight => Justify::Right,
                _ => Justify::Center,
            },
            other => other,
        }
    }

    /// The icon's box, CSS pixels: `icon-image`'s icon in `sprite` at `icon-size`; `None`
    /// without an icon, or when the sprite lacks it (MapLibre then draws none).
    #[must_use]
    pub fn icon_box(&self, sprite: &Sprite) -> Option<[f64; 2]> {
        sprite.icon_box(self.icon_image.as_deref()?, self.icon_size)
    }

    /// The text as drawn: the sections with `text-transform` applied.
    #[must_use]
    pub fn sections(&self) -> Vec<Section> {
        self.text_field.iter().map(|s| Section { text: self.text_transform.apply(&s.text), ..s.clone() }).collect()
    }

    /// The text's lines and box, measured with `font`: wrapped at `text-max-width` for point
    /// placement only (MapLibre does not wrap labels along lines).
    #[must_use]
    pub fn wrap(&self, font: &Font<'_>) -> Wrapped {
        let options = WrapOptions {
            size: self.text_size,
            max_width_em: (self.symbol_placement == Placement::Point).then_some(self.text_max_width),
            line_height_em: self.text_line_height,
            letter_spacing_em: self.text_letter_spacing,
        };
        wrap_sections(&self.sections(), font, &options)
    }
}
