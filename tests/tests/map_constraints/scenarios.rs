//! The geography each of the seventeen scenarios (11.1–11.17) implies, scenario by scenario.

use super::*;

// ---------------------------------------------------------------------------------------------
// 11.1 Fatehpur
// ---------------------------------------------------------------------------------------------

fn fatehpur_british() -> Zone {
    Zone::Intersection(vec![
        beyond(Compass::N, feature("H26"), true),
        beyond(Compass::W, feature("H32"), true),
    ])
}

/// 11.1: "British deploy first anywhere on or north of H26 and on or west of H32"
/// (15 MZ, 1 CY, 3 MA).
#[test]
fn british_fit_on_or_north_of_h26_and_on_or_west_of_h32_11_1() {
    assert_holds("11.1 British", &compile(&fatehpur_british()), 16, 3);
}

/// 11.1: "Sepoys deploy on or adjacent to V4" (27 MZ, 3 CY, 2 MAh), clear of the British.
#[test]
fn sepoys_fit_on_or_adjacent_to_v4_apart_from_the_british_11_1() {
    let sepoys = compile(&within(1, feature("V4")));
    assert_holds("11.1 Sepoys", &sepoys, 30, 2);
    assert!(!sepoys.intersects(&compile(&fatehpur_british())));
}

/// 11.1: "Treat all woods hexes as clear": the British zone has woods or forest to lose.
#[test]
fn the_british_zone_has_woods_for_the_treat_woods_as_clear_rule_11_1() {
    let british = compile(&fatehpur_british());
    let wooded = british
        .iter()
        .filter(|c| matches!(cell_terrain(*c), Terrain::Woods | Terrain::Forest))
        .count();
    assert!(wooded > 0);
}

// ---------------------------------------------------------------------------------------------
// 11.2 Varese
// ---------------------------------------------------------------------------------------------

/// 11.2: "Garibaldini deploy first, not more than 5 hexes to the northwest of V4"
/// (30 MZ, 2 EB, 1 MR; 3 Trenches).
#[test]
fn garibaldini_fit_within_five_hexes_northwest_of_v4_11_2() {
    let zone = compile(&sector(Compass::NW, feature("V4"), Some(5), None));
    assert_holds("11.2 Garibaldini", &zone, 33, 0);
}

/// 11.2: "Austrians deploy within five hexes of V11" (33 MZ, 2 CY, 2 MA), and the two
/// zones do not overlap.
#[test]
fn austrians_fit_within_five_hexes_of_v11_apart_from_the_garibaldini_11_2() {
    let austrians = compile(&within(5, feature("V11")));
    assert_holds("11.2 Austrians", &austrians, 35, 2);
    let garibaldini = compile(&sector(Compass::NW, feature("V4"), Some(5), None));
    assert!(!austrians.intersects(&garibaldini));
}

/// 11.2: "Austrians must hold the crossroads hexes in V4": V4 has hexes where main roads meet.
#[test]
fn v4_holds_crossroads_hexes_11_2() {
    let v4 = hexes("V4");
    let crossroads = v4
        .iter()
        .filter(|c| {
            ["South", "East", "Northwest"]
                .iter()
                .filter(|r| road_hexes(r).contains(*c))
                .count()
                >= 2
        })
        .count();
    assert!(crossroads >= 1);
}

// ---------------------------------------------------------------------------------------------
// 11.3 Palestro
// ---------------------------------------------------------------------------------------------

fn allied_entry() -> Zone {
    let r3_at_edge = Zone::Intersection(vec![feature("R3"), Zone::Edge(Edge::South)]);
    Zone::Intersection(vec![
        Zone::Edge(Edge::South),
        beyond(Compass::W, r3_at_edge, false),
    ])
}

fn palestro_austrians() -> Zone {
    Zone::Intersection(vec![
        Zone::Union(vec![within(5, feature("B14")), within(5, feature("B15"))]),
        Zone::RiverSide(Edge::North),
    ])
}

/// 11.3: "All Allied units arrive anywhere on the south edge of the mapsheet, west of R3":
/// R3 reaches the south edge, with edge hexes west of it.
#[test]
fn r3_reaches_the_south_edge_with_edge_hexes_west_of_it_11_3() {
    let r3 = hexes("R3");
    assert!(r3.iter().any(|c| map().grid.on_edge(c, Edge::South)));
    assert!(compile(&allied_entry()).len() >= 12);
}

