//! Victory conditions (11.0): they name targets that exist on the map, turns within the game,
//! and goals that can be met (exiting 10 MZ needs at least 10 MZ).

use crate::diagnostic::{Code, Diagnostic};
use crate::model::counter::Counter;
use crate::model::scenario::{Entry, Scenario};
use crate::model::victory::{EITHER_SIDE, ExitCount, Goal, Outcome, When};
use crate::path;
use crate::pipeline::zones::Resolved;

pub(super) fn check(s: &Scenario, r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let len = s.game_length;
    for (vi, v) in s.victory.iter().enumerate() {
        let base = path!["victory", vi, "goal"];
        let side = s.side(&v.side);
        let enemy = s.sides.iter().find(|x| x.id != v.side);
        let mut turns: Vec<(u32, Vec<crate::diagnostic::PathSeg>)> = Vec::new();
        let mut turn = |t: u32, p: Vec<crate::diagnostic::PathSeg>| turns.push((t, p));
        v.goal.visit(&mut |g| match g {
            Goal::Hold {
                when: When::EndOfTurn(t),
                ..
            } => turn(*t, [base.clone(), path!["Hold", "when"]].concat()),
            Goal::Hold {
                when: When::ConsecutiveTurns(t),
                ..
            } => turn(*t, [base.clone(), path!["Hold", "when"]].concat()),
            Goal::Exit { by_turn, .. } => {
                turn(*by_turn, [base.clone(), path!["Exit", "by_turn"]].concat())
            }
            Goal::ControlEnemySetup { by_turn } => turn(
                *by_turn,
                [base.clone(), path!["ControlEnemySetup", "by_turn"]].concat(),
            ),
            _ => {}
        });
        if let Outcome::Graded { by_turn, .. } = &v.outcome {
            if judged_only_at_end(&v.goal) {
                out.push(
                    Diagnostic::warning(
                        Code::VictoryLevels,
                        format!(
                            "this goal is judged only at the end of the game (Game-Turn {len}), so a ladder by Game-Turn cannot grade it: rungs before Game-Turn {len} never apply"
                        ),
                    )
                    .at_path(path!["victory", vi, "outcome", "Graded"])
                    .with_hint("grade a goal that can be met during play (`Hold` at `AnyTurn` or `EndOfTurn(N)`, `Exit`), or use `outcome: Wins`")
                    .with_rule("11.0"),
                );
            }
            let mut last = 0;
            for (ri, rung) in by_turn.iter().enumerate() {
                let p = path!["victory", vi, "outcome", "Graded", "by_turn", ri, "turn"];
                turn(rung.turn, p.clone());
                if rung.turn <= last {
                    out.push(
                        Diagnostic::error(
                            Code::VictoryLevels,
                            format!(
                                "Game-Turn {} comes after Game-Turn {last} in the ladder",
                                rung.turn
                            ),
                        )
                        .at_path(p)
                        .with_hint("list the rungs in increasing order of turn")
                        .with_rule("11.0"),
                    );
                }
                last = rung.turn;
            }
        }
        for (t, p) in turns {
            if t == 0 || t > len {
                out.push(
                    Diagnostic::error(
                        Code::VictoryTurn,
                        format!("Game-Turn {t} is outside the game, which lasts {len} Game-Turns"),
                    )
                    .at_path(p)
                    .with_hint(format!("use a turn from 1 to {len}"))
                    .with_rule("15.0"),
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
            let Some(side) = side else { return };
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
                            Diagnostic::error(
                                Code::ExitImpossible,
                                format!("the fraction {num}/{den} is not between 0 and 1"),
                            )
                            .at_path(base.clone())
                            .with_hint("write a fraction such as `Fraction(num: 1, den: 3)`")
                            .with_rule("11.0"),
                        );
                    }
                    1
                }
                ExitCount::All => 1,
            };
            if have < need {
                out.push(
                    Diagnostic::error(
                        Code::ExitImpossible,
                        format!("{} must exit {need} {what} but has only {have}", side.name),
                    )
                    .at_path(base.clone())
                    .with_hint("lower the number, or give the side more of those units")
                    .with_rule("11.0"),
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
                    Diagnostic::error(
                        Code::VictoryTarget,
                        "the enemy has no set-up position to control: none of its groups deploys",
                    )
                    .at_path(base.clone())
                    .with_hint("name the target with `Hold` instead")
                    .with_rule("11.0"),
                );
            }
        }
    }
    for (p, hexes) in &r.victory_zones {
        if hexes.is_empty() {
            out.push(
                Diagnostic::error(
                    Code::VictoryTarget,
                    "this victory target has no hexes on the map",
                )
                .at_path(p.clone())
                .with_hint("check the features and distances it names")
                .with_rule("11.0"),
            );
        }
    }
    out
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
