//! How far a unit gets: the least Movement Point cost from a set of start hexes to every hex of
//! the map (a movement field, 4A and the Terrain Effects Chart 9.2), and the fewest Movement
//! Phases when the unit's Movement Allowance is known (4C: an allowance is never exceeded in one
//! phase and unused points are lost; 4H: a hex is entered only with enough points left for it).
//!
//! Every cost is [`Movement::entry_cost`]'s: the table asks it once per hex for the hex's own
//! terrain ([`Movement::hex_cost`]) and once per road or ridge hexside, the only hexsides whose
//! price differs from the hex's (4M, 9.2), and keeps, for every hex, the price of the move to
//! each of its six neighbours in one small array. A search reads one such array per hex it
//! settles, so a whole 1000 × 1000 map is searched in tens of milliseconds (the editor's overlay,
//! the frame bench). A test compares the table with `entry_cost` for every pair of neighbours.
//!
//! Both searches are Dijkstra's over a ring of buckets (costs are small whole sixths). Their
//! paths are stable: the least-cost field settles each bucket last in, first out; the phase
//! search settles each bucket in row order, so of two equally good ways into a hex the one from
//! the hex first in row order is kept (what a priority queue ordered by (key, hex) keeps: the
//! phase search falls back to one, `phases_by_heap`, where a ring does not fit).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::model::hex::{Coord, Grid, Orientation};
use crate::model::hex_set::HexSet;
use crate::queries::movement::{Movement, Mp};
use crate::queries::spare;

/// No move: off the map, prohibited, or not reached.
const NONE: u32 = u32::MAX;

/// No move, in the table's per-direction prices.
const NO_MOVE: u16 = u16::MAX;

/// The most buckets a phase search keeps in its ring (one per key of a Movement Phase and one
/// step beyond); a larger allowance searches with a priority queue instead.
const MAX_RING: u64 = 1 << 16;

/// How a hex's dense index changes with each of the six directions of
/// [`Grid::neighbor_slots`], without dividing it by the map's width.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Steps {
    /// The index offsets to the six neighbours of a hex whose line along the shoved axis is
    /// first, third… (`[0]`) or second, fourth… (`[1]`). An offset may lead off the map (off the
    /// array, or round to the far side of the next row): the table prices that direction as no
    /// move, so a search never takes it.
    offsets: [[isize; 6]; 2],
    /// Does the move in each direction change the line along the shoved axis (1) or not (0)? A
    /// path walked back carries each hex's line parity with it this way.
    flips: [u32; 6],
}

impl Steps {
    /// The steps of a grid.
    fn of(grid: Grid) -> Steps {
        // The steps to the neighbours depend only on the parity of the shoved axis's line.
        let steps = [grid.neighbor_steps(1, 1), grid.neighbor_steps(2, 2)];
        let w = grid.width as isize;
        Steps {
            offsets: steps.map(|s| s.map(|(dc, dr)| dr * w + dc)),
            flips: steps[0].map(|(dc, dr)| match grid.orientation {
                Orientation::Flat => u32::from(dc != 0),
                Orientation::Pointy => u32::from(dr != 0),
            }),
        }
    }

    /// The parity of the line along the shoved axis of the hex at dense index `i`.
    fn line(grid: Grid, i: usize) -> u32 {
        // In 32 bits, as the buckets hold indices: a narrower division is a faster one.
        let (i, w) = (i as u32, grid.width);
        let line = match grid.orientation {
            Orientation::Flat => i % w,
            Orientation::Pointy => i / w,
        };
        line & 1
    }
}

/// A search's link of a hex: it is a start hex ([`START`]), or the direction (0–5) of the move
/// that entered it, from the neighbour that lies the other way (one byte a hex, not an index).
const START: u8 = u8::MAX;

/// What a search must settle before it may stop: a hex of each of some sets of hexes (the
/// places a check asks about). A search settles hexes in the order of their key, and every hex
/// of a key is final once the last of that key is settled; so once a hex of each set is
/// settled, finishing the key being settled leaves every answer about those sets exact.
struct Wanted<'a> {
    /// The hexes of every set still waiting (`None`: the whole map is searched).
    any: Option<HexSet>,
    /// The sets no hex of which is settled yet.
    left: Vec<&'a HexSet>,
}

