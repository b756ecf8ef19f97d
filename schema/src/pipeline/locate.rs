//! Finding a value in the source text by its path (a JSON pointer), so that findings of the
//! JSON Schema stage and the rule checks point at file:line:col.
//!
//! No maintained crate maps a path to a position in RON text, so this is a small, tolerant
//! scanner over RON and JSON tokens. It follows how serde maps RON onto the JSON data model:
//! `Name(...)` is either an enum variant (a path step named `Name`) or a struct name (no step);
//! `Some(x)` is just `x`; `( .. )` holds struct fields or tuple items; `[ .. ]` a list; `{ .. }`
//! a map. When the path cannot be followed to the end it stops at the deepest value found.

use crate::diagnostic::{Location, PathSeg};

/// The location of the value at `path` in `text`. To locate many paths in one text, make one
/// [`Locator`]: it scans the text once.
pub fn locate(text: &str, path: &[PathSeg]) -> Location {
    let (offset, length) = Locator::new(text).span(path);
    location_at(text, offset, length)
}

/// Locates many paths in one text at a cost linear in the text: brackets are matched in one
/// pass (on first use), and each container's items are listed once, however many paths go
/// through it. Lines and columns are then computed by [`Lines`] in one forward sweep.
pub struct Locator<'a> {
    s: Scanner<'a>,
    /// `(open, close)` offsets of every bracket pair, in order of the opening bracket; `close`
    /// is just past the closing bracket (the end of the text when unclosed).
    pairs: std::cell::OnceCell<Vec<(u32, u32)>>,
    items: std::cell::RefCell<std::collections::HashMap<usize, std::rc::Rc<Items>>>,
}

/// The items of one container, listed once, with what every path step through it asks: whether
/// all are positional, and where each key's first value starts (so that a step costs the same
/// in a container of 100,000 items as in one of three).
struct Items {
    list: Vec<Item>,
    positional: bool,
    first_of_key: std::collections::HashMap<Box<str>, usize>,
}

impl Items {
    fn new(list: Vec<Item>) -> Items {
        let positional = list.iter().all(|(k, _)| k.is_none());
        let mut first_of_key = std::collections::HashMap::new();
        for (k, v) in &list {
            if let Some(k) = k {
                first_of_key.entry(k.clone()).or_insert(*v);
            }
        }
        Items {
            list,
            positional,
            first_of_key,
        }
    }
}

/// One item of a container: its key (when short enough to compare) and where its value starts.
type Item = (Option<Box<str>>, usize);

/// Keys longer than this are never path steps (ids, codes and field names are short).
const MAX_KEY: usize = 256;

impl<'a> Locator<'a> {
    /// A locator over `text` (nothing is scanned until the first path).
    pub fn new(text: &'a str) -> Locator<'a> {
        Locator {
            s: Scanner {
                b: text.as_bytes(),
                pairs: None,
            },
            pairs: std::cell::OnceCell::new(),
            items: Default::default(),
        }
    }

    fn scanner(&self) -> Scanner<'_> {
        let pairs = self.pairs.get_or_init(|| bracket_pairs(self.s.b));
        Scanner {
            b: self.s.b,
            pairs: Some(pairs),
        }
    }

    /// Byte offset and length of the value at `path` (the first line of it, at most 200 bytes),
    /// or of the deepest value found when the path cannot be followed to its end.
    pub fn span(&self, path: &[PathSeg]) -> (usize, usize) {
        let s = self.scanner();
        let mut pos = s.skip_trivia(0);
        for seg in path {
            match self.step(&s, pos, seg) {
                Some(next) => pos = next,
                None => break,
            }
        }
        let end = s.value_end(pos).max(pos).min(s.b.len());
        // Point at the first line of the value only, and at no more than 200 bytes of it.
        let window = &s.b[pos.min(end)..end.min(pos + 200)];
        let len = window
            .iter()
            .position(|b| *b == b'\n')
            .unwrap_or(window.len());
        (pos, len.max(1))
    }

    /// Offsets where each occurrence of `key` starts in the map or struct at `path` (to name
    /// both places of a duplicate key).
    pub fn key_offsets(&self, path: &[PathSeg], key: &str) -> Vec<usize> {
        let s = self.scanner();
        let mut pos = s.skip_trivia(0);
        for seg in path {
            match self.step(&s, pos, seg) {
                Some(next) => pos = next,
                None => return Vec::new(),
            }
        }
        let open = match s.shape(pos) {
            Shape::Named(_, _, open) => open,
            Shape::Open(_) => pos,
            _ => return Vec::new(),
        };
        s.item_keys(open)
            .into_iter()
            .filter(|(k, _)| k.as_deref() == Some(key))
            .map(|(_, at)| at)
            .collect()
    }

