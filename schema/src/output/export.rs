//! Export for a game engine: one self-contained, deterministic JSON document per scenario. The
//! map with effective terrain after special rules, every zone as an explicit hex list, one
//! record per counter with its stats, arrivals, victory conditions and special rules in
//! normalised form. Its schema is `export.schema.json`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::hex::{Orientation, Parity};
use crate::model::hex_set::HexSet;
use crate::model::map::{Map, RoadKind};
use crate::model::scenario::{CounterColor, Entry, Interpretation, Scenario};
use crate::model::special_rule::Effect;
use crate::model::victory::{ExitCount, Goal, HoldHexes, Outcome, When};
use crate::pipeline::zones::Resolved;
use crate::queries::effective_terrain::{Cleared, EffectiveTerrain};
use crate::ruleset::{MarkerKind, Morale, Printed, Terrain, UnitKind};

/// The `format` value of exports.
pub const EXPORT_FORMAT: &str = "saber-export/1";

/// An engine export.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Rifle & Saber scenario export")]
pub struct Export {
    /// Format and version: `saber-export/1`.
    #[schemars(regex(pattern = r"^saber-export/[0-9]+$"))]
    pub format: String,
    /// The scenario's identity and timing.
    pub scenario: ExportScenario,
    /// The map, with effective terrain.
    pub map: ExportMap,
    /// The two sides, each with one record per counter.
    pub sides: Vec<ExportSide>,
    /// Every deployment and arrival zone as hexes.
    pub zones: Vec<ExportZone>,
    /// Victory conditions with explicit hexes.
    pub victory: Vec<ExportVictory>,
    /// Special rules with the hexes they concern.
    pub special_rules: Vec<ExportSpecialRule>,
}

/// Scenario identity and timing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportScenario {
    /// Identifier.
    pub id: String,
    /// Rule number (`11.1`), if historical.
    pub rule: Option<String>,
    /// Battle name.
    pub name: String,
    /// Date.
    pub date: String,
    /// Portion of the battle.
    pub portion: Option<String>,
    /// Game-Turns.
    pub game_length: u32,
    /// Side id that deploys first.
    pub deploys_first: String,
    /// Side id whose Player-Turn comes first.
    pub moves_first: String,
    /// Historical note.
    pub notes: String,
    /// Interpretation notes.
    pub interpretations: Vec<Interpretation>,
}

/// The map as the engine needs it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportMap {
    /// Map id.
    pub id: String,
    /// Map name.
    pub name: String,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Hex orientation.
    pub orientation: Orientation,
    /// Offset parity.
    pub parity: Parity,
    /// Every hex, row by row.
    pub hexes: Vec<ExportHex>,
    /// Ridge hexsides as pairs of hex labels.
    pub ridges: Vec<[String; 2]>,
    /// Roads as hex label paths.
    pub roads: Vec<ExportRoad>,
    /// Features and their hexes.
    pub features: Vec<ExportFeature>,
}

/// One hex.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportHex {
    /// `CCRR` label.
    pub hex: String,
    /// Column (1-based).
    pub col: i32,
    /// Row (1-based).
    pub row: i32,
    /// Terrain as on the map.
    pub terrain: Terrain,
    /// Slope as on the map.
    pub slope: bool,
    /// Terrain after special rules ("treat … as clear").
    pub effective_terrain: Terrain,
    /// Slope after special rules.
    pub effective_slope: bool,
}

/// A road.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportRoad {
    /// Name, for main roads.
    pub name: Option<String>,
    /// Main or minor.
    pub kind: RoadKind,
    /// Hex labels in order.
    pub hexes: Vec<String>,
}

/// A feature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportFeature {
    /// Code (`V4`).
    pub code: String,
    /// Proper name.
    pub name: Option<String>,
    /// Hex labels.
    pub hexes: Vec<String>,
}

/// A side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportSide {
    /// Side id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Counter colour.
    pub color: CounterColor,
    /// Morale level.
    pub morale: Morale,
    /// One record per counter: units and markers.
    pub units: Vec<ExportUnit>,
}

