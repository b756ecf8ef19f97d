//! The modal dialogs: unsaved changes, saving the map before a scenario is built on it, a new
//! id for a changed built-in map, recovered work, and problems.

use std::path::PathBuf;

use egui::RichText;
use saber_schema::model::limits;
use saber_schema::model::map::Map;

use crate::app::App;
use crate::app::action::{Action, NewMap};
use crate::app::file_dialog::Purpose;
use crate::recovery::Recovered;
use crate::scenario::fields::{labelled_row, one_of};

/// A file chosen in a dialog that would replace existing files, waiting for the user to agree.
#[derive(Debug, Clone, PartialEq)]
pub struct Replace {
    /// What the file was asked for.
    pub purpose: Purpose,
    /// The file (or, for the Tiled export, the folder) chosen.
    pub path: PathBuf,
    /// The files that would be replaced.
    pub existing: Vec<PathBuf>,
}

/// A new id and name for a map that changes a built-in one, before it is saved.
#[derive(Debug, Clone, PartialEq)]
pub struct MapIdentity {
    /// The new id.
    pub id: String,
    /// The new name.
    pub name: String,
    /// What waits for the save.
    pub then: Option<Action>,
}

impl MapIdentity {
    /// A suggestion for a changed copy of `map`.
    pub fn suggest(map: &Map, then: Option<Action>) -> MapIdentity {
        MapIdentity {
            id: format!("{}-edited", map.id),
            name: format!("{} (edited)", map.name),
            then,
        }
    }

    /// Why the id cannot be used, if it cannot.
    fn problem(&self) -> Option<String> {
        if saber_schema::builtin::map(&self.id).is_some() {
            Some(format!("“{}” is a built-in map's id", self.id))
        } else if self.id.is_empty()
            || !self
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            Some("An id is lower-case letters, digits and '-'".into())
        } else if self.name.trim().is_empty() {
            Some("Give the map a name".into())
        } else {
            None
        }
    }
}

impl NewMap {
    /// The id the map gets: its name in lower case, other characters as `-`, within the
    /// compiler's id limit; never a built-in map's id.
    pub fn id(&self) -> String {
        let mut id = String::new();
        for c in self.name.trim().chars().flat_map(char::to_lowercase) {
            if c.is_ascii_lowercase() || c.is_ascii_digit() {
                id.push(c);
            } else if !id.is_empty() && !id.ends_with('-') {
                id.push('-');
            }
        }
        id.truncate(limits::MAX_ID - "-map".len());
        let mut id = id.trim_end_matches('-').to_string();
        if id.is_empty() {
            id = "untitled".into();
        }
        if saber_schema::builtin::map(&id).is_some() {
            id.push_str("-map");
        }
        id
    }

    /// Why the map cannot be made, if it cannot.
    fn problem(&self) -> Option<String> {
        let name = self.name.trim();
        if name.is_empty() {
            Some("Give the map a name".into())
        } else if name.chars().count() > limits::MAX_NAME {
            Some(format!("A name is at most {} characters", limits::MAX_NAME))
        } else if self.width > self.max_side() || self.height > self.max_side() {
            Some(format!(
                "A {} map is at most {} hexes wide and high",
                self.game.ruleset().name,
                self.max_side()
            ))
        } else {
            None
        }
    }

    /// What the dialog says of the size under the form, for the game chosen.
    fn hint(&self) -> String {
        match self.game.ruleset().max_map_side {
            None => format!(
                "1 to {} columns and rows; Map → Properties changes them later.",
                limits::MAX_MAP_SIDE
            ),
            Some(_) => format!(
                "1 to {} columns and rows (four-digit hex numbers, 2.2); the map starts as `saberc new map --game {}` starts one.",
                self.max_side(),
                self.game.id()
            ),
        }
    }

    /// The most columns or rows a map of the game has.
    pub fn max_side(&self) -> u32 {
        self.game
            .ruleset()
            .max_map_side
            .unwrap_or(limits::MAX_MAP_SIDE)
    }
}

impl App {
    /// Show whichever modal dialog is up.
    pub(crate) fn modals(&mut self, ctx: &egui::Context) {
        self.unsaved_guard(ctx);
        self.save_map_first_dialog(ctx);
        self.confirm_rewrite_dialog(ctx);
        self.map_identity_dialog(ctx);
        self.new_map_dialog(ctx);
        self.recovery_dialog(ctx);
        self.missing_map_dialog(ctx);
        if let Some((purpose, path)) = self.dialogs.show(ctx) {
            self.path_chosen(purpose, path);
        }
        self.replace_dialog(ctx);
        if let Some(e) = self.error.clone() {
            egui::Modal::new(egui::Id::unique("error")).show(ctx, |ui| {
                ui.heading("Problem");
                egui::ScrollArea::vertical()
                    .max_height(300.0)
                    .show(ui, |ui| {
                        // Read as a message, in the window's own type (issue 37 §17).
                        ui.label(e);
                    });
                ui.label("What you were editing is unchanged.");
                if ui.button("OK").clicked() {
                    self.error = None;
                }
            });
        }
    }

