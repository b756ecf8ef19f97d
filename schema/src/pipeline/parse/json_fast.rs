//! The quick way to read a JSON document that has no mistake: parse the text into a JSON value
//! once, as a schema validator does, then read the model from that value. It answers only for
//! documents that read cleanly; anything else (a syntax error, a key given twice, nesting past
//! the limit, a value the model refuses) is left to the full reader in `parse.rs`, which reads
//! the text itself and explains the mistake with its line, column and field path.
//!
//! The two agree on what they accept: the value is exactly what was written (every key, in
//! order; two equal keys anywhere send the document to the full reader), and the model reads a
//! value as it reads the text it came from.

use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::model::limits;

/// The model and the document as written, when the document reads cleanly; `None` otherwise.
pub fn read<T: DeserializeOwned>(text: &str) -> Option<(T, Value)> {
    let mut de = serde_json::Deserializer::from_str(text);
    let values = std::cell::Cell::new(0);
    let doc = UniqueKeys {
        values: &values,
        depth: 0,
    }
    .deserialize(&mut de)
    .ok()?;
    de.end().ok()?;
    let model = T::deserialize(&doc).ok()?;
    Some((model, doc))
}

/// Reads a JSON value, refusing an object that gives a key twice (a `Value` would keep only
/// the last, and the model must see both to refuse them), a document of more than
/// [`limits::MAX_VALUES`] values, counted as the full reader counts them in the text (an
/// opening bracket for each array and object, a comma between two of its items), and brackets
/// nested more than [`limits::MAX_NESTING`] deep (counted as it reads: no second walk).
#[derive(Clone, Copy)]
struct UniqueKeys<'a> {
    values: &'a std::cell::Cell<usize>,
    /// Brackets open around the value read.
    depth: usize,
}

impl UniqueKeys<'_> {
    fn count<E: de::Error>(self) -> Result<(), E> {
        self.values.set(self.values.get() + 1);
        if self.values.get() > limits::MAX_VALUES {
            return Err(E::custom("too many values"));
        }
        Ok(())
    }

    /// The reader of a bracket's items: one level deeper, refused past the limit (before
    /// serde_json's own limit of 128, which keeps the stack safe).
    fn inside<E: de::Error>(self) -> Result<Self, E> {
        if self.depth >= limits::MAX_NESTING {
            return Err(E::custom("nested too deep"));
        }
        Ok(UniqueKeys {
            depth: self.depth + 1,
            ..self
        })
    }
}

impl<'de> DeserializeSeed<'de> for UniqueKeys<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for UniqueKeys<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        // Not finite cannot come from JSON text; `Null` as serde_json's own value does.
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        self.count()?;
        let item = self.inside()?;
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(v) = seq.next_element_seed(item)? {
            if !items.is_empty() {
                self.count()?;
            }
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        self.count()?;
        let member = self.inside()?;
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if !out.is_empty() {
                self.count()?;
            }
            let value = map.next_value_seed(member)?;
            if out.insert(key, value).is_some() {
                return Err(de::Error::custom("a key is given twice"));
            }
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_counted_as_the_full_reader_counts_them_in_the_text() {
        use crate::pipeline::locate::structure;
        // `[0,0,…]` of n items is one bracket and n − 1 commas: n values.
        let list = |n: usize| format!("[{}]", vec!["0"; n].join(","));
        for (n, fits) in [(limits::MAX_VALUES, true), (limits::MAX_VALUES + 1, false)] {
            let text = list(n);
            let counted = structure(&text, limits::MAX_NESTING, limits::MAX_VALUES);
            assert_eq!(counted.values, n);
            assert_eq!(counted.too_many_at.is_none(), fits);
            assert_eq!(read::<Value>(&text).is_some(), fits, "{n} values");
        }
        let nested = r#"{"a": [[1, 2], {}], "b": {"c": []}}"#;
        let values = std::cell::Cell::new(0);
        UniqueKeys {
            values: &values,
            depth: 0,
        }
        .deserialize(&mut serde_json::Deserializer::from_str(nested))
        .unwrap();
        assert_eq!(values.get(), structure(nested, 64, usize::MAX).values);
    }

    #[test]
    fn a_key_given_twice_is_left_to_the_full_reader() {
        assert!(read::<Value>(r#"{"a": 1, "b": {"c": 1, "c": 2}}"#).is_none());
        assert!(read::<Value>(r#"{"a": 1, "b": {"c": 1, "d": 2}}"#).is_some());
    }

    #[test]
    fn depth_counts_brackets() {
        fn at(n: usize) -> String {
            "[".repeat(n) + &"]".repeat(n)
        }
        // In an object too, and beside shallower items.
        fn member(n: usize) -> String {
            format!(r#"[{{"a": 1, "b": {}}}, 2]"#, at(n - 2))
        }
        for doc in [at as fn(usize) -> String, member] {
            assert!(read::<Value>(&doc(limits::MAX_NESTING)).is_some());
            assert!(read::<Value>(&doc(limits::MAX_NESTING + 1)).is_none());
        }
    }

    #[test]
    fn the_document_is_kept_as_written() {
        let text = r#"{"z": {"Everywhere": null}, "a": [1, 2.5, "x", true, null]}"#;
        let (_, doc) = read::<Value>(text).unwrap();
        assert_eq!(doc.to_string(), text.replace(' ', ""));
        assert_eq!(doc, serde_json::from_str::<Value>(text).unwrap());
    }
}
