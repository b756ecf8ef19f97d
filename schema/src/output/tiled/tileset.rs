//! The exported tileset: one tile per terrain and slope variant, each carrying what an engine
//! needs from the Terrain Effects Chart (9.2), then the marker tiles of scenario layers. Tile
//! ids are fixed (the README lists them), so that engines may rely on them.

use crate::model::hex::Orientation;
use crate::model::map::Cell;
use crate::model::scenario::CounterColor;
use crate::output::overlays::overlay_color;
use crate::output::palette;
use crate::output::render::{RenderError, TileArt, hex_tiles_png};
use crate::queries::movement::terrain_cost;
use crate::ruleset::Ruleset;

use super::tmj::{FORMAT_VERSION, Property, TileDef, Tileset};
use super::{HEX_ACROSS_PX, HEX_SIDE_PX};

/// Every cell a map file can hold, in tile-id order: each terrain of the chart, then its slope
/// variant where the file format has one (rivers, fords and bridges have none).
pub fn terrain_cells(rules: &Ruleset) -> Vec<Cell> {
    rules
        .terrains
        .iter()
        .copied()
        .flat_map(|terrain| [false, true].map(|slope| Cell { terrain, slope }))
        .filter(|cell| Cell::from_char(cell.to_char(rules), rules) == Some(*cell))
        .collect()
}

/// The local tile id of a cell.
pub fn terrain_tile(rules: &Ruleset, cell: Cell) -> u32 {
    let cell = Cell::from_char(cell.to_char(rules), rules).unwrap_or_default();
    terrain_cells(rules)
        .iter()
        .position(|c| *c == cell)
        .unwrap_or_default() as u32
}

/// The marker tiles after the terrain tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marker {
    /// A hex of a red side's deployment zone or arrival.
    RedZone,
    /// A hex of a blue side's deployment zone or arrival.
    BlueZone,
    /// A hex named by a victory condition.
    Victory,
    /// A hex named by a special rule.
    SpecialRule,
}

impl Marker {
    /// All marker tiles, in tile-id order.
    pub const ALL: [Marker; 4] = [
        Marker::RedZone,
        Marker::BlueZone,
        Marker::Victory,
        Marker::SpecialRule,
    ];

    /// The marker of a side's zones.
    pub fn zone(color: CounterColor) -> Marker {
        match color {
            CounterColor::Red => Marker::RedZone,
            CounterColor::Blue => Marker::BlueZone,
        }
    }

    /// The local tile id.
    pub fn tile(self, rules: &Ruleset) -> u32 {
        let i = Marker::ALL
            .iter()
            .position(|m| *m == self)
            .unwrap_or_default();
        (terrain_cells(rules).len() + i) as u32
    }

    /// The `marker` property of the tile.
    pub fn name(self) -> &'static str {
        match self {
            Marker::RedZone => "red zone",
            Marker::BlueZone => "blue zone",
            Marker::Victory => "victory hex",
            Marker::SpecialRule => "special rule hex",
        }
    }

    /// The colour drawn: a side's counter colour for its zones, as our own scenario drawings
    /// fill them; overlay colours for the rest.
    pub fn color(self) -> [u8; 3] {
        match self {
            Marker::RedZone => palette::rgb(palette::side_color(CounterColor::Red)),
            Marker::BlueZone => palette::rgb(palette::side_color(CounterColor::Blue)),
            Marker::Victory => overlay_color(7),
            Marker::SpecialRule => overlay_color(2),
        }
    }
}

/// The properties of a terrain tile: what the import reads back (`terrain`, `slope`) and what
/// an engine needs (movement cost to enter, 9.2; blocks line of sight, 5.1G).
pub fn terrain_properties(rules: &Ruleset, cell: Cell) -> Vec<Property> {
    let row = rules.terrain_effect(cell.terrain);
    let cost = terrain_cost(rules, cell.terrain, cell.slope);
    vec![
        Property::string("terrain", cell.terrain.name()),
        Property::bool("slope", cell.slope),
        Property::float(
            "movement_cost",
            cost.map_or_else(
                || row.movement_cost.map_or(0.0, |r| r.value()),
                |c| c.value(),
            ),
        ),
        Property::string(
            "movement_cost_text",
            cost.map_or_else(|| row.name.to_string(), |c| c.to_string()),
        ),
        Property::bool("blocks_sight", row.blocks_fire),
        Property::string("char", cell.to_char(rules).to_string()),
    ]
}

