//! Export for a game engine: one self-contained, deterministic JSON document per scenario. The
//! map with effective terrain after special rules, the Terrain Effects Chart, every zone as an
//! explicit list of hexes in run-length rows, one record per counter with its stats and its
//! set-up hex, arrivals, victory conditions and special rules in normalised form. Its schema is
//! `export.schema.json`.
//!
//! `saber-export/2` changed from `/1` (the migration note is in the README and the schema):
//! hexes are `[col, row]` pairs and zones run-length rows instead of label strings; the map's
//! terrain is one string per row as in map files; counters carry their set-up hex; zones their
//! arrival turn and facing; the Terrain Effects Chart is included; labels are described by
//! their digit counts.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::io::Write as _;

use crate::diagnostic::{Code, Diagnostic};
use crate::model::counter::Counter;
use crate::model::hex::{Compass, Coord, Orientation, Parity};
use crate::model::hex_set::HexSet;
use crate::model::map::{Cell, Map, RoadKind};
use crate::model::scenario::{CounterColor, Entry, Interpretation, Scenario};
use crate::model::special_rule::Effect;
use crate::model::victory::{ExitCount, Goal, HoldHexes, Outcome, When};
use crate::pipeline::zones::Resolved;
use crate::queries::effective_terrain::{Cleared, EffectiveTerrain};
use crate::queries::movement::terrain_cost;
use crate::ruleset::{
    MarkerKind, Morale, Printed, RIDGE_EFFECT, ROAD_COST, Ratio, SLOPE_EFFECT, Terrain, UnitKind,
    terrain_effect,
};

/// The `format` value of exports.
pub const EXPORT_FORMAT: &str = "saber-export/2";

/// The most hex runs (rows of consecutive hexes) one export may hold, over all its zones: about
/// 20 MB of JSON. Larger exports are refused (LIM003).
pub const MAX_EXPORT_RUNS: usize = 1_000_000;

/// A hex as `[col, row]`, numbered from 1 as printed.
pub type HexPair = [i32; 2];

/// A row of consecutive hexes: `[row, first_col, last_col]`.
pub type HexRun = [i32; 3];

/// An engine export, format `saber-export/2`. Migrating from `saber-export/1`: every hex
/// label string became a `[col, row]` pair (roads, features, ridges); `map.hexes` (one record
/// per hex) became `map.terrain` and `map.effective_terrain`, one string per row in the
/// characters of `terrain_effects.hexes`; zone, victory and special-rule hex lists became
/// `{count, runs}` with runs `[row, first_col, last_col]`; new: `terrain_effects` (the Terrain
/// Effects Chart), `map.labels` (label digits), `setup` on each counter, `arrival_turn` and
/// `facing` on each zone. At most 1,000,000 runs in one export.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Rifle & Saber scenario export")]
pub struct Export {
    /// Format and version: `saber-export/2`.
    #[schemars(regex(pattern = r"^saber-export/[0-9]+$"))]
    pub format: String,
    /// The scenario's identity and timing.
    pub scenario: ExportScenario,
    /// The map, with effective terrain.
    pub map: ExportMap,
    /// The Terrain Effects Chart (9.2) as the compiler applies it.
    pub terrain_effects: TerrainEffects,
    /// The two sides, each with one record per counter.
    pub sides: Vec<ExportSide>,
    /// Every deployment and arrival zone with its hexes.
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
    /// How hexes are labelled for people.
    pub labels: LabelFormat,
    /// Terrain as on the map: one string per row, north to south, one character per column
    /// (the characters of `terrain_effects.hexes`).
    pub terrain: Vec<String>,
    /// Terrain after special rules ("treat … as clear"), in the same characters.
    pub effective_terrain: Vec<String>,
    /// Ridge hexsides as pairs of neighbouring hexes.
    pub ridges: Vec<[HexPair; 2]>,
    /// Roads as paths of hexes.
    pub roads: Vec<ExportRoad>,
    /// Features and their hexes.
    pub features: Vec<ExportFeature>,
}

