//! A file read as the wrong game. A Musket & Saber Quick Play map or scenario that forgot its
//! `game` line is read as Rifle & Saber, and each of its own fields (`chart`, `legend`,
//! `counters`…) is unknown there: said once, with the `game` line to add in the file's
//! notation, instead of one "unknown field" per field with did-you-means into the other game's
//! names. A single field of the other game (`first_player` in a Rifle & Saber scenario,
//! `moves_first` in a Musket & Saber one) is named as that game's, with this game's field.

use std::sync::OnceLock;

use schemars::JsonSchema;

use crate::diagnostic::{Code, Diagnostic};
use crate::pipeline::locate::location_at;
use crate::pipeline::parse::DocKind;
use crate::pipeline::read::{Source, Syntax};
use crate::ruleset::Game;
use crate::syntax::tree;

/// The same thing under each game's name: (Rifle & Saber's, Musket & Saber's, what it is).
const SAME_THING: &[(&str, &str, &str)] = &[
    ("moves_first", "first_player", "the side that moves first"),
    ("groups", "counters", "a side's forces"),
    ("color", "colour", "a side's colour"),
];

/// The fields of a document type and of its sides (a scenario's), from its JSON Schema.
fn fields_of<T: JsonSchema>() -> Vec<String> {
    let schema = schemars::schema_for!(T);
    let value = schema.as_value();
    let mut out: Vec<String> = value
        .get("properties")
        .and_then(|p| p.as_object())
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    // A side's fields: the definition the `sides` items refer to.
    let side = value
        .pointer("/properties/sides/items/$ref")
        .and_then(|r| r.as_str())
        .and_then(|r| r.strip_prefix("#/$defs/"))
        .and_then(|name| value.pointer(&format!("/$defs/{name}/properties")))
        .and_then(|p| p.as_object());
    if let Some(side) = side {
        out.extend(side.keys().cloned());
    }
    out
}

/// The fields (top level and sides) of a game's map or scenario.
fn fields(game: Game, kind: DocKind) -> &'static [String] {
    static TABLES: OnceLock<[Vec<String>; 4]> = OnceLock::new();
    let t = TABLES.get_or_init(|| {
        use crate::model::musket_and_saber::{MsMapFile, MsScenario};
        [
            fields_of::<crate::model::map::MapFile>(),
            fields_of::<crate::model::scenario::Scenario>(),
            fields_of::<MsMapFile>(),
            fields_of::<MsScenario>(),
        ]
    });
    let i = match (game, kind) {
        (Game::RifleAndSaber, DocKind::Map) => 0,
        (Game::RifleAndSaber, _) => 1,
        (Game::MusketAndSaberQuickPlay, DocKind::Map) => 2,
        (Game::MusketAndSaberQuickPlay, _) => 3,
    };
    &t[i]
}

/// The other of the two games.
fn other(game: Game) -> Game {
    match game {
        Game::RifleAndSaber => Game::MusketAndSaberQuickPlay,
        Game::MusketAndSaberQuickPlay => Game::RifleAndSaber,
    }
}

/// The keys written at the top level of the text and in its sides, with their offsets.
fn written_keys(text: &str) -> Vec<(String, usize)> {
    let root = crate::syntax::parse(text).syntax();
    let Some(doc) = tree::root_value(&root) else {
        return Vec::new();
    };
    let keys = |group: &crate::syntax::SyntaxNode| -> Vec<(String, usize)> {
        tree::entries(group)
            .filter_map(|e| {
                let k = tree::entry_key(&e)?;
                Some((tree::key_name(&k)?, usize::from(k.text_range().start())))
            })
            .collect()
    };
    let mut out = keys(&doc);
    if let Some(sides) = tree::field(&doc, "sides").and_then(|e| tree::entry_value(&e)) {
        for side in tree::entries(&sides).filter_map(|e| tree::entry_value(&e)) {
            out.extend(keys(&side));
        }
    }
    out
}

