//! The application: the document (a map, or a scenario on its map), the canvas with the map
//! tools or the scenario builder, the panels, menus, shortcuts, files (with the
//! unsaved-changes guard, autosave and recovery), exports and persistence.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use egui::{Key, KeyboardShortcut, Modifiers, PointerButton, Pos2, RichText, Sense, Ui};
use saber_schema::model::hex::Coord;
use saber_schema::model::map::Map;

use crate::canvas::{self, Layout, Overview, Scene, View, ZOOM_100};
use crate::diagnostics::Diagnostics;
use crate::document::Document;
use crate::files::{self, LoadedFile, Recovered, Recovery};
use crate::help;
use crate::scenario::historical::HISTORICAL;
use crate::scenario::panel::{ScenarioUi, new_scenario};
use crate::scenario::wizard::Wizard;
use crate::tools::feature::{FeatureTool, next_free_number};
use crate::tools::hexside::HexsideTool;
use crate::tools::properties::Properties;
use crate::tools::terrain::{TerrainTool, describe};
use crate::tools::{Button, Feedback, Phase, Pointer, Tool, ToolKind, pressed};

/// How often unsaved work is written to the recovery file.
pub const AUTOSAVE_EVERY: Duration = Duration::from_secs(20);

/// What the app remembers between sessions (eframe persistence).
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct Persisted {
    recent: Vec<PathBuf>,
    last_file: Option<PathBuf>,
    tool: ToolKind,
    terrain: TerrainTool,
    hexside: HexsideTool,
    hide_minimap: bool,
}

/// Something that replaces the document, guarded against losing unsaved changes.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A new blank map.
    New,
    /// A new scenario on the current map.
    NewScenario,
    /// One of the seventeen historical scenarios (index into [`HISTORICAL`]).
    Historical(usize),
    /// A scenario made by the wizard (11.18).
    Factored(Box<saber_schema::model::scenario::Scenario>),
    /// Open a file; `None` asks with a dialog.
    Open(Option<PathBuf>),
    /// Open text dropped on the window without a path.
    OpenText {
        /// File name (picks RON or JSON).
        name: PathBuf,
        /// Contents.
        text: String,
    },
    /// Quit.
    Close,
}

/// The editor.
pub struct App {
    /// The open map.
    pub doc: Document,
    /// The camera.
    pub view: View,
    /// The active tool.
    pub tool: ToolKind,
    /// Brush, fill and eyedropper.
    pub terrain: TerrainTool,
    /// Ridges, roads and rivers.
    pub hexside: HexsideTool,
    /// Features.
    pub feature: FeatureTool,
    /// Map properties window.
    pub properties: Properties,
    /// Live diagnostics of the map.
    pub diagnostics: Diagnostics,
    /// The scenario builder (when the document is a scenario).
    pub scenario: ScenarioUi,
    /// "New scenario from a historical battle" (11.18).
    pub wizard: Wizard,
    overview: Overview,
    /// Recently opened files, newest first.
    pub recent: Vec<PathBuf>,
    /// Status bar message.
    pub status: String,
    /// An error to show in a dialog.
    pub error: Option<String>,
    /// An action waiting for the user to save or discard changes.
    pub confirm: Option<Action>,
    /// Recovered work offered for restoring.
    pub offer: Option<Recovered>,
    recovery: Option<Recovery>,
    autosaved: Option<u64>,
    last_autosave: Instant,
    close_allowed: bool,
    fit_pending: bool,
    stroke: Option<Button>,
    last_pointer: Option<Pos2>,
    hover: Option<Coord>,
    /// Show the keyboard shortcuts window.
    pub show_help: bool,
    /// Where the canvas was drawn last frame.
    pub canvas_rect: egui::Rect,
    show_minimap: bool,
    title: String,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("doc", &self.doc)
            .field("tool", &self.tool)
            .finish_non_exhaustive()
    }
}

impl App {
    /// An editor on a map, with no recovery file (tests, benchmarks).
    pub fn new(map: Map, path: Option<PathBuf>) -> App {
        let mut feature = FeatureTool::default();
        feature.number = next_free_number(&map);
        App {
            doc: Document::new(map, path),
            view: View::default(),
            tool: ToolKind::Brush,
            terrain: TerrainTool::default(),
            hexside: HexsideTool::default(),
            feature,
            properties: Properties::default(),
            diagnostics: Diagnostics::default(),
            scenario: ScenarioUi::default(),
            wizard: Wizard::default(),
            overview: Overview::default(),
            recent: Vec::new(),
            status: String::new(),
            error: None,
            confirm: None,
            offer: None,
            recovery: None,
            autosaved: None,
            last_autosave: Instant::now(),
            close_allowed: false,
            fit_pending: true,
            stroke: None,
            last_pointer: None,
            hover: None,
            show_help: false,
            canvas_rect: egui::Rect::NOTHING,
            show_minimap: true,
            title: String::new(),
        }
    }

