//! The tokens of a RON or JSON text: every byte of the text is in exactly one token
//! (whitespace and comments included), so the tree built from them gives the text back.

use super::tree::SyntaxKind::{self, *};

/// One token: its kind and its length in bytes (tokens follow each other with no gap).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// What the token is.
    pub kind: SyntaxKind,
    /// Its length in bytes.
    pub len: usize,
}

/// Whitespace as RON reads it (`ron::parse::is_whitespace_char`); JSON's is a subset, and the
/// pipeline's JSON reader refuses the rest.
pub fn is_whitespace(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t'
            | '\n'
            | '\r'
            | '\x0B'
            | '\x0C'
            | '\u{85}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Split `text` into tokens. Never fails: what is not a token of the grammar is an `ERROR`
/// token (an unclosed string or comment runs to the end of the text as one).
pub fn tokenize(text: &str) -> Vec<Token> {
    lex(text)
        .map(|t| Token {
            kind: t.kind,
            len: t.end - t.start,
        })
        .collect()
}

/// One token with its place: what the passes that need no tree (check's limits, the `format`
/// field, old spellings) read, one token at a time, in constant memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lexed {
    /// What the token is.
    pub kind: SyntaxKind,
    /// Byte offset of its first byte.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
}

/// The tokens of `text` in order, as [`tokenize`] splits it, one at a time.
pub fn lex(text: &str) -> Lexer<'_> {
    Lexer { text, at: 0 }
}

/// The tokens of `text` from `at` (a token boundary: the end of a token of [`lex`]).
pub fn lex_from(text: &str, at: usize) -> Lexer<'_> {
    Lexer {
        text,
        at: at.min(text.len()),
    }
}

/// The iterator of [`lex`].
#[derive(Debug, Clone)]
pub struct Lexer<'a> {
    text: &'a str,
    at: usize,
}

impl Iterator for Lexer<'_> {
    type Item = Lexed;

    fn next(&mut self) -> Option<Lexed> {
        if self.at >= self.text.len() {
            return None;
        }
        let (kind, len) = next(&self.text[self.at..]);
        debug_assert!(len > 0);
        let start = self.at;
        self.at += len;
        Some(Lexed {
            kind,
            start,
            end: self.at,
        })
    }
}

/// The offset of the first token at or after `at` that is neither whitespace nor a comment
/// (the end of the text if there is none).
pub fn skip_trivia(text: &str, at: usize) -> usize {
    lex_from(text, at)
        .find(|t| !t.kind.is_trivia())
        .map_or(text.len(), |t| t.start)
}

/// The token at the start of `s` (non-empty).
fn next(s: &str) -> (SyntaxKind, usize) {
    let b = s.as_bytes();
    let c = s.chars().next().unwrap_or('\0');
    if is_whitespace(c) {
        let len = s
            .char_indices()
            .find(|(_, c)| !is_whitespace(*c))
            .map_or(s.len(), |(i, _)| i);
        return (WHITESPACE, len);
    }
    match b[0] {
        b'(' => (L_PAREN, 1),
        b')' => (R_PAREN, 1),
        b'[' => (L_BRACKET, 1),
        b']' => (R_BRACKET, 1),
        b'{' => (L_BRACE, 1),
        b'}' => (R_BRACE, 1),
        b':' => (COLON, 1),
        b',' => (COMMA, 1),
        b'/' if b.get(1) == Some(&b'/') => (LINE_COMMENT, memchr_or_end(b, b'\n')),
        b'/' if b.get(1) == Some(&b'*') => block_comment(b),
        b'#' if b.get(1) == Some(&b'!') => attribute(b),
        b'"' => quoted(b, 1, b'"'),
        b'\'' => quoted(b, 1, b'\''),
        b'b' if b.get(1) == Some(&b'"') => quoted(b, 2, b'"'),
        b'b' | b'r' if raw_string(b).is_some() => raw_string(b).unwrap_or((ERROR, 1)),
        b'0'..=b'9' | b'+' | b'-' | b'.' => number(s),
        _ if is_ident_start(c) || (c == 'r' && s.starts_with("r#")) => ident(s),
        _ => (ERROR, c.len_utf8()),
    }
}

fn memchr_or_end(b: &[u8], byte: u8) -> usize {
    memchr::memchr(byte, b).unwrap_or(b.len())
}

/// `/* … */`, nested as RON nests them; unclosed: an error to the end.
fn block_comment(b: &[u8]) -> (SyntaxKind, usize) {
    let mut depth = 0usize;
    let mut i = 0;
    while i + 1 < b.len() {
        if b[i] == b'/' && b[i + 1] == b'*' {
            depth += 1;
            i += 2;
        } else if b[i] == b'*' && b[i + 1] == b'/' {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return (BLOCK_COMMENT, i);
            }
        } else {
            i += 1;
        }
    }
    (ERROR, b.len())
}

