//! Drawing a map as SVG, with optional overlays of hex sets (scenario zones), and rasterising it
//! to PNG with resvg.
//!
//! The SVG is written by hand: a few grouped paths per layer (terrain, slopes, grid, ridges,
//! roads), then text. Text uses fonts embedded in the binary (Ubuntu Light and Hack, shipped by
//! `epaint_default_fonts`), so a PNG renders the same on a machine without system fonts.
//!
//! Detail follows the size of a hex in the drawing: the map is laid out at most
//! [`MAP_EXTENT`] units across, so big maps get small hexes; then hex outlines, village
//! buildings and `CCRR` coordinates are left out when they would be too small to read, and
//! terrain is drawn as column strips instead of hexagons.

pub(crate) mod legend;
pub mod own_chart;
mod png;
pub(crate) mod swatch;

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

use crate::model::hex::{Coord, Grid, Orientation, SideKey};
use crate::model::hex_set::HexSet;
use crate::model::map::{Cell, Map, RoadKind, parse_feature_code};
use crate::output::overlays::Overlay;
use crate::output::palette::{self, SLOPE_OPACITY};
use crate::ruleset::FeatureLetter;
use crate::ruleset::Ruleset;
use crate::ruleset::Terrain;
/// `#rrggbb` of an RGB colour (the palette's one writer of colours).
pub(crate) use palette::hex as rgb;

use legend::{draw_legend, legend_height, legend_rows};
#[cfg(test)]
pub(crate) use png::fonts;
#[cfg(test)]
use png::png_size;
pub use png::{TileArt, hex_tiles_png, map_png_styled, png_hex_centers, svg_to_png};

/// Why a PNG could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// The SVG did not parse.
    #[error("the SVG could not be read: {0}")]
    Svg(String),
    /// The drawing has no area.
    #[error("the SVG has no area to draw")]
    Empty,
    /// PNG encoding failed.
    #[error("the PNG could not be encoded: {0}")]
    Encode(String),
}

/// The longer side of the map area in SVG units; hexes shrink to fit on big maps.
pub const MAP_EXTENT: f64 = 2400.0;
/// The largest hex drawn, centre to centre, in SVG units.
const MAX_STEP: f64 = 48.0;
/// The smallest hex drawn (a 1000 × 1000 map).
const MIN_STEP: f64 = 2.0;
/// Hexes smaller than this are drawn as strips, without outlines.
const OUTLINE_STEP: f64 = 8.0;
/// Hexes smaller than this get no `CCRR` coordinates.
const COORD_STEP: f64 = 20.0;
/// Hexes smaller than this get no village buildings.
const BUILDING_STEP: f64 = 14.0;

/// The widths a PNG may be asked for, in pixels (`saberc render --width`, the editor's card
/// export): outside, `saberc` refuses with a usage error that says this range.
pub const PNG_WIDTHS: std::ops::RangeInclusive<u32> = 200..=8000;

/// The widest PNG made; wider requests are scaled down.
pub const MAX_PNG_SIDE: u32 = 12000;
/// The most pixels in one PNG: its pixmap and the copy its encoder makes take 8 bytes a pixel,
/// so that a card or the largest map asked 8000 px wide (at 50 million pixels it peaked at
/// 439 MiB) stays within check's bound of 256 MiB. A larger request is drawn smaller, and
/// `saberc render` says so.
pub const MAX_PNG_PIXELS: u64 = 20_000_000;

const MARGIN: f64 = 24.0;
const TITLE_BAND: f64 = 78.0;
const LEGEND_WIDTH: f64 = 330.0;
const LEGEND_FONT: f64 = 17.0;
const LEGEND_ROW: f64 = 30.0;
const LEGEND_LINE: f64 = 21.0;

/// Font families, as named inside the embedded font files.
pub(crate) const SANS: &str = "Ubuntu";
pub(crate) const MONO: &str = "Hack";

/// The background colour.
pub(crate) const PAPER: &str = "#f6f2e4";
/// The colour of text and outlines.
pub(crate) const INK: &str = "#2b2118";
const HALO: &str = "#fffaf0";
const GRID_LINE: &str = "#5a4a32";
const SLOPE: &str = palette::SLOPE;
const RIDGE: &str = "#4a2608";
const MAIN_ROAD_CASING: &str = "#5b1d0e";
const MAIN_ROAD: &str = "#e8b04b";
const MINOR_ROAD: &str = "#6e4a2a";
const BRIDGE: &str = palette::BRIDGE_DECK;
const FORD_MARK: &str = "#d9c79a";
const BUILDING: &str = "#6b2a1a";

