//! The zone language: deployment zones, arrival entries and victory targets as expressions that
//! compile to sets of hexes on a map.
//!
//! Every deployment clause of the seventeen scenarios is one of these forms or a combination:
//!
//! | clause in the rules | zone |
//! |---|---|
//! | "on or adjacent to V4", "within four hexes of V4" | `Within(distance: 1, of: Feature("V4"))` |
//! | "five hexes or more from H26", "not closer than 6 hexes to …" | `AtLeast(distance: 5, from: …)` |
//! | "within 5 hexes to the northeast of V9", "12 hexes or more southwest of H26" | `Sector(toward: NE, of: …, within: Some(5))` |
//! | "on or north of H26" | `Beyond(toward: N, of: Feature("H26"), inclusive: true)` |
//! | "on and between H32 and H26", "between (but not on) V5 and V4", "H24-H25-H26" | `Between(chain: [..], include_ends: true)` |
//! | "the area H26-B14-V4", "V6, V5 and the north-east corner" | `Area([Feature("H26"), Feature("B14"), Feature("V4")])` |
//! | "on the north side of the river" | `RiverSide(North)` |
//! | "on the road between V6 and the eastern edge" | `RoadStretch(road: "East", from: Feature("V6"), to: Edge(East))` |
//! | "south edge west of R3" | `Intersection([Edge(South), Beyond(toward: W, of: Feature("R3"))])` |
//! | "arrives on the South Road" | `RoadEntry("South")` |
//! | "not closer than 6 hexes to the line R1-J34-R3" | `AtLeast(distance: 6, from: Line([..]))` |
//! | "13 hexes or more away from the Spanish" | `AtLeast(distance: 13, from: EnemyUnits)` |
//! | "the area … but not where the enemy may deploy" | `Difference(.., EnemyDeployment)` |
//! | "any one of H24, H25 or H26" | `OneOf([..])` |
//! | and, or, but not | `Intersection`, `Union`, `Difference` |
//!
//! Geometry: distances are hex counts (5.1A counts the target hex, not the firing hex, which is
//! the hex distance). Directions are measured between hex centres on the printed sheet (north up),
//! from the centroid of the reference zone.

use fixedbitset::FixedBitSet;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::diagnostic::{Code, Diagnostic, PathSeg, did_you_mean, suggestions};
use crate::hex::{Compass, Coord, Corner, Edge, Grid};
use crate::limits;
use crate::map::Map;
use crate::ruleset::Terrain;

/// A set of hexes on a given map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexSet {
    grid: Grid,
    bits: FixedBitSet,
}

impl HexSet {
    /// The empty set on a grid.
    pub fn empty(grid: Grid) -> HexSet {
        HexSet {
            grid,
            bits: FixedBitSet::with_capacity(grid.len()),
        }
    }

    /// Every hex of the grid.
    pub fn full(grid: Grid) -> HexSet {
        let mut s = HexSet::empty(grid);
        s.bits.insert_range(..);
        s
    }

    /// The set of the given hexes; off-map ones are dropped.
    pub fn from_coords(grid: Grid, coords: impl IntoIterator<Item = Coord>) -> HexSet {
        let mut s = HexSet::empty(grid);
        for c in coords {
            s.insert(c);
        }
        s
    }

    /// The hexes for which `f` holds.
    pub fn from_fn(grid: Grid, mut f: impl FnMut(Coord) -> bool) -> HexSet {
        let mut s = HexSet::empty(grid);
        for i in 0..grid.len() {
            if f(grid.coord_at(i)) {
                s.bits.insert(i);
            }
        }
        s
    }

    /// The grid this set lives on.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// Add a hex (ignored when off the map).
    pub fn insert(&mut self, c: Coord) {
        if let Some(i) = self.grid.index(c) {
            self.bits.insert(i);
        }
    }

    /// Remove a hex.
    pub fn remove(&mut self, c: Coord) {
        if let Some(i) = self.grid.index(c) {
            self.bits.set(i, false);
        }
    }

    /// Is the hex in the set?
    pub fn contains(&self, c: Coord) -> bool {
        self.grid.index(c).is_some_and(|i| self.bits.contains(i))
    }

    /// Number of hexes.
    pub fn len(&self) -> usize {
        self.bits.count_ones(..)
    }

    /// True when no hex is in the set.
    pub fn is_empty(&self) -> bool {
        self.bits.is_clear()
    }

