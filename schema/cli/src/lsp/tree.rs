//! Places in a document's syntax tree (`saber_schema::syntax`, the lossless tree `fmt` and
//! the editor's saves use): where the cursor is (writing a key, or a value of which field),
//! the steps from the document's value to a place, and the values of fields.

use rowan::{TextRange, TextSize};
use saber_schema::syntax::tree::{
    entries, entry_key, entry_value, field, first_token, group_name, group_open, key_name,
    root_value,
};
use saber_schema::syntax::{SyntaxKind, SyntaxNode, SyntaxToken, parse};

use super::schema::Step;

/// The tree of a document's text. A leading byte-order mark is left out of the tree (as the
/// pipeline leaves it out); offsets in and out are the document's own.
pub struct Tree {
    /// Bytes before the tree's text (3 for a byte-order mark).
    base: usize,
    /// The root node.
    pub root: SyntaxNode,
}

impl Tree {
    /// Parse a document's text.
    pub fn new(text: &str) -> Tree {
        let base = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Tree {
            base,
            root: parse(&text[base..]).syntax(),
        }
    }

    /// The tree offset of a document offset.
    fn at(&self, offset: usize) -> TextSize {
        let end = u32::from(self.root.text_range().end());
        TextSize::from((offset.saturating_sub(self.base) as u32).min(end))
    }

    /// The document's byte range (start, end) of a tree range.
    pub fn span(&self, r: TextRange) -> (usize, usize) {
        (
            self.base + u32::from(r.start()) as usize,
            self.base + u32::from(r.end()) as usize,
        )
    }

    /// The document's value (the top bracket).
    pub fn value(&self) -> Option<SyntaxNode> {
        root_value(&self.root)
    }

    /// The first token that is not whitespace or a comment at or after `offset`.
    pub fn token_at(&self, offset: usize) -> Option<SyntaxToken> {
        let mut t = self.root.token_at_offset(self.at(offset)).right_biased()?;
        while t.kind().is_trivia() {
            t = t.next_token()?;
        }
        Some(t)
    }

    /// The name, string or number token at `offset` (touching it on either side).
    pub fn word_token(&self, offset: usize) -> Option<SyntaxToken> {
        let at = self.at(offset);
        let wordy = |t: &SyntaxToken| {
            matches!(
                t.kind(),
                SyntaxKind::IDENT | SyntaxKind::STRING | SyntaxKind::NUMBER
            )
        };
        let found = self.root.token_at_offset(at);
        let (left, right) = match found {
            rowan::TokenAtOffset::None => (None, None),
            rowan::TokenAtOffset::Single(t) => (Some(t.clone()), Some(t)),
            rowan::TokenAtOffset::Between(l, r) => (Some(l), Some(r)),
        };
        right.filter(wordy).or(left.filter(wordy))
    }

    /// Where the cursor at `offset` is: writing a key of a bracket (or an item of a list), or
    /// the value of one of its entries.
    pub fn place(&self, offset: usize) -> Option<Place> {
        let at = self.at(offset);
        let token = self.root.token_at_offset(at).left_biased()?;
        let group = token
            .parent_ancestors()
            .find(|n| n.kind() == SyntaxKind::GROUP && inside(n, at))?;
        let entry = entries(&group).find(|e| {
            let r = e.text_range();
            r.start() <= at && at <= r.end()
        });
        let index = entries(&group)
            .take_while(|e| e.text_range().end() < at)
            .count();
        let Some(entry) = entry else {
            return Some(Place::Key {
                group,
                index,
                has_colon: false,
                writing: false,
            });
        };
        let colon = entry
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == SyntaxKind::COLON);
        match colon {
            Some(c) if c.text_range().end() <= at => {
                let key = entry_key(&entry).and_then(|k| key_name(&k))?;
                Some(Place::Value { group, key })
            }
            c => Some(Place::Key {
                group,
                index,
                has_colon: c.is_some(),
                writing: true,
            }),
        }
    }
}

/// Where the cursor is in a bracket.
#[derive(Debug, Clone)]
pub enum Place {
    /// Writing the key of an entry of `group` (for a list: its `index`th item).
    Key {
        /// The bracket.
        group: SyntaxNode,
        /// Entries before the cursor.
        index: usize,
        /// Whether the entry already has its `:` (then only the name is written).
        has_colon: bool,
        /// Whether an entry is under the cursor (the `index`th): its key is the one being
        /// written. On a line of its own between entries none is, and the `index`th entry is
        /// the next one, already written.
        writing: bool,
    },
    /// Writing the value of the entry `key: …` of `group`.
    Value {
        /// The bracket.
        group: SyntaxNode,
        /// The entry's key.
        key: String,
    },
}

/// Is the tree offset `at` between a group's brackets (after its opening bracket, and before
/// its closing one if it has one)?
fn inside(group: &SyntaxNode, at: TextSize) -> bool {
    let Some(open) = group_open(group) else {
        return false;
    };
    if open.text_range().end() > at {
        return false;
    }
    let close = group
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
        .last()
        .filter(|t| {
            matches!(
                t.kind(),
                SyntaxKind::R_PAREN | SyntaxKind::R_BRACKET | SyntaxKind::R_BRACE
            ) && t.text_range() != open.text_range()
        });
    close.is_none_or(|c| at <= c.text_range().start())
}

