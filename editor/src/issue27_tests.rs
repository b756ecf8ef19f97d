//! Headless tests of issue 27's fixes, driven through the window with egui_kittest: every
//! recovery restorable, the editor's own file dialog as safe as the desktop's, and the
//! first-minute tasks unbroken.

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use saber_schema::model::counter::Counter;
use saber_schema::model::hex::Coord;
use saber_schema::model::map::Map;
use saber_schema::model::scenario::Placement;

use crate::app::file_dialog::Purpose;
use crate::app::{Action, App};
use crate::document::Document;
use crate::files;
use crate::recovery::RecoveryDir;
use crate::scenario::panel::Tab;
use crate::tools::ToolKind;
use crate::ui_tests::{
    choose_village, click, harness, hex_center, painted_texts, with_file_dialog,
};

fn paint_one_hex(h: &mut Harness<'static, App>, at: Coord) {
    h.state_mut().select_tool(ToolKind::Brush);
    h.run();
    choose_village(h);
    let p = hex_center(h, at);
    click(h, p);
}

/// A small map of its own id, saved nowhere yet.
fn small_map(id: &str) -> Map {
    Map::blank(id, id, 12, 10)
}

/// The recovery files (`.ron`) in the recovery folder.
fn recovery_files(rd: &RecoveryDir) -> Vec<PathBuf> {
    std::fs::read_dir(&rd.dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "ron"))
                .collect()
        })
        .unwrap_or_default()
}

/// The work of a window killed while editing `path`: its recovery file, with `map` in it.
fn crashed_window(rd: &RecoveryDir, path: &Path, map: Map) {
    let r = rd.claim(Some(path)).expect("claimed");
    r.write(&Document::new(map, Some(path.to_path_buf())))
        .expect("written");
    // Dropped without release: the window is gone, its recovery file stays.
}

// ---- §1 Every recovery kept ----

/// Two windows crashed: the next start lists both; restoring the second never replaces the
/// first restored document (the unsaved-changes question comes first), and each recovery file
/// goes only once its work is saved.
#[test]
fn two_recovery_files_are_both_offered_and_both_restored() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rd = RecoveryDir {
        dir: dir.path().join("recovery"),
    };
    let (a, b) = (dir.path().join("first.ron"), dir.path().join("second.ron"));
    for (path, id) in [(&a, "first"), (&b, "second")] {
        files::save_model(&small_map(id).to_file(), path).expect("saved");
        let mut changed = small_map(id);
        changed.name = format!("{id} (changed)");
        crashed_window(&rd, path, changed);
    }
    assert_eq!(recovery_files(&rd).len(), 2);

    let mut h = harness(App::start(None, Some(rd.clone())));
    h.run();
    assert_eq!(h.state().offered_recoveries(), 2);
    h.get_by_label("Recover unsaved work?");
    for p in [&a, &b] {
        h.get_by_label_contains(&p.display().to_string());
    }
    h.get_all_by_label("Restore")
        .next()
        .expect("Restore")
        .click();
    h.run();
    let first = h.state().doc().map().clone();
    assert!(first.name.ends_with("(changed)"), "{}", first.name);
    assert!(h.state().doc().is_dirty());
    // The other is still listed.
    assert_eq!(h.state().offered_recoveries(), 1);
    h.get_by_label("Restore").click();
    h.run();
    // Restoring it asks about the first one's unsaved work first.
    h.get_by_label("Unsaved changes");
    assert_eq!(h.state().doc().map(), &first, "not replaced without asking");
    assert_eq!(recovery_files(&rd).len(), 2, "both recovery files kept");
    h.get_by_label("Save").click();
    h.run();
    let first_file = h.state().recent_files()[0].clone();
    let Some(saved) = crate::games::read_any(&first_file)
        .ok()
        .filter(|l| l.content.holds_map())
    else {
        panic!("the first is saved");
    };
    assert_eq!(saved.map, first);
    // Then the second is restored.
    let second = h.state().doc().map().clone();
    assert_ne!(second, first);
    assert!(second.name.ends_with("(changed)"));
    assert_eq!(recovery_files(&rd).len(), 1, "the saved one's file is gone");
    assert!(h.state_mut().save());
    h.run();
    assert!(recovery_files(&rd).is_empty(), "each saved, each file gone");
    let names: Vec<String> = [&a, &b]
        .iter()
        .map(|p| match crate::games::read_any(p) {
            Ok(l) if l.content.holds_map() => l.map.name,
            _ => panic!("a map"),
        })
        .collect();
    assert_eq!(names, ["first (changed)", "second (changed)"]);
}

