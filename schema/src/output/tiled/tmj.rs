//! A serde model of Tiled's JSON map and tileset formats (`.tmj`, `.tsj`), as documented for
//! Tiled 1.10: what the export writes and what the import reads (the TMX reader fills the same
//! structs). Reading is lenient: unknown fields are ignored and missing ones take Tiled's
//! defaults, so maps written by any Tiled since 1.2 read.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::diagnostic::PathSeg;

/// The JSON map format version written (Tiled 1.10 and later write `1.10`).
pub const FORMAT_VERSION: &str = "1.10";

/// Where an element came from in its file, for located diagnostics.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Origin {
    /// Not known (built in memory).
    #[default]
    Unknown,
    /// A path into a JSON document.
    Path(Vec<PathSeg>),
    /// A byte range of an XML document.
    Span(usize, usize),
}

/// A Tiled map.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct TiledMap {
    /// `"map"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The format version (`"1.10"`; old files write a number).
    pub version: Value,
    /// The Tiled version that wrote the file.
    #[serde(skip_serializing_if = "Value::is_null")]
    pub tiledversion: Value,
    /// `orthogonal`, `isometric`, `staggered` or `hexagonal`.
    pub orientation: String,
    /// Drawing order of tiles.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub renderorder: String,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Tile width in pixels.
    pub tilewidth: u32,
    /// Tile height in pixels.
    pub tileheight: u32,
    /// Length of the flat side of a hex tile, in pixels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hexsidelength: Option<u32>,
    /// `x` or `y`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub staggeraxis: Option<String>,
    /// `odd` or `even`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub staggerindex: Option<String>,
    /// Infinite (chunked) maps are not hex maps of a fixed size.
    pub infinite: bool,
    /// The next free layer id.
    pub nextlayerid: u32,
    /// The next free object id.
    pub nextobjectid: u32,
    /// Compression level of layer data (-1: default).
    pub compressionlevel: i32,
    /// Layers, bottom to top.
    pub layers: Vec<Layer>,
    /// Tilesets, by first global tile id.
    pub tilesets: Vec<TilesetRef>,
    /// Custom properties.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<Property>,
}

/// One layer: tile layer, object group, group or image layer (one struct, fields by kind).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Layer {
    /// Unique id.
    pub id: u32,
    /// Name.
    pub name: String,
    /// `tilelayer`, `objectgroup`, `group` or `imagelayer`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Class (Tiled 1.9+).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub class: String,
    /// Horizontal offset in tiles (always 0).
    pub x: i64,
    /// Vertical offset in tiles (always 0).
    pub y: i64,
    /// Columns of a tile layer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    /// Rows of a tile layer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    /// Opacity, 0 to 1.
    pub opacity: Opacity,
    /// Shown in the editor.
    pub visible: Shown,
    /// Tile layer data: global tile ids, or a base64 string.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<Data>,
    /// `csv` or `base64` (JSON files write an array for csv).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    /// `zlib`, `gzip`, `zstd` or none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compression: Option<String>,
    /// Chunks of an infinite map.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chunks: Option<Value>,
    /// Objects of an object group.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub objects: Option<Vec<Object>>,
    /// `topdown` or `index`, for object groups.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draworder: Option<String>,
    /// Child layers of a group.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layers: Option<Vec<Layer>>,
    /// Custom properties.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<Property>,
    /// Where the layer is in its file.
    #[serde(skip)]
    pub origin: Origin,
    /// Where the layer's data is in its file.
    #[serde(skip)]
    pub data_origin: Origin,
}

/// A layer's opacity, 0 to 1: Tiled's default, 1 (opaque), when a file leaves it out.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Opacity(pub f64);

impl Default for Opacity {
    fn default() -> Opacity {
        Opacity(1.0)
    }
}

/// Whether a layer or object is shown in Tiled: Tiled's default, shown, when a file leaves it
/// out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Shown(pub bool);

impl Default for Shown {
    fn default() -> Shown {
        Shown(true)
    }
}

/// Tile layer data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Data {
    /// Global tile ids, row by row.
    Gids(Vec<u64>),
    /// Base64 text (possibly compressed), or CSV text from a TMX file.
    Text(String),
}

/// A map object.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Object {
    /// Unique id.
    pub id: u32,
    /// Name.
    pub name: String,
    /// Class (written `type`; Tiled 1.9 wrote `class`).
    #[serde(rename = "type", alias = "class")]
    pub kind: String,
    /// Position in pixels.
    pub x: f64,
    /// Position in pixels.
    pub y: f64,
    /// Width in pixels.
    pub width: f64,
    /// Height in pixels.
    pub height: f64,
    /// Rotation in degrees.
    pub rotation: f64,
    /// Shown in the editor.
    pub visible: Shown,
    /// A point object.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub point: bool,
    /// A polyline, relative to the position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polyline: Option<Vec<Point>>,
    /// A polygon, relative to the position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polygon: Option<Vec<Point>>,
    /// A text object.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<Text>,
    /// Custom properties.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<Property>,
    /// Where the object is in its file.
    #[serde(skip)]
    pub origin: Origin,
}

/// A point of a polyline or polygon, relative to its object.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Point {
    /// Pixels right.
    pub x: f64,
    /// Pixels down.
    pub y: f64,
}

/// The text of a text object.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Text {
    /// The text.
    pub text: String,
    /// Word wrap.
    pub wrap: bool,
}

/// A custom property.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Property {
    /// Name.
    pub name: String,
    /// `string`, `int`, `float`, `bool`, `color`, `file`, `object` or `class`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The value.
    pub value: Value,
}

