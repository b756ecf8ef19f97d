//! A scenario skeleton from a factoring, as a model (its commented RON is
//! [`crate::output::skeleton::skeleton_ron`]'s).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::model::battle::Battle;
use crate::model::hex::Edge;
use crate::model::limits;
use crate::model::map::Map;
use crate::model::scenario::{Entry, Group, Interpretation, SCENARIO_FORMAT, Scenario, Side};
use crate::model::victory::{Goal, HoldHexes, Outcome, VictoryCondition, When};
use crate::model::zone::Zone;
use crate::ruleset::UnitKind;

use super::report::game_length_text;
use super::*;

/// Smallest distance `d` such that the hexes within `d` of a single hex (1 + 3d(d+1)) can hold
/// the group at six stacking points a hex (7.0); at least 3, so a skeleton's zone leaves room.
pub(super) fn placeholder_distance(units: &BTreeMap<UnitKind, u32>) -> u32 {
    let need = u64::from(super::RULES.min_hexes(units.iter().map(|(k, n)| (*k, *n))));
    let mut d = 3u32;
    while d < limits::MAX_DISTANCE && 1 + 3 * u64::from(d) * u64::from(d + 1) < need {
        d += 1;
    }
    d
}

/// A scenario skeleton from a factoring: both sides with their orders of battle in one group
/// each, game length from the duration, id, name and date from the battle. Deployment zones
/// (around V4 for the first side, H26 for the second), who deploys and moves first, and the
/// victory condition (the first side holds V4, the ground it deploys on) are starting points
/// marked in `interpretations` as to be set by the designer.
pub fn skeleton(battle: &Battle, f: &Factoring) -> Scenario {
    let anchors = [
        Anchor::feature(SKELETON_DEFENDER_FEATURE),
        Anchor::feature(SKELETON_ATTACKER_FEATURE),
    ];
    skeleton_on(battle, f, DEFAULT_MAP, &anchors)
}

/// Where a skeleton places a side: the zone it deploys within a few hexes of (the first
/// side's is also what it must hold), and how the skeleton's notes name it.
#[derive(Debug, Clone, PartialEq)]
pub struct Anchor {
    /// The zone.
    pub zone: Zone,
    /// Its name in the notes ("V4", "the west edge").
    pub name: String,
}

impl Anchor {
    fn feature(code: &str) -> Anchor {
        Anchor {
            zone: Zone::Feature(code.into()),
            name: code.into(),
        }
    }

    fn edge(edge: Edge) -> Anchor {
        Anchor {
            zone: Zone::Edge(edge),
            name: format!("the {} edge", edge.name()),
        }
    }

    /// The two anchors of a skeleton on `map`, naming only what the map has: V4 and H26 where
    /// it has them (the Rifle & Saber map); else a village (or any feature) for the side that
    /// deploys first and a hill (or any other feature) for the other; on a map without two
    /// features, its west and east edges.
    pub fn on(map: &Map) -> [Anchor; 2] {
        let has = |code: &str| {
            map.features
                .iter()
                .any(|f| f.code == code && !f.hexes.is_empty())
        };
        if has(SKELETON_DEFENDER_FEATURE) && has(SKELETON_ATTACKER_FEATURE) {
            return [
                Anchor::feature(SKELETON_DEFENDER_FEATURE),
                Anchor::feature(SKELETON_ATTACKER_FEATURE),
            ];
        }
        let usable: Vec<&str> = map
            .features
            .iter()
            .filter(|f| !f.hexes.is_empty())
            .map(|f| f.code.as_str())
            .collect();
        let first = usable
            .iter()
            .find(|c| c.starts_with('V'))
            .or_else(|| usable.first())
            .copied();
        let second = first.and_then(|first| {
            usable
                .iter()
                .find(|c| c.starts_with('H') && **c != first)
                .or_else(|| usable.iter().find(|c| **c != first))
                .copied()
        });
        match (first, second) {
            (Some(a), Some(b)) => [Anchor::feature(a), Anchor::feature(b)],
            _ => [Anchor::edge(Edge::West), Anchor::edge(Edge::East)],
        }
    }
}

