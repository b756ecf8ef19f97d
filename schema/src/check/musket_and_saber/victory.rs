//! Victory (3.4): each condition's side, turns within the game, targets on the map, and a
//! condition for each side.

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg, suggestions, ticked};
use crate::model::map::Map;
use crate::model::musket_and_saber::MsScenario;
use crate::model::victory::{EITHER_SIDE, Goal};
use crate::model::zone::{KindName, Zone};
use crate::path;
use crate::pipeline::zones::collect_goal_zones;
use crate::pipeline::zones::compiler::{ZoneCompiler, ZoneEnv};

use super::shared::unknown_side;

/// Victory (3.4): each condition's side, turns within the game, targets on the map.
pub(super) fn victory(s: &MsScenario, map: &Map, out: &mut Findings) {
    let mut compiler = ZoneCompiler::new(map, ZoneEnv::default());
    for (vi, v) in s.victory.iter().enumerate() {
        if v.side != EITHER_SIDE {
            unknown_side(s, &v.side, path!["victory", vi, "side"], out);
        }
        let base = path!["victory", vi, "goal"];
        v.goal.visit(&mut |g| {
            let (t, p) = match g {
                Goal::Hold { when, .. } | Goal::ControlEnemySetup { when } => match when.turn() {
                    Some(t) => (t, "when"),
                    None => return,
                },
                // An exit counts any unit: its type has no counters to name (`NoCounter`).
                Goal::Exit { by_turn, .. } => (*by_turn, "by_turn"),
                _ => return,
            };
            if t > s.game_length {
                out.push(
                    Diagnostic::new(
                        Code::VictoryTurn,
                        format!("turn {t} of a game of {} turns", s.game_length),
                    )
                    .at_path([base.clone(), path![p]].concat())
                    .with_hint("victory turns count the game's turns from 1"),
                );
            }
        });
        collect_goal_zones(&v.goal, base, &mut |p, zone| {
            if let Some(d) = unknown_kind(zone, map, &p) {
                out.push(d);
                return;
            }
            let hexes = compiler.compile(zone, &p);
            if hexes.is_empty() {
                out.push(
                    Diagnostic::new(
                        Code::VictoryTarget,
                        "this victory target has no hexes on the map",
                    )
                    .at_path(p)
                    .with_hint("name hexes of the map (`Hexes([\"0604\"])`)"),
                );
            }
        });
    }
    out.extend(std::mem::take(&mut compiler.diagnostics).into_vec());
}

/// A `Terrain` zone naming a kind the map's chart has no hex row for (2.2): its target has no
/// hexes there, said with the chart's kinds (located at the kind, with the nearest one, when
/// the target is that zone itself).
fn unknown_kind(zone: &Zone<KindName>, map: &Map, path: &[PathSeg]) -> Option<Diagnostic> {
    let kinds: Vec<&str> = map
        .chart
        .iter()
        .flat_map(|c| c.rows.iter())
        .filter(|r| !r.on_hexside)
        .map(|r| r.id.as_str())
        .collect();
    let mut unknown = None;
    zone.visit(&mut |z| {
        if let Zone::Terrain(k) = z
            && unknown.is_none()
            && !kinds.contains(&k.0.as_str())
        {
            unknown = Some(k.0.as_str());
        }
    });
    let kind = unknown?;
    let hint = format!("the map's kinds of hex terrain are {}", ticked(&kinds));
    let d = Diagnostic::new(
        Code::VictoryTarget,
        format!("the map's chart has no kind of hex terrain `{kind}`, so this target has no hexes"),
    );
    Some(if matches!(zone, Zone::Terrain(_)) {
        let near = suggestions(kind, kinds.iter().copied());
        d.at_path([path.to_vec(), path!["Terrain"]].concat())
            .spelling(&near, hint)
    } else {
        d.at_path(path.to_vec()).with_hint(hint)
    })
}

/// Victory conditions for each player (3.4: "The specific victory conditions for each player
/// are listed"): a side has one when a condition is its own or either side's, or an outcome
/// makes it the winner (a plain win makes the other side the winner when the goal is not met;
/// a graded one names its winners). A note: the scenario rules may give one side none.
pub(super) fn victory_for_each_side(s: &MsScenario, out: &mut Findings) {
    use crate::model::victory::Outcome;
    for (si, side) in s.sides.iter().enumerate() {
        let has = s.victory.iter().any(|v| {
            v.side == side.id
                || v.side == EITHER_SIDE
                || match &v.outcome {
                    Outcome::Wins => s.side_index(&v.side).is_some(),
                    Outcome::Graded { by_turn, otherwise } => {
                        otherwise.winner == side.id
                            || by_turn.iter().any(|r| r.result.winner == side.id)
                    }
                }
        });
        if !has {
            out.push(
                Diagnostic::new(
                    Code::NoVictoryCondition,
                    format!("{} has no victory condition", side.name),
                )
                .at_path(path!["sides", si, "id"])
                .with_hint(format!(
                    "type its conditions from the scenario rules (3.4): `(side: \"{}\", goal: …)`",
                    side.id
                )),
            );
        }
    }
}
