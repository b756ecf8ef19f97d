//! Hover: on a diagnostic code, the registry's explanation (`saberc explain`); on a feature
//! label, its name, terrain and hexes on the document's map; on a unit type, its chart name
//! and stacking points.

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};
use saber_schema::model::map::Map;
use saber_schema::ruleset::{Ruleset, UnitKind};

use super::diagnostics::code_named;

/// What to show for `word` (the word under the cursor), if anything.
pub fn hover_text(word: &str, map: Option<&Map>) -> Option<String> {
    if let Some(code) = code_named(word) {
        return Some(format!(
            "```text\n{}```",
            crate::explain::explanation(code.info())
        ));
    }
    if let Some(map) = map
        && let Some(f) = map.feature(word)
    {
        let hexes: Vec<String> = f.hexes.iter().map(|&c| map.grid.label(c)).collect();
        let mut terrains: Vec<&str> = Vec::new();
        for &c in &f.hexes {
            if let Some(cell) = map.cell(c) {
                let t = cell.terrain.name();
                if !terrains.contains(&t) {
                    terrains.push(t);
                }
            }
        }
        let mut out = format!("**{}**", f.code);
        if let Some(name) = &f.name {
            out.push_str(&format!(" — {name}"));
        }
        out.push_str(&format!(
            "\n\nterrain: {}\n\nhexes: {}\n\nmap: {}",
            terrains.join(", "),
            hexes.join(", "),
            map.id
        ));
        return Some(out);
    }
    if let Some(kind) = UnitKind::from_code(word) {
        return Some(format!(
            "**{}** — {}\n\nstacking points: {}",
            kind.code(),
            kind.name(),
            Ruleset::rifle_and_saber().stacking_points(kind)
        ));
    }
    None
}

/// The hover of a text, as markdown.
pub fn hover(text: String) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: None,
    }
}
