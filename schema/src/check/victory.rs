//! Victory conditions (11.0): they name targets that exist on the map, turns within the game,
//! and goals that can be met (exiting 10 MZ needs at least 10 MZ; holding every hex of a
//! target needs a unit for each; a side that may not move cannot exit, 11.9).

use crate::diagnostic::{Code, Diagnostic, PathSeg};
use crate::model::counter::Counter;
use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::model::special_rule::Effect;
use crate::model::victory::{EITHER_SIDE, ExitCount, Goal, HoldHexes, Outcome, When};
use crate::model::zone::Zone;
use crate::path;
use crate::pipeline::zones::Resolved;
use crate::ruleset::Ruleset;

pub(super) fn check(s: &Scenario, map: &Map, _rules: &Ruleset, r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let len = s.game_length;
    for (vi, v) in s.victory.iter().enumerate() {
        // Paths are made only for a finding.
        let base = || path!["victory", vi, "goal"];
        let side = s.side(&v.side);
        let enemy = s.sides.iter().find(|x| x.id != v.side);
        // Each turn named, and where: a goal's field below `base`, or a rung of the ladder.
        let mut turns: Vec<(u32, Result<[&str; 2], usize>)> = Vec::new();
        let mut turn = |t: u32, at: Result<[&'static str; 2], usize>| turns.push((t, at));
        v.goal.visit(&mut |g| match g {
            Goal::Hold { when, .. } => {
                if let Some(t) = when.turn() {
                    turn(t, Ok(["Hold", "when"]))
                }
            }
            Goal::Exit { by_turn, .. } => turn(*by_turn, Ok(["Exit", "by_turn"])),
            Goal::ControlEnemySetup { when } => {
                if let Some(t) = when.turn() {
                    turn(t, Ok(["ControlEnemySetup", "when"]))
                }
            }
            _ => {}
        });
        let rung = |ri: usize| path!["victory", vi, "outcome", "Graded", "by_turn", ri, "turn"];
        if let Outcome::Graded { by_turn, .. } = &v.outcome {
            if judged_only_at_end(&v.goal) {
                out.push(
                    Diagnostic::new(
                        Code::LadderJudgedAtEnd,
                        format!(
                            "this goal is judged only at the end of the game (Game-Turn {len}), so a ladder by Game-Turn cannot grade it: rungs before Game-Turn {len} never apply"
                        ),
                    )
                    .at_path(path!["victory", vi, "outcome", "Graded"])
                    .with_hint("grade a goal that can be met during play (`Hold` at `AnyTurn` or `EndOfTurn(N)`, `Exit`), or use `outcome: Wins`"),
                );
            }
            let mut last = 0;
            for (ri, step) in by_turn.iter().enumerate() {
                turn(step.turn, Err(ri));
                if step.turn == last {
                    out.push(
                        Diagnostic::new(
                            Code::VictoryLevels,
                            format!("Game-Turn {last} is in the ladder twice"),
                        )
                        .at_path(rung(ri))
                        .with_hint(format!(
                            "a rung a Game-Turn: remove one of the two rungs of Game-Turn {last}, or give it another turn"
                        )),
                    );
                } else if step.turn < last {
                    out.push(
                        Diagnostic::new(
                            Code::VictoryLevels,
                            format!(
                                "Game-Turn {} comes after Game-Turn {last} in the ladder",
                                step.turn
                            ),
                        )
                        .at_path(rung(ri))
                        .with_hint("list the rungs in increasing order of turn"),
                    );
                }
                last = step.turn;
            }
        }
        for (t, at) in turns {
            if t == 0 || t > len {
                let p = match at {
                    Ok(field) => [base(), path![field[0], field[1]]].concat(),
                    Err(ri) => rung(ri),
                };
                out.push(
                    Diagnostic::new(
                        Code::VictoryTurn,
                        format!("Game-Turn {t} is outside the game, which lasts {len} Game-Turns"),
                    )
                    .at_path(p)
                    .with_hint(format!("use a turn from 1 to {len}")),
                );
            }
        }
        // Exits: the side must own enough of the counters that have to leave.
        v.goal.visit(&mut |g| {
            let Goal::Exit {
                count, counters, ..
            } = g
            else {
                return;
            };
            // For `either` side, the exit is impossible only if it is for both.
            let candidates: Vec<&crate::model::scenario::Side> = match side {
                Some(side) => vec![side],
                None if v.side == EITHER_SIDE => s.sides.iter().collect(),
                None => return,
            };
            let Some((side, have)) = candidates
                .into_iter()
                .map(|side| {
                    let have: u32 = if counters.is_empty() {
                        side.unit_count()
                    } else {
                        counters
                            .iter()
                            .map(|c| match c {
                                Counter::Unit(k) => side.count(*k),
                                Counter::Marker(m) => side.markers(*m),
                            })
                            .sum()
                    };
                    (side, have)
                })
                .max_by_key(|(_, have)| *have)
            else {
                return;
            };
            let what = if counters.is_empty() {
                "units".to_string()
            } else {
                counters
                    .iter()
                    .map(|c| match c {
                        Counter::Unit(k) => k.code(),
                        Counter::Marker(m) => m.code(),
                    })
                    .collect::<Vec<_>>()
                    .join("/")
            };
            let need = match count {
                ExitCount::AtLeast(n) => *n,
                ExitCount::Fraction { num, den } => {
                    if *den == 0 || num > den {
                        out.push(
                            Diagnostic::new(
                                Code::ExitImpossible,
                                format!("the fraction {num}/{den} is not between 0 and 1"),
                            )
                            .at_path(base())
                            .with_hint("write a fraction such as `Fraction(num: 1, den: 3)`"),
                        );
                    }
                    1
                }
                ExitCount::EverySurvivor | ExitCount::EveryCounter => 1,
            };
            if have < need {
                let who = if v.side == EITHER_SIDE {
                    format!("either side must exit {need} {what}, but the most any side has is {have} ({})", side.name)
                } else {
                    format!("{} must exit {need} {what} but has only {have}", side.name)
                };
                // The caret on the count, where the goal is the condition's own (a goal
                // nested in `All`/`Any` is pointed at as a whole).
                let at = if std::ptr::eq(g, &v.goal) {
                    [base(), path!["Exit", "count"]].concat()
                } else {
                    base()
                };
                let hint = match count {
                    ExitCount::AtLeast(_) if have > 0 => format!(
                        "lower the number to what {} has (`count: AtLeast({have})`), or give it more {what}",
                        side.name
                    ),
                    _ => format!("give {} some {what}, or exit other counters", side.name),
                };
                out.push(
                    Diagnostic::new(
                        Code::ExitImpossible,
                        who,
                    )
                    .at_path(at)
                    .with_hint(hint),
                );
            }
        });
        if matches!(v.goal, Goal::ControlEnemySetup { .. }) {
            let deploys = enemy.is_some_and(|e| {
                e.groups
                    .iter()
                    .any(|g| matches!(g.entry, Entry::Deploy { .. }))
            });
            if !deploys && v.side != EITHER_SIDE {
                out.push(
                    Diagnostic::new(
                        Code::VictoryTarget,
                        "the enemy has no set-up position to control: none of its groups deploys",
                    )
                    .at_path(base())
                    .with_hint("name the target with `Hold` instead"),
                );
            }
        }
    }
    for (vi, v) in s.victory.iter().enumerate() {
        out.extend(met_at_setup(s, r, vi));
        v.goal.walk(path!["victory", vi, "goal"], &mut |goal, p| {
            out.extend(hold_all(s, r, &v.side, goal, &p));
            out.extend(exit_while_immobile(s, &v.side, goal, &p));
        });
    }
    for (p, hexes) in &r.victory_zones {
        // Exits leave the map, so by edge hexes (the mirror of arrivals, TRN003).
        let is_exit = p.iter().rev().take(2).collect::<Vec<_>>()
            == [&PathSeg::key("via"), &PathSeg::key("Exit")];
        if is_exit && !hexes.is_empty() {
            let (count, inland) = hexes.inland();
            if !inland.is_empty() {
                out.push(
                    Diagnostic::new(
                        Code::ExitImpossible,
                        format!(
                            "units exit the map from edge hexes, but {count} hexes of this exit are not on the map edge ({}…)",
                            inland.join(", ")
                        ),
                    )
                    .at_path(p.clone())
                    .with_hex(inland[0].clone())
                    .with_hint("exit off an edge (`Edge(West)`), part of one, or a road's exit (`RoadEntry(\"East\")`): intersect the zone with an `Edge(..)`"),
                );
            }
        }
        if hexes.is_empty() {
            out.push(
                Diagnostic::new(
                    Code::VictoryTarget,
                    "this victory target has no hexes on the map",
                )
                .at_path(p.clone())
                .why_empty(target_zone(s, p), p, 1, map, || {
                    "check the features and distances it names".into()
                }),
            );
        }
    }
    out
}

/// A side that deploys on every hex of the target it must hold (11.0: "a Friendly unit must
/// be in the hex") meets a goal judged at the end of any Game-Turn at the end of Game-Turn 1,
/// and a ladder that names the other side the winner contradicts the condition's own side:
/// either way the condition is most likely meant for the other side. A hold judged at the end
/// of the game, a defence, is not reported. Only the goal itself and the choices of an `Any`
/// are read: one goal of an `All` met at set-up does not meet the whole.
fn met_at_setup(s: &Scenario, r: &Resolved, vi: usize) -> Option<Diagnostic> {
    let v = &s.victory[vi];
    let si = s.sides.iter().position(|sd| sd.id == v.side)?;
    let side = &s.sides[si];
    let deployed = r.deployment.get(si)?;
    let base = path!["victory", vi, "goal"];
    let mut goals: Vec<(&Goal, Vec<PathSeg>)> = vec![(&v.goal, base.clone())];
    if let Goal::Any(gs) = &v.goal {
        goals.extend(
            gs.iter()
                .enumerate()
                .map(|(i, g)| (g, [base.clone(), path!["Any", i]].concat())),
        );
    }
    let other = s.sides.iter().find(|sd| sd.id != v.side);
    let ladder_winner = match &v.outcome {
        Outcome::Graded { by_turn, .. } => by_turn
            .iter()
            .find(|rung| rung.result.winner != v.side)
            .and_then(|rung| s.side(&rung.result.winner)),
        Outcome::Wins => None,
    };
    for (goal, p) in goals {
        let Goal::Hold { target, when, .. } = goal else {
            continue;
        };
        let target_path = [p, path!["Hold", "target"]].concat();
        let Some((_, hexes)) = r.victory_zones.iter().find(|(zp, _)| *zp == target_path) else {
            continue;
        };
        if hexes.is_empty() || !hexes.is_subset(deployed) {
            continue;
        }
        let at_once = matches!(
            when,
            When::AnyTurn | When::ByEndOfTurn(_) | When::EndOfTurn(1) | When::ConsecutiveTurns(1)
        );
        let target = super::texts::short(&target.describe());
        let message = match (ladder_winner, at_once) {
            (Some(winner), _) => format!(
                "{} sets up on every hex of {target}, the target it must hold, yet the ladder names {} the winner of holding it",
                side.name, winner.name
            ),
            (None, true) => format!(
                "{} sets up on every hex of {target}, the target it must hold {}: the goal is met at the end of Game-Turn 1 without a fight",
                side.name,
                when.describe()
            ),
            (None, false) => continue,
        };
        let hint = match ladder_winner.or(other) {
            Some(o) => format!(
                "if {} must take {target}, write `side: \"{}\"`; a defence is judged at the end: `when: EndOfGame`",
                o.name, o.id
            ),
            None => "a defence is judged at the end: `when: EndOfGame`".to_string(),
        };
        return Some(
            Diagnostic::new(Code::MetAtSetup, message)
                .at_path(path!["victory", vi, "side"])
                .with_hex(hexes.grid().label(hexes.iter().next().expect("non-empty")))
                .with_hint(hint),
        );
    }
    None
}

/// The zone a victory zone's path names (a `Hold`'s target or an `Exit`'s way out).
fn target_zone<'a>(s: &'a Scenario, at: &[PathSeg]) -> Option<&'a Zone> {
    let mut found = None;
    for (vi, v) in s.victory.iter().enumerate() {
        v.goal.walk(path!["victory", vi, "goal"], &mut |goal, p| {
            if let Some((zone, tail)) = goal.place()
                && [p, tail.to_vec()].concat() == at
            {
                found = Some(zone);
            }
        });
    }
    found
}

