//! The fast path of [`super::read_document`]: one pass over the whole text, each label converted
//! and checked ([`super::Labels::push`]) as soon as it is parsed, no path tracking and no raw
//! copy of the labels. The pass is made by sonic-rs where it reads the text as serde_json does
//! (module `sonic`), else, or when sonic-rs refuses, by serde_json: the same visitors either way.
//!
//! It gives no errors: on anything it does not accept it returns `None`, and the located reader
//! ([`super::read_document_located`]) reads the document again to say where and what. So this
//! path must accept nothing that reader refuses, and must give the same document when both
//! accept; it may refuse more (it is then only slower). Both use the same structs
//! ([`crate::formats::document`]) and the same conversion, so what differs is only how the text is
//! walked: the labels' array is read in place here, where the located reader keeps each label
//! as raw text and parses it on its own. The one difference serde would let through — a struct
//! written as an array (`[1, 2, 3]` for a label) — is closed by [`Object`]. The property tests
//! (`tests/fast_read.rs`) and the `document` fuzz target play both readers against each other.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, forward_to_deserialize_any};
use serde_json::value::RawValue;

use label_core::{PlacementOptions, Shape};

use super::shallow::Shallow;
use super::sonic::{self, NoObstacle, RawText};
use super::{Document, JsonParser, Labels, read_obstacles, viewport_options};
use crate::formats::document::{Id, RawLabel, RawViewport, at_most_max_obstacles};
use crate::limits;

/// Both parsers, the faster first.
pub(super) const PARSERS: [JsonParser; 2] = [JsonParser::SonicRs, JsonParser::SerdeJson];

/// `text` (without a byte-order mark) as a document, or `None` when it is anything but a valid
/// one; read by the first of `parsers` that reads it.
pub(super) fn read(text: &str, parsers: &[JsonParser]) -> Option<Document> {
    let (parts, labels) = read_parts(text, parsers)?;
    if has_duplicate(&[&labels.ids]) {
        return None;
    }
    let rest = parts.into_rest(text)?;
    Some(labels.into_document(rest.obstacle_ids, rest.obstacles, rest.options))
}

/// What a document holds besides its labels: `text` must be a valid document whose labels'
/// array is empty (the labels are read elsewhere, by `super::split`).
pub(super) fn read_rest(text: &str) -> Option<Rest> {
    let (parts, empty) = read_parts(text, &PARSERS)?;
    if !empty.ids.is_empty() {
        return None;
    }
    parts.into_rest(text)
}

/// The document's members, and its labels read in place by the first of `parsers` that reads
/// them (sonic-rs only where [`sonic::may_read`] allows: never a text it would read otherwise
/// than serde_json, nor one with obstacles, which it would refuse only at the end).
fn read_parts<'a>(text: &'a str, parsers: &[JsonParser]) -> Option<(Parts<'a>, Labels)> {
    // Room for as many labels as the text could hold, as `super::split` makes for each piece: the
    // lists never move while they grow, and only the part written is ever in memory.
    let most = (text.len() / super::MIN_LABEL_BYTES + 1).min(limits::MAX_LABELS);
    let by_sonic = || {
        let mut de = sonic_rs::Deserializer::from_str(text);
        let parts = Shallow(&mut de).deserialize_map(DocumentVisitor::<NoObstacle>::new(most)).ok()?;
        de.end().ok().map(|()| parts)
    };
    let by_serde_json = || {
        let mut de = serde_json::Deserializer::from_str(text);
        let parts = de.deserialize_map(DocumentVisitor::<&RawValue>::new(most)).ok()?;
        de.end().ok().map(|()| parts)
    };
    let mut parts = parsers.iter().filter(|&&parser| is_given(parser, text)).find_map(|parser| match parser {
        JsonParser::SonicRs => by_sonic(),
        JsonParser::SerdeJson => by_serde_json(),
    })?;
    let labels = parts.labels.take()?;
    Some((parts, labels))
}

/// Whether `parser` is given `text` at all: serde_json always, sonic-rs where
/// [`sonic::may_read`] says it reads the text as serde_json does and to the end.
fn is_given(parser: JsonParser, text: &str) -> bool {
    match parser {
        JsonParser::SonicRs => sonic::may_read(text),
        JsonParser::SerdeJson => true,
    }
}

