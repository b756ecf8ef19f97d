//! The commands on Musket & Saber files: `check`, `new`, `fmt`, `convert`, `export`, `render`,
//! `card`, `explain`, SARIF and Tiled, against the invented example and its goldens.

use super::*;

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

/// A map file's canonical text: its model written in the one layout (comments dropped).
fn canonical(path: &str) -> String {
    use saber_schema::model::musket_and_saber::MsMapFile;
    let src = saber_schema::pipeline::read::Source::read(&repo(path)).unwrap();
    let file: MsMapFile = saber_schema::pipeline::parse::parse(&src).unwrap();
    saber_schema::output::tiled::import::map_ron(&file)
}

/// The golden file `tests/golden/musket-and-saber/NAME`, compared with `got` (or written, when
/// `SABER_BLESS` names its stem: review `git diff tests/golden/` after).
fn pinned(name: &str, got: &str) {
    let path = repo("tests/golden/musket-and-saber").join(name);
    let stem = name.split('.').next().unwrap_or(name).to_string();
    saber_tests::check_bless_names(&[
        "millbrook-export".into(),
        "millbrook-map".into(),
        "millbrook-scenario".into(),
        "millbrook-card".into(),
        "millbrook-tiled".into(),
    ]);
    if saber_tests::bless_names().is_some_and(|n| n.contains(&stem)) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (`SABER_BLESS={stem}` writes it)", path.display()));
    saber_tests::assert_same_text(
        &want,
        got,
        &format!("{name} (`SABER_BLESS={stem}` rewrites it)"),
    );
}

#[test]
fn the_example_exports_to_its_own_document() {
    let dir = tempfile::tempdir().unwrap();
    let src = repo("scenarios/examples/musket-and-saber/millbrook.ron");
    let (code, stdout, stderr) = run(&[
        "export",
        src.to_str().unwrap(),
        "-o",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let text = std::fs::read_to_string(dir.path().join("millbrook-invented.json")).unwrap();
    pinned("millbrook-export.json", &text);

    // It names its game and holds to its own schema, not to the Rifle & Saber export's.
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["game"], "musket-and-saber-quick-play");
    assert!(saber_schema::pipeline::musket_and_saber::validate_export(&value).is_empty());
    assert!(!saber_schema::pipeline::schema::validate_export(&value).is_empty());

    // The library function the editor calls writes the same bytes.
    let source = saber_schema::pipeline::read::Source::read(&src).unwrap();
    let reg = saber_schema::pipeline::maps::MapRegistry::new();
    let (compiled, diags) =
        saber_schema::pipeline::musket_and_saber::compile_scenario(&source, &reg);
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    let json =
        saber_schema::output::musket_and_saber::export::export_json(&compiled.unwrap()).unwrap();
    assert_eq!(json, text);

    // `w/1` lines: the placement's hex, and the hexes allowed.
    let north = &value["sides"][0]["counters"];
    let third = north
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "3rd Bde")
        .unwrap();
    assert_eq!(third["setup"]["w1"], true);
    assert_eq!(third["setup"]["at"], serde_json::json!([6, 4]));
    assert_eq!(third["setup"]["hex"], serde_json::json!([7, 4]));
    assert_eq!(third["setup"]["allowed"].as_array().unwrap().len(), 7);
}

#[test]
fn export_refuses_a_scenario_with_errors() {
    let dir = tempfile::tempdir().unwrap();
    let maps = dir.path().join("maps");
    std::fs::create_dir(&maps).unwrap();
    std::fs::copy(
        repo("scenarios/examples/musket-and-saber/maps/millbrook-invented.ron"),
        maps.join("millbrook-invented.ron"),
    )
    .unwrap();
    // The South's Lancers set up on the North's hex as well as arriving: ROS005 and STK002.
    let text = std::fs::read_to_string(repo("scenarios/examples/musket-and-saber/millbrook.ron"))
        .unwrap()
        .replace(
            "units: [\"Gen. Cotter\"],\n            at: \"0909\",",
            "units: [\"Gen. Cotter\", \"Lancers\"],\n            at: \"0909\",",
        );
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, text).unwrap();
    let out = dir.path().join("out");
    let (code, stdout, stderr) =
        run(&["export", bad.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stderr.contains("ROS005"), "{stderr}");
    assert!(stderr.contains("bad.ron:"), "located: {stderr}");
    assert!(
        stderr.contains("not exported: fix the errors above first"),
        "{stderr}"
    );
    assert!(!out.join("millbrook-invented.json").exists());
}

