//! The engine export of a Musket & Saber Quick Play scenario: the types
//! `export.musket-and-saber-quick-play.schema.json` is generated from. They are built and written
//! by [`crate::output::musket_and_saber::export`].
//!
//! A document of its own, as the M&S map and scenario are (ARCHITECTURE.md, "Musket & Saber
//! Quick Play files are documents of their own"): Rifle & Saber's export holds groups of unit
//! types, zones and R&S's Terrain Effects Chart, none of which an M&S scenario has; an M&S
//! export holds named counters with both faces, set-up and reinforcement lines, and the game's
//! own chart and track, each value with the `source` the user typed it from.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::export::{ExportVictory, HexPair, LabelFormat, PrintedNumber, PrintedWords};
use crate::model::hex::{Compass, Orientation, Parity};
use crate::model::musket_and_saber::{
    ChartRow, Face, HexNumbering, LegendEntry, MsSpecialRule, TurnTrack,
};

/// Is the map numbered from 0101 (the numbering left unsaid)?
fn numbered_from_0101(n: &HexNumbering) -> bool {
    n.first() == (1, 1)
}
use crate::model::scenario::Interpretation;
use crate::ruleset::musket_and_saber::MsClass;

/// An engine export of a Musket & Saber Quick Play scenario, format `saber-export/2` with
/// `game: "musket-and-saber-quick-play"`.
///
/// Set-up, the contract `saberc check` applies and an engine reproduces from this document
/// alone: every counter either sets up (`setup`) or arrives (`arrival`), never both. A counter
/// set up by a line without `w/1` stands on the line's hex; one of a `w/1` line stands on the
/// line's hex or a hex adjacent to it (3.2: `allowed`), where the scenario's `placements` put it
/// (`hex`) or, when they do not, where the player chooses. In every hex, 5.0: one battalion or
/// artillery unit plus any three units (brigades, regiments, cavalry, battalions, artillery),
/// plus any number of leaders; enemy units never share a hex (4.5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Musket & Saber Quick Play scenario export")]
pub struct MsExport {
    /// Format and version: `saber-export/2`.
    #[schemars(regex(pattern = r"^saber-export/[0-9]+$"))]
    pub format: String,
    /// The game: `musket-and-saber-quick-play`.
    #[schemars(regex(pattern = "^musket-and-saber-quick-play$"))]
    pub game: String,
    /// The scenario's identity and timing.
    pub scenario: MsExportScenario,
    /// The map, its Terrain Effects Chart and its Turn Record Track.
    pub map: MsExportMap,
    /// The two sides (armies), each with its counters.
    pub sides: Vec<MsExportSide>,
    /// Victory conditions (3.4) with explicit hexes; turns are the game's turns counted from 1
    /// (`scenario.turns[0]` is turn 1).
    pub victory: Vec<ExportVictory>,
    /// Special rules as the scenario states them (2.1).
    pub special_rules: Vec<MsSpecialRule>,
    /// The system rules' fixed tables: the Revised CRT, the combat and bombardment results,
    /// and the numbers of combat, morale and recovery. Added without a new version: absent in
    /// documents written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<MsTables>,
}

/// The Musket & Saber Quick Play system's fixed tables, as printed, each with its section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsTables {
    /// The M&S Quick Play Revised CRT (7.2, 7.4; printed after 11.4).
    pub crt: MsCrt,
    /// COMBAT RESULTS: by the second letter of a CRT result (`C`, `R`, `X`, `M`), what follows
    /// when the primary losing unit passes or fails its morale check (7.5).
    pub combat_results: Vec<MsResultRow>,
    /// BOMBARDMENT RESULTS (8.4): by CRT result (`Dc` … `Dm`).
    pub bombardment_results: Vec<MsResultRow>,
    /// The bombardment table's note, as printed.
    pub bombardment_note: String,
    /// The fixed numbers of combat, morale, leaders and recovery, each with its words.
    pub numbers: Vec<PrintedNumber>,
}

/// The Revised CRT: a result by combat die and differential column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsCrt {
    /// `7.2, 7.4`.
    pub rule: String,
    /// The differential columns, lowest first.
    pub columns: Vec<MsCrtColumn>,
    /// One row per combat die, 1 to 6: the result in each column as printed (`Am`, `Dr`,
    /// `–` for no effect).
    pub results: Vec<Vec<String>>,
    /// The key printed under the table.
    pub key: Vec<PrintedWords>,
}

/// A differential column of the CRT.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsCrtColumn {
    /// The lowest differential it covers; none: every lower one.
    pub min: Option<i32>,
    /// The highest; none: every higher one.
    pub max: Option<i32>,
}

/// A row of the combat or bombardment results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsResultRow {
    /// The result (`C`, `Dx`).
    pub result: String,
    /// What happens when the unit passes its morale check, point by point as printed.
    pub passes: Vec<String>,
    /// When it fails.
    pub fails: Vec<String>,
}

