//! RON ↔ JSON for maps, scenarios and battles (`saberc convert`).
//!
//! The file is read into the model first (so a file that does not parse is refused with the
//! usual diagnostic), and the model is written in the other syntax, which gives every value
//! its right spelling (`Some(…)` and `null`, enum variants, tuples). The result is then aligned
//! with the source: fields come in the source's order, and a field the source left out (a
//! default) stays out. So converting to the other syntax and back gives the file again; only
//! RON's comments have no place in JSON (the caller is told so).

use serde_json::{Map as JsonMap, Value};

use super::format::{self, Document, Group, Node};
use crate::diagnostic::{Code, Diagnostic};
use crate::pipeline::game::{model_ron_of, model_value_of};
use crate::pipeline::parse::{DocKind, check_limits, detect};
use crate::pipeline::read::{Source, Syntax};

/// A file converted to the other syntax.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Converted {
    /// The text in the target syntax, in its canonical layout.
    pub text: String,
    /// The source had comments, which JSON cannot keep.
    pub dropped_comments: bool,
    /// Top-level JSON keys the model does not know (such as `$schema`), left out of RON.
    pub dropped_keys: Vec<String>,
}

/// Convert a map, scenario or battle file to `to`; a file past check's limits (nesting,
/// values) is refused first, as `check` refuses it.
pub fn convert(src: &Source, to: Syntax) -> Result<Converted, Diagnostic> {
    check_limits(&src.text)?;
    let (kind, _) = detect(src)?;
    match kind {
        DocKind::Battle => convert_as(
            src,
            to,
            model_value_of::<crate::model::battle::Battle>,
            model_ron_of::<crate::model::battle::Battle>,
        ),
        // A map or scenario: read and written by its game's model of it.
        _ => {
            let game = crate::pipeline::games::of_source(src);
            convert_as(
                src,
                to,
                |src| game.model_value(src, kind),
                |value| game.model_ron(value, kind),
            )
        }
    }
}

/// Convert `src`, read as a model by `read` (written back as JSON) and written as RON by `ron`.
fn convert_as(
    src: &Source,
    to: Syntax,
    read: impl Fn(&Source) -> Result<Value, Diagnostic>,
    ron: impl Fn(Value) -> Result<String, Diagnostic>,
) -> Result<Converted, Diagnostic> {
    let model = read(src)?;
    let syntax_error = |e: format::FormatError| {
        Diagnostic::new(Code::Syntax, e.message)
            .at_location(crate::pipeline::locate::location_at(&src.text, e.offset, 1))
    };
    match (src.syntax, to) {
        (Syntax::Ron, Syntax::Json) => {
            let doc = format::parse_document(&src.text).map_err(syntax_error)?;
            let mut value = model;
            if let Some(root) = &doc.root {
                align_json(&mut value, root);
            }
            let mut text = serde_json::to_string_pretty(&value).expect("JSON always serializes");
            text.push('\n');
            Ok(Converted {
                text,
                dropped_comments: doc.has_comments(),
                ..Converted::default()
            })
        }
        (Syntax::Json, Syntax::Ron) => {
            let source: Value = serde_json::from_str(&src.text).map_err(|e| {
                Diagnostic::new(Code::Syntax, format!("not valid JSON: {e}")).at_location(
                    crate::pipeline::locate::location_of_line_col(&src.text, e.line(), e.column()),
                )
            })?;
            // `$schema` names a JSON file's schema for editors; a RON field name cannot start
            // with `$`, so RON has no place for it: it is left out (the caller is told).
            let mut value = model;
            if let Value::Object(o) = &mut value {
                o.remove("$schema");
            }
            let typed = ron(value)?;
            let mut doc = format::parse_document(&typed).map_err(syntax_error)?;
            let mut dropped_keys = Vec::new();
            if let Some(root) = &mut doc.root {
                if let (Node::Group(g), Value::Object(o)) = (&*root, &source) {
                    let known: Vec<String> = g.items.iter().filter_map(|i| i.key_name()).collect();
                    dropped_keys = o.keys().filter(|k| !known.contains(k)).cloned().collect();
                }
                align_ron(root, &source);
            }
            Ok(Converted {
                text: format::print_ron(&doc),
                dropped_keys,
                ..Converted::default()
            })
        }
        // Already in the target syntax: the canonical layout of it.
        (from, _) => Ok(Converted {
            text: format::format_text(&src.text, from).map_err(syntax_error)?,
            ..Converted::default()
        }),
    }
}