    /// Start the editor: restore the last session and offer recovered work.
    pub fn start(storage: Option<&dyn eframe::Storage>, recovery: Option<Recovery>) -> App {
        let persisted: Persisted = storage
            .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
            .unwrap_or_default();
        let mut app = App::new(files::default_map(), None);
        app.recent = persisted.recent;
        app.tool = persisted.tool;
        app.terrain = persisted.terrain;
        app.hexside = persisted.hexside;
        app.show_minimap = !persisted.hide_minimap;
        app.terrain.mode = match app.tool {
            t @ (ToolKind::Brush | ToolKind::Fill | ToolKind::Eyedropper) => t,
            _ => ToolKind::Brush,
        };
        if let Some(path) = persisted.last_file {
            match files::read_any(&path) {
                Ok(loaded) => app.set_document(document_of(loaded, Some(path))),
                Err(e) => app.status = format!("Could not reopen the last file: {e}"),
            }
        }
        app.offer = recovery.as_ref().and_then(Recovery::read);
        app.recovery = recovery;
        app
    }

    fn persisted(&self) -> Persisted {
        Persisted {
            recent: self.recent.clone(),
            last_file: self.doc.path.clone(),
            tool: self.tool,
            terrain: self.terrain.clone(),
            hexside: self.hexside.clone(),
            hide_minimap: !self.show_minimap,
        }
    }

    /// Has the user agreed to quit (nothing unsaved, or changes discarded)?
    pub fn close_allowed(&self) -> bool {
        self.close_allowed
    }

    /// Select a tool.
    pub fn select_tool(&mut self, tool: ToolKind) {
        self.tool = tool;
        if matches!(
            tool,
            ToolKind::Brush | ToolKind::Fill | ToolKind::Eyedropper
        ) {
            self.terrain.mode = tool;
        }
    }

    /// The active tool and the document, borrowed apart.
    fn tool_and_doc(&mut self) -> (&mut dyn Tool, &mut Document) {
        let tool: &mut dyn Tool = match self.tool {
            ToolKind::Brush | ToolKind::Fill | ToolKind::Eyedropper => &mut self.terrain,
            ToolKind::Hexside => &mut self.hexside,
            ToolKind::Feature => &mut self.feature,
        };
        (tool, &mut self.doc)
    }

    fn tool_ref(&self) -> &dyn Tool {
        match self.tool {
            ToolKind::Brush | ToolKind::Fill | ToolKind::Eyedropper => &self.terrain,
            ToolKind::Hexside => &self.hexside,
            ToolKind::Feature => &self.feature,
        }
    }

    /// Undo the last edit.
    pub fn undo(&mut self) {
        self.stroke = None;
        self.status = match self.doc.undo() {
            Some(l) => format!("Undid {l}"),
            None => "Nothing to undo".into(),
        };
    }

    /// Redo the last undone edit.
    pub fn redo(&mut self) {
        self.stroke = None;
        self.status = match self.doc.redo() {
            Some(l) => format!("Redid {l}"),
            None => "Nothing to redo".into(),
        };
    }

    // ---- Files ----

    /// Ask for an action; if there are unsaved changes, the guard asks first.
    pub fn request(&mut self, action: Action) {
        if self.doc.is_dirty() {
            self.confirm = Some(action);
        } else {
            self.perform(action);
        }
    }

