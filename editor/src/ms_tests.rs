//! Headless tests of the Musket & Saber side of the editor, driven through the UI with
//! egui_kittest: opening and saving the game's files, New with a game choice, and the invented
//! example (`scenarios/examples/musket-and-saber/millbrook.ron`) built from scratch.

use std::path::{Path, PathBuf};

use egui::{Event, Key, Modifiers, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use saber_schema::check::musket_and_saber::set_up_stacks;
use saber_schema::diagnostic::Severity;
use saber_schema::model::hex::Coord;
use saber_schema::model::musket_and_saber::{MsMapFile, MsScenario};
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::Source;

use crate::app::{Action, App};
use crate::files;
use crate::games::musket_and_saber::MsUi;
use crate::games::musket_and_saber::fields::face_text;
use crate::ui_tests::{click, harness, hex_center, ms_example};

/// The game.
const MS: saber_schema::ruleset::Game = saber_schema::ruleset::Game::MusketAndSaberQuickPlay;

impl App {
    /// The Musket & Saber mode (read only).
    pub(crate) fn ms_ui(&self) -> &MsUi {
        self.own_mode()
            .expect("the editor has the Musket & Saber mode")
    }

    /// What the Musket & Saber mode draws over the map now.
    pub(crate) fn ms_overlay(&self) -> crate::canvas::Overlay {
        self.own_overlay().expect("a Musket & Saber document")
    }
}

/// The example's map file copied into `dir/maps/` (where a scenario in `dir` finds it by id).
fn copy_map(dir: &Path) -> PathBuf {
    let maps = dir.join("maps");
    std::fs::create_dir_all(&maps).expect("maps dir");
    let to = maps.join("millbrook-invented.ron");
    std::fs::copy(ms_example().join("maps/millbrook-invented.ron"), &to).expect("copied");
    to
}

/// The example scenario, as the library reads it.
fn millbrook() -> MsScenario {
    let path = ms_example().join("millbrook.ron");
    let src = Source::read(&path).expect("the example is there");
    saber_schema::pipeline::parse::parse::<MsScenario>(&src).expect("it parses")
}

/// What `saberc check` reports for a file: (errors and warnings, every finding).
fn saberc_check(path: &Path) -> Vec<saber_schema::diagnostic::Diagnostic> {
    let src = Source::read(path).expect("readable");
    saber_schema::pipeline::check_source(&src, &MapRegistry::new()).diagnostics
}

fn editor() -> Harness<'static, App> {
    let mut h = harness(App::new(files::default_map(), None));
    h.run();
    h
}

/// An editor in a window tall enough for both rosters of the example.
fn tall_editor() -> Harness<'static, App> {
    crate::ui_tests::sized(App::new(files::default_map(), None), 1600.0, 3000.0)
}

fn open(h: &mut Harness<'static, App>, path: &Path) {
    h.state_mut()
        .request(Action::Open(Some(path.to_path_buf())));
    for _ in 0..3 {
        h.run();
    }
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
}

/// Replace the text of the field named `label` by `text`.
fn set_text(h: &mut Harness<'static, App>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
    h.key_press(Key::Tab);
    h.run();
}

/// Click the widget named `label`, scrolled into view first (the tables scroll sideways).
fn click_label(h: &mut Harness<'static, App>, label: &str) {
    scroll_to(h, label);
    h.get_by_label(label).click();
    h.run();
}

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

/// Type a number into the drag value named `label`.
fn set_number(h: &mut Harness<'static, App>, label: &str, n: u32) {
    scroll_to(h, label);
    h.get_by_label(label).click();
    h.run();
    h.event(Event::Text(n.to_string()));
    h.run();
    h.key_press(Key::Enter);
    h.run();
}

/// Open the combo named `name` (the `nth` of that name) and pick `item` from it.
fn choose(h: &mut Harness<'static, App>, name: &str, nth: usize, item: &str) {
    h.get_all_by_role_and_label(Role::ComboBox, name)
        .nth(nth)
        .unwrap_or_else(|| panic!("no combo `{name}` #{nth}"))
        .scroll_to_me();
    h.run();
    h.get_all_by_role_and_label(Role::ComboBox, name)
        .nth(nth)
        .unwrap_or_else(|| panic!("no combo `{name}` #{nth}"))
        .click();
    h.run();
    h.get_all_by_role_and_label(Role::Button, item)
        .last()
        .unwrap_or_else(|| panic!("no `{item}` in the combo `{name}`"))
        .click();
    h.run();
}

