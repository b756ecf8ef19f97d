//! The roster (2.3, 2.4, 8.1, 9.1, 10.0, 11.2, 2.1): side and counter ids, the armies' colours,
//! each counter's values, steps and faces, leaders' formations.

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg, suggestions};
use crate::model::musket_and_saber::{Cf, Face, MsScenario};
use crate::model::victory::EITHER_SIDE;
use crate::path;
use crate::ruleset::musket_and_saber::Faces;
use crate::ruleset::musket_and_saber::MsClass;
use std::collections::{HashMap, HashSet};

use super::shared::{some, unknown_side};

/// Side ids distinct, each army in its own colour (2.3), the First Player a side (3.3), counter
/// ids unique in a side (3.2).
pub(super) fn references(s: &MsScenario, out: &mut Findings) {
    if s.sides.len() == 2 && s.sides[0].id == s.sides[1].id {
        out.push(
            Diagnostic::new(
                Code::DuplicateId,
                format!("both sides have the id `{}`", s.sides[0].id),
            )
            .at_path(path!["sides", 1, "id"])
            .with_hint("give each side its own id"),
        );
    }
    for (si, side) in s.sides.iter().enumerate() {
        if side.id == EITHER_SIDE {
            out.push(
                Diagnostic::new(
                    Code::DuplicateId,
                    "a side may not be called `either`: victory conditions use it for either side",
                )
                .at_path(path!["sides", si, "id"]),
            );
        }
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (ci, c) in side.counters.iter().enumerate() {
            if let Some(first) = seen.insert(c.id.as_str(), ci) {
                out.push_with(Code::DuplicateId, || {
                    Diagnostic::new(
                        Code::DuplicateId,
                        format!(
                            "{} has two counters with the ID `{}` (counters {} and {})",
                            side.name,
                            c.id,
                            first + 1,
                            ci + 1
                        ),
                    )
                    .at_path(path!["sides", si, "counters", ci, "id"])
                    .with_hint("set-up and reinforcement lines name units by ID (3.2): give each counter its printed ID, told apart (`2/95th`, `3/95th`)")
                });
            }
        }
    }
    colours(s, out);
    unknown_side(s, &s.first_player, path!["first_player"], out);
}

/// The values a face of a class lacks or should not have (2.3, 2.4, 10.0): (the value, whether
/// it is missing rather than out of place, the section). The front prints every value of its
/// class; the back (reduced or ineffective) at least its CF and MR, since an ineffective unit
/// defends "with printed ("0") combat strength" and its "Morale is reduced as per the counter"
/// (11.2(1), (2)); neither face prints a value of another class.
fn face_problems(
    class: MsClass,
    face: &Face,
    front: bool,
) -> Vec<(&'static str, bool, &'static str)> {
    let v = class.info().values;
    let mut out = Vec::new();
    let mut want =
        |name: &'static str, wanted: bool, needed: bool, has: bool, rule: &'static str| {
            if wanted && needed && !has {
                out.push((name, true, rule));
            } else if !wanted && has {
                out.push((name, false, rule));
            }
        };
    want("cf", v.combat, true, face.cf.is_some(), "2.3");
    want("mr", v.combat, true, face.mr.is_some(), "2.3");
    want("ma", v.combat, front, face.ma.is_some(), "2.3");
    want("range", v.range, front, face.range.is_some(), "2.4");
    want("charge", v.charge, front, face.charge.is_some(), "2.4");
    want("leader", v.leader, front, face.leader.is_some(), "10.0");
    out
}

