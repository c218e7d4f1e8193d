//! One feature as read, kept for writing it back: its members as serde_json values, except
//! `properties`, whose values are kept as their JSON text when that is possible, and a line
//! `geometry`, kept as numbers ([`LineGeometry`]).
//!
//! A Natural Earth place has some forty properties and a run uses two or three of them; turning
//! every one into a `Value` (a `String` per key, one per text, an `IndexMap` insert) and back was
//! most of a GeoJSON run. Here a properties object whose values are all scalars (strings,
//! numbers, booleans, null) and whose keys are distinct is kept as `(key, text)` pairs: each
//! text is the one serde_json writes for that value (the input's text when it is already that,
//! else the value rewritten once), so the output is byte for byte what the `Value` path wrote.
//! Anything else (nested objects or arrays, a repeated key, a value serde_json refuses) takes
//! the `Value` path, which also gives the error messages.
//!
//! The feature's text is scanned once: the properties are split into their entries and the
//! geometry is read (`line_geometry.rs`) where they stand, not first kept as text and
//! scanned again. When that reading fails (a properties member that is neither an object nor
//! null, coordinates that do not nest as their type says), the whole feature is read again as
//! values.

use std::borrow::Cow;
use std::fmt;

use glam::DVec2;
use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::line_geometry::{Geometry, LineGeometry};

/// A feature's members in input order; with `properties` kept as text or `geometry` as
/// numbers, its entry in `members` is a placeholder (null) that marks where it stood.
pub struct Feature<'a> {
    members: Members<'a>,
    properties: Option<Properties<'a>>,
    geometry: Option<LineGeometry>,
}

/// Members in order, each name once: what a serde_json `Map` keeps, without hashing the
/// handful of names a feature has or copying the names out of the text.
struct Members<'a>(Vec<(Cow<'a, str>, Value)>);

impl<'a> Members<'a> {
    fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    fn contains_key(&self, key: &str) -> bool {
        self.0.iter().any(|(k, _)| k == key)
    }

    /// As a `Map` inserts: a repeated name keeps its first place and takes the last value.
    fn insert(&mut self, key: Cow<'a, str>, value: Value) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => *v = value,
            None => self.0.push((key, value)),
        }
    }
}

/// A member of a feature, however it was kept.
pub enum Member<'r> {
    /// Kept as a value.
    Value(&'r Value),
    /// `properties`, kept as text ([`Feature::properties`]).
    Properties,
    /// `geometry`, kept as numbers.
    Lines(&'r LineGeometry),
}

/// A feature's `geometry`, however it was kept.
#[derive(Clone, Copy)]
pub enum GeometryRef<'r> {
    /// Missing (`None`) or kept as a value.
    Value(Option<&'r Value>),
    /// A line geometry kept as numbers.
    Lines(&'r LineGeometry),
}

/// A properties object of scalars kept as text: `(key, the value as serde_json writes it)`.
pub struct Properties<'a>(Vec<(Cow<'a, str>, Cow<'a, RawValue>)>);

/// A feature's properties, however they were kept.
#[derive(Clone, Copy)]
pub enum PropertiesRef<'r, 'a> {
    /// Kept as text.
    Text(&'r Properties<'a>),
    /// Kept as values.
    Values(&'r Map<String, Value>),
}

impl<'a> Feature<'a> {
    /// Reads the feature `raw`, with its properties kept as text when they can be.
    ///
    /// # Errors
    /// serde_json's, exactly as reading it into a `Map<String, Value>` gives them.
    pub fn read(raw: &'a RawValue) -> serde_json::Result<Self> {
        match serde_json::from_str::<Fast<'a>>(raw.get()) {
            Ok(Fast(Some(feature))) => Ok(feature),
            _ => {
                let values: Map<String, Value> = serde_json::from_str(raw.get())?;
                let members = Members(values.into_iter().map(|(k, v)| (Cow::Owned(k), v)).collect());
                Ok(Feature { members, properties: None, geometry: None })
            }
        }
    }

    /// The member `key` other than `properties` and `geometry` (see [`Feature::properties`],
    /// [`Feature::geometry`]).
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Value> {
        match key {
            "properties" if self.properties.is_some() => None,
            "geometry" if self.geometry.is_some() => None,
            _ => self.members.get(key),
        }
    }

    /// The `geometry` member.
    #[must_use]
    pub fn geometry(&self) -> GeometryRef<'_> {
        match &self.geometry {
            Some(lines) => GeometryRef::Lines(lines),
            None => GeometryRef::Value(self.members.get("geometry")),
        }
    }

    /// Whether the feature has the member `key`.
    #[must_use]
    pub fn contains_key(&self, key: &str) -> bool {
        self.members.contains_key(key)
    }

    /// The members' names, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.members.0.iter().map(|(k, _)| k.as_ref())
    }

    /// The `properties` member: `Ok(None)` when missing or null, `Err` with the value when it
    /// is not an object.
    ///
    /// # Errors
    /// The member's value when it is neither an object nor null.
    pub fn properties(&self) -> Result<Option<PropertiesRef<'_, 'a>>, &Value> {
        if let Some(p) = &self.properties {
            return Ok(Some(PropertiesRef::Text(p)));
        }
        match self.members.get("properties") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Object(p)) => Ok(Some(PropertiesRef::Values(p))),
            Some(other) => Err(other),
        }
    }

    /// The members in order, however each was kept.
    pub fn members(&self) -> impl ExactSizeIterator<Item = (&str, Member<'_>)> {
        self.members.0.iter().map(|(k, v)| {
            let member = match (k.as_ref(), &self.properties, &self.geometry) {
                ("properties", Some(_), _) => Member::Properties,
                ("geometry", _, Some(lines)) => Member::Lines(lines),
                _ => Member::Value(v),
            };
            (k.as_ref(), member)
        })
    }
}

