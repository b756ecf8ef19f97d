//! Tests of the 11.18 wizard, driven through its UI with egui_kittest.

use super::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use saber_schema::ruleset::UnitKind;

/// The wizard as the app holds it, with the maps it offers and what it returned.
struct Bench {
    wizard: Wizard,
    maps: Vec<MapOffer>,
    created: Option<Scenario>,
}

/// A custom map: the Rifle & Saber map without its V4 and H26, under its own id.
fn valley() -> Map {
    let mut m = saber_schema::builtin::rifle_and_saber();
    m.id = "valley".into();
    m.name = "The Valley".into();
    m.features.retain(|f| f.code != "V4" && f.code != "H26");
    m
}

fn harness() -> Harness<'static, Bench> {
    let bench = Bench {
        wizard: Wizard {
            open: true,
            ..Wizard::default()
        },
        maps: vec![
            MapOffer::of(&saber_schema::builtin::rifle_and_saber()),
            MapOffer::of(&valley()),
        ],
        created: None,
    };
    let mut h = Harness::builder()
        .with_size(egui::vec2(900.0, 1000.0))
        .build_ui_state(
            |ui, b: &mut Bench| {
                if let Some(s) = b.wizard.show(ui.ctx(), &b.maps) {
                    b.created = Some(s);
                }
            },
            bench,
        );
    h.run();
    h
}

/// Type into the text field labelled `label` (the `nth` of that label).
fn type_into(h: &mut Harness<'_, Bench>, label: &str, nth: usize, text: &str) {
    h.get_all_by_label(label).nth(nth).unwrap().focus();
    h.run();
    h.get_all_by_label(label).nth(nth).unwrap().type_text(text);
    h.run();
}

fn set_number(h: &mut Harness<'_, Bench>, label: &str, nth: usize, value: f64) {
    h.get_all_by_label(label)
        .nth(nth)
        .unwrap()
        .set_value_accesskit(value);
    h.run();
}

fn click(h: &mut Harness<'_, Bench>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

fn units(list: &[(UnitKind, u32)]) -> BTreeMap<UnitKind, u32> {
    list.iter().copied().collect()
}

#[test]
fn worked_example_of_11_18_makes_12_mz_and_2_ma() {
    let mut h = harness();
    type_into(&mut h, "Name", 0, "Test battle");
    click(&mut h, "known");
    set_number(&mut h, "Duration", 0, 60.0);
    click(&mut h, "Next");
    assert_eq!(h.state().wizard.step, Step::Sides);
    assert_eq!(h.state().wizard.battle.name, "Test battle");
    assert_eq!(h.state().wizard.battle.duration_minutes, Some(60));

    // First side by its fields: "1,200 infantry equipped with muzzleloading rifles and 12
    // muzzle-loading cannon" (11.18).
    type_into(&mut h, "Name", 0, "Union");
    set_number(&mut h, "MZ men", 0, 1200.0);
    set_number(&mut h, "MA guns", 0, 12.0);
    // Second side as a line of `saberc factor --side`.
    type_into(
        &mut h,
        "Second side as text",
        0,
        "Confederates: 600 MZ, 6 MzA",
    );
    let side = &h.state().wizard.battle.sides[1];
    assert_eq!(side.name, "Confederates");
    assert_eq!(side.color, Some(CounterColor::Blue), "colour kept");
    assert_eq!(side.men.get(&MenKind::MZ), Some(&600));
    assert_eq!(side.guns.get(&GunKind::MA), Some(&6));
    // The line follows the fields.
    assert_eq!(
        h.state().wizard.side_text[0].text,
        "Union (Red): 1200 MZ, 12 MA"
    );
    click(&mut h, "Next");
    assert_eq!(h.state().wizard.step, Step::Scale);
    click(&mut h, "Next");
    assert_eq!(h.state().wizard.step, Step::Review);

    h.get_by_label("Union (Red): 12 MZ; 2 MA");
    h.get_by_label("Confederates (Blue): 6 MZ; 1 MA");
    h.get_by_label_contains("Suggested: 12 Game-Turns for 60 minutes");
    assert_eq!(h.state().wizard.game_length, 12, "60 minutes, 5 a turn");
    click(&mut h, "Create scenario");

    let b = h.state();
    assert!(!b.wizard.open);
    assert_eq!(b.wizard.battle.name, "", "starts afresh next time");
    let s = b.created.as_ref().expect("a scenario");
    assert_eq!(s.name, "Test battle");
    assert_eq!(s.map, DEFAULT_MAP);
    assert_eq!(s.game_length, 12);
    assert_eq!(s.sides[0].name, "Union");
    assert_eq!(s.sides[0].groups.len(), 1);
    assert_eq!(
        s.sides[0].groups[0].units,
        units(&[(UnitKind::MZ, 12), (UnitKind::MA, 2)])
    );
    assert_eq!(
        s.sides[1].groups[0].units,
        units(&[(UnitKind::MZ, 6), (UnitKind::MA, 1)])
    );
}

/// A wizard with a valid battle on the first page.
fn filled(duration: Option<u32>, first: &str, second: &str) -> Harness<'static, Bench> {
    let mut h = harness();
    let w = &mut h.state_mut().wizard;
    w.battle.name = "Filled".into();
    w.battle.duration_minutes = duration;
    let color = |s: &HistoricalSide| s.color;
    let (c0, c1) = (color(&w.battle.sides[0]), color(&w.battle.sides[1]));
    w.battle.sides[0] = factor::parse_side(first).unwrap();
    w.battle.sides[1] = factor::parse_side(second).unwrap();
    w.battle.sides[0].color = w.battle.sides[0].color.or(c0);
    w.battle.sides[1].color = w.battle.sides[1].color.or(c1);
    h.run();
    h
}

