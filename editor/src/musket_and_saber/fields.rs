//! Small fields of the M&S forms: named text fields, hex lists typed as hex numbers, a face of
//! a counter typed as the counter prints it (`CF 5, MR 4, MA 4`), a chart cost. Each writes the
//! model only when what is typed reads as a value of it (the library's hex labels, a face's
//! values), so showing a form never changes the document.

use egui::{Id, Response, RichText, Ui};
use saber_schema::model::hex::{Coord, Grid};
use saber_schema::model::musket_and_saber::{Cf, Cost, Face, LeaderFactors, MsSide};

impl crate::scenario::fields::SideName for MsSide {
    fn id(&self) -> &str {
        &self.id
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// A small Remove button asking for item `i`'s removal (`what` it is, for its tooltip).
pub fn remove_button(ui: &mut Ui, what: &str, i: usize, remove: &mut Option<usize>) {
    if ui
        .small_button("Remove")
        .on_hover_text(format!("remove the {what}"))
        .clicked()
    {
        *remove = Some(i);
    }
}

/// A one-line text field named `name` (for screen readers and tests).
pub fn text(ui: &mut Ui, value: &mut String, name: &str, width: f32) -> Response {
    let width = crate::scenario::fields::fit(ui, width);
    ui.add(
        egui::TextEdit::singleline(value)
            .desired_width(width)
            .min_size(egui::vec2(width, 0.0)),
    )
    .accessible_name(name)
}

/// A table whose first column (each row's name) stays in view while the others scroll
/// sideways beneath their headers (issue 37 §6: a panel narrower than the table cut the names
/// off). `cells(ui, row, first)` draws a row's first cell, or the rest of its cells. The two
/// parts are two grids side by side, their rows of one height, so that they line up. Tab goes
/// along a row, then to the next row's first cell (the grids alone would take it down the
/// first column, so that text typed after a Tab landed in the next row's name).
pub fn frozen_table(
    ui: &mut Ui,
    id: impl std::hash::Hash + std::fmt::Debug + Copy,
    headers: &[&str],
    rows: usize,
    mut cells: impl FnMut(&mut Ui, usize, bool),
) {
    let Some((first, rest)) = headers.split_first() else {
        return;
    };
    let tab = Id::unique((id, "tab"));
    // A Shift+Tab's move, asked for in the last frame: egui gives focus back at the start of a
    // frame, after the table asked for it, so it is asked for again.
    if let Some(to) = ui.data(|d| d.get_temp::<Id>(tab)) {
        ui.data_mut(|d| d.remove::<Id>(tab));
        ui.memory_mut(|m| m.request_focus(to));
    }
    let focused = ui.memory(|m| m.focused());
    // Where each row's cells are among the layer's widgets: (first, past the last, row).
    let mut spans: Vec<(usize, usize, usize)> = Vec::with_capacity(2 * rows);
    // Every cell is one line of one widget: rows this high hold any of them.
    let row_height = ui.spacing().interact_size.y + 6.0;
    let table = egui::UiBuilder::new()
        .ui_stack_info(egui::UiStackInfo::default().with_tag(crate::scenario::fields::TABLE));
    ui.scope_builder(table, |ui| {
        // Each row's cells of one part, noting where they are among the layer's widgets.
        let mut rows_of = |ui: &mut Ui, first: bool| {
            for r in 0..rows {
                let from = widget_count(ui);
                cells(ui, r, first);
                spans.push((from, widget_count(ui), r));
                ui.end_row();
            }
        };
        let whole = ui.horizontal_top(|ui| {
            egui::Grid::new((id, "first"))
                .striped(true)
                .num_columns(1)
                .min_row_height(row_height)
                .show(ui, |ui| {
                    ui.label(RichText::new(*first).strong());
                    ui.end_row();
                    rows_of(ui, true);
                });
            egui::ScrollArea::horizontal()
                .id_salt((id, "scroll"))
                .show(ui, |ui| {
                    egui::Grid::new((id, "rest"))
                        .striped(true)
                        .num_columns(rest.len())
                        .min_row_height(row_height)
                        .show(ui, |ui| {
                            for h in rest {
                                ui.label(RichText::new(*h).strong());
                            }
                            ui.end_row();
                            rows_of(ui, false);
                        });
                })
                .inner_rect
        });
        // Across, the part that scrolls as far as it shows; down, every row, shown or not.
        let view =
            egui::Rect::from_x_y_ranges(whole.inner.x_range(), whole.response.rect.y_range());
        note_table_view(ui, view);
    });
    // Tab from a cell: to the next cell of the row order. From the table's last cell (or
    // Shift+Tab from its first) egui's own order leaves the table, as it should.
    let (pressed, back) = ui.input(|i| (i.key_pressed(egui::Key::Tab), i.modifiers.shift));
    let order: Vec<Id> = if pressed {
        row_order(ui, &spans, rows)
    } else {
        Vec::new()
    };
    if let (true, Some(from)) = (pressed, focused)
        && let Some(k) = order.iter().position(|w| *w == from)
    {
        let to = if back { k.checked_sub(1) } else { Some(k + 1) };
        if let Some(&to) = to.and_then(|t| order.get(t)) {
            ui.memory_mut(|m| m.request_focus(to));
            if back {
                ui.data_mut(|d| d.insert_temp(tab, to));
            }
        }
    }
}

/// How many widgets the ui's layer has so far in this frame.
fn widget_count(ui: &Ui) -> usize {
    let layer = ui.layer_id();
    ui.ctx()
        .viewport(|v| v.this_pass.widgets.get_layer(layer).count())
}

/// The widgets that take the keyboard in `spans` (of the ui's layer, in the order they were
/// made), row by row: each row's first cell, then the rest of its cells. One pass over the
/// layer, whatever the number of rows.
fn row_order(ui: &Ui, spans: &[(usize, usize, usize)], rows: usize) -> Vec<Id> {
    let mut by_row: Vec<Vec<Id>> = vec![Vec::new(); rows];
    let layer = ui.layer_id();
    ui.ctx().viewport(|v| {
        let mut k = 0;
        for (i, w) in v.this_pass.widgets.get_layer(layer).enumerate() {
            while k < spans.len() && i >= spans[k].1 {
                k += 1;
            }
            let Some(&(from, _, row)) = spans.get(k) else {
                break;
            };
            if i >= from && w.enabled && w.sense.is_focusable() {
                by_row[row].push(w.id);
            }
        }
    });
    by_row.into_iter().flatten().collect()
}

/// Keep where a table's scrolling part is (across as it shows, down all its rows), for the
/// tests of a narrow panel.
fn note_table_view(_ui: &Ui, _view: egui::Rect) {
    #[cfg(test)]
    _ui.data_mut(|d| {
        d.get_temp_mut_or_default::<Vec<egui::Rect>>(Id::unique(TABLE_VIEWS))
            .push(_view);
    });
}

/// Where the tables drawn since [`forget_table_views`] keep their parts that scroll sideways
/// (for the tests of a narrow panel).
#[cfg(test)]
const TABLE_VIEWS: &str = "table-views";

/// The views of the tables drawn since [`forget_table_views`].
#[cfg(test)]
pub(crate) fn table_views(ctx: &egui::Context) -> Vec<egui::Rect> {
    ctx.data(|d| d.get_temp::<Vec<egui::Rect>>(Id::unique(TABLE_VIEWS)))
        .unwrap_or_default()
}

/// Forget the tables drawn so far (the next frame's are then its own).
#[cfg(test)]
pub(crate) fn forget_table_views(ctx: &egui::Context) {
    ctx.data_mut(|d| d.remove::<Vec<egui::Rect>>(Id::unique(TABLE_VIEWS)));
}

/// A text whose typed form is kept while it does not read as a value (then shown in red with
/// why), and is made anew from the value otherwise.
fn typed<T>(
    ui: &mut Ui,
    id: Id,
    name: &str,
    width: f32,
    value: &mut T,
    show: impl Fn(&T) -> String,
    read: impl Fn(&str) -> Result<T, String>,
) {
    let width = crate::scenario::fields::fit(ui, width);
    let key = id.with("typed");
    let mut text: String = ui
        .data(|d| d.get_temp::<String>(key))
        .unwrap_or_else(|| show(value));
    let r = ui.add(
        egui::TextEdit::singleline(&mut text)
            .desired_width(width)
            .min_size(egui::vec2(width, 0.0)),
    );
    let r = r.accessible_name(name);
    let mut why = None;
    if r.changed() {
        match read(&text) {
            Ok(v) => *value = v,
            Err(e) => why = Some(e),
        }
    }
    let stale = read(&text).map_or(true, |v| show(&v) != show(value));
    if r.has_focus() || (why.is_some() && stale) {
        ui.data_mut(|d| d.insert_temp(key, text.clone()));
    } else {
        ui.data_mut(|d| d.remove::<String>(key));
    }
    if let Err(e) = read(&text) {
        ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
    }
}

/// Words typed separated by spaces or commas (`0800 0900`, `0800, 0900`): what is typed is
/// kept as typed while the field has focus, so a space typed between two words stays (issue 37
/// §2: the field was made anew from the list each frame, and a trailing space was dropped).
pub fn word_list(ui: &mut Ui, id: Id, name: &str, width: f32, words: &mut Vec<String>) {
    typed(
        ui,
        id,
        name,
        width,
        words,
        |ws| ws.join(" "),
        |t| {
            Ok(t.split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect())
        },
    );
}

/// Hexes typed as the map's hex numbers, separated by spaces or commas (`0801 1601`).
pub fn hex_list(ui: &mut Ui, id: Id, name: &str, grid: Grid, hexes: &mut Vec<Coord>) {
    typed(
        ui,
        id,
        name,
        160.0,
        hexes,
        |hs| {
            hs.iter()
                .map(|c| grid.label(*c))
                .collect::<Vec<_>>()
                .join(" ")
        },
        |t| {
            t.split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(|s| grid.parse_label(s).map_err(|e| format!("`{s}`: {e}")))
                .collect()
        },
    );
}

/// One hex typed as the map's hex number.
pub fn hex(ui: &mut Ui, id: Id, name: &str, grid: Grid, at: &mut Coord) {
    typed(
        ui,
        id,
        name,
        50.0,
        at,
        |c| grid.label(*c),
        |t| {
            grid.parse_label(t.trim())
                .map_err(|e| format!("`{}`: {e}", t.trim()))
        },
    );
}

/// A counter's face as the counter prints it, one value a name: `CF 5, MR 4, MA 4` (`CF 2-3`
/// for attack and defense, 2.3; `range 3`, `charge 5`; `leader 1-1-1` for movement, combat and
/// morale, 10.0). The file's own notation (`cf: Some(One(5)), mr: Some(4)`) is read too.
pub fn face(ui: &mut Ui, id: Id, name: &str, value: &mut Face) {
    typed(ui, id, name, 220.0, value, face_text, read_face);
}

/// What the face field offers to type, said once for the form's hint.
pub const FACE_NOTATION: &str = "A face as the counter prints it: CF 5 (CF 2-3 for attack and defense), MR 4, MA 4, range 3, charge 5, leader 1-1-1 (movement, combat, morale). Values the counter does not print are left out.";

/// A face's printed values in the field's notation, the ones it prints only.
pub fn face_text(f: &Face) -> String {
    let mut parts = Vec::new();
    match f.cf {
        Some(Cf::One(n)) => parts.push(format!("CF {n}")),
        Some(Cf::AttackDefense(a, d)) => parts.push(format!("CF {a}-{d}")),
        None => {}
    }
    for (k, v) in [
        ("MR", f.mr),
        ("MA", f.ma),
        ("range", f.range),
        ("charge", f.charge),
    ] {
        if let Some(v) = v {
            parts.push(format!("{k} {v}"));
        }
    }
    if let Some(l) = f.leader {
        parts.push(format!("leader {}-{}-{}", l.movement, l.combat, l.morale));
    }
    parts.join(", ")
}

/// Read a face typed in the field's notation, or in the file's (it has a `:`).
pub fn read_face(text: &str) -> Result<Face, String> {
    if text.contains(':') {
        return ron::from_str::<Face>(&format!("({text})")).map_err(|e| format!("not a face: {e}"));
    }
    let mut face = Face::default();
    for item in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let (key, value) = item
            .split_once(char::is_whitespace)
            .map(|(k, v)| (k, v.trim()))
            .ok_or_else(|| format!("`{item}`: write a name and its value, as `MA 4`"))?;
        let numbers = |want: usize| -> Result<Vec<u32>, String> {
            let ns: Result<Vec<u32>, _> = value.split('-').map(|n| n.trim().parse()).collect();
            match ns {
                Ok(ns) if ns.len() == want => Ok(ns),
                _ => Err(format!(
                    "`{item}`: {} after {key}",
                    match want {
                        1 => "one whole number",
                        2 => "one number, or two as attack-defense",
                        _ => "three numbers, movement-combat-morale",
                    }
                )),
            }
        };
        let once = |slot: bool| {
            if slot {
                Err(format!("`{key}` is given twice"))
            } else {
                Ok(())
            }
        };
        match key.to_ascii_lowercase().as_str() {
            "cf" => {
                once(face.cf.is_some())?;
                face.cf = Some(match numbers(1) {
                    Ok(n) => Cf::One(n[0]),
                    Err(_) => numbers(2).map(|n| Cf::AttackDefense(n[0], n[1]))?,
                });
            }
            "mr" | "ma" | "range" | "charge" => {
                let slot = match key.to_ascii_lowercase().as_str() {
                    "mr" => &mut face.mr,
                    "ma" => &mut face.ma,
                    "range" => &mut face.range,
                    _ => &mut face.charge,
                };
                once(slot.is_some())?;
                *slot = Some(numbers(1)?[0]);
            }
            "leader" => {
                once(face.leader.is_some())?;
                let n = numbers(3)?;
                face.leader = Some(LeaderFactors {
                    movement: n[0],
                    combat: n[1],
                    morale: n[2],
                });
            }
            _ => {
                return Err(format!(
                    "`{key}` is not a value of a face: CF, MR, MA, range, charge or leader"
                ));
            }
        }
    }
    Ok(face)
}

/// A chart cost: none (the chart leaves it blank), MP, `+n` across a hexside, or prohibited.
pub fn cost(ui: &mut Ui, id: Id, name: &str, value: &mut Option<Cost>) {
    let label = |c: &Option<Cost>| match c {
        None => "—",
        Some(Cost::Mp(_)) => "MP",
        Some(Cost::Plus(_)) => "+",
        Some(Cost::Prohibited) => "P",
    };
    let n = match value {
        Some(Cost::Mp(n) | Cost::Plus(n)) => *n,
        _ => 1,
    };
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt(id)
            .selected_text(label(value))
            .width(44.0)
            .show_ui(ui, |ui| {
                for c in [
                    None,
                    Some(Cost::Mp(n)),
                    Some(Cost::Plus(n)),
                    Some(Cost::Prohibited),
                ] {
                    let text = match c {
                        None => "— (blank)".to_string(),
                        Some(Cost::Mp(_)) => "MP".into(),
                        Some(Cost::Plus(_)) => "+ (hexside)".into(),
                        Some(Cost::Prohibited) => "Prohibited".into(),
                    };
                    ui.selectable_value(value, c, text);
                }
            })
            .response
            .accessible_name(name);
        if let Some(Cost::Mp(n) | Cost::Plus(n)) = value {
            ui.add(egui::DragValue::new(n).range(0..=99))
                .accessible_name(format!("{name} MP"));
        }
    });
}

