//! Every `saberc explain` example is a test: for each code of the registry, its "bad" example
//! stands in a real file that gets the code (at least once), and its "fixed" example stands in
//! the same file fixed, which gets neither the code at its row's severity nor any error. (An
//! explained warning, DEP002 listed in an interpretation's `explains`, is still reported, as a
//! note: that is what its fixed example shows.)
//!
//! The examples are fragments, as `saberc explain` prints them: `…` stands for the rest of the
//! file. Each case builds the smallest real file around them (on the built-in map where a
//! scenario needs one): a base file and the edits that make it bad, or fixed. The test then
//! checks that the example really is in that file: its parts between the `…`, whitespace
//! aside, stand in the file in order (the file's name, `NAME: `, is read before its text).
//! Commands (`saberc check …`) are run as written in a folder holding the files they name.
//! Only LIM001 (a 100 MB file) and REF007 (a map file beside the scenario) describe their
//! files in words rather than quote them: they are built as described.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use saber_schema::diagnostic::{Code, REGISTRY, Severity};
use saber_schema::output::tiled::by_game::import_path;
use saber_schema::pipeline::check_path;
use saber_schema::pipeline::maps::MapRegistry;
use saber_tests::{repo, saberc_in};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// A scenario on the built-in map that checks clean: the frame of most examples.
const SCENARIO: &str = r#"(
    format: "saber-scenario/1",
    id: "example",
    name: "Example",
    date: "1 June 1866",
    map: "rifle-and-saber",
    sides: [
        (id: "red", color: Red, name: "Reds", groups: [
            (id: "a", units: {MZ: 6, MA: 1}, entry: Deploy(zone: Within(distance: 1, of: Feature("V4"))))
        ]),
        (id: "blue", color: Blue, name: "Blues", groups: [
            (id: "a", units: {MZ: 6}, entry: Deploy(zone: Within(distance: 1, of: Feature("V12")))),
            (id: "b", units: {CY: 2}, entry: Arrive(turn: 3, at: RoadEntry("South")))
        ])
    ],
    deploys_first: "red",
    moves_first: "blue",
    game_length: 10,
    victory: [
        (
            side: "blue",
            goal: Hold(target: Feature("V4"), when: EndOfGame),
            printed: "The Blues must hold V4 at the end of the game.",
        )
    ],
    special_rules: [],
    setup: [],
    notes: "A frame for the examples of saberc explain.",
    interpretations: [],
)
"#;

/// The same scenario in JSON (without its set-up and special rules).
const SCENARIO_JSON: &str = r#"{
  "format": "saber-scenario/1",
  "id": "example",
  "name": "Example",
  "date": "1 June 1866",
  "map": "rifle-and-saber",
  "sides": [
    {"id": "red", "color": "Red", "name": "Reds", "groups": [
      {"id": "a", "units": {"MZ": 6, "MA": 1}, "entry": {"Deploy": {"zone": {"Within": {"distance": 1, "of": {"Feature": "V4"}}}}}}
    ]},
    {"id": "blue", "color": "Blue", "name": "Blues", "groups": [
      {"id": "a", "units": {"MZ": 6}, "entry": {"Deploy": {"zone": {"Within": {"distance": 1, "of": {"Feature": "V12"}}}}}}
    ]}
  ],
  "deploys_first": "red",
  "moves_first": "blue",
  "game_length": 10,
  "victory": [
    {"side": "blue", "goal": {"Hold": {"target": {"Feature": "V4"}, "when": "EndOfGame"}}, "printed": "The Blues must hold V4 at the end of the game."}
  ],
  "notes": "A frame for the examples of saberc explain."
}
"#;

/// A map of 5 × 3 hexes that checks clean.
const MAP: &str = r#"(
    format: "saber-map/1",
    id: "example-map",
    name: "Example map",
    orientation: Flat,
    width: 5, height: 3,
    terrain: ["ww...", "..v.^", "....."],
    ridges: [((2, 2), NE)],
    roads: [(kind: Minor, hexes: [(1, 3), (2, 3), (3, 3)])],
    features: [
        (code: "V4", hexes: [(3, 2)]),
        (code: "H5", hexes: [(5, 2)]),
        (code: "W22", hexes: [(1, 1), (2, 1)])
    ],
)
"#;

/// A battle to factor (11.18) that factors without a note.
const BATTLE: &str = r#"(
    format: Some("saber-battle/1"),
    name: "Antietam",
    date: "17 September 1862",
    duration_minutes: Some(90),
    sides: [(name: "Union", men: {MZ: 3500}), (name: "Confederates", men: {MZ: 500})],
)
"#;

/// A hexagonal Tiled map of 3 × 2 hexes with its tileset inside, that imports clean.
const TILED: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" width="3" height="2" tilewidth="60" tileheight="52" infinite="0" hexsidelength="30" staggeraxis="x" staggerindex="odd" nextlayerid="3" nextobjectid="5">
 <tileset firstgid="1" name="meadow" tilewidth="60" tileheight="52" tilecount="3" columns="3">
  <tile id="0">
   <properties>
    <property name="terrain" value="clear"/>
   </properties>
  </tile>
  <tile id="1">
   <properties>
    <property name="terrain" value="woods"/>
   </properties>
  </tile>
  <tile id="2">
   <properties>
    <property name="terrain" value="village"/>
   </properties>
  </tile>
 </tileset>
 <layer id="1" name="terrain" width="3" height="2">
  <data encoding="csv">1,1,1,1,3,2</data>
 </layer>
 <objectgroup id="2" name="features">
  <object id="4" name="V4" type="village" x="90" y="78">
   <properties>
    <property name="hexes" value="0202"/>
   </properties>
   <point/>
  </object>
 </objectgroup>
</map>
"#;

