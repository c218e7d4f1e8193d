//! From the document's raw text to the engine's types, with errors that say where.

use std::collections::HashMap;

use glam::{DVec2, Vec2};
use label_core::validate::{check_label, check_obstacle};
use label_core::{
    Aabb, Anchor, Circle, ConvexPolygon, Label, Obb, PlacementOptions, Problem, Segment, Shape,
};
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

use crate::document::{Id, IdOnly, RawDocument, RawLabel, RawShape};

/// Input that breaks the contract, located as precisely as the input allows.
#[derive(Debug, Clone, PartialEq)]
pub struct InputError {
    /// 1-based line in the input where the offending item starts, if known.
    pub line: Option<usize>,
    /// What is wrong, naming the item and field.
    pub message: String,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// A document ready for the engine.
pub struct Document {
    /// Label ids, by input position.
    pub ids: Vec<Id>,
    /// Labels, by input position.
    pub labels: Vec<Label>,
    /// The labels' `text`, where given.
    pub texts: Vec<Option<String>>,
    /// Obstacle ids, by input position (`obstacle-<i>` when none was given).
    pub obstacle_ids: Vec<Id>,
    /// Obstacles, by input position.
    pub obstacles: Vec<Shape>,
    /// Viewport and other options from the document.
    pub options: PlacementOptions,
}

/// 1-based line of `part` inside `text` (a slice of it).
fn line_of(text: &str, part: &str) -> Option<usize> {
    let offset = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    let before = text.get(..offset)?;
    Some(before.bytes().filter(|&b| b == b'\n').count() + 1)
}

/// Parses `raw` as `T`, reporting the path of the field that failed.
fn parse_item<T: DeserializeOwned>(raw: &RawValue) -> Result<T, (String, String)> {
    let mut de = serde_json::Deserializer::from_str(raw.get());
    serde_path_to_error::deserialize(&mut de)
        .map_err(|e| (e.path().to_string(), e.inner().to_string()))
}

fn describe(kind: &str, index: usize, id: Option<&Id>) -> String {
    match id {
        Some(id) => format!("{kind} {index} (id {id})"),
        None => format!("{kind} {index}"),
    }
}

/// Reads a whole document.
///
/// # Errors
/// [`InputError`] for malformed JSON, wrong types, missing or bad fields, duplicate ids.
pub fn read_document(text: &str) -> Result<Document, InputError> {
    let text_no_bom = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut de = serde_json::Deserializer::from_str(text_no_bom);
    let doc: RawDocument<'_> = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let inner = e.inner();
        let path = e.path().to_string();
        let at = if path == "." {
            String::new()
        } else {
            format!(" at `{path}`")
        };
        InputError {
            line: Some(inner.line()),
            message: format!("invalid document{at}: {inner}"),
        }
    })?;
    de.end().map_err(|e| InputError {
        line: Some(e.line()),
        message: format!("trailing data after the document: {e}"),
    })?;

    let mut options = PlacementOptions::default();
    if let Some(v) = &doc.viewport {
        options.viewport = Some(Aabb::from_corners(
            Vec2::ZERO,
            Vec2::new(v.width as f32, v.height as f32),
        ));
        let bad = |field: &str, problem: Problem| InputError {
            line: None,
            message: format!("viewport: field `{field}`: {problem}"),
        };
        for (field, value) in [("width", v.width), ("height", v.height)] {
            if !(value.is_finite() && value > 0.0 && value <= label_core::limits::MAX_SIZE) {
                return Err(bad(
                    field,
                    if value.is_finite() {
                        Problem::NotPositive(value)
                    } else {
                        Problem::NotFinite(value)
                    },
                ));
            }
        }
    }

    let mut ids = Vec::with_capacity(doc.labels.len());
    let mut labels = Vec::with_capacity(doc.labels.len());
    let mut texts = Vec::with_capacity(doc.labels.len());
    for (index, raw) in doc.labels.iter().enumerate() {
        let line = line_of(text_no_bom, raw.get());
        let raw_label: RawLabel = parse_item(raw).map_err(|(path, why)| {
            let id = parse_item::<IdOnly>(raw).ok().and_then(|i| i.id);
            let field = if path == "." {
                String::new()
            } else {
                format!(": field `{path}`")
            };
            InputError {
                line,
                message: format!("{}{field}: {why}", describe("label", index, id.as_ref())),
            }
        })?;
        let label = to_label(&raw_label).map_err(|(field, problem)| InputError {
            line,
            message: format!(
                "{}: field `{field}`: {problem}",
                describe("label", index, Some(&raw_label.id))
            ),
        })?;
        check_label(index, &label).map_err(|e| locate(e, line, &raw_label.id))?;
        ids.push(raw_label.id);
        labels.push(label);
        texts.push(raw_label.text);
    }
    check_ids(&ids, text_no_bom, &doc.labels)?;

    let mut obstacle_ids = Vec::with_capacity(doc.obstacles.len());
    let mut obstacles = Vec::with_capacity(doc.obstacles.len());
    for (index, raw) in doc.obstacles.iter().enumerate() {
        let line = line_of(text_no_bom, raw.get());
        let fail = |id: Option<&Id>, detail: String| InputError {
            line,
            message: format!("{}{detail}", describe("obstacle", index, id)),
        };
        let mut map: serde_json::Map<String, serde_json::Value> =
            parse_item(raw).map_err(|(_, why)| fail(None, format!(": {why}")))?;
        let id = match map.remove("id") {
            None => Id::Str(format!("obstacle-{index}")),
            Some(v) => serde_json::from_value::<Id>(v)
                .map_err(|e| fail(None, format!(": field `id`: {e}")))?,
        };
        let raw_shape: RawShape = serde_path_to_error::deserialize(serde_json::Value::Object(map))
            .map_err(|e| {
                let path = e.path().to_string();
                let field = if path == "." {
                    String::new()
                } else {
                    format!(": field `{path}`")
                };
                fail(Some(&id), format!("{field}: {}", e.inner()))
            })?;
        let shape = to_shape(&raw_shape)
            .map_err(|(field, problem)| fail(Some(&id), format!(": field `{field}`: {problem}")))?;
        check_obstacle(index, &shape)
            .map_err(|e| fail(Some(&id), format!(": {}", strip_position(&e.to_string()))))?;
        obstacle_ids.push(id);
        obstacles.push(shape);
    }
    Ok(Document {
        ids,
        labels,
        texts,
        obstacle_ids,
        obstacles,
        options,
    })
}

