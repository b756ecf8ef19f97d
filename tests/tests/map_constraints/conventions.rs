//! The map file itself and the conventions of 11.0: its size, notes, numbered features and
//! their terrain, labels, the great forest, and the three main roads.

use super::*;

/// 2.1: one 22" × 28" mapsheet; the file records size, orientation and offset parity.
#[test]
fn the_map_file_loads_without_problems() {
    let file = map_file();
    assert_eq!(file.format, MAP_FORMAT);
    assert_eq!(file.id, "rifle-and-saber");
    let g = map().grid;
    assert!((40..=50).contains(&g.width), "width {}", g.width);
    assert!((30..=35).contains(&g.height), "height {}", g.height);
    assert_eq!(g.orientation, Orientation::Flat);
}

/// The map is a reconstruction; its notes must say so and name what it was derived from.
#[test]
fn the_notes_say_the_map_is_a_reconstruction_and_from_what() {
    let notes = &map().notes;
    assert!(notes.contains("RECONSTRUCTION"), "{notes}");
    for source in ["11.0", "11.1", "11.17"] {
        assert!(notes.contains(source), "notes do not cite {source}");
    }
}

/// 11.0: "No number is used more than once regardless of terrain feature, but letter codes
/// are repeated."
#[test]
fn feature_numbers_are_never_reused_across_letters_11_0() {
    let mut numbers = BTreeSet::new();
    for f in &map().features {
        let (_, n) = parse_feature_code(&f.code)
            .unwrap_or_else(|| panic!("`{}` is not a feature code", f.code));
        assert!(numbers.insert(n), "number {n} is used twice ({})", f.code);
    }
}

/// 11.0 and 11.1–11.17: every feature a scenario names exists, with all its hexes on the map.
#[test]
fn every_feature_the_scenarios_name_is_on_the_map_11_0() {
    for code in NAMED_BY_SCENARIOS {
        let f = map()
            .feature(code)
            .unwrap_or_else(|| panic!("{code} is missing"));
        assert!(!f.hexes.is_empty(), "{code} has no hexes");
        for c in &f.hexes {
            assert!(map().grid.contains(*c), "{code} has {c} off the map");
        }
    }
}

/// 11.0: "R = river; J = river junction; F = ford; V = village: H = hill; W = woods", and B
/// is a bridge (11.17 crosses the river "at B14"). Each feature's hexes are of that terrain;
/// hills are slope hexes (9.2).
#[test]
fn feature_hexes_have_the_terrain_of_their_letter_11_0() {
    for f in &map().features {
        let (letter, _) = parse_feature_code(&f.code).expect("a feature code");
        for c in &f.hexes {
            let cell = map().cell(*c).expect("on the map");
            let ok = match letter {
                FeatureLetter::V => cell.terrain == Terrain::Village,
                FeatureLetter::H => cell.slope,
                FeatureLetter::W => cell.terrain == Terrain::Woods,
                FeatureLetter::R | FeatureLetter::J => cell.terrain == Terrain::River,
                FeatureLetter::F => cell.terrain == Terrain::Ford,
                FeatureLetter::B => cell.terrain == Terrain::Bridge,
            };
            assert!(ok, "{} hex {} is {:?}", f.code, c, cell);
        }
    }
}

