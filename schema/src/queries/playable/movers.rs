//! What a side's counters may do when they move: their Movement Allowances (never invented),
//! the hexes the scenario forbids them, the turn they may first move, and which of a group's
//! counters move at all. [`super`] searches with these.

use super::*;

/// The Movement Allowance of a side's counter, where the scenario (or the command line) gives
/// one: a special rule changing it, the limbers of 11.17, the scenario's counter values, the
/// allowances given, the rules' own printed values. Never invented.
pub fn allowance(
    s: &Scenario,
    side: usize,
    counter: Counter,
    given: &GivenAllowances,
) -> Option<Allowance> {
    let side_id = s.sides.get(side).map(|x| x.id.as_str())?;
    // The first special rule that gives the counter an allowance.
    let by_rule = s.special_rules.iter().enumerate().find_map(|(ri, rule)| {
        let mp = match (&rule.effect, counter) {
            (
                Effect::Movement {
                    side: sd,
                    kinds,
                    movement,
                },
                Counter::Unit(k),
            ) if sd == side_id && kinds.contains(&k) => movement,
            (
                Effect::LimberCounters {
                    side: sd, movement, ..
                },
                Counter::Marker(MarkerKind::Limber),
            ) if sd == side_id => movement,
            _ => return None,
        };
        let source = format!("special rule {}", ri + 1);
        Some(Allowance { mp: *mp, source })
    });
    if by_rule.is_some() {
        return by_rule;
    }
    let Counter::Unit(kind) = counter else {
        return None;
    };
    if let Some(p) = s
        .counter_values
        .get(&kind)
        .and_then(|v| v.movement.as_ref())
    {
        return Some(Allowance {
            mp: p.value,
            source: format!("counter_values ({})", p.source),
        });
    }
    if let Some(mp) = given.get(&kind) {
        return Some(Allowance {
            mp: *mp,
            source: "--ma".into(),
        });
    }
    kind.profile().movement.map(|p| Allowance {
        mp: p.value,
        source: p.source,
    })
}

/// The hexes a side's counter may never enter under the scenario's special rules, a
/// `RiverCrossing` rule read strictly (no river hex but the crossings it names is entered:
/// [`Ambiguity::CrossingRule`]).
pub fn prohibited(
    s: &Scenario,
    map: &Map,
    r: &Resolved,
    terrain: &EffectiveTerrain,
    side: usize,
    counter: Counter,
) -> HexSet {
    restrictions(s, map, r, terrain, side, counter, Readings::STRICT).0
}

/// What the scenario's special rules forbid a side's counter under `readings`: the hexes it may
/// never enter, and, when a `RiverCrossing` rule concerns it and is read leniently (a
/// restriction on crossing), the river crossing hexes it allows.
pub fn restrictions(
    s: &Scenario,
    map: &Map,
    r: &Resolved,
    terrain: &EffectiveTerrain,
    side: usize,
    counter: Counter,
    readings: Readings,
) -> (HexSet, Option<HexSet>) {
    let rules = restricting(s, side, counter);
    restrictions_by(s, map, r, terrain, &rules, readings)
}

/// The special rules (their indices) that restrict a side's counter: [`restrictions`] depends
/// on the side and counter only through them, so counters they restrict alike share one answer.
pub(super) fn restricting(s: &Scenario, side: usize, counter: Counter) -> Vec<usize> {
    let side_id = s.sides.get(side).map_or("", |x| x.id.as_str());
    let concerns = |effect: &Effect| match effect {
        // 11.5: river hexes only at bridges and fords.
        Effect::RiverOnlyAtCrossings => true,
        // Only the crossings named, for the counters named.
        Effect::RiverCrossing {
            side: sd, counters, ..
        } => {
            sd == side_id
                && (counters.contains(&counter)
                    || (counters.is_empty() && matches!(counter, Counter::Unit(_))))
        }
        // 11.17: limbers "may not move into non-road hexes".
        Effect::LimberCounters {
            side: sd,
            road_only: true,
            ..
        } => sd == side_id && counter == Counter::Marker(MarkerKind::Limber),
        _ => false,
    };
    (s.special_rules.iter().enumerate())
        .filter(|(_, rule)| concerns(&rule.effect))
        .map(|(ri, _)| ri)
        .collect()
}

/// [`restrictions`] under the special rules `rules` (indices, [`restricting`]'s).
pub(super) fn restrictions_by(
    s: &Scenario,
    map: &Map,
    r: &Resolved,
    terrain: &EffectiveTerrain,
    rules: &[usize],
    readings: Readings,
) -> (HexSet, Option<HexSet>) {
    let mut out = HexSet::empty(map.grid);
    let mut crossings: Option<HexSet> = None;
    for &ri in rules {
        match &s.special_rules[ri].effect {
            Effect::RiverOnlyAtCrossings => {
                out.union_with(&terrain.hexes_played(|t| t == Terrain::River));
            }
            Effect::RiverCrossing { .. } => {
                let allowed = r.rule_hexes(ri).unwrap_or_else(|| HexSet::empty(map.grid));
                if readings.is_strict(Ambiguity::CrossingRule) {
                    let mut river = terrain.hexes_played(Terrain::is_river);
                    river.difference_with(&allowed);
                    out.union_with(&river);
                } else {
                    // Two rules for one counter: only the crossings both allow.
                    match &mut crossings {
                        Some(both) => both.intersect_with(&allowed),
                        None => crossings = Some(allowed),
                    }
                }
            }
            Effect::LimberCounters { .. } => {
                let mut road = HexSet::empty(map.grid);
                for rd in &map.roads {
                    for c in &rd.hexes {
                        road.insert(*c);
                    }
                }
                let mut off_road = HexSet::full(map.grid);
                off_road.difference_with(&road);
                out.union_with(&off_road);
            }
            _ => {}
        }
    }
    (out, crossings)
}

/// The first Game-Turn a side may move in: after the turns a special rule forbids.
pub fn first_free_turn(s: &Scenario, side: usize) -> u32 {
    let side_id = s.sides.get(side).map_or("", |x| x.id.as_str());
    s.special_rules
        .iter()
        .filter_map(|rule| match &rule.effect {
            Effect::NoMovement { side: sd, turns } if sd == side_id => Some(*turns + 1),
            _ => None,
        })
        .max()
        .unwrap_or(1)
}

/// The counters of a group that count for a target: its units of the types named (every unit
/// when none is named), and its limbers when limbers are named.
pub fn movers(s: &Scenario, side: usize, group: usize, counters: &[Counter]) -> Vec<Counter> {
    let Some(g) = s.sides.get(side).and_then(|x| x.groups.get(group)) else {
        return Vec::new();
    };
    let units = g
        .units
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(k, _)| Counter::Unit(*k));
    let markers = g
        .markers
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(m, _)| Counter::Marker(*m));
    if counters.is_empty() {
        units.collect()
    } else {
        units
            .chain(markers)
            .filter(|c| counters.contains(c))
            .collect()
    }
}
