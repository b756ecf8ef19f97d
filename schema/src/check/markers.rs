//! Markers (10.2, 10.3, 4J): trenches and improved positions are placed before the game on
//! friendly-occupied hexes, so only deploying groups can hold them, and no more of them than
//! their zone has hexes; placement limits of special rules; limber markers need guns, or the
//! Limber counters of a special rule (11.17), which need road hexes to be placed on.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::counter::Counter;
use crate::model::hex_set::HexSet;
use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::model::special_rule::Effect;
use crate::path;
use crate::pipeline::zones::Resolved;
use crate::ruleset::MarkerKind;
use crate::ruleset::Ruleset;

pub(super) fn check(s: &Scenario, map: &Map, _rules: &Ruleset, r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (si, side) in s.sides.iter().enumerate() {
        for (gi, g) in side.groups.iter().enumerate() {
            for kind in [MarkerKind::Trench, MarkerKind::IP] {
                let n = g.markers.get(&kind).copied().unwrap_or(0);
                if n == 0 {
                    continue;
                }
                if matches!(g.entry, Entry::Arrive { .. }) {
                    out.push(
                        Diagnostic::new(
                            Code::TrenchesWithoutDeployment,
                            format!("{} group ({}) has {n} {} markers but arrives during play", side.name, g.id, kind.code()),
                        )
                        .at_path(path!["sides", si, "groups", gi, "markers", kind.code()])
                        .with_hint("these markers are placed on friendly-occupied hexes before the game begins: give them to a deploying group")
                        .citing(kind.rule()),
                    );
                } else if let Some(room) = zone_room(r, si, gi)
                    // An empty zone is ZON001's (or its unknown feature's) to report.
                    && room > 0
                    && n > room
                    && room < g.unit_count()
                {
                    out.push(
                        Diagnostic::new(
                            Code::MarkersBeyondZone,
                            format!(
                                "{} group ({}) has {n} {} markers but its zone has only {room} hexes to occupy",
                                side.name,
                                g.id,
                                kind.code()
                            ),
                        )
                        .at_path(path!["sides", si, "groups", gi, "markers", kind.code()])
                        .with_hint("they go only on friendly-occupied hexes, and a second one in a hex adds nothing: the extra markers cannot be used; widen the zone or allot fewer")
                        .citing(kind.rule()),
                    );
                } else if n > g.unit_count() {
                    out.push(
                        Diagnostic::new(
                            Code::MarkerCount,
                            format!("{} group ({}) has {n} {} markers but only {} units to occupy their hexes", side.name, g.id, kind.code(), g.unit_count()),
                        )
                        .at_path(path!["sides", si, "groups", gi, "markers", kind.code()])
                        .with_hint("a marker only counts on a friendly-occupied hex; the extra markers cannot be used")
                        .citing(kind.rule()),
                    );
                }
            }
        }
        let limbers = side.markers(MarkerKind::Limber);
        let guns: u32 = side
            .groups
            .iter()
            .flat_map(|g| g.units.iter())
            .filter(|(k, _)| k.is_gun())
            .map(|(_, n)| *n)
            .sum();
        let counters_rule = s.special_rules.iter().any(
            |sr| matches!(&sr.effect, Effect::LimberCounters { side: id, .. } if *id == side.id),
        );
        if limbers > guns && !counters_rule {
            out.push(
                Diagnostic::new(
                    Code::LimbersWithoutGuns,
                    format!("{} has {limbers} limber markers but only {guns} artillery and machine-gun units", side.name),
                )
                .at_path(path!["sides", si, "groups"])
                .with_hint("a limber marker sits on a gun unit (4J); for limbers as counters of their own add a `LimberCounters` special rule"),
            );
        }
    }
    out.extend(limber_roads(s, map, r));
    // Placed markers: on a hex with a friendly unit, and not where a special rule forbids them.
    for (pi, p) in s.setup.iter().enumerate() {
        let Counter::Marker(m) = p.counter else {
            continue;
        };
        if m == MarkerKind::Limber {
            continue;
        }
        let friendly = s
            .setup
            .iter()
            .any(|q| q.side == p.side && q.at == p.at && matches!(q.counter, Counter::Unit(_)));
        if !friendly {
            out.push(
                Diagnostic::new(
                    Code::MarkerPlacement,
                    format!(
                        "{} marker at {} is not on a friendly-occupied hex",
                        m.code(),
                        map.grid.label(p.at)
                    ),
                )
                .at_path(path!["setup", pi, "at"])
                .with_hex(map.grid.label(p.at))
                .with_hint("place a unit of the same side in the hex, or move the marker onto one")
                .citing(m.rule()),
            );
        }
        for (ri, rule) in s.special_rules.iter().enumerate() {
            let Effect::NoMarkersIn { side, marker, .. } = &rule.effect else {
                continue;
            };
            if *side != p.side || *marker != m {
                continue;
            }
            let forbidden = r.rule_hexes(ri);
            if forbidden.is_some_and(|h| h.contains(p.at)) {
                out.push(
                    Diagnostic::new(
                        Code::MarkerPlacement,
                        format!(
                            "{} markers may not be placed at {} during deployment",
                            m.code(),
                            map.grid.label(p.at)
                        ),
                    )
                    .at_path(path!["setup", pi, "at"])
                    .with_hex(map.grid.label(p.at))
                    .with_hint(format!(
                        "special rule {} forbids it: {}",
                        ri + 1,
                        rule.printed
                    )),
                );
            }
        }
    }
    out
}

