//! The movement field and the phase search against `entry_cost`, walked paths and each other.

use super::*;
use crate::model::map::{Cell, Map, Road, RoadKind, SideKey};
use crate::ruleset::Terrain;

fn cell(terrain: Terrain, slope: bool) -> Cell {
    Cell { terrain, slope }
}

fn road(hexes: &[Coord]) -> Road {
    Road {
        name: None,
        kind: RoadKind::Minor,
        hexes: hexes.to_vec(),
    }
}

/// A small map with every kind of terrain, a ridge and a road.
fn varied() -> Map {
    let mut m = Map::blank("t", "Test", 8, 6);
    m.set_cell(Coord(3, 2), cell(Terrain::Woods, false));
    m.set_cell(Coord(3, 3), cell(Terrain::River, false));
    m.set_cell(Coord(3, 4), cell(Terrain::Ford, false));
    m.set_cell(Coord(3, 5), cell(Terrain::Bridge, false));
    m.set_cell(Coord(5, 3), cell(Terrain::Clear, true));
    m.set_cell(Coord(6, 3), cell(Terrain::Village, true));
    m.ridges.insert(SideKey::new(Coord(5, 3), Coord(5, 4)));
    m.roads.push(road(&[
        Coord(1, 5),
        Coord(2, 5),
        Coord(3, 5),
        Coord(4, 5),
        Coord(5, 4),
    ]));
    m
}

#[test]
fn the_table_prices_every_move_as_entry_cost_does() {
    // Under every game's charts, so each chart's dearest move fits the table's two bytes.
    for game in crate::ruleset::Game::all() {
        let m = varied();
        let rules = game.ruleset();
        let mv = Movement::new(&m, rules);
        let t = CostTable::new(&mv);
        for a in m.grid.coords() {
            let ai = m.grid.index(a).unwrap();
            for bi in m.grid.neighbor_indices(ai) {
                let b = m.grid.coord_at(bi);
                let want = mv.entry_cost(a, b).map_or(NONE, Mp::in_sixths);
                assert_eq!(t.step(ai, bi), want, "{game:?} {a:?} → {b:?}");
            }
        }
        // Not neighbours: no move.
        assert_eq!(t.step(0, 5), NONE);
    }
}

