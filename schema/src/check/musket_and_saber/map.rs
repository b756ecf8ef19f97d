//! A Musket & Saber map on its own (2.2, 3.3, 4.4): terrain rows of the map's size in legend
//! characters, every kind of hex and hexside terrain on the chart (2.2), roads as paths (4.4),
//! hexes on the map, and a Turn Record Track whose labels name one space each (3.3).

use std::collections::{BTreeSet, HashSet};

use crate::diagnostic::{Code, Diagnostic, Findings};
use crate::model::map::{HexWords, orientation_name, road_problems_in, side_list};
use crate::model::musket_and_saber::{ChartOn, MsMapFile};
use crate::path;

pub(super) fn check(f: &MsMapFile) -> Vec<Diagnostic> {
    let mut out = Findings::new();
    let grid = f.grid();
    // Four digits a hex (2.2): the last column and row numbered within 99.
    let last = f.numbering.to_printed(crate::model::hex::Coord(
        grid.width as i32,
        grid.height as i32,
    ));
    for (what, n, size) in [("column", last.0, "width"), ("row", last.1, "height")] {
        if n > crate::ruleset::musket_and_saber::MAX_SIDE as i32 {
            out.push(
                Diagnostic::new(
                    Code::OffMap,
                    format!(
                        "the map's last {what} would be numbered {n}, but each hex has a four-digit number (2.2)"
                    ),
                )
                .at_path(path!["numbering"])
                .with_hint(format!(
                    "check the first {what}'s number and the map's `{size}`: the last {what} is numbered 99 at most"
                )),
            );
        }
    }
    // The legend: each character once, each standing for one or more kinds on the chart.
    let mut chars = HashSet::new();
    for (i, e) in f.legend.iter().enumerate() {
        if !chars.insert(e.char.as_str()) {
            out.push(
                Diagnostic::new(
                    Code::MsChart,
                    format!("the legend defines `{}` twice", e.char),
                )
                .at_path(path!["legend", i, "char"])
                .with_hint("one legend entry a character: list every kind of its hexes in `kinds`"),
            );
        }
        if e.kinds.is_empty() {
            out.push(
                Diagnostic::new(
                    Code::MsChart,
                    format!(
                        "the legend character `{}` stands for no kind of terrain, but every hex contains one or more (2.2)",
                        e.char
                    ),
                )
                .at_path(path!["legend", i, "kinds"])
                .with_hint("name its kinds as the chart does (`kinds: [\"clear\"]`)"),
            );
        }
        for (k, kind) in e.kinds.iter().enumerate() {
            if f.chart_row(kind, ChartOn::Hex).is_none() {
                out.push(no_row(
                    f,
                    kind,
                    ChartOn::Hex,
                    path!["legend", i, "kinds", k],
                ));
            }
        }
    }
    // The rows: the map's size, in legend characters.
    if f.terrain.len() != grid.height as usize {
        out.push(
            Diagnostic::new(
                Code::MapTerrainShape,
                format!(
                    "the terrain has {} rows but the map is {} rows high",
                    f.terrain.len(),
                    grid.height
                ),
            )
            .at_path(path!["terrain"])
            .with_hint("write one string per row of the map"),
        );
    }
    for (r, row) in f.terrain.iter().enumerate().take(grid.height as usize) {
        let len = row.chars().count();
        if len != grid.width as usize {
            out.push(
                Diagnostic::new(
                    Code::MapTerrainShape,
                    format!(
                        "terrain row {} has {len} hexes but the map is {} wide",
                        r + 1,
                        grid.width
                    ),
                )
                .at_path(path!["terrain", r])
                .with_hint("every row needs exactly one character per column"),
            );
        }
        for (c, ch) in row.chars().enumerate().take(grid.width as usize) {
            if f.legend_entry(ch).is_none() {
                out.push_with(Code::MapTerrainChar, || {
                    Diagnostic::new(
                        Code::MapTerrainChar,
                        format!(
                            "terrain character `{ch}` in row {}, column {} is not in the map's legend",
                            r + 1,
                            c + 1
                        ),
                    )
                    .at_path(path!["terrain", r])
                    .with_hex(f.label(crate::model::hex::Coord(c as i32 + 1, r as i32 + 1)))
                    .with_hint(format!(
                        "use a character of the legend ({}), or add it to the legend",
                        f.legend
                            .iter()
                            .map(|e| e.char.as_str())
                            .collect::<Vec<_>>()
                            .join(" ")
                    ))
                });
            }
        }
    }
    // Hexsides: on the map, one of the grid's six sides, a kind on the chart.
    for (i, h) in f.hexsides.iter().enumerate() {
        if !grid.contains(h.hex) {
            out.push_with(Code::OffMap, || {
                f.off_map(h.hex, path!["hexsides", i, "hex"])
            });
            continue;
        }
        if grid.across(h.hex, h.side).is_none() {
            out.push(
                Diagnostic::new(
                    Code::MapBadHexside,
                    format!(
                        "{} hexes have no {} side",
                        orientation_name(grid.orientation),
                        h.side.name()
                    ),
                )
                .at_path(path!["hexsides", i, "side"])
                .with_hint(format!("use one of {}", side_list(&grid))),
            );
        }
        if f.chart_row(&h.kind, ChartOn::Hexside).is_none() {
            out.push(no_row(
                f,
                &h.kind,
                ChartOn::Hexside,
                path!["hexsides", i, "kind"],
            ));
        }
    }
    // Roads are paths across shared hexsides (4.4).
    for (i, road) in f.roads.iter().enumerate() {
        let label = |c| f.label(c);
        let off = |c, p| f.off_map(c, p);
        let words = HexWords {
            label: &label,
            off_map: &off,
        };
        road_problems_in(&mut out, &grid, &road.hexes, i, &words);
    }
    for (i, l) in f.labels.iter().enumerate() {
        if !grid.contains(l.at) {
            out.push_with(Code::OffMap, || f.off_map(l.at, path!["labels", i, "at"]));
        }
    }
    // The track: one space a label (3.3).
    let mut seen = BTreeSet::new();
    for (i, label) in f.track.labels.iter().enumerate() {
        if let Some(why) = not_one_label(label) {
            out.push(
                Diagnostic::new(
                    Code::MsTrack,
                    format!("the Turn Record Track label `{label}` {why}"),
                )
                .at_path(path!["track", "labels", i])
                .with_hint("type one space's label as printed: `labels: [\"1500\", \"1545\"]`"),
            );
        } else if !seen.insert(label.as_str()) {
            out.push(
                Diagnostic::new(
                    Code::MsTrack,
                    format!("the Turn Record Track has the label `{label}` on two spaces"),
                )
                .at_path(path!["track", "labels", i])
                .with_hint("type each space's label as printed, once"),
            );
        }
    }
    out.into_vec()
}

