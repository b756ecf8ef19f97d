//! Parsing: what kind of document a text is and which format version, and parsing it into the
//! model (RON or JSON) with diagnostics that carry line:col and the field path.

use serde::de::DeserializeOwned;

use crate::diagnostic::codes::CODE_STRS;
use crate::diagnostic::{Code, Diagnostic, PathSeg, did_you_mean, suggestions};
use crate::model::limits;
use crate::pipeline::locate::{location_at, location_of_line_col, nesting_depth};
use crate::pipeline::read::{Source, Syntax};

/// What a document is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocKind {
    /// A map (`saber-map/N`).
    Map,
    /// A scenario (`saber-scenario/N`).
    Scenario,
    /// A historical battle to factor into a scenario (`saber-battle/N`, 11.18).
    Battle,
}

impl DocKind {
    /// The `format` prefix of this kind.
    pub fn prefix(self) -> &'static str {
        match self {
            DocKind::Map => "saber-map",
            DocKind::Scenario => "saber-scenario",
            DocKind::Battle => "saber-battle",
        }
    }
}

/// The format version this build reads, per kind.
pub const CURRENT_VERSION: u32 = 1;

/// Which kind of document the text is, and its format version, from its `format` field.
pub fn detect(source: &Source) -> Result<(DocKind, u32), Diagnostic> {
    let text = &source.text;
    // The format field is near the top; look for the value rather than parse the whole file.
    for kind in [DocKind::Map, DocKind::Scenario, DocKind::Battle] {
        let needle = format!("\"{}/", kind.prefix());
        if let Some(at) = text.find(&needle) {
            let rest = &text[at + needle.len()..];
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            let version = digits.parse::<u32>().map_err(|_| {
                Diagnostic::error(
                    Code::UnknownFormat,
                    format!("`{}/…` has no version number", kind.prefix()),
                )
                .at_location(location_at(text, at, needle.len()))
                .with_hint(format!(
                    "write `format: \"{}/{CURRENT_VERSION}\"`",
                    kind.prefix()
                ))
            })?;
            if version != CURRENT_VERSION {
                let what = if version > CURRENT_VERSION {
                    format!(
                        "this file is {}/{version}, newer than this saberc, which reads version {CURRENT_VERSION}",
                        kind.prefix()
                    )
                } else {
                    format!(
                        "this file is {}/{version}; no such version was ever released (this saberc reads version {CURRENT_VERSION})",
                        kind.prefix()
                    )
                };
                return Err(Diagnostic::error(Code::UnsupportedVersion, what)
                    .at_location(location_at(text, at + 1, needle.len() - 1 + digits.len()))
                    .with_hint(if version > CURRENT_VERSION {
                        format!("install a saberc that reads {}/{version}", kind.prefix())
                    } else {
                        format!("write `format: \"{}/{CURRENT_VERSION}\"`", kind.prefix())
                    }));
            }
            return Ok((kind, version));
        }
    }
    // A file whose syntax is broken may have a format field the search above cannot see: the
    // syntax error, located, is what to fix first.
    parse::<serde::de::IgnoredAny>(source)?;
    Err(Diagnostic::error(
        Code::UnknownFormat,
        "this file does not say whether it is a map or a scenario",
    )
    .at_location(location_at(text, 0, 1))
    .with_hint(format!(
        "start it with `format: \"saber-scenario/{CURRENT_VERSION}\"` or `format: \"saber-map/{CURRENT_VERSION}\"`"
    )))
}

/// Parse a document into the model type `T`: nesting limit first, then serde with the path of
/// the failing field, mapped to line:col.
pub fn parse<T: DeserializeOwned>(source: &Source) -> Result<T, Diagnostic> {
    let text = &source.text;
    let (depth, over) = nesting_depth(text, limits::MAX_NESTING);
    if let Some(at) = over {
        return Err(Diagnostic::error(
            Code::NestingTooDeep,
            format!(
                "the file nests {depth} levels deep, over the limit of {}",
                limits::MAX_NESTING
            ),
        )
        .at_location(location_at(text, at, 1))
        .with_hint(
            "simplify the zone: a Union or Intersection of several zones needs no deep nesting",
        ));
    }
    match source.syntax {
        Syntax::Ron => parse_ron(text),
        Syntax::Json => parse_json(text),
    }
}

