//! The game on the Turn Record Track (3.3), reinforcements by track label at an edge hex, one of
//! their side's entry hexes (3.2, 4.5, 7.7), each side's entry hexes (4.5, 7.7), replacements
//! and re-entry (11.4).

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg, suggestions};
use crate::model::hex::Coord;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use crate::path;
use std::collections::HashSet;

/// The game on the track (3.3) and reinforcements by track label at an edge hex (3.2, 4.5).
pub(super) fn turns(s: &MsScenario, f: &MsMapFile, out: &mut Findings) {
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
    let entry: Vec<HashSet<Coord>> = s
        .sides
        .iter()
        .map(|sd| sd.entry_hexes.iter().copied().collect())
        .collect();
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
        } else if !grid.on_any_edge(l.at) {
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
        } else if let Some(si) = s.side_index(&l.side) {
            not_an_entry_hex(s, f, &entry, si, li, out);
        }
    }
}

/// TRN005: a reinforcement line's hex that is not one of its side's friendly entry hexes (read
/// from 4.5: a blocked unit slides "towards the next friendly entry hex"; 7.7: retreats go
/// "closer to one of its side's entry hexes"). A side listing no entry hexes is DEP012's.
/// `entry`: each side's entry hexes, as a set (a long list of lines against a long list of
/// hexes stays linear).
fn not_an_entry_hex(
    s: &MsScenario,
    f: &MsMapFile,
    entry: &[HashSet<Coord>],
    si: usize,
    li: usize,
    out: &mut Findings,
) {
    let l = &s.reinforcements[li];
    let side = &s.sides[si];
    if entry[si].is_empty() || entry[si].contains(&l.at) {
        return;
    }
    let enemy = s
        .sides
        .iter()
        .enumerate()
        .find(|(i, _)| *i != si && entry[*i].contains(&l.at))
        .map(|(_, o)| o);
    let hexes: Vec<String> = side
        .entry_hexes
        .iter()
        .take(8)
        .map(|c| f.label(*c))
        .collect();
    out.push_with(Code::ArrivalNotEntryHex, || {
        Diagnostic::new(
            Code::ArrivalNotEntryHex,
            format!(
                "{}'s reinforcements enter at {}, which is {} (read as: a side's reinforcements enter at its friendly entry hexes, 4.5)",
                side.name,
                f.label(l.at),
                match enemy {
                    Some(o) => format!("{}'s entry hex, not one of {}'s", o.name, side.name),
                    None => format!("not one of {}'s entry hexes", side.name),
                }
            ),
        )
        .at_path(path!["reinforcements", li, "at"])
        .with_hex(f.label(l.at))
        .with_hint(format!(
            "{}'s entry hexes are {}: add {} to them, or correct the line; if the scenario rules bring the unit in there, say so in an interpretation note that explains TRN005",
            side.name,
            hexes.join(", "),
            f.label(l.at)
        ))
    });
}

/// A turn label the track does not have.
fn not_on_track(f: &MsMapFile, t: &str, at: Vec<PathSeg>, code: Code) -> Diagnostic {
    let labels = &f.track.labels;
    Diagnostic::new(
        code,
        format!("`{t}` is not a space of the map's Turn Record Track"),
    )
    .at_path(at)
    .spelling(
        &suggestions(t, labels.iter().map(String::as_str)),
        format!(
            "the track's spaces are {}",
            labels
                .iter()
                .take(12)
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )
}

/// Entry hexes on the edge (4.5, 7.7), replacement steps and re-entry (11.4).
pub(super) fn edges(
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
            } else if list == "entry_hexes" && !grid.on_any_edge(*c) {
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
