//! The parser: tokens into a lossless tree, recovering from errors so that one pass finds
//! every independent mistake and the tree still holds every byte of the text.

use rowan::{GreenNode, GreenNodeBuilder};

use super::lexer::{Lexed, Lexer, lex};
use super::tree::SyntaxKind::{self, *};
use crate::model::limits;

/// A syntax error: what is wrong and where (a byte offset in the text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// What is wrong, as a sentence.
    pub message: String,
    /// Byte offset in the text.
    pub offset: usize,
}

/// The tree of a text and the errors found building it.
#[derive(Debug, Clone)]
pub struct Parse {
    /// The tree, holding every byte of the text.
    pub green: GreenNode,
    /// The errors, in text order of discovery.
    pub errors: Vec<SyntaxError>,
}

/// Parse RON or JSON text (JSON is read as the RON subset it is; what JSON refuses beyond
/// that is left to the JSON reader).
pub fn parse(text: &str) -> Parse {
    let mut p = Parser::new(text, Some(GreenNodeBuilder::new()));
    p.root();
    Parse {
        green: p.builder.map(|b| b.finish()).unwrap_or_else(|| {
            GreenNode::new(ROOT.into(), std::iter::empty::<rowan::NodeOrToken<_, _>>())
        }),
        errors: p.errors,
    }
}

/// The errors [`parse`] finds in a text, without building its tree: for a pass that needs to
/// know only whether a text is valid (`fmt` reads the tokens themselves from the lexer).
pub fn errors(text: &str) -> Vec<SyntaxError> {
    let mut p = Parser::new(text, None);
    p.root();
    p.errors
}

/// The tokens are lexed one at a time (the lexer cloned to look ahead), never held in a list:
/// a text at the limit of values has millions of them.
struct Parser<'a> {
    text: &'a str,
    /// The tokens after `current`.
    lexer: Lexer<'a>,
    /// The current token.
    current: Option<Lexed>,
    /// Byte offset of the current token (the text's length at the end).
    offset: usize,
    /// The tree being built (none when only the errors are wanted).
    builder: Option<GreenNodeBuilder<'static>>,
    errors: Vec<SyntaxError>,
    /// The closing brackets of the groups being parsed, innermost last.
    closers: Vec<SyntaxKind>,
}

fn closer_of(open: SyntaxKind) -> SyntaxKind {
    match open {
        L_PAREN => R_PAREN,
        L_BRACKET => R_BRACKET,
        _ => R_BRACE,
    }
}

