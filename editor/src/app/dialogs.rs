//! The modal dialogs: unsaved changes, saving the map before a scenario is built on it, a new
//! id for a changed built-in map, recovered work, and problems.

use egui::RichText;
use saber_schema::model::map::Map;

use crate::app::open_save::document_of;
use crate::app::{Action, App};
use crate::files::LoadedFile;

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

impl App {
    /// Show whichever modal dialog is up.
    pub(crate) fn modals(&mut self, ctx: &egui::Context) {
        self.unsaved_guard(ctx);
        self.save_map_first_dialog(ctx);
        self.confirm_rewrite_dialog(ctx);
        self.map_identity_dialog(ctx);
        self.recovery_dialog(ctx);
        self.missing_map_dialog(ctx);
        if let Some((purpose, path)) = self.dialogs.show(ctx) {
            self.path_chosen(purpose, path);
        }
        if let Some(e) = self.error.clone() {
            egui::Modal::new(egui::Id::unique("error")).show(ctx, |ui| {
                ui.heading("Problem");
                egui::ScrollArea::vertical()
                    .max_height(300.0)
                    .show(ui, |ui| {
                        ui.label(RichText::new(e).monospace());
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
            Action::New => "starting a new map",
            Action::NewScenario | Action::Historical(_) | Action::Factored(_) => {
                "opening another scenario"
            }
            Action::Open(_) | Action::OpenText { .. } => "opening another file",
            Action::Close => "quitting",
        };
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("unsaved-guard")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!(
                "Save the changes to “{}” before {what}?",
                self.ws.doc.title()
            ));
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    choice = Some(0);
                }
                if ui.button("Don't save").clicked() {
                    choice = Some(1);
                }
                if ui.button("Cancel").clicked() {
                    choice = Some(2);
                }
            });
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
            ui.horizontal(|ui| {
                if ui.button("Write the whole file").clicked() {
                    choice = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    choice = Some(false);
                }
            });
        });
        match choice {
            Some(true) => {
                self.confirm_rewrite = None;
                self.save_to_allowing(&path, true);
            }
            Some(false) => self.confirm_rewrite = None,
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
            ui.horizontal(|ui| {
                if ui.button("Save map…").clicked() {
                    choice = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    choice = Some(false);
                }
            });
        });
        match choice {
            Some(true) => {
                self.save_map_first = None;
                self.save_then(Some(action));
            }
            Some(false) => self.save_map_first = None,
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
                let l = ui.label("Id");
                ui.text_edit_singleline(&mut ident.id).labelled_by(l.id);
                ui.end_row();
                let l = ui.label("Name");
                ui.text_edit_singleline(&mut ident.name).labelled_by(l.id);
                ui.end_row();
            });
            let problem = ident.problem();
            if let Some(p) = &problem {
                ui.colored_label(ui.visuals().error_fg_color, p);
            }
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(problem.is_none(), egui::Button::new("Continue"))
                    .clicked()
                {
                    choice = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    choice = Some(false);
                }
            });
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

    fn missing_map_dialog(&mut self, ctx: &egui::Context) {
        let Some(why) = self.missing_map.clone() else {
            return;
        };
        if self.dialogs.is_open() {
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
            ui.label(RichText::new(why).monospace().small());
            ui.horizontal(|ui| {
                if ui.button("Choose the map file…").clicked() {
                    choice = Some(true);
                }
                if ui.button("Later").clicked() {
                    choice = Some(false);
                }
            });
        });
        match choice {
            Some(true) => self.choose_map_file(),
            Some(false) => {
                self.missing_map = None;
                self.ws.status.set(format!(
                    "Map “{map}” not found: the scenario shows a blank stand-in"
                ));
            }
            None => {}
        }
    }

    fn recovery_dialog(&mut self, ctx: &egui::Context) {
        let Some((offer, _)) = self.offers.first() else {
            return;
        };
        let from = offer
            .source
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| match &offer.doc {
                LoadedFile::Map(l) => l.map.name.clone(),
                LoadedFile::Scenario(l) => l.scenario.name.clone(),
            });
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("recovery")).show(ctx, |ui| {
            ui.heading("Recover unsaved work?");
            ui.label(format!(
                "An editor window closed without saving “{from}”. Its unsaved changes were kept in a recovery file."
            ));
            ui.horizontal(|ui| {
                if ui.button("Restore").clicked() {
                    choice = Some(true);
                }
                if ui.button("Discard").clicked() {
                    choice = Some(false);
                }
            });
        });
        match choice {
            Some(true) => {
                let (offer, slot) = self.offers.remove(0);
                let (mut doc, missing) = document_of(offer.doc, offer.source);
                doc.mark_unsaved();
                self.set_loaded((doc, missing));
                // The restored work keeps its recovery file until it is saved.
                self.recovery = Some(slot);
                self.ws
                    .status
                    .set("Restored recovered work: save it to keep it");
            }
            Some(false) => {
                let (_, slot) = self.offers.remove(0);
                slot.release();
            }
            None => {}
        }
    }
}
