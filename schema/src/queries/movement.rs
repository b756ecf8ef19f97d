//! Movement cost of entering a hex from a neighbour: the Terrain Effects Chart (9.2) with its
//! note (*) and Road Movement (4M).
//!
//! Costs are counted exactly, in sixths of a Movement Point ([`Mp`]), because the Road Movement
//! Rate is one third of a Movement Point per road hex (R&S 4M) or a half (M&S 4.4).
//!
//! A map with its own chart ([`crate::model::map::Map::chart`], Musket & Saber Quick Play) is
//! priced by it, by the moving unit's class (its column, [`Movement::with_class`]): a hex pays
//! the dearest of its kinds (M&S 4.3, [`crate::model::chart::KindTerrain::hex_cost`]) plus the
//! "+n" of the hexside crossed; a move from a road hex across a hexside of the same road into
//! the next hex of it pays the ruleset's road rate, ½ MP (4.4: "from a hex containing the path
//! across a hexside containing the same path into another hex containing the same path"). 4.4
//! also says a move that does not start and end on the road pays "1 MP per hex"; read step by
//! step (each step along the road ½, any other the chart), which is never dearer than that
//! whole-move reading, so a least cost is least under both (a reading, README).
//!
//! How a move is priced:
//! - through a road hexside into a road or bridge hex: the Road Movement Rate, ⅓ MP (4M, 9.2
//!   note *). 4M states that cost outright for such a move, so the other terrain of the hex adds
//!   nothing, and neither does a ridge hexside crossed by the road under the lenient reading
//!   (the strict one adds the Chart's "Ridge Hexside +1 MP": [`Ambiguity::RidgeOnRoad`]);
//! - from off the map into the edge hex where a road leaves the map: along the road, ⅓ MP (the
//!   road runs on beyond the edge), or, under the strict reading, the other terrain of the hex
//!   ([`Ambiguity::RoadOffMap`]);
//! - otherwise the other terrain of the hex (9.2 note *): clear 1, village 1, slope and/or woods
//!   2 (the chart's one row: never cumulative), river 3, ford 2, bridge 3 (10.5D: a bridge not
//!   entered along its road is crossed as river), plus 1 MP for a ridge hexside crossed (9.2).
//!   A slope village pays the dearer of its two rows, 2 MP.

use std::cell::OnceCell;
use std::collections::BTreeSet;
use std::fmt;
use std::iter::Sum;
use std::ops::Add;

use crate::model::hex::Coord;
use crate::model::hex_set::HexSet;
use crate::model::map::{Map, SideKey};
use crate::queries::effective_terrain::EffectiveTerrain;
use crate::queries::readings::{Ambiguity, Readings};
use crate::ruleset::{Ratio, Ruleset, Terrain, TerrainEffect};

/// A number of Movement Points, held exactly as a count of sixths: R&S's road rate is a third
/// (4M), M&S's a half (4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Mp {
    sixths: u32,
}

impl Mp {
    /// No Movement Points.
    pub const ZERO: Mp = Mp { sixths: 0 };

    /// A whole number of Movement Points.
    pub const fn whole(mp: u32) -> Mp {
        Mp { sixths: mp * 6 }
    }

    /// A number of thirds of a Movement Point.
    pub const fn thirds(thirds: u32) -> Mp {
        Mp { sixths: thirds * 2 }
    }

    /// A number of sixths of a Movement Point (the unit the searches count in).
    pub const fn sixths(sixths: u32) -> Mp {
        Mp { sixths }
    }

    /// A chart value; `None` when it is not a whole number of sixths.
    pub fn from_ratio(r: Ratio) -> Option<Mp> {
        let scaled = r.num.checked_mul(6)?;
        (r.den != 0 && scaled % r.den == 0).then(|| Mp::sixths(scaled / r.den))
    }

    /// The count of thirds (rounded down: exact for every Rifle & Saber cost).
    pub fn in_thirds(self) -> u32 {
        self.sixths / 2
    }

    /// The count of sixths.
    pub fn in_sixths(self) -> u32 {
        self.sixths
    }

    /// As a fraction in lowest terms (`1/3`, `2/1`, `1/2`).
    pub fn to_ratio(self) -> Ratio {
        let (mut a, mut b) = (self.sixths, 6);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let g = a.max(1);
        Ratio::new(self.sixths / g, 6 / g)
    }

