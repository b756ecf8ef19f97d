//! Musket & Saber Quick Play (Decision Games, 2021): the *system* rules as data, from the rules
//! text alone (`musket-and-saber-quick-play.txt`, cited by section).
//!
//! The rules text is the system only: it holds no map, no Terrain Effects Chart (2.2 puts it in
//! "the Scenario Rules for each game"), no Turn Record Track (3.3 puts it "on the map"), no
//! scenario and no counter value (the counter pictured in 2.3 is absent). Everything a game
//! adds is typed by the user into a map and a scenario file from their own copy, each value
//! with its source ([`crate::model::musket_and_saber`]); nothing here is data of a published
//! game.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Game, Ratio, Ruleset, SightRule, StackWeight, Stacking, TerrainEffect, TurnWords};

coded_enum! {
    /// The five unit types of the system (2.4: "There are five types of units in the M&S system").
    #[derive(
        Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
        Serialize, Deserialize, JsonSchema,
    )]
    pub enum MsClass {
        /// Brigade- or regiment-sized infantry: two steps, full and reduced (2.4).
        Brigade,
        /// Battalion-sized infantry: one step, effective and ineffective (2.4).
        Battalion,
        /// Cavalry: one step (2.4, 9.1(1)); a Charge Factor (2.4, 9.1(3)).
        Cavalry,
        /// Artillery: one step (2.4, 8.1(2)); a Range (2.4, 8.3).
        Artillery,
        /// A leader: one step; movement, combat and morale factors (2.4, 10.0); no stacking (10.0).
        Leader,
    }
    all: "All five, in the order of 2.4.",
    code: "The word used in files (`Brigade`)."
}

/// What the two faces of a counter are (2.4, 11.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub enum Faces {
    /// Full strength, and reduced strength with a colour band (2.4).
    FullReduced,
    /// Effective, and ineffective (2.4, 11.2).
    EffectiveIneffective,
}

/// The values a class's counters print beside ID and Formation (2.3, 2.4, 8.1, 9.1, 10.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ClassValues {
    /// Combat Factor, Morale Rating and Movement Allowance (2.3).
    pub combat: bool,
    /// Range (2.4 "Artillery units include a Range", 8.3).
    pub range: bool,
    /// Charge Factor (2.4 "Cavalry units include a Charge Factor", 9.1(3)).
    pub charge: bool,
    /// Movement, combat and morale factors (10.0 (1), (3), (4)).
    pub leader: bool,
}

/// Everything the rules text says about one class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ClassInfo {
    /// The class.
    pub class: MsClass,
    /// Its name in the rules text.
    pub name: &'static str,
    /// Steps (2.4): 2 for brigades and regiments, 1 for every other class.
    pub steps: u32,
    /// The sections that state the steps.
    pub steps_rule: &'static str,
    /// The two faces.
    pub faces: Faces,
    /// The values printed on it.
    pub values: ClassValues,
    /// The sections that state the values.
    pub values_rule: &'static str,
}

/// The five classes in the order of 2.4.
pub const CLASSES: [ClassInfo; 5] = [
    ClassInfo {
        class: MsClass::Brigade,
        name: "brigade- or regiment-sized infantry",
        steps: 2,
        steps_rule: "2.4",
        faces: Faces::FullReduced,
        values: ClassValues {
            combat: true,
            range: false,
            charge: false,
            leader: false,
        },
        values_rule: "2.3",
    },
    ClassInfo {
        class: MsClass::Battalion,
        name: "battalion-sized infantry",
        steps: 1,
        steps_rule: "2.4",
        faces: Faces::EffectiveIneffective,
        values: ClassValues {
            combat: true,
            range: false,
            charge: false,
            leader: false,
        },
        values_rule: "2.3",
    },
    ClassInfo {
        class: MsClass::Cavalry,
        name: "cavalry",
        steps: 1,
        steps_rule: "9.1",
        faces: Faces::EffectiveIneffective,
        values: ClassValues {
            combat: true,
            range: false,
            charge: true,
            leader: false,
        },
        values_rule: "2.4",
    },
    ClassInfo {
        class: MsClass::Artillery,
        name: "artillery",
        steps: 1,
        steps_rule: "8.1",
        faces: Faces::EffectiveIneffective,
        values: ClassValues {
            combat: true,
            range: true,
            charge: false,
            leader: false,
        },
        values_rule: "2.4",
    },
    ClassInfo {
        class: MsClass::Leader,
        name: "leader",
        steps: 1,
        steps_rule: "2.4",
        faces: Faces::EffectiveIneffective,
        values: ClassValues {
            combat: false,
            range: false,
            charge: false,
            leader: true,
        },
        values_rule: "10.0",
    },
];

