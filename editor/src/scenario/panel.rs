//! The scenario builder's panel and its part of the canvas: tabs for each part of a scenario,
//! the live check, the zones drawn in their side's colour, clicks on the map (picking a
//! feature for a field, placing counters), and the diagnostics list that leads to the field or
//! hex each finding concerns.

use std::sync::Arc;

use egui::{Color32, Id, Ui};
use saber_schema::diagnostic::{Diagnostic, PathSeg};
use saber_schema::model::hex::{Coord, Edge, Grid};
use saber_schema::model::hex_set::HexSet;
use saber_schema::model::map::Map;
use saber_schema::model::scenario::{CounterColor, Entry, Group, Scenario, Side};
use saber_schema::model::zone::Zone;

use crate::canvas::Overlay;
use crate::document::Document;
use crate::scenario::checker::Checker;
use crate::scenario::pick::{PickKind, Picker, feature_at};
use crate::scenario::placement::{self, PlacementTool};
use crate::scenario::sides::{self, Selection, side_color};
use crate::scenario::zone_builder::ZoneCx;
use crate::tools::{Button, Phase, Pointer};

/// The parts of a scenario, one tab each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tab {
    /// Name, date, who deploys and moves first, game length and the Turn Record Track.
    #[default]
    Scenario,
    /// Sides, orders of battle, deployment zones and arrivals.
    Sides,
    /// Victory conditions.
    Victory,
    /// Special rules.
    Rules,
    /// Notes and interpretation notes.
    Notes,
    /// Set-up placement of counters.
    Setup,
}

impl Tab {
    /// Every tab, in order.
    pub const ALL: [Tab; 6] = [
        Tab::Scenario,
        Tab::Sides,
        Tab::Victory,
        Tab::Rules,
        Tab::Notes,
        Tab::Setup,
    ];

    /// The tab's title.
    pub fn name(self) -> &'static str {
        match self {
            Tab::Scenario => "Scenario",
            Tab::Sides => "Sides & forces",
            Tab::Victory => "Victory",
            Tab::Rules => "Special rules",
            Tab::Notes => "Notes",
            Tab::Setup => "Set-up",
        }
    }
}

/// The scenario builder's state.
#[derive(Debug, Default)]
pub struct ScenarioUi {
    /// The open tab.
    pub tab: Tab,
    /// The group being edited.
    pub sel: Selection,
    /// Picking features and hexes on the map for form fields.
    pub picker: Picker,
    /// The live check.
    pub checker: Checker,
    /// Counters placed at set-up.
    pub placement: PlacementTool,
    gestures: Gestures,
    map: Option<Arc<Map>>,
}

/// The widget being typed into or dragged, and which gesture on it this is: a gesture lasts
/// while the same widget keeps the focus (or the drag) from frame to frame, so one typed
/// value is one undo step however long the typing pauses, and coming back to a field later
/// is a new one.
#[derive(Debug, Default)]
pub(crate) struct Gestures {
    widget: std::cell::Cell<Option<Id>>,
    count: std::cell::Cell<u64>,
}

impl Gestures {
    /// The gesture in progress (noticed every frame, so that a focus given up between two
    /// edits ends the gesture).
    pub(crate) fn current(&self, ctx: &egui::Context) -> Option<u64> {
        let widget = ctx.memory(|m| m.focused()).or_else(|| ctx.dragged_id());
        if widget != self.widget.get() {
            self.widget.set(widget);
            self.count.set(self.count.get() + 1);
        }
        widget.map(|_| self.count.get())
    }
}

/// The id of a new scenario until it is saved: Save As then names it after its file.
pub const NEW_SCENARIO_ID: &str = "new-scenario";

/// A new scenario on `map`: two sides deploying along the west and east edges, ten turns.
pub fn new_scenario(map: &Map) -> Scenario {
    let side = |id: &str, name: &str, color, edge| Side {
        id: id.into(),
        name: name.into(),
        color,
        morale: Default::default(),
        groups: vec![Group {
            id: "a".into(),
            units: Default::default(),
            markers: Default::default(),
            entry: Entry::Deploy {
                zone: Zone::Within {
                    distance: 2,
                    of: Box::new(Zone::Edge(edge)),
                },
                facing: None,
            },
        }],
    };
    Scenario {
        schema: None,
        format: saber_schema::model::scenario::SCENARIO_FORMAT.into(),
        game: None,
        id: NEW_SCENARIO_ID.into(),
        rule: None,
        name: "New scenario".into(),
        date: String::new(),
        portion: None,
        map: map.id.clone(),
        sides: vec![
            side("red", "Red", CounterColor::Red, Edge::West),
            side("blue", "Blue", CounterColor::Blue, Edge::East),
        ],
        deploys_first: "red".into(),
        moves_first: "blue".into(),
        game_length: 10,
        victory: Vec::new(),
        special_rules: Vec::new(),
        counter_values: Default::default(),
        setup: Vec::new(),
        notes: String::new(),
        interpretations: Vec::new(),
    }
}

