//! The colours of a Musket & Saber Quick Play map file's kinds, by its chart's rows: what the
//! editor paints and the map's Tiled tiles are filled with. The drawing itself is any map's
//! with its own chart ([`super::own_chart`]).

use crate::model::musket_and_saber::{ChartOn, MsMapFile};
use crate::output::palette::{chart_hexside_stroke, chart_kind_fill};

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