#[test]
fn a_long_battle_is_capped_at_the_track_and_the_length_and_map_are_chosen() {
    let mut h = filled(Some(200), "A: 1200 MZ", "B: 1000 EB");
    for _ in 0..3 {
        click(&mut h, "Next");
    }
    // Back to the map, then forward again.
    click(&mut h, "Back");
    assert_eq!(h.state().wizard.step, Step::Scale);
    click(&mut h, "Map");
    click(&mut h, "The Valley");
    h.get_by_label_contains("At this scale");
    click(&mut h, "Next");
    assert_eq!(
        h.state().wizard.game_length,
        saber_schema::factor::RULES.turn_record_track
    );
    h.get_by_label_contains("The battle lasted 200 minutes, 40 Game-Turns");
    h.get_by_label_contains("longer-than-track");
    set_number(&mut h, "Game length", 0, 15.0);
    set_number(&mut h, "Game length", 0, 25.0);
    assert_eq!(
        h.state().wizard.game_length,
        saber_schema::factor::RULES.turn_record_track,
        "capped"
    );
    set_number(&mut h, "Game length", 0, 15.0);
    click(&mut h, "Create scenario");
    let s = h.state().created.as_ref().expect("a scenario");
    assert_eq!(s.map, "valley");
    // The sides start around features the valley has, never the built-in map's V4 and H26:
    // the scenario checks without errors on it (issue 27 §5).
    let text = format!("{s:?}");
    assert!(
        !text.contains("Feature(\"V4\")") && !text.contains("Feature(\"H26\")"),
        "{text}"
    );
    let errors: Vec<_> = saber_schema::pipeline::check_scenario_model(s, &valley())
        .diagnostics
        .into_iter()
        .filter(|d| d.is_error())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(s.game_length, 15);
    let note = s
        .interpretations
        .iter()
        .find(|i| i.rule == "1.1" && i.text.starts_with("Game length"))
        .unwrap();
    assert!(
        note.reading.ends_with("the designer chose 15 Game-Turns"),
        "{}",
        note.reading
    );
}

