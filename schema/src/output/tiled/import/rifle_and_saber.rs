//! Rifle & Saber's Tiled import ([`import_rifle_and_saber`]): a Tiled map read as a map file
//! without a `game` (any hexagonal Tiled map can be one). Tiles carry a `terrain` property (and
//! `slope`); object layers of features, roads, ridges and labels follow the layout the export
//! writes. The built map goes through the checks every map file gets, and their findings are
//! put on the Tiled objects they concern.

use super::objects::{anchor, classified, label_of, road_hexes, road_name, sides_along};
use super::tilesets::tile_properties;
use super::*;
use crate::ruleset::FeatureLetter;

/// The rules of a Rifle & Saber map imported: it becomes a map file without a `game`, whose
/// legend its terrain tiles are read in.
const RULES: &Ruleset = crate::ruleset::rules_without_game();

/// Where each built element came from, to locate the map checks' findings on Tiled objects.
#[derive(Default)]
struct Trace {
    terrain: Origin,
    features: Vec<(Origin, String)>,
    /// Each feature code's index in the map file and the hexes it has (several objects with
    /// one code make one feature; a set, for lists of hundreds of thousands of hexes).
    feature_hexes: HashMap<String, (usize, std::collections::HashSet<Coord>)>,
    roads: Vec<(Origin, String, Vec<usize>)>,
    ridges: Vec<(Origin, String)>,
    labels: Vec<(Origin, String)>,
}

/// Rifle & Saber's Tiled import ([`TiledImport`]): a map file without a `game`, its terrain
/// from the tiles' `terrain` and `slope`, its features, roads, ridges and labels from the
/// object layers, checked as every map file is.
pub fn import_rifle_and_saber(read: &mut TiledRead) -> Option<String> {
    let TiledRead {
        cx,
        doc,
        origin,
        sets,
        src,
    } = read;
    let t = grid(cx, doc, origin)?;
    let grid = t.grid;
    let mut trace = Trace::default();
    let terrain = terrain(cx, doc, origin, sets, &grid, &mut trace)?;
    let (id, name, notes) = map_names(doc, &src.path);
    let mut file = MapFile {
        schema: None,
        format: MAP_FORMAT.into(),
        game: None,
        id,
        name,
        notes,
        width: grid.width,
        height: grid.height,
        orientation: grid.orientation,
        parity: grid.parity,
        terrain,
        ridges: Vec::new(),
        roads: Vec::new(),
        features: Vec::new(),
        labels: Vec::new(),
    };
    let mut ridges: BTreeMap<SideKey, (Origin, String)> = BTreeMap::new();
    let kinds = [
        "a feature, road, ridge or label",
        "give it the class village, hill, woods, river, junction, ford, bridge, road, ridge or label, or put it in a layer named features, roads, ridges or labels",
    ];
    for (kind, o, here) in classified(cx, &doc.layers, kind_of, kinds) {
        match kind {
            Kind::Feature => feature(cx, &t, o, &here, &mut file, &mut trace),
            Kind::Road => road(cx, &t, o, &here, &mut file, &mut trace),
            Kind::Ridge => {
                for key in sides_along(cx, &t, o, &here, "ridge") {
                    (ridges.entry(key)).or_insert_with(|| (o.origin.clone(), here.clone()));
                }
            }
            Kind::Label => {
                if let Some(l) = label_of(cx, &t, o, &here) {
                    file.labels.push(l);
                    trace.labels.push((o.origin.clone(), here));
                }
            }
        }
    }
    for (key, traced) in ridges {
        if let Some((from, side)) = grid.side_on_map(key) {
            file.ridges.push(Hexside(from, side));
            trace.ridges.push(traced);
        }
    }
    // The map goes through the checks every map file gets, their findings put on the Tiled
    // layer or object they concern.
    report_checked(cx, check_map_file(&file).1, |key, index| match key {
        "features" => index(1).and_then(|i| trace.features.get(i)).cloned(),
        "ridges" => index(1).and_then(|i| trace.ridges.get(i)).cloned(),
        "labels" => index(1).and_then(|i| trace.labels.get(i)).cloned(),
        "roads" => index(1)
            .and_then(|i| trace.roads.get(i))
            .map(|(o, here, which)| {
                let point = index(3).and_then(|j| which.get(j));
                let here = match point {
                    Some(p) => format!("{here}, point {p}"),
                    None => here.clone(),
                };
                (o.clone(), here)
            }),
        "terrain" => Some((trace.terrain.clone(), "the terrain layer".into())),
        _ => None,
    });
    Some(map_ron(&file))
}

