//! Commented skeletons of a new scenario and a new map (`saberc new`), and of a scenario
//! factored from a battle (`saberc factor`, 11.18). A skeleton is a file
//! that reads and checks clean except for the values the designer must fill in, and each of
//! those is left empty so that `saberc check` names it with a diagnostic (a group without
//! units, a zone without hexes, a victory target without hexes). Names get a first value from
//! the file name and the side colours (an empty name would stop the check at the schema stage,
//! before the other gaps are named).

use crate::factor::{FactorError, Factoring, TO_BE_SET, capitalised, skeleton, strengths_text};
use crate::model::battle::Battle;
use crate::model::limits;
use crate::model::map::{MAP_FORMAT, Map};
use crate::model::scenario::SCENARIO_FORMAT;

use super::format::format_text;
use crate::pipeline::read::Syntax;

/// Why a skeleton cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SkeletonError {
    /// The map size is outside 1 … the map size limit.
    #[error("a map is 1 to {max} hexes wide and high; {width} × {height} is not", max = limits::MAX_MAP_SIDE)]
    MapSize {
        /// Columns asked for.
        width: u32,
        /// Rows asked for.
        height: u32,
    },
    /// A game's map size is outside 1 … the largest side its numbers allow.
    #[error("a {game} map is 1 to {max} hexes wide and high ({why}); {width} × {height} is not")]
    GameMapSize {
        /// The game's name.
        game: &'static str,
        /// Its largest side.
        max: u32,
        /// Why, with the rule's section.
        why: &'static str,
        /// Columns asked for.
        width: u32,
        /// Rows asked for.
        height: u32,
    },
}

/// An id for a new file: from its file name if one is given (`my-battle.ron` → `my-battle`),
/// else `fallback`; lower case letters, digits, `-` and `_` only.
pub fn id_from_name(name: Option<&str>, fallback: &str) -> String {
    let raw = name.unwrap_or(fallback).to_lowercase();
    let mut id: String = raw
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect();
    id = id.trim_matches(|c| c == '-' || c == '_').to_string();
    id.truncate(64);
    if id.is_empty() || !id.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        fallback.to_string()
    } else {
        id
    }
}

/// A new scenario on `map`, named in the file by `map_ref` (its id, or a path).
pub fn scenario_skeleton(map: &Map, map_ref: &str, id: &str) -> String {
    let name = title(id);
    let features: Vec<&str> = map.features.iter().map(|f| f.code.as_str()).collect();
    let roads: Vec<&str> = map.roads.iter().filter_map(|r| r.name.as_deref()).collect();
    let mut header = format!(
        "// A new Rifle & Saber scenario on the map `{map_ref}` ({} × {} hexes), made by\n\
         // `saberc new scenario`. Fill in every empty value: `saberc check FILE` names each one\n\
         // that is left. The zone language, victory goals and special rules are described in the\n\
         // book's File formats pages (docs/formats/scenarios.md).\n",
        map.grid.width, map.grid.height
    );
    for (what, list) in [("Features", &features), ("Named roads", &roads)] {
        if list.is_empty() {
            continue;
        }
        let mut line = format!("// {what} on this map:");
        for code in list.iter() {
            if line.len() + code.len() + 1 > 98 {
                header.push_str(&line);
                header.push('\n');
                line = "//".to_string();
            }
            line.push(' ');
            line.push_str(code);
        }
        header.push_str(&line);
        header.push_str(".\n");
    }
    let side = |sid: &str, color: &str, entry: &str| {
        format!(
            "(
            id: \"{sid}\",
            // The side's name as printed (`British`).
            name: \"{color}\",
            color: {color},
            // High, Normal or Demoralized (10.1).
            morale: Normal,
            groups: [
                (
                    id: \"a\",
                    // Units by type (MZ EB LB CY MR MG MA MAh BA BAh): {{MZ: 12, CY: 2, MA: 1}}.
                    units: {{}},
                    // Trench, IP and Limber markers, if the scenario gives any: {{Trench: 2}}.
                    markers: {{}},
                    {entry}
                ),
            ],
        )"
        )
    };
    let red = side(
        "red",
        "Red",
        "// Where the group sets up, e.g. Deploy(zone: Within(distance: 1, of: Feature(\"V4\"))).\n\
         entry: Deploy(zone: Hexes([])),",
    );
    let blue = side(
        "blue",
        "Blue",
        "// Or when and where it arrives, e.g. Arrive(turn: 3, at: Edge(East)).\n\
         entry: Deploy(zone: Hexes([])),",
    );
    let text = format!(
        "{header}(
    format: \"{SCENARIO_FORMAT}\",
    id: \"{id}\",
    // The rule number of a historical scenario (Some(\"11.1\")); None for a new one (11.18).
    rule: None,
    // The battle's name as printed, and its date (`7 July 1857`).
    name: \"{name}\",
    date: \"\",
    // The part of the battle it recreates, if not the whole: Some(\"The Stone Wall\").
    portion: None,
    map: \"{map_ref}\",
    sides: [{red}, {blue}],
    // Side ids: who sets up first, and whose Player-Turn comes first (3.0).
    deploys_first: \"red\",
    moves_first: \"blue\",
    // Game-Turns, at most the 20 spaces of the Turn Record Track (15.0).
    game_length: 10,
    victory: [
        (
            side: \"red\",
            // Hold(target: Feature(\"V4\"), hexes: Any, when: EndOfGame), DestroyAll,
            // Exit(count: AtLeast(10), counters: [Unit(MZ)], via: Edge(West), by_turn: 10), …
            goal: Hold(target: Hexes([]), hexes: Any, when: EndOfGame),
            // Wins, or Graded([…]) with the levels by turn.
            outcome: Wins,
            // The victory condition as printed.
            printed: \"\",
        ),
    ],
    // Structured special rules, e.g. (printed: \"Treat all woods hexes as clear\",
    // effect: TreatAsClear(Terrain(Woods))).
    special_rules: [],
    // A short historical note, in your own words.
    notes: \"\",
    // How you read each ambiguous passage: (rule: \"11.18\", text: \"…\", reading: \"…\").
    interpretations: [],
)
"
    );
    format_text(&text, Syntax::Ron).expect("the scenario skeleton is valid RON")
}

