//! Musket & Saber Quick Play files: a game's map (with its Terrain Effects Chart and Turn Record
//! Track) and a scenario (a roster of named counters, set-up and reinforcement lines).
//!
//! These are document types of their own, chosen by the `game` field at the pipeline level
//! (ARCHITECTURE.md says why): a Rifle & Saber file never gains a field it cannot use, and an
//! M&S file never carries Rifle & Saber's required parts (groups of unit types, counter colours,
//! who deploys first).
//!
//! The M&S rules text holds none of a game's data (2.2: the TEC is "in the Scenario Rules for
//! each game"; 3.3: the TRT is "on the map"; 2.3: the counter picture is absent). So every value
//! here is typed by the user from their own copy, and says where it comes from (`source`).
//!
//! Hexes are written as the map prints them, `"CCRR"` or `(col, row)`: 2.2 says only "Each hex
//! has a four-digit number", so a map declares its numbering (`numbering`): column then row,
//! both from 01 (`"2114"` is the 21st column, 14th row), or from the numbers its first column
//! and row print (a map whose first hex is `0100` or `1001`). The checks read every hex of a
//! map and its scenarios on the grid ([`MsMapFile::in_grid`], [`MsScenario::in_grid`]) and
//! print hexes as the map numbers them ([`MsMapFile::label`]).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::counter::NoCounter;
use crate::model::hex::{Compass, Coord, Grid, Numbering, Orientation, Parity, Printed};
use crate::model::limits;
use crate::model::map::Label;
use crate::model::scenario::Interpretation;
use crate::model::victory::VictoryCondition;
use crate::model::zone::KindName;
use crate::ruleset::musket_and_saber::{self as ms, ChartColumn, MsClass};

mod lower;

/// A victory condition in this game's words: its `Terrain` zones name the map's kinds, its
/// exits count any unit (3.4).
pub type MsVictoryCondition = VictoryCondition<KindName, NoCounter>;

/// The pattern of the `game` field of an M&S file: exactly the game's id.
const GAME_PATTERN: &str = "^musket-and-saber-quick-play$";

pub use limits::MAX_SHORT;

/// A Musket & Saber Quick Play map file, typed from the user's copy of a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Musket & Saber Quick Play map")]
pub struct MsMapFile {
    /// The JSON Schema this file follows, for editors. JSON files only; saberc does not read it.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = limits::MAX_MAP_REF))]
    pub schema: Option<String>,
    /// File format and version: `saber-map/1`.
    #[schemars(regex(pattern = r"^saber-map/[0-9]+$"))]
    pub format: String,
    /// The game: `musket-and-saber-quick-play`.
    #[schemars(regex(pattern = GAME_PATTERN))]
    pub game: String,
    /// Short identifier that scenarios use to name the map.
    #[schemars(regex(pattern = limits::FILE_ID_PATTERN))]
    pub id: String,
    /// Display name.
    #[schemars(length(max = limits::MAX_NAME))]
    pub name: String,
    /// Where the map, chart and track come from: the user's own copy of a game (never shipped),
    /// or "invented for the project".
    #[schemars(length(min = 1, max = limits::MAX_PARAGRAPH))]
    pub source: String,
    /// Free notes.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_TEXT))]
    pub notes: String,
    /// How the map's four-digit hex numbers read (2.2); the rules text does not say.
    pub numbering: HexNumbering,
    /// Number of columns, at most 99 (two digits of the hex number, 2.2).
    #[schemars(range(min = 1, max = ms::MAX_SIDE))]
    pub width: u32,
    /// Number of rows, at most 99.
    #[schemars(range(min = 1, max = ms::MAX_SIDE))]
    pub height: u32,
    /// Hex orientation.
    #[serde(default)]
    pub orientation: Orientation,
    /// Which columns (flat) or rows (pointy) are shoved half a hex.
    #[serde(default)]
    pub parity: Parity,
    /// The characters of `terrain`, each standing for one or more kinds of terrain (2.2: "Every
    /// hex contains one or more kinds of terrain").
    #[schemars(length(min = 1, max = limits::MAX_CLAUSES))]
    pub legend: Vec<LegendEntry>,
    /// Terrain, one string per row from north to south, one legend character per hex.
    #[schemars(length(max = ms::MAX_SIDE), inner(regex(pattern = r"^[!-~]*$")))]
    pub terrain: Vec<String>,
    /// Hexside terrain (2.2: "on the hex side between two hexes").
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS))]
    pub hexsides: Vec<MsHexside>,
    /// Roads (paths, 4.4) as hexes in order; each is adjacent to the one before.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS))]
    pub roads: Vec<MsRoad>,
    /// The game's Terrain Effects Chart (2.2), as printed in its scenario rules.
    #[schemars(length(min = 1, max = limits::MAX_CLAUSES))]
    pub chart: Vec<ChartRow>,
    /// The game's Turn Record Track (3.3), as printed on its map.
    pub track: TurnTrack,
    /// Free text labels.
    #[serde(default, serialize_with = "printed_labels")]
    #[schemars(length(max = limits::MAX_ITEMS))]
    pub labels: Vec<Label>,
}

