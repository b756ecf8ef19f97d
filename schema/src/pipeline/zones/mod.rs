//! Resolving a scenario on its map: every group's deployment zone or arrival compiled to hexes,
//! and every zone named by victory conditions and special rules. The side that deploys first is
//! resolved first, so that the second side's zones may refer to the enemy's deployment.
//!
//! A zone measured from the enemy is measured from what the enemy actually chose (11.15: "13
//! hexes or more away from the Spanish", who pick one of three hills): once per choice the first
//! deployer can make among its alternatives, and from the counters the set-up places when it
//! places them. The zone's own hexes are those legal whatever the enemy chooses (the
//! intersection over the choices); the per-choice zones stand beside them.

pub mod compiler;
mod memo;
mod place;
pub mod shared;

use crate::diagnostic::{Diagnostic, PathSeg};
use crate::model::counter::Counter;
use crate::model::hex::Coord;
use crate::model::hex_set::HexSet;
use crate::model::limits;
use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::model::special_rule::Effect;
use crate::model::victory::Goal;
use crate::model::zone::Zone;
use crate::path;
use crate::pipeline::zones::compiler::{ZoneCompiler, ZoneEnv};
use crate::pipeline::zones::place::{Place, Seg};
use crate::pipeline::zones::shared::SharedZones;

/// A group's hexes: where it may deploy, or where it arrives.
///
/// For a zone measured from the enemy these are the hexes legal **whatever the enemy
/// chooses**: the intersection over the enemy's choices, measured from every hex its units may
/// stand on, or from its placed units (and where its unplaced units may still go) when the
/// set-up places some. A unit on one of them is legal wherever the enemy sets up; the zone
/// under each single choice is in [`GroupHexes::per_enemy_choice`].
#[derive(Debug, Clone, PartialEq)]
pub struct GroupHexes {
    /// All hexes of the zone (the union of the alternatives).
    pub hexes: HexSet,
    /// The alternatives of a `OneOf` zone (one entry otherwise); for a zone measured from the
    /// enemy, each is the intersection over the enemy's choices (or measured from its placed
    /// counters).
    pub alternatives: Vec<HexSet>,
    /// Arrival turn, for groups that arrive.
    pub arrival_turn: Option<u32>,
    /// For a zone measured from the enemy when the enemy chooses among alternatives: this
    /// zone's alternatives under each of [`Resolved::enemy_choices`], in the same order.
    pub per_enemy_choice: Vec<Vec<HexSet>>,
    /// True when the zone is measured from the enemy counters the set-up places.
    pub from_setup: bool,
}

impl GroupHexes {
    /// Every way the zone can turn out: its alternatives under each enemy choice, or its
    /// alternatives when it does not depend on one.
    pub fn cases(&self) -> Vec<&[HexSet]> {
        if self.per_enemy_choice.is_empty() || self.from_setup {
            vec![&self.alternatives]
        } else {
            self.per_enemy_choice.iter().map(Vec::as_slice).collect()
        }
    }

    /// Does the zone depend on the enemy's choice or set-up?
    pub fn depends_on_enemy(&self) -> bool {
        self.from_setup || !self.per_enemy_choice.is_empty()
    }
}

/// One way the side that deploys first can choose among the alternatives of its zones.
#[derive(Debug, Clone, PartialEq)]
pub struct EnemyChoice {
    /// For each group of that side, in file order, the alternative taken (`None` for a group
    /// that arrives during play).
    pub picks: Vec<Option<usize>>,
    /// The hexes its deploying groups may use under this choice.
    pub hexes: HexSet,
}