/// Scenario identity and timing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsExportScenario {
    /// Identifier.
    pub id: String,
    /// Battle name.
    pub name: String,
    /// Date.
    pub date: String,
    /// Where the scenario comes from.
    pub source: String,
    /// Side id of the First Player (3.3).
    pub first_player: String,
    /// Number of turns (3.3).
    pub game_length: u32,
    /// The track labels of the game's turns, first turn first (`game_length` of them, from the
    /// scenario's first turn, or the track's first space when it names none).
    pub turns: Vec<String>,
    /// Notes.
    pub notes: String,
    /// Interpretation notes.
    pub interpretations: Vec<Interpretation>,
}

/// The map as the engine needs it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsExportMap {
    /// Map id.
    pub id: String,
    /// Map name.
    pub name: String,
    /// Where the map, chart and track come from.
    pub source: String,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Hex orientation.
    pub orientation: Orientation,
    /// Offset parity.
    pub parity: Parity,
    /// How hexes are labelled for people: the four-digit hex numbers of 2.2, column then row.
    pub labels: LabelFormat,
    /// How the map numbers its hexes, when not from 0101: every hex of the export is on the
    /// grid (column and row from 1), and the map prints the grid's hex `(c, r)` as the number
    /// `c + first_column - 1`, `r + first_row - 1` (`labels.example` shows one).
    #[serde(default, skip_serializing_if = "numbered_from_0101")]
    pub numbering: HexNumbering,
    /// The characters of `terrain`, each standing for one or more kinds of terrain (2.2), each
    /// kind a hex row of `chart`.
    pub legend: Vec<LegendEntry>,
    /// Terrain as on the map: one string per row, north to south, one `legend` character per
    /// column.
    pub terrain: Vec<String>,
    /// Hexside terrain (2.2): the hex, which of its sides, and the hex across it (which may be
    /// off the map on an edge hexside).
    pub hexsides: Vec<MsExportHexside>,
    /// Roads (4.4) as paths of hexes.
    pub roads: Vec<MsExportRoad>,
    /// The game's Terrain Effects Chart (2.2), as the map file gives it, each row with its
    /// source.
    pub chart: Vec<ChartRow>,
    /// The game's Turn Record Track (3.3), with its source.
    pub track: TurnTrack,
}

/// A hexside's terrain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsExportHexside {
    /// The kind, a hexside row of `chart`.
    pub kind: String,
    /// The hex.
    pub hex: HexPair,
    /// Which side of it.
    pub side: Compass,
    /// The neighbouring hex across that side.
    pub across: HexPair,
}

/// A road: a path of adjacent hexes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsExportRoad {
    /// Name, if printed.
    pub name: Option<String>,
    /// Hexes in order along the road.
    pub hexes: Vec<HexPair>,
}

/// A side (army).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsExportSide {
    /// Side id.
    pub id: String,
    /// Name as printed.
    pub name: String,
    /// The army's background colour in words (2.3), if given.
    pub colour: Option<String>,
    /// The side's friendly entry hexes, on the map edge (4.5, 7.7).
    pub entry_hexes: Vec<HexPair>,
    /// Lost steps the side may recover (11.4); none when the scenario does not say.
    pub replacement_steps: Option<u32>,
    /// Where recovered units re-enter (11.4).
    pub reentry_hexes: Vec<HexPair>,
    /// One record per counter, in the order of the side's roster.
    pub counters: Vec<MsExportCounter>,
}

/// One counter (2.3) with both faces, and how it enters play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsExportCounter {
    /// The unit's ID, unique in its side.
    pub id: String,
    /// Its formation; for a leader, the formation it leads or `A` for all (10.0).
    pub formation: String,
    /// Its class (2.4).
    pub class: MsClass,
    /// Steps (2.4).
    #[schemars(range(min = 1, max = 2))]
    pub steps: u32,
    /// Front: full strength or effective.
    pub front: Face,
    /// Back: reduced strength (two-step units) or ineffective.
    pub back: Face,
    /// Where the values come from.
    pub source: String,
    /// How it sets up, if a set-up line names it.
    pub setup: Option<MsExportSetup>,
    /// How it arrives, if a reinforcement line names it.
    pub arrival: Option<MsExportArrival>,
}

/// Where a counter sets up (3.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsExportSetup {
    /// The set-up line (1 is the scenario's first).
    pub line: u32,
    /// The line as printed.
    pub printed: String,
    /// The line's hex.
    pub at: HexPair,
    /// `w/1`: the counter may be placed on `at` or a hex adjacent to it (3.2).
    pub w1: bool,
    /// Where it stands: `at` for a line without `w/1`; for a `w/1` line, the hex the
    /// scenario's `placements` give it, or none when they give none (the player chooses among
    /// `allowed`).
    pub hex: Option<HexPair>,
    /// The hexes it may be placed on: `at`, and for `w/1` every hex of the map adjacent to it.
    pub allowed: Vec<HexPair>,
}

/// When and where a counter arrives (3.2, 4.5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsExportArrival {
    /// The reinforcement line (1 is the scenario's first).
    pub line: u32,
    /// The line as printed.
    pub printed: String,
    /// The turn, a label of the map's track.
    pub turn: String,
    /// That turn counted in the game (1 is the first turn: `scenario.turns[turn_number - 1]`
    /// is `turn`).
    pub turn_number: u32,
    /// The entry hex, on the map edge (4.5).
    pub at: HexPair,
}
