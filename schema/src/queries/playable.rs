//! Can each side reach what its victory conditions need, and by when? For every place a goal
//! names (a hex to hold, an exit, the enemy's set-up) and every group of the side that must get
//! there: the least Movement Point cost from the group's deployment zone (its best hex) or from
//! off the map at its entry, the path, and, where the Movement Allowance is known, the fewest
//! Movement Phases and the Game-Turn of arrival. `saberc analyze` reports it; `check` judges it
//! (the PLY codes).
//!
//! How the rules are read here (each reading favours the side that moves, so that a finding
//! that a goal cannot be met is never a false alarm):
//! - enemy units, zones of control and stacking are left out (4D, 4G, 8.0): nobody stands in
//!   the way at set-up;
//! - guns start limbered (4J: limbering costs 3 Movement Points, which is not charged);
//! - a unit arriving during play enters in its Movement Phase of its arrival turn, paying the
//!   cost of its first hex from off the map (a road leaving the map is entered along it, under
//!   the lenient reading of [`Ambiguity::RoadOffMap`]);
//! - a unit that may not move for the first N Game-Turns (special rule) moves from Game-Turn
//!   N + 1;
//! - an exit is reached once a unit stands on an exit hex (leaving the map is not charged);
//! - the enemy's set-up (11.14, 11.15) is reached at the nearest hex of the enemy's zone;
//! - terrain is the terrain as played ([`crate::queries::effective_terrain`]); hexes the
//!   scenario forbids to the mover are never entered: river hexes where "rivers may only be
//!   entered at bridges and fords" (11.5), non-road hexes for limbers that "may not move into
//!   non-road hexes" (11.17);
//! - a `RiverCrossing` rule ("may cross the river only at B15") restricts crossing: a unit may
//!   step into any river hex, but comes out on the bank it went in from unless it passed an
//!   allowed crossing ([`crate::queries::walk::Crossing`]); strictly
//!   ([`Ambiguity::CrossingRule`]), it may enter no other river hex;
//! - a mounted unit may charge (4K): twelve Movement Points in a phase, into Clear Terrain hexes
//!   only, and disrupted, one hex, the phase after ([`crate::queries::walk`]).
//!
//! Where the text reads two ways ([`crate::queries::readings`]), [`playable`] follows the
//! lenient readings (what `saberc analyze` counts); [`playable_under`] any.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diagnostic::PathSeg;
use crate::model::counter::{Counter, CounterName};
use crate::model::hex::Coord;
use crate::model::hex_set::HexSet;
use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::model::special_rule::Effect;
use crate::model::victory::{EITHER_SIDE, Goal, VictoryCondition, When};
use crate::model::zone::TerrainName;
use crate::path;
use crate::pipeline::zones::Resolved;
use crate::queries::effective_terrain::{Cleared, EffectiveTerrain};
use crate::queries::movement::{Movement, Mp};
use crate::queries::reach::{CostTable, PhaseField};
use crate::queries::readings::{Ambiguity, Readings};
use crate::queries::shared::{KeptTable, SharedSearches, StartsAndField, TableKey};
use crate::queries::walk::{Charge, Crossing, Walk};
use crate::ruleset::{MarkerKind, Ruleset, Terrain, UnitKind};

mod movers;
pub use movers::{allowance, first_free_turn, movers, prohibited, restrictions};
use movers::{restricting, restrictions_by};

/// What a goal asks a side to reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    /// A place to hold (11.0).
    Hold,
    /// Exit hexes to leave the map by.
    Exit,
    /// The enemy's set-up position (11.14, 11.15).
    EnemySetup,
}

/// A place a side's victory condition asks it to reach; `C` is the game's counter names.
#[derive(Debug, Clone)]
pub struct Target<C = Counter> {
    /// The side that must reach it.
    pub side: usize,
    /// The victory condition (index in `victory`).
    pub victory: usize,
    /// The path of its zone in the document (for diagnostics).
    pub path: Vec<PathSeg>,
    /// What kind of place.
    pub kind: TargetKind,
    /// Its hexes.
    pub hexes: HexSet,
    /// The last Game-Turn by the end of which a unit must stand there.
    pub deadline: u32,
    /// Which counters count (empty: any unit of the side).
    pub counters: Vec<C>,
    /// The goal in words.
    pub goal: String,
}

/// A Movement Allowance and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowance {
    /// Movement Points a phase.
    pub mp: u32,
    /// Its source: a special rule, the scenario's `counter_values`, or the command line.
    pub source: String,
}

