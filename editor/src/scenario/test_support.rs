//! Helpers for the headless tests of the scenario forms: historical scenarios, a harness
//! holding a scenario with its picker and map, choosing from combos, and the checks a form
//! must pass.

use egui::{Role, Shape, Ui};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use saber_schema::diagnostic::{Diagnostic, PathSeg};
use saber_schema::model::map::Map;
use saber_schema::model::scenario::Scenario;
use saber_schema::pipeline::read::Source;

use crate::scenario::pick::Picker;

/// What a form harness holds: the scenario edited, the shared picker, the map.
pub type Form = (Scenario, Picker, Map);

/// A historical scenario from `scenarios/`.
pub fn load(file: &str) -> Scenario {
    let path = format!("{}/../scenarios/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the historical scenario is there");
    saber_schema::pipeline::load_scenario(&Source::from_text(path, text))
        .expect("the historical scenario loads")
}

/// A harness showing `form` over `s` on the Rifle & Saber map, tall enough for long forms.
/// Every widget must have an accessible name, except in forms with a zone field: the zone
/// builder is owned elsewhere and its RON text field has none yet.
pub fn harness_with(
    s: Scenario,
    has_zones: bool,
    mut form: impl FnMut(&mut Ui, &mut Form) + 'static,
) -> Harness<'static, Form> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(420.0, 4000.0))
        .with_accessibility_check(!has_zones)
        .build_ui_state(
            move |ui, state: &mut Form| form(ui, state),
            (
                s,
                Picker::default(),
                saber_schema::builtin::rifle_and_saber(),
            ),
        );
    h.run();
    h
}

/// Open the combo that shows `current` and pick `item` from it.
pub fn choose<S>(h: &mut Harness<'_, S>, current: &str, item: &str) {
    h.get_by(|n| n.role() == Role::ComboBox && n.value().as_deref() == Some(current))
        .click();
    h.run();
    h.get_all_by_role_and_label(Role::Button, item)
        .last()
        .unwrap_or_else(|| panic!("no `{item}` in the combo showing `{current}`"))
        .click();
    h.run();
}

/// Open the combo named `name` and pick `item` from it.
pub fn choose_in<S>(h: &mut Harness<'_, S>, name: &str, item: &str) {
    h.get_by_role_and_label(Role::ComboBox, name).click();
    h.run();
    h.get_all_by_role_and_label(Role::Button, item)
        .last()
        .unwrap_or_else(|| panic!("no `{item}` in the combo `{name}`"))
        .click();
    h.run();
}

/// The errors `check_scenario` finds under `prefix` (e.g. `victory/0`).
pub fn errors_under(s: &Scenario, map: &Map, prefix: &[PathSeg]) -> Vec<Diagnostic> {
    let (_, diags) = saber_schema::check::check_scenario(s, map, s.rules(), None);
    diags
        .into_iter()
        .filter(|d| d.is_error() && d.path.as_ref().is_some_and(|p| p.starts_with(prefix)))
        .collect()
}

/// Showing a form for a few frames leaves the scenario as it was.
pub fn shown_without_change(mut h: Harness<'_, Form>, before: &Scenario, what: &str) {
    for _ in 0..3 {
        h.run();
    }
    assert_eq!(&h.state().0, before, "showing {what} changed it");
}

/// Every text painted in the last frame.
pub fn painted_texts<S>(h: &Harness<'_, S>) -> Vec<String> {
    fn walk(shape: &Shape, out: &mut Vec<String>) {
        match shape {
            Shape::Text(t) => out.push(t.galley.text().to_string()),
            Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for s in &h.output().shapes {
        walk(&s.shape, &mut out);
    }
    out
}
