//! The reconstructed Rifle & Saber map (`maps/rifle-and-saber.ron`) against the geography that
//! the map conventions (11.0) and the seventeen scenarios (11.1–11.17) imply.
//!
//! No image of the printed mapsheet exists for us, so the map was built to make every scenario
//! clause meaningful. Each test below is one geographic fact a clause needs, and its doc comment
//! cites the clause. Deployment zones are compiled with the same zone language the scenario
//! files use, and capacities are counted at six stacking points per hex (7.0) with
//! [`Ruleset::min_hexes`](saber_schema::ruleset::Ruleset::min_hexes): guns (artillery and machine guns) are 3 points, all other units 2.

use std::collections::{BTreeSet, VecDeque};
use std::sync::OnceLock;

use saber_schema::model::hex::{Compass, Coord, Corner, Edge, Orientation};
use saber_schema::model::hex_set::HexSet;
use saber_schema::model::map::{MAP_FORMAT, Map, MapFile, RoadKind, parse_feature_code};
use saber_schema::model::zone::Zone;
use saber_schema::pipeline::zones::compiler::{ZoneCompiler, ZoneEnv};
use saber_schema::ruleset::{FeatureLetter, Terrain, UnitKind, for_game};

const MAP_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../maps/rifle-and-saber.ron");

/// Every feature code a scenario names (see the feature index of the scenario notes).
const NAMED_BY_SCENARIOS: [&str; 22] = [
    "R1", "R3", "V4", "V5", "V6", "V7", "V8", "V9", "V11", "V12", "B14", "B15", "F17", "W22",
    "H24", "H25", "H26", "H27", "H28", "H30", "H32", "J34",
];

fn map_file() -> &'static MapFile {
    static FILE: OnceLock<MapFile> = OnceLock::new();
    FILE.get_or_init(|| {
        let text = std::fs::read_to_string(MAP_PATH).expect("the map file is readable");
        ron::from_str(&text).unwrap_or_else(|e| panic!("{MAP_PATH}: {e}"))
    })
}

fn map() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(|| {
        let (map, problems) = Map::from_file(map_file());
        assert!(problems.is_empty(), "problems in the map: {problems:#?}");
        map
    })
}

/// Compile a zone on the map; the zone must compile without diagnostics.
fn compile(zone: &Zone) -> HexSet {
    let mut zc = ZoneCompiler::new(map(), ZoneEnv::default());
    let set = zc.compile(zone, &[]);
    assert!(
        zc.diagnostics.is_empty(),
        "{}: {:#?}",
        zone.describe(),
        zc.diagnostics
    );
    set
}

fn feature(code: &str) -> Zone {
    Zone::Feature(code.into())
}

fn hexes(code: &str) -> HexSet {
    compile(&feature(code))
}

fn within(distance: u32, of: Zone) -> Zone {
    Zone::Within {
        distance,
        of: Box::new(of),
    }
}

fn at_least(distance: u32, from: Zone) -> Zone {
    Zone::AtLeast {
        distance,
        from: Box::new(from),
    }
}

/// A compass sector with the default quarter-plane opening (45° either side).
fn sector(toward: Compass, of: Zone, within: Option<u32>, at_least: Option<u32>) -> Zone {
    Zone::Sector {
        toward,
        of: Box::new(of),
        within,
        at_least,
        half_angle: 45,
    }
}

fn beyond(toward: Compass, of: Zone, inclusive: bool) -> Zone {
    Zone::Beyond {
        toward,
        of: Box::new(of),
        inclusive,
    }
}

fn between(chain: Vec<Zone>, include_ends: bool) -> Zone {
    Zone::Between {
        chain,
        include_ends,
        slack: 0,
    }
}

/// Fewest hexes for `two` two-point units (MZ) and `three` three-point units (MA) under the
/// Rifle & Saber rules (7.0).
fn min_hexes(two: u32, three: u32) -> u32 {
    for_game(None).min_hexes([(UnitKind::MZ, two), (UnitKind::MA, three)])
}

fn minus(a: Zone, b: Zone) -> Zone {
    Zone::Difference(Box::new(a), Box::new(b))
}

/// The zone must hold a group of `two` two-point and `three` three-point units at six
/// stacking points per hex (7.0).
fn assert_holds(what: &str, set: &HexSet, two: u32, three: u32) {
    let need = min_hexes(two, three) as usize;
    assert!(
        set.len() >= need,
        "{what}: {} hexes, but {two} two-point and {three} three-point units need {need}",
        set.len()
    );
}

fn centroid(set: &HexSet) -> (f64, f64) {
    set.centroid().expect("a non-empty set")
}

fn cell_terrain(c: Coord) -> Terrain {
    map().cell(c).expect("on the map").terrain
}

/// Hexes outside the river system (river, ford and bridge hexes).
fn dry(c: Coord) -> bool {
    !cell_terrain(c).is_river()
}

/// The hexes reachable from `start` through hexes for which `pass` holds.
fn reach(start: &[Coord], mut pass: impl FnMut(Coord) -> bool) -> BTreeSet<Coord> {
    let g = map().grid;
    let mut seen: BTreeSet<Coord> = start.iter().copied().filter(|c| pass(*c)).collect();
    let mut queue: VecDeque<Coord> = seen.iter().copied().collect();
    while let Some(c) = queue.pop_front() {
        for n in g.neighbors(c) {
            if !seen.contains(&n) && pass(n) {
                seen.insert(n);
                queue.push_back(n);
            }
        }
    }
    seen
}

/// The hexes reachable from `start` along road hexsides only (4M), avoiding `closed` hexes.
fn reach_by_road(start: &[Coord], closed: &[Coord]) -> BTreeSet<Coord> {
    let sides = map().road_sides();
    let mut seen: BTreeSet<Coord> = start.iter().copied().collect();
    let mut queue: VecDeque<Coord> = seen.iter().copied().collect();
    while let Some(c) = queue.pop_front() {
        for n in map().grid.neighbors(c) {
            let key = saber_schema::model::map::SideKey::new(c, n);
            if sides.contains(&key) && !closed.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen
}

/// Is the set one connected patch of hexes?
fn connected(set: &HexSet) -> bool {
    let all: Vec<Coord> = set.iter().collect();
    let Some(first) = all.first() else {
        return true;
    };
    reach(&[*first], |c| set.contains(c)).len() == all.len()
}

fn min_distance(a: &HexSet, b: &HexSet) -> u32 {
    let field = b.distance_field();
    a.iter()
        .map(|c| field[map().grid.index(c).expect("on the map")])
        .min()
        .expect("a non-empty set")
}

fn road_hexes(name: &str) -> HexSet {
    compile(&Zone::Road(name.into()))
}

fn river_side(edge: Edge) -> HexSet {
    compile(&Zone::RiverSide(edge))
}

/// Hexes only reachable from the south edge: the far bank of R3 (11.3).
fn south_bank() -> HexSet {
    let mut s = river_side(Edge::South);
    s.difference_with(&river_side(Edge::North));
    s
}

/// The north side of the river as the scenarios' zones see it (11.3): every dry hex reachable
/// from the north edge. It is disjoint from [`south_bank`].
fn north_side() -> HexSet {
    river_side(Edge::North)
}

mod conventions;
mod scenarios;
