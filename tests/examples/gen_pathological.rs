//! Writes the worst inputs we know of for each class of issue 13 (panic, hang, memory and
//! output blow-up), each up to the documented limits, for the pathological benchmark
//! (tests/bench/pathological.sh): `cargo run -p saber-tests --example gen_pathological -- OUT`.
//!
//! Every case is a folder holding the files it needs (a scenario and its map), named
//! `NN-class-what`; the benchmark checks, exports or renders each and prints wall time and
//! peak memory.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The limits the README documents.
use saber_schema::model::limits::{
    MAX_DISTANCE, MAX_FILE_BYTES, MAX_HEX_LIST, MAX_MAP_SIDE, MAX_VALUES,
};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out = match args.as_slice() {
        [_, out] => PathBuf::from(out),
        _ => {
            eprintln!("usage: gen_pathological OUT_DIR");
            std::process::exit(2);
        }
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let good = std::fs::read_to_string(root.join("tests/fixtures/good/skirmish-at-the-bridge.ron"))
        .expect("the good fixture");
    let skirmish = std::fs::read_to_string(root.join("tests/fixtures/maps/skirmish.ron"))
        .expect("the skirmish map");
    let body: String = good
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let zone_a = "Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))";
    let huge_map = big_map(MAX_MAP_SIDE, MAX_MAP_SIDE, "huge");
    let case = |name: &str, files: &[(&str, &str)]| {
        let dir = out.join(name);
        std::fs::create_dir_all(&dir).expect("output directory");
        for (file, text) in files {
            std::fs::write(dir.join(file), text).expect("write");
        }
    };

    // §1 panics: a finding past column 65,535 of a minified line; a 200,000-character row.
    let one_line = body
        .replace('\n', " ")
        .replace("victory: [", &format!("{}victory: [", " ".repeat(70_000)))
        .replace("Feature(\"V1\")", "Feature(\"V9\")");
    case(
        "01-panic-column-65536",
        &[("skirmish.ron", &skirmish), ("s.ron", &one_line)],
    );
    let mut wide = skirmish.clone();
    let at = wide.find("terrain: [").expect("terrain") + "terrain: [\"".len();
    wide.insert_str(at, &".".repeat(200_000));
    case("02-panic-row-200000", &[("wide.ron", &wide)]);
    let mut far = skirmish.replacen(
        "roads: [",
        "roads: [(kind: Main, name: Some(\"Far\"), hexes: [(1, 1), (2000000000, -2000000000), (-999999, 999999)]),",
        1,
    );
    far = far.replace("id: \"skirmish\"", "id: \"far\"");
    case("03-panic-render-far-road", &[("far.ron", &far)]);

    // §2 hangs: 20,000 off-map hexes; a file of the largest size; zone compilation on the
    // largest map, with distinct and with identical sub-zones.
    let hexes: Vec<String> = (0..20_000).map(|i| format!("({}, 99)", 100 + i)).collect();
    let offmap = body.replace(
        zone_a,
        &format!(
            "Deploy(zone: Union([Within(distance: 1, of: Feature(\"H2\")), Hexes([{}])]))",
            hexes.join(", ")
        ),
    );
    case(
        "04-hang-offmap-20000",
        &[("skirmish.ron", &skirmish), ("s.ron", &offmap)],
    );
    let mut padded = body.replacen('(', "(\n", 1);
    let room = MAX_FILE_BYTES as usize - padded.len() - 1024;
    let comment: String = "// padding\n".repeat(room / 11);
    padded.insert_str(0, &comment);
    case(
        "05-hang-16mib-file",
        &[("skirmish.ron", &skirmish), ("s.ron", &padded)],
    );
    let distinct: Vec<String> = (1..=1000)
        .map(|d| format!("Within(distance: {}, of: Everywhere)", d * 2 % MAX_DISTANCE))
        .collect();
    let on_huge = body.replace("map: \"skirmish\"", "map: \"huge\"");
    let distinct_zones = on_huge.replace(
        zone_a,
        &format!("Deploy(zone: Union([{}]))", distinct.join(", ")),
    );
    case(
        "06-hang-zones-distinct",
        &[("huge.ron", &huge_map), ("s.ron", &distinct_zones)],
    );
    let same = vec![format!("Within(distance: {MAX_DISTANCE}, of: Everywhere)"); 1000];
    let same_zones = on_huge.replace(
        zone_a,
        &format!("Deploy(zone: Union([{}]))", same.join(", ")),
    );
    case(
        "07-hang-zones-identical",
        &[("huge.ron", &huge_map), ("s.ron", &same_zones)],
    );

    // §3 memory and output: areas over large zones on the largest map; eight groups deploying
    // everywhere (exported); a 1 MiB one-line file with 300 findings; a 4 MiB name.
    let areas: Vec<String> = (0..8)
        .map(|i| {
            format!(
                "Area([Within(distance: {}, of: Corner(NorthWest)), Edge(South), Edge(East)])",
                500 + i
            )
        })
        .collect();
    let area_zones = on_huge.replace(
        zone_a,
        &format!("Deploy(zone: Union([{}]))", areas.join(", ")),
    );
    case(
        "08-memory-area",
        &[("huge.ron", &huge_map), ("s.ron", &area_zones)],
    );
    let groups: Vec<String> = "abcdefgh"
        .chars()
        .map(|g| format!("(id: \"{g}\", units: {{MZ: 6}}, entry: Deploy(zone: Everywhere))"))
        .collect();
    let everywhere = on_huge.replace(
        &format!("(id: \"a\", units: {{MZ: 6, MA: 1}}, markers: {{Trench: 2}}, entry: {zone_a}),"),
        &format!("{},", groups.join(",\n")),
    );
    case(
        "09-memory-export-everywhere",
        &[("huge.ron", &huge_map), ("s.ron", &everywhere)],
    );
    let mut findings = String::new();
    for i in 0..300 {
        let _ = write!(findings, "{}({}, 99), ", " ".repeat(3_000), 100 + i);
    }
    let one_mib = body
        .replace(
            zone_a,
            &format!(
                "Deploy(zone: Union([Within(distance: 1, of: Feature(\"H2\")), Hexes([{findings}])]))"
            ),
        )
        .replace('\n', " ");
    case(
        "10-output-1mib-line-300-findings",
        &[("skirmish.ron", &skirmish), ("s.ron", &one_mib)],
    );
    let long_name = body.replace(
        "name: \"Skirmish at the Bridge\"",
        &format!("name: \"{}\"", "N".repeat(4 << 20)),
    );
    case(
        "11-output-4mib-name",
        &[("skirmish.ron", &skirmish), ("s.ron", &long_name)],
    );

    // The largest map on its own: checked, and drawn.
    case("12-largest-map", &[("huge.ron", &huge_map)]);

    // Found on 24 November, each within the limits: hexes listed up to the limit of values in
    // a file, all off the map (one finding each, 300,000 of them); the same lists inside nested
    // zones with a schema error deep inside (jsonschema copies the value under each failing
    // alternative into its error); the largest map with every terrain character unknown; a
    // `Hexes` zone one hex over its limit; a tree of zones with a mistake in every leaf.
    let hex_list = |h: &str, n: usize| vec![h; n].join(", ");
    // A hex is three values (`(c, r)` and the comma after it): a little under the limit.
    let per_list = MAX_HEX_LIST.min(MAX_VALUES / 3 / 3 - 1_000);
    let off_lists: Vec<String> = (0..3)
        .map(|_| format!("Hexes([{}])", hex_list("(500, 500)", per_list)))
        .collect();
    let off_map_everywhere = body.replace(
        zone_a,
        &format!("Deploy(zone: Union([{}]))", off_lists.join(", ")),
    );
    case(
        "13-memory-offmap-at-value-limit",
        &[("skirmish.ron", &skirmish), ("s.ron", &off_map_everywhere)],
    );
    let big = format!("Hexes([{}])", hex_list("(5, 5)", per_list));
    let mut nested = format!("{big}, Feature(\"V 7\")");
    for level in 0..18 {
        let other = if level == 3 || level == 9 {
            big.clone()
        } else {
            "Feature(\"H2\")".to_string()
        };
        nested = format!("Union([{nested}, {other}])");
    }
    let nested_zones = body.replace(zone_a, &format!("Deploy(zone: {nested})"));
    case(
        "14-memory-schema-error-in-nested-big-zones",
        &[("skirmish.ron", &skirmish), ("s.ron", &nested_zones)],
    );
    let unknown_terrain = huge_map.replace('.', "Q");
    case(
        "15-memory-largest-map-unknown-terrain",
        &[("huge.ron", &unknown_terrain)],
    );
    let over = body.replace(
        zone_a,
        &format!(
            "Deploy(zone: Hexes([{}]))",
            hex_list("(5, 5)", MAX_HEX_LIST + 1)
        ),
    );
    case(
        "16-memory-hex-list-over-limit",
        &[("skirmish.ron", &skirmish), ("s.ron", &over)],
    );
    // A tree of zones 16 wide and 4 deep whose 65,536 leaves are all mistaken (each a schema
    // finding under four failing zone forms).
    let mut tree = "Feature(\"V 7\")".to_string();
    for _ in 0..4 {
        tree = format!("Union([{}])", vec![tree.as_str(); 16].join(", "));
    }
    let zone_tree = body.replace(zone_a, &format!("Deploy(zone: {tree})"));
    case(
        "17-memory-zone-tree-every-leaf-wrong",
        &[("skirmish.ron", &skirmish), ("s.ron", &zone_tree)],
    );
    // A map of 9,996 features, each number used under all seven letters (a finding per reuse,
    // each with a free number to suggest), and a scenario naming 100,000 features it lacks.
    let many = many_features_map();
    case(
        "18-hang-map-features-reusing-numbers",
        &[("many.ron", &many)],
    );
    let unknown: Vec<String> = (0..100)
        .map(|i| {
            let ops: Vec<String> = (0..1000)
                .map(|j| format!("Feature(\"V{}\")", 5_000 + i * 1000 + j))
                .collect();
            format!("Union([{}])", ops.join(", "))
        })
        .collect();
    let unknown_features = body.replace("map: \"skirmish\"", "map: \"many\"").replace(
        zone_a,
        &format!("Deploy(zone: Union([{}]))", unknown.join(", ")),
    );
    case(
        "19-hang-100000-unknown-features",
        &[("many.ron", &many), ("s.ron", &unknown_features)],
    );

    // Issue 25: the commands that read and write. `fmt` and `convert` of the file at the
    // limit of values (case 13 again: within every limit), of a file over it at 16 MiB, and
    // of 5.6 million comments; `import` of Tiled maps built to be slow.
    let hex = "(500, 500), ";
    let over_values = body.replace(
        zone_a,
        &format!(
            "Deploy(zone: Hexes([{}]))",
            hex.repeat((MAX_FILE_BYTES as usize - body.len() - 100) / hex.len())
        ),
    );
    case(
        "20-fmt-16mib-over-value-limit",
        &[("skirmish.ron", &skirmish), ("s.ron", &over_values)],
    );
    case(
        "21-fmt-at-value-limit",
        &[("skirmish.ron", &skirmish), ("s.ron", &off_map_everywhere)],
    );
    let comments = format!(
        "{}{}",
        "//\n".repeat((MAX_FILE_BYTES as usize - skirmish.len() - 100) / 3),
        skirmish
    );
    case("22-fmt-5.6m-comments", &[("s.ron", &comments)]);
    let nested_groups = format!(
        r#"<map orientation="hexagonal" width="3" height="2" tilewidth="60" tileheight="52" hexsidelength="30" staggeraxis="x" staggerindex="odd">{}{}</map>"#,
        "<group name=\"g\">".repeat(5_000),
        "</group>".repeat(5_000)
    );
    case("23-import-5000-nested-groups", &[("m.tmx", &nested_groups)]);
    for (name, n) in [
        ("24-import-8000-findings", 8_000),
        ("25-import-100000-findings", 100_000),
    ] {
        let objects: Vec<String> = (0..n)
            .map(|i| {
                format!(r#"{{"id": {i}, "name": "s", "type": "spawn", "x": 30, "y": 26, "point": true}}"#)
            })
            .collect();
        case(
            name,
            &[
                (
                    "m.tmj",
                    &tiled_map(
                        3,
                        2,
                        &objects.join(",\n"),
                        "[{\"firstgid\": 1, \"source\": \"t.tsj\"}]",
                    ),
                ),
                ("t.tsj", TILESET),
            ],
        );
    }
    let (w, h) = (800u32, 500u32);
    let labels: Vec<String> = (1..=w)
        .flat_map(|c| (1..=h).map(move |r| format!("{c}.{r}")))
        .collect();
    let feature = format!(
        r#"{{"id": 1, "name": "W1", "type": "woods", "x": 30, "y": 26, "point": true,
            "properties": [{{"name": "hexes", "type": "string", "value": "{}"}}]}}"#,
        labels.join(" ")
    );
    case(
        "26-import-400000-hex-feature",
        &[
            (
                "m.tmj",
                &tiled_map(w, h, &feature, "[{\"firstgid\": 1, \"source\": \"t.tsj\"}]"),
            ),
            ("t.tsj", TILESET),
        ],
    );
    // One 13 MB tileset named 64 times (its tiles' properties padded with a long string).
    let filler = "x".repeat(13_000_000);
    let big_tileset = TILESET.replace(
        "\"tiles\": [",
        &format!("\"filler\": \"{filler}\", \"tiles\": ["),
    );
    let refs: Vec<String> = (0..64)
        .map(|k| format!("{{\"firstgid\": {}, \"source\": \"t.tsj\"}}", 1 + 2 * k))
        .collect();
    case(
        "27-import-64-refs-to-13mb-tileset",
        &[
            (
                "m.tmj",
                &tiled_map(3, 2, "", &format!("[{}]", refs.join(", "))),
            ),
            ("t.tsj", &big_tileset),
        ],
    );

    // Found on 28 November (issue 41), each at a documented limit: a card and the largest map
    // drawn 8000 px wide (439 MiB); 52 groups with 100 places to hold on the largest map
    // (366 MiB: every group's movement search was kept); a place to hold spread over the
    // largest map as a lattice (the analysis measured every hex near it against every hex of
    // it, past 15 s).
    let targets: Vec<String> = (0..100)
        .map(|i| {
            format!(
                "(side: \"{}\", goal: Hold(target: Hexes([({}, {})]), when: EndOfGame), printed: \"Hold it.\")",
                if i % 2 == 0 { "north" } else { "south" },
                10 + i * 9,
                300 + i * 4
            )
        })
        .collect();
    let groups_scenario = limits_scenario(26, &targets);
    case(
        "28-limits-card-8000",
        &[
            ("huge.ron", &huge_map),
            ("s.ron", &limits_scenario(1, &targets[..2])),
        ],
    );
    case(
        "29-limits-52-groups-100-targets",
        &[("huge.ron", &huge_map), ("s.ron", &groups_scenario)],
    );
    let lattice: Vec<String> = (0..100)
        .flat_map(|c| (0..100).map(move |r| format!("({}, {})", 5 + c * 10, 5 + r * 10)))
        .collect();
    let hold_lattice = [format!(
        "(side: \"north\", goal: Hold(target: Hexes([{}]), when: EndOfGame), printed: \"Hold one.\")",
        lattice.join(", ")
    )];
    case(
        "30-limits-analyze-hold-lattice",
        &[
            ("huge.ron", &huge_map),
            ("s.ron", &limits_scenario(1, &hold_lattice)),
        ],
    );
}