impl Property {
    /// A property of Tiled's type `kind`.
    fn new(name: &str, kind: &str, value: Value) -> Property {
        let (name, kind) = (name.into(), kind.into());
        Property { name, kind, value }
    }

    /// A string property.
    pub fn string(name: &str, value: impl Into<String>) -> Property {
        Property::new(name, "string", Value::String(value.into()))
    }

    /// An integer property.
    pub fn int(name: &str, value: i64) -> Property {
        Property::new(name, "int", Value::from(value))
    }

    /// A float property.
    pub fn float(name: &str, value: f64) -> Property {
        Property::new(name, "float", Value::from(value))
    }

    /// A boolean property.
    pub fn bool(name: &str, value: bool) -> Property {
        Property::new(name, "bool", Value::Bool(value))
    }

    /// A colour property (`#aarrggbb`).
    pub fn color(name: &str, [r, g, b]: [u8; 3]) -> Property {
        Property::new(name, "color", format!("#ff{r:02x}{g:02x}{b:02x}").into())
    }
}

/// The value of the named property as text (strings as they are; numbers and booleans
/// printed), if there is one.
pub fn property<'a>(props: &'a [Property], name: &str) -> Option<&'a Value> {
    props.iter().find(|p| p.name == name).map(|p| &p.value)
}

/// The named property as a string.
pub fn property_str<'a>(props: &'a [Property], name: &str) -> Option<&'a str> {
    property(props, name).and_then(Value::as_str)
}

/// The named property as a boolean (`true`, or the strings `true` / `1`).
pub fn property_bool(props: &[Property], name: &str) -> Option<bool> {
    match property(props, name)? {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match s.trim() {
            "true" | "1" => Some(true),
            "false" | "0" | "" => Some(false),
            _ => None,
        },
        Value::Number(n) => n.as_i64().map(|v| v != 0),
        _ => None,
    }
}

/// A tileset as the map names it: external (`source`) or embedded.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TilesetRef {
    /// The global id of its first tile.
    #[serde(default)]
    pub firstgid: u64,
    /// The external tileset file, relative to the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The tileset itself, when embedded.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub embedded: Option<Tileset>,
    /// Where the reference is in its file.
    #[serde(skip)]
    pub origin: Origin,
}

/// A tileset.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Tileset {
    /// `"tileset"`.
    #[serde(rename = "type", skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Format version.
    #[serde(skip_serializing_if = "Value::is_null")]
    pub version: Value,
    /// The Tiled version that wrote it.
    #[serde(skip_serializing_if = "Value::is_null")]
    pub tiledversion: Value,
    /// Name.
    pub name: String,
    /// Tile width in pixels.
    pub tilewidth: u32,
    /// Tile height in pixels.
    pub tileheight: u32,
    /// Number of tiles.
    pub tilecount: u32,
    /// Tiles per row of the image.
    pub columns: u32,
    /// The image holding every tile (absent for a collection of images).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    /// Image width in pixels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imagewidth: Option<u32>,
    /// Image height in pixels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imageheight: Option<u32>,
    /// Pixels around the tiles.
    pub margin: u32,
    /// Pixels between tiles.
    pub spacing: u32,
    /// Tiles with properties.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tiles: Vec<TileDef>,
    /// Custom properties.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<Property>,
}

/// One tile of a tileset with what is said about it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct TileDef {
    /// Local id in the tileset.
    pub id: u64,
    /// Class (written `type`).
    #[serde(
        rename = "type",
        alias = "class",
        skip_serializing_if = "String::is_empty"
    )]
    pub kind: String,
    /// Custom properties.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<Property>,
    /// Where the tile is in its file.
    #[serde(skip)]
    pub origin: Origin,
}

impl TiledMap {
    /// Record every layer's, object's and tileset's path in the JSON document, for diagnostics.
    pub fn set_json_origins(&mut self) {
        fn layers(list: &mut [Layer], base: &[PathSeg]) {
            for (i, l) in list.iter_mut().enumerate() {
                let mut here = base.to_vec();
                here.push(PathSeg::Index(i));
                l.origin = Origin::Path(here.clone());
                let mut data = here.clone();
                data.push(PathSeg::key("data"));
                l.data_origin = Origin::Path(data);
                if let Some(objects) = &mut l.objects {
                    for (j, o) in objects.iter_mut().enumerate() {
                        let mut p = here.clone();
                        p.extend([PathSeg::key("objects"), PathSeg::Index(j)]);
                        o.origin = Origin::Path(p);
                    }
                }
                if let Some(children) = &mut l.layers {
                    let mut p = here.clone();
                    p.push(PathSeg::key("layers"));
                    layers(children, &p);
                }
            }
        }
        layers(&mut self.layers, &[PathSeg::key("layers")]);
        for (i, t) in self.tilesets.iter_mut().enumerate() {
            t.origin = Origin::Path(vec![PathSeg::key("tilesets"), PathSeg::Index(i)]);
            if let Some(ts) = &mut t.embedded {
                ts.set_json_origins(&[PathSeg::key("tilesets"), PathSeg::Index(i)]);
            }
        }
    }
}

impl Tileset {
    /// Record every tile's path in the JSON document, under `base`.
    pub fn set_json_origins(&mut self, base: &[PathSeg]) {
        for (i, t) in self.tiles.iter_mut().enumerate() {
            let mut p = base.to_vec();
            p.extend([PathSeg::key("tiles"), PathSeg::Index(i)]);
            t.origin = Origin::Path(p);
        }
    }
}