/// `serialize_with` for a map's labels, each at its hex as the map prints it (`"1104"`): the
/// shared [`Label`] writes `(col, row)`, as Rifle & Saber files do.
fn printed_labels<S: serde::Serializer>(labels: &[Label], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    #[serde(rename = "Label")]
    struct PrintedLabel<'a> {
        text: &'a str,
        at: Printed,
    }
    s.collect_seq(labels.iter().map(|l| PrintedLabel {
        text: &l.text,
        at: Printed(l.at),
    }))
}

/// How a map's four-digit hex numbers read (2.2: "Each hex has a four-digit number"; the rules
/// text says no more).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum HexNumbering {
    /// Column then row, both from 01: `2114` is column 21, row 14.
    #[default]
    ColumnRowFrom0101,
    /// Column then row, from the numbers printed on the map's first (westmost) column and first
    /// (northmost) row: `ColumnRow(first_column: 1, first_row: 0)` for a map whose first hex is
    /// `0100`, `ColumnRow(first_column: 10, first_row: 1)` for one whose first is `1001`.
    ColumnRow {
        /// The number of the first column.
        #[schemars(range(max = 99))]
        first_column: u32,
        /// The number of the first row.
        #[schemars(range(max = 99))]
        first_row: u32,
    },
}

impl HexNumbering {
    /// The grid's numbering, through which every label of the map is said and read.
    pub fn numbering(self) -> Numbering {
        match self {
            HexNumbering::ColumnRowFrom0101 => Numbering::FromOne,
            HexNumbering::ColumnRow {
                first_column,
                first_row,
            } => Numbering::FourDigitsFrom {
                first_column: first_column.min(ms::MAX_SIDE) as i32,
                first_row: first_row.min(ms::MAX_SIDE) as i32,
            },
        }
    }

    /// The numbers of the first column and the first row.
    pub fn first(self) -> (i32, i32) {
        self.numbering().first()
    }

    /// The grid hex (column and row from 1) of a hex as the map numbers it.
    pub fn to_grid(self, printed: Coord) -> Coord {
        self.numbering().to_grid(printed)
    }

    /// The number the map prints on a grid hex, as a coordinate.
    pub fn to_printed(self, grid: Coord) -> Coord {
        self.numbering().to_printed(grid)
    }
}

/// One character of a map's terrain rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegendEntry {
    /// The character (printable ASCII).
    #[schemars(regex(pattern = r"^[!-~]$"))]
    pub char: String,
    /// The kinds of terrain in a hex of this character, each a hex row of the chart.
    #[schemars(length(max = limits::MAX_KINDS), inner(length(min = 1, max = MAX_SHORT)))]
    pub kinds: Vec<String>,
}

/// A hexside's terrain: a hex and which of its sides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsHexside {
    /// The kind, a hexside row of the chart.
    #[schemars(length(min = 1, max = MAX_SHORT))]
    pub kind: String,
    /// The hex.
    #[serde(serialize_with = "crate::model::hex::serialize_printed")]
    pub hex: Coord,
    /// Which side of it.
    pub side: Compass,
}

/// A road: a path of adjacent hexes (4.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsRoad {
    /// Name, if printed.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ROAD_NAME))]
    pub name: Option<String>,
    /// The hexes in order.
    #[schemars(length(min = 2, max = limits::MAX_HEX_LIST))]
    #[serde(serialize_with = "crate::model::hex::serialize_printed_list")]
    pub hexes: Vec<Coord>,
}

