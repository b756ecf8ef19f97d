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

    /// Is the hex at dense index `i` ([`Grid::index`]) in the set?
    pub fn contains_index(&self, i: usize) -> bool {
        self.bits.contains(i)
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
    /// Grown a ring at a time by shifting the set's bits (`Dilation`) where that is cheaper
    /// than visiting the hexes one by one (zones measured from the enemy, on most maps).
    pub fn within(&self, max: u32) -> HexSet {
        let g = self.grid;
        let rings = u64::from(max.min(g.width.saturating_add(g.height)));
        let words = g.len().div_ceil(64) as u64;
        let ones = self.bits.count_ones(..) as u64;
        // Hexes a search would visit at most, against the words the shifts would touch.
        let reached = ones
            .saturating_mul(3 * rings * (rings + 1) + 1)
            .min(g.len() as u64);
        if rings * words * 8 < reached * 6 {
            return Dilation::with(g, |d| d.within(self, max));
        }
        self.within_by_search(max)
    }

    /// [`HexSet::within`] by a breadth-first search, ring by ring.
    fn within_by_search(&self, max: u32) -> HexSet {
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

/// How a set grows by one ring on one grid, as shifts of its bits: the hexes next to a set
/// are those whose neighbour in some direction is in it, and a hex's neighbour in a direction
/// lies a fixed number of dense indices away, given the parity of its line along the shoved
/// axis. So a ring is, per distinct offset, the set shifted by it and masked by the hexes
/// whose neighbour at that offset is on the map (eight offsets, each up to two directions).
#[derive(Debug)]
struct Dilation {
    grid: Grid,
    /// Each offset, and the hexes whose neighbour at that offset is on the map.
    shifts: Vec<(isize, FixedBitSet)>,
    /// How many words away a shift reads: |o| / BITS for the farthest offset `o`, and one
    /// more for the bits that cross a word's edge.
    reach: usize,
}

/// How many grids' masks a thread keeps: a batch's files mostly share a map or a few.
const KEPT_GRIDS: usize = 4;

thread_local! {
    /// The masks of the last grids grown on this thread, the latest first.
    static DILATIONS: std::cell::RefCell<Vec<Dilation>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Dilation {
    /// The masks of a grid (one pass over its hexes).
    fn new(grid: Grid) -> Dilation {
        let mut shifts: Vec<(isize, FixedBitSet)> = Vec::new();
        for i in 0..grid.len() {
            for j in grid.neighbor_indices(i) {
                let o = j as isize - i as isize;
                let k = match shifts.iter().position(|(x, _)| *x == o) {
                    Some(k) => k,
                    None => {
                        shifts.push((o, FixedBitSet::with_capacity(grid.len())));
                        shifts.len() - 1
                    }
                };
                shifts[k].1.insert(i);
            }
        }
        let reach = shifts
            .iter()
            .map(|(o, _)| o.unsigned_abs() / usize::BITS as usize + 1)
            .max()
            .unwrap_or(0);
        Dilation {
            grid,
            shifts,
            reach,
        }
    }

    /// Run `f` with the masks of `grid`, made once per grid and thread (while it is among the
    /// last [`KEPT_GRIDS`] grown there).
    fn with<R>(grid: Grid, f: impl FnOnce(&Dilation) -> R) -> R {
        DILATIONS.with(|cell| {
            let mut held = cell.borrow_mut();
            match held.iter().position(|d| d.grid == grid) {
                Some(i) => held[..=i].rotate_right(1),
                None => {
                    held.truncate(KEPT_GRIDS - 1);
                    held.insert(0, Dilation::new(grid));
                }
            }
            f(&held[0])
        })
    }

    /// The hexes within `max` of `set`: `max` rings, or until one adds nothing. Each ring
    /// touches only the words where the set has hexes and the words a shift reaches from
    /// them: a zone grown from a few hexes covers a few rows of the map, not all of it.
    fn within(&self, set: &HexSet, max: u32) -> HexSet {
        let mut seen = set.clone();
        let words = seen.bits.as_slice().len();
        let Some(mut lo) = seen.bits.as_slice().iter().position(|w| *w != 0) else {
            return seen;
        };
        let mut hi = words
            - seen
                .bits
                .as_slice()
                .iter()
                .rev()
                .position(|w| *w != 0)
                .unwrap_or(0);
        let reach = self.reach;
        let mut grown = seen.bits.clone();
        // The set's words between `reach` clear words on each side: a shift reads no word
        // outside them, so its loop has no bounds to test.
        let mut padded = vec![0; words + 2 * reach];
        for _ in 0..max {
            padded[reach + lo..reach + hi].copy_from_slice(&seen.bits.as_slice()[lo..hi]);
            // Every hex of the set is in words `lo..hi`, so every hex next to it in `lo..hi`
            // widened by `reach`.
            (lo, hi) = (lo.saturating_sub(reach), (hi + reach).min(words));
            for (o, mask) in &self.shifts {
                let out = &mut grown.as_mut_slice()[lo..hi];
                or_shifted(out, &mask.as_slice()[lo..hi], &padded, reach + lo, *o);
            }
            let (now, before) = (
                &grown.as_slice()[lo..hi],
                &mut seen.bits.as_mut_slice()[lo..hi],
            );
            if now == before {
                break;
            }
            before.copy_from_slice(now);
        }
        seen
    }
}

/// `out |= (set shifted so that bit i holds the set's bit i + o) & mask`, word by word, where
/// `padded` holds the set's words after clear ones, `out`'s first word at `start`, with more
/// than |o| / BITS clear words before the set's first and after its last.
fn or_shifted(out: &mut [usize], mask: &[usize], padded: &[usize], start: usize, o: isize) {
    const BITS: usize = usize::BITS as usize;
    let (q, r) = (o.unsigned_abs() / BITS, o.unsigned_abs() % BITS);
    let n = out.len();
    // Each word of `out` reads the word `q` words away in the shift's direction (`near`) and,
    // for the bits that cross a word's edge, the one past it (`far`).
    let (near, far) = if o >= 0 {
        (&padded[start + q..][..n], &padded[start + q + 1..][..n])
    } else {
        (&padded[start - q..][..n], &padded[start - q - 1..][..n])
    };
    let words = out.iter_mut().zip(mask).zip(near.iter().zip(far));
    match (r, o >= 0) {
        (0, _) => words.for_each(|((out, m), (a, _))| *out |= a & m),
        (_, true) => {
            words.for_each(|((out, m), (a, b))| *out |= ((a >> r) | (b << (BITS - r))) & m)
        }
        (_, false) => {
            words.for_each(|((out, m), (a, b))| *out |= ((a << r) | (b >> (BITS - r))) & m)
        }
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

    /// A thread growing zones on more grids than it keeps masks for, in turn, grows each on
    /// its own grid.
    #[test]
    fn within_on_grids_in_turn_uses_each_grids_masks() {
        let grids: Vec<Grid> = (0..KEPT_GRIDS as u32 + 2)
            .map(|k| Grid {
                width: 40 + k,
                height: 30,
                orientation: if k % 2 == 0 {
                    Orientation::Flat
                } else {
                    Orientation::Pointy
                },
                parity: Parity::OddShoved,
                numbering: Default::default(),
            })
            .collect();
        for round in 0..3 {
            for (k, g) in grids
                .iter()
                .enumerate()
                .chain(grids.iter().enumerate().rev())
            {
                let s = HexSet::from_coords(*g, [Coord(3 + k as i32, 7), Coord(20, 2 + round)]);
                assert_eq!(
                    s.within(5),
                    s.within_by_search(5),
                    "grid {k}, round {round}"
                );
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
        /// Growing a set by shifting its bits gives the hexes a search ring by ring reaches, on
        /// grids of any width (one word, word-sized, just past a word), orientation and parity.
        #[test]
        fn within_by_shifts_is_within_by_search(
            width in 1u32..140,
            height in 1u32..9,
            pointy: bool,
            odd: bool,
            bits in proptest::collection::vec(proptest::bool::weighted(0.03), 1..1260),
            max in proptest::prop_oneof![0u32..12, proptest::strategy::Just(u32::MAX)],
        ) {
            let g = Grid {
                width,
                height,
                orientation: if pointy { Orientation::Pointy } else { Orientation::Flat },
                parity: if odd { Parity::OddShoved } else { Parity::EvenShoved },
                numbering: Default::default(),
            };
            let s = HexSet::from_index_fn(g, |i| bits.get(i).copied().unwrap_or(false));
            let want = s.within_by_search(max);
            proptest::prop_assert_eq!(Dilation::new(g).within(&s, max), want.clone());
            proptest::prop_assert_eq!(s.within(max), want);
        }
    }
}
