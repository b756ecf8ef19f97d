//! Can each side meet its goals at all (4.0, 4C, 4H, 9.2)? From [`crate::queries::playable`]:
//! a place no path reaches (PLY001), a goal no unit of known allowance reaches by its
//! Game-Turn (PLY002), a goal that needs more than twelve Movement Points a phase when the
//! allowances are not known (PLY003), a deployment zone a group can never leave (PLY004).
//!
//! Conservative: the readings of `queries::playable` favour the moving side (no enemy in the
//! way, guns limbered, mounted units charging), so a finding here holds in every game. Where
//! the text reads two ways ([`crate::queries::readings`]) an error fires only when the goal is
//! impossible under the lenient readings, so under every one; a goal only the strict readings
//! make impossible is a note naming the readings that do (PLY005, PLY006). A side
//! that may meet its goal in another way (any sub-goal of an `Any`) is judged on each place
//! alone: an `Any` whose other branch can be met is not a finding, so only the places of goals
//! that must all be met (a goal alone, or under `All`) are judged.

use crate::diagnostic::{Code, Diagnostic, PathSeg};
use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::pipeline::zones::Resolved;
use crate::pipeline::zones::shared::SharedZones;
use crate::queries::effective_terrain::{Cleared, EffectiveTerrain};
use crate::queries::playable::{self, Playable, Reaches, Target, TargetKind};
use crate::queries::readings::{Ambiguity, Readings};
use crate::queries::shared::SharedSearches;
use crate::ruleset::Ruleset;

/// The findings, and the search under the lenient readings they were judged on (`None` when
/// none was made), which is [`playable::playable`]'s answer with no allowances given: `saberc
/// analyze` shows it rather than searching again.
pub(super) fn check(
    s: &Scenario,
    map: &Map,
    rules: &Ruleset,
    r: &Resolved,
    shared: Option<&SharedZones>,
) -> (Vec<Diagnostic>, Option<Playable>) {
    if r.incomplete {
        return (Vec::new(), None);
    }
    // The run's searches on this map, kept beside its zones.
    let shared = shared.and_then(SharedZones::beside::<SharedSearches>);
    // The targets are the same under every reading: found once, and judged with each
    // search's answers beside them.
    let targets = playable::targets(s, r);
    // Only the lenient search is kept (`saberc analyze` shows its paths); the others are
    // judged by costs and turns alone, so walk back no path.
    let search = |readings, paths| {
        let shared = shared.as_deref();
        playable::reaches_sharing_over(&targets, s, map, r, rules, readings, shared, paths)
    };
    let under = |readings| Some(search(readings, false)).filter(|p| !p.incomplete);
    let lenient = search(Readings::LENIENT, true);
    if lenient.incomplete {
        return (Vec::new(), Some(Playable::of(targets, lenient)));
    }
    let mut found = findings(s, rules, &targets, &lenient);
    // A goal only the strict readings make impossible is a note naming them. Where no strict
    // reading bears on the scenario, the strict search would be the lenient one: not made.
    let bears = Ambiguity::ALL.iter().any(|a| a.bears_on(s, map));
    if let Some(strict) = bears.then(|| under(Readings::STRICT)).flatten() {
        let mut one_at_a_time: Vec<Option<Vec<Finding>>> = vec![None; Ambiguity::ALL.len()];
        let mut notes = Vec::new();
        for (ti, d) in findings(s, rules, &targets, &strict) {
            let code = match d.code {
                Code::TargetOutOfReach => Code::TargetOutOfReachStrictly,
                Code::TargetTooFar => Code::TargetTooFarStrictly,
                _ => continue,
            };
            if found.iter().any(|(t, _)| *t == ti) {
                continue;
            }
            // The readings that make it impossible alone; all of them when none does.
            let mut which: Vec<Ambiguity> = Vec::new();
            for (ai, a) in Ambiguity::ALL.into_iter().enumerate() {
                let alone = one_at_a_time[ai].get_or_insert_with(|| {
                    under(Readings::only(a))
                        .map_or_else(Vec::new, |p| findings(s, rules, &targets, &p))
                });
                if alone.iter().any(|(t, d2)| *t == ti && d2.code == d.code) {
                    which.push(a);
                }
            }
            let readings: Vec<&str> = if which.is_empty() {
                Ambiguity::ALL.iter().map(|a| a.strict_reading()).collect()
            } else {
                which.iter().map(|a| a.strict_reading()).collect()
            };
            let joiner = if which.is_empty() { " and " } else { "; or " };
            let message = format!(
                "only under a strict reading of the rules: {} (the reading: {}). Under the lenient reading, which `saberc analyze` counts, the goal can be met",
                d.message,
                readings.join(joiner)
            );
            let hint = if code == Code::TargetOutOfReachStrictly {
                "if you read the rule strictly, allow a crossing or move the zone or the target; otherwise record your reading under `interpretations`"
            } else {
                "if you read the rule strictly, give the goal more Game-Turns or the side a nearer zone; otherwise record your reading under `interpretations`"
            };
            let mut note = Diagnostic::new(code, message).with_hint(hint);
            note.path = d.path.clone();
            notes.push((ti, note));
        }
        found.extend(notes);
    }
    let mut out: Vec<Diagnostic> = found.into_iter().map(|(_, d)| d).collect();
    out.extend(enclosed(s, map, r, &targets));
    (out, Some(Playable::of(targets, lenient)))
}

