//! References inside a scenario: one colour a side (2.3), distinct side and group ids, who
//! deploys and moves first (11.0, 3.0), the sides named by victory conditions, special rules and
//! placements, and the size of the order of battle. That there are two sides is the JSON Schema's
//! to say (SCH001).

use std::collections::BTreeSet;

use crate::diagnostic::{Code, Diagnostic, PathSeg, suggestions};
use crate::model::limits;
use crate::model::scenario::Scenario;
use crate::model::victory::{EITHER_SIDE, Outcome};
use crate::path;
use crate::ruleset::Ruleset;

pub(super) fn check(s: &Scenario, _rules: &Ruleset) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // "Two differently colored sets of playing pieces" (2.3): one colour a side.
    if let [a, b] = s.sides.as_slice()
        && a.color == b.color
    {
        out.push(
            Diagnostic::new(
                Code::SameColors,
                format!(
                    "{} and {} both use {} counters",
                    a.name,
                    b.name,
                    a.color.name()
                ),
            )
            .at_path(path!["sides", 1, "color"])
            .with_hint(
                "the game has one set of counters a colour: give each side its own (Red or Blue)",
            ),
        );
    }
    let mut ids = BTreeSet::new();
    for (i, side) in s.sides.iter().enumerate() {
        if side.id == EITHER_SIDE {
            out.push(
                Diagnostic::new(
                    Code::DuplicateId,
                    "`either` is reserved for victory conditions either side can meet",
                )
                .at_path(path!["sides", i, "id"])
                .with_hint("choose another id"),
            );
        }
        if !ids.insert(side.id.as_str()) {
            out.push(
                Diagnostic::new(
                    Code::DuplicateId,
                    format!("two sides have the id `{}`", side.id),
                )
                .at_path(path!["sides", i, "id"])
                .with_hint("give each side its own id"),
            );
        }
        let mut groups = BTreeSet::new();
        for (gi, g) in side.groups.iter().enumerate() {
            if !groups.insert(g.id.as_str()) {
                out.push(
                    Diagnostic::new(
                        Code::DuplicateId,
                        format!("{} has two groups `({})`", side.name, g.id),
                    )
                    .at_path(path!["sides", i, "groups", gi, "id"])
                    .with_hint("letter the groups (a), (b), (c) …"),
                );
            }
            // (field, code, count, its words, the limit's words, what to do).
            let units = (g.units.iter()).map(|(k, n)| {
                let hint = "the game's counter mix is far smaller; check the number";
                ("units", k.code(), *n, "", " per group", hint)
            });
            let markers = (g.markers.iter())
                .map(|(k, n)| ("markers", k.code(), *n, " markers", "", "check the number"));
            for (field, code, n, noun, per, hint) in units.chain(markers) {
                if n > limits::MAX_COUNT {
                    out.push(
                        Diagnostic::new(
                            Code::LimitExceeded,
                            format!(
                                "{n} {code}{noun} is over the limit of {}{per}",
                                limits::MAX_COUNT
                            ),
                        )
                        .at_path(path!["sides", i, "groups", gi, field, code])
                        .with_hint(hint),
                    );
                }
            }
            // A side without any unit is one error (DEP010, below), not a warning per group.
            if side.unit_count() > 0 && g.unit_count() == 0 && g.markers.values().all(|n| *n == 0) {
                out.push(
                    Diagnostic::new(
                        Code::EmptyGroup,
                        format!("group ({}) of {} has no units", g.id, side.name),
                    )
                    .at_path(path!["sides", i, "groups", gi, "units"])
                    .with_hint("add its units, e.g. `units: {MZ: 12, MA: 1}`, or remove the group"),
                );
            }
        }
        if side.unit_count() == 0 {
            let first = side.groups.first().map_or("a", |g| g.id.as_str());
            out.push(
                Diagnostic::new(
                    Code::SideWithoutUnits,
                    format!("{} has no units: its groups are all empty", side.name),
                )
                .at_path(if side.groups.is_empty() {
                    path!["sides", i, "groups"]
                } else {
                    path!["sides", i, "groups", 0, "units"]
                })
                .with_hint(format!(
                    "give group ({first}) of {} its units, e.g. `units: {{MZ: 12, MA: 1}}`",
                    side.name
                )),
            );
        }
        let total = side.unit_count();
        if total > limits::MAX_UNITS_PER_SIDE {
            out.push(
                Diagnostic::new(
                    Code::LimitExceeded,
                    format!(
                        "{} has {total} units, over the limit of {}",
                        side.name,
                        limits::MAX_UNITS_PER_SIDE
                    ),
                )
                .at_path(path!["sides", i, "groups"])
                .with_hint("scale the forces down as rule 11.18 suggests"),
            );
        }
    }
    let side_ids = s.side_ids();
    // The path is made only for a finding.
    let mut side_ref = |id: &str, p: &dyn Fn() -> Vec<PathSeg>, allow_either: bool, rule: &str| {
        if (allow_either && id == EITHER_SIDE) || side_ids.contains(&id) {
            return;
        }
        let p = p();
        let near = suggestions(id, side_ids.iter().copied());
        let mut d = Diagnostic::new(Code::UnknownSide, format!("there is no side `{id}`"))
            .at_path(p)
            .spelling(&near, format!("the sides are {}", side_ids.join(" and ")));
        if !rule.is_empty() {
            d = d.citing(rule);
        }
        out.push(d);
    };
    side_ref(&s.deploys_first, &|| path!["deploys_first"], false, "11.0");
    side_ref(&s.moves_first, &|| path!["moves_first"], false, "3.0");
    for (vi, v) in s.victory.iter().enumerate() {
        side_ref(&v.side, &|| path!["victory", vi, "side"], true, "11.0");
        if let Outcome::Graded { by_turn, otherwise } = &v.outcome {
            for (ri, r) in by_turn.iter().enumerate() {
                side_ref(
                    &r.result.winner,
                    &|| {
                        path![
                            "victory", vi, "outcome", "Graded", "by_turn", ri, "result", "winner"
                        ]
                    },
                    false,
                    "11.0",
                );
            }
            side_ref(
                &otherwise.winner,
                &|| path!["victory", vi, "outcome", "Graded", "otherwise", "winner"],
                false,
                "11.0",
            );
        }
    }
    for (ri, r) in s.special_rules.iter().enumerate() {
        if let Some(side) = r.effect.side() {
            let variant = crate::pipeline::zones::effect_variant(&r.effect);
            side_ref(
                side,
                &|| path!["special_rules", ri, "effect", variant, "side"],
                false,
                "11.0",
            );
        }
    }
    for (pi, p) in s.setup.iter().enumerate() {
        side_ref(&p.side, &|| path!["setup", pi, "side"], false, "");
    }
    for (pi, p) in s.setup.iter().enumerate() {
        if let Some(side) = s.side(&p.side)
            && !side.groups.iter().any(|g| g.id == p.group)
        {
            out.push(
                Diagnostic::new(
                    Code::UnknownSide,
                    format!("{} has no group `({})`", side.name, p.group),
                )
                .at_path(path!["setup", pi, "group"])
                .with_hint(format!(
                    "the groups are {}",
                    side.groups
                        .iter()
                        .map(|g| format!("({})", g.id))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            );
        }
    }
    out
}
