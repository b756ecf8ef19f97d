//! The victory conditions form (11.0): for each condition the side, the goal of any kind
//! (nested All/Any included), the outcome (wins, or graded by Game-Turn as at Shiloh, 11.6) and
//! the printed wording.

use egui::{Id, Ui};
use saber_schema::model::hex::Edge;
use saber_schema::model::limits;
use saber_schema::model::map::Map;
use saber_schema::model::scenario::Scenario;
use saber_schema::model::victory::{
    EITHER_SIDE, ExitCount, Goal, GoalKind, GradedResult, HoldHexes, Level, Outcome,
    Result as Award, VictoryCondition, When,
};
use saber_schema::model::zone::Zone;
use saber_schema::ruleset::{Ruleset, Terrain};

use crate::scenario::fields::{
    self, CounterWords, ListOp, SideName, allowance, beyond_hint, counters_ui, fit, level_combo,
    list_buttons, number, one_of, remove_button, side_combo, side_label, text_area, turn_on_track,
    warn,
};
use crate::scenario::zone_builder::{ZoneCx, ZoneWords, zone_ui};

/// Edit the scenario's victory conditions: add, remove, reorder, and every field of each.
pub fn victory_ui(ui: &mut Ui, id: Id, s: &mut Scenario, cx: &mut ZoneCx<'_>) {
    let d = Defaults::new(cx.map, s);
    let Scenario { sides, victory, .. } = s;
    conditions_ui(ui, id, sides, victory, &d, cx);
}

/// Edit the victory conditions of a scenario of another game whose goal language is the shared
/// [`VictoryCondition`] (Musket & Saber, 3.4): its own sides, and its turns, 1 to `game_length`
/// (`rule`: the section that counts them).
pub fn other_game_victory_ui<T: ZoneWords, C: CounterWords>(
    ui: &mut Ui,
    id: Id,
    sides: &[impl SideName],
    victory: &mut Vec<VictoryCondition<T, C>>,
    game_length: u32,
    rule: &'static str,
    cx: &mut ZoneCx<'_>,
) {
    let last_turn = game_length.max(1);
    let d = Defaults {
        feature: Zone::Everywhere,
        track: last_turn,
        track_rule: rule,
        last_turn,
    };
    conditions_ui(ui, id, sides, victory, &d, cx);
}

/// The list of conditions, with add, remove and reorder.
fn conditions_ui<T: ZoneWords, C: CounterWords>(
    ui: &mut Ui,
    id: Id,
    sides: &[impl SideName],
    victory: &mut Vec<VictoryCondition<T, C>>,
    d: &Defaults<T>,
    cx: &mut ZoneCx<'_>,
) {
    fields::sections(
        ui,
        id,
        victory,
        |v| format!("{}: {}", side_label(sides, &v.side), v.goal.kind().label()),
        |ui, vid, v| condition_ui(ui, vid, v, sides, d, cx),
        "+ Victory condition",
        || VictoryCondition {
            side: sides
                .first()
                .map_or_else(|| EITHER_SIDE.to_string(), |s| s.id().to_string()),
            goal: d.hold(),
            outcome: Outcome::Wins,
            printed: String::new(),
        },
    );
}

/// One condition's fields.
fn condition_ui<T: ZoneWords, C: CounterWords>(
    ui: &mut Ui,
    id: Id,
    v: &mut VictoryCondition<T, C>,
    sides: &[impl SideName],
    d: &Defaults<T>,
    cx: &mut ZoneCx<'_>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Side");
        side_combo(ui, id.with("side"), "Side", &mut v.side, sides, true);
    });
    goal_ui(ui, id.with("goal"), &mut v.goal, d, cx);
    outcome_ui(ui, id.with("outcome"), &mut v.outcome, &v.side, sides, d);
    ui.label("As printed");
    text_area(ui, &mut v.printed, "the condition as printed in the rules");
    // Its hexes said as the map prints them, as the zone's own words are.
    let mut shown = v.goal.clone();
    shown.map_hexes(&mut |c| cx.map.grid.numbering.to_printed(c));
    ui.weak(shown.describe());
}

