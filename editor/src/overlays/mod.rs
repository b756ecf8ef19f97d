//! The designer's analysis overlays (issue 30), each toggled from the Analysis menu and a key:
//!
//! - [`movement`]: the hexes a group (or a unit on a hex) reaches in 1, 2, 3… Movement Phases
//!   as colour bands, and the best path to the hex pointed at with its cost (F5);
//! - [`sight`]: what the hex under the pointer sees, with what blocks the rest (F6);
//! - terrain as played: the map after the scenario's special rules, as `saberc render
//!   --as-played` draws it (F7).
//!
//! Every answer is the library's (`queries::reach`, `queries::sight::fan`,
//! `queries::effective_terrain`) with the document's ruleset; every colour is
//! `output::palette`'s. The searches are kept per document revision, start and allowance, so a
//! frame never repeats one.

pub mod movement;
pub mod sight;

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use egui::{Color32, Key, Modifiers, Ui};
use saber_schema::model::chart::KindTerrain;
use saber_schema::model::counter::Counter;
use saber_schema::model::hex::Coord;
use saber_schema::model::hex_set::HexSet;
use saber_schema::model::map::{Map, SideKey};
use saber_schema::output::palette;
use saber_schema::pipeline::zones::Resolved;
use saber_schema::queries::effective_terrain::{Cleared, EffectiveTerrain};
use saber_schema::queries::movement::Mp;
use saber_schema::queries::sight::{SIGHT_RADIUS, occupied, within};

use crate::canvas::{Overlay, Overview};
use crate::document::Document;
use crate::scenario::fields::one_of;

use movement::{Choice, Start};

/// The columns and rows of the map in view.
pub type View = (RangeInclusive<i32>, RangeInclusive<i32>);

/// The keys that toggle the overlays (also in the Help window's table).
pub const MOVEMENT_KEY: Key = Key::F5;
/// Toggles the line-of-sight overlay.
pub const SIGHT_KEY: Key = Key::F6;
/// Toggles the terrain as played.
pub const AS_PLAYED_KEY: Key = Key::F7;

/// A palette colour with an alpha.
fn color(hex: &str, alpha: u8) -> Color32 {
    let [r, g, b] = palette::rgb(hex);
    Color32::from_rgba_unmultiplied(r, g, b, alpha)
}

/// The colour of the hexes first reached in Movement Phase `phase` (0: a start hex).
pub fn band_color(phase: u32) -> Color32 {
    if phase == 0 {
        return color(palette::MOVEMENT_START, 130);
    }
    let last = palette::MOVEMENT_BANDS.len() - 1;
    // Translucent enough to show the terrain under the bands.
    color(palette::MOVEMENT_BANDS[(phase as usize - 1).min(last)], 120)
}

/// A fan as drawn: the hex it is from, the hexes tinted as in sight, the blocking hexes and
/// the ridge hexsides marked (those in view).
#[derive(Debug, Clone, PartialEq)]
pub struct DrawnFan {
    /// The firing hex.
    pub from: Coord,
    /// Tinted: in sight.
    pub seen: Vec<Coord>,
    /// Marked: blocking hexes.
    pub blocking: Vec<Coord>,
    /// Marked: ridge hexsides.
    pub ridges: Vec<SideKey>,
}

/// What the overlays drew last frame (the tests compare it with the library's answers).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Drawn {
    /// Hexes tinted by the movement overlay, with their Movement Phase (0: a start hex).
    pub bands: Vec<(Coord, u32)>,
    /// The path drawn, and its label.
    pub path: Option<(Vec<Coord>, String)>,
    /// The fan drawn.
    pub fan: Option<DrawnFan>,
    /// The map was drawn as played.
    pub as_played: bool,
    /// Zoomed out, the bands were drawn as a texture: how many of its texels are coloured.
    pub band_texels: Option<usize>,
}

/// The movement bands of one search as a texture.
struct Bands(movement::Key, egui::TextureHandle, usize);

impl std::fmt::Debug for Bands {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Bands")
            .field(&self.0)
            .finish_non_exhaustive()
    }
}