/// Where a chart row applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ChartOn {
    /// A kind of hex terrain.
    Hex,
    /// A kind of hexside terrain.
    Hexside,
}

/// What entering (or crossing) costs one class (4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Cost {
    /// Movement points to enter the hex.
    Mp(#[schemars(range(max = limits::MAX_ALLOWANCE))] u32),
    /// Movement points added to the cost of the hex entered ("+1", 4.3).
    Plus(#[schemars(range(max = limits::MAX_ALLOWANCE))] u32),
    /// Prohibited (7.7, 8.1(6), 10.0).
    Prohibited,
}

/// One row of a game's Terrain Effects Chart: the columns the rules text fixes (4.3, 6.3,
/// 7.2(2), 7.4, 7.9, 8.1(6), 8.2, 8.4, 9.1(5), 9.2, 11.1, 11.2), the values from the user's copy.
/// A column the chart leaves blank is left out (never 0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChartRow {
    /// The kind of terrain, as the legend and hexsides name it.
    #[schemars(length(min = 1, max = MAX_SHORT))]
    pub kind: String,
    /// A hex or a hexside row.
    pub on: ChartOn,
    /// Movement cost for infantry (4.3).
    #[serde(default)]
    pub infantry: Option<Cost>,
    /// Movement cost for cavalry (4.3, 9.1(5)).
    #[serde(default)]
    pub cavalry: Option<Cost>,
    /// Movement cost for artillery (4.3, 8.1(6)).
    #[serde(default)]
    pub artillery: Option<Cost>,
    /// Added to the defender's strength (7.2(2)).
    #[serde(default)]
    #[schemars(range(min = -99, max = 99))]
    pub defense: Option<i32>,
    /// Attackers into or out of it are halved (7.4).
    #[serde(default)]
    pub halves_attacker: bool,
    /// Attackers in it may not advance (7.9).
    #[serde(default)]
    pub no_advance: bool,
    /// Blocks line of sight (8.2).
    #[serde(default)]
    pub blocks_sight: bool,
    /// Blocks zones of control (6.3).
    #[serde(default)]
    pub blocks_zoc: bool,
    /// Bombardment into it is not permitted (8.2).
    #[serde(default)]
    pub no_bombardment: bool,
    /// Bombardment modifier subtracted (8.4).
    #[serde(default)]
    #[schemars(range(min = -99, max = 99))]
    pub bombardment: Option<i32>,
    /// Counts as "clear or clear hill" for charges and squares (9.2(1), 9.3(1)).
    #[serde(default)]
    pub clear_for_charges: bool,
    /// Where the row comes from (the game's chart, or "invented for the project").
    #[schemars(length(min = 1, max = limits::MAX_NAME))]
    pub source: String,
}

impl ChartRow {
    /// The row's movement cost in a column.
    pub fn cost(&self, column: ChartColumn) -> Option<Cost> {
        match column {
            ChartColumn::Infantry => self.infantry,
            ChartColumn::Cavalry => self.cavalry,
            ChartColumn::Artillery => self.artillery,
        }
    }

    /// Does the row prohibit the class (7.7 "prohibited terrain", 8.1(6), 10.0)? A class with
    /// a column: when its column says `Prohibited`. A leader, which moves "ignoring all but
    /// prohibited terrain" (10.0) and has no column of its own: when every column the row
    /// fills says `Prohibited` (terrain no unit may enter; a reading, recorded in the README).
    pub fn prohibits(&self, class: MsClass) -> bool {
        match class.chart_column() {
            Some(col) => self.cost(col) == Some(Cost::Prohibited),
            None => {
                let filled: Vec<Cost> = ChartColumn::ALL
                    .iter()
                    .filter_map(|c| self.cost(*c))
                    .collect();
                !filled.is_empty() && filled.iter().all(|c| *c == Cost::Prohibited)
            }
        }
    }
}

/// The Turn Record Track (3.3): its spaces' labels as printed, often clock times (3.2's
/// example turn is `1545`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnTrack {
    /// The labels, first space first.
    #[schemars(length(min = 1, max = limits::MAX_CLAUSES), inner(length(min = 1, max = MAX_SHORT)))]
    pub labels: Vec<String>,
    /// Where the track comes from.
    #[schemars(length(min = 1, max = limits::MAX_NAME))]
    pub source: String,
}

