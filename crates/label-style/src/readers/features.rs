//! From a GeoJSON FeatureCollection to labels: one label per feature that has a supported
//! geometry and a text, and a recorded reason for every feature that gets none.

use std::collections::HashMap;

use glam::{DVec2, Vec2};
use label_core::validate::check_label;
use label_core::{Aabb, Anchor, Label, Placement, PlacementOptions, Symbol, TextPath};
use rayon::prelude::*;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::collection::Collection;
use super::feature::{Feature, GeometryRef, LonLatBox, PropertiesRef, union};
use crate::document::{Document, Id, InputError};
use crate::lines::{along, straight as line};
use crate::measure;
use crate::messages::{line_of, one_line};
use crate::order;
use crate::polygons as polygon;
use crate::settings::GeoOptions;

/// Why a feature has no label. Such a feature is still in the output, hidden, with this reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skip {
    /// `geometry` is null, or has no coordinates (an empty MultiPoint, a line of fewer than
    /// two distinct points, a polygon without area).
    NoGeometry,
    /// A geometry that gets no label: a GeometryCollection, or a type GeoJSON does not define.
    Unsupported,
    /// The text property is missing, null, empty, or only characters without width.
    NoText,
    /// A line whose name is laid along an earlier line of the same name that it continues
    /// (`--line-placement curved`, [`crate::lines::along`]).
    Merged,
    /// No symbol layer of the style labels it: every layer's filter leaves it out, or none
    /// shows at the zoom, or its layers place labels along lines and it is not a line
    /// ([`super::styled`]).
    NoLayer,
}

impl Skip {
    /// The `reason` written for it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Skip::NoGeometry => "no_geometry",
            Skip::Unsupported => "unsupported",
            Skip::NoText => "no_text",
            Skip::Merged => "merged",
            Skip::NoLayer => "no_layer",
        }
    }
}

/// What one feature became.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The label at this index of the document's labels.
    Label(usize),
    /// The `count` labels from index `first` on: a name along its line, repeated.
    Along {
        /// The first label's index.
        first: usize,
        /// How many.
        count: usize,
    },
    /// No label, for this reason.
    Skipped(Skip),
}

impl Slot {
    /// The label whose decision the feature reports: its label; for a name along its line, the
    /// first repeat shown, else the first (the name is shown if one of its repeats is). A
    /// feature without a label gives its reason.
    ///
    /// # Errors
    /// The [`Skip`] of a feature that has no label.
    pub fn described_by(self, placement: &Placement) -> Result<usize, Skip> {
        match self {
            Slot::Label(i) => Ok(i),
            Slot::Along { first, count } => {
                Ok((first..first + count).find(|&i| placement.outcomes[i].visible).unwrap_or(first))
            }
            Slot::Skipped(skip) => Err(skip),
        }
    }
}

/// A FeatureCollection read into labels.
pub struct GeoDocument<'a> {
    /// The labels of the features that have one, ready for the engine.
    pub doc: Document,
    /// The settings it was read with.
    pub options: GeoOptions,
    /// Every feature's id (its `id`, else its index), in input order.
    pub feature_ids: Vec<Id>,
    /// What each feature became, in input order.
    pub slots: Vec<Slot>,
    /// Each feature's text, for reading it again when it is written back with its decision
    /// ([`GeoDocument::feature`]): a feature is read one at a time and only what its labels
    /// need is kept, never the whole collection as values.
    pub raws: Vec<&'a RawValue>,
    /// The longitude/latitude box of every feature's positions.
    pub lon_lat_box: Option<LonLatBox>,
    /// Whether some feature has the text property, and the priority property (for the
    /// warnings of a misspelt field).
    pub fields_seen: [bool; 2],
    /// The collection's members other than `features` (`type`, `name`, `crs`, `bbox`, …) as
    /// written, in order; `None` marks where `features` stood.
    pub members: Vec<(String, Option<&'a RawValue>)>,
    /// The document's labels that are point markers (`--marker-radius`), in increasing order.
    pub markers: Vec<usize>,
    /// Each feature's marker among the document's labels, in input order (`None`: no marker).
    pub feature_markers: Vec<Option<usize>>,
}

impl<'a> GeoDocument<'a> {
    /// Feature `index` read again from its text, for writing it back or drawing it.
    ///
    /// # Errors
    /// serde_json's; never for a feature that was read once (its text does not change).
    pub fn feature(&self, index: usize) -> serde_json::Result<Feature<'a>> {
        Feature::read(self.raws[index])
    }

    /// Every feature read again from its text, one at a time, in input order (those that do not
    /// read left out: none, as each was read once).
    pub fn features(&self) -> impl Iterator<Item = Feature<'a>> + '_ {
        (0..self.raws.len()).filter_map(|i| self.feature(i).ok())
    }
}

