//! Special rules (11.0): structured effects where the vocabulary can say them, free text with a
//! reason where it cannot.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ruleset::{MarkerKind, UnitKind};
use crate::scenario::Counter;
use crate::zone::Zone;

/// One special rule: the printed wording and its effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialRule {
    /// The rule as printed.
    #[serde(default)]
    #[schemars(length(max = 4096))]
    pub printed: String,
    /// What it does.
    pub effect: Effect,
}

/// The effect of a special rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Effect {
    /// Treat the zone's hexes as clear terrain (woods, villages, hills named by the rule).
    TreatAsClear(Zone),
    /// Override the range allowance of a side's units of some types.
    Range {
        /// Side id.
        side: String,
        /// Unit types affected.
        #[schemars(length(min = 1, max = 10))]
        kinds: Vec<UnitKind>,
        /// The range in hexes.
        #[schemars(range(min = 0, max = 100))]
        range: u32,
    },
    /// Override the movement allowance of a side's units of some types.
    Movement {
        /// Side id.
        side: String,
        /// Unit types affected.
        #[schemars(length(min = 1, max = 10))]
        kinds: Vec<UnitKind>,
        /// Movement points.
        #[schemars(range(min = 0, max = 100))]
        movement: u32,
    },
    /// A side may not move for the first N Game-Turns.
    NoMovement {
        /// Side id.
        side: String,
        /// Number of Game-Turns.
        #[schemars(range(min = 1, max = 20))]
        turns: u32,
    },
    /// Rivers may only be entered at bridges and fords.
    RiverOnlyAtCrossings,
    /// A side's units that come within `distance` of the zone are automatically disrupted.
    ProximityDisruption {
        /// Side id.
        side: String,
        /// Distance in hexes.
        #[schemars(range(min = 0, max = 100))]
        distance: u32,
        /// The zone approached.
        of: Zone,
    },
    /// A side may not place markers of a kind in the zone during deployment.
    NoMarkersIn {
        /// Side id.
        side: String,
        /// The marker.
        marker: MarkerKind,
        /// Where they are forbidden.
        zone: Zone,
    },
    /// A side may place as many markers of a kind as it wishes during deployment, without a
    /// fixed allotment ("with improved positions as desired", 11.8).
    MarkersAsDesired {
        /// Side id.
        side: String,
        /// The marker.
        marker: MarkerKind,
    },
    /// A side's markers must be arranged in a number of lines (11.12).
    MarkersInLines {
        /// Side id.
        side: String,
        /// The marker.
        marker: MarkerKind,
        /// Number of lines.
        #[schemars(range(min = 1, max = 20))]
        lines: u32,
    },
    /// Limber markers used as counters of their own (11.17).
    LimberCounters {
        /// Side id.
        side: String,
        /// Movement allowance.
        #[schemars(range(min = 0, max = 100))]
        movement: u32,
        /// Combat strength.
        #[schemars(range(min = 0, max = 100))]
        combat_strength: u32,
        /// Limbers must be placed on, and may only move along, road hexes.
        road_only: bool,
        /// When they are eliminated without combat.
        eliminated_when: LimberLoss,
    },
    /// Where some (or all) of a side's counters may cross the river.
    RiverCrossing {
        /// Side id.
        side: String,
        /// Counters concerned (empty: all of the side's units).
        #[serde(default)]
        counters: Vec<Counter>,
        /// The crossing hexes allowed.
        at: Zone,
    },
    /// A rule the vocabulary cannot express.
    Text {
        /// Why it is not structured.
        #[schemars(length(max = 4096))]
        why: String,
    },
}

/// When limber counters are eliminated (11.17 and its errata).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum LimberLoss {
    /// Whenever an enemy unit is adjacent (11.17 as printed).
    EnemyAdjacent,
    /// Only when alone in a hex to which an enemy unit moves adjacent (errata 11.17).
    AloneAndEnemyMovesAdjacent,
}

impl Effect {
    /// The side the effect names, if any.
    pub fn side(&self) -> Option<&str> {
        match self {
            Effect::Range { side, .. }
            | Effect::Movement { side, .. }
            | Effect::NoMovement { side, .. }
            | Effect::ProximityDisruption { side, .. }
            | Effect::NoMarkersIn { side, .. }
            | Effect::MarkersAsDesired { side, .. }
            | Effect::MarkersInLines { side, .. }
            | Effect::LimberCounters { side, .. }
            | Effect::RiverCrossing { side, .. } => Some(side),
            Effect::TreatAsClear(_) | Effect::RiverOnlyAtCrossings | Effect::Text { .. } => None,
        }
    }

    /// The zones the effect names, with their field name.
    pub fn zones(&self) -> Vec<(&'static str, &Zone)> {
        match self {
            Effect::TreatAsClear(z) => vec![("TreatAsClear", z)],
            Effect::ProximityDisruption { of, .. } => vec![("of", of)],
            Effect::NoMarkersIn { zone, .. } => vec![("zone", zone)],
            Effect::RiverCrossing { at, .. } => vec![("at", at)],
            _ => vec![],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_as_desired_reads_from_ron_and_names_its_side() {
        let rule: SpecialRule = ron::from_str(
            r#"(printed: "with improved positions as desired",
                effect: MarkersAsDesired(side: "union", marker: IP))"#,
        )
        .expect("parses");
        assert_eq!(
            rule.effect,
            Effect::MarkersAsDesired {
                side: "union".into(),
                marker: MarkerKind::IP,
            }
        );
        assert_eq!(rule.effect.side(), Some("union"));
        assert!(rule.effect.zones().is_empty());
    }
}
