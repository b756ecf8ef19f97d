//! Related locations of a finding: the other place it speaks of. A key given twice (SYN001),
//! an id used twice (REF005) and a feature defined twice (MAP006) are found at the second
//! place; the first is found here, in the same syntax tree, by the same key or id.

use saber_schema::diagnostic::Code;
use saber_schema::syntax::tree::{entries, entry_key, entry_value, key_name};
use saber_schema::syntax::{SyntaxKind, SyntaxNode};

use super::tree::{Tree, field_text, field_value, scalar_text};

/// Does a finding of this code speak of a second place (in the document or its map)?
pub fn speaks_of_two(code: Code) -> bool {
    matches!(
        code,
        Code::Syntax
            | Code::DuplicateId
            | Code::DuplicateFeature
            | Code::UnknownFeature
            | Code::UnknownRoad
    )
}

/// The first of two places a finding at byte `offset` says are the same, with what to call
/// it, for the codes that speak of two places.
pub fn first_twin(
    tree: &Tree,
    code: Code,
    message: &str,
    offset: usize,
) -> Option<((usize, usize), &'static str)> {
    let what = match code {
        // Of the syntax errors, only a key given twice speaks of two places.
        Code::Syntax if message.contains("given twice") => "first given here",
        Code::DuplicateId => "the same id, first here",
        Code::DuplicateFeature => "first defined here",
        _ => return None,
    };
    let token = tree.token_at(offset)?;
    let node = token.parent()?;
    let found = match node.kind() {
        SyntaxKind::SCALAR => {
            let entry = node.parent().filter(|p| p.kind() == SyntaxKind::ENTRY)?;
            let group = entry.parent().filter(|p| p.kind() == SyntaxKind::GROUP)?;
            let key = entry_key(&entry).and_then(|k| key_name(&k))?;
            if entry_key(&entry).as_ref() == Some(&node) {
                // A key given twice: the first entry of the bracket with that key.
                entries(&group)
                    .take_while(|e| *e != entry)
                    .filter_map(|e| entry_key(&e))
                    .find(|k| key_name(k).as_deref() == Some(key.as_str()))
            } else {
                // An id: the bracket of an earlier item of the list with the same id.
                let value = scalar_text(&node)?;
                earlier_with(&group, &key, &value)
            }
        }
        SyntaxKind::GROUP => ["code", "id"]
            .into_iter()
            .find_map(|k| Some((k, field_text(&node, k)?)))
            .and_then(|(k, v)| earlier_with(&node, k, &v)),
        _ => None,
    }?;
    Some((tree.span(found.text_range()), what))
}

/// In the list holding the bracket `item`, the value of field `key` of an earlier item whose
/// `key` is `value`.
fn earlier_with(item: &SyntaxNode, key: &str, value: &str) -> Option<SyntaxNode> {
    let entry = item.parent().filter(|p| p.kind() == SyntaxKind::ENTRY)?;
    let list = entry.parent().filter(|p| p.kind() == SyntaxKind::GROUP)?;
    entries(&list)
        .take_while(|e| *e != entry)
        .filter_map(|e| entry_value(&e))
        .filter(|v| v.kind() == SyntaxKind::GROUP)
        .find(|v| field_text(v, key).as_deref() == Some(value))
        .and_then(|v| field_value(&v, key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_of_two_is_found() {
        let text = "(units: {MZ: 1, EB: 2, MZ: 3}, sides: [(id: \"a\"), (id: \"b\"), (id: \"a\")], features: [(code: \"V1\"), (code: \"V1\")])";
        let tree = Tree::new(text);
        let twin = |code, at: usize| {
            first_twin(&tree, code, "`MZ` is given twice", at).map(|((s, e), _)| &text[s..e])
        };
        let second_mz = text.rfind("MZ").unwrap();
        assert_eq!(twin(Code::Syntax, second_mz), Some("MZ"));
        let first_mz = text.find("MZ").unwrap();
        assert_eq!(twin(Code::Syntax, first_mz), None);
        // Another syntax error at the same place speaks of one place.
        assert_eq!(
            first_twin(&tree, Code::Syntax, "expected `,`", second_mz),
            None
        );
        let second_a = text.rfind("\"a\"").unwrap();
        let ((s, _), _) = first_twin(&tree, Code::DuplicateId, "", second_a).unwrap();
        assert_eq!(s, text.find("\"a\"").unwrap());
        let second_v1 = text.rfind("(code").unwrap();
        let ((s, _), _) = first_twin(&tree, Code::DuplicateFeature, "", second_v1).unwrap();
        assert_eq!(s, text.find("\"V1\"").unwrap());
        // Other codes speak of one place.
        assert_eq!(first_twin(&tree, Code::UnknownFeature, "", second_a), None);
    }
}