/// Valid starting values for new goals on this map and game length.
struct Defaults<T = Terrain> {
    /// The scenario's objective (see [`objective`]).
    feature: Zone<T>,
    /// The spaces of the game's turns (R&S: the Turn Record Track's 20).
    track: u32,
    /// The section that says so.
    track_rule: &'static str,
    /// The game's last Game-Turn.
    last_turn: u32,
}

/// The feature a new goal starts on: a village or hill the scenario already names (in its
/// zones, goals or rules), else the map's first village or hill, else its first feature (or
/// anywhere, on a map without features). Never a river or road that merely comes first.
fn objective(map: &Map, s: &Scenario) -> Zone {
    fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(o) => {
                for (k, x) in o {
                    if k == "Feature"
                        && let Some(code) = x.as_str()
                    {
                        out.push(code.to_string());
                    }
                    walk(x, out);
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let mut named = Vec::new();
    if let Ok(v) = serde_json::to_value(s) {
        walk(&v, &mut named);
    }
    let objective_letter = |code: &str| code.starts_with('V') || code.starts_with('H');
    let on_map = |code: &String| map.feature(code).is_some();
    named
        .iter()
        .filter(|c| on_map(c))
        .find(|c| objective_letter(c))
        .cloned()
        .or_else(|| {
            map.features
                .iter()
                .find(|f| objective_letter(&f.code))
                .map(|f| f.code.clone())
        })
        .or_else(|| map.features.first().map(|f| f.code.clone()))
        .map_or(Zone::Everywhere, Zone::Feature)
}

impl Defaults {
    fn new(map: &Map, s: &Scenario) -> Defaults {
        let rules: &Ruleset = s.rules();
        Defaults {
            feature: objective(map, s),
            track: rules.turn_record_track,
            track_rule: "15.0",
            last_turn: s.game_length.clamp(1, rules.turn_record_track),
        }
    }
}

impl<T: Clone> Defaults<T> {
    /// Hold the scenario's objective at the end of the game.
    fn hold<C>(&self) -> Goal<T, C> {
        Goal::Hold {
            target: self.feature.clone(),
            hexes: HoldHexes::Any,
            when: When::EndOfGame,
            no_enemy_within: None,
        }
    }
}

/// `old` turned into a goal of kind `to`, keeping what carries over: the place (a hold's
/// target, an exit's hexes), the Game-Turn, the sub-goals of All/Any, the wording as text.
fn convert<T: ZoneWords, C: CounterWords>(
    old: &Goal<T, C>,
    to: GoalKind,
    d: &Defaults<T>,
) -> Goal<T, C> {
    if let Goal::All(gs) | Goal::Any(gs) = old {
        match (to, gs.first()) {
            (GoalKind::All, _) => return Goal::All(gs.clone()),
            (GoalKind::Any, _) => return Goal::Any(gs.clone()),
            (_, Some(first)) => return convert(first, to, d),
            (_, None) => {}
        }
    }
    let place = match old {
        Goal::Hold { target, .. } => Some(target.clone()),
        Goal::Exit { via, .. } => Some(via.clone()),
        _ => None,
    };
    let when = match old {
        Goal::Hold { when, .. } | Goal::ControlEnemySetup { when } => Some(when.clone()),
        Goal::Exit { by_turn, .. } => Some(When::ByEndOfTurn(*by_turn)),
        _ => None,
    };
    let turn = match when {
        Some(When::EndOfTurn(t) | When::ByEndOfTurn(t)) => Some(t),
        _ => None,
    };
    match to {
        GoalKind::Hold => Goal::Hold {
            target: place.unwrap_or_else(|| d.feature.clone()),
            hexes: HoldHexes::Any,
            when: when.unwrap_or(When::EndOfGame),
            no_enemy_within: None,
        },
        GoalKind::DestroyAll => Goal::DestroyAll,
        GoalKind::Exit => Goal::Exit {
            count: ExitCount::AtLeast(1),
            counters: Vec::new(),
            // Units leave by edge hexes (VIC001): a held place is no exit, so a goal turned
            // into an exit starts on an edge.
            via: match old {
                Goal::Exit { via, .. } => via.clone(),
                _ => Zone::Edge(Edge::North),
            },
            by_turn: turn.unwrap_or(d.last_turn),
        },
        GoalKind::ControlEnemySetup => Goal::ControlEnemySetup {
            when: when.unwrap_or(When::ByEndOfTurn(d.last_turn)),
        },
        GoalKind::LossesNoMoreThanEnemy => Goal::LossesNoMoreThanEnemy,
        GoalKind::All => Goal::All(vec![old.clone()]),
        GoalKind::Any => Goal::Any(vec![old.clone()]),
        GoalKind::Text => Goal::Text {
            text: old.describe(),
            why: String::new(),
        },
    }
}

/// Edit a goal of any kind; All/Any recurse into their sub-goals.
fn goal_ui<T: ZoneWords, C: CounterWords>(
    ui: &mut Ui,
    id: Id,
    goal: &mut Goal<T, C>,
    d: &Defaults<T>,
    cx: &mut ZoneCx<'_>,
) {
    let kind = goal.kind();
    let mut chosen = kind;
    ui.horizontal_wrapped(|ui| {
        ui.label("Goal");
        let combo = egui::ComboBox::from_id_salt(id.with("kind")).width(fit(ui, 220.0));
        one_of(ui, combo, &mut chosen, GoalKind::ALL, |k| k.label()).accessible_name("Goal");
    });
    if chosen != kind {
        *goal = convert(goal, chosen, d);
    }
    match goal {
        Goal::Hold {
            target,
            hexes,
            when,
            no_enemy_within,
        } => hold_ui(ui, id, target, hexes, when, no_enemy_within, d, cx),
        Goal::DestroyAll => {
            ui.weak("Every unit of the other side eliminated.");
        }
        Goal::Exit {
            count,
            counters,
            via,
            by_turn,
        } => {
            exit_count_ui(ui, id.with("count"), count);
            counters_ui(ui, counters, "none ticked: any unit counts");
            ui.label("off the map through");
            zone_ui(ui, id.with("via"), via, cx);
            ui.horizontal_wrapped(|ui| {
                ui.label("by the end of Game-Turn");
                turn_on_track(ui, d.track, d.track_rule, by_turn, d.last_turn);
            });
        }
        Goal::ControlEnemySetup { when } => {
            ui.horizontal_wrapped(|ui| when_ui(ui, id.with("when"), when, d));
            ui.weak("The hexes the enemy deployed in (11.14, 11.15).");
        }
        Goal::LossesNoMoreThanEnemy => {
            ui.weak("Counted at the end of the game (11.9, 11.17).");
        }
        Goal::All(goals) | Goal::Any(goals) => {
            let mut op = None;
            let len = goals.len();
            for (j, g) in goals.iter_mut().enumerate() {
                let gid = id.with(("sub", j));
                ui.group(|ui| {
                    goal_ui(ui, gid, g, d, cx);
                    // An All/Any needs at least one goal (its schema).
                    ui.horizontal_wrapped(|ui| list_buttons(ui, j, len, 1, &mut op));
                });
            }
            if let Some(op) = op {
                op.apply(goals);
            }
            if ui.button("+ Goal").clicked() {
                goals.push(d.hold());
            }
        }
        Goal::Text { text, why } => {
            text_area(ui, text, "the goal, in words");
            ui.label("Why the vocabulary cannot say it");
            text_area(ui, why, "what is missing");
        }
    }
}

/// Which `When` a combo entry stands for.
const WHEN_LABELS: [&str; 5] = [
    "at the end of the game",
    "at the end of Game-Turn",
    "by the end of Game-Turn",
    "at the end of any one Game-Turn",
    "for consecutive Game-Turns:",
];

fn when_index(w: &When) -> usize {
    match w {
        When::EndOfGame => 0,
        When::EndOfTurn(_) => 1,
        When::ByEndOfTurn(_) => 2,
        When::AnyTurn => 3,
        When::ConsecutiveTurns(_) => 4,
    }
}

/// "at the end of Game-Turn [n]" (then only) or "by the end of Game-Turn [n]" (any turn up to
/// it), at the end of the game, any one turn, or consecutive turns.
fn when_ui<T>(ui: &mut Ui, id: Id, when: &mut When, d: &Defaults<T>) {
    let old = when_index(when);
    let mut chosen = old;
    let combo = egui::ComboBox::from_id_salt(id).width(fit(ui, 200.0));
    one_of(ui, combo, &mut chosen, 0..WHEN_LABELS.len(), |i| {
        WHEN_LABELS[*i]
    })
    .accessible_name("When");
    if chosen != old {
        *when = match chosen {
            0 => When::EndOfGame,
            1 => When::EndOfTurn(d.last_turn),
            2 => When::ByEndOfTurn(d.last_turn),
            3 => When::AnyTurn,
            // Little Round Top's "two consecutive Game-Turns" (11.7).
            _ => When::ConsecutiveTurns(2.min(d.last_turn)),
        };
    }
    match when {
        When::EndOfTurn(t) | When::ByEndOfTurn(t) => {
            turn_on_track(ui, d.track, d.track_rule, t, d.last_turn)
        }
        When::ConsecutiveTurns(n) => {
            number(ui, n, 1..=d.track, "Consecutive Game-Turns");
            beyond_hint(ui, *n, d.last_turn);
        }
        When::EndOfGame | When::AnyTurn => {}
    }
}

/// The fields of a Hold goal: "hold [any hex / all hexes] of <zone> <when>, with no enemy unit
/// within [n] hexes" (11.0, 11.3).
#[allow(clippy::too_many_arguments)]
fn hold_ui<T: ZoneWords>(
    ui: &mut Ui,
    id: Id,
    target: &mut Zone<T>,
    hexes: &mut HoldHexes,
    when: &mut When,
    no_enemy_within: &mut Option<u32>,
    d: &Defaults<T>,
    cx: &mut ZoneCx<'_>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label("hold");
        let combo = egui::ComboBox::from_id_salt(id.with("hexes"));
        let all = [HoldHexes::Any, HoldHexes::All];
        one_of(ui, combo, hexes, all, |h| match h {
            HoldHexes::Any => "any hex of",
            HoldHexes::All => "all hexes of",
        })
        .accessible_name("Which hexes");
    });
    zone_ui(ui, id.with("target"), target, cx);
    ui.horizontal_wrapped(|ui| when_ui(ui, id.with("when"), when, d));
    ui.horizontal_wrapped(|ui| {
        let mut on = no_enemy_within.is_some();
        if ui.checkbox(&mut on, "no enemy unit within").changed() {
            *no_enemy_within = on.then_some(1);
        }
        if let Some(n) = no_enemy_within {
            allowance(ui, n, "Hexes free of enemy units");
            ui.label("hexes");
        }
    });
}

