//! Headless tests of the friction items of issue 27, driven through the window with
//! egui_kittest as a new user would meet them.

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2, Shape};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};
use saber_schema::model::counter::Counter;
use saber_schema::model::hex::Coord;
use saber_schema::model::limits::MAX_MAP_SIDE;
use saber_schema::model::scenario::Placement;
use saber_schema::ruleset::Terrain;

use crate::app::{Action, App};
use crate::canvas::{Layout, ZOOM_100};
use crate::document::Document;
use crate::files;
use crate::scenario::panel::Tab;
use crate::tools::ToolKind;
use crate::ui_tests::{button_event, click, harness, hex_center, painted_texts};

/// The zoom as the status bar must show it.
fn zoom_text(h: &Harness<'_, App>) -> String {
    format!("{:.0} %", h.state().zoom() / ZOOM_100 * 100.0)
}

/// The game length's number field (its row's label has the same name).
fn game_length() -> By<'static> {
    By::new().label("Game length").role(Role::SpinButton)
}

/// A typed value is one undo step even when the typing pauses (a slow typist, a machine
/// that stalls between two frames): the gesture is the field keeping the focus, not a clock.
#[test]
fn one_typed_value_is_one_undo_step_however_slow_the_typing() {
    let mut app = App::new(files::default_map(), None);
    app.check_inline();
    let mut h = harness(app);
    h.state_mut().request(Action::Historical(6));
    h.run();
    h.state_mut().open_tab(Tab::Scenario);
    h.run();
    let steps = h.state().doc().history().done().len();
    h.get(game_length()).click();
    h.run();
    h.event(Event::Text("1".into()));
    h.run();
    std::thread::sleep(std::time::Duration::from_millis(1700));
    h.event(Event::Text("2".into()));
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().doc().scenario().map(|s| s.game_length), Some(12));
    let done = h.state().doc().history().done();
    assert_eq!(
        done.len(),
        steps + 1,
        "one typed value, one step: {:?}",
        done.iter().map(|s| &s.label).collect::<Vec<_>>()
    );
    // Coming back to the field later is another step.
    h.get(game_length()).click();
    h.run();
    h.event(Event::Text("9".into()));
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().doc().history().done().len(), steps + 2);
}

/// The zoom readout in the status bar is the zoom of the frame it is drawn in, also in the
/// frame where a resized window refits the map.
#[test]
fn the_zoom_readout_is_never_a_frame_behind_a_resize() {
    let mut h = harness(App::new(files::default_map(), None));
    h.run();
    let before = h.state().zoom();
    assert!(painted_texts(&h).contains(&zoom_text(&h)));
    h.set_size(egui::vec2(1600.0, 1000.0));
    h.step();
    assert_ne!(
        h.state().zoom(),
        before,
        "the fitted map follows the window"
    );
    assert!(
        painted_texts(&h).contains(&zoom_text(&h)),
        "shows {:?}, zoom is {}",
        painted_texts(&h)
            .iter()
            .filter(|t| t.ends_with(" %"))
            .collect::<Vec<_>>(),
        zoom_text(&h)
    );
}