/// `Some(x)` in RON is `x` in JSON.
fn unwrap_some<'n, 'a>(node: &'n Node<'a>) -> &'n Node<'a> {
    match node {
        Node::Group(g) if g.name == Some("Some") && g.items.len() == 1 => {
            unwrap_some(&g.items[0].value)
        }
        n => n,
    }
}

/// Order the model's JSON as the RON source orders it, and leave out what the source left out.
fn align_json(typed: &mut Value, src: &Node) {
    // A hex the source wrote as its label (`"0412"`) stays a label.
    if let Node::Atom(a) = unwrap_some(src)
        && let Some(label) = hex_label(a.strip_prefix('"').and_then(|a| a.strip_suffix('"')))
        && matches!(typed, Value::Array(v) if v.len() == 2 && v.iter().all(Value::is_i64))
    {
        *typed = Value::String(label.to_string());
        return;
    }
    let Node::Group(g) = unwrap_some(src) else {
        return;
    };
    match typed {
        Value::Object(map) => {
            if let Some(name) = g.name
                && map.len() == 1
                && map.contains_key(name)
            {
                // An enum variant with a payload: `Deploy(zone: …)` is `{"Deploy": {"zone": …}}`.
                let payload = map.get_mut(name).expect("checked");
                align_payload(payload, g);
            } else {
                align_fields(map, g);
            }
        }
        Value::Array(items) => {
            for (v, item) in items.iter_mut().zip(&g.items) {
                align_json(v, &item.value);
            }
        }
        _ => {}
    }
}

fn align_payload(payload: &mut Value, g: &Group) {
    match (payload, g.items.as_slice()) {
        (Value::Object(fields), items) if items.iter().all(|i| i.key().is_some()) => {
            align_fields(fields, g);
        }
        (v, [one]) if one.key().is_none() => align_json(v, &one.value),
        (Value::Array(vs), items) => {
            for (v, item) in vs.iter_mut().zip(items) {
                align_json(v, &item.value);
            }
        }
        _ => {}
    }
}

fn align_fields(map: &mut JsonMap<String, Value>, g: &Group) {
    let mut ordered = JsonMap::new();
    for item in &g.items {
        let Some(key) = item.key_name() else { continue };
        if let Some(mut v) = map.remove(&key) {
            align_json(&mut v, &item.value);
            ordered.insert(key, v);
        }
    }
    *map = ordered;
}

/// Order the model's RON as the JSON source orders it, leave out what the source left out, and
/// write its strings as RON strings of the source's values.
fn align_ron(typed: &mut Node, src: &Value) {
    // A hex the source wrote as its label (`"0412"`) stays a label.
    if let Value::String(s) = src
        && let Some(label) = hex_label(Some(s))
        && matches!(typed, Node::Group(g) if g.name.is_none()
            && g.items.len() == 2
            && g.items.iter().all(|i| i.key().is_none() && matches!(i.value, Node::Atom(_))))
    {
        *typed = Node::Atom(ron_string(label).into());
        return;
    }
    match typed {
        Node::Atom(a) => {
            if let Value::String(s) = src
                && a.starts_with('"')
            {
                *a = ron_string(s).into();
            }
        }
        Node::Group(g) => {
            if g.name == Some("Some") && g.items.len() == 1 {
                return align_ron(&mut g.items[0].value, src);
            }
            // An enum variant's payload, read as the variant's fields, its one value or its list.
            let payload = match (g.name, src) {
                (Some(name), Value::Object(o)) if o.len() == 1 => o.get(name),
                _ => None,
            };
            if let Some(p) = payload
                && g.items.len() == 1
                && g.items[0].key().is_none()
            {
                return align_ron(&mut g.items[0].value, p);
            }
            let keyed = payload.is_none() || g.items.iter().all(|i| i.key().is_some());
            match payload.unwrap_or(src) {
                Value::Object(fields) if keyed => order_items(g, fields),
                Value::Array(vs) => {
                    for (item, v) in g.items.iter_mut().zip(vs) {
                        align_ron(&mut item.value, v);
                    }
                }
                _ => {}
            }
        }
    }
}

fn order_items(g: &mut Group, fields: &JsonMap<String, Value>) {
    let mut items = std::mem::take(&mut g.items);
    for (key, v) in fields {
        if let Some(at) = items
            .iter()
            .position(|i| i.key_name().as_deref() == Some(key))
        {
            let mut item = items.remove(at);
            align_ron(&mut item.value, v);
            g.items.push(item);
        }
    }
}

