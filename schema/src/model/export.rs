//! The engine export's document: the types `export.schema.json` is generated from. They are
//! built and written by [`crate::output::export`], which re-exports them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::hex::{Compass, Coord, Grid, Orientation, Parity};
use crate::model::hex_set::HexSet;
use crate::model::map::RoadKind;
use crate::model::scenario::{CounterColor, Interpretation};
use crate::model::special_rule::Effect;
use crate::model::victory::{ExitCount, HoldHexes, Outcome, When};
use crate::model::zone::Zone;
use crate::ruleset::{Morale, Printed, Ratio, Terrain};

/// The `format` value of exports.
pub const EXPORT_FORMAT: &str = "saber-export/2";

/// The most hex runs (rows of consecutive hexes) one export may hold, over all its zones:
/// about 10 MB of JSON at worst, so that with the largest map's terrain (2 MB) the export stays
/// under the 16 MiB `saberc check` reads back (a test keeps it so). Larger exports are refused
/// (LIM003); and the writer refuses any export file past 16 MiB, whatever makes it so large.
pub const MAX_EXPORT_RUNS: usize = 250_000;

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
/// `facing` on each zone. At most 250,000 runs in one export.
///
/// Set-up legality, the contract `saberc check` applies and an engine reproduces from this
/// document alone: a unit counter (`marker: false`) placed at set-up on hex `h` is legal in its
/// zone when `h` is in the `hexes` of the zone its `zone` field names, and, for a zone with
/// `alternatives`, when every placed unit of the group lies in one same alternative. Markers
/// (`marker: true`: Trench, IP, Limber, 11.17's limbers included) are not units: they have no
/// stacking points and do not change the stacking points of units (7.0A), they are not checked
/// against zones, and a zone measured from the enemy's units is measured from its unit counters
/// only. `hexes` is the authoritative list; for a zone measured from the enemy see
/// [`ExportZone::hexes`] and [`ExportEnemyRelative`].
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
    /// The rules' tables an engine needs to play: the Combat Results Table (9.1), the Range
    /// Effects Chart (10.4), shock combat (5.2), disruption (6.0) and, where a side's morale is
    /// not normal, morale (10.1). Added to `saber-export/2` without a new version: absent in
    /// documents written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<RulesTables>,
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
/// higher than 99 hexes, whose labels have a dot between the two parts (`110.05`).
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

impl LabelFormat {
    /// How `grid` labels its hexes (both games' exports).
    pub fn of(grid: &Grid) -> LabelFormat {
        let (column_digits, row_digits) = grid.label_digits();
        LabelFormat {
            column_digits: column_digits as u32,
            row_digits: row_digits as u32,
            example: grid.label(Coord(grid.width as i32, grid.height as i32)),
        }
    }
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
    /// True for markers: no stacking points (7.0A), not held to a zone, not counted as a unit
    /// where a zone is measured from the enemy's units.
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
    /// Every hex of the zone: the authoritative list, the union of `alternatives` when there
    /// are several. For a zone measured from the enemy (`enemy_relative` present) it holds the
    /// hexes legal **whatever the enemy chooses**: the intersection of the zone over every
    /// choice the enemy can make (`enemy_relative.per_enemy_choice`), each measured from every
    /// hex the enemy's units may stand on. When the scenario's set-up places some of the
    /// enemy's units (`enemy_relative.from_setup`), it is measured from the hexes those units
    /// occupy plus, for a partial set-up, every hex the enemy's unplaced units may still
    /// occupy (the whole zone of a group with none placed; the alternatives its placed units
    /// leave open for a group with some placed). A unit set up on one of these hexes is legal
    /// wherever the enemy sets up.
    pub hexes: ExportHexes,
    /// For a choice of alternatives (`OneOf`), each alternative's hexes (measured as `hexes`
    /// is); empty when the zone has one. The group deploys in one of them.
    pub alternatives: Vec<ExportHexes>,
    /// For a zone measured from the enemy's set-up: how it depends on it (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enemy_relative: Option<ExportEnemyRelative>,
}

/// How a zone depends on the enemy's set-up (11.15 "13 hexes or more away from the Spanish",
/// who choose one of three hills; 11.17 "not closer than 5 hexes" to the British, who stand on
/// part of a road stretch).
///
/// The zone's `hexes` are legal whatever the enemy does and are what `saberc check` holds a
/// file's set-up to. An engine that lets the enemy set up first may then allow more: the zone
/// under the choice the enemy made (`per_enemy_choice`), or `zone` evaluated from the hexes the
/// enemy's unit counters occupy (markers are not units).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportEnemyRelative {
    /// Ids of the enemy's deployment zones it is measured from.
    pub enemy_zones: Vec<String>,
    /// The zone as written. An engine evaluates it once the enemy has set up: `EnemyUnits`
    /// stands for the hexes the enemy's units occupy, `EnemyDeployment` for the alternatives
    /// the enemy chose.
    pub zone: Zone,
    /// True when `hexes` is measured from the enemy unit counters placed by the scenario's
    /// set-up (and, for a partial set-up, from where its unplaced units may still stand).
    pub from_setup: bool,
    /// One zone per choice the enemy can make among its alternatives (empty when it has no
    /// choice, or when the set-up has made it). The zone's `hexes` are the intersection of
    /// these lists' `hexes`; each holds the hexes legal wherever in that choice the enemy's
    /// units stand.
    pub per_enemy_choice: Vec<ExportEnemyChoice>,
}

