//! Finding a value in the source text by its path (a JSON pointer), so that findings of the
//! JSON Schema stage and the rule checks point at file:line:col, and the passes over a text
//! that need no tree: check's limits (nesting, values) and the top-level `format` field.
//!
//! Everything here reads the text through the one syntax tree ([`crate::syntax`]): the tree's
//! nodes for paths, its lexer's tokens for the passes that run before anything is built (so
//! that no pass disagrees with the parser on what is a string, a comment or a bracket). A path
//! is followed as serde maps RON onto the JSON data model: `Name(...)` is either an enum
//! variant (a path step named `Name`) or a struct name (no step); `Some(x)` is just `x`;
//! `( .. )` holds struct fields or tuple items; `[ .. ]` a list; `{ .. }` a map. When the path
//! cannot be followed to the end it stops at the deepest value found.

mod flat;

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use crate::diagnostic::{Location, PathSeg, floor_char_boundary};
use crate::syntax::SyntaxKind::{self, *};
use crate::syntax::lexer::{Lexed, lex, skip_trivia};
use crate::syntax::tree::{
    self, SyntaxNode, end, entries, entry_key, entry_value, group_name, start,
};

/// The location of the value at `path` in `text`. To locate many paths in one text, make one
/// [`Locator`]: it builds the tree once.
pub fn locate(text: &str, path: &[PathSeg]) -> Location {
    let (offset, length) = Locator::new(text).span(path);
    location_at(text, offset, length)
}

/// Locates many paths in one text at a cost linear in the text: the syntax tree is built once
/// (on first use), and each bracket's items are listed once, however many paths go through
/// it. Lines and columns are then computed by [`Lines`] in one forward sweep.
pub struct Locator<'a> {
    text: &'a str,
    /// The values of a plain JSON text, once listed (`None`: not plain JSON, the tree is used).
    flat: OnceCell<Option<flat::Flat<'a>>>,
    /// The root's value node, once built.
    root: OnceCell<Option<SyntaxNode>>,
    /// The items of each bracket listed so far, by the offset where its node starts.
    items: RefCell<HashMap<usize, Rc<Items>>>,
}

/// Where a path step lands.
#[derive(Debug, Clone)]
enum At {
    /// A value node.
    Value(SyntaxNode),
    /// The brackets of an enum variant's group, entered by the variant's name (`Deploy(…)`
    /// at the step `Deploy`): its span starts at the opening bracket.
    Body(SyntaxNode),
    /// A place that holds no value (inside an empty `Some()`, the end of the text).
    Point(usize),
}

/// The items of one bracket, listed once, with what every path step through it asks: whether
/// all are positional, and which item each key names first (so that a step costs the same in
/// a bracket of 100,000 items as in one of three).
struct Items {
    list: Vec<(Option<Box<str>>, At)>,
    positional: bool,
    first_of_key: HashMap<Box<str>, usize>,
}

/// Keys longer than this are never path steps (ids, codes and field names are short).
const MAX_KEY: usize = 256;

/// A key as a path step names it: a field or identifier as written (`r#` dropped), a string
/// key's value; a key too long to compare is still a key, which no step names.
fn key_text(key: &SyntaxNode) -> Box<str> {
    let len: usize = key.text_range().len().into();
    if len > MAX_KEY {
        return "\u{0}".into();
    }
    tree::key_name(key)
        .unwrap_or_else(|| key.to_string())
        .into_boxed_str()
}

/// An unnamed bracket opened with `open`.
fn is_bracket(at: &At, open: SyntaxKind) -> bool {
    matches!(at, At::Value(n) if n.kind() == GROUP
        && group_name(n).is_none()
        && tree::group_open(n).is_some_and(|t| t.kind() == open))
}