fn parse_ron<T: DeserializeOwned>(text: &str) -> Result<T, Diagnostic> {
    let options = ron::Options::default().with_recursion_limit(limits::MAX_NESTING * 2);
    let mut de = ron::Deserializer::from_str_with_options(text, &options)
        .map_err(|e| ron_error(text, e, &[]))?;
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = path_of(e.path());
        let inner = e.into_inner();
        ron_error(text, de.span_error(inner), &path)
    })?;
    de.end()
        .map_err(|e| ron_error(text, de.span_error(e), &[]))?;
    Ok(value)
}

fn parse_json<T: DeserializeOwned>(text: &str) -> Result<T, Diagnostic> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = path_of(e.path());
        json_error(text, e.into_inner(), &path)
    })?;
    de.end().map_err(|e| json_error(text, e, &[]))?;
    Ok(value)
}

fn path_of(p: &serde_path_to_error::Path) -> Vec<PathSeg> {
    use serde_path_to_error::Segment;
    p.iter()
        .filter_map(|s| match s {
            Segment::Seq { index } => Some(PathSeg::Index(*index)),
            Segment::Map { key } => Some(PathSeg::Key(key.clone())),
            Segment::Enum { variant } => Some(PathSeg::Key(variant.clone())),
            Segment::Unknown => None,
        })
        .collect()
}

fn ron_error(text: &str, e: ron::error::SpannedError, path: &[PathSeg]) -> Diagnostic {
    use ron::Error as E;
    let loc = location_of_line_col(text, e.span.start.line, e.span.start.col);
    let field_path = crate::diagnostic::pointer(path);
    let where_ = if path.is_empty() {
        String::new()
    } else {
        format!(" at `{field_path}`")
    };
    // An error at the very end of the text means the file stops short: say so plainly.
    if loc.offset >= text.trim_end().len() && !matches!(e.code, E::TrailingCharacters) {
        return Diagnostic::error(Code::Syntax, "the file ends in the middle of a value")
            .with_hint("the file may be truncated: check that every bracket is closed")
            .at_location(loc)
            .at_path(path.to_vec());
    }
    let d = match &e.code {
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => {
            let near = suggestions(found, expected.iter().copied());
            let in_ = outer
                .as_deref()
                .map(|o| format!(" in `{o}`"))
                .unwrap_or_default();
            Diagnostic::error(
                Code::UnknownField,
                format!("unknown field `{found}`{in_}{where_}"),
            )
            .with_hint(
                did_you_mean(&near)
                    .unwrap_or_else(|| format!("the fields here are {}", list(expected))),
            )
        }
        E::NoSuchEnumVariant {
            expected, found, ..
        } if is_code_list(expected) => unknown_code(found, &where_),
        E::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => {
            let near = suggestions(found, expected.iter().copied());
            let in_ = outer
                .as_deref()
                .map(|o| format!(" of `{o}`"))
                .unwrap_or_default();
            Diagnostic::error(
                Code::UnknownField,
                format!("unknown variant `{found}`{in_}{where_}"),
            )
            .with_hint(
                did_you_mean(&near)
                    .unwrap_or_else(|| format!("expected one of {}", list(expected))),
            )
        }
        E::MissingStructField { field, outer } => {
            let in_ = outer
                .as_deref()
                .map(|o| format!(" in `{o}`"))
                .unwrap_or_default();
            Diagnostic::error(
                Code::MissingField,
                format!("missing field `{field}`{in_}{where_}"),
            )
            .with_hint(format!(
                "add `{field}: …` (see the schema or README for its form)"
            ))
        }
        E::DuplicateStructField { field, .. } => Diagnostic::error(
            Code::Syntax,
            format!("field `{field}` is given twice{where_}"),
        )
        .with_hint("keep one of them"),
        E::ExceededRecursionLimit => {
            Diagnostic::error(Code::NestingTooDeep, "the file nests too deeply")
                .with_hint("simplify the zone expressions")
        }
        E::InvalidValueForType { .. } | E::ExpectedDifferentLength { .. } => {
            Diagnostic::error(Code::WrongType, format!("{}{where_}", e.code)).with_hint(
                "check the value's type against the schema (`saberc schema`) or the README",
            )
        }
        E::Message(m)
            if m.contains("invalid type")
                || m.contains("invalid value")
                || m.contains("invalid length") =>
        {
            Diagnostic::error(Code::WrongType, format!("{}{where_}", plain_types(m))).with_hint(
                "check the value's type against the schema (`saberc schema`) or the README",
            )
        }
        E::ExpectedInteger
        | E::ExpectedFloat
        | E::ExpectedBoolean
        | E::ExpectedString
        | E::ExpectedChar
        | E::ExpectedArray
        | E::ExpectedMap
        | E::ExpectedStructLike
        | E::ExpectedNamedStructLike(_)
        | E::ExpectedUnit
        | E::ExpectedOption
        | E::IntegerOutOfBounds
            if !path.is_empty() =>
        {
            Diagnostic::error(
                Code::WrongType,
                format!("wrong type{where_}: {}", lower_first(&e.code.to_string())),
            )
            .with_hint("check the value's type against the schema (`saberc schema`) or the README")
        }
        E::Eof => Diagnostic::error(Code::Syntax, "the file ends in the middle of a value")
            .with_hint("the file may be truncated: check that every bracket is closed"),
        other => Diagnostic::error(Code::Syntax, format!("{other}{where_}")).with_hint(
            "fix the syntax at this position (RON: `field: value`, lists in [ ], structs in ( ))",
        ),
    };
    d.at_location(loc).at_path(path.to_vec())
}