/// The engine's error says "label 3: field …"; the CLI's message adds the id and the line.
fn locate(e: label_core::Error, line: Option<usize>, id: &Id) -> InputError {
    match e {
        label_core::Error::InvalidLabel {
            index,
            field,
            problem,
        } => InputError {
            line,
            message: format!(
                "{}: field `{field}`: {problem}",
                describe("label", index, Some(id))
            ),
        },
        other => InputError {
            line,
            message: other.to_string(),
        },
    }
}

fn strip_position(message: &str) -> &str {
    message.split_once(": ").map_or(message, |(_, rest)| rest)
}

fn check_ids(ids: &[Id], text: &str, raws: &[&RawValue]) -> Result<(), InputError> {
    let mut seen: HashMap<&Id, usize> = HashMap::with_capacity(ids.len());
    for (index, id) in ids.iter().enumerate() {
        if let Some(&first_index) = seen.get(id) {
            return Err(InputError {
                line: line_of(text, raws[index].get()),
                message: format!(
                    "{}: field `id`: {}",
                    describe("label", index, Some(id)),
                    Problem::DuplicateId { first_index }
                ),
            });
        }
        seen.insert(id, index);
    }
    Ok(())
}

fn to_label(r: &RawLabel) -> Result<Label, (&'static str, Problem)> {
    let anchor = match &r.anchor {
        None => Anchor::Center,
        Some(name) => name
            .parse::<Anchor>()
            .map_err(|_| ("anchor", Problem::UnknownAnchor(name.clone())))?,
    };
    let offset = r.offset.map_or(DVec2::ZERO, DVec2::from_array);
    Ok(Label {
        x: r.x,
        y: r.y,
        width: r.width,
        height: r.height,
        angle: r.angle,
        priority: r.priority,
        anchor,
        offset,
        padding: r.padding,
        allow_overlap: r.allow_overlap,
        ignore_placement: r.ignore_placement,
    })
}