/// Recovered work can be saved somewhere without opening it, or discarded, each on its own;
/// "Later" keeps the files for the next start.
#[test]
fn recovered_work_is_saved_or_discarded_each_on_its_own() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rd = RecoveryDir {
        dir: dir.path().join("recovery"),
    };
    let (a, b) = (dir.path().join("a.ron"), dir.path().join("b.ron"));
    crashed_window(&rd, &a, small_map("a"));
    crashed_window(&rd, &b, small_map("b"));
    let mut h = with_file_dialog(App::start(None, Some(rd.clone())));
    h.run();
    h.get_by_label("Later").click();
    h.run();
    assert!(h.query_by_label("Recover unsaved work?").is_none());
    assert_eq!(recovery_files(&rd).len(), 2, "Later deletes nothing");
    drop(h);

    let mut h = with_file_dialog(App::start(None, Some(rd.clone())));
    h.run();
    assert_eq!(h.state().offered_recoveries(), 2, "offered again");
    h.get_all_by_label("Save as…")
        .next()
        .expect("Save as")
        .click();
    h.run();
    assert!(h.state().file_dialog_open());
    let elsewhere = dir.path().join("kept.ron");
    // The first listed is the newest; whichever it is, it is written to the chosen file.
    let key = h.state().offer_keys()[0].clone();
    h.state_mut()
        .path_chosen(Purpose::SaveRecovered(key), elsewhere.clone());
    h.run();
    assert!(matches!(
        crate::games::read_any(&elsewhere),
        Ok(l) if l.content.holds_map()
    ));
    assert_eq!(recovery_files(&rd).len(), 1);
    assert!(
        !h.state().doc().is_dirty(),
        "the open document is untouched"
    );
    h.get_by_label("Discard").click();
    h.run();
    assert!(recovery_files(&rd).is_empty());
    assert_eq!(h.state().offered_recoveries(), 0);
}

/// Discarding one window's recovered work deletes its recovery file only: the other window's
/// work stays offered, its file on disk (once, "Discard" deleted the other one's too).
#[test]
fn discarding_one_recovery_keeps_the_others() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rd = RecoveryDir {
        dir: dir.path().join("recovery"),
    };
    let (a, b) = (dir.path().join("a.ron"), dir.path().join("b.ron"));
    crashed_window(&rd, &a, small_map("a"));
    crashed_window(&rd, &b, small_map("b"));
    let mut h = with_file_dialog(App::start(None, Some(rd.clone())));
    h.run();
    assert_eq!(h.state().offered_recoveries(), 2);
    let kept = h.state().offer_keys()[1].clone();
    h.get_all_by_label("Discard")
        .next()
        .expect("Discard")
        .click();
    h.run();
    assert_eq!(
        h.state().offer_keys(),
        std::slice::from_ref(&kept),
        "the other is still offered"
    );
    assert_eq!(recovery_files(&rd), [kept], "its file is kept");
    drop(h);
    // And offered again at the next start.
    let h = with_file_dialog(App::start(None, Some(rd.clone())));
    assert_eq!(h.state().offered_recoveries(), 1);
}

// ---- §2 The editor's own file dialog is as safe as the desktop's ----

#[test]
fn save_as_onto_an_existing_file_asks_before_replacing_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let existing = dir.path().join("scenario.ron");
    std::fs::write(&existing, "// someone's scenario\n").expect("written");
    let mut h = with_file_dialog(App::new(small_map("mine"), None));
    paint_one_hex(&mut h, Coord(5, 5));
    h.state_mut().save_as();
    h.run();
    assert!(h.state().file_dialog_open());
    h.state_mut()
        .path_chosen(Purpose::SaveAs(None), existing.clone());
    h.run();
    h.get_by_label("Replace existing file?");
    assert_eq!(
        std::fs::read_to_string(&existing).expect("read"),
        "// someone's scenario\n",
        "nothing written before the answer"
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(
        std::fs::read_to_string(&existing).expect("read"),
        "// someone's scenario\n"
    );
    assert!(h.state().doc().is_dirty());
    // Agreed to: replaced.
    h.state_mut().save_as();
    h.run();
    h.state_mut()
        .path_chosen(Purpose::SaveAs(None), existing.clone());
    h.run();
    h.get_by_label("Replace").click();
    h.run();
    assert!(matches!(
        crate::games::read_any(&existing),
        Ok(l) if l.content.holds_map() && l.map.id == "mine"
    ));
    assert!(!h.state().doc().is_dirty());
}