/// A scenario on the largest map (`huge`) with `groups` groups a side (at most 26, a group's id
/// is a letter), each set up on a hex of its own, and the given victory conditions.
fn limits_scenario(groups: usize, victory: &[String]) -> String {
    let side = |id: &str, name: &str, color: &str, row: usize| -> String {
        let gs: Vec<String> = (0..groups)
            .map(|g| {
                format!(
                    "(id: \"{}\", units: {{MZ: 1}}, entry: Deploy(zone: Hexes([({}, {row})])))",
                    char::from(b'a' + g as u8),
                    20 + g * 37
                )
            })
            .collect();
        format!(
            "(id: \"{id}\", name: \"{name}\", color: {color}, groups: [{}])",
            gs.join(", ")
        )
    };
    format!(
        "(\n    format: \"saber-scenario/1\",\n    id: \"limits\",\n    name: \"Limits\",\n    date: \"1 June 1866\",\n    map: \"huge\",\n    sides: [{}, {}],\n    deploys_first: \"north\",\n    moves_first: \"south\",\n    game_length: 20,\n    victory: [{}],\n    notes: \"At the limits.\",\n)\n",
        side("north", "Northerners", "Blue", 100),
        side("south", "Southerners", "Red", 900),
        victory.join(", ")
    )
}