/// The fewest hexes a group's zone offers, over its alternatives and the enemy's choices.
fn zone_room(r: &Resolved, si: usize, gi: usize) -> Option<u32> {
    let gh = r.groups.get(si)?.get(gi)?;
    gh.cases()
        .iter()
        .flat_map(|alts| alts.iter())
        .map(|a| a.len() as u32)
        .min()
}

/// "Limbers must be placed on road hexes" (11.17): a group with Limber counters that are bound
/// to roads needs road hexes in its zone: none is an error; fewer than one a limber is a
/// warning (limbers are markers without stacking points, 7.0A, so they may share a hex).
fn limber_roads(s: &Scenario, map: &Map, r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // Made only for a scenario with such a rule (a set of the whole map's hexes a file).
    let roads = std::cell::LazyCell::new(|| {
        HexSet::from_coords(
            map.grid,
            map.roads.iter().flat_map(|rd| rd.hexes.iter().copied()),
        )
    });
    for (si, side) in s.sides.iter().enumerate() {
        let Some(ri) = s.special_rules.iter().position(|sr| {
            matches!(&sr.effect, Effect::LimberCounters { side: id, road_only: true, .. } if *id == side.id)
        }) else {
            continue;
        };
        for (gi, g) in side.groups.iter().enumerate() {
            let limbers = g.markers.get(&MarkerKind::Limber).copied().unwrap_or(0);
            let Some(gh) = r.groups.get(si).and_then(|x| x.get(gi)) else {
                continue;
            };
            if limbers == 0 {
                continue;
            }
            let fewest = gh
                .cases()
                .iter()
                .flat_map(|alts| alts.iter())
                .map(|a| {
                    let mut on_road = a.clone();
                    on_road.intersect_with(&roads);
                    on_road.len() as u32
                })
                .min()
                .unwrap_or(0);
            if fewest >= limbers || gh.hexes.is_empty() {
                continue;
            }
            let (variant, field) = match g.entry {
                Entry::Deploy { .. } => ("Deploy", "zone"),
                Entry::Arrive { .. } => ("Arrive", "at"),
            };
            let p = path!["sides", si, "groups", gi, "entry", variant, field];
            let d = if fewest == 0 {
                Diagnostic::new(
                    Code::LimberRoadHexes,
                    format!(
                        "{} group ({}) has {limbers} Limber counters, which must be placed on road hexes (special rule {}), but its zone has no road hex",
                        side.name,
                        g.id,
                        ri + 1
                    ),
                )
                .with_hint("put a road in the zone, e.g. `RoadStretch(..)` or `Intersection([<zone>, AnyRoad])`")
            } else {
                Diagnostic::new(
                    Code::FewLimberRoadHexes,
                    format!(
                        "{} group ({}) has {limbers} Limber counters for only {fewest} road hexes in its zone (special rule {})",
                        side.name,
                        g.id,
                        ri + 1
                    ),
                )
                .with_hint("the limbers must share road hexes; widen the zone along the road if each should have its own")
            };
            out.push(d.at_path(p));
        }
    }
    out
}
