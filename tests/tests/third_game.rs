//! Issue 40 §6: a game is one folder and one registration line. "Pike & Shot (test)"
//! (`third_game/pike_and_shot.rs`) lives only here; registered by the one line in [`game`]
//! (its outputs, with its front end), its files go through the shared pipeline (`saberc check`
//! in process, the JSON Schema stage, map resolution), the shared queries price its chart, the
//! shared drawing draws its map in its own numbers, `saberc export`, `render --card`, `export
//! --format tiled`, `new` and `analyze` make its outputs through the output seam, and the
//! language server completes its files from its own schema. Its own rules
//! are checked, not waved through: a stack over its four points is STK001 citing its T4, a
//! unit in a hex its chart prohibits to its class is DEP009 citing its T7.

#[path = "third_game/pike_and_shot.rs"]
mod pike_and_shot;

use std::path::{Path, PathBuf};

use clap::Parser;
use pike_and_shot::{GAME, TOY_MAP, toy_scenario};
use saber_schema::diagnostic::Code;
use saber_schema::output::games as output_games;
use saber_schema::pipeline::games;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::parse::DocKind;
use saber_schema::pipeline::read::Source;
use saber_schema::queries::movement::{Movement, Mp};
use saber_schema::ruleset::Game;

/// The game, registered once for the whole test binary.
fn game() -> Game {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| output_games::register(&pike_and_shot::OUTPUTS).expect("a new id"));
    GAME
}

/// A folder holding the map and a scenario.
fn folder(units: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("toy-field.ron"), TOY_MAP).unwrap();
    let scenario_path = dir.path().join("toy-fight.ron");
    std::fs::write(&scenario_path, toy_scenario(units)).unwrap();
    (dir, scenario_path)
}

/// The codes, rule sections and hexes `saberc check` finds in a file.
fn found(path: &Path) -> Vec<(String, Option<String>, Option<String>)> {
    game();
    let report = saber_schema::pipeline::check_path(path, &MapRegistry::new());
    report
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str().to_string(), d.rule.clone(), d.hex.clone()))
        .collect()
}

fn run(args: &[&str]) -> i32 {
    game();
    saberc::run(saberc::Cli::try_parse_from(args).expect("valid arguments"))
}

#[test]
fn its_map_and_a_legal_set_up_check_clean() {
    let (dir, scenario) = folder(
        r#"("Pikes", "foot", "0000"), ("Lancers", "horse", "0001"), ("Battery", "guns", "0001")"#,
    );
    assert_eq!(found(&dir.path().join("toy-field.ron")), vec![]);
    assert_eq!(found(&scenario), vec![]);
    assert_eq!(run(&["saberc", "check", scenario.to_str().unwrap()]), 0);
}

#[test]
fn a_stack_over_its_four_points_is_stk001_citing_its_own_section() {
    // Foot (2) and horse (3) in 0203: five points; foot and guns in 0000: three.
    let (_dir, scenario) = folder(
        r#"("Pikes", "foot", "0203"), ("Lancers", "horse", "0203"), ("Shot", "foot", "0000"), ("Battery", "guns", "0000")"#,
    );
    assert_eq!(
        found(&scenario),
        vec![(
            "STK001".to_string(),
            Some("T4".to_string()),
            Some("0203".to_string())
        )]
    );
    assert_eq!(run(&["saberc", "check", scenario.to_str().unwrap()]), 1);
    let texts = saber_schema::check::texts_by_game(Code::OverStacked);
    let ours = texts
        .iter()
        .find(|(r, _, _)| r.game == GAME)
        .expect("its STK001");
    assert_eq!(ours.1, "T4");
    assert!(ours.2.contains("four points"), "{}", ours.2);
}

