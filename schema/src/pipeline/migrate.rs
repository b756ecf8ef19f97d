//! Old spellings of a format version: every spelling ever published under `saber-scenario/1`
//! keeps checking with its meaning. A file is read as its rewritten form (the verdict is the
//! one that form gets), each old spelling gets a note (FMT005) naming the new one, and `saberc
//! migrate` writes the rewritten form in place, editing only the spans of the old spellings so
//! that comments and layout stay.
//!
//! The spellings published and then changed under version 1 (found in the history of
//! `schema/scenario.schema.json`, and of `saberc new map`'s Musket & Saber skeleton; battle
//! files have had none):
//!
//! | old | new | meaning |
//! |---|---|---|
//! | `Exit(count: All, …)` | `Exit(count: EveryCounter, …)` | "every one of them", the old `All`'s documented meaning ("all four limbers") |
//! | `ControlEnemySetup(by_turn: N)` | `ControlEnemySetup(when: ByEndOfTurn(N))` | "by the end of Game-Turn N", the old field's documented meaning |
//! | an M&S map's clear hex row without `clear_for_charges` | `clear_for_charges: true` | clear terrain, which 9.2(1) lets charges use; the skeleton's row before MAP013 |
//!
//! The scan is one pass over the syntax tree's tokens (strings and comments are tokens of their
//! own), so a file of any size costs time linear in its length and no more memory than a few
//! tokens.

use std::collections::VecDeque;

use crate::diagnostic::{Code, Diagnostic, Location, floor_char_boundary};
use crate::pipeline::locate::location_at;
use crate::pipeline::read::{Source, Syntax};
use crate::syntax::SyntaxKind::*;
use crate::syntax::lexer::{Lexed, lex};

/// One old spelling found in a file: where it stands, and the edits that make it the new one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OldSpelling {
    /// The format version it is an old spelling of (`saber-scenario/1`).
    pub format: &'static str,
    /// Why the old spelling means the new one, when its words do not say it.
    pub reading: Option<&'static str>,
    /// Byte offset of the old spelling.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// The replacements within it, in order: what lies between them (a comment between a
    /// key and its value) is kept.
    pub edits: Vec<Edit>,
    /// The new spelling as the note's hint writes it.
    pub new_text: String,
    /// The old spelling, in words (`Exit(count: All)`).
    pub old: &'static str,
    /// The new spelling, in words.
    pub new: &'static str,
}

/// One replacement: the bytes `start..end` become `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// Byte offset of the bytes replaced.
    pub start: usize,
    /// Byte offset just past them.
    pub end: usize,
    /// What replaces them.
    pub text: String,
}

impl OldSpelling {
    /// The note (FMT005) that says the old spelling was read as the new one, at its place in
    /// the original text.
    pub fn note(&self, text: &str) -> Diagnostic {
        let mut message = format!(
            "`{}` is an old spelling of {}, read as `{}`",
            self.old, self.format, self.new
        );
        if let Some(why) = self.reading {
            message.push_str(": ");
            message.push_str(why);
        }
        Diagnostic::new(Code::OldSpelling, message)
        .at_location(location_at(text, self.start, self.end - self.start))
        .with_hint(format!(
            "write `{}`; `saberc migrate FILE` rewrites every old spelling in place, comments kept",
            self.new_text
        ))
    }
}

/// The format version of the scenarios' old spellings.
const SCENARIO_FORMAT: &str = "saber-scenario/1";

/// Does `text` hold `word`?
pub(crate) fn has(text: &str, word: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), word.as_bytes()).is_some()
}

