//! What the zone compiler remembers of the zones it has computed, and how it finds them again.
//!
//! Each node of a zone tree is fingerprinted once, bottom up, from its own fields and its
//! children's fingerprints ([`Plan`]): looking a node up costs a hash of one number, not a hash
//! of its whole subtree at every level of the tree. A fingerprint only finds a candidate: a
//! hit is confirmed by comparing the zones themselves, so two different zones are never taken
//! for one. Zones and their hexes are kept behind [`Arc`]s, shared between a compiler's memo
//! and the run's store ([`super::shared::SharedZones`]) rather than copied into each.

use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::Arc;

use foldhash::fast::FixedState;
use hashbrown::HashTable;

use crate::model::hex_set::HexSet;
use crate::model::zone::Zone;

/// The fingerprints' hasher, with one fixed seed: every compiler and thread of a run must
/// fingerprint a zone alike, since they share what they computed.
const FINGERPRINT: FixedState = FixedState::with_seed(0x39_20ae_5e7e_11ed);

/// One node of a zone tree, as the compiler walks it: depth first, children in the order they
/// are written ([`Zone::each_child`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Node {
    /// The node's fingerprint: equal zones have equal fingerprints.
    pub hash: u64,
    /// Does it refer to the enemy's deployment, itself or below?
    pub enemy: bool,
    /// The index past its subtree (its next sibling's, if any).
    pub end: usize,
}

/// A zone tree's nodes, fingerprinted once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Plan {
    nodes: Vec<Node>,
}

impl Plan {
    /// The nodes of `zone`, its own first (index 0).
    pub fn of<T: Hash>(zone: &Zone<T>) -> Plan {
        let mut nodes = Vec::new();
        add(zone, &mut nodes);
        Plan { nodes }
    }

    /// The node at `i`.
    pub fn node(&self, i: usize) -> Node {
        self.nodes[i]
    }

    /// The indices of the children of node `i`, in written order.
    pub fn children(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let end = self.nodes[i].end;
        let inside = move |c: usize| (c < end).then_some(c);
        std::iter::successors(inside(i + 1), move |c| inside(self.nodes[*c].end))
    }
}

/// Add `zone`'s subtree to `nodes`; its fingerprint.
fn add<T: Hash>(zone: &Zone<T>, nodes: &mut Vec<Node>) -> u64 {
    let at = nodes.len();
    nodes.push(Node {
        hash: 0,
        enemy: matches!(zone, Zone::EnemyDeployment | Zone::EnemyUnits),
        end: 0,
    });
    let mut h = FINGERPRINT.build_hasher();
    own_fields(zone, &mut h);
    let mut enemy = nodes[at].enemy;
    for child in zone.each_child() {
        let first = nodes.len();
        add(child, nodes).hash(&mut h);
        enemy |= nodes[first].enemy;
    }
    let hash = h.finish();
    nodes[at] = Node {
        hash,
        enemy,
        end: nodes.len(),
    };
    hash
}

/// Hash what a node says besides its children (which are hashed by their fingerprints).
fn own_fields<T: Hash>(zone: &Zone<T>, h: &mut impl Hasher) {
    std::mem::discriminant(zone).hash(h);
    match zone {
        Zone::Everywhere
        | Zone::AnyRoad
        | Zone::Slopes
        | Zone::EnemyDeployment
        | Zone::EnemyUnits
        | Zone::Difference(..) => {}
        Zone::Feature(s) | Zone::Road(s) | Zone::RoadEntry(s) => s.hash(h),
        Zone::Hexes(list) => list.hash(h),
        Zone::Corner(c) => c.hash(h),
        Zone::Edge(e) | Zone::RiverSide(e) => e.hash(h),
        Zone::Terrain(t) => t.hash(h),
        Zone::Line(zs)
        | Zone::Area(zs)
        | Zone::OneOf(zs)
        | Zone::Union(zs)
        | Zone::Intersection(zs) => zs.len().hash(h),
        Zone::Within { distance, .. } | Zone::AtLeast { distance, .. } => distance.hash(h),
        Zone::Sector {
            toward,
            within,
            at_least,
            half_angle,
            ..
        } => (toward, within, at_least, half_angle).hash(h),
        Zone::Beyond {
            toward, inclusive, ..
        } => (toward, inclusive).hash(h),
        Zone::Between {
            chain,
            include_ends,
            slack,
        } => (chain.len(), include_ends, slack).hash(h),
        Zone::RoadStretch { road, .. } => road.hash(h),
    }
}

