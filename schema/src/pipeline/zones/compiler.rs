//! Zone compilation: each [`Zone`] expression becomes the set of hexes it names on one map.
//!
//! Geometry: distances are hex counts (5.1A counts the target hex, not the firing hex, which is
//! the hex distance). Directions are measured between hex centres on the printed sheet (north up),
//! from the centroid of the reference zone.

use std::borrow::Borrow;
use std::sync::Arc;

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg, suggestions};
use crate::model::hex::{Compass, Coord, Edge, Grid};
use crate::model::hex_set::HexSet;
use crate::model::limits;
use crate::model::map::{Feature, Map, Road, normalize_road_name, off_map};
use crate::model::zone::{KindName, Zone};
use crate::pipeline::zones::memo::{Kept, Memo, Plan, Replay};
use crate::pipeline::zones::place::{Place, Seg};
use crate::pipeline::zones::shared::{MapIndex, SharedZones};
use crate::ruleset::Terrain;

/// What a zone expression can refer to besides the map.
#[derive(Debug, Clone, Copy, Default)]
pub struct ZoneEnv<'a> {
    /// The opposing side's deployment hexes, when known.
    pub enemy_deployment: Option<&'a HexSet>,
    /// The hexes the opposing side's units may stand on (its placed counters when the set-up
    /// places them), when known.
    pub enemy_units: Option<&'a HexSet>,
}

/// What a `Terrain` zone names, found on a map: each game's words for its terrain
/// ([`Zone`]'s `T`).
pub trait ZoneTerrain: Clone + Eq + std::hash::Hash {
    /// The hexes of the map holding it.
    fn hexes(&self, map: &Map) -> HexSet;
}

/// Rifle & Saber's terrain types (9.2): the hexes of the map's cells of that terrain.
impl ZoneTerrain for Terrain {
    fn hexes(&self, map: &Map) -> HexSet {
        HexSet::from_fn(map.grid, |c| {
            map.cell(c).is_some_and(|cell| cell.terrain == *self)
        })
    }
}

/// A kind of the map's own chart (M&S 2.2): the hexes holding that kind among their kinds;
/// none on a map without a chart, or whose chart has no such hex kind.
impl ZoneTerrain for KindName {
    fn hexes(&self, map: &Map) -> HexSet {
        let Some(chart) = &map.chart else {
            return HexSet::empty(map.grid);
        };
        let Some(row) = chart
            .rows
            .iter()
            .position(|r| !r.on_hexside && r.id == self.0)
        else {
            return HexSet::empty(map.grid);
        };
        HexSet::from_fn(map.grid, |c| chart.kinds_at(&map.grid, c).contains(&row))
    }
}

/// Compiles zone expressions on one map, collecting diagnostics.
///
/// Work is bounded: every node that passes over the whole map costs the map's hex count,
/// identical sub-zones are computed once, and past [`limits::MAX_ZONE_WORK`] compilation stops
/// with one `LIM003` (the zones left are empty).
pub struct ZoneCompiler<'a, T = Terrain> {
    map: &'a Map,
    env: ZoneEnv<'a>,
    /// Problems found so far (unknown features, bad parameters).
    pub diagnostics: Findings,
    /// Hex visits spent so far (see [`limits::MAX_ZONE_WORK`]).
    work: u64,
    /// Set once the work budget is spent: every zone compiled after it is empty.
    over_budget: bool,
    /// Sub-zones already computed (only those that raised no diagnostic).
    cache: Memo<T>,
    /// Zones computed by other files of the run on the same map, if shared.
    shared: Option<&'a SharedZones<T>>,
    /// The map's features by code and roads by name, built on first use when no run shares
    /// the map's (see [`SharedZones`]).
    index: std::cell::OnceCell<MapIndex>,
}

impl<'a, T: ZoneTerrain> ZoneCompiler<'a, T> {
    /// A compiler for zones on `map`.
    pub fn new(map: &'a Map, env: ZoneEnv<'a>) -> Self {
        ZoneCompiler {
            map,
            env,
            diagnostics: Findings::new(),
            work: 0,
            over_budget: false,
            cache: Memo::default(),
            shared: None,
            index: Default::default(),
        }
    }

    /// The map's index: the run's, made once for all its files on the map, or this
    /// compiler's own.
    fn index(&self) -> &MapIndex {
        match self.shared {
            Some(shared) => shared.index(self.map),
            None => self.index.get_or_init(|| MapIndex::of(self.map)),
        }
    }

