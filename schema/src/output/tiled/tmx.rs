//! Reading Tiled's XML formats (`.tmx` maps, `.tsx` tilesets) into the same model as the JSON
//! ones ([`super::tmj`]), every element keeping its byte range for located diagnostics.
//!
//! roxmltree parses the whole document with DTDs refused (no entity expansion) and a cap on
//! the number of nodes; elements nested deeper than JSON files may nest
//! ([`limits::MAX_NESTING`]) are refused before anything is built from them; so hostile files
//! cost bounded time, memory and stack. An attribute that should be a number but is not is an
//! error at the attribute, never read as 0.

use roxmltree::{Document, Node, ParsingOptions};
use serde_json::Value;

use crate::diagnostic::Code;
use crate::model::limits;
use crate::pipeline::locate::location_of_line_col;

use super::tmj::{
    Data, Layer, Object, Opacity, Origin, Point, Property, Shown, Text, TileDef, TiledMap, Tileset,
    TilesetRef,
};

/// Most XML nodes read from one file (a 1000 × 1000 map written as `<tile>` elements has
/// a million of them).
pub const MAX_NODES: u32 = 1_200_000;

/// Why a Tiled file could not be read: the code (a syntax error, a limit, a value of the
/// wrong type), the message and the byte offset it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XmlError {
    /// SYN001, LIM002, LIM003 or SYN003.
    pub code: Code,
    /// What went wrong.
    pub message: String,
    /// Byte offset in the text.
    pub offset: usize,
}

fn parse(text: &str) -> Result<Document<'_>, XmlError> {
    let opt = ParsingOptions {
        allow_dtd: false,
        nodes_limit: MAX_NODES,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(text, opt).map_err(|e| {
        let pos = e.pos();
        let code = match e {
            roxmltree::Error::NodesLimitReached => Code::LimitExceeded,
            _ => Code::Syntax,
        };
        XmlError {
            code,
            message: e.to_string(),
            offset: location_of_line_col(text, pos.row as usize, pos.col as usize).offset,
        }
    })?;
    check_depth(&doc)?;
    Ok(doc)
}

/// Elements nested deeper than [`limits::MAX_NESTING`] levels are refused (LIM002), as
/// brackets are in a `.tmj`: reading layers and groups recurses once per level. Found in one
/// walk of the document, which itself does not recurse.
fn check_depth(doc: &Document) -> Result<(), XmlError> {
    // Nodes come in document order, each after its parent: a node's depth is its parent's,
    // one more for an element.
    let mut depth: Vec<u32> = Vec::new();
    for n in doc.root().descendants() {
        let id = n.id().get_usize();
        let above = n
            .parent()
            .and_then(|p| depth.get(p.id().get_usize()).copied())
            .unwrap_or(0);
        let here = above + u32::from(n.is_element());
        if here as usize > limits::MAX_NESTING {
            return Err(XmlError {
                code: Code::NestingTooDeep,
                message: format!("elements nested deeper than {} levels", limits::MAX_NESTING),
                offset: n.range().start,
            });
        }
        if depth.len() <= id {
            depth.resize(id + 1, 0);
        }
        depth[id] = here;
    }
    Ok(())
}

fn span(n: Node) -> Origin {
    let r = n.range();
    Origin::Span(r.start, r.end)
}

fn attr<'a>(n: Node<'a, '_>, name: &str) -> Option<&'a str> {
    n.attribute(name)
}

fn attr_string(n: Node, name: &str) -> String {
    attr(n, name).unwrap_or_default().to_string()
}

/// A numeric attribute, its default when absent; a value that is not a number of the type is
/// an error at the value (`width="3.5"` is not read as 0).
fn attr_num<T: std::str::FromStr + Default>(n: Node, name: &str) -> Result<T, XmlError> {
    Ok(attr_opt(n, name)?.unwrap_or_default())
}

fn attr_opt<T: std::str::FromStr>(n: Node, name: &str) -> Result<Option<T>, XmlError> {
    let Some(a) = n.attribute_node(name) else {
        return Ok(None);
    };
    match a.value().trim().parse() {
        Ok(v) => Ok(Some(v)),
        Err(_) => {
            let whole = !std::any::type_name::<T>().starts_with('f');
            Err(XmlError {
                code: Code::WrongType,
                message: format!(
                    "`{}` is not {}: the `{name}` of <{}>",
                    crate::diagnostic::printable(a.value(), 40),
                    if whole { "a whole number" } else { "a number" },
                    n.tag_name().name()
                ),
                offset: a.range_value().start,
            })
        }
    }
}

fn children<'a, 'i>(n: Node<'a, 'i>, name: &'a str) -> impl Iterator<Item = Node<'a, 'i>> {
    n.children()
        .filter(move |c| c.is_element() && c.tag_name().name() == name)
}

fn child<'a, 'i>(n: Node<'a, 'i>, name: &'a str) -> Option<Node<'a, 'i>> {
    children(n, name).next()
}

