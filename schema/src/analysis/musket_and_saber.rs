//! `saberc analyze` of a Musket & Saber Quick Play scenario, into the same report as a Rifle &
//! Saber one ([`Analysis`]). What differs is the game's, read here from its own files: the
//! forces are counters of the classes of 2.4 (units, steps, artillery, leaders; 5.0 stacking
//! counts no points); a side's "groups" are its set-up lines (3.2, `w/1` the hex and its
//! neighbours) and reinforcement lines (4.5, the entry hex "the first hex of movement"); and
//! movement is priced per movement class of the map's own chart (4.3) — the infantry, cavalry
//! and artillery columns — with the game's road rate (4.4, ½ MP from road hex to road hex) and
//! "a unit may always move one hex" (4.3), both ruleset data read by the shared searches
//! ([`CostTable`]). Sight is 8.2 by the same functions as Rifle & Saber's
//! (`analysis::sight`) on the map's chart.
//!
//! Readings, each favouring the side that moves: no enemy unit, zone of control (6.0) or
//! stacking limit (5.0) is in the way; a counter moves at the Movement Allowance printed on its
//! front (2.3), without a leader's movement factor (10.0 (1)); leaders, who "move alone up to
//! 12 hexes ignoring all but prohibited terrain" (10.0) and pay no column of the chart, are
//! counted in the forces but not in the movement tables; special rules are text and change
//! nothing here.

use std::collections::BTreeMap;

use crate::analysis::sight::Sight;
use crate::analysis::{cost, ratio, target_kind};
use crate::model::analysis::{
    ANALYSIS_FORMAT, AnalysedScenario, Analysis, ArrivalAnalysis, ClassReach, Forces, GroupForces,
    GroupTarget, SideAnalysis, TargetAnalysis, TerrainAsPlayed,
};
use crate::model::hex::{Coord, Grid};
use crate::model::hex_set::HexSet;
use crate::model::map::Map;
use crate::model::musket_and_saber::{MsCounter, MsMapFile, MsScenario};
use crate::queries::effective_terrain::EffectiveTerrain;
use crate::queries::movement::{Movement, Mp};
use crate::queries::musket_and_saber::{Line, Place, columns, deployment, lines, places};
use crate::queries::playable::{MAX_SEARCH_WORK, group_starts};
use crate::queries::reach::CostTable;
use crate::ruleset::musket_and_saber::MsClass;
use crate::ruleset::{Game, Ruleset};

/// Where the Movement Allowances come from: the counters themselves.
const ALLOWANCE_SOURCE: &str = "the counter's front (2.3)";

/// Analyse an M&S scenario whose hexes are on the grid (as `pipeline::musket_and_saber::
/// MsCompiled` holds it) on its map file (`file`, for its Turn Record Track) lowered into the
/// engine's map (`map`, [`MsMapFile::lower`]).
pub fn analyse(s: &MsScenario, file: &MsMapFile, map: &Map) -> Analysis {
    let rules = map.rules();
    let grid = map.grid;
    let lines = lines(s, file, grid);
    let deployment = deployment(&lines, grid);
    let places = places(s, map, &deployment);
    let terrain = EffectiveTerrain::new(map);
    // 8.2: "Units do not block LOS".
    let occupied = HexSet::empty(grid);
    let mut sight = Sight::new(rules, &terrain, &occupied);
    let mut searches = Searches::new(map, rules);
    let sides: Vec<SideAnalysis> = s
        .sides
        .iter()
        .enumerate()
        .map(|(si, side)| {
            let roster = |ids: &[usize]| -> Vec<&MsCounter> {
                ids.iter().map(|i| &side.counters[*i]).collect()
            };
            let all: Vec<&MsCounter> = side.counters.iter().collect();
            let zone_in_sight = sight.of_enemy_zone(&deployment, s.sides.len(), si);
            let targets = places
                .iter()
                .filter(|p| p.side == si)
                .map(|p| target(&mut searches, grid, rules, &side.counters, &lines[si], p))
                .collect();
            SideAnalysis {
                id: side.id.clone(),
                name: side.name.clone(),
                player_turn: if side.id == s.first_player { 1 } else { 2 },
                first_free_turn: 1,
                forces: forces(&all),
                groups: lines[si]
                    .iter()
                    .map(|l| GroupForces {
                        id: l.id.clone(),
                        notation: l.printed.clone(),
                        forces: forces(&roster(&l.counters)),
                        zone_hexes: l.hexes.len() as u32,
                        arrival_turn: l.arrives,
                    })
                    .collect(),
                targets,
                zone_in_sight_of_enemy_zone: zone_in_sight,
            }
        })
        .collect();
    let zones: Vec<_> = (s.sides.iter().enumerate())
        .map(|(si, side)| (side.id.as_str(), deployment.get(si)))
        .collect();
    let objectives_in_sight = sight.objectives(&places, &zones, true);
    Analysis {
        format: ANALYSIS_FORMAT.into(),
        game: Some(Game::MusketAndSaberQuickPlay.id().into()),
        scenario: AnalysedScenario {
            id: s.id.clone(),
            rule: None,
            name: s.name.clone(),
            map: map.id.clone(),
            game_length: s.game_length,
            moves_first: s.first_player.clone(),
        },
        // No special rule of an M&S scenario changes the terrain here (its rules are text).
        terrain_as_played: TerrainAsPlayed {
            cleared: Vec::new(),
            cover_cleared: Vec::new(),
        },
        ratio: ratio(&sides),
        sides,
        objectives_in_sight,
    }
}

