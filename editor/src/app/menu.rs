//! The menu bar and the keyboard shortcuts of the window.

use egui::{Key, KeyboardShortcut, Modifiers, Ui};

use crate::app::workspace::Command;
use crate::app::{Action, App};
use crate::canvas::ZOOM_100;
use crate::help;
use crate::scenario::historical::HISTORICAL;
use crate::tools::pressed;

impl App {
    /// Shortcuts of the window (the mode's own keys too). Text fields own the keyboard: while
    /// one has it, no key reaches the map.
    pub(crate) fn shortcuts(&mut self, ui: &Ui) {
        let ctx = ui.ctx();
        let cmd = Modifiers::COMMAND;
        let cmd_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        let shortcut = |m: Modifiers, k: Key| {
            ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(m, k)))
        };
        // The file shortcuts work while a text field has focus too (issue 37 §7): a field
        // has no use for them, and what was typed is already in the document (forms edit it
        // as they are typed into).
        if shortcut(cmd_shift, Key::S) {
            self.save_as();
        } else if shortcut(cmd, Key::S) {
            self.save();
        }
        if shortcut(cmd, Key::O) {
            self.request(Action::Open(None));
        }
        if shortcut(cmd, Key::N) {
            self.ask_new_map();
        }
        // Undo and the other keys are the field's own while it has focus.
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        if shortcut(cmd_shift, Key::Z) || shortcut(cmd, Key::Y) {
            self.redo();
        } else if shortcut(cmd, Key::Z) {
            self.undo();
        }
        if shortcut(cmd, Key::Num0) {
            self.ws.view.zoom = ZOOM_100.max(self.ws.view.floor);
        }
        if pressed(ui, Key::F1) {
            self.show_help = !self.show_help;
        }
        if pressed(ui, Key::F3) {
            self.show_left = !self.show_left;
        }
        if pressed(ui, Key::F4) {
            self.show_right = !self.show_right;
        }
        if pressed(ui, Key::P) && self.ws.doc.content().holds_map() {
            self.properties.open = !self.properties.open;
        }
        if pressed(ui, Key::M) {
            self.canvas.show_minimap = !self.canvas.show_minimap;
        }
        self.canvas.overlays.keys(ui);
        self.modes.of(self.ws.doc.content()).keys(ui, &mut self.ws);
    }

    pub(crate) fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| self.file_menu(ui));
            ui.menu_button("Edit", |ui| {
                let undo = self.ws.doc.history().done().last().map(|s| s.label.clone());
                let redo = self
                    .ws
                    .doc
                    .history()
                    .undone()
                    .next()
                    .map(|s| s.label.clone());
                // Named with its keys, as the File menu's items are (issue 37 §17).
                let item = |action: &str, step: Option<String>| {
                    let keys = help::with_keys(action);
                    match step {
                        Some(step) => keys.replacen(action, &format!("{action} {step}"), 1),
                        None => keys,
                    }
                };
                let u = ui.add_enabled(
                    undo.is_some(),
                    egui::Button::new(item("Undo", undo.clone())),
                );
                if u.clicked() {
                    self.undo();
                }
                let r = ui.add_enabled(
                    redo.is_some(),
                    egui::Button::new(item("Redo", redo.clone())),
                );
                if r.clicked() {
                    self.redo();
                }
            });
            ui.menu_button("View", |ui| self.view_menu(ui));
            let scenario = self.ws.doc.scenario().is_some();
            ui.menu_button("Analysis", |ui| self.canvas.overlays.menu(ui, scenario));
            ui.menu_button("Map", |ui| {
                if ui
                    .add_enabled(
                        self.ws.doc.content().holds_map(),
                        egui::Button::new("Properties… (P)"),
                    )
                    .on_disabled_hover_text(match self.ws.doc.content() {
                        c if !c.is_scenario() => format!(
                            "A {} map's properties are its panel's Map tab",
                            crate::games::of(c).name()
                        ),
                        _ => "A scenario's map is edited on its own: open the map file".into(),
                    })
                    .clicked()
                {
                    self.properties.open = true;
                }
            });
            ui.menu_button("Scenario", |ui| {
                if ui
                    .button("New scenario on this map")
                    .on_hover_text(format!(
                        "A {} scenario: the game of the map",
                        self.ws.doc.map().rules().name
                    ))
                    .clicked()
                {
                    self.request(Action::NewScenario);
                }
                for game in crate::games::all() {
                    if game.scenario_on_a_map_file()
                        && ui
                            .button(format!("New {} scenario on a map file…", game.name()))
                            .clicked()
                    {
                        self.ask_scenario_map(game);
                    }
                }
                if ui
                    .button("New scenario from a historical battle (11.18)…")
                    .clicked()
                {
                    self.wizard.open = true;
                }
                self.historical_menu(ui);
            });
            ui.menu_button("Help", |ui| {
                if ui.button("Keyboard shortcuts (F1)").clicked() {
                    self.show_help = true;
                }
            });
        });
    }

    fn file_menu(&mut self, ui: &mut Ui) {
        if ui.button(help::asks_with_keys("New map")).clicked() {
            self.ask_new_map();
        }
        if ui.button("New scenario on this map").clicked() {
            self.request(Action::NewScenario);
        }
        if ui
            .button(help::asks_with_keys("Open a map or scenario"))
            .clicked()
        {
            self.request(Action::Open(None));
        }
        self.historical_menu(ui);
        ui.menu_button("Open recent", |ui| {
            if self.recent.is_empty() {
                ui.weak("No recent files");
            }
            for p in self.recent.clone() {
                if ui.button(p.display().to_string()).clicked() {
                    self.request(Action::Open(Some(p)));
                }
            }
        });
        if !self.offers.is_empty()
            && ui
                .button(format!("Recovered work ({})…", self.offers.len()))
                .clicked()
        {
            self.show_offers = true;
        }
        ui.separator();
        if ui.button(help::with_keys("Save")).clicked() {
            self.ws.ask(Command::Save);
        }
        if ui.button(help::asks_with_keys("Save as")).clicked() {
            self.ws.ask(Command::SaveAs);
        }
        ui.separator();
        let scenario = self.ws.doc.content().is_scenario();
        ui.menu_button("Export", |ui| {
            if ui
                .add_enabled(scenario, egui::Button::new("For a game engine (JSON)…"))
                .on_disabled_hover_text("Open or build a scenario first")
                .clicked()
            {
                self.ws.ask(Command::ExportEngine);
            }
            ui.add_enabled_ui(scenario, |ui| {
                // Choosing a size or typing a width keeps the menu open: only Export closes it.
                let config = egui::containers::menu::MenuConfig::new()
                    .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
                egui::containers::menu::SubMenuButton::new("Scenario card")
                    .config(config)
                    .ui(ui, |ui| {
                        for (label, width) in crate::export::CARD_SIZES {
                            if ui.radio(self.card_width == *width, *label).clicked() {
                                self.card_width = *width;
                            }
                        }
                        ui.horizontal(|ui| {
                            let l = ui.label("PNG width");
                            ui.add(
                                egui::DragValue::new(&mut self.card_width)
                                    .range(crate::export::CARD_WIDTHS)
                                    .suffix(" px"),
                            )
                            .labelled_by(l.id);
                        });
                        ui.weak("An SVG card is drawn at any size.");
                        ui.separator();
                        if ui.button("Export (PNG or SVG)…").clicked() {
                            self.ws.ask(Command::ExportCard);
                            ui.close();
                        }
                    });
            })
            .response
            .on_disabled_hover_text("Open or build a scenario first");
            let no_tiled = self.ws.doc.content().no_tiled();
            if ui
                .add_enabled(no_tiled.is_none(), egui::Button::new("Tiled map (.tmj)…"))
                .on_hover_text("The scenario, or the map alone, as a Tiled map")
                .on_disabled_hover_text(no_tiled.unwrap_or_default())
                .clicked()
            {
                self.ws.ask(Command::ExportTiled);
            }
        });
        ui.separator();
        let mut builtin = !self.dialogs.native();
        if ui
            .checkbox(&mut builtin, "Use the editor's own file dialog")
            .on_hover_text(
                "For desktops without a file-dialog portal or zenity (chosen by default there)",
            )
            .changed()
        {
            self.dialogs.set_native(!builtin);
        }
        ui.separator();
        if ui.button("Quit").clicked() {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    fn view_menu(&mut self, ui: &mut Ui) {
        if ui
            .button(help::with_keys("Fit the map to the window"))
            .clicked()
        {
            self.canvas.fit_pending = true;
        }
        if ui.button(help::with_keys("Zoom to 100 %")).clicked() {
            self.ws.view.zoom = ZOOM_100.max(self.ws.view.floor);
        }
        ui.checkbox(&mut self.canvas.show_minimap, "Minimap (M)");
        ui.separator();
        let left = if self.ws.doc.scenario().is_some() {
            "Scenario builder panel (F3)"
        } else {
            "Tools panel (F3)"
        };
        ui.checkbox(&mut self.show_left, left);
        ui.checkbox(&mut self.show_right, "Diagnostics and history panel (F4)");
    }

    fn historical_menu(&mut self, ui: &mut Ui) {
        ui.menu_button("Open a historical scenario", |ui| {
            for (i, h) in HISTORICAL.iter().enumerate() {
                if ui.button(h.title()).clicked() {
                    self.request(Action::Historical(i));
                }
            }
        });
    }
}
