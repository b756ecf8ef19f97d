//! The map-editing mode: the tool bar and the active tool's options (the left panel), the
//! tools' strokes on the canvas, and the map's live diagnostics.

use egui::{Pos2, Ui};
use saber_schema::model::hex::Coord;
use saber_schema::model::map::Map;

use crate::app::workspace::{Mode, Panel, Workspace};
use crate::canvas::{Layout, Overlay};
use crate::diagnostics::Diagnostics;
use crate::document::Document;
use crate::tools::feature::{FeatureTool, next_free_number};
use crate::tools::hexside::HexsideTool;
use crate::tools::terrain::TerrainTool;
use crate::tools::{Feedback, Pointer, Tool, ToolKind, pressed};

/// The map tools and the map's diagnostics.
#[derive(Debug, Default)]
pub struct MapTools {
    /// The active tool.
    pub tool: ToolKind,
    /// Brush, fill and eyedropper.
    pub terrain: TerrainTool,
    /// Ridges, roads and rivers.
    pub hexside: HexsideTool,
    /// Features.
    pub feature: FeatureTool,
    /// Live diagnostics of the map.
    pub diagnostics: Diagnostics,
}

impl MapTools {
    /// Select a tool.
    pub fn select(&mut self, tool: ToolKind) {
        self.tool = tool;
        if matches!(
            tool,
            ToolKind::Brush | ToolKind::Fill | ToolKind::Eyedropper
        ) {
            self.terrain.mode = tool;
        }
    }

    /// Forget per-document state for a newly opened map.
    pub fn reset(&mut self, map: &Map) {
        self.feature.number = next_free_number(map);
        self.feature.selected = None;
        self.feature.armed = None;
    }

    fn active(&mut self) -> &mut dyn Tool {
        match self.tool {
            ToolKind::Brush | ToolKind::Fill | ToolKind::Eyedropper => &mut self.terrain,
            ToolKind::Hexside => &mut self.hexside,
            ToolKind::Feature => &mut self.feature,
        }
    }

    fn active_ref(&self) -> &dyn Tool {
        match self.tool {
            ToolKind::Brush | ToolKind::Fill | ToolKind::Eyedropper => &self.terrain,
            ToolKind::Hexside => &self.hexside,
            ToolKind::Feature => &self.feature,
        }
    }

    fn feedback(&mut self, fb: Feedback, ws: &mut Workspace) {
        if let Some(t) = fb.switch_to {
            self.select(t);
        }
        if let Some(s) = fb.status {
            ws.status.set(s);
        }
    }
}

impl Panel for MapTools {
    fn ui(&mut self, ui: &mut Ui, ws: &mut Workspace) {
        ui.horizontal_wrapped(|ui| {
            for t in ToolKind::ALL {
                let r = ui.selectable_label(self.tool == t, t.name());
                if r.on_hover_text(format!("{} ({:?})", t.name(), t.key()))
                    .clicked()
                {
                    self.select(t);
                }
            }
        });
        ui.separator();
        let mut fb = Feedback::default();
        egui::ScrollArea::vertical().show(ui, |ui| {
            self.active().options_ui(ui, &mut ws.doc, &mut fb);
        });
        self.feedback(fb, ws);
    }
}

impl Mode for MapTools {
    fn left_panel(&self) -> (&'static str, f32) {
        ("tools", 230.0)
    }

    fn update(&mut self, doc: &Document) -> bool {
        self.diagnostics.update(doc);
        false
    }

    fn keys(&mut self, ui: &Ui, ws: &mut Workspace) {
        for t in ToolKind::ALL {
            if pressed(ui, t.key()) {
                self.select(t);
            }
        }
        let mut fb = Feedback::default();
        self.active().keys(ui, &mut ws.doc, &mut fb);
        self.feedback(fb, ws);
    }

    fn pointer(&mut self, p: &Pointer, ws: &mut Workspace, layout: &Layout) {
        let mut fb = Feedback::default();
        self.active().pointer(p, &mut ws.doc, layout, &mut fb);
        self.feedback(fb, ws);
    }

    fn overlay(&self, ws: &Workspace, world: Option<Pos2>, layout: &Layout) -> Overlay {
        self.active_ref().overlay(world, &ws.doc, layout)
    }

    fn findings(&self) -> usize {
        self.diagnostics.items.len()
    }

    fn findings_ui(&mut self, ui: &mut Ui, doc: &Document) -> Option<Coord> {
        self.diagnostics.ui(ui, doc.map())
    }
}
