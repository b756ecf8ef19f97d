//! The report of `saberc analyze --format json`: the types `analysis.schema.json` is generated
//! from. Built by [`crate::analysis`]. Hexes are printed labels (`CCRR`); costs are exact, in
//! thirds of a Movement Point (Rifle & Saber) or halves (Musket & Saber Quick Play), beside
//! their printed form (`4⅔ MP`). What one game has and the other lacks (stacking points, steps,
//! movement classes) is an optional field, left out of the other game's report.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `format` value of analysis reports.
pub const ANALYSIS_FORMAT: &str = "saber-analysis/1";

/// A designer's analysis of one scenario: can each side reach, see and hold what it must?
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Scenario analysis")]
pub struct Analysis {
    /// Format and version: `saber-analysis/1`.
    pub format: String,
    /// The game, when not Rifle & Saber (`musket-and-saber-quick-play`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The scenario analysed.
    pub scenario: AnalysedScenario,
    /// The terrain as played: hexes the special rules change.
    pub terrain_as_played: TerrainAsPlayed,
    /// Per side: forces, movement to each target, sight at set-up.
    pub sides: Vec<SideAnalysis>,
    /// The forces of the first side against the second's.
    pub ratio: ForceRatio,
    /// Line of sight to each place a side must hold (5.1G).
    pub objectives_in_sight: Vec<ObjectiveSight>,
}

/// The scenario's identity and timing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalysedScenario {
    /// Identifier.
    pub id: String,
    /// Rule number (`11.5`), if historical.
    pub rule: Option<String>,
    /// Name.
    pub name: String,
    /// The map's id.
    pub map: String,
    /// Game length in Game-Turns.
    pub game_length: u32,
    /// Id of the side whose Player-Turn comes first in each Game-Turn.
    pub moves_first: String,
}

/// What the special rules change on the map (their hexes, as labels).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainAsPlayed {
    /// Places treated as clear ground (terrain, slope and ridges gone).
    pub cleared: Vec<String>,
    /// Woods, forest or villages treated as clear, keeping their slope.
    pub cover_cleared: Vec<String>,
}

/// One side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideAnalysis {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// 1 when the side's Player-Turn comes first in each Game-Turn, 2 when second.
    pub player_turn: u32,
    /// The first Game-Turn the side may move in (after turns a special rule forbids).
    pub first_free_turn: u32,
    /// The side's forces.
    pub forces: Forces,
    /// Per group.
    pub groups: Vec<GroupForces>,
    /// Each place its victory conditions ask it to reach.
    pub targets: Vec<TargetAnalysis>,
    /// Can a hex of its deployment zones see a hex of the enemy's at set-up (5.1G; hexes
    /// blocked only by the units placed in the set-up)? `null` for a side without a
    /// deployment zone, or when the search is over the work limit.
    pub zone_in_sight_of_enemy_zone: Option<SightPair>,
}

/// A line of sight found between two zones, or none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SightPair {
    /// True when some hex of one sees some hex of the other.
    pub in_sight: bool,
    /// The first such pair found: a hex of this side's zone and the enemy hex it sees.
    pub example: Option<[String; 2]>,
}

/// Units, guns and, by game, stacking points (R&S 7.0A, 5.1H) or steps and leaders (M&S 2.4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Forces {
    /// Units (in Musket & Saber, its combat units: every counter but leaders, 10.0).
    pub units: u32,
    /// Gun units (artillery and machine guns, 5.1H; M&S artillery, 8.1).
    pub guns: u32,
    /// Stacking points (R&S 7.0A); absent in a game whose stacking counts no points (M&S 5.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stacking_points: Option<u32>,
    /// Steps of the combat units at full strength (M&S 2.4); absent in Rifle & Saber.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<u32>,
    /// Leaders (M&S 10.0); absent in Rifle & Saber.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaders: Option<u32>,
}

/// A group's forces and how it enters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupForces {
    /// Id (`a`).
    pub id: String,
    /// Its units in the rules' notation (`20 MZ; 2 MA`).
    pub notation: String,
    /// Its forces.
    pub forces: Forces,
    /// Hexes of its deployment or entry zone.
    pub zone_hexes: u32,
    /// Game-Turn of arrival, for a group that arrives during play.
    pub arrival_turn: Option<u32>,
}

/// The first side's forces over the second's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForceRatio {
    /// Stacking points, as `a:b` in lowest terms and as a decimal rounded to 2 places; absent
    /// where the game counts none (M&S 5.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stacking_points: Option<String>,
    /// Steps (M&S 2.4), as the stacking points; absent in Rifle & Saber.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<String>,
    /// Units.
    pub units: String,
    /// Gun units.
    pub guns: String,
    /// The rules print no ratio for the scenarios (11.18 asks a designer to keep the
    /// battle's): this says so, or names the printed one.
    pub printed: Option<String>,
}