/// Could the text hold the old `count: All` (RON `All`, JSON `"All"`)? False only when no
/// `All` stands where a value does: after a `:` whose key ends in `count`, a comment or a line
/// break, and (RON) not part of a longer name, (JSON) a whole string. So the token pass is
/// skipped for the many files whose only `All` is in a sentence ("All woods…"), a name
/// (`Allowance`), the value of another key (`hexes: All`, in 840 of the 2,040 files of the
/// ratio benchmark: the pass over their tokens was 3 % of a batch check) or a goal's `All`.
fn may_have_old_all(text: &str, syntax: Syntax) -> bool {
    let space = |c: char| c.is_whitespace() || matches!(c, '\u{200e}' | '\u{200f}');
    // memchr's searcher: std's `contains` was a tenth of a batch check (a profile of 29
    // November), run over every scenario's whole text.
    has(text, "\\u")
        || memchr::memmem::find_iter(text.as_bytes(), "All").any(|i| {
            let (mut before, after) = (&text[..i], &text[i + "All".len()..]);
            match syntax {
                Syntax::Ron if after.starts_with(|c: char| c.is_alphanumeric() || c == '_') => {
                    return false;
                }
                Syntax::Ron => {}
                Syntax::Json => match (before.strip_suffix('"'), after.starts_with('"')) {
                    (Some(b), true) => before = b,
                    _ => return false,
                },
            }
            // Only a value that ends its field, as the token pass asks (then `,`, `)`, `}`,
            // the end, or a comment): not a goal's key `"All": […]` nor `All(…)`.
            let rest = match syntax {
                Syntax::Json => &after[1..],
                Syntax::Ron => after,
            };
            if !rest
                .trim_start_matches(space)
                .chars()
                .next()
                .is_none_or(|c| matches!(c, ',' | ')' | '}' | '/'))
            {
                return false;
            }
            let value_start = before.trim_end_matches(space);
            // The key before the `:`, as the token pass reads it: `count` (JSON `"count"`),
            // or a comment there (a block comment ends in `/`, a line comment in a line break).
            let key_may_be_count = |colon: &str| {
                let key = colon.trim_end_matches(space);
                key.ends_with("count")
                    || key.ends_with("count\"")
                    || key.ends_with('/')
                    || colon[key.len()..].contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}'])
            };
            value_start.strip_suffix(':').is_some_and(key_may_be_count)
                || value_start.ends_with('/')
                || before[value_start.len()..]
                    .contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}'])
        })
}

