//! Hexsides: ridges (click near an edge toggles one, dragging paints them), road links between
//! neighbouring hexes (click near an edge), and roads or rivers drawn along a dragged path.

use egui::{Key, Pos2, Ui};
use saber_schema::model::hex::{Coord, Grid};
use saber_schema::model::map::{Road, RoadKind, SideKey};
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
    /// A ridge stroke.
    #[serde(skip)]
    sides: SideStroke,
    /// A road or river stroke.
    #[serde(skip)]
    path: PathStroke,
}

/// The side near a world point, if the point is near enough and the side touches the map.
pub fn side_near(layout: &Layout, world: Pos2) -> Option<SideKey> {
    let (a, b, d) = layout.nearest_side(world);
    (d < NEAR_EDGE && a != b && (layout.grid.contains(a) || layout.grid.contains(b)))
        .then(|| SideKey::new(a, b))
}

/// A stroke along hexsides, whichever game's kind of hexside it draws: its first side decides
/// whether it adds or removes, so that a click toggles one side and a drag paints (or erases)
/// the sides it passes.
#[derive(Debug, Default, Clone)]
pub struct SideStroke {
    adding: Option<bool>,
}

impl SideStroke {
    /// At a side that `present` says is drawn: `Some(true)` to add it, `Some(false)` to remove
    /// it, `None` when it already is as the stroke makes it.
    pub fn at(&mut self, present: bool) -> Option<bool> {
        let adding = *self.adding.get_or_insert(!present);
        (present != adding).then_some(adding)
    }

    /// The stroke is over.
    pub fn end(&mut self) {
        self.adding = None;
    }
}

/// A stroke through hexes (a road or a river), whichever game's map it draws on.
#[derive(Debug, Default, Clone)]
pub struct PathStroke {
    /// The hexes passed, adjacent in order.
    pub path: Vec<Coord>,
    /// The side near the press, for a click that toggles a road link.
    press_side: Option<SideKey>,
}

/// What a path stroke drew when the button was released.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathEnd {
    /// A path of two hexes or more.
    Path(Vec<Coord>),
    /// A click near the side between two hexes of the map.
    Link(Coord, Coord),
    /// Nothing.
    Nothing,
}

impl PathStroke {
    /// Follow the pointer; on release, say what was drawn.
    pub fn pointer(&mut self, p: &Pointer, layout: &Layout) -> PathEnd {
        match p.phase {
            Phase::Press => {
                self.path.clear();
                self.press_side = side_near(layout, p.world);
                extend_path(&layout.grid, &mut self.path, p.hex);
            }
            Phase::Drag => extend_path(&layout.grid, &mut self.path, p.hex),
            Phase::Release => {
                extend_path(&layout.grid, &mut self.path, p.hex);
                let path = std::mem::take(&mut self.path);
                let side = self.press_side.take();
                if path.len() >= 2 {
                    return PathEnd::Path(path);
                }
                if let Some(SideKey(a, b)) = side
                    && layout.grid.contains(a)
                    && layout.grid.contains(b)
                {
                    return PathEnd::Link(a, b);
                }
            }
        }
        PathEnd::Nothing
    }
}

/// A road as a path of adjacent hexes, whichever game's file holds it.
pub trait PathRoad: Sized {
    /// Its hexes, for changing.
    fn hexes_mut(&mut self) -> &mut Vec<Coord>;
    /// A road along `hexes`, of the kind of `like` (a new road's when `None`).
    fn along(like: Option<&Self>, hexes: Vec<Coord>) -> Self;
}

impl PathRoad for Road {
    fn hexes_mut(&mut self) -> &mut Vec<Coord> {
        &mut self.hexes
    }

    fn along(like: Option<&Road>, hexes: Vec<Coord>) -> Road {
        Road {
            name: None,
            kind: like.map_or(RoadKind::Minor, |r| r.kind),
            hexes,
        }
    }
}

/// Toggle the road link across a hexside: remove it (splitting its road) if there is one,
/// else join the two hexes, extending a road that ends at either of them.
pub fn toggle_road_link<R: PathRoad>(roads: &mut Vec<R>, a: Coord, b: Coord) -> bool {
    let key = SideKey::new(a, b);
    for i in 0..roads.len() {
        let hexes = roads[i].hexes_mut();
        if let Some(j) = hexes
            .windows(2)
            .position(|w| SideKey::new(w[0], w[1]) == key)
        {
            let tail = hexes.split_off(j + 1);
            let short = hexes.len() < 2;
            if tail.len() >= 2 {
                roads.push(R::along(Some(&roads[i]), tail));
            }
            if short {
                roads.remove(i);
            }
            return false;
        }
    }
    add_path(roads, &[a, b]);
    true
}

/// Add a road along a path: extend a road that ends where the path starts or ends, or make a
/// new road.
pub fn add_path<R: PathRoad>(roads: &mut Vec<R>, path: &[Coord]) {
    let (Some(first), Some(last)) = (path.first().copied(), path.last().copied()) else {
        return;
    };
    for road in roads.iter_mut() {
        let hexes = road.hexes_mut();
        if hexes.last() == Some(&first) {
            hexes.extend_from_slice(&path[1..]);
            return;
        }
        if hexes.first() == Some(&last) {
            let mut joined = path[..path.len() - 1].to_vec();
            joined.append(hexes);
            *hexes = joined;
            return;
        }
    }
    roads.push(R::along(None, path.to_vec()));
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
                if p.phase == Phase::Release {
                    self.sides.end();
                    doc.commit();
                    return;
                }
                let Some(side) = side_near(layout, p.world) else {
                    return;
                };
                let present = doc.map().ridges.contains(&side);
                if let Some(adding) = self.sides.at(present) {
                    doc.begin(if adding { "Add ridge" } else { "Remove ridge" });
                    let map = doc.map_mut();
                    if adding {
                        map.ridges.insert(side);
                    } else {
                        map.ridges.remove(&side);
                    }
                }
            }
            Mode::Road | Mode::River => match self.path.pointer(p, layout) {
                PathEnd::Path(path) => {
                    if self.mode == Mode::Road {
                        doc.edit("Draw road", |m| add_path(&mut m.roads, &path));
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
                    fb.status = Some(format!("Drew through {}", crate::plural(path.len(), "hex")));
                }
                PathEnd::Link(a, b) if self.mode == Mode::Road => {
                    let added =
                        doc.edit("Toggle road link", |m| toggle_road_link(&mut m.roads, a, b));
                    fb.status = Some(format!(
                        "{} road link {}–{}",
                        if added { "Added" } else { "Removed" },
                        layout.grid.label(a),
                        layout.grid.label(b)
                    ));
                }
                PathEnd::Link(..) | PathEnd::Nothing => {}
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
            path: self.path.path.clone(),
            ..Overlay::default()
        };
        if self.path.path.len() < 2
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
    use saber_schema::model::map::Map;

    #[test]
    fn road_links_join_and_split() {
        let mut m = Map::blank("t", "T", 6, 6);
        assert!(toggle_road_link(&mut m.roads, Coord(2, 2), Coord(2, 3)));
        assert!(toggle_road_link(&mut m.roads, Coord(2, 3), Coord(2, 4)));
        assert_eq!(m.roads.len(), 1);
        assert_eq!(m.roads[0].hexes.len(), 3);
        assert!(!toggle_road_link(&mut m.roads, Coord(2, 2), Coord(2, 3)));
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
