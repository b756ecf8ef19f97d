//! The checks of Musket & Saber Quick Play files, each citing the M&S rule it enforces.
//!
//! Codes shared with Rifle & Saber (stacking, enemies in one hex, placements, turns, arrivals,
//! references, roads, hexes off the map) keep their code and cite the M&S section
//! (`Ruleset::citation` of Musket & Saber's ruleset); a shared code with no M&S section cites
//! none rather than a Rifle & Saber one. The M&S-only codes (MAP010–MAP015, DEP012–DEP014, TRN005,
//! VIC008, ROS001–ROS009) cite M&S in their registry rows.

mod entries;
mod map;
mod playability;
mod roster;
mod scenario;
mod setup;
mod shared;
mod stacking;
mod turns;
mod victory;

pub use stacking::{SetUpStack, over_stacked, set_up_stacks};

use crate::diagnostic::Diagnostic;
use crate::model::map::Map;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use crate::ruleset::Game;
use crate::ruleset::musket_and_saber::OWN_CODES;

/// Every check of an M&S map on its own (its hexes read on its grid, printed in its numbers).
pub fn check_map(f: &MsMapFile) -> Vec<Diagnostic> {
    map::check(&f.in_grid()).into_iter().map(cite).collect()
}

/// Every check of an M&S scenario on its map (`map`: the in-memory form of `f`, for zones).
pub fn check_scenario(s: &MsScenario, f: &MsMapFile, map: &Map) -> Vec<Diagnostic> {
    // Hexes as the map numbers them, read on its grid (2.2).
    let f = f.in_grid();
    let s = &s.in_grid(f.numbering);
    let found = scenario::check(s, &f, map).into_iter().map(cite).collect();
    super::explained(&s.interpretations, found)
}

/// The M&S section of a finding's code (see the module documentation): the ruleset's for a
/// shared code, the registry row's (or the one of its sections the case cites) for an M&S code.
fn cite(d: Diagnostic) -> Diagnostic {
    if OWN_CODES.contains(&d.code.as_str()) {
        return d;
    }
    let rules = Game::MusketAndSaberQuickPlay.ruleset();
    super::cited(rules, vec![d]).pop().expect("one in, one out")
}
