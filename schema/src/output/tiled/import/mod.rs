//! Hexagonal Tiled maps (`.tmj` or `.tmx`, external or embedded tilesets, CSV, base64, zlib or
//! gzip layer data) read as our maps. Tiles carry a `terrain` property (and `slope`); object
//! layers of features, roads, ridges and labels follow the layout the export writes.
//!
//! Whatever cannot be mapped gets a diagnostic located in the Tiled file (the layer, the tile's
//! x,y or the object id). The built map then goes through the same checks as any map file, and
//! their findings are located on the Tiled objects they concern. Sizes are checked before
//! anything is allocated for them, decompression stops at the size the map needs, and the
//! per-cell findings are summed up per tile, so output stays bounded.

use std::collections::{BTreeMap, HashMap};
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::diagnostic::{Code, Diagnostic, Findings, Location, PathSeg, Severity};
use crate::model::hex::{Coord, Grid, parse_label};
use crate::model::limits;
use crate::model::map::{
    Cell, Feature, Hexside, Label, MAP_FORMAT, Map, MapFile, Road, RoadKind, SideKey,
    parse_feature_code,
};
use crate::pipeline::locate::{Lines, Locator, location_of_line_col, structure};
use crate::pipeline::read::{Source, Syntax};
use crate::pipeline::{check_map_file, finish};
use crate::ruleset::{Ruleset, Terrain};

/// The rules of an imported map: a Tiled map names no game, so it becomes a map file without a
/// `game`, of Rifle & Saber, whose legend its terrain tiles are read in.
const RULES: &Ruleset = crate::ruleset::rules_without_game();

use super::export::feature_class;
use super::tmj::{
    Data, Layer, Object, Origin, Point, TileDef, TiledMap, Tileset, property, property_bool,
    property_str,
};
use super::{StaggerAxis, StaggerIndex, TiledGrid, grid_of, tmx};

mod layer_data;
mod objects;
mod tilesets;

pub use layer_data::decode;
use objects::{Kind, classify, collect_objects, feature, label, ridge, road};
use tilesets::{LoadedTileset, TileMeaning, load_tilesets, lookup};

/// Largest tile width or height accepted, in pixels.
pub const MAX_TILE_PX: u32 = 4096;
/// Most tilesets one map may name.
pub const MAX_TILESETS: usize = 64;
/// Most bytes of external tilesets one map may read, all its tilesets together (each file
/// read once however many times it is named).
pub const MAX_TILESET_BYTES: u64 = limits::MAX_FILE_BYTES;

/// Gid bits that flip or rotate a tile; the rest is the tile.
const GID_FLAGS: u64 = 0xF000_0000;

/// What an import produced: the map (when the Tiled map could be read as one, even with
/// findings), every finding located in its file, and the files read (for showing snippets).
#[derive(Debug, Clone)]
pub struct Imported {
    /// The map, ready to write.
    pub map: Option<MapFile>,
    /// Findings, located, sorted, capped.
    pub diagnostics: Vec<Diagnostic>,
    /// The map file and the tileset files read.
    pub sources: Vec<Source>,
}

impl Imported {
    /// The text of the file a finding is located in (the map or one of its tilesets).
    pub fn text_of(&self, d: &Diagnostic) -> Option<&str> {
        self.sources
            .iter()
            .find(|s| Some(&s.path) == d.file.as_ref())
            .map(|s| s.text.as_str())
    }

    /// True when there is an error among the findings.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Reads an external tileset named by a map (its `source`, relative to the map's directory).
pub type TilesetReader<'a> = dyn FnMut(&str) -> Result<Source, Diagnostic> + 'a;

/// Import a Tiled map file; external tilesets are read beside it: regular files inside the
/// map's folder only (as a scenario's map path, REF006), each once, at most
/// [`MAX_TILESET_BYTES`] of them.
pub fn import_path(path: &Path) -> Imported {
    let src = match read_regular(path) {
        Ok(s) => s,
        Err(d) => {
            return Imported {
                map: None,
                diagnostics: vec![d],
                sources: Vec::new(),
            };
        }
    };
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut reader = confined_reader(dir);
    import_source(&src, &mut reader)
}

/// A tileset reader confined to `dir`: a `source` that is absolute, climbs out with `../` or
/// leads out through a symbolic link is refused (REF006) the same way whether or not its
/// target exists; the bytes read are counted against [`MAX_TILESET_BYTES`].
fn confined_reader(dir: PathBuf) -> impl FnMut(&str) -> Result<Source, Diagnostic> {
    let root = dir.canonicalize();
    let mut total: u64 = 0;
    // Each file once, however it is spelt (`t.tsx`, `./t.tsx`): by its canonical path.
    let mut read: HashMap<PathBuf, Source> = HashMap::new();
    move |source: &str| {
        let outside = || {
            Diagnostic::new(
                Code::MapOutsideRoots,
                format!(
                    "the tileset `{}` is outside the map's folder",
                    crate::diagnostic::printable(source, 200)
                ),
            )
            .with_hint("keep the tileset in the map's folder (or below it) and name it relative to the map")
        };
        let rel = Path::new(source);
        if rel.is_absolute() || rel.has_root() {
            return Err(outside());
        }
        let root = root
            .as_ref()
            .map_err(|e| Diagnostic::new(Code::Io, format!("cannot read the map's folder: {e}")))?;
        // Climbing above the folder is refused by the text alone, before the disk is asked.
        let mut depth = 0i64;
        for c in rel.components() {
            match c {
                std::path::Component::ParentDir => depth -= 1,
                std::path::Component::Normal(_) => depth += 1,
                _ => {}
            }
            if depth < 0 {
                return Err(outside());
            }
        }
        let real = dir.join(rel).canonicalize().map_err(|e| {
            Diagnostic::new(Code::Io, format!("cannot read the tileset `{source}`: {e}"))
        })?;
        if !real.starts_with(root) {
            return Err(outside());
        }
        if let Some(src) = read.get(&real) {
            return Ok(src.clone());
        }
        let src = read_regular(&real)?;
        total += src.text.len() as u64;
        if total > MAX_TILESET_BYTES {
            return Err(Diagnostic::new(
                Code::FileTooLarge,
                format!(
                    "the map's tilesets come to more than {} bytes, over the limit",
                    crate::diagnostic::grouped(MAX_TILESET_BYTES as usize)
                ),
            )
            .with_hint(
                "a tileset of Rifle & Saber terrain is small: name fewer or smaller tilesets",
            ));
        }
        let src = Source::from_text(dir.join(rel), src.text);
        read.insert(real, src.clone());
        Ok(src)
    }
}

/// Read a file that must be a regular file (not a FIFO or a device), within the size limit.
fn read_regular(path: &Path) -> Result<Source, Diagnostic> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(Diagnostic::new(
            Code::Io,
            format!("{} is not a regular file", path.display()),
        )
        .in_file(path)
        .with_hint("name a map or tileset file")),
        _ => Source::read(path),
    }
}

