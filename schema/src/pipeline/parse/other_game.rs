//! A file read as the wrong game. A Musket & Saber Quick Play map or scenario that forgot its
//! `game` line is read as Rifle & Saber, and each of its own fields (`chart`, `legend`,
//! `counters`…) is unknown there: said once, with the `game` line to add in the file's
//! notation, instead of one "unknown field" per field with did-you-means into the other game's
//! names. A single field of the other game (`first_player` in a Rifle & Saber scenario,
//! `moves_first` in a Musket & Saber one) is named as that game's, with this game's field.

use crate::diagnostic::{Code, Diagnostic};
use crate::pipeline::locate::location_at;
use crate::pipeline::parse::DocKind;
use crate::pipeline::read::{Source, Syntax};
use crate::ruleset::Game;
use crate::syntax::tree;

/// A game's words for one kind of its documents, which a file of another game read as this one
/// is compared with: the fields (top level and sides) and the things it names otherwise than
/// another game does, as (what it is, its field).
#[derive(Debug, Clone)]
pub struct DocWords {
    /// The game.
    pub game: Game,
    /// The fields of the document and of its sides.
    pub fields: Vec<String>,
    /// What the game names its own way: (what it is, the field's name).
    pub same: &'static [(&'static str, &'static str)],
}

impl DocWords {
    /// This game's name for `what`, when it has one.
    fn name_for(&self, what: &str) -> Option<&'static str> {
        self.same.iter().find(|(w, _)| *w == what).map(|(_, f)| *f)
    }
}

/// The fields of a document type and of its sides (a scenario's), from its JSON Schema.
pub fn fields_of(value: &serde_json::Value) -> Vec<String> {
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

/// The findings of reading `source` as `game`'s `kind` of document, reconsidered against the
/// words of every game's documents of that kind (`words`): when the file names no game and its
/// fields are another game's, one finding saying so with the `game` line to add (an edit); a
/// single field of another game named as that game's. Other findings are kept as they are.
pub fn reconsider(
    source: &Source,
    kind: DocKind,
    game: Game,
    diags: Vec<Diagnostic>,
    words: &[&DocWords],
) -> Vec<Diagnostic> {
    if kind == DocKind::Battle || !diags.iter().any(|d| d.code == Code::UnknownField) {
        return diags;
    }
    let text = &source.text;
    let Some(our_words) = words.iter().find(|w| w.game == game) else {
        return diags;
    };
    let ours = &our_words.fields;
    let written = written_keys(text);
    // The other game whose fields the file writes most (the first listed on a tie).
    let foreign_of = |theirs: &DocWords| -> Vec<(String, usize)> {
        written
            .iter()
            .filter(|(k, _)| !ours.contains(k) && theirs.fields.contains(k))
            .cloned()
            .collect()
    };
    let Some((their_words, mut foreign)) = words
        .iter()
        .filter(|w| w.game != game)
        .map(|w| (*w, foreign_of(w)))
        .reduce(|best, next| {
            if next.1.len() > best.1.len() {
                next
            } else {
                best
            }
        })
    else {
        return diags;
    };
    let theirs_game = their_words.game;
    // The fields that say the game most (`chart`, `counters`) first; a `source` or `notes`
    // line could be anyone's.
    foreign.sort_by_key(|(k, _)| matches!(k.as_str(), "source" | "notes" | "labels" | "colour"));
    let names_game = crate::pipeline::locate::top_level_field(text, "game").is_some();
    // A file naming no game is read as the game of such files.
    if game == Game::default() && !names_game && foreign.len() >= 2 {
        return vec![forgot_game_line(source, kind, theirs_game, &foreign)];
    }
    // A required field left missing by the other game's name for it: said with that name.
    let renamed = |missing: &str| -> Option<&'static str> {
        our_words.same.iter().find_map(|(what, mine)| {
            let other = their_words.name_for(what)?;
            (*mine == missing && foreign.iter().any(|(k, _)| k == other)).then_some(other)
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
            // The thing the other game names `found`, and this game's name for it.
            let same = their_words.same.iter().find_map(|(what, other)| {
                let mine = our_words.name_for(what)?;
                (*other == found && ours.iter().any(|f| f == mine)).then_some((mine, *what))
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
                    .with_hint(if theirs_game == Game::default() {
                        format!(
                            "remove the `{found}` entry; or, if this {what} is for {}, remove its `game` line",
                            theirs_game.ruleset().name
                        )
                    } else {
                        format!(
                            "remove the `{found}` entry; or, if this {what} is for {}, add `{shown}` after the `format` line",
                            theirs_game.ruleset().name
                        )
                    })
                }
                Some((mine, what)) if d.code == Code::UnknownField => {
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
                        Some(span) => out.suggest(Some(span), mine, help),
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
