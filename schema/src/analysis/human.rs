//! The analysis as text for people: a block per side with its forces and a table of its
//! targets, then the line of sight to each place to hold.

use std::fmt::Write;

use crate::model::analysis::{Analysis, ClassReach, Forces, TargetKind};
use crate::ruleset::Ruleset;

/// The analysis as plain-text tables; `rules` is the scenario's game's (it names the sight
/// rule).
pub fn human(a: &Analysis, rules: &Ruleset) -> String {
    let mut o = String::new();
    let words = &rules.turn_words;
    let s = &a.scenario;
    let rule = s
        .rule
        .as_deref()
        .map(|r| format!("{r} "))
        .unwrap_or_default();
    let _ = writeln!(
        o,
        "{rule}{} on {}: {} {}, {} moves first",
        s.name, s.map, s.game_length, words.turns, s.moves_first
    );
    let t = &a.terrain_as_played;
    if !t.cleared.is_empty() || !t.cover_cleared.is_empty() {
        let _ = writeln!(
            o,
            "terrain as played: {} hexes treated as clear, {} hexes of cover cleared",
            t.cleared.len(),
            t.cover_cleared.len()
        );
    }
    let r = &a.ratio;
    let points = r
        .stacking_points
        .as_ref()
        .map(|p| format!("stacking points {p}, "))
        .unwrap_or_default();
    let steps = r
        .steps
        .as_ref()
        .map(|p| format!(", steps {p}"))
        .unwrap_or_default();
    let _ = writeln!(
        o,
        "forces, first side to second: {points}units {}, guns {}{steps}",
        r.units, r.guns
    );
    for side in &a.sides {
        let _ = writeln!(o);
        let f = &side.forces;
        let _ = writeln!(
            o,
            "{} ({}): {}; {}{}",
            side.name,
            side.id,
            forces(f),
            words.player_turn(side.player_turn),
            if side.first_free_turn > 1 {
                format!(", moves from {} {}", words.turn, side.first_free_turn)
            } else {
                String::new()
            }
        );
        for g in &side.groups {
            let entry = match g.arrival_turn {
                Some(t) => format!(
                    "arrives {} {t} at {}",
                    words.turn,
                    counted(g.zone_hexes, "hex", "hexes")
                ),
                None => format!("deploys in {}", counted(g.zone_hexes, "hex", "hexes")),
            };
            let size = match (g.forces.stacking_points, g.forces.steps) {
                (Some(sp), _) => format!("{sp} SP"),
                (None, Some(steps)) => match g.forces.leaders {
                    Some(n) if n > 0 => format!(
                        "{}, {}",
                        counted(steps, "step", "steps"),
                        counted(n, "leader", "leaders")
                    ),
                    _ => counted(steps, "step", "steps"),
                },
                (None, None) => counted(g.forces.units, "unit", "units"),
            };
            let _ = writeln!(o, "  ({}) {}: {size}, {entry}", g.id, g.notation);
        }
        match &side.zone_in_sight_of_enemy_zone {
            Some(p) if p.in_sight => {
                let ex = p
                    .example
                    .as_ref()
                    .map(|[a, b]| format!(" ({a} sees {b})"))
                    .unwrap_or_default();
                let _ = writeln!(o, "  set-up: in sight of the enemy's zone{ex}");
            }
            Some(_) => {
                let _ = writeln!(o, "  set-up: out of sight of the enemy's zone");
            }
            None => {}
        }
        if side.targets.is_empty() {
            let _ = writeln!(o, "  no place to reach");
            continue;
        }
        let mut rows = vec![[
            "target".to_string(),
            "by turn".into(),
            "group".into(),
            "least cost".into(),
            "phases".into(),
            "arrives".into(),
            "path".into(),
        ]];
        for tg in &side.targets {
            let kind = match tg.kind {
                TargetKind::Hold => "hold",
                TargetKind::Exit => "exit",
                TargetKind::EnemySetup => "enemy set-up",
            };
            for g in &tg.groups {
                let (phases, arrives) = match &g.arrival {
                    Some(a) => (
                        format!("{} ({} MA {})", a.phases, a.counter, a.allowance),
                        if a.turn == 0 {
                            "set-up".to_string()
                        } else {
                            format!("turn {}", a.turn)
                        },
                    ),
                    None if g.least_cost.is_some() => ("MA unknown".into(), "–".into()),
                    None => ("–".into(), "–".into()),
                };
                let class = g
                    .class
                    .as_ref()
                    .map(|c| format!(" {c}"))
                    .unwrap_or_default();
                rows.push([
                    format!("#{} {kind}: {}", tg.victory + 1, tg.goal_short()),
                    tg.deadline.to_string(),
                    format!("({}){class}", g.group),
                    g.least_cost
                        .as_ref()
                        .map_or_else(|| "no path".into(), |c| c.text.clone()),
                    phases,
                    arrives,
                    shorten(&g.path),
                ]);
            }
        }
        table(&mut o, &rows);
        for tg in &side.targets {
            if let Some(classes) = &tg.by_class {
                let each: Vec<String> = classes.iter().map(class_reach).collect();
                let _ = writeln!(o, "  #{} by class: {}", tg.victory + 1, each.join("; "));
            }
        }
    }
    if !a.objectives_in_sight.is_empty() {
        let _ = writeln!(o);
        let _ = writeln!(
            o,
            "line of sight ({}), within {} hexes:",
            rules.sight.section,
            crate::analysis::SIGHT_RADIUS
        );
        for ob in &a.objectives_in_sight {
            let seen = ob.seen_from.map_or_else(
                || "not computed (over the work limit)".into(),
                |n| format!("seen from {}", counted(n, "hex", "hexes")),
            );
            let zones: Vec<String> = ob
                .in_zone
                .iter()
                .map(|z| format!("{} in the zone of {}", z.hexes, z.side))
                .collect();
            let _ = writeln!(
                o,
                "  #{} {}: {seen}; {}",
                ob.victory + 1,
                ob.goal,
                zones.join(", ")
            );
            if let Some(hexes) = &ob.hexes {
                let _ = writeln!(o, "    seen from: {}", hexes.join(" "));
            }
        }
    }
    o
}

