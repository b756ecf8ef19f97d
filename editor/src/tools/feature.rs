//! Numbered features (11.0): create `V13` with the next free number (a number is never reused
//! across letters), add or remove hexes by painting, rename, delete, place and move the label.

use egui::{Key, Pos2, Ui};
use saber_schema::model::hex::Coord;
use saber_schema::model::map::{Cell, Feature, Map, parse_feature_code};
use saber_schema::ruleset::{FeatureLetter, MAX_FEATURE_NUMBER};

use super::{Button, Feedback, Phase, Pointer, Tool, pressed};
use crate::canvas::{Layout, Overlay};
use crate::document::Document;

/// What dragging on the map does to the selected feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    /// Left drag adds hexes, right drag removes them.
    #[default]
    Hexes,
    /// Click or drag places the label.
    Label,
}

/// The feature tool's state.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct FeatureTool {
    /// The feature being edited, by code.
    pub selected: Option<String>,
    /// Letter for the next feature.
    pub letter: FeatureLetter,
    /// Number for the next feature (defaults to the next free one).
    pub number: u32,
    /// Painting hexes or placing the label.
    pub mode: Mode,
    /// Paint the feature's terrain (a village's, a wood's…) on the hexes it gets.
    #[serde(default = "paint_terrain_default")]
    pub paint_terrain: bool,
    /// A feature waiting for its first hex.
    #[serde(skip)]
    pub armed: Option<String>,
    /// Buffers for renaming the selected feature.
    #[serde(skip)]
    rename: Option<(FeatureLetter, u32, String)>,
}

impl Default for FeatureTool {
    fn default() -> Self {
        FeatureTool {
            selected: None,
            letter: FeatureLetter::V,
            number: 1,
            mode: Mode::Hexes,
            paint_terrain: true,
            armed: None,
            rename: None,
        }
    }
}

/// The next free feature number: one more than the highest in use, whatever its letter.
pub fn next_free_number(map: &Map) -> u32 {
    map.features
        .iter()
        .filter_map(|f| parse_feature_code(&f.code))
        .map(|(_, n)| n)
        .max()
        .unwrap_or(0)
        + 1
}

/// The feature that already uses a number, if any (11.0: never reused across letters).
pub fn number_user(map: &Map, number: u32, except: Option<&str>) -> Option<String> {
    map.features
        .iter()
        .filter(|f| Some(f.code.as_str()) != except)
        .find(|f| parse_feature_code(&f.code).is_some_and(|(_, n)| n == number))
        .map(|f| f.code.clone())
}

/// Why a code cannot be used, or `None` when it can.
pub fn code_problem(
    map: &Map,
    letter: FeatureLetter,
    number: u32,
    except: Option<&str>,
) -> Option<String> {
    if !(1..=MAX_FEATURE_NUMBER).contains(&number) {
        return Some(format!("numbers run from 1 to {MAX_FEATURE_NUMBER}"));
    }
    number_user(map, number, except).map(|used| {
        format!(
            "{number} is taken by {used}: a number is never reused across letters (11.0); {}{} is free",
            letter.letter(),
            next_free_number(map)
        )
    })
}

fn paint_terrain_default() -> bool {
    true
}

/// Give hex `at` the terrain feature `code`'s letter says (11.0), keeping what already fits.
fn paint_feature_terrain(map: &mut Map, code: &str, at: Coord) {
    let Some((letter, _)) = parse_feature_code(code) else {
        return;
    };
    if let Some(cell) = map.cell(at)
        && let Some((terrain, slope)) = letter.painted(cell.terrain, cell.slope)
    {
        map.set_cell(at, Cell { terrain, slope });
    }
}

/// The hexes of `f` whose terrain is not its letter's.
fn unfitting(map: &Map, f: &Feature) -> Vec<Coord> {
    let Some((letter, _)) = parse_feature_code(&f.code) else {
        return Vec::new();
    };
    f.hexes
        .iter()
        .copied()
        .filter(|c| {
            map.cell(*c)
                .is_some_and(|cell| !letter.fits(cell.terrain, cell.slope))
        })
        .collect()
}

fn feature_mut<'a>(map: &'a mut Map, code: &str) -> Option<&'a mut Feature> {
    map.features.iter_mut().find(|f| f.code == code)
}

