//! Special rules (11.0): structured effects where the vocabulary can say them, free text with a
//! reason where it cannot.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::counter::Counter;
use crate::model::limits;
use crate::model::zone::Zone;
use crate::ruleset::{MarkerKind, UnitKind};

/// One special rule: the printed wording and its effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialRule {
    /// The rule as printed.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_PARAGRAPH))]
    pub printed: String,
    /// What it does.
    pub effect: Effect,
}

/// The effect of a special rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum Effect {
    /// Treat the zone's hexes as clear terrain (woods, villages, hills named by the rule).
    TreatAsClear(Zone),
    /// Override the range allowance of a side's units of some types.
    Range {
        /// Side id.
        side: String,
        /// Unit types affected.
        #[schemars(length(min = 1, max = limits::MAX_KINDS))]
        kinds: Vec<UnitKind>,
        /// The range in hexes.
        #[schemars(range(min = 0, max = limits::MAX_ALLOWANCE))]
        range: u32,
    },
    /// Override the movement allowance of a side's units of some types.
    Movement {
        /// Side id.
        side: String,
        /// Unit types affected.
        #[schemars(length(min = 1, max = limits::MAX_KINDS))]
        kinds: Vec<UnitKind>,
        /// Movement points.
        #[schemars(range(min = 0, max = limits::MAX_ALLOWANCE))]
        movement: u32,
    },
    /// A side may not move for the first N Game-Turns.
    NoMovement {
        /// Side id.
        side: String,
        /// Number of Game-Turns.
        #[schemars(range(min = 1, max = crate::ruleset::LONGEST_TURN_RECORD_TRACK))]
        turns: u32,
    },
    /// Rivers may only be entered at bridges and fords.
    RiverOnlyAtCrossings,
    /// A side's units that come within `distance` of the zone are automatically disrupted.
    ProximityDisruption {
        /// Side id.
        side: String,
        /// Distance in hexes.
        #[schemars(range(min = 0, max = limits::MAX_ALLOWANCE))]
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
        #[schemars(range(min = 1, max = crate::ruleset::LONGEST_TURN_RECORD_TRACK))]
        lines: u32,
    },
    /// Limber markers used as counters of their own (11.17).
    LimberCounters {
        /// Side id.
        side: String,
        /// Movement allowance.
        #[schemars(range(min = 0, max = limits::MAX_ALLOWANCE))]
        movement: u32,
        /// Combat strength.
        #[schemars(range(min = 0, max = limits::MAX_ALLOWANCE))]
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
        #[schemars(length(max = limits::MAX_PARAGRAPH))]
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

kinds! {
    /// The kinds of effect, in the order an editor offers them.
    pub enum EffectKind {
        /// [`Effect::TreatAsClear`].
        TreatAsClear => "Treat as clear terrain",
        /// [`Effect::Range`].
        Range => "Range allowance",
        /// [`Effect::Movement`].
        Movement => "Movement allowance",
        /// [`Effect::NoMovement`].
        NoMovement => "No movement for the first Game-Turns",
        /// [`Effect::RiverOnlyAtCrossings`].
        RiverOnlyAtCrossings => "River only at bridges and fords",
        /// [`Effect::ProximityDisruption`].
        ProximityDisruption => "Disrupted when near a place",
        /// [`Effect::NoMarkersIn`].
        NoMarkersIn => "No markers in a zone",
        /// [`Effect::MarkersAsDesired`].
        MarkersAsDesired => "Markers as desired",
        /// [`Effect::MarkersInLines`].
        MarkersInLines => "Markers in lines",
        /// [`Effect::LimberCounters`].
        LimberCounters => "Limbers as counters",
        /// [`Effect::RiverCrossing`].
        RiverCrossing => "Where the river may be crossed",
        /// [`Effect::Text`].
        Text => "Free text",
    }
}

/// The side an effect names, as [`Effect::side`] and [`Effect::side_mut`] borrow it.
macro_rules! side_of {
    ($effect:expr) => {
        match $effect {
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
    };
}

impl Effect {
    /// Its kind.
    pub fn kind(&self) -> EffectKind {
        match self {
            Effect::TreatAsClear(_) => EffectKind::TreatAsClear,
            Effect::Range { .. } => EffectKind::Range,
            Effect::Movement { .. } => EffectKind::Movement,
            Effect::NoMovement { .. } => EffectKind::NoMovement,
            Effect::RiverOnlyAtCrossings => EffectKind::RiverOnlyAtCrossings,
            Effect::ProximityDisruption { .. } => EffectKind::ProximityDisruption,
            Effect::NoMarkersIn { .. } => EffectKind::NoMarkersIn,
            Effect::MarkersAsDesired { .. } => EffectKind::MarkersAsDesired,
            Effect::MarkersInLines { .. } => EffectKind::MarkersInLines,
            Effect::LimberCounters { .. } => EffectKind::LimberCounters,
            Effect::RiverCrossing { .. } => EffectKind::RiverCrossing,
            Effect::Text { .. } => EffectKind::Text,
        }
    }

    /// The side the effect names, if any.
    pub fn side(&self) -> Option<&str> {
        side_of!(self).map(String::as_str)
    }

    /// The side the effect names, to change (a side renamed in the editor).
    pub fn side_mut(&mut self) -> Option<&mut String> {
        side_of!(self)
    }

    /// The effect in words ("Union may not move for the first 2 Game-Turns"); `name` turns a
    /// side id into its name.
    pub fn describe(&self, name: &dyn Fn(&str) -> String) -> String {
        let kinds = |ks: &[UnitKind]| ks.iter().map(|k| k.code()).collect::<Vec<_>>().join(", ");
        match self {
            Effect::TreatAsClear(z) => format!("Treat {} as clear terrain.", z.describe()),
            Effect::Range {
                side,
                kinds: ks,
                range,
            } => format!(
                "{} {} have a Range Allowance of {range} hexes.",
                name(side),
                kinds(ks)
            ),
            Effect::Movement {
                side,
                kinds: ks,
                movement,
            } => format!(
                "{} {} have a Movement Allowance of {movement}.",
                name(side),
                kinds(ks)
            ),
            Effect::NoMovement { side, turns } => format!(
                "{} units may not move during the first {turns} Game-Turn{}.",
                name(side),
                if *turns == 1 { "" } else { "s" }
            ),
            Effect::RiverOnlyAtCrossings => {
                "River hexes may be entered only at bridges and fords.".into()
            }
            Effect::ProximityDisruption { side, distance, of } => format!(
                "{} units within {distance} hexes of {} are automatically disrupted.",
                name(side),
                of.describe()
            ),
            Effect::NoMarkersIn { side, marker, zone } => format!(
                "{} may not place {} markers in {} during deployment.",
                name(side),
                marker.code(),
                zone.describe()
            ),
            Effect::MarkersAsDesired { side, marker } => format!(
                "{} may place as many {} markers as desired during deployment.",
                name(side),
                marker.code()
            ),
            Effect::MarkersInLines {
                side,
                marker,
                lines,
            } => format!(
                "{} {} markers must be placed in {lines} line{}.",
                name(side),
                marker.code(),
                if *lines == 1 { "" } else { "s" }
            ),
            Effect::LimberCounters {
                side,
                movement,
                combat_strength,
                road_only,
                eliminated_when,
            } => format!(
                "{} Limber markers are counters with a Movement Allowance of {movement} and a \
                 Combat Strength of {combat_strength}{}; they are eliminated {}.",
                name(side),
                if *road_only {
                    ", placed on and moving along road hexes only"
                } else {
                    ""
                },
                match eliminated_when {
                    LimberLoss::EnemyAdjacent => "whenever an enemy unit is adjacent",
                    LimberLoss::AloneAndEnemyMovesAdjacent => {
                        "when alone in a hex to which an enemy unit moves adjacent"
                    }
                }
            ),
            Effect::RiverCrossing { side, counters, at } => format!(
                "{} {} may cross the river only at {}.",
                name(side),
                if counters.is_empty() {
                    "units".to_string()
                } else {
                    counters
                        .iter()
                        .map(|c| c.describe())
                        .collect::<Vec<_>>()
                        .join(", ")
                },
                at.describe()
            ),
            Effect::Text { why } => format!("(Not structured: {why})"),
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
    fn every_effect_variant_has_its_kind_once() {
        let listed: Vec<&str> = EffectKind::ALL.iter().map(|k| k.variant()).collect();
        let mut sorted = listed.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), listed.len(), "a kind listed twice");
        let mut read = crate::model::serde_variants::<Effect>().to_vec();
        read.sort();
        assert_eq!(sorted, read);
        assert_eq!(
            Effect::RiverOnlyAtCrossings.kind().variant(),
            "RiverOnlyAtCrossings"
        );
    }

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
        assert_eq!(
            rule.effect.describe(&|id: &str| id.to_uppercase()),
            "UNION may place as many IP markers as desired during deployment."
        );
    }

    #[test]
    fn effects_read_as_sentences() {
        let name = |id: &str| format!("<{id}>");
        assert_eq!(
            Effect::NoMovement {
                side: "a".into(),
                turns: 2
            }
            .describe(&name),
            "<a> units may not move during the first 2 Game-Turns."
        );
        assert_eq!(
            Effect::RiverCrossing {
                side: "b".into(),
                counters: vec![Counter::Marker(MarkerKind::Limber)],
                at: Zone::Feature("B14".into()),
            }
            .describe(&name),
            "<b> Limber markers may cross the river only at B14."
        );
        assert_eq!(
            Effect::TreatAsClear(Zone::Feature("R3".into())).describe(&name),
            "Treat R3 as clear terrain."
        );
    }
}
