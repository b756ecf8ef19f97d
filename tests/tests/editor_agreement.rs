//! The editor and `saberc` agree (issue 14 §1): the editor's engine export of a saved scenario
//! is byte for byte what `saberc export` writes for the same file, on the same map.

use saber_editor::App;
use saber_editor::files;
use saber_schema::model::hex::Coord;
use saber_schema::model::map::Cell;
use saber_schema::ruleset::Terrain;
use saber_tests::saberc;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

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

    let out = dir.path().join("saberc");
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
    let theirs = std::fs::read(out.join(format!("{}.json", s.id))).unwrap();
    assert!(
        std::fs::read(&ours).unwrap() == theirs,
        "the editor's export differs from saberc's"
    );
}