/// A name from an id: `my-battle` → `My Battle`.
pub(crate) fn title(id: &str) -> String {
    let words: Vec<String> = id.split(['-', '_']).map(capitalised).collect();
    words
        .into_iter()
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A new map of `width` × `height` clear hexes.
pub fn map_skeleton(width: u32, height: u32, id: &str) -> Result<String, SkeletonError> {
    if width == 0 || height == 0 || width > limits::MAX_MAP_SIDE || height > limits::MAX_MAP_SIDE {
        return Err(SkeletonError::MapSize { width, height });
    }
    let name = title(id);
    let row = format!("\"{}\",\n", ".".repeat(width as usize));
    let rows = row.repeat(height as usize);
    let text = format!(
        "// A new Rifle & Saber map, {width} × {height} hexes, made by `saberc new map`. Rename it,
// paint its terrain (or open it in the editor: `saber-editor FILE`), and add ridges, roads and
// numbered features; `saberc check FILE` says what is left.
//
// Terrain, one character per hex:
//   .  clear      ^  clear slope (hill)
//   v  village    V  village on a slope
//   w  woods      W  woods on a slope
//   f  big forest F  forest on a slope
//   ~  river      =  ford      #  bridge
(
    format: \"{MAP_FORMAT}\",
    id: \"{id}\",
    // The map's name.
    name: \"{name}\",
    notes: \"\",
    width: {width},
    height: {height},
    // Flat (flat-topped hexes in columns) or Pointy; which columns (or rows) are shoved half
    // a hex: EvenShoved or OddShoved.
    orientation: Flat,
    parity: EvenShoved,
    // One string per row, north to south; one character per column, west to east.
    terrain: [
{rows}    ],
    // Ridge hexsides: ((col, row), NE).
    ridges: [],
    // Roads: (name: Some(\"South\"), kind: Main, hexes: [(24, 17), (24, 18)]); minor roads
    // have kind: Minor and no name.
    roads: [],
    // Numbered features (11.0): (code: \"V4\", hexes: [(24, 17)], label: Some((24, 17))).
    features: [],
    labels: [],
)
"
    );
    Ok(format_text(&text, Syntax::Ron).expect("the map skeleton is valid RON"))
}

/// The skeleton of a factored battle (11.18, [`crate::factor::skeleton`]) in RON, with a
/// comment header saying where it came from, what the designer
/// must set, and the factoring warnings.
pub fn skeleton_ron(battle: &Battle, f: &Factoring) -> Result<String, FactorError> {
    let scenario = skeleton(battle, f);
    // Unescaped strings keep notes readable: real line breaks, no `\'`.
    let config = ron::ser::PrettyConfig::default().escape_strings(false);
    let body = ron::ser::to_string_pretty(&scenario, config)
        .map_err(|e| FactorError::Write(e.to_string()))?;
    // Names and warnings come from the battle file: each comment line is made one printable
    // line, so that a name holding a line break cannot end the comment and inject RON.
    let mut out = String::new();
    let mut comment = |line: String| {
        out.push_str("// ");
        out.push_str(&comment_text(&line));
        out.push('\n');
    };
    comment(format!(
        "Scenario skeleton factored from {} by `saberc factor` (rule 11.18).",
        f.name
    ));
    for s in &f.sides {
        comment(format!(
            "{}: {} -> {}",
            s.name,
            strengths_text(s),
            s.notation()
        ));
    }
    comment(format!("Scale: {}.", f.scale.describe()));
    comment(format!(
        "Deployment zones, who deploys and moves first, and the victory condition are {TO_BE_SET}."
    ));
    for w in &f.warnings {
        comment(format!("warning[{}]: {w}", w.code()));
    }
    out.push_str(&body);
    out.push('\n');
    // In `saberc fmt`'s layout, so that the first `fmt --check` of the new file passes.
    format_text(&out, Syntax::Ron).map_err(|e| FactorError::Write(e.message))
}

/// Text for a `//` comment: line breaks (any of them: `\n`, `\r`, U+0085, U+2028, U+2029) and
/// every unprintable character are written as `\u{..}` escapes, so the comment stays one line.
fn comment_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            crate::diagnostic::push_printable(&mut out, c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_come_from_file_names() {
        assert_eq!(id_from_name(Some("My Battle"), "new"), "my-battle");
        assert_eq!(id_from_name(Some("--"), "new"), "new");
        assert_eq!(id_from_name(None, "new-map"), "new-map");
        assert_eq!(title("my-battle_2"), "My Battle 2");
    }

    #[test]
    fn map_sizes_are_limited() {
        assert!(map_skeleton(0, 5, "m").is_err());
        assert!(map_skeleton(1001, 5, "m").is_err());
        let text = map_skeleton(3, 2, "m").expect("made");
        assert_eq!(text.matches("\"...\"").count(), 2);
    }
}
