//! The Tiled import's own tests: round trips, hostile and malformed maps.

use super::*;
use crate::model::hex::{Orientation, Parity};
use crate::output::tiled::by_game::{import_path, import_source};
use crate::output::tiled::export::{OutputFile, export_map};

/// The Rifle & Saber map file an import wrote.
fn map_of(i: &Imported) -> Option<MapFile> {
    i.text
        .as_deref()
        .map(|t| ron::from_str(t).expect("the import writes RON"))
}

fn rifle_and_saber() -> MapFile {
    let text = crate::builtin::map_text("rifle-and-saber").expect("built in");
    ron::from_str(text).expect("the built-in map parses")
}

/// Import the `.tmj` of exported files, reading the tileset from them too.
fn reimport(files: &[OutputFile]) -> Imported {
    let tmj = files
        .iter()
        .find(|f| f.name.ends_with(".tmj"))
        .expect("tmj");
    let src = Source::from_text(
        &tmj.name,
        String::from_utf8(tmj.bytes.clone()).expect("utf-8"),
    );
    let mut reader = |name: &str| {
        files
            .iter()
            .find(|f| f.name == name)
            .map(|f| Source::from_text(name, String::from_utf8_lossy(&f.bytes).to_string()))
            .ok_or_else(|| Diagnostic::new(Code::Io, format!("no {name}")))
    };
    import_source(&src, &mut reader)
}

fn round_trip(file: &MapFile) {
    let (map, problems) = Map::from_file(file);
    assert!(problems.is_empty(), "{problems:?}");
    let files = export_map(&map, map.rules()).expect("exports");
    let back = reimport(&files);
    assert!(back.diagnostics.is_empty(), "{:#?}", back.diagnostics);
    let got = map_of(&back).expect("a map");
    assert_eq!(differences(file, &got), Vec::<String>::new());
    assert_eq!(normalized(file), normalized(&got));
}

#[test]
fn the_rifle_and_saber_map_round_trips() {
    round_trip(&rifle_and_saber());
}

/// Both orientations and both parities: the stagger mapping holds both ways.
#[test]
fn every_grid_round_trips() {
    for orientation in [Orientation::Flat, Orientation::Pointy] {
        for parity in [Parity::EvenShoved, Parity::OddShoved] {
            let mut m = Map::blank("small", "Small", 7, 6);
            m.grid.orientation = orientation;
            m.grid.parity = parity;
            m.set_cell(
                Coord(2, 3),
                Cell {
                    terrain: Terrain::Woods,
                    slope: true,
                },
            );
            m.set_cell(
                Coord(5, 5),
                Cell {
                    terrain: Terrain::Bridge,
                    slope: false,
                },
            );
            for c in [Coord(2, 2), Coord(3, 2)] {
                m.set_cell(
                    c,
                    Cell {
                        terrain: Terrain::Village,
                        slope: false,
                    },
                );
            }
            let n = m.grid.neighbors(Coord(4, 4)).collect::<Vec<_>>();
            for c in &n[..3] {
                m.ridges.insert(SideKey::new(Coord(4, 4), *c));
            }
            // A ridge on the map's edge, towards an off-map hex.
            m.ridges.insert(SideKey::new(Coord(1, 1), Coord(1, 0)));
            m.roads.push(Road {
                name: Some("East".into()),
                kind: RoadKind::Main,
                hexes: m.grid.line(Coord(1, 3), Coord(7, 3)),
            });
            m.features.push(Feature {
                code: "V4".into(),
                name: Some("Ponte Vecchio".into()),
                hexes: vec![Coord(2, 2), Coord(3, 2)],
                label: Some(Coord(3, 2)),
            });
            m.labels.push(Label {
                text: "a note".into(),
                at: Coord(6, 1),
            });
            round_trip(&m.to_file());
        }
    }
}

fn tmj(body: &str) -> Imported {
    let src = Source::from_text("drawn.tmj", body.to_string());
    let mut reader = |name: &str| -> Result<Source, Diagnostic> {
        Err(Diagnostic::new(Code::Io, format!("no {name}")))
    };
    import_source(&src, &mut reader)
}

