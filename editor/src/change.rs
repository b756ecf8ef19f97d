//! What one edit of a document did, in words for the History panel and the Undo
//! menu, named as the Rifle & Saber steps are (issue 37 §8): "Front CF 5 → 4 on 2nd Bde of
//! north", "Defense 1 → 2 on woods", "Track labels 0800 0900 → 0800 0900 1000". Read from the
//! two documents as their files hold them (their serde form), so a field added to a game's
//! model is named without code here; its game says a field's name as its rules print it
//! (`GameDoc::words`).

use serde::Serialize;
use serde_json::Value;

/// How a game's rules print its files' fields and one-key values.
#[derive(Debug)]
pub struct Words {
    /// Field names and how the rules print them (`("cf", "CF")`).
    pub fields: &'static [(&'static str, &'static str)],
    /// A one-key value's key and how the rules print it, each `{}` standing for its value, or
    /// its list's values in turn (`("Mp", "{} MP")`, `("AttackDefense", "{}-{}")`); any other
    /// reads "Key value".
    pub values: &'static [(&'static str, &'static str)],
}

impl Words {
    /// No words of its own: fields by their names, values by their keys.
    pub const NONE: Words = Words {
        fields: &[],
        values: &[],
    };
}

/// The edit from `before` to `after`, in words (fields and values as `said`); `None` when
/// nothing changed.
pub fn describe<T: Serialize>(before: &T, after: &T, said: &Words) -> Option<String> {
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
fn diff(path: &mut Vec<Step>, a: &Value, b: &Value, said: &Words, out: &mut Vec<String>) {
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
        _ => out.push(changed(path, &show(a, said), &show(b, said), said)),
    }
}

/// "Front CF 2 → 4 on 2nd Bde": the fields after the nearest named element, the change, and
/// that element (none for a field of the document itself: "Game length 8 → 10").
fn changed(path: &[Step], a: &str, b: &str, said: &Words) -> String {
    let (what, owner) = what_and_owner(path, said);
    format!("{what} {a} → {b}{owner}")
}

/// The fields named after the nearest named element of `path` ("Front CF"), and " on" that
/// element ("" when there is none).
fn what_and_owner(path: &[Step], said: &Words) -> (String, String) {
    let owner = path.iter().rposition(|s| matches!(s, Step::Named(_)));
    let fields: Vec<String> = path[owner.map_or(0, |i| i + 1)..]
        .iter()
        .filter_map(|s| match s {
            Step::Field(k) => Some(
                said.fields
                    .iter()
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
fn added_or_removed(path: &[Step], x: &[Value], y: &[Value], said: &Words) -> String {
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
/// file's one-key values as its game prints them (`said`).
fn show(v: &Value, said: &Words) -> String {
    match v {
        Value::Null => "none".into(),
        Value::Bool(b) => if *b { "yes" } else { "no" }.into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) if s.is_empty() => "“”".into(),
        Value::String(s) => format!("“{}”", crate::scenario::change::short(s)),
        Value::Array(items) if items.is_empty() => "none".into(),
        Value::Array(items) => items
            .iter()
            .map(|x| x.as_str().map_or_else(|| show(x, said), str::to_string))
            .collect::<Vec<_>>()
            .join(" "),
        Value::Object(m) => m
            .iter()
            .map(
                |(k, x)| match said.values.iter().find(|(key, _)| key == k) {
                    Some((_, pattern)) => fill(pattern, x, said),
                    None => format!("{k} {}", show(x, said)),
                },
            )
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// `pattern` with each `{}` replaced by `x`, or by `x`'s values in turn when it is a list.
fn fill(pattern: &str, x: &Value, said: &Words) -> String {
    let mut values = match x {
        Value::Array(items) => items.iter().collect(),
        one => vec![one],
    }
    .into_iter();
    let mut parts = pattern.split("{}");
    let first = parts.next().unwrap_or_default().to_string();
    parts.fold(first, |out, part| {
        let value = values.next().map(|v| show(v, said)).unwrap_or_default();
        out + &value + part
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value of one key reads as its game's words say, else as "Key value"; a list's values
    /// fill the pattern in turn.
    #[test]
    fn one_key_values_read_as_their_games_words() {
        #[derive(Serialize)]
        enum Cost {
            Mp(u8),
            Range(u8, u8),
            Other(u8),
        }
        #[derive(Serialize)]
        struct Row {
            kind: &'static str,
            cost: Cost,
        }
        let words = Words {
            fields: &[("cost", "Price")],
            values: &[("Mp", "{} MP"), ("Range", "{} to {}")],
        };
        let row = |cost| {
            vec![Row {
                kind: "woods",
                cost,
            }]
        };
        let said = |a, b| describe(&row(a), &row(b), &words);
        assert_eq!(
            said(Cost::Mp(1), Cost::Mp(2)).as_deref(),
            Some("Price 1 MP → 2 MP on woods")
        );
        assert_eq!(
            said(Cost::Range(1, 2), Cost::Other(3)).as_deref(),
            Some("Price 1 to 2 → Other 3 on woods")
        );
        let plain = describe(&row(Cost::Mp(1)), &row(Cost::Mp(2)), &Words::NONE);
        assert_eq!(plain.as_deref(), Some("Cost Mp 1 → Mp 2 on woods"));
    }
}