#[test]
fn exports_ask_before_replacing_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = with_file_dialog(App::new(files::default_map(), None));
    h.state_mut().request(Action::Historical(6));
    h.run();
    let id = h.state().doc().scenario().expect("scenario").id.clone();
    // A card export onto a Tiled tileset image.
    let tileset = dir.path().join(format!("{id}.png"));
    std::fs::write(&tileset, "tileset").expect("written");
    h.state_mut().export_card();
    h.run();
    h.state_mut()
        .path_chosen(Purpose::ExportCard, tileset.clone());
    h.run();
    h.get_by_label("Replace existing file?");
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(std::fs::read(&tileset).expect("read"), b"tileset");
    // The Tiled export into a folder holding some of its files lists them first.
    h.state_mut().export_tiled();
    h.run();
    h.state_mut()
        .path_chosen(Purpose::ExportTiled, dir.path().to_path_buf());
    h.run();
    h.get_by_label("Replace existing file?");
    h.get_by_label_contains(&tileset.display().to_string());
    assert!(!dir.path().join(format!("{id}.tmj")).exists());
    h.get_by_label("Replace").click();
    h.run();
    assert_eq!(h.state().error(), None);
    assert!(dir.path().join(format!("{id}.tmj")).is_file());
    assert_ne!(std::fs::read(&tileset).expect("read"), b"tileset");
}

/// While the editor's own dialog is open, the map takes no input: a hex clicked is not
/// painted, and the shortcuts wait.
#[test]
fn the_editors_file_dialog_is_modal() {
    let mut h = with_file_dialog(App::new(files::new_map(), None));
    h.state_mut().select_tool(ToolKind::Brush);
    h.run();
    choose_village(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert!(h.state().file_dialog_open());
    for c in [Coord(3, 30), Coord(40, 30), Coord(40, 3), Coord(22, 16)] {
        let p = hex_center(&h, c);
        click(&mut h, p);
    }
    assert!(
        !h.state().doc().is_dirty(),
        "nothing painted under the dialog"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert!(h.state().file_dialog_open());
    assert!(!h.state().is_asking_to_save());
}

/// Open asks about unsaved changes when the file is chosen, not before the dialog.
#[test]
fn the_unsaved_changes_question_comes_when_the_file_is_chosen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("other.ron");
    files::save_model(&small_map("other").to_file(), &file).expect("saved");
    let mut h = with_file_dialog(App::new(files::new_map(), None));
    paint_one_hex(&mut h, Coord(5, 5));
    assert!(h.state().doc().is_dirty());
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert!(h.state().file_dialog_open(), "the dialog first");
    assert!(!h.state().is_asking_to_save());
    h.state_mut().path_chosen(Purpose::Open, file.clone());
    h.run();
    h.get_by_label("Unsaved changes");
    assert!(h.state().doc().is_dirty(), "the painted map is still open");
    assert_eq!(h.state().doc().path, None);
    h.get_by_label("Don't save").click();
    h.run();
    assert_eq!(h.state().doc().path.as_deref(), Some(file.as_path()));
}

/// A scenario with errors is refused before any file is asked for (the file dialog never
/// opens), and so is a map with errors for the Tiled export.
#[test]
fn exports_of_a_document_with_errors_are_refused_before_the_dialog() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut s = crate::scenario::historical::HISTORICAL[6]
        .scenario()
        .expect("parses");
    s.deploys_first = "nobody".into();
    let path = dir.path().join("bad.ron");
    files::save_model(&s, &path).expect("saved");
    let mut h = with_file_dialog(App::new(files::default_map(), None));
    h.state_mut().open_path(&path);
    h.run();
    for export in [App::export_engine, App::export_card, App::export_tiled] {
        export(h.state_mut());
        h.run();
        assert!(!h.state().file_dialog_open(), "no file asked for");
        assert!(
            h.state()
                .error()
                .is_some_and(|e| e.contains("1 error ") && e.contains("fix it before exporting")),
            "{:?}",
            h.state().error()
        );
        h.get_by_label("OK").click();
        h.run();
    }
}

