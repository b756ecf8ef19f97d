//! The special rules form (11.0): for each rule the printed wording and its effect, chosen from
//! every structured effect the vocabulary has, with free text (and why) as the fallback.

use egui::{Id, Ui};
use saber_schema::model::map::Map;
use saber_schema::model::scenario::{Scenario, Side};
use saber_schema::model::special_rule::{Effect, EffectKind, LimberLoss, SpecialRule};
use saber_schema::model::zone::Zone;
use saber_schema::ruleset::{MarkerKind, UnitKind};

use saber_schema::ruleset::{LONGEST_TURN_RECORD_TRACK, Ruleset};

use crate::scenario::fields::{
    self, allowance, counters_ui, fit, kinds_ui, marker_combo, number, one_of, side_combo,
    text_area, turn_drag,
};
use crate::scenario::zone_builder::{ZoneCx, zone_ui};

/// Edit the scenario's special rules: add, remove, reorder, wording and effect of each.
pub fn special_rules_ui(ui: &mut Ui, id: Id, s: &mut Scenario, cx: &mut ZoneCx<'_>) {
    let rules = s.rules();
    let Scenario {
        sides,
        special_rules,
        game_length,
        ..
    } = s;
    let first = convert(
        &Effect::RiverOnlyAtCrossings,
        EffectKind::Text,
        sides,
        cx.map,
    );
    fields::sections(
        ui,
        id,
        special_rules,
        |rule| rule.effect.kind().label().to_string(),
        |ui, rid, rule| {
            ui.label("As printed");
            text_area(ui, &mut rule.printed, "the rule as printed");
            let effect = &mut rule.effect;
            effect_ui(
                ui,
                rid.with("effect"),
                effect,
                sides,
                rules,
                *game_length,
                cx,
            );
        },
        "+ Special rule",
        || SpecialRule {
            printed: String::new(),
            effect: first,
        },
    );
}

/// `old` turned into an effect of kind `to`, keeping what carries over (the side, the zone,
/// the unit types, the marker); the rest starts from values valid for the scenario.
fn convert(old: &Effect, to: EffectKind, sides: &[Side], map: &Map) -> Effect {
    let side = old
        .side()
        .map(str::to_string)
        .or_else(|| sides.first().map(|s| s.id.clone()))
        .unwrap_or_default();
    let the_side = sides.iter().find(|s| s.id == side);
    let zone = old
        .zones()
        .first()
        .map(|(_, z)| (*z).clone())
        .unwrap_or_else(|| {
            map.features
                .first()
                .map_or(Zone::Everywhere, |f| Zone::Feature(f.code.clone()))
        });
    let kinds = match old {
        Effect::Range { kinds, .. } | Effect::Movement { kinds, .. } => kinds.clone(),
        // The first type the side fields, so that the rule changes something (11.0).
        _ => vec![
            UnitKind::ALL
                .into_iter()
                .find(|k| the_side.is_some_and(|s| s.count(*k) > 0))
                .unwrap_or(UnitKind::MZ),
        ],
    };
    let marker = |fallback: MarkerKind| match old {
        Effect::NoMarkersIn { marker, .. }
        | Effect::MarkersAsDesired { marker, .. }
        | Effect::MarkersInLines { marker, .. } => *marker,
        _ => MarkerKind::ALL
            .into_iter()
            .find(|m| the_side.is_some_and(|s| s.markers(*m) > 0))
            .unwrap_or(fallback),
    };
    match to {
        EffectKind::TreatAsClear => Effect::TreatAsClear(zone),
        // The value is the one the rule prints; the rules give no default.
        EffectKind::Range => Effect::Range {
            side,
            kinds,
            range: 0,
        },
        EffectKind::Movement => Effect::Movement {
            side,
            kinds,
            movement: 0,
        },
        EffectKind::NoMovement => Effect::NoMovement { side, turns: 1 },
        EffectKind::RiverOnlyAtCrossings => Effect::RiverOnlyAtCrossings,
        EffectKind::ProximityDisruption => Effect::ProximityDisruption {
            side,
            distance: 1,
            of: zone,
        },
        EffectKind::NoMarkersIn => Effect::NoMarkersIn {
            side,
            marker: marker(MarkerKind::IP),
            zone,
        },
        // "with improved positions as desired" (11.8).
        EffectKind::MarkersAsDesired => Effect::MarkersAsDesired {
            side,
            marker: marker(MarkerKind::IP),
        },
        EffectKind::MarkersInLines => Effect::MarkersInLines {
            side,
            marker: marker(MarkerKind::Trench),
            lines: 1,
        },
        // The values of 11.17, the one scenario with limbers as counters, with its errata.
        EffectKind::LimberCounters => Effect::LimberCounters {
            side,
            movement: 5,
            combat_strength: 0,
            road_only: true,
            eliminated_when: LimberLoss::AloneAndEnemyMovesAdjacent,
        },
        EffectKind::RiverCrossing => Effect::RiverCrossing {
            side,
            counters: Vec::new(),
            at: zone,
        },
        EffectKind::Text => Effect::Text { why: String::new() },
    }
}