/// The overlays' switches, choices and caches.
#[derive(Debug, Default)]
pub struct Overlays {
    /// The movement overlay is on.
    pub movement: bool,
    /// The line-of-sight overlay is on.
    pub sight: bool,
    /// The map is drawn as played.
    pub as_played: bool,
    /// What the movement panel chose.
    pub choice: Choice,
    moves: movement::Cache,
    fan: sight::Sight,
    /// The scenario's zones and what its special rules clear, at the check's revision.
    checked: Option<(u64, Resolved, Cleared)>,
    /// The map as played, at a revision.
    played: Option<(u64, Map)>,
    /// The movement bands as a texture (one texel a hex), for the search they show.
    bands: Option<Bands>,
    overview: Overview,
    /// What was drawn last frame.
    pub drawn: Drawn,
}

impl Overlays {
    /// Forget everything about the previous document (another one is open).
    pub fn reset(&mut self) {
        let (movement, sight, as_played) = (self.movement, self.sight, self.as_played);
        *self = Overlays {
            movement,
            sight,
            as_played,
            ..Overlays::default()
        };
    }

    /// Take the scenario's latest check (its zones as hexes), once per checked revision.
    pub fn sync(&mut self, doc: &Document, check: Option<(u64, &Resolved)>) {
        let (Some(s), Some((rev, r))) = (doc.scenario(), check) else {
            if doc.scenario().is_none() {
                self.checked = None;
            }
            return;
        };
        if self.checked.as_ref().is_none_or(|c| c.0 != rev) {
            let cleared = Cleared::of(s, doc.map(), r);
            self.checked = Some((rev, r.clone(), cleared));
        }
    }

    /// The revision the overlays' answers are for: the scenario's last check, or the map's.
    fn revision(&self, doc: &Document) -> Option<u64> {
        match (doc.scenario(), &self.checked) {
            (Some(_), Some((rev, _, _))) => Some(*rev),
            (Some(_), None) => None,
            (None, _) => Some(doc.revision()),
        }
    }

    /// The terrain as played: after the scenario's special rules, or the map as printed.
    fn terrain<'a>(&'a self, doc: &'a Document) -> EffectiveTerrain<'a> {
        match (doc.scenario(), &self.checked) {
            (Some(_), Some((_, _, cleared))) => EffectiveTerrain::for_scenario(doc.map(), cleared),
            _ => EffectiveTerrain::new(doc.map()),
        }
    }

    /// Keys: F5, F6, F7 toggle; Esc unpins the line of sight (or the movement path).
    pub fn keys(&mut self, ui: &Ui) {
        let pressed = |k| ui.input_mut(|i| i.consume_key(Modifiers::NONE, k));
        if pressed(MOVEMENT_KEY) {
            self.toggle_movement();
        }
        if pressed(SIGHT_KEY) {
            self.toggle_sight();
        }
        if pressed(AS_PLAYED_KEY) {
            self.as_played = !self.as_played;
        }
        let pinned = self.sight && self.fan.pinned.is_some()
            || self.movement && self.choice.target.is_some();
        if pinned && pressed(Key::Escape) {
            if self.fan.pinned.is_some() {
                self.fan.pinned = None;
            } else {
                self.choice.target = None;
            }
        }
    }

    /// Movement on or off; on, it is the only analysis shown (the sight tint would smear its
    /// bands, issue 37 §11).
    fn toggle_movement(&mut self) {
        self.movement = !self.movement;
        self.choice.target = None;
        if self.movement {
            self.sight = false;
            self.fan.pinned = None;
        }
    }

    /// Line of sight on or off; on, movement is off (see [`Self::toggle_movement`]).
    fn toggle_sight(&mut self) {
        self.sight = !self.sight;
        self.fan.pinned = None;
        if self.sight {
            self.movement = false;
            self.choice.target = None;
        }
    }

    /// The Analysis menu.
    pub fn menu(&mut self, ui: &mut Ui, scenario: bool) {
        let mut on = self.movement;
        if ui
            .checkbox(&mut on, "Movement (F5)")
            .on_hover_text("Where a group or a unit gets to in 1, 2, 3… Movement Phases")
            .changed()
        {
            self.toggle_movement();
        }
        let mut on = self.sight;
        if ui
            .checkbox(&mut on, "Line of sight (F6)")
            .on_hover_text("What the hex under the pointer sees; a click pins it, Esc unpins")
            .changed()
        {
            self.toggle_sight();
        }
        ui.add_enabled(
            scenario,
            egui::Checkbox::new(&mut self.as_played, "Terrain as played (F7)"),
        )
        .on_hover_text("The map after the scenario's special rules (saberc render --as-played)")
        .on_disabled_hover_text("A map is played as printed: open a scenario");
    }

