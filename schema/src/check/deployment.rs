//! Deployment (11.0, 7.0): the side that deploys first has a group that deploys (11.0); every
//! deployment zone is non-empty and on the map, can hold its group at six stacking points a
//! hex, the side's groups fit together, opposing zones that overlap are flagged (enemy and
//! friendly units never share a hex, 7.0), set-up placements lie in their group's zone, and
//! nobody sets up in a river hex where "rivers may only be entered at bridges and fords" (11.5).

use super::zone_help::narrowest;
use crate::diagnostic::{Code, Diagnostic, PathSeg};
use crate::model::counter::Counter;
use crate::model::hex::{Coord, Grid};
use crate::model::hex_set::HexSet;
use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::model::special_rule::Effect;
use crate::model::zone::Zone;
use crate::path;
use crate::pipeline::zones::Resolved;
use crate::queries::effective_terrain::{Cleared, EffectiveTerrain};
use crate::ruleset::{Ruleset, Terrain};

pub(super) fn check(s: &Scenario, map: &Map, rules: &Ruleset, r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    out.extend(first_deployer_deploys(s));
    out.extend(river_setup(s, map, r));
    out.extend(one_alternative(s, map, r));
    for (si, side) in s.sides.iter().enumerate() {
        let mut deploying = 0usize;
        let mut deploying_units = Vec::new();
        for (gi, group) in side.groups.iter().enumerate() {
            let Entry::Deploy { .. } = group.entry else {
                continue;
            };
            let Some(hexes) = r.groups.get(si).and_then(|g| g.get(gi)) else {
                continue;
            };
            // Made only for a finding.
            let p = || path!["sides", si, "groups", gi, "entry", "Deploy", "zone"];
            deploying += 1;
            deploying_units.extend(group.units.iter().map(|(k, n)| (*k, *n)));
            let need = rules.min_hexes(group.units.iter().map(|(k, n)| (*k, *n)));
            // Each alternative must hold the group on its own, under every choice the enemy
            // can make; a failing alternative is reported once.
            let cases = hexes.cases();
            let mut reported = vec![false; hexes.alternatives.len()];
            for (ci, alts) in cases.iter().enumerate() {
                for (ai, alt) in alts.iter().enumerate() {
                    if reported.get(ai).copied().unwrap_or(true)
                        || (!alt.is_empty() && alt.len() as u32 >= need)
                    {
                        continue;
                    }
                    reported[ai] = true;
                    let mut which = if alts.len() > 1 {
                        format!(" (alternative {})", ai + 1)
                    } else {
                        String::new()
                    };
                    if cases.len() > 1 {
                        which.push_str(&format!(
                            " (when {} takes {})",
                            s.sides[r.first].name,
                            choice_words(s, r, ci)
                        ));
                    }
                    // The zone of this alternative, for saying why it is empty (not when the
                    // enemy's choice shapes it: then it depends on that choice).
                    let (zone, zone_path) = match &group.entry {
                        Entry::Deploy { zone, .. } if !zone.refers_to_enemy() => match zone {
                            Zone::OneOf(parts) if alts.len() > 1 => {
                                (parts.get(ai), [p(), path!["OneOf", ai]].concat())
                            }
                            z => (Some(z), p()),
                        },
                        _ => (None, p()),
                    };
                    out.push(capacity_finding(
                        side,
                        group,
                        &which,
                        alt,
                        need,
                        map,
                        rules,
                        p(),
                        zone.map(|z| (z, zone_path)),
                    ));
                }
            }
        }
        if deploying > 1 {
            let union = r
                .deployment
                .get(si)
                .cloned()
                .unwrap_or_else(|| HexSet::empty(map.grid));
            let need = rules.min_hexes(deploying_units);
            if !union.is_empty() && (union.len() as u32) < need {
                out.push(
                    Diagnostic::new(
                        Code::ZoneTooSmall,
                        format!(
                            "{}'s deploying groups need at least {need} hexes together, but their zones cover {}",
                            side.name,
                            union.len()
                        ),
                    )
                    .at_path(path!["sides", si, "groups"])
                    .with_hint("the groups' zones overlap too much: widen one of them"),
                );
            }
        }
    }
    // Opposing zones that overlap: legal only if the second side avoids the first's hexes.
    // Measured per choice of the first deployer where the second's zones depend on it.
    if r.deployment.len() == 2 {
        let first = r.first.min(1);
        let second = 1 - first;
        let both = opposing_cases(r, map, first, second)
            .into_iter()
            .map(|(a, mut b)| {
                b.intersect_with(&a);
                b
            })
            .max_by_key(HexSet::len)
            .unwrap_or_else(|| HexSet::empty(map.grid));
        if !both.is_empty() {
            out.push(
                Diagnostic::new(
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
                )),
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
                Diagnostic::new(
                    Code::OffMap,
                    format!("counter placed off the map at ({}, {})", p.at.0, p.at.1),
                )
                .at_path(path!["setup", pi, "at"])
                .off_map_help(&map.grid, p.at, Some(&r.groups[si][gi].hexes))
                .as_label(
                    format!("counter placed off the map at {}", map.grid.label(p.at)),
                    Some(map.grid.off_map_hint(p.at, true)),
                ),
            ),
            Some(PlacementProblem::Arrives { .. }) => out.push(
                Diagnostic::new(
                    Code::PlacementOutsideZone,
                    format!(
                        "group ({}) arrives during play and cannot be placed at set-up",
                        group.id
                    ),
                )
                .at_path(path!["setup", pi])
                .with_hex(map.grid.label(p.at))
                .with_hint("remove the placement; the group enters on its arrival turn"),
            ),
            Some(PlacementProblem::OutsideZone { .. }) => out.push(
                Diagnostic::new(
                    Code::PlacementOutsideZone,
                    format!(
                        "{} is placed outside the deployment zone of {} group ({}){}",
                        map.grid.label(p.at),
                        s.sides[si].name,
                        group.id,
                        zone_basis(s, r, si, gi)
                    ),
                )
                .at_path(path!["setup", pi, "at"])
                .with_hex(map.grid.label(p.at))
                .into_zone(&r.groups[si][gi].hexes, p.at),
            ),
        }
    }
    out
}

