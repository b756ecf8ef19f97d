//! What a side fields or places: a unit of a type, or a marker. Shared by the scenario, its
//! victory conditions and its special rules.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ruleset::{MarkerKind, UnitKind};

/// A unit or a marker.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Counter {
    /// A unit of a type.
    Unit(UnitKind),
    /// A marker.
    Marker(MarkerKind),
}

impl Counter {
    /// In words: a unit type's code (`MZ`), or a marker kind (`Limber markers`).
    pub fn describe(self) -> String {
        match self {
            Counter::Unit(k) => k.code().to_string(),
            Counter::Marker(m) => format!("{} markers", m.code()),
        }
    }
}

/// What an exit goal's `counters` name, said in words.
pub trait CounterName {
    /// In words, as a goal's description says it.
    fn describe(&self) -> String;
    /// Its code, as the engine export names it (`MZ`, `Limber`).
    fn code(&self) -> &'static str;
}

impl CounterName for Counter {
    fn describe(&self) -> String {
        Counter::describe(*self)
    }
    fn code(&self) -> &'static str {
        match self {
            Counter::Unit(k) => k.code(),
            Counter::Marker(m) => m.code(),
        }
    }
}

/// No counter: the words of a game whose exit goals count any unit (Musket & Saber Quick Play
/// 3.4), so that its schema refuses every entry of an exit's `counters`, Rifle & Saber's unit
/// types and markers among them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum NoCounter {}

/// Nothing reads as no counter: the reader says why, where serde would only say "unknown
/// variant".
impl<'de> Deserialize<'de> for NoCounter {
    fn deserialize<D: serde::Deserializer<'de>>(_: D) -> Result<NoCounter, D::Error> {
        Err(serde::de::Error::custom(
            "this game's exits count any unit and name no counters (unit types and markers \
             such as `MZ` or `Limber` are Rifle & Saber's): leave `counters` empty",
        ))
    }
}

impl CounterName for NoCounter {
    fn describe(&self) -> String {
        match *self {}
    }
    fn code(&self) -> &'static str {
        match *self {}
    }
}

impl JsonSchema for NoCounter {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "NoCounter".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "title": "No counter",
            "description": "This game's exits count any unit: leave `counters` empty (a Rifle & Saber unit type or marker is not one of its counters).",
            "not": {}
        })
    }
}
