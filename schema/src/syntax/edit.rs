//! Apply a change of the model to the text it was read from: the text is kept byte for byte
//! (comments, blank lines, field order and spelling, defaults left out, `Some(x)` or `x` as
//! written) except where the model changed. A changed scalar is replaced in place; a changed
//! subtree is written in `saberc fmt`'s layout at its indentation; an added field or item is
//! inserted in that layout, a removed one deleted with its comma and the comment lines above it.
//!
//! How: the model the text says (read with the pipeline's reader) and the new model are both
//! serialized to JSON values and compared; each difference is found in the text's syntax tree
//! by its path, and in the tree of the new model written compactly, which gives the new text
//! of that place. The result is read back and must give the new model, or nothing is written:
//! the caller is told why and decides (the editor asks the user before a full rewrite).

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map as JsonMap, Value};

use super::tree::{
    self, SyntaxKind, SyntaxNode, end, entries, entry_key, entry_value, field, group_name,
    group_open, start,
};
use crate::output::format;
use crate::pipeline::read::Syntax;

/// Why the change could not be applied to the text: the caller must then write the whole
/// file again (after asking, in the editor), or not at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct EditError(pub String);

fn fail<T>(why: impl Into<String>) -> Result<T, EditError> {
    Err(EditError(why.into()))
}

/// The text of `new`, made from `text` by changing only what differs between the model `text`
/// says and `new`. `text` unchanged when they are equal.
pub fn edit_text<T: Serialize + DeserializeOwned>(
    text: &str,
    syntax: Syntax,
    new: &T,
) -> Result<String, EditError> {
    edit_text_with(text, syntax, new, |t| t)
}

/// [`edit_text`] for a model that is normalised when read (`normal`: as the reader of the
/// model makes it, such as a map whose ridges are kept sorted): the text's model and the
/// edited text's model are compared after `normal`, so that a part the text orders its own
/// way is left as written while unchanged.
pub fn edit_text_with<T: Serialize + DeserializeOwned>(
    text: &str,
    syntax: Syntax,
    new: &T,
    normal: impl Fn(T) -> T,
) -> Result<String, EditError> {
    let (bom, body) = match text.strip_prefix('\u{feff}') {
        Some(rest) => ("\u{feff}", rest),
        None => ("", text),
    };
    let parsed = super::parse(body);
    if let Some(e) = parsed.errors.first() {
        return fail(format!("the file does not parse: {}", e.message));
    }
    let old: T = read(body, syntax)
        .map(&normal)
        .map_err(|e| EditError(format!("the file does not read as the model: {e}")))?;
    let old_v = to_value(&old)?;
    let new_v = to_value(new)?;
    if old_v == new_v {
        return Ok(text.to_string());
    }
    let new_text = match syntax {
        Syntax::Ron => ron::ser::to_string(new).map_err(|e| EditError(e.to_string()))?,
        Syntax::Json => serde_json::to_string(new).map_err(|e| EditError(e.to_string()))?,
    };
    let new_parsed = super::parse(&new_text);
    if let Some(e) = new_parsed.errors.first() {
        return fail(format!(
            "internal error: the model's own text does not parse: {}",
            e.message
        ));
    }
    let (Some(old_root), Some(new_root)) = (
        tree::root_value(&parsed.syntax()),
        tree::root_value(&new_parsed.syntax()),
    ) else {
        return fail("the file holds no value");
    };
    // New items and fields are written first without the fields the reader fills in by
    // itself; when the text then does not read back as the model, with every field.
    let attempt = |lean: bool| {
        let mut editor = Editor {
            text: body,
            syntax,
            edits: Vec::new(),
            lean,
        };
        editor.diff(&old_v, &new_v, &old_root, &new_root, false)?;
        let out = format!("{bom}{}", editor.apply()?);
        let back: T = read(&out[bom.len()..], syntax).map(&normal).map_err(|e| {
            EditError(format!(
                "internal error: the edited text does not read back: {e}"
            ))
        })?;
        if to_value(&back)? != new_v {
            return fail("internal error: the edited text does not read back as the changed model");
        }
        Ok(out)
    };
    attempt(true).or_else(|_| attempt(false))
}