/// The findings of reading `source` as `game`'s `kind` of document, reconsidered: when the
/// file names no game and its fields are the other game's, one finding saying so with the
/// `game` line to add (an edit); a single field of the other game named as that game's.
/// Other findings are kept as they are.
pub fn reconsider(
    source: &Source,
    kind: DocKind,
    game: Game,
    diags: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    if kind == DocKind::Battle || !diags.iter().any(|d| d.code == Code::UnknownField) {
        return diags;
    }
    let text = &source.text;
    let theirs_game = other(game);
    let (ours, theirs) = (fields(game, kind), fields(theirs_game, kind));
    let mut foreign: Vec<(String, usize)> = written_keys(text)
        .into_iter()
        .filter(|(k, _)| !ours.contains(k) && theirs.contains(k))
        .collect();
    // The fields that say the game most (`chart`, `counters`) first; a `source` or `notes`
    // line could be anyone's.
    foreign.sort_by_key(|(k, _)| matches!(k.as_str(), "source" | "notes" | "labels" | "colour"));
    let names_game = crate::pipeline::locate::top_level_field(text, "game").is_some();
    if game == Game::RifleAndSaber && !names_game && foreign.len() >= 2 {
        return vec![forgot_game_line(source, kind, theirs_game, &foreign)];
    }
    // A required field left missing by the other game's name for it: said with that name.
    let renamed = |missing: &str| -> Option<&'static str> {
        SAME_THING.iter().find_map(|(rs, ms, _)| {
            let (mine, other) = match game {
                Game::RifleAndSaber => (*rs, *ms),
                Game::MusketAndSaberQuickPlay => (*ms, *rs),
            };
            (mine == missing && foreign.iter().any(|(k, _)| k == other)).then_some(other)
        })
    };
    diags
        .into_iter()
        .map(|d| {
            let found = d.message.split('`').nth(1).unwrap_or("");
            if d.code == Code::MissingField
                && let Some(other) = renamed(found)
            {
                let hint = format!(
                    "the `{other}` above is {}'s name for it: write `{found}` in its place",
                    theirs_game.ruleset().name
                );
                return d.with_hint(hint);
            }
            let same = SAME_THING.iter().find(|(rs, ms, _)| {
                let (mine, other) = match game {
                    Game::RifleAndSaber => (rs, ms),
                    Game::MusketAndSaberQuickPlay => (ms, rs),
                };
                *other == found && ours.iter().any(|f| f == mine)
            });
            match same {
                // Another field of the other game, which this game has no place for.
                None if d.code == Code::UnknownField
                    && d.message.starts_with("unknown field")
                    && foreign.iter().any(|(k, _)| k == found) =>
                {
                    let shown = match source.syntax {
                        Syntax::Ron => format!("game: \"{}\",", theirs_game.id()),
                        Syntax::Json => format!("\"game\": \"{}\",", theirs_game.id()),
                    };
                    let what = match kind {
                        DocKind::Map => "map",
                        _ => "scenario",
                    };
                    Diagnostic {
                        message: format!(
                            "`{found}` is a field of {} {what}s; a {} {what} has none",
                            theirs_game.ruleset().name,
                            game.ruleset().name
                        ),
                        suggestion: None,
                        ..d
                    }
                    .with_hint(match theirs_game {
                        Game::RifleAndSaber => format!(
                            "remove the `{found}` entry; or, if this {what} is for Rifle & Saber, remove its `game` line"
                        ),
                        Game::MusketAndSaberQuickPlay => format!(
                            "remove the `{found}` entry; or, if this {what} is for {}, add `{shown}` after the `format` line",
                            theirs_game.ruleset().name
                        ),
                    })
                }
                Some((rs, ms, what)) if d.code == Code::UnknownField => {
                    let (mine, _) = match game {
                        Game::RifleAndSaber => (rs, ms),
                        Game::MusketAndSaberQuickPlay => (ms, rs),
                    };
                    let shown = match source.syntax {
                        Syntax::Ron => format!("{mine}:"),
                        Syntax::Json => format!("\"{mine}\":"),
                    };
                    let message = format!(
                        "`{found}` is {}'s name for {what}; this {} file names it `{mine}`",
                        theirs_game.ruleset().name,
                        game.ruleset().name
                    );
                    let help = format!(
                        "{} writes {what} as `{shown}`: write `{mine}` in place of `{found}`",
                        game.ruleset().name
                    );
                    let out = Diagnostic {
                        message,
                        suggestion: None,
                        ..d
                    }
                    .with_hint(help.clone());
                    // The name as written (a JSON finding points at the value).
                    let span = out
                        .location
                        .and_then(|l| super::name_span(text, l.offset, &out))
                        .map(|(_, start, end)| (start, end - start));
                    match span {
                        Some(span) => out.suggest(Some(span), *mine, help),
                        None => out,
                    }
                }
                _ => d,
            }
        })
        .collect()
}

/// The one finding of a file whose fields are the other game's and which names no game.
fn forgot_game_line(
    source: &Source,
    kind: DocKind,
    game: Game,
    foreign: &[(String, usize)],
) -> Diagnostic {
    let text = &source.text;
    let shown: Vec<String> = foreign
        .iter()
        .take(4)
        .map(|(k, _)| format!("`{k}`"))
        .collect();
    let more = if foreign.len() > 4 { ", …" } else { "" };
    let what = match kind {
        DocKind::Map => "map",
        _ => "scenario",
    };
    let line = match source.syntax {
        Syntax::Ron => format!("game: \"{}\",", game.id()),
        Syntax::Json => format!("\"game\": \"{}\",", game.id()),
    };
    let d = Diagnostic::new(
        Code::UnknownField,
        format!(
            "this {what} names no `game`, so it is read as Rifle & Saber, but its fields ({}{more}) are {}'s",
            shown.join(", "),
            game.ruleset().name
        ),
    );
    // The line goes after the `format` line, indented as it is.
    let place = crate::pipeline::locate::top_level_field(text, "format").and_then(|(_, end)| {
        let rest = &text[end..];
        let comma = rest.find(',').filter(|i| rest[..*i].trim().is_empty())?;
        let line_start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        let indent: String = text[line_start..]
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .collect();
        Some((end + comma + 1, indent))
    });
    let first = foreign.first().map_or(0, |(_, at)| *at);
    let help = format!("add the line `{line}` after the `format` line");
    match place {
        Some((at, indent)) => d
            .at_location(location_at(text, first, foreign[0].0.len()))
            .with_hint(format!(
                "{help}: a {} file names its game",
                game.ruleset().name
            ))
            .suggest(Some((at, 0)), format!("\n{indent}{line}"), help),
        None => d
            .at_location(location_at(text, first, foreign[0].0.len()))
            .with_hint(help),
    }
}
