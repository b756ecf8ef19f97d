//! What one edit of a game's own document did, in words for the History panel and the Undo
//! menu, named as the Rifle & Saber steps are (issue 37 §8): "Front CF 5 → 4 on 2nd Bde of
//! north", "Defense 1 → 2 on woods", "Track labels 0800 0900 → 0800 0900 1000". Read from the
//! two documents as their files hold them (their serde form), so a field added to a game's
//! model is named without code here; its game says a field's name as its rules print it
//! (`GameDoc::field_words`).

use serde::Serialize;
use serde_json::Value;

/// Field names and how the game's rules print them (`("cf", "CF")`).
pub type FieldWords = [(&'static str, &'static str)];

/// The edit from `before` to `after`, in words (fields named by `said`); `None` when nothing
/// changed.
pub fn describe<T: Serialize>(before: &T, after: &T, said: &FieldWords) -> Option<String> {
    let (a, b) = (
        serde_json::to_value(before).ok()?,
        serde_json::to_value(after).ok()?,
    );
    let mut parts = Vec::new();
    diff(&mut Vec::new(), &a, &b, said, &mut parts);
    crate::scenario::change::label(parts)
}

/// One step of the way to a changed value: a field, or an element of a list by its name.
enum Step {
    Field(String),
    Named(String),
}

/// The changes between `a` and `b` under `path`, each "Field old → new on owner".
fn diff(path: &mut Vec<Step>, a: &Value, b: &Value, said: &FieldWords, out: &mut Vec<String>) {
    if a == b {
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) if !is_scalar_like(a) || !is_scalar_like(b) => {
            for (k, va) in x {
                let vb = y.get(k).unwrap_or(&Value::Null);
                path.push(Step::Field(k.clone()));
                diff(path, va, vb, said, out);
                path.pop();
            }
            for (k, vb) in y.iter().filter(|(k, _)| !x.contains_key(*k)) {
                path.push(Step::Field(k.clone()));
                diff(path, &Value::Null, vb, said, out);
                path.pop();
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() && !all_scalars(x, y) => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                path.push(element_name(va, vb, i));
                diff(path, va, vb, said, out);
                path.pop();
            }
        }
        (Value::Array(x), Value::Array(y)) if !all_scalars(x, y) => {
            out.push(added_or_removed(path, x, y, said));
        }
        _ => out.push(changed(path, &show(a), &show(b), said)),
    }
}

/// "Front CF 2 → 4 on 2nd Bde": the fields after the nearest named element, the change, and
/// that element (none for a field of the document itself: "Game length 8 → 10").
fn changed(path: &[Step], a: &str, b: &str, said: &FieldWords) -> String {
    let (what, owner) = what_and_owner(path, said);
    format!("{what} {a} → {b}{owner}")
}

/// The fields named after the nearest named element of `path` ("Front CF"), and " on" that
/// element ("" when there is none).
fn what_and_owner(path: &[Step], said: &FieldWords) -> (String, String) {
    let owner = path.iter().rposition(|s| matches!(s, Step::Named(_)));
    let fields: Vec<String> = path[owner.map_or(0, |i| i + 1)..]
        .iter()
        .filter_map(|s| match s {
            Step::Field(k) => Some(
                said.iter()
                    .find(|(f, _)| f == k)
                    .map_or_else(|| k.replace('_', " "), |(_, w)| w.to_string()),
            ),
            Step::Named(_) => None,
        })
        .collect();
    let mut what = fields.join(" ");
    if let Some(first) = what.get(..1) {
        what = format!("{}{}", first.to_uppercase(), &what[1..]);
    }
    let renamed = matches!(&path[owner.map_or(0, |i| i + 1)..], [Step::Field(k)] if NAMES.contains(&k.as_str()));
    // The element, and what holds it when that is named too ("Counter 1 of south": two
    // sides may each have a "Counter 1").
    let within = owner.and_then(|i| {
        path[..i].iter().rev().find_map(|s| match s {
            Step::Named(n) => Some(n),
            Step::Field(_) => None,
        })
    });
    let owner = match (owner.map(|i| &path[i]), within) {
        // A rename says the old and new names; "on" the element would say one of them again.
        (Some(Step::Named(_)), _) if renamed => String::new(),
        (Some(Step::Named(n)), Some(m)) => format!(" on {n} of {m}"),
        (Some(Step::Named(n)), None) => format!(" on {n}"),
        _ => String::new(),
    };
    (what, owner)
}

