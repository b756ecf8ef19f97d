//! Headless tests of issue 37's behaviour items of round 5 (the new-map dialog, the file
//! dialog's folder, the M&S map's numbering, findings naming their tab), driven through the
//! window with egui_kittest.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::app::{Action, App};
use crate::files;
use crate::scenario::test_support::choose_in;
use crate::ui_tests::{ms_example, sized};
use saber_schema::model::musket_and_saber::MsMapFile;

/// The new-map dialog keeps its place and size when the game changes, at a half-laptop window
/// and a full one: its title and its Create button stay where they were.
#[test]
fn the_new_map_dialog_stays_put_when_the_game_changes() {
    for (w, hgt) in [(680.0, 800.0), (1280.0, 800.0)] {
        let mut h = sized(App::new(files::default_map(), None), w, hgt);
        h.state_mut().ask_new_map();
        h.run();
        let rects = |h: &Harness<'static, App>| {
            [h.get_by_label("New map"), h.get_by_label("Create")].map(|n| n.rect())
        };
        let before = rects(&h);
        for game in ["Musket & Saber Quick Play", "Rifle & Saber"] {
            choose_in(&mut h, "Game", game);
            h.run();
            assert_eq!(rects(&h), before, "{game} at {w}×{hgt}");
        }
    }
}

/// A new document's file dialog starts in the folder of the file last opened, not in the
/// folder the editor was started from.
#[test]
fn a_new_documents_dialog_starts_where_the_last_file_was() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("m.ron");
    std::fs::copy(ms_example().join("maps/millbrook-invented.ron"), &path).expect("copied");
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().open_path(&path);
    h.run();
    h.state_mut()
        .request(Action::New(crate::app::action::NewMap::default()));
    h.run();
    assert_eq!(h.state().doc().path, None, "a new map");
    assert_eq!(
        h.state()
            .doc_dir()
            .map(|d| d.canonicalize().expect("a folder")),
        Some(dir.path().canonicalize().expect("the folder"))
    );
}

/// The Map tab chooses the M&S map's first number (2.2: a map numbered from 0100): the
/// numbering changes, every hexside, road and label stays where it is on the grid (said in
/// the new numbers), and one undo step gives the old numbers back.
#[test]
fn the_map_tab_chooses_the_first_hex_number() {
    use saber_schema::model::musket_and_saber::HexNumbering;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("m.ron");
    std::fs::copy(ms_example().join("maps/millbrook-invented.ron"), &path).expect("copied");
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().open_path(&path);
    h.run();
    let file = |h: &Harness<'static, App>| {
        let other = h.state().doc().content();
        match other.own::<MsMapFile>() {
            Some(f) => f.clone(),
            None => panic!("an M&S map: {other:?}"),
        }
    };
    let before = file(&h);
    assert_eq!(before.numbering, HexNumbering::ColumnRowFrom0101);
    assert!(!before.hexsides.is_empty() && !before.roads.is_empty());
    h.get_all_by_label("Map")
        .last()
        .expect("the Map tab")
        .click();
    h.run();
    h.get_by_label("First row number").set_value_accesskit(0.0);
    h.run();

    let after = file(&h);
    assert_eq!(
        after.numbering,
        HexNumbering::ColumnRow {
            first_column: 1,
            first_row: 0
        }
    );
    let step = h.state().doc().history().done().last().expect("a step");
    assert_eq!(step.label, "First hex 0101 → 0100");
    let on_grid = (before.in_grid(), after.in_grid());
    assert_eq!(on_grid.0.hexsides, on_grid.1.hexsides);
    assert_eq!(on_grid.0.roads, on_grid.1.roads);
    assert_eq!(on_grid.0.labels, on_grid.1.labels);
    // Said in the new numbers: each hex's row number one less.
    let (a, b) = (&before.hexsides[0].hex, &after.hexsides[0].hex);
    assert_eq!((b.0, b.1), (a.0, a.1 - 1));
    assert!(h.state_mut().save_to(&path));
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(saved.contains("first_row: 0"), "{saved}");
    h.state_mut().undo();
    h.run();
    assert_eq!(file(&h), before);
}

/// The comments of a new map's skeleton stay true when its first hex changes: the one above
/// `numbering` said "both from 01", and a map numbered from 0100 was saved with it.
#[test]
fn a_new_maps_numbering_comment_stays_true_when_its_first_hex_changes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("m.ron");
    let doc = crate::games::musket_and_saber::game::new_map("field", "Field", 8, 6).expect("made");
    let mut h = sized(App::for_document(doc), 1280.0, 800.0);
    h.get_all_by_label("Map")
        .last()
        .expect("the Map tab")
        .click();
    h.run();
    h.get_by_label("First row number").set_value_accesskit(0.0);
    h.run();
    assert!(h.state_mut().save_to(&path));
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(saved.contains("first_row: 0"), "{saved}");
    assert!(!saved.contains("both from 01"), "{saved}");
}

/// A new Musket & Saber map made with the New map dialog lists its empty `source` in the
/// Diagnostics naming the Map tab, and a click on it opens that tab (issue 37 §15).
#[test]
fn a_new_maps_empty_source_points_to_the_map_tab() {
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().ask_new_map();
    h.run();
    choose_in(&mut h, "Game", "Musket & Saber Quick Play");
    h.get_by_label("Create").click();
    for _ in 0..3 {
        h.run();
    }
    let finding = h
        .query_all_by_label_contains("(on the Map tab)")
        .find(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.contains("`source`"))
        })
        .expect("the empty source says where its field is")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    h.get_by_label(&finding).click();
    h.run();
    assert_eq!(
        h.state().ms_ui().tab,
        crate::games::musket_and_saber::MsTab::Map,
        "the click opens the tab"
    );
}

/// A new Rifle & Saber scenario's findings say which tab holds their field, as the Musket &
/// Saber findings do, and a click opens it.
#[test]
fn a_rifle_and_saber_finding_names_its_tab() {
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().request(Action::NewScenario);
    for _ in 0..5 {
        h.run();
    }
    let finding = h
        .query_all_by_label_contains(" tab)")
        .next()
        .expect("a new scenario's finding names its tab")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    let tab = finding
        .rsplit_once("(on the ")
        .and_then(|(_, t)| t.strip_suffix(" tab)"))
        .expect("(on the X tab)")
        .to_string();
    h.get_by_label(&finding).click();
    h.run();
    assert_eq!(h.state().builder().tab.name(), tab, "{finding}");
}
