//! The line-of-sight answers of an analysis, for every game: which hexes see a place to hold,
//! and whether two set-up zones see each other, on the engine's terrain by the ruleset's sight
//! rule (R&S 5.1G, M&S 8.2), within a budget of work.

use crate::model::analysis::{ObjectiveSight, SideCount, SightPair};
use crate::model::hex::Coord;
use crate::model::hex_set::HexSet;
use crate::queries::effective_terrain::EffectiveTerrain;
use crate::queries::playable::{Target, TargetKind};
use crate::queries::sight::{SIGHT_RADIUS, SightIndex};
use crate::ruleset::Ruleset;

/// The most lines of sight one analysis traces; past it an answer is `null`.
pub const MAX_SIGHT_LINES: u64 = 2_000_000;

/// The most pairs of hexes one analysis measures the distance between, looking for the lines
/// to trace; past it an answer is `null`. A place to hold spread over the largest map (a
/// lattice of hexes) made every hex near it measure its distance to every hex of the place:
/// billions of pairs, past 15 s, before a line was traced.
pub const MAX_SIGHT_PAIRS: u64 = 50_000_000;

/// The sight of one analysis: the terrain and the occupied hexes its lines are traced over,
/// the hexes that may block a line (worked out once for every line), and what is left of its
/// budgets.
pub(crate) struct Sight<'a> {
    rules: &'a Ruleset,
    terrain: &'a EffectiveTerrain<'a>,
    occupied: &'a HexSet,
    index: SightIndex,
    /// Lines of sight still to trace.
    lines: u64,
    /// Pairs of hexes still to measure.
    pairs: u64,
}

impl<'a> Sight<'a> {
    /// The sight over `terrain` with `occupied` hexes, by the ruleset's sight rule.
    pub(crate) fn new(
        rules: &'a Ruleset,
        terrain: &'a EffectiveTerrain<'a>,
        occupied: &'a HexSet,
    ) -> Sight<'a> {
        Sight {
            rules,
            terrain,
            occupied,
            index: SightIndex::new(rules, terrain, occupied),
            lines: MAX_SIGHT_LINES,
            pairs: MAX_SIGHT_PAIRS,
        }
    }

    /// The hexes within [`SIGHT_RADIUS`] of a place, outside it, that see at least one of its
    /// hexes; `None` past the budget.
    pub(crate) fn seen_from(&mut self, place: &HexSet) -> Option<HexSet> {
        let grid = self.terrain.map().grid;
        // Row by row, as the budget is charged: the answer past the budget stays the same.
        let mut near = place.within(SIGHT_RADIUS);
        near.difference_with(place);
        // The place's hexes listed once: a set of the largest map is 15,625 words to scan for
        // its few hexes, and each hex near it would scan them again.
        let hexes: Vec<Coord> = place.iter().collect();
        let mut seen = HexSet::empty(grid);
        for from in near.iter() {
            if self.first_seen(from, &hexes)?.is_some() {
                seen.insert(from);
            }
        }
        Some(seen)
    }

    /// The first hex of `to` (a set's hexes, in its row order) that `from` sees within
    /// [`SIGHT_RADIUS`] (`Some(None)`: none); `None` past the budget. Each pair and each line
    /// traced is charged to the budget.
    fn first_seen(&mut self, from: Coord, to: &[Coord]) -> Option<Option<Coord>> {
        let grid = self.terrain.map().grid;
        for &to in to {
            self.pairs = self.pairs.checked_sub(1)?;
            if grid.distance(from, to) > SIGHT_RADIUS {
                continue;
            }
            self.lines = self.lines.checked_sub(1)?;
            if self
                .index
                .line_of_sight(self.rules, self.terrain, self.occupied, from, to)
                .is_open()
            {
                return Some(Some(to));
            }
        }
        Some(None)
    }

    /// Does a hex of zone `a` see a hex of zone `b` within [`SIGHT_RADIUS`]? `None` past the
    /// budget.
    fn zones_in_sight(&mut self, a: &HexSet, b: &HexSet) -> Option<SightPair> {
        let grid = self.terrain.map().grid;
        let near_b = b.within(SIGHT_RADIUS);
        let b_hexes: Vec<Coord> = b.iter().collect();
        for from in a.iter() {
            if !near_b.contains(from) {
                continue;
            }
            if let Some(to) = self.first_seen(from, &b_hexes)? {
                return Some(SightPair {
                    in_sight: true,
                    example: Some([grid.label(from), grid.label(to)]),
                });
            }
        }
        Some(SightPair {
            in_sight: false,
            example: None,
        })
    }

    /// Does side `si`'s set-up see its enemy's (the first other of `sides` sides), when both set
    /// up somewhere (`zones`: each side's set-up)? `None` past the budget, or without both.
    pub(crate) fn of_enemy_zone(
        &mut self,
        zones: &[HexSet],
        sides: usize,
        si: usize,
    ) -> Option<SightPair> {
        let enemy = (0..sides).find(|e| *e != si);
        match (zones.get(si), enemy.and_then(|e| zones.get(e))) {
            (Some(a), Some(b)) if !a.is_empty() && !b.is_empty() => self.zones_in_sight(a, b),
            _ => None,
        }
    }

    /// Which hexes see each place to hold among `targets`, once a place (a goal of "either"
    /// side is one place), and how many of them are in each side's set-up (`zones`: each
    /// side's id and set-up); the hexes listed too when `listed`.
    pub(crate) fn objectives<C>(
        &mut self,
        targets: &[Target<C>],
        zones: &[(&str, Option<&HexSet>)],
        listed: bool,
    ) -> Vec<ObjectiveSight> {
        let mut done: Vec<&Target<C>> = Vec::new();
        let mut out = Vec::new();
        for t in targets {
            if t.kind != TargetKind::Hold || done.iter().any(|d| d.path == t.path) {
                continue;
            }
            done.push(t);
            let seen = self.seen_from(&t.hexes);
            out.push(ObjectiveSight {
                victory: t.victory as u32,
                goal: t.goal.clone(),
                within: SIGHT_RADIUS,
                seen_from: seen.as_ref().map(|h| h.len() as u32),
                in_zone: in_zones(seen.as_ref(), zones),
                hexes: seen.filter(|_| listed).map(|h| h.labels()),
            });
        }
        out
    }
}

/// How many hexes of `seen` lie in each side's zone (`zones`: each side's id and zone).
fn in_zones(seen: Option<&HexSet>, zones: &[(&str, Option<&HexSet>)]) -> Vec<SideCount> {
    zones
        .iter()
        .map(|(id, zone)| SideCount {
            side: id.to_string(),
            hexes: match (seen, zone) {
                (Some(seen), Some(zone)) => {
                    let mut both = seen.clone();
                    both.intersect_with(zone);
                    both.len() as u32
                }
                _ => 0,
            },
        })
        .collect()
}
