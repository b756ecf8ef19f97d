//! The scenario header form: id, rule number, name, date, portion, who deploys and moves first
//! (11.0, 3.0), and the game length drawn on the Turn Record Track (15.0) with the turns on
//! which groups arrive and victory is judged.

use egui::{Align2, Color32, FontId, Id, Role, Sense, Stroke, StrokeKind, Ui, vec2};
use saber_schema::model::scenario::{CounterColor, Entry, Scenario};
use saber_schema::model::victory::{Goal, Outcome, When};

use crate::scenario::fields::{form_rows, level_name, number, side_combo, side_label, warn};

/// Edit the scenario's header fields and show its Turn Record Track.
pub fn header_ui(ui: &mut Ui, id: Id, s: &mut Scenario) {
    form_rows(ui, id.with("grid"), |f| {
        f.row("Id", |ui| {
            // As wide as the panel, as the name is: an id like
            // `gettysburg-little-round-top` was cut off at 160 px.
            ui.add(
                egui::TextEdit::singleline(&mut s.id)
                    .id_salt(id.with("id"))
                    .hint_text("fatehpur")
                    .desired_width(f32::INFINITY),
            );
            if !is_id(&s.id) {
                warn(ui, "lower-case letters, digits, - and _");
            }
        });
        f.row("Rule", |ui| {
            ui.horizontal_wrapped(|ui| {
                optional_text(
                    ui,
                    id.with("rule"),
                    &mut s.rule,
                    "11.7, or none (11.18)",
                    80.0,
                );
                if s.rule.as_deref().is_some_and(|r| !is_rule(r)) {
                    warn(ui, "a scenario rule is 11.N");
                }
            })
        });
        f.row("Name", |ui| {
            ui.add(
                egui::TextEdit::singleline(&mut s.name)
                    .id_salt(id.with("name"))
                    .hint_text("Fatehpur"),
            )
        });
        f.row("Date", |ui| {
            ui.add(
                egui::TextEdit::singleline(&mut s.date)
                    .id_salt(id.with("date"))
                    .hint_text("7 July 1857"),
            )
        });
        f.row("Portion", |ui| {
            optional_text(
                ui,
                id.with("portion"),
                &mut s.portion,
                "the whole battle",
                f32::INFINITY,
            )
        });
        f.row("Deploys first", |ui| {
            side_combo(
                ui,
                id.with("deploys"),
                "Deploys first",
                &mut s.deploys_first,
                &s.sides,
                false,
            )
        });
        f.row("Moves first", |ui| {
            side_combo(
                ui,
                id.with("moves"),
                "Moves first",
                &mut s.moves_first,
                &s.sides,
                false,
            )
        });
        f.row("Game length", |ui| {
            ui.horizontal_wrapped(|ui| {
                let track = s.rules().turn_record_track;
                number(ui, &mut s.game_length, 1..=track, "Game length").on_hover_text(format!(
                    "at most the {track} spaces of the Turn Record Track (15.0)"
                ));
                ui.label("Game-Turns");
            })
        });
    });
    turn_track_ui(ui, s);
}

/// A text field for an optional value: empty means none.
fn optional_text(ui: &mut Ui, id: Id, value: &mut Option<String>, hint: &str, width: f32) {
    let mut text = value.clone().unwrap_or_default();
    let r = ui.add(
        egui::TextEdit::singleline(&mut text)
            .id_salt(id)
            .hint_text(hint)
            .desired_width(width),
    );
    if r.changed() {
        *value = (!text.is_empty()).then_some(text);
    }
}

/// The id pattern of the scenario format: `^[a-z0-9][a-z0-9_-]{0,63}$`.
fn is_id(id: &str) -> bool {
    let ok = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
    id.len() <= 64
        && id.chars().next().is_some_and(ok)
        && id.chars().all(|c| ok(c) || c == '-' || c == '_')
}