/// Where a feature's labels may go on screen, before a look says how a line is labelled.
pub(crate) enum Geom {
    Point(DVec2),
    /// A line's parts on screen.
    Lines(Vec<Vec<DVec2>>),
    /// An area's pole of inaccessibility.
    Area(DVec2),
}

/// How a line feature is labelled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum LineMode {
    /// One straight label on the longest straight-enough run ([`line::spot`]).
    Straight,
    /// The name glyph by glyph along the line ([`along::paths`]).
    Along(along::Curved),
    /// A point label at the line's first point (MapLibre's `symbol-placement: point` on a line).
    FirstPoint,
}

/// How a label's box sits at its spot: the anchor and offset of point labels, and for every
/// label its padding, extra rotation and collision flags.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct LabelLook {
    pub(crate) anchor: Anchor,
    /// Shift of point labels, px.
    pub(crate) offset: DVec2,
    pub(crate) padding: f64,
    /// Degrees counter-clockwise, added to a line's angle.
    pub(crate) rotate: f64,
    pub(crate) allow_overlap: bool,
    pub(crate) ignore_placement: bool,
}

/// What one feature's label is and how it looks: from the flags (the same for every feature
/// but for its properties) or from the style layer that takes the feature ([`super::styled`]).
pub(crate) struct Look {
    pub(crate) text: Option<String>,
    pub(crate) font_size: f64,
    /// The text's box, px, when the look measured it (wrapped lines, letter spacing); else
    /// the text is measured on one line.
    pub(crate) size: Option<DVec2>,
    /// Space added after every glyph of a name along a line, px.
    pub(crate) letter_spacing: f64,
    pub(crate) label: LabelLook,
    pub(crate) lines: LineMode,
    /// The label's symbol without its group, and the group's name.
    pub(crate) symbol: Option<Box<(Symbol, Option<String>)>>,
    /// Larger is more important.
    pub(crate) priority: Option<f64>,
    /// Larger goes first.
    pub(crate) tie: Option<f64>,
    /// Whether the feature has the text property, and the priority property.
    pub(crate) fields: [bool; 2],
    /// Lines of one name merge only within one group (a style's layer).
    pub(crate) group: usize,
    /// The layer's index in the style and the feature's `symbol-sort-key` ([`crate::order`]).
    pub(crate) rank: Option<(usize, Option<f64>)>,
}

/// The look of a feature on its geometry: `None` when nothing labels it ([`Skip::NoLayer`]).
/// `None` for the geometry: the feature has none to label (its look still reads its properties,
/// so that a bad property is reported wherever it is).
pub(crate) type LookOf<'o> =
    dyn Fn(&Feature<'_>, PropertiesRef<'_, '_>, Option<&Geom>) -> Result<Option<Look>, Bad> + Sync + 'o;

/// Where a feature's label goes, before its text is measured.
enum Spot {
    Point(DVec2),
    Line(line::LineSpot),
    /// An area's pole of inaccessibility: the label is centred there.
    Area(DVec2),
    /// A line's parts on screen, for a name along them (`--line-placement curved`).
    Along(Vec<Vec<DVec2>>),
}

/// A feature's name and its labels.
struct Named {
    text: String,
    font_size: f64,
    /// The labels, with the path of each name along a line.
    labels: Vec<(Label, Option<TextPath>)>,
    /// A line's parts on screen whose labels are laid after every feature is read (merging
    /// lines of one name needs them all): `labels` is empty until then.
    along: Option<Along>,
}

/// A name waiting to be laid along its line.
struct Along {
    parts: Vec<Vec<DVec2>>,
    curved: along::Curved,
    letter_spacing: f64,
    /// The text's box for the straight fallback.
    size: DVec2,
    label: LabelLook,
    group: usize,
}

/// One feature after reading, before the collection-wide steps (ids, priorities): what its
/// labels need, not the feature.
struct Read {
    id: Id,
    /// Its longitude/latitude box.
    lon_lat_box: Option<LonLatBox>,
    /// Whether it has the text property, and the priority property.
    fields: [bool; 2],
    outcome: Result<Named, Skip>,
    /// The priority property, already turned so that larger is more important.
    priority: Option<f64>,
    /// The tie property, already turned so that larger goes first.
    tie: Option<f64>,
    /// Where the point's marker is drawn, px (with `--marker-radius`, on point features).
    marker: Option<DVec2>,
    /// The label's symbol (with symbol flags) without its group, and the group's name.
    /// Boxed: most runs have no symbol flags, and a feature's read is kept until all are read.
    symbol: Option<Box<(Symbol, Option<String>)>>,
    /// Its style layer's index and its `symbol-sort-key` (the style path).
    rank: Option<(usize, Option<f64>)>,
}

/// What is wrong with one feature: the field (or property) and what.
pub(crate) struct Bad {
    field: String,
    message: String,
}

pub(crate) fn bad(field: impl Into<String>, message: impl Into<String>) -> Bad {
    Bad { field: field.into(), message: message.into() }
}

/// A short description of a JSON value for messages.
fn kind(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("boolean {b}"),
        Value::Number(n) => format!("number {n}"),
        Value::String(s) => format!("string \"{}\"", one_line(s)),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// Reads a FeatureCollection with `options`.
///
/// # Errors
/// [`InputError`] naming the feature (index and id), the field or property, and what was
/// expected: malformed JSON, a document that is not a FeatureCollection, a member that
/// serde_json cannot read (a lone surrogate, a number out of range), a feature that is not an
/// object, bad ids, coordinates that are not longitude/latitude degrees, text or numeric
/// properties of the wrong type, duplicate ids.
pub fn read<'a>(text: &'a str, options: &GeoOptions) -> Result<GeoDocument<'a>, InputError> {
    read_with(text, options, &|feature, properties, geom| flags_look(feature, properties, geom, options).map(Some))
}

