//! Musket & Saber Quick Play's Tiled import ([`import_musket_and_saber`]): the Tiled map its
//! export writes made its map file again. The legend from the terrain tiles' `char` and `kinds`
//! (in the tilesets' order), each hex's character from its tile, hexsides from the polylines
//! of the `hexsides` layer with their `kind`, roads and labels as the Rifle & Saber import
//! reads them, and what a Tiled map does not draw (source, numbering, chart, track) from its
//! `undrawn` property. The file is then checked as every M&S map file is, and the findings put
//! on the Tiled objects they concern.

use super::objects::{classified, label_of, road_hexes, road_name, sides_along};
use super::tilesets::tile_properties;
use super::*;
use crate::model::musket_and_saber::{LegendEntry, MsHexside, MsMapFile, MsRoad};
use crate::output::musket_and_saber::tiled::{UNDRAWN, Undrawn};
use crate::pipeline::musket_and_saber::check_map_model;
use crate::ruleset::Game;

/// Where the parts of the built file came from, to put the checks' findings on them.
#[derive(Default)]
struct MsTrace {
    terrain: Origin,
    undrawn: Origin,
    hexsides: Vec<(Origin, String)>,
    roads: Vec<(Origin, String)>,
    labels: Vec<(Origin, String)>,
}

/// Musket & Saber Quick Play's Tiled import ([`TiledImport`]): the map file's text, its hexes
/// as the map prints them.
pub fn import_musket_and_saber(read: &mut TiledRead) -> Option<String> {
    let TiledRead {
        cx,
        doc,
        origin,
        sets,
        src,
    } = read;
    let properties = at_key(origin, "properties");
    let undrawn = undrawn(cx, doc, &properties)?;
    let mut t = grid(cx, doc, origin)?;
    t.grid.numbering = undrawn.numbering.numbering();
    let grid = t.grid;
    let mut trace = MsTrace {
        undrawn: properties,
        ..MsTrace::default()
    };
    let terrain = terrain(cx, doc, origin, sets, &grid, &mut trace)?;
    let (id, name, notes) = map_names(doc, &src.path);
    let mut file = MsMapFile {
        schema: None,
        format: MAP_FORMAT.into(),
        game: Game::MusketAndSaberQuickPlay.id().into(),
        id,
        name,
        source: undrawn.source,
        notes,
        numbering: undrawn.numbering,
        width: grid.width,
        height: grid.height,
        orientation: grid.orientation,
        parity: grid.parity,
        legend: legend(sets),
        terrain,
        hexsides: Vec::new(),
        roads: Vec::new(),
        chart: undrawn.chart,
        track: undrawn.track,
        labels: Vec::new(),
    };
    let kinds = [
        "a hexside, road or label",
        "give it the class hexside, road or label, or put it in a layer named hexsides, roads or labels",
    ];
    for (kind, o, here) in classified(cx, &doc.layers, kind_of, kinds) {
        let traced = (o.origin.clone(), here.clone());
        match kind {
            MsKind::Hexside => {
                for h in hexsides(cx, &t, o, &here) {
                    file.hexsides.push(h);
                    trace.hexsides.push(traced.clone());
                }
            }
            MsKind::Road => {
                if let Some((hexes, _)) = road_hexes(cx, &t, o, &here) {
                    file.roads.push(MsRoad {
                        name: road_name(o),
                        hexes,
                    });
                    trace.roads.push(traced);
                }
            }
            MsKind::Label => {
                if let Some(l) = label_of(cx, &t, o, &here) {
                    file.labels.push(l);
                    trace.labels.push(traced);
                }
            }
        }
    }
    // The file says its hexes as the map prints them; the objects are read on the grid.
    let file = file.in_printed();
    report_checked(cx, check_map_model(&file), |key, index| {
        let of = |list: &[(Origin, String)]| index(1).and_then(|i| list.get(i)).cloned();
        match key {
            "hexsides" => of(&trace.hexsides),
            "roads" => of(&trace.roads),
            "labels" => of(&trace.labels),
            "terrain" => Some((trace.terrain.clone(), "the terrain layer".into())),
            "source" | "numbering" | "chart" | "track" => Some((
                trace.undrawn.clone(),
                format!("the map's `{UNDRAWN}` property"),
            )),
            _ => None,
        }
    });
    Some(map_ron(&file))
}

/// What the map's [`UNDRAWN`] property holds, or why it cannot be read (reported).
fn undrawn(cx: &mut Context, doc: &TiledMap, at: &Origin) -> Option<Undrawn> {
    let hint = "export the map file again with `saberc export --format tiled`, or copy the property from a Tiled map it wrote: it holds the map's source, numbering, chart and track as JSON";
    let Some(text) = property_str(&doc.properties, UNDRAWN) else {
        let d = Diagnostic::new(
            Code::TiledGrid,
            format!(
                "this Tiled map of a Musket & Saber Quick Play map has no `{UNDRAWN}` property, which holds what its map file says beside the drawing"
            ),
        )
        .with_hint(hint);
        cx.report(0, at, d);
        return None;
    };
    match parse_json_text::<Undrawn>(text) {
        Ok(u) => Some(u),
        Err(e) => {
            let d = Diagnostic::new(
                Code::TiledGrid,
                format!(
                    "the map's `{UNDRAWN}` property cannot be read: {}",
                    crate::diagnostic::printable(&e.message, 200)
                ),
            )
            .with_hint(hint);
            cx.report(0, at, d);
            None
        }
    }
}

