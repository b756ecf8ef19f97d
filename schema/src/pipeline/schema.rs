//! The JSON Schemas of the three file kinds, generated from the model by schemars, and
//! validation of documents against them with the jsonschema crate. The committed copies under
//! `schema/` are kept in step by a test.

use std::sync::OnceLock;

use serde_json::Value;

use crate::diagnostic::{Code, Diagnostic, PathSeg};
use crate::model::battle::Battle;
use crate::model::map::MapFile;
use crate::model::scenario::Scenario;
use crate::output::export::Export;
use crate::pipeline::parse::DocKind;

/// A function generating one schema.
pub type SchemaFn = fn() -> Value;

/// File names of the generated schemas, with their generators.
pub const SCHEMA_FILES: [(&str, SchemaFn); 4] = [
    ("map.schema.json", map_schema),
    ("scenario.schema.json", scenario_schema),
    ("export.schema.json", export_schema),
    ("battle.schema.json", battle_schema),
];

/// The JSON Schema of map files.
pub fn map_schema() -> Value {
    with_id(schemars::schema_for!(MapFile).to_value(), "map")
}

/// The JSON Schema of scenario files.
pub fn scenario_schema() -> Value {
    with_id(schemars::schema_for!(Scenario).to_value(), "scenario")
}

/// The JSON Schema of battle files, the input of factoring (11.18).
pub fn battle_schema() -> Value {
    with_id(schemars::schema_for!(Battle).to_value(), "battle")
}

/// The JSON Schema of engine exports.
pub fn export_schema() -> Value {
    with_id(schemars::schema_for!(Export).to_value(), "export")
}

fn with_id(mut v: Value, name: &str) -> Value {
    if let Value::Object(m) = &mut v {
        m.insert(
            "$id".into(),
            Value::String(format!(
                "https://rifle-and-saber.invalid/schema/{name}.schema.json"
            )),
        );
    }
    v
}

/// A schema as the text written to disk (pretty JSON and a final newline).
pub fn schema_text(schema: &Value) -> String {
    let mut s = serde_json::to_string_pretty(schema).expect("a JSON value always serializes");
    s.push('\n');
    s
}

fn validator(kind: Option<DocKind>) -> &'static jsonschema::Validator {
    static MAP: OnceLock<jsonschema::Validator> = OnceLock::new();
    static SCENARIO: OnceLock<jsonschema::Validator> = OnceLock::new();
    static EXPORT: OnceLock<jsonschema::Validator> = OnceLock::new();
    static BATTLE: OnceLock<jsonschema::Validator> = OnceLock::new();
    let (cell, make): (&OnceLock<_>, fn() -> Value) = match kind {
        Some(DocKind::Map) => (&MAP, map_schema),
        Some(DocKind::Scenario) => (&SCENARIO, scenario_schema),
        Some(DocKind::Battle) => (&BATTLE, battle_schema),
        None => (&EXPORT, export_schema),
    };
    cell.get_or_init(|| {
        jsonschema::validator_for(&make()).expect("our generated schemas are valid")
    })
}

/// Validate a document (as JSON) against the schema of its kind; each violation becomes a
/// diagnostic pointing at the offending value's path.
pub fn validate(kind: DocKind, value: &Value) -> Vec<Diagnostic> {
    errors(validator(Some(kind)), value)
}

/// Validate an engine export against `export.schema.json`.
pub fn validate_export(value: &Value) -> Vec<Diagnostic> {
    errors(validator(None), value)
}

fn errors(v: &jsonschema::Validator, value: &Value) -> Vec<Diagnostic> {
    v.iter_errors(value)
        .map(|e| {
            let pointer = e.instance_path().as_str().to_string();
            let path = parse_pointer(&pointer);
            let hint = hint_for(e.kind());
            let at = if pointer.is_empty() {
                String::new()
            } else {
                format!(" (at `{pointer}`)")
            };
            Diagnostic::error(Code::Schema, format!("{e}{at}"))
                .at_path(path)
                .with_hint(hint)
        })
        .collect()
}

fn hint_for(kind: &jsonschema::error::ValidationErrorKind) -> String {
    use jsonschema::error::ValidationErrorKind as K;
    match kind {
        K::Maximum { .. }
        | K::Minimum { .. }
        | K::ExclusiveMaximum { .. }
        | K::ExclusiveMinimum { .. } => {
            "the value is out of range: see the limits in the README".into()
        }
        K::MaxLength { .. } | K::MinLength { .. } => "the text is too long or too short".into(),
        K::MaxItems { .. } | K::MinItems { .. } => {
            "the list has too many or too few entries".into()
        }
        K::Pattern { .. } => "the text does not have the required form (see the schema)".into(),
        _ => "see `saberc schema` for the expected form".into(),
    }
}

/// A JSON pointer split into segments; all-digit segments are taken as indices.
pub fn parse_pointer(p: &str) -> Vec<PathSeg> {
    p.split('/')
        .skip(1)
        .map(|s| {
            let s = s.replace("~1", "/").replace("~0", "~");
            match s.parse::<usize>() {
                Ok(i) if !s.is_empty() => PathSeg::Index(i),
                _ => PathSeg::Key(s),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemas_are_valid_and_versioned() {
        for (name, make) in SCHEMA_FILES {
            let s = make();
            assert!(jsonschema::meta::is_valid(&s), "{name}");
            assert!(
                s["properties"]["format"].is_object(),
                "{name} has a format field"
            );
        }
    }

    #[test]
    fn schema_catches_range_and_pattern() {
        let doc = serde_json::json!({
            "format": "saber-map/1", "id": "Bad Id", "name": "x", "width": 5000, "height": 2,
            "terrain": ["..", "..x"]
        });
        let errs = validate(DocKind::Map, &doc);
        let paths: Vec<String> = errs
            .iter()
            .map(|e| crate::diagnostic::pointer(e.path.as_ref().unwrap()))
            .collect();
        assert!(paths.contains(&"/id".to_string()), "{paths:?}");
        assert!(paths.contains(&"/width".to_string()), "{paths:?}");
        assert!(paths.contains(&"/terrain/1".to_string()), "{paths:?}");
    }

    #[test]
    fn pointers_split_into_segments() {
        assert_eq!(
            parse_pointer("/sides/0/groups"),
            vec![
                PathSeg::key("sides"),
                PathSeg::Index(0),
                PathSeg::key("groups")
            ]
        );
        assert_eq!(parse_pointer(""), Vec::<PathSeg>::new());
    }
}
