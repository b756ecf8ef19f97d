//! The JSON Schemas of the three file kinds, generated from the model by schemars, and
//! validation of documents against them with the jsonschema crate. The committed copies under
//! `schema/` are kept in step by a test.

use std::sync::OnceLock;

use serde_json::Value;

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg};
use crate::model::battle::Battle;
use crate::model::export::Export;
use crate::model::limits;
use crate::model::map::MapFile;
use crate::model::scenario::Scenario;
use crate::model::zone::{Without, without_of};
use crate::pipeline::parse::DocKind;

/// A function generating one schema.
pub type SchemaFn = fn() -> Value;

/// File names of the generated schemas of Rifle & Saber's documents, with their generators
/// (each game's are listed by its front end, `GameFrontEnd::schema_files`).
pub const SCHEMA_FILES: [(&str, SchemaFn); 4] = [
    ("map.schema.json", map_schema),
    ("scenario.schema.json", scenario_schema),
    ("export.schema.json", export_schema),
    ("battle.schema.json", battle_schema),
];

/// The file name and generator of the schema of `saberc analyze --format json`'s report, of
/// every game's scenarios.
pub const ANALYSIS_SCHEMA_FILE: (&str, SchemaFn) = ("analysis.schema.json", analysis_schema);

// The reader (`parse`, below this stage) gives the same help for a value's form.
pub use crate::pipeline::parse::{FORM_HELP, type_hint};

/// Where a hint sends a user for the limits: the book's page listing them.
pub const LIMITS_PAGE: &str = "docs/saberc/limits.md";

/// The JSON Schema of map files.
pub fn map_schema() -> Value {
    published(schemars::schema_for!(MapFile).to_value(), "map")
}

/// The JSON Schema of scenario files.
pub fn scenario_schema() -> Value {
    published(schemars::schema_for!(Scenario).to_value(), "scenario")
}

/// The JSON Schema of battle files, the input of factoring (11.18).
pub fn battle_schema() -> Value {
    published(schemars::schema_for!(Battle).to_value(), "battle")
}

/// The JSON Schema of engine exports.
pub fn export_schema() -> Value {
    published(schemars::schema_for!(Export).to_value(), "export")
}

/// The JSON Schema of `saberc analyze --format json`'s report.
pub fn analysis_schema() -> Value {
    published(
        schemars::schema_for!(crate::model::analysis::Analysis).to_value(),
        "analysis",
    )
}

/// The address a schema is published under (its `$id`), which files name in `$schema`.
pub fn schema_url(name: &str) -> String {
    format!("https://rifle-and-saber.invalid/schema/{name}.schema.json")
}

/// A generated schema as published: with its `$id`, and standard JSON Schema that every
/// validator accepts in strict mode (see [`standardize`]).
fn published(v: Value, name: &str) -> Value {
    published_as(v, name, name)
}

/// A generated schema of kind `kind` (`map`) as published under `name`: with its `$id`, in
/// standard JSON Schema, its `format` held to the version this saberc reads.
pub fn published_as(mut v: Value, kind: &str, name: &str) -> Value {
    standardize(&mut v, None);
    if let Value::Object(m) = &mut v {
        m.insert("$id".into(), Value::String(schema_url(name)));
    }
    // A document's `format` names the one version this saberc reads (FMT002 for any other),
    // so the schema accepts only that version, as saberc does. The export has its own.
    if kind != "export"
        && let Some(Value::Object(format)) = v.pointer_mut("/properties/format")
    {
        format.insert(
            "pattern".into(),
            Value::String(format!(
                "^saber-{kind}/{}$",
                crate::pipeline::parse::CURRENT_VERSION
            )),
        );
    }
    v
}

/// A schemars schema rewritten into standard JSON Schema (see `standardize`): for schemas
/// made outside this crate, such as the report of `saberc check --format json`.
pub fn standard_schema(mut v: Value) -> Value {
    standardize(&mut v, None);
    v
}

