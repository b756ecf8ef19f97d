//! Headless tests of issue 14's fixes, driven through the window with egui_kittest: the map a
//! scenario uses, recovery, saving, failures shown, layout, editing.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use saber_schema::model::hex::Coord;

use crate::app::file_dialog::Purpose;
use crate::app::{Action, App};
use crate::files;
use crate::tools::ToolKind;
use crate::ui_tests::{
    choose_village, click, harness, hex_center, painted_texts, with_file_dialog,
};

fn on_builtin_map() -> Harness<'static, App> {
    harness(App::new(files::default_map(), None))
}

fn paint_one_hex(h: &mut Harness<'static, App>) {
    h.state_mut().select_tool(ToolKind::Brush);
    h.run();
    choose_village(h);
    let at = hex_center(h, Coord(10, 10));
    click(h, at);
    assert!(h.state().doc().is_dirty());
}

// ---- §1 The editor and saberc agree on the map ----

#[test]
fn saving_a_changed_built_in_map_asks_for_a_new_id_and_never_shadows_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = with_file_dialog(App::new(files::default_map(), None));
    paint_one_hex(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    h.get_by_label("A new id for this map");
    // The built-in id itself is refused.
    let id = h
        .get_all_by_role(egui::accesskit::Role::TextInput)
        .next()
        .expect("id field");
    id.focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_all_by_role(egui::accesskit::Role::TextInput)
        .next()
        .expect("id field")
        .type_text("rifle-and-saber");
    h.run();
    assert!(
        h.query_by_label_contains("is a built-in map's id")
            .is_some()
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_all_by_role(egui::accesskit::Role::TextInput)
        .next()
        .expect("id field")
        .type_text("gettysburg-wooded");
    h.run();
    h.get_by_label("Continue").click();
    h.run();
    assert_eq!(h.state().doc().map().id, "gettysburg-wooded");
    // The editor's own file dialog asks where (no desktop dialog in tests).
    assert!(h.state().file_dialog_open());
    let path = dir.path().join("wooded.ron");
    h.state_mut()
        .path_chosen(Purpose::SaveAs(None), path.clone());
    h.run();
    let Some(back) = crate::games::read_any(&path)
        .ok()
        .filter(|l| l.content.holds_map())
    else {
        panic!("saved as a map");
    };
    assert_eq!(back.map.id, "gettysburg-wooded");
    assert!(!h.state().doc().is_dirty());
    // Plain Save of a map with a built-in id never writes: Save As asks for an id again.
    let mut app = App::new(files::default_map(), Some(dir.path().join("x.ron")));
    assert!(!app.save_to(&dir.path().join("x.ron")));
    assert!(app.error().is_some_and(|e| e.contains("built-in")));
    assert!(!dir.path().join("x.ron").exists());
}

#[test]
fn no_scenario_is_started_on_an_unsaved_map() {
    let mut h = with_file_dialog(App::new(files::default_map(), None));
    // The unchanged built-in map is fine.
    h.state_mut().request(Action::NewScenario);
    h.run();
    assert!(h.state().doc().scenario().is_some());
    // A changed one must be saved first; "Don't save" is not offered.
    let mut h = with_file_dialog(App::new(files::default_map(), None));
    paint_one_hex(&mut h);
    h.get_by_label("Scenario").click();
    h.run();
    h.get_by_label("New scenario on this map").click();
    h.run();
    h.get_by_label("Save the map first");
    assert!(h.query_by_label("Don't save").is_none());
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().doc().scenario().is_none(), "still the map");
    assert!(h.state().doc().is_dirty(), "and its changes");
    // Saving goes on to the scenario, on the saved map.
    let dir = tempfile::tempdir().expect("temp dir");
    h.state_mut().request(Action::NewScenario);
    h.run();
    h.get_by_label("Save map…").click();
    h.run();
    h.get_by_label("Continue").click(); // the new id
    h.run();
    let path = dir.path().join("m.ron");
    h.state_mut()
        .path_chosen(Purpose::SaveAs(Some(Action::NewScenario)), path.clone());
    h.run();
    let s = h.state().doc().scenario().expect("the scenario").clone();
    assert_eq!(s.map, "rifle-and-saber-edited");
    assert_eq!(h.state().doc().map_file.as_deref(), Some(path.as_path()));
}

