//! The tree `saberc fmt` lays out: brackets of items, each a value or `key: value` with its
//! comments. Atoms, names and comments borrow the text they were read from (a file at the limit
//! of values has a million atoms), and an item's key and comments are kept apart, since the items
//! of long lists have none: a hex of such a list takes less than half the memory it did.

use std::borrow::Cow;

use super::tokens::{Kind, Token, Tokens, tokenize};
use super::{FormatError, err};
use crate::model::limits;

/// A comment and whether a blank line came before it.
#[derive(Debug, Clone)]
pub(crate) struct Comment<'a> {
    pub(crate) text: &'a str,
    pub(crate) blank_before: bool,
}

#[derive(Debug, Clone)]
pub(crate) enum Node<'a> {
    /// As written, or as written by a conversion.
    Atom(Cow<'a, str>),
    /// Boxed: a list of a million atoms holds a million nodes, each the size of the larger
    /// variant.
    Group(Box<Group<'a>>),
}

#[derive(Debug, Clone)]
pub(crate) struct Group<'a> {
    /// `Some`, `Deploy`, a struct name: written right before the bracket.
    pub(crate) name: Option<&'a str>,
    pub(crate) open: u8,
    pub(crate) items: Vec<Item<'a>>,
    /// Comments after the last element.
    pub(crate) end_comments: Box<[Comment<'a>]>,
}

/// One element of a bracket: a value, or `key: value`, with its comments.
#[derive(Debug, Clone)]
pub(crate) struct Item<'a> {
    pub(crate) blank_before: bool,
    pub(crate) value: Node<'a>,
    /// Its key and comments, when it has any (the items of long lists have none).
    extra: Option<Box<ItemExtra<'a>>>,
}

/// The key of an item and its comments: before it, and at the end of its line.
#[derive(Debug, Clone)]
struct ItemExtra<'a> {
    key: Option<Node<'a>>,
    leading: Vec<Comment<'a>>,
    trailing: Option<&'a str>,
}

impl<'a> Item<'a> {
    /// An item with its comments before it and at the end of its line.
    fn new(
        blank_before: bool,
        leading: Vec<Comment<'a>>,
        key: Option<Node<'a>>,
        value: Node<'a>,
        trailing: Option<&'a str>,
    ) -> Item<'a> {
        let extra = (key.is_some() || !leading.is_empty() || trailing.is_some()).then(|| {
            Box::new(ItemExtra {
                key,
                leading,
                trailing,
            })
        });
        Item {
            blank_before,
            value,
            extra,
        }
    }

    /// The key, in `key: value`.
    pub(crate) fn key(&self) -> Option<&Node<'a>> {
        self.extra.as_ref().and_then(|e| e.key.as_ref())
    }

    /// The comments before it.
    pub(crate) fn leading(&self) -> &[Comment<'a>] {
        self.extra.as_ref().map_or(&[], |e| &e.leading)
    }

    /// The comment at the end of its line.
    pub(crate) fn trailing(&self) -> Option<&'a str> {
        self.extra.as_ref().and_then(|e| e.trailing)
    }

    /// The key as a name: a field or identifier as written, a string key's value.
    pub(crate) fn key_name(&self) -> Option<String> {
        let Some(Node::Atom(k)) = self.key() else {
            return None;
        };
        if k.starts_with('"') {
            return serde_json::from_str::<String>(k).ok();
        }
        Some(k.strip_prefix("r#").unwrap_or(k).to_string())
    }
}

/// A whole file: `#![…]` attributes, comments before the value, the value, comments after.
#[derive(Debug)]
pub(crate) struct Document<'a> {
    pub(crate) attributes: Vec<&'a str>,
    pub(crate) header: Vec<Comment<'a>>,
    /// A blank line between the header comments and the value.
    pub(crate) blank_after_header: bool,
    pub(crate) root: Option<Node<'a>>,
    pub(crate) footer: Vec<Comment<'a>>,
}

/// The tree of a RON or JSON text (already checked to be JSON, for JSON).
pub(crate) fn parse_document(text: &str) -> Result<Document<'_>, FormatError> {
    let mut tokens = tokenize(text)?;
    let next = tokens.next();
    Parser { tokens, next, text }.document()
}

struct Parser<'a> {
    /// The tokens after `next`.
    tokens: Tokens<'a>,
    /// The next token.
    next: Option<Token>,
    text: &'a str,
}

