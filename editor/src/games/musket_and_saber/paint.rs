//! Painting a Musket & Saber map: hexes with a legend character, hexsides with a hexside kind
//! of the map's own chart, and roads through hexes. The hexside and road strokes are the Rifle
//! & Saber tool's ([`SideStroke`](crate::tools::hexside::SideStroke),
//! [`PathStroke`](crate::tools::hexside::PathStroke), [`add_path`], [`toggle_road_link`]);
//! only where the file keeps them differs.

use egui::Ui;
use saber_schema::model::hex::{Coord, SideKey};
use saber_schema::model::musket_and_saber::{ChartOn, MsHexside, MsMapFile, MsRoad};

use crate::canvas::Layout;
use crate::document::Document;
use crate::tools::hexside::{PathEnd, PathRoad, add_path, side_near, toggle_road_link};
use crate::tools::{Button, Phase, Pointer};

use super::{MsUi, STROKE_GESTURE};

/// What the left button paints on a Musket & Saber map.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Paint {
    /// Hexes, with the brush's legend character.
    #[default]
    Terrain,
    /// Hexsides of this kind (a hexside row of the map's chart).
    Hexside(String),
    /// Roads (4.4).
    Road,
}

impl PathRoad for MsRoad {
    fn hexes_mut(&mut self) -> &mut Vec<Coord> {
        &mut self.hexes
    }

    fn along(_like: Option<&MsRoad>, hexes: Vec<Coord>) -> MsRoad {
        // An M&S road has no kind: a split road's tail is a road like any other.
        MsRoad { name: None, hexes }
    }
}

/// Is there a hexside of `kind` on `side` (the file may name it from either hex)?
pub fn has_hexside(file: &MsMapFile, kind: &str, side: SideKey) -> bool {
    let grid = file.grid();
    file.hexsides.iter().any(|h| {
        let hex = file.numbering.to_grid(h.hex);
        h.kind == kind
            && grid
                .across(hex, h.side)
                .is_some_and(|n| SideKey::new(hex, n) == side)
    })
}

/// Add (`on`) or remove the hexside of `kind` on `side`; named from a hex of the map. Returns
/// whether the file changed.
pub fn set_hexside(file: &mut MsMapFile, kind: &str, side: SideKey, on: bool) -> bool {
    if has_hexside(file, kind, side) == on {
        return false;
    }
    let grid = file.grid();
    if on {
        let Some((hex, compass)) = grid.side_on_map(side) else {
            return false;
        };
        file.hexsides.push(MsHexside {
            kind: kind.to_string(),
            hex: file.numbering.to_printed(hex),
            side: compass,
        });
    } else {
        let numbering = file.numbering;
        file.hexsides.retain(|h| {
            let hex = numbering.to_grid(h.hex);
            !(h.kind == kind
                && grid
                    .across(hex, h.side)
                    .is_some_and(|n| SideKey::new(hex, n) == side))
        });
    }
    true
}

/// The hexside kinds of the map's chart, in its order.
pub fn hexside_kinds(file: &MsMapFile) -> Vec<String> {
    file.chart
        .iter()
        .filter(|r| r.on == ChartOn::Hexside)
        .map(|r| r.kind.clone())
        .collect()
}

/// The choice of what to paint besides hexes: each hexside kind of the chart, and roads.
pub fn paint_ui(ui: &mut Ui, ms: &mut MsUi, file: &MsMapFile) -> Option<String> {
    let mut status = None;
    ui.separator();
    ui.label("Hexsides and roads (click near a hexside, or drag from hex to hex):");
    let kinds = hexside_kinds(file);
    if kinds.is_empty() {
        ui.weak("The chart has no hexside row: add one on the Chart tab to draw its hexsides.");
    }
    for kind in kinds {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
            super::side_swatch(ui, rect, file, &kind);
            let paint = Paint::Hexside(kind.clone());
            if ui
                .selectable_label(ms.paint == paint, format!("hexside: {kind}"))
                .on_hover_text(
                    "click near a hexside to draw or erase it; drag along hexsides to draw them",
                )
                .clicked()
            {
                ms.paint = paint;
                status = Some(format!("Drawing {kind} hexsides"));
            }
        });
    }
    if ui
        .selectable_label(ms.paint == Paint::Road, "road")
        .on_hover_text(
            "drag from hex to hex to draw a road (it extends a road ending there); click near a hexside to toggle the road across it (4.4)",
        )
        .clicked()
    {
        ms.paint = Paint::Road;
        status = Some("Drawing roads".into());
    }
    status
}

impl MsUi {
    /// A stroke of the hexside or road brush on the map (`None` when the brush paints hexes).
    pub(super) fn paint_pointer(
        &mut self,
        p: &Pointer,
        doc: &mut Document,
        layout: &Layout,
    ) -> Option<Option<String>> {
        if p.button != Button::Primary {
            // The right button takes a hex's character as the brush, whatever is painted.
            return None;
        }
        match self.paint.clone() {
            Paint::Terrain => None,
            Paint::Hexside(kind) => Some(self.hexside_stroke(p, doc, layout, &kind)),
            Paint::Road => Some(self.road_stroke(p, doc, layout)),
        }
    }

    fn hexside_stroke(
        &mut self,
        p: &Pointer,
        doc: &mut Document,
        layout: &Layout,
        kind: &str,
    ) -> Option<String> {
        if p.phase == Phase::Release {
            self.sides.end();
            return None;
        }
        if p.phase == Phase::Press {
            self.strokes += 1;
        }
        let side = side_near(layout, p.world)?;
        let present = has_hexside(doc.ms_map()?, kind, side);
        let on = self.sides.at(present)?;
        let verb = if on { "Draw" } else { "Erase" };
        let SideKey(a, b) = side;
        let label = format!(
            "{verb} {kind} hexside {}–{}",
            layout.grid.label(a),
            layout.grid.label(b)
        );
        let changed = doc.edit_ms_map(&label, Some(STROKE_GESTURE + self.strokes), |f| {
            set_hexside(f, kind, side, on)
        })?;
        if changed {
            doc.name_last_step(&label);
        }
        Some(label)
    }

    fn road_stroke(&mut self, p: &Pointer, doc: &mut Document, layout: &Layout) -> Option<String> {
        let numbering = doc.ms_map()?.numbering;
        match self.path.pointer(p, layout) {
            PathEnd::Path(path) => {
                let printed: Vec<Coord> = path.iter().map(|c| numbering.to_printed(*c)).collect();
                let label = format!(
                    "Draw road {}–{}",
                    layout.grid.label(path[0]),
                    layout.grid.label(path[path.len() - 1])
                );
                doc.edit_ms_map(&label, None, |f| add_path(&mut f.roads, &printed));
                doc.name_last_step(&label);
                Some(format!(
                    "Drew a road through {}",
                    crate::plural(path.len(), "hex")
                ))
            }
            PathEnd::Link(a, b) => {
                let (pa, pb) = (numbering.to_printed(a), numbering.to_printed(b));
                let added = doc.edit_ms_map("Toggle road link", None, |f| {
                    toggle_road_link(&mut f.roads, pa, pb)
                })?;
                doc.name_last_step("Toggle road link");
                Some(format!(
                    "{} road link {}–{}",
                    if added { "Added" } else { "Removed" },
                    layout.grid.label(a),
                    layout.grid.label(b)
                ))
            }
            PathEnd::Nothing => None,
        }
    }
}
