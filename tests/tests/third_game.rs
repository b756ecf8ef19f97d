//! Issue 40 §6: a game is one folder and one registration line. "Pike & Shot (test)"
//! (`third_game/pike_and_shot.rs`) lives only here; registered by the one line in [`game`],
//! its files go through the shared pipeline (`saberc check` in process, the JSON Schema stage,
//! map resolution), the shared queries price its chart, the shared drawing draws its map in
//! its own numbers, and the language server's schema of its files is its own. Its own rules
//! are checked, not waved through: a stack over its four points is STK001 citing its T4, a
//! unit in a hex its chart prohibits to its class is DEP009 citing its T7.

#[path = "third_game/pike_and_shot.rs"]
mod pike_and_shot;

use std::path::{Path, PathBuf};

use clap::Parser;
use pike_and_shot::GAME;
use saber_schema::diagnostic::Code;
use saber_schema::pipeline::games;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::parse::DocKind;
use saber_schema::pipeline::read::Source;
use saber_schema::queries::movement::{Movement, Mp};
use saber_schema::ruleset::Game;

/// The game, registered once for the whole test binary.
fn game() -> Game {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| games::register(&pike_and_shot::FRONT_END).expect("a new id"));
    GAME
}

/// A map: six columns, five rows, numbered from 0000; a marsh horse may not enter, a wood.
const MAP: &str = r#"(
    format: "saber-map/1",
    game: "pike-and-shot-test",
    id: "toy-field",
    name: "Toy field",
    columns: 6,
    rows: 5,
    chart: [
        (kind: "marsh", costs: (Some(3), None, Some(4)), blocks_sight: false),
        (kind: "wood", costs: (Some(2), Some(3), None), blocks_sight: true),
    ],
    hexes: [("0102", "marsh"), ("0302", "wood")],
)
"#;

/// A scenario on it, with `units` as given.
fn scenario(units: &str) -> String {
    format!(
        "(\n    format: \"saber-scenario/1\",\n    game: \"pike-and-shot-test\",\n    id: \"toy-fight\",\n    map: \"toy-field.ron\",\n    units: [{units}],\n)\n"
    )
}

/// A folder holding the map and a scenario.
fn folder(units: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("toy-field.ron"), MAP).unwrap();
    let scenario_path = dir.path().join("toy-fight.ron");
    std::fs::write(&scenario_path, scenario(units)).unwrap();
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
    let src = Source::from_text("toy-field.ron", MAP.to_string());
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
        "marsh: foot 3 MP, horse prohibited, guns 4 MP",
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
    let squeezed = MAP.replace("\n    ", "\n").replace(", costs", ",costs");
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

/// What adding the game touched: its folder and this file, which registers it with one line.
/// No library, saberc or editor source names it.
#[test]
fn adding_it_touched_only_its_folder_and_the_registration_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let touched = [
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
    let this = std::fs::read_to_string(root.join(touched[0])).unwrap();
    let call = concat!("games::", "register(&");
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