#[test]
fn the_status_bar_says_which_map_the_scenario_uses() {
    let mut h = on_builtin_map();
    h.state_mut().request(Action::Historical(6));
    h.run();
    assert!(
        painted_texts(&h)
            .iter()
            .any(|t| t == "Map rifle-and-saber: built-in"),
        "{:?}",
        painted_texts(&h)
    );
}

#[test]
fn a_scenario_whose_map_is_missing_opens_and_the_map_file_can_be_chosen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let maps = dir.path().join("elsewhere");
    std::fs::create_dir_all(&maps).expect("dir");
    let mut map = files::default_map();
    map.id = "my-map".into();
    // Not beside the scenario: not found by id.
    files::save_model(&map.to_file(), &maps.join("my-map.ron")).expect("saved");
    let mut s = crate::scenario::historical::HISTORICAL[6]
        .scenario()
        .expect("parses");
    s.map = "my-map".into();
    let scen_dir = dir.path().join("scenarios");
    std::fs::create_dir_all(&scen_dir).expect("dir");
    let path = scen_dir.join("s.ron");
    files::save_model(&s, &path).expect("saved");
    // Move the map into maps/ beside the scenarios folder's parent: ../maps from the scenario.
    let near = dir.path().join("maps");
    std::fs::create_dir_all(&near).expect("dir");
    let map_path = near.join("renamed.ron");
    std::fs::rename(maps.join("my-map.ron"), &map_path).expect("moved");
    // Now make the scenario name a map that is nowhere.
    let mut s2 = s.clone();
    s2.map = "lost-map".into();
    files::save_model(&s2, &path).expect("saved");

    let mut h = with_file_dialog(App::new(files::default_map(), None));
    h.state_mut().open_path(&path);
    h.run();
    assert_eq!(h.state().error(), None);
    assert_eq!(h.state().doc().scenario(), Some(&s2), "the scenario opened");
    h.get_by_label("Map not found");
    h.get_by_label_contains("map “lost-map” was not found");
    // The Diagnostics panel says what saberc says: the map is unknown, nothing checked against
    // the stand-in.
    assert!(
        h.get_all_by_label_contains("REF004")
            .any(|n| n.accesskit_node().role() == egui::accesskit::Role::Button),
        "the Diagnostics panel lists REF004"
    );
    assert!(h.query_by_label_contains("REF001").is_none());
    h.get_by_label("Choose the map file…").click();
    h.run();
    h.state_mut()
        .path_chosen(Purpose::ChooseMap, map_path.clone());
    h.run();
    assert_eq!(h.state().error(), None);
    let doc = h.state().doc();
    assert_eq!(doc.map(), &map);
    assert_eq!(
        doc.scenario().map(|s| s.map.as_str()),
        Some("my-map"),
        "named by id: saberc finds it in ../maps"
    );
    // Saved, it opens again on that map, in the editor as in the compiler.
    assert!(h.state_mut().save_to(&path));
    let Some(back) = crate::games::read_any(&path).ok().filter(|l| {
        l.content
            .own::<saber_schema::model::scenario::Scenario>()
            .is_some()
    }) else {
        panic!("reads back");
    };
    assert_eq!(back.missing_map, None);
    assert_eq!(back.map, map);
}

// ---- §2 Recovery never loses or steals work ----

