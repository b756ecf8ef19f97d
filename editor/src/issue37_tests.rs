//! Headless tests of issue 37's fixes (editor, round 4), driven through the window with
//! egui_kittest. Recovery (§1, §3) is in `recovery_tests.rs`.

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use crate::app::{Action, App};
use crate::files;
use crate::ui_tests::{ms_example, sized};
use saber_schema::model::musket_and_saber::{MsMapFile, MsScenario};

// ---- §5 The map keeps its room ----

/// At 640 × 480 and 1280 × 800, for a map, a scenario and a Musket & Saber scenario (the
/// widest panels), the canvas is wider than either side panel, holds the window's middle, and
/// has about 40 % of the width at least; the panels are there (shrunk, not hidden).
#[test]
fn the_canvas_is_the_largest_part_of_the_window_at_any_size() {
    for (w, hgt) in [(640.0, 480.0), (680.0, 800.0), (1280.0, 800.0)] {
        for doc in 0..3 {
            let mut h = sized(App::new(files::default_map(), None), w, hgt);
            match doc {
                0 => {}
                1 => h.state_mut().request(Action::Historical(6)),
                _ => h
                    .state_mut()
                    .request(Action::Open(Some(ms_example().join("millbrook.ron")))),
            }
            for _ in 0..3 {
                h.run();
            }
            assert_eq!(h.state().error(), None);
            let canvas = h.state().canvas_rect();
            let left = canvas.min.x;
            let right = w - canvas.max.x;
            let what = format!(
                "document {doc} at {w}×{hgt}: left {left}, canvas {canvas:?}, right {right}"
            );
            // The panels' 30 % each, and their edges' few points.
            assert!(canvas.width() >= 0.38 * w, "{what}");
            assert!(canvas.width() > left && canvas.width() > right, "{what}");
            assert!(
                canvas.x_range().contains(w / 2.0),
                "a click in the middle lands on the map: {what}"
            );
            // Both panels are still shown.
            assert!(left > 100.0 && right > 100.0, "{what}");
            assert!(
                h.query_all_by_label_contains("Diagnostics (")
                    .next()
                    .is_some(),
                "{what}"
            );
        }
    }
}

/// At 640 × 480 and 1280 × 800, for a map, a scenario and a Musket & Saber scenario, every
/// text field of the left panel ends inside the panel (none is cut by the canvas), and the
/// status bar's texts (the hex under the pointer, the last message, the map's file, the zoom)
/// do not overlap one another.
#[test]
fn the_left_panels_fields_and_the_status_bar_fit_a_small_window() {
    use egui::accesskit::Role;
    let mut cut = Vec::new();
    for (w, hgt) in [(640.0, 480.0), (1280.0, 800.0)] {
        for doc in 0..3 {
            let mut h = sized(App::new(files::default_map(), None), w, hgt);
            match doc {
                0 => {}
                1 => h.state_mut().request(Action::Historical(6)),
                _ => h
                    .state_mut()
                    .request(Action::Open(Some(ms_example().join("millbrook.ron")))),
            }
            for _ in 0..3 {
                h.run();
            }
            // The pointer over the map: the status bar says which hex.
            let canvas = h.state().canvas_rect();
            h.event(egui::Event::PointerMoved(canvas.center()));
            for _ in 0..2 {
                h.run();
            }
            let what = format!("document {doc} at {w}×{hgt}");
            let panel_edge = canvas.min.x;
            let fields = [Role::TextInput, Role::MultilineTextInput, Role::ComboBox]
                .into_iter()
                .flat_map(|role| h.query_all_by_role(role).collect::<Vec<_>>());
            for field in fields {
                let r = field.rect();
                if r.min.x < panel_edge && r.min.y < hgt - 30.0 && r.max.x > panel_edge + 1.0 {
                    cut.push(format!(
                        "{what}: the field {:?} ends at {} past the panel's edge {panel_edge}",
                        field.accesskit_node().label(),
                        r.max.x
                    ));
                }
            }
            let status = h.state().status_bar_rects();
            assert!(status.len() >= 3, "{what}: {status:?}");
            for (i, a) in status.iter().enumerate() {
                assert!(
                    a.min.x >= -0.5 && a.max.x <= w + 0.5,
                    "{what}: {a:?} off the window"
                );
                for b in &status[i + 1..] {
                    assert!(
                        a.intersect(*b).width() <= 0.5,
                        "{what}: status texts overlap: {a:?} and {b:?}"
                    );
                }
            }
        }
    }
    assert!(cut.is_empty(), "{cut:#?}");
}

