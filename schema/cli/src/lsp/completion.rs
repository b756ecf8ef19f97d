//! Completion at the cursor: field names and enum variants from the JSON Schema at the
//! cursor's place (RON and JSON), the map's feature codes and road names, the ruleset's unit
//! types and markers as the keys of `units` and `markers`, and the document's side and group
//! ids where a field names one.

use lsp_types::{CompletionItem, CompletionItemKind as Kind, Documentation};
use saber_schema::model::map::Map;
use saber_schema::pipeline::parse::DocKind;
use saber_schema::pipeline::read::Syntax;
use saber_schema::ruleset::Ruleset;
use saber_schema::syntax::tree::{entries, entry_key, group_name, key_name};

use super::definition::{SIDE_FIELDS, ids};
use super::schema::{At, Step, Variant, VariantKind, of_kind};
use super::tree::{Place, Tree, name_text, steps_into};

/// What the completion of a document needs besides its text.
pub struct Context<'a> {
    /// The document's kind (its schema), if its `format` names one.
    pub kind: Option<DocKind>,
    /// RON or JSON.
    pub syntax: Syntax,
    /// The document's map (itself for a map), if resolved.
    pub map: Option<&'a Map>,
    /// The game's rules.
    pub rules: &'a Ruleset,
}

/// The completions at byte `offset` of `text` (whose tree is `tree`).
pub fn complete(text: &str, tree: &Tree, offset: usize, cx: &Context) -> Vec<CompletionItem> {
    let offset = super::position::floor_char_boundary(text, offset);
    let (word_start, _) =
        super::position::span_around(text, offset, |c| c.is_ascii_alphanumeric() || c == '_');
    let head = &text[..word_start];
    let quoted = head.ends_with('"');
    // Typed faster than a tree can make sense of: an unclosed `Feature("`.
    if head.ends_with("Feature(\"") {
        return cx.map.map(feature_items).unwrap_or_default();
    }
    let Some(place) = tree.place(word_start) else {
        return Vec::new();
    };
    let json = cx.syntax == Syntax::Json;
    let schema = cx.kind.map(|k| At::root(of_kind(k, cx.rules.game)));
    match place {
        Place::Key {
            group,
            index,
            has_colon,
            writing,
        } => {
            let steps = steps_into(&group);
            match steps.last() {
                Some(Step::Key(k)) if k == "units" => return unit_items(cx.rules, json, quoted),
                Some(Step::Key(k)) if k == "markers" => {
                    return marker_items(cx.rules, json, quoted);
                }
                _ => {}
            }
            match name_text(&group).as_deref() {
                Some("Feature") => return cx.map.map(feature_items).unwrap_or_default(),
                Some("Road" | "RoadEntry") => {
                    return cx.map.map(|m| road_items(m, quoted)).unwrap_or_default();
                }
                _ => {}
            }
            let Some(schema) = schema else {
                return Vec::new();
            };
            let at = schema.walk(&steps);
            if at.takes_keys() {
                // The keys already written, but not the one being written.
                let written: Vec<String> = entries(&group)
                    .enumerate()
                    .filter(|(i, _)| !(writing && *i == index))
                    .filter_map(|(_, e)| entry_key(&e).and_then(|k| key_name(&k)))
                    .collect();
                at.fields()
                    .into_iter()
                    .filter(|(name, _)| !written.iter().any(|w| w == name))
                    // A RON field name cannot start with `$` (`$schema` is JSON's).
                    .filter(|(name, _)| json || !name.starts_with('$'))
                    .map(|(name, doc)| field_item(name, doc, json, quoted, has_colon))
                    .collect()
            } else {
                let named = group_name(&group).is_some();
                let item = at.step(&Step::Item { index, named });
                variant_items(&item.variants(), json, quoted)
            }
        }
        Place::Value { group, key, .. } => {
            let steps = steps_into(&group);
            let mut items = Vec::new();
            if SIDE_FIELDS.contains(&key.as_str()) || key == "group" {
                let (sides, groups) = ids(tree);
                let mut names = if key == "group" { groups } else { sides };
                if key == "side" && matches!(steps.first(), Some(Step::Key(k)) if k == "victory") {
                    names.push("either".into());
                }
                items.extend(
                    names
                        .into_iter()
                        .map(|n| string_item(n, None, Kind::VALUE, quoted)),
                );
            } else if key == "road"
                && let Some(map) = cx.map
            {
                items.extend(road_items(map, quoted));
            }
            if let Some(schema) = schema {
                let at = schema.walk(&steps).step(&Step::Key(key));
                items.extend(variant_items(&at.variants(), json, quoted));
            }
            items
        }
    }
}

