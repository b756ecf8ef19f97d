//! Hover: on a diagnostic code, the registry's explanation (`saberc explain`); on a feature
//! label, its name, terrain and hexes on the document's map; on a unit type, its chart name
//! and stacking points; on a marker, its rule and stacking points; on a field name or a
//! variant, the schema's description; on a hex (`(12, 7)` or `"1207"`), its terrain and features.

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};
use saber_schema::model::hex::Coord;
use saber_schema::model::map::Map;
use saber_schema::ruleset::{Game, Ruleset, UnitKind};

use saber_schema::pipeline::parse::DocKind;
use saber_schema::syntax::SyntaxKind;
use saber_schema::syntax::tree::{entry_key, key_name};

use super::diagnostics::code_named;
use super::schema::{At, Step, of_kind};
use super::tree::{Tree, entry_step, steps_into};

/// What to show for `word` (the word under the cursor), if anything.
pub fn hover_text(word: &str, rules: &Ruleset, map: Option<&Map>) -> Option<String> {
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
    if let Some(kind) = UnitKind::from_code(word).filter(|k| rules.units.contains(k)) {
        return Some(format!(
            "**{}** — {}\n\nstacking points: {}",
            kind.code(),
            kind.name(),
            rules.stacking_points(kind)
        ));
    }
    if let Some(&marker) = rules.markers.iter().find(|m| m.code() == word) {
        return Some(format!(
            "**{}** — marker (rule {})\n\nstacking points: {}",
            marker.code(),
            marker.rule(),
            rules.marker_stacking_points(marker)
        ));
    }
    None
}

