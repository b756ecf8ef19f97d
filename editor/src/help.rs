//! Keyboard shortcuts: one table, shown in the Help window and used for tooltips.

use egui::Ui;

/// Every shortcut: (group, keys, what it does).
#[rustfmt::skip] // one shortcut a line
pub const SHORTCUTS: &[(&str, &str, &str)] = &[
    ("File", "Ctrl+N", "New map"),
    ("File", "Ctrl+O", "Open a map or scenario"),
    ("File", "Ctrl+S", "Save"),
    ("File", "Ctrl+Shift+S", "Save as"),
    ("Edit", "Ctrl+Z", "Undo"),
    ("Edit", "Ctrl+Shift+Z / Ctrl+Y", "Redo"),
    ("View", "Mouse wheel, + / -", "Zoom"),
    ("View", "Middle drag, Space+drag, arrow keys", "Pan"),
    ("View", "Home", "Fit the map to the window"),
    ("View", "Ctrl+0", "Zoom to 100 %"),
    ("View", "M", "Show or hide the minimap"),
    ("View", "F3", "Show or hide the left panel (tools or scenario builder)"),
    ("View", "F4", "Show or hide the Diagnostics and History panel"),
    ("Analysis", "F5", "Movement overlay (Movement Phases as bands, best path)"),
    ("Analysis", "F6", "Line-of-sight overlay (click pins it, Esc unpins)"),
    ("Analysis", "F7", "Terrain as played (after special rules)"),
    ("Tools", "B", "Terrain brush"),
    ("Tools", "G", "Flood fill"),
    ("Tools", "I", "Eyedropper"),
    ("Tools", "E", "Hexside tool (ridges, roads, rivers)"),
    ("Tools", "F", "Feature tool"),
    ("Tools", "P", "Map properties"),
    ("Brush, fill", "1 … 7", "Clear, village, woods, forest, river, ford, bridge"),
    ("Brush, fill", "S", "Toggle slope"),
    ("Brush", "[ / ]", "Smaller / larger brush (1, 7, 19 hexes)"),
    ("Brush", "Right drag", "Paint clear"),
    ("Brush", "Alt+click", "Pick the terrain under the pointer"),
    ("Hexsides", "1 / 2 / 3", "Ridge / road / river mode"),
    ("Hexsides", "Click near an edge", "Toggle a ridge (or a road link in road mode)"),
    ("Hexsides", "Drag", "Draw a road or river along a path"),
    ("Features", "N", "Create the feature in the New feature fields"),
    ("Features", "H / L", "Paint hexes / place label"),
    ("Features", "Ctrl+click", "Select the feature under the pointer"),
    ("Features", "Right drag", "Remove hexes from the selected feature"),
    ("Features", "Delete", "Delete the selected feature"),
    ("Features", "Esc", "Cancel creation, or deselect"),
    ("Scenario", "Pick, then click", "Take a feature (or hexes) for a zone from the map"),
    ("Scenario", "Right click", "Cancel a pick; on Set-up, remove the top counter"),
    ("Scenario", "Click / drag", "On Set-up: place the chosen counter / move a counter"),
    ("Scenario", "Click a zone", "On Sides & forces: select the group deploying there"),
    ("Scenario", "Esc", "Cancel a pick, or put the chosen counter down"),
    ("Help", "F1", "This window"),
];

/// The keys for an action, for tooltips ("Undo (Ctrl+Z)").
pub fn with_keys(action: &str) -> String {
    match SHORTCUTS.iter().find(|(_, _, a)| *a == action) {
        Some((_, keys, _)) => format!("{action} ({keys})"),
        None => action.to_string(),
    }
}

/// A menu item that asks something before it acts (a form, a file dialog), with its keys:
/// "New map… (Ctrl+N)".
pub fn asks_with_keys(action: &str) -> String {
    with_keys(action).replacen(action, &format!("{action}…"), 1)
}

/// The shortcut table.
pub fn ui(ui: &mut Ui) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        egui::Grid::new("shortcuts")
            .striped(true)
            .num_columns(3)
            .show(ui, |ui| {
                for (group, keys, action) in SHORTCUTS {
                    ui.weak(*group);
                    ui.monospace(*keys);
                    ui.label(*action);
                    ui.end_row();
                }
            });
    });
}