/// A tileset of one tile, clear terrain.
const TILESET: &str = r#"{"type": "tileset", "name": "t", "tilecount": 1, "tiles": [{"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "clear"}]}]}"#;

/// A hexagonal Tiled map (`.tmj`) of `w` × `h` clear hexes with the given objects and
/// tilesets.
fn tiled_map(w: u32, h: u32, objects: &str, tilesets: &str) -> String {
    let data = vec!["1"; (w * h) as usize].join(",");
    format!(
        r#"{{"type": "map", "orientation": "hexagonal", "width": {w}, "height": {h},
        "tilewidth": 60, "tileheight": 52, "hexsidelength": 30, "staggeraxis": "x",
        "staggerindex": "odd", "tilesets": {tilesets},
        "layers": [{{"type": "tilelayer", "name": "terrain", "width": {w}, "height": {h}, "data": [{data}]}},
                   {{"type": "objectgroup", "name": "features", "objects": [{objects}]}}]}}"#
    )
}

/// A 100 × 100 map whose 9,996 features use each number from 1 to 1,428 under all seven
/// letters, one hex each.
fn many_features_map() -> String {
    let row = format!("        \"{}\",\n", ".".repeat(100));
    let mut features = Vec::new();
    let mut k = 0;
    for n in 1..=1428 {
        for letter in ["V", "H", "W", "F", "R", "J", "B"] {
            features.push(format!(
                "(code: \"{letter}{n}\", hexes: [({}, {})])",
                k % 100 + 1,
                k / 100 % 100 + 1
            ));
            k += 1;
        }
    }
    format!(
        "(\n    format: \"saber-map/1\",\n    id: \"many\",\n    name: \"Many features\",\n    width: 100,\n    height: 100,\n    terrain: [\n{}    ],\n    features: [{}],\n)\n",
        row.repeat(100),
        features.join(", ")
    )
}

