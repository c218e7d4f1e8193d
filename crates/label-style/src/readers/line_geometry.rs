//! A feature's `geometry` read in one pass: a LineString or MultiLineString straight into
//! numbers, anything else into the serde_json `Value` it always was.
//!
//! A street network is almost all coordinates: reading each position into serde_json `Value`s
//! (an array and two numbers, allocated one by one) and writing them back was most of a run
//! on Vienna's streets, and so was scanning the coordinates' text once per level of nesting.
//! Here the geometry is read where it stands in the feature's text ([`Geometry`]): an object
//! whose first member is `type`, `LineString` or `MultiLineString`, followed by `coordinates`
//! that nest as that type says with numbers only, is read into vectors of [`Number`]: what a
//! `Value` holds for each number, so that it is written back byte for byte as the `Value` was
//! (an integer stays an integer, a float is written by the same code). Any other geometry, or
//! a line with members after `coordinates`, becomes the `Value` serde_json reads (members in
//! order, a repeated member's first place and last value). Coordinates that do not nest as the
//! type says fail the reading, and the feature is read again as values, which name what is
//! wrong; so does a line whose positions are not longitude/latitude
//! ([`LineGeometry::to_value`]).

use std::fmt;

use glam::DVec2;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::{Map, Number, Value};

/// A line geometry as read; see the module documentation.
pub struct LineGeometry {
    /// `MultiLineString` (else `LineString`, whose one part is `parts[0]`).
    multi: bool,
    parts: Vec<Vec<Position>>,
}

/// A position: longitude, latitude and whatever numbers follow (an altitude).
struct Position {
    lon: Number,
    lat: Number,
    rest: Vec<Number>,
}

/// A feature's `geometry` as read.
pub(super) enum Geometry {
    /// A line geometry, as numbers.
    Lines(LineGeometry),
    /// Anything else, as serde_json reads it.
    Value(Value),
}

impl LineGeometry {
    /// The parts' positions as longitude and latitude, unchecked.
    pub fn parts(&self) -> impl Iterator<Item = Vec<DVec2>> + '_ {
        self.parts.iter().map(|part| part.iter().map(Position::lon_lat).collect())
    }

    /// The parts' positions as longitude and latitude, or `None` when one is not longitude and
    /// latitude in degrees (the `Value` path names it).
    #[must_use]
    pub fn checked_parts(&self) -> Option<Vec<Vec<DVec2>>> {
        let valid =
            |p: DVec2| label_core::validate::longitude(p.x).is_ok() && label_core::validate::latitude(p.y).is_ok();
        self.parts().map(|part| part.iter().all(|&p| valid(p)).then_some(part)).collect()
    }

    /// The `Value` serde_json reads from the geometry's text.
    #[must_use]
    pub fn to_value(&self) -> Value {
        let position = |p: &Position| {
            let numbers = [&p.lon, &p.lat].into_iter().chain(&p.rest);
            Value::Array(numbers.map(|n| Value::Number(n.clone())).collect())
        };
        let part = |p: &Vec<Position>| Value::Array(p.iter().map(position).collect());
        let coordinates =
            if self.multi { Value::Array(self.parts.iter().map(part).collect()) } else { part(&self.parts[0]) };
        let mut map = Map::new();
        map.insert("type".to_owned(), Value::String(self.kind().to_owned()));
        map.insert("coordinates".to_owned(), coordinates);
        Value::Object(map)
    }

    fn kind(&self) -> &'static str {
        if self.multi { "MultiLineString" } else { "LineString" }
    }
}

impl Position {
    fn lon_lat(&self) -> DVec2 {
        // `as_f64` is always `Some` without serde_json's `arbitrary_precision`; the `Value`
        // path reads the same numbers the same way.
        DVec2::new(self.lon.as_f64().unwrap_or(f64::NAN), self.lat.as_f64().unwrap_or(f64::NAN))
    }
}

/// The key serde_json's own `Value` reading gives a meaning of its own (a raw value inside):
/// a geometry that has it is left to that reading.
const RAW_VALUE_KEY: &str = "$serde_json::private::RawValue";

