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
                if let Some(i) = items.first_of_key.get(k.as_str()) {
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
#[allow(clippy::useless_vec)] // path! builds the Vec that locate() borrows.
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::path;

    const RON: &str = r#"// a comment
(
    format: "saber-scenario/1",
    sides: [
        (id: "a", groups: [(units: {MZ: 3}, entry: Deploy(zone: Within(distance: 1, of: Feature("V99"))))]),
        (id: "b", groups: [(entry: Deploy(zone: Union([Feature("V4"), Feature("H2")]), facing: Some(N)))]),
    ],
    game_length: 30,
)
"#;

    fn at(path: &[PathSeg]) -> (usize, usize, String) {
        let l = locate(RON, path);
        (
            l.line,
            l.column,
            RON[l.offset..l.offset + l.length].to_string(),
        )
    }

    #[test]
    fn finds_struct_fields() {
        assert_eq!(at(&path!["game_length"]), (8, 18, "30".into()));
        assert_eq!(at(&path!["format"]).0, 3);
    }

    #[test]
    fn finds_enum_content() {
        let p = path![
            "sides", 0usize, "groups", 0usize, "entry", "Deploy", "zone", "Within", "of", "Feature"
        ];
        let (line, _, text) = at(&p);
        assert_eq!(line, 5);
        assert_eq!(text, "\"V99\"");
    }

    #[test]
    fn finds_list_items_inside_newtypes() {
        let p = path![
            "sides", 1usize, "groups", 0usize, "entry", "Deploy", "zone", "Union", 1usize,
            "Feature"
        ];
        assert_eq!(at(&p).2, "\"H2\"");
        let p = path![
            "sides", 1usize, "groups", 0usize, "entry", "Deploy", "facing"
        ];
        assert_eq!(at(&p).2, "Some(N)");
    }

    #[test]
    fn finds_map_keys() {
        let p = path!["sides", 0usize, "groups", 0usize, "units", "MZ"];
        assert_eq!(at(&p).2, "3");
    }

    #[test]
    fn finds_json_values() {
        let json = "{\n  \"a\": [1, {\"b\": \"x\"}],\n  \"c\": true\n}";
        let l = locate(json, &path!["a", 1usize, "b"]);
        assert_eq!((l.line, &json[l.offset..l.offset + l.length]), (2, "\"x\""));
        let l = locate(json, &path!["c"]);
        assert_eq!(l.line, 3);
    }

    #[test]
    fn stops_at_the_deepest_value_found() {
        let l = locate(RON, &path!["sides", 7usize]);
        assert_eq!(l.line, 4);
    }

    #[test]
    fn a_list_of_one_list_is_a_list() {
        // `[[3, 4]]` (a one-hex list in JSON): item 0 is the inner list, not its first number.
        let json = "{\"Hexes\": [[3, 4]]}";
        let (at, end) = Locator::new(json).range(&path!["Hexes", 0usize]);
        assert_eq!(&json[at..end], "[3, 4]");
        // In parentheses, a newtype's list is stepped through: `Hexes([a, b])`.
        let ron = "(zone: Area([(1, 2), (3, 4)]))";
        let (at, end) = Locator::new(ron).range(&path!["zone", 1usize]);
        assert_eq!(&ron[at..end], "(3, 4)");
    }

    #[test]
    fn keys_are_read_as_the_parser_reads_them() {
        // A raw identifier is its name; a string key its value, escapes read.
        let ron = "(r#type: 1, \"a\\u0062\": 2, \"(c)\": 3)";
        let at = |p: &[PathSeg]| {
            let (at, end) = Locator::new(ron).range(p);
            ron[at..end].to_string()
        };
        assert_eq!(at(&path!["type"]), "1");
        assert_eq!(at(&path!["ab"]), "2");
        assert_eq!(at(&path!["(c)"]), "3");
    }

    #[test]
    fn whitespace_and_comments_are_the_parsers() {
        // RON's white space beyond ASCII, comments between a name and its bracket, nested
        // block comments and raw strings holding brackets and commas.
        for sep in [
            "\u{2028}",
            "\u{85}",
            "\u{200E}",
            "\u{0B}",
            "/* c */",
            "/* a /* ( */ ] */",
        ] {
            let text = format!(
                "({sep}a:{sep}Deploy{sep}({sep}zone:{sep}r#\"x), [\"#{sep},{sep}b:{sep}2{sep}){sep}){sep}"
            );
            let l = Locator::new(&text);
            let (at, end) = l.range(&path!["a", "Deploy", "zone"]);
            assert_eq!(&text[at..end], "r#\"x), [\"#", "{sep:?}");
            let (at, end) = l.range(&path!["a", "Deploy", "b"]);
            assert_eq!(&text[at..end], "2", "{sep:?}");
        }
    }

    #[test]
    fn measures_nesting() {
        let s = structure("((([]))) \"((((\"", 10, usize::MAX);
        assert_eq!((s.depth, s.too_deep_at), (4, None));
        assert_eq!(structure("[[[", 2, usize::MAX).too_deep_at, Some(2));
    }

    /// A value of the JSON data model as RON writes it: what the property below generates.
    #[derive(Debug, Clone)]
    enum V {
        Int(i64),
        Str(String),
        Raw(String),
        Name(&'static str),
        List(Vec<V>),
        Struct(Option<&'static str>, Vec<(&'static str, V)>),
        StructVariant(&'static str, Vec<(&'static str, V)>),
        Newtype(&'static str, Box<V>),
        Some(Box<V>),
        Map(Vec<(String, V)>),
    }

    const NAMES: [&str; 5] = ["Deploy", "Within", "Feature", "Union", "Hexes"];
    const FIELDS: [&str; 5] = ["zone", "of", "distance", "a", "b"];
    /// Everything RON reads between tokens.
    const TRIVIA: [&str; 13] = [
        "",
        " ",
        "\n",
        "\t",
        " \r\n",
        "/* c, ( */",
        "// x ) ] \"\n",
        "\u{2028}",
        "\u{85}",
        "\u{200E}",
        "\u{0B}",
        "/* a /* b ] */ c */",
        "\u{2029}\u{0C}",
    ];

    fn fields(
        v: impl Strategy<Value = V> + Clone,
    ) -> impl Strategy<Value = Vec<(&'static str, V)>> {
        proptest::sample::subsequence(FIELDS.to_vec(), 0..=3).prop_flat_map(move |keys| {
            let n = keys.len();
            proptest::collection::vec(v.clone(), n)
                .prop_map(move |vs| keys.clone().into_iter().zip(vs).collect())
        })
    }

    fn value() -> impl Strategy<Value = V> {
        let leaf = prop_oneof![
            any::<i64>().prop_map(V::Int),
            "[a-z ,:()\\[\\]{}\"\\\\]{0,8}".prop_map(V::Str),
            "[a-z ,:()\\[\\]{}\"#]{0,8}".prop_map(|s| V::Raw(s.replace("\"#", "\" #"))),
            proptest::sample::select(vec!["None", "true", "N", "EveryCounter"]).prop_map(V::Name),
        ];
        leaf.prop_recursive(5, 48, 4, |inner| {
            let name = proptest::sample::select(NAMES.to_vec());
            prop_oneof![
                // A list of one list is written only as a newtype's content (below).
                proptest::collection::vec(inner.clone(), 0..4)
                    .prop_filter("a list of one list", |v| !matches!(
                        v.as_slice(),
                        [V::List(_)]
                    ))
                    .prop_map(V::List),
                (proptest::option::of(name.clone()), fields(inner.clone()))
                    .prop_map(|(n, f)| V::Struct(n, f)),
                (name.clone(), fields(inner.clone())).prop_map(|(n, f)| V::StructVariant(n, f)),
                (name, inner.clone()).prop_map(|(n, v)| V::Newtype(n, Box::new(v))),
                inner.clone().prop_map(|v| V::Some(Box::new(v))),
                proptest::collection::vec(("[a-z ]{1,4}", inner), 0..3).prop_map(|mut kv| {
                    kv.sort_by(|a, b| a.0.cmp(&b.0));
                    kv.dedup_by(|a, b| a.0 == b.0);
                    V::Map(kv)
                }),
            ]
        })
    }

    /// Writes a value as RON (or JSON) with the trivia given between its tokens, and where it
    /// put the value of each path.
    struct Writer<'a> {
        json: bool,
        out: String,
        trivia: &'a [usize],
        next: usize,
        spans: Vec<(Vec<PathSeg>, (usize, usize))>,
    }

    impl Writer<'_> {
        fn sep(&mut self) {
            if self.trivia.is_empty() {
                return;
            }
            let t = self.trivia[self.next % self.trivia.len()];
            self.next += 1;
            let t = TRIVIA[t % TRIVIA.len()];
            if !self.json || t.chars().all(|c| matches!(c, ' ' | '\n' | '\t' | '\r')) {
                self.out.push_str(t);
            }
        }

        fn fields(
            &mut self,
            fields: &[(&'static str, V)],
            path: &[PathSeg],
            open: &str,
            close: &str,
        ) {
            self.out.push_str(open);
            for (k, v) in fields {
                self.sep();
                if self.json {
                    self.out.push_str(&format!("\"{k}\""));
                } else {
                    self.out.push_str(k);
                }
                self.sep();
                self.out.push(':');
                self.sep();
                let mut p = path.to_vec();
                p.push(PathSeg::key(k));
                self.value(v, &p, true);
                self.sep();
                self.out.push(',');
            }
            if self.json && !fields.is_empty() {
                self.out.pop();
            }
            self.sep();
            self.out.push_str(close);
        }

        fn value(&mut self, v: &V, path: &[PathSeg], record: bool) {
            let start = self.out.len();
            let with = |k: &str| {
                let mut p = path.to_vec();
                p.push(PathSeg::key(k));
                p
            };
            match v {
                V::Int(n) => self.out.push_str(&n.to_string()),
                V::Str(s) => self
                    .out
                    .push_str(&serde_json::to_string(s).unwrap_or_default()),
                V::Raw(s) if !self.json => self.out.push_str(&format!("r#\"{s}\"#")),
                V::Raw(s) => self
                    .out
                    .push_str(&serde_json::to_string(s).unwrap_or_default()),
                V::Name(n) if self.json => self.out.push_str(&format!("\"{n}\"")),
                V::Name(n) => self.out.push_str(n),
                V::List(items) => {
                    self.out.push('[');
                    for (i, item) in items.iter().enumerate() {
                        self.sep();
                        let mut p = path.to_vec();
                        p.push(PathSeg::Index(i));
                        self.value(item, &p, true);
                        self.sep();
                        self.out.push(',');
                    }
                    if self.json && !items.is_empty() {
                        self.out.pop();
                    }
                    self.sep();
                    self.out.push(']');
                }
                V::Struct(name, fields) => {
                    if let (Some(n), false) = (name, self.json) {
                        self.out.push_str(n);
                        self.sep();
                    }
                    if self.json {
                        self.fields(fields, path, "{", "}");
                    } else {
                        self.fields(fields, path, "(", ")");
                    }
                }
                V::StructVariant(n, fields) if self.json => {
                    self.out.push_str(&format!("{{\"{n}\":"));
                    self.sep();
                    let at = self.out.len();
                    self.fields(fields, &with(n), "{", "}");
                    self.spans.push((with(n), (at, self.out.len())));
                    self.sep();
                    self.out.push('}');
                }
                V::StructVariant(n, fields) => {
                    self.out.push_str(n);
                    self.sep();
                    let at = self.out.len();
                    self.fields(fields, &with(n), "(", ")");
                    self.spans.push((with(n), (at, self.out.len())));
                }
                V::Newtype(n, inner) if self.json => {
                    self.out.push_str(&format!("{{\"{n}\":"));
                    self.sep();
                    self.value(inner, &with(n), true);
                    self.sep();
                    self.out.push('}');
                }
                V::Newtype(n, inner) => {
                    self.out.push_str(n);
                    self.sep();
                    self.out.push('(');
                    self.sep();
                    self.value(inner, &with(n), true);
                    self.sep();
                    self.out.push(')');
                }
                V::Some(inner) if self.json => self.value(inner, path, record),
                V::Some(inner) => {
                    self.out.push_str("Some");
                    self.sep();
                    self.out.push('(');
                    self.sep();
                    // `Some(x)` is `x`: the path names the whole, and goes on inside.
                    self.value(inner, path, false);
                    self.sep();
                    self.out.push(')');
                }
                V::Map(entries) => {
                    self.out.push('{');
                    for (k, v) in entries {
                        self.sep();
                        self.out
                            .push_str(&serde_json::to_string(k).unwrap_or_default());
                        self.sep();
                        self.out.push(':');
                        self.sep();
                        self.value(v, &with(k), true);
                        self.sep();
                        self.out.push(',');
                    }
                    if self.json && !entries.is_empty() {
                        self.out.pop();
                    }
                    self.sep();
                    self.out.push('}');
                }
            }
            if record && !matches!(v, V::Some(_) if self.json) {
                self.spans.push((path.to_vec(), (start, self.out.len())));
            }
        }
    }

    fn write<'a>(v: &V, json: bool, trivia: &'a [usize]) -> Writer<'a> {
        let root = V::Struct(None, vec![("a", v.clone())]);
        let mut w = Writer {
            json,
            out: String::new(),
            trivia,
            next: 0,
            spans: Vec::new(),
        };
        w.sep();
        w.value(&root, &[], true);
        w.sep();
        w
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Every value's path leads to where the writer put that value, in RON and JSON, with
        /// any white space and comments between the tokens: the locator follows paths through
        /// the syntax tree as serde maps the text onto the JSON data model.
        #[test]
        fn every_value_path_is_located_where_it_was_written(
            v in value(),
            trivia in proptest::collection::vec(0usize..TRIVIA.len(), 0..24),
        ) {
            for json in [false, true] {
                let w = write(&v, json, &trivia);
                if json {
                    prop_assert!(serde_json::from_str::<serde_json::Value>(&w.out).is_ok(), "{}", w.out);
                }
                prop_assert!(crate::syntax::parse(&w.out).errors.is_empty(), "{}", w.out);
                let l = Locator::new(&w.out);
                for (path, (at, end)) in &w.spans {
                    prop_assert_eq!(
                        &w.out[l.range(path).0..l.range(path).1],
                        &w.out[*at..*end],
                        "{} in {}", crate::diagnostic::pointer(path), w.out
                    );
                }
            }
        }
    }
}
