//! From the document's raw text to the engine's types, with errors that say where.
//!
//! Two readers share the structs of [`crate::formats::document`] and the conversion of each label
//! (`Labels::push`). The fast one ([`read_document_fast`], module `fast`) walks the text once
//! and says nothing on failure; the located one ([`read_document_located`]) keeps each label and
//! obstacle as raw text, parses it alone with its field path tracked, and names the line, the
//! item's index and id, and the field. [`read_document`] runs the first, and the second only
//! when the first refuses: a good document is read at the speed of parsing, a bad one is read
//! twice and reported as precisely as ever.

use std::collections::HashMap;

use glam::{DVec2, Vec2};
use label_core::geometry::reading_axis;
use label_core::validate::{check_label, check_obstacle, check_symbol};
use label_core::{
    Aabb, Anchor, BoxStyle, Circle, ConvexPolygon, Label, Obb, PlacementOptions, Problem, Segment, Shape, Symbol,
};
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

use crate::formats::document::{Id, IdOnly, RawDocument, RawLabel, RawShape, RawViewport};
use crate::formats::symbol::{Groups, has_symbol, to_symbol};
use crate::limits;
use crate::measure;
pub use label_style::document::{Document, InputError};
pub use label_style::messages::{line_of, one_line};

mod fast;
mod shallow;
mod sonic;
mod split;

/// Fewest bytes of a label and its comma: `{"id":1,"x":0,"y":0,"width":1,"height":1},`.
const MIN_LABEL_BYTES: usize = 43;

/// A hint for a parse error at 1-based `line` and `column` of `text` when the value there is
/// one JavaScript writes but JSON has not: `NaN`, `Infinity`, `-Infinity`.
pub(crate) fn not_json_hint(text: &str, line: usize, column: usize) -> &'static str {
    let Some(line_text) = text.split('\n').nth(line.saturating_sub(1)) else { return "" };
    let start = line_text.char_indices().nth(column.saturating_sub(1)).map_or(line_text.len(), |(at, _)| at);
    // serde_json points at the value's first character or the one after it.
    let near = line_text.get(start.saturating_sub(1)..).unwrap_or("");
    let near = near.trim_start_matches([' ', ':', ',', '[', '\t']);
    if ["NaN", "Infinity", "-Infinity", "-NaN"].iter().any(|word| near.starts_with(word)) {
        " (NaN and Infinity are not JSON numbers: leave the label out or give a finite number)"
    } else {
        ""
    }
}

/// Why an item did not parse: the field path, the message, and the line inside the item.
struct ItemError {
    path: String,
    message: String,
    line_in_item: usize,
}

/// Parses `raw`, the text of one item, which must be a JSON object, as `T`, reporting the field
/// that failed.
fn parse_object<T: DeserializeOwned>(raw: &str) -> Result<T, ItemError> {
    if !raw.trim_start().starts_with('{') {
        return Err(ItemError { path: ".".into(), message: "expected a JSON object".into(), line_in_item: 1 });
    }
    let mut de = serde_json::Deserializer::from_str(raw);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let (path, message) = (e.path().to_string(), e.inner().to_string());
        if message.starts_with("recursion limit exceeded") {
            // The path would repeat `[0]` once per level: name the field only.
            let field = path.split(['[', '.']).next().unwrap_or_default();
            let message = format!("arrays and objects nested {} deep (the limit)", limits::MAX_NESTING_DEPTH);
            return ItemError {
                path: if field.is_empty() { ".".into() } else { field.into() },
                message,
                line_in_item: 1,
            };
        }
        ItemError { path, message: one_line(&message), line_in_item: e.inner().line().max(1) }
    })
}

/// The document line of an error inside `raw` (a slice of `text`).
fn item_line(text: &str, raw: &str, line_in_item: usize) -> Option<usize> {
    line_of(text, raw).map(|l| l + line_in_item - 1)
}

fn field_part(path: &str) -> String {
    if path == "." { String::new() } else { format!(": field `{}`", one_line(path)) }
}

fn describe(kind: &str, index: usize, id: Option<&Id>) -> String {
    match id {
        Some(id) => format!("{kind} {index} (id {})", one_line(&id.to_string())),
        None => format!("{kind} {index}"),
    }
}

