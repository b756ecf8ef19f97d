//! Hexsides: ridges (click near an edge toggles one, dragging paints them), road links between
//! neighbouring hexes (click near an edge), and roads or rivers drawn along a dragged path.

use egui::{Key, Pos2, Ui};
use saber_schema::model::hex::{Coord, Grid};
use saber_schema::model::map::{Map, Road, RoadKind, SideKey};
use saber_schema::ruleset::Terrain;

use super::{Feedback, Phase, Pointer, Tool, pressed};
use crate::canvas::{Layout, Overlay};
use crate::document::Document;

/// How close to an edge a click must be to count, in hex steps.
const NEAR_EDGE: f32 = 0.22;

/// What the hexside tool draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    /// Ridge hexsides.
    #[default]
    Ridge,
    /// Roads.
    Road,
    /// River hexes.
    River,
}

/// The hexside tool's state.
#[derive(Debug, Default, Clone, serde::Serialize, serde::Deserialize)]
pub struct HexsideTool {
    /// What it draws.
    pub mode: Mode,
    /// In a ridge stroke: whether it adds (true) or removes ridges.
    #[serde(skip)]
    adding: Option<bool>,
    /// The path of a road or river stroke.
    #[serde(skip)]
    path: Vec<Coord>,
    /// The side near the press, for a click that toggles a road link.
    #[serde(skip)]
    press_side: Option<SideKey>,
}

/// The side near a world point, if the point is near enough and the side touches the map.
fn side_near(layout: &Layout, world: Pos2) -> Option<SideKey> {
    let (a, b, d) = layout.nearest_side(world);
    (d < NEAR_EDGE && a != b && (layout.grid.contains(a) || layout.grid.contains(b)))
        .then(|| SideKey::new(a, b))
}

/// Toggle the road link across a hexside: remove it (splitting its road) if there is one,
/// else join the two hexes, extending a road that ends at either of them.
pub fn toggle_road_link(map: &mut Map, a: Coord, b: Coord) -> bool {
    let key = SideKey::new(a, b);
    for i in 0..map.roads.len() {
        let hexes = &map.roads[i].hexes;
        if let Some(j) = hexes
            .windows(2)
            .position(|w| SideKey::new(w[0], w[1]) == key)
        {
            let tail: Vec<Coord> = hexes[j + 1..].to_vec();
            let road = &mut map.roads[i];
            road.hexes.truncate(j + 1);
            let kind = road.kind;
            if road.hexes.len() < 2 {
                map.roads.remove(i);
            }
            if tail.len() >= 2 {
                map.roads.push(Road {
                    name: None,
                    kind,
                    hexes: tail,
                });
            }
            return false;
        }
    }
    add_path(map, &[a, b]);
    true
}

/// Add a road along a path: extend a road that ends where the path starts or ends, or make a
/// new minor road.
pub fn add_path(map: &mut Map, path: &[Coord]) {
    let (Some(first), Some(last)) = (path.first().copied(), path.last().copied()) else {
        return;
    };
    for road in &mut map.roads {
        if road.hexes.last() == Some(&first) {
            road.hexes.extend_from_slice(&path[1..]);
            return;
        }
        if road.hexes.first() == Some(&last) {
            let mut hexes = path[..path.len() - 1].to_vec();
            hexes.append(&mut road.hexes);
            road.hexes = hexes;
            return;
        }
    }
    map.roads.push(Road {
        name: None,
        kind: RoadKind::Minor,
        hexes: path.to_vec(),
    });
}

/// Extend a path of adjacent hexes to `to`, stepping through the hexes in between.
fn extend_path(grid: &Grid, path: &mut Vec<Coord>, to: Coord) {
    if !grid.contains(to) {
        return;
    }
    match path.last().copied() {
        None => path.push(to),
        Some(last) if last == to => {}
        Some(last) => {
            for h in grid.line(last, to).into_iter().skip(1) {
                // Going back over the path retracts it.
                if path.len() >= 2 && path[path.len() - 2] == h {
                    path.pop();
                } else {
                    path.push(h);
                }
            }
        }
    }
}