impl<'r> PropertiesRef<'r, '_> {
    /// The property `key`, as a value.
    #[must_use]
    pub fn get(self, key: &str) -> Option<Cow<'r, Value>> {
        match self {
            PropertiesRef::Values(map) => map.get(key).map(Cow::Borrowed),
            PropertiesRef::Text(p) => p.0.iter().find(|(k, _)| k == key).map(|(_, v)| {
                // Scalars only: a value that was read once reads again.
                Cow::Owned(serde_json::from_str(v.get()).unwrap_or(Value::Null))
            }),
        }
    }

    /// Whether the property `key` is there.
    #[must_use]
    pub fn contains_key(self, key: &str) -> bool {
        match self {
            PropertiesRef::Values(map) => map.contains_key(key),
            PropertiesRef::Text(p) => p.0.iter().any(|(k, _)| k == key),
        }
    }

    /// The properties' names, in order.
    pub fn keys(self) -> Box<dyn Iterator<Item = &'r str> + 'r> {
        match self {
            PropertiesRef::Values(map) => Box::new(map.keys().map(String::as_str)),
            PropertiesRef::Text(p) => Box::new(p.0.iter().map(|(k, _)| k.as_ref())),
        }
    }

    /// Writes every property whose name `keep` accepts into `map`, in order.
    pub fn serialize_into<M: SerializeMap>(self, map: &mut M, keep: impl Fn(&str) -> bool) -> Result<(), M::Error> {
        match self {
            PropertiesRef::Values(values) => {
                for (key, value) in values.iter().filter(|(k, _)| keep(k)) {
                    map.serialize_entry(key, value)?;
                }
            }
            PropertiesRef::Text(p) => {
                for (key, value) in p.0.iter().filter(|(k, _)| keep(k)) {
                    map.serialize_entry(key.as_ref(), value.as_ref())?;
                }
            }
        }
        Ok(())
    }
}

/// The fast reading of a feature: `None` when its properties cannot be kept as text.
struct Fast<'a>(Option<Feature<'a>>);

impl<'de: 'a, 'a> Deserialize<'de> for Fast<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct FeatureVisitor<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for FeatureVisitor<'a> {
            type Value = Fast<'a>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a GeoJSON feature object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fast<'a>, A::Error> {
                let mut members = Members(Vec::with_capacity(map.size_hint().unwrap_or(4)));
                let mut properties: Option<Entries<'a>> = None;
                let mut geometry: Option<LineGeometry> = None;
                // As a map does with a repeated key: the first place, the last value.
                while let Some(Key(key)) = map.next_key()? {
                    if key == "properties" {
                        // null, or not an object: a value like the others (the latter only on
                        // the `Value` path: it fails here).
                        let PropertiesEntries(entries) = map.next_value()?;
                        properties = entries;
                        members.insert(key, Value::Null);
                    } else if key == "geometry" {
                        let value = match map.next_value()? {
                            Geometry::Lines(lines) => {
                                geometry = Some(lines);
                                Value::Null
                            }
                            Geometry::Value(value) => {
                                geometry = None;
                                value
                            }
                        };
                        members.insert(key, value);
                    } else {
                        let value: Value = map.next_value()?;
                        members.insert(key, value);
                    }
                }
                let Some(entries) = properties else {
                    return Ok(Fast(Some(Feature { members, properties: None, geometry })));
                };
                Ok(Fast(Properties::from_entries(entries).map(|p| Feature { members, properties: Some(p), geometry })))
            }
        }
        d.deserialize_map(FeatureVisitor(std::marker::PhantomData))
    }
}