/// The terrain rows of the map file, from the terrain layer's tiles.
fn terrain(
    cx: &mut Context,
    doc: &TiledMap,
    origin: &Origin,
    sets: &[LoadedTileset],
    grid: &Grid,
    trace: &mut Trace,
) -> Option<Vec<String>> {
    let (layer, gids) = terrain_gids(cx, doc, origin, grid, "a `terrain` property")?;
    trace.terrain = layer.data_origin.clone();
    let here = format!("tile layer `{}`", layer.name);
    // Findings are summed up per tile: one per distinct problem, with its first cell.
    let mut empty: Option<(usize, usize)> = None;
    let mut problems: BTreeMap<u64, (usize, usize)> = BTreeMap::new();
    let mut meanings = HashMap::new();
    let mut rows = Vec::with_capacity(grid.height as usize);
    let width = grid.width as usize;
    for (r, chunk) in gids.chunks(width).enumerate() {
        let mut row = String::with_capacity(width);
        for (c, &gid) in chunk.iter().enumerate() {
            let cell = if gid == 0 {
                let e = empty.get_or_insert((r * width + c, 0));
                e.1 += 1;
                Cell::default()
            } else {
                // Each tile read once, however many hexes it paints.
                let meant = meanings.entry(gid).or_insert_with(|| {
                    tile_properties(sets, gid).map(|(ts, local, props)| (ts, local, meaning(props)))
                });
                match meant {
                    Some((_, _, Ok(cell))) => *cell,
                    _ => {
                        let p = problems.entry(gid).or_insert((r * width + c, 0));
                        p.1 += 1;
                        Cell::default()
                    }
                }
            };
            row.push(cell.to_char(RULES));
        }
        rows.push(row);
    }
    let at = |i: usize| (i % width, i / width);
    if let Some((first, count)) = empty {
        let (x, y) = at(first);
        let d = Diagnostic::new(
            Code::TiledEmptyCell,
            format!(
                "{here} has no tile at x {x}, y {y}{}; read as clear",
                others(count)
            ),
        )
        .with_hex(grid.label(TiledGrid::coord(x as i64, y as i64)))
        .with_hint("paint every hex of the terrain layer");
        cx.report(0, &layer.data_origin, d);
    }
    for (gid, (first, count)) in problems {
        let (x, y) = at(first);
        let message = match &meanings[&gid] {
            None => format!(
                "{here}: tile {gid} at x {x}, y {y}{} is in no tileset of the map",
                others(count)
            ),
            Some((ts, local, Err(Some(value)))) => format!(
                "{here}: tile {local} of tileset `{}` at x {x}, y {y}{} has terrain `{value}`, which is not a terrain of the Terrain Effects Chart; read as clear",
                ts.name,
                others(count)
            ),
            Some((ts, local, _)) => format!(
                "{here}: tile {local} of tileset `{}` at x {x}, y {y}{} has no `terrain` property; read as clear",
                ts.name,
                others(count)
            ),
        };
        let d = Diagnostic::new(Code::TiledTerrain, message)
            .with_hex(grid.label(TiledGrid::coord(x as i64, y as i64)))
            .with_hint("give the tile a string property `terrain` (clear, village, woods, forest, river, ford or bridge) and a bool `slope`");
        cx.report(0, &layer.data_origin, d);
    }
    Some(rows)
}