/// A finding on one target (its index in the targets).
type Finding = (usize, Diagnostic);

/// PLY001–PLY003 on the targets of one search.
fn findings(s: &Scenario, rules: &Ruleset, targets: &[Target], found: &Reaches) -> Vec<Finding> {
    let mut out = Vec::new();
    for (ti, (t, reaches)) in targets.iter().zip(&found.reaches).enumerate() {
        let side = &s.sides[t.side];
        // Judged only where the place must be reached: not under an `Any`, nor an empty place
        // (other checks report it), and only on the groups that have units that count, a hex
        // to start from (a zone of hexes they may not stand on is DEP009's, MRK006's) and a
        // Movement Phase before the goal's turn (a side that may not move is VIC001's).
        if t.path.iter().any(|p| *p == PathSeg::key("Any")) || t.hexes.is_empty() {
            continue;
        }
        let reaches: Vec<&playable::GroupReach> = reaches
            .iter()
            .filter(|g| {
                g.starts
                    && g.first_turn <= t.deadline
                    && !playable::movers(s, t.side, g.group, &t.counters).is_empty()
            })
            .collect();
        let reaches = &reaches;
        if reaches.is_empty() {
            continue;
        }
        let what = match t.kind {
            TargetKind::Hold => "the place to hold",
            TargetKind::Exit => "the exit",
            TargetKind::EnemySetup => "the enemy's set-up",
        };
        if reaches.iter().all(|g| g.least.is_none()) {
            // `analyze` analyses a file whose only errors are these (a Musket & Saber scenario is
            // checked by its own family, without PLY).
            let hint = "`saberc analyze` shows each group's least cost; allow a crossing, or move the zone or the target";
            out.push((
                ti,
                Diagnostic::new(
                    Code::TargetOutOfReach,
                    format!(
                        "no unit of {} can reach {what} of victory condition {} (\"{}\") by any path: the hexes it may not enter or the map's edges cut it off",
                        side.name,
                        t.victory + 1,
                        t.goal
                    ),
                )
                .at_path(t.path.clone())
                .with_hint(hint),
            ));
            continue;
        }
        if let Some(d) = judge_time(s, rules, t, reaches) {
            out.push((ti, d));
        }
    }
    out
}

