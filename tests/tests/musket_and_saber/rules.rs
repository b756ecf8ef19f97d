//! The Musket & Saber rules the checks enforce, each against its section (deployment, the
//! roster, the chart, counters, the card's legend, terrain zones), a map numbered from 0100, and
//! whole-file saves.

use super::*;

/// The findings (`code path`) of the good M&S fixture edited by `edits`, checked on the test
/// maps.
fn fixture_findings(edits: &[(&str, &str)]) -> Vec<serde_json::Value> {
    let mut text = std::fs::read_to_string(repo(
        "tests/fixtures/good/ms-battalion-three-brigades-four-leaders.ron",
    ))
    .unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "the fixture has no {from:?}");
        text = text.replace(from, to);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scenario.ron");
    std::fs::write(&path, text).unwrap();
    let maps = repo("tests/fixtures/maps");
    let out = saberc(
        BIN,
        &[
            "check",
            "--format",
            "json",
            "--maps",
            maps.to_str().unwrap(),
            path.to_str().unwrap(),
        ],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    report["diagnostics"].as_array().unwrap().clone()
}

#[test]
fn a_reinforcement_entering_by_prohibited_terrain_is_dep009_for_its_class_only() {
    // 1 Art no longer sets up w/1: it arrives with the cavalry at 0403, woods, which the test
    // map's chart prohibits to artillery (not to cavalry).
    let found = fixture_findings(&[
        ("units: [\"4 Bde\", \"1 Art\"],", "units: [\"4 Bde\"],"),
        (
            "        (\n            side: \"blue\",\n            unit: \"1 Art\",\n            at: \"0303\",\n        ),\n",
            "",
        ),
        ("units: [\"1 Cav\"],", "units: [\"1 Cav\", \"1 Art\"],"),
        (
            "at: \"0101\",\n        ),\n    ],\n    placements",
            "at: \"0403\",\n        ),\n    ],\n    placements",
        ),
    ]);
    let dep009: Vec<_> = found.iter().filter(|d| d["code"] == "DEP009").collect();
    assert_eq!(dep009.len(), 1, "{found:#?}");
    let message = dep009[0]["message"].as_str().unwrap();
    assert!(
        message.contains("`1 Art` enters the map at 0403, woods"),
        "{message}"
    );
    assert!(!message.contains("1 Cav"), "{message}");
    assert_eq!(dep009[0]["rule"], "7.7, 8.1, 10.0");
}

#[test]
fn a_w1_line_left_without_room_by_prohibited_terrain_is_dep001() {
    // Artillery w/1 0404: of its seven hexes, three are woods, prohibited to artillery on the
    // test map's chart, so four hexes of four artillery units each (5.0: one battalion or
    // artillery unit plus any three units) hold 16; without the woods seven hexes would hold 28.
    let with = |n: u32| {
        let counters: String = (1..=n)
            .map(|i| format!(
                "(id: \"A{i}\", formation: \"1 Div\", class: Artillery, steps: 1, front: (cf: Some(One(2)), mr: Some(4), ma: Some(3), range: Some(2)), back: (cf: Some(One(0)), mr: Some(2)), source: \"invented\"),\n"
            ))
            .collect();
        let names: Vec<String> = (1..=n).map(|i| format!("\"A{i}\"")).collect();
        let line = format!(
            "        (side: \"blue\", units: [{}], at: \"0404\", w1: true),\n",
            names.join(", ")
        );
        fixture_findings(&[
            (
                "            ],\n            entry_hexes: [\"0101\"],",
                &format!("{counters}            ],\n            entry_hexes: [\"0101\"],"),
            ),
            (
                "    ],\n    reinforcements: [",
                &format!("{line}    ],\n    reinforcements: ["),
            ),
        ])
    };
    let dep001 = |found: &[serde_json::Value]| -> Vec<String> {
        found
            .iter()
            .filter(|d| d["code"] == "DEP001")
            .map(|d| d["message"].as_str().unwrap().to_string())
            .collect()
    };
    let sixteen = with(16);
    assert!(dep001(&sixteen).is_empty(), "{sixteen:#?}");
    let seventeen = with(17);
    let found = dep001(&seventeen);
    assert_eq!(found.len(), 1, "{seventeen:#?}");
    assert!(
        found[0].contains("prohibited to some of its units (0404 woods"),
        "{}",
        found[0]
    );
}

