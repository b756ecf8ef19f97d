//! Musket & Saber Quick Play end to end: the invented example checks clean with `--deny
//! warnings`, `saberc new … --game musket-and-saber-quick-play` makes skeletons whose gaps
//! `check` names, and `fmt` and `convert` keep the files (hex numbers stay four digits).

use saber_tests::{repo, saberc};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = saberc(BIN, args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_invented_example_checks_clean_with_deny_warnings() {
    let (code, stdout, stderr) = run(&[
        "check",
        "--deny",
        "warnings",
        "scenarios/examples/musket-and-saber",
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("checked 2 files: 0 errors, 0 warnings"),
        "{stdout}"
    );
    // It says what it is: invented, no game's data.
    for f in [
        "scenarios/examples/musket-and-saber/millbrook.ron",
        "scenarios/examples/musket-and-saber/maps/millbrook-invented.ron",
    ] {
        let text = std::fs::read_to_string(repo(f)).unwrap();
        assert!(text.starts_with("// SYNTHETIC: an invented"), "{f}");
        assert!(text.contains("no Musket & Saber game data"), "{f}");
    }
}

#[test]
fn new_map_and_scenario_make_musket_and_saber_skeletons() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("maps")).unwrap();
    let map = dir.path().join("maps/my-game.ron");
    let (code, _, stderr) = run(&[
        "new",
        "map",
        "--game",
        "musket-and-saber-quick-play",
        "--width",
        "12",
        "--height",
        "8",
        "-o",
        map.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let text = std::fs::read_to_string(&map).unwrap();
    assert!(text.contains("game: \"musket-and-saber-quick-play\""));
    // The map's source and track are the user's to type: check names them.
    let (code, stdout, _) = run(&["check", "--format", "json", map.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    for gap in ["/source", "/track/labels", "/track/source"] {
        assert!(stdout.contains(gap), "{gap} not named: {stdout}");
    }
    std::fs::write(
        &map,
        text.replacen("source: \"\"", "source: \"my copy\"", 1)
            .replace(
                "track: (labels: [], source: \"\")",
                "track: (labels: [\"1500\", \"1545\"], source: \"my copy\")",
            ),
    )
    .unwrap();
    let (code, stdout, _) = run(&["check", "--deny", "warnings", map.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stdout}");
    // A scenario on it is an M&S scenario; a Rifle & Saber one is refused (REF008).
    let scenario = dir.path().join("battle.ron");
    let (code, _, stderr) = run(&[
        "new",
        "scenario",
        "--map",
        "my-game",
        "-o",
        scenario.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let text = std::fs::read_to_string(&scenario).unwrap();
    std::fs::write(
        &scenario,
        text.replacen("source: \"\"", "source: \"my copy\"", 1),
    )
    .unwrap();
    let (code, stdout, _) = run(&["check", "--format", "json", scenario.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let mut codes: Vec<&str> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    codes.sort();
    assert_eq!(
        codes,
        [
            "DEP010", "DEP010", "DEP012", "DEP012", "DEP013", "DEP013", "VIC004"
        ],
        "{stdout}"
    );
    let (code, _, stderr) = run(&[
        "new",
        "scenario",
        "--map",
        "my-game",
        "--game",
        "rifle-and-saber",
        "-o",
        dir.path().join("other.ron").to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("REF008"), "{stderr}");
}

#[test]
fn fmt_and_convert_keep_the_example() {
    let dir = tempfile::tempdir().unwrap();
    let src = repo("scenarios/examples/musket-and-saber/millbrook.ron");
    let (code, stdout, stderr) = run(&["fmt", "--check", src.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let json = dir.path().join("millbrook.json");
    let (code, _, stderr) = run(&[
        "convert",
        src.to_str().unwrap(),
        "--to",
        "json",
        "-o",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let text = std::fs::read_to_string(&json).unwrap();
    assert!(
        text.contains("\"at\": \"0504\""),
        "hex numbers stay four digits"
    );
    let (code, stdout, _) = run(&[
        "check",
        "--maps",
        repo("scenarios/examples/musket-and-saber/maps")
            .to_str()
            .unwrap(),
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stdout}");
}

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
            "numbering: ColumnRow(first_column: 1, first_row: 0),",
        );
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
