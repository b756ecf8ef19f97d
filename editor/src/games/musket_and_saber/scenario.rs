//! An M&S scenario's forms: the header (First Player, game length, 3.3), each side with its
//! entry hexes (4.5, 7.7), replacements (11.4) and roster table (one row a counter with both
//! faces, 2.3, 2.4), the reinforcement lines (3.2, 4.5) and the victory conditions (3.4, in the
//! shared goal language, through the R&S builder's own form).

use crate::games::musket_and_saber::Gesture;
use crate::scenario::fields::{form_rows, one_of, side_combo};
use egui::{Id, RichText, Ui};
use saber_schema::model::hex::Grid;
use saber_schema::model::musket_and_saber::{
    Face, MsCounter, MsMapFile, MsScenario, ReinforcementLine,
};
use saber_schema::ruleset::musket_and_saber::MsClass;

use crate::document::{Document, Told};
use crate::games::musket_and_saber::fields;
use crate::games::musket_and_saber::{MsUi, side_color};
use crate::scenario::fields::table::frozen_table;
use crate::scenario::fields::{hex, hex_list, text};
use crate::scenario::zone_builder::ZoneCx;

/// The scenario and its map file, for a form: edited on a copy, recorded as one step if
/// changed.
fn with_scenario(
    doc: &mut Document,
    label: &str,
    gesture: impl Told,
    f: impl FnOnce(&mut MsScenario, &MsMapFile),
) {
    let Some(file) = doc.ms_map().cloned() else {
        return;
    };
    doc.edit_ms_scenario(label, gesture, |s| f(s, &file));
}

/// Id, name, date, source, map, First Player, game length and first turn, notes.
pub fn header_ui(ui: &mut Ui, doc: &mut Document, gesture: Gesture<'_>) -> Option<String> {
    with_scenario(doc, "Edit scenario", gesture, |s, file| {
        let sides = s.sides.clone();
        form_rows(ui, Id::unique("ms-header"), |f| {
            f.row("id", |ui| text(ui, &mut s.id, "Scenario id", 220.0));
            f.row("name", |ui| text(ui, &mut s.name, "Scenario name", 220.0));
            f.row("date", |ui| text(ui, &mut s.date, "Scenario date", 220.0));
            f.row("source", |ui| {
                text(ui, &mut s.source, "Scenario source", 220.0).on_hover_text(
                    "your copy of the game (never shipped), or “invented for the project”",
                )
            });
            f.row("map", |ui| ui.label(format!("{} ({})", s.map, file.name)));
            f.row("First Player", |ui| {
                side_combo(
                    ui,
                    Id::unique("ms-first"),
                    "First Player",
                    &mut s.first_player,
                    &sides,
                    false,
                )
            });
            f.row("turns", |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.add(egui::DragValue::new(&mut s.game_length).range(1..=99))
                        .accessible_name("Game length");
                    let first = s
                        .first_turn
                        .clone()
                        .or_else(|| file.track.labels.first().cloned())
                        .unwrap_or_default();
                    ui.label("from");
                    egui::ComboBox::from_id_salt("ms-first-turn")
                        .width(crate::scenario::fields::combo_width(ui))
                        .selected_text(if first.is_empty() {
                            "—".into()
                        } else {
                            first
                        })
                        .show_ui(ui, |ui| {
                            ui.selectable_value(&mut s.first_turn, None, "the track's first space");
                            for l in &file.track.labels {
                                ui.selectable_value(&mut s.first_turn, Some(l.clone()), l);
                            }
                        })
                        .response
                        .accessible_name("First turn");
                })
            });
        });
        let track = file.track.labels.join(" ");
        ui.weak(format!("The map's Turn Record Track (3.3): {track}"));
        ui.label("notes");
        crate::scenario::fields::text_area(ui, &mut s.notes, "notes");
    });
    None
}

