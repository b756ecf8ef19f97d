//! A map that brings its own chart (`Map::chart`) as a Tiled map, read from the engine's map
//! alone, for a game that writes no Tiled map of its own: one tile per mix of kinds its hexes
//! hold (in the order first met, row by row), drawn in the kinds' colours as `saberc render`
//! draws them, with `kinds` as a tile property; hexsides (with their `kinds`), roads and labels
//! as objects; and the map's `game` among its properties, so that `saberc import` knows the map
//! for what it is and refuses it (its chart is not in a Tiled map).

use super::*;
use crate::model::chart::KindTerrain;
use crate::output::palette::rgb;
use crate::output::render::musket_and_saber::kind_fill;
use crate::output::render::{PAPER, TileArt, hex_tiles_png};
use crate::output::tiled::tileset::tile_size;
use crate::output::tiled::tmj::{TileDef, Tileset};

/// The three files of a map with its own chart: `<id>.tmj`, `<id>.tsj`, `<id>.png`.
pub fn export_chart_map(map: &Map, chart: &KindTerrain) -> Result<Vec<OutputFile>, RenderError> {
    let g = map.grid;
    let t = TiledGrid::of(g);
    let mut ids = Ids {
        layer: 0,
        object: 0,
    };
    let mut mixes: Vec<&[usize]> = Vec::new();
    let terrain: Vec<u64> = g
        .coords()
        .map(|c| {
            let kinds = chart.kinds_at(&g, c);
            let i = mixes.iter().position(|m| *m == kinds).unwrap_or_else(|| {
                mixes.push(kinds);
                mixes.len() - 1
            });
            FIRST_GID + i as u64
        })
        .collect();
    let names = |kinds: &[usize]| {
        kinds
            .iter()
            .filter_map(|k| chart.rows.get(*k).map(|r| r.id.as_str()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut layers = vec![tile_layer(&mut ids, "terrain", &g, terrain)];
    let roads = road_objects(map, &t, &mut ids);
    layers.push(object_layer(&mut ids, "roads", roads));
    let hexsides = chart
        .hexsides
        .iter()
        .filter_map(|(key, kinds)| {
            let mut o = ridge_object(&t, *key, &mut ids)?;
            o.name = names(kinds);
            o.kind = "hexside".into();
            o.properties = vec![
                Property::string("kinds", names(kinds)),
                Property::string("hex", g.label(key.0)),
                Property::string("across", g.label(key.1)),
            ];
            Some(o)
        })
        .collect();
    layers.push(object_layer(&mut ids, "hexsides", hexsides));
    let labels = label_objects(map, &t, &mut ids);
    layers.push(object_layer(&mut ids, "labels", labels));

    let mut doc = document(map, &format!("{}.tsj", map.id), layers, &ids);
    doc.properties = map_properties(map, "map");
    if let Some(game) = map.game {
        doc.properties.push(Property::string("game", game.id()));
    }

    let (w, h) = tile_size(g.orientation);
    let tiles: Vec<TileDef> = mixes
        .iter()
        .enumerate()
        .map(|(i, kinds)| TileDef {
            id: i as u64,
            kind: "terrain".into(),
            properties: vec![Property::string("kinds", names(kinds))],
            ..TileDef::default()
        })
        .collect();
    let count = tiles.len() as u32;
    let ts = Tileset {
        kind: "tileset".into(),
        version: FORMAT_VERSION.into(),
        tiledversion: serde_json::Value::Null,
        name: map.id.clone(),
        tilewidth: w,
        tileheight: h,
        tilecount: count,
        columns: count,
        image: Some(format!("{}.png", map.id)),
        imagewidth: Some(w * count),
        imageheight: Some(h),
        margin: 0,
        spacing: 0,
        tiles,
        properties: Vec::new(),
    };
    let art: Vec<TileArt> = mixes
        .iter()
        .map(|kinds| {
            TileArt::Wedges(std::array::from_fn(|i| match kinds {
                [] => rgb(PAPER),
                _ => rgb(kind_fill(chart, kinds[i % kinds.len()])),
            }))
        })
        .collect();
    let png = hex_tiles_png(g.orientation, &art, w, h)?;
    Ok(vec![
        OutputFile {
            name: format!("{}.tmj", map.id),
            bytes: json(&doc),
        },
        OutputFile {
            name: format!("{}.tsj", map.id),
            bytes: json(&ts),
        },
        OutputFile {
            name: format!("{}.png", map.id),
            bytes: png,
        },
    ])
}
