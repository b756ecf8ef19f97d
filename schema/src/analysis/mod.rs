//! A designer's analysis of a scenario (`saberc analyze`): can each side reach, see and hold
//! what it must? Movement to every target from [`crate::queries::playable`], line of sight to
//! every place to hold and between the deployment zones at set-up (5.1G,
//! [`crate::queries::sight`]), and the forces of each side, all on the terrain as played. The
//! report is [`crate::model::analysis::Analysis`]; [`human`] writes it as tables.

mod human;

use std::borrow::Cow;

pub use human::human;

use crate::model::analysis::{
    ANALYSIS_FORMAT, AnalysedScenario, Analysis, ArrivalAnalysis, Cost, ForceRatio, Forces,
    GroupForces, GroupTarget, ObjectiveSight, SideAnalysis, SideCount, SightPair, TargetAnalysis,
    TargetKind, TerrainAsPlayed,
};
use crate::model::hex::{Coord, Grid};
use crate::model::hex_set::HexSet;
use crate::model::map::Map;
use crate::model::scenario::{Group, Scenario};
use crate::pipeline::zones::Resolved;
use crate::queries::effective_terrain::{Cleared, EffectiveTerrain};
use crate::queries::movement::Mp;
use crate::queries::playable::{self, GivenAllowances, GroupReach, Playable, Target};
use crate::queries::sight::{SightIndex, occupied};
use crate::ruleset::Ruleset;

pub use crate::queries::sight::SIGHT_RADIUS;

/// The most lines of sight one analysis traces; past it an answer is `null`.
pub const MAX_SIGHT_LINES: u64 = 2_000_000;

/// The most pairs of hexes one analysis measures the distance between, looking for the lines
/// to trace; past it an answer is `null`. A place to hold spread over the largest map (a
/// lattice of hexes) made every hex near it measure its distance to every hex of the place:
/// billions of pairs, past 15 s, before a line was traced.
pub const MAX_SIGHT_PAIRS: u64 = 50_000_000;

/// What is left of an analysis's budgets of sight.
struct Budget {
    /// Lines of sight still to trace.
    lines: u64,
    /// Pairs of hexes still to measure.
    pairs: u64,
}

impl Budget {
    /// Measure one pair: `None` past the budget.
    fn pair(&mut self) -> Option<()> {
        self.pairs = self.pairs.checked_sub(1)?;
        Some(())
    }