/// A `.tmx` map, and the byte range of its `<map>` element.
pub fn read_map(text: &str) -> Result<(TiledMap, Origin), XmlError> {
    let doc = parse(text)?;
    let root = root_named(&doc, "map")?;
    let map = TiledMap {
        kind: "map".into(),
        version: attr(root, "version").map_or(Value::Null, |v| v.into()),
        tiledversion: attr(root, "tiledversion").map_or(Value::Null, |v| v.into()),
        orientation: attr_string(root, "orientation"),
        renderorder: attr_string(root, "renderorder"),
        width: attr_num(root, "width")?,
        height: attr_num(root, "height")?,
        tilewidth: attr_num(root, "tilewidth")?,
        tileheight: attr_num(root, "tileheight")?,
        hexsidelength: attr_opt(root, "hexsidelength")?,
        staggeraxis: attr(root, "staggeraxis").map(str::to_string),
        staggerindex: attr(root, "staggerindex").map(str::to_string),
        infinite: attr(root, "infinite").is_some_and(|v| v.trim() == "1"),
        nextlayerid: attr_num(root, "nextlayerid")?,
        nextobjectid: attr_num(root, "nextobjectid")?,
        compressionlevel: attr_opt(root, "compressionlevel")?.unwrap_or(-1),
        layers: layers(root)?,
        tilesets: children(root, "tileset")
            .map(tileset_ref)
            .collect::<Result<_, _>>()?,
        properties: properties(root),
    };
    Ok((map, span(root)))
}

/// A `.tsx` tileset.
pub fn read_tileset(text: &str) -> Result<Tileset, XmlError> {
    let doc = parse(text)?;
    tileset(root_named(&doc, "tileset")?)
}

/// The document's root element, when it is a `<name>`.
fn root_named<'a, 'i>(doc: &'a Document<'i>, name: &str) -> Result<Node<'a, 'i>, XmlError> {
    let root = doc.root_element();
    let tag = root.tag_name().name();
    if tag != name {
        return Err(XmlError {
            code: Code::Syntax,
            message: format!("the root element is <{tag}>, not <{name}>"),
            offset: root.range().start,
        });
    }
    Ok(root)
}

fn tileset_ref(n: Node) -> Result<TilesetRef, XmlError> {
    let source = attr(n, "source").map(str::to_string);
    Ok(TilesetRef {
        firstgid: attr_num(n, "firstgid")?,
        embedded: match source {
            None => Some(tileset(n)?),
            Some(_) => None,
        },
        source,
        origin: span(n),
    })
}

fn tileset(n: Node) -> Result<Tileset, XmlError> {
    let image = child(n, "image");
    let tiles = children(n, "tile")
        .map(|t| {
            Ok(TileDef {
                id: attr_num(t, "id")?,
                kind: class(t),
                properties: properties(t),
                origin: span(t),
            })
        })
        .collect::<Result<_, XmlError>>()?;
    let image_size = |name| image.map(|i| attr_opt(i, name)).transpose();
    Ok(Tileset {
        kind: "tileset".into(),
        version: Value::Null,
        tiledversion: Value::Null,
        name: attr_string(n, "name"),
        tilewidth: attr_num(n, "tilewidth")?,
        tileheight: attr_num(n, "tileheight")?,
        tilecount: attr_num(n, "tilecount")?,
        columns: attr_num(n, "columns")?,
        image: image.and_then(|i| attr(i, "source")).map(str::to_string),
        imagewidth: image_size("width")?.flatten(),
        imageheight: image_size("height")?.flatten(),
        margin: attr_num(n, "margin")?,
        spacing: attr_num(n, "spacing")?,
        tiles,
        properties: properties(n),
    })
}

/// An element's class: its `type`, or its `class` (Tiled 1.9).
fn class(n: Node) -> String {
    attr(n, "type")
        .or_else(|| attr(n, "class"))
        .unwrap_or_default()
        .to_string()
}

fn properties(n: Node) -> Vec<Property> {
    let Some(props) = child(n, "properties") else {
        return Vec::new();
    };
    children(props, "property")
        .map(|p| {
            let kind = attr(p, "type").unwrap_or("string").to_string();
            // Multi-line strings are written as the element's text instead of `value`.
            let raw = attr(p, "value")
                .map(str::to_string)
                .unwrap_or_else(|| p.text().unwrap_or_default().to_string());
            let number = |n: Option<Value>| n.unwrap_or_else(|| Value::String(raw.clone()));
            let value = match kind.as_str() {
                "int" => number(raw.trim().parse::<i64>().ok().map(Value::from)),
                "float" => number(raw.trim().parse::<f64>().ok().map(Value::from)),
                "bool" => match raw.trim() {
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    _ => Value::String(raw.clone()),
                },
                _ => Value::String(raw),
            };
            Property {
                name: attr_string(p, "name"),
                kind,
                value,
            }
        })
        .collect()
}