    /// As a float, for display and heuristics only.
    pub fn value(self) -> f64 {
        f64::from(self.sixths) / 6.0
    }
}

impl Add for Mp {
    type Output = Mp;
    fn add(self, other: Mp) -> Mp {
        Mp::sixths(self.sixths + other.sixths)
    }
}

impl Sum for Mp {
    fn sum<I: Iterator<Item = Mp>>(iter: I) -> Mp {
        iter.fold(Mp::ZERO, Add::add)
    }
}

impl fmt::Display for Mp {
    /// `⅓ MP`, `2 MP`, `1⅔ MP`, `½ MP`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.sixths / 6;
        let frac = ["", "⅙", "⅓", "½", "⅔", "⅚"][(self.sixths % 6) as usize];
        match (whole, frac) {
            (0, "") => write!(f, "0 MP"),
            (0, frac) => write!(f, "{frac} MP"),
            (whole, frac) => write!(f, "{whole}{frac} MP"),
        }
    }
}

/// The cost of moving between neighbouring hexes on one map, under one scenario's terrain.
#[derive(Debug, Clone)]
pub struct Movement<'a> {
    rules: &'a Ruleset,
    terrain: EffectiveTerrain<'a>,
    /// The map's road hexsides, gathered when a move is first priced: a movement asked only
    /// where a unit may stand (a search's start hexes) never gathers them.
    road_sides: OnceCell<BTreeSet<SideKey>>,
    prohibited: Option<&'a HexSet>,
    class: usize,
    readings: Readings,
}