/// A scenario's zones as hexes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Resolved {
    /// `[side][group]`, in file order.
    pub groups: Vec<Vec<GroupHexes>>,
    /// Per side: the union of its deployment zones.
    pub deployment: Vec<HexSet>,
    /// Zones of victory conditions, keyed by their path in the document.
    pub victory_zones: Vec<(Vec<PathSeg>, HexSet)>,
    /// Zones of special rules, keyed by their path in the document.
    pub rule_zones: Vec<(Vec<PathSeg>, HexSet)>,
    /// True when zone compilation stopped at its work budget (LIM003): zones after that point
    /// are empty, so findings about their size mean nothing.
    pub incomplete: bool,
    /// Index of the side that deploys first.
    pub first: usize,
    /// The choices the first deployer can make among its alternatives, when a zone of the
    /// other side is measured from it and there are several (empty otherwise).
    pub enemy_choices: Vec<EnemyChoice>,
    /// The hexes the first deployer's placed units occupy (a group without placements counts
    /// with its whole zone), when the set-up places any of them and a zone of the other side
    /// is measured from them.
    pub enemy_setup: Option<HexSet>,
}

impl Resolved {
    /// The hexes named by special rule `ri` (the union of its zones; empty if it names none).
    pub fn rule_hexes(&self, ri: usize) -> Option<HexSet> {
        self.rule_zones
            .iter()
            .filter(|(p, _)| p.get(1) == Some(&PathSeg::Index(ri)))
            .map(|(_, h)| h.clone())
            .reduce(|mut acc, h| {
                acc.union_with(&h);
                acc
            })
    }
}