    fn items(&self, s: &Scanner<'_>, open: usize) -> std::rc::Rc<Items> {
        if let Some(v) = self.items.borrow().get(&open) {
            return v.clone();
        }
        let v = std::rc::Rc::new(Items::new(s.items(open)));
        self.items.borrow_mut().insert(open, v.clone());
        v
    }

    /// Follow one path step from the value at `pos`.
    fn step(&self, s: &Scanner<'_>, pos: usize, seg: &PathSeg) -> Option<usize> {
        match s.shape(pos) {
            Shape::Named(st, e, open) => {
                let name = std::str::from_utf8(&s.b[st..e]).ok()?;
                if name == "Some" {
                    let inner = s.skip_trivia(open + 1);
                    return self.step(s, inner, seg);
                }
                if let PathSeg::Key(k) = seg
                    && k == name
                {
                    // Enum variant: what follows is the variant's content.
                    let items = self.items(s, open);
                    return match items.list.as_slice() {
                        [(None, v)] => Some(*v),
                        _ => Some(open),
                    };
                }
                // A struct name: look inside.
                self.step_in(s, open, seg)
            }
            Shape::Open(_) => self.step_in(s, pos, seg),
            Shape::Ident | Shape::Scalar => None,
        }
    }

    fn step_in(&self, s: &Scanner<'_>, open: usize, seg: &PathSeg) -> Option<usize> {
        let items = self.items(s, open);
        let positional = items.positional;
        match seg {
            PathSeg::Key(k) => {
                if let Some(v) = items.first_of_key.get(k.as_str()) {
                    return Some(*v);
                }
                // A newtype's content: `TreatAsClear(Feature("V4"))`.
                if let [(None, v)] = items.list.as_slice() {
                    return self.step(s, *v, seg);
                }
                None
            }
            PathSeg::Index(i) => {
                let list = &items.list;
                if positional && list.len() == 1 && *i > 0 {
                    // `Union([a, b])`: the list is the single item.
                    return self.step(s, list[0].1, seg);
                }
                if positional && list.len() == 1 && matches!(s.shape(list[0].1), Shape::Open(b'['))
                {
                    return self.step(s, list[0].1, seg);
                }
                list.get(*i).map(|(_, v)| *v)
            }
        }
    }
}

/// Where the value of a field of the top-level struct or object starts and ends (the `format`
/// field, read before parsing). Linear in the text.
pub fn top_level_field(text: &str, key: &str) -> Option<(usize, usize)> {
    let s = Scanner {
        b: text.as_bytes(),
        pairs: None,
    };
    let pos = s.skip_trivia(0);
    let open = match s.shape(pos) {
        Shape::Named(_, _, open) => open,
        Shape::Open(b'(') | Shape::Open(b'{') => pos,
        _ => return None,
    };
    // Items up to the one wanted: `format` comes first in most files, so this reads a line.
    let items = s.item_keys_until(open, Some(key));
    let (_, start) = items.last().filter(|(k, _)| k.as_deref() == Some(key))?;
    let at = s.value_after_key(*start);
    Some((at, s.value_end(at).max(at)))
}

