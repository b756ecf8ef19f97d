use super::*;
use crate::model::map::{Cell, Feature, Road, RoadKind};
use crate::ruleset::Terrain;

/// The compiler's result, work and findings for `zone`, sharing `shared` if given.
fn compiled(m: &Map, zone: &Zone, shared: Option<&SharedZones>) -> (HexSet, u64, Vec<Diagnostic>) {
    let mut zc = ZoneCompiler::new(m, ZoneEnv::default()).sharing(shared);
    let hexes = zc.compile(zone, &[]);
    (hexes, zc.work(), zc.diagnostics.into_vec())
}

#[test]
fn a_shared_zone_costs_a_file_what_computing_it_would() {
    // On the largest map, 30 different `Within`s pass the work budget together, not alone.
    let m = Map::blank("big", "Big", 1000, 1000);
    let parts: Vec<Zone> = (1..=30)
        .map(|i| Zone::Within {
            distance: 1,
            of: Box::new(Zone::Hexes(vec![Coord(i, 1)])),
        })
        .collect();
    let union = Zone::Union(parts.clone());
    let alone = compiled(&m, &union, None);
    assert!(
        alone.2.iter().any(|d| d.code == Code::LimitExceeded),
        "{:?}",
        alone.2
    );
    // Other files of the run computed every part: this file still runs out where it would.
    let shared = SharedZones::new();
    for p in &parts {
        assert!(compiled(&m, p, Some(&shared)).2.is_empty());
    }
    assert_eq!(compiled(&m, &union, Some(&shared)), alone);
    // Within the budget, the shared parts give the same hexes for the same work.
    let five = Zone::Union(parts[..5].to_vec());
    let alone = compiled(&m, &five, None);
    assert!(alone.2.is_empty());
    assert_eq!(compiled(&m, &five, Some(&shared)), alone);
}

proptest::proptest! {
    /// A file's zones give the same hexes, work and findings whether other files of the
    /// run computed some of them first or not, and each zone the same hexes as compiled
    /// on its own, whatever the memo found.
    #[test]
    fn a_file_compiles_alike_alone_or_sharing(
        first in proptest::collection::vec(crate::pipeline::zones::memo::tests::zone(), 1..4),
        second in proptest::collection::vec(crate::pipeline::zones::memo::tests::zone(), 1..4),
    ) {
        let m = test_map();
        let deployed = HexSet::from_coords(m.grid, [Coord(3, 3), Coord(12, 9)]);
        let env = ZoneEnv {
            enemy_deployment: Some(&deployed),
            enemy_units: Some(&deployed),
        };
        let run = |zones: &[Zone], shared: Option<&SharedZones>| {
            let mut zc = ZoneCompiler::new(&m, env).sharing(shared);
            let hexes: Vec<HexSet> = zones
                .iter()
                .enumerate()
                .map(|(i, z)| zc.compile(z, &[PathSeg::key("zones"), PathSeg::Index(i)]))
                .collect();
            (hexes, zc.work(), zc.diagnostics.into_vec())
        };
        let alone = run(&second, None);
        for (z, hexes) in second.iter().zip(&alone.0) {
            proptest::prop_assert_eq!(&run(std::slice::from_ref(z), None).0[0], hexes);
        }
        // The other file saw its enemy elsewhere: what it measured from there is its own.
        let elsewhere = HexSet::from_coords(m.grid, [Coord(18, 2)]);
        let theirs = ZoneEnv {
            enemy_deployment: Some(&elsewhere),
            enemy_units: Some(&elsewhere),
        };
        let shared = SharedZones::new();
        let mut other = ZoneCompiler::new(&m, theirs).sharing(Some(&shared));
        for z in &first {
            other.compile(z, &[]);
        }
        proptest::prop_assert_eq!(run(&second, Some(&shared)), alone.clone());
        // Again, from how each zone was taken before.
        let first_alone = run(&first, None);
        for _ in 0..2 {
            proptest::prop_assert_eq!(run(&first, Some(&shared)), first_alone.clone());
        }
        proptest::prop_assert_eq!(run(&second, Some(&shared)), alone);
    }
}