/// Whether two labels share an id, the ids given as lists read one after the other. Which label
/// repeats which is the located reader's to say.
///
/// Integer ids are usually dense (`0..n`): then one bit per value in their range finds a
/// repeat in one pass and a few kilobytes, and a range narrower than their count must repeat
/// one. Wider ranges are sorted (radix) — without the random accesses of a hash table, which
/// cost a lot more at a million labels. String ids are sorted.
pub(super) fn has_duplicate(lists: &[&[Id]]) -> bool {
    let ids = || lists.iter().flat_map(|list| list.iter());
    let (mut min, mut max, mut ints) = (i64::MAX, i64::MIN, 0usize);
    let mut strs = Vec::new();
    for id in ids() {
        match id {
            Id::Int(i) => (min, max, ints) = (min.min(*i), max.max(*i), ints + 1),
            Id::Str(s) => strs.push(&**s),
        }
    }
    strs.sort_unstable();
    if strs.windows(2).any(|w| w[0] == w[1]) {
        return true;
    }
    let int_values = || {
        ids().filter_map(|id| match id {
            Id::Int(i) => Some(*i),
            Id::Str(_) => None,
        })
    };
    let span = max.abs_diff(min).saturating_add(1);
    if ints == 0 {
        false
    } else if span < ints as u64 {
        true
    } else if span <= 8 * ints as u64 {
        let mut seen = vec![0u64; span.div_ceil(64) as usize];
        int_values().any(|i| {
            let k = i.abs_diff(min);
            let (word, bit) = (&mut seen[(k / 64) as usize], 1u64 << (k % 64));
            let repeated = *word & bit != 0;
            *word |= bit;
            repeated
        })
    } else {
        let mut sorted: Vec<i64> = int_values().collect();
        radsort::sort(&mut sorted);
        sorted.windows(2).any(|w| w[0] == w[1])
    }
}

/// The document's members as read: each `None` until its key is seen.
struct Parts<'a> {
    viewport: Option<Option<Object<RawViewport>>>,
    labels: Option<Labels>,
    /// The obstacles' texts.
    obstacles: Option<Vec<Cow<'a, str>>>,
}

impl Parts<'_> {
    /// The viewport and obstacles, if valid (`text` is the document they were read from).
    fn into_rest(self, text: &str) -> Option<Rest> {
        let options = match self.viewport.flatten() {
            Some(Object(v)) => viewport_options(&v).ok()?,
            None => Default::default(),
        };
        let raws = self.obstacles.unwrap_or_default();
        let raws: Vec<&str> = raws.iter().map(|raw| &**raw).collect();
        let (obstacle_ids, obstacles) = read_obstacles(text, &raws).ok()?;
        Some(Rest { obstacle_ids, obstacles, options })
    }
}

/// A document's obstacles and options, checked.
pub(super) struct Rest {
    pub(super) obstacle_ids: Vec<Id>,
    pub(super) obstacles: Vec<Shape>,
    pub(super) options: PlacementOptions,
}

/// The document's keys, as `crate::formats::document::RawDocument` names them.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Key {
    Viewport,
    Labels,
    Obstacles,
}

/// Any error: its message is never shown (the located reader writes the one that is).
fn refused<E: de::Error>() -> E {
    E::custom("refused by the fast path")
}

/// Reads the document's members; `most`: the most labels it can hold; `R`: how the parser at
/// hand keeps an item's text.
struct DocumentVisitor<R> {
    most: usize,
    raw: PhantomData<R>,
}

impl<R> DocumentVisitor<R> {
    fn new(most: usize) -> Self {
        DocumentVisitor { most, raw: PhantomData }
    }
}

impl<'de, R: RawText<'de>> Visitor<'de> for DocumentVisitor<R> {
    type Value = Parts<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a label-set document")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Parts<'de>, A::Error> {
        let mut parts = Parts { viewport: None, labels: None, obstacles: None };
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::Viewport if parts.viewport.is_none() => parts.viewport = Some(map.next_value()?),
                Key::Labels if parts.labels.is_none() => {
                    parts.labels = Some(map.next_value_seed(LabelsSeed { most: self.most })?)
                }
                Key::Obstacles if parts.obstacles.is_none() => {
                    parts.obstacles = Some(map.next_value_seed(ObstaclesSeed::<R>(PhantomData))?);
                }
                // A key given twice.
                _ => return Err(refused()),
            }
        }
        Ok(parts)
    }
}

/// The `labels` array, each label converted as it is read.
/// Reads the labels' array into lists made for `most` labels.
struct LabelsSeed {
    most: usize,
}

impl<'de> DeserializeSeed<'de> for LabelsSeed {
    type Value = Labels;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Labels, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for LabelsSeed {
    type Value = Labels;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of labels")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Labels, A::Error> {
        let mut labels = Labels::with_capacity(self.most);
        while seq.next_element_seed(PushLabel(&mut labels))?.is_some() {}
        Ok(labels)
    }
}

/// Reads one label and pushes it where it is read: a label as read is large (376 bytes), and
/// each hand-over back to the loop would copy it.
struct PushLabel<'l>(&'l mut Labels);