    /// The map's feature with this code (the first, as [`Map::feature`]).
    fn find_feature(&self, code: &str) -> Option<&'a Feature> {
        let map = self.map;
        match self.index().feature(code).and_then(|i| map.features.get(i)) {
            Some(f) if f.code == code => Some(f),
            // Not this map's index (a store shared with another map): looked up here.
            Some(_) => map.feature(code),
            None => None,
        }
    }

    /// The map's road with this name (the first, as [`Map::road`]).
    fn find_road(&self, name: &str) -> Option<&'a Road> {
        let map = self.map;
        let named = |r: &Road| {
            r.name.as_deref().map(normalize_road_name) == Some(normalize_road_name(name))
        };
        match self.index().road(name).and_then(|i| map.roads.get(i)) {
            Some(r) if named(r) => Some(r),
            Some(_) => map.road(name),
            None => None,
        }
    }

    /// Take zones from, and give zones to, the other files of the run on the same map. Each
    /// file's findings and work budget stay what they would be alone.
    pub fn sharing(mut self, shared: Option<&'a SharedZones<T>>) -> Self {
        self.shared = shared;
        self
    }

    fn grid(&self) -> Grid {
        self.map.grid
    }

    /// Carry over the work spent by a compiler used before on the same file (its
    /// [`ZoneCompiler::work`]), so that the budget holds for the whole file.
    pub fn continuing(mut self, work: u64) -> Self {
        self.work = work;
        self.over_budget = work > limits::MAX_ZONE_WORK;
        self
    }

    /// Hex visits spent so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Charge the cost of a node; false (with one LIM003) once the budget is spent.
    fn charge(&mut self, cost: u64, at: Place) -> bool {
        if self.over_budget {
            return false;
        }
        self.work = self.work.saturating_add(cost);
        if self.work <= limits::MAX_ZONE_WORK {
            return true;
        }
        self.over_budget = true;
        let hexes = self.grid().len().max(1) as u64;
        self.diagnostics.push(
            Diagnostic::new(
                Code::LimitExceeded,
                format!(
                    "the zones of this file need more than {} hex visits to compute, over the limit (on this {} × {} map, about {} steps that each cover the whole map)",
                    limits::MAX_ZONE_WORK,
                    self.grid().width,
                    self.grid().height,
                    limits::MAX_ZONE_WORK / hexes
                ),
            )
            .at_path(at.to_vec())
            .with_hint("simplify the zones: name each area once, and use fewer nested Within, AtLeast, Sector, Beyond or Area clauses; zones after this one were not computed"),
        );
        false
    }

    /// What computing this node itself costs, in hex visits (its children are charged on
    /// their own).
    fn cost(&self, zone: &Zone<T>) -> u64 {
        let n = self.grid().len() as u64;
        match zone {
            Zone::Feature(_)
            | Zone::Corner(_)
            | Zone::Road(_)
            | Zone::RoadEntry(_)
            | Zone::AnyRoad
            | Zone::EnemyDeployment => 1 + n / 64,
            Zone::Hexes(list) => 1 + list.len() as u64 + n / 64,
            // Set operations work a word (64 hexes) at a time.
            Zone::OneOf(zs) | Zone::Union(zs) | Zone::Intersection(zs) => {
                1 + (zs.len() as u64 + 1) * (n / 64)
            }
            Zone::Difference(..) => 1 + 2 * (n / 64),
            Zone::Between { chain, .. } => n * (chain.len() as u64 + 1),
            Zone::Line(zs) | Zone::Area(zs) => n * 2 + zs.len() as u64,
            Zone::RoadStretch { .. } => 3 * n,
            _ => 2 * n,
        }
    }

    /// Compile a zone found at `path` in the document into hexes.
    pub fn compile(&mut self, zone: &Zone<T>, path: &[PathSeg]) -> HexSet {
        let plan = Plan::of(zone);
        let hexes = self.node(zone, &plan, 0, Place::Root(path));
        Arc::unwrap_or_clone(hexes)
    }

    /// Compile node `i` of `plan`, `zone`, at `at`.
    fn node(&mut self, zone: &Zone<T>, plan: &Plan, i: usize, at: Place) -> Arc<HexSet> {
        let node = plan.node(i);
        if let Some(hit) = self.cache.get(node.hash, zone) {
            return Arc::clone(&hit.hexes);
        }
        if let Some(hit) = self.take_shared(zone, plan, i) {
            return hit;
        }
        let cost = self.cost(zone);
        if !self.charge(cost, at) {
            return Arc::new(HexSet::empty(self.grid()));
        }
        let before = self.diagnostics.len();
        let out = Arc::new(self.compile_node(zone, plan, i, at));
        // Only a node worth a pass over the map is kept, and only when it raised nothing (so
        // that each place a mistake is written is reported).
        if cost >= self.grid().len() as u64 && self.diagnostics.len() == before && !self.over_budget
        {
            let kept = Kept {
                hash: node.hash,
                zone: Arc::new(zone.clone()),
                hexes: Arc::clone(&out),
            };
            if let Some(shared) = self.shared
                && !node.enemy
            {
                shared.keep(&kept);
            }
            self.cache.insert(kept);
        }
        out
    }

    /// A zone computed by another file, accounted for as if computed here: the work of every
    /// node not already computed here is charged, and the nodes computing it would have kept
    /// are kept. None (so that it is computed here) when it is not shared, or when the budget
    /// would run out inside it, where computing it says where.
    fn take_shared(&mut self, zone: &Zone<T>, plan: &Plan, i: usize) -> Option<Arc<HexSet>> {
        let shared = self.shared?;
        let node = plan.node(i);
        if self.over_budget || node.enemy {
            return None;
        }
        // None of its nodes computed here: the replay is every file's, kept once.
        let fresh = !self.cache.holds_any(plan, i);
        if fresh && let Some(replay) = shared.replay_of(node.hash, zone) {
            if self.work.saturating_add(replay.work) > limits::MAX_ZONE_WORK {
                return None;
            }
            self.work += replay.work;
            self.cache.extend(replay.kept.iter().cloned());
            return Some(Arc::clone(&replay.top.hexes));
        }
        let mut work = 0;
        let mut kept = Memo::default();
        let found =
            shared.with_held(|held| self.replay(zone, plan, i, held, &mut work, &mut kept))?;
        if !found || self.work.saturating_add(work) > limits::MAX_ZONE_WORK {
            return None;
        }
        // Kept by the replay: only a zone worth a pass over the map is shared (see `node`),
        // and one already computed here was taken from the cache before.
        let top = kept.get(node.hash, zone)?.clone();
        self.work += work;
        let kept: Vec<Kept<T>> = kept.into_iter().collect();
        self.cache.extend(kept.iter().cloned());
        let hexes = Arc::clone(&top.hexes);
        if fresh {
            shared.keep_replay(Replay { top, work, kept });
        }
        Some(hexes)
    }

    /// What [`ZoneCompiler::compile`] would charge and keep for node `i` of `plan`, `zone` (a
    /// zone that raised no finding); false if a node it would keep is not shared.
    fn replay(
        &self,
        zone: &Zone<T>,
        plan: &Plan,
        i: usize,
        shared: &Memo<T>,
        work: &mut u64,
        kept: &mut Memo<T>,
    ) -> bool {
        let hash = plan.node(i).hash;
        if self.cache.contains(hash, zone) || kept.contains(hash, zone) {
            return true;
        }
        let cost = self.cost(zone);
        *work = work.saturating_add(cost);
        // The node itself first: a zone not shared is found missing without a look at its parts.
        if cost >= self.grid().len() as u64 {
            let Some(hexes) = shared.get(hash, zone) else {
                return false;
            };
            kept.insert(hexes.clone());
        }
        zone.each_child()
            .zip(plan.children(i))
            .all(|(c, ci)| self.replay(c, plan, ci, shared, work, kept))
    }

    /// Compute node `i` of `plan`, `zone`, at `at`, its children through [`ZoneCompiler::node`].
    fn compile_node(&mut self, zone: &Zone<T>, plan: &Plan, i: usize, at: Place) -> HexSet {
        use Seg::{Index, Key};
        let g = self.grid();
        let mut kids = plan.children(i);
        let mut kid = || kids.next().expect("a plan lists every child");
        match zone {
            Zone::Everywhere => HexSet::full(g),
            Zone::Feature(code) => self.feature(code, at.under(&[Key("Feature")])),
            Zone::Hexes(list) => {
                for (i, c) in list.iter().enumerate() {
                    if !g.contains(*c) {
                        self.diagnostics.push_with(Code::OffMap, || {
                            off_map(&g, *c, at.under(&[Key("Hexes"), Index(i)]).to_vec())
                        });
                    }
                }
                HexSet::from_coords(g, list.iter().copied())
            }
            Zone::Corner(c) => HexSet::from_coords(g, [g.corner(*c)]),
            Zone::Edge(e) => HexSet::from_fn(g, |c| g.on_edge(c, *e)),
            Zone::Road(name) => match self.road(name, at.under(&[Key("Road")])) {
                Some(hexes) => HexSet::from_coords(g, hexes.iter().copied()),
                None => HexSet::empty(g),
            },
            Zone::RoadEntry(name) => {
                let p = at.under(&[Key("RoadEntry")]);
                let Some(road) = self.find_road(name) else {
                    self.unknown_road(name, p);
                    return HexSet::empty(g);
                };
                let ends: Vec<Coord> = Edge::ALL
                    .iter()
                    .filter_map(|e| self.map.road_exit(road, *e))
                    .collect();
                if ends.is_empty() {
                    self.diagnostics.push(
                        Diagnostic::new(Code::RoadNotOnEdge, format!("the {name} road does not reach a map edge"))
                            .at_path(p.to_vec())
                            .with_hint("extend the road to the map edge in the map file, or arrive by an edge instead"),
                    );
                }
                HexSet::from_coords(g, ends)
            }
            Zone::AnyRoad => HexSet::from_coords(
                g,
                self.map.roads.iter().flat_map(|r| r.hexes.iter().copied()),
            ),
            Zone::Terrain(t) => t.hexes(self.map),
            Zone::Slopes => HexSet::from_fn(g, |c| self.map.cell(c).is_some_and(|cell| cell.slope)),
            Zone::Line(zones) => {
                let mut anchors = Vec::new();
                let mut out = HexSet::empty(g);
                for (n, z) in zones.iter().enumerate() {
                    let s = self.node(z, plan, kid(), at.under(&[Key("Line"), Index(n)]));
                    if let Some(c) = nearest_to_centroid(&s) {
                        anchors.push(c);
                    }
                    // Distances from the line are distances from any hex of its features.
                    out.union_with(&s);
                }
                for w in anchors.windows(2) {
                    for c in g.line(w[0], w[1]) {
                        out.insert(c);
                    }
                }
                if anchors.len() == 1 {
                    out.insert(anchors[0]);
                }
                out
            }
            Zone::Within { distance, of } => {
                self.check_distance(*distance, at.under(&[Key("Within"), Key("distance")]));
                let base = self.node(of, plan, kid(), at.under(&[Key("Within"), Key("of")]));
                within(&base, *distance)
            }
            Zone::AtLeast { distance, from } => {
                self.check_distance(*distance, at.under(&[Key("AtLeast"), Key("distance")]));
                let base = self.node(from, plan, kid(), at.under(&[Key("AtLeast"), Key("from")]));
                if base.is_empty() {
                    return HexSet::empty(g);
                }
                // Hexes nearer than `distance` are found (a search over bits, no distance
                // kept per hex); the rest are far enough.
                let mut far = HexSet::full(g);
                if *distance > 0 {
                    far.difference_with(&base.within(distance - 1));
                }
                far
            }
            Zone::Sector {
                toward,
                of,
                within: max,
                at_least,
                half_angle,
            } => {
                let p = at.under(&[Key("Sector")]);
                if let (Some(max), Some(min)) = (max, at_least)
                    && min > max
                {
                    self.diagnostics.push(
                        Diagnostic::new(
                            Code::ZoneParameter,
                            format!("the sector asks for hexes at least {min} but at most {max} away: none can be"),
                        )
                        .at_path(p.under(&[Key("at_least")]).to_vec())
                        .with_hint("make `at_least` no larger than `within`"),
                    );
                }
                let base = self.node(of, plan, kid(), p.under(&[Key("of")]));
                sector(&base, *toward, *max, *at_least, *half_angle)
            }
            Zone::Beyond {
                toward,
                of,
                inclusive,
            } => {
                let base = self.node(of, plan, kid(), at.under(&[Key("Beyond"), Key("of")]));
                beyond(&base, *toward, *inclusive)
            }
            Zone::Between {
                chain,
                include_ends,
                slack,
            } => {
                let sets: Vec<Arc<HexSet>> = chain
                    .iter()
                    .enumerate()
                    .map(|(n, z)| {
                        let segs = [Key("Between"), Key("chain"), Index(n)];
                        self.node(z, plan, kid(), at.under(&segs))
                    })
                    .collect();
                between(g, &sets, *include_ends, *slack)
            }
            Zone::Area(zones) => {
                let sets: Vec<Arc<HexSet>> = zones
                    .iter()
                    .enumerate()
                    .map(|(n, z)| self.node(z, plan, kid(), at.under(&[Key("Area"), Index(n)])))
                    .collect();
                area(g, &sets)
            }
            Zone::RiverSide(edge) => {
                let (bank, tied) = river_bank(self.map, *edge);
                if tied {
                    self.diagnostics.push(
                        Diagnostic::new(
                            Code::RiverSideTied,
                            format!(
                                "the river divides the {} edge into two banks of the same length, so `RiverSide({edge:?})` names neither",
                                edge.name()
                            ),
                        )
                        .at_path(at.under(&[Key("RiverSide")]).to_vec())
                        .with_hint("name an edge that lies mostly on one bank, or give the bank as an `Area` or with `Beyond`"),
                    );
                }
                bank
            }
            Zone::RoadStretch { road, from, to } => {
                let p = at.under(&[Key("RoadStretch")]);
                let a = self.node(from, plan, kid(), p.under(&[Key("from")]));
                let b = self.node(to, plan, kid(), p.under(&[Key("to")]));
                match self.road(road, p.under(&[Key("road")])) {
                    Some(hexes) => road_stretch(g, hexes, &a, &b),
                    None => HexSet::empty(g),
                }
            }
            Zone::EnemyDeployment | Zone::EnemyUnits => {
                let known = match zone {
                    Zone::EnemyUnits => self.env.enemy_units.or(self.env.enemy_deployment),
                    _ => self.env.enemy_deployment,
                };
                match known {
                    Some(s) => s.clone(),
                    None => {
                        self.diagnostics.push(
                            Diagnostic::new(
                                Code::ZoneParameter,
                                "this zone refers to the enemy's deployment, which is not known here",
                            )
                            .at_path(at.to_vec())
                            .with_hint("only the side that deploys second can refer to the enemy's deployment, and the enemy's own zones may not refer back"),
                        );
                        HexSet::empty(g)
                    }
                }
            }
            Zone::OneOf(zones) => {
                let mut out = HexSet::empty(g);
                for (n, z) in zones.iter().enumerate() {
                    out.union_with(&self.node(z, plan, kid(), at.under(&[Key("OneOf"), Index(n)])));
                }
                out
            }
            Zone::Union(zones) => {
                let mut out = HexSet::empty(g);
                for (n, z) in zones.iter().enumerate() {
                    out.union_with(&self.node(z, plan, kid(), at.under(&[Key("Union"), Index(n)])));
                }
                out
            }
            Zone::Intersection(zones) => {
                let mut out = HexSet::full(g);
                for (n, z) in zones.iter().enumerate() {
                    let segs = [Key("Intersection"), Index(n)];
                    out.intersect_with(&self.node(z, plan, kid(), at.under(&segs)));
                }
                out
            }
            Zone::Difference(a, b) => {
                let first = self.node(a, plan, kid(), at.under(&[Key("Difference"), Index(0)]));
                let mut out = Arc::unwrap_or_clone(first);
                out.difference_with(&self.node(
                    b,
                    plan,
                    kid(),
                    at.under(&[Key("Difference"), Index(1)]),
                ));
                out
            }
        }
    }

    /// The alternatives of a zone: several for `OneOf`, otherwise the zone itself.
    pub fn alternatives(&mut self, zone: &Zone<T>, path: &[PathSeg]) -> Vec<HexSet> {
        self.alternatives_at(zone, Place::Root(path))
    }

    /// [`ZoneCompiler::alternatives`] of a zone at `at`.
    pub(crate) fn alternatives_at(&mut self, zone: &Zone<T>, at: Place) -> Vec<HexSet> {
        match zone {
            Zone::OneOf(zones) => zones
                .iter()
                .enumerate()
                .map(|(i, z)| {
                    let plan = Plan::of(z);
                    let hexes =
                        self.node(z, &plan, 0, at.under(&[Seg::Key("OneOf"), Seg::Index(i)]));
                    Arc::unwrap_or_clone(hexes)
                })
                .collect(),
            _ => {
                let plan = Plan::of(zone);
                vec![Arc::unwrap_or_clone(self.node(zone, &plan, 0, at))]
            }
        }
    }

    fn feature(&mut self, code: &str, at: Place) -> HexSet {
        match self.find_feature(code) {
            Some(f) => HexSet::from_coords(self.grid(), f.hexes.iter().copied()),
            None => {
                let map = self.map;
                // Suggestions cost a pass over the map's codes: only for findings kept.
                self.diagnostics.push_with(Code::UnknownFeature, || {
                    let codes = map.feature_codes();
                    let near = nearest_codes(code, &codes);
                    Diagnostic::new(
                        Code::UnknownFeature,
                        format!("the map `{}` has no feature `{code}`", map.id),
                    )
                    .at_path(at.to_vec())
                    .spelling(&near, format!("the map's features are {}", some_of(&codes)))
                });
                HexSet::empty(self.grid())
            }
        }
    }

    fn road(&mut self, name: &str, at: Place) -> Option<&'a [Coord]> {
        match self.find_road(name) {
            Some(r) => Some(&r.hexes),
            None => {
                self.unknown_road(name, at);
                None
            }
        }
    }

    fn unknown_road(&mut self, name: &str, at: Place) {
        let map = self.map;
        // Suggestions cost a pass over the map's roads: only for findings kept.
        self.diagnostics.push_with(Code::UnknownRoad, || {
            let names: Vec<&str> = map.roads.iter().filter_map(|r| r.name.as_deref()).collect();
            let near = suggestions(name, names.iter().copied());
            let hint = if names.is_empty() {
                "the map has no named roads".to_string()
            } else {
                format!("the map's named roads are {}", some_of(&names))
            };
            Diagnostic::new(
                Code::UnknownRoad,
                format!("the map `{}` has no road named `{name}`", map.id),
            )
            .at_path(at.to_vec())
            .spelling(&near, hint)
        });
    }

    fn check_distance(&mut self, d: u32, at: Place) {
        if d > limits::MAX_DISTANCE {
            self.diagnostics.push(
                Diagnostic::new(
                    Code::LimitExceeded,
                    format!("distance {d} is over the limit of {}", limits::MAX_DISTANCE),
                )
                .at_path(at.to_vec())
                .with_hint("distances are counted in hexes; no map is that large"),
            );
        }
    }
}

