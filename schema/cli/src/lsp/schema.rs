//! The JSON Schema at a place of a document: the published schema of the document's kind
//! (`saberc schema`), walked along the steps from the document's value to the place. Field
//! names, enum variants and descriptions for completion and hover come from here, so that
//! they are the schema's and no list of our own.

use std::sync::{Mutex, OnceLock};

use serde_json::Value;

use saber_schema::pipeline::games::document_schema;
use saber_schema::pipeline::parse::DocKind;
use saber_schema::ruleset::Game;

/// How deep `$ref`, `oneOf`, `anyOf` and `allOf` are followed: the schemas nest a few levels;
/// a cycle (a zone made of zones) stops here instead of looping.
const MAX_EXPANSION: usize = 24;

/// The published schema of a kind of document of a game (its `game` field:
/// `pipeline::games::document_schema`), made once per kind and game: an M&S scenario
/// completes and hovers with M&S fields, never Rifle & Saber's.
pub fn of_kind(kind: DocKind, game: Game) -> &'static Value {
    type Made = Vec<((DocKind, Game), &'static Value)>;
    static MADE: OnceLock<Mutex<Made>> = OnceLock::new();
    let mut made = MADE
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some((_, v)) = made.iter().find(|(k, _)| *k == (kind, game)) {
        return v;
    }
    // One schema a kind and game, kept for the server's life.
    let v: &'static Value = Box::leak(Box::new(document_schema(kind, game)));
    made.push(((kind, game), v));
    v
}

/// One step from a value to a value written inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The value of a field or map key (`zone` in `zone: …`, `"zone"` in JSON).
    Key(String),
    /// Inside RON's `Name(…)`: an enum variant (`Deploy`, `Feature`), `Some`, or a struct's
    /// optional name.
    Variant(String),
    /// The `index`th element of a bracket without keys; `named` when the bracket is RON's
    /// `Name(…)` (a newtype variant's one value is the variant's own value).
    Item { index: usize, named: bool },
}

/// The schemas a place may hold (the alternatives of a `oneOf` that the steps so far allow).
#[derive(Debug, Clone)]
pub struct At {
    root: &'static Value,
    schemas: Vec<&'static Value>,
}

impl At {
    /// The document's own value.
    pub fn root(root: &'static Value) -> At {
        At {
            root,
            schemas: vec![root],
        }
    }

    /// The place after the steps `steps` from here (possibly nowhere: no schema).
    pub fn walk(&self, steps: &[Step]) -> At {
        let mut at = self.clone();
        for s in steps {
            at = at.step(s);
        }
        at
    }

    /// The place one step further.
    pub fn step(&self, step: &Step) -> At {
        let mut out: Vec<&'static Value> = Vec::new();
        let leaves = self.leaves();
        match step {
            Step::Key(name) => {
                for l in &leaves {
                    if let Some(p) = l.get("properties").and_then(|p| p.get(name)) {
                        out.push(p);
                    } else if let Some(a) = l.get("additionalProperties").filter(|a| a.is_object())
                    {
                        out.push(a);
                    }
                }
            }
            Step::Variant(name) => {
                for l in &leaves {
                    if let Some(p) = l.get("properties").and_then(|p| p.get(name)) {
                        out.push(p);
                    }
                }
                // `Some(…)`, or a struct written with its name: the same value.
                if out.is_empty() {
                    return self.clone();
                }
            }
            Step::Item { index, named } => {
                for l in &leaves {
                    if let Some(p) = l
                        .get("prefixItems")
                        .and_then(Value::as_array)
                        .and_then(|p| p.get(*index))
                    {
                        out.push(p);
                    } else if *named {
                        out.push(l);
                    } else if let Some(i) = l.get("items").filter(|i| i.is_object()) {
                        out.push(i);
                    }
                }
            }
        }
        At {
            root: self.root,
            schemas: out,
        }
    }

    /// Is there no schema here (a place the schema does not know)?
    pub fn is_nowhere(&self) -> bool {
        self.schemas.is_empty()
    }

