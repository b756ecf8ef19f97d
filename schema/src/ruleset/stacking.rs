//! Stacking rules as data: how many units one hex holds, asked over the units themselves (what
//! each counts), never over a fixed pair of classes.

/// What one unit counts for stacking, in its game's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StackWeight {
    /// This many stacking points (R&S 7.0A: guns 3, other units 2, markers 0).
    Points(u32),
    /// A unit that may take the one slot of its own kind or one of the free slots (M&S 5.0:
    /// "one battalion or artillery unit").
    Slot,
    /// A unit that takes one of the free slots only (M&S 5.0: "plus any three units").
    Any,
    /// A unit that does not count (M&S 10.0: "Leaders do not count for stacking").
    Free,
}

/// How a game limits the units in one hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stacking {
    /// At most `limit` stacking points a hex (R&S 7.0).
    Points {
        /// Most points in one hex.
        limit: u32,
    },
    /// `slots` units of the [`StackWeight::Slot`] kind, plus `any` units of any kind, plus any
    /// number of free ones (M&S 5.0).
    Slots {
        /// Slots only [`StackWeight::Slot`] units may fill (M&S: 1).
        slots: u32,
        /// Slots any unit may fill (M&S: 3).
        any: u32,
    },
}

impl Stacking {
    /// Is one side's stack of these units (weight and count) over the limit?
    pub fn over_stacked(&self, units: impl IntoIterator<Item = (StackWeight, u32)>) -> bool {
        match *self {
            Stacking::Points { limit } => {
                let points = units.into_iter().fold(0u64, |sum, (w, n)| {
                    sum + u64::from(points_of(w)) * u64::from(n)
                });
                points > u64::from(limit)
            }
            Stacking::Slots { slots, any } => {
                let (slot, only_any) = slot_counts(units);
                slot + only_any > u64::from(slots) + u64::from(any) || only_any > u64::from(any)
            }
        }
    }

    /// Fewest hexes that hold one side's units (weight and count) within the limit.
    pub fn min_hexes(&self, units: impl IntoIterator<Item = (StackWeight, u32)>) -> u32 {
        match *self {
            Stacking::Points { limit } => min_hexes_by_points(limit, units),
            Stacking::Slots { slots, any } => {
                // h hexes hold at most `any`·h units that only free slots take and
                // (`slots` + `any`)·h units in all; any split meeting both bounds packs.
                let (slot, only_any) = slot_counts(units);
                let per_hex = u64::from(slots) + u64::from(any);
                let by_any = if any == 0 {
                    if only_any > 0 { u64::from(u32::MAX) } else { 0 }
                } else {
                    only_any.div_ceil(u64::from(any))
                };
                let all = if per_hex == 0 {
                    0
                } else {
                    (slot + only_any).div_ceil(per_hex)
                };
                u32::try_from(by_any.max(all)).unwrap_or(u32::MAX)
            }
        }
    }

    /// Can `units` (each a weight and the hexes it may stand in, a bit per hex of `filled`) be
    /// set up in the hexes of `filled` (the units already standing in each), with no hex over
    /// the limit? Asked hex by hex of [`Stacking::over_stacked`], so it holds for every rule of
    /// this type (M&S 3.2's `w/1`: the set-up hex and the six around it). A search over at most
    /// `MAX_FIT_HEXES` hexes that never tries two hexes alike (same units, open to the same
    /// units) for one unit, and remembers the states it failed from, counted up to hexes alike;
    /// `None` when it would take more than `MAX_FIT_STEPS` steps (no answer rather than a
    /// guess).
    pub fn fits(&self, filled: &[Vec<StackWeight>], units: &[(StackWeight, u32)]) -> Option<bool> {
        if filled.len() > MAX_FIT_HEXES {
            return None;
        }
        // How many of a weight one hex holds alone; a unit any number of which never
        // over-stacks a hex (a leader, a marker) changes no stack: it fits wherever it may
        // stand at all.
        let alone =
            |w: StackWeight| (0..=u32::from(u8::MAX)).find(|n| self.over_stacked([(w, n + 1)]));
        if units
            .iter()
            .any(|(w, mask)| alone(*w).is_none() && *mask == 0)
        {
            return Some(false);
        }
        let mut units: Vec<(StackWeight, u32)> = units
            .iter()
            .copied()
            .filter(|(w, _)| alone(*w).is_some())
            .collect();
        // The most constrained first: open to fewer hexes, then fewer of them to a hex.
        units.sort_by_key(|(w, mask)| (mask.count_ones(), alone(*w), *mask, *w));
        // Hexes open to the same units are alike: their class.
        let mut masks: Vec<u32> = units.iter().map(|(_, m)| *m).collect();
        masks.sort_unstable();
        masks.dedup();
        let open_to = |h: usize| -> Vec<bool> { masks.iter().map(|m| m & (1 << h) != 0).collect() };
        let mut classes: Vec<Vec<bool>> = Vec::new();
        let class: Vec<usize> = (0..filled.len())
            .map(|h| {
                let sig = open_to(h);
                classes.iter().position(|c| *c == sig).unwrap_or_else(|| {
                    classes.push(sig);
                    classes.len() - 1
                })
            })
            .collect();
        let mut hexes: Vec<Vec<StackWeight>> = filled.to_vec();
        for h in &mut hexes {
            h.sort();
        }
        let mut search = FitSearch {
            rule: *self,
            units: &units,
            class,
            failed: std::collections::HashSet::new(),
            steps: 0,
        };
        search.place(0, &mut hexes)
    }
}

