//! The shared queries on the invented Musket & Saber example map (`millbrook-invented.ron`),
//! against the Quick Play rules text, every expected value worked out by hand from the map file
//! and the rule, never by another call of the same code:
//!
//! - 8.2 line of sight: "blocked if any intervening hex or hex side has blocking terrain. If
//!   the LOS is congruent to a non-blocking hex side, the LOS is blocked only if both hexes
//!   adjacent to that hex side are blocked. Units do not block LOS. Terrain in the firing and
//!   target hexes does not block the LOS." Woods and village rows say `blocks_sight: true`.
//! - 4.3 movement from the map's chart by class, "+n" for a stream hexside, "A unit may always
//!   move one hex even if lacking the necessary MP"; 4.4 road ½ MP from road hex to road hex.
//!
//! The map (columns left to right, rows top to bottom; flat hexes, even columns half a hex
//! lower; `w` woods, `h` hill, `b` woods and hill, `v` village, `.` clear):
//!
//! ```text
//! row 1  ................
//! row 2  ....ww..........   woods 0502 0602
//! row 3  ...www....v.....   woods 0403 0503 0603, village 1103
//! row 4  ....w.....vv....   woods 0504, village 1104 1204
//! row 5  ......hh........   hill 0705 0805
//! row 6  .....hbbh.......   hill 0606 0906, wooded hill 0706 0806
//! row 7  ......hh........
//! row 8  ................   the Mill Road, 0108 to 1608
//! ```

use saber_schema::model::hex::Coord;
use saber_schema::model::hex_set::HexSet;
use saber_schema::model::map::Map;
use saber_schema::pipeline::load_map;
use saber_schema::pipeline::read::Source;
use saber_schema::queries::effective_terrain::EffectiveTerrain;
use saber_schema::queries::movement::{Movement, Mp};
use saber_schema::queries::reach::CostTable;
use saber_schema::queries::sight::{Sight, line_of_sight};
use saber_schema::queries::walk::Walk;

const MAP: &str = "scenarios/examples/musket-and-saber/maps/millbrook-invented.ron";

fn millbrook() -> Map {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(MAP);
    let src = Source::read(&path).expect("the example map reads");
    let (map, diags) = load_map(&src);
    assert!(diags.is_empty(), "{diags:?}");
    map.expect("the example map builds").map
}

/// A hex as the map prints it (`"0505"`: column 5, row 5; the map numbers from 0101).
fn hex(n: &str) -> Coord {
    Coord(n[..2].parse().unwrap(), n[2..].parse().unwrap())
}

fn sees(map: &Map, from: &str, to: &str) -> bool {
    let terrain = EffectiveTerrain::new(map);
    let none = HexSet::empty(map.grid);
    line_of_sight(map.rules(), &terrain, &none, hex(from), hex(to)) == Sight::Open
}

/// The fan of 0505, a clear hex south of the woods, over every hex of rows 1 to 4 in columns 1
/// to 9, hex by hex (8.2). Worked by hand:
/// - 0501, 0502, 0503: the line runs due north through the centre of 0504 (woods): blocked.
/// - 0403 and 0603: the line leaves 0505 by its corner and runs along the hexside between
///   0504 (woods) and 0404 (clear), or 0504 and 0604 (clear): a non-blocking hexside with only
///   one blocking hex beside it, so open (8.2, second sentence).
/// - 0303, 0402, 0401, 0301, 0302, 0202, 0201, 0101: through 0403 (woods).
/// - 0602, 0701: through 0504 (woods); 0601 through 0503; 0703, 0702, 0802, 0801, 0901: through
///   0603 (woods), which the lines cross, not run along.
/// - Open: rows 1 to 3 west of the woods' shadow (0102, 0103, 0203) and east of it (0803, 0902,
///   0903), and all of row 4: 0504 is the target there (a target's terrain does not block).
#[test]
fn the_fan_behind_the_woods_is_blocked_hex_by_hex_8_2() {
    let map = millbrook();
    let blocked = [
        "0101", "0201", "0301", "0401", "0501", "0601", "0701", "0801", "0901", "0202", "0302",
        "0402", "0502", "0602", "0702", "0802", "0303", "0503", "0703",
    ];
    for row in 1..=4 {
        for col in 1..=9 {
            let to = format!("{col:02}{row:02}");
            assert_eq!(
                sees(&map, "0505", &to),
                !blocked.contains(&to.as_str()),
                "0505 to {to}"
            );
        }
    }
}

