//! What a text is: its kind and format version from its top-level `format` field, its game from
//! its `game` field, and a file in the other syntax than its name says, before anything is parsed.

use crate::diagnostic::{Code, Diagnostic, did_you_mean, suggestions, ticked};
use crate::pipeline::locate::{FieldString, location_at};
use crate::pipeline::read::{Source, Syntax};
use crate::ruleset::Game;

use super::{EXPORT_PREFIX, parse};

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

/// Which kind of document the text is, and its format version, from its top-level `format`
/// field (never from text elsewhere: notes and comments may quote another kind's format).
pub fn detect(source: &Source) -> Result<(DocKind, u32), Diagnostic> {
    detect_with_game(source).map(|(kind, version, _)| (kind, version))
}

/// [`detect`], and for a map or scenario the game it names ([`detect_game`]), which detecting
/// it looks for anyway: a check asks both once.
pub fn detect_with_game(source: &Source) -> Result<(DocKind, u32, Option<Game>), Diagnostic> {
    let text = &source.text;
    if let Some(d) = other_syntax(source) {
        return Err(d);
    }
    let Some((at, end)) = crate::pipeline::locate::top_level_field(text, "format") else {
        // Nothing but white space and comments: no value at all, not a truncated one.
        if first_significant(text).is_none() {
            let (what, where_) = if text.trim().is_empty() {
                ("this file is empty: it holds no value", "")
            } else {
                (
                    "this file holds only comments: it has no value",
                    " after the comments",
                )
            };
            return Err(Diagnostic::new(Code::Syntax, what)
                .at_location(location_at(text, text.len(), 0))
                .with_hint(format!(
                    "write the map or scenario{where_} (`saberc new scenario` or `saberc new map` starts one), or remove the file"
                )));
        }
        // A file whose syntax is broken may have a format field the search cannot see: the
        // syntax error, located, is what to fix first.
        parse::<serde::de::IgnoredAny>(source)?;
        return Err(Diagnostic::new(
            Code::UnknownFormat,
            "this file does not say whether it is a map or a scenario",
        )
        .at_location(location_at(text, 0, 1))
        .with_hint(format!(
            "start it with `format: \"saber-scenario/{CURRENT_VERSION}\"` or `format: \"saber-map/{CURRENT_VERSION}\"`"
        )));
    };
    let raw = &text[at..end];
    let string = field_string(source, at, end);
    let value: &str = string.as_ref().map_or("", |s| &s.value);
    let span = (end - at).min(200);
    if value.starts_with(&format!("{EXPORT_PREFIX}/")) {
        // Each game's export has its own schema (the `game` field says which).
        let schema = detect_game(source)
            .ok()
            .flatten()
            .unwrap_or_default()
            .ruleset()
            .export_schema;
        return Err(Diagnostic::new(
            Code::EngineExport,
            format!("this is an engine export (`{EXPORT_PREFIX}`), written by `saberc export`, not a map or scenario: checked against {schema} only"),
        )
        .at_location(location_at(text, at, span))
        .with_hint("exports are generated: keep them out of the folders of source files, or regenerate them with `saberc export`"));
    }
    let kinds = [DocKind::Map, DocKind::Scenario, DocKind::Battle];
    let Some((kind, version_text)) = kinds.iter().find_map(|k| {
        value
            .strip_prefix(k.prefix())
            .and_then(|rest| rest.strip_prefix('/'))
            .map(|v| (*k, v))
    }) else {
        let names: Vec<String> = kinds
            .iter()
            .map(|k| format!("{}/{CURRENT_VERSION}", k.prefix()))
            .collect();
        let near = suggestions(value, names.iter().map(String::as_str));
        // Point at the value inside its quotes when it is a string.
        let (shown, start, len) = match &string {
            Some(s) if !value.is_empty() => (value, s.start, (s.end - s.start).min(200)),
            _ => (raw, at, span),
        };
        return Err(Diagnostic::new(
            Code::UnknownFormat,
            format!(
                "`{}` is not a format saberc knows",
                crate::diagnostic::printable(shown, 60)
            ),
        )
        .at_location(location_at(text, start, len))
        .with_hint(
            did_you_mean(&near).unwrap_or_else(|| format!("the formats are {}", ticked(&names))),
        ));
    };
    let version = version_text.parse::<u32>().map_err(|_| {
        Diagnostic::new(
            Code::UnknownFormat,
            format!("`{}/…` has no version number", kind.prefix()),
        )
        .at_location(location_at(text, at, span))
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
        let (start, len) = string
            .as_ref()
            .map_or((at, span), |s| (s.start, s.end - s.start));
        return Err(Diagnostic::new(Code::UnsupportedVersion, what)
            .at_location(location_at(text, start, len))
            .with_hint(if version > CURRENT_VERSION {
                format!("install a saberc that reads {}/{version}", kind.prefix())
            } else {
                format!("write `format: \"{}/{CURRENT_VERSION}\"`", kind.prefix())
            }));
    }
    let game = match kind {
        DocKind::Map | DocKind::Scenario => detect_game(source)?,
        DocKind::Battle => None,
    };
    Ok((kind, version, game))
}

/// The game a map or scenario names in its top-level `game` field, read like `format` before
/// the file is parsed: `None` when the field is absent (Rifle & Saber) or not a string (the
/// parser then says what is wrong with it), FMT007 with the nearest spellings when it names no
/// game saberc knows. [`detect`] runs it on every map and scenario.
pub fn detect_game(source: &Source) -> Result<Option<Game>, Diagnostic> {
    let text = &source.text;
    if !may_have_game_key(text) {
        return Ok(None);
    }
    let Some((at, end)) = crate::pipeline::locate::top_level_field(text, "game") else {
        return Ok(None);
    };
    let Some(string) = field_string(source, at, end) else {
        return Ok(None);
    };
    let value: &str = &string.value;
    if let Some(game) = Game::from_id(value) {
        return Ok(Some(game));
    }
    let ids: Vec<&str> = Game::all().iter().map(|g| g.id()).collect();
    let near = suggestions(value, ids.iter().copied());
    Err(Diagnostic::new(
        Code::UnknownGame,
        format!(
            "`{}` is not a game saberc knows",
            crate::diagnostic::printable(value, 60)
        ),
    )
    .at_location(location_at(
        text,
        string.start,
        (string.end - string.start).clamp(1, 200),
    ))
    .with_hint(did_you_mean(&near).unwrap_or_else(|| {
        format!(
            "the games are {}; leave the field out for Rifle & Saber",
            ticked(&ids)
        )
    })))
}

/// Could the text hold a `game` key anywhere? False only when no `game` is followed by what a
/// key is followed by (an optional closing quote, white space or a comment, then `:`) and no
/// `\u` escape could spell one: then the search of the top-level fields, a pass over every
/// token, is skipped. Most Rifle & Saber files have no such `game` (`game_length` is not one),
/// and every file is asked this before it is parsed.
pub(super) fn may_have_game_key(text: &str) -> bool {
    // RON's white space also counts the direction marks, which `char::is_whitespace` does not.
    let space = |c: char| c.is_whitespace() || matches!(c, '\u{200e}' | '\u{200f}');
    // memchr's searcher: std's `contains` and `match_indices` here were 4 % of a batch check
    // (every file is asked this four or five times; profile of 29 November 2026).
    let bytes = text.as_bytes();
    memchr::memmem::find(bytes, b"\\u").is_some()
        || memchr::memmem::find_iter(bytes, b"game").any(|i| {
            let rest = &text[i + "game".len()..];
            let rest = rest
                .strip_prefix('"')
                .unwrap_or(rest)
                .trim_start_matches(space);
            rest.starts_with(':') || rest.starts_with('/')
        })
}

/// The string a top-level field's value holds, read as the reader reads it (escapes, raw
/// strings, RON's `Some("…")`); `None` when it holds none.
fn field_string(source: &Source, at: usize, end: usize) -> Option<FieldString<'_>> {
    crate::pipeline::locate::string_in(&source.text, at, end, source.syntax == Syntax::Json)
}