// ---- §3 Fixes 4–8 ----

/// A file in the working directory, removed when the test ends (however it ends).
struct InWorkingDir(PathBuf);

impl Drop for InWorkingDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `saber-editor lost.ron`: a scenario opened by a relative path in the working directory
/// (no folder part) gets its map file chosen, its map called "not found" meanwhile.
#[test]
fn a_missing_map_is_chosen_for_a_scenario_opened_by_a_relative_path() {
    // The map in a folder below the working directory (saberc finds a map by a path inside
    // the scenario's folder), not where the id search looks.
    let dir = tempfile::tempdir_in(".").expect("temp dir");
    let map_path = dir.path().join("lost-map.ron");
    let mut map = small_map("lost-map");
    map.name = "Lost".into();
    files::save_model(&map.to_file(), &map_path).expect("saved");
    let mut s = crate::scenario::historical::HISTORICAL[6]
        .scenario()
        .expect("parses");
    s.map = "lost-map".into();
    let name = PathBuf::from(format!(
        "issue27-lost-{}-{:?}.ron",
        std::process::id(),
        std::thread::current().id()
    ))
    .to_string_lossy()
    .replace(['(', ')'], "");
    let relative = InWorkingDir(PathBuf::from(name));
    files::save_model(&s, &relative.0).expect("saved");
    assert_eq!(relative.0.parent(), Some(Path::new("")));

    let mut h = with_file_dialog(App::new(files::default_map(), None));
    h.state_mut().open_path(&relative.0);
    h.run();
    h.get_by_label("Map not found");
    // The dialogs start in the scenario's folder (the parent of `lost.ron` is "", which no
    // dialog starts in).
    assert_eq!(
        h.state().doc_dir(),
        Some(std::env::current_dir().expect("working directory"))
    );
    // A file that cannot be used says why, in front of the "Map not found" box.
    h.get_by_label("Choose the map file…").click();
    h.run();
    assert!(h.state().file_dialog_open());
    h.state_mut()
        .path_chosen(Purpose::ChooseMap, dir.path().join("no-such-map.ron"));
    h.run();
    h.get_by_label_contains("Could not open");
    assert!(
        h.query_by_label("Map not found").is_none(),
        "the reason is not hidden behind the Map not found box"
    );
    h.get_by_label("OK").click();
    h.run();
    h.get_by_label("Later").click();
    h.run();
    assert!(
        painted_texts(&h)
            .iter()
            .any(|t| t == "Map lost-map: not found"),
        "{:?}",
        painted_texts(&h)
    );
    h.state_mut()
        .path_chosen(Purpose::ChooseMap, map_path.clone());
    h.run();
    assert_eq!(h.state().error(), None);
    assert_eq!(h.state().doc().map(), &map);
    let reference = h.state().doc().scenario().expect("scenario").map.clone();
    assert!(reference.ends_with("lost-map.ron"), "{reference}");
}

/// A rename of a side's id is carried to who deploys and moves first, the victory conditions
/// and the rest: no REF003 appears.
#[test]
fn renaming_a_side_carries_over_to_its_references() {
    let mut app = App::new(files::default_map(), None);
    app.check_inline();
    let mut h = harness(app);
    h.state_mut().request(Action::Historical(6));
    h.run();
    h.state_mut().open_tab(Tab::Sides);
    h.run();
    let before = h.state().doc().scenario().expect("scenario").clone();
    let old = before.sides[0].id.clone();
    let field = h
        .get_all_by_label("Id")
        .next()
        .expect("the first side's id");
    field.focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_all_by_label("Id")
        .next()
        .expect("id")
        .type_text("northern");
    h.run();
    h.run();
    let after = h.state().doc().scenario().expect("scenario").clone();
    assert_eq!(after.sides[0].id, "northern");
    let carried = |was: &str, now: &str| {
        if was == old {
            now == "northern"
        } else {
            was == now
        }
    };
    assert!(carried(&before.deploys_first, &after.deploys_first));
    assert!(carried(&before.moves_first, &after.moves_first));
    for (v, w) in before.victory.iter().zip(&after.victory) {
        assert!(carried(&v.side, &w.side), "{} → {}", v.side, w.side);
    }
    assert!(
        before.deploys_first == old
            || before.moves_first == old
            || before.victory.iter().any(|v| v.side == old),
        "11.7 names the side somewhere"
    );
    assert!(h.query_by_label_contains("REF003").is_none());
}

