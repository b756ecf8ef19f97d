//! A faithful JSON value of a RON document, recorded while the model is deserialized from it.
//!
//! The schema stage validates what the user wrote. For JSON that is the parsed document; RON has
//! no JSON value of its own (struct names and enum variants are only known from the type being
//! read), so [`Recorder`] wraps the RON deserializer and writes down every value the model's
//! `Deserialize` asks for, in the JSON shape serde gives it: `Some(x)` is `x`, an enum variant is
//! externally tagged (`{"Within": {...}}`, a unit variant `"Everywhere"`), a struct is an object
//! with the fields as written (defaults the file left out are not invented). Only values the
//! model reads are recorded; with `deny_unknown_fields` everywhere that is all of them.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};
use serde_json::{Map, Number, Value};

/// Where the last completed value is left for the enclosing sequence, map or variant to take.
type Slot = Rc<RefCell<Option<Value>>>;

/// A deserializer that records what it reads into a JSON value.
pub struct Recorder<D> {
    inner: D,
    slot: Slot,
}

impl<D> Recorder<D> {
    /// Wrap a deserializer; call [`Recorded::take`] after deserializing to get the value.
    pub fn new(inner: D) -> (Recorder<D>, Recorded) {
        let slot: Slot = Rc::default();
        (
            Recorder {
                inner,
                slot: slot.clone(),
            },
            Recorded(slot),
        )
    }
}

/// The value recorded by a [`Recorder`].
#[derive(Debug)]
pub struct Recorded(Slot);

impl Recorded {
    /// The document as JSON (`null` if nothing was read).
    pub fn take(&self) -> Value {
        self.0.borrow_mut().take().unwrap_or(Value::Null)
    }
}

fn put(slot: &Slot, v: Value) {
    *slot.borrow_mut() = Some(v);
}

fn take(slot: &Slot) -> Value {
    slot.borrow_mut().take().unwrap_or(Value::Null)
}

/// Forward a `deserialize_*` method to the inner deserializer with a recording visitor.
macro_rules! forward {
    ($($method:ident ( $($arg:ident : $ty:ty),* ))*) => {
        $(
            fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, D::Error> {
                self.inner.$method($($arg,)* Rec { inner: visitor, slot: self.slot })
            }
        )*
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Recorder<D> {
    type Error = D::Error;

    forward! {
        deserialize_any()
        deserialize_bool()
        deserialize_i8() deserialize_i16() deserialize_i32() deserialize_i64() deserialize_i128()
        deserialize_u8() deserialize_u16() deserialize_u32() deserialize_u64() deserialize_u128()
        deserialize_f32() deserialize_f64()
        deserialize_char() deserialize_str() deserialize_string()
        deserialize_bytes() deserialize_byte_buf()
        deserialize_option() deserialize_unit()
        deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str)
        deserialize_seq()
        deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_map()
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
        deserialize_identifier()
        deserialize_ignored_any()
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}

/// A visitor that records the value it is given, then hands it to the model's visitor.
struct Rec<V> {
    inner: V,
    slot: Slot,
}

macro_rules! visit_scalar {
    ($($method:ident ( $ty:ty ) => $to:expr;)*) => {
        $(
            fn $method<E: de::Error>(self, v: $ty) -> Result<Self::Value, E> {
                let to: fn($ty) -> Value = $to;
                put(&self.slot, to(v.clone()));
                self.inner.$method(v)
            }
        )*
    };
}

fn float(f: f64) -> Value {
    Number::from_f64(f).map_or(Value::Null, Value::Number)
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Rec<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.inner.expecting(f)
    }

    visit_scalar! {
        visit_bool(bool) => Value::Bool;
        visit_i8(i8) => |v| Value::from(v);
        visit_i16(i16) => |v| Value::from(v);
        visit_i32(i32) => |v| Value::from(v);
        visit_i64(i64) => |v| Value::from(v);
        visit_u8(u8) => |v| Value::from(v);
        visit_u16(u16) => |v| Value::from(v);
        visit_u32(u32) => |v| Value::from(v);
        visit_u64(u64) => |v| Value::from(v);
        visit_f32(f32) => |v| float(v.into());
        visit_f64(f64) => float;
        visit_char(char) => |v| Value::String(v.to_string());
        visit_string(String) => Value::String;
        visit_i128(i128) => |v| i64::try_from(v).map_or_else(|_| float(v as f64), Value::from);
        visit_u128(u128) => |v| u64::try_from(v).map_or_else(|_| float(v as f64), Value::from);
        visit_str(&str) => |v| Value::String(v.to_string());
        visit_borrowed_str(&'de str) => |v| Value::String(v.to_string());
        visit_bytes(&[u8]) => |v| Value::from(v.to_vec());
        visit_byte_buf(Vec<u8>) => Value::from;
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        put(&self.slot, Value::Null);
        self.inner.visit_none()
    }

    fn visit_some<D2: Deserializer<'de>>(self, d: D2) -> Result<Self::Value, D2::Error> {
        // `Some(x)` is written `x` in JSON: the inner recorder leaves `x` in the slot.
        self.inner.visit_some(Recorder {
            inner: d,
            slot: self.slot,
        })
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        put(&self.slot, Value::Null);
        self.inner.visit_unit()
    }

    fn visit_newtype_struct<D2: Deserializer<'de>>(self, d: D2) -> Result<Self::Value, D2::Error> {
        self.inner.visit_newtype_struct(Recorder {
            inner: d,
            slot: self.slot,
        })
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        let items = Rc::new(RefCell::new(Vec::new()));
        let out = self.inner.visit_seq(RecSeq {
            inner: seq,
            items: items.clone(),
        });
        let mut items = items.take();
        // A pushed-to vector holds four values at least: a hex `(c, r)` is two, and a file
        // may list hundreds of thousands of them.
        items.shrink_to_fit();
        put(&self.slot, Value::Array(items));
        out
    }

    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let entries = Rc::new(RefCell::new(Map::new()));
        let out = self.inner.visit_map(RecMap {
            inner: map,
            entries: entries.clone(),
            key: None,
        });
        put(&self.slot, Value::Object(entries.take()));
        out
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        self.inner.visit_enum(RecEnum {
            inner: data,
            slot: self.slot,
        })
    }
}

