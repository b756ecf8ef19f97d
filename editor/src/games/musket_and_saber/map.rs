//! An M&S map: the terrain palette and key (the map's legend: each character one or more kinds
//! of terrain, 2.2, drawn in its kinds' colours), painting, the Terrain Effects Chart and Turn
//! Record Track tables (3.3), and the map's properties.

use egui::{Color32, Id, RichText, Ui};
use saber_schema::model::hex::Coord;
use saber_schema::model::musket_and_saber::{
    ChartOn, ChartRow, HexNumbering, LegendEntry, MsMapFile,
};
use saber_schema::ruleset::musket_and_saber::MAX_SIDE;

use crate::document::Document;
use crate::games::musket_and_saber::Gesture;
use crate::games::musket_and_saber::fields;
use crate::games::musket_and_saber::{MsUi, kind_color};
use crate::scenario::fields::table::frozen_table;
use crate::scenario::fields::{form_rows, one_of};
use crate::scenario::fields::{text, word_list};

/// The legend character of a hex.
pub fn char_at(file: &MsMapFile, c: Coord) -> Option<char> {
    if !file.grid().contains(c) {
        return None;
    }
    file.terrain
        .get(c.row() as usize - 1)?
        .chars()
        .nth(c.col() as usize - 1)
}

/// Give a hex the legend character `ch` (a short row is filled out with the legend's first
/// character, which the map's checks would otherwise report).
pub fn set_char(file: &mut MsMapFile, c: Coord, ch: char) {
    let grid = file.grid();
    if !grid.contains(c) {
        return;
    }
    let fill = file
        .legend
        .first()
        .and_then(|e| e.char.chars().next())
        .unwrap_or(ch);
    let r = c.row() as usize - 1;
    while file.terrain.len() <= r {
        file.terrain.push(String::new());
    }
    let mut row: Vec<char> = file.terrain[r].chars().collect();
    let i = c.col() as usize - 1;
    while row.len() <= i {
        row.push(fill);
    }
    row[i] = ch;
    file.terrain[r] = row.into_iter().collect();
}

/// A legend entry's kinds as typed: separated by commas.
fn kinds_of(typed: &str) -> Vec<String> {
    typed
        .split(',')
        .map(|k| k.trim().to_string())
        .filter(|k| !k.is_empty())
        .collect()
}

/// What a chart row is on, in the table's words.
fn on_name(on: &ChartOn) -> &'static str {
    match on {
        ChartOn::Hex => "hex",
        ChartOn::Hexside => "hexside",
    }
}

/// A swatch of the colours of a legend entry's kinds.
fn swatch(ui: &mut Ui, file: &MsMapFile, kinds: &[String]) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
    let first = kinds.first().and_then(|k| kind_color(file, k));
    ui.painter()
        .rect_filled(rect, 2.0, first.unwrap_or(Color32::TRANSPARENT));
    if let Some(second) = kinds.get(1).and_then(|k| kind_color(file, k)) {
        ui.painter().rect_stroke(
            rect,
            2.0,
            egui::Stroke::new(3.0, second),
            egui::StrokeKind::Inside,
        );
    }
    if first.is_none() {
        ui.painter().rect_stroke(
            rect,
            2.0,
            egui::Stroke::new(1.0, ui.visuals().error_fg_color),
            egui::StrokeKind::Inside,
        );
    }
}

/// The map key: each row of the chart in the colour the map is drawn in (hex kinds as
/// swatches, hexside kinds as lines), as `saberc render`'s key is built from the chart.
fn key_ui(ui: &mut Ui, file: &MsMapFile) {
    ui.separator();
    ui.label(RichText::new("Key (the map's chart)").strong());
    for r in &file.chart {
        ui.horizontal_wrapped(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
            match r.on {
                ChartOn::Hex => {
                    if let Some(c) = kind_color(file, &r.kind) {
                        ui.painter().rect_filled(rect, 2.0, c);
                    }
                }
                ChartOn::Hexside => super::side_swatch(ui, rect, file, &r.kind),
            }
            ui.label(format!("{} ({})", r.kind, on_name(&r.on)));
        });
    }
}