/// The steps from the document's value to the inside of `group` (its own name included).
pub fn steps_into(group: &SyntaxNode) -> Vec<Step> {
    let mut rev = Vec::new();
    let mut g = group.clone();
    loop {
        rev.extend(name_text(&g).map(Step::Variant));
        let Some(entry) = g.parent().filter(|p| p.kind() == SyntaxKind::ENTRY) else {
            break;
        };
        if entry_value(&entry).as_ref() != Some(&g) {
            break;
        }
        let Some(parent) = entry.parent().filter(|p| p.kind() == SyntaxKind::GROUP) else {
            break;
        };
        rev.push(entry_step(&parent, &entry));
        g = parent;
    }
    rev.reverse();
    rev
}

/// The step from `group` into the value of its entry `entry`.
pub fn entry_step(group: &SyntaxNode, entry: &SyntaxNode) -> Step {
    match entry_key(entry).and_then(|k| key_name(&k)) {
        Some(k) => Step::Key(k),
        None => Step::Item {
            index: entries(group).position(|e| e == *entry).unwrap_or(0),
            named: group_name(group).is_some(),
        },
    }
}

/// The text a scalar value says: a string's content, or a name or number as written.
pub fn scalar_text(node: &SyntaxNode) -> Option<String> {
    let t = first_token(node)?;
    match t.kind() {
        SyntaxKind::STRING => string_value(t.text()),
        SyntaxKind::IDENT | SyntaxKind::NUMBER => Some(t.text().to_string()),
        _ => None,
    }
}

/// The content of a string token (quotes and escapes undone).
pub fn string_value(token: &str) -> Option<String> {
    serde_json::from_str::<String>(token).ok().or_else(|| {
        token
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .map(str::to_string)
    })
}

/// The string a field of a bracket holds (`id: "union"` → `union`), looking through
/// `Some(…)`.
pub fn field_text(group: &SyntaxNode, name: &str) -> Option<String> {
    let v = entry_value(&field(group, name)?)?;
    text_through_some(&v)
}

/// A scalar's text, or the one value inside `Some(…)`.
pub fn text_through_some(v: &SyntaxNode) -> Option<String> {
    if v.kind() == SyntaxKind::GROUP {
        if group_name(v).is_some_and(|n| n.text() == "Some") {
            let inner = entries(v).next().and_then(|e| entry_value(&e))?;
            return scalar_text(&inner);
        }
        return None;
    }
    scalar_text(v)
}

/// The value node of a field of a bracket.
pub fn field_value(group: &SyntaxNode, name: &str) -> Option<SyntaxNode> {
    entry_value(&field(group, name)?)
}

/// The brackets listed in a field holding a list (`sides: [(…), (…)]`), each with its entry.
pub fn list_items(group: &SyntaxNode, name: &str) -> Vec<SyntaxNode> {
    field_value(group, name)
        .filter(|v| v.kind() == SyntaxKind::GROUP)
        .map(|list| {
            entries(&list)
                .filter_map(|e| entry_value(&e))
                .filter(|v| v.kind() == SyntaxKind::GROUP)
                .collect()
        })
        .unwrap_or_default()
}

/// The name before a value's bracket (`Deploy(…)`, `Some(…)`), if it has one.
pub fn name_text(node: &SyntaxNode) -> Option<String> {
    group_name(node).map(|n| n.text().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(text_with_cursor: &str) -> (Place, Vec<Step>) {
        let at = text_with_cursor.find('|').unwrap();
        let text = text_with_cursor.replacen('|', "", 1);
        let tree = Tree::new(&text);
        let p = tree.place(at).expect("a place");
        let steps = match &p {
            Place::Key { group, .. } | Place::Value { group, .. } => steps_into(group),
        };
        (p, steps)
    }

    #[test]
    fn the_cursor_is_at_a_key_or_a_value_with_its_path() {
        let (p, steps) = place("(sides: [(groups: [(id: \"a\", en|)])])");
        assert!(
            matches!(
                p,
                Place::Key {
                    index: 1,
                    has_colon: false,
                    ..
                }
            ),
            "{p:?}"
        );
        assert_eq!(
            steps,
            [
                Step::Key("sides".into()),
                Step::Item {
                    index: 0,
                    named: false
                },
                Step::Key("groups".into()),
                Step::Item {
                    index: 0,
                    named: false
                },
            ]
        );
        let (p, steps) = place("(entry: Deploy(zone: Sector(toward: |)))");
        assert!(
            matches!(&p, Place::Value { key, .. } if key == "toward"),
            "{p:?}"
        );
        assert_eq!(
            steps,
            [
                Step::Key("entry".into()),
                Step::Variant("Deploy".into()),
                Step::Key("zone".into()),
                Step::Variant("Sector".into()),
            ]
        );
        // JSON, a key being written in quotes.
        let (p, steps) = place("{\"sides\": [{\"na|\"}]}");
        assert!(matches!(p, Place::Key { index: 0, .. }), "{p:?}");
        assert_eq!(
            steps,
            [
                Step::Key("sides".into()),
                Step::Item {
                    index: 0,
                    named: false
                }
            ]
        );
        // After a closed bracket: back in the outer one.
        let (p, _) = place("(a: (b: 1), |)");
        assert!(matches!(p, Place::Key { index: 1, .. }), "{p:?}");
    }

    #[test]
    fn a_byte_order_mark_is_outside_the_tree_but_inside_offsets() {
        let text = "\u{feff}(id: \"x\")";
        let tree = Tree::new(text);
        let t = tree.word_token(text.find("\"x\"").unwrap()).unwrap();
        assert_eq!(t.text(), "\"x\"");
        let (s, e) = tree.span(t.text_range());
        assert_eq!(&text[s..e], "\"x\"");
    }
}
