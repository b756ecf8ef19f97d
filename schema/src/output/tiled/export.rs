//! Maps and scenarios as Tiled maps: the `.tmj` document, its `.tsj` tileset and the tileset's
//! PNG, as bytes for the caller to write (`saberc export --format tiled`, the editor's File →
//! Export → Tiled map).

use std::path::{Path, PathBuf};

use crate::files::{Target, WriteError};
use crate::model::hex::{Coord, Grid};
use crate::model::hex_set::HexSet;
use crate::model::map::{Map, RoadKind, SideKey, parse_feature_code};
use crate::model::scenario::{Entry, Group, Scenario, Side};
use crate::output::card::{printed_texts, side_name};
use crate::output::overlays::entry_words;
use crate::output::render::RenderError;
use crate::pipeline::zones::{Resolved, effect_variant};
use crate::ruleset::FeatureLetter;

use super::tileset::{Marker, terrain_tile, tileset, tileset_png};
use super::tmj::{
    Data, FORMAT_VERSION, Layer, Object, Opacity, Point, Property, Shown, TiledMap, Tileset,
    TilesetRef,
};
use super::{LAYOUT, TiledGrid};
use crate::ruleset::Ruleset;

mod chart;
pub use chart::{ChartTile, export_chart_map, export_tiled_chart_map};

/// The first global tile id of our tileset in the map.
pub const FIRST_GID: u64 = 1;

/// One file of an export: its name (to put in the output directory) and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    /// File name, without a directory.
    pub name: String,
    /// Contents.
    pub bytes: Vec<u8>,
}

/// Write an export's files into `dir` (created if missing) with the one safe writer, each a
/// file of an output folder (a link or a node there is refused; so is an input, such as the
/// scenario read); returns the paths written, the `.tmj` first. `saberc export --format
/// tiled` and the editor both write this way.
pub fn write_files(
    files: &[OutputFile],
    dir: &Path,
    inputs: &[&Path],
) -> Result<Vec<PathBuf>, WriteError> {
    crate::files::output_folder(dir)?;
    let paths: Vec<PathBuf> = files.iter().map(|f| dir.join(&f.name)).collect();
    let targets: Vec<Target> = files
        .iter()
        .zip(&paths)
        .map(|(f, path)| {
            let mut target = inputs
                .iter()
                .fold(Target::in_folder(path), |t, i| t.not_over(i));
            // The map and its tileset are read back by `saberc import`; the picture is not.
            if !f.name.ends_with(".png") {
                target = target.read_back();
            }
            target
        })
        .collect();
    // Every file's refusals first: a refused tileset never leaves its map written.
    for target in &targets {
        target.check()?;
    }
    let mut written = Vec::with_capacity(files.len());
    for ((f, target), path) in files.iter().zip(&targets).zip(&paths) {
        target.write(&f.bytes)?;
        written.push(path.clone());
    }
    written.sort_by_key(|p| p.extension().is_none_or(|e| e != "tmj"));
    Ok(written)
}

/// The class of a feature object, by letter (the `type` of the object).
pub fn feature_class(letter: FeatureLetter) -> &'static str {
    match letter {
        FeatureLetter::V => "village",
        FeatureLetter::H => "hill",
        FeatureLetter::W => "woods",
        FeatureLetter::R => "river",
        FeatureLetter::J => "junction",
        FeatureLetter::F => "ford",
        FeatureLetter::B => "bridge",
    }
}

/// The three files of a map's export: `<id>.tmj`, `<id>.tsj`, `<id>.png`.
pub fn export_map(map: &Map, rules: &Ruleset) -> Result<Vec<OutputFile>, RenderError> {
    let doc = map_document(map, rules, &format!("{}.tsj", map.id));
    files(rules, &map.id, map, doc)
}