/// An element added to a list or taken from it, by its name: "Chart: “woods” added",
/// "Counters: “Hussars” removed on north".
fn added_or_removed(path: &[Step], x: &[Value], y: &[Value], said: &FieldWords) -> String {
    let (what, from, to) = if y.len() > x.len() {
        ("added", y, x)
    } else {
        ("removed", x, y)
    };
    // The first element of the longer list that the shorter one does not hold.
    let (i, v) = from
        .iter()
        .enumerate()
        .find(|(_, v)| !to.contains(v))
        .unwrap_or((from.len() - 1, &from[from.len() - 1]));
    let name = match element_name(v, v, i) {
        Step::Named(n) => format!("“{n}”"),
        Step::Field(n) => n,
    };
    let (field, owner) = what_and_owner(path, said);
    format!("{field}: {name} {what}{owner}")
}

/// A value shown as one: a string, number, flag, none, or a one-key object (`Mp 2`).
fn is_scalar_like(v: &Value) -> bool {
    match v {
        Value::Object(m) => m.len() == 1 && m.values().all(|x| !x.is_object()),
        Value::Array(_) => false,
        _ => true,
    }
}

/// Lists of plain values (a track's labels, a line's units) are shown whole.
fn all_scalars(x: &[Value], y: &[Value]) -> bool {
    x.iter().chain(y).all(|v| !v.is_object() && !v.is_array())
}

/// The fields that name an element of a list.
const NAMES: [&str; 5] = ["id", "kind", "unit", "char", "text"];

/// An element of a list by its name (`id`, `kind`, `unit`, a legend's `char`, `text`), a
/// line by its units, else its place.
fn element_name(a: &Value, b: &Value, i: usize) -> Step {
    // A set-up or reinforcement line by its units as they are now ("3rd Bde, Rifles").
    let units = || {
        let units: Vec<&str> = b
            .get("units")?
            .as_array()?
            .iter()
            .filter_map(Value::as_str)
            .collect();
        (!units.is_empty()).then(|| units.join(", "))
    };
    NAMES
        .iter()
        .find_map(|k| a.get(k).or_else(|| b.get(k)).and_then(Value::as_str))
        .map(str::to_string)
        .or_else(units)
        .map_or_else(|| Step::Field(format!("{}", i + 1)), Step::Named)
}