impl MsClass {
    /// What the rules text says about the class.
    pub fn info(self) -> &'static ClassInfo {
        &CLASSES[self as usize]
    }

    /// Steps (2.4).
    pub fn steps(self) -> u32 {
        self.info().steps
    }

    /// The name in the rules text.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// What the class counts for 5.0: a battalion or artillery unit may take the one place of
    /// its own or one of the three "any" places ([`StackWeight::Slot`]); brigades, regiments
    /// and cavalry only the three ([`StackWeight::Any`]); leaders nothing (10.0: "Leaders do
    /// not count for stacking").
    pub fn stack_weight(self) -> StackWeight {
        match self {
            MsClass::Battalion | MsClass::Artillery => StackWeight::Slot,
            MsClass::Brigade | MsClass::Cavalry => StackWeight::Any,
            MsClass::Leader => StackWeight::Free,
        }
    }

    /// The movement column of a game's Terrain Effects Chart the class moves by (4.3; 8.1(6)
    /// "may not move … into some terrain types"; 9.1(5) cavalry "affected differently by
    /// certain terrain types"): infantry of either size by the infantry column. A leader has
    /// none: it moves "ignoring all but prohibited terrain" (10.0).
    pub fn chart_column(self) -> Option<ChartColumn> {
        match self {
            MsClass::Brigade | MsClass::Battalion => Some(ChartColumn::Infantry),
            MsClass::Cavalry => Some(ChartColumn::Cavalry),
            MsClass::Artillery => Some(ChartColumn::Artillery),
            MsClass::Leader => None,
        }
    }

    /// A combat unit (every class but leaders): exerts a ZOC (6.1, 10.0) and counts for
    /// stacking (5.0, 10.0).
    pub fn is_combat(self) -> bool {
        self != MsClass::Leader
    }
}

/// A movement column of a game's Terrain Effects Chart (4.3: "those costs are listed on the
/// TEC"), one per class that moves by it ([`MsClass::chart_column`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartColumn {
    /// Infantry, brigade- or battalion-sized.
    Infantry,
    /// Cavalry.
    Cavalry,
    /// Artillery.
    Artillery,
}

impl ChartColumn {
    /// Every column, in the chart's order.
    pub const ALL: [ChartColumn; 3] = [
        ChartColumn::Infantry,
        ChartColumn::Cavalry,
        ChartColumn::Artillery,
    ];

    /// The column's name in files and messages.
    pub fn name(self) -> &'static str {
        match self {
            ChartColumn::Infantry => "infantry",
            ChartColumn::Cavalry => "cavalry",
            ChartColumn::Artillery => "artillery",
        }
    }
}

/// How many units of each weight of 5.0 a hex of these classes holds (for messages):
/// (battalions and artillery, brigades regiments and cavalry, leaders).
pub fn stack_counts(classes: impl IntoIterator<Item = MsClass>) -> (u32, u32, u32) {
    classes
        .into_iter()
        .fold((0u32, 0u32, 0u32), |(s, l, f), c| match c.stack_weight() {
            StackWeight::Slot => (s.saturating_add(1), l, f),
            StackWeight::Free => (s, l, f.saturating_add(1)),
            _ => (s, l.saturating_add(1), f),
        })
}

/// 4.3: "Entering a clear hex across a clear hexside costs 1 MP": what a hex costs where the
/// chart gives its kinds no cost for the class.
pub const CLEAR_COST: u32 = 1;

/// A set-up line's `w/1` (3.2): "the unit may be placed within 1 hex (i.e. adjacent to) the
/// specified hex" — read as distance 0 or 1 (the permissive "within"), recorded in the README.
pub const WITHIN_ONE: u32 = 1;

/// "a die-cut sheet of 40 playing pieces" (2.1).
pub const COUNTER_SHEET: u32 = 40;

/// The hex numbers' digits (2.2: "Each hex has a four-digit number"): two for the column,
/// two for the row, so at most 99 columns and 99 rows.
pub const MAX_SIDE: u32 = 99;

/// The codes only Musket & Saber files get: their registry rows cite M&S sections, and a case
/// may cite one of them (ROS002 cites 9.1 for cavalry, 8.1 for artillery).
pub const OWN_CODES: [&str; 20] = [
    "MAP010", "MAP011", "MAP012", "MAP013", "MAP014", "MAP015", "DEP012", "DEP013", "DEP014",
    "TRN005", "VIC008", "ROS001", "ROS002", "ROS003", "ROS004", "ROS005", "ROS006", "ROS007",
    "ROS008", "ROS009",
];

