//! A Musket & Saber scenario on its map: the roster (2.3, 2.4, 8.1, 9.1, 10.0, 11.2, 2.1), the
//! lines that bring each counter into play once (3.2), set-up hexes and `w/1` (3.2), stacking
//! (5.0) and enemies apart (4.5), the game on the track (3.3), reinforcements by track label at
//! an edge hex (3.2, 4.5), entry hexes (4.5, 7.7), replacements (11.4) and victory (3.4).

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg, did_you_mean, suggestions};
use crate::model::hex::{Coord, Edge, Grid};
use crate::model::map::Map;
use crate::model::musket_and_saber::{Face, MsMapFile, MsScenario};
use crate::model::victory::{EITHER_SIDE, Goal};
use crate::path;
use crate::pipeline::zones::collect_goal_zones;
use crate::pipeline::zones::compiler::{ZoneCompiler, ZoneEnv};
use crate::ruleset::Game;
use crate::ruleset::musket_and_saber::{self as ms, MsClass, stack_counts};

pub(super) fn check(s: &MsScenario, f: &MsMapFile, map: &Map) -> Vec<Diagnostic> {
    let mut out = Findings::new();
    references(s, &mut out);
    for (si, side) in s.sides.iter().enumerate() {
        roster(si, side, &mut out);
    }
    let entries = lines(s, &mut out);
    let at = setup(s, f, &entries, &mut out);
    // Each line's counters, found once (a line per counter would make the checks below
    // quadratic in a long roster).
    let mut members: HashMap<Enters, Vec<(usize, usize)>> = HashMap::new();
    for (si, per_side) in entries.iter().enumerate() {
        for (ci, e) in per_side.iter().enumerate() {
            if let Some(e) = e {
                members.entry(*e).or_default().push((si, ci));
            }
        }
    }
    prohibited(s, f, &members, &at, &mut out);
    room(s, f, &members, &at, &mut out);
    lone_leaders(s, f, &entries, &at, &mut out);
    victory_for_each_side(s, &mut out);
    turns(s, f, &mut out);
    for (si, side) in s.sides.iter().enumerate() {
        edges(si, side, f, &mut out);
    }
    victory(s, map, &mut out);
    out.into_vec()
}

/// Is a hex on the map's edge?
fn on_edge(g: Grid, c: Coord) -> bool {
    Edge::ALL.iter().any(|e| g.on_edge(c, *e))
}

/// Side ids distinct, the First Player a side (3.3), counter ids unique in a side (3.2).
fn references(s: &MsScenario, out: &mut Findings) {
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
    unknown_side(s, &s.first_player, path!["first_player"], out);
}