/// Reads a FeatureCollection on `options`' view, each feature's label as `look_of` says.
pub(crate) fn read_with<'a>(
    text: &'a str,
    options: &GeoOptions,
    look_of: &LookOf<'_>,
) -> Result<GeoDocument<'a>, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Collection { members, features: raws } = Collection::read(text)?;

    let reads: Vec<Result<Read, (Option<Id>, Bad)>> =
        raws.par_iter().enumerate().map(|(index, raw)| read_feature(index, raw, options, look_of)).collect();
    // The first bad feature in input order is reported; its line is counted only for it (counting
    // for every bad feature would scan the text once per feature).
    let reads = reads.into_iter().enumerate().map(|(index, r)| {
        r.map_err(|(id, e)| InputError {
            line: line_of(text, raws[index].get()),
            message: format!("{}: {}: {}", describe(index, id.as_ref()), e.field, e.message),
        })
    });
    let mut reads = reads.collect::<Result<Vec<Read>, InputError>>()?;
    check_ids(&reads, text, &raws)?;
    merge_lines(&mut reads);
    lay_out_lines(&mut reads, options.view.size).map_err(|(index, e)| InputError {
        line: line_of(text, raws[index].get()),
        message: format!("{}: {}: {}", describe(index, Some(&reads[index].id)), e.field, e.message),
    })?;
    rank_by_style(&mut reads);
    Ok(assemble(reads, raws, members, options))
}

fn describe(index: usize, id: Option<&Id>) -> String {
    match id {
        Some(id) => format!("feature {index} (id {})", one_line(&id.to_string())),
        None => format!("feature {index}"),
    }
}

fn check_ids(reads: &[Read], text: &str, raws: &[&RawValue]) -> Result<(), InputError> {
    let mut seen: HashMap<&Id, usize> = HashMap::with_capacity(reads.len());
    for (index, r) in reads.iter().enumerate() {
        if let Some(first) = seen.insert(&r.id, index) {
            return Err(InputError {
                line: line_of(text, raws[index].get()),
                message: format!(
                    "{}: field `id`: duplicate id, first used by the feature at index {first} (a feature without \
                     `id` is named by its index)",
                    describe(index, Some(&r.id))
                ),
            });
        }
    }
    Ok(())
}