    /// Do the overlays take the canvas's clicks (instead of the map tools or the builder)?
    pub fn takes_clicks(&self) -> bool {
        self.sight || self.movement
    }

    /// A click on a hex: pins the line of sight there; starts the movement there (a hex
    /// start), or keeps its path drawn to it (a group start, or with Shift).
    pub fn click(&mut self, hex: Coord, shift: bool, doc: &Document) {
        if !doc.map().grid.contains(hex) {
            return;
        }
        if self.sight {
            self.fan.pinned = Some(hex);
        }
        if self.movement {
            match self.choice.start {
                Start::Hex(_) if !shift => {
                    self.choice.start = Start::Hex(Some(hex));
                    self.choice.target = None;
                }
                _ => self.choice.target = Some(hex),
            }
        }
    }

    /// The map to paint: as played (when asked, in a scenario), or the document's.
    pub fn shown_map<'a>(&'a self, doc: &'a Document) -> &'a Map {
        match &self.played {
            Some((_, m)) if self.as_played && doc.scenario().is_some() => m,
            _ => doc.map(),
        }
    }

    /// The overview texture of the map as played, when it is the one painted.
    pub fn texture(&mut self, ctx: &egui::Context, doc: &Document) -> Option<egui::TextureHandle> {
        if !(self.as_played && doc.scenario().is_some()) {
            return None;
        }
        let rev = self.revision(doc)?;
        if self.played.as_ref().is_none_or(|p| p.0 != rev) {
            let map = self.terrain(doc).played_map();
            self.played = Some((rev, map));
        }
        let (rev, map) = self.played.as_ref()?;
        Some(self.overview.texture(ctx, map, *rev, false, &[]).clone())
    }

    /// Add the overlays to what the mode draws; `hover` is the hex under the pointer, `view`
    /// the columns and rows in view, `zoomed_out` the context when hexes are too small to be
    /// drawn one by one (the bands are then a texture).
    pub fn draw(
        &mut self,
        doc: &Document,
        hover: Option<Coord>,
        view: &View,
        zoomed_out: Option<&egui::Context>,
        out: &mut Overlay,
    ) {
        self.drawn = Drawn {
            as_played: self.as_played && doc.scenario().is_some() && self.played.is_some(),
            ..Drawn::default()
        };
        let Some(rev) = self.revision(doc) else {
            return;
        };
        if self.movement {
            self.draw_movement(doc, rev, hover, view, zoomed_out, out);
        }
        if self.sight {
            self.draw_sight(doc, rev, hover, view, out);
        }
    }

    fn draw_movement(
        &mut self,
        doc: &Document,
        rev: u64,
        hover: Option<Coord>,
        view: &View,
        zoomed_out: Option<&egui::Context>,
        out: &mut Overlay,
    ) {
        let s = doc.scenario();
        let rules = match s {
            Some(s) => s.rules(),
            None => doc.map().rules(),
        };
        let empty = Resolved::default();
        let (r, cleared) = match &self.checked {
            Some((_, r, c)) => (r, Some(c)),
            None => (&empty, None),
        };
        let terrain = match cleared {
            Some(c) if s.is_some() => EffectiveTerrain::for_scenario(doc.map(), c),
            _ => EffectiveTerrain::new(doc.map()),
        };
        let Some(c) = self.moves.get(rev, s, r, terrain, rules, &self.choice) else {
            return;
        };
        let grid = doc.map().grid;
        if let (movement::Reach::Phases(p), Some(ctx)) = (&c.reach, zoomed_out) {
            // Hexes too small to draw one by one: the bands as one texel a hex, made once a
            // search.
            if self.bands.as_ref().is_none_or(|b| b.0 != c.key) {
                let pixels: Vec<Color32> = grid
                    .coords()
                    .map(|h| p.phases(h).map_or(Color32::TRANSPARENT, band_color))
                    .collect();
                let coloured = pixels
                    .iter()
                    .filter(|c| **c != Color32::TRANSPARENT)
                    .count();
                let image =
                    egui::ColorImage::new([grid.width as usize, grid.height as usize], pixels);
                let texture =
                    ctx.load_texture("movement-bands", image, egui::TextureOptions::NEAREST);
                self.bands = Some(Bands(c.key, texture, coloured));
            }
            out.texture = self.bands.as_ref().map(|b| b.1.id());
            self.drawn.band_texels = self.bands.as_ref().map(|b| b.2);
        } else if let movement::Reach::Phases(p) = &c.reach {
            // Only the hexes in view: a frame never walks a whole large map.
            let (cols, rows) = view;
            let hexes = rows
                .clone()
                .flat_map(|r| cols.clone().map(move |c| Coord(c, r)));
            for h in hexes.filter(|h| grid.contains(*h)) {
                if let Some(k) = p.phases(h) {
                    out.tints.push((h, band_color(k)));
                    self.drawn.bands.push((h, k));
                }
            }
        }
        for (h, _) in &c.starts {
            out.marks.push((*h, color(palette::MOVEMENT_START, 230)));
        }
        let Some(target) = self.choice.target.or(hover) else {
            return;
        };
        let Some(path) = c.reach.path_to(target) else {
            return;
        };
        let spent = path
            .first()
            .and_then(|f| c.starts.iter().find(|(h, _)| h == f))
            .map_or(Mp::ZERO, |(_, m)| *m);
        let Some(cost) = c
            .movement(terrain, rules)
            .path_cost(&path)
            .map(|m| m + spent)
        else {
            return;
        };
        let mut label = format!("{}: {cost}", grid.label(target));
        if let Some(k) = c.reach.phases(target) {
            label.push_str(&format!(", {}", crate::plural(k as usize, "phase")));
        }
        out.path = path.clone();
        out.path_color = Some(color(palette::MOVEMENT_PATH, 220));
        out.labels.push((target, label.clone()));
        self.drawn.path = Some((path, label));
    }