/// Import a Tiled map already read; `tilesets` reads the external tilesets it names.
pub fn import_source(src: &Source, tilesets: &mut TilesetReader) -> Imported {
    let mut cx = Context {
        sources: vec![src.clone()],
        findings: Findings::new(),
    };
    let map = read_document(&mut cx, src).and_then(|(doc, origin)| {
        let sets = load_tilesets(&mut cx, &doc, tilesets);
        build(&mut cx, &doc, &origin, &sets, src)
    });
    let mut diagnostics = located(&cx.sources, cx.findings.into_vec());
    finish::sort(&mut diagnostics);
    finish::cap(&mut diagnostics, Some(&src.path));
    Imported {
        map,
        diagnostics,
        sources: cx.sources,
    }
}

/// The files read so far and the findings, collected as `check` collects them: at most 200 of
/// a code kept, the rest counted ([`Findings`]), and all located once at the end
/// ([`located`]).
struct Context {
    sources: Vec<Source>,
    findings: Findings,
}

impl Context {
    /// Record a finding about `origin` in file `file` (an index into `sources`). Where it is
    /// goes with it unresolved: a path, or a byte span held in a location of line 0.
    fn report(&mut self, file: usize, origin: &Origin, d: Diagnostic) {
        let mut d = d.in_file(&self.sources[file].path);
        match origin {
            Origin::Path(p) => {
                d.location = None;
                d.path = Some(p.clone());
            }
            Origin::Span(start, end) => {
                d.location = Some(Location {
                    line: 0,
                    column: 0,
                    offset: *start,
                    length: end.saturating_sub(*start),
                });
            }
            Origin::Unknown => {}
        }
        self.findings.push(d);
    }
}

/// Every finding located in its file: per file, one [`Locator`] for the paths and one sweep of
/// lines over the offsets in order, so that the work is linear in the text and the findings.
fn located(sources: &[Source], diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut out = Vec::with_capacity(diags.len());
    let mut by_file: Vec<Vec<(usize, usize, Diagnostic)>> = vec![Vec::new(); sources.len()];
    let mut locators: Vec<Option<Locator>> = (0..sources.len()).map(|_| None).collect();
    for mut d in diags {
        let Some(i) = sources
            .iter()
            .position(|s| d.file.as_ref() == Some(&s.path))
        else {
            out.push(d);
            continue;
        };
        let text = &sources[i].text;
        let (start, len) = match (d.location.take(), &d.path) {
            (Some(span), _) => {
                // Inside the text and on character boundaries (a syntax error's span is one
                // byte, which may be part of a wider character).
                let start = text.floor_char_boundary(span.offset.min(text.len()));
                let end = text.ceil_char_boundary(
                    span.offset
                        .saturating_add(span.length)
                        .clamp(start, text.len()),
                );
                // Point at the start tag's first line only.
                let line_end = text[start..end].find('\n').map_or(end, |i| start + i);
                (start, line_end - start)
            }
            (None, Some(p)) => locators[i]
                .get_or_insert_with(|| Locator::new(text))
                .span(p),
            (None, None) => {
                out.push(d);
                continue;
            }
        };
        by_file[i].push((start, len, d));
    }
    for (i, mut list) in by_file.into_iter().enumerate() {
        list.sort_by_key(|(start, _, _)| *start);
        let mut lines = Lines::new(&sources[i].text);
        for (start, len, mut d) in list {
            d.location = Some(lines.at(start, len));
            out.push(d);
        }
    }
    out
}

/// The JSON origin below `origin` (a key of the same object), or the same span for XML.
fn at_key(origin: &Origin, key: &str) -> Origin {
    match origin {
        Origin::Path(p) => {
            let mut p = p.clone();
            p.push(PathSeg::key(key));
            Origin::Path(p)
        }
        other => other.clone(),
    }
}

fn is_xml(src: &Source) -> bool {
    let ext = src
        .path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(ext.as_str(), "tmx" | "tsx" | "xml") || src.text.trim_start().starts_with('<')
}

/// Parse the map document, JSON or XML, within the limits (nesting, values or XML nodes).
fn read_document(cx: &mut Context, src: &Source) -> Option<(TiledMap, Origin)> {
    let parsed = if is_xml(src) {
        tmx::read_map(&src.text)
    } else {
        parse_json_text::<TiledMap>(&src.text).map(|mut m| {
            m.set_json_origins();
            (m, Origin::Path(Vec::new()))
        })
    };
    match parsed {
        Ok(m) => Some(m),
        Err(e) => {
            let message = match e.code {
                Code::Syntax if is_xml(src) => format!("not a TMX map: {}", e.message),
                Code::Syntax => format!("not a Tiled JSON file: {}", e.message),
                _ => e.message,
            };
            let hint = match e.code {
                Code::Syntax => "save the map from Tiled as .tmx (XML) or .tmj (JSON)",
                Code::WrongType => "Tiled writes a number here: fix the value in the file",
                _ => {
                    "Tiled maps nest a few levels and hold about a value per hex and object; this is not one"
                }
            };
            let d = Diagnostic::new(e.code, message).with_hint(hint);
            cx.report(0, &Origin::Span(e.offset, e.offset + 1), d);
            None
        }
    }
}

/// Parse Tiled JSON text, nesting and values checked first (the limits of XML files: 64
/// levels, [`tmx::MAX_NODES`] values).
fn parse_json_text<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, tmx::XmlError> {
    let shape = structure(text, limits::MAX_NESTING, tmx::MAX_NODES as usize);
    if let Some(offset) = shape.too_deep_at {
        return Err(tmx::XmlError {
            code: Code::NestingTooDeep,
            message: format!("nested deeper than {} levels", limits::MAX_NESTING),
            offset,
        });
    }
    if let Some(offset) = shape.too_many_at {
        return Err(tmx::XmlError {
            code: Code::LimitExceeded,
            message: format!(
                "more than {} values, over the limit",
                crate::diagnostic::grouped(tmx::MAX_NODES as usize)
            ),
            offset,
        });
    }
    serde_json::from_str::<T>(text).map_err(|e| tmx::XmlError {
        code: Code::Syntax,
        offset: location_of_line_col(text, e.line(), e.column()).offset,
        message: e.to_string(),
    })
}

/// Where each built element came from, to locate the map checks' findings on Tiled objects.
#[derive(Default)]
struct Trace {
    terrain: Origin,
    features: Vec<(Origin, String)>,
    /// Each feature code's index in the map file and the hexes it has (several objects with
    /// one code make one feature; a set, for lists of hundreds of thousands of hexes).
    feature_hexes: HashMap<String, (usize, std::collections::HashSet<Coord>)>,
    roads: Vec<(Origin, String, Vec<usize>)>,
    ridges: Vec<(Origin, String)>,
    labels: Vec<(Origin, String)>,
}

