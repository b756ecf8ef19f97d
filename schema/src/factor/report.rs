//! The factoring as text for people (`saberc factor`'s default output).

use std::fmt::Write as _;

use super::*;

/// The factoring as text: the orders of battle in the rules' notation first, then the rounding,
/// the proportions, the side ratio, the game length and the warnings.
pub fn report(f: &Factoring) -> String {
    let mut out = String::new();
    let portion = f
        .portion
        .as_ref()
        .map(|p| format!(": {p}"))
        .unwrap_or_default();
    let date = if f.date.is_empty() {
        String::new()
    } else {
        format!(" ({})", f.date)
    };
    let _ = writeln!(out, "{}{portion}{date}", f.name);
    for s in &f.sides {
        let _ = writeln!(
            out,
            "{} ({}): {}",
            s.name,
            capitalised(s.color.name()),
            s.notation()
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "Scale (1.1, 11.18): {}.", f.scale.describe());
    let _ = writeln!(
        out,
        "Rounding: each arm to the nearest unit, halves up; an arm with troops keeps at least one unit."
    );
    let name_width = f
        .sides
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let _ = writeln!(
        out,
        "  {:<name_width$}  {:<4} {:>12}  {:>9}  {:>5}  {:>6} -> {:>6}",
        "side", "type", "strength", "exact", "units", "share", "share"
    );
    for s in &f.sides {
        for a in &s.arms {
            let strength = format!("{} {}", a.strength, unit_word(a.kind, a.strength));
            let _ = writeln!(
                out,
                "  {:<name_width$}  {:<4} {:>12}  {:>9.2}  {:>5}  {:>5.1}% -> {:>5.1}%",
                s.name,
                a.kind.code(),
                strength,
                a.rounded.exact,
                a.rounded.count,
                a.share_before * 100.0,
                a.share_after * 100.0
            );
        }
    }
    let (a, b) = (&f.sides[0], &f.sides[1]);
    let fmt_ratio = |r: Option<f64>| r.map_or("-".to_string(), |r| format!("{r:.2}"));
    let _ = writeln!(out);
    let _ = writeln!(out, "Ratio {} : {} (11.18):", a.name, b.name);
    for (what, x, y, ratio) in [
        ("men ", a.men, b.men, f.ratio.men),
        ("guns", a.guns, b.guns, f.ratio.guns),
    ] {
        let _ = writeln!(out, "  {what}   {x} : {y} = {}", fmt_ratio(ratio));
    }
    let _ = writeln!(
        out,
        "  units  {:.2} : {:.2} = {} before rounding, {} : {} = {} after",
        a.exact_units,
        b.exact_units,
        fmt_ratio(f.ratio.units_before),
        a.units,
        b.units,
        fmt_ratio(f.ratio.units_after)
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "Game length: {}", game_length_text(&f.game_length));
    if !f.warnings.is_empty() {
        let _ = writeln!(out);
        for w in &f.warnings {
            let _ = writeln!(out, "warning[{}] [{}]: {w}", w.code(), w.rule());
        }
    }
    out
}

pub(super) fn game_length_text(g: &GameLength) -> String {
    match (g.minutes, g.uncapped) {
        (Some(m), Some(u)) if u > g.turns => format!(
            "{} Game-Turns (the battle's {m} minutes would need {u} at five minutes a Game-Turn, errata 1.1; the Turn Record Track has {}, 15.0)",
            g.turns,
            super::RULES.turn_record_track
        ),
        (Some(m), _) => format!(
            "{} Game-Turns ({m} minutes at five minutes a Game-Turn, errata 1.1)",
            g.turns
        ),
        _ => format!("{} Game-Turns ({TO_BE_SET}: no duration given)", g.turns),
    }
}

/// `s` with its first letter a capital (`red` → `Red`).
pub(crate) fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
