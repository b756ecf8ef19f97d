//! A Tiled map's tilesets: each loaded once (embedded, or an external file read through the
//! import's confined reader), and what each global tile id stands for (a terrain, a slope).

use super::*;

/// What a global tile id stands for.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum TileMeaning {
    /// A terrain tile.
    Terrain(Cell),
    /// A tile whose `terrain` is missing, or not a terrain of the chart (the value).
    Unknown(Option<String>),
}

/// A tileset ready for lookups: first gid, tile count, meanings of its tiles (shared by every
/// reference to one file).
pub(super) struct LoadedTileset {
    pub(super) firstgid: u64,
    pub(super) name: String,
    pub(super) tilecount: u64,
    pub(super) tiles: std::rc::Rc<BTreeMap<u64, TileMeaning>>,
    /// Each tile's properties, as the tileset gives them.
    pub(super) properties: std::rc::Rc<BTreeMap<u64, Vec<Property>>>,
}

/// What one tileset says, computed once per file.
#[derive(Clone)]
pub(super) struct Meanings {
    pub(super) name: String,
    pub(super) tilecount: u64,
    pub(super) tiles: std::rc::Rc<BTreeMap<u64, TileMeaning>>,
    pub(super) properties: std::rc::Rc<BTreeMap<u64, Vec<Property>>>,
}

pub(super) fn meanings_of(t: &Tileset) -> Meanings {
    Meanings {
        name: t.name.clone(),
        tilecount: u64::from(t.tilecount),
        tiles: std::rc::Rc::new(t.tiles.iter().map(|d| (d.id, meaning(d))).collect()),
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
    let mut by_source: HashMap<&str, Option<Meanings>> = HashMap::new();
    let mut by_path: HashMap<PathBuf, Option<Meanings>> = HashMap::new();
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
            (None, Some(t)) => Some(meanings_of(t)),
            (None, None) => None,
        };
        if let Some(m) = meanings {
            out.push(LoadedTileset {
                firstgid: r.firstgid,
                name: m.name,
                tilecount: m.tilecount,
                tiles: m.tiles,
                properties: m.properties,
            });
        }
    }
    out.sort_by_key(|t| t.firstgid);
    out
}

/// An external tileset's meanings, or `None` when its file is not a tileset: then the finding
/// is on the map's reference to it, and nothing of the file is shown (it may be any file of
/// the folder).
pub(super) fn parse_tileset(
    cx: &mut Context,
    src: Source,
    source: &str,
    reference: &Origin,
) -> Option<Meanings> {
    let parsed = if is_xml(&src) {
        tmx::read_tileset(&src.text)
    } else {
        parse_json_text::<Tileset>(&src.text)
    };
    match parsed {
        Ok(t) => {
            let m = meanings_of(&t);
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

/// What a tile means, from its `terrain` (and `slope`) property.
pub(super) fn meaning(t: &TileDef) -> TileMeaning {
    let Some(value) = property(&t.properties, "terrain") else {
        return TileMeaning::Unknown(None);
    };
    let name = value
        .as_str()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let Some(terrain) = Terrain::ALL.into_iter().find(|t| t.name() == name) else {
        let shown = value
            .as_str()
            .map_or_else(|| value.to_string(), str::to_string);
        return TileMeaning::Unknown(Some(cut(&shown)));
    };
    let slope = property_bool(&t.properties, "slope").unwrap_or(false);
    TileMeaning::Terrain(Cell { terrain, slope })
}

/// The meaning of a global tile id, if a tileset defines it.
pub(super) fn lookup(
    sets: &[LoadedTileset],
    gid: u64,
) -> Option<(&LoadedTileset, u64, Option<&TileMeaning>)> {
    let ts = sets
        .iter()
        .rev()
        .find(|t| t.firstgid <= gid && t.firstgid > 0)?;
    let local = gid - ts.firstgid;
    if ts.tilecount > 0 && local >= ts.tilecount {
        return None;
    }
    Some((ts, local, ts.tiles.get(&local)))
}

/// The properties of a global tile id's tile: its tileset, its id there, and its properties
/// (`None`: a gid of no tileset).
pub(super) fn tile_properties(
    sets: &[LoadedTileset],
    gid: u64,
) -> Option<(&LoadedTileset, u64, &[Property])> {
    let (ts, local, _) = lookup(sets, gid)?;
    let props = ts.properties.get(&local).map_or(&[][..], Vec::as_slice);
    Some((ts, local, props))
}