/// Hex labels: the column with `column_digits` digits, then the row with `row_digits` digits,
/// both zero-padded (`0412` is column 4, row 12); each count is 2, or more on a map wider or
/// higher than 99 hexes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LabelFormat {
    /// Digits of the column part.
    pub column_digits: u32,
    /// Digits of the row part.
    pub row_digits: u32,
    /// The label of the south-east corner hex, as an example.
    pub example: String,
}

/// A road.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportRoad {
    /// Name, for main roads.
    pub name: Option<String>,
    /// Main or minor.
    pub kind: RoadKind,
    /// Hexes in order along the road.
    pub hexes: Vec<HexPair>,
}

/// A feature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportFeature {
    /// Code (`V4`).
    pub code: String,
    /// Proper name.
    pub name: Option<String>,
    /// Its hexes.
    pub hexes: Vec<HexPair>,
}

/// The Terrain Effects Chart (9.2) as the compiler applies it: what entering a hex costs, what
/// crossing a hexside adds, and what blocks line of sight (5.1G with the errata).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainEffects {
    /// One row per terrain character of `map.terrain`.
    pub hexes: Vec<TerrainRow>,
    /// Movement Points added for crossing a ridge hexside (9.2).
    pub ridge_extra_cost: Ratio,
    /// A ridge hexside blocks line of sight (5.1G).
    pub ridge_blocks_sight: bool,
    /// Movement Points for a hex entered along a road, through a road hexside (4M, 9.2),
    /// whatever its terrain.
    pub road_cost: Ratio,
    /// Hexes holding units of either side block line of sight, unless on lower ground than
    /// the firer (5.1G, errata).
    pub occupied_blocks_sight: bool,
}

/// One row of the chart for a terrain character.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainRow {
    /// The character in `map.terrain`.
    pub char: String,
    /// Hex terrain.
    pub terrain: Terrain,
    /// A slope hex (higher ground for sight).
    pub slope: bool,
    /// Movement Points to enter, off roads (9.2).
    pub movement_cost: Ratio,
    /// Multiplier on the defender's strength (9.2); none: no effect.
    pub defense: Option<Ratio>,
    /// The hex blocks line of sight through it (5.1G).
    pub blocks_sight: bool,
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
    /// The hex the scenario's set-up places it on, if it places it.
    pub setup: Option<HexPair>,
}

/// Hexes in run-length rows, sorted by row then column.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportHexes {
    /// How many hexes.
    pub count: u32,
    /// Runs of consecutive hexes in a row: `[row, first_col, last_col]`.
    pub runs: Vec<HexRun>,
}

impl ExportHexes {
    /// The runs of a set of hexes.
    pub fn of(h: &HexSet) -> ExportHexes {
        let mut runs: Vec<HexRun> = Vec::new();
        let mut count = 0u32;
        for Coord(col, row) in h.iter() {
            count += 1;
            match runs.last_mut() {
                Some(run) if run[0] == row && run[2] + 1 == col => run[2] = col,
                _ => runs.push([row, col, col]),
            }
        }
        ExportHexes { count, runs }
    }

    /// Every hex, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = HexPair> + '_ {
        self.runs
            .iter()
            .flat_map(|[row, a, b]| (*a..=*b).map(move |col| [col, *row]))
    }
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
    /// The Game-Turn the group arrives on; none for a deployment zone.
    pub arrival_turn: Option<u32>,
    /// The facing the rules give a deploying group ("facing south"); none if not given.
    pub facing: Option<Compass>,
    /// Every hex of the zone.
    pub hexes: ExportHexes,
    /// For a choice of alternatives, each alternative's hexes.
    pub alternatives: Vec<ExportHexes>,
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
        hexes: ExportHexes,
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
        hexes: ExportHexes,
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
    /// The hexes its zones cover (none when it names none).
    pub hexes: ExportHexes,
}

