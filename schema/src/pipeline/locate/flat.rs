//! Paths located in a plain JSON text without a syntax tree: one pass over the lexer's tokens
//! lists every value's span and each bracket's items in flat arrays, and a path is followed over
//! them as the tree's [`super::Locator`] follows it. Only a text that is plain JSON (string keys,
//! no trailing comma, no RON name or attribute, every bracket closed, within the nesting limit;
//! comments are passed over as the tree passes them) is indexed; anything else is left to the tree, which also recovers from
//! mistakes. Most files with findings are clean JSON whose findings come from the rules: they
//! no longer build a tree (the trees were a tenth of a batch check, profile of 29 November 2026).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::diagnostic::PathSeg;
use crate::model::limits;
use crate::syntax::SyntaxKind::{self, *};
use crate::syntax::lexer::{Lexed, lex_from};

/// A bracket with more items than this gets a table of its keys when first stepped through (as
/// the tree's locator gives every bracket): smaller ones are searched in order.
const SCAN_ITEMS: usize = 16;

/// One value: its span, and for a bracket its items (`items[first..first + len]`).
#[derive(Debug, Clone, Copy)]
struct Value {
    start: usize,
    end: usize,
    /// The bracket's items (`None`: a scalar).
    items: Option<(usize, usize)>,
}

/// One item of a bracket: its key's span (an object's member) and its value's index.
#[derive(Debug, Clone, Copy)]
struct Item {
    key: Option<(usize, usize)>,
    value: usize,
}

/// What the next token must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// A value (the document, an array's item, a member's value).
    Value,
    /// Just inside a bracket: its closing bracket or its first item.
    First,
    /// A member's key.
    Key,
    /// The `:` after a key.
    Colon,
    /// After a value: a comma or the bracket's end.
    After,
}

/// The place of the first item of each key among a bracket's items.
type KeyTable = Rc<HashMap<Box<str>, usize>>;

/// Every value of a plain JSON text, with each bracket's items.
pub(super) struct Flat<'a> {
    text: &'a str,
    values: Vec<Value>,
    items: Vec<Item>,
    /// The first item of each key, for the large brackets stepped through so far.
    tables: RefCell<HashMap<usize, KeyTable>>,
}