/// Reads a whole document.
///
/// The text is read once by the fast path ([`read_document_fast`]); only a document it does not accept is
/// read again by [`read_document_located`], which says where it breaks the contract.
///
/// # Errors
/// [`InputError`] for malformed JSON, wrong types, missing or bad fields, duplicate ids.
pub fn read_document(text: &str) -> Result<Document, InputError> {
    read_document_fast(text).map_or_else(|| read_document_located(text), Ok)
}

/// The fast path of [`read_document`] alone: the document, or `None` for any document that
/// [`read_document_located`] refuses (and perhaps for a few it accepts). Where it gives a
/// document, it is the one [`read_document_located`] gives.
///
/// On a rayon pool of several threads, a large document's labels are read in pieces in
/// parallel (module `split`), falling back to one pass when the pieces do not fit together.
#[must_use]
pub fn read_document_fast(text: &str) -> Option<Document> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    split::piece_bytes(text.len())
        .and_then(|bytes| split::read(text, bytes))
        .or_else(|| fast::read(text, &fast::PARSERS))
}

/// The JSON parser of a one-pass read ([`read_document_one_pass`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonParser {
    /// sonic-rs: SIMD scanning, the faster. It is not given a text that may hold a negative
    /// zero, which it reads as +0.0.
    SonicRs,
    /// serde_json, as the located reader parses.
    SerdeJson,
}

/// The one-pass read of [`read_document_fast`] by `parser` alone: the document, or `None` where
/// that parser refuses it (and for any document [`read_document_located`] refuses). Where it
/// gives a document, it is the one [`read_document_located`] gives. For tests and fuzzing: the
/// fast path tries sonic-rs, then serde_json.
#[must_use]
pub fn read_document_one_pass(text: &str, parser: JsonParser) -> Option<Document> {
    fast::read(text.strip_prefix('\u{feff}').unwrap_or(text), &[parser])
}

/// The parallel part of [`read_document_fast`] alone, its labels read in pieces of about
/// `piece_bytes` bytes whatever the document's size and the pool's threads: `None` where
/// [`read_document_fast`] would fall back to one pass. Where it gives a document, it is the one
/// [`read_document_located`] gives. For tests and fuzzing.
#[must_use]
pub fn read_document_split(text: &str, piece_bytes: usize) -> Option<Document> {
    split::read(text.strip_prefix('\u{feff}').unwrap_or(text), piece_bytes)
}

/// Reads a whole document item by item, tracking the path of every field: slower than
/// [`read_document`], and the reference it is tested against. It accepts the same documents and
/// gives the same result; on bad input, its error is the one [`read_document`] returns.
///
/// # Errors
/// [`InputError`] for malformed JSON, wrong types, missing or bad fields, duplicate ids.
pub fn read_document_located(text: &str) -> Result<Document, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let doc = read_top_level(text)?;
    let options = read_viewport(text, doc.viewport)?;

    let mut labels = Labels::with_capacity(doc.labels.len());
    for (index, raw) in doc.labels.iter().map(|raw| raw.get()).enumerate() {
        let raw_label: RawLabel = parse_object(raw).map_err(|e| {
            let id = parse_object::<IdOnly>(raw).ok().and_then(|i| i.id);
            InputError {
                line: item_line(text, raw, e.line_in_item),
                message: format!("{}{}: {}", describe("label", index, id.as_ref()), field_part(&e.path), e.message),
            }
        })?;
        labels.push(index, raw_label).map_err(|message| InputError { line: line_of(text, raw), message })?;
    }
    if let Some((index, first_index)) = first_duplicate(&labels.ids) {
        return Err(InputError {
            line: line_of(text, doc.labels[index].get()),
            message: duplicate_message(&labels.ids[index], index, first_index),
        });
    }
    let obstacles: Vec<&str> = doc.obstacles.iter().map(|raw| raw.get()).collect();
    let (obstacle_ids, obstacles) = read_obstacles(text, &obstacles)?;
    Ok(labels.into_document(obstacle_ids, obstacles, options))
}

