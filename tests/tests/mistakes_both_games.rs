//! The mistakes table, part 2: both games (Rifle & Saber and Musket & Saber Quick Play), RON
//! and JSON, maps and scenarios. Each row changes a good file (`Base`) and must give the
//! expected code with a help line holding the expected text, in the file's own notation. The
//! full output of every row (code, line:col, message, help and the proven edit) is one reviewed
//! snapshot (`snapshots/mistakes_both_games__table.snap`; after an intended change run
//! `INSTA_UPDATE=always cargo test -p saber-tests --test mistakes_both_games` and read the
//! diff). Then every suggestion is proven again here: applying an offered edit to the text
//! removes its finding and adds no error at the edit — for every row and every bad fixture.

use saber_schema::diagnostic::{Diagnostic, Severity};
use saber_schema::pipeline::check_source;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::{Source, Syntax};
use saber_tests::repo;

/// The good file a row changes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Base {
    /// Rifle & Saber scenario, RON.
    RsRon,
    /// Rifle & Saber scenario, JSON.
    RsJson,
    /// Musket & Saber scenario, RON.
    MsRon,
    /// Musket & Saber scenario, JSON (the RON one converted).
    MsJson,
    /// Rifle & Saber map, RON.
    RsMap,
    /// Musket & Saber map, RON.
    MsMap,
    /// Musket & Saber map, JSON (converted).
    MsMapJson,
}
use Base::*;

struct Row {
    base: Base,
    mistake: &'static str,
    /// Each `(find, replace)` made once, in order; an empty `find` replaces the whole text.
    edits: &'static [(&'static str, &'static str)],
    code: &'static str,
    help: &'static str,
}

const MS_SETUP_W1: &str =
    "            units: [\"4 Bde\", \"1 Art\"],\n            at: \"0302\",\n            w1: true,";
const MS_PLACEMENTS: &str = "    placements: [\n        (\n            side: \"blue\",\n            unit: \"4 Bde\",\n            at: \"0302\",\n        ),\n        (\n            side: \"blue\",\n            unit: \"1 Art\",\n            at: \"0303\",\n        ),\n    ],\n";

