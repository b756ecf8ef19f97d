//! Special rules (11.0): they name unit types the side has, and turns within the game; a side
//! is warned when it deploys in, or must take, the area where its own units are disrupted
//! (11.13); markers allowed "as desired" are not forbidden on every hex they could go (11.8).

use crate::diagnostic::{Code, Diagnostic};
use crate::model::hex::Coord;
use crate::model::hex_set::HexSet;
use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::model::special_rule::Effect;
use crate::model::victory::EITHER_SIDE;
use crate::path;
use crate::pipeline::zones::Resolved;
use crate::pipeline::zones::compiler::within;
use crate::ruleset::MarkerKind;
use crate::ruleset::Ruleset;

pub(super) fn check(s: &Scenario, map: &Map, _rules: &Ruleset, r: &Resolved) -> Vec<Diagnostic> {
    let mut out = own_disruption_area(s, map, r);
    out.extend(markers_forbidden_everywhere(s, r));
    // A rule whose zone holds no hex of the map applies nowhere.
    for (p, hexes) in &r.rule_zones {
        if hexes.is_empty() {
            out.push(
                Diagnostic::new(
                    Code::SpecialRuleTarget,
                    "this special rule's zone has no hexes on the map, so the rule changes nothing",
                )
                .at_path(p.clone())
                .with_hint("check the features, terrain and distances the zone names (`saberc render` draws the map)"),
            );
        }
    }
    for (ri, rule) in s.special_rules.iter().enumerate() {
        match &rule.effect {
            Effect::TreatAsClear(zone)
                if r.rule_hexes(ri).is_some_and(|h| {
                    let cover_only = crate::queries::effective_terrain::names_terrain_only(zone);
                    !h.is_empty() && h.iter().all(|c| already_clear(map, c, cover_only))
                }) =>
            {
                out.push(
                    Diagnostic::new(
                        Code::SpecialRuleTarget,
                        "every hex this rule treats as clear is clear terrain already, so it changes nothing",
                    )
                    .at_path(path!["special_rules", ri, "effect", "TreatAsClear"])
                    .with_hint("name the woods, villages or hills the rule clears (`Feature(\"H27\")`, `Terrain(Woods)`)"),
                );
            }
            Effect::MarkersInLines { side, marker, .. }
                if s.side(side).is_some_and(|sd| sd.markers(*marker) == 0) =>
            {
                out.push(
                    Diagnostic::new(
                        Code::SpecialRuleTarget,
                        format!(
                            "side `{side}` has no {} markers to arrange in lines, so this rule changes nothing",
                            marker.code()
                        ),
                    )
                    .at_path(path!["special_rules", ri, "effect", "MarkersInLines", "side"])
                    .with_hint(format!(
                        "give the side its {} markers (`markers: {{{}: N}}` in a group), or name the side that has them",
                        marker.code(),
                        marker.code()
                    )),
                );
            }
            Effect::Range { side, kinds, .. } | Effect::Movement { side, kinds, .. } => {
                let variant = crate::pipeline::zones::effect_variant(&rule.effect);
                if let Some(sd) = s.side(side) {
                    let missing: Vec<&str> = kinds
                        .iter()
                        .filter(|k| sd.count(**k) == 0)
                        .map(|k| k.code())
                        .collect();
                    if missing.len() == kinds.len() {
                        out.push(
                            Diagnostic::new(
                                Code::SpecialRuleTarget,
                                format!(
                                    "{} has no {} units, so this rule changes nothing",
                                    sd.name,
                                    missing.join("/")
                                ),
                            )
                            .at_path(path!["special_rules", ri, "effect", variant, "kinds"])
                            .with_hint("check the side and unit types the rule names"),
                        );
                    }
                }
            }
            Effect::NoMovement { turns, .. } if *turns > s.game_length => out.push(
                Diagnostic::new(
                    Code::VictoryTurn,
                    format!(
                        "{turns} Game-Turns without movement is longer than the game ({})",
                        s.game_length
                    ),
                )
                .at_path(path!["special_rules", ri, "effect", "NoMovement", "turns"])
                .with_hint("shorten it"),
            ),
            Effect::LimberCounters { side, .. }
                if s.side(side)
                    .is_some_and(|sd| sd.markers(MarkerKind::Limber) == 0) =>
            {
                out.push(
                    Diagnostic::new(
                        Code::SpecialRuleTarget,
                        format!("side `{side}` has no Limber markers for this rule"),
                    )
                    .at_path(path![
                        "special_rules",
                        ri,
                        "effect",
                        "LimberCounters",
                        "side"
                    ])
                    .with_hint("add `markers: {Limber: N}` to one of its groups"),
                );
            }
            _ => {}
        }
    }
    out
}