/// "For one side to hold a hex, a Friendly unit must be in the hex" (11.0): holding every hex
/// of a target needs at least as many units as it has hexes. For a goal either side may
/// achieve, at least one side must have enough.
fn hold_all(
    s: &Scenario,
    r: &Resolved,
    achiever: &str,
    goal: &Goal,
    p: &[PathSeg],
) -> Option<Diagnostic> {
    let Goal::Hold {
        target,
        hexes: HoldHexes::All,
        ..
    } = goal
    else {
        return None;
    };
    let target_path = [p.to_vec(), path!["Hold", "target"]].concat();
    let (_, hexes) = r.victory_zones.iter().find(|(zp, _)| *zp == target_path)?;
    let need = hexes.len() as u32;
    let sides: Vec<_> = if achiever == EITHER_SIDE {
        s.sides.iter().collect()
    } else {
        s.side(achiever).into_iter().collect()
    };
    let best = sides.iter().max_by_key(|sd| sd.unit_count())?;
    let have = best.unit_count();
    (need > 0 && have < need).then(|| {
        Diagnostic::new(
            Code::HoldTooFewUnits,
            format!(
                "holding all {need} hexes of {} needs a unit in each, but {} has only {have} units",
                target.describe(),
                best.name
            ),
        )
        .at_path([p.to_vec(), path!["Hold", "hexes"]].concat())
        .with_hint("hold `Any` hex of the target, narrow the target, or give the side more units")
    })
}