impl<'a> Wanted<'a> {
    /// Every hex (`None`), or a hex of each non-empty set of `sets`.
    fn new(grid: Grid, sets: Option<&[&'a HexSet]>) -> Wanted<'a> {
        let Some(sets) = sets else {
            return Wanted {
                any: None,
                left: Vec::new(),
            };
        };
        let left: Vec<&HexSet> = sets.iter().copied().filter(|t| !t.is_empty()).collect();
        let mut any = HexSet::empty(grid);
        left.iter().for_each(|t| any.union_with(t));
        Wanted {
            any: Some(any),
            left,
        }
    }

    /// Is every set reached (never, when the whole map is searched)?
    fn done(&self) -> bool {
        self.any.is_some() && self.left.is_empty()
    }

    /// Hex `i` is settled: true when every set now has a hex settled.
    fn settle(&mut self, i: usize) -> bool {
        if let Some(any) = &self.any
            && any.contains_index(i)
        {
            self.left.retain(|t| !t.contains_index(i));
        }
        self.done()
    }
}

/// The price of every move on one map for one kind of mover, in sixths of a Movement Point.
#[derive(Debug, Clone)]
pub struct CostTable {
    grid: Grid,
    /// The cost of entering each hex through a plain hexside ([`NONE`]: it may not be entered).
    hex: Vec<u32>,
    /// `out[i][k]`: the cost of moving from hex `i` to its neighbour in direction `k` (the order
    /// of [`Grid::neighbor_slots`]); [`NO_MOVE`] off the map or where the move is not allowed.
    /// Two bytes a price: the dearest move of any chart is a few Movement Points (a move
    /// dearer than 65,534 sixths is no move; a test checks every ruleset's charts fit).
    out: Vec<[u16; 6]>,
    /// How a hex's dense index changes with each direction.
    steps: Steps,
    /// The cheapest and the dearest move in the table, in sixths (0 when there is none).
    min_step: u32,
    max_step: u32,
    /// A unit may always move one hex, even lacking the points for it (M&S 4.3): a phase
    /// search prices a move dearer than the allowance at the whole allowance.
    one_hex_always: bool,
}

/// A price in sixths, narrowed to the table's two bytes.
fn narrow(cost: Option<Mp>) -> u16 {
    cost.and_then(|c| u16::try_from(c.in_sixths()).ok())
        .filter(|c| *c != NO_MOVE)
        .unwrap_or(NO_MOVE)
}

/// A price of the table, widened for the searches ([`NONE`] for no move).
fn widen(cost: u16) -> u32 {
    if cost == NO_MOVE {
        NONE
    } else {
        u32::from(cost)
    }
}

impl CostTable {
    /// The moves of `movement`, priced once.
    pub fn new(movement: &Movement) -> CostTable {
        let map = movement.terrain().map();
        let grid = map.grid;
        let hex: Vec<u32> = grid
            .coords()
            .map(|c| movement.hex_cost(c).map_or(NONE, Mp::in_sixths))
            .collect();
        let (w, h) = (grid.width as usize, grid.height as usize);
        let steps = Steps::of(grid);
        let line = |col: usize, row: usize| match grid.orientation {
            Orientation::Flat => (col - 1) & 1,
            Orientation::Pointy => (row - 1) & 1,
        };
        let entry: Vec<u16> = hex
            .iter()
            .map(|c| match *c {
                NONE => NO_MOVE,
                c => narrow(Some(Mp::sixths(c))),
            })
            .collect();
        // Row by row, no division per hex; inside the border every neighbour is on the map.
        let mut out = vec![[NO_MOVE; 6]; grid.len()];
        for row in 1..=h {
            for col in 1..=w {
                let i = (row - 1) * w + (col - 1);
                let p = line(col, row);
                if col > 1 && row > 1 && col < w && row < h {
                    for k in 0..6 {
                        out[i][k] = entry[i.wrapping_add_signed(steps.offsets[p][k])];
                    }
                    continue;
                }
                for (k, (dc, dr)) in grid.neighbor_steps(col, row).into_iter().enumerate() {
                    let (c, r) = (col.wrapping_add_signed(dc), row.wrapping_add_signed(dr));
                    if c >= 1 && r >= 1 && c <= w && r <= h {
                        out[i][k] = entry[(r - 1) * w + (c - 1)];
                    }
                }
            }
        }
        // Every move across a road hexside, or one whose crossing is priced (a ridge, a
        // chart's hexside kind), is priced whole (`entry_cost` sees both at once).
        let sides =
            (movement.road_sides().iter().copied()).chain(movement.terrain().priced_sides());
        for side in sides {
            for (from, to) in [(side.0, side.1), (side.1, side.0)] {
                let (Some(fi), true) = (grid.index(from), grid.contains(to)) else {
                    continue;
                };
                let step = ((to.0 - from.0) as isize, (to.1 - from.1) as isize);
                let steps = grid.neighbor_steps(from.0 as usize, from.1 as usize);
                let Some(k) = steps.iter().position(|s| *s == step) else {
                    continue;
                };
                out[fi][k] = narrow(movement.entry_cost(from, to));
            }
        }
        let prices = || out.iter().flatten().copied().filter(|c| *c != NO_MOVE);
        let min_step = prices().min().map_or(0, u32::from);
        let max_step = prices().max().map_or(0, u32::from);
        CostTable {
            grid,
            hex,
            out,
            steps,
            min_step,
            max_step,
            one_hex_always: movement.rules().one_hex_always,
        }
    }

    /// A move's price in a phase search at allowance `ma`: a move dearer than the allowance
    /// takes a whole phase where a unit may always move one hex (M&S 4.3), and is no move
    /// otherwise (R&S 4H); a move not allowed stays none.
    fn phase_step(&self, price: u16, ma: u32) -> u32 {
        self.phase_price(widen(price), ma)
    }

    /// [`CostTable::phase_step`] of a widened price (the walk's phase search prices its
    /// normal moves by it too), the allowance in sixths.
    pub(crate) fn phase_price(&self, price: u32, ma: u32) -> u32 {
        match price {
            NONE => NONE,
            step if self.one_hex_always && ma > 0 => step.min(ma),
            step => step,
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

    /// The index offsets from hex `i` to its six neighbours, in the table's order of directions.
    fn offsets(&self, i: usize) -> &[isize; 6] {
        &self.steps.offsets[Steps::line(self.grid, i) as usize]
    }

    /// The moves out of the hex at dense index `i`: each neighbour's dense index and the price
    /// of the move in sixths (moves not allowed left out).
    pub(crate) fn moves(&self, i: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        let (offsets, prices) = (self.offsets(i), self.out[i]);
        (0..6).filter_map(move |k| {
            let p = widen(prices[k]);
            (p != NONE).then(|| (i.wrapping_add_signed(offsets[k]), p))
        })
    }

    /// The cost in sixths of moving between the neighbours at dense indices `from` and `to`
    /// ([`NONE`] when they are not neighbours or the move is not allowed).
    #[cfg(test)]
    fn step(&self, from: usize, to: usize) -> u32 {
        self.grid
            .neighbor_slots(from)
            .iter()
            .position(|j| *j == Some(to))
            .map_or(NONE, |k| widen(self.out[from][k]))
    }

    /// The least cost from the start hexes (each with the points already spent to stand there)
    /// to every hex (Dijkstra's search with a bucket queue: costs are small whole sixths).
    pub fn field(&self, starts: &[(Coord, Mp)]) -> Field {
        self.field_until(starts, None)
    }

    /// [`CostTable::field`], searched only until a hex of each of `wanted` is settled: exact
    /// for every hex up to that cost ([`Field::answers`]), so for the cheapest hex of each
    /// of `wanted` and its path; the rest of the map is left unsearched.
    pub fn field_towards(&self, starts: &[(Coord, Mp)], wanted: &[&HexSet]) -> Field {
        self.field_until(starts, Some(wanted))
    }

    /// The field, searched whole (`None`) or until a hex of each of `wanted` is settled.
    fn field_until(&self, starts: &[(Coord, Mp)], wanted: Option<&[&HexSet]>) -> Field {
        let mut wanted = Wanted::new(self.grid, wanted);
        // The costs below which every hex is final: all of them, unless the search stops.
        let mut limit = NONE;
        let n = self.grid.len();
        let mut cost = spare::filled(n, NONE);
        let mut from = spare::filled(n, START);
        let max_step = self.max_step;
        // Costs pending are within `max_step` of the one being settled: a ring of buckets.
        let ring = max_step as usize + 1;
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); ring];
        let mut pending = 0usize;
        let mut starts: Vec<(usize, u32)> = starts
            .iter()
            .filter_map(|(c, mp)| self.grid.index(*c).map(|i| (i, mp.in_sixths())))
            .collect();
        starts.sort_by_key(|s| s.1);
        // Starts may begin far apart in cost: they join the ring as the search reaches them.
        let mut next_start = 0;
        let mut d = starts.first().map_or(0, |s| s.1);
        let mut stop = wanted.done();
        loop {
            if stop {
                limit = d;
                break;
            }
            while next_start < starts.len() && starts[next_start].1 <= d.saturating_add(max_step) {
                let (i, c) = starts[next_start];
                if c < cost[i] {
                    cost[i] = c;
                    from[i] = START;
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
            // Last in, first out (a move that costs nothing joins the bucket being settled).
            while let Some(i) = buckets[b].pop() {
                pending -= 1;
                let i = i as usize;
                if cost[i] != d {
                    continue;
                }
                stop |= wanted.settle(i);
                let (offsets, prices) = (self.offsets(i), self.out[i]);
                for k in 0..6 {
                    // No branch on a move not allowed: its sum stays NONE, never cheaper.
                    let step = widen(prices[k]);
                    let c = d.saturating_add(step);
                    let j = i.wrapping_add_signed(offsets[k]);
                    if let Some(cj) = cost.get_mut(j)
                        && c < *cj
                    {
                        *cj = c;
                        from[j] = k as u8;
                        let mut s = b + step as usize;
                        if s >= ring {
                            s -= ring;
                        }
                        buckets[s].push(j as u32);
                        pending += 1;
                    }
                }
            }
            d += 1;
        }
        Field {
            grid: self.grid,
            steps: self.steps,
            cost,
            from,
            limit,
        }
    }

    /// The fewest Movement Phases from the start hexes to every hex for a unit of Movement
    /// Allowance `allowance` (4C, 4H). A start is `(hex, points spent in the first phase)`: 0 for
    /// a unit set up there, the cost of entering the map for one arriving there.
    pub fn phases(&self, starts: &[(Coord, Mp)], allowance: Mp) -> PhaseField {
        self.phases_until(starts, allowance, None)
    }

    /// [`CostTable::phases`], searched only until a hex of each of `wanted` is settled: exact
    /// for the hex of each of `wanted` reached in the fewest phases and its path
    /// ([`PhaseField::best_in`]).
    pub fn phases_towards(
        &self,
        starts: &[(Coord, Mp)],
        allowance: Mp,
        wanted: &[&HexSet],
    ) -> PhaseField {
        self.phases_until(starts, allowance, Some(wanted))
    }

    /// The phase field, searched whole (`None`) or until a hex of each of `wanted` is settled.
    fn phases_until(
        &self,
        starts: &[(Coord, Mp)],
        allowance: Mp,
        wanted: Option<&[&HexSet]>,
    ) -> PhaseField {
        let per = u64::from(allowance.in_sixths()) + 1;
        let ring = per + u64::from(self.max_step) + 1;
        // The ring settles a whole bucket at once, so no move may cost nothing. The heap
        // (rare: a huge allowance) searches the whole map.
        if self.min_step == 0 || ring > MAX_RING {
            self.phases_by_heap(starts, allowance)
        } else {
            let wanted = Wanted::new(self.grid, wanted);
            self.phases_by_buckets(starts, allowance, wanted)
        }
    }

    /// The start hexes as `(dense index, key)`; a start costing more than the allowance is none.
    fn phase_starts(&self, starts: &[(Coord, Mp)], ma: u32) -> Vec<(usize, u64)> {
        let per = u64::from(ma) + 1;
        starts
            .iter()
            .filter(|(_, mp)| mp.in_sixths() <= ma)
            .filter_map(|(c, mp)| Some((self.grid.index(*c)?, per + u64::from(mp.in_sixths()))))
            .collect()
    }

    /// [`CostTable::phases`] over a ring of buckets, one per key: a state is (phase, points
    /// spent in it), ordered lexicographically, as one key `phase × (allowance + 1) + spent`.
    /// The successor of a key is larger and at most one phase and one move beyond it.
    fn phases_by_buckets(
        &self,
        starts: &[(Coord, Mp)],
        allowance: Mp,
        mut wanted: Wanted,
    ) -> PhaseField {
        let n = self.grid.len();
        let ma = allowance.in_sixths();
        let per = u64::from(ma) + 1;
        let ring = (per + u64::from(self.max_step)) as usize + 1;
        let mut best = spare::filled(n, u64::MAX);
        let mut from = spare::filled(n, START);
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); ring];
        let mut pending = 0usize;
        let mut d = u64::MAX;
        for (i, k) in self.phase_starts(starts, ma) {
            if k < best[i] {
                best[i] = k;
                buckets[(k % ring as u64) as usize].push(i as u32);
                pending += 1;
                d = d.min(k);
            }
        }
        let mut b = (d % ring as u64) as usize;
        // The keys below which every hex is settled: all, unless the search stops.
        let mut limit = u64::MAX;
        let mut stop = wanted.done();
        while pending > 0 {
            if stop {
                limit = d;
                break;
            }
            let mut bucket = std::mem::take(&mut buckets[b]);
            // Row order: of two equal ways into a hex, the first settled is kept.
            bucket.sort_unstable();
            let spent = (d % per) as u32;
            let left = ma - spent;
            let next_phase = d - u64::from(spent) + per;
            for &i in &bucket {
                pending -= 1;
                let i = i as usize;
                if best[i] != d {
                    continue;
                }
                stop |= wanted.settle(i);
                let (offsets, prices) = (self.offsets(i), self.out[i]);
                for k in 0..6 {
                    let step = self.phase_step(prices[k], ma);
                    // In this phase when the points left pay for the move (4H), else in the
                    // next; never a move dearer than the allowance (no move included).
                    let next = if step <= left {
                        d + u64::from(step)
                    } else {
                        next_phase + u64::from(step)
                    };
                    let next = if step <= ma { next } else { u64::MAX };
                    let j = i.wrapping_add_signed(offsets[k]);
                    if let Some(bj) = best.get_mut(j)
                        && next < *bj
                    {
                        *bj = next;
                        from[j] = k as u8;
                        let mut s = b + (next - d) as usize;
                        if s >= ring {
                            s -= ring;
                        }
                        buckets[s].push(j as u32);
                        pending += 1;
                    }
                }
            }
            bucket.clear();
            buckets[b] = bucket;
            d += 1;
            b += 1;
            if b == ring {
                b = 0;
            }
        }
        PhaseField {
            grid: self.grid,
            steps: self.steps,
            per,
            best,
            from,
            limit,
        }
    }

    /// [`CostTable::phases`] with a priority queue ordered by (key, hex): the same answer as the
    /// ring, for any allowance and moves that cost nothing.
    fn phases_by_heap(&self, starts: &[(Coord, Mp)], allowance: Mp) -> PhaseField {
        let n = self.grid.len();
        let ma = allowance.in_sixths();
        let per = u64::from(ma) + 1;
        let mut best = spare::filled(n, u64::MAX);
        let mut from = spare::filled(n, START);
        let mut heap = BinaryHeap::new();
        for (i, k) in self.phase_starts(starts, ma) {
            if k < best[i] {
                best[i] = k;
                heap.push(Reverse((k, i as u32)));
            }
        }
        while let Some(Reverse((k, i))) = heap.pop() {
            let i = i as usize;
            if k != best[i] {
                continue;
            }
            let spent = (k % per) as u32;
            let next_phase = k - u64::from(spent) + per;
            let prices = self.out[i];
            for (dir, j) in self.grid.neighbor_slots(i).into_iter().enumerate() {
                let Some(j) = j else { continue };
                let step = self.phase_step(prices[dir], ma);
                if step > ma {
                    continue;
                }
                let next = if u64::from(spent) + u64::from(step) <= u64::from(ma) {
                    k + u64::from(step)
                } else {
                    next_phase + u64::from(step)
                };
                if next < best[j] {
                    best[j] = next;
                    from[j] = dir as u8;
                    heap.push(Reverse((next, j as u32)));
                }
            }
        }
        PhaseField {
            grid: self.grid,
            steps: self.steps,
            per,
            best,
            from,
            limit: u64::MAX,
        }
    }
}

/// The least cost from a set of start hexes to every hex.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    grid: Grid,
    steps: Steps,
    cost: Vec<u32>,
    /// How each hex was entered ([`START`]: it is a start hex).
    from: Vec<u8>,
    /// The costs below which every hex is settled ([`NONE`]: the whole map was searched); a
    /// hex at or beyond it is not known.
    limit: u32,
}

impl Drop for Field {
    fn drop(&mut self) {
        spare::give_back(std::mem::take(&mut self.cost));
        spare::give_back(std::mem::take(&mut self.from));
    }
}

impl Field {
    /// The least cost to reach `c`; `None` when no path reaches it (or, in a field searched
    /// towards some places, [`CostTable::field_towards`], when it was not settled).
    pub fn cost(&self, c: Coord) -> Option<Mp> {
        let i = self.grid.index(c)?;
        (self.cost[i] < self.limit).then(|| Mp::sixths(self.cost[i]))
    }