fn json_error(text: &str, e: serde_json::Error, path: &[PathSeg]) -> Diagnostic {
    // serde_json points at the end of the offending token; with a path we can point at the
    // value itself.
    let loc = if path.is_empty() || !e.is_data() {
        location_of_line_col(text, e.line().max(1), e.column().max(1))
    } else {
        crate::pipeline::locate::locate(text, path)
    };
    let msg = plain_types(&e.to_string());
    // serde_json appends " at line L column C"; our location says that already.
    let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
    let where_ = if path.is_empty() {
        String::new()
    } else {
        format!(" at `{}`", crate::diagnostic::pointer(path))
    };
    let d = if let Some(rest) = msg.strip_prefix("unknown field `") {
        unknown_name(&msg, rest, "field", &where_)
            .with_hint_if_none("remove it, or check its spelling against the schema")
    } else if let Some(rest) = msg.strip_prefix("unknown variant `") {
        unknown_name(&msg, rest, "variant", &where_)
    } else if msg.starts_with("missing field") {
        Diagnostic::error(Code::MissingField, format!("{msg}{where_}"))
            .with_hint("add the field (see the schema or README)")
    } else if e.is_eof() {
        Diagnostic::error(Code::Syntax, "the file ends in the middle of a value")
            .with_hint("the file may be truncated: check that every bracket is closed")
    } else if e.is_data() {
        Diagnostic::error(Code::WrongType, format!("{msg}{where_}"))
            .with_hint("check the value's type against the schema (`saberc schema`)")
    } else {
        Diagnostic::error(Code::Syntax, msg).with_hint("fix the JSON syntax at this position")
    };
    d.at_location(loc).at_path(path.to_vec())
}

/// serde_json's "unknown field `x`, expected one of `a`, `b`" as a diagnostic with a
/// did-you-mean, or the list of what is expected when nothing is close.
fn unknown_name(msg: &str, rest: &str, what: &str, where_: &str) -> Diagnostic {
    let found = rest.split('`').next().unwrap_or("");
    let expected: Vec<&str> = msg
        .split("expected one of ")
        .nth(1)
        .unwrap_or("")
        .split(", ")
        .map(|s| s.trim_matches('`'))
        .filter(|s| !s.is_empty())
        .collect();
    if what == "variant" && is_code_list(&expected) {
        return unknown_code(found, where_);
    }
    let near = suggestions(found, expected.iter().copied());
    let d = Diagnostic::error(
        Code::UnknownField,
        format!("unknown {what} `{found}`{where_}"),
    );
    match did_you_mean(&near) {
        Some(h) => d.with_hint(h),
        None if !expected.is_empty() => {
            d.with_hint(format!("expected one of {}", expected.join(", ")))
        }
        None => d,
    }
}

/// Is this list of expected variants the list of diagnostic codes (an interpretation note's
/// `explains`)?
fn is_code_list(expected: &[&str]) -> bool {
    expected == CODE_STRS
}

/// A diagnostic code the registry does not have, with the nearest ones.
fn unknown_code(found: &str, where_: &str) -> Diagnostic {
    Diagnostic::error(
        Code::UnknownField,
        format!("unknown diagnostic code `{found}`{where_}"),
    )
    .with_hint(Code::did_you_mean(found).unwrap_or_else(|| {
        "`saberc explain` lists the codes; a note explains the warnings it names".to_string()
    }))
}