/// Names listed in a hint: the first 20, then how many more (a map may have ten thousand).
fn some_of(names: &[&str]) -> String {
    const SHOWN: usize = 20;
    let mut out = names[..names.len().min(SHOWN)].join(", ");
    if names.len() > SHOWN {
        out.push_str(&format!(" and {} more", names.len() - SHOWN));
    }
    out
}

/// Feature codes closest to a wanted one: same letter and nearby numbers first, then spelling.
pub fn nearest_codes<'a>(wanted: &str, codes: &[&'a str]) -> Vec<&'a str> {
    use crate::model::map::parse_feature_code;
    let mut out: Vec<&str> = Vec::new();
    if let Some((letter, n)) = parse_feature_code(wanted) {
        // Numbers are unique across letters (11.0): the same number under another letter is
        // the feature meant ("F17" for "V17"), whatever the letters nearby.
        let same_number: Vec<&str> = codes
            .iter()
            .filter(|c| parse_feature_code(c).is_some_and(|(_, m)| m == n))
            .copied()
            .collect();
        if !same_number.is_empty() {
            return same_number;
        }
        let mut same: Vec<(u32, &str)> = codes
            .iter()
            .filter_map(|c| {
                parse_feature_code(c)
                    .filter(|(l, _)| *l == letter)
                    .map(|(_, m)| (m.abs_diff(n), *c))
            })
            .collect();
        same.sort();
        out.extend(same.into_iter().take(3).map(|(_, c)| c));
    }
    for s in suggestions(wanted, codes.iter().copied()) {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out.dedup();
    out.truncate(3);
    out
}

