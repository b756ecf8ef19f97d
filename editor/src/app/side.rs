//! The right-hand panel's parts: the history of edits, and the status bar at the bottom.

use egui::{RichText, Ui};
use saber_schema::model::hex::Coord;
use saber_schema::model::map::Map;

use crate::app::workspace::{Command, Panel, Workspace};
use crate::tools::terrain::describe;

/// The undo history: every step, the current one selected; clicking a step goes back (or
/// forward) to it.
#[derive(Debug, Default)]
pub struct HistoryPanel;

impl Panel for HistoryPanel {
    fn ui(&mut self, ui: &mut Ui, ws: &mut Workspace) {
        let mut undo_to = None;
        let mut redo_n = 0;
        egui::ScrollArea::vertical()
            .id_salt("history-scroll")
            .stick_to_bottom(true)
            .show(ui, |ui| {
                let done = ws.doc.history().done();
                if ui.selectable_label(done.is_empty(), "Opened").clicked() {
                    undo_to = Some(0);
                }
                for (i, s) in done.iter().enumerate() {
                    if ui.selectable_label(i + 1 == done.len(), &s.label).clicked() {
                        undo_to = Some(i + 1);
                    }
                }
                for (i, s) in ws.doc.history().undone().enumerate() {
                    if ui
                        .selectable_label(false, RichText::new(&s.label).weak())
                        .clicked()
                    {
                        redo_n = i + 1;
                    }
                }
            });
        if let Some(k) = undo_to {
            ws.ask(Command::UndoTo(k));
        }
        if redo_n > 0 {
            ws.ask(Command::Redo(redo_n));
        }
    }
}

/// The status bar: what is under the pointer, the message, the zoom, and which map the
/// document uses.
#[derive(Debug, Default)]
pub struct StatusBar {
    /// Where its texts were drawn in the last frame (for the tests of a small window).
    pub(crate) rects: Vec<egui::Rect>,
}

/// The most of the status bar the message and the map's file each take: what is left after
/// the zoom, so that a long path never pushes the other texts over one another.
const STATUS_SHARE: f32 = 0.4;

impl Panel for StatusBar {
    fn ui(&mut self, ui: &mut Ui, ws: &mut Workspace) {
        let now = ui.input(|i| i.time);
        let rerun = ui.ctx().current_pass_index() > 0;
        ws.status.age(ws.doc.revision(), now, rerun);
        // From the right: the zoom, then the map's file and the last message, each cut short
        // ("…", the whole text on hover) to its share; the hex under the pointer takes the
        // rest. At a window 640 px wide they no longer run over one another (issue 37 §5).
        let mut rects = Vec::new();
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            rects.push(ui.label(ws.view.percent_text()).rect);
            ui.separator();
            let share = (ui.available_width() * STATUS_SHARE).max(0.0);
            for text in [map_source(ws), ws.status.text().to_string()] {
                if text.is_empty() {
                    continue;
                }
                let r = ui
                    .scope(|ui| {
                        ui.set_max_width(share);
                        ui.add(egui::Label::new(&text).truncate())
                    })
                    .inner;
                rects.push(r.rect);
                ui.separator();
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                if !ws.pointer_info.is_empty() {
                    rects.push(ui.add(egui::Label::new(&ws.pointer_info).truncate()).rect);
                }
            });
        });
        self.rects = rects;
    }
}

/// Which map the document uses: its file, or "built-in".
pub fn map_source(ws: &Workspace) -> String {
    let map = ws.doc.map();
    let origin = match (&ws.doc.map_file, ws.doc.content().is_scenario()) {
        (Some(p), _) => p.display().to_string(),
        (None, true) if ws.doc.map_problem.is_some() => "not found".into(),
        (None, true) if saber_schema::builtin::map(&map.id).is_some() => "built-in".into(),
        (None, true) => "not saved".into(),
        (None, false) => match &ws.doc.path {
            Some(p) => p.display().to_string(),
            None if saber_schema::builtin::map(&map.id).as_ref() == Some(map) => "built-in".into(),
            None => "not saved".into(),
        },
    };
    format!("Map {}: {origin}", map.id)
}

/// What is under the pointer: `CCRR`, terrain, hexsides and features.
pub fn describe_hex(map: &Map, c: Coord) -> Option<String> {
    let cell = map.cell(c)?;
    let mut parts = vec![map.grid.label(c)];
    if map.chart.is_none() {
        // A Musket & Saber hex's kinds are its file's (the mode says them).
        parts.push(describe(cell));
    }
    let mut ridges = Vec::new();
    let mut roads = Vec::new();
    for side in map.grid.side_names() {
        if let Some(n) = map.grid.across(c, side) {
            if map.is_ridge(c, n) {
                ridges.push(format!("{side:?}"));
            }
            if map.is_road_side(c, n) {
                roads.push(format!("{side:?}"));
            }
        }
    }
    if !ridges.is_empty() {
        parts.push(format!("ridge {}", ridges.join(" ")));
    }
    if !roads.is_empty() {
        parts.push(format!("road {}", roads.join(" ")));
    }
    for f in map.features.iter().filter(|f| f.hexes.contains(&c)) {
        parts.push(match &f.name {
            Some(n) => format!("{} {n}", f.code),
            None => f.code.clone(),
        });
    }
    Some(parts.join(" · "))
}