/// The movement searches of one analysis: a cost table per movement class, within
/// [`MAX_SEARCH_WORK`] hexes visited in all (past it an answer is `null`).
struct Searches<'m> {
    map: &'m Map,
    rules: &'m Ruleset,
    tables: BTreeMap<usize, CostTable>,
    work: u64,
}

impl<'m> Searches<'m> {
    fn new(map: &'m Map, rules: &'m Ruleset) -> Searches<'m> {
        Searches {
            map,
            rules,
            tables: BTreeMap::new(),
            work: 0,
        }
    }

    /// The moves of chart column `class`.
    fn movement(&self, class: usize) -> Movement<'m> {
        Movement::new(self.map, self.rules).with_class(class)
    }

    /// Charge one search of the map; false past the budget.
    fn charge(&mut self) -> bool {
        self.work = self.work.saturating_add(self.map.grid.len() as u64);
        self.work <= MAX_SEARCH_WORK
    }

    /// The cost table of chart column `class`.
    fn table(&mut self, class: usize) -> Option<&CostTable> {
        if !self.tables.contains_key(&class) {
            if !self.charge() {
                return None;
            }
            let t = CostTable::new(&self.movement(class));
            self.tables.insert(class, t);
        }
        self.tables.get(&class)
    }
}

/// One class's best over a side's lines: the least cost and the earliest arrival (turn,
/// phases, counter).
#[derive(Default)]
struct Best {
    least: Option<Mp>,
    arrival: Option<(u32, u32, String)>,
}

