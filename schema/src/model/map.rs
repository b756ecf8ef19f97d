//! Maps: the file form ([`MapFile`], what the JSON Schema describes) and the in-memory form
//! ([`Map`], what the compiler, the editor and the export use).
//!
//! Terrain is written as one string per row, one character per hex, so that a map reads like
//! the printed sheet and diffs well:
//!
//! | char | terrain | on a slope |
//! |------|---------|------------|
//! | `.`  | clear   | `^`        |
//! | `v`  | village | `V`        |
//! | `w`  | woods   | `W`        |
//! | `f`  | forest  | `F`        |
//! | `~`  | river   |            |
//! | `=`  | ford    |            |
//! | `#`  | bridge  |            |

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg};
use crate::model::chart::KindTerrain;
pub use crate::model::hex::SideKey;
use crate::model::hex::{Compass, Coord, Edge, Grid, Orientation, Parity};
use crate::model::hex_set::HexSet;
use crate::model::limits;
use crate::path;
use crate::ruleset::{
    FEATURE_PATTERN, FeatureLetter, Game, Ruleset, TERRAIN_ROW_PATTERN, Terrain, for_game,
};

/// The `format` value of a map file this version reads and writes.
pub const MAP_FORMAT: &str = "saber-map/1";

/// A map file as written on disk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Rifle & Saber map")]
pub struct MapFile {
    /// The JSON Schema this file follows (`"$schema": "https://rifle-and-saber.invalid/schema/map.schema.json"`
    /// or a path to the copy in `schema/`), for editors' completion and hover. JSON files only;
    /// saberc does not read it.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = limits::MAX_MAP_REF))]
    pub schema: Option<String>,
    /// File format and version: `saber-map/1`.
    #[schemars(regex(pattern = r"^saber-map/[0-9]+$"))]
    pub format: String,
    /// The game the map is for; absent: Rifle & Saber.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Game>,
    /// Short identifier that scenarios use to name the map (`rifle-and-saber`).
    #[schemars(regex(pattern = limits::FILE_ID_PATTERN))]
    pub id: String,
    /// Display name.
    #[schemars(length(max = limits::MAX_NAME))]
    pub name: String,
    /// Free notes: provenance, what the map was derived from.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_TEXT))]
    pub notes: String,
    /// Number of columns.
    #[schemars(range(min = 1, max = limits::MAX_MAP_SIDE))]
    pub width: u32,
    /// Number of rows.
    #[schemars(range(min = 1, max = limits::MAX_MAP_SIDE))]
    pub height: u32,
    /// Hex orientation.
    #[serde(default)]
    pub orientation: Orientation,
    /// Which columns (flat) or rows (pointy) are shoved half a hex.
    #[serde(default)]
    pub parity: Parity,
    /// Terrain, one string per row from north to south, one character per hex from west to
    /// east: `.` clear, `v` village, `w` woods, `f` forest, `~` river, `=` ford, `#` bridge;
    /// `^` `V` `W` `F` are clear, village, woods and forest on a slope.
    #[schemars(length(max = limits::MAX_MAP_SIDE), inner(regex(pattern = TERRAIN_ROW_PATTERN)))]
    pub terrain: Vec<String>,
    /// Ridge hexsides (5.1G, 9.2): a hex and the side of it, e.g. `((12, 7), NE)`.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_HEX_LIST))]
    pub ridges: Vec<Hexside>,
    /// Roads as paths of adjacent hexes; consecutive hexes share a road hexside (4M).
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS))]
    pub roads: Vec<Road>,
    /// Numbered terrain features (11.0): `V4`, `H26`, `R1` …
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS))]
    pub features: Vec<Feature>,
    /// Free text labels.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ITEMS))]
    pub labels: Vec<Label>,
}

impl MapFile {
    /// The hexes whose terrain character the legend does not know (MAP002): a map built from
    /// the file shows them as clear, a stand-in the map checks must not judge.
    pub fn unread_hexes(&self, grid: Grid) -> HexSet {
        let rules = for_game(self.game);
        let mut unread = HexSet::empty(grid);
        for (r, row) in self.terrain.iter().enumerate().take(grid.height as usize) {
            for (c, ch) in row.chars().enumerate().take(grid.width as usize) {
                if Cell::from_char(ch, rules).is_none() {
                    unread.insert(Coord(c as i32 + 1, r as i32 + 1));
                }
            }
        }
        unread
    }
}