/// 11.3: "within five hexes of B14 and B15, but on the north side of the river": B14 and B15
/// cross one river that has a north bank and a south bank at each of them.
#[test]
fn the_river_has_a_north_and_a_south_side_at_b14_and_b15_11_3() {
    let (north, south) = (north_side(), south_bank());
    let r3 = hexes("R3");
    for b in ["B14", "B15"] {
        let at = hexes(b).iter().next().expect("one hex");
        let next: Vec<Coord> = map().grid.neighbors(at).collect();
        assert!(next.iter().any(|c| r3.contains(*c)), "{b} is not on R3");
        assert!(
            next.iter().any(|c| north.contains(*c)),
            "{b} has no north bank"
        );
        assert!(
            next.iter().any(|c| south.contains(*c)),
            "{b} has no south bank"
        );
    }
}

/// 11.3: the Austrians (15 MZ, 2 CY, 3 MA) "deploy first, facing south within five hexes of
/// B14 and B15, but on the north side of the river".
#[test]
fn austrians_fit_north_of_the_river_by_b14_and_b15_11_3() {
    assert_holds("11.3 Austrians", &compile(&palestro_austrians()), 17, 3);
}

/// 11.3: the Allies arrive on the south bank and must cross the river to take B14 or B15.
#[test]
fn allies_arrive_across_the_river_from_the_austrians_11_3() {
    let entry = compile(&allied_entry());
    assert!(
        entry.is_subset(&south_bank()),
        "some entry hexes are north of the river"
    );
    let austrians = compile(&palestro_austrians());
    assert!(!austrians.intersects(&south_bank()));
}

// ---------------------------------------------------------------------------------------------
// 11.4 Magenta
// ---------------------------------------------------------------------------------------------

/// 11.4: "The French (a) deploys in V4" (12 MZ, 1 MA).
#[test]
fn french_a_fit_in_v4_11_4() {
    assert_holds("11.4 French (a)", &hexes("V4"), 12, 1);
}

/// 11.4: "the French (b) deploys within three hexes of V5" (15 MZ, 3 CY, 2 MA).
#[test]
fn french_b_fit_within_three_hexes_of_v5_11_4() {
    assert_holds(
        "11.4 French (b)",
        &compile(&within(3, feature("V5"))),
        18,
        2,
    );
}

/// 11.4: "Austrian (a) deploys within 5 hexes to the northeast of V9" (8 MZ, 1 MAh), apart
/// from the French in V4 and around V5.
#[test]
fn austrians_a_fit_within_five_hexes_northeast_of_v9_11_4() {
    let zone = compile(&sector(Compass::NE, feature("V9"), Some(5), None));
    assert_holds("11.4 Austrians (a)", &zone, 8, 1);
    let french = compile(&Zone::Union(vec![feature("V4"), within(3, feature("V5"))]));
    assert!(!zone.intersects(&french));
}

/// 11.4: "Austrian (b) arrives on the South Road": the road enters at the south edge, on the
/// far side of the river from V8 and V9.
#[test]
fn the_south_road_enters_at_the_south_edge_across_the_river_11_4() {
    let entry = compile(&Zone::RoadEntry("South".into()));
    assert_eq!(entry.len(), 1);
    let at = entry.iter().next().expect("one hex");
    assert!(map().grid.on_edge(at, Edge::South));
    assert!(south_bank().contains(at));
}