/// A side whose own units are disrupted near a place (11.13: "Russians may not approach within 3
/// hexes of H24 or H28") should neither deploy there nor have its victory target there: a
/// warning, since it may be intended, but then it wants an interpretation note.
fn own_disruption_area(s: &Scenario, map: &Map, r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (ri, rule) in s.special_rules.iter().enumerate() {
        let Effect::ProximityDisruption {
            side,
            distance,
            of: near,
        } = &rule.effect
        else {
            continue;
        };
        let (Some(si), Some(of)) = (s.side_index(side), r.rule_hexes(ri)) else {
            continue;
        };
        let area = within(&of, *distance);
        let sd = &s.sides[si];
        let mut flag = |what: String, hexes: &HexSet, p: Vec<crate::diagnostic::PathSeg>| {
            let mut inside = hexes.clone();
            inside.intersect_with(&area);
            if let Some(first) = inside.iter().next() {
                out.push(
                    Diagnostic::new(
                        Code::OwnDisruptionArea,
                        format!(
                            "{what} has {} hexes within {distance} hexes of {}, where units of {} are disrupted at once (special rule {})",
                            inside.len(),
                            near.describe(),
                            sd.name,
                            ri + 1
                        ),
                    )
                    .at_path(p)
                    .with_hex(map.grid.label(first))
                    .with_hint("move the zone or the target out of the area, or explain the reading in `interpretations`"),
                );
            }
        };
        for (gi, g) in sd.groups.iter().enumerate() {
            if let (Entry::Deploy { .. }, Some(gh)) = (&g.entry, r.groups[si].get(gi)) {
                flag(
                    format!("the deployment zone of {} group ({})", sd.name, g.id),
                    &gh.hexes,
                    path!["sides", si, "groups", gi, "entry", "Deploy", "zone"],
                );
            }
        }
        let hold_target = path!["Hold", "target"];
        for (p, hexes) in &r.victory_zones {
            let Some(crate::diagnostic::PathSeg::Index(vi)) = p.get(1) else {
                continue;
            };
            let Some(v) = s.victory.get(*vi) else {
                continue;
            };
            if (v.side == sd.id || v.side == EITHER_SIDE) && p.ends_with(&hold_target) {
                flag(
                    format!("the victory target of {}", sd.name),
                    hexes,
                    p.clone(),
                );
            }
        }
    }
    out
}

/// "As desired" (11.8) contradicts a rule that forbids the same markers on every hex the side
/// may deploy in: then none can be placed at all.
fn markers_forbidden_everywhere(s: &Scenario, r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (ri, rule) in s.special_rules.iter().enumerate() {
        let Effect::MarkersAsDesired { side, marker } = &rule.effect else {
            continue;
        };
        let Some(si) = s.side_index(side) else {
            continue;
        };
        let Some(deployed) = r.deployment.get(si).filter(|d| !d.is_empty()) else {
            continue;
        };
        let forbidden = s
            .special_rules
            .iter()
            .enumerate()
            .filter(|(_, x)| {
                matches!(&x.effect, Effect::NoMarkersIn { side: sd, marker: m, .. } if sd == side && m == marker)
            })
            .filter_map(|(xi, _)| r.rule_hexes(xi))
            .reduce(|mut a, b| {
                a.union_with(&b);
                a
            });
        if forbidden.is_some_and(|f| deployed.is_subset(&f)) {
            out.push(
                Diagnostic::new(
                    Code::MarkersForbiddenEverywhere,
                    format!(
                        "{} may place {} markers as desired, but another special rule forbids them on every hex it may deploy in",
                        s.sides[si].name,
                        marker.code()
                    ),
                )
                .at_path(path!["special_rules", ri, "effect", "MarkersAsDesired"])
                .with_hint("narrow the `NoMarkersIn` zone to the hexes the rules name, or drop one of the two rules"),
            );
        }
    }
    out
}

/// Does treating the hex as clear change nothing? A rule naming terrain types clears only the
/// terrain (slopes stay, see [`crate::queries::effective_terrain`]), so clear terrain is enough; a rule
/// naming places also levels slopes and ridges, so those must be absent too.
fn already_clear(map: &Map, c: Coord, cover_only: bool) -> bool {
    map.cell(c).is_some_and(|cell| {
        cell.terrain == crate::ruleset::Terrain::Clear
            && (cover_only || (!cell.slope && map.grid.neighbors(c).all(|n| !map.is_ridge(c, n))))
    })
}