/// What a case's file is read by.
#[derive(Clone, Copy)]
enum Base {
    /// [`SCENARIO`].
    Scenario,
    /// [`SCENARIO_JSON`].
    ScenarioJson,
    /// [`MAP`].
    Map,
    /// [`BATTLE`].
    Battle,
    /// [`TILED`], imported.
    Tiled,
    /// A file of the repository (a fixture whose map shows the case).
    Repo(&'static str),
}

impl Base {
    fn text(self) -> String {
        match self {
            Base::Scenario => SCENARIO.to_string(),
            Base::ScenarioJson => SCENARIO_JSON.to_string(),
            Base::Map => MAP.to_string(),
            Base::Battle => BATTLE.to_string(),
            Base::Tiled => TILED.to_string(),
            Base::Repo(p) => std::fs::read_to_string(repo(p)).expect("the base file exists"),
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Base::ScenarioJson => "json",
            Base::Tiled => "tmx",
            _ => "ron",
        }
    }
}

/// Edits of a base file: every occurrence of the first text becomes the second.
type Edits = &'static [(&'static str, &'static str)];

/// How a case makes its two files (or runs its two commands).
enum Frame {
    /// A base file with edits; `names` are the bad and fixed files' names (default
    /// `example.EXT`).
    File {
        base: Base,
        bad: Edits,
        fixed: Edits,
        names: Option<(&'static str, &'static str)>,
    },
    /// The example is a command line: run in a folder holding these files.
    Command {
        files: &'static [(&'static str, Base)],
    },
    /// Built by a function (`bad` or not) in a folder; `quoted` when the example stands in the
    /// file it returns, else the example describes the file in words.
    Built {
        build: fn(bool, &Path) -> PathBuf,
        quoted: bool,
    },
}

struct Case {
    code: &'static str,
    frame: Frame,
}

const fn file(code: &'static str, base: Base, bad: Edits, fixed: Edits) -> Case {
    Case {
        code,
        frame: Frame::File {
            base,
            bad,
            fixed,
            names: None,
        },
    }
}

/// The red side's group.
const RED_A: &str = r#"(id: "a", units: {MZ: 6, MA: 1}, entry: Deploy(zone: Within(distance: 1, of: Feature("V4"))))"#;
/// Sides renamed, for the examples that name theirs.
const UNION: (&str, &str) = ("\"red\"", "\"union\"");
const CONFEDERATES: (&str, &str) = ("\"blue\"", "\"confederates\"");
const RIVER_RULE: (&str, &str) = (
    "special_rules: [],",
    "special_rules: [(printed: \"Rivers may only be entered at bridges and fords.\", effect: RiverOnlyAtCrossings)],",
);