    /// Do an action without asking.
    fn perform(&mut self, action: Action) {
        match action {
            Action::New => {
                self.set_document(Document::new(files::new_map(), None));
                self.status = "New map".into();
            }
            Action::NewScenario => {
                let map = self.doc.map().clone();
                let s = new_scenario(&map);
                let mut doc = Document::for_scenario(s, map, None);
                doc.mark_unsaved();
                self.set_document(doc);
                self.scenario.tab = crate::scenario::panel::Tab::Sides;
                self.status = "New scenario: give the sides their forces and zones".into();
            }
            Action::Historical(i) => match HISTORICAL.get(i).map(|h| h.scenario()) {
                Some(Ok(s)) => {
                    let doc = Document::for_scenario(s, files::default_map(), None);
                    self.set_document(doc);
                    self.status = format!("Opened {}", HISTORICAL[i].title());
                }
                Some(Err(e)) => self.error = Some(e),
                None => {}
            },
            Action::Factored(s) => {
                // The wizard offers the built-in map and the map being edited.
                let map = if self.doc.map().id == s.map {
                    self.doc.map().clone()
                } else {
                    saber_schema::builtin::map(&s.map).unwrap_or_else(files::default_map)
                };
                let mut doc = Document::for_scenario(*s, map, None);
                doc.mark_unsaved();
                self.set_document(doc);
                self.scenario.tab = crate::scenario::panel::Tab::Sides;
                self.status =
                    "Factored (11.18): now draw each group's zone and the victory conditions"
                        .into();
            }
            Action::Open(Some(path)) => self.open_path(&path),
            Action::Open(None) => {
                let dialog = rfd::FileDialog::new()
                    .set_title("Open a map or scenario")
                    .add_filter("Maps and scenarios", &["ron", "json"]);
                if let Some(path) = dialog.pick_file() {
                    self.open_path(&path);
                }
            }
            Action::OpenText { name, text } => {
                let src = saber_schema::pipeline::read::Source::from_text(&name, text);
                match files::parse_any(&src) {
                    Ok(loaded) => {
                        let n = problems_of(&loaded);
                        self.set_document(document_of(loaded, None));
                        self.status = format!("Opened dropped {} ({n} problems)", name.display());
                    }
                    Err(e) => self.error = Some(e),
                }
            }
            Action::Close => {
                self.close_allowed = true;
                if let Some(r) = &self.recovery {
                    r.clear();
                }
                self.title.clear();
            }
        }
    }

    fn set_document(&mut self, doc: Document) {
        self.doc = doc;
        self.scenario.reset(self.doc.map());
        self.feature.number = next_free_number(self.doc.map());
        self.fit_pending = true;
        self.stroke = None;
        self.feature.selected = None;
        self.feature.armed = None;
        self.properties.open = false;
        self.autosaved = None;
        if let Some(r) = &self.recovery {
            r.clear();
        }
    }

