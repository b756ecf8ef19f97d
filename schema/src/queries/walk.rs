//! Searches whose moves depend on more than the hex a unit stands on, over a [`CostTable`]'s
//! prices:
//! - a crossing rule read as a restriction on crossing ([`Crossing`]: "may cross the river
//!   only at B15"): any river hex may be entered, but a unit that went into the river from one
//!   bank comes out on that bank unless it passed an allowed crossing hex on the way;
//! - the Cavalry Charge (4K): in any Movement Phase a mounted unit may move up to twelve
//!   Movement Points, but only into Clear Terrain hexes, and it is then disrupted (4K, 3) for
//!   its next Movement Phase, in which it moves one hex whatever the terrain costs (6.0 A) and
//!   may not charge (a disrupted unit may not attack, 6.0 A, and a charge must, 4K, 1).
//!
//! One Dijkstra search over states (hex, layer, mode): the layer is the bank a unit in a river
//! hex entered it from (0: none, or it passed an allowed crossing), the mode is how the current
//! Movement Phase is moved (normal, charging, disrupted). A state's key is its cost, or, for the
//! phase search, (phase, points spent in it) as one number, as [`CostTable::phases`] counts.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::model::hex::Coord;
use crate::model::hex_set::HexSet;
use crate::queries::movement::Mp;
use crate::queries::reach::CostTable;

/// No bank: a river hex.
const NO_BANK: u32 = u32::MAX;

/// The most states one search keeps (hexes × banks + 1 × modes): past it a crossing rule is
/// left out of the search (a reading that lets the side do more, so never a false finding).
pub const MAX_STATES: usize = 12_000_000;

/// The banks of the river hexes a crossing rule concerns: every other hex belongs to one bank
/// (the land it is connected to without crossing a river hex).
#[derive(Debug, Clone)]
pub struct Crossing {
    bank: Vec<u32>,
    disallowed: Vec<bool>,
    banks: u32,
}

impl Crossing {
    /// The banks the `river` hexes divide the map into; the river hexes outside `allowed` are
    /// crossed only where a unit passes an allowed one.
    pub fn new(river: &HexSet, allowed: &HexSet) -> Crossing {
        let grid = river.grid();
        let n = grid.len();
        let mut bank = vec![NO_BANK; n];
        let mut banks = 0;
        let is_river: Vec<bool> = {
            let mut v = vec![false; n];
            river.indices().for_each(|i| v[i] = true);
            v
        };
        let mut stack = Vec::new();
        for s in 0..n {
            if is_river[s] || bank[s] != NO_BANK {
                continue;
            }
            bank[s] = banks;
            stack.push(s);
            while let Some(i) = stack.pop() {
                for j in grid.neighbor_indices(i) {
                    if !is_river[j] && bank[j] == NO_BANK {
                        bank[j] = banks;
                        stack.push(j);
                    }
                }
            }
            banks += 1;
        }
        let mut disallowed = is_river;
        allowed.indices().for_each(|i| disallowed[i] = false);
        Crossing {
            bank,
            disallowed,
            banks,
        }
    }

    /// The layers of a search: none, and one per bank.
    fn layers(&self) -> usize {
        self.banks as usize + 1
    }

    /// The layer after a move from hex `i` (in layer `l`) into its neighbour `j`; `None` when
    /// the move crosses the river where the rule does not allow it.
    fn step(&self, i: usize, l: u32, j: usize) -> Option<u32> {
        if self.disallowed[j] {
            // Into the river from a bank: remember the bank; along the river: carry it on.
            Some(if self.bank[i] != NO_BANK {
                1 + self.bank[i]
            } else {
                l
            })
        } else if self.bank[j] != NO_BANK && self.disallowed[i] && l != 0 && l - 1 != self.bank[j]
        {
            None
        } else {
            Some(0)
        }
    }
}

/// A Cavalry Charge (4K): its allowance and the moves it may make.
pub struct Charge<'a> {
    /// Twelve Movement Points (4K).
    pub allowance: Mp,
    /// May a charge make this move (from the hex, or from off the map when `None`, into the
    /// hex)? Only into Clear Terrain hexes (4K, 2).
    pub may_enter: &'a dyn Fn(Option<Coord>, Coord) -> bool,
}

/// The way to a target: its cost or phases, and the path from a start hex, both included.
pub type Way<T> = Option<(T, Vec<Coord>)>;

/// Searches over one table, with a crossing rule or none.
pub struct Walk<'a> {
    /// The prices of the moves.
    pub table: &'a CostTable,
    /// The crossing rule read as a restriction on crossing, if any.
    pub crossing: Option<&'a Crossing>,
}

/// The modes of a Movement Phase.
const NORMAL: usize = 0;
const CHARGING: usize = 1;
const DISRUPTED: usize = 2;