/// The cell a terrain tile paints, from its `terrain` (and `slope`) property; else the value
/// of its `terrain` when that is no terrain of the chart (`None`: it has none).
fn meaning(props: &[Property]) -> Result<Cell, Option<String>> {
    let value = property(props, "terrain").ok_or(None)?;
    let name = value
        .as_str()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let Some(terrain) = Terrain::ALL.into_iter().find(|t| t.name() == name) else {
        let shown = value
            .as_str()
            .map_or_else(|| value.to_string(), str::to_string);
        return Err(Some(cut(&shown)));
    };
    let slope = property_bool(props, "slope").unwrap_or(false);
    Ok(Cell { terrain, slope })
}

/// A map file in a canonical form, for comparing maps that say the same thing: ridges sorted
/// (and written from their first on-map hex), feature hexes sorted, a label on a feature's
/// first hex dropped (it is the default), features and labels in order.
pub fn normalized(file: &MapFile) -> MapFile {
    let (map, _) = Map::from_file(file);
    let mut out = map.to_file();
    for f in &mut out.features {
        if f.label == f.hexes.first().copied() {
            f.label = None;
        }
        f.hexes.sort();
    }
    out.features.sort_by(|a, b| a.code.cmp(&b.code));
    out.labels
        .sort_by(|a, b| (a.at, &a.text).cmp(&(b.at, &b.text)));
    out
}