/// One counter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportUnit {
    /// Unique id: `side-group-kind-NN`.
    pub id: String,
    /// Unit type code (`MZ`, `BAh`) or marker (`Trench`, `IP`, `Limber`).
    pub kind: String,
    /// True for markers.
    pub marker: bool,
    /// Group id.
    pub group: String,
    /// Stacking points (7.0A).
    pub stacking_points: u32,
    /// Shock combat strength (5.2); none for markers.
    pub shock_strength: Option<u32>,
    /// Fire attack strength where known.
    pub fire_attack: Option<Printed>,
    /// Fire defense strength where known.
    pub fire_defense: Option<Printed>,
    /// Movement allowance where known (after special rules).
    pub movement: Option<Printed>,
    /// Range allowance where known (after special rules).
    pub range: Option<Printed>,
    /// Id of the zone it deploys in or arrives at.
    pub zone: String,
    /// Arrival Game-Turn; none for deployed counters.
    pub arrival_turn: Option<u32>,
}

/// A zone as hexes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportZone {
    /// Zone id: `side-group`.
    pub id: String,
    /// Side id.
    pub side: String,
    /// Group id.
    pub group: String,
    /// `deploy` or `arrive`.
    pub kind: String,
    /// Plain-English description.
    pub description: String,
    /// Every hex of the zone.
    pub hexes: Vec<String>,
    /// For a choice of alternatives, each alternative's hexes.
    pub alternatives: Vec<Vec<String>>,
}

/// A victory condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportVictory {
    /// Side id, or `either`.
    pub side: String,
    /// As printed.
    pub printed: String,
    /// Plain-English description.
    pub description: String,
    /// The goal with explicit hexes.
    pub goal: ExportGoal,
    /// The outcome.
    pub outcome: Outcome,
}

/// A goal with explicit hexes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum ExportGoal {
    /// Hold hexes.
    Hold {
        /// Target hexes.
        hexes: Vec<String>,
        /// Any or all.
        hold: HoldHexes,
        /// When.
        when: When,
        /// No enemy within.
        no_enemy_within: Option<u32>,
    },
    /// Destroy every enemy unit.
    DestroyAll,
    /// Exit units.
    Exit {
        /// How many.
        count: ExitCount,
        /// Counter kinds that count (empty: any unit).
        kinds: Vec<String>,
        /// Exit hexes.
        hexes: Vec<String>,
        /// By the end of this Game-Turn.
        by_turn: u32,
    },
    /// Control the enemy's set-up position.
    ControlEnemySetup {
        /// By the end of this Game-Turn.
        by_turn: u32,
    },
    /// Lose no more units than the enemy.
    LossesNoMoreThanEnemy,
    /// All of these.
    All(Vec<ExportGoal>),
    /// Any of these.
    Any(Vec<ExportGoal>),
    /// Unstructured.
    Text {
        /// The goal.
        text: String,
    },
}

/// A special rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportSpecialRule {
    /// As printed.
    pub printed: String,
    /// The structured effect.
    pub effect: Effect,
    /// The hexes its zones cover (empty when it names none).
    pub hexes: Vec<String>,
}