/// The effect combo and the chosen effect's fields, phrased as the rules phrase them.
fn effect_ui(
    ui: &mut Ui,
    id: Id,
    effect: &mut Effect,
    sides: &[Side],
    rules: &Ruleset,
    game_length: u32,
    cx: &mut ZoneCx<'_>,
) {
    let kind = effect.kind();
    let mut chosen = kind;
    ui.horizontal_wrapped(|ui| {
        ui.label("Effect");
        // Tall enough to list every effect without scrolling.
        let combo = egui::ComboBox::from_id_salt(id.with("kind"))
            .width(fit(ui, 220.0))
            .height(400.0);
        one_of(ui, combo, &mut chosen, EffectKind::ALL, |k| k.label()).accessible_name("Effect");
    });
    if chosen != kind {
        *effect = convert(effect, chosen, sides, cx.map);
    }
    let side_row = |ui: &mut Ui, side: &mut String, text: &str| {
        ui.horizontal_wrapped(|ui| {
            side_combo(ui, id.with("side"), "Side", side, sides, false);
            ui.label(text);
        });
    };
    match effect {
        Effect::TreatAsClear(zone) => {
            ui.label("Treat as clear terrain:");
            zone_ui(ui, id.with("zone"), zone, cx);
        }
        Effect::Range { side, kinds, range } => {
            side_row(ui, side, "units of the types ticked");
            kinds_ui(ui, kinds);
            ui.horizontal_wrapped(|ui| {
                ui.label("have a Range Allowance of");
                allowance(ui, range, "Range Allowance");
                ui.label("hexes");
            });
        }
        Effect::Movement {
            side,
            kinds,
            movement,
        } => {
            side_row(ui, side, "units of the types ticked");
            kinds_ui(ui, kinds);
            ui.horizontal_wrapped(|ui| {
                ui.label("have a Movement Allowance of");
                allowance(ui, movement, "Movement Allowance");
            });
        }
        Effect::NoMovement { side, turns } => {
            side_row(ui, side, "may not move");
            ui.horizontal_wrapped(|ui| {
                ui.label("for the first");
                turn_drag(ui, rules, turns, game_length);
                ui.label("Game-Turns");
            });
        }
        Effect::RiverOnlyAtCrossings => {
            ui.weak("Rivers may only be entered at bridges and fords.");
        }
        Effect::ProximityDisruption { side, distance, of } => {
            side_row(ui, side, "units that come within");
            ui.horizontal_wrapped(|ui| {
                allowance(ui, distance, "Distance in hexes");
                ui.label("hexes of");
            });
            zone_ui(ui, id.with("of"), of, cx);
            ui.label("are automatically disrupted.");
        }
        Effect::NoMarkersIn { side, marker, zone } => {
            side_row(ui, side, "may not place");
            ui.horizontal_wrapped(|ui| {
                marker_combo(ui, id.with("marker"), marker);
                ui.label("markers during deployment in");
            });
            zone_ui(ui, id.with("zone"), zone, cx);
        }
        Effect::MarkersAsDesired { side, marker } => {
            side_row(ui, side, "deploys with");
            ui.horizontal_wrapped(|ui| {
                marker_combo(ui, id.with("marker"), marker);
                ui.label("markers as desired (11.8)");
            });
        }
        Effect::MarkersInLines {
            side,
            marker,
            lines,
        } => {
            side_row(ui, side, "arranges its");
            ui.horizontal_wrapped(|ui| {
                marker_combo(ui, id.with("marker"), marker);
                ui.label("markers in");
                number(ui, lines, 1..=LONGEST_TURN_RECORD_TRACK, "Lines");
                ui.label("lines (11.12)");
            });
        }
        Effect::LimberCounters {
            side,
            movement,
            combat_strength,
            road_only,
            eliminated_when,
        } => {
            side_row(ui, side, "uses Limber markers as counters (11.17):");
            ui.horizontal_wrapped(|ui| {
                ui.label("Movement Allowance");
                allowance(ui, movement, "Movement Allowance");
                ui.label("Combat Strength");
                allowance(ui, combat_strength, "Combat Strength");
            });
            ui.checkbox(road_only, "placed on, and moving only along, road hexes");
            ui.horizontal_wrapped(|ui| {
                ui.label("eliminated");
                let combo = egui::ComboBox::from_id_salt(id.with("loss")).width(fit(ui, 220.0));
                let all = [
                    LimberLoss::EnemyAdjacent,
                    LimberLoss::AloneAndEnemyMovesAdjacent,
                ];
                one_of(ui, combo, eliminated_when, all, |l| loss_label(*l))
                    .accessible_name("Eliminated when");
            });
        }
        Effect::RiverCrossing { side, counters, at } => {
            side_row(ui, side, "may cross the river, with these counters:");
            counters_ui(ui, counters, "none ticked: all of the side's units");
            ui.label("only at");
            zone_ui(ui, id.with("at"), at, cx);
        }
        Effect::Text { why } => {
            ui.label("Why the vocabulary cannot say it");
            text_area(
                ui,
                why,
                "what is missing; the printed wording says the rule",
            );
        }
    }
}