/// The palette: one brush per legend character (the map key), each editable (its character's
/// kinds), with a new character to add.
pub fn terrain_ui(
    ui: &mut Ui,
    ms: &mut MsUi,
    doc: &mut Document,
    gesture: Gesture<'_>,
) -> Option<String> {
    let file = doc.ms_map()?.clone();
    ui.label(
        "Paint with a character of the map's legend (left button; right button takes a hex's):",
    );
    let mut status = None;
    for (i, e) in file.legend.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            swatch(ui, &file, &e.kinds);
            let label = format!("“{}” {}", e.char, e.kinds.join(" + "));
            if ui
                .selectable_label(
                    ms.paint == super::paint::Paint::Terrain && ms.brush == e.char,
                    label,
                )
                .on_hover_text("paint hexes with these kinds of terrain (2.2)")
                .clicked()
            {
                ms.brush = e.char.clone();
                ms.paint = super::paint::Paint::Terrain;
                status = Some(format!("Brush: “{}” ({})", e.char, e.kinds.join(" + ")));
            }
        });
        let mut kinds = e.kinds.join(", ");
        ui.horizontal_wrapped(|ui| {
            ui.add_space(24.0);
            ui.label("kinds");
            if text(ui, &mut kinds, &format!("Legend {} kinds", e.char), 160.0).changed() {
                let new = kinds_of(&kinds);
                doc.edit_ms_map("Legend kinds", gesture, |f| {
                    if let Some(entry) = f.legend.get_mut(i) {
                        entry.kinds = new;
                    }
                });
            }
        });
    }
    if let Some(s) = super::paint::paint_ui(ui, ms, &file) {
        status = Some(s);
    }
    key_ui(ui, &file);
    let id = Id::unique("ms-new-legend");
    let (mut ch, mut kinds): (String, String) = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    ui.separator();
    ui.label("New character");
    ui.horizontal_wrapped(|ui| {
        text(ui, &mut ch, "New legend character", 24.0);
        ui.label("kinds");
        text(ui, &mut kinds, "New legend kinds", 140.0);
    });
    let c = ch.trim().to_string();
    let problem = if c.chars().count() != 1 || !c.chars().all(|x| x.is_ascii_graphic()) {
        Some("one printable character".to_string())
    } else if file.legend.iter().any(|e| e.char == c) {
        Some(format!("“{c}” is in the legend already"))
    } else {
        None
    };
    let add = ui
        .add_enabled(problem.is_none(), egui::Button::new("+ Legend character"))
        .on_disabled_hover_text(problem.unwrap_or_default());
    if add.clicked() {
        let entry = LegendEntry {
            char: c.clone(),
            kinds: kinds_of(&kinds),
        };
        doc.edit_ms_map("Add legend character", None, |f| f.legend.push(entry));
        ms.brush = c;
        ch.clear();
        kinds.clear();
    }
    ui.data_mut(|d| d.insert_temp(id, (ch, kinds)));
    status
}

/// The Terrain Effects Chart (2.2) and the Turn Record Track (3.3), editable: one row a kind
/// of terrain with its costs, defence, flags and source; the track's labels and source.
pub fn chart_ui(ui: &mut Ui, doc: &mut Document, gesture: Gesture<'_>) -> Option<String> {
    let mut file = doc.ms_map()?.clone();
    ui.label(RichText::new("Terrain Effects Chart").strong());
    ui.weak("Type it from your own copy of the game (2.2): the rules text has none. A blank column is left out.");
    let mut remove = None;
    let rows = file.chart.len();
    frozen_table(
        ui,
        "ms-chart",
        &[
            "kind",
            "on",
            "infantry",
            "cavalry",
            "artillery",
            "defense",
            "flags",
            "bombard.",
            "source",
        ],
        rows,
        |ui, i, first| {
            let r = &mut file.chart[i];
            if first {
                text(ui, &mut r.kind, &format!("Chart {} kind", i + 1), 80.0);
            } else {
                row_ui(ui, i, r, &mut remove);
            }
        },
    );
    if let Some(i) = remove {
        file.chart.remove(i);
    }
    if ui.button("+ Chart row").clicked() {
        file.chart.push(ChartRow {
            kind: format!("kind {}", file.chart.len() + 1),
            on: ChartOn::Hex,
            infantry: None,
            cavalry: None,
            artillery: None,
            defense: None,
            halves_attacker: false,
            no_advance: false,
            blocks_sight: false,
            blocks_zoc: false,
            no_bombardment: false,
            bombardment: None,
            clear_for_charges: false,
            source: String::new(),
        });
    }
    ui.separator();
    ui.label(RichText::new("Turn Record Track").strong());
    ui.weak("Its labels as printed on the map, first space first (3.3).");
    ui.horizontal_wrapped(|ui| {
        ui.label("labels");
        word_list(
            ui,
            Id::unique("ms-track-labels"),
            "Track labels",
            300.0,
            &mut file.track.labels,
        );
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("source");
        text(ui, &mut file.track.source, "Track source", 300.0);
    });
    doc.edit_ms_map("Edit chart and track", gesture, |f| *f = file);
    None
}