/// The kind of document the top-level `format` field names, in any version, without parsing
/// the file; `None` when it names none (the file is not a map, scenario or battle: `fmt`
/// leaves it alone).
pub fn named_kind(source: &Source) -> Option<DocKind> {
    let (at, end) = crate::pipeline::locate::top_level_field(&source.text, "format")?;
    let string = field_string(source, at, end)?;
    let value: &str = &string.value;
    [DocKind::Map, DocKind::Scenario, DocKind::Battle]
        .into_iter()
        .find(|k| {
            value
                .strip_prefix(k.prefix())
                .is_some_and(|rest| rest.starts_with('/'))
        })
}

/// FMT004: a map or battle file given where a scenario is expected, with the command for it
/// (`tiled`: whether the map's game has Tiled maps).
pub fn not_a_scenario(src: &Source, kind: DocKind, tiled: bool) -> Diagnostic {
    let file = crate::diagnostic::printable(&src.path.display().to_string(), 200);
    let (what, hint) = match kind {
        DocKind::Map if !tiled => (
            "a map",
            format!(
                "a scenario names its map in `map:`; to draw the map: `saberc render {file} -o map.svg`"
            ),
        ),
        DocKind::Map => (
            "a map",
            format!(
                "a scenario names its map in `map:`; to draw the map: `saberc render {file} -o map.svg`; for Tiled: `saberc export {file} --format tiled -o DIR`"
            ),
        ),
        _ => (
            "a battle to factor (11.18)",
            format!(
                "factor it into a scenario first: `saberc factor {file} --format ron > scenario.ron`, then set what it marks to be set"
            ),
        ),
    };
    let at = crate::pipeline::locate::top_level_field(&src.text, "format").map_or(0, |(a, _)| a);
    Diagnostic::new(
        Code::NotAScenario,
        format!(
            "this file is {what} (`{}`), but a scenario is expected here",
            kind.prefix()
        ),
    )
    .at_location(crate::pipeline::locate::location_at(&src.text, at, 1))
    .with_hint(hint)
}

