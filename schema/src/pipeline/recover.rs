//! Every independent syntax error, not only the first.
//!
//! Neither the `ron` nor the `serde_json` parser recovers after a syntax error: each stops at the
//! first. So after a syntax error the document is split along its syntax tree
//! ([`crate::syntax`]): a bracketed value (`( … )`, `[ … ]`, `{ … }`, with an optional RON name
//! before it) is cut at its own commas into entries, each entry's value (after `name:` or
//! `"key":`) is parsed on its own as an untyped value, and a value that fails is split the same
//! way in turn, down to the innermost value that fails on its own. Each such value gives one
//! error (in the words of the `ron` or `serde_json` parser, as the first), at its place in the
//! file. Splitting needs the brackets and strings to balance; where they do not (an unclosed
//! bracket, a string that never ends), the first error is all that is reported.

use crate::diagnostic::Diagnostic;
use crate::model::limits;
use crate::pipeline::locate::location_at;
use crate::pipeline::read::Syntax;
use crate::syntax::SyntaxKind::*;
use crate::syntax::lexer::skip_trivia;
use crate::syntax::tree::{self, SyntaxNode, end, entry_key, entry_value, start};

/// Syntax errors in `text` besides `first` (the parser's own error), each located in `text`.
pub fn other_syntax_errors(
    text: &str,
    syntax: Syntax,
    first: &Diagnostic,
    parse: &dyn Fn(&str) -> Option<Diagnostic>,
) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let root = crate::syntax::parse(text).syntax();
    if let Some(group) = tree::root_value(&root).filter(balanced) {
        split_group(text, &group, syntax, parse, 0, &mut found);
        // Entries that each read but not together (a field and a bare value mixed): the
        // bracket's own error, as for a bracket inside (below).
        if found.is_empty()
            && let Some(d) = parse(&text[start(&group)..end(&group)])
        {
            found.push(rebase(text, start(&group), d));
        }
    }
    let first_line = first.location.map(|l| l.line);
    found.retain(|d| d.location.map(|l| l.line) != first_line);
    found.dedup_by_key(|d| d.location.map(|l| l.line));
    found.truncate(limits::MAX_DIAGNOSTICS_PER_FILE);
    found
}

/// Deepest level split into entries; errors further in are reported at this level's entry.
const MAX_SPLIT_DEPTH: usize = 16;

/// Is `value` a bracket whose brackets and strings balance: every bracket in it closed by its
/// own closing bracket, no closing bracket left over, no string or comment left open?
fn balanced(value: &SyntaxNode) -> bool {
    value.kind() == GROUP
        && value.descendants().all(|n| match n.kind() {
            GROUP => closed(&n),
            // A closing bracket skipped as an error closes nothing it should. (A string or
            // comment left open runs to the end of the text, leaving its brackets unclosed.)
            ERROR_NODE => !n
                .descendants_with_tokens()
                .any(|e| matches!(e.kind(), R_PAREN | R_BRACKET | R_BRACE)),
            _ => true,
        })
}

/// Does the group end with the bracket closing its own?
fn closed(group: &SyntaxNode) -> bool {
    let Some(open) = tree::group_open(group) else {
        return false;
    };
    let close = match open.kind() {
        L_PAREN => R_PAREN,
        L_BRACKET => R_BRACKET,
        _ => R_BRACE,
    };
    group
        .last_token()
        .is_some_and(|t| t.kind() == close && t.parent().as_ref() == Some(group))
}

/// The entries of `group` as the spans between its own commas (and brackets): an entry whose
/// comma is missing is one span with the entry after it, as the parser sees it.
fn entry_spans(group: &SyntaxNode) -> Vec<(usize, usize, Option<SyntaxNode>)> {
    let mut out = Vec::new();
    let mut from = None;
    let mut first_entry = None;
    for e in group.children_with_tokens() {
        // A comma the parser skipped as an error still separates entries.
        let comma = match &e {
            rowan::NodeOrToken::Token(t) => t.kind() == COMMA,
            rowan::NodeOrToken::Node(n) => {
                n.kind() == ERROR_NODE && n.first_token().is_some_and(|t| t.kind() == COMMA)
            }
        };
        let at: usize = e.text_range().start().into();
        match e.kind() {
            L_PAREN | L_BRACKET | L_BRACE if from.is_none() => {
                from = Some(e.text_range().end().into());
            }
            R_PAREN | R_BRACKET | R_BRACE => {
                if let Some(s) = from {
                    out.push((s, at, first_entry.take()));
                }
                return out;
            }
            _ if comma => {
                if let Some(s) = from {
                    out.push((s, at, first_entry.take()));
                }
                from = Some(e.text_range().end().into());
            }
            ENTRY if first_entry.is_none() => first_entry = e.into_node(),
            _ => {}
        }
    }
    out
}

