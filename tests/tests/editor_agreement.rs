//! The editor and `saberc` agree (issue 14 §1): the editor's engine export of a saved scenario
//! is byte for byte what `saberc export` writes for the same file, on the same map.

use saber_editor::App;
use saber_editor::files;
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
    files::save_map(&map, &dir.path().join("rifle-and-saber.ron")).unwrap();
    let s = saber_editor::scenario::historical::HISTORICAL[6]
        .scenario()
        .unwrap();
    let scenario = dir.path().join("little-round-top.ron");
    files::save_scenario(&s, &scenario).unwrap();

    let mut app = App::new(files::new_map(), None);
    app.open_path(&scenario);
    assert_eq!(app.error(), None);
    assert_eq!(app.doc().map(), &saber_schema::builtin::rifle_and_saber());
    assert_eq!(app.doc().map_file, None, "the built-in map");
    let ours = dir.path().join("editor.json");
    app.write_engine(&ours);
    assert_eq!(app.error(), None);
    assert!(
        std::fs::read(&ours).unwrap() == saberc_export(&scenario, &s.id),
        "the editor's export differs from saberc's"
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
    files::save_map(&map, &dir.path().join("edited.ron")).unwrap();
    let mut s = saber_editor::scenario::historical::HISTORICAL[6]
        .scenario()
        .unwrap();
    s.map = map.id.clone();
    let scenario = dir.path().join("little-round-top.ron");
    files::save_scenario(&s, &scenario).unwrap();

    // The editor opens the file, finds the edited map, and exports.
    let mut app = App::new(files::new_map(), None);
    app.open_path(&scenario);
    assert_eq!(app.error(), None);
    assert_eq!(app.doc().map(), &map, "the editor uses the edited map");
    let ours = dir.path().join("editor.json");
    app.write_engine(&ours);
    assert_eq!(app.error(), None);

    assert!(
        std::fs::read(&ours).unwrap() == saberc_export(&scenario, &s.id),
        "the editor's export differs from saberc's"
    );
}