/// Each side: id, name, colour in words, entry hexes, replacement steps and re-entry hexes, and
/// its roster table, with counters to add and remove.
pub fn roster_ui(
    ui: &mut Ui,
    ms: &mut MsUi,
    doc: &mut Document,
    gesture: Gesture<'_>,
) -> Option<String> {
    let mut status = None;
    with_scenario(doc, "Edit sides and roster", gesture, |s, file| {
        let grid = file.grid();
        let before = s.clone();
        for si in 0..s.sides.len() {
            let color = side_color(s, si);
            let sd = &mut s.sides[si];
            let n = si + 1;
            ui.label(
                RichText::new(format!("Side {n}: {}", sd.name))
                    .strong()
                    .color(color),
            );
            form_rows(ui, Id::unique(("ms-side", si)), |f| {
                f.row("id", |ui| {
                    text(ui, &mut sd.id, &format!("Side {n} id"), 160.0)
                });
                f.row("name", |ui| {
                    text(ui, &mut sd.name, &format!("Side {n} name"), 160.0)
                });
                f.row("colour", |ui| {
                    let mut colour = sd.colour.clone().unwrap_or_default();
                    if text(ui, &mut colour, &format!("Side {n} colour"), 160.0)
                        .on_hover_text("the counters' background colour, in words (2.3)")
                        .changed()
                    {
                        sd.colour = (!colour.is_empty()).then_some(colour);
                    }
                });
                f.row("entry hexes", |ui| {
                    hex_list(
                        ui,
                        Id::unique(("ms-entry", si)),
                        &format!("Side {n} entry hexes"),
                        grid,
                        &mut sd.entry_hexes,
                    )
                });
                f.row("replacements", |ui| {
                    ui.horizontal_wrapped(|ui| {
                        let mut stated = sd.replacement_steps.is_some();
                        if ui
                            .checkbox(&mut stated, "stated")
                            .accessible_name(format!("Side {n} replacements stated"))
                            .changed()
                        {
                            sd.replacement_steps = stated.then_some(0);
                        }
                        if let Some(r) = &mut sd.replacement_steps {
                            ui.add(egui::DragValue::new(r).range(0..=999))
                                .accessible_name(format!("Side {n} replacement steps"));
                            ui.label("steps (11.4)");
                        }
                    });
                });
                f.row("re-entry hexes", |ui| {
                    hex_list(
                        ui,
                        Id::unique(("ms-reentry", si)),
                        &format!("Side {n} re-entry hexes"),
                        grid,
                        &mut sd.reentry_hexes,
                    )
                });
            });
            if let Some(st) = roster_table(ui, ms, s, si, grid) {
                status = Some(st);
            }
            ui.separator();
        }
        carry_renames(&before, s);
    });
    status
}

/// A side or counter renamed in the form (same place, new id): the lines, placements, First
/// Player and victory conditions that named it name it still.
fn carry_renames(before: &MsScenario, s: &mut MsScenario) {
    for (old, new) in before.sides.iter().zip(s.sides.clone()) {
        if old.counters.len() == new.counters.len() {
            for (a, b) in old.counters.iter().zip(&new.counters) {
                if a.id != b.id {
                    rename_counter(s, &new.id, &a.id, &b.id);
                }
            }
        }
        if old.id != new.id {
            rename_side(s, &old.id, &new.id);
        }
    }
}

fn renamed(old: &str, new: &str) -> impl Fn(&mut String) {
    move |x: &mut String| {
        if x == old {
            *x = new.to_string();
        }
    }
}

fn rename_side(s: &mut MsScenario, old: &str, new: &str) {
    let swap = renamed(old, new);
    swap(&mut s.first_player);
    s.setup.iter_mut().for_each(|l| swap(&mut l.side));
    s.reinforcements.iter_mut().for_each(|l| swap(&mut l.side));
    s.placements.iter_mut().for_each(|p| swap(&mut p.side));
    for v in &mut s.victory {
        swap(&mut v.side);
        if let saber_schema::model::victory::Outcome::Graded { by_turn, otherwise } = &mut v.outcome
        {
            by_turn.iter_mut().for_each(|r| swap(&mut r.result.winner));
            swap(&mut otherwise.winner);
        }
    }
}

