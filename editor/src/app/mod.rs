//! The application, split the way egui's demo app splits its windows: each panel is a module
//! behind the small [`Panel`] trait and shares one [`Workspace`] (the document, the camera,
//! the status line, and the [`Command`]s panels leave for the app). The map tools and the
//! scenario builder are the two [`Mode`]s the canvas hands the pointer to.
//!
//! - [`map_tools`]: the map-editing mode (tool bar, tool options, map diagnostics);
//! - [`builder`]: the scenario-building mode (the builder's tabs, its live check);
//! - [`canvas_panel`]: the map canvas (navigation, strokes, painting);
//! - [`side`]: the history and the status bar;
//! - [`menu`]: menus and shortcuts; [`dialogs`]: the modal dialogs;
//! - [`open_save`]: actions that replace the document, saving, autosave, exports;
//! - [`file_dialog`]: the desktop's file dialog, or the editor's own.

pub mod action;
pub mod builder;
pub mod canvas_panel;
pub mod dialogs;
pub mod file_dialog;
pub mod map_tools;
pub mod menu;
mod naming;
pub mod open_save;
mod recovered;
pub mod side;
pub mod workspace;

use std::path::PathBuf;
use std::time::Duration;

use egui::{Pos2, Ui};
use saber_schema::model::map::Map;

use crate::autosave::Autosaver;
use crate::content::Content;
use crate::document::Document;
use crate::files;
use crate::help;
use crate::recovery::{Recovered, Recovery, RecoveryDir};
use crate::scenario::panel::{ScenarioUi, Tab};
use crate::scenario::wizard::{MapOffer, Wizard};
use crate::tools::ToolKind;
use crate::tools::hexside::HexsideTool;
use crate::tools::properties::Properties;
use crate::tools::terrain::TerrainTool;

use canvas_panel::CanvasPanel;
use dialogs::MapIdentity;
use file_dialog::FileDialogs;
use map_tools::MapTools;
use side::{HistoryPanel, StatusBar};

pub use action::Action;
pub use workspace::{Command, Mode, Panel, Workspace};

/// Width of the Diagnostics panel at first start: a finding fits on one or two lines.
pub const SIDE_PANEL_WIDTH: f32 = 380.0;

/// The most of the window's width a side panel takes: with both shown, the map canvas keeps
/// the other 40 % or so (less the panels' edges) and stays the largest part of the window at any size (issue 37
/// §5); a panel narrower than its content scrolls.
pub const PANEL_SHARE: f32 = 0.3;

/// The narrowest a side panel is made (less only in a window too narrow for it).
const PANEL_MIN_WIDTH: f32 = 160.0;

/// A side panel that a narrower window held at its room (`was`) gets its own width back when
/// the room grows: egui keeps a panel's last width, so after the window was narrowed and widened
/// again the panel stayed narrow (issue 37 §5). A width the user dragged smaller is kept.
fn grow_back(ui: &Ui, panel: &'static str, was: f32, room: f32) {
    let id = ui.scope_id().with_salt(egui::IdSalt::new(panel));
    let held = egui::containers::panel::PanelState::load(ui.ctx(), id)
        .is_some_and(|s| s.size().x >= was - 1.0);
    if room > was + 0.5 && held {
        ui.ctx()
            .data_mut(|d| d.remove::<egui::containers::panel::PanelState>(id));
    }
}

/// What the app remembers between sessions (eframe persistence; the panels' widths are kept
/// by egui's own memory).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct Persisted {
    recent: Vec<PathBuf>,
    last_file: Option<PathBuf>,
    tool: ToolKind,
    terrain: TerrainTool,
    hexside: HexsideTool,
    hide_minimap: bool,
    hide_left: bool,
    hide_right: bool,
    card_width: u32,
    /// The side panels' room when the session ended: a width egui kept that was held by it
    /// grows back in a wider window (see [`grow_back`]).
    panel_room: Option<f32>,
}

impl Default for Persisted {
    fn default() -> Self {
        Persisted {
            recent: Vec::new(),
            last_file: None,
            tool: ToolKind::default(),
            terrain: TerrainTool::default(),
            hexside: HexsideTool::default(),
            hide_minimap: false,
            hide_left: false,
            hide_right: false,
            card_width: crate::export::CARD_WIDTH,
            panel_room: None,
        }
    }
}