/// A hexside: a hex and which of its six sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct Hexside(pub Coord, pub Compass);

/// Main roads carry a name (11.0); minor roads need none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
pub enum RoadKind {
    /// One of the named main roads.
    Main,
    /// Any other road.
    #[default]
    Minor,
}

/// A road: a path of adjacent hexes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Road {
    /// Name: the main roads are named by the edge they leave the map at (`South`, `East`,
    /// `Northwest`, 11.0).
    #[serde(default)]
    #[schemars(length(max = limits::MAX_ROAD_NAME))]
    pub name: Option<String>,
    /// Main or minor road.
    #[serde(default)]
    pub kind: RoadKind,
    /// The hexes in order; each is adjacent to the one before.
    #[schemars(length(min = 2, max = limits::MAX_HEX_LIST))]
    pub hexes: Vec<Coord>,
}

/// Split a feature code such as `H26` into letter and number.
pub fn parse_feature_code(code: &str) -> Option<(FeatureLetter, u32)> {
    let mut chars = code.chars();
    let letter = FeatureLetter::from_char(chars.next()?)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if digits.starts_with('0') {
        return None;
    }
    Some((letter, digits.parse().ok()?))
}

/// A numbered terrain feature and the hexes it covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    /// Letter and number, e.g. `V4` or `H26`; a number is never reused across letters (11.0).
    #[schemars(regex(pattern = FEATURE_PATTERN))]
    pub code: String,
    /// Optional proper name ("Ponte Vecchio").
    #[serde(default)]
    #[schemars(length(max = limits::MAX_NAME))]
    pub name: Option<String>,
    /// The hexes of the feature.
    #[schemars(length(min = 1, max = limits::MAX_HEX_LIST))]
    pub hexes: Vec<Coord>,
    /// Where its label is drawn; defaults to its first hex.
    #[serde(default)]
    pub label: Option<Coord>,
}

/// A free text label on the map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Label {
    /// The text.
    #[schemars(length(min = 1, max = limits::MAX_NAME))]
    pub text: String,
    /// The hex it is centred on.
    pub at: Coord,
}

/// What is in one hex: its terrain and whether it is a slope.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
pub struct Cell {
    /// Hex terrain.
    pub terrain: Terrain,
    /// Slope hex (hill side): 2 MP, defense doubled, higher ground for sight (9.2, errata 5.1G).
    pub slope: bool,
}

impl Cell {
    /// The file character for this cell in a game's terrain legend.
    pub fn to_char(self, rules: &Ruleset) -> char {
        rules.legend_char(self.terrain, self.slope)
    }

    /// The cell for a file character, if the game's legend has it.
    pub fn from_char(c: char, rules: &Ruleset) -> Option<Cell> {
        let (terrain, slope) = rules.legend_cell(c)?;
        Some(Cell { terrain, slope })
    }
}

/// A map in memory: dense terrain, indexed hexsides, features by code.
#[derive(Debug, Clone, PartialEq)]
pub struct Map {
    /// The game the map is for, as its file says (absent: Rifle & Saber).
    pub game: Option<Game>,
    /// Identifier scenarios use.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Notes.
    pub notes: String,
    /// Size, orientation, parity.
    pub grid: Grid,
    /// Row-major cells, `grid.len()` of them.
    pub cells: Vec<Cell>,
    /// Ridge hexsides.
    pub ridges: BTreeSet<SideKey>,
    /// Roads.
    pub roads: Vec<Road>,
    /// Features, in file order.
    pub features: Vec<Feature>,
    /// Free labels.
    pub labels: Vec<Label>,
    /// The map's own Terrain Effects Chart and the kinds of terrain in each hex and on each
    /// hexside, when its game brings them (Musket & Saber Quick Play): what every query reads
    /// and draws of such a map (`cells` and `ridges` are then empty of meaning, all clear). `None`: the
    /// game's ruleset's chart over `cells` and `ridges` (Rifle & Saber 9.2).
    pub chart: Option<std::sync::Arc<KindTerrain>>,
}