// ---- §7 Ctrl+S while a text field has focus ----

/// A copy of scenario 11.7 in a folder of its own, opened.
fn on_a_copy_of_11_7(dir: &Path) -> (Harness<'static, App>, PathBuf) {
    let file = dir.join("little-round-top.ron");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/07-gettysburg-little-round-top.ron"),
        &file,
    )
    .expect("copied");
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().open_path(&file);
    h.run();
    (h, file)
}

#[test]
fn ctrl_s_saves_while_a_text_field_has_focus() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut h, file) = on_a_copy_of_11_7(dir.path());
    let name = By::new()
        .role(egui::accesskit::Role::TextInput)
        .value("Gettysburg");
    let id = h.get(name).accesskit_node().id();
    let field = move || By::new().predicate(move |n| n.id() == id);
    h.get(field()).focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get(field()).type_text("Little Round Top");
    h.run();
    assert!(
        h.ctx.egui_wants_keyboard_input(),
        "the field still has focus"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(
        h.ctx.egui_wants_keyboard_input(),
        "the field keeps its focus"
    );
    assert!(!h.state().doc().is_dirty(), "saved: {}", h.state().status());
    let saved = std::fs::read_to_string(&file).expect("saved");
    assert!(saved.contains("name: \"Little Round Top\","), "{saved}");
}

// ---- §13 No Tiled export offered for a Musket & Saber scenario ----

#[test]
fn tiled_export_is_disabled_for_a_musket_and_saber_scenario_and_says_why() {
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut()
        .request(Action::Open(Some(ms_example().join("millbrook.ron"))));
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Export").hover();
    h.run();
    let item = h.get_by_label("Tiled map (.tmj)…");
    assert!(item.accesskit_node().is_disabled(), "offered, then refused");
    item.hover();
    h.run();
    h.get_by_label_contains("has no Tiled export");

    // An M&S map is offered it.
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().request(Action::Open(Some(
        ms_example().join("maps/millbrook-invented.ron"),
    )));
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Export").hover();
    h.run();
    assert!(
        !h.get_by_label("Tiled map (.tmj)…")
            .accesskit_node()
            .is_disabled()
    );
}

// ---- §14 "Map not found" says the editor's way, not saberc's ----

#[test]
fn map_not_found_offers_the_editors_button_not_the_clis_flag() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut s = crate::scenario::historical::HISTORICAL[6]
        .scenario()
        .expect("parses");
    s.map = "no-such-map-anywhere".into();
    let path = dir.path().join("lost.ron");
    files::save_model(&s, &path).expect("saved");
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().open_path(&path);
    h.run();
    h.get_by_label("Map not found");
    h.get_by_label("Choose the map file…");
    assert!(
        h.query_by_label_contains("--maps").is_none(),
        "saberc's flag is no way in the editor"
    );
    h.get_by_label_contains("known maps:");
}

// ---- §11 The analyses: one at a time, a legend, off the map ----

#[test]
fn movement_and_sight_are_exclusive_with_a_legend_and_off_the_map() {
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().request(Action::Historical(6));
    h.run();
    h.key_press(Key::F5);
    h.run();
    assert!(h.state().overlays().movement);
    // The Movement panel is beside the map, not over it.
    let canvas = h.state().canvas_rect();
    let panel = h.get_by_label("Movement").rect();
    assert!(
        !canvas.intersects(panel),
        "{panel:?} over the map {canvas:?}"
    );
    h.key_press(Key::F6);
    h.run();
    assert!(h.state().overlays().sight, "F6 turns sight on");
    assert!(!h.state().overlays().movement, "and movement off");
    // What the outlines mean.
    for item in [
        "the hex looking (pointed at, or pinned by a click)",
        "seen from it",
        "blocks the lines through it (5.1G)",
        "a hexside that blocks (a ridge)",
    ] {
        let at = h.get_by_label(item).rect();
        assert!(!canvas.intersects(at), "the legend is off the map");
    }
    h.key_press(Key::F5);
    h.run();
    assert!(h.state().overlays().movement && !h.state().overlays().sight);
    // With the side panel hidden (F4), the panel is still there to use.
    h.key_press(Key::F4);
    for _ in 0..10 {
        h.run();
    }
    h.get_by_label("Movement");
}

