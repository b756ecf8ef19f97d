//! A map's terrain as the engine reads it when the map brings its own Terrain Effects Chart: the
//! chart's rows as data (per kind of hex or hexside terrain: the cost for each movement class
//! or "prohibited", whether it blocks sight, its defence effect), and the kinds each hex and
//! hexside holds, by row. The ids are the game's own (a map's `woods`, `stream`).
//!
//! A game's files lower into it without loss of what the queries and the drawings ask (each
//! game's lowering, called by its front end, `GameFrontEnd::load_map`). Rifle & Saber maps
//! keep their chart in their ruleset (9.2, built-in data over `Map::cells` and `Map::ridges`);
//! the queries read either through `queries::effective_terrain`, never a game's file.

use std::collections::BTreeMap;

use crate::model::hex::SideKey;
use crate::model::hex::{Coord, Grid};

/// What entering a hex of a kind (or crossing a hexside of it) costs one movement class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KindCost {
    /// Movement Points to enter the hex.
    Enter(u32),
    /// Movement Points added to the cost of the hex entered (a hexside's "+1", M&S 4.3).
    Plus(u32),
    /// The class may not enter (or cross) it.
    Prohibited,
}

/// One row of a chart: a kind of hex or hexside terrain and its effects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindRow {
    /// The kind's id, as the game's files name it.
    pub id: String,
    /// A hexside kind (else a hex kind).
    pub on_hexside: bool,
    /// The cost for each movement class, in the order of [`KindTerrain::classes`]; `None`
    /// where the chart leaves the column blank.
    pub costs: Vec<Option<KindCost>>,
    /// Blocks line of sight.
    pub blocks_sight: bool,
    /// Added to the defender's strength, where the game has such a column.
    pub defence: Option<i32>,
    /// The row as the map key prints it, worded by its game: the kind, its costs by class,
    /// then its other effects (the drawing's key and the card's).
    pub key: Vec<String>,
}

/// A map's terrain in the kinds of its own chart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindTerrain {
    /// The movement classes, each a cost column of the chart (`infantry`, `cavalry`, …).
    pub classes: Vec<String>,
    /// The chart's rows, in the chart's order.
    pub rows: Vec<KindRow>,
    /// Movement Points to enter a hex none of whose kinds gives the class a cost (M&S 4.3:
    /// "Entering a clear hex across a clear hexside costs 1 MP").
    pub plain_cost: u32,
    /// The rows of the kinds in each hex, row-major (`grid.len()` of them).
    pub cells: Vec<Vec<usize>>,
    /// The rows of the kinds on each hexside that has any.
    pub hexsides: BTreeMap<SideKey, Vec<usize>>,
    /// The mixes of several hex kinds the map declares for one hex (M&S 2.2: "one or more
    /// kinds of terrain"), in the order its file gives them: the key shows each.
    pub mixes: Vec<Vec<usize>>,
}

impl KindTerrain {
    /// The rows of the kinds in a hex (none off the map).
    pub fn kinds_at(&self, grid: &Grid, c: Coord) -> &[usize] {
        grid.index(c)
            .and_then(|i| self.cells.get(i))
            .map_or(&[], Vec::as_slice)
    }

    /// The rows of the kinds on the hexside between `a` and `b`.
    pub fn side_kinds(&self, a: Coord, b: Coord) -> &[usize] {
        self.hexsides
            .get(&SideKey::new(a, b))
            .map_or(&[], Vec::as_slice)
    }

    /// The column of a movement class.
    pub fn class(&self, name: &str) -> Option<usize> {
        self.classes.iter().position(|c| c == name)
    }

    /// Does a kind of the hex block sight?
    pub fn hex_blocks_sight(&self, grid: &Grid, c: Coord) -> bool {
        self.kinds_at(grid, c)
            .iter()
            .any(|k| self.rows[*k].blocks_sight)
    }

    /// Does a kind of the hexside between `a` and `b` block sight?
    pub fn side_blocks_sight(&self, a: Coord, b: Coord) -> bool {
        self.side_kinds(a, b)
            .iter()
            .any(|k| self.rows[*k].blocks_sight)
    }