/// The labels of a document, converted and checked one at a time as they are read. The lists
/// of texts, font sizes and symbols stay empty until a label has one, then hold one per label
/// (a million labels without text would otherwise carry 40 MB of `None`).
struct Labels {
    ids: Vec<Id>,
    labels: Vec<Label>,
    texts: Vec<Option<String>>,
    font_sizes: Vec<Option<f64>>,
    symbols: Vec<Symbol>,
    groups: Groups,
}

impl Labels {
    fn with_capacity(n: usize) -> Self {
        Labels {
            ids: Vec::with_capacity(n),
            labels: Vec::with_capacity(n),
            texts: Vec::new(),
            font_sizes: Vec::new(),
            symbols: Vec::new(),
            groups: Groups::default(),
        }
    }

    /// The labels of `pieces`, read in this order, as one list (each piece's lists freed as soon
    /// as they are copied).
    fn concat(pieces: Vec<Labels>) -> Self {
        let mut all = Labels::with_capacity(pieces.iter().map(|p| p.ids.len()).sum());
        for piece in pieces {
            all.append(piece);
        }
        all
    }

    /// Converts and checks the label at `index`; the error is the message that names it.
    fn push(&mut self, index: usize, raw: RawLabel) -> Result<(), String> {
        let named = |field: &str, problem: &str| {
            format!("{}: field `{field}`: {problem}", describe("label", index, Some(&raw.id)))
        };
        let label = to_label(&raw).map_err(|(field, problem)| named(field, &problem))?;
        check_label(index, &label).map_err(|e| engine_message(e, &raw.id))?;
        if has_symbol(&raw) {
            let symbol = to_symbol(&raw, &mut self.groups).map_err(|(field, problem)| named(&field, &problem))?;
            check_symbol(index, &symbol).map_err(|e| engine_message(e, &raw.id))?;
            push_sparse(&mut self.symbols, index, symbol, true);
        } else {
            push_sparse(&mut self.symbols, index, Symbol::default(), false);
        }
        let has_text = raw.text.is_some();
        push_sparse(&mut self.texts, index, raw.text, has_text);
        push_sparse(&mut self.font_sizes, index, raw.font_size, raw.font_size.is_some());
        self.ids.push(raw.id);
        self.labels.push(label);
        Ok(())
    }

    /// Adds the labels `other` read after these (repeat groups renumbered in document order).
    fn append(&mut self, other: Labels) {
        let Labels { ids, labels, texts, font_sizes, mut symbols, groups } = other;
        let numbers = self.groups.merge(groups);
        for s in &mut symbols {
            s.repeat_group = s.repeat_group.map(|g| numbers[g as usize]);
        }
        let (before, added) = (self.ids.len(), ids.len());
        append_sparse(&mut self.symbols, before, symbols, added);
        append_sparse(&mut self.texts, before, texts, added);
        append_sparse(&mut self.font_sizes, before, font_sizes, added);
        self.ids.extend(ids);
        self.labels.extend(labels);
    }

    fn into_document(self, obstacle_ids: Vec<Id>, obstacles: Vec<Shape>, options: PlacementOptions) -> Document {
        let Labels { ids, labels, texts, font_sizes, symbols, groups: _ } = self;
        Document { ids, labels, texts, font_sizes, obstacle_ids, obstacles, options, symbols }
    }
}

/// Puts `value` at `index` of a list that stays empty until a `present` value comes (the values
/// before it are then the default).
fn push_sparse<T: Clone + Default>(list: &mut Vec<T>, index: usize, value: T, present: bool) {
    if present || !list.is_empty() {
        list.resize(index, T::default());
        list.push(value);
    }
}

/// Appends `other`, a list kept as [`push_sparse`] keeps it for `added` items, to `list`, kept so
/// for `before` items.
fn append_sparse<T: Clone + Default>(list: &mut Vec<T>, before: usize, other: Vec<T>, added: usize) {
    if !other.is_empty() || !list.is_empty() {
        list.resize(before, T::default());
        list.extend(other);
        list.resize(before + added, T::default());
    }
}