    /// The hexes, row by row.
    pub fn iter(&self) -> impl Iterator<Item = Coord> + '_ {
        self.bits.ones().map(|i| self.grid.coord_at(i))
    }

    /// Set union, in place.
    pub fn union_with(&mut self, other: &HexSet) {
        self.bits.union_with(&other.bits);
    }

    /// Set intersection, in place.
    pub fn intersect_with(&mut self, other: &HexSet) {
        self.bits.intersect_with(&other.bits);
    }

    /// Set difference, in place.
    pub fn difference_with(&mut self, other: &HexSet) {
        self.bits.difference_with(&other.bits);
    }

    /// Do the sets share a hex?
    pub fn intersects(&self, other: &HexSet) -> bool {
        !self.bits.is_disjoint(&other.bits)
    }

    /// Is every hex of `self` in `other`?
    pub fn is_subset(&self, other: &HexSet) -> bool {
        self.bits.is_subset(&other.bits)
    }

    /// Mean centre of the hexes (screen space), if any.
    pub fn centroid(&self) -> Option<(f64, f64)> {
        let mut n = 0.0;
        let (mut x, mut y) = (0.0, 0.0);
        for c in self.iter() {
            let (cx, cy) = self.grid.center(c);
            x += cx;
            y += cy;
            n += 1.0;
        }
        (n > 0.0).then(|| (x / n, y / n))
    }

    /// Hex distance from the nearest hex of the set, for every hex of the map (multi-source
    /// breadth-first search); `u32::MAX` where the set is empty.
    pub fn distance_field(&self) -> Vec<u32> {
        let g = self.grid;
        let mut dist = vec![u32::MAX; g.len()];
        let mut queue = std::collections::VecDeque::new();
        for i in self.bits.ones() {
            dist[i] = 0;
            queue.push_back(i);
        }
        while let Some(i) = queue.pop_front() {
            let c = g.coord_at(i);
            let d = dist[i] + 1;
            for n in g.neighbors(c) {
                let j = g.index(n).expect("neighbours are on the map");
                if dist[j] == u32::MAX {
                    dist[j] = d;
                    queue.push_back(j);
                }
            }
        }
        dist
    }

    /// Labels of the hexes, for messages and exports.
    pub fn labels(&self) -> Vec<String> {
        self.iter().map(|c| self.grid.label(c)).collect()
    }
}