impl<'a> Properties<'a> {
    /// The object's `entries` as text pairs, or `None` when a value is not a scalar serde_json
    /// reads, or a key repeats.
    fn from_entries(Entries(entries): Entries<'a>) -> Option<Self> {
        let mut keys: Vec<&str> = entries.iter().map(|(k, _)| k.as_ref()).collect();
        keys.sort_unstable();
        if keys.windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
        let mut text = Vec::new();
        let mut kept = Vec::with_capacity(entries.len());
        for (key, value) in entries {
            if is_plain_string(value.get()) {
                kept.push((key, Cow::Borrowed(value)));
                continue;
            }
            text.clear();
            let mut de = serde_json::Deserializer::from_str(value.get());
            de::Deserializer::deserialize_any(&mut de, Canonical(&mut text)).ok()?;
            let value = if text == value.get().as_bytes() {
                Cow::Borrowed(value)
            } else {
                Cow::Owned(RawValue::from_string(String::from_utf8(text.clone()).ok()?).ok()?)
            };
            kept.push((key, value));
        }
        Some(Properties(kept))
    }
}

/// Whether `text` is a JSON string serde_json writes back unchanged: no escape, no control
/// character (the only characters it escapes, besides `"`, which ends the string).
fn is_plain_string(text: &str) -> bool {
    let inner = text.strip_prefix('"').and_then(|t| t.strip_suffix('"'));
    inner.is_some_and(|inner| inner.bytes().all(|b| b != b'\\' && b >= 0x20))
}

/// An object's entries, keys borrowed when they hold no escape, values as text.
pub(super) struct Entries<'a>(pub(super) Vec<(Cow<'a, str>, &'a RawValue)>);

impl<'de: 'a, 'a> Deserialize<'de> for Entries<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct EntriesVisitor<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for EntriesVisitor<'a> {
            type Value = Entries<'a>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries<'a>, A::Error> {
                let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(16));
                while let Some(Key(key)) = map.next_key()? {
                    entries.push((key, map.next_value()?));
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_map(EntriesVisitor(std::marker::PhantomData))
    }
}

/// A properties object's entries, or `None` for null.
struct PropertiesEntries<'a>(Option<Entries<'a>>);

impl<'de: 'a, 'a> Deserialize<'de> for PropertiesEntries<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Option::<Entries<'a>>::deserialize(d).map(PropertiesEntries)
    }
}

/// A key (or any string), borrowed from the text when it holds no escape.
pub(super) struct Key<'a>(pub(super) Cow<'a, str>);

impl<'de: 'a, 'a> Deserialize<'de> for Key<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for KeyVisitor<'a> {
            type Value = Key<'a>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Key<'a>, E> {
                Ok(Key(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Key<'a>, E> {
                Ok(Key(Cow::Owned(s.to_owned())))
            }
        }
        d.deserialize_str(KeyVisitor(std::marker::PhantomData))
    }
}

/// Writes the scalar it visits as serde_json writes that value (a `Value` holds exactly what is
/// visited here); refuses objects and arrays.
struct Canonical<'b>(&'b mut Vec<u8>);

impl Canonical<'_> {
    fn write<E: de::Error>(self, value: impl Serialize) -> Result<(), E> {
        value.serialize(&mut serde_json::Serializer::new(self.0)).map_err(E::custom)
    }
}

impl<'de> Visitor<'de> for Canonical<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string, number, boolean or null")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.write(v)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.write(v)
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.write(v)
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        // What a `Value` number holds: serde_json refuses the non-finite before this.
        self.write(v)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.write(v)
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.write(())
    }
}

/// Where positions lie, longitude/latitude: the least and the greatest of each.
pub type LonLatBox = (DVec2, DVec2);

/// The box of both `a` and `b`.
#[must_use]
pub fn union(a: Option<LonLatBox>, b: Option<LonLatBox>) -> Option<LonLatBox> {
    match (a, b) {
        (Some((lo, hi)), Some((lo2, hi2))) => Some((lo.min(lo2), hi.max(hi2))),
        (a, b) => a.or(b),
    }
}

