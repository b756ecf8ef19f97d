//! What one edit of a Musket & Saber map or scenario did, in words for the History panel and
//! the Undo menu (issue 37 §8: every step was "Edit chart and track"): "2nd Bde · front · CF:
//! 5 → 4", "chart · woods · infantry: Mp 2 → Mp 3", "track · labels: 0800 0900 → 0800 0900
//! 1000". Read from the two documents as their files hold them (their serde form), so a field
//! added to the model is named without code here.

use serde::Serialize;
use serde_json::Value;

/// Most changes named in one label; more are summed up as "and N more".
const MAX_PARTS: usize = 2;

/// The edit from `before` to `after`, in words; `None` when nothing changed.
pub fn describe<T: Serialize>(before: &T, after: &T) -> Option<String> {
    let (a, b) = (
        serde_json::to_value(before).ok()?,
        serde_json::to_value(after).ok()?,
    );
    let mut parts = Vec::new();
    diff(&mut Vec::new(), &a, &b, &mut parts);
    if parts.is_empty() {
        return None;
    }
    let more = parts.len().saturating_sub(MAX_PARTS);
    parts.truncate(MAX_PARTS);
    let mut label = parts.join("; ");
    if more > 0 {
        label.push_str(&format!(" and {more} more"));
    }
    Some(label)
}

/// The changes between `a` and `b` under `path`, each "path: old → new".
fn diff(path: &mut Vec<String>, a: &Value, b: &Value, out: &mut Vec<String>) {
    if a == b {
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) if !is_scalar_like(a) || !is_scalar_like(b) => {
            for (k, va) in x {
                let vb = y.get(k).unwrap_or(&Value::Null);
                path.push(k.replace('_', " "));
                diff(path, va, vb, out);
                path.pop();
            }
            for (k, vb) in y.iter().filter(|(k, _)| !x.contains_key(*k)) {
                path.push(k.replace('_', " "));
                diff(path, &Value::Null, vb, out);
                path.pop();
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() && !all_scalars(x, y) => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                path.push(element_name(va, vb, i));
                diff(path, va, vb, out);
                path.pop();
            }
        }
        (Value::Array(x), Value::Array(y)) if !all_scalars(x, y) => {
            out.push(format!("{}: {} → {}", shown_path(path), x.len(), y.len()));
        }
        _ => out.push(format!("{}: {} → {}", shown_path(path), show(a), show(b))),
    }
}

/// A value shown as one: a string, number, flag, none, or a one-key object (`Mp 2`).
fn is_scalar_like(v: &Value) -> bool {
    match v {
        Value::Object(m) => m.len() == 1 && m.values().all(|x| !x.is_object() && !x.is_array()),
        Value::Array(_) => false,
        _ => true,
    }
}

/// Lists of plain values (a track's labels, a line's units) are shown whole.
fn all_scalars(x: &[Value], y: &[Value]) -> bool {
    x.iter().chain(y).all(|v| !v.is_object() && !v.is_array())
}

/// An element of a list by its name (`id`, `kind`, `unit`, `text`), else its place.
fn element_name(a: &Value, b: &Value, i: usize) -> String {
    ["id", "kind", "unit", "text"]
        .iter()
        .find_map(|k| a.get(k).or_else(|| b.get(k)).and_then(Value::as_str))
        .map_or_else(|| format!("{}", i + 1), str::to_string)
}

fn shown_path(path: &[String]) -> String {
    path.join(" · ")
}

/// A value in words: strings as they are, numbers, yes/no, "none", `Mp 2`, a list joined.
fn show(v: &Value) -> String {
    match v {
        Value::Null => "none".into(),
        Value::Bool(b) => if *b { "yes" } else { "no" }.into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) if s.is_empty() => "“”".into(),
        Value::String(s) => format!("“{s}”"),
        Value::Array(items) => items
            .iter()
            .map(|x| x.as_str().map_or_else(|| show(x), str::to_string))
            .collect::<Vec<_>>()
            .join(" "),
        Value::Object(m) => m
            .iter()
            .map(|(k, x)| format!("{k} {}", show(x)))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use saber_schema::model::musket_and_saber::MsMapFile;

    #[test]
    fn a_chart_cell_and_the_track_are_named() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../scenarios/examples/musket-and-saber/maps/millbrook-invented.ron"),
        )
        .expect("the example");
        let src = saber_schema::pipeline::read::Source::from_text("m.ron", text);
        let a: MsMapFile = saber_schema::pipeline::parse::parse(&src).expect("parses");
        let mut b = a.clone();
        let woods = b
            .chart
            .iter_mut()
            .find(|r| r.kind == "woods")
            .expect("woods");
        woods.defense = Some(2);
        assert_eq!(
            describe(&a, &b).as_deref(),
            Some("chart · woods · defense: 1 → 2")
        );
        b.track.labels.push("1500".into());
        assert_eq!(
            describe(&a, &b).as_deref(),
            Some(
                "chart · woods · defense: 1 → 2; track · labels: 0800 0900 1000 1100 1200 1300 1400 → 0800 0900 1000 1100 1200 1300 1400 1500"
            )
        );
        assert_eq!(describe(&a, &a), None);
    }
}
