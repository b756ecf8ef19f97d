use super::*;
use crate::model::hex::Parity;
use crate::model::map::Cell;
use proptest::prelude::*;

fn cell(terrain: Terrain, slope: bool) -> Cell {
    Cell { terrain, slope }
}

fn woods() -> Cell {
    cell(Terrain::Woods, false)
}

fn sight(m: &Map, occupied: &[Coord], from: Coord, to: Coord) -> Sight {
    let occ = HexSet::from_coords(m.grid, occupied.iter().copied());
    line_of_sight(
        crate::ruleset::for_game(None),
        &EffectiveTerrain::new(m),
        &occ,
        from,
        to,
    )
}

fn blank() -> Map {
    Map::blank("t", "Test", 10, 10)
}

// The line from 0202 to 0605 (flat, even columns shoved) enters 0303, 0403, 0404 and
// 0505, and touches 0304 and 0504 at one junction point each: the junction of
// 0303/0304/0403, then that of 0404/0504/0505.
const A: Coord = Coord(2, 2);
const B: Coord = Coord(6, 5);

#[test]
fn lattice_is_exact() {
    for orientation in [Orientation::Flat, Orientation::Pointy] {
        for parity in [Parity::EvenShoved, Parity::OddShoved] {
            let g = Grid {
                width: 1000,
                height: 1000,
                orientation,
                parity,
                numbering: Default::default(),
            };
            let s = 2.0 * 3f64.sqrt();
            for c in [Coord(1, 1), Coord(999, 1000), Coord(500, 3)] {
                assert_eq!(
                    lattice_corners(&g, c),
                    g.corners(c).map(|pt| lattice(&g, pt))
                );
                for (x, y) in std::iter::once(g.center(c)).chain(g.corners(c)) {
                    let (lx, ly) = match orientation {
                        Orientation::Flat => (x * s, y * 2.0),
                        Orientation::Pointy => (x * 2.0, y * s),
                    };
                    assert!((lx - lx.round()).abs() < 1e-6 && (ly - ly.round()).abs() < 1e-6);
                }
            }
        }
    }
}