/// The old spellings in a Rifle & Saber scenario's text, in order. One pass over the syntax tree's tokens
/// ([`crate::syntax::lexer`]; strings and comments are tokens of their own, never read as
/// names), holding only the few tokens around the current one.
pub fn old_spellings(text: &str, syntax: Syntax) -> Vec<OldSpelling> {
    // Cheap refusal: neither old spelling can occur without these words (`All` as a value,
    // not inside a sentence; `by_turn` in a `ControlEnemySetup`, not in an `Exit`, where it
    // is current).
    let old_by_turn = has(text, "by_turn") && has(text, "ControlEnemySetup");
    if !old_by_turn && !may_have_old_all(text, syntax) {
        return Vec::new();
    }
    let word = |t: &Lexed| -> &str {
        let s = &text[t.start..t.end];
        match syntax {
            Syntax::Json => s
                .strip_prefix('"')
                .and_then(|s| s.strip_suffix('"'))
                .unwrap_or(s),
            Syntax::Ron => s,
        }
    };
    let is_punct = |t: &Lexed| {
        matches!(
            t.kind,
            L_PAREN | R_PAREN | L_BRACKET | R_BRACKET | L_BRACE | R_BRACE | COLON | COMMA
        )
    };
    let mut tokens = lex(text).filter(|t| !t.kind.is_trivia());
    // The two tokens before the current one, and the three after it.
    let mut before: [Option<Lexed>; 2] = [None, None];
    let mut ahead: VecDeque<Lexed> = tokens.by_ref().take(4).collect();
    // The variant each open bracket belongs to (the name just before it, or before `:` in
    // JSON's `"Exit": {`).
    let mut stack: Vec<Option<&str>> = Vec::new();
    let mut out = Vec::new();
    while let Some(t) = ahead.pop_front() {
        if let Some(next) = tokens.next() {
            ahead.push_back(next);
        }
        let [two_back, one_back] = before;
        before = [one_back, Some(t)];
        match t.kind {
            L_PAREN | L_BRACKET | L_BRACE => {
                let owner = match syntax {
                    Syntax::Ron => one_back,
                    Syntax::Json => two_back.filter(|_| one_back.is_some_and(|c| c.kind == COLON)),
                };
                stack.push(owner.filter(|o| !is_punct(o)).map(|o| word(&o)));
            }
            R_PAREN | R_BRACKET | R_BRACE => {
                stack.pop();
            }
            _ => {}
        }
        // A field `key: value` directly inside the bracket.
        let Some(owner) = stack.last().copied().flatten() else {
            continue;
        };
        if is_punct(&t) || ahead.front().map(|c| c.kind) != Some(COLON) {
            continue;
        }
        let Some(value) = ahead.get(1).filter(|v| !is_punct(v)) else {
            continue;
        };
        // Only a value that ends the field (no `All(…)` or `N(…)`).
        if !matches!(
            ahead.get(2).map(|c| c.kind),
            Some(COMMA | R_PAREN | R_BRACE) | None
        ) {
            continue;
        }
        match (owner, word(&t), word(value)) {
            ("Exit", "count", "All") => {
                let text = match syntax {
                    Syntax::Ron => "EveryCounter".to_string(),
                    Syntax::Json => "\"EveryCounter\"".to_string(),
                };
                out.push(OldSpelling {
                    format: SCENARIO_FORMAT,
                    reading: None,
                    start: value.start,
                    end: value.end,
                    edits: vec![Edit {
                        start: value.start,
                        end: value.end,
                        text: text.clone(),
                    }],
                    new_text: text,
                    old: "Exit(count: All)",
                    new: "Exit(count: EveryCounter)",
                })
            }
            ("ControlEnemySetup", "by_turn", n) if n.bytes().all(|b| b.is_ascii_digit()) => {
                // The key and the value are rewritten apart, so that a comment between
                // them (`by_turn /* as printed */ : 6`) stays where it is.
                let (key, value_text) = match syntax {
                    Syntax::Ron => ("when".to_string(), format!("ByEndOfTurn({n})")),
                    Syntax::Json => ("\"when\"".to_string(), format!("{{\"ByEndOfTurn\": {n}}}")),
                };
                out.push(OldSpelling {
                    format: SCENARIO_FORMAT,
                    reading: None,
                    start: t.start,
                    end: value.end,
                    new_text: format!("{key}: {value_text}"),
                    edits: vec![
                        Edit {
                            start: t.start,
                            end: t.end,
                            text: key,
                        },
                        Edit {
                            start: value.start,
                            end: value.end,
                            text: value_text,
                        },
                    ],
                    old: "ControlEnemySetup(by_turn: N)",
                    new: "ControlEnemySetup(when: ByEndOfTurn(N))",
                })
            }
            _ => {}
        }
    }
    out
}

/// Every edit of the old spellings, in text order.
fn edits(old: &[OldSpelling]) -> impl Iterator<Item = &Edit> {
    old.iter().flat_map(|o| &o.edits)
}

/// The text with every old spelling replaced by its new one; nothing else changes.
pub fn rewrite(text: &str, old: &[OldSpelling]) -> String {
    let mut out = String::with_capacity(text.len() + 16 * old.len());
    let mut at = 0;
    for e in edits(old) {
        out.push_str(&text[at..e.start]);
        out.push_str(&e.text);
        at = e.end;
    }
    out.push_str(&text[at..]);
    out
}

/// Where an offset of the rewritten text lies in the original: shifted back over the edits
/// before it; inside an edit, at the start of what it replaced.
fn original_offset(old: &[OldSpelling], offset: usize) -> usize {
    let mut shift: isize = 0;
    for e in edits(old) {
        let new_start = (e.start as isize + shift) as usize;
        let new_end = new_start + e.text.len();
        if offset < new_start {
            break;
        }
        if offset < new_end {
            return e.start;
        }
        shift += e.text.len() as isize - (e.end - e.start) as isize;
    }
    (offset as isize - shift).max(0) as usize
}