#[test]
fn a_map_numbered_from_0100_is_read_and_spoken_in_its_own_numbers() {
    // The test map numbered from 0100 (2.2 says only "Each hex has a four-digit number"), and
    // the good fixture with every hex written as that map prints it: one row number less.
    let dir = tempfile::tempdir().unwrap();
    let map = std::fs::read_to_string(repo("tests/fixtures/maps/ms-grid.ron"))
        .unwrap()
        .replace("id: \"ms-grid\"", "id: \"ms-grid-0100\"")
        .replace(
            "numbering: ColumnRowFrom0101,",
            "numbering: ColumnRow(first_column: 1, first_row: 0),\n    hexsides: [(kind: \"stream\", hex: \"0500\", side: S)],",
        )
        .replace(
            "    track:",
            "        (kind: \"stream\", on: Hexside, infantry: Some(Plus(1)), cavalry: Some(Plus(1)), artillery: Some(Plus(1)), source: \"invented\"),\n    ],\n    track:",
        )
        .replacen("    ],\n        (kind: \"stream\"", "        (kind: \"stream\"", 1);
    std::fs::create_dir(dir.path().join("maps")).unwrap();
    std::fs::write(dir.path().join("maps/ms-grid-0100.ron"), map).unwrap();
    let shift = |text: &str| {
        let mut out = String::new();
        let mut rest = text;
        // Only the hexes (`at`, entry hexes, victory targets), never the track's labels.
        while let Some(i) = rest.find(['"']) {
            out.push_str(&rest[..=i]);
            rest = &rest[i + 1..];
            let word: String = rest.chars().take_while(|c| *c != '"').collect();
            let before = out.trim_end_matches('"');
            let is_hex = word.len() == 4
                && word.bytes().all(|b| b.is_ascii_digit())
                && (before.ends_with("at: ")
                    || before.ends_with('[')
                    || before.ends_with("Hexes(["));
            if is_hex {
                let (c, r): (u32, u32) = (word[..2].parse().unwrap(), word[2..].parse().unwrap());
                out.push_str(&format!("{c:02}{:02}", r - 1));
                rest = &rest[4..];
            }
        }
        out.push_str(rest);
        out
    };
    let good = std::fs::read_to_string(repo(
        "tests/fixtures/good/ms-battalion-three-brigades-four-leaders.ron",
    ))
    .unwrap()
    .replace("map: \"ms-grid\"", "map: \"ms-grid-0100\"");
    let shifted = shift(&good);
    assert!(shifted.contains("at: \"0201\"") && shifted.contains("turn: \"1545\""));
    let check = |text: &str| {
        let path = dir.path().join("scenario.ron");
        std::fs::write(&path, text).unwrap();
        let out = saberc(BIN, &["check", "--format", "json", path.to_str().unwrap()]);
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        report["diagnostics"].as_array().unwrap().clone()
    };
    let found = check(&shifted);
    assert!(found.is_empty(), "{found:#?}");
    // The numbering is the grid's: render, the card, the export and Tiled draw and say every
    // hex in the map's own numbers, with the hexes on the grid (one row down from the printed
    // number here).
    let scenario = dir.path().join("scenario.ron");
    let map_file = dir.path().join("maps/ms-grid-0100.ron");
    let out_dir = dir.path().join("out");
    let svg = dir.path().join("x.svg");
    let svg = svg.to_str().unwrap();
    let draw = |args: &[&str]| {
        let out = saberc(BIN, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        std::fs::read_to_string(svg).unwrap()
    };
    let map_svg = draw(&["render", map_file.to_str().unwrap(), "-o", svg]);
    // Rows 00 to 07 are printed; the hexside at 0500 S is drawn beside the first row.
    for printed in [">0100</text>", ">1007</text>", ">0503</text>"] {
        assert!(map_svg.contains(printed), "{printed} not drawn");
    }
    assert!(
        !map_svg.contains(">1008</text>"),
        "a row past the map drawn"
    );
    assert!(map_svg.contains("stream hexside"), "the hexside's key row");
    let scenario_svg = draw(&["render", scenario.to_str().unwrap(), "-o", svg]);
    assert!(scenario_svg.contains(">0100</text>"));
    let card = draw(&["render", "--card", scenario.to_str().unwrap(), "-o", svg]);
    assert!(
        card.contains("0201"),
        "the card says the set-up hex as printed"
    );
    let out = saberc(
        BIN,
        &[
            "export",
            scenario.to_str().unwrap(),
            "-o",
            out_dir.to_str().unwrap(),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written: Vec<_> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert_eq!(written.len(), 1, "{written:?}");
    let export: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&written[0]).unwrap()).unwrap();
    let m = &export["map"];
    assert_eq!(
        m["numbering"],
        serde_json::json!({"ColumnRow": {"first_column": 1, "first_row": 0}})
    );
    assert_eq!(m["labels"]["example"], "1007");
    assert_eq!(
        m["hexsides"][0],
        serde_json::json!({"kind": "stream", "hex": [5, 1], "side": "S", "across": [5, 2]})
    );
    // The line printed `0201` is on the grid's column 2, row 2.
    let ats: Vec<&serde_json::Value> = export["sides"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["counters"].as_array().unwrap())
        .filter_map(|k| k["setup"].get("at"))
        .collect();
    assert!(ats.contains(&&serde_json::json!([2, 2])), "{ats:?}");
    assert!(
        !ats.iter().any(|a| a[1] == 0),
        "a hex left in printed rows: {ats:?}"
    );
    let tiled = dir.path().join("tiled");
    let out = saberc(
        BIN,
        &[
            "export",
            "--format",
            "tiled",
            map_file.to_str().unwrap(),
            "-o",
            tiled.to_str().unwrap(),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tmj = std::fs::read_to_string(tiled.join("ms-grid-0100.tmj")).unwrap();
    assert!(
        tmj.contains(r#""name": "hex","type": "string","value": "0500""#)
            || tmj.contains("\"value\": \"0500\""),
        "{tmj}"
    );
    // What the editor's open calls: the map and the scenario open, on a grid that says the
    // map's numbers.
    use saber_schema::pipeline::musket_and_saber::MsOpened;
    use saber_schema::pipeline::{compile_source, maps::MapRegistry, read::Source};
    let (_, built) = compile_source(&Source::read(&map_file).unwrap(), &MapRegistry::new());
    let Some(MsOpened::Map(file)) = built.own() else {
        panic!("the map opens: {built:?}");
    };
    let grid = file.lower().grid;
    assert_eq!(grid.label(saber_schema::model::hex::Coord(1, 1)), "0100");
    assert_eq!(
        grid.parse_label("0201"),
        Ok(saber_schema::model::hex::Coord(2, 2))
    );
    let (report, built) = compile_source(&Source::read(&scenario).unwrap(), &MapRegistry::new());
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    let Some(MsOpened::Scenario {
        map: Some((map, _)),
        map_file: Some(file),
        ..
    }) = built.own()
    else {
        panic!("the scenario opens on its map: {built:?}");
    };
    assert_eq!(
        map.grid.label(saber_schema::model::hex::Coord(10, 8)),
        "1007"
    );
    assert_eq!(file.id, "ms-grid-0100");
    // Read on the map's grid, said in the map's numbers: the battery placed two rows off its
    // w/1 hex 0301 (the grid's 0302), at 0303.
    let far = shifted.replace(
        "unit: \"1 Art\",\n            at: \"0302\",",
        "unit: \"1 Art\",\n            at: \"0303\",",
    );
    assert_ne!(far, shifted);
    let found = check(&far);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0]["code"], "DEP003");
    assert_eq!(found[0]["hex"], "0303");
    let message = found[0]["message"].as_str().unwrap();
    assert!(
        message.contains("`w/1` 0301 but is placed at 0303"),
        "{message}"
    );
    // Row 00 is on this map; on the map numbered from 0101 it is not (MAP007).
    let maps = repo("tests/fixtures/maps");
    let path = dir.path().join("scenario.ron");
    std::fs::write(
        &path,
        shifted.replace("map: \"ms-grid-0100\"", "map: \"ms-grid\""),
    )
    .unwrap();
    let out = saberc(
        BIN,
        &[
            "check",
            "--format",
            "json",
            "--maps",
            maps.to_str().unwrap(),
            path.to_str().unwrap(),
        ],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "MAP007"),
        "{report:#}"
    );
    // A map whose last column would be numbered past 99: hex numbers have four digits (2.2).
    let wide = std::fs::read_to_string(repo("tests/fixtures/maps/ms-grid.ron"))
        .unwrap()
        .replace(
            "numbering: ColumnRowFrom0101,",
            "numbering: ColumnRow(first_column: 95, first_row: 1),",
        );
    let path = dir.path().join("wide.ron");
    std::fs::write(&path, wide).unwrap();
    let out = saberc(BIN, &["check", "--format", "json", path.to_str().unwrap()]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let found = report["diagnostics"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{report:#}");
    assert_eq!(found[0]["code"], "MAP007");
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains("last column would be numbered 104"),
        "{report:#}"
    );
}

/// The invented example edited by `edits` (each text must be there), written with its map in a
/// temporary folder: the folder and the scenario's path.
fn edited_example(edits: &[(&str, &str)]) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let maps = dir.path().join("maps");
    std::fs::create_dir(&maps).unwrap();
    std::fs::copy(
        repo("scenarios/examples/musket-and-saber/maps/millbrook-invented.ron"),
        maps.join("millbrook-invented.ron"),
    )
    .unwrap();
    let mut text =
        std::fs::read_to_string(repo("scenarios/examples/musket-and-saber/millbrook.ron")).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "the example has no {from:?}");
        text = text.replace(from, to);
    }
    let file = dir.path().join("edited.ron");
    std::fs::write(&file, text).unwrap();
    (dir, file)
}

