//! The tokens `saberc fmt` lays out: the syntax tree's own ([`crate::syntax`]), as its lexer
//! gives them, for a text its parser finds no error in (a text the tree finds an error in is
//! not formatted). Neither the tree nor a list of the tokens is built: they are lexed one at a
//! time, again where a look ahead needs them, since a file at the limit of values holds
//! millions of them (a list of them took a fifth of `fmt`'s memory).

use super::{FormatError, err};
use crate::syntax::SyntaxKind as S;
use crate::syntax::lexer::{Lexer, lex};

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

/// A token and its place.
#[derive(Debug, Clone, Copy)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) start: usize,
    pub(super) end: usize,
    /// Newlines between the previous token and this one, counted up to 255 (the layout asks
    /// only whether there were none, or two for a blank line).
    pub(super) newlines_before: u8,
}

/// The kind of a significant token or comment; `None` for white space, `Err` for a token the
/// layout has no place for.
fn kind_of(kind: S) -> Result<Option<Kind>, ()> {
    Ok(Some(match kind {
        S::WHITESPACE => return Ok(None),
        S::LINE_COMMENT => Kind::Comment(true),
        S::BLOCK_COMMENT => Kind::Comment(false),
        S::L_PAREN => Kind::Open(b'('),
        S::L_BRACKET => Kind::Open(b'['),
        S::L_BRACE => Kind::Open(b'{'),
        S::R_PAREN => Kind::Close(b')'),
        S::R_BRACKET => Kind::Close(b']'),
        S::R_BRACE => Kind::Close(b'}'),
        S::COLON => Kind::Colon,
        S::COMMA => Kind::Comma,
        S::STRING | S::NUMBER | S::IDENT => Kind::Atom,
        S::ATTRIBUTE => Kind::Attribute,
        _ => return Err(()),
    }))
}

/// The significant tokens and comments of a text, one at a time (cloned to look ahead).
#[derive(Debug, Clone)]
pub(super) struct Tokens<'a> {
    text: &'a str,
    lexer: Lexer<'a>,
}

/// The tokens of a text, or the first error the tree finds in it (or a token the layout has
/// no place for): every token the iterator then gives has a kind.
pub(super) fn tokenize(text: &str) -> Result<Tokens<'_>, FormatError> {
    if let Some(e) = crate::syntax::errors(text).first() {
        return err(e.message.clone(), e.offset);
    }
    if let Some(t) = lex(text).find(|t| kind_of(t.kind).is_err()) {
        return err(format!("unexpected `{}`", &text[t.start..t.end]), t.start);
    }
    Ok(Tokens {
        text,
        lexer: lex(text),
    })
}

impl Iterator for Tokens<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        let mut newlines = 0usize;
        for t in self.lexer.by_ref() {
            match kind_of(t.kind) {
                Ok(Some(kind)) => {
                    return Some(Token {
                        kind,
                        start: t.start,
                        end: t.end,
                        newlines_before: newlines.min(u8::MAX.into()) as u8,
                    });
                }
                Ok(None) => newlines += self.text[t.start..t.end].matches('\n').count(),
                // Refused by `tokenize` before the first token was given.
                Err(()) => {}
            }
        }
        None
    }
}