/// Where a diagnostic leads: a tab, maybe a group, maybe a hex.
fn target(d: &Diagnostic, s: &Scenario, map: &Map) -> (Tab, Option<Selection>, Option<Coord>) {
    let path = d.path.as_deref().unwrap_or(&[]);
    let key = |i: usize| match path.get(i) {
        Some(PathSeg::Key(k)) => Some(k.as_ref()),
        _ => None,
    };
    let index = |i: usize| match path.get(i) {
        Some(PathSeg::Index(n)) => Some(*n),
        _ => None,
    };
    let mut hex = d.hex.as_deref().and_then(|h| map.grid.parse_label(h).ok());
    let tab = match key(0) {
        Some("sides") => Tab::Sides,
        Some("victory") => Tab::Victory,
        Some("special_rules") => Tab::Rules,
        Some("notes" | "interpretations") => Tab::Notes,
        Some("setup") => {
            hex = hex.or_else(|| index(1).and_then(|i| s.setup.get(i)).map(|p| p.at));
            Tab::Setup
        }
        _ => Tab::Scenario,
    };
    let sel = match (key(0), index(1), key(2), index(3)) {
        (Some("sides"), Some(side), Some("groups"), Some(group)) => Some(Selection { side, group }),
        (Some("sides"), Some(side), _, _) => Some(Selection { side, group: 0 }),
        _ => None,
    };
    (tab, sel, hex.filter(|c| map.grid.contains(*c)))
}

/// The hexsides around a set of hexes: the zone's border.
fn border(set: &HexSet, map: &Map) -> Vec<(Coord, Coord)> {
    let mut out = Vec::new();
    for c in set.iter() {
        for side in map.grid.side_names() {
            if let Some(n) = map.grid.across(c, side)
                && map.grid.contains(n)
                && !set.contains(n)
            {
                out.push((c, n));
            }
        }
    }
    out
}

fn tint(c: Color32, alpha: u8) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), alpha)
}

impl ScenarioUi {
    /// Start on a new document.
    pub fn reset(&mut self, map: &Map) {
        self.map = Some(Arc::new(map.clone()));
        self.checker.reset();
        self.sel = Selection::default();
        self.placement = PlacementTool::default();
        self.picker = Picker::default();
    }

    /// Check the scenario if it changed; true while a result is awaited.
    pub fn update(&mut self, doc: &Document) -> bool {
        let Some(s) = doc.scenario() else {
            return false;
        };
        let map = self
            .map
            .get_or_insert_with(|| Arc::new(doc.map().clone()))
            .clone();
        if self.checker.map_problem != doc.map_problem || self.checker.map_notes != doc.map_notes {
            self.checker.map_problem = doc.map_problem.clone();
            self.checker.map_notes = doc.map_notes.clone();
            self.checker.reset();
        }
        self.checker.update(doc.revision(), s, &map)
    }