#[test]
fn a_unit_where_its_chart_prohibits_its_class_is_dep009_citing_its_own_section() {
    // Horse in the marsh at 0102: its chart's horse column says prohibited; guns there may
    // stand (4 MP), and the two make four points, within T4.
    let (_dir, scenario) = folder(r#"("Lancers", "horse", "0102"), ("Battery", "guns", "0102")"#);
    assert_eq!(
        found(&scenario),
        vec![(
            "DEP009".to_string(),
            Some("T7".to_string()),
            Some("0102".to_string())
        )]
    );
}

#[test]
fn the_shared_movement_query_prices_its_chart() {
    game();
    let src = Source::from_text("toy-field.ron", TOY_MAP.to_string());
    let (map, diags) = saber_schema::pipeline::load_map(&src);
    assert!(diags.is_empty(), "{diags:?}");
    let map = map.expect("the map").map;
    let rules = map.rules();
    assert_eq!(rules.game, GAME);
    let grid = map.grid;
    let at = |label: &str| grid.parse_label(label).unwrap();
    let class = |name: &str| map.chart.as_ref().unwrap().class(name).unwrap();
    let cost = |c: &str, from: &str, to: &str| {
        Movement::new(&map, rules)
            .with_class(class(c))
            .entry_cost(at(from), at(to))
    };
    // 0102 is the marsh: foot 3, horse prohibited, guns 4 (its chart's row); 0302 the wood.
    assert_eq!(cost("foot", "0101", "0102"), Some(Mp::whole(3)));
    assert_eq!(cost("horse", "0101", "0102"), None);
    assert_eq!(cost("guns", "0101", "0102"), Some(Mp::whole(4)));
    assert_eq!(cost("horse", "0202", "0302"), Some(Mp::whole(3)));
    assert_eq!(cost("guns", "0202", "0302"), None);
    assert_eq!(cost("horse", "0000", "0001"), Some(Mp::whole(1)));
    // Its numbering: the first hex is 0000.
    assert_eq!(grid.label(saber_schema::model::hex::Coord(1, 1)), "0000");
}

#[test]
fn saberc_render_draws_its_map_in_its_own_numbers_with_its_chart_as_the_key() {
    let (dir, _) = folder("");
    let map = dir.path().join("toy-field.ron");
    let out = dir.path().join("toy-field.svg");
    assert_eq!(
        run(&[
            "saberc",
            "render",
            map.to_str().unwrap(),
            "-o",
            out.to_str().unwrap()
        ]),
        0
    );
    let svg = std::fs::read_to_string(&out).unwrap();
    for text in [
        ">0000<",
        ">0504<",
        ">marsh<",
        ">foot 3 MP, horse prohibited, guns 4 MP<",
    ] {
        assert!(svg.contains(text), "{text} not in the drawing");
    }
}

#[test]
fn a_file_of_another_game_is_refused_by_its_schema_and_its_schema_is_the_language_servers() {
    game();
    // An R&S field in its scenario: refused by the game's own reading.
    let (_dir, scenario) = folder(r#"("Pikes", "foot", "0000")"#);
    let text = std::fs::read_to_string(&scenario)
        .unwrap()
        .replace("units:", "deploys_first: \"a\", units:");
    std::fs::write(&scenario, text).unwrap();
    let report = saber_schema::pipeline::check_path(&scenario, &MapRegistry::new());
    let said: Vec<(&str, &str)> = report
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.message.as_str()))
        .collect();
    assert_eq!(
        said,
        [(
            Code::UnknownField.as_str(),
            "`deploys_first` is a field of Rifle & Saber scenarios; a Pike & Shot (test) scenario has none"
        )]
    );
    // The schema the language server completes a file of the game from is the game's own.
    let schema = games::document_schema(DocKind::Scenario, GAME);
    assert_eq!(schema["title"], "Pike & Shot (test) scenario");
    assert!(schema["properties"].get("units").is_some());
    assert!(schema["properties"].get("groups").is_none());
}

#[test]
fn saberc_fmt_and_convert_read_and_write_it_by_its_own_model() {
    let (dir, _) = folder("");
    let map = dir.path().join("toy-field.ron");
    // Laid out badly: `fmt` lays it out (it reads it by the game's model, before and after).
    let squeezed = TOY_MAP.replace("\n    ", "\n").replace(", costs", ",costs");
    std::fs::write(&map, &squeezed).unwrap();
    let path = map.to_str().unwrap();
    assert_eq!(run(&["saberc", "fmt", "--check", path]), 1);
    assert_eq!(run(&["saberc", "fmt", path]), 0);
    assert_eq!(run(&["saberc", "fmt", "--check", path]), 0);
    let formatted = std::fs::read_to_string(&map).unwrap();
    // To JSON and back: the same map, checked clean both ways.
    let json = dir.path().join("toy-field.json");
    let back = dir.path().join("back.ron");
    let to = |from: &Path, syntax: &str, out: &Path| {
        run(&[
            "saberc",
            "convert",
            from.to_str().unwrap(),
            "--to",
            syntax,
            "-o",
            out.to_str().unwrap(),
        ])
    };
    assert_eq!(to(&map, "json", &json), 0);
    let written = std::fs::read_to_string(&json).unwrap();
    assert!(
        written.contains("\"game\": \"pike-and-shot-test\""),
        "{written}"
    );
    assert_eq!(found(&json), vec![]);
    assert_eq!(to(&json, "ron", &back), 0);
    assert_eq!(found(&back), vec![]);
    let model = |p: &Path| {
        let src = Source::read(p).unwrap();
        games::of_source(&src)
            .model_value(&src, DocKind::Map)
            .unwrap()
    };
    assert_eq!(model(&back), model(&map));
    assert_eq!(model(&json), model(&map));
    assert!(formatted.contains("marsh"));
}