/// Allowances given on the command line (`--ma MZ=4`), for unit types the scenario does not
/// give one.
pub type GivenAllowances = BTreeMap<UnitKind, u32>;

/// How one group gets to one target.
#[derive(Debug, Clone)]
pub struct GroupReach {
    /// The group (index in its side).
    pub group: usize,
    /// The least cost and the hex of the target reached for it, with the path from the
    /// group's start (its first hex is where the group starts; for an arriving group, its
    /// entry hex, whose cost from off the map is included). `None` when no path reaches it.
    pub least: Option<(Mp, Vec<Coord>)>,
    /// The first Game-Turn the group may move in (its arrival turn, after any turns it may not
    /// move).
    pub first_turn: u32,
    /// The fastest counter of the group with a known allowance: its arrival.
    pub fastest: Option<Arrival>,
    /// Counters of the group that count for the target and have no known allowance.
    pub unknown: Vec<Counter>,
    /// Does the group have a hex to start from (a hex of its zone it may stand on, or an entry
    /// hex it may enter)?
    pub starts: bool,
    /// The least cost with the charge allowance of mounted units (4K), for judging whether a
    /// goal can be met at all: `Some` only when it makes a mounted unit arrive earlier.
    pub charging: Option<Arrival>,
}

/// When a counter of known allowance gets to a target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrival {
    /// The counter.
    pub counter: Counter,
    /// Its allowance.
    pub allowance: Allowance,
    /// Movement Phases needed (0: it sets up there).
    pub phases: u32,
    /// The Game-Turn by the end of which it stands there (0: at set-up).
    pub turn: u32,
    /// The path, from its start.
    pub path: Vec<Coord>,
}

/// Every target of a scenario, with how each group of its side gets there.
#[derive(Debug, Clone)]
pub struct Playable {
    /// The targets, in the order of the victory conditions.
    pub targets: Vec<(Target, Vec<GroupReach>)>,
    /// True when the searches stopped at [`MAX_SEARCH_WORK`]: some answers are missing.
    pub incomplete: bool,
}

/// The targets the victory conditions name, in order (a goal of "either" side is a target of
/// both sides).
pub fn targets(s: &Scenario, r: &Resolved) -> Vec<Target> {
    let sides: Vec<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
    victory_targets(&s.victory, &sides, s.game_length, &r.deployment, |p| {
        r.victory_zones
            .iter()
            .find(|(zp, _)| zp == p)
            .map(|(_, h)| h.clone())
    })
}

/// The places victory conditions (of a game whose sides' ids are `sides`, in order) name, in
/// order, a goal of "either" side a place of each side: each with its hexes, its zone's
/// (`zone_of` its path) or, for the enemy's set-up, the other side's `deployment`. Both games'
/// targets come from this one walk.
pub fn victory_targets<T: TerrainName, C: CounterName + Clone>(
    victory: &[VictoryCondition<T, C>],
    sides: &[&str],
    length: u32,
    deployment: &[HexSet],
    zone_of: impl Fn(&[PathSeg]) -> Option<HexSet>,
) -> Vec<Target<C>> {
    let mut out = Vec::new();
    for (vi, v) in victory.iter().enumerate() {
        let which: Vec<usize> = if v.side == EITHER_SIDE {
            (0..sides.len()).collect()
        } else {
            sides
                .iter()
                .position(|id| *id == v.side)
                .into_iter()
                .collect()
        };
        let mut found: Vec<GoalPlace<C>> = Vec::new();
        goal_targets(&v.goal, path!["victory", vi, "goal"], length, &mut found);
        for side in which {
            for (p, kind, deadline, counters, goal) in &found {
                let hexes = match kind {
                    TargetKind::EnemySetup => {
                        let Some(enemy) = (0..sides.len()).find(|e| *e != side) else {
                            continue;
                        };
                        match deployment.get(enemy) {
                            Some(h) => h.clone(),
                            None => continue,
                        }
                    }
                    _ => match zone_of(p) {
                        Some(h) => h,
                        None => continue,
                    },
                };
                out.push(Target {
                    side,
                    victory: vi,
                    path: p.clone(),
                    kind: *kind,
                    hexes,
                    deadline: *deadline,
                    counters: counters.clone(),
                    goal: goal.clone(),
                });
            }
        }
    }
    out
}