/// The text, if it has the form of a hex label (`0412`, `110.05`: digits and at most one dot);
/// only a hex reads a label into a pair of numbers, so a pair written so was a hex.
fn hex_label(text: Option<&str>) -> Option<&str> {
    let t = text?;
    let ok = !t.is_empty()
        && t.len() <= 9
        && t.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && t.bytes().filter(|b| *b == b'.').count() <= 1;
    ok.then_some(t)
}

/// A RON string literal: quotes and backslashes escaped, line breaks and every printable
/// character kept as they are, other control characters as `\u{…}`.
pub fn ron_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\t' => out.push(c),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl Document<'_> {
    fn has_comments(&self) -> bool {
        !self.header.is_empty()
            || !self.footer.is_empty()
            || self.root.as_ref().is_some_and(format::has_comments)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario_ron() -> &'static str {
        "// A comment JSON cannot keep.\n(\n    id: \"x\",\n    format: \"saber-scenario/1\",\n    rule: None,\n    name: \"Test \\\"quoted\\\"\",\n    date: \"1 May 1860\",\n    map: \"rifle-and-saber\",\n    sides: [\n        (\n            id: \"red\",\n            name: \"Red\",\n            color: Red,\n            groups: [\n                (id: \"a\", units: {MZ: 2, CY: 1}, entry: Deploy(zone: Within(distance: 1, of: Feature(\"V4\")))),\n            ],\n        ),\n        (\n            id: \"blue\",\n            name: \"Blue\",\n            color: Blue,\n            groups: [(id: \"a\", units: {MZ: 2}, entry: Arrive(turn: 2, at: Edge(East)))],\n        ),\n    ],\n    deploys_first: \"red\",\n    moves_first: \"blue\",\n    game_length: 5,\n)\n"
    }

    #[test]
    fn ron_to_json_keeps_order_and_leaves_defaults_out() {
        let src = Source::from_text("s.ron", scenario_ron());
        let json = convert(&src, Syntax::Json).expect("converts");
        assert!(json.dropped_comments);
        let v: Value = serde_json::from_str(&json.text).expect("json");
        let keys: Vec<&String> = v.as_object().expect("object").keys().collect();
        assert_eq!(keys[..3], ["id", "format", "rule"]);
        assert!(v.get("victory").is_none(), "defaults stay out");
        assert_eq!(
            v["sides"][0]["groups"][0]["units"],
            serde_json::json!({"MZ": 2, "CY": 1})
        );
        assert!(v["sides"][0].get("morale").is_none());
    }

    #[test]
    fn round_trip_gives_the_file_back_without_its_comments() {
        let src = Source::from_text("s.ron", scenario_ron());
        let json = convert(&src, Syntax::Json).expect("to json");
        let back =
            convert(&Source::from_text("s.json", json.text.clone()), Syntax::Ron).expect("to ron");
        let without_comment = scenario_ron().split_once('\n').expect("two lines").1;
        let want = format::format_text(without_comment, Syntax::Ron).expect("formats");
        assert_eq!(back.text, want);
        let again = convert(&Source::from_text("s.ron", back.text), Syntax::Json).expect("again");
        assert_eq!(again.text, json.text);
    }

    #[test]
    fn unknown_json_keys_are_named() {
        let src = Source::from_text("s.ron", scenario_ron());
        let json = convert(&src, Syntax::Json).expect("to json").text;
        let with_schema = json.replacen('{', "{\n  \"$schema\": \"scenario.schema.json\",", 1);
        let back = convert(&Source::from_text("s.json", with_schema), Syntax::Ron);
        // A `$schema` key is either accepted by the model (and named as dropped) or refused as
        // unknown by the parser; it never reaches the RON silently.
        match back {
            Ok(c) => {
                assert_eq!(c.dropped_keys, ["$schema"]);
                assert!(!c.text.contains("$schema"));
            }
            Err(d) => assert!(d.message.contains("$schema"), "{}", d.message),
        }
    }

    #[test]
    fn strings_are_ron_strings() {
        assert_eq!(
            ron_string("a \"b\" \\ c\nd\u{1}"),
            "\"a \\\"b\\\" \\\\ c\nd\\u{1}\""
        );
    }
}