/// The outline colour of a feature's extent, by letter.
fn feature_color(letter: Option<FeatureLetter>) -> &'static str {
    match letter {
        Some(FeatureLetter::V) => "#7a2414",
        Some(FeatureLetter::H) => "#5a3410",
        Some(FeatureLetter::W) => "#1f4a14",
        Some(FeatureLetter::R | FeatureLetter::J | FeatureLetter::F | FeatureLetter::B) => {
            "#143c6e"
        }
        None => INK,
    }
}

/// Where the map sits in the drawing and how big a hex is.
struct Layout {
    grid: Grid,
    /// Centre-to-centre distance of neighbouring hexes, in SVG units.
    step: f64,
    /// Grid-space point drawn at the map area's top-left corner.
    min: (f64, f64),
    /// SVG position of the map area's top-left corner.
    origin: (f64, f64),
    /// Size of the map area in SVG units.
    size: (f64, f64),
}

impl Layout {
    /// The layout of a map whose top-left corner is drawn at `origin`.
    fn new(grid: Grid, origin: (f64, f64)) -> Layout {
        let (mut lo, mut hi) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
        let (w, h) = (grid.width as i32, grid.height as i32);
        let edge_hexes = (1..=w)
            .flat_map(|c| [Coord(c, 1), Coord(c, h)])
            .chain((1..=h).flat_map(|r| [Coord(1, r), Coord(w, r)]));
        for c in edge_hexes {
            for (x, y) in grid.corners(c) {
                lo = (lo.0.min(x), lo.1.min(y));
                hi = (hi.0.max(x), hi.1.max(y));
            }
        }
        let extent = (hi.0 - lo.0).max(hi.1 - lo.1).max(1e-9);
        let step = (MAP_EXTENT / extent).clamp(MIN_STEP, MAX_STEP);
        Layout {
            grid,
            step,
            min: lo,
            origin,
            size: ((hi.0 - lo.0) * step, (hi.1 - lo.1) * step),
        }
    }

    /// Grid space → SVG units.
    fn pt(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (
            self.origin.0 + (x - self.min.0) * self.step,
            self.origin.1 + (y - self.min.1) * self.step,
        )
    }

    fn center(&self, c: Coord) -> (f64, f64) {
        self.pt(self.grid.center(c))
    }

    /// The plate moved the least that puts it inside the map area (on the axis where it is
    /// wider than the map, centred on it).
    fn keep_inside(&self, p: Plate) -> Plate {
        let inside = |at: f64, half: f64, lo: f64, len: f64| {
            if 2.0 * half >= len {
                lo + len / 2.0
            } else {
                at.clamp(lo + half, lo + len - half)
            }
        };
        Plate {
            x: inside(p.x, p.w / 2.0, self.origin.0, self.size.0),
            y: inside(p.y, p.h / 2.0, self.origin.1, self.size.1),
            ..p
        }
    }

    fn corners(&self, c: Coord) -> [(f64, f64); 6] {
        self.grid.corners(c).map(|p| self.pt(p))
    }

    /// The two end points of a hexside, drawn from whichever of its hexes is on the map (the
    /// first when both are); `None` when neither is (clipped to the map) or they are not
    /// neighbours.
    fn hexside(&self, SideKey(a, b): SideKey) -> Option<[(f64, f64); 2]> {
        let (hex, other) = if self.grid.contains(a) {
            (a, b)
        } else if self.grid.contains(b) {
            (b, a)
        } else {
            return None;
        };
        Some(self.grid.side_corners(hex, other)?.map(|p| self.pt(p)))
    }

    /// Append the hexagon of `c` to path data.
    fn hex_path(&self, d: &mut String, c: Coord) {
        polygon(d, &self.corners(c), 1);
    }

    /// The outline of some hexes (sides whose neighbour is not one of them), as path data.
    fn outline(&self, hexes: &[Coord]) -> String {
        let set = HexSet::from_coords(self.grid, hexes.iter().copied());
        let mut d = String::new();
        for c in set.iter() {
            let k = self.corners(c);
            for (i, n) in self.grid.side_neighbors(c).into_iter().enumerate() {
                if !set.contains(n) {
                    polyline(&mut d, &[k[i], k[(i + 1) % 6]], 1);
                }
            }
        }
        d
    }