#[rustfmt::skip]
const ROWS: &[Row] = &[
    // 1. A file read as the wrong game.
    Row { base: MsRon, mistake: "M&S scenario without its game line", edits: &[("    game: \"musket-and-saber-quick-play\",\n", "")], code: "SYN002", help: "`game: \"musket-and-saber-quick-play\",` after the `format` line" },
    Row { base: MsJson, mistake: "M&S scenario without its game line", edits: &[("  \"game\": \"musket-and-saber-quick-play\",\n", "")], code: "SYN002", help: "`\"game\": \"musket-and-saber-quick-play\",` after the `format` line" },
    Row { base: MsMap, mistake: "M&S map without its game line", edits: &[("    game: \"musket-and-saber-quick-play\",\n", "")], code: "SYN002", help: "`game: \"musket-and-saber-quick-play\",`" },
    Row { base: MsMapJson, mistake: "M&S map without its game line", edits: &[("  \"game\": \"musket-and-saber-quick-play\",\n", "")], code: "SYN002", help: "`\"game\": \"musket-and-saber-quick-play\",`" },
    Row { base: MsRon, mistake: "R&S's moves_first in an M&S scenario", edits: &[("first_player: \"blue\"", "moves_first: \"blue\"")], code: "SYN002", help: "`first_player:`" },
    Row { base: MsJson, mistake: "R&S's moves_first in an M&S scenario", edits: &[("\"first_player\": \"blue\"", "\"moves_first\": \"blue\"")], code: "SYN002", help: "`\"first_player\":`" },
    Row { base: RsRon, mistake: "M&S's first_player in an R&S scenario", edits: &[("moves_first: \"south\"", "first_player: \"south\"")], code: "SYN002", help: "`moves_first:`" },
    Row { base: RsRon, mistake: "M&S's first_player: the missing moves_first still said", edits: &[("moves_first: \"south\"", "first_player: \"south\"")], code: "SYN004", help: "moves_first" },
    Row { base: RsJson, mistake: "M&S's first_player in an R&S scenario", edits: &[("\"moves_first\": \"south\"", "\"first_player\": \"south\"")], code: "SYN002", help: "`\"moves_first\":`" },
    Row { base: MsRon, mistake: "R&S's groups in an M&S side", edits: &[("            counters: [\n                (\n                    id: \"9 Bde\"", "            groups: [\n                (\n                    id: \"9 Bde\"")], code: "SYN002", help: "`counters:`" },
    Row { base: RsMap, mistake: "M&S's chart in an R&S map", edits: &[("    orientation: Flat,", "    chart: [],\n    orientation: Flat,")], code: "SYN002", help: "remove the `chart` entry" },
    Row { base: MsRon, mistake: "R&S's deploys_first in an M&S scenario", edits: &[("first_player: \"blue\",", "first_player: \"blue\",\n    deploys_first: \"blue\",")], code: "SYN002", help: "remove its `game` line" },
    // 2. The file's game and notation.
    Row { base: MsRon, mistake: "victory turn written as the last track label", edits: &[("when: EndOfGame", "when: EndOfTurn(1715)")], code: "SCH001", help: "it is turn 4; write `EndOfTurn(4)`" },
    Row { base: MsRon, mistake: "victory turn written as a track label", edits: &[("when: EndOfGame", "when: EndOfTurn(1545)")], code: "SCH001", help: "it is turn 2; write `EndOfTurn(2)`" },
    Row { base: MsJson, mistake: "victory turn written as a track label", edits: &[("\"when\": \"EndOfGame\"", "\"when\": {\"EndOfTurn\": 1715}")], code: "SCH001", help: "write `\"EndOfTurn\": 4`" },
    Row { base: MsRon, mistake: "victory turn past the track, no label", edits: &[("when: EndOfGame", "when: EndOfTurn(99)")], code: "SCH001", help: "turn counts from 1 (the game's first turn) to 4: write `EndOfTurn(4)`" },
    Row { base: MsRon, mistake: "entry hex one row past the map", edits: &[("entry_hexes: [\"1008\"]", "entry_hexes: [\"1009\"]")], code: "MAP007", help: "the hex on the map's edge there is 1008" },
    Row { base: MsRon, mistake: "entry hex one row past, not swapped to the other edge", edits: &[("entry_hexes: [\"1008\"]", "entry_hexes: [\"0809\"]")], code: "MAP007", help: "the hex on the map's edge there is 0808" },
    Row { base: MsJson, mistake: "entry hex one row past the map", edits: &[("\"1008\"", "\"1009\"")], code: "MAP007", help: "1008" },
    Row { base: MsRon, mistake: "entry hex one column past the map", edits: &[("entry_hexes: [\"1008\"]", "entry_hexes: [\"1108\"]")], code: "MAP007", help: "1008" },
    Row { base: RsRon, mistake: "set-up hex one row past the map", edits: &[("notes: \"An", "setup: [(side: \"north\", group: \"a\", counter: Unit(MZ), at: (3, 11))],\n    notes: \"An")], code: "MAP007", help: "(3, 10), label 0310" },
    Row { base: RsJson, mistake: "placement outside its zone, in JSON", edits: &[("  \"notes\": \"An", "  \"setup\": [{\"side\": \"north\", \"group\": \"a\", \"counter\": {\"Unit\": \"MZ\"}, \"at\": [12, 1]}],\n  \"notes\": \"An")], code: "DEP003", help: "6 hexes away: write `\"at\": [6, 2]`" },
    Row { base: RsJson, mistake: "zone past the map, in JSON", edits: &[("\"distance\": 2,", "\"distance\": 40,")], code: "ZON001", help: "share none" },
    Row { base: RsJson, mistake: "more placed than allotted, in JSON", edits: &[("  \"notes\": \"An", "  \"setup\": [{\"side\": \"north\", \"group\": \"a\", \"counter\": {\"Unit\": \"MA\"}, \"at\": [3, 3]}, {\"side\": \"north\", \"group\": \"a\", \"counter\": {\"Unit\": \"MA\"}, \"at\": [4, 3]}],\n  \"notes\": \"An")], code: "DEP006", help: "`\"MA\": 2`" },
    // 3. Suggestions proven before shown.
    Row { base: RsRon, mistake: "AtLeast past the map in an intersection: the cause, not a distance", edits: &[("AtLeast(distance: 2, from", "AtLeast(distance: 40, from")], code: "ZON001", help: "the clauses share no hex" },
    Row { base: RsRon, mistake: "MA placed where the group has a BA", edits: &[("(id: \"b\", units: {BA: 1}, entry: Arrive(turn: 3, at: RoadEntry(\"South\")))", "(id: \"b\", units: {BA: 1}, entry: Deploy(zone: Hexes([(7, 10), (8, 10)])))"), ("notes: \"An", "setup: [(side: \"south\", group: \"b\", counter: Unit(MA), at: (7, 10))],\n    notes: \"An")], code: "DEP006", help: "write `Unit(BA)`" },
    Row { base: RsRon, mistake: "misspelt field proven", edits: &[("game_length: 8", "game_lenght: 8")], code: "SYN002", help: "did you mean `game_length`?" },
    Row { base: RsJson, mistake: "misspelt field proven", edits: &[("\"game_length\": 8", "\"game_lenght\": 8")], code: "SYN002", help: "did you mean `game_length`?" },
    Row { base: MsRon, mistake: "misspelt class", edits: &[("class: Battalion", "class: Batallion")], code: "SYN002", help: "did you mean `Battalion`?" },
    Row { base: MsJson, mistake: "class in lower case", edits: &[("\"class\": \"Battalion\"", "\"class\": \"battalion\"")], code: "SYN002", help: "did you mean `Battalion`?" },
    Row { base: MsRon, mistake: "misspelt map id", edits: &[("map: \"ms-grid\"", "map: \"ms-gird\"")], code: "REF004", help: "did you mean `ms-grid`?" },
    Row { base: MsMap, mistake: "misspelt chart placement", edits: &[("on: Hex,\n            infantry: Some(Mp(1))", "on: Hexes,\n            infantry: Some(Mp(1))")], code: "SYN002", help: "did you mean `Hex`?" },
    Row { base: MsMapJson, mistake: "chart placement in lower case", edits: &[("\"on\": \"Hex\"", "\"on\": \"hex\"")], code: "SYN002", help: "did you mean `Hex`?" },
    Row { base: RsRon, mistake: "misspelt map id nearest an M&S map: the spelling is not offered (REF008 after it)", edits: &[("map: \"skirmish\"", "map: \"ms-gri\"")], code: "REF004", help: "known maps: " },
    Row { base: RsMap, mistake: "misspelt map field", edits: &[("parity: EvenShoved", "parrity: EvenShoved")], code: "SYN002", help: "did you mean `parity`?" },
    // 3b. Text-only suggestions made proven edits (issue 42's rest).
    Row { base: MsRon, mistake: "placement names a unit ID misspelt", edits: &[("unit: \"1 Art\"", "unit: \"1 Artt\"")], code: "ROS007", help: "did you mean `1 Art`?" },
    Row { base: MsRon, mistake: "set-up line names a unit ID misspelt", edits: &[("units: [\"9 Bde\", \"Gen Z\"]", "units: [\"9 Bd\", \"Gen Z\"]")], code: "ROS007", help: "did you mean `9 Bde`?" },
    Row { base: MsJson, mistake: "set-up line names a unit ID misspelt", edits: &[("\"9 Bde\",\n        \"Gen Z\"", "\"9 Bd\",\n        \"Gen Z\"")], code: "ROS007", help: "did you mean `9 Bde`?" },
    Row { base: MsRon, mistake: "leader's formation misspelt", edits: &[("formation: \"9 Div\",\n", "formation: \"9 Div\",\n"), ("id: \"Gen Z\",\n                    formation: \"9 Div\"", "id: \"Gen Z\",\n                    formation: \"9 Dv\"")], code: "ROS004", help: "did you mean `9 Div`?" },
    Row { base: MsRon, mistake: "reinforcement turn label misspelt", edits: &[("turn: \"1545\"", "turn: \"1546\"")], code: "TRN002", help: "did you mean `1545`?" },
    Row { base: MsRon, mistake: "side id misspelt", edits: &[("side: \"blue\",\n            unit: \"1 Art\"", "side: \"bleu\",\n            unit: \"1 Art\"")], code: "REF003", help: "did you mean `blue`?" },
    Row { base: MsMap, mistake: "legend kind misspelt: no chart row", edits: &[("kinds: [\"woods\"]", "kinds: [\"wods\"]")], code: "MAP010", help: "did you mean `woods`?" },
    Row { base: RsRon, mistake: "AtLeast past the map: the distance written", edits: &[("entry: Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))", "entry: Deploy(zone: AtLeast(distance: 40, from: Feature(\"H2\")))")], code: "ZON001", help: "write `distance: " },
    Row { base: RsRon, mistake: "AtLeast past the map in an intersection that meets: the distance written", edits: &[("Intersection([RiverSide(South), AtLeast(distance: 2, from", "Intersection([Edge(West), AtLeast(distance: 40, from")], code: "ZON001", help: "write `distance: " },
    Row { base: RsRon, mistake: "zone short of the edge it names: the distance written", edits: &[("entry: Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))", "entry: Deploy(zone: Intersection([Edge(South), Within(distance: 1, of: Feature(\"H2\"))]))")], code: "ZON001", help: "write `distance: " },
    Row { base: RsRon, mistake: "placement with column and row swapped", edits: &[("notes: \"An", "setup: [(side: \"north\", group: \"a\", counter: Unit(MZ), at: (2, 6))],\n    notes: \"An")], code: "DEP003", help: "did you mean `at: (6, 2)`?" },
    Row { base: RsJson, mistake: "zone hex one row past the map, written as a label", edits: &[("\"0710\"", "\"0711\"")], code: "MAP007", help: "the hex on the map's edge there is 0710: write `\"0710\"`" },
    Row { base: RsJson, mistake: "placement outside its zone, written as a label", edits: &[("  \"notes\": \"An", "  \"setup\": [{\"side\": \"north\", \"group\": \"a\", \"counter\": {\"Unit\": \"MZ\"}, \"at\": \"1201\"}],\n  \"notes\": \"An")], code: "DEP003", help: "write `\"at\": \"0602\"`" },
    Row { base: RsJson, mistake: "set-up hex one row past the map, written as a label", edits: &[("  \"notes\": \"An", "  \"setup\": [{\"side\": \"north\", \"group\": \"a\", \"counter\": {\"Unit\": \"MZ\"}, \"at\": \"0311\"}],\n  \"notes\": \"An")], code: "MAP007", help: "0310" },
    Row { base: RsRon, mistake: "placement outside its zone: the nearest hex written", edits: &[("notes: \"An", "setup: [(side: \"north\", group: \"a\", counter: Unit(MZ), at: (11, 9))],\n    notes: \"An")], code: "DEP003", help: "the nearest hex of the zone is" },
    // 4. The right place and the right list.
    Row { base: MsRon, mistake: "forgotten w/1: the caret on the line that overfills, leaders not listed", edits: &[(MS_SETUP_W1, "            units: [\"4 Bde\", \"1 Art\"],\n            at: \"0202\","), (MS_PLACEMENTS, "")], code: "STK001", help: "the line here puts 4 Bde, 1 Art in 0202: give it `w1: true`" },
    Row { base: RsRon, mistake: "a ladder rung's turn written twice", edits: &[("goal: Hold(target: Feature(\"V1\"), when: EndOfGame)", "goal: Hold(target: Feature(\"V1\"), when: AnyTurn)"), ("printed: \"The Southerners must", "outcome: Graded(by_turn: [(turn: 5, result: (winner: \"south\", level: Decisive)), (turn: 5, result: (winner: \"south\", level: Marginal))], otherwise: (winner: \"north\", level: Marginal)),\n            printed: \"The Southerners must")], code: "VIC003", help: "remove one of the two rungs of Game-Turn 5" },
    Row { base: RsRon, mistake: "a leftover skeleton note on the game's length", edits: &[("notes: \"An", "interpretations: [(rule: \"11.18\", text: \"Game length\", reading: \"Game length: 8 Game-Turns, to be set by the designer.\")],\n    notes: \"An")], code: "TXT002", help: "`game_length: 8`" },
    Row { base: MsRon, mistake: "map named by its display name", edits: &[("map: \"ms-grid\"", "map: \"Test grid (invented)\"")], code: "REF004", help: "write `\"ms-grid\"`" },
    Row { base: MsJson, mistake: "map named by its display name", edits: &[("\"map\": \"ms-grid\"", "\"map\": \"Test grid (invented)\"")], code: "REF004", help: "write `\"ms-grid\"`" },
    Row { base: RsRon, mistake: "map named by its display name", edits: &[("map: \"skirmish\"", "map: \"Skirmish test map\"")], code: "REF004", help: "write `\"skirmish\"`" },
    Row { base: MsRon, mistake: "class Regiment", edits: &[("class: Battalion", "class: Regiment")], code: "SYN002", help: "2.4 puts a regiment with the brigades" },
    Row { base: MsJson, mistake: "class Regiment", edits: &[("\"class\": \"Battalion\"", "\"class\": \"Regiment\"")], code: "SYN002", help: "write `Brigade`" },
    Row { base: RsRon, mistake: "zone too small: how many hexes it lacks, which clause", edits: &[("AtLeast(distance: 2, from: Feature(\"B4\"))", "Within(distance: 1, of: Feature(\"B4\"))")], code: "DEP001", help: "the zone lacks 2 hexes: widen" },
    Row { base: RsRon, mistake: "a file of comments only", edits: &[("", "// A scenario, to be written.\n// Nothing here yet.\n")], code: "SYN001", help: "write the map or scenario after the comments" },
    Row { base: RsRon, mistake: "an empty file", edits: &[("", "\n")], code: "SYN001", help: "`saberc new scenario`" },
    Row { base: MsMap, mistake: "a file of comments only (map)", edits: &[("", "// the map, later\n")], code: "SYN001", help: "remove the file" },
];