/// A zone computed, with its fingerprint.
#[derive(Debug, Clone)]
pub(crate) struct Kept<T> {
    /// Its fingerprint ([`Node::hash`]).
    pub hash: u64,
    /// The zone.
    pub zone: Arc<Zone<T>>,
    /// Its hexes.
    pub hexes: Arc<HexSet>,
}

/// Zones computed, found by fingerprint and confirmed by comparison.
#[derive(Debug, Clone)]
pub(crate) struct Memo<T> {
    table: HashTable<Kept<T>>,
}

impl<T> Default for Memo<T> {
    fn default() -> Self {
        Memo {
            table: HashTable::new(),
        }
    }
}

impl<T: PartialEq> Memo<T> {
    /// The zone kept equal to `zone`, whose fingerprint is `hash`.
    pub fn get(&self, hash: u64, zone: &Zone<T>) -> Option<&Kept<T>> {
        self.table
            .find(hash, |k| k.hash == hash && *k.zone == *zone)
    }

    /// Is a zone equal to `zone` kept?
    pub fn contains(&self, hash: u64, zone: &Zone<T>) -> bool {
        self.get(hash, zone).is_some()
    }

    /// Keep `kept`, unless its zone is kept already.
    pub fn insert(&mut self, kept: Kept<T>) {
        if !self.contains(kept.hash, &kept.zone) {
            self.table.insert_unique(kept.hash, kept, |k| k.hash);
        }
    }

    /// Keep every zone of `other` not kept here.
    pub fn extend(&mut self, other: impl IntoIterator<Item = Kept<T>>) {
        for kept in other {
            self.insert(kept);
        }
    }

    /// Is a zone with the fingerprint of some node of `i`'s subtree in `plan` kept? (False:
    /// none of those nodes is.)
    pub fn holds_any(&self, plan: &Plan, i: usize) -> bool {
        (i..plan.node(i).end).any(|n| {
            let hash = plan.node(n).hash;
            self.table.find(hash, |k| k.hash == hash).is_some()
        })
    }
}

impl<T> IntoIterator for Memo<T> {
    type Item = Kept<T>;
    type IntoIter = hashbrown::hash_table::IntoIter<Kept<T>>;

    fn into_iter(self) -> Self::IntoIter {
        self.table.into_iter()
    }
}

/// What taking a zone from the run's store charges and keeps in a compiler that has computed
/// none of its nodes: the same for every file, so worked out once per zone and run.
#[derive(Debug)]
pub(crate) struct Replay<T> {
    /// The zone, with its hexes.
    pub top: Kept<T>,
    /// The work charged.
    pub work: u64,
    /// The nodes kept (the zone's own among them).
    pub kept: Vec<Kept<T>>,
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::model::hex::{Coord, Edge};
    use crate::model::zone::Zone;
    use crate::ruleset::Terrain;
    use proptest::prelude::*;