fn layers(n: Node) -> Result<Vec<Layer>, XmlError> {
    n.children()
        .filter(|c| c.is_element())
        .filter_map(|c| match c.tag_name().name() {
            "layer" => Some(tile_layer(c)),
            "objectgroup" => Some(object_group(c)),
            "group" => Some(layers(c).and_then(|children| {
                Ok(Layer {
                    kind: "group".into(),
                    layers: Some(children),
                    ..common(c)?
                })
            })),
            "imagelayer" => Some(common(c).map(|l| Layer {
                kind: "imagelayer".into(),
                ..l
            })),
            _ => None,
        })
        .collect()
}

fn common(n: Node) -> Result<Layer, XmlError> {
    Ok(Layer {
        id: attr_num(n, "id")?,
        name: attr_string(n, "name"),
        class: attr_string(n, "class"),
        opacity: attr_opt(n, "opacity")?.map_or_else(Opacity::default, Opacity),
        visible: Shown(attr(n, "visible").is_none_or(|v| v.trim() != "0")),
        properties: properties(n),
        origin: span(n),
        ..Layer::default()
    })
}

fn tile_layer(n: Node) -> Result<Layer, XmlError> {
    let mut layer = Layer {
        kind: "tilelayer".into(),
        width: attr_opt(n, "width")?,
        height: attr_opt(n, "height")?,
        ..common(n)?
    };
    if let Some(data) = child(n, "data") {
        layer.data_origin = span(data);
        layer.encoding = attr(data, "encoding").map(str::to_string);
        layer.compression = attr(data, "compression").map(str::to_string);
        if child(data, "chunk").is_some() {
            layer.chunks = Some(Value::Bool(true));
        } else if layer.encoding.is_some() {
            layer.data = Some(Data::Text(data.text().unwrap_or_default().to_string()));
        } else {
            // Uncompressed XML: one <tile gid="…"/> per cell.
            layer.data = Some(Data::Gids(
                children(data, "tile")
                    .map(|t| attr_num::<u64>(t, "gid"))
                    .collect::<Result<_, _>>()?,
            ));
        }
    }
    Ok(layer)
}

fn object_group(n: Node) -> Result<Layer, XmlError> {
    Ok(Layer {
        kind: "objectgroup".into(),
        draworder: attr(n, "draworder").map(str::to_string),
        objects: Some(
            children(n, "object")
                .map(object)
                .collect::<Result<_, _>>()?,
        ),
        ..common(n)?
    })
}

fn object(n: Node) -> Result<Object, XmlError> {
    let points = |name: &str| {
        child(n, name).map(|p| {
            attr(p, "points")
                .unwrap_or_default()
                .split_whitespace()
                .map(|pair| {
                    let (x, y) = pair.split_once(',').unwrap_or((pair, ""));
                    Point {
                        x: x.trim().parse().unwrap_or(f64::NAN),
                        y: y.trim().parse().unwrap_or(f64::NAN),
                    }
                })
                .collect()
        })
    };
    Ok(Object {
        id: attr_num(n, "id")?,
        name: attr_string(n, "name"),
        kind: class(n),
        x: attr_num(n, "x")?,
        y: attr_num(n, "y")?,
        width: attr_num(n, "width")?,
        height: attr_num(n, "height")?,
        rotation: attr_num(n, "rotation")?,
        visible: Shown(attr(n, "visible").is_none_or(|v| v.trim() != "0")),
        point: child(n, "point").is_some(),
        polyline: points("polyline"),
        polygon: points("polygon"),
        text: child(n, "text").map(|t| Text {
            text: t.text().unwrap_or_default().to_string(),
            wrap: attr(t, "wrap") == Some("1"),
        }),
        properties: properties(n),
        origin: span(n),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_small_map() {
        let text = r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" width="2" height="1" tilewidth="60" tileheight="52" hexsidelength="30" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" source="t.tsx"/>
 <layer id="1" name="terrain" width="2" height="1"><data encoding="csv">1,2</data></layer>
 <objectgroup id="2" name="roads"><object id="1" x="30" y="26"><polyline points="0,0 45,26"/></object></objectgroup>
</map>"#;
        let (m, _) = read_map(text).expect("reads");
        assert_eq!(m.orientation, "hexagonal");
        assert_eq!(m.tilesets[0].source.as_deref(), Some("t.tsx"));
        assert_eq!(m.layers[0].data, Some(Data::Text("1,2".into())));
        let road = &m.layers[1].objects.as_ref().expect("objects")[0];
        assert_eq!(road.polyline.as_ref().map(Vec::len), Some(2));
    }

    #[test]
    fn refuses_dtds() {
        let text = r#"<?xml version="1.0"?><!DOCTYPE map [<!ENTITY a "aaaa">]><map>&a;</map>"#;
        assert!(read_map(text).is_err());
    }
}
