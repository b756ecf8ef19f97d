//! The terrain a scenario is played on: the map seen through its "treat as clear" special rules
//! (11.2 "Treat the village of V4 as clear terrain", 11.13 "Treat R3 and H27 as clear terrain",
//! 11.16, 11.17 …). Movement ([`crate::queries::movement`]) and line of sight ([`crate::queries::sight`]) both read
//! the map through this view so that the two always agree.

use crate::model::chart::KindTerrain;
use crate::model::hex::Coord;
use crate::model::hex_set::HexSet;
use crate::model::map::{Cell, Map, SideKey};
use crate::model::scenario::Scenario;
use crate::model::special_rule::Effect;
use crate::model::zone::Zone;
use crate::pipeline::zones::Resolved;
use crate::ruleset::{Ruleset, Terrain};

/// A map, with the hexes a scenario's special rules treat as clear terrain.
#[derive(Debug, Clone, Copy)]
pub struct EffectiveTerrain<'a> {
    map: &'a Map,
    clear: Option<&'a HexSet>,
    cover: Option<&'a HexSet>,
}

/// What a scenario's "treat as clear" rules clear. A rule naming places ("treat R3 and H27 as
/// clear", 11.13) clears them entirely, hill and ridges included; a rule naming terrain types
/// ("treat all woods hexes as clear", 11.1) clears that cover and leaves the hills standing.
#[derive(Debug, Clone, PartialEq)]
pub struct Cleared {
    /// Hexes that become flat clear ground.
    pub places: HexSet,
    /// Hexes whose woods, forest or village become clear, keeping their slope.
    pub cover: HexSet,
}

impl Cleared {
    /// The hexes cleared by the scenario's special rules.
    pub fn of(s: &Scenario, map: &Map, r: &Resolved) -> Cleared {
        let mut out = Cleared {
            places: HexSet::empty(map.grid),
            cover: HexSet::empty(map.grid),
        };
        for (ri, rule) in s.special_rules.iter().enumerate() {
            if let Effect::TreatAsClear(zone) = &rule.effect
                && let Some(hexes) = r.rule_hexes(ri)
            {
                let target = if names_terrain_only(zone) {
                    &mut out.cover
                } else {
                    &mut out.places
                };
                target.union_with(&hexes);
            }
        }
        out
    }
}

/// A zone made only of terrain types ("all woods hexes", "woods and forests").
pub(crate) fn names_terrain_only(zone: &Zone) -> bool {
    match zone {
        Zone::Terrain(_) => true,
        Zone::Union(zs) => !zs.is_empty() && zs.iter().all(names_terrain_only),
        _ => false,
    }
}

impl<'a> EffectiveTerrain<'a> {
    /// The map as printed.
    pub fn new(map: &'a Map) -> EffectiveTerrain<'a> {
        EffectiveTerrain {
            map,
            clear: None,
            cover: None,
        }
    }

    /// The map as a scenario is played on it, after its "treat as clear" rules.
    pub fn for_scenario(map: &'a Map, cleared: &'a Cleared) -> EffectiveTerrain<'a> {
        EffectiveTerrain {
            map,
            clear: Some(&cleared.places),
            cover: Some(&cleared.cover),
        }
    }