/// The collection-wide steps: priorities of features without one, the document.
fn assemble<'a>(
    reads: Vec<Read>,
    raws: Vec<&'a RawValue>,
    members: Vec<(String, Option<&'a RawValue>)>,
    options: &GeoOptions,
) -> GeoDocument<'a> {
    // A feature without the priority property ranks below every feature with one.
    let lowest = reads.iter().filter_map(|r| r.priority).reduce(f64::min).map_or(0.0, |p| p - 1.0);
    let mut doc = Document {
        ids: Vec::new(),
        labels: Vec::new(),
        texts: Vec::new(),
        font_sizes: Vec::new(),
        obstacle_ids: Vec::new(),
        obstacles: Vec::new(),
        options: PlacementOptions::default(),
        symbols: Vec::new(),
    };
    doc.options.viewport = Some(Aabb::from_corners(Vec2::ZERO, options.view.size.as_vec2()));
    let indices = label_order(&reads, options.tie_field.is_some());
    let count = indices.iter().map(|i| usize::from(i.marker.is_some()) + i.labels.len()).sum();
    let mut staged: Vec<Option<Staged>> = vec![None; count];
    let mut markers = Vec::new();
    let mut feature_ids = Vec::with_capacity(reads.len());
    let mut feature_markers = Vec::with_capacity(reads.len());
    let mut slots = Vec::with_capacity(reads.len());
    let mut lon_lat_box = None;
    let mut fields_seen = [false; 2];
    let mut groups: HashMap<String, u32> = HashMap::new();
    let mut paths = false;
    let symbols = reads.iter().any(|r| r.symbol.is_some());
    for (r, index) in reads.into_iter().zip(indices) {
        let priority = r.priority.unwrap_or(lowest);
        let marker = r.marker.and(index.marker);
        feature_markers.push(marker);
        if let (Some(p), Some(radius), Some(i)) = (r.marker, options.marker_radius, marker) {
            let dot = marker_label(p, radius).with_priority(priority);
            staged[i] = Some(Staged {
                id: marker_id(&r.id),
                label: dot,
                text: None,
                font_size: None,
                symbol: Symbol::default(),
            });
            markers.push(i);
        }
        match r.outcome {
            Ok(named) => {
                let along = named.labels.iter().any(|(_, path)| path.is_some());
                paths |= along;
                slots.push(if along {
                    Slot::Along { first: index.labels.start, count: index.labels.len() }
                } else {
                    Slot::Label(index.labels.start)
                });
                let (mut symbol, group) = r.symbol.map(|s| *s).unwrap_or_default();
                if let Some(name) = group {
                    let next = groups.len() as u32;
                    symbol.repeat_group = Some(*groups.entry(name).or_insert(next));
                }
                let start = index.labels.start;
                for ((mut label, path), i) in named.labels.into_iter().zip(index.labels) {
                    label.style.priority = priority;
                    // The id names the feature; a repeated name along its line is `ID#k`.
                    let id = if i == start { r.id.clone() } else { repeated_id(&r.id, i - start) };
                    let symbol = Symbol { path, ..symbol.clone() };
                    let (text, font_size) = (Some(named.text.clone()), Some(named.font_size));
                    staged[i] = Some(Staged { id, label, text, font_size, symbol });
                }
            }
            Err(skip) => slots.push(Slot::Skipped(skip)),
        }
        feature_ids.push(r.id);
        lon_lat_box = union(lon_lat_box, r.lon_lat_box);
        fields_seen = [fields_seen[0] || r.fields[0], fields_seen[1] || r.fields[1]];
    }
    // Exactly as long as needed: pushing one by one would leave up to twice the room.
    let with_symbols = symbols || paths;
    doc.ids.reserve_exact(count);
    doc.labels.reserve_exact(count);
    doc.texts.reserve_exact(count);
    doc.font_sizes.reserve_exact(count);
    doc.symbols.reserve_exact(if with_symbols { count } else { 0 });
    for s in staged.into_iter().flatten() {
        doc.ids.push(s.id);
        doc.labels.push(s.label);
        doc.texts.push(s.text);
        doc.font_sizes.push(s.font_size);
        if with_symbols {
            doc.symbols.push(s.symbol);
        }
    }
    markers.sort_unstable();
    GeoDocument {
        doc,
        options: options.clone(),
        feature_ids,
        slots,
        raws,
        lon_lat_box,
        fields_seen,
        members,
        markers,
        feature_markers,
    }
}

/// A point's marker as a label: a square of the dot's diameter on the point.
fn marker_label(p: DVec2, radius: f64) -> Label {
    Label::new(p.x, p.y, 2.0 * radius, 2.0 * radius)
}

/// Refuses a point label that would cover its own marker at any of its positions (text or
/// icon): the marker is placed just before it, so it would hide its own label every time.
fn clear_of_marker(label: &Label, symbol: Option<&Symbol>, p: DVec2, radius: f64) -> Result<(), Bad> {
    let dot = marker_label(p, radius).obb_from(p);
    let plain = Symbol::default();
    let symbol = symbol.unwrap_or(&plain);
    let covered = (0..symbol.positions()).find(|&k| symbol.text_box(label, k, p).overlaps(&dot));
    let Some(k) = covered else { return Ok(()) };
    let (flags, anchor) = match symbol.candidates.get(k) {
        Some(c) => ("--variable-anchor / --radial-offset / --variable-anchor-offset", c.anchor),
        None => ("--point-anchor / --point-offset", label.style.anchor),
    };
    Err(bad(
        "--marker-radius",
        format!(
            "the label's text at anchor `{}` covers its own marker (a {:.1} px dot on the point), which would hide \
             it; move the text off the point ({flags}, --padding) or leave out --marker-radius",
            anchor.name(),
            2.0 * radius
        ),
    ))
}

/// One label of the document, before it takes its place.
#[derive(Clone)]
struct Staged {
    id: Id,
    label: Label,
    text: Option<String>,
    font_size: Option<f64>,
    symbol: Symbol,
}

/// Where a feature's labels go in the document.
#[derive(Clone, Default)]
struct Indices {
    /// Its point marker's (with `--marker-radius`).
    marker: Option<usize>,
    /// Its text labels' (one, or a name repeated along its line).
    labels: std::ops::Range<usize>,
}

/// The label id of the `k`-th repeat (k ≥ 1) of a feature's name along its line: `ID#k`.
fn repeated_id(id: &Id, k: usize) -> Id {
    match id {
        Id::Int(i) => Id::Str(format!("{i}#{k}").into()),
        Id::Str(s) => Id::Str(format!("{s}#{k}").into()),
    }
}