/// Hexes within `d` of the set (the set included): a breadth-first search over bits, with no
/// distance kept per hex.
pub fn within(base: &HexSet, d: u32) -> HexSet {
    base.within(d)
}

fn nearest_to_centroid(s: &HexSet) -> Option<Coord> {
    let (x, y) = s.centroid()?;
    let g = s.grid();
    s.iter().min_by(|a, b| {
        let da = dist2(g.center(*a), (x, y));
        let db = dist2(g.center(*b), (x, y));
        da.total_cmp(&db).then(a.cmp(b))
    })
}

fn dist2(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)
}

const EPS: f64 = 1e-6;

/// Sector of hexes outside `base` whose bearing from its centroid is within `half_angle` of
/// `toward`, limited by distance from `base`.
pub fn sector(
    base: &HexSet,
    toward: Compass,
    max: Option<u32>,
    min: Option<u32>,
    half_angle: u32,
) -> HexSet {
    let g = base.grid();
    let Some((cx, cy)) = base.centroid() else {
        return HexSet::empty(g);
    };
    // Distances are needed only as far as the limits reach: hexes not reached are beyond them.
    let reach = match (max, min) {
        (Some(m), _) => m,
        (None, Some(m)) => m.saturating_sub(1),
        (None, None) => 0,
    };
    let field = base.distance_field_upto(reach);
    let (vx, vy) = toward.vector();
    let cos_limit = (half_angle.min(180) as f64).to_radians().cos();
    HexSet::from_fn(g, |c| {
        let d = field[g.index(c).unwrap_or(0)];
        if d == 0 || max.is_some_and(|m| d > m) || min.is_some_and(|m| d < m) {
            return false;
        }
        let (x, y) = g.center(c);
        let (dx, dy) = (x - cx, y - cy);
        let len = (dx * dx + dy * dy).sqrt();
        len > EPS && (dx * vx + dy * vy) / len >= cos_limit - EPS
    })
}