/// The legend: each terrain tile with a `char`, in the tilesets' order, with its `kinds`.
fn legend(sets: &[LoadedTileset]) -> Vec<LegendEntry> {
    let mut out = Vec::new();
    for ts in sets {
        for props in ts.properties.values() {
            let Some(char) = property_str(props, "char") else {
                continue;
            };
            let kinds = property_str(props, "kinds").unwrap_or_default();
            out.push(LegendEntry {
                char: char.to_string(),
                kinds: kinds
                    .split(',')
                    .map(str::trim)
                    .filter(|k| !k.is_empty())
                    .map(str::to_string)
                    .collect(),
            });
        }
    }
    out
}

/// The terrain rows, a legend character per hex from its tile's `char`; `None` when a hex has
/// none (reported once per tile, with its first cell).
fn terrain(
    cx: &mut Context,
    doc: &TiledMap,
    origin: &Origin,
    sets: &[LoadedTileset],
    grid: &Grid,
    trace: &mut MsTrace,
) -> Option<Vec<String>> {
    let (layer, gids) = terrain_gids(cx, doc, origin, grid, "a `char` and its `kinds`")?;
    trace.terrain = layer.data_origin.clone();
    let here = format!("tile layer `{}`", layer.name);
    let width = grid.width as usize;
    let mut missing: BTreeMap<u64, (usize, usize)> = BTreeMap::new();
    let mut rows = Vec::with_capacity(grid.height as usize);
    for (r, chunk) in gids.chunks(width).enumerate() {
        let mut row = String::with_capacity(width);
        for (c, &gid) in chunk.iter().enumerate() {
            let char = tile_properties(sets, gid)
                .and_then(|(_, _, props)| property_str(props, "char"))
                .filter(|ch| ch.chars().count() == 1);
            match char {
                Some(ch) => row.push_str(ch),
                None => missing.entry(gid).or_insert((r * width + c, 0)).1 += 1,
            }
        }
        rows.push(row);
    }
    for (gid, (first, count)) in &missing {
        let (x, y) = (first % width, first / width);
        let which = match tile_properties(sets, *gid) {
            _ if *gid == 0 => "no tile".to_string(),
            None => format!("tile {gid}, of no tileset of the map,"),
            Some((ts, local, _)) => format!("tile {local} of tileset `{}`", ts.name),
        };
        let d = Diagnostic::new(
            Code::TiledTerrain,
            format!(
                "{here} has {which} at x {x}, y {y}{}, without a legend character (`char`)",
                others(*count)
            ),
        )
        .with_hex(grid.label(TiledGrid::coord(x as i64, y as i64)))
        .with_hint("paint every hex with a tile that has a one-character `char` and its `kinds`, as the exported tileset's tiles do");
        cx.report(0, &layer.data_origin, d);
    }
    missing.is_empty().then_some(rows)
}

/// What an object of a Musket & Saber map is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MsKind {
    Hexside,
    Road,
    Label,
}

/// What an object of a class or layer `name` is.
fn kind_of(name: &str) -> Option<MsKind> {
    match name {
        "hexside" | "hexsides" => Some(MsKind::Hexside),
        "road" | "roads" => Some(MsKind::Road),
        "label" | "labels" => Some(MsKind::Label),
        _ => None,
    }
}

