//! The notes form: the historical note (in our own words) and the interpretation notes that say
//! how an ambiguous or garbled passage of the rules was read, with the warnings each explains.

use egui::{Id, RichText, Ui};
use saber_schema::model::scenario::{Interpretation, Scenario};

use crate::scenario::fields::{ListOp, list_buttons, remove_button, text_area};

/// Edit the scenario's historical note and its interpretation notes.
pub fn notes_ui(ui: &mut Ui, id: Id, s: &mut Scenario) {
    ui.label("Historical note");
    text_area(ui, &mut s.notes, "the battle, in our own words");
    ui.separator();
    ui.label("Interpretations");
    let mut op = None;
    let len = s.interpretations.len();
    for (i, note) in s.interpretations.iter_mut().enumerate() {
        let nid = id.with(i);
        let title = if note.rule.is_empty() {
            format!("{}. (no rule yet)", i + 1)
        } else {
            format!("{}. on {}", i + 1, note.rule)
        };
        egui::CollapsingHeader::new(title)
            .id_salt(nid)
            .default_open(true)
            .show(ui, |ui| {
                interpretation_ui(ui, nid, note);
                ui.horizontal(|ui| list_buttons(ui, i, len, 0, &mut op));
            });
    }
    if let Some(op) = op {
        op.apply(&mut s.interpretations);
    }
    if ui.button("+ Interpretation").clicked() {
        s.interpretations.push(Interpretation {
            rule: s.rule.clone().unwrap_or_default(),
            text: String::new(),
            reading: String::new(),
            explains: Vec::new(),
        });
    }
}

/// One interpretation note.
fn interpretation_ui(ui: &mut Ui, id: Id, note: &mut Interpretation) {
    ui.horizontal(|ui| {
        ui.label("Rule");
        ui.add(
            egui::TextEdit::singleline(&mut note.rule)
                .hint_text("11.7")
                .desired_width(60.0),
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
            let r = ui.add(
                egui::TextEdit::singleline(code)
                    .id_salt(id.with(("code", c)))
                    .hint_text("DEP003")
                    .desired_width(56.0),
            );
            if !looks_like_code(code) {
                r.on_hover_text("a diagnostic code is three letters and three digits, e.g. DEP003");
                ui.label(RichText::new("?").color(ui.visuals().warn_fg_color));
            }
            remove_button(ui, c, true, &mut op);
        }
        if let Some(op) = op {
            op.apply(&mut note.explains);
        }
        if ui
            .button("+ Code")
            .on_hover_text("a warning this note explains: it is then expected")
            .clicked()
        {
            note.explains.push(String::new());
        }
    });
}

/// Diagnostic codes are three capitals and three digits (`DEP003`).
fn looks_like_code(code: &str) -> bool {
    let b = code.as_bytes();
    b.len() == 6
        && b[..3].iter().all(u8::is_ascii_uppercase)
        && b[3..].iter().all(u8::is_ascii_digit)
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
        h.get_by_label("+ Code").click();
        h.run();
        assert_eq!(
            h.state().0.interpretations[0].rule,
            "11.6",
            "the scenario's rule"
        );
        assert_eq!(h.state().0.interpretations[0].explains, [String::new()]);
        // The single-line fields are the rule and then the code.
        let code_field = |h: &egui_kittest::Harness<'static, Form>| {
            h.get_all_by_role(egui::Role::TextInput)
                .last()
                .unwrap()
                .rect()
        };
        let at = code_field(&h).center();
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed: true,
            modifiers: egui::Modifiers::NONE,
        });
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed: false,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
        h.event(egui::Event::Text("DEP003".into()));
        h.run();
        assert_eq!(h.state().0.interpretations[0].explains, ["DEP003"]);
        assert!(h.query_by_label("?").is_none(), "DEP003 is a code");
        h.event(egui::Event::Text("x".into()));
        h.run();
        assert!(h.query_by_label("?").is_some(), "DEP003x is not");
        // The code's remove button comes before the note's.
        h.get_all_by_label("Remove").next().unwrap().click();
        h.run();
        assert!(h.state().0.interpretations[0].explains.is_empty());
        assert_eq!(h.state().0.interpretations.len(), 1);
    }

    #[test]
    fn codes_have_three_letters_and_three_digits() {
        assert!(looks_like_code("DEP003"));
        assert!(!looks_like_code("DEP03"));
        assert!(!looks_like_code("dep003"));
        assert!(!looks_like_code("DEPX03"));
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