impl<'de> Deserialize<'de> for Geometry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct GeometryVisitor;
        impl<'de> Visitor<'de> for GeometryVisitor {
            type Value = Geometry;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a geometry object or null")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Geometry, E> {
                Ok(Geometry::Value(Value::Null))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Geometry, A::Error> {
                let mut values = Map::new();
                let mut key = map.next_key::<String>()?;
                if key.as_deref() == Some("type") {
                    let kind: Value = map.next_value()?;
                    let multi = match kind.as_str() {
                        Some("LineString") => Some(false),
                        Some("MultiLineString") => Some(true),
                        _ => None,
                    };
                    values.insert("type".to_owned(), kind);
                    key = map.next_key()?;
                    if let (Some(multi), Some("coordinates")) = (multi, key.as_deref()) {
                        let parts = if multi { map.next_value()? } else { vec![map.next_value()?] };
                        let lines = LineGeometry { multi, parts };
                        key = map.next_key()?;
                        let Some(next) = key else { return Ok(Geometry::Lines(lines)) };
                        values = match lines.to_value() {
                            Value::Object(values) => values,
                            _ => unreachable!("a line geometry is an object"),
                        };
                        key = Some(next);
                    }
                }
                // The rest as serde_json's `Value` reads an object.
                while let Some(k) = key {
                    if k == RAW_VALUE_KEY {
                        return Err(de::Error::custom("a raw value key"));
                    }
                    let value: Value = map.next_value()?;
                    values.insert(k, value);
                    key = map.next_key()?;
                }
                Ok(Geometry::Value(Value::Object(values)))
            }
        }
        d.deserialize_any(GeometryVisitor)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct PositionVisitor;
        impl<'de> Visitor<'de> for PositionVisitor {
            type Value = Position;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a position of numbers")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Position, A::Error> {
                let short = || de::Error::custom("a position has at least two numbers");
                let lon = seq.next_element()?.ok_or_else(short)?;
                let lat = seq.next_element()?.ok_or_else(short)?;
                let mut rest = Vec::new();
                while let Some(n) = seq.next_element()? {
                    rest.push(n);
                }
                Ok(Position { lon, lat, rest })
            }
        }
        d.deserialize_seq(PositionVisitor)
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(2 + self.rest.len()))?;
        seq.serialize_element(&self.lon)?;
        seq.serialize_element(&self.lat)?;
        for n in &self.rest {
            seq.serialize_element(n)?;
        }
        seq.end()
    }
}