/// The roster of one side: values (ROS001), steps (ROS002), ineffective morale of units and
/// leaders (ROS003), reduced sides no stronger than full ones (ROS009), leaders' formations
/// (ROS004).
pub(super) fn roster(si: usize, side: &crate::model::musket_and_saber::MsSide, out: &mut Findings) {
    let formations: HashSet<&str> = side
        .counters
        .iter()
        .filter(|c| c.class.is_combat())
        .map(|c| c.formation.as_str())
        .collect();
    for (ci, c) in side.counters.iter().enumerate() {
        let at = |rest: Vec<PathSeg>| [path!["sides", si, "counters", ci], rest].concat();
        for (face_name, face, front) in [("front", &c.front, true), ("back", &c.back, false)] {
            for (value, missing, rule) in face_problems(c.class, face, front) {
                out.push_with(Code::CounterValues, || {
                    let (msg, hint) = if missing {
                        (
                            format!(
                                "{} `{}` ({}) has no `{value}` on its {face_name}, which every {} counter prints",
                                side.name,
                                c.id,
                                c.class.code(),
                                c.class.name()
                            ),
                            format!("type its {value} from your copy's counter"),
                        )
                    } else {
                        (
                            format!(
                                "{} `{}` ({}) has a `{value}` on its {face_name}, which no {} counter prints",
                                side.name,
                                c.id,
                                c.class.code(),
                                c.class.name()
                            ),
                            "check the counter's class; remove the value if the class is right"
                                .to_string(),
                        )
                    };
                    Diagnostic::new(Code::CounterValues, msg)
                        .at_path(at(path![face_name]))
                        .with_hint(hint)
                        .citing(rule)
                });
            }
        }
        let info = c.class.info();
        if c.steps != info.steps {
            let rule = info.steps_rule;
            out.push_with(Code::CounterSteps, || {
                Diagnostic::new(
                    Code::CounterSteps,
                    format!(
                        "{} `{}` is {} with {} steps, but {} units have {}",
                        side.name,
                        c.id,
                        c.class.code(),
                        c.steps,
                        c.class.name(),
                        info.steps
                    ),
                )
                .at_path(at(path!["steps"]))
                .with_hint(if info.steps == 1 {
                    "its back is its ineffective side: write `steps: 1` (a banded reduced back means a brigade or regiment)".to_string()
                } else {
                    "its back is the reduced side with a colour band: write `steps: 2` (an ineffective back means a battalion)".to_string()
                })
                .citing(rule)
            });
        }
        if info.steps == 1
            && let (Some(front), Some(back)) = (c.front.mr, c.back.mr)
            && back > front
        {
            out.push_with(Code::IneffectiveMorale, || {
                Diagnostic::new(
                    Code::IneffectiveMorale,
                    format!(
                        "{} `{}`'s ineffective side has morale {back}, above its front's {front}",
                        side.name, c.id
                    ),
                )
                .at_path(at(path!["back", "mr"]))
                .with_hint("an ineffective unit's morale is reduced as per the counter (11.2): check the value typed")
            });
        }
        if c.class == MsClass::Leader
            && let (Some(front), Some(back)) = (c.front.leader, c.back.leader)
            && back.morale > front.morale
        {
            out.push_with(Code::IneffectiveMorale, || {
                Diagnostic::new(
                    Code::IneffectiveMorale,
                    format!(
                        "{} leader `{}`'s ineffective side has morale factor {}, above its front's {}",
                        side.name, c.id, back.morale, front.morale
                    ),
                )
                .at_path(at(path!["back", "leader"]))
                .with_hint("an ineffective unit's morale is reduced as per the counter (11.2), a leader's too: check the value typed")
            });
        }
        if info.faces == Faces::FullReduced
            && let (Some(front), Some(back)) = (c.front.cf, c.back.cf)
            && stronger(front, back)
        {
            out.push_with(Code::ReducedStronger, || {
                Diagnostic::new(
                    Code::ReducedStronger,
                    format!(
                        "{} `{}`'s reduced side has CF {}, stronger than its full side's {}",
                        side.name,
                        c.id,
                        cf_text(back),
                        cf_text(front)
                    ),
                )
                .at_path(at(path!["back", "cf"]))
                .with_hint("a two-step unit flips to its reduced-strength side when it suffers a loss (2.4): check the values typed, or whether the faces are swapped")
            });
        }
        if c.class == MsClass::Leader
            && c.formation != "A"
            && !formations.contains(c.formation.as_str())
        {
            out.push_with(Code::LeaderFormation, || {
                Diagnostic::new(
                    Code::LeaderFormation,
                    format!(
                        "{} leader `{}` leads formation `{}`, which no unit of the side belongs to",
                        side.name, c.id, c.formation
                    ),
                )
                .at_path(at(path!["formation"]))
                .spelling(
                    &suggestions(&c.formation, formations.iter().copied()),
                    format!(
                        "write the formation as the units' counters print it ({}), or `A` for all",
                        some(formations.iter().copied())
                    ),
                )
            });
        }
    }
    if side.counters.is_empty() {
        out.push(
            Diagnostic::new(
                Code::SideWithoutUnits,
                format!("{} has no counters", side.name),
            )
            .at_path(path!["sides", si, "counters"])
            .with_hint("type the side's counters from your copy (2.3)"),
        );
    }
}

/// A Combat Factor's attack and defense ("When there are two numbers, left is attack and right
/// is defense", 2.3; one number is both).
fn attack_defense(cf: Cf) -> (u32, u32) {
    match cf {
        Cf::One(n) => (n, n),
        Cf::AttackDefense(a, d) => (a, d),
    }
}

/// A Combat Factor as the counter prints it (`4`, `3-2`).
fn cf_text(cf: Cf) -> String {
    match cf {
        Cf::One(n) => n.to_string(),
        Cf::AttackDefense(a, d) => format!("{a}-{d}"),
    }
}

/// Is a reduced side stronger than its full side (2.4)? Above it in attack or defense and below
/// it in neither: whichever factor "strength" means, the reduced side is stronger. A side above
/// in one and below in the other is not judged (the text does not say which counts).
fn stronger(full: Cf, reduced: Cf) -> bool {
    let (fa, fd) = attack_defense(full);
    let (ra, rd) = attack_defense(reduced);
    (ra > fa || rd > fd) && ra >= fa && rd >= fd
}

/// Two armies in one colour (2.3: "The background colors indicate the army to which each unit
/// belongs"): the colours as words, compared without case and extra spaces.
fn colours(s: &MsScenario, out: &mut Findings) {
    let word = |c: &Option<String>| {
        c.as_deref().map(|c| {
            c.split_whitespace()
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
                .join(" ")
        })
    };
    if let [a, b] = s.sides.as_slice()
        && let (Some(ca), Some(cb)) = (word(&a.colour), word(&b.colour))
        && !ca.is_empty()
        && ca == cb
    {
        out.push(
            Diagnostic::new(
                Code::SameColors,
                format!("{} and {} are both `{ca}`", a.name, b.name),
            )
            .at_path(path!["sides", 1, "colour"])
            .with_hint("the background colours indicate the army to which each unit belongs (2.3): type each army's colour as its counters print it"),
        );
    }
}