/// The text of a new value without its fields that hold `None` (`null`) or `false` (what a
/// record's reader fills in when the field is left out, as the file's author leaves it out).
fn lean(node: &SyntaxNode) -> String {
    let base = start(node);
    let mut text = node.to_string();
    let cuts: Vec<(usize, usize)> = node
        .descendants()
        .filter(|e| e.kind() == SyntaxKind::ENTRY && entry_key(e).is_some())
        .filter(|e| {
            entry_value(e)
                .is_some_and(|v| matches!(v.to_string().as_str(), "None" | "null" | "false"))
        })
        .map(|e| {
            let to = end(&e) - base;
            (
                start(&e) - base,
                to + usize::from(text[to..].starts_with(',')),
            )
        })
        .collect();
    for (from, to) in cuts.into_iter().rev() {
        text.replace_range(from..to, "");
    }
    text
}

fn read<T: DeserializeOwned>(text: &str, syntax: Syntax) -> Result<T, String> {
    match syntax {
        Syntax::Ron => crate::pipeline::parse::ron_options()
            .from_str(text)
            .map_err(|e| e.to_string()),
        Syntax::Json => serde_json::from_str(text).map_err(|e| e.to_string()),
    }
}

fn to_value<T: Serialize>(model: &T) -> Result<Value, EditError> {
    serde_json::to_value(model).map_err(|e| EditError(e.to_string()))
}

/// `Some(x)` is `x` in the JSON value: the node inside.
fn unwrap_some(node: &SyntaxNode) -> SyntaxNode {
    if node.kind() == SyntaxKind::GROUP
        && group_name(node).is_some_and(|n| n.text() == "Some")
        && let [entry] = entries(node).collect::<Vec<_>>().as_slice()
        && entry_key(entry).is_none()
        && let Some(inner) = entry_value(entry)
    {
        return inner;
    }
    node.clone()
}

/// The node of an enum variant's content (`Deploy(zone: …)` is `{"Deploy": {"zone": …}}`):
/// the group itself for a struct or tuple variant, the value inside for a newtype variant.
fn variant_body(group: &SyntaxNode, inner: &Value) -> Result<SyntaxNode, EditError> {
    let es: Vec<SyntaxNode> = entries(group).collect();
    let single_unkeyed = match es.as_slice() {
        [e] if entry_key(e).is_none() => entry_value(e),
        _ => None,
    };
    let is_group_open = |n: &SyntaxNode, open: SyntaxKind| {
        n.kind() == SyntaxKind::GROUP
            && group_name(n).is_none()
            && group_open(n).is_some_and(|t| t.kind() == open)
    };
    match inner {
        Value::Object(_) => {
            if es.iter().all(|e| entry_key(e).is_some()) {
                Ok(group.clone())
            } else if let Some(v) = single_unkeyed.filter(|v| is_group_open(v, SyntaxKind::L_PAREN))
            {
                Ok(v)
            } else {
                fail(format!("`{group}` is not the variant the model holds"))
            }
        }
        Value::Array(_) => Ok(single_unkeyed
            .filter(|v| is_group_open(v, SyntaxKind::L_BRACKET))
            .unwrap_or_else(|| group.clone())),
        _ => {
            single_unkeyed.ok_or_else(|| EditError(format!("`{group}` holds more than one value")))
        }
    }
}

/// Does the text of `node` hold a comment?
pub fn has_comments(node: &SyntaxNode) -> bool {
    node.descendants_with_tokens().any(|e| {
        matches!(
            e.kind(),
            SyntaxKind::LINE_COMMENT | SyntaxKind::BLOCK_COMMENT
        )
    })
}

struct Editor<'a> {
    text: &'a str,
    syntax: Syntax,
    /// Byte ranges of `text` and what replaces them.
    edits: Vec<(usize, usize, String)>,
    /// Write new entries without the fields the reader fills in ([`lean`]).
    lean: bool,
}