/// Build the export of a checked scenario.
pub fn export(s: &Scenario, map: &Map, r: &Resolved) -> Export {
    let g = map.grid;
    let labels = |h: &HexSet| h.labels();
    let cleared = Cleared::of(s, map, r);
    let played = EffectiveTerrain::for_scenario(map, &cleared);
    let hexes = g
        .coords()
        .map(|c| {
            let cell = map.cell(c).unwrap_or_default();
            let eff = played.cell(c).unwrap_or_default();
            ExportHex {
                hex: g.label(c),
                col: c.0,
                row: c.1,
                terrain: cell.terrain,
                slope: cell.slope,
                effective_terrain: eff.terrain,
                effective_slope: eff.slope,
            }
        })
        .collect();
    let export_map = ExportMap {
        id: map.id.clone(),
        name: map.name.clone(),
        width: g.width,
        height: g.height,
        orientation: g.orientation,
        parity: g.parity,
        hexes,
        ridges: map
            .ridges
            .iter()
            .map(|k| [g.label(k.0), g.label(k.1)])
            .collect(),
        roads: map
            .roads
            .iter()
            .map(|rd| ExportRoad {
                name: rd.name.clone(),
                kind: rd.kind,
                hexes: rd.hexes.iter().map(|c| g.label(*c)).collect(),
            })
            .collect(),
        features: map
            .features
            .iter()
            .map(|f| ExportFeature {
                code: f.code.clone(),
                name: f.name.clone(),
                hexes: f.hexes.iter().map(|c| g.label(*c)).collect(),
            })
            .collect(),
    };

    let mut zones = Vec::new();
    let mut sides = Vec::new();
    for (si, side) in s.sides.iter().enumerate() {
        let mut units = Vec::new();
        for (gi, group) in side.groups.iter().enumerate() {
            let zone_id = format!("{}-{}", side.id, group.id);
            let gh = &r.groups[si][gi];
            let (kind, description) = match &group.entry {
                Entry::Deploy { zone, .. } => ("deploy", zone.describe()),
                Entry::Arrive { turn, at } => {
                    ("arrive", format!("Game-Turn {turn}: {}", at.describe()))
                }
            };
            zones.push(ExportZone {
                id: zone_id.clone(),
                side: side.id.clone(),
                group: group.id.clone(),
                kind: kind.into(),
                description,
                hexes: labels(&gh.hexes),
                alternatives: if gh.alternatives.len() > 1 {
                    gh.alternatives.iter().map(labels).collect()
                } else {
                    vec![]
                },
            });
            for kind in UnitKind::ALL {
                let n = group.units.get(&kind).copied().unwrap_or(0);
                for i in 1..=n {
                    units.push(unit_record(
                        s,
                        side.id.as_str(),
                        &group.id,
                        kind,
                        i,
                        &zone_id,
                        gh.arrival_turn,
                    ));
                }
            }
            for m in MarkerKind::ALL {
                let n = group.markers.get(&m).copied().unwrap_or(0);
                for i in 1..=n {
                    units.push(ExportUnit {
                        id: format!("{}-{}-{}-{i:02}", side.id, group.id, m.code()),
                        kind: m.code().into(),
                        marker: true,
                        group: group.id.clone(),
                        stacking_points: m.stacking_points(),
                        shock_strength: None,
                        fire_attack: None,
                        fire_defense: None,
                        movement: limber_value(s, &side.id, m, true),
                        range: None,
                        zone: zone_id.clone(),
                        arrival_turn: gh.arrival_turn,
                    });
                }
            }
        }
        sides.push(ExportSide {
            id: side.id.clone(),
            name: side.name.clone(),
            color: side.color,
            morale: side.morale,
            units,
        });
    }

    let mut vz = r.victory_zones.iter();
    let victory = s
        .victory
        .iter()
        .map(|v| ExportVictory {
            side: v.side.clone(),
            printed: v.printed.clone(),
            description: v.goal.describe(),
            goal: export_goal(&v.goal, &mut || {
                vz.next().map(|(_, h)| h.labels()).unwrap_or_default()
            }),
            outcome: v.outcome.clone(),
        })
        .collect();
    let special_rules = s
        .special_rules
        .iter()
        .enumerate()
        .map(|(ri, rule)| ExportSpecialRule {
            printed: rule.printed.clone(),
            effect: rule.effect.clone(),
            hexes: r.rule_hexes(ri).map(|h| h.labels()).unwrap_or_default(),
        })
        .collect();

    Export {
        format: EXPORT_FORMAT.into(),
        scenario: ExportScenario {
            id: s.id.clone(),
            rule: s.rule.clone(),
            name: s.name.clone(),
            date: s.date.clone(),
            portion: s.portion.clone(),
            game_length: s.game_length,
            deploys_first: s.deploys_first.clone(),
            moves_first: s.moves_first.clone(),
            notes: s.notes.clone(),
            interpretations: s.interpretations.clone(),
        },
        map: export_map,
        sides,
        zones,
        victory,
        special_rules,
    }
}