impl Map {
    /// A blank map of clear hexes.
    pub fn blank(id: &str, name: &str, width: u32, height: u32) -> Map {
        let grid = Grid {
            width,
            height,
            orientation: Orientation::Flat,
            parity: Parity::EvenShoved,
            numbering: Default::default(),
        };
        Map {
            game: None,
            id: id.to_string(),
            name: name.to_string(),
            notes: String::new(),
            grid,
            cells: vec![Cell::default(); grid.len()],
            ridges: BTreeSet::new(),
            roads: Vec::new(),
            features: Vec::new(),
            labels: Vec::new(),
            chart: None,
        }
    }

    /// The rules of the map's game.
    pub fn rules(&self) -> &'static Ruleset {
        for_game(self.game)
    }

    /// The cell at a coordinate (`None` off the map).
    pub fn cell(&self, c: Coord) -> Option<Cell> {
        self.grid.index(c).map(|i| self.cells[i])
    }

    /// Set the cell at a coordinate; off-map coordinates are ignored.
    pub fn set_cell(&mut self, c: Coord, cell: Cell) {
        if let Some(i) = self.grid.index(c) {
            self.cells[i] = cell;
        }
    }

    /// The feature with this code.
    pub fn feature(&self, code: &str) -> Option<&Feature> {
        self.features.iter().find(|f| f.code == code)
    }

    /// The road with this name (case-insensitive; `East Road` and `East` both match).
    pub fn road(&self, name: &str) -> Option<&Road> {
        let want = normalize_road_name(name);
        self.roads
            .iter()
            .find(|r| r.name.as_deref().map(normalize_road_name).as_deref() == Some(want.as_str()))
    }

    /// Is there a ridge on the hexside between `a` and `b`?
    pub fn is_ridge(&self, a: Coord, b: Coord) -> bool {
        self.ridges.contains(&SideKey::new(a, b))
    }

    /// Is the hexside between `a` and `b` a road hexside (consecutive hexes of a road)?
    pub fn is_road_side(&self, a: Coord, b: Coord) -> bool {
        self.roads.iter().any(|r| {
            r.hexes
                .windows(2)
                .any(|w| SideKey::new(w[0], w[1]) == SideKey::new(a, b))
        })
    }

    /// Every road hexside, for fast lookups.
    pub fn road_sides(&self) -> BTreeSet<SideKey> {
        self.roads
            .iter()
            .flat_map(|r| r.hexes.windows(2).map(|w| SideKey::new(w[0], w[1])))
            .collect()
    }

    /// The feature codes sorted, for messages.
    pub fn feature_codes(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.features.iter().map(|f| f.code.as_str()).collect();
        v.sort_by_key(|c| parse_feature_code(c));
        v
    }

    /// The hex at which a road leaves the map at the given edge, if it does.
    pub fn road_exit(&self, road: &Road, edge: Edge) -> Option<Coord> {
        [road.hexes.first(), road.hexes.last()]
            .into_iter()
            .flatten()
            .copied()
            .find(|c| self.grid.on_edge(*c, edge))
    }

    /// The edges a road leaves the map at.
    pub fn road_edges(&self, road: &Road) -> Vec<Edge> {
        Edge::ALL
            .into_iter()
            .filter(|e| self.road_exit(road, *e).is_some())
            .collect()
    }

    /// Build the in-memory map from a file, reporting what does not fit. Problems are located
    /// by their path in the file; the map is built as far as possible even when there are some.
    pub fn from_file(file: &MapFile) -> (Map, Vec<Diagnostic>) {
        let rules = for_game(file.game);
        // Bounded: one finding per bad hex or character, a million of them on the largest map.
        let mut problems = Findings::new();
        let width = file.width.clamp(1, limits::MAX_MAP_SIDE);
        let height = file.height.clamp(1, limits::MAX_MAP_SIDE);
        let grid = Grid {
            width,
            height,
            orientation: file.orientation,
            parity: file.parity,
            numbering: Default::default(),
        };
        let mut cells = vec![Cell::default(); grid.len()];
        if file.terrain.len() != height as usize {
            problems.push(
                Diagnostic::new(
                    Code::MapTerrainShape,
                    format!(
                        "the terrain has {} rows but the map is {} rows high",
                        file.terrain.len(),
                        height
                    ),
                )
                .at_path(path!["terrain"])
                .with_hint("write one string per row; missing rows are read as clear"),
            );
        }
        for (r, row) in file.terrain.iter().enumerate().take(height as usize) {
            let len = row.chars().count();
            if len != width as usize {
                problems.push(
                    Diagnostic::new(
                        Code::MapTerrainShape,
                        format!(
                            "terrain row {} has {} hexes but the map is {} wide",
                            r + 1,
                            len,
                            width
                        ),
                    )
                    .at_path(path!["terrain", r])
                    .with_hint("every row needs exactly one character per column"),
                );
            }
            for (c, ch) in row.chars().enumerate().take(width as usize) {
                match Cell::from_char(ch, rules) {
                    Some(cell) => cells[r * width as usize + c] = cell,
                    None => problems.push_with(Code::MapTerrainChar, || {
                        Diagnostic::new(
                            Code::MapTerrainChar,
                            format!(
                                "unknown terrain character `{ch}` in row {}, column {}",
                                r + 1,
                                c + 1
                            ),
                        )
                        .at_path(path!["terrain", r])
                        .with_hint(format!(
                            "use {} (the legend is in the book, docs/formats/maps.md)",
                            rules
                                .terrain_legend
                                .iter()
                                .map(|(c, _, _)| c.to_string())
                                .collect::<Vec<_>>()
                                .join(" ")
                        ))
                    }),
                }
            }
        }
        let mut ridges = BTreeSet::new();
        let off = |c, p| off_map(&grid, c, p);
        for (i, Hexside(c, side)) in file.ridges.iter().enumerate() {
            let at = [path!["ridges", i], path!["ridges", i]];
            ridges.extend(hexside_key(&mut problems, &grid, (*c, *side), at, &off));
        }
        for (i, road) in file.roads.iter().enumerate() {
            road_problems(&mut problems, &grid, &road.hexes, i, &off);
        }
        for (i, f) in file.features.iter().enumerate() {
            off_map_in_list(&mut problems, &grid, &f.hexes, "features", i);
            if let Some(l) = f.label
                && !grid.contains(l)
            {
                problems.push_with(Code::OffMap, || {
                    off_map(&grid, l, path!["features", i, "label"])
                });
            }
        }
        for (i, l) in file.labels.iter().enumerate() {
            if !grid.contains(l.at) {
                problems.push_with(Code::OffMap, || {
                    off_map(&grid, l.at, path!["labels", i, "at"])
                });
            }
        }
        let map = Map {
            game: file.game,
            id: file.id.clone(),
            name: file.name.clone(),
            notes: file.notes.clone(),
            grid,
            cells,
            ridges,
            roads: file.roads.clone(),
            features: file.features.clone(),
            labels: file.labels.clone(),
            chart: None,
        };
        (map, problems.into_vec())
    }

    /// The file form of this map.
    pub fn to_file(&self) -> MapFile {
        let rules = self.rules();
        let w = self.grid.width as usize;
        let terrain = self
            .cells
            .chunks(w)
            .map(|row| row.iter().map(|c| c.to_char(rules)).collect())
            .collect();
        let mut ridges: Vec<Hexside> = Vec::with_capacity(self.ridges.len());
        for key in &self.ridges {
            if let Some((from, side)) = self.grid.side_on_map(*key) {
                ridges.push(Hexside(from, side));
            }
        }
        MapFile {
            format: MAP_FORMAT.to_string(),
            game: self.game,
            schema: None,
            id: self.id.clone(),
            name: self.name.clone(),
            notes: self.notes.clone(),
            width: self.grid.width,
            height: self.grid.height,
            orientation: self.grid.orientation,
            parity: self.grid.parity,
            terrain,
            ridges,
            roads: self.roads.clone(),
            features: self.features.clone(),
            labels: self.labels.clone(),
        }
    }
}

