//! Resolving a scenario on its map: every group's deployment zone or arrival compiled to hexes,
//! and every zone named by victory conditions and special rules. The side that deploys first is
//! resolved first, so that the second side's zones may refer to the enemy's deployment.

pub mod compiler;

use crate::diagnostic::{Diagnostic, PathSeg};
use crate::model::hex_set::HexSet;
use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::model::special_rule::Effect;
use crate::model::victory::Goal;
use crate::model::zone::Zone;
use crate::path;
use crate::pipeline::zones::compiler::{ZoneCompiler, ZoneEnv};

/// A group's hexes: where it may deploy, or where it arrives.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupHexes {
    /// All hexes of the zone (the union of the alternatives).
    pub hexes: HexSet,
    /// The alternatives of a `OneOf` zone (one entry otherwise).
    pub alternatives: Vec<HexSet>,
    /// Arrival turn, for groups that arrive.
    pub arrival_turn: Option<u32>,
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

/// Compile every zone of the scenario on the map.
pub fn resolve(s: &Scenario, map: &Map) -> (Resolved, Vec<Diagnostic>) {
    let g = map.grid;
    let mut diagnostics = Vec::new();
    let n = s.sides.len();
    let mut groups: Vec<Vec<Option<GroupHexes>>> = s
        .sides
        .iter()
        .map(|side| vec![None; side.groups.len()])
        .collect();
    let mut deployment: Vec<HexSet> = vec![HexSet::empty(g); n];

    // The first deployer cannot see the enemy; the second sees the first's deployment.
    let first = s.side_index(&s.deploys_first).unwrap_or(0);
    let order: Vec<usize> = std::iter::once(first)
        .chain((0..n).filter(|i| *i != first))
        .collect();
    for (rank, &si) in order.iter().enumerate() {
        let enemy = if rank == 0 {
            None
        } else {
            Some(order[..rank].iter().fold(HexSet::empty(g), |mut acc, i| {
                acc.union_with(&deployment[*i]);
                acc
            }))
        };
        let env = ZoneEnv {
            enemy_deployment: enemy.as_ref(),
        };
        let mut zc = ZoneCompiler::new(map, env);
        for (gi, group) in s.sides[si].groups.iter().enumerate() {
            let (zone, field, turn) = match &group.entry {
                Entry::Deploy { zone, .. } => (zone, "zone", None),
                Entry::Arrive { turn, at } => (at, "at", Some(*turn)),
            };
            let variant = if turn.is_some() { "Arrive" } else { "Deploy" };
            let p = path!["sides", si, "groups", gi, "entry", variant, field];
            let alternatives = zc.alternatives(zone, &p);
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
            });
        }
        diagnostics.append(&mut zc.diagnostics);
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
        },
    );
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
    diagnostics.append(&mut zc.diagnostics);

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
        },
        diagnostics,
    )
}

/// The variant name of an effect, as it appears in paths.
pub fn effect_variant(e: &Effect) -> &'static str {
    match e {
        Effect::TreatAsClear(_) => "TreatAsClear",
        Effect::Range { .. } => "Range",
        Effect::Movement { .. } => "Movement",
        Effect::NoMovement { .. } => "NoMovement",
        Effect::RiverOnlyAtCrossings => "RiverOnlyAtCrossings",
        Effect::ProximityDisruption { .. } => "ProximityDisruption",
        Effect::NoMarkersIn { .. } => "NoMarkersIn",
        Effect::MarkersAsDesired { .. } => "MarkersAsDesired",
        Effect::MarkersInLines { .. } => "MarkersInLines",
        Effect::LimberCounters { .. } => "LimberCounters",
        Effect::RiverCrossing { .. } => "RiverCrossing",
        Effect::Text { .. } => "Text",
    }
}

/// Call `f` with the path and zone of every zone in a goal.
pub fn collect_goal_zones<'a>(
    goal: &'a Goal,
    path: Vec<PathSeg>,
    f: &mut dyn FnMut(Vec<PathSeg>, &'a Zone),
) {
    let with = |p: &Vec<PathSeg>, segs: &[PathSeg]| {
        let mut v = p.clone();
        v.extend_from_slice(segs);
        v
    };
    match goal {
        Goal::Hold { target, .. } => f(
            with(&path, &[PathSeg::key("Hold"), PathSeg::key("target")]),
            target,
        ),
        Goal::Exit { via, .. } => f(
            with(&path, &[PathSeg::key("Exit"), PathSeg::key("via")]),
            via,
        ),
        Goal::All(gs) | Goal::Any(gs) => {
            let variant = if matches!(goal, Goal::All(_)) {
                "All"
            } else {
                "Any"
            };
            for (i, g) in gs.iter().enumerate() {
                collect_goal_zones(
                    g,
                    with(&path, &[PathSeg::key(variant), PathSeg::Index(i)]),
                    f,
                );
            }
        }
        Goal::DestroyAll
        | Goal::ControlEnemySetup { .. }
        | Goal::LossesNoMoreThanEnemy
        | Goal::Text { .. } => {}
    }
}
