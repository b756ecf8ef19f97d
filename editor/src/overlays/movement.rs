//! The movement overlay: where a group (or a unit on a hex) gets to in 1, 2, 3… Movement
//! Phases, and the best path to a hex with its cost. Every number comes from the library's
//! `queries::reach` over `Movement::new`/`Movement::over` with the document's ruleset; the
//! allowance from the scenario (`queries::playable::allowance`) or typed by the user.

use std::collections::BTreeMap;

use saber_schema::model::counter::Counter;
use saber_schema::model::hex::Coord;
use saber_schema::model::hex_set::HexSet;
use saber_schema::model::scenario::{Entry, Scenario};
use saber_schema::pipeline::zones::Resolved;
use saber_schema::queries::effective_terrain::EffectiveTerrain;
use saber_schema::queries::movement::{Movement, Mp};
use saber_schema::queries::playable::{self, Allowance};
use saber_schema::queries::reach::{CostTable, Field, PhaseField};
use saber_schema::ruleset::{MarkerKind, Ruleset, UnitKind};

/// The largest Movement Allowance that may be typed (the searches' keys grow with it).
pub const MAX_TYPED_ALLOWANCE: u32 = 99;

/// Where the movement starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Start {
    /// A group of the scenario: its deployment zone, or its entry hexes.
    Group {
        /// Side index.
        side: usize,
        /// Group index in the side.
        group: usize,
    },
    /// A hex clicked on the map (`None` until one is).
    Hex(Option<Coord>),
}

impl Default for Start {
    fn default() -> Self {
        Start::Hex(None)
    }
}

/// What moves: a counter of the game's unit types, or a movement class of the map's own chart
/// (a cost column of its Terrain Effects Chart: M&S infantry, cavalry, artillery).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mover {
    /// A counter, priced by the ruleset's chart.
    Counter(Counter),
    /// A column of the map's chart.
    Class(usize),
}

/// What the user chose in the movement panel.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Choice {
    /// The start.
    pub start: Start,
    /// The side whose rules apply to a hex start in a scenario.
    pub side: usize,
    /// The counter that moves (`None`: the first the start offers).
    pub counter: Option<Counter>,
    /// Allowances typed in the panel, for unit types the scenario gives none (`--ma`).
    pub typed: BTreeMap<UnitKind, u32>,
    /// The movement class that moves on a map with its own chart (its column).
    pub class: usize,
    /// Allowances typed in the panel for the classes of a map's own chart (its files print
    /// none: each counter does).
    pub class_typed: BTreeMap<usize, u32>,
    /// A hex whose path stays drawn (clicked), instead of the hex under the pointer.
    pub target: Option<Coord>,
}

/// The counters a start may move: a group's units (and its limber markers), or, for a hex,
/// every unit type of the game.
pub fn counters(s: Option<&Scenario>, rules: &Ruleset, start: Start) -> Vec<Counter> {
    match (s, start) {
        (Some(s), Start::Group { side, group }) => {
            let mut out = playable::movers(s, side, group, &[]);
            let limbers = s
                .sides
                .get(side)
                .and_then(|x| x.groups.get(group))
                .and_then(|g| g.markers.get(&MarkerKind::Limber))
                .is_some_and(|n| *n > 0);
            if limbers {
                out.push(Counter::Marker(MarkerKind::Limber));
            }
            out
        }
        _ => rules.units.iter().map(|k| Counter::Unit(*k)).collect(),
    }
}

/// The Movement Allowance of the mover: the scenario's (a special rule, its counter values),
/// the one typed in the panel, or the rules' printed value. `None`: nobody said, and none is
/// invented.
pub fn allowance(
    s: Option<&Scenario>,
    side: usize,
    counter: Counter,
    typed: &BTreeMap<UnitKind, u32>,
) -> Option<Allowance> {
    match s {
        Some(s) => playable::allowance(s, side, counter, typed),
        None => {
            let Counter::Unit(kind) = counter else {
                return None;
            };
            if let Some(mp) = typed.get(&kind) {
                return Some(Allowance {
                    mp: *mp,
                    source: "typed".into(),
                });
            }
            kind.profile().movement.map(|p| Allowance {
                mp: p.value,
                source: p.source,
            })
        }
    }
}

/// The hexes the mover may never enter (a scenario's special rules), over the terrain as
/// played.
pub fn prohibited(
    s: Option<&Scenario>,
    r: &Resolved,
    terrain: &EffectiveTerrain,
    side: usize,
    counter: Counter,
) -> HexSet {
    let map = terrain.map();
    match s {
        Some(s) => playable::prohibited(s, map, r, terrain, side, counter),
        None => HexSet::empty(map.grid),
    }
}

/// The start hexes with the points spent to stand there, as `saberc analyze` takes them.
pub fn starts(
    s: Option<&Scenario>,
    r: &Resolved,
    table: &CostTable,
    movement: &Movement,
    start: Start,
) -> Vec<(Coord, Mp)> {
    match (s, start) {
        (Some(s), Start::Group { side, group }) => {
            let Some(g) = s.sides.get(side).and_then(|x| x.groups.get(group)) else {
                return Vec::new();
            };
            let Some(zone) = r.groups.get(side).and_then(|x| x.get(group)) else {
                return Vec::new();
            };
            let arrives = matches!(g.entry, Entry::Arrive { .. });
            playable::group_starts(table, movement, &zone.hexes, arrives)
        }
        (_, Start::Hex(Some(c))) if table.enterable(c) => vec![(c, Mp::ZERO)],
        _ => Vec::new(),
    }
}