impl<'de> DeserializeSeed<'de> for PushLabel<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let index = self.0.ids.len();
        if index == limits::MAX_LABELS {
            return Err(refused());
        }
        let Object(raw) = Object::<RawLabel>::deserialize(d)?;
        self.0.push(index, raw).map_err(|_| refused())
    }
}

/// The `obstacles` array, kept as texts (each as the parser's `R`) and read as the located reader
/// reads them.
struct ObstaclesSeed<R>(PhantomData<R>);

impl<'de, R: RawText<'de>> DeserializeSeed<'de> for ObstaclesSeed<R> {
    type Value = Vec<Cow<'de, str>>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        Ok(at_most_max_obstacles::<D, R>(d)?.into_iter().map(RawText::into_text).collect())
    }
}

/// A struct that must be written as a JSON object: serde would also read it from an array of
/// its fields in order, which the located reader refuses.
pub(super) struct Object<T>(pub(super) T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(ObjectOnly(d)).map(Object)
    }
}

/// Hands a struct's visitor to the deserializer as a map's, so that an array is refused.
struct ObjectOnly<D>(D);

impl<'de, D: Deserializer<'de>> Deserializer<'de> for ObjectOnly<D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_any(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(visitor)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_are_found_among_integers_and_among_strings_not_across() {
        let ids = |list: &[&str]| -> Vec<Id> {
            list.iter().map(|s| s.parse().map_or_else(|_| Id::Str((*s).into()), Id::Int)).collect()
        };
        let repeats = |list: &[&str]| has_duplicate(&[&ids(list)]);
        assert!(!repeats(&[]));
        // A wide range (sorted), a dense one (bits), one narrower than the count (certain).
        assert!(!repeats(&["1", "a", "-1", "b", "9223372036854775807", "-9223372036854775808"]));
        assert!(repeats(&["9223372036854775807", "-9223372036854775808", "3", "9223372036854775807"]));
        assert!(!repeats(&["5", "a", "7", "6", "-2"]));
        assert!(repeats(&["5", "a", "7", "5"]));
        assert!(!repeats(&["63", "64", "0", "1", "2", "3", "4", "5", "65"]));
        assert!(repeats(&["63", "64", "0", "1", "2", "3", "4", "5", "64"]));
        assert!(repeats(&["2", "1", "2"]));
        assert!(repeats(&["-3", "b", "x", "b"]));
        // Across lists, as the pieces of one document.
        assert!(has_duplicate(&[&ids(&["1", "2"]), &ids(&["3", "1"])]));
        assert!(!has_duplicate(&[&ids(&["1", "a"]), &ids(&["3", "b"])]));
        // An integer id and a string id of the same digits are different ids.
        let mixed = vec![Id::Int(1), Id::Str("1".into())];
        assert!(!has_duplicate(&[&mixed]));
    }

    #[test]
    fn documents_with_obstacles_go_straight_to_serde_json() {
        let labels = r#""labels": [{"id": 1, "x": 0, "y": 0, "width": 5, "height": 5}]"#;
        let with = format!(r#"{{{labels}, "obstacles": [{{"type": "circle", "x": 1, "y": 1, "radius": 1}}]}}"#);
        let given = |text: &str| PARSERS.into_iter().filter(|&p| is_given(p, text)).collect::<Vec<_>>();
        assert_eq!(given(&with), [JsonParser::SerdeJson], "sonic-rs would read every label, then refuse");
        assert_eq!(given(&format!("{{{labels}}}")), PARSERS);
        assert_eq!(read(&with, &PARSERS).map(|doc| doc.obstacles.len()), Some(1));
        // The key written with an escape reaches sonic-rs, which refuses it there; serde_json reads it.
        let escaped = with.replace("\"obstacles\"", "\"obst\\u0061cles\"");
        assert_eq!(given(&escaped), PARSERS);
        assert!(read(&escaped, &[JsonParser::SonicRs]).is_none());
        assert_eq!(read(&escaped, &PARSERS).map(|doc| doc.obstacles.len()), Some(1));
    }

    proptest::proptest! {
        #[test]
        fn has_duplicate_answers_as_a_set_does(
            dense in proptest::collection::vec(-40i64..40, 0..60),
            wide in proptest::collection::vec(proptest::num::i64::ANY, 0..4),
            strs in proptest::collection::vec("[ab]{0,2}", 0..6),
            cut in 0usize..80,
        ) {
            let ids: Vec<Id> =
                dense.into_iter().chain(wide).map(Id::Int).chain(strs.into_iter().map(|s| Id::Str(s.into()))).collect();
            let mut seen = std::collections::HashSet::new();
            let repeated = !ids.iter().all(|id| seen.insert(id));
            let (a, b) = ids.split_at(cut.min(ids.len()));
            proptest::prop_assert_eq!(has_duplicate(&[a, b]), repeated);
        }
    }
}
