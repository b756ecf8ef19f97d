//! The legend of a drawn map: the map key (terrain, hexsides, roads, features), then one row per
//! overlay; shared by the map drawing and the scenario card.

use std::fmt::Write;

use super::*;
use crate::analysis::counted;
use crate::ruleset::{KeySymbol, Ruleset};

pub(crate) use super::swatch::Swatch;

/// The legend's rows: the map key, then the overlays.
pub(super) fn legend_rows(
    map: &Map,
    rules: &Ruleset,
    overlays: &[Overlay],
) -> Vec<(Swatch, Vec<String>)> {
    let mut rows = map_key_rows(map, rules);
    for o in overlays {
        let mut lines = vec![format!(
            "{} ({})",
            o.name,
            counted(o.hexes.len(), "hex", "hexes")
        )];
        lines.extend(o.note.clone());
        rows.push((Swatch::Overlay(rgb(o.color)), lines));
    }
    rows
}

/// The map key's rows: a swatch and one or more lines of text for each kind of terrain,
/// hexside, road and feature, as the game's ruleset words its chart; for a Musket & Saber map,
/// from the chart the map brings (the M&S rules have none of their own, 2.2).
pub(crate) fn map_key_rows(map: &Map, rules: &Ruleset) -> Vec<(Swatch, Vec<String>)> {
    if let Some(chart) = &map.chart {
        return super::own_chart::key_rows(chart, !map.roads.is_empty());
    }
    rules
        .map_key
        .iter()
        .map(|row| {
            let swatch = match row.symbol {
                KeySymbol::Terrain(Terrain::Ford) => Swatch::Ford,
                KeySymbol::Terrain(Terrain::Bridge) => Swatch::Bridge,
                KeySymbol::Terrain(t) => Swatch::Hex(palette::terrain_fill(t)),
                KeySymbol::Slope(t) => {
                    Swatch::HexOver(palette::terrain_fill(t), SLOPE, SLOPE_OPACITY.into())
                }
                KeySymbol::Ridge => Swatch::Line(RIDGE, 0.13),
                KeySymbol::MainRoad => Swatch::Road,
                KeySymbol::MinorRoad => Swatch::Line(MINOR_ROAD, 0.07),
                KeySymbol::Feature => Swatch::Dashed(feature_color(Some(FeatureLetter::H))),
            };
            (swatch, row.lines.iter().map(|l| l.to_string()).collect())
        })
        .collect()
}

/// Height of the legend box for these rows.
pub(super) fn legend_height(rows: &[(Swatch, Vec<String>)]) -> f64 {
    let lines: usize = rows.iter().map(|(_, t)| t.len()).sum();
    let extra = lines - rows.len();
    56.0 + LEGEND_ROW * rows.len() as f64 + LEGEND_LINE * extra as f64
}

pub(super) fn draw_legend(out: &mut String, lay: &Layout, rows: &[(Swatch, Vec<String>)], x0: f64) {
    let y0 = lay.origin.1;
    let _ = writeln!(
        out,
        r##"<rect x="{:.1}" y="{:.1}" width="{LEGEND_WIDTH}" height="{:.1}" fill="#fffdf6" stroke="{INK}" stroke-width="1"/>"##,
        x0,
        y0,
        legend_height(rows)
    );
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" font-family="{SANS}" font-size="20" fill="{INK}">Legend</text>"#,
        x0 + 14.0,
        y0 + 28.0
    );
    let mut cy = y0 + 52.0;
    for (swatch, lines) in rows {
        let cx = x0 + 30.0;
        draw_swatch(out, swatch, (cx, cy));
        for (k, text) in lines.iter().enumerate() {
            let _ = writeln!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-family="{SANS}" font-size="{LEGEND_FONT}" fill="{INK}">{}</text>"#,
                x0 + 56.0,
                cy + LEGEND_FONT * 0.35 + LEGEND_LINE * k as f64,
                xml(text)
            );
        }
        cy += LEGEND_ROW + LEGEND_LINE * (lines.len() - 1) as f64;
    }
}

/// The SVG path of a flat-topped hexagon centred on `(cx, cy)` with corners `r` from it, as
/// legend and card swatches draw one.
pub(crate) fn hexagon_path(centre: (f64, f64), r: f64) -> String {
    let mut d = String::new();
    polygon(&mut d, &hexagon(centre, r), 1);
    d
}

