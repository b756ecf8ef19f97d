//! The book's generated pages (`docs/`, an mdBook): the table of diagnostic codes and a page per
//! code, from the registry; a reference page per committed JSON Schema; the summary's lists of
//! them. `tests/tests/book.rs` compares each with the file on disk and, with
//! `SABER_BLESS=book`, writes it. Hand-written text around a generated part stays: a part sits
//! between `<!-- BEGIN name … -->` and `<!-- END name -->` markers.

use std::collections::BTreeMap;
use std::path::PathBuf;

use saber_schema::diagnostic::REGISTRY;
use saber_schema::diagnostic::codes::markdown_table;
use serde_json::Value;

use crate::repo;

/// One generated file: its path from the repository root and its whole text.
pub struct Page {
    /// Path from the repository root.
    pub path: String,
    /// Its text.
    pub text: String,
}

/// `text` with the part between the `name` markers replaced by `part` (the BEGIN marker's line
/// may carry a note after the name). Panics when the markers are missing or out of order.
pub fn with_part(text: &str, name: &str, part: &str) -> String {
    let begin_marker = format!("<!-- BEGIN {name}");
    let end_marker = format!("<!-- END {name} -->");
    let begin = text
        .find(&begin_marker)
        .unwrap_or_else(|| panic!("no `{begin_marker}` marker"));
    let after_begin = begin + text[begin..].find("-->").expect("the marker closes") + 3;
    let end = text
        .find(&end_marker)
        .unwrap_or_else(|| panic!("no `{end_marker}` marker"));
    assert!(after_begin <= end, "the `{name}` markers are in order");
    format!("{}\n{part}{}", &text[..after_begin], &text[end..])
}

/// The committed JSON Schemas, by file name (`export.schema.json`), sorted.
fn schemas() -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(repo("schema")).expect("schema/ exists") {
        let path = entry.expect("readable entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.ends_with(".schema.json") {
            let text = std::fs::read_to_string(&path).expect("a readable schema");
            out.insert(
                name,
                serde_json::from_str(&text).expect("a committed schema is JSON"),
            );
        }
    }
    out
}

/// The reference page's file name of a schema: `export.schema.json` → `export.md`.
fn reference_name(schema: &str) -> String {
    format!("{}.md", schema.trim_end_matches(".schema.json"))
}

/// A heading's anchor as mdBook makes it: lower case, spaces to `-`, other punctuation gone.
pub fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// A schema's text for a table cell or a paragraph: one line, `|` escaped, `<` `>` `&` as
/// entities outside code spans.
fn cell(text: &str) -> String {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = String::new();
    for (i, part) in one_line.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 {
            out.push_str(&part.replace('|', "\\|"));
        } else {
            out.push_str(
                &part
                    .replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;")
                    .replace('|', "\\|"),
            );
        }
    }
    out
}

/// What a schema value holds, in a few words, definitions linked to their sections.
fn type_of(v: &Value) -> String {
    if let Some(r) = v.get("$ref").and_then(Value::as_str) {
        let name = r.trim_start_matches("#/$defs/");
        return format!("[{name}](#{})", anchor(name));
    }
    if let Some(c) = v.get("const") {
        return format!("`{c}`");
    }
    if let Some(values) = v.get("enum").and_then(Value::as_array) {
        let names: Vec<String> = values.iter().map(|e| format!("`{e}`")).collect();
        return format!("one of {}", names.join(", "));
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(alts) = v.get(key).and_then(Value::as_array) {
            let names: Vec<String> = alts.iter().map(type_of).collect();
            return names.join(" or ");
        }
    }
    if let Some(all) = v.get("allOf").and_then(Value::as_array)
        && all.len() == 1
    {
        return type_of(&all[0]);
    }
    let types: Vec<String> = match v.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(|t| t.as_str().map(String::from))
            .collect(),
        _ => vec![],
    };
    let mut words = Vec::new();
    for t in &types {
        words.push(match t.as_str() {
            "array" => {
                if let Some(prefix) = v.get("prefixItems").and_then(Value::as_array) {
                    let parts: Vec<String> = prefix.iter().map(type_of).collect();
                    format!("[{}]", parts.join(", "))
                } else if let Some(items) = v.get("items") {
                    format!("list of {}", type_of(items))
                } else {
                    "list".to_string()
                }
            }
            "object" => match v.get("additionalProperties") {
                Some(a) if a.is_object() => format!("map to {}", type_of(a)),
                _ => "object".to_string(),
            },
            other => other.to_string(),
        });
    }
    if words.is_empty() {
        "any value".to_string()
    } else {
        words.join(" or ")
    }
}