fn registry() -> MapRegistry {
    let mut maps = MapRegistry::new();
    maps.add_root(&repo("tests/fixtures/maps")).unwrap();
    maps
}

/// A base file's text and where it is checked (beside its map).
fn base(b: Base) -> (String, std::path::PathBuf) {
    let read = |rel: &str| std::fs::read_to_string(repo(rel)).unwrap();
    let json = |rel: &str| {
        let src = Source::from_text(repo(rel), read(rel));
        saber_schema::output::convert::convert(&src, Syntax::Json)
            .unwrap()
            .text
    };
    let ms = "tests/fixtures/good/ms-battalion-three-brigades-four-leaders.ron";
    let good = repo("tests/fixtures/good");
    let maps = repo("tests/fixtures/maps");
    match b {
        RsRon => (
            read("tests/fixtures/good/skirmish-at-the-bridge.ron"),
            good.join("mistake.ron"),
        ),
        RsJson => (
            read("tests/fixtures/good/skirmish-hex-labels.json"),
            good.join("mistake.json"),
        ),
        MsRon => (read(ms), good.join("mistake.ron")),
        MsJson => (json(ms), good.join("mistake.json")),
        RsMap => (
            read("tests/fixtures/maps/skirmish.ron"),
            maps.join("mistake.ron"),
        ),
        MsMap => (
            read("tests/fixtures/maps/ms-grid.ron"),
            maps.join("mistake.ron"),
        ),
        MsMapJson => (
            json("tests/fixtures/maps/ms-grid.ron"),
            maps.join("mistake.json"),
        ),
    }
}

