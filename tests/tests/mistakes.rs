//! The mistakes a designer makes, one a row: each row changes one thing in a good scenario
//! (`fixtures/good/skirmish-at-the-bridge.ron`, or its JSON twin `skirmish-hex-labels.json`),
//! and saberc must report the expected code with a help line holding the expected text (what
//! to type). No row may pass silently. `MISTAKES_SHOW=1` prints what every row gives.

use saber_schema::pipeline::check_source;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::Source;
use saber_tests::repo;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Syntax {
    Ron,
    Json,
}
use Syntax::{Json, Ron};

struct Row {
    syntax: Syntax,
    mistake: &'static str,
    find: &'static str,
    replace: &'static str,
    code: &'static str,
    help: &'static str,
}

#[rustfmt::skip]
const ROWS: &[Row] = &[
    Row { syntax: Ron, mistake: "unknown field typo", find: "deploys_first: \"north\"", replace: "deploy_first: \"north\"", code: "SYN002", help: "deploys_first" },
    Row { syntax: Ron, mistake: "unknown variant typo in a zone", find: "Within(distance: 1", replace: "Witin(distance: 1", code: "SYN002", help: "Within" },
    Row { syntax: Ron, mistake: "misspelt payload field", find: "Within(distance: 1, of:", replace: "Within(distanse: 1, of:", code: "SYN002", help: "distance" },
    Row { syntax: Ron, mistake: "enum value in quotes", find: "color: Blue", replace: "color: \"Blue\"", code: "SYN003", help: "without quotes" },
    Row { syntax: Ron, mistake: "unit type as 11.18 prints it", find: "{MZ: 6, MA: 1}", replace: "{MZ: 6, MzA: 1}", code: "SYN002", help: "MA" },
    Row { syntax: Ron, mistake: "unit type in words", find: "{EB: 6, CY: 2}", replace: "{EB: 6, Cavalry: 2}", code: "SYN002", help: "CY" },
    Row { syntax: Ron, mistake: "horse artillery as HA", find: "{BA: 1}", replace: "{HA: 1}", code: "SYN002", help: "MAh" },
    Row { syntax: Ron, mistake: "unknown marker", find: "markers: {Trench: 2}", replace: "markers: {Trenches: 2}", code: "SYN002", help: "Trench" },
    Row { syntax: Ron, mistake: "unknown feature", find: "Feature(\"H2\")", replace: "Feature(\"H20\")", code: "REF001", help: "H2" },
    Row { syntax: Ron, mistake: "feature under another letter", find: "Feature(\"V1\")", replace: "Feature(\"H1\")", code: "REF001", help: "V1" },
    Row { syntax: Ron, mistake: "unknown road", find: "RoadEntry(\"South\")", replace: "RoadEntry(\"Sud\")", code: "REF002", help: "South" },
    Row { syntax: Ron, mistake: "unknown side in victory", find: "side: \"south\",\n            goal", replace: "side: \"sud\",\n            goal", code: "REF003", help: "south" },
    Row { syntax: Ron, mistake: "deploys_first names no side", find: "deploys_first: \"north\"", replace: "deploys_first: \"nord\"", code: "REF003", help: "north" },
    Row { syntax: Ron, mistake: "unknown map", find: "map: \"skirmish\"", replace: "map: \"skirmish-2\"", code: "REF004", help: "skirmish" },
    Row { syntax: Ron, mistake: "game longer than the track", find: "game_length: 8", replace: "game_length: 25", code: "TRN001", help: "20" },
    Row { syntax: Ron, mistake: "game length zero", find: "game_length: 8", replace: "game_length: 0", code: "TRN001", help: "1 to 20" },
    Row { syntax: Ron, mistake: "arrival on turn 0", find: "Arrive(turn: 3", replace: "Arrive(turn: 0", code: "TRN002", help: "1" },
    Row { syntax: Ron, mistake: "arrival after the end", find: "Arrive(turn: 3", replace: "Arrive(turn: 9", code: "TRN002", help: "8" },
    Row { syntax: Ron, mistake: "victory turn after the end", find: "when: EndOfGame", replace: "when: EndOfTurn(12)", code: "VIC002", help: "8" },
    Row { syntax: Ron, mistake: "exit more than the side has", find: "goal: Hold(target: Feature(\"V1\"), when: EndOfGame)", replace: "goal: Exit(count: AtLeast(30), counters: [Unit(EB)], via: Edge(North), by_turn: 8)", code: "VIC001", help: "AtLeast(6)" },
    Row { syntax: Ron, mistake: "victory target empty", find: "goal: Hold(target: Feature(\"V1\")", replace: "goal: Hold(target: Hexes([])", code: "VIC004", help: "the list names no hex" },
    Row { syntax: Ron, mistake: "missing required field", find: "    moves_first: \"south\",\n", replace: "", code: "SYN004", help: "moves_first" },
    Row { syntax: Ron, mistake: "missing comma", find: "name: \"Skirmish at the Bridge\",\n", replace: "name: \"Skirmish at the Bridge\"\n", code: "SYN001", help: "," },
    Row { syntax: Ron, mistake: "truncated file", find: "notes: \"An invented action for testing.\",\n)", replace: "notes: \"An invented action for testing.\",\n", code: "SYN001", help: "bracket" },
    Row { syntax: Ron, mistake: "two sides of one colour", find: "color: Red", replace: "color: Blue", code: "DEP007", help: "Red" },
    Row { syntax: Ron, mistake: "duplicate group id", find: "(id: \"b\", units: {BA: 1}", replace: "(id: \"a\", units: {BA: 1}", code: "REF005", help: "(b)" },
    Row { syntax: Ron, mistake: "duplicate side id", find: "id: \"south\"", replace: "id: \"north\"", code: "REF005", help: "own id" },
    Row { syntax: Ron, mistake: "empty group", find: "{BA: 1}", replace: "{}", code: "DEP004", help: "units" },
    Row { syntax: Ron, mistake: "side without units", find: "units: {MZ: 6, MA: 1}", replace: "units: {}", code: "DEP010", help: "units: {MZ: 12" },
    Row { syntax: Ron, mistake: "empty date", find: "date: \"1 June 1866\"", replace: "date: \"\"", code: "TXT001", help: "date:" },
    Row { syntax: Ron, mistake: "empty printed victory", find: "printed: \"The Southerners must hold V1 at the end of the last Game-Turn.\"", replace: "printed: \"\"", code: "TXT001", help: "Southerners must hold" },
    Row { syntax: Ron, mistake: "empty notes", find: "notes: \"An invented action for testing.\"", replace: "notes: \"\"", code: "TXT001", help: "notes:" },
    Row { syntax: Ron, mistake: "empty special rule wording", find: "printed: \"Treat W3 as clear terrain.\"", replace: "printed: \"\"", code: "TXT001", help: "printed:" },
    Row { syntax: Ron, mistake: "format misspelt", find: "format: \"saber-scenario/1\"", replace: "format: \"saber-senario/1\"", code: "FMT001", help: "saber-scenario/1" },
    Row { syntax: Ron, mistake: "format of a future version", find: "format: \"saber-scenario/1\"", replace: "format: \"saber-scenario/2\"", code: "FMT002", help: "saber-scenario/2" },
    Row { syntax: Ron, mistake: "format without version", find: "format: \"saber-scenario/1\"", replace: "format: \"saber-scenario\"", code: "FMT001", help: "saber-scenario/1" },
    Row { syntax: Ron, mistake: "format missing", find: "    format: \"saber-scenario/1\",\n", replace: "", code: "FMT001", help: "format:" },
    Row { syntax: Ron, mistake: "list for a tuple in Difference", find: "Intersection([RiverSide(South), AtLeast(distance: 2, from: Feature(\"B4\"))])", replace: "Difference([RiverSide(South), Within(distance: 1, of: Feature(\"B4\"))])", code: "SYN001", help: "Difference(RiverSide(South), Within(distance: 1, of: Feature(\"B4\")))" },
    Row { syntax: Ron, mistake: "zone with no hexes", find: "Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))", replace: "Deploy(zone: Hexes([]))", code: "ZON001", help: "the list names no hex: write the hexes" },
    Row { syntax: Ron, mistake: "zone too small", find: "{EB: 6, CY: 2}, entry: Deploy(zone: Intersection([RiverSide(South), AtLeast(distance: 2, from: Feature(\"B4\"))]))", replace: "{EB: 6, CY: 2}, entry: Deploy(zone: Hexes([(1, 10)]))", code: "DEP001", help: "the zone lacks 2 hexes: add 2 hexes to its list" },
    Row { syntax: Ron, mistake: "placed outside the zone", find: "notes: \"An", replace: "setup: [(side: \"north\", group: \"a\", counter: Unit(MZ), at: (12, 1))],\n    notes: \"An", code: "DEP003", help: "write `at: (" },
    Row { syntax: Ron, mistake: "overstacked hex", find: "notes: \"An", replace: "setup: [(side: \"north\", group: \"a\", counter: Unit(MZ), at: (3, 3)), (side: \"north\", group: \"a\", counter: Unit(MZ), at: (3, 3)), (side: \"north\", group: \"a\", counter: Unit(MZ), at: (3, 3)), (side: \"north\", group: \"a\", counter: Unit(MZ), at: (3, 3))],\n    notes: \"An", code: "STK001", help: "move a unit to a neighbouring hex" },
    Row { syntax: Ron, mistake: "more placed than allotted", find: "notes: \"An", replace: "setup: [(side: \"north\", group: \"a\", counter: Unit(MA), at: (3, 3)), (side: \"north\", group: \"a\", counter: Unit(MA), at: (4, 3))],\n    notes: \"An", code: "DEP006", help: "remove 1 of the MA placements, or allot them all: `MA: 2`" },
    Row { syntax: Ron, mistake: "trenches for an arriving group", find: "(id: \"b\", units: {BA: 1}, entry", replace: "(id: \"b\", units: {BA: 1}, markers: {Trench: 1}, entry", code: "MRK001", help: "give them to a deploying group" },
    Row { syntax: Ron, mistake: "limbers without guns", find: "units: {MZ: 6, MA: 1}, markers: {Trench: 2}", replace: "units: {MZ: 6}, markers: {Trench: 2, Limber: 1}", code: "MRK004", help: "LimberCounters" },
    Row { syntax: Ron, mistake: "hold all with too few units", find: "goal: Hold(target: Feature(\"V1\"), when: EndOfGame)", replace: "goal: Hold(target: Within(distance: 3, of: Feature(\"V1\")), hexes: All, when: EndOfGame)", code: "VIC005", help: "Any" },
    Row { syntax: Ron, mistake: "ladder out of order", find: "printed: \"The Southerners must", replace: "outcome: Graded(by_turn: [(turn: 5, result: (winner: \"south\", level: Decisive)), (turn: 3, result: (winner: \"south\", level: Marginal))], otherwise: (winner: \"north\", level: Marginal)),\n            printed: \"The Southerners must", code: "VIC003", help: "increasing" },
    Row { syntax: Ron, mistake: "special rule for nothing", find: "TreatAsClear(Feature(\"W3\"))", replace: "TreatAsClear(Hexes([(1, 1)]))", code: "SPR001", help: "name the woods, villages or hills" },
    Row { syntax: Ron, mistake: "victory for the side already on its target", find: "side: \"south\",\n            goal: Hold(target: Feature(\"V1\"), when: EndOfGame)", replace: "side: \"north\",\n            goal: Hold(target: Feature(\"H2\"), when: AnyTurn)", code: "VIC006", help: "side: \"south\"" },
    Row { syntax: Ron, mistake: "hex row and column swapped", find: "notes: \"An", replace: "setup: [(side: \"north\", group: \"a\", counter: Unit(MZ), at: (1, 12))],\n    notes: \"An", code: "MAP007", help: "(12, 1)" },
    Row { syntax: Ron, mistake: "hex label of five digits", find: "Within(distance: 1, of: Feature(\"H2\"))", replace: "Hexes([\"00303\"])", code: "SYN003", help: "\"CCRR\"" },
    Row { syntax: Ron, mistake: "json in a ron file", find: "// A small scenario on the test map, used by the end-to-end tests.\n(", replace: "{", code: "FMT003", help: "saberc convert" },
    Row { syntax: Ron, mistake: "a negative count", find: "{BA: 1}", replace: "{BA: -2}", code: "SYN003", help: "0 or more: write `2`" },
    Row { syntax: Ron, mistake: "a count as a float", find: "{BA: 1}", replace: "{BA: 1.5}", code: "SYN003", help: "write `1`" },
    Row { syntax: Ron, mistake: "string for a number", find: "game_length: 8", replace: "game_length: \"8\"", code: "SYN003", help: "write the number without quotes: `8`" },
    Row { syntax: Ron, mistake: "number for a string", find: "name: \"Skirmish at the Bridge\"", replace: "name: 12", code: "SYN003", help: "in quotes: `\"12\"`" },
    Row { syntax: Ron, mistake: "unknown morale", find: "morale: High", replace: "morale: Elite", code: "SYN002", help: "High" },
    Row { syntax: Ron, mistake: "lower-case enum", find: "color: Blue", replace: "color: blue", code: "SYN002", help: "Blue" },
    Row { syntax: Ron, mistake: "unknown edge", find: "RiverSide(South)", replace: "RiverSide(Sud)", code: "SYN002", help: "South" },
    Row { syntax: Ron, mistake: "unknown goal", find: "goal: Hold(target", replace: "goal: Keep(target", code: "SYN002", help: "Hold" },
    Row { syntax: Ron, mistake: "unknown effect", find: "effect: RiverOnlyAtCrossings", replace: "effect: RiversOnlyAtCrossings", code: "SYN002", help: "RiverOnlyAtCrossings" },
    Row { syntax: Ron, mistake: "duplicate unit key", find: "{MZ: 6, MA: 1}", replace: "{MZ: 6, MZ: 1}", code: "SYN001", help: "MZ" },
    Row { syntax: Ron, mistake: "duplicate field", find: "game_length: 8,", replace: "game_length: 8,\n    game_length: 9,", code: "SYN001", help: "keep one" },
    Row { syntax: Ron, mistake: "id with capitals", find: "id: \"skirmish-at-the-bridge\"", replace: "id: \"Skirmish At The Bridge\"", code: "SCH001", help: "write `\"skirmish-at-the-bridge\"`" },
    Row { syntax: Ron, mistake: "group id not a letter", find: "(id: \"b\", units", replace: "(id: \"bb\", units", code: "SCH001", help: "`a` to `z`" },
    Row { syntax: Ron, mistake: "three sides", find: "    ],\n    deploys_first", replace: "        (id: \"east\", name: \"Easterners\", color: Red, groups: [(id: \"a\", units: {MZ: 1}, entry: Arrive(turn: 2, at: Edge(East)))]),\n    ],\n    deploys_first", code: "SCH001", help: "keep at most 2" },
    Row { syntax: Ron, mistake: "arrival inland", find: "Arrive(turn: 3, at: RoadEntry(\"South\"))", replace: "Arrive(turn: 3, at: Feature(\"V1\"))", code: "TRN003", help: "Edge" },
    Row { syntax: Ron, mistake: "wrong type for a zone", find: "Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))", replace: "Deploy(zone: \"H2\")", code: "SYN003", help: "write `Feature(\"H2\")`" },
    Row { syntax: Ron, mistake: "set-up hex with column and row swapped", find: "notes: \"An", replace: "setup: [(side: \"north\", group: \"a\", counter: Unit(MZ), at: (2, 5))],\n    notes: \"An", code: "DEP003", help: "did you mean `at: (5, 2)`?" },
    Row { syntax: Ron, mistake: "several misspelt names", find: "morale: High", replace: "moral: Hihg", code: "SYN002", help: "morale" },
    Row { syntax: Ron, mistake: "a list in place of a tuple in Within", find: "Within(distance: 1, of: Feature(\"H2\"))", replace: "Within([1, Feature(\"H2\")])", code: "SYN001", help: "without `[ ]`" },
    Row { syntax: Ron, mistake: "a closing bracket left out", find: "entry: Arrive(turn: 3, at: RoadEntry(\"South\"))),", replace: "entry: Arrive(turn: 3, at: RoadEntry(\"South\")),", code: "SYN001", help: "a `)` is missing before this point, most likely at the end of line 24" },
    Row { syntax: Ron, mistake: "a closing bracket too many", find: "entry: Arrive(turn: 3, at: RoadEntry(\"South\"))),", replace: "entry: Arrive(turn: 3, at: RoadEntry(\"South\")))),", code: "SYN001", help: "remove the extra `)`" },
    Row { syntax: Json, mistake: "unknown field typo", find: "\"deploys_first\": \"north\"", replace: "\"deploy_first\": \"north\"", code: "SYN002", help: "deploys_first" },
    Row { syntax: Json, mistake: "unknown variant typo", find: "\"Within\": {", replace: "\"Witin\": {", code: "SYN002", help: "Within" },
    Row { syntax: Json, mistake: "enum lower case", find: "\"color\": \"Blue\"", replace: "\"color\": \"blue\"", code: "SYN002", help: "Blue" },
    Row { syntax: Json, mistake: "unit variant as object", find: "\"effect\": \"RiverOnlyAtCrossings\"", replace: "\"effect\": {\"RiverOnlyAtCrossings\": null}", code: "SCH001", help: "\"RiverOnlyAtCrossings\"" },
    Row { syntax: Json, mistake: "comment in JSON", find: "\"format\": \"saber-scenario/1\",", replace: "// a comment\n  \"format\": \"saber-scenario/1\",", code: "SYN001", help: "RON" },
    Row { syntax: Json, mistake: "single quotes", find: "\"date\": \"1 June 1866\"", replace: "'date': '1 June 1866'", code: "SYN001", help: "\"date\"" },
    Row { syntax: Json, mistake: "unquoted enum", find: "\"color\": \"Blue\"", replace: "\"color\": Blue", code: "SYN001", help: "\"Blue\"" },
    Row { syntax: Json, mistake: "Some around an optional value", find: "\"morale\": \"High\"", replace: "\"morale\": \"Some(High)\"", code: "SYN002", help: "\"High\"" },
    Row { syntax: Json, mistake: "integer as float", find: "\"game_length\": 8", replace: "\"game_length\": 8.0", code: "SYN003", help: "`8`" },
    Row { syntax: Json, mistake: "unit named in words", find: "\"BA\": 1", replace: "\"Cavalry\": 1", code: "SYN002", help: "CY" },
    Row { syntax: Json, mistake: "unit as 11.18 prints it", find: "\"MA\": 1", replace: "\"MzA\": 1", code: "SYN002", help: "MA" },
    Row { syntax: Json, mistake: "horse artillery as HA", find: "\"BA\": 1", replace: "\"HA\": 1", code: "SYN002", help: "MAh" },
    Row { syntax: Json, mistake: "unknown feature", find: "\"Feature\": \"H2\"", replace: "\"Feature\": \"H20\"", code: "REF001", help: "H2" },
    Row { syntax: Json, mistake: "unknown side", find: "\"deploys_first\": \"north\"", replace: "\"deploys_first\": \"nord\"", code: "REF003", help: "north" },
    Row { syntax: Json, mistake: "unknown map", find: "\"map\": \"skirmish\"", replace: "\"map\": \"skirmish-2\"", code: "REF004", help: "skirmish" },
    Row { syntax: Json, mistake: "game too long", find: "\"game_length\": 8", replace: "\"game_length\": 25", code: "TRN001", help: "20" },
    Row { syntax: Json, mistake: "missing field", find: "\"moves_first\": \"south\",", replace: "", code: "SYN004", help: "\"moves_first\": …" },
    Row { syntax: Json, mistake: "trailing comma", find: "\"notes\": \"An invented action for testing.\"", replace: "\"notes\": \"An invented action for testing.\",", code: "SYN001", help: "remove this `,`" },
    Row { syntax: Json, mistake: "missing comma", find: "\"name\": \"Skirmish at the Bridge\",", replace: "\"name\": \"Skirmish at the Bridge\"", code: "SYN001", help: "comma" },
    Row { syntax: Json, mistake: "truncated", find: "\"notes\": \"An invented action for testing.\"\n}", replace: "\"notes\": \"An invented action for testing.\"\n", code: "SYN001", help: "bracket" },
    Row { syntax: Json, mistake: "duplicate key", find: "\"game_length\": 8,", replace: "\"game_length\": 8,\n  \"game_length\": 9,", code: "SYN001", help: "game_length" },
    Row { syntax: Json, mistake: "two sides of one colour", find: "\"color\": \"Red\"", replace: "\"color\": \"Blue\"", code: "DEP007", help: "Red" },
    Row { syntax: Json, mistake: "duplicate group id", find: "\"id\": \"b\"", replace: "\"id\": \"a\"", code: "REF005", help: "(b)" },
    Row { syntax: Json, mistake: "empty date", find: "\"date\": \"1 June 1866\"", replace: "\"date\": \"\"", code: "TXT001", help: "date" },
    Row { syntax: Json, mistake: "empty notes", find: "\"notes\": \"An invented action for testing.\"", replace: "\"notes\": \"\"", code: "TXT001", help: "notes" },
    Row { syntax: Json, mistake: "empty printed victory", find: "\"printed\": \"The Southerners must hold V1 at the end of the last Game-Turn.\"", replace: "\"printed\": \"\"", code: "TXT001", help: "Southerners must hold" },
    Row { syntax: Json, mistake: "format misspelt", find: "\"format\": \"saber-scenario/1\"", replace: "\"format\": \"saber-senario/1\"", code: "FMT001", help: "saber-scenario/1" },
    Row { syntax: Json, mistake: "future format", find: "\"format\": \"saber-scenario/1\"", replace: "\"format\": \"saber-scenario/2\"", code: "FMT002", help: "saber-scenario/2" },
    Row { syntax: Json, mistake: "ron in a json file", find: "{\n  \"$schema\"", replace: "(\n  \"$schema\"", code: "FMT003", help: "saberc convert" },
    Row { syntax: Json, mistake: "RON bracket in JSON", find: "\"RiverSide\": \"South\"", replace: "\"RiverSide\": (South)", code: "SYN001", help: "RON" },
    Row { syntax: Json, mistake: "hex label with a dot and no map that wide", find: "\"0709\"", replace: "\"7.99\"", code: "MAP007", help: "columns run from 1 to 12 and rows from 1 to 10" },
    Row { syntax: Json, mistake: "hex label of three digits", find: "\"0709\"", replace: "\"709\"", code: "SYN003", help: "`\"0709\"`" },
    Row { syntax: Json, mistake: "hex off the map", find: "\"0709\"", replace: "\"1299\"", code: "MAP007", help: "columns run from 1 to 12 and rows from 1 to 10" },
    Row { syntax: Json, mistake: "hex swapped", find: "\"0709\"", replace: "[1, 12]", code: "MAP007", help: "write `[12, 1]`" },
    Row { syntax: Json, mistake: "zone with no hexes", find: "\"distance\": 2,", replace: "\"distance\": 40,", code: "ZON001", help: "the clauses share no hex" },
    Row { syntax: Json, mistake: "negative count", find: "\"BA\": 1", replace: "\"BA\": -2", code: "SYN003", help: "0 or more: write `2`" },
    Row { syntax: Json, mistake: "string for a number", find: "\"game_length\": 8", replace: "\"game_length\": \"8\"", code: "SYN003", help: "write the number without quotes: `8`" },
    Row { syntax: Json, mistake: "empty group", find: "\"BA\": 1\n", replace: "", code: "DEP004", help: "units" },
    Row { syntax: Json, mistake: "unknown morale", find: "\"morale\": \"High\"", replace: "\"morale\": \"Elite\"", code: "SYN002", help: "High" },
    Row { syntax: Json, mistake: "unknown goal", find: "\"Hold\": {", replace: "\"Keep\": {", code: "SYN002", help: "Hold" },
    Row { syntax: Json, mistake: "id with spaces", find: "\"id\": \"skirmish-at-the-bridge\"", replace: "\"id\": \"skirmish at the bridge\"", code: "SCH001", help: "write `\"skirmish-at-the-bridge\"`" },
    Row { syntax: Json, mistake: "an engine export checked as a source", find: "\"format\": \"saber-scenario/1\"", replace: "\"format\": \"saber-export/2\"", code: "FMT006", help: "saberc export" },
    Row { syntax: Json, mistake: "Some around a side id", find: "\"deploys_first\": \"north\"", replace: "\"deploys_first\": \"Some(north)\"", code: "REF003", help: "north" },
];