impl Tool for HexsideTool {
    fn options_ui(&mut self, ui: &mut Ui, doc: &mut Document, _fb: &mut Feedback) {
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.mode, Mode::Ridge, "Ridge")
                .on_hover_text("Click near an edge to toggle a ridge; drag along edges (1)");
            ui.selectable_value(&mut self.mode, Mode::Road, "Road")
                .on_hover_text("Drag through hexes to draw a road; click near an edge to toggle a road link (2)");
            ui.selectable_value(&mut self.mode, Mode::River, "River")
                .on_hover_text("Drag through hexes to draw a river (3)");
        });
        ui.weak(match self.mode {
            Mode::Ridge => "Click near a hexside to toggle a ridge. Drag to paint ridges along edges.",
            Mode::Road => "Drag from hex to hex to draw a road (it extends a road that ends there). Click near a hexside to toggle the road link across it.",
            Mode::River => "Drag from hex to hex to make them river hexes (fords and bridges stay).",
        });
        if self.mode == Mode::Road {
            ui.separator();
            road_list(ui, doc);
        }
    }

    fn pointer(&mut self, p: &Pointer, doc: &mut Document, layout: &Layout, fb: &mut Feedback) {
        match self.mode {
            Mode::Ridge => {
                let side = side_near(layout, p.world);
                if p.phase == Phase::Release {
                    self.adding = None;
                    doc.commit();
                    return;
                }
                let Some(side) = side else { return };
                let present = doc.map().ridges.contains(&side);
                let adding = *self.adding.get_or_insert(!present);
                if present != adding {
                    doc.begin(if adding { "Add ridge" } else { "Remove ridge" });
                    let map = doc.map_mut();
                    if adding {
                        map.ridges.insert(side);
                    } else {
                        map.ridges.remove(&side);
                    }
                }
            }
            Mode::Road | Mode::River => match p.phase {
                Phase::Press => {
                    self.path.clear();
                    self.press_side = side_near(layout, p.world);
                    extend_path(&layout.grid, &mut self.path, p.hex);
                }
                Phase::Drag => extend_path(&layout.grid, &mut self.path, p.hex),
                Phase::Release => {
                    extend_path(&layout.grid, &mut self.path, p.hex);
                    let path = std::mem::take(&mut self.path);
                    if path.len() >= 2 {
                        if self.mode == Mode::Road {
                            doc.edit("Draw road", |m| add_path(m, &path));
                        } else {
                            doc.edit("Draw river", |m| {
                                for c in &path {
                                    if m.cell(*c).is_some_and(|x| !x.terrain.is_river()) {
                                        m.set_cell(
                                            *c,
                                            saber_schema::model::map::Cell {
                                                terrain: Terrain::River,
                                                slope: false,
                                            },
                                        );
                                    }
                                }
                            });
                        }
                        fb.status =
                            Some(format!("Drew through {}", crate::plural(path.len(), "hex")));
                    } else if self.mode == Mode::Road
                        && let Some(SideKey(a, b)) = self.press_side
                        && layout.grid.contains(a)
                        && layout.grid.contains(b)
                    {
                        let added = doc.edit("Toggle road link", |m| toggle_road_link(m, a, b));
                        fb.status = Some(format!(
                            "{} road link {}–{}",
                            if added { "Added" } else { "Removed" },
                            layout.grid.label(a),
                            layout.grid.label(b)
                        ));
                    }
                    self.press_side = None;
                }
            },
        }
    }

    fn keys(&mut self, ui: &Ui, _doc: &mut Document, _fb: &mut Feedback) {
        for (k, m) in [
            (Key::Num1, Mode::Ridge),
            (Key::Num2, Mode::Road),
            (Key::Num3, Mode::River),
        ] {
            if pressed(ui, k) {
                self.mode = m;
            }
        }
    }

    fn overlay(&self, hover: Option<Pos2>, _doc: &Document, layout: &Layout) -> Overlay {
        let mut o = Overlay {
            path: self.path.clone(),
            ..Overlay::default()
        };
        if self.path.len() < 2
            && matches!(self.mode, Mode::Ridge | Mode::Road)
            && let Some(w) = hover
        {
            o.side = side_near(layout, w);
        }
        o
    }
}

/// Roads: name, kind, length, delete.
fn road_list(ui: &mut Ui, doc: &mut Document) {
    let heading = ui.label(format!("Roads ({})", doc.map().roads.len())).id;
    let mut change: Option<(usize, Option<Road>)> = None;
    egui::ScrollArea::vertical()
        .id_salt("roads")
        .max_height(220.0)
        .show(ui, |ui| {
            for (i, road) in doc.map().roads.iter().enumerate() {
                ui.horizontal(|ui| {
                    let mut name = road.name.clone().unwrap_or_default();
                    let r = ui
                        .add(
                            egui::TextEdit::singleline(&mut name)
                                .hint_text("unnamed")
                                .desired_width(80.0),
                        )
                        .labelled_by(heading);
                    if r.changed() {
                        let mut new = road.clone();
                        new.name = (!name.trim().is_empty()).then(|| name.clone());
                        change = Some((i, Some(new)));
                    }
                    let mut main = road.kind == RoadKind::Main;
                    if ui
                        .checkbox(&mut main, "main")
                        .on_hover_text("Main roads are named by the edge they leave at (11.0)")
                        .changed()
                    {
                        let mut new = road.clone();
                        new.kind = if main {
                            RoadKind::Main
                        } else {
                            RoadKind::Minor
                        };
                        change = Some((i, Some(new)));
                    }
                    ui.weak(crate::plural(road.hexes.len(), "hex"));
                    if ui
                        .small_button("Delete")
                        .on_hover_text("Delete road")
                        .clicked()
                    {
                        change = Some((i, None));
                    }
                });
            }
        });
    if let Some((i, new)) = change {
        let label = if new.is_some() {
            "Edit road"
        } else {
            "Delete road"
        };
        doc.edit(label, |m| match new {
            Some(r) => m.roads[i] = r,
            None => {
                m.roads.remove(i);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn road_links_join_and_split() {
        let mut m = Map::blank("t", "T", 6, 6);
        assert!(toggle_road_link(&mut m, Coord(2, 2), Coord(2, 3)));
        assert!(toggle_road_link(&mut m, Coord(2, 3), Coord(2, 4)));
        assert_eq!(m.roads.len(), 1);
        assert_eq!(m.roads[0].hexes.len(), 3);
        assert!(!toggle_road_link(&mut m, Coord(2, 2), Coord(2, 3)));
        assert_eq!(m.roads.len(), 1);
        assert_eq!(m.roads[0].hexes, vec![Coord(2, 3), Coord(2, 4)]);
    }

    #[test]
    fn paths_step_through_neighbours() {
        let m = Map::blank("t", "T", 10, 10);
        let mut path = vec![];
        extend_path(&m.grid, &mut path, Coord(1, 1));
        extend_path(&m.grid, &mut path, Coord(5, 1));
        assert!(path.windows(2).all(|w| m.grid.adjacent(w[0], w[1])));
        assert_eq!(path.last(), Some(&Coord(5, 1)));
    }
}
