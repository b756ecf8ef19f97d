//! Terrain: the brush (1, 7 or 19 hexes), flood fill and the eyedropper. All three share the
//! cell being painted.

use egui::{Key, Pos2, RichText, Ui};
use saber_schema::model::hex::{Coord, Grid};
use saber_schema::model::map::{Cell, Map};
use saber_schema::ruleset::Terrain;

use super::{Button, Feedback, Phase, Pointer, Tool, ToolKind, pressed};
use crate::canvas::{Layout, Overlay, cell_color};
use crate::document::Document;

/// Brush sizes: hexes within this distance of the pointer (1, 7 and 19 hexes).
pub const BRUSH_RADII: [u32; 3] = [0, 1, 2];

/// What the brush sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Target {
    /// Terrain and slope.
    #[default]
    Both,
    /// Terrain only; slopes stay.
    Terrain,
    /// Slope only; terrain stays.
    Slope,
}

/// The terrain tools' state.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct TerrainTool {
    /// Brush, fill or eyedropper.
    pub mode: ToolKind,
    /// The cell painted.
    pub paint: Cell,
    /// Index into [`BRUSH_RADII`] (range-checked when read from saved settings).
    #[serde(deserialize_with = "brush_size")]
    pub size: usize,
    /// What the brush sets.
    pub target: Target,
    /// Last hex painted in this stroke, to fill gaps when the pointer moves fast.
    #[serde(skip)]
    last: Option<Coord>,
}

impl Default for TerrainTool {
    fn default() -> Self {
        TerrainTool {
            mode: ToolKind::Brush,
            paint: Cell {
                terrain: Terrain::Woods,
                slope: false,
            },
            size: 0,
            target: Target::Both,
            last: None,
        }
    }
}

/// A brush size read from saved settings: an index past the sizes (a stale or hand-edited
/// settings file) is the smallest brush, never an index out of range.
fn brush_size<'de, D: serde::Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    let i = <usize as serde::Deserialize>::deserialize(d)?;
    Ok(if i < BRUSH_RADII.len() { i } else { 0 })
}

/// River, ford and bridge hexes cannot be slopes (the file has no character for it).
fn storable(cell: Cell) -> Cell {
    Cell {
        slope: cell.slope && !cell.terrain.is_river(),
        ..cell
    }
}

/// The hexes within `radius` of `center` that are on the map.
pub fn footprint(grid: &Grid, center: Coord, radius: u32) -> Vec<Coord> {
    let r = radius as i32 + 1;
    let mut out = Vec::new();
    for dr in -r..=r {
        for dc in -r..=r {
            let c = Coord(center.0 + dc, center.1 + dr);
            if grid.contains(c) && grid.contains(center) && grid.distance(center, c) <= radius {
                out.push(c);
            }
        }
    }
    out
}

/// Flood fill from `start`: every connected hex with the same cell becomes `cell`.
/// Returns how many hexes changed.
pub fn flood_fill(map: &mut Map, start: Coord, cell: Cell) -> usize {
    let Some(from) = map.cell(start) else {
        return 0;
    };
    if from == cell {
        return 0;
    }
    let grid = map.grid;
    let mut seen = vec![false; grid.len()];
    let mut stack = vec![start];
    let mut changed = 0;
    seen[grid.index(start).expect("start is on the map")] = true;
    while let Some(c) = stack.pop() {
        map.set_cell(c, cell);
        changed += 1;
        for n in grid.neighbors(c) {
            let i = grid.index(n).expect("neighbours are on the map");
            if !seen[i] && map.cells[i] == from {
                seen[i] = true;
                stack.push(n);
            }
        }
    }
    changed
}

impl TerrainTool {
    fn brush_cell(&self, old: Cell, erase: bool) -> Cell {
        let paint = if erase { Cell::default() } else { self.paint };
        storable(match self.target {
            Target::Both => paint,
            Target::Terrain => Cell {
                terrain: paint.terrain,
                slope: old.slope,
            },
            Target::Slope => Cell {
                terrain: old.terrain,
                slope: paint.slope,
            },
        })
    }

    fn dab(&self, map: &mut Map, at: Coord, erase: bool) {
        for c in footprint(&map.grid, at, BRUSH_RADII[self.size]) {
            let old = map.cell(c).expect("footprint is on the map");
            map.set_cell(c, self.brush_cell(old, erase));
        }
    }

    /// Short description of the painted cell ("woods on a slope").
    pub fn paint_name(&self) -> String {
        describe(self.paint)
    }
}

/// A cell in words.
pub fn describe(cell: Cell) -> String {
    if cell.slope {
        format!("{} (slope)", cell.terrain.name())
    } else {
        cell.terrain.name().to_string()
    }
}