/// Rewrite schemars' output into standard JSON Schema:
/// - the non-standard integer `format`s (`uint32`, `int32`, …) become the `minimum` and
///   `maximum` they stand for (a bound set by the model is kept);
/// - every definition and property gets a `title` (from its name) where the model gives none,
///   and a property of an enum variant's object takes the variant's description.
fn standardize(v: &mut Value, name: Option<&str>) {
    let Value::Object(m) = v else {
        if let Value::Array(items) = v {
            items.iter_mut().for_each(|i| standardize(i, None));
        }
        return;
    };
    if let Some(Value::String(f)) = m.get("format")
        && let Some((lo, hi)) = integer_bounds(f)
    {
        m.remove("format");
        m.entry("minimum").or_insert(Value::from(lo));
        m.entry("maximum").or_insert(Value::from(hi));
    }
    if let Some(name) = name {
        m.entry("title")
            .or_insert_with(|| Value::String(title_of(name)));
    }
    // An externally tagged variant `{"Within": {...}}` documents the variant on the outer
    // object; its one property is the variant itself, so it shares the description.
    let variant_doc = m.get("description").cloned();
    let single = m
        .get("properties")
        .and_then(Value::as_object)
        .is_some_and(|p| p.len() == 1)
        && m.get("required").and_then(Value::as_array).map(Vec::len) == Some(1);
    for (key, child) in m.iter_mut() {
        match key.as_str() {
            "properties" | "$defs" => {
                if let Value::Object(children) = child {
                    for (k, c) in children.iter_mut() {
                        if single
                            && key == "properties"
                            && let (Value::Object(cm), Some(d)) = (&mut *c, &variant_doc)
                        {
                            cm.entry("description").or_insert_with(|| d.clone());
                        }
                        standardize(c, Some(k));
                    }
                }
            }
            // Enum values and examples are data, not schemas.
            "enum" | "const" | "examples" | "default" => {}
            _ => standardize(child, None),
        }
    }
}

/// The range a schemars integer `format` stands for.
fn integer_bounds(format: &str) -> Option<(i64, u64)> {
    Some(match format {
        "uint8" => (0, u8::MAX.into()),
        "uint16" => (0, u16::MAX.into()),
        "uint32" | "uint" => (0, u32::MAX.into()),
        "uint64" => (0, u64::MAX),
        "int8" => (i8::MIN.into(), i8::MAX as u64),
        "int16" => (i16::MIN.into(), i16::MAX as u64),
        "int32" | "int" => (i32::MIN.into(), i32::MAX as u64),
        "int64" => (i64::MIN, i64::MAX as u64),
        _ => return None,
    })
}