/// The candidates made one at a time are those of the whole line and its neighbours,
/// each once, in the order the line goes; the side offsets are `side_neighbors`.
#[test]
fn candidates_and_side_offsets_are_exact() {
    for orientation in [Orientation::Flat, Orientation::Pointy] {
        for parity in [Parity::EvenShoved, Parity::OddShoved] {
            let g = Grid {
                width: 14,
                height: 11,
                orientation,
                parity,
                numbering: Default::default(),
            };
            let sides = SideOffsets::new(&g);
            for c in g.coords().chain([Coord(0, 0), Coord(-1, 5), Coord(15, 12)]) {
                assert_eq!(sides.of(c), g.side_neighbors(c), "{g:?} {c:?}");
            }
            for from in g.coords().step_by(7) {
                for to in g.coords().step_by(5) {
                    let mut seen = BTreeSet::new();
                    let mut want = Vec::new();
                    for c in g.line(from, to) {
                        for n in std::iter::once(c).chain(g.neighbors(c)) {
                            if seen.insert(n) {
                                want.push(n);
                            }
                        }
                    }
                    assert_eq!(
                        Candidates::new(&g, from, to).collect::<Vec<_>>(),
                        want,
                        "{from:?} → {to:?}"
                    );
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// With an index of the hexes that may block, every line has `line_of_sight`'s answer
    /// (blocker included), on random terrain, ridges and units, both orientations.
    #[test]
    fn the_index_gives_line_of_sight_answers(
        cells in proptest::collection::vec((0u8..7, any::<bool>()), 48),
        ridges in proptest::collection::vec((0u8..48, 0u8..6), 0..16),
        units in proptest::collection::vec(0u8..48, 0..5),
        pointy in any::<bool>(),
        cleared in proptest::collection::vec(0u8..48, 0..4),
    ) {
        let mut m = Map::blank("t", "Test", 8, 6);
        if pointy {
            m.grid.orientation = Orientation::Pointy;
        }
        for (i, (t, slope)) in cells.iter().enumerate() {
            let terrain = Terrain::ALL[*t as usize % Terrain::ALL.len()];
            m.cells[i] = cell(terrain, *slope && !terrain.is_river());
        }
        let g = m.grid;
        for (a, k) in &ridges {
            let a = g.coord_at(*a as usize % g.len());
            if let Some(b) = g.neighbors(a).nth(*k as usize % 6) {
                m.ridges.insert(SideKey::new(a, b));
            }
        }
        let occ = HexSet::from_coords(g, units.iter().map(|u| g.coord_at(*u as usize % g.len())));
        let clear = HexSet::from_coords(g, cleared.iter().map(|u| g.coord_at(*u as usize % g.len())));
        let terrain = EffectiveTerrain::treating_as_clear(&m, &clear);
        let rules = crate::ruleset::for_game(None);
        let index = SightIndex::new(rules, &terrain, &occ);
        for from in g.coords() {
            for to in g.coords() {
                prop_assert_eq!(
                    index.line_of_sight(rules, &terrain, &occ, from, to),
                    line_of_sight(rules, &terrain, &occ, from, to),
                    "{:?} → {:?}", from, to
                );
            }
        }
    }
}

/// The fan of a hex is `line_of_sight` to every hex within the radius: the open ones are
/// visible, and the first blocker of each other line is marked.
#[test]
fn the_fan_is_line_of_sight_to_every_hex_within_the_radius() {
    let mut m = blank();
    m.set_cell(Coord(5, 5), woods());
    m.set_cell(Coord(6, 2), cell(Terrain::Village, false));
    m.ridges.insert(SideKey::new(Coord(3, 5), Coord(3, 6)));
    let from = Coord(4, 4);
    let occupied = [Coord(4, 2)];
    let occ = HexSet::from_coords(m.grid, occupied);
    let rules = crate::ruleset::for_game(None);
    let f = fan(rules, &EffectiveTerrain::new(&m), &occ, from, 4);
    let mut visible = BTreeSet::new();
    let mut blocking = BTreeSet::new();
    let mut ridges = BTreeSet::new();
    for to in m.grid.coords().filter(|c| m.grid.distance(*c, from) <= 4) {
        match sight(&m, &occupied, from, to) {
            Sight::Open => {
                visible.insert(to);
            }
            Sight::Blocked(Blocker::Hex { hex, .. }) => {
                blocking.insert(hex);
            }
            Sight::Blocked(Blocker::Ridge(k)) => {
                ridges.insert(k);
            }
        }
    }
    assert_eq!(f.visible.iter().collect::<BTreeSet<_>>(), visible);
    assert_eq!(f.blocking.iter().collect::<BTreeSet<_>>(), blocking);
    assert_eq!(f.ridges, ridges);
    assert!(f.visible.contains(from));
    for c in [Coord(5, 5), Coord(6, 2), Coord(4, 2)] {
        assert!(f.blocking.contains(c), "{c:?} blocks a line");
    }
    assert!(f.ridges.contains(&SideKey::new(Coord(3, 5), Coord(3, 6))));
    assert!(
        !f.visible.contains(Coord(8, 4)),
        "radius 4 stops at distance 4"
    );
    // Off the map: nothing.
    let none = fan(rules, &EffectiveTerrain::new(&m), &occ, Coord(0, 0), 4);
    assert!(none.visible.is_empty());
}

#[test]
fn grazed_hexes_are_examined_and_touched_at_one_point() {
    let g = blank().grid;
    let (p, q) = (lattice(&g, g.center(A)), lattice(&g, g.center(B)));
    let found: Vec<Coord> = Candidates::new(&g, A, B).collect();
    for grazed in [Coord(3, 4), Coord(5, 4)] {
        assert!(found.contains(&grazed));
        let corners = g.corners(grazed).map(|pt| lattice(&g, pt));
        assert!(!passes_through(p, q, &corners));
        assert_eq!(corners.iter().filter(|c| orient(p, q, **c) == 0).count(), 1);
    }
    for entered in [Coord(3, 3), Coord(4, 3), Coord(4, 4), Coord(5, 5)] {
        let corners = g.corners(entered).map(|pt| lattice(&g, pt));
        assert!(passes_through(p, q, &corners));
    }
}

#[test]
fn clear_ground_never_blocks_5_1g() {
    let m = blank();
    assert!(sight(&m, &[], A, B).is_open());
    assert!(sight(&m, &[], B, A).is_open());
    assert!(sight(&m, &[], A, A).is_open());
    assert!(can_see(
        &m,
        crate::ruleset::for_game(None),
        Coord(1, 1),
        Coord(10, 10)
    ));
}

#[test]
fn ridge_between_adjacent_hexes_blocks_5_1g1() {
    let mut m = blank();
    m.ridges.insert(SideKey::new(Coord(3, 3), Coord(3, 4)));
    assert_eq!(
        sight(&m, &[], Coord(3, 3), Coord(3, 4)),
        Sight::Blocked(Blocker::Ridge(SideKey::new(Coord(3, 3), Coord(3, 4))))
    );
    // A ridge on another side of the firing hex does not.
    assert!(sight(&m, &[], Coord(3, 3), Coord(4, 3)).is_open());
    assert!(sight(&m, &[], Coord(3, 3), Coord(3, 2)).is_open());
}

#[test]
fn ridge_crossed_on_a_longer_line_blocks_5_1g1() {
    let mut m = blank();
    // The line crosses the hexside 0403/0404 at its midpoint.
    m.ridges.insert(SideKey::new(Coord(4, 3), Coord(4, 4)));
    assert!(!sight(&m, &[], A, B).is_open());
    assert!(!sight(&m, &[], B, A).is_open());
}

#[test]
fn junction_with_any_ridge_hexside_blocks_5_1g1() {
    // The three hexsides meeting at the junction of 0303, 0304 and 0403: the line passes
    // through that junction point only, crossing none of them, yet each one blocks.
    for (a, b) in [
        (Coord(3, 3), Coord(4, 3)),
        (Coord(3, 3), Coord(3, 4)),
        (Coord(3, 4), Coord(4, 3)),
    ] {
        let mut m = blank();
        m.ridges.insert(SideKey::new(a, b));
        assert_eq!(
            sight(&m, &[], A, B),
            Sight::Blocked(Blocker::Ridge(SideKey::new(a, b))),
            "ridge {a}/{b}"
        );
    }
    // A ridge hexside of 0304 away from the junction does not block.
    let mut m = blank();
    m.ridges.insert(SideKey::new(Coord(3, 4), Coord(3, 5)));
    assert!(sight(&m, &[], A, B).is_open());
}

#[test]
fn ridge_along_the_line_blocks_5_1g1() {
    // 0102 to 0302 runs along the hexside between 0201 and 0202 ("the length").
    let mut m = blank();
    m.ridges.insert(SideKey::new(Coord(2, 1), Coord(2, 2)));
    assert!(!sight(&m, &[], Coord(1, 2), Coord(3, 2)).is_open());
}

#[test]
fn woods_interior_blocks_but_a_grazed_junction_does_not_5_1g2() {
    for entered in [Coord(3, 3), Coord(4, 3), Coord(4, 4), Coord(5, 5)] {
        let mut m = blank();
        m.set_cell(entered, woods());
        assert_eq!(
            sight(&m, &[], A, B),
            Sight::Blocked(Blocker::Hex {
                hex: entered,
                why: HexBlock::Terrain(Terrain::Woods)
            }),
            "{entered}"
        );
    }
    for grazed in [Coord(3, 4), Coord(5, 4)] {
        let mut m = blank();
        m.set_cell(grazed, woods());
        assert!(sight(&m, &[], A, B).is_open(), "{grazed}");
    }
}

#[test]
fn village_and_forest_block_like_woods_5_1g2() {
    for t in [Terrain::Village, Terrain::Forest] {
        let mut m = blank();
        m.set_cell(Coord(4, 4), cell(t, false));
        assert_eq!(
            sight(&m, &[], A, B),
            Sight::Blocked(Blocker::Hex {
                hex: Coord(4, 4),
                why: HexBlock::Terrain(t)
            })
        );
    }
    // River, ford and bridge hexes do not block.
    for t in [Terrain::River, Terrain::Ford, Terrain::Bridge] {
        let mut m = blank();
        m.set_cell(Coord(4, 4), cell(t, false));
        assert!(sight(&m, &[], A, B).is_open());
    }
}

#[test]
fn along_a_hexside_of_a_blocking_hex_blocks_5_1g2() {
    // 0102 to 0302 passes through both junction points of the hexside 0201/0202: two
    // junction points of each of those hexes.
    for side in [Coord(2, 1), Coord(2, 2)] {
        let mut m = blank();
        m.set_cell(side, woods());
        assert!(
            !sight(&m, &[], Coord(1, 2), Coord(3, 2)).is_open(),
            "{side}"
        );
        let m = blank();
        assert!(!sight(&m, &[side], Coord(1, 2), Coord(3, 2)).is_open());
    }
}

#[test]
fn firing_from_and_into_blocking_hexes_5_1g2() {
    let mut m = blank();
    m.set_cell(Coord(3, 3), woods());
    m.set_cell(Coord(3, 6), cell(Terrain::Village, false));
    // Woods to village with clear ground between: open.
    assert!(sight(&m, &[], Coord(3, 3), Coord(3, 6)).is_open());
    // Adjacent blocking hexes see each other.
    m.set_cell(Coord(3, 4), woods());
    assert!(sight(&m, &[], Coord(3, 3), Coord(3, 4)).is_open());
    // But not through a third one.
    assert!(!sight(&m, &[], Coord(3, 3), Coord(3, 6)).is_open());
    // The firing and target hexes are occupied; that never blocks.
    let m = blank();
    assert!(sight(&m, &[A, B], A, B).is_open());
}

#[test]
fn occupied_hexes_block_friendly_and_enemy_alike_5_1g2() {
    let m = blank();
    assert_eq!(
        sight(&m, &[Coord(4, 3)], A, B),
        Sight::Blocked(Blocker::Hex {
            hex: Coord(4, 3),
            why: HexBlock::Occupied
        })
    );
    // An occupied hex touched at one junction point does not.
    assert!(sight(&m, &[Coord(3, 4)], A, B).is_open());
}

#[test]
fn slope_fires_over_ground_level_occupied_hexes_errata_5_1g() {
    let mut m = blank();
    m.set_cell(A, cell(Terrain::Clear, true));
    assert!(sight(&m, &[Coord(4, 3), Coord(4, 4)], A, B).is_open());
    // A firer on the ground is blocked by the same hexes.
    assert!(!sight(&m, &[Coord(4, 3)], B, A).is_open());
    // Also from a village on a slope.
    m.set_cell(A, cell(Terrain::Village, true));
    assert!(sight(&m, &[Coord(4, 3)], A, B).is_open());
}

#[test]
fn slope_does_not_fire_through_occupied_slope_hexes_errata_5_1g() {
    let mut m = blank();
    m.set_cell(A, cell(Terrain::Clear, true));
    m.set_cell(Coord(4, 3), cell(Terrain::Clear, true));
    assert_eq!(
        sight(&m, &[Coord(4, 3)], A, B),
        Sight::Blocked(Blocker::Hex {
            hex: Coord(4, 3),
            why: HexBlock::Occupied
        })
    );
    // The empty slope hex itself does not block.
    assert!(sight(&m, &[], A, B).is_open());
}

#[test]
fn woods_and_villages_block_regardless_of_elevation_errata_5_1g() {
    for target in [
        cell(Terrain::Woods, false),
        cell(Terrain::Village, false),
        cell(Terrain::Woods, true),
    ] {
        let mut m = blank();
        m.set_cell(A, cell(Terrain::Clear, true));
        m.set_cell(Coord(4, 4), target);
        assert!(!sight(&m, &[], A, B).is_open(), "{target:?}");
    }
}

#[test]
fn treat_as_clear_lifts_blocking_terrain_11_16() {
    let mut m = blank();
    m.set_cell(Coord(4, 4), cell(Terrain::Forest, false));
    m.ridges.insert(SideKey::new(Coord(4, 3), Coord(4, 4)));
    let clear = HexSet::from_coords(m.grid, [Coord(4, 4)]);
    let t = EffectiveTerrain::treating_as_clear(&m, &clear);
    assert!(
        line_of_sight(
            crate::ruleset::for_game(None),
            &t,
            &HexSet::empty(m.grid),
            A,
            B
        )
        .is_open()
    );
    // Units in a cleared hex still block.
    let occ = HexSet::from_coords(m.grid, [Coord(4, 4)]);
    assert!(!line_of_sight(crate::ruleset::for_game(None), &t, &occ, A, B).is_open());
}

#[test]
fn pointy_grids_use_the_same_rules() {
    let mut m = blank();
    m.grid.orientation = Orientation::Pointy;
    // Row 2: 0202 - 0302 - 0402 in a horizontal line through 0302's centre.
    assert!(can_see(
        &m,
        crate::ruleset::for_game(None),
        Coord(2, 2),
        Coord(4, 2)
    ));
    m.set_cell(Coord(3, 2), woods());
    assert!(!can_see(
        &m,
        crate::ruleset::for_game(None),
        Coord(2, 2),
        Coord(4, 2)
    ));
    m.set_cell(Coord(3, 2), Cell::default());
    m.ridges.insert(SideKey::new(Coord(2, 2), Coord(3, 2)));
    assert!(!can_see(
        &m,
        crate::ruleset::for_game(None),
        Coord(2, 2),
        Coord(3, 2)
    ));
    assert!(can_see(
        &m,
        crate::ruleset::for_game(None),
        Coord(2, 2),
        Coord(2, 3)
    ));
}

proptest! {
    /// Whenever a point of the line lies strictly inside a hex, the line passes through it;
    /// and the answer does not depend on the direction of the line.
    #[test]
    fn clipping_agrees_with_sampling(
        a in (1i32..=12, 1i32..=12),
        b in (1i32..=12, 1i32..=12),
        h in (1i32..=12, 1i32..=12),
    ) {
        let g = Map::blank("t", "Test", 12, 12).grid;
        let (a, b, h) = (Coord(a.0, a.1), Coord(b.0, b.1), Coord(h.0, h.1));
        let (p, q) = (lattice(&g, g.center(a)), lattice(&g, g.center(b)));
        let corners = lattice_corners(&g, h);
        let through = passes_through(p, q, &corners);
        prop_assert_eq!(through, passes_through(q, p, &corners));
        let strictly_inside = |x: f64, y: f64| {
            (0..6).all(|i| {
                let (v, w) = (corners[i], corners[(i + 1) % 6]);
                let cross = (w.0 - v.0) as f64 * (y - v.1 as f64)
                    - (w.1 - v.1) as f64 * (x - v.0 as f64);
                cross > 1e-6
            })
        };
        let centre = lattice(&g, g.center(h));
        prop_assert!(strictly_inside(centre.0 as f64, centre.1 as f64));
        let inside = (0..=2000).any(|k| {
            let t = f64::from(k) / 2000.0;
            strictly_inside(
                p.0 as f64 + t * (q.0 - p.0) as f64,
                p.1 as f64 + t * (q.1 - p.1) as f64,
            )
        });
        if inside {
            prop_assert!(through);
        }
        // A line between centres always passes through its own end hexes.
        if a != b {
            prop_assert!(passes_through(p, q, &lattice_corners(&g, a)));
        }
    }

    /// Without units, sight is the same both ways.
    #[test]
    fn terrain_sight_is_symmetric(
        cells in proptest::collection::vec(0u8..8, 64),
        ridges in proptest::collection::vec((1i32..=8, 1i32..=8, 0usize..6), 0..10),
        a in (1i32..=8, 1i32..=8),
        b in (1i32..=8, 1i32..=8),
    ) {
        let mut m = Map::blank("t", "Test", 8, 8);
        for (i, k) in cells.iter().enumerate() {
            let t = if *k == 0 { Terrain::Woods } else { Terrain::Clear };
            m.cells[i] = cell(t, *k == 1);
        }
        for (c, r, s) in ridges {
            let n = m.grid.side_neighbors(Coord(c, r))[s];
            m.ridges.insert(SideKey::new(Coord(c, r), n));
        }
        let (a, b) = (Coord(a.0, a.1), Coord(b.0, b.1));
        prop_assert_eq!(can_see(&m, crate::ruleset::for_game(None), a, b), can_see(&m, crate::ruleset::for_game(None), b, a));
    }
}
