//! A Musket & Saber Quick Play map as a Tiled map: the shared writer of a map with its own
//! chart ([`export_tiled_chart_map`]), tiled by the legend: one tile per legend character (the
//! kinds of terrain a hex of that character holds, 2.2), with `kinds` and `char` as tile
//! properties, so that `saberc import` gives the hexes their characters back; what a Tiled map
//! does not draw (the source, numbering, chart and track) is its `undrawn` property, so that
//! the import makes the same map file again.

use crate::model::musket_and_saber::{ChartRow, HexNumbering, MsMapFile, TurnTrack};
use crate::output::musket_and_saber::colours::ms_kind_fill;
use crate::output::render::{PAPER, RenderError};
use crate::output::tiled::export::{ChartTile, OutputFile, export_tiled_chart_map};
use crate::output::tiled::tmj::Property;

/// The name of the map property that holds [`Undrawn`].
pub const UNDRAWN: &str = "undrawn";

/// What of an M&S map file a Tiled map does not draw, its [`UNDRAWN`] property as JSON.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Undrawn {
    /// Where the map, chart and track come from.
    pub source: String,
    /// How its hex numbers read.
    pub numbering: HexNumbering,
    /// Its Terrain Effects Chart.
    pub chart: Vec<ChartRow>,
    /// Its Turn Record Track.
    pub track: TurnTrack,
}

/// The three files of an M&S map's Tiled export: `<id>.tmj`, `<id>.tsj`, `<id>.png`.
pub fn export_ms_map(f: &MsMapFile) -> Result<Vec<OutputFile>, RenderError> {
    let map = f.lower();
    let chart = f.kind_terrain();
    // Tile `i` is the legend's `i`-th character; a character the legend lacks (a map `check`
    // refuses) is an empty cell.
    let of_hex: Vec<Option<usize>> = map
        .grid
        .coords()
        .map(|c| {
            f.terrain
                .get(c.row() as usize - 1)
                .and_then(|row| row.chars().nth(c.col() as usize - 1))
                .and_then(|ch| f.legend.iter().position(|e| e.char.chars().eq([ch])))
        })
        .collect();
    let tiles: Vec<ChartTile> = f
        .legend
        .iter()
        .map(|e| ChartTile {
            properties: vec![
                Property::string("kinds", e.kinds.join(", ")),
                Property::string("char", e.char.clone()),
            ],
            fills: e
                .kinds
                .iter()
                .map(|k| ms_kind_fill(f, k).unwrap_or(PAPER))
                .collect(),
        })
        .collect();
    let undrawn = Undrawn {
        source: f.source.clone(),
        numbering: f.numbering,
        chart: f.chart.clone(),
        track: f.track.clone(),
    };
    let undrawn = serde_json::to_string(&undrawn).expect("the model always serializes");
    let extra = vec![Property::string(UNDRAWN, undrawn)];
    export_tiled_chart_map(&map, &chart, &tiles, &of_hex, extra)
}