    fn draw_sight(
        &mut self,
        doc: &Document,
        rev: u64,
        hover: Option<Coord>,
        view: &View,
        out: &mut Overlay,
    ) {
        let Some(from) = self.fan.pinned.or(hover) else {
            return;
        };
        let s = doc.scenario();
        let grid = doc.map().grid;
        let rules = match s {
            Some(s) => s.rules(),
            None => doc.map().rules(),
        };
        let occupied = match s {
            Some(s) => occupied(s, grid),
            None => HexSet::empty(grid),
        };
        let terrain = match (&self.checked, s) {
            (Some((_, _, c)), Some(_)) => EffectiveTerrain::for_scenario(doc.map(), c),
            _ => EffectiveTerrain::new(doc.map()),
        };
        let fan = self.fan.get(rev, rules, &terrain, &occupied, from);
        // The fan reaches SIGHT_RADIUS hexes at most: only those of them in view are asked.
        let (cols, rows) = view;
        let in_view: Vec<Coord> = within(&grid, from, SIGHT_RADIUS)
            .filter(|h| cols.contains(&h.0) && rows.contains(&h.1))
            .collect();
        let seen: Vec<Coord> = in_view
            .iter()
            .copied()
            .filter(|h| fan.visible.contains(*h))
            .collect();
        let blocking: Vec<Coord> = in_view
            .iter()
            .copied()
            .filter(|h| fan.blocking.contains(*h))
            .collect();
        let ridges: Vec<SideKey> = fan.ridges.iter().copied().collect();
        let lit = color(palette::SIGHT_VISIBLE, 120);
        let block = color(palette::SIGHT_BLOCKING, 255);
        out.tints.extend(seen.iter().map(|h| (*h, lit)));
        out.marks.extend(blocking.iter().map(|h| (*h, block)));
        out.borders
            .extend(ridges.iter().map(|SideKey(a, b)| (*a, *b, block, 5.0)));
        out.marks.push((from, color(palette::SIGHT_VISIBLE, 255)));
        self.drawn.fan = Some(DrawnFan {
            from,
            seen,
            blocking,
            ridges,
        });
    }