/// The table of an object's fields.
fn fields(v: &Value) -> String {
    let Some(props) = v.get("properties").and_then(Value::as_object) else {
        return String::new();
    };
    let required: Vec<&str> = v
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut out = String::from("| field | type | required | description |\n|---|---|---|---|\n");
    for (name, p) in props {
        out.push_str(&format!(
            "| `{name}` | {} | {} | {} |\n",
            cell(&type_of(p)),
            if required.contains(&name.as_str()) {
                "yes"
            } else {
                "no"
            },
            cell(p.get("description").and_then(Value::as_str).unwrap_or(""))
        ));
    }
    out
}

/// A definition's (or the document's) section body: description, fields, variants.
fn body(v: &Value) -> String {
    let mut out = String::new();
    if let Some(d) = v.get("description").and_then(Value::as_str) {
        out.push_str(&cell(d));
        out.push_str("\n\n");
    }
    let table = fields(v);
    if !table.is_empty() {
        out.push_str(&table);
        out.push('\n');
    }
    for key in ["oneOf", "anyOf"] {
        let Some(alts) = v.get(key).and_then(Value::as_array) else {
            continue;
        };
        out.push_str("One of:\n\n");
        for alt in alts {
            let desc = alt.get("description").and_then(Value::as_str).unwrap_or("");
            // An externally tagged variant: an object of one property, the variant's name.
            let tagged = alt
                .get("properties")
                .and_then(Value::as_object)
                .filter(|p| p.len() == 1);
            match tagged {
                Some(p) => {
                    let (name, inner) = p.iter().next().unwrap();
                    out.push_str(&format!("- `{name}`: {}", cell(desc)));
                    let inner_fields = fields(inner);
                    if inner_fields.is_empty() {
                        out.push_str(&format!(" ({})\n", cell(&type_of(inner))));
                    } else {
                        out.push_str("\n\n");
                        for line in inner_fields.lines() {
                            out.push_str(&format!("  {line}\n"));
                        }
                        out.push('\n');
                    }
                }
                None => out.push_str(&format!("- {}: {}\n", cell(&type_of(alt)), cell(desc))),
            }
        }
        out.push('\n');
    }
    if table.is_empty() && v.get("oneOf").is_none() && v.get("anyOf").is_none() {
        out.push_str(&format!("A value: {}.\n\n", cell(&type_of(v))));
    }
    out
}