/// The editor.
pub struct App {
    ws: Workspace,
    modes: Modes,
    history: HistoryPanel,
    /// The text check's findings that carry a proven edit, offered to apply.
    fixes: crate::apply::Fixes,
    status_bar: StatusBar,
    canvas: CanvasPanel,
    properties: Properties,
    wizard: Wizard,
    dialogs: FileDialogs,
    recent: Vec<PathBuf>,
    error: Option<String>,
    /// An action waiting for the user to save or discard changes.
    confirm: Option<Action>,
    /// An action that builds a scenario on the map, waiting for the map to be saved.
    save_map_first: Option<Action>,
    /// A save whose file's text could not be edited (where, and why): asked before the whole
    /// file is written again without its comments and layout.
    confirm_rewrite: Option<(PathBuf, String)>,
    /// The name and size of a new map, being asked.
    new_map: Option<action::NewMap>,
    /// A new id for a changed built-in map, being asked before saving it.
    new_map_id: Option<MapIdentity>,
    /// Why the open scenario's map was not found, while the user is asked for its file.
    missing_map: Option<String>,
    /// Recovered work of windows that are gone, all listed until each is restored, saved or
    /// discarded.
    offers: Vec<(Recovered, Recovery)>,
    /// Whether the list of recovered work is shown ("Later" hides it; File shows it again).
    show_offers: bool,
    /// A chosen file that would replace existing files, waiting for the user to agree.
    replace: Option<dialogs::Replace>,
    /// Writes this document's recovery file (none without a recovery folder).
    autosaver: Option<Autosaver>,
    /// The revision last handed to the autosave (`None`: nothing unsaved written).
    autosaved: Option<u64>,
    close_allowed: bool,
    quit: bool,
    show_help: bool,
    show_left: bool,
    show_right: bool,
    /// Width of exported card PNGs.
    card_width: u32,
    title: String,
    /// Whether the editor's fonts are set in the context it is shown in.
    fonts_set: bool,
    /// The side panels' room in the last frame (see [`grow_back`]).
    panel_room: f32,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("doc", &self.ws.doc)
            .field("tool", &self.modes.map_tools.tool)
            .finish_non_exhaustive()
    }
}

impl App {
    /// An editor on a map, with no recovery files and the editor's own file dialog (tests,
    /// benchmarks).
    pub fn new(map: Map, path: Option<PathBuf>) -> App {
        App::for_document(Document::new(map, path))
    }

    /// An editor on a document (tests, benchmarks).
    pub fn for_document(doc: Document) -> App {
        let mut app = App {
            ws: Workspace::new(doc),
            modes: Modes {
                map_tools: MapTools::default(),
                builder: ScenarioUi::default(),
                own: crate::games::modes(),
            },
            history: HistoryPanel,
            fixes: Default::default(),
            status_bar: StatusBar::default(),
            canvas: CanvasPanel::default(),
            properties: Properties::default(),
            wizard: Wizard::default(),
            dialogs: FileDialogs::new(false),
            recent: Vec::new(),
            error: None,
            confirm: None,
            save_map_first: None,
            confirm_rewrite: None,
            new_map: None,
            new_map_id: None,
            missing_map: None,
            offers: Vec::new(),
            show_offers: true,
            replace: None,
            autosaver: None,
            autosaved: None,
            close_allowed: false,
            quit: false,
            show_help: false,
            show_left: true,
            show_right: true,
            card_width: crate::export::CARD_WIDTH,
            title: String::new(),
            fonts_set: false,
            // None held yet ([`App::start`] gives the last run's).
            panel_room: f32::INFINITY,
        };
        app.modes.reset(&app.ws.doc);
        app
    }

