//! Small fields of the M&S forms: named text fields, hex lists typed as hex numbers, a face of
//! a counter typed in its file notation, a chart cost. Each writes the model only when what is
//! typed reads as a value of it (the library's hex labels, the model's RON), so showing a form
//! never changes the document.

use egui::{Id, Response, RichText, Ui};
use saber_schema::model::hex::{Coord, Grid};
use saber_schema::model::musket_and_saber::{Cost, Face};

/// A one-line text field named `name` (for screen readers and tests).
pub fn text(ui: &mut Ui, value: &mut String, name: &str, width: f32) -> Response {
    ui.add(
        egui::TextEdit::singleline(value)
            .desired_width(width)
            .min_size(egui::vec2(width, 0.0)),
    )
    .accessible_name(name)
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

/// A counter's face in its file notation: the values printed on it, e.g. `cf: Some(One(5)),
/// mr: Some(4), ma: Some(4)` (read by the model's own RON reader).
pub fn face(ui: &mut Ui, id: Id, name: &str, value: &mut Face) {
    typed(ui, id, name, 300.0, value, face_text, |t| {
        ron::from_str::<Face>(&format!("({t})")).map_err(|e| format!("not a face: {e}"))
    });
}

/// A face's values as a file writes them, the ones it prints only.
pub fn face_text(f: &Face) -> String {
    let mut parts = Vec::new();
    if let Some(cf) = &f.cf {
        parts.push(format!("cf: Some({})", ron_of(cf)));
    }
    for (k, v) in [
        ("mr", f.mr),
        ("ma", f.ma),
        ("range", f.range),
        ("charge", f.charge),
    ] {
        if let Some(v) = v {
            parts.push(format!("{k}: Some({v})"));
        }
    }
    if let Some(l) = &f.leader {
        parts.push(format!("leader: Some({})", ron_of(l)));
    }
    parts.join(", ")
}

/// A value in RON, as the model's reader reads it back.
fn ron_of<T: serde::Serialize>(v: &T) -> String {
    ron::to_string(v).unwrap_or_default()
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