/// The rule sections the codes shared with Rifle & Saber cite in a Musket & Saber file; a
/// shared code not listed cites none (never a Rifle & Saber section).
const CITATIONS: [(&str, &str); 24] = [
    // 5.0: "one battalion or artillery unit, plus any three units, plus any number of leaders".
    ("STK001", "5.0"),
    // Enemies never share a hex: 4.5 "occupied by an enemy unit", 7.7 "enemy-occupied hexes".
    ("STK002", "4.5, 7.7"),
    ("DEP001", "3.2, 5.0"),
    // 2.3: "The background colors indicate the army to which each unit belongs".
    ("DEP007", "2.3"),
    // 3.2: "may be placed within 1 hex (i.e. adjacent to) the specified hex".
    ("DEP003", "3.2"),
    // Set-up or entry in a hex the unit may not enter: 7.7 "prohibited terrain", 8.1(6)
    // artillery "may not move … into some terrain types", 10.0 leaders "ignoring all but
    // prohibited terrain".
    ("DEP009", "7.7, 8.1, 10.0"),
    // 3.3: "The number of turns in a game and the First Player are specified".
    ("REF003", "3.3"),
    // 3.2: units "identified by ID and/or Formation".
    ("REF005", "3.2"),
    // 3.3: the number of turns and the Turn Record Track.
    ("TRN001", "3.3"),
    ("TRN002", "3.2"),
    // 4.5: reinforcements enter along the map edge.
    ("TRN003", "4.5"),
    // 4.4: a road path runs from hex to hex across hexsides of the same path.
    ("MAP004", "4.4"),
    // 2.2: "Each hex has a four-digit number".
    ("MAP007", "2.2"),
    // 3.4: "The specific victory conditions for each player are listed".
    ("VIC002", "3.4"),
    ("VIC004", "3.4"),
    // 2.2: "Every hex contains one or more kinds of terrain".
    ("MAP002", "2.2"),
    // 3.2: the scenario rules "specify which units start on the map".
    ("DEP010", "3.2"),
    // A victory target names the map's places in the zone language: 3.4.
    ("REF001", "3.4"),
    ("REF002", "3.4"),
    ("ZON002", "3.4"),
    ("ZON003", "3.4"),
    ("TRN004", "3.4"),
    // Whether a side can reach its goal's place at all: the chart's prohibited terrain (2.2),
    // roads (4.4), retreats and advances into no prohibited terrain (7.7, 7.9), leaders "ignoring
    // all but prohibited terrain" (10.0).
    ("PLY001", "2.2, 4.4, 7.7, 7.9, 10.0"),
    ("PLY005", "2.2, 4.4, 7.7, 7.9, 10.0"),
];