/// 11.0: "Only the very large forest … and the three main roads … are not numbered": every
/// village, hill, woods, river, ford and bridge hex belongs to a numbered feature, and no
/// feature takes in the forest ("The forest is never used in deployment instructions").
#[test]
fn every_village_hill_woods_and_river_hex_is_numbered_11_0() {
    let m = map();
    let in_letter = |c: Coord, letters: &[FeatureLetter]| {
        m.features.iter().any(|f| {
            parse_feature_code(&f.code).is_some_and(|(l, _)| letters.contains(&l))
                && f.hexes.contains(&c)
        })
    };
    for c in m.grid.coords() {
        let cell = m.cell(c).expect("on the map");
        let label = m.grid.label(c);
        if cell.slope {
            assert!(
                in_letter(c, &[FeatureLetter::H]),
                "slope {label} is in no hill"
            );
        }
        match cell.terrain {
            Terrain::Village => {
                assert!(
                    in_letter(c, &[FeatureLetter::V]),
                    "village hex {label} unnumbered"
                )
            }
            Terrain::Woods if !cell.slope => {
                assert!(
                    in_letter(c, &[FeatureLetter::W]),
                    "woods hex {label} unnumbered"
                )
            }
            Terrain::River => assert!(
                in_letter(c, &[FeatureLetter::R, FeatureLetter::J]),
                "river hex {label} unnumbered"
            ),
            Terrain::Ford => assert!(in_letter(c, &[FeatureLetter::F]), "ford {label}"),
            Terrain::Bridge => assert!(in_letter(c, &[FeatureLetter::B]), "bridge {label}"),
            Terrain::Forest => assert!(
                !m.features.iter().any(|f| f.hexes.contains(&c)),
                "forest hex {label} is in a numbered feature"
            ),
            _ => {}
        }
    }
}

/// 11.0: a feature is one place ("any hex in the village numbered 4"): every feature except
/// the rivers is one connected patch, and the river system (R, J, F and B hexes) is one network.
#[test]
fn features_are_connected_patches_and_the_rivers_one_network_11_0() {
    for f in &map().features {
        let (letter, _) = parse_feature_code(&f.code).expect("a feature code");
        if letter != FeatureLetter::R {
            assert!(connected(&hexes(&f.code)), "{} is in pieces", f.code);
        }
    }
    let rivers = HexSet::from_fn(map().grid, |c| cell_terrain(c).is_river());
    assert!(connected(&rivers), "the river system is in pieces");
}

/// 11.0: each hill is one numbered feature, so no two hills touch: a player can always tell
/// which hill a slope hex belongs to.
#[test]
fn numbered_hills_do_not_touch_each_other_11_0() {
    let hills: Vec<&str> = map()
        .features
        .iter()
        .map(|f| f.code.as_str())
        .filter(|c| c.starts_with('H'))
        .collect();
    for (i, a) in hills.iter().enumerate() {
        for b in &hills[i + 1..] {
            assert!(min_distance(&hexes(a), &hexes(b)) >= 2, "{a} touches {b}");
        }
    }
}

/// Labels must be readable: each feature's label sits on one of its hexes, two hexes or more
/// from any other feature's label.
#[test]
fn feature_labels_sit_on_their_features_apart_from_each_other() {
    let m = map();
    let labels: Vec<(&str, Coord)> = m
        .features
        .iter()
        .map(|f| {
            let at = f.label.expect("every feature sets its label");
            assert!(f.hexes.contains(&at), "{} is labelled off itself", f.code);
            (f.code.as_str(), at)
        })
        .collect();
    for (i, (a, pa)) in labels.iter().enumerate() {
        for (b, pb) in &labels[i + 1..] {
            assert!(
                m.grid.distance(*pa, *pb) >= 2,
                "labels of {a} and {b} are crowded"
            );
        }
    }
}

/// 11.0: "the very large forest in the northwestern portion of the mapsheet".
#[test]
fn the_great_forest_is_large_and_in_the_north_west_11_0() {
    let g = map().grid;
    let forest = compile(&Zone::Terrain(Terrain::Forest));
    assert!(forest.len() >= 60, "the forest has {} hexes", forest.len());
    assert!(connected(&forest));
    let (x, y) = centroid(&forest);
    let (mx, my) = g.center(Coord(g.width as i32 / 2, g.height as i32 / 2));
    assert!(x < mx && y < my, "the forest is not north-west");
    let biggest_woods = map()
        .features
        .iter()
        .filter(|f| f.code.starts_with('W'))
        .map(|f| f.hexes.len())
        .max()
        .unwrap_or(0);
    assert!(
        forest.len() > 5 * biggest_woods,
        "the forest is not very large"
    );
}