/// A value in words: strings as they are, numbers, yes/no, "none", a list joined, and the
/// file's one-key values as the chart and counters print them (`2`, `3-4`, `2 MP`, `+1`).
fn show(v: &Value) -> String {
    match v {
        Value::Null => "none".into(),
        Value::Bool(b) => if *b { "yes" } else { "no" }.into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) if s.is_empty() => "“”".into(),
        Value::String(s) => format!("“{}”", crate::scenario::change::short(s)),
        Value::Array(items) if items.is_empty() => "none".into(),
        Value::Array(items) => items
            .iter()
            .map(|x| x.as_str().map_or_else(|| show(x), str::to_string))
            .collect::<Vec<_>>()
            .join(" "),
        Value::Object(m) => m
            .iter()
            .map(|(k, x)| match (k.as_str(), x) {
                ("One", _) => show(x),
                ("AttackDefense", Value::Array(ad)) => {
                    ad.iter().map(show).collect::<Vec<_>>().join("-")
                }
                ("Mp", _) => format!("{} MP", show(x)),
                ("Plus", _) => format!("+{}", show(x)),
                _ => format!("{k} {}", show(x)),
            })
            .collect::<Vec<_>>()
            .join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::musket_and_saber::doc::FIELD_WORDS;
    use saber_schema::model::musket_and_saber::{MsMapFile, MsScenario};

    /// A file of the Musket & Saber example, read as the editor reads it.
    fn example<T: serde::de::DeserializeOwned>(path: &str) -> T {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/examples/musket-and-saber")
            .join(path);
        let src = saber_schema::pipeline::read::Source::read(&path).expect("the example");
        saber_schema::pipeline::parse::parse(&src).expect("parses")
    }

    #[test]
    fn a_chart_cell_and_the_track_are_named() {
        let a: MsMapFile = example("maps/millbrook-invented.ron");
        let mut b = a.clone();
        let woods = b
            .chart
            .iter_mut()
            .find(|r| r.kind == "woods")
            .expect("woods");
        woods.defense = Some(2);
        assert_eq!(
            describe(&a, &b, &FIELD_WORDS).as_deref(),
            Some("Defense 1 → 2 on woods")
        );
        b.track.labels.push("1500".into());
        assert_eq!(
            describe(&a, &b, &FIELD_WORDS).as_deref(),
            Some(
                "Defense 1 → 2 on woods; Track labels 0800 0900 1000 1100 1200 1300 1400 → 0800 0900 1000 1100 1200 1300 1400 1500"
            )
        );
        assert_eq!(describe(&a, &a, &FIELD_WORDS), None);
    }

    /// A counter's value reads as the R&S steps do: the value, the change, the counter.
    #[test]
    fn a_counters_value_reads_value_change_and_counter() {
        use saber_schema::model::musket_and_saber::Cf;
        let a: MsScenario = example("millbrook.ron");
        let mut b = a.clone();
        let k = &mut b.sides[0].counters[0];
        let (id, was) = (k.id.clone(), k.front.cf);
        k.front.cf = Some(Cf::One(9));
        let was = match was {
            Some(Cf::One(n)) => n.to_string(),
            other => panic!("the example's first counter has one CF: {other:?}"),
        };
        assert_eq!(
            describe(&a, &b, &FIELD_WORDS),
            Some(format!("Front CF {was} → 9 on {id} of north"))
        );
        let mut c = a.clone();
        c.game_length += 2;
        assert_eq!(
            describe(&a, &c, &FIELD_WORDS),
            Some(format!("Game length {} → {}", a.game_length, c.game_length))
        );
    }

    /// A row added or taken away is named by its kind, an empty list is "none".
    #[test]
    fn a_row_added_or_removed_is_named() {
        let a: MsMapFile = example("maps/millbrook-invented.ron");
        let mut b = a.clone();
        let mut row = b.chart[0].clone();
        row.kind = "marsh".into();
        b.chart.push(row);
        assert_eq!(
            describe(&a, &b, &FIELD_WORDS).as_deref(),
            Some("Chart: “marsh” added")
        );
        assert_eq!(
            describe(&b, &a, &FIELD_WORDS).as_deref(),
            Some("Chart: “marsh” removed")
        );
        let mut d = b.clone();
        d.chart.last_mut().expect("marsh").kind = "bog".into();
        assert_eq!(
            describe(&b, &d, &FIELD_WORDS).as_deref(),
            Some("Kind “marsh” → “bog”")
        );
        let mut c = a.clone();
        c.track.labels.clear();
        assert_eq!(
            describe(&c, &a, &FIELD_WORDS).as_deref(),
            Some("Track labels none → 0800 0900 1000 1100 1200 1300 1400")
        );
    }

    /// A reinforcement line is named by its units.
    #[test]
    fn a_line_is_named_by_its_units() {
        let a: MsScenario = example("millbrook.ron");
        let mut b = a.clone();
        let line = &mut b.reinforcements[0];
        let (units, was) = (line.units.join(", "), line.turn.clone());
        line.turn = "1300".into();
        let label = describe(&a, &b, &FIELD_WORDS).expect("a change");
        assert!(
            label.starts_with(&format!("Turn “{was}” → “1300” on {units}")),
            "{label}"
        );
    }

    /// A long text shows its first words, as the R&S steps do.
    #[test]
    fn a_long_text_shows_its_first_words() {
        let a: MsScenario = example("millbrook.ron");
        let mut b = a.clone();
        b.notes = "one two three four five six seven eight".into();
        let label = describe(&a, &b, &FIELD_WORDS).expect("a change");
        assert!(
            label.ends_with("→ “one two three four five six …”"),
            "{label}"
        );
    }
}
