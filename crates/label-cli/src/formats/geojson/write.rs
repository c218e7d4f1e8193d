//! The result of a GeoJSON input: the collection written back with each feature's decision in
//! its properties, or the label-set result with one placement per feature.
//!
//! The collection is streamed from what was read (no copy of the features): members other
//! than `features` verbatim, each feature's members in their order, the decision's keys last
//! in `properties` (replacing properties of the same names).

use std::io::{BufWriter, Write};

use label_core::Placement;
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use label_style::document::Decision as FeatureDecision;
use label_style::readers::{Feature, GeoDocument, Member, PropertiesRef, Skip, Slot};

use crate::formats::output::{PlacementOut, Stats};

/// The property names a decision writes.
pub const RESULT_KEYS: [&str; 9] =
    ["visible", "reason", "hidden_by", "label_box", "candidate", "parts", "glyphs", "reversed", "marker_visible"];

/// One feature's decision as the command writes it: the shared one, its label's box and its
/// marker.
#[derive(Clone, Debug)]
struct Decision<'a> {
    /// What every output says of the feature.
    of: FeatureDecision<'a>,
    /// The label's box on screen, corners in the box's own order (px, to 0.01): its text at
    /// the candidate shown, else at the first; for a name along a line, the bounds of its
    /// glyph boxes.
    label_box: Option<[[f64; 2]; 4]>,
    /// Whether the feature's point marker is shown (`--marker-radius`, point features).
    marker_visible: Option<bool>,
}

/// The box of label `i` written as `label_box` (see [`Decision`]).
fn label_box(geo: &GeoDocument<'_>, placement: &Placement, i: usize) -> [[f64; 2]; 4] {
    let choice = placement.choices.get(i).copied().unwrap_or_default();
    let label = &geo.doc.labels[i];
    let corners = match geo.doc.symbols.get(i) {
        Some(symbol) if symbol.path.is_some() => {
            let layout = symbol.layout().and_then(Result::ok);
            let glyphs = symbol.parts(label, glam::DVec2::ZERO, layout.as_ref()).map(|b| b.bounds());
            glyphs.reduce(|a, b| a.union(&b)).unwrap_or_else(|| label.obb().aabb()).corners()
        }
        Some(symbol) => symbol.text_box(label, choice.candidate.map_or(0, |k| k as usize), glam::DVec2::ZERO).corners(),
        None => label.obb().corners(),
    };
    let round = |v: f32| (f64::from(v) * 100.0).round() / 100.0;
    corners.map(|c| [round(c.x), round(c.y)])
}

fn decisions<'a>(geo: &'a GeoDocument<'_>, placement: &Placement) -> Vec<Decision<'a>> {
    let markers = geo.feature_markers.iter().map(|m| m.map(|i| placement.outcomes[i].visible));
    geo.slots
        .iter()
        .zip(markers)
        .map(|(slot, marker_visible)| Decision { marker_visible, ..slot_decision(geo, placement, *slot) })
        .collect()
}

fn slot_decision<'a>(geo: &'a GeoDocument<'_>, placement: &Placement, slot: Slot) -> Decision<'a> {
    let of = geo.decision(placement, slot);
    let label_box = of.label.map(|i| label_box(geo, placement, i));
    Decision { of, label_box, marker_visible: None }
}

/// The collection with every feature's decision in its properties.
///
/// # Errors
/// Only if serde_json cannot encode (it always can: strings, numbers, raw JSON).
pub fn to_geojson(geo: &GeoDocument<'_>, placement: &Placement, pretty: bool) -> serde_json::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    write_geojson(geo, placement, pretty, &mut bytes)?;
    Ok(bytes)
}

/// [`to_geojson`] written to `w` as it is encoded, never held whole (`w`
/// should be buffered).
///
/// # Errors
/// `w`'s, as serde_json errors.
pub fn write_geojson(
    geo: &GeoDocument<'_>,
    placement: &Placement,
    pretty: bool,
    w: impl Write,
) -> serde_json::Result<()> {
    let decisions = decisions(geo, placement);
    let out = CollectionOut { geo, decisions: &decisions };
    // A buffer of this writer's own type: serde_json's many small writes are copies into
    // it, not calls through `w` (often a `dyn Write`).
    let mut w = BufWriter::with_capacity(1 << 16, w);
    if pretty { serde_json::to_writer_pretty(&mut w, &out) } else { serde_json::to_writer(&mut w, &out) }?;
    w.flush().map_err(serde_json::Error::io)
}

