//! The line-of-sight answers of an analysis, for every game: which hexes see a place to hold,
//! and whether two set-up zones see each other, on the engine's terrain by the ruleset's sight
//! rule (R&S 5.1G, M&S 8.2), within a budget of work.

use crate::model::analysis::SightPair;
use crate::model::hex::Coord;
use crate::model::hex_set::HexSet;
use crate::queries::effective_terrain::EffectiveTerrain;
use crate::queries::sight::{SIGHT_RADIUS, SightIndex};
use crate::ruleset::Ruleset;

/// The most lines of sight one analysis traces; past it an answer is `null`.
pub const MAX_SIGHT_LINES: u64 = 2_000_000;

/// The most pairs of hexes one analysis measures the distance between, looking for the lines
/// to trace; past it an answer is `null`. A place to hold spread over the largest map (a
/// lattice of hexes) made every hex near it measure its distance to every hex of the place:
/// billions of pairs, past 15 s, before a line was traced.
pub const MAX_SIGHT_PAIRS: u64 = 50_000_000;

/// What is left of an analysis's budgets of sight.
pub(crate) struct Budget {
    /// Lines of sight still to trace.
    lines: u64,
    /// Pairs of hexes still to measure.
    pairs: u64,
}

impl Budget {
    /// Measure one pair: `None` past the budget.
    pub(crate) fn pair(&mut self) -> Option<()> {
        self.pairs = self.pairs.checked_sub(1)?;
        Some(())
    }

    /// Trace one line: `None` past the budget.
    pub(crate) fn line(&mut self) -> Option<()> {
        self.lines = self.lines.checked_sub(1)?;
        Some(())
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            lines: MAX_SIGHT_LINES,
            pairs: MAX_SIGHT_PAIRS,
        }
    }
}

/// The hexes within [`SIGHT_RADIUS`] of a place, outside it, that see at least one of its
/// hexes; `None` past the budget.
pub(crate) fn seen_from(
    rules: &Ruleset,
    terrain: &EffectiveTerrain,
    occupied: &HexSet,
    index: &SightIndex,
    place: &HexSet,
    budget: &mut Budget,
) -> Option<HexSet> {
    let grid = terrain.map().grid;
    // Row by row, as the budget is charged: the answer past the budget stays the same.
    let mut near = place.within(SIGHT_RADIUS);
    near.difference_with(place);
    // The place's hexes listed once: a set of the largest map is 15,625 words to scan for
    // its few hexes, and each hex near it would scan them again.
    let hexes: Vec<Coord> = place.iter().collect();
    let mut seen = HexSet::empty(grid);
    for from in near.iter() {
        if first_seen(rules, terrain, occupied, index, from, &hexes, budget)?.is_some() {
            seen.insert(from);
        }
    }
    Some(seen)
}

/// The first hex of `to` (a set's hexes, in its row order) that `from` sees within [`SIGHT_RADIUS`] (`Some(None)`:
/// none); `None` past the budget. Each pair and each line traced is charged to `budget`.
fn first_seen(
    rules: &Ruleset,
    terrain: &EffectiveTerrain,
    occupied: &HexSet,
    index: &SightIndex,
    from: Coord,
    to: &[Coord],
    budget: &mut Budget,
) -> Option<Option<Coord>> {
    let grid = terrain.map().grid;
    for &to in to {
        budget.pair()?;
        if grid.distance(from, to) > SIGHT_RADIUS {
            continue;
        }
        budget.line()?;
        if index
            .line_of_sight(rules, terrain, occupied, from, to)
            .is_open()
        {
            return Some(Some(to));
        }
    }
    Some(None)
}

/// Does a hex of zone `a` see a hex of zone `b` within [`SIGHT_RADIUS`]? `None` past the
/// budget.
pub(crate) fn zones_in_sight(
    rules: &Ruleset,
    terrain: &EffectiveTerrain,
    occupied: &HexSet,
    index: &SightIndex,
    a: &HexSet,
    b: &HexSet,
    budget: &mut Budget,
) -> Option<SightPair> {
    let grid = terrain.map().grid;
    let near_b = b.within(SIGHT_RADIUS);
    let b_hexes: Vec<Coord> = b.iter().collect();
    for from in a.iter() {
        if !near_b.contains(from) {
            continue;
        }
        if let Some(to) = first_seen(rules, terrain, occupied, index, from, &b_hexes, budget)? {
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