pub(super) fn closer(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        _ => b'}',
    }
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<Token> {
        self.next
    }

    /// Past the next token.
    fn bump(&mut self) {
        self.next = self.tokens.next();
    }

    /// The next token that is not a comment.
    fn next_past_comments(&self) -> Option<Token> {
        std::iter::once(self.next?)
            .chain(self.tokens.clone())
            .find(|t| !matches!(t.kind, Kind::Comment(_)))
    }

    fn src(&self, t: Token) -> &'a str {
        &self.text[t.start..t.end]
    }

    fn end_offset(&self) -> usize {
        self.text.len()
    }

    /// Is the next token that is not a comment a `:`?
    fn colon_after_comments(&self) -> bool {
        self.next_past_comments()
            .is_some_and(|t| t.kind == Kind::Colon)
    }

    fn same_line_comment(&mut self) -> Option<&'a str> {
        let t = self
            .peek()
            .filter(|t| matches!(t.kind, Kind::Comment(_)) && t.newlines_before == 0)?;
        self.bump();
        Some(self.src(t).trim_end())
    }

    fn comments(&mut self) -> Vec<Comment<'a>> {
        let mut out = Vec::new();
        while let Some(t) = self.peek() {
            let Kind::Comment(_) = t.kind else { break };
            out.push(Comment {
                text: self.src(t).trim_end(),
                blank_before: t.newlines_before >= 2,
            });
            self.bump();
        }
        out
    }

    fn document(mut self) -> Result<Document<'a>, FormatError> {
        let mut attributes = Vec::new();
        let mut header = self.comments();
        while let Some(t) = self.peek().filter(|t| t.kind == Kind::Attribute) {
            attributes.push(self.src(t));
            self.bump();
            header.extend(self.comments());
        }
        let blank_after_header =
            !header.is_empty() && self.peek().is_some_and(|t| t.newlines_before >= 2);
        let root = if self.peek().is_some() {
            let mut moved = Vec::new();
            let root = self.value(0, &mut moved)?;
            header.extend(moved);
            Some(root)
        } else {
            None
        };
        let footer = self.comments();
        if let Some(t) = self.peek() {
            return err(
                format!("unexpected `{}` after the end of the document", self.src(t)),
                t.start,
            );
        }
        Ok(Document {
            attributes,
            header,
            blank_after_header,
            root,
            footer,
        })
    }

    /// One value. Comments between a name and its bracket (`Some /* c */ (…)`, which the
    /// syntax tree reads as one named value) are pushed to `moved`: they go before the value,
    /// as comments between a key and its colon go before the key.
    fn value(
        &mut self,
        depth: usize,
        moved: &mut Vec<Comment<'a>>,
    ) -> Result<Node<'a>, FormatError> {
        let Some(t) = self.peek() else {
            return err(
                "the file ends where a value was expected",
                self.end_offset(),
            );
        };
        match t.kind {
            Kind::Open(open) => {
                self.bump();
                Ok(Node::Group(Box::new(
                    self.group(None, open, t.start, depth)?,
                )))
            }
            Kind::Atom => {
                self.bump();
                let name = self.src(t);
                // The tree's rule: a name, then its `(` after any comments.
                let paren = self
                    .next_past_comments()
                    .filter(|n| n.kind == Kind::Open(b'('));
                if let Some(n) = paren
                    && starts_identifier(name)
                {
                    moved.extend(self.comments());
                    self.bump();
                    return Ok(Node::Group(Box::new(self.group(
                        Some(name),
                        b'(',
                        n.start,
                        depth,
                    )?)));
                }
                Ok(Node::Atom(Cow::Borrowed(name)))
            }
            _ => err(
                format!("expected a value, found `{}`", self.src(t)),
                t.start,
            ),
        }
    }

    fn group(
        &mut self,
        name: Option<&'a str>,
        open: u8,
        at: usize,
        depth: usize,
    ) -> Result<Group<'a>, FormatError> {
        if depth + 1 > limits::MAX_NESTING {
            return err(
                format!(
                    "brackets are nested more than {} levels deep",
                    limits::MAX_NESTING
                ),
                at,
            );
        }
        let close = closer(open);
        let mut items = Vec::new();
        loop {
            let leading = self.comments();
            let Some(t) = self.peek() else {
                return err(format!("this `{}` is never closed", open as char), at);
            };
            if t.kind == Kind::Close(close) {
                self.bump();
                // Pushed to, a vector holds four items at least: a hex `(c, r)` has two.
                items.shrink_to_fit();
                return Ok(Group {
                    name,
                    open,
                    items,
                    end_comments: leading.into_boxed_slice(),
                });
            }
            if let Kind::Close(c) = t.kind {
                return err(
                    format!(
                        "`{}` closes a bracket opened with `{}`: write `{}`",
                        c as char, open as char, close as char
                    ),
                    t.start,
                );
            }
            // A blank line before a comment is the comment's; before the element, the element's.
            let blank_before = leading.is_empty() && t.newlines_before >= 2;
            let mut leading = leading;
            let first = self.value(depth + 1, &mut leading)?;
            // Comments between a key and its colon move before the key; after a value they
            // trail it (below).
            if self.colon_after_comments() {
                leading.extend(self.comments());
            }
            let (key, value) = if self.peek().is_some_and(|t| t.kind == Kind::Colon) {
                self.bump();
                leading.extend(self.comments());
                let value = self.value(depth + 1, &mut leading)?;
                (Some(first), value)
            } else {
                (None, first)
            };
            // A comment after the value on the same line (before or after the comma) trails it.
            let mut trailing = self.same_line_comment();
            let saw_comma = self.peek().is_some_and(|t| t.kind == Kind::Comma);
            if saw_comma {
                self.bump();
                if trailing.is_none() {
                    trailing = self.same_line_comment();
                }
            }
            if !saw_comma {
                let next = self.comments();
                match self.peek() {
                    Some(t) if t.kind == Kind::Close(close) => {
                        items.push(Item::new(blank_before, leading, key, value, trailing));
                        self.bump();
                        items.shrink_to_fit();
                        return Ok(Group {
                            name,
                            open,
                            items,
                            end_comments: next.into_boxed_slice(),
                        });
                    }
                    Some(t) => {
                        return err(
                            format!(
                                "expected `,` or `{}`, found `{}`",
                                close as char,
                                self.src(t)
                            ),
                            t.start,
                        );
                    }
                    None => {
                        return err(format!("this `{}` is never closed", open as char), at);
                    }
                }
            }
            items.push(Item::new(blank_before, leading, key, value, trailing));
        }
    }
}

fn starts_identifier(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && !s.starts_with("r\"")
        && !s.starts_with("r#\"")
        && !s.starts_with("b\"")
}