    /// Open a file now (no guard). On error the current document stays.
    pub fn open_path(&mut self, path: &std::path::Path) {
        match files::read_any(path) {
            Ok(loaded) => {
                let n = problems_of(&loaded);
                self.set_document(document_of(loaded, Some(path.to_path_buf())));
                files::remember(&mut self.recent, path);
                self.status = if n == 0 {
                    format!("Opened {}", path.display())
                } else {
                    format!(
                        "Opened {} with {n} problems (see Diagnostics)",
                        path.display()
                    )
                };
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Save to a path (atomically); the document then belongs to that file.
    pub fn save_to(&mut self, path: &std::path::Path) -> bool {
        self.doc.commit();
        match files::save_document(&self.doc, path) {
            Ok(()) => {
                self.doc.mark_saved(path.to_path_buf());
                files::remember(&mut self.recent, path);
                if let Some(r) = &self.recovery {
                    r.clear();
                }
                self.autosaved = None;
                self.status = format!("Saved {}", path.display());
                true
            }
            Err(e) => {
                self.error = Some(format!("Could not save: {e}"));
                false
            }
        }
    }

    /// Save to the document's file, or ask for one.
    pub fn save(&mut self) -> bool {
        match self.doc.path.clone() {
            Some(p) => self.save_to(&p),
            None => self.save_as(),
        }
    }

    /// Ask for a file name and save there.
    pub fn save_as(&mut self) -> bool {
        let (what, id) = match self.doc.scenario() {
            Some(s) => ("scenario", s.id.clone()),
            None => ("map", self.doc.map().id.clone()),
        };
        let mut dialog = rfd::FileDialog::new()
            .set_title(format!("Save {what} as"))
            .add_filter(format!("RON {what}"), &["ron"])
            .add_filter(format!("JSON {what}"), &["json"])
            .set_file_name(format!("{id}.ron"));
        if let Some(dir) = self.doc.path.as_ref().and_then(|p| p.parent()) {
            dialog = dialog.set_directory(dir);
        }
        match dialog.save_file() {
            Some(path) => self.save_to(&path),
            None => false,
        }
    }

    /// Write the recovery file if there is unsaved work not yet written.
    pub fn autosave(&mut self, now: Instant) {
        let Some(recovery) = &self.recovery else {
            return;
        };
        if self.offer.is_some() || self.doc.is_editing() {
            return;
        }
        if !self.doc.is_dirty() {
            if self.autosaved.take().is_some() {
                recovery.clear();
            }
            return;
        }
        if self.autosaved != Some(self.doc.revision())
            && now.duration_since(self.last_autosave) >= AUTOSAVE_EVERY
        {
            match recovery.write(&self.doc) {
                Ok(()) => self.autosaved = Some(self.doc.revision()),
                Err(e) => self.status = format!("Autosave failed: {e}"),
            }
            self.last_autosave = now;
        }
    }

    // ---- The frame ----

    /// Show the whole editor for one frame.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.dropped_files(&ctx);
        self.shortcuts(ui);
        if self.doc.scenario().is_some() {
            if self.scenario.update(&self.doc) {
                ctx.request_repaint_after(Duration::from_millis(30));
            }
        } else {
            self.diagnostics.update(&self.doc);
        }

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        if self.doc.scenario().is_some() {
            egui::Panel::left("scenario")
                .default_size(380.0)
                .show(ui, |ui| {
                    if let Some(s) = self.scenario.panel(ui, &mut self.doc) {
                        self.status = s;
                    }
                });
        } else {
            egui::Panel::left("tools")
                .default_size(230.0)
                .show(ui, |ui| self.tools_panel(ui));
        }
        egui::Panel::right("side")
            .default_size(280.0)
            .show(ui, |ui| self.side_panel(ui));
        egui::CentralPanel::no_frame().show(ui, |ui| self.canvas(ui));

        if self.doc.scenario().is_none()
            && let Some(s) = self.properties.show(&ctx, &mut self.doc)
        {
            self.status = s;
        }
        if self.show_help {
            let mut open = true;
            egui::Window::new("Keyboard shortcuts")
                .open(&mut open)
                .default_width(480.0)
                .show(&ctx, help::ui);
            self.show_help = open;
        }
        if self.wizard.open {
            let mut maps = vec![("rifle-and-saber".to_string(), files::default_map().name)];
            if self.doc.scenario().is_none() && self.doc.map().id != "rifle-and-saber" {
                maps.push((self.doc.map().id.clone(), self.doc.map().name.clone()));
            }
            if let Some(s) = self.wizard.show(&ctx, &maps) {
                self.request(Action::Factored(Box::new(s)));
            }
        }
        self.dialogs(&ctx);
        self.autosave(Instant::now());
        if self.recovery.is_some() && self.doc.is_dirty() {
            ctx.request_repaint_after(AUTOSAVE_EVERY);
        }
        let title = format!(
            "{}{} — Rifle & Saber Scenario Studio",
            if self.doc.is_dirty() { "● " } else { "" },
            self.doc.title()
        );
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    fn dropped_files(&mut self, ctx: &egui::Context) {
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        let Some(file) = dropped.iter().find(|f| files::is_map_file(f.path())) else {
            if !dropped.is_empty() {
                self.error = Some("Drop a .ron or .json map or scenario file.".into());
            }
            return;
        };
        let path = file.path().to_path_buf();
        if path.is_absolute() && path.exists() {
            self.request(Action::Open(Some(path)));
        } else {
            match file.bytes().map(String::from_utf8) {
                Ok(Ok(text)) => self.request(Action::OpenText { name: path, text }),
                Ok(Err(_)) => self.error = Some(format!("{}: not UTF-8 text", path.display())),
                Err(e) => self.error = Some(format!("{}: {e}", path.display())),
            }
        }
    }

    fn shortcuts(&mut self, ui: &Ui) {
        let ctx = ui.ctx();
        let cmd = Modifiers::COMMAND;
        let cmd_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        let shortcut = |m: Modifiers, k: Key| {
            ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(m, k)))
        };
        // Text fields keep their own undo and typing.
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        if shortcut(cmd_shift, Key::Z) || shortcut(cmd, Key::Y) {
            self.redo();
        } else if shortcut(cmd, Key::Z) {
            self.undo();
        }
        if shortcut(cmd_shift, Key::S) {
            self.save_as();
        } else if shortcut(cmd, Key::S) {
            self.save();
        }
        if shortcut(cmd, Key::O) {
            self.request(Action::Open(None));
        }
        if shortcut(cmd, Key::N) {
            self.request(Action::New);
        }
        if shortcut(cmd, Key::Num0) {
            self.view.zoom = ZOOM_100;
        }
        if pressed(ui, Key::F1) {
            self.show_help = !self.show_help;
        }
        if pressed(ui, Key::P) && self.doc.scenario().is_none() {
            self.properties.open = !self.properties.open;
        }
        if pressed(ui, Key::M) {
            self.show_minimap = !self.show_minimap;
        }
        if self.doc.scenario().is_some() {
            if pressed(ui, Key::Escape) {
                self.scenario.picker.cancel();
                self.scenario.placement.chosen = None;
            }
            return;
        }
        for t in ToolKind::ALL {
            if pressed(ui, t.key()) {
                self.select_tool(t);
            }
        }
        let mut fb = Feedback::default();
        let (tool, doc) = self.tool_and_doc();
        tool.keys(ui, doc, &mut fb);
        self.feedback(fb);
    }

    fn feedback(&mut self, fb: Feedback) {
        if let Some(t) = fb.switch_to {
            self.select_tool(t);
        }
        if let Some(s) = fb.status {
            self.status = s;
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.button(help::with_keys("New map")).clicked() {
                    self.request(Action::New);
                }
                if ui.button("New scenario on this map").clicked() {
                    self.request(Action::NewScenario);
                }
                if ui
                    .button(help::with_keys("Open a map or scenario"))
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
                ui.separator();
                if ui.button(help::with_keys("Save")).clicked() {
                    self.save();
                }
                if ui.button(help::with_keys("Save as")).clicked() {
                    self.save_as();
                }
                ui.separator();
                let scenario = self.doc.scenario().is_some();
                ui.menu_button("Export", |ui| {
                    if ui
                        .add_enabled(scenario, egui::Button::new("For a game engine (JSON)…"))
                        .on_disabled_hover_text("Open or build a scenario first")
                        .clicked()
                    {
                        self.export_engine();
                    }
                    if ui
                        .add_enabled(scenario, egui::Button::new("Scenario card (PNG or SVG)…"))
                        .on_disabled_hover_text("Open or build a scenario first")
                        .clicked()
                    {
                        self.export_card();
                    }
                    if ui
                        .button("Tiled map (.tmj)…")
                        .on_hover_text("The scenario, or the map alone, as a Tiled map")
                        .clicked()
                    {
                        self.export_tiled();
                    }
                });
                ui.separator();
                if ui.button("Quit").clicked() {
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("Edit", |ui| {
                let undo = self.doc.history().done().last().map(|s| s.label.clone());
                let redo = self.doc.history().undone().next().map(|s| s.label.clone());
                let u = ui.add_enabled(
                    undo.is_some(),
                    egui::Button::new(format!("Undo {}", undo.unwrap_or_default())),
                );
                if u.on_hover_text(help::with_keys("Undo")).clicked() {
                    self.undo();
                }
                let r = ui.add_enabled(
                    redo.is_some(),
                    egui::Button::new(format!("Redo {}", redo.unwrap_or_default())),
                );
                if r.on_hover_text(help::with_keys("Redo")).clicked() {
                    self.redo();
                }
            });
            ui.menu_button("View", |ui| {
                if ui
                    .button(help::with_keys("Fit the map to the window"))
                    .clicked()
                {
                    self.fit_pending = true;
                }
                if ui.button(help::with_keys("Zoom to 100 %")).clicked() {
                    self.view.zoom = ZOOM_100;
                }
                ui.checkbox(&mut self.show_minimap, "Minimap (M)");
            });
            ui.menu_button("Map", |ui| {
                if ui
                    .add_enabled(
                        self.doc.scenario().is_none(),
                        egui::Button::new("Properties… (P)"),
                    )
                    .on_disabled_hover_text(
                        "A scenario's map is edited on its own: open the map file",
                    )
                    .clicked()
                {
                    self.properties.open = true;
                }
            });
            ui.menu_button("Scenario", |ui| {
                if ui.button("New scenario on this map").clicked() {
                    self.request(Action::NewScenario);
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

    fn historical_menu(&mut self, ui: &mut Ui) {
        ui.menu_button("Open a historical scenario", |ui| {
            for (i, h) in HISTORICAL.iter().enumerate() {
                if ui.button(h.title()).clicked() {
                    self.request(Action::Historical(i));
                }
            }
        });
    }

    /// The compiled scenario, if it has no errors (exports need a clean scenario).
    fn compiled(&mut self) -> Option<saber_schema::pipeline::Compiled> {
        let s = self.doc.scenario()?.clone();
        let map = self.doc.map().clone();
        // The live check's result, when it is for this very revision (it always is unless a
        // worker-thread check is still running); otherwise check now.
        let checker = &self.scenario.checker;
        let check = if checker.revision == Some(self.doc.revision()) {
            saber_schema::pipeline::ScenarioCheck {
                resolved: checker.resolved.clone(),
                diagnostics: checker.items.clone(),
            }
        } else {
            saber_schema::pipeline::check_scenario_model(&s, &map)
        };
        match check.into_compiled(s, map) {
            Ok(c) => Some(c),
            Err(errors) => {
                self.error = Some(format!(
                    "The scenario has {} errors (see Diagnostics): fix them before exporting.",
                    errors.len()
                ));
                None
            }
        }
    }

    /// Export the engine JSON (the same document as `saberc export`).
    pub fn export_engine(&mut self) {
        let Some(c) = self.compiled() else {
            return;
        };
        let Some(path) = rfd::FileDialog::new()
            .set_title("Export for a game engine")
            .add_filter("Engine JSON", &["json"])
            .set_file_name(format!("{}.json", c.scenario.id))
            .save_file()
        else {
            return;
        };
        match crate::export::engine_json(&c) {
            Ok(text) => match files::write_atomic(&path, &text) {
                Ok(()) => self.status = format!("Exported {}", path.display()),
                Err(e) => self.error = Some(format!("Could not write {}: {e}", path.display())),
            },
            Err(e) => self.error = Some(e),
        }
    }

    /// Export the scenario (or, without one, the map) as a Tiled map, as `saberc export
    /// --format tiled` does, into a folder the user picks.
    pub fn export_tiled(&mut self) {
        let compiled = if self.doc.scenario().is_some() {
            match self.compiled() {
                Some(c) => Some(c),
                None => return,
            }
        } else {
            None
        };
        let Some(dir) = rfd::FileDialog::new()
            .set_title("Export Tiled map into folder")
            .pick_folder()
        else {
            return;
        };
        match crate::export::tiled(self.doc.map(), compiled.as_ref(), &dir) {
            Ok(path) => self.status = format!("Exported {}", path.display()),
            Err(e) => self.error = Some(e),
        }
    }

    /// Export the printable scenario card.
    pub fn export_card(&mut self) {
        let Some(c) = self.compiled() else {
            return;
        };
        let Some(path) = rfd::FileDialog::new()
            .set_title("Export scenario card")
            .add_filter("PNG image", &["png"])
            .add_filter("SVG drawing", &["svg"])
            .set_file_name(format!("{}-card.png", c.scenario.id))
            .save_file()
        else {
            return;
        };
        match crate::export::card(&c, &path) {
            Ok(()) => self.status = format!("Exported {}", path.display()),
            Err(e) => self.error = Some(e),
        }
    }

    fn status_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.label(self.hover_text());
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(format!("{:.0} %", self.view.percent()));
                ui.separator();
                ui.label(&self.status);
            });
        });
    }

    /// What is under the pointer: `CCRR`, terrain, hexsides and features.
    pub fn hover_text(&self) -> String {
        let Some(c) = self.hover else {
            return String::new();
        };
        let map = self.doc.map();
        let Some(cell) = map.cell(c) else {
            return String::new();
        };
        let mut parts = vec![map.grid.label(c), describe(cell)];
        let mut ridges = Vec::new();
        let mut roads = Vec::new();
        for side in map.grid.side_names() {
            if let Some(n) = map.grid.across(c, side) {
                if map.is_ridge(c, n) {
                    ridges.push(format!("{side:?}"));
                }
                if map.is_road_side(c, n) {
                    roads.push(format!("{side:?}"));
                }
            }
        }
        if !ridges.is_empty() {
            parts.push(format!("ridge {}", ridges.join(" ")));
        }
        if !roads.is_empty() {
            parts.push(format!("road {}", roads.join(" ")));
        }
        for f in map.features.iter().filter(|f| f.hexes.contains(&c)) {
            parts.push(match &f.name {
                Some(n) => format!("{} {n}", f.code),
                None => f.code.clone(),
            });
        }
        if let Some(t) = self.scenario.hover_text(&self.doc, c) {
            parts.push(t);
        }
        parts.join(" · ")
    }

    fn tools_panel(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            for t in ToolKind::ALL {
                let r = ui.selectable_label(self.tool == t, t.name());
                if r.on_hover_text(format!("{} ({:?})", t.name(), t.key()))
                    .clicked()
                {
                    self.select_tool(t);
                }
            }
        });
        ui.separator();
        let mut fb = Feedback::default();
        egui::ScrollArea::vertical().show(ui, |ui| {
            let (tool, doc) = self.tool_and_doc();
            tool.options_ui(ui, doc, &mut fb);
        });
        self.feedback(fb);
    }

