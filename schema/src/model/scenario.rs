//! Scenarios (11.0): sides, orders of battle in groups, deployment and arrivals, game length,
//! victory conditions, special rules, notes and interpretation notes.

use std::collections::BTreeMap;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};

use crate::diagnostic::Code;
use crate::model::counter::Counter;
use crate::model::hex::{Compass, Coord};
use crate::model::limits;
use crate::model::special_rule::SpecialRule;
use crate::model::victory::VictoryCondition;
use crate::model::zone::Zone;
use crate::ruleset::{Game, MarkerKind, Morale, Printed, Ruleset, UnitKind, for_game};

/// How a duplicate-key error starts; the parsers turn it into a diagnostic naming both places.
pub const DUPLICATE_KEY: &str = "duplicate key `";

/// Deserialize a map whose keys must be unique: `{MZ: 27, MZ: 1}` is an error, never the last
/// value silently (serde's maps keep the last).
pub fn unique_keys<'de, D, K, V>(d: D) -> Result<BTreeMap<K, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    K: Deserialize<'de> + Ord + Serialize,
    V: Deserialize<'de>,
{
    struct Unique<K, V>(std::marker::PhantomData<(K, V)>);
    impl<'de, K, V> serde::de::Visitor<'de> for Unique<K, V>
    where
        K: Deserialize<'de> + Ord + Serialize,
        V: Deserialize<'de>,
    {
        type Value = BTreeMap<K, V>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut m: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((k, v)) = m.next_entry::<K, V>()? {
                if out.contains_key(&k) {
                    let name = match serde_json::to_value(&k) {
                        Ok(serde_json::Value::String(s)) => s,
                        _ => String::from("?"),
                    };
                    return Err(serde::de::Error::custom(format!(
                        "{DUPLICATE_KEY}{name}` in a map"
                    )));
                }
                out.insert(k, v);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Unique(std::marker::PhantomData))
}

/// The `format` value of a scenario file this version reads and writes.
pub const SCENARIO_FORMAT: &str = "saber-scenario/1";

/// A scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Rifle & Saber scenario")]
pub struct Scenario {
    /// The JSON Schema this file follows (`"$schema": "https://rifle-and-saber.invalid/schema/scenario.schema.json"`
    /// or a path to the copy in `schema/`), for editors' completion and hover. JSON files only;
    /// saberc does not read it.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = limits::MAX_MAP_REF))]
    pub schema: Option<String>,
    /// File format and version: `saber-scenario/1`.
    #[schemars(regex(pattern = r"^saber-scenario/[0-9]+$"))]
    pub format: String,
    /// The game the scenario is for, the same as its map's; absent: Rifle & Saber.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Game>,
    /// Short identifier (`fatehpur`).
    #[schemars(regex(pattern = limits::FILE_ID_PATTERN))]
    pub id: String,
    /// Rule number for the historical scenarios (`11.1`); none for new ones (11.18).
    #[serde(default)]
    #[schemars(regex(pattern = r"^11\.[0-9]{1,2}$"))]
    pub rule: Option<String>,
    /// Battle name as printed (`Fatehpur`).
    #[schemars(length(min = 1, max = limits::MAX_NAME))]
    pub name: String,
    /// Date as printed (`7 July 1857`).
    #[schemars(length(max = limits::MAX_NAME))]
    pub date: String,
    /// Portion of the battle recreated, if not the whole (`The Stone Wall`).
    #[serde(default)]
    #[schemars(length(max = limits::MAX_NAME))]
    pub portion: Option<String>,
    /// The map: a map id (`rifle-and-saber`) or a path relative to this file.
    #[schemars(length(min = 1, max = limits::MAX_MAP_REF))]
    pub map: String,
    /// The two sides.
    #[schemars(length(min = limits::SIDES, max = limits::SIDES))]
    pub sides: Vec<Side>,
    /// Id of the side that deploys first (11.0).
    #[schemars(length(max = limits::MAX_ID))]
    pub deploys_first: String,
    /// Id of the side whose Player-Turn comes first in each Game-Turn (3.0).
    #[schemars(length(max = limits::MAX_ID))]
    pub moves_first: String,
    /// Number of Game-Turns, at most the 20 spaces of the Turn Record Track (15.0).
    #[schemars(range(min = 1, max = crate::ruleset::LONGEST_TURN_RECORD_TRACK))]
    pub game_length: u32,
    /// Victory conditions.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_CLAUSES))]
    pub victory: Vec<VictoryCondition>,
    /// Special rules.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_CLAUSES))]
    pub special_rules: Vec<SpecialRule>,
    /// Counter values from the user's own counter sheet, for values the rules do not state.
    #[serde(default, deserialize_with = "unique_keys")]
    #[schemars(schema_with = "unit_values_schema")]
    pub counter_values: BTreeMap<UnitKind, CounterValues>,
    /// Optional set-up: individual counters placed on hexes.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS))]
    pub setup: Vec<Placement>,
    /// Historical note, in our own words.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_TEXT))]
    pub notes: String,
    /// How ambiguous or garbled passages of the rules text were read.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_CLAUSES))]
    pub interpretations: Vec<Interpretation>,
}

impl Scenario {
    /// The rules of the scenario's game.
    pub fn rules(&self) -> &'static Ruleset {
        for_game(self.game)
    }
}

