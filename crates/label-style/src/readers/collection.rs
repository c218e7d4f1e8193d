//! The FeatureCollection's top level: its members kept as text, and the text of each feature.
//!
//! Most documents are read in one pass ([`Collection::read`]): the members other than
//! `features` are kept as text and the `features` array is split into its elements' texts as
//! it is scanned. Anything unusual there (malformed JSON, a repeated member, `features` that is
//! not an array or is missing, data after the document) gives up the pass, and the reading in
//! steps ([`Members`], then `features` on its own) answers, with the error messages it has
//! always given. Both readings give the same texts, borrowed from the document, so a feature's
//! line in later error messages is the same too.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::document::{InputError, MAX_LABELS};
use crate::messages::{line_of, one_line};

/// The collection's members in order, kept as text; `features` has no text (`None`), its
/// elements' texts are `features`.
pub(super) struct Collection<'a> {
    pub(super) members: Vec<(String, Option<&'a RawValue>)>,
    pub(super) features: Vec<&'a RawValue>,
}

impl<'a> Collection<'a> {
    /// Reads the top level of `text` (without a byte-order mark).
    ///
    /// # Errors
    /// [`InputError`]: malformed JSON, data after the document, a repeated member, a document
    /// that is not a FeatureCollection, a member that serde_json cannot read (a lone surrogate,
    /// a number out of range), `features` missing or not an array, too many features.
    pub(super) fn read(text: &'a str) -> Result<Self, InputError> {
        let whole = |message: String, line: Option<usize>| InputError { line, message };
        let (members, features) = match OnePass::read(text) {
            Some(c) => (c.members, Some(c.features)),
            None => {
                let mut de = serde_json::Deserializer::from_str(text);
                let Members(members) = Members::deserialize(&mut de)
                    .map_err(|e| whole(format!("invalid GeoJSON: {}", one_line(&e.to_string())), Some(e.line())))?;
                de.end().map_err(|e| {
                    whole(format!("trailing data after the document: {}", one_line(&e.to_string())), Some(e.line()))
                })?;
                (members.into_iter().map(|(k, v)| (k, Some(v))).collect(), None)
            }
        };
        let member = |name: &str| members.iter().find(|(k, _)| k == name).and_then(|(_, v)| *v);
        // Owned, not `&str`: a borrowed string cannot hold a JSON escape (`"Feature\u0043ollection"`).
        let kind = member("type").and_then(|t| serde_json::from_str::<String>(t.get()).ok());
        if kind.as_deref() != Some("FeatureCollection") {
            return Err(whole("expected a GeoJSON FeatureCollection (`\"type\": \"FeatureCollection\"`)".into(), None));
        }
        // The other members are written back as given, and skipping over them checked only their
        // syntax: read them as the features are read, so that a lone surrogate (`"\ud800"`) or a
        // number out of range (`1e400`) is refused here as it is in a feature, and never reaches
        // the output, which serde_json (and the label-set reader) could not read back.
        for (key, raw) in members.iter().filter(|(k, _)| k != "features") {
            let Some(raw) = raw else { continue };
            if let Err(e) = serde_json::from_str::<Value>(raw.get()) {
                let message = format!("member `{}`: {}", one_line(key), one_line(&e.to_string()));
                return Err(whole(message, line_of(text, raw.get())));
            }
        }
        let features = match features {
            Some(features) => features,
            None => {
                let raw =
                    member("features").ok_or_else(|| whole("FeatureCollection without `features`".into(), None))?;
                serde_json::from_str(raw.get())
                    .map_err(|e| whole(format!("`features`: {}", one_line(&e.to_string())), line_of(text, raw.get())))?
            }
        };
        if features.len() > MAX_LABELS {
            return Err(whole(format!("more than {} features (the limit of one document)", MAX_LABELS), None));
        }
        let members = members.into_iter().map(|(k, v)| if k == "features" { (k, None) } else { (k, v) }).collect();
        Ok(Collection { members, features })
    }
}

/// The collection read in one pass, `features` split as it is scanned.
struct OnePass<'a>(Collection<'a>);

