//! Every independent syntax error, not only the first.
//!
//! Neither the `ron` nor the `serde_json` parser recovers after a syntax error: each stops at the
//! first. So after a syntax error saberc splits the document itself: a bracketed value (`( … )`,
//! `[ … ]`, `{ … }`, with an optional RON name before it) is cut at its top-level commas into
//! entries, each entry's value (after `name:` or `"key":`) is parsed on its own as an untyped
//! value, and a value that fails is split the same way in turn, down to the innermost value that
//! fails on its own. Each such value gives one error, at its place in the file. Splitting needs
//! the brackets and strings to balance; where they do not (an unclosed bracket, a string that
//! never ends), the first error is all that is reported.

use crate::diagnostic::Diagnostic;
use crate::model::limits;
use crate::pipeline::locate::location_at;
use crate::pipeline::read::Syntax;

/// Syntax errors in `text` besides `first` (the parser's own error), each located in `text`.
pub fn other_syntax_errors(
    text: &str,
    syntax: Syntax,
    first: &Diagnostic,
    parse: &dyn Fn(&str) -> Option<Diagnostic>,
) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let start = skip_trivia(text.as_bytes(), 0);
    if let Some(end) = group_end(text.as_bytes(), start, syntax) {
        split_group(text, start, end, syntax, parse, 0, &mut found);
    }
    let first_line = first.location.map(|l| l.line);
    found.retain(|d| d.location.map(|l| l.line) != first_line);
    found.dedup_by_key(|d| d.location.map(|l| l.line));
    found.truncate(limits::MAX_DIAGNOSTICS_PER_FILE);
    found
}

/// Deepest level split into entries; errors further in are reported at this level's entry.
const MAX_SPLIT_DEPTH: usize = 16;

/// Split the group `text[start..end]` (an optional name, an opening bracket, …, the matching
/// closing bracket) into entries and report the entries whose value does not parse.
fn split_group(
    text: &str,
    start: usize,
    end: usize,
    syntax: Syntax,
    parse: &dyn Fn(&str) -> Option<Diagnostic>,
    depth: usize,
    out: &mut Vec<Diagnostic>,
) {
    let b = text.as_bytes();
    let Some(open) = (start..end).find(|&i| matches!(b[i], b'(' | b'[' | b'{')) else {
        return;
    };
    for (s, e) in entries(b, open + 1, end - 1, syntax) {
        if out.len() >= limits::MAX_DIAGNOSTICS_PER_FILE {
            return;
        }
        let vs = value_start(b, s, e, syntax);
        let vs = skip_trivia(b, vs).min(e);
        let value = text[vs..e].trim_end();
        if value.is_empty() {
            continue;
        }
        let Some(d) = parse(value) else { continue };
        // The group may end past the entry (a comment left open inside it runs on): then it is
        // not this entry's value.
        let group = group_end(b, vs, syntax).filter(|g| *g <= e && text[*g..e].trim().is_empty());
        match group {
            Some(g) if depth < MAX_SPLIT_DEPTH => {
                let before = out.len();
                split_group(text, vs, g, syntax, parse, depth + 1, out);
                if out.len() == before {
                    out.push(rebase(text, vs, d));
                }
            }
            _ => out.push(rebase(text, vs, d)),
        }
    }
}

/// A diagnostic located in `text[base..]` moved to its place in `text`. A value followed by
/// more text is an entry whose comma is missing: said so as the parsers' own error is
/// ([`missing_comma`]), at the same place, so that the two are one finding.
fn rebase(text: &str, base: usize, mut d: Diagnostic) -> Diagnostic {
    if let Some(l) = d.location {
        let at = base + l.offset;
        if d.message.contains("trailing characters") {
            let next = skip_trivia(text.as_bytes(), at);
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

/// The spans of the comma-separated entries between `from` and `to`.
fn entries(b: &[u8], from: usize, to: usize, syntax: Syntax) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut s = from;
    let mut i = from;
    while i < to {
        match b[i] {
            b'"' => i = string_end(b, i).unwrap_or(to),
            b'/' if syntax == Syntax::Ron && b.get(i + 1) == Some(&b'/') => {
                while i < to && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if syntax == Syntax::Ron && b.get(i + 1) == Some(&b'*') => {
                i = find(b, i + 2, b"*/").map_or(to, |j| j + 2);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                out.push((s, i));
                s = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push((s, to));
    out
}

/// Where the value of an entry starts: after `name:` (RON struct field, map entry) or
/// `"key":` (JSON), or at the entry itself (a list element).
fn value_start(b: &[u8], s: usize, e: usize, syntax: Syntax) -> usize {
    let s = skip_trivia(b, s);
    let key_end = match b.get(s) {
        Some(b'"') => string_end(b, s).map(|j| j + 1),
        Some(c) if syntax == Syntax::Ron && (c.is_ascii_alphanumeric() || *c == b'_') => Some(
            (s..e)
                .find(|&j| !(b[j].is_ascii_alphanumeric() || b[j] == b'_'))
                .unwrap_or(e),
        ),
        _ => None,
    };
    match key_end {
        Some(k) => {
            let after = skip_trivia(b, k);
            if after < e && b[after] == b':' {
                after + 1
            } else {
                s
            }
        }
        None => s,
    }
}

/// The end (one past the closing bracket) of the group starting at `start` (after an optional
/// RON name), if its brackets and strings balance.
fn group_end(b: &[u8], start: usize, syntax: Syntax) -> Option<usize> {
    let mut i = start;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    i = skip_trivia(b, i);
    if !matches!(b.get(i), Some(b'(' | b'[' | b'{')) {
        return None;
    }
    let mut stack: Vec<u8> = Vec::new();
    while i < b.len() {
        match b[i] {
            b'"' => i = string_end(b, i)?,
            b'/' if syntax == Syntax::Ron && b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if syntax == Syntax::Ron && b.get(i + 1) == Some(&b'*') => {
                i = find(b, i + 2, b"*/")? + 2;
                continue;
            }
            c @ (b'(' | b'[' | b'{') => stack.push(c),
            c @ (b')' | b']' | b'}') => {
                let open = stack.pop()?;
                if !matches!((open, c), (b'(', b')') | (b'[', b']') | (b'{', b'}')) {
                    return None;
                }
                if stack.is_empty() {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index of the closing quote of the string opening at `i`.
fn string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            b'"' => return Some(j),
            _ => j += 1,
        }
    }
    None
}

fn find(b: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    b.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// Skip whitespace and comments.
fn skip_trivia(b: &[u8], mut i: usize) -> usize {
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'*') {
            match find(b, i + 2, b"*/") {
                Some(j) => i = j + 2,
                None => return b.len(),
            }
        } else {
            return i;
        }
    }
}