/// Hexes beyond the line through the centroid of `base`, perpendicular to `toward`.
pub fn beyond(base: &HexSet, toward: Compass, inclusive: bool) -> HexSet {
    let g = base.grid();
    let Some((cx, cy)) = base.centroid() else {
        return HexSet::empty(g);
    };
    let (vx, vy) = toward.vector();
    HexSet::from_fn(g, |c| {
        let (x, y) = g.center(c);
        let proj = (x - cx) * vx + (y - cy) * vy;
        if inclusive {
            proj >= -EPS || base.contains(c)
        } else {
            proj > EPS && !base.contains(c)
        }
    })
}

/// Hexes on a shortest path (plus `slack`) between consecutive sets of a chain.
pub fn between<S: Borrow<HexSet>>(g: Grid, sets: &[S], include_ends: bool, slack: u32) -> HexSet {
    let mut out = HexSet::empty(g);
    for pair in sets.windows(2) {
        let (a, b) = (pair[0].borrow(), pair[1].borrow());
        // Gap between the two sets: the distance from a's nearest hex to b.
        let Some(gap) = a.distance_to(b) else {
            continue;
        };
        // Only hexes within the path's length of both ends can lie on it.
        let reach = gap.saturating_add(slack);
        let (fa, fb) = (a.distance_field_upto(reach), b.distance_field_upto(reach));
        for idx in 0..g.len() {
            if fa[idx] != u32::MAX
                && fb[idx] != u32::MAX
                && fa[idx].saturating_add(fb[idx]) <= reach
            {
                out.insert(g.coord_at(idx));
            }
        }
    }
    for s in sets.iter().map(Borrow::borrow) {
        if include_ends {
            out.union_with(s);
        } else {
            out.difference_with(s);
        }
    }
    out
}