/// What differs between two maps once normalized ([`normalized`]), in words; empty when they
/// are the same map.
pub fn differences(a: &MapFile, b: &MapFile) -> Vec<String> {
    let (a, b) = (normalized(a), normalized(b));
    let mut out = Vec::new();
    let mut field = |name: &str, same: bool| {
        if !same {
            out.push(format!("the {name} differ"));
        }
    };
    field("ids", a.id == b.id);
    field("names", a.name == b.name);
    field("notes", a.notes == b.notes);
    field("sizes", (a.width, a.height) == (b.width, b.height));
    field(
        "grids",
        (a.orientation, a.parity) == (b.orientation, b.parity),
    );
    field("ridges", a.ridges == b.ridges);
    field("roads", a.roads == b.roads);
    field("features", a.features == b.features);
    field("labels", a.labels == b.labels);
    if a.terrain != b.terrain {
        let first = a
            .terrain
            .iter()
            .zip(&b.terrain)
            .enumerate()
            .find(|(_, (x, y))| x != y)
            .map(|(r, _)| r + 1);
        out.push(match first {
            Some(r) => format!("the terrain differs, first in row {r}"),
            None => "the terrain has a different number of rows".into(),
        });
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Feature,
    Road,
    Ridge,
    Label,
}

/// Is this the class our export gives a feature of some letter? (A Tiled map is imported as a
/// map of the game of a file without a `game`, Rifle & Saber, whose features these are, 11.0.)
fn is_feature_class(class: &str) -> bool {
    FeatureLetter::ALL
        .iter()
        .any(|l| feature_class(*l) == class)
}

/// What a Rifle & Saber map's object of a class or layer `name` is.
fn kind_of(name: &str) -> Option<Kind> {
    match name {
        "feature" | "features" => Some(Kind::Feature),
        "road" | "roads" => Some(Kind::Road),
        "ridge" | "ridges" => Some(Kind::Ridge),
        "label" | "labels" => Some(Kind::Label),
        c if is_feature_class(c) => Some(Kind::Feature),
        _ => None,
    }
}

fn feature(
    cx: &mut Context,
    t: &TiledGrid,
    o: &Object,
    here: &str,
    file: &mut MapFile,
    trace: &mut Trace,
) {
    let code = o.name.trim();
    let Some((letter, _)) = parse_feature_code(code) else {
        let d = Diagnostic::new(
            Code::TiledObject,
            format!(
                "{here} is a feature named `{}`, not a feature code",
                cut(code)
            ),
        )
        .with_hint("name it with its letter and number: V4, H26, W22, R1, J34, F17, B14");
        cx.report(0, &o.origin, d);
        return;
    };
    let class = o.kind.trim().to_ascii_lowercase();
    if is_feature_class(&class) && class != feature_class(letter) {
        let d = Diagnostic::new(
            Code::TiledObjectLeftOut,
            format!(
                "{here}: `{code}` is a {}, but the object's class is `{class}`",
                feature_class(letter)
            ),
        )
        .with_hint("the letter of the code decides; fix the class or the code");
        cx.report(0, &o.origin, d);
    }
    let g = t.grid;
    let at = t.hex_at(anchor(o), 0.6).filter(|c| g.contains(*c));
    let mut hexes = Vec::new();
    let mut seen = std::collections::HashSet::new();
    match property_str(&o.properties, "hexes") {
        Some(list) => {
            for item in list.split(|c: char| c.is_whitespace() || c == ',' || c == ';') {
                if item.is_empty() {
                    continue;
                }
                match parse_label(item) {
                    Ok(c) if g.contains(c) => {
                        if seen.insert(c) {
                            hexes.push(c);
                        }
                    }
                    _ => {
                        let d = Diagnostic::new(
                            Code::TiledObject,
                            format!(
                                "{here}: `{}` in its `hexes` is not a hex of the map",
                                cut(item)
                            ),
                        )
                        .with_hint(format!(
                            "list hexes as CCRR labels from 0101 to {}, separated by spaces",
                            g.label(Coord(g.width as i32, g.height as i32))
                        ));
                        cx.report(0, &o.origin, d);
                    }
                }
            }
        }
        None => {
            hexes.extend(at);
            seen.extend(at);
        }
    }
    if hexes.is_empty() {
        let d = Diagnostic::new(
            Code::TiledObject,
            format!("{here}: feature `{code}` has no hexes"),
        )
        .with_hint("place the object on a hex centre or list its hexes in a `hexes` property");
        cx.report(0, &o.origin, d);
        return;
    }
    // The object stands at the feature's label: recorded when it is not the first hex, or when
    // the export said so.
    let label = at.filter(|c| {
        Some(*c) != hexes.first().copied()
            || property_str(&o.properties, "label").is_some_and(|l| parse_label(l) == Ok(*c))
    });
    let name = property_str(&o.properties, "proper_name")
        .filter(|n| !n.trim().is_empty())
        .map(|n| n.chars().take(limits::MAX_NAME).collect());
    // Several objects with one code make one feature (one object per hex is a way to draw it).
    if let Some((i, has)) = trace.feature_hexes.get_mut(code) {
        let f = &mut file.features[*i];
        for c in hexes {
            if has.insert(c) {
                f.hexes.push(c);
            }
        }
        return;
    }
    trace
        .feature_hexes
        .insert(code.to_string(), (file.features.len(), seen));
    file.features.push(Feature {
        code: code.to_string(),
        name,
        hexes,
        label,
    });
    trace.features.push((o.origin.clone(), here.to_string()));
}

fn road(
    cx: &mut Context,
    t: &TiledGrid,
    o: &Object,
    here: &str,
    file: &mut MapFile,
    trace: &mut Trace,
) {
    let Some((hexes, which)) = road_hexes(cx, t, o, here) else {
        return;
    };
    let name = o.name.trim();
    let main = property_bool(&o.properties, "main").unwrap_or(!name.is_empty());
    file.roads.push(Road {
        name: road_name(o),
        kind: if main {
            RoadKind::Main
        } else {
            RoadKind::Minor
        },
        hexes,
    });
    trace
        .roads
        .push((o.origin.clone(), here.to_string(), which));
}