/// A place a goal names: (zone path, kind, deadline, counters, words); `C` is the game's
/// counter names.
pub type GoalPlace<C = Counter> = (Vec<PathSeg>, TargetKind, u32, Vec<C>, String);

/// The places a goal (and its sub-goals) names, in either game's words.
pub fn goal_targets<T: TerrainName, C: CounterName + Clone>(
    goal: &Goal<T, C>,
    path: Vec<PathSeg>,
    length: u32,
    out: &mut Vec<GoalPlace<C>>,
) {
    goal.walk(path, &mut |g, p| {
        let (kind, turn, counters) = match g {
            Goal::Hold { when, .. } => (TargetKind::Hold, deadline(when, length), Vec::new()),
            Goal::Exit {
                counters, by_turn, ..
            } => (TargetKind::Exit, *by_turn, counters.clone()),
            Goal::ControlEnemySetup { when } => {
                (TargetKind::EnemySetup, deadline(when, length), Vec::new())
            }
            _ => return,
        };
        // A held or exited place is the goal's zone; the enemy's set-up position is found
        // by its `when`.
        let tail = match g.place() {
            Some((_, tail)) => tail.to_vec(),
            None => path!["ControlEnemySetup", "when"],
        };
        out.push(([p, tail].concat(), kind, turn, counters, g.describe()));
    });
}

/// The last Game-Turn by the end of which a unit must first stand on the place.
pub fn deadline(when: &When, length: u32) -> u32 {
    match when {
        When::EndOfGame | When::AnyTurn => length,
        When::EndOfTurn(t) | When::ByEndOfTurn(t) => *t,
        // Held for N consecutive turns, ending by the last: first held by length − N + 1.
        When::ConsecutiveTurns(n) => (length + 1).saturating_sub(*n),
    }
}

/// Where a group starts moving, with the points spent to stand there: the hexes of its
/// deployment zone it may stand on (0 MP), or, for a group arriving during play, its entry
/// hexes with the cost of entering each from off the map. `saberc analyze`, `check` and the
/// editor's movement overlay start from these.
pub fn group_starts(
    table: &CostTable,
    movement: &Movement,
    zone: &HexSet,
    arrives: bool,
) -> Vec<(Coord, Mp)> {
    if arrives {
        zone.iter()
            .filter_map(|c| movement.entry_from_off_map(c).map(|m| (c, m)))
            .collect()
    } else {
        // A hex the mover may not stand on is no start (setting up there is a mistake of its
        // own: DEP009, MRK006).
        zone.iter()
            .filter(|c| table.enterable(*c))
            .map(|c| (c, Mp::ZERO))
            .collect()
    }
}

/// The most hexes the movement searches of one scenario may visit in all (each search visits
/// every hex of the map once): about fifty searches of the largest map. Past it the answer is
/// incomplete ([`Playable::incomplete`]) and no finding is drawn from it.
pub const MAX_SEARCH_WORK: u64 = 50_000_000;

/// The movement searches of one scenario, each made once: a cost table per set of prohibited
/// hexes, a field per group and table, a phase field per group, table and allowance.
struct Searches<'m> {
    rules: &'m Ruleset,
    terrain: EffectiveTerrain<'m>,
    cleared: &'m Cleared,
    readings: Readings,
    /// The tables and fields of the run on this map, when shared.
    shared: Option<&'m SharedSearches>,
    /// Each table with its prohibited hexes and its place in `shared`, when kept there.
    tables: Vec<(HexSet, Arc<CostTable>, Option<KeptTable>)>,
    crossings: Vec<(HexSet, Arc<Crossing>)>,
    fields: BTreeMap<(usize, usize, usize), Arc<StartsAndField>>,
    phase_fields: BTreeMap<(usize, usize, usize, u32), PhaseField>,
    work: u64,
}