fn tab(h: &mut Harness<'static, App>, name: &str) {
    h.get_all_by_label(name)
        .last()
        .unwrap_or_else(|| panic!("no tab {name}"))
        .click();
    h.run();
}

fn scenario(h: &Harness<'static, App>) -> MsScenario {
    let other = h.state().doc().content();
    match other.own::<MsScenario>() {
        Some(s) => s.clone(),
        None => panic!("not an M&S scenario: {other:?}"),
    }
}

fn click_hex(h: &mut Harness<'static, App>, label: &str) {
    let c = saber_schema::model::hex::parse_label(label).expect("a hex label");
    let at = hex_center(h, c);
    click(h, at);
}

/// Choose a counter on the Set-up tab (its button says the ID and where it is).
fn choose_counter(h: &mut Harness<'static, App>, id: &str) {
    h.get_by(|n| {
        n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(&format!("{id} (")))
    })
    .click();
    h.run();
}

/// Set counter `id` up by clicking `hexes` in turn.
fn set_up(h: &mut Harness<'static, App>, id: &str, hexes: &[&str]) {
    choose_counter(h, id);
    for hex in hexes {
        click_hex(h, hex);
    }
    // Let go of the counter (a click on its button again).
    choose_counter(h, id);
}

/// The set-up stacks of a scenario on the example map, by hex and side: the IDs standing there.
fn stacks_by_id(s: &MsScenario, map: &MsMapFile) -> Vec<(Coord, usize, Vec<String>, bool)> {
    let mut out: Vec<_> = set_up_stacks(s, map)
        .into_iter()
        .map(|st| {
            let mut ids: Vec<String> = st
                .counters
                .iter()
                .map(|ci| s.sides[st.side].counters[*ci].id.clone())
                .collect();
            ids.sort();
            (st.hex, st.side, ids, st.over_stacked)
        })
        .collect();
    out.sort();
    out
}

fn example_map() -> MsMapFile {
    let src = Source::read(&ms_example().join("maps/millbrook-invented.ron")).expect("map");
    saber_schema::pipeline::parse::parse::<MsMapFile>(&src).expect("parses")
}

/// An M&S map and scenario open in the editor with `saberc check`'s findings (none for the
/// example), and a save of an unchanged one writes the file as it was, comments and all.
#[test]
fn the_example_opens_and_saves_unchanged() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = copy_map(dir.path());
    let scen = dir.path().join("millbrook.ron");
    std::fs::copy(ms_example().join("millbrook.ron"), &scen).expect("copied");
    for path in [&map, &scen] {
        let mut h = editor();
        open(&mut h, path);
        assert_eq!(
            crate::games::of(h.state().doc().content()).game(),
            saber_schema::ruleset::Game::MusketAndSaberQuickPlay,
            "{} opens",
            path.display()
        );
        assert!(
            h.state().ms_ui().checker.items.is_empty(),
            "{:?}",
            h.state().ms_ui().checker.items
        );
        let before = std::fs::read_to_string(path).expect("read");
        assert!(h.state_mut().save_to(path));
        assert_eq!(std::fs::read_to_string(path).expect("read"), before);
    }
}

/// New map with the game chosen: the library's skeleton, its comments kept by a save, and the
/// Diagnostics list what `saberc check` lists for it (its empty source and track).
#[test]
fn a_new_musket_and_saber_map_is_the_skeleton_saberc_makes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = editor();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label_contains("New map").click();
    h.run();
    choose(&mut h, "Game", 0, "Musket & Saber Quick Play");
    set_text(&mut h, "Name", "Mill Creek");
    h.get_by_label("Create").click();
    for _ in 0..3 {
        h.run();
    }
    let Some(f) = h.state().doc().content().own::<MsMapFile>() else {
        panic!("an M&S map: {:?}", h.state().doc().content());
    };
    assert_eq!(f.name, "Mill Creek");
    assert_eq!(f.id, "mill-creek");
    // Paint a hex with the legend's clear character, then save: the skeleton's comments stay.
    let path = dir.path().join("mill-creek.ron");
    assert!(h.state_mut().save_to(&path));
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(
        text.contains("// Type the game's map from your own copy"),
        "{text}"
    );
    assert!(text.contains("name: \"Mill Creek\""), "{text}");
    let mut ours: Vec<String> = h
        .state()
        .ms_ui()
        .checker
        .items
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    let mut theirs: Vec<String> = saberc_check(&path)
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    ours.sort();
    theirs.sort();
    assert!(!theirs.is_empty(), "the skeleton leaves values to type");
    assert_eq!(ours, theirs);
}