/// 8.2 along a hexside: the line 0402–0602 runs along the hexside between 0502 and 0503, both
/// woods: blocked. The line 0404–0604 runs along the hexside between 0504 (woods) and 0505
/// (clear): open. The line 0403–0603 runs between 0503 and 0504, both woods: blocked, though
/// its firing and target hexes are woods too (they never block).
#[test]
fn a_line_along_a_hexside_is_blocked_only_when_both_hexes_block_8_2() {
    let map = millbrook();
    assert!(!sees(&map, "0402", "0602"));
    assert!(sees(&map, "0404", "0604"));
    assert!(!sees(&map, "0403", "0603"));
    // Firing from woods into woods next to it: neither end blocks.
    assert!(sees(&map, "0502", "0503"));
}

/// 4.3 by the map's chart, per class (infantry, cavalry, artillery columns): clear 1/1/1; woods
/// 2/3/prohibited; hill 2/2/3; village 1/2/1; the wooded hill `b` (woods and hill) pays the
/// dearer kind, 2/3/prohibited; the stream hexside south of 0509 adds 1/1/2.
#[test]
fn moves_cost_what_the_chart_says_for_each_class_4_3() {
    let map = millbrook();
    let cost = |class: usize, from: &str, to: &str| {
        Movement::new(&map, map.rules())
            .with_class(class)
            .entry_cost(hex(from), hex(to))
    };
    let (inf, cav, art) = (0, 1, 2);
    let w = Mp::whole;
    // Clear 0102 from 0101.
    assert_eq!(cost(inf, "0101", "0102"), Some(w(1)));
    assert_eq!(cost(art, "0101", "0102"), Some(w(1)));
    // Woods 0504 from 0505.
    assert_eq!(cost(inf, "0505", "0504"), Some(w(2)));
    assert_eq!(cost(cav, "0505", "0504"), Some(w(3)));
    assert_eq!(cost(art, "0505", "0504"), None);
    // Hill 0705 from 0704 (clear).
    assert_eq!(cost(inf, "0704", "0705"), Some(w(2)));
    assert_eq!(cost(cav, "0704", "0705"), Some(w(2)));
    assert_eq!(cost(art, "0704", "0705"), Some(w(3)));
    // Village 1103 from 1003.
    assert_eq!(cost(inf, "1003", "1103"), Some(w(1)));
    assert_eq!(cost(cav, "1003", "1103"), Some(w(2)));
    // Wooded hill 0706 from hill 0705.
    assert_eq!(cost(inf, "0705", "0706"), Some(w(2)));
    assert_eq!(cost(cav, "0705", "0706"), Some(w(3)));
    assert_eq!(cost(art, "0705", "0706"), None);
    // Across the stream (0509's south side) into clear 0510: +1, +1, +2.
    assert_eq!(cost(inf, "0509", "0510"), Some(w(2)));
    assert_eq!(cost(cav, "0510", "0509"), Some(w(2)));
    assert_eq!(cost(art, "0509", "0510"), Some(w(3)));
    // 0410 (village) into 0510 crosses no stream: 1.
    assert_eq!(cost(inf, "0410", "0510"), Some(w(1)));
}

/// 4.4: along the Mill Road, from a road hex across the road's hexside into its next hex, ½ MP
/// for every class; onto the road from beside it, the chart (clear 1).
#[test]
fn the_road_costs_half_only_from_road_hex_to_road_hex_4_4() {
    let map = millbrook();
    let mv = Movement::new(&map, map.rules()).with_class(2);
    assert_eq!(mv.entry_cost(hex("0108"), hex("0208")), Some(Mp::sixths(3)));
    let along = ["0108", "0208", "0308", "0408", "0508"].map(hex);
    assert_eq!(mv.path_cost(&along), Some(Mp::whole(2)));
    assert_eq!(mv.path_cost(&along).unwrap().to_string(), "2 MP");
    assert_eq!(mv.entry_cost(hex("0307"), hex("0308")), Some(Mp::whole(1)));
    assert_eq!(mv.entry_cost(hex("0308"), hex("0309")), Some(Mp::whole(1)));
}