    /// Does the field tell [`Field::best_in`] of `targets` exactly: was it searched whole, or
    /// far enough to settle a hex of them (an empty set has none to find)?
    pub fn answers(&self, targets: &HexSet) -> bool {
        self.limit == NONE
            || targets.is_empty()
            || targets.indices().any(|i| self.cost[i] < self.limit)
    }

    /// The cheapest hex of `targets` and its cost (the first in row order on a tie); in a
    /// field searched towards some places, exact for those ([`Field::answers`]).
    pub fn best_in(&self, targets: &HexSet) -> Option<(Coord, Mp)> {
        targets
            .indices()
            .filter(|i| self.cost[*i] < self.limit)
            .min_by_key(|i| (self.cost[*i], *i))
            .map(|i| (self.grid.coord_at(i), Mp::sixths(self.cost[i])))
    }

    /// A least-cost path from a start hex to `c`, both included.
    pub fn path_to(&self, c: Coord) -> Option<Vec<Coord>> {
        let i = self.grid.index(c)?;
        path(
            self.grid,
            self.steps,
            &self.from,
            i,
            self.cost[i] < self.limit,
        )
    }

    /// The hexes reached for at most `mp` (of a field searched whole).
    pub fn within(&self, mp: Mp) -> HexSet {
        HexSet::from_index_fn(self.grid, |i| {
            self.cost[i] <= mp.in_sixths() && self.cost[i] < self.limit
        })
    }
}

/// The fewest Movement Phases from a set of start hexes to every hex.
#[derive(Debug, Clone, PartialEq)]
pub struct PhaseField {
    grid: Grid,
    steps: Steps,
    per: u64,
    best: Vec<u64>,
    /// How each hex was entered ([`START`]: it is a start hex).
    from: Vec<u8>,
    /// The keys below which every hex is settled (`u64::MAX`: the whole map was searched).
    limit: u64,
}

impl Drop for PhaseField {
    fn drop(&mut self) {
        spare::give_back(std::mem::take(&mut self.best));
        spare::give_back(std::mem::take(&mut self.from));
    }
}

impl PhaseField {
    /// The Movement Phases needed to stand in `c` (0 for a start hex a unit is set up on);
    /// `None` when no path reaches it.
    pub fn phases(&self, c: Coord) -> Option<u32> {
        let k = *self.best.get(self.grid.index(c)?)?;
        (k < self.limit).then(|| {
            let (phase, spent) = ((k / self.per) as u32, k % self.per);
            if phase == 1 && spent == 0 { 0 } else { phase }
        })
    }

