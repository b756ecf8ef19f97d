//! What the editor's tests read of the window's state, and how they drive it, beyond the
//! accessors the other crates' tests and benchmarks use (`App::doc`, `App::status`, …).

use std::path::PathBuf;

use egui::Pos2;

use crate::app::{App, Command, MapTools};
use crate::document::Document;
use crate::scenario::panel::ScenarioUi;
use crate::tools::ToolKind;

impl App {
    /// Is the unsaved-changes question up?
    pub(crate) fn is_asking_to_save(&self) -> bool {
        self.confirm.is_some()
    }

    /// How many recovered documents are offered back.
    pub(crate) fn offered_recoveries(&self) -> usize {
        self.offers.len()
    }

    /// The recovery files of the recovered work offered, in the order listed.
    pub(crate) fn offer_keys(&self) -> Vec<PathBuf> {
        self.offers
            .iter()
            .map(|(_, slot)| slot.path().to_path_buf())
            .collect()
    }

    /// The recent files, newest first.
    pub(crate) fn recent_files(&self) -> &[PathBuf] {
        &self.recent
    }

    /// The analysis overlays (tests choose a start and an allowance through it).
    pub(crate) fn overlays_mut(&mut self) -> &mut crate::overlays::Overlays {
        &mut self.canvas.overlays
    }

    /// The mode of the games whose files are their own types, when it is a `T` (tests).
    pub(crate) fn own_mode<T: 'static>(&self) -> Option<&T> {
        self.modes
            .own
            .iter()
            .find_map(|(_, m)| m.as_any().downcast_ref())
    }

    /// What the mode of a game's own document draws over the map now (tests).
    pub(crate) fn own_overlay(&self) -> Option<crate::canvas::Overlay> {
        let game = self.ws.doc.content().game();
        let (_, mode) = self.modes.own.iter().find(|(g, _)| *g == game)?;
        let layout = crate::canvas::Layout::new(self.ws.doc.map().grid);
        Some(mode.overlay(&self.ws, None, &layout))
    }

    /// The scenario builder (read only).
    pub(crate) fn builder(&self) -> &ScenarioUi {
        &self.modes.builder
    }

    /// The map tools (read only).
    pub(crate) fn map_tools(&self) -> &MapTools {
        &self.modes.map_tools
    }

    /// Has the user agreed to quit (nothing unsaved, or changes discarded)?
    pub(crate) fn close_allowed(&self) -> bool {
        self.close_allowed
    }

    /// Where a world point is on screen (as drawn last frame).
    pub(crate) fn screen_pos(&self, world: Pos2) -> Pos2 {
        self.ws.view.to_screen(self.canvas.rect, world)
    }

    /// Where the canvas was drawn last frame.
    pub(crate) fn canvas_rect(&self) -> egui::Rect {
        self.canvas.rect
    }

    /// The world point at the centre of the canvas.
    pub(crate) fn view_center(&self) -> Pos2 {
        self.ws.view.center
    }

    /// Is the editor's own file dialog open?
    pub(crate) fn file_dialog_open(&self) -> bool {
        self.dialogs.is_open()
    }

    /// The current zoom, in pixels per hex.
    pub(crate) fn zoom(&self) -> f32 {
        self.ws.view.zoom
    }

    /// Select a map tool.
    pub(crate) fn select_tool(&mut self, tool: ToolKind) {
        self.modes.map_tools.select(tool);
    }

    /// Ask for a command as a panel does: it runs late in the next frame (tests).
    pub(crate) fn ask(&mut self, c: Command) {
        self.ws.ask(c);
    }

    /// Where the status bar's texts were drawn in the last frame (tests).
    pub(crate) fn status_bar_rects(&self) -> &[egui::Rect] {
        &self.status_bar.rects
    }

    /// The open document, for a test to change it as a form would.
    pub(crate) fn doc_mut(&mut self) -> &mut Document {
        &mut self.ws.doc
    }

    /// Wait until the autosave has written what it was handed (tests).
    pub(crate) fn flush_autosave(&mut self) {
        if let Some(a) = &mut self.autosaver {
            a.flush();
        }
    }
}