fn read_top_level(text: &str) -> Result<RawDocument<'_>, InputError> {
    if !text.trim_start().starts_with('{') {
        let line = text.len() - text.trim_start().len();
        return Err(InputError {
            line: Some(text[..line].matches('\n').count() + 1),
            message: "invalid document: expected a JSON object `{\"labels\": [...]}`".into(),
        });
    }
    let mut de = serde_json::Deserializer::from_str(text);
    let doc: RawDocument<'_> = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let at = if path == "." { String::new() } else { format!(" at `{}`", one_line(&path)) };
        let hint = not_json_hint(text, e.inner().line(), e.inner().column());
        InputError {
            line: Some(e.inner().line()),
            message: format!("invalid document{at}: {}{hint}", one_line(&e.inner().to_string())),
        }
    })?;
    de.end().map_err(|e| InputError {
        line: Some(e.line()),
        message: format!("trailing data after the document: {}", one_line(&e.to_string())),
    })?;
    Ok(doc)
}

fn read_viewport(text: &str, raw: Option<&RawValue>) -> Result<PlacementOptions, InputError> {
    let Some(raw) = raw else { return Ok(PlacementOptions::default()) };
    let raw = raw.get();
    let v: RawViewport = parse_object(raw).map_err(|e| InputError {
        line: item_line(text, raw, e.line_in_item),
        message: format!("viewport{}: {}", field_part(&e.path), e.message),
    })?;
    viewport_options(&v).map_err(|(field, problem)| InputError {
        line: line_of(text, raw),
        message: format!("viewport: field `{field}`: {problem}"),
    })
}

/// The options of a document with viewport `v`, or the field that is out of range.
fn viewport_options(v: &RawViewport) -> Result<PlacementOptions, (&'static str, Problem)> {
    for (field, value) in [("width", v.width), ("height", v.height)] {
        label_core::validate::size(value).map_err(|problem| (field, problem))?;
    }
    let viewport = Aabb::from_corners(Vec2::ZERO, Vec2::new(v.width as f32, v.height as f32));
    Ok(PlacementOptions { viewport: Some(viewport), ..PlacementOptions::default() })
}

/// The obstacles whose texts are `raws` (slices of `text`, where the line numbers are counted).
fn read_obstacles(text: &str, raws: &[&str]) -> Result<(Vec<Id>, Vec<Shape>), InputError> {
    let mut ids = Vec::with_capacity(raws.len());
    let mut shapes = Vec::with_capacity(raws.len());
    for (index, raw) in raws.iter().enumerate() {
        let fail = |id: Option<&Id>, line_in_item: usize, detail: String| InputError {
            line: item_line(text, raw, line_in_item),
            message: format!("{}{detail}", describe("obstacle", index, id)),
        };
        if raw.len() > limits::MAX_OBSTACLE_BYTES {
            let limit = limits::bytes(limits::MAX_OBSTACLE_BYTES as u64);
            return Err(fail(None, 1, format!(": more than {limit} of JSON (the limit of one obstacle)")));
        }
        let mut map: serde_json::Map<String, serde_json::Value> = parse_object(raw)
            .map_err(|e| fail(None, e.line_in_item, format!("{}: {}", field_part(&e.path), e.message)))?;
        let id = match map.remove("id") {
            None => Id::Str(format!("obstacle-{index}").into()),
            Some(v) => serde_json::from_value::<Id>(v)
                .map_err(|e| fail(None, 1, format!(": field `id`: {}", one_line(&e.to_string()))))?,
        };
        let raw_shape: RawShape = serde_path_to_error::deserialize(serde_json::Value::Object(map)).map_err(|e| {
            fail(Some(&id), 1, format!("{}: {}", field_part(&e.path().to_string()), one_line(&e.inner().to_string())))
        })?;
        let shape = to_shape(&raw_shape)
            .map_err(|(field, problem)| fail(Some(&id), 1, format!(": field `{field}`: {problem}")))?;
        check_obstacle(index, &shape)
            .map_err(|e| fail(Some(&id), 1, format!(": {}", strip_position(&e.to_string()))))?;
        ids.push(id);
        shapes.push(shape);
    }
    Ok((ids, shapes))
}

/// The engine's error says "label 3: field …"; the CLI's message adds the id.
fn engine_message(e: label_core::Error, id: &Id) -> String {
    match e {
        label_core::Error::InvalidLabel { index, field, problem } => {
            format!("{}: field `{field}`: {problem}", describe("label", index, Some(id)))
        }
        other => other.to_string(),
    }
}