    /// A random zone of many clauses, nested up to three deep, from few enough values that
    /// equal subtrees are common (features, roads and hexes some of which `compiler`'s test
    /// map lacks).
    pub(crate) fn zone() -> impl Strategy<Value = Zone> {
        let leaf = prop_oneof![
            Just(Zone::Everywhere),
            Just(Zone::AnyRoad),
            Just(Zone::Slopes),
            Just(Zone::EnemyDeployment),
            Just(Zone::EnemyUnits),
            prop_oneof![Just("V4"), Just("H26"), Just("V99")].prop_map(|c| Zone::Feature(c.into())),
            prop_oneof![Just("East"), Just("West")].prop_map(|c| Zone::Road(c.into())),
            prop_oneof![Just("East"), Just("West")].prop_map(|c| Zone::RoadEntry(c.into())),
            proptest::collection::vec((0..3i32, 1..3i32), 0..3)
                .prop_map(|l| Zone::Hexes(l.into_iter().map(|(c, r)| Coord(c, r)).collect())),
            prop_oneof![Just(Edge::North), Just(Edge::South)].prop_map(Zone::Edge),
            prop_oneof![Just(Edge::North), Just(Edge::South)].prop_map(Zone::RiverSide),
            prop_oneof![Just(Terrain::Woods), Just(Terrain::Clear)].prop_map(Zone::Terrain),
        ];
        leaf.prop_recursive(3, 24, 3, |inner| {
            let list = proptest::collection::vec(inner.clone(), 1..3);
            let boxed = inner.clone().prop_map(Box::new);
            prop_oneof![
                list.clone().prop_map(Zone::Union),
                list.clone().prop_map(Zone::OneOf),
                list.clone().prop_map(Zone::Intersection),
                list.clone().prop_map(Zone::Line),
                list.clone().prop_map(Zone::Area),
                (list, any::<bool>(), 0..2u32).prop_map(|(chain, include_ends, slack)| {
                    Zone::Between {
                        chain,
                        include_ends,
                        slack,
                    }
                }),
                (0..2u32, boxed.clone()).prop_map(|(distance, of)| Zone::Within { distance, of }),
                (0..2u32, boxed.clone())
                    .prop_map(|(distance, from)| Zone::AtLeast { distance, from }),
                (boxed.clone(), boxed.clone()).prop_map(|(a, b)| Zone::Difference(a, b)),
                (boxed.clone(), boxed).prop_map(|(from, to)| Zone::RoadStretch {
                    road: "East".into(),
                    from,
                    to
                }),
            ]
        })
    }

    /// The nodes of a zone the slow way: each subtree on its own.
    fn preorder<'z>(zone: &'z Zone, out: &mut Vec<&'z Zone>) {
        out.push(zone);
        for c in zone.children() {
            preorder(c, out);
        }
    }

    proptest! {
        /// Equal subtrees get equal fingerprints wherever they are, each node's enemy flag is
        /// `refers_to_enemy` of its subtree, and the children found by index are the zone's
        /// children.
        #[test]
        fn a_plan_fingerprints_each_subtree_as_itself(a in zone(), b in zone()) {
            let pair = Zone::Union(vec![a, b]);
            let plan = Plan::of(&pair);
            let mut nodes = Vec::new();
            preorder(&pair, &mut nodes);
            prop_assert_eq!(plan.nodes.len(), nodes.len());
            for (i, z) in nodes.iter().enumerate() {
                prop_assert_eq!(plan.node(i).hash, Plan::of(*z).node(0).hash);
                prop_assert_eq!(plan.node(i).enemy, z.refers_to_enemy());
                let kids: Vec<&Zone> = plan.children(i).map(|c| nodes[c]).collect();
                prop_assert_eq!(kids, z.children());
                for (j, y) in nodes.iter().enumerate() {
                    if z == y {
                        prop_assert_eq!(plan.node(i).hash, plan.node(j).hash);
                    }
                }
            }
        }

        /// A memo finds a zone exactly when an equal zone was kept: a fingerprint only
        /// points at a candidate, which must be equal too.
        #[test]
        fn a_memo_finds_equal_zones_only(
            kept in proptest::collection::vec(zone(), 1..6),
            probe in zone(),
            pick in any::<proptest::sample::Index>(),
        ) {
            let g = crate::builtin::rifle_and_saber().grid;
            let hash = |z: &Zone| Plan::of(z).node(0).hash;
            let mut memo = Memo::default();
            for z in &kept {
                memo.insert(Kept {
                    hash: hash(z),
                    zone: Arc::new(z.clone()),
                    hexes: Arc::new(HexSet::empty(g)),
                });
            }
            prop_assert_eq!(memo.contains(hash(&probe), &probe), kept.contains(&probe));
            let z = pick.get(&kept);
            prop_assert!(memo.contains(hash(z), z));
            // Another zone under a kept zone's fingerprint is not found.
            let other = Zone::Union(vec![z.clone()]);
            if !kept.contains(&other) {
                prop_assert!(!memo.contains(hash(z), &other));
            }
        }
    }
}