impl Searches<'_> {
    /// The moves over a set of prohibited hexes, under the readings of the searches.
    fn movement<'b>(&'b self, banned: &'b HexSet) -> Movement<'b> {
        Movement::over(self.terrain, self.rules)
            .with_prohibited(banned)
            .with_readings(self.readings)
    }

    /// The table of a set of prohibited hexes.
    fn table(&mut self, banned: HexSet) -> usize {
        if let Some(i) = self.tables.iter().position(|(b, _, _)| *b == banned) {
            return i;
        }
        let kept = self
            .shared
            .and_then(|sh| sh.table(self.rules, self.cleared, self.readings, &banned));
        let (t, kept) = match kept {
            Some((k, t)) => (t, Some(k)),
            None => {
                let t = Arc::new(CostTable::new(&self.movement(&banned)));
                let key = || TableKey::new(self.rules, self.cleared, self.readings, &banned);
                let k = self.shared.and_then(|sh| sh.keep_table(key(), &t));
                (t, k)
            }
        };
        self.tables.push((banned, t, kept));
        self.tables.len() - 1
    }

    /// The banks of a crossing rule allowing these crossings.
    fn crossing(&mut self, allowed: HexSet) -> usize {
        if let Some(i) = self.crossings.iter().position(|(a, _)| *a == allowed) {
            return i;
        }
        let river = self.terrain.hexes_played(Terrain::is_river);
        let c = match self.shared {
            Some(sh) => sh.crossing(&river, &allowed),
            None => Arc::new(Crossing::new(&river, &allowed)),
        };
        self.crossings.push((allowed, c));
        self.crossings.len() - 1
    }

    /// Charge `n` searches of the map; false when over the budget.
    fn charge(&mut self, n: u64) -> bool {
        let size = self.tables.first().map_or(0, |t| t.1.grid().len() as u64);
        self.work = self.work.saturating_add(size.saturating_mul(n));
        self.work <= MAX_SEARCH_WORK
    }

    /// The field of a group (its start hexes) over table `ti`, searched until it answers for
    /// each of `wanted` (the places of the group's side).
    fn field(
        &mut self,
        key: (usize, usize, usize),
        zone: &HexSet,
        arrives: bool,
        wanted: &[&HexSet],
    ) -> Option<Arc<StartsAndField>> {
        if !self.fields.contains_key(&key) {
            // Charged as searched here even when the run searched it before.
            if !self.charge(1) {
                return None;
            }
            let (banned, table, in_shared) = &self.tables[key.2];
            let in_shared = self.shared.zip(*in_shared);
            let kept = in_shared.and_then(|(sh, k)| sh.field(k, zone, arrives));
            // A field another file stopped short of this file's places is searched again, whole
            // this time, so that files starting there with other places take it as it is.
            let whole = kept.is_some();
            let kept = kept.filter(|f| wanted.iter().all(|t| f.1.answers(t)));
            let found = match kept {
                Some(f) => f,
                None => {
                    let starts = group_starts(table, &self.movement(banned), zone, arrives);
                    let field = if whole {
                        table.field(&starts)
                    } else {
                        table.field_towards(&starts, wanted)
                    };
                    let f = Arc::new((starts, field));
                    if let Some((sh, k)) = in_shared {
                        sh.keep_field(k, zone, arrives, &f);
                    }
                    f
                }
            };
            self.fields.insert(key, found);
        }
        self.fields.get(&key).cloned()
    }

    /// The phase field of a group over table `ti` at an allowance (its field made first),
    /// searched until it answers for each of `wanted`.
    fn phases(
        &mut self,
        key: (usize, usize, usize),
        mp: u32,
        wanted: &[&HexSet],
    ) -> Option<&PhaseField> {
        let pk = (key.0, key.1, key.2, mp);
        if !self.phase_fields.contains_key(&pk) {
            if !self.charge(1) {
                return None;
            }
            let starts = &self.fields.get(&key)?.0;
            let pf = self.tables[key.2]
                .1
                .phases_towards(starts, Mp::whole(mp), wanted);
            self.phase_fields.insert(pk, pf);
        }
        self.phase_fields.get(&pk)
    }
}

/// How every group of each side gets to each of its targets, under the lenient readings
/// (what `saberc analyze` reports).
pub fn playable(
    s: &Scenario,
    map: &Map,
    r: &Resolved,
    rules: &Ruleset,
    given: &GivenAllowances,
) -> Playable {
    playable_under(s, map, r, rules, given, Readings::LENIENT)
}

/// May a Cavalry Charge make this move (4K, 2: "every hex that the unit moves into or
/// through … must be a Clear Terrain hex")? Into a hex that is clear, flat ground as played (a
/// road through it leaves it clear); across a ridge hexside only under the lenient reading of
/// [`Ambiguity::ChargeOverRidge`].
pub fn charge_may_enter(
    terrain: &EffectiveTerrain,
    readings: Readings,
    from: Option<Coord>,
    to: Coord,
) -> bool {
    let clear = terrain
        .cell(to)
        .is_some_and(|c| c.terrain == Terrain::Clear && !c.slope);
    let ridge = from.is_some_and(|f| terrain.is_ridge(f, to));
    clear && !(ridge && readings.is_strict(Ambiguity::ChargeOverRidge))
}

