//! Small fields of the M&S forms: a face of a counter typed as the counter prints it (`CF 5,
//! MR 4, MA 4`), a chart cost, an optional number. Each writes the model only when what is
//! typed reads as a value of it, so showing a form never changes the document.

use egui::{Id, Ui};
use saber_schema::model::musket_and_saber::{Cf, Cost, Face, LeaderFactors, MsSide};

use crate::scenario::fields::typed;

impl crate::scenario::fields::SideName for MsSide {
    fn id(&self) -> &str {
        &self.id
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// A small Remove button asking for item `i`'s removal (`what` it is, for its tooltip).
pub fn remove_button(ui: &mut Ui, what: &str, i: usize, remove: &mut Option<usize>) {
    if ui
        .small_button("Remove")
        .on_hover_text(format!("remove the {what}"))
        .clicked()
    {
        *remove = Some(i);
    }
}

/// A counter's face as the counter prints it, one value a name: `CF 5, MR 4, MA 4` (`CF 2-3`
/// for attack and defense, 2.3; `range 3`, `charge 5`; `leader 1-1-1` for movement, combat and
/// morale, 10.0). The file's own notation (`cf: Some(One(5)), mr: Some(4)`) is read too.
pub fn face(ui: &mut Ui, id: Id, name: &str, value: &mut Face) {
    typed(ui, id, name, 220.0, value, face_text, read_face);
}

/// What the face field offers to type, said once for the form's hint.
pub const FACE_NOTATION: &str = "A face as the counter prints it: CF 5 (CF 2-3 for attack and defense), MR 4, MA 4, range 3, charge 5, leader 1-1-1 (movement, combat, morale). Values the counter does not print are left out.";

/// A face's printed values in the field's notation, the ones it prints only.
pub fn face_text(f: &Face) -> String {
    let mut parts = Vec::new();
    match f.cf {
        Some(Cf::One(n)) => parts.push(format!("CF {n}")),
        Some(Cf::AttackDefense(a, d)) => parts.push(format!("CF {a}-{d}")),
        None => {}
    }
    for (k, v) in [
        ("MR", f.mr),
        ("MA", f.ma),
        ("range", f.range),
        ("charge", f.charge),
    ] {
        if let Some(v) = v {
            parts.push(format!("{k} {v}"));
        }
    }
    if let Some(l) = f.leader {
        parts.push(format!("leader {}-{}-{}", l.movement, l.combat, l.morale));
    }
    parts.join(", ")
}

/// Read a face typed in the field's notation, or in the file's (it has a `:`).
pub fn read_face(text: &str) -> Result<Face, String> {
    if text.contains(':') {
        return ron::from_str::<Face>(&format!("({text})")).map_err(|e| format!("not a face: {e}"));
    }
    let mut face = Face::default();
    for item in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let (key, value) = item
            .split_once(char::is_whitespace)
            .map(|(k, v)| (k, v.trim()))
            .ok_or_else(|| format!("`{item}`: write a name and its value, as `MA 4`"))?;
        let numbers = |want: usize| -> Result<Vec<u32>, String> {
            let ns: Result<Vec<u32>, _> = value.split('-').map(|n| n.trim().parse()).collect();
            match ns {
                Ok(ns) if ns.len() == want => Ok(ns),
                _ => Err(format!(
                    "`{item}`: {} after {key}",
                    match want {
                        1 => "one whole number",
                        2 => "one number, or two as attack-defense",
                        _ => "three numbers, movement-combat-morale",
                    }
                )),
            }
        };
        let once = |slot: bool| {
            if slot {
                Err(format!("`{key}` is given twice"))
            } else {
                Ok(())
            }
        };
        match key.to_ascii_lowercase().as_str() {
            "cf" => {
                once(face.cf.is_some())?;
                face.cf = Some(match numbers(1) {
                    Ok(n) => Cf::One(n[0]),
                    Err(_) => numbers(2).map(|n| Cf::AttackDefense(n[0], n[1]))?,
                });
            }
            "mr" | "ma" | "range" | "charge" => {
                let slot = match key.to_ascii_lowercase().as_str() {
                    "mr" => &mut face.mr,
                    "ma" => &mut face.ma,
                    "range" => &mut face.range,
                    _ => &mut face.charge,
                };
                once(slot.is_some())?;
                *slot = Some(numbers(1)?[0]);
            }
            "leader" => {
                once(face.leader.is_some())?;
                let n = numbers(3)?;
                face.leader = Some(LeaderFactors {
                    movement: n[0],
                    combat: n[1],
                    morale: n[2],
                });
            }
            _ => {
                return Err(format!(
                    "`{key}` is not a value of a face: CF, MR, MA, range, charge or leader"
                ));
            }
        }
    }
    Ok(face)
}

/// A chart cost: none (the chart leaves it blank), MP, `+n` across a hexside, or prohibited.
pub fn cost(ui: &mut Ui, id: Id, name: &str, value: &mut Option<Cost>) {
    let label = |c: &Option<Cost>| match c {
        None => "—",
        Some(Cost::Mp(_)) => "MP",
        Some(Cost::Plus(_)) => "+",
        Some(Cost::Prohibited) => "P",
    };
    let n = match value {
        Some(Cost::Mp(n) | Cost::Plus(n)) => *n,
        _ => 1,
    };
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt(id)
            .selected_text(label(value))
            .width(44.0)
            .show_ui(ui, |ui| {
                for c in [
                    None,
                    Some(Cost::Mp(n)),
                    Some(Cost::Plus(n)),
                    Some(Cost::Prohibited),
                ] {
                    let text = match c {
                        None => "— (blank)".to_string(),
                        Some(Cost::Mp(_)) => "MP".into(),
                        Some(Cost::Plus(_)) => "+ (hexside)".into(),
                        Some(Cost::Prohibited) => "Prohibited".into(),
                    };
                    ui.selectable_value(value, c, text);
                }
            })
            .response
            .accessible_name(name);
        if let Some(Cost::Mp(n) | Cost::Plus(n)) = value {
            ui.add(egui::DragValue::new(n).range(0..=99))
                .accessible_name(format!("{name} MP"));
        }
    });
}