/// Where the painted text `text` is (its galley's centre), anywhere on screen.
fn texts_at(h: &Harness<'_, App>, text: &str) -> Vec<Pos2> {
    fn walk(shape: &Shape, text: &str, out: &mut Vec<Pos2>) {
        match shape {
            Shape::Text(t) if t.galley.text() == text => {
                out.push(t.pos + t.galley.rect.center().to_vec2());
            }
            Shape::Vec(v) => v.iter().for_each(|s| walk(s, text, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for s in &h.output().shapes {
        walk(&s.shape, text, &mut out);
    }
    out
}

/// A set-up counter being dragged is drawn at the hex under the pointer, not left where it
/// was picked up.
#[test]
fn a_dragged_counter_is_drawn_under_the_pointer() {
    let mut s = crate::scenario::historical::HISTORICAL[6]
        .scenario()
        .expect("parses");
    s.setup.clear();
    let side = &s.sides[0];
    let group = &side.groups[0];
    let kind = *group.units.keys().next().expect("a unit type");
    let (from, to) = (Coord(10, 10), Coord(14, 12));
    s.setup.push(Placement {
        side: side.id.clone(),
        group: group.id.clone(),
        counter: Counter::Unit(kind),
        at: from,
    });
    let mut app = App::for_document(Document::for_scenario(s, files::default_map(), None));
    app.check_inline();
    let mut h = harness(app);
    h.state_mut().open_tab(Tab::Setup);
    h.run();
    let centre = Layout::new(h.state().doc().map().grid).center(Coord(12, 11));
    h.state_mut().look_at(centre, 48.0);
    h.run();
    let code = kind.code();
    let near = |h: &Harness<'_, App>, hex: Coord| {
        let c = hex_center(h, hex);
        texts_at(h, code).iter().any(|p| p.distance(c) < 20.0)
    };
    assert!(near(&h, from) && !near(&h, to), "drawn where it was placed");
    let (a, b) = (hex_center(&h, from), hex_center(&h, to));
    h.event(Event::PointerMoved(a));
    h.run();
    button_event(&h, a, PointerButton::Primary, true);
    h.run();
    for k in 1..=4 {
        h.event(Event::PointerMoved(a + (b - a) * (k as f32 / 4.0)));
        h.run();
    }
    assert!(near(&h, to), "drawn under the pointer while dragged");
    assert!(!near(&h, from), "no longer where it was picked up");
    button_event(&h, b, PointerButton::Primary, false);
    h.run();
    assert_eq!(
        h.state().doc().scenario().expect("scenario").setup[0].at,
        to
    );
}

/// The right panel keeps its width whatever it lists: at first start, and when another file
/// with shorter findings opens (egui sizes a panel by its content unless told otherwise, so it
/// shrank to its minimum).
#[test]
fn the_right_panel_keeps_its_width_when_another_file_opens() {
    let mut h = harness(App::new(files::default_map(), None));
    h.run();
    let width = |h: &Harness<'_, App>| 1280.0 - h.state().canvas_rect().max.x;
    let first = width(&h);
    // Its width, and the few pixels of its edge.
    assert!(
        (crate::app::SIDE_PANEL_WIDTH..crate::app::SIDE_PANEL_WIDTH + 12.0).contains(&first),
        "the panel is {first} px wide"
    );
    for action in [Action::Historical(6), Action::New(Default::default())] {
        h.state_mut().request(action);
        h.run();
        assert_eq!(width(&h), first);
    }
}

/// Creating a feature paints its terrain on its hexes (on by default, and offered in the
/// tool); a feature left on other terrain offers to paint it.
#[test]
fn a_new_feature_gets_its_terrain_or_is_offered_it() {
    let mut h = harness(App::new(files::new_map(), None));
    h.state_mut().select_tool(ToolKind::Feature);
    h.run();
    h.get_by_label_contains("Paint the feature's terrain");
    h.get_by_label("Create V1").click();
    h.run();
    let at = hex_center(&h, Coord(6, 6));
    click(&mut h, at);
    let cell = h.state().doc().map().cell(Coord(6, 6)).expect("on the map");
    assert_eq!(cell.terrain, Terrain::Village);
    assert!(h.state().doc().map().feature("V1").is_some());
    assert!(
        h.state()
            .map_tools()
            .diagnostics
            .items
            .iter()
            .all(|d| !d.message.contains("V1")),
        "{:?}",
        h.state().map_tools().diagnostics.items
    );
    // Unticked: the hex keeps its terrain, and the tool offers to paint it afterwards.
    h.get_by_label_contains("Paint the feature's terrain")
        .click();
    h.run();
    h.get_by_label("Create V2").click();
    h.run();
    let at = hex_center(&h, Coord(9, 9));
    click(&mut h, at);
    let map = h.state().doc().map();
    assert_eq!(
        map.cell(Coord(9, 9)).map(|c| c.terrain),
        Some(Terrain::Clear)
    );
    h.get_by_label("1 hex is not village terrain");
    h.get_by_label("Paint 1 hex village").click();
    h.run();
    let map = h.state().doc().map();
    assert_eq!(
        map.cell(Coord(9, 9)).map(|c| c.terrain),
        Some(Terrain::Village)
    );
    assert!(h.query_by_label("Paint 1 hex village").is_none());
}

/// Saving a scenario with errors is allowed, and says how many and where they are listed.
#[test]
fn saving_with_errors_says_how_many_and_where_to_see_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut s = crate::scenario::historical::HISTORICAL[6]
        .scenario()
        .expect("parses");
    s.deploys_first = "nobody".into();
    let path = dir.path().join("bad.ron");
    files::save_model(&s, &path).expect("saved");
    let mut h = harness(App::new(files::default_map(), None));
    h.state_mut().open_path(&path);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let status = h.state().status().to_string();
    assert!(status.starts_with("Saved "), "{status}");
    assert!(
        status.contains("1 error") && status.contains("Diagnostics"),
        "{status}"
    );
    // A clean one says only that it saved.
    h.state_mut().request(Action::Historical(6));
    h.run();
    let clean = dir.path().join("clean.ron");
    assert!(h.state_mut().save_to(&clean));
    assert_eq!(h.state().status(), format!("Saved {}", clean.display()));
}

/// "New map" asks the name and the size (within the compiler's limit) before making it; the
/// id follows from the name.
#[test]
fn new_map_asks_its_name_and_size() {
    let mut h = harness(App::new(files::default_map(), None));
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("New map");
    assert_eq!(
        h.state().doc().map().id,
        "rifle-and-saber",
        "nothing made yet"
    );
    let name = h.get_by_label("Name");
    name.focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label("Name").type_text("Valley of Death");
    h.run();
    for (field, typed) in [("Columns", "5000"), ("Rows", "17")] {
        h.get_by_label(field).click();
        h.run();
        h.event(Event::Text(typed.into()));
        h.run();
        h.key_press(Key::Enter);
        h.run();
    }
    h.get_by_label("valley-of-death");
    h.get_by_label("Create").click();
    h.run();
    let map = h.state().doc().map();
    assert_eq!(map.name, "Valley of Death");
    assert_eq!(map.id, "valley-of-death");
    assert_eq!(
        (map.grid.width, map.grid.height),
        (MAX_MAP_SIDE, 17),
        "5000 columns is past the limit"
    );
    // Cancel makes nothing.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(h.state().doc().map().id, "valley-of-death");
}

/// A new scenario on a saved map is saved, by default, where saberc finds that map from it:
/// the dialog starts above the map's `maps/` folder (or beside the map), not in the working
/// directory.
#[test]
fn a_new_scenarios_save_dialog_starts_where_its_map_is_found() {
    let dir = tempfile::tempdir().expect("temp dir");
    let maps = dir.path().join("maps");
    std::fs::create_dir(&maps).expect("folder");
    let map_file = maps.join("valley.ron");
    files::save_model(
        &saber_schema::model::map::Map::blank("valley", "Valley", 12, 10).to_file(),
        &map_file,
    )
    .expect("saved");
    let mut h = harness(App::new(files::default_map(), None));
    h.state_mut().open_path(&map_file);
    h.run();
    h.state_mut().request(Action::NewScenario);
    h.run();
    assert!(h.state().doc().scenario().is_some());
    let expected = std::path::absolute(dir.path()).expect("absolute");
    assert_eq!(h.state().doc_dir(), Some(expected));
}

// ---- Checked by eye until now: each with a test that fails without its fix ----

/// The font sizes of the painted texts that contain `needle`.
fn font_sizes(h: &Harness<'_, App>, needle: &str) -> Vec<f32> {
    fn walk(shape: &Shape, needle: &str, out: &mut Vec<f32>) {
        match shape {
            Shape::Text(t) if t.galley.text().contains(needle) => {
                out.extend(t.galley.job.sections.iter().map(|s| s.format.font_id.size))
            }
            Shape::Vec(v) => v.iter().for_each(|s| walk(s, needle, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for s in &h.output().shapes {
        walk(&s.shape, needle, &mut out);
    }
    out
}

/// Whether the text `needle` is painted, and at the body size at least (egui's small style is
/// about 8 px on a 96 dpi screen: too small to read in a side panel); `Err` says what is
/// wrong.
fn readable(h: &Harness<'_, App>, needle: &str) -> Result<(), String> {
    let body = h
        .ctx
        .global_style()
        .text_styles
        .get(&egui::TextStyle::Body)
        .expect("body style")
        .size;
    let sizes = font_sizes(h, needle);
    if sizes.is_empty() {
        return Err(format!("`{needle}` is not painted"));
    }
    if sizes.iter().any(|s| *s < body) {
        return Err(format!(
            "`{needle}` painted at {sizes:?} px, the body text is {body} px"
        ));
    }
    Ok(())
}

/// The side summary, the "As printed" echo of a victory goal, the wizard's intro and the
/// REF004 detail of a missing map are painted at the body text size, not egui's small one.
#[test]
fn explanatory_texts_are_painted_at_the_body_size() {
    let mut s = crate::scenario::historical::HISTORICAL[6]
        .scenario()
        .expect("parses");
    s.victory.truncate(1);
    let summary = crate::scenario::sides::strength(&s.sides[0]);
    let echo = s.victory[0].goal.describe();
    let mut app = App::for_document(Document::for_scenario(s, files::default_map(), None));
    app.check_inline();
    let mut h = harness(app);
    let mut wrong = Vec::new();
    h.state_mut().open_tab(Tab::Sides);
    h.run();
    wrong.extend(readable(&h, &summary).err());
    h.state_mut().open_tab(Tab::Victory);
    h.run();
    wrong.extend(readable(&h, &echo).err());

    // The Scenario menu (drawn before the tab of the same name).
    h.get_all_by_label("Scenario")
        .next()
        .expect("the Scenario menu")
        .click();
    h.run();
    h.get_by_label_contains("from a historical battle (11.18)")
        .click();
    h.run();
    wrong.extend(readable(&h, "11.18: recreate a historical battle").err());

    // A scenario whose map is nowhere: the dialog gives saberc's reason, REF004.
    let dir = tempfile::tempdir().expect("temp dir");
    let mut lost = crate::scenario::historical::HISTORICAL[6]
        .scenario()
        .expect("parses");
    lost.map = "nowhere-map".into();
    let path = dir.path().join("lost.ron");
    files::save_model(&lost, &path).expect("saved");
    let mut h = harness(App::new(files::default_map(), None));
    h.state_mut().open_path(&path);
    h.run();
    h.get_by_label("Map not found");
    wrong.extend(readable(&h, "REF004").err());
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Counts are singular for one and a side's choice reads as a field: "1 hex", "1 problem",
/// "1 error", "Deploys first: Austrians" (not "1 hexes", "Austrians deploys"); the zone
/// builder's "within 1 hex of" is tested with the zone builder.
#[test]
fn counts_of_one_and_side_choices_read_as_sentences() {
    // A scenario file with one problem, opened: the status bar counts it.
    let dir = tempfile::tempdir().expect("temp dir");
    let mut s = crate::scenario::historical::HISTORICAL[6]
        .scenario()
        .expect("parses");
    s.deploys_first = "nobody".into();
    let path = dir.path().join("one.ron");
    files::save_model(&s, &path).expect("saved");
    let mut app = App::new(files::default_map(), None);
    app.check_inline();
    let mut h = harness(app);
    h.state_mut().open_path(&path);
    h.run();
    // Every wording checked, then all that are wrong reported at once.
    let mut wrong = Vec::new();
    let status = h.state().status().to_string();
    if !status.contains(" with 1 problem (see") {
        wrong.push(status);
    }
    // Saved with its one error.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let status = h.state().status().to_string();
    if !status.contains(" with 1 error (listed") {
        wrong.push(status);
    }

    // Who deploys first, chosen: the history says which field changed.
    h.state_mut().open_tab(Tab::Scenario);
    h.run();
    let second = s.sides[1].clone();
    h.get_by(|n| n.role() == Role::ComboBox && n.label().as_deref() == Some("Deploys first"))
        .click();
    h.run();
    h.get_all_by_role_and_label(Role::Button, &second.name)
        .last()
        .expect("the second side in the combo")
        .click();
    h.run();
    let label = h
        .state()
        .doc()
        .history()
        .done()
        .last()
        .map(|s| s.label.clone())
        .unwrap_or_default();
    if !label.contains(&format!("Deploys first: {}", second.name)) {
        wrong.push(label);
    }

    // A feature of one hex.
    let mut h = harness(App::new(files::new_map(), None));
    h.state_mut().select_tool(ToolKind::Feature);
    h.run();
    h.get_by_label("Create V1").click();
    h.run();
    let at = hex_center(&h, Coord(6, 6));
    click(&mut h, at);
    if h.query_by_label("1 hex").is_none() {
        wrong.push(format!(
            "no `1 hex` in {:?}",
            painted_texts(&h)
                .iter()
                .filter(|t| t.ends_with(" hex") || t.ends_with(" hexes"))
                .collect::<Vec<_>>()
        ));
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The Features list of a map with many features reaches down the panel, not a 260 px box.
#[test]
fn the_features_list_is_not_capped_at_260_px() {
    let mut h = harness(App::new(files::default_map(), None));
    h.state_mut().select_tool(ToolKind::Feature);
    h.run();
    h.run();
    let map = h.state().doc().map().clone();
    assert!(
        map.features.len() > 30,
        "the built-in map has many features"
    );
    let entries: Vec<String> = map
        .feature_codes()
        .into_iter()
        .map(|c| {
            let name = map
                .feature(c)
                .and_then(|f| f.name.clone())
                .unwrap_or_default();
            format!("{c} {name}")
        })
        .collect();
    let ys: Vec<f32> = entries
        .iter()
        .flat_map(|e| texts_at(&h, e))
        .map(|p| p.y)
        .collect();
    let span =
        ys.iter().cloned().fold(f32::MIN, f32::max) - ys.iter().cloned().fold(f32::MAX, f32::min);
    assert!(
        span > 300.0,
        "the list shows {} entries over {span} px",
        ys.len()
    );
}

/// Dragging the left panel's edge past its minimum stops at the minimum: the panel (and its
/// tools) stays.
#[test]
fn dragging_the_left_panels_edge_never_hides_it() {
    let mut h = harness(App::new(files::default_map(), None));
    for _ in 0..5 {
        h.run();
    }
    let edge = h.state().canvas_rect().min.x;
    let y = 400.0;
    // The panel's resize handle sits on its edge, a pixel or two either side.
    drag_points(
        &mut h,
        &[
            Pos2::new(edge - 1.0, y),
            Pos2::new(edge - 60.0, y),
            Pos2::new(40.0, y),
            Pos2::new(2.0, y),
        ],
    );
    for _ in 0..20 {
        h.run();
    }
    let now = h.state().canvas_rect().min.x;
    assert!(
        now < edge - 20.0,
        "the drag resized the panel: {edge} → {now}"
    );
    assert!(now >= 150.0, "the panel is still there, {now} px wide");
    h.get_by_label("village");
}

/// Press, move through the points, release (primary button).
fn drag_points(h: &mut Harness<'_, App>, points: &[Pos2]) {
    h.event(Event::PointerMoved(points[0]));
    h.run();
    button_event(h, points[0], PointerButton::Primary, true);
    h.run();
    for p in &points[1..] {
        h.event(Event::PointerMoved(*p));
        h.run();
    }
    button_event(
        h,
        *points.last().expect("points"),
        PointerButton::Primary,
        false,
    );
    h.run();
}

/// Choosing Print or Draft in File → Export → Scenario card keeps the card menu open (only
/// Export closes it).
#[test]
fn choosing_a_card_size_keeps_the_card_menu_open() {
    let mut h = harness(App::new(files::default_map(), None));
    h.state_mut().request(Action::Historical(6));
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Export").hover();
    h.run();
    h.get_by_label("Scenario card").hover();
    h.run();
    h.get_by_label_contains("Draft:").click();
    h.run();
    assert!(
        h.query_by_label("Export (PNG or SVG)…").is_some(),
        "the card menu closed after choosing Draft"
    );
    h.get_by_label_contains("Print:").click();
    h.run();
    assert!(h.query_by_label("Export (PNG or SVG)…").is_some());
}

/// A menu item that opens a form or a dialog says so with "…" (New map asks its name and
/// size; Open and Save as ask for a file).
#[test]
fn menu_items_that_ask_first_end_in_an_ellipsis() {
    let mut h = harness(App::new(files::default_map(), None));
    h.run();
    h.get_by_label("File").click();
    h.run();
    for item in ["New map…", "Open a map or scenario…", "Save as…"] {
        h.get_by_label_contains(item);
    }
    h.get_by_label_contains("New map…").click();
    h.run();
    h.get_by_label("Columns");
    h.get_by_label("Rows");
    h.get_by_label("Name");
}

/// A status message set after the status bar was drawn (here by Save, asked by a panel as the
/// File menu asks it) is shown at once: the frame that set it asks for the next one, rather
/// than leave the old message on screen until the next input (which may be long in coming).
#[test]
fn a_status_message_set_late_in_a_frame_is_shown_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("small.ron");
    files::save_model(
        &saber_schema::model::map::Map::blank("small", "Small", 12, 10).to_file(),
        &path,
    )
    .expect("saved");
    let mut h = harness(App::new(files::new_map(), None));
    h.state_mut().open_path(&path);
    h.run();
    // Settled: no frame is asked for.
    assert_ne!(repaint_delay(&h), std::time::Duration::ZERO);
    h.state_mut().ask(crate::app::Command::Save);
    h.step();
    let saved = format!("Saved {}", path.display());
    assert_eq!(h.state().status(), saved);
    assert!(
        !painted_texts(&h).contains(&saved),
        "set after the status bar was drawn"
    );
    assert_eq!(
        repaint_delay(&h),
        std::time::Duration::ZERO,
        "the next frame, which shows it, is asked for at once"
    );
    h.step();
    assert!(painted_texts(&h).contains(&saved));
}

/// How soon the last frame asked for the next one.
fn repaint_delay(h: &Harness<'_, App>) -> std::time::Duration {
    h.output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .expect("the root viewport")
        .repaint_delay
}

/// A message set in a frame that a desktop file dialog kept going (zenity blocks the frame
/// while it is open, often longer than a message stays) is still on screen afterwards: its
/// time counts from the next frame, not from when the frame that set it began. Seen under
/// Xvfb with zenity: "Opened …" and "Saved …" never showed.
#[test]
fn a_message_set_during_a_long_frame_stays_on_screen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("small.ron");
    files::save_model(
        &saber_schema::model::map::Map::blank("small", "Small", 12, 10).to_file(),
        &path,
    )
    .expect("saved");
    let mut h = harness(App::new(files::new_map(), None));
    h.state_mut().open_path(&path);
    h.input_mut().time = Some(100.0);
    h.run();
    let ctrl_s = |pressed| Event::Key {
        key: Key::S,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: Modifiers::COMMAND,
    };
    // The frame that saves began at 100 s (Ctrl+S saves at once here; a dialog would have
    // kept this frame going).
    h.event(ctrl_s(true));
    h.step();
    let saved = format!("Saved {}", path.display());
    assert_eq!(h.state().status(), saved);
    // The next frames come 15 s later, when the dialog closed.
    h.input_mut().time = Some(115.0);
    h.event(ctrl_s(false));
    h.run();
    assert_eq!(h.state().status(), saved, "cleared before it was seen");
    assert!(painted_texts(&h).contains(&saved));
}

/// The same when the frame is laid out again (egui runs a second pass, at the same time, when
/// the opened map's fit changes the zoom): a file opened by a desktop dialog (here dropped on
/// the window, opened at the start of the frame) says "Opened …" after the dialog's seconds.
#[test]
fn a_message_set_before_a_second_pass_stays_on_screen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("small.ron");
    files::save_model(
        &saber_schema::model::map::Map::blank("small", "Small", 12, 10).to_file(),
        &path,
    )
    .expect("saved");
    let mut h = harness(App::new(files::new_map(), None));
    h.input_mut().time = Some(100.0);
    h.run();
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path.clone())));
    h.step();
    let opened = format!("Opened {}", path.display());
    assert_eq!(h.state().status(), opened);
    assert!(
        h.output().platform_output.num_completed_passes > 1,
        "the frame was laid out again"
    );
    h.input_mut().time = Some(115.0);
    h.run();
    assert_eq!(h.state().status(), opened, "cleared before it was seen");
    assert!(painted_texts(&h).contains(&opened));
}

/// A file dropped on the window (egui leaves the handle to the integration).
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

/// While the 11.18 wizard is open, keys typed outside its fields and clicks beside it never
/// reach the map: under Xvfb, a side's line typed after a click that missed its field picked
/// the hexside tool and its road mode ("E", "2" of "Rebels (Blue): 1200 MZ").
#[test]
fn the_wizard_keeps_keys_and_clicks_from_the_map() {
    let mut h = harness(App::new(files::new_map(), None));
    h.run();
    h.get_all_by_label("Scenario")
        .next()
        .expect("the Scenario menu")
        .click();
    h.run();
    h.get_by_label_contains("from a historical battle (11.18)")
        .click();
    h.run();
    let tool = h.state().map_tools().tool;
    for key in [Key::E, Key::F, Key::G] {
        h.key_press(key);
        h.run();
    }
    assert_eq!(h.state().map_tools().tool, tool, "no tool picked");
    let beside = hex_center(&h, Coord(2, 2));
    click(&mut h, beside);
    assert!(!h.state().doc().is_dirty(), "nothing painted beside it");
}

/// A scenario's id is shown whole in its field (11.7's `gettysburg-little-round-top` was cut
/// off at 160 px, under Xvfb).
#[test]
fn a_long_scenario_id_is_shown_whole() {
    let mut h = harness(App::new(files::default_map(), None));
    h.state_mut().request(Action::Historical(6));
    h.state_mut().open_tab(Tab::Scenario);
    h.run();
    let id = h.state().doc().scenario().expect("scenario").id.clone();
    assert!(id.len() > 20, "{id}");
    let field = h
        .get(By::new().role(Role::TextInput).value(id.as_str()))
        .rect();
    let texts = texts_at(&h, &id);
    assert!(!texts.is_empty(), "the id is painted");
    let width = {
        fn walk(shape: &Shape, text: &str, out: &mut f32) {
            match shape {
                Shape::Text(t) if t.galley.text() == text => *out = t.galley.rect.width(),
                Shape::Vec(v) => v.iter().for_each(|s| walk(s, text, out)),
                _ => {}
            }
        }
        let mut w = 0.0;
        for s in &h.output().shapes {
            walk(&s.shape, &id, &mut w);
        }
        w
    };
    assert!(
        width < field.width() - 4.0,
        "the id is {width} px wide, its field {} px",
        field.width()
    );
}