/// A file written in the other syntax than its name says (JSON in a `.ron` file, RON in a
/// `.json` file), found from its first value's opening bracket: said in one line with the
/// commands that fix it, instead of a syntax error at every line.
fn other_syntax(source: &Source) -> Option<Diagnostic> {
    let text = &source.text;
    let at = first_significant(text)?;
    let (is, named, ext) = match (source.syntax, text.as_bytes()[at]) {
        (Syntax::Ron, b'{') => ("JSON", "RON", "json"),
        (Syntax::Json, b'(') => ("RON", "JSON", "ron"),
        _ => return None,
    };
    let path = &source.path;
    let shown = crate::diagnostic::printable(&path.display().to_string(), 200);
    let renamed = path.with_extension(ext);
    let renamed = crate::diagnostic::printable(&renamed.display().to_string(), 200);
    let own = if ext == "json" { "ron" } else { "json" };
    Some(
        Diagnostic::new(
            Code::OtherSyntax,
            format!("this file is {is}, but its name ends in `.{own}`, so it is read as {named}"),
        )
        .at_location(location_at(text, at, 1))
        .with_hint(format!(
            "saberc reads a file by its extension: rename it (`mv {shown} {renamed}`); then, to have it in {named}: `saberc convert {renamed} --to {own} -o {shown}`"
        )),
    )
}

/// Byte offset of the first token that is not white space, a byte-order mark or a comment.
fn first_significant(text: &str) -> Option<usize> {
    crate::syntax::lexer::lex(text)
        .find(|t| !t.kind.is_trivia() && !text[t.start..t.end].starts_with('\u{feff}'))
        .map(|t| t.start)
}