fn codes(i: &Imported) -> Vec<&'static str> {
    i.diagnostics.iter().map(|d| d.code.as_str()).collect()
}

const TILESET: &str = r#"{"firstgid": 1, "name": "t", "tilecount": 3, "tiles": [
    {"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "clear"}]},
    {"id": 1, "properties": [{"name": "terrain", "type": "string", "value": "woods"},
                             {"name": "slope", "type": "bool", "value": true}]},
    {"id": 2, "properties": [{"name": "terrain", "type": "string", "value": "swamp"}]}]}"#;

fn small(orientation: &str, data: &str, objects: &str) -> String {
    format!(
        r#"{{"type": "map", "orientation": "{orientation}", "width": 3, "height": 2,
        "tilewidth": 60, "tileheight": 52, "hexsidelength": 30, "staggeraxis": "x",
        "staggerindex": "odd", "tilesets": [{TILESET}],
        "layers": [{{"type": "tilelayer", "name": "terrain", "width": 3, "height": 2, "data": {data}}},
                   {{"type": "objectgroup", "name": "features", "objects": [{objects}]}}]}}"#
    )
}

#[test]
fn an_embedded_tileset_gives_terrain_and_slopes() {
    let i = tmj(&small("hexagonal", "[1, 2, 1, 1, 1, 2]", ""));
    assert!(i.diagnostics.is_empty(), "{:#?}", i.diagnostics);
    assert_eq!(map_of(&i).expect("map").terrain, vec![".W.", "..W"]);
}

#[test]
fn unknown_terrain_is_located_on_the_tile() {
    let i = tmj(&small("hexagonal", "[1, 3, 1, 1, 1, 3]", ""));
    assert_eq!(codes(&i), vec!["TIL002"]);
    let d = &i.diagnostics[0];
    assert!(
        d.message.contains("x 1, y 0 and 1 other cell"),
        "{}",
        d.message
    );
    assert!(d.message.contains("`swamp`"), "{}", d.message);
    assert_eq!(d.hex.as_deref(), Some("0201"));
}

#[test]
fn orthogonal_maps_are_refused() {
    let i = tmj(&small("orthogonal", "[1, 1, 1, 1, 1, 1]", ""));
    assert_eq!(codes(&i), vec!["TIL001"]);
    assert!(map_of(&i).is_none());
    assert_eq!(i.diagnostics[0].location.map(|l| l.line), Some(1));
}

#[test]
fn feature_numbers_reused_across_letters_point_at_the_object() {
    // Two hexes of woods on a slope: both a woods and a hill.
    let objects = r#"{"id": 7, "name": "W4", "type": "woods", "x": 30, "y": 26, "point": true},
                     {"id": 8, "name": "H4", "type": "hill", "x": 75, "y": 52, "point": true}"#;
    let i = tmj(&small("hexagonal", "[2, 2, 1, 1, 1, 1]", objects));
    assert_eq!(codes(&i), vec!["MAP005"]);
    assert!(
        i.diagnostics[0].message.contains("object 8"),
        "{}",
        i.diagnostics[0].message
    );
}

#[test]
fn roads_must_join_neighbouring_hexes() {
    // From 0101 to 0301: two columns apart.
    let objects = r#"{"id": 3, "name": "East", "type": "road", "x": 30, "y": 26,
                      "polyline": [{"x": 0, "y": 0}, {"x": 90, "y": 0}]}"#;
    let i = tmj(&small("hexagonal", "[1, 1, 1, 1, 1, 1]", objects));
    assert_eq!(codes(&i), vec!["MAP004"]);
    assert!(i.diagnostics[0].message.contains("object 3"));
}

