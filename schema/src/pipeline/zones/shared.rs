//! Zones computed once per run and map: the scenarios of a folder that play on one map mostly
//! name the same areas (`Feature("V4")`, an edge, a river bank), and a batch check computes
//! each of them once, not once per file.
//!
//! Sharing must not change any file's verdict: only zones that depend on nothing but the map
//! (no enemy deployment) and raised no finding are shared, and a file that takes a zone from
//! here is charged the work budget as if it had computed the zone itself (see
//! [`crate::pipeline::zones::compiler::ZoneCompiler::sharing`]).

use std::any::Any;
use std::sync::{Arc, Mutex, OnceLock};

use hashbrown::HashTable;

use crate::model::hex_set::HexSet;
use crate::model::map::{Map, normalize_road_name};
use crate::model::zone::Zone;
use crate::pipeline::zones::memo::{Kept, Memo, Plan, Replay};
use crate::ruleset::Terrain;

/// Most hexes held by one [`SharedZones`], summed over its sets (8 MiB of bits): past it,
/// zones are still computed per file, only no longer kept.
const MAX_SHARED_HEXES: usize = 64 << 20;

/// The zones computed so far on one map, shared by the threads of a run (zones in the words
/// `T` of one game's terrain).
#[derive(Debug)]
pub struct SharedZones<T = Terrain> {
    held: Mutex<Held<T>>,
    /// The map's features and roads by name, made once for the run's files on the map.
    index: OnceLock<MapIndex>,
    /// What a higher layer keeps per run and map beside the zones (the movement searches,
    /// `queries::shared::SharedSearches`), typed there: this layer cannot name it.
    beside: OnceLock<Arc<dyn Any + Send + Sync>>,
}

impl<T> Default for SharedZones<T> {
    fn default() -> Self {
        SharedZones {
            held: Mutex::new(Held {
                sets: Memo::default(),
                replays: HashTable::new(),
                hexes: 0,
            }),
            index: OnceLock::new(),
            beside: OnceLock::new(),
        }
    }
}

#[derive(Debug)]
struct Held<T> {
    sets: Memo<T>,
    /// How each zone taken whole from `sets` was taken (its nodes are all in `sets`).
    replays: HashTable<Arc<Replay<T>>>,
    /// Hexes of the grids of the sets held (each set costs its grid's size).
    hexes: usize,
}

/// A map's features by code and roads by name (each the first of its name, as [`Map::feature`]
/// and [`Map::road`] find them), as indices into its lists: a file may name hundreds of
/// thousands of features or roads, on a map of ten thousand.
#[derive(Debug, Default)]
pub(crate) struct MapIndex {
    features: foldhash::HashMap<String, usize>,
    roads: foldhash::HashMap<String, usize>,
}

impl MapIndex {
    /// The index of `map`.
    pub fn of(map: &Map) -> MapIndex {
        let mut index = MapIndex::default();
        for (i, f) in map.features.iter().enumerate() {
            index.features.entry(f.code.clone()).or_insert(i);
        }
        for (i, r) in map.roads.iter().enumerate() {
            if let Some(n) = &r.name {
                index.roads.entry(normalize_road_name(n)).or_insert(i);
            }
        }
        index
    }

    /// The place in `map.features` of the first feature with this code.
    pub fn feature(&self, code: &str) -> Option<usize> {
        self.features.get(code).copied()
    }

    /// The place in `map.roads` of the first road with this name.
    pub fn road(&self, name: &str) -> Option<usize> {
        self.roads.get(&normalize_road_name(name)).copied()
    }
}

impl<T: Eq + std::hash::Hash + Clone> SharedZones<T> {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// The hexes of `zone`, if computed before.
    pub fn get(&self, zone: &Zone<T>) -> Option<HexSet> {
        let hash = Plan::of(zone).node(0).hash;
        self.with_held(|held| held.get(hash, zone).map(|k| HexSet::clone(&k.hexes)))?
    }

    /// Is `zone` held?
    #[cfg(test)]
    pub(crate) fn contains(&self, zone: &Zone<T>) -> bool {
        self.get(zone).is_some()
    }

    /// `f` of the zones held (none when a thread panicked holding them).
    pub(crate) fn with_held<R>(&self, f: impl FnOnce(&Memo<T>) -> R) -> Option<R> {
        self.held.lock().ok().map(|held| f(&held.sets))
    }

    /// The index of the map these zones are on, made on first use.
    pub(crate) fn index(&self, map: &Map) -> &MapIndex {
        self.index.get_or_init(|| MapIndex::of(map))
    }

    /// The store of type `U` kept beside the zones (made empty on first use); `None` if
    /// another type was put there first.
    pub fn beside<U: Any + Send + Sync + Default>(&self) -> Option<Arc<U>> {
        let any = self.beside.get_or_init(|| Arc::new(U::default()));
        Arc::clone(any).downcast::<U>().ok()
    }

    /// Keep the hexes of `zone`, while there is room.
    pub fn insert(&self, zone: &Zone<T>, hexes: &HexSet) {
        self.keep(&Kept {
            hash: Plan::of(zone).node(0).hash,
            zone: Arc::new(zone.clone()),
            hexes: Arc::new(hexes.clone()),
        });
    }

    /// How `zone` (fingerprint `hash`) was taken whole from the store before, by a compiler
    /// that had computed none of its nodes.
    pub(crate) fn replay_of(&self, hash: u64, zone: &Zone<T>) -> Option<Arc<Replay<T>>> {
        let held = self.held.lock().ok()?;
        let found = held
            .replays
            .find(hash, |r| r.top.hash == hash && *r.top.zone == *zone);
        found.map(Arc::clone)
    }

    /// Keep how a zone was taken whole (see [`SharedZones::replay_of`]): it holds only zones
    /// and hexes the store holds already.
    pub(crate) fn keep_replay(&self, replay: Replay<T>) {
        let Ok(mut held) = self.held.lock() else {
            return;
        };
        let top = &replay.top;
        if held
            .replays
            .find(top.hash, |r| {
                r.top.hash == top.hash && r.top.zone == top.zone
            })
            .is_none()
        {
            held.replays
                .insert_unique(top.hash, Arc::new(replay), |r| r.top.hash);
        }
    }

    /// Keep a zone computed, while there is room (sharing its zone and hexes).
    pub(crate) fn keep(&self, kept: &Kept<T>) {
        let Ok(mut held) = self.held.lock() else {
            return;
        };
        let size = kept.hexes.grid().len();
        if held.hexes + size > MAX_SHARED_HEXES || held.sets.contains(kept.hash, &kept.zone) {
            return;
        }
        held.hexes += size;
        held.sets.insert(kept.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::hex::{Coord, Grid};

    #[test]
    fn keeps_what_it_is_given_until_full() {
        let shared = SharedZones::<Terrain>::new();
        let small = crate::builtin::rifle_and_saber().grid;
        let set = HexSet::from_coords(small, [Coord(1, 1)]);
        shared.insert(&Zone::Everywhere, &set);
        assert_eq!(shared.get(&Zone::Everywhere), Some(set));
        assert!(!shared.contains(&Zone::Slopes));
        // A set as large as the whole store is refused once anything is held.
        let huge = Grid {
            width: 8192,
            height: 8192,
            ..small
        };
        shared.insert(&Zone::Slopes, &HexSet::empty(huge));
        assert!(!shared.contains(&Zone::Slopes));
    }
}
