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