/// A finding as the table pins it: code, place, message, help and the edit offered.
fn line(d: &Diagnostic) -> String {
    let mut s = format!(
        "{} {}: {} | help: {}",
        d.code.as_str(),
        d.location
            .as_ref()
            .map(|l| format!("{}:{}", l.line, l.column))
            .unwrap_or_default(),
        d.message,
        d.hint.as_deref().unwrap_or("-")
    );
    if let Some(e) = &d.suggestion {
        s.push_str(&format!(
            " | edit: {}+{} {:?}",
            e.offset, e.length, e.replacement
        ));
    }
    s
}

/// Apply each offered edit to the text and check it again: the finding is gone and no error
/// lies at the edit. The failures, described.
fn edits_hold(src: &Source, found: &[Diagnostic], maps: &MapRegistry) -> Vec<String> {
    let mut bad = Vec::new();
    for d in found {
        let Some(e) = &d.suggestion else { continue };
        let Some(text) = e.apply(&src.text) else {
            bad.push(format!("{}: the edit does not fit the text", line(d)));
            continue;
        };
        let after = check_source(
            &Source {
                text,
                ..src.clone()
            },
            maps,
        );
        let end = e.offset + e.replacement.len();
        let moved = |o: usize| {
            if o < e.offset {
                Some(o)
            } else if o >= e.offset + e.length {
                Some(o - e.length + e.replacement.len())
            } else {
                None
            }
        };
        // Where the finding would be now: its place moved, or (when the edit wrote over its
        // place) anywhere in what the edit wrote.
        let at = d.location.and_then(|l| moved(l.offset));
        let same_place = |xl: Option<usize>| match (at, xl) {
            (Some(a), Some(x)) => a == x,
            (None, Some(x)) => (e.offset..=end).contains(&x),
            _ => false,
        };
        for x in &after.diagnostics {
            let xl = x.location.map(|l| l.offset);
            if x.code == d.code && same_place(xl) {
                bad.push(format!(
                    "{}: still there after the edit: {}",
                    line(d),
                    line(x)
                ));
            }
            if x.severity == Severity::Error
                && x.location
                    .is_some_and(|l| l.offset <= end && l.offset + l.length >= e.offset)
                && (x.code != d.code || same_place(xl))
            {
                bad.push(format!("{}: the edit brings {}", line(d), line(x)));
            }
        }
    }
    bad
}