/// Reading a file's format and its old spellings asks the file's game: an engine export of
/// the game found among the sources is said to be held to its own export schema, and Rifle &
/// Saber's renamed spellings are Rifle & Saber's only (`saberc migrate` leaves them, and the
/// mistake they are, in a file of this game).
#[test]
fn its_exports_schema_and_its_old_spellings_are_its_own() {
    game();
    let dir = tempfile::tempdir().unwrap();
    let export = dir.path().join("toy-fight.export.json");
    std::fs::write(
        &export,
        r#"{"format": "saber-export/1", "game": "pike-and-shot-test"}"#,
    )
    .unwrap();
    let report = saber_schema::pipeline::check_path(&export, &MapRegistry::new());
    let said = &report.diagnostics[0];
    assert_eq!(said.code, Code::EngineExport);
    assert!(
        said.message
            .contains("checked against export.pike-and-shot-test.schema.json only"),
        "{}",
        said.message
    );
    let goal = "ControlEnemySetup(by_turn: 3)";
    let ours = toy_scenario("").replace("units:", &format!("hold: {goal},\n    units:"));
    let rifle = format!("(format: \"saber-scenario/1\", victory: [(side: \"a\", goal: {goal})])");
    let old = |text: &str| games::old_spellings(&Source::from_text("s.ron", text)).len();
    assert_eq!((old(&ours), old(&rifle)), (0, 1));
    let path = dir.path().join("toy-fight.ron");
    std::fs::write(&path, &ours).unwrap();
    assert_eq!(run(&["saberc", "migrate", path.to_str().unwrap()]), 0);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), ours);
}

/// A folder with the map and a scenario holding `0102` (the marsh) with `units`.
fn folder_holding(units: &str) -> (tempfile::TempDir, PathBuf) {
    let (dir, scenario) = folder(units);
    let text = std::fs::read_to_string(&scenario)
        .unwrap()
        .replace("units:", "hold: \"0102\",\n    units:");
    std::fs::write(&scenario, text).unwrap();
    (dir, scenario)
}

const SET_UP: &str =
    r#"("Pikes", "foot", "0101"), ("Lancers", "horse", "0001"), ("Battery", "guns", "0101")"#;

#[test]
fn saberc_export_writes_its_own_engine_export_held_to_its_schema() {
    let (dir, scenario) = folder(SET_UP);
    let out = dir.path().join("out");
    let args = ["saberc", "export", scenario.to_str().unwrap(), "-o"];
    assert_eq!(run(&[&args[..], &[out.to_str().unwrap()]].concat()), 0);
    let written = std::fs::read_to_string(out.join("toy-fight.json")).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&written).unwrap();
    assert_eq!(doc["format"], pike_and_shot::EXPORT_FORMAT);
    assert_eq!(doc["game"], GAME.id());
    // Its numbers from 0000: `0001` is column 0, row 1, the grid's (1, 2).
    assert_eq!(
        doc["units"][1],
        serde_json::json!({"name": "Lancers", "class": "horse", "hex": "0001", "at": [1, 2]})
    );
    assert_eq!(
        saber_schema::pipeline::schema::validate_with(&pike_and_shot::export_schema(), &doc),
        vec![]
    );
    // A set-up its rules refuse is not exported.
    let (dir, scenario) = folder(r#"("Lancers", "horse", "0102")"#);
    let out = dir.path().join("out");
    let args = ["saberc", "export", scenario.to_str().unwrap(), "-o"];
    assert_eq!(run(&[&args[..], &[out.to_str().unwrap()]].concat()), 1);
    assert!(!out.join("toy-fight.json").exists());
}

