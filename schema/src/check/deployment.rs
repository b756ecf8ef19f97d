//! Deployment (11.0, 7.0): every deployment zone is non-empty and on the map, can hold its
//! group at six stacking points a hex, the side's groups fit together, opposing zones that
//! overlap are flagged (enemy and friendly units never share a hex, 7.0), and set-up placements
//! lie in their group's zone.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::counter::Counter;
use crate::model::hex_set::HexSet;
use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::path;
use crate::pipeline::zones::Resolved;
use crate::ruleset::{MAX_STACKING_POINTS, min_hexes_for};

pub(super) fn check(s: &Scenario, map: &Map, r: &Resolved) -> Vec<Diagnostic> {
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
            let need = min_hexes_for(two, three);
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
                                "{} group ({}){which} needs at least {need} hexes ({} stacking points at {MAX_STACKING_POINTS} a hex) but its zone has {}",
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
            let need = min_hexes_for(two_total, three_total);
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
        if !map.grid.contains(p.at) {
            out.push(
                Diagnostic::error(
                    Code::OffMap,
                    format!("counter placed off the map at ({}, {})", p.at.0, p.at.1),
                )
                .at_path(path!["setup", pi, "at"])
                .with_hint("place it on a hex of the map"),
            );
            continue;
        }
        if matches!(group.entry, Entry::Arrive { .. }) {
            out.push(
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
            );
            continue;
        }
        let zone = &r.groups[si][gi].hexes;
        if matches!(p.counter, Counter::Unit(_)) && !zone.contains(p.at) {
            out.push(
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
            );
        }
    }
    out
}
