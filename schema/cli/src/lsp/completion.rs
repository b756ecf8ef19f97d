//! Completion: the map's feature codes inside `Feature("…`, and the ruleset's unit types as
//! the keys of a group's `units`.

use lsp_types::{CompletionItem, CompletionItemKind};
use saber_schema::model::map::Map;
use saber_schema::ruleset::Ruleset;

/// How far back a unit-type context is looked for: a `units` map is a line or a few.
const LOOK_BACK: usize = 4096;

/// The completions at byte `offset` of `text`.
pub fn complete(
    text: &str,
    offset: usize,
    rules: &Ruleset,
    map: Option<&Map>,
) -> Vec<CompletionItem> {
    let before = &text[..offset];
    let word_start = before
        .rfind(|c: char| !c.is_ascii_alphanumeric())
        .map_or(0, |i| i + 1);
    let head = &before[..word_start];
    if head.ends_with("Feature(\"") {
        return map.map(feature_items).unwrap_or_default();
    }
    if in_units_key(head) {
        return unit_items(rules);
    }
    Vec::new()
}

fn feature_items(map: &Map) -> Vec<CompletionItem> {
    map.features
        .iter()
        .map(|f| {
            let terrain = f
                .hexes
                .first()
                .and_then(|&c| map.cell(c))
                .map(|c| c.terrain.name());
            let detail = [f.name.as_deref(), terrain]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(", ");
            CompletionItem {
                label: f.code.clone(),
                kind: Some(CompletionItemKind::CONSTANT),
                detail: Some(detail),
                ..CompletionItem::default()
            }
        })
        .collect()
}

fn unit_items(rules: &Ruleset) -> Vec<CompletionItem> {
    rules
        .units
        .iter()
        .map(|&k| CompletionItem {
            label: k.code().to_string(),
            kind: Some(CompletionItemKind::ENUM_MEMBER),
            detail: Some(format!(
                "{} ({} stacking points)",
                k.name(),
                rules.stacking_points(k)
            )),
            ..CompletionItem::default()
        })
        .collect()
}

/// Is the text before a word the place of a key in a `units` map (after `{` or `,` inside
/// `units: {` in RON, `"units": {` in JSON)?
fn in_units_key(head: &str) -> bool {
    let head = head.strip_suffix('"').unwrap_or(head).trim_end();
    if !(head.ends_with('{') || head.ends_with(',')) {
        return false;
    }
    let mut from = head.len().saturating_sub(LOOK_BACK);
    while !head.is_char_boundary(from) {
        from += 1;
    }
    let window = &head[from..];
    // The innermost unclosed brace before the word, and what names it.
    let mut depth = 0usize;
    for (i, c) in window.char_indices().rev() {
        match c {
            '}' | ')' | ']' => depth += 1,
            '{' | '(' | '[' if depth > 0 => depth -= 1,
            '{' => {
                let named = window[..i].trim_end();
                return named.ends_with("units:") || named.ends_with("\"units\":");
            }
            '(' | '[' => return false,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_types_complete_as_keys_of_units_only() {
        let labels = |t: &str| -> Vec<String> {
            complete(t, t.len(), saber_schema::ruleset::for_game(None), None)
                .into_iter()
                .map(|i| i.label)
                .collect()
        };
        assert!(labels("units: {EB: 10, C").contains(&"CY".to_string()));
        assert!(labels("\"units\": {\"EB\": 1, \"").contains(&"MAh".to_string()));
        assert!(labels("units: {\n  ").contains(&"MZ".to_string()));
        assert!(labels("units: {EB: 1").is_empty());
        assert!(labels("markers: {").is_empty());
        assert!(labels("units: {EB: 1}, entry: Deploy(").is_empty());
    }
}