/// The map's palette is its legend: painting sets a hex's kinds (one stroke, one undo step),
/// and the chart table edits a row.
#[test]
fn painting_sets_a_hexs_kinds_and_the_chart_is_editable() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = copy_map(dir.path());
    let mut h = editor();
    open(&mut h, &map);
    let c = Coord(1, 1);
    let kinds =
        |h: &Harness<'static, App>| h.state().doc().ms_map().expect("map").kinds_at(c).to_vec();
    assert_eq!(kinds(&h), ["clear"]);
    // The key is the map's chart: its hexside kind too, which no legend character names.
    assert!(h.query_by_label("stream (hexside)").is_some());
    h.get_by_label_contains("“v” village").click();
    h.run();
    click_hex(&mut h, "0101");
    assert_eq!(kinds(&h), ["village"]);
    // The step is named by the stroke, not by the terrain rows it changed (the History panel
    // listed every row of the map before and after, seen under Xvfb).
    assert_eq!(
        h.state()
            .doc()
            .history()
            .done()
            .last()
            .map(|s| s.label.as_str()),
        Some("Paint “v” (village)")
    );
    h.state_mut().undo();
    h.run();
    assert_eq!(kinds(&h), ["clear"]);
    tab(&mut h, "Chart & track");
    set_text(&mut h, "Chart 3 source", "my copy, p. 4");
    let f = h.state().doc().ms_map().expect("map").clone();
    assert_eq!(f.chart[2].source, "my copy, p. 4");
    set_text(&mut h, "Track labels", "0800 0900 1000 1100 1200 1300 1400");
    let f = h.state().doc().ms_map().expect("map").clone();
    assert_eq!(f.track.labels.len(), 7);
}

/// A set-up click is one undo step named as the status line says what it did ("Set-up: 3rd
/// Bde placed at 0605 (w/1 of 0604)"), not by the fields it touched (issue 37 §8).
#[test]
fn a_set_up_click_is_named_by_what_it_did() {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_map(dir.path());
    let scen = dir.path().join("millbrook.ron");
    std::fs::copy(ms_example().join("millbrook.ron"), &scen).expect("copied");
    let mut h = editor();
    open(&mut h, &scen);
    tab(&mut h, "Set-up");
    choose_counter(&mut h, "3rd Bde");
    click_hex(&mut h, "0605");
    let last = h.state().doc().history().done().last().expect("a step");
    assert_eq!(last.label, "Set-up: 3rd Bde placed at 0605 (w/1 of 0604)");
}

/// A counter added with "+ Counter" while a roster field still has the focus is an undo step
/// of its own: undo takes the counter away and keeps what was typed (it merged into the
/// typing's step).
#[test]
fn a_counter_added_while_typing_is_its_own_step() {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_map(dir.path());
    let scen = dir.path().join("millbrook.ron");
    std::fs::copy(ms_example().join("millbrook.ron"), &scen).expect("copied");
    let mut h = tall_editor();
    open(&mut h, &scen);
    tab(&mut h, "Sides & roster");
    let counters = |h: &Harness<'static, App>| scenario(h).sides[0].counters.len();
    let before = counters(&h);
    let field = "Side 1 counter 1 source";
    h.get_by_label(field).focus();
    h.run();
    h.get_by_label(field).type_text(" (typed)");
    h.run();
    let side = scenario(&h).sides[0].name.clone();
    h.get_by_label(&format!("+ Counter ({side})")).click();
    h.run();
    assert_eq!(counters(&h), before + 1);
    h.state_mut().undo();
    h.run();
    assert_eq!(counters(&h), before, "undo takes the new counter away");
    assert!(
        scenario(&h).sides[0].counters[0]
            .source
            .ends_with(" (typed)"),
        "and keeps the typing: {:?}",
        h.state().doc().history().done()
    );
}