    /// Append a strip of `count` hexes starting at `first` down its column (flat) or along its
    /// row (pointy): the small-hex stand-in for hexagons.
    fn strip_path(&self, d: &mut String, first: Coord, count: i32) {
        let (cx, cy) = self.grid.center(first);
        let narrow = 3f64.sqrt() / 2.0;
        let (x0, y0, w, h) = match self.grid.orientation {
            Orientation::Flat => (cx - narrow / 2.0, cy - 0.5, narrow, f64::from(count)),
            Orientation::Pointy => (cx - 0.5, cy - narrow / 2.0, f64::from(count), narrow),
        };
        let (a, b) = (self.pt((x0, y0)), self.pt((x0 + w, y0 + h)));
        let _ = write!(
            d,
            "M{:.1} {:.1}H{:.1}V{:.1}H{:.1}Z",
            a.0, a.1, b.0, b.1, a.0
        );
    }
}

/// The opening of an SVG document `w` × `h` units (its element given `attrs`), on a `paper`
/// background when one is given.
pub(crate) fn svg_start(out: &mut String, (w, h): (f64, f64), attrs: &str, paper: Option<&str>) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}"{attrs}>"#
    );
    if let Some(paper) = paper {
        let _ = writeln!(
            out,
            r#"<rect x="0" y="0" width="{w:.0}" height="{h:.0}" fill="{paper}"/>"#
        );
    }
}

/// Append a line through `points` to path data (`M` to the first, `L` to each next) at `p`
/// decimals: the one writer of hexagons, wedges, hexsides and roads, at any precision.
pub(crate) fn polyline(d: &mut String, points: &[(f64, f64)], p: usize) {
    for (i, (x, y)) in points.iter().enumerate() {
        let _ = write!(d, "{}{x:.p$} {y:.p$}", if i == 0 { 'M' } else { 'L' });
    }
}

/// Append a closed polygon through `points` to path data, at `p` decimals.
pub(crate) fn polygon(d: &mut String, points: &[(f64, f64)], p: usize) {
    polyline(d, points, p);
    d.push('Z');
}

/// The six wedges of a hex of several kinds (M&S 2.2), as the map, its key and Tiled's tiles
/// share it: wedge `i` from the centre to the side between corners `i` and `i + 1`.
pub(crate) fn wedges(centre: (f64, f64), k: [(f64, f64); 6]) -> [[(f64, f64); 3]; 6] {
    std::array::from_fn(|i| [centre, k[i], k[(i + 1) % 6]])
}

/// Append a circle of radius `r` round `(x, y)` to path data, as two arcs.
fn circle(d: &mut String, (x, y): (f64, f64), r: f64) {
    let _ = write!(
        d,
        "M{:.1} {y:.1}a{r:.1} {r:.1} 0 1 0 {:.1} 0a{r:.1} {r:.1} 0 1 0 {:.1} 0Z",
        x - r,
        2.0 * r,
        -2.0 * r
    );
}

/// Escape text for XML. A character XML 1.0 cannot hold (NUL, BEL, ESC and the other control
/// characters but tab and line breaks; U+FFFE, U+FFFF), or that it discourages (DEL and the C1
/// controls), is shown as visible `\u{..}` text, as a terminal shows it, so the drawing stays
/// an SVG every viewer opens.
pub(crate) fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(ch),
            c if c.is_control() || matches!(c, '\u{FFFE}' | '\u{FFFF}') => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// A centred text in a font (its family, size and fill) with a light halo `halo` wide, legible
/// on any terrain; `extra` attributes added to its element.
fn label(
    out: &mut String,
    (x, y): (f64, f64),
    text: &str,
    (family, size, fill): (&str, f64, &str),
    halo: f64,
    extra: &str,
) {
    // Baseline a third of the size below the centre puts the capitals' middle on it.
    let _ = writeln!(
        out,
        r#"<text x="{x:.1}" y="{:.1}" font-family="{family}" font-size="{size:.1}" text-anchor="middle" fill="{fill}" stroke="{HALO}" stroke-width="{halo:.1}" stroke-linejoin="round" paint-order="stroke"{extra}>{}</text>"#,
        y + size * 0.35,
        xml(text)
    );
}