impl MsMapFile {
    /// How a grid hex is numbered on this map (`0100`): its grid's label.
    pub fn label(&self, grid: Coord) -> String {
        self.grid().label(grid)
    }

    /// MAP007 for a hex (on the grid) that is not on the map: the shared finding
    /// (`model::map::off_map`) in the words of a file that writes its hexes as labels,
    /// the map's own numbers.
    pub fn off_map(
        &self,
        at: Coord,
        path: Vec<crate::diagnostic::PathSeg>,
    ) -> crate::diagnostic::Diagnostic {
        crate::model::map::off_map(&self.grid(), at, path).in_label_words()
    }

    /// This map with every hex it names (hexsides, roads, labels) on the grid (column and row
    /// from 1), as the checks and the in-memory map read them.
    pub fn in_grid(&self) -> MsMapFile {
        self.renumbered(HexNumbering::to_grid)
    }

    /// This map, its hexes on the grid ([`MsMapFile::in_grid`]), with every hex said again as
    /// its numbering prints it: the inverse of `in_grid`, exactly (a map given another
    /// first number keeps its hexsides, roads and labels where they are on the grid).
    pub fn in_printed(&self) -> MsMapFile {
        self.renumbered(HexNumbering::to_printed)
    }

    /// This map with `f` of its numbering applied to every hex it names.
    fn renumbered(&self, f: fn(HexNumbering, Coord) -> Coord) -> MsMapFile {
        let n = self.numbering;
        let mut m = self.clone();
        if n.first() == (1, 1) {
            return m;
        }
        for h in &mut m.hexsides {
            h.hex = f(n, h.hex);
        }
        for r in &mut m.roads {
            for c in &mut r.hexes {
                *c = f(n, *c);
            }
        }
        for l in &mut m.labels {
            l.at = f(n, l.at);
        }
        m
    }

    /// The map's grid.
    pub fn grid(&self) -> Grid {
        Grid {
            width: self.width.clamp(1, ms::MAX_SIDE),
            height: self.height.clamp(1, ms::MAX_SIDE),
            orientation: self.orientation,
            parity: self.parity,
            numbering: self.numbering.numbering(),
        }
    }

    /// The legend entry of a character.
    pub fn legend_entry(&self, c: char) -> Option<&LegendEntry> {
        let mut buf = [0u8; 4];
        let s = c.encode_utf8(&mut buf);
        self.legend.iter().find(|e| e.char == *s)
    }

    /// The kinds of terrain in a hex (empty off the map or for an unknown character).
    pub fn kinds_at(&self, at: Coord) -> &[String] {
        let g = self.grid();
        if !g.contains(at) {
            return &[];
        }
        self.terrain
            .get(at.row() as usize - 1)
            .and_then(|row| row.chars().nth(at.col() as usize - 1))
            .and_then(|c| self.legend_entry(c))
            .map_or(&[], |e| e.kinds.as_slice())
    }

    /// The chart row of a kind on hexes or hexsides.
    pub fn chart_row(&self, kind: &str, on: ChartOn) -> Option<&ChartRow> {
        self.chart.iter().find(|r| r.kind == kind && r.on == on)
    }

    /// The first kind of terrain in a hex that the chart prohibits to a class (7.7, 8.1(6),
    /// 10.0): setting up on a hex, or entering the map by it, is entering it.
    pub fn prohibited_kind(&self, class: MsClass, at: Coord) -> Option<&str> {
        self.kinds_at(at)
            .iter()
            .find(|k| {
                self.chart_row(k, ChartOn::Hex)
                    .is_some_and(|r| r.prohibits(class))
            })
            .map(String::as_str)
    }

    /// Position (0-based) of a turn label on the track.
    pub fn turn_index(&self, label: &str) -> Option<usize> {
        self.track.labels.iter().position(|l| l == label)
    }
}