#[test]
fn render_and_card_draw_the_example_from_its_own_chart() {
    let dir = tempfile::tempdir().unwrap();
    let base = "scenarios/examples/musket-and-saber";
    let draw = |input: &str, file: &str, extra: &[&str]| {
        let out = dir.path().join(file);
        let mut args = vec!["render", input, "-o", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, Some(0), "{input}: {stdout}{stderr}");
        std::fs::read_to_string(out).unwrap()
    };
    let map = draw(
        &format!("{base}/maps/millbrook-invented.ron"),
        "map.svg",
        &[],
    );
    pinned("millbrook-map.svg", &map);
    // The key is the map's chart (its kinds, a hex of two kinds, its hexside kind, roads), not
    // Rifle & Saber's.
    for row in [
        ">clear<",
        ">woods<",
        ">village<",
        ">woods + hill<",
        ">stream hexside<",
        ">MP inf 2, cav 3, art P<",
        ">Road (4.4)<",
    ] {
        assert!(map.contains(row), "{row}");
    }
    assert!(!map.contains("Clear: 1 MP"), "no Rifle & Saber key");

    let scenario = draw(&format!("{base}/millbrook.ron"), "scenario.svg", &[]);
    pinned("millbrook-scenario.svg", &scenario);
    // Every set-up counter by its ID, where it stands (a crowded hex names all in its tooltip,
    // the first on the counter at a readable size); arrivals on their entry hex.
    for id in [
        "<title>0504: 1st Bde, Rifles, Gen. Ashford, Col. Barrow</title>",
        ">1st Bde<",
        ">+3 more<",
        ">3rd Bde<",
        ">1000: Horse Guards<",
    ] {
        assert!(scenario.contains(id), "{id}");
    }

    let card = draw(&format!("{base}/millbrook.ron"), "card.svg", &["--card"]);
    pinned("millbrook-card.svg", &card);
    for text in [
        "Musket &amp; Saber Quick Play scenario card",
        ">0604 w/1: 0704<",
        ">1000 at 0801<",
        ">CF\u{a0}2-3 MR\u{a0}5 MA\u{a0}5<",
        ">Map key<",
    ] {
        assert!(card.contains(text), "{text}");
    }
    let png = dir.path().join("card.png");
    let (code, _, stderr) = run(&[
        "render",
        &format!("{base}/millbrook.ron"),
        "--card",
        "--width",
        "400",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(&std::fs::read(&png).unwrap()[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn explain_prints_each_games_section() {
    // A code both games' files get: each game's section, from the registry and the ruleset.
    let (code, stdout, _) = run(&["explain", "STK001"]);
    assert_eq!(code, Some(0));
    assert!(
        stdout.contains("\nRule: 7.0 (Rifle & Saber); 5.0 (Musket & Saber Quick Play)\n"),
        "{stdout}"
    );
    // A code only Musket & Saber files get names its game.
    let (_, stdout, _) = run(&["explain", "ROS002"]);
    assert!(stdout.contains("(Musket & Saber Quick Play)\n"), "{stdout}");
    // A code only Rifle & Saber files get reads as before.
    let (_, stdout, _) = run(&["explain", "MRK001"]);
    let rule = saber_schema::diagnostic::Code::lookup("MRK001")
        .unwrap()
        .info()
        .rule
        .unwrap();
    assert!(stdout.contains(&format!("\nRule: {rule}\n")), "{stdout}");
}

#[test]
fn sarif_of_a_musket_and_saber_file_cites_its_section() {
    let out = saberc(
        BIN,
        &[
            "check",
            "--format",
            "sarif",
            "--maps",
            "tests/fixtures/maps",
            "tests/fixtures/bad/ms-four-brigades-in-a-hex.ron",
        ],
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let run = &doc["runs"][0];
    let result = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleId"] == "STK001")
        .expect("STK001 reported");
    assert_eq!(result["properties"]["rule"], "5.0", "{result}");
    let i = result["ruleIndex"].as_u64().unwrap() as usize;
    let rule = &run["tool"]["driver"]["rules"][i];
    assert!(
        rule["shortDescription"]["text"]
            .as_str()
            .unwrap()
            .ends_with("(Rifle & Saber rule 7.0; Musket & Saber Quick Play rule 5.0)"),
        "{rule}"
    );
    assert_eq!(
        rule["properties"]["rules_by_game"]["musket-and-saber-quick-play"],
        "5.0"
    );
}

#[test]
fn a_musket_and_saber_map_round_trips_through_tiled() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tiled");
    let (code, stdout, stderr) = run(&[
        "export",
        "--format",
        "tiled",
        "scenarios/examples/musket-and-saber/maps/millbrook-invented.ron",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let tmj = std::fs::read_to_string(out.join("millbrook-invented.tmj")).unwrap();
    let tsj = std::fs::read_to_string(out.join("millbrook-invented.tsj")).unwrap();
    pinned("millbrook-tiled.tmj", &tmj);
    pinned("millbrook-tiled.tsj", &tsj);
    // One tile per legend character, with its kinds; the wooded hill's two kinds in one.
    let ts: serde_json::Value = serde_json::from_str(&tsj).unwrap();
    assert_eq!(ts["tilecount"], 5);
    assert_eq!(ts["tiles"][3]["properties"][0]["value"], "woods, hill");
    let map: serde_json::Value = serde_json::from_str(&tmj).unwrap();
    // 0706 (column 7, row 6) is the wooded hill `b`, tile 3 (gid 4).
    assert_eq!(map["layers"][0]["data"][5 * 16 + 6], 4);
    let hexsides = &map["layers"][2];
    assert_eq!(hexsides["name"], "hexsides");
    assert_eq!(hexsides["objects"].as_array().unwrap().len(), 3);
    assert_eq!(hexsides["objects"][0]["properties"][0]["value"], "stream");
    let png = std::fs::read(out.join("millbrook-invented.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");

    // Read back, it is the same map file: the original's canonical text. What a Tiled map
    // cannot carry is the file's comments; the source, numbering, chart and track it does not
    // draw are its `undrawn` property.
    let back = dir.path().join("back.ron");
    let (code, _, stderr) = run(&[
        "import",
        out.join("millbrook-invented.tmj").to_str().unwrap(),
        "-o",
        back.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, "", "no finding");
    let back = std::fs::read_to_string(&back).unwrap();
    saber_tests::assert_same_text(
        &canonical("scenarios/examples/musket-and-saber/maps/millbrook-invented.ron"),
        &back,
        "the map imported back",
    );

    // Without what it does not draw, no map file can be made of it: refused, saying why.
    let stripped = dir.path().join("stripped.tmj");
    let mut doc: serde_json::Value = serde_json::from_str(&tmj).unwrap();
    doc["properties"]
        .as_array_mut()
        .unwrap()
        .retain(|p| p["name"] != "undrawn");
    std::fs::write(&stripped, doc.to_string()).unwrap();
    std::fs::copy(
        out.join("millbrook-invented.tsj"),
        dir.path().join("millbrook-invented.tsj"),
    )
    .unwrap();
    let refused = dir.path().join("refused.ron");
    let (code, _, stderr) = run(&[
        "import",
        stripped.to_str().unwrap(),
        "-o",
        refused.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("TIL001") && stderr.contains("has no `undrawn` property"),
        "{stderr}"
    );
    assert!(
        stderr.contains("export the map file again with `saberc export --format tiled`"),
        "{stderr}"
    );
    assert!(!refused.exists());

    // A scenario's Tiled layers are Rifle & Saber's zones: refused at its `game`.
    let empty = dir.path().join("empty");
    let (code, stdout, stderr) = run(&[
        "export",
        "--format",
        "tiled",
        "scenarios/examples/musket-and-saber/millbrook.ron",
        "-o",
        empty.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    assert!(
        stderr.contains("millbrook.ron:7:") && stderr.contains("export its map file"),
        "{stderr}"
    );
    assert!(!empty.exists());
}

#[test]
fn export_of_a_musket_and_saber_map_says_a_scenario_is_expected() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, stderr) = run(&[
        "export",
        "scenarios/examples/musket-and-saber/maps/millbrook-invented.ron",
        "-o",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("FMT004"), "{stderr}");
    assert!(
        !stderr.contains("SYN002"),
        "one line, not the fields a scenario lacks: {stderr}"
    );
    assert!(
        !stderr.contains("--format tiled"),
        "no Tiled map of an M&S map: {stderr}"
    );
}

#[test]
fn an_export_among_checked_files_is_held_to_its_own_games_schema() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("millbrook-invented.json");
    std::fs::copy(
        repo("tests/golden/musket-and-saber/millbrook-export.json"),
        &file,
    )
    .unwrap();
    let (code, stdout, stderr) = run(&["check", dir.path().to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("checked against export.musket-and-saber-quick-play.schema.json only"),
        "{stdout}"
    );
    assert!(stdout.contains("0 errors"), "{stdout}");
    // A value its schema refuses is an error.
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replace("\"steps\": 2", "\"steps\": 7");
    std::fs::write(&file, text).unwrap();
    let (code, stdout, _) = run(&["check", dir.path().to_str().unwrap()]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("SCH001"), "{stdout}");
}

#[test]
fn a_w1_unit_the_placements_leave_out_is_exported_without_a_hex() {
    let dir = tempfile::tempdir().unwrap();
    let maps = dir.path().join("maps");
    std::fs::create_dir(&maps).unwrap();
    std::fs::copy(
        repo("scenarios/examples/musket-and-saber/maps/millbrook-invented.ron"),
        maps.join("millbrook-invented.ron"),
    )
    .unwrap();
    // 3rd Bde's placement removed: its `w/1` line leaves the hex to the player.
    let text = std::fs::read_to_string(repo("scenarios/examples/musket-and-saber/millbrook.ron"))
        .unwrap()
        .replace(
            "        (\n            side: \"north\",\n            unit: \"3rd Bde\",\n            at: \"0704\",\n        ),\n",
            "",
        );
    assert!(!text.contains("unit: \"3rd Bde\""));
    let file = dir.path().join("open.ron");
    std::fs::write(&file, text).unwrap();
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
    let third = value["sides"][0]["counters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "3rd Bde")
        .unwrap()
        .clone();
    assert_eq!(third["setup"]["hex"], serde_json::Value::Null);
    assert_eq!(third["setup"]["at"], serde_json::json!([6, 4]));
    assert_eq!(third["setup"]["allowed"].as_array().unwrap().len(), 7);
    // The drawing puts it on its line's hex, marked `w/1`.
    let (code, svg, stderr) = run(&["render", file.to_str().unwrap(), "-o", "-"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(svg.contains("2nd Bde, 3rd Bde w/1"), "{svg}");
}
