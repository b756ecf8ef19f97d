//! A designer's analysis of a scenario (`saberc analyze`): can each side reach, see and hold
//! what it must? Movement to every target from [`crate::queries::playable`], line of sight to
//! every place to hold and between the deployment zones at set-up (5.1G,
//! [`crate::queries::sight`]), and the forces of each side, all on the terrain as played. The
//! report is [`crate::model::analysis::Analysis`]; [`human`] writes it as tables. Another
//! game's scenario is analysed by its outputs (`ScenarioOutputs::analysis`) into the same
//! report, its sight answered by the same functions (`sight.rs`) on its map's own chart.

mod human;
pub mod musket_and_saber;
mod sight;

use std::borrow::Cow;

pub(crate) use human::counted;
pub use human::human;
pub use sight::{MAX_SIGHT_LINES, MAX_SIGHT_PAIRS};

use crate::model::analysis::{
    ANALYSIS_FORMAT, AnalysedScenario, Analysis, ArrivalAnalysis, Cost, ForceRatio, Forces,
    GroupForces, GroupTarget, SideAnalysis, TargetAnalysis, TargetKind, TerrainAsPlayed,
};
use crate::model::hex::{Coord, Grid};
use crate::model::map::Map;
use crate::model::scenario::{Group, Scenario};
use crate::pipeline::zones::Resolved;
use crate::queries::effective_terrain::{Cleared, EffectiveTerrain};
use crate::queries::movement::Mp;
use crate::queries::playable::{self, GivenAllowances, GroupReach, Playable, Target};
use crate::queries::sight::occupied;
use crate::ruleset::Ruleset;
use sight::Sight;

pub use crate::queries::sight::SIGHT_RADIUS;

/// Analyse a compiled scenario; `given` supplies Movement Allowances the scenario does not.
/// `searched` is the movement searches `check` made ([`crate::pipeline::Compiled::searched`]):
/// with no allowance given they are this analysis's, which then searches only when it has none.
pub fn analyse(
    s: &Scenario,
    map: &Map,
    r: &Resolved,
    rules: &Ruleset,
    given: &GivenAllowances,
    searched: Option<&Playable>,
) -> Analysis {
    let grid = map.grid;
    let cleared = Cleared::of(s, map, r);
    let terrain = EffectiveTerrain::for_scenario(map, &cleared);
    // The searches are the most costly part of an analysis (half of it, on the largest map).
    let play = match searched {
        Some(p) if given.is_empty() => Cow::Borrowed(p),
        _ => Cow::Owned(playable::playable(s, map, r, rules, given)),
    };
    let occupied = occupied(s, grid);
    let mut sight = Sight::new(rules, &terrain, &occupied);
    let sides = s
        .sides
        .iter()
        .enumerate()
        .map(|(si, side)| {
            let targets = play
                .targets
                .iter()
                .filter(|(t, _)| t.side == si)
                .map(|(t, reaches)| target(s, grid, rules, t, reaches))
                .collect();
            let zone_in_sight = sight.of_enemy_zone(&r.deployment, s.sides.len(), si);
            SideAnalysis {
                id: side.id.clone(),
                name: side.name.clone(),
                player_turn: if side.id == s.moves_first { 1 } else { 2 },
                first_free_turn: playable::first_free_turn(s, si),
                forces: forces(rules, side.groups.iter()),
                groups: side
                    .groups
                    .iter()
                    .enumerate()
                    .map(|(gi, g)| {
                        let gh = r.groups.get(si).and_then(|x| x.get(gi));
                        GroupForces {
                            id: g.id.clone(),
                            notation: g.notation(),
                            forces: forces(rules, std::iter::once(g)),
                            zone_hexes: gh.map_or(0, |h| h.hexes.len() as u32),
                            arrival_turn: gh.and_then(|h| h.arrival_turn),
                        }
                    })
                    .collect(),
                targets,
                zone_in_sight_of_enemy_zone: zone_in_sight,
            }
        })
        .collect::<Vec<_>>();
    let zones: Vec<_> = (s.sides.iter().enumerate())
        .map(|(si, side)| (side.id.as_str(), r.deployment.get(si)))
        .collect();
    let objectives_in_sight = sight.objectives(&playable::targets(s, r), &zones, false);
    Analysis {
        format: ANALYSIS_FORMAT.into(),
        game: None,
        scenario: AnalysedScenario {
            id: s.id.clone(),
            rule: s.rule.clone(),
            name: s.name.clone(),
            map: map.id.clone(),
            game_length: s.game_length,
            moves_first: s.moves_first.clone(),
        },
        terrain_as_played: TerrainAsPlayed {
            cleared: cleared.places.labels(),
            cover_cleared: cleared.cover.labels(),
        },
        ratio: ratio(&sides),
        sides,
        objectives_in_sight,
    }
}