// ---- §6 The M&S tables keep their rows' names in view ----

/// Scroll the widget named `label` into view, and wait for the scrolling to settle.
fn scroll_to(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    let mut last = None;
    for _ in 0..30 {
        h.run();
        let now = h.get_by_label(label).rect();
        if last == Some(now) {
            break;
        }
        last = Some(now);
    }
}

/// On `file`'s tab `tab`, at the default panel width: the first row's name (`first`) is
/// wholly in the panel, and stays there, beside its row, once the row's last cell (`last`)
/// is scrolled into view.
fn row_names_stay_in_view(file: &Path, tab: &str, first: &str, last: &str) {
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut()
        .request(Action::Open(Some(file.to_path_buf())));
    h.run();
    h.get_by_label(tab).click();
    h.run();
    h.run();
    let panel = 0.0..=h.state().canvas_rect().min.x;
    let name = h.get_by_label(first).rect();
    let whole = |r: egui::Rect| panel.contains(&r.min.x) && panel.contains(&r.max.x);
    assert!(whole(name), "{first} at {name:?}, the panel {panel:?}");
    scroll_to(&mut h, last);
    let cell = h.get_by_label(last).rect();
    assert!(whole(cell), "{last} at {cell:?} scrolled into view");
    let name = h.get_by_label(first).rect();
    assert!(whole(name), "{first} cut at {name:?} when the row scrolls");
    assert!(
        (name.center().y - cell.center().y).abs() < 2.0,
        "the name {name:?} beside its row {cell:?}"
    );
}

#[test]
fn the_chart_and_roster_tables_keep_their_rows_names_in_view() {
    row_names_stay_in_view(
        &ms_example().join("maps/millbrook-invented.ron"),
        "Chart & track",
        "Chart 1 kind",
        "Chart 1 source",
    );
    row_names_stay_in_view(
        &ms_example().join("millbrook.ron"),
        "Sides & roster",
        "Side 1 counter 1 ID",
        "Side 1 counter 1 source",
    );
}

// ---- §2 The Turn Record Track's labels read what a person types ----

#[test]
fn track_labels_typed_key_by_key_keep_their_spaces_and_commas_separate() {
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().request(Action::Open(Some(
        ms_example().join("maps/millbrook-invented.ron"),
    )));
    h.run();
    h.get_by_label("Chart & track").click();
    h.run();
    scroll_to(&mut h, "Track labels");
    h.get_by_label("Track labels").focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    // One key a frame, as a person types.
    for ch in "1200 1300, 1400".chars() {
        h.get_by_label("Track labels").type_text(&ch.to_string());
        h.run();
    }
    h.key_press(Key::Tab);
    h.run();
    let Some(f) = h.state().doc().content().own::<MsMapFile>() else {
        panic!("an M&S map");
    };
    assert_eq!(f.track.labels, ["1200", "1300", "1400"]);
}

// ---- §17 Still there from the last round ----