/// REF003 if `id` names no side.
fn unknown_side(s: &MsScenario, id: &str, at: Vec<PathSeg>, out: &mut Findings) -> bool {
    if s.side_index(id).is_some() {
        return false;
    }
    let ids = s.side_ids();
    out.push_with(Code::UnknownSide, || {
        Diagnostic::new(Code::UnknownSide, format!("no side has the id `{id}`"))
            .at_path(at)
            .with_hint(
                did_you_mean(&suggestions(id, ids.iter().copied()))
                    .unwrap_or_else(|| format!("the sides are {}", ids.join(" and "))),
            )
    });
    true
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

/// The roster of one side: values (ROS001), steps (ROS002), ineffective morale (ROS003),
/// leaders' formations (ROS004).
fn roster(si: usize, side: &crate::model::musket_and_saber::MsSide, out: &mut Findings) {
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
                .with_hint(
                    did_you_mean(&suggestions(&c.formation, formations.iter().copied()))
                        .unwrap_or_else(|| {
                            "write the formation as the units' counters print it, or `A` for all"
                                .to_string()
                        }),
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

/// How a counter enters play: set up by a line (its index), or arriving by one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Enters {
    SetUp(usize),
    Arrives(usize),
}

/// Per side, per counter: the lines bringing it into play. Unknown names are ROS007, a counter
/// named twice ROS005, a counter never named ROS006, the roster past a sheet ROS008.
fn lines(s: &MsScenario, out: &mut Findings) -> Vec<Vec<Option<Enters>>> {
    let mut entries: Vec<Vec<Option<Enters>>> = s
        .sides
        .iter()
        .map(|sd| vec![None; sd.counters.len()])
        .collect();
    let ids: Vec<HashMap<&str, usize>> = s
        .sides
        .iter()
        .map(|sd| {
            let mut m = HashMap::new();
            for (i, c) in sd.counters.iter().enumerate() {
                m.entry(c.id.as_str()).or_insert(i);
            }
            m
        })
        .collect();
    let formations: Vec<BTreeMap<&str, Vec<usize>>> = s
        .sides
        .iter()
        .map(|sd| {
            let mut m: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
            for (i, c) in sd.counters.iter().enumerate() {
                m.entry(c.formation.as_str()).or_default().push(i);
            }
            m
        })
        .collect();
    let all = s
        .setup
        .iter()
        .enumerate()
        .map(|(i, l)| {
            (
                "setup",
                i,
                &l.side,
                &l.units,
                l.formation.as_deref(),
                Enters::SetUp(i),
            )
        })
        .chain(s.reinforcements.iter().enumerate().map(|(i, l)| {
            (
                "reinforcements",
                i,
                &l.side,
                &l.units,
                l.formation.as_deref(),
                Enters::Arrives(i),
            )
        }));
    for (list, li, side, units, formation, how) in all {
        let Some(si) = s.side_index(side) else {
            unknown_side(s, side, path![list, li, "side"], out);
            continue;
        };
        let sd = &s.sides[si];
        if units.is_empty() && formation.is_none() {
            out.push(
                Diagnostic::new(Code::UnknownUnit, "this line names no unit")
                    .at_path(path![list, li])
                    .with_hint("name its units by ID (`units: [\"2/95th\"]`) and/or a formation (`formation: Some(\"1st Bde\")`)"),
            );
        }
        let mut named: Vec<(usize, Vec<PathSeg>)> = Vec::new();
        for (ui, u) in units.iter().enumerate() {
            match ids[si].get(u.as_str()) {
                Some(ci) => named.push((*ci, path![list, li, "units", ui])),
                None => out.push_with(Code::UnknownUnit, || {
                    Diagnostic::new(
                        Code::UnknownUnit,
                        format!("{} has no counter with the ID `{u}`", sd.name),
                    )
                    .at_path(path![list, li, "units", ui])
                    .with_hint(
                        did_you_mean(&suggestions(u, ids[si].keys().copied())).unwrap_or_else(
                            || "name a counter of the side's roster by its ID".to_string(),
                        ),
                    )
                }),
            }
        }
        if let Some(fm) = formation {
            match formations[si].get(fm) {
                Some(members) => {
                    named.extend(members.iter().map(|ci| (*ci, path![list, li, "formation"])))
                }
                None => out.push_with(Code::UnknownUnit, || {
                    Diagnostic::new(
                        Code::UnknownUnit,
                        format!("no counter of {} is of the formation `{fm}`", sd.name),
                    )
                    .at_path(path![list, li, "formation"])
                    .with_hint(
                        did_you_mean(&suggestions(fm, formations[si].keys().copied()))
                            .unwrap_or_else(|| "name a formation as the counters print it".into()),
                    )
                }),
            }
        }
        let mut in_line = HashSet::new();
        for (ci, at) in named {
            if !in_line.insert(ci) {
                continue; // named by ID and by formation in the same line: once
            }
            match entries[si][ci] {
                None => entries[si][ci] = Some(how),
                Some(before) => {
                    let said = |e: Enters| match e {
                        Enters::SetUp(i) => format!("set up by set-up line {}", i + 1),
                        Enters::Arrives(i) => format!("arrives by reinforcement line {}", i + 1),
                    };
                    let c = &sd.counters[ci];
                    out.push_with(Code::EntersTwice, || {
                        Diagnostic::new(
                            Code::EntersTwice,
                            format!(
                                "{} `{}` is {} and also {}",
                                sd.name,
                                c.id,
                                said(before),
                                said(how)
                            ),
                        )
                        .at_path(at)
                        .with_hint("a unit starts on the map or enters as a reinforcement, once (3.2): remove it from one line")
                    });
                }
            }
        }
    }
    let mut total = 0usize;
    for (si, sd) in s.sides.iter().enumerate() {
        total += sd.counters.len();
        for (ci, c) in sd.counters.iter().enumerate() {
            if entries[si][ci].is_none() {
                out.push_with(Code::NeverEnters, || {
                    Diagnostic::new(
                        Code::NeverEnters,
                        format!(
                            "{} `{}` neither sets up nor arrives as a reinforcement",
                            sd.name, c.id
                        ),
                    )
                    .at_path(path!["sides", si, "counters", ci])
                    .with_hint("name it in a set-up or reinforcement line, or remove it")
                });
            }
        }
    }
    if total > ms::COUNTER_SHEET as usize {
        out.push(
            Diagnostic::new(
                Code::CounterSheet,
                format!(
                    "the two rosters hold {total} counters; a game of the series has a sheet of {}",
                    ms::COUNTER_SHEET
                ),
            )
            .at_path(path!["sides"])
            .with_hint("check that no counter was typed twice"),
        );
    }
    entries
}

/// Set-up: line hexes on the map; placements of `w/1` units within one hex (3.2), units of
/// other lines on their hex; then 5.0 and enemies apart (4.5) on every hex where the set-up
/// fixes units.
fn setup(
    s: &MsScenario,
    f: &MsMapFile,
    entries: &[Vec<Option<Enters>>],
    out: &mut Findings,
) -> Positions {
    let at = positions(s, f, entries, out);
    // 5.0 per hex and side; enemies never in one hex (4.5, 7.7).
    for (c, per_side) in &by_hex(&at) {
        for (si, units) in per_side.iter().enumerate() {
            let sd = &s.sides[si];
            let classes = || units.iter().map(|(ci, _)| sd.counters[*ci].class);
            // The caret on the line that put the last combat unit there (leaders never count,
            // 10.0): the line to spread `w/1` or move.
            let line_of = |p: &Vec<PathSeg>| match p.get(1) {
                Some(PathSeg::Index(i)) => *i,
                _ => 0,
            };
            let combat = || {
                units.iter().filter(|(ci, _)| {
                    sd.counters[*ci].class != crate::ruleset::musket_and_saber::MsClass::Leader
                })
            };
            if over_stacked(classes())
                && let Some((_, p)) = combat().max_by_key(|(_, p)| line_of(p)).or(units.last())
            {
                let (small, large, _) = stack_counts(classes());
                let problem = if large > 3 {
                    format!(
                        "{large} brigades, regiments or cavalry units, but only the three \"any\" places take them: the fourth takes a battalion or artillery unit only"
                    )
                } else {
                    format!(
                        "{} combat units, but a hex holds one battalion or artillery unit plus any three units",
                        small + large
                    )
                };
                let ids: Vec<&str> = combat()
                    .map(|(ci, _)| sd.counters[*ci].id.as_str())
                    .collect();
                let line: Vec<&str> = combat()
                    .filter(|(_, q)| line_of(q) == line_of(p) && by_line(q) == by_line(p))
                    .map(|(ci, _)| sd.counters[*ci].id.as_str())
                    .collect();
                out.push(
                    Diagnostic::new(
                        Code::OverStacked,
                        format!(
                            "{} over-stacks {}: {problem} — combat units {}",
                            sd.name,
                            f.label(*c),
                            ids.join(", ")
                        ),
                    )
                    .at_path(p.clone())
                    .with_hex(f.label(*c))
                    .with_hint(format!(
                        "the line here puts {} in {}: give it `w1: true` and place its units beside (3.2), or set it up in another hex (leaders do not count, 10.0)",
                        line.join(", "),
                        f.label(*c)
                    )),
                );
            }
        }
        if !per_side[0].is_empty()
            && let Some((_, p)) = per_side[1].first()
        {
            out.push(
                Diagnostic::new(
                    Code::EnemiesShareHex,
                    format!(
                        "units of {} and {} set up in {}",
                        s.sides[0].name,
                        s.sides[1].name,
                        f.label(*c)
                    ),
                )
                .at_path(p.clone())
                .with_hex(f.label(*c))
                .with_hint("a hex occupied by an enemy unit cannot be entered (4.5): set one side up elsewhere"),
            );
        }
    }
    at
}

/// Does one side's stack of units of these classes break 5.0 ("one battalion or artillery
/// unit, plus any three units, plus any number of leaders")? The ruleset's rule, asked over
/// the classes' weights: the one predicate of the check and of the editor's set-up.
pub fn over_stacked(classes: impl IntoIterator<Item = MsClass>) -> bool {
    Game::MusketAndSaberQuickPlay
        .ruleset()
        .stacking
        .over_stacked(classes.into_iter().map(|c| (c.stack_weight(), 1)))
}

/// One side's units that the set-up fixes on one hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetUpStack {
    /// The hex.
    pub hex: Coord,
    /// The side (0 or 1).
    pub side: usize,
    /// Its counters there (indexes into the side's roster).
    pub counters: Vec<usize>,
    /// Whether they break 5.0 ([`over_stacked`]): the check reports STK001 for them.
    pub over_stacked: bool,
}

/// Where the set-up puts the units it fixes, as the check reads it (the units of a line
/// without `w/1` on its hex, those of a `w/1` line where a placement within one hex puts
/// them), per hex and side, each stack judged by 5.0.
pub fn set_up_stacks(s: &MsScenario, f: &MsMapFile) -> Vec<SetUpStack> {
    // The findings of these steps are the check's to report; only the places are wanted.
    let mut scratch = Findings::new();
    let entries = lines(s, &mut scratch);
    let at = positions(s, f, &entries, &mut scratch);
    let mut stacks = Vec::new();
    for (hex, per_side) in by_hex(&at) {
        for (side, units) in per_side.into_iter().enumerate() {
            if units.is_empty() {
                continue;
            }
            let counters: Vec<usize> = units.into_iter().map(|(ci, _)| ci).collect();
            let over = over_stacked(counters.iter().map(|ci| s.sides[side].counters[*ci].class));
            stacks.push(SetUpStack {
                hex,
                side,
                counters,
                over_stacked: over,
            });
        }
    }
    stacks
}

/// The positions grouped by hex, per side (the first two sides).
fn by_hex(at: &Positions) -> BTreeMap<Coord, [Vec<Placed>; 2]> {
    let mut hexes: BTreeMap<Coord, [Vec<Placed>; 2]> = BTreeMap::new();
    for ((si, ci), (c, p)) in at {
        if *si < 2 {
            hexes.entry(*c).or_default()[*si].push((*ci, p.clone()));
        }
    }
    hexes
}

/// Line hexes on the map; placements of `w/1` units within one hex (3.2), units of other
/// lines on their hex: where the set-up fixes each counter.
fn positions(
    s: &MsScenario,
    f: &MsMapFile,
    entries: &[Vec<Option<Enters>>],
    out: &mut Findings,
) -> Positions {
    let grid = f.grid();
    for (li, l) in s.setup.iter().enumerate() {
        if !grid.contains(l.at) {
            out.push_with(Code::OffMap, || f.off_map(l.at, path!["setup", li, "at"]));
        }
    }
    let mut at: Positions = BTreeMap::new();
    for (si, per_side) in entries.iter().enumerate() {
        for (ci, e) in per_side.iter().enumerate() {
            if let Some(Enters::SetUp(li)) = e {
                let l = &s.setup[*li];
                if !l.w1 && grid.contains(l.at) {
                    at.insert((si, ci), (l.at, path!["setup", *li, "at"]));
                }
            }
        }
    }
    let mut placed = HashSet::new();
    for (pi, p) in s.placements.iter().enumerate() {
        let Some(si) = s.side_index(&p.side) else {
            unknown_side(s, &p.side, path!["placements", pi, "side"], out);
            continue;
        };
        let sd = &s.sides[si];
        let Some(ci) = sd.counters.iter().position(|c| c.id == p.unit) else {
            out.push_with(Code::UnknownUnit, || {
                Diagnostic::new(
                    Code::UnknownUnit,
                    format!("{} has no counter with the ID `{}`", sd.name, p.unit),
                )
                .at_path(path!["placements", pi, "unit"])
                .with_hint(
                    did_you_mean(&suggestions(
                        &p.unit,
                        sd.counters.iter().map(|c| c.id.as_str()),
                    ))
                    .unwrap_or_else(|| "name a counter of the side's roster by its ID".into()),
                )
            });
            continue;
        };
        let here = path!["placements", pi, "at"];
        if !grid.contains(p.at) {
            out.push_with(Code::OffMap, || f.off_map(p.at, here));
            continue;
        }
        if !placed.insert((si, ci)) {
            out.push(
                Diagnostic::new(
                    Code::EntersTwice,
                    format!("{} `{}` is placed twice", sd.name, p.unit),
                )
                .at_path(path!["placements", pi])
                .with_hint("place each unit once"),
            );
            continue;
        }
        let problem = match entries[si][ci] {
            Some(Enters::SetUp(li)) => {
                let l = &s.setup[li];
                let d = grid.distance(l.at, p.at);
                if l.w1 && d <= ms::WITHIN_ONE {
                    at.insert((si, ci), (p.at, here.clone()));
                    None
                } else if l.w1 {
                    Some((
                        format!(
                            "{} `{}` sets up `w/1` {} but is placed at {}, {d} hexes away",
                            sd.name,
                            p.unit,
                            f.label(l.at),
                            f.label(p.at)
                        ),
                        format!(
                            "`w/1` allows {} or a hex adjacent to it (3.2)",
                            f.label(l.at)
                        ),
                    ))
                } else if d == 0 {
                    None
                } else {
                    Some((
                        format!(
                            "{} `{}` sets up at {} but is placed at {}",
                            sd.name,
                            p.unit,
                            f.label(l.at),
                            f.label(p.at)
                        ),
                        "a line without `w/1` puts its units on its hex (3.2)".to_string(),
                    ))
                }
            }
            Some(Enters::Arrives(_)) => Some((
                format!(
                    "{} `{}` arrives as a reinforcement, so it has no set-up hex",
                    sd.name, p.unit
                ),
                "remove the placement; reinforcements enter at their line's hex (4.5)".into(),
            )),
            None => Some((
                format!(
                    "{} `{}` is placed but no set-up line names it",
                    sd.name, p.unit
                ),
                "name it in a set-up line (3.2)".into(),
            )),
        };
        if let Some((msg, hint)) = problem {
            out.push(
                Diagnostic::new(Code::PlacementOutsideZone, msg)
                    .at_path(here)
                    .with_hex(f.label(p.at))
                    .with_hint(hint),
            );
        }
    }
    at
}

/// A counter of a side (its index) and where the file puts it.
type Placed = (usize, Vec<PathSeg>);

/// Where the set-up puts each counter, when it says: (side, counter) → (hex, the field that
/// says it: a line without `w/1`, `setup[i].at`, or a placement, `placements[i].at`).
type Positions = BTreeMap<(usize, usize), (Coord, Vec<PathSeg>)>;

/// Is this position fixed by a set-up line (rather than chosen by a `w/1` placement)?
fn by_line(p: &[PathSeg]) -> bool {
    p.first() == Some(&PathSeg::key("setup"))
}

/// The game on the track (3.3) and reinforcements by track label at an edge hex (3.2, 4.5).
fn turns(s: &MsScenario, f: &MsMapFile, out: &mut Findings) {
    let labels = &f.track.labels;
    let grid = f.grid();
    let first = match &s.first_turn {
        None => 0,
        Some(t) => match f.turn_index(t) {
            Some(i) => i,
            None => {
                out.push(not_on_track(f, t, path!["first_turn"], Code::GameLength));
                0
            }
        },
    };
    let room = labels.len().saturating_sub(first);
    if s.game_length as usize > room {
        out.push(
            Diagnostic::new(
                Code::GameLength,
                format!(
                    "a game of {} turns from {} does not fit the map's Turn Record Track, which has {room} spaces from there",
                    s.game_length,
                    labels.get(first).map_or("?", String::as_str)
                ),
            )
            .at_path(path!["game_length"])
            .with_hint(format!("use 1 to {room} turns, or type the rest of the track on the map")),
        );
    }
    let last = first + (s.game_length as usize).min(room).max(1) - 1;
    for (li, l) in s.reinforcements.iter().enumerate() {
        match f.turn_index(&l.turn) {
            None => out.push(not_on_track(
                f,
                &l.turn,
                path!["reinforcements", li, "turn"],
                Code::ArrivalTurn,
            )),
            Some(i) if i < first || i > last => out.push(
                Diagnostic::new(
                    Code::ArrivalTurn,
                    format!(
                        "reinforcements arrive at {}, but the game runs from {} to {}",
                        l.turn, labels[first], labels[last]
                    ),
                )
                .at_path(path!["reinforcements", li, "turn"])
                .with_hint("reinforcements arrive on a turn of the game (3.2, 4.5)"),
            ),
            Some(_) => {}
        }
        let here = path!["reinforcements", li, "at"];
        if !grid.contains(l.at) {
            out.push_with(Code::OffMap, || f.off_map(l.at, here));
        } else if !on_edge(grid, l.at) {
            out.push(
                Diagnostic::new(
                    Code::ArrivalNotOnEdge,
                    format!(
                        "reinforcements enter at {}, which is not on the map edge",
                        f.label(l.at)
                    ),
                )
                .at_path(here)
                .with_hex(f.label(l.at))
                .with_hint("an entry hex lies on the map edge: blocked units slide \"along that map edge\" (4.5)"),
            );
        }
    }
}

/// A turn label the track does not have.
fn not_on_track(f: &MsMapFile, t: &str, at: Vec<PathSeg>, code: Code) -> Diagnostic {
    let labels = &f.track.labels;
    Diagnostic::new(
        code,
        format!("`{t}` is not a space of the map's Turn Record Track"),
    )
    .at_path(at)
    .with_hint(
        did_you_mean(&suggestions(t, labels.iter().map(String::as_str))).unwrap_or_else(|| {
            format!(
                "the track's spaces are {}",
                labels
                    .iter()
                    .take(12)
                    .map(String::as_str)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }),
    )
}

/// Entry hexes on the edge (4.5, 7.7), replacement steps and re-entry (11.4).
fn edges(
    si: usize,
    side: &crate::model::musket_and_saber::MsSide,
    f: &MsMapFile,
    out: &mut Findings,
) {
    let grid = f.grid();
    if side.entry_hexes.is_empty() {
        out.push(
            Diagnostic::new(
                Code::NoEntryHexes,
                format!("{} has no friendly entry hexes", side.name),
            )
            .at_path(path!["sides", si, "entry_hexes"])
            .with_hint("type the side's entry hexes from the game (`entry_hexes: [\"0112\"]`)"),
        );
    }
    for (list, hexes) in [
        ("entry_hexes", &side.entry_hexes),
        ("reentry_hexes", &side.reentry_hexes),
    ] {
        for (i, c) in hexes.iter().enumerate() {
            let here = path!["sides", si, list, i];
            if !grid.contains(*c) {
                out.push_with(Code::OffMap, || f.off_map(*c, here));
            } else if list == "entry_hexes" && !on_edge(grid, *c) {
                out.push(
                    Diagnostic::new(
                        Code::ArrivalNotOnEdge,
                        format!(
                            "{}'s entry hex {} is not on the map edge",
                            side.name,
                            f.label(*c)
                        ),
                    )
                    .at_path(here)
                    .with_hex(f.label(*c))
                    .with_hint("entry hexes lie along a map edge (4.5)"),
                );
            }
        }
    }
    match side.replacement_steps {
        None => out.push(
            Diagnostic::new(
                Code::Replacements,
                format!("{} does not say how many lost steps it may recover", side.name),
            )
            .at_path(path!["sides", si])
            .with_hint("write `replacement_steps: Some(N)` from the scenario rules, `Some(0)` if none (11.4)"),
        ),
        Some(n) if n > 0 && side.reentry_hexes.is_empty() => out.push(
            Diagnostic::new(
                Code::Replacements,
                format!(
                    "{} may recover {n} steps but has no re-entry hexes for eliminated units",
                    side.name
                ),
            )
            .at_path(path!["sides", si, "reentry_hexes"])
            .with_hint("type the location the scenario rules give (11.4)"),
        ),
        Some(_) => {}
    }
}

/// Victory (3.4): each condition's side, turns within the game, targets on the map.
fn victory(s: &MsScenario, map: &Map, out: &mut Findings) {
    let mut compiler = ZoneCompiler::new(map, ZoneEnv::default());
    for (vi, v) in s.victory.iter().enumerate() {
        if v.side != EITHER_SIDE {
            unknown_side(s, &v.side, path!["victory", vi, "side"], out);
        }
        let base = path!["victory", vi, "goal"];
        v.goal.visit(&mut |g| {
            let (t, p) = match g {
                Goal::Hold { when, .. } | Goal::ControlEnemySetup { when } => {
                    match when.turn() {
                        Some(t) => (t, "when"),
                        None => return,
                    }
                }
                Goal::Exit { by_turn, counters, .. } => {
                    if let Some(c) = counters.first() {
                        out.push(
                            Diagnostic::new(
                                Code::UnknownUnit,
                                format!(
                                    "`{}` is a Rifle & Saber counter; a Musket & Saber exit counts any unit",
                                    c.describe()
                                ),
                            )
                            .at_path([base.clone(), path!["Exit", "counters"]].concat())
                            .with_hint("leave `counters` empty"),
                        );
                    }
                    (*by_turn, "by_turn")
                }
                _ => return,
            };
            if t > s.game_length {
                out.push(
                    Diagnostic::new(
                        Code::VictoryTurn,
                        format!(
                            "turn {t} of a game of {} turns",
                            s.game_length
                        ),
                    )
                    .at_path([base.clone(), path![p]].concat())
                    .with_hint("victory turns count the game's turns from 1"),
                );
            }
        });
        collect_goal_zones(&v.goal, base, &mut |p, zone| {
            let hexes = compiler.compile(zone, &p);
            if hexes.is_empty() {
                out.push(
                    Diagnostic::new(
                        Code::VictoryTarget,
                        "this victory target has no hexes on the map",
                    )
                    .at_path(p)
                    .with_hint("name hexes of the map (`Hexes([\"0604\"])`)"),
                );
            }
        });
    }
    out.extend(std::mem::take(&mut compiler.diagnostics).into_vec());
}

/// Leaders set up alone beside the enemy by one field: (the field, their side, their hex, the
/// leaders, the enemy's side, unit and hex).
type LoneLeaders = (
    Vec<PathSeg>,
    usize,
    Coord,
    Vec<usize>,
    (usize, usize, Coord),
);

/// A field putting units on prohibited terrain: (the field, the hex, the kind of terrain, the
/// side, the units' IDs and classes).
type Prohibited<'a> = (Vec<PathSeg>, Coord, &'a str, usize, Vec<(&'a str, MsClass)>);

/// No unit sets up, is placed or enters the map in terrain the map's chart prohibits to its
/// class (7.7 "prohibited terrain", 8.1(6) artillery "may not move … into some terrain
/// types", 10.0 leaders "ignoring all but prohibited terrain"): setting up on a hex, or
/// entering by it, is entering it, as under Rifle & Saber's 11.5 rule (the same code, DEP009).
/// One finding a field and kind of terrain, naming its units.
fn prohibited(
    s: &MsScenario,
    f: &MsMapFile,
    members: &HashMap<Enters, Vec<(usize, usize)>>,
    at: &Positions,
    out: &mut Findings,
) {
    let grid = f.grid();
    let mut found: Vec<Prohibited> = Vec::new();
    let mut index: HashMap<(Vec<PathSeg>, &str), usize> = HashMap::new();
    let mut note = |p: &Vec<PathSeg>, c: Coord, si: usize, ci: usize| {
        let counter = &s.sides[si].counters[ci];
        let Some(kind) = f.prohibited_kind(counter.class, c) else {
            return;
        };
        let unit = (counter.id.as_str(), counter.class);
        match index.get(&(p.clone(), kind)) {
            Some(i) => found[*i].4.push(unit),
            None => {
                index.insert((p.clone(), kind), found.len());
                found.push((p.clone(), c, kind, si, vec![unit]));
            }
        }
    };
    for ((si, ci), (c, p)) in at {
        note(p, *c, *si, *ci);
    }
    for (li, l) in s.reinforcements.iter().enumerate() {
        if !grid.contains(l.at) {
            continue;
        }
        let here = path!["reinforcements", li, "at"];
        for (si, ci) in members.get(&Enters::Arrives(li)).into_iter().flatten() {
            note(&here, l.at, *si, *ci);
        }
    }
    for (p, c, kind, si, units) in found {
        let arrives = p.first() == Some(&PathSeg::key("reinforcements"));
        let classes: Vec<&str> = {
            let mut v: Vec<MsClass> = units.iter().map(|(_, c)| *c).collect();
            v.sort();
            v.dedup();
            v.into_iter().map(MsClass::name).collect()
        };
        let mut ids: Vec<String> = units
            .iter()
            .take(5)
            .map(|(id, _)| format!("`{id}`"))
            .collect();
        if units.len() > 5 {
            ids.push(format!("and {} more", units.len() - 5));
        }
        let verb = match (arrives, units.len() == 1) {
            (true, true) => "enters the map at",
            (true, false) => "enter the map at",
            (false, true) => "sets up at",
            (false, false) => "set up at",
        };
        out.push(
            Diagnostic::new(
                Code::SetupOnRiver,
                format!(
                    "{} {} {verb} {}, {kind}, which the map's chart prohibits to {}",
                    s.sides[si].name,
                    ids.join(", "),
                    f.label(c),
                    classes.join(" and ")
                ),
            )
            .at_path(p)
            .with_hex(f.label(c))
            .with_hint(if arrives {
                "a reinforcement's entry hex is the first hex it moves into (4.5): name an edge hex it may enter"
            } else {
                "setting up on a hex is entering it: choose a hex whose terrain the class may enter"
            }),
        );
    }
}

/// A `w/1` line has room (3.2, 5.0): its units can stand in its hex and the hexes adjacent to
/// it, less those off the map, those an enemy line sets up in, and, for each unit, those whose
/// terrain the chart prohibits to its class, beside the friendly units other lines set up
/// there, without over-stacking a hex. Asked of the ruleset's stacking rule hex by hex
/// (`Stacking::fits`). Placements of other `w/1` lines are choices, not counted.
fn room(
    s: &MsScenario,
    f: &MsMapFile,
    members: &HashMap<Enters, Vec<(usize, usize)>>,
    at: &Positions,
    out: &mut Findings,
) {
    let grid = f.grid();
    let rules = Game::MusketAndSaberQuickPlay.ruleset();
    // Who lines without `w/1` set up in each hex, by side.
    let mut fixed: HashMap<(usize, Coord), Vec<usize>> = HashMap::new();
    for ((si, ci), (c, p)) in at {
        if by_line(p) {
            fixed.entry((*si, *c)).or_default().push(*ci);
        }
    }
    for (li, l) in s.setup.iter().enumerate() {
        let Some(si) = s.side_index(&l.side) else {
            continue;
        };
        if !l.w1 || !grid.contains(l.at) {
            continue;
        }
        let units: Vec<usize> = members
            .get(&Enters::SetUp(li))
            .into_iter()
            .flatten()
            .filter(|(s2, _)| *s2 == si)
            .map(|(_, ci)| *ci)
            .collect();
        if units.is_empty() {
            continue;
        }
        let held_by = |c: Coord, side: usize| {
            fixed
                .get(&(side, c))
                .map_or(&[][..], Vec::as_slice)
                .iter()
                .copied()
        };
        let mut ring: Vec<Coord> = std::iter::once(l.at).chain(grid.neighbors(l.at)).collect();
        let near = ring.len();
        let other = 1 - si.min(1);
        ring.retain(|c| s.sides.len() < 2 || held_by(*c, other).next().is_none());
        let enemy_held = near - ring.len();
        let sd = &s.sides[si];
        let filled: Vec<Vec<_>> = ring
            .iter()
            .map(|c| {
                held_by(*c, si)
                    .map(|ci| sd.counters[ci].class.stack_weight())
                    .collect()
            })
            .collect();
        let mut barred: Vec<String> = Vec::new();
        let wanted: Vec<_> = units
            .iter()
            .map(|ci| {
                let class = sd.counters[*ci].class;
                let mut mask = 0u32;
                for (h, c) in ring.iter().enumerate() {
                    match f.prohibited_kind(class, *c) {
                        None => mask |= 1 << h,
                        Some(kind) => {
                            let why = format!("{} {kind}", f.label(*c));
                            if !barred.contains(&why) {
                                barred.push(why);
                            }
                        }
                    }
                }
                (class.stack_weight(), mask)
            })
            .collect();
        if rules.stacking.fits(&filled, &wanted) != Some(false) {
            continue;
        }
        let mut why = vec![format!("{near} of the hexes are on the map")];
        if enemy_held > 0 {
            why.push(format!("the enemy sets up in {enemy_held}"));
        }
        if !barred.is_empty() {
            why.push(format!(
                "some are prohibited to some of its units ({})",
                barred.join(", ")
            ));
        }
        out.push(
            Diagnostic::new(
                Code::ZoneTooSmall,
                format!(
                    "{}'s {} units set up `w/1` {} cannot all stand in it and the hexes adjacent to it without over-stacking: {}",
                    sd.name,
                    units.len(),
                    f.label(l.at),
                    why.join(", ")
                ),
            )
            .at_path(path!["setup", li, "at"])
            .with_hex(f.label(l.at))
            .with_hint("a hex holds one battalion or artillery unit plus any three units (5.0): set some of the line's units up by another line"),
        );
    }
}

/// A leader set up alone (no friendly combat unit in its hex) next to an enemy combat unit
/// (10.0: leaders "may not enter an EZOC unless moving with a friendly unit or the hex contains
/// a friendly unit" and retreat "anytime an enemy unit moves adjacent to a lone leader"; 6.1:
/// the six hexes adjacent to a combat unit are its ZOC). Only where the set-up fixes both: a
/// friendly `w/1` unit not yet placed that may stand in the leader's hex keeps it company.
fn lone_leaders(
    s: &MsScenario,
    f: &MsMapFile,
    entries: &[Vec<Option<Enters>>],
    at: &Positions,
    out: &mut Findings,
) {
    let grid = f.grid();
    let class = |si: usize, ci: usize| s.sides[si].counters[ci].class;
    // The first combat unit of each side in each hex the set-up fixes.
    let mut combat: HashMap<(usize, Coord), usize> = HashMap::new();
    for ((si, ci), (c, _)) in at {
        if class(*si, *ci).is_combat() {
            combat.entry((*si, *c)).or_insert(*ci);
        }
    }
    // The hexes a friendly combat unit of a `w/1` line not yet placed may still stand in.
    let mut may_come: HashSet<(usize, Coord)> = HashSet::new();
    for (si, per_side) in entries.iter().enumerate() {
        for (ci, e) in per_side.iter().enumerate() {
            if let Some(Enters::SetUp(li)) = e
                && s.setup[*li].w1
                && class(si, ci).is_combat()
                && !at.contains_key(&(si, ci))
            {
                let c = s.setup[*li].at;
                may_come.extend(std::iter::once(c).chain(grid.neighbors(c)).map(|h| (si, h)));
            }
        }
    }
    let combat = &combat;
    // One finding a field (a line may set up many leaders in one hex): its leaders, in order.
    let mut found: Vec<LoneLeaders> = Vec::new();
    let mut index: HashMap<Vec<PathSeg>, usize> = HashMap::new();
    for ((si, ci), (c, p)) in at {
        if class(*si, *ci).is_combat()
            || combat.contains_key(&(*si, *c))
            || may_come.contains(&(*si, *c))
        {
            continue;
        }
        let enemy = grid
            .neighbors(*c)
            .flat_map(|n| {
                (0..s.sides.len())
                    .filter(|es| es != si)
                    .filter_map(move |es| combat.get(&(es, n)).map(|ec| (es, *ec, n)))
            })
            .min();
        let Some(enemy) = enemy else {
            continue;
        };
        match index.get(p) {
            Some(i) => found[*i].3.push(*ci),
            None => {
                index.insert(p.clone(), found.len());
                found.push((p.clone(), *si, *c, vec![*ci], enemy));
            }
        }
    }
    for (p, si, c, leaders, (es, ec, eh)) in found {
        let side = &s.sides[si];
        let mut ids: Vec<String> = leaders
            .iter()
            .take(5)
            .map(|ci| format!("`{}`", side.counters[*ci].id))
            .collect();
        if leaders.len() > 5 {
            ids.push(format!("and {} more", leaders.len() - 5));
        }
        let (who, verb) = if leaders.len() == 1 {
            ("leader", "sets")
        } else {
            ("leaders", "set")
        };
        out.push(
            Diagnostic::new(
                Code::LoneLeader,
                format!(
                    "{} {who} {} {verb} up alone at {}, adjacent to {} `{}` at {}",
                    side.name,
                    ids.join(", "),
                    f.label(c),
                    s.sides[es].name,
                    s.sides[es].counters[ec].id,
                    f.label(eh)
                ),
            )
            .at_path(p)
            .with_hex(f.label(c))
            .with_hint("a lone leader may not enter an enemy ZOC and retreats when an enemy moves adjacent (10.0): set it up with a friendly unit, or farther off"),
        );
    }
}

/// Victory conditions for each player (3.4: "The specific victory conditions for each player
/// are listed"): a side has one when a condition is its own or either side's, or an outcome
/// makes it the winner (a plain win makes the other side the winner when the goal is not met;
/// a graded one names its winners). A note: the scenario rules may give one side none.
fn victory_for_each_side(s: &MsScenario, out: &mut Findings) {
    use crate::model::victory::Outcome;
    for (si, side) in s.sides.iter().enumerate() {
        let has = s.victory.iter().any(|v| {
            v.side == side.id
                || v.side == EITHER_SIDE
                || match &v.outcome {
                    Outcome::Wins => s.side_index(&v.side).is_some(),
                    Outcome::Graded { by_turn, otherwise } => {
                        otherwise.winner == side.id
                            || by_turn.iter().any(|r| r.result.winner == side.id)
                    }
                }
        });
        if !has {
            out.push(
                Diagnostic::new(
                    Code::NoVictoryCondition,
                    format!("{} has no victory condition", side.name),
                )
                .at_path(path!["sides", si, "id"])
                .with_hint(format!(
                    "type its conditions from the scenario rules (3.4): `(side: \"{}\", goal: …)`",
                    side.id
                )),
            );
        }
    }
}
