//! Line of sight between two hex centres (5.1G, with the errata to 5.1G).
//!
//! The rules: a straight line from the centre of the firing hex to the centre of the target hex
//! is blocked by
//! 1. a ridge hexside it passes through: "cutting across the width or the length of the Ridge
//!    hexside, or through the junction point of three hexsides, of which any one (or more) is a
//!    Ridge hexside", even between adjacent hexes;
//! 2. a blocking hex (woods, village, occupied) when it "passes through two hexsides (or two
//!    junction points, or a junction point and a hexside)" of it. The firing and target hexes
//!    never block ("not necessarily blocked when firing from a Blocking hex to a Blocking hex").
//!    A line touching a hex at one junction point only does not block; a line running along a
//!    hexside passes through both its junction points, so it is blocked when either hex beside
//!    it blocks (the letter of 5.1G).
//! 3. Errata 5.1G: units may fire into and through occupied hexes on lower terrain: a unit on a
//!    slope fires over ground-level occupied hexes but not through occupied slope hexes; woods
//!    and village hexes block regardless of elevation.
//!
//! A map with its own chart (Musket & Saber Quick Play, 8.2) is read by the same trace, with its
//! game's sight rule: a hex whose kinds block, or a hexside whose kind blocks, blocks any line
//! passing through it (its interior, or any point of the hexside); units never block ("Units
//! do not block LOS"); terrain in the firing and target hexes never blocks; and a line along a
//! hexside that does not block is blocked only if both hexes beside it block
//! ([`crate::ruleset::SightRule::along_hexside_needs_both`]).
//!
//! Geometry is exact. Every hex centre and corner of a hex grid is a point of an integer lattice
//! once x (flat) or y (pointy) is scaled by 2√3 and the other axis by 2, and that affine map
//! keeps straight lines straight and incidences intact. So "through a junction point", "along a
//! hexside" and "two hexsides" are decided with integer arithmetic, never with an epsilon.

use std::collections::BTreeSet;

use crate::model::counter::Counter;
use crate::model::hex::{Coord, Grid, Orientation};
use crate::model::hex_set::HexSet;
use crate::model::map::{Map, SideKey};
use crate::model::scenario::Scenario;
use crate::queries::effective_terrain::EffectiveTerrain;
use crate::ruleset::{Ruleset, Terrain};

/// Why a hex blocks the line of sight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HexBlock {
    /// Woods, forest or village (5.1G), whatever the elevation (errata 5.1G).
    Terrain(Terrain),
    /// A kind of terrain the map's own chart says blocks (M&S 8.2).
    Chart,
    /// Units of either side in the hex (5.1G), not on lower ground than the firer (errata).
    Occupied,
}

/// What blocks a line of sight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Blocker {
    /// A blocking hexside the line crosses, runs along, or touches at one of its junction
    /// points: a ridge (R&S 5.1G), or a hexside kind the map's chart says blocks (M&S 8.2).
    Ridge(SideKey),
    /// A blocking hex whose interior or hexside the line passes through.
    Hex {
        /// The hex.
        hex: Coord,
        /// Why it blocks.
        why: HexBlock,
    },
}

/// The answer to a line of sight question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sight {
    /// Nothing blocks: the target may be fired upon.
    Open,
    /// Blocked, by the first blocker found from the firing hex.
    Blocked(Blocker),
}

impl Sight {
    /// True when the line of sight is unblocked.
    pub fn is_open(&self) -> bool {
        matches!(self, Sight::Open)
    }
}

/// Line of sight from the centre of `from` to the centre of `to` over a scenario's effective
/// terrain, with `occupied` the hexes holding units of either side (5.1G).
pub fn line_of_sight(
    rules: &Ruleset,
    terrain: &EffectiveTerrain,
    occupied: &HexSet,
    from: Coord,
    to: Coord,
) -> Sight {
    let sides = SideOffsets::new(&terrain.map().grid);
    trace(rules, terrain, occupied, &sides, None, from, to)
}