/// A field name, written as a key of the document's syntax.
fn field_item(
    name: &str,
    doc: Option<&str>,
    json: bool,
    quoted: bool,
    has_colon: bool,
) -> CompletionItem {
    let insert = match (json, quoted, has_colon) {
        (_, _, true) | (true, true, _) => name.to_string(),
        (true, false, false) => format!("\"{name}\": "),
        (false, _, false) => format!("{name}: "),
    };
    described(name.to_string(), Kind::FIELD, insert, doc)
}

/// The ways a value may be written, in the document's syntax.
fn variant_items(variants: &[Variant], json: bool, quoted: bool) -> Vec<CompletionItem> {
    variants
        .iter()
        .filter_map(|v| {
            let insert = match (v.kind, json) {
                (VariantKind::Unit, false) => v.name.clone(),
                (VariantKind::Unit, true) if quoted => v.name.clone(),
                (VariantKind::Unit, true) => format!("\"{}\"", v.name),
                (VariantKind::WithValue, false) => format!("{}(", v.name),
                (VariantKind::WithValue, true) if quoted => v.name.clone(),
                (VariantKind::WithValue, true) => format!("{{\"{}\": ", v.name),
                (VariantKind::Literal, _) => v.name.clone(),
                (VariantKind::None, false) => "None".into(),
                (VariantKind::None, true) => "null".into(),
                (VariantKind::Some, false) => "Some(".into(),
                (VariantKind::Some, true) => return None,
            };
            let label = match (v.kind, json) {
                (VariantKind::None, true) => "null".to_string(),
                _ => v.name.clone(),
            };
            let kind = match v.kind {
                VariantKind::Unit | VariantKind::WithValue => Kind::ENUM_MEMBER,
                _ => Kind::KEYWORD,
            };
            Some(described(label, kind, insert, v.description.as_deref()))
        })
        .collect()
}

/// A string value: in quotes unless the cursor is already inside them.
fn string_item(value: String, detail: Option<String>, kind: Kind, quoted: bool) -> CompletionItem {
    let insert = if quoted {
        value.clone()
    } else {
        serde_json::to_string(&value).unwrap_or_default()
    };
    item(value, kind, Some(insert), detail)
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
            item(f.code.clone(), Kind::CONSTANT, None, Some(detail))
        })
        .collect()
}

fn road_items(map: &Map, quoted: bool) -> Vec<CompletionItem> {
    map.roads
        .iter()
        .filter_map(|r| {
            let name = r.name.clone()?;
            let detail = format!("{:?} road, {} hexes, map {}", r.kind, r.hexes.len(), map.id);
            Some(string_item(name, Some(detail), Kind::CONSTANT, quoted))
        })
        .collect()
}

/// A key of `units` or `markers`: bare in RON, a string in JSON.
fn key_item(code: &str, detail: String, json: bool, quoted: bool) -> CompletionItem {
    let insert = if json && !quoted {
        format!("\"{code}\": ")
    } else if json {
        code.to_string()
    } else {
        format!("{code}: ")
    };
    item(
        code.to_string(),
        Kind::ENUM_MEMBER,
        Some(insert),
        Some(detail),
    )
}