/// A Musket & Saber Quick Play scenario, typed from the user's copy of a game's scenario rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Musket & Saber Quick Play scenario")]
pub struct MsScenario {
    /// The JSON Schema this file follows, for editors. JSON files only; saberc does not read it.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = limits::MAX_MAP_REF))]
    pub schema: Option<String>,
    /// File format and version: `saber-scenario/1`.
    #[schemars(regex(pattern = r"^saber-scenario/[0-9]+$"))]
    pub format: String,
    /// The game: `musket-and-saber-quick-play`.
    #[schemars(regex(pattern = GAME_PATTERN))]
    pub game: String,
    /// Short identifier.
    #[schemars(regex(pattern = limits::FILE_ID_PATTERN))]
    pub id: String,
    /// Battle name.
    #[schemars(length(min = 1, max = limits::MAX_NAME))]
    pub name: String,
    /// Date.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_NAME))]
    pub date: String,
    /// Where the scenario comes from: the user's own copy of a game (never shipped), or
    /// "invented for the project".
    #[schemars(length(min = 1, max = limits::MAX_PARAGRAPH))]
    pub source: String,
    /// The map: an M&S map's id or a path relative to this file.
    #[schemars(length(min = 1, max = limits::MAX_MAP_REF))]
    pub map: String,
    /// The two sides (armies).
    #[schemars(length(min = limits::SIDES, max = limits::SIDES))]
    pub sides: Vec<MsSide>,
    /// Id of the First Player (3.3).
    #[schemars(length(max = limits::MAX_ID))]
    pub first_player: String,
    /// Number of turns (3.3), counted from `first_turn`.
    #[schemars(range(min = 1, max = limits::MAX_CLAUSES))]
    pub game_length: u32,
    /// The track space of the first turn (the rules text does not say where the turn marker
    /// starts); the first space when absent.
    #[serde(default)]
    #[schemars(length(min = 1, max = MAX_SHORT))]
    pub first_turn: Option<String>,
    /// Set-up lines (3.2): units "identified by ID and/or Formation … with the hex number of
    /// their starting location", `w/1` allowing a hex adjacent to it.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS))]
    pub setup: Vec<SetupLine>,
    /// Reinforcement lines (3.2, 4.5): "listed by turn and hex of entry".
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS))]
    pub reinforcements: Vec<ReinforcementLine>,
    /// Where the units of `w/1` lines are placed (optional: set-up stacking is judged on them).
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS))]
    pub placements: Vec<MsPlacement>,
    /// Victory conditions (3.4), in the goal language of the project; turns are spaces of the
    /// game counted from its first turn (1 is the first turn).
    #[serde(default)]
    #[schemars(length(max = limits::MAX_CLAUSES))]
    pub victory: Vec<MsVictoryCondition>,
    /// Special rules: the scenario rules "modify or add to the rules as needed" (2.1).
    #[serde(default)]
    #[schemars(length(max = limits::MAX_CLAUSES))]
    pub special_rules: Vec<MsSpecialRule>,
    /// Notes.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_TEXT))]
    pub notes: String,
    /// How ambiguous passages were read.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_CLAUSES))]
    pub interpretations: Vec<Interpretation>,
}

/// One side (army) of an M&S scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsSide {
    /// Short identifier (`french`).
    #[schemars(regex(pattern = limits::SIDE_ID_PATTERN))]
    pub id: String,
    /// Name as printed.
    #[schemars(length(min = 1, max = limits::MAX_NAME))]
    pub name: String,
    /// The army's background colour (2.3: "The background colors indicate the army"), in words.
    #[serde(default)]
    #[schemars(length(max = MAX_SHORT))]
    pub colour: Option<String>,
    /// The army's counters.
    #[schemars(length(max = limits::MAX_ITEMS))]
    pub counters: Vec<MsCounter>,
    /// The side's friendly entry hexes, on the map edge (4.5, 7.7).
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS))]
    #[serde(serialize_with = "crate::model::hex::serialize_printed_list")]
    pub entry_hexes: Vec<Coord>,
    /// Lost steps the side may recover (11.4: "The scenario rules state how many").
    #[serde(default)]
    #[schemars(range(max = limits::MAX_COUNT))]
    pub replacement_steps: Option<u32>,
    /// Where recovered units re-enter (11.4: "at a location specified in the scenario rules").
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS))]
    #[serde(serialize_with = "crate::model::hex::serialize_printed_list")]
    pub reentry_hexes: Vec<Coord>,
}