#[test]
fn saberc_render_draws_its_card_and_its_scenario() {
    // Apart, so that each counter is drawn with its name.
    let (dir, scenario) = folder(
        r#"("Pikes", "foot", "0000"), ("Lancers", "horse", "0300"), ("Battery", "guns", "0503")"#,
    );
    for (extra, file) in [(Some("--card"), "card.svg"), (None, "drawn.svg")] {
        let out = dir.path().join(file);
        let mut args = vec!["saberc", "render", scenario.to_str().unwrap()];
        args.extend(extra);
        args.extend(["-o", out.to_str().unwrap()]);
        assert_eq!(run(&args), 0, "{args:?}");
        let svg = std::fs::read_to_string(&out).unwrap();
        for text in [
            ">0000<",
            ">Pikes<",
            ">Lancers<",
            "foot set-up",
            "horse set-up",
        ] {
            assert!(svg.contains(text), "{text} not in {file}");
        }
    }
    // Its special rules change no terrain: `--as-played` says so.
    let out = dir.path().join("played.svg");
    let args = [
        "saberc",
        "render",
        scenario.to_str().unwrap(),
        "--as-played",
    ];
    assert_eq!(
        run(&[&args[..], &["-o", out.to_str().unwrap()]].concat()),
        2
    );
}

#[test]
fn saberc_export_tiled_writes_its_map_by_its_chart_and_import_refuses_it() {
    let (dir, scenario) = folder("");
    let map = dir.path().join("toy-field.ron");
    let out = dir.path().join("tiled");
    let args = [
        "saberc",
        "export",
        map.to_str().unwrap(),
        "--format",
        "tiled",
    ];
    assert_eq!(
        run(&[&args[..], &["-o", out.to_str().unwrap()]].concat()),
        0
    );
    let tmj: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("toy-field.tmj")).unwrap()).unwrap();
    let tsj: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("toy-field.tsj")).unwrap()).unwrap();
    assert!(out.join("toy-field.png").exists());
    let game = tmj["properties"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "game")
        .expect("its game as a property");
    assert_eq!(game["value"], GAME.id());
    // A tile per mix of kinds, first met row by row: clear (none), the marsh, the wood.
    let kinds: Vec<&str> = tsj["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["properties"][0]["value"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["", "marsh", "wood"]);
    // The rows numbered 00 and 01 are clear; row 02 holds the marsh at 0102, the wood at
    // 0302.
    let data: Vec<u64> = tmj["layers"][0]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(data[..12], [1; 12]);
    assert_eq!(data[12..18], [1, 2, 1, 3, 1, 1]);
    // Its scenarios have no Tiled layers of their own: refused.
    let args = [
        "saberc",
        "export",
        scenario.to_str().unwrap(),
        "--format",
        "tiled",
    ];
    let out2 = dir.path().join("tiled2");
    assert_eq!(
        run(&[&args[..], &["-o", out2.to_str().unwrap()]].concat()),
        2
    );
    // Its Tiled map is not an R&S map: `import` refuses it, naming its game.
    let imported = saber_schema::output::tiled::by_game::import_path(&out.join("toy-field.tmj"));
    assert!(
        imported
            .diagnostics
            .iter()
            .any(|d| d.code == Code::TiledGrid
                && d.message
                    .contains("Pike & Shot (test) makes none of its maps from a Tiled map")
                && d.hint
                    .as_deref()
                    .is_some_and(|h| h.contains("edit the Pike & Shot (test) map file itself"))),
        "{:?}",
        imported.diagnostics
    );
}

