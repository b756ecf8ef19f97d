//! Sets of hexes on one map: what zones compile to, and what queries and outputs work on.

use fixedbitset::FixedBitSet;

use crate::model::hex::{Coord, Grid};

/// A set of hexes on a given map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexSet {
    grid: Grid,
    bits: FixedBitSet,
}

impl HexSet {
    /// The empty set on a grid.
    pub fn empty(grid: Grid) -> HexSet {
        HexSet {
            grid,
            bits: FixedBitSet::with_capacity(grid.len()),
        }
    }

    /// Every hex of the grid.
    pub fn full(grid: Grid) -> HexSet {
        let mut s = HexSet::empty(grid);
        s.bits.insert_range(..);
        s
    }

    /// The set of the given hexes; off-map ones are dropped.
    pub fn from_coords(grid: Grid, coords: impl IntoIterator<Item = Coord>) -> HexSet {
        let mut s = HexSet::empty(grid);
        for c in coords {
            s.insert(c);
        }
        s
    }

    /// The hexes for which `f` holds.
    pub fn from_fn(grid: Grid, mut f: impl FnMut(Coord) -> bool) -> HexSet {
        let mut s = HexSet::empty(grid);
        for i in 0..grid.len() {
            if f(grid.coord_at(i)) {
                s.bits.insert(i);
            }
        }
        s
    }

    /// The grid this set lives on.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// Add a hex (ignored when off the map).
    pub fn insert(&mut self, c: Coord) {
        if let Some(i) = self.grid.index(c) {
            self.bits.insert(i);
        }
    }

    /// Remove a hex.
    pub fn remove(&mut self, c: Coord) {
        if let Some(i) = self.grid.index(c) {
            self.bits.set(i, false);
        }
    }

    /// Is the hex in the set?
    pub fn contains(&self, c: Coord) -> bool {
        self.grid.index(c).is_some_and(|i| self.bits.contains(i))
    }

    /// Number of hexes.
    pub fn len(&self) -> usize {
        self.bits.count_ones(..)
    }

    /// True when no hex is in the set.
    pub fn is_empty(&self) -> bool {
        self.bits.is_clear()
    }

