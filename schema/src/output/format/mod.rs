//! The canonical layout of RON and JSON files (`saberc fmt`). It works on the text, not the
//! model, so that comments, field order and the spelling of every literal survive: the file is
//! split into tokens, the tokens into a tree of brackets with their comments attached, and the
//! tree is printed again in one layout.
//!
//! The RON layout is the one of the historical scenarios in `scenarios/`: four spaces a level,
//! lines of at most [`WIDTH`] characters; a bracket that fits on its line with everything in it
//! stays on one line (`units: {MZ: 27, CY: 3}`), otherwise each element goes on its own line
//! with a trailing comma; a record in a list (a side, a group, a victory condition: an unnamed
//! bracket of named fields, unless a short pair such as a map label) has one field a line; a bracket whose only element is another bracket hugs it
//! (`Intersection([` … `])`); lists of coordinates and other short tuples of numbers fill their
//! lines; a comment keeps its place (before an element, or at the end of its line), forces its
//! brackets open, and one blank line between elements is kept. JSON is laid out as
//! `serde_json` pretty-prints it (two spaces a level, one element a line).
//!
//! Formatting never changes what a file says: the result is tokenised again and must give the
//! same tokens (ignoring trailing commas) and the same comments, or formatting is refused.

mod tokens;
mod tree;

use crate::pipeline::read::Syntax;
use tokens::{Kind, Tokens, tokenize};
use tree::closer;
pub(crate) use tree::{Comment, Document, Group, Item, Node, parse_document};

/// The width a RON line is kept within, where strings allow.
pub const WIDTH: usize = 100;

const INDENT: &str = "    ";

/// The characters a line keeps for its content past deep indentation.
const MIN_CONTENT: usize = 60;

/// The width a line at indentation level `indent` is kept within: [`WIDTH`], or past deep
/// indentation [`MIN_CONTENT`] characters after it, so that deep nesting never puts one short
/// atom a line (which made a 0.76 MB scenario 56 MB): the growth of a file stays bounded.
fn line_width(indent: usize) -> usize {
    WIDTH.max(indent * INDENT.len() + MIN_CONTENT)
}

/// Why a file cannot be formatted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FormatError {
    /// What is wrong.
    pub message: String,
    /// Byte offset in the text.
    pub offset: usize,
}

impl FormatError {
    /// What is wrong, at `offset`.
    fn at(message: impl Into<String>, offset: usize) -> FormatError {
        let message = message.into();
        FormatError { message, offset }
    }

    /// What is wrong, at a line and column (as serde_json and RON count them) of `text`.
    fn at_line_col(text: &str, (line, column): (usize, usize), message: String) -> FormatError {
        let offset = crate::pipeline::locate::location_of_line_col(text, line, column).offset;
        FormatError { message, offset }
    }
}

impl From<crate::diagnostic::Diagnostic> for FormatError {
    fn from(d: crate::diagnostic::Diagnostic) -> FormatError {
        FormatError::at(d.message, d.location.map_or(0, |l| l.offset))
    }
}

fn err<T>(message: impl Into<String>, offset: usize) -> Result<T, FormatError> {
    Err(FormatError::at(message, offset))
}

/// The text in the canonical layout of its syntax.
pub fn format_text(text: &str, syntax: Syntax) -> Result<String, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if syntax == Syntax::Json
        && let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(text)
    {
        let mut e =
            FormatError::at_line_col(text, (e.line(), e.column()), format!("not valid JSON: {e}"));
        if text[e.offset.min(text.len())..].starts_with("//") || text.contains("\n//") {
            e.message
                .push_str(" (JSON has no comments: write the file in RON to keep them)");
        }
        return Err(e);
    }
    let doc = parse_document(text)?;
    let out = match syntax {
        Syntax::Ron => print_ron(&doc),
        Syntax::Json => print_json(&doc),
    };
    // The largest thing held, dropped before the model is read (as large again, at the limit
    // of values): the result is checked against the text.
    drop(doc);
    // What the pipeline's reader refuses is never formatted, and the formatted text must
    // read as the same model.
    let before = read_model(text, syntax)?;
    verify(text, &out)?;
    match read_model(&out, syntax) {
        Ok(after) if after == before => Ok(out),
        _ => err(
            "internal error: the formatted text would not read as the same model; the file was \
             left as it is",
            0,
        ),
    }
}