impl<'a> Locator<'a> {
    /// A locator over `text` (nothing is built until the first path).
    pub fn new(text: &'a str) -> Locator<'a> {
        Locator {
            text,
            flat: OnceCell::new(),
            root: OnceCell::new(),
            items: Default::default(),
        }
    }

    /// Byte offset and length of the value at `path` (the first line of it, at most 200 bytes),
    /// or of the deepest value found when the path cannot be followed to its end.
    pub fn span(&self, path: &[PathSeg]) -> (usize, usize) {
        let (pos, end) = self.range(path);
        let b = self.text.as_bytes();
        // Point at the first line of the value only, and at no more than 200 bytes of it.
        let window = &b[pos.min(end)..end.min(pos + 200)];
        let len = window
            .iter()
            .position(|b| *b == b'\n')
            .unwrap_or(window.len());
        (pos, len.max(1))
    }

    /// Byte offsets where the value at `path` (or the deepest value found) starts and ends,
    /// all of it.
    pub fn range(&self, path: &[PathSeg]) -> (usize, usize) {
        if let Some(flat) = self.flat.get_or_init(|| flat::Flat::new(self.text)) {
            return flat.range(path);
        }
        self.tree_range(path)
    }

    /// [`Locator::range`] through the syntax tree.
    fn tree_range(&self, path: &[PathSeg]) -> (usize, usize) {
        let mut at = self.start();
        for seg in path {
            match self.step(&at, seg) {
                Some(next) => at = next,
                None => break,
            }
        }
        let (pos, end) = match &at {
            At::Value(n) => (start(n), end(n)),
            At::Body(g) => (
                tree::group_open(g).map_or(start(g), |t| t.text_range().start().into()),
                end(g),
            ),
            At::Point(p) => (*p, *p),
        };
        (pos, end.max(pos).min(self.text.len()))
    }

    /// Offsets where each occurrence of `key` starts in the map or struct at `path` (to name
    /// both places of a duplicate key).
    pub fn key_offsets(&self, path: &[PathSeg], key: &str) -> Vec<usize> {
        let mut at = self.start();
        for seg in path {
            match self.step(&at, seg) {
                Some(next) => at = next,
                None => return Vec::new(),
            }
        }
        let group = match at {
            At::Value(g) | At::Body(g) if g.kind() == GROUP => g,
            _ => return Vec::new(),
        };
        entries(&group)
            .filter_map(|e| entry_key(&e))
            .filter(|k| &*key_text(k) == key)
            .map(|k| start(&k))
            .collect()
    }

    /// The root's value, where every path starts.
    fn start(&self) -> At {
        let root = self.root.get_or_init(|| {
            let parsed = crate::syntax::parse(self.text);
            tree::root_value(&parsed.syntax())
        });
        match root {
            Some(n) => At::Value(n.clone()),
            None => At::Point(skip_trivia(self.text, 0)),
        }
    }

    fn items(&self, group: &SyntaxNode) -> Rc<Items> {
        let key = start(group);
        if let Some(v) = self.items.borrow().get(&key) {
            return v.clone();
        }
        let list: Vec<(Option<Box<str>>, At)> = entries(group)
            .map(|e| {
                let value = match entry_value(&e) {
                    Some(v) => At::Value(v),
                    None => At::Point(end(&e)),
                };
                (entry_key(&e).map(|k| key_text(&k)), value)
            })
            .collect();
        let positional = list.iter().all(|(k, _)| k.is_none());
        let mut first_of_key = HashMap::new();
        for (i, (k, _)) in list.iter().enumerate() {
            if let Some(k) = k {
                first_of_key.entry(k.clone()).or_insert(i);
            }
        }
        let v = Rc::new(Items {
            list,
            positional,
            first_of_key,
        });
        self.items.borrow_mut().insert(key, v.clone());
        v
    }

    /// Follow one path step from `at`.
    fn step(&self, at: &At, seg: &PathSeg) -> Option<At> {
        let group = match at {
            At::Point(_) => return None,
            At::Body(g) => return self.step_in(g, seg),
            At::Value(n) if n.kind() == GROUP => n,
            At::Value(_) => return None,
        };
        let Some(name) = group_name(group) else {
            return self.step_in(group, seg);
        };
        if name.text() == "Some" {
            // `Some(x)` is `x`: the step is taken from what stands first inside.
            let inner = match entries(group).next() {
                Some(e) => match e.children().find(tree::is_value) {
                    Some(v) => At::Value(v),
                    None => At::Point(start(&e)),
                },
                None => At::Point(tree::group_open(group).map_or(end(group), |t| {
                    skip_trivia(self.text, t.text_range().end().into())
                })),
            };
            return self.step(&inner, seg);
        }
        if let PathSeg::Key(k) = seg
            && k == name.text()
        {
            // Enum variant: what follows is the variant's content.
            let items = self.items(group);
            return match items.list.as_slice() {
                [(None, v)] => Some(v.clone()),
                _ => Some(At::Body(group.clone())),
            };
        }
        // A struct name: look inside.
        self.step_in(group, seg)
    }

    fn step_in(&self, group: &SyntaxNode, seg: &PathSeg) -> Option<At> {
        let items = self.items(group);
        let list = &items.list;
        match seg {
            PathSeg::Key(k) => {
                if let Some(i) = items.first_of_key.get(k.as_ref()) {
                    return Some(list[*i].1.clone());
                }
                // A newtype's content: `TreatAsClear(Feature("V4"))`.
                if let [(None, v)] = list.as_slice() {
                    return self.step(v, seg);
                }
                None
            }
            PathSeg::Index(i) => {
                // A newtype around a list (`Hexes([a, b])`): the list is the single item. (Only
                // in parentheses: `[[a, b]]` is a list of one list.)
                let newtype = items.positional
                    && list.len() == 1
                    && tree::group_open(group).is_some_and(|t| t.kind() == L_PAREN);
                if newtype && (*i > 0 || is_bracket(&list[0].1, L_BRACKET)) {
                    return self.step(&list[0].1, seg);
                }
                list.get(*i).map(|(_, v)| v.clone())
            }
        }
    }
}

/// The significant tokens of a text (neither trivia nor `#![…]` attributes), one at a time.
fn significant(text: &str) -> std::iter::Peekable<impl Iterator<Item = Lexed> + '_> {
    lex(text)
        .filter(|t| !t.kind.is_trivia() && t.kind != ATTRIBUTE)
        .peekable()
}