    fn unsaved_guard(&mut self, ctx: &egui::Context) {
        let Some(action) = self.confirm.clone() else {
            return;
        };
        let what = match &action {
            Action::New(_) => "starting a new map",
            Action::NewScenario
            | Action::NewScenarioOn(..)
            | Action::Historical(_)
            | Action::Factored(_) => "opening another scenario",
            Action::Open(_) | Action::OpenText { .. } => "opening another file",
            Action::Restore(_) => "restoring recovered work",
            Action::Close => "quitting",
        };
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("unsaved-guard")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!(
                "Save the changes to “{}” before {what}?",
                self.ws.doc.title()
            ));
            choice = buttons(ui, &["Save", "Don't save", "Cancel"]);
        });
        match choice {
            Some(0) => {
                self.confirm = None;
                self.save_then(Some(action));
            }
            Some(1) => {
                self.confirm = None;
                self.perform(action);
            }
            Some(_) => self.confirm = None,
            None => {}
        }
    }

    /// A save that cannot keep the file's comments and layout writes the file whole only when
    /// the user says so.
    fn confirm_rewrite_dialog(&mut self, ctx: &egui::Context) {
        let Some((path, why)) = self.confirm_rewrite.clone() else {
            return;
        };
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("confirm-rewrite")).show(ctx, |ui| {
            ui.heading("Comments would be lost");
            ui.label(format!(
                "The changes cannot be written into “{}” keeping its text: {why}.",
                path.display()
            ));
            ui.label(
                "Write the whole file again in saberc fmt's layout? Its comments and layout \
                 are then lost.",
            );
            choice = buttons(ui, &["Write the whole file", "Cancel"]);
        });
        match choice {
            Some(0) => {
                self.confirm_rewrite = None;
                self.save_to_allowing(&path, true);
            }
            Some(_) => self.confirm_rewrite = None,
            None => {}
        }
    }

    fn save_map_first_dialog(&mut self, ctx: &egui::Context) {
        let Some(action) = self.save_map_first.clone() else {
            return;
        };
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("save-map-first")).show(ctx, |ui| {
            ui.heading("Save the map first");
            ui.label(format!(
                "A scenario names its map by id and finds it on disk: save “{}” before building a scenario on it.",
                self.ws.doc.title()
            ));
            choice = buttons(ui, &["Save map…", "Cancel"]);
        });
        match choice {
            Some(0) => {
                self.save_map_first = None;
                self.save_then(Some(action));
            }
            Some(_) => self.save_map_first = None,
            None => {}
        }
    }

    fn map_identity_dialog(&mut self, ctx: &egui::Context) {
        let Some(ident) = &mut self.new_map_id else {
            return;
        };
        let mut choice = None;
        let builtin = self.ws.doc.map().id.clone();
        egui::Modal::new(egui::Id::unique("new-map-id")).show(ctx, |ui| {
            ui.heading("A new id for this map");
            ui.label(format!(
                "“{builtin}” is a built-in map. A changed copy needs its own id and name, so that scenarios naming “{builtin}” keep the built-in map (in the editor and in saberc alike)."
            ));
            egui::Grid::new("map-identity").num_columns(2).show(ui, |ui| {
                labelled_row(ui, "Id", |ui| ui.text_edit_singleline(&mut ident.id));
                labelled_row(ui, "Name", |ui| ui.text_edit_singleline(&mut ident.name));
            });
            let problem = ident.problem();
            if let Some(c) = problem_and_choice(ui, problem.as_deref(), "Continue") {
                choice = Some(c);
            }
        });
        match choice {
            Some(true) => {
                let Some(ident) = self.new_map_id.take() else {
                    return;
                };
                let label = format!("Map id {} → {}", self.ws.doc.map().id, ident.id);
                self.ws.doc.edit(&label, |m| {
                    m.id = ident.id.clone();
                    m.name = ident.name.clone();
                });
                self.ask_save_path(ident.then);
            }
            Some(false) => self.new_map_id = None,
            None => {}
        }
    }

    /// "New map": its name and size, asked before anything is replaced (the unsaved-changes
    /// question comes when Create is chosen).
    fn new_map_dialog(&mut self, ctx: &egui::Context) {
        let Some(form) = &mut self.new_map else {
            return;
        };
        let mut choice = None;
        // One width, and room for the tallest game's hint, whatever the game: the dialog stays
        // where it is when the game changes (issue 37).
        let width = (ctx.content_rect().width() - 64.0).clamp(240.0, 440.0);
        egui::Modal::new(egui::Id::unique("new-map")).show(ctx, |ui| {
            ui.set_width(width);
            ui.heading("New map");
            egui::Grid::new("new-map-form")
                .num_columns(2)
                .show(ui, |ui| {
                    let l = ui.label("Game");
                    let combo = egui::ComboBox::from_id_salt("new-map-game").width(width * 0.6);
                    let games = crate::games::all().into_iter().map(|g| g.game());
                    one_of(ui, combo, &mut form.game, games, |g| g.ruleset().name)
                        .labelled_by(l.id);
                    ui.end_row();
                    labelled_row(ui, "Name", |ui| ui.text_edit_singleline(&mut form.name));
                    ui.label("Id");
                    ui.label(RichText::new(form.id()).monospace())
                        .on_hover_text("From the name: scenarios name their map by this id");
                    ui.end_row();
                    let sides = 1..=limits::MAX_MAP_SIDE;
                    let width = egui::DragValue::new(&mut form.width).range(sides.clone());
                    labelled_row(ui, "Columns", |ui| ui.add(width));
                    let height = egui::DragValue::new(&mut form.height).range(sides);
                    labelled_row(ui, "Rows", |ui| ui.add(height));
                });
            let font = egui::TextStyle::Body.resolve(ui.style());
            let tallest = crate::games::all()
                .iter()
                .map(|g| g.game())
                .map(|game| {
                    let hint = NewMap {
                        game,
                        ..form.clone()
                    }
                    .hint();
                    ui.ctx()
                        .fonts_mut(|f| f.layout(hint, font.clone(), egui::Color32::WHITE, width))
                        .size()
                        .y
                })
                .fold(0.0, f32::max);
            let shown = ui.weak(form.hint()).rect.height();
            ui.add_space(tallest - shown);
            let problem = form.problem();
            if let Some(c) = problem_and_choice(ui, problem.as_deref(), "Create") {
                choice = Some(c);
            }
        });
        match choice {
            Some(true) => {
                if let Some(form) = self.new_map.take() {
                    self.request(Action::New(form));
                }
            }
            Some(false) => self.new_map = None,
            None => {}
        }
    }

    fn missing_map_dialog(&mut self, ctx: &egui::Context) {
        let Some(why) = self.missing_map.clone() else {
            return;
        };
        // The reason a chosen file could not be used is shown first, never hidden behind this.
        if self.dialogs.is_open() || self.error.is_some() {
            return;
        }
        let map = self
            .ws
            .doc
            .scenario()
            .map(|s| s.map.clone())
            .unwrap_or_default();
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("missing-map")).show(ctx, |ui| {
            ui.heading("Map not found");
            ui.label(format!(
                "The scenario's map “{map}” was not found beside it, in maps/ next to it or in ../maps. It opens on a blank stand-in map until you choose the map file."
            ));
            ui.label(why);
            choice = buttons(ui, &["Choose the map file…", "Later"]);
        });
        match choice {
            Some(0) => self.choose_map_file(),
            Some(_) => {
                self.missing_map = None;
                self.ws.status.set(format!(
                    "Map “{map}” not found: the scenario shows a blank stand-in"
                ));
            }
            None => {}
        }
    }

    /// Is a modal dialog up (the map and the shortcuts then wait)?
    pub(crate) fn modal_open(&self) -> bool {
        self.confirm.is_some()
            || self.save_map_first.is_some()
            || self.confirm_rewrite.is_some()
            || self.new_map.is_some()
            || self.new_map_id.is_some()
            || self.missing_map.is_some()
            || self.error.is_some()
            || self.replace.is_some()
            || self.dialogs.is_open()
            || self.recovery_list_shown()
            // The 11.18 wizard is a form over the map: a key typed while none of its fields
            // has the keyboard must not pick a map tool (E, 2, S… of a side's line).
            || self.wizard.open
    }

    fn recovery_list_shown(&self) -> bool {
        self.show_offers && !self.offers.is_empty()
    }

    /// Replacing existing files, confirmed.
    fn replace_dialog(&mut self, ctx: &egui::Context) {
        let Some(r) = &self.replace else {
            return;
        };
        let names: Vec<String> = r.existing.iter().map(|p| p.display().to_string()).collect();
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("replace-file")).show(ctx, |ui| {
            ui.heading("Replace existing file?");
            if let [one] = names.as_slice() {
                ui.label(format!("“{one}” already exists. Replace it?"));
            } else {
                ui.label("These files already exist:");
                for n in &names {
                    ui.label(RichText::new(n).monospace());
                }
                ui.label("Replace them?");
            }
            choice = buttons(ui, &["Replace", "Cancel"]);
        });
        match choice {
            Some(0) => {
                if let Some(r) = self.replace.take() {
                    self.finish_choice(r.purpose, r.path);
                }
            }
            Some(_) => {
                self.replace = None;
                self.ws.status.set("Nothing was written");
            }
            None => {}
        }
    }

    /// The recovered work of windows that are gone, every one listed, each restorable, saved
    /// or discarded on its own. Restoring goes through the unsaved-changes guard, so it never
    /// replaces work without asking; a recovery file is deleted only once its work is saved or
    /// discarded.
    fn recovery_dialog(&mut self, ctx: &egui::Context) {
        if !self.recovery_list_shown()
            || self.confirm.is_some()
            || self.dialogs.is_open()
            || self.replace.is_some()
            || self.error.is_some()
            || self.new_map_id.is_some()
        {
            return;
        }
        let mut choice: Option<(PathBuf, u8)> = None;
        let n = self.offers.len();
        egui::Modal::new(egui::Id::unique("recovery")).show(ctx, |ui| {
            ui.heading("Recover unsaved work?");
            ui.label(if n == 1 {
                "An editor window closed without saving. Its unsaved changes were kept:".to_string()
            } else {
                format!(
                    "{n} editor windows closed without saving. The unsaved changes of each were kept:"
                )
            });
            egui::Grid::new("recovered").num_columns(2).show(ui, |ui| {
                for (offer, slot) in &self.offers {
                    ui.label(describe(offer));
                    ui.horizontal(|ui| {
                        let key = slot.path().to_path_buf();
                        if ui
                            .button("Restore")
                            .on_hover_text("Open it here (asks first about unsaved changes)")
                            .clicked()
                        {
                            choice = Some((key.clone(), 0));
                        }
                        if ui.button("Save as…").clicked() {
                            choice = Some((key.clone(), 1));
                        }
                        if ui.button("Discard").clicked() {
                            choice = Some((key, 2));
                        }
                    });
                    ui.end_row();
                }
            });
            ui.label(
                "Each recovery file is kept until its work is saved or discarded; \"Later\" keeps them all for the next start.",
            );
            if ui.button("Later").clicked() {
                choice = Some((PathBuf::new(), 3));
            }
        });
        match choice {
            Some((key, 0)) => self.request(Action::Restore(key)),
            Some((key, 1)) => self.save_recovered_as(&key),
            Some((key, 2)) => self.discard_recovered(&key),
            Some(_) => self.show_offers = false,
            None => {}
        }
    }
}