/// "at least [n]" / "[num]/[den] of the side's units" / "all surviving" / "every one".
fn exit_count_ui(ui: &mut Ui, id: Id, count: &mut ExitCount) {
    ui.horizontal_wrapped(|ui| {
        ui.label("exit");
        let old = match count {
            ExitCount::AtLeast(_) => 0,
            ExitCount::Fraction { .. } => 1,
            ExitCount::EverySurvivor => 2,
            ExitCount::EveryCounter => 3,
        };
        // "all surviving" (11.9: losses are counted apart) or "every one" (11.17: losing one
        // fails the exit).
        let labels = ["at least", "a fraction", "all surviving", "every one"];
        let mut chosen = old;
        let combo = egui::ComboBox::from_id_salt(id).width(fit(ui, 90.0));
        one_of(ui, combo, &mut chosen, 0..labels.len(), |i| labels[*i]).accessible_name("How many");
        if chosen != old {
            *count = match chosen {
                0 => ExitCount::AtLeast(1),
                1 => ExitCount::Fraction { num: 1, den: 3 },
                2 => ExitCount::EverySurvivor,
                _ => ExitCount::EveryCounter,
            };
        }
        match count {
            ExitCount::AtLeast(n) => {
                number(ui, n, 1..=limits::MAX_UNITS_PER_SIDE, "How many units");
            }
            ExitCount::Fraction { num, den } => {
                number(ui, num, 1..=limits::MAX_FRACTION_TERM, "Numerator");
                ui.label("/");
                number(ui, den, 1..=limits::MAX_FRACTION_TERM, "Denominator");
                ui.label("of the side's units");
            }
            ExitCount::EverySurvivor | ExitCount::EveryCounter => {}
        }
    });
}