/// Compile every zone of the scenario on the map, taking zones from and giving zones to the
/// other files of a run on the same map when `shared` is given (see [`shared`]).
pub fn resolve(
    s: &Scenario,
    map: &Map,
    shared: Option<&SharedZones>,
) -> (Resolved, Vec<Diagnostic>) {
    let g = map.grid;
    let mut diagnostics = Vec::new();
    let n = s.sides.len();
    let mut groups: Vec<Vec<Option<GroupHexes>>> = s
        .sides
        .iter()
        .map(|side| vec![None; side.groups.len()])
        .collect();
    let mut deployment: Vec<HexSet> = vec![HexSet::empty(g); n];
    let mut enemy_choices = Vec::new();
    let mut enemy_setup = None;

    // The first deployer cannot see the enemy; the second sees the first's deployment.
    let first = s.side_index(&s.deploys_first).unwrap_or(0);
    let order: Vec<usize> = std::iter::once(first)
        .chain((0..n).filter(|i| *i != first))
        .collect();
    let mut spent = 0;
    for (rank, &si) in order.iter().enumerate() {
        let enemy = if rank == 0 {
            None
        } else {
            Some(order[..rank].iter().fold(HexSet::empty(g), |mut acc, i| {
                acc.union_with(&deployment[*i]);
                acc
            }))
        };
        // How the first deployer's choices and placements shape what this side measures from.
        let measured = rank == 1
            && s.sides[si]
                .groups
                .iter()
                .any(|gr| entry_zone(gr).0.refers_to_enemy());
        if measured {
            let firsts = groups[first]
                .iter()
                .map(|g| g.as_ref().expect("the first side is resolved first"))
                .collect::<Vec<_>>();
            enemy_setup = placed_enemy(s, first, &firsts, map);
            if enemy_setup.is_none() {
                enemy_choices = choices(&firsts, g);
            }
        }
        let env = ZoneEnv {
            enemy_deployment: enemy.as_ref(),
            enemy_units: enemy.as_ref(),
        };
        let mut zc = ZoneCompiler::new(map, env)
            .sharing(shared)
            .continuing(spent);
        for (gi, group) in s.sides[si].groups.iter().enumerate() {
            let (zone, field, turn) = entry_zone(group);
            // The zone's path, made only for a finding.
            let segs = [
                Seg::Key("sides"),
                Seg::Index(si),
                Seg::Key("groups"),
                Seg::Index(gi),
                Seg::Key("entry"),
                Seg::Key(field[0]),
                Seg::Key(field[1]),
            ];
            let root = Place::Root(&[]);
            let p = root.under(&segs);
            let mut alternatives = zc.alternatives_at(zone, p);
            let mut per_enemy_choice = Vec::new();
            let mut from_setup = false;
            if measured && zone.refers_to_enemy() {
                // Recompiled with the enemy's actual position; problems were reported above.
                if let Some((deployed, units)) = &enemy_setup {
                    let env = ZoneEnv {
                        enemy_deployment: Some(deployed),
                        enemy_units: Some(units),
                    };
                    alternatives = ZoneCompiler::new(map, env)
                        .sharing(shared)
                        .alternatives_at(zone, p);
                    from_setup = true;
                } else if !enemy_choices.is_empty() {
                    per_enemy_choice = enemy_choices
                        .iter()
                        .map(|c: &EnemyChoice| {
                            let env = ZoneEnv {
                                enemy_deployment: Some(&c.hexes),
                                enemy_units: Some(&c.hexes),
                            };
                            ZoneCompiler::new(map, env)
                                .sharing(shared)
                                .alternatives_at(zone, p)
                        })
                        .collect::<Vec<_>>();
                    // The zone's own list is what is legal whatever the enemy chooses: each
                    // alternative is the intersection of that alternative over the choices.
                    for (ai, alt) in alternatives.iter_mut().enumerate() {
                        *alt = HexSet::full(g);
                        for case in &per_enemy_choice {
                            match case.get(ai) {
                                Some(h) => alt.intersect_with(h),
                                None => *alt = HexSet::empty(g),
                            }
                        }
                    }
                }
            }
            let hexes = alternatives.iter().fold(HexSet::empty(g), |mut acc, a| {
                acc.union_with(a);
                acc
            });
            if turn.is_none() {
                deployment[si].union_with(&hexes);
            }
            groups[si][gi] = Some(GroupHexes {
                hexes,
                alternatives,
                arrival_turn: turn,
                per_enemy_choice,
                from_setup,
            });
        }
        diagnostics.extend(std::mem::take(&mut zc.diagnostics).into_vec());
        spent = zc.work();
    }

    // Victory and special-rule zones see no enemy deployment, except through EnemyDeployment
    // where the side is known; they are resolved with both deployments for drawing.
    let all = deployment.iter().fold(HexSet::empty(g), |mut acc, d| {
        acc.union_with(d);
        acc
    });
    let mut zc = ZoneCompiler::new(
        map,
        ZoneEnv {
            enemy_deployment: Some(&all),
            enemy_units: Some(&all),
        },
    )
    .sharing(shared)
    .continuing(spent);
    let mut victory_zones = Vec::new();
    for (vi, v) in s.victory.iter().enumerate() {
        let base = path!["victory", vi, "goal"];
        collect_goal_zones(&v.goal, base, &mut |p, z| {
            victory_zones.push((p.clone(), zc.compile(z, &p)))
        });
    }
    let mut rule_zones = Vec::new();
    for (ri, r) in s.special_rules.iter().enumerate() {
        for (field, z) in r.effect.zones() {
            let variant = effect_variant(&r.effect);
            let p = if field == variant {
                path!["special_rules", ri, "effect", variant]
            } else {
                path!["special_rules", ri, "effect", variant, field]
            };
            let hexes = zc.compile(z, &p);
            rule_zones.push((p, hexes));
        }
    }
    diagnostics.extend(std::mem::take(&mut zc.diagnostics).into_vec());

    let groups = groups
        .into_iter()
        .map(|v| {
            v.into_iter()
                .map(|g| g.expect("every group was resolved"))
                .collect()
        })
        .collect();
    (
        Resolved {
            groups,
            deployment,
            victory_zones,
            rule_zones,
            incomplete: zc.work() > crate::model::limits::MAX_ZONE_WORK,
            first,
            enemy_choices,
            enemy_setup: enemy_setup.map(|(_, units)| units),
        },
        diagnostics,
    )
}