/// The font families of the painted texts that contain `text`.
fn families_of(h: &Harness<'_, App>, text: &str) -> Vec<egui::FontFamily> {
    fn walk(shape: &egui::Shape, text: &str, out: &mut Vec<egui::FontFamily>) {
        match shape {
            egui::Shape::Text(t) if t.galley.text().contains(text) => out.extend(
                t.galley
                    .job
                    .sections
                    .iter()
                    .map(|s| s.format.font_id.family.clone()),
            ),
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, text, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for s in &h.output().shapes {
        walk(&s.shape, text, &mut out);
    }
    out
}

#[test]
fn a_problem_reads_in_the_windows_proportional_type() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = sized(App::new(files::new_map(), None), 1280.0, 800.0);
    assert!(
        !h.state_mut()
            .save_to(&dir.path().join("no-such-folder/m.ron"))
    );
    h.run();
    h.get_by_label("Problem");
    let families = families_of(&h, "no-such-folder");
    assert!(!families.is_empty(), "the message is shown");
    assert!(
        families
            .iter()
            .all(|f| *f == egui::FontFamily::Proportional),
        "{families:?}"
    );
}

#[test]
fn the_edit_menu_names_its_shortcuts() {
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().request(Action::Historical(6));
    h.run();
    h.state_mut()
        .doc_mut()
        .edit_scenario("Name", None, |s| s.name = "Other".into());
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label("Undo Name: “Gettysburg” → “Other” (Ctrl+Z)");
    h.get_by_label("Redo (Ctrl+Shift+Z / Ctrl+Y)");
}

#[test]
fn a_new_scenario_saved_as_takes_its_id_from_the_file_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().request(Action::NewScenario);
    h.run();
    assert_eq!(
        h.state().doc().scenario().map(|s| s.id.as_str()),
        Some("new-scenario")
    );
    let path = dir.path().join("Round Top.ron");
    h.state_mut()
        .path_chosen(crate::app::file_dialog::Purpose::SaveAs(None), path.clone());
    h.run();
    assert_eq!(h.state().error(), None);
    assert_eq!(
        h.state().doc().scenario().map(|s| s.id.as_str()),
        Some("round-top")
    );
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(saved.contains("id: \"round-top\""), "{saved}");
    assert!(!h.state().doc().is_dirty());
    // Saved again as another file: the id is the user's now, and stays.
    h.state_mut().path_chosen(
        crate::app::file_dialog::Purpose::SaveAs(None),
        dir.path().join("copy.ron"),
    );
    h.run();
    assert_eq!(
        h.state().doc().scenario().map(|s| s.id.as_str()),
        Some("round-top")
    );
}

/// Save As suggests a new scenario's file by the name the user gave it, not by its
/// placeholder id (`new-scenario.ron`); of both games, and a saved document by its id.
#[test]
fn save_as_suggests_a_new_scenarios_name() {
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().request(Action::NewScenario);
    h.run();
    assert_eq!(h.state().save_as_file_name(), "new-scenario.ron");
    h.state_mut()
        .doc_mut()
        .edit_scenario("Name", None, |s| s.name = "Pickett's Charge".into());
    assert_eq!(h.state().save_as_file_name(), "pickett-s-charge.ron");

    let map = ms_example().join("maps/millbrook-invented.ron");
    let ms = saber_schema::ruleset::Game::MusketAndSaberQuickPlay;
    h.state_mut().perform(Action::NewScenarioOn(ms, map));
    h.run();
    assert_eq!(h.state().error(), None);
    h.state_mut().doc_mut().edit_ms_scenario("Name", None, |s| {
        s.name = "The Mill Ford".into();
    });
    assert_eq!(h.state().save_as_file_name(), "the-mill-ford.ron");

    h.state_mut()
        .perform(Action::Open(Some(ms_example().join("millbrook.ron"))));
    h.run();
    let id = h
        .state()
        .doc()
        .content()
        .id(h.state().doc().map())
        .to_string();
    assert_eq!(h.state().save_as_file_name(), format!("{id}.ron"));
}

// ---- §12 A reinforcement switched to the other side takes that side's entry hex ----

#[test]
fn a_reinforcement_switched_to_the_other_side_takes_its_entry_hex() {
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut()
        .request(Action::Open(Some(ms_example().join("millbrook.ron"))));
    h.run();
    h.get_by_label("Reinforcements").click();
    h.run();
    h.get_by_label("Reinforcement 1 side").click();
    h.run();
    h.get_by_label("Army of the South").click();
    h.run();
    let Some(s) = h.state().doc().content().own::<MsScenario>() else {
        panic!("an M&S scenario");
    };
    let line = &s.reinforcements[0];
    assert_eq!(line.side, "south");
    let grid = h.state().doc().map().grid;
    assert_eq!(grid.label(line.at), "0812", "the south's first entry hex");
    assert!(
        line.units.is_empty(),
        "the north's Horse Guards are not the south's"
    );
}