#[test]
fn every_mistake_of_both_games_is_named_with_what_to_type() {
    let maps = registry();
    let rows: Vec<&Row> = ROWS.iter().collect();
    assert!(rows.len() >= 40, "{} rows", rows.len());
    let mut table = String::new();
    let mut failures = Vec::new();
    let mut edits = 0;
    for row in rows {
        let (mut text, path) = base(row.base);
        for (find, replace) in row.edits {
            if find.is_empty() {
                text = replace.to_string();
                continue;
            }
            assert!(
                text.contains(find),
                "{:?} `{}`: the base has no {find:?}",
                row.base,
                row.mistake
            );
            text = text.replacen(find, replace, 1);
        }
        let src = Source::from_text(path, text);
        let report = check_source(&src, &maps);
        let got: Vec<String> = report.diagnostics.iter().map(line).collect();
        table.push_str(&format!(
            "{:?} {}:\n    {}\n",
            row.base,
            row.mistake,
            got.join("\n    ")
        ));
        if !report.diagnostics.iter().any(|d| {
            d.code.as_str() == row.code && d.hint.as_deref().unwrap_or("").contains(row.help)
        }) {
            failures.push(format!(
                "{:?} `{}`: expected {} with help containing {:?}, got:\n    {}",
                row.base,
                row.mistake,
                row.code,
                row.help,
                got.join("\n    ")
            ));
        }
        edits += report
            .diagnostics
            .iter()
            .filter(|d| d.suggestion.is_some())
            .count();
        failures.extend(edits_hold(&src, &report.diagnostics, &maps));
    }
    assert!(edits >= 10, "only {edits} edits offered in the table");
    insta::assert_snapshot!("table", table);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// For every fixture (bad, good, maps, spellings) whose output offers an edit, applying it
/// removes the finding and adds no error at the edit.
#[test]
fn every_offered_edit_of_the_fixtures_removes_its_finding() {
    let maps = registry();
    let mut failures = Vec::new();
    let mut offered = 0;
    let mut files: Vec<_> = ["bad", "good", "maps", "spellings"]
        .iter()
        .flat_map(|d| std::fs::read_dir(repo(&format!("tests/fixtures/{d}"))).unwrap())
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron" || e == "json"))
        .collect();
    files.sort();
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let src = Source::from_text(f.clone(), text);
        let report = check_source(&src, &maps);
        offered += report
            .diagnostics
            .iter()
            .filter(|d| d.suggestion.is_some())
            .count();
        for e in edits_hold(&src, &report.diagnostics, &maps) {
            failures.push(format!("{}: {e}", f.display()));
        }
    }
    assert!(offered > 0, "no bad fixture offers an edit");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