/// The most hexes [`Stacking::fits`] searches (a bit per hex in a `u32`).
pub const MAX_FIT_HEXES: usize = 32;

/// The most steps [`Stacking::fits`] takes before it gives no answer.
pub const MAX_FIT_STEPS: u64 = 200_000;

/// A state of a [`Stacking::fits`] search: the next unit, and the hexes' classes and contents,
/// sorted (hexes alike are one state whichever holds what).
type FitState = (usize, Vec<(usize, Vec<StackWeight>)>);

/// The state of one [`Stacking::fits`] search.
struct FitSearch<'a> {
    rule: Stacking,
    units: &'a [(StackWeight, u32)],
    /// Each hex's class: hexes of one class are open to the same units.
    class: Vec<usize>,
    /// The states from which no placement fits.
    failed: std::collections::HashSet<FitState>,
    steps: u64,
}

impl FitSearch<'_> {
    /// Place units `i..` in `hexes`.
    fn place(&mut self, i: usize, hexes: &mut Vec<Vec<StackWeight>>) -> Option<bool> {
        let Some(&(w, mask)) = self.units.get(i) else {
            return Some(true);
        };
        let mut key: Vec<(usize, Vec<StackWeight>)> = self
            .class
            .iter()
            .copied()
            .zip(hexes.iter().cloned())
            .collect();
        key.sort();
        let key = (i, key);
        if self.failed.contains(&key) {
            return Some(false);
        }
        let mut tried: Vec<(usize, Vec<StackWeight>)> = Vec::new();
        for h in 0..hexes.len() {
            if mask & (1 << h) == 0 {
                continue;
            }
            let alike = (self.class[h], hexes[h].clone());
            if tried.contains(&alike) {
                continue;
            }
            tried.push(alike);
            self.steps += 1;
            if self.steps > MAX_FIT_STEPS {
                return None;
            }
            let at = hexes[h].partition_point(|x| *x <= w);
            hexes[h].insert(at, w);
            let done = if self.rule.over_stacked(hexes[h].iter().map(|x| (*x, 1))) {
                Some(false)
            } else {
                self.place(i + 1, hexes)
            };
            hexes[h].remove(at);
            match done {
                Some(false) => {}
                other => return other,
            }
        }
        self.failed.insert(key);
        Some(false)
    }
}

/// The points a weight counts under a points rule (the other kinds count nothing there).
fn points_of(w: StackWeight) -> u32 {
    match w {
        StackWeight::Points(p) => p,
        _ => 0,
    }
}

/// (units that may fill the own slots, units that fill free slots only) of a stack.
fn slot_counts(units: impl IntoIterator<Item = (StackWeight, u32)>) -> (u64, u64) {
    units
        .into_iter()
        .fold((0, 0), |(slot, any), (w, n)| match w {
            StackWeight::Slot => (slot + u64::from(n), any),
            StackWeight::Any | StackWeight::Points(_) => (slot, any + u64::from(n)),
            StackWeight::Free => (slot, any),
        })
}