#[test]
fn saberc_new_makes_its_skeletons() {
    game();
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("new-field.ron");
    let args = ["saberc", "new", "map", "--game", GAME.id(), "--width", "4"];
    assert_eq!(
        run(&[&args[..], &["--height", "3", "-o", map.to_str().unwrap()]].concat()),
        0
    );
    let text = std::fs::read_to_string(&map).unwrap();
    assert!(text.contains("columns: 4"), "{text}");
    assert_eq!(found(&map), vec![]);
    // Over its 99 hexes a side: refused in its own words.
    let args = [
        "saberc",
        "new",
        "map",
        "--game",
        GAME.id(),
        "--width",
        "100",
    ];
    assert_eq!(run(&[&args[..], &["--height", "3"]].concat()), 2);
    // A scenario on the map: the game's skeleton, in the map's own numbers.
    let scenario = dir.path().join("new-fight.ron");
    let args = ["saberc", "new", "scenario", "--map", "new-field.ron", "-o"];
    assert_eq!(run(&[&args[..], &[scenario.to_str().unwrap()]].concat()), 0);
    let text = std::fs::read_to_string(&scenario).unwrap();
    assert!(text.contains(&format!("game: \"{}\"", GAME.id())), "{text}");
    assert!(text.contains("0000 to 0302"), "{text}");
    assert_eq!(found(&scenario), vec![]);
    // Asked as another game than its map's: REF008.
    let other = dir.path().join("other.ron");
    let args = [
        "saberc",
        "new",
        "scenario",
        "--map",
        "new-field.ron",
        "--game",
    ];
    assert_eq!(
        run(&[
            &args[..],
            &["rifle-and-saber", "-o", other.to_str().unwrap()]
        ]
        .concat()),
        1
    );
}

#[test]
fn saberc_analyze_reaches_the_place_to_hold_by_its_chart() {
    let (_dir, scenario) = folder_holding(SET_UP);
    let report = saber_schema::pipeline::read::Source::read(&scenario).unwrap();
    let outputs = output_games::of_source(&report).expect("its outputs");
    let c = outputs
        .compile(&report, &MapRegistry::new())
        .compiled
        .expect("compiled");
    let a = c.analysis(&Default::default());
    let target = &a.sides[0].targets[0];
    assert_eq!(target.goal, "hold 0102");
    // From 0101 into the marsh at 0102: foot 3 MP, guns 4 MP (its chart); horse from 0001
    // may not enter the marsh.
    let by_class: Vec<(&str, Option<&str>)> = target
        .by_class
        .as_ref()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r.class.as_str(),
                r.least_cost.as_ref().map(|c| c.text.as_str()),
            )
        })
        .collect();
    assert_eq!(
        by_class,
        [
            ("foot", Some("3 MP")),
            ("horse", None),
            ("guns", Some("4 MP"))
        ]
    );
    assert_eq!(target.groups[0].path, ["0101", "0102"]);
    assert_eq!(a.sides[0].forces.stacking_points, Some(6));
    // Valid under the committed analysis schema.
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../schema/analysis.schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let json = serde_json::to_value(&a).unwrap();
    assert_eq!(
        saber_schema::pipeline::schema::validate_with(&schema, &json),
        vec![]
    );
    // And through `saberc analyze`, in both formats.
    for format in ["human", "json"] {
        let args = ["saberc", "analyze", scenario.to_str().unwrap(), "--format"];
        assert_eq!(run(&[&args[..], &[format]].concat()), 0, "{format}");
    }
}

/// The messages of one in-process language server session on `uri` holding `text`, with
/// `request` (method and params) asked as id 2.
fn lsp_session(uri: &str, text: &str, request: (&str, serde_json::Value)) -> serde_json::Value {
    game();
    let frame = |m: serde_json::Value| {
        let body = m.to_string();
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    };
    let input = [
        frame(serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})),
        frame(serde_json::json!({"jsonrpc": "2.0", "method": "initialized", "params": {}})),
        frame(serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "ron", "version": 1, "text": text}}})),
        frame(serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": request.0, "params": request.1})),
        frame(serde_json::json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})),
        frame(serde_json::json!({"jsonrpc": "2.0", "method": "exit"})),
    ]
    .concat();
    let out = saberc::serve_lsp_bytes(input.as_bytes());
    out.into_iter().find(|m| m["id"] == 2).expect("an answer")["result"].clone()
}

#[test]
fn the_language_server_hovers_a_hex_with_its_maps_chart() {
    let (_dir, scenario) = folder_holding(SET_UP);
    let uri = format!("file://{}", scenario.display());
    let text = std::fs::read_to_string(&scenario).unwrap();
    let at = text.find("\"0102\"").unwrap() + 2;
    let line = text[..at].matches('\n').count();
    let character = at - text[..at].rfind('\n').map_or(0, |n| n + 1);
    let position = serde_json::json!({"line": line, "character": character});
    let hover = lsp_session(
        &uri,
        &text,
        (
            "textDocument/hover",
            serde_json::json!({"textDocument": {"uri": uri}, "position": position}),
        ),
    );
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.starts_with("**hex 0102**"), "{hover}");
    assert!(
        shown.contains("marsh: foot 3 MP, horse prohibited, guns 4 MP"),
        "{shown}"
    );
}