impl FeatureTool {
    /// Create a feature covering one hex and select it.
    pub fn create(&mut self, doc: &mut Document, code: &str, at: Coord) {
        self.apply_rename(doc);
        let paint = self.paint_terrain;
        doc.edit(&format!("Create {code}"), |m| {
            m.features.push(Feature {
                code: code.to_string(),
                name: None,
                hexes: vec![at],
                label: None,
            });
            if paint {
                paint_feature_terrain(m, code, at);
            }
        });
        self.selected = Some(code.to_string());
        self.number = next_free_number(doc.map());
        self.rename = None;
    }

    /// Arm the creation of the feature in the letter and number fields: the next click on
    /// the map places it.
    pub fn arm(&mut self, doc: &Document) -> Result<String, String> {
        if let Some(p) = code_problem(doc.map(), self.letter, self.number, None) {
            return Err(p);
        }
        let code = format!("{}{}", self.letter.letter(), self.number);
        self.armed = Some(code.clone());
        Ok(code)
    }

    fn selected_ui(&mut self, ui: &mut Ui, doc: &mut Document, fb: &mut Feedback) {
        let Some(code) = self.selected.clone() else {
            ui.weak("Select a feature in the list, or Ctrl+click it on the map.");
            return;
        };
        let Some(f) = doc.map().feature(&code).cloned() else {
            self.selected = None;
            return;
        };
        ui.heading(&f.code);
        let (l, n) = parse_feature_code(&f.code).unwrap_or((FeatureLetter::V, 1));
        let (letter, number, name) = self
            .rename
            .get_or_insert_with(|| (l, n, f.name.clone().unwrap_or_default()));
        let mut enter = false;
        ui.horizontal(|ui| {
            let l = ui.label("Name");
            let r = ui.text_edit_singleline(name).labelled_by(l.id);
            enter |= r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        });
        ui.horizontal(|ui| {
            let l = ui.label("Code");
            letter_combo(ui, "rename-letter", letter, l.id);
            let r = ui
                .add(egui::DragValue::new(number).range(1..=MAX_FEATURE_NUMBER))
                .labelled_by(l.id);
            enter |= r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        });
        let new_code = format!("{}{}", letter.letter(), number);
        let problem = code_problem(doc.map(), *letter, *number, Some(&code));
        if let Some(p) = &problem
            && new_code != f.code
        {
            ui.colored_label(ui.visuals().error_fg_color, p);
        }
        let apply = ui
            .add_enabled(
                self.pending_rename(doc).is_some(),
                egui::Button::new("Rename"),
            )
            .on_hover_text("Apply the new code and name (Enter)");
        if (apply.clicked() || enter)
            && let Some(msg) = self.apply_rename(doc)
        {
            fb.status = Some(msg);
        }
        ui.label(crate::plural(f.hexes.len(), "hex"));
        let bad = unfitting(doc.map(), &f);
        if !bad.is_empty() {
            let meaning = l.meaning();
            let are = if bad.len() == 1 { "is" } else { "are" };
            let hexes = crate::plural(bad.len(), "hex");
            crate::scenario::fields::warn(ui, format!("{hexes} {are} not {meaning} terrain"));
            if ui
                .button(format!(
                    "Paint {} {meaning}",
                    crate::plural(bad.len(), "hex")
                ))
                .on_hover_text("Give the feature's hexes the terrain its letter says (11.0)")
                .clicked()
            {
                doc.edit(&format!("Paint {code} {meaning}"), |m| {
                    for c in &bad {
                        paint_feature_terrain(m, &code, *c);
                    }
                });
                fb.status = Some(format!("Painted {code}'s hexes {meaning}"));
            }
        }
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.mode, Mode::Hexes, "Paint hexes")
                .on_hover_text("Left drag adds hexes, right drag removes them (H)");
            ui.selectable_value(&mut self.mode, Mode::Label, "Place label")
                .on_hover_text("Click or drag on the map to place the label (L)");
        });
        if ui
            .button("Delete feature")
            .on_hover_text("Delete the selected feature (Delete)")
            .clicked()
        {
            self.delete(doc, fb);
        }
    }

    /// The selected feature's typed code and name, if they change it and may be applied.
    fn pending_rename(&self, doc: &Document) -> Option<(String, String, Option<String>)> {
        let code = self.selected.as_ref()?;
        let f = doc.map().feature(code)?;
        let (letter, number, name) = self.rename.as_ref()?;
        let new_code = format!("{}{}", letter.letter(), number);
        let new_name = (!name.trim().is_empty()).then(|| name.trim().to_string());
        let changed = new_code != f.code || new_name != f.name;
        let valid =
            new_code == f.code || code_problem(doc.map(), *letter, *number, Some(code)).is_none();
        (changed && valid).then(|| (code.clone(), new_code, new_name))
    }

    /// Apply the typed code and name to the selected feature (one undo step that says what
    /// changed); returns the status message.
    pub fn apply_rename(&mut self, doc: &mut Document) -> Option<String> {
        let (code, new_code, new_name) = self.pending_rename(doc)?;
        let old_name = doc.map().feature(&code).and_then(|f| f.name.clone());
        let quoted = |n: &Option<String>| match n {
            Some(n) => format!("“{n}”"),
            None => "no name".to_string(),
        };
        let label = match (new_code != code, new_name != old_name) {
            (true, false) => format!("Rename {code} → {new_code}"),
            (true, true) => format!("Rename {code} → {new_code} {}", quoted(&new_name)),
            _ => format!("Name {code}: {} → {}", quoted(&old_name), quoted(&new_name)),
        };
        doc.edit(&label, |m| {
            if let Some(x) = feature_mut(m, &code) {
                x.code = new_code.clone();
                x.name = new_name;
            }
        });
        self.selected = Some(new_code);
        self.rename = None;
        Some(label)
    }

    /// Select another feature (or none), first applying what was typed for the one selected
    /// so that a typed name is never dropped.
    pub fn select(&mut self, doc: &mut Document, code: Option<String>) {
        if self.selected != code {
            self.apply_rename(doc);
        }
        self.selected = code;
        self.rename = None;
    }

    fn delete(&mut self, doc: &mut Document, fb: &mut Feedback) {
        if let Some(code) = self.selected.take() {
            doc.edit(&format!("Delete {code}"), |m| {
                m.features.retain(|f| f.code != code)
            });
            fb.status = Some(format!("Deleted {code}"));
            self.rename = None;
        }
    }
}

