//! interim
pub fn header_ui(ui: &mut egui::Ui, _id: egui::Id, _s: &mut saber_schema::scenario::Scenario) {
    ui.label("(being built)");
}