/// [`playable`] under the given readings of the text where it reads two ways.
pub fn playable_under(
    s: &Scenario,
    map: &Map,
    r: &Resolved,
    rules: &Ruleset,
    given: &GivenAllowances,
    readings: Readings,
) -> Playable {
    playable_sharing(s, map, r, rules, given, readings, None)
}

/// [`playable_under`], taking the tables and fields other files of the run searched on the
/// same map from `shared` and keeping its own there (the answer is the same: each is keyed by
/// all it is computed from, and charged to this file's work budget as if searched here).
pub fn playable_sharing(
    s: &Scenario,
    map: &Map,
    r: &Resolved,
    rules: &Ruleset,
    given: &GivenAllowances,
    readings: Readings,
    shared: Option<&SharedSearches>,
) -> Playable {
    let targets = targets(s, r);
    let found = search_targets(&targets, s, map, r, rules, given, readings, shared, true);
    Playable::of(targets, found)
}

/// How each group gets to each of some targets, in their order (a [`Playable`] without them).
#[derive(Debug, Clone)]
pub struct Reaches {
    /// Per target, how each group of its side gets there.
    pub reaches: Vec<Vec<GroupReach>>,
    /// True when the searches stopped at [`MAX_SEARCH_WORK`]: some answers are missing.
    pub incomplete: bool,
}

impl Playable {
    /// The targets with how each group gets there ([`Reaches`] of them).
    pub fn of(targets: Vec<Target>, found: Reaches) -> Playable {
        Playable {
            targets: targets.into_iter().zip(found.reaches).collect(),
            incomplete: found.incomplete,
        }
    }
}

/// [`playable_sharing`] with no allowances given, over `targets` ([`targets`]'s answer), not
/// copied: a check searching under several readings finds the targets once. Without `paths`,
/// every path is left empty (a check judges by costs and turns alone).
#[allow(clippy::too_many_arguments)]
pub fn reaches_sharing_over(
    targets: &[Target],
    s: &Scenario,
    map: &Map,
    r: &Resolved,
    rules: &Ruleset,
    readings: Readings,
    shared: Option<&SharedSearches>,
    paths: bool,
) -> Reaches {
    let given = GivenAllowances::new();
    search_targets(targets, s, map, r, rules, &given, readings, shared, paths)
}