/// How much detail the map drawing carries.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MapStyle {
    /// Draw `CCRR` coordinates in the hexes (when hexes are big enough to read them).
    pub coordinates: bool,
    /// Feature labels at this multiple of their usual size: a map printed small needs bigger
    /// labels to stay readable.
    pub label_scale: f64,
    /// Draw the feature labels (codes and names) and the map's text labels.
    pub labels: bool,
}

impl Default for MapStyle {
    fn default() -> MapStyle {
        MapStyle {
            coordinates: true,
            label_scale: 1.0,
            labels: true,
        }
    }
}

impl MapStyle {
    /// No text on the map (no labels, no coordinates): terrain, roads, ridges, crossings and
    /// overlays alone, e.g. to compare the terrain with another program's drawing.
    pub fn without_text() -> MapStyle {
        MapStyle {
            coordinates: false,
            labels: false,
            ..MapStyle::default()
        }
    }
}

/// The map alone, drawn with its top-left corner at (0, 0), for embedding in a larger drawing
/// (a nested `<svg>` with `viewBox="0 0 width height"`).
#[derive(Debug, Clone, PartialEq)]
pub struct MapBody {
    /// SVG elements, without an enclosing `<svg>`.
    pub svg: String,
    /// Width of the map area in SVG units.
    pub width: f64,
    /// Height of the map area in SVG units.
    pub height: f64,
}

/// The map as SVG elements with its top-left corner at (0, 0): terrain, ridges, roads,
/// bridges and fords, feature outlines and labels, the overlays, and `CCRR` coordinates if
/// the style asks for them; no title, no legend, no background.
pub fn map_body(map: &Map, overlays: &[Overlay], style: MapStyle) -> MapBody {
    let lay = Layout::new(map.grid, (0.0, 0.0));
    let mut svg = String::with_capacity(4096 + map.grid.len() * 64);
    draw_map(&mut svg, map, &lay, overlays, style);
    MapBody {
        svg,
        width: lay.size.0,
        height: lay.size.1,
    }
}

/// The map as an SVG document: terrain, ridges, roads, bridges and fords, feature outlines and
/// labels, `CCRR` coordinates when hexes are big enough, the overlays, a title and a legend.
pub fn map_svg(map: &Map, rules: &Ruleset, overlays: &[Overlay], title: &str) -> String {
    map_svg_styled(map, rules, overlays, title, MapStyle::default())
}

/// [`map_svg`] in a given style (the layout, and so every hex's place, does not change with it).
pub fn map_svg_styled(
    map: &Map,
    rules: &Ruleset,
    overlays: &[Overlay],
    title: &str,
    style: MapStyle,
) -> String {
    let lay = Layout::new(map.grid, (MARGIN, TITLE_BAND));
    let legend_x = lay.origin.0 + lay.size.0 + MARGIN;
    let legend = legend_rows(map, rules, overlays);
    let legend_h = legend_height(&legend);
    let width = legend_x + LEGEND_WIDTH + MARGIN;
    let height = lay.origin.1 + lay.size.1.max(legend_h) + MARGIN;
    let mut out = String::with_capacity(4096 + map.grid.len() * 64);
    svg_start(&mut out, (width, height), "", Some(PAPER));
    draw_map(&mut out, map, &lay, overlays, style);
    draw_title(&mut out, map, &lay, title);
    draw_legend(&mut out, &lay, &legend, legend_x);
    out.push_str("</svg>\n");
    out
}

/// Every layer of the map itself, bottom to top.
fn draw_map(out: &mut String, map: &Map, lay: &Layout, overlays: &[Overlay], style: MapStyle) {
    let s = lay.step;
    match &map.chart {
        Some(chart) => own_chart::draw_kinds(out, chart, lay),
        None => draw_terrain(out, map, lay),
    }
    draw_overlay_fills(out, map, lay, overlays);
    if s >= OUTLINE_STEP {
        let mut d = String::new();
        for c in map.grid.coords() {
            lay.hex_path(&mut d, c);
        }
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{GRID_LINE}" stroke-opacity="0.45" stroke-width="{:.2}"/>"#,
            (s * 0.025).max(0.4)
        );
    }
    draw_feature_outlines(out, map, lay);
    draw_overlay_outlines(out, lay, overlays);
    draw_ridges(out, map, lay);
    if let Some(chart) = &map.chart {
        own_chart::draw_hexsides(out, chart, lay);
    }
    draw_crossings(out, map, lay);
    draw_roads(out, map, lay);
    draw_counters(out, lay, overlays);
    if style.coordinates && s >= COORD_STEP {
        draw_coordinates(out, map, lay);
    }
    if style.labels {
        draw_labels(out, map, lay, style.label_scale);
    }
}