#[test]
fn objects_that_are_not_features_roads_ridges_or_labels_are_located() {
    // A feature named in words: an error on its object, nothing imported.
    let objects =
        r#"{"id": 4, "name": "Village", "type": "village", "x": 30, "y": 26, "point": true}"#;
    let i = tmj(&small("hexagonal", "[1, 1, 1, 1, 1, 1]", objects));
    assert_eq!(codes(&i), vec!["TIL003"]);
    assert!(i.has_errors());
    assert!(
        i.diagnostics[0].message.contains("object 4"),
        "{}",
        i.diagnostics[0].message
    );
    assert!(i.diagnostics[0].location.is_some());
    // An object of a class of its own (an engine's spawn point): left out, with a warning.
    let objects = r#"{"id": 5, "name": "spawn", "type": "spawn", "x": 30, "y": 26, "point": true}"#;
    let i = tmj(&small("hexagonal", "[1, 1, 1, 1, 1, 1]", objects));
    assert_eq!(codes(&i), vec!["TIL005"]);
    assert!(!i.has_errors());
    assert!(map_of(&i).is_some_and(|m| m.features.is_empty()));
}

#[test]
fn layer_data_that_cannot_be_read_is_located() {
    for data in ["[1, 1, 1]", "[1, 1, 1, 1, 1, 1, 1]", "\"1,1,x,1,1,1\""] {
        let text = small("hexagonal", data, "");
        let i = tmj(&text);
        assert_eq!(codes(&i), vec!["TIL004"], "{data}");
        assert!(map_of(&i).is_none(), "{data}");
        let d = &i.diagnostics[0];
        assert!(d.message.contains("tile layer `terrain`"), "{}", d.message);
        // Located on the layer's data.
        let at = d.location.expect("located").offset;
        assert!(text[at..].starts_with(data), "{data}: {:?}", d.location);
    }
}

#[test]
fn empty_cells_are_read_as_clear_with_a_warning() {
    let i = tmj(&small("hexagonal", "[1, 0, 1, 0, 1, 2]", ""));
    assert_eq!(codes(&i), vec!["TIL006"]);
    assert!(!i.has_errors());
    let d = &i.diagnostics[0];
    assert!(
        d.message.contains("x 1, y 0 and 1 other cell"),
        "{}",
        d.message
    );
    assert_eq!(map_of(&i).expect("a map").terrain, vec!["...", "..W"]);
}