#[test]
fn two_windows_keep_their_own_recovery_and_only_orphans_are_offered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rd = crate::recovery::RecoveryDir {
        dir: dir.path().to_path_buf(),
    };
    let mut first = harness(App::start(None, Some(rd.clone())));
    first.state_mut().request(Action::New(Default::default()));
    first.run();
    paint_one_hex(&mut first);
    first.state_mut().flush_autosave();
    let first_map = first.state().doc().map().clone();

    // A second window, while the first runs: nothing offered, its own file.
    let mut second = harness(App::start(None, Some(rd.clone())));
    assert_eq!(second.state().offered_recoveries(), 0);
    second.state_mut().request(Action::New(Default::default()));
    second.run();
    paint_one_hex(&mut second);
    let at = hex_center(&second, Coord(3, 3));
    click(&mut second, at);
    second.state_mut().flush_autosave();
    let second_map = second.state().doc().map().clone();
    assert_ne!(first_map, second_map);

    // Both are killed: both documents come back, listed together.
    drop(first);
    drop(second);
    let mut third = harness(App::start(None, Some(rd.clone())));
    assert_eq!(third.state().offered_recoveries(), 2);
    let mut restored = Vec::new();
    for _ in 0..2 {
        third
            .get_all_by_label("Restore")
            .next()
            .expect("Restore")
            .click();
        third.run();
        restored.push(third.state().doc().map().clone());
        // Keep it: save it, which also removes its recovery file.
        let p = dir.path().join(format!("r{}.ron", restored.len()));
        assert!(third.state_mut().save_to(&p));
        third.run();
    }
    assert!(restored.contains(&first_map) && restored.contains(&second_map));
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".lock") || n.contains("untitled") || n.contains("file-"))
        .collect();
    assert!(left.is_empty(), "recovery files left: {left:?}");
}

// ---- §4 Nothing fails silently ----

#[test]
fn without_a_desktop_dialog_open_shows_the_editors_own() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("small.ron");
    files::save_model(&files::new_map().to_file(), &file).expect("saved");
    let mut h = with_file_dialog(App::new(files::default_map(), None));
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert!(h.state().file_dialog_open(), "a dialog is shown");
    h.get_by_label_contains("Open a map or scenario");
    h.state_mut().path_chosen(Purpose::Open, file.clone());
    h.run();
    assert_eq!(h.state().doc().path.as_deref(), Some(file.as_path()));
}

#[test]
fn a_failed_save_is_reported_in_the_window() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(App::new(files::new_map(), None));
    let target = dir.path().join("no-such-folder").join("m.ron");
    assert!(!h.state_mut().save_to(&target));
    h.run();
    h.get_by_label("Problem");
    assert!(h.query_by_label_contains("no-such-folder").is_some());
}

// ---- §5 The layout works at any window size ----

#[test]
fn panels_collapse_with_a_key_and_the_map_gets_the_room() {
    let mut h = Harness::builder()
        .with_size(egui::vec2(900.0, 600.0))
        .build_ui_state(
            |ui, app: &mut App| app.show(ui),
            App::new(files::default_map(), None),
        );
    h.run();
    let before = h.state().canvas_rect().width();
    h.key_press(Key::F3);
    h.run();
    h.key_press(Key::F4);
    h.run();
    for _ in 0..20 {
        h.run(); // the panels slide away
    }
    let after = h.state().canvas_rect().width();
    assert!(
        after > 850.0 && after > before + 300.0,
        "{before} -> {after}"
    );
    h.key_press(Key::F3);
    h.run();
    for _ in 0..20 {
        h.run();
    }
    assert!(
        h.state().canvas_rect().width() < after - 100.0,
        "the tools panel is back"
    );
}

#[test]
fn zooming_out_stops_at_the_whole_map() {
    let mut h = on_builtin_map();
    for _ in 0..5 {
        h.run(); // the panels settle
    }
    h.key_press(Key::Home); // fit the map to the canvas as it is now
    h.run();
    let fitted = h.state().zoom();
    for _ in 0..30 {
        h.key_press(Key::Minus);
        h.run();
    }
    let z = h.state().zoom();
    assert!(
        (z - fitted).abs() < 0.01 * fitted,
        "fit {fitted}, zoomed out to {z}"
    );
}

