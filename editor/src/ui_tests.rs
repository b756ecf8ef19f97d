//! Headless UI tests with egui_kittest: the editor is driven by pointer events and keys as a
//! user would drive it, and its state and painted output are checked.

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use saber_schema::model::hex::Coord;
use saber_schema::model::map::{Cell, SideKey};
use saber_schema::ruleset::Terrain;

use crate::app::{Action, App};
use crate::canvas::Layout;
use crate::files;
use crate::tools::ToolKind;

pub(crate) fn harness(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut App| app.show(ui), app)
}

/// The editor on `app` in a window of `w` × `h` points, a frame run.
pub(crate) fn sized(app: App, w: f32, h: f32) -> Harness<'static, App> {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(w, h))
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    harness.run();
    harness
}

/// The editor on `app`, for tests that open the editor's own file dialog: egui_file gives its
/// path and file-name fields no accessible names, so the accessibility check (on everywhere
/// else) is off.
pub(crate) fn with_file_dialog(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_accessibility_check(false)
        .build_ui_state(|ui, app: &mut App| app.show(ui), app)
}

/// The invented Musket & Saber example's folder.
pub(crate) fn ms_example() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/examples/musket-and-saber")
}

fn editor() -> Harness<'static, App> {
    harness(App::new(files::new_map(), None))
}

/// Where a world point is on screen.
pub(crate) fn screen(h: &Harness<'_, App>, world: Pos2) -> Pos2 {
    h.state().screen_pos(world)
}

pub(crate) fn hex_center(h: &Harness<'_, App>, c: Coord) -> Pos2 {
    let layout = Layout::new(h.state().doc().map().grid);
    screen(h, layout.center(c))
}

/// Choose the village terrain in the tool panel, as a user would.
pub(crate) fn choose_village(h: &mut Harness<'_, App>) {
    h.get_by_label("village").click();
    h.run();
}

pub(crate) fn button_event(h: &Harness<'_, App>, pos: Pos2, button: PointerButton, pressed: bool) {
    h.event(Event::PointerButton {
        pos,
        button,
        pressed,
        modifiers: Modifiers::NONE,
    });
}

/// Press at the first point, move through the others, release at the last.
pub(crate) fn drag(h: &mut Harness<'_, App>, points: &[Pos2], button: PointerButton) {
    h.event(Event::PointerMoved(points[0]));
    h.run();
    button_event(h, points[0], button, true);
    h.run();
    for p in &points[1..] {
        h.event(Event::PointerMoved(*p));
        h.run();
    }
    button_event(h, *points.last().expect("points"), button, false);
    h.run();
}

pub(crate) fn click(h: &mut Harness<'_, App>, pos: Pos2) {
    drag(h, &[pos], PointerButton::Primary);
}

pub(crate) use crate::scenario::test_support::painted_texts;

const VILLAGE: Cell = Cell {
    terrain: Terrain::Village,
    slope: false,
};

#[test]
fn painting_a_hex() {
    let mut h = editor();
    h.state_mut().select_tool(ToolKind::Brush);
    choose_village(&mut h);
    let at = hex_center(&h, Coord(4, 12));
    click(&mut h, at);
    let map = h.state().doc().map();
    assert_eq!(map.cell(Coord(4, 12)), Some(VILLAGE));
    assert_eq!(map.cells.iter().filter(|c| **c == VILLAGE).count(), 1);
    assert!(h.state().doc().is_dirty());
}

#[test]
fn a_brush_stroke_is_undone_in_one_step_and_redone() {
    let mut h = editor();
    let start = h.state().doc().map().clone();
    choose_village(&mut h);
    h.get_by_label("7").click(); // the 7-hex brush
    h.run();
    let points: Vec<Pos2> = (5..=12).map(|c| hex_center(&h, Coord(c, 10))).collect();
    drag(&mut h, &points, PointerButton::Primary);
    let painted = h.state().doc().map().clone();
    let changed = painted.cells.iter().filter(|c| **c == VILLAGE).count();
    assert!(
        changed >= 20,
        "a stroke over 8 hexes with the 7-hex brush: {changed}"
    );
    assert_eq!(h.state().doc().history().done().len(), 1);

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().doc().map(), &start);
    assert!(!h.state().doc().is_dirty());

    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(h.state().doc().map(), &painted);

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(h.state().doc().map(), &painted);
}

#[test]
fn creating_feature_v13_shows_its_label() {
    // A map whose features go up to 12: the next free number is 13.
    let mut map = files::new_map();
    map.features.push(saber_schema::model::map::Feature {
        code: "H12".into(),
        name: None,
        hexes: vec![Coord(2, 2)],
        label: None,
    });
    let mut h = harness(App::new(map, None));
    h.key_press(Key::F);
    h.run();
    assert_eq!(h.state().map_tools().tool, ToolKind::Feature);
    h.get_by_label("Create V13").click();
    h.run();
    let at = hex_center(&h, Coord(20, 15));
    click(&mut h, at);
    let map = h.state().doc().map();
    let f = map.feature("V13").expect("V13 created");
    assert_eq!(f.hexes, vec![Coord(20, 15)]);
    assert!(
        painted_texts(&h).iter().any(|t| t == "V13"),
        "V13 label drawn on the map"
    );
    // Its number is now taken for every letter (11.0).
    assert_eq!(h.state().map_tools().feature.number, 14);
}