/// A group's zone, the path of its entry variant and field, and its arrival turn.
fn entry_zone(group: &crate::model::scenario::Group) -> (&Zone, [&'static str; 2], Option<u32>) {
    match &group.entry {
        Entry::Deploy { zone, .. } => (zone, ["Deploy", "zone"], None),
        Entry::Arrive { turn, at } => (at, ["Arrive", "at"], Some(*turn)),
    }
}

/// Every combination of the alternatives of the first deployer's deploying groups, when there
/// is more than one and no more than [`limits::MAX_ENEMY_CHOICES`] (beyond that, zones are
/// measured from every alternative at once).
fn choices(firsts: &[&GroupHexes], g: crate::model::hex::Grid) -> Vec<EnemyChoice> {
    let counts: Vec<usize> = firsts
        .iter()
        .map(|gh| {
            if gh.arrival_turn.is_some() {
                1
            } else {
                gh.alternatives.len().max(1)
            }
        })
        .collect();
    let total = counts
        .iter()
        .try_fold(1usize, |acc, c| acc.checked_mul(*c))
        .unwrap_or(usize::MAX);
    if !(2..=limits::MAX_ENEMY_CHOICES).contains(&total) {
        return Vec::new();
    }
    (0..total)
        .map(|mut k| {
            let mut hexes = HexSet::empty(g);
            let picks = firsts
                .iter()
                .zip(&counts)
                .map(|(gh, c)| {
                    let pick = k % c;
                    k /= c;
                    if gh.arrival_turn.is_some() {
                        return None;
                    }
                    if let Some(alt) = gh.alternatives.get(pick) {
                        hexes.union_with(alt);
                    }
                    Some(pick)
                })
                .collect();
            EnemyChoice { picks, hexes }
        })
        .collect()
}

/// What the set-up says about the first deployer: (the alternatives its placed units chose,
/// the hexes its units occupy or may still occupy), each group without placements counting
/// with its whole zone and a partly placed group with the alternatives it leaves open; `None`
/// when the set-up places none of its units. Markers are not units and are not counted.
fn placed_enemy(
    s: &Scenario,
    first: usize,
    firsts: &[&GroupHexes],
    map: &Map,
) -> Option<(HexSet, HexSet)> {
    let side = &s.sides[first];
    let g = map.grid;
    let mut any = false;
    let (mut deployed, mut units) = (HexSet::empty(g), HexSet::empty(g));
    for (gi, group) in side.groups.iter().enumerate() {
        let gh = firsts[gi];
        if gh.arrival_turn.is_some() {
            continue;
        }
        // Markers are not units (7.0A: they have no stacking points; 11.17's limbers are
        // "Limber Markers"): the enemy's units are where its unit counters stand.
        let placements: Vec<Coord> = s
            .setup
            .iter()
            .filter(|p| {
                p.side == side.id && p.group == group.id && matches!(p.counter, Counter::Unit(_))
            })
            .map(|p| p.at)
            .collect();
        let placed = HexSet::from_coords(g, placements.iter().copied());
        if placed.is_empty() {
            deployed.union_with(&gh.hexes);
            units.union_with(&gh.hexes);
            continue;
        }
        any = true;
        // The alternatives that hold every placed unit are the ones it chose.
        let chosen: Vec<&HexSet> = gh
            .alternatives
            .iter()
            .filter(|a| placed.is_subset(a))
            .collect();
        let mut open = HexSet::empty(g);
        if chosen.is_empty() {
            open.union_with(&gh.hexes);
        }
        for a in chosen {
            open.union_with(a);
        }
        deployed.union_with(&open);
        units.union_with(&placed);
        // A partial set-up: the group's unplaced units may still stand anywhere in the
        // alternatives its placed units leave open, so the zone is measured from there too.
        if placements.len() < group.unit_count() as usize {
            units.union_with(&open);
        }
    }
    any.then_some((deployed, units))
}

/// The variant name of an effect, as it appears in paths.
pub fn effect_variant(e: &Effect) -> &'static str {
    e.kind().variant()
}

/// Call `f` with the path and zone of every zone in a goal.
pub fn collect_goal_zones<'a, T, C>(
    goal: &'a Goal<T, C>,
    path: Vec<PathSeg>,
    f: &mut dyn FnMut(Vec<PathSeg>, &'a Zone<T>),
) {
    goal.walk(path, &mut |g, p| {
        if let Some((zone, tail)) = g.place() {
            f([p, tail.to_vec()].concat(), zone);
        }
    });
}
