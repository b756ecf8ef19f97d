//! Issue 40 §5 in the editor: the Musket & Saber map's hexsides and roads painted with the map's own
//! kinds; the M&S victory form on the scenario's own sides and its map's clauses.

use std::path::{Path, PathBuf};

use egui::{PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use saber_schema::model::hex::{Compass, Coord, SideKey};
use saber_schema::model::musket_and_saber::{MsMapFile, MsScenario};

use crate::app::App;
use crate::files;
use crate::games::musket_and_saber::paint::has_hexside;
use crate::ui_tests::{click, drag, harness, hex_center};

/// The invented example's map, copied into `dir`.
fn example_map(dir: &Path) -> PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios/examples/musket-and-saber/maps/millbrook-invented.ron");
    let to = dir.join("millbrook-invented.ron");
    std::fs::copy(from, &to).expect("copied");
    to
}

/// The M&S example scenario copied into `dir`, its map into `dir/maps`.
fn example_scenario(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir.join("maps")).expect("maps");
    example_map(&dir.join("maps"));
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios/examples/musket-and-saber/millbrook.ron");
    let to = dir.join("millbrook.ron");
    std::fs::copy(from, &to).expect("copied");
    to
}

fn opened(path: &Path) -> Harness<'static, App> {
    let mut h = harness(App::new(files::default_map(), None));
    h.run();
    h.state_mut().open_path(path);
    for _ in 0..3 {
        h.run();
    }
    h
}

fn file(h: &Harness<'_, App>) -> MsMapFile {
    let other = h.state().doc().content();
    match other.own::<MsMapFile>() {
        Some(f) => f.clone(),
        None => panic!("not an M&S map: {other:?}"),
    }
}

fn hex(h: &Harness<'_, App>, label: &str) -> Coord {
    h.state()
        .doc()
        .map()
        .grid
        .parse_label(label)
        .expect("a hex")
}

/// Choosing the chart's hexside kind and clicking near a hexside draws one of that kind there
/// (from a hex of the map, as the file names hexsides); a drag along hexsides draws each; a
/// click on a drawn one erases it; each stroke is one undo step, named.
#[test]
fn a_hexside_of_the_charts_kind_is_drawn_and_erased() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = opened(&example_map(dir.path()));
    h.get_by_label("hexside: stream").click();
    h.run();
    let grid = h.state().doc().map().grid;
    let a = hex(&h, "0303");
    let b = grid.across(a, Compass::S).expect("a hex below");
    let side = SideKey::new(a, b);
    assert!(!has_hexside(&file(&h), "stream", side));
    let mid = |h: &Harness<'_, App>, a: Coord, b: Coord| {
        let (p, q) = (hex_center(h, a), hex_center(h, b));
        Pos2::new((p.x + q.x) / 2.0, (p.y + q.y) / 2.0)
    };
    let at = mid(&h, a, b);
    click(&mut h, at);
    let f = file(&h);
    assert!(has_hexside(&f, "stream", side), "{:?}", f.hexsides);
    assert_eq!(f.hexsides.len(), 4, "one added to the example's three");
    assert_eq!(
        h.state()
            .doc()
            .history()
            .done()
            .last()
            .map(|s| s.label.as_str()),
        Some("Draw stream hexside 0303–0304")
    );
    // A drag along the row's south sides draws each hexside it passes.
    let (c, d) = (hex(&h, "0403"), hex(&h, "0404"));
    let (e, g) = (hex(&h, "0503"), hex(&h, "0504"));
    let (p1, p2) = (mid(&h, c, d), mid(&h, e, g));
    drag(&mut h, &[p1, p2], PointerButton::Primary);
    let f = file(&h);
    assert!(
        has_hexside(&f, "stream", SideKey::new(c, d)),
        "{:?}",
        f.hexsides
    );
    assert!(
        has_hexside(&f, "stream", SideKey::new(e, g)),
        "{:?}",
        f.hexsides
    );
    // Clicking a drawn hexside erases it.
    click(&mut h, at);
    assert!(!has_hexside(&file(&h), "stream", side));
    h.state_mut().doc_mut().undo();
    assert!(
        has_hexside(&file(&h), "stream", side),
        "undo brings it back"
    );
}