    /// Start the editor: restore the last session, and offer back the work of windows that
    /// closed without saving (and whose owner is gone).
    pub fn start(storage: Option<&dyn eframe::Storage>, recovery: Option<RecoveryDir>) -> App {
        let persisted: Persisted = storage
            .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
            .unwrap_or_default();
        let mut app = App::new(files::default_map(), None);
        app.dialogs
            .set_native(storage.is_some() && file_dialog::native_available());
        app.recent = persisted.recent;
        app.modes.map_tools.terrain = persisted.terrain;
        app.modes.map_tools.hexside = persisted.hexside;
        app.modes.map_tools.select(persisted.tool);
        app.canvas.show_minimap = !persisted.hide_minimap;
        app.show_left = !persisted.hide_left;
        app.show_right = !persisted.hide_right;
        app.card_width = persisted.card_width;
        app.panel_room = persisted.panel_room.unwrap_or(f32::INFINITY);
        if let Some(path) = persisted.last_file {
            match crate::games::read_with_state(&path) {
                Ok((loaded, state)) => {
                    app.set_loaded(open_save::document_of(loaded, Some(path)));
                    app.ws.doc.on_disk = state;
                }
                Err(e) => app
                    .ws
                    .status
                    .set(format!("Could not reopen the last file: {e}")),
            }
        }
        app.offers = recovery
            .as_ref()
            .map(RecoveryDir::orphans)
            .unwrap_or_default();
        app.autosaver = recovery.map(Autosaver::new);
        app
    }

    fn persisted(&self) -> Persisted {
        Persisted {
            recent: self.recent.clone(),
            last_file: self.ws.doc.path.clone(),
            tool: self.modes.map_tools.tool,
            terrain: self.modes.map_tools.terrain.clone(),
            hexside: self.modes.map_tools.hexside.clone(),
            hide_minimap: !self.canvas.show_minimap,
            hide_left: !self.show_left,
            hide_right: !self.show_right,
            card_width: self.card_width,
            panel_room: Some(self.panel_room).filter(|r| r.is_finite()),
        }
    }

    // ---- Narrow accessors (the window's state is its own; other crates' tests and the
    // benchmarks read it through these, the editor's own tests through `access_tests`) ----

    /// The open document.
    pub fn doc(&self) -> &Document {
        &self.ws.doc
    }

    /// The status bar's message.
    pub fn status(&self) -> &str {
        self.ws.status.text()
    }

    /// The problem shown in a dialog, if any.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The analysis overlays (read only).
    pub fn overlays(&self) -> &crate::overlays::Overlays {
        &self.canvas.overlays
    }

    /// Show `center` (world units) at `zoom` pixels per hex.
    pub fn look_at(&mut self, center: Pos2, zoom: f32) {
        self.ws.view.center = center;
        self.ws.view.zoom = zoom;
        self.canvas.fit_pending = false;
    }

    /// Run scenario checks inline (each frame sees the newest result; tests, benchmarks).
    pub fn check_inline(&mut self) {
        self.modes.builder.checker.synchronous = true;
    }

    /// What the Diagnostics panel lists for the open scenario: the builder's check, run inline
    /// as a frame runs it (tests compare it with `saberc check`). Empty for a map.
    pub fn scenario_findings(&mut self) -> &[saber_schema::diagnostic::Diagnostic] {
        self.modes.builder.checker.synchronous = true;
        self.modes.builder.update(&self.ws.doc);
        &self.modes.builder.checker.items
    }

    /// Open a tab of the scenario builder.
    pub fn open_tab(&mut self, tab: Tab) {
        self.modes.builder.tab = tab;
    }

    /// Undo the last edit.
    pub fn undo(&mut self) {
        self.canvas.cancel_stroke();
        let done = self.ws.doc.undo();
        self.ws
            .status
            .set(done.map_or("Nothing to undo".into(), |l| format!("Undid {l}")));
    }

    /// Redo the last undone edit.
    pub fn redo(&mut self) {
        self.canvas.cancel_stroke();
        let done = self.ws.doc.redo();
        self.ws
            .status
            .set(done.map_or("Nothing to redo".into(), |l| format!("Redid {l}")));
    }

    // ---- The frame ----