/// How each group gets to each of `targets` (the scenario's, [`targets`]: each of a side of
/// the scenario).
#[allow(clippy::too_many_arguments)]
fn search_targets(
    targets: &[Target],
    s: &Scenario,
    map: &Map,
    r: &Resolved,
    rules: &Ruleset,
    given: &GivenAllowances,
    readings: Readings,
    shared: Option<&SharedSearches>,
    paths: bool,
) -> Reaches {
    let cleared = Cleared::of(s, map, r);
    let mut searches = Searches {
        rules,
        terrain: EffectiveTerrain::for_scenario(map, &cleared),
        cleared: &cleared,
        readings,
        shared,
        tables: Vec::new(),
        crossings: Vec::new(),
        fields: BTreeMap::new(),
        phase_fields: BTreeMap::new(),
        work: 0,
    };
    let terrain = searches.terrain;
    let may_enter = |from: Option<Coord>, to: Coord| charge_may_enter(&terrain, readings, from, to);
    let mut reaches: Vec<Vec<GroupReach>> = targets.iter().map(|_| Vec::new()).collect();
    let mut incomplete = false;
    // A side's counter moves under the same restrictions whatever its group and target: each
    // a set of the whole map, worked out once (not once per group, target and counter); so is
    // its allowance.
    let mut restricted: BTreeMap<(usize, Counter), (usize, Option<usize>)> = BTreeMap::new();
    let mut by_rules: BTreeMap<Vec<usize>, (usize, Option<usize>)> = BTreeMap::new();
    let mut allowances: BTreeMap<(usize, Counter), Option<Allowance>> = BTreeMap::new();
    // Within one group and target, counters that move alike (one table, one crossing rule, one
    // allowance) get the same answers: each is worked out for the first of them only, as the
    // later ones could never come first (an answer replaces one only when strictly better).
    // The work budget is charged for every counter, as when each searched.
    let mut alike = Alike::default();
    // Group by group: a group's searches serve every target of its side, then are dropped. A
    // field of the largest map takes megabytes, and a scenario of fifty groups kept them all
    // (366 MiB for 52 groups and 100 targets).
    for (side, sd) in s.sides.iter().enumerate() {
        // The places the side's fields must reach: searched only until each is.
        let wanted: Vec<&HexSet> = targets
            .iter()
            .filter(|t| t.side == side)
            .map(|t| &t.hexes)
            .collect();
        for (gi, g) in sd.groups.iter().enumerate() {
            let Some(gh) = r.groups.get(side).and_then(|x| x.get(gi)) else {
                continue;
            };
            let arrival = match g.entry {
                Entry::Arrive { turn, .. } => Some(turn),
                Entry::Deploy { .. } => None,
            };
            let first_turn = arrival.unwrap_or(1).max(first_free_turn(s, side));
            let turn_of = |phases: u32| {
                if phases == 0 {
                    0
                } else {
                    first_turn + phases - 1
                }
            };
            for (ti, target) in targets.iter().enumerate() {
                if target.side != side {
                    continue;
                }
                let mut reach = GroupReach {
                    group: gi,
                    least: None,
                    first_turn,
                    fastest: None,
                    unknown: Vec::new(),
                    starts: false,
                    charging: None,
                };
                alike.clear();
                for counter in movers(s, side, gi, &target.counters) {
                    let (table, crossing) =
                        *restricted.entry((side, counter)).or_insert_with(|| {
                            let rules = restricting(s, side, counter);
                            *by_rules.entry(rules).or_insert_with_key(|rules| {
                                let (banned, allowed) =
                                    restrictions_by(s, map, r, &terrain, rules, readings);
                                (
                                    searches.table(banned),
                                    allowed.map(|a| searches.crossing(a)),
                                )
                            })
                        });
                    let key = (side, gi, table);
                    let Some(found) = searches.field(key, &gh.hexes, arrival.is_some(), &wanted)
                    else {
                        incomplete = true;
                        break;
                    };
                    let (starts, field) = (&found.0, &found.1);
                    reach.starts |= !starts.is_empty();
                    if crossing.is_some() && !searches.charge(2) {
                        incomplete = true;
                        break;
                    }
                    let moves = (table, crossing);
                    if !alike.least.contains(&moves) {
                        alike.least.push(moves);
                        // The path of a field's best hex is walked back only when it is kept.
                        let least = match crossing {
                            None => field
                                .best_in(&target.hexes)
                                .map(|(hex, cost)| (cost, Err(hex))),
                            Some(ci) => Walk {
                                table: &searches.tables[table].1,
                                crossing: Some(&*searches.crossings[ci].1),
                            }
                            .least(starts, &target.hexes)
                            .map(|(cost, path)| (cost, Ok(path))),
                        };
                        if let Some((cost, path)) = least
                            && reach.least.as_ref().is_none_or(|(m, _)| cost < *m)
                        {
                            let path = match path {
                                _ if !paths => Vec::new(),
                                Ok(path) => path,
                                Err(hex) => field.path_to(hex).unwrap_or_default(),
                            };
                            reach.least = Some((cost, path));
                        }
                    }
                    let a = allowances
                        .entry((side, counter))
                        .or_insert_with(|| allowance(s, side, counter, given));
                    let Some(a) = a.as_ref() else {
                        reach.unknown.push(counter);
                        continue;
                    };
                    let arrival_of = |allowance: &Allowance, phases: u32, path: Vec<Coord>| {
                        Some(Arrival {
                            counter,
                            allowance: allowance.clone(),
                            phases,
                            turn: turn_of(phases),
                            path,
                        })
                    };
                    let fastest = reach.fastest.as_ref().map(|f| (f.turn, f.phases));
                    let normal_key = (table, crossing, a.mp);
                    // The normal arrival's (Game-Turn, phases), and the arrival itself when it
                    // is the group's fastest so far (its path walked back only then).
                    let (normal, new_fastest) = match alike.normal(normal_key) {
                        Some(known) => (known, None),
                        None => {
                            let found = match crossing {
                                None => match searches.phases(key, a.mp, &wanted) {
                                    Some(pf) => pf.best_in(&target.hexes).map(|(hex, phases)| {
                                        let when = (turn_of(phases), phases);
                                        let path = || match paths {
                                            true => pf.path_to(hex).unwrap_or_default(),
                                            false => Vec::new(),
                                        };
                                        (when, before(Some(when), fastest).then(path))
                                    }),
                                    None => {
                                        incomplete = true;
                                        break;
                                    }
                                },
                                Some(ci) => Walk {
                                    table: &searches.tables[table].1,
                                    crossing: Some(&*searches.crossings[ci].1),
                                }
                                .phases(starts, Mp::whole(a.mp), None, &target.hexes)
                                .map(|(phases, path)| {
                                    let when = (turn_of(phases), phases);
                                    let path = if paths { path } else { Vec::new() };
                                    (when, before(Some(when), fastest).then_some(path))
                                }),
                            };
                            let when = found.as_ref().map(|f| f.0);
                            alike.normals.push((normal_key, when));
                            let kept = found.and_then(|(when, path)| arrival_of(a, when.1, path?));
                            (when, kept)
                        }
                    };
                    // 4K: mounted units may charge at twelve Movement Points in a phase, over Clear
                    // Terrain only, and are disrupted the phase after.
                    if let Counter::Unit(k) = counter
                        && let Some(charge) = rules.charge_allowance(k)
                        && charge > a.mp
                    {
                        if !searches.charge(6) {
                            incomplete = true;
                            break;
                        }
                        let charge_key = (table, crossing, a.mp, charge);
                        if !alike.charges.contains(&charge_key) {
                            alike.charges.push(charge_key);
                            let walk = Walk {
                                table: &searches.tables[table].1,
                                crossing: crossing.map(|ci| &*searches.crossings[ci].1),
                            };
                            let rule = Charge {
                                allowance: Mp::whole(charge),
                                may_enter: &may_enter,
                            };
                            let charging = reach.charging.as_ref().map(|c| (c.turn, c.phases));
                            let c = walk
                                .phases(starts, Mp::whole(a.mp), Some(&rule), &target.hexes)
                                .filter(|(phases, _)| {
                                    let when = Some((turn_of(*phases), *phases));
                                    before(when, normal) && before(when, charging)
                                });
                            if let Some((phases, path)) = c {
                                let path = if paths { path } else { Vec::new() };
                                let source = format!("{} charge, 4K", k.code());
                                let allowance = Allowance { mp: charge, source };
                                reach.charging = arrival_of(&allowance, phases, path);
                            }
                        }
                    }
                    if new_fastest.is_some() {
                        reach.fastest = new_fastest;
                    }
                }
                reaches[ti].push(reach);
            }
            searches.fields.clear();
            searches.phase_fields.clear();
        }
    }
    Reaches {
        reaches,
        incomplete,
    }
}