/// The three files of any game's map: by its own chart's kinds when it brings one
/// ([`export_chart_map`]), else by its ruleset's terrain ([`export_map`]).
pub fn export_any_map(map: &Map) -> Result<Vec<OutputFile>, RenderError> {
    match &map.chart {
        Some(chart) => export_chart_map(map, chart),
        None => export_map(map, map.rules()),
    }
}

/// The three files of a scenario's export, named after the scenario: the map plus the
/// scenario's layers and properties. `resolved` comes from the compiler's pipeline.
pub fn export_scenario(
    rules: &Ruleset,
    s: &Scenario,
    map: &Map,
    resolved: &Resolved,
) -> Result<Vec<OutputFile>, RenderError> {
    let doc = scenario_document(rules, s, map, resolved, &format!("{}.tsj", s.id));
    files(rules, &s.id, map, doc)
}

fn files(
    rules: &Ruleset,
    id: &str,
    map: &Map,
    doc: TiledMap,
) -> Result<Vec<OutputFile>, RenderError> {
    let png = tileset_png(rules, map.grid.orientation)?;
    let ts = tileset(rules, id, &format!("{id}.png"), map.grid.orientation);
    Ok(three_files(id, &doc, &ts, png))
}

/// A Tiled map's files: `<id>.tmj`, `<id>.tsj`, `<id>.png`.
fn three_files(id: &str, doc: &TiledMap, ts: &Tileset, png: Vec<u8>) -> Vec<OutputFile> {
    let files = [("tmj", json(doc)), ("tsj", json(ts)), ("png", png)];
    (files.into_iter())
        .map(|(ext, bytes)| OutputFile {
            name: format!("{id}.{ext}"),
            bytes,
        })
        .collect()
}

fn json<T: serde::Serialize>(value: &T) -> Vec<u8> {
    let mut s = serde_json::to_string_pretty(value).expect("the Tiled model always serializes");
    s.push('\n');
    s.into_bytes()
}

/// Hands out layer and object ids in order, as Tiled expects (`nextlayerid`, `nextobjectid`).
#[derive(Default)]
struct Ids {
    layer: u32,
    object: u32,
}

impl Ids {
    fn layer(&mut self) -> u32 {
        self.layer += 1;
        self.layer
    }
    fn object(&mut self) -> u32 {
        self.object += 1;
        self.object
    }
}

/// The Tiled document of a map alone.
pub fn map_document(map: &Map, rules: &Ruleset, tileset_source: &str) -> TiledMap {
    let mut ids = Ids::default();
    let layers = map_layers(map, rules, &mut ids);
    let mut doc = document(map, tileset_source, layers, &ids);
    doc.properties = map_properties(map, "map");
    doc
}