fn draw_terrain(out: &mut String, map: &Map, lay: &Layout) {
    let grid = map.grid;
    let mut fills: BTreeMap<Terrain, String> = BTreeMap::new();
    let mut slopes = String::new();
    if lay.step >= OUTLINE_STEP {
        for (i, cell) in map.cells.iter().enumerate() {
            let c = grid.coord_at(i);
            lay.hex_path(fills.entry(cell.terrain).or_default(), c);
            if cell.slope {
                lay.hex_path(&mut slopes, c);
            }
        }
    } else {
        // Small hexes: one rectangle per run of equal cells down a column (or along a row).
        let (lines, len) = match grid.orientation {
            Orientation::Flat => (grid.width as i32, grid.height as i32),
            Orientation::Pointy => (grid.height as i32, grid.width as i32),
        };
        let at = |line: i32, k: i32| match grid.orientation {
            Orientation::Flat => Coord(line, k),
            Orientation::Pointy => Coord(k, line),
        };
        for line in 1..=lines {
            let mut k = 1;
            while k <= len {
                let start = k;
                let cell = map.cell(at(line, k)).unwrap_or_default();
                while k <= len && map.cell(at(line, k)).unwrap_or_default() == cell {
                    k += 1;
                }
                let first = at(line, start);
                lay.strip_path(fills.entry(cell.terrain).or_default(), first, k - start);
                if cell.slope {
                    lay.strip_path(&mut slopes, first, k - start);
                }
            }
        }
    }
    for (t, d) in &fills {
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="{}"/>"#,
            palette::terrain_fill(*t)
        );
    }
    if !slopes.is_empty() {
        let _ = writeln!(
            out,
            r#"<path d="{slopes}" fill="{SLOPE}" fill-opacity="{SLOPE_OPACITY}"/>"#
        );
    }
    if lay.step >= BUILDING_STEP {
        let mut d = String::new();
        let b = lay.step * 0.13;
        for (i, cell) in map.cells.iter().enumerate() {
            if cell.terrain != Terrain::Village {
                continue;
            }
            let (x, y) = lay.center(grid.coord_at(i));
            for (dx, dy) in [(-0.22, -0.18), (0.12, -0.22), (-0.05, 0.14), (0.24, 0.1)] {
                let (bx, by) = (x + dx * lay.step, y + dy * lay.step);
                let _ = write!(d, "M{bx:.1} {by:.1}h{b:.1}v{b:.1}h{:.1}Z", -b);
            }
        }
        if !d.is_empty() {
            let _ = writeln!(out, r#"<path d="{d}" fill="{BUILDING}"/>"#);
        }
        // Tree crowns in woods and forest.
        let r = lay.step * 0.1;
        for (terrain, color) in [(Terrain::Woods, "#4f8035"), (Terrain::Forest, "#365f27")] {
            let mut d = String::new();
            for (i, cell) in map.cells.iter().enumerate() {
                if cell.terrain != terrain {
                    continue;
                }
                let (x, y) = lay.center(grid.coord_at(i));
                for (dx, dy) in [(-0.2, 0.02), (0.16, -0.06), (0.0, 0.24)] {
                    circle(&mut d, (x + dx * lay.step, y + dy * lay.step), r);
                }
            }
            if !d.is_empty() {
                let _ = writeln!(out, r#"<path d="{d}" fill="{color}"/>"#);
            }
        }
    }
}

fn draw_overlay_fills(out: &mut String, map: &Map, lay: &Layout, overlays: &[Overlay]) {
    for o in overlays {
        let mut d = String::new();
        for c in HexSet::from_coords(map.grid, o.hexes.iter().copied()).iter() {
            if lay.step >= OUTLINE_STEP {
                lay.hex_path(&mut d, c);
            } else {
                lay.strip_path(&mut d, c, 1);
            }
        }
        if !d.is_empty() {
            let _ = writeln!(
                out,
                r#"<path d="{d}" fill="{}" fill-opacity="0.33"/>"#,
                rgb(o.color)
            );
        }
    }
}

fn draw_overlay_outlines(out: &mut String, lay: &Layout, overlays: &[Overlay]) {
    for o in overlays {
        let d = lay.outline(&o.hexes);
        if !d.is_empty() {
            let _ = writeln!(
                out,
                r#"<path d="{d}" fill="none" stroke="{}" stroke-width="{:.2}" stroke-linecap="round"/>"#,
                rgb(o.color),
                (lay.step * 0.09).max(1.5)
            );
        }
    }
}

/// The smallest text written on a counter, in SVG units (pixels at the card's default size):
/// smaller is unreadable on the card (issue 37 §16 found IDs drawn 1.3 px high).
pub const MIN_COUNTER_TEXT: f64 = 11.0;

/// Counters placed at set-up: a square in the overlay's colour on the hex, with what stands
/// there written on it when the hex is big enough to read it. Text that would be smaller than
/// [`MIN_COUNTER_TEXT`] is written at that size, one ID a line (the first and "+N more" past
/// two), on a plate grown to hold it; the tooltip names every one. A grown plate never covers
/// another counter: one that would overlap another hex's square or a plate already written
/// stays a square with no text (the card's table and the tooltip still name what is there).
fn draw_counters(out: &mut String, lay: &Layout, overlays: &[Overlay]) {
    let side = lay.step * 0.62;
    let all: Vec<(&Overlay, Coord, &String)> = overlays
        .iter()
        .flat_map(|o| o.counters.iter().map(move |(c, t)| (o, *c, t)))
        .collect();
    let square = |c: Coord| {
        let (x, y) = lay.center(c);
        Plate {
            x,
            y,
            w: side,
            h: side,
        }
    };
    let mut written: Vec<Plate> = Vec::new();
    for (i, &(o, c, text)) in all.iter().enumerate() {
        let (x, y) = lay.center(c);
        let fit = (side / (text.chars().count().max(3) as f64 * 0.55)).min(side * 0.4);
        let mut lines: Vec<String> = if fit >= MIN_COUNTER_TEXT {
            vec![text.clone()]
        } else {
            let ids: Vec<&str> = text.split(", ").collect();
            if ids.len() <= 2 {
                ids.iter().map(|s| s.to_string()).collect()
            } else {
                vec![ids[0].to_string(), format!("+{} more", ids.len() - 1)]
            }
        };
        let size = fit.max(MIN_COUNTER_TEXT);
        let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64;
        let mut plate = if fit >= MIN_COUNTER_TEXT || lay.step < COORD_STEP {
            square(c)
        } else {
            Plate {
                x,
                y,
                w: side.max(widest * size * 0.58 + size * 0.6),
                h: side.max(lines.len() as f64 * size * 1.15 + size * 0.4),
            }
        };
        // A plate grown past the map's edge (an entry hex's "1100: Lancers" on the last
        // column) is moved in, whole, rather than cut by the map's frame (issue 37).
        plate = lay.keep_inside(plate);
        let covers_another = (all.iter().enumerate())
            .any(|(j, &(_, d, _))| j != i && d != c && plate.overlaps(&square(d)))
            || written.iter().any(|p| plate.overlaps(p));
        if covers_another {
            plate = square(c);
            lines.clear();
        } else if !lines.is_empty() {
            written.push(plate);
        }
        let _ = writeln!(
            out,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="{:.1}" fill="{}" stroke="{INK}" stroke-width="{:.2}"><title>{}</title></rect>"#,
            plate.x - plate.w / 2.0,
            plate.y - plate.h / 2.0,
            plate.w,
            plate.h,
            side * 0.08,
            rgb(o.color),
            (lay.step * 0.03).max(0.5),
            xml(&format!("{}: {text}", lay.grid.label(c)))
        );
        if lay.step >= COORD_STEP {
            let (x, y) = (plate.x, plate.y);
            let first = y + size * 0.35 - (lines.len() as f64 - 1.0) * size * 1.15 / 2.0;
            for (i, line) in lines.iter().enumerate() {
                let _ = writeln!(
                    out,
                    r#"<text x="{x:.1}" y="{:.1}" font-family="{SANS}" font-size="{size:.1}" font-weight="bold" text-anchor="middle" fill="{HALO}">{}</text>"#,
                    first + i as f64 * size * 1.15,
                    xml(line)
                );
            }
        }
    }
}

/// A counter's plate: its centre and size.
#[derive(Debug, Clone, Copy)]
struct Plate {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

impl Plate {
    /// Do the two plates share any area (touching edges do not count)?
    fn overlaps(&self, o: &Plate) -> bool {
        (self.x - o.x).abs() * 2.0 < self.w + o.w && (self.y - o.y).abs() * 2.0 < self.h + o.h
    }
}

fn draw_feature_outlines(out: &mut String, map: &Map, lay: &Layout) {
    for f in &map.features {
        let d = lay.outline(&f.hexes);
        if d.is_empty() {
            continue;
        }
        let w = (lay.step * 0.04).max(0.8);
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{}" stroke-opacity="0.8" stroke-width="{w:.2}" stroke-dasharray="{:.1} {:.1}"/>"#,
            feature_color(parse_feature_code(&f.code).map(|(l, _)| l)),
            w * 3.0,
            w * 2.0
        );
    }
}

fn draw_ridges(out: &mut String, map: &Map, lay: &Layout) {
    draw_sides(out, lay, map.ridges.iter().map(|k| (*k, RIDGE)), 0.13);
}

/// Hexsides as lines along the side, `width` of a hex thick (at least 1.2), each in its
/// colour: a path per colour, in the colours' order.
fn draw_sides<'c>(
    out: &mut String,
    lay: &Layout,
    sides: impl IntoIterator<Item = (SideKey, &'c str)>,
    width: f64,
) {
    let mut strokes: BTreeMap<&str, String> = BTreeMap::new();
    for (side, stroke) in sides {
        let Some([a, b]) = lay.hexside(side) else {
            continue;
        };
        polyline(strokes.entry(stroke).or_default(), &[a, b], 1);
    }
    for (stroke, d) in &strokes {
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{:.2}" stroke-linecap="round"/>"#,
            (lay.step * width).max(1.2)
        );
    }
}