    /// Trace one line: `None` past the budget.
    fn line(&mut self) -> Option<()> {
        self.lines = self.lines.checked_sub(1)?;
        Some(())
    }
}

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
    let labels = |h: &HexSet| h.iter().map(|c| grid.label(c)).collect::<Vec<_>>();
    let cleared = Cleared::of(s, map, r);
    let terrain = EffectiveTerrain::for_scenario(map, &cleared);
    // The searches are the most costly part of an analysis (half of it, on the largest map).
    let play = match searched {
        Some(p) if given.is_empty() => Cow::Borrowed(p),
        _ => Cow::Owned(playable::playable(s, map, r, rules, given)),
    };
    let mut budget = Budget {
        lines: MAX_SIGHT_LINES,
        pairs: MAX_SIGHT_PAIRS,
    };
    let occupied = occupied(s, grid);
    // Which hexes may block a line, worked out once for every line traced below.
    let index = SightIndex::new(rules, &terrain, &occupied);
    let sides = s
        .sides
        .iter()
        .enumerate()
        .map(|(si, side)| {
            let targets = play
                .targets
                .iter()
                .filter(|(t, _)| t.side == si)
                .map(|(t, reaches)| target(s, grid, t, reaches))
                .collect();
            let enemy = (0..s.sides.len()).find(|e| *e != si);
            let zone_in_sight = match (
                r.deployment.get(si),
                enemy.and_then(|e| r.deployment.get(e)),
            ) {
                (Some(a), Some(b)) if !a.is_empty() && !b.is_empty() => {
                    zones_in_sight(rules, &terrain, &occupied, &index, a, b, &mut budget)
                }
                _ => None,
            };
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
    let ratio = ratio(&sides);
    let mut objectives = Vec::new();
    for t in playable::targets(s, r) {
        // A place to hold, once (a goal of "either" side is one place).
        if t.kind != playable::TargetKind::Hold
            || objectives
                .iter()
                .any(|(p, _): &(Vec<_>, ObjectiveSight)| *p == t.path)
        {
            continue;
        }
        let seen = seen_from(rules, &terrain, &occupied, &index, &t.hexes, &mut budget);
        let in_zone = s
            .sides
            .iter()
            .enumerate()
            .map(|(si, side)| SideCount {
                side: side.id.clone(),
                hexes: match (&seen, r.deployment.get(si)) {
                    (Some(seen), Some(zone)) => {
                        let mut both = seen.clone();
                        both.intersect_with(zone);
                        both.len() as u32
                    }
                    _ => 0,
                },
            })
            .collect();
        objectives.push((
            t.path.clone(),
            ObjectiveSight {
                victory: t.victory as u32,
                goal: t.goal.clone(),
                within: SIGHT_RADIUS,
                seen_from: seen.as_ref().map(|h| h.len() as u32),
                in_zone,
            },
        ));
    }
    Analysis {
        format: ANALYSIS_FORMAT.into(),
        scenario: AnalysedScenario {
            id: s.id.clone(),
            rule: s.rule.clone(),
            name: s.name.clone(),
            map: map.id.clone(),
            game_length: s.game_length,
            moves_first: s.moves_first.clone(),
        },
        terrain_as_played: TerrainAsPlayed {
            cleared: labels(&cleared.places),
            cover_cleared: labels(&cleared.cover),
        },
        sides,
        ratio,
        objectives_in_sight: objectives.into_iter().map(|(_, o)| o).collect(),
    }
}

/// A cost as the report writes it.
fn cost(mp: Mp) -> Cost {
    Cost {
        thirds: mp.in_thirds(),
        text: mp.to_string(),
    }
}

/// How a side gets to one target.
fn target(s: &Scenario, grid: Grid, t: &Target, reaches: &[GroupReach]) -> TargetAnalysis {
    let path = |p: &[Coord]| p.iter().map(|c| grid.label(*c)).collect::<Vec<_>>();
    let groups = &s.sides[t.side].groups;
    let best_arrival = reaches
        .iter()
        .filter_map(|r| r.fastest.as_ref())
        .min_by_key(|a| (a.turn, a.phases));
    TargetAnalysis {
        victory: t.victory as u32,
        goal: t.goal.clone(),
        kind: match t.kind {
            playable::TargetKind::Hold => TargetKind::Hold,
            playable::TargetKind::Exit => TargetKind::Exit,
            playable::TargetKind::EnemySetup => TargetKind::EnemySetup,
        },
        hexes: t.hexes.len() as u32,
        deadline: t.deadline,
        least_cost: reaches
            .iter()
            .filter_map(|r| r.least.as_ref().map(|l| l.0))
            .min()
            .map(cost),
        least_phases: best_arrival.map(|a| a.phases),
        earliest_turn: best_arrival.map(|a| a.turn),
        groups: reaches
            .iter()
            .map(|r| GroupTarget {
                group: groups
                    .get(r.group)
                    .map_or_else(String::new, |g| g.id.clone()),
                first_turn: r.first_turn,
                least_cost: r.least.as_ref().map(|l| cost(l.0)),
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
    }
}

/// Units, guns and stacking points of some groups, from the ruleset (7.0A, 5.1H).
fn forces<'a>(rules: &Ruleset, groups: impl Iterator<Item = &'a Group>) -> Forces {
    let mut f = Forces {
        units: 0,
        guns: 0,
        stacking_points: 0,
    };
    for g in groups {
        for (kind, n) in &g.units {
            f.units = f.units.saturating_add(*n);
            if kind.is_gun() {
                f.guns = f.guns.saturating_add(*n);
            }
            f.stacking_points = f
                .stacking_points
                .saturating_add(rules.stacking_points(*kind).saturating_mul(*n));
        }
    }
    f
}

/// The first side's forces over the second's.
fn ratio(sides: &[SideAnalysis]) -> ForceRatio {
    let of = |pick: fn(&Forces) -> u32| match sides {
        [a, b, ..] => ratio_text(pick(&a.forces), pick(&b.forces)),
        _ => "–".into(),
    };
    ForceRatio {
        stacking_points: of(|f| f.stacking_points),
        units: of(|f| f.units),
        guns: of(|f| f.guns),
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

/// The hexes within [`SIGHT_RADIUS`] of a place, outside it, that see at least one of its
/// hexes; `None` past the budget.
fn seen_from(
    rules: &Ruleset,
    terrain: &EffectiveTerrain,
    occupied: &HexSet,
    index: &SightIndex,
    place: &HexSet,
    budget: &mut Budget,
) -> Option<HexSet> {
    let grid = terrain.map().grid;
    let near = place.distance_field_upto(SIGHT_RADIUS);
    let mut seen = HexSet::empty(grid);
    for (i, d) in near.iter().enumerate() {
        if *d == 0 || *d == u32::MAX {
            continue;
        }
        let from = grid.coord_at(i);
        for to in place.iter() {
            budget.pair()?;
            if grid.distance(from, to) > SIGHT_RADIUS {
                continue;
            }
            budget.line()?;
            if index
                .line_of_sight(rules, terrain, occupied, from, to)
                .is_open()
            {
                seen.insert(from);
                break;
            }
        }
    }
    Some(seen)
}

/// Does a hex of zone `a` see a hex of zone `b` within [`SIGHT_RADIUS`]? `None` past the
/// budget.
fn zones_in_sight(
    rules: &Ruleset,
    terrain: &EffectiveTerrain,
    occupied: &HexSet,
    index: &SightIndex,
    a: &HexSet,
    b: &HexSet,
    budget: &mut Budget,
) -> Option<SightPair> {
    let grid = terrain.map().grid;
    let near_b = b.distance_field_upto(SIGHT_RADIUS);
    for from in a.iter() {
        if grid.index(from).is_none_or(|i| near_b[i] == u32::MAX) {
            continue;
        }
        for to in b.iter() {
            budget.pair()?;
            if grid.distance(from, to) > SIGHT_RADIUS {
                continue;
            }
            budget.line()?;
            if index
                .line_of_sight(rules, terrain, occupied, from, to)
                .is_open()
            {
                return Some(SightPair {
                    in_sight: true,
                    example: Some([grid.label(from), grid.label(to)]),
                });
            }
        }
    }
    Some(SightPair {
        in_sight: false,
        example: None,
    })
}