#[test]
fn zones_that_raise_findings_or_see_the_enemy_are_not_shared() {
    let m = test_map();
    let shared = SharedZones::new();
    let unknown = Zone::Within {
        distance: 2,
        of: Box::new(Zone::Feature("V99".into())),
    };
    let enemy = Zone::Within {
        distance: 2,
        of: Box::new(Zone::EnemyDeployment),
    };
    let v4 = Zone::Within {
        distance: 2,
        of: Box::new(Zone::Feature("V4".into())),
    };
    let deployed = HexSet::from_coords(m.grid, [Coord(1, 1)]);
    let env = ZoneEnv {
        enemy_deployment: Some(&deployed),
        enemy_units: Some(&deployed),
    };
    for z in [&unknown, &enemy, &v4] {
        ZoneCompiler::new(&m, env)
            .sharing(Some(&shared))
            .compile(z, &[]);
    }
    assert!(!shared.contains(&unknown));
    assert!(!shared.contains(&enemy));
    assert!(shared.contains(&v4));
    // A file naming the unknown feature is still told so.
    assert_eq!(compiled(&m, &unknown, Some(&shared)).2.len(), 1);
}

fn test_map() -> Map {
    let mut m = Map::blank("t", "Test", 20, 15);
    m.features.push(Feature {
        code: "V4".into(),
        name: None,
        hexes: vec![Coord(10, 8), Coord(11, 8)],
        label: None,
    });
    m.features.push(Feature {
        code: "H26".into(),
        name: None,
        hexes: vec![Coord(4, 4)],
        label: None,
    });
    m.features.push(Feature {
        code: "H25".into(),
        name: None,
        hexes: vec![Coord(16, 4)],
        label: None,
    });
    for col in 1..=20 {
        m.set_cell(
            Coord(col, 12),
            Cell {
                terrain: Terrain::River,
                slope: false,
            },
        );
    }
    m.roads.push(Road {
        name: Some("East".into()),
        kind: RoadKind::Main,
        hexes: (11..=20).map(|c| Coord(c, 8)).collect(),
    });
    m
}

fn compile(m: &Map, z: &Zone) -> (HexSet, Vec<Diagnostic>) {
    let mut zc = ZoneCompiler::new(m, ZoneEnv::default());
    let s = zc.compile(z, &[]);
    (s, zc.diagnostics.into_vec())
}

fn feature(c: &str) -> Box<Zone> {
    Box::new(Zone::Feature(c.into()))
}

#[test]
fn a_long_list_of_off_map_hexes_keeps_the_findings_a_file_shows_and_counts_the_rest() {
    let m = test_map();
    let list = (0..10_000).map(|i| Coord(100 + i, 99)).collect();
    let (_, d) = compile(&m, &Zone::Hexes(list));
    let shown = limits::MAX_DIAGNOSTICS_PER_FILE;
    assert_eq!(d.len(), shown + 1);
    let last = d.last().unwrap();
    assert_eq!(last.more_like_it, 10_000 - shown - 1);
    assert!(
        last.message.contains("9,799 more MAP007"),
        "{}",
        last.message
    );
}

#[test]
fn within_one_is_on_or_adjacent() {
    let m = test_map();
    let (s, d) = compile(
        &m,
        &Zone::Within {
            distance: 1,
            of: feature("H26"),
        },
    );
    assert!(d.is_empty());
    assert_eq!(s.len(), 7);
}

#[test]
fn unknown_feature_suggests_neighbours() {
    let m = test_map();
    let (s, d) = compile(&m, &Zone::Feature("H27".into()));
    assert!(s.is_empty());
    assert_eq!(d[0].code, Code::UnknownFeature);
    let hint = d[0].hint.clone().unwrap();
    assert!(hint.contains("H26") && hint.contains("H25"), "{hint}");
}

#[test]
fn beyond_north_keeps_rows_above() {
    let m = test_map();
    let (s, _) = compile(
        &m,
        &Zone::Beyond {
            toward: Compass::N,
            of: feature("H26"),
            inclusive: false,
        },
    );
    assert!(s.contains(Coord(4, 3)));
    assert!(!s.contains(Coord(4, 4)));
    assert!(!s.contains(Coord(9, 9)));
}

#[test]
fn between_two_hills_is_the_strip() {
    let m = test_map();
    let z = Zone::Between {
        chain: vec![Zone::Feature("H26".into()), Zone::Feature("H25".into())],
        include_ends: true,
        slack: 0,
    };
    let (s, _) = compile(&m, &z);
    assert!(s.contains(Coord(10, 4)));
    assert!(s.contains(Coord(4, 4)) && s.contains(Coord(16, 4)));
    assert!(!s.contains(Coord(10, 10)));
}

#[test]
fn river_side_stops_at_the_river() {
    let m = test_map();
    let (north, _) = compile(&m, &Zone::RiverSide(Edge::North));
    assert!(north.contains(Coord(5, 11)));
    assert!(!north.contains(Coord(5, 13)));
    assert!(!north.contains(Coord(5, 12)));
}