    /// Show the whole editor for one frame.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if !self.fonts_set {
            ctx.set_fonts(fonts());
            self.fonts_set = true;
        }
        let status_before = self.ws.status.count();
        self.dropped_files(&ctx);
        // Whether the keyboard is the map's this frame: decided before any panel runs, so
        // that keys typed into a text field never reach the map.
        // A modal dialog (the editor's file dialog too) keeps the map and the shortcuts waiting.
        let modal = self.modal_open();
        let keys_free = !ctx.egui_wants_keyboard_input() && !modal;
        if modal {
            // Nothing under a modal dialog takes input: not the panels (disabled), not the
            // canvas (told so), not the shortcuts.
            ui.disable();
        } else {
            self.shortcuts(ui);
        }
        let mode = self.modes.of(self.ws.doc.content());
        if mode.update(&self.ws.doc) {
            ctx.request_repaint_after(Duration::from_millis(30));
        }
        self.ws.pointer_info = match self.ws.hover {
            Some(c) => {
                // The hex as drawn: as played when the Analysis menu shows the map so.
                let shown = self.canvas.overlays.shown_map(&self.ws.doc);
                let mut parts: Vec<String> = side::describe_hex(shown, c).into_iter().collect();
                parts.extend(mode.hover_text(&self.ws.doc, c));
                parts.join(" · ")
            }
            None => String::new(),
        };

        let checked = self.modes.builder.checker.revision;
        let resolved = &self.modes.builder.checker.resolved;
        self.canvas
            .overlays
            .sync(&self.ws.doc, checked.map(|rev| (rev, resolved)));
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar.ui(ui, &mut self.ws));
        let mode = self.modes.of(self.ws.doc.content());
        let (id, width) = mode.left_panel();
        // Only F3/F4 and the View menu hide or show a panel: a drag of its edge past the
        // minimum stops there (egui would hide it, and the tools with it).
        // Each panel's room: a share of the window, so the map keeps the most of it.
        let room = (ui.available_width() * PANEL_SHARE).max(1.0);
        for panel in [id, "side"] {
            grow_back(ui, panel, self.panel_room, room);
        }
        self.panel_room = room;
        let mut show_left = self.show_left;
        egui::Panel::left(id)
            .default_size(width)
            .max_size(room)
            .min_size(PANEL_MIN_WIDTH.min(room))
            .drag_to_open(false)
            .show_collapsible(ui, &mut show_left, |ui| {
                // The panel is as wide as it was made, not as its content: egui stores a
                // panel's width from what it holds, so a narrower document would shrink it.
                ui.set_min_width(ui.available_width());
                mode.ui(ui, &mut self.ws)
            });
        let mut show_right = self.show_right;
        egui::Panel::right("side")
            .default_size(SIDE_PANEL_WIDTH)
            .max_size(room)
            .min_size(PANEL_MIN_WIDTH.min(room))
            .drag_to_open(false)
            .show_collapsible(ui, &mut show_right, |ui| {
                ui.set_min_width(ui.available_width());
                self.canvas.overlays.panel(&ctx, &self.ws.doc, Some(ui));
                side_panel(ui, &mut self.ws, mode, &mut self.history, &mut self.fixes);
            });
        egui::CentralPanel::no_frame().show(ui, |ui| {
            self.canvas.ui(ui, &mut self.ws, mode, keys_free, !modal);
        });

        if !show_right {
            self.canvas.overlays.panel(&ctx, &self.ws.doc, None);
        }
        if self.ws.doc.content().holds_map()
            && let Some(s) = self.properties.show(&ctx, &mut self.ws.doc)
        {
            self.ws.status.set(s);
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
            let maps = self.wizard_maps();
            if let Some(s) = self.wizard.show(&ctx, &maps) {
                self.request(Action::Factored(Box::new(s)));
            }
        }
        self.run_commands();
        self.modals(&ctx);
        // Written now, on the autosave's own thread: a hidden window gets no later frame.
        self.autosave();
        if self.quit {
            self.quit = false;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        self.update_title(&ctx);
        if self.ws.status.count() != status_before {
            // Said after the status bar was drawn (a save, an export): shown now, not at the
            // next input, which may be long in coming. Its time on screen counts from the
            // next frame: this one's clock stopped when it began, and a desktop file dialog
            // may have kept it going longer than a message stays.
            self.ws.status.restart();
            ctx.request_repaint();
        }
    }

    /// The maps the 11.18 wizard offers: the open custom map first (the wizard's default is
    /// the map being edited), then the built-in map.
    pub fn wizard_maps(&self) -> Vec<MapOffer> {
        let mut maps = Vec::new();
        let doc = &self.ws.doc;
        if doc.content().holds_map()
            && doc.map().id != "rifle-and-saber"
            && saber_schema::builtin::map(&doc.map().id).is_none()
        {
            maps.push(MapOffer::of(doc.map()));
        }
        maps.push(MapOffer::of(&files::default_map()));
        maps
    }

    fn run_commands(&mut self) {
        for c in self.ws.take_commands() {
            match c {
                Command::Request(a) => self.request(a),
                Command::Save => {
                    self.save();
                }
                Command::SaveAs => {
                    self.save_as();
                }
                Command::ExportEngine => self.export_engine(),
                Command::ExportCard => self.export_card(),
                Command::ExportTiled => self.export_tiled(),
                Command::UndoTo(k) => {
                    while self.ws.doc.history().done().len() > k {
                        self.undo();
                    }
                }
                Command::Redo(n) => {
                    for _ in 0..n {
                        self.redo();
                    }
                }
                Command::SelectTool(t) => self.modes.map_tools.select(t),
                Command::ApplyFix(d) => {
                    self.canvas.cancel_stroke();
                    match crate::apply::apply(&mut self.ws.doc, &d) {
                        Ok(title) => self
                            .ws
                            .status
                            .set(format!("Applied: {title} (not saved yet)")),
                        Err(e) => self.error = Some(e),
                    }
                }
            }
        }
    }

    /// The window title: the document, whether it is saved, and which map it uses.
    fn update_title(&mut self, ctx: &egui::Context) {
        let title = format!(
            "{}{} ({}) — Rifle & Saber Scenario Studio",
            if self.ws.doc.is_dirty() { "● " } else { "" },
            self.ws.doc.title(),
            side::map_source(&self.ws),
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
}

/// egui's fonts, with Hack (egui's monospace font) as a fallback of the proportional family:
/// Ubuntu-Light has no arrows, and history steps and messages read "MZ 30 → 31".
pub fn fonts() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    if let Some(family) = fonts.families.get_mut(&egui::FontFamily::Proportional)
        && !family.iter().any(|f| f == "Hack")
    {
        let at = family
            .iter()
            .position(|f| f == "Ubuntu-Light")
            .map_or(0, |i| i + 1);
        family.insert(at, "Hack".into());
    }
    fonts
}