/// One counter (2.3): its identity, class and both faces, with where the values come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsCounter {
    /// The unit's historical designation (2.3), unique in its side.
    #[schemars(length(min = 1, max = MAX_SHORT))]
    pub id: String,
    /// Its higher organization (2.3); for a leader, the formation it leads or `A` for all (10.0).
    #[schemars(length(min = 1, max = MAX_SHORT))]
    pub formation: String,
    /// Its class (2.4).
    pub class: MsClass,
    /// Steps, as the counter shows them: 2 when its back is the reduced side with a colour band
    /// (2.4).
    #[schemars(range(min = 1, max = 2))]
    pub steps: u32,
    /// Front: full strength or effective.
    pub front: Face,
    /// Back: reduced strength (two-step units) or ineffective.
    pub back: Face,
    /// Where the values come from.
    #[schemars(length(min = 1, max = limits::MAX_NAME))]
    pub source: String,
}

/// The values printed on one face of a counter (2.3, 2.4, 10.0).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Face {
    /// Combat Factor (2.3).
    #[serde(default)]
    pub cf: Option<Cf>,
    /// Morale Rating (2.3).
    #[serde(default)]
    #[schemars(range(max = limits::MAX_ALLOWANCE))]
    pub mr: Option<u32>,
    /// Movement Allowance in MP (2.3).
    #[serde(default)]
    #[schemars(range(max = limits::MAX_ALLOWANCE))]
    pub ma: Option<u32>,
    /// Range in hexes, artillery only (2.4, 8.3).
    #[serde(default)]
    #[schemars(range(max = limits::MAX_ALLOWANCE))]
    pub range: Option<u32>,
    /// Charge Factor, cavalry only (2.4, 9.1(3)).
    #[serde(default)]
    #[schemars(range(max = limits::MAX_ALLOWANCE))]
    pub charge: Option<u32>,
    /// A leader's factors (10.0).
    #[serde(default)]
    pub leader: Option<LeaderFactors>,
}

/// A Combat Factor: "When there are two numbers, left is attack and right is defense" (2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Cf {
    /// One number.
    One(#[schemars(range(max = limits::MAX_ALLOWANCE))] u32),
    /// Attack and defense.
    AttackDefense(
        #[schemars(range(max = limits::MAX_ALLOWANCE))] u32,
        #[schemars(range(max = limits::MAX_ALLOWANCE))] u32,
    ),
}

/// A leader's movement, combat and morale factors (10.0 (1), (3), (4)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaderFactors {
    /// Added to the movement of the units in its hex (10.0 (1)).
    #[schemars(range(max = limits::MAX_ALLOWANCE))]
    pub movement: u32,
    /// Added to one unit's combat factor (10.0 (3)).
    #[schemars(range(max = limits::MAX_ALLOWANCE))]
    pub combat: u32,
    /// Added to one unit's morale (10.0 (4), (5)).
    #[schemars(range(max = limits::MAX_ALLOWANCE))]
    pub morale: u32,
}

/// A set-up line (3.2): units named by ID and/or Formation, at a hex, perhaps `w/1`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupLine {
    /// Side id.
    #[schemars(length(max = limits::MAX_ID))]
    pub side: String,
    /// The units named by ID.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS), inner(length(min = 1, max = MAX_SHORT)))]
    pub units: Vec<String>,
    /// A formation: every counter of the side in it.
    #[serde(default)]
    #[schemars(length(min = 1, max = MAX_SHORT))]
    pub formation: Option<String>,
    /// The hex number.
    #[serde(serialize_with = "crate::model::hex::serialize_printed")]
    pub at: Coord,
    /// `w/1`: the units may be placed on the hex or one adjacent to it.
    #[serde(default)]
    pub w1: bool,
    /// The line as printed.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_PARAGRAPH))]
    pub printed: String,
}

/// A reinforcement line (3.2, 4.5): units, the turn (a track label) and the entry hex.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReinforcementLine {
    /// Side id.
    #[schemars(length(max = limits::MAX_ID))]
    pub side: String,
    /// The units named by ID.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS), inner(length(min = 1, max = MAX_SHORT)))]
    pub units: Vec<String>,
    /// A formation: every counter of the side in it.
    #[serde(default)]
    #[schemars(length(min = 1, max = MAX_SHORT))]
    pub formation: Option<String>,
    /// The turn, a label of the map's Turn Record Track (`1545`).
    #[schemars(length(min = 1, max = MAX_SHORT))]
    pub turn: String,
    /// The entry hex, on the map edge (4.5).
    #[serde(serialize_with = "crate::model::hex::serialize_printed")]
    pub at: Coord,
    /// The line as printed.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_PARAGRAPH))]
    pub printed: String,
}