#[test]
fn keys_typed_into_a_text_field_never_reach_the_map() {
    let mut h = on_builtin_map();
    h.key_press(Key::P); // map properties
    h.run();
    let zoom = h.state().zoom();
    let centre = h.state().view_center();
    let name = h.get_by_label("Name");
    name.focus();
    h.run();
    for k in [
        Key::Minus,
        Key::ArrowLeft,
        Key::Home,
        Key::Plus,
        Key::ArrowUp,
    ] {
        h.key_press(k);
        h.run();
    }
    h.get_by_label("Name").type_text("-x");
    h.run();
    assert_eq!(h.state().zoom(), zoom);
    assert_eq!(h.state().view_center(), centre);
}

#[test]
fn the_properties_window_keeps_apply_on_screen_with_long_notes() {
    let mut map = files::default_map();
    map.notes = "A very long note.\n".repeat(200);
    let mut h = Harness::builder()
        .with_size(egui::vec2(900.0, 600.0))
        .build_ui_state(|ui, app: &mut App| app.show(ui), App::new(map, None));
    h.key_press(Key::P);
    h.run();
    h.run();
    let apply = h.get_by_label("Apply");
    let r = apply.rect();
    assert!(r.max.y <= 600.0 && r.min.y >= 0.0, "Apply at {r:?}");
}

// ---- §6 Editing does what it says ----

#[test]
fn stale_status_messages_clear_on_the_next_edit() {
    let mut h = on_builtin_map();
    h.state_mut().undo();
    h.run();
    assert_eq!(h.state().status(), "Nothing to undo");
    paint_one_hex(&mut h);
    h.run();
    assert_eq!(
        h.state().status(),
        "",
        "the message was about an older state"
    );
}

#[test]
fn the_history_names_a_force_change() {
    let mut h = on_builtin_map();
    h.state_mut().check_inline();
    h.state_mut().request(Action::Historical(6));
    h.run();
    h.get_by_label("Sides & forces").click();
    h.run();
    let was = h.state().doc().scenario().unwrap().sides[0].groups[0].units
        [&saber_schema::ruleset::UnitKind::MZ];
    h.get_by_role_and_label(egui::accesskit::Role::SpinButton, "MZ")
        .set_value_accesskit(f64::from(was + 1));
    h.run();
    let side = h.state().doc().scenario().unwrap().sides[0].name.clone();
    let label = h
        .state()
        .doc()
        .history()
        .done()
        .last()
        .unwrap()
        .label
        .clone();
    assert_eq!(label, format!("{side} (a): MZ {was} → {}", was + 1));
}

#[test]
fn feature_rename_applies_with_enter_and_is_not_dropped_on_reselect() {
    let mut h = on_builtin_map();
    h.key_press(Key::F);
    h.run();
    h.get_by_label_contains("V4 ").click();
    h.run();
    let name = h.get_by_label("Name");
    name.focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("Name").type_text("Devil's Den");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    let map = h.state().doc().map();
    assert_eq!(
        map.feature("V4").and_then(|f| f.name.as_deref()),
        Some("Devil's Den")
    );
    let label = &h.state().doc().history().done().last().unwrap().label;
    assert!(label.starts_with("Name V4: "), "{label}");
    assert!(!label.contains("to V4"), "{label}");
    // A name typed, then another feature selected: the name is kept.
    h.get_by_label("Name").focus();
    h.run();
    h.key_press(Key::End);
    h.get_by_label("Name").type_text(" (south)");
    h.run();
    h.get_by_label_contains("V5 ").click();
    h.run();
    assert_eq!(
        h.state()
            .doc()
            .map()
            .feature("V4")
            .and_then(|f| f.name.as_deref()),
        Some("Devil's Den (south)")
    );
}

// ---- §7 Print quality ----