/// When limbers die: 11.17 as printed, or its errata.
fn loss_label(l: LimberLoss) -> &'static str {
    match l {
        LimberLoss::EnemyAdjacent => "whenever an enemy unit is adjacent",
        LimberLoss::AloneAndEnemyMovesAdjacent => "only alone, when an enemy moves adjacent",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::test_support::{
        Form, choose, errors_under, harness_with, load, shown_without_change,
    };
    use egui_kittest::kittest::Queryable;
    use saber_schema::diagnostic::PathSeg;
    use saber_schema::model::counter::Counter;

    fn form(s: Scenario) -> egui_kittest::Harness<'static, Form> {
        harness_with(s, true, |ui, (s, picker, map)| {
            let mut cx = ZoneCx { map, picker };
            special_rules_ui(ui, Id::unique("rules"), s, &mut cx);
        })
    }

    #[test]
    fn every_effect_kind_can_be_chosen_and_its_default_checks_clean() {
        let map = saber_schema::builtin::rifle_and_saber();
        for kind in EffectKind::ALL {
            let mut s = load("07-gettysburg-little-round-top.ron");
            s.special_rules.clear();
            let mut h = form(s);
            h.get_by_label("+ Special rule").click();
            h.run();
            if kind != EffectKind::Text {
                choose(&mut h, "Free text", kind.label());
            }
            let s = &h.state().0;
            assert_eq!(s.special_rules[0].effect.kind(), kind);
            let prefix = [PathSeg::key("special_rules"), PathSeg::Index(0)];
            let errors = errors_under(s, &map, &prefix);
            assert!(errors.is_empty(), "{kind:?}: {errors:?}");
        }
    }

    #[test]
    fn changing_the_effect_keeps_side_zone_and_kinds() {
        let mut s = load("13-plevna-green-hills.ron");
        s.special_rules.truncate(1); // ProximityDisruption of H24 and H28 for the Russians
        let Effect::ProximityDisruption { of, .. } = s.special_rules[0].effect.clone() else {
            panic!("13 starts with ProximityDisruption");
        };
        let mut h = form(s);
        choose(
            &mut h,
            "Disrupted when near a place",
            "No markers in a zone",
        );
        let e = h.state().0.special_rules[0].effect.clone();
        let Effect::NoMarkersIn { side, zone, .. } = e else {
            panic!("NoMarkersIn: {e:?}");
        };
        assert_eq!(side, "russians");
        assert_eq!(zone, of);
        choose(&mut h, "No markers in a zone", "Range allowance");
        h.get_by_label("LB").click();
        h.run();
        choose(&mut h, "Range allowance", "Movement allowance");
        let Effect::Movement { side, kinds, .. } = &h.state().0.special_rules[0].effect else {
            panic!("Movement");
        };
        assert_eq!(side, "russians");
        assert!(kinds.contains(&UnitKind::LB), "{kinds:?}");
    }

    #[test]
    fn river_crossing_counters_and_limber_loss_are_edited() {
        let mut s = load("17-south-africa.ron");
        s.special_rules.truncate(2);
        let mut h = form(s);
        // Untick the Limber marker of the crossing rule: all units may cross at B14.
        h.get_by_label("Limber").click();
        h.run();
        let Effect::RiverCrossing { counters, .. } = &h.state().0.special_rules[1].effect else {
            panic!("RiverCrossing");
        };
        assert!(counters.is_empty());
        h.get_by_label("MR").click();
        h.run();
        let Effect::RiverCrossing { counters, .. } = &h.state().0.special_rules[1].effect else {
            panic!("RiverCrossing");
        };
        assert_eq!(counters, &[Counter::Unit(UnitKind::MR)]);
        choose(
            &mut h,
            "only alone, when an enemy moves adjacent",
            "whenever an enemy unit is adjacent",
        );
        let Effect::LimberCounters {
            eliminated_when, ..
        } = &h.state().0.special_rules[0].effect
        else {
            panic!("LimberCounters");
        };
        assert_eq!(*eliminated_when, LimberLoss::EnemyAdjacent);
    }

    #[test]
    fn rules_are_added_moved_and_removed() {
        let s = load("17-south-africa.ron");
        let before = s.special_rules.clone();
        let mut h = form(s);
        h.get_all_by_label("Down").next().unwrap().click();
        h.run();
        let after = &h.state().0.special_rules;
        assert_eq!(after[0], before[1]);
        assert_eq!(after[1], before[0]);
        h.get_all_by_label("Remove").next().unwrap().click();
        h.run();
        assert_eq!(h.state().0.special_rules.len(), before.len() - 1);
        assert_eq!(h.state().0.special_rules[0], before[0]);
    }

    #[test]
    fn showing_historical_rules_changes_nothing() {
        for file in [
            "08-gettysburg-picketts-charge.ron",
            "10-worth.ron",
            "12-plevna-grivitza.ron",
            "13-plevna-green-hills.ron",
            "17-south-africa.ron",
        ] {
            let s = load(file);
            let h = form(s.clone());
            shown_without_change(h, &s, file);
        }
    }

    #[test]
    fn a_picked_feature_lands_in_the_rule_zone() {
        let mut s = load("07-gettysburg-little-round-top.ron");
        s.special_rules.truncate(1);
        s.special_rules[0].effect = Effect::TreatAsClear(Zone::Feature("R3".into()));
        let mut h = form(s);
        h.get_by_label("Pick").click();
        h.run();
        let map = saber_schema::builtin::rifle_and_saber();
        let hex = map.features.iter().find(|f| f.code == "V4").unwrap().hexes[0];
        h.state_mut().1.click(hex, &map);
        h.run();
        assert_eq!(
            h.state().0.special_rules[0].effect,
            Effect::TreatAsClear(Zone::Feature("V4".into()))
        );
    }
}