/// What many lines of sight over one terrain and set-up share, worked out once: the side
/// offsets of the grid, and which hexes may block a line at all (blocking terrain, an occupied
/// hex, a hex with a ridge hexside as played). A line passes every other hex at the cost of
/// a lookup; the answers are [`line_of_sight`]'s (a test compares them).
#[derive(Debug, Clone)]
pub struct SightIndex {
    sides: SideOffsets,
    may_block: Vec<bool>,
}

impl SightIndex {
    /// The index of a terrain and its occupied hexes (one pass over the map and its ridges).
    pub fn new(rules: &Ruleset, terrain: &EffectiveTerrain, occupied: &HexSet) -> SightIndex {
        let map = terrain.map();
        let grid = map.grid;
        let mut may_block: Vec<bool> = grid
            .coords()
            .map(|c| occupied.contains(c) || terrain.hex_blocks_sight(rules, c))
            .collect();
        for SideKey(a, b) in terrain.blocking_sides(rules) {
            for c in [a, b] {
                if let Some(i) = grid.index(c) {
                    may_block[i] = true;
                }
            }
        }
        SightIndex {
            sides: SideOffsets::new(&grid),
            may_block,
        }
    }

    /// [`line_of_sight`] over the terrain and occupied hexes the index was made of.
    pub fn line_of_sight(
        &self,
        rules: &Ruleset,
        terrain: &EffectiveTerrain,
        occupied: &HexSet,
        from: Coord,
        to: Coord,
    ) -> Sight {
        trace(rules, terrain, occupied, &self.sides, Some(self), from, to)
    }

    /// [`fan`] over the terrain and occupied hexes the index was made of.
    pub fn fan(
        &self,
        rules: &Ruleset,
        terrain: &EffectiveTerrain,
        occupied: &HexSet,
        from: Coord,
        radius: u32,
    ) -> Fan {
        let grid = terrain.map().grid;
        let mut out = Fan {
            from,
            visible: HexSet::empty(grid),
            blocking: HexSet::empty(grid),
            ridges: BTreeSet::new(),
        };
        if !grid.contains(from) {
            return out;
        }
        for to in within(&grid, from, radius) {
            match self.line_of_sight(rules, terrain, occupied, from, to) {
                Sight::Open => out.visible.insert(to),
                Sight::Blocked(Blocker::Hex { hex, .. }) => out.blocking.insert(hex),
                Sight::Blocked(Blocker::Ridge(side)) => {
                    out.ridges.insert(side);
                }
            }
        }
        out
    }
}

/// [`line_of_sight`], with the side offsets of the grid made once by the caller, and the
/// hexes that cannot block passed over when an index says which.
fn trace(
    rules: &Ruleset,
    terrain: &EffectiveTerrain,
    occupied: &HexSet,
    sides: &SideOffsets,
    index: Option<&SightIndex>,
    from: Coord,
    to: Coord,
) -> Sight {
    let grid = terrain.map().grid;
    if from == to {
        return Sight::Open;
    }
    let p = lattice(&grid, grid.center(from));
    let q = lattice(&grid, grid.center(to));
    let firer_on_slope = terrain.cell(from).is_some_and(|c| c.slope);
    // Candidates are made as they are examined: most lines are blocked near their start.
    for hex in Candidates::new(&grid, from, to) {
        // A hex with no blocking terrain, no unit and no ridge hexside blocks nothing.
        if let Some(ix) = index
            && grid.index(hex).is_some_and(|i| !ix.may_block[i])
        {
            continue;
        }
        let corners = lattice_corners(&grid, hex);
        // Neighbours are looked up only for the sides the line touches.
        let mut across = None;
        for i in 0..6 {
            if !segments_touch(p, q, corners[i], corners[(i + 1) % 6]) {
                continue;
            }
            let side = across.get_or_insert_with(|| sides.of(hex))[i];
            if terrain.side_blocks_sight(rules, hex, side) {
                return Sight::Blocked(Blocker::Ridge(SideKey::new(hex, side)));
            }
        }
        if hex == from || hex == to {
            continue;
        }
        let Some(why) = blocking(rules, terrain, occupied, hex, firer_on_slope) else {
            continue;
        };
        if !passes_through(p, q, &corners) {
            continue;
        }
        // M&S 8.2: a line along a hexside that does not block is blocked only if both hexes
        // beside it block (a blocking hexside has stopped it above).
        let beside = along_side(p, q, &corners)
            .filter(|_| rules.sight.along_hexside_needs_both)
            .map(|i| across.get_or_insert_with(|| sides.of(hex))[i]);
        let blocked = match beside {
            None => true,
            Some(other) => {
                other != from
                    && other != to
                    && blocking(rules, terrain, occupied, other, firer_on_slope).is_some()
            }
        };
        if blocked {
            return Sight::Blocked(Blocker::Hex { hex, why });
        }
    }
    Sight::Open
}