/// A zone expression. See the module documentation for which clause each form expresses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Zone {
    /// The whole map ("anywhere").
    Everywhere,
    /// The hexes of a numbered feature: "in V4", "on H26".
    Feature(#[schemars(regex(pattern = r"^[VHWRJFB][1-9][0-9]{0,3}$"))] String),
    /// Listed hexes, as `(col, row)`.
    Hexes(#[schemars(length(max = 100000))] Vec<Coord>),
    /// The hex in a corner of the map.
    Corner(Corner),
    /// The hexes along a map edge.
    Edge(Edge),
    /// Every hex of a named road (`"East"` or `"East Road"`).
    Road(#[schemars(length(max = 100))] String),
    /// The hex where a named road leaves the map: "arrives on the South Road".
    RoadEntry(#[schemars(length(max = 100))] String),
    /// Every road hex of the map.
    AnyRoad,
    /// Every hex of one terrain ("all woods hexes").
    Terrain(Terrain),
    /// Every slope hex.
    Slopes,
    /// A line through the given zones in order: every hex of each zone (11.0: "within four
    /// hexes of V4" means of any hex of the village) and the hexes on the straight segments
    /// joining consecutive zones' central hexes.
    Line(#[schemars(length(min = 2, max = 100))] Vec<Zone>),
    /// Hexes within `distance` of the zone, the zone included: "within 3 hexes of V5";
    /// "on or adjacent to V4" is distance 1.
    Within {
        /// Largest distance in hexes.
        #[schemars(range(max = 2000))]
        distance: u32,
        /// The reference zone.
        of: Box<Zone>,
    },
    /// Hexes at least `distance` from every hex of the zone: "5 hexes or more from H26",
    /// "not closer than 6 hexes to …".
    AtLeast {
        /// Smallest distance in hexes.
        #[schemars(range(max = 2000))]
        distance: u32,
        /// The reference zone.
        from: Box<Zone>,
    },
    /// Hexes outside the zone that lie in a compass sector seen from the zone's centroid:
    /// "within 5 hexes to the northeast of V9", "12 hexes or more southwest of H26".
    Sector {
        /// Central bearing of the sector.
        toward: Compass,
        /// The reference zone.
        of: Box<Zone>,
        /// Largest distance from the zone, if limited.
        #[serde(default)]
        #[schemars(range(max = 2000))]
        within: Option<u32>,
        /// Smallest distance from the zone, if limited.
        #[serde(default)]
        #[schemars(range(max = 2000))]
        at_least: Option<u32>,
        /// Half the opening angle of the sector in degrees (default 45: a quarter-plane).
        #[serde(default = "default_half_angle")]
        #[schemars(range(min = 1, max = 180))]
        half_angle: u32,
    },
    /// Hexes beyond a line through the zone's centroid, across it from the given direction:
    /// "north of H26"; `inclusive` also takes the zone itself and hexes level with the centroid
    /// ("on or north of H26").
    Beyond {
        /// Which way.
        toward: Compass,
        /// The reference zone.
        of: Box<Zone>,
        /// Include the zone and the hexes level with it.
        #[serde(default)]
        inclusive: bool,
    },
    /// Hexes between consecutive zones of a chain: hexes on some shortest path from one to the
    /// next ("on and between H32 and H26", chains such as H24-H25-H26).
    Between {
        /// The zones, in order; at least two.
        #[schemars(length(min = 2, max = 100))]
        chain: Vec<Zone>,
        /// Include the zones of the chain themselves ("on and between"); `false` for
        /// "between but not on".
        #[serde(default)]
        include_ends: bool,
        /// Extra hexes of detour allowed beyond a shortest path, widening the band.
        #[serde(default)]
        #[schemars(range(max = 100))]
        slack: u32,
    },
    /// The area spanned by zones: hexes whose centres lie in the convex hull of all their hexes
    /// ("the area H26-B14-V4", "between V6, V5 and the north-east corner").
    Area(#[schemars(length(min = 2, max = 100))] Vec<Zone>),
    /// One side of the river: hexes reachable from the given map edge without entering a
    /// river, ford or bridge hex.
    RiverSide(Edge),
    /// The road hexes between the points of a road nearest two zones, inclusive: "on the road
    /// between V6 and the eastern edge".
    RoadStretch {
        /// The road's name.
        #[schemars(length(max = 100))]
        road: String,
        /// One end.
        from: Box<Zone>,
        /// The other end.
        to: Box<Zone>,
    },
    /// Where the enemy may deploy: the opposing side's deployment zones, the alternatives it
    /// chose where it has a choice (`OneOf`). Used to keep zones apart ("the area, but not the
    /// enemy's zone").
    EnemyDeployment,
    /// Where the enemy's units stand once set up ("13 hexes or more away from the Spanish",
    /// 11.15): measured from the alternatives the enemy chose and, when the scenario's set-up
    /// places its counters, from the hexes they occupy. Until then it is measured from every
    /// hex the enemy may occupy, and the export tells an engine to apply it after set-up.
    EnemyUnits,
    /// A choice: the side picks one of these at set-up ("on any one of H24, H25 or H26"). Drawn
    /// as the union; each alternative must hold the group on its own.
    OneOf(#[schemars(length(min = 1, max = 100))] Vec<Zone>),
    /// Hexes in any of the zones.
    Union(#[schemars(length(max = 1000))] Vec<Zone>),
    /// Hexes in all of the zones.
    Intersection(#[schemars(length(min = 1, max = 100))] Vec<Zone>),
    /// Hexes of the first zone that are not in the second.
    Difference(Box<Zone>, Box<Zone>),
}

fn default_half_angle() -> u32 {
    45
}

/// What a zone expression can refer to besides the map.
#[derive(Debug, Clone, Copy, Default)]
pub struct ZoneEnv<'a> {
    /// The opposing side's deployment hexes, when known.
    pub enemy_deployment: Option<&'a HexSet>,
    /// The hexes the opposing side's units may stand on (its placed counters when the set-up
    /// places them), when known.
    pub enemy_units: Option<&'a HexSet>,
}

/// Compiles zone expressions on one map, collecting diagnostics.
pub struct ZoneCompiler<'a> {
    map: &'a Map,
    env: ZoneEnv<'a>,
    /// Problems found so far (unknown features, bad parameters).
    pub diagnostics: Vec<Diagnostic>,
}

impl<'a> ZoneCompiler<'a> {
    /// A compiler for zones on `map`.
    pub fn new(map: &'a Map, env: ZoneEnv<'a>) -> ZoneCompiler<'a> {
        ZoneCompiler {
            map,
            env,
            diagnostics: Vec::new(),
        }
    }

    fn grid(&self) -> Grid {
        self.map.grid
    }

    /// Compile a zone found at `path` in the document into hexes.
    pub fn compile(&mut self, zone: &Zone, path: &[PathSeg]) -> HexSet {
        let g = self.grid();
        let sub = |p: &[PathSeg], segs: &[PathSeg]| -> Vec<PathSeg> {
            let mut v = p.to_vec();
            v.extend_from_slice(segs);
            v
        };
        let k = PathSeg::key;
        match zone {
            Zone::Everywhere => HexSet::full(g),
            Zone::Feature(code) => self.feature(code, &sub(path, &[k("Feature")])),
            Zone::Hexes(list) => {
                for (i, c) in list.iter().enumerate() {
                    if !g.contains(*c) {
                        self.diagnostics.push(
                            Diagnostic::error(
                                Code::OffMap,
                                format!(
                                    "hex ({}, {}) is off the {} × {} map",
                                    c.0, c.1, g.width, g.height
                                ),
                            )
                            .at_path(sub(path, &[k("Hexes"), PathSeg::Index(i)]))
                            .with_hint(format!(
                                "columns run from 1 to {} and rows from 1 to {}",
                                g.width, g.height
                            )),
                        );
                    }
                }
                HexSet::from_coords(g, list.iter().copied())
            }
            Zone::Corner(c) => HexSet::from_coords(g, [g.corner(*c)]),
            Zone::Edge(e) => HexSet::from_fn(g, |c| g.on_edge(c, *e)),
            Zone::Road(name) => match self.road(name, &sub(path, &[k("Road")])) {
                Some(hexes) => HexSet::from_coords(g, hexes),
                None => HexSet::empty(g),
            },
            Zone::RoadEntry(name) => {
                let p = sub(path, &[k("RoadEntry")]);
                let Some(road) = self.map.road(name) else {
                    self.unknown_road(name, p);
                    return HexSet::empty(g);
                };
                let ends: Vec<Coord> = Edge::ALL
                    .iter()
                    .filter_map(|e| self.map.road_exit(road, *e))
                    .collect();
                if ends.is_empty() {
                    self.diagnostics.push(
                        Diagnostic::error(Code::RoadNotOnEdge, format!("the {name} road does not reach a map edge"))
                            .at_path(p)
                            .with_hint("extend the road to the map edge in the map file, or arrive by an edge instead")
                            .with_rule("11.0"),
                    );
                }
                HexSet::from_coords(g, ends)
            }
            Zone::AnyRoad => HexSet::from_coords(
                g,
                self.map.roads.iter().flat_map(|r| r.hexes.iter().copied()),
            ),
            Zone::Terrain(t) => HexSet::from_fn(g, |c| {
                self.map.cell(c).is_some_and(|cell| cell.terrain == *t)
            }),
            Zone::Slopes => HexSet::from_fn(g, |c| self.map.cell(c).is_some_and(|cell| cell.slope)),
            Zone::Line(zones) => {
                let mut anchors = Vec::new();
                let mut out = HexSet::empty(g);
                for (i, z) in zones.iter().enumerate() {
                    let s = self.compile(z, &sub(path, &[k("Line"), PathSeg::Index(i)]));
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
                self.check_distance(*distance, &sub(path, &[k("Within"), k("distance")]));
                let base = self.compile(of, &sub(path, &[k("Within"), k("of")]));
                within(&base, *distance)
            }
            Zone::AtLeast { distance, from } => {
                self.check_distance(*distance, &sub(path, &[k("AtLeast"), k("distance")]));
                let base = self.compile(from, &sub(path, &[k("AtLeast"), k("from")]));
                if base.is_empty() {
                    return HexSet::empty(g);
                }
                let field = base.distance_field();
                HexSet::from_fn(g, |c| field[g.index(c).unwrap_or(0)] >= *distance)
            }
            Zone::Sector {
                toward,
                of,
                within: max,
                at_least,
                half_angle,
            } => {
                let p = sub(path, &[k("Sector")]);
                if let (Some(max), Some(min)) = (max, at_least)
                    && min > max
                {
                    self.diagnostics.push(
                        Diagnostic::error(
                            Code::ZoneParameter,
                            format!("the sector asks for hexes at least {min} but at most {max} away: none can be"),
                        )
                        .at_path(sub(&p, &[k("at_least")]))
                        .with_hint("make `at_least` no larger than `within`"),
                    );
                }
                let base = self.compile(of, &sub(&p, &[k("of")]));
                sector(&base, *toward, *max, *at_least, *half_angle)
            }
            Zone::Beyond {
                toward,
                of,
                inclusive,
            } => {
                let base = self.compile(of, &sub(path, &[k("Beyond"), k("of")]));
                beyond(&base, *toward, *inclusive)
            }
            Zone::Between {
                chain,
                include_ends,
                slack,
            } => {
                let sets: Vec<HexSet> = chain
                    .iter()
                    .enumerate()
                    .map(|(i, z)| {
                        self.compile(
                            z,
                            &sub(path, &[k("Between"), k("chain"), PathSeg::Index(i)]),
                        )
                    })
                    .collect();
                between(g, &sets, *include_ends, *slack)
            }
            Zone::Area(zones) => {
                let sets: Vec<HexSet> = zones
                    .iter()
                    .enumerate()
                    .map(|(i, z)| self.compile(z, &sub(path, &[k("Area"), PathSeg::Index(i)])))
                    .collect();
                area(g, &sets)
            }
            Zone::RiverSide(edge) => river_side(self.map, *edge),
            Zone::RoadStretch { road, from, to } => {
                let p = sub(path, &[k("RoadStretch")]);
                let a = self.compile(from, &sub(&p, &[k("from")]));
                let b = self.compile(to, &sub(&p, &[k("to")]));
                match self.road(road, &sub(&p, &[k("road")])) {
                    Some(hexes) => road_stretch(g, &hexes, &a, &b),
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
                            Diagnostic::error(
                                Code::ZoneParameter,
                                "this zone refers to the enemy's deployment, which is not known here",
                            )
                            .at_path(path.to_vec())
                            .with_hint("only the side that deploys second can refer to the enemy's deployment, and the enemy's own zones may not refer back"),
                        );
                        HexSet::empty(g)
                    }
                }
            }
            Zone::OneOf(zones) => {
                let mut out = HexSet::empty(g);
                for (i, z) in zones.iter().enumerate() {
                    out.union_with(&self.compile(z, &sub(path, &[k("OneOf"), PathSeg::Index(i)])));
                }
                out
            }
            Zone::Union(zones) => {
                let mut out = HexSet::empty(g);
                for (i, z) in zones.iter().enumerate() {
                    out.union_with(&self.compile(z, &sub(path, &[k("Union"), PathSeg::Index(i)])));
                }
                out
            }
            Zone::Intersection(zones) => {
                let mut out = HexSet::full(g);
                for (i, z) in zones.iter().enumerate() {
                    out.intersect_with(
                        &self.compile(z, &sub(path, &[k("Intersection"), PathSeg::Index(i)])),
                    );
                }
                out
            }
            Zone::Difference(a, b) => {
                let mut out = self.compile(a, &sub(path, &[k("Difference"), PathSeg::Index(0)]));
                out.difference_with(
                    &self.compile(b, &sub(path, &[k("Difference"), PathSeg::Index(1)])),
                );
                out
            }
        }
    }

    /// The alternatives of a zone: several for `OneOf`, otherwise the zone itself.
    pub fn alternatives(&mut self, zone: &Zone, path: &[PathSeg]) -> Vec<HexSet> {
        match zone {
            Zone::OneOf(zones) => zones
                .iter()
                .enumerate()
                .map(|(i, z)| {
                    let mut p = path.to_vec();
                    p.extend([PathSeg::key("OneOf"), PathSeg::Index(i)]);
                    self.compile(z, &p)
                })
                .collect(),
            _ => vec![self.compile(zone, path)],
        }
    }

    fn feature(&mut self, code: &str, path: &[PathSeg]) -> HexSet {
        match self.map.feature(code) {
            Some(f) => HexSet::from_coords(self.grid(), f.hexes.iter().copied()),
            None => {
                let codes = self.map.feature_codes();
                let near = nearest_codes(code, &codes);
                let mut d = Diagnostic::error(
                    Code::UnknownFeature,
                    format!("the map `{}` has no feature `{code}`", self.map.id),
                )
                .at_path(path.to_vec())
                .with_rule("11.0");
                d = d.with_hint(match did_you_mean(&near) {
                    Some(s) => s,
                    None => format!("the map's features are {}", codes.join(", ")),
                });
                self.diagnostics.push(d);
                HexSet::empty(self.grid())
            }
        }
    }

    fn road(&mut self, name: &str, path: &[PathSeg]) -> Option<Vec<Coord>> {
        match self.map.road(name) {
            Some(r) => Some(r.hexes.clone()),
            None => {
                self.unknown_road(name, path.to_vec());
                None
            }
        }
    }

    fn unknown_road(&mut self, name: &str, path: Vec<PathSeg>) {
        let names: Vec<&str> = self
            .map
            .roads
            .iter()
            .filter_map(|r| r.name.as_deref())
            .collect();
        let near = suggestions(name, names.iter().copied());
        let hint = did_you_mean(&near).unwrap_or_else(|| {
            if names.is_empty() {
                "the map has no named roads".to_string()
            } else {
                format!("the map's named roads are {}", names.join(", "))
            }
        });
        self.diagnostics.push(
            Diagnostic::error(
                Code::UnknownRoad,
                format!("the map `{}` has no road named `{name}`", self.map.id),
            )
            .at_path(path)
            .with_hint(hint)
            .with_rule("11.0"),
        );
    }

    fn check_distance(&mut self, d: u32, path: &[PathSeg]) {
        if d > limits::MAX_DISTANCE {
            self.diagnostics.push(
                Diagnostic::error(
                    Code::LimitExceeded,
                    format!("distance {d} is over the limit of {}", limits::MAX_DISTANCE),
                )
                .at_path(path.to_vec())
                .with_hint("distances are counted in hexes; no map is that large"),
            );
        }
    }
}

/// Feature codes closest to a wanted one: same letter and nearby numbers first, then spelling.
pub fn nearest_codes<'a>(wanted: &str, codes: &[&'a str]) -> Vec<&'a str> {
    use crate::map::parse_feature_code;
    let mut out: Vec<&str> = Vec::new();
    if let Some((letter, n)) = parse_feature_code(wanted) {
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
        // The same number under another letter: "V26" for "H26".
        out.extend(
            codes
                .iter()
                .filter(|c| parse_feature_code(c).is_some_and(|(_, m)| m == n))
                .copied(),
        );
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

/// Hexes within `d` of the set (the set included).
pub fn within(base: &HexSet, d: u32) -> HexSet {
    let g = base.grid();
    if base.is_empty() {
        return HexSet::empty(g);
    }
    let field = base.distance_field();
    HexSet::from_fn(g, |c| field[g.index(c).unwrap_or(0)] <= d)
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
    let field = base.distance_field();
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
pub fn between(g: Grid, sets: &[HexSet], include_ends: bool, slack: u32) -> HexSet {
    let mut out = HexSet::empty(g);
    let fields: Vec<Vec<u32>> = sets.iter().map(|s| s.distance_field()).collect();
    for i in 0..sets.len().saturating_sub(1) {
        let (a, b) = (&sets[i], &sets[i + 1]);
        if a.is_empty() || b.is_empty() {
            continue;
        }
        let (fa, fb) = (&fields[i], &fields[i + 1]);
        // Gap between the two sets: the distance from a's nearest hex to b.
        let gap = a
            .iter()
            .map(|c| fb[g.index(c).unwrap_or(0)])
            .min()
            .unwrap_or(0);
        for idx in 0..g.len() {
            if fa[idx] != u32::MAX && fb[idx] != u32::MAX && fa[idx] + fb[idx] <= gap + slack {
                out.insert(g.coord_at(idx));
            }
        }
    }
    for s in sets {
        if include_ends {
            out.union_with(s);
        } else {
            out.difference_with(s);
        }
    }
    out
}

/// Hexes whose centres lie inside the convex hull of all hexes of the sets.
pub fn area(g: Grid, sets: &[HexSet]) -> HexSet {
    let mut pts: Vec<(f64, f64)> = sets
        .iter()
        .flat_map(|s| s.iter().map(|c| g.center(c)))
        .collect();
    if pts.is_empty() {
        return HexSet::empty(g);
    }
    let hull = convex_hull(&mut pts);
    let mut out = HexSet::from_fn(g, |c| inside_hull(&hull, g.center(c)));
    for s in sets {
        out.union_with(s);
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
        n => (0..n).all(|i| {
            let (a, b) = (hull[i], hull[(i + 1) % n]);
            (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0) >= -EPS
        }),
    }
}

/// Non-river hexes reachable from an edge without entering the river system.
pub fn river_side(map: &Map, edge: Edge) -> HexSet {
    let g = map.grid;
    let dry = |c: Coord| map.cell(c).is_some_and(|cell| !cell.terrain.is_river());
    let mut out = HexSet::empty(g);
    let mut stack: Vec<Coord> = g
        .coords()
        .filter(|c| g.on_edge(*c, edge) && dry(*c))
        .collect();
    while let Some(c) = stack.pop() {
        if out.contains(c) {
            continue;
        }
        out.insert(c);
        for n in g.neighbors(c) {
            if dry(n) && !out.contains(n) {
                stack.push(n);
            }
        }
    }
    out
}

/// Road hexes between the road hexes nearest `a` and nearest `b`.
pub fn road_stretch(g: Grid, road: &[Coord], a: &HexSet, b: &HexSet) -> HexSet {
    if a.is_empty() || b.is_empty() || road.is_empty() {
        return HexSet::empty(g);
    }
    let (fa, fb) = (a.distance_field(), b.distance_field());
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

impl Zone {
    /// A plain-English rendering, for the editor and exports.
    pub fn describe(&self) -> String {
        let list = |zs: &[Zone], sep: &str| {
            zs.iter()
                .map(|z| z.describe())
                .collect::<Vec<_>>()
                .join(sep)
        };
        match self {
            Zone::Everywhere => "anywhere".into(),
            Zone::Feature(c) => c.clone(),
            Zone::Hexes(h) => {
                let labels: Vec<String> = h.iter().take(6).map(|c| c.to_string()).collect();
                let more = if h.len() > 6 {
                    format!(" and {} more", h.len() - 6)
                } else {
                    String::new()
                };
                format!("hexes {}{more}", labels.join(", "))
            }
            Zone::Corner(c) => format!("the {c:?} corner"),
            Zone::Edge(e) => format!("the {} edge", e.name()),
            Zone::Road(r) => format!("the {r} road"),
            Zone::RoadEntry(r) => format!("where the {r} road enters the map"),
            Zone::AnyRoad => "any road hex".into(),
            Zone::Terrain(t) => format!("all {} hexes", t.name()),
            Zone::Slopes => "all slope hexes".into(),
            Zone::Line(zs) => format!("the line {}", list(zs, "-")),
            Zone::Within { distance: 0, of } => format!("in {}", of.describe()),
            Zone::Within { distance: 1, of } => format!("on or adjacent to {}", of.describe()),
            Zone::Within { distance, of } => {
                format!("within {distance} hexes of {}", of.describe())
            }
            Zone::AtLeast { distance, from } => {
                format!("{distance} hexes or more from {}", from.describe())
            }
            Zone::Sector {
                toward,
                of,
                within,
                at_least,
                ..
            } => {
                let mut s = String::new();
                if let Some(w) = within {
                    s.push_str(&format!("within {w} hexes "));
                }
                if let Some(a) = at_least {
                    s.push_str(&format!("{a} hexes or more "));
                }
                format!("{s}to the {} of {}", toward.name(), of.describe())
            }
            Zone::Beyond {
                toward,
                of,
                inclusive,
            } => {
                format!(
                    "{}{} of {}",
                    if *inclusive { "on or " } else { "" },
                    toward.name(),
                    of.describe()
                )
            }
            Zone::Between {
                chain,
                include_ends,
                ..
            } => {
                if *include_ends {
                    format!("on and between {}", list(chain, " and "))
                } else {
                    format!("between (but not on) {}", list(chain, " and "))
                }
            }
            Zone::Area(zs) => format!("the area {}", list(zs, "-")),
            Zone::RiverSide(e) => format!("the {} side of the river", e.name()),
            Zone::RoadStretch { road, from, to } => {
                format!(
                    "on the {road} road between {} and {}",
                    from.describe(),
                    to.describe()
                )
            }
            Zone::EnemyDeployment => "the enemy's deployment".into(),
            Zone::EnemyUnits => "the enemy's units".into(),
            Zone::OneOf(zs) => format!("any one of {}", list(zs, ", ")),
            Zone::Union(zs) => list(zs, " or "),
            Zone::Intersection(zs) => list(zs, " and "),
            Zone::Difference(a, b) => format!("{} but not {}", a.describe(), b.describe()),
        }
    }

    /// Feature codes named anywhere in the expression.
    pub fn features(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.visit(&mut |z| {
            if let Zone::Feature(c) = z {
                out.push(c.as_str());
            }
        });
        out
    }

    /// Does the expression refer to the enemy's deployment?
    pub fn refers_to_enemy(&self) -> bool {
        let mut found = false;
        self.visit(&mut |z| found |= matches!(z, Zone::EnemyDeployment | Zone::EnemyUnits));
        found
    }

    /// Visit every node, depth first.
    pub fn visit<'s>(&'s self, f: &mut dyn FnMut(&'s Zone)) {
        f(self);
        match self {
            Zone::Line(zs)
            | Zone::Area(zs)
            | Zone::OneOf(zs)
            | Zone::Union(zs)
            | Zone::Intersection(zs) => zs.iter().for_each(|z| z.visit(f)),
            Zone::Between { chain, .. } => chain.iter().for_each(|z| z.visit(f)),
            Zone::Within { of, .. } | Zone::Sector { of, .. } | Zone::Beyond { of, .. } => {
                of.visit(f)
            }
            Zone::AtLeast { from, .. } => from.visit(f),
            Zone::RoadStretch { from, to, .. } => {
                from.visit(f);
                to.visit(f);
            }
            Zone::Difference(a, b) => {
                a.visit(f);
                b.visit(f);
            }
            Zone::Everywhere
            | Zone::Feature(_)
            | Zone::Hexes(_)
            | Zone::Corner(_)
            | Zone::Edge(_)
            | Zone::Road(_)
            | Zone::RoadEntry(_)
            | Zone::AnyRoad
            | Zone::Terrain(_)
            | Zone::Slopes
            | Zone::RiverSide(_)
            | Zone::EnemyDeployment
            | Zone::EnemyUnits => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{Cell, Feature, Road, RoadKind};

    fn test_map() -> Map {
        let mut m = Map::blank("t", "Test", 20, 15);
        m.features.push(Feature {
            code: "V4".into(),
            name: None,
            hexes: vec![Coord(10, 8), Coord(11, 8)],
            label: None,
        });
        m.features.push(Feature {
            code: "H26".into(),
            name: None,
            hexes: vec![Coord(4, 4)],
            label: None,
        });
        m.features.push(Feature {
            code: "H25".into(),
            name: None,
            hexes: vec![Coord(16, 4)],
            label: None,
        });
        for col in 1..=20 {
            m.set_cell(
                Coord(col, 12),
                Cell {
                    terrain: Terrain::River,
                    slope: false,
                },
            );
        }
        m.roads.push(Road {
            name: Some("East".into()),
            kind: RoadKind::Main,
            hexes: (11..=20).map(|c| Coord(c, 8)).collect(),
        });
        m
    }

    fn compile(m: &Map, z: &Zone) -> (HexSet, Vec<Diagnostic>) {
        let mut zc = ZoneCompiler::new(m, ZoneEnv::default());
        let s = zc.compile(z, &[]);
        (s, zc.diagnostics)
    }

    fn feature(c: &str) -> Box<Zone> {
        Box::new(Zone::Feature(c.into()))
    }

    #[test]
    fn within_one_is_on_or_adjacent() {
        let m = test_map();
        let (s, d) = compile(
            &m,
            &Zone::Within {
                distance: 1,
                of: feature("H26"),
            },
        );
        assert!(d.is_empty());
        assert_eq!(s.len(), 7);
    }

    #[test]
    fn unknown_feature_suggests_neighbours() {
        let m = test_map();
        let (s, d) = compile(&m, &Zone::Feature("H27".into()));
        assert!(s.is_empty());
        assert_eq!(d[0].code, Code::UnknownFeature);
        let hint = d[0].hint.clone().unwrap();
        assert!(hint.contains("H26") && hint.contains("H25"), "{hint}");
    }

    #[test]
    fn beyond_north_keeps_rows_above() {
        let m = test_map();
        let (s, _) = compile(
            &m,
            &Zone::Beyond {
                toward: Compass::N,
                of: feature("H26"),
                inclusive: false,
            },
        );
        assert!(s.contains(Coord(4, 3)));
        assert!(!s.contains(Coord(4, 4)));
        assert!(!s.contains(Coord(9, 9)));
    }

    #[test]
    fn between_two_hills_is_the_strip() {
        let m = test_map();
        let z = Zone::Between {
            chain: vec![Zone::Feature("H26".into()), Zone::Feature("H25".into())],
            include_ends: true,
            slack: 0,
        };
        let (s, _) = compile(&m, &z);
        assert!(s.contains(Coord(10, 4)));
        assert!(s.contains(Coord(4, 4)) && s.contains(Coord(16, 4)));
        assert!(!s.contains(Coord(10, 10)));
    }

    #[test]
    fn river_side_stops_at_the_river() {
        let m = test_map();
        let (north, _) = compile(&m, &Zone::RiverSide(Edge::North));
        assert!(north.contains(Coord(5, 11)));
        assert!(!north.contains(Coord(5, 13)));
        assert!(!north.contains(Coord(5, 12)));
    }

    #[test]
    fn road_stretch_runs_to_the_edge() {
        let m = test_map();
        let z = Zone::RoadStretch {
            road: "East Road".into(),
            from: feature("V4"),
            to: Box::new(Zone::Edge(Edge::East)),
        };
        let (s, d) = compile(&m, &z);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(s.len(), 10);
        let (entry, _) = compile(&m, &Zone::RoadEntry("East".into()));
        assert_eq!(entry.iter().collect::<Vec<_>>(), vec![Coord(20, 8)]);
    }

    #[test]
    fn sector_north_east() {
        let m = test_map();
        let z = Zone::Sector {
            toward: Compass::NE,
            of: feature("V4"),
            within: Some(5),
            at_least: None,
            half_angle: 45,
        };
        let (s, _) = compile(&m, &z);
        assert!(s.contains(Coord(14, 5)));
        assert!(!s.contains(Coord(7, 11)));
        assert!(!s.contains(Coord(10, 8)));
    }

    #[test]
    fn a_line_is_measured_from_every_hex_of_its_features() {
        let m = test_map();
        // V4 is two hexes wide: (10, 8) and (11, 8). Its central hex is (10, 8), so a line
        // through centres alone would leave (11, 8) out and measure distances from (10, 8).
        let line = Zone::Line(vec![Zone::Feature("H26".into()), Zone::Feature("V4".into())]);
        let (s, d) = compile(&m, &line);
        assert!(d.is_empty(), "{d:?}");
        assert!(s.contains(Coord(10, 8)) && s.contains(Coord(11, 8)));
        assert!(s.contains(Coord(4, 4)));
        let far = Zone::AtLeast {
            distance: 2,
            from: Box::new(line),
        };
        let (s, _) = compile(&m, &far);
        // (13, 8) is two hexes from (11, 8) and three from (10, 8).
        assert!(s.contains(Coord(13, 8)));
        assert!(!s.contains(Coord(12, 8)), "one hex from V4's east hex");
    }

    #[test]
    fn enemy_units_fall_back_to_the_enemy_deployment() {
        let m = test_map();
        let zone = HexSet::from_coords(m.grid, [Coord(4, 4), Coord(5, 4)]);
        let placed = HexSet::from_coords(m.grid, [Coord(5, 4)]);
        let z = Zone::AtLeast {
            distance: 2,
            from: Box::new(Zone::EnemyUnits),
        };
        let env = ZoneEnv {
            enemy_deployment: Some(&zone),
            enemy_units: None,
        };
        let s = ZoneCompiler::new(&m, env).compile(&z, &[]);
        assert!(!s.contains(Coord(3, 4)), "one hex from the zone");
        let env = ZoneEnv {
            enemy_deployment: Some(&zone),
            enemy_units: Some(&placed),
        };
        let s = ZoneCompiler::new(&m, env).compile(&z, &[]);
        assert!(s.contains(Coord(3, 4)), "two hexes from the placed counter");
        let (_, d) = compile(&m, &Zone::EnemyUnits);
        assert_eq!(d[0].code, Code::ZoneParameter);
    }

    #[test]
    fn area_spans_the_corners() {
        let m = test_map();
        let z = Zone::Area(vec![
            Zone::Feature("H26".into()),
            Zone::Feature("H25".into()),
            Zone::Feature("V4".into()),
        ]);
        let (s, _) = compile(&m, &z);
        assert!(s.contains(Coord(10, 5)));
        assert!(!s.contains(Coord(2, 10)));
    }
}
