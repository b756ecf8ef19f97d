//! Movement searches kept per run and map: the scenarios of a folder that play on one map mostly
//! clear the same hexes, ban the same ones and start their groups in the same zones, so a batch
//! check prices each map once per such case and searches each group's field once, not once per
//! file and reading.
//!
//! Sharing must not change any file's verdict: a table or field is keyed by everything it is
//! computed from (the ruleset, the cleared hexes, the readings, the prohibited hexes; for a
//! field, also the start zone and whether the group arrives), and a file that takes a field
//! from here is charged the work budget as if it had searched it itself
//! (`queries::playable`'s `Searches::charge` runs before the lookup).

use std::sync::{Arc, Mutex};

use crate::model::hex::Coord;
use crate::model::hex_set::HexSet;
use crate::queries::effective_terrain::Cleared;
use crate::queries::movement::Mp;
use crate::queries::reach::{CostTable, Field};
use crate::queries::readings::Readings;
use crate::queries::walk::Crossing;
use crate::ruleset::Ruleset;

/// Most hexes of tables and fields held by one [`SharedSearches`], summed over them (a table
/// takes 16 bytes a hex, a field 5): past it, searches are still made per file, only no
/// longer kept.
const MAX_SHARED_HEXES: usize = 2 << 20;

/// A group's start hexes (with the cost of entering each) and the field searched from them.
pub type StartsAndField = (Vec<(Coord, Mp)>, Field);

/// What a cost table is computed from, beside the map.
#[derive(Debug, Clone, PartialEq)]
pub struct TableKey {
    /// The ruleset's address: one `static` per game.
    pub rules: usize,
    /// The hexes the scenario's special rules clear.
    pub cleared: Cleared,
    /// The readings the search follows.
    pub readings: Readings,
    /// The hexes the mover may not enter.
    pub banned: HexSet,
}

impl TableKey {
    /// The key of a table.
    pub fn new(rules: &Ruleset, cleared: &Cleared, readings: Readings, banned: &HexSet) -> Self {
        TableKey {
            rules: std::ptr::from_ref(rules) as usize,
            cleared: cleared.clone(),
            readings,
            banned: banned.clone(),
        }
    }

    /// Is this the key of a table of these (compared in place: a lookup copies no set)?
    fn is(&self, rules: &Ruleset, cleared: &Cleared, readings: Readings, banned: &HexSet) -> bool {
        self.rules == std::ptr::from_ref(rules) as usize
            && self.readings == readings
            && self.banned == *banned
            && self.cleared == *cleared
    }
}

/// A table kept in a [`SharedSearches`]: its place there, which stays the same for the run
/// (tables are only added), so that its fields are found without comparing keys again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeptTable(usize);

/// A table kept, with the fields searched over it.
#[derive(Debug)]
struct Entry {
    key: TableKey,
    table: Arc<CostTable>,
    /// Per start zone and arrival: the starts and the field.
    fields: Vec<(HexSet, bool, Arc<StartsAndField>)>,
}

/// The cost tables and fields computed so far on one map, shared by the threads of a run.
#[derive(Debug, Default)]
pub struct SharedSearches {
    held: Mutex<Held>,
}

#[derive(Debug, Default)]
struct Held {
    entries: Vec<Entry>,
    /// The banks of a river (its hexes as played) under a crossing rule allowing some of them.
    crossings: Vec<(HexSet, HexSet, Arc<Crossing>)>,
    hexes: usize,
}

impl SharedSearches {
    /// The table of a mover kept (its place and itself), if computed before.
    pub fn table(
        &self,
        rules: &Ruleset,
        cleared: &Cleared,
        readings: Readings,
        banned: &HexSet,
    ) -> Option<(KeptTable, Arc<CostTable>)> {
        let held = self.held.lock().ok()?;
        let i = held
            .entries
            .iter()
            .position(|e| e.key.is(rules, cleared, readings, banned))?;
        Some((KeptTable(i), Arc::clone(&held.entries[i].table)))
    }

    /// The banks `river` divides the map into, crossed only at `allowed`: made by the first
    /// file that asks (a crossing is no search: no file is charged for it) and kept while
    /// there is room.
    pub fn crossing(&self, river: &HexSet, allowed: &HexSet) -> Arc<Crossing> {
        let kept = self.held.lock().ok().and_then(|held| {
            held.crossings
                .iter()
                .find(|(r, a, _)| r == river && a == allowed)
                .map(|(_, _, c)| Arc::clone(c))
        });
        if let Some(c) = kept {
            return c;
        }
        let c = Arc::new(Crossing::new(river, allowed));
        if let Ok(mut held) = self.held.lock() {
            // A crossing takes 5 bytes a hex, a field's worth.
            let size = river.grid().len() / 2;
            if held.hexes + size <= MAX_SHARED_HEXES {
                held.hexes += size;
                held.crossings
                    .push((river.clone(), allowed.clone(), Arc::clone(&c)));
            }
        }
        c
    }