/// What a zone measured from the enemy is measured from, for a placement outside it: the
/// enemy's placed units, or every hex the enemy may set up on (the zone is what is legal
/// whatever the enemy chooses); nothing for a zone that does not depend on the enemy.
fn zone_basis(s: &Scenario, r: &Resolved, si: usize, gi: usize) -> String {
    let gh = &r.groups[si][gi];
    let enemy = &s.sides[r.first].name;
    if gh.from_setup {
        format!(" (measured from the placed {enemy} units)")
    } else if si != r.first
        && s.sides[si].groups[gi]
            .deploy_zone()
            .is_some_and(Zone::refers_to_enemy)
    {
        format!(" (the hexes legal for every {enemy} set-up: no {enemy} unit is placed)")
    } else {
        String::new()
    }
}

impl Diagnostic {
    /// DEP003's help for a placement at `at` outside `zone`: the hex meant, proposed as the edit
    /// of the placement's hex (written as the file writes hexes) — column and row swapped when
    /// that is in the zone (files write `(column, row)`, and a designer reading a map by row
    /// first writes them the other way), else the zone's nearest hex.
    fn into_zone(self, zone: &HexSet, at: Coord) -> Diagnostic {
        let grid = zone.grid();
        let swapped = Coord(at.1, at.0);
        let d = self.with_hint("move it into the zone (the editor draws the zone on the map)");
        if swapped != at && grid.contains(swapped) && zone.contains(swapped) {
            let label = grid.label(swapped);
            return d.suggest_hex(None, (swapped.0, swapped.1), &label, |hex| {
                format!(
                    "did you mean `at: {hex}`? Hexes are written column first (label {label}), and {label} is in the zone"
                )
            });
        }
        match nearest_in_zone(zone, at, grid) {
            Some((c, away)) => {
                let label = grid.label(c);
                d.suggest_hex(None, (c.0, c.1), &label, |hex| {
                    let hexes = if away == 1 { "hex" } else { "hexes" };
                    format!("the nearest hex of the zone is {label}, {away} {hexes} away: write `at: {hex}`")
                })
            }
            None => d,
        }
    }
}

/// The alternatives the first deployer takes under enemy choice `ci`, in words ("H25").
fn choice_words(s: &Scenario, r: &Resolved, ci: usize) -> String {
    let side = &s.sides[r.first];
    let Some(choice) = r.enemy_choices.get(ci) else {
        return String::new();
    };
    let words: Vec<String> = side
        .groups
        .iter()
        .zip(&choice.picks)
        .filter_map(|(g, pick)| {
            let pick = (*pick)?;
            let zone = g.deploy_zone()?;
            Some(match zone {
                Zone::OneOf(alts) => alts.get(pick).map(Zone::describe).unwrap_or_default(),
                other => other.describe(),
            })
        })
        .collect();
    words.join(" and ")
}