fn char_of(kind: SyntaxKind) -> char {
    match kind {
        L_PAREN => '(',
        R_PAREN => ')',
        L_BRACKET => '[',
        R_BRACKET => ']',
        L_BRACE => '{',
        _ => '}',
    }
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, builder: Option<GreenNodeBuilder<'static>>) -> Parser<'a> {
        let mut lexer = lex(text);
        let current = lexer.next();
        Parser {
            text,
            lexer,
            current,
            offset: 0,
            builder,
            errors: Vec::new(),
            closers: Vec::new(),
        }
    }

    fn start_node(&mut self, kind: SyntaxKind) {
        if let Some(b) = &mut self.builder {
            b.start_node(kind.into());
        }
    }

    fn finish_node(&mut self) {
        if let Some(b) = &mut self.builder {
            b.finish_node();
        }
    }

    fn current(&self) -> Option<SyntaxKind> {
        self.current.map(|t| t.kind)
    }

    /// The next token that is not trivia, from the current one.
    fn peek_significant(&self) -> Option<Lexed> {
        self.current
            .into_iter()
            .chain(self.lexer.clone())
            .find(|t| !t.kind.is_trivia())
    }

    fn bump(&mut self) {
        let Some(t) = self.current else { return };
        if let Some(b) = &mut self.builder {
            b.token(t.kind.into(), &self.text[t.start..t.end]);
        }
        self.offset = t.end;
        self.current = self.lexer.next();
    }

    fn trivia(&mut self) {
        while self.current().is_some_and(SyntaxKind::is_trivia) {
            self.bump();
        }
    }

    fn error(&mut self, message: impl Into<String>, offset: usize) {
        self.errors.push(SyntaxError {
            message: message.into(),
            offset,
        });
    }

    fn found(&self) -> String {
        match self.current {
            Some(t) => {
                let s = &self.text[t.start..t.end];
                let first: String = s.chars().take(20).collect();
                format!("`{first}`")
            }
            None => "the end of the file".to_string(),
        }
    }

    /// Skip one token as an error node.
    fn bump_error(&mut self) {
        self.start_node(ERROR_NODE);
        self.bump();
        self.finish_node();
    }

    fn root(&mut self) {
        self.start_node(ROOT);
        self.trivia();
        while self.current() == Some(ATTRIBUTE) {
            self.bump();
            self.trivia();
        }
        if self.current().is_some() {
            self.value(0);
        }
        loop {
            self.trivia();
            if self.current().is_none() {
                break;
            }
            let message = format!("unexpected {} after the end of the document", self.found());
            self.error(message, self.offset);
            // Skip the rest as one error node, brackets and all.
            self.start_node(ERROR_NODE);
            while self.current().is_some() {
                self.bump();
            }
            self.finish_node();
        }
        self.finish_node();
    }

    /// One value at the current (significant) token. Consumes at least one token unless the
    /// token is a closing bracket or a comma (which the group handles) or the end.
    fn value(&mut self, depth: usize) {
        let Some(kind) = self.current() else {
            self.error("the file ends where a value was expected", self.offset);
            return;
        };
        match kind {
            L_PAREN | L_BRACKET | L_BRACE => {
                self.start_node(GROUP);
                self.group(depth);
            }
            IDENT => {
                if self.peek_after_current() == Some(L_PAREN) {
                    self.start_node(GROUP);
                    self.bump();
                    self.trivia();
                    self.group(depth);
                } else {
                    self.start_node(SCALAR);
                    self.bump();
                    self.finish_node();
                }
            }
            STRING | NUMBER => {
                self.start_node(SCALAR);
                self.bump();
                self.finish_node();
            }
            R_PAREN | R_BRACKET | R_BRACE | COMMA => {
                let message = format!("expected a value, found {}", self.found());
                self.error(message, self.offset);
            }
            ERROR => {
                let message = match self.text[self.offset..].chars().next() {
                    Some('"') => "this string is never closed: end it with \"".to_string(),
                    Some('\'') => "this character literal is never closed".to_string(),
                    Some('/') => "this block comment is never closed: end it with */".to_string(),
                    Some('r' | 'b') => "this raw string is never closed".to_string(),
                    Some(c) => format!("unexpected character `{c}`"),
                    None => "unexpected end".to_string(),
                };
                self.error(message, self.offset);
                self.bump_error();
            }
            _ => {
                let message = format!("expected a value, found {}", self.found());
                self.error(message, self.offset);
                self.bump_error();
            }
        }
    }

    /// The kind of the first significant token after the current one.
    fn peek_after_current(&self) -> Option<SyntaxKind> {
        self.lexer
            .clone()
            .find(|t| !t.kind.is_trivia())
            .map(|t| t.kind)
    }

    /// A bracket at the current token, in the GROUP node started (and its name, if any,
    /// bumped) by the caller; finishes the node.
    fn group(&mut self, depth: usize) {
        let open = self.current().unwrap_or(L_PAREN);
        let open_at = self.offset;
        let close = closer_of(open);
        self.bump();
        if depth + 1 > limits::MAX_NESTING {
            self.error(
                format!(
                    "brackets are nested more than {} levels deep",
                    limits::MAX_NESTING
                ),
                open_at,
            );
            self.skip_balanced();
            self.finish_node();
            return;
        }
        self.closers.push(close);
        loop {
            self.trivia();
            let Some(kind) = self.current() else {
                self.error(format!("this `{}` is never closed", char_of(open)), open_at);
                break;
            };
            if kind == close {
                self.bump();
                break;
            }
            if matches!(kind, R_PAREN | R_BRACKET | R_BRACE) {
                self.error(
                    format!(
                        "`{}` closes a bracket opened with `{}`: write `{}`",
                        char_of(kind),
                        char_of(open),
                        char_of(close)
                    ),
                    self.offset,
                );
                if self.closers.contains(&kind) {
                    // It closes an outer bracket: this one ends here.
                    break;
                }
                self.bump_error();
                continue;
            }
            if kind == COMMA {
                let message = "expected a value before `,`";
                self.error(message, self.offset);
                self.bump_error();
                continue;
            }
            self.entry(depth + 1);
            match self.peek_significant().map(|t| (t, t.kind)) {
                Some((_, COMMA)) => {
                    self.trivia();
                    self.bump();
                }
                Some((_, R_PAREN | R_BRACKET | R_BRACE)) | None => {}
                Some((at, _)) => {
                    let offset = at.start;
                    let found: String = self.text[at.start..at.end].chars().take(20).collect();
                    self.error(
                        format!("expected `,` or `{}`, found `{found}`", char_of(close)),
                        offset,
                    );
                }
            }
        }
        self.closers.pop();
        self.finish_node();
    }

    /// Past the nesting limit: the bracket's content as one error node, without recursion.
    fn skip_balanced(&mut self) {
        self.start_node(ERROR_NODE);
        let mut depth = 1usize;
        while let Some(kind) = self.current() {
            match kind {
                L_PAREN | L_BRACKET | L_BRACE => depth += 1,
                R_PAREN | R_BRACKET | R_BRACE => depth -= 1,
                _ => {}
            }
            self.bump();
            if depth == 0 {
                break;
            }
        }
        self.finish_node();
    }

    /// One element of a group: a value, or a key, `:` and a value.
    fn entry(&mut self, depth: usize) {
        self.start_node(ENTRY);
        self.value(depth);
        if self.peek_significant().is_some_and(|t| t.kind == COLON) {
            self.trivia();
            self.bump();
            self.trivia();
            if matches!(
                self.current(),
                Some(R_PAREN | R_BRACKET | R_BRACE | COMMA) | None
            ) {
                let message = format!("expected a value after `:`, found {}", self.found());
                self.error(message, self.offset);
            } else {
                self.value(depth);
            }
        }
        self.finish_node();
    }
}
