//! Document symbols, the outline of a document: a scenario's (or battle's) sides with their
//! groups, its victory conditions and special rules; a map's features and roads. Read from the
//! syntax tree, so that a document mid-edit still has its outline.

use lsp_types::{DocumentSymbol, SymbolKind};
use saber_schema::syntax::SyntaxNode;
use saber_schema::syntax::tree::{entries, entry_value};

use super::position::{Encoding, LineIndex};
use super::tree::{Tree, field_text, field_value, list_items, name_text};

/// The outline of a document.
pub fn symbols(text: &str, encoding: Encoding) -> Vec<DocumentSymbol> {
    let tree = Tree::new(text);
    let lines = LineIndex::new(text, encoding);
    let Some(value) = tree.value() else {
        return Vec::new();
    };
    // A symbol of `node`, selected at its field `field`'s value (the whole node without one).
    let sym = |node: &SyntaxNode,
               field: &str,
               name: String,
               detail: Option<String>,
               kind: SymbolKind,
               children: Vec<DocumentSymbol>| {
        let (s, e) = tree.span(node.text_range());
        let (ns, ne) = field_value(node, field).map_or((s, e), |n| tree.span(n.text_range()));
        #[allow(deprecated)] // `deprecated` is a field the type still has
        let symbol = DocumentSymbol {
            name: if name.trim().is_empty() {
                "?".into()
            } else {
                name
            },
            detail,
            kind,
            tags: None,
            deprecated: None,
            range: lines.range(s, e - s),
            selection_range: lines.range(ns, ne - ns),
            children: (!children.is_empty()).then_some(children),
        };
        symbol
    };
    let mut out = Vec::new();
    for side in list_items(&value, "sides") {
        let groups: Vec<DocumentSymbol> = list_items(&side, "groups")
            .iter()
            .map(|g| {
                let id = field_text(g, "id").unwrap_or_default();
                let entry = field_value(g, "entry").and_then(|e| name_text(&e));
                sym(
                    g,
                    "id",
                    format!("({id})"),
                    entry,
                    SymbolKind::STRUCT,
                    Vec::new(),
                )
            })
            .collect();
        let (id, name) = (
            field_text(&side, "id").unwrap_or_default(),
            field_text(&side, "name"),
        );
        out.push(sym(&side, "id", id, name, SymbolKind::CLASS, groups));
    }
    for (i, v) in list_items(&value, "victory").iter().enumerate() {
        let side = field_text(v, "side").unwrap_or_default();
        let goal = field_value(v, "goal").and_then(|g| name_text(&g).or_else(|| text_of(&g)));
        let name = match goal {
            Some(goal) => format!("victory {}: {side} {goal}", i + 1),
            None => format!("victory {}: {side}", i + 1),
        };
        let printed = field_text(v, "printed");
        out.push(sym(v, "goal", name, printed, SymbolKind::EVENT, Vec::new()));
    }
    for (i, r) in list_items(&value, "special_rules").iter().enumerate() {
        let effect = field_value(r, "effect").and_then(|e| name_text(&e).or_else(|| text_of(&e)));
        let name = format!("special rule {}: {}", i + 1, effect.unwrap_or_default());
        let printed = field_text(r, "printed");
        out.push(sym(
            r,
            "effect",
            name,
            printed,
            SymbolKind::PROPERTY,
            Vec::new(),
        ));
    }
    for f in list_items(&value, "features") {
        let (code, name) = (
            field_text(&f, "code").unwrap_or_default(),
            field_text(&f, "name"),
        );
        out.push(sym(
            &f,
            "code",
            code,
            name,
            SymbolKind::CONSTANT,
            Vec::new(),
        ));
    }
    for (i, r) in list_items(&value, "roads").iter().enumerate() {
        let name = field_text(r, "name")
            .map(|n| format!("{n} Road"))
            .unwrap_or_else(|| format!("road {}", i + 1));
        let kind = field_text(r, "kind");
        out.push(sym(r, "name", name, kind, SymbolKind::FIELD, Vec::new()));
    }
    out
}

/// A value's text when it is one word (a unit variant such as `AnyRoad`).
fn text_of(node: &SyntaxNode) -> Option<String> {
    if entries(node).next().is_some() {
        return None;
    }
    entry_value(node)
        .and_then(|v| super::tree::scalar_text(&v))
        .or_else(|| super::tree::scalar_text(node))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(s: &[DocumentSymbol]) -> Vec<String> {
        s.iter().map(|s| s.name.clone()).collect()
    }

    #[test]
    fn a_scenario_lists_sides_groups_victory_and_special_rules() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../scenarios/07-gettysburg-little-round-top.ron"
        ))
        .unwrap();
        let s = symbols(&text, Encoding::Utf16);
        assert_eq!(
            names(&s),
            [
                "union",
                "confederates",
                "victory 1: either Hold",
                "special rule 1: TreatAsClear"
            ]
        );
        assert_eq!(s[0].detail.as_deref(), Some("Union"));
        let groups = s[0].children.as_ref().unwrap();
        assert_eq!(names(groups), ["(a)"]);
        assert_eq!(groups[0].detail.as_deref(), Some("Deploy"));
        // The side's selection is its id, inside its range.
        let at = text.find("id: \"union\"").unwrap() + 4;
        assert_eq!(
            s[0].selection_range.start,
            LineIndex::new(&text, Encoding::Utf16).position(at)
        );
    }

    #[test]
    fn a_map_lists_its_features_and_roads() {
        let text = saber_schema::builtin::map_text("rifle-and-saber").unwrap();
        let s = symbols(text, Encoding::Utf16);
        let map = saber_schema::builtin::rifle_and_saber();
        let features: Vec<String> = map.features.iter().map(|f| f.code.clone()).collect();
        let listed = names(&s);
        assert_eq!(listed[..features.len()], features[..]);
        assert_eq!(listed[features.len()], "South Road");
        assert_eq!(listed.len(), features.len() + map.roads.len());
    }
}