impl<'a> Movement<'a> {
    /// Movement over the map as printed, standard rules of its game.
    pub fn new(map: &'a Map, rules: &'a Ruleset) -> Movement<'a> {
        Movement::over(EffectiveTerrain::new(map), rules)
    }

    /// Movement over a scenario's effective terrain ("treat as clear" special rules applied).
    pub fn over(terrain: EffectiveTerrain<'a>, rules: &'a Ruleset) -> Movement<'a> {
        Movement {
            rules,
            road_sides: OnceCell::new(),
            terrain,
            prohibited: None,
            class: 0,
            readings: Readings::LENIENT,
        }
    }

    /// The moving unit's movement class: the column of the map's own chart it pays by
    /// ([`crate::model::chart::KindTerrain::classes`]; the first when not set). A map priced by
    /// its ruleset's chart (R&S 9.2) has one column for every unit.
    pub fn with_class(mut self, class: usize) -> Movement<'a> {
        self.class = class;
        self
    }

    /// The rules the moves are priced by.
    pub fn rules(&self) -> &'a Ruleset {
        self.rules
    }

    /// Hexes the moving unit may not enter at all: river hexes where "rivers may only be
    /// entered at bridges and fords" (11.5), the crossings a special rule forbids, non-road
    /// hexes for limbers that "may not move into non-road hexes" (11.17).
    pub fn with_prohibited(mut self, hexes: &'a HexSet) -> Movement<'a> {
        self.prohibited = Some(hexes);
        self
    }

    /// May the moving unit enter this hex at all?
    pub fn may_enter(&self, c: Coord) -> bool {
        self.terrain.map().grid.contains(c) && !self.prohibited.is_some_and(|s| s.contains(c))
    }

    /// The map's road hexsides ([`Map::road_sides`]), gathered once.
    pub fn road_sides(&self) -> &BTreeSet<SideKey> {
        self.road_sides
            .get_or_init(|| self.terrain.map().road_sides())
    }

    /// The terrain the moves are priced on.
    pub fn terrain(&self) -> &EffectiveTerrain<'a> {
        &self.terrain
    }

    /// The readings of the text where it reads two ways (lenient unless told).
    pub fn with_readings(mut self, readings: Readings) -> Movement<'a> {
        self.readings = readings;
        self
    }

    /// The readings the moves are priced under.
    pub fn readings(&self) -> Readings {
        self.readings
    }

    /// Movement Points to enter `to` from its neighbour `from` (which may be off the map, for
    /// units entering at an edge). `None` when `to` is off the map or the hexes are not
    /// neighbours, or when the game's chart does not count in thirds of a Movement Point.
    pub fn entry_cost(&self, from: Coord, to: Coord) -> Option<Mp> {
        let rules = self.rules;
        let grid = self.terrain.map().grid;
        if !self.may_enter(to) || !grid.adjacent(from, to) {
            return None;
        }
        if self.terrain.chart().is_some() {
            // A map's own chart: what it prohibits stays prohibited along a road (M&S 8.1(6)
            // "may not move … into some terrain types"; 4.4 does not lift it: a reading).
            self.hex_cost(to)?;
        }
        // Through a road hexside: the Road Movement Rate (4M, 9.2 note *).
        if self.road_sides().contains(&SideKey::new(from, to)) {
            let road = chart_cost(rules.road_cost)?;
            // R&S 9.2's ridge along a road, read strictly; a map's own chart prices a road move
            // at the road rate alone (M&S 4.4).
            if self.terrain.chart().is_none() && self.readings.is_strict(Ambiguity::RidgeOnRoad) {
                return Some(road + self.side_cost(from, to)?);
            }
            return Some(road);
        }
        let hex = self.hex_cost(to)?;
        Some(hex + self.side_cost(from, to)?)
    }

    /// Movement Points added for crossing the hexside between `from` and `to` off a road: a
    /// ridge (R&S 9.2 "+1"), or the kinds on it of the map's own chart (M&S 4.3 "+1"); `None`
    /// where the chart prohibits the crossing to the class.
    fn side_cost(&self, from: Coord, to: Coord) -> Option<Mp> {
        if let Some(chart) = self.terrain.chart() {
            return chart.side_cost(self.class, from, to).map(Mp::whole);
        }
        Some(if self.terrain.is_ridge(from, to) {
            match self.rules.ridge_effect.movement_extra {
                Some(extra) => chart_cost(extra)?,
                None => Mp::ZERO,
            }
        } else {
            Mp::ZERO
        })
    }

    /// Movement Points to enter `to` from off the map at an edge; `None` when `to` is not at an
    /// edge or may not be entered. The hex where a road leaves the map is entered along the
    /// road at the Road Movement Rate (4M; strictly, [`Ambiguity::RoadOffMap`], at the other
    /// terrain of the hex); any other edge hex at its terrain.
    pub fn entry_from_off_map(&self, to: Coord) -> Option<Mp> {
        let grid = self.terrain.map().grid;
        let hex = grid
            .side_neighbors(to)
            .into_iter()
            .filter(|n| *n != to && !grid.contains(*n))
            .filter_map(|n| self.entry_cost(n, to))
            .min()?;
        // A reading of R&S 4M; in another game (M&S) a map's edge hexes cost their terrain.
        let along_road = self.rules.road_enters_from_off_map
            && !self.readings.is_strict(Ambiguity::RoadOffMap)
            && self
                .terrain
                .map()
                .roads
                .iter()
                .any(|r| r.hexes.first() == Some(&to) || r.hexes.last() == Some(&to));
        if along_road {
            Some(hex.min(chart_cost(self.rules.road_cost)?))
        } else {
            Some(hex)
        }
    }

    /// Movement Points to enter `to` through a hexside that is neither a road hexside nor a
    /// ridge (9.2: the other terrain of the hex). `None` off the map or where the unit may not
    /// enter. What [`Movement::entry_cost`] charges for every other move.
    pub fn hex_cost(&self, to: Coord) -> Option<Mp> {
        if !self.may_enter(to) {
            return None;
        }
        if let Some(chart) = self.terrain.chart() {
            let grid = &self.terrain.map().grid;
            return chart.hex_cost(grid, self.class, to).map(Mp::whole);
        }
        let cell = self.terrain.cell(to)?;
        let mut hex = chart_row_cost(self.rules.terrain_effect(cell.terrain))?;
        if cell.slope {
            // "Slope and/or Woods" is one row of the chart: the costs never add up.
            hex = hex.max(chart_row_cost(self.rules.slope_effect)?);
        }
        Some(hex)
    }

    /// Movement Points to follow a path of neighbouring hexes from its first hex (which is not
    /// paid for) to its last (4A: the cost of each hex entered). `None` if a step is not
    /// between neighbours on the map.
    pub fn path_cost(&self, path: &[Coord]) -> Option<Mp> {
        path.windows(2).map(|w| self.entry_cost(w[0], w[1])).sum()
    }
}