/// The scenario rules are numbered 11.1 to 11.18 (`^11\.[0-9]{1,2}$`).
fn is_rule(rule: &str) -> bool {
    rule.strip_prefix("11.")
        .is_some_and(|n| (1..=2).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Something that happens on a Game-Turn, as the track shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnEvent {
    /// The Game-Turn.
    pub turn: u32,
    /// What happens, in words.
    pub text: String,
    /// The arriving side's colour and initial; `None` for a victory turn.
    pub arrival: Option<(CounterColor, char)>,
}

/// The arrivals of groups (Entry::Arrive) and the turns by which victory goals must be met
/// (EndOfTurn, by_turn, the rungs of a graded outcome), in scenario order.
pub fn turn_events(s: &Scenario) -> Vec<TurnEvent> {
    let mut out = Vec::new();
    for side in &s.sides {
        let initial = side
            .name
            .chars()
            .next()
            .map_or('?', |c| c.to_ascii_uppercase());
        for g in &side.groups {
            if let Entry::Arrive { turn, at } = &g.entry {
                out.push(TurnEvent {
                    turn: *turn,
                    text: format!(
                        "{} ({}) arrive at {}: {}",
                        side.name,
                        g.id,
                        at.describe(),
                        g.notation()
                    ),
                    arrival: Some((side.color, initial)),
                });
            }
        }
    }
    for v in &s.victory {
        let who = side_label(&s.sides, &v.side);
        v.goal.visit(&mut |g| {
            let turn = match g {
                Goal::Hold {
                    when: When::EndOfTurn(t) | When::ByEndOfTurn(t),
                    ..
                }
                | Goal::ControlEnemySetup {
                    when: When::EndOfTurn(t) | When::ByEndOfTurn(t),
                } => Some(*t),
                Goal::Exit { by_turn, .. } => Some(*by_turn),
                _ => None,
            };
            if let Some(turn) = turn {
                out.push(TurnEvent {
                    turn,
                    text: format!("victory: {who} must {}", g.describe()),
                    arrival: None,
                });
            }
        });
        if let Outcome::Graded { by_turn, .. } = &v.outcome {
            for rung in by_turn {
                out.push(TurnEvent {
                    turn: rung.turn,
                    text: format!(
                        "victory: {} {} if {who} achieve it by now",
                        side_label(&s.sides, &rung.result.winner),
                        level_name(rung.result.level)
                    ),
                    arrival: None,
                });
            }
        }
    }
    out
}

/// The mark of a victory turn on the track.
const VICTORY_COLOR: Color32 = Color32::from_rgb(200, 150, 20);

/// The 20 spaces of the Turn Record Track (15.0): those within the game filled, arrivals marked
/// with the side's colour and initial, victory turns with a gold diamond; hovering a space says what
/// happens on that turn.
fn turn_track_ui(ui: &mut Ui, s: &Scenario) {
    let events = turn_events(s);
    ui.label("Turn Record Track (15.0)");
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = vec2(2.0, 2.0);
        for turn in 1..=s.rules().turn_record_track {
            let here: Vec<&TurnEvent> = events.iter().filter(|e| e.turn == turn).collect();
            let in_game = turn <= s.game_length;
            let (rect, response) = ui.allocate_exact_size(vec2(31.0, 34.0), Sense::hover());
            let visuals = ui.visuals();
            let painter = ui.painter();
            let fill = if in_game {
                visuals.selection.bg_fill.gamma_multiply(0.45)
            } else {
                Color32::TRANSPARENT
            };
            painter.rect(
                rect,
                2.0,
                fill,
                Stroke::new(1.0, visuals.text_color()),
                StrokeKind::Inside,
            );
            painter.text(
                rect.left_top() + vec2(3.0, 2.0),
                Align2::LEFT_TOP,
                turn.to_string(),
                FontId::proportional(11.0),
                visuals.text_color(),
            );
            let mut arrivals: Vec<(CounterColor, char)> =
                here.iter().filter_map(|e| e.arrival).collect();
            arrivals.dedup();
            for (k, (color, initial)) in arrivals.iter().enumerate() {
                let center = rect.left_bottom() + vec2(8.0 + 12.0 * k as f32, -8.0);
                painter.circle_filled(center, 6.0, crate::scenario::sides::side_color(*color));
                painter.text(
                    center,
                    Align2::CENTER_CENTER,
                    initial.to_string(),
                    FontId::proportional(9.0),
                    Color32::WHITE,
                );
            }
            if here.iter().any(|e| e.arrival.is_none()) {
                // A gold diamond: the turn by which a victory goal must be met.
                let c = rect.right_top() + vec2(-8.0, 8.0);
                painter.add(egui::Shape::convex_polygon(
                    vec![
                        c + vec2(0.0, -5.0),
                        c + vec2(5.0, 0.0),
                        c + vec2(0.0, 5.0),
                        c + vec2(-5.0, 0.0),
                    ],
                    VICTORY_COLOR,
                    Stroke::NONE,
                ));
            }
            let mut summary = format!("Game-Turn {turn}");
            if !in_game {
                summary.push_str(" (after the game ends)");
            }
            if here.is_empty() {
                summary.push_str(if in_game { ": nothing scheduled" } else { "" });
            } else {
                summary.push(':');
                for e in &here {
                    summary.push_str("\n• ");
                    summary.push_str(&e.text);
                }
            }
            response.widget_info(|| egui::WidgetInfo::labeled(Role::ListItem, true, &summary));
            response.on_hover_text(summary);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::test_support::{
        Form, choose, harness_with, load, painted_texts, shown_without_change,
    };
    use egui_kittest::kittest::{NodeT, Queryable};

    fn form(s: Scenario) -> egui_kittest::Harness<'static, Form> {
        harness_with(s, false, |ui, (s, _, _)| {
            header_ui(ui, Id::unique("header"), s)
        })
    }

    #[test]
    fn the_track_marks_magentas_arrival_on_turn_4() {
        let s = load("04-magenta.ron");
        let mut h = form(s);
        let space = h.get_by_label_contains("Game-Turn 4:");
        let label = space.accesskit_node().label().unwrap_or_default();
        assert!(
            label.contains("Austrians (b) arrive at"),
            "turn 4 says: {label}"
        );
        space.hover();
        h.run();
        let texts = painted_texts(&h);
        assert!(
            texts.iter().any(|t| t == "A"),
            "the Austrian initial: {texts:?}"
        );
        assert!(
            texts.iter().any(|t| t.contains("Austrians (b) arrive at")),
            "the tooltip: {texts:?}"
        );
        // Magenta lasts 10 turns: turn 11 is empty and outside the game.
        assert!(
            h.query_by_label("Game-Turn 11 (after the game ends)")
                .is_some()
        );
    }

    #[test]
    fn the_track_marks_shilohs_victory_ladder() {
        let s = load("06-shiloh.ron");
        let events = turn_events(&s);
        let turns: Vec<u32> = events.iter().map(|e| e.turn).collect();
        assert_eq!(turns, [5, 6, 7, 8, 9, 10]);
        assert!(events[0].text.contains("Confederates Substantive"));
        let h = form(s);
        for turn in 5..=10 {
            let wanted = format!("Game-Turn {turn}:");
            let space = h.get_by_label_contains(&wanted);
            let label = space.accesskit_node().label().unwrap_or_default();
            assert!(label.contains("victory: "), "turn {turn}: {label}");
        }
        assert!(h.query_by_label("Game-Turn 4: nothing scheduled").is_some());
    }

    #[test]
    fn header_fields_edit_the_scenario() {
        let s = load("06-shiloh.ron");
        let mut h = form(s);
        choose(&mut h, "Union", "Confederates");
        assert_eq!(h.state().0.deploys_first, "confederates");
        h.get_by_role(Role::SpinButton).set_value_accesskit(12.0);
        h.run();
        assert_eq!(h.state().0.game_length, 12);
        assert!(
            h.query_by_label_contains("Game-Turn 12:").is_some(),
            "12 is now within the game"
        );
        h.state_mut().0.rule = Some("12".into());
        h.run();
        assert!(h.query_by_label("a scenario rule is 11.N").is_some());
    }

    #[test]
    fn ids_and_rules_follow_the_format() {
        assert!(is_id("little-round-top_2"));
        assert!(!is_id("Little"));
        assert!(!is_id("-x"));
        assert!(!is_id(""));
        assert!(is_rule("11.7"));
        assert!(is_rule("11.18"));
        assert!(!is_rule("11."));
        assert!(!is_rule("12.1"));
    }

    #[test]
    fn showing_the_header_changes_nothing() {
        for file in ["04-magenta.ron", "06-shiloh.ron", "10-worth.ron"] {
            let s = load(file);
            let h = form(s.clone());
            shown_without_change(h, &s, file);
        }
    }
}