/// Written as serde_json writes the `Value` it replaces.
impl Serialize for LineGeometry {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry("type", self.kind())?;
        if self.multi {
            map.serialize_entry("coordinates", &self.parts)?;
        } else {
            map.serialize_entry("coordinates", &self.parts[0])?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The geometry as read: `Ok(Some)` for lines, `Ok(None)` for a value (checked to be the
    /// `Value` serde_json reads), `Err` when the reading fails (the feature is read as values).
    fn read(text: &str) -> Result<Option<LineGeometry>, serde_json::Error> {
        Ok(match serde_json::from_str::<Geometry>(text)? {
            Geometry::Lines(lines) => Some(lines),
            Geometry::Value(value) => {
                assert_eq!(value, serde_json::from_str::<Value>(text).unwrap(), "{text}");
                None
            }
        })
    }

    fn typed(text: &str) -> Option<LineGeometry> {
        read(text).ok().flatten()
    }

    /// The geometry written back, and what its `Value` writes.
    fn both(text: &str) -> (String, String) {
        let lines = typed(text).unwrap_or_else(|| panic!("typed: {text}"));
        let value: Value = serde_json::from_str(text).unwrap();
        assert_eq!(lines.to_value(), value, "{text}");
        let compact = (serde_json::to_string(&lines).unwrap(), serde_json::to_string(&value).unwrap());
        let pretty = (serde_json::to_string_pretty(&lines).unwrap(), serde_json::to_string_pretty(&value).unwrap());
        assert_eq!(pretty.0, pretty.1, "{text}");
        compact
    }

    #[test]
    fn lines_are_written_back_as_values_are() {
        for text in [
            r#"{"type": "LineString", "coordinates": [[16.37, 48.20], [16, -48], [-0, 1e1, 5], [1.50, 2E-3]]}"#,
            r#"{"type": "MultiLineString", "coordinates": [[[1, 2], [3, 4]], [], [[5.5, 6.25, 100]]]}"#,
            r#"{"type": "Line\u0053tring", "\u0063oordinates": [[18446744073709551615, -9223372036854775808]]}"#,
            r#"{"type": "LineString", "coordinates": []}"#,
        ] {
            let (kept, values) = both(text);
            assert_eq!(kept, values, "{text}");
        }
    }

    #[test]
    fn anything_else_is_read_as_a_value() {
        for text in [
            "null",
            "{}",
            r#"{"type": "Point", "coordinates": [1, 2]}"#,
            r#"{"coordinates": [[1, 2], [3, 4]], "type": "LineString"}"#,
            r#"{"type": "LineString", "coordinates": [[1, 2]], "bbox": [1, 2, 1, 2]}"#,
            r#"{"type": "LineString", "coordinates": [[1, 2]], "type": "Point", "x": {"y": [1]}}"#,
            r#"{"type": "LineString", "type": "LineString", "coordinates": [[1, 2]]}"#,
            r#"{"type": "LineString"}"#,
            r#"{"type": 7, "coordinates": [[1, 2]]}"#,
            r#"{"type": "Polygon", "coordinates": [[[1, 2], [3, 4], [5, 0], [1, 2]]], "$serde": 1}"#,
        ] {
            assert!(matches!(read(text), Ok(None)), "{text}");
        }
    }

    #[test]
    fn coordinates_that_do_not_nest_as_the_type_says_fail() {
        for text in [
            r#"{"type": "LineString", "coordinates": [[1]]}"#,
            r#"{"type": "LineString", "coordinates": [[1, 2, "up"]]}"#,
            r#"{"type": "LineString", "coordinates": [[[1, 2]]]}"#,
            r#"{"type": "MultiLineString", "coordinates": [[1, 2]]}"#,
            r#"{"type": "LineString", "coordinates": [[1e400, 2]]}"#,
            r#"{"type": "Point", "coordinates": [1, 2], "$serde_json::private::RawValue": 1}"#,
            r#"[1, 2]"#,
            "7",
        ] {
            assert!(read(text).is_err(), "{text}");
        }
    }

    #[test]
    fn positions_out_of_range_are_left_to_the_value_path() {
        let lines = typed(r#"{"type": "MultiLineString", "coordinates": [[[1, 2], [3, 4]], [[400, 5], [1, 2]]]}"#);
        let lines = lines.unwrap();
        assert!(lines.checked_parts().is_none());
        assert_eq!(lines.parts().nth(1).unwrap()[0], DVec2::new(400.0, 5.0));
        let ok = typed(r#"{"type": "LineString", "coordinates": [[1, 2], [3.5, -4]]}"#).unwrap();
        assert_eq!(ok.checked_parts(), Some(vec![vec![DVec2::new(1.0, 2.0), DVec2::new(3.5, -4.0)]]));
    }

    proptest! {
        #[test]
        fn any_line_is_written_as_values_write_it(
            parts in prop::collection::vec(
                prop::collection::vec((any::<f64>(), any::<i64>(), any::<bool>(), prop::option::of(-1e4f64..1e4)), 0..5),
                0..4,
            ),
            multi in any::<bool>(),
            bbox in any::<bool>(),
        ) {
            let position = |&(x, i, int, alt): &(f64, i64, bool, Option<f64>)| {
                let x = if x.is_finite() { x } else { 0.5 };
                let lon = if int { i.to_string() } else { format!("{x:e}") };
                let alt = alt.map_or(String::new(), |a| format!(", {a}"));
                format!("[{lon}, {x}{alt}]")
            };
            let part = |p: &Vec<_>| format!("[{}]", p.iter().map(position).collect::<Vec<_>>().join(", "));
            let coordinates = if multi {
                format!("[{}]", parts.iter().map(part).collect::<Vec<_>>().join(", "))
            } else {
                part(parts.first().unwrap_or(&Vec::new()))
            };
            let kind = if multi { "\"MultiLineString\"" } else { "\"LineString\"" };
            let bbox = if bbox { r#", "bbox": [1, 2.5, 3, 4]"# } else { "" };
            let text = format!(r#"{{"type": {kind}, "coordinates": {coordinates}{bbox}}}"#);
            if !bbox.is_empty() {
                // Read as the `Value` (`read` checks it is the one serde_json reads).
                prop_assert!(matches!(read(&text), Ok(None)));
                return Ok(());
            }
            let (kept, values) = both(&text);
            prop_assert_eq!(kept, values);
            // The positions read are those the `Value` path reads.
            let value: Value = serde_json::from_str(&text).unwrap();
            let lon_lat = |p: &Value| DVec2::new(p[0].as_f64().unwrap(), p[1].as_f64().unwrap());
            let expected: Vec<Vec<DVec2>> = if multi {
                value["coordinates"].as_array().unwrap().iter()
                    .map(|part| part.as_array().unwrap().iter().map(lon_lat).collect())
                    .collect()
            } else {
                vec![value["coordinates"].as_array().unwrap().iter().map(lon_lat).collect()]
            };
            let got: Vec<Vec<DVec2>> = typed(&text).unwrap().parts().collect();
            prop_assert_eq!(got, expected);
        }
    }
}