/// The label-set result: one placement per feature, in input order (features without a
/// label hidden with their [`Skip`] reason), and the counts.
///
/// # Errors
/// Only if serde_json cannot encode.
pub fn to_json(
    geo: &GeoDocument<'_>,
    placement: &Placement,
    stats: Stats,
    pretty: bool,
) -> serde_json::Result<Vec<u8>> {
    let decisions = decisions(geo, placement);
    let placements = geo
        .feature_ids
        .iter()
        .zip(&decisions)
        .map(|(id, d)| PlacementOut {
            id,
            visible: d.of.visible,
            reason: d.of.reason,
            hidden_by: d.of.hidden_by,
            hidden_by_obstacle: d.of.hidden_by_obstacle,
            candidate: d.of.candidate,
            parts: d.of.parts,
            glyphs: d.of.path.as_ref().map(|p| p.0.clone()),
            reversed: d.of.path.as_ref().map(|p| p.1),
        })
        .collect();
    let count = |skip: Skip| geo.slots.iter().filter(|s| **s == Slot::Skipped(skip)).count();
    let stats = GeoStats {
        engine: stats,
        markers: geo.markers.len(),
        features: geo.slots.len(),
        no_geometry: count(Skip::NoGeometry),
        unsupported: count(Skip::Unsupported),
        no_text: count(Skip::NoText),
        merged: count(Skip::Merged),
        no_layer: count(Skip::NoLayer),
        repeats: geo.slots.iter().map(|s| if let Slot::Along { count, .. } = s { count - 1 } else { 0 }).sum(),
    };
    let out = JsonOut { placements, stats };
    if pretty { serde_json::to_vec_pretty(&out) } else { serde_json::to_vec(&out) }
}
#[derive(Serialize)]
struct JsonOut<'a> {
    placements: Vec<PlacementOut<'a>>,
    stats: GeoStats,
}

/// The engine's counts (over labels) and the features' (over every feature).
#[derive(Serialize)]
struct GeoStats {
    #[serde(flatten)]
    engine: Stats,
    /// Of `labels`, the point markers (`--marker-radius`); written when there are any.
    #[serde(skip_serializing_if = "is_zero")]
    markers: usize,
    /// Features in the input: `labels` − `markers` − `repeats` + `no_geometry` + `unsupported` +
    /// `no_text` + `merged` + `no_layer`.
    features: usize,
    no_geometry: usize,
    unsupported: usize,
    no_text: usize,
    /// Lines merged into another of the same name (`--line-placement curved`).
    #[serde(skip_serializing_if = "is_zero")]
    merged: usize,
    /// Features no layer of `--style` labels.
    #[serde(skip_serializing_if = "is_zero")]
    no_layer: usize,
    /// Of `labels`, the names repeated along a line beyond each line's first.
    #[serde(skip_serializing_if = "is_zero")]
    repeats: usize,
}

#[allow(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if passes a reference")]
fn is_zero(n: &usize) -> bool {
    *n == 0
}

struct CollectionOut<'a> {
    geo: &'a GeoDocument<'a>,
    decisions: &'a [Decision<'a>],
}

impl Serialize for CollectionOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.geo.members.len()))?;
        for (key, raw) in &self.geo.members {
            match raw {
                Some(raw) => map.serialize_entry(key, raw)?,
                None => map.serialize_entry(key, &FeaturesOut { geo: self.geo, decisions: self.decisions })?,
            }
        }
        map.end()
    }
}

/// The features, each read again from its text as it is written (the collection is never
/// held as values).
struct FeaturesOut<'a> {
    geo: &'a GeoDocument<'a>,
    decisions: &'a [Decision<'a>],
}

impl Serialize for FeaturesOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.decisions.len()))?;
        for (i, decision) in self.decisions.iter().enumerate() {
            let feature = self.geo.feature(i).map_err(serde::ser::Error::custom)?;
            seq.serialize_element(&FeatureOut { feature: &feature, decision })?;
        }
        seq.end()
    }
}

struct FeatureOut<'a> {
    feature: &'a Feature<'a>,
    decision: &'a Decision<'a>,
}

impl Serialize for FeatureOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let has_properties = self.feature.contains_key("properties");
        let members = self.feature.members();
        let mut map = s.serialize_map(Some(members.len() + usize::from(!has_properties)))?;
        for (key, member) in members {
            match member {
                _ if key == "properties" => {
                    // Not an object (null): written as none.
                    let properties = self.feature.properties().ok().flatten();
                    map.serialize_entry(key, &PropertiesOut { properties, decision: self.decision })?;
                }
                Member::Value(value) => map.serialize_entry(key, value)?,
                Member::Lines(lines) => map.serialize_entry(key, lines)?,
                Member::Properties => {} // only ever under `properties`
            }
        }
        if !has_properties {
            map.serialize_entry("properties", &PropertiesOut { properties: None, decision: self.decision })?;
        }
        map.end()
    }
}

struct PropertiesOut<'r, 'a> {
    properties: Option<PropertiesRef<'r, 'a>>,
    decision: &'r Decision<'r>,
}

impl Serialize for PropertiesOut<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let d = self.decision;
        let mut map = s.serialize_map(None)?;
        if let Some(properties) = self.properties {
            properties.serialize_into(&mut map, |key| !RESULT_KEYS.contains(&key))?;
        }
        map.serialize_entry("visible", &d.of.visible)?;
        if let Some(reason) = d.of.reason {
            map.serialize_entry("reason", reason)?;
        }
        if let Some(by) = d.of.hidden_by {
            map.serialize_entry("hidden_by", by)?;
        }
        if let Some(corners) = &d.label_box {
            map.serialize_entry("label_box", corners)?;
        }
        if let Some(k) = d.of.candidate {
            map.serialize_entry("candidate", &k)?;
        }
        if let Some(parts) = d.of.parts {
            map.serialize_entry("parts", parts)?;
        }
        if let Some((glyphs, reversed)) = &d.of.path {
            map.serialize_entry("glyphs", glyphs)?;
            map.serialize_entry("reversed", reversed)?;
        }
        if let Some(shown) = d.marker_visible {
            map.serialize_entry("marker_visible", &shown)?;
        }
        map.end()
    }
}