impl Tool for TerrainTool {
    fn options_ui(&mut self, ui: &mut Ui, _doc: &mut Document, _fb: &mut Feedback) {
        ui.label("Terrain");
        for (i, t) in Terrain::ALL.into_iter().enumerate() {
            let swatch = RichText::new("    ").background_color(cell_color(Cell {
                terrain: t,
                slope: false,
            }));
            ui.horizontal(|ui| {
                ui.label(swatch);
                ui.selectable_value(&mut self.paint.terrain, t, t.name())
                    .on_hover_text(format!("Paint {} ({})", t.name(), i + 1));
            });
        }
        ui.checkbox(&mut self.paint.slope, "Slope (hill side)")
            .on_hover_text("Paint slope hexes (S)");
        self.paint = storable(self.paint);
        if self.mode == ToolKind::Brush {
            ui.separator();
            ui.label("Brush size");
            ui.horizontal(|ui| {
                for (i, n) in ["1", "7", "19"].into_iter().enumerate() {
                    ui.selectable_value(&mut self.size, i, n)
                        .on_hover_text(format!(
                            "{} ([ and ] change the size)",
                            if n == "1" {
                                "1 hex".to_string()
                            } else {
                                format!("{n} hexes")
                            }
                        ));
                }
            });
            ui.label("Brush sets");
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.target, Target::Both, "both");
                ui.selectable_value(&mut self.target, Target::Terrain, "terrain");
                ui.selectable_value(&mut self.target, Target::Slope, "slope");
            });
            ui.weak("Left drag paints, right drag paints clear, Alt+click picks.");
        } else if self.mode == ToolKind::Fill {
            ui.weak("Click fills the connected area of the same terrain.");
        } else {
            ui.weak("Click a hex to pick its terrain, then paint with the brush.");
        }
    }

    fn pointer(&mut self, p: &Pointer, doc: &mut Document, layout: &Layout, fb: &mut Feedback) {
        let on_map = layout.grid.contains(p.hex);
        let pick = self.mode == ToolKind::Eyedropper || p.modifiers.alt;
        if pick {
            if p.phase == Phase::Press
                && let Some(cell) = doc.map().cell(p.hex)
            {
                self.paint = cell;
                fb.status = Some(format!("Picked {}", describe(cell)));
                if self.mode == ToolKind::Eyedropper {
                    fb.switch_to = Some(ToolKind::Brush);
                }
            }
            return;
        }
        let erase = p.button == Button::Secondary;
        match (self.mode, p.phase) {
            (ToolKind::Fill, Phase::Press) if on_map => {
                let cell = if erase { Cell::default() } else { self.paint };
                let n = doc.edit(&format!("Fill {}", describe(cell)), |m| {
                    flood_fill(m, p.hex, storable(cell))
                });
                fb.status = Some(format!("Filled {}", crate::plural(n, "hex")));
            }
            (ToolKind::Brush, Phase::Press | Phase::Drag) => {
                let label = if erase {
                    "Erase".to_string()
                } else {
                    format!("Paint {}", self.paint_name())
                };
                doc.begin(&label);
                if self.last == Some(p.hex) {
                    return;
                }
                // Hexes between the last dab and this one, so fast strokes leave no gaps.
                let from = self.last.filter(|l| layout.grid.contains(*l));
                let hexes = match from {
                    Some(l) if on_map => layout.grid.line(l, p.hex),
                    _ => vec![p.hex],
                };
                let map = doc.map_mut();
                for h in hexes {
                    if map.grid.contains(h) {
                        self.dab(map, h, erase);
                    }
                }
                self.last = Some(p.hex);
            }
            (_, Phase::Release) => {
                self.last = None;
                doc.commit();
            }
            _ => {}
        }
    }

    fn keys(&mut self, ui: &Ui, _doc: &mut Document, _fb: &mut Feedback) {
        const DIGITS: [Key; 7] = [
            Key::Num1,
            Key::Num2,
            Key::Num3,
            Key::Num4,
            Key::Num5,
            Key::Num6,
            Key::Num7,
        ];
        for (k, t) in DIGITS.into_iter().zip(Terrain::ALL) {
            if pressed(ui, k) {
                self.paint.terrain = t;
            }
        }
        if pressed(ui, Key::S) {
            self.paint.slope = !self.paint.slope;
        }
        self.paint = storable(self.paint);
        if pressed(ui, Key::OpenBracket) {
            self.size = self.size.saturating_sub(1);
        }
        if pressed(ui, Key::CloseBracket) {
            self.size = (self.size + 1).min(BRUSH_RADII.len() - 1);
        }
    }

    fn overlay(&self, hover: Option<Pos2>, _doc: &Document, layout: &Layout) -> Overlay {
        let mut o = Overlay::default();
        if self.mode == ToolKind::Brush
            && let Some(w) = hover
        {
            o.outline = footprint(&layout.grid, layout.hex_at(w), BRUSH_RADII[self.size]);
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brush_sizes_cover_1_7_19_hexes() {
        let m = Map::blank("t", "T", 20, 20);
        let sizes: Vec<usize> = BRUSH_RADII
            .iter()
            .map(|r| footprint(&m.grid, Coord(10, 10), *r).len())
            .collect();
        assert_eq!(sizes, vec![1, 7, 19]);
        assert_eq!(footprint(&m.grid, Coord(1, 1), 1).len(), 3);
    }

    #[test]
    fn fill_stops_at_other_terrain() {
        let mut m = Map::blank("t", "T", 6, 6);
        let river = Cell {
            terrain: Terrain::River,
            slope: false,
        };
        for r in 1..=6 {
            m.set_cell(Coord(3, r), river);
        }
        let woods = Cell {
            terrain: Terrain::Woods,
            slope: false,
        };
        assert_eq!(flood_fill(&mut m, Coord(1, 1), woods), 12);
        assert_eq!(m.cell(Coord(4, 1)), Some(Cell::default()));
    }
}