/// The road brush dragged from hex to hex draws a road through the hexes between; a click near
/// a hexside of the road removes its link, splitting it.
#[test]
fn a_road_is_drawn_through_the_hexes_dragged() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = opened(&example_map(dir.path()));
    let before = file(&h).roads.len();
    h.get_by_label("road").click();
    h.run();
    let (from, to) = (hex(&h, "0302"), hex(&h, "0702"));
    let points = [hex_center(&h, from), hex_center(&h, to)];
    drag(&mut h, &points, PointerButton::Primary);
    let f = file(&h);
    assert_eq!(f.roads.len(), before + 1, "{:?}", f.roads);
    let road = &f.roads[before].hexes;
    assert_eq!(road.first(), Some(&from));
    assert_eq!(road.last(), Some(&to));
    let grid = f.grid();
    assert!(
        road.windows(2).all(|w| grid.adjacent(w[0], w[1])),
        "{road:?}"
    );
    // The map drawn has it too (the canvas and the shared queries read it).
    assert!(h.state().doc().map().roads.iter().any(|r| r.hexes == *road));
    assert_eq!(
        h.state()
            .doc()
            .history()
            .done()
            .last()
            .map(|s| s.label.as_str()),
        Some("Draw road 0302–0702")
    );
    h.state_mut().doc_mut().undo();
    assert_eq!(file(&h).roads.len(), before);
}

/// The M&S victory form names the scenario's own sides (no stand-in R&S sides) and its zone
/// clauses are the ones an M&S map can answer: a terrain clause (naming the chart's kinds),
/// no Rifle & Saber slope, river-bank or feature clause.
#[test]
fn the_ms_victory_form_is_on_the_scenarios_own_sides_and_map() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = example_scenario(dir.path());
    let mut h = opened(&path);
    h.get_all_by_label("Victory")
        .last()
        .expect("the Victory tab")
        .click();
    h.run();
    let Some(s) = h.state().doc().content().own::<MsScenario>() else {
        panic!("an M&S scenario");
    };
    let names: Vec<String> = s.sides.iter().map(|x| x.name.clone()).collect();
    let side = h
        .get_all_by_role_and_label(egui::accesskit::Role::ComboBox, "Side")
        .next()
        .expect("a side combo")
        .value()
        .unwrap_or_default();
    assert!(names.contains(&side), "{side} is one of {names:?}");
    let offered = clauses(&mut h);
    assert!(offered.iter().any(|c| c == "Listed hexes"), "{offered:?}");
    assert!(offered.iter().any(|c| c == "Terrain"), "{offered:?}");
    assert!(!offered.iter().any(|c| c == "Slopes"), "{offered:?}");
    // Nor the other clauses its schema has not: river banks, numbered features.
    assert!(
        !offered
            .iter()
            .any(|c| c == "Side of the river" || c.starts_with("Feature")),
        "{offered:?}"
    );
}

/// The clauses the first clause chooser offers.
fn clauses(h: &mut Harness<'static, App>) -> Vec<String> {
    use egui::accesskit::Role;
    h.get_all_by_role_and_label(Role::ComboBox, "Kind of clause")
        .next()
        .expect("a clause chooser")
        .click();
    h.run();
    let offered = h
        .get_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    h.key_press(egui::Key::Escape);
    h.run();
    offered
}

/// The lines of `after` that are not in `before` and those of `before` not in `after`, in order
/// (a line diff good enough for edits that change or add whole lines).
fn changed_lines(before: &str, after: &str) -> (Vec<String>, Vec<String>) {
    let diff = |a: &str, b: &str| -> Vec<String> {
        let mut rest: Vec<&str> = b.lines().collect();
        a.lines()
            .filter(|l| match rest.iter().position(|r| r == l) {
                Some(i) => {
                    rest.remove(i);
                    false
                }
                None => true,
            })
            .map(str::to_string)
            .collect()
    };
    (diff(after, before), diff(before, after))
}