/// The outcome: the side wins, or a ladder of results by Game-Turn (11.6).
fn outcome_ui<T>(
    ui: &mut Ui,
    id: Id,
    outcome: &mut Outcome,
    side: &str,
    sides: &[impl SideName],
    d: &Defaults<T>,
) {
    let graded = matches!(outcome, Outcome::Graded { .. });
    let mut chosen = graded;
    ui.horizontal_wrapped(|ui| {
        ui.label("Outcome");
        egui::ComboBox::from_id_salt(id.with("kind"))
            .selected_text(if graded {
                "Graded by Game-Turn"
            } else {
                "Wins"
            })
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut chosen, false, "Wins")
                    .on_hover_text("the side wins if it achieves the goal");
                ui.selectable_value(&mut chosen, true, "Graded by Game-Turn")
                    .on_hover_text("the result depends on the Game-Turn by which it is achieved");
            })
            .response
            .accessible_name("Outcome");
    });
    if chosen != graded {
        *outcome = if chosen {
            first_ladder(side, sides, d)
        } else {
            Outcome::Wins
        };
    }
    let Outcome::Graded { by_turn, otherwise } = outcome else {
        return;
    };
    let mut op: Option<ListOp> = None;
    let len = by_turn.len();
    let mut previous = 0;
    for (r, rung) in by_turn.iter_mut().enumerate() {
        let rid = id.with(("rung", r));
        ui.horizontal_wrapped(|ui| {
            ui.label("by Game-Turn");
            turn_on_track(ui, d.track, d.track_rule, &mut rung.turn, d.last_turn);
            side_combo(
                ui,
                rid.with("winner"),
                "Winner",
                &mut rung.result.winner,
                sides,
                false,
            );
            level_combo(ui, rid.with("level"), "Level", &mut rung.result.level);
            // A ladder needs at least one rung (its schema).
            remove_button(ui, r, len > 1, &mut op);
        });
        if rung.turn <= previous {
            warn(ui, format!("must come after Game-Turn {previous} (11.0)"));
        }
        previous = rung.turn;
    }
    if let Some(op) = op {
        op.apply(by_turn);
    }
    if ui.button("+ Rung").clicked()
        && let Some(last) = by_turn.last().cloned()
    {
        by_turn.push(GradedResult {
            turn: (last.turn + 1).min(d.track),
            result: last.result,
        });
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("otherwise");
        side_combo(
            ui,
            id.with("otherwise"),
            "Winner otherwise",
            &mut otherwise.winner,
            sides,
            false,
        );
        level_combo(
            ui,
            id.with("otherwise-level"),
            "Level otherwise",
            &mut otherwise.level,
        );
    });
}