/// A road name as roads are looked up: lower case, without ` road`, `-` or spaces.
pub fn normalize_road_name(name: &str) -> String {
    let lower = name.trim().to_ascii_lowercase();
    lower
        .strip_suffix(" road")
        .unwrap_or(&lower)
        .replace(['-', ' '], "")
}

pub(crate) fn orientation_name(o: Orientation) -> &'static str {
    match o {
        Orientation::Flat => "flat-topped",
        Orientation::Pointy => "pointy-topped",
    }
}

pub(crate) fn side_list(grid: &Grid) -> String {
    grid.side_names()
        .iter()
        .map(|s| format!("{s:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A hexside a map file writes as a hex and a side (`at`: the paths of the two): its key, or
/// MAP007 when the hex is off the map (`off_map`, in the map's words) and MAP003 when its hexes
/// have no such side (R&S ridges, M&S hexsides).
pub(crate) fn hexside_key(
    problems: &mut Findings,
    grid: &Grid,
    (c, side): (Coord, Compass),
    [hex_at, side_at]: [Vec<PathSeg>; 2],
    off_map: &dyn Fn(Coord, Vec<PathSeg>) -> Diagnostic,
) -> Option<SideKey> {
    if !grid.contains(c) {
        problems.push_with(Code::OffMap, || off_map(c, hex_at));
        return None;
    }
    let key = grid.across(c, side).map(|n| SideKey::new(c, n));
    if key.is_none() {
        problems.push(
            Diagnostic::new(
                Code::MapBadHexside,
                format!(
                    "{} hexes have no {} side",
                    orientation_name(grid.orientation),
                    side.name()
                ),
            )
            .at_path(side_at)
            .with_hint(format!("use one of {}", side_list(grid))),
        );
    }
    key
}

/// MAP004 for each pair of consecutive hexes of road `i` that are not neighbours, and MAP007
/// (`off_map`, in the map's words) for each of its hexes off the map: a road is a path (R&S 4M,
/// M&S 4.4).
pub(crate) fn road_problems(
    problems: &mut Findings,
    grid: &Grid,
    hexes: &[Coord],
    i: usize,
    off_map: &dyn Fn(Coord, Vec<PathSeg>) -> Diagnostic,
) {
    let label = |c: Coord| grid.label(c);
    for (j, w) in hexes.windows(2).enumerate() {
        if !grid.adjacent(w[0], w[1]) {
            problems.push_with(Code::MapRoadGap, || {
                Diagnostic::new(
                    Code::MapRoadGap,
                    format!(
                        "road hexes {} and {} are not neighbours",
                        label(w[0]),
                        label(w[1])
                    ),
                )
                .at_path(path!["roads", i, "hexes", j + 1])
                .with_hex(label(w[1]))
                .with_hint("a road is a path: each hex must share a hexside with the one before")
            });
        }
    }
    for (j, c) in hexes.iter().enumerate() {
        if !grid.contains(*c) {
            problems.push_with(Code::OffMap, || off_map(*c, path!["roads", i, "hexes", j]));
        }
    }
}

/// MAP007 for each hex of the `hexes` of item `i` of `list` (a road, a feature) off the map.
fn off_map_in_list(
    problems: &mut Findings,
    grid: &Grid,
    hexes: &[Coord],
    list: &'static str,
    i: usize,
) {
    for (j, c) in hexes.iter().enumerate() {
        if !grid.contains(*c) {
            problems.push_with(Code::OffMap, || {
                off_map(grid, *c, crate::path![list, i, "hexes", j])
            });
        }
    }
}

/// MAP007: hex `c`, at `path`, is not on the map.
pub(crate) fn off_map(grid: &Grid, c: Coord, path: Vec<PathSeg>) -> Diagnostic {
    Diagnostic::new(
        Code::OffMap,
        format!(
            "hex ({}, {}) is off the {} × {} map",
            c.0, c.1, grid.width, grid.height
        ),
    )
    .at_path(path)
    .off_map_help(grid, c, None)
    .as_label(
        format!(
            "hex {} is off the {} × {} map",
            grid.label(c),
            grid.width,
            grid.height
        ),
        Some(grid.off_map_hint(c, true)),
    )
}

impl Diagnostic {
    /// MAP007's help for hex `c`, off `grid`: what the hex most likely means
    /// ([`Grid::off_map_fix`]; of column and row swapped and the edge hex beside it, the one in
    /// `within` when given, a placement's zone) proposed as the edit of the finding's value,
    /// written as the file writes hexes; the ranges of the map when nothing is near.
    /// A label (`"0711"`) says column first, so a file that writes labels more likely slipped
    /// one past the edge than swapped the two: there the edge hex is proposed first.
    pub(crate) fn off_map_help(self, grid: &Grid, c: Coord, within: Option<&HexSet>) -> Diagnostic {
        let hint = grid.off_map_hint(c, false);
        let d = self.with_hint(hint.clone());
        let swapped = grid.swapped(c);
        let edge = grid.off_by_one(c);
        let inside = within.and_then(|zone| {
            [swapped]
                .into_iter()
                .chain(edge)
                .find(|h| grid.contains(*h) && zone.contains(*h))
        });
        let why = |fix: Coord| {
            let label = grid.label(fix);
            if edge == Some(fix) {
                format!(
                    "{}: the hex on the map's edge there is {label}",
                    grid.off_by_one_words(c)
                )
            } else {
                format!(
                    "hexes are written column first (label {label}); with column and row swapped it is on the map"
                )
            }
        };
        let Some(pair) = inside.or_else(|| grid.off_map_fix(c)) else {
            return d;
        };
        let label = inside.or(edge).unwrap_or(pair);
        let (pair_why, label_why) = (why(pair), why(label));
        d.suggest_hex_as(
            None,
            (pair.0, pair.1),
            format!("{pair_why}: write `({}, {})`", pair.0, pair.1),
            grid.label(label),
            format!("{label_why}: write `\"{}\"`", grid.label(label)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hexside_written_as_hex_and_side_is_keyed_or_told_at_its_part() {
        let grid = Map::blank("m", "M", 4, 3).grid;
        let mut problems = Findings::new();
        let off = |c, p| off_map(&grid, c, p);
        let at = || [path!["hexsides", 0, "hex"], path!["hexsides", 0, "side"]];
        let key = hexside_key(&mut problems, &grid, (Coord(2, 2), Compass::N), at(), &off);
        assert_eq!(key, Some(SideKey::new(Coord(2, 2), Coord(2, 1))));
        // Flat-topped hexes have no east side: told at the side.
        assert_eq!(
            hexside_key(&mut problems, &grid, (Coord(2, 2), Compass::E), at(), &off),
            None
        );
        // Off the map: told at the hex, the side not judged.
        assert_eq!(
            hexside_key(&mut problems, &grid, (Coord(9, 2), Compass::E), at(), &off),
            None
        );
        let told: Vec<(Code, Option<Vec<PathSeg>>)> = problems
            .into_vec()
            .into_iter()
            .map(|d| (d.code, d.path))
            .collect();
        assert_eq!(
            told,
            [
                (Code::MapBadHexside, Some(at()[1].clone())),
                (Code::OffMap, Some(at()[0].clone())),
            ]
        );
    }

    #[test]
    fn a_map_of_unknown_terrain_keeps_the_findings_a_file_shows_and_counts_the_rest() {
        let mut file = Map::blank("q", "Q", 100, 100).to_file();
        file.terrain = vec!["Q".repeat(100); 100];
        let (_, problems) = Map::from_file(&file);
        let shown = limits::MAX_DIAGNOSTICS_PER_FILE;
        assert_eq!(problems.len(), shown + 1);
        assert_eq!(problems.last().unwrap().more_like_it, 10_000 - shown - 1);
    }

    #[test]
    fn feature_codes_parse() {
        assert_eq!(parse_feature_code("H26"), Some((FeatureLetter::H, 26)));
        assert_eq!(parse_feature_code("V4"), Some((FeatureLetter::V, 4)));
        assert_eq!(parse_feature_code("X4"), None);
        assert_eq!(parse_feature_code("V04"), None);
        assert_eq!(parse_feature_code("V"), None);
    }

    #[test]
    fn cells_round_trip_through_chars() {
        for ch in ".^vVwWfF~=#".chars() {
            let r = for_game(None);
            assert_eq!(Cell::from_char(ch, r).map(|c| c.to_char(r)), Some(ch));
        }
        assert_eq!(Cell::from_char('x', for_game(None)), None);
    }

    #[test]
    fn file_round_trip() {
        let mut m = Map::blank("t", "Test", 5, 4);
        m.set_cell(
            Coord(2, 3),
            Cell {
                terrain: Terrain::Woods,
                slope: true,
            },
        );
        m.ridges.insert(SideKey::new(Coord(2, 2), Coord(2, 3)));
        let (back, problems) = Map::from_file(&m.to_file());
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(back, m);
    }

    #[test]
    fn road_names_match_loosely() {
        let mut m = Map::blank("t", "Test", 5, 4);
        m.roads.push(Road {
            name: Some("East".into()),
            kind: RoadKind::Main,
            hexes: vec![Coord(4, 2), Coord(5, 2)],
        });
        assert!(m.road("East Road").is_some());
        assert!(m.road("east").is_some());
        assert_eq!(m.road_edges(&m.roads[0]), vec![Edge::East]);
    }
}