fn unit_record(
    s: &Scenario,
    side: &str,
    group: &str,
    kind: UnitKind,
    i: u32,
    zone: &str,
    turn: Option<u32>,
) -> ExportUnit {
    let profile = kind.profile();
    let user = s.counter_values.get(&kind);
    let pick = |rules: Option<Printed>, user: Option<&Option<Printed>>| {
        rules.or_else(|| user.and_then(|u| u.clone()))
    };
    let mut range = pick(profile.range, user.map(|u| &u.range));
    let mut movement = pick(profile.movement, user.map(|u| &u.movement));
    for (ri, rule) in s.special_rules.iter().enumerate() {
        match &rule.effect {
            Effect::Range {
                side: sd,
                kinds,
                range: v,
            } if sd == side && kinds.contains(&kind) => {
                range = Some(Printed {
                    value: *v,
                    source: format!(
                        "special rule {} of {}",
                        ri + 1,
                        s.rule.as_deref().unwrap_or(&s.id)
                    ),
                });
            }
            Effect::Movement {
                side: sd,
                kinds,
                movement: v,
            } if sd == side && kinds.contains(&kind) => {
                movement = Some(Printed {
                    value: *v,
                    source: format!(
                        "special rule {} of {}",
                        ri + 1,
                        s.rule.as_deref().unwrap_or(&s.id)
                    ),
                });
            }
            _ => {}
        }
    }
    ExportUnit {
        id: format!("{side}-{group}-{}-{i:02}", kind.code()),
        kind: kind.code().into(),
        marker: false,
        group: group.into(),
        stacking_points: profile.stacking_points,
        shock_strength: Some(profile.shock_strength),
        fire_attack: pick(profile.fire_attack, user.map(|u| &u.fire_attack)),
        fire_defense: pick(profile.fire_defense, user.map(|u| &u.fire_defense)),
        movement,
        range,
        zone: zone.into(),
        arrival_turn: turn,
    }
}

/// Limber counters of a special rule carry their own movement allowance (11.17).
fn limber_value(s: &Scenario, side: &str, m: MarkerKind, movement: bool) -> Option<Printed> {
    if m != MarkerKind::Limber || !movement {
        return None;
    }
    s.special_rules
        .iter()
        .enumerate()
        .find_map(|(ri, r)| match &r.effect {
            Effect::LimberCounters {
                side: sd, movement, ..
            } if sd == side => Some(Printed {
                value: *movement,
                source: format!(
                    "special rule {} of {}",
                    ri + 1,
                    s.rule.as_deref().unwrap_or(&s.id)
                ),
            }),
            _ => None,
        })
}

fn export_goal(goal: &Goal, next_zone: &mut dyn FnMut() -> Vec<String>) -> ExportGoal {
    match goal {
        Goal::Hold {
            hexes,
            when,
            no_enemy_within,
            ..
        } => ExportGoal::Hold {
            hexes: next_zone(),
            hold: *hexes,
            when: when.clone(),
            no_enemy_within: *no_enemy_within,
        },
        Goal::DestroyAll => ExportGoal::DestroyAll,
        Goal::Exit {
            count,
            counters,
            by_turn,
            ..
        } => ExportGoal::Exit {
            count: count.clone(),
            kinds: counters
                .iter()
                .map(|c| match c {
                    crate::model::counter::Counter::Unit(k) => k.code().to_string(),
                    crate::model::counter::Counter::Marker(m) => m.code().to_string(),
                })
                .collect(),
            hexes: next_zone(),
            by_turn: *by_turn,
        },
        Goal::ControlEnemySetup { by_turn } => ExportGoal::ControlEnemySetup { by_turn: *by_turn },
        Goal::LossesNoMoreThanEnemy => ExportGoal::LossesNoMoreThanEnemy,
        Goal::All(gs) => ExportGoal::All(gs.iter().map(|g| export_goal(g, next_zone)).collect()),
        Goal::Any(gs) => ExportGoal::Any(gs.iter().map(|g| export_goal(g, next_zone)).collect()),
        Goal::Text { text, .. } => ExportGoal::Text { text: text.clone() },
    }
}

/// The export as the text written to disk: pretty JSON with a final newline.
pub fn export_text(e: &Export) -> String {
    let mut s = serde_json::to_string_pretty(e).expect("exports always serialize");
    s.push('\n');
    s
}