/// A bounded stand-in for the fuzz target in `cargo test`: the exported map (JSON) and the
/// hand-made fixture (XML), each cut short and with bytes changed, thousands of times.
/// Nothing panics, and every location lies inside the text of its file.
#[test]
fn mangled_tiled_files_never_panic() {
    let built = Map::from_file(&rifle_and_saber()).0;
    let files = export_map(&built, built.rules()).expect("exports");
    let tmj_text = String::from_utf8(files[0].bytes.clone()).expect("utf-8");
    let tsj_text = String::from_utf8(files[1].bytes.clone()).expect("utf-8");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/tiled");
    let tmx_text = std::fs::read_to_string(dir.join("drawn.tmx")).expect("fixture");
    let tsx_text = std::fs::read_to_string(dir.join("drawn.tsx")).expect("fixture");
    // A small xorshift generator: the same cases on every run.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    // Bytes and characters that matter to JSON and XML, and some wider than a byte.
    const NOISE: &[&str] = &[
        "\"", "{", "}", "[", "]", "<", ">", "/", "=", ",", ":", "0", "7", "-", ".", "e", " ", "\n",
        "\\", "&", ";", "x", "é", "€", "\u{fffd}", "𝄞",
    ];
    for case in 0..2000 {
        let (name, base) = if case % 2 == 0 {
            ("m.tmj", tmj_text.as_bytes())
        } else {
            ("drawn.tmx", tmx_text.as_bytes())
        };
        let mut bytes = base.to_vec();
        for _ in 0..1 + next(8) {
            if bytes.len() < 2 {
                break;
            }
            let at = next(bytes.len());
            match next(3) {
                0 => {
                    let piece = NOISE[next(NOISE.len())].bytes();
                    bytes.splice(at..at + 1, piece);
                }
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.truncate(at.max(1)),
            }
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let src = Source::from_text(name, text);
        let mut reader = |n: &str| match n {
            "rifle-and-saber.tsj" => Ok(Source::from_text(n, tsj_text.clone())),
            "drawn.tsx" => Ok(Source::from_text(n, tsx_text.clone())),
            _ => Err(Diagnostic::new(Code::Io, format!("no {n}"))),
        };
        let imported = import_source(&src, &mut reader);
        for d in &imported.diagnostics {
            let Some(loc) = d.location else { continue };
            let text = imported
                .text_of(d)
                .expect("a located finding names a file that was read");
            assert!(loc.fits(text), "case {case}: {d:?}");
        }
    }
}

#[test]
fn compressed_data_is_bounded() {
    use std::io::Write;
    // A zlib stream that inflates to far more than the 6 cells need.
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(&vec![0u8; 10_000_000]).expect("compresses");
    let bomb = base64::Engine::encode(
        &base64::engine::general_purpose::STANDARD,
        z.finish().expect("compresses"),
    );
    let layer = Layer {
        data: Some(Data::Text(bomb)),
        encoding: Some("base64".into()),
        compression: Some("zlib".into()),
        ..Layer::default()
    };
    let err = decode(&layer, 6).expect_err("too much data");
    // Said as it is: more than the map's tiles, never "6 tiles but 6 hexes".
    assert!(
        err.contains("more than the map's 6 tiles") && !err.contains("has 6 tiles"),
        "{err}"
    );
}

#[test]
fn gzip_base64_data_decodes() {
    use std::io::Write;
    let mut raw = Vec::new();
    for gid in [1u32, 2, 1, 1, 1, 2] {
        raw.extend(gid.to_le_bytes());
    }
    let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(&raw).expect("compresses");
    let text = base64::Engine::encode(
        &base64::engine::general_purpose::STANDARD,
        z.finish().expect("compresses"),
    );
    let layer = Layer {
        data: Some(Data::Text(text)),
        encoding: Some("base64".into()),
        compression: Some("gzip".into()),
        ..Layer::default()
    };
    assert_eq!(decode(&layer, 6), Ok(vec![1, 2, 1, 1, 1, 2]));
}

#[test]
fn huge_maps_are_refused_before_allocation() {
    let body = r#"{"type": "map", "orientation": "hexagonal", "width": 4000000000, "height": 4000000000,
        "tilewidth": 60, "tileheight": 52, "hexsidelength": 30, "staggeraxis": "x", "staggerindex": "odd"}"#;
    let i = tmj(body);
    assert_eq!(codes(&i), vec!["LIM003"]);
}

#[test]
fn garbage_gets_a_syntax_error() {
    for body in [
        "",
        "{",
        "<map",
        "[1,2]",
        "{\"layers\": 5}",
        "<?xml version=\"1.0\"?><tileset/>",
        // A syntax error on a character wider than one byte (found by the fuzz target).
        "{\"type\": \"map\", \"width\": é}",
        "{\"type\": \"map\", \"width\": 3é",
        "<map é",
    ] {
        let i = tmj(body);
        assert!(map_of(&i).is_none(), "{body}");
        assert!(i.has_errors(), "{body}");
        for d in &i.diagnostics {
            let Some(loc) = d.location else { continue };
            assert!(loc.fits(body), "{body}: {loc:?}");
        }
    }
}

fn tmx(body: &str) -> Imported {
    let src = Source::from_text("drawn.tmx", body.to_string());
    let mut reader = |name: &str| -> Result<Source, Diagnostic> {
        Err(Diagnostic::new(Code::Io, format!("no {name}")))
    };
    import_source(&src, &mut reader)
}

/// `<group>` layers nested `groups` deep in a `.tmx`.
fn nested_groups(groups: usize) -> String {
    format!(
        r#"<map orientation="hexagonal" width="3" height="2" tilewidth="60" tileheight="52" hexsidelength="30" staggeraxis="x" staggerindex="odd">{}{}</map>"#,
        "<group>".repeat(groups),
        "</group>".repeat(groups)
    )
}

