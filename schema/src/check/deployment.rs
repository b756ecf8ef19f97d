//! Deployment (11.0, 7.0): every deployment zone is non-empty and on the map, can hold its
//! group at six stacking points a hex, the side's groups fit together, opposing zones that
//! overlap are flagged (enemy and friendly units never share a hex, 7.0), and set-up placements
//! lie in their group's zone.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::counter::Counter;
use crate::model::hex::{Coord, Grid};
use crate::model::hex_set::HexSet;
use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::path;
use crate::pipeline::zones::Resolved;
use crate::ruleset::Ruleset;

pub(super) fn check(s: &Scenario, map: &Map, r: &Resolved) -> Vec<Diagnostic> {
    let rules = Ruleset::rifle_and_saber();
    let limit = rules.stacking_limit;
    let mut out = Vec::new();
    for (si, side) in s.sides.iter().enumerate() {
        let (mut two_total, mut three_total, mut deploying) = (0u32, 0u32, 0usize);
        for (gi, group) in side.groups.iter().enumerate() {
            let Entry::Deploy { .. } = group.entry else {
                continue;
            };
            let Some(hexes) = r.groups.get(si).and_then(|g| g.get(gi)) else {
                continue;
            };
            let p = path!["sides", si, "groups", gi, "entry", "Deploy", "zone"];
            let (two, three) = group.unit_split();
            two_total = two_total.saturating_add(two);
            three_total = three_total.saturating_add(three);
            deploying += 1;
            let need = rules.min_hexes_for(two, three);
            for (ai, alt) in hexes.alternatives.iter().enumerate() {
                let which = if hexes.alternatives.len() > 1 {
                    format!(" (alternative {})", ai + 1)
                } else {
                    String::new()
                };
                if alt.is_empty() {
                    out.push(
                        Diagnostic::error(
                            Code::EmptyZone,
                            format!("the deployment zone of {} group ({}){which} has no hexes on this map", side.name, group.id),
                        )
                        .at_path(p.clone())
                        .with_hint("widen the zone: check its distances and directions against the map (`saberc render` draws it)")
                        .with_rule("11.0"),
                    );
                } else if (alt.len() as u32) < need {
                    out.push(
                        Diagnostic::error(
                            Code::ZoneTooSmall,
                            format!(
                                "{} group ({}){which} needs at least {need} hexes ({} stacking points at {limit} a hex) but its zone has {}",
                                side.name,
                                group.id,
                                group.stacking_points(),
                                alt.len()
                            ),
                        )
                        .at_path(p.clone())
                        .with_hex(map.grid.label(alt.iter().next().expect("non-empty")))
                        .with_hint("widen the zone, or record in `interpretations` how the rules text is read")
                        .with_rule("7.0"),
                    );
                }
            }
        }
        if deploying > 1 {
            let union = r
                .deployment
                .get(si)
                .cloned()
                .unwrap_or_else(|| HexSet::empty(map.grid));
            let need = rules.min_hexes_for(two_total, three_total);
            if !union.is_empty() && (union.len() as u32) < need {
                out.push(
                    Diagnostic::error(
                        Code::ZoneTooSmall,
                        format!(
                            "{}'s deploying groups need at least {need} hexes together, but their zones cover {}",
                            side.name,
                            union.len()
                        ),
                    )
                    .at_path(path!["sides", si, "groups"])
                    .with_hint("the groups' zones overlap too much: widen one of them")
                    .with_rule("7.0"),
                );
            }
        }
    }
    // Opposing zones that overlap: legal only if the second side avoids the first's hexes.
    if r.deployment.len() == 2 {
        let mut both = r.deployment[0].clone();
        both.intersect_with(&r.deployment[1]);
        if !both.is_empty() {
            let first = s.side_index(&s.deploys_first).unwrap_or(0);
            let second = 1 - first;
            out.push(
                Diagnostic::warning(
                    Code::OpposingZonesOverlap,
                    format!(
                        "the deployment zones of {} and {} share {} hexes",
                        s.sides[0].name,
                        s.sides[1].name,
                        both.len()
                    ),
                )
                .at_path(path!["sides", second, "groups"])
                .with_hex(map.grid.label(both.iter().next().expect("non-empty")))
                .with_hint(format!(
                    "{} deploys second and may not use hexes {} occupies; if that is intended, explain it in `interpretations`",
                    s.sides[second].name, s.sides[first].name
                ))
                .with_rule("7.0"),
            );
        }
    }
    for (pi, p) in s.setup.iter().enumerate() {
        let Some(si) = s.side_index(&p.side) else {
            continue;
        };
        let Some(gi) = s.sides[si].groups.iter().position(|g| g.id == p.group) else {
            continue;
        };
        let group = &s.sides[si].groups[gi];
        match placement_problem(s, map.grid, r, si, gi, p.counter, p.at) {
            None => {}
            Some(PlacementProblem::OffMap) => out.push(
                Diagnostic::error(
                    Code::OffMap,
                    format!("counter placed off the map at ({}, {})", p.at.0, p.at.1),
                )
                .at_path(path!["setup", pi, "at"])
                .with_hint(map.grid.off_map_hint(p.at)),
            ),
            Some(PlacementProblem::Arrives { .. }) => out.push(
                Diagnostic::error(
                    Code::PlacementOutsideZone,
                    format!(
                        "group ({}) arrives during play and cannot be placed at set-up",
                        group.id
                    ),
                )
                .at_path(path!["setup", pi])
                .with_hex(map.grid.label(p.at))
                .with_hint("remove the placement; the group enters on its arrival turn")
                .with_rule("11.0"),
            ),
            Some(PlacementProblem::OutsideZone { .. }) => out.push(
                Diagnostic::error(
                    Code::PlacementOutsideZone,
                    format!(
                        "{} is placed outside the deployment zone of {} group ({})",
                        map.grid.label(p.at),
                        s.sides[si].name,
                        group.id
                    ),
                )
                .at_path(path!["setup", pi, "at"])
                .with_hex(map.grid.label(p.at))
                .with_hint("move it into the zone (the editor draws the zone on the map)")
                .with_rule("11.0"),
            ),
        }
    }
    out
}