fn build(
    cx: &mut Context,
    doc: &TiledMap,
    origin: &Origin,
    sets: &[LoadedTileset],
    src: &Source,
) -> Option<MapFile> {
    other_game(cx, doc, origin)?;
    let grid = grid(cx, doc, origin)?;
    let t = TiledGrid {
        grid,
        tile_width: doc.tilewidth,
        tile_height: doc.tileheight,
        side: doc.hexsidelength.unwrap_or_default(),
    };
    let mut trace = Trace::default();
    let terrain = terrain(cx, doc, origin, sets, &grid, &mut trace)?;
    let mut file = MapFile {
        schema: None,
        format: MAP_FORMAT.into(),
        game: None,
        id: map_id(doc, &src.path),
        name: text_property(doc, &["map_name", "name"])
            .unwrap_or_else(|| stem(&src.path))
            .chars()
            .take(limits::MAX_NAME)
            .collect(),
        notes: text_property(doc, &["map_notes", "notes"])
            .unwrap_or_default()
            .chars()
            .take(limits::MAX_TEXT)
            .collect(),
        width: grid.width,
        height: grid.height,
        orientation: grid.orientation,
        parity: grid.parity,
        terrain,
        ridges: Vec::new(),
        roads: Vec::new(),
        features: Vec::new(),
        labels: Vec::new(),
    };
    let mut ridges: BTreeMap<SideKey, (Origin, String)> = BTreeMap::new();
    let mut objects = Vec::new();
    collect_objects(&doc.layers, &mut objects);
    for (layer, o) in objects {
        let here = format!("object {} in layer `{}`", o.id, layer.name);
        match classify(layer, o) {
            Some(Kind::Feature) => feature(cx, &t, o, &here, &mut file, &mut trace),
            Some(Kind::Road) => road(cx, &t, o, &here, &mut file, &mut trace),
            Some(Kind::Ridge) => ridge(cx, &t, o, &here, &mut ridges),
            Some(Kind::Label) => label(cx, &t, o, &here, &mut file, &mut trace),
            None => {
                let d = Diagnostic::new(
                    Code::TiledObjectLeftOut,
                    format!(
                        "{here} (`{}`) is not a feature, road, ridge or label; it is left out",
                        o.name
                    ),
                )
                .with_hint(
                    "give it the class village, hill, woods, river, junction, ford, bridge, road, \
                     ridge or label, or put it in a layer named features, roads, ridges or labels",
                );
                cx.report(0, &o.origin, d);
            }
        }
    }
    for (SideKey(a, b), traced) in ridges {
        let (from, to) = if grid.contains(a) { (a, b) } else { (b, a) };
        if let Some(side) = grid.side_towards(from, to) {
            file.ridges.push(Hexside(from, side));
            trace.ridges.push(traced);
        }
    }
    check_built(cx, &file, &trace);
    Some(file)
}

/// The grid of a hexagonal Tiled map, or why there is none.
/// A Tiled map whose `game` property names another game than Rifle & Saber (`saberc export
/// --format tiled` of a Musket & Saber map writes it): refused in one finding, since its
/// terrain kinds come from a chart and a track the Tiled map does not hold, and read as Rifle
/// & Saber terrain they would make a map of the wrong game.
fn other_game(cx: &mut Context, doc: &TiledMap, origin: &Origin) -> Option<()> {
    let Some(game) = property_str(&doc.properties, "game") else {
        return Some(());
    };
    let known = crate::ruleset::Game::from_id(game);
    if known.is_none_or(|g| g.ruleset() == RULES) {
        // An unknown value is not ours to judge: the map is read as every Tiled map is.
        return Some(());
    }
    let name = known.map_or(game, |g| g.ruleset().name);
    let d = Diagnostic::new(
        Code::TiledGrid,
        format!(
            "this Tiled map is of a {name} map (its `game` property), and `saberc import` makes Rifle & Saber maps only"
        ),
    )
    .with_hint(format!(
        "a {name} map's terrain kinds, chart and track are in its map file, not in the Tiled map: edit that file, or draw it with `saberc render`"
    ));
    cx.report(0, &at_key(origin, "properties"), d);
    None
}

fn grid(cx: &mut Context, doc: &TiledMap, origin: &Origin) -> Option<Grid> {
    let mut fail = |key: &str, message: String, hint: &str| {
        let d = Diagnostic::new(Code::TiledGrid, message).with_hint(hint);
        cx.report(0, &at_key(origin, key), d);
    };
    if doc.orientation != "hexagonal" {
        fail(
            "orientation",
            format!(
                "the map is `{}`, not a hexagonal map",
                if doc.orientation.is_empty() {
                    "of no orientation"
                } else {
                    &doc.orientation
                }
            ),
            "make a new map in Tiled with Orientation: Hexagonal, or convert this one",
        );
        return None;
    }
    if doc.infinite {
        fail(
            "infinite",
            "the map is infinite; a Rifle & Saber map has a fixed size".into(),
            "uncheck Map Properties → Infinite in Tiled",
        );
        return None;
    }
    let axis = match doc.staggeraxis.as_deref() {
        Some("x") => StaggerAxis::X,
        Some("y") => StaggerAxis::Y,
        other => {
            fail(
                "staggeraxis",
                format!("the stagger axis is {}, not `x` or `y`", shown(other)),
                "x staggers columns (flat-topped hexes), y staggers rows (pointy-topped hexes)",
            );
            return None;
        }
    };
    let index = match doc.staggerindex.as_deref() {
        Some("odd") => StaggerIndex::Odd,
        Some("even") => StaggerIndex::Even,
        other => {
            fail(
                "staggerindex",
                format!("the stagger index is {}, not `odd` or `even`", shown(other)),
                "odd shoves Tiled's columns 1, 3, 5 … (our 2, 4, 6 …), even shoves 0, 2, 4 …",
            );
            return None;
        }
    };
    for (key, v) in [("width", doc.width), ("height", doc.height)] {
        if v == 0 || v > limits::MAX_MAP_SIDE {
            let d = Diagnostic::new(
                Code::LimitExceeded,
                format!(
                    "the map's {key} is {v}; it must be 1 to {}",
                    limits::MAX_MAP_SIDE
                ),
            );
            cx.report(0, &at_key(origin, key), d);
            return None;
        }
    }
    let along = match axis {
        StaggerAxis::X => doc.tilewidth,
        StaggerAxis::Y => doc.tileheight,
    };
    let side = doc.hexsidelength.unwrap_or_default();
    let sizes_ok = [doc.tilewidth, doc.tileheight]
        .iter()
        .all(|v| (1..=MAX_TILE_PX).contains(v))
        && side < along;
    if !sizes_ok {
        fail(
            "hexsidelength",
            format!(
                "tiles of {} × {} pixels with hex sides of {side} cannot be hexes",
                doc.tilewidth, doc.tileheight
            ),
            "tile sizes run from 1 to 4096 pixels, and the hex side is shorter than the tile",
        );
        return None;
    }
    let (orientation, parity) = grid_of(axis, index);
    Some(Grid {
        width: doc.width,
        height: doc.height,
        orientation,
        parity,
        numbering: Default::default(),
    })
}