/// The reference page of one committed schema: the document's fields, then each definition.
fn reference_page(file: &str, schema: &Value) -> String {
    let title = schema
        .get("title")
        .and_then(Value::as_str)
        .unwrap_or(file)
        .to_string();
    let mut out = format!(
        "# {}\n\nGenerated from [`schema/{file}`](../../../schema/{file}) by \
         `tests/tests/book.rs`; do not edit (`SABER_BLESS=book cargo test -p saber-tests \
         --test book` rewrites it).\n\n## The document\n\n",
        cell(&title)
    );
    out.push_str(&body(schema));
    if let Some(defs) = schema.get("$defs").and_then(Value::as_object) {
        let mut names: Vec<&String> = defs.keys().collect();
        names.sort();
        for name in names {
            out.push_str(&format!("## {name}\n\n"));
            out.push_str(&body(&defs[name]));
        }
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// The reference pages (`docs/formats/reference/<name>.md`) and their index.
fn reference_pages() -> Vec<Page> {
    let schemas = schemas();
    let mut index = String::from(
        "# Field reference\n\nEvery field of every file the tools read and write, generated \
         from the committed JSON Schemas (`schema/*.schema.json`, written by `saberc schema -o \
         schema`). The [file formats](../index.md) say how the files are used.\n\n",
    );
    let mut pages = Vec::new();
    for (file, schema) in &schemas {
        let name = reference_name(file);
        let title = schema.get("title").and_then(Value::as_str).unwrap_or(file);
        index.push_str(&format!("- [{}]({name}): `{file}`\n", cell(title)));
        pages.push(Page {
            path: format!("docs/formats/reference/{name}"),
            text: reference_page(file, schema),
        });
    }
    pages.push(Page {
        path: "docs/formats/reference/index.md".to_string(),
        text: index,
    });
    pages
}

/// A page per code (`docs/saberc/codes/<CODE>.md`).
fn code_pages() -> Vec<Page> {
    REGISTRY
        .iter()
        .map(|info| Page {
            path: format!(
                "docs/{}",
                saber_schema::diagnostic::codes::book_page(info.id)
            ),
            text: saberc::explain::book_text(info),
        })
        .collect()
}

/// The summary's generated lists: the code pages under the codes' table, the reference pages
/// under its index, each with its parent entry (a marker between a parent and its children
/// would end mdBook's list).
fn summary_parts() -> [(&'static str, String); 2] {
    let mut codes = String::from("- [Diagnostic codes](saberc/codes.md)\n");
    for info in REGISTRY {
        codes.push_str(&format!(
            "    - [{}](saberc/codes/{}.md)\n",
            info.id, info.id
        ));
    }
    let mut reference = String::from("- [Field reference](formats/reference/index.md)\n");
    for (file, schema) in &schemas() {
        let title = schema.get("title").and_then(Value::as_str).unwrap_or(file);
        reference.push_str(&format!(
            "    - [{}](formats/reference/{})\n",
            title.replace(['[', ']'], ""),
            reference_name(file)
        ));
    }
    [("code pages", codes), ("reference pages", reference)]
}

/// Every generated file as it should be, the hand-written ones with their generated parts
/// replaced (read from disk).
pub fn pages() -> Vec<Page> {
    let mut pages = code_pages();
    pages.extend(reference_pages());
    let read = |p: &str| std::fs::read_to_string(repo(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    pages.push(Page {
        path: "docs/saberc/codes.md".to_string(),
        text: with_part(
            &read("docs/saberc/codes.md"),
            "diagnostic codes",
            &markdown_table(),
        ),
    });
    let mut summary = read("docs/SUMMARY.md");
    for (name, part) in summary_parts() {
        summary = with_part(&summary, name, &part);
    }
    pages.push(Page {
        path: "docs/SUMMARY.md".to_string(),
        text: summary,
    });
    pages
}

/// The folders whose every file is generated: a file there that no page is is stale.
pub const GENERATED_FOLDERS: [&str; 2] = ["docs/saberc/codes", "docs/formats/reference"];

/// Files in the generated folders that no page is (a code removed, a schema renamed).
pub fn stale_files(pages: &[Page]) -> Vec<PathBuf> {
    let mut stale = Vec::new();
    for folder in GENERATED_FOLDERS {
        let Ok(entries) = std::fs::read_dir(repo(folder)) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("readable entry").path();
            let rel = format!("{folder}/{}", path.file_name().unwrap().to_string_lossy());
            if !pages.iter().any(|p| p.path == rel) {
                stale.push(path);
            }
        }
    }
    stale.sort();
    stale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_is_replaced_between_its_markers_only() {
        let text = "intro\n<!-- BEGIN list: note -->\n| old |\n<!-- END list -->\nrest\n";
        let fresh = with_part(text, "list", "| new |\n");
        assert_eq!(
            fresh,
            "intro\n<!-- BEGIN list: note -->\n| new |\n<!-- END list -->\nrest\n"
        );
        assert_ne!(fresh, text);
    }

    #[test]
    fn anchors_are_mdbooks() {
        assert_eq!(anchor("ExportGoal"), "exportgoal");
        assert_eq!(anchor("The document"), "the-document");
        assert_eq!(anchor("Format versions"), "format-versions");
    }

    #[test]
    fn types_read_as_words() {
        let v: Value = serde_json::json!({"type": ["integer", "null"]});
        assert_eq!(type_of(&v), "integer or null");
        let v: Value = serde_json::json!({"type": "array", "items": {"$ref": "#/$defs/Hex"}});
        assert_eq!(type_of(&v), "list of [Hex](#hex)");
        assert_eq!(cell("a | b <c> `x|y`"), "a \\| b &lt;c&gt; `x\\|y`");
    }
}
