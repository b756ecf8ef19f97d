//! Special rules (11.0): they name unit types the side has, and turns within the game.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::scenario::Scenario;
use crate::model::special_rule::Effect;
use crate::path;
use crate::ruleset::MarkerKind;

pub(super) fn check(s: &Scenario) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (ri, rule) in s.special_rules.iter().enumerate() {
        match &rule.effect {
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
