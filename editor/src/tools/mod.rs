//! Map tools. Each tool is one module behind the small [`Tool`] trait: it shows its options in
//! the side panel, reacts to the pointer on the canvas, and says what to draw over the map.

pub mod feature;
pub mod hexside;
pub mod properties;
pub mod terrain;

use egui::{Key, Modifiers, Pos2, Ui};
use saber_schema::model::hex::Coord;

use crate::canvas::{Layout, Overlay};
use crate::document::Document;

/// Which tool is active.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum ToolKind {
    /// Terrain brush.
    #[default]
    Brush,
    /// Flood fill.
    Fill,
    /// Eyedropper: pick the terrain of a hex.
    Eyedropper,
    /// Ridges, roads and rivers.
    Hexside,
    /// Numbered features and their labels.
    Feature,
}

impl ToolKind {
    /// Every tool, in toolbar order.
    pub const ALL: [ToolKind; 5] = [
        ToolKind::Brush,
        ToolKind::Fill,
        ToolKind::Eyedropper,
        ToolKind::Hexside,
        ToolKind::Feature,
    ];

    /// Name shown on the toolbar.
    pub fn name(self) -> &'static str {
        match self {
            ToolKind::Brush => "Brush",
            ToolKind::Fill => "Fill",
            ToolKind::Eyedropper => "Eyedropper",
            ToolKind::Hexside => "Hexsides",
            ToolKind::Feature => "Features",
        }
    }

    /// The key that selects the tool.
    pub fn key(self) -> Key {
        match self {
            ToolKind::Brush => Key::B,
            ToolKind::Fill => Key::G,
            ToolKind::Eyedropper => Key::I,
            ToolKind::Hexside => Key::E,
            ToolKind::Feature => Key::F,
        }
    }
}

/// Which mouse button drives a stroke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    /// Left button: paint, add.
    Primary,
    /// Right button: erase, remove.
    Secondary,
}

/// Where a stroke is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The button went down on the canvas.
    Press,
    /// The button is held; the pointer may have moved.
    Drag,
    /// The button went up.
    Release,
}

/// The pointer over the canvas, in map terms.
#[derive(Debug, Clone, Copy)]
pub struct Pointer {
    /// World position.
    pub world: Pos2,
    /// Hex under the pointer (may be off the map).
    pub hex: Coord,
    /// Stroke phase.
    pub phase: Phase,
    /// Button of the stroke.
    pub button: Button,
    /// Modifier keys held.
    pub modifiers: Modifiers,
}

/// What a tool asks of the app after handling input.
#[derive(Debug, Default)]
pub struct Feedback {
    /// Switch to another tool.
    pub switch_to: Option<ToolKind>,
    /// Message for the status bar.
    pub status: Option<String>,
}

/// A map tool.
pub trait Tool {
    /// Options in the side panel.
    fn options_ui(&mut self, ui: &mut Ui, doc: &mut Document, feedback: &mut Feedback);

    /// A stroke event on the canvas.
    fn pointer(&mut self, p: &Pointer, doc: &mut Document, layout: &Layout, fb: &mut Feedback);

    /// Keys for this tool (only called when no text field has focus).
    fn keys(&mut self, ui: &Ui, doc: &mut Document, fb: &mut Feedback);

    /// What to draw over the map; `hover` is the pointer's world position.
    fn overlay(&self, hover: Option<Pos2>, doc: &Document, layout: &Layout) -> Overlay;
}

/// Was this key pressed (without Ctrl/Cmd)? Consumes it.
pub fn pressed(ui: &Ui, key: Key) -> bool {
    ui.input_mut(|i| i.consume_key(Modifiers::NONE, key))
}
