//! Where the set-up puts each unit (3.2: a line's hex, `w/1` placements within one hex), no unit
//! in terrain the chart prohibits to its class (7.7, 8.1, 10.0), and leaders not set up alone
//! beside the enemy (10.0, 6.1).

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg, suggestions};
use crate::model::hex::Coord;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use crate::path;
use crate::ruleset::musket_and_saber::{self as ms, MsClass};
use std::collections::{BTreeMap, HashMap, HashSet};

use super::shared::{Enters, Positions, unknown_side};

/// Line hexes on the map; placements of `w/1` units within one hex (3.2), units of other
/// lines on their hex: where the set-up fixes each counter.
pub(super) fn positions(
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
                .spelling(
                    &suggestions(&p.unit, sd.counters.iter().map(|c| c.id.as_str())),
                    format!(
                        "add `{}` to {}'s `counters`, or name a counter of its roster by its ID: {}",
                        p.unit,
                        sd.name,
                        super::shared::some(sd.counters.iter().map(|c| c.id.as_str()))
                    ),
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

/// A field putting units on prohibited terrain: (the field, the hex, the kind of terrain, the
/// side, the units' IDs and classes).
type Prohibited<'a> = (Vec<PathSeg>, Coord, &'a str, usize, Vec<(&'a str, MsClass)>);

/// No unit sets up, is placed or enters the map in terrain the map's chart prohibits to its
/// class (7.7 "prohibited terrain", 8.1(6) artillery "may not move … into some terrain
/// types", 10.0 leaders "ignoring all but prohibited terrain"): setting up on a hex, or
/// entering by it, is entering it, as under Rifle & Saber's 11.5 rule (the same code, DEP009).
/// One finding a field and kind of terrain, naming its units.
pub(super) fn prohibited(
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

/// Leaders set up alone beside the enemy by one field: (the field, their side, their hex, the
/// leaders, the enemy's side, unit and hex).
type LoneLeaders = (
    Vec<PathSeg>,
    usize,
    Coord,
    Vec<usize>,
    (usize, usize, Coord),
);

/// A leader set up alone (no friendly combat unit in its hex) next to an enemy combat unit
/// (10.0: leaders "may not enter an EZOC unless moving with a friendly unit or the hex contains
/// a friendly unit" and retreat "anytime an enemy unit moves adjacent to a lone leader"; 6.1:
/// the six hexes adjacent to a combat unit are its ZOC). Only where the set-up fixes both: a
/// friendly `w/1` unit not yet placed that may stand in the leader's hex keeps it company.
pub(super) fn lone_leaders(
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