    /// Keep `table` under `key`, while there is room: its place, or `None` when not kept.
    pub fn keep_table(&self, key: TableKey, table: &Arc<CostTable>) -> Option<KeptTable> {
        let mut held = self.held.lock().ok()?;
        if let Some(i) = held.entries.iter().position(|e| e.key == key) {
            return Some(KeptTable(i));
        }
        let size = table.grid().len();
        if held.hexes + size > MAX_SHARED_HEXES {
            return None;
        }
        held.hexes += size;
        held.entries.push(Entry {
            key,
            table: Arc::clone(table),
            fields: Vec::new(),
        });
        Some(KeptTable(held.entries.len() - 1))
    }

    /// The field over a kept table from `zone`, if searched before.
    pub fn field(
        &self,
        table: KeptTable,
        zone: &HexSet,
        arrives: bool,
    ) -> Option<Arc<StartsAndField>> {
        let held = self.held.lock().ok()?;
        held.entries
            .get(table.0)?
            .fields
            .iter()
            .find(|(z, a, _)| *a == arrives && z == zone)
            .map(|(_, _, f)| Arc::clone(f))
    }

    /// Keep a field over a kept table, while there is room; it takes the place of one kept
    /// from the same zone (which stopped short of the places of the file that searched again).
    pub fn keep_field(
        &self,
        table: KeptTable,
        zone: &HexSet,
        arrives: bool,
        f: &Arc<StartsAndField>,
    ) {
        let Ok(mut held) = self.held.lock() else {
            return;
        };
        if let Some(e) = held.entries.get_mut(table.0)
            && let Some(kept) = e
                .fields
                .iter_mut()
                .find(|(z, a, _)| *a == arrives && z == zone)
        {
            kept.2 = Arc::clone(f);
            return;
        }
        let size = zone.grid().len() / 2;
        if held.hexes + size > MAX_SHARED_HEXES {
            return;
        }
        let Some(e) = held.entries.get_mut(table.0) else {
            return;
        };
        e.fields.push((zone.clone(), arrives, Arc::clone(f)));
        held.hexes += size;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::read::Source;
    use crate::pipeline::zones::shared::SharedZones;
    use crate::queries::playable::{GivenAllowances, Playable, playable_sharing, playable_under};

    /// A search's answer, to compare (a `HexSet`'s `Debug` shows its buffer's address).
    fn answer(p: &Playable) -> String {
        let mut out = format!("incomplete {}\n", p.incomplete);
        for (t, reaches) in &p.targets {
            let hexes: Vec<_> = t.hexes.iter().collect();
            out += &format!("{} {} {hexes:?}\n", t.side, t.victory);
            for g in reaches {
                out += &format!(
                    "{} {:?} {} {:?} {:?} {} {:?}\n",
                    g.group, g.least, g.first_turn, g.fastest, g.unknown, g.starts, g.charging
                );
            }
        }
        out
    }

    /// Every historical scenario searched twice through one store (the second time from it),
    /// under both readings, gets the answer of a search of its own; the store holds its tables.
    #[test]
    fn shared_searches_give_each_file_its_own_answer() {
        let map = crate::builtin::rifle_and_saber();
        let zones: SharedZones = SharedZones::new();
        let shared = zones
            .beside::<SharedSearches>()
            .expect("one type beside the zones");
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .expect("scenarios/")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            .collect();
        paths.sort();
        assert_eq!(paths.len(), 17);
        let given = GivenAllowances::new();
        for p in &paths {
            let s = crate::pipeline::load_scenario(&Source::read(p).expect("readable"))
                .expect("a historical scenario loads");
            let (r, _) = crate::pipeline::zones::resolve(&s, &map, None);
            let rules = s.rules();
            for readings in [Readings::LENIENT, Readings::STRICT] {
                let own = answer(&playable_under(&s, &map, &r, rules, &given, readings));
                for _ in 0..2 {
                    let p2 = playable_sharing(&s, &map, &r, rules, &given, readings, Some(&shared));
                    assert_eq!(answer(&p2), own, "{}", p.display());
                }
            }
        }
        let held = shared.held.lock().expect("not poisoned");
        assert!(held.entries.iter().any(|e| !e.fields.is_empty()));
        // 05's crossing rule, read leniently.
        assert!(!held.crossings.is_empty());
        // Lenient and strict tables of one scenario are kept apart.
        assert!(held.entries.len() >= 2 * 2);
    }

    /// A crossing taken from the store is the one made from its own river and crossings:
    /// two rules allowing different crossings of one river, two rivers with the same
    /// crossings, each asked twice.
    #[test]
    fn a_kept_crossing_is_its_own_river_and_crossings() {
        let map = crate::builtin::rifle_and_saber();
        let g = map.grid;
        let column = |c: i32| HexSet::from_fn(g, |x| x.0 == c);
        let (east, west) = (column(20), column(30));
        let at = |r: i32| HexSet::from_coords(g, [crate::model::hex::Coord(20, r)]);
        let shared = SharedSearches::default();
        for _ in 0..2 {
            for (river, allowed) in [(&east, at(5)), (&east, at(9)), (&west, at(5))] {
                let own = Crossing::new(river, &allowed);
                assert_eq!(*shared.crossing(river, &allowed), own);
            }
        }
        assert_eq!(shared.held.lock().expect("not poisoned").crossings.len(), 3);
    }
}