/// One chart row's cells after its kind.
fn row_ui(ui: &mut Ui, i: usize, r: &mut ChartRow, remove: &mut Option<usize>) {
    let id = Id::unique(("ms-chart-row", i));
    let combo = egui::ComboBox::from_id_salt(id.with("on")).width(64.0);
    let on = [ChartOn::Hex, ChartOn::Hexside];
    one_of(ui, combo, &mut r.on, on, on_name).accessible_name(format!("Chart {} on", i + 1));
    for (class, cost) in [
        ("infantry", &mut r.infantry),
        ("cavalry", &mut r.cavalry),
        ("artillery", &mut r.artillery),
    ] {
        fields::cost(
            ui,
            id.with(class),
            &format!("Chart {} {class}", i + 1),
            cost,
        );
    }
    fields::optional_i32(ui, &format!("Chart {} defense", i + 1), &mut r.defense);
    // One line: the table scrolls sideways, and its rows keep one height.
    ui.horizontal(|ui| {
        for (flag, name, rule) in [
            (&mut r.halves_attacker, "halves", "attackers halved (7.4)"),
            (
                &mut r.no_advance,
                "no adv.",
                "no advance after combat (7.9)",
            ),
            (&mut r.blocks_sight, "sight", "blocks line of sight (8.2)"),
            (&mut r.blocks_zoc, "ZOC", "blocks zones of control (6.3)"),
            (
                &mut r.no_bombardment,
                "no bomb.",
                "no bombardment into it (8.2)",
            ),
            (
                &mut r.clear_for_charges,
                "clear",
                "counts as clear for charges (9.2)",
            ),
        ] {
            ui.checkbox(flag, name)
                .on_hover_text(rule)
                .accessible_name(format!("Chart {} {name}", i + 1));
        }
    });
    fields::optional_i32(
        ui,
        &format!("Chart {} bombardment", i + 1),
        &mut r.bombardment,
    );
    ui.horizontal(|ui| {
        text(ui, &mut r.source, &format!("Chart {} source", i + 1), 140.0);
        fields::remove_button(ui, "row", i, remove);
    });
}

/// The map's id, name, source and notes.
pub fn properties_ui(ui: &mut Ui, doc: &mut Document, gesture: Gesture<'_>) -> Option<String> {
    let mut file = doc.ms_map()?.clone();
    let mut renumbered = None;
    form_rows(ui, Id::unique("ms-map-props"), |f| {
        f.row("id", |ui| text(ui, &mut file.id, "Map id", 200.0));
        f.row("name", |ui| text(ui, &mut file.name, "Map name", 200.0));
        f.row("source", |ui| {
            text(ui, &mut file.source, "Map source", 200.0).on_hover_text(
                "your copy of the game (never shipped), or “invented for the project”",
            )
        });
        f.row("size", |ui| {
            ui.label(format!("{} × {} hexes", file.width, file.height))
        });
        f.row("first hex", |ui| renumbered = numbering(ui, &mut file));
    });
    ui.label("notes");
    crate::scenario::fields::text_area(ui, &mut file.notes, "free notes");
    // The form's copy, of the map as it stood this frame: its fields, and the hexsides, roads
    // and labels a new first hex renumbered.
    doc.edit_ms_map("Edit map properties", gesture, |f| *f = file);
    if let Some(step) = renumbered {
        doc.name_last_step(&step);
    }
    None
}

/// The number printed on the map's first (north-west) hex, column and row (2.2: four digits;
/// 0101 on most maps, 0100 on some). Another first number renumbers the map's hexsides, roads
/// and labels so that each stays where it is. Returns the step's name when it changed
/// ("First hex 0101 → 0100").
fn numbering(ui: &mut Ui, file: &mut MsMapFile) -> Option<String> {
    let (col, row) = file.numbering.first();
    let (mut c, mut r) = (col.max(0) as u32, row.max(0) as u32);
    // The last column and row still have two digits.
    let most = |side: u32| MAX_SIDE.saturating_sub(side.saturating_sub(1));
    ui.horizontal_wrapped(|ui| {
        ui.add(egui::DragValue::new(&mut c).range(0..=most(file.width)))
            .accessible_name("First column number")
            .on_hover_text("The column number printed on the map's westmost column");
        ui.add(egui::DragValue::new(&mut r).range(0..=most(file.height)))
            .accessible_name("First row number")
            .on_hover_text("The row number printed on the map's northmost row");
        ui.weak(format!("{c:02}{r:02}"))
            .on_hover_text("Scenarios on this map name its hexes by these numbers");
    });
    if (c as i32, r as i32) == (col, row) {
        return None;
    }
    let mut on_grid = file.in_grid();
    on_grid.numbering = if (c, r) == (1, 1) {
        HexNumbering::ColumnRowFrom0101
    } else {
        HexNumbering::ColumnRow {
            first_column: c,
            first_row: r,
        }
    };
    *file = on_grid.in_printed();
    Some(format!("First hex {col:02}{row:02} → {c:02}{r:02}"))
}
