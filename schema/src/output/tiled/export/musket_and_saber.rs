//! A Musket & Saber Quick Play map as a Tiled map: one tile per legend character (the kinds of
//! terrain a hex of that character holds, 2.2), drawn in the kinds' colours as `saberc render`
//! draws them, with `kinds` and `char` as tile properties; hexsides (with their `kind`), roads
//! and labels as objects, as the Rifle & Saber export writes ridges, roads and labels; and the
//! map's `game` among its properties, so that `saberc import` knows the map for what it is and
//! refuses it (the chart and track are not in a Tiled map).

use super::*;
use crate::model::musket_and_saber::MsMapFile;
use crate::output::palette::ms_kind_fill;
use crate::output::palette::rgb;
use crate::output::render::{TileArt, hex_tiles_png};
use crate::output::tiled::tileset::tile_size;
use crate::output::tiled::tmj::{TileDef, Tileset};
use crate::ruleset::Game;

/// The three files of an M&S map's Tiled export: `<id>.tmj`, `<id>.tsj`, `<id>.png`.
pub fn export_ms_map(f: &MsMapFile) -> Result<Vec<OutputFile>, RenderError> {
    let map = f.lower();
    let g = map.grid;
    let t = TiledGrid::of(g);
    let mut ids = Ids {
        layer: 0,
        object: 0,
    };
    // Tile `i` is the legend's `i`-th character; a character the legend lacks (a map `check`
    // refuses) is an empty cell.
    let terrain: Vec<u64> = g
        .coords()
        .map(|c| {
            f.terrain
                .get(c.row() as usize - 1)
                .and_then(|row| row.chars().nth(c.col() as usize - 1))
                .and_then(|ch| f.legend.iter().position(|e| e.char.chars().eq([ch])))
                .map_or(0, |i| FIRST_GID + i as u64)
        })
        .collect();
    let mut layers = vec![tile_layer(&mut ids, "terrain", &g, terrain)];
    let roads = road_objects(&map, &t, &mut ids);
    layers.push(object_layer(&mut ids, "roads", roads));
    let hexsides = f
        .in_grid()
        .hexsides
        .iter()
        .filter_map(|h| {
            let other = g.across(h.hex, h.side)?;
            let mut o = ridge_object(&t, SideKey(h.hex, other), &mut ids)?;
            o.name = h.kind.clone();
            o.kind = "hexside".into();
            o.properties = vec![
                Property::string("kind", h.kind.clone()),
                Property::string("hex", g.label(h.hex)),
                Property::string("side", h.side.name()),
            ];
            Some(o)
        })
        .collect();
    layers.push(object_layer(&mut ids, "hexsides", hexsides));
    let labels = label_objects(&map, &t, &mut ids);
    layers.push(object_layer(&mut ids, "labels", labels));

    let mut doc = document(&map, &format!("{}.tsj", f.id), layers, &ids);
    doc.properties = map_properties(&map, "map");
    doc.properties
        .push(Property::string("game", Game::MusketAndSaberQuickPlay.id()));

    let (w, h) = tile_size(g.orientation);
    let tiles: Vec<TileDef> = f
        .legend
        .iter()
        .enumerate()
        .map(|(i, e)| TileDef {
            id: i as u64,
            kind: "terrain".into(),
            properties: vec![
                Property::string("kinds", e.kinds.join(", ")),
                Property::string("char", e.char.clone()),
            ],
            ..TileDef::default()
        })
        .collect();
    let count = tiles.len() as u32;
    let ts = Tileset {
        kind: "tileset".into(),
        version: FORMAT_VERSION.into(),
        tiledversion: serde_json::Value::Null,
        name: f.id.clone(),
        tilewidth: w,
        tileheight: h,
        tilecount: count,
        columns: count,
        image: Some(format!("{}.png", f.id)),
        imagewidth: Some(w * count),
        imageheight: Some(h),
        margin: 0,
        spacing: 0,
        tiles,
        properties: Vec::new(),
    };
    let art: Vec<TileArt> = f
        .legend
        .iter()
        .map(|e| {
            let n = e.kinds.len().max(1);
            TileArt::Wedges(std::array::from_fn(|i| {
                rgb(e
                    .kinds
                    .get(i % n)
                    .and_then(|k| ms_kind_fill(f, k))
                    .unwrap_or(crate::output::render::PAPER))
            }))
        })
        .collect();
    let png = hex_tiles_png(g.orientation, &art, w, h)?;
    Ok(vec![
        OutputFile {
            name: format!("{}.tmj", f.id),
            bytes: json(&doc),
        },
        OutputFile {
            name: format!("{}.tsj", f.id),
            bytes: json(&ts),
        },
        OutputFile {
            name: format!("{}.png", f.id),
            bytes: png,
        },
    ])
}
