//! How far a unit gets: the least Movement Point cost from a set of start hexes to every hex of
//! the map (a movement field, 4A and the Terrain Effects Chart 9.2), and the fewest Movement
//! Phases when the unit's Movement Allowance is known (4C: an allowance is never exceeded in one
//! phase and unused points are lost; 4H: a hex is entered only with enough points left for it).
//!
//! Every cost is [`Movement::entry_cost`]'s: the field asks it once per hex for the hex's own
//! terrain ([`Movement::hex_cost`]) and once per road or ridge hexside, the only hexsides whose
//! price differs from the hex's (4M, 9.2), and keeps the answers in flat tables so that a whole
//! 1000 × 1000 map is searched in tens of milliseconds (the editor's overlay, the frame bench).
//! A test compares the tables with `entry_cost` for every pair of neighbours.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::model::hex::{Coord, Grid};
use crate::model::hex_set::HexSet;
use crate::queries::movement::{Movement, Mp};

/// No move: off the map, prohibited, or not reached.
const NONE: u32 = u32::MAX;

/// The price of every move on one map for one kind of mover, in thirds of a Movement Point.
#[derive(Debug, Clone)]
pub struct CostTable {
    grid: Grid,
    /// The cost of entering each hex through a plain hexside ([`NONE`]: it may not be entered).
    hex: Vec<u32>,
    /// For hex `to`, `special[special_start[to]..special_start[to + 1]]` lists `(from, cost)`
    /// of its entries across a road or ridge hexside (at most six; most hexes have none). Flat
    /// lists, not a hash map: the search asks this for every move it tries.
    special_start: Vec<u32>,
    /// The `(from, cost)` pairs, grouped by the hex entered.
    special: Vec<(u32, u32)>,
}

impl CostTable {
    /// The moves of `movement`, priced once.
    pub fn new(movement: &Movement) -> CostTable {
        let map = movement.terrain().map();
        let grid = map.grid;
        let hex: Vec<u32> = grid
            .coords()
            .map(|c| movement.hex_cost(c).map_or(NONE, Mp::in_thirds))
            .collect();
        // (to, from, cost) of every move across a road or ridge hexside, one entry per move.
        let mut moves: Vec<(u32, u32, u32)> = Vec::new();
        let sides = map
            .road_sides()
            .into_iter()
            .chain(map.ridges.iter().copied());
        for side in sides {
            for (from, to) in [(side.0, side.1), (side.1, side.0)] {
                let (Some(fi), Some(ti)) = (grid.index(from), grid.index(to)) else {
                    continue;
                };
                let cost = movement.entry_cost(from, to).map_or(NONE, Mp::in_thirds);
                moves.push((ti as u32, fi as u32, cost));
            }
        }
        // A hexside that is both a road and a ridge is priced once (`entry_cost` sees both).
        moves.sort_unstable();
        moves.dedup_by_key(|m| (m.0, m.1));
        let mut special_start = vec![0u32; grid.len() + 1];
        for m in &moves {
            special_start[m.0 as usize + 1] += 1;
        }
        for i in 0..grid.len() {
            special_start[i + 1] += special_start[i];
        }
        CostTable {
            grid,
            hex,
            special_start,
            special: moves.into_iter().map(|(_, f, c)| (f, c)).collect(),
        }
    }

    /// The map's grid.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// May the mover stand on this hex at all (on the map and not prohibited)?
    pub fn enterable(&self, c: Coord) -> bool {
        self.grid.index(c).is_some_and(|i| self.hex[i] != NONE)
    }

    /// The cost in thirds of moving between the neighbours at dense indices `from` and `to`.
    fn step(&self, from: usize, to: usize) -> u32 {
        let (a, b) = (self.special_start[to], self.special_start[to + 1]);
        if a != b
            && let Some((_, c)) = self.special[a as usize..b as usize]
                .iter()
                .find(|(f, _)| *f == from as u32)
        {
            return *c;
        }
        self.hex[to]
    }

    /// The cost of entering `to` from off the map at an edge (the cheapest off-map neighbour:
    /// a road leaving the map is entered along it). `None` when `to` is not at the edge or may
    /// not be entered.
    pub fn entry_from_off_map(&self, movement: &Movement, to: Coord) -> Option<Mp> {
        self.grid
            .side_neighbors(to)
            .into_iter()
            .filter(|n| *n != to && !self.grid.contains(*n))
            .filter_map(|n| movement.entry_cost(n, to))
            .min()
    }