/// The indices each feature's labels get in the document. The engine breaks ties of priority
/// by this order, so with a tie property it is by that property (larger first; features without
/// it last), then by feature order; without one, feature order. A point's marker comes just
/// before its text: of equal priority, it is placed first, so the text (beside it) never loses
/// to it, and the dots of more important places keep out the names of lesser ones.
fn label_order(reads: &[Read], by_tie: bool) -> Vec<Indices> {
    let mut order: Vec<usize> =
        (0..reads.len()).filter(|&i| reads[i].outcome.is_ok() || reads[i].marker.is_some()).collect();
    if by_tie {
        // Stable: equal ties keep feature order.
        order.sort_by(|&a, &b| match (reads[a].tie, reads[b].tie) {
            (Some(x), Some(y)) => y.total_cmp(&x),
            (x, y) => y.is_some().cmp(&x.is_some()),
        });
    }
    let mut indices = vec![Indices::default(); reads.len()];
    let mut next = 0;
    for &feature in &order {
        let r = &reads[feature];
        if r.marker.is_some() {
            indices[feature].marker = Some(next);
            next += 1;
        }
        let count = r.outcome.as_ref().map_or(0, |n| n.labels.len());
        indices[feature].labels = next..next + count;
        next += count;
    }
    indices
}

/// The label id of a feature's marker: `marker:ID`.
fn marker_id(id: &Id) -> Id {
    match id {
        Id::Int(i) => Id::Str(format!("marker:{i}").into()),
        Id::Str(s) => Id::Str(format!("marker:{s}").into()),
    }
}

/// Reads one feature; on error, the id when it was read, and what is wrong.
fn read_feature(
    index: usize,
    raw: &RawValue,
    options: &GeoOptions,
    look_of: &LookOf<'_>,
) -> Result<Read, (Option<Id>, Bad)> {
    let feature = Feature::read(raw).map_err(|e| {
        // The syntax was checked with the collection: an object that does not read holds a
        // value serde_json refuses (a lone surrogate, a number out of range).
        let message = if raw.get().starts_with('{') {
            format!("unreadable value: {}", one_line(&e.to_string()))
        } else {
            "expected a JSON object `{\"type\": \"Feature\", …}`".to_string()
        };
        (None, bad("the feature", message))
    })?;
    let id = feature_id(feature.get("id"), index).map_err(|e| (None, e))?;
    let fail = |e: Bad| (Some(id.clone()), e);
    match feature.get("type") {
        None => {}
        Some(Value::String(t)) if t == "Feature" => {}
        Some(other) => return Err(fail(bad("field `type`", format!("expected \"Feature\", got {}", kind(other))))),
    }
    let empty = Map::new();
    let properties = match feature.properties() {
        Ok(None) => PropertiesRef::Values(&empty),
        Ok(Some(p)) => p,
        Err(other) => {
            return Err(fail(bad("field `properties`", format!("expected an object or null, got {}", kind(other)))));
        }
    };
    let geom = match feature.geometry() {
        GeometryRef::Lines(lines) => match lines.checked_parts() {
            Some(parts) => Ok(line_geom(&parts, options)),
            // A position that is not longitude/latitude: the `Value` path names it.
            None => geometry(&lines.to_value(), options),
        },
        GeometryRef::Value(g) => geometry(g.unwrap_or(&Value::Null), options),
    }
    .map_err(fail)?;
    let lon_lat_box = feature.lon_lat_box();
    let Some(look) = look_of(&feature, properties, geom.as_ref().ok()).map_err(fail)? else {
        let outcome = Err(geom.err().unwrap_or(Skip::NoLayer));
        let (fields, priority, tie, marker, symbol, rank) = ([true; 2], None, None, None, None, None);
        return Ok(Read { id, lon_lat_box, fields, outcome, priority, tie, marker, symbol, rank });
    };
    let spot = geom.and_then(|g| spot(g, look.lines, options.view.size));
    let marker = match &spot {
        Ok(Spot::Point(p)) if options.marker_radius.is_some() => Some(*p),
        _ => None,
    };
    let Look {
        text,
        font_size,
        size,
        letter_spacing,
        label: label_look,
        lines,
        symbol,
        priority,
        tie,
        fields,
        group,
        rank,
    } = look;
    let outcome = match (spot, text) {
        (Err(skip), _) => Err(skip),
        (Ok(_), None) => Err(Skip::NoText),
        (Ok(spot), Some(text)) => {
            let size = size.unwrap_or_else(|| {
                let (width, height) = measure::measure(&text, font_size);
                DVec2::new(width, height)
            });
            match spot {
                _ if size.x <= 0.0 => Err(Skip::NoText),
                Spot::Along(parts) => {
                    let LineMode::Along(curved) = lines else { unreachable!("a name along its line has that mode") };
                    let along = Along { parts, curved, letter_spacing, size, label: label_look, group };
                    Ok(Named { text, font_size, labels: Vec::new(), along: Some(along) })
                }
                spot => {
                    let label = make_label(&spot, size, &label_look);
                    check_label(index, &label)
                        .map_err(|e| fail(bad("field `geometry`", format!("its label is out of range: {e}"))))?;
                    if let (Some(p), Some(radius)) = (marker, options.marker_radius) {
                        clear_of_marker(&label, symbol.as_ref().map(|s| &s.0), p, radius).map_err(fail)?;
                    }
                    Ok(Named { text, font_size, labels: vec![(label, None)], along: None })
                }
            }
        }
    };
    Ok(Read { id, lon_lat_box, fields, outcome, priority, tie, marker, symbol, rank })
}

