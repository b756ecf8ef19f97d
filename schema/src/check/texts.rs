//! The texts a scenario prints on its card: the date, each victory condition's and special
//! rule's wording, the historical note. `saberc new` leaves them empty for the designer and
//! promises that `saberc check` names each one left (TXT001); no rule of the game asks for
//! them, so an empty one is a warning. A scenario factored from a battle (11.18) marks its
//! starting points "to be set by the designer" (`factor::TO_BE_SET`); each mark left is named
//! too (TXT002), so such a skeleton never checks clean.

use crate::diagnostic::{Code, Diagnostic, PathSeg};
use crate::factor::TO_BE_SET;
use crate::model::scenario::Scenario;
use crate::path;
use crate::ruleset::Ruleset;

pub(super) fn check(s: &Scenario, _rules: &Ruleset) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // What the finding and its hint say is worked out only for a text that is empty: most are
    // not, and a victory goal's description is a walk of its zones.
    let empty = |text: &str, p: &dyn Fn() -> Vec<PathSeg>, words: &dyn Fn() -> (String, String)| {
        text.trim().is_empty().then(|| {
            let (what, hint) = words();
            Diagnostic::new(Code::EmptyText, format!("{what} is empty"))
                .at_path(p())
                .with_hint(hint)
        })
    };
    out.extend(empty(&s.date, &|| path!["date"], &|| {
        (
            "the date of the battle".into(),
            format!(
                "write the date as the card should print it, e.g. `date: \"{}\"`",
                "7 July 1857"
            ),
        )
    }));
    for (vi, v) in s.victory.iter().enumerate() {
        let side = s
            .side(&v.side)
            .map_or(v.side.as_str(), |sd| sd.name.as_str());
        out.extend(empty(
            &v.printed,
            &|| path!["victory", vi, "printed"],
            &|| {
                (
                    format!("the printed wording of the victory condition of {side}"),
                    format!(
                        "write the condition in words, e.g. `printed: \"{side} must {}.\"`",
                        // A goal whose target is still empty describes nothing worth copying.
                        Some(short(&v.goal.describe()))
                            .filter(|g| !g.contains("  "))
                            .unwrap_or_else(|| "…".into())
                    ),
                )
            },
        ));
    }
    for (ri, r) in s.special_rules.iter().enumerate() {
        out.extend(empty(
            &r.printed,
            &|| path!["special_rules", ri, "printed"],
            &|| {
                (
                    format!("the printed wording of special rule {}", ri + 1),
                    "write the rule in words, e.g. `printed: \"Treat all woods hexes as clear.\"`"
                        .into(),
                )
            },
        ));
    }
    // A factored skeleton's starting points (11.18) are marked `TO_BE_SET` until the designer
    // sets them: each mark left is named, with the values it stands for (worked out only for
    // a note that has a mark).
    let zones = || -> Vec<String> {
        s.sides
            .iter()
            .flat_map(|sd| {
                sd.groups.iter().filter_map(move |g| {
                    g.deploy_zone().map(|z| {
                        format!("{} ({}) deploys in {}", sd.name, g.id, short(&z.describe()))
                    })
                })
            })
            .take(4)
            .collect()
    };
    // What a note's starting points are about, each named when the note names it (a note on
    // the game's length is told about `game_length`, not the deployment zones).
    let parts = |reading: &str| -> String {
        let r = reading.to_lowercase();
        let zones = zones();
        let mut parts: Vec<String> = Vec::new();
        if r.contains("deploy") && !zones.is_empty() {
            parts.push(format!("the deployment zones ({})", zones.join("; ")));
        }
        if r.contains("first") {
            parts.push(format!(
                "who deploys first (`deploys_first: \"{}\"`) and moves first (`moves_first: \"{}\"`)",
                s.deploys_first, s.moves_first
            ));
        }
        if r.contains("victory") || r.contains("hold") || r.contains("exit") {
            parts.push("the victory conditions".into());
        }
        if r.contains("length") || r.contains("turns") || r.contains("duration") {
            parts.push(format!(
                "the game's length (`game_length: {}`, the Game-Turns the battle lasted, 11.18)",
                s.game_length
            ));
        }
        if parts.is_empty() {
            parts.push(format!(
                "the deployment zones ({}), who deploys first (`{}`) and moves first (`{}`), and the victory conditions",
                zones.join("; "),
                s.deploys_first,
                s.moves_first
            ));
        }
        parts.join(", ")
    };
    for (vi, v) in s.victory.iter().enumerate() {
        if v.printed.contains(TO_BE_SET) {
            out.push(
                Diagnostic::new(
                    Code::StartingPoint,
                    format!(
                        "this victory condition is a starting point, {TO_BE_SET}: {}",
                        short(&v.goal.describe())
                    ),
                )
                .at_path(path!["victory", vi, "printed"])
                .with_hint(format!(
                    "set the goal the battle calls for, then write its wording without \"{TO_BE_SET}\""
                )),
            );
        }
    }
    for (ii, i) in s.interpretations.iter().enumerate() {
        if i.reading.contains(TO_BE_SET) {
            out.push(
                Diagnostic::new(
                    Code::StartingPoint,
                    format!(
                        "interpretation note {} says its values are still {TO_BE_SET}",
                        ii + 1
                    ),
                )
                .at_path(path!["interpretations", ii, "reading"])
                .with_hint(format!(
                    "set {}; then write the note as your reading, without \"{TO_BE_SET}\"",
                    parts(&i.reading)
                )),
            );
        }
    }
    out.extend(empty(&s.notes, &|| path!["notes"], &|| {
        (
            format!("the historical note of {}", s.name),
            "write a few lines on the battle in your own words: `notes: \"…\"`".into(),
        )
    }));
    out
}

/// A description cut to a hint's length (a goal may name a zone of thousands of hexes).
pub(super) fn short(text: &str) -> String {
    crate::diagnostic::truncate_chars(text, 120)
}