/// serde's Rust type names in words a scenario author knows.
fn plain_types(msg: &str) -> String {
    msg.replace("expected u32", "expected a whole number")
        .replace("expected i32", "expected a whole number")
        .replace("expected a string", "expected text in quotes")
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn list(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("`{s}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::map::MapFile;

    fn src(text: &str) -> Source {
        Source::from_text("test.ron", text)
    }

    #[test]
    fn detects_kind_and_version() {
        assert_eq!(
            detect(&src(r#"(format: "saber-map/1")"#)).unwrap(),
            (DocKind::Map, 1)
        );
        assert_eq!(
            detect(&src(r#"(format: "saber-scenario/1")"#)).unwrap(),
            (DocKind::Scenario, 1)
        );
        let e = detect(&src(r#"(format: "saber-scenario/7")"#)).unwrap_err();
        assert_eq!(e.code, Code::UnsupportedVersion);
        assert!(e.message.contains("newer"));
        assert_eq!(
            detect(&src("(id: \"x\")")).unwrap_err().code,
            Code::UnknownFormat
        );
    }

    #[test]
    fn unknown_field_has_path_and_suggestion() {
        let text =
            "(format: \"saber-map/1\", id: \"m\", name: \"M\", widht: 3, height: 2, terrain: [])";
        let e = parse::<MapFile>(&src(text)).unwrap_err();
        assert_eq!(e.code, Code::UnknownField);
        assert_eq!(e.hint.as_deref(), Some("did you mean `width`?"));
        assert_eq!(e.location.unwrap().line, 1);
    }

    #[test]
    fn truncated_file_is_a_syntax_error() {
        let e = parse::<MapFile>(&src("(format: \"saber-map/1\", id: \"m\", name: ")).unwrap_err();
        assert_eq!(e.code, Code::Syntax);
    }

    #[test]
    fn json_wrong_type_is_located() {
        let text = "{\n  \"format\": \"saber-map/1\",\n  \"id\": \"m\",\n  \"name\": \"M\",\n  \"width\": \"wide\"\n}";
        let e = parse::<MapFile>(&Source::from_text("m.json", text)).unwrap_err();
        assert_eq!(e.code, Code::WrongType);
        assert_eq!(e.location.unwrap().line, 5);
        assert!(e.message.contains("/width"), "{}", e.message);
    }

    #[test]
    fn deep_nesting_is_refused_before_parsing() {
        let text = format!(
            "(format: \"saber-map/1\", x: {}{})",
            "[".repeat(5000),
            "]".repeat(5000)
        );
        let e = parse::<MapFile>(&src(&text)).unwrap_err();
        assert_eq!(e.code, Code::NestingTooDeep);
    }

    #[test]
    fn a_misspelt_explained_code_is_an_error_with_a_did_you_mean() {
        use crate::model::scenario::Interpretation;
        let ron =
            "(rule: \"11.5\", text: \"t\", reading: \"r\",\n explains: [\"DEP002\", \"DEP02\"])";
        let e = parse::<Interpretation>(&src(ron)).unwrap_err();
        assert_eq!(e.code, Code::UnknownField);
        assert!(
            e.message.starts_with("unknown diagnostic code `DEP02`"),
            "{}",
            e.message
        );
        assert!(e.message.contains("/explains/1"), "{}", e.message);
        assert!(
            e.hint
                .as_deref()
                .unwrap()
                .starts_with("did you mean one of `DEP002`")
        );
        assert_eq!(e.location.unwrap().line, 2);

        let json = "{\"rule\": \"11.5\", \"text\": \"t\", \"reading\": \"r\",\n \"explains\": [\"DEP002\", \"DEP02\"]}";
        let e = parse::<Interpretation>(&Source::from_text("i.json", json)).unwrap_err();
        assert_eq!(e.code, Code::UnknownField);
        assert!(
            e.message.starts_with("unknown diagnostic code `DEP02`"),
            "{}",
            e.message
        );
        assert!(
            e.hint
                .as_deref()
                .unwrap()
                .starts_with("did you mean one of `DEP002`")
        );
        assert_eq!(e.location.unwrap().line, 2);

        let fine = parse::<Interpretation>(&src(&ron.replace("DEP02\"", "MRK004\""))).unwrap();
        assert_eq!(
            fine.explains,
            [Code::OpposingZonesOverlap, Code::LimbersWithoutGuns]
        );
    }
}