/// The river of `test_map` crosses from the west edge to the east edge on row 12: the west
/// edge touches both banks (11 hexes north, 3 south), and its bank is the northern one.
#[test]
fn river_side_is_one_bank_where_the_river_meets_the_edge() {
    let m = test_map();
    let (west, d) = compile(&m, &Zone::RiverSide(Edge::West));
    assert!(d.is_empty(), "{d:?}");
    assert!(west.contains(Coord(1, 1)) && west.contains(Coord(5, 11)));
    assert!(
        !west.contains(Coord(1, 14)),
        "the south bank is not part of it"
    );
}

/// A river that leaves the west edge in its middle splits it evenly: the edge names no bank.
#[test]
fn river_side_of_an_evenly_split_edge_warns() {
    let mut m = Map::blank("t", "Test", 6, 5);
    for col in 1..=6 {
        m.set_cell(
            Coord(col, 3),
            Cell {
                terrain: Terrain::River,
                slope: false,
            },
        );
    }
    let (_, d) = compile(&m, &Zone::RiverSide(Edge::West));
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code, Code::RiverSideTied);
    assert_eq!(d[0].severity, crate::diagnostic::Severity::Warning);
}

#[test]
fn road_stretch_runs_to_the_edge() {
    let m = test_map();
    let z = Zone::RoadStretch {
        road: "East Road".into(),
        from: feature("V4"),
        to: Box::new(Zone::Edge(Edge::East)),
    };
    let (s, d) = compile(&m, &z);
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(s.len(), 10);
    let (entry, _) = compile(&m, &Zone::RoadEntry("East".into()));
    assert_eq!(entry.iter().collect::<Vec<_>>(), vec![Coord(20, 8)]);
}

#[test]
fn sector_north_east() {
    let m = test_map();
    let z = Zone::Sector {
        toward: Compass::NE,
        of: feature("V4"),
        within: Some(5),
        at_least: None,
        half_angle: 45,
    };
    let (s, _) = compile(&m, &z);
    assert!(s.contains(Coord(14, 5)));
    assert!(!s.contains(Coord(7, 11)));
    assert!(!s.contains(Coord(10, 8)));
}

#[test]
fn a_line_is_measured_from_every_hex_of_its_features() {
    let m = test_map();
    // V4 is two hexes wide: (10, 8) and (11, 8). Its central hex is (10, 8), so a line
    // through centres alone would leave (11, 8) out and measure distances from (10, 8).
    let line = Zone::Line(vec![
        Zone::Feature("H26".into()),
        Zone::Feature("V4".into()),
    ]);
    let (s, d) = compile(&m, &line);
    assert!(d.is_empty(), "{d:?}");
    assert!(s.contains(Coord(10, 8)) && s.contains(Coord(11, 8)));
    assert!(s.contains(Coord(4, 4)));
    let far = Zone::AtLeast {
        distance: 2,
        from: Box::new(line),
    };
    let (s, _) = compile(&m, &far);
    // (13, 8) is two hexes from (11, 8) and three from (10, 8).
    assert!(s.contains(Coord(13, 8)));
    assert!(!s.contains(Coord(12, 8)), "one hex from V4's east hex");
}

#[test]
fn enemy_units_fall_back_to_the_enemy_deployment() {
    let m = test_map();
    let zone = HexSet::from_coords(m.grid, [Coord(4, 4), Coord(5, 4)]);
    let placed = HexSet::from_coords(m.grid, [Coord(5, 4)]);
    let z: Zone = Zone::AtLeast {
        distance: 2,
        from: Box::new(Zone::EnemyUnits),
    };
    let env = ZoneEnv {
        enemy_deployment: Some(&zone),
        enemy_units: None,
    };
    let s = ZoneCompiler::new(&m, env).compile(&z, &[]);
    assert!(!s.contains(Coord(3, 4)), "one hex from the zone");
    let env = ZoneEnv {
        enemy_deployment: Some(&zone),
        enemy_units: Some(&placed),
    };
    let s = ZoneCompiler::new(&m, env).compile(&z, &[]);
    assert!(s.contains(Coord(3, 4)), "two hexes from the placed counter");
    let (_, d) = compile(&m, &Zone::EnemyUnits);
    assert_eq!(d[0].code, Code::ZoneParameter);
}

#[test]
fn area_spans_the_corners() {
    let m = test_map();
    let z = Zone::Area(vec![
        Zone::Feature("H26".into()),
        Zone::Feature("H25".into()),
        Zone::Feature("V4".into()),
    ]);
    let (s, _) = compile(&m, &z);
    assert!(s.contains(Coord(10, 5)));
    assert!(!s.contains(Coord(2, 10)));
}