/// What a goal asks a side to reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    /// A place to hold.
    Hold,
    /// Exit hexes.
    Exit,
    /// The enemy's set-up position.
    EnemySetup,
}

/// How a side gets to one place.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TargetAnalysis {
    /// The victory condition (index in `victory`, from 0).
    pub victory: u32,
    /// The goal in words.
    pub goal: String,
    /// What kind of place.
    pub kind: TargetKind,
    /// Number of hexes of the place.
    pub hexes: u32,
    /// The last Game-Turn by the end of which a unit must stand there.
    pub deadline: u32,
    /// The least cost any group pays (`null`: no path reaches it).
    pub least_cost: Option<Cost>,
    /// The fewest Movement Phases of any counter of known allowance (`null`: none known, or
    /// none reaches it).
    pub least_phases: Option<u32>,
    /// The earliest Game-Turn of arrival of a counter of known allowance (0: at set-up).
    pub earliest_turn: Option<u32>,
    /// Per group (in Musket & Saber, per set-up or reinforcement line and movement class).
    pub groups: Vec<GroupTarget>,
    /// Per movement class of the map's chart (M&S 4.3: infantry, cavalry, artillery), the
    /// best of the side's lines; absent where every unit pays one chart (Rifle & Saber).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_class: Option<Vec<ClassReach>>,
}

/// How soon a side's units of one movement class get to a place.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClassReach {
    /// The class, as the chart names its column (`infantry`).
    pub class: String,
    /// The least cost any of its units pays (`null`: no path, or none of the class).
    pub least_cost: Option<Cost>,
    /// The fewest Movement Phases of any of its units.
    pub least_phases: Option<u32>,
    /// The earliest turn of arrival of any of its units (0: at set-up).
    pub earliest_turn: Option<u32>,
    /// The counter that arrives first.
    pub counter: Option<String>,
}

/// A Movement Point cost: exact in the fraction its game's road rate needs, thirds (R&S 4M,
/// ⅓ MP) or halves (M&S 4.4, ½ MP); exactly one of `thirds` and `halves` is given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cost {
    /// Exactly, in thirds of a Movement Point (road movement is ⅓ MP a hex, 4M).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thirds: Option<u32>,
    /// Exactly, in halves of a Movement Point (M&S 4.4: road movement is ½ MP a hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub halves: Option<u32>,
    /// As printed: `4⅔ MP`.
    pub text: String,
}

/// How one group gets to one place.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupTarget {
    /// The group's id (in Musket & Saber, its line: `set-up 2`, `reinforcement 1`).
    pub group: String,
    /// The movement class of the chart its units pay by (M&S 4.3); absent in Rifle & Saber.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// The first Game-Turn it may move in.
    pub first_turn: u32,
    /// The least cost from its best start hex (`null`: no path).
    pub least_cost: Option<Cost>,
    /// That path, start hex first: a hex of its deployment zone, or its entry hex (whose cost
    /// from off the map is included).
    pub path: Vec<String>,
    /// The fastest of its counters whose Movement Allowance is known.
    pub arrival: Option<ArrivalAnalysis>,
    /// Its counters that count here and whose Movement Allowance is not known (give it with
    /// `--ma`, or `counter_values` in the scenario).
    pub allowance_unknown: Vec<String>,
}

/// When a counter of known allowance gets there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArrivalAnalysis {
    /// The counter (`CY`, `Limber markers`).
    pub counter: String,
    /// Its Movement Allowance.
    pub allowance: u32,
    /// Where the allowance comes from.
    pub allowance_source: String,
    /// Movement Phases (0: it sets up there).
    pub phases: u32,
    /// The Game-Turn by the end of which it stands there (0: at set-up).
    pub turn: u32,
    /// Its path, phase by phase counted from its start.
    pub path: Vec<String>,
}

/// Who can see a place to hold (5.1G).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveSight {
    /// The victory condition (index in `victory`, from 0).
    pub victory: u32,
    /// The goal in words.
    pub goal: String,
    /// Only hexes within this many hexes of the place were examined (a bound on the work).
    pub within: u32,
    /// Hexes (outside the place) with a line of sight to at least one of its hexes; `null`
    /// when over the work limit.
    pub seen_from: Option<u32>,
    /// How many of them lie in each side's deployment zones.
    pub in_zone: Vec<SideCount>,
    /// Those hexes, as labels (M&S 8.2: which hexes see it); absent in Rifle & Saber, whose
    /// maps are far larger.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hexes: Option<Vec<String>>,
}

/// A count for one side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideCount {
    /// Side id.
    pub side: String,
    /// The count.
    pub hexes: u32,
}
