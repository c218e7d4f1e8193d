//! A deserializer that asks the one it wraps for every value through `deserialize_any`, so that
//! a value of the wrong kind is refused where it starts instead of being skipped over.
//!
//! sonic-rs skips a value of the wrong kind (an array where a number is expected, say) to say
//! what it was, and skips recursively, without a depth limit: `"x": [[[[…` a hundred thousand
//! deep overflows the stack. Through `deserialize_any` the value is handed to the visitor as
//! what it is; the visitors of the reader's structs refuse an array or object they do not
//! expect without reading into it, so nothing is read deeper than the structs nest. Values
//! nothing expects (`deserialize_ignored_any`) and enums, which the labels do not have, are
//! refused outright: the text is then read by serde_json.
//!
//! What each visitor receives is what serde_json hands it (a number as `u64`, `i64` or `f64`,
//! a string, `null` as a unit, an option's value through `visit_some`), so the values read are
//! the same; the one kind test serde_json makes itself — `deserialize_map` refuses an array,
//! where `deserialize_struct` takes one — is made here.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Unexpected, Visitor};
use serde::forward_to_deserialize_any;

/// The wrapped deserializer (see the module documentation).
pub(super) struct Shallow<D>(pub(super) D);

/// Refuses what the fast path does not read.
fn refused<E: de::Error>(what: &str) -> E {
    E::custom(format_args!("{what}: left to serde_json"))
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Shallow<D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_any(Any { visitor, map_only: false })
    }

    // Scalars, sequences, and structs (which serde_json also reads from an array).
    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit
        unit_struct seq tuple tuple_struct struct identifier
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        // `null` is read here; anything else comes back through `visit_some`.
        self.0.deserialize_option(Any { visitor, map_only: false })
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_any(Any { visitor, map_only: true })
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, D::Error> {
        Err(refused("an enum"))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, D::Error> {
        Err(refused("a value nothing reads"))
    }
}

/// A visitor handed to `deserialize_any`: forwards what it is given, wrapping what is read
/// further (sequences, maps, an option's value) so that it too is read shallowly.
struct Any<V> {
    visitor: V,
    /// Refuse an array (`deserialize_map` was asked for).
    map_only: bool,
}

macro_rules! forward {
    ($($method:ident($ty:ty))*) => {
        $(fn $method<E: de::Error>(self, v: $ty) -> Result<Self::Value, E> {
            self.visitor.$method(v)
        })*
    };
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Any<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    forward! {
        visit_bool(bool) visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64) visit_i128(i128)
        visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64) visit_u128(u128) visit_f32(f32) visit_f64(f64)
        visit_char(char) visit_str(&str) visit_borrowed_str(&'de str) visit_string(String) visit_bytes(&[u8])
        visit_borrowed_bytes(&'de [u8]) visit_byte_buf(Vec<u8>)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        self.visitor.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        self.visitor.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.visitor.visit_some(Shallow(d))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.visitor.visit_newtype_struct(Shallow(d))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        if self.map_only {
            return Err(de::Error::invalid_type(Unexpected::Seq, &self));
        }
        self.visitor.visit_seq(Elements(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.visitor.visit_map(Entries(map))
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, _data: A) -> Result<Self::Value, A::Error> {
        Err(refused("an enum"))
    }
}

/// A sequence whose elements are read shallowly.
struct Elements<A>(A);

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Elements<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

/// A map whose values are read shallowly (its keys are strings, read as they are).
struct Entries<A>(A);

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Entries<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(seed)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.0.next_value_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

/// A seed that reads its value shallowly.
struct Seed<T>(T);

impl<'de, T: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<T> {
    type Value = T::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T::Value, D::Error> {
        self.0.deserialize(Shallow(d))
    }
}
