//! A Musket & Saber scenario's lines and places, which `saberc analyze` reports on and the
//! playability checks judge: each side's set-up lines (3.2, `w/1` the hex and its neighbours)
//! and reinforcement lines (4.5, the entry hex "the first hex of movement"), and the places its
//! victory conditions (3.4) ask it to reach.

use crate::diagnostic::PathSeg;
use crate::model::counter::NoCounter;
use crate::model::hex::Grid;
use crate::model::hex_set::HexSet;
use crate::model::map::Map;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use crate::model::zone::KindName;
use crate::path;
use crate::pipeline::zones::collect_goal_zones;
use crate::pipeline::zones::compiler::{ZoneCompiler, ZoneEnv};
use crate::queries::playable;
use crate::ruleset::musket_and_saber::ChartColumn;

/// A set-up or reinforcement line of one side: its counters and where they start.
pub struct Line {
    /// `set-up 2`, `reinforcement 1` (counted per side, from 1).
    pub id: String,
    /// The line as printed.
    pub printed: String,
    /// Its counters (indexes into the side's roster).
    pub counters: Vec<usize>,
    /// Its hexes: the set-up hex (and its neighbours for `w/1`), or the entry hex.
    pub hexes: HexSet,
    /// The turn it enters on (from 1), for a reinforcement line.
    pub arrives: Option<u32>,
}

/// A place a side's victory condition asks it to reach (no counters: any of the side's).
pub type Place = playable::Target<NoCounter>;

/// Each side's set-up and reinforcement lines, in the file's order.
pub fn lines(s: &MsScenario, file: &MsMapFile, grid: Grid) -> Vec<Vec<Line>> {
    let named = s.named_by_id();
    // 3.3: turns are the spaces of the map's Turn Record Track, from the scenario's first.
    let first = s
        .first_turn
        .as_deref()
        .and_then(|t| file.turn_index(t))
        .unwrap_or(0);
    let turn_of = |label: &str| {
        let at = file.turn_index(label)?.checked_sub(first)? as u32 + 1;
        (at <= s.game_length).then_some(at)
    };
    s.sides
        .iter()
        .map(|side| {
            let mut out = Vec::new();
            let set_up = s.setup.iter().filter(|l| l.side == side.id);
            for (i, l) in set_up.enumerate() {
                let mut hexes =
                    HexSet::from_coords(grid, [l.at].into_iter().filter(|c| grid.contains(*c)));
                if l.w1 {
                    // 3.2: "may be placed within 1 hex (i.e. adjacent to) the specified hex".
                    for n in grid.neighbors(l.at) {
                        hexes.insert(n);
                    }
                }
                out.push(Line {
                    id: format!("set-up {}", i + 1),
                    printed: l.printed.clone(),
                    counters: s.line_units(&l.side, &l.units, l.formation.as_deref(), &named),
                    hexes,
                    arrives: None,
                });
            }
            let arrivals = s.reinforcements.iter().filter(|l| l.side == side.id);
            for (i, l) in arrivals.enumerate() {
                // A label outside the game's turns is TRN002 for `check`, which stops the
                // analysis before it gets here.
                let Some(turn) = turn_of(&l.turn) else {
                    continue;
                };
                out.push(Line {
                    id: format!("reinforcement {}", i + 1),
                    printed: l.printed.clone(),
                    counters: s.line_units(&l.side, &l.units, l.formation.as_deref(), &named),
                    hexes: HexSet::from_coords(
                        grid,
                        [l.at].into_iter().filter(|c| grid.contains(*c)),
                    ),
                    arrives: Some(turn),
                });
            }
            out
        })
        .collect()
}

/// The places the victory conditions name, in order (a goal of "either" side is a place of
/// both sides): held or exited zones on the map's own kinds, and the enemy's set-up hexes.
pub fn places(s: &MsScenario, map: &Map, deployment: &[HexSet]) -> Vec<Place> {
    let zones = victory_zones(s, map);
    let sides: Vec<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
    playable::victory_targets(&s.victory, &sides, s.game_length, deployment, |p| {
        zones.iter().find(|(zp, _)| zp == p).map(|(_, h)| h.clone())
    })
}

/// The zones of the victory conditions' goals compiled on the map, each with its path, in the
/// order `collect_goal_zones` visits them, condition by condition: the places' hexes and the
/// export's victory targets.
pub fn victory_zones(s: &MsScenario, map: &Map) -> Vec<(Vec<PathSeg>, HexSet)> {
    let mut compiler: ZoneCompiler<KindName> = ZoneCompiler::new(map, ZoneEnv::default());
    let mut zones = Vec::new();
    for (vi, v) in s.victory.iter().enumerate() {
        collect_goal_zones(&v.goal, path!["victory", vi, "goal"], &mut |p, zone| {
            let hexes = compiler.compile(zone, &p);
            zones.push((p, hexes));
        });
    }
    zones
}

/// Each side's set-up hexes: the hexes of its set-up lines.
pub fn deployment(lines: &[Vec<Line>], grid: Grid) -> Vec<HexSet> {
    lines
        .iter()
        .map(|side| {
            let mut zone = HexSet::empty(grid);
            for l in side.iter().filter(|l| l.arrives.is_none()) {
                zone.union_with(&l.hexes);
            }
            zone
        })
        .collect()
}

/// Each movement class's column in the map's chart (4.3), with its index there.
pub fn columns(map: &Map) -> Vec<(ChartColumn, usize)> {
    let Some(chart) = map.chart.as_deref() else {
        return Vec::new();
    };
    ChartColumn::ALL
        .iter()
        .filter_map(|col| chart.class(col.name()).map(|i| (*col, i)))
        .collect()
}