#[test]
fn the_card_is_exported_at_print_resolution_by_default() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = on_builtin_map();
    h.state_mut().request(Action::Historical(6));
    h.run();
    let png = dir.path().join("card.png");
    h.state_mut().write_card(&png);
    assert_eq!(h.state().error(), None);
    let bytes = std::fs::read(&png).expect("written");
    // PNG width: bytes 16..20 of the IHDR chunk.
    let width = u32::from_be_bytes(bytes[16..20].try_into().expect("header"));
    assert_eq!(width, crate::export::CARD_WIDTH);
    assert!(width >= 2400, "print resolution: {width} px");
}

// ---- Exports through the editor's own dialog ----

/// No export is written over a file the open document was read from: the scenario's own file
/// (named here as the Tiled export names its tileset, so that every export can reach it) or
/// its map file.
#[test]
fn no_export_is_written_over_the_open_file_or_its_map() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scenarios/07-gettysburg-little-round-top.ron"
    ))
    .expect("11.7");
    let file = dir.path().join("gettysburg-little-round-top.tsj");
    std::fs::write(&file, &text).expect("written");
    let opened = || {
        let mut h = on_builtin_map();
        h.state_mut().open_path(&file);
        h.run();
        assert_eq!(h.state().error(), None);
        assert!(h.state().doc().scenario().is_some(), "11.7 opened");
        h
    };
    let refused = |h: &Harness<'static, App>, what: &str| {
        let e = h.state().error().unwrap_or_default().to_string();
        assert!(e.contains("is the input file"), "{what}: {e:?}");
        assert_eq!(
            std::fs::read_to_string(&file).expect("read"),
            text,
            "{what} left the scenario as it was"
        );
    };
    let mut h = opened();
    h.state_mut().write_engine(&file);
    refused(&h, "the engine export");
    let mut h = opened();
    h.state_mut().write_card(&file);
    refused(&h, "the card");
    let mut h = opened();
    h.state_mut().write_tiled(dir.path());
    refused(&h, "the Tiled export");

    // A scenario on a map file of its own: the map file is an input too.
    let maps = dir.path().join("maps");
    std::fs::create_dir(&maps).expect("mkdir");
    let map_text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../maps/rifle-and-saber.ron"
    ))
    .expect("the map")
    .replace("\"rifle-and-saber\"", "\"valley\"");
    let map = maps.join("valley.ron");
    std::fs::write(&map, &map_text).expect("written");
    let s = dir.path().join("s.ron");
    std::fs::write(
        &s,
        text.replace("map: \"rifle-and-saber\"", "map: \"maps/valley.ron\""),
    )
    .expect("written");
    let mut h = on_builtin_map();
    h.state_mut().open_path(&s);
    h.run();
    assert_eq!(h.state().doc().map_file.as_deref(), Some(map.as_path()));
    h.state_mut().write_engine(&map);
    let e = h.state().error().unwrap_or_default().to_string();
    assert!(e.contains("is the input file"), "{e:?}");
    assert_eq!(std::fs::read_to_string(&map).expect("read"), map_text);
}

#[test]
fn the_tiled_export_asks_for_a_folder_in_the_editors_own_dialog() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = with_file_dialog(App::new(files::default_map(), None));
    h.state_mut().export_tiled();
    h.run();
    assert!(h.state().file_dialog_open(), "a folder dialog is shown");
    h.get_by_label_contains("Export Tiled map into folder");
    // Its button says what it does (egui_file's "Open" read as "open the folder", under Xvfb).
    h.get_by_label("Choose folder");
    assert!(h.query_by_label("Open").is_none());
    h.state_mut()
        .path_chosen(Purpose::ExportTiled, dir.path().to_path_buf());
    h.run();
    assert_eq!(h.state().error(), None);
    assert!(dir.path().join("rifle-and-saber.tmj").is_file());
    assert!(h.state().status().starts_with("Exported "));
}