    /// Dense indices ([`Grid::index`]) of the hexes, row by row.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.ones()
    }

    /// The hexes, row by row.
    pub fn iter(&self) -> impl Iterator<Item = Coord> + '_ {
        self.bits.ones().map(|i| self.grid.coord_at(i))
    }

    /// Set union, in place.
    pub fn union_with(&mut self, other: &HexSet) {
        self.bits.union_with(&other.bits);
    }

    /// Set intersection, in place.
    pub fn intersect_with(&mut self, other: &HexSet) {
        self.bits.intersect_with(&other.bits);
    }

    /// Set difference, in place.
    pub fn difference_with(&mut self, other: &HexSet) {
        self.bits.difference_with(&other.bits);
    }

    /// Do the sets share a hex?
    pub fn intersects(&self, other: &HexSet) -> bool {
        !self.bits.is_disjoint(&other.bits)
    }

    /// Is every hex of `self` in `other`?
    pub fn is_subset(&self, other: &HexSet) -> bool {
        self.bits.is_subset(&other.bits)
    }

    /// Mean centre of the hexes (screen space), if any.
    pub fn centroid(&self) -> Option<(f64, f64)> {
        let mut n = 0.0;
        let (mut x, mut y) = (0.0, 0.0);
        for c in self.iter() {
            let (cx, cy) = self.grid.center(c);
            x += cx;
            y += cy;
            n += 1.0;
        }
        (n > 0.0).then(|| (x / n, y / n))
    }

    /// Hex distance from the nearest hex of the set, for every hex of the map (multi-source
    /// breadth-first search); `u32::MAX` where the set is empty.
    pub fn distance_field(&self) -> Vec<u32> {
        self.distance_field_upto(u32::MAX)
    }

    /// Like [`HexSet::distance_field`], but the search stops at distance `max`: hexes farther
    /// away stay `u32::MAX`. `Within(2, …)` then visits only the hexes near its zone, not the
    /// whole map.
    pub fn distance_field_upto(&self, max: u32) -> Vec<u32> {
        self.search(max, None).0
    }

    /// The hexes within `max` of the set, the set's own included: the hexes where
    /// [`HexSet::distance_field_upto`] is not `u32::MAX`, without a distance for every hex of
    /// the map (`analyze` asks this of each place to hold; a field of the largest map is 4 MB).
    pub fn within(&self, max: u32) -> HexSet {
        let g = self.grid;
        let mut seen = self.clone();
        let mut ring: Vec<usize> = self.bits.ones().collect();
        let mut next = Vec::new();
        for _ in 0..max {
            if ring.is_empty() {
                break;
            }
            for &i in &ring {
                for j in g.neighbor_indices(i) {
                    if !seen.bits.put(j) {
                        next.push(j);
                    }
                }
            }
            std::mem::swap(&mut ring, &mut next);
            next.clear();
        }
        seen
    }

    /// Hex distance between the nearest hexes of the two sets (0 when they share a hex), or
    /// `None` when either is empty; the search stops as soon as it reaches `other`.
    pub fn distance_to(&self, other: &HexSet) -> Option<u32> {
        self.search(u32::MAX, Some(other)).1
    }

    /// Breadth-first search from the set out to distance `max`, stopping early at the first
    /// hex of `target` (whose distance is then the second value).
    fn search(&self, max: u32, target: Option<&HexSet>) -> (Vec<u32>, Option<u32>) {
        let g = self.grid;
        let mut dist = vec![u32::MAX; g.len()];
        // The queue is the visiting order itself: each hex enters it once.
        let mut queue: Vec<u32> = Vec::with_capacity(g.len());
        let hit = |i: usize| target.is_some_and(|t| t.bits.contains(i));
        for i in self.bits.ones() {
            dist[i] = 0;
            if hit(i) {
                return (dist, Some(0));
            }
            queue.push(i as u32);
        }
        let mut head = 0;
        while let Some(&i) = queue.get(head) {
            head += 1;
            let here = dist[i as usize];
            // Visited in order of distance: nothing after this is nearer.
            if here >= max {
                break;
            }
            for j in g.neighbor_indices(i as usize) {
                if dist[j] == u32::MAX {
                    dist[j] = here + 1;
                    if hit(j) {
                        return (dist, Some(here + 1));
                    }
                    queue.push(j as u32);
                }
            }
        }
        (dist, None)
    }

    /// The hexes whose dense index satisfies `f` (cheaper than [`HexSet::from_fn`] when the
    /// test is on a per-hex array).
    pub fn from_index_fn(grid: Grid, mut f: impl FnMut(usize) -> bool) -> HexSet {
        let mut s = HexSet::empty(grid);
        for i in 0..grid.len() {
            if f(i) {
                s.bits.insert(i);
            }
        }
        s
    }

    /// Labels of the hexes, for messages and exports.
    pub fn labels(&self) -> Vec<String> {
        self.iter().map(|c| self.grid.label(c)).collect()
    }

    /// The hexes not on the map's edge: how many, and the first three's labels (a set may hold
    /// a million hexes; a finding names a few).
    pub fn inland(&self) -> (usize, Vec<String>) {
        let g = self.grid();
        let mut inland = self.iter().filter(|c| !g.on_any_edge(*c));
        let named: Vec<String> = inland.by_ref().take(3).map(|c| g.label(c)).collect();
        (named.len() + inland.count(), named)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::hex::{Orientation, Parity};

    #[test]
    fn inland_hexes_are_counted_and_the_first_three_named() {
        let grid = crate::model::map::Map::blank("m", "M", 5, 4).grid;
        // Every hex: the 3 × 2 inside the edges are inland.
        let all = HexSet::from_fn(grid, |_| true);
        assert_eq!(
            all.inland(),
            (6, vec!["0202".into(), "0302".into(), "0402".into()])
        );
        let edge = HexSet::from_fn(grid, |c| grid.on_any_edge(c));
        assert_eq!(edge.inland(), (0, vec![]));
    }

    /// `within` is the set of hexes `distance_field_upto` reaches, for sets of one hex, of
    /// hexes far apart, at the edges, empty and whole, on both orientations and parities.
    #[test]
    fn within_is_where_the_distance_field_reaches() {
        for orientation in [Orientation::Flat, Orientation::Pointy] {
            for parity in [Parity::EvenShoved, Parity::OddShoved] {
                let g = Grid {
                    width: 23,
                    height: 17,
                    orientation,
                    parity,
                    numbering: Default::default(),
                };
                let sets = [
                    HexSet::empty(g),
                    HexSet::full(g),
                    HexSet::from_coords(g, [Coord(12, 9)]),
                    HexSet::from_coords(g, [Coord(1, 1), Coord(23, 17), Coord(2, 16)]),
                    HexSet::from_fn(g, |c| (c.0 * 7 + c.1 * 3) % 11 == 0),
                ];
                for s in &sets {
                    for max in [0, 1, 2, 5, 30, u32::MAX] {
                        let field = s.distance_field_upto(max);
                        let want = HexSet::from_index_fn(g, |i| field[i] != u32::MAX);
                        assert_eq!(s.within(max), want, "{orientation:?} {parity:?} {max}");
                    }
                }
            }
        }
    }
}
