//! Map properties: id, name, notes, size (resizing keeps what still fits), orientation and
//! parity. Edited in a window and applied as one undo step.

use egui::Ui;
use saber_schema::model::hex::{Grid, Orientation, Parity};
use saber_schema::model::limits::MAX_MAP_SIDE;
use saber_schema::model::map::{Label, Map, Road};

use crate::document::Document;
use crate::scenario::fields::labelled_row;

/// The values being edited.
#[derive(Debug, Clone, PartialEq)]
struct Form {
    id: String,
    name: String,
    notes: String,
    width: u32,
    height: u32,
    orientation: Orientation,
    parity: Parity,
}

impl Form {
    fn of(map: &Map) -> Form {
        Form {
            id: map.id.clone(),
            name: map.name.clone(),
            notes: map.notes.clone(),
            width: map.grid.width,
            height: map.grid.height,
            orientation: map.grid.orientation,
            parity: map.grid.parity,
        }
    }
}

/// The properties window.
#[derive(Debug, Default)]
pub struct Properties {
    /// Is the window shown?
    pub open: bool,
    form: Option<Form>,
}

/// The map on a new grid: cells, hexsides, roads, features and labels that still fit are kept.
/// Roads are cut where they leave the map; features left without hexes are dropped.
pub fn regridded(map: &Map, grid: Grid) -> Map {
    let mut out = Map::blank(&map.id, &map.name, grid.width, grid.height);
    out.grid = grid;
    out.notes.clone_from(&map.notes);
    for c in map.grid.coords() {
        if let (Some(cell), true) = (map.cell(c), grid.contains(c)) {
            out.set_cell(c, cell);
        }
    }
    out.ridges = map
        .ridges
        .iter()
        .filter(|s| (grid.contains(s.0) || grid.contains(s.1)) && grid.adjacent(s.0, s.1))
        .copied()
        .collect();
    for road in &map.roads {
        let mut run: Vec<saber_schema::model::hex::Coord> = Vec::new();
        let mut flush = |run: &mut Vec<_>| {
            if run.len() >= 2 {
                out.roads.push(Road {
                    name: road.name.clone(),
                    kind: road.kind,
                    hexes: std::mem::take(run),
                });
            }
            run.clear();
        };
        for c in &road.hexes {
            if grid.contains(*c) {
                run.push(*c);
            } else {
                flush(&mut run);
            }
        }
        flush(&mut run);
    }
    for f in &map.features {
        let mut f = f.clone();
        f.hexes.retain(|c| grid.contains(*c));
        f.label = f.label.filter(|c| grid.contains(*c));
        if !f.hexes.is_empty() {
            out.features.push(f);
        }
    }
    out.labels = map
        .labels
        .iter()
        .filter(|l| grid.contains(l.at))
        .cloned()
        .collect::<Vec<Label>>();
    out
}

impl Properties {
    /// Show the window if open.
    pub fn show(&mut self, ctx: &egui::Context, doc: &mut Document) -> Option<String> {
        if !self.open {
            self.form = None;
            return None;
        }
        let mut open = self.open;
        let mut status = None;
        egui::Window::new("Map properties")
            .open(&mut open)
            .resizable(true)
            .default_width(360.0)
            // However long the notes, the window fits the screen and Apply stays reachable.
            .max_height(ctx.content_rect().height() * 0.85)
            .vscroll(true)
            .show(ctx, |ui| status = self.form_ui(ui, doc));
        self.open = open;
        status
    }