#[test]
fn the_language_server_completes_its_files_from_its_own_schema() {
    game();
    let (_dir, scenario) = folder(SET_UP);
    let uri = format!("file://{}", scenario.display());
    let text = "(\n    format: \"saber-scenario/1\",\n    game: \"pike-and-shot-test\",\n    \n)\n";
    let at = text.find("    \n").unwrap();
    let line = text[..at].matches('\n').count();
    let answer = lsp_session(
        &uri,
        text,
        (
            "textDocument/completion",
            serde_json::json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": 4}}),
        ),
    );
    let items = answer
        .as_array()
        .or_else(|| answer["items"].as_array())
        .unwrap_or_else(|| panic!("{answer}"));
    let mut labels: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    labels.sort();
    // Its own fields not yet written, and none of another game's.
    assert_eq!(labels, ["hold", "id", "map", "units"]);
}

#[test]
fn the_report_shows_its_scenario_with_its_card_export_and_analysis() {
    game();
    let (_dir, scenario) = folder_holding(SET_UP);
    let e = saberc::site::entry::build(&scenario, &MapRegistry::new());
    assert_eq!(
        (e.kind, e.game, e.title.as_str()),
        ("scenario", "Pike & Shot (test)", "toy-fight")
    );
    assert_eq!(
        e.sides,
        [("Units".to_string(), "3 units, 6 points".to_string())]
    );
    let saberc::site::entry::Detail::Scenario(d) = &e.detail else {
        panic!("a scenario's page");
    };
    let drawn = d.drawn.as_ref().expect("its card and export");
    assert!(drawn.svg.contains(">0000<"), "its card in its own numbers");
    assert!(
        drawn
            .png
            .as_ref()
            .is_some_and(|p| p.starts_with(b"\x89PNG")),
        "its card's PNG"
    );
    let export = drawn.export.as_deref().expect("its export");
    assert!(export.contains(pike_and_shot::EXPORT_FORMAT), "{export}");
    let analysis = d.analysis.as_ref().expect("its analysis");
    assert_eq!(analysis.sides[0].targets[0].goal, "hold 0102");
}

/// What adding the game touched: its folder and this file, which registers it with one line;
/// and the editor's side of it, its test-only folder there, which registers that with one line
/// (`editor/src/third_game_tests.rs`). No library, saberc or shared editor source names it.
#[test]
fn adding_it_touched_only_its_folder_and_the_registration_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let touched = [
        "editor/src/third_game_tests.rs",
        "editor/src/third_game_tests/pike_and_shot_editor.rs",
        "tests/tests/third_game.rs",
        "tests/tests/third_game/pike_and_shot.rs",
    ];
    let mut naming = Vec::new();
    for dir in [
        "schema/src",
        "schema/cli/src",
        "editor/src",
        "tests/src",
        "tests/tests",
    ] {
        walk(&root.join(dir), &mut |p| {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            if text.contains(GAME.id()) || text.contains("pike_and_shot") {
                naming.push(p.strip_prefix(root).unwrap().display().to_string());
            }
        });
    }
    naming.sort();
    assert_eq!(naming, touched);
    let this = std::fs::read_to_string(root.join("tests/tests/third_game.rs")).unwrap();
    let call = concat!("_games::", "register(&");
    let registering: Vec<&str> = this.lines().filter(|l| l.contains(call)).collect();
    assert_eq!(registering.len(), 1, "{registering:?}");
}

fn walk(dir: &Path, f: &mut dyn FnMut(&Path)) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, f);
        } else if p.extension().is_some_and(|x| x == "rs") {
            f(&p);
        }
    }
}

/// A mistake in one of its files names the record as a designer knows it (`Scenario`), not by
/// the type the game's code reads it into (`PsScenario`).
#[test]
fn a_mistake_names_its_record_without_the_games_type_prefix() {
    let (_dir, path) = folder(SET_UP);
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("units:", "unitz: [], units:");
    std::fs::write(&path, text).unwrap();
    game();
    let report = saber_schema::pipeline::check_path(&path, &MapRegistry::new());
    let said: Vec<&str> = report
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(said, ["unknown field `unitz` in `Scenario` at `/unitz`"]);
}
