//! Hexagonal Tiled maps (`.tmj` or `.tmx`, external or embedded tilesets, CSV, base64, zlib or
//! gzip layer data) read, and made a map file by the import of the game they name
//! ([`TiledImport`], chosen by the caller: `output::tiled::by_game`): each game's in its own
//! file, given by its outputs (`GameOutputs::tiled_import`); [`rifle_and_saber`] reads tiles by
//! their `terrain`, and features, roads, ridges and labels.
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

use super::export::feature_class;
use super::tmj::{
    Data, Layer, Object, Origin, Point, Property, TiledMap, Tileset, property, property_bool,
    property_str,
};
use super::{StaggerAxis, StaggerIndex, TiledGrid, grid_of, tmx};

mod layer_data;
pub mod musket_and_saber;
mod objects;
pub mod rifle_and_saber;
mod tilesets;

pub use layer_data::decode;
pub use rifle_and_saber::{differences, import_rifle_and_saber, normalized};
use tilesets::{LoadedTileset, load_tilesets};

/// Largest tile width or height accepted, in pixels.
pub const MAX_TILE_PX: u32 = 4096;
/// Most tilesets one map may name.
pub const MAX_TILESETS: usize = 64;
/// Most bytes of external tilesets one map may read, all its tilesets together (each file
/// read once however many times it is named).
pub const MAX_TILESET_BYTES: u64 = limits::MAX_FILE_BYTES;

/// Gid bits that flip or rotate a tile; the rest is the tile.
const GID_FLAGS: u64 = 0xF000_0000;

/// What an import produced: the map file's text (when the Tiled map could be read as one, even
/// with findings), every finding located in its file, and the files read (for showing
/// snippets).
#[derive(Debug, Clone)]
pub struct Imported {
    /// The map file's text, RON in the repository's one layout, ready to write.
    pub text: Option<String>,
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

/// A Tiled map read, for the import of its game to build its map file from.
pub struct TiledRead<'a> {
    cx: &'a mut Context,
    doc: &'a TiledMap,
    origin: &'a Origin,
    sets: &'a [LoadedTileset],
    src: &'a Source,
}

/// A game's Tiled import: the text of its map file built from a Tiled map read, its findings
/// reported in the Tiled files; `None` when no map could be built.
pub type TiledImport = fn(&mut TiledRead) -> Option<String>;

/// Which game's import builds a Tiled map's file (from its document): that import, or the
/// finding that refuses the map, reported at the map's properties.
pub type ChooseImport<'a> = dyn Fn(&TiledMap) -> Result<TiledImport, Diagnostic> + 'a;