/// What each shared code means in a Musket & Saber Quick Play file, in its rules' words (the
/// registry's explanation is Rifle & Saber's): `saberc explain` and SARIF show it beside the
/// section [`CITATIONS`] gives.
const RULE_TEXTS: [(&str, &str); 24] = [
    (
        "STK001",
        "\"Stacking is limited to one battalion or artillery unit, plus any three units (infantry, cavalry, artillery), plus any number of leaders\" (5.0). The set-up puts more in one hex: move a unit to a neighbouring hex, or give the line `w1: true` to spread it within 1 hex (3.2).",
    ),
    (
        "STK002",
        "Units may not enter a hex \"occupied by an enemy unit\" (4.5; 7.7 \"enemy-occupied hexes\"): the set-up puts both sides in one hex; move one side's units.",
    ),
    (
        "DEP001",
        "A set-up line's units stand in its hex, or within 1 hex of it when the line is `w/1` (3.2), within the 5.0 stacking limit: the hexes open to the line cannot hold them. Give the line `w1: true`, or split it over two hexes.",
    ),
    (
        "DEP003",
        "\"In some cases, the hex number has a \"w/1\" notation, indicating the unit may be placed within 1 hex (i.e. adjacent to) the specified hex\" (3.2): a placement of a `w/1` line lies farther from its hex; place the unit in or next to the line's hex.",
    ),
    (
        "TRN001",
        "\"The number of turns in a game and the First Player are specified in the scenario rules\" (3.3); turns are counted from 1 along the map's Turn Record Track, one space a turn: `game_length` is at most the number of the track's labels.",
    ),
    (
        "TRN002",
        "\"Units arriving as reinforcements (13.0) are listed by turn and hex of entry\" (3.2): a reinforcement's `turn` is a label of the map's Turn Record Track (\"1545\"), within the game's turns.",
    ),
    (
        "TRN003",
        "\"The identified entry hex is the first hex of movement for that unit\" (4.5): reinforcements enter at a hex of the map's edge.",
    ),
    (
        "VIC002",
        "\"The specific victory conditions for each player are listed in the scenario rules\" (3.4): a victory turn counts from 1 (the first space of the Turn Record Track) to the game's length; a track label such as 1700 names a turn by its time, not its number.",
    ),
    (
        "MAP007",
        "\"Each hex has a four-digit number to aid set up and play\" (2.2): the first two digits the column, the last two the row, as the map numbers them; a hex the map does not have is off the map.",
    ),
    (
        "MAP002",
        "\"Every hex contains one or more kinds of terrain which affect the movement of units and combat between opposing units\" (2.2): each character of the map's `terrain` rows is a `legend` entry naming the kinds of its hex; a character the legend does not have names no terrain. Add it to `legend`, or use one of the legend's characters.",
    ),
    (
        "MAP004",
        "\"To travel along a road, a unit must move from a hex containing the path across a hexside containing the same path into another hex containing the same path\" (4.4): each hex of a road follows the one before it, next to it; a road with a gap is two roads.",
    ),
    (
        "REF003",
        "\"The number of turns in a game and the First Player are specified in the scenario rules\" (3.3): `first_player`, and each set-up, reinforcement, placement and victory line, names a side by the `id` of one of the scenario's `sides`.",
    ),
    (
        "REF005",
        "\"Units starting on the map (identified by ID and/or Formation) are listed with the hex number of their starting location\" (3.2): a counter's ID names one counter, so two counters of a side, or two sides, may not share an ID.",
    ),
    (
        "DEP007",
        "\"The background colors indicate the army to which each unit belongs\" (2.3): the two armies' counters have different colours; give each side its own `colour` (the same word, whatever its case and spacing, is the same colour).",
    ),
    (
        "DEP009",
        "A unit may not stand in terrain it may not enter: a Safe Line of Retreat is \"a path of hexes with no prohibited terrain\" (7.7); artillery \"may not move or attack into some terrain types (see the TEC)\" (8.1); leaders move \"ignoring all but prohibited terrain\" (10.0). The set-up or entry puts a unit in a hex whose terrain the map's chart prohibits to its class: set it up or bring it in elsewhere.",
    ),
    (
        "DEP010",
        "\"The scenario rules for each game specify which units start on the map and which enter as reinforcements later in the game\" (3.2): a side without a single counter has nothing to set up or bring in; give it its `counters`.",
    ),
    (
        "VIC004",
        "\"The specific victory conditions for each player are listed in the scenario rules\" (3.4): a victory target names hexes of this map (`Hexes([\"0807\"])`); a target with no hexes on the map can never be taken or held.",
    ),
    (
        "REF001",
        "\"The specific victory conditions for each player are listed in the scenario rules\" (3.4): a victory target names the map's hexes by their four-digit numbers (2.2, `Hexes([\"0807\"])`); a `Feature` it names is not on this map.",
    ),
    (
        "REF002",
        "\"The specific victory conditions for each player are listed in the scenario rules\" (3.4): a victory target that names a road (`RoadEntry`) names one of the map's `roads`; this map has no road of that name.",
    ),
    (
        "ZON002",
        "\"The specific victory conditions for each player are listed in the scenario rules\" (3.4): a victory target's zone has a parameter that no hex of this map can meet; name the hexes by their four-digit numbers (2.2), or change the parameter.",
    ),
    (
        "ZON003",
        "\"The specific victory conditions for each player are listed in the scenario rules\" (3.4): a victory target's `RiverSide` names neither bank of a river of this map; name the hexes by their four-digit numbers (2.2).",
    ),
    (
        "TRN004",
        "\"The specific victory conditions for each player are listed in the scenario rules\" (3.4): a victory target that names a road's end at the map edge needs a road of this map that reaches an edge; name the hexes by their four-digit numbers (2.2).",
    ),
    (
        "PLY001",
        "No unit of the side that must reach this place (a hex to hold, an exit, the enemy's set-up; 3.4) can get there by any path from its set-up or entry hexes: the terrain the map's Terrain Effects Chart prohibits to each class (2.2) and the map's edges cut it off, even reading a road as lifting the chart's prohibitions of its hexes (4.4) and a leader alone, who moves \"ignoring all but prohibited terrain\" (10.0), as counting for the goal. No other movement opens a path: an advance enters only a hex \"the advancing unit could move into\" (7.9), a retreat never crosses prohibited terrain (7.7). Enemy units are left out, so the goal is impossible in every game. `saberc analyze` shows each line's least cost by class (it analyses a file whose only errors are these findings); move a set-up or entry hex or the target, or check the chart's prohibited entries.",
    ),
    (
        "PLY005",
        "Under the reading `saberc analyze` counts (the chart's prohibitions hold along a road; leaders, who have no column of the chart, are not counted) no unit of the side reaches this place (3.4); under another, named in the message, one does: a road lifting the chart's prohibition of the hexes it runs through (4.4 prices road movement and says nothing of prohibited terrain), or a leader alone counting for the goal, stopped only by terrain the chart prohibits to every class (10.0). The goal is not impossible, so this is a note: if you read the rules strictly, move a set-up or entry hex or the target; otherwise record your reading under `interpretations`.",
    ),
];