    /// The schemas here with `$ref`, `oneOf`, `anyOf` and `allOf` expanded: each a plain
    /// schema (an object, a string, a constant, an array…).
    pub fn leaves(&self) -> Vec<&'static Value> {
        let mut out = Vec::new();
        for s in &self.schemas {
            expand(self.root, s, &mut out, 0);
        }
        out
    }

    /// The first description here: of the place itself (a property's own words), else of
    /// what it refers to.
    pub fn description(&self) -> Option<&'static str> {
        let own = self.schemas.iter().find_map(|s| describe(s));
        own.or_else(|| self.leaves().into_iter().find_map(describe))
    }

    /// The fields an object here may have, with their descriptions, in the schema's order.
    pub fn fields(&self) -> Vec<(&'static str, Option<&'static str>)> {
        let mut out: Vec<(&'static str, Option<&'static str>)> = Vec::new();
        for l in self.leaves() {
            if let Some(props) = l.get("properties").and_then(Value::as_object) {
                // A variant's wrapper (`{"Deploy": …}`) is a variant, not a field.
                if is_variant_wrapper(l) {
                    continue;
                }
                for (name, p) in props {
                    if !out.iter().any(|(n, _)| n == name) {
                        let d = describe(p).or_else(|| At::root(self.root).of(p).description());
                        out.push((name.as_str(), d));
                    }
                }
            }
        }
        out
    }

    /// Does a value here take keys (a struct's fields or a map's keys)?
    pub fn takes_keys(&self) -> bool {
        self.leaves().iter().any(|l| {
            (l.get("properties").is_some() && !is_variant_wrapper(l))
                || l.get("propertyNames").is_some()
                || l.get("additionalProperties").is_some_and(Value::is_object)
        })
    }

    /// The variants a value here may be written as.
    pub fn variants(&self) -> Vec<Variant> {
        let mut out: Vec<Variant> = Vec::new();
        let mut push = |v: Variant| {
            if !out.iter().any(|o| o.name == v.name) {
                out.push(v);
            }
        };
        let leaves = self.leaves();
        // `Option<T>`: `anyOf: [T, null]`, or `type: ["integer", "null"]`.
        let has_value = leaves
            .iter()
            .any(|l| !is_null(l) || types(l).any(|t| t != "null"));
        for l in &leaves {
            let d = describe(l);
            if let Some(c) = l.get("const").and_then(Value::as_str) {
                push(Variant::new(c, d, VariantKind::Unit));
            }
            for e in l
                .get("enum")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if let Some(e) = e.as_str() {
                    push(Variant::new(e, d, VariantKind::Unit));
                }
            }
            if is_variant_wrapper(l)
                && let Some((name, p)) = l
                    .get("properties")
                    .and_then(Value::as_object)
                    .and_then(|p| p.iter().next())
            {
                push(Variant::new(
                    name,
                    describe(p).or(d),
                    VariantKind::WithValue,
                ));
            }
            if types(l).any(|t| t == "boolean") {
                push(Variant::new("true", None, VariantKind::Literal));
                push(Variant::new("false", None, VariantKind::Literal));
            }
            if is_null(l) {
                push(Variant::new("None", Some("No value."), VariantKind::None));
                if has_value {
                    push(Variant::new(
                        "Some",
                        Some("A value is given."),
                        VariantKind::Some,
                    ));
                }
            }
        }
        out
    }

    fn of(&self, s: &'static Value) -> At {
        At {
            root: self.root,
            schemas: vec![s],
        }
    }
}

/// A way of writing a value: a unit variant or constant (`NE`, `Everywhere`), a variant with
/// a value (`Feature("V4")`), or a literal (`true`, `None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// As written.
    pub name: String,
    /// The schema's description of it.
    pub description: Option<String>,
    /// What follows the name.
    pub kind: VariantKind,
}

/// What follows a variant's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VariantKind {
    /// Nothing: a constant (a string in JSON).
    Unit,
    /// A value: `Name(…)` in RON, `{"Name": …}` in JSON.
    WithValue,
    /// A literal, the same in both syntaxes (`true`).
    Literal,
    /// No value: `None` in RON, `null` in JSON.
    None,
    /// RON's `Some(…)` (JSON writes the value alone).
    Some,
}

impl Variant {
    fn new(name: &str, description: Option<&str>, kind: VariantKind) -> Variant {
        let (name, description) = (name.to_string(), description.map(str::to_string));
        Variant {
            name,
            description,
            kind,
        }
    }
}

