//! Turns and arrivals (15.0, 11.0): the game fits the 20-space Turn Record Track, arrivals come
//! within the game, and arrivals enter at the map edge.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::path;
use crate::pipeline::zones::Resolved;
use crate::ruleset::Ruleset;

pub(super) fn check(s: &Scenario, map: &Map, rules: &Ruleset, r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let track = rules.turn_record_track;
    if s.game_length == 0 || s.game_length > track {
        out.push(
            Diagnostic::new(
                Code::GameLength,
                format!(
                    "a game of {} Game-Turns does not fit the Turn Record Track of {track} spaces",
                    s.game_length
                ),
            )
            .at_path(path!["game_length"])
            .with_hint(format!("use 1 to {track} Game-Turns")),
        );
    }
    for (si, side) in s.sides.iter().enumerate() {
        for (gi, group) in side.groups.iter().enumerate() {
            let Entry::Arrive { turn, .. } = group.entry else {
                continue;
            };
            let p = path!["sides", si, "groups", gi, "entry", "Arrive"];
            if turn == 0 || turn > s.game_length {
                out.push(
                    Diagnostic::new(
                        Code::ArrivalTurn,
                        format!("{} group ({}) arrives on Game-Turn {turn}, but the game lasts {} Game-Turns", side.name, group.id, s.game_length),
                    )
                    .at_path([p.clone(), path!["turn"]].concat())
                    .with_hint(format!("choose a turn from 1 to {}", s.game_length)),
                );
            }
            let Some(hexes) = r.groups.get(si).and_then(|g| g.get(gi)) else {
                continue;
            };
            let at = [p, path!["at"]].concat();
            if hexes.hexes.is_empty() {
                // Why it is empty, from its parts (an edge it names and what leaves none of
                // it); else how an arrival zone is written, with a road of this map.
                let zone = match &group.entry {
                    Entry::Arrive { at: zone, .. } => Some(zone),
                    _ => None,
                };
                let otherwise = || {
                    let road = map
                        .roads
                        .iter()
                        .find_map(|r| r.name.as_deref())
                        .map(|n| format!(", or a road entry (`RoadEntry(\"{n}\")`)"))
                        .unwrap_or_default();
                    format!("arrive at an edge (`Edge(South)`), part of one{road}")
                };
                out.push(
                    Diagnostic::new(
                        Code::EmptyZone,
                        format!(
                            "{} group ({}) has no hexes to arrive at",
                            side.name, group.id
                        ),
                    )
                    .at_path(at.clone())
                    .why_empty(zone, &at, 1, map, otherwise),
                );
                continue;
            }
            let (inland_count, inland) = hexes.hexes.inland();
            if !inland.is_empty() {
                out.push(
                    Diagnostic::new(
                        Code::ArrivalNotOnEdge,
                        format!(
                            "{} group ({}) arrives at {} hexes that are not on the map edge ({}…)",
                            side.name,
                            group.id,
                            inland_count,
                            inland.join(", ")
                        ),
                    )
                    .at_path(at)
                    .with_hex(inland[0].clone())
                    .with_hint("reinforcements enter from the map edge: intersect the zone with an `Edge(..)`"),
                );
            }
        }
    }
    out
}
