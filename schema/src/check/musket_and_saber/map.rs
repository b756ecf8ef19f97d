//! A Musket & Saber map on its own (2.2, 3.3, 4.3, 4.4, 9.2): terrain rows of the map's size in
//! legend characters, every kind of hex and hexside terrain on the chart, once (2.2), the chart
//! as the rules text fixes it (the clear row, 4.3 and 9.2; hexsides add, hexes cost, 4.3), roads
//! as paths (4.4), hexes on the map, and a Turn Record Track whose labels name one space each
//! (3.3).

use std::collections::{BTreeSet, HashSet};

use crate::diagnostic::{Code, Diagnostic, Findings};
use crate::model::map::{hexside_key, road_problems};
use crate::model::musket_and_saber::{ChartOn, ChartRow, Cost, MsMapFile};
use crate::path;
use crate::ruleset::musket_and_saber::ChartColumn;

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
    let off = |c, p| f.off_map(c, p);
    for (i, h) in f.hexsides.iter().enumerate() {
        let at = [path!["hexsides", i, "hex"], path!["hexsides", i, "side"]];
        hexside_key(&mut out, &grid, (h.hex, h.side), at, &off);
        if grid.contains(h.hex) && f.chart_row(&h.kind, ChartOn::Hexside).is_none() {
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
        road_problems(&mut out, &grid, &road.hexes, i, &off);
    }
    for (i, l) in f.labels.iter().enumerate() {
        if !grid.contains(l.at) {
            out.push_with(Code::OffMap, || f.off_map(l.at, path!["labels", i, "at"]));
        }
    }
    chart(f, &mut out);
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
    let d = Diagnostic::new(
        Code::MsChart,
        format!("the {what} terrain `{kind}` has no row on the map's Terrain Effects Chart"),
    )
    .at_path(at);
    if f.chart_row(kind, other).is_some() {
        d.with_hint(format!(
            "the chart has `{kind}` as a {other:?} row: add its {on:?} row, or use a {what} kind"
        ))
    } else {
        d.spelling(
            &near,
            format!("add `{kind}`'s row to `chart` (`on: {on:?}`), typed from the game's Terrain Effects Chart"),
        )
    }
}

/// Is this the chart's clear terrain, the one kind the rules text names and prices (4.3: "Entering
/// a clear hex across a clear hexside costs 1 MP"; 9.2(1) "clear or clear hill terrain")? The
/// row named `clear`, in any case.
fn is_clear(r: &ChartRow) -> bool {
    r.kind.trim().eq_ignore_ascii_case("clear")
}

/// A cost as the chart prints it (`2`, `+1`, `P`).
fn printed(c: Cost) -> String {
    match c {
        Cost::Mp(n) => format!("{n} MP"),
        Cost::Plus(n) => format!("+{n} MP"),
        Cost::Prohibited => "Prohibited".to_string(),
    }
}