/// Bridges as a deck along their road, fords as a row of stepping stones.
fn draw_crossings(out: &mut String, map: &Map, lay: &Layout) {
    let s = lay.step;
    for (i, cell) in map.cells.iter().enumerate() {
        let c = map.grid.coord_at(i);
        let (x, y) = lay.center(c);
        match cell.terrain {
            Terrain::Bridge => {
                let angle = road_angle(map, c).unwrap_or(0.0);
                let _ = writeln!(
                    out,
                    r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{BRIDGE}" stroke="{HALO}" stroke-width="{:.1}" transform="rotate({angle:.1} {x:.1} {y:.1})"/>"#,
                    x - s * 0.52,
                    y - s * 0.2,
                    s * 1.04,
                    s * 0.4,
                    (s * 0.03).max(0.5)
                );
            }
            Terrain::Ford => stepping_stones(out, (x, y), s),
            _ => {}
        }
    }
}

/// A ford's mark: a row of stepping stones across the hex centre, for hexes `s` units apart.
fn stepping_stones(out: &mut String, (x, y): (f64, f64), s: f64) {
    let r = (s * 0.085).max(0.8);
    let mut d = String::new();
    for k in -2..=2 {
        let cy = y + if k % 2 == 0 { s * 0.05 } else { -s * 0.05 };
        circle(&mut d, (x + f64::from(k) * s * 0.19, cy), r);
    }
    let _ = writeln!(
        out,
        r#"<path d="{d}" fill="{FORD_MARK}" stroke="{INK}" stroke-width="{:.2}"/>"#,
        (s * 0.015).max(0.3)
    );
}