    /// The least cost from the start hexes (each with the points already spent to stand there)
    /// to every hex (Dijkstra's search with a bucket queue: costs are small whole thirds).
    pub fn field(&self, starts: &[(Coord, Mp)]) -> Field {
        let n = self.grid.len();
        let mut cost = vec![NONE; n];
        let mut from = vec![NONE; n];
        let max_step = self
            .hex
            .iter()
            .copied()
            .chain(self.special.iter().map(|(_, c)| *c))
            .filter(|c| *c != NONE)
            .max()
            .unwrap_or(0) as usize;
        // Costs pending are within `max_step` of the one being settled: a ring of buckets.
        let ring = max_step + 1;
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); ring];
        let mut pending = 0usize;
        let mut starts: Vec<(usize, u32)> = starts
            .iter()
            .filter_map(|(c, mp)| self.grid.index(*c).map(|i| (i, mp.in_thirds())))
            .collect();
        starts.sort_by_key(|s| s.1);
        // Starts may begin far apart in cost: they join the ring as the search reaches them.
        let mut next_start = 0;
        let mut d = starts.first().map_or(0, |s| s.1);
        loop {
            while next_start < starts.len() && starts[next_start].1 <= d + max_step as u32 {
                let (i, c) = starts[next_start];
                if c < cost[i] {
                    cost[i] = c;
                    from[i] = NONE;
                    buckets[c as usize % ring].push(i as u32);
                    pending += 1;
                }
                next_start += 1;
            }
            if pending == 0 {
                match starts.get(next_start) {
                    Some(s) => {
                        d = s.1;
                        continue;
                    }
                    None => break,
                }
            }
            let b = d as usize % ring;
            while let Some(i) = buckets[b].pop() {
                pending -= 1;
                let i = i as usize;
                if cost[i] != d {
                    continue;
                }
                for j in self.grid.neighbor_indices(i) {
                    let step = self.step(i, j);
                    if step == NONE {
                        continue;
                    }
                    let c = d + step;
                    if c < cost[j] {
                        cost[j] = c;
                        from[j] = i as u32;
                        buckets[c as usize % ring].push(j as u32);
                        pending += 1;
                    }
                }
            }
            d += 1;
        }
        Field {
            grid: self.grid,
            cost,
            from,
        }
    }

    /// The fewest Movement Phases from the start hexes to every hex for a unit of Movement
    /// Allowance `allowance` (4C, 4H). A start is `(hex, points spent in the first phase)`: 0 for
    /// a unit set up there, the cost of entering the map for one arriving there.
    pub fn phases(&self, starts: &[(Coord, Mp)], allowance: Mp) -> PhaseField {
        let n = self.grid.len();
        let ma = allowance.in_thirds();
        // A state is (phase, points spent in it), ordered lexicographically; as one key. The
        // successor of a smaller state is never larger, so Dijkstra's search applies.
        let per = u64::from(ma) + 1;
        let key = |phase: u32, spent: u32| u64::from(phase) * per + u64::from(spent);
        let mut best = vec![u64::MAX; n];
        let mut from = vec![NONE; n];
        let mut heap = BinaryHeap::new();
        for (c, mp) in starts {
            let (Some(i), spent) = (self.grid.index(*c), mp.in_thirds()) else {
                continue;
            };
            if spent > ma {
                continue;
            }
            let k = key(1, spent);
            if k < best[i] {
                best[i] = k;
                from[i] = NONE;
                heap.push(Reverse((k, i as u32)));
            }
        }
        while let Some(Reverse((k, i))) = heap.pop() {
            let i = i as usize;
            if k != best[i] {
                continue;
            }
            let (phase, spent) = ((k / per) as u32, (k % per) as u32);
            for j in self.grid.neighbor_indices(i) {
                let step = self.step(i, j);
                if step == NONE || step > ma {
                    continue;
                }
                let next = if spent + step <= ma {
                    key(phase, spent + step)
                } else {
                    key(phase + 1, step)
                };
                if next < best[j] {
                    best[j] = next;
                    from[j] = i as u32;
                    heap.push(Reverse((next, j as u32)));
                }
            }
        }
        PhaseField {
            grid: self.grid,
            per,
            best,
            from,
        }
    }
}

/// The least cost from a set of start hexes to every hex.
#[derive(Debug, Clone)]
pub struct Field {
    grid: Grid,
    cost: Vec<u32>,
    from: Vec<u32>,
}

impl Field {
    /// The least cost to reach `c`; `None` when no path reaches it.
    pub fn cost(&self, c: Coord) -> Option<Mp> {
        let i = self.grid.index(c)?;
        (self.cost[i] != NONE).then(|| Mp::thirds(self.cost[i]))
    }

