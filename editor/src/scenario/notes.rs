//! The notes form: the historical note (in our own words) and the interpretation notes that say
//! how an ambiguous or garbled passage of the rules was read, with the warnings each explains.

use egui::{Id, Ui};
use saber_schema::diagnostic::{Code, CodeInfo, REGISTRY, Severity};
use saber_schema::model::scenario::{Interpretation, Scenario};

use crate::scenario::fields::{self, ListOp, fit, remove_button, text_area};

/// Edit the scenario's historical note and its interpretation notes.
pub fn notes_ui(ui: &mut Ui, id: Id, s: &mut Scenario) {
    ui.label("Historical note");
    text_area(ui, &mut s.notes, "the battle, in our own words");
    ui.separator();
    ui.label("Interpretations");
    let rule = s.rule.clone().unwrap_or_default();
    fields::sections(
        ui,
        id,
        &mut s.interpretations,
        |note| match note.rule.as_str() {
            "" => "(no rule yet)".to_string(),
            rule => format!("on {rule}"),
        },
        interpretation_ui,
        "+ Interpretation",
        || Interpretation {
            rule,
            text: String::new(),
            reading: String::new(),
            explains: Vec::new(),
        },
    );
}

/// One interpretation note.
fn interpretation_ui(ui: &mut Ui, id: Id, note: &mut Interpretation) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Rule");
        ui.add(
            egui::TextEdit::singleline(&mut note.rule)
                .hint_text("11.7")
                .desired_width(fit(ui, 60.0)),
        );
    });
    ui.label("What the text says");
    text_area(ui, &mut note.text, "the passage, quoted");
    ui.label("How we read it, and why");
    text_area(ui, &mut note.reading, "the reading");
    ui.horizontal_wrapped(|ui| {
        ui.label("Explains");
        let mut op: Option<ListOp> = None;
        for (c, code) in note.explains.iter_mut().enumerate() {
            code_combo(ui, id.with(("code", c)), code);
            remove_button(ui, c, true, &mut op);
        }
        if let Some(op) = op {
            op.apply(&mut note.explains);
        }
        let mut added = None;
        ui.menu_button("+ Code", |ui| {
            for info in expectable().filter(|i| !note.explains.contains(&i.code)) {
                if ui
                    .button(code_label(info))
                    .on_hover_text(info.explanation)
                    .clicked()
                {
                    added = Some(info.code);
                }
            }
        })
        .response
        .on_hover_text("a warning this note explains: it is then expected");
        if let Some(code) = added {
            note.explains.push(code);
        }
    });
}

/// The codes a note can explain: the registry's warnings (an explained warning is reported as
/// a note; errors cannot be explained away).
fn expectable() -> impl Iterator<Item = &'static CodeInfo> {
    REGISTRY.iter().filter(|i| i.severity == Severity::Warning)
}

/// `DEP002 opposing deployment zones overlap`.
fn code_label(info: &CodeInfo) -> String {
    format!("{} {}", info.id, info.title)
}

/// A combo changing one explained code to another the registry has.
fn code_combo(ui: &mut Ui, id: Id, code: &mut Code) {
    let current = code.info();
    egui::ComboBox::from_id_salt(id)
        .selected_text(current.id)
        .show_ui(ui, |ui| {
            if current.severity != Severity::Warning {
                ui.selectable_value(code, current.code, code_label(current));
            }
            for info in expectable() {
                ui.selectable_value(code, info.code, code_label(info))
                    .on_hover_text(info.explanation);
            }
        })
        .response
        .on_hover_text(current.title);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::test_support::{Form, harness_with, load, shown_without_change};
    use egui_kittest::kittest::Queryable;

    fn form(s: Scenario) -> egui_kittest::Harness<'static, Form> {
        harness_with(s, false, |ui, (s, _, _)| {
            notes_ui(ui, Id::unique("notes"), s)
        })
    }

    #[test]
    fn an_interpretation_is_added_with_a_code_and_removed() {
        let mut s = load("06-shiloh.ron");
        s.interpretations.clear();
        s.notes.clear();
        let mut h = form(s);
        h.get_by_label("+ Interpretation").click();
        h.run();
        assert_eq!(
            h.state().0.interpretations[0].rule,
            "11.6",
            "the scenario's rule"
        );
        // The menu offers the registry's warnings, by code and title.
        h.get_by_label("+ Code").click();
        h.run();
        let overlap = Code::OpposingZonesOverlap.info();
        h.get_by_label(&code_label(overlap)).click();
        h.run();
        assert_eq!(
            h.state().0.interpretations[0].explains,
            [Code::OpposingZonesOverlap]
        );
        // A code already listed is not offered again; an error is never offered.
        h.get_by_label("+ Code").click();
        h.run();
        assert!(h.query_by_label(&code_label(overlap)).is_none());
        assert!(
            h.query_by_label(&code_label(Code::PlacementOutsideZone.info()))
                .is_none()
        );
        assert!(
            h.query_by_label(&code_label(Code::LimbersWithoutGuns.info()))
                .is_some()
        );
        h.key_press(egui::Key::Escape);
        h.run();
        // The code's remove button comes before the note's.
        h.get_all_by_label("Remove").next().unwrap().click();
        h.run();
        assert!(h.state().0.interpretations[0].explains.is_empty());
        assert_eq!(h.state().0.interpretations.len(), 1);
    }

    #[test]
    fn the_editor_offers_exactly_the_registry_warnings() {
        let offered: Vec<&str> = expectable().map(|i| i.id).collect();
        assert!(offered.contains(&"DEP002") && offered.contains(&"MRK004"));
        assert!(!offered.contains(&"DEP003"), "an error cannot be explained");
        assert_eq!(
            offered.len(),
            REGISTRY
                .iter()
                .filter(|i| i.severity == Severity::Warning)
                .count()
        );
    }

    #[test]
    fn showing_the_notes_changes_nothing() {
        for file in ["06-shiloh.ron", "17-south-africa.ron"] {
            let s = load(file);
            let h = form(s.clone());
            shown_without_change(h, &s, file);
        }
    }
}