/// Where one unit of a `w/1` set-up line is placed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsPlacement {
    /// Side id.
    #[schemars(length(max = limits::MAX_ID))]
    pub side: String,
    /// The unit's ID.
    #[schemars(length(min = 1, max = MAX_SHORT))]
    pub unit: String,
    /// The hex.
    #[serde(serialize_with = "crate::model::hex::serialize_printed")]
    pub at: Coord,
}

/// A special rule of the scenario, as text (2.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsSpecialRule {
    /// Its title.
    #[schemars(length(min = 1, max = limits::MAX_NAME))]
    pub title: String,
    /// The section of the system rules it modifies, if any (`7.7`).
    #[serde(default)]
    #[schemars(length(max = limits::MAX_RULE_REF))]
    pub modifies: Option<String>,
    /// The rule.
    #[schemars(length(max = limits::MAX_PARAGRAPH))]
    pub text: String,
}

impl MsSide {
    /// The counter with this id.
    pub fn counter(&self, id: &str) -> Option<&MsCounter> {
        self.counters.iter().find(|c| c.id == id)
    }
}

impl MsScenario {
    /// This scenario with every hex it names (set-up, reinforcement and placement hexes, entry
    /// and re-entry hexes, victory targets) on the grid of a map numbered `n`.
    pub fn in_grid(&self, n: HexNumbering) -> MsScenario {
        self.renumbered(n, HexNumbering::to_grid)
    }

    /// This scenario, its hexes on the grid ([`MsScenario::in_grid`]), with every hex said
    /// again as a map numbered `n` prints it: the inverse of `in_grid`, exactly.
    pub fn in_printed(&self, n: HexNumbering) -> MsScenario {
        self.renumbered(n, HexNumbering::to_printed)
    }

    /// This scenario with `to` applied to every hex it names.
    fn renumbered(&self, n: HexNumbering, f: fn(HexNumbering, Coord) -> Coord) -> MsScenario {
        let mut s = self.clone();
        if n.first() == (1, 1) {
            return s;
        }
        let to = |c: &mut Coord| *c = f(n, *c);
        s.setup.iter_mut().for_each(|l| to(&mut l.at));
        s.reinforcements.iter_mut().for_each(|l| to(&mut l.at));
        s.placements.iter_mut().for_each(|p| to(&mut p.at));
        for side in &mut s.sides {
            side.entry_hexes.iter_mut().for_each(to);
            side.reentry_hexes.iter_mut().for_each(to);
        }
        for v in &mut s.victory {
            v.goal.map_hexes(&mut |c| f(n, c));
        }
        s
    }

    /// The track labels of the game's turns on map `f`, first turn first: `game_length` of
    /// them from the scenario's first turn (the track's first space when it names none).
    pub fn game_turns(&self, f: &MsMapFile) -> Vec<String> {
        let first = self
            .first_turn
            .as_deref()
            .and_then(|t| f.turn_index(t))
            .unwrap_or(0);
        f.track
            .labels
            .iter()
            .skip(first)
            .take(self.game_length as usize)
            .cloned()
            .collect()
    }

    /// Index of the side with this id.
    pub fn side_index(&self, id: &str) -> Option<usize> {
        self.sides.iter().position(|s| s.id == id)
    }

    /// A victory condition in words (3.4), naming sides by name, the other side the one that
    /// wins when it is not achieved: the card's words for a condition with no printed text,
    /// and the editor's for one it makes.
    pub fn describe_victory(&self, v: &MsVictoryCondition) -> String {
        let name = |id: &str| {
            if id == crate::model::victory::EITHER_SIDE {
                return "Either side".to_string();
            }
            self.sides
                .iter()
                .find(|sd| sd.id == id)
                .map_or_else(|| id.to_string(), |sd| sd.name.clone())
        };
        let other = self
            .sides
            .iter()
            .find(|o| o.id != v.side)
            .map(|o| o.id.as_str());
        v.describe(other, &name)
    }

    /// The side ids, for messages.
    pub fn side_ids(&self) -> Vec<&str> {
        self.sides.iter().map(|s| s.id.as_str()).collect()
    }