/// 4.3 "A unit may always move one hex even if lacking the necessary MP": artillery with 1 MP
/// enters the hill 0705 (3 MP) from 0704 in one Movement Phase, and no further in the next
/// (0706, woods on the hill, is prohibited to artillery).
#[test]
fn a_unit_may_always_move_one_hex_4_3() {
    let map = millbrook();
    let mv = Movement::new(&map, map.rules()).with_class(2);
    let table = CostTable::new(&mv);
    let phases = table.phases(&[(hex("0704"), Mp::ZERO)], Mp::whole(1));
    assert_eq!(phases.phases(hex("0705")), Some(1));
    assert_eq!(phases.phases(hex("0706")), None);
    // A 1 MP move with 1 MP: one hex a phase; 0702 is two hexes north of 0704.
    assert_eq!(phases.phases(hex("0702")), Some(2));
}

/// The walk's phase search (the one crossing rules and charges use) prices a move as the
/// table's does: artillery with 1 MP enters the hill 0705 (3 MP) in one phase (4.3).
#[test]
fn the_walk_may_always_move_one_hex_as_the_table_does_4_3() {
    let map = millbrook();
    let mv = Movement::new(&map, map.rules()).with_class(2);
    let table = CostTable::new(&mv);
    let walk = Walk {
        table: &table,
        crossing: None,
    };
    let at = |h: &str| HexSet::from_coords(map.grid, [hex(h)]);
    let start = [(hex("0704"), Mp::ZERO)];
    let phases = |h: &str| walk.phases(&start, Mp::whole(1), None, &at(h)).map(|w| w.0);
    assert_eq!(phases("0705"), Some(1));
    assert_eq!(phases("0706"), None);
    assert_eq!(phases("0702"), Some(2));
}

/// The zone compiler reads a map's own kinds: `Terrain("woods")` on the invented example is its
/// woods hexes (the `w` and the wooded hill `b` of its terrain rows, listed here by hand from
/// the file), `Terrain("village")` its village hexes, and a chart with no slope kind has no
/// slope hexes. Before, the all-clear stand-in made `Woods` no hexes and `Clear` every hex.
#[test]
fn terrain_zones_are_the_map_s_own_kinds() {
    use saber_schema::model::zone::KindName;
    use saber_schema::model::zone::Zone;
    use saber_schema::pipeline::zones::compiler::{ZoneCompiler, ZoneEnv};
    let map = millbrook();
    let mut zc: ZoneCompiler<KindName> = ZoneCompiler::new(&map, ZoneEnv::default());
    let kind = |k: &str| Zone::Terrain(KindName(k.to_string()));
    let hexes = |zc: &mut ZoneCompiler<KindName>, z: Zone<KindName>| {
        let mut v: Vec<String> = zc
            .compile(&z, &[])
            .iter()
            .map(|c| map.grid.label(c))
            .collect();
        v.sort();
        v
    };
    let woods = [
        "0502", "0602", "0403", "0503", "0603", "0504", "0706", "0806", "1109", "1209", "1110",
        "1210", "1310",
    ];
    let mut woods: Vec<String> = woods.iter().map(|s| s.to_string()).collect();
    woods.sort();
    assert_eq!(hexes(&mut zc, kind("woods")), woods);
    let mut village: Vec<String> = ["1103", "1104", "1204", "0309", "0310", "0410"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    village.sort();
    assert_eq!(hexes(&mut zc, kind("village")), village);
    // 16 × 12 hexes, less the 13 woods (two of them the wooded hill `b`), 6 village and 6 hill
    // (`h`: 0705 0805 0606 0906 0707 0807) hexes: the `.` hexes. The hill kind is in those 6 and
    // the 2 wooded hill hexes.
    let clear = hexes(&mut zc, kind("clear"));
    assert_eq!(clear.len(), 16 * 12 - 13 - 6 - 6, "{clear:?}");
    assert!(!clear.contains(&"0706".to_string()));
    assert!(hexes(&mut zc, Zone::Slopes).is_empty());
    assert!(hexes(&mut zc, kind("forest")).is_empty());
    assert_eq!(hexes(&mut zc, kind("hill")).len(), 8);
}
