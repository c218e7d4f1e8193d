//! A LineString or MultiLineString geometry read straight into numbers, kept for writing it
//! back.
//!
//! A street network is almost all coordinates: reading each position into serde_json `Value`s
//! (an array and two numbers, allocated one by one) and writing them back was most of a run
//! on Vienna's streets. Here a geometry object whose members are exactly `type` and
//! `coordinates`, whose type is `LineString` or `MultiLineString`, and whose coordinates nest
//! as that type says with numbers only, is read into vectors of [`Number`]: what a `Value`
//! holds for each number, so that it is written back byte for byte as the `Value` was (an
//! integer stays an integer, a float is written by the same code). Anything else (another
//! type, other or repeated members, a position that is not numbers) takes the `Value` path, and
//! so does a feature whose positions are not longitude/latitude: that path names the field in
//! its error, exactly as before.

use std::fmt;

use glam::DVec2;
use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Number;
use serde_json::value::RawValue;

use super::feature::{Entries, Key};

/// A line geometry as read; see the module documentation.
pub struct LineGeometry<'a> {
    /// The geometry's text, for the `Value` path when a position fails its check.
    raw: &'a RawValue,
    /// `MultiLineString` (else `LineString`, whose one part is `parts[0]`).
    multi: bool,
    /// Whether `type` came before `coordinates` in the object.
    type_first: bool,
    parts: Vec<Vec<Position>>,
}

/// A position: longitude, latitude and whatever numbers follow (an altitude).
struct Position {
    lon: Number,
    lat: Number,
    rest: Vec<Number>,
}

impl<'a> LineGeometry<'a> {
    /// The geometry `raw` as a line geometry, or `None` when it is anything else (see the module
    /// documentation).
    #[must_use]
    pub fn read(raw: &'a RawValue) -> Option<Self> {
        let Entries(entries) = serde_json::from_str(raw.get()).ok()?;
        let [(first, a), (second, b)] = entries.as_slice() else { return None };
        let (type_first, kind, coordinates) = match (first.as_ref(), second.as_ref()) {
            ("type", "coordinates") => (true, a, b),
            ("coordinates", "type") => (false, b, a),
            _ => return None,
        };
        let Key(kind) = serde_json::from_str(kind.get()).ok()?;
        let (multi, parts) = match kind.as_ref() {
            "LineString" => (false, vec![serde_json::from_str::<Vec<Position>>(coordinates.get()).ok()?]),
            "MultiLineString" => (true, serde_json::from_str::<Vec<Vec<Position>>>(coordinates.get()).ok()?),
            _ => return None,
        };
        Some(LineGeometry { raw, multi, type_first, parts })
    }

    /// The geometry's text.
    #[must_use]
    pub fn raw(&self) -> &'a RawValue {
        self.raw
    }

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
}

impl Position {
    fn lon_lat(&self) -> DVec2 {
        // `as_f64` is always `Some` without serde_json's `arbitrary_precision`; the `Value`
        // path reads the same numbers the same way.
        DVec2::new(self.lon.as_f64().unwrap_or(f64::NAN), self.lat.as_f64().unwrap_or(f64::NAN))
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
impl Serialize for LineGeometry<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let kind = if self.multi { "MultiLineString" } else { "LineString" };
        let mut map = s.serialize_map(Some(2))?;
        if self.type_first {
            map.serialize_entry("type", kind)?;
        }
        if self.multi {
            map.serialize_entry("coordinates", &self.parts)?;
        } else {
            map.serialize_entry("coordinates", &self.parts[0])?;
        }
        if !self.type_first {
            map.serialize_entry("type", kind)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::Value;

    fn typed(text: &str) -> Option<LineGeometry<'_>> {
        LineGeometry::read(serde_json::from_str(text).unwrap())
    }

    /// The geometry written back, and what its `Value` writes.
    fn both(text: &str) -> (String, String) {
        let lines = typed(text).unwrap_or_else(|| panic!("typed: {text}"));
        let value: Value = serde_json::from_str(text).unwrap();
        let compact = (serde_json::to_string(&lines).unwrap(), serde_json::to_string(&value).unwrap());
        let pretty = (serde_json::to_string_pretty(&lines).unwrap(), serde_json::to_string_pretty(&value).unwrap());
        assert_eq!(pretty.0, pretty.1, "{text}");
        compact
    }

    #[test]
    fn lines_are_written_back_as_values_are() {
        for text in [
            r#"{"type": "LineString", "coordinates": [[16.37, 48.20], [16, -48], [-0, 1e1, 5], [1.50, 2E-3]]}"#,
            r#"{"coordinates": [[[1, 2], [3, 4]], [], [[5.5, 6.25, 100]]], "type": "MultiLineString"}"#,
            r#"{"type": "Line\u0053tring", "coordinates": [[18446744073709551615, -9223372036854775808]]}"#,
            r#"{"type": "LineString", "coordinates": []}"#,
        ] {
            let (kept, values) = both(text);
            assert_eq!(kept, values, "{text}");
        }
    }

    #[test]
    fn anything_else_is_left_to_values() {
        for text in [
            r#"{"type": "Point", "coordinates": [1, 2]}"#,
            r#"{"type": "LineString", "coordinates": [[1, 2]], "bbox": [1, 2, 1, 2]}"#,
            r#"{"type": "LineString", "type": "LineString", "coordinates": [[1, 2]]}"#,
            r#"{"type": "LineString"}"#,
            r#"{"type": "LineString", "coordinates": [[1]]}"#,
            r#"{"type": "LineString", "coordinates": [[1, 2, "up"]]}"#,
            r#"{"type": "LineString", "coordinates": [[[1, 2]]]}"#,
            r#"{"type": "MultiLineString", "coordinates": [[1, 2]]}"#,
            r#"{"type": "LineString", "coordinates": [[1e400, 2]]}"#,
            r#"{"type": 7, "coordinates": [[1, 2]]}"#,
            r#"[1, 2]"#,
        ] {
            assert!(typed(text).is_none(), "{text}");
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
            type_first in any::<bool>(),
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
            let text = if type_first {
                format!(r#"{{"type": {kind}, "coordinates": {coordinates}}}"#)
            } else {
                format!(r#"{{"coordinates": {coordinates}, "type": {kind}}}"#)
            };
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