/// A map of the given size: clear, with a river across the middle, a road from edge to edge
/// and a few features.
fn big_map(w: u32, h: u32, id: &str) -> String {
    let mut rows = String::new();
    for r in 1..=h {
        let row: String = (1..=w)
            .map(|c| match (c, r) {
                (c, r) if r == h / 2 && c == w / 2 => '#',
                (_, r) if r == h / 2 => '~',
                (10 | 11, 10) => '^',
                (20, 20) => 'w',
                (c, 5) if c == w / 2 => 'v',
                _ => '.',
            })
            .collect();
        let _ = writeln!(rows, "        \"{row}\",");
    }
    let road: Vec<String> = (1..=h).map(|r| format!("({}, {r})", w / 2)).collect();
    format!(
        "(\n    format: \"saber-map/1\",\n    id: \"{id}\",\n    name: \"Largest map\",\n    width: {w},\n    height: {h},\n    terrain: [\n{rows}    ],\n    roads: [(kind: Main, name: Some(\"South\"), hexes: [{}])],\n    features: [(code: \"H2\", hexes: [(10, 10), (11, 10)]), (code: \"W3\", hexes: [(20, 20)]), (code: \"V1\", hexes: [({}, 5)]), (code: \"B4\", hexes: [({}, {})])],\n)\n",
        road.join(", "),
        w / 2,
        w / 2,
        h / 2
    )
}
