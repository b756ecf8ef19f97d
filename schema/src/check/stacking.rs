//! Stacking (7.0): "Units totalling no more than six Stacking Points may be stacked in the same
//! hex … Enemy and Friendly units may never occupy the same hex." Checked on set-up placements;
//! also, no more counters placed than the order of battle holds.
//!
//! Markers have no stacking points and hold no hex: 7.0A says "Markers (Improved Position
//! Markers, Trench Markers, Limbered Markers, …) have no effect on stacking", and 10.3 says
//! trenches "may be used by either Player", so a marker never makes a hex the enemy's. The
//! editor's placement feedback asks [`HexStack`] and [`allotted`], so it applies these rules
//! exactly as the compiler does.

use std::collections::BTreeMap;

use crate::diagnostic::{Code, Diagnostic};
use crate::model::counter::Counter;
use crate::model::hex::Coord;
use crate::model::map::Map;
use crate::model::scenario::Scenario;
use crate::model::special_rule::Effect;
use crate::path;
use crate::pipeline::zones::Resolved;
use crate::ruleset::Ruleset;

/// Stacking points of a counter (7.0A): a unit's by its type; markers have none.
pub fn stacking_points(rules: &Ruleset, c: Counter) -> u32 {
    match c {
        Counter::Unit(k) => rules.stacking_points(k),
        Counter::Marker(m) => rules.marker_stacking_points(m),
    }
}

/// What set-up has put in one hex: the units' stacking points and the side whose units hold it
/// (markers count for neither, 7.0A and 10.3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HexStack<'a> {
    /// Stacking points of the units in the hex.
    pub points: u32,
    /// The side (id) whose units are in the hex, if any.
    pub holder: Option<&'a str>,
}

/// Why a counter may not be added to a hex (7.0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StackingProblem {
    /// The hex would hold more than six stacking points.
    OverStacked {
        /// Stacking points with the counter added.
        points: u32,
        /// The most a hex holds.
        limit: u32,
    },
    /// The enemy's units hold the hex.
    EnemyHolds {
        /// The side (id) holding it.
        holder: String,
    },
}

impl std::fmt::Display for StackingProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StackingProblem::OverStacked { points, limit } => {
                write!(f, "over-stacked: {points} of {limit} stacking points (7.0)",)
            }
            StackingProblem::EnemyHolds { .. } => {
                write!(
                    f,
                    "enemy units hold this hex: enemies never share a hex (7.0)"
                )
            }
        }
    }
}

impl<'a> HexStack<'a> {
    /// The stack set-up places at `at`, leaving out placement `except` (one being moved).
    pub fn at(s: &'a Scenario, rules: &Ruleset, at: Coord, except: Option<usize>) -> HexStack<'a> {
        let mut st = HexStack::default();
        for (i, p) in s.setup.iter().enumerate() {
            if Some(i) != except && p.at == at {
                st.add(rules, &p.side, p.counter);
            }
        }
        st
    }

    /// What adding `counter` of side `side` to this hex would break.
    pub fn problems_adding(
        &self,
        rules: &Ruleset,
        side: &str,
        counter: Counter,
    ) -> Vec<StackingProblem> {
        let mut out = Vec::new();
        let Counter::Unit(_) = counter else {
            return out;
        };
        let points = self.points + stacking_points(rules, counter);
        if let Some(limit) = rules.stacking_limit().filter(|l| points > *l) {
            out.push(StackingProblem::OverStacked { points, limit });
        }
        if let Some(holder) = self.holder.filter(|h| *h != side) {
            out.push(StackingProblem::EnemyHolds {
                holder: holder.to_string(),
            });
        }
        out
    }

    /// Add a counter of side `side`.
    pub fn add(&mut self, rules: &Ruleset, side: &'a str, counter: Counter) {
        if let Counter::Unit(_) = counter {
            self.points += stacking_points(rules, counter);
            self.holder.get_or_insert(side);
        }
    }
}

/// How many counters of this kind a group has: its units, or its marker allotment.
pub fn allotted(s: &Scenario, side: &str, group: &str, c: Counter) -> u32 {
    let Some(g) = s.group(side, group) else {
        return 0;
    };
    match c {
        Counter::Unit(k) => g.units.get(&k).copied().unwrap_or(0),
        Counter::Marker(m) => g.markers.get(&m).copied().unwrap_or(0),
    }
}

/// How many counters of a kind a group may place at set-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allotment {
    /// Its units of that type, or its allotment of that marker.
    Exactly(u32),
    /// Any number: a special rule gives the side the marker "as desired" (11.8).
    AsDesired,
}

/// What a group may place of a counter: [`allotted`], unless a special rule lets its side place
/// the marker as desired (11.8: "with improved positions as desired").
pub fn allotment(s: &Scenario, side: &str, group: &str, c: Counter) -> Allotment {
    if let Counter::Marker(m) = c
        && s.special_rules.iter().any(|r| {
            matches!(&r.effect, Effect::MarkersAsDesired { side: id, marker } if id == side && *marker == m)
        })
    {
        return Allotment::AsDesired;
    }
    Allotment::Exactly(allotted(s, side, group, c))
}

