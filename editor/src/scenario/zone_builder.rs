//! The zone builder: edits a zone expression (scenario::Zone) of any clause.
//!
//! Interface used by the other forms: [`zone_ui`] edits a zone in place; features are picked
//! on the map through the shared [`Picker`].

use egui::{Id, RichText, Ui};
use saber_schema::map::Map;
use saber_schema::zone::Zone;

use crate::scenario::pick::{PickKind, Picked, Picker};

/// What the zone builder needs besides the zone: the map (feature and road names) and the
/// picker (features picked by clicking the map).
pub struct ZoneCx<'a> {
    /// The scenario's map.
    pub map: &'a Map,
    /// The shared picker.
    pub picker: &'a mut Picker,
}

/// Edit `zone` in place. `id` must be unique per zone field (it keys the picker and the
/// widgets' state).
pub fn zone_ui(ui: &mut Ui, id: Id, zone: &mut Zone, cx: &mut ZoneCx<'_>) {
    ui.label(RichText::new(zone.describe()).italics());
    let pick_id = id.with("pick");
    if let Some(Picked::Feature(code)) = cx.picker.take(pick_id) {
        *zone = Zone::Feature(code);
    }
    let armed = cx.picker.is_armed(pick_id);
    if ui
        .selectable_label(armed, "Pick a feature on the map")
        .clicked()
    {
        cx.picker.arm(pick_id, PickKind::Feature);
    }
    text_ui(ui, id, zone);
}

/// The zone as RON text, editable; a parse error is shown and the zone kept.
fn text_ui(ui: &mut Ui, id: Id, zone: &mut Zone) {
    let current = ron::to_string(zone).unwrap_or_default();
    let key = id.with("text");
    let mut text: String = ui
        .data_mut(|d| d.get_temp::<(String, String)>(key))
        .filter(|(from, _)| *from == current)
        .map(|(_, t)| t)
        .unwrap_or_else(|| current.clone());
    let l = ui.label("As text (RON)");
    let r = ui
        .add(
            egui::TextEdit::multiline(&mut text)
                .code_editor()
                .desired_rows(2)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(l.id);
    let mut from = current;
    if r.changed() {
        match ron::from_str::<Zone>(&text) {
            Ok(z) => {
                *zone = z;
                from = ron::to_string(zone).unwrap_or_default();
            }
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, format!("Not a zone yet: {e}"));
            }
        }
    }
    ui.data_mut(|d| d.insert_temp(key, (from, text)));
}