/// `#![enable(…)]`: to its matching `]`.
fn attribute(b: &[u8]) -> (SyntaxKind, usize) {
    let mut depth = 0usize;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'[' => depth += 1,
            b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return (ATTRIBUTE, i + 1);
                }
            }
            b'\n' if depth == 0 && i > 2 => return (ERROR, i),
            _ => {}
        }
    }
    (ERROR, b.len())
}

/// A string or char with `\` escapes whose body starts at `body`; unclosed: an error to the end.
fn quoted(b: &[u8], body: usize, quote: u8) -> (SyntaxKind, usize) {
    let mut i = body;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            c if c == quote => return (STRING, i + 1),
            _ => i += 1,
        }
    }
    (ERROR, b.len())
}

/// `r"…"`, `r#"…"#`, `br#"…"#`: `None` when this is not the start of one.
fn raw_string(b: &[u8]) -> Option<(SyntaxKind, usize)> {
    let mut j = usize::from(b.first() == Some(&b'b'));
    if b.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while b.get(j) == Some(&b'#') {
        hashes += 1;
        j += 1;
    }
    if b.get(j) != Some(&b'"') {
        return None;
    }
    let mut i = j + 1;
    while i < b.len() {
        if b[i] == b'"'
            && b.len() >= i + 1 + hashes
            && b[i + 1..i + 1 + hashes].iter().all(|h| *h == b'#')
        {
            return Some((STRING, i + 1 + hashes));
        }
        i += 1;
    }
    Some((ERROR, b.len()))
}

/// A number as written (`12`, `-1.5e-3`, `0x1F`, `1_000`, `-inf`): digits, letters, `_` and
/// `.`, a sign first or after an exponent's `e`.
fn number(s: &str) -> (SyntaxKind, usize) {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b[0], b'+' | b'-'));
    let hex = s[i..].starts_with("0x") || s[i..].starts_with("0X");
    let mut prev = 0u8;
    while i < b.len() {
        let d = b[i];
        let exponent_sign = matches!(d, b'+' | b'-') && matches!(prev, b'e' | b'E') && !hex;
        if d.is_ascii_alphanumeric() || d == b'_' || d == b'.' || exponent_sign {
            prev = d;
            i += 1;
        } else {
            break;
        }
    }
    if i == usize::from(matches!(b[0], b'+' | b'-')) {
        // A lone sign or dot.
        return (ERROR, 1.max(i));
    }
    (NUMBER, i)
}

/// An identifier (`Deploy`, `r#type`, `café`).
fn ident(s: &str) -> (SyntaxKind, usize) {
    let start = if s.starts_with("r#") { 2 } else { 0 };
    let len = s[start..]
        .char_indices()
        .find(|(i, c)| {
            if *i == 0 {
                !is_ident_start(*c)
            } else {
                !is_ident_continue(*c)
            }
        })
        .map_or(s.len() - start, |(i, _)| i);
    if len == 0 {
        return (ERROR, start.max(1));
    }
    (IDENT, start + len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(SyntaxKind, &str)> {
        let mut at = 0;
        tokenize(text)
            .into_iter()
            .map(|t| {
                let s = &text[at..at + t.len];
                at += t.len;
                (t.kind, s)
            })
            .collect()
    }

    #[test]
    fn every_kind_of_token() {
        assert_eq!(
            kinds("(a: -1.5e-3, b: r#\"x\"#) // c\n/* d /* e */ */#![enable(x)]'c'"),
            vec![
                (L_PAREN, "("),
                (IDENT, "a"),
                (COLON, ":"),
                (WHITESPACE, " "),
                (NUMBER, "-1.5e-3"),
                (COMMA, ","),
                (WHITESPACE, " "),
                (IDENT, "b"),
                (COLON, ":"),
                (WHITESPACE, " "),
                (STRING, "r#\"x\"#"),
                (R_PAREN, ")"),
                (WHITESPACE, " "),
                (LINE_COMMENT, "// c"),
                (WHITESPACE, "\n"),
                (BLOCK_COMMENT, "/* d /* e */ */"),
                (ATTRIBUTE, "#![enable(x)]"),
                (STRING, "'c'"),
            ]
        );
    }

    #[test]
    fn unclosed_strings_and_comments_are_errors_to_the_end() {
        assert_eq!(
            kinds("(a: \"open"),
            vec![
                (L_PAREN, "("),
                (IDENT, "a"),
                (COLON, ":"),
                (WHITESPACE, " "),
                (ERROR, "\"open")
            ]
        );
        assert_eq!(kinds("/* open"), vec![(ERROR, "/* open")]);
        assert_eq!(kinds("@"), vec![(ERROR, "@")]);
    }
}