/// Saved settings from an older or edited settings file with a brush size past the sizes:
/// the editor starts and paints with the smallest brush.
#[test]
fn a_stale_brush_size_in_the_settings_never_panics() {
    struct Settings(String);
    impl eframe::Storage for Settings {
        fn get_string(&self, key: &str) -> Option<String> {
            (key == eframe::APP_KEY).then(|| self.0.clone())
        }
        fn set_string(&mut self, _: &str, _: String) {}
        fn remove_string(&mut self, _: &str) {}
        fn flush(&mut self) {}
    }
    let settings = Settings(
        "(tool: Brush, terrain: (mode: Brush, paint: (terrain: Woods, slope: false), size: 7, target: Both))"
            .into(),
    );
    let app = App::start(Some(&settings), None);
    assert_eq!(app.map_tools().terrain.size, 0);
    let mut h = with_file_dialog(app);
    h.state_mut().request(Action::New(Default::default()));
    h.run();
    paint_one_hex(&mut h, Coord(5, 5));
    assert!(h.state().doc().is_dirty());
}

/// The set-up panel names a hex by its map label (`0709`), not a hand-made number (`709`).
#[test]
fn the_setup_panel_labels_hexes_as_the_map_does() {
    let mut s = crate::scenario::historical::HISTORICAL[6]
        .scenario()
        .expect("parses");
    let side = &s.sides[0];
    let group = &side.groups[0];
    let kind = *group.units.keys().next().expect("a unit type");
    s.setup.push(Placement {
        side: side.id.clone(),
        group: group.id.clone(),
        counter: Counter::Unit(kind),
        at: Coord(7, 9),
    });
    let mut app = App::for_document(Document::for_scenario(s, files::default_map(), None));
    app.check_inline();
    let mut h = harness(app);
    h.state_mut().open_tab(Tab::Setup);
    h.run();
    h.run();
    assert!(
        h.query_by_label_contains(" at 0709: ").is_some(),
        "{:?}",
        painted_texts(&h)
    );
}

/// The 11.18 wizard offers the open custom map first, so it is the default.
#[test]
fn the_wizard_defaults_to_the_open_custom_map() {
    let mut valley = files::default_map();
    valley.id = "valley".into();
    valley.name = "The Valley".into();
    let app = App::new(valley, None);
    let maps = app.wizard_maps();
    assert_eq!(maps[0].id, "valley");
    assert_eq!(maps[1].id, "rifle-and-saber");
    // The sides start around features the map has (it keeps V4 and H26 here).
    assert_eq!(maps[0].anchors[0].name, "V4");
}

// ---- §4 Friction ----

/// The first brush stroke on the start-up map is no error: the editor never saves it under
/// the built-in id, and says what Save will do instead.
#[test]
fn painting_the_start_up_map_shows_no_ref005() {
    let mut h = with_file_dialog(App::new(files::default_map(), None));
    paint_one_hex(&mut h, Coord(10, 10));
    h.run();
    assert!(h.state().doc().is_dirty());
    assert!(
        h.state()
            .map_tools()
            .diagnostics
            .items
            .iter()
            .all(|d| d.code.to_string() != "REF005"),
        "{:?}",
        h.state().map_tools().diagnostics.items
    );
    h.get_by_label_contains("A changed copy of the built-in map");
}

// ---- Autosave needs no frame ----