/// The codes with a Rifle & Saber rule section that no Musket & Saber Quick Play file can get,
/// each with why: their checks run only on Rifle & Saber files (or tools that refuse M&S
/// files), so their explanation and SARIF text are Rifle & Saber's alone. A test checks every
/// M&S fixture against this list.
pub const RS_ONLY: [(&str, &str); 35] = [
    (
        "MAP005",
        "lettered map features (11.0): an M&S map has none",
    ),
    (
        "MAP006",
        "lettered map features (11.0): an M&S map has none",
    ),
    (
        "MAP008",
        "main roads leaving by an edge (11.0): an M&S map's roads are not checked for it",
    ),
    (
        "MAP009",
        "lettered map features' terrain (11.0): an M&S map has none",
    ),
    (
        "ZON001",
        "deployment and arrival zones (11.0): an M&S set-up names hexes (3.2); an empty victory target is VIC004",
    ),
    (
        "DEP002",
        "opposing deployment zones (7.0): an M&S set-up has no zones",
    ),
    (
        "DEP006",
        "counters allotted to groups (11.0): an M&S side has a roster, not allotments",
    ),
    (
        "DEP008",
        "the side that deploys first (11.0): M&S has no such rule",
    ),
    (
        "DEP011",
        "zones with river hexes (11.5): an M&S set-up has no zones",
    ),
    (
        "VIC001",
        "exit goals (11.0, 11.9): checked on R&S scenarios only",
    ),
    (
        "VIC003",
        "victory ladders (11.0): checked on R&S scenarios only",
    ),
    (
        "VIC005",
        "units to hold hexes (11.0): checked on R&S scenarios only",
    ),
    (
        "VIC006",
        "targets held at set-up (11.0): checked on R&S scenarios only",
    ),
    (
        "VIC007",
        "ladders on goals judged at the end (11.0): checked on R&S scenarios only",
    ),
    (
        "MRK001",
        "trenches and improved positions (10.2, 10.3): M&S has no such markers",
    ),
    (
        "MRK002",
        "marker placement (10.2, 10.3, 11.0): M&S has no such markers",
    ),
    (
        "MRK003",
        "marker counts (10.2, 10.3): M&S has no such markers",
    ),
    ("MRK004", "limbers (4J): M&S has none"),
    (
        "MRK005",
        "trenches in a zone (10.2, 10.3): M&S has no such markers",
    ),
    ("MRK006", "road-bound limbers (11.17): M&S has none"),
    ("MRK007", "road-bound limbers (11.17): M&S has none"),
    (
        "SPR001",
        "special rules (11.0): an M&S scenario has no `special_rules`",
    ),
    (
        "SPR002",
        "proximity disruption (11.13): an M&S scenario has no `special_rules`",
    ),
    (
        "SPR003",
        "markers as desired (11.8): an M&S scenario has no `special_rules`",
    ),
    (
        "TXT002",
        "11.18 factoring's starting points: factoring is an R&S procedure",
    ),
    (
        "PLY002",
        "a goal out of reach by its turn (4C, 4H): an M&S unit may move farther than its printed MA (a leader's movement factor, 10.0; advances after combat, 7.9, 9.2), so no turn is a bound every reading agrees on; `saberc analyze` gives the earliest turn at the printed MA",
    ),
    (
        "PLY003",
        "unknown allowances (4C, 4K): every M&S counter prints its MA (2.3)",
    ),
    (
        "PLY004",
        "deployment zones (4.0, 11.0): an M&S set-up has no zones",
    ),
    (
        "PLY006",
        "a goal out of reach by its turn under a strict reading (4C, 4H, 4M, 9.2): judged on R&S scenarios only, as PLY002",
    ),
    (
        "FAC001",
        "battle files (11.18): factoring is an R&S procedure, its files name no game",
    ),
    (
        "FAC002",
        "battle files (11.18): factoring is an R&S procedure, its files name no game",
    ),
    (
        "TIL002",
        "Tiled import (9.2): read as R&S; an M&S map's Tiled map is refused",
    ),
    (
        "TIL006",
        "Tiled import (9.2): read as R&S; an M&S map's Tiled map is refused",
    ),
    (
        "TIL003",
        "Tiled import (11.0): read as R&S; an M&S map's Tiled map is refused",
    ),
    (
        "TIL005",
        "Tiled import (11.0): read as R&S; an M&S map's Tiled map is refused",
    ),
];

/// What a shared code means in a Musket & Saber Quick Play file, in its rules' words, when it
/// differs from the registry's (Rifle & Saber's) explanation.
pub fn rule_text(code: &str) -> Option<&'static str> {
    MUSKET_AND_SABER_QUICK_PLAY.rule_text(code)
}