/// A saved M&S map writes a hexside and a road drawn in the editor with their hexes as the map
/// prints them (`"0302"`), never as grid tuples, and changes nothing else.
#[test]
fn an_ms_map_save_writes_hexes_as_printed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = example_map(dir.path());
    let before = std::fs::read_to_string(&path).expect("read");
    let mut h = opened(&path);
    let grid = h.state().doc().map().grid;
    let a = hex(&h, "0302");
    let b = grid.across(a, Compass::S).expect("below");
    h.state_mut()
        .doc_mut()
        .edit_ms_map("Draw", None, |f| {
            crate::games::musket_and_saber::paint::set_hexside(
                f,
                "stream",
                SideKey::new(a, b),
                true,
            );
            crate::tools::hexside::add_path(&mut f.roads, &[hex_of("0212"), hex_of("0312")]);
        })
        .expect("an M&S map");
    assert!(h.state_mut().save_to(&path), "{:?}", h.state().error());
    let after = std::fs::read_to_string(&path).expect("read");
    let (added, removed) = changed_lines(&before, &after);
    assert_eq!(removed, Vec::<String>::new(), "{after}");
    let added = added.join("\n");
    assert!(added.contains(r#"hex: "0302","#), "{added}");
    assert!(
        added.contains(r#""0212""#) && added.contains(r#""0312""#),
        "{added}"
    );
    assert!(
        !added.contains("(3, 2)") && !added.contains("(2, 12)"),
        "{added}"
    );
}

/// Moving a set-up line of an M&S scenario and saving changes that one line, written as the
/// map prints the hex.
#[test]
fn an_ms_scenario_save_changes_only_the_moved_hex() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = example_scenario(dir.path());
    let before = std::fs::read_to_string(&path).expect("read");
    let mut h = opened(&path);
    h.state_mut()
        .doc_mut()
        .edit_ms_scenario("Move", None, |s| s.setup[0].at = hex_of("0505"))
        .expect("an M&S scenario");
    assert!(h.state_mut().save_to(&path), "{:?}", h.state().error());
    let after = std::fs::read_to_string(&path).expect("read");
    let (added, removed) = changed_lines(&before, &after);
    assert_eq!(added, [r#"            at: "0505","#], "{after}");
    assert_eq!(removed, [r#"            at: "0504","#]);
}

/// A chart row added with "+ Chart row" and saved writes the fields the row has (its kind, what
/// it is on, its source), not every blank column and unticked flag the user left as they were
/// (the editor wrote `infantry: None, …, clear_for_charges: false` into the file).
#[test]
fn a_chart_row_added_saves_only_what_it_holds() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (rows, added, removed) = chart_row_added(&example_map(dir.path()));
    assert_eq!(removed, Vec::<String>::new());
    assert_eq!(
        added,
        [
            "        (".to_string(),
            format!("            kind: \"kind {rows}\","),
            "            on: Hex,".to_string(),
            "            source: \"\",".to_string(),
            "        ),".to_string(),
        ]
    );
}

/// The same in a JSON map file, whose list a save wrote again whole (every row with every
/// blank column `null`): the row is inserted where it goes, without what the reader fills in.
#[test]
fn a_chart_row_added_to_a_json_map_saves_only_what_it_holds() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ron = example_map(dir.path());
    let src = saber_schema::pipeline::read::Source::read(&ron).expect("read");
    let map: MsMapFile = saber_schema::pipeline::parse::parse(&src).expect("parses");
    let json = saber_schema::pipeline::read::Syntax::Json;
    let path = dir.path().join("millbrook-invented.json");
    let text = saber_schema::output::format::model_text(&map, json).expect("writes");
    std::fs::write(&path, text).expect("written");
    let (rows, added, removed) = chart_row_added(&path);
    assert_eq!(removed, Vec::<String>::new());
    assert_eq!(
        added,
        [
            format!("      \"kind\": \"kind {rows}\","),
            "      \"on\": \"Hex\",".to_string(),
            "      \"source\": \"\"".to_string(),
            // The row before it gains its comma; the new row's brace and the list's stay.
            "    },".to_string(),
            "    {".to_string(),
        ]
    );
}

/// "+ Chart row" on the map file at `path`, then saved: the rows there are now, and the lines
/// the save added to the file and took from it.
fn chart_row_added(path: &Path) -> (usize, Vec<String>, Vec<String>) {
    let before = std::fs::read_to_string(path).expect("read");
    let mut h = opened(path);
    h.get_by_label("Chart & track").click();
    h.run();
    h.get_by_label("+ Chart row").click();
    h.run();
    let rows = file(&h).chart.len();
    assert!(h.state_mut().save_to(path), "{:?}", h.state().error());
    let after = std::fs::read_to_string(path).expect("read");
    let (added, removed) = changed_lines(&before, &after);
    (rows, added, removed)
}

fn hex_of(label: &str) -> Coord {
    saber_schema::model::hex::parse_label(label).expect("a label")
}

/// The test grid numbered from 0100 (its first hex `0100`, 2.2 saying only "Each hex has a
/// four-digit number"), with a stream hexside south of `0500`, written as `maps/ms-grid-0100.ron`
/// in `dir`.
fn map_from_0100(dir: &Path) -> PathBuf {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/maps/ms-grid.ron");
    let text = std::fs::read_to_string(fixture)
        .expect("fixture")
        .replace("id: \"ms-grid\"", "id: \"ms-grid-0100\"")
        .replace(
            "numbering: ColumnRowFrom0101,",
            "numbering: ColumnRow(first_column: 1, first_row: 0),\n    hexsides: [\n        (kind: \"stream\", hex: \"0500\", side: S),\n    ],",
        )
        .replace(
            "    ],\n    track:",
            "        (kind: \"stream\", on: Hexside, infantry: Some(Plus(1)), cavalry: Some(Plus(1)), artillery: Some(Plus(1)), source: \"invented\"),\n    ],\n    track:",
        );
    std::fs::create_dir_all(dir.join("maps")).expect("maps");
    let path = dir.join("maps/ms-grid-0100.ron");
    std::fs::write(&path, text).expect("written");
    path
}

/// An M&S map numbered from 0100 opens, draws its hexside where its number says (south of
/// `0500`, the top row), is painted in its own numbers, and saves the one hexside drawn as
/// lines written as the map prints it (the editor declined such a map, issue 40).
#[test]
fn an_ms_map_numbered_from_0100_opens_draws_and_saves_in_its_own_numbers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = map_from_0100(dir.path());
    let before = std::fs::read_to_string(&path).expect("read");
    let mut h = opened(&path);
    assert_eq!(file(&h).id, "ms-grid-0100", "{:?}", h.state().error());
    let grid = h.state().doc().map().grid;
    assert_eq!(grid.label(Coord(1, 1)), "0100");
    // The file's hexside, drawn between the top row's 0500 and the 0501 below it.
    let (top, below) = (hex(&h, "0500"), hex(&h, "0501"));
    assert_eq!(top, Coord(5, 1));
    let borders: Vec<(Coord, Coord)> = h
        .state()
        .ms_overlay()
        .borders
        .iter()
        .map(|b| (b.0, b.1))
        .collect();
    assert_eq!(borders, [(top, below)]);
    // Hovering 0500 says its hexside.
    let said = crate::app::workspace::Mode::hover_text(h.state().ms_ui(), h.state().doc(), top);
    assert!(
        said.as_deref().unwrap_or("").contains("stream S"),
        "{said:?}"
    );
    // A stream drawn between 0302 and 0303 is saved as the map prints it.
    h.get_by_label("hexside: stream").click();
    h.run();
    let (a, b) = (hex(&h, "0302"), hex(&h, "0303"));
    let (p, q) = (hex_center(&h, a), hex_center(&h, b));
    click(&mut h, Pos2::new((p.x + q.x) / 2.0, (p.y + q.y) / 2.0));
    assert!(has_hexside(&file(&h), "stream", SideKey::new(a, b)));
    assert_eq!(
        h.state()
            .doc()
            .history()
            .done()
            .last()
            .map(|s| s.label.as_str()),
        Some("Draw stream hexside 0302–0303")
    );
    assert!(h.state_mut().save_to(&path), "{:?}", h.state().error());
    let after = std::fs::read_to_string(&path).expect("read");
    let (added, removed) = changed_lines(&before, &after);
    assert_eq!(removed, Vec::<String>::new(), "{after}");
    let added = added.join("\n");
    assert!(added.contains(r#"hex: "0302""#), "{added}");
    assert!(
        !added.contains("(3, 2)") && !added.contains("(3, 3)"),
        "{added}"
    );
}

/// A scenario of two brigades on the map numbered from 0100 (`map_from_0100`), written as
/// `s.ron` in `dir`.
fn scenario_on_0100(dir: &Path) -> PathBuf {
    map_from_0100(dir);
    let path = dir.join("s.ron");
    let counter = |id: &str| {
        format!(
            r#"(id: "{id}", formation: "1 Div", class: Brigade, steps: 2, front: (cf: Some(One(4)), mr: Some(4), ma: Some(4)), back: (cf: Some(One(2)), mr: Some(3)), source: "invented")"#
        )
    };
    let text = format!(
        r#"(
    format: "saber-scenario/1",
    game: "musket-and-saber-quick-play",
    id: "s",
    name: "On a map from 0100",
    source: "invented for the project",
    map: "ms-grid-0100",
    sides: [
        (id: "blue", name: "Blue", counters: [{}], entry_hexes: ["0100"], replacement_steps: Some(0)),
        (id: "red", name: "Red", counters: [{}], entry_hexes: ["1007"], replacement_steps: Some(0)),
    ],
    first_player: "blue",
    game_length: 4,
    setup: [
        (side: "blue", units: ["1 Bde"], at: "0201"),
        (side: "red", units: ["9 Bde"], at: "0807"),
    ],
    victory: [
        (side: "blue", goal: Hold(target: Hexes(["0807"]), when: EndOfGame)),
        (side: "red", goal: Hold(target: Hexes(["0201"]), when: EndOfGame)),
    ],
)
"#,
        counter("1 Bde"),
        counter("9 Bde")
    );
    std::fs::write(&path, text).expect("written");
    path
}

/// A scenario on a map numbered from 0100: its set-up stands where the map's numbers say, a
/// counter clicked onto the top row (`0500`) is set up there, its line's words and the set-up
/// tab say `0500`, and the save writes `"0500"`; reopened, it is where it was put.
#[test]
fn an_ms_scenario_on_a_map_numbered_from_0100_is_set_up_in_its_own_numbers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = scenario_on_0100(dir.path());
    let mut h = opened(&path);
    assert!(
        h.state().doc().content().own::<MsScenario>().is_some(),
        "{:?}",
        h.state().error()
    );
    // 0201 is the second column's second row of the grid; 0807 the eighth row.
    let stacks: Vec<Coord> = h
        .state()
        .ms_overlay()
        .stacks
        .iter()
        .map(|s| s.hex)
        .collect();
    assert_eq!(stacks, [Coord(2, 2), Coord(8, 8)]);
    h.get_all_by_label("Set-up")
        .last()
        .expect("the Set-up tab")
        .click();
    h.run();
    h.get_by_label("9 Bde (0807)").click();
    h.run();
    let top = hex(&h, "0500");
    let at = hex_center(&h, top);
    click(&mut h, at);
    let Some(s) = h.state().doc().content().own::<MsScenario>() else {
        panic!("an M&S scenario");
    };
    assert_eq!(s.setup[1].at, Coord(5, 0), "written as the map prints it");
    assert_eq!(s.setup[1].printed, "9 Bde: 0500");
    assert!(h.query_by_label("9 Bde (0500)").is_some());
    assert!(h.state_mut().save_to(&path), "{:?}", h.state().error());
    let after = std::fs::read_to_string(&path).expect("read");
    assert!(after.contains(r#"at: "0500""#), "{after}");
    let h = opened(&path);
    let stacks: Vec<Coord> = h
        .state()
        .ms_overlay()
        .stacks
        .iter()
        .map(|s| s.hex)
        .collect();
    assert_eq!(stacks, [Coord(2, 2), top]);
}

/// A victory hex typed on a map numbered from 0100 is the hex the map prints so: `0500` typed
/// is the top row's fifth hex, shown and saved as `0500` (it was read as if the map were
/// numbered from 0101: one row off, `0805` typed became `0804`, seen under Xvfb).
#[test]
fn a_victory_hex_typed_on_a_map_numbered_from_0100_is_that_hex() {
    use egui::accesskit::Role;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = scenario_on_0100(dir.path());
    let mut h = opened(&path);
    h.get_all_by_label("Victory")
        .last()
        .expect("the Victory tab")
        .click();
    h.run();
    let field = h
        .get_all_by_role(Role::TextInput)
        .find(|n| n.accesskit_node().placeholder() == Some("0412"))
        .expect("the hex label field");
    field.focus();
    h.run();
    h.get_all_by_role(Role::TextInput)
        .find(|n| n.accesskit_node().placeholder() == Some("0412"))
        .expect("the hex label field")
        .type_text("0500");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let chips: Vec<String> = h
        .get_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| l.ends_with('×'))
        .collect();
    assert!(
        chips.iter().any(|c| c == "0500 ×"),
        "shown as typed: {chips:?}"
    );
    // The form's words say the map's numbers too ("hexes 0807, 0500", not the grid's
    // "hexes 0808, 0501").
    let words: Vec<String> = h
        .get_all_by_role(Role::Label)
        .filter_map(|n| n.accesskit_node().value())
        .filter(|v| v.contains("hexes 08"))
        .collect();
    assert!(!words.is_empty(), "the zone in words");
    assert!(
        words.iter().all(|w| w.contains("hexes 0807, 0500")),
        "{words:?}"
    );
    assert!(h.state_mut().save_to(&path), "{:?}", h.state().error());
    let after = std::fs::read_to_string(&path).expect("read");
    assert!(after.contains(r#"Hexes(["0807", "0500"])"#), "{after}");
}

/// "New scenario on this map" from a Musket & Saber scenario with unsaved changes asks about
/// those changes, as from any scenario: its map is a file of its own, already saved (it asked
/// to "Save the map first", naming the scenario's file, and saved the scenario).
#[test]
fn a_new_scenario_on_an_ms_scenario_s_map_asks_about_unsaved_changes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = example_scenario(dir.path());
    let mut h = opened(&path);
    let doc = h.state_mut().doc_mut();
    doc.edit_ms_scenario("Name", None, |s| s.name = "Changed".into());
    h.state_mut().request(crate::app::Action::NewScenario);
    h.run();
    assert!(h.query_by_label("Save the map first").is_none());
    h.get_by_label("Unsaved changes");
}