    /// The analysis shown: the movement panel (what moves, from where, and its Movement
    /// Allowance) or the line of sight's legend. Shown in the side panel (`side`), off the map;
    /// when that panel is hidden, in a small window over the map's lower left corner.
    pub fn panel(&mut self, ctx: &egui::Context, doc: &Document, side: Option<&mut Ui>) {
        if !self.movement && !self.sight {
            return;
        }
        let title = if self.movement {
            "Movement"
        } else {
            "Line of sight: what it shows"
        };
        match side {
            Some(ui) => {
                egui::CollapsingHeader::new(title)
                    .id_salt("analysis")
                    .default_open(true)
                    .show(ui, |ui| self.analysis_ui(ui, doc));
            }
            None => {
                let mut open = true;
                egui::Window::new(title)
                    .open(&mut open)
                    .resizable(false)
                    .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(8.0, -32.0))
                    .show(ctx, |ui| self.analysis_ui(ui, doc));
                if !open {
                    if self.movement {
                        self.toggle_movement();
                    } else {
                        self.toggle_sight();
                    }
                }
            }
        }
    }

    fn analysis_ui(&mut self, ui: &mut Ui, doc: &Document) {
        if self.movement {
            self.panel_ui(ui, doc);
        } else {
            sight_legend(ui);
        }
    }

    fn panel_ui(&mut self, ui: &mut Ui, doc: &Document) {
        let s = doc.scenario();
        let grid = doc.map().grid;
        let rules = match s {
            Some(s) => s.rules(),
            None => doc.map().rules(),
        };
        let choice = &mut self.choice;
        if let Some(s) = s {
            let name = |st: Start| match st {
                Start::Group { side, group } => {
                    let sd = s.sides.get(side);
                    format!(
                        "{}, group {}",
                        sd.map_or("?", |x| x.name.as_str()),
                        sd.and_then(|x| x.groups.get(group))
                            .map_or("?", |g| g.id.as_str())
                    )
                }
                Start::Hex(_) => "A hex (click it)".into(),
            };
            if matches!(choice.start, Start::Hex(None)) && !s.sides.is_empty() {
                choice.start = Start::Group { side: 0, group: 0 };
            }
            let before = choice.start;
            egui::ComboBox::from_label("Start")
                .selected_text(name(choice.start))
                .show_ui(ui, |ui| {
                    for (si, sd) in s.sides.iter().enumerate() {
                        for gi in 0..sd.groups.len() {
                            let st = Start::Group {
                                side: si,
                                group: gi,
                            };
                            ui.selectable_value(&mut choice.start, st, name(st));
                        }
                    }
                    let hex = Start::Hex(match before {
                        Start::Hex(h) => h,
                        _ => None,
                    });
                    ui.selectable_value(&mut choice.start, hex, name(hex));
                });
            if choice.start != before {
                choice.counter = None;
                choice.target = None;
            }
            if let Start::Hex(_) = choice.start {
                let side_name = |si: &usize| s.sides.get(*si).map_or("?", |x| x.name.as_str());
                let combo = egui::ComboBox::from_label("Side");
                one_of(ui, combo, &mut choice.side, 0..s.sides.len(), side_name);
            }
        }
        if let Start::Hex(h) = choice.start {
            ui.label(match h {
                Some(c) => format!("From {}", grid.label(c)),
                None => "Click a hex to start from it.".into(),
            });
        }
        if let Some(chart) = doc.map().chart.as_deref() {
            class_ui(ui, chart, choice);
        }
        let offered = movement::counters(s, rules, choice.start);
        let counter = choice
            .counter
            .filter(|c| offered.contains(c))
            .or_else(|| offered.first().copied())
            .filter(|_| doc.map().chart.is_none());
        if let Some(current) = counter {
            let mut chosen = current;
            let combo = egui::ComboBox::from_label("Moving");
            one_of(ui, combo, &mut chosen, offered.iter().copied(), |c| {
                describe(*c)
            });
            if chosen != current {
                choice.counter = Some(chosen);
            }
            let side = match choice.start {
                Start::Group { side, .. } => side,
                Start::Hex(_) => choice.side,
            };
            let from_scenario = movement::allowance(s, side, chosen, &Default::default());
            match (from_scenario, chosen) {
                (Some(a), _) => {
                    ui.label(format!("Movement Allowance {} ({})", a.mp, a.source));
                }
                (None, Counter::Unit(kind)) => typed_allowance(ui, &mut choice.typed, kind),
                (None, Counter::Marker(_)) => {
                    ui.weak("No special rule gives these markers a Movement Allowance.");
                }
            }
        }
        if let Some(c) = &self.moves.computed {
            let n = c.starts.len();
            ui.label(format!("{} to start from", crate::plural(n, "hex")));
            if let movement::Reach::Phases(_) = c.reach {
                ui.horizontal_wrapped(|ui| {
                    for k in 0..=palette::MOVEMENT_BANDS.len() as u32 {
                        let text = match k {
                            0 => "start".to_string(),
                            k if k as usize == palette::MOVEMENT_BANDS.len() => format!("{k}+"),
                            k => k.to_string(),
                        };
                        egui::Frame::new()
                            .fill(band_color(k))
                            .inner_margin(3.0)
                            .show(ui, |ui| {
                                ui.colored_label(Color32::BLACK, text);
                            });
                    }
                });
            }
        }
        ui.weak(match choice.start {
            Start::Hex(_) => {
                "Click: start here. Shift+click: keep the path to a hex. Esc: let it go."
            }
            Start::Group { .. } => {
                "Point at a hex for the best path; click to keep it; Esc lets it go."
            }
        });
    }
}