/// Every bracket pair of the text, outside strings and comments, in one pass.
fn bracket_pairs(b: &[u8]) -> Vec<(u32, u32)> {
    let s = Scanner { b, pairs: None };
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' | b'\'' => {
                i = s.string_end(i);
                continue;
            }
            b'r' if s.raw_string_start(i) => {
                i = s.raw_string_end(i);
                continue;
            }
            b'/' if matches!(b.get(i + 1), Some(b'/') | Some(b'*')) => {
                i = s.comment_end(i);
                continue;
            }
            b'(' | b'[' | b'{' => {
                stack.push(pairs.len());
                pairs.push((i as u32, b.len() as u32));
            }
            b')' | b']' | b'}' => {
                if let Some(k) = stack.pop() {
                    pairs[k].1 = i as u32 + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    pairs
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
        let offset = floor_char_boundary(self.text, offset.min(self.text.len()));
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

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Deepest nesting of brackets outside strings and comments, with the offset where the limit
/// is first passed (if it is).
pub fn nesting_depth(text: &str, limit: usize) -> (usize, Option<usize>) {
    let s = structure(text, limit, usize::MAX);
    (s.depth, s.too_deep_at)
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

/// The [`Structure`] of a text, outside strings and comments, in one pass.
pub fn structure(text: &str, depth_limit: usize, value_limit: usize) -> Structure {
    let s = Scanner {
        b: text.as_bytes(),
        pairs: None,
    };
    let mut out = Structure {
        depth: 0,
        too_deep_at: None,
        values: 0,
        too_many_at: None,
    };
    let mut depth = 0usize;
    // The bytes that may start a string, a comment or a bracket, and commas: all others are
    // passed by.
    const SPECIAL: [bool; 256] = {
        let mut t = [false; 256];
        let mut k = 0;
        let bytes = b"\"'r/([{)]},";
        while k < bytes.len() {
            t[bytes[k] as usize] = true;
            k += 1;
        }
        t
    };
    let count_value = |out: &mut Structure, at: usize| {
        out.values += 1;
        if out.values > value_limit && out.too_many_at.is_none() {
            out.too_many_at = Some(at);
        }
    };
    let mut i = 0;
    while i < s.b.len() {
        if !SPECIAL[s.b[i] as usize] {
            i += 1;
            continue;
        }
        match s.b[i] {
            b'"' | b'\'' => i = s.string_end(i),
            b'r' if s.raw_string_start(i) => i = s.raw_string_end(i),
            b'/' if s.b.get(i + 1) == Some(&b'/') || s.b.get(i + 1) == Some(&b'*') => {
                // A comment counts as a value: `fmt` keeps each as a token of its own, so a
                // file of millions of comments is refused like a file of millions of values.
                count_value(&mut out, i);
                i = s.comment_end(i)
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                out.depth = out.depth.max(depth);
                if depth > depth_limit && out.too_deep_at.is_none() {
                    out.too_deep_at = Some(i);
                }
                count_value(&mut out, i);
                i += 1;
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b',' => {
                count_value(&mut out, i);
                i += 1;
            }
            _ => i += 1,
        }
    }
    out
}

struct Scanner<'a> {
    b: &'a [u8],
    /// Bracket pairs, when matched already (see [`Locator`]).
    pairs: Option<&'a [(u32, u32)]>,
}

/// What starts at a position.
enum Shape {
    /// `Ident(` — the ident's span and the offset of `(`.
    Named(usize, usize, usize),
    /// A bare identifier (unit variant, `true`, `None`).
    Ident,
    /// `(`, `[` or `{`.
    Open(u8),
    /// Anything else: strings, numbers.
    Scalar,
}

impl Scanner<'_> {
    fn skip_trivia(&self, mut i: usize) -> usize {
        loop {
            while i < self.b.len() && (self.b[i].is_ascii_whitespace()) {
                i += 1;
            }
            if i + 1 < self.b.len()
                && self.b[i] == b'/'
                && (self.b[i + 1] == b'/' || self.b[i + 1] == b'*')
            {
                i = self.comment_end(i);
                continue;
            }
            // RON extensions attribute `#![enable(...)]`.
            if i + 1 < self.b.len() && self.b[i] == b'#' && self.b[i + 1] == b'!' {
                while i < self.b.len() && self.b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            return i;
        }
    }

    fn comment_end(&self, i: usize) -> usize {
        if self.b.get(i + 1) == Some(&b'/') {
            let mut j = i;
            while j < self.b.len() && self.b[j] != b'\n' {
                j += 1;
            }
            j
        } else {
            // Block comments nest in RON.
            let mut depth = 0;
            let mut j = i;
            while j + 1 < self.b.len() {
                if self.b[j] == b'/' && self.b[j + 1] == b'*' {
                    depth += 1;
                    j += 2;
                } else if self.b[j] == b'*' && self.b[j + 1] == b'/' {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        return j;
                    }
                } else {
                    j += 1;
                }
            }
            self.b.len()
        }
    }

    fn string_end(&self, i: usize) -> usize {
        let quote = self.b[i];
        let mut j = i + 1;
        while j < self.b.len() {
            match memchr::memchr2(quote, b'\\', &self.b[j..]) {
                Some(k) if self.b[j + k] == quote => return j + k + 1,
                // An escape: the next byte is part of the string, whatever it is.
                Some(k) => j += k + 2,
                None => break,
            }
        }
        self.b.len()
    }

    fn raw_string_start(&self, i: usize) -> bool {
        let mut j = i + 1;
        while self.b.get(j) == Some(&b'#') {
            j += 1;
        }
        self.b.get(j) == Some(&b'"') && (i == 0 || !is_ident_byte(self.b[i - 1]))
    }

    fn raw_string_end(&self, i: usize) -> usize {
        let mut j = i + 1;
        let mut hashes = 0;
        while self.b.get(j) == Some(&b'#') {
            hashes += 1;
            j += 1;
        }
        j += 1;
        while j < self.b.len() {
            if self.b[j] == b'"'
                && self.b[j + 1..]
                    .iter()
                    .take(hashes)
                    .filter(|c| **c == b'#')
                    .count()
                    == hashes
            {
                return j + 1 + hashes;
            }
            j += 1;
        }
        self.b.len()
    }

    fn ident_end(&self, mut i: usize) -> usize {
        while i < self.b.len() && is_ident_byte(self.b[i]) {
            i += 1;
        }
        i
    }

    fn shape(&self, i: usize) -> Shape {
        let Some(&c) = self.b.get(i) else {
            return Shape::Scalar;
        };
        if c == b'(' || c == b'[' || c == b'{' {
            return Shape::Open(c);
        }
        if (c.is_ascii_alphabetic() || c == b'_') && !(c == b'r' && self.raw_string_start(i)) {
            let end = self.ident_end(i);
            let after = self.skip_trivia(end);
            if self.b.get(after) == Some(&b'(') {
                return Shape::Named(i, end, after);
            }
            return Shape::Ident;
        }
        Shape::Scalar
    }

    /// End offset of the value starting at `i`.
    fn value_end(&self, i: usize) -> usize {
        match self.shape(i) {
            Shape::Named(_, _, open) => self.close_of(open),
            Shape::Open(_) => self.close_of(i),
            Shape::Ident => self.ident_end(i),
            Shape::Scalar => {
                let Some(&c) = self.b.get(i) else {
                    return i;
                };
                if c == b'"' || c == b'\'' {
                    return self.string_end(i);
                }
                if c == b'r' {
                    return self.raw_string_end(i);
                }
                let mut j = i;
                while j < self.b.len()
                    && !matches!(self.b[j], b',' | b')' | b']' | b'}' | b':')
                    && !self.b[j].is_ascii_whitespace()
                {
                    j += 1;
                }
                j
            }
        }
    }

    /// Offset just past the bracket closing the one at `open`.
    fn close_of(&self, open: usize) -> usize {
        if let Some(pairs) = self.pairs
            && let Ok(k) = pairs.binary_search_by_key(&(open as u32), |p| p.0)
        {
            return pairs[k].1 as usize;
        }
        let mut depth = 0usize;
        let mut i = open;
        while i < self.b.len() {
            match self.b[i] {
                b'"' | b'\'' => {
                    i = self.string_end(i);
                    continue;
                }
                b'r' if self.raw_string_start(i) => {
                    i = self.raw_string_end(i);
                    continue;
                }
                b'/' if matches!(self.b.get(i + 1), Some(b'/') | Some(b'*')) => {
                    i = self.comment_end(i);
                    continue;
                }
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return i + 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        self.b.len()
    }

    /// The items of the container opened at `open`: (optional key, value offset).
    fn items(&self, open: usize) -> Vec<Item> {
        self.item_keys(open)
            .into_iter()
            .map(|(k, at)| (k, self.value_after_key(at)))
            .collect()
    }

    /// The value of the item starting at `at` (past its key, if it has one).
    fn value_after_key(&self, at: usize) -> usize {
        let end = self.value_end(at);
        let after = self.skip_trivia(end);
        if self.b.get(after) == Some(&b':') {
            self.skip_trivia(after + 1)
        } else {
            at
        }
    }

    /// The items of the container opened at `open`: (optional key, offset where the item
    /// starts, i.e. its key or its value).
    fn item_keys(&self, open: usize) -> Vec<Item> {
        self.item_keys_until(open, None)
    }

    /// Like [`Scanner::item_keys`], but stopping after the item with key `stop`, when given
    /// (without first finding the container's end, which is a scan of all of it).
    fn item_keys_until(&self, open: usize, stop: Option<&str>) -> Vec<Item> {
        let close = match stop {
            // Items stop at the closing bracket anyway (no comma follows the last).
            Some(_) => self.b.len() + 1,
            None => self.close_of(open),
        };
        let mut out = Vec::new();
        let mut i = self.skip_trivia(open + 1);
        while i < close.saturating_sub(1) {
            // A key: `ident:` or `"string":` or any value followed by `:` (map keys).
            let start = i;
            let end = self.value_end(start);
            let after = self.skip_trivia(end);
            let (key, value_at) = if self.b.get(after) == Some(&b':') {
                let key = (end - start <= MAX_KEY).then(|| {
                    let raw = String::from_utf8_lossy(&self.b[start..end]);
                    raw.trim_matches('"').into()
                });
                // A key too long to compare is still a key: never a positional item.
                let key = key.or_else(|| Some("\u{0}".into()));
                (key, self.skip_trivia(after + 1))
            } else {
                (None, start)
            };
            let found = stop.is_some() && key.as_deref() == stop;
            out.push((key, start));
            if found {
                break;
            }
            let vend = self.value_end(value_at);
            let mut j = self.skip_trivia(vend);
            if self.b.get(j) == Some(&b',') {
                j = self.skip_trivia(j + 1);
            } else if j < close.saturating_sub(1) {
                // Malformed: stop rather than loop.
                break;
            }
            if j <= i {
                break;
            }
            i = j;
        }
        out
    }
}

fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

#[cfg(test)]
#[allow(clippy::useless_vec)] // path! builds the Vec that locate() borrows.
mod tests {
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
    fn measures_nesting() {
        assert_eq!(nesting_depth("((([]))) \"((((\"", 10), (4, None));
        assert_eq!(nesting_depth("[[[", 2).1, Some(2));
    }
}