fn is_open(kind: SyntaxKind) -> bool {
    matches!(kind, L_PAREN | L_BRACKET | L_BRACE)
}

fn is_close(kind: SyntaxKind) -> bool {
    matches!(kind, R_PAREN | R_BRACKET | R_BRACE)
}

/// The end of the value whose first token is `first`, the rest of it taken from `tokens`: a
/// bracket (named or not) to its closing bracket (the end of the text when unclosed), any
/// other token to its end.
fn value_end(
    text: &str,
    first: Lexed,
    tokens: &mut std::iter::Peekable<impl Iterator<Item = Lexed>>,
) -> usize {
    if first.kind == IDENT && tokens.peek().is_some_and(|t| t.kind == L_PAREN) {
        tokens.next();
    } else if !is_open(first.kind) {
        return if is_close(first.kind) {
            first.start
        } else {
            first.end
        };
    }
    let mut depth = 1usize;
    for t in tokens.by_ref() {
        if is_open(t.kind) {
            depth += 1;
        } else if is_close(t.kind) {
            depth -= 1;
            if depth == 0 {
                return t.end;
            }
        }
    }
    text.len()
}

/// Where the value of a field of the top-level struct or object starts and ends (the `format`
/// field, read before parsing). Stops at the field, without reading the rest of the text.
pub fn top_level_field(text: &str, key: &str) -> Option<(usize, usize)> {
    let mut tokens = significant(text);
    let first = tokens.next()?;
    match first.kind {
        IDENT if tokens.next()?.kind == L_PAREN => {}
        L_PAREN | L_BRACE => {}
        _ => return None,
    }
    loop {
        let item = tokens.next()?;
        if is_close(item.kind) {
            return None;
        }
        let item_end = value_end(text, item, &mut tokens);
        let after = tokens.next()?;
        match after.kind {
            COMMA => continue,
            COLON => {}
            _ => return None,
        }
        let value = tokens.next()?;
        let raw = &text[item.start..item_end];
        let this = match item.kind {
            STRING => serde_json::from_str::<String>(raw).ok(),
            _ => Some(raw.strip_prefix("r#").unwrap_or(raw).to_string()),
        };
        let end = value_end(text, value, &mut tokens);
        if this.as_deref() == Some(key) {
            return Some((value.start, end.max(value.start)));
        }
        if tokens.next()?.kind != COMMA {
            return None;
        }
    }
}

/// A string a field's value holds, as the reader reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldString<'a> {
    /// The string: escapes decoded, a raw string's text.
    pub value: std::borrow::Cow<'a, str>,
    /// Where it is written: inside the quotes of a plain string, the whole raw string.
    pub start: usize,
    /// Just past it.
    pub end: usize,
}

/// The string the value at `at..end` (a span of [`top_level_field`]) holds, read as the
/// reader reads it: escapes (`\u{2d}` in RON, `\u002d` in JSON) decoded, a RON raw string
/// (`r"…"`, `r#"…"#`) read, RON's `Some("…")` looked through; `None` when it holds no string.
pub fn string_in(text: &str, at: usize, end: usize, json: bool) -> Option<FieldString<'_>> {
    let tokens: Vec<Lexed> = crate::syntax::lexer::lex_from(text, at)
        .take_while(|t| t.start < end)
        .filter(|t| !t.kind.is_trivia())
        .take(5)
        .collect();
    let t = match tokens.as_slice() {
        [t] => *t,
        [some, open, t, close]
            if !json
                && &text[some.start..some.end] == "Some"
                && open.kind == L_PAREN
                && close.kind == R_PAREN =>
        {
            *t
        }
        _ => return None,
    };
    if t.kind != STRING {
        return None;
    }
    let raw = &text[t.start..t.end];
    let quoted = raw.len() >= 2 && raw.starts_with('"') && raw.ends_with('"');
    let (start, end) = if quoted {
        (t.start + 1, t.end - 1)
    } else {
        (t.start, t.end)
    };
    let value = if quoted && !raw.contains('\\') {
        std::borrow::Cow::Borrowed(&raw[1..raw.len() - 1])
    } else if json {
        std::borrow::Cow::Owned(serde_json::from_str::<String>(raw).ok()?)
    } else {
        std::borrow::Cow::Owned(ron::from_str::<String>(raw).ok()?)
    };
    Some(FieldString { value, start, end })
}

