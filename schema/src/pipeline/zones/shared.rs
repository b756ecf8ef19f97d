//! Zones computed once per run and map: the scenarios of a folder that play on one map mostly
//! name the same areas (`Feature("V4")`, an edge, a river bank), and a batch check computes
//! each of them once, not once per file.
//!
//! Sharing must not change any file's verdict: only zones that depend on nothing but the map
//! (no enemy deployment) and raised no finding are shared, and a file that takes a zone from
//! here is charged the work budget as if it had computed the zone itself (see
//! [`crate::pipeline::zones::compiler::ZoneCompiler::sharing`]).

use foldhash::{HashMap, HashMapExt};
use std::any::Any;
use std::sync::{Arc, Mutex, OnceLock};

use crate::model::hex_set::HexSet;
use crate::model::zone::Zone;
use crate::ruleset::Terrain;

/// Most hexes held by one [`SharedZones`], summed over its sets (8 MiB of bits): past it,
/// zones are still computed per file, only no longer kept.
const MAX_SHARED_HEXES: usize = 64 << 20;

/// The zones computed so far on one map, shared by the threads of a run (zones in the words
/// `T` of one game's terrain).
#[derive(Debug)]
pub struct SharedZones<T = Terrain> {
    held: Mutex<Held<T>>,
    /// What a higher layer keeps per run and map beside the zones (the movement searches,
    /// `queries::shared::SharedSearches`), typed there: this layer cannot name it.
    beside: OnceLock<Arc<dyn Any + Send + Sync>>,
}

impl<T> Default for SharedZones<T> {
    fn default() -> Self {
        SharedZones {
            held: Mutex::new(Held {
                sets: HashMap::new(),
                hexes: 0,
            }),
            beside: OnceLock::new(),
        }
    }
}

#[derive(Debug)]
struct Held<T> {
    sets: HashMap<Zone<T>, HexSet>,
    /// Hexes of the grids of the sets held (each set costs its grid's size).
    hexes: usize,
}

impl<T: Eq + std::hash::Hash + Clone> SharedZones<T> {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// The hexes of `zone`, if computed before.
    pub fn get(&self, zone: &Zone<T>) -> Option<HexSet> {
        self.held.lock().ok()?.sets.get(zone).cloned()
    }

    /// Is `zone` held?
    #[cfg(test)]
    pub(crate) fn contains(&self, zone: &Zone<T>) -> bool {
        self.held
            .lock()
            .is_ok_and(|held| held.sets.contains_key(zone))
    }

    /// The store of type `U` kept beside the zones (made empty on first use); `None` if
    /// another type was put there first.
    pub fn beside<U: Any + Send + Sync + Default>(&self) -> Option<Arc<U>> {
        let any = self.beside.get_or_init(|| Arc::new(U::default()));
        Arc::clone(any).downcast::<U>().ok()
    }

    /// Keep the hexes of `zone`, while there is room.
    pub fn insert(&self, zone: &Zone<T>, hexes: &HexSet) {
        let Ok(mut held) = self.held.lock() else {
            return;
        };
        let size = hexes.grid().len();
        if held.hexes + size > MAX_SHARED_HEXES || held.sets.contains_key(zone) {
            return;
        }
        held.hexes += size;
        held.sets.insert(zone.clone(), hexes.clone());
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