/// Why a track label cannot be one space's printed label, if it cannot: empty, a list of
/// labels (a comma or semicolon in it: `"1200, 1300"` typed as one), or spaces around it.
fn not_one_label(label: &str) -> Option<&'static str> {
    if label.trim().is_empty() {
        Some("is empty")
    } else if label.contains([',', ';']) {
        Some("holds a comma or semicolon: it reads as several labels typed as one")
    } else if label.trim() != label {
        Some("begins or ends with a space")
    } else {
        None
    }
}

/// MAP010: a kind of terrain without its chart row.
fn no_row(
    f: &MsMapFile,
    kind: &str,
    on: ChartOn,
    at: Vec<crate::diagnostic::PathSeg>,
) -> Diagnostic {
    let (what, other) = match on {
        ChartOn::Hex => ("hex", ChartOn::Hexside),
        ChartOn::Hexside => ("hexside", ChartOn::Hex),
    };
    let near = crate::diagnostic::suggestions(
        kind,
        f.chart
            .iter()
            .filter(|r| r.on == on)
            .map(|r| r.kind.as_str()),
    );
    let hint = if f.chart_row(kind, other).is_some() {
        format!(
            "the chart has `{kind}` as a {other:?} row: add its {on:?} row, or use a {what} kind"
        )
    } else {
        crate::diagnostic::did_you_mean(&near).unwrap_or_else(|| {
            format!("add `{kind}`'s row to `chart` (`on: {on:?}`), typed from the game's Terrain Effects Chart")
        })
    };
    Diagnostic::new(
        Code::MsChart,
        format!("the {what} terrain `{kind}` has no row on the map's Terrain Effects Chart"),
    )
    .at_path(at)
    .with_hint(hint)
}