/// A title from a property or type name: `deploys_first` → "Deploys first",
/// `CounterValues` → "Counter values"; codes such as `MZ` or `IP` stay as they are.
fn title_of(name: &str) -> String {
    let name = name.trim_start_matches('$');
    if name
        .chars()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
    {
        return name.to_string();
    }
    let mut words = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c == '_' || c == '-' {
            words.push(' ');
            prev_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && prev_lower {
            words.push(' ');
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        words.push(c);
    }
    let lower = words.to_lowercase();
    let mut chars = lower.chars();
    match chars.next() {
        Some(f) => f.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

/// A schema as the text written to disk (pretty JSON and a final newline).
pub fn schema_text(schema: &Value) -> String {
    let mut s = serde_json::to_string_pretty(schema).expect("a JSON value always serializes");
    s.push('\n');
    s
}

/// The yes-or-no check of the schemas of Rifle & Saber's file kinds, generated at build time from
/// their committed copies (`schema/*.schema.json`, kept equal to [`SCHEMA_FILES`] by
/// tests/tests/schemas.rs): a valid file needs no schema generated or compiled at run time,
/// which was a third of a one-file check. Only a file found invalid builds the validator that
/// lists its errors ([`GameSchema`]).
mod generated {
    #[jsonschema::validator(path = "map.schema.json", methods = { is_valid = true, validate = false, iter_errors = false })]
    pub(super) struct Map;

    #[jsonschema::validator(path = "scenario.schema.json", methods = { is_valid = true, validate = false, iter_errors = false })]
    pub(super) struct Scenario;

    #[jsonschema::validator(path = "battle.schema.json", methods = { is_valid = true, validate = false, iter_errors = false })]
    pub(super) struct Battle;
}

/// The schema of a kind of Rifle & Saber document, its validators made once.
fn schema_of(kind: DocKind) -> &'static GameSchema {
    static MAP: GameSchema = GameSchema::generated(map_schema, &[], generated::Map::is_valid);
    static SCENARIO: GameSchema =
        GameSchema::generated(scenario_schema, &[], generated::Scenario::is_valid);
    static BATTLE: GameSchema =
        GameSchema::generated(battle_schema, &[], generated::Battle::is_valid);
    match kind {
        DocKind::Map => &MAP,
        DocKind::Scenario => &SCENARIO,
        DocKind::Battle => &BATTLE,
    }
}

/// Rewrite each `oneOf` of a serde enum (alternatives that are a one-key object, the variant's
/// tag, or a string naming a unit variant) as `if`/`then`: an object goes to the alternative
/// of the tag it has, anything else to the original `oneOf`. The two accept the same values,
/// since the alternatives exclude each other by tag. jsonschema copies the value under each
/// failing `oneOf` alternative into its error, so a zone tree of a megabyte with many mistakes
/// cost 10 GB; an `if` is decided without collecting errors, and `then` reports the chosen
/// variant's own errors, which are the ones [`innermost`] picks from a `oneOf` anyway.
fn discriminated(schema: &mut Value) {
    fn tag(alternative: &Value) -> Option<&str> {
        let o = alternative.as_object()?;
        let required = o.get("required")?.as_array()?;
        let properties = o.get("properties")?.as_object()?;
        match (required.as_slice(), o.get("additionalProperties")) {
            ([Value::String(k)], Some(Value::Bool(false)))
                if properties.len() == 1 && properties.contains_key(k) =>
            {
                Some(k)
            }
            _ => None,
        }
    }
    fn is_unit_variant(alternative: &Value) -> bool {
        alternative["type"] == "string"
            && (alternative.get("const").is_some() || alternative.get("enum").is_some())
    }
    match schema {
        Value::Object(o) => {
            o.values_mut().for_each(discriminated);
            let Some(Value::Array(alternatives)) = o.get("oneOf") else {
                return;
            };
            let enum_like = alternatives
                .iter()
                .all(|a| tag(a).is_some() || is_unit_variant(a));
            if !enum_like || o.contains_key("if") {
                return;
            }
            let original = Value::Array(alternatives.clone());
            let mut chain = serde_json::json!({ "oneOf": original.clone() });
            for a in alternatives.iter().rev() {
                if let Some(k) = tag(a) {
                    chain = serde_json::json!({
                        "if": { "required": [k] },
                        "then": a,
                        "else": chain,
                    });
                }
            }
            o.remove("oneOf");
            o.insert("if".into(), serde_json::json!({ "type": "object" }));
            o.insert("then".into(), chain);
            o.insert("else".into(), serde_json::json!({ "oneOf": original }));
        }
        Value::Array(a) => a.iter_mut().for_each(discriminated),
        _ => {}
    }
}

/// Validate a document (as JSON, as the user wrote it) against the schema of its kind; each
/// violation becomes a diagnostic at the offending value, in words.
pub fn validate(kind: DocKind, value: &Value) -> Vec<Diagnostic> {
    let (mut blocking, deferred) = validate_deferring(kind, value);
    blocking.extend(deferred);
    blocking
}

/// Validate a document, setting apart the findings a rule check explains better: a Game-Turn
/// out of range is TRN001 (game length) or TRN002 (arrival), which say what the Turn Record
/// Track is; the schema's "greater than the maximum of 20" says less; a terrain row with an
/// unknown character is MAP002, which names the character and its column. The caller reports a
/// deferred finding only where no rule check reported that value.
pub fn validate_deferring(kind: DocKind, value: &Value) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
    schema_of(kind).validate_deferring(value, |e| rule_explains(kind, e))
}

/// A game's schema of a kind of its documents, its validators made once, on first use: what
/// its front end holds in a `static` to validate its documents (as the user wrote them).
pub struct GameSchema {
    /// Generates the schema.
    make: SchemaFn,
    /// The zone clauses the game's dialect has not ([`crate::model::zone::ZoneDialect`]).
    without: &'static [Without],
    /// The yes-or-no check generated at build time from the committed schema, when there is one.
    generated: Option<fn(&Value) -> bool>,
    /// The validator that says yes or no, made only when no check was generated.
    validator: OnceLock<jsonschema::Validator>,
    /// The validator whose errors are listed for a document found invalid: the schema with every
    /// tagged-enum `oneOf` written as `if`/`then` (see [`discriminated`]).
    listing: OnceLock<jsonschema::Validator>,
}

impl GameSchema {
    /// The schema `make` generates, of documents whose zones lack the clauses `without`.
    pub const fn new(make: SchemaFn, without: &'static [Without]) -> GameSchema {
        GameSchema {
            make,
            without,
            generated: None,
            validator: OnceLock::new(),
            listing: OnceLock::new(),
        }
    }

    /// The same, whose yes-or-no check was generated at build time from the committed copy of
    /// the schema (`check`), so that a valid document compiles no schema at run time.
    pub const fn generated(
        make: SchemaFn,
        without: &'static [Without],
        check: fn(&Value) -> bool,
    ) -> GameSchema {
        let mut schema = GameSchema::new(make, without);
        schema.generated = Some(check);
        schema
    }

    /// Validate a document against the schema; each violation becomes a diagnostic at the
    /// offending value (a zone clause the game has not said as such).
    pub fn validate(&self, value: &Value) -> Vec<Diagnostic> {
        self.validate_deferring(value, |_| false).0
    }

    /// [`GameSchema::validate`], setting apart the violations `defer` picks.
    fn validate_deferring(
        &self,
        value: &Value,
        defer: impl Fn(&jsonschema::ValidationError) -> bool,
    ) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
        // Most files are valid: the yes-or-no check stops at nothing and builds no error.
        if self.is_valid(value) {
            return (Vec::new(), Vec::new());
        }
        // Bounded: a list of 100,000 bad items is 100,000 errors, of which a file shows 200.
        let (mut blocking, mut deferred) = (Findings::new(), Findings::new());
        for e in self.listing().iter_errors(value) {
            let found = if defer(innermost(&e)) {
                &mut deferred
            } else {
                &mut blocking
            };
            found.push_with(Code::Schema, || diagnostic_in(&e, self.without));
        }
        (blocking.into_vec(), deferred.into_vec())
    }

    /// Whether the document is valid under the schema (no error built).
    fn is_valid(&self, value: &Value) -> bool {
        match self.generated {
            Some(check) => check(value),
            None => self
                .validator
                .get_or_init(|| compile(&(self.make)()))
                .is_valid(value),
        }
    }

    /// The validator whose errors are listed, made on first use.
    fn listing(&self) -> &jsonschema::Validator {
        self.listing.get_or_init(|| {
            let mut listed = (self.make)();
            discriminated(&mut listed);
            compile(&listed)
        })
    }
}