/// The direction (degrees, screen space) of the road through a hex, if a road passes it.
fn road_angle(map: &Map, c: Coord) -> Option<f64> {
    for road in &map.roads {
        if let Some(i) = road.hexes.iter().position(|h| *h == c) {
            let prev = road.hexes[i.saturating_sub(1)];
            let next = road.hexes[(i + 1).min(road.hexes.len() - 1)];
            let (a, b) = (map.grid.center(prev), map.grid.center(next));
            if prev != next {
                return Some((b.1 - a.1).atan2(b.0 - a.0).to_degrees());
            }
        }
    }
    None
}

fn draw_roads(out: &mut String, map: &Map, lay: &Layout) {
    let s = lay.step;
    let (mut minor, mut main) = (String::new(), String::new());
    for road in &map.roads {
        let d = match road.kind {
            RoadKind::Minor => &mut minor,
            RoadKind::Main => &mut main,
        };
        // Clipped to the map: a stretch through hexes off the map (a map with errors) is left
        // out, so that no coordinate reaches the rasteriser from outside the drawing.
        for run in road.hexes.split(|c| !map.grid.contains(*c)) {
            let points: Vec<_> = run.iter().map(|c| lay.center(*c)).collect();
            polyline(d, &points, 1);
        }
    }
    let line = |out: &mut String, d: &str, color: &str, width: f64| {
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{color}" stroke-width="{width:.2}" stroke-linecap="round" stroke-linejoin="round"/>"#
        );
    };
    if !minor.is_empty() {
        line(out, &minor, MINOR_ROAD, (s * 0.07).max(0.8));
    }
    if !main.is_empty() {
        line(out, &main, MAIN_ROAD_CASING, (s * 0.19).max(1.6));
        line(out, &main, MAIN_ROAD, (s * 0.1).max(0.8));
    }
}