#[test]
fn the_offsets_lead_to_the_neighbours_in_every_orientation_and_parity() {
    use crate::model::hex::Parity;
    for orientation in [Orientation::Flat, Orientation::Pointy] {
        for parity in [Parity::EvenShoved, Parity::OddShoved] {
            // Odd and even widths: a row's parity is not its first index's.
            for (w, h) in [(7, 6), (6, 5), (1, 4), (4, 1)] {
                let mut m = Map::blank("t", "Test", w, h);
                m.grid.orientation = orientation;
                m.grid.parity = parity;
                let mv = Movement::new(&m, m.rules());
                let t = CostTable::new(&mv);
                for i in 0..m.grid.len() {
                    let a = m.grid.coord_at(i);
                    for (k, slot) in m.grid.neighbor_slots(i).into_iter().enumerate() {
                        let at = format!("{orientation:?} {parity:?} {w}×{h} {a:?} {k}");
                        match slot {
                            Some(j) => {
                                assert_eq!(i.wrapping_add_signed(t.offsets(i)[k]), j, "{at}");
                                let b = m.grid.coord_at(j);
                                let want = mv.entry_cost(a, b).map_or(NONE, Mp::in_sixths);
                                assert_eq!(widen(t.out[i][k]), want, "{at}");
                            }
                            None => assert_eq!(t.out[i][k], NO_MOVE, "{at}"),
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn a_price_too_dear_for_the_table_is_no_move_never_a_cheap_one() {
    assert_eq!(narrow(Some(Mp::sixths(12))), 12);
    assert_eq!(narrow(Some(Mp::sixths(u32::from(NO_MOVE)))), NO_MOVE);
    assert_eq!(narrow(Some(Mp::sixths(70_000))), NO_MOVE);
    assert_eq!(narrow(None), NO_MOVE);
    assert_eq!(widen(NO_MOVE), NONE);
}

#[test]
fn the_phase_search_falls_back_to_the_heap_for_huge_allowances() {
    let m = varied();
    let t = CostTable::new(&Movement::new(&m, m.rules()));
    let start = [(Coord(1, 1), Mp::ZERO)];
    // Far more than a ring holds: the heap answers, the same as a ring would in kind.
    let huge = t.phases(&start, Mp::sixths(u32::MAX - 1));
    assert_eq!(huge, t.phases_by_heap(&start, Mp::sixths(u32::MAX - 1)));
    assert_eq!(huge.phases(Coord(8, 6)), Some(1));
    assert_eq!(
        huge.within(1).len(),
        t.field(&start).within(Mp::whole(1000)).len()
    );
}

#[test]
fn the_field_is_the_least_cost_4a_9_2() {
    let m = varied();
    let mv = Movement::new(&m, m.rules());
    let f = CostTable::new(&mv).field(&[(Coord(1, 2), Mp::ZERO)]);
    assert_eq!(f.cost(Coord(1, 2)), Some(Mp::ZERO));
    assert_eq!(f.cost(Coord(2, 2)), Some(Mp::whole(1)));
    // Woods costs 2 to enter; going round through clear costs the same 2 hexes' worth.
    assert_eq!(f.cost(Coord(3, 2)), Some(Mp::whole(3)));
    // The path's cost is its entry costs.
    let p = f.path_to(Coord(8, 6)).unwrap();
    assert_eq!(p.first(), Some(&Coord(1, 2)));
    assert_eq!(mv.path_cost(&p), f.cost(Coord(8, 6)));
    assert_eq!(f.cost(Coord(9, 9)), None);
}

#[test]
fn the_road_is_taken_when_it_is_cheaper_4m() {
    let m = varied();
    let mv = Movement::new(&m, m.rules());
    let f = CostTable::new(&mv).field(&[(Coord(1, 5), Mp::ZERO)]);
    // Three road hexes for one Movement Point, the bridge along the road included.
    assert_eq!(f.cost(Coord(4, 5)), Some(Mp::whole(1)));
    assert_eq!(
        f.path_to(Coord(4, 5)).unwrap(),
        vec![Coord(1, 5), Coord(2, 5), Coord(3, 5), Coord(4, 5)]
    );
}

#[test]
fn prohibited_hexes_are_never_entered() {
    let m = varied();
    // A wall of prohibited hexes down column 4.
    let wall = HexSet::from_coords(m.grid, (1..=6).map(|r| Coord(4, r)));
    let mv = Movement::new(&m, m.rules()).with_prohibited(&wall);
    let f = CostTable::new(&mv).field(&[(Coord(1, 1), Mp::ZERO)]);
    assert_eq!(f.cost(Coord(5, 1)), None);
    assert_eq!(f.cost(Coord(4, 1)), None);
    assert!(f.cost(Coord(3, 1)).is_some());
}

#[test]
fn phases_lose_unused_points_and_need_enough_for_each_hex_4c_4h() {
    // Clear, clear, clear, woods, clear, clear in a row.
    let mut m = Map::blank("t", "Test", 6, 1);
    m.set_cell(Coord(4, 1), cell(Terrain::Woods, false));
    let mv = Movement::new(&m, m.rules());
    let t = CostTable::new(&mv);
    let start = [(Coord(1, 1), Mp::ZERO)];
    // Allowance 3: two clear hexes leave 1 point, too few for the woods (4H), which starts
    // the second phase; the last hex needs a third. 6 MP in all, yet 3 phases, not 2 (4C:
    // the unused point is lost).
    let p = t.phases(&start, Mp::whole(3));
    assert_eq!(t.field(&start).cost(Coord(6, 1)), Some(Mp::whole(6)));
    let got: Vec<Option<u32>> = (1..=6).map(|c| p.phases(Coord(c, 1))).collect();
    assert_eq!(got, [Some(0), Some(1), Some(1), Some(2), Some(2), Some(3)]);
    assert_eq!(p.path_to(Coord(6, 1)).map(|v| v.len()), Some(6));
    assert_eq!(p.within(1).len(), 3);
    // An allowance of 1 never enters woods (4H): the hexes beyond are out of reach.
    let r = t.phases(&start, Mp::whole(1));
    assert_eq!(r.phases(Coord(3, 1)), Some(2));
    assert_eq!(r.phases(Coord(4, 1)), None);
    assert_eq!(r.phases(Coord(6, 1)), None);
    // An arriving unit has spent the cost of entering its first hex in its first phase.
    let s = t.phases(&[(Coord(1, 1), Mp::whole(1))], Mp::whole(2));
    assert_eq!(s.phases(Coord(1, 1)), Some(1));
    assert_eq!(s.phases(Coord(2, 1)), Some(1));
    assert_eq!(s.phases(Coord(3, 1)), Some(2));
    assert_eq!(s.path_to(Coord(2, 1)), Some(vec![Coord(1, 1), Coord(2, 1)]));
    // A start costing more than the allowance is no start.
    let none = t.phases(&[(Coord(1, 1), Mp::whole(3))], Mp::whole(2));
    assert_eq!(none.phases(Coord(1, 1)), None);
    assert_eq!(none.best_in(&HexSet::full(m.grid)), None);
}

#[test]
fn entering_from_off_the_map_pays_the_first_hex_or_the_road() {
    let m = varied();
    let mv = Movement::new(&m, m.rules());
    assert_eq!(mv.entry_from_off_map(Coord(1, 2)), Some(Mp::whole(1)));
    // Not at an edge.
    assert_eq!(mv.entry_from_off_map(Coord(4, 4)), None);
}

#[test]
fn several_starts_far_apart_in_cost() {
    let m = Map::blank("t", "Test", 10, 1);
    let t = CostTable::new(&Movement::new(&m, m.rules()));
    let f = t.field(&[(Coord(1, 1), Mp::ZERO), (Coord(10, 1), Mp::whole(40))]);
    assert_eq!(f.cost(Coord(10, 1)), Some(Mp::whole(9)));
    let g = t.field(&[(Coord(1, 1), Mp::whole(40)), (Coord(10, 1), Mp::ZERO)]);
    assert_eq!(g.cost(Coord(1, 1)), Some(Mp::whole(9)));
    assert_eq!(g.within(Mp::whole(2)).len(), 3);
}

#[test]
fn every_chart_row_through_the_field_9_2() {
    // Each hex terrain, flat and on a slope, entered from a clear neighbour: the field
    // charges the chart's row (slope and woods never add up; a bridge off its road is a
    // river, 10.5D).
    for terrain in Terrain::ALL {
        for slope in [false, true] {
            let mut m = Map::blank("t", "Test", 3, 1);
            m.set_cell(Coord(2, 1), cell(terrain, slope && !terrain.is_river()));
            let mv = Movement::new(&m, m.rules());
            let f = CostTable::new(&mv).field(&[(Coord(1, 1), Mp::ZERO)]);
            let want = crate::queries::movement::terrain_cost(
                m.rules(),
                terrain,
                slope && !terrain.is_river(),
            );
            assert_eq!(f.cost(Coord(2, 1)), want, "{terrain:?} slope {slope}");
        }
    }
}

use proptest::prelude::*;

/// A random 8 × 8 map: terrain, slopes, ridges, one road.
fn random_map(cells: &[(u8, bool)], ridges: &[(u8, u8)], road: &[u8]) -> Map {
    let mut m = Map::blank("t", "Test", 8, 8);
    for (i, (t, slope)) in cells.iter().enumerate() {
        let terrain = Terrain::ALL[*t as usize % Terrain::ALL.len()];
        m.cells[i] = cell(terrain, *slope && !terrain.is_river());
    }
    let g = m.grid;
    for (a, k) in ridges {
        let a = g.coord_at(*a as usize % g.len());
        if let Some(b) = g.neighbors(a).nth(*k as usize % 6) {
            m.ridges.insert(SideKey::new(a, b));
        }
    }
    // A road walked from a hex by neighbour steps.
    let mut at = g.coord_at(road.first().copied().unwrap_or(0) as usize % g.len());
    let mut hexes = vec![at];
    for k in road.iter().skip(1) {
        let ns: Vec<Coord> = g.neighbors(at).collect();
        at = ns[*k as usize % ns.len()];
        if !hexes.contains(&at) {
            hexes.push(at);
        } else {
            break;
        }
    }
    m.roads.push(road_of(&hexes));
    m
}

fn road_of(hexes: &[Coord]) -> Road {
    road(hexes)
}

proptest! {
    /// The ring of buckets settles the same phases by the same paths as a priority queue
    /// ordered by (key, hex), from starts set up and arriving alike.
    #[test]
    fn the_ring_and_the_heap_agree(
        cells in proptest::collection::vec((0u8..7, any::<bool>()), 64),
        ridges in proptest::collection::vec((0u8..64, 0u8..6), 0..20),
        road in proptest::collection::vec(0u8..64, 1..12),
        starts in proptest::collection::vec((0u8..64, 0u32..10), 1..4),
        ma in 1u32..25,
    ) {
        let m = random_map(&cells, &ridges, &road);
        let t = CostTable::new(&Movement::new(&m, m.rules()));
        let starts: Vec<(Coord, Mp)> = starts
            .iter()
            .map(|(i, spent)| (m.grid.coord_at(*i as usize % m.grid.len()), Mp::sixths(*spent)))
            .collect();
        let ring = t.phases_by_buckets(&starts, Mp::sixths(ma), Wanted::new(m.grid, None));
        prop_assert_eq!(&ring, &t.phases_by_heap(&starts, Mp::sixths(ma)));
    }

    /// A field and a phase field searched only towards some places answer for each of them
    /// as the searches of the whole map do: the same cheapest (or fewest-phase) hex, the
    /// same cost or phases, the same path.
    #[test]
    fn a_search_towards_places_answers_for_them_as_the_whole_search(
        cells in proptest::collection::vec((0u8..7, any::<bool>()), 64),
        ridges in proptest::collection::vec((0u8..64, 0u8..6), 0..20),
        road in proptest::collection::vec(0u8..64, 1..12),
        starts in proptest::collection::vec((0u8..64, 0u32..10), 1..4),
        places in proptest::collection::vec(proptest::collection::vec(0u8..64, 0..4), 0..4),
        ma in 1u32..25,
    ) {
        let m = random_map(&cells, &ridges, &road);
        let g = m.grid;
        let t = CostTable::new(&Movement::new(&m, m.rules()));
        let starts: Vec<(Coord, Mp)> = starts
            .iter()
            .map(|(i, spent)| (g.coord_at(*i as usize % g.len()), Mp::sixths(*spent)))
            .collect();
        let sets: Vec<HexSet> = places
            .iter()
            .map(|p| HexSet::from_coords(g, p.iter().map(|i| g.coord_at(*i as usize % g.len()))))
            .collect();
        let wanted: Vec<&HexSet> = sets.iter().collect();
        let (whole, towards) = (t.field(&starts), t.field_towards(&starts, &wanted));
        let ma = Mp::sixths(ma);
        let (all, fewest) = (t.phases(&starts, ma), t.phases_towards(&starts, ma, &wanted));
        for s in &sets {
            prop_assert!(towards.answers(s));
            let best = whole.best_in(s);
            prop_assert_eq!(towards.best_in(s), best);
            if let Some((hex, cost)) = best {
                prop_assert_eq!(towards.path_to(hex), whole.path_to(hex));
                prop_assert_eq!(towards.cost(hex), Some(cost));
            }
            let best = all.best_in(s);
            prop_assert_eq!(fewest.best_in(s), best);
            if let Some((hex, _)) = best {
                prop_assert_eq!(fewest.path_to(hex), all.path_to(hex));
            }
        }
        // What a stopped search tells of any other hex is what the whole one tells.
        for c in g.coords() {
            if let Some(cost) = towards.cost(c) {
                prop_assert_eq!(whole.cost(c), Some(cost));
            }
            if let Some(p) = fewest.phases(c) {
                prop_assert_eq!(all.phases(c), Some(p));
            }
        }
    }

    /// The least cost never exceeds the cost of a path walked by hand (random steps between
    /// neighbours), and the fewest phases never exceed the phases that walk takes when each
    /// phase goes as far as the allowance lets it (4C, 4H).
    #[test]
    fn least_cost_never_exceeds_a_walked_path(
        cells in proptest::collection::vec((0u8..7, any::<bool>()), 64),
        ridges in proptest::collection::vec((0u8..64, 0u8..6), 0..20),
        road in proptest::collection::vec(0u8..64, 1..12),
        start in 0u8..64,
        steps in proptest::collection::vec(0u8..6, 1..30),
        ma in 4u32..8,
    ) {
        let m = random_map(&cells, &ridges, &road);
        let g = m.grid;
        let mv = Movement::new(&m, m.rules());
        let t = CostTable::new(&mv);
        let from = g.coord_at(start as usize % g.len());
        let mut walk = vec![from];
        for k in &steps {
            let here = *walk.last().unwrap();
            let ns: Vec<Coord> = g.neighbors(here).collect();
            walk.push(ns[*k as usize % ns.len()]);
        }
        let walked = mv.path_cost(&walk).expect("steps between neighbours");
        let end = *walk.last().unwrap();
        let f = t.field(&[(from, Mp::ZERO)]);
        let least = f.cost(end).expect("the walk reaches it");
        prop_assert!(least <= walked, "{least} > {walked}");
        // The field's own path costs what it says.
        prop_assert_eq!(mv.path_cost(&f.path_to(end).unwrap()), Some(least));
        // Phases of the walk, greedily: a new phase when the next hex does not fit.
        let cap = Mp::whole(ma).in_sixths();
        let mut phases = 0u32;
        let mut left = 0u32;
        for w in walk.windows(2) {
            let c = mv.entry_cost(w[0], w[1]).unwrap().in_sixths();
            if c > left {
                phases += 1;
                left = cap;
            }
            left -= c;
        }
        let p = t.phases(&[(from, Mp::ZERO)], Mp::whole(ma));
        // The ring and the priority queue find the same phases and the same paths.
        prop_assert_eq!(&p, &t.phases_by_heap(&[(from, Mp::ZERO)], Mp::whole(ma)));
        let fewest = p.phases(end).expect("every hex costs at most 4 MP, under the allowance");
        prop_assert!(fewest <= phases, "{fewest} > {phases}");
        // And never fewer than the cost needs.
        prop_assert!(u64::from(fewest) * u64::from(cap) >= u64::from(least.in_sixths()));
    }
}