/// The counters a group places at set-up, in order: its unit types, its allotted markers, then
/// the markers its side may place as desired (11.8) that it has no allotment of.
pub fn placeable(s: &Scenario, side: &str, group: &str) -> Vec<Counter> {
    let Some(g) = s.group(side, group) else {
        return Vec::new();
    };
    let mut out: Vec<Counter> = g
        .units
        .keys()
        .map(|k| Counter::Unit(*k))
        .chain(g.markers.keys().map(|m| Counter::Marker(*m)))
        .collect();
    for r in &s.special_rules {
        if let Effect::MarkersAsDesired { side: id, marker } = &r.effect
            && id == side
            && !out.contains(&Counter::Marker(*marker))
        {
            out.push(Counter::Marker(*marker));
        }
    }
    out
}

pub(super) fn check(s: &Scenario, map: &Map, rules: &Ruleset, _r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut stacks: BTreeMap<Coord, HexStack> = BTreeMap::new();
    let mut placed: BTreeMap<(&str, &str, Counter), (u32, usize)> = BTreeMap::new();
    for (pi, p) in s.setup.iter().enumerate() {
        let e = placed
            .entry((p.side.as_str(), p.group.as_str(), p.counter))
            .or_insert((0, pi));
        e.0 += 1;
        e.1 = pi;
        let st = stacks.entry(p.at).or_default();
        for problem in st.problems_adding(rules, &p.side, p.counter) {
            match problem {
                // Said once per hex: where the stack first goes over.
                StackingProblem::OverStacked { .. } if rules.over_stacked(st.points) => {}
                StackingProblem::OverStacked { limit, .. } => out.push(
                    Diagnostic::new(
                        Code::OverStacked,
                        format!(
                            "hex {} holds more than {limit} stacking points",
                            map.grid.label(p.at),
                        ),
                    )
                    .at_path(path!["setup", pi])
                    .with_hex(map.grid.label(p.at))
                    .with_hint(
                        "guns count 3 points, other units 2: move a unit to a neighbouring hex",
                    ),
                ),
                StackingProblem::EnemyHolds { holder } => out.push(
                    Diagnostic::new(
                        Code::EnemiesShareHex,
                        format!(
                            "{} and {} both have units in hex {}",
                            holder,
                            p.side,
                            map.grid.label(p.at)
                        ),
                    )
                    .at_path(path!["setup", pi, "at"])
                    .with_hex(map.grid.label(p.at))
                    .with_hint(
                        "enemy and friendly units may never occupy the same hex: move one of them",
                    ),
                ),
            }
        }
        st.add(rules, &p.side, p.counter);
    }
    for (&(side, group, counter), &(n, last)) in &placed {
        if s.group(side, group).is_none() {
            continue;
        };
        // "With improved positions as desired" (11.8): no allotment to exceed.
        let Allotment::Exactly(have) = allotment(s, side, group, counter) else {
            continue;
        };
        if n > have {
            let what = match counter {
                Counter::Unit(k) => k.code(),
                Counter::Marker(m) => m.code(),
            };
            // A unit type the group does not have, where it has another not yet placed (an
            // MA written for its BA): the type to write, not a change of its order of battle.
            let unplaced: Vec<(crate::ruleset::UnitKind, u32)> = match counter {
                Counter::Unit(_) if have == 0 => s
                    .group(side, group)
                    .map(|g| {
                        g.units
                            .iter()
                            .filter_map(|(k, total)| {
                                let done = placed
                                    .get(&(side, group, Counter::Unit(*k)))
                                    .map_or(0, |(m, _)| *m);
                                (*total > done).then_some((*k, *total - done))
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
                _ => Vec::new(),
            };
            if let [(kind, left)] = unplaced.as_slice() {
                let help = format!(
                    "group ({group}) has no {what}, but {left} {} not yet placed: write `Unit({})`",
                    kind.code(),
                    kind.code()
                );
                out.push(
                    Diagnostic::new(
                        Code::PlacedMoreThanAllotted,
                        format!("{n} {what} placed for group ({group}) of {side}, which has none"),
                    )
                    .at_path(path!["setup", last])
                    .with_hint(format!(
                        "place only the units of group ({group}): its units are {}",
                        kind.code()
                    ))
                    .suggest_at(
                        path!["setup", last, "counter"],
                        format!("Unit({})", kind.code()),
                        help,
                    ),
                );
                continue;
            }
            out.push(
                Diagnostic::new(
                    Code::PlacedMoreThanAllotted,
                    format!("{n} {what} placed for group ({group}) of {side}, which has {have}"),
                )
                .at_path(path!["setup", last])
                .with_hint(format!(
                    "remove {} of the {what} placements, or allot them all: `{what}: {n}` in the {} of group ({group})",
                    n - have,
                    if matches!(counter, Counter::Unit(_)) { "units" } else { "markers" }
                )),
            );
        }
    }
    out
}
