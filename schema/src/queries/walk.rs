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
use crate::queries::spare;

/// No bank: a river hex.
const NO_BANK: u32 = u32::MAX;

/// The most states one search keeps (hexes × banks + 1 × modes): past it a crossing rule is
/// left out of the search (a reading that lets the side do more, so never a false finding).
pub const MAX_STATES: usize = 12_000_000;

/// The banks of the river hexes a crossing rule concerns: every other hex belongs to one bank
/// (the land it is connected to without crossing a river hex).
#[derive(Debug, Clone, PartialEq)]
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
        } else if self.bank[j] != NO_BANK && self.disallowed[i] && l != 0 && l - 1 != self.bank[j] {
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
            .filter_map(|(c, mp)| Some((grid.index(*c)? * layers, u64::from(mp.in_sixths()))))
            .collect();
        let (key, path) = self.search(layers, 1, &starts, targets, |i, l, _, key, push| {
            for (j, p) in self.table.moves(i) {
                if let Some(l2) = self.step(layers, i, l, j) {
                    push(j, l2, NORMAL, key + u64::from(p));
                }
            }
        })?;
        Some((Mp::sixths(u32::try_from(key).ok()?), path))
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
        let ma_sixths = allowance.in_sixths();
        let ma = u64::from(ma_sixths);
        let cc = charge.map_or(0, |c| u64::from(c.allowance.in_sixths()));
        let per = ma.max(cc) + 1;
        let may_charge = |from: Option<usize>, to: usize| {
            charge.is_some_and(|c| (c.may_enter)(from.map(|f| grid.coord_at(f)), grid.coord_at(to)))
        };
        let mut first = Vec::new();
        for (c, mp) in starts {
            let (Some(i), spent) = (grid.index(*c), u64::from(mp.in_sixths())) else {
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
                // A normal move dearer than the allowance may take a whole phase (M&S 4.3), as
                // the table's phase search prices it; a charge pays the move's price.
                let normal = u64::from(self.table.phase_price(p, ma_sixths));
                let p = u64::from(p);
                // On in this phase (a disrupted unit has made its one move).
                match m {
                    NORMAL if spent + normal <= ma => push(j, l2, NORMAL, key + normal),
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
                if normal <= ma {
                    push(j, l2, NORMAL, next + normal);
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
        // The thread's spare buffers, as the cost table's searches take theirs: a search that
        // mapped its states afresh paid for them again in page faults and the kernel's zeroing.
        let mut best = spare::filled(n, u64::MAX);
        let mut pred = spare::filled(n, u32::MAX);
        let mut heap = BinaryHeap::new();
        for (s, k) in starts {
            if *k < best[*s] {
                best[*s] = *k;
                heap.push(Reverse((*k, *s)));
            }
        }
        let mut way = None;
        while let Some(Reverse((key, s))) = heap.pop() {
            if key != best[s] {
                continue;
            }
            let (i, l, m) = (s / (layers * modes), (s / modes) % layers, s % modes);
            if targets.contains_index(i) {
                let mut path = vec![grid.coord_at(i)];
                let mut at = s;
                while pred[at] != u32::MAX && path.len() <= n {
                    at = pred[at] as usize;
                    path.push(grid.coord_at(at / (layers * modes)));
                }
                path.reverse();
                way = Some((key, path));
                break;
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
        spare::give_back(best);
        spare::give_back(pred);
        way
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::map::{Cell, Map, Road, RoadKind, SideKey};
    use crate::queries::movement::Movement;
    use crate::ruleset::Terrain;

    fn cell(terrain: Terrain) -> Cell {
        Cell {
            terrain,
            slope: false,
        }
    }

    /// A charge into clear, flat hexes only (the lenient reading).
    fn clear_only(m: &Map) -> impl Fn(Option<Coord>, Coord) -> bool + '_ {
        |_, to| {
            m.cell(to)
                .is_some_and(|c| c.terrain == Terrain::Clear && !c.slope)
        }
    }

    fn one(c: Coord) -> Vec<(Coord, Mp)> {
        vec![(c, Mp::ZERO)]
    }

    #[test]
    fn a_charge_moves_twelve_over_clear_terrain_only_4k() {
        // A row of 16 clear hexes.
        let m = Map::blank("t", "Test", 16, 1);
        let t = CostTable::new(&Movement::new(&m, m.rules()));
        let walk = Walk {
            table: &t,
            crossing: None,
        };
        let may = clear_only(&m);
        let charge = Charge {
            allowance: Mp::whole(12),
            may_enter: &may,
        };
        let at = |c| HexSet::from_coords(m.grid, [Coord(c, 1)]);
        // All clear: 12 hexes in one charging phase (4K), 3 phases at allowance 4.
        assert_eq!(
            walk.phases(&one(Coord(1, 1)), Mp::whole(4), Some(&charge), &at(13))
                .map(|w| w.0),
            Some(1)
        );
        assert_eq!(
            walk.phases(&one(Coord(1, 1)), Mp::whole(4), None, &at(13))
                .map(|w| w.0),
            Some(3)
        );
        // Then disrupted: one hex in the next phase (6.0 A), charging again the phase after:
        // hex 14 in phase 2, hex 16 in phase 3 (14 + 2 = 16 at 4 MP: phase 3 as well).
        assert_eq!(
            walk.phases(&one(Coord(1, 1)), Mp::whole(4), Some(&charge), &at(14))
                .map(|w| w.0),
            Some(2)
        );
        // Woods at hex 8.
        let mut m = m.clone();
        m.set_cell(Coord(8, 1), cell(Terrain::Woods));
        let at = |c| HexSet::from_coords(m.grid, [Coord(c, 1)]);
        let t = CostTable::new(&Movement::new(&m, m.rules()));
        let walk = Walk {
            table: &t,
            crossing: None,
        };
        let may = clear_only(&m);
        let charge = Charge {
            allowance: Mp::whole(12),
            may_enter: &may,
        };
        // The woods stop a charge (4K, 2): charge to hex 7 (6 MP), disrupted into the woods
        // (phase 2: one hex, whatever it costs), charge on to hex 13 (phase 3). Without the
        // rule a charge would run through the woods (13 MP: 12 then 1) in 2 phases.
        let w = walk.phases(&one(Coord(1, 1)), Mp::whole(4), Some(&charge), &at(13));
        assert_eq!(w.as_ref().map(|w| w.0), Some(3));
        assert_eq!(w.map(|w| w.1.len()), Some(13));
        // At allowance 4 alone: 1..7 is 6, woods 2, then 5 more: 13 MP, 4 phases (4C, 4H).
        assert_eq!(
            walk.phases(&one(Coord(1, 1)), Mp::whole(4), None, &at(13))
                .map(|w| w.0),
            Some(4)
        );
    }

    #[test]
    fn a_charge_enters_its_first_hex_from_off_the_map_only_if_clear_4k() {
        let mut m = Map::blank("t", "Test", 14, 1);
        m.set_cell(Coord(1, 1), cell(Terrain::Woods));
        let t = CostTable::new(&Movement::new(&m, m.rules()));
        let walk = Walk {
            table: &t,
            crossing: None,
        };
        let may = clear_only(&m);
        let charge = Charge {
            allowance: Mp::whole(12),
            may_enter: &may,
        };
        let end = HexSet::from_coords(m.grid, [Coord(12, 1)]);
        // Arriving in the woods (2 MP): no charge in that phase, which ends two clear hexes on
        // at hex 3 (2 + 1 + 1); a charge then runs the nine hexes to 12. Without charging,
        // 2 + 11 = 13 MP at allowance 4 is 4 phases.
        let w = walk.phases(
            &[(Coord(1, 1), Mp::whole(2))],
            Mp::whole(4),
            Some(&charge),
            &end,
        );
        assert_eq!(w.map(|w| w.0), Some(2));
        let alone = walk.phases(&[(Coord(1, 1), Mp::whole(2))], Mp::whole(4), None, &end);
        assert_eq!(alone.map(|w| w.0), Some(4));
    }

    /// A river across a 5 × 5 map at row 3, with a bridge at (2, 3) and another at (4, 3), a
    /// road over each.
    fn river() -> (Map, HexSet, HexSet) {
        let mut m = Map::blank("t", "Test", 5, 5);
        for c in 1..=5 {
            m.set_cell(Coord(c, 3), cell(Terrain::River));
        }
        m.set_cell(Coord(2, 3), cell(Terrain::Bridge));
        m.set_cell(Coord(4, 3), cell(Terrain::Bridge));
        for c in [2, 4] {
            m.roads.push(Road {
                name: None,
                kind: RoadKind::Minor,
                hexes: vec![Coord(c, 2), Coord(c, 3), Coord(c, 4)],
            });
        }
        let river = HexSet::from_fn(m.grid, |c| c.1 == 3);
        let allowed = HexSet::from_coords(m.grid, [Coord(4, 3)]);
        (m, river, allowed)
    }

    #[test]
    fn a_crossing_rule_restricts_crossing_not_entering() {
        let (m, river, allowed) = river();
        let t = CostTable::new(&Movement::new(&m, m.rules()));
        let crossing = Crossing::new(&river, &allowed);
        let walk = Walk {
            table: &t,
            crossing: Some(&crossing),
        };
        let start = one(Coord(2, 4));
        let at = |c: Coord| HexSet::from_coords(m.grid, [c]);
        // "Crosses only at (4, 3)": the bridge at (2, 3) is stepped onto from its own bank
        // along the road, ⅓ MP (the B14 from the side's own bank).
        assert_eq!(
            walk.least(&start, &at(Coord(2, 3))).map(|w| w.0),
            Some(Mp::thirds(1))
        );
        // Across: not over (2, 3) but round by (4, 3): (3, 4) 1 and (4, 4) 1 (no road
        // hexside between them), (4, 3) ⅓ and (4, 2) ⅓ along the road, (3, 2) 1 and (2, 2) 1:
        // 4⅔ MP. Over the bridge it would be ⅔.
        let across = walk.least(&start, &at(Coord(2, 2)));
        assert_eq!(across.as_ref().map(|w| w.0), Some(Mp::thirds(14)));
        assert!(!across.unwrap().1.contains(&Coord(2, 3)));
        let free = Walk {
            table: &t,
            crossing: None,
        };
        assert_eq!(
            free.least(&start, &at(Coord(2, 2))).map(|w| w.0),
            Some(Mp::thirds(2))
        );
        // In and back out to the same bank is no crossing; from (1, 4) to (3, 4) the way along
        // the bank, 2 MP, is as cheap as any.
        assert_eq!(
            walk.least(&one(Coord(1, 4)), &at(Coord(3, 4))).map(|w| w.0),
            Some(Mp::whole(2))
        );
        // Phases agree: the far bank at allowance 3 takes 2 phases (4⅔ MP).
        assert_eq!(
            walk.phases(&start, Mp::whole(3), None, &at(Coord(2, 2)))
                .map(|w| w.0),
            Some(2)
        );
        // Starting in the river: no bank entered from, out either way.
        assert_eq!(
            walk.least(&one(Coord(1, 3)), &at(Coord(1, 2))).map(|w| w.0),
            Some(Mp::whole(1))
        );
        assert_eq!(
            walk.least(&one(Coord(1, 3)), &at(Coord(1, 4))).map(|w| w.0),
            Some(Mp::whole(1))
        );
    }

    #[test]
    fn a_river_walk_that_passes_the_allowed_crossing_may_leave_on_the_far_bank() {
        let (m, river, allowed) = river();
        let t = CostTable::new(&Movement::new(&m, m.rules()));
        let crossing = Crossing::new(&river, &allowed);
        // In at (5, 3) from the south bank, through the allowed (4, 3), out north of (5, 3):
        // the walk crossed at (4, 3).
        let (i53, i43, i52) = (
            m.grid.index(Coord(5, 3)).unwrap(),
            m.grid.index(Coord(4, 3)).unwrap(),
            m.grid.index(Coord(5, 2)).unwrap(),
        );
        let south = crossing
            .step(m.grid.index(Coord(5, 4)).unwrap(), 0, i53)
            .unwrap();
        assert_eq!(crossing.step(i53, south, i52), None);
        // Back out on the bank it went in from: no crossing.
        let i54 = m.grid.index(Coord(5, 4)).unwrap();
        assert_eq!(crossing.step(i53, south, i54), Some(0));
        let freed = crossing.step(i53, south, i43).unwrap();
        assert_eq!(freed, 0);
        assert_eq!(crossing.step(i43, freed, i53), Some(0));
        assert_eq!(crossing.step(i53, 0, i52), Some(0));
        // Two banks: north and south of the river.
        assert_eq!(crossing.banks, 2);
        // Along the walk: in from the south, through (4, 3), out to the north.
        let walk = Walk {
            table: &t,
            crossing: Some(&crossing),
        };
        let w = walk.least(
            &one(Coord(5, 4)),
            &HexSet::from_coords(m.grid, [Coord(5, 2)]),
        );
        assert!(w.is_some_and(|w| w.1.contains(&Coord(4, 3))));
    }

    use proptest::prelude::*;

    proptest! {
        /// Without a crossing rule or a charge, the walk finds the cost and the phases of the
        /// table's own searches (one truth for `analyze` and `check`).
        #[test]
        fn the_walk_agrees_with_the_table(
            cells in proptest::collection::vec(0u8..7, 36),
            ridges in proptest::collection::vec((0u8..36, 0u8..6), 0..10),
            start in 0u8..36, target in 0u8..36, spent in 0u32..6, ma in 1u32..6,
        ) {
            let mut m = Map::blank("t", "Test", 6, 6);
            for (i, t) in cells.iter().enumerate() {
                m.cells[i] = cell(Terrain::ALL[*t as usize % Terrain::ALL.len()]);
            }
            for (a, k) in ridges {
                let a = m.grid.coord_at(a as usize);
                if let Some(b) = m.grid.neighbors(a).nth(k as usize % 6) {
                    m.ridges.insert(SideKey::new(a, b));
                }
            }
            let t = CostTable::new(&Movement::new(&m, m.rules()));
            let walk = Walk { table: &t, crossing: None };
            let starts = vec![(m.grid.coord_at(start as usize), Mp::thirds(spent))];
            let end = HexSet::from_coords(m.grid, [m.grid.coord_at(target as usize)]);
            let f = t.field(&starts);
            prop_assert_eq!(walk.least(&starts, &end).map(|w| w.0), f.best_in(&end).map(|b| b.1));
            let p = t.phases(&starts, Mp::whole(ma));
            prop_assert_eq!(
                walk.phases(&starts, Mp::whole(ma), None, &end).map(|w| w.0),
                p.best_in(&end).map(|b| b.1)
            );
        }
    }
}