fn rename_counter(s: &mut MsScenario, side: &str, old: &str, new: &str) {
    let swap = renamed(old, new);
    for l in s.setup.iter_mut().filter(|l| l.side == side) {
        l.units.iter_mut().for_each(&swap);
    }
    for l in s.reinforcements.iter_mut().filter(|l| l.side == side) {
        l.units.iter_mut().for_each(&swap);
    }
    for p in s.placements.iter_mut().filter(|p| p.side == side) {
        swap(&mut p.unit);
    }
}

/// The roster of side `si`: one row a counter (ID, formation, class, steps, front and back
/// faces, source); a new counter gets its class's steps from the ruleset (2.4).
fn roster_table(
    ui: &mut Ui,
    ms: &mut MsUi,
    s: &mut MsScenario,
    si: usize,
    _grid: Grid,
) -> Option<String> {
    let n = si + 1;
    let sd = &mut s.sides[si];
    let mut remove = None;
    let rows = sd.counters.len();
    frozen_table(
        ui,
        ("ms-roster", si),
        &[
            "ID",
            "formation",
            "class",
            "steps",
            "front",
            "back",
            "source",
            "",
        ],
        rows,
        |ui, ci, first| {
            let c = &mut sd.counters[ci];
            let name = |what: &str| format!("Side {n} counter {} {what}", ci + 1);
            if first {
                let r = text(ui, &mut c.id, &name("ID"), 90.0);
                if ms.new_counter == Some((si, ci)) {
                    // A counter just added: its ID is typed first, wherever the table was
                    // scrolled to.
                    ms.new_counter = None;
                    r.request_focus();
                    r.scroll_to_me(Some(egui::Align::Min));
                }
                return;
            }
            text(ui, &mut c.formation, &name("formation"), 70.0);
            let before = c.class;
            egui::ComboBox::from_id_salt(("ms-class", si, ci))
                .selected_text(c.class.code())
                .width(80.0)
                .show_ui(ui, |ui| {
                    for k in MsClass::ALL {
                        ui.selectable_value(&mut c.class, k, k.code())
                            .on_hover_text(k.name());
                    }
                })
                .response
                .accessible_name(name("class"));
            if c.class != before {
                c.steps = c.class.steps();
            }
            ui.add(egui::DragValue::new(&mut c.steps).range(1..=2))
                .on_hover_text(format!(
                    "{} has {} (2.4)",
                    c.class.name(),
                    crate::plural(c.class.steps() as usize, "step")
                ))
                .accessible_name(name("steps"));
            for (face, value) in [("front", &mut c.front), ("back", &mut c.back)] {
                fields::face(
                    ui,
                    Id::unique(("ms-face", face, si, ci)),
                    &name(face),
                    value,
                );
            }
            text(ui, &mut c.source, &name("source"), 120.0);
            fields::remove_button(ui, "counter", ci, &mut remove);
        },
    );
    let mut status = None;
    if let Some(ci) = remove {
        let gone = sd.counters.remove(ci);
        if ms.chosen.is_some_and(|(s2, _)| s2 == si) {
            ms.chosen = None;
        }
        status = Some(format!("Removed {}", gone.id));
    }
    if ui.button(format!("+ Counter ({})", sd.name)).clicked() {
        let class = MsClass::Brigade;
        let mut k = sd.counters.len() + 1;
        while sd.counters.iter().any(|c| c.id == format!("Counter {k}")) {
            k += 1;
        }
        ms.new_counter = Some((si, sd.counters.len()));
        sd.counters.push(MsCounter {
            id: format!("Counter {k}"),
            formation: String::new(),
            class,
            steps: class.steps(),
            front: Face::default(),
            back: Face::default(),
            source: String::new(),
        });
    }
    ui.weak(fields::FACE_NOTATION);
    status
}

