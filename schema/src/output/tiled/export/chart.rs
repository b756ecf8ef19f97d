//! A map that brings its own chart (`Map::chart`) as a Tiled map, read from the engine's map
//! and its tiling: one tile per mix of kinds its hexes hold by default (in the order first met,
//! row by row), or the tiles a game gives (M&S: a tile per legend character), drawn in the
//! kinds' colours as `saberc render` draws them, with `kinds` as a tile property; hexsides (an
//! object per kind, with its `kind`, `hex` and `side`), roads and labels as objects; and the
//! map's `game` among its properties, so that `saberc import` asks that game for the map.

use super::*;
use crate::model::chart::KindTerrain;
use crate::output::palette::rgb;
use crate::output::render::own_chart::kind_fill;
use crate::output::render::{PAPER, TileArt, hex_tiles_png};
use crate::output::tiled::tileset::{strip_tileset, tile_size};
use crate::output::tiled::tmj::TileDef;

/// One tile of a map with its own chart: its properties and the fills its wedges take in turn
/// (one fill colours the whole hex; none is paper).
pub struct ChartTile {
    /// The tile's properties (`kinds` first).
    pub properties: Vec<Property>,
    /// The fills of its kinds, as the palette names them.
    pub fills: Vec<&'static str>,
}

/// The three files of a map with its own chart, a tile per mix of kinds: `<id>.tmj`,
/// `<id>.tsj`, `<id>.png`.
pub fn export_chart_map(map: &Map, chart: &KindTerrain) -> Result<Vec<OutputFile>, RenderError> {
    let g = map.grid;
    let mut mixes: Vec<&[usize]> = Vec::new();
    let of_hex: Vec<Option<usize>> = g
        .coords()
        .map(|c| {
            let kinds = chart.kinds_at(&g, c);
            Some(mixes.iter().position(|m| *m == kinds).unwrap_or_else(|| {
                mixes.push(kinds);
                mixes.len() - 1
            }))
        })
        .collect();
    let tiles: Vec<ChartTile> = mixes
        .iter()
        .map(|kinds| ChartTile {
            properties: vec![Property::string("kinds", kind_names(chart, kinds))],
            fills: kinds.iter().map(|k| kind_fill(chart, *k)).collect(),
        })
        .collect();
    export_tiled_chart_map(map, chart, &tiles, &of_hex, Vec::new())
}

/// The ids of chart rows, `, `-separated.
fn kind_names(chart: &KindTerrain, kinds: &[usize]) -> String {
    kinds
        .iter()
        .filter_map(|k| chart.rows.get(*k).map(|r| r.id.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The three files of a map with its own chart drawn in `tiles`, hex `i` (in
/// `Grid::coords` order) as tile `of_hex[i]` (none: an empty cell), with the game's `extra` map
/// properties last: `<id>.tmj`, `<id>.tsj`, `<id>.png`.
pub fn export_tiled_chart_map(
    map: &Map,
    chart: &KindTerrain,
    tiles: &[ChartTile],
    of_hex: &[Option<usize>],
    extra: Vec<Property>,
) -> Result<Vec<OutputFile>, RenderError> {
    let g = map.grid;
    let t = TiledGrid::of(g);
    let mut ids = Ids::default();
    let terrain: Vec<u64> = of_hex
        .iter()
        .map(|i| i.map_or(0, |i| FIRST_GID + i as u64))
        .collect();
    let mut layers = vec![tile_layer(&mut ids, "terrain", &g, terrain)];
    let roads = road_objects(map, &t, &mut ids);
    layers.push(object_layer(&mut ids, "roads", roads));
    let mut hexsides = Vec::new();
    for (key, kinds) in &chart.hexsides {
        let Some((hex, side)) = g.side_on_map(*key) else {
            continue;
        };
        for k in kinds {
            let Some(row) = chart.rows.get(*k) else {
                continue;
            };
            let Some(mut o) = ridge_object(&t, *key, &mut ids) else {
                continue;
            };
            o.name = row.id.clone();
            o.kind = "hexside".into();
            o.properties = vec![
                Property::string("kind", row.id.clone()),
                Property::string("hex", g.label(hex)),
                Property::string("side", side.name()),
            ];
            hexsides.push(o);
        }
    }
    layers.push(object_layer(&mut ids, "hexsides", hexsides));
    let labels = label_objects(map, &t, &mut ids);
    layers.push(object_layer(&mut ids, "labels", labels));

    let mut doc = document(map, &format!("{}.tsj", map.id), layers, &ids);
    doc.properties = map_properties(map, "map");
    if let Some(game) = map.game {
        doc.properties.push(Property::string("game", game.id()));
    }
    doc.properties.extend(extra);

    let defs: Vec<TileDef> = tiles
        .iter()
        .enumerate()
        .map(|(i, tile)| TileDef {
            id: i as u64,
            kind: "terrain".into(),
            properties: tile.properties.clone(),
            ..TileDef::default()
        })
        .collect();
    let image = format!("{}.png", map.id);
    let ts = strip_tileset(&map.id, &image, g.orientation, defs);
    let (w, h) = tile_size(g.orientation);
    let art: Vec<TileArt> = tiles
        .iter()
        .map(|tile| {
            TileArt::Wedges(std::array::from_fn(|i| match tile.fills.as_slice() {
                [] => rgb(PAPER),
                fills => rgb(fills[i % fills.len()]),
            }))
        })
        .collect();
    let png = hex_tiles_png(g.orientation, &art, w, h)?;
    Ok(three_files(&map.id, &doc, &ts, png))
}