/// PLY002 and PLY003: the goal's Game-Turn against the fastest arrival.
fn judge_time(
    s: &Scenario,
    rules: &Ruleset,
    t: &playable::Target,
    reaches: &[&playable::GroupReach],
) -> Option<Diagnostic> {
    let side = &s.sides[t.side];
    let unknown = reaches
        .iter()
        .any(|g| g.least.is_some() && !g.unknown.is_empty());
    let earliest = reaches
        .iter()
        .filter_map(|g| g.earliest())
        .min_by_key(|a| (a.turn, a.phases));
    if earliest.is_some_and(|a| a.turn <= t.deadline) {
        return None;
    }
    if !unknown {
        let message = match earliest {
            Some(a) => format!(
                "{} cannot meet victory condition {} (\"{}\") by Game-Turn {}: its fastest unit ({}, Movement Allowance {} from {}) gets there at the earliest on Game-Turn {} ({} Movement Phases)",
                side.name,
                t.victory + 1,
                t.goal,
                t.deadline,
                a.counter.describe(),
                a.allowance.mp,
                a.allowance.source,
                a.turn,
                a.phases
            ),
            None => format!(
                "{} cannot meet victory condition {} (\"{}\"): no unit of its known Movement Allowances can enter every hex of the way (4H)",
                side.name,
                t.victory + 1,
                t.goal
            ),
        };
        return Some(
            Diagnostic::new(Code::TargetTooFar, message)
                .at_path(t.path.clone())
                .with_hint(
                    "give the goal more Game-Turns, or the side a nearer zone or a faster unit",
                ),
        );
    }
    // Allowances unknown: the least cost against twelve points a phase (4K), over the phases
    // each group has before the deadline.
    let max_mp = rules
        .units
        .iter()
        .filter_map(|k| rules.charge_allowance(*k))
        .max()
        .unwrap_or(0);
    if max_mp == 0 {
        return None;
    }
    let needs: Vec<(u32, u32)> = reaches
        .iter()
        .filter_map(|g| {
            let cost = g.least.as_ref()?.0.in_sixths();
            let phases = (t.deadline + 1).saturating_sub(g.first_turn);
            Some((cost, phases))
        })
        .collect();
    let impossible = needs
        .iter()
        .all(|(cost, phases)| *cost > 0 && *cost > phases * max_mp * 6);
    (!needs.is_empty() && impossible).then(|| {
        let least = reaches
            .iter()
            .filter_map(|g| g.least.as_ref().map(|l| l.0))
            .min()
            .expect("a group reaches it");
        Diagnostic::new(
                Code::TargetNeedsAllowance,
                format!(
                    "{} would need a Movement Allowance over {max_mp} to meet victory condition {} (\"{}\") by Game-Turn {}: the cheapest path costs {least}",
                    side.name,
                    t.victory + 1,
                    t.goal,
                    t.deadline
                ),
            )
            .at_path(t.path.clone())
            .with_hint("give the goal more Game-Turns, or give `counter_values` with the allowances your counters print")
    })
}

