//! What the panels share, and the small traits they implement: every panel is a [`Panel`]
//! (egui's demo app splits its windows the same way); the map tools and the scenario builder
//! are the two [`Mode`]s the canvas hands the pointer to.

use egui::{Pos2, Ui};
use saber_schema::model::hex::Coord;

use crate::app::action::Action;
use crate::canvas::{Layout, Overlay, View, ZOOM_100};
use crate::document::Document;
use crate::tools::{Pointer, ToolKind};

/// Seconds a status message stays when nothing changes.
const STATUS_SECONDS: f64 = 8.0;

/// The status bar's message. It goes away once the document changes after it was shown, or
/// after a few seconds, so that it never describes an older state.
#[derive(Debug, Default)]
pub struct Status {
    text: String,
    /// The revision and time at which it was first shown.
    shown: Option<(u64, f64)>,
    /// How many messages were set (a frame notices one set while it ran).
    count: u64,
}

impl Status {
    /// Show a new message.
    pub fn set(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.shown = None;
        self.count += 1;
    }

    /// How many messages were set so far.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Count the message's time on screen from the next frame on.
    pub fn restart(&mut self) {
        self.shown = None;
    }

    /// The message now.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Clear the message when stale; call once a frame with the document's revision and the
    /// frame's time. `rerun`: this is a frame laid out again (egui's discarded pass), whose
    /// time is still when the frame began, before whatever set the message (a desktop file
    /// dialog runs inside the frame): the message's time starts with the next frame.
    pub fn age(&mut self, revision: u64, now: f64, rerun: bool) {
        if rerun && self.shown.is_none() {
            return;
        }
        match self.shown {
            None => self.shown = Some((revision, now)),
            Some((r, t)) if r != revision || now - t > STATUS_SECONDS => {
                self.text.clear();
            }
            Some(_) => {}
        }
    }
}

/// What a panel asks of the app (run after the panels drew).
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Replace the document (asks about unsaved changes first).
    Request(Action),
    /// Save to the document's file (or ask for one).
    Save,
    /// Ask for a file and save there.
    SaveAs,
    /// Export the engine JSON.
    ExportEngine,
    /// Export the scenario card.
    ExportCard,
    /// Export the Tiled map.
    ExportTiled,
    /// Undo until this many steps are left.
    UndoTo(usize),
    /// Redo this many steps.
    Redo(usize),
    /// Select a map tool.
    SelectTool(ToolKind),
    /// Apply the proven edit of this finding of the file's text check.
    ApplyFix(Box<saber_schema::diagnostic::Diagnostic>),
}

/// The document, the camera and what the panels say.
#[derive(Debug)]
pub struct Workspace {
    /// The open document.
    pub doc: Document,
    /// The camera.
    pub view: View,
    /// The hex under the pointer.
    pub hover: Option<Coord>,
    /// Status bar message.
    pub status: Status,
    /// What is under the pointer, in words (filled each frame for the status bar).
    pub pointer_info: String,
    commands: Vec<Command>,
}

impl Workspace {
    /// A workspace on a document.
    pub fn new(doc: Document) -> Workspace {
        Workspace {
            doc,
            view: View::default(),
            hover: None,
            status: Status::default(),
            pointer_info: String::new(),
            commands: Vec::new(),
        }
    }

    /// Ask the app for something.
    pub fn ask(&mut self, c: Command) {
        self.commands.push(c);
    }

    /// The commands asked this frame.
    pub fn take_commands(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.commands)
    }

    /// The screen layout of the document's map.
    pub fn layout(&self) -> Layout {
        Layout::new(self.doc.map().grid)
    }

    /// Centre the view on a hex.
    pub fn centre_on(&mut self, c: Coord) {
        self.view.center = self.layout().center(c);
        self.view.zoom = self.view.zoom.max(ZOOM_100 * 0.5);
        self.hover = Some(c);
        self.status
            .set(format!("Centred on {}", self.doc.map().grid.label(c)));
    }
}

/// The mode of a game that has one of its own, made by its `EditorGame`.
pub trait GameMode: Mode + std::any::Any {
    /// Start on a new document (of any game): its first tab, nothing chosen.
    fn reset(&mut self, doc: &Document);

    /// As `Any`, to be read as its own type (tests).
    fn as_any(&self) -> &dyn std::any::Any;
}

/// One panel of the window: it draws itself into the space the app gives it and acts on the
/// shared workspace.
pub trait Panel {
    /// Draw the panel for one frame.
    fn ui(&mut self, ui: &mut Ui, ws: &mut Workspace);
}

/// What the canvas and the side panel ask of the current editing mode (map tools or the
/// scenario builder).
pub trait Mode: Panel {
    /// The left panel's id (egui keeps its width under it) and its first width.
    fn left_panel(&self) -> (&'static str, f32);

    /// Bring the live check up to date; `true` while a result is still coming.
    fn update(&mut self, doc: &Document) -> bool;

    /// Keys for the mode (only when no text field has the keyboard).
    fn keys(&mut self, _ui: &Ui, _ws: &mut Workspace) {}

    /// A stroke event on the canvas.
    fn pointer(&mut self, _p: &Pointer, _ws: &mut Workspace, _layout: &Layout) {}

    /// What to draw over the map; `world` is the pointer's world position over the canvas.
    fn overlay(&self, _ws: &Workspace, _world: Option<Pos2>, _layout: &Layout) -> Overlay {
        Overlay::default()
    }

    /// How many findings the live check has.
    fn findings(&self) -> usize;

    /// The findings list; returns the hex of a finding clicked.
    fn findings_ui(&mut self, ui: &mut Ui, doc: &Document) -> Option<Coord>;

    /// More words about the hex under the pointer.
    fn hover_text(&self, _doc: &Document, _c: Coord) -> Option<String> {
        None
    }
}