/// A chart row the system rules leave to each game's Terrain Effects Chart (2.2).
const EACH_GAMES_CHART: TerrainEffect = TerrainEffect {
    name: "on each game's Terrain Effects Chart (2.2)",
    movement_cost: None,
    movement_extra: None,
    defense: None,
    blocks_fire: false,
};

/// Musket & Saber Quick Play: what its system rules fix.
pub(super) const MUSKET_AND_SABER_QUICK_PLAY: Ruleset = Ruleset {
    game: Game::MusketAndSaberQuickPlay,
    name: "Musket & Saber Quick Play",
    // 5.0, read slot by slot (the design study's "slot" reading).
    stacking: Stacking::Slots { slots: 1, any: 3 },
    // 3.3: the Turn Record Track is printed on each game's map.
    turn_record_track: 0,
    turn_words: TurnWords {
        turn: "game turn",
        turns: "game turns",
        player_turns: [
            "First Player of each game turn",
            "Second Player of each game turn",
        ],
    },
    // The unit classes, markers and terrain kinds of the system are not Rifle & Saber's types
    // (its classes are [`MsClass`]; a game's terrain kinds are in its map file's chart).
    units: &[],
    markers: &[],
    terrains: &[],
    slope_effect: EACH_GAMES_CHART,
    ridge_effect: EACH_GAMES_CHART,
    // 4.4: ½ MP a road hex when the move starts and ends on the road.
    road_cost: Ratio::new(1, 2),
    // 4.3: "A unit may always move one hex even if lacking the necessary MP to enter a hex."
    one_hex_always: true,
    // 8.2: "Units do not block LOS"; "If the LOS is congruent to a non-blocking hex side, the
    // LOS is blocked only if both hexes adjacent to that hex side are blocked."
    sight: SightRule {
        section: "8.2",
        units_block: false,
        lower_units_do_not_block: false,
        along_hexside_needs_both: true,
    },
    feature_letters: &[],
    terrain_legend: &[],
    // Built from each game's chart in its map file.
    map_key: &[],
    citations: &CITATIONS,
    cites_the_registry: false,
    own_codes: &OWN_CODES,
    rule_texts: &RULE_TEXTS,
    road_enters_from_off_map: false,
    max_map_side: Some(MAX_SIDE),
    export_schema: EXPORT_SCHEMA_FILE,
    type_prefix: "Ms",
};

/// The file name of the JSON Schema of the game's engine exports.
pub const EXPORT_SCHEMA_FILE: &str = "export.musket-and-saber-quick-play.schema.json";

/// One column of the M&S Quick Play Revised CRT (the table after 11.4): the lowest and highest
/// differential it covers (`None`: open).
pub type CrtColumn = (Option<i32>, Option<i32>);

/// The CRT's differential columns, as printed.
pub const CRT_COLUMNS: [CrtColumn; 9] = [
    (None, Some(-6)),
    (Some(-5), Some(-4)),
    (Some(-3), Some(-2)),
    (Some(-1), Some(0)),
    (Some(1), Some(2)),
    (Some(3), Some(4)),
    (Some(5), Some(6)),
    (Some(7), Some(9)),
    (Some(10), None),
];

/// The CRT's results, combat die 1 to 6 down, the columns of [`CRT_COLUMNS`] across, as
/// printed ("–" is no effect).
pub const CRT: [[&str; 9]; 6] = [
    ["Am", "Am", "Ax", "Ar", "Ar", "Ac", "–", "Dr", "Dx"],
    ["Am", "Ax", "Ar", "Ac", "Ac", "–", "Dc", "Dr", "Dx"],
    ["Am", "Ax", "Ar", "Ac", "–", "Dc", "Dr", "Dx", "Dm"],
    ["Ax", "Ac", "Ac", "–", "Dc", "Dr", "Dr", "Dx", "Dm"],
    ["Ax", "Ac", "–", "Dc", "Dc", "Dr", "Dr", "Dm", "Dm"],
    ["Ac", "–", "Dc", "Dr", "Dr", "Dr", "Dx", "Dm", "Dm"],
];

/// The CRT's rule sections: 7.2 (3) "locate the corresponding column on the CRT", (4)
/// "Cross-index the combat die roll with the differential column"; 7.4 the differential. The
/// table is printed after 11.4 as "M&S QUICK PLAY REVISED CRT".
pub const CRT_RULE: &str = "7.2, 7.4";

/// The CRT's key, as printed under it (the text's bold marks left out).
pub const CRT_KEY: [&str; 3] = [
    "A = Attacker, D = Defender",
    "“A” results indicate the attacker(s) are the losing side. “D” results indicate the defender(s) are the losing side.",
    "“–” results are no effect.",
];