    /// The hex of `targets` reached in the fewest phases, and that number (the first in row
    /// order on a tie).
    pub fn best_in(&self, targets: &HexSet) -> Option<(Coord, u32)> {
        let i = targets
            .indices()
            .filter(|i| self.best[*i] < self.limit)
            .min_by_key(|i| (self.best[*i], *i))?;
        let c = self.grid.coord_at(i);
        Some((c, self.phases(c)?))
    }

    /// A path reaching `c` in the fewest phases, from a start hex, both included.
    pub fn path_to(&self, c: Coord) -> Option<Vec<Coord>> {
        let i = self.grid.index(c)?;
        path(
            self.grid,
            self.steps,
            &self.from,
            i,
            self.best[i] < self.limit,
        )
    }

    /// The hexes reached within `phases` Movement Phases (the editor's bands).
    pub fn within(&self, phases: u32) -> HexSet {
        HexSet::from_index_fn(self.grid, |i| {
            self.best[i] < self.limit
                && self
                    .phases(self.grid.coord_at(i))
                    .is_some_and(|p| p <= phases)
        })
    }
}

/// Walk the `from` links back from `end` to a start hex.
fn path(grid: Grid, steps: Steps, from: &[u8], end: usize, reached: bool) -> Option<Vec<Coord>> {
    if !reached {
        return None;
    }
    let mut out = vec![grid.coord_at(end)];
    let (mut i, mut line) = (end, Steps::line(grid, end));
    while let Some(k) = from.get(i).map(|k| *k as usize).filter(|k| *k < 6) {
        // The hex it was entered from: one step back, from that hex's line.
        line ^= steps.flips[k];
        i = i.wrapping_add_signed(-steps.offsets[line as usize][k]);
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
mod tests;
