//! The colours of Musket & Saber Quick Play's files: a map file's kinds, by its chart's rows
//! (what the editor paints and the map's Tiled tiles are filled with; the drawing itself is any
//! map's with its own chart, [`crate::output::render::own_chart`]), and its sides'.

use crate::model::musket_and_saber::{ChartOn, MsMapFile};
use crate::output::overlays::overlay_color;
use crate::output::palette::{self, chart_hexside_stroke, chart_kind_fill};

/// The fill of a kind of hex terrain on a Musket & Saber map, by the kind (`None`: the chart
/// has no such row). The Tiled export and the editor both ask it.
pub fn ms_kind_fill(f: &MsMapFile, kind: &str) -> Option<&'static str> {
    f.chart
        .iter()
        .any(|r| r.on == ChartOn::Hex && r.kind == kind)
        .then(|| chart_kind_fill(kind))
}

/// The stroke of a kind of hexside terrain on a Musket & Saber map, by the kind (`None`: no
/// such row).
pub fn ms_hexside_stroke(f: &MsMapFile, kind: &str) -> Option<&'static str> {
    f.chart
        .iter()
        .any(|r| r.on == ChartOn::Hexside && r.kind == kind)
        .then(|| chart_hexside_stroke(kind))
}

/// The colour a Musket & Saber side is drawn in: the colour its `colour` words name (2.3),
/// else the `i`-th overlay colour (issue 37 §16: "blue" was drawn red). The editor and the
/// card both ask it.
pub fn ms_side_color(colour: Option<&str>, i: usize) -> [u8; 3] {
    colour
        .and_then(palette::named_colour)
        .unwrap_or_else(|| overlay_color(i))
}

/// The colour a Musket & Saber side's entry hexes are drawn in: its own colour
/// ([`ms_side_color`]), darker than its set-up (the plates' light text stays readable on it).
/// The editor and the card both ask it.
pub fn ms_entry_color(colour: Option<&str>, i: usize) -> [u8; 3] {
    ms_side_color(colour, i).map(|v| (v as u16 * 7 / 10) as u8)
}
