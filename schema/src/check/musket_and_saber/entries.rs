//! The lines that bring each counter into play once (3.2): set-up and reinforcement lines by ID
//! and/or formation, every counter named once, the roster within a counter sheet (2.1).

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg, suggestions};
use crate::model::musket_and_saber::MsScenario;
use crate::path;
use crate::ruleset::musket_and_saber as ms;
use std::collections::{BTreeMap, HashMap, HashSet};

use super::shared::{Enters, some, unknown_side};

/// Per side, per counter: the lines bringing it into play: a line naming it by ID, else a line
/// naming its formation ([`MsScenario::line_units`]'s reading). Unknown names are ROS007, a
/// counter named twice ROS005 (by ID twice, or by two lines of its formation), a counter never named ROS006, the roster past a sheet ROS008.
pub(super) fn lines(s: &MsScenario, out: &mut Findings) -> Vec<Vec<Option<Enters>>> {
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
    // The IDs each side's lines name: those counters are brought in by their own lines, the
    // rest of a formation by its formation's line (README, "Set-up lines").
    let by_id = s.named_by_id();
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
                    .spelling(
                        &suggestions(u, ids[si].keys().copied()),
                        format!(
                            "add `{u}` to {}'s `counters`, or name a counter of its roster by its ID: {}",
                            sd.name,
                            some(sd.counters.iter().map(|c| c.id.as_str()))
                        ),
                    )
                }),
            }
        }
        if let Some(fm) = formation {
            match formations[si].get(fm) {
                Some(members) => {
                    // A counter some line names by ID is that line's, not its formation's.
                    let rest: Vec<usize> = members
                        .iter()
                        .copied()
                        .filter(|ci| !by_id[si].contains(sd.counters[*ci].id.as_str()))
                        .collect();
                    if rest.is_empty() && units.is_empty() {
                        out.push(
                            Diagnostic::new(
                                Code::EntersTwice,
                                format!(
                                    "every counter of {}'s formation `{fm}` is named by ID on a line of its own, so this line brings none into play",
                                    sd.name
                                ),
                            )
                            .at_path(path![list, li, "formation"])
                            .with_hint("a unit's own line places it, its formation's line the rest (3.2): remove this line, or a unit from the other lines"),
                        );
                    }
                    named.extend(
                        rest.into_iter()
                            .map(|ci| (ci, path![list, li, "formation"])),
                    )
                }
                None => out.push_with(Code::UnknownUnit, || {
                    Diagnostic::new(
                        Code::UnknownUnit,
                        format!("no counter of {} is of the formation `{fm}`", sd.name),
                    )
                    .at_path(path![list, li, "formation"])
                    .spelling(
                        &suggestions(fm, formations[si].keys().copied()),
                        format!(
                            "name a formation as the counters print it: {}",
                            some(formations[si].keys().copied())
                        ),
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
