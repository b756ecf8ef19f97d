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

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

use crate::hex::{Coord, Grid, Orientation};
use crate::map::{FeatureLetter, Map, RoadKind, parse_feature_code};
use crate::ruleset::Terrain;
use crate::zone::HexSet;

/// A set of hexes drawn over the map as a translucent fill with an outline and a legend entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overlay {
    /// Legend text ("French (a) deployment").
    pub name: String,
    /// Fill and outline colour, RGB.
    pub color: [u8; 3],
    /// The hexes.
    pub hexes: Vec<Coord>,
}

/// Distinct overlay colours, to hand out in turn to a scenario's zones.
pub const OVERLAY_COLORS: [[u8; 3]; 8] = [
    [214, 39, 40],
    [31, 119, 180],
    [148, 52, 180],
    [255, 127, 14],
    [23, 160, 150],
    [227, 60, 160],
    [90, 90, 90],
    [188, 160, 20],
];

/// The `i`-th overlay colour, cycling through [`OVERLAY_COLORS`].
pub fn overlay_color(i: usize) -> [u8; 3] {
    OVERLAY_COLORS[i % OVERLAY_COLORS.len()]
}

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

/// The widest PNG made; wider requests are scaled down.
pub const MAX_PNG_SIDE: u32 = 12000;
/// The most pixels in one PNG.
pub const MAX_PNG_PIXELS: u64 = 50_000_000;

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
const SLOPE: &str = "#8a5a2b";
const RIDGE: &str = "#4a2608";
const MAIN_ROAD_CASING: &str = "#5b1d0e";
const MAIN_ROAD: &str = "#e8b04b";
const MINOR_ROAD: &str = "#6e4a2a";
const BRIDGE: &str = "#3b3b3b";
const FORD_MARK: &str = "#d9c79a";
const BUILDING: &str = "#6b2a1a";