/// One row of the COMBAT RESULTS or BOMBARDMENT RESULTS tables printed after the CRT: the
/// result's letter(s), what happens when the primary losing (or defending) unit passes its
/// morale check (7.5), and when it fails, each point as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultRow {
    /// `C`, `R`, `X`, `M` (combat: the second letter of a CRT result), or `Dc` … `Dm`
    /// (bombardment).
    pub result: &'static str,
    /// The points when the unit passes its morale check.
    pub passes: &'static [&'static str],
    /// The points when it fails.
    pub fails: &'static [&'static str],
}

/// COMBAT RESULTS (7.5, 7.6, 7.7, 7.9), as printed.
pub const COMBAT_RESULTS: [ResultRow; 4] = [
    ResultRow {
        result: "C",
        passes: &["No Effect: all units remain in position."],
        fails: &[
            "Losing unit(s) disrupt or flip to ineffective side. If already disrupted or ineffective, units retreat 1–3 hexes.",
            "Victorious attackers may advance 1 hex.",
        ],
    },
    ResultRow {
        result: "R",
        passes: &[
            "Exchange: the primary unit on each side loses one step.",
            "No retreat or advance.",
        ],
        fails: &[
            "Losing unit(s) disrupt or flip to ineffective side. and retreat 1–3 hexes.",
            "If primary losing unit already disrupted or ineffective, retreat must be at least 2 hexes.",
            "Victorious attackers may advance 1 hex.",
        ],
    },
    ResultRow {
        result: "X",
        passes: &[
            "Primary losing unit loses one step.",
            "Losing unit(s) disrupt or flip to ineffective side.",
            "If primary losing unit already disrupted/ineffective no further effect.",
        ],
        fails: &[
            "Losing unit(s) disrupt or flip to ineffective side. and retreat 1–3 hexes.",
            "If primary losing unit already disrupted/ineffective, retreat must be at least 2 hexes.",
            "Victorious attackers may advance 1 hex.",
        ],
    },
    ResultRow {
        result: "M",
        passes: &[
            "Losing unit(s) disrupt or flip to ineffective side. and retreat 1–3 hexes.",
            "If primary losing unit already disrupted/ineffective, retreat must be at least 2 hexes.",
            "Victorious attackers may advance 1 hex.",
        ],
        fails: &[
            "Primary losing unit loses one step.",
            "Losing unit(s) disrupt or flip to ineffective side and retreat 3 hexes.",
            "Victorious attackers may advance 2 hexes.",
        ],
    },
];

/// BOMBARDMENT RESULTS (8.4), as printed; "All \"A\" and \"–\" results are no effect."
pub const BOMBARDMENT_RESULTS: [ResultRow; 4] = [
    ResultRow {
        result: "Dc",
        passes: &["No Effect: all units remain in position."],
        fails: &[
            "Defending unit disrupts or flips to ineffective side. If already disrupted, no further effect.",
        ],
    },
    ResultRow {
        result: "Dr",
        passes: &["No Effect: all units remain in position."],
        fails: &[
            "Defending unit disrupts or flips to ineffective side. If already disrupted, defending unit retreats.",
        ],
    },
    ResultRow {
        result: "Dx",
        passes: &[
            "Defending unit disrupts or flips to ineffective side. If already disrupted, defending unit retreats 1–3 hexes.",
        ],
        fails: &[
            "Defending one-step units eliminated.",
            "Defending two-step units reduced.",
        ],
    },
    ResultRow {
        result: "Dm",
        passes: &[
            "Defending one-step units eliminated.",
            "Defending two-step units reduced.",
        ],
        fails: &[
            "Defending one-step units eliminated.",
            "Defending two-step units reduced and routed.",
        ],
    },
];

/// The bombardment table's note, as printed.
pub const BOMBARDMENT_NOTE: &str = "All “A” and “–” results are no effect.";