/// The look the flags give a feature: its text, font size, priority and tie from the named
/// properties, the symbol flags' symbol (candidates and icon only for a point).
fn flags_look(
    _feature: &Feature<'_>,
    properties: PropertiesRef<'_, '_>,
    geom: Option<&Geom>,
    options: &GeoOptions,
) -> Result<Look, Bad> {
    let text = text_property(properties, &options.text_field)?;
    let priority = match (&options.priority_field, &options.priority_map) {
        (Some(field), _) => number_property(properties, field)?,
        (None, Some(map)) => map.priority(properties.get(&map.field).as_deref()),
        (None, None) => None,
    }
    .map(|p| if options.priority_ascending { -p } else { p });
    let tie = match &options.tie_field {
        None => None,
        Some(field) => number_property(properties, field)?,
    }
    .map(|t| if options.tie_ascending { -t } else { t });
    let font_size = match &options.font_size_field {
        None => None,
        Some(field) => number_property(properties, field).and_then(|size| {
            size.map(|s| measure::check_font_size(s).map_err(|p| bad(format!("property `{field}`"), p.to_string())))
                .transpose()
        })?,
    }
    .unwrap_or(options.font_size);
    let point = matches!(geom, Some(Geom::Point(_)));
    let symbol = match &options.symbols {
        None => None,
        Some(flags) => {
            let group = match &flags.repeat {
                None => None,
                Some((_, None)) => text.clone(),
                Some((_, Some(field))) => text_property(properties, field)?,
            };
            Some(Box::new((flags.symbol(point, font_size), group)))
        }
    };
    let fields = [
        properties.contains_key(&options.text_field),
        options.priority_field.as_ref().is_some_and(|f| properties.contains_key(f)),
    ];
    let label = LabelLook {
        anchor: options.point_anchor,
        offset: options.point_offset,
        padding: options.padding,
        rotate: 0.0,
        allow_overlap: false,
        ignore_placement: false,
    };
    let lines = options.curved.map_or(LineMode::Straight, LineMode::Along);
    Ok(Look {
        text,
        font_size,
        size: None,
        letter_spacing: 0.0,
        label,
        lines,
        symbol,
        priority,
        tie,
        fields,
        group: 0,
        rank: None,
    })
}

fn make_label(spot: &Spot, size: DVec2, look: &LabelLook) -> Label {
    let mut label = match spot {
        Spot::Point(p) => {
            Label::new(p.x, p.y, size.x, size.y).with_anchor(look.anchor).with_offset(look.offset.x, look.offset.y)
        }
        Spot::Line(s) => {
            Label::new(s.point.x, s.point.y, size.x, size.y).with_angle(s.angle).with_anchor(Anchor::Center)
        }
        Spot::Area(p) => Label::new(p.x, p.y, size.x, size.y).with_anchor(Anchor::Center),
        Spot::Along(_) => unreachable!("names along lines are laid out by lay_out_lines"),
    }
    .with_padding(look.padding);
    if look.rotate != 0.0 {
        label.style.angle += look.rotate;
    }
    label.style.allow_overlap = look.allow_overlap;
    label.style.ignore_placement = look.ignore_placement;
    label
}

/// The feature's `id` (string or integer; other numbers by their JSON text), else its index.
fn feature_id(v: Option<&Value>, index: usize) -> Result<Id, Bad> {
    match v {
        None | Some(Value::Null) => Ok(Id::Int(index as i64)),
        Some(Value::String(s)) => Ok(Id::Str(s.as_str().into())),
        Some(Value::Number(n)) => Ok(n.as_i64().map_or_else(|| Id::Str(n.to_string().into()), Id::Int)),
        Some(other) => Err(bad("field `id`", format!("expected a string or a number, got {}", kind(other)))),
    }
}

/// The label text: a string (or a number, written as in the JSON); `None` when absent, null,
/// or blank.
fn text_property(properties: PropertiesRef<'_, '_>, field: &str) -> Result<Option<String>, Bad> {
    match properties.get(field).as_deref() {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(other) => {
            Err(bad(format!("property `{}`", one_line(field)), format!("expected a string, got {}", kind(other))))
        }
    }
}