#[test]
fn clicking_near_an_edge_toggles_a_ridge() {
    let mut h = editor();
    h.key_press(Key::E);
    h.run();
    let (a, b) = (Coord(4, 12), Coord(4, 11));
    let layout = Layout::new(h.state().doc().map().grid);
    let [x, y] = layout.side_segment(a, b).expect("neighbours");
    let near = x + (y - x) * 0.5 + (layout.center(a) - (x + (y - x) * 0.5)) * 0.1;
    let at = screen(&h, near);
    click(&mut h, at);
    assert!(h.state().doc().map().ridges.contains(&SideKey::new(a, b)));
    assert_eq!(h.state().doc().map().ridges.len(), 1);
    click(&mut h, at);
    assert!(h.state().doc().map().ridges.is_empty());
    assert_eq!(h.state().doc().history().done().len(), 2);
}

#[test]
fn save_then_reopen_gives_the_same_map() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("painted.ron");
    let mut h = editor();
    choose_village(&mut h);
    let at = hex_center(&h, Coord(7, 7));
    click(&mut h, at);
    h.key_press(Key::E);
    h.run();
    let layout = Layout::new(h.state().doc().map().grid);
    let [x, y] = layout
        .side_segment(Coord(7, 7), Coord(7, 8))
        .expect("neighbours");
    let at = screen(&h, x + (y - x) * 0.5);
    click(&mut h, at);
    assert!(h.state_mut().save_to(&path));
    assert!(!h.state().doc().is_dirty());
    let saved = h.state().doc().map().clone();

    let mut other = App::new(files::new_map(), None);
    other.open_path(&path);
    assert_eq!(other.error(), None);
    assert_eq!(other.doc().map(), &saved);
    assert_eq!(other.doc().path.as_deref(), Some(path.as_path()));
    assert!(!other.doc().is_dirty());
}

#[test]
fn unsaved_changes_are_guarded() {
    let mut h = editor();
    choose_village(&mut h);
    let at = hex_center(&h, Coord(3, 3));
    click(&mut h, at);
    let edited = h.state().doc().map().clone();

    h.state_mut().request(Action::New(Default::default()));
    h.run();
    h.get_by_label("Unsaved changes");
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(h.state().doc().map(), &edited);
    assert!(!h.state().is_asking_to_save());

    h.state_mut().request(Action::Close);
    h.run();
    h.get_by_label("Cancel").click();
    h.run();
    assert!(!h.state().close_allowed());

    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    h.get_by_label("Don't save").click();
    h.run();
    assert_eq!(h.state().doc().map(), &files::new_map());
    assert!(!h.state().doc().is_dirty());

    // Nothing unsaved: no question asked.
    h.state_mut().request(Action::Close);
    assert!(!h.state().is_asking_to_save());
    assert!(h.state().close_allowed());
}

#[test]
fn starts_on_the_rifle_and_saber_map() {
    let h = harness(App::start(None, None));
    assert_eq!(h.state().doc().map().id, "rifle-and-saber");
    assert!(
        painted_texts(&h).iter().any(|t| t.starts_with("V")),
        "feature labels drawn"
    );
    assert!(
        h.state().map_tools().diagnostics.items.is_empty(),
        "{:?}",
        h.state().map_tools().diagnostics.items
    );
}

#[test]
fn a_bad_file_keeps_the_current_map() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bad.ron");
    std::fs::write(&path, "(format: \"saber-map/1\",\n id: ").expect("written");
    let mut h = editor();
    let before = h.state().doc().map().clone();
    h.state_mut().open_path(&path);
    h.run();
    let err = h.state().error().expect("an error is shown").to_string();
    assert!(err.contains("bad.ron:2:"), "{err}");
    assert_eq!(h.state().doc().map(), &before);
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().error().is_none());
}

#[test]
fn autosave_is_offered_back_after_a_crash() {
    let dir = tempfile::tempdir().expect("temp dir");
    let recovery = crate::recovery::RecoveryDir {
        dir: dir.path().to_path_buf(),
    };
    let mut h = harness(App::start(None, Some(recovery.clone())));
    assert_eq!(h.state().offered_recoveries(), 0);
    h.state_mut().request(Action::New(Default::default()));
    h.run();
    choose_village(&mut h);
    let at = hex_center(&h, Coord(5, 5));
    click(&mut h, at);
    let edited = h.state().doc().map().clone();
    h.state_mut().flush_autosave();
    // The app "crashes": it is dropped without closing. The next start offers the work back.
    drop(h);
    let mut h = harness(App::start(None, Some(recovery.clone())));
    assert_eq!(h.state().offered_recoveries(), 1);
    h.get_by_label("Restore").click();
    h.run();
    assert_eq!(h.state().doc().map(), &edited);
    assert!(
        h.state().doc().is_dirty(),
        "restored work is not on disk yet"
    );
    // Quitting after saving or discarding removes the recovery file.
    h.state_mut().request(Action::Close);
    h.run();
    h.get_by_label("Don't save").click();
    h.run();
    assert!(h.state().close_allowed());
    assert!(recovery.orphans().is_empty());
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 0);
}