/// The side of a hex (its index in the corners' order: from corner `i` to `i + 1`) that the
/// line through `p` and `q` runs along, if any: the line holds both its corners.
fn along_side(p: Pt, q: Pt, corners: &[Pt; 6]) -> Option<usize> {
    (0..6).find(|&i| orient(p, q, corners[i]) == 0 && orient(p, q, corners[(i + 1) % 6]) == 0)
}

/// Line of sight is examined out to this many hexes from a hex (a bound on the work, not a
/// rule: 5.1G sets no limit; every fire range the scenarios give is shorter). `saberc analyze`
/// and the editor's line-of-sight overlay both use it.
pub const SIGHT_RADIUS: u32 = 30;

/// What one hex sees: every hex within a radius in its line of sight, and what blocks the
/// others (the first blocker of each blocked line, as [`line_of_sight`] finds it).
#[derive(Debug, Clone, PartialEq)]
pub struct Fan {
    /// The firing hex.
    pub from: Coord,
    /// The hexes within the radius in sight of `from` (`from` itself included).
    pub visible: HexSet,
    /// Blocking hexes (woods, villages, occupied hexes) that block at least one line.
    pub blocking: HexSet,
    /// Blocking hexsides (ridges; a chart's blocking hexside kinds) that block at least one
    /// line.
    pub ridges: BTreeSet<SideKey>,
}

/// The fan of `from`: [`line_of_sight`] to every hex within `radius` of it (5.1G). Many fans
/// of one terrain share a [`SightIndex`].
pub fn fan(
    rules: &Ruleset,
    terrain: &EffectiveTerrain,
    occupied: &HexSet,
    from: Coord,
    radius: u32,
) -> Fan {
    SightIndex::new(rules, terrain, occupied).fan(rules, terrain, occupied, from, radius)
}

/// The hexes of the map within `radius` of `c`, row by row.
pub fn within(grid: &Grid, c: Coord, radius: u32) -> impl Iterator<Item = Coord> + '_ {
    let r = radius.min(i32::MAX as u32) as i32;
    let rows = (c.1.saturating_sub(r)).max(1)..=(c.1.saturating_add(r)).min(grid.height as i32);
    rows.flat_map(move |row| {
        let cols = (c.0.saturating_sub(r)).max(1)..=(c.0.saturating_add(r)).min(grid.width as i32);
        cols.map(move |col| Coord(col, row))
    })
    .filter(move |h| grid.distance(c, *h) <= radius)
}

/// The hexes units occupy at set-up (the scenario's placements): they block sight (5.1G);
/// markers do not.
pub fn occupied(s: &Scenario, grid: Grid) -> HexSet {
    HexSet::from_coords(
        grid,
        s.setup
            .iter()
            .filter(|p| matches!(p.counter, Counter::Unit(_)))
            .map(|p| p.at),
    )
}

/// Can a unit in `from` see `to` on the map as printed, with no other units about?
pub fn can_see(map: &Map, rules: &Ruleset, from: Coord, to: Coord) -> bool {
    line_of_sight(
        rules,
        &EffectiveTerrain::new(map),
        &HexSet::empty(map.grid),
        from,
        to,
    )
    .is_open()
}