/// Import a Tiled map file by the import `choose` gives; external tilesets are read beside it:
/// regular files inside the map's folder only (as a scenario's map path, REF006), each once, at
/// most [`MAX_TILESET_BYTES`] of them.
pub fn import_path_by(path: &Path, choose: &ChooseImport) -> Imported {
    let src = match read_regular(path) {
        Ok(s) => s,
        Err(d) => {
            return Imported {
                text: None,
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
    import_source_by(&src, &mut reader, choose)
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

/// Import a Tiled map already read by the import `choose` gives; `tilesets` reads the
/// external tilesets it names.
pub fn import_source_by(
    src: &Source,
    tilesets: &mut TilesetReader,
    choose: &ChooseImport,
) -> Imported {
    let mut cx = Context {
        sources: vec![src.clone()],
        findings: Findings::new(),
    };
    let text = read_document(&mut cx, src).and_then(|(doc, origin)| {
        let import = match choose(&doc) {
            Ok(import) => import,
            Err(d) => {
                cx.report(0, &at_key(&origin, "properties"), d);
                return None;
            }
        };
        let sets = load_tilesets(&mut cx, &doc, tilesets);
        import(&mut TiledRead {
            cx: &mut cx,
            doc: &doc,
            origin: &origin,
            sets: &sets,
            src,
        })
    });
    let mut diagnostics = located(&cx.sources, cx.findings.into_vec());
    finish::sort(&mut diagnostics);
    finish::cap(&mut diagnostics, Some(&src.path));
    Imported {
        text,
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
            p.push(PathSeg::owned(key));
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

/// The grid of a hexagonal Tiled map, at its tile sizes, or why there is none.
fn grid(cx: &mut Context, doc: &TiledMap, origin: &Origin) -> Option<TiledGrid> {
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
            "the map is infinite; a map file has a fixed size".into(),
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
    let grid = Grid {
        width: doc.width,
        height: doc.height,
        orientation,
        parity,
        numbering: Default::default(),
    };
    Some(TiledGrid {
        grid,
        tile_width: doc.tilewidth,
        tile_height: doc.tileheight,
        side,
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

/// The terrain layer and its tiles' global ids, one per hex in row order (flip bits cleared),
/// or why they cannot be read; `tile_says` is what the hint asks of a terrain tile.
fn terrain_gids<'a>(
    cx: &mut Context,
    doc: &'a TiledMap,
    origin: &Origin,
    grid: &Grid,
    tile_says: &str,
) -> Option<(&'a Layer, Vec<u64>)> {
    let Some(layer) = terrain_layer(&doc.layers) else {
        let d = Diagnostic::new(Code::TiledGrid, "the map has no tile layer of terrain").with_hint(
            format!(
                "paint the hexes on a tile layer named `terrain` with tiles that carry {tile_says}"
            ),
        );
        cx.report(0, &at_key(origin, "layers"), d);
        return None;
    };
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
    match decode(layer, grid.len()) {
        Ok(gids) => Some((layer, gids.into_iter().map(|g| g & !GID_FLAGS).collect())),
        Err(message) => {
            let d = Diagnostic::new(Code::TiledData, format!("{here}: {message}"))
                .with_hint("save the layer as CSV or Base64 (uncompressed, zlib or gzip)");
            cx.report(0, &layer.data_origin, d);
            None
        }
    }
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

/// The map's id ([`map_id`]), name and notes, from its properties (else its file name).
fn map_names(doc: &TiledMap, path: &Path) -> (String, String, String) {
    let name = text_property(doc, &["map_name", "name"])
        .unwrap_or_else(|| stem(path))
        .chars()
        .take(limits::MAX_NAME)
        .collect();
    let notes = text_property(doc, &["map_notes", "notes"])
        .unwrap_or_default()
        .chars()
        .take(limits::MAX_TEXT)
        .collect();
    (map_id(doc, path), name, notes)
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

/// The findings of a built map file's checks put on the Tiled layer or object `traced` finds
/// for their path (its first key, and the index of its `k`-th step), else on the map.
fn report_checked(
    cx: &mut Context,
    diags: Vec<Diagnostic>,
    traced: impl Fn(&str, &dyn Fn(usize) -> Option<usize>) -> Option<(Origin, String)>,
) {
    for d in diags {
        let path = d.path.clone().unwrap_or_default();
        let index = |k: usize| match path.get(k) {
            Some(PathSeg::Index(i)) => Some(*i),
            _ => None,
        };
        let key = match path.first() {
            Some(PathSeg::Key(k)) => k.as_ref(),
            _ => "",
        };
        let (origin, here) = traced(key, &index).unwrap_or((Origin::Unknown, "the map".into()));
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

/// Write a map file (of any game) as RON in the repository's one layout (`saberc fmt`'s), so
/// that an imported map is kept as written.
pub fn map_ron<T: serde::Serialize>(file: &T) -> String {
    // The one model-to-text writer; the layout only moves tokens between lines and refuses
    // nothing serde writes, so the fallback (serde's own pretty layout) is never reached.
    crate::output::format::model_text(file, Syntax::Ron).unwrap_or_else(|_| {
        let config = ron::ser::PrettyConfig::new().struct_names(false);
        ron::ser::to_string_pretty(file, config).expect("the map model always serializes") + "\n"
    })
}

#[cfg(test)]
mod tests;
