//! Drawing a Musket & Saber Quick Play map: each hex in the colours of its kinds of terrain (a
//! hex of several kinds, 2.2, split into wedges, one kind each in turn), hexsides in the colour
//! of their kind, and the key built from the map's own chart, never from Rifle & Saber's. The
//! grid, roads, labels, coordinates and overlays are drawn as on every map.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::swatch::Swatch;
use super::{GRID_LINE, Layout, MINOR_ROAD, PAPER};
use crate::model::musket_and_saber::{ChartOn, ChartRow, Cost, MsMapFile};
use crate::output::palette::{ms_hexside_stroke, ms_kind_fill};

/// The fill of a kind of hex terrain: by the place of its row among the chart's hex rows.
pub fn kind_fill(f: &MsMapFile, kind: &str) -> &'static str {
    ms_kind_fill(f, kind).unwrap_or(PAPER)
}

/// The stroke of a kind of hexside terrain: by the place of its row among the hexside rows.
pub fn hexside_stroke(f: &MsMapFile, kind: &str) -> &'static str {
    ms_hexside_stroke(f, kind).unwrap_or(GRID_LINE)
}

/// The chart's rows of hexes or of hexsides, in the chart's order.
fn rows_on(f: &MsMapFile, on: ChartOn) -> impl Iterator<Item = &ChartRow> {
    f.chart.iter().filter(move |r| r.on == on)
}

/// Every hex in the fills of its kinds: one kind fills the hex; several share its six wedges
/// (centre to side), kind `k` of `n` taking the wedges `i` with `i % n == k`.
pub(super) fn draw_kinds(out: &mut String, f: &MsMapFile, lay: &Layout) {
    let mut fills: BTreeMap<&'static str, String> = BTreeMap::new();
    for c in lay.grid.coords() {
        let kinds = f.kinds_at(c);
        match kinds {
            [] => lay.hex_path(fills.entry(PAPER).or_default(), c),
            [one] => lay.hex_path(fills.entry(kind_fill(f, one)).or_default(), c),
            many => {
                let k = lay.corners(c);
                let (x, y) = lay.center(c);
                for i in 0..6 {
                    let d = fills
                        .entry(kind_fill(f, &many[i % many.len()]))
                        .or_default();
                    let (a, b) = (k[i], k[(i + 1) % 6]);
                    let _ = write!(
                        d,
                        "M{x:.1} {y:.1}L{:.1} {:.1}L{:.1} {:.1}Z",
                        a.0, a.1, b.0, b.1
                    );
                }
            }
        }
    }
    for (fill, d) in &fills {
        let _ = writeln!(out, r#"<path d="{d}" fill="{fill}"/>"#);
    }
}

/// Hexsides (2.2) as thick lines along the side, in their kind's colour.
pub(super) fn draw_hexsides(out: &mut String, f: &MsMapFile, lay: &Layout) {
    let g = lay.grid;
    let mut strokes: BTreeMap<&'static str, String> = BTreeMap::new();
    for h in &f.hexsides {
        let Some(other) = g.across(h.hex, h.side) else {
            continue;
        };
        // Drawn from whichever of the two hexes is on the map.
        let (hex, other) = if g.contains(h.hex) {
            (h.hex, other)
        } else if g.contains(other) {
            (other, h.hex)
        } else {
            continue;
        };
        let Some(i) = g.side_neighbors(hex).iter().position(|n| *n == other) else {
            continue;
        };
        let k = lay.corners(hex);
        let (a, b) = (k[i], k[(i + 1) % 6]);
        let d = strokes.entry(hexside_stroke(f, &h.kind)).or_default();
        let _ = write!(d, "M{:.1} {:.1}L{:.1} {:.1}", a.0, a.1, b.0, b.1);
    }
    for (stroke, d) in &strokes {
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{:.2}" stroke-linecap="round"/>"#,
            (lay.step * 0.12).max(1.2)
        );
    }
}

/// The map key of an M&S map, from its chart: a row per kind of hex terrain (its movement
/// costs and effects as the chart gives them), a row per legend character of several kinds,
/// a row per kind of hexside, and roads when the map has any.
pub(crate) fn key_rows(f: &MsMapFile) -> Vec<(Swatch, Vec<String>)> {
    let mut rows = Vec::new();
    for r in rows_on(f, ChartOn::Hex) {
        rows.push((Swatch::Hex(kind_fill(f, &r.kind)), row_lines(r)));
    }
    for e in f.legend.iter().filter(|e| e.kinds.len() > 1) {
        let fills = e.kinds.iter().map(|k| kind_fill(f, k)).collect();
        rows.push((Swatch::Wedges(fills), vec![e.kinds.join(" + ")]));
    }
    for r in rows_on(f, ChartOn::Hexside) {
        let mut lines = row_lines(r);
        lines[0].push_str(" hexside");
        rows.push((Swatch::Line(hexside_stroke(f, &r.kind), 0.12), lines));
    }
    if !f.roads.is_empty() {
        rows.push((
            Swatch::Line(MINOR_ROAD, 0.07),
            vec!["Road (4.4)".to_string()],
        ));
    }
    rows
}

/// A chart row in the key's words: its kind, its movement costs per class (4.3), then its
/// effects, wrapped to the legend's width (the drawing's key and the card's; an editor's
/// legend may show the same lines).
pub fn row_lines(r: &ChartRow) -> Vec<String> {
    let cost = |c: Option<Cost>| match c {
        None => "–".to_string(),
        Some(Cost::Mp(n)) => n.to_string(),
        Some(Cost::Plus(n)) => format!("+{n}"),
        Some(Cost::Prohibited) => "P".to_string(),
    };
    let mut lines = vec![
        r.kind.clone(),
        format!(
            "MP inf {}, cav {}, art {}",
            cost(r.infantry),
            cost(r.cavalry),
            cost(r.artillery)
        ),
    ];
    let mut effects: Vec<String> = Vec::new();
    if let Some(d) = r.defense {
        effects.push(format!("defense {d:+}"));
    }
    for (on, what) in [
        (r.halves_attacker, "attackers halved"),
        (r.no_advance, "no advance"),
        (r.blocks_sight, "blocks sight"),
        (r.blocks_zoc, "blocks ZOC"),
        (r.no_bombardment, "no bombardment"),
    ] {
        if on {
            effects.push(what.to_string());
        }
    }
    if let Some(b) = r.bombardment {
        effects.push(format!("bombardment {b:+}"));
    }
    if r.clear_for_charges {
        effects.push("clear for charges".to_string());
    }
    // About 30 characters fit a legend line.
    let mut line = String::new();
    for e in effects {
        if !line.is_empty() && line.len() + e.len() + 2 > 30 {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(", ");
        }
        line.push_str(&e);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