/// 11.4 with 12.0: Ponte Vecchio was "a small village just behind a river line": V8 and V9
/// stand on the north bank within two hexes of the river.
#[test]
fn v8_and_v9_stand_just_behind_the_river_11_4() {
    let river = HexSet::from_fn(map().grid, |c| cell_terrain(c).is_river());
    for v in ["V8", "V9"] {
        let village = hexes(v);
        assert!(
            village.is_subset(&north_side()),
            "{v} is not on the north side"
        );
        assert!(
            min_distance(&village, &river) <= 2,
            "{v} is far from the river"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 11.5 First Bull Run
// ---------------------------------------------------------------------------------------------

/// 11.5: "Confederates deploy first, on and between H32 and H26" (15 MZ, 3 CY, 3 MA).
#[test]
fn confederates_fit_on_and_between_h32_and_h26_11_5() {
    let zone = compile(&between(vec![feature("H32"), feature("H26")], true));
    assert_holds("11.5 Confederates", &zone, 18, 3);
}

/// 11.5: "Union (a) deploys within six hexes to the east of V11" (20 MZ, 2 MA).
#[test]
fn union_a_fit_within_six_hexes_east_of_v11_11_5() {
    let zone = compile(&sector(Compass::E, feature("V11"), Some(6), None));
    assert_holds("11.5 Union (a)", &zone, 20, 2);
}

/// 11.5: "Union (b) deploys within one hex of F17" (10 MZ, 2 MA), with "Rivers may only be
/// entered at bridges and fords": they fit even without the river hexes.
#[test]
fn union_b_fit_within_one_hex_of_f17_off_the_river_11_5() {
    let mut zone = compile(&within(1, feature("F17")));
    zone.difference_with(&compile(&Zone::Terrain(Terrain::River)));
    assert_holds("11.5 Union (b)", &zone, 10, 2);
}

/// 11.5: "Union must hold H32" and "Rivers may only be entered at bridges and fords": a river
/// lies between the Union's start at V11 and H32, and the ford F17 crosses it.
#[test]
fn f17_fords_the_river_between_the_union_and_h32_11_5() {
    let v11 = hexes("V11").iter().next().expect("a hex");
    let h32 = hexes("H32").iter().next().expect("a hex");
    let union_bank = reach(&[v11], dry);
    assert!(!union_bank.contains(&h32), "no river between V11 and H32");
    let h32_bank = reach(&[h32], dry);
    for c in hexes("F17").iter() {
        let banks: Vec<Coord> = map().grid.neighbors(c).collect();
        assert!(banks.iter().any(|n| union_bank.contains(n)));
        assert!(banks.iter().any(|n| h32_bank.contains(n)));
    }
}

// ---------------------------------------------------------------------------------------------
// 11.6 Shiloh
// ---------------------------------------------------------------------------------------------

/// 11.6: "Union deploys on or adjacent to H26" (16 MZ, 2 MA).
#[test]
fn union_fit_on_or_adjacent_to_h26_11_6() {
    assert_holds("11.6 Union", &compile(&within(1, feature("H26"))), 16, 2);
}

/// 11.6: "Confederates deploy anywhere five hexes or more from H26" (30 MZ, 5 MA, 2 MAh).
#[test]
fn confederates_fit_five_hexes_or_more_from_h26_11_6() {
    assert_holds(
        "11.6 Confederates",
        &compile(&at_least(5, feature("H26"))),
        30,
        7,
    );
}

// ---------------------------------------------------------------------------------------------
// 11.7 Gettysburg, Little Round Top
// ---------------------------------------------------------------------------------------------

/// 11.7: "Whoever holds all of H26 for any two consecutive Game-Turns wins": H26 is more than
/// one hex, but few enough for the Union's 31 units to hold every one.
#[test]
fn h26_is_a_hill_of_several_hexes_11_7() {
    let n = hexes("H26").len();
    assert!((2..=31).contains(&n), "H26 has {n} hexes");
}

/// 11.7: "The Union player deploys first, 12 hexes or more northeast of H26" (30 MZ, 1 MA);
/// "The Confederates deploy 12 hexes or more southwest of H26" (25 MZ, 2 MA).
#[test]
fn twelve_hexes_northeast_and_southwest_of_h26_11_7() {
    let ne = compile(&sector(Compass::NE, feature("H26"), None, Some(12)));
    assert_holds("11.7 Union", &ne, 30, 1);
    let sw = compile(&sector(Compass::SW, feature("H26"), None, Some(12)));
    assert_holds("11.7 Confederates", &sw, 25, 2);
}

/// 11.7: "Treat R3 and H27 as clear terrain": both lie on the Confederates' way from the
/// south-west to H26.
#[test]
fn r3_and_h27_lie_on_the_way_from_the_southwest_to_h26_11_7() {
    let approach = compile(&sector(Compass::SW, feature("H26"), Some(11), None));
    assert!(approach.intersects(&hexes("R3")), "R3 is off the approach");
    assert!(
        approach.intersects(&hexes("H27")),
        "H27 is off the approach"
    );
}

// ---------------------------------------------------------------------------------------------
// 11.8 Gettysburg, Pickett's Charge
// ---------------------------------------------------------------------------------------------

fn union_line() -> Zone {
    between(vec![feature("H24"), feature("H25"), feature("H26")], true)
}

fn pickett_area() -> Zone {
    minus(
        Zone::Area(vec![feature("H26"), feature("B14"), feature("V4")]),
        union_line(),
    )
}

/// 11.8: "The Union player deploys first … on and between H24-H25-H26" (25 MZ, 5 MA).
#[test]
fn union_fit_on_and_between_h24_h25_h26_11_8() {
    assert_holds("11.8 Union", &compile(&union_line()), 25, 5);
}

/// 11.8: "Union may not place improved position counters on H24, H25, or H26 proper": the
/// line has hexes between the hills where they may go.
#[test]
fn the_union_line_has_room_for_improved_positions_off_the_hills_11_8() {
    let off_hills = compile(&minus(
        union_line(),
        Zone::Union(vec![feature("H24"), feature("H25"), feature("H26")]),
    ));
    assert!(off_hills.len() >= 5, "{} hexes", off_hills.len());
}

/// 11.8: "Confederates deploy in the area H26-B14-V4" (30 MZ, 4 MA, 2 MAh), outside the
/// Union's line.
#[test]
fn confederates_fit_in_the_area_h26_b14_v4_11_8() {
    assert_holds("11.8 Confederates", &compile(&pickett_area()), 30, 6);
}

/// 11.8: "Confederates must exit 10 MZ or more off the western edge": the line H24-H25-H26
/// runs north–south across their way, so that every Confederate going due west from the area
/// H26-B14-V4 meets it.
#[test]
fn h24_h25_h26_bar_the_way_west_from_h26_b14_v4_11_8() {
    let g = map().grid;
    let line = compile(&union_line());
    let rows: BTreeSet<i32> = line.iter().map(|c| c.row()).collect();
    assert!(rows.len() >= 12, "the line spans only {} rows", rows.len());
    for c in compile(&pickett_area()).iter() {
        let (x, y) = g.center(c);
        let blocked = line.iter().any(|l| {
            let (lx, ly) = g.center(l);
            lx < x && (ly - y).abs() <= 0.5
        });
        assert!(blocked, "from {c} the way west passes the Union line");
    }
}

/// 11.8 with 12.0: the Union stood "on the top of a considerable ridgeline": H24, H25 and H26
/// each have ridge hexsides (5.1G) on their east face, towards the Confederates.
#[test]
fn h24_h25_h26_are_crested_by_ridges_facing_east_11_8() {
    let g = map().grid;
    for h in ["H24", "H25", "H26"] {
        let hill = hexes(h);
        let east_faces = map()
            .ridges
            .iter()
            .filter(|side| {
                let (inside, outside) = if hill.contains(side.0) {
                    (side.0, side.1)
                } else {
                    (side.1, side.0)
                };
                hill.contains(inside) && g.center(outside).0 > g.center(inside).0
            })
            .count();
        assert!(
            east_faces >= 2,
            "{h} has {east_faces} east-facing ridge hexsides"
        );
    }
}

/// 5.1G and 9.2: a ridge hexside is a hill crest: every ridge hexside borders a slope hex.
#[test]
fn ridge_hexsides_lie_on_hills() {
    for side in &map().ridges {
        let slope = |c: Coord| map().cell(c).is_some_and(|cell| cell.slope);
        assert!(
            slope(side.0) || slope(side.1),
            "ridge {}-{} is on no hill",
            side.0,
            side.1
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 11.9 Langensalza
// ---------------------------------------------------------------------------------------------

fn prussian_rearguard() -> Zone {
    Zone::Union(vec![
        feature("V6"),
        Zone::Intersection(vec![
            within(2, feature("V6")),
            beyond(Compass::W, feature("V6"), false),
            within(1, Zone::Road("East".into())),
        ]),
    ])
}

/// 11.9: "Prussians deploy first, between V6 and two hexes west of it covering the East Road";
/// 11.17: "British deploy first, on the road between V6 and the eastern edge": V6 lies on the
/// East Road.
#[test]
fn v6_lies_on_the_east_road_11_9_11_17() {
    assert!(hexes("V6").intersects(&road_hexes("East")));
}

/// 11.9: the Prussian rearguard (12 EB, 2 CY, 2 MA) fits in V6 and the two hexes west of it
/// along the East Road.
#[test]
fn prussians_fit_between_v6_and_two_hexes_west_of_it_11_9() {
    assert_holds("11.9 Prussians", &compile(&prussian_rearguard()), 14, 2);
}

/// 11.9: "not closer than 6 hexes west of V4-V5-V8": the three villages form a north–south
/// line, with V6 (the Prussians) east of it.
#[test]
fn v4_v5_v8_run_north_south_with_v6_east_of_them_11_9() {
    let (x4, y4) = centroid(&hexes("V4"));
    let (x5, y5) = centroid(&hexes("V5"));
    let (x8, y8) = centroid(&hexes("V8"));
    let (x6, _) = centroid(&hexes("V6"));
    let (north, south) = (y5.min(y4).min(y8), y5.max(y4).max(y8));
    let (west, east) = (x5.min(x4).min(x8), x5.max(x4).max(x8));
    assert!(
        south - north > 2.0 * (east - west),
        "the line is not north–south"
    );
    assert!(x6 > east + 3.0, "V6 is not east of the line");
}

/// 11.9: "Hanoverians deploy not closer than 6 hexes west of V4-V5-V8" (20 MZ, 15 CY, 4 MA,
/// 2 MAh).
#[test]
fn hanoverians_fit_six_hexes_west_of_v4_v5_v8_11_9() {
    let villages = Zone::Union(vec![feature("V4"), feature("V5"), feature("V8")]);
    let line = Zone::Union(vec![
        villages.clone(),
        Zone::Line(vec![feature("V5"), feature("V4"), feature("V8")]),
    ]);
    let zone = compile(&Zone::Intersection(vec![
        at_least(6, line),
        beyond(Compass::W, villages, false),
    ]));
    assert_holds("11.9 Hanoverians", &zone, 35, 6);
    assert!(!zone.intersects(&compile(&prussian_rearguard())));
}

// ---------------------------------------------------------------------------------------------
// 11.10 Worth
// ---------------------------------------------------------------------------------------------

/// 11.10: "French deploy first, on H30" (17 EB, 12 CY, 2 MA, 2 MG): H30 holds them all.
#[test]
fn h30_holds_the_whole_french_force_11_10() {
    assert_holds("11.10 French", &hexes("H30"), 29, 4);
}

/// 11.10: "Prussian (a) deploys within three hexes of H26" (17 EB, 2 BA).
#[test]
fn prussians_a_fit_within_three_hexes_of_h26_11_10() {
    assert_holds(
        "11.10 Prussians (a)",
        &compile(&within(3, feature("H26"))),
        17,
        2,
    );
}

/// 11.10: "(b) enters on east edge of mapsheet at East Road", and the Prussians attack H30
/// from both H26 and the east: H30 lies between them.
#[test]
fn h30_lies_between_h26_and_the_east_road_entry_11_10() {
    let entry = compile(&Zone::RoadEntry("East".into()));
    let at = entry.iter().next().expect("the East Road enters");
    assert!(map().grid.on_edge(at, Edge::East));
    let (x26, _) = centroid(&hexes("H26"));
    let (x30, _) = centroid(&hexes("H30"));
    let (xe, _) = map().grid.center(at);
    assert!(x26 < x30 && x30 < xe);
}

// ---------------------------------------------------------------------------------------------
// 11.11 Mars-la-Tour
// ---------------------------------------------------------------------------------------------

fn mars_la_tour_french() -> Zone {
    between(vec![feature("V5"), feature("V4")], false)
}

/// 11.11: "French deploy first, between (but not on) V5 and V4" (10 EB, 15 CY, 1 MA, 1 MG).
#[test]
fn french_fit_between_but_not_on_v5_and_v4_11_11() {
    assert_holds("11.11 French", &compile(&mars_la_tour_french()), 25, 2);
}

/// 11.11: "Germans deploy between and/or on W22 and V6" (10 EB, 9 CY, 3 BA), apart from the
/// French.
#[test]
fn germans_fit_on_and_between_w22_and_v6_11_11() {
    let germans = compile(&between(vec![feature("W22"), feature("V6")], true));
    assert_holds("11.11 Germans", &germans, 19, 3);
    assert!(!germans.intersects(&compile(&mars_la_tour_french())));
}

/// 11.11: "The French must hold both V6 and V7": both lie beyond the French start, on the
/// German side.
#[test]
fn v6_and_v7_lie_east_of_the_french_start_11_11() {
    let g = map().grid;
    let french = compile(&mars_la_tour_french());
    let east_edge = french
        .iter()
        .map(|c| g.center(c).0)
        .fold(f64::MIN, f64::max);
    for v in ["V6", "V7"] {
        assert!(
            centroid(&hexes(v)).0 > east_edge,
            "{v} is not east of the French"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 11.12 Plevna, the Grivitza Redoubt
// ---------------------------------------------------------------------------------------------

fn turkish_area() -> Zone {
    Zone::Area(vec![
        feature("V6"),
        feature("V5"),
        Zone::Corner(Corner::NorthEast),
    ])
}

/// 11.12: "Turks deploy between V6 and V5 and the northeastern corner of the mapsheet"
/// (14 EB, 2 BA, 2 MG) "with their trenches" (16: each needs its own occupied hex, 10.3).
#[test]
fn turks_fit_between_v6_v5_and_the_northeast_corner_11_12() {
    let area = compile(&turkish_area());
    assert_holds("11.12 Turks", &area, 14, 4);
    assert!(area.len() >= 16, "16 trenches need 16 hexes");
}

/// 11.12: "with their trenches divided into three lines": the area is deep enough, along the
/// Russian axis from V4 to the north-east corner, for three lines of at least five hexes.
#[test]
fn the_turkish_area_is_deep_enough_for_three_trench_lines_11_12() {
    let g = map().grid;
    let (ax, ay) = centroid(&hexes("V4"));
    let (bx, by) = g.center(g.corner(Corner::NorthEast));
    let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt();
    let (ux, uy) = ((bx - ax) / len, (by - ay) / len);
    let mut bands = std::collections::BTreeMap::<i64, usize>::new();
    for c in compile(&turkish_area()).iter() {
        let (x, y) = g.center(c);
        *bands
            .entry(((x - ax) * ux + (y - ay) * uy).floor() as i64)
            .or_default() += 1;
    }
    let lines = bands.values().filter(|n| **n >= 5).count();
    assert!(lines >= 3, "only {lines} bands of five hexes: {bands:?}");
}

/// 11.12: "Russians deploy at V4" (35 EB, 6 CY, 5 BA): V4 and the hexes adjacent to it hold
/// them, apart from the Turks.
#[test]
fn russians_fit_on_or_adjacent_to_v4_11_12() {
    let russians = compile(&within(1, feature("V4")));
    assert_holds("11.12 Russians", &russians, 41, 5);
    assert!(!russians.intersects(&compile(&turkish_area())));
}

/// 11.12: V4 alone cannot take 97 stacking points, so "at V4" must reach past the village
/// (recorded in the map notes; the scenario reads it as on or adjacent to V4).
#[test]
fn v4_alone_cannot_hold_the_russians_so_at_v4_reaches_past_it_11_12() {
    let v4 = hexes("V4").len() as u32;
    assert!(v4 < min_hexes(41, 5), "V4 has {v4} hexes");
    assert!(map().notes.contains("at V4"));
}

/// 11.12: "Russians must exit … off the mapsheet within 4 hexes of the northeast corner": the
/// exit exists and the Turks stand across the way to it from V4.
#[test]
fn the_turks_stand_between_v4_and_the_northeast_exit_11_12() {
    let exit = compile(&Zone::Intersection(vec![
        within(4, Zone::Corner(Corner::NorthEast)),
        Zone::Union(vec![Zone::Edge(Edge::North), Zone::Edge(Edge::East)]),
    ]));
    assert!(exit.len() >= 5);
    let route = compile(&Zone::Line(vec![
        feature("V4"),
        Zone::Corner(Corner::NorthEast),
    ]));
    assert!(route.intersects(&compile(&turkish_area())));
}

// ---------------------------------------------------------------------------------------------
// 11.13 Plevna, the Green Hills
// ---------------------------------------------------------------------------------------------

fn green_hills_russians() -> Zone {
    minus(
        between(vec![feature("H26"), feature("V11")], true),
        within(3, Zone::Union(vec![feature("H24"), feature("H28")])),
    )
}

/// 11.13: "Turks deploy first, with IP and Trenches, on and within 3 hexes of H25"
/// (15 EB, 2 BA, 2 MG; 8 IP and 6 Trenches, each on its own occupied hex).
#[test]
fn turks_fit_within_three_hexes_of_h25_with_their_markers_11_13() {
    let zone = compile(&within(3, feature("H25")));
    assert_holds("11.13 Turks", &zone, 15, 4);
    assert!(zone.len() >= 14, "8 IP and 6 trenches need 14 hexes");
}

/// 11.13: "Russians on and between H26 and V11" (35 EB, 4 CY, 4 BA, 4 BAh), and "Russians
/// may not approach within 3 hexes of H24 or H28": they fit without being disrupted, apart
/// from the Turks.
#[test]
fn russians_fit_on_and_between_h26_and_v11_clear_of_h24_and_h28_11_13() {
    let russians = compile(&green_hills_russians());
    assert_holds("11.13 Russians", &russians, 39, 8);
    assert!(!russians.intersects(&compile(&within(3, feature("H25")))));
}

/// 11.13: "Russians must hold H25", yet "may not approach within 3 hexes of H24 or H28":
/// part of H25 lies more than 3 hexes from both.
#[test]
fn h25_can_be_held_without_approaching_h24_or_h28_11_13() {
    let free = compile(&minus(
        feature("H25"),
        within(3, Zone::Union(vec![feature("H24"), feature("H28")])),
    ));
    assert!(!free.is_empty());
}

/// 11.13: the Turks face north-east: the Russian start lies north-east of H25.
#[test]
fn the_russian_start_lies_northeast_of_h25_11_13() {
    let (x, y) = centroid(&compile(&green_hills_russians()));
    let (hx, hy) = centroid(&hexes("H25"));
    assert!(x > hx && y < hy, "the Russians are not north-east of H25");
}

/// 11.13: "Treat R3 and H27 as clear terrain": both lie by H25, where the fight is.
#[test]
fn r3_and_h27_lie_by_h25_11_13() {
    let h25 = hexes("H25");
    assert!(min_distance(&hexes("R3"), &h25) <= 3);
    assert!(min_distance(&hexes("H27"), &h25) <= 4);
}

// ---------------------------------------------------------------------------------------------
// 11.14 Tarapaca
// ---------------------------------------------------------------------------------------------

/// 11.14: "Chileans deploy first, on H25 or H24 or H27" (20 EB, 2 CY, 1 BA); "Peruvians deploy
/// on one of the two other hills" (30 EB): each hill holds either army.
#[test]
fn h24_h25_and_h27_each_hold_either_army_11_14() {
    for h in ["H24", "H25", "H27"] {
        let hill = hexes(h);
        assert_holds(&format!("11.14 Chileans on {h}"), &hill, 22, 1);
        assert_holds(&format!("11.14 Peruvians on {h}"), &hill, 30, 0);
    }
}

/// 11.14: the three hills are separate: no two of them touch.
#[test]
fn h24_h25_and_h27_are_separate_hills_11_14() {
    let hills = ["H24", "H25", "H27"];
    for (i, a) in hills.iter().enumerate() {
        for b in &hills[i + 1..] {
            assert!(min_distance(&hexes(a), &hexes(b)) >= 2, "{a} touches {b}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 11.15 El Caney
// ---------------------------------------------------------------------------------------------

/// 11.15: "Spanish deploy on any one of H24 or H25 or H26 with trenches" (5 LB, 5 Trenches,
/// each on its own occupied hex).
#[test]
fn each_of_h24_h25_h26_takes_the_spanish_and_their_trenches_11_15() {
    for h in ["H24", "H25", "H26"] {
        assert!(hexes(h).len() >= 5, "{h} is too small for 5 trenches");
    }
}

/// 11.15: "Americans deploy anywhere 13 hexes or more away from the Spanish" (30 EB, 1 MR),
/// whichever hill the Spanish chose.
#[test]
fn americans_fit_thirteen_hexes_from_any_spanish_hill_11_15() {
    for h in ["H24", "H25", "H26"] {
        let zone = compile(&at_least(13, feature(h)));
        assert_holds(&format!("11.15 Americans facing {h}"), &zone, 31, 0);
    }
}

// ---------------------------------------------------------------------------------------------
// 11.16 Modder River
// ---------------------------------------------------------------------------------------------

fn river_line() -> Zone {
    Zone::Union(vec![feature("R1"), feature("J34"), feature("R3")])
}

/// 11.16: "the line R1-J34-R3": the rivers R1 and R3 meet at the junction J34.
#[test]
fn r1_and_r3_meet_at_j34_11_16() {
    let j34 = hexes("J34");
    let next = compile(&within(1, feature("J34")));
    assert!(next.intersects(&hexes("R1")), "R1 does not reach J34");
    assert!(next.intersects(&hexes("R3")), "R3 does not reach J34");
    let line = compile(&river_line());
    let mut crossings = compile(&Zone::Terrain(Terrain::Ford));
    crossings.union_with(&compile(&Zone::Terrain(Terrain::Bridge)));
    let mut network = line.clone();
    network.union_with(&crossings);
    assert!(connected(&network), "R1-J34-R3 is not one line");
    assert!(line.contains(j34.iter().next().expect("one hex")));
}

/// 11.16: "Boers deploy first, on and within 4 hexes of H25" by the river line: H25 lies close
/// to the junction J34.
#[test]
fn h25_lies_close_to_the_junction_j34_11_16() {
    assert!(min_distance(&hexes("H25"), &hexes("J34")) <= 3);
}

/// 11.16: the Boers (20 LB, 2 BAh) fit on and within 4 hexes of H25.
#[test]
fn boers_fit_on_and_within_four_hexes_of_h25_11_16() {
    assert_holds("11.16 Boers", &compile(&within(4, feature("H25"))), 20, 2);
}

/// 11.16: "British deploy not closer than 6 hexes to the line R1-J34-R3" (35 LB, 3 CY, 2 BA,
/// 2 MG), and the Boers face east: the British fit east of H25, apart from the Boers.
#[test]
fn british_fit_six_hexes_or_more_from_r1_j34_r3_east_of_h25_11_16() {
    let zone = compile(&Zone::Intersection(vec![
        at_least(6, river_line()),
        beyond(Compass::E, feature("H25"), false),
    ]));
    assert_holds("11.16 British", &zone, 38, 4);
    assert!(!zone.intersects(&compile(&within(4, feature("H25")))));
}

// ---------------------------------------------------------------------------------------------
// 11.17 South Africa, Action near Belfast
// ---------------------------------------------------------------------------------------------

fn column_start() -> Zone {
    Zone::RoadStretch {
        road: "East".into(),
        from: Box::new(feature("V6")),
        to: Box::new(Zone::Edge(Edge::East)),
    }
}

/// 11.17: "British deploy first, on the road between V6 and the eastern edge of the mapsheet"
/// (6 LB, 4 CY, 1 BAh; the limbers add no stacking points, 7.0).
#[test]
fn british_fit_on_the_east_road_between_v6_and_the_east_edge_11_17() {
    assert_holds("11.17 British", &compile(&column_start()), 10, 1);
}

/// 11.17: "Limbers must cross the river at B14" on their way "off the map at the South Road":
/// the bridge B14 carries the South Road.
#[test]
fn b14_bridge_carries_the_south_road_11_17() {
    assert!(hexes("B14").is_subset(&road_hexes("South")));
}

/// 11.17: "Limbers must be placed on road hexes, and may not move into non-road hexes": a road
/// route leads from the column to the South Road's exit; every road route crosses the river at
/// B14 or B15, and one crosses at B14 alone.
#[test]
fn limbers_reach_the_south_road_exit_by_road_over_b14_11_17() {
    let start: Vec<Coord> = compile(&column_start()).iter().collect();
    let exit = compile(&Zone::RoadEntry("South".into()))
        .iter()
        .next()
        .expect("the South Road leaves the map");
    let b14 = hexes("B14").iter().next().expect("one hex");
    let b15 = hexes("B15").iter().next().expect("one hex");
    assert!(reach_by_road(&start, &[]).contains(&exit));
    assert!(!reach_by_road(&start, &[b14, b15]).contains(&exit));
    assert!(reach_by_road(&start, &[b15]).contains(&exit));
}

/// 11.17: "other units may also cross at B15": B15 is a second bridge over the same river, and
/// a road over it would let limbers by-pass B14, which the rule forbids.
#[test]
fn b15_is_a_second_road_crossing_of_the_same_river_11_17() {
    let start: Vec<Coord> = compile(&column_start()).iter().collect();
    let exit = compile(&Zone::RoadEntry("South".into()))
        .iter()
        .next()
        .expect("the South Road leaves the map");
    let b14 = hexes("B14").iter().next().expect("one hex");
    assert!(reach_by_road(&start, &[b14]).contains(&exit));
    assert!(compile(&within(1, feature("B15"))).intersects(&hexes("R3")));
}

/// 11.17: "Boers anywhere but not closer than 5 hexes" (6 MR, 1 BAh) to the British column.
#[test]
fn boers_fit_five_hexes_or_more_from_the_british_column_11_17() {
    assert_holds("11.17 Boers", &compile(&at_least(5, column_start())), 6, 1);
}

/// 11.17: "Treat all villages as clear terrain": the limbers' road passes through villages.
#[test]
fn the_limbers_road_passes_through_villages_11_17() {
    let villages = compile(&Zone::Terrain(Terrain::Village));
    assert!(road_hexes("South").intersects(&villages));
    assert!(road_hexes("East").intersects(&villages));
}