/// A cost as the report writes it: exact in the fraction the game's road rate needs (R&S 4M
/// ⅓ MP, thirds; M&S 4.4 ½ MP, halves).
pub(crate) fn cost(mp: Mp, rules: &Ruleset) -> Cost {
    let halves = rules.road_cost.den == 2;
    Cost {
        thirds: (!halves).then(|| mp.in_thirds()),
        halves: halves.then(|| mp.in_sixths() / 3),
        text: mp.to_string(),
    }
}

/// How a side gets to one target.
fn target(
    s: &Scenario,
    grid: Grid,
    rules: &Ruleset,
    t: &Target,
    reaches: &[GroupReach],
) -> TargetAnalysis {
    let path = |p: &[Coord]| p.iter().map(|c| grid.label(*c)).collect::<Vec<_>>();
    let groups = &s.sides[t.side].groups;
    let best_arrival = reaches
        .iter()
        .filter_map(|r| r.fastest.as_ref())
        .min_by_key(|a| (a.turn, a.phases));
    TargetAnalysis {
        victory: t.victory as u32,
        goal: t.goal.clone(),
        kind: target_kind(t.kind),
        hexes: t.hexes.len() as u32,
        deadline: t.deadline,
        least_cost: reaches
            .iter()
            .filter_map(|r| r.least.as_ref().map(|l| l.0))
            .min()
            .map(|m| cost(m, rules)),
        least_phases: best_arrival.map(|a| a.phases),
        earliest_turn: best_arrival.map(|a| a.turn),
        groups: reaches
            .iter()
            .map(|r| GroupTarget {
                group: groups
                    .get(r.group)
                    .map_or_else(String::new, |g| g.id.clone()),
                class: None,
                first_turn: r.first_turn,
                least_cost: r.least.as_ref().map(|l| cost(l.0, rules)),
                path: r.least.as_ref().map_or_else(Vec::new, |l| path(&l.1)),
                arrival: r.fastest.as_ref().map(|a| ArrivalAnalysis {
                    counter: a.counter.describe(),
                    allowance: a.allowance.mp,
                    allowance_source: a.allowance.source.clone(),
                    phases: a.phases,
                    turn: a.turn,
                    path: path(&a.path),
                }),
                allowance_unknown: r.unknown.iter().map(|c| c.describe()).collect(),
            })
            .collect(),
        by_class: None,
    }
}

/// A target's kind as the report says it.
pub(crate) fn target_kind(kind: playable::TargetKind) -> TargetKind {
    match kind {
        playable::TargetKind::Hold => TargetKind::Hold,
        playable::TargetKind::Exit => TargetKind::Exit,
        playable::TargetKind::EnemySetup => TargetKind::EnemySetup,
    }
}

/// Units, guns and stacking points of some groups, from the ruleset (7.0A, 5.1H).
fn forces<'a>(rules: &Ruleset, groups: impl Iterator<Item = &'a Group>) -> Forces {
    let (mut units, mut guns, mut points) = (0u32, 0u32, 0u32);
    for g in groups {
        for (kind, n) in &g.units {
            units = units.saturating_add(*n);
            if kind.is_gun() {
                guns = guns.saturating_add(*n);
            }
            points = points.saturating_add(rules.stacking_points(*kind).saturating_mul(*n));
        }
    }
    Forces {
        units,
        guns,
        stacking_points: Some(points),
        steps: None,
        leaders: None,
    }
}

/// The first side's forces over the second's: units and guns, and the stacking points or
/// steps where the sides' forces count them.
pub(crate) fn ratio(sides: &[SideAnalysis]) -> ForceRatio {
    let of = |pick: fn(&Forces) -> Option<u32>| match sides {
        [a, b, ..] => Some(ratio_text(pick(&a.forces)?, pick(&b.forces)?)),
        _ => Some("–".into()),
    };
    let all = |pick: fn(&Forces) -> Option<u32>| {
        sides
            .iter()
            .all(|s| pick(&s.forces).is_some())
            .then(|| of(pick))
            .flatten()
    };
    ForceRatio {
        stacking_points: all(|f| f.stacking_points),
        steps: all(|f| f.steps),
        units: of(|f| Some(f.units)).unwrap_or_default(),
        guns: of(|f| Some(f.guns)).unwrap_or_default(),
        printed: None,
    }
}

/// `a:b` in lowest terms, and the decimal when `b` is not 0: `3:2 (1.50)`.
fn ratio_text(a: u32, b: u32) -> String {
    fn gcd(a: u32, b: u32) -> u32 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    let g = gcd(a, b).max(1);
    if b == 0 {
        format!("{}:{}", a / g, b / g)
    } else {
        format!("{}:{} ({:.2})", a / g, b / g, f64::from(a) / f64::from(b))
    }
}