/// A window covered or minimised right after an edit gets no more frames (eframe does not
/// repaint hidden windows): the edit reaches its recovery file anyway, written by the
/// autosave's own thread, with no frame run after it.
#[test]
fn unsaved_work_reaches_its_recovery_file_without_another_frame() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rd = RecoveryDir {
        dir: dir.path().join("recovery"),
    };
    let mut h = harness(App::start(None, Some(rd.clone())));
    h.state_mut().request(Action::New(Default::default()));
    h.run();
    paint_one_hex(&mut h, Coord(5, 5));
    let painted = h.state().doc().map().clone();
    assert!(h.state().doc().is_dirty());
    // From here on no frame runs: the window is hidden.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let written = recovery_files(&rd).iter().any(
            |p| matches!(crate::games::read_any(p), Ok(l) if l.content.holds_map() && l.map == painted),
        );
        if written {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the painted hex never reached a recovery file without a frame"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    drop(h);
}

// ---- The "Comments would be lost" question ----

/// A save that cannot edit the file's text in place (here a commented RON map saved as JSON)
/// asks before writing the whole file: Cancel writes nothing, "Write the whole file" writes
/// it, and the file read keeps its comment either way.
#[test]
fn a_save_that_would_drop_comments_asks_first_and_both_answers_do_what_they_say() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ron = dir.path().join("commented.ron");
    files::save_model(&small_map("commented").to_file(), &ron).expect("saved");
    let text = format!(
        "// Drawn by hand: keep this note.\n{}",
        std::fs::read_to_string(&ron).expect("read")
    );
    std::fs::write(&ron, &text).expect("written");
    let json = dir.path().join("commented.json");
    let mut h = with_file_dialog(App::new(files::default_map(), None));
    h.state_mut().open_path(&ron);
    h.run();
    let map = h.state().doc().map().clone();
    let save_as_json = |h: &mut Harness<'static, App>| {
        h.state_mut().save_as();
        h.run();
        assert!(h.state().file_dialog_open());
        h.state_mut()
            .path_chosen(Purpose::SaveAs(None), json.clone());
        h.run();
        h.get_by_label("Comments would be lost");
        h.get_by_label_contains("keeping its text");
        assert!(!json.exists(), "nothing written before the answer");
    };

    save_as_json(&mut h);
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.query_by_label("Comments would be lost").is_none());
    assert!(!json.exists(), "Cancel writes nothing");
    assert_eq!(h.state().doc().path.as_deref(), Some(ron.as_path()));

    save_as_json(&mut h);
    h.get_by_label("Write the whole file").click();
    h.run();
    assert!(h.query_by_label("Comments would be lost").is_none());
    assert!(
        matches!(crate::games::read_any(&json), Ok(l) if l.content.holds_map() && l.map == map),
        "the whole file is written"
    );
    assert_eq!(h.state().doc().path.as_deref(), Some(json.as_path()));
    assert!(!h.state().doc().is_dirty());
    assert_eq!(std::fs::read_to_string(&ron).expect("read"), text);
}

/// The Tiled export asks for a folder with the desktop's folder picker too (a save dialog
/// would ask for a file name, then whether to replace it, then refuse).
#[test]
fn the_tiled_export_asks_the_desktop_for_a_folder() {
    use crate::app::file_dialog::NativeKind;
    let app = App::new(files::default_map(), None);
    assert_eq!(NativeKind::of(&app.tiled_request()), NativeKind::Folder);
}

/// Without a document folder (the start-up map, a new map) both dialogs start in the working
/// directory, where the editor was started (zenity started in "Recent", under Xvfb).
#[test]
fn dialogs_without_a_document_folder_start_in_the_working_directory() {
    let app = App::new(files::default_map(), None);
    let req = app.tiled_request();
    assert_eq!(req.dir, None, "the built-in map has no folder");
    assert_eq!(
        req.start_dir(),
        std::env::current_dir().expect("working directory")
    );
}

/// zenity is told only a file name (rfd passes it no folder): the folder a dialog starts in
/// goes in that name, so that Open, Save As, the exports and the Tiled folder picker start in
/// the document's folder there too (under Xvfb they started in "Recent" or the working
/// directory).
#[test]
fn zenity_starts_in_the_documents_folder() {
    use crate::app::file_dialog::zenity_start;
    let dir = Path::new("/work/battles");
    assert_eq!(
        zenity_start(dir, Some("valley.ron")),
        "/work/battles/valley.ron"
    );
    assert_eq!(zenity_start(dir, None), "/work/battles/");
}
