//! interim
pub fn victory_ui(
    ui: &mut egui::Ui,
    _id: egui::Id,
    _s: &mut saber_schema::scenario::Scenario,
    _cx: &mut crate::scenario::zone_builder::ZoneCx<'_>,
) {
    ui.label("(being built)");
}