fn point(p: [f64; 2]) -> Vec2 {
    DVec2::from_array(p).as_vec2()
}

fn to_shape(r: &RawShape) -> Result<Shape, (&'static str, Problem)> {
    let positive = |field: &'static str, v: f64| {
        if v.is_finite() && v > 0.0 {
            Ok(v)
        } else {
            Err((
                field,
                if v.is_finite() {
                    Problem::NotPositive(v)
                } else {
                    Problem::NotFinite(v)
                },
            ))
        }
    };
    Ok(match *r {
        RawShape::Box {
            x,
            y,
            width,
            height,
        } => {
            let (w, h) = (positive("width", width)?, positive("height", height)?);
            Shape::Aabb(Aabb::from_origin_size(point([x, y]), point([w, h])))
        }
        RawShape::Obb {
            x,
            y,
            width,
            height,
            angle,
        } => {
            let (w, h) = (positive("width", width)?, positive("height", height)?);
            if !angle.is_finite() {
                return Err(("angle", Problem::NotFinite(angle)));
            }
            Shape::Obb(Obb::from_center_half_extents_angle(
                point([x, y]),
                point([w / 2.0, h / 2.0]),
                angle,
            ))
        }
        RawShape::Circle { x, y, radius } => Shape::Circle(Circle::new(
            point([x, y]),
            positive("radius", radius)? as f32,
        )),
        RawShape::Polygon { ref points } => {
            let pts = points.iter().map(|p| point(*p)).collect();
            Shape::Polygon(
                ConvexPolygon::new(pts)
                    .map_err(|e| ("points", Problem::BadShape(e.to_string())))?,
            )
        }
        RawShape::Segment { points: [a, b] } => Shape::Segment(Segment::new(point(a), point(b))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        read_document(text).err().expect("should fail").to_string()
    }

    #[test]
    fn errors_name_line_label_id_and_field() {
        let doc = "{\"labels\": [\n {\"id\": 1, \"x\": 0, \"y\": 0, \"width\": 5, \"height\": 5},\n {\"id\": \"b\", \"x\": 0, \"y\": 0, \"width\": -5, \"height\": 5}\n]}";
        assert_eq!(
            err(doc),
            "line 3: label 1 (id \"b\"): field `width`: expected a number > 0, got -5"
        );
        let doc =
            "{\"labels\": [{\"id\": 7, \"x\": \"left\", \"y\": 0, \"width\": 5, \"height\": 5}]}";
        let e = err(doc);
        assert!(
            e.starts_with("line 1: label 0 (id 7): field `x`: invalid type: string \"left\""),
            "{e}"
        );
        let doc = "{\"labels\": [{\"id\": 7, \"x\": 0, \"y\": 0, \"width\": 5, \"height\": 5, \"anchor\": \"middle\"}]}";
        assert!(err(doc).contains("field `anchor`: unknown anchor \"middle\""));
        let doc = "{\"labels\": [{\"id\": 7, \"x\": 0, \"y\": 0, \"width\": 5}]}";
        assert!(err(doc).contains("missing field `height`"));
    }

    #[test]
    fn duplicate_ids_and_obstacles() {
        let doc = r#"{"labels": [{"id": "a", "x": 0, "y": 0, "width": 5, "height": 5}, {"id": "a", "x": 0, "y": 0, "width": 5, "height": 5}]}"#;
        assert!(err(doc).contains(
            "label 1 (id \"a\"): field `id`: duplicate id, first used by the label at index 0"
        ));
        let doc =
            r#"{"labels": [], "obstacles": [{"type": "circle", "x": 0, "y": 0, "radius": 0}]}"#;
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