/// Why a counter may not be placed on a hex at set-up (11.0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlacementProblem {
    /// The hex is not on the map.
    OffMap,
    /// The group arrives during play: it is not placed at set-up.
    Arrives {
        /// The group's letter.
        group: String,
    },
    /// A unit outside its group's deployment zone.
    OutsideZone {
        /// The side's name.
        side: String,
        /// The group's letter.
        group: String,
    },
}

impl std::fmt::Display for PlacementProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlacementProblem::OffMap => write!(f, "off the map"),
            PlacementProblem::Arrives { group } => write!(
                f,
                "group ({group}) arrives during play and is not placed at set-up (11.0)"
            ),
            PlacementProblem::OutsideZone { side, group } => {
                write!(f, "outside the deployment zone of {side} ({group}) (11.0)")
            }
        }
    }
}

/// Whether a counter of group `gi` of side `si` may be placed at `at` at set-up: the hex is on
/// the map, the group deploys (it does not arrive during play), and a unit lies in its group's
/// zone (markers go on hexes by their own rules, see the marker checks). Asked by the compiler
/// for every placement and by the editor about the hex under the mouse.
pub fn placement_problem(
    s: &Scenario,
    grid: Grid,
    r: &Resolved,
    si: usize,
    gi: usize,
    counter: Counter,
    at: Coord,
) -> Option<PlacementProblem> {
    let side = s.sides.get(si)?;
    let group = side.groups.get(gi)?;
    if !grid.contains(at) {
        return Some(PlacementProblem::OffMap);
    }
    if matches!(group.entry, Entry::Arrive { .. }) {
        return Some(PlacementProblem::Arrives {
            group: group.id.clone(),
        });
    }
    let zone = &r.groups.get(si)?.get(gi)?.hexes;
    (matches!(counter, Counter::Unit(_)) && !zone.contains(at)).then(|| {
        PlacementProblem::OutsideZone {
            side: side.name.clone(),
            group: group.id.clone(),
        }
    })
}
