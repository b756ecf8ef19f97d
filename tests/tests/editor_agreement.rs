//! The editor and `saberc` agree (issue 14 §1): the editor's engine export of a saved scenario
//! is byte for byte what `saberc export` writes for the same file, on the same map.

use saber_editor::App;
use saber_editor::files;
use saber_schema::diagnostic::{Code, Family};
use saber_schema::model::hex::Coord;
use saber_schema::model::map::Cell;
use saber_schema::ruleset::Terrain;
use saber_tests::saberc;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// `saberc export` of a scenario file: the bytes it writes.
fn saberc_export(scenario: &std::path::Path, id: &str) -> Vec<u8> {
    let out = scenario.with_file_name("saberc-out");
    let run = saberc(
        BIN,
        &[
            "export",
            scenario.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    std::fs::read(out.join(format!("{id}.json"))).unwrap()
}

/// A map file beside a scenario that claims the built-in map's id never replaces it: the editor
/// opens the scenario on the built-in map, as saberc checks and exports it.
#[test]
fn a_map_file_shadowing_the_built_in_id_is_ignored_by_both() {
    let dir = tempfile::tempdir().unwrap();
    let mut map = saber_schema::builtin::rifle_and_saber();
    for c in 1..=22 {
        map.set_cell(
            Coord(c, 30),
            Cell {
                terrain: Terrain::Woods,
                slope: false,
            },
        );
    }
    files::save_model(&map.to_file(), &dir.path().join("rifle-and-saber.ron")).unwrap();
    let s = saber_editor::scenario::historical::HISTORICAL[6]
        .scenario()
        .unwrap();
    let scenario = dir.path().join("little-round-top.ron");
    files::save_model(&s, &scenario).unwrap();

    let mut app = App::new(files::new_map(), None);
    app.open_path(&scenario);
    assert_eq!(app.error(), None);
    assert_eq!(app.doc().map(), &saber_schema::builtin::rifle_and_saber());
    assert_eq!(app.doc().map_file, None, "the built-in map");
    let ours = dir.path().join("editor.json");
    app.write_engine(&ours);
    assert_eq!(app.error(), None);
    saber_tests::assert_same_text(
        &String::from_utf8(saberc_export(&scenario, &s.id)).expect("UTF-8"),
        &std::fs::read_to_string(&ours).unwrap(),
        "the editor's export (+) against saberc's (-)",
    );
}

#[test]
fn the_editors_export_is_saberc_export_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    // A changed copy of the Rifle & Saber map under its own id, saved beside the scenario.
    let mut map = saber_schema::builtin::rifle_and_saber();
    map.id = "rifle-and-saber-edited".into();
    map.name = "Rifle & Saber (edited)".into();
    for c in 1..=22 {
        map.set_cell(
            Coord(c, 30),
            Cell {
                terrain: Terrain::Woods,
                slope: false,
            },
        );
    }
    files::save_model(&map.to_file(), &dir.path().join("edited.ron")).unwrap();
    let mut s = saber_editor::scenario::historical::HISTORICAL[6]
        .scenario()
        .unwrap();
    s.map = map.id.clone();
    let scenario = dir.path().join("little-round-top.ron");
    files::save_model(&s, &scenario).unwrap();

    // The editor opens the file, finds the edited map, and exports.
    let mut app = App::new(files::new_map(), None);
    app.open_path(&scenario);
    assert_eq!(app.error(), None);
    assert_eq!(app.doc().map(), &map, "the editor uses the edited map");
    let ours = dir.path().join("editor.json");
    app.write_engine(&ours);
    assert_eq!(app.error(), None);

    saber_tests::assert_same_text(
        &String::from_utf8(saberc_export(&scenario, &s.id)).expect("UTF-8"),
        &std::fs::read_to_string(&ours).unwrap(),
        "the editor's export (+) against saberc's (-)",
    );
}

/// One verdict: for each historical scenario and each scenario of the bad-file corpus the
/// editor opens, the editor's Diagnostics panel (the builder's check, the editor's own code
/// path from opening the file) lists what `saberc check --format json`, run as a process,
/// lists for the file: the same codes, severities and messages.
#[test]
fn the_editors_findings_are_saberc_checks_for_every_scenario() {
    let mut files = saber_tests::historical_files();
    let mut bad: Vec<_> = std::fs::read_dir(saber_tests::repo("tests/fixtures/bad"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    bad.sort();
    files.extend(bad);
    let mut args: Vec<String> = ["check", "--format", "json"].map(String::from).to_vec();
    args.extend(files.iter().map(|f| f.to_string_lossy().into_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = saberc(BIN, &args);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    let key = |code: &str, severity: &str, message: &str| format!("{code} {severity} {message}");
    let mut compared = 0;
    let mut problems = Vec::new();
    for f in &files {
        let name = f.to_string_lossy();
        let mut app = App::new(files::new_map(), None);
        app.open_path(f);
        if app.doc().scenario().is_none() {
            // Not a scenario the editor opens: a map or battle file, or one saberc stops
            // reading before the rule checks (a Files or Syntax finding).
            let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
            let read_stage = report["diagnostics"]
                .as_array()
                .expect("diagnostics")
                .iter()
                .filter(|d| d["file"].as_str() == Some(&*name))
                .filter_map(|d| d["code"].as_str().and_then(Code::from_id))
                .any(|c| matches!(c.info().family, Family::Files | Family::Syntax));
            // The editor does not open Musket & Saber documents yet (issue 29): saberc checks them.
            let other_game = text.contains("game: \"musket-and-saber-quick-play\"");
            assert!(
                read_stage
                    || other_game
                    || text.contains("saber-map/")
                    || text.contains("saber-battle/"),
                "{name}: the editor did not open it as a scenario, but saberc checked it as one"
            );
            continue;
        }
        let mut editor: Vec<String> = app
            .scenario_findings()
            .iter()
            .map(|d| {
                key(
                    d.code.as_str(),
                    saber_schema::diagnostic::codes::severity_name(d.severity),
                    &d.message,
                )
            })
            .collect();
        let mut saberc_says: Vec<String> = report["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .filter(|d| d["file"].as_str() == Some(&*name))
            .map(|d| {
                key(
                    d["code"].as_str().unwrap_or("?"),
                    d["severity"].as_str().unwrap_or("?"),
                    d["message"].as_str().unwrap_or(""),
                )
            })
            .collect();
        editor.sort();
        saberc_says.sort();
        if editor != saberc_says {
            problems.push(format!(
                "{name}:\n{}",
                saber_tests::line_diff(&saberc_says.join("\n"), &editor.join("\n"))
            ));
        }
        compared += 1;
    }
    assert!(
        compared >= saber_tests::historical_files().len(),
        "{compared}"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The same for a Musket & Saber scenario: the invented example, opened in the editor from a
/// copy beside its map, exported, is what `saberc export` writes for it.
#[test]
fn the_editors_musket_and_saber_export_is_saberc_export_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios/examples/musket-and-saber");
    std::fs::create_dir_all(dir.path().join("maps")).unwrap();
    std::fs::copy(
        examples.join("maps/millbrook-invented.ron"),
        dir.path().join("maps/millbrook-invented.ron"),
    )
    .unwrap();
    let scenario = dir.path().join("millbrook.ron");
    std::fs::copy(examples.join("millbrook.ron"), &scenario).unwrap();

    let mut app = App::new(files::new_map(), None);
    app.open_path(&scenario);
    assert_eq!(app.error(), None);
    assert!(
        app.doc()
            .content()
            .own::<saber_schema::model::musket_and_saber::MsScenario>()
            .is_some(),
        "opened as a Musket & Saber scenario"
    );
    let ours = dir.path().join("editor.json");
    app.write_engine(&ours);
    assert_eq!(app.error(), None);
    saber_tests::assert_same_text(
        &String::from_utf8(saberc_export(&scenario, "millbrook-invented")).expect("UTF-8"),
        &std::fs::read_to_string(&ours).unwrap(),
        "the editor's export (+) against saberc's (-)",
    );
}
