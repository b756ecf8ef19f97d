//! interim
pub fn notes_ui(ui: &mut egui::Ui, _id: egui::Id, _s: &mut saber_schema::scenario::Scenario) {
    ui.label("(being built)");
}