fn letter_combo(ui: &mut Ui, id: &str, letter: &mut FeatureLetter, label: egui::Id) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(letter.letter().to_string())
        .width(40.0)
        .show_ui(ui, |ui| {
            for l in FeatureLetter::ALL {
                ui.selectable_value(letter, l, format!("{} {}", l.letter(), l.meaning()));
            }
        })
        .response
        .labelled_by(label);
}

impl Tool for FeatureTool {
    fn options_ui(&mut self, ui: &mut Ui, doc: &mut Document, fb: &mut Feedback) {
        let l = ui.label("New feature");
        ui.horizontal(|ui| {
            letter_combo(ui, "new-letter", &mut self.letter, l.id);
            ui.add(egui::DragValue::new(&mut self.number).range(1..=MAX_FEATURE_NUMBER))
                .labelled_by(l.id);
            if ui
                .button("Next free")
                .on_hover_text(
                    "The next free number: numbers are never reused across letters (11.0)",
                )
                .clicked()
            {
                self.number = next_free_number(doc.map());
            }
        });
        if let Some(p) = code_problem(doc.map(), self.letter, self.number, None) {
            ui.colored_label(ui.visuals().error_fg_color, p);
        }
        let create = ui
            .button(format!("Create {}{}", self.letter.letter(), self.number))
            .on_hover_text("Then click a hex on the map to place it (N)");
        if create.clicked() {
            match self.arm(doc) {
                Ok(code) => fb.status = Some(format!("Click a hex to place {code}")),
                Err(p) => fb.status = Some(p),
            }
        }
        let letter = self.letter.meaning();
        ui.checkbox(
            &mut self.paint_terrain,
            format!("Paint the feature's terrain ({letter} for {}) on its hexes", self.letter.letter()),
        )
        .on_hover_text("A feature's hexes have its letter's terrain (11.0): V village, H slope, W woods, R and J river, F ford, B bridge");
        if let Some(code) = &self.armed {
            crate::scenario::fields::warn(ui, format!("Click a hex to place {code} (Esc cancels)"));
        }
        ui.separator();
        self.selected_ui(ui, doc, fb);
        ui.separator();
        ui.label(format!("Features ({})", doc.map().features.len()));
        let codes: Vec<String> = doc
            .map()
            .feature_codes()
            .into_iter()
            .map(String::from)
            .collect();
        egui::ScrollArea::vertical()
            .id_salt("features")
            // Down to the bottom of the panel (at least 260 px): a long list is not a
            // small box in a tall window.
            .max_height((ui.clip_rect().bottom() - ui.cursor().top() - 8.0).max(260.0))
            .show(ui, |ui| {
                for code in codes {
                    let name = doc
                        .map()
                        .feature(&code)
                        .and_then(|f| f.name.clone())
                        .unwrap_or_default();
                    let sel = self.selected.as_deref() == Some(code.as_str());
                    if ui.selectable_label(sel, format!("{code} {name}")).clicked() {
                        self.select(doc, Some(code.clone()));
                    }
                }
            });
    }

