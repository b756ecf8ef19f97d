//! A Musket & Saber scenario on its map: the families of checks in order, each in a file of its
//! own (the roster, `roster.rs`; the lines bringing each counter into play, `entries.rs`; set-up
//! hexes and `w/1`, prohibited terrain and lone leaders, `setup.rs`; stacking and room,
//! `stacking.rs`; the track, reinforcements and entry hexes, `turns.rs`; victory, `victory.rs`),
//! and what they share: how a counter enters play and where the set-up puts it.

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg, did_you_mean, suggestions};
use crate::model::hex::{Coord, Edge, Grid};
use crate::model::map::Map;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use std::collections::{BTreeMap, HashMap};

use super::{entries, roster, setup, stacking, turns, victory};

/// Every check of an M&S scenario on its map, family by family.
pub(super) fn check(s: &MsScenario, f: &MsMapFile, map: &Map) -> Vec<Diagnostic> {
    let mut out = Findings::new();
    roster::references(s, &mut out);
    for (si, side) in s.sides.iter().enumerate() {
        roster::roster(si, side, &mut out);
    }
    let entries = entries::lines(s, &mut out);
    let at = stacking::setup(s, f, &entries, &mut out);
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
    setup::prohibited(s, f, &members, &at, &mut out);
    stacking::room(s, f, &members, &at, &mut out);
    setup::lone_leaders(s, f, &entries, &at, &mut out);
    victory::victory_for_each_side(s, &mut out);
    turns::turns(s, f, &mut out);
    for (si, side) in s.sides.iter().enumerate() {
        turns::edges(si, side, f, &mut out);
    }
    victory::victory(s, map, &mut out);
    out.into_vec()
}

/// Is a hex on the map's edge?
pub(super) fn on_edge(g: Grid, c: Coord) -> bool {
    Edge::ALL.iter().any(|e| g.on_edge(c, *e))
}

/// REF003 if `id` names no side.
pub(super) fn unknown_side(s: &MsScenario, id: &str, at: Vec<PathSeg>, out: &mut Findings) -> bool {
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

/// How a counter enters play: set up by a line (its index), or arriving by one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Enters {
    SetUp(usize),
    Arrives(usize),
}

/// A counter of a side (its index) and where the file puts it.
pub(super) type Placed = (usize, Vec<PathSeg>);

/// Where the set-up puts each counter, when it says: (side, counter) → (hex, the field that
/// says it: a line without `w/1`, `setup[i].at`, or a placement, `placements[i].at`).
pub(super) type Positions = BTreeMap<(usize, usize), (Coord, Vec<PathSeg>)>;

/// Is this position fixed by a set-up line (rather than chosen by a `w/1` placement)?
pub(super) fn by_line(p: &[PathSeg]) -> bool {
    p.first() == Some(&PathSeg::key("setup"))
}