/// Runs a seed through a fresh recorder and returns what it recorded.
struct RecSeed<S> {
    inner: S,
    slot: Slot,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for RecSeed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.inner.deserialize(Recorder {
            inner: d,
            slot: self.slot,
        })
    }
}

struct RecSeq<A> {
    inner: A,
    items: Rc<RefCell<Vec<Value>>>,
}

impl<'de, A: de::SeqAccess<'de>> de::SeqAccess<'de> for RecSeq<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        let slot: Slot = Rc::default();
        let out = self.inner.next_element_seed(RecSeed {
            inner: seed,
            slot: slot.clone(),
        })?;
        if out.is_some() {
            self.items.borrow_mut().push(take(&slot));
        }
        Ok(out)
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

struct RecMap<A> {
    inner: A,
    entries: Rc<RefCell<Map<String, Value>>>,
    key: Option<String>,
}

/// A JSON object key for a recorded map key (JSON keys are strings).
fn key_text(v: Value) -> String {
    match v {
        Value::String(s) => s,
        other => other.to_string(),
    }
}

impl<'de, A: de::MapAccess<'de>> de::MapAccess<'de> for RecMap<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let slot: Slot = Rc::default();
        let out = self.inner.next_key_seed(RecSeed {
            inner: seed,
            slot: slot.clone(),
        })?;
        self.key = out.as_ref().map(|_| key_text(take(&slot)));
        Ok(out)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        let slot: Slot = Rc::default();
        let out = self.inner.next_value_seed(RecSeed {
            inner: seed,
            slot: slot.clone(),
        })?;
        if let Some(k) = self.key.take() {
            self.entries.borrow_mut().insert(k, take(&slot));
        }
        Ok(out)
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

struct RecEnum<A> {
    inner: A,
    slot: Slot,
}

impl<'de, A: de::EnumAccess<'de>> de::EnumAccess<'de> for RecEnum<A> {
    type Error = A::Error;
    type Variant = RecVariant<A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), A::Error> {
        let name_slot: Slot = Rc::default();
        let (v, variant) = self.inner.variant_seed(RecSeed {
            inner: seed,
            slot: name_slot.clone(),
        })?;
        Ok((
            v,
            RecVariant {
                inner: variant,
                name: key_text(take(&name_slot)),
                slot: self.slot,
            },
        ))
    }
}

struct RecVariant<A> {
    inner: A,
    name: String,
    slot: Slot,
}

/// Leave `{"Name": payload}` in `slot`.
fn tag(slot: &Slot, name: String, payload: &Slot) {
    let mut m = Map::new();
    m.insert(name, take(payload));
    put(slot, Value::Object(m));
}

impl<'de, A: de::VariantAccess<'de>> de::VariantAccess<'de> for RecVariant<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        put(&self.slot, Value::String(self.name.clone()));
        self.inner.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        let payload: Slot = Rc::default();
        let out = self.inner.newtype_variant_seed(RecSeed {
            inner: seed,
            slot: payload.clone(),
        });
        tag(&self.slot, self.name, &payload);
        out
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        let payload: Slot = Rc::default();
        let out = self.inner.tuple_variant(
            len,
            Rec {
                inner: visitor,
                slot: payload.clone(),
            },
        );
        tag(&self.slot, self.name, &payload);
        out
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        let payload: Slot = Rc::default();
        let out = self.inner.struct_variant(
            fields,
            Rec {
                inner: visitor,
                slot: payload.clone(),
            },
        );
        tag(&self.slot, self.name, &payload);
        out
    }
}
