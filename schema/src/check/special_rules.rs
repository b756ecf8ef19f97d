//! Special rules (11.0): they name unit types the side has, and turns within the game.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::hex::Coord;
use crate::model::map::Map;
use crate::model::scenario::Scenario;
use crate::model::special_rule::Effect;
use crate::path;
use crate::pipeline::zones::Resolved;
use crate::ruleset::MarkerKind;

pub(super) fn check(s: &Scenario, map: &Map, r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (ri, rule) in s.special_rules.iter().enumerate() {
        match &rule.effect {
            Effect::TreatAsClear(zone)
                if r.rule_hexes(ri).is_some_and(|h| {
                    let cover_only = crate::queries::effective_terrain::names_terrain_only(zone);
                    !h.is_empty() && h.iter().all(|c| already_clear(map, c, cover_only))
                }) =>
            {
                out.push(
                    Diagnostic::warning(
                        Code::SpecialRuleTarget,
                        "every hex this rule treats as clear is clear terrain already, so it changes nothing",
                    )
                    .at_path(path!["special_rules", ri, "effect", "TreatAsClear"])
                    .with_hint("name the woods, villages or hills the rule clears (`Feature(\"H27\")`, `Terrain(Woods)`)")
                    .with_rule("11.0"),
                );
            }
            Effect::MarkersInLines { side, marker, .. }
                if s.side(side).is_some_and(|sd| sd.markers(*marker) == 0) =>
            {
                out.push(
                    Diagnostic::warning(
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
                    ))
                    .with_rule("11.0"),
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
                            Diagnostic::warning(
                                Code::SpecialRuleTarget,
                                format!(
                                    "{} has no {} units, so this rule changes nothing",
                                    sd.name,
                                    missing.join("/")
                                ),
                            )
                            .at_path(path!["special_rules", ri, "effect", variant, "kinds"])
                            .with_hint("check the side and unit types the rule names")
                            .with_rule("11.0"),
                        );
                    }
                }
            }
            Effect::NoMovement { turns, .. } if *turns > s.game_length => out.push(
                Diagnostic::error(
                    Code::VictoryTurn,
                    format!(
                        "{turns} Game-Turns without movement is longer than the game ({})",
                        s.game_length
                    ),
                )
                .at_path(path!["special_rules", ri, "effect", "NoMovement", "turns"])
                .with_hint("shorten it")
                .with_rule("15.0"),
            ),
            Effect::LimberCounters { side, .. }
                if s.side(side)
                    .is_some_and(|sd| sd.markers(MarkerKind::Limber) == 0) =>
            {
                out.push(
                    Diagnostic::warning(
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
                    .with_hint("add `markers: {Limber: N}` to one of its groups")
                    .with_rule("11.0"),
                );
            }
            _ => {}
        }
    }
    out
}

/// Does treating the hex as clear change nothing? A rule naming terrain types clears only the
/// terrain (slopes stay, see [`crate::effective_terrain`]), so clear terrain is enough; a rule
/// naming places also levels slopes and ridges, so those must be absent too.
fn already_clear(map: &Map, c: Coord, cover_only: bool) -> bool {
    map.cell(c).is_some_and(|cell| {
        cell.terrain == crate::ruleset::Terrain::Clear
            && (cover_only || (!cell.slope && map.grid.neighbors(c).all(|n| !map.is_ridge(c, n))))
    })
}