    fn pointer(&mut self, p: &Pointer, doc: &mut Document, layout: &Layout, fb: &mut Feedback) {
        let on_map = layout.grid.contains(p.hex);
        if p.phase == Phase::Release {
            doc.commit();
            return;
        }
        if p.phase == Phase::Press {
            if let Some(code) = self.armed.take() {
                if on_map {
                    self.create(doc, &code, p.hex);
                    fb.status = Some(format!("Created {code}"));
                } else {
                    self.armed = Some(code);
                }
                return;
            }
            if p.modifiers.command || self.selected.is_none() {
                // Select the feature under the pointer (the last drawn, i.e. the top one).
                let under = doc
                    .map()
                    .features
                    .iter()
                    .rev()
                    .find(|f| f.hexes.contains(&p.hex))
                    .map(|f| f.code.clone());
                if under.is_some() {
                    self.select(doc, under);
                }
                return;
            }
        }
        let Some(code) = self.selected.clone() else {
            return;
        };
        if !on_map {
            return;
        }
        match self.mode {
            Mode::Label => {
                let current = doc.map().feature(&code).and_then(|f| f.label);
                if current != Some(p.hex) {
                    doc.begin(&format!("Move {code} label"));
                    if let Some(f) = feature_mut(doc.map_mut(), &code) {
                        f.label = Some(p.hex);
                    }
                }
            }
            Mode::Hexes => {
                let Some(f) = doc.map().feature(&code) else {
                    return;
                };
                let has = f.hexes.contains(&p.hex);
                match p.button {
                    Button::Primary if !has => {
                        doc.begin(&format!("Add hexes to {code}"));
                        let map = doc.map_mut();
                        let added = feature_mut(map, &code).map(|f| f.hexes.push(p.hex));
                        if added.is_some() && self.paint_terrain {
                            paint_feature_terrain(map, &code, p.hex);
                        }
                    }
                    Button::Secondary if has => {
                        if f.hexes.len() == 1 {
                            fb.status = Some(format!(
                                "{code} keeps its last hex; delete the feature instead"
                            ));
                            return;
                        }
                        doc.begin(&format!("Remove hexes from {code}"));
                        if let Some(f) = feature_mut(doc.map_mut(), &code) {
                            f.hexes.retain(|h| *h != p.hex);
                            if f.label == Some(p.hex) {
                                f.label = None;
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    fn keys(&mut self, ui: &Ui, doc: &mut Document, fb: &mut Feedback) {
        if pressed(ui, Key::N) {
            match self.arm(doc) {
                Ok(code) => fb.status = Some(format!("Click a hex to place {code}")),
                Err(p) => fb.status = Some(p),
            }
        }
        if pressed(ui, Key::Escape) && self.armed.take().is_none() {
            self.select(doc, None);
        }
        if pressed(ui, Key::L) {
            self.mode = Mode::Label;
        }
        if pressed(ui, Key::H) {
            self.mode = Mode::Hexes;
        }
        if pressed(ui, Key::Delete) {
            self.delete(doc, fb);
        }
    }

    fn overlay(&self, hover: Option<Pos2>, doc: &Document, layout: &Layout) -> Overlay {
        let mut o = Overlay::default();
        if let Some(f) = self.selected.as_deref().and_then(|c| doc.map().feature(c)) {
            o.highlight = f.hexes.clone();
        }
        if let Some(w) = hover {
            o.outline = vec![layout.hex_at(w)];
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_never_reused_across_letters() {
        let mut m = Map::blank("t", "T", 5, 5);
        m.features.push(Feature {
            code: "V13".into(),
            name: None,
            hexes: vec![Coord(1, 1)],
            label: None,
        });
        assert_eq!(next_free_number(&m), 14);
        assert!(code_problem(&m, FeatureLetter::H, 13, None).is_some());
        assert!(code_problem(&m, FeatureLetter::H, 13, Some("V13")).is_none());
        assert!(code_problem(&m, FeatureLetter::H, 14, None).is_none());
    }
}
