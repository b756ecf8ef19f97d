//! The checks of Musket & Saber Quick Play files, each citing the M&S rule it enforces.
//!
//! Codes shared with Rifle & Saber (stacking, enemies in one hex, placements, turns, arrivals,
//! references, roads, hexes off the map) keep their code and cite the M&S section
//! ([`crate::ruleset::musket_and_saber::CITATIONS`]); a shared code with no M&S section cites
//! none rather than a Rifle & Saber one. The M&S-only codes (MAP010, MAP011, DEP012, DEP013,
//! ROS001–ROS008) cite M&S in their registry rows.

mod map;
mod scenario;

use crate::diagnostic::Diagnostic;
use crate::model::map::Map;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use crate::ruleset::musket_and_saber::{OWN_CODES, citation};

/// Every check of an M&S map on its own.
pub fn check_map(f: &MsMapFile) -> Vec<Diagnostic> {
    map::check(f).into_iter().map(cite).collect()
}

/// Every check of an M&S scenario on its map (`map`: the in-memory form of `f`, for zones).
pub fn check_scenario(s: &MsScenario, f: &MsMapFile, map: &Map) -> Vec<Diagnostic> {
    let found = scenario::check(s, f, map).into_iter().map(cite).collect();
    super::explained(&s.interpretations, found)
}

/// The M&S section of a finding's code (see the module documentation).
fn cite(mut d: Diagnostic) -> Diagnostic {
    let info = d.code.info();
    if OWN_CODES.contains(&info.id) {
        return d;
    }
    d.rule = citation(info.id).map(str::to_string);
    d
}