/// Does an arrival at `x` (Game-Turn, phases) come before one at `y` (no arrival never does)?
fn before(x: Option<(u32, u32)>, y: Option<(u32, u32)>) -> bool {
    match (x, y) {
        (Some(x), Some(y)) => x < y,
        (Some(_), None) => true,
        _ => false,
    }
}

/// The moves of one group to one target already worked out, by what they depend on: the least
/// cost by (table, crossing rule), the normal arrival's (Game-Turn, phases) by (table,
/// crossing rule, allowance), the charge by those and the charge allowance.
#[derive(Default)]
struct Alike {
    least: Vec<(usize, Option<usize>)>,
    normals: Vec<NormalWhen>,
    charges: Vec<(usize, Option<usize>, u32, u32)>,
}

/// A normal arrival's key (table, crossing rule, allowance) and its (Game-Turn, phases).
type NormalWhen = ((usize, Option<usize>, u32), Option<(u32, u32)>);

impl Alike {
    /// Forget the last target's (the buffers are kept).
    fn clear(&mut self) {
        self.least.clear();
        self.normals.clear();
        self.charges.clear();
    }

    /// The normal arrival of moves worked out already.
    fn normal(&self, key: (usize, Option<usize>, u32)) -> Option<Option<(u32, u32)>> {
        self.normals
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, w)| *w)
    }
}

impl GroupReach {
    /// The earliest arrival any counter of the group can make, charging (4K) included: what a
    /// finding that a goal cannot be met must beat.
    pub fn earliest(&self) -> Option<&Arrival> {
        match (&self.fastest, &self.charging) {
            (Some(f), Some(c)) if (c.turn, c.phases) < (f.turn, f.phases) => Some(c),
            (Some(f), _) => Some(f),
            (None, c) => c.as_ref(),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