/// Hexes whose centres lie inside the convex hull of all hexes of the sets. Only the hexes at
/// the ends of each row and each column can be corners of the hull (in either orientation, the
/// centres of a row or of a column lie on a line), so the hull is built from those: memory
/// grows with the zone's boundary, not its area.
pub fn area<S: Borrow<HexSet>>(g: Grid, sets: &[S]) -> HexSet {
    let (w, h) = (g.width as usize, g.height as usize);
    let mut rows: Vec<Option<(usize, usize)>> = vec![None; h];
    let mut cols: Vec<Option<(usize, usize)>> = vec![None; w];
    let widen = |slot: &mut Option<(usize, usize)>, v: usize| {
        *slot = Some(match *slot {
            None => (v, v),
            Some((lo, hi)) => (lo.min(v), hi.max(v)),
        });
    };
    for s in sets.iter().map(Borrow::borrow) {
        for i in s.indices() {
            let (r, c) = (i / w, i % w);
            widen(&mut rows[r], c);
            widen(&mut cols[c], r);
        }
    }
    let mut pts: Vec<(f64, f64)> = Vec::new();
    let center = |c: usize, r: usize| g.center(Coord(c as i32 + 1, r as i32 + 1));
    for (r, span) in rows.iter().enumerate() {
        if let Some((lo, hi)) = *span {
            pts.push(center(lo, r));
            pts.push(center(hi, r));
        }
    }
    for (c, span) in cols.iter().enumerate() {
        if let Some((lo, hi)) = *span {
            pts.push(center(c, lo));
            pts.push(center(c, hi));
        }
    }
    if pts.is_empty() {
        return HexSet::empty(g);
    }
    let hull = convex_hull(&mut pts);
    let mut out = HexSet::from_fn(g, |c| inside_hull(&hull, g.center(c)));
    for s in sets {
        out.union_with(s.borrow());
    }
    out
}