/// One of our generated schemas compiled.
fn compile(schema: &Value) -> jsonschema::Validator {
    jsonschema::validator_for(schema).expect("our generated schemas are valid")
}

/// Each violation of `validator`'s schema by `value`, as a diagnostic at the offending value.
/// Most documents are valid: then nothing is listed and no error built.
fn violations(validator: &jsonschema::Validator, value: &Value) -> Vec<Diagnostic> {
    if validator.is_valid(value) {
        return Vec::new();
    }
    let mut found = Findings::new();
    for e in validator.iter_errors(value) {
        found.push_with(Code::Schema, || diagnostic_in(&e, &[]));
    }
    found.into_vec()
}

/// Validate a document (as the user wrote it) against a schema given as a value, compiled at
/// each call (a game's own schemas are held in a [`GameSchema`], whose validators are made
/// once); each violation becomes a diagnostic at the offending value.
pub fn validate_with(schema: &Value, value: &Value) -> Vec<Diagnostic> {
    let Ok(validator) = jsonschema::validator_for(schema) else {
        return vec![Diagnostic::new(
            Code::Schema,
            "the game's schema is not a valid JSON Schema".to_string(),
        )];
    };
    violations(&validator, value)
}

/// Validate an engine export against `export.schema.json`.
pub fn validate_export(value: &Value) -> Vec<Diagnostic> {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    validate_once(&VALIDATOR, export_schema, value)
}

/// Validate a document against the schema `make` generates, compiled into `validator` on first
/// use (a game's engine export); each violation becomes a diagnostic at the offending value.
pub fn validate_once(
    validator: &OnceLock<jsonschema::Validator>,
    make: SchemaFn,
    value: &Value,
) -> Vec<Diagnostic> {
    violations(validator.get_or_init(|| compile(&make())), value)
}

/// Fields whose range a rule check reports with the rule's own words.
const RULE_CHECKED: [&str; 2] = ["game_length", "turn"];