/// 4M: a road is a chain of road hexsides; every road is an unbroken path that never
/// doubles back on itself.
#[test]
fn roads_are_unbroken_paths_4m() {
    let g = map().grid;
    for (i, r) in map().roads.iter().enumerate() {
        for w in r.hexes.windows(2) {
            assert!(g.adjacent(w[0], w[1]), "road {i}: {} to {}", w[0], w[1]);
        }
        let unique: BTreeSet<Coord> = r.hexes.iter().copied().collect();
        assert_eq!(unique.len(), r.hexes.len(), "road {i} visits a hex twice");
    }
}

/// 11.0: "the three main roads … are designated as South, East, or Northwest".
#[test]
fn the_three_main_roads_are_south_east_and_northwest_11_0() {
    let mut names: Vec<&str> = map()
        .roads
        .iter()
        .filter(|r| r.kind == RoadKind::Main)
        .map(|r| r.name.as_deref().expect("main roads are named"))
        .collect();
    names.sort();
    assert_eq!(names, ["East", "Northwest", "South"]);
}

/// 11.0: "the three main roads (which join at V4, in the center of the map)"; 11.2 calls the
/// junction "the crossroads hexes in V4".
#[test]
fn the_main_roads_meet_at_v4_11_0_11_2() {
    let mut common = road_hexes("South");
    common.intersect_with(&road_hexes("East"));
    common.intersect_with(&road_hexes("Northwest"));
    assert!(
        common.intersects(&hexes("V4")),
        "the main roads share no V4 hex"
    );
}

/// 11.0: roads "are designated as South, East, or Northwest depending upon the edge at which
/// they leave the map"; each runs from V4 to that edge.
#[test]
fn the_main_roads_leave_by_the_edges_they_are_named_after_11_0() {
    let m = map();
    let v4 = hexes("V4");
    for (name, edges) in [
        ("South", vec![Edge::South]),
        ("East", vec![Edge::East]),
        ("Northwest", vec![Edge::North, Edge::West]),
    ] {
        let road = m.road(name).expect("the road exists");
        let first = road.hexes[0];
        let last = *road.hexes.last().expect("a road has hexes");
        assert!(v4.contains(first), "the {name} Road does not start in V4");
        assert!(
            edges.iter().any(|e| m.grid.on_edge(last, *e)),
            "the {name} Road ends at {last}, not at its edge"
        );
    }
    // "Northwest": its exit lies in the north-west quarter of the sheet.
    let exit = *m
        .road("Northwest")
        .expect("exists")
        .hexes
        .last()
        .expect("hexes");
    assert!(exit.col() <= m.grid.width as i32 / 3 && exit.row() <= m.grid.height as i32 / 3);
}

/// 11.0: V4 is "in the center of the map".
#[test]
fn v4_is_in_the_centre_of_the_map_11_0() {
    let g = map().grid;
    let (x, y) = centroid(&hexes("V4"));
    let (cx, cy) = g.center(Coord((g.width as i32 + 1) / 2, (g.height as i32 + 1) / 2));
    assert!(
        ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() <= 2.0,
        "V4 is off centre"
    );
}

/// 9.2 and 10.5(D): roads cross rivers on bridges (or at fords); every bridge carries a road.
#[test]
fn roads_cross_rivers_only_at_bridges_and_fords() {
    let on_road = compile(&Zone::AnyRoad);
    for c in on_road.iter() {
        let t = cell_terrain(c);
        assert!(
            !t.is_river() || matches!(t, Terrain::Bridge | Terrain::Ford),
            "road hex {c} is {t:?}"
        );
    }
    for c in compile(&Zone::Terrain(Terrain::Bridge)).iter() {
        assert!(on_road.contains(c), "bridge {c} carries no road");
    }
}
