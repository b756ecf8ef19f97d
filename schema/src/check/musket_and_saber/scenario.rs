//! A Musket & Saber scenario on its map: the families of checks in order, each in a file of its
//! own (the roster, `roster.rs`; the lines bringing each counter into play, `entries.rs`; set-up
//! hexes and `w/1`, prohibited terrain and lone leaders, `setup.rs`; stacking and room,
//! `stacking.rs`; the track, reinforcements and entry hexes, `turns.rs`; victory, `victory.rs`;
//! whether each side can reach its goals' places at all, `playability.rs`).
//! What they share is in `shared.rs`.

use crate::diagnostic::{Diagnostic, Findings};
use crate::model::map::Map;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use std::collections::HashMap;

use super::shared::Enters;
use super::{entries, playability, roster, setup, stacking, turns, victory};

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
    playability::playability(s, f, map, &mut out);
    out.into_vec()
}