    /// The cheapest hex of `targets` and its cost (the first in row order on a tie).
    pub fn best_in(&self, targets: &HexSet) -> Option<(Coord, Mp)> {
        targets
            .indices()
            .filter(|i| self.cost[*i] != NONE)
            .min_by_key(|i| (self.cost[*i], *i))
            .map(|i| (self.grid.coord_at(i), Mp::thirds(self.cost[i])))
    }

    /// A least-cost path from a start hex to `c`, both included.
    pub fn path_to(&self, c: Coord) -> Option<Vec<Coord>> {
        let i = self.grid.index(c)?;
        path(self.grid, &self.from, i, self.cost[i] != NONE)
    }

    /// The hexes reached for at most `mp`.
    pub fn within(&self, mp: Mp) -> HexSet {
        HexSet::from_index_fn(self.grid, |i| self.cost[i] <= mp.in_thirds())
    }
}

/// The fewest Movement Phases from a set of start hexes to every hex.
#[derive(Debug, Clone)]
pub struct PhaseField {
    grid: Grid,
    per: u64,
    best: Vec<u64>,
    from: Vec<u32>,
}

impl PhaseField {
    /// The Movement Phases needed to stand in `c` (0 for a start hex a unit is set up on);
    /// `None` when no path reaches it.
    pub fn phases(&self, c: Coord) -> Option<u32> {
        let k = *self.best.get(self.grid.index(c)?)?;
        (k != u64::MAX).then(|| {
            let (phase, spent) = ((k / self.per) as u32, k % self.per);
            if phase == 1 && spent == 0 { 0 } else { phase }
        })
    }

    /// The hex of `targets` reached in the fewest phases, and that number (the first in row
    /// order on a tie).
    pub fn best_in(&self, targets: &HexSet) -> Option<(Coord, u32)> {
        let i = targets
            .indices()
            .filter(|i| self.best[*i] != u64::MAX)
            .min_by_key(|i| (self.best[*i], *i))?;
        let c = self.grid.coord_at(i);
        Some((c, self.phases(c)?))
    }

    /// A path reaching `c` in the fewest phases, from a start hex, both included.
    pub fn path_to(&self, c: Coord) -> Option<Vec<Coord>> {
        let i = self.grid.index(c)?;
        path(self.grid, &self.from, i, self.best[i] != u64::MAX)
    }

    /// The hexes reached within `phases` Movement Phases (the editor's bands).
    pub fn within(&self, phases: u32) -> HexSet {
        HexSet::from_index_fn(self.grid, |i| {
            self.best[i] != u64::MAX
                && self
                    .phases(self.grid.coord_at(i))
                    .is_some_and(|p| p <= phases)
        })
    }
}

/// Walk the `from` links back from `end` to a start hex.
fn path(grid: Grid, from: &[u32], end: usize, reached: bool) -> Option<Vec<Coord>> {
    if !reached {
        return None;
    }
    let mut out = vec![grid.coord_at(end)];
    let mut i = end;
    while from[i] != NONE {
        i = from[i] as usize;
        out.push(grid.coord_at(i));
        // A path never has more hexes than the map.
        if out.len() > grid.len() {
            return None;
        }
    }
    out.reverse();
    Some(out)
}

#[cfg(test)]
mod tests {
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
        let m = varied();
        let mv = Movement::new(&m, m.rules());
        let t = CostTable::new(&mv);
        for a in m.grid.coords() {
            let ai = m.grid.index(a).unwrap();
            for bi in m.grid.neighbor_indices(ai) {
                let b = m.grid.coord_at(bi);
                let want = mv.entry_cost(a, b).map_or(NONE, Mp::in_thirds);
                assert_eq!(t.step(ai, bi), want, "{a:?} → {b:?}");
            }
        }
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
        let t = CostTable::new(&mv);
        assert_eq!(t.entry_from_off_map(&mv, Coord(1, 2)), Some(Mp::whole(1)));
        // Not at an edge.
        assert_eq!(t.entry_from_off_map(&mv, Coord(4, 4)), None);
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
            let cap = Mp::whole(ma).in_thirds();
            let mut phases = 0u32;
            let mut left = 0u32;
            for w in walk.windows(2) {
                let c = mv.entry_cost(w[0], w[1]).unwrap().in_thirds();
                if c > left {
                    phases += 1;
                    left = cap;
                }
                left -= c;
            }
            let p = t.phases(&[(from, Mp::ZERO)], Mp::whole(ma));
            let fewest = p.phases(end).expect("every hex costs at most 4 MP, under the allowance");
            prop_assert!(fewest <= phases, "{fewest} > {phases}");
            // And never fewer than the cost needs.
            prop_assert!(u64::from(fewest) * u64::from(cap) >= u64::from(least.in_thirds()));
        }
    }
}
