//! Drawing a map that brings its own chart (any game's: Musket & Saber Quick Play's, the test
//! game's), from the engine's map alone ([`crate::model::map::Map::chart`]): each hex in the
//! colours of its kinds of terrain (a hex of several kinds, M&S 2.2, split into wedges, one kind
//! each in turn), hexsides in the colour of their kind, and the key built from the map's own
//! chart, never from Rifle & Saber's. The grid, roads, labels, coordinates and overlays are
//! drawn as on every map.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::swatch::Swatch;
use super::{GRID_LINE, Layout, MINOR_ROAD, PAPER, draw_sides, polygon, wedges};
use crate::model::chart::KindTerrain;
use crate::output::palette::{chart_hexside_stroke, chart_kind_fill};

/// The fill of a chart's kind of hex terrain (row `k`).
pub fn kind_fill(chart: &KindTerrain, k: usize) -> &'static str {
    chart
        .rows
        .get(k)
        .filter(|r| !r.on_hexside)
        .map_or(PAPER, |r| chart_kind_fill(&r.id))
}

/// The stroke of a chart's kind of hexside terrain (row `k`).
pub fn hexside_stroke(chart: &KindTerrain, k: usize) -> &'static str {
    chart
        .rows
        .get(k)
        .filter(|r| r.on_hexside)
        .map_or(GRID_LINE, |r| chart_hexside_stroke(&r.id))
}

/// Every hex in the fills of its kinds: one kind fills the hex; several share its six wedges
/// (centre to side), kind `k` of `n` taking the wedges `i` with `i % n == k`.
pub(super) fn draw_kinds(out: &mut String, chart: &KindTerrain, lay: &Layout) {
    let mut fills: BTreeMap<&'static str, String> = BTreeMap::new();
    for c in lay.grid.coords() {
        let kinds = chart.kinds_at(&lay.grid, c);
        match kinds {
            [] => lay.hex_path(fills.entry(PAPER).or_default(), c),
            [one] => lay.hex_path(fills.entry(kind_fill(chart, *one)).or_default(), c),
            many => {
                for (i, w) in wedges(lay.center(c), lay.corners(c)).iter().enumerate() {
                    let fill = kind_fill(chart, many[i % many.len()]);
                    polygon(fills.entry(fill).or_default(), w, 1);
                }
            }
        }
    }
    for (fill, d) in &fills {
        let _ = writeln!(out, r#"<path d="{d}" fill="{fill}"/>"#);
    }
}

/// Hexsides (M&S 2.2) as thick lines along the side, in their kind's colour.
pub(super) fn draw_hexsides(out: &mut String, chart: &KindTerrain, lay: &Layout) {
    let sides = (chart.hexsides.iter())
        .flat_map(|(side, kinds)| kinds.iter().map(|k| (*side, hexside_stroke(chart, *k))));
    draw_sides(out, lay, sides, 0.12);
}

/// The map key of a map with its own chart: a row per kind of hex terrain (its movement costs
/// and effects as the chart gives them), a row per mix of several kinds the map declares, a
/// row per kind of hexside, and roads when the map has any.
pub(crate) fn key_rows(chart: &KindTerrain, roads: bool) -> Vec<(Swatch, Vec<String>)> {
    let mut rows = Vec::new();
    for (k, r) in chart.rows.iter().enumerate().filter(|(_, r)| !r.on_hexside) {
        rows.push((Swatch::Hex(kind_fill(chart, k)), r.key.clone()));
    }
    for mix in &chart.mixes {
        let fills = mix.iter().map(|k| kind_fill(chart, *k)).collect();
        let names: Vec<&str> = mix.iter().map(|k| chart.rows[*k].id.as_str()).collect();
        rows.push((Swatch::Wedges(fills), vec![names.join(" + ")]));
    }
    for (k, r) in chart.rows.iter().enumerate().filter(|(_, r)| r.on_hexside) {
        let mut lines = r.key.clone();
        if let Some(first) = lines.first_mut() {
            first.push_str(" hexside");
        }
        rows.push((Swatch::Line(hexside_stroke(chart, k), 0.12), lines));
    }
    if roads {
        rows.push((
            Swatch::Line(MINOR_ROAD, 0.07),
            vec!["Road (4.4)".to_string()],
        ));
    }
    rows
}