/// The chart against the rules text: one row a kind on hexes and on hexsides (2.2, MAP012); the
/// clear row as 4.3 and 9.2 fix it (MAP013); hexside rows that add and hex rows that cost (4.3:
/// MAP014 for a hexside row that costs, MAP015, a note, for a hex row that adds).
fn chart(f: &MsMapFile, out: &mut Findings) {
    // The first row of each kind, on hexes (`true`) or hexsides.
    let mut first: std::collections::HashMap<(&str, bool), usize> = Default::default();
    for (i, r) in f.chart.iter().enumerate() {
        let what = match r.on {
            ChartOn::Hex => "hex",
            ChartOn::Hexside => "hexside",
        };
        if let Some(j) = first.get(&(r.kind.as_str(), r.on == ChartOn::Hex)).copied() {
            out.push_with(Code::MsChartRowTwice, || {
                Diagnostic::new(
                    Code::MsChartRowTwice,
                    format!(
                        "the chart has two {what} rows for `{}` (rows {} and {}): the first would decide every verdict and this one be ignored",
                        r.kind,
                        j + 1,
                        i + 1
                    ),
                )
                .at_path(path!["chart", i, "kind"])
                .with_hint(format!(
                    "one row a kind of {what} terrain (2.2): keep the row your copy's chart prints, remove the other"
                ))
            });
        } else {
            first.insert((r.kind.as_str(), r.on == ChartOn::Hex), i);
        }
        let costs: Vec<(ChartColumn, Cost)> = ChartColumn::ALL
            .iter()
            .filter_map(|c| r.cost(*c).map(|v| (*c, v)))
            .collect();
        let listed = |pick: &dyn Fn(Cost) -> bool| -> Vec<String> {
            costs
                .iter()
                .filter(|(_, v)| pick(*v))
                .map(|(c, v)| format!("{} for {}", printed(*v), c.name()))
                .collect()
        };
        let clear = is_clear(r);
        match r.on {
            ChartOn::Hex if clear => {
                let wrong = listed(&|v| v != Cost::Mp(1));
                if !wrong.is_empty() {
                    out.push(
                        Diagnostic::new(
                            Code::MsClearRow,
                            format!(
                                "the chart's clear hex row says {}, but entering a clear hex across a clear hexside costs 1 MP (4.3)",
                                wrong.join(", ")
                            ),
                        )
                        .at_path(path!["chart", i])
                        .with_hint("write `Mp(1)` in each column of the clear row: the rules text fixes it for every unit")
                        .citing("4.3"),
                    );
                }
                if !r.clear_for_charges {
                    out.push(
                        Diagnostic::new(
                            Code::MsClearRow,
                            "the chart's clear hex row does not count as clear for charges, but a charge starts in, enters and targets \"only clear or clear hill terrain\" (9.2)",
                        )
                        .at_path(path!["chart", i])
                        .with_hint("write `clear_for_charges: true` in the clear row")
                        .citing("9.2"),
                    );
                }
            }
            ChartOn::Hexside if clear => {
                let wrong =
                    listed(&|v| matches!(v, Cost::Plus(n) if n > 0) || v == Cost::Prohibited);
                if !wrong.is_empty() {
                    out.push(
                        Diagnostic::new(
                            Code::MsClearRow,
                            format!(
                                "the chart's clear hexside row says {}, but entering a clear hex across a clear hexside costs 1 MP in all (4.3)",
                                wrong.join(", ")
                            ),
                        )
                        .at_path(path!["chart", i])
                        .with_hint("a clear hexside adds nothing: write `Plus(0)`, or leave its columns out")
                        .citing("4.3"),
                    );
                }
            }
            _ => {}
        }
        match r.on {
            ChartOn::Hexside => {
                let wrong = listed(&|v| matches!(v, Cost::Mp(_)));
                if !wrong.is_empty() {
                    out.push(
                        Diagnostic::new(
                            Code::MsHexsideCost,
                            format!(
                                "the hexside row `{}` gives a cost to enter ({}), but hexside MP are added to the cost of the hex entered, denoted by a \"+1\" on the TEC (4.3)",
                                r.kind,
                                wrong.join(", ")
                            ),
                        )
                        .at_path(path!["chart", i])
                        .with_hint("write what the chart prints as `Plus(n)` (or `Prohibited`)"),
                    );
                }
            }
            ChartOn::Hex if !clear => {
                let adds = listed(&|v| matches!(v, Cost::Plus(_)));
                if !adds.is_empty() {
                    out.push(
                        Diagnostic::new(
                            Code::MsHexAdds,
                            format!(
                                "the hex row `{}` adds MP ({}): read as added to the cost of the hex's other kinds of terrain (4.3 prints \"+1\" for hexsides; a hex costs MP to enter)",
                                r.kind,
                                adds.join(", ")
                            ),
                        )
                        .at_path(path!["chart", i])
                        .with_hint("if the chart prints a cost to enter this terrain, write `Mp(n)`"),
                    );
                }
            }
            ChartOn::Hex => {}
        }
    }
}