impl Feature<'_> {
    /// The longitude/latitude box of every position of its geometry (`None` without positions).
    #[must_use]
    pub fn lon_lat_box(&self) -> Option<LonLatBox> {
        fn include(bounds: &mut Option<(DVec2, DVec2)>, p: DVec2) {
            *bounds = Some(bounds.map_or((p, p), |(lo, hi)| (lo.min(p), hi.max(p))));
        }
        fn walk(v: &Value, bounds: &mut Option<(DVec2, DVec2)>) {
            let Some(items) = v.as_array() else { return };
            if let [Value::Number(lon), Value::Number(lat), ..] = items.as_slice() {
                if let (Some(lon), Some(lat)) = (lon.as_f64(), lat.as_f64()) {
                    include(bounds, DVec2::new(lon, lat));
                }
                return;
            }
            for item in items {
                walk(item, bounds);
            }
        }
        let mut bounds = None;
        match self.geometry() {
            GeometryRef::Lines(lines) => {
                for p in lines.parts().flatten() {
                    include(&mut bounds, p);
                }
            }
            GeometryRef::Value(g) => {
                if let Some(c) = g.and_then(|g| g.get("coordinates")) {
                    walk(c, &mut bounds);
                }
            }
        }
        bounds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The feature written back member by member through the kept text, beside what the
    /// `Value` path writes.
    fn both(text: &str) -> (String, String) {
        let raw: &RawValue = serde_json::from_str(text).unwrap();
        let feature = Feature::read(raw).unwrap();
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::new(&mut out);
        let mut map = serde::Serializer::serialize_map(&mut ser, None).unwrap();
        for (key, value) in feature.members() {
            match value {
                Member::Value(v) => map.serialize_entry(key, v).unwrap(),
                Member::Lines(lines) => map.serialize_entry(key, lines).unwrap(),
                Member::Properties => {
                    struct Props<'r, 'a>(PropertiesRef<'r, 'a>);
                    impl Serialize for Props<'_, '_> {
                        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                            let mut map = s.serialize_map(None)?;
                            self.0.serialize_into(&mut map, |_| true)?;
                            map.end()
                        }
                    }
                    map.serialize_entry(key, &Props(feature.properties().unwrap().unwrap())).unwrap();
                }
            }
        }
        SerializeMap::end(map).unwrap();
        let values: Map<String, Value> = serde_json::from_str(text).unwrap();
        (String::from_utf8(out).unwrap(), serde_json::to_string(&values).unwrap())
    }

    #[test]
    fn kept_text_is_what_values_write() {
        for text in [
            r#"{"type": "Feature", "properties": {"a": 1.50, "b": 1e2, "c": -0, "d": -0.0, "e": "\u00e9\n", "f": null, "g": true}}"#,
            r#"{"properties": {"a": 1, "a": 2}, "id": 3}"#,
            r#"{"properties": {"a": {"b": 1, "b": 2}}, "properties": {"x": 12345678901234567890, "y": 0.1}}"#,
            r#"{"properties": null, "geometry": null}"#,
            r#"{"properties": {"a": "plain", "b": "\/", "c": "\u0041", "d": "tab\there", "e": "\u007f", "f": ""}}"#,
            r#"{"properties": {"\u0061": "é", "list": [1, 2.0]}}"#,
            r#"{"properties": {"big": 1.7976931348623157e308, "tiny": 5e-324, "neg": -12}}"#,
        ] {
            let (kept, values) = both(text);
            assert_eq!(kept, values, "{text}");
        }
    }

    #[test]
    fn scalars_are_kept_as_text() {
        let raw: &RawValue = serde_json::from_str(r#"{"properties": {"a": 1.50, "b": "x"}}"#).unwrap();
        let feature = Feature::read(raw).unwrap();
        assert!(matches!(feature.properties(), Ok(Some(PropertiesRef::Text(_)))));
        assert_eq!(feature.properties().unwrap().unwrap().get("a").as_deref(), Some(&serde_json::json!(1.5)));
    }

    #[test]
    fn refused_values_fail_as_values_do() {
        for text in [r#"{"properties": {"a": "\ud800"}}"#, r#"{"properties": {"a": 1e400}}"#] {
            let raw: &RawValue = serde_json::from_str(text).unwrap();
            let expected = serde_json::from_str::<Map<String, Value>>(text).unwrap_err().to_string();
            assert_eq!(Feature::read(raw).err().map(|e| e.to_string()), Some(expected), "{text}");
        }
    }

    proptest! {
        #[test]
        fn any_scalar_is_written_as_values_write_it(
            x in any::<f64>().prop_filter("finite", |x| x.is_finite()),
            i in any::<i64>(),
            s in "\\PC{0,12}",
            exp in -30i32..30,
        ) {
            let text = format!(
                r#"{{"properties": {{"x": {x:e}, "y": {x}, "i": {i}, "s": {}, "m": {}e{exp}, "k": 7}}}}"#,
                serde_json::to_string(&s).unwrap(),
                i % 1000
            );
            let (kept, values) = both(&text);
            prop_assert_eq!(kept, values);
        }
    }
}