impl<'a> Flat<'a> {
    /// The index of `text`, or `None` when it is not plain JSON (the tree locates then).
    pub(super) fn new(text: &'a str) -> Option<Flat<'a>> {
        let mut flat = Flat {
            text,
            values: Vec::new(),
            items: Vec::new(),
            tables: RefCell::default(),
        };
        // Open brackets: (value index, closing kind, is an object, where its items start in
        // `pending`).
        let mut open: Vec<(usize, SyntaxKind, bool, usize)> = Vec::new();
        let mut pending: Vec<Item> = Vec::new();
        let mut key = None;
        let mut expect = Expect::Value;
        for t in significant(text) {
            let object = open.last().is_some_and(|o| o.2);
            let close = open.last().map(|o| o.1);
            if expect == Expect::First {
                expect = if Some(t.kind) == close {
                    Expect::After
                } else if object {
                    Expect::Key
                } else {
                    Expect::Value
                };
                if expect == Expect::After {
                    flat.close(&mut open, &mut pending, t.end);
                    continue;
                }
            }
            match expect {
                Expect::First => unreachable!("decided above"),
                Expect::Key => {
                    if t.kind != STRING || !text[t.start..].starts_with('"') {
                        return None;
                    }
                    key = Some((t.start, t.end));
                    expect = Expect::Colon;
                }
                Expect::Colon => {
                    if t.kind != COLON {
                        return None;
                    }
                    expect = Expect::Value;
                }
                Expect::Value => {
                    // The document has one value.
                    if open.is_empty() && !flat.values.is_empty() {
                        return None;
                    }
                    let index = flat.values.len();
                    if open.last().is_some() {
                        pending.push(Item {
                            key: key.take(),
                            value: index,
                        });
                    }
                    let scalar = match t.kind {
                        STRING => text[t.start..].starts_with('"'),
                        NUMBER => true,
                        IDENT => matches!(&text[t.start..t.end], "true" | "false" | "null"),
                        L_BRACE | L_BRACKET => false,
                        _ => return None,
                    };
                    flat.values.push(Value {
                        start: t.start,
                        end: t.end,
                        items: None,
                    });
                    if scalar {
                        expect = Expect::After;
                    } else {
                        // The tree makes a bracket past the nesting limit one error node.
                        if open.len() + 1 > limits::MAX_NESTING {
                            return None;
                        }
                        let close = if t.kind == L_BRACE {
                            R_BRACE
                        } else {
                            R_BRACKET
                        };
                        open.push((index, close, t.kind == L_BRACE, pending.len()));
                        expect = Expect::First;
                    }
                }
                Expect::After => {
                    // Nothing may follow the document.
                    let close = close?;
                    if t.kind == COMMA {
                        expect = if object { Expect::Key } else { Expect::Value };
                    } else if t.kind == close {
                        flat.close(&mut open, &mut pending, t.end);
                    } else {
                        return None;
                    }
                }
            }
        }
        (expect == Expect::After && open.is_empty() && !flat.values.is_empty()).then_some(flat)
    }

    /// Close the innermost bracket at `end`: its items move from `pending` to `items`.
    fn close(
        &mut self,
        open: &mut Vec<(usize, SyntaxKind, bool, usize)>,
        pending: &mut Vec<Item>,
        end: usize,
    ) {
        let Some((index, _, _, from)) = open.pop() else {
            return;
        };
        let first = self.items.len();
        self.items.extend(pending.drain(from..));
        self.values[index].end = end;
        self.values[index].items = Some((first, self.items.len() - first));
    }

    /// Byte offsets where the value at `path` (or the deepest value found) starts and ends,
    /// as [`super::Locator::range`] gives them.
    pub(super) fn range(&self, path: &[PathSeg]) -> (usize, usize) {
        let mut at = 0;
        for seg in path {
            match self.step(at, seg) {
                Some(next) => at = next,
                None => break,
            }
        }
        let v = self.values[at];
        (v.start, v.end.max(v.start).min(self.text.len()))
    }

    /// The items of the value at `at` (none for a scalar).
    fn items_of(&self, at: usize) -> Option<&[Item]> {
        let (first, len) = self.values[at].items?;
        Some(&self.items[first..first + len])
    }

    /// Follow one step from the value at `at`, as the tree's locator steps into an unnamed
    /// bracket: a key names the first member of that key, or steps into a list's only item;
    /// an index names the item at that place, in a list or an object alike.
    fn step(&self, at: usize, seg: &PathSeg) -> Option<usize> {
        let items = self.items_of(at)?;
        match seg {
            PathSeg::Key(k) => {
                if let Some(i) = self.first_of_key(at, items, k) {
                    return Some(items[i].value);
                }
                match items {
                    [only] if only.key.is_none() => self.step(only.value, seg),
                    _ => None,
                }
            }
            PathSeg::Index(i) => items.get(*i).map(|item| item.value),
        }
    }

    /// The place among `items` (of the bracket at `at`) of the first member whose key is `k`.
    fn first_of_key(&self, at: usize, items: &[Item], k: &str) -> Option<usize> {
        if items.len() <= SCAN_ITEMS {
            return items
                .iter()
                .position(|item| item.key.is_some_and(|span| self.key_is(span, k)));
        }
        let table = {
            let mut tables = self.tables.borrow_mut();
            Rc::clone(tables.entry(at).or_insert_with(|| {
                let mut table = HashMap::new();
                for (i, item) in items.iter().enumerate() {
                    if let Some((s, e)) = item.key {
                        table.entry(key_text(&self.text[s..e])).or_insert(i);
                    }
                }
                Rc::new(table)
            }))
        };
        table.get(k).copied()
    }

    /// Does the key written at `span` read as `k`?
    fn key_is(&self, (s, e): (usize, usize), k: &str) -> bool {
        let written = &self.text[s..e];
        match plain_inside(written) {
            Some(inside) => inside == k,
            None => &*key_text(written) == k,
        }
    }
}

/// What is between a string's quotes, when that is what it reads as (no escape, no control
/// character, and short enough to be a path step).
fn plain_inside(written: &str) -> Option<&str> {
    let inside = written.strip_prefix('"')?.strip_suffix('"')?;
    let plain = written.len() <= super::MAX_KEY && !inside.bytes().any(|b| b == b'\\' || b < 0x20);
    plain.then_some(inside)
}

/// A string key as a path step names it, as the tree's locator reads it
/// ([`super::key_text`]): its value, or as written when it does not read as a JSON string; a
/// key too long to compare is still a key, which no step names.
fn key_text(written: &str) -> Box<str> {
    if written.len() > super::MAX_KEY {
        return "\u{0}".into();
    }
    serde_json::from_str::<String>(written)
        .unwrap_or_else(|_| written.to_string())
        .into_boxed_str()
}

/// The tokens of `text` that are neither white space nor comments, as the lexer splits it
/// ([`crate::syntax::lexer::lex`]): ASCII white space, brackets, colons, commas and `"`
/// strings, most of a JSON file, are read here a byte at a time (a string's body by `memchr`);
/// any other token by the lexer, from where it starts.
fn significant(text: &str) -> impl Iterator<Item = Lexed> + '_ {
    let b = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        loop {
            while at < b.len() && matches!(b[at], b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C) {
                at += 1;
            }
            let start = at;
            let (kind, len) = match *b.get(at)? {
                b'{' => (L_BRACE, 1),
                b'}' => (R_BRACE, 1),
                b'[' => (L_BRACKET, 1),
                b']' => (R_BRACKET, 1),
                b':' => (COLON, 1),
                b',' => (COMMA, 1),
                b'"' => string(&b[at..]),
                _ => {
                    let t = lex_from(text, at).next()?;
                    at = t.end;
                    if t.kind.is_trivia() {
                        continue;
                    }
                    return Some(t);
                }
            };
            at += len;
            return Some(Lexed {
                kind,
                start,
                end: at,
            });
        }
    })
}