/// A side's or a group's forces in words: `12 units, 2 guns, 30 stacking points`, or with
/// steps and leaders where the game counts them.
fn forces(f: &Forces) -> String {
    let mut out = format!(
        "{}, {}",
        counted(f.units, "unit", "units"),
        counted(f.guns, "gun", "guns")
    );
    if let Some(sp) = f.stacking_points {
        let _ = write!(
            out,
            ", {}",
            counted(sp, "stacking point", "stacking points")
        );
    }
    if let Some(steps) = f.steps {
        let _ = write!(out, ", {}", counted(steps, "step", "steps"));
    }
    if let Some(leaders) = f.leaders {
        let _ = write!(out, ", {}", counted(leaders, "leader", "leaders"));
    }
    out
}

/// A number and its noun, singular for one: `1 gun`, `2 guns`.
pub(crate) fn counted<N: std::fmt::Display + PartialEq + From<u8>>(
    n: N,
    one: &str,
    many: &str,
) -> String {
    if n == N::from(1) {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// One class's best reach: `cavalry 3 MP, 1 phase, turn 3 (Horse Guards)`.
fn class_reach(c: &ClassReach) -> String {
    let Some(cost) = &c.least_cost else {
        return format!("{} no path", c.class);
    };
    let when = match (c.least_phases, c.earliest_turn) {
        (Some(0), _) => ", at set-up".to_string(),
        (Some(p), Some(t)) => format!(", {p} phase{}, turn {t}", if p == 1 { "" } else { "s" }),
        _ => ", MA unknown".to_string(),
    };
    let who = c
        .counter
        .as_ref()
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
    format!("{} {}{when}{who}", c.class, cost.text)
}

impl crate::model::analysis::TargetAnalysis {
    /// The goal cut to 32 characters, for a table cell.
    fn goal_short(&self) -> String {
        if self.goal.chars().count() <= 32 {
            return self.goal.clone();
        }
        let cut: String = self.goal.chars().take(31).collect();
        format!("{}…", cut.trim_end())
    }
}

/// A path as `first → … → last (N hexes)`.
fn shorten(path: &[String]) -> String {
    match path {
        [] => "–".into(),
        [one] => one.clone(),
        [first, .., last] => format!("{first} → {last} ({} hexes)", path.len()),
    }
}

/// Rows as a table with aligned columns (widths in characters).
fn table<const N: usize>(o: &mut String, rows: &[[String; N]]) {
    let mut widths = [0usize; N];
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            widths[i] = widths[i].max(c.chars().count());
        }
    }
    for r in rows {
        let mut line = String::from(" ");
        for (i, c) in r.iter().enumerate() {
            line.push(' ');
            line.push_str(c);
            if i + 1 < N {
                line.push_str(&" ".repeat(widths[i] - c.chars().count() + 1));
            }
        }
        let _ = writeln!(o, "{}", line.trim_end());
    }
}