/// Pairs of (the first deployer's hexes, the second's hexes) to compare: one per choice the
/// first can make when the second's zones depend on it, the placed counters when the set-up
/// places them, else the two deployments as wholes.
fn opposing_cases(r: &Resolved, map: &Map, first: usize, second: usize) -> Vec<(HexSet, HexSet)> {
    let seconds = &r.groups[second];
    let union_of = |pick: &dyn Fn(&crate::pipeline::zones::GroupHexes) -> HexSet| {
        seconds.iter().filter(|gh| gh.arrival_turn.is_none()).fold(
            HexSet::empty(map.grid),
            |mut acc, gh| {
                acc.union_with(&pick(gh));
                acc
            },
        )
    };
    if let Some(placed) = &r.enemy_setup {
        return vec![(placed.clone(), r.deployment[second].clone())];
    }
    if !r.enemy_choices.is_empty() && seconds.iter().any(|gh| gh.depends_on_enemy()) {
        return r
            .enemy_choices
            .iter()
            .enumerate()
            .map(|(ci, c)| {
                let theirs = union_of(&|gh| match gh.per_enemy_choice.get(ci) {
                    Some(alts) => alts.iter().fold(HexSet::empty(map.grid), |mut acc, a| {
                        acc.union_with(a);
                        acc
                    }),
                    None => gh.hexes.clone(),
                });
                (c.hexes.clone(), theirs)
            })
            .collect();
    }
    vec![(r.deployment[first].clone(), r.deployment[second].clone())]
}

/// An empty zone (ZON001) or one too small for its group (DEP001).
// The finding's parts, each named; a struct for them would only be built here.
#[allow(clippy::too_many_arguments)]
fn capacity_finding(
    side: &crate::model::scenario::Side,
    group: &crate::model::scenario::Group,
    which: &str,
    alt: &HexSet,
    need: u32,
    map: &Map,
    rules: &Ruleset,
    p: Vec<crate::diagnostic::PathSeg>,
    zone: Option<(&Zone, Vec<PathSeg>)>,
) -> Diagnostic {
    let (zone, zone_path) = match zone {
        Some((z, zp)) => (Some(z), zp),
        None => (None, p.clone()),
    };
    match alt.iter().next() {
        None => Diagnostic::new(
            Code::EmptyZone,
            format!(
                "the deployment zone of {} group ({}){which} has no hexes on this map",
                side.name, group.id
            ),
        )
        .at_path(p.clone())
        .why_empty(zone, &zone_path, need, map, || {
            "widen the zone: check its distances and directions against the map (`saberc render` draws it)".to_string()
        }),
        Some(first) => Diagnostic::new(
            Code::ZoneTooSmall,
            format!(
                "{} group ({}){which} needs at least {need} hexes ({} stacking points at {} a hex) but its zone has {}",
                side.name,
                group.id,
                group.stacking_points(),
                rules.stacking_limit().unwrap_or_default(),
                alt.len()
            ),
        )
        .at_path(p)
        .with_hex(map.grid.label(first))
        .with_hint({
            let lack = (need as usize).saturating_sub(alt.len());
            let hexes = if lack == 1 { "hex" } else { "hexes" };
            let widen = match zone {
                Some(Zone::Hexes(_)) => format!("add {lack} {hexes} to its list"),
                Some(z) => format!("widen {}", narrowest(z, map)),
                None => "widen it".to_string(),
            };
            format!(
                "the zone lacks {lack} {hexes}: {widen}, or record in `interpretations` how the rules text is read"
            )
        })
        .wider(zone, &zone_path, need, alt.len(), map),
    }
}

/// "One side is always required to deploy first" (11.0): that side needs a group that deploys.
fn first_deployer_deploys(s: &Scenario) -> Option<Diagnostic> {
    let side = s.side(&s.deploys_first)?;
    let deploys = side
        .groups
        .iter()
        .any(|g| matches!(g.entry, Entry::Deploy { .. }));
    (!deploys).then(|| {
        Diagnostic::new(
            Code::FirstDeployerArrives,
            format!(
                "{} deploys first, but every one of its groups arrives during play",
                side.name
            ),
        )
        .at_path(path!["deploys_first"])
        .with_hint("name the side that sets up on the map in `deploys_first`, or give this side a group that deploys")
    })
}