/// The Tiled document of a scenario: its map's layers, a group layer per side holding one tile
/// layer per group, the victory and special-rule hexes, and the scenario's facts as properties.
pub fn scenario_document(
    ruleset: &Ruleset,
    s: &Scenario,
    map: &Map,
    r: &Resolved,
    tileset_source: &str,
) -> TiledMap {
    let mut ids = Ids::default();
    let t = TiledGrid::of(map.grid);
    let mut layers = map_layers(map, ruleset, &mut ids);
    for (si, side) in s.sides.iter().enumerate() {
        let marker = Marker::zone(side.color);
        let mut children = Vec::new();
        for (gi, g) in side.groups.iter().enumerate() {
            let Some(hexes) = r.groups.get(si).and_then(|v| v.get(gi)) else {
                continue;
            };
            let mut props = match &g.entry {
                Entry::Deploy { facing, .. } => {
                    let mut p = vec![Property::string("entry", "deploy")];
                    if let Some(f) = facing {
                        p.push(Property::string("facing", f.name()));
                    }
                    p
                }
                Entry::Arrive { turn, .. } => vec![
                    Property::string("entry", "arrive"),
                    Property::int("turn", i64::from(*turn)),
                ],
            };
            props.splice(
                0..0,
                [
                    Property::string("group", g.id.clone()),
                    Property::string("units", g.notation()),
                    Property::int("stacking_points", i64::from(g.stacking_points())),
                ],
            );
            props.push(Property::string("hexes", hexes.hexes.labels().join(" ")));
            if hexes.alternatives.len() > 1 {
                let alts: Vec<String> = hexes
                    .alternatives
                    .iter()
                    .map(|a| a.labels().join(" "))
                    .collect();
                props.push(Property::string("alternatives", alts.join(" | ")));
            }
            let mut layer = tile_layer(
                &mut ids,
                &group_layer_name(side, g),
                &t.grid,
                marker_data(ruleset, &t.grid, &hexes.hexes, marker),
            );
            layer.opacity = Opacity(0.45);
            layer.class = "group".into();
            layer.properties = props;
            children.push(layer);
        }
        let mut layer = group(&mut ids, &side.name, children);
        layer.class = "side".into();
        layer.properties = vec![
            Property::string("side", side.id.clone()),
            Property::string("color", side.color.name()),
            Property::color("counter_color", marker.color()),
            Property::string("morale", format!("{:?}", side.morale).to_lowercase()),
        ];
        layers.push(layer);
    }
    let name = |id: &str| side_name(s, id);
    // The victory and the special rules' hexes: a group of tile layers each, one a zone.
    let victory: Vec<_> = (r.victory_zones.iter())
        .filter_map(|(path, hexes)| {
            let v = index_after(path, "victory").and_then(|i| s.victory.get(i))?;
            let first = Property::string("side", v.side.clone());
            Some((name(&v.side), first, &v.printed, path, hexes))
        })
        .collect();
    let special: Vec<_> = (r.rule_zones.iter())
        .filter_map(|(path, hexes)| {
            let rule = index_after(path, "special_rules").and_then(|i| s.special_rules.get(i))?;
            let effect = effect_variant(&rule.effect);
            let first = Property::string("effect", effect);
            Some((effect.to_string(), first, &rule.printed, path, hexes))
        })
        .collect();
    let kinds = [
        (victory, "victory hexes", Marker::Victory, 0.6, "victory"),
        (
            special,
            "special rule hexes",
            Marker::SpecialRule,
            0.5,
            "special rule",
        ),
    ];
    for (zones, group_name, marker, opacity, class) in kinds {
        let mut children = Vec::new();
        for (what, first, printed, path, hexes) in zones {
            let pointer = crate::diagnostic::pointer(path);
            let data = marker_data(ruleset, &t.grid, hexes, marker);
            let mut layer = tile_layer(&mut ids, &format!("{what} {pointer}"), &t.grid, data);
            layer.opacity = Opacity(opacity);
            // The special rules' hexes start hidden.
            layer.visible = Shown(marker == Marker::Victory);
            layer.class = class.into();
            layer.properties = vec![
                first,
                Property::string("path", pointer),
                Property::string("printed", printed.clone()),
                Property::string("hexes", hexes.labels().join(" ")),
            ];
            children.push(layer);
        }
        if !children.is_empty() {
            layers.push(group(&mut ids, group_name, children));
        }
    }
    let mut doc = document(map, tileset_source, layers, &ids);
    let mut props = map_properties(map, "scenario");
    props.extend([
        Property::string("id", s.id.clone()),
        Property::string("rule", s.rule.clone().unwrap_or_default()),
        Property::string("name", s.name.clone()),
        Property::string("date", s.date.clone()),
        Property::string("portion", s.portion.clone().unwrap_or_default()),
        Property::int("game_length", i64::from(s.game_length)),
        Property::string("deploys_first", s.deploys_first.clone()),
        Property::string("moves_first", s.moves_first.clone()),
        Property::string("sequence", {
            format!(
                "{} deploys first; {} moves first",
                name(&s.deploys_first),
                name(&s.moves_first)
            )
        }),
    ]);
    let [victory_text, rule_text] = printed_texts(s);
    props.push(Property::string(
        "victory_conditions",
        victory_text.join("\n"),
    ));
    props.push(Property::string("special_rules", rule_text.join("\n")));
    props.push(Property::string("notes", s.notes.clone()));
    doc.properties = props;
    doc
}