/// The XML path has the JSON path's nesting limit: 5,000 nested groups (90 KB) overflowed
/// the stack; elements 64 deep are read, 65 deep are LIM002.
#[test]
fn deeply_nested_xml_is_refused() {
    let i = tmx(&nested_groups(5_000));
    assert_eq!(codes(&i), vec!["LIM002"]);
    assert!(map_of(&i).is_none());
    // The map element and 63 groups: 64 levels.
    let i = tmx(&nested_groups(limits::MAX_NESTING - 1));
    assert!(!codes(&i).contains(&"LIM002"), "{:#?}", i.diagnostics);
    let i = tmx(&nested_groups(limits::MAX_NESTING));
    assert_eq!(codes(&i), vec!["LIM002"]);
    let at = i.diagnostics[0].location.expect("located").offset;
    assert_eq!(
        at,
        nested_groups(limits::MAX_NESTING).rfind("<group>").unwrap()
    );
}

/// A number attribute that is not a number is said to be one, never read as 0.
#[test]
fn a_width_that_is_not_a_whole_number_is_not_read_as_zero() {
    let text = r#"<map orientation="hexagonal" width="3.5" height="2" tilewidth="60" tileheight="52" hexsidelength="30" staggeraxis="x" staggerindex="odd"></map>"#;
    let i = tmx(text);
    assert_eq!(codes(&i), vec!["SYN003"]);
    let d = &i.diagnostics[0];
    assert!(
        d.message
            .contains("`3.5` is not a whole number: the `width` of <map>"),
        "{}",
        d.message
    );
    assert!(!d.message.contains(" 0"), "{}", d.message);
    assert_eq!(d.location.map(|l| l.offset), text.find("3.5"));
}

/// Findings are collected as `check` collects them (200 of a code kept, the rest counted)
/// and located at the end in one sweep: 3,000 objects of a class of their own give 200
/// findings, each on its object, and a note counting the rest.
#[test]
fn findings_past_200_of_a_code_are_counted() {
    let objects: Vec<String> = (0..3000)
        .map(|i| {
            format!(
                r#"{{"id": {i}, "name": "s", "type": "spawn", "x": 30, "y": 26, "point": true}}"#
            )
        })
        .collect();
    let text = small("hexagonal", "[1, 1, 1, 1, 1, 1]", &objects.join(", "));
    let i = tmj(&text);
    assert_eq!(i.diagnostics.len(), 201);
    assert!(
        i.diagnostics[..200]
            .iter()
            .all(|d| d.code == Code::TiledObjectLeftOut)
    );
    assert_eq!(
        i.diagnostics[200].message,
        "2800 more diagnostics not shown"
    );
    for (k, d) in i.diagnostics[..200].iter().enumerate() {
        let at = d.location.expect("located").offset;
        assert!(
            text[at..].starts_with(&format!("{{\"id\": {k},")),
            "{k}: {d:?}"
        );
    }
}