    fn form_ui(&mut self, ui: &mut Ui, doc: &mut Document) -> Option<String> {
        let current = Form::of(doc.map());
        let form = self.form.get_or_insert_with(|| current.clone());
        egui::Grid::new("props").num_columns(2).show(ui, |ui| {
            labelled_row(ui, "Id", |ui| ui.text_edit_singleline(&mut form.id))
                .on_hover_text("Short identifier scenarios use: a-z, 0-9, - and _");
            labelled_row(ui, "Name", |ui| ui.text_edit_singleline(&mut form.name));
            let width = egui::DragValue::new(&mut form.width).range(1..=MAX_MAP_SIDE);
            labelled_row(ui, "Columns", |ui| ui.add(width));
            let height = egui::DragValue::new(&mut form.height).range(1..=MAX_MAP_SIDE);
            labelled_row(ui, "Rows", |ui| ui.add(height));
            ui.label("Orientation");
            ui.horizontal(|ui| {
                ui.radio_value(&mut form.orientation, Orientation::Flat, "flat-topped");
                ui.radio_value(&mut form.orientation, Orientation::Pointy, "pointy-topped");
            });
            ui.end_row();
            ui.label("Shoved");
            ui.horizontal(|ui| {
                ui.radio_value(&mut form.parity, Parity::EvenShoved, "even");
                ui.radio_value(&mut form.parity, Parity::OddShoved, "odd");
            })
            .response
            .on_hover_text(
                "Which columns (flat) or rows (pointy) sit half a hex lower (further right)",
            );
            ui.end_row();
        });
        let l = ui.label("Notes");
        egui::ScrollArea::vertical()
            .id_salt("notes-scroll")
            .max_height(180.0)
            .show(ui, |ui| {
                ui.add(
                    egui::TextEdit::multiline(&mut form.notes)
                        .desired_rows(5)
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(l.id);
            });
        let form = form.clone();
        let mut status = None;
        ui.horizontal(|ui| {
            let changed = form != current;
            if ui
                .add_enabled(changed, egui::Button::new("Apply"))
                .clicked()
            {
                status = Some(apply(doc, &form));
                self.form = None;
            }
            if ui
                .add_enabled(changed, egui::Button::new("Revert"))
                .clicked()
            {
                self.form = None;
            }
        });
        if form.width * form.height > 0
            && (form.width < current.width || form.height < current.height)
        {
            crate::scenario::fields::warn(
                ui,
                "Shrinking drops the hexes beyond the new edges (undo brings them back).",
            );
        }
        status
    }
}

fn apply(doc: &mut Document, form: &Form) -> String {
    let grid = Grid {
        width: form.width,
        height: form.height,
        orientation: form.orientation,
        parity: form.parity,
        numbering: Default::default(),
    };
    let mut dropped = 0;
    doc.edit("Map properties", |m| {
        if grid != m.grid {
            let new = regridded(m, grid);
            dropped = m.ridges.len() - new.ridges.len();
            *m = new;
        }
        m.id.clone_from(&form.id);
        m.name.clone_from(&form.name);
        m.notes.clone_from(&form.notes);
    });
    if dropped > 0 {
        format!("Map properties applied; {dropped} ridges no longer fit and were dropped")
    } else {
        "Map properties applied".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use saber_schema::model::hex::Coord;
    use saber_schema::model::map::{Cell, Feature};
    use saber_schema::ruleset::Terrain;

    #[test]
    fn resizing_keeps_content() {
        let mut m = Map::blank("t", "T", 10, 10);
        let woods = Cell {
            terrain: Terrain::Woods,
            slope: true,
        };
        m.set_cell(Coord(3, 4), woods);
        m.features.push(Feature {
            code: "V1".into(),
            name: None,
            hexes: vec![Coord(3, 4), Coord(9, 9)],
            label: Some(Coord(9, 9)),
        });
        let bigger = regridded(
            &m,
            Grid {
                width: 20,
                ..m.grid
            },
        );
        assert_eq!(bigger.cell(Coord(3, 4)), Some(woods));
        assert_eq!(bigger.features, m.features);
        let smaller = regridded(
            &m,
            Grid {
                width: 5,
                height: 5,
                ..m.grid
            },
        );
        assert_eq!(smaller.cell(Coord(3, 4)), Some(woods));
        assert_eq!(smaller.features[0].hexes, vec![Coord(3, 4)]);
        assert_eq!(smaller.features[0].label, None);
    }
}