/// A `"` string at the start of `b`, as the lexer reads one (`\` escapes the next byte;
/// unclosed, an error to the end).
fn string(b: &[u8]) -> (SyntaxKind, usize) {
    let mut i = 1;
    while let Some(j) = b
        .get(i..)
        .and_then(|rest| memchr::memchr2(b'"', b'\\', rest))
    {
        if b[i + j] == b'"' {
            return (STRING, i + j + 1);
        }
        i += j + 2;
    }
    (ERROR, b.len())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::pipeline::locate::Locator;

    /// Texts of JSON's and RON's pieces, white space of both, comments, escapes and mistakes.
    fn texty() -> impl Strategy<Value = String> {
        let piece = proptest::sample::select(vec![
            "{",
            "}",
            "[",
            "]",
            "(",
            ")",
            ":",
            ",",
            " ",
            "\n",
            "\t",
            "\r",
            "\u{b}",
            "\u{c}",
            "\u{85}",
            "\u{2028}",
            "\"",
            "\\",
            "\\\"",
            "a\"",
            "\"é\"",
            "é",
            "'x'",
            "1",
            "-2.5e-3",
            "true",
            "null",
            "Name",
            "r#\"raw\"#",
            "b\"by\"",
            "// line\n",
            "/* block */",
            "/* open",
            "#![enable(x)]",
            "@",
            "+",
            ".",
            "0x1F",
        ]);
        proptest::collection::vec(piece, 0..40).prop_map(|p| p.concat())
    }

    proptest! {
        /// The tokens read here are the lexer's, white space and comments left out.
        #[test]
        fn significant_tokens_are_the_lexers(text in texty()) {
            let lexed: Vec<Lexed> = crate::syntax::lexer::lex(&text)
                .filter(|t| !t.kind.is_trivia())
                .collect();
            prop_assert_eq!(significant(&text).collect::<Vec<_>>(), lexed);
        }
    }

    /// Every path through `v` (the value's own and one step past each, named and numbered).
    fn paths(v: &serde_json::Value, at: Vec<PathSeg>, out: &mut Vec<Vec<PathSeg>>) {
        out.push(at.clone());
        for extra in [PathSeg::key("nowhere"), PathSeg::Index(99)] {
            out.push([at.clone(), vec![extra]].concat());
        }
        match v {
            serde_json::Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    paths(item, [at.clone(), vec![PathSeg::Index(i)]].concat(), out);
                }
            }
            serde_json::Value::Object(members) => {
                for (i, (k, item)) in members.iter().enumerate() {
                    paths(item, [at.clone(), vec![PathSeg::owned(k)]].concat(), out);
                    out.push([at.clone(), vec![PathSeg::Index(i)]].concat());
                }
            }
            _ => {}
        }
    }

    /// The flat index and the tree give the same range for each of `paths` in `text`.
    fn same(text: &str, paths: &[Vec<PathSeg>]) -> Result<(), String> {
        let locator = Locator::new(text);
        let Some(flat) = Flat::new(text) else {
            return Ok(());
        };
        for path in paths {
            let (a, b) = (flat.range(path), locator.tree_range(path));
            if a != b {
                return Err(format!("{path:?}: flat {a:?}, tree {b:?} in {text}"));
            }
        }
        Ok(())
    }

    /// Every JSON file of the repository's fixtures and fuzzing seeds (the historical
    /// scenarios as JSON among them): every path of each, and one step past each, lands where
    /// the tree's locator lands.
    #[test]
    fn locates_every_path_of_the_json_files_as_the_tree_does() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = Vec::new();
        for dir in ["fuzz/seeds/check_source", "tests/fixtures"] {
            let mut stack = vec![root.join(dir)];
            while let Some(d) = stack.pop() {
                for e in std::fs::read_dir(&d)
                    .expect("a folder of the repository")
                    .flatten()
                {
                    let p = e.path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if p.extension().is_some_and(|x| x == "json") {
                        files.push(p);
                    }
                }
            }
        }
        let mut indexed = 0;
        for f in &files {
            let text = std::fs::read_to_string(f).expect("UTF-8");
            let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) else {
                continue;
            };
            if Flat::new(&text).is_some() {
                indexed += 1;
            }
            let mut all = Vec::new();
            paths(&v, Vec::new(), &mut all);
            if let Err(e) = same(&text, &all) {
                panic!("{}: {e}", f.display());
            }
        }
        // The historical scenarios as JSON are indexed (not left to the tree).
        assert!(indexed >= 17, "{indexed} of {} files indexed", files.len());
    }

    /// What is not plain JSON is left to the tree.
    #[test]
    fn leaves_what_is_not_plain_json_to_the_tree() {
        for text in [
            "(a: 1)",
            "Scenario(a: 1)",
            "[1, 2,]",
            "{\"a\": 1,}",
            "{\"a\": 1",
            "{\"a\" 1}",
            "{a: 1}",
            "[\"a\": 1]",
            "{\"a\": 1} 2",
            "[Some(1)]",
            "[r\"x\"]",
            "",
            "1 2",
        ] {
            assert!(Flat::new(text).is_none(), "{text}");
        }
        let deep = format!(
            "{}{}",
            "[".repeat(limits::MAX_NESTING + 1),
            "]".repeat(limits::MAX_NESTING + 1)
        );
        assert!(Flat::new(&deep).is_none());
        assert!(Flat::new(" {\"a\": [1, {}, []], \"b\": null}\n").is_some());
        let commented = "{\"a\": /* here */ [1] // note\n}";
        same(
            commented,
            &[
                vec![PathSeg::key("a")],
                vec![PathSeg::key("a"), PathSeg::Index(0)],
            ],
        )
        .unwrap();
        assert!(Flat::new(commented).is_some());
    }

    /// A bracket of many items (a table of its keys) finds the first of a repeated key, an
    /// escaped key and a key too long to be a step as a small one does.
    #[test]
    fn finds_keys_in_large_brackets_as_the_tree_does() {
        let long = "k".repeat(300);
        let keys = ["a", "b", "a\\u0062", "ab", long.as_str()];
        let members: Vec<String> = (0..40)
            .map(|i| format!("\"{}\": [{i}]", keys[i % keys.len()]))
            .collect();
        let text = format!("{{\"list\": [{{{}}}]}}", members.join(", "));
        assert!(Flat::new(&text).is_some());
        let mut paths = vec![vec![
            PathSeg::key("list"),
            PathSeg::Index(0),
            PathSeg::Index(33),
        ]];
        for k in ["a", "b", "ab", "x", long.as_str()] {
            for tail in [vec![], vec![PathSeg::Index(0)]] {
                paths.push([vec![PathSeg::key("list"), PathSeg::owned(k)], tail].concat());
            }
        }
        same(&text, &paths).unwrap();
    }

    /// A JSON text built from pieces that exercise the locator's rules: repeated keys, keys
    /// with escapes and control characters, keys too long to be a step, lists of one item,
    /// empty brackets.
    fn doc() -> impl Strategy<Value = String> {
        let long = format!("\"{}\"", "k".repeat(300));
        let keys = prop::sample::select(vec![
            "\"a\"".to_string(),
            "\"b\"".to_string(),
            "\"a\\u0062\"".to_string(),
            "\"\\\"q\"".to_string(),
            "\"\"".to_string(),
            "\"ab\"".to_string(),
            long,
        ]);
        let leaf = prop::sample::select(vec!["1", "\"s\"", "true", "null", "-2.5e3"])
            .prop_map(str::to_string);
        leaf.prop_recursive(4, 40, 5, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5)
                    .prop_map(|items| format!("[{}]", items.join(", "))),
                prop::collection::vec((keys.clone(), inner), 0..5).prop_map(|members| {
                    let m: Vec<String> = members
                        .into_iter()
                        .map(|(k, v)| format!("{k}:\n  {v}"))
                        .collect();
                    format!("{{{}}}", m.join(",\n"))
                }),
            ]
        })
    }

    fn step() -> impl Strategy<Value = PathSeg> {
        prop_oneof![
            prop::sample::select(vec!["a", "b", "ab", "\"q", "", "x"]).prop_map(PathSeg::key),
            (0usize..4).prop_map(PathSeg::Index),
        ]
    }

    proptest! {
        #[test]
        fn follows_any_path_as_the_tree_does(
            text in doc(),
            paths in prop::collection::vec(prop::collection::vec(step(), 0..5), 1..8),
        ) {
            prop_assert!(Flat::new(&text).is_some() || !text.starts_with(['[', '{']), "{text}");
            let found = same(&text, &paths);
            prop_assert!(found.is_ok(), "{:?}", found);
        }
    }
}