/// Build the export of a checked scenario; refused (LIM003) past [`MAX_EXPORT_RUNS`].
pub fn export(s: &Scenario, map: &Map, r: &Resolved) -> Result<Export, Diagnostic> {
    let g = map.grid;
    let pair = |c: Coord| [c.0, c.1];
    let cleared = Cleared::of(s, map, r);
    let played = EffectiveTerrain::for_scenario(map, &cleared);
    let rows = |cell: &dyn Fn(Coord) -> Cell| -> Vec<String> {
        (1..=g.height as i32)
            .map(|row| {
                (1..=g.width as i32)
                    .map(|col| cell(Coord(col, row)).to_char())
                    .collect()
            })
            .collect()
    };
    let (column_digits, row_digits) = g.label_digits();
    let export_map = ExportMap {
        id: map.id.clone(),
        name: map.name.clone(),
        width: g.width,
        height: g.height,
        orientation: g.orientation,
        parity: g.parity,
        labels: LabelFormat {
            column_digits: column_digits as u32,
            row_digits: row_digits as u32,
            example: g.label(Coord(g.width as i32, g.height as i32)),
        },
        terrain: rows(&|c| map.cell(c).unwrap_or_default()),
        effective_terrain: rows(&|c| played.cell(c).unwrap_or_default()),
        ridges: map.ridges.iter().map(|k| [pair(k.0), pair(k.1)]).collect(),
        roads: map
            .roads
            .iter()
            .map(|rd| ExportRoad {
                name: rd.name.clone(),
                kind: rd.kind,
                hexes: rd.hexes.iter().copied().map(pair).collect(),
            })
            .collect(),
        features: map
            .features
            .iter()
            .map(|f| ExportFeature {
                code: f.code.clone(),
                name: f.name.clone(),
                hexes: f.hexes.iter().copied().map(pair).collect(),
            })
            .collect(),
    };

    let mut runs = Budget::default();
    let mut zones = Vec::new();
    let mut sides = Vec::new();
    for (si, side) in s.sides.iter().enumerate() {
        let mut units = Vec::new();
        for (gi, group) in side.groups.iter().enumerate() {
            let zone_id = format!("{}-{}", side.id, group.id);
            let gh = &r.groups[si][gi];
            let (kind, description, facing) = match &group.entry {
                Entry::Deploy { zone, facing } => ("deploy", zone.describe(), *facing),
                Entry::Arrive { turn, at } => (
                    "arrive",
                    format!("Game-Turn {turn}: {}", at.describe()),
                    None,
                ),
            };
            zones.push(ExportZone {
                id: zone_id.clone(),
                side: side.id.clone(),
                group: group.id.clone(),
                kind: kind.into(),
                description,
                arrival_turn: gh.arrival_turn,
                facing,
                hexes: runs.take(&gh.hexes)?,
                alternatives: if gh.alternatives.len() > 1 {
                    gh.alternatives
                        .iter()
                        .map(|h| runs.take(h))
                        .collect::<Result<_, _>>()?
                } else {
                    vec![]
                },
            });
            // Set-up placements of this group, by counter, in file order.
            let placed = |counter: Counter| -> Vec<HexPair> {
                s.setup
                    .iter()
                    .filter(|p| p.side == side.id && p.group == group.id && p.counter == counter)
                    .map(|p| pair(p.at))
                    .collect()
            };
            for kind in UnitKind::ALL {
                let n = group.units.get(&kind).copied().unwrap_or(0);
                let mut at = placed(Counter::Unit(kind)).into_iter();
                for i in 1..=n {
                    let mut u = unit_record(
                        s,
                        side.id.as_str(),
                        &group.id,
                        kind,
                        i,
                        &zone_id,
                        gh.arrival_turn,
                    );
                    u.setup = at.next();
                    units.push(u);
                }
            }
            for m in MarkerKind::ALL {
                let n = group.markers.get(&m).copied().unwrap_or(0);
                let mut at = placed(Counter::Marker(m)).into_iter();
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
                        setup: at.next(),
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
    let mut victory = Vec::new();
    for v in &s.victory {
        let goal = export_goal(&v.goal, &mut || match vz.next() {
            Some((_, h)) => runs.take(h),
            None => Ok(ExportHexes::default()),
        })?;
        victory.push(ExportVictory {
            side: v.side.clone(),
            printed: v.printed.clone(),
            description: v.goal.describe(),
            goal,
            outcome: v.outcome.clone(),
        });
    }
    let mut special_rules = Vec::new();
    for (ri, rule) in s.special_rules.iter().enumerate() {
        special_rules.push(ExportSpecialRule {
            printed: rule.printed.clone(),
            effect: rule.effect.clone(),
            hexes: match r.rule_hexes(ri) {
                Some(h) => runs.take(&h)?,
                None => ExportHexes::default(),
            },
        });
    }

    Ok(Export {
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
        terrain_effects: terrain_effects(),
        sides,
        zones,
        victory,
        special_rules,
    })
}

/// Runs written so far, against [`MAX_EXPORT_RUNS`].
#[derive(Default)]
struct Budget {
    runs: usize,
}

impl Budget {
    fn take(&mut self, h: &HexSet) -> Result<ExportHexes, Diagnostic> {
        let hexes = ExportHexes::of(h);
        self.runs += hexes.runs.len();
        if self.runs > MAX_EXPORT_RUNS {
            return Err(Diagnostic::error(
                Code::LimitExceeded,
                format!(
                    "the export would hold more than {MAX_EXPORT_RUNS} runs of hexes in its zones, over the export limit"
                ),
            )
            .with_hint(
                "zones this fragmented on a map this large are not a playable scenario: draw the zones as fewer, solid areas",
            ));
        }
        Ok(hexes)
    }
}

/// The Terrain Effects Chart rows for every terrain character, from the ruleset.
pub fn terrain_effects() -> TerrainEffects {
    let mut hexes = Vec::new();
    for terrain in Terrain::ALL {
        for slope in [false, true] {
            let cell = Cell { terrain, slope };
            // River, ford and bridge hexes have no slope form.
            if Cell::from_char(cell.to_char()) != Some(cell) {
                continue;
            }
            let row = terrain_effect(terrain);
            let defense = match (row.defense, slope) {
                (d, false) => d,
                (None, true) => SLOPE_EFFECT.defense,
                (Some(d), true) => Some(
                    SLOPE_EFFECT
                        .defense
                        .filter(|s| s.value() > d.value())
                        .unwrap_or(d),
                ),
            };
            hexes.push(TerrainRow {
                char: cell.to_char().to_string(),
                terrain,
                slope,
                movement_cost: terrain_cost(terrain, slope).to_ratio(),
                defense,
                blocks_sight: terrain.blocks_sight(),
            });
        }
    }
    TerrainEffects {
        hexes,
        ridge_extra_cost: RIDGE_EFFECT.movement_extra.unwrap_or(Ratio::new(0, 1)),
        ridge_blocks_sight: RIDGE_EFFECT.blocks_fire,
        road_cost: ROAD_COST,
        occupied_blocks_sight: true,
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
        setup: None,
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

type NextZone<'a> = dyn FnMut() -> Result<ExportHexes, Diagnostic> + 'a;

fn export_goal(goal: &Goal, next_zone: &mut NextZone) -> Result<ExportGoal, Diagnostic> {
    Ok(match goal {
        Goal::Hold {
            hexes,
            when,
            no_enemy_within,
            ..
        } => ExportGoal::Hold {
            hexes: next_zone()?,
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
                    Counter::Unit(k) => k.code().to_string(),
                    Counter::Marker(m) => m.code().to_string(),
                })
                .collect(),
            hexes: next_zone()?,
            by_turn: *by_turn,
        },
        Goal::ControlEnemySetup { by_turn } => ExportGoal::ControlEnemySetup { by_turn: *by_turn },
        Goal::LossesNoMoreThanEnemy => ExportGoal::LossesNoMoreThanEnemy,
        Goal::All(gs) => ExportGoal::All(
            gs.iter()
                .map(|g| export_goal(g, next_zone))
                .collect::<Result<_, _>>()?,
        ),
        Goal::Any(gs) => ExportGoal::Any(
            gs.iter()
                .map(|g| export_goal(g, next_zone))
                .collect::<Result<_, _>>()?,
        ),
        Goal::Text { text, .. } => ExportGoal::Text { text: text.clone() },
    })
}

/// Write the export as JSON to `w`, streamed: two spaces a level like pretty JSON, but an array
/// inside an array (a `[col, row]` pair, a run) on one line.
pub fn write_export(e: &Export, w: impl std::io::Write) -> std::io::Result<()> {
    let mut w = std::io::BufWriter::new(w);
    let mut ser = serde_json::Serializer::with_formatter(&mut w, ExportFormatter::default());
    e.serialize(&mut ser).map_err(std::io::Error::other)?;
    w.write_all(b"\n")?;
    w.flush()
}

/// The export as the text written to disk.
pub fn export_text(e: &Export) -> String {
    let mut out = Vec::new();
    write_export(e, &mut out).expect("writing to memory does not fail");
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// serde_json's pretty layout, except that arrays inside arrays stay on one line.
#[derive(Default)]
struct ExportFormatter {
    indent: usize,
    /// Per open container: is it an array, does it have a value yet, is it on one line.
    stack: Vec<(bool, bool, bool)>,
}

impl ExportFormatter {
    fn inline(&self) -> bool {
        self.stack.last().is_some_and(|c| c.2)
    }

    fn newline<W: ?Sized + std::io::Write>(&self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b"\n")?;
        for _ in 0..self.indent {
            w.write_all(b"  ")?;
        }
        Ok(())
    }

    fn open<W: ?Sized + std::io::Write>(&mut self, w: &mut W, array: bool) -> std::io::Result<()> {
        let parent_array = self.stack.last().is_some_and(|c| c.0);
        let inline = self.inline() || (array && parent_array);
        self.stack.push((array, false, inline));
        self.indent += 1;
        w.write_all(if array { b"[" } else { b"{" })
    }

    fn close<W: ?Sized + std::io::Write>(&mut self, w: &mut W, array: bool) -> std::io::Result<()> {
        self.indent -= 1;
        let (_, had_value, inline) = self.stack.pop().unwrap_or((array, false, false));
        if had_value && !inline {
            self.newline(w)?;
        }
        w.write_all(if array { b"]" } else { b"}" })
    }

    fn element<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        if let Some(top) = self.stack.last_mut() {
            top.1 = true;
        }
        if self.inline() {
            if !first {
                w.write_all(b" ")?;
            }
            Ok(())
        } else {
            self.newline(w)
        }
    }
}

impl serde_json::ser::Formatter for ExportFormatter {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, true)
    }
    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, true)
    }
    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.element(w, first)
    }
    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        Ok(())
    }
    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, false)
    }
    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, false)
    }
    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.element(w, first)
    }
    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }
    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::hex::Grid;

    #[test]
    fn hexes_are_run_length_rows() {
        let grid = Grid {
            width: 10,
            height: 4,
            orientation: Orientation::Flat,
            parity: Parity::EvenShoved,
        };
        let mut h = HexSet::empty(grid);
        for c in [
            Coord(2, 1),
            Coord(3, 1),
            Coord(4, 1),
            Coord(9, 1),
            Coord(1, 3),
        ] {
            h.insert(c);
        }
        let e = ExportHexes::of(&h);
        assert_eq!(e.count, 5);
        assert_eq!(e.runs, vec![[1, 2, 4], [1, 9, 9], [3, 1, 1]]);
        let back: Vec<HexPair> = e.hexes().collect();
        assert_eq!(back, vec![[2, 1], [3, 1], [4, 1], [9, 1], [1, 3]]);
    }

    #[test]
    fn arrays_in_arrays_stay_on_one_line() {
        let v = serde_json::json!({"a": [[1, 2], [3, 4]], "b": {"c": []}, "d": [{"e": 1}]});
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut out, ExportFormatter::default());
        v.serialize(&mut ser).expect("serializes");
        let text = String::from_utf8(out).expect("utf-8");
        assert_eq!(
            text,
            "{\n  \"a\": [\n    [1, 2],\n    [3, 4]\n  ],\n  \"b\": {\n    \"c\": []\n  },\n  \"d\": [\n    {\n      \"e\": 1\n    }\n  ]\n}"
        );
        let back: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!(back, v);
    }

    #[test]
    fn the_chart_comes_from_the_ruleset() {
        let t = terrain_effects();
        assert_eq!(t.hexes.len(), 11, "one row per map character");
        let clear = &t.hexes[0];
        assert_eq!(
            (clear.char.as_str(), clear.movement_cost),
            (".", Ratio::new(1, 1))
        );
        let woods = t.hexes.iter().find(|r| r.char == "w").expect("woods");
        assert!(woods.blocks_sight);
        assert_eq!(woods.movement_cost, Ratio::new(2, 1));
        assert_eq!(t.road_cost, ROAD_COST);
    }
}