/// An optional whole number (a chart's defence or bombardment column): blank, or a value.
pub fn optional_i32(ui: &mut Ui, name: &str, value: &mut Option<i32>) {
    ui.horizontal(|ui| {
        let mut on = value.is_some();
        if ui.checkbox(&mut on, "").accessible_name(name).changed() {
            *value = on.then_some(0);
        }
        if let Some(v) = value {
            ui.add(egui::DragValue::new(v).range(-99..=99))
                .accessible_name(format!("{name} value"));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_of_the_example_reads_back_as_the_field_writes_it() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../scenarios/examples/musket-and-saber/millbrook.ron"
        );
        let text = std::fs::read_to_string(path).expect("the example");
        let s: saber_schema::model::musket_and_saber::MsScenario =
            saber_schema::pipeline::parse::ron_options()
                .from_str(&text)
                .expect("the example reads");
        let faces: Vec<&Face> = s
            .sides
            .iter()
            .flat_map(|sd| sd.counters.iter())
            .flat_map(|c| [&c.front, &c.back])
            .collect();
        assert!(faces.len() > 10);
        for f in faces {
            assert_eq!(read_face(&face_text(f)).as_ref(), Ok(f), "{}", face_text(f));
        }
    }

    #[test]
    fn a_face_is_typed_as_the_counter_prints_it_or_as_the_file_writes_it() {
        let want = Face {
            cf: Some(Cf::AttackDefense(2, 3)),
            mr: Some(5),
            ma: Some(5),
            range: Some(3),
            charge: None,
            leader: None,
        };
        assert_eq!(face_text(&want), "CF 2-3, MR 5, MA 5, range 3");
        assert_eq!(read_face("cf 2-3, mr 5,MA 5 , Range 3"), Ok(want.clone()));
        assert_eq!(
            read_face("cf: Some(AttackDefense(2, 3)), mr: Some(5), ma: Some(5), range: Some(3)"),
            Ok(want)
        );
        let leader = read_face("leader 1-0-2").unwrap().leader.unwrap();
        assert_eq!((leader.movement, leader.combat, leader.morale), (1, 0, 2));
        assert_eq!(read_face(""), Ok(Face::default()));
        assert_eq!(read_face("CF 4").unwrap().cf, Some(Cf::One(4)));
    }

    #[test]
    fn a_face_that_does_not_read_says_why() {
        for (typed, why) in [
            ("MA", "write a name and its value"),
            ("MA four", "one whole number after MA"),
            ("CF 1-2-3", "one number, or two as attack-defense"),
            ("leader 1-1", "three numbers"),
            ("MA 4, MA 5", "`MA` is given twice"),
            ("speed 4", "not a value of a face"),
            ("cf: Some(Many(4))", "not a face"),
        ] {
            let e = read_face(typed).expect_err(typed);
            assert!(e.contains(why), "{typed}: {e}");
        }
    }
}
