//! Go to definition: what a name at the cursor refers to, and where that is written. A
//! feature code (`Feature("V4")`) and a road name (`Road("East")`, `RoadStretch(road: …)`)
//! are defined in the map file, the `map` field is the map file itself, a side or group id is
//! defined in the document's `sides`.

use saber_schema::model::map::normalize_road_name;
use saber_schema::syntax::SyntaxKind;
use saber_schema::syntax::tree::{entry_key, entry_value, key_name};

use super::tree::{
    Tree, field_text, field_value, list_items, name_text, scalar_text, text_through_some,
};

/// Fields whose value is a side's id.
pub const SIDE_FIELDS: [&str; 4] = ["side", "deploys_first", "moves_first", "winner"];

/// What a name at the cursor refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A feature of the map, by code.
    Feature(String),
    /// A road of the map, by name.
    Road(String),
    /// The map itself (the `map` field).
    Map,
    /// A side of the document, by id.
    Side(String),
    /// A group of a side (`side` id, group id).
    Group(Option<String>, String),
}

/// The target of the name at byte `offset`, if it names anything.
pub fn target_at(tree: &Tree, offset: usize) -> Option<Target> {
    let token = tree.word_token(offset)?;
    let scalar = token.parent().filter(|p| p.kind() == SyntaxKind::SCALAR)?;
    let text = scalar_text(&scalar)?;
    // The scalar may sit inside `Some(…)`: the field is the one around that.
    let mut value = scalar.clone();
    let mut entry = value.parent().filter(|p| p.kind() == SyntaxKind::ENTRY)?;
    let mut group = entry.parent().filter(|p| p.kind() == SyntaxKind::GROUP)?;
    if entry_key(&entry).as_ref() == Some(&scalar) {
        return None;
    }
    match name_text(&group).as_deref() {
        Some("Feature") => return Some(Target::Feature(text)),
        Some("Road" | "RoadEntry") => return Some(Target::Road(text)),
        Some("Some") => {
            value = group.clone();
            entry = value.parent().filter(|p| p.kind() == SyntaxKind::ENTRY)?;
            group = entry.parent().filter(|p| p.kind() == SyntaxKind::GROUP)?;
        }
        _ => {}
    }
    if entry_value(&entry).as_ref() != Some(&value) {
        return None;
    }
    let key = entry_key(&entry).and_then(|k| key_name(&k))?;
    match key.as_str() {
        "road" => Some(Target::Road(text)),
        "map" if group.parent().is_some_and(|p| p.kind() == SyntaxKind::ROOT) => Some(Target::Map),
        k if SIDE_FIELDS.contains(&k) => Some(Target::Side(text)),
        "group" => Some(Target::Group(field_text(&group, "side"), text)),
        _ => None,
    }
}

/// Where a feature or road is written in a map's tree: the document range of its entry's
/// code or name.
pub fn in_map(map: &Tree, target: &Target) -> Option<(usize, usize)> {
    let value = map.value()?;
    let found = match target {
        Target::Feature(code) => list_items(&value, "features")
            .into_iter()
            .find_map(|f| named_value(&f, "code", |c| c == code)),
        Target::Road(name) => {
            let want = normalize_road_name(name);
            list_items(&value, "roads")
                .into_iter()
                .find_map(|r| named_value(&r, "name", |n| normalize_road_name(n) == want))
        }
        Target::Map => Some(value),
        _ => None,
    }?;
    Some(map.span(found.text_range()))
}

/// Where a side or group is defined in the document itself: the range of its `id` value.
pub fn in_document(doc: &Tree, target: &Target) -> Option<(usize, usize)> {
    let value = doc.value()?;
    let sides = list_items(&value, "sides");
    let found = match target {
        Target::Side(id) => sides
            .iter()
            .find_map(|s| named_value(s, "id", |v| v == id))?,
        Target::Group(side, id) => sides
            .iter()
            .filter(|s| side.is_none() || field_text(s, "id") == *side)
            .flat_map(|s| list_items(s, "groups"))
            .find_map(|g| named_value(&g, "id", |v| v == id))?,
        _ => return None,
    };
    Some(doc.span(found.text_range()))
}