fn unit_items(rules: &Ruleset, json: bool, quoted: bool) -> Vec<CompletionItem> {
    rules
        .units
        .iter()
        .map(|&k| {
            let detail = format!(
                "{} ({} stacking points)",
                k.name(),
                rules.stacking_points(k)
            );
            key_item(k.code(), detail, json, quoted)
        })
        .collect()
}

fn marker_items(rules: &Ruleset, json: bool, quoted: bool) -> Vec<CompletionItem> {
    rules
        .markers
        .iter()
        .map(|&k| {
            let detail = format!(
                "marker ({} stacking points, rule {})",
                rules.marker_stacking_points(k),
                k.rule()
            );
            key_item(k.code(), detail, json, quoted)
        })
        .collect()
}

/// A completion: its label, kind, what it inserts (else its label) and its detail.
fn item(
    label: String,
    kind: Kind,
    insert: Option<String>,
    detail: Option<String>,
) -> CompletionItem {
    let mut item = CompletionItem::default();
    (item.label, item.kind, item.detail, item.insert_text) = (label, Some(kind), detail, insert);
    item
}

/// A completion the schema describes: the description's first line its detail, the whole its
/// documentation.
fn described(label: String, kind: Kind, insert: String, d: Option<&str>) -> CompletionItem {
    let first_line = d.map(|d| d.lines().next().unwrap_or("").to_string());
    let mut item = item(label, kind, Some(insert), first_line);
    item.documentation = d.map(|d| Documentation::String(d.to_string()));
    item
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(text_with_cursor: &str, kind: Option<DocKind>) -> Vec<String> {
        let at = text_with_cursor.find('|').unwrap();
        let text = text_with_cursor.replacen('|', "", 1);
        let syntax = if text.trim_start().starts_with('{') {
            Syntax::Json
        } else {
            Syntax::Ron
        };
        let map = saber_schema::builtin::rifle_and_saber();
        let cx = Context {
            kind,
            syntax,
            map: Some(&map),
            rules: saber_schema::ruleset::for_game(None),
        };
        complete(&text, &Tree::new(&text), at, &cx)
            .into_iter()
            .map(|i| i.label)
            .collect()
    }

    const S: Option<DocKind> = Some(DocKind::Scenario);

    #[test]
    fn unit_types_and_markers_complete_as_keys_of_units_and_markers_only() {
        assert!(labels("(units: {EB: 10, C|", S).contains(&"CY".to_string()));
        assert!(labels("{\"units\": {\"EB\": 1, \"|", S).contains(&"MAh".to_string()));
        assert!(labels("(units: {\n  |", S).contains(&"MZ".to_string()));
        assert_eq!(labels("(markers: {|", S), ["Trench", "IP", "Limber"]);
        assert!(!labels("(units: {EB: |", S).contains(&"MZ".to_string()));
    }

    #[test]
    fn fields_and_variants_come_from_the_schema_at_the_cursor() {
        // A group's fields not yet written.
        assert_eq!(
            labels("(sides: [(groups: [(id: \"a\", |)])])", S),
            ["units", "markers", "entry"]
        );
        // The same in JSON, in quotes.
        assert_eq!(
            labels("{\"sides\": [{\"groups\": [{\"id\": \"a\", \"|\"}]}]}", S),
            ["units", "markers", "entry"]
        );
        // A variant's variants, and a compass point.
        assert_eq!(
            labels("(sides: [(groups: [(entry: |)])])", S),
            ["Deploy", "Arrive"]
        );
        let toward = labels(
            "(sides: [(groups: [(entry: Deploy(zone: Sector(toward: N|)))])])",
            S,
        );
        assert_eq!(toward, ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]);
        // Zones inside a list of a variant.
        let zones = labels("(victory: [(goal: Hold(target: Union([|", S);
        assert!(zones.contains(&"Feature".to_string()), "{zones:?}");
        assert!(zones.contains(&"Everywhere".to_string()), "{zones:?}");
        // `$schema` is offered in JSON only.
        let top = labels("(format: \"saber-scenario/1\", |)", S);
        assert!(top.contains(&"sides".to_string()) && !top.contains(&"format".to_string()));
        assert!(!top.contains(&"$schema".to_string()), "{top:?}");
        let top = labels("{\"format\": \"saber-scenario/1\", |}", S);
        assert!(top.contains(&"$schema".to_string()), "{top:?}");
        // Without a kind, no schema: nothing.
        assert!(labels("(sides: [(|", None).is_empty());
        // On a line of its own between two fields, neither is offered again.
        assert_eq!(
            labels(
                "(sides: [(groups: [(\n  id: \"a\",\n  |\n  units: {},\n)])])",
                S
            ),
            ["markers", "entry"]
        );
    }

    /// The completion of an M&S scenario with its game's rules.
    fn ms_labels(text_with_cursor: &str) -> Vec<String> {
        let at = text_with_cursor.find('|').unwrap();
        let text = text_with_cursor.replacen('|', "", 1);
        let cx = Context {
            kind: S,
            syntax: Syntax::Ron,
            map: None,
            rules: saber_schema::ruleset::for_game(Some(
                saber_schema::ruleset::Game::MusketAndSaberQuickPlay,
            )),
        };
        complete(&text, &Tree::new(&text), at, &cx)
            .into_iter()
            .map(|i| i.label)
            .collect()
    }

    #[test]
    fn an_m_and_s_scenario_completes_from_its_own_schema() {
        let top =
            ms_labels("(format: \"saber-scenario/1\", game: \"musket-and-saber-quick-play\", |)");
        for m in ["first_player", "setup", "reinforcements", "placements"] {
            assert!(top.contains(&m.to_string()), "{m} in {top:?}");
        }
        assert!(!top.contains(&"deploys_first".to_string()), "{top:?}");
        let side = ms_labels("(sides: [(id: \"fr\", |)])");
        assert!(side.contains(&"counters".to_string()), "{side:?}");
        assert!(!side.contains(&"groups".to_string()), "{side:?}");
        assert_eq!(
            ms_labels("(sides: [(counters: [(class: |)])])"),
            ["Brigade", "Battalion", "Cavalry", "Artillery", "Leader"]
        );
    }

    #[test]
    fn any_offset_after_non_ascii_text_is_answered() {
        let text = "\u{feff}(name: \"Königgrätz 𝄞\", sides: [(groups: [(entry: Deploy(|";
        let text = text.replace('|', "");
        let map = saber_schema::builtin::rifle_and_saber();
        let cx = Context {
            kind: S,
            syntax: Syntax::Ron,
            map: Some(&map),
            rules: saber_schema::ruleset::for_game(None),
        };
        let tree = Tree::new(&text);
        for at in 0..=text.len() {
            complete(&text, &tree, at, &cx);
        }
    }

    #[test]
    fn ids_roads_and_features_come_from_the_document_and_its_map() {
        let doc = "(sides: [(id: \"union\", groups: [(id: \"a\")]), (id: \"csa\", groups: [(id: \"b\")])], deploys_first: \"|\")";
        assert_eq!(labels(doc, S), ["union", "csa"]);
        let victory = "(sides: [(id: \"union\")], victory: [(side: |)])";
        assert_eq!(labels(victory, S), ["union", "either"]);
        let placement =
            "(sides: [(id: \"u\", groups: [(id: \"a\"), (id: \"b\")])], setup: [(group: \"|\")])";
        assert_eq!(labels(placement, S), ["a", "b"]);
        assert_eq!(
            labels("(z: Road(\"|\"))", S),
            ["South", "East", "Northwest"]
        );
        assert_eq!(
            labels("(z: RoadStretch(road: \"|\"))", S),
            ["South", "East", "Northwest"]
        );
        let map = saber_schema::builtin::rifle_and_saber();
        assert_eq!(labels("(z: Feature(\"|", S).len(), map.features.len());
        assert_eq!(labels("(z: Feature(\"V|\"))", S).len(), map.features.len());
    }
}