/// The fixed numbers of the system's combat, morale and recovery rules: (name, value as
/// numerator and denominator, section, the words that print it).
pub const NUMBERS: [(&str, u32, u32, &str, &str); 19] = [
    (
        "morale_check_always_passes_on",
        1,
        1,
        "7.5",
        "a unit always passes the check on a roll of \"1\"",
    ),
    (
        "morale_check_always_fails_on",
        6,
        1,
        "7.5",
        "always fails on a roll of \"6.\"",
    ),
    (
        "halving_divisor",
        2,
        1,
        "7.4",
        "divide the combat factor by two, rounding up any remainder",
    ),
    (
        "factor_when_halved_more_than_once",
        1,
        1,
        "7.4",
        "treat it as having a combat factor of one",
    ),
    (
        "counterattack_factor",
        2,
        1,
        "7.3",
        "The combat factor of the counterattacking unit(s) is doubled.",
    ),
    (
        "retreat_fewest_hexes",
        1,
        1,
        "7.7",
        "must retreat one, two, or three hexes",
    ),
    (
        "retreat_most_hexes",
        3,
        1,
        "7.7",
        "must retreat one, two, or three hexes",
    ),
    (
        "rout_hexes",
        3,
        1,
        "7.8",
        "it must retreat three hexes from the hex where the rout began",
    ),
    (
        "bombardment_against_cavalry",
        2,
        1,
        "8.4",
        "If the target is cavalry, double the artillery's combat factor after the terrain modifiers.",
    ),
    (
        "cavalry_retreat_hexes",
        3,
        1,
        "9.1",
        "It must retreat 3 hexes when retreating",
    ),
    (
        "charge_against_disrupted",
        2,
        1,
        "9.1",
        "Its charge factor (C#) is doubled when attacking a disrupted defender.",
    ),
    (
        "square_defence_against_cavalry",
        2,
        1,
        "9.3",
        "Add +2 to the unit's combat and morale factors when being attacked by cavalry",
    ),
    (
        "attacking_square",
        2,
        1,
        "9.3",
        "Attacking units other than cavalry (including bombarding artillery) add +2 to their CF.",
    ),
    (
        "square_attacking",
        2,
        1,
        "9.3",
        "If a unit in square attacks, subtract 2 from its CF.",
    ),
    (
        "leader_alone_hexes",
        12,
        1,
        "10.0",
        "They may move alone up to 12 hexes",
    ),
    (
        "leader_check_eliminated_low",
        2,
        1,
        "10.0",
        "On a result of 2 or 12, the leader is eliminated.",
    ),
    (
        "leader_check_eliminated_high",
        12,
        1,
        "10.0",
        "On a result of 2 or 12, the leader is eliminated.",
    ),
    (
        "disrupted_morale",
        2,
        1,
        "11.1",
        "Subtract 2 from their morale rating",
    ),
    (
        "recovery_distance_hexes",
        2,
        1,
        "11.3",
        "It must be at least two hexes away from the nearest enemy unit.",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use MsClass::*;

    #[test]
    fn classes_follow_2_4() {
        assert_eq!(Brigade.steps(), 2);
        for c in [Battalion, Cavalry, Artillery, Leader] {
            assert_eq!(c.steps(), 1, "{c:?}");
            assert_eq!(c.info().faces, Faces::EffectiveIneffective);
        }
        assert_eq!(Brigade.info().faces, Faces::FullReduced);
        assert!(Artillery.info().values.range && !Cavalry.info().values.range);
        assert!(Cavalry.info().values.charge && Leader.info().values.leader);
        assert!(!Leader.info().values.combat && !Leader.is_combat());
        for (i, c) in MsClass::ALL.iter().enumerate() {
            assert_eq!(CLASSES[i].class, *c);
        }
    }

    /// Every row of the design study's table of readings of 5.0 (slot reading), asked of the
    /// ruleset's one stacking rule through the classes' weights.
    #[test]
    fn stacking_is_the_slot_reading_of_5_0() {
        let over = |classes: &[MsClass]| {
            MUSKET_AND_SABER_QUICK_PLAY
                .stacking
                .over_stacked(classes.iter().map(|c| (c.stack_weight(), 1)))
        };
        assert!(over(&[Brigade; 4]));
        assert!(over(&[Brigade, Brigade, Cavalry, Cavalry]));
        assert!(!over(&[Battalion, Battalion, Artillery, Artillery]));
        assert!(over(&[Battalion, Brigade, Brigade, Brigade, Artillery]));
        let mut legal = vec![Battalion, Brigade, Brigade, Brigade];
        legal.extend([Leader; 4]);
        assert!(!over(&legal));
        assert!(!over(&[Leader; 12]));
        assert!(!over(&[Artillery, Cavalry, Cavalry, Cavalry]));
        assert_eq!(stack_counts(legal), (1, 3, 4));
    }

    #[test]
    fn shared_codes_cite_m_and_s_sections() {
        use crate::ruleset::Citation;
        let r = &MUSKET_AND_SABER_QUICK_PLAY;
        assert_eq!(r.citation("STK001"), Citation::Own(Some("5.0")));
        assert_eq!(r.citation("DEP003"), Citation::Own(Some("3.2")));
        // A shared code M&S has no section for cites none, never Rifle & Saber's.
        assert_eq!(r.citation("DEP008"), Citation::Own(None));
        assert_eq!(r.citation("DEP010"), Citation::Own(Some("3.2")));
    }

    #[test]
    fn the_crt_is_as_printed() {
        assert_eq!(CRT[0][0], "Am");
        assert_eq!(CRT[5][8], "Dm");
        assert_eq!(CRT[3][3], "–");
    }
}