impl Walk<'_> {
    /// The layers this search uses (one when the crossing rule is left out for size).
    fn layers(&self, modes: usize) -> usize {
        match self.crossing {
            Some(c) if self.table.grid().len() * c.layers() * modes <= MAX_STATES => c.layers(),
            _ => 1,
        }
    }

    /// The least cost from the starts (each with the points spent to stand there) to a hex of
    /// `targets`, and its path.
    pub fn least(&self, starts: &[(Coord, Mp)], targets: &HexSet) -> Way<Mp> {
        let layers = self.layers(1);
        let grid = self.table.grid();
        let starts: Vec<(usize, u64)> = starts
            .iter()
            .filter_map(|(c, mp)| Some((grid.index(*c)? * layers, u64::from(mp.in_thirds()))))
            .collect();
        let (key, path) = self.search(layers, 1, &starts, targets, |i, l, _, key, push| {
            for (j, p) in self.table.moves(i) {
                if let Some(l2) = self.step(layers, i, l, j) {
                    push(j, l2, NORMAL, key + u64::from(p));
                }
            }
        })?;
        Some((Mp::thirds(u32::try_from(key).ok()?), path))
    }

    /// The fewest Movement Phases from the starts (each with the points spent in the first
    /// phase) to a hex of `targets` at Movement Allowance `allowance` (4C, 4H), charging where
    /// it helps when `charge` is given; 0 for a start hex a unit is set up on.
    pub fn phases(
        &self,
        starts: &[(Coord, Mp)],
        allowance: Mp,
        charge: Option<&Charge>,
        targets: &HexSet,
    ) -> Way<u32> {
        let modes = if charge.is_some() { 3 } else { 1 };
        let layers = self.layers(modes);
        let grid = self.table.grid();
        let ma = u64::from(allowance.in_thirds());
        let cc = charge.map_or(0, |c| u64::from(c.allowance.in_thirds()));
        let per = ma.max(cc) + 1;
        let may_charge = |from: Option<usize>, to: usize| {
            charge.is_some_and(|c| (c.may_enter)(from.map(|f| grid.coord_at(f)), grid.coord_at(to)))
        };
        let mut first = Vec::new();
        for (c, mp) in starts {
            let (Some(i), spent) = (grid.index(*c), u64::from(mp.in_thirds())) else {
                continue;
            };
            if spent <= ma {
                first.push((i * layers * modes + NORMAL, per + spent));
            }
            if charge.is_some() && spent <= cc && (spent == 0 || may_charge(None, i)) {
                first.push((i * layers * modes + CHARGING, per + spent));
            }
        }
        let (key, path) = self.search(layers, modes, &first, targets, |i, l, m, key, push| {
            let (phase, spent) = (key / per, key % per);
            for (j, p) in self.table.moves(i) {
                let Some(l2) = self.step(layers, i, l, j) else {
                    continue;
                };
                let p = u64::from(p);
                // On in this phase (a disrupted unit has made its one move).
                match m {
                    NORMAL if spent + p <= ma => push(j, l2, NORMAL, key + p),
                    CHARGING if spent + p <= cc && may_charge(Some(i), j) => {
                        push(j, l2, CHARGING, key + p)
                    }
                    _ => {}
                }
                // Or in the next. After a charge the unit is disrupted (4K, 3): one hex,
                // whatever it costs (6.0 A), which spends the phase.
                let next = (phase + 1) * per;
                if m == CHARGING {
                    push(j, l2, DISRUPTED, next + per - 1);
                    continue;
                }
                if p <= ma {
                    push(j, l2, NORMAL, next + p);
                }
                if charge.is_some() && p <= cc && may_charge(Some(i), j) {
                    push(j, l2, CHARGING, next + p);
                }
            }
        })?;
        let (phase, spent) = (key / per, key % per);
        let phases = if phase == 1 && spent == 0 { 0 } else { phase };
        Some((u32::try_from(phases).ok()?, path))
    }

    /// The layer after a move, in a search of `layers` layers (one: no crossing rule).
    fn step(&self, layers: usize, i: usize, l: usize, j: usize) -> Option<usize> {
        match self.crossing {
            Some(c) if layers > 1 => c.step(i, l as u32, j).map(|l| l as usize),
            _ => Some(0),
        }
    }

    /// Dijkstra's search over states `(hex × layers + layer) × modes + mode` from the start
    /// states (with their keys) to the first state on a hex of `targets`; `expand` pushes the
    /// successors of a state `(hex, layer, mode, key)`.
    fn search(
        &self,
        layers: usize,
        modes: usize,
        starts: &[(usize, u64)],
        targets: &HexSet,
        mut expand: impl FnMut(usize, usize, usize, u64, &mut dyn FnMut(usize, usize, usize, u64)),
    ) -> Option<(u64, Vec<Coord>)> {
        let grid = self.table.grid();
        let n = grid.len() * layers * modes;
        let mut target = vec![false; grid.len()];
        targets.indices().for_each(|i| target[i] = true);
        let mut best = vec![u64::MAX; n];
        let mut pred = vec![u32::MAX; n];
        let mut heap = BinaryHeap::new();
        for (s, k) in starts {
            if *k < best[*s] {
                best[*s] = *k;
                heap.push(Reverse((*k, *s)));
            }
        }
        while let Some(Reverse((key, s))) = heap.pop() {
            if key != best[s] {
                continue;
            }
            let (i, l, m) = (s / (layers * modes), (s / modes) % layers, s % modes);
            if target[i] {
                let mut path = vec![grid.coord_at(i)];
                let mut at = s;
                while pred[at] != u32::MAX && path.len() <= n {
                    at = pred[at] as usize;
                    path.push(grid.coord_at(at / (layers * modes)));
                }
                path.reverse();
                return Some((key, path));
            }
            expand(i, l, m, key, &mut |j, l2, m2, k2| {
                let t = (j * layers + l2) * modes + m2;
                if k2 < best[t] {
                    best[t] = k2;
                    pred[t] = s as u32;
                    heap.push(Reverse((k2, t)));
                }
            });
        }
        None
    }
}