// ---- §9 A terrain kind's colour follows the kind ----

#[test]
fn a_kinds_colour_is_the_same_whatever_its_chart_row() {
    use crate::games::musket_and_saber::{hexside_color, kind_color};
    let src = saber_schema::pipeline::read::Source::read(
        &ms_example().join("maps/millbrook-invented.ron"),
    )
    .expect("the example");
    let one: saber_schema::model::musket_and_saber::MsMapFile =
        saber_schema::pipeline::parse::parse(&src).expect("parses");
    let mut one = one;
    // A kind of the designer's own (a hex row like clear's), last on one map, first on the
    // other, whose rows are in the reverse order.
    let mut heath = one.chart[0].clone();
    heath.kind = "heath".into();
    let mut other = one.clone();
    other.chart.reverse();
    other.chart.insert(0, heath.clone());
    one.chart.push(heath);
    for kind in ["clear", "woods", "hill", "village", "heath"] {
        let a = kind_color(&one, kind);
        assert!(a.is_some(), "{kind} has a colour");
        assert_eq!(a, kind_color(&other, kind), "{kind}");
    }
    assert_ne!(kind_color(&one, "woods"), kind_color(&one, "hill"));
    assert_eq!(
        hexside_color(&one, "stream"),
        hexside_color(&other, "stream")
    );
}

// ---- §8 M&S steps are named by what changed ----

#[test]
fn musket_and_saber_steps_are_named_by_what_changed() {
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut()
        .request(Action::Open(Some(ms_example().join("millbrook.ron"))));
    h.run();
    h.get_by_label("Sides & roster").click();
    h.run();
    h.get_by_label("Side 1 counter 2 formation").focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label("Side 1 counter 2 formation")
        .type_text("2nd Div");
    h.run();
    h.key_press(Key::Tab);
    h.run();
    let last = h.state().doc().history().done().last().expect("a step");
    assert_eq!(
        last.label,
        "Formation “1st Div” → “2nd Div” on 2nd Bde of north"
    );
}

// ---- §15 A finding says which tab holds its field ----

#[test]
fn a_musket_and_saber_finding_names_its_tab_and_opens_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(ms_example().join("maps/millbrook-invented.ron"))
        .expect("the example");
    let old = "source: \"invented for the project: no Musket & Saber game data\",";
    assert!(text.contains(old));
    let path = dir.path().join("m.ron");
    std::fs::write(&path, text.replacen(old, "source: \"\",", 1)).expect("written");
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut().open_path(&path);
    h.run();
    h.get_by_label("Chart & track").click();
    h.run();
    let finding = h
        .query_all_by_label_contains("(on the Map tab)")
        .next()
        .expect("the finding says where its field is")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    assert!(finding.contains("source"), "{finding}");
    h.get_by_label(&finding).click();
    h.run();
    assert_eq!(
        h.state().ms_ui().tab,
        crate::games::musket_and_saber::MsTab::Map,
        "the click opens the tab"
    );
}

// ---- §16 A side is drawn in the colour its words name ----

#[test]
fn a_side_is_drawn_in_the_colour_it_names() {
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut()
        .request(Action::Open(Some(ms_example().join("millbrook.ron"))));
    h.run();
    h.get_by_label("Set-up").click();
    h.run();
    let rgb = |c: [u8; 3]| egui::Color32::from_rgb(c[0], c[1], c[2]);
    let named = |w: &str| rgb(saber_schema::output::palette::named_colour(w).expect("a colour"));
    // The example's sides: "light blue" and "grey".
    let stacks: Vec<egui::Color32> = h
        .state()
        .ms_overlay()
        .stacks
        .iter()
        .map(|s| s.color)
        .collect();
    assert!(stacks.contains(&named("light blue")), "{stacks:?}");
    assert!(stacks.contains(&named("Gray")), "{stacks:?}");
    let red = rgb(saber_schema::output::overlays::overlay_color(0));
    assert!(!stacks.contains(&red), "not the side's place's colour");
}

// ---- §10 Lines made in the editor say what they are ----