/// Under "rivers may only be entered at bridges and fords" (11.5), setting up on a river hex
/// is entering it: a zone (deployment or arrival) with river hexes is flagged, and a counter
/// placed on one is an error. Terrain is read as played, after "treat as clear" rules.
fn river_setup(s: &Scenario, map: &Map, r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let Some(ri) = s
        .special_rules
        .iter()
        .position(|rule| matches!(rule.effect, Effect::RiverOnlyAtCrossings))
    else {
        return out;
    };
    let cleared = Cleared::of(s, map, r);
    let played = EffectiveTerrain::for_scenario(map, &cleared);
    let is_river = |c| {
        played
            .cell(c)
            .is_some_and(|cell| cell.terrain == Terrain::River)
    };
    for (si, side) in s.sides.iter().enumerate() {
        for (gi, group) in side.groups.iter().enumerate() {
            let Some(gh) = r.groups.get(si).and_then(|g| g.get(gi)) else {
                continue;
            };
            let rivers: Vec<_> = gh.hexes.iter().filter(|c| is_river(*c)).collect();
            let Some(first) = rivers.first() else {
                continue;
            };
            let (variant, field, verb) = match group.entry {
                Entry::Deploy { .. } => ("Deploy", "zone", "set up"),
                Entry::Arrive { .. } => ("Arrive", "at", "enter"),
            };
            out.push(
                Diagnostic::new(
                    Code::ZoneOnRiver,
                    format!(
                        "the zone of {} group ({}) has {} river hexes, where its units may not {verb}: rivers may only be entered at bridges and fords (special rule {})",
                        side.name,
                        group.id,
                        rivers.len(),
                        ri + 1
                    ),
                )
                .at_path(path!["sides", si, "groups", gi, "entry", variant, field])
                .with_hex(map.grid.label(*first))
                .with_hint("take the river hexes out of the zone, e.g. `Difference(<zone>, Terrain(River))`"),
            );
        }
    }
    for (pi, p) in s.setup.iter().enumerate() {
        if matches!(p.counter, Counter::Unit(_)) && is_river(p.at) {
            out.push(
                Diagnostic::new(
                    Code::SetupOnRiver,
                    format!(
                        "a unit is set up on the river hex {}; rivers may only be entered at bridges and fords (special rule {})",
                        map.grid.label(p.at),
                        ri + 1
                    ),
                )
                .at_path(path!["setup", pi, "at"])
                .with_hex(map.grid.label(p.at))
                .with_hint("place it on a bridge, a ford or a dry hex"),
            );
        }
    }
    out
}

/// A group deploying in a choice ("any one of H25, H24 or H27", 11.14) picks one alternative:
/// all its placed units must lie in that one. Each placement that leaves no alternative
/// holding every placement so far is reported.
fn one_alternative(s: &Scenario, map: &Map, r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // Per group: the alternatives still holding every placement so far, and the first
    // placement (to name it).
    let mut open: std::collections::BTreeMap<(usize, usize), (Vec<usize>, usize)> =
        Default::default();
    for (pi, p) in s.setup.iter().enumerate() {
        if !matches!(p.counter, Counter::Unit(_)) {
            continue;
        }
        let Some(si) = s.side_index(&p.side) else {
            continue;
        };
        let Some(gi) = s.sides[si].groups.iter().position(|g| g.id == p.group) else {
            continue;
        };
        let Some(hexes) = r.groups.get(si).and_then(|g| g.get(gi)) else {
            continue;
        };
        if hexes.alternatives.len() < 2 || !hexes.hexes.contains(p.at) {
            continue;
        }
        let here: Vec<usize> = (0..hexes.alternatives.len())
            .filter(|a| hexes.alternatives[*a].contains(p.at))
            .collect();
        let entry = open
            .entry((si, gi))
            .or_insert_with(|| ((0..hexes.alternatives.len()).collect(), pi));
        let left: Vec<usize> = entry
            .0
            .iter()
            .copied()
            .filter(|a| here.contains(a))
            .collect();
        if left.is_empty() {
            let first = &s.setup[entry.1];
            let group = &s.sides[si].groups[gi];
            out.push(
                Diagnostic::new(
                    Code::PlacementOutsideZone,
                    format!(
                        "{} of {} group ({}) is in another of the zone's alternatives than {} placed before it: the group deploys in one of them",
                        map.grid.label(p.at),
                        s.sides[si].name,
                        group.id,
                        map.grid.label(first.at),
                    ),
                )
                .at_path(path!["setup", pi, "at"])
                .with_hex(map.grid.label(p.at))
                .with_hint(format!(
                    "the zone is a choice (OneOf): place every counter of the group in the same alternative (alternative {} holds {})",
                    entry.0.first().map(|a| a + 1).unwrap_or(1),
                    map.grid.label(first.at)
                )),
            );
        } else {
            entry.0 = left;
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

/// The hex of `zone` nearest a placement outside it, and how far it is.
fn nearest_in_zone(zone: &HexSet, at: Coord, grid: Grid) -> Option<(Coord, u32)> {
    if !grid.contains(at) {
        return None;
    }
    let field = HexSet::from_coords(grid, [at]).distance_field();
    let (d, c) = zone
        .iter()
        .filter_map(|c| Some((*field.get(grid.index(c)?)?, c)))
        .min_by_key(|(d, c)| (*d, c.1, c.0))?;
    Some((c, d))
}