/// Andrew's monotone chain; counter-clockwise in y-down screen space means clockwise visually.
fn convex_hull(pts: &mut [(f64, f64)]) -> Vec<(f64, f64)> {
    pts.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let cross = |o: (f64, f64), a: (f64, f64), b: (f64, f64)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    let mut lower: Vec<(f64, f64)> = Vec::new();
    for &p in pts.iter() {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], p) <= EPS {
            lower.pop();
        }
        lower.push(p);
    }
    let mut upper: Vec<(f64, f64)> = Vec::new();
    for &p in pts.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], p) <= EPS {
            upper.pop();
        }
        upper.push(p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

fn inside_hull(hull: &[(f64, f64)], p: (f64, f64)) -> bool {
    match hull.len() {
        0 => false,
        1 => dist2(hull[0], p) < EPS,
        2 => {
            // A segment: on it within tolerance.
            let (a, b) = (hull[0], hull[1]);
            let len2 = dist2(a, b);
            let t = ((p.0 - a.0) * (b.0 - a.0) + (p.1 - a.1) * (b.1 - a.1)) / len2;
            let proj = (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1));
            (-EPS..=1.0 + EPS).contains(&t) && dist2(proj, p) < 0.01
        }
        n if n <= 16 => (0..n).all(|i| {
            let (a, b) = (hull[i], hull[(i + 1) % n]);
            cross(a, b, p) >= -EPS
        }),
        n => {
            // A fan from the first corner: find the wedge holding `p` by bisection, then test
            // the one hull edge that closes it (logarithmic in the hull's size).
            let o = hull[0];
            if cross(o, hull[1], p) < -EPS || cross(hull[n - 1], o, p) < -EPS {
                return false;
            }
            let (mut lo, mut hi) = (1, n - 1);
            while hi - lo > 1 {
                let mid = (lo + hi) / 2;
                if cross(o, hull[mid], p) >= 0.0 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            cross(hull[lo], hull[lo + 1], p) >= -EPS
        }
    }
}

/// Which side of the line `a`→`b` the point `p` lies on (positive: inside a hull in the order
/// [`convex_hull`] builds it).
fn cross(a: (f64, f64), b: (f64, f64), p: (f64, f64)) -> f64 {
    (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
}

/// One bank of the river, named by a map edge: of the areas the river system divides the map
/// into, the one that holds most of that edge's hexes. Where the river meets the edge, the edge
/// touches both banks; "the north side of the river" is then still the bank that most of the
/// north edge belongs to, never both. The flag is true when two banks hold equally many edge
/// hexes, so that the edge names no bank.
pub fn river_bank(map: &Map, edge: Edge) -> (HexSet, bool) {
    let g = map.grid;
    let dry = |c: Coord| map.cell(c).is_some_and(|cell| !cell.terrain.is_river());
    let mut seen = HexSet::empty(g);
    // (edge hexes, area) of each area touching the edge.
    let mut banks: Vec<(usize, HexSet)> = Vec::new();
    for start in g.coords().filter(|c| g.on_edge(*c, edge) && dry(*c)) {
        if seen.contains(start) {
            continue;
        }
        let mut area = HexSet::empty(g);
        let mut stack = vec![start];
        seen.insert(start);
        while let Some(c) = stack.pop() {
            area.insert(c);
            for n in g.neighbors(c) {
                if dry(n) && !seen.contains(n) {
                    seen.insert(n);
                    stack.push(n);
                }
            }
        }
        let frontage = area.iter().filter(|c| g.on_edge(*c, edge)).count();
        banks.push((frontage, area));
    }
    banks.sort_by_key(|(frontage, _)| std::cmp::Reverse(*frontage));
    let tied = banks.len() > 1 && banks[0].0 == banks[1].0;
    let bank = banks
        .into_iter()
        .next()
        .map_or_else(|| HexSet::empty(g), |(_, area)| area);
    (bank, tied)
}

/// The bank of the river named by an edge (see [`river_bank`]).
pub fn river_side(map: &Map, edge: Edge) -> HexSet {
    river_bank(map, edge).0
}

/// Road hexes between the road hexes nearest `a` and nearest `b`.
pub fn road_stretch(g: Grid, road: &[Coord], a: &HexSet, b: &HexSet) -> HexSet {
    if a.is_empty() || b.is_empty() || road.is_empty() {
        return HexSet::empty(g);
    }
    // Each end's nearest road hexes: the search stops at the distance of the nearest.
    let on_road = HexSet::from_coords(g, road.iter().copied());
    let field_to_road = |s: &HexSet| s.distance_field_upto(s.distance_to(&on_road).unwrap_or(0));
    let (fa, fb) = (field_to_road(a), field_to_road(b));
    let nearest = |f: &Vec<u32>| {
        road.iter()
            .enumerate()
            .filter(|(_, c)| g.contains(**c))
            .min_by_key(|(i, c)| (f[g.index(**c).unwrap_or(0)], *i))
            .map(|(i, _)| i)
    };
    let (Some(i), Some(j)) = (nearest(&fa), nearest(&fb)) else {
        return HexSet::empty(g);
    };
    let (lo, hi) = (i.min(j), i.max(j));
    HexSet::from_coords(g, road[lo..=hi].iter().copied())
}

#[cfg(test)]
mod tests;