/// PLY004: a deploying group none of whose units can step out of its zone (every hex beside
/// it is off the map or one they may not enter), while its side must reach a place outside it.
fn enclosed(s: &Scenario, map: &Map, r: &Resolved, targets: &[Target]) -> Vec<Diagnostic> {
    let cleared = Cleared::of(s, map, r);
    let terrain = EffectiveTerrain::for_scenario(map, &cleared);
    let mut out = Vec::new();
    for (si, side) in s.sides.iter().enumerate() {
        for (gi, g) in side.groups.iter().enumerate() {
            if !matches!(g.entry, Entry::Deploy { .. }) {
                continue;
            }
            let Some(zone) = r.groups.get(si).and_then(|x| x.get(gi)).map(|h| &h.hexes) else {
                continue;
            };
            let must_leave = targets
                .iter()
                .any(|t| t.side == si && !t.hexes.is_empty() && !t.hexes.intersects(zone));
            if !must_leave || zone.is_empty() {
                continue;
            }
            // Can any of its units step onto a hex beside the zone?
            let movers = playable::movers(s, si, gi, &[]);
            if movers.is_empty() {
                continue;
            }
            let can_leave = movers.into_iter().any(|counter| {
                let banned = playable::prohibited(s, map, r, &terrain, si, counter);
                zone.iter().any(|z| {
                    map.grid
                        .neighbors(z)
                        .any(|n| !zone.contains(n) && !banned.contains(n))
                })
            });
            if !can_leave {
                out.push(
                    Diagnostic::new(
                        Code::ZoneEnclosed,
                        format!(
                            "{} group ({}) can never leave its deployment zone: every hex around it is one its units may not enter, and its side must reach places outside it",
                            side.name, g.id
                        ),
                    )
                    .at_path(crate::path!["sides", si, "groups", gi, "entry"])
                    .with_hint("widen the zone, or allow a crossing"),
                );
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Severity;
    use crate::model::hex::Coord;
    use crate::queries::movement::{Movement, Mp};
    use proptest::prelude::*;

    /// A scenario on `map`: the reds (`units`, allowance `ma` by special rule) deploy on
    /// `start` or arrive there on Game-Turn 1, and must hold `target` by Game-Turn `deadline`.
    fn scenario(
        start: Coord,
        arrive: bool,
        units: &str,
        ma: u32,
        target: Coord,
        deadline: u32,
    ) -> Scenario {
        let kind = &units[..2];
        let entry = if arrive {
            format!("Arrive(turn: 1, at: Hexes([({}, {})]))", start.0, start.1)
        } else {
            format!("Deploy(zone: Hexes([({}, {})]))", start.0, start.1)
        };
        let text = format!(
            r#"(
    format: "saber-scenario/1", id: "t", name: "T", date: "1 June 1866", map: "t",
    sides: [
        (id: "red", name: "Reds", color: Red, groups: [(id: "a", units: {{{units}}}, entry: {entry})]),
        (id: "blue", name: "Blues", color: Blue, groups: [(id: "a", units: {{MZ: 1}}, entry: Deploy(zone: Everywhere))]),
    ],
    deploys_first: "blue", moves_first: "red", game_length: {length},
    victory: [(side: "red", goal: Hold(target: Hexes([({tc}, {tr})]), when: EndOfTurn({deadline})), printed: "Hold it.")],
    special_rules: [(printed: "Move.", effect: Movement(side: "red", kinds: [{kind}], movement: {ma}))],
    notes: "",
)"#,
            length = deadline.max(1),
            tc = target.0,
            tr = target.1,
        );
        crate::pipeline::parse::ron_options()
            .from_str(&text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// A goal reachable by construction (a walk on a random map, from the group's hex, at
        /// an allowance every single move fits in, the deadline the Game-Turn that walk gets
        /// there moving as far as each phase allows) never gets a playability error, whatever
        /// the terrain, ridges, roads and mounted units (4C, 4H, 4K, 4M, 9.2).
        #[test]
        fn a_goal_reachable_by_construction_never_gets_a_playability_error(
            cells in proptest::collection::vec((0u8..7, any::<bool>()), 48),
            ridges in proptest::collection::vec((0u8..48, 0u8..6), 0..12),
            road in proptest::collection::vec(0u8..6, 1..8),
            start in 0u8..48,
            steps in proptest::collection::vec(0u8..6, 1..16),
            ma in 4u32..7,
            cavalry: bool,
            arrive: bool,
        ) {
            // A road from the west edge, so that some arrivals enter along it.
            let m = crate::queries::playable::tests::random_map(&cells, &ridges, &road);
            let g = m.grid;
            // An arrival needs a hex at the edge.
            let from = if arrive {
                let edge: Vec<Coord> = g.coords().filter(|c| c.0 == 1 || c.1 == 1 || c.0 == 8 || c.1 == 6).collect();
                edge[start as usize % edge.len()]
            } else {
                g.coord_at(start as usize)
            };
            let mut walk = vec![from];
            for k in &steps {
                let here = *walk.last().unwrap();
                let ns: Vec<Coord> = g.neighbors(here).collect();
                walk.push(ns[*k as usize % ns.len()]);
            }
            let target = *walk.last().unwrap();
            // The walk's phases at the allowance, greedily, on the printed map.
            let mv = Movement::new(&m, m.rules());
            let cap = Mp::whole(ma).in_thirds();
            let (mut phases, mut left) = if arrive {
                (1, cap - mv.entry_from_off_map(from).unwrap().in_thirds())
            } else {
                (0, 0)
            };
            for w in walk.windows(2) {
                let c = mv.entry_cost(w[0], w[1]).unwrap().in_thirds();
                if c > left {
                    phases += 1;
                    left = cap;
                }
                left -= c;
            }
            let deadline = phases.max(1);
            let units = if cavalry { "CY: 2" } else { "MZ: 2" };
            let s = scenario(from, arrive, units, ma, target, deadline);
            let (_, found) = crate::check::check_scenario(&s, &m, m.rules(), None);
            let errors: Vec<String> = found
                .iter()
                .filter(|d| d.severity == Severity::Error && d.code.info().family == crate::diagnostic::Family::Playability)
                .map(|d| format!("{}: {}", d.code.as_str(), d.message))
                .collect();
            prop_assert!(errors.is_empty(), "{:?} → {:?} by {}: {:?}", from, target, deadline, errors);
        }
    }
}
