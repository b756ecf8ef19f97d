//! A Tiled map's tilesets: each loaded once (embedded, or an external file read through the
//! import's confined reader), and the properties of each global tile id's tile; what a tile
//! stands for is each game's import's to read.

use super::*;

/// A tileset ready for lookups: first gid, name, tile count and each tile's properties (shared
/// by every reference to one file).
#[derive(Clone)]
pub(super) struct LoadedTileset {
    pub(super) firstgid: u64,
    pub(super) name: String,
    pub(super) tilecount: u64,
    /// Each tile's properties, as the tileset gives them.
    pub(super) properties: std::rc::Rc<BTreeMap<u64, Vec<Property>>>,
}

/// A tileset's tiles, not yet placed at a first gid.
fn loaded(t: &Tileset) -> LoadedTileset {
    LoadedTileset {
        firstgid: 0,
        name: t.name.clone(),
        tilecount: u64::from(t.tilecount),
        properties: std::rc::Rc::new(
            t.tiles
                .iter()
                .map(|d| (d.id, d.properties.clone()))
                .collect(),
        ),
    }
}

pub(super) fn load_tilesets(
    cx: &mut Context,
    doc: &TiledMap,
    reader: &mut TilesetReader,
) -> Vec<LoadedTileset> {
    let mut out = Vec::new();
    if doc.tilesets.len() > MAX_TILESETS {
        let d = Diagnostic::new(
            Code::LimitExceeded,
            format!(
                "the map names {} tilesets; at most {MAX_TILESETS} are read",
                doc.tilesets.len()
            ),
        );
        cx.report(0, &at_key(&Origin::Path(Vec::new()), "tilesets"), d);
    }
    // Each tileset file read and parsed once: by the name the map gives it, then by the path
    // the reader found (two spellings of one file).
    let mut by_source: HashMap<&str, Option<LoadedTileset>> = HashMap::new();
    let mut by_path: HashMap<PathBuf, Option<LoadedTileset>> = HashMap::new();
    for r in doc.tilesets.iter().take(MAX_TILESETS) {
        let meanings = match (&r.source, &r.embedded) {
            (Some(source), _) => {
                if let Some(m) = by_source.get(source.as_str()) {
                    m.clone()
                } else {
                    let m = match reader(source) {
                        Ok(src) => match by_path.get(&src.path) {
                            Some(m) => m.clone(),
                            None => {
                                let path = src.path.clone();
                                let m = parse_tileset(cx, src, source, &r.origin);
                                by_path.insert(path, m.clone());
                                m
                            }
                        },
                        Err(d) => {
                            let d = Diagnostic {
                                file: None,
                                location: None,
                                ..d
                            };
                            cx.report(
                                0,
                                &r.origin,
                                d.with_hint_if_none("keep the tileset file beside the map"),
                            );
                            None
                        }
                    };
                    by_source.insert(source, m.clone());
                    m
                }
            }
            (None, Some(t)) => Some(loaded(t)),
            (None, None) => None,
        };
        if let Some(m) = meanings {
            out.push(LoadedTileset {
                firstgid: r.firstgid,
                ..m
            });
        }
    }
    out.sort_by_key(|t| t.firstgid);
    out
}

/// An external tileset's tiles, or `None` when its file is not a tileset: then the finding
/// is on the map's reference to it, and nothing of the file is shown (it may be any file of
/// the folder).
pub(super) fn parse_tileset(
    cx: &mut Context,
    src: Source,
    source: &str,
    reference: &Origin,
) -> Option<LoadedTileset> {
    let parsed = if is_xml(&src) {
        tmx::read_tileset(&src.text)
    } else {
        parse_json_text::<Tileset>(&src.text)
    };
    match parsed {
        Ok(t) => {
            let m = loaded(&t);
            cx.sources.push(src);
            Some(m)
        }
        Err(e) => {
            let at = crate::pipeline::locate::location_at(&src.text, e.offset, 1);
            let d = Diagnostic::new(
                e.code,
                format!(
                    "`{}` is not a Tiled tileset ({}, at line {}, column {} of that file)",
                    crate::diagnostic::printable(source, 200),
                    e.message,
                    at.line,
                    at.column
                ),
            )
            .with_hint("name a tileset saved by Tiled (.tsx or .tsj)");
            cx.report(0, reference, d);
            None
        }
    }
}

/// The properties of a global tile id's tile: its tileset, its id there, and its properties
/// (`None`: a gid of no tileset).
pub(super) fn tile_properties(
    sets: &[LoadedTileset],
    gid: u64,
) -> Option<(&LoadedTileset, u64, &[Property])> {
    let ts = sets
        .iter()
        .rev()
        .find(|t| t.firstgid <= gid && t.firstgid > 0)?;
    let local = gid - ts.firstgid;
    if ts.tilecount > 0 && local >= ts.tilecount {
        return None;
    }
    let props = ts.properties.get(&local).map_or(&[][..], Vec::as_slice);
    Some((ts, local, props))
}