/// How a side's lines get to one place, per line and movement class, and per class at best.
fn target(
    searches: &mut Searches,
    grid: Grid,
    rules: &Ruleset,
    counters: &[MsCounter],
    lines: &[Line],
    p: &Place,
) -> TargetAnalysis {
    let labels = |path: &[Coord]| path.iter().map(|c| grid.label(*c)).collect::<Vec<_>>();
    let columns = columns(searches.map);
    let mut groups = Vec::new();
    let mut best: BTreeMap<usize, Best> = BTreeMap::new();
    for line in lines {
        let first_turn = line.arrives.unwrap_or(1);
        let turn_of = |phases: u32| {
            if phases == 0 {
                0
            } else {
                first_turn + phases - 1
            }
        };
        for (col, ci) in &columns {
            let movers: Vec<&MsCounter> = line
                .counters
                .iter()
                .map(|i| &counters[*i])
                .filter(|k| k.class.chart_column() == Some(*col))
                .collect();
            if movers.is_empty() {
                continue;
            }
            let entry = best.entry(*ci).or_default();
            let mut group = GroupTarget {
                group: line.id.clone(),
                class: Some(col.name().to_string()),
                first_turn,
                least_cost: None,
                path: Vec::new(),
                arrival: None,
                allowance_unknown: Vec::new(),
            };
            let mv = searches.movement(*ci);
            let starts = match searches.table(*ci) {
                Some(t) => group_starts(t, &mv, &line.hexes, line.arrives.is_some()),
                None => Vec::new(),
            };
            if !starts.is_empty() && searches.charge() {
                let table = searches.table(*ci).expect("made above");
                let field = table.field(&starts);
                if let Some((hex, mp)) = field.best_in(&p.hexes) {
                    group.least_cost = Some(cost(mp, rules));
                    group.path = labels(&field.path_to(hex).unwrap_or_default());
                    if entry.least.is_none_or(|m| mp < m) {
                        entry.least = Some(mp);
                    }
                }
                // The fastest of the line's counters of the class, each at its printed MA.
                let mut allowances: Vec<(u32, &MsCounter)> = Vec::new();
                for k in &movers {
                    match k.front.ma {
                        Some(ma) if !allowances.iter().any(|(m, _)| *m == ma) => {
                            allowances.push((ma, k))
                        }
                        Some(_) => {}
                        None => group.allowance_unknown.push(k.id.clone()),
                    }
                }
                allowances.sort_by_key(|a| std::cmp::Reverse(a.0));
                for (ma, k) in allowances {
                    if !searches.charge() {
                        break;
                    }
                    let table = searches.table(*ci).expect("made above");
                    let pf = table.phases(&starts, Mp::whole(ma));
                    let Some((hex, phases)) = pf.best_in(&p.hexes) else {
                        continue;
                    };
                    let faster = group.arrival.as_ref().is_none_or(|a| phases < a.phases);
                    if faster {
                        group.arrival = Some(ArrivalAnalysis {
                            counter: k.id.clone(),
                            allowance: ma,
                            allowance_source: ALLOWANCE_SOURCE.into(),
                            phases,
                            turn: turn_of(phases),
                            path: labels(&pf.path_to(hex).unwrap_or_default()),
                        });
                    }
                }
                if let Some(a) = &group.arrival {
                    let at = (a.turn, a.phases, a.counter.clone());
                    if entry
                        .arrival
                        .as_ref()
                        .is_none_or(|b| (at.0, at.1) < (b.0, b.1))
                    {
                        entry.arrival = Some(at);
                    }
                }
            }
            groups.push(group);
        }
    }
    let least_cost = best.values().filter_map(|b| b.least).min();
    let earliest = best
        .values()
        .filter_map(|b| b.arrival.as_ref())
        .min_by_key(|b| (b.0, b.1));
    let by_class = columns
        .iter()
        .filter_map(|(col, ci)| {
            let Best { least, arrival } = best.get(ci)?;
            Some(ClassReach {
                class: col.name().to_string(),
                least_cost: least.map(|m| cost(m, rules)),
                least_phases: arrival.as_ref().map(|a| a.1),
                earliest_turn: arrival.as_ref().map(|a| a.0),
                counter: arrival.as_ref().map(|a| a.2.clone()),
            })
        })
        .collect();
    TargetAnalysis {
        victory: p.victory as u32,
        goal: p.goal.clone(),
        kind: target_kind(p.kind),
        hexes: p.hexes.len() as u32,
        deadline: p.deadline,
        least_cost: least_cost.map(|m| cost(m, rules)),
        least_phases: earliest.map(|a| a.1),
        earliest_turn: earliest.map(|a| a.0),
        groups,
        by_class: Some(by_class),
    }
}

/// Units (every class but leaders), artillery, steps at full strength and leaders (2.4, 10.0).
fn forces(counters: &[&MsCounter]) -> Forces {
    let combat = || counters.iter().filter(|k| k.class.is_combat());
    Forces {
        units: combat().count() as u32,
        guns: combat().filter(|k| k.class == MsClass::Artillery).count() as u32,
        stacking_points: None,
        steps: Some(combat().map(|k| k.steps).sum()),
        leaders: Some(counters.iter().filter(|k| !k.class.is_combat()).count() as u32),
    }
}