/// The corners of a flat-topped hexagon centred on `(cx, cy)`, `r` from it, from the east
/// clockwise (on screen).
fn hexagon((cx, cy): (f64, f64), r: f64) -> [(f64, f64); 6] {
    std::array::from_fn(|i| {
        let a = (60.0 * i as f64).to_radians();
        (cx + r * a.cos(), cy + r * a.sin())
    })
}

/// A legend swatch centred on `(cx, cy)`, about 28 units across.
pub(crate) fn draw_swatch(out: &mut String, swatch: &Swatch, (cx, cy): (f64, f64)) {
    // Swatches are drawn at a fixed hex size so the legend reads the same on every map.
    let hs = 24.0;
    let hex_at = |cx: f64, cy: f64| hexagon_path((cx, cy), hs / 3f64.sqrt());
    let (l, r) = (cx - 14.0, cx + 14.0);
    match swatch {
        Swatch::Hex(fill) => {
            let _ = writeln!(
                out,
                r#"<path d="{}" fill="{fill}" stroke="{GRID_LINE}" stroke-width="0.8"/>"#,
                hex_at(cx, cy)
            );
        }
        Swatch::HexOver(fill, over, opacity) => {
            let d = hex_at(cx, cy);
            let _ = writeln!(
                out,
                r#"<path d="{d}" fill="{fill}"/><path d="{d}" fill="{over}" fill-opacity="{opacity}" stroke="{GRID_LINE}" stroke-width="0.8"/>"#
            );
        }
        Swatch::Line(color, w) => {
            let _ = writeln!(
                out,
                r#"<path d="M{l:.1} {cy:.1}L{r:.1} {cy:.1}" stroke="{color}" stroke-width="{:.1}" stroke-linecap="round"/>"#,
                (w * MAX_STEP).max(2.0)
            );
        }
        Swatch::Road => {
            let _ = writeln!(
                out,
                r#"<path d="M{l:.1} {cy:.1}L{r:.1} {cy:.1}" stroke="{MAIN_ROAD_CASING}" stroke-width="9" stroke-linecap="round"/><path d="M{l:.1} {cy:.1}L{r:.1} {cy:.1}" stroke="{MAIN_ROAD}" stroke-width="4.8" stroke-linecap="round"/>"#
            );
        }
        Swatch::Bridge => {
            let _ = writeln!(
                out,
                r#"<path d="{}" fill="{}"/><rect x="{:.1}" y="{:.1}" width="25" height="10" fill="{BRIDGE}" stroke="{HALO}"/><path d="M{l:.1} {cy:.1}L{r:.1} {cy:.1}" stroke="{MAIN_ROAD_CASING}" stroke-width="4"/>"#,
                hex_at(cx, cy),
                palette::terrain_fill(Terrain::Bridge),
                cx - 12.5,
                cy - 5.0
            );
        }
        Swatch::Ford => {
            let _ = writeln!(
                out,
                r#"<path d="{}" fill="{}" stroke="{GRID_LINE}" stroke-width="0.8"/>"#,
                hex_at(cx, cy),
                palette::terrain_fill(Terrain::Ford)
            );
            stepping_stones(out, (cx, cy), MAX_STEP * 0.5);
        }
        Swatch::Dashed(color) => {
            let _ = writeln!(
                out,
                r#"<path d="{}" fill="none" stroke="{color}" stroke-width="1.6" stroke-dasharray="5 3"/>"#,
                hex_at(cx, cy)
            );
        }
        Swatch::Wedges(fills) => {
            let hex = hexagon((cx, cy), hs / 3f64.sqrt());
            for (i, w) in wedges((cx, cy), hex).iter().enumerate() {
                let mut d = String::new();
                polygon(&mut d, w, 1);
                let fill = fills.get(i % fills.len().max(1)).copied().unwrap_or(PAPER);
                let _ = writeln!(out, r#"<path d="{d}" fill="{fill}"/>"#);
            }
            let _ = writeln!(
                out,
                r#"<path d="{}" fill="none" stroke="{GRID_LINE}" stroke-width="0.8"/>"#,
                hex_at(cx, cy)
            );
        }
        Swatch::Overlay(color) => {
            let _ = writeln!(
                out,
                r#"<path d="{}" fill="{color}" fill-opacity="0.33" stroke="{color}" stroke-width="3"/>"#,
                hex_at(cx, cy)
            );
        }
    }
}