    fn side_panel(&mut self, ui: &mut Ui) {
        let n = if self.doc.scenario().is_some() {
            self.scenario.checker.items.len()
        } else {
            self.diagnostics.items.len()
        };
        egui::CollapsingHeader::new(format!("Diagnostics ({n})"))
            .id_salt("diagnostics")
            .default_open(true)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("diag-scroll")
                    .max_height(300.0)
                    .show(ui, |ui| {
                        let goto = if self.doc.scenario().is_some() {
                            self.scenario.diagnostics_ui(ui, &self.doc)
                        } else {
                            self.diagnostics.ui(ui, self.doc.map())
                        };
                        if let Some(c) = goto {
                            self.centre_on(c);
                        }
                    });
            });
        egui::CollapsingHeader::new("History")
            .id_salt("history")
            .default_open(true)
            .show(ui, |ui| self.history_ui(ui));
    }

    /// Centre the view on a hex.
    pub fn centre_on(&mut self, c: Coord) {
        let layout = Layout::new(self.doc.map().grid);
        self.view.center = layout.center(c);
        self.view.zoom = self.view.zoom.max(ZOOM_100 * 0.5);
        self.hover = Some(c);
        self.status = format!("Centred on {}", self.doc.map().grid.label(c));
    }

    fn history_ui(&mut self, ui: &mut Ui) {
        let mut undo_to = None;
        let mut redo_n = 0;
        egui::ScrollArea::vertical()
            .id_salt("history-scroll")
            .stick_to_bottom(true)
            .show(ui, |ui| {
                let done = self.doc.history().done();
                if ui.selectable_label(done.is_empty(), "Opened").clicked() {
                    undo_to = Some(0);
                }
                for (i, s) in done.iter().enumerate() {
                    if ui.selectable_label(i + 1 == done.len(), &s.label).clicked() {
                        undo_to = Some(i + 1);
                    }
                }
                for (i, s) in self.doc.history().undone().enumerate() {
                    if ui
                        .selectable_label(false, RichText::new(&s.label).weak())
                        .clicked()
                    {
                        redo_n = i + 1;
                    }
                }
            });
        if let Some(k) = undo_to {
            while self.doc.history().done().len() > k {
                self.undo();
            }
        }
        for _ in 0..redo_n {
            self.redo();
        }
    }

    fn canvas(&mut self, ui: &mut Ui) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        let rect = response.rect;
        self.canvas_rect = rect;
        let layout = Layout::new(self.doc.map().grid);
        if self.fit_pending && rect.width() > 1.0 {
            self.view.fit(rect, layout.bounds);
            self.fit_pending = false;
        }
        // The minimap helps only when part of the map is out of view.
        let whole_map_shown = self.view.world_rect(rect).contains_rect(layout.bounds);
        let mini =
            (self.show_minimap && !whole_map_shown).then(|| canvas::minimap_rect(rect, &layout));
        let (pos, space) = ui.input(|i| (i.pointer.latest_pos(), i.key_down(Key::Space)));
        let over_canvas = response.contains_pointer();
        let over_mini = over_canvas && mini.zip(pos).is_some_and(|(m, p)| m.contains(p));

        // Navigation.
        if over_canvas {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta().y, i.zoom_delta()));
            let factor = zoom * (scroll / 400.0).exp();
            if (factor - 1.0).abs() > 1e-4
                && let Some(p) = pos
            {
                self.view.zoom_at(rect, p, factor);
            }
        }
        if response.dragged_by(PointerButton::Middle)
            || (space && response.dragged_by(PointerButton::Primary))
        {
            self.view.center -= response.drag_delta() / self.view.zoom;
        }
        if let (Some(m), Some(p), true) = (
            mini,
            pos,
            over_mini && ui.input(|i| i.pointer.primary_down()),
        ) {
            self.view.center = canvas::minimap_to_world(m, &layout, p);
        }
        if !ui.ctx().egui_wants_keyboard_input() {
            let step = 80.0 / self.view.zoom;
            for (k, d) in [
                (Key::ArrowLeft, egui::vec2(-step, 0.0)),
                (Key::ArrowRight, egui::vec2(step, 0.0)),
                (Key::ArrowUp, egui::vec2(0.0, -step)),
                (Key::ArrowDown, egui::vec2(0.0, step)),
            ] {
                if ui.input(|i| i.key_pressed(k)) {
                    self.view.center += d;
                }
            }
            let centre = rect.center();
            if ui.input_mut(|i| {
                i.consume_key(Modifiers::NONE, Key::Plus)
                    || i.consume_key(Modifiers::NONE, Key::Equals)
            }) {
                self.view.zoom_at(rect, centre, 1.25);
            }
            if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Minus)) {
                self.view.zoom_at(rect, centre, 0.8);
            }
            if pressed(ui, Key::Home) {
                self.view.fit(rect, layout.bounds);
            }
        }

        // Tool strokes.
        if let Some(p) = pos.filter(|_| over_canvas) {
            self.last_pointer = Some(p);
        }
        let world = self.last_pointer.map(|p| self.view.to_world(rect, p));
        self.hover = world
            .filter(|_| over_canvas && !over_mini)
            .map(|w| layout.hex_at(w))
            .filter(|c| layout.grid.contains(*c));
        let (press, modifiers) = ui.input(|i| {
            let b = |b| {
                (
                    i.pointer.button_pressed(b),
                    i.pointer.button_down(b),
                    i.pointer.button_released(b),
                )
            };
            (
                [b(PointerButton::Primary), b(PointerButton::Secondary)],
                i.modifiers,
            )
        });
        let mut phases: Vec<(Button, Phase)> = Vec::new();
        if self.stroke.is_none() && over_canvas && !over_mini && !space {
            if press[0].0 {
                self.stroke = Some(Button::Primary);
            } else if press[1].0 {
                self.stroke = Some(Button::Secondary);
            }
            if let Some(b) = self.stroke {
                phases.push((b, Phase::Press));
            }
        }
        if let Some(b) = self.stroke {
            let k = usize::from(b == Button::Secondary);
            let (pressed_now, held, released) = press[k];
            if held && !pressed_now {
                phases.push((b, Phase::Drag));
            }
            if released || !held && !pressed_now {
                phases.push((b, Phase::Release));
                self.stroke = None;
            }
        }
        if let Some(w) = world {
            let mut fb = Feedback::default();
            for (button, phase) in phases {
                let p = Pointer {
                    world: w,
                    hex: layout.hex_at(w),
                    phase,
                    button,
                    modifiers,
                };
                if self.doc.scenario().is_some() {
                    fb.status = self.scenario.pointer(&p, &mut self.doc).or(fb.status);
                } else {
                    let (tool, doc) = self.tool_and_doc();
                    tool.pointer(&p, doc, &layout, &mut fb);
                }
            }
            self.feedback(fb);
        }

        // Painting.
        let overlay = if self.doc.scenario().is_some() {
            self.scenario.overlay(&self.doc, self.hover)
        } else {
            self.tool_ref().overlay(
                world.filter(|_| over_canvas && !over_mini),
                &self.doc,
                &layout,
            )
        };
        let texture = self
            .overview
            .texture(
                ui.ctx(),
                self.doc.map(),
                self.doc.revision(),
                self.doc.is_editing() && self.view.zoom >= canvas::TEXTURE_BELOW,
            )
            .clone();
        let scene = Scene {
            map: self.doc.map(),
            layout: &layout,
            view: &self.view,
            rect,
            hover: self.hover,
            overlay: &overlay,
        };
        canvas::paint(&painter, &scene, &texture);
        if let Some(m) = mini {
            canvas::paint_minimap(&painter, m, rect, &layout, &self.view, &texture);
        }
    }

    fn dialogs(&mut self, ctx: &egui::Context) {
        if let Some(action) = self.confirm.clone() {
            let what = match &action {
                Action::New => "starting a new map",
                Action::NewScenario | Action::Historical(_) | Action::Factored(_) => {
                    "opening another scenario"
                }
                Action::Open(_) | Action::OpenText { .. } => "opening another map",
                Action::Close => "quitting",
            };
            let mut choice = None;
            egui::Modal::new(egui::Id::unique("unsaved-guard")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "Save the changes to “{}” before {what}?",
                    self.doc.title()
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
                    if self.save() {
                        self.finish(ctx, action);
                    }
                }
                Some(1) => {
                    self.confirm = None;
                    self.finish(ctx, action);
                }
                Some(_) => self.confirm = None,
                None => {}
            }
        }
        if let Some(offer) = &self.offer {
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
                    "The editor did not close normally. Unsaved changes to “{from}” were kept in the recovery file."
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
                    let offer = self.offer.take().expect("offer shown");
                    let mut doc = document_of(offer.doc, offer.source);
                    doc.mark_unsaved();
                    self.set_document(doc);
                    self.status = "Restored recovered work: save it to keep it".into();
                }
                Some(false) => {
                    self.offer = None;
                    if let Some(r) = &self.recovery {
                        r.clear();
                    }
                }
                None => {}
            }
        }
        if let Some(e) = self.error.clone() {
            egui::Modal::new(egui::Id::unique("error")).show(ctx, |ui| {
                ui.heading("Problem");
                ui.label(RichText::new(e).monospace());
                ui.label("What you were editing is unchanged.");
                if ui.button("OK").clicked() {
                    self.error = None;
                }
            });
        }
    }

    fn finish(&mut self, ctx: &egui::Context, action: Action) {
        let close = action == Action::Close;
        self.perform(action);
        if close {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

/// The document for a file just read.
fn document_of(loaded: LoadedFile, path: Option<PathBuf>) -> Document {
    match loaded {
        LoadedFile::Map(l) => Document::new(l.map, path),
        LoadedFile::Scenario(l) => Document::for_scenario(l.scenario, l.map, path),
    }
}

/// How many problems were found while reading a file.
fn problems_of(loaded: &LoadedFile) -> usize {
    match loaded {
        LoadedFile::Map(l) => l.problems.len(),
        LoadedFile::Scenario(l) => l.problems.len(),
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if ctx.input(|i| i.viewport().close_requested()) && !self.close_allowed {
            if self.doc.is_dirty() {
                ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
                self.request(Action::Close);
            } else {
                self.perform(Action::Close);
            }
        }
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.persisted());
    }
}