    /// Per side (as [`MsScenario::sides`]), the IDs its set-up and reinforcement lines name by
    /// ID: a counter named so is brought in by that line, never by its formation's (3.2: units
    /// "identified by ID and/or Formation"; "2nd Div: 0909 w/1" with "Gen. X: 1010" sets the
    /// general up at 1010 and the rest of the division at 0909).
    pub fn named_by_id(&self) -> Vec<std::collections::HashSet<&str>> {
        self.sides
            .iter()
            .map(|sd| {
                let lines = self.setup.iter().map(|l| (&l.side, &l.units));
                let arrivals = self.reinforcements.iter().map(|l| (&l.side, &l.units));
                lines
                    .chain(arrivals)
                    .filter(|(side, _)| **side == sd.id)
                    .flat_map(|(_, units)| units.iter().map(String::as_str))
                    .collect()
            })
            .collect()
    }

    /// The counters a set-up or reinforcement line brings into play, as indexes into its side's
    /// counters, in the order of the side's roster: those it names by ID, and those of its
    /// formation that no line names by ID (`named` is [`MsScenario::named_by_id`]); unknown
    /// names are left out.
    pub fn line_units(
        &self,
        side: &str,
        units: &[String],
        formation: Option<&str>,
        named: &[std::collections::HashSet<&str>],
    ) -> Vec<usize> {
        let Some(si) = self.side_index(side) else {
            return Vec::new();
        };
        let by_id = named.get(si);
        self.sides[si]
            .counters
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                units.contains(&c.id)
                    || (formation == Some(c.formation.as_str())
                        && !by_id.is_some_and(|n| n.contains(c.id.as_str())))
            })
            .map(|(i, _)| i)
            .collect()
    }
}

/// Does the finding's path pass through the field `key`?
#[cfg(test)]
mod tests {
    use super::*;

    fn row(infantry: Option<Cost>, cavalry: Option<Cost>, artillery: Option<Cost>) -> ChartRow {
        ChartRow {
            kind: "k".into(),
            on: ChartOn::Hex,
            infantry,
            cavalry,
            artillery,
            defense: None,
            halves_attacker: false,
            no_advance: false,
            blocks_sight: false,
            blocks_zoc: false,
            no_bombardment: false,
            bombardment: None,
            clear_for_charges: false,
            source: "invented".into(),
        }
    }

    #[test]
    fn a_row_prohibits_a_class_by_its_column_and_a_leader_only_where_every_column_does() {
        use Cost::{Mp, Prohibited as P};
        let woods = row(Some(Mp(2)), Some(Mp(3)), Some(P));
        assert!(woods.prohibits(MsClass::Artillery));
        assert!(!woods.prohibits(MsClass::Brigade) && !woods.prohibits(MsClass::Cavalry));
        assert!(!woods.prohibits(MsClass::Leader));
        let lake = row(Some(P), Some(P), Some(P));
        assert!(MsClass::ALL.iter().all(|c| lake.prohibits(*c)));
        // A column left blank is no prohibition; a row with no column prohibits no leader.
        let marsh = row(Some(P), None, Some(P));
        assert!(marsh.prohibits(MsClass::Leader) && !marsh.prohibits(MsClass::Cavalry));
        assert!(!row(None, None, None).prohibits(MsClass::Leader));
    }

    #[test]
    fn numbering_from_0100_reads_and_prints_the_map_s_numbers() {
        let n = HexNumbering::ColumnRow {
            first_column: 1,
            first_row: 0,
        };
        let grid = |n: HexNumbering| Grid {
            width: 30,
            height: 20,
            orientation: Orientation::Flat,
            parity: Parity::EvenShoved,
            numbering: n.numbering(),
        };
        assert_eq!(n.to_grid(Coord(1, 0)), Coord(1, 1));
        assert_eq!(grid(n).label(Coord(21, 15)), "2114");
        assert_eq!(grid(n).parse_label("2114"), Ok(Coord(21, 15)));
        assert_eq!(grid(n).label(Coord(1, 1)), "0100");
        assert_eq!(n.to_printed(n.to_grid(Coord(7, 9))), Coord(7, 9));
        let default = HexNumbering::ColumnRowFrom0101;
        assert_eq!(default.to_grid(Coord(21, 14)), Coord(21, 14));
        assert_eq!(grid(default).label(Coord(21, 14)), "2114");
        assert_eq!(grid(default).parse_label("2114"), Ok(Coord(21, 14)));
    }
}
