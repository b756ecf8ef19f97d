//! Headless tests of the scenario builder, driven through the UI with egui_kittest.

use egui::{Color32, PointerButton};
use egui_kittest::kittest::Queryable;
use saber_schema::hex::Coord;
use saber_schema::ruleset::UnitKind;
use saber_schema::scenario::Counter;

use crate::app::{Action, App};
use crate::files;
use crate::scenario::panel::Tab;
use crate::scenario::sides::side_color;
use crate::ui_tests::{click, drag, harness, hex_center};

/// The editor with checks inline, so each frame sees the newest result.
fn editor() -> egui_kittest::Harness<'static, App> {
    let mut app = App::new(files::default_map(), None);
    app.scenario.checker.synchronous = true;
    harness(app)
}

fn open_gettysburg(h: &mut egui_kittest::Harness<'static, App>) {
    h.get_by_label("Scenario").click();
    h.run();
    h.get_by_label("Open a historical scenario").click();
    h.run();
    h.get_by_label_contains("11.7 Gettysburg").click();
    h.run();
}

#[test]
fn a_historical_scenario_opens_from_the_menu_with_its_zones_drawn() {
    let mut h = editor();
    open_gettysburg(&mut h);
    let app = h.state();
    let s = app.doc.scenario().expect("a scenario is open");
    assert_eq!(s.rule.as_deref(), Some("11.7"));
    assert!(
        app.scenario.checker.items.is_empty(),
        "{:?}",
        app.scenario.checker.items
    );
    // Both deployment zones are tinted on the map, each in its side's colour.
    let overlay = app.scenario.overlay(&app.doc, None);
    for (si, side) in s.sides.iter().enumerate() {
        let zone = &app.scenario.checker.resolved.groups[si][0].hexes;
        let c = side_color(side.color);
        let tinted = overlay
            .tints
            .iter()
            .filter(|(h, t)| {
                let [r, g, b, _] = t.to_srgba_unmultiplied();
                zone.contains(*h)
                    && [r, g, b]
                        .iter()
                        .zip([c.r(), c.g(), c.b()])
                        .all(|(x, y)| x.abs_diff(y) <= 12)
            })
            .count();
        assert_eq!(tinted, zone.len(), "{} zone drawn", side.name);
        assert!(zone.len() > 20);
    }
    // The forms show the sides; clicking a zone on the map selects its group.
    h.get_by_label("Sides & forces").click();
    h.run();
    assert!(h.query_by_label_contains("Confederates").is_some());
    let hex = h.state().scenario.checker.resolved.groups[1][0]
        .hexes
        .iter()
        .nth(5)
        .expect("hex");
    let at = hex_center(&h, hex);
    click(&mut h, at);
    assert_eq!(h.state().scenario.sel.side, 1);
    assert!(
        h.state().status.contains("Confederates"),
        "{}",
        h.state().status
    );
}

#[test]
fn an_over_stacked_placement_is_marked() {
    let mut h = editor();
    open_gettysburg(&mut h);
    h.get_by_label("Set-up").click();
    h.run();
    assert_eq!(h.state().scenario.tab, Tab::Setup);
    // The Union's muzzle-loading infantry: 30 to place.
    h.get_all_by_label("MZ 30/30")
        .next()
        .expect("Union MZ")
        .click();
    h.run();
    let chosen = h.state().scenario.placement.chosen.clone().expect("chosen");
    assert_eq!(chosen.counter, Counter::Unit(UnitKind::MZ));
    let hex = h.state().scenario.checker.resolved.groups[chosen.side][0]
        .hexes
        .iter()
        .nth(10)
        .expect("hex in the zone");
    let at = hex_center(&h, hex);
    for _ in 0..3 {
        click(&mut h, at);
    }
    let app = h.state();
    assert_eq!(app.doc.scenario().expect("scenario").setup.len(), 3);
    assert!(
        app.scenario.checker.items.is_empty(),
        "three MZ are 6 points: legal"
    );
    // Hovering the full hex with another MZ marks it red before it is placed.
    let overlay = app.scenario.overlay(&app.doc, Some(hex));
    assert_eq!(overlay.marks, vec![(hex, Color32::from_rgb(255, 30, 30))]);
    assert!(
        app.scenario
            .hover_text(&app.doc, hex)
            .is_some_and(|t| t.contains("over-stacked: 8 of 6")),
    );
    click(&mut h, at);
    let app = h.state();
    assert!(app.status.contains("over-stacked"), "{}", app.status);
    let stacks = app.scenario.overlay(&app.doc, None).stacks;
    assert_eq!(stacks.len(), 1);
    assert!(stacks[0].bad && stacks[0].points == 8);
    assert!(
        app.scenario
            .checker
            .items
            .iter()
            .any(|d| d.code.to_string().starts_with("STK")),
        "the compiler reports it: {:?}",
        app.scenario.checker.items
    );
    // Dragging the top counter to an empty hex of the zone makes both legal again.
    let other = app.scenario.checker.resolved.groups[chosen.side][0]
        .hexes
        .iter()
        .nth(30)
        .expect("another hex");
    let to = hex_center(&h, other);
    drag(&mut h, &[at, to], PointerButton::Primary);
    let app = h.state();
    assert!(
        app.scenario.checker.items.is_empty(),
        "{:?}",
        app.scenario.checker.items
    );
    assert!(
        !app.scenario
            .overlay(&app.doc, None)
            .stacks
            .iter()
            .any(|s| s.bad)
    );
    // Undo puts the counter back on the crowded hex.
    h.state_mut().undo();
    h.run();
    assert!(h.state().scenario.overlay(&h.state().doc, None).stacks[0].bad);
}

#[test]
fn the_unsaved_guard_covers_scenarios() {
    let mut h = editor();
    h.state_mut().request(Action::NewScenario);
    h.run();
    assert!(h.state().doc.scenario().is_some());
    assert!(h.state().doc.is_dirty(), "a new scenario is unsaved");
    h.state_mut().request(Action::Historical(0));
    h.run();
    assert!(h.state().confirm.is_some(), "asks before replacing it");
    let _ = Coord(1, 1);
}
