//! Map rules: feature codes and numbers (11.0: "No number is used more than once regardless of
//! terrain feature"), feature terrain, and the main roads that leave the map at an edge (11.0).

use std::collections::BTreeMap;

use crate::diagnostic::{Code, Diagnostic};
use crate::model::hex_set::HexSet;
use crate::model::map::{Map, RoadKind, parse_feature_code};
use crate::path;
use crate::ruleset::FeatureLetter;
use crate::ruleset::Ruleset;

/// The map rules; `unread` hexes had a terrain character the legend does not know (MAP002), so
/// nothing is said about their terrain.
pub(super) fn check(map: &Map, _rules: &Ruleset, unread: &HexSet) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut by_number: BTreeMap<u32, Vec<(usize, &str)>> = BTreeMap::new();
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, f) in map.features.iter().enumerate() {
        let p = path!["features", i, "code"];
        if let Some(first) = seen.insert(f.code.as_str(), i) {
            out.push(
                Diagnostic::new(
                    Code::DuplicateFeature,
                    format!("feature `{}` is defined twice", f.code),
                )
                .at_path(p.clone())
                .with_hint(format!(
                    "merge its hexes into the first definition (feature #{})",
                    first + 1
                )),
            );
            continue;
        }
        match parse_feature_code(&f.code) {
            Some((letter, n)) => {
                by_number.entry(n).or_default().push((i, f.code.as_str()));
                if let Some(d) = terrain_mismatch(map, i, letter, unread) {
                    out.push(d);
                }
            }
            None => out.push(
                Diagnostic::new(Code::Schema, format!("`{}` is not a feature code", f.code))
                    .at_path(p)
                    .with_hint("a feature code is a letter V, H, W, R, J, F or B and a number, e.g. V4 or H26"),
            ),
        }
    }
    // Computed once: a map of 10,000 features reusing numbers asked it per reuse (7 s).
    let free = first_free_number(map);
    for (n, uses) in by_number {
        if uses.len() > 1 {
            let codes: Vec<&str> = uses.iter().map(|(_, c)| *c).collect();
            for (i, code) in &uses[1..] {
                out.push(
                    Diagnostic::new(
                        Code::FeatureNumberReused,
                        format!(
                            "number {n} is used by {} — `{code}` reuses it",
                            codes.join(" and ")
                        ),
                    )
                    .at_path(path!["features", *i, "code"])
                    .with_hint(format!(
                        "give `{code}` a number no other feature uses, e.g. {}",
                        with_number(code, free)
                    )),
                );
            }
        }
    }
    for (i, r) in map.roads.iter().enumerate() {
        if r.kind == RoadKind::Main {
            let name = r.name.clone().unwrap_or_default();
            if name.is_empty() {
                out.push(
                    Diagnostic::new(Code::MainRoadNoEdge, "a main road has no name")
                        .at_path(path!["roads", i])
                        .with_hint("main roads are named by the edge at which they leave the map: South, East, Northwest"),
                );
            }
            if map.road_edges(r).is_empty() {
                out.push(
                    Diagnostic::new(Code::MainRoadNoEdge, format!("main road `{name}` does not leave the map"))
                        .at_path(path!["roads", i, "hexes"])
                        .with_hint("main roads are named by the edge at which they leave the map; extend it to an edge"),
                );
            }
        }
    }
    out
}

/// The smallest number no feature uses (numbers are unique across letters, 11.0).
fn first_free_number(map: &Map) -> u32 {
    let used: std::collections::HashSet<u32> = map
        .features
        .iter()
        .filter_map(|f| parse_feature_code(&f.code))
        .map(|(_, n)| n)
        .collect();
    (1..).find(|n| !used.contains(n)).unwrap_or(1)
}

/// The feature code with the letter of `code` and the number `n`.
fn with_number(code: &str, n: u32) -> String {
    let letter = code.chars().next().unwrap_or('V');
    format!("{letter}{n}")
}

/// Warn when a feature's hexes do not have the terrain its letter says.
fn terrain_mismatch(
    map: &Map,
    i: usize,
    letter: FeatureLetter,
    unread: &HexSet,
) -> Option<Diagnostic> {
    let f = &map.features[i];
    let bad: Vec<String> = f
        .hexes
        .iter()
        .filter(|c| {
            !unread.contains(**c)
                && map
                    .cell(**c)
                    .is_some_and(|cell| !letter.fits(cell.terrain, cell.slope))
        })
        .map(|c| map.grid.label(*c))
        .collect();
    (!bad.is_empty()).then(|| {
        Diagnostic::new(
            Code::FeatureTerrain,
            format!(
                "feature `{}` is a {} but {} of its hexes {} not ({})",
                f.code,
                letter.meaning(),
                bad.len(),
                if bad.len() == 1 { "is" } else { "are" },
                bad.iter().take(5).cloned().collect::<Vec<_>>().join(", ")
            ),
        )
        .at_path(path!["features", i, "hexes"])
        .with_hex(bad[0].clone())
        .with_hint("paint those hexes with the feature's terrain, or remove them from the feature")
    })
}
