//! The tokens `saberc fmt` lays out: the syntax tree's own ([`crate::syntax`]), as its lexer
//! gives them, for a text its parser finds no error in (a text the tree finds an error in is
//! not formatted). The tree itself is not built: its tokens in order are the lexer's, and a
//! file at the limit of values would hold millions of tree nodes only to be walked once.

use super::{FormatError, err};
use crate::syntax::SyntaxKind as S;

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

/// A token's place in 32-bit offsets (a text is at most the 16 MiB read limit): a file at the
/// limit of values has millions of tokens.
#[derive(Debug, Clone, Copy)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) start: u32,
    pub(super) end: u32,
    /// Newlines between the previous token and this one.
    pub(super) newlines_before: u32,
}

/// The significant tokens and comments of a text, or the first error the tree found in it.
pub(super) fn tokenize(text: &str) -> Result<Vec<Token>, FormatError> {
    if let Some(e) = crate::syntax::errors(text).first() {
        return err(e.message.clone(), e.offset);
    }
    let mut out = Vec::new();
    let mut newlines = 0;
    for t in crate::syntax::lexer::lex(text) {
        let kind = match t.kind {
            S::WHITESPACE => {
                newlines += text[t.start..t.end].matches('\n').count() as u32;
                continue;
            }
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
            _ => {
                return err(format!("unexpected `{}`", &text[t.start..t.end]), t.start);
            }
        };
        let (Ok(start), Ok(end)) = (u32::try_from(t.start), u32::try_from(t.end)) else {
            return err("the text is too long to format", t.start);
        };
        out.push(Token {
            kind,
            start,
            end,
            newlines_before: newlines,
        });
        newlines = 0;
    }
    Ok(out)
}