/// Does the hex block sight for this firer, and why (5.1G and its errata)?
fn blocking(
    rules: &Ruleset,
    terrain: &EffectiveTerrain,
    occupied: &HexSet,
    hex: Coord,
    firer_on_slope: bool,
) -> Option<HexBlock> {
    let cell = terrain.cell(hex)?;
    if terrain.hex_blocks_sight(rules, hex) {
        return Some(match terrain.chart() {
            Some(_) => HexBlock::Chart,
            None => HexBlock::Terrain(cell.terrain),
        });
    }
    // Errata 5.1G: occupied hexes on lower terrain than the firer do not block.
    let lower = rules.sight.lower_units_do_not_block && firer_on_slope && !cell.slope;
    (rules.sight.units_block && occupied.contains(hex) && !lower).then_some(HexBlock::Occupied)
}

/// A point of the integer lattice of hex centres and corners.
type Pt = (i64, i64);

/// The lattice point of a screen-space point of [`Grid::center`] or [`Grid::corners`].
fn lattice(grid: &Grid, (x, y): (f64, f64)) -> Pt {
    let s = 2.0 * 3f64.sqrt();
    let (lx, ly) = match grid.orientation {
        Orientation::Flat => (x * s, y * 2.0),
        Orientation::Pointy => (x * 2.0, y * s),
    };
    (lx.round() as i64, ly.round() as i64)
}

/// The corners of a hex on the lattice, in the order of [`Grid::corners`] (checked by a test
/// against it): offsets from the centre, without trigonometry.
fn lattice_corners(grid: &Grid, hex: Coord) -> [Pt; 6] {
    const FLAT: [Pt; 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];
    const POINTY: [Pt; 6] = [(1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1)];
    let (cx, cy) = lattice(grid, grid.center(hex));
    let offsets = match grid.orientation {
        Orientation::Flat => FLAT,
        Orientation::Pointy => POINTY,
    };
    offsets.map(|(dx, dy)| (cx + dx, cy + dy))
}

/// The hexes the line may touch, roughly in order from `from`, one at a time: the hexes of the
/// hex line and their neighbours. Every point of the segment is within half a step of a sample
/// of the hex line, so a hex touching the segment has its centre within 1.7 steps of a hex of
/// the line: it is that hex or one of its neighbours. Each hex of the line comes with its
/// on-map neighbours, less those already given: hexes of a hex line `k` steps apart are `k`
/// hexes apart, so an on-map hex within one of this line hex was given with one of the two
/// line hexes before it (as it or as its neighbour) if at all, and only those are asked.
struct Candidates<'g> {
    grid: &'g Grid,
    line: std::vec::IntoIter<Coord>,
    /// The two line hexes before the current one, latest first.
    before: [Option<Coord>; 2],
    /// The current line hex and its neighbours still to give.
    pending: Vec<Coord>,
}

impl<'g> Candidates<'g> {
    fn new(grid: &'g Grid, from: Coord, to: Coord) -> Candidates<'g> {
        Candidates {
            grid,
            line: grid.line(from, to).into_iter(),
            before: [None, None],
            pending: Vec::with_capacity(7),
        }
    }
}

impl Iterator for Candidates<'_> {
    type Item = Coord;

    fn next(&mut self) -> Option<Coord> {
        loop {
            if let Some(c) = self.pending.pop() {
                return Some(c);
            }
            let c = self.line.next()?;
            let grid = self.grid;
            // An off-map hex is given only as a line hex (neighbours are on the map), and
            // line hexes are distinct.
            let given = |n: Coord| {
                grid.contains(n)
                    && self
                        .before
                        .iter()
                        .flatten()
                        .any(|b| grid.distance(*b, n) <= 1)
            };
            // Kept in reverse, so that `pop` gives the line hex first, then its neighbours
            // in the order `Grid::neighbors` lists them.
            let mut group: Vec<Coord> = std::iter::once(c)
                .chain(grid.neighbors(c))
                .filter(|n| !given(*n))
                .collect();
            group.reverse();
            self.pending = group;
            self.before = [Some(c), self.before[0]];
        }
    }
}