/// A reinforcement's turn is one of the game's turns: the example plays 0800 to 1300 on a
/// track to 1400, and 1400 is not offered (a line on it never enters, TRN002).
#[test]
fn a_reinforcement_turn_is_one_of_the_games_turns() {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_map(dir.path());
    let scen = dir.path().join("millbrook.ron");
    std::fs::copy(ms_example().join("millbrook.ron"), &scen).expect("copied");
    let mut h = tall_editor();
    open(&mut h, &scen);
    tab(&mut h, "Reinforcements");
    h.get_by_role_and_label(Role::ComboBox, "Reinforcement 1 turn")
        .click();
    h.run();
    let offered: Vec<String> = h
        .get_all_by_role(Role::Button)
        .filter_map(|n| egui_kittest::kittest::NodeT::accesskit_node(&n).label())
        .filter(|l| l.len() == 4 && l.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    assert_eq!(offered, ["0800", "0900", "1000", "1100", "1200", "1300"]);
}

/// Choosing a counter and pointing at a hex says what 5.0 (the compiler's predicate) makes of
/// the stack a click would leave; clicking over-stacks it, and the Diagnostics say STK001.
#[test]
fn set_up_shows_five_point_zero_live() {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_map(dir.path());
    let scen = dir.path().join("millbrook.ron");
    std::fs::copy(ms_example().join("millbrook.ron"), &scen).expect("copied");
    let mut h = editor();
    open(&mut h, &scen);
    tab(&mut h, "Set-up");
    // A counter of a `w/1` line chosen: the hexes within one of its line's hex are drawn.
    choose_counter(&mut h, "3rd Bde");
    let ring_color = egui::Color32::from_rgb(250, 210, 40);
    let mut ring: Vec<Coord> = h
        .state()
        .ms_overlay()
        .marks
        .iter()
        .filter(|(_, c)| *c == ring_color)
        .map(|(h, _)| *h)
        .collect();
    ring.sort();
    let grid = example_map().grid();
    let mut within: Vec<Coord> = grid
        .coords()
        .filter(|c| grid.distance(*c, Coord(6, 4)) <= 1)
        .collect();
    within.sort();
    assert_eq!(ring, within);
    assert_eq!(ring.len(), 7);
    choose_counter(&mut h, "3rd Bde");
    // 0504 holds 1st Bde, Rifles and two leaders: two more brigades fit (one battalion plus
    // any three units), a cavalry unit after them does not.
    set_up(&mut h, "2nd Bde", &["0504"]);
    set_up(&mut h, "3rd Bde", &["0504"]);
    let at = Coord(5, 4);
    choose_counter(&mut h, "Horse Guards");
    let pos = hex_center(&h, at);
    h.event(Event::PointerMoved(pos));
    h.run();
    h.run();
    let red = egui::Color32::from_rgb(230, 30, 30);
    let overlay = h.state().ms_overlay();
    assert!(overlay.marks.contains(&(at, red)), "{:?}", overlay.marks);
    click_hex(&mut h, "0504");
    let s = scenario(&h);
    let st = set_up_stacks(&s, &example_map())
        .into_iter()
        .find(|st| st.hex == at && st.side == 0)
        .expect("a stack at 0504");
    assert!(st.over_stacked);
    assert!(
        h.state()
            .ms_ui()
            .checker
            .items
            .iter()
            .any(|d| d.code.as_str() == "STK001"),
        "{:?}",
        h.state().ms_ui().checker.items
    );
}

/// The invented example built from scratch through the UI: its map opened, a new M&S scenario,
/// the sides and their rosters typed, each counter set up by clicking its hex (with `w/1`
/// lines and placements), the reinforcements and victory conditions; saved, it checks clean by
/// saberc's pipeline and sets the same units on the same hexes as the example.
#[test]
fn the_example_is_built_from_scratch() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map_path = copy_map(dir.path());
    let target = millbrook();
    let mut h = tall_editor();
    open(&mut h, &map_path);
    h.get_by_label("Scenario").click();
    h.run();
    h.get_by_label("New scenario on this map").click();
    for _ in 0..3 {
        h.run();
    }
    assert!(h.state().doc().content().own::<MsScenario>().is_some());

    // The header.
    set_text(&mut h, "Scenario id", &target.id);
    set_text(&mut h, "Scenario name", &target.name);
    set_text(&mut h, "Scenario date", &target.date);
    set_text(&mut h, "Scenario source", &target.source);

    // The sides and their rosters.
    tab(&mut h, "Sides & roster");
    for (si, side) in target.sides.iter().enumerate() {
        let n = si + 1;
        set_text(&mut h, &format!("Side {n} id"), &side.id);
        set_text(&mut h, &format!("Side {n} name"), &side.name);
        set_text(
            &mut h,
            &format!("Side {n} colour"),
            side.colour.as_deref().unwrap_or(""),
        );
        let labels = |hs: &[Coord]| {
            hs.iter()
                .map(|c| format!("{:02}{:02}", c.col(), c.row()))
                .collect::<Vec<_>>()
                .join(" ")
        };
        set_text(
            &mut h,
            &format!("Side {n} entry hexes"),
            &labels(&side.entry_hexes),
        );
        if !side.reentry_hexes.is_empty() {
            set_text(
                &mut h,
                &format!("Side {n} re-entry hexes"),
                &labels(&side.reentry_hexes),
            );
        }
        if let Some(r) = side.replacement_steps {
            click_label(&mut h, &format!("Side {n} replacements stated"));
            if r > 0 {
                set_number(&mut h, &format!("Side {n} replacement steps"), r);
            }
        }
        for (ci, c) in side.counters.iter().enumerate() {
            click_label(&mut h, &format!("+ Counter ({})", side.name));
            h.run();
            let f = |what: &str| format!("Side {n} counter {} {what}", ci + 1);
            set_text(&mut h, &f("ID"), &c.id);
            set_text(&mut h, &f("formation"), &c.formation);
            if c.class.code() != "Brigade" {
                choose(&mut h, &f("class"), 0, c.class.code());
            }
            set_text(&mut h, &f("front"), &face_text(&c.front));
            set_text(&mut h, &f("back"), &face_text(&c.back));
            set_text(&mut h, &f("source"), &c.source);
        }
    }
    let s = scenario(&h);
    for (a, b) in s.sides.iter().zip(&target.sides) {
        assert_eq!(a.counters, b.counters, "{}'s roster as typed", b.name);
        assert_eq!(a.entry_hexes, b.entry_hexes);
        assert_eq!(a.replacement_steps, b.replacement_steps);
    }

    // First Player and length.
    tab(&mut h, "Scenario");
    choose(&mut h, "First Player", 0, "Army of the North");
    set_number(&mut h, "Game length", target.game_length);

    // Set-up by clicking: a line at 0504; a w/1 line at 0604 with its placements; the South's
    // w/1 line at 0909.
    tab(&mut h, "Set-up");
    for id in ["1st Bde", "Rifles", "Col. Barrow", "Gen. Ashford"] {
        set_up(&mut h, id, &["0504"]);
    }
    set_up(&mut h, "2nd Bde", &["0604"]);
    h.get_by_label("Line 2 w/1").click();
    h.run();
    set_up(&mut h, "2nd Bde", &["0604"]);
    set_up(&mut h, "3rd Bde", &["0604", "0704"]);
    set_up(&mut h, "1st Btty", &["0604", "0605"]);
    set_up(&mut h, "4th Bde", &["0909"]);
    h.get_by_label("Line 3 w/1").click();
    h.run();
    set_up(&mut h, "4th Bde", &["0909"]);
    set_up(&mut h, "5th Bde", &["0909", "1009"]);
    set_up(&mut h, "Grenadiers", &["0909", "0910"]);
    set_up(&mut h, "2nd Btty", &["0909"]);
    set_up(&mut h, "Gen. Cotter", &["0909"]);

    // Reinforcements: one typed, one picked on the map.
    tab(&mut h, "Reinforcements");
    h.get_by_label("+ Reinforcement").click();
    h.run();
    choose(&mut h, "Reinforcement 1 turn", 0, "1000");
    set_text(&mut h, "Reinforcement 1 hex", "0801");
    h.get_by_label("Reinforcement 1 Horse Guards").click();
    h.run();
    h.get_by_label("+ Reinforcement").click();
    h.run();
    choose(&mut h, "Reinforcement 2 side", 0, "Army of the South");
    choose(&mut h, "Reinforcement 2 turn", 0, "1100");
    h.get_all_by_label("Pick").last().expect("pick").click();
    h.run();
    click_hex(&mut h, "1612");
    h.get_by_label("Reinforcement 2 Lancers").click();
    h.run();

    // Victory: the skeleton's condition for the North, one more for the South, their targets
    // typed as zones.
    tab(&mut h, "Victory");
    h.get_by_label("+ Victory condition").click();
    h.run();
    choose(&mut h, "Side", 0, "Army of the North");
    choose(&mut h, "Side", 1, "Army of the South");
    choose(&mut h, "Which hexes", 1, "all hexes of");
    for (k, zone) in [
        (0, r#"Hexes(["0706", "0806"])"#),
        (1, r#"Hexes(["1103", "1104"])"#),
    ] {
        h.get_all_by_label("Edit as text (RON)")
            .nth(k)
            .expect("the zone's text toggle")
            .click();
        h.run();
        let field = h
            .get_all_by_role(Role::MultilineTextInput)
            .find(|n| {
                n.value()
                    .is_some_and(|v| v.starts_with("Hexes(") || v == "Everywhere")
            })
            .expect("the zone's text");
        field.focus();
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        h.run();
        h.get_all_by_role(Role::MultilineTextInput)
            .find(|n| n.is_focused())
            .expect("focused")
            .type_text(zone);
        h.run();
        h.key_press(Key::Escape);
        h.run();
        h.get_all_by_label("Edit as text (RON)")
            .nth(k)
            .expect("the zone's text toggle")
            .click();
        h.run();
    }

    // The Diagnostics are clean, and so is the file saved, by saberc's pipeline.
    let built = scenario(&h);
    assert!(
        h.state().ms_ui().checker.items.is_empty(),
        "{:#?}",
        h.state().ms_ui().checker.items
    );
    let path = dir.path().join("millbrook.ron");
    assert!(h.state_mut().save_to(&path), "{:?}", h.state().error());
    let found = saberc_check(&path);
    let bad: Vec<_> = found
        .iter()
        .filter(|d| d.severity != Severity::Note)
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
    // The same units on the same hexes as the example, the same reinforcements and victory.
    let map = example_map();
    assert_eq!(stacks_by_id(&built, &map), stacks_by_id(&target, &map));
    assert_eq!(built.reinforcements.len(), 2);
    for (a, b) in built.reinforcements.iter().zip(&target.reinforcements) {
        assert_eq!(
            (&a.side, &a.units, &a.turn, a.at),
            (&b.side, &b.units, &b.turn, b.at)
        );
    }
    for (a, b) in built.victory.iter().zip(&target.victory) {
        assert_eq!((&a.side, &a.goal), (&b.side, &b.goal));
    }
    assert_eq!(built.first_player, target.first_player);
    assert_eq!(built.game_length, target.game_length);

    // The editor's engine export is what `saberc export` writes for the saved file (its
    // pipeline: the file compiled on the map it finds, then the library's export).
    let ours = dir.path().join("editor-export.json");
    h.state_mut().write_engine(&ours);
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    let src = Source::read(&path).expect("saved");
    let (compiled, _) =
        saber_schema::pipeline::musket_and_saber::compile_scenario(&src, &MapRegistry::new());
    let theirs = saber_schema::output::musket_and_saber::export::export_json(
        &compiled.expect("the saved file compiles"),
    )
    .expect("exports");
    assert_eq!(std::fs::read_to_string(&ours).expect("exported"), theirs);
}

/// The card of the example scenario and the Tiled map of its map, exported from the editor, are
/// what saberc writes (`render --card`, `export --format tiled`: the same library calls on the
/// files saved).
#[test]
fn the_examples_card_and_tiled_map_are_saberc_s() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = copy_map(dir.path());
    let scen = dir.path().join("millbrook.ron");
    std::fs::copy(ms_example().join("millbrook.ron"), &scen).expect("copied");

    let mut h = editor();
    open(&mut h, &scen);
    let card = dir.path().join("card.svg");
    h.state_mut().write_card(&card);
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    let (compiled, _) = saber_schema::pipeline::musket_and_saber::compile_scenario(
        &Source::read(&scen).expect("readable"),
        &MapRegistry::new(),
    );
    let theirs =
        saber_schema::output::musket_and_saber::card::ms_card_svg(&compiled.expect("compiles"));
    assert_eq!(std::fs::read_to_string(&card).expect("written"), theirs);

    // A scenario's Tiled export is refused, as saberc refuses it.
    h.state_mut().export_tiled();
    assert!(
        h.state()
            .error()
            .is_some_and(|e| e.contains("no Tiled export")),
        "{:?}",
        h.state().error()
    );

    let mut h = editor();
    open(&mut h, &map);
    let out = dir.path().join("tiled");
    std::fs::create_dir_all(&out).expect("dir");
    h.state_mut().write_tiled(&out);
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    let files = saber_schema::output::musket_and_saber::tiled::export_ms_map(&example_map())
        .expect("drawn");
    assert!(!files.is_empty());
    for f in files {
        assert_eq!(
            std::fs::read(out.join(&f.name)).expect("written"),
            f.bytes,
            "{}",
            f.name
        );
    }
}

/// New scenario with the game chosen: with a Rifle & Saber map open, Scenario → "New Musket &
/// Saber scenario on a map file…" makes the library's M&S skeleton on the M&S map chosen (and
/// refuses a map of the other game, naming it).
#[test]
fn a_new_musket_and_saber_scenario_is_made_on_a_chosen_map() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = copy_map(dir.path());
    let mut h = editor();
    h.get_by_label("Scenario").click();
    h.run();
    assert!(
        h.query_by_label("New Musket & Saber scenario on a map file…")
            .is_some()
    );
    h.key_press(Key::Escape);
    h.run();
    // The file its dialog answers with.
    h.state_mut().finish_choice(
        crate::app::file_dialog::Purpose::NewScenarioOn(MS),
        map.clone(),
    );
    h.run();
    let s = scenario(&h);
    assert_eq!(s.map, "millbrook-invented");
    assert_eq!(h.state().doc().map_file.as_deref(), Some(map.as_path()));
    let text = h.state().doc().text.clone().expect("the skeleton's text");
    assert!(text.contains("made by\n// `saberc new scenario`"), "{text}");

    let rs_map = dir.path().join("rs.ron");
    files::save_model(&files::new_map().to_file(), &rs_map).expect("saved");
    let mut h = editor();
    h.state_mut().request(Action::NewScenarioOn(MS, rs_map));
    h.run();
    assert!(
        h.state()
            .error()
            .is_some_and(|e| e.contains("is not a Musket & Saber map")),
        "{:?}",
        h.state().error()
    );
}