fn shown(v: Option<&str>) -> String {
    v.map_or_else(|| "missing".to_string(), |v| format!("`{v}`"))
}

/// The terrain layer: a top-level tile layer named `terrain`, or else the first tile layer.
fn terrain_layer(layers: &[Layer]) -> Option<&Layer> {
    let tile_layers = || layers.iter().filter(|l| l.kind == "tilelayer");
    tile_layers()
        .find(|l| l.name.eq_ignore_ascii_case("terrain"))
        .or_else(|| tile_layers().next())
}

/// The terrain rows of the map file, from the terrain layer's tiles.
fn terrain(
    cx: &mut Context,
    doc: &TiledMap,
    origin: &Origin,
    sets: &[LoadedTileset],
    grid: &Grid,
    trace: &mut Trace,
) -> Option<Vec<String>> {
    let Some(layer) = terrain_layer(&doc.layers) else {
        let d = Diagnostic::new(Code::TiledGrid, "the map has no tile layer of terrain")
            .with_hint("paint the hexes on a tile layer named `terrain` with tiles that carry a `terrain` property");
        cx.report(0, &at_key(origin, "layers"), d);
        return None;
    };
    trace.terrain = layer.data_origin.clone();
    let here = format!("tile layer `{}`", layer.name);
    if layer.chunks.is_some() {
        let d = Diagnostic::new(
            Code::TiledGrid,
            format!("{here} is stored in chunks (an infinite map)"),
        )
        .with_hint("uncheck Map Properties → Infinite in Tiled");
        cx.report(0, &layer.origin, d);
        return None;
    }
    let (w, h) = (
        layer.width.unwrap_or(grid.width),
        layer.height.unwrap_or(grid.height),
    );
    if (w, h) != (grid.width, grid.height) {
        let d = Diagnostic::new(
            Code::TiledData,
            format!(
                "{here} is {w} × {h} tiles but the map is {} × {}",
                grid.width, grid.height
            ),
        )
        .with_hint("resize the layer to the map (Map → Resize Map)");
        cx.report(0, &layer.origin, d);
        return None;
    }
    let gids = match decode(layer, grid.len()) {
        Ok(g) => g,
        Err(message) => {
            let d = Diagnostic::new(Code::TiledData, format!("{here}: {message}"))
                .with_hint("save the layer as CSV or Base64 (uncompressed, zlib or gzip)");
            cx.report(0, &layer.data_origin, d);
            return None;
        }
    };
    // Findings are summed up per tile: one per distinct problem, with its first cell.
    let mut empty: Option<(usize, usize)> = None;
    let mut problems: BTreeMap<u64, (usize, usize)> = BTreeMap::new();
    let mut rows = Vec::with_capacity(grid.height as usize);
    let width = grid.width as usize;
    for (r, chunk) in gids.chunks(width).enumerate() {
        let mut row = String::with_capacity(width);
        for (c, raw) in chunk.iter().enumerate() {
            let gid = raw & !GID_FLAGS;
            let cell = if gid == 0 {
                let e = empty.get_or_insert((r * width + c, 0));
                e.1 += 1;
                Cell::default()
            } else {
                match lookup(sets, gid) {
                    Some((_, _, Some(TileMeaning::Terrain(cell)))) => *cell,
                    _ => {
                        let p = problems.entry(gid).or_insert((r * width + c, 0));
                        p.1 += 1;
                        Cell::default()
                    }
                }
            };
            row.push(cell.to_char(RULES));
        }
        rows.push(row);
    }
    let at = |i: usize| (i % width, i / width);
    if let Some((first, count)) = empty {
        let (x, y) = at(first);
        let d = Diagnostic::new(
            Code::TiledEmptyCell,
            format!(
                "{here} has no tile at x {x}, y {y}{}; read as clear",
                others(count)
            ),
        )
        .with_hex(grid.label(TiledGrid::coord(x as i64, y as i64)))
        .with_hint("paint every hex of the terrain layer");
        cx.report(0, &layer.data_origin, d);
    }
    for (gid, (first, count)) in problems {
        let (x, y) = at(first);
        let message = match lookup(sets, gid) {
            None => format!(
                "{here}: tile {gid} at x {x}, y {y}{} is in no tileset of the map",
                others(count)
            ),
            Some((ts, local, Some(TileMeaning::Unknown(Some(value))))) => format!(
                "{here}: tile {local} of tileset `{}` at x {x}, y {y}{} has terrain `{value}`, which is not a terrain of the Terrain Effects Chart; read as clear",
                ts.name,
                others(count)
            ),
            Some((ts, local, _)) => format!(
                "{here}: tile {local} of tileset `{}` at x {x}, y {y}{} has no `terrain` property; read as clear",
                ts.name,
                others(count)
            ),
        };
        let d = Diagnostic::new(Code::TiledTerrain, message)
            .with_hex(grid.label(TiledGrid::coord(x as i64, y as i64)))
            .with_hint("give the tile a string property `terrain` (clear, village, woods, forest, river, ford or bridge) and a bool `slope`");
        cx.report(0, &layer.data_origin, d);
    }
    Some(rows)
}

fn others(count: usize) -> String {
    match count {
        0 | 1 => String::new(),
        2 => " and 1 other cell".into(),
        n => format!(" and {} other cells", n - 1),
    }
}

/// A value cut short for a message.
fn cut(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

fn text_property(doc: &TiledMap, names: &[&str]) -> Option<String> {
    names
        .iter()
        .find_map(|n| property_str(&doc.properties, n))
        .map(str::to_string)
        .filter(|s| !s.trim().is_empty())
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "map".into())
}

/// The map's id: its `map_id` (or `id`) property when it is a valid id, else made from the
/// file name.
fn map_id(doc: &TiledMap, path: &Path) -> String {
    let valid = |s: &str| {
        let b = s.as_bytes();
        !b.is_empty()
            && b.len() <= 64
            && (b[0].is_ascii_lowercase() || b[0].is_ascii_digit())
            && b.iter()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-' || *c == b'_')
    };
    if let Some(id) = text_property(doc, &["map_id", "id"]).filter(|s| valid(s)) {
        return id;
    }
    let mut id: String = stem(path)
        .to_ascii_lowercase()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect::<String>()
        .trim_matches(|c| c == '-' || c == '_')
        .chars()
        .take(64)
        .collect();
    if !valid(&id) {
        id = "imported-map".into();
    }
    id
}