/// Maps whose counts a rule check bounds (LIM001 names the unit type and the limit).
const COUNTED: [&str; 2] = ["units", "markers"];

fn rule_explains(kind: DocKind, e: &jsonschema::ValidationError) -> bool {
    use jsonschema::error::ValidationErrorKind as K;
    let path = parse_pointer(e.instance_path().as_str());
    if kind == DocKind::Map {
        return matches!(e.kind(), K::Pattern { .. })
            && matches!(path.as_slice(), [PathSeg::Key(k), PathSeg::Index(_)] if k == "terrain");
    }
    if kind != DocKind::Scenario {
        return false;
    }
    let key = |from_end: usize| match path.iter().rev().nth(from_end) {
        Some(PathSeg::Key(k)) => k.as_ref(),
        _ => "",
    };
    matches!(e.kind(), K::Maximum { .. } | K::Minimum { .. })
        && (RULE_CHECKED.contains(&key(0)) || COUNTED.contains(&key(1)))
}

/// Longest schema message kept, in characters (jsonschema echoes the offending value).
const MAX_ECHO: usize = 300;

/// One violation as a diagnostic, of a document whose zones lack the clauses `without` (its
/// game's dialect). A value that fits none of the forms of a `oneOf` (a zone, a goal, an
/// entry) is explained by the form it names (`{"Feature": "V 7"}` is a `Feature`), at the
/// value that breaks it.
fn diagnostic_in(e: &jsonschema::ValidationError, without: &[Without]) -> Diagnostic {
    let e = innermost(e);
    let pointer = e.instance_path().as_str().to_string();
    let path = parse_pointer(&pointer);
    let (message, hint) = match e.kind() {
        jsonschema::error::ValidationErrorKind::OneOfNotValid { .. } => {
            match without_of(without, e.instance()) {
                Some(w) => (
                    format!(
                        "`{}` is not a zone of this game: {}",
                        w.kind.variant(),
                        w.why
                    ),
                    w.instead.to_string(),
                ),
                None => no_form_fits(e.instance()),
            }
        }
        _ => in_words(e, path.last()),
    };
    let at = if pointer.is_empty() {
        String::new()
    } else {
        format!(
            " (at `{}`)",
            crate::diagnostic::truncate_chars(&pointer, 200)
        )
    };
    // The message may echo the value: a 4 MiB name must not come back whole.
    let message = crate::diagnostic::truncate_chars(&message, MAX_ECHO);
    Diagnostic::new(Code::Schema, format!("{message}{at}"))
        .at_path(path)
        .with_hint(hint)
}

/// For a `oneOf` failure, the error inside the alternative the value chose: the alternative
/// whose errors all lie inside the value (it has the right tag) rather than at it.
fn innermost<'a>(e: &'a jsonschema::ValidationError<'a>) -> &'a jsonschema::ValidationError<'a> {
    use jsonschema::error::ValidationErrorKind as K;
    let (K::OneOfNotValid { context } | K::AnyOf { context }) = e.kind() else {
        return e;
    };
    let here = e.instance_path().as_str();
    let chosen = context.iter().find(|branch| {
        !branch.is_empty()
            && branch
                .iter()
                .all(|b| b.instance_path().as_str().len() > here.len())
    });
    match chosen.and_then(|b| b.first()) {
        Some(inner) => innermost(inner),
        None => e,
    }
}

/// A value that takes none of the forms of a `oneOf` and names none of them (its tag is not
/// one of the alternatives' tags, or a name without a value was given one).
fn no_form_fits(v: &Value) -> (String, String) {
    match v {
        Value::Object(m) if m.len() == 1 => {
            let (tag, payload) = m.iter().next().expect("one entry");
            if payload.is_null() {
                (
                    format!("`{tag}` takes no value, but is written as an object with `null`"),
                    format!("write it as the string \"{tag}\""),
                )
            } else {
                (
                    format!("`{tag}` does not take the value given here"),
                    "see `saberc schema` for the forms this value may take".into(),
                )
            }
        }
        other => (
            format!("{} is none of the forms this value may take", shown(other)),
            "see `saberc schema` for the forms this value may take".into(),
        ),
    }
}