/// `s` with references and alternatives expanded into `out`.
fn expand(root: &'static Value, s: &'static Value, out: &mut Vec<&'static Value>, depth: usize) {
    if depth > MAX_EXPANSION {
        return;
    }
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        if let Some(target) = r.strip_prefix('#').and_then(|p| root.pointer(p)) {
            expand(root, target, out, depth + 1);
        }
        return;
    }
    let mut branched = false;
    for k in ["oneOf", "anyOf", "allOf"] {
        if let Some(alternatives) = s.get(k).and_then(Value::as_array) {
            branched = true;
            for a in alternatives {
                expand(root, a, out, depth + 1);
            }
        }
    }
    if !branched {
        out.push(s);
    }
}

fn describe(s: &Value) -> Option<&str> {
    s.get("description").and_then(Value::as_str)
}

/// The `type` of a schema, as a list.
fn types(s: &Value) -> impl Iterator<Item = &str> {
    let t = s.get("type");
    t.and_then(Value::as_str).into_iter().chain(
        t.and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str),
    )
}

fn is_null(s: &Value) -> bool {
    types(s).any(|t| t == "null")
}

/// Is this schema the object a variant with a value is in JSON (`{"Deploy": {…}}`): one
/// property, required, nothing else allowed?
fn is_variant_wrapper(s: &Value) -> bool {
    let one = s
        .get("properties")
        .and_then(Value::as_object)
        .filter(|p| p.len() == 1);
    let required = s.get("required").and_then(Value::as_array);
    match (one, required) {
        (Some(p), Some(r)) => {
            r.len() == 1
                && r[0].as_str().is_some_and(|n| p.contains_key(n))
                && n_is_capitalised(r[0].as_str().unwrap_or(""))
        }
        _ => false,
    }
}

/// Variants are capitalised (`Deploy`), fields not (`zone`): a struct with one required
/// field is not a variant.
fn n_is_capitalised(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[Variant]) -> Vec<&str> {
        v.iter().map(|v| v.name.as_str()).collect()
    }

    #[test]
    fn the_schema_is_walked_through_variants_options_and_lists() {
        let root = At::root(of_kind(DocKind::Scenario, Game::RifleAndSaber));
        let group = root.walk(&[
            Step::Key("sides".into()),
            Step::Item {
                index: 0,
                named: false,
            },
            Step::Key("groups".into()),
            Step::Item {
                index: 0,
                named: false,
            },
        ]);
        let fields: Vec<&str> = group.fields().into_iter().map(|(n, _)| n).collect();
        assert_eq!(fields, ["id", "units", "markers", "entry"]);
        let entry = group.step(&Step::Key("entry".into()));
        assert_eq!(names(&entry.variants()), ["Deploy", "Arrive"]);
        assert!(!entry.takes_keys());
        // `Deploy(zone: Sector(toward: …))`: the compass points, with the enum's words.
        let toward = entry.walk(&[
            Step::Variant("Deploy".into()),
            Step::Key("zone".into()),
            Step::Variant("Sector".into()),
            Step::Key("toward".into()),
        ]);
        assert_eq!(
            names(&toward.variants()),
            ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        );
        assert_eq!(toward.description(), Some("Central bearing of the sector."));
        // `at_least: Some(12)`: an option, and through `Some` the integer.
        let at_least = entry.walk(&[
            Step::Variant("Deploy".into()),
            Step::Key("zone".into()),
            Step::Variant("Sector".into()),
            Step::Key("at_least".into()),
        ]);
        assert_eq!(names(&at_least.variants()), ["None", "Some"]);
        // `Difference(A, B)`: a tuple variant's items; `Union([…])`: a newtype's list.
        let zone = entry.walk(&[Step::Variant("Deploy".into()), Step::Key("zone".into())]);
        let second = zone.walk(&[
            Step::Variant("Difference".into()),
            Step::Item {
                index: 1,
                named: true,
            },
        ]);
        assert!(names(&second.variants()).contains(&"Everywhere"));
        let in_union = zone.walk(&[
            Step::Variant("Union".into()),
            Step::Item {
                index: 0,
                named: true,
            },
            Step::Item {
                index: 3,
                named: false,
            },
        ]);
        assert!(names(&in_union.variants()).contains(&"Feature"));
        // Unknown places have no schema.
        assert!(root.step(&Step::Key("no_such_field".into())).is_nowhere());
    }
}