    /// Whole Movement Points for class `class` to enter hex `c` across a hexside adding
    /// nothing; `None` off the map or where a kind of it prohibits the class.
    ///
    /// A hex of several kinds (M&S 2.2: "one or more kinds of terrain") pays the dearest of its
    /// kinds' costs, plus every `Plus` among them; the rules text does not say how kinds
    /// combine: a reading (README, "Readings"). A kind whose column is blank costs what a hex
    /// of no kind costs, [`KindTerrain::plain_cost`].
    pub fn hex_cost(&self, grid: &Grid, class: usize, c: Coord) -> Option<u32> {
        if !grid.contains(c) {
            return None;
        }
        let mut enter: Option<u32> = None;
        let mut plus = 0u32;
        for k in self.kinds_at(grid, c) {
            match self.rows[*k].costs.get(class).copied().flatten() {
                Some(KindCost::Prohibited) => return None,
                Some(KindCost::Enter(n)) => enter = Some(enter.map_or(n, |e| e.max(n))),
                Some(KindCost::Plus(n)) => plus = plus.saturating_add(n),
                None => enter = Some(enter.map_or(self.plain_cost, |e| e.max(self.plain_cost))),
            }
        }
        Some(enter.unwrap_or(self.plain_cost).saturating_add(plus))
    }

    /// Whole Movement Points class `class` adds for crossing the hexside between `a` and `b`
    /// (M&S 4.3: "+1" on the chart); `None` where a kind on it prohibits the crossing.
    pub fn side_cost(&self, class: usize, a: Coord, b: Coord) -> Option<u32> {
        let mut extra = 0u32;
        for k in self.side_kinds(a, b) {
            match self.rows[*k].costs.get(class).copied().flatten() {
                Some(KindCost::Prohibited) => return None,
                Some(KindCost::Plus(n) | KindCost::Enter(n)) => extra = extra.saturating_add(n),
                None => {}
            }
        }
        Some(extra)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::hex::{Orientation, Parity};

    fn grid() -> Grid {
        Grid {
            width: 3,
            height: 1,
            orientation: Orientation::Flat,
            parity: Parity::EvenShoved,
            numbering: Default::default(),
        }
    }

    fn row(id: &str, on_hexside: bool, costs: Vec<Option<KindCost>>) -> KindRow {
        KindRow {
            id: id.into(),
            on_hexside,
            costs,
            blocks_sight: false,
            defence: None,
            key: vec![id.into()],
        }
    }

    #[test]
    fn a_hex_pays_its_dearest_kind_and_a_prohibiting_kind_closes_it() {
        use KindCost::{Enter, Plus, Prohibited};
        let t = KindTerrain {
            classes: vec!["foot".into(), "guns".into()],
            rows: vec![
                row("woods", false, vec![Some(Enter(2)), Some(Prohibited)]),
                row("hill", false, vec![Some(Enter(3)), Some(Enter(3))]),
                row("mud", false, vec![Some(Plus(1)), None]),
                row("wall", true, vec![Some(Plus(1)), Some(Prohibited)]),
            ],
            plain_cost: 1,
            cells: vec![vec![0, 1], vec![2], vec![]],
            hexsides: BTreeMap::from([(SideKey::new(Coord(1, 1), Coord(2, 1)), vec![3])]),
            mixes: vec![vec![0, 1]],
        };
        let g = grid();
        assert_eq!(t.hex_cost(&g, 0, Coord(1, 1)), Some(3));
        assert_eq!(t.hex_cost(&g, 1, Coord(1, 1)), None);
        // A `Plus` hex kind adds to the plain cost; a blank column costs the plain cost.
        assert_eq!(t.hex_cost(&g, 0, Coord(2, 1)), Some(2));
        assert_eq!(t.hex_cost(&g, 1, Coord(2, 1)), Some(1));
        assert_eq!(t.hex_cost(&g, 0, Coord(3, 1)), Some(1));
        assert_eq!(t.hex_cost(&g, 0, Coord(4, 1)), None);
        assert_eq!(t.side_cost(0, Coord(2, 1), Coord(1, 1)), Some(1));
        assert_eq!(t.side_cost(1, Coord(1, 1), Coord(2, 1)), None);
        assert_eq!(t.side_cost(1, Coord(2, 1), Coord(3, 1)), Some(0));
    }
}