/// The value node of `group`'s field `name` when its text passes `test`.
fn named_value(
    group: &saber_schema::syntax::SyntaxNode,
    name: &str,
    test: impl Fn(&str) -> bool,
) -> Option<saber_schema::syntax::SyntaxNode> {
    let v = field_value(group, name)?;
    let text = text_through_some(&v)?;
    test(&text).then_some(v)
}

/// The ids of the document's sides and groups (for completion), in order.
pub fn ids(doc: &Tree) -> (Vec<String>, Vec<String>) {
    let Some(value) = doc.value() else {
        return (Vec::new(), Vec::new());
    };
    let mut sides = Vec::new();
    let mut groups = Vec::new();
    for s in list_items(&value, "sides") {
        if let Some(id) = field_text(&s, "id") {
            sides.push(id);
        }
        for g in list_items(&s, "groups") {
            if let Some(id) = field_text(&g, "id")
                && !groups.contains(&id)
            {
                groups.push(id);
            }
        }
    }
    (sides, groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(text_with_cursor: &str) -> Option<Target> {
        let at = text_with_cursor.find('|').unwrap();
        let text = text_with_cursor.replacen('|', "", 1);
        target_at(&Tree::new(&text), at)
    }

    #[test]
    fn names_at_the_cursor_and_what_they_name() {
        assert_eq!(
            target("(of: Feature(\"V|4\"))"),
            Some(Target::Feature("V4".into()))
        );
        assert_eq!(
            target("(at: RoadEntry(\"So|uth\"))"),
            Some(Target::Road("South".into()))
        );
        assert_eq!(
            target("(z: RoadStretch(road: \"E|ast\", from: Edge(East)))"),
            Some(Target::Road("East".into()))
        );
        assert_eq!(
            target("(deploys_first: \"un|ion\")"),
            Some(Target::Side("union".into()))
        );
        assert_eq!(
            target("(setup: [(side: \"b\", group: \"a|\")])"),
            Some(Target::Group(Some("b".into()), "a".into()))
        );
        assert_eq!(target("(map: \"rifle|-and-saber\")"), Some(Target::Map));
        // A key, or a field that names nothing: no target.
        assert_eq!(target("(si|de: \"union\")"), None);
        assert_eq!(target("(name: \"un|ion\")"), None);
    }

    #[test]
    fn definitions_are_found_in_the_map_and_the_document() {
        let map = "(roads: [(name: Some(\"East Road\"), hexes: []), (hexes: [])], features: [(code: \"V4\"), (code: \"H26\", name: Some(\"Little Round Top\"))])";
        let tree = Tree::new(map);
        let (s, e) = in_map(&tree, &Target::Feature("H26".into())).unwrap();
        assert_eq!(&map[s..e], "\"H26\"");
        let (s, e) = in_map(&tree, &Target::Road("East".into())).unwrap();
        assert_eq!(&map[s..e], "Some(\"East Road\")");
        assert_eq!(in_map(&tree, &Target::Feature("V5".into())), None);
        let doc = "(sides: [(id: \"a\", groups: [(id: \"a\")]), (id: \"b\", groups: [(id: \"a\"), (id: \"c\")])])";
        let tree = Tree::new(doc);
        let (s, _) = in_document(&tree, &Target::Side("b".into())).unwrap();
        assert_eq!(s, doc.find("\"b\"").unwrap());
        let (s, _) = in_document(&tree, &Target::Group(Some("b".into()), "a".into())).unwrap();
        assert_eq!(s, doc.rfind("(id: \"a\")").unwrap() + 5);
        assert_eq!(
            ids(&tree),
            (vec!["a".into(), "b".into()], vec!["a".into(), "c".into()])
        );
    }
}