/// Fewest hexes of `limit` points for units of these points: first fit, heaviest first, over
/// hexes counted by the room they have left (at most `limit + 1` kinds of hex), so the work
/// does not grow with the number of units. For R&S's 2- and 3-point units at 6 a hex this is
/// the packing of 7.0 (two guns a hex, three others a hex, a lone gun and one other).
fn min_hexes_by_points(limit: u32, units: impl IntoIterator<Item = (StackWeight, u32)>) -> u32 {
    let mut by_points: Vec<(u32, u64)> = Vec::new();
    for (w, n) in units {
        let p = points_of(w);
        if p == 0 || n == 0 {
            continue;
        }
        match by_points.iter_mut().find(|(q, _)| *q == p) {
            Some((_, count)) => *count += u64::from(n),
            None => by_points.push((p, u64::from(n))),
        }
    }
    by_points.sort_by_key(|b| std::cmp::Reverse(b.0));
    // hexes[r]: how many opened hexes have r points of room left.
    let mut hexes = vec![0u64; limit as usize + 1];
    let mut opened: u64 = 0;
    for (p, mut n) in by_points {
        if p > limit {
            // A unit heavier than a hex holds: one hex each (the over-stacking is reported
            // by the stacking check, not here).
            opened += n;
            continue;
        }
        // Fill the hexes with the least room that still fit one, then open new ones.
        for room in p..=limit {
            if n == 0 {
                break;
            }
            let fits = u64::from(room / p);
            let h = hexes[room as usize];
            if h == 0 || room == limit {
                continue;
            }
            let full = (n / fits).min(h);
            let left = (room - fits as u32 * p) as usize;
            hexes[room as usize] -= full;
            hexes[left] += full;
            n -= full * fits;
            if n > 0 && n < fits && hexes[room as usize] > 0 {
                hexes[room as usize] -= 1;
                hexes[(room - n as u32 * p) as usize] += 1;
                n = 0;
            }
        }
        if n > 0 {
            let fits = u64::from(limit / p);
            let full = n / fits;
            opened += full;
            hexes[(limit - fits as u32 * p) as usize] += full;
            let rest = n % fits;
            if rest > 0 {
                opened += 1;
                hexes[(limit - rest as u32 * p) as usize] += 1;
            }
        }
    }
    u32::try_from(opened).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SLOTS: Stacking = Stacking::Slots { slots: 1, any: 3 };

    #[test]
    fn the_slot_reading_of_m_and_s_5_0() {
        use StackWeight::*;
        // Four brigades or cavalry: illegal; two battalions and two artillery: legal.
        assert!(SLOTS.over_stacked([(Any, 4)]));
        assert!(SLOTS.over_stacked([(Any, 2), (Any, 2)]));
        assert!(!SLOTS.over_stacked([(Slot, 4)]));
        // One battalion, three brigades and four leaders: legal; five units: illegal.
        assert!(!SLOTS.over_stacked([(Slot, 1), (Any, 3), (Free, 4)]));
        assert!(SLOTS.over_stacked([(Slot, 2), (Any, 3)]));
        assert_eq!(SLOTS.min_hexes([(Any, 4)]), 2);
        assert_eq!(SLOTS.min_hexes([(Slot, 5), (Any, 3)]), 2);
        assert_eq!(SLOTS.min_hexes([(Free, 9)]), 0);
    }

    #[test]
    fn fits_asks_each_hex_and_where_each_unit_may_stand() {
        use StackWeight::*;
        let all = 0b111_1111;
        // Seven hexes: 21 brigades fit (three a hex), 22 do not.
        assert_eq!(
            SLOTS.fits(&vec![vec![]; 7], &vec![(Any, all); 21]),
            Some(true)
        );
        assert_eq!(
            SLOTS.fits(&vec![vec![]; 7], &vec![(Any, all); 22]),
            Some(false)
        );
        // Seven battalions and 21 brigades fill the seven hexes exactly.
        let mut full = vec![(Slot, all); 7];
        full.extend(vec![(Any, all); 21]);
        assert_eq!(SLOTS.fits(&vec![vec![]; 7], &full), Some(true));
        full.push((Slot, all));
        assert_eq!(SLOTS.fits(&vec![vec![]; 7], &full), Some(false));
        // Four brigades allowed in one hex only do not fit; with a second hex open to one they do.
        assert_eq!(SLOTS.fits(&vec![vec![]; 2], &[(Any, 0b01); 4]), Some(false));
        let split = [(Any, 0b01), (Any, 0b01), (Any, 0b01), (Any, 0b11)];
        assert_eq!(SLOTS.fits(&vec![vec![]; 2], &split), Some(true));
        // Hexes already filled take less; leaders fit wherever they may stand at all.
        let filled = vec![vec![Any, Any, Any], vec![Slot]];
        assert_eq!(SLOTS.fits(&filled, &[(Any, 0b11); 3]), Some(true));
        assert_eq!(SLOTS.fits(&filled, &[(Any, 0b11); 4]), Some(false));
        assert_eq!(SLOTS.fits(&filled, &[(Free, 0b01); 40]), Some(true));
        assert_eq!(SLOTS.fits(&filled, &[(Free, 0)]), Some(false));
        // Thousands of units end quickly: no hex takes a fourth brigade.
        assert_eq!(
            SLOTS.fits(&vec![vec![]; 7], &vec![(Any, all); 5000]),
            Some(false)
        );
    }

    #[test]
    fn points_fill_hexes_by_room_left() {
        use StackWeight::Points;
        let six = Stacking::Points { limit: 6 };
        assert!(six.over_stacked([(Points(3), 1), (Points(2), 2)]));
        assert!(!six.over_stacked([(Points(2), 3), (Points(0), 5)]));
        assert_eq!(six.min_hexes([(Points(3), 1), (Points(2), 1)]), 1);
        assert_eq!(six.min_hexes([(Points(2), 30), (Points(3), 2)]), 11);
        assert_eq!(six.min_hexes([(Points(2), 1_000_000_000)]), 333_333_334);
    }
}