/// Lines and columns of offsets visited in increasing order, in one sweep over the text (a
/// column past the start of a long line costs its distance from the previous offset, not from
/// the start of the line).
pub struct Lines<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
    line_start: usize,
    column: usize,
}

impl<'a> Lines<'a> {
    /// A sweep from the start of `text`.
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines {
            text,
            offset: 0,
            line: 1,
            line_start: 0,
            column: 1,
        }
    }

    /// The location of `offset` (restarting the sweep when it goes backwards).
    pub fn at(&mut self, offset: usize, length: usize) -> Location {
        let offset = floor_char_boundary(self.text, offset);
        if offset < self.offset {
            *self = Lines::new(self.text);
        }
        let between = &self.text[self.offset..offset];
        match between.rfind('\n') {
            Some(i) => {
                self.line += between.bytes().filter(|b| *b == b'\n').count();
                self.line_start = self.offset + i + 1;
                self.column = 1 + self.text[self.line_start..offset].chars().count();
            }
            None => self.column += between.chars().count(),
        }
        self.offset = offset;
        Location {
            line: self.line,
            column: self.column,
            offset,
            length: length.min(self.text.len() - offset),
        }
    }
}

/// The location of a byte offset.
pub fn location_at(text: &str, offset: usize, length: usize) -> Location {
    Lines::new(text).at(offset, length)
}

/// The location of a 1-based line and column (columns in characters).
pub fn location_of_line_col(text: &str, line: usize, column: usize) -> Location {
    let mut offset = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let col_off: usize = l
                .chars()
                .take(column.saturating_sub(1))
                .map(char::len_utf8)
                .sum();
            offset += col_off;
            let len = l[col_off.min(l.len())..]
                .find(|c: char| c.is_whitespace() || c == ',' || c == ')' || c == ']')
                .unwrap_or(1)
                .max(1);
            return location_at(text, offset, len);
        }
        offset += l.len();
    }
    location_at(text, text.len(), 0)
}

/// What one pass over a document's text finds before it is parsed: how deep its brackets nest
/// and how many values it holds, each with the offset where its limit is first passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Structure {
    /// Deepest nesting of brackets.
    pub depth: usize,
    /// Where the nesting first goes past its limit.
    pub too_deep_at: Option<usize>,
    /// Values, counted as the commas, opening brackets and comments (a list of n items has
    /// n − 1 commas).
    pub values: usize,
    /// Where the count of values first goes past its limit.
    pub too_many_at: Option<usize>,
}

/// The [`Structure`] of a text, in one pass over the syntax tree's tokens (no tree is built:
/// this pass decides whether one may be).
pub fn structure(text: &str, depth_limit: usize, value_limit: usize) -> Structure {
    let mut out = Structure {
        depth: 0,
        too_deep_at: None,
        values: 0,
        too_many_at: None,
    };
    let mut depth = 0usize;
    let count_value = |out: &mut Structure, at: usize| {
        out.values += 1;
        if out.values > value_limit && out.too_many_at.is_none() {
            out.too_many_at = Some(at);
        }
    };
    for t in lex(text) {
        match t.kind {
            // A comment counts as a value: `fmt` keeps each as a token of its own, so a file
            // of millions of comments is refused like a file of millions of values (an
            // unclosed one, an error token to the end, too).
            LINE_COMMENT | BLOCK_COMMENT => count_value(&mut out, t.start),
            ERROR if text[t.start..].starts_with("/*") => count_value(&mut out, t.start),
            L_PAREN | L_BRACKET | L_BRACE => {
                depth += 1;
                out.depth = out.depth.max(depth);
                if depth > depth_limit && out.too_deep_at.is_none() {
                    out.too_deep_at = Some(t.start);
                }
                count_value(&mut out, t.start);
            }
            R_PAREN | R_BRACKET | R_BRACE => depth = depth.saturating_sub(1),
            COMMA => count_value(&mut out, t.start),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests;
