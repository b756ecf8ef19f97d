//! The Musket & Saber Quick Play side of the editor, all in this folder: its [`game`] (new,
//! open, its mode), its documents ([`doc`]) and its editing [`Mode`] (Rifle & Saber's are the
//! map tools and the scenario builder; ARCHITECTURE.md, "Musket & Saber Quick Play files are
//! documents of their own").
//!
//! - [`map`]: a map's terrain palette and key from its legend and chart, painting a hex's
//!   kinds, the chart and track tables, the map's properties;
//! - [`scenario`]: a scenario's header, sides and roster table, reinforcements and victory;
//! - [`setup`]: set-up by clicking a hex per counter, the `w/1` ring and the stacks the
//!   compiler's own 5.0 predicate judges.
//!
//! Every game fact comes from the library: the checks (`pipeline::musket_and_saber`), the
//! classes and their steps (`ruleset::musket_and_saber`), 5.0 (`check::musket_and_saber::
//! over_stacked`), the colours (`output::palette`).

pub mod doc;
pub mod fields;
pub mod game;
pub mod map;
pub mod paint;
pub mod printed;
pub mod scenario;
pub mod setup;

pub use game::GAME;

use egui::{Color32, Key, Pos2, Ui};
use saber_schema::model::hex::Coord;
use saber_schema::model::musket_and_saber::{MsMapFile, MsScenario};

use crate::app::workspace::{GameMode, Mode, Panel, Workspace};
use crate::canvas::{Layout, Overlay, palette_color};
use crate::content::Content;
use crate::diagnostics::Diagnostics;
use crate::document::Document;
use crate::scenario::panel::Gestures;
use crate::tools::{Button, Phase, Pointer, pressed};

/// The tabs of the M&S panel: the first three for a map, the others for a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MsTab {
    /// The terrain palette (the map's legend) and the map key.
    #[default]
    Terrain,
    /// The Terrain Effects Chart and the Turn Record Track.
    Chart,
    /// The map's id, name, source and notes.
    Map,
    /// The scenario's id, name, source, First Player, game length.
    Scenario,
    /// Each side and its roster of counters.
    Roster,
    /// Set-up lines, by clicking a hex per counter.
    Setup,
    /// Reinforcement lines.
    Reinforcements,
    /// Victory conditions.
    Victory,
}

impl MsTab {
    /// The tabs of a map document.
    pub const MAP: [MsTab; 3] = [MsTab::Terrain, MsTab::Chart, MsTab::Map];
    /// The tabs of a scenario document.
    pub const SCENARIO: [MsTab; 5] = [
        MsTab::Scenario,
        MsTab::Roster,
        MsTab::Setup,
        MsTab::Reinforcements,
        MsTab::Victory,
    ];

    /// The tab's name.
    pub fn name(self) -> &'static str {
        match self {
            MsTab::Terrain => "Terrain",
            MsTab::Chart => "Chart & track",
            MsTab::Map => "Map",
            MsTab::Scenario => "Scenario",
            MsTab::Roster => "Sides & roster",
            MsTab::Setup => "Set-up",
            MsTab::Reinforcements => "Reinforcements",
            MsTab::Victory => "Victory",
        }
    }
}

/// The M&S editing mode.
#[derive(Debug, Default)]
pub struct MsUi {
    /// The tab shown.
    pub tab: MsTab,
    /// The live check: what `saberc check` lists for the document saved.
    pub checker: Diagnostics,
    /// The legend character the brush paints.
    pub brush: String,
    /// The counter chosen for set-up: (side, index in its roster).
    pub chosen: Option<(usize, usize)>,
    /// A counter just added to a roster (side, index), whose ID field takes the focus.
    pub new_counter: Option<(usize, usize)>,
    /// The reinforcement line whose entry hex a click sets.
    pub picking_entry: Option<usize>,
    /// What the left button paints on a map: hexes, a kind of hexside, or roads.
    pub paint: paint::Paint,
    /// A hexside stroke.
    sides: crate::tools::hexside::SideStroke,
    /// A road stroke.
    path: crate::tools::hexside::PathStroke,
    /// Strokes painted so far (each stroke is one undo step).
    strokes: u64,
    gestures: Gestures,
    /// The zone picker of the victory form.
    pub picker: crate::scenario::pick::Picker,
}