fn strip_position(message: &str) -> &str {
    message.split_once(": ").map_or(message, |(_, rest)| rest)
}

/// The first label whose id an earlier label has, and that earlier label's index.
fn first_duplicate(ids: &[Id]) -> Option<(usize, usize)> {
    let mut seen: HashMap<&Id, usize> = HashMap::with_capacity(ids.len());
    for (index, id) in ids.iter().enumerate() {
        if let Some(&first_index) = seen.get(id) {
            return Some((index, first_index));
        }
        seen.insert(id, index);
    }
    None
}

fn duplicate_message(id: &Id, index: usize, first_index: usize) -> String {
    format!("{}: field `id`: {}", describe("label", index, Some(id)), Problem::DuplicateId { first_index })
}

fn to_label(r: &RawLabel) -> Result<Label, (&'static str, String)> {
    if let Some(path) = crate::formats::path_label::text_path(r)? {
        return crate::formats::path_label::label(r, &path);
    }
    let missing =
        |field| move || (field, format!("missing field `{field}` (a label without `path` needs `x` and `y`)"));
    let (x, y) = (r.x.ok_or_else(missing("x"))?, r.y.ok_or_else(missing("y"))?);
    let anchor = match &r.anchor {
        None => Anchor::Center,
        Some(name) => {
            name.parse::<Anchor>().map_err(|_| ("anchor", Problem::UnknownAnchor(name.clone()).to_string()))?
        }
    };
    let offset = r.offset.map_or(DVec2::ZERO, DVec2::from_array);
    let (width, height) = label_size(r)?;
    let style = BoxStyle {
        width,
        height,
        angle: r.angle,
        priority: r.priority,
        anchor,
        offset,
        padding: r.padding,
        allow_overlap: r.allow_overlap,
        ignore_placement: r.ignore_placement,
    };
    Ok(Label { x, y, style })
}

/// The label's size: `width` and `height` as given; a missing one measured from `text` at
/// `font_size` in the run's font ([`crate::measure`]).
pub(crate) fn label_size(r: &RawLabel) -> Result<(f64, f64), (&'static str, String)> {
    let font_size = r.font_size.map(measure::check_font_size).transpose().map_err(|p| ("font_size", p.to_string()))?;
    if let (Some(width), Some(height)) = (r.width, r.height) {
        return Ok((width, height));
    }
    let missing = if r.width.is_none() { "width" } else { "height" };
    let (Some(text), Some(font_size)) = (r.text.as_deref(), font_size) else {
        let lacking = match (&r.text, font_size) {
            (None, None) => "`text` and `font_size`",
            (None, Some(_)) => "`text`",
            (Some(_), _) => "`font_size`",
        };
        return Err((
            missing,
            format!(
                "missing; give `width` and `height`, or `text` and `font_size` to measure them (no {lacking} here)"
            ),
        ));
    };
    let (measured_width, measured_height) = measure::measure(text, font_size);
    let width = r.width.unwrap_or(measured_width);
    if width <= 0.0 {
        return Err((
            "text",
            format!("\"{}\" measures 0 px wide; give `width`, or a text with visible characters", one_line(text)),
        ));
    }
    Ok((width, r.height.unwrap_or(measured_height)))
}

fn point(p: [f64; 2]) -> Vec2 {
    DVec2::from_array(p).as_vec2()
}