/// What a text says, as the pipeline reads it: a map, scenario or battle as its model (as
/// compact JSON text, to compare: a file at the limit of values is a few megabytes of text, but
/// hundreds as a `serde_json::Value`), any other text as a RON or JSON value.
#[derive(Debug, PartialEq)]
pub enum Model {
    /// A map, scenario or battle, read as its model, written as compact JSON.
    Typed(String),
    /// Another RON text.
    Ron(ron::Value),
    /// Another JSON text.
    Json(serde_json::Value),
}

/// What a text says, as the pipeline's reader reads it (`fmt` formats only what it reads, and
/// the result must read the same), or why it does not read.
pub fn read_model(text: &str, syntax: Syntax) -> Result<Model, FormatError> {
    use crate::pipeline::parse::{DocKind, detect, parse, ron_options};
    let name = match syntax {
        Syntax::Ron => "file.ron",
        Syntax::Json => "file.json",
    };
    let src = crate::pipeline::read::Source::from_text(name, text);
    fn typed<T: serde::de::DeserializeOwned + serde::Serialize>(
        src: &crate::pipeline::read::Source,
    ) -> Result<Model, FormatError> {
        let model: T = parse(src)?;
        (serde_json::to_string(&model).map(Model::Typed))
            .map_err(|e| FormatError::at(e.to_string(), 0))
    }
    match detect(&src) {
        Ok((DocKind::Battle, _)) => typed::<crate::model::battle::Battle>(&src),
        // A map or scenario: its game's model of it.
        Ok((kind, _)) => crate::pipeline::games::of_source(&src)
            .model_value(&src, kind)
            .map(|v| Model::Typed(v.to_string()))
            .map_err(FormatError::from),
        Err(_) => match syntax {
            Syntax::Ron => {
                (ron_options().from_str::<ron::Value>(text).map(Model::Ron)).map_err(|e| {
                    let at = (e.span.start.line, e.span.start.col);
                    FormatError::at_line_col(text, at, format!("RON cannot read this: {}", e.code))
                })
            }
            Syntax::Json => (serde_json::from_str(text).map(Model::Json)).map_err(|e| {
                let at = (e.line(), e.column());
                FormatError::at_line_col(text, at, format!("not valid JSON: {e}"))
            }),
        },
    }
}

/// One value (the text of a value, no comments around it) in the canonical RON layout, written
/// where its first line already holds `col` characters at indentation level `indent` and a
/// comma follows it; `in_list`: it is an item of a list, where a record gets one field a line.
/// For text edits ([`crate::syntax::edit`]): what is new is written as `fmt` would write it.
pub(crate) fn format_ron_value(
    text: &str,
    indent: usize,
    col: usize,
    in_list: bool,
) -> Result<String, FormatError> {
    let doc = parse_document(text)?;
    let Some(root) = &doc.root else {
        return err("no value", 0);
    };
    let mut p = Printer {
        out: String::new(),
        col,
    };
    match root {
        Node::Group(g) if in_list && is_record(root) => p.group_open(g, indent),
        _ => p.node(root, indent, 1),
    }
    Ok(p.out)
}

/// One JSON value in the canonical JSON layout at indentation level `indent`.
pub(crate) fn format_json_value(text: &str, indent: usize) -> Result<String, FormatError> {
    let doc = parse_document(text)?;
    let Some(root) = &doc.root else {
        return err("no value", 0);
    };
    let mut out = String::new();
    json_node(root, indent, &mut out);
    Ok(out)
}

/// A model written whole in the canonical layout of `syntax`: every model-to-text writer
/// (the editor's save of a new file, `factor`, `new`, Tiled import, `convert`) goes through
/// here, so what it writes is `fmt`-clean.
pub fn model_text<T: serde::Serialize>(model: &T, syntax: Syntax) -> Result<String, FormatError> {
    let compact = match syntax {
        Syntax::Ron => ron::ser::to_string(model).map_err(|e| FormatError::at(e.to_string(), 0))?,
        Syntax::Json => {
            serde_json::to_string(model).map_err(|e| FormatError::at(e.to_string(), 0))?
        }
    };
    format_text(&compact, syntax)
}

