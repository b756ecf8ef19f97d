//! A scenario skeleton from a factoring, as a model and as commented RON.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::model::battle::Battle;
use crate::model::limits;
use crate::model::scenario::{Entry, Group, Interpretation, SCENARIO_FORMAT, Scenario, Side};
use crate::model::victory::{Goal, HoldHexes, Outcome, VictoryCondition, When};
use crate::model::zone::Zone;
use crate::ruleset::{Ruleset, UnitKind};

use super::report::game_length_text;
use super::*;

/// Smallest distance `d` such that the hexes within `d` of a single hex (1 + 3d(d+1)) can hold
/// the group at six stacking points a hex (7.0); at least 3, so a skeleton's zone leaves room.
pub(super) fn placeholder_distance(units: &BTreeMap<UnitKind, u32>) -> u32 {
    let (mut two, mut three) = (0u32, 0u32);
    for (k, n) in units {
        if k.is_gun() {
            three = three.saturating_add(*n);
        } else {
            two = two.saturating_add(*n);
        }
    }
    let need = u64::from(Ruleset::rifle_and_saber().min_hexes_for(two, three));
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
    let features = [SKELETON_DEFENDER_FEATURE, SKELETON_ATTACKER_FEATURE];
    let sides: Vec<Side> = f
        .sides
        .iter()
        .zip(features)
        .map(|(s, feature)| Side {
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
                        of: Box::new(Zone::Feature(feature.into())),
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
            target: Zone::Feature(SKELETON_DEFENDER_FEATURE.into()),
            hexes: HoldHexes::Any,
            when: When::EndOfGame,
            no_enemy_within: None,
        },
        outcome: Outcome::Wins,
        printed: format!(
            "{} must hold {SKELETON_DEFENDER_FEATURE} at the end of the game ({TO_BE_SET}).",
            first.name
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
            "Starting points, {TO_BE_SET}: {} deploy within {} hexes of {SKELETON_DEFENDER_FEATURE} and deploy first; {} deploy within {} hexes of {SKELETON_ATTACKER_FEATURE} and move first; {} must hold {SKELETON_DEFENDER_FEATURE} at the end of the game. 11.18: victory conditions and game length should follow the events and duration of the battle.",
            first.name,
            placeholder_distance(&first.order_of_battle),
            second.name,
            placeholder_distance(&second.order_of_battle),
            first.name
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
        id: scenario_id(battle),
        rule: None,
        name: battle.name.clone(),
        date: battle.date.clone(),
        portion: battle.portion.clone(),
        map: DEFAULT_MAP.into(),
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

fn strengths_text(s: &FactoredSide) -> String {
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

/// The skeleton in RON, with a comment header saying where it came from, what the designer
/// must set, and the factoring warnings.
pub fn skeleton_ron(battle: &Battle, f: &Factoring) -> Result<String, FactorError> {
    let scenario = skeleton(battle, f);
    // Unescaped strings keep notes readable: real line breaks, no `\'`.
    let config = ron::ser::PrettyConfig::default().escape_strings(false);
    let body = ron::ser::to_string_pretty(&scenario, config)
        .map_err(|e| FactorError::Write(e.to_string()))?;
    // Names and warnings come from the battle file: each comment line is made one printable
    // line, so that a name holding a line break cannot end the comment and inject RON.
    let mut out = String::new();
    let mut comment = |line: String| {
        out.push_str("// ");
        out.push_str(&comment_text(&line));
        out.push('\n');
    };
    comment(format!(
        "Scenario skeleton factored from {} by `saberc factor` (rule 11.18).",
        f.name
    ));
    for s in &f.sides {
        comment(format!(
            "{}: {} -> {}",
            s.name,
            strengths_text(s),
            s.notation()
        ));
    }
    comment(format!("Scale: {}.", f.scale.describe()));
    comment(format!(
        "Deployment zones, who deploys and moves first, and the victory condition are {TO_BE_SET}."
    ));
    for w in &f.warnings {
        comment(format!("warning[{}]: {w}", w.code()));
    }
    out.push_str(&body);
    out.push('\n');
    // In `saberc fmt`'s layout, so that the first `fmt --check` of the new file passes.
    crate::output::format::format_text(&out, crate::pipeline::read::Syntax::Ron)
        .map_err(|e| FactorError::Write(e.message))
}

/// Text for a `//` comment: line breaks (any of them: `\n`, `\r`, U+0085, U+2028, U+2029) and
/// every unprintable character are written as `\u{..}` escapes, so the comment stays one line.
fn comment_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            crate::diagnostic::push_printable(&mut out, c);
        }
    }
    out
}