/// The name of a group's tile layer, `Union (a) deployment` or `Union (b) arrival on Game-Turn 3`:
/// the side's name first, so that every tile layer has a name of its own (Tiled's tools pick
/// layers by name, and Tiled 1.8's `tmxrasterizer --show-layer` only by a tile layer's own).
pub fn group_layer_name(side: &Side, g: &Group) -> String {
    format!("{} ({}) {}", side.name, g.id, entry_words(&g.entry))
}

/// The index that follows `key` in a path (`/victory/2/goal` → 2).
fn index_after(path: &[crate::diagnostic::PathSeg], key: &str) -> Option<usize> {
    use crate::diagnostic::PathSeg;
    let at = path
        .iter()
        .position(|p| matches!(p, PathSeg::Key(k) if k == key))?;
    match path.get(at + 1) {
        Some(PathSeg::Index(i)) => Some(*i),
        _ => None,
    }
}

fn document(map: &Map, tileset_source: &str, layers: Vec<Layer>, ids: &Ids) -> TiledMap {
    let t = TiledGrid::of(map.grid);
    TiledMap {
        kind: "map".into(),
        version: FORMAT_VERSION.into(),
        tiledversion: serde_json::Value::Null,
        orientation: "hexagonal".into(),
        renderorder: "right-down".into(),
        width: map.grid.width,
        height: map.grid.height,
        tilewidth: t.tile_width,
        tileheight: t.tile_height,
        hexsidelength: Some(t.side),
        staggeraxis: Some(t.axis().name().into()),
        staggerindex: Some(t.index().name().into()),
        infinite: false,
        nextlayerid: ids.layer + 1,
        nextobjectid: ids.object + 1,
        compressionlevel: -1,
        layers,
        tilesets: vec![TilesetRef {
            firstgid: FIRST_GID,
            source: Some(tileset_source.into()),
            ..TilesetRef::default()
        }],
        properties: Vec::new(),
    }
}

fn map_properties(map: &Map, kind: &str) -> Vec<Property> {
    vec![
        Property::string("format", LAYOUT),
        Property::string("kind", kind),
        Property::string("map_id", map.id.clone()),
        Property::string("map_name", map.name.clone()),
        Property::string("map_notes", map.notes.clone()),
    ]
}

/// A layer of `kind`, with the next layer id.
fn layer(ids: &mut Ids, name: &str, kind: &str) -> Layer {
    let mut layer = Layer::default();
    (layer.id, layer.name, layer.kind) = (ids.layer(), name.into(), kind.into());
    layer
}

fn group(ids: &mut Ids, name: &str, children: Vec<Layer>) -> Layer {
    let mut group = layer(ids, name, "group");
    group.layers = Some(children);
    group
}

fn tile_layer(ids: &mut Ids, name: &str, grid: &Grid, data: Vec<u64>) -> Layer {
    let mut tiles = layer(ids, name, "tilelayer");
    (tiles.width, tiles.height) = (Some(grid.width), Some(grid.height));
    tiles.data = Some(Data::Gids(data));
    tiles
}

fn marker_data(rules: &Ruleset, grid: &Grid, hexes: &HexSet, marker: Marker) -> Vec<u64> {
    grid.coords()
        .map(|c| {
            if hexes.contains(c) {
                FIRST_GID + u64::from(marker.tile(rules))
            } else {
                0
            }
        })
        .collect()
}

fn object_layer(ids: &mut Ids, name: &str, objects: Vec<Object>) -> Layer {
    let mut group = layer(ids, name, "objectgroup");
    (group.draworder, group.objects) = (Some("topdown".into()), Some(objects));
    group
}