/// One side of a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// Short identifier used to refer to the side (`british`).
    #[schemars(regex(pattern = limits::SIDE_ID_PATTERN))]
    pub id: String,
    /// Name as printed (`British`).
    #[schemars(length(min = 1, max = limits::MAX_NAME))]
    pub name: String,
    /// Counter colour.
    pub color: CounterColor,
    /// Morale level (10.1); "if not specifically mentioned, units have normal morale" (11.0).
    #[serde(default)]
    pub morale: Morale,
    /// Order of battle in groups `(a)`, `(b)` …; a side without groups in the rules has one.
    #[schemars(length(min = 1, max = limits::MAX_GROUPS))]
    pub groups: Vec<Group>,
}

/// The two counter colours of the game (2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum CounterColor {
    Red,
    Blue,
}

impl CounterColor {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            CounterColor::Red => "red",
            CounterColor::Blue => "blue",
        }
    }
}

/// A group of an order of battle with how it enters play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// The group's letter (`a`); sides printed without groups use `a`.
    #[schemars(regex(pattern = r"^[a-z]$"))]
    pub id: String,
    /// Unit counts by type: `{MZ: 12, MA: 1}`.
    #[serde(deserialize_with = "unique_keys")]
    #[schemars(schema_with = "unit_counts_schema")]
    pub units: BTreeMap<UnitKind, u32>,
    /// Marker allotments: `{Trench: 3}`.
    #[serde(default, deserialize_with = "unique_keys")]
    #[schemars(schema_with = "marker_counts_schema")]
    pub markers: BTreeMap<MarkerKind, u32>,
    /// How the group enters play: a deployment zone, or an arrival.
    pub entry: Entry,
}

/// How a group enters play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum Entry {
    /// Deployed before play in a zone.
    Deploy {
        /// Where.
        zone: Zone,
        /// Facing given by the rules ("facing south"); informative only.
        #[serde(default)]
        facing: Option<Compass>,
    },
    /// Arrives during play.
    Arrive {
        /// Game-Turn of arrival.
        #[schemars(range(min = 1, max = crate::ruleset::LONGEST_TURN_RECORD_TRACK))]
        turn: u32,
        /// Where it enters: edge hexes or a road entry.
        at: Zone,
    },
}

/// The schema of a map keyed by a model enum (`{MZ: 12}`): the keys are that enum's names
/// (`propertyNames`, which also lets editors complete them), the values `value`.
pub(crate) fn keyed_schema<K: JsonSchema>(g: &mut SchemaGenerator, value: Schema) -> Schema {
    json_schema!({
        "type": "object",
        "propertyNames": g.subschema_for::<K>(),
        "additionalProperties": value,
    })
}

/// The schema of a count of counters: a whole number up to [`limits::MAX_COUNT`].
pub(crate) fn count_schema() -> Schema {
    json_schema!({
        "type": "integer",
        "minimum": 0,
        "maximum": limits::MAX_COUNT,
    })
}

fn unit_counts_schema(g: &mut SchemaGenerator) -> Schema {
    keyed_schema::<UnitKind>(g, count_schema())
}

fn marker_counts_schema(g: &mut SchemaGenerator) -> Schema {
    keyed_schema::<MarkerKind>(g, count_schema())
}

fn unit_values_schema(g: &mut SchemaGenerator) -> Schema {
    let values = g.subschema_for::<CounterValues>();
    keyed_schema::<UnitKind>(g, values)
}