/// Split the balanced `group` into entries and report the entries whose value does not parse.
fn split_group(
    text: &str,
    group: &SyntaxNode,
    syntax: Syntax,
    parse: &dyn Fn(&str) -> Option<Diagnostic>,
    depth: usize,
    out: &mut Vec<Diagnostic>,
) {
    for (s, e, entry) in entry_spans(group) {
        if out.len() >= limits::MAX_DIAGNOSTICS_PER_FILE {
            return;
        }
        let value_node = entry.as_ref().and_then(|n| value_of(n, syntax));
        let vs = match (&entry, &value_node) {
            (_, Some(v)) => start(v),
            // A key with nothing after its `:`.
            (Some(n), None) if has_key(n, syntax) => e,
            _ => skip_trivia(text, s).min(e),
        };
        let value = text[vs.min(e)..e].trim_end();
        if value.is_empty() {
            continue;
        }
        let Some(d) = parse(value) else { continue };
        // A bracket that is all of the entry's value (nothing but white space after it) is
        // split in turn.
        let inner = value_node
            .filter(|v| v.kind() == GROUP && end(v) <= e && text[end(v)..e].trim().is_empty());
        match inner {
            Some(g) if depth < MAX_SPLIT_DEPTH => {
                let before = out.len();
                split_group(text, &g, syntax, parse, depth + 1, out);
                if out.len() == before {
                    out.push(rebase(text, vs, d));
                }
            }
            _ => out.push(rebase(text, vs, d)),
        }
    }
}

/// Does the entry have a key the value parser reads as one: a string, or in RON a name or a
/// number?
fn has_key(entry: &SyntaxNode, syntax: Syntax) -> bool {
    entry_key(entry)
        .filter(|k| k.kind() == SCALAR)
        .and_then(|k| tree::first_token(&k))
        .is_some_and(|t| match t.kind() {
            STRING => t.text().starts_with('"'),
            IDENT | NUMBER => syntax == Syntax::Ron,
            _ => false,
        })
}

/// The entry's value to parse on its own: after its key when it has one the value parser
/// reads as a key ([`has_key`]), else the entry itself (its first value, key or not).
fn value_of(entry: &SyntaxNode, syntax: Syntax) -> Option<SyntaxNode> {
    if has_key(entry, syntax) {
        entry_value(entry)
    } else {
        entry.children().find(tree::is_value)
    }
}

/// A diagnostic located in `text[base..]` moved to its place in `text`. A value followed by
/// more text is an entry whose comma is missing: said so as the parsers' own error is
/// ([`missing_comma`]), at the same place, so that the two are one finding.
fn rebase(text: &str, base: usize, mut d: Diagnostic) -> Diagnostic {
    if let Some(l) = d.location {
        let at = base + l.offset;
        if d.message.contains("trailing characters") {
            let next = skip_trivia(text, at);
            if let Some(comma) = missing_comma(text, next, "") {
                return comma;
            }
        }
        d.location = Some(location_at(text, at, l.length));
    }
    d.path = None;
    d
}

/// A comma missing before `offset`, where a parser noticed it (at the next value): the
/// message names the value before, the help says what to type after it, and the caret stands
/// where the comma belongs, just after that value. `None` when no value ends there (the text
/// before is an opening bracket, a `:` or a comma).
pub fn missing_comma(text: &str, offset: usize, where_: &str) -> Option<Diagnostic> {
    let before = text[..offset.min(text.len())].trim_end();
    // A comment between the value and the next is not the value.
    let before = strip_line_comment(before);
    let last = before.chars().next_back()?;
    let end = before.len();
    // The value before: a string (to its opening quote), or a word, number or bracket.
    let start = if last == '"' {
        before[..end - 1].rfind('"')?
    } else if matches!(last, ')' | ']' | '}') {
        end - 1
    } else {
        before
            .rfind(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '.' | '-')))
            .map_or(0, |i| i + 1)
    };
    let value = &before[start..];
    if value.is_empty() || matches!(last, ',' | '(' | '[' | '{' | ':') {
        return None;
    }
    let shown = crate::diagnostic::printable(value, 40);
    Some(
        Diagnostic::new(
            crate::diagnostic::Code::Syntax,
            format!("a comma is missing after `{shown}`{where_}"),
        )
        .with_hint(format!(
            "write `{shown},` at the end of the value before: items are separated by commas"
        ))
        .at_location(location_at(text, end, 0)),
    )
}

/// `text` without a `//` comment on its last line (outside strings), trimmed at the end.
fn strip_line_comment(text: &str) -> &str {
    let line_start = text.rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..];
    let mut in_string = false;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '"' if prev != '\\' => in_string = !in_string,
            '/' if !in_string && prev == '/' => {
                return text[..line_start + i - 1].trim_end();
            }
            _ => {}
        }
        prev = c;
    }
    text
}
