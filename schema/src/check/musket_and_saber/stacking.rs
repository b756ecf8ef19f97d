//! Set-up stacking (5.0) and enemies apart (4.5, 7.7) on every hex where the set-up fixes units,
//! and room for each `w/1` line (3.2, 5.0).

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg};
use crate::model::hex::Coord;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use crate::path;
use crate::ruleset::Game;
use crate::ruleset::musket_and_saber::{MsClass, stack_counts};
use std::collections::{BTreeMap, HashMap};

use super::entries::lines;
use super::setup::positions;
use super::shared::{Enters, Placed, Positions, by_line};

/// Set-up: line hexes on the map; placements of `w/1` units within one hex (3.2), units of
/// other lines on their hex; then 5.0 and enemies apart (4.5) on every hex where the set-up
/// fixes units.
pub(super) fn setup(
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
                units
                    .iter()
                    .filter(|(ci, _)| sd.counters[*ci].class != MsClass::Leader)
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

/// A `w/1` line has room (3.2, 5.0): its units can stand in its hex and the hexes adjacent to
/// it, less those off the map, those an enemy line sets up in, and, for each unit, those whose
/// terrain the chart prohibits to its class, beside the friendly units other lines set up
/// there, without over-stacking a hex. Asked of the ruleset's stacking rule hex by hex
/// (`Stacking::fits`). Placements of other `w/1` lines are choices, not counted.
pub(super) fn room(
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
