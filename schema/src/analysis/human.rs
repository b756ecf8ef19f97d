//! The analysis as text for people: a block per side with its forces and a table of its
//! targets, then the line of sight to each place to hold.

use std::fmt::Write;

use crate::model::analysis::{Analysis, TargetKind};

/// The analysis as plain-text tables.
pub fn human(a: &Analysis) -> String {
    let mut o = String::new();
    let s = &a.scenario;
    let rule = s
        .rule
        .as_deref()
        .map(|r| format!("{r} "))
        .unwrap_or_default();
    let _ = writeln!(
        o,
        "{rule}{} on {}: {} Game-Turns, {} moves first",
        s.name, s.map, s.game_length, s.moves_first
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
    let _ = writeln!(
        o,
        "forces, first side to second: stacking points {}, units {}, guns {}",
        a.ratio.stacking_points, a.ratio.units, a.ratio.guns
    );
    for side in &a.sides {
        let _ = writeln!(o);
        let f = &side.forces;
        let _ = writeln!(
            o,
            "{} ({}): {} units, {} guns, {} stacking points; Player-Turn {} of each Game-Turn{}",
            side.name,
            side.id,
            f.units,
            f.guns,
            f.stacking_points,
            side.player_turn,
            if side.first_free_turn > 1 {
                format!(", moves from Game-Turn {}", side.first_free_turn)
            } else {
                String::new()
            }
        );
        for g in &side.groups {
            let entry = match g.arrival_turn {
                Some(t) => format!("arrives Game-Turn {t} at {} hexes", g.zone_hexes),
                None => format!("deploys in {} hexes", g.zone_hexes),
            };
            let _ = writeln!(
                o,
                "  ({}) {}: {} SP, {entry}",
                g.id, g.notation, g.forces.stacking_points
            );
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
                rows.push([
                    format!("#{} {kind}: {}", tg.victory + 1, tg.goal_short()),
                    tg.deadline.to_string(),
                    format!("({})", g.group),
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
    }
    if !a.objectives_in_sight.is_empty() {
        let _ = writeln!(o);
        let _ = writeln!(
            o,
            "line of sight (5.1G), within {} hexes:",
            crate::analysis::SIGHT_RADIUS
        );
        for ob in &a.objectives_in_sight {
            let seen = ob.seen_from.map_or_else(
                || "not computed (over the work limit)".into(),
                |n| format!("seen from {n} hexes"),
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
        }
    }
    o
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