/// A violation in words, with a hint that says what to write.
fn in_words(e: &jsonschema::ValidationError, field: Option<&PathSeg>) -> (String, String) {
    use jsonschema::error::ValidationErrorKind as K;
    let name = match field {
        Some(PathSeg::Key(k)) => format!("`{k}`"),
        Some(PathSeg::Index(i)) => format!("entry {i}"),
        None => "the document".to_string(),
    };
    let shown = shown(e.instance());
    let is_turn = matches!(field, Some(PathSeg::Key(k)) if is_turn_field(k));
    match e.kind() {
        K::Maximum { .. } | K::Minimum { .. } if is_turn => (
            format!(
                "{name} is {shown}, but Game-Turns run 1–{}",
                crate::ruleset::LONGEST_TURN_RECORD_TRACK
            ),
            format!(
                "the Turn Record Track has {} spaces (15.0): use a Game-Turn from 1 to {}",
                crate::ruleset::LONGEST_TURN_RECORD_TRACK,
                crate::ruleset::LONGEST_TURN_RECORD_TRACK
            ),
        ),
        K::Maximum { limit } => (
            format!("{name} is {shown}, over the limit of {limit}"),
            format!("use at most {limit} (every limit is listed in the book, {LIMITS_PAGE})"),
        ),
        K::Minimum { limit } => (
            format!("{name} is {shown}, under the least allowed value {limit}"),
            format!("use at least {limit}"),
        ),
        K::ExclusiveMaximum { limit } | K::ExclusiveMinimum { limit } => (
            format!("{name} is {shown}, out of range (limit {limit})"),
            format!("see the limits in the book, {LIMITS_PAGE}"),
        ),
        K::MaxLength { limit } => (
            format!("{name} is longer than {limit} characters"),
            format!("shorten it to at most {limit} characters"),
        ),
        K::MinLength { limit } if *limit <= 1 => {
            (format!("{name} is empty"), "write it out".into())
        }
        K::MinLength { limit } => (
            format!("{name} is shorter than {limit} characters"),
            format!("write at least {limit} characters"),
        ),
        K::MaxItems { limit } => (
            format!("{name} has more than {limit} entries"),
            format!("keep at most {limit}"),
        ),
        K::MinItems { limit } => (
            format!("{name} needs at least {limit} entries"),
            format!("give at least {limit}"),
        ),
        K::Pattern { pattern } => {
            let (what, mut form) = pattern_in_words(pattern);
            // An id written as a name (`"Fatehpur 1857"`): the id it most likely means.
            if (pattern == limits::FILE_ID_PATTERN || pattern == limits::SIDE_ID_PATTERN)
                && let Some(written) = e.instance().as_str()
                && let Some(id) = id_for(written)
            {
                form = format!("write `\"{id}\"`: {form}");
            }
            (format!("{shown} is not {what}"), form)
        }
        K::AdditionalProperties { unexpected } => (
            format!("unknown field `{}`", unexpected.join("`, `")),
            "remove it, or check its spelling against the schema".into(),
        ),
        K::PropertyNames { error } => (
            format!("{name} has a key that is not allowed: {error}"),
            "use the codes the schema lists".into(),
        ),
        // A `Terrain` zone of a game whose terrains are its map's own kinds (`KindName`)
        // refuses Rifle & Saber's terrain types by name.
        K::Not { schema } if schema.get("enum").is_some() => {
            let other_game = matches!(field, Some(PathSeg::Key(k)) if k == "Terrain");
            if other_game {
                // The reading stays: in JSON, `"Woods"` is both Rifle & Saber's terrain type and
                // a kind a chart could spell so, and the schema holds no map's chart. So it is
                // refused as the first, and a map's kind spelled so is named to be renamed.
                let names: Vec<String> = crate::ruleset::Terrain::ALL
                    .iter()
                    .filter_map(|t| serde_json::to_value(t).ok())
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect();
                let lower = shown.to_lowercase();
                (
                    format!(
                        "{shown} is a Rifle & Saber terrain type, not a kind of terrain of this map's chart"
                    ),
                    format!(
                        "name a kind of the map's legend and chart as the map writes it (2.2), {lower}; a kind spelled exactly as a Rifle & Saber terrain type ({}) cannot be named in a zone, since the schema cannot tell it from that type: rename it in the map (its chart row, legend and hexsides), e.g. to {lower}",
                        names.join(", ")
                    ),
                )
            } else {
                (
                    format!("{name} may not be {shown}"),
                    "see `saberc schema` for the expected form".into(),
                )
            }
        }
        K::Type { .. } => (format!("{name} has the wrong type: {e}"), type_hint()),
        _ => (
            e.to_string(),
            "see `saberc schema` for the expected form".into(),
        ),
    }
}