/// The gesture a form's edits belong to, told after the form ran (the panel's `Gestures`).
pub type Gesture<'a> = &'a dyn Fn() -> Option<u64>;

/// Gestures of painting strokes are told apart from those of typing (which count up from 0).
const STROKE_GESTURE: u64 = 1 << 62;

impl GameMode for MsUi {
    fn reset(&mut self, doc: &Document) {
        self.tab = if doc.content().is_scenario() {
            MsTab::Scenario
        } else {
            MsTab::Terrain
        };
        self.checker = Diagnostics::default();
        self.chosen = None;
        self.picking_entry = None;
        self.brush = doc
            .ms_map()
            .and_then(|f| f.legend.get(1).or(f.legend.first()))
            .map(|e| e.char.clone())
            .unwrap_or_default();
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The fill of a kind of hex terrain on a map, as `saberc render` fills it (`None`: the chart
/// has no such row; the map's checks say so, MAP010).
pub fn kind_color(file: &MsMapFile, kind: &str) -> Option<Color32> {
    saber_schema::output::musket_and_saber::colours::ms_kind_fill(file, kind).map(palette_color)
}

/// The colour of a kind of hexside terrain, as `saberc render` draws it.
pub fn hexside_color(file: &MsMapFile, kind: &str) -> Option<Color32> {
    saber_schema::output::musket_and_saber::colours::ms_hexside_stroke(file, kind)
        .map(palette_color)
}

/// A hexside kind's colour as a line across `rect`, as the map draws it.
pub fn side_swatch(ui: &Ui, rect: egui::Rect, file: &MsMapFile, kind: &str) {
    if let Some(c) = hexside_color(file, kind) {
        ui.painter().line_segment(
            [rect.left_center(), rect.right_center()],
            egui::Stroke::new(4.0, c),
        );
    }
}

/// The colour of side `side` of `s`, as `saberc render` draws its set-up: the colour its
/// `colour` words name, else the side's place's.
pub fn side_color(s: &MsScenario, side: usize) -> Color32 {
    let words = s.sides.get(side).and_then(|sd| sd.colour.as_deref());
    let [r, g, b] = saber_schema::output::musket_and_saber::colours::ms_side_color(words, side);
    Color32::from_rgb(r, g, b)
}

/// The map drawn in its own terms: each hex filled in its first kind's colour (outlined in its
/// second's when it has more than one), each hexside of the chart drawn in its kind's colour.
fn map_overlay(file: &MsMapFile, out: &mut Overlay) {
    let grid = file.grid();
    for c in grid.coords() {
        let kinds = file.kinds_at(c);
        if let Some(color) = kinds.first().and_then(|k| kind_color(file, k)) {
            out.fills.push((c, color));
        }
        if let Some(color) = kinds.get(1).and_then(|k| kind_color(file, k)) {
            out.marks.push((c, color));
        }
    }
    for h in &file.in_grid().hexsides {
        if let (Some(n), Some(color)) = (grid.across(h.hex, h.side), hexside_color(file, &h.kind)) {
            out.borders.push((h.hex, n, color, 4.0));
        }
    }
}

impl Panel for MsUi {
    fn ui(&mut self, ui: &mut Ui, ws: &mut Workspace) {
        let tabs: &[MsTab] = if ws.doc.content().is_scenario() {
            &MsTab::SCENARIO
        } else {
            &MsTab::MAP
        };
        if !tabs.contains(&self.tab) {
            self.tab = tabs[0];
        }
        ui.label(egui::RichText::new("Musket & Saber Quick Play").strong());
        ui.horizontal_wrapped(|ui| {
            for t in tabs {
                ui.selectable_value(&mut self.tab, *t, t.name());
            }
        });
        ui.separator();
        // The gesture in progress (one focus or drag): its changes are one undo step. Told
        // after a form ran, as the scenario builder tells it: a click on a button gives up a
        // field's focus in that frame, and what it adds is a step of its own.
        let gestures = std::mem::take(&mut self.gestures);
        let ctx = ui.ctx().clone();
        gestures.current(&ctx);
        let gesture: Gesture<'_> = &|| gestures.current(&ctx);
        // Only down: the forms fit the panel's width (a narrow window cut their fields off at
        // the canvas, issue 37 §5); the tables scroll sideways on their own, their rows' names
        // kept in view.
        let status = egui::ScrollArea::vertical()
            .id_salt("ms-scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| match self.tab {
                MsTab::Terrain => map::terrain_ui(ui, self, &mut ws.doc, gesture),
                MsTab::Chart => map::chart_ui(ui, &mut ws.doc, gesture),
                MsTab::Map => map::properties_ui(ui, &mut ws.doc, gesture),
                MsTab::Scenario => scenario::header_ui(ui, &mut ws.doc, gesture),
                MsTab::Roster => scenario::roster_ui(ui, self, &mut ws.doc, gesture),
                MsTab::Setup => setup::setup_ui(ui, self, &mut ws.doc, gesture),
                MsTab::Reinforcements => {
                    scenario::reinforcements_ui(ui, self, &mut ws.doc, gesture)
                }
                MsTab::Victory => scenario::victory_ui(ui, self, &mut ws.doc, gesture),
            })
            .inner;
        self.gestures = gestures;
        if let Some(s) = status {
            ws.status.set(s);
        }
    }
}

impl Mode for MsUi {
    fn left_panel(&self) -> (&'static str, f32) {
        ("musket-and-saber", 380.0)
    }

    fn update(&mut self, doc: &Document) -> bool {
        self.checker.update(doc);
        false
    }

    fn keys(&mut self, ui: &Ui, _ws: &mut Workspace) {
        if pressed(ui, Key::Escape) {
            self.chosen = None;
            self.picking_entry = None;
            self.picker.cancel();
        }
    }

    fn pointer(&mut self, p: &Pointer, ws: &mut Workspace, layout: &Layout) {
        let status = if ws.doc.content().is_scenario() {
            self.scenario_pointer(p, &mut ws.doc)
        } else {
            match self.paint_pointer(p, &mut ws.doc, layout) {
                Some(status) => status,
                None => self.map_pointer(p, &mut ws.doc),
            }
        };
        if let Some(s) = status {
            ws.status.set(s);
        }
    }

    fn overlay(&self, ws: &Workspace, world: Option<Pos2>, layout: &Layout) -> Overlay {
        let mut out = Overlay::default();
        let Some(file) = ws.doc.ms_map() else {
            return out;
        };
        map_overlay(file, &mut out);
        if let Some(s) = ws.doc.ms_scenario_in_grid() {
            setup::overlay(self, &s, &file.in_grid(), ws.hover, &mut out);
            return out;
        }
        match self.paint {
            paint::Paint::Terrain => out.outline.extend(ws.hover),
            // The road being drawn, or the hexside a click would draw (as the R&S tool shows).
            paint::Paint::Hexside(_) | paint::Paint::Road => {
                out.path = self.path.path.clone();
                if self.path.path.len() < 2 {
                    out.side = world.and_then(|w| crate::tools::hexside::side_near(layout, w));
                }
            }
        }
        out
    }

    fn findings(&self) -> usize {
        self.checker.items.len()
    }

    fn findings_ui(&mut self, ui: &mut Ui, doc: &Document) -> Option<Coord> {
        let ms = doc.content();
        // Each finding says which tab holds its field, and a click opens it (issue 37 §15).
        let place = |d: &saber_schema::diagnostic::Diagnostic| {
            tab_of(ms, d).map(|t| format!("on the {} tab", t.name()))
        };
        let (i, hex) = self.checker.ui_placed(ui, doc.map(), &place)?;
        if let Some(t) = self.checker.items.get(i).and_then(|d| tab_of(ms, d)) {
            self.tab = t;
        }
        hex
    }

    fn hover_text(&self, doc: &Document, c: Coord) -> Option<String> {
        let file = doc.ms_map()?;
        let mut parts = Vec::new();
        let kinds = file.kinds_at(c);
        if !kinds.is_empty() {
            parts.push(kinds.join(" + "));
        }
        let file = file.in_grid();
        for h in file.hexsides.iter().filter(|h| h.hex == c) {
            parts.push(format!("{} {:?}", h.kind, h.side));
        }
        if let Some(s) = doc.ms_scenario_in_grid() {
            parts.extend(setup::hover_text(&s, &file, c));
        }
        (!parts.is_empty()).then(|| parts.join(" · "))
    }
}

/// The tab whose form holds the field a finding's path names.
fn tab_of(doc: &Content, d: &saber_schema::diagnostic::Diagnostic) -> Option<MsTab> {
    use saber_schema::diagnostic::PathSeg;
    let Some(PathSeg::Key(first)) = d.path.as_deref()?.first() else {
        return None;
    };
    Some(match (doc.is_scenario(), first.as_ref()) {
        (false, "chart" | "track") => MsTab::Chart,
        (false, "terrain" | "legend" | "hexsides" | "roads" | "labels") => MsTab::Terrain,
        (false, _) => MsTab::Map,
        (true, "sides") => MsTab::Roster,
        (true, "setup" | "placements") => MsTab::Setup,
        (true, "reinforcements") => MsTab::Reinforcements,
        (true, "victory") => MsTab::Victory,
        (true, _) => MsTab::Scenario,
    })
}

impl MsUi {
    /// Paint the brush's legend character (left button; a stroke is one undo step), or take
    /// the hex's character as the brush (right button).
    fn map_pointer(&mut self, p: &Pointer, doc: &mut Document) -> Option<String> {
        let file = doc.ms_map()?;
        if !file.grid().contains(p.hex) {
            return None;
        }
        match (p.button, p.phase) {
            (Button::Secondary, Phase::Press) => {
                let ch = map::char_at(file, p.hex)?;
                self.brush = ch.to_string();
                self.paint = paint::Paint::Terrain;
                Some(format!(
                    "Brush: “{ch}” ({})",
                    file.kinds_at(p.hex).join(" + ")
                ))
            }
            (Button::Primary, Phase::Press | Phase::Drag) => {
                if p.phase == Phase::Press {
                    self.strokes += 1;
                }
                let ch = self.brush.chars().next()?;
                let kinds = file.legend_entry(ch)?.kinds.join(" + ");
                let label = format!("Paint “{ch}” ({kinds})");
                let changed =
                    doc.edit_ms_map(&label, Some(STROKE_GESTURE + self.strokes), |f| {
                        let was = map::char_at(f, p.hex);
                        map::set_char(f, p.hex, ch);
                        was != Some(ch)
                    })?;
                // Named by the stroke, not by the terrain rows it changed (the History panel
                // showed every row of the map, before and after).
                if changed {
                    doc.name_last_step(&label);
                }
                None
            }
            _ => None,
        }
    }

    /// A click on the map of a scenario: completes a pick of the victory form, or sets the
    /// entry hex of the reinforcement line being picked, or sets the chosen counter up on the
    /// hex.
    fn scenario_pointer(&mut self, p: &Pointer, doc: &mut Document) -> Option<String> {
        if p.phase != Phase::Press || p.button != Button::Primary {
            return None;
        }
        if self.picker.armed.is_some() {
            // A victory target being picked (the victory form's Pick).
            return self.picker.click(p.hex, doc.map());
        }
        let grid = doc.ms_map()?.grid();
        if !grid.contains(p.hex) {
            return None;
        }
        if let Some(li) = self.picking_entry.take() {
            let label = grid.label(p.hex);
            let said = format!("Reinforcement line {} enters at {label}", li + 1);
            let changed = doc.edit_ms_scenario("Reinforcement entry hex", None, |s| {
                s.reinforcements.get_mut(li).is_some_and(|l| {
                    let moved = l.at != p.hex;
                    l.at = p.hex;
                    moved
                })
            });
            if changed == Some(true) {
                doc.name_last_step(&said);
            }
            return Some(said);
        }
        let (side, ci) = self.chosen?;
        let before = doc.revision();
        let said = doc
            .edit_ms_scenario("Set up", None, |s| setup::place(s, grid, side, ci, p.hex))
            .flatten()?;
        // The step is named as the status line says what the click did ("Counter 2 placed at
        // 0402 (w/1 of 0302)"), not by the fields it touched.
        if doc.revision() != before {
            doc.name_last_step(&format!("Set-up: {said}"));
        }
        Some(said)
    }
}