/// Formatting must keep every token (trailing commas aside) and every comment: the tokens of
/// the text and of the result, compared one by one as the lexer gives them (nothing copied).
fn verify(text: &str, out: &str) -> Result<(), FormatError> {
    let before = tokenize(text)?;
    let after = tokenize(out).map_err(|e| {
        FormatError::at(
            format!("internal error: the formatted text does not tokenize: {e}"),
            0,
        )
    })?;
    // The significant tokens, a comma before a closing bracket left out; the comments, their
    // trailing white space left out.
    fn significant<'t>(toks: &Tokens<'t>, src: &'t str) -> impl Iterator<Item = &'t str> + 't {
        let kept = || toks.clone().filter(|t| !matches!(t.kind, Kind::Comment(_)));
        kept()
            .zip(kept().skip(1).map(Some).chain([None]))
            .filter(|(t, next)| {
                !(t.kind == Kind::Comma && next.is_some_and(|n| matches!(n.kind, Kind::Close(_))))
            })
            .map(move |(t, _)| &src[t.start..t.end])
    }
    fn comments<'t>(toks: &Tokens<'t>, src: &'t str) -> impl Iterator<Item = &'t str> + 't {
        toks.clone()
            .filter(|t| matches!(t.kind, Kind::Comment(_)))
            .map(move |t| src[t.start..t.end].trim_end())
    }
    if !significant(&before, text).eq(significant(&after, out))
        || !comments(&before, text).eq(comments(&after, out))
    {
        return err(
            "internal error: formatting would change the file's content; it was left as it is",
            0,
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// RON printing

pub(crate) fn has_comments(node: &Node) -> bool {
    match node {
        Node::Atom(_) => false,
        Node::Group(g) => {
            !g.end_comments.is_empty()
                || g.items.iter().any(|i| {
                    !i.leading().is_empty()
                        || i.trailing().is_some()
                        || i.key().is_some_and(has_comments)
                        || has_comments(&i.value)
                })
        }
    }
}

/// The node on one line, if it can be (no comments, no string with a line break).
fn flat(node: &Node) -> Option<String> {
    flat_within(node, usize::MAX)
}

/// [`flat`], if it is at most `max` characters long: a long list is not written out whole
/// only to find that it does not fit on its line (at every level of brackets above it).
fn flat_within(node: &Node, max: usize) -> Option<String> {
    let mut s = String::new();
    let mut chars = 0;
    flat_into(node, &mut s, &mut chars, max).then_some(s)
}

fn flat_into(node: &Node, s: &mut String, chars: &mut usize, max: usize) -> bool {
    fn push(s: &mut String, chars: &mut usize, max: usize, t: &str) -> bool {
        *chars += t.chars().count();
        s.push_str(t);
        *chars <= max
    }
    match node {
        Node::Atom(a) => !a.contains('\n') && push(s, chars, max, a),
        Node::Group(g) => {
            if !g.end_comments.is_empty()
                || (g.open == b'[' && g.items.iter().any(|i| is_record(&i.value)))
            {
                return false;
            }
            if !push(s, chars, max, g.name.unwrap_or_default())
                || !push(s, chars, max, &(g.open as char).to_string())
            {
                return false;
            }
            for (i, item) in g.items.iter().enumerate() {
                if !item.leading().is_empty() || item.trailing().is_some() {
                    return false;
                }
                if i > 0 && !push(s, chars, max, ", ") {
                    return false;
                }
                if let Some(k) = item.key()
                    && (!flat_into(k, s, chars, max) || !push(s, chars, max, ": "))
                {
                    return false;
                }
                if !flat_into(&item.value, s, chars, max) {
                    return false;
                }
            }
            push(s, chars, max, &(closer(g.open) as char).to_string())
        }
    }
}

/// A short tuple of numbers and names (`(24, 17)`, `((14, 25), NE)`), or a number: lists of
/// these fill their lines.
fn fills(node: &Node) -> bool {
    match node {
        Node::Atom(a) => a
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == '-' || c == '+'),
        Node::Group(g) => {
            g.name.is_none()
                && g.open == b'('
                && g.items.iter().all(|i| {
                    i.key().is_none()
                        && match &i.value {
                            Node::Atom(a) => !a.starts_with(['"', '\'']) && !a.contains('"'),
                            v => fills(v),
                        }
                })
                && flat(node).is_some()
        }
    }
}

struct Printer {
    out: String,
    /// Characters on the current line.
    col: usize,
}

impl Printer {
    fn push(&mut self, s: &str) {
        match s.rfind('\n') {
            Some(i) => self.col = s[i + 1..].chars().count(),
            None => self.col += s.chars().count(),
        }
        self.out.push_str(s);
    }

    fn newline(&mut self, indent: usize) {
        // No trailing spaces on blank lines.
        while self.out.ends_with(' ') {
            self.out.pop();
        }
        self.out.push('\n');
        self.col = 0;
        for _ in 0..indent {
            self.push(INDENT);
        }
    }

    fn comments(&mut self, comments: &[Comment], indent: usize, first: bool) {
        for (i, c) in comments.iter().enumerate() {
            if c.blank_before && !(first && i == 0) {
                self.blank_line(indent);
            }
            self.push(c.text);
            self.newline(indent);
        }
    }

    fn blank_line(&mut self, indent: usize) {
        // The line is only indentation so far: a new line empties it and starts again.
        self.newline(indent);
    }

    /// Write a value whose first line already holds `self.col` characters and which is
    /// followed on its last line by `suffix_len` characters.
    fn node(&mut self, node: &Node, indent: usize, suffix_len: usize) {
        match node {
            Node::Atom(a) => self.push(a),
            Node::Group(g) => {
                let room = line_width(indent).saturating_sub(self.col + suffix_len);
                let f = if single_atom(g) {
                    flat(node)
                } else {
                    flat_within(node, room)
                };
                if let Some(f) = f
                    && (self.col + f.chars().count() + suffix_len <= line_width(indent)
                        || single_atom(g))
                {
                    self.push(&f);
                    return;
                }
                self.group_open(g, indent);
            }
        }
    }

    fn group_open(&mut self, g: &Group, indent: usize) {
        if let Some(n) = g.name {
            self.push(n);
        }
        self.push(&(g.open as char).to_string());
        // A variant (or `Some`) around a lone bracket hugs it: `Intersection([` … `])`.
        if g.name.is_some()
            && g.items.len() == 1
            && g.end_comments.is_empty()
            && let [item] = g.items.as_slice()
            && item.key().is_none()
            && item.leading().is_empty()
            && item.trailing().is_none()
            && let Node::Group(inner) = &item.value
            && !inner.items.is_empty()
        {
            self.group_open(inner, indent);
            self.push(&(closer(g.open) as char).to_string());
            return;
        }
        self.items(g, indent + 1);
        self.newline(indent);
        self.push(&(closer(g.open) as char).to_string());
    }

    fn items(&mut self, g: &Group, indent: usize) {
        let fill = g.open == b'['
            && !g.items.is_empty()
            && g.items.iter().all(|i| i.key().is_none() && fills(&i.value));
        self.newline(indent);
        let last = g.items.len().saturating_sub(1);
        // In a filled list: the current line holds items and can take more.
        let mut open_line = false;
        for (n, item) in g.items.iter().enumerate() {
            if fill && open_line {
                let text = flat(&item.value).unwrap_or_default();
                let starts_block = item.blank_before || !item.leading().is_empty();
                // A space before the item and a comma after it.
                if !starts_block && self.col + text.chars().count() + 2 <= line_width(indent) {
                    self.push(" ");
                    self.push(&text);
                    self.push(",");
                    open_line = self.end_item(item, n == last, fill, indent);
                    continue;
                }
                self.newline(indent);
            }
            if n > 0 && item.blank_before {
                self.blank_line(indent);
            }
            self.comments(item.leading(), indent, n == 0);
            if let Some(k) = item.key() {
                self.node(k, indent, 2);
                self.push(": ");
            }
            // A record in a list (a side, a group, a victory condition) gets one field a line.
            let record_in_list = g.open == b'[' && is_record(&item.value);
            if record_in_list {
                if let Node::Group(r) = &item.value {
                    self.group_open(r, indent);
                }
            } else {
                self.node(&item.value, indent, 1);
            }
            self.push(",");
            open_line = self.end_item(item, n == last, fill, indent);
        }
        if !g.end_comments.is_empty() {
            if !g.items.is_empty() {
                self.newline(indent);
            }
            let len = g.end_comments.len();
            for (i, c) in g.end_comments.iter().enumerate() {
                if c.blank_before && !(g.items.is_empty() && i == 0) {
                    self.blank_line(indent);
                }
                self.push(c.text);
                if i + 1 < len {
                    self.newline(indent);
                }
            }
        }
    }

    /// After an item and its comma: its trailing comment, then a new line unless the item was
    /// the last or a filled line can take more. Returns whether the line can take more.
    fn end_item(&mut self, item: &Item, last: bool, fill: bool, indent: usize) -> bool {
        if let Some(c) = item.trailing() {
            self.push(" ");
            self.push(c);
        } else if fill {
            return true;
        }
        if !last {
            self.newline(indent);
        }
        false
    }
}

/// An unnamed bracket of named fields that is more than a short pair: three fields or more, or
/// a text over [`SHORT_TEXT`] characters (`(id: "a", units: {MZ: 2}, entry: …)`, but not
/// `(text: "South Road", at: (24, 32))`).
fn is_record(node: &Node) -> bool {
    let Node::Group(g) = node else { return false };
    g.name.is_none()
        && g.open == b'('
        && !g.items.is_empty()
        && g.items.iter().all(|i| i.key().is_some())
        && (g.items.len() >= 3
            || g.items.iter().any(|i| {
                matches!(&i.value, Node::Atom(a) if a.starts_with('"') && a.chars().count() > SHORT_TEXT)
            }))
}

/// The longest text (with its quotes) a short pair may hold and stay on one line in a list.
const SHORT_TEXT: usize = 24;

/// `Some("…")`, `Feature("V4")`: a bracket around one plain value stays on its line.
fn single_atom(g: &Group) -> bool {
    matches!(g.items.as_slice(), [i] if i.key().is_none() && matches!(i.value, Node::Atom(_)))
}

pub(crate) fn print_ron(doc: &Document) -> String {
    let mut p = Printer {
        out: String::new(),
        col: 0,
    };
    for a in &doc.attributes {
        p.push(a);
        p.newline(0);
    }
    p.comments(&doc.header, 0, true);
    if doc.blank_after_header {
        p.blank_line(0);
    }
    if let Some(root) = &doc.root {
        match root {
            Node::Group(g) if !g.items.is_empty() || !g.end_comments.is_empty() => {
                p.group_open_root(g);
            }
            other => p.node(other, 0, 0),
        }
        if !doc.footer.is_empty() {
            p.newline(0);
            let len = doc.footer.len();
            for (i, c) in doc.footer.iter().enumerate() {
                if c.blank_before {
                    p.blank_line(0);
                }
                p.push(c.text);
                if i + 1 < len {
                    p.newline(0);
                }
            }
        }
    }
    // Trimmed in place: a copy would hold the text twice at `fmt`'s peak of memory.
    let mut out = p.out;
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

impl Printer {
    /// The root bracket is always open, one field a line.
    fn group_open_root(&mut self, g: &Group) {
        if let Some(n) = g.name {
            self.push(n);
        }
        self.push(&(g.open as char).to_string());
        self.items(g, 1);
        self.newline(0);
        self.push(&(closer(g.open) as char).to_string());
    }
}

// ---------------------------------------------------------------------------------------------
// JSON printing: serde_json's pretty layout, keeping every key (even a duplicate, which the
// checker reports) and every literal as written.

fn print_json(doc: &Document) -> String {
    let mut out = String::new();
    if let Some(root) = &doc.root {
        json_node(root, 0, &mut out);
    }
    out.push('\n');
    out
}

fn json_node(node: &Node, indent: usize, out: &mut String) {
    match node {
        Node::Atom(a) => out.push_str(a),
        Node::Group(g) => {
            out.push(g.open as char);
            if g.items.is_empty() {
                out.push(closer(g.open) as char);
                return;
            }
            for (i, item) in g.items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('\n');
                out.push_str(&"  ".repeat(indent + 1));
                if let Some(k) = item.key() {
                    json_node(k, indent + 1, out);
                    out.push_str(": ");
                }
                json_node(&item.value, indent + 1, out);
            }
            out.push('\n');
            out.push_str(&"  ".repeat(indent));
            out.push(closer(g.open) as char);
        }
    }
}

#[cfg(test)]
mod tests;