/// The reinforcement lines: side, units, turn (a label of the map's track) and entry hex
/// (typed, or picked on the map).
pub fn reinforcements_ui(
    ui: &mut Ui,
    ms: &mut MsUi,
    doc: &mut Document,
    gesture: Gesture<'_>,
) -> Option<String> {
    let mut status = None;
    with_scenario(doc, "Edit reinforcements", gesture, |s, file| {
        let grid = file.grid();
        let sides = s.sides.clone();
        let turns = s.game_turns(file);
        let mut remove = None;
        for (li, l) in s.reinforcements.iter_mut().enumerate() {
            let n = li + 1;
            ui.group(|ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{n}."));
                    let before = l.side.clone();
                    side_combo(
                        ui,
                        Id::unique(("ms-reinf-side", li)),
                        &format!("Reinforcement {n} side"),
                        &mut l.side,
                        &sides,
                        false,
                    );
                    if l.side != before {
                        // The other side's entry hex and counters are not this side's (issue
                        // 37 §12): its first entry hex, and no unit until one is ticked.
                        let sd = s.sides.iter().find(|x| x.id == l.side);
                        if let Some(h) = sd.and_then(|sd| sd.entry_hexes.first()) {
                            l.at = *h;
                        }
                        l.units.clear();
                        l.formation = None;
                    }
                    ui.label("on");
                    // The game's turns only: a line on a later space never enters (TRN002).
                    let combo = egui::ComboBox::from_id_salt(("ms-reinf-turn", li));
                    one_of(ui, combo, &mut l.turn, turns.iter().cloned(), |t| t.clone())
                        .accessible_name(format!("Reinforcement {n} turn"));
                    ui.label("at");
                    hex(
                        ui,
                        Id::unique(("ms-reinf-at", li)),
                        &format!("Reinforcement {n} hex"),
                        grid,
                        &mut l.at,
                    );
                    let picking = ms.picking_entry == Some(li);
                    if ui
                        .selectable_label(picking, "Pick")
                        .on_hover_text("click the entry hex on the map (4.5: on the map edge)")
                        .clicked()
                    {
                        ms.picking_entry = (!picking).then_some(li);
                        status = Some(format!("Click line {n}'s entry hex on the map"));
                    }
                    fields::remove_button(ui, "line", li, &mut remove);
                });
                if let Some(sd) = s.sides.iter().find(|x| x.id == l.side) {
                    ui.horizontal_wrapped(|ui| {
                        for c in &sd.counters {
                            let mut on = l.units.contains(&c.id);
                            if ui
                                .checkbox(&mut on, &c.id)
                                .accessible_name(format!("Reinforcement {n} {}", c.id))
                                .changed()
                            {
                                if on {
                                    l.units.push(c.id.clone());
                                } else {
                                    l.units.retain(|u| *u != c.id);
                                }
                            }
                        }
                    });
                }
            });
        }
        if let Some(li) = remove {
            s.reinforcements.remove(li);
            ms.picking_entry = None;
        }
        if ui.button("+ Reinforcement").clicked() {
            let side = s.sides.first().map(|x| x.id.clone()).unwrap_or_default();
            let at = s
                .sides
                .first()
                .and_then(|x| x.entry_hexes.first().copied())
                .unwrap_or(saber_schema::model::hex::Coord(1, 1));
            s.reinforcements.push(ReinforcementLine {
                side,
                units: Vec::new(),
                formation: None,
                turn: turns.first().cloned().unwrap_or_default(),
                at,
                printed: String::new(),
            });
        }
    });
    status
}

/// The victory conditions (3.4), in the goal language of Rifle & Saber scenarios: the R&S
/// builder's own form, on the scenario's sides and turns.
pub fn victory_ui(
    ui: &mut Ui,
    ms: &mut MsUi,
    doc: &mut Document,
    gesture: Gesture<'_>,
) -> Option<String> {
    let map = doc.map().clone();
    let picker = &mut ms.picker;
    with_scenario(doc, "Edit victory conditions", gesture, |s, _| {
        let mut cx = ZoneCx { map: &map, picker };
        crate::scenario::victory::other_game_victory_ui(
            ui,
            Id::unique("ms-victory"),
            &s.sides,
            &mut s.victory,
            s.game_length,
            "3.4",
            &mut cx,
        );
    });
    None
}