/// An optional whole number (a chart's defence or bombardment column): blank, or a value.
pub fn optional_i32(ui: &mut Ui, name: &str, value: &mut Option<i32>) {
    ui.horizontal(|ui| {
        let mut on = value.is_some();
        if ui.checkbox(&mut on, "").accessible_name(name).changed() {
            *value = on.then_some(0);
        }
        if let Some(v) = value {
            ui.add(egui::DragValue::new(v).range(-99..=99))
                .accessible_name(format!("{name} value"));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_of_the_example_reads_back_as_the_field_writes_it() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../scenarios/examples/musket-and-saber/millbrook.ron"
        );
        let text = std::fs::read_to_string(path).expect("the example");
        let s: saber_schema::model::musket_and_saber::MsScenario =
            saber_schema::pipeline::parse::ron_options()
                .from_str(&text)
                .expect("the example reads");
        let faces: Vec<&Face> = s
            .sides
            .iter()
            .flat_map(|sd| sd.counters.iter())
            .flat_map(|c| [&c.front, &c.back])
            .collect();
        assert!(faces.len() > 10);
        for f in faces {
            assert_eq!(read_face(&face_text(f)).as_ref(), Ok(f), "{}", face_text(f));
        }
    }

    #[test]
    fn a_face_is_typed_as_the_counter_prints_it_or_as_the_file_writes_it() {
        let want = Face {
            cf: Some(Cf::AttackDefense(2, 3)),
            mr: Some(5),
            ma: Some(5),
            range: Some(3),
            charge: None,
            leader: None,
        };
        assert_eq!(face_text(&want), "CF 2-3, MR 5, MA 5, range 3");
        assert_eq!(read_face("cf 2-3, mr 5,MA 5 , Range 3"), Ok(want.clone()));
        assert_eq!(
            read_face("cf: Some(AttackDefense(2, 3)), mr: Some(5), ma: Some(5), range: Some(3)"),
            Ok(want)
        );
        let leader = read_face("leader 1-0-2").unwrap().leader.unwrap();
        assert_eq!((leader.movement, leader.combat, leader.morale), (1, 0, 2));
        assert_eq!(read_face(""), Ok(Face::default()));
        assert_eq!(read_face("CF 4").unwrap().cf, Some(Cf::One(4)));
    }

    #[test]
    fn a_face_that_does_not_read_says_why() {
        for (typed, why) in [
            ("MA", "write a name and its value"),
            ("MA four", "one whole number after MA"),
            ("CF 1-2-3", "one number, or two as attack-defense"),
            ("leader 1-1", "three numbers"),
            ("MA 4, MA 5", "`MA` is given twice"),
            ("speed 4", "not a value of a face"),
            ("cf: Some(Many(4))", "not a face"),
        ] {
            let e = read_face(typed).expect_err(typed);
            assert!(e.contains(why), "{typed}: {e}");
        }
    }
}