    /// The tabs and the open tab's form. Returns a status message, if any.
    pub fn panel(&mut self, ui: &mut Ui, doc: &mut Document) -> Option<String> {
        ui.horizontal_wrapped(|ui| {
            for t in Tab::ALL {
                if ui.selectable_label(self.tab == t, t.name()).clicked() {
                    self.tab = t;
                }
            }
        });
        ui.separator();
        let map = self
            .map
            .get_or_insert_with(|| Arc::new(doc.map().clone()))
            .clone();
        let id = Id::unique("scenario-form");
        let tab = self.tab;
        let ScenarioUi {
            sel,
            picker,
            checker,
            placement: tool,
            gestures,
            ..
        } = self;
        let mut cx = ZoneCx { map: &map, picker };
        let ctx = ui.ctx().clone();
        gestures.current(&ctx);
        // The gesture in progress: its changes are one undo step.
        let gesture = || gestures.current(&ctx);
        let label = match tab {
            Tab::Scenario => "Edit scenario",
            Tab::Sides => "Edit forces",
            Tab::Victory => "Edit victory conditions",
            Tab::Rules => "Edit special rules",
            Tab::Notes => "Edit notes",
            Tab::Setup => "Edit set-up",
        };
        let grid = doc.map().grid;
        let mut form = |ui: &mut Ui, s: &mut Scenario| match tab {
            Tab::Scenario => crate::scenario::header::header_ui(ui, id.with("header"), s),
            Tab::Sides => {
                let resolved = &checker.resolved;
                sides::sides_ui(ui, id.with("sides"), s, sel, resolved, &mut cx)
            }
            Tab::Victory => {
                crate::scenario::victory::victory_ui(ui, id.with("victory"), s, &mut cx)
            }
            Tab::Rules => {
                crate::scenario::special_rules::special_rules_ui(ui, id.with("rules"), s, &mut cx)
            }
            Tab::Notes => crate::scenario::notes::notes_ui(ui, id.with("notes"), s),
            Tab::Setup => placement::setup_ui(ui, id.with("setup"), s, &grid, tool, &checker.items),
        };
        egui::ScrollArea::vertical()
            .id_salt("scenario-scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| doc.edit_scenario(label, gesture, |s| form(ui, s)));
        None
    }

    /// What to draw over the map: every deployment zone tinted in its side's colour (the
    /// selected group's strongest, with its border), arrival hexes outlined, the open tab's
    /// own zones, counter stacks, and the feature a pick would take.
    pub fn overlay(&self, doc: &Document, hover: Option<Coord>) -> Overlay {
        let mut o = Overlay::default();
        let Some(s) = doc.scenario() else {
            return o;
        };
        let map = doc.map();
        let r = &self.checker.resolved;
        for (si, groups) in r.groups.iter().enumerate() {
            let Some(side) = s.sides.get(si) else {
                continue;
            };
            let color = side_color(side.color);
            for (gi, g) in groups.iter().enumerate() {
                let selected = self.tab == Tab::Sides
                    && self.sel
                        == Selection {
                            side: si,
                            group: gi,
                        };
                let arrives = g.arrival_turn.is_some();
                if arrives {
                    if selected {
                        o.marks.extend(g.hexes.iter().map(|c| (c, color)));
                    }
                    continue;
                }
                let alpha = if selected { 110 } else { 45 };
                o.tints
                    .extend(g.hexes.iter().map(|c| (c, tint(color, alpha))));
                if selected {
                    o.borders.extend(
                        border(&g.hexes, map)
                            .into_iter()
                            .map(|(a, b)| (a, b, color, 3.0)),
                    );
                }
            }
        }
        let gold = Color32::from_rgb(230, 170, 0);
        let purple = Color32::from_rgb(150, 60, 200);
        let extra = match self.tab {
            Tab::Victory => Some((&r.victory_zones, gold)),
            Tab::Rules => Some((&r.rule_zones, purple)),
            _ => None,
        };
        if let Some((zones, color)) = extra {
            for (_, set) in zones {
                o.tints.extend(set.iter().map(|c| (c, tint(color, 90))));
                o.borders.extend(
                    border(set, map)
                        .into_iter()
                        .map(|(a, b)| (a, b, color, 2.5)),
                );
            }
        }
        o.stacks = match (self.tab, self.placement.dragging, hover) {
            // A counter being dragged is drawn under the pointer, not left where it was.
            (Tab::Setup, Some((i, _)), Some(h)) if self.picker.armed.is_none() => {
                let mut moved = s.clone();
                if let Some(p) = moved.setup.get_mut(i) {
                    p.at = h;
                }
                placement::stacks(&moved, &self.checker.items)
            }
            _ => placement::stacks(s, &self.checker.items),
        };
        if let (Some(h), Some((_, kind))) = (hover, self.picker.armed) {
            match kind {
                PickKind::Feature => {
                    if let Some(code) = feature_at(map, h)
                        && let Some(f) = map.features.iter().find(|f| f.code == code)
                    {
                        o.highlight = f.hexes.clone();
                    }
                }
                PickKind::Hex => o.outline.push(h),
            }
        } else if self.tab == Tab::Setup
            && let Some(h) = hover
            && let Some(why) = self.placing_problems(s, map.grid, h)
        {
            let color = if why.is_empty() {
                Color32::from_rgb(40, 200, 60)
            } else {
                Color32::from_rgb(255, 30, 30)
            };
            o.marks.push((h, color));
        }
        o
    }

    /// Why the counter chosen (or the one dragged) cannot be placed on `h`; `None` when there
    /// is none.
    fn placing_problems(&self, s: &Scenario, grid: Grid, h: Coord) -> Option<Vec<String>> {
        let dragged = self.placement.dragging.map(|(i, _)| i);
        let chosen = match dragged {
            Some(i) => PlacementTool::dragged(s, i),
            None => self.placement.chosen.clone(),
        }?;
        let r = &self.checker.resolved;
        Some(placement::problems(s, grid, r, &chosen, h, dragged))
    }

    /// What the status bar says about the hovered hex in the builder: which zones hold it,
    /// and why placing the chosen counter there would be illegal.
    pub fn hover_text(&self, doc: &Document, h: Coord) -> Option<String> {
        let s = doc.scenario()?;
        let r = &self.checker.resolved;
        let mut parts = Vec::new();
        for (si, groups) in r.groups.iter().enumerate() {
            for (gi, g) in groups.iter().enumerate() {
                if g.hexes.contains(h)
                    && let Some(side) = s.sides.get(si)
                    && let Some(group) = side.groups.get(gi)
                {
                    let what = match group.entry {
                        Entry::Deploy { .. } => "deploys",
                        Entry::Arrive { .. } => "arrives",
                    };
                    parts.push(format!("{} ({}) {what} here", side.name, group.id));
                }
            }
        }
        if self.tab == Tab::Setup
            && let Some(why) = self.placing_problems(s, doc.map().grid, h)
            && !why.is_empty()
        {
            parts.push(format!("cannot place here: {}", why.join("; ")));
        }
        (!parts.is_empty()).then(|| parts.join(" · "))
    }

    /// A click or drag on the map: completes a pick, or places, moves and removes counters
    /// on the Set-up tab, or selects the group whose zone was clicked on the Forces tab.
    pub fn pointer(&mut self, p: &Pointer, doc: &mut Document) -> Option<String> {
        if self.picker.armed.is_some() {
            if p.phase == Phase::Press && p.button == Button::Primary {
                return self.picker.click(p.hex, doc.map());
            }
            if p.phase == Phase::Press && p.button == Button::Secondary {
                self.picker.cancel();
                return Some("Pick cancelled".into());
            }
            return None;
        }
        if !doc.map().grid.contains(p.hex) {
            self.placement.dragging = None;
            return None;
        }
        match self.tab {
            Tab::Setup => self.setup_pointer(p, doc),
            Tab::Sides if p.phase == Phase::Press && p.button == Button::Primary => {
                let r = &self.checker.resolved;
                let hit = r.groups.iter().enumerate().find_map(|(si, gs)| {
                    gs.iter()
                        .position(|g| g.hexes.contains(p.hex))
                        .map(|gi| Selection {
                            side: si,
                            group: gi,
                        })
                });
                let hit = hit?;
                self.sel = hit;
                let s = doc.scenario()?;
                Some(format!(
                    "Selected {} ({})",
                    s.sides.get(hit.side)?.name,
                    s.sides.get(hit.side)?.groups.get(hit.group)?.id
                ))
            }
            _ => None,
        }
    }

    fn setup_pointer(&mut self, p: &Pointer, doc: &mut Document) -> Option<String> {
        // Borrowed apart from the placement tool, which the arms below change.
        let resolved = &self.checker.resolved;
        let grid = doc.map().grid;
        match (p.phase, p.button) {
            (Phase::Press, Button::Secondary) => doc
                .edit_scenario("Remove counter", None, |s| {
                    PlacementTool::remove_top(s, p.hex)
                })
                .flatten(),
            (Phase::Press, Button::Primary) => {
                let s = doc.scenario()?;
                self.placement.dragging = s
                    .setup
                    .iter()
                    .rposition(|q| q.at == p.hex)
                    .map(|i| (i, p.hex));
                None
            }
            (Phase::Release, Button::Primary) => match self.placement.dragging.take() {
                Some((i, from)) if from != p.hex => doc
                    .edit_scenario("Move counter", None, |s| {
                        let chosen = PlacementTool::dragged(s, i)?;
                        let why = placement::problems(s, grid, resolved, &chosen, p.hex, Some(i));
                        s.setup.get_mut(i)?.at = p.hex;
                        Some(if why.is_empty() {
                            "Moved".to_string()
                        } else {
                            format!("Moved, but: {}", why.join("; "))
                        })
                    })
                    .flatten(),
                _ => {
                    if self.placement.chosen.is_none() {
                        return Some("Choose a counter in the Set-up tab first".into());
                    }
                    let tool = &self.placement;
                    doc.edit_scenario("Place counter", None, |s| {
                        tool.place(s, grid, resolved, p.hex)
                    })
                    .flatten()
                }
            },
            _ => None,
        }
    }

    /// The diagnostics list; clicking an entry opens its tab and group and returns the hex
    /// to centre on.
    pub fn diagnostics_ui(&mut self, ui: &mut Ui, doc: &Document) -> Option<Coord> {
        let s = doc.scenario()?;
        let map = doc.map();
        if self.checker.is_busy() {
            ui.weak("Checking…");
        }
        // Where its field is, as the Musket & Saber findings say (issue 37 §15).
        let at = |d: &Diagnostic| {
            let (tab, _, hex) = target(d, s, map);
            (hex, Some(format!("on the {} tab", tab.name())))
        };
        let (i, hex) = crate::diagnostics::list(ui, &self.checker.items, map, &at)?;
        let (tab, sel, _) = target(&self.checker.items[i], s, map);
        self.tab = tab;
        if let Some(sel) = sel {
            self.sel = sel;
        }
        hex.or_else(|| {
            sel.and_then(|g| self.checker.resolved.groups.get(g.side)?.get(g.group))
                .and_then(|g| g.hexes.iter().next())
        })
    }
}