#[test]
fn an_arm_rounding_to_zero_shows_its_warning() {
    // 20 cavalry at 100 men a unit are 0.2 units: kept as one, with a warning (11.18).
    let mut h = filled(None, "A: 1200 MZ, 20 CY", "B: 1000 MZ");
    for _ in 0..3 {
        click(&mut h, "Next");
    }
    assert_eq!(h.state().wizard.step, Step::Review);
    h.get_by_label("A (Red): 12 MZ; 1 CY");
    h.get_by_label_contains("20 men CY make 0.20 units, which rounds to none");
    h.get_by_label_contains("rounded-up-to-one, 11.18");
    h.get_by_label_contains("No duration given: 10 Game-Turns suggested");
    // The report's rounding table and ratio are shown.
    h.get_by_label_contains("Ratio A : B (11.18)");
}

/// The factoring report wraps inside the dialog: no line runs past its edge (issue 14 §5).
#[test]
fn the_factoring_report_is_never_cut_off_at_the_dialogs_edge() {
    let mut h = filled(
        Some(95),
        "Army of the Potomac Second Corps First Division: 12000 MZ, 3000 EB, 900 CY, 18 MA, 6 BA",
        "Army of Northern Virginia Longstreet Corps Hood Division: 9000 MZ, 2500 EB, 12 MA",
    );
    for _ in 0..3 {
        click(&mut h, "Next");
    }
    assert_eq!(h.state().wizard.step, Step::Review);
    let heading = h
        .get_by_label("New scenario from a historical battle")
        .rect();
    let right = heading.min.x + WIDTH;
    let report = h.get_by_label_contains("Ratio Army of the Potomac").rect();
    assert!(
        report.min.x >= heading.min.x - 1.0 && report.max.x <= right + 1.0,
        "the report spans {report:?}, the dialog's content ends at x = {right}"
    );
}

#[test]
fn invalid_input_blocks_next_with_the_error_at_the_field() {
    let mut h = harness();
    click(&mut h, "Next");
    assert_eq!(h.state().wizard.step, Step::Battle);
    h.get_by_label("the battle needs a name");
    type_into(&mut h, "Name", 0, "Empty");
    assert!(h.query_by_label("the battle needs a name").is_none());
    click(&mut h, "Next");
    assert_eq!(h.state().wizard.step, Step::Sides);

    // Named sides without strengths.
    type_into(&mut h, "Name", 0, "Union");
    type_into(&mut h, "Name", 1, "Confederates");
    click(&mut h, "Next");
    assert_eq!(h.state().wizard.step, Step::Sides, "blocked");
    h.get_by_label("Union has no men and no guns");
    h.get_by_label("Confederates has no men and no guns");
    set_number(&mut h, "MZ men", 0, 500.0);
    assert!(h.query_by_label("Union has no men and no guns").is_none());
    set_number(&mut h, "CY men", 1, 300.0);

    // Names that make the same id.
    h.state_mut().wizard.battle.sides[1].name = "union".into();
    h.run();
    click(&mut h, "Next");
    assert_eq!(h.state().wizard.step, Step::Sides, "blocked");
    h.get_by_label("the sides need different names: both make the id \"union\"");
    h.state_mut().wizard.battle.sides[1].name = "Confederates".into();
    h.run();

    // Both sides red: an error under the sides (2.3).
    h.state_mut().wizard.battle.sides[1].color = Some(CounterColor::Red);
    click(&mut h, "Next");
    assert_eq!(h.state().wizard.step, Step::Sides, "blocked");
    h.get_by_label_contains("both sides are red");

    // A line that does not parse says why and leaves the side as it was.
    type_into(&mut h, "First side as text", 0, "; nonsense");
    h.get_by_label_contains("Not read yet:");
    assert_eq!(h.state().wizard.battle.sides[0].name, "Union");

    h.state_mut().wizard.battle.sides[1].color = Some(CounterColor::Blue);
    click(&mut h, "Next");
    assert_eq!(h.state().wizard.step, Step::Scale);
}

#[test]
fn cancel_closes_and_forgets() {
    let mut h = filled(Some(30), "A: 100 MZ", "B: 100 MZ");
    click(&mut h, "Next");
    click(&mut h, "Cancel");
    let b = h.state();
    assert!(!b.wizard.open);
    assert!(b.created.is_none());
    assert_eq!(b.wizard.step, Step::Battle);
    assert_eq!(b.wizard.battle, new_battle());
}