impl Editor<'_> {
    fn diff(
        &mut self,
        old: &Value,
        new: &Value,
        onode: &SyntaxNode,
        nnode: &SyntaxNode,
        in_list: bool,
    ) -> Result<(), EditError> {
        if old == new {
            return Ok(());
        }
        let (onode, nnode) = if !old.is_null() && !new.is_null() {
            (unwrap_some(onode), unwrap_some(nnode))
        } else {
            (onode.clone(), nnode.clone())
        };
        let both_groups = onode.kind() == SyntaxKind::GROUP && nnode.kind() == SyntaxKind::GROUP;
        match (old, new) {
            (Value::Object(o), Value::Object(n)) if both_groups => {
                if let Some(name) = group_name(&onode)
                    && o.len() == 1
                    && o.contains_key(name.text())
                {
                    let name = name.text().to_string();
                    let same_variant = n.len() == 1
                        && n.contains_key(&name)
                        && group_name(&nnode).is_some_and(|t| t.text() == name);
                    if !same_variant {
                        return self.replace(&onode, &nnode, in_list);
                    }
                    let ob = variant_body(&onode, &o[&name])?;
                    let nb = variant_body(&nnode, &n[&name])?;
                    return self.diff(&o[&name], &n[&name], &ob, &nb, false);
                }
                if group_open(&onode).is_some_and(|t| t.kind() == SyntaxKind::L_BRACKET) {
                    return self.replace(&onode, &nnode, in_list);
                }
                self.fields(o, n, &onode, &nnode)
            }
            (Value::Array(o), Value::Array(n)) if both_groups => self.items(o, n, &onode, &nnode),
            _ => self.replace(&onode, &nnode, in_list),
        }
    }

    /// The fields of a struct or map.
    fn fields(
        &mut self,
        o: &JsonMap<String, Value>,
        n: &JsonMap<String, Value>,
        og: &SyntaxNode,
        ng: &SyntaxNode,
    ) -> Result<(), EditError> {
        let added: Vec<&String> = n
            .iter()
            .filter(|(k, v)| field(og, k).is_none() && o.get(*k) != Some(*v))
            .map(|(k, _)| k)
            .collect();
        let removed: Vec<SyntaxNode> = entries(og)
            .filter(|e| {
                entry_key(e)
                    .and_then(|k| tree::key_name(&k))
                    .is_some_and(|k| o.contains_key(&k) && !n.contains_key(&k))
            })
            .collect();
        if (!added.is_empty() || !removed.is_empty()) && !self.line_layout(og, removed.is_empty()) {
            return self.rewrite_group(og, ng);
        }
        for (k, nv) in n {
            let Some(entry) = field(og, k) else { continue };
            let ov = o.get(k).unwrap_or(&Value::Null);
            if ov == nv {
                continue;
            }
            let (Some(ovalue), Some(nvalue)) = (
                entry_value(&entry),
                field(ng, k).and_then(|e| entry_value(&e)),
            ) else {
                return fail(format!("the field `{k}` was not found"));
            };
            self.diff(ov, nv, &ovalue, &nvalue, false)?;
        }
        for entry in removed {
            self.delete_line_entry(&entry);
        }
        let keys: Vec<&String> = n.keys().collect();
        for k in added {
            let Some(nentry) = field(ng, k) else {
                return fail(format!("the new field `{k}` was not found"));
            };
            // After the nearest field before it (in the model's order) that the text holds.
            let at = keys.iter().position(|x| *x == k).unwrap_or(0);
            let anchor = keys[..at].iter().rev().find_map(|p| field(og, p));
            self.insert_line_entry(og, anchor.as_ref(), &nentry, false)?;
        }
        Ok(())
    }

    /// The items of a list or tuple: changed in place when as many, else the run between the
    /// common start and end is replaced.
    fn items(
        &mut self,
        o: &[Value],
        n: &[Value],
        og: &SyntaxNode,
        ng: &SyntaxNode,
    ) -> Result<(), EditError> {
        let oe: Vec<SyntaxNode> = entries(og).collect();
        let ne: Vec<SyntaxNode> = entries(ng).collect();
        if oe.len() != o.len() || ne.len() != n.len() {
            return fail(format!("the list `{}` is not the model's", short(og)));
        }
        let in_list = group_open(og).is_some_and(|t| t.kind() == SyntaxKind::L_BRACKET);
        if o.len() == n.len() {
            for i in 0..o.len() {
                let (Some(ov), Some(nv)) = (entry_value(&oe[i]), entry_value(&ne[i])) else {
                    return fail("a list item has no value");
                };
                self.diff(&o[i], &n[i], &ov, &nv, in_list)?;
            }
            return Ok(());
        }
        let prefix = o.iter().zip(n).take_while(|(a, b)| a == b).count();
        let max_suffix = o.len().min(n.len()) - prefix;
        let suffix = o
            .iter()
            .rev()
            .zip(n.iter().rev())
            .take(max_suffix)
            .take_while(|(a, b)| a == b)
            .count();
        if !self.line_layout(og, prefix + suffix == o.len()) {
            return self.rewrite_group(og, ng);
        }
        for entry in &oe[prefix..o.len() - suffix] {
            self.delete_line_entry(entry);
        }
        let anchor = prefix.checked_sub(1).map(|i| oe[i].clone());
        for entry in &ne[prefix..n.len() - suffix] {
            self.insert_line_entry(og, anchor.as_ref(), entry, in_list)?;
        }
        Ok(())
    }

    /// Is each entry of the group on lines of its own (the open layout of fmt), so that
    /// entries can be added and removed line by line? In JSON, which has no trailing commas,
    /// only when entries are only added (`adding`).
    fn line_layout(&self, group: &SyntaxNode, adding: bool) -> bool {
        if self.syntax != Syntax::Ron && !adding {
            return false;
        }
        let es: Vec<SyntaxNode> = entries(group).collect();
        let Some(close) = group.last_token().filter(|t| {
            matches!(
                t.kind(),
                SyntaxKind::R_PAREN | SyntaxKind::R_BRACKET | SyntaxKind::R_BRACE
            )
        }) else {
            return false;
        };
        if es.is_empty() || !self.only_space_before(close.text_range().start().into()) {
            return false;
        }
        es.iter().all(|e| {
            self.only_space_before(start(e))
                && self
                    .item_end(e)
                    .is_some_and(|(end, _)| self.text[..end].ends_with('\n'))
        })
    }

    /// Only spaces between the start of its line and `at`.
    fn only_space_before(&self, at: usize) -> bool {
        self.text[line_start(self.text, at)..at]
            .chars()
            .all(|c| c == ' ' || c == '\t')
    }

    /// Where an entry's line ends (after its comma, a comment on its line and the line break)
    /// and whether it has a comma.
    fn item_end(&self, entry: &SyntaxNode) -> Option<(usize, bool)> {
        let b = self.text.as_bytes();
        let mut i = end(entry);
        let skip_space = |i: &mut usize| {
            while *i < b.len() && matches!(b[*i], b' ' | b'\t') {
                *i += 1;
            }
        };
        skip_space(&mut i);
        let comma = b.get(i) == Some(&b',');
        if comma {
            i += 1;
        }
        skip_space(&mut i);
        if self.text[i..].starts_with("//") {
            i += memchr::memchr(b'\n', &b[i..]).unwrap_or(b.len() - i);
        } else if self.text[i..].starts_with("/*") {
            let len = super::lexer::tokenize(&self.text[i..]).first()?.len;
            if self.text[i..i + len].contains('\n') {
                return None;
            }
            i += len;
            skip_space(&mut i);
        }
        if b.get(i) == Some(&b'\r') {
            i += 1;
        }
        if b.get(i) == Some(&b'\n') {
            i += 1;
        }
        Some((i, comma))
    }

    /// Delete an entry's lines: the comment lines right above it, the entry, its comma and
    /// the comment after it on its line.
    fn delete_line_entry(&mut self, entry: &SyntaxNode) {
        let from = self.lines_start(entry);
        let to = self.item_end(entry).map_or(end(entry), |(e, _)| e);
        self.edits.push((from, to, String::new()));
    }

    /// The start of an entry's lines: its own, or that of the comment lines right above it.
    fn lines_start(&self, entry: &SyntaxNode) -> usize {
        let mut from = line_start(self.text, start(entry));
        while from > 0 {
            let above = line_start(self.text, from - 1);
            let line = self.text[above..from].trim();
            if line.starts_with("//") {
                from = above;
            } else {
                break;
            }
        }
        from
    }

    /// Insert `nentry` (an entry of the new model's tree) on lines of its own after `anchor`
    /// (or first), in fmt's layout at the group's indentation.
    fn insert_line_entry(
        &mut self,
        og: &SyntaxNode,
        anchor: Option<&SyntaxNode>,
        nentry: &SyntaxNode,
        in_list: bool,
    ) -> Result<(), EditError> {
        let first = entries(og)
            .next()
            .ok_or_else(|| EditError("an empty bracket".into()))?;
        let indent_at = line_start(self.text, start(&first));
        let spaces = self.text[indent_at..start(&first)].len();
        let mut line = " ".repeat(spaces);
        if let Some(key) = entry_key(nentry) {
            line.push_str(&key.to_string());
            line.push_str(": ");
        }
        let value =
            entry_value(nentry).ok_or_else(|| EditError("an entry without value".into()))?;
        let col = line.chars().count();
        let value = if self.lean {
            lean(&value)
        } else {
            value.to_string()
        };
        line.push_str(&self.formatted(&value, spaces / self.indent_unit(), col, in_list)?);
        if self.syntax == Syntax::Json {
            // No trailing comma: after the anchor's value behind a comma of its own, or
            // before the first entry followed by one.
            let (at, text) = match anchor {
                Some(a) => (end(a), format!(",\n{line}")),
                None => (
                    start(&first),
                    format!("{},\n{}", line.trim_start(), &line[..spaces]),
                ),
            };
            self.edits.push((at, at, text));
            return Ok(());
        }
        let at = match anchor {
            Some(a) => {
                let (at, comma) = self
                    .item_end(a)
                    .ok_or_else(|| EditError("an entry's line".into()))?;
                let comma_edit = (end(a), end(a), ",".to_string());
                if !comma && !self.edits.contains(&comma_edit) {
                    self.edits.push(comma_edit);
                }
                at
            }
            None => self.lines_start(&first),
        };
        line.push_str(",\n");
        self.edits.push((at, at, line));
        Ok(())
    }

    /// A group whose layout is not one entry a line, changed in its structure: written again
    /// from the new model, which is safe only when it holds no comment.
    fn rewrite_group(&mut self, og: &SyntaxNode, ng: &SyntaxNode) -> Result<(), EditError> {
        self.replace(og, ng, false)
    }

    /// Replace a node by the new model's text of it, in fmt's layout where it stands.
    fn replace(
        &mut self,
        onode: &SyntaxNode,
        nnode: &SyntaxNode,
        in_list: bool,
    ) -> Result<(), EditError> {
        if has_comments(onode) {
            return fail(format!(
                "changing `{}` would drop the comments in it",
                short(onode)
            ));
        }
        let at = start(onode);
        let ls = line_start(self.text, at);
        let line = &self.text[ls..at];
        let spaces = line.len() - line.trim_start_matches([' ', '\t']).len();
        let unit = self.indent_unit();
        let col = line.chars().count();
        let text = self.formatted(&nnode.to_string(), spaces / unit, col, in_list)?;
        self.edits.push((at, end(onode), text));
        Ok(())
    }

    /// Spaces a level of fmt's layout indents.
    fn indent_unit(&self) -> usize {
        if self.syntax == Syntax::Ron { 4 } else { 2 }
    }

    fn formatted(
        &self,
        text: &str,
        indent: usize,
        col: usize,
        in_list: bool,
    ) -> Result<String, EditError> {
        match self.syntax {
            Syntax::Ron => format::format_ron_value(text, indent, col, in_list),
            Syntax::Json => format::format_json_value(text, indent),
        }
        .map_err(|e| EditError(format!("internal error: {e}")))
    }

    /// The text with every edit made.
    fn apply(&mut self) -> Result<String, EditError> {
        self.edits.sort_by_key(|(from, to, _)| (*from, *to));
        let mut out = String::with_capacity(self.text.len());
        let mut at = 0;
        for (from, to, text) in &self.edits {
            if *from < at {
                return fail("internal error: two changes overlap");
            }
            out.push_str(&self.text[at..*from]);
            out.push_str(text);
            at = *to;
        }
        out.push_str(&self.text[at..]);
        Ok(out)
    }
}

/// The start of the line holding byte `at`.
fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// The first characters of a node, for a message.
fn short(node: &SyntaxNode) -> String {
    crate::diagnostic::truncate_chars(&node.to_string(), 40)
}

#[cfg(test)]
mod tests;