#[test]
fn a_line_made_or_moved_in_the_editor_says_what_it_is() {
    let mut h = sized(App::new(files::default_map(), None), 1280.0, 800.0);
    h.state_mut()
        .request(Action::Open(Some(ms_example().join("millbrook.ron"))));
    h.run();
    let grid = h.state().doc().map().grid;
    let doc = h.state_mut().doc_mut();
    // A line added as a form adds it (empty words), then its hex moved.
    doc.edit_ms_scenario("Add", None, |s| {
        let mut l = s.reinforcements[0].clone();
        l.printed.clear();
        s.reinforcements.push(l);
    });
    let printed = |h: &Harness<'static, App>| match h.state().doc().content().own::<MsScenario>() {
        Some(s) => s.reinforcements.iter().map(|l| l.printed.clone()).collect(),
        None => Vec::new(),
    };
    assert_eq!(printed(&h)[2], "1000 at 0801: Horse Guards");
    let to = grid.parse_label("1601").expect("a hex");
    h.state_mut().doc_mut().edit_ms_scenario("Move", None, |s| {
        s.reinforcements[2].at = to;
    });
    assert_eq!(printed(&h)[2], "1000 at 1601: Horse Guards", "not stale");
    // The scenario's own words are the designer's: moving its line keeps them.
    h.state_mut().doc_mut().edit_ms_scenario("Move", None, |s| {
        s.setup[0].at = to;
    });
    match h.state().doc().content().own::<MsScenario>() {
        Some(s) => {
            assert_eq!(s.setup[0].printed, "1st Bde, Rifles, Barrow, Ashford: 0504")
        }
        None => panic!("an M&S scenario"),
    }
    assert_eq!(printed(&h)[0], "1000 at 0801: Horse Guards", "untouched");
}

// ---- Recovered work in the History panel ----

/// Work restored from recovery, when its file is as the work found it, is one History step
/// "Restored from recovery of HH:MM UTC" on the file as it is on disk: undo gives back the
/// file (and the document is then unchanged), redo the work, and a save then changes only
/// the line the user changed.
#[test]
fn restored_work_is_one_step_that_undoes_to_the_file_on_disk() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("little-round-top.ron");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/07-gettysburg-little-round-top.ron"),
        &file,
    )
    .expect("copied");
    let original = std::fs::read_to_string(&file).expect("read");
    let recovery = crate::recovery::RecoveryDir {
        dir: dir.path().join("recovery"),
    };
    let mut h = sized(App::start(None, Some(recovery.clone())), 1280.0, 800.0);
    h.state_mut().open_path(&file);
    h.run();
    h.state_mut()
        .doc_mut()
        .edit_scenario("Edit name", None, |s| s.name = "Little Round Top".into());
    h.run();
    h.state_mut().flush_autosave();
    // A crash: dropped without closing.
    drop(h);
    let mut h = sized(App::start(None, Some(recovery)), 1280.0, 800.0);
    h.get_by_label("Restore").click();
    h.run();
    let name = |h: &Harness<'static, App>| h.state().doc().scenario().map(|s| s.name.clone());
    assert_eq!(name(&h).as_deref(), Some("Little Round Top"));
    let done: Vec<String> = h
        .state()
        .doc()
        .history()
        .done()
        .iter()
        .map(|s| s.label.clone())
        .collect();
    assert_eq!(done.len(), 1, "{done:?}");
    assert!(
        done[0].starts_with("Restored from recovery of ") && done[0].ends_with(" UTC"),
        "{done:?}"
    );
    assert!(h.state().doc().is_dirty());
    h.state_mut().doc_mut().undo();
    assert_eq!(name(&h).as_deref(), Some("Gettysburg"), "the file on disk");
    assert!(!h.state().doc().is_dirty(), "undone to the file as it is");
    h.state_mut().doc_mut().redo();
    assert!(h.state_mut().save_to(&file), "{:?}", h.state().error());
    let saved = std::fs::read_to_string(&file).expect("read");
    let changed: Vec<_> = saved.lines().filter(|l| !original.contains(*l)).collect();
    assert_eq!(changed, ["    name: \"Little Round Top\","], "{saved}");
    assert_eq!(original.lines().count(), saved.lines().count());
}