    /// The map with the given hexes treated as clear terrain.
    pub fn treating_as_clear(map: &'a Map, clear: &'a HexSet) -> EffectiveTerrain<'a> {
        EffectiveTerrain {
            map,
            clear: Some(clear),
            cover: None,
        }
    }

    /// The underlying map.
    pub fn map(&self) -> &'a Map {
        self.map
    }

    /// Is the hex treated as clear terrain by a special rule?
    pub fn is_cleared(&self, c: Coord) -> bool {
        self.clear.is_some_and(|s| s.contains(c))
    }

    /// The cell as played: a place treated as clear is clear ground, neither woods nor village
    /// nor slope (a hill treated as clear, 11.13, is flat ground); cleared cover keeps its
    /// slope. `None` off the map.
    pub fn cell(&self, c: Coord) -> Option<Cell> {
        let cell = self.map.cell(c)?;
        Some(if self.is_cleared(c) {
            Cell::default()
        } else if self.cover.is_some_and(|s| s.contains(c)) {
            Cell {
                terrain: Terrain::Clear,
                slope: cell.slope,
            }
        } else {
            cell
        })
    }

    /// The hexes whose terrain as played ([`EffectiveTerrain::cell`]) satisfies `f`: the
    /// printed cells tested once each by their index, then the hexes treated as clear (whose
    /// terrain is clear ground) added or taken out at once (the playability searches ask
    /// this of every mover's prohibited hexes).
    pub fn hexes_played(&self, f: impl Fn(Terrain) -> bool) -> HexSet {
        let grid = self.map.grid;
        let mut out = HexSet::from_index_fn(grid, |i| {
            self.map.cells.get(i).is_some_and(|cell| f(cell.terrain))
        });
        for played_clear in [self.clear, self.cover].into_iter().flatten() {
            if f(Terrain::Clear) {
                out.union_with(played_clear);
            } else {
                out.difference_with(played_clear);
            }
        }
        out
    }

    /// The map as played, as a map of its own (to draw it: `saberc render --as-played`): every
    /// cell as [`EffectiveTerrain::cell`] gives it, and only the ridges that still stand.
    pub fn played_map(&self) -> Map {
        let mut m = self.map.clone();
        for (i, cell) in m.cells.iter_mut().enumerate() {
            if let Some(c) = self.cell(self.map.grid.coord_at(i)) {
                *cell = c;
            }
        }
        m.ridges.retain(|k| self.is_ridge(k.0, k.1));
        m
    }

    /// The map's own chart and kinds, when its game brings them ([`Map::chart`]); the queries
    /// then read hexes and hexsides through it and never `cells` or `ridges`.
    pub fn chart(&self) -> Option<&'a KindTerrain> {
        self.map.chart.as_deref()
    }

    /// Does the terrain of the hex block line of sight: a kind of it that the map's chart says
    /// blocks (M&S 8.2), or its terrain's row of the game's chart (R&S 5.1G)? `false` off the
    /// map.
    pub fn hex_blocks_sight(&self, rules: &Ruleset, c: Coord) -> bool {
        match self.chart() {
            Some(chart) => chart.hex_blocks_sight(&self.map.grid, c),
            None => self
                .cell(c)
                .is_some_and(|cell| rules.terrain_effect(cell.terrain).blocks_fire),
        }
    }

    /// Does the hexside between `a` and `b` block line of sight as played: a kind on it that
    /// the map's chart says blocks (M&S 8.2), or a standing ridge (R&S 5.1G)?
    pub fn side_blocks_sight(&self, rules: &Ruleset, a: Coord, b: Coord) -> bool {
        match self.chart() {
            Some(chart) => chart.side_blocks_sight(a, b),
            None => rules.ridge_effect.blocks_fire && self.is_ridge(a, b),
        }
    }

    /// The hexsides whose crossing may cost other than the hex entered: the ridges (R&S 9.2),
    /// or every hexside holding a kind of the map's chart (M&S 4.3). Road hexsides are the
    /// map's own ([`Map::road_sides`]).
    pub fn priced_sides(&self) -> Vec<SideKey> {
        match self.chart() {
            Some(chart) => chart.hexsides.keys().copied().collect(),
            None => self.map.ridges.iter().copied().collect(),
        }
    }

    /// The hexsides that block line of sight as played.
    pub fn blocking_sides(&self, rules: &Ruleset) -> Vec<SideKey> {
        self.priced_sides()
            .into_iter()
            .filter(|k| self.side_blocks_sight(rules, k.0, k.1))
            .collect()
    }

    /// Is the hexside between `a` and `b` a ridge as played? A ridge hexside bounding a hex that
    /// is treated as clear is part of that terrain (the ridges of hill H27 in 11.13) and is
    /// ignored with it.
    pub fn is_ridge(&self, a: Coord, b: Coord) -> bool {
        self.map.is_ridge(a, b) && !self.is_cleared(a) && !self.is_cleared(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::map::SideKey;
    use crate::ruleset::Terrain;

    #[test]
    fn cleared_hexes_lose_terrain_slope_and_ridges() {
        let mut m = Map::blank("t", "Test", 5, 5);
        let woods_slope = Cell {
            terrain: Terrain::Woods,
            slope: true,
        };
        m.set_cell(Coord(2, 2), woods_slope);
        m.set_cell(Coord(4, 4), woods_slope);
        m.ridges.insert(SideKey::new(Coord(2, 2), Coord(2, 3)));
        m.ridges.insert(SideKey::new(Coord(4, 4), Coord(4, 3)));
        let clear = HexSet::from_coords(m.grid, [Coord(2, 2)]);
        let t = EffectiveTerrain::treating_as_clear(&m, &clear);
        assert_eq!(t.cell(Coord(2, 2)), Some(Cell::default()));
        assert_eq!(t.cell(Coord(4, 4)), Some(woods_slope));
        assert!(!t.is_ridge(Coord(2, 3), Coord(2, 2)));
        assert!(t.is_ridge(Coord(4, 3), Coord(4, 4)));
        assert_eq!(t.cell(Coord(9, 9)), None);
        let played = t.played_map();
        assert_eq!(played.cell(Coord(2, 2)), Some(Cell::default()));
        assert_eq!(played.cell(Coord(4, 4)), Some(woods_slope));
        assert_eq!(played.ridges.len(), 1);
        let printed = EffectiveTerrain::new(&m);
        assert_eq!(printed.cell(Coord(2, 2)), Some(woods_slope));
        assert!(printed.is_ridge(Coord(2, 2), Coord(2, 3)));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(128))]
        /// The hexes of a terrain as played, found by index and whole sets, are those whose
        /// cell as played has it, hex by hex, whatever is cleared or only its cover.
        #[test]
        fn hexes_played_are_the_cells_as_played(
            cells in proptest::collection::vec(0usize..Terrain::ALL.len(), 35),
            places in proptest::collection::vec(proptest::bool::weighted(0.2), 35),
            cover in proptest::collection::vec(proptest::bool::weighted(0.2), 35),
            wanted in proptest::collection::vec(0usize..Terrain::ALL.len(), 1..3),
        ) {
            let mut m = Map::blank("t", "Test", 7, 5);
            for (i, t) in cells.iter().enumerate() {
                m.cells[i].terrain = Terrain::ALL[*t];
            }
            let cleared = Cleared {
                places: HexSet::from_index_fn(m.grid, |i| places[i]),
                cover: HexSet::from_index_fn(m.grid, |i| cover[i]),
            };
            let wanted: Vec<Terrain> = wanted.iter().map(|t| Terrain::ALL[*t]).collect();
            for t in [EffectiveTerrain::for_scenario(&m, &cleared), EffectiveTerrain::new(&m)] {
                let want = HexSet::from_fn(m.grid, |c| {
                    t.cell(c).is_some_and(|cell| wanted.contains(&cell.terrain))
                });
                proptest::prop_assert_eq!(t.hexes_played(|x| wanted.contains(&x)), want);
            }
        }
    }
}