/// One line for recovered work: its file (or an untitled map's or scenario's name) and how
/// long ago it was written.
fn describe(offer: &Recovered) -> String {
    let what = match &offer.source {
        Some(p) => p.display().to_string(),
        None => {
            let (kind, _, name) = offer.doc.what();
            format!("untitled {kind} “{name}”")
        }
    };
    let ago = offer
        .when
        .and_then(|w| w.elapsed().ok())
        .map(|d| d.as_secs() / 60)
        .map(|m| match m {
            0 => " (written less than a minute ago)".to_string(),
            m if m < 120 => format!(" (written {} ago)", crate::plural(m as usize, "minute")),
            m => format!(
                " (written {} ago)",
                crate::plural((m / 60) as usize, "hour")
            ),
        })
        .unwrap_or_default();
    format!("{what}{ago}")
}

/// A row of buttons: the index of the one clicked.
fn buttons(ui: &mut egui::Ui, labels: &[&str]) -> Option<usize> {
    ui.horizontal(|ui| {
        let mut clicked = None;
        for (i, label) in labels.iter().enumerate() {
            if ui.button(*label).clicked() {
                clicked = Some(i);
            }
        }
        clicked
    })
    .inner
}

/// A form's problem (if any) and its two buttons: the confirm button, enabled only without a
/// problem, and Cancel. `Some(true)` when confirmed, `Some(false)` when cancelled.
fn problem_and_choice(ui: &mut egui::Ui, problem: Option<&str>, confirm: &str) -> Option<bool> {
    if let Some(p) = problem {
        ui.colored_label(ui.visuals().error_fg_color, p);
    }
    let mut choice = None;
    ui.horizontal(|ui| {
        if ui
            .add_enabled(problem.is_none(), egui::Button::new(confirm))
            .clicked()
        {
            choice = Some(true);
        }
        if ui.button("Cancel").clicked() {
            choice = Some(false);
        }
    });
    choice
}