/// Renaming a side or a counter in the roster form keeps what named it: the set-up lines,
/// placements, reinforcements, First Player and victory conditions (the example stays clean).
#[test]
fn renames_in_the_roster_are_carried() {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_map(dir.path());
    let scen = dir.path().join("millbrook.ron");
    std::fs::copy(ms_example().join("millbrook.ron"), &scen).expect("copied");
    let mut h = tall_editor();
    open(&mut h, &scen);
    tab(&mut h, "Sides & roster");
    set_text(&mut h, "Side 1 id", "union");
    set_text(&mut h, "Side 1 counter 2 ID", "Second Brigade");
    set_text(&mut h, "Side 1 counter 6 ID", "Hussars");
    let s = scenario(&h);
    assert_eq!(s.first_player, "union");
    assert_eq!(s.victory[0].side, "union");
    assert!(s.setup[1].units.contains(&"Second Brigade".to_string()));
    assert!(
        s.placements
            .iter()
            .any(|p| p.side == "union" && p.unit == "Second Brigade")
    );
    assert_eq!(s.reinforcements[0].units, ["Hussars"]);
    assert!(
        h.state().ms_ui().checker.items.is_empty(),
        "{:#?}",
        h.state().ms_ui().checker.items
    );
}

#[test]
fn a_unit_on_its_own_line_is_that_lines_not_its_formations() {
    // 3.2: "2nd Div: 0909 w/1" and "Cotter: 0909", with Cotter of 2nd Div: his own line sets
    // him up (clicking him moves him, not the division), as `saberc check` and the export read it.
    let mut s = millbrook();
    let counter =
        |s: &MsScenario, id: &str| s.sides[1].counters.iter().position(|c| c.id == id).unwrap();
    let cotter = counter(&s, "Gen. Cotter");
    s.sides[1].counters[cotter].formation = "2nd Div".into();
    let line_of = crate::games::musket_and_saber::setup::line_of;
    assert_eq!(line_of(&s, 1, cotter), Some(3));
    assert_eq!(line_of(&s, 1, counter(&s, "4th Bde")), Some(2));
}