/// A skeleton as [`skeleton`] makes it, on the map `map` (its id), each side placed around its
/// anchor ([`Anchor::on`] chooses them from the map).
pub fn skeleton_on(battle: &Battle, f: &Factoring, map: &str, anchors: &[Anchor; 2]) -> Scenario {
    let [defender, attacker] = anchors;
    let sides: Vec<Side> = f
        .sides
        .iter()
        .zip(anchors)
        .map(|(s, anchor)| Side {
            id: s.id.clone(),
            name: s.name.clone(),
            color: s.color,
            morale: s.morale,
            groups: vec![Group {
                id: "a".into(),
                units: s.order_of_battle.clone(),
                markers: BTreeMap::new(),
                entry: Entry::Deploy {
                    zone: Zone::Within {
                        distance: placeholder_distance(&s.order_of_battle),
                        of: Box::new(anchor.zone.clone()),
                    },
                    facing: None,
                },
            }],
        })
        .collect();
    let (first, second) = (&f.sides[0], &f.sides[1]);
    // The side that deploys around the objective holds it: a starting point never asks a side
    // to hold the ground where the enemy sets up.
    let victory = vec![VictoryCondition {
        side: first.id.clone(),
        goal: Goal::Hold {
            target: defender.zone.clone(),
            hexes: HoldHexes::Any,
            when: When::EndOfGame,
            no_enemy_within: None,
        },
        outcome: Outcome::Wins,
        printed: format!(
            "{} must hold {} at the end of the game ({TO_BE_SET}).",
            first.name, defender.name
        ),
    }];

    let mut interpretations = vec![Interpretation {
        rule: "11.18".into(),
        text: format!(
            "Factored from historical strengths: {}. Scale: {}.",
            f.sides
                .iter()
                .map(|s| format!("{} {}", s.name, strengths_text(s)))
                .collect::<Vec<_>>()
                .join("; "),
            f.scale.describe()
        ),
        reading: format!(
            "Each arm rounded to the nearest unit, halves up, and an arm with troops kept at one unit at least: {}. Ratio {} : {} in units {} before rounding, {} after.",
            f.sides
                .iter()
                .map(|s| format!("{} {}", s.name, s.notation()))
                .collect::<Vec<_>>()
                .join("; "),
            first.name,
            second.name,
            f.ratio
                .units_before
                .map_or("-".into(), |r| format!("{r:.2}")),
            f.ratio
                .units_after
                .map_or("-".into(), |r| format!("{r:.2}")),
        ),
        explains: vec![],
    }];
    for w in &f.warnings {
        interpretations.push(Interpretation {
            rule: w.rule().into(),
            text: format!("Factoring warning ({})", w.code()),
            reading: w.to_string(),
            explains: vec![],
        });
    }
    interpretations.push(Interpretation {
        rule: "11.0".into(),
        text: "Deployment, sequence of play and victory conditions of a new scenario.".into(),
        reading: format!(
            "Starting points, {TO_BE_SET}: {} deploy within {} hexes of {} and deploy first; {} deploy within {} hexes of {} and move first; {} must hold {} at the end of the game. 11.18: victory conditions and game length should follow the events and duration of the battle.",
            first.name,
            placeholder_distance(&first.order_of_battle),
            defender.name,
            second.name,
            placeholder_distance(&second.order_of_battle),
            attacker.name,
            first.name,
            defender.name
        ),
        explains: vec![],
    });
    interpretations.push(Interpretation {
        rule: "1.1".into(),
        text: "Game length from the battle's duration.".into(),
        reading: game_length_text(&f.game_length),
        explains: vec![],
    });

    let mut notes = String::new();
    if !battle.notes.is_empty() {
        notes.push_str(battle.notes.trim());
        notes.push_str("\n\n");
    }
    notes.push_str("Factored per 11.18 from historical strengths");
    if !battle.source.is_empty() {
        let _ = write!(notes, "; figures: {}", battle.source.trim());
    }
    notes.push('.');

    Scenario {
        schema: None,
        format: SCENARIO_FORMAT.into(),
        game: None,
        id: scenario_id(battle),
        rule: None,
        name: battle.name.clone(),
        date: battle.date.clone(),
        portion: battle.portion.clone(),
        map: map.into(),
        sides,
        deploys_first: first.id.clone(),
        moves_first: second.id.clone(),
        game_length: f.game_length.turns,
        victory,
        special_rules: vec![],
        counter_values: BTreeMap::new(),
        setup: vec![],
        notes,
        interpretations,
    }
}

/// A factored side's historical strengths in words, arm by arm (strength, unit type, what it
/// counts), as the skeleton's notes and its RON header give them.
pub fn strengths_text(s: &FactoredSide) -> String {
    s.arms
        .iter()
        .map(|a| {
            format!(
                "{} {} {}",
                a.strength,
                a.kind.code(),
                unit_word(a.kind, a.strength)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn scenario_id(battle: &Battle) -> String {
    let mut base = slug(&battle.name);
    if let Some(p) = &battle.portion {
        let p = slug(p);
        if !p.is_empty() {
            base = format!("{base}-{p}");
        }
    }
    let mut id = if base.is_empty() {
        "new-scenario".to_string()
    } else {
        base
    };
    id.truncate(64);
    id.trim_end_matches('-').to_string()
}
