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
    by_points.sort_by(|a, b| b.0.cmp(&a.0));
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