/// The hexes within one of `at` on the example map, sorted.
fn within_one(at: Coord) -> Vec<Coord> {
    let grid = example_map().grid();
    let mut v: Vec<Coord> = grid
        .coords()
        .filter(|c| grid.distance(*c, at) <= 1)
        .collect();
    v.sort();
    v
}

/// Issue 37 §10: ticking `w/1` on a line keeps its counters drawn on the line's hex (3.2 puts
/// them there until placed), with the ring of hexes they may take shown.
#[test]
fn a_w1_line_keeps_its_units_on_its_hex_with_their_ring() {
    let mut h = editor();
    open(&mut h, &ms_example().join("millbrook.ron"));
    tab(&mut h, "Set-up");
    h.get_by_label("Line 1 w/1").click();
    h.run();
    h.run();
    let at = Coord(5, 4);
    assert!(scenario(&h).setup[0].w1);
    let overlay = h.state().ms_overlay();
    let mut here: Vec<String> = overlay
        .stacks
        .iter()
        .filter(|st| st.hex == at)
        .flat_map(|st| st.counters.clone())
        .collect();
    here.sort();
    assert_eq!(here, ["1st Bde", "Col. Ba", "Gen. As", "Rifles"]);
    let ring_color = egui::Color32::from_rgb(250, 210, 40);
    let mut ring: Vec<Coord> = overlay
        .marks
        .iter()
        .filter(|(_, c)| *c == ring_color)
        .map(|(h, _)| *h)
        .collect();
    ring.sort();
    assert_eq!(ring, within_one(at));
}