/// This zone under one choice of the enemy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportEnemyChoice {
    /// For each enemy zone that offers a choice: its id and the alternative taken (0-based,
    /// an index into that zone's `alternatives`).
    pub enemy_picks: Vec<ExportPick>,
    /// The hexes of this zone under that choice.
    pub hexes: ExportHexes,
    /// This zone's own alternatives under that choice, if it has several.
    pub alternatives: Vec<ExportHexes>,
}

/// An alternative taken in an enemy zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportPick {
    /// The enemy zone's id.
    pub zone: String,
    /// Index into its `alternatives`.
    pub alternative: usize,
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
        /// Counters that have left by the end of this Game-Turn count.
        by_turn: u32,
    },
    /// Control the enemy's set-up position.
    ControlEnemySetup {
        /// When: `ByEndOfTurn(N)` (at the end of any Game-Turn up to N) or `EndOfTurn(N)` (at
        /// the end of Game-Turn N only).
        when: When,
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

/// The rules' tables an engine needs to play, as printed, each with its rule section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesTables {
    /// The Combat Results Table (9.1).
    pub combat_results: CombatResultsTable,
    /// The Range Effects Chart (10.4).
    pub range_effects: RangeEffectsChart,
    /// Shock combat's numbers (5.2; the Cavalry Charge's allowance, 4K). Each unit's shock
    /// strength is also on the unit (`shock_strength`).
    pub shock_combat: Vec<PrintedNumber>,
    /// Disruption's numbers (6.0).
    pub disruption: Vec<PrintedNumber>,
    /// Morale (10.1, an optional rule), present when a side's morale is not normal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub morale: Option<MoraleTable>,
}

/// The Combat Results Table (9.1): fire combat's result by die roll and odds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatResultsTable {
    /// `9.1`.
    pub rule: String,
    /// Which copy of the table in the rules text this is read from, and why.
    pub source: String,
    /// The odds columns, attacker to defender (`[3, 1]` is 3-1), lowest first.
    pub odds: Vec<[u32; 2]>,
    /// One row per die roll, 1 to 6: the result in each odds column.
    pub results: Vec<Vec<FireCombatResult>>,
    /// The table's edges and its results explained, in the rules' words.
    pub notes: Vec<PrintedWords>,
}

/// A result of the Combat Results Table (9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum FireCombatResult {
    /// "•": no effect.
    NoEffect,
    /// "RD": the defender retreats its full Movement Allowance and is then disrupted (an
    /// already disrupted unit is eliminated instead).
    RD,
    /// "E": the defender is eliminated (an undisrupted gun unit is disrupted instead unless
    /// Shot fire is involved, 5.1H).
    E,
}

/// Words of the rules text, under a key.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrintedWords {
    /// What the words are about (`below`, `RD`).
    pub key: String,
    /// The words, as printed.
    pub words: String,
}

/// The Range Effects Chart (10.4): the firing unit's Fire Attack Strength times the effect of
/// the range band the target is in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RangeEffectsChart {
    /// `10.4`.
    pub rule: String,
    /// The range bands in hexes (the target hex counted, the firer's not, 5.1A).
    pub bands: Vec<RangeBand>,
    /// One row per kind of fire.
    pub rows: Vec<RangeEffectsRow>,
    /// How each cell of the garbled print is read: one note per cell, row by row.
    pub interpretations: Vec<Interpretation>,
}

/// A range band.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RangeBand {
    /// The nearest range in it, in hexes.
    pub from: u32,
    /// The farthest; none: no limit but the unit's Range Allowance.
    pub to: Option<u32>,
}

/// One row of the Range Effects Chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RangeEffectsRow {
    /// The row's label as printed.
    pub label: String,
    /// What fires by this row.
    pub fire: String,
    /// The unit types that fire by it.
    pub units: Vec<String>,
    /// The word printed in each band (`Normal`, `Halved`, `Quartered`, `Doubled`).
    pub printed: Vec<String>,
    /// The multiplier on Fire Attack Strength in each band.
    pub multipliers: Vec<Ratio>,
}

/// A number the rules print, with the words that print it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrintedNumber {
    /// A stable name (`disrupted_defense`).
    pub name: String,
    /// The value.
    pub value: Ratio,
    /// The rule section.
    pub rule: String,
    /// The words of the rules text that print it.
    pub words: String,
}

/// Morale (10.1): the levels and how a force moves between them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoraleTable {
    /// `10.1`.
    pub rule: String,
    /// Each level's effect, in the rules' words (the errata's too).
    pub levels: Vec<MoraleLevelEffect>,
    /// When a force rises or falls a level.
    pub changes: Vec<PrintedNumber>,
}

/// One morale level's effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoraleLevelEffect {
    /// The level.
    pub level: Morale,
    /// Its effect, as printed.
    pub words: Vec<String>,
}
