//! The labels a reader makes, ready for the engine: [`Document`] (labels, their texts and
//! font sizes, obstacles, options, symbols) with the [`Id`]s that name them, and
//! [`InputError`], the readers' located error.

use std::fmt;

use label_core::{Blocker, Label, Placement, PlacementOptions, Shape, Symbol};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

/// Most labels in one document. A screen shows a few thousand labels; a million is a whole
/// region at once and takes about 230 MB. Larger sets are better split into tiles (one NDJSON
/// line each), which also keeps memory flat. (The engine itself stops at 2³² − 2.)
pub const MAX_LABELS: usize = 1_000_000;

/// A label or obstacle id: a string or an integer, kept as given. 16 bytes (a `String` would
/// make it 24): a document holds one per label.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum Id {
    /// An integer id.
    Int(i64),
    /// A string id.
    Str(Box<str>),
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Id::Int(i) => write!(f, "{i}"),
            Id::Str(s) => write!(f, "{s:?}"),
        }
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct IdVisitor;
        impl Visitor<'_> for IdVisitor {
            type Value = Id;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string or an integer")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Id, E> {
                Ok(Id::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Id, E> {
                i64::try_from(v).map(Id::Int).map_err(|_| E::custom(format!("integer id {v} is larger than 2^63 - 1")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Id, E> {
                Ok(Id::Str(v.into()))
            }
        }
        d.deserialize_any(IdVisitor)
    }
}

/// Input that breaks the contract, located as precisely as the input allows.
#[derive(Debug, Clone, PartialEq)]
pub struct InputError {
    /// 1-based line in the input where the offending item starts, if known.
    pub line: Option<usize>,
    /// What is wrong, naming the item and field.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// A document ready for the engine.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Label ids, by input position.
    pub ids: Vec<Id>,
    /// Labels, by input position.
    pub labels: Vec<Label>,
    /// The labels' `text`, where given, by input position; empty when no label has one (read
    /// it with [`Document::text`]).
    pub texts: Vec<Option<String>>,
    /// The labels' `font_size`, px, where given: pictures draw the text at this size. By input
    /// position; empty when no label has one (read it with [`Document::font_size`]).
    pub font_sizes: Vec<Option<f64>>,
    /// Obstacle ids, by input position (`obstacle-<i>` when none was given).
    pub obstacle_ids: Vec<Id>,
    /// Obstacles, by input position.
    pub obstacles: Vec<Shape>,
    /// Viewport and other options from the document.
    pub options: PlacementOptions,
    /// One symbol per label (contract §3b) when some label has a symbol field; empty otherwise.
    pub symbols: Vec<Symbol>,
}

impl Document {
    /// The `text` of label `i`, if it has one.
    #[must_use]
    pub fn text(&self, i: usize) -> Option<&str> {
        self.texts.get(i).and_then(Option::as_deref)
    }

    /// The `font_size` of label `i`, px, if it has one.
    #[must_use]
    pub fn font_size(&self, i: usize) -> Option<f64> {
        self.font_sizes.get(i).copied().flatten()
    }

    /// Places the document on the current rayon pool: plain labels by `label_core::place`,
    /// symbols by `label_core::place_symbols`.
    ///
    /// # Errors
    /// What the engine refuses (options set after reading, say).
    pub fn place(&self) -> Result<Placement, label_core::Error> {
        if self.symbols.is_empty() {
            label_core::place(&self.labels, &self.obstacles, &self.options)
        } else {
            label_core::place_symbols(&self.labels, &self.symbols, &self.obstacles, &self.options)
        }
    }
}

/// One label's decision as every output writes it — the command's label-set, GeoJSON and
/// JSON results and the web package's `placeGeoJSON` — so that they say the same.
#[derive(Clone, Debug)]
pub struct Decision<'a> {
    /// The label (for a feature, the one that speaks for it:
    /// [`crate::readers::Slot::described_by`]); `None` for a feature without a label.
    pub label: Option<usize>,
    /// Whether it is shown.
    pub visible: bool,
    /// Why it is hidden (a label's reason, or why the feature has no label).
    pub reason: Option<&'static str>,
    /// The id of the label or obstacle that hid it.
    pub hidden_by: Option<&'a Id>,
    /// Whether `hidden_by` names an obstacle.
    pub hidden_by_obstacle: bool,
    /// The candidate the text shows at (symbols with candidates).
    pub candidate: Option<u32>,
    /// `both`, `text` or `icon` (symbols with an icon).
    pub parts: Option<&'static str>,
    /// A shown name along a line: its glyphs and whether its line was reversed
    /// ([`path_glyphs`]).
    pub path: Option<(Vec<[f64; 3]>, bool)>,
}

impl Document {
    /// The decision of label `i` in `placement` of this document.
    #[must_use]
    pub fn decision(&self, placement: &Placement, i: usize) -> Decision<'_> {
        let o = &placement.outcomes[i];
        let (hidden_by, hidden_by_obstacle) = match o.hidden_by {
            Some(Blocker::Label(j)) => (Some(&self.ids[j as usize]), false),
            Some(Blocker::Obstacle(j)) => (Some(&self.obstacle_ids[j as usize]), true),
            None => (None, false),
        };
        let choice = placement.choices.get(i).copied().unwrap_or_default();
        Decision {
            label: Some(i),
            visible: o.visible,
            reason: o.reason.map(|r| r.name()),
            hidden_by,
            hidden_by_obstacle,
            candidate: choice.candidate,
            parts: choice.parts.map(|p| p.name()),
            path: path_glyphs(self.symbols.get(i), o.visible),
        }
    }
}

/// A shown text along a line as a program draws it (contract §3b): each glyph's centre `x`,
/// `y` (screen px) and reading angle (degrees counter-clockwise), each to 0.01, in the order of
/// the text after any upright reversal, and whether the line was reversed. `None` for other
/// labels and hidden ones.
#[must_use]
pub fn path_glyphs(symbol: Option<&Symbol>, visible: bool) -> Option<(Vec<[f64; 3]>, bool)> {
    let layout = symbol.filter(|_| visible)?.layout()?.ok()?;
    // To 0.01 (far finer than a glyph's pixels), and never -0.
    let round = |v: f64| (v * 100.0).round() / 100.0 + 0.0;
    let glyphs = layout.glyphs.iter().map(|g| [round(g.center.x), round(g.center.y), round(g.angle())]).collect();
    Some((glyphs, layout.reversed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_takes_16_bytes() {
        assert_eq!(std::mem::size_of::<Id>(), 16);
    }
}