#[test]
fn side_line_reads_back_as_the_same_side() {
    let mut side = new_side(CounterColor::Blue);
    side.name = "Prussians".into();
    side.men.insert(MenKind::EB, 12000);
    side.guns.insert(GunKind::BA, 12);
    side.guns.insert(GunKind::MA, 12);
    let line = side_line(&side);
    assert_eq!(line, "Prussians (Blue): 12000 EB, 12 MA, 12 BA");
    assert_eq!(factor::parse_side(&line).unwrap(), side);
}

#[test]
fn stand_ins_never_clash_with_the_real_side() {
    let mut real = new_side(CounterColor::Red);
    real.name = "Stand in 1".into();
    assert_ne!(stand_in(1, &real).id.as_deref(), Some("stand-in-1"));
    let b = Battle {
        sides: vec![stand_in(0, &real), real.clone()],
        name: "X".into(),
        ..new_battle()
    };
    assert!(factor::validate(&b).is_err(), "the real side has no troops");
    real.men.insert(MenKind::MZ, 1);
    let b = Battle {
        sides: vec![stand_in(0, &real), real],
        name: "X".into(),
        ..new_battle()
    };
    factor::validate(&b).unwrap();
}

/// A side's line typed a key at a time, a frame each, as a person (or xdotool under Xvfb)
/// types it. Here the second side is typed first, then the first, both blue: once the first
/// reads ("Rebels (Blue): 1200 MZ"), the error "both sides are blue" appears above the
/// fields, and the field keeps the keyboard for the rest of the line (its id was counted from
/// the widgets above it, so it changed, the field lost the focus and " 8 MA" went nowhere).
#[test]
fn a_side_line_typed_key_by_key_is_read_whole() {
    let mut h = harness();
    type_into(&mut h, "Name", 0, "Test battle");
    click(&mut h, "Next");
    assert_eq!(h.state().wizard.step, Step::Sides);
    // Next on empty sides: their errors are shown from now on.
    click(&mut h, "Next");
    assert_eq!(h.state().wizard.step, Step::Sides);
    let lines = [
        ("Second side as text", 1, "Union (Blue): 900 MZ, 8 MA"),
        ("First side as text", 0, "Rebels (Blue): 1200 MZ, 8 MA"),
    ];
    for (field, i, line) in lines {
        h.get_by_label(field).click();
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        h.run();
        for c in line.chars() {
            h.event(egui::Event::Text(c.to_string()));
            h.run();
        }
        assert_eq!(
            side_line(&h.state().wizard.battle.sides[i]),
            line,
            "{field}"
        );
    }
    // The clash is said, and the first side's field still has the keyboard.
    h.get_by_label_contains("both sides are blue");
    assert!(h.get_by_label("First side as text").is_focused());
}

/// The factoring report's table keeps one row a line at the dialog's width: under Xvfb each
/// row of the worked example wrapped its last column ("-> 92.3%") onto a line of its own.
#[test]
fn the_factoring_reports_table_rows_are_not_wrapped() {
    let mut h = filled(
        Some(60),
        "Rebels (Red): 1200 MZ, 8 MA",
        "Union (Blue): 900 MZ, 8 MA",
    );
    for _ in 0..3 {
        click(&mut h, "Next");
    }
    assert_eq!(h.state().wizard.step, Step::Review);
    fn rows(shape: &egui::Shape, out: &mut Vec<String>) {
        match shape {
            egui::Shape::Text(t) if t.galley.text().contains("Rounding:") => {
                out.extend(t.galley.rows.iter().map(|r| r.text()));
            }
            egui::Shape::Vec(v) => v.iter().for_each(|s| rows(s, out)),
            _ => {}
        }
    }
    let mut shown = Vec::new();
    for s in &h.output().shapes {
        rows(&s.shape, &mut shown);
    }
    assert!(
        shown
            .iter()
            .any(|r| r.contains("Rebels") && r.contains("MZ"))
    );
    let wrapped: Vec<&String> = shown
        .iter()
        .filter(|r| r.trim_start().starts_with("->"))
        .collect();
    assert!(wrapped.is_empty(), "wrapped table rows: {wrapped:?}");
}