/// The fill of a hex terrain.
fn terrain_color(t: Terrain) -> &'static str {
    match t {
        Terrain::Clear => "#e9e4c4",
        Terrain::Village => "#d9a882",
        Terrain::Woods => "#86b061",
        Terrain::Forest => "#4e7d3a",
        Terrain::River => "#5d9fd6",
        Terrain::Ford => "#9cc9ec",
        Terrain::Bridge => "#5d9fd6",
    }
}

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

    fn corners(&self, c: Coord) -> [(f64, f64); 6] {
        self.grid.corners(c).map(|p| self.pt(p))
    }

    /// Append the hexagon of `c` to path data.
    fn hex_path(&self, d: &mut String, c: Coord) {
        let k = self.corners(c);
        let _ = write!(d, "M{:.1} {:.1}", k[0].0, k[0].1);
        for p in &k[1..] {
            let _ = write!(d, "L{:.1} {:.1}", p.0, p.1);
        }
        d.push('Z');
    }

    /// Append the outline of a set of hexes (sides whose neighbour is outside the set).
    fn boundary_path(&self, d: &mut String, set: &HexSet) {
        for c in set.iter() {
            let k = self.corners(c);
            for (i, n) in self.grid.side_neighbors(c).into_iter().enumerate() {
                if !set.contains(n) {
                    let (a, b) = (k[i], k[(i + 1) % 6]);
                    let _ = write!(d, "M{:.1} {:.1}L{:.1} {:.1}", a.0, a.1, b.0, b.1);
                }
            }
        }
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

/// Escape text for XML.
pub(crate) fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// `#rrggbb` of an RGB colour.
pub(crate) fn rgb([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// A centred text with a light halo, legible on any terrain.
#[allow(clippy::too_many_arguments)]
fn label(
    out: &mut String,
    (x, y): (f64, f64),
    text: &str,
    family: &str,
    size: f64,
    fill: &str,
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
}

impl Default for MapStyle {
    fn default() -> MapStyle {
        MapStyle {
            coordinates: true,
            label_scale: 1.0,
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
pub fn map_svg(map: &Map, overlays: &[Overlay], title: &str) -> String {
    let lay = Layout::new(map.grid, (MARGIN, TITLE_BAND));
    let legend_x = lay.origin.0 + lay.size.0 + MARGIN;
    let legend = legend_rows(overlays);
    let legend_h = legend_height(&legend);
    let width = legend_x + LEGEND_WIDTH + MARGIN;
    let height = lay.origin.1 + lay.size.1.max(legend_h) + MARGIN;
    let mut out = String::with_capacity(4096 + map.grid.len() * 64);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}">"#
    );
    let _ = writeln!(
        out,
        r#"<rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="{PAPER}"/>"#
    );
    draw_map(&mut out, map, &lay, overlays, MapStyle::default());
    draw_title(&mut out, map, &lay, title);
    draw_legend(&mut out, &lay, &legend, legend_x);
    out.push_str("</svg>\n");
    out
}

/// Every layer of the map itself, bottom to top.
fn draw_map(out: &mut String, map: &Map, lay: &Layout, overlays: &[Overlay], style: MapStyle) {
    let s = lay.step;
    draw_terrain(out, map, lay);
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
    draw_overlay_outlines(out, map, lay, overlays);
    draw_ridges(out, map, lay);
    draw_crossings(out, map, lay);
    draw_roads(out, map, lay);
    if style.coordinates && s >= COORD_STEP {
        draw_coordinates(out, map, lay);
    }
    draw_labels(out, map, lay, style.label_scale);
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
        let _ = writeln!(out, r#"<path d="{d}" fill="{}"/>"#, terrain_color(*t));
    }
    if !slopes.is_empty() {
        let _ = writeln!(
            out,
            r#"<path d="{slopes}" fill="{SLOPE}" fill-opacity="0.38"/>"#
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
                    let (tx, ty) = (x + dx * lay.step, y + dy * lay.step);
                    let _ = write!(
                        d,
                        "M{:.1} {ty:.1}a{r:.1} {r:.1} 0 1 0 {:.1} 0a{r:.1} {r:.1} 0 1 0 {:.1} 0Z",
                        tx - r,
                        2.0 * r,
                        -2.0 * r
                    );
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
        let set = HexSet::from_coords(map.grid, o.hexes.iter().copied());
        if lay.step >= OUTLINE_STEP {
            for c in set.iter() {
                lay.hex_path(&mut d, c);
            }
        } else {
            for c in set.iter() {
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

fn draw_overlay_outlines(out: &mut String, map: &Map, lay: &Layout, overlays: &[Overlay]) {
    for o in overlays {
        let set = HexSet::from_coords(map.grid, o.hexes.iter().copied());
        let mut d = String::new();
        lay.boundary_path(&mut d, &set);
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

fn draw_feature_outlines(out: &mut String, map: &Map, lay: &Layout) {
    for f in &map.features {
        let set = HexSet::from_coords(map.grid, f.hexes.iter().copied());
        let mut d = String::new();
        lay.boundary_path(&mut d, &set);
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
    let mut d = String::new();
    for key in &map.ridges {
        // Draw each ridge from whichever of its two hexes is on the map.
        let (hex, other) = if map.grid.contains(key.0) {
            (key.0, key.1)
        } else if map.grid.contains(key.1) {
            (key.1, key.0)
        } else {
            // Clipped to the map: a hexside with neither hex on it is not drawn.
            continue;
        };
        let Some(i) = map
            .grid
            .side_neighbors(hex)
            .iter()
            .position(|n| *n == other)
        else {
            continue;
        };
        let k = lay.corners(hex);
        let (a, b) = (k[i], k[(i + 1) % 6]);
        let _ = write!(d, "M{:.1} {:.1}L{:.1} {:.1}", a.0, a.1, b.0, b.1);
    }
    if !d.is_empty() {
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{RIDGE}" stroke-width="{:.2}" stroke-linecap="round"/>"#,
            (lay.step * 0.13).max(1.2)
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
        let cx = x + f64::from(k) * s * 0.19;
        let cy = y + if k % 2 == 0 { s * 0.05 } else { -s * 0.05 };
        let _ = write!(
            d,
            "M{:.1} {cy:.1}a{r:.1} {r:.1} 0 1 0 {:.1} 0a{r:.1} {r:.1} 0 1 0 {:.1} 0Z",
            cx - r,
            2.0 * r,
            -2.0 * r
        );
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
    // Clipped to the map: a stretch through hexes off the map (a map with errors) is left
    // out, so that no coordinate reaches the rasteriser from outside the drawing.
    let polyline = |hexes: &[Coord]| {
        let mut d = String::new();
        let mut pen_down = false;
        for c in hexes {
            if !map.grid.contains(*c) {
                pen_down = false;
                continue;
            }
            let (x, y) = lay.center(*c);
            let _ = write!(d, "{}{x:.1} {y:.1}", if pen_down { 'L' } else { 'M' });
            pen_down = true;
        }
        d
    };
    let mut minor = String::new();
    let mut main = String::new();
    for road in &map.roads {
        match road.kind {
            RoadKind::Minor => minor.push_str(&polyline(&road.hexes)),
            RoadKind::Main => main.push_str(&polyline(&road.hexes)),
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
        label(
            out,
            (x, y),
            &f.code,
            MONO,
            size,
            color,
            size * 0.3,
            r#" font-weight="bold""#,
        );
        if let Some(name) = &f.name {
            label(
                out,
                (x, y + size * 0.95),
                name,
                SANS,
                size * 0.6,
                color,
                size * 0.2,
                "",
            );
        }
    }
    for l in map.labels.iter().filter(|l| map.grid.contains(l.at)) {
        label(
            out,
            lay.center(l.at),
            &l.text,
            SANS,
            size * 0.85,
            INK,
            size * 0.22,
            r#" font-style="italic""#,
        );
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

/// One legend swatch.
pub(crate) enum Swatch {
    Hex(&'static str),
    HexOver(&'static str, &'static str, f64),
    Line(&'static str, f64),
    Road,
    Bridge,
    Ford,
    Dashed(&'static str),
    Overlay(String),
}

/// The legend's rows: the map key, then the overlays.
fn legend_rows(overlays: &[Overlay]) -> Vec<(Swatch, Vec<String>)> {
    let mut rows = map_key_rows();
    for o in overlays {
        rows.push((
            Swatch::Overlay(rgb(o.color)),
            vec![format!("{} ({})", o.name, hex_count(o.hexes.len()))],
        ));
    }
    rows
}

/// "1 hex", "12 hexes".
pub(crate) fn hex_count(n: usize) -> String {
    if n == 1 {
        "1 hex".to_string()
    } else {
        format!("{n} hexes")
    }
}

/// The map key's rows: a swatch and one or more lines of text for each kind of terrain,
/// hexside, road and feature.
pub(crate) fn map_key_rows() -> Vec<(Swatch, Vec<String>)> {
    let one = |swatch, text: &str| (swatch, vec![text.to_string()]);
    vec![
        one(Swatch::Hex(terrain_color(Terrain::Clear)), "Clear: 1 MP"),
        one(
            Swatch::Hex(terrain_color(Terrain::Village)),
            "Village: 1 MP, blocks sight",
        ),
        one(
            Swatch::Hex(terrain_color(Terrain::Woods)),
            "Woods: 2 MP, blocks sight",
        ),
        one(
            Swatch::Hex(terrain_color(Terrain::Forest)),
            "Forest: as woods",
        ),
        one(
            Swatch::HexOver(terrain_color(Terrain::Clear), SLOPE, 0.38),
            "Slope: 2 MP, higher ground",
        ),
        one(Swatch::Hex(terrain_color(Terrain::River)), "River: 3 MP"),
        one(Swatch::Ford, "Ford: 2 MP"),
        one(Swatch::Bridge, "Bridge: 3 MP off the road"),
        one(
            Swatch::Line(RIDGE, 0.13),
            "Ridge hexside: +1 MP, blocks sight",
        ),
        one(Swatch::Road, "Main road: 1/3 MP along it"),
        one(
            Swatch::Line(MINOR_ROAD, 0.07),
            "Minor road: 1/3 MP along it",
        ),
        (
            Swatch::Dashed(feature_color(Some(FeatureLetter::H))),
            vec![
                "Feature and its number:".to_string(),
                "V village, H hill, W woods,".to_string(),
                "R river, J river junction,".to_string(),
                "F ford, B bridge".to_string(),
            ],
        ),
    ]
}

/// Height of the legend box for these rows.
fn legend_height(rows: &[(Swatch, Vec<String>)]) -> f64 {
    let lines: usize = rows.iter().map(|(_, t)| t.len()).sum();
    let extra = lines - rows.len();
    56.0 + LEGEND_ROW * rows.len() as f64 + LEGEND_LINE * extra as f64
}

fn draw_legend(out: &mut String, lay: &Layout, rows: &[(Swatch, Vec<String>)], x0: f64) {
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

/// A legend swatch centred on `(cx, cy)`, about 28 units across.
pub(crate) fn draw_swatch(out: &mut String, swatch: &Swatch, (cx, cy): (f64, f64)) {
    // Swatches are drawn at a fixed hex size so the legend reads the same on every map.
    let hs = 24.0;
    let hex_at = |cx: f64, cy: f64| {
        let r = hs / 3f64.sqrt();
        let mut d = String::new();
        for i in 0..6 {
            let a = (60.0 * f64::from(i)).to_radians();
            let _ = write!(
                d,
                "{}{:.1} {:.1}",
                if i == 0 { 'M' } else { 'L' },
                cx + r * a.cos(),
                cy + r * a.sin()
            );
        }
        d.push('Z');
        d
    };
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
                terrain_color(Terrain::Bridge),
                cx - 12.5,
                cy - 5.0
            );
        }
        Swatch::Ford => {
            let _ = writeln!(
                out,
                r#"<path d="{}" fill="{}" stroke="{GRID_LINE}" stroke-width="0.8"/>"#,
                hex_at(cx, cy),
                terrain_color(Terrain::Ford)
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
        Swatch::Overlay(color) => {
            let _ = writeln!(
                out,
                r#"<path d="{}" fill="{color}" fill-opacity="0.33" stroke="{color}" stroke-width="3"/>"#,
                hex_at(cx, cy)
            );
        }
    }
}

/// The font database: the embedded fonts only, so output does not depend on the machine.
pub(crate) fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_font_data(epaint_default_fonts::UBUNTU_LIGHT.to_vec());
            db.load_font_data(epaint_default_fonts::HACK_REGULAR.to_vec());
            db.set_sans_serif_family(SANS);
            db.set_monospace_family(MONO);
            Arc::new(db)
        })
        .clone()
}

/// Rasterise an SVG to PNG bytes, `width_px` wide (height keeps the aspect ratio). The size
/// is capped at [`MAX_PNG_SIDE`] on either side and [`MAX_PNG_PIXELS`] in all.
pub fn svg_to_png(svg: &str, width_px: u32) -> Result<Vec<u8>, RenderError> {
    let opt = usvg::Options {
        font_family: SANS.to_string(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| RenderError::Svg(e.to_string()))?;
    let size = tree.size();
    let (w, h) = (f64::from(size.width()), f64::from(size.height()));
    if w <= 0.0 || h <= 0.0 {
        return Err(RenderError::Empty);
    }
    let (pw, ph, scale) = png_size(w, h, width_px);
    let mut pixmap = tiny_skia::Pixmap::new(pw, ph).ok_or(RenderError::Empty)?;
    pixmap.fill(tiny_skia::Color::WHITE);
    let transform = tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}

/// The pixel size and scale of a PNG of an SVG `w × h` units asked `width_px` wide, within the
/// caps.
fn png_size(w: f64, h: f64, width_px: u32) -> (u32, u32, f32) {
    let mut scale = f64::from(width_px.clamp(1, MAX_PNG_SIDE)) / w;
    scale = scale.min(f64::from(MAX_PNG_SIDE) / h);
    let pixels = (w * scale) * (h * scale);
    if pixels > MAX_PNG_PIXELS as f64 {
        scale *= (MAX_PNG_PIXELS as f64 / pixels).sqrt();
    }
    // Round down so that the caps hold.
    let pw = ((w * scale).floor() as u32).max(1);
    let ph = ((h * scale).floor() as u32).max(1);
    (pw, ph, scale as f32)
}

/// The map as a PNG, `width_px` wide: [`map_svg`] then [`svg_to_png`].
pub fn map_png(
    map: &Map,
    overlays: &[Overlay],
    title: &str,
    width_px: u32,
) -> Result<Vec<u8>, RenderError> {
    svg_to_png(&map_svg(map, overlays, title), width_px)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{Cell, Feature, Road, SideKey};

    /// A small map with every kind of terrain, a ridge, both kinds of road, a bridge and a ford.
    fn sample() -> Map {
        let mut m = Map::blank("sample", "Sample & <test>", 8, 6);
        let put = |m: &mut Map, c: Coord, terrain: Terrain, slope: bool| {
            m.set_cell(c, Cell { terrain, slope });
        };
        put(&mut m, Coord(2, 2), Terrain::Village, false);
        put(&mut m, Coord(3, 2), Terrain::Woods, true);
        put(&mut m, Coord(3, 3), Terrain::Clear, true);
        put(&mut m, Coord(1, 5), Terrain::Forest, false);
        for r in 1..=6 {
            put(&mut m, Coord(6, r), Terrain::River, false);
        }
        put(&mut m, Coord(6, 3), Terrain::Bridge, false);
        put(&mut m, Coord(6, 5), Terrain::Ford, false);
        m.ridges.insert(SideKey::new(Coord(3, 3), Coord(3, 4)));
        m.roads.push(Road {
            name: Some("East".into()),
            kind: RoadKind::Main,
            hexes: vec![
                Coord(2, 2),
                Coord(3, 3),
                Coord(4, 2),
                Coord(5, 3),
                Coord(6, 3),
                Coord(7, 3),
                Coord(8, 2),
            ],
        });
        m.roads.push(Road {
            name: None,
            kind: RoadKind::Minor,
            hexes: vec![Coord(2, 2), Coord(2, 3), Coord(2, 4)],
        });
        m.features.push(Feature {
            code: "V4".into(),
            name: None,
            hexes: vec![Coord(2, 2)],
            label: None,
        });
        m.features.push(Feature {
            code: "H26".into(),
            name: Some("Cemetery Hill".into()),
            hexes: vec![Coord(3, 2), Coord(3, 3)],
            label: Some(Coord(3, 3)),
        });
        m.features.push(Feature {
            code: "B14".into(),
            name: None,
            hexes: vec![Coord(6, 3)],
            label: None,
        });
        m
    }

    #[test]
    fn svg_has_one_hexagon_per_hex_and_the_labels() {
        let m = sample();
        let overlay = Overlay {
            name: "French (a)".into(),
            color: [200, 30, 30],
            hexes: vec![Coord(1, 1), Coord(1, 2)],
        };
        let svg = map_svg(&m, &[overlay], "Test map");
        for code in [
            "V4",
            "H26",
            "B14",
            "Cemetery Hill",
            "Test map",
            "French (a) (2 hexes)",
        ] {
            assert!(svg.contains(&format!(">{code}<")), "{code}");
        }
        // The map name is escaped.
        assert!(svg.contains("Sample &amp; &lt;test&gt;"));
        // The hex grid path has one closed hexagon per hex.
        let grid = svg
            .lines()
            .find(|l| l.contains(&format!(r#"stroke="{GRID_LINE}" stroke-opacity"#)))
            .expect("grid path");
        assert_eq!(grid.matches('Z').count(), 8 * 6);
        // Every hex has its coordinate.
        assert!(svg.contains(">0101<") && svg.contains(">0806<"));
        let coordinates = svg
            .lines()
            .filter_map(|l| l.strip_suffix("</text>")?.rsplit_once('>'))
            .filter(|(_, t)| t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()))
            .count();
        assert_eq!(coordinates, 8 * 6);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn map_body_is_the_map_alone_at_the_origin() {
        let m = sample();
        let full = map_body(&m, &[], MapStyle::default());
        assert!(!full.svg.contains("<svg") && !full.svg.contains("Legend"));
        assert!(full.svg.contains(">0101<") && full.svg.contains(">V4<"));
        // The map starts at the origin: no point of the drawing lies left of or above it.
        let lay = Layout::new(m.grid, (0.0, 0.0));
        let (x, y) = lay.corners(Coord(1, 1))[0];
        assert!(x >= -1e-9 && y >= -1e-9 && x < full.width && y < full.height);
        // The same map as the document draws, shifted.
        let doc = map_svg(&m, &[], "T");
        let shifted = Layout::new(m.grid, (MARGIN, TITLE_BAND));
        assert!((shifted.size.0 - full.width).abs() < 1e-9);
        assert!(doc.contains(&format!("M{:.1} {:.1}", x + MARGIN, y + TITLE_BAND)));
        // Without coordinates, with labels half as big again.
        let print = map_body(
            &m,
            &[],
            MapStyle {
                coordinates: false,
                label_scale: 1.5,
            },
        );
        assert!(!print.svg.contains(">0101<") && print.svg.contains(">V4<"));
        let size = |svg: &str| -> f64 {
            let line = svg.lines().find(|l| l.contains(">V4<")).expect("V4 label");
            let at = line.find("font-size=\"").expect("size") + 11;
            line[at..]
                .split('"')
                .next()
                .expect("value")
                .parse()
                .expect("number")
        };
        assert!((size(&print.svg) / size(&full.svg) - 1.5).abs() < 0.01);
    }

    #[test]
    fn png_decodes_and_is_drawn() {
        let png = map_png(&sample(), &[], "Test map", 600).expect("png");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let pixmap = tiny_skia::Pixmap::decode_png(&png).expect("decodes");
        assert_eq!(pixmap.width(), 600);
        assert!(pixmap.height() > 100);
        let first = pixmap.pixels()[0];
        assert!(pixmap.pixels().iter().any(|p| *p != first));
        // Terrain colours are present: some pixel is river blue.
        assert!(
            pixmap
                .pixels()
                .iter()
                .any(|p| (p.red(), p.green(), p.blue()) == (0x5d, 0x9f, 0xd6))
        );
    }

    #[test]
    fn text_renders_with_the_embedded_fonts() {
        let db = fonts();
        let families: Vec<String> = db
            .faces()
            .flat_map(|f| f.families.iter().map(|(n, _)| n.clone()))
            .collect();
        assert!(families.iter().any(|f| f == SANS), "{families:?}");
        assert!(families.iter().any(|f| f == MONO), "{families:?}");
        // A text-only SVG draws ink.
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="10" y="40" font-family="{MONO}" font-size="30">V4 H26</text></svg>"#
        );
        let png = svg_to_png(&svg, 200).expect("png");
        let pixmap = tiny_skia::Pixmap::decode_png(&png).expect("decodes");
        assert!(pixmap.pixels().iter().any(|p| p.red() < 128));
    }

    #[test]
    fn big_maps_drop_small_details() {
        let mut m = Map::blank("big", "Big", 300, 300);
        for r in 1..=300 {
            m.set_cell(
                Coord(150, r),
                Cell {
                    terrain: Terrain::River,
                    slope: false,
                },
            );
        }
        let svg = map_svg(&m, &[], "Big");
        // No coordinates, no grid, terrain in column strips.
        assert!(!svg.contains(">0101<") && !svg.contains(">001.001<"));
        assert!(!svg.contains("stroke-opacity=\"0.45\""));
        assert!(svg.len() < 200_000, "{}", svg.len());
    }

    #[test]
    fn png_size_is_capped() {
        assert_eq!(png_size(100.0, 50.0, 200), (200, 100, 2.0));
        // Too tall: the height cap wins.
        let (w, h, _) = png_size(10.0, 1000.0, 100_000);
        assert_eq!((w, h), (120, MAX_PNG_SIDE));
        // Too many pixels: scaled down to the pixel cap.
        let (w, h, _) = png_size(1000.0, 1000.0, 100_000);
        assert!(w <= MAX_PNG_SIDE && h <= MAX_PNG_SIDE);
        assert!(u64::from(w) * u64::from(h) <= MAX_PNG_PIXELS);
        assert!(u64::from(w) * u64::from(h) > MAX_PNG_PIXELS * 99 / 100);
        // A tiny request still makes a pixel.
        assert_eq!(png_size(1000.0, 10.0, 1).0, 1);
    }

    #[test]
    fn overlays_are_filled_outlined_and_listed() {
        let m = sample();
        let zone = Overlay {
            name: "Austrian <a>".into(),
            color: overlay_color(1),
            hexes: vec![Coord(1, 1), Coord(2, 1), Coord(9, 9)],
        };
        let svg = map_svg(&m, std::slice::from_ref(&zone), "Zones");
        let color = rgb(zone.color);
        assert_eq!(color, "#1f77b4");
        let fill = svg
            .lines()
            .find(|l| l.contains(&format!(r#"fill="{color}" fill-opacity="0.33""#)))
            .expect("overlay fill");
        // Two on-map hexes filled; the off-map one is dropped.
        assert_eq!(fill.matches('Z').count(), 2);
        let outline = svg
            .lines()
            .find(|l| l.contains(&format!(r#"fill="none" stroke="{color}""#)))
            .expect("overlay outline");
        // Two neighbouring hexes: 12 sides less the 2 shared ones (one per hex).
        assert_eq!(outline.matches('M').count(), 10);
        assert!(svg.contains(">Austrian &lt;a&gt; (3 hexes)<"));
    }

    #[test]
    fn pointy_maps_render_too() {
        let mut m = sample();
        m.grid.orientation = Orientation::Pointy;
        let svg = map_svg(&m, &[], "Pointy");
        assert!(svg.contains("pointy-topped hexes"));
        let png = svg_to_png(&svg, 300).expect("png");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    }

    #[test]
    fn bad_svg_is_an_error() {
        assert!(matches!(svg_to_png("<svg", 100), Err(RenderError::Svg(_))));
    }
}
