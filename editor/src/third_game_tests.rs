//! Issue 40 §6 in the editor: "Pike & Shot (test)", the library's test-only third game
//! (`tests/tests/third_game/pike_and_shot.rs`), given an editor side in its own folder
//! (`third_game_tests/`) and registered with one line, opens, edits, saves and exports in the
//! editor through the shared code, which names no game.

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use saber_schema::output::game::GameOutputs;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::Source;

use crate::app::{Action, App};
use crate::files;
use crate::ui_tests::harness;

#[allow(dead_code, clippy::all)]
#[path = "../../tests/tests/third_game/pike_and_shot.rs"]
mod pike_and_shot;
mod pike_and_shot_editor;

use pike_and_shot::{PsMap, PsScenario};

/// The game, registered once for the whole test binary: its library side (its front end and
/// outputs), and its editor side with the one line this test adds.
fn registered() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        saber_schema::output::games::register(&pike_and_shot::OUTPUTS).expect("a new id");
        crate::games::register(&pike_and_shot_editor::EDITOR).expect("a new game");
    });
}

/// The units of the scenario on the tests' map: a horse in a marsh its chart prohibits.
const UNITS: &str = r#"("Pikes", "foot", "0000"), ("Lancers", "horse", "0102")"#;

/// A folder holding the map and the scenario.
fn folder() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = dir.path().join("toy-field.ron");
    std::fs::write(&map, pike_and_shot::TOY_MAP).expect("written");
    let scenario = dir.path().join("toy-fight.ron");
    std::fs::write(&scenario, pike_and_shot::toy_scenario(UNITS)).expect("written");
    (dir, map, scenario)
}

/// An editor with `path` open.
fn opened(path: &Path) -> Harness<'static, App> {
    registered();
    let mut h = harness(App::new(files::default_map(), None));
    h.state_mut()
        .request(Action::Open(Some(path.to_path_buf())));
    for _ in 0..3 {
        h.run();
    }
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    h
}

/// What `saberc check` finds in a file: code and hex.
fn saberc_check(path: &Path) -> Vec<(String, Option<String>)> {
    saber_schema::pipeline::check_path(path, &MapRegistry::new())
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str().to_string(), d.hex.clone()))
        .collect()
}

/// The scenario opens as the game's own document in the game's mode, with `saberc check`'s
/// findings (a horse in a marsh its chart prohibits); an id typed in the game's panel is one
/// undo step named by the field it changed, a save edits only that in the file's text, and the engine export is the game's
/// `saberc export` of the file saved.
#[test]
fn the_third_game_opens_edits_saves_and_exports_in_the_editor() {
    let (_dir, _map, path) = folder();
    let mut h = opened(&path);
    let doc = h.state().doc();
    assert!(
        doc.content().own::<PsScenario>().is_some(),
        "{:?}",
        doc.content()
    );
    assert!(
        doc.map_doc
            .as_ref()
            .and_then(|d| d.own::<PsMap>())
            .is_some()
    );
    assert!(
        h.query_by_label("Pike & Shot (test)").is_some(),
        "its panel"
    );
    let mode: &pike_and_shot_editor::PsUi = h.state().own_mode().expect("its mode");
    let ours: Vec<(String, Option<String>)> = mode
        .checker
        .items
        .iter()
        .map(|d| (d.code.as_str().to_string(), d.hex.clone()))
        .collect();
    let theirs = saberc_check(&path);
    assert!(!theirs.is_empty(), "the horse in the marsh is found");
    assert_eq!(ours, theirs);

    h.get_by_label("Id").focus();
    h.run();
    h.get_by_label("Id").type_text("-2");
    h.run();
    assert_eq!(
        h.state().doc().content().id(h.state().doc().map()),
        "toy-fight-2"
    );
    assert!(h.state().doc().is_dirty());
    // Named in the History panel by the field it changed, as a game's own document is.
    let step = h
        .state()
        .doc()
        .history()
        .done()
        .last()
        .map(|s| s.label.clone());
    assert_eq!(step.as_deref(), Some("Id “toy-fight” → “toy-fight-2”"));
    assert!(h.state_mut().save_to(&path));
    let saved = std::fs::read_to_string(&path).expect("saved");
    let ours = pike_and_shot::toy_scenario(UNITS);
    assert_eq!(saved, ours.replace("\"toy-fight\"", "\"toy-fight-2\""));

    // The export needs a clean scenario: the horse leaves the marsh first.
    let clean = ours.replace(
        "(\"Lancers\", \"horse\", \"0102\")",
        "(\"Lancers\", \"horse\", \"0202\")",
    );
    std::fs::write(&path, &clean).expect("written");
    let mut h = opened(&path);
    let out = path.with_file_name("export.json");
    h.state_mut().write_engine(&out);
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    let compiled = pike_and_shot::OUTPUTS
        .compile(&Source::read(&path).expect("read"), &MapRegistry::new())
        .compiled
        .expect("compiles");
    let theirs = compiled.export().expect("exports").text();
    assert_eq!(std::fs::read_to_string(&out).expect("exported"), theirs);
}

/// Its map opens drawn from the game's chart, and a new scenario on it is the game's
/// skeleton on that map.
#[test]
fn the_third_game_s_map_opens_and_takes_a_new_scenario() {
    let (_dir, map, _) = folder();
    let mut h = opened(&map);
    let doc = h.state().doc();
    assert!(
        doc.content().own::<PsMap>().is_some(),
        "{:?}",
        doc.content()
    );
    assert_eq!(
        doc.map().grid.label(saber_schema::model::hex::Coord(1, 1)),
        "0000"
    );
    assert!(doc.map().chart.is_some(), "its chart is the map's");
    h.state_mut().request(Action::NewScenario);
    h.run();
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    let s = h
        .state()
        .doc()
        .content()
        .own::<PsScenario>()
        .expect("a scenario");
    assert_eq!(s.map, "toy-field");
    assert_eq!(h.state().doc().map_file.as_deref(), Some(map.as_path()));
}

/// What adding the game to the editor touched: this file, which registers it with one line,
/// and its folder. No other editor file names it.
#[test]
fn adding_it_to_the_editor_touched_only_its_folder_and_the_registration_line() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut naming = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a folder") {
            let p = entry.expect("an entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if std::fs::read_to_string(&p)
                .unwrap_or_default()
                .contains(concat!("pike", "_and_shot"))
            {
                naming.push(
                    p.strip_prefix(&src)
                        .expect("under src")
                        .display()
                        .to_string(),
                );
            }
        }
    }
    naming.sort();
    assert_eq!(
        naming,
        [
            "third_game_tests.rs",
            "third_game_tests/pike_and_shot_editor.rs"
        ]
    );
    let this = std::fs::read_to_string(src.join("third_game_tests.rs")).expect("this file");
    let call = concat!("crate::games::", "register(&");
    assert_eq!(this.lines().filter(|l| l.contains(call)).count(), 1);
}