#[test]
fn every_mistake_is_named_with_what_to_type() {
    let mut maps = MapRegistry::new();
    maps.add_root(&repo("tests/fixtures/maps")).unwrap();
    let base = |s: Syntax| {
        let (file, name) = match s {
            Ron => (
                "tests/fixtures/good/skirmish-at-the-bridge.ron",
                "mistake.ron",
            ),
            Json => (
                "tests/fixtures/good/skirmish-hex-labels.json",
                "mistake.json",
            ),
        };
        (std::fs::read_to_string(repo(file)).unwrap(), name)
    };
    let show = std::env::var_os("MISTAKES_SHOW").is_some();
    let mut failures = Vec::new();
    for (syntax, want) in [(Ron, 50), (Json, 30)] {
        assert!(
            ROWS.iter().filter(|r| r.syntax == syntax).count() >= want,
            "at least {want} {syntax:?} rows"
        );
    }
    assert!(ROWS.len() >= 100, "{} rows", ROWS.len());
    for row in ROWS {
        let (text, name) = base(row.syntax);
        assert!(
            text.contains(row.find),
            "{:?} `{}`: the base file has no {:?}",
            row.syntax,
            row.mistake,
            row.find
        );
        let bad = text.replacen(row.find, row.replace, 1);
        // In the fixtures' directory, so that the map is found beside it as for a real file.
        let src = Source::from_text(repo("tests/fixtures/good").join(name), bad);
        let report = check_source(&src, &maps);
        let found = report.diagnostics.iter().any(|d| {
            d.code.as_str() == row.code && d.hint.as_deref().unwrap_or("").contains(row.help)
        });
        let got: Vec<String> = report
            .diagnostics
            .iter()
            .map(|d| {
                format!(
                    "{} {}: {} | help: {}",
                    d.code.as_str(),
                    d.location
                        .as_ref()
                        .map(|l| format!("{}:{}", l.line, l.column))
                        .unwrap_or_default(),
                    d.message,
                    d.hint.as_deref().unwrap_or("-")
                )
            })
            .collect();
        if show {
            eprintln!(
                "{:?} {}:\n    {}",
                row.syntax,
                row.mistake,
                got.join("\n    ")
            );
        }
        if !found {
            failures.push(format!(
                "{:?} `{}`: expected {} with help containing {:?}, got:\n    {}",
                row.syntax,
                row.mistake,
                row.code,
                row.help,
                got.join("\n    ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