fn draw_coordinates(out: &mut String, map: &Map, lay: &Layout) {
    let size = lay.step * 0.2;
    // Dark numbers on light terrain, light numbers on the dark forest and water.
    for (light_ground, fill) in [(true, "#3d3428"), (false, "#f3f0e2")] {
        let _ = writeln!(
            out,
            r#"<g font-family="{MONO}" font-size="{size:.1}" text-anchor="middle" fill="{fill}" fill-opacity="0.85">"#
        );
        for (i, cell) in map.cells.iter().enumerate() {
            let dark = matches!(
                cell.terrain,
                Terrain::Forest | Terrain::River | Terrain::Bridge
            );
            if dark == light_ground {
                continue;
            }
            let c = map.grid.coord_at(i);
            let (x, y) = lay.center(c);
            let _ = writeln!(
                out,
                r#"<text x="{x:.1}" y="{:.1}">{}</text>"#,
                y - lay.step * 0.27,
                map.grid.label(c)
            );
        }
        out.push_str("</g>\n");
    }
}

fn draw_labels(out: &mut String, map: &Map, lay: &Layout, scale: f64) {
    // Labels stay readable on small hexes: never below a fixed share of the map extent.
    let size = (lay.step * 0.42).max(MAP_EXTENT / 160.0) * scale;
    for f in &map.features {
        let Some(at) = f
            .label
            .or_else(|| f.hexes.first().copied())
            .filter(|c| map.grid.contains(*c))
        else {
            continue;
        };
        // Below the centre, so that roads and bridges through the label hex stay visible; on
        // small hexes the label is bigger than the hex and is centred.
        let (x, cy) = lay.center(at);
        let y = if lay.step >= COORD_STEP {
            cy + lay.step * 0.2
        } else {
            cy
        };
        let color = feature_color(parse_feature_code(&f.code).map(|(l, _)| l));
        let bold = r#" font-weight="bold""#;
        label(out, (x, y), &f.code, (MONO, size, color), size * 0.3, bold);
        if let Some(name) = &f.name {
            let font = (SANS, size * 0.6, color);
            label(out, (x, y + size * 0.95), name, font, size * 0.2, "");
        }
    }
    let (font, italic) = ((SANS, size * 0.85, INK), r#" font-style="italic""#);
    for l in map.labels.iter().filter(|l| map.grid.contains(l.at)) {
        label(out, lay.center(l.at), &l.text, font, size * 0.22, italic);
    }
}

fn draw_title(out: &mut String, map: &Map, lay: &Layout, title: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="40" font-family="{SANS}" font-size="30" fill="{INK}">{}</text>"#,
        lay.origin.0,
        xml(title)
    );
    let shape = match map.grid.orientation {
        Orientation::Flat => "flat-topped hexes",
        Orientation::Pointy => "pointy-topped hexes",
    };
    let _ = writeln!(
        out,
        r##"<text x="{:.1}" y="64" font-family="{SANS}" font-size="16" fill="#5a4e3e">{} · {} × {} hexes, {shape} · hex numbers CCRR (column, row)</text>"##,
        lay.origin.0,
        xml(&map.name),
        map.grid.width,
        map.grid.height,
    );
}

#[cfg(test)]
mod tests;