/// The Movement Allowance typed for a mover the rules print none for (0: not typed), and the
/// note that says so until it is.
fn typed_allowance<K: Ord + Copy>(ui: &mut Ui, typed: &mut BTreeMap<K, u32>, key: K) {
    ui.horizontal(|ui| {
        let l = ui.label("Movement Allowance");
        let mut mp = typed.get(&key).copied().unwrap_or(0);
        let r = ui
            .add(
                egui::DragValue::new(&mut mp)
                    .range(0..=movement::MAX_TYPED_ALLOWANCE)
                    .custom_formatter(|v, _| {
                        if v == 0.0 {
                            "type it".into()
                        } else {
                            format!("{v}")
                        }
                    }),
            )
            .labelled_by(l.id);
        if r.changed() {
            if mp == 0 {
                typed.remove(&key);
            } else {
                typed.insert(key, mp);
            }
        }
    });
    if !typed.contains_key(&key) {
        ui.weak(
            "The rules print no Movement Allowance: type the counter's to see the Movement \
             Phases. Until then the path shows its cost only.",
        );
    }
}

/// The classes of a map's own chart to move as (its cost columns), and the allowance typed.
fn class_ui(ui: &mut Ui, chart: &KindTerrain, choice: &mut movement::Choice) {
    let Some(last) = chart.classes.len().checked_sub(1) else {
        return;
    };
    let mut class = choice.class.min(last);
    let combo = egui::ComboBox::from_label("Moving");
    one_of(ui, combo, &mut class, 0..=last, |k| {
        chart.classes[*k].as_str()
    });
    if class != choice.class {
        choice.class = class;
        choice.target = None;
    }
    typed_allowance(ui, &mut choice.class_typed, class);
}

/// A counter as the panel names it.
fn describe(c: Counter) -> String {
    match c {
        Counter::Unit(k) => format!("{} ({})", k.code(), k.name()),
        Counter::Marker(_) => c.describe(),
    }
}

#[cfg(test)]
mod tests;

/// Draws a legend's sample into its rectangle.
type Sample<'a> = dyn Fn(&egui::Painter, egui::Rect) + 'a;

/// What the line of sight's colours and outlines mean, each beside a sample drawn as the map
/// draws it (the colours of `draw_sight`).
fn sight_legend(ui: &mut Ui) {
    let lit = color(palette::SIGHT_VISIBLE, 120);
    let from = color(palette::SIGHT_VISIBLE, 255);
    let block = color(palette::SIGHT_BLOCKING, 255);
    let rows: [(&str, &Sample<'_>); 4] = [
        (
            "the hex looking (pointed at, or pinned by a click)",
            &|p, r| {
                p.rect_stroke(r.shrink(2.0), 2.0, (3.0, from), egui::StrokeKind::Inside);
            },
        ),
        ("seen from it", &|p, r| {
            p.rect_filled(r.shrink(2.0), 2.0, lit);
        }),
        ("blocks the lines through it (5.1G)", &|p, r| {
            p.rect_stroke(r.shrink(2.0), 2.0, (3.0, block), egui::StrokeKind::Inside);
        }),
        ("a hexside that blocks (a ridge)", &|p, r| {
            p.line_segment([r.left_center(), r.right_center()], (5.0, block));
        }),
    ];
    for (text, draw) in rows {
        ui.horizontal(|ui| {
            let (r, _) = ui.allocate_exact_size(egui::vec2(22.0, 16.0), egui::Sense::hover());
            // On a clear hex's colour, as the tint and outlines are seen on the map.
            ui.painter().rect_filled(
                r,
                2.0,
                color(
                    palette::terrain_fill(saber_schema::ruleset::Terrain::Clear),
                    255,
                ),
            );
            draw(ui.painter(), r);
            ui.label(text);
        });
    }
    ui.weak("Esc unpins the hex.");
}