/// `src` as its rewritten form, which the reader reads ([`rewrite`] of its old spellings `old`).
pub fn rewritten(src: &Source, old: &[OldSpelling]) -> Source {
    Source {
        text: rewrite(&src.text, old),
        ..src.clone()
    }
}

/// Findings located in the rewritten form of `original` ([`rewritten`]), moved to its own text.
pub fn located_back(
    original: &str,
    old: &[OldSpelling],
    diags: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let back = |mut d: Diagnostic| {
        d.location = d.location.map(|l| original_location(original, old, l));
        d
    };
    diags.into_iter().map(back).collect()
}

/// A location in the rewritten text, moved to the original text.
pub fn original_location(original: &str, old: &[OldSpelling], l: Location) -> Location {
    let start = original_offset(old, l.offset);
    let end = original_offset(old, l.offset + l.length).max(start);
    let start = floor_char_boundary(original, start);
    let end = floor_char_boundary(original, end);
    location_at(original, start, end - start)
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD_RON: &str = r#"(
    victory: [
        // the limbers
        (side: "a", goal: Exit(count: All, counters: [Marker(Limber)], via: Edge(East), by_turn: 8)),
        (side: "b", goal: ControlEnemySetup(by_turn: 7 /* as printed */)),
        (side: "c", goal: Hold(target: Feature("V1"), hexes: All, when: EndOfGame)),
    ],
    notes: "Exit(count: All) in a string stays",
)"#;

    #[test]
    fn ron_old_spellings_are_found_and_rewritten_comments_kept() {
        let old = old_spellings(OLD_RON, Syntax::Ron);
        assert_eq!(old.len(), 2, "{old:?}");
        let new = rewrite(OLD_RON, &old);
        assert!(new.contains("Exit(count: EveryCounter, counters"), "{new}");
        assert!(
            new.contains("ControlEnemySetup(when: ByEndOfTurn(7) /* as printed */)"),
            "{new}"
        );
        assert!(
            new.contains("hexes: All"),
            "Hold's `All` is not Exit's: {new}"
        );
        assert!(new.contains("// the limbers") && new.contains("\"Exit(count: All) in"));
        assert!(old_spellings(&new, Syntax::Ron).is_empty(), "once");
    }

    /// A comment inside an old spelling, between its key and its value, is kept where it is.
    #[test]
    fn a_comment_inside_an_old_spelling_is_kept() {
        for (text, new) in [
            (
                "(goal: ControlEnemySetup(by_turn /* keep */ : 6))",
                "(goal: ControlEnemySetup(when /* keep */ : ByEndOfTurn(6)))",
            ),
            (
                "(goal: ControlEnemySetup(by_turn: // keep\n 6))",
                "(goal: ControlEnemySetup(when: // keep\n ByEndOfTurn(6)))",
            ),
            (
                "(goal: Exit(count: /* keep */ All))",
                "(goal: Exit(count: /* keep */ EveryCounter))",
            ),
        ] {
            let old = old_spellings(text, Syntax::Ron);
            assert_eq!(old.len(), 1, "{text}");
            assert_eq!(rewrite(text, &old), new);
        }
    }

    #[test]
    fn json_old_spellings_are_found_and_rewritten() {
        let text = r#"{"victory": [{"goal": {"Exit": {"count": "All", "by_turn": 3}}},
            {"goal": {"ControlEnemySetup": {"by_turn": 7}}}]}"#;
        let old = old_spellings(text, Syntax::Json);
        let new = rewrite(text, &old);
        assert_eq!(
            new,
            r#"{"victory": [{"goal": {"Exit": {"count": "EveryCounter", "by_turn": 3}}},
            {"goal": {"ControlEnemySetup": {"when": {"ByEndOfTurn": 7}}}}]}"#
        );
        let v: serde_json::Value = serde_json::from_str(&new).unwrap();
        assert_eq!(
            v["victory"][1]["goal"]["ControlEnemySetup"]["when"]["ByEndOfTurn"],
            7
        );
    }

    /// The quick refusal before the token pass never hides an old `All` (however the value is
    /// written after its `:`), and lets a sentence's or a name's `All` go without the pass.
    #[test]
    fn the_quick_refusal_never_hides_an_old_all() {
        for (syntax, text) in [
            (Syntax::Ron, "(goal: Exit(count: All, counters: []))"),
            (Syntax::Ron, "(goal: Exit(count:All))"),
            (Syntax::Ron, "(goal: Exit(count: /* every one */ All))"),
            (Syntax::Ron, "(goal: Exit(count: // every one\n All))"),
            (Syntax::Ron, "(goal: Exit(count:\u{2028}\u{200e}All))"),
            (Syntax::Json, r#"{"goal": {"Exit": {"count": "All"}}}"#),
            (Syntax::Json, r#"{"goal": {"Exit": {"count":"All"}}}"#),
            (Syntax::Json, r#"{"goal": {"Exit": {"count" : "All"}}}"#),
            (Syntax::Ron, "(goal: Exit(count /* every one */ : All))"),
            (Syntax::Ron, "(goal: Exit(count // every one\n : All))"),
            (Syntax::Ron, "(goal: Exit(count\u{2028}: All))"),
            (Syntax::Ron, "(goal: Exit(count: All /* every one */))"),
            (
                Syntax::Json,
                "{\"goal\": {\"Exit\": {\"count\": \"All\"\n}}}",
            ),
            (Syntax::Ron, "(goal: ControlEnemySetup(by_turn: 7))"),
            (
                Syntax::Ron,
                "(goal: ControlEnemySetup /* as printed */ (by_turn: 7))",
            ),
            (
                Syntax::Json,
                r#"{"goal": {"ControlEnemySetup": {"by_turn": 7}}}"#,
            ),
        ] {
            assert_eq!(old_spellings(text, syntax).len(), 1, "{text}");
        }
        assert!(!may_have_old_all(
            "(notes: \"All woods are clear\", ma: \"Movement Allowance\")",
            Syntax::Ron
        ));
        assert!(!may_have_old_all(
            r#"{"notes": "All woods", "count": "Allied"}"#,
            Syntax::Json
        ));
        // `All` as the value of another key is current (`hexes: All`).
        assert!(!may_have_old_all(
            r#"{"entry": {"hexes": "All"}}"#,
            Syntax::Json
        ));
        assert!(!may_have_old_all("(entry: (hexes: All))", Syntax::Ron));
        // A goal's `All` of sub-goals, written on its own line, is a key or a variant.
        assert!(!may_have_old_all(
            "{\"goal\": {\n  \"All\": [{\"Exit\": {\"count\": 3}}]}}",
            Syntax::Json
        ));
        assert!(!may_have_old_all("(goal:\n  All([]))", Syntax::Ron));
        // `by_turn` is current in an `Exit`: such a file is not searched.
        let exit = "(goal: Exit(count: EveryCounter, via: Edge(East), by_turn: 8))";
        assert!(!may_have_old_all(exit, Syntax::Ron) && !exit.contains("ControlEnemySetup"));
    }

    #[test]
    fn locations_move_back_to_the_original_text() {
        let old = old_spellings(OLD_RON, Syntax::Ron);
        let new = rewrite(OLD_RON, &old);
        // `counters` lies after the first rewrite on its line.
        let at = new.find("counters").unwrap();
        let l = original_location(OLD_RON, &old, location_at(&new, at, 8));
        assert_eq!(&OLD_RON[l.offset..l.offset + l.length], "counters");
        // Inside the new value: at the old value it replaced.
        let at = new.find("ByEndOfTurn").unwrap();
        let l = original_location(OLD_RON, &old, location_at(&new, at, 3));
        assert_eq!(&OLD_RON[l.offset..l.offset + 1], "7");
        let at = new.find("when: By").unwrap();
        let l = original_location(OLD_RON, &old, location_at(&new, at, 4));
        assert_eq!(&OLD_RON[l.offset..l.offset + 7], "by_turn");
    }
}