/// The hexsides a polyline runs along, each of the object's `kind` (else its name), said from
/// its hex on the map; a segment along no hexside is reported.
fn hexsides(cx: &mut Context, t: &TiledGrid, o: &Object, here: &str) -> Vec<MsHexside> {
    let kind = property_str(&o.properties, "kind")
        .unwrap_or(&o.name)
        .trim()
        .to_string();
    if kind.is_empty() {
        let d = Diagnostic::new(
            Code::TiledObject,
            format!("{here}: a hexside needs its kind of terrain"),
        )
        .with_hint("give it a string property `kind` naming a hexside row of the map's chart");
        cx.report(0, &o.origin, d);
        return Vec::new();
    }
    let g = t.grid;
    sides_along(cx, t, o, here, "hexside")
        .into_iter()
        .filter_map(|key| {
            // Said from its hex on the map, as the export says it.
            let (hex, side) = g.side_on_map(key)?;
            Some(MsHexside {
                kind: kind.clone(),
                hex,
                side,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::musket_and_saber::HexNumbering;
    use crate::output::musket_and_saber::tiled::export_ms_map;
    use crate::output::tiled::by_game::import_source;
    use crate::output::tiled::export::OutputFile;

    fn example() -> MsMapFile {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/examples/musket-and-saber/maps/millbrook-invented.ron");
        crate::pipeline::parse::parse(&Source::read(&path).expect("reads")).expect("parses")
    }

    /// The export's `.tmj`, as `edit` leaves its JSON, imported with its tileset.
    fn reimport(files: &[OutputFile], edit: impl FnOnce(&mut serde_json::Value)) -> Imported {
        let text = |end: &str| {
            let f = files.iter().find(|f| f.name.ends_with(end)).expect("file");
            String::from_utf8(f.bytes.clone()).expect("utf-8")
        };
        let mut doc: serde_json::Value = serde_json::from_str(&text(".tmj")).expect("JSON");
        edit(&mut doc);
        let src = Source::from_text("m.tmj", doc.to_string());
        let tsj = text(".tsj");
        let mut reader = |name: &str| Ok(Source::from_text(name, tsj.clone()));
        import_source(&src, &mut reader)
    }

    fn property(doc: &mut serde_json::Value, name: &str) -> serde_json::Value {
        let props = doc["properties"].as_array_mut().expect("properties");
        let at = props.iter().position(|p| p["name"] == name).expect(name);
        props.remove(at)
    }

    /// A map numbered from 0100 comes back with its numbering, every hex where it was.
    #[test]
    fn a_map_numbered_from_0100_round_trips() {
        let mut on_grid = example().in_grid();
        on_grid.numbering = HexNumbering::ColumnRow {
            first_column: 1,
            first_row: 0,
        };
        let file = on_grid.in_printed();
        assert_eq!(file.labels[0].at, Coord(11, 3), "printed one row up");
        let back = reimport(&export_ms_map(&file).expect("exports"), |_| {});
        assert_eq!(back.diagnostics, Vec::new());
        assert_eq!(back.text.expect("a map"), map_ron(&file));
    }

    /// The checks' findings on the built file are put on the Tiled object they concern: a
    /// hexside whose kind the chart lacks (MAP001) on its object.
    #[test]
    fn a_finding_of_the_checks_is_on_its_object() {
        let back = reimport(&export_ms_map(&example()).expect("exports"), |doc| {
            let o = &mut doc["layers"][2]["objects"][1];
            assert_eq!(o["properties"][0]["name"], "kind");
            o["properties"][0]["value"] = "ditch".into();
        });
        let d = back
            .diagnostics
            .iter()
            .find(|d| d.message.contains("ditch"))
            .unwrap_or_else(|| panic!("{:#?}", back.diagnostics));
        assert!(
            d.message.starts_with("object 3 in layer `hexsides`: "),
            "{}",
            d.message
        );
        assert!(back.has_errors());
    }

    /// A hex painted in Tiled with another tile takes that tile's character, and nothing else
    /// of the file changes.
    #[test]
    fn a_hex_painted_in_tiled_changes_that_hex_only() {
        let file = example();
        let back = reimport(&export_ms_map(&file).expect("exports"), |doc| {
            // 0101 painted with tile 1, the legend's `w` (gid 2).
            doc["layers"][0]["data"][0] = 2.into();
        });
        assert_eq!(back.diagnostics, Vec::new());
        let mut want = file.clone();
        want.terrain[0].replace_range(0..1, "w");
        assert_eq!(back.text.expect("a map"), map_ron(&want));
    }

    /// A hexside drawn as a point, along no hexside, is said, not dropped unsaid.
    #[test]
    fn a_hexside_of_one_point_is_an_error() {
        let back = reimport(&export_ms_map(&example()).expect("exports"), |doc| {
            let o = &mut doc["layers"][2]["objects"][0];
            o["polyline"]
                .as_array_mut()
                .expect("a polyline")
                .truncate(1);
        });
        assert!(back.has_errors());
        assert!(
            back.diagnostics.iter().any(|d| d.code == Code::TiledObject
                && d.message
                    == "object 2 in layer `hexsides`: a hexside needs a polyline along at least one hexside"),
            "{:#?}",
            back.diagnostics
        );
    }

    /// What the Tiled map does not draw cannot be guessed: a missing or unreadable `undrawn`
    /// refuses the map, at the map's properties, saying what to do.
    #[test]
    fn without_its_undrawn_property_the_map_is_refused() {
        let files = export_ms_map(&example()).expect("exports");
        let gone = reimport(&files, |doc| {
            property(doc, UNDRAWN);
        });
        let bad = reimport(&files, |doc| {
            let mut p = property(doc, UNDRAWN);
            p["value"] = r#"{"source": "x", "numbering": "Sideways"}"#.into();
            doc["properties"].as_array_mut().expect("a list").push(p);
        });
        for (i, says) in [(gone, "has no `undrawn` property"), (bad, "cannot be read")] {
            assert!(i.text.is_none());
            assert_eq!(i.diagnostics.len(), 1, "{:#?}", i.diagnostics);
            let d = &i.diagnostics[0];
            assert_eq!(d.code, Code::TiledGrid);
            assert!(d.message.contains(says), "{}", d.message);
            assert!(
                d.hint
                    .as_deref()
                    .is_some_and(|h| h.contains("saberc export")),
                "{d:?}"
            );
        }
    }
}