/// A first ladder: the side wins by the last Game-Turn, otherwise the other side wins.
fn first_ladder<T>(side: &str, sides: &[impl SideName], d: &Defaults<T>) -> Outcome {
    let winner = sides
        .iter()
        .find(|s| s.id() == side)
        .or(sides.first())
        .map(|s| s.id().to_string())
        .unwrap_or_default();
    let other = sides
        .iter()
        .find(|s| s.id() != winner)
        .map_or_else(|| winner.clone(), |s| s.id().to_string());
    Outcome::Graded {
        by_turn: vec![GradedResult {
            turn: d.last_turn,
            result: Award {
                winner,
                level: Level::Marginal,
            },
        }],
        otherwise: Award {
            winner: other,
            level: Level::Marginal,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::fields::level_name;
    use crate::scenario::test_support::{
        Form, choose, choose_in, errors_under, harness_with, load, shown_without_change,
    };
    use egui_kittest::kittest::Queryable;
    use saber_schema::diagnostic::PathSeg;

    fn form(s: Scenario) -> egui_kittest::Harness<'static, Form> {
        harness_with(s, true, |ui, (s, picker, map)| {
            let mut cx = ZoneCx { map, picker };
            victory_ui(ui, Id::unique("victory"), s, &mut cx);
        })
    }

    #[test]
    fn a_hold_condition_is_built_from_nothing_with_the_picker() {
        let mut s = load("07-gettysburg-little-round-top.ron");
        s.victory.clear();
        let mut h = form(s);
        h.get_by_label("+ Victory condition").click();
        h.run();
        let map = saber_schema::builtin::rifle_and_saber();
        let prefix = [PathSeg::key("victory"), PathSeg::Index(0)];
        // Little Round Top's zones name H26 (its hill); the map's first feature is a river.
        assert!(map.features[0].code.starts_with('R'));
        let Goal::Hold { target, when, .. } = &h.state().0.victory[0].goal else {
            panic!("a new condition is a Hold")
        };
        assert_eq!(*when, When::EndOfGame);
        let Zone::Feature(code) = target else {
            panic!("on a feature: {target:?}")
        };
        assert_eq!(
            code, "H26",
            "a new condition holds the scenario's objective"
        );
        assert_eq!(errors_under(&h.state().0, &map, &prefix), []);
        // A new condition is a valid Hold; choose another kind and Hold again, as a user would.
        choose(&mut h, "Hold", "Destroy all enemy units");
        assert_eq!(h.state().0.victory[0].goal, Goal::DestroyAll);
        choose(&mut h, "Destroy all enemy units", "Hold");
        choose(&mut h, "at the end of the game", "at the end of Game-Turn");
        h.get_by_role(egui::Role::SpinButton)
            .set_value_accesskit(7.0);
        h.run();
        h.get_by_label("Pick").click();
        h.run();
        let v5 = map.features.iter().find(|f| f.code == "V5").unwrap().hexes[0];
        assert!(h.state_mut().1.click(v5, &map).unwrap().contains("V5"));
        h.run();
        h.run();
        let v = &h.state().0.victory[0];
        assert_eq!(v.side, "union");
        assert_eq!(
            v.goal,
            Goal::Hold {
                target: Zone::Feature("V5".into()),
                hexes: HoldHexes::Any,
                when: When::EndOfTurn(7),
                no_enemy_within: None,
            }
        );
        assert_eq!(v.outcome, Outcome::Wins);
    }

    #[test]
    fn a_condition_becomes_graded_and_gains_rungs() {
        let mut s = load("07-gettysburg-little-round-top.ron");
        s.game_length = 10;
        s.victory[0].side = "confederates".into();
        let mut h = form(s);
        choose(&mut h, "Wins", "Graded by Game-Turn");
        h.get_by_label("+ Rung").click();
        h.run();
        h.get_by_label("+ Rung").click();
        h.run();
        let Outcome::Graded { by_turn, otherwise } = &h.state().0.victory[0].outcome else {
            panic!("graded");
        };
        // The side wins by the last turn, otherwise the other side; each rung a turn later.
        let turns: Vec<u32> = by_turn.iter().map(|r| r.turn).collect();
        assert_eq!(turns, [10, 11, 12]);
        assert!(by_turn.iter().all(|r| r.result.winner == "confederates"));
        assert_eq!(otherwise.winner, "union");
        assert_eq!(
            h.get_all_by_value("Marginal").count(),
            4,
            "three rungs and otherwise"
        );
        assert_eq!(
            h.query_all_by_label_contains("after the last Game-Turn (10)")
                .count(),
            2
        );
        // The first rung becomes Decisive.
        let before = h.state().0.victory[0].outcome.clone();
        h.get_all_by(|n| {
            n.role() == egui::Role::ComboBox && n.value().as_deref() == Some("Marginal")
        })
        .next()
        .unwrap()
        .click();
        h.run();
        h.get_all_by_role_and_label(egui::Role::Button, "Decisive")
            .last()
            .unwrap()
            .click();
        h.run();
        let Outcome::Graded { by_turn, .. } = &h.state().0.victory[0].outcome else {
            panic!("graded");
        };
        assert_ne!(h.state().0.victory[0].outcome, before);
        assert_eq!(by_turn[0].result.level, Level::Decisive);
    }

    #[test]
    fn rungs_follow_the_previous_one_and_take_every_level() {
        let mut s = load("06-shiloh.ron");
        s.game_length = 10;
        let mut h = form(s);
        h.get_by_label("+ Rung").click();
        h.run();
        let Outcome::Graded { by_turn, .. } = &h.state().0.victory[0].outcome else {
            panic!("graded");
        };
        assert_eq!(by_turn.len(), 7);
        assert_eq!(by_turn[6].turn, 11, "one after the last rung");
        assert!(
            h.query_by_label_contains("after the last Game-Turn (10)")
                .is_some()
        );
        for level in [
            "Marginal",
            "Tactical",
            "Moderate",
            "Substantive",
            "Decisive",
        ] {
            choose_in(&mut h, "Level otherwise", level);
            let Outcome::Graded { otherwise, .. } = &h.state().0.victory[0].outcome else {
                panic!("graded");
            };
            assert_eq!(level_name(otherwise.level), level);
        }
    }

    #[test]
    fn every_goal_kind_can_be_chosen_and_its_default_checks_clean() {
        let map = saber_schema::builtin::rifle_and_saber();
        for kind in GoalKind::ALL {
            let mut s = load("07-gettysburg-little-round-top.ron");
            s.victory[0].outcome = Outcome::Wins;
            // A named side, so that the checks of exits and set-up positions apply.
            s.victory[0].side = "union".into();
            let mut h = form(s);
            if kind != GoalKind::Hold {
                choose(&mut h, "Hold", kind.label());
            } else {
                choose(&mut h, "Hold", "Free text");
                choose(&mut h, "Free text", "Hold");
            }
            let s = &h.state().0;
            assert_eq!(s.victory[0].goal.kind(), kind);
            let prefix = [PathSeg::key("victory"), PathSeg::Index(0)];
            let errors = errors_under(s, &map, &prefix);
            assert!(errors.is_empty(), "{kind:?}: {errors:?}");
        }
    }

    #[test]
    fn a_new_kind_keeps_the_place_and_the_turn() {
        let d: Defaults = Defaults {
            track: saber_schema::ruleset::for_game(None).turn_record_track,
            track_rule: "15.0",
            feature: Zone::Feature("R1".into()),
            last_turn: 10,
        };
        let hold: Goal = Goal::Hold {
            target: Zone::Feature("V5".into()),
            hexes: HoldHexes::All,
            when: When::EndOfTurn(7),
            no_enemy_within: Some(3),
        };
        // A held place is no exit (units leave by edge hexes, VIC001): the exit starts on an
        // edge and keeps the turn.
        let exit = convert(&hold, GoalKind::Exit, &d);
        assert_eq!(
            exit,
            Goal::Exit {
                count: ExitCount::AtLeast(1),
                counters: vec![],
                via: Zone::Edge(Edge::North),
                by_turn: 7,
            }
        );
        let back = convert(&hold, GoalKind::ControlEnemySetup, &d);
        assert_eq!(
            back,
            Goal::ControlEnemySetup {
                when: When::EndOfTurn(7)
            }
        );
        let back = convert(&exit, GoalKind::Hold, &d);
        let Goal::Hold { target, when, .. } = &back else {
            panic!("hold");
        };
        assert_eq!(
            (target, when),
            // An exit "by" a turn comes back as a hold by the end of that turn, on its edge.
            (&Zone::Edge(Edge::North), &When::ByEndOfTurn(7))
        );
        let any = convert(&back, GoalKind::Any, &d);
        assert_eq!(any, Goal::Any(vec![back.clone()]));
        assert_eq!(
            convert(&any, GoalKind::All, &d),
            Goal::All(vec![back.clone()])
        );
        assert_eq!(
            convert(&any, GoalKind::ControlEnemySetup, &d),
            Goal::ControlEnemySetup {
                when: When::ByEndOfTurn(7)
            }
        );
        let Goal::Text { text, .. } = convert(
            &Goal::<_, saber_schema::model::counter::Counter>::DestroyAll,
            GoalKind::Text,
            &d,
        ) else {
            panic!("text");
        };
        assert_eq!(text, "destroy all enemy units");
    }

    #[test]
    fn nested_goals_are_edited_in_place() {
        let mut s = load("07-gettysburg-little-round-top.ron");
        s.victory[0].goal = Goal::Any(vec![Goal::DestroyAll]);
        let mut h = form(s);
        h.get_by_label("+ Goal").click();
        h.run();
        choose(&mut h, "Destroy all enemy units", "All of these goals");
        let Goal::Any(gs) = &h.state().0.victory[0].goal else {
            panic!("any");
        };
        assert_eq!(gs.len(), 2);
        assert_eq!(gs[0], Goal::All(vec![Goal::DestroyAll]));
        assert!(matches!(gs[1], Goal::Hold { .. }));
    }

    #[test]
    fn showing_historical_conditions_changes_nothing() {
        for file in [
            "06-shiloh.ron",
            "07-gettysburg-little-round-top.ron",
            "08-gettysburg-picketts-charge.ron",
            "11-mars-la-tour.ron",
            "17-south-africa.ron",
        ] {
            let s = load(file);
            let h = form(s.clone());
            shown_without_change(h, &s, file);
        }
    }
}