impl<'a> OnePass<'a> {
    /// `None` when anything is unusual (see the module documentation).
    fn read(text: &'a str) -> Option<Collection<'a>> {
        let mut de = serde_json::Deserializer::from_str(text);
        let OnePass(collection) = OnePass::deserialize(&mut de).ok()?;
        de.end().ok()?;
        Some(collection)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for OnePass<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct OnePassVisitor<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for OnePassVisitor<'a> {
            type Value = OnePass<'a>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a GeoJSON FeatureCollection object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<OnePass<'a>, A::Error> {
                let mut members: Vec<(String, Option<&'a RawValue>)> = Vec::new();
                let mut features = None;
                while let Some(key) = map.next_key::<String>()? {
                    if members.iter().any(|(k, _)| *k == key) {
                        return Err(de::Error::custom("a repeated member"));
                    }
                    if key == "features" {
                        features = Some(map.next_value::<Vec<&'a RawValue>>()?);
                        members.push((key, None));
                    } else {
                        members.push((key, Some(map.next_value()?)));
                    }
                }
                let features = features.ok_or_else(|| de::Error::custom("no `features`"))?;
                Ok(OnePass(Collection { members, features }))
            }
        }
        d.deserialize_map(OnePassVisitor(std::marker::PhantomData))
    }
}

/// The collection's members, in order, kept as text.
struct Members<'a>(Vec<(String, &'a RawValue)>);

impl<'de: 'a, 'a> Deserialize<'de> for Members<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct MembersVisitor<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for MembersVisitor<'a> {
            type Value = Members<'a>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a GeoJSON FeatureCollection object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Members<'a>, A::Error> {
                let mut members: Vec<(String, &'a RawValue)> = Vec::new();
                while let Some((key, value)) = map.next_entry::<String, &'a RawValue>()? {
                    if members.iter().any(|(k, _)| *k == key) {
                        return Err(de::Error::custom(format!("duplicate member `{}`", one_line(&key))));
                    }
                    members.push((key, value));
                }
                Ok(Members(members))
            }
        }
        d.deserialize_map(MembersVisitor(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one pass against the reading in steps, on documents that take either.
    #[test]
    fn one_pass_gives_what_the_steps_give() {
        for text in [
            r#"{"type": "FeatureCollection", "features": [{"a": 1}, 2, "x", [], {"b": {"c": [1, 2]}}]}"#,
            r#"{"features": [], "name": "n", "type": "FeatureCollection", "bbox": [1, 2, 3, 4]}"#,
            "{\"type\":\"FeatureCollection\",\n\"features\":[\n{\"type\":\"Feature\"} ,\n null ]}\n",
        ] {
            let fast = OnePass::read(text).unwrap_or_else(|| panic!("one pass: {text}"));
            let mut de = serde_json::Deserializer::from_str(text);
            let Members(members) = Members::deserialize(&mut de).unwrap();
            let raw = members.iter().find(|(k, _)| k == "features").unwrap().1;
            let features: Vec<&RawValue> = serde_json::from_str(raw.get()).unwrap();
            let slices = |v: &[&RawValue]| v.iter().map(|r| (r.get().as_ptr(), r.get().len())).collect::<Vec<_>>();
            assert_eq!(slices(&fast.features), slices(&features), "{text}");
            let names: Vec<&str> = members.iter().map(|(k, _)| k.as_str()).collect();
            assert_eq!(fast.members.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), names);
            for ((_, a), (k, b)) in fast.members.iter().zip(&members) {
                assert_eq!(a.map(RawValue::get), (k != "features").then(|| b.get()), "{k}");
            }
        }
    }

    #[test]
    fn anything_unusual_is_left_to_the_steps() {
        for text in [
            r#"{"type": "FeatureCollection", "features": {}}"#,
            r#"{"type": "FeatureCollection"}"#,
            r#"{"type": "FeatureCollection", "features": [], "features": []}"#,
            r#"{"type": "FeatureCollection", "features": [1,]}"#,
            r#"{"type": "FeatureCollection", "features": []} x"#,
            r#"[]"#,
        ] {
            assert!(OnePass::read(text).is_none(), "{text}");
        }
    }
}