/// Gen. Cotter leads 2nd Div: the example's set-up is then the issue's sheet, "2nd Div: 0909
/// w/1" and "Cotter: 0909" on a line of his own.
const COTTER_LEADS_2ND_DIV: (&str, &str) = (
    "id: \"Gen. Cotter\",\n                    formation: \"A\",",
    "id: \"Gen. Cotter\",\n                    formation: \"2nd Div\",",
);

#[test]
fn a_formation_line_and_its_leaders_own_line_check_clean_and_export_alike() {
    // 3.2: units "identified by ID and/or Formation". A unit's own line places it; its
    // formation's line places the rest of the formation (README, "Set-up lines").
    let (dir, file) = edited_example(&[COTTER_LEADS_2ND_DIV]);
    let (code, stdout, stderr) = run(&["check", "--deny", "warnings", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("0 errors, 0 warnings"), "{stdout}");
    // The export agrees: Cotter by his own line (4) on 0909, 4th Bde by the formation's (3).
    let out = dir.path().join("out");
    let (code, stdout, stderr) = run(&[
        "export",
        file.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let value: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(out.join("millbrook-invented.json")).unwrap(),
    )
    .unwrap();
    let south = value["sides"][1]["counters"].as_array().unwrap();
    let of = |id: &str| south.iter().find(|c| c["id"] == id).unwrap()["setup"].clone();
    assert_eq!(of("Gen. Cotter")["line"], 4);
    assert_eq!(of("Gen. Cotter")["w1"], false);
    assert_eq!(of("Gen. Cotter")["hex"], serde_json::json!([9, 9]));
    assert_eq!(of("4th Bde")["line"], 3);
}

#[test]
fn a_counter_named_twice_is_still_ros005_by_id_or_by_a_formation_line_left_empty() {
    // Cotter named by ID on two lines: set up twice.
    let (_dir, file) = edited_example(&[
        COTTER_LEADS_2ND_DIV,
        (
            "units: [\"Lancers\"],",
            "units: [\"Lancers\", \"Gen. Cotter\"],",
        ),
    ]);
    let (code, stdout, stderr) = run(&["check", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains(
            "`Gen. Cotter` is set up by set-up line 4 and also arrives by reinforcement line 2"
        ),
        "{stdout}"
    );
    // Every counter of 2nd Div named by ID elsewhere: its formation line brings none in.
    let (_dir, file) = edited_example(&[
        COTTER_LEADS_2ND_DIV,
        (
            "units: [\"Gen. Cotter\"],\n            at: \"0909\",",
            "units: [\"Gen. Cotter\", \"4th Bde\", \"5th Bde\", \"Grenadiers\", \"2nd Btty\"],\n            at: \"0909\",\n            w1: true,",
        ),
    ]);
    let (code, stdout, stderr) = run(&["check", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("every counter of Army of the South's formation `2nd Div` is named by ID on a line of its own"),
        "{stdout}"
    );
}

/// The findings (`code`, `message`) of the test map edited by `edits`.
fn map_findings(edits: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut text = std::fs::read_to_string(repo("tests/fixtures/maps/ms-grid.ron")).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "the map has no {from:?}");
        text = text.replace(from, to);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.ron");
    std::fs::write(&path, text).unwrap();
    let out = saberc(BIN, &["check", "--format", "json", path.to_str().unwrap()]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The clear row of the test map.
const CLEAR_ROW: &str = "            kind: \"clear\",\n            on: Hex,\n            infantry: Some(Mp(1)),\n            cavalry: Some(Mp(1)),\n            artillery: Some(Mp(1)),\n            clear_for_charges: true,";

#[test]
fn the_chart_is_held_to_what_the_rules_text_fixes() {
    let codes = |f: &[(String, String)]| f.iter().map(|(c, _)| c.clone()).collect::<Vec<_>>();
    // 4.3: a clear hex costs 1 MP; Prohibited and "+1" contradict it too.
    let f = map_findings(&[(
        CLEAR_ROW,
        &CLEAR_ROW
            .replace("artillery: Some(Mp(1))", "artillery: Some(Prohibited)")
            .replace("infantry: Some(Mp(1))", "infantry: Some(Plus(1))"),
    )]);
    assert_eq!(codes(&f), ["MAP013"], "{f:?}");
    assert!(
        f[0].1
            .contains("+1 MP for infantry, Prohibited for artillery"),
        "{f:?}"
    );
    // 9.2: clear is clear for charges. A row saying otherwise is MAP013; a row that does not
    // say it is the old skeleton's, read as clear for charges (FMT005, `saberc migrate`).
    let f = map_findings(&[(
        CLEAR_ROW,
        &CLEAR_ROW.replace("clear_for_charges: true,", "clear_for_charges: false,"),
    )]);
    assert_eq!(codes(&f), ["MAP013"], "{f:?}");
    let f = map_findings(&[(
        CLEAR_ROW,
        &CLEAR_ROW.replace("clear_for_charges: true,", ""),
    )]);
    assert_eq!(codes(&f), ["FMT005"], "{f:?}");
    // A clear hexside adds nothing; any case of the name is clear.
    let stream = |row: &str| {
        map_findings(&[(
            "    ],\n    track:",
            &format!("        {row}\n    ],\n    track:"),
        )])
    };
    let f =
        stream("(kind: \"Clear\", on: Hexside, infantry: Some(Plus(1)), source: \"invented\"),");
    assert_eq!(codes(&f), ["MAP013"], "{f:?}");
    assert!(
        stream("(kind: \"clear\", on: Hexside, infantry: Some(Plus(0)), source: \"invented\"),")
            .is_empty()
    );
    // A hexside row adds ("+1"), never costs; the same kind once on hexes and once on
    // hexsides is two rows, not one twice.
    let f = stream("(kind: \"woods\", on: Hexside, cavalry: Some(Mp(1)), source: \"invented\"),");
    assert_eq!(codes(&f), ["MAP014"], "{f:?}");
    assert!(
        stream("(kind: \"woods\", on: Hexside, cavalry: Some(Plus(1)), source: \"invented\"),")
            .is_empty()
    );
    // Two rows of one kind on hexes: the second is reported, whatever its values.
    let f = stream(
        "(kind: \"clear\", on: Hex, infantry: Some(Mp(1)), cavalry: Some(Mp(1)), artillery: Some(Mp(1)), clear_for_charges: true, source: \"invented\"),",
    );
    assert_eq!(codes(&f), ["MAP012"], "{f:?}");
}

#[test]
fn counter_faces_colours_and_entry_hexes_are_held_to_the_rules_text() {
    let codes = |f: &[serde_json::Value]| {
        f.iter()
            .map(|d| d["code"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let first_bde = "front: (cf: Some(One(4)), mr: Some(4), ma: Some(4)),\n                    back: (cf: Some(One(2)), mr: Some(3)),\n                    source: \"invented\",\n                ),\n                (\n                    id: \"2 Bde\",";
    let with_back = |back: &str| {
        fixture_findings(&[(
            first_bde,
            &first_bde.replacen(
                "back: (cf: Some(One(2))",
                &format!("back: (cf: Some({back})"),
                1,
            ),
        )])
    };
    // 2.4: a reduced side stronger in attack or defense, and weaker in neither, is an error;
    // equal, or stronger in one and weaker in the other, is not judged.
    assert_eq!(codes(&with_back("One(5)")), ["ROS009"]);
    assert_eq!(codes(&with_back("AttackDefense(4, 5)")), ["ROS009"]);
    assert!(with_back("One(4)").is_empty());
    assert!(with_back("AttackDefense(3, 5)").is_empty());
    // 2.3: armies told apart by colour; one side without a colour is not judged.
    let colours = |blue: &str, red: &str| {
        fixture_findings(&[
            (
                "id: \"blue\",\n            name: \"Blue\",\n",
                &format!(
                    "id: \"blue\",\n            name: \"Blue\",\n            colour: {blue},\n"
                ),
            ),
            (
                "id: \"red\",\n            name: \"Red\",\n",
                &format!("id: \"red\",\n            name: \"Red\",\n            colour: {red},\n"),
            ),
        ])
    };
    let f = colours("Some(\"grey\")", "Some(\" Grey \")");
    assert_eq!(codes(&f), ["DEP007"], "{f:#?}");
    assert_eq!(f[0]["rule"], "2.3");
    assert!(colours("Some(\"grey\")", "Some(\"blue\")").is_empty());
    assert!(colours("Some(\"grey\")", "None").is_empty());
    // 4.5, 7.7: a reinforcement's hex not among its side's entry hexes; an interpretation
    // note that explains TRN005 makes it a note.
    let at = "turn: \"1545\",\n            at: \"0101\",";
    let f = fixture_findings(&[(at, &at.replace("0101", "0105"))]);
    assert_eq!(codes(&f), ["TRN005"], "{f:#?}");
    assert_eq!(f[0]["severity"], "warning");
    assert!(
        f[0]["message"]
            .as_str()
            .unwrap()
            .contains("not one of Blue's entry hexes"),
        "{f:#?}"
    );
    let f = fixture_findings(&[
        (at, &at.replace("0101", "0105")),
        (
            "    victory: [\n",
            "    interpretations: [(rule: \"4.5\", text: \"the scenario rules bring the cavalry in at 0105\", reading: \"an entry hex of this line only\", explains: [\"TRN005\"])],\n    victory: [\n",
        ),
    ]);
    assert_eq!(codes(&f), ["TRN005"], "{f:#?}");
    assert_eq!(f[0]["severity"], "note");
}

/// The card's legend explains `w/1` only for a side that has a `w/1` line (issue 37 §4).
#[test]
fn the_card_explains_w1_only_for_a_side_with_a_w1_line() {
    let dir = tempfile::tempdir().unwrap();
    let base = repo("scenarios/examples/musket-and-saber");
    std::fs::create_dir(dir.path().join("maps")).unwrap();
    std::fs::copy(
        base.join("maps/millbrook-invented.ron"),
        dir.path().join("maps/millbrook-invented.ron"),
    )
    .unwrap();
    let text = std::fs::read_to_string(base.join("millbrook.ron")).unwrap();
    // The south's `w/1` line made three lines, one a hex, as its placements had them.
    let south_w1 = "formation: Some(\"2nd Div\"),\n            at: \"0909\",\n            w1: true,\n            printed: \"2nd Div: 0909 w/1\",\n        ),";
    let lines = [("4th Bde", "0909"), ("5th Bde", "1009"), ("Grenadiers", "0910")]
        .map(|(unit, at)| {
            format!("units: [\"{unit}\"],\n            at: \"{at}\",\n            printed: \"{unit}: {at}\",\n        ),")
        })
        .join("\n        (\n            side: \"south\",\n            ");
    let placed = text
        .find("        (\n            side: \"south\",\n            unit: \"4th Bde\"")
        .unwrap();
    let end = text[placed..].find("    ],").unwrap() + placed;
    assert!(text.contains(south_w1));
    let north_only = format!("{}{}", &text[..placed], &text[end..]).replace(south_w1, &lines);
    let cards = [("both.ron", text.clone()), ("north-only.ron", north_only)];
    let mut notes = Vec::new();
    for (name, text) in cards {
        let input = dir.path().join(name);
        std::fs::write(&input, text).unwrap();
        let out = dir.path().join(format!("{name}.svg"));
        let (code, stdout, stderr) = run(&[
            "render",
            input.to_str().unwrap(),
            "--card",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, Some(0), "{stdout}{stderr}");
        let card = std::fs::read_to_string(out).unwrap();
        notes.push(card.matches("one adjacent (3.2)").count());
    }
    assert_eq!(notes, [2, 1], "a note per side with a w/1 line");
}

#[test]
fn a_terrain_zone_names_a_kind_of_the_maps_chart() {
    // The map's own words: `Terrain("woods")` is every hex whose legend character holds the
    // kind `woods` (the wooded hill `b` too, 2.2: a hex of several kinds), read here from the
    // map's legend and rows, compared with the victory target the export compiles.
    let map = repo("scenarios/examples/musket-and-saber/maps/millbrook-invented.ron");
    let out = saberc(BIN, &["convert", "--to", "json", map.to_str().unwrap()]);
    let map: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let woods: Vec<&str> = map["legend"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["kinds"].as_array().unwrap().iter().any(|k| k == "woods"))
        .map(|l| l["char"].as_str().unwrap())
        .collect();
    let mut want = Vec::new();
    for (r, row) in map["terrain"].as_array().unwrap().iter().enumerate() {
        for (c, ch) in row.as_str().unwrap().chars().enumerate() {
            if woods.contains(&ch.to_string().as_str()) {
                want.push((r as u64 + 1, c as u64 + 1));
            }
        }
    }
    assert!(want.len() > 5, "{want:?}");

    let fixture = repo("tests/fixtures/schemas/accepted/ms-victory-in-its-own-words.json");
    let text = std::fs::read_to_string(fixture)
        .unwrap()
        .replace("\"Terrain\": \"village\"", "\"Terrain\": \"woods\"");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("woods.json");
    std::fs::write(&path, text).unwrap();
    let maps = repo("scenarios/examples/musket-and-saber/maps");
    let exported = dir.path().join("out");
    let (code, _, err) = run(&[
        "export",
        "--maps",
        maps.to_str().unwrap(),
        path.to_str().unwrap(),
        "-o",
        exported.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let export: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(exported.join("ms-victory-in-its-own-words.json")).unwrap(),
    )
    .unwrap();
    let hexes = &export["victory"][0]["goal"]["Hold"]["hexes"];
    let mut got = Vec::new();
    for run in hexes["runs"].as_array().unwrap() {
        let [row, from, to] = [0, 1, 2].map(|i| run[i].as_u64().unwrap());
        got.extend((from..=to).map(|c| (row, c)));
    }
    assert_eq!(got, want);

    // A kind the chart does not have is no hex: the victory check says so, with the kinds.
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("\"Terrain\": \"woods\"", "\"Terrain\": \"swamp\"");
    std::fs::write(&path, text).unwrap();
    let (code, stdout, _) = run(&[
        "check",
        "--format",
        "json",
        "--maps",
        maps.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1));
    assert!(stdout.contains("\"VIC004\""), "{stdout}");
    assert!(
        stdout.contains("no kind of hex terrain `swamp`") && stdout.contains("`woods`"),
        "{stdout}"
    );
}

/// Each value a file writes, written the same in `saved` (fields `saved` adds, a default the
/// file left out, are not the file's): where they differ, the path and both values.
fn written_kept(file: &serde_json::Value, saved: &serde_json::Value, at: &str) -> Vec<String> {
    use serde_json::Value;
    match (file, saved) {
        (Value::Object(f), Value::Object(s)) => f
            .iter()
            .flat_map(|(k, v)| match s.get(k) {
                Some(w) => written_kept(v, w, &format!("{at}/{k}")),
                None => vec![format!("{at}/{k}: not written")],
            })
            .collect(),
        (Value::Array(f), Value::Array(s)) if f.len() == s.len() => f
            .iter()
            .zip(s)
            .enumerate()
            .flat_map(|(i, (v, w))| written_kept(v, w, &format!("{at}/{i}")))
            .collect(),
        _ if file == saved => Vec::new(),
        _ => vec![format!("{at}: the file writes {file}, the save {saved}")],
    }
}

/// A whole-file save of an M&S map or scenario (the editor's save of a new file or into the
/// other syntax, `new`, every model-to-text writer: `model_text`) writes each hex as the file
/// printed it, `"1104"`, in the shared label and zone types too (a map's `labels`, a victory
/// `Hexes` zone), never the grid tuple `(11, 4)`: read, save, read the save, and every value
/// the file wrote is written the same. Both syntaxes, every committed M&S file that reads.
#[test]
fn a_whole_file_save_writes_every_hex_as_the_map_prints_it() {
    use saber_schema::model::musket_and_saber::{MsMapFile, MsScenario};
    use saber_schema::output::format::model_text;
    use saber_schema::pipeline::parse::{DocKind, detect, detect_game, parse_document};
    use saber_schema::pipeline::read::{Source, Syntax};
    use saber_schema::ruleset::Game;
    // Read, save whole in both syntaxes, read the save: what the file wrote that the save
    // does not write the same.
    macro_rules! saved {
        ($t:ty, $src:expr) => {{
            let src: &Source = $src;
            let mut wrong = Vec::new();
            if let Ok((model, file)) = parse_document::<$t>(src) {
                for syntax in [Syntax::Ron, Syntax::Json] {
                    let text = model_text(&model, syntax).expect("the model writes");
                    let again = Source {
                        path: src.path.clone(),
                        text,
                        syntax,
                    };
                    let (_, written) = parse_document::<$t>(&again).expect("the save reads back");
                    wrong.extend(written_kept(&file, &written, &format!("{syntax:?}:")));
                }
            }
            wrong
        }};
    }
    let mut files = vec![
        repo("scenarios/examples/musket-and-saber/millbrook.ron"),
        repo("scenarios/examples/musket-and-saber/maps/millbrook-invented.ron"),
    ];
    for dir in ["tests/fixtures/bad", "tests/fixtures/schemas/accepted"] {
        for e in std::fs::read_dir(repo(dir)).unwrap().flatten() {
            files.push(e.path());
        }
    }
    let mut read = 0;
    for path in files {
        let Ok(src) = Source::read(&path) else {
            continue;
        };
        if detect_game(&src).ok().flatten() != Some(Game::MusketAndSaberQuickPlay) {
            continue;
        }
        let wrong = match detect(&src) {
            Ok((DocKind::Map, _)) => saved!(MsMapFile, &src),
            Ok((DocKind::Scenario, _)) => saved!(MsScenario, &src),
            _ => continue,
        };
        read += 1;
        assert!(
            wrong.is_empty(),
            "{}:\n{}",
            path.display(),
            wrong.join("\n")
        );
    }
    assert!(read >= 20, "only {read} M&S files read");
}