/// A numeric property: a number, or a string holding one (OpenStreetMap tags are strings);
/// `None` when absent or null.
fn number_property(properties: PropertiesRef<'_, '_>, field: &str) -> Result<Option<f64>, Bad> {
    let fail =
        |v: &Value| bad(format!("property `{}`", one_line(field)), format!("expected a number, got {}", kind(v)));
    match properties.get(field).as_deref() {
        None | Some(Value::Null) => Ok(None),
        Some(v @ Value::Number(n)) => n.as_f64().filter(|x| x.is_finite()).map(Some).ok_or_else(|| fail(v)),
        Some(v @ Value::String(s)) => {
            s.trim().parse::<f64>().ok().filter(|x| x.is_finite()).map(Some).ok_or_else(|| fail(v))
        }
        Some(v) => Err(fail(v)),
    }
}

/// Where the label of this geometry goes, or why it has none.
fn geometry(g: &Value, options: &GeoOptions) -> Result<Result<Geom, Skip>, Bad> {
    let g = match g {
        Value::Null => return Ok(Err(Skip::NoGeometry)),
        Value::Object(g) => g,
        other => return Err(bad("field `geometry`", format!("expected an object or null, got {}", kind(other)))),
    };
    let kind_name = match g.get("type") {
        Some(Value::String(t)) => t.as_str(),
        Some(other) => return Err(bad("field `geometry.type`", format!("expected a string, got {}", kind(other)))),
        None => return Err(bad("field `geometry.type`", "missing")),
    };
    let coordinates = || g.get("coordinates").unwrap_or(&Value::Null);
    let view = &options.view;
    Ok(match kind_name {
        "Point" => match coordinates() {
            Value::Array(a) if a.is_empty() => Err(Skip::NoGeometry),
            c => Ok(Geom::Point(view.project(position(c, "geometry.coordinates")?))),
        },
        "MultiPoint" => match array(coordinates(), "geometry.coordinates")?.first() {
            None => Err(Skip::NoGeometry),
            Some(first) => Ok(Geom::Point(view.project(position(first, "geometry.coordinates[0]")?))),
        },
        "LineString" => {
            let part = positions(coordinates(), "geometry.coordinates")?;
            line_geom(&[part], options)
        }
        "MultiLineString" => line_geom(&each(coordinates(), "geometry.coordinates", positions)?, options),
        "Polygon" => area_geom(&[rings(coordinates(), "geometry.coordinates")?], options),
        "MultiPolygon" => area_geom(&each(coordinates(), "geometry.coordinates", rings)?, options),
        _ => Err(Skip::Unsupported),
    })
}

/// A line's parts on screen.
fn line_geom(parts: &[Vec<DVec2>], options: &GeoOptions) -> Result<Geom, Skip> {
    Ok(Geom::Lines(options.view.project_parts(parts)))
}

/// Where the label of `geom` goes when its lines are labelled as `mode` says, in a viewport of
/// `size` px.
fn spot(geom: Geom, mode: LineMode, size: DVec2) -> Result<Spot, Skip> {
    match (geom, mode) {
        (Geom::Point(p), _) => Ok(Spot::Point(p)),
        (Geom::Area(p), _) => Ok(Spot::Area(p)),
        (Geom::Lines(screen), LineMode::Along(_)) => {
            let parts: Vec<Vec<DVec2>> = screen.iter().map(|p| line::dedup(p)).filter(|p| p.len() >= 2).collect();
            if parts.is_empty() { Err(Skip::NoGeometry) } else { Ok(Spot::Along(parts)) }
        }
        (Geom::Lines(screen), LineMode::Straight) => line::spot(&screen, size).map(Spot::Line).ok_or(Skip::NoGeometry),
        (Geom::Lines(screen), LineMode::FirstPoint) => {
            screen.first().and_then(|part| part.first()).map(|&p| Spot::Point(p)).ok_or(Skip::NoGeometry)
        }
    }
}

/// The priorities of a style's labels: MapLibre's placement order of layers and sort keys
/// ([`crate::order`]) as numbers, higher first. Features without a rank (the flags path) keep
/// theirs.
fn rank_by_style(reads: &mut [Read]) {
    let ranked: Vec<usize> = (0..reads.len()).filter(|&i| reads[i].rank.is_some()).collect();
    if ranked.is_empty() {
        return;
    }
    let ranks: Vec<order::Rank> = ranked
        .iter()
        .map(|&i| {
            let (layer, sort_key) = reads[i].rank.unwrap_or_default();
            order::Rank { layer, sort_key, feature: i }
        })
        .collect();
    for (&i, p) in ranked.iter().zip(order::priorities(&ranks)) {
        reads[i].priority = Some(p);
    }
}