/// Is a field a Game-Turn (a turn of arrival, a deadline, a ladder rung, the game length)?
pub(crate) fn is_turn_field(k: &str) -> bool {
    matches!(
        k,
        "turn" | "by_turn" | "game_length" | "turns" | "EndOfTurn" | "ConsecutiveTurns"
    )
}

/// A value as shown in a message: short, on one line.
fn shown(v: &Value) -> String {
    let mut t = v.to_string();
    if t.chars().count() > 60 {
        t = t.chars().take(57).collect::<String>() + "…";
    }
    format!("`{t}`")
}

/// The id a name most likely stands for: lower case, each run of other characters one `-`
/// (`"Fatehpur 1857"` is `"fatehpur-1857"`); `None` when nothing is left or it is too long.
fn id_for(name: &str) -> Option<String> {
    let mut id = String::new();
    for c in name.trim().chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-' {
            id.push(c);
        } else if !id.ends_with('-') {
            id.push('-');
        }
    }
    let id = id.trim_matches('-').to_string();
    (!id.is_empty() && id.len() <= limits::MAX_ID && id != name).then_some(id)
}

/// What a pattern means, for the model's patterns: (what the value is not, how to write one).
fn pattern_in_words(pattern: &str) -> (&'static str, String) {
    if pattern == crate::ruleset::FEATURE_PATTERN {
        (
            "a feature",
            "a feature is a letter V, H, W, R, J, F or B followed by a number, as printed on the map (11.0): `V4`, `H26`".into(),
        )
    } else if pattern == limits::FILE_ID_PATTERN || pattern == limits::SIDE_ID_PATTERN {
        (
            "an id",
            format!(
                "an id is lower-case letters, digits, `-` and `_`, at most {} characters (`british`, `fatehpur`)",
                limits::MAX_ID
            ),
        )
    } else if pattern.starts_with("^saber-") {
        (
            "a format name",
            format!(
                "write the format as `{}`",
                pattern.trim_start_matches('^').replace(
                    "[0-9]+$",
                    &crate::pipeline::parse::CURRENT_VERSION.to_string()
                )
            ),
        )
    } else if pattern == crate::ruleset::TERRAIN_ROW_PATTERN {
        (
            "a terrain row",
            "a terrain row has one character per hex: `.` clear, `v` village, `w` woods, `f` forest, `~` river, `=` ford, `#` bridge; `^` `V` `W` `F` on a slope".into(),
        )
    } else if pattern == "^[a-z]$" {
        (
            "a group letter",
            "a group is one lower-case letter, `a` to `z`, as printed `(a)`, `(b)` (11.0)".into(),
        )
    } else {
        ("of the required form", format!("it must match `{pattern}`"))
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
                _ => PathSeg::Key(s.into()),
            }
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn schemas_are_valid_and_versioned() {
        for (name, make) in crate::pipeline::games::schema_files() {
            let s = make();
            assert!(jsonschema::meta::is_valid(&s), "{name}");
            assert!(
                s["properties"]["format"].is_object(),
                "{name} has a format field"
            );
        }
    }

    /// The documents of the folders `dirs` (below the repository's root) that `read` takes, as
    /// their kind and what they wrote: what the tests of a game's schema checks judge.
    pub(crate) fn documents(
        dirs: &[&str],
        read: impl Fn(&crate::pipeline::read::Source, DocKind) -> Option<Value>,
    ) -> Vec<(DocKind, Value)> {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let mut docs = Vec::new();
        for dir in dirs {
            for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
                let path = entry.unwrap().path();
                let Ok(src) = crate::pipeline::read::Source::read(&path) else {
                    continue;
                };
                let Ok((kind, _)) = crate::pipeline::parse::detect(&src) else {
                    continue;
                };
                if let Some(doc) = read(&src, kind) {
                    docs.push((kind, doc));
                }
            }
        }
        docs
    }

    /// Each document and its mutations (the first text of a pair in `swaps` replaced by the
    /// second, once), judged by every check `verdicts` gives, which must agree: how many were
    /// judged, and how many refused.
    pub(crate) fn agreement(
        docs: &[(DocKind, Value)],
        swaps: &[(&str, &str)],
        verdicts: impl Fn(DocKind, &Value) -> Vec<bool>,
    ) -> (usize, usize) {
        let (mut judged, mut refused) = (0, 0);
        for (kind, doc) in docs {
            let text = doc.to_string();
            let mutations = (swaps.iter())
                .filter(|(a, _)| text.contains(a))
                .map(|(a, b)| serde_json::from_str(&text.replacen(a, b, 1)).unwrap());
            for v in std::iter::once(doc.clone()).chain(mutations) {
                let said = verdicts(*kind, &v);
                assert!(said.iter().all(|s| *s == said[0]), "{said:?}: {v}");
                judged += 1;
                refused += usize::from(!said[0]);
            }
        }
        (judged, refused)
    }

    #[test]
    fn the_generated_and_listing_checks_accept_what_the_published_schemas_accept() {
        // Every scenario, map and fixture, and a mutation of each zone: the same verdict from
        // the published schema compiled at run time, from the check generated at build time
        // (`is_valid`) and from the listing schema.
        use crate::pipeline::parse::parse_document;
        let dirs = [
            "scenarios",
            "maps",
            "tests/fixtures/good",
            "tests/fixtures/bad",
        ];
        let docs = documents(&dirs, |src, kind| match kind {
            DocKind::Scenario => parse_document::<Scenario>(src).ok().map(|(_, v)| v),
            DocKind::Map => parse_document::<MapFile>(src).ok().map(|(_, v)| v),
            DocKind::Battle => parse_document::<Battle>(src).ok().map(|(_, v)| v),
        });
        assert!(docs.len() > 30, "{}", docs.len());
        let swaps = [
            ("\"Within\"", "\"Withn\""),
            ("\"V4\"", "\"V 4\""),
            ("\"distance\":1", "\"distance\":-1"),
            ("\"Everywhere\"", "\"Nowhere\""),
            ("\"Feature\"", "\"Hexes\""),
            ("\"id\":\"", "\"id\":\"Bad Id "),
            ("\"turn\":", "\"turn\":1e3,\"x\":"),
            ("\"width\":", "\"width\":5000,\"x\":"),
            ("\"notes\":\"", "\"notes\":7,\"y\":\""),
        ];
        let published = [map_schema(), scenario_schema(), battle_schema()]
            .map(|s| jsonschema::validator_for(&s).unwrap());
        let (judged, refused) = agreement(&docs, &swaps, |kind, v| {
            let listing = schema_of(kind).listing();
            vec![
                published[kind as usize].is_valid(v),
                schema_of(kind).is_valid(v),
                listing.is_valid(v),
                listing.iter_errors(v).next().is_none(),
            ]
        });
        assert!(judged > docs.len(), "{judged}");
        // Both verdicts are compared: many documents are refused, many accepted.
        assert!(
            refused > 50 && judged - refused > 50,
            "{refused} of {judged}"
        );
    }

    #[test]
    fn the_errors_of_a_document_with_long_lists_are_all_found() {
        let scenario = |zone: Value| {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/01-fatehpur.ron");
            let src = crate::pipeline::read::Source::read(std::path::Path::new(path)).unwrap();
            let (_, mut doc) = crate::pipeline::parse::parse_document::<Scenario>(&src).unwrap();
            doc["sides"][0]["groups"][0]["entry"]["Deploy"]["zone"] = zone;
            doc
        };
        let hexes: Vec<Value> = (0..1000).map(|_| serde_json::json!([5, 5])).collect();
        // A mistake beside a long list, inside nested zones: listed from the cut copy.
        let beside = scenario(serde_json::json!({"Union": [
            {"Union": [{"Hexes": hexes.clone()}, {"Feature": "V 7"}]}
        ]}));
        let (errors, _) = validate_deferring(DocKind::Scenario, &beside);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].message.contains("V 7"), "{}", errors[0].message);
        // A mistake in the part the copy cuts off: listed from the document itself.
        let mut tail = hexes;
        tail[900] = serde_json::json!([5, 5, 5]);
        let in_tail = scenario(serde_json::json!({"Hexes": tail}));
        let (errors, _) = validate_deferring(DocKind::Scenario, &in_tail);
        assert!(!errors.is_empty());
        assert!(
            errors.iter().any(|e| e.message.contains("900")),
            "{errors:?}"
        );
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