/// Movement Points to enter `to` from its neighbour `from` on the map as printed, standard
/// rules of the game (R&S 9.2, 4M).
pub fn entry_cost(map: &Map, rules: &Ruleset, from: Coord, to: Coord) -> Option<Mp> {
    Movement::new(map, rules).entry_cost(from, to)
}

/// The cost column of a chart row; "NA" (none) means the row does not count (9.2 notes).
/// `None` when the value is not a whole number of thirds.
fn chart_row_cost(row: TerrainEffect) -> Option<Mp> {
    row.movement_cost.map_or(Some(Mp::ZERO), chart_cost)
}

/// A chart value in thirds; every value of the printed R&S chart is one (tested below).
fn chart_cost(r: Ratio) -> Option<Mp> {
    Mp::from_ratio(r)
}

/// The cost of the hex terrain alone, as listed by the game's chart (for legends and the
/// editor); `None` when the chart does not count in thirds.
pub fn terrain_cost(rules: &Ruleset, terrain: Terrain, slope: bool) -> Option<Mp> {
    let hex = chart_row_cost(rules.terrain_effect(terrain))?;
    Some(if slope {
        hex.max(chart_row_cost(rules.slope_effect)?)
    } else {
        hex
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::map::{Cell, Road, RoadKind};

    fn cell(terrain: Terrain, slope: bool) -> Cell {
        Cell { terrain, slope }
    }

    /// A 6×6 map; (3,3) is entered from its north neighbour (3,2).
    fn map_with(target: Cell) -> Map {
        let mut m = Map::blank("t", "Test", 6, 6);
        m.set_cell(Coord(3, 3), target);
        m
    }

    const FROM: Coord = Coord(3, 2);
    const TO: Coord = Coord(3, 3);

    fn cost_of(target: Cell) -> Mp {
        entry_cost(&map_with(target), crate::ruleset::for_game(None), FROM, TO)
            .expect("neighbours on the map")
    }

    fn road(hexes: &[Coord]) -> Road {
        Road {
            name: None,
            kind: RoadKind::Minor,
            hexes: hexes.to_vec(),
        }
    }

    #[test]
    fn chart_values_are_whole_thirds_9_2() {
        for t in Terrain::ALL {
            assert!(
                crate::ruleset::for_game(None)
                    .terrain_effect(t)
                    .movement_cost
                    .and_then(Mp::from_ratio)
                    .is_some()
            );
        }
        assert!(
            crate::ruleset::for_game(None)
                .slope_effect
                .movement_cost
                .and_then(Mp::from_ratio)
                .is_some()
        );
        assert!(
            crate::ruleset::for_game(None)
                .ridge_effect
                .movement_extra
                .and_then(Mp::from_ratio)
                .is_some()
        );
        assert_eq!(
            Mp::from_ratio(crate::ruleset::for_game(None).road_cost),
            Some(Mp::thirds(1))
        );
        assert_eq!(Mp::from_ratio(Ratio::new(1, 2)), Some(Mp::sixths(3)));
        assert_eq!(Mp::from_ratio(Ratio::new(1, 4)), None);
    }

    #[test]
    fn clear_and_village_cost_one_9_2() {
        assert_eq!(cost_of(cell(Terrain::Clear, false)), Mp::whole(1));
        assert_eq!(cost_of(cell(Terrain::Village, false)), Mp::whole(1));
    }

    #[test]
    fn slope_and_or_woods_cost_two_never_cumulative_9_2() {
        assert_eq!(cost_of(cell(Terrain::Woods, false)), Mp::whole(2));
        assert_eq!(cost_of(cell(Terrain::Clear, true)), Mp::whole(2));
        assert_eq!(cost_of(cell(Terrain::Woods, true)), Mp::whole(2));
        // The large forest is woods for every rule (11.0).
        assert_eq!(cost_of(cell(Terrain::Forest, false)), Mp::whole(2));
        assert_eq!(cost_of(cell(Terrain::Forest, true)), Mp::whole(2));
        // A village on a slope pays the dearer row.
        assert_eq!(cost_of(cell(Terrain::Village, true)), Mp::whole(2));
    }

    #[test]
    fn river_three_ford_two_9_2() {
        assert_eq!(cost_of(cell(Terrain::River, false)), Mp::whole(3));
        assert_eq!(cost_of(cell(Terrain::Ford, false)), Mp::whole(2));
    }

    #[test]
    fn ridge_hexside_adds_one_9_2() {
        let mut m = map_with(cell(Terrain::Clear, false));
        m.ridges.insert(SideKey::new(FROM, TO));
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), FROM, TO),
            Some(Mp::whole(2))
        );
        // Either way across the hexside.
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), TO, FROM),
            Some(Mp::whole(2))
        );
        // Added to the hex cost: slope woods behind a ridge costs 3.
        m.set_cell(TO, cell(Terrain::Woods, true));
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), FROM, TO),
            Some(Mp::whole(3))
        );
        // Only the ridge hexside crossed counts: entering from another side costs the hex alone.
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), Coord(2, 3), TO),
            Some(Mp::whole(2))
        );
    }

    #[test]
    fn road_hexside_into_road_hex_costs_a_third_4m() {
        let mut m = map_with(cell(Terrain::Woods, true));
        m.roads.push(road(&[Coord(3, 1), FROM, TO, Coord(3, 4)]));
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), FROM, TO),
            Some(Mp::thirds(1))
        );
        // "three times as fast as movement over Clear Terrain" (4M): 3 road hexes for 1 MP.
        let mv = Movement::new(&m, crate::ruleset::for_game(None));
        let along: Mp = [(Coord(3, 1), FROM), (FROM, TO), (TO, Coord(3, 4))]
            .into_iter()
            .filter_map(|(a, b)| mv.entry_cost(a, b))
            .sum();
        assert_eq!(along, Mp::whole(1));
        assert_eq!(along.to_string(), "1 MP");
        assert_eq!(
            mv.path_cost(&[Coord(3, 1), FROM, TO, Coord(3, 4)]),
            Some(Mp::whole(1))
        );
        // Leaving the road: ⅓ along it, then 1 for the clear hex beside it.
        assert_eq!(
            mv.path_cost(&[Coord(3, 1), FROM, Coord(2, 2)]),
            Some(Mp::thirds(4))
        );
        assert_eq!(mv.path_cost(&[FROM]), Some(Mp::ZERO));
        assert_eq!(mv.path_cost(&[FROM, Coord(3, 5)]), None);
    }

    #[test]
    fn road_hex_entered_through_non_road_hexside_pays_other_terrain_9_2_note() {
        let mut m = map_with(cell(Terrain::Woods, false));
        m.roads.push(road(&[FROM, TO]));
        // From the west neighbour (2,3), not along the road.
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), Coord(2, 3), TO),
            Some(Mp::whole(2))
        );
        // Two roads side by side: neighbouring road hexes that are not consecutive on a road
        // share no road hexside (4M: "through a road hexside").
        m.roads.push(road(&[Coord(2, 1), Coord(2, 2), Coord(2, 3)]));
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), Coord(2, 3), TO),
            Some(Mp::whole(2))
        );
    }

    #[test]
    fn road_along_a_ridge_hexside_costs_a_third_4m() {
        let mut m = map_with(cell(Terrain::Clear, true));
        m.roads.push(road(&[FROM, TO]));
        m.ridges.insert(SideKey::new(FROM, TO));
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), FROM, TO),
            Some(Mp::thirds(1))
        );
    }

    #[test]
    fn bridge_along_the_road_a_third_otherwise_three_9_2_note_10_5d() {
        let mut m = map_with(cell(Terrain::Bridge, false));
        m.roads.push(road(&[FROM, TO, Coord(3, 4)]));
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), FROM, TO),
            Some(Mp::thirds(1))
        );
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), Coord(2, 3), TO),
            Some(Mp::whole(3))
        );
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), Coord(4, 3), TO),
            Some(Mp::whole(3))
        );
    }

    #[test]
    fn treat_as_clear_special_rules_11_13() {
        // A hill treated as clear (11.13 "Treat R3 and H27 as clear terrain"): its slope and its
        // ridge hexsides no longer cost anything extra; a river treated as clear costs 1.
        let mut m = map_with(cell(Terrain::Woods, true));
        m.ridges.insert(SideKey::new(FROM, TO));
        m.set_cell(Coord(4, 3), cell(Terrain::River, false));
        let clear = HexSet::from_coords(m.grid, [TO, Coord(4, 3)]);
        let mv = Movement::over(
            EffectiveTerrain::treating_as_clear(&m, &clear),
            crate::ruleset::for_game(None),
        );
        assert_eq!(mv.entry_cost(FROM, TO), Some(Mp::whole(1)));
        assert_eq!(mv.entry_cost(TO, Coord(4, 3)), Some(Mp::whole(1)));
        // Hexes not named by the rule keep their terrain.
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), FROM, TO),
            Some(Mp::whole(3))
        );
        // Roads still run through cleared hexes (11.2 keeps V4's crossroads).
        m.roads.push(road(&[FROM, TO]));
        let mv = Movement::over(
            EffectiveTerrain::treating_as_clear(&m, &clear),
            crate::ruleset::for_game(None),
        );
        assert_eq!(mv.entry_cost(FROM, TO), Some(Mp::thirds(1)));
    }

    #[test]
    fn only_neighbours_on_the_map_4a() {
        let m = map_with(cell(Terrain::Clear, false));
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), Coord(3, 1), TO),
            None
        );
        assert_eq!(entry_cost(&m, crate::ruleset::for_game(None), TO, TO), None);
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), Coord(1, 1), Coord(0, 1)),
            None
        );
        // Entering from off the map at an edge.
        assert_eq!(
            entry_cost(&m, crate::ruleset::for_game(None), Coord(1, 0), Coord(1, 1)),
            Some(Mp::whole(1))
        );
    }

    #[test]
    fn a_road_leaving_the_map_is_entered_along_it_4m() {
        // Woods at the south edge, where a road leaves the map.
        let edge = Coord(3, 6);
        let mut m = map_with(cell(Terrain::Clear, false));
        m.set_cell(edge, cell(Terrain::Woods, false));
        m.set_cell(Coord(4, 6), cell(Terrain::Woods, false));
        m.roads.push(road(&[TO, Coord(3, 4), Coord(3, 5), edge]));
        let rules = crate::ruleset::for_game(None);
        let mv = Movement::new(&m, rules);
        assert_eq!(mv.entry_from_off_map(edge), Some(Mp::thirds(1)));
        // Beside the road, or strictly, the other terrain of the hex (9.2 note *).
        assert_eq!(mv.entry_from_off_map(Coord(4, 6)), Some(Mp::whole(2)));
        let strict = Movement::new(&m, rules).with_readings(Readings::only(Ambiguity::RoadOffMap));
        assert_eq!(strict.entry_from_off_map(edge), Some(Mp::whole(2)));
        // Not at an edge.
        assert_eq!(mv.entry_from_off_map(TO), None);
    }

    #[test]
    fn a_ridge_along_a_road_adds_one_only_strictly_4m_9_2() {
        let mut m = map_with(cell(Terrain::Clear, false));
        m.roads.push(road(&[FROM, TO]));
        m.ridges.insert(SideKey::new(FROM, TO));
        let rules = crate::ruleset::for_game(None);
        let strict = Movement::new(&m, rules).with_readings(Readings::only(Ambiguity::RidgeOnRoad));
        assert_eq!(strict.entry_cost(FROM, TO), Some(Mp::thirds(4)));
        assert_eq!(strict.entry_cost(TO, FROM), Some(Mp::thirds(4)));
        // The other readings leave it at the Road Movement Rate.
        let other = Movement::new(&m, rules).with_readings(Readings::only(Ambiguity::RoadOffMap));
        assert_eq!(other.entry_cost(FROM, TO), Some(Mp::thirds(1)));
    }

    #[test]
    fn mp_prints_and_reduces() {
        assert_eq!(Mp::thirds(1).to_string(), "⅓ MP");
        assert_eq!(Mp::thirds(5).to_string(), "1⅔ MP");
        assert_eq!(Mp::ZERO.to_string(), "0 MP");
        assert_eq!(Mp::whole(2).to_ratio(), Ratio::new(2, 1));
        assert_eq!(Mp::thirds(4).to_ratio(), Ratio::new(4, 3));
        assert!((Mp::thirds(4).value() - 4.0 / 3.0).abs() < 1e-12);
        assert_eq!(
            terrain_cost(crate::ruleset::for_game(None), Terrain::Village, true),
            Some(Mp::whole(2))
        );
        assert_eq!(
            terrain_cost(crate::ruleset::for_game(None), Terrain::River, false),
            Some(Mp::whole(3))
        );
    }
}