/// Run the map through the checks every map file gets, and put their findings on the Tiled
/// layer or object they concern.
fn check_built(cx: &mut Context, file: &MapFile, trace: &Trace) {
    for d in check_map_file(file).1 {
        let path = d.path.clone().unwrap_or_default();
        let index = |k: usize| match path.get(k) {
            Some(PathSeg::Index(i)) => Some(*i),
            _ => None,
        };
        let key = match path.first() {
            Some(PathSeg::Key(k)) => k.as_str(),
            _ => "",
        };
        let traced = match key {
            "features" => index(1).and_then(|i| trace.features.get(i)).cloned(),
            "ridges" => index(1).and_then(|i| trace.ridges.get(i)).cloned(),
            "labels" => index(1).and_then(|i| trace.labels.get(i)).cloned(),
            "roads" => index(1)
                .and_then(|i| trace.roads.get(i))
                .map(|(o, here, which)| {
                    let point = index(3).and_then(|j| which.get(j));
                    let here = match point {
                        Some(p) => format!("{here}, point {p}"),
                        None => here.clone(),
                    };
                    (o.clone(), here)
                }),
            "terrain" => Some((trace.terrain.clone(), "the terrain layer".into())),
            _ => None,
        };
        let (origin, here) = traced.unwrap_or((Origin::Unknown, "the map".into()));
        let message = format!("{here}: {}", d.message);
        let d = Diagnostic {
            message,
            path: None,
            location: None,
            ..d
        };
        cx.report(0, &origin, d);
    }
}

/// Write a map file as RON in the repository's one layout (`saberc fmt`'s), so that an
/// imported map is kept as written.
pub fn map_ron(file: &MapFile) -> String {
    // The one model-to-text writer; the layout only moves tokens between lines and refuses
    // nothing serde writes, so the fallback (serde's own pretty layout) is never reached.
    crate::output::format::model_text(file, Syntax::Ron).unwrap_or_else(|_| {
        let config = ron::ser::PrettyConfig::new().struct_names(false);
        ron::ser::to_string_pretty(file, config).expect("the map model always serializes") + "\n"
    })
}

/// A map file in a canonical form, for comparing maps that say the same thing: ridges sorted
/// (and written from their first on-map hex), feature hexes sorted, a label on a feature's
/// first hex dropped (it is the default), features and labels in order.
pub fn normalized(file: &MapFile) -> MapFile {
    let (map, _) = Map::from_file(file);
    let mut out = map.to_file();
    for f in &mut out.features {
        if f.label == f.hexes.first().copied() {
            f.label = None;
        }
        f.hexes.sort();
    }
    out.features.sort_by(|a, b| a.code.cmp(&b.code));
    out.labels
        .sort_by(|a, b| (a.at, &a.text).cmp(&(b.at, &b.text)));
    out
}