/// An object of class `kind` at `(x, y)` pixels, with the next object id.
fn object(ids: &mut Ids, name: String, kind: &str, (x, y): (f64, f64)) -> Object {
    let mut o = Object::default();
    (o.id, o.name, o.kind, o.x, o.y) = (ids.object(), name, kind.into(), x, y);
    o
}

/// The layers of the map itself: terrain, features, roads, ridges, labels.
fn map_layers(map: &Map, rules: &Ruleset, ids: &mut Ids) -> Vec<Layer> {
    let g = map.grid;
    let t = TiledGrid::of(g);
    let terrain: Vec<u64> = map
        .cells
        .iter()
        .map(|c| FIRST_GID + u64::from(terrain_tile(rules, *c)))
        .collect();
    let mut layers = vec![tile_layer(ids, "terrain", &g, terrain)];

    let features = map
        .features
        .iter()
        .map(|f| {
            let at = f.label.or(f.hexes.first().copied()).unwrap_or(Coord(1, 1));
            let (x, y) = t.center(at);
            let class = parse_feature_code(&f.code)
                .map(|(l, _)| feature_class(l))
                .unwrap_or("feature");
            let mut properties = vec![Property::string(
                "hexes",
                f.hexes
                    .iter()
                    .map(|c| g.label(*c))
                    .collect::<Vec<_>>()
                    .join(" "),
            )];
            if let Some(n) = &f.name {
                properties.push(Property::string("proper_name", n.clone()));
            }
            if f.label.is_some() {
                properties.push(Property::string("label", g.label(at)));
            }
            let mut o = object(ids, f.code.clone(), class, (x, y));
            (o.point, o.properties) = (true, properties);
            o
        })
        .collect();
    layers.push(object_layer(ids, "features", features));

    let roads = road_objects(map, &t, ids);
    layers.push(object_layer(ids, "roads", roads));

    let ridges = map
        .ridges
        .iter()
        .filter_map(|side| ridge_object(&t, *side, ids))
        .collect();
    layers.push(object_layer(ids, "ridges", ridges));

    let labels = label_objects(map, &t, ids);
    layers.push(object_layer(ids, "labels", labels));
    layers
}

/// Roads as polylines through their hexes' centres.
fn road_objects(map: &Map, t: &TiledGrid, ids: &mut Ids) -> Vec<Object> {
    map.roads
        .iter()
        .map(|road| {
            let first = road.hexes.first().copied().unwrap_or(Coord(1, 1));
            let (x0, y0) = t.center(first);
            let points = road
                .hexes
                .iter()
                .map(|c| {
                    let (x, y) = t.center(*c);
                    Point {
                        x: x - x0,
                        y: y - y0,
                    }
                })
                .collect();
            let mut o = object(ids, road.name.clone().unwrap_or_default(), "road", (x0, y0));
            o.polyline = Some(points);
            o.properties = vec![Property::bool("main", road.kind == RoadKind::Main)];
            o
        })
        .collect()
}

/// The map's text labels as points.
fn label_objects(map: &Map, t: &TiledGrid, ids: &mut Ids) -> Vec<Object> {
    map.labels
        .iter()
        .map(|l| {
            let mut o = object(ids, l.text.clone(), "label", t.center(l.at));
            o.point = true;
            o
        })
        .collect()
}

/// A ridge as a polyline along its hexside, from one junction point to the other.
fn ridge_object(t: &TiledGrid, SideKey(a, b): SideKey, ids: &mut Ids) -> Option<Object> {
    let g = t.grid;
    // Drawn from the on-map hex of the pair.
    let (from, to) = if g.contains(a) { (a, b) } else { (b, a) };
    let [p, q] = g.side_corners(from, to)?.map(|k| t.to_px(k));
    let mut o = object(ids, format!("{}/{}", g.label(a), g.label(b)), "ridge", p);
    let (x, y) = (q.0 - p.0, q.1 - p.1);
    o.polyline = Some(vec![Point { x: 0.0, y: 0.0 }, Point { x, y }]);
    Some(o)
}