/// How far the mover gets: the fewest Movement Phases to every hex when its allowance is
/// known, else only the least cost (no phases are guessed).
#[derive(Debug, Clone)]
pub enum Reach {
    /// The fewest Movement Phases at an allowance (4C, 4H).
    Phases(PhaseField),
    /// The least cost only (the allowance is unknown).
    Cost(Field),
}

impl Reach {
    /// The overlay's search from `starts`: phases at `allowance` MP, or the least cost.
    pub fn compute(table: &CostTable, starts: &[(Coord, Mp)], allowance: Option<u32>) -> Reach {
        match allowance {
            Some(mp) => Reach::Phases(table.phases(starts, Mp::whole(mp))),
            None => Reach::Cost(table.field(starts)),
        }
    }

    /// The Movement Phases needed to stand in `c` (0: a start hex); `None` when it is not
    /// reached or the allowance is unknown.
    pub fn phases(&self, c: Coord) -> Option<u32> {
        match self {
            Reach::Phases(p) => p.phases(c),
            Reach::Cost(_) => None,
        }
    }

    /// Is `c` reached at all?
    pub fn reaches(&self, c: Coord) -> bool {
        match self {
            Reach::Phases(p) => p.phases(c).is_some(),
            Reach::Cost(f) => f.cost(c).is_some(),
        }
    }

    /// The best path to `c` (fewest phases, or least cost), from a start hex.
    pub fn path_to(&self, c: Coord) -> Option<Vec<Coord>> {
        match self {
            Reach::Phases(p) => p.path_to(c),
            Reach::Cost(f) => f.path_to(c),
        }
    }
}

/// What a search is made for: (document revision, start, mover, allowance).
pub type Key = (u64, Start, Mover, Option<u32>);

/// One movement search and what it was made for.
#[derive(Debug, Clone)]
pub struct Computed {
    /// What it was made for.
    pub key: Key,
    /// The start hexes with the points spent to stand there.
    pub starts: Vec<(Coord, Mp)>,
    /// The allowance used, and where it comes from.
    pub allowance: Option<Allowance>,
    /// The hexes the mover may not enter.
    pub prohibited: HexSet,
    /// The search.
    pub reach: Reach,
}

impl Computed {
    /// The movement the search priced: over `terrain` by `rules`, without the hexes the mover
    /// may not enter, in its class's column.
    pub fn movement<'a>(
        &'a self,
        terrain: EffectiveTerrain<'a>,
        rules: &'a Ruleset,
    ) -> Movement<'a> {
        let mv = Movement::over(terrain, rules).with_prohibited(&self.prohibited);
        match self.key.2 {
            Mover::Class(k) => mv.with_class(k),
            Mover::Counter(_) => mv,
        }
    }
}

/// The mover the panel's choice names: a class of the map's own chart when it has one, else a
/// counter the start offers. `None` when there is nothing to move.
pub fn mover(
    s: Option<&Scenario>,
    terrain: &EffectiveTerrain,
    rules: &Ruleset,
    choice: &Choice,
) -> Option<Mover> {
    if let Some(chart) = terrain.chart() {
        let last = chart.classes.len().checked_sub(1)?;
        return Some(Mover::Class(choice.class.min(last)));
    }
    let offered = counters(s, rules, choice.start);
    choice
        .counter
        .filter(|c| offered.contains(c))
        .or_else(|| offered.first().copied())
        .map(Mover::Counter)
}

/// The costs of one mover on one revision, kept while neither changes (the cost tables of a
/// 1000 × 1000 map take longer than a frame to make).
#[derive(Debug, Default)]
pub struct Cache {
    table: Option<((u64, usize, Mover), HexSet, CostTable)>,
    /// The last search.
    pub computed: Option<Computed>,
}

impl Cache {
    /// The search for `choice` at `revision`, made only when something it depends on changed.
    #[allow(clippy::too_many_arguments)]
    pub fn get(
        &mut self,
        revision: u64,
        s: Option<&Scenario>,
        r: &Resolved,
        terrain: EffectiveTerrain,
        rules: &Ruleset,
        choice: &Choice,
    ) -> Option<&Computed> {
        let side = match choice.start {
            Start::Group { side, .. } => side,
            Start::Hex(_) => choice.side,
        };
        let mover = mover(s, &terrain, rules, choice)?;
        let (allowance, class) = match mover {
            Mover::Counter(c) => (allowance(s, side, c, &choice.typed), 0),
            Mover::Class(k) => {
                let typed = choice.class_typed.get(&k).map(|mp| Allowance {
                    mp: *mp,
                    source: "typed".into(),
                });
                (typed, k)
            }
        };
        let key = (
            revision,
            choice.start,
            mover,
            allowance.as_ref().map(|a| a.mp),
        );
        if self.computed.as_ref().is_some_and(|c| c.key == key) {
            return self.computed.as_ref();
        }
        let tkey = (revision, side, mover);
        if self.table.as_ref().is_none_or(|t| t.0 != tkey) {
            let banned = match mover {
                Mover::Counter(c) => prohibited(s, r, &terrain, side, c),
                Mover::Class(_) => HexSet::empty(terrain.map().grid),
            };
            let mv = Movement::over(terrain, rules)
                .with_prohibited(&banned)
                .with_class(class);
            let table = CostTable::new(&mv);
            self.table = Some((tkey, banned, table));
        }
        let (_, banned, table) = self.table.as_ref()?;
        let mv = Movement::over(terrain, rules)
            .with_prohibited(banned)
            .with_class(class);
        let starts = starts(s, r, table, &mv, choice.start);
        let reach = Reach::compute(table, &starts, key.3);
        self.computed = Some(Computed {
            key,
            starts,
            allowance,
            prohibited: banned.clone(),
            reach,
        });
        self.computed.as_ref()
    }
}