#[rustfmt::skip]
const CASES: &[Case] = &[
    Case { code: "IO001", frame: Frame::Command { files: &[("scenarios/01-fatehpur.ron", Base::Scenario)] } },
    Case { code: "LIM001", frame: Frame::Built { build: huge_file, quoted: false } },
    Case { code: "LIM002", frame: Frame::Built { build: deep_zone, quoted: true } },
    file("SYN001", Base::Scenario, &[(r#"(id: "a", units: {MZ: 6, MA: 1}"#, r#"(id: "a" units: {MZ: 6, MA: 1}"#)], &[]),
    file("SYN002", Base::Scenario, &[(r#"Within(distance: 1, of: Feature("V4"))"#, r#"Whithin(distance: 1, of: Feature("V4"))"#)], &[]),
    file("SYN003", Base::Scenario, &[("game_length: 10,", "game_length: \"ten\",")], &[]),
    file("SYN004", Base::Scenario, &[("units: {MZ: 6, MA: 1}, ", "")], &[]),
    file("FMT001", Base::Scenario, &[("    format: \"saber-scenario/1\",\n", ""), ("\"example\"", "\"fatehpur\"")], &[("\"example\"", "\"fatehpur\"")]),
    file("FMT006", Base::Scenario, &[("format: \"saber-scenario/1\",", "format: \"saber-export/1\",   // in a folder given to saberc check")],
        &[("format: \"saber-scenario/1\",", "format: \"saber-scenario/1\",   // its export written elsewhere: saberc export FILE -o build/")]),
    file("FMT002", Base::Scenario, &[("saber-scenario/1", "saber-scenario/9")], &[]),
    Case { code: "FMT003", frame: Frame::File { base: Base::ScenarioJson, bad: &[], fixed: &[], names: Some(("my-battle.ron", "my-battle.json")) } },
    Case { code: "FMT004", frame: Frame::Command { files: &[("maps/my-map.ron", Base::Map), ("scenarios/my-battle.ron", Base::Scenario)] } },
    file("FMT007", Base::Scenario, &[("    map: \"rifle-and-saber\",", "    game: \"rifle-and-sabre\",\n    map: \"rifle-and-saber\",")],
        &[("    map: \"rifle-and-saber\",", "    game: \"rifle-and-saber\",\n    map: \"rifle-and-saber\",")]),
    file("FMT005", Base::Scenario, &[("goal: Hold(target: Feature(\"V4\"), when: EndOfGame),", "goal: ControlEnemySetup(by_turn: 8),")],
        &[("goal: Hold(target: Feature(\"V4\"), when: EndOfGame),", "goal: ControlEnemySetup(when: ByEndOfTurn(8)),")]),
    file("SCH001", Base::Scenario, &[("id: \"example\",", "id: \"Fatehpur 1857\",")], &[("id: \"example\",", "id: \"fatehpur-1857\",")]),
    file("LIM003", Base::Scenario, &[("units: {MZ: 6, MA: 1},", "units: {MZ: 5000},")], &[("units: {MZ: 6, MA: 1},", "units: {MZ: 40},")]),
    Case { code: "LIM004", frame: Frame::Built { build: many_placements, quoted: true } },
    file("MAP001", Base::Map, &[("\".....\"]", "\"....\"]")], &[]),
    file("MAP002", Base::Map, &[("\"..v.^\"", "\"..x.^\"")], &[]),
    file("MAP003", Base::Map, &[("((2, 2), NE)", "((2, 2), E)")], &[]),
    file("MAP004", Base::Map, &[("(1, 3), (2, 3), (3, 3)", "(1, 3), (3, 3)")], &[]),
    file("MAP005", Base::Map, &[("\"H5\"", "\"H4\"")], &[]),
    file("MAP006", Base::Map, &[("(code: \"W22\", hexes: [(1, 1), (2, 1)])", "(code: \"W22\", hexes: [(1, 1)]),\n        (code: \"W22\", hexes: [(2, 1)])")], &[]),
    file("MAP007", Base::Map, &[("((2, 2), NE)", "((6, 2), N)")], &[("((2, 2), NE)", "((5, 2), N)")]),
    file("MAP008", Base::Map, &[("(kind: Minor, hexes: [(1, 3), (2, 3), (3, 3)])", "(kind: Main, name: Some(\"East\"), hexes: [(2, 2), (3, 2)])")],
        &[("(kind: Minor, hexes: [(1, 3), (2, 3), (3, 3)])", "(kind: Main, name: Some(\"East\"), hexes: [(2, 2), (3, 2), (4, 2), (5, 2)])")]),
    file("MAP009", Base::Map, &[("(code: \"V4\", hexes: [(3, 2)]),", "(code: \"V4\", hexes: [(2, 2), (3, 2)]),   // (2, 2) is clear")], &[]),
    file("REF001", Base::Scenario, &[("Feature(\"V4\")))", "Feature(\"V44\")))")], &[]),
    file("REF002", Base::Scenario, &[("RoadEntry(\"South\")", "RoadEntry(\"West\")")], &[("RoadEntry(\"South\")", "RoadEntry(\"Northwest\")")]),
    file("REF003", Base::Scenario, &[UNION, CONFEDERATES, ("deploys_first: \"union\"", "deploys_first: \"unoin\"")], &[UNION, CONFEDERATES]),
    file("REF004", Base::Scenario, &[("map: \"rifle-and-saber\"", "map: \"rifle-and-sabre\"")], &[]),
    file("REF005", Base::Scenario, &[("(id: \"b\", units: {CY: 2}", "(id: \"a\", units: {CY: 2}")], &[]),
    Case { code: "REF007", frame: Frame::Built { build: edited_builtin_map, quoted: false } },
    Case { code: "REF008", frame: Frame::Built { build: map_of_other_game, quoted: true } },
    file("REF006", Base::Scenario, &[("map: \"rifle-and-saber\",", "map: \"/home/me/maps/my-map.ron\",")],
        &[("map: \"rifle-and-saber\",", "map: \"rifle-and-saber\",   // a built-in map, a map in a --maps DIR, or a path inside the scenario's folder")]),
    file("ZON001", Base::Scenario, &[(r#"zone: Within(distance: 1, of: Feature("V4"))"#, r#"zone: Intersection([Beyond(toward: N, of: Feature("H26")), Beyond(toward: S, of: Feature("H26"))])"#)],
        &[(r#"zone: Within(distance: 1, of: Feature("V4"))"#, r#"zone: Beyond(toward: N, of: Feature("H26"), inclusive: true)"#)]),
    file("ZON002", Base::Scenario, &[(r#"zone: Within(distance: 1, of: Feature("V4"))"#, r#"zone: Sector(toward: N, of: Feature("V4"), within: Some(3), at_least: Some(5))"#)],
        &[(r#"zone: Within(distance: 1, of: Feature("V4"))"#, r#"zone: Sector(toward: N, of: Feature("V4"), within: Some(5), at_least: Some(3))"#)]),
    file("ZON003", Base::Repo("tests/fixtures/bad/river-side-names-neither-bank.ron"),
        &[("Deploy(zone: RiverSide(West)))],", "Deploy(\n                zone: RiverSide(West),   // the river meets the west edge at its middle\n            ))],")],
        &[("Deploy(zone: RiverSide(West)))],", "Deploy(\n                zone: RiverSide(South),\n            ))],")]),
    file("STK001", Base::Scenario, &[("MA: 1}", "MA: 2}"), ("setup: [],", "setup: [(side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17))],")],
        &[("MA: 1}", "MA: 2}"), ("setup: [],", "setup: [(side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 16))],")]),
    file("STK002", Base::Scenario, &[("setup: [],", "setup: [\n        (side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17)),\n        (side: \"blue\", group: \"a\", counter: Unit(MZ), at: (24, 17)),\n    ],")],
        &[("setup: [],", "setup: [\n        (side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17)),\n        (side: \"blue\", group: \"a\", counter: Unit(MZ), at: (15, 8)),\n    ],")]),
    file("DEP001", Base::Scenario, &[("(id: \"a\", units: {MZ: 6}, entry: Deploy(zone: Within(distance: 1, of: Feature(\"V12\")))),", "(id: \"a\", units: {MZ: 12}, entry: Deploy(zone: Feature(\"V12\"))),   // V12 has 3 hexes")],
        &[("(id: \"a\", units: {MZ: 6}, entry: Deploy(zone: Within(distance: 1, of: Feature(\"V12\")))),", "(id: \"a\", units: {MZ: 12}, entry: Deploy(zone: Within(distance: 1, of: Feature(\"V12\")))),")]),
    file("DEP002", Base::Scenario, &[("(id: \"a\", units: {MZ: 6}, entry: Deploy(zone: Within(distance: 1, of: Feature(\"V12\")))),", "(id: \"a\", units: {MZ: 6}, entry: Deploy(zone: Within(distance: 2, of: Feature(\"V4\")))),   // the Reds deploy within 1 of V4")],
        &[("(id: \"a\", units: {MZ: 6}, entry: Deploy(zone: Within(distance: 1, of: Feature(\"V12\")))),", "(id: \"a\", units: {MZ: 6}, entry: Deploy(zone: Within(distance: 2, of: Feature(\"V4\")))),   // the Reds deploy within 1 of V4"),
          ("interpretations: [],", "interpretations: [(rule: \"11.0\", text: \"Blues deploy within 2 hexes of V4.\", reading: \"The zones overlap at V4: the Blues set up around the Reds.\", explains: [\"DEP002\"])],")]),
    file("DEP003", Base::Scenario, &[("setup: [],", "setup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (30, 30))],")],
        &[("setup: [],", "setup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17))],   // a hex of V4, in the zone")]),
    file("DEP004", Base::Scenario, &[("units: {CY: 2}", "units: {}")], &[]),
    file("DEP006", Base::Scenario, &[("units: {MZ: 6, MA: 1}", "units: {MA: 1}"), ("setup: [],", "setup: [(side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)), (side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 16))],")],
        &[("units: {MZ: 6, MA: 1}", "units: {MA: 2}"), ("setup: [],", "setup: [(side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)), (side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 16))],")]),
    file("DEP007", Base::Scenario, &[UNION, CONFEDERATES, ("color: Red", "color: Blue")], &[UNION, CONFEDERATES]),
    file("DEP008", Base::Scenario, &[UNION, CONFEDERATES, (RED_A, "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Arrive(turn: 2, at: Edge(South)))   // the Union's only group")],
        &[UNION, CONFEDERATES, (RED_A, "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Arrive(turn: 2, at: Edge(South)))   // the Union's only group"), ("deploys_first: \"union\"", "deploys_first: \"confederates\"")]),
    file("DEP009", Base::Scenario, &[RIVER_RULE, ("Feature(\"V4\")))", "Feature(\"B13\")))"), ("setup: [],", "setup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (20, 11))],   // a river hex")],
        &[RIVER_RULE, ("Feature(\"V4\")))", "Feature(\"B13\")))"), ("setup: [],", "setup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (20, 12))],   // the bridge")]),
    file("DEP011", Base::Scenario, &[RIVER_RULE, (RED_A, "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Deploy(zone: Within(distance: 2, of: Feature(\"B13\"))))   // the river beside the bridge")],
        &[RIVER_RULE, (RED_A, "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Deploy(zone: Difference(Within(distance: 2, of: Feature(\"B13\")), Terrain(River))))")]),
    file("DEP010", Base::Scenario, &[("units: {MZ: 6, MA: 1}", "units: {}")], &[]),
    file("TRN001", Base::Scenario, &[("game_length: 10,", "game_length: 25,")], &[("game_length: 10,", "game_length: 20,")]),
    file("TRN002", Base::Scenario, &[("Arrive(turn: 3", "Arrive(turn: 12")], &[("Arrive(turn: 3", "Arrive(turn: 8")]),
    file("TRN003", Base::Scenario, &[("at: RoadEntry(\"South\")", "at: Within(distance: 2, of: Feature(\"V4\"))")], &[]),
    Case { code: "TRN004", frame: Frame::Built { build: inland_road, quoted: true } },
    file("VIC001", Base::Scenario, &[("units: {MZ: 6}", "units: {MZ: 8}"), ("goal: Hold(target: Feature(\"V4\"), when: EndOfGame),", "goal: Exit(count: AtLeast(10), counters: [Unit(MZ)], via: Edge(West), by_turn: 10),")],
        &[("units: {MZ: 6}", "units: {MZ: 12}"), ("goal: Hold(target: Feature(\"V4\"), when: EndOfGame),", "goal: Exit(count: AtLeast(10), counters: [Unit(MZ)], via: Edge(West), by_turn: 10),")]),
    file("VIC002", Base::Scenario, &[("game_length: 10", "game_length: 8"), ("when: EndOfGame", "when: EndOfTurn(10)")], &[("game_length: 10", "game_length: 8"), ("when: EndOfGame", "when: EndOfTurn(8)")]),
    file("VIC003", Base::Scenario, &[("printed: \"The Blues", "outcome: Graded(by_turn: [(turn: 6, result: (winner: \"blue\", level: Decisive)), (turn: 4, result: (winner: \"blue\", level: Substantive))], otherwise: (winner: \"red\", level: Marginal)),\n            printed: \"The Blues"), ("when: EndOfGame", "when: AnyTurn")],
        &[("printed: \"The Blues", "outcome: Graded(by_turn: [(turn: 4, result: (winner: \"blue\", level: Decisive)), (turn: 6, result: (winner: \"blue\", level: Substantive))], otherwise: (winner: \"red\", level: Marginal)),\n            printed: \"The Blues"), ("when: EndOfGame", "when: AnyTurn")]),
    file("VIC007", Base::Scenario, &[("printed: \"The Blues", "outcome: Graded(by_turn: [(turn: 4, result: (winner: \"blue\", level: Decisive)), (turn: 8, result: (winner: \"blue\", level: Marginal))], otherwise: (winner: \"red\", level: Marginal)),\n            printed: \"The Blues")],
        &[("printed: \"The Blues", "outcome: Graded(by_turn: [(turn: 4, result: (winner: \"blue\", level: Decisive)), (turn: 8, result: (winner: \"blue\", level: Marginal))], otherwise: (winner: \"red\", level: Marginal)),\n            printed: \"The Blues"), ("when: EndOfGame", "when: AnyTurn")]),
    file("VIC004", Base::Scenario, &[("target: Feature(\"V4\")", "target: Beyond(toward: N, of: Edge(North))")], &[("target: Feature(\"V4\")", "target: Feature(\"V12\")")]),
    file("VIC005", Base::Scenario, &[("goal: Hold(target: Feature(\"V4\"), when: EndOfGame),", "goal: Hold(target: Feature(\"H24\"), hexes: All, when: EndOfGame),   // 11 hexes, 8 Blue units")],
        &[("goal: Hold(target: Feature(\"V4\"), when: EndOfGame),", "goal: Hold(target: Feature(\"H24\"), hexes: Any, when: EndOfGame),")]),
    file("VIC006", Base::Scenario, &[("side: \"blue\",\n            goal: Hold(target: Feature(\"V4\"), when: EndOfGame),", "side: \"red\",\n            goal: Hold(target: Feature(\"V4\"), when: AnyTurn),"), ("        )\n    ],\n    special", "        )   // the Reds deploy on V4\n    ],\n    special")],
        &[("when: EndOfGame", "when: AnyTurn")]),
    file("MRK001", Base::Scenario, &[("units: {CY: 2},", "units: {CY: 2}, markers: {Trench: 2},")], &[("units: {MZ: 6}, entry", "units: {MZ: 6}, markers: {Trench: 2}, entry")]),
    file("MRK002", Base::Scenario, &[("MA: 1},", "MA: 1}, markers: {Trench: 1},"), ("setup: [],", "setup: [\n        (side: \"red\", group: \"a\", counter: Marker(Trench), at: (24, 17)),   // no red unit there\n    ],")],
        &[("MA: 1},", "MA: 1}, markers: {Trench: 1},"), ("setup: [],", "setup: [\n        (side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Marker(Trench), at: (24, 17)),\n    ],")]),
    file("MRK003", Base::Scenario, &[("units: {MZ: 6, MA: 1}", "units: {MZ: 2}, markers: {IP: 5}")], &[("units: {MZ: 6, MA: 1}", "units: {MZ: 5}, markers: {IP: 5}")]),
    file("MRK004", Base::Scenario, &[("units: {MZ: 6, MA: 1}", "units: {MZ: 6}, markers: {Limber: 2}")], &[("units: {MZ: 6, MA: 1}", "units: {MZ: 6, MA: 2}, markers: {Limber: 2}")]),
    file("MRK005", Base::Scenario, &[(RED_A, "(id: \"a\", units: {MZ: 10, MA: 1}, markers: {Trench: 9}, entry: Deploy(zone: Feature(\"H26\")))   // H26 has 8 hexes")],
        &[(RED_A, "(id: \"a\", units: {MZ: 10, MA: 1}, markers: {Trench: 8}, entry: Deploy(zone: Feature(\"H26\")))")]),
    file("MRK006", Base::Scenario, &[LIMBER_RULE, (RED_A, "(id: \"a\", units: {MZ: 4, MA: 4}, markers: {Limber: 4}, entry: Deploy(zone: Feature(\"H26\")))   // no road on H26")],
        &[LIMBER_RULE, (RED_A, "(id: \"a\", units: {MZ: 4, MA: 4}, markers: {Limber: 4}, entry: Deploy(zone: RoadStretch(road: \"East\", from: Feature(\"V6\"), to: Edge(East))))")]),
    file("MRK007", Base::Scenario, &[LIMBER_RULE, (RED_A, "(id: \"a\", units: {MZ: 4, MA: 4}, markers: {Limber: 4}, entry: Deploy(zone: Feature(\"V6\")))   // two road hexes")],
        &[LIMBER_RULE, (RED_A, "(id: \"a\", units: {MZ: 4, MA: 4}, markers: {Limber: 4}, entry: Deploy(zone: RoadStretch(road: \"East\", from: Feature(\"V6\"), to: Edge(East))))")]),
    file("SPR001", Base::Scenario, &[("\"red\"", "\"british\""), ("\"blue\"", "\"boers\""), ("MA: 1", "BA: 1"), ("special_rules: [],", "special_rules: [\n        (\n            printed: \"British artillery fires up to 12 hexes.\",\n            effect: Range(side: \"boers\", kinds: [BA], range: 12),   // the Boers have no BA\n        )\n    ],")],
        &[("\"red\"", "\"british\""), ("\"blue\"", "\"boers\""), ("MA: 1", "BA: 1"), ("special_rules: [],", "special_rules: [\n        (\n            printed: \"British artillery fires up to 12 hexes.\",\n            effect: Range(side: \"british\", kinds: [BA], range: 12),\n        )\n    ],")]),
    file("SPR002", Base::Scenario, &[("\"red\"", "\"russians\""), ("Within(distance: 1, of: Feature(\"V4\"))", "Within(distance: 2, of: Feature(\"H24\"))"), ("special_rules: [],", "special_rules: [(printed: \"Russians may not approach within 3 hexes of H24.\", effect: ProximityDisruption(side: \"russians\", distance: 3, of: Feature(\"H24\")))],")],
        &[("\"red\"", "\"russians\""), ("Within(distance: 1, of: Feature(\"V4\"))", "AtLeast(distance: 4, from: Feature(\"H24\"))"), ("special_rules: [],", "special_rules: [(printed: \"Russians may not approach within 3 hexes of H24.\", effect: ProximityDisruption(side: \"russians\", distance: 3, of: Feature(\"H24\")))],")]),
    file("SPR003", Base::Scenario, &[("\"red\"", "\"danes\""), ("special_rules: [],", "special_rules: [\n        (printed: \"The Danes may place trenches as desired.\", effect: MarkersAsDesired(side: \"danes\", marker: Trench)),\n        (printed: \"No trenches anywhere.\", effect: NoMarkersIn(side: \"danes\", marker: Trench, zone: Everywhere)),\n    ],")],
        &[("\"red\"", "\"danes\""), ("special_rules: [],", "special_rules: [\n        (printed: \"The Danes may place trenches as desired.\", effect: MarkersAsDesired(side: \"danes\", marker: Trench)),\n        (printed: \"No trenches in V4.\", effect: NoMarkersIn(side: \"danes\", marker: Trench, zone: Feature(\"V4\"))),\n    ],")]),
    file("TXT001", Base::Scenario, &[("date: \"1 June 1866\",", "date: \"\",")], &[("date: \"1 June 1866\",", "date: \"7 July 1857\",")]),
    file("TXT002", Base::Scenario, &[("at the end of the game.\"", "at the end of the game (to be set by the designer).\"")], &[]),
    file("PLY001", Base::Repo("tests/fixtures/bad/playability-no-path-to-the-target.ron"),
        &[("RiverCrossing(side: \"south\", at: Feature(\"R5\"))),", "RiverCrossing(side: \"south\", at: Feature(\"R5\"))),   // R5's hexes are river, which they may not enter")],
        &[("(printed: \"The Southerners cross at R5.\", effect: RiverCrossing(side: \"south\", at: Feature(\"R5\"))),", "(printed: \"The Southerners cross at B4.\", effect: RiverCrossing(side: \"south\", at: Feature(\"B4\"))),")]),
    file("PLY002", Base::Repo("tests/fixtures/bad/playability-too-slow-for-the-turn.ron"), &[],
        &[("when: EndOfTurn(2)", "when: EndOfTurn(8)")]),
    file("PLY003", Base::Repo("tests/fixtures/bad/playability-goal-needs-more-than-twelve.ron"),
        &[("when: EndOfTurn(1)),", "when: EndOfTurn(1)),   // 29 MP away")],
        &[("when: EndOfTurn(1)", "when: EndOfTurn(8)")]),
    file("PLY004", Base::Repo("tests/fixtures/bad/playability-zone-never-left.ron"), &[],
        &[("(printed: \"The Southerners cross at R5.\", effect: RiverCrossing(side: \"south\", at: Feature(\"R5\"))),", "(printed: \"The Southerners cross at B4 or R5.\", effect: RiverCrossing(side: \"south\", at: Union([Feature(\"B4\"), Feature(\"R5\")]))),")]),
    file("PLY005", Base::Repo("tests/fixtures/bad/playability-goal-on-the-river-only-a-strict-crossing-reading-bars.ron"),
        &[("RiverCrossing(side: \"south\", at: Feature(\"B4\"))),", "RiverCrossing(side: \"south\", at: Feature(\"B4\"))),   // the goal is in R5, on the river")],
        &[("(printed: \"The Southerners may cross only at B4.\", effect: RiverCrossing(side: \"south\", at: Feature(\"B4\"))),", "(printed: \"The Southerners may cross at B4 or anywhere on R5.\", effect: RiverCrossing(side: \"south\", at: Union([Feature(\"B4\"), Feature(\"R5\")]))),")]),
    file("PLY006", Base::Repo("tests/fixtures/bad/playability-goal-in-time-only-along-the-road-off-the-map.ron"),
        &[("when: EndOfTurn(1)),", "when: EndOfTurn(1)),   // arriving by the South road at 1 MP a phase")],
        &[("when: EndOfTurn(1)", "when: EndOfTurn(2)")]),
    file("FAC001", Base::Battle, &[("men: {MZ: 500}", "men: {}")], &[]),
    file("FAC002", Base::Battle, &[("duration_minutes: Some(90),", "duration_minutes: None,")], &[]),
    file("TIL001", Base::Tiled, &[("orientation=\"hexagonal\"", "orientation=\"isometric\"")], &[]),
    file("TIL002", Base::Tiled, &[("value=\"woods\"", "value=\"swamp\"")], &[]),
    file("TIL006", Base::Tiled, &[("1,1,1,1,3,2", "1,0,1,1,3,2")], &[]),
    file("TIL003", Base::Tiled, &[("name=\"V4\"", "name=\"Village\"")], &[]),
    file("TIL005", Base::Tiled, &[("name=\"V4\" type=\"village\"", "name=\"V4\" type=\"hill\"")], &[]),
    file("TIL004", Base::Tiled, &[("<data encoding=\"csv\">1,1,1,1,3,2</data>", "<data encoding=\"base64\" compression=\"zstd\">AAAA</data>")],
        &[("<data encoding=\"csv\">1,1,1,1,3,2</data>", "<data encoding=\"base64\" compression=\"zlib\">eJxjZGBgYETCzEDMBMQAAIAACg==</data>")]),
    file("MAP010", MS_MAP, &[("(char: \"w\", kinds: [\"woods\"])", "(char: \"w\", kinds: [\"wood\"])")], &[]),
    file("MAP011", MS_MAP, &[("labels: [\"1500\", \"1545\", \"1630\", \"1715\"]", "labels: [\"1500\", \"1545\", \"1545\", \"1715\"]")], &[]),
    file("MAP012", MS_MAP, &[("        (\n            kind: \"woods\",", "        (kind: \"woods\", on: Hex, infantry: Some(Mp(3)), source: \"invented\"),\n        (\n            kind: \"woods\",")], &[]),
    file("MAP013", MS_MAP, &[("kind: \"clear\",\n            on: Hex,\n            infantry: Some(Mp(1)),\n            cavalry: Some(Mp(1)),", "kind: \"clear\",\n            on: Hex,\n            infantry: Some(Mp(1)),\n            cavalry: Some(Mp(2)),")], &[]),
    file("MAP014", MS_MAP, &[("    ],\n    track:", "        (kind: \"stream\", on: Hexside, infantry: Some(Mp(2)), source: \"invented\"),\n    ],\n    track:")],
        &[("    ],\n    track:", "        (kind: \"stream\", on: Hexside, infantry: Some(Plus(1)), source: \"invented\"),\n    ],\n    track:")]),
    file("MAP015", MS_MAP, &[("kind: \"woods\",\n            on: Hex,\n            infantry: Some(Mp(2)),", "kind: \"woods\",\n            on: Hex,\n            infantry: Some(Plus(1)),")], &[]),
    file("TRN005", MS, &[("turn: \"1545\",\n            at: \"0101\",", "turn: \"1545\",\n            at: \"0105\",")], &[]),
    file("DEP012", MS, &[("entry_hexes: [\"1008\"],", "entry_hexes: [],")], &[]),
    file("DEP013", MS, &[("entry_hexes: [\"1008\"],\n            replacement_steps: Some(0),", "entry_hexes: [\"1008\"],\n            replacement_steps: Some(2),   // no reentry_hexes")],
        &[("entry_hexes: [\"1008\"],\n            replacement_steps: Some(0),", "entry_hexes: [\"1008\"],\n            replacement_steps: Some(2),\n            reentry_hexes: [\"1008\"],")]),
    file("DEP014", MS, &[(MS_RED_LINE, "        (side: \"red\", units: [\"9 Bde\"], at: \"0807\"),\n        (side: \"red\", units: [\"Gen Z\"], at: \"0203\"),   // alone, beside Blue's 1 Bde in 0202")],
        &[(MS_RED_LINE, "        (side: \"red\", units: [\"9 Bde\"], at: \"0807\"),\n        (side: \"red\", units: [\"Gen Z\"], at: \"0808\"),   // beside its own 9 Bde, far from Blue")]),
    file("VIC008", MS, &[(MS_VICTORY, "    victory: [],\n")],
        &[(MS_VICTORY, "    victory: [\n        (side: \"blue\", goal: Hold(target: Hexes([\"0807\"]), when: EndOfGame)),   // Red wins if Blue fails\n    ],\n")]),
    file("ROS001", MS, &[("                        range: Some(3),\n", "                        // no range\n")], &[]),
    file("ROS002", MS, &[("class: Cavalry,\n                    steps: 1,", "class: Cavalry,\n                    steps: 2,")], &[]),
    file("ROS003", MS, &[("mr: Some(5), ma: Some(5)),\n                    back: (cf: Some(One(0)), mr: Some(2)),", "mr: Some(5), ma: Some(5)),\n                    back: (cf: Some(One(0)), mr: Some(6)),")], &[]),
    file("ROS004", MS, &[("formation: \"9 Div\",\n                    class: Leader,", "formation: \"8 Div\",\n                    class: Leader,   // no unit of 8 Div")], &[]),
    file("ROS005", MS, &[("units: [\"1 Cav\"],", "units: [\"1 Cav\", \"1 Bn\"],")], &[]),
    file("ROS006", MS, &[("units: [\"9 Bde\", \"Gen Z\"],", "units: [\"Gen Z\"],")], &[]),
    file("ROS007", MS, &[("units: [\"4 Bde\", \"1 Art\"],", "units: [\"4 Bde\", \"1 Art\", \"5 Bde\"],   // Blue has no 5 Bde")], &[]),
    file("ROS009", MS, &[("front: (cf: Some(One(4)), mr: Some(4), ma: Some(4)),\n                    back: (cf: Some(One(2)), mr: Some(3)),\n                    source: \"invented\",\n                ),\n                (\n                    id: \"2 Bde\",", "front: (cf: Some(One(4)), mr: Some(4), ma: Some(4)),\n                    back: (cf: Some(One(5)), mr: Some(3)),\n                    source: \"invented\",\n                ),\n                (\n                    id: \"2 Bde\",")], &[]),
    Case { code: "ROS008", frame: Frame::Built { build: many_counters, quoted: false } },
];

/// The Musket & Saber fixture scenario (one battalion, three brigades and four leaders in a
/// hex), on the M&S test map.
const MS: Base = Base::Repo("tests/fixtures/good/ms-battalion-three-brigades-four-leaders.ron");
/// The red side's set-up line of [`MS`].
const MS_RED_LINE: &str = "        (\n            side: \"red\",\n            units: [\"9 Bde\", \"Gen Z\"],\n            at: \"0807\",\n        ),";
/// The victory conditions of [`MS`].
const MS_VICTORY: &str = "    victory: [\n        (side: \"blue\", goal: Hold(target: Hexes([\"0807\"]), when: EndOfGame)),\n        (side: \"red\", goal: Hold(target: Hexes([\"0202\"]), when: EndOfGame)),\n    ],\n";
/// The Musket & Saber test map.
const MS_MAP: Base = Base::Repo("tests/fixtures/maps/ms-grid.ron");

/// REF008: the M&S fixture scenario naming the Rifle & Saber map (a file naming Musket & Saber
/// is read as an M&S scenario), or a Rifle & Saber scenario on it.
fn map_of_other_game(bad: bool, dir: &Path) -> PathBuf {
    let path = dir.join("example.ron");
    let text = if bad {
        MS.text().replace("    map: \"ms-grid\",\n", "").replace(
            "    game: \"musket-and-saber-quick-play\",\n",
            "    game: \"musket-and-saber-quick-play\",\n    map: \"rifle-and-saber\",\n",
        )
    } else {
        Base::Scenario.text().replace(
            "    map: \"rifle-and-saber\",",
            "    map: \"rifle-and-saber\",   // a Rifle & Saber scenario: no `game`",
        )
    };
    std::fs::write(&path, text).unwrap();
    path
}

/// ROS008: the M&S fixture with 40 more leaders (41 and more counters), or as it is.
fn many_counters(bad: bool, dir: &Path) -> PathBuf {
    let path = dir.join("scenario.ron");
    let mut text = MS.text();
    if bad {
        let aides: String = (1..=40)
            .map(|i| format!("(id: \"Aide {i}\", formation: \"9 Div\", class: Leader, steps: 1, front: (leader: Some((movement: 0, combat: 0, morale: 1))), back: (leader: Some((movement: 0, combat: 0, morale: 0))), source: \"invented\"),\n"))
            .collect();
        let names: Vec<String> = (1..=40).map(|i| format!("\"Aide {i}\"")).collect();
        text = text
            .replace(
                "            ],\n            entry_hexes: [\"1008\"],",
                &format!("{aides}            ],\n            entry_hexes: [\"1008\"],"),
            )
            .replace(
                "units: [\"9 Bde\", \"Gen Z\"],",
                &format!("units: [\"9 Bde\", \"Gen Z\", {}],", names.join(", ")),
            );
    }
    std::fs::write(&path, text).unwrap();
    path
}

/// 11.17's limbers as counters that must stand on road hexes, for the red side.
const LIMBER_RULE: (&str, &str) = (
    "special_rules: [],",
    "special_rules: [(printed: \"Limbers must be placed on road hexes.\", effect: LimberCounters(side: \"red\", movement: 5, combat_strength: 0, road_only: true, eliminated_when: AloneAndEnemyMovesAdjacent))],",
);

/// LIM001: a sparse file of 100 MB (never read), or the frame scenario.
fn huge_file(bad: bool, dir: &Path) -> PathBuf {
    let path = dir.join("scenario.ron");
    if bad {
        let f = std::fs::File::create(&path).unwrap();
        f.set_len(100 * 1024 * 1024).unwrap();
    } else {
        std::fs::write(&path, SCENARIO).unwrap();
    }
    path
}

/// LIM002: the red zone nested 70 levels deep, or three features side by side.
fn deep_zone(bad: bool, dir: &Path) -> PathBuf {
    let zone = if bad {
        format!(
            "zone: {}Feature(\"V4\"){},   // 70 levels deep",
            "Union([".repeat(70),
            "])".repeat(70)
        )
    } else {
        "zone: Union([Feature(\"V4\"), Feature(\"V5\"), Feature(\"H26\")]),".to_string()
    };
    let text = SCENARIO.replace(
        RED_A,
        &format!("(id: \"a\", units: {{MZ: 6, MA: 1}}, entry: Deploy(\n                {zone}\n            ))"),
    );
    let path = dir.join("example.ron");
    std::fs::write(&path, text).unwrap();
    path
}

/// LIM004: 500 placements off the map, or each placement in its group's zone.
fn many_placements(bad: bool, dir: &Path) -> PathBuf {
    let setup = if bad {
        let items: Vec<String> = (1..=500)
            .map(|r| format!("(side: \"red\", group: \"a\", counter: Unit(MZ), at: (50, {r}))"))
            .collect();
        format!(
            "setup: [{}],   // 500 placements off the map",
            items.join(", ")
        )
    } else {
        "setup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17)), (side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 16))],   // each in its group's zone".to_string()
    };
    let path = dir.join("example.ron");
    std::fs::write(&path, SCENARIO.replace("setup: [],", &setup)).unwrap();
    path
}

/// TRN004: an arrival by a road that ends inland on its map (a fixture's), or by the edge.
fn inland_road(bad: bool, dir: &Path) -> PathBuf {
    let map = "map-main-road-ends-inland.ron";
    std::fs::copy(repo(&format!("tests/fixtures/bad/{map}")), dir.join(map)).unwrap();
    let text =
        std::fs::read_to_string(repo("tests/fixtures/bad/arrival-by-inland-road.ron")).unwrap();
    let arrival = "(id: \"b\", units: {BA: 1}, entry: Arrive(turn: 3, at: RoadEntry(\"East\"))),";
    assert!(
        text.contains(arrival),
        "the fixture arrives by the East road"
    );
    let entry = if bad {
        "(id: \"b\", units: {BA: 1}, entry: Arrive(turn: 3, at: RoadEntry(\"East\"))),   // this map's East road ends inland"
    } else {
        "(id: \"b\", units: {BA: 1}, entry: Arrive(turn: 3, at: Edge(East))),"
    };
    let path = dir.join("example.ron");
    std::fs::write(&path, text.replace(arrival, entry)).unwrap();
    path
}

/// REF007: a copy of the built-in map beside the scenario, edited; bad when it keeps the
/// built-in id, fixed when it has its own and the scenario names it.
fn edited_builtin_map(bad: bool, dir: &Path) -> PathBuf {
    let map = std::fs::read_to_string(repo("maps/rifle-and-saber.ron")).unwrap();
    let edited = map.replacen(
        "name: \"Rifle & Saber (reconstruction)\"",
        "name: \"Rifle & Saber, edited\"",
        1,
    );
    assert_ne!(map, edited, "the map's name is where the edit expects it");
    std::fs::create_dir(dir.join("maps")).unwrap();
    let scenario = if bad {
        std::fs::write(dir.join("maps/rifle-and-saber.ron"), edited).unwrap();
        SCENARIO.to_string()
    } else {
        let edited = edited.replacen(
            "id: \"rifle-and-saber\"",
            "id: \"rifle-and-saber-edited\"",
            1,
        );
        std::fs::write(dir.join("maps/rifle-and-saber-edited.ron"), edited).unwrap();
        SCENARIO.replace(
            "map: \"rifle-and-saber\"",
            "map: \"rifle-and-saber-edited\"",
        )
    };
    let path = dir.join("example.ron");
    std::fs::write(&path, scenario).unwrap();
    path
}

/// The text without its whitespace: examples are matched whatever their layout.
fn squeezed(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Do the example's parts (between its `…`) stand in `text`, in order?
fn example_in(example: &str, text: &str) -> Result<(), String> {
    let hay = squeezed(text);
    let mut from = 0;
    for part in example.split('…') {
        let part = squeezed(part);
        if part.is_empty() {
            continue;
        }
        match hay[from..].find(&part) {
            Some(i) => from += i + part.len(),
            None => return Err(format!("`{part}` is not in the file (after byte {from})")),
        }
    }
    Ok(())
}

/// Findings as `CODE severity: message`.
type Findings = Vec<(String, Severity, String)>;

/// Check (or import) the file at `path` as saberc does.
fn findings_of(path: &Path, maps: &MapRegistry) -> Findings {
    let diags = if path.extension().is_some_and(|e| e == "tmx") {
        import_path(path).diagnostics
    } else {
        check_path(path, maps).diagnostics
    };
    diags
        .into_iter()
        .map(|d| (d.code.as_str().to_string(), d.severity, d.message))
        .collect()
}

/// What one side of a case gave: its findings, and the text the example must stand in.
struct Outcome {
    findings: Findings,
    text: Option<String>,
}

fn run(case: &Case, bad: bool, dir: &Path, maps: &MapRegistry) -> Outcome {
    let info = Code::from_id(case.code).expect("a registry code").info();
    let example = if bad { info.bad } else { info.fixed };
    match &case.frame {
        Frame::File {
            base,
            bad: bad_edits,
            fixed,
            names,
        } => {
            let mut text = base.text();
            for (find, replace) in if bad { *bad_edits } else { *fixed } {
                assert!(
                    text.contains(find),
                    "{} ({}): the base has no {find:?}",
                    case.code,
                    if bad { "bad" } else { "fixed" }
                );
                text = text.replace(find, replace);
            }
            let default = format!("example.{}", base.extension());
            let name = match names {
                Some((b, f)) => {
                    if bad {
                        b.to_string()
                    } else {
                        f.to_string()
                    }
                }
                None => default,
            };
            let path = dir.join(&name);
            std::fs::write(&path, &text).unwrap();
            Outcome {
                findings: findings_of(&path, maps),
                text: Some(format!("{name}: {text}")),
            }
        }
        Frame::Built { build, quoted } => {
            let path = build(bad, dir);
            let text = quoted.then(|| std::fs::read_to_string(&path).unwrap());
            Outcome {
                findings: findings_of(&path, maps),
                text,
            }
        }
        Frame::Command { files } => {
            for (name, base) in *files {
                let path = dir.join(name);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, base.text()).unwrap();
            }
            let line = example.split("//").next().unwrap_or("");
            let words: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(words.first(), Some(&"saberc"), "{}: a command", case.code);
            let out = saberc_in(BIN, dir, &words[1..]);
            let said = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            // The command's findings: its code, and whether it failed.
            let mut findings = Vec::new();
            if said.contains(case.code) {
                findings.push((case.code.to_string(), info.severity, said.clone()));
            }
            if !out.status.success() {
                findings.push(("exit".to_string(), Severity::Error, said));
            }
            Outcome {
                findings,
                text: None,
            }
        }
    }
}

#[test]
fn every_explain_example_gets_its_code_and_its_fix_checks_clean() {
    let mut maps = MapRegistry::new();
    maps.add_root(&repo("tests/fixtures/maps")).unwrap();
    let covered: BTreeSet<&str> = CASES.iter().map(|c| c.code).collect();
    let registry: BTreeSet<&str> = REGISTRY.iter().map(|i| i.id).collect();
    assert_eq!(covered.len(), CASES.len(), "one case a code");
    assert_eq!(covered, registry, "a case for every code of the registry");
    let mut failures = Vec::new();
    for case in CASES {
        let info = Code::from_id(case.code).unwrap().info();
        for bad in [true, false] {
            let which = if bad { "bad" } else { "fixed" };
            let example = if bad { info.bad } else { info.fixed };
            let dir = tempfile::tempdir().unwrap();
            let out = run(case, bad, dir.path(), &maps);
            if let Some(text) = &out.text
                && let Err(e) = example_in(example, text)
            {
                failures.push(format!(
                    "{} {which} example is not in its file: {e}\n  example: {example}\n  file: {text}",
                    case.code
                ));
            }
            let listing = out
                .findings
                .iter()
                .map(|(c, s, m)| format!("{c} {s:?}: {m}"))
                .collect::<Vec<_>>()
                .join("\n    ");
            if bad {
                if !out.findings.iter().any(|(c, _, _)| c == case.code) {
                    failures.push(format!(
                        "{} bad example does not get {}:\n    {listing}",
                        case.code, case.code
                    ));
                }
            } else {
                let own = out
                    .findings
                    .iter()
                    .any(|(c, s, _)| c == case.code && *s == info.severity);
                let error = out.findings.iter().any(|(_, s, _)| *s == Severity::Error);
                if own || error {
                    failures.push(format!(
                        "{} fixed example is not clean:\n    {listing}",
                        case.code
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