/// Joins the lines of one name that continue each other ([`along::merge`]); a line merged into
/// another is skipped, `merged`.
fn merge_lines(reads: &mut [Read]) {
    let mut by_name: HashMap<(usize, &str), Vec<usize>> = HashMap::new();
    for (i, r) in reads.iter().enumerate() {
        if let Ok(Named { text, along: Some(along), .. }) = &r.outcome {
            by_name.entry((along.group, text.as_str())).or_default().push(i);
        }
    }
    let mut groups: Vec<Vec<usize>> = by_name.into_values().filter(|g| g.len() > 1).collect();
    groups.sort_unstable();
    for group in groups {
        let lines: Vec<Vec<Vec<DVec2>>> = group
            .iter()
            .map(|&i| match &reads[i].outcome {
                Ok(Named { along: Some(along), .. }) => along.parts.clone(),
                _ => Vec::new(),
            })
            .collect();
        for (&i, parts) in group.iter().zip(along::merge(&lines)) {
            if parts.is_empty() {
                reads[i].outcome = Err(Skip::Merged);
            } else if let Ok(Named { along: Some(along), .. }) = &mut reads[i].outcome {
                along.parts = parts;
            }
        }
    }
}

/// Lays out the names along their lines, in parallel ([`along`]): path labels where a piece of
/// the line is as long as the name, else the straight label.
fn lay_out_lines(reads: &mut [Read], size: DVec2) -> Result<(), (usize, Bad)> {
    reads.par_iter_mut().enumerate().try_for_each(|(index, r)| {
        let Ok(named) = &mut r.outcome else { return Ok(()) };
        let Some(Along { parts, curved, letter_spacing, size: text_size, label: look, .. }) = named.along.take() else {
            return Ok(());
        };
        let font = measure::font();
        let advances: Vec<f64> =
            font.clusters(&named.text, named.font_size).iter().map(|c| c.advance + letter_spacing).collect();
        let out_of_range =
            |e: label_core::Error| (index, bad("field `geometry`", format!("its label is out of range: {e}")));
        named.labels = match along::paths(&parts, &advances, size, &curved) {
            Some(paths) => paths
                .into_iter()
                .map(|path| {
                    let mut carrier = Label::new(0.0, 0.0, 0.0, text_size.y).with_padding(look.padding);
                    carrier.style.allow_overlap = look.allow_overlap;
                    carrier.style.ignore_placement = look.ignore_placement;
                    (path.carrier(&carrier), Some(path))
                })
                .collect(),
            None => {
                let spot =
                    line::spot(&parts, size).map(Spot::Line).ok_or((index, bad("field `geometry`", "no line")))?;
                let label = make_label(&spot, text_size, &look);
                check_label(index, &label).map_err(out_of_range)?;
                vec![(label, None)]
            }
        };
        Ok(())
    })
}

/// The label spot of polygons (each: outer ring, then holes), projected as one feature.
fn area_geom(polygons: &[Vec<Vec<DVec2>>], options: &GeoOptions) -> Result<Geom, Skip> {
    let all: Vec<Vec<DVec2>> = polygons.iter().flatten().cloned().collect();
    let mut screen = options.view.project_parts(&all).into_iter();
    let polygons: Vec<Vec<Vec<DVec2>>> =
        polygons.iter().map(|rings| screen.by_ref().take(rings.len()).collect()).collect();
    polygon::pole(&polygons).map(Geom::Area).ok_or(Skip::NoGeometry)
}

/// A polygon's rings (outer, then holes), each a list of positions.
fn rings(v: &Value, path: &str) -> Result<Vec<Vec<DVec2>>, Bad> {
    each(v, path, positions)
}

/// An array read element by element, each named by its index in errors (`path[i]`).
fn each<T>(v: &Value, path: &str, read: impl Fn(&Value, &str) -> Result<T, Bad>) -> Result<Vec<T>, Bad> {
    array(v, path)?.iter().enumerate().map(|(i, e)| read(e, &format!("{path}[{i}]"))).collect()
}

fn array<'v>(v: &'v Value, path: &str) -> Result<&'v Vec<Value>, Bad> {
    v.as_array().ok_or_else(|| bad(format!("field `{path}`"), format!("expected an array, got {}", kind(v))))
}

fn positions(v: &Value, path: &str) -> Result<Vec<DVec2>, Bad> {
    each(v, path, position)
}

/// A position `[lon, lat, …]` in degrees.
fn position(v: &Value, path: &str) -> Result<DVec2, Bad> {
    let field = || format!("field `{path}`");
    let lon_lat = match v.as_array().map(Vec::as_slice) {
        Some([lon, lat, ..]) => lon.as_f64().zip(lat.as_f64()),
        _ => None,
    };
    let Some((lon, lat)) = lon_lat else {
        return Err(bad(
            field(),
            format!("expected a position [longitude, latitude], got {}", one_line(&v.to_string())),
        ));
    };
    if label_core::validate::longitude(lon).is_err() || label_core::validate::latitude(lat).is_err() {
        return Err(bad(
            field(),
            format!(
                "[{lon}, {lat}] is not longitude/latitude in degrees (|lon| <= 360, |lat| <= 90); \
                 GeoJSON is WGS84 — is the file in another projection?"
            ),
        ));
    }
    Ok(DVec2::new(lon, lat))
}