/// Issue 37 §10: a counter clicked next to a `w/1` line's hex joins that line as a placement
/// within one hex (3.2), rather than starting a line of its own.
#[test]
fn a_unit_clicked_next_to_a_w1_line_joins_it() {
    let mut h = editor();
    open(&mut h, &ms_example().join("millbrook.ron"));
    tab(&mut h, "Set-up");
    let before = scenario(&h);
    let w1_hex = Coord(6, 4);
    let next = within_one(w1_hex)
        .into_iter()
        .find(|c| *c != w1_hex && !before.setup.iter().any(|l| l.at == *c))
        .expect("a free hex next to 0604");
    let label = example_map().grid().label(next);
    set_up(&mut h, "1st Bde", &[&label]);
    let s = scenario(&h);
    assert_eq!(s.setup.len(), before.setup.len(), "no new line");
    let line = s
        .setup
        .iter()
        .find(|l| l.at == w1_hex)
        .expect("the w/1 line");
    assert!(line.units.contains(&"1st Bde".to_string()), "{line:?}");
    assert!(
        s.placements
            .iter()
            .any(|p| p.unit == "1st Bde" && p.at == next),
        "{:?}",
        s.placements
    );
}

/// Issue 37 §10: a victory condition made in the editor gets the card's words for it as its
/// `printed` text; the designer's own words are kept when a condition changes.
#[test]
fn a_victory_made_in_the_editor_says_what_it_is() {
    let mut h = tall_editor();
    open(&mut h, &ms_example().join("millbrook.ron"));
    tab(&mut h, "Victory");
    h.get_by_label("+ Victory condition").click();
    h.run();
    let s = scenario(&h);
    let v = s.victory.last().expect("a condition");
    assert_eq!(s.victory.len(), 3);
    assert!(!v.printed.is_empty());
    assert_eq!(v.printed, s.describe_victory(v));
    let theirs = s.victory[0].printed.clone();
    h.state_mut().doc_mut().edit_ms_scenario("Side", None, |s| {
        s.victory[0].side = "south".into();
    });
    assert_eq!(
        scenario(&h).victory[0].printed,
        theirs,
        "the designer's words"
    );
}