/// A side that may not move through the Game-Turn by which it must exit cannot exit at all
/// (11.9: "Prussians may not move for the first two Game-Turns").
fn exit_while_immobile(
    s: &Scenario,
    achiever: &str,
    goal: &Goal,
    p: &[PathSeg],
) -> Option<Diagnostic> {
    let Goal::Exit { by_turn, .. } = goal else {
        return None;
    };
    let (ri, turns) = s
        .special_rules
        .iter()
        .enumerate()
        .filter_map(|(ri, rule)| match &rule.effect {
            Effect::NoMovement { side, turns } if side == achiever => Some((ri, *turns)),
            _ => None,
        })
        .max_by_key(|(_, t)| *t)?;
    let name = s.side(achiever).map_or(achiever, |sd| sd.name.as_str());
    (turns >= *by_turn).then(|| {
        Diagnostic::new(
            Code::ExitImpossible,
            format!(
                "{name} must exit by the end of Game-Turn {by_turn} but may not move during the first {turns} Game-Turns (special rule {})",
                ri + 1
            ),
        )
        .at_path([p.to_vec(), path!["Exit", "by_turn"]].concat())
        .with_hint("give the side a later exit turn, or fewer Game-Turns without movement")
    })
}

/// Can the goal only be judged when the game ends (so it is achieved "by" no earlier turn)?
fn judged_only_at_end(g: &Goal) -> bool {
    match g {
        Goal::Hold {
            when: When::EndOfGame,
            ..
        }
        | Goal::LossesNoMoreThanEnemy => true,
        // All goals are met only once the last of them is.
        Goal::All(gs) => gs.iter().any(judged_only_at_end),
        Goal::Any(gs) => !gs.is_empty() && gs.iter().all(judged_only_at_end),
        _ => false,
    }
}
