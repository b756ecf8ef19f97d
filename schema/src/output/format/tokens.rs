//! The tokens `saberc fmt` lays out, taken from the one syntax tree ([`crate::syntax`]): a
//! text the tree finds an error in is not formatted, and the tokens are the tree's own.

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

#[derive(Debug, Clone, Copy)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) start: usize,
    pub(super) end: usize,
    /// Newlines between the previous token and this one.
    pub(super) newlines_before: usize,
}

/// The significant tokens and comments of a text, or the first error the tree found in it.
pub(super) fn tokenize(text: &str) -> Result<Vec<Token>, FormatError> {
    let parsed = crate::syntax::parse(text);
    if let Some(e) = parsed.errors.first() {
        return err(e.message.clone(), e.offset);
    }
    let mut out = Vec::new();
    let mut newlines = 0;
    for t in parsed
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        let kind = match t.kind() {
            S::WHITESPACE => {
                newlines += t.text().matches('\n').count();
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
                let at = t.text_range().start().into();
                return err(format!("unexpected `{}`", t.text()), at);
            }
        };
        out.push(Token {
            kind,
            start: t.text_range().start().into(),
            end: t.text_range().end().into(),
            newlines_before: newlines,
        });
        newlines = 0;
    }
    Ok(out)
}
