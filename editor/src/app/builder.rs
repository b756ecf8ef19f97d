//! The scenario-building mode: the builder's tabs (the left panel), its clicks on the map and
//! its zones drawn over it, and the scenario's live check.

use egui::{Key, Pos2, Ui};
use saber_schema::model::hex::Coord;

use crate::app::workspace::{Mode, Panel, Workspace};
use crate::canvas::{Layout, Overlay};
use crate::document::Document;
use crate::scenario::panel::ScenarioUi;
use crate::tools::{Pointer, pressed};

impl Panel for ScenarioUi {
    fn ui(&mut self, ui: &mut Ui, ws: &mut Workspace) {
        if let Some(s) = self.panel(ui, &mut ws.doc) {
            ws.status.set(s);
        }
    }
}

impl Mode for ScenarioUi {
    fn left_panel(&self) -> (&'static str, f32) {
        ("scenario", 380.0)
    }

    fn update(&mut self, doc: &Document) -> bool {
        ScenarioUi::update(self, doc)
    }

    fn keys(&mut self, ui: &Ui, _ws: &mut Workspace) {
        if pressed(ui, Key::Escape) {
            self.picker.cancel();
            self.placement.chosen = None;
        }
    }

    fn pointer(&mut self, p: &Pointer, ws: &mut Workspace, _layout: &Layout) {
        if let Some(s) = ScenarioUi::pointer(self, p, &mut ws.doc) {
            ws.status.set(s);
        }
    }

    fn overlay(&self, ws: &Workspace, _world: Option<Pos2>, _layout: &Layout) -> Overlay {
        ScenarioUi::overlay(self, &ws.doc, ws.hover)
    }

    fn findings(&self) -> usize {
        self.checker.items.len()
    }

    fn findings_ui(&mut self, ui: &mut Ui, doc: &Document) -> Option<Coord> {
        self.diagnostics_ui(ui, doc)
    }

    fn hover_text(&self, doc: &Document, c: Coord) -> Option<String> {
        ScenarioUi::hover_text(self, doc, c)
    }
}