fn to_shape(r: &RawShape) -> Result<Shape, (&'static str, Problem)> {
    // Sizes and angles are held to the limits of labels (`label_core::limits`).
    let positive = |field: &'static str, v: f64| label_core::validate::size(v).map_err(|p| (field, p));
    Ok(match *r {
        RawShape::Box { x, y, width, height, ref anchor } => {
            let (w, h) = (positive("width", width)?, positive("height", height)?);
            let anchor = match anchor {
                None => Anchor::TopLeft,
                Some(name) => name.parse::<Anchor>().map_err(|_| ("anchor", Problem::UnknownAnchor(name.clone())))?,
            };
            // The top-left corner: the point moved by the anchor's shift of the centre, less
            // half the size (exactly the point for `top-left`).
            let size = DVec2::new(w, h);
            let corner = DVec2::new(x, y) + size * (anchor.shift() - DVec2::splat(0.5));
            Shape::Aabb(Aabb::from_origin_size(point(corner.to_array()), point([w, h])))
        }
        RawShape::Obb { x, y, width, height, angle } => {
            let (w, h) = (positive("width", width)?, positive("height", height)?);
            label_core::validate::angle(angle).map_err(|p| ("angle", p))?;
            // The centre in f64, as a label's.
            Shape::Obb(Obb { center: DVec2::new(x, y), half: point([w / 2.0, h / 2.0]), axis: reading_axis(angle) })
        }
        RawShape::Circle { x, y, radius } => {
            // The centre in f64, as a box's.
            Shape::Circle(Circle::new(DVec2::new(x, y), positive("radius", radius)? as f32))
        }
        RawShape::Polygon { ref points } if points.len() > limits::MAX_POLYGON_POINTS => {
            let why = format!("{} corners; at most {} are accepted", points.len(), limits::MAX_POLYGON_POINTS);
            return Err(("points", Problem::BadShape(why)));
        }
        RawShape::Polygon { ref points } => {
            let pts = points.iter().map(|p| point(*p)).collect();
            Shape::Polygon(ConvexPolygon::new(pts).map_err(|e| ("points", Problem::BadShape(e.to_string())))?)
        }
        RawShape::Segment { points: [a, b] } => Shape::Segment(Segment::new(point(a), point(b))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        read_document(text).expect_err("should fail").to_string()
    }

    #[test]
    fn errors_name_line_label_id_and_field() {
        let doc = "{\"labels\": [\n {\"id\": 1, \"x\": 0, \"y\": 0, \"width\": 5, \"height\": 5},\n {\"id\": \"b\", \"x\": 0, \"y\": 0, \"width\": -5, \"height\": 5}\n]}";
        assert_eq!(err(doc), "line 3: label 1 (id \"b\"): field `width`: expected a number > 0, got -5");
        let doc = "{\"labels\": [{\"id\": 7, \"x\": \"left\", \"y\": 0, \"width\": 5, \"height\": 5}]}";
        let e = err(doc);
        assert!(e.starts_with("line 1: label 0 (id 7): field `x`: invalid type: string \"left\""), "{e}");
        let doc =
            "{\"labels\": [{\"id\": 7, \"x\": 0, \"y\": 0, \"width\": 5, \"height\": 5, \"anchor\": \"middle\"}]}";
        assert!(err(doc).contains("field `anchor`: unknown anchor \"middle\""));
        let doc = "{\"labels\": [{\"id\": 7, \"x\": 0, \"y\": 0, \"width\": 5}]}";
        assert!(
            err(doc).contains(
                "label 0 (id 7): field `height`: missing; give `width` and `height`, or `text` and `font_size`"
            )
        );
    }

    #[test]
    fn duplicate_ids_and_obstacles() {
        let doc = r#"{"labels": [{"id": "a", "x": 0, "y": 0, "width": 5, "height": 5}, {"id": "a", "x": 0, "y": 0, "width": 5, "height": 5}]}"#;
        assert!(err(doc).contains("label 1 (id \"a\"): field `id`: duplicate id, first used by the label at index 0"));
        let doc = r#"{"labels": [], "obstacles": [{"type": "circle", "x": 0, "y": 0, "radius": 0}]}"#;
        assert!(err(doc).contains("obstacle 0 (id \"obstacle-0\"): field `radius`"));
        let doc = r#"{"labels": [], "obstacles": [{"id": 4, "type": "star", "x": 0}]}"#;
        assert!(err(doc).contains("obstacle 0 (id 4)"));
        let ok = r#"{"labels": [], "obstacles": [{"id": 4, "type": "segment", "points": [[0, 0], [1, 1]]}]}"#;
        assert_eq!(read_document(ok).unwrap().obstacle_ids, vec![Id::Int(4)]);
    }

    #[test]
    fn bom_and_trailing_garbage() {
        assert!(read_document("\u{feff}{\"labels\": []}").is_ok());
        assert!(err("{\"labels\": []} x").contains("trailing"));
        assert!(err("{\"labels\": [").starts_with("line 1: invalid document"));
    }
}