/// What differs between two maps once normalized ([`normalized`]), in words; empty when they
/// are the same map.
pub fn differences(a: &MapFile, b: &MapFile) -> Vec<String> {
    let (a, b) = (normalized(a), normalized(b));
    let mut out = Vec::new();
    let mut field = |name: &str, same: bool| {
        if !same {
            out.push(format!("the {name} differ"));
        }
    };
    field("ids", a.id == b.id);
    field("names", a.name == b.name);
    field("notes", a.notes == b.notes);
    field("sizes", (a.width, a.height) == (b.width, b.height));
    field(
        "grids",
        (a.orientation, a.parity) == (b.orientation, b.parity),
    );
    field("ridges", a.ridges == b.ridges);
    field("roads", a.roads == b.roads);
    field("features", a.features == b.features);
    field("labels", a.labels == b.labels);
    if a.terrain != b.terrain {
        let first = a
            .terrain
            .iter()
            .zip(&b.terrain)
            .enumerate()
            .find(|(_, (x, y))| x != y)
            .map(|(r, _)| r + 1);
        out.push(match first {
            Some(r) => format!("the terrain differs, first in row {r}"),
            None => "the terrain has a different number of rows".into(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::hex::{Orientation, Parity};
    use crate::output::tiled::export::{OutputFile, export_map};

    fn rifle_and_saber() -> MapFile {
        let text = crate::builtin::map_text("rifle-and-saber").expect("built in");
        ron::from_str(text).expect("the built-in map parses")
    }

    /// Import the `.tmj` of exported files, reading the tileset from them too.
    fn reimport(files: &[OutputFile]) -> Imported {
        let tmj = files
            .iter()
            .find(|f| f.name.ends_with(".tmj"))
            .expect("tmj");
        let src = Source::from_text(
            &tmj.name,
            String::from_utf8(tmj.bytes.clone()).expect("utf-8"),
        );
        let mut reader = |name: &str| {
            files
                .iter()
                .find(|f| f.name == name)
                .map(|f| Source::from_text(name, String::from_utf8_lossy(&f.bytes).to_string()))
                .ok_or_else(|| Diagnostic::new(Code::Io, format!("no {name}")))
        };
        import_source(&src, &mut reader)
    }

    fn round_trip(file: &MapFile) {
        let (map, problems) = Map::from_file(file);
        assert!(problems.is_empty(), "{problems:?}");
        let files = export_map(&map, map.rules()).expect("exports");
        let back = reimport(&files);
        assert!(back.diagnostics.is_empty(), "{:#?}", back.diagnostics);
        let got = back.map.expect("a map");
        assert_eq!(differences(file, &got), Vec::<String>::new());
        assert_eq!(normalized(file), normalized(&got));
    }

    #[test]
    fn the_rifle_and_saber_map_round_trips() {
        round_trip(&rifle_and_saber());
    }

    /// Both orientations and both parities: the stagger mapping holds both ways.
    #[test]
    fn every_grid_round_trips() {
        for orientation in [Orientation::Flat, Orientation::Pointy] {
            for parity in [Parity::EvenShoved, Parity::OddShoved] {
                let mut m = Map::blank("small", "Small", 7, 6);
                m.grid.orientation = orientation;
                m.grid.parity = parity;
                m.set_cell(
                    Coord(2, 3),
                    Cell {
                        terrain: Terrain::Woods,
                        slope: true,
                    },
                );
                m.set_cell(
                    Coord(5, 5),
                    Cell {
                        terrain: Terrain::Bridge,
                        slope: false,
                    },
                );
                for c in [Coord(2, 2), Coord(3, 2)] {
                    m.set_cell(
                        c,
                        Cell {
                            terrain: Terrain::Village,
                            slope: false,
                        },
                    );
                }
                let n = m.grid.neighbors(Coord(4, 4)).collect::<Vec<_>>();
                for c in &n[..3] {
                    m.ridges.insert(SideKey::new(Coord(4, 4), *c));
                }
                // A ridge on the map's edge, towards an off-map hex.
                m.ridges.insert(SideKey::new(Coord(1, 1), Coord(1, 0)));
                m.roads.push(Road {
                    name: Some("East".into()),
                    kind: RoadKind::Main,
                    hexes: m.grid.line(Coord(1, 3), Coord(7, 3)),
                });
                m.features.push(Feature {
                    code: "V4".into(),
                    name: Some("Ponte Vecchio".into()),
                    hexes: vec![Coord(2, 2), Coord(3, 2)],
                    label: Some(Coord(3, 2)),
                });
                m.labels.push(Label {
                    text: "a note".into(),
                    at: Coord(6, 1),
                });
                round_trip(&m.to_file());
            }
        }
    }

    fn tmj(body: &str) -> Imported {
        let src = Source::from_text("drawn.tmj", body.to_string());
        let mut reader = |name: &str| -> Result<Source, Diagnostic> {
            Err(Diagnostic::new(Code::Io, format!("no {name}")))
        };
        import_source(&src, &mut reader)
    }

    fn codes(i: &Imported) -> Vec<&'static str> {
        i.diagnostics.iter().map(|d| d.code.as_str()).collect()
    }

    const TILESET: &str = r#"{"firstgid": 1, "name": "t", "tilecount": 3, "tiles": [
        {"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "clear"}]},
        {"id": 1, "properties": [{"name": "terrain", "type": "string", "value": "woods"},
                                 {"name": "slope", "type": "bool", "value": true}]},
        {"id": 2, "properties": [{"name": "terrain", "type": "string", "value": "swamp"}]}]}"#;

    fn small(orientation: &str, data: &str, objects: &str) -> String {
        format!(
            r#"{{"type": "map", "orientation": "{orientation}", "width": 3, "height": 2,
            "tilewidth": 60, "tileheight": 52, "hexsidelength": 30, "staggeraxis": "x",
            "staggerindex": "odd", "tilesets": [{TILESET}],
            "layers": [{{"type": "tilelayer", "name": "terrain", "width": 3, "height": 2, "data": {data}}},
                       {{"type": "objectgroup", "name": "features", "objects": [{objects}]}}]}}"#
        )
    }

    #[test]
    fn an_embedded_tileset_gives_terrain_and_slopes() {
        let i = tmj(&small("hexagonal", "[1, 2, 1, 1, 1, 2]", ""));
        assert!(i.diagnostics.is_empty(), "{:#?}", i.diagnostics);
        assert_eq!(i.map.expect("map").terrain, vec![".W.", "..W"]);
    }

    #[test]
    fn unknown_terrain_is_located_on_the_tile() {
        let i = tmj(&small("hexagonal", "[1, 3, 1, 1, 1, 3]", ""));
        assert_eq!(codes(&i), vec!["TIL002"]);
        let d = &i.diagnostics[0];
        assert!(
            d.message.contains("x 1, y 0 and 1 other cell"),
            "{}",
            d.message
        );
        assert!(d.message.contains("`swamp`"), "{}", d.message);
        assert_eq!(d.hex.as_deref(), Some("0201"));
    }

    #[test]
    fn orthogonal_maps_are_refused() {
        let i = tmj(&small("orthogonal", "[1, 1, 1, 1, 1, 1]", ""));
        assert_eq!(codes(&i), vec!["TIL001"]);
        assert!(i.map.is_none());
        assert_eq!(i.diagnostics[0].location.map(|l| l.line), Some(1));
    }

    #[test]
    fn feature_numbers_reused_across_letters_point_at_the_object() {
        // Two hexes of woods on a slope: both a woods and a hill.
        let objects = r#"{"id": 7, "name": "W4", "type": "woods", "x": 30, "y": 26, "point": true},
                         {"id": 8, "name": "H4", "type": "hill", "x": 75, "y": 52, "point": true}"#;
        let i = tmj(&small("hexagonal", "[2, 2, 1, 1, 1, 1]", objects));
        assert_eq!(codes(&i), vec!["MAP005"]);
        assert!(
            i.diagnostics[0].message.contains("object 8"),
            "{}",
            i.diagnostics[0].message
        );
    }

    #[test]
    fn roads_must_join_neighbouring_hexes() {
        // From 0101 to 0301: two columns apart.
        let objects = r#"{"id": 3, "name": "East", "type": "road", "x": 30, "y": 26,
                          "polyline": [{"x": 0, "y": 0}, {"x": 90, "y": 0}]}"#;
        let i = tmj(&small("hexagonal", "[1, 1, 1, 1, 1, 1]", objects));
        assert_eq!(codes(&i), vec!["MAP004"]);
        assert!(i.diagnostics[0].message.contains("object 3"));
    }

    #[test]
    fn objects_that_are_not_features_roads_ridges_or_labels_are_located() {
        // A feature named in words: an error on its object, nothing imported.
        let objects =
            r#"{"id": 4, "name": "Village", "type": "village", "x": 30, "y": 26, "point": true}"#;
        let i = tmj(&small("hexagonal", "[1, 1, 1, 1, 1, 1]", objects));
        assert_eq!(codes(&i), vec!["TIL003"]);
        assert!(i.has_errors());
        assert!(
            i.diagnostics[0].message.contains("object 4"),
            "{}",
            i.diagnostics[0].message
        );
        assert!(i.diagnostics[0].location.is_some());
        // An object of a class of its own (an engine's spawn point): left out, with a warning.
        let objects =
            r#"{"id": 5, "name": "spawn", "type": "spawn", "x": 30, "y": 26, "point": true}"#;
        let i = tmj(&small("hexagonal", "[1, 1, 1, 1, 1, 1]", objects));
        assert_eq!(codes(&i), vec!["TIL005"]);
        assert!(!i.has_errors());
        assert!(i.map.is_some_and(|m| m.features.is_empty()));
    }

    #[test]
    fn layer_data_that_cannot_be_read_is_located() {
        for data in ["[1, 1, 1]", "[1, 1, 1, 1, 1, 1, 1]", "\"1,1,x,1,1,1\""] {
            let text = small("hexagonal", data, "");
            let i = tmj(&text);
            assert_eq!(codes(&i), vec!["TIL004"], "{data}");
            assert!(i.map.is_none(), "{data}");
            let d = &i.diagnostics[0];
            assert!(d.message.contains("tile layer `terrain`"), "{}", d.message);
            // Located on the layer's data.
            let at = d.location.expect("located").offset;
            assert!(text[at..].starts_with(data), "{data}: {:?}", d.location);
        }
    }

    #[test]
    fn empty_cells_are_read_as_clear_with_a_warning() {
        let i = tmj(&small("hexagonal", "[1, 0, 1, 0, 1, 2]", ""));
        assert_eq!(codes(&i), vec!["TIL006"]);
        assert!(!i.has_errors());
        let d = &i.diagnostics[0];
        assert!(
            d.message.contains("x 1, y 0 and 1 other cell"),
            "{}",
            d.message
        );
        assert_eq!(i.map.expect("a map").terrain, vec!["...", "..W"]);
    }

    /// A bounded stand-in for the fuzz target in `cargo test`: the exported map (JSON) and the
    /// hand-made fixture (XML), each cut short and with bytes changed, thousands of times.
    /// Nothing panics, and every location lies inside the text of its file.
    #[test]
    fn mangled_tiled_files_never_panic() {
        let built = Map::from_file(&rifle_and_saber()).0;
        let files = export_map(&built, built.rules()).expect("exports");
        let tmj_text = String::from_utf8(files[0].bytes.clone()).expect("utf-8");
        let tsj_text = String::from_utf8(files[1].bytes.clone()).expect("utf-8");
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/tiled");
        let tmx_text = std::fs::read_to_string(dir.join("drawn.tmx")).expect("fixture");
        let tsx_text = std::fs::read_to_string(dir.join("drawn.tsx")).expect("fixture");
        // A small xorshift generator: the same cases on every run.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        // Bytes and characters that matter to JSON and XML, and some wider than a byte.
        const NOISE: &[&str] = &[
            "\"", "{", "}", "[", "]", "<", ">", "/", "=", ",", ":", "0", "7", "-", ".", "e", " ",
            "\n", "\\", "&", ";", "x", "é", "€", "\u{fffd}", "𝄞",
        ];
        for case in 0..2000 {
            let (name, base) = if case % 2 == 0 {
                ("m.tmj", tmj_text.as_bytes())
            } else {
                ("drawn.tmx", tmx_text.as_bytes())
            };
            let mut bytes = base.to_vec();
            for _ in 0..1 + next(8) {
                if bytes.len() < 2 {
                    break;
                }
                let at = next(bytes.len());
                match next(3) {
                    0 => {
                        let piece = NOISE[next(NOISE.len())].bytes();
                        bytes.splice(at..at + 1, piece);
                    }
                    1 => {
                        bytes.remove(at);
                    }
                    _ => bytes.truncate(at.max(1)),
                }
            }
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let src = Source::from_text(name, text);
            let mut reader = |n: &str| match n {
                "rifle-and-saber.tsj" => Ok(Source::from_text(n, tsj_text.clone())),
                "drawn.tsx" => Ok(Source::from_text(n, tsx_text.clone())),
                _ => Err(Diagnostic::new(Code::Io, format!("no {n}"))),
            };
            let imported = import_source(&src, &mut reader);
            for d in &imported.diagnostics {
                let Some(loc) = d.location else { continue };
                let text = imported
                    .text_of(d)
                    .expect("a located finding names a file that was read");
                assert!(loc.fits(text), "case {case}: {d:?}");
            }
        }
    }

    #[test]
    fn compressed_data_is_bounded() {
        use std::io::Write;
        // A zlib stream that inflates to far more than the 6 cells need.
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        z.write_all(&vec![0u8; 10_000_000]).expect("compresses");
        let bomb = base64::Engine::encode(
            &base64::engine::general_purpose::STANDARD,
            z.finish().expect("compresses"),
        );
        let layer = Layer {
            data: Some(Data::Text(bomb)),
            encoding: Some("base64".into()),
            compression: Some("zlib".into()),
            ..Layer::default()
        };
        let err = decode(&layer, 6).expect_err("too much data");
        // Said as it is: more than the map's tiles, never "6 tiles but 6 hexes".
        assert!(
            err.contains("more than the map's 6 tiles") && !err.contains("has 6 tiles"),
            "{err}"
        );
    }

    #[test]
    fn gzip_base64_data_decodes() {
        use std::io::Write;
        let mut raw = Vec::new();
        for gid in [1u32, 2, 1, 1, 1, 2] {
            raw.extend(gid.to_le_bytes());
        }
        let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(&raw).expect("compresses");
        let text = base64::Engine::encode(
            &base64::engine::general_purpose::STANDARD,
            z.finish().expect("compresses"),
        );
        let layer = Layer {
            data: Some(Data::Text(text)),
            encoding: Some("base64".into()),
            compression: Some("gzip".into()),
            ..Layer::default()
        };
        assert_eq!(decode(&layer, 6), Ok(vec![1, 2, 1, 1, 1, 2]));
    }

    #[test]
    fn huge_maps_are_refused_before_allocation() {
        let body = r#"{"type": "map", "orientation": "hexagonal", "width": 4000000000, "height": 4000000000,
            "tilewidth": 60, "tileheight": 52, "hexsidelength": 30, "staggeraxis": "x", "staggerindex": "odd"}"#;
        let i = tmj(body);
        assert_eq!(codes(&i), vec!["LIM003"]);
    }

    #[test]
    fn garbage_gets_a_syntax_error() {
        for body in [
            "",
            "{",
            "<map",
            "[1,2]",
            "{\"layers\": 5}",
            "<?xml version=\"1.0\"?><tileset/>",
            // A syntax error on a character wider than one byte (found by the fuzz target).
            "{\"type\": \"map\", \"width\": é}",
            "{\"type\": \"map\", \"width\": 3é",
            "<map é",
        ] {
            let i = tmj(body);
            assert!(i.map.is_none(), "{body}");
            assert!(i.has_errors(), "{body}");
            for d in &i.diagnostics {
                let Some(loc) = d.location else { continue };
                assert!(loc.fits(body), "{body}: {loc:?}");
            }
        }
    }

    fn tmx(body: &str) -> Imported {
        let src = Source::from_text("drawn.tmx", body.to_string());
        let mut reader = |name: &str| -> Result<Source, Diagnostic> {
            Err(Diagnostic::new(Code::Io, format!("no {name}")))
        };
        import_source(&src, &mut reader)
    }

    /// `<group>` layers nested `groups` deep in a `.tmx`.
    fn nested_groups(groups: usize) -> String {
        format!(
            r#"<map orientation="hexagonal" width="3" height="2" tilewidth="60" tileheight="52" hexsidelength="30" staggeraxis="x" staggerindex="odd">{}{}</map>"#,
            "<group>".repeat(groups),
            "</group>".repeat(groups)
        )
    }

    /// The XML path has the JSON path's nesting limit: 5,000 nested groups (90 KB) overflowed
    /// the stack; elements 64 deep are read, 65 deep are LIM002.
    #[test]
    fn deeply_nested_xml_is_refused() {
        let i = tmx(&nested_groups(5_000));
        assert_eq!(codes(&i), vec!["LIM002"]);
        assert!(i.map.is_none());
        // The map element and 63 groups: 64 levels.
        let i = tmx(&nested_groups(limits::MAX_NESTING - 1));
        assert!(!codes(&i).contains(&"LIM002"), "{:#?}", i.diagnostics);
        let i = tmx(&nested_groups(limits::MAX_NESTING));
        assert_eq!(codes(&i), vec!["LIM002"]);
        let at = i.diagnostics[0].location.expect("located").offset;
        assert_eq!(
            at,
            nested_groups(limits::MAX_NESTING).rfind("<group>").unwrap()
        );
    }

    /// A number attribute that is not a number is said to be one, never read as 0.
    #[test]
    fn a_width_that_is_not_a_whole_number_is_not_read_as_zero() {
        let text = r#"<map orientation="hexagonal" width="3.5" height="2" tilewidth="60" tileheight="52" hexsidelength="30" staggeraxis="x" staggerindex="odd"></map>"#;
        let i = tmx(text);
        assert_eq!(codes(&i), vec!["SYN003"]);
        let d = &i.diagnostics[0];
        assert!(
            d.message
                .contains("`3.5` is not a whole number: the `width` of <map>"),
            "{}",
            d.message
        );
        assert!(!d.message.contains(" 0"), "{}", d.message);
        assert_eq!(d.location.map(|l| l.offset), text.find("3.5"));
    }

    /// Findings are collected as `check` collects them (200 of a code kept, the rest counted)
    /// and located at the end in one sweep: 3,000 objects of a class of their own give 200
    /// findings, each on its object, and a note counting the rest.
    #[test]
    fn findings_past_200_of_a_code_are_counted() {
        let objects: Vec<String> = (0..3000)
            .map(|i| {
                format!(r#"{{"id": {i}, "name": "s", "type": "spawn", "x": 30, "y": 26, "point": true}}"#)
            })
            .collect();
        let text = small("hexagonal", "[1, 1, 1, 1, 1, 1]", &objects.join(", "));
        let i = tmj(&text);
        assert_eq!(i.diagnostics.len(), 201);
        assert!(
            i.diagnostics[..200]
                .iter()
                .all(|d| d.code == Code::TiledObjectLeftOut)
        );
        assert_eq!(
            i.diagnostics[200].message,
            "2800 more diagnostics not shown"
        );
        for (k, d) in i.diagnostics[..200].iter().enumerate() {
            let at = d.location.expect("located").offset;
            assert!(
                text[at..].starts_with(&format!("{{\"id\": {k},")),
                "{k}: {d:?}"
            );
        }
    }

    /// A map that names one tileset 64 times reads it once.
    #[test]
    fn a_tileset_named_many_times_is_read_once() {
        let refs: Vec<String> = (0..MAX_TILESETS)
            .map(|k| format!(r#"{{"firstgid": {}, "source": "t.tsj"}}"#, 1 + 3 * k))
            .collect();
        let body = small("hexagonal", "[1, 2, 1, 1, 1, 2]", "")
            .replace(&format!("[{TILESET}]"), &format!("[{}]", refs.join(", ")));
        let tileset = TILESET.replace("\"firstgid\": 1, ", "");
        let src = Source::from_text("drawn.tmj", body);
        let mut reads = 0;
        let mut reader = |name: &str| {
            reads += 1;
            Ok(Source::from_text(name, tileset.clone()))
        };
        let i = import_source(&src, &mut reader);
        assert_eq!(reads, 1);
        assert_eq!(i.sources.len(), 2);
        assert_eq!(i.map.expect("map").terrain, vec![".W.", "..W"]);
    }

    /// A map in `dir/m/` naming a tileset `source`, imported from disk.
    fn import_naming(dir: &Path, source: &str) -> Imported {
        let body = small("hexagonal", "[1, 1, 1, 1, 1, 1]", "").replace(
            &format!("[{TILESET}]"),
            &format!(r#"[{{"firstgid": 1, "source": "{source}"}}]"#),
        );
        std::fs::create_dir_all(dir.join("m")).unwrap();
        let map = dir.join("m/drawn.tmj");
        std::fs::write(&map, body).unwrap();
        import_path(&map)
    }

    /// Tilesets are read only from the map's folder (REF006, as a scenario's map path): not by
    /// an absolute path, not above it, not through a link out; and nothing of a file that is
    /// not a tileset is shown.
    #[test]
    fn tilesets_are_confined_to_the_map_folder() {
        const SECRET: &str = "root:x:0:0:TOP-SECRET";
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("secret.tsj"), SECRET).unwrap();
        let absolute = dir.path().join("secret.tsj").display().to_string();
        let mut cases = vec![absolute.as_str(), "../secret.tsj", "sub/../../secret.tsj"];
        #[cfg(unix)]
        {
            std::fs::create_dir_all(dir.path().join("m")).unwrap();
            std::os::unix::fs::symlink("../secret.tsj", dir.path().join("m/link.tsj")).unwrap();
            cases.push("link.tsj");
        }
        for source in cases {
            let i = import_naming(dir.path(), source);
            // The tileset refused; its tiles are then in no tileset (TIL002).
            assert_eq!(
                codes(&i),
                vec!["REF006", "TIL002"],
                "{source}: {:#?}",
                i.diagnostics
            );
            assert_eq!(i.sources.len(), 1, "{source}: only the map was read");
            assert!(
                i.diagnostics
                    .iter()
                    .all(|d| !format!("{d:?}").contains("TOP-SECRET")),
                "{source}"
            );
        }
        // In the folder, but not a tileset: the finding is on the map's reference to it.
        std::fs::write(dir.path().join("m/notes.tsj"), SECRET).unwrap();
        let i = import_naming(dir.path(), "notes.tsj");
        assert_eq!(codes(&i), vec!["SYN001", "TIL002"], "{:#?}", i.diagnostics);
        assert_eq!(i.sources.len(), 1);
        let d = &i.diagnostics[0];
        assert_eq!(
            d.file.as_deref(),
            Some(dir.path().join("m/drawn.tmj").as_path())
        );
        assert!(
            d.message.contains("`notes.tsj` is not a Tiled tileset"),
            "{}",
            d.message
        );
        assert!(!format!("{d:?}").contains("TOP-SECRET"));
    }

    /// The tilesets of a map come to at most [`MAX_TILESET_BYTES`], together: exactly the
    /// limit is read, a byte more is LIM001.
    #[test]
    fn tileset_bytes_are_capped_in_total() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("m")).unwrap();
        let tileset = TILESET.replace("\"firstgid\": 1, ", "");
        let half = (MAX_TILESET_BYTES / 2) as usize;
        let padded = |n: usize| format!("{tileset}{}", " ".repeat(n - tileset.len()));
        std::fs::write(dir.path().join("m/a.tsj"), padded(half)).unwrap();
        for (extra, want) in [(0, Vec::<&str>::new()), (1, vec!["LIM001"])] {
            std::fs::write(dir.path().join("m/b.tsj"), padded(half + extra)).unwrap();
            let body = small("hexagonal", "[1, 1, 1, 1, 1, 1]", "").replace(
                &format!("[{TILESET}]"),
                r#"[{"firstgid": 1, "source": "a.tsj"}, {"firstgid": 10, "source": "b.tsj"}]"#,
            );
            std::fs::write(dir.path().join("m/drawn.tmj"), body).unwrap();
            let i = import_path(&dir.path().join("m/drawn.tmj"));
            assert_eq!(codes(&i), want, "{extra}: {:#?}", i.diagnostics);
        }
    }
}