/// Printed values for one unit type, from the user's counter sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CounterValues {
    /// Fire attack strength.
    #[serde(default)]
    pub fire_attack: Option<Printed>,
    /// Fire defense strength.
    #[serde(default)]
    pub fire_defense: Option<Printed>,
    /// Movement allowance.
    #[serde(default)]
    pub movement: Option<Printed>,
    /// Range allowance.
    #[serde(default)]
    pub range: Option<Printed>,
}

/// A counter placed on a hex at set-up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// Side id.
    pub side: String,
    /// Group id.
    pub group: String,
    /// A unit type or a marker.
    pub counter: Counter,
    /// Where.
    pub at: Coord,
}

/// How an ambiguous or garbled passage was read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Interpretation {
    /// The rule section concerned (`11.10`).
    #[schemars(length(max = limits::MAX_RULE_REF))]
    pub rule: String,
    /// What the text says (or fails to say).
    #[schemars(length(max = limits::MAX_PARAGRAPH))]
    pub text: String,
    /// How we read it, and why.
    #[schemars(length(max = limits::MAX_PARAGRAPH))]
    pub reading: String,
    /// Codes of the warnings this note explains, so that they are expected (a code the
    /// registry does not have is an error with a did-you-mean).
    #[serde(default)]
    pub explains: Vec<Code>,
}

impl Group {
    /// Total stacking points of the group's units (7.0A).
    pub fn stacking_points(&self) -> u32 {
        self.units
            .iter()
            .map(|(k, n)| k.stacking_points().saturating_mul(*n))
            .fold(0u32, u32::saturating_add)
    }

    /// Number of units.
    pub fn unit_count(&self) -> u32 {
        self.units.values().fold(0u32, |a, b| a.saturating_add(*b))
    }

    /// The deployment zone, if the group deploys.
    pub fn deploy_zone(&self) -> Option<&Zone> {
        match &self.entry {
            Entry::Deploy { zone, .. } => Some(zone),
            Entry::Arrive { .. } => None,
        }
    }

    /// The order of battle in the rules' notation: `12 MZ; 2 MA`.
    pub fn notation(&self) -> String {
        let mut parts: Vec<String> = UnitKind::ALL
            .iter()
            .filter_map(|k| {
                self.units
                    .get(k)
                    .filter(|n| **n > 0)
                    .map(|n| format!("{n} {}", k.code()))
            })
            .collect();
        for (m, n) in &self.markers {
            if *n > 0 {
                parts.push(format!("{n} {}", m.code()));
            }
        }
        parts.join("; ")
    }
}

impl Side {
    /// Total units of a type across groups.
    pub fn count(&self, kind: UnitKind) -> u32 {
        self.total(|g| g.units.get(&kind).copied().unwrap_or(0))
    }

    /// Total units across groups.
    pub fn unit_count(&self) -> u32 {
        self.total(Group::unit_count)
    }

    /// Total markers of a kind across groups.
    pub fn markers(&self, kind: MarkerKind) -> u32 {
        self.total(|g| g.markers.get(&kind).copied().unwrap_or(0))
    }

    /// Total stacking points.
    pub fn stacking_points(&self) -> u32 {
        self.total(Group::stacking_points)
    }

    /// The sum of `of` over the side's groups (at most `u32::MAX`).
    fn total(&self, of: impl Fn(&Group) -> u32) -> u32 {
        self.groups.iter().map(of).fold(0u32, u32::saturating_add)
    }
}

impl Scenario {
    /// The side with this id.
    pub fn side(&self, id: &str) -> Option<&Side> {
        self.sides.iter().find(|s| s.id == id)
    }

    /// The group `group` of the side `side`.
    pub fn group(&self, side: &str, group: &str) -> Option<&Group> {
        self.side(side)?.groups.iter().find(|g| g.id == group)
    }

    /// Index of the side with this id.
    pub fn side_index(&self, id: &str) -> Option<usize> {
        self.sides.iter().position(|s| s.id == id)
    }

    /// The side ids, for messages.
    pub fn side_ids(&self) -> Vec<&str> {
        self.sides.iter().map(|s| s.id.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_notation_and_points() {
        let g = Group {
            id: "a".into(),
            units: [(UnitKind::MZ, 12), (UnitKind::MA, 2)]
                .into_iter()
                .collect(),
            markers: [(MarkerKind::Trench, 3)].into_iter().collect(),
            entry: Entry::Deploy {
                zone: Zone::Feature("V4".into()),
                facing: None,
            },
        };
        assert_eq!(g.notation(), "12 MZ; 2 MA; 3 Trench");
        assert_eq!(g.stacking_points(), 30);
    }
}