/// The right-hand panel: the mode's findings, then the history.
fn side_panel(
    ui: &mut Ui,
    ws: &mut Workspace,
    mode: &mut dyn Mode,
    history: &mut HistoryPanel,
    fixes: &mut crate::apply::Fixes,
) {
    egui::CollapsingHeader::new(format!("Diagnostics ({})", mode.findings()))
        .id_salt("diagnostics")
        .default_open(true)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("diag-scroll")
                .max_height(300.0)
                .show(ui, |ui| {
                    if let Some(c) = mode.findings_ui(ui, &ws.doc) {
                        ws.centre_on(c);
                    }
                    fixes.update(&ws.doc);
                    if let Some(d) = fixes.ui(ui) {
                        ws.ask(Command::ApplyFix(Box::new(d)));
                    }
                });
        });
    egui::CollapsingHeader::new("History")
        .id_salt("history")
        .default_open(true)
        .show(ui, |ui| history.ui(ui, ws));
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if ctx.input(|i| i.viewport().close_requested()) && !self.close_allowed {
            if self.ws.doc.is_dirty() {
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

/// The editing modes: each game's own (`games::modes`), and for a game without one the
/// engine's, the map tools for a map and the scenario builder for a scenario.
struct Modes {
    map_tools: MapTools,
    builder: ScenarioUi,
    own: crate::games::OwnModes,
}

impl Modes {
    /// The mode whose forms and tools edit `content`: it follows the game and the file kind.
    fn of(&mut self, content: &Content) -> &mut dyn Mode {
        match self.own.iter_mut().find(|(g, _)| *g == content.game()) {
            Some((_, mode)) => &mut **mode,
            None if content.is_scenario() => &mut self.builder,
            None => &mut self.map_tools,
        }
    }

    /// Start every mode on a new document: its first tab, nothing chosen.
    fn reset(&mut self, doc: &Document) {
        self.map_tools.reset(doc.map());
        self.builder.reset(doc.map());
        for (_, mode) in &mut self.own {
            mode.reset(doc);
        }
    }
}

#[cfg(test)]
mod access_tests;
