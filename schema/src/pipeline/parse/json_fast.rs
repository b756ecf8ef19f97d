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
    let members = std::cell::RefCell::new(Vec::new());
    let doc = UniqueKeys {
        values: &values,
        members: &members,
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
    /// The members of the objects being read, innermost last: an object is made once its
    /// members are all read, at its size (a map grown member by member rehashed its table as
    /// it grew, a share of reading every JSON file).
    members: &'a std::cell::RefCell<Vec<(String, Value)>>,
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
        let start = self.members.borrow().len();
        while let Some(key) = map.next_key::<String>()? {
            if self.members.borrow().len() > start {
                self.count()?;
            }
            let value = map.next_value_seed(member)?;
            self.members.borrow_mut().push((key, value));
        }
        let mut members = self.members.borrow_mut();
        let mut out = Map::with_capacity(members.len() - start);
        for (key, value) in members.drain(start..) {
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
            members: &Default::default(),
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

    /// Any JSON value: objects of up to a dozen members, nested, their keys drawn from a few
    /// so that some objects give a key twice.
    fn any_json() -> impl proptest::strategy::Strategy<Value = Vec<(String, Value)>> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            "[a-z\\\\\"é]{0,6}".prop_map(Value::String),
        ];
        let value = leaf.prop_recursive(4, 64, 12, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                proptest::collection::vec(("[a-f]{1,2}", inner), 0..12).prop_map(|members| {
                    // Written below member by member, duplicates and all; as a value, the last.
                    Value::Array(
                        members
                            .into_iter()
                            .map(|(k, v)| Value::Array(vec![Value::String(k), v]))
                            .collect(),
                    )
                }),
            ]
        });
        proptest::collection::vec(("[a-f]{1,2}", value), 0..12)
    }

    /// A value of [`any_json`] as text: the arrays of pairs it makes for objects are written
    /// as objects, member by member, in their order.
    fn written(members: &[(String, Value)]) -> String {
        fn value(v: &Value) -> String {
            match v {
                Value::Array(items)
                    if !items.is_empty()
                        && items.iter().all(
                            |i| matches!(i, Value::Array(p) if p.len() == 2 && p[0].is_string()),
                        ) =>
                {
                    let pairs: Vec<(String, Value)> = items
                        .iter()
                        .map(|i| (i[0].as_str().unwrap().to_string(), i[1].clone()))
                        .collect();
                    written(&pairs)
                }
                Value::Array(items) => {
                    let items: Vec<String> = items.iter().map(value).collect();
                    format!("[{}]", items.join(", "))
                }
                other => other.to_string(),
            }
        }
        let members: Vec<String> = members
            .iter()
            .map(|(k, v)| format!("{}: {}", Value::String(k.clone()), value(v)))
            .collect();
        format!("{{{}}}", members.join(", "))
    }

    proptest::proptest! {
        /// The quick reader reads exactly what serde_json reads, every key in its order, and
        /// leaves to the full reader exactly the documents where an object gives a key twice.
        #[test]
        fn the_value_is_serde_jsons_and_a_key_twice_is_refused(members in any_json()) {
            let text = written(&members);
            let theirs: Value = serde_json::from_str(&text).unwrap();
            let twice = text_gives_a_key_twice(&text);
            match read::<Value>(&text) {
                Some((_, ours)) => {
                    proptest::prop_assert!(!twice, "{text}");
                    proptest::prop_assert_eq!(&ours, &theirs);
                    proptest::prop_assert_eq!(ours.to_string(), theirs.to_string());
                }
                None => proptest::prop_assert!(twice, "{text}"),
            }
        }
    }

    /// Does an object of the text give a key twice? (Read by serde_json into lists of keys.)
    fn text_gives_a_key_twice(text: &str) -> bool {
        struct Twice(bool);
        impl<'de> Visitor<'de> for &mut Twice {
            type Value = ();
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("JSON")
            }
            fn visit_bool<E>(self, _: bool) -> Result<(), E> {
                Ok(())
            }
            fn visit_i64<E>(self, _: i64) -> Result<(), E> {
                Ok(())
            }
            fn visit_u64<E>(self, _: u64) -> Result<(), E> {
                Ok(())
            }
            fn visit_f64<E>(self, _: f64) -> Result<(), E> {
                Ok(())
            }
            fn visit_str<E>(self, _: &str) -> Result<(), E> {
                Ok(())
            }
            fn visit_unit<E>(self) -> Result<(), E> {
                Ok(())
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
                while seq.next_element_seed(&mut *self)?.is_some() {}
                Ok(())
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
                let mut keys = Vec::new();
                while let Some(k) = map.next_key::<String>()? {
                    self.0 |= keys.contains(&k);
                    keys.push(k);
                    map.next_value_seed(&mut *self)?;
                }
                Ok(())
            }
        }
        impl<'de> DeserializeSeed<'de> for &mut Twice {
            type Value = ();
            fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
                d.deserialize_any(self)
            }
        }
        let mut twice = Twice(false);
        (&mut twice)
            .deserialize(&mut serde_json::Deserializer::from_str(text))
            .unwrap();
        twice.0
    }

    #[test]
    fn the_document_is_kept_as_written() {
        let text = r#"{"z": {"Everywhere": null}, "a": [1, 2.5, "x", true, null]}"#;
        let (_, doc) = read::<Value>(text).unwrap();
        assert_eq!(doc.to_string(), text.replace(' ', ""));
        assert_eq!(doc, serde_json::from_str::<Value>(text).unwrap());
    }
}