/// What the schema says of the field name or variant at byte `offset`: its description.
pub fn schema_text(tree: &Tree, offset: usize, kind: DocKind, game: Game) -> Option<String> {
    let token = tree.word_token(offset)?;
    if !matches!(token.kind(), SyntaxKind::IDENT | SyntaxKind::STRING) {
        return None;
    }
    let name = super::tree::string_value(token.text()).unwrap_or_else(|| token.text().to_string());
    let node = token.parent()?;
    // A variant's name before its bracket (`Deploy(`) stands for the bracket.
    let value = match node.kind() {
        SyntaxKind::GROUP | SyntaxKind::SCALAR => node,
        _ => return None,
    };
    let entry = value.parent().filter(|p| p.kind() == SyntaxKind::ENTRY)?;
    let group = entry.parent().filter(|p| p.kind() == SyntaxKind::GROUP)?;
    let inside = At::root(of_kind(kind, game)).walk(&steps_into(&group));
    if entry_key(&entry).as_ref() == Some(&value) {
        let key = key_name(&value)?;
        let field = inside.step(&Step::Key(key.clone()));
        if field.is_nowhere() {
            return None;
        }
        let d = field.description()?;
        return Some(format!("**{key}** (field)\n\n{d}"));
    }
    let here = inside.step(&entry_step(&group, &entry));
    let v = here.variants().into_iter().find(|v| v.name == name)?;
    Some(format!("**{}** (variant)\n\n{}", v.name, v.description?))
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

/// The hex written at byte `offset` of `text`: a label in quotes (`"1207"`, `"110.05"`) or a
/// coordinate pair (`(12, 7)`), when it is on the map.
pub fn hex_at(text: &str, offset: usize, map: &Map) -> Option<Coord> {
    let is_part = |c: char| c.is_ascii_digit() || c == '.';
    let (start, end) = super::position::span_around(text, offset, is_part);
    if start == end {
        return None;
    }
    let (before, word, after) = (&text[..start], &text[start..end], &text[end..]);
    let coord = if before.ends_with('"') && after.starts_with('"') {
        map.grid.parse_label(word).ok()?
    } else {
        // `(col, row)`: the pair around the number, on one line.
        let open = before.rfind(|c: char| !(c.is_ascii_digit() || c == ',' || c == ' '))?;
        let close = end + after.find(|c: char| !(c.is_ascii_digit() || c == ',' || c == ' '))?;
        if !(text[open..].starts_with('(') && text[close..].starts_with(')')) {
            return None;
        }
        let (col, row) = text[open + 1..close].split_once(',')?;
        // As the map's files write a pair: its printed numbers.
        map.grid
            .numbering
            .to_grid(Coord(col.trim().parse().ok()?, row.trim().parse().ok()?))
    };
    map.grid.contains(coord).then_some(coord)
}

/// What to show for a hex: its label, terrain and the features on it.
pub fn hex_text(c: Coord, map: &Map) -> Option<String> {
    let cell = map.cell(c)?;
    // A map with its own chart: the kinds of the hex (never the all-clear cells under them),
    // each with its row of the chart as the map's key words it (costs by class, sight, defence).
    let (terrain, chart_rows) = match map.chart.as_deref() {
        Some(chart) => {
            let rows: Vec<_> = chart
                .kinds_at(&map.grid, c)
                .iter()
                .map(|k| &chart.rows[*k])
                .collect();
            let names: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
            let facts: Vec<String> = rows
                .iter()
                .map(|r| match r.key.split_first() {
                    Some((_, effects)) if !effects.is_empty() => {
                        format!("- {}: {}", r.id, effects.join(", "))
                    }
                    _ => format!("- {}", r.id),
                })
                .collect();
            (names.join(", "), facts)
        }
        None => (
            format!(
                "{}{}",
                cell.terrain.name(),
                if cell.slope { ", slope" } else { "" }
            ),
            Vec::new(),
        ),
    };
    // The pair as the map's files write it (a map numbered from 0100 writes its first hex
    // `(1, 0)`).
    let written = map.grid.numbering.to_printed(c);
    let mut out = format!(
        "**hex {}** ({}, {})\n\nterrain: {terrain}",
        map.grid.label(c),
        written.0,
        written.1,
    );
    if !chart_rows.is_empty() {
        out.push_str(&format!("\n\n{}", chart_rows.join("\n")));
    }
    let on: Vec<String> = map
        .features
        .iter()
        .filter(|f| f.hexes.contains(&c))
        .map(|f| match &f.name {
            Some(name) => format!("{} ({name})", f.code),
            None => f.code.clone(),
        })
        .collect();
    if !on.is_empty() {
        out.push_str(&format!("\n\nfeatures: {}", on.join(", ")));
    }
    out.push_str(&format!("\n\nmap: {}", map.id));
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_and_variants_are_described_by_the_schema() {
        let text = "(sides: [(groups: [(entry: Deploy(zone: Sector(toward: NE)))])])";
        let tree = Tree::new(text);
        let at = |w: &str| text.find(w).unwrap() + 1;
        let shown = |w| schema_text(&tree, at(w), DocKind::Scenario, Game::RifleAndSaber);
        assert_eq!(
            shown("toward").as_deref(),
            Some("**toward** (field)\n\nCentral bearing of the sector.")
        );
        assert_eq!(
            shown("Deploy").as_deref(),
            Some("**Deploy** (variant)\n\nDeployed before play in a zone.")
        );
        assert!(shown("NE").unwrap().starts_with("**NE** (variant)"));
        assert!(shown("groups").unwrap().starts_with("**groups** (field)"));
        assert_eq!(
            hover_text("Trench", saber_schema::ruleset::for_game(None), None).as_deref(),
            Some("**Trench** — marker (rule 10.3)\n\nstacking points: 0")
        );
    }

    #[test]
    fn an_m_and_s_scenario_is_described_by_its_own_schema() {
        let text = "(first_player: \"fr\", sides: [(counters: [(class: Cavalry)])])";
        let tree = Tree::new(text);
        let at = |w: &str| text.find(w).unwrap() + 1;
        let ms = Game::MusketAndSaberQuickPlay;
        let shown = |w| schema_text(&tree, at(w), DocKind::Scenario, ms);
        assert_eq!(
            shown("first_player").as_deref(),
            Some("**first_player** (field)\n\nId of the First Player (3.3).")
        );
        assert!(
            shown("counters")
                .unwrap()
                .starts_with("**counters** (field)")
        );
        // Rifle & Saber's scenario schema has neither.
        let rs = |w| schema_text(&tree, at(w), DocKind::Scenario, Game::RifleAndSaber);
        assert_eq!(rs("first_player"), None);
        assert_eq!(rs("counters"), None);
    }

    #[test]
    fn a_hex_of_an_m_and_s_map_shows_the_kinds_of_its_chart() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/examples/musket-and-saber/maps/millbrook-invented.ron");
        let src = saber_schema::pipeline::read::Source::read(&path).unwrap();
        let map = saber_schema::pipeline::load_map(&src).0.unwrap().map;
        let woods = hex_text(Coord(5, 4), &map).unwrap();
        assert!(woods.contains("terrain: woods\n"), "{woods}");
        let wooded_hill = hex_text(Coord(7, 6), &map).unwrap();
        assert!(
            wooded_hill.contains("terrain: woods, hill\n"),
            "{wooded_hill}"
        );
        // Each kind with its chart row: the hover says what the hex costs and does (M&S 4.3,
        // 8.2), as the map's key does.
        assert!(
            woods.contains("\n- woods: MP inf ") && woods.contains("blocks sight"),
            "{woods}"
        );
    }

    /// On a map numbered from 0100, a pair is read and shown as its files write it: its
    /// printed numbers (`(7, 5)` is hex `0705`), never the grid's (7, 6).
    #[test]
    fn a_pair_on_a_map_numbered_from_0100_is_its_printed_numbers() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/examples/musket-and-saber/maps/millbrook-invented.ron");
        let mut src = saber_schema::pipeline::read::Source::read(&path).unwrap();
        src.text = src.text.replace(
            "numbering: ColumnRowFrom0101",
            "numbering: ColumnRow(first_column: 1, first_row: 0)",
        );
        let map = saber_schema::pipeline::load_map(&src).0.unwrap().map;
        let text = "at: \"0705\", or: (7, 5)";
        let label = hex_at(text, text.find("0705").unwrap() + 1, &map);
        let pair = hex_at(text, text.find("(7").unwrap() + 1, &map);
        assert_eq!(label, Some(Coord(7, 6)));
        assert_eq!(pair, label);
        let shown = hex_text(Coord(7, 6), &map).unwrap();
        assert!(shown.starts_with("**hex 0705** (7, 5)\n"), "{shown}");
    }

    #[test]
    fn a_hex_is_found_as_a_label_or_a_pair_and_described_from_the_map() {
        let map = saber_schema::builtin::rifle_and_saber();
        let v4 = map.feature("V4").unwrap();
        let c = v4.hexes[0];
        let label = map.grid.label(c);
        let text = format!(
            "at: \"{label}\", or: ({}, {}), far: (999, 999), n: 12",
            c.0, c.1
        );
        let label_at = text.find(&label).unwrap() + 1;
        assert_eq!(hex_at(&text, label_at, &map), Some(c));
        let pair_at = text.find(&format!("({}", c.0)).unwrap() + 1;
        assert_eq!(hex_at(&text, pair_at, &map), Some(c));
        assert_eq!(hex_at(&text, text.find("999").unwrap(), &map), None);
        assert_eq!(hex_at(&text, text.len() - 1, &map), None);
        let accented = format!("é{label}ö: \"𝄞{label}\"");
        for at in 0..=accented.len() {
            hex_at(&accented, at, &map);
        }
        let shown = hex_text(c, &map).unwrap();
        assert!(shown.starts_with(&format!("**hex {label}**")), "{shown}");
        assert!(
            shown.contains(map.cell(c).unwrap().terrain.name()),
            "{shown}"
        );
        assert!(shown.contains("features: V4"), "{shown}");
    }
}