/// The neighbour across each side of a hex, by the parity of its column (flat) or row
/// (pointy): [`Grid::side_neighbors`] of two hexes, then offsets (a test checks every hex).
#[derive(Debug, Clone)]
struct SideOffsets {
    orientation: Orientation,
    offsets: [[(i32, i32); 6]; 2],
}

impl SideOffsets {
    fn new(grid: &Grid) -> SideOffsets {
        let refs = match grid.orientation {
            Orientation::Flat => [Coord(2, 3), Coord(3, 3)],
            Orientation::Pointy => [Coord(3, 2), Coord(3, 3)],
        };
        let offsets = refs.map(|r| grid.side_neighbors(r).map(|n| (n.0 - r.0, n.1 - r.1)));
        SideOffsets {
            orientation: grid.orientation,
            offsets,
        }
    }

    /// What [`Grid::side_neighbors`] gives for `c`.
    fn of(&self, c: Coord) -> [Coord; 6] {
        let line = match self.orientation {
            Orientation::Flat => c.0,
            Orientation::Pointy => c.1,
        };
        // The reference hexes are in lines 2 (even) and 3 (odd).
        let k = usize::from(line.rem_euclid(2) == 1);
        self.offsets[k].map(|(dc, dr)| Coord(c.0 + dc, c.1 + dr))
    }
}

/// Twice the signed area of the triangle `a b c`: its sign says on which side of `a→b` is `c`.
fn orient(a: Pt, b: Pt, c: Pt) -> i64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Is `c`, collinear with `a b`, within their bounding box (so on the closed segment)?
fn within_box(a: Pt, b: Pt, c: Pt) -> bool {
    c.0 >= a.0.min(b.0) && c.0 <= a.0.max(b.0) && c.1 >= a.1.min(b.1) && c.1 <= a.1.max(b.1)
}

/// Do the closed segments `p q` and `a b` share at least one point (crossing, touching at an
/// end, or overlapping)?
fn segments_touch(p: Pt, q: Pt, a: Pt, b: Pt) -> bool {
    let d1 = orient(p, q, a).signum();
    let d2 = orient(p, q, b).signum();
    let d3 = orient(a, b, p).signum();
    let d4 = orient(a, b, q).signum();
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    (d1 == 0 && within_box(p, q, a))
        || (d2 == 0 && within_box(p, q, b))
        || (d3 == 0 && within_box(a, b, p))
        || (d4 == 0 && within_box(a, b, q))
}

/// Does the segment `p q` meet the closed hex in more than one point, that is pass through two
/// of its hexsides or junction points (5.1G)? Cyrus–Beck clipping with exact fractions.
fn passes_through(p: Pt, q: Pt, corners: &[Pt; 6]) -> bool {
    let d = (q.0 - p.0, q.1 - p.1);
    // Corners may run either way round; inside is where `sign * orient` is not negative.
    let sign = orient(corners[0], corners[1], corners[2]).signum();
    // The parameter interval [lo, hi] of the segment inside the hex, as fractions n/d, d > 0.
    let (mut lo, mut hi) = ((0i128, 1i128), (1i128, 1i128));
    for i in 0..6 {
        let (v, w) = (corners[i], corners[(i + 1) % 6]);
        let e = (w.0 - v.0, w.1 - v.1);
        // inside(t) = a + b·t ≥ 0
        let a = i128::from(sign * (e.0 * (p.1 - v.1) - e.1 * (p.0 - v.0)));
        let b = i128::from(sign * (e.0 * d.1 - e.1 * d.0));
        if b == 0 {
            if a < 0 {
                return false;
            }
        } else if b > 0 {
            let t = (-a, b);
            if t.0 * lo.1 > lo.0 * t.1 {
                lo = t;
            }
        } else {
            let t = (a, -b);
            if t.0 * hi.1 < hi.0 * t.1 {
                hi = t;
            }
        }
    }
    lo.0 * hi.1 < hi.0 * lo.1
}

#[cfg(test)]
mod tests;
