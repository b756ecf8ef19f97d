//! The tokens of a RON or JSON file, as `saberc fmt` reads them: brackets, separators, atoms
//! kept as written, and comments.

use super::{FormatError, err};

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// `(`, `[` or `{`.
    Open(u8),
    /// `)`, `]` or `}`.
    Close(u8),
    Colon,
    Comma,
    /// A string, char, number or identifier: kept as written.
    Atom,
    /// `#![…]` attributes at the top of a RON file, kept as written.
    Attribute,
    /// `true` for a line comment.
    Comment(bool),
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) start: usize,
    pub(super) end: usize,
    /// Newlines between the previous token and this one.
    pub(super) newlines_before: usize,
}

pub(super) fn tokenize(text: &str) -> Result<Vec<Token>, FormatError> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    let mut newlines = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            newlines += 1;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let kind = match c {
            b'(' | b'[' | b'{' => {
                i += 1;
                Kind::Open(c)
            }
            b')' | b']' | b'}' => {
                i += 1;
                Kind::Close(c)
            }
            b':' => {
                i += 1;
                Kind::Colon
            }
            b',' => {
                i += 1;
                Kind::Comma
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                Kind::Comment(true)
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0usize;
                loop {
                    if i + 1 >= b.len() {
                        return err("this block comment is never closed: end it with */", start);
                    }
                    if b[i] == b'/' && b[i + 1] == b'*' {
                        depth += 1;
                        i += 2;
                    } else if b[i] == b'*' && b[i + 1] == b'/' {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                Kind::Comment(false)
            }
            b'#' if b.get(i + 1) == Some(&b'!') => {
                // `#![enable(…)]`: to the matching `]`.
                let mut depth = 0usize;
                while i < b.len() {
                    match b[i] {
                        b'[' => depth += 1,
                        b']' => {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                i += 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                Kind::Attribute
            }
            b'"' => {
                i = string_end(b, i + 1, start)?;
                Kind::Atom
            }
            b'\'' => {
                i += 1;
                while i < b.len() && b[i] != b'\'' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                if i >= b.len() {
                    return err("this character literal is never closed", start);
                }
                i += 1;
                Kind::Atom
            }
            b'r' | b'b' if raw_string_start(b, i).is_some() => {
                let (hashes, body) = raw_string_start(b, i).unwrap_or((0, i));
                i = body;
                if hashes == usize::MAX {
                    // b"…": an ordinary escaped string after the prefix.
                    i = string_end(b, i, start)?;
                } else {
                    loop {
                        if i >= b.len() {
                            return err("this raw string is never closed", start);
                        }
                        if b[i] == b'"'
                            && b[i + 1..].iter().take(hashes).all(|h| *h == b'#')
                            && b.len() >= i + 1 + hashes
                        {
                            i += 1 + hashes;
                            break;
                        }
                        i += 1;
                    }
                }
                Kind::Atom
            }
            _ if c.is_ascii_alphanumeric()
                || c == b'_'
                || c == b'-'
                || c == b'+'
                || c == b'.'
                || c >= 0x80 =>
            {
                let mut prev = 0u8;
                while i < b.len() {
                    let d = b[i];
                    let exponent_sign = (d == b'-' || d == b'+')
                        && (prev == b'e' || prev == b'E')
                        && text[start..i]
                            .trim_start_matches(['-', '+'])
                            .starts_with(|c: char| c.is_ascii_digit())
                        && !text[start..i].contains("0x");
                    if d.is_ascii_alphanumeric()
                        || d == b'_'
                        || d == b'.'
                        || d >= 0x80
                        || (i == start && (d == b'-' || d == b'+'))
                        || exponent_sign
                        || (d == b'#' && text[start..i] == *"r")
                    {
                        prev = d;
                        i += 1;
                    } else {
                        break;
                    }
                }
                // Keep to char boundaries: non-ASCII identifier characters are whole.
                while !text.is_char_boundary(i) {
                    i += 1;
                }
                Kind::Atom
            }
            _ => {
                let ch = text[i..].chars().next().unwrap_or('?');
                return err(format!("unexpected character `{ch}`"), i);
            }
        };
        out.push(Token {
            kind,
            start,
            end: i,
            newlines_before: newlines,
        });
        newlines = 0;
    }
    Ok(out)
}

/// The end (one past the closing quote) of an escaped string whose body starts at `i`.
fn string_end(b: &[u8], mut i: usize, start: usize) -> Result<usize, FormatError> {
    while i < b.len() && b[i] != b'"' {
        if b[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    if i >= b.len() {
        return err("this string is never closed: end it with \"", start);
    }
    Ok(i + 1)
}

/// At `r"`, `r#"`, `br#"` or `b"`: the number of `#` (`usize::MAX` for `b"`, an escaped byte
/// string) and where the body starts.
fn raw_string_start(b: &[u8], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    if b.get(j) == Some(&b'b') {
        j += 1;
        if b.get(j) == Some(&b'"') {
            return Some((usize::MAX, j + 1));
        }
    }
    if b.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while b.get(j) == Some(&b'#') {
        hashes += 1;
        j += 1;
    }
    (b.get(j) == Some(&b'"')).then_some((hashes, j + 1))
}
