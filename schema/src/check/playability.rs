//! Can each side meet its goals at all (4.0, 4C, 4H, 9.2)? From [`crate::queries::playable`]:
//! a place no path reaches (PLY001), a goal no unit of known allowance reaches by its
//! Game-Turn (PLY002), a goal that needs more than twelve Movement Points a phase when the
//! allowances are not known (PLY003), a deployment zone a group can never leave (PLY004).
//!
//! Conservative: the readings of `queries::playable` favour the moving side (no enemy in the
//! way, guns limbered, mounted units charging), so a finding here holds in every game. A side
//! that may meet its goal in another way (any sub-goal of an `Any`) is judged on each place
//! alone: an `Any` whose other branch can be met is not a finding, so only the places of goals
//! that must all be met (a goal alone, or under `All`) are judged.

use crate::diagnostic::{Code, Diagnostic, PathSeg};
use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::pipeline::zones::Resolved;
use crate::queries::effective_terrain::{Cleared, EffectiveTerrain};
use crate::queries::playable::{self, GivenAllowances, Playable, TargetKind};
use crate::ruleset::Ruleset;

pub(super) fn check(s: &Scenario, map: &Map, rules: &Ruleset, r: &Resolved) -> Vec<Diagnostic> {
    if r.incomplete {
        return Vec::new();
    }
    let play = playable::playable(s, map, r, rules, &GivenAllowances::new());
    if play.incomplete {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (t, reaches) in &play.targets {
        let side = &s.sides[t.side];
        // Judged only where the place must be reached: not under an `Any`, nor an empty place
        // (other checks report it), and only on the groups that have units that count, a hex
        // to start from (a zone of hexes they may not stand on is DEP009's, MRK006's) and a
        // Movement Phase before the goal's turn (a side that may not move is VIC001's).
        let reaches: Vec<playable::GroupReach> = reaches
            .iter()
            .filter(|g| {
                g.starts
                    && g.first_turn <= t.deadline
                    && !playable::movers(s, t.side, g.group, &t.counters).is_empty()
            })
            .cloned()
            .collect();
        let reaches = &reaches;
        if t.path.iter().any(|p| *p == PathSeg::key("Any"))
            || t.hexes.is_empty()
            || reaches.is_empty()
        {
            continue;
        }
        let what = match t.kind {
            TargetKind::Hold => "the place to hold",
            TargetKind::Exit => "the exit",
            TargetKind::EnemySetup => "the enemy's set-up",
        };
        let path = t.path.clone();
        if reaches.iter().all(|g| g.least.is_none()) {
            out.push(
                Diagnostic::new(
                    Code::TargetOutOfReach,
                    format!(
                        "no unit of {} can reach {what} of victory condition {} (\"{}\") by any path: the hexes it may not enter or the map's edges cut it off",
                        side.name,
                        t.victory + 1,
                        t.goal
                    ),
                )
                .at_path(path)
                .with_hint("`saberc analyze` shows each group's least cost; allow a crossing, or move the zone or the target"),
            );
            continue;
        }
        judge_time(s, rules, t, reaches, &mut out, path);
    }
    out.extend(enclosed(s, map, r, &play));
    out
}

/// PLY002 and PLY003: the goal's Game-Turn against the fastest arrival.
fn judge_time(
    s: &Scenario,
    rules: &Ruleset,
    t: &playable::Target,
    reaches: &[playable::GroupReach],
    out: &mut Vec<Diagnostic>,
    path: Vec<PathSeg>,
) {
    let side = &s.sides[t.side];
    let unknown = reaches
        .iter()
        .any(|g| g.least.is_some() && !g.unknown.is_empty());
    let earliest = reaches
        .iter()
        .filter_map(|g| g.earliest())
        .min_by_key(|a| (a.turn, a.phases));
    if earliest.is_some_and(|a| a.turn <= t.deadline) {
        return;
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
        out.push(
            Diagnostic::new(Code::TargetTooFar, message)
                .at_path(path)
                .with_hint(
                    "give the goal more Game-Turns, or the side a nearer zone or a faster unit",
                ),
        );
        return;
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
        return;
    }
    let needs: Vec<(u32, u32)> = reaches
        .iter()
        .filter_map(|g| {
            let cost = g.least.as_ref()?.0.in_thirds();
            let phases = (t.deadline + 1).saturating_sub(g.first_turn);
            Some((cost, phases))
        })
        .collect();
    let impossible = needs
        .iter()
        .all(|(cost, phases)| *cost > 0 && *cost > phases * max_mp * 3);
    if !needs.is_empty() && impossible {
        let least = reaches
            .iter()
            .filter_map(|g| g.least.as_ref().map(|l| l.0))
            .min()
            .expect("a group reaches it");
        out.push(
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
            .at_path(path)
            .with_hint("give the goal more Game-Turns, or give `counter_values` with the allowances your counters print"),
        );
    }
}

/// PLY004: a deploying group none of whose units can step out of its zone (every hex beside
/// it is off the map or one they may not enter), while its side must reach a place outside it.
fn enclosed(s: &Scenario, map: &Map, r: &Resolved, play: &Playable) -> Vec<Diagnostic> {
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
            let must_leave = play
                .targets
                .iter()
                .any(|(t, _)| t.side == si && !t.hexes.is_empty() && !t.hexes.intersects(zone));
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