/// A map that names one tileset 64 times reads it once.
#[test]
fn a_tileset_named_many_times_is_read_once() {
    let refs: Vec<String> = (0..MAX_TILESETS)
        .map(|k| format!(r#"{{"firstgid": {}, "source": "t.tsj"}}"#, 1 + 3 * k))
        .collect();
    let body = small("hexagonal", "[1, 2, 1, 1, 1, 2]", "")
        .replace(&format!("[{TILESET}]"), &format!("[{}]", refs.join(", ")));
    let tileset = TILESET.replace("\"firstgid\": 1, ", "");
    let src = Source::from_text("drawn.tmj", body);
    let mut reads = 0;
    let mut reader = |name: &str| {
        reads += 1;
        Ok(Source::from_text(name, tileset.clone()))
    };
    let i = import_source(&src, &mut reader);
    assert_eq!(reads, 1);
    assert_eq!(i.sources.len(), 2);
    assert_eq!(map_of(&i).expect("map").terrain, vec![".W.", "..W"]);
}

/// A map in `dir/m/` naming a tileset `source`, imported from disk.
fn import_naming(dir: &Path, source: &str) -> Imported {
    let body = small("hexagonal", "[1, 1, 1, 1, 1, 1]", "").replace(
        &format!("[{TILESET}]"),
        &format!(r#"[{{"firstgid": 1, "source": "{source}"}}]"#),
    );
    std::fs::create_dir_all(dir.join("m")).unwrap();
    let map = dir.join("m/drawn.tmj");
    std::fs::write(&map, body).unwrap();
    import_path(&map)
}

/// Tilesets are read only from the map's folder (REF006, as a scenario's map path): not by
/// an absolute path, not above it, not through a link out; and nothing of a file that is
/// not a tileset is shown.
#[test]
fn tilesets_are_confined_to_the_map_folder() {
    const SECRET: &str = "root:x:0:0:TOP-SECRET";
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("secret.tsj"), SECRET).unwrap();
    let absolute = dir.path().join("secret.tsj").display().to_string();
    let mut cases = vec![absolute.as_str(), "../secret.tsj", "sub/../../secret.tsj"];
    #[cfg(unix)]
    {
        std::fs::create_dir_all(dir.path().join("m")).unwrap();
        std::os::unix::fs::symlink("../secret.tsj", dir.path().join("m/link.tsj")).unwrap();
        cases.push("link.tsj");
    }
    for source in cases {
        let i = import_naming(dir.path(), source);
        // The tileset refused; its tiles are then in no tileset (TIL002).
        assert_eq!(
            codes(&i),
            vec!["REF006", "TIL002"],
            "{source}: {:#?}",
            i.diagnostics
        );
        assert_eq!(i.sources.len(), 1, "{source}: only the map was read");
        assert!(
            i.diagnostics
                .iter()
                .all(|d| !format!("{d:?}").contains("TOP-SECRET")),
            "{source}"
        );
    }
    // In the folder, but not a tileset: the finding is on the map's reference to it.
    std::fs::write(dir.path().join("m/notes.tsj"), SECRET).unwrap();
    let i = import_naming(dir.path(), "notes.tsj");
    assert_eq!(codes(&i), vec!["SYN001", "TIL002"], "{:#?}", i.diagnostics);
    assert_eq!(i.sources.len(), 1);
    let d = &i.diagnostics[0];
    assert_eq!(
        d.file.as_deref(),
        Some(dir.path().join("m/drawn.tmj").as_path())
    );
    assert!(
        d.message.contains("`notes.tsj` is not a Tiled tileset"),
        "{}",
        d.message
    );
    assert!(!format!("{d:?}").contains("TOP-SECRET"));
}

/// The tilesets of a map come to at most [`MAX_TILESET_BYTES`], together: exactly the
/// limit is read, a byte more is LIM001.
#[test]
fn tileset_bytes_are_capped_in_total() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("m")).unwrap();
    let tileset = TILESET.replace("\"firstgid\": 1, ", "");
    let half = (MAX_TILESET_BYTES / 2) as usize;
    let padded = |n: usize| format!("{tileset}{}", " ".repeat(n - tileset.len()));
    std::fs::write(dir.path().join("m/a.tsj"), padded(half)).unwrap();
    for (extra, want) in [(0, Vec::<&str>::new()), (1, vec!["LIM001"])] {
        std::fs::write(dir.path().join("m/b.tsj"), padded(half + extra)).unwrap();
        let body = small("hexagonal", "[1, 1, 1, 1, 1, 1]", "").replace(
            &format!("[{TILESET}]"),
            r#"[{"firstgid": 1, "source": "a.tsj"}, {"firstgid": 10, "source": "b.tsj"}]"#,
        );
        std::fs::write(dir.path().join("m/drawn.tmj"), body).unwrap();
        let i = import_path(&dir.path().join("m/drawn.tmj"));
        assert_eq!(codes(&i), want, "{extra}: {:#?}", i.diagnostics);
    }
}