/// The tileset of a map export, named `name`, its image at `image` (relative to the tileset).
pub fn tileset(rules: &Ruleset, name: &str, image: &str, orientation: Orientation) -> Tileset {
    let cells = terrain_cells(rules);
    let mut tiles: Vec<TileDef> = cells
        .iter()
        .enumerate()
        .map(|(i, cell)| TileDef {
            id: i as u64,
            kind: "terrain".into(),
            properties: terrain_properties(rules, *cell),
            ..TileDef::default()
        })
        .collect();
    for m in Marker::ALL {
        tiles.push(TileDef {
            id: u64::from(m.tile(rules)),
            kind: "marker".into(),
            properties: vec![Property::string("marker", m.name())],
            ..TileDef::default()
        });
    }
    strip_tileset(name, image, orientation, tiles)
}

/// A tileset of `tiles` in one row of `image`, each of `orientation`'s tile size (every
/// tileset the export writes).
pub fn strip_tileset(
    name: &str,
    image: &str,
    orientation: Orientation,
    tiles: Vec<TileDef>,
) -> Tileset {
    let (w, h) = tile_size(orientation);
    let count = tiles.len() as u32;
    Tileset {
        kind: "tileset".into(),
        version: FORMAT_VERSION.into(),
        tiledversion: serde_json::Value::Null,
        name: name.into(),
        tilewidth: w,
        tileheight: h,
        tilecount: count,
        columns: count,
        image: Some(image.into()),
        imagewidth: Some(w * count),
        imageheight: Some(h),
        margin: 0,
        spacing: 0,
        tiles,
        properties: Vec::new(),
    }
}

/// The tileset's image: every tile drawn by our map renderer, in tile-id order.
pub fn tileset_png(rules: &Ruleset, orientation: Orientation) -> Result<Vec<u8>, RenderError> {
    let (w, h) = tile_size(orientation);
    let mut art: Vec<TileArt> = terrain_cells(rules)
        .into_iter()
        .map(TileArt::Cell)
        .collect();
    art.extend(Marker::ALL.map(|m| TileArt::Fill(m.color())));
    hex_tiles_png(orientation, &art, w, h)
}

/// Tile width and height for an orientation.
pub fn tile_size(orientation: Orientation) -> (u32, u32) {
    match orientation {
        Orientation::Flat => (2 * HEX_SIDE_PX, HEX_ACROSS_PX),
        Orientation::Pointy => (HEX_ACROSS_PX, 2 * HEX_SIDE_PX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules the tileset is made for.
    const R: &Ruleset = crate::ruleset::rules_without_game();
    use crate::ruleset::Terrain;

    #[test]
    fn eleven_terrain_tiles_then_four_markers() {
        let cells = terrain_cells(R);
        assert_eq!(cells.len(), 11);
        let chars: String = cells.iter().map(|c| c.to_char(R)).collect();
        assert_eq!(chars, ".^vVwWfF~=#");
        assert_eq!(Marker::RedZone.tile(R), 11);
        assert_eq!(Marker::Victory.tile(R), 13);
        assert_eq!(Marker::SpecialRule.tile(R), 14);
        for (i, c) in cells.iter().enumerate() {
            assert_eq!(terrain_tile(R, *c) as usize, i);
        }
    }

    #[test]
    fn tiles_carry_the_terrain_effects_chart() {
        let t = tileset(R, "t", "t.png", Orientation::Flat);
        let slope_woods = &t.tiles[terrain_tile(
            R,
            Cell {
                terrain: Terrain::Woods,
                slope: true,
            },
        ) as usize];
        let get = |n: &str| {
            slope_woods
                .properties
                .iter()
                .find(|p| p.name == n)
                .map(|p| p.value.clone())
        };
        assert_eq!(get("movement_cost"), Some(2.0.into()));
        assert_eq!(get("blocks_sight"), Some(true.into()));
        assert_eq!(get("terrain"), Some("woods".into()));
    }

    #[test]
    fn the_image_has_one_tile_per_id() {
        let png = tileset_png(R, Orientation::Flat).expect("renders");
        let img = resvg::tiny_skia::Pixmap::decode_png(&png).expect("a PNG");
        assert_eq!(img.width(), 60 * 15);
        assert_eq!(img.height(), 52);
        // Transparent corners, opaque centre.
        assert_eq!(img.pixel(0, 0).map(|p| p.alpha()), Some(0));
        assert_eq!(img.pixel(30, 26).map(|p| p.alpha()), Some(255));
    }
}
