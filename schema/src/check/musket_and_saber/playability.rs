//! Can each side reach the places its victory conditions name at all (3.4)? PLY001 when no
//! counter of the side can, by any path, under every reading; PLY005 when only a strict reading
//! cuts the place off, naming the reading under which it is reached.
//!
//! Only whether a path exists is judged, not by which game turn: a unit may move farther than
//! its printed Movement Allowance (a leader's movement factor, 10.0 (1); an advance after
//! combat, 7.9, 9.2), so the earliest turn `saberc analyze` gives is no bound every reading
//! agrees on. Whether a path exists does not depend on it: an advance enters only a hex "the
//! advancing unit could move into" (7.9), a retreat never crosses prohibited terrain (7.7), and
//! "a unit may always move one hex" (4.3) into terrain it may enter. The readings, from the most
//! lenient: the chart's prohibitions lifted along a road (4.4 prices road movement and says
//! nothing of prohibited terrain; `saberc analyze` keeps them), and a leader alone counting
//! for the goal, stopped only by terrain the chart prohibits to every class (10.0: "ignoring
//! all but prohibited terrain"; leaders have no column of their own). Enemy units, zones of
//! control (6.0) and stacking (5.0) are left out, as in every playability finding.

use std::collections::{BTreeSet, HashMap};

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg};
use crate::model::chart::KindTerrain;
use crate::model::hex::{Coord, Grid};
use crate::model::hex_set::HexSet;
use crate::model::map::{Map, SideKey};
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use crate::queries::movement::Movement;
use crate::queries::musket_and_saber::{Place, columns, deployment, lines, places};
use crate::queries::playable::{MAX_SEARCH_WORK, TargetKind, group_starts};
use crate::queries::reach::{CostTable, Field};

/// The reading under which a road lifts the chart's prohibitions (4.4).
const ROADS: &str = "a road lifting the chart's prohibition of the hexes it runs through (4.4)";
/// The reading under which a leader alone counts for the goal (10.0).
const LEADERS: &str = "a leader alone counting for the goal, stopped only by terrain the chart prohibits to every class (10.0)";

/// A line's start hexes for one class, and its least-cost field from them.
type Searched = (Vec<Coord>, Field);

/// PLY001 and PLY005 on each place a side must reach (not under an `Any`, which it may meet
/// another way), from the lines of the side in play by the goal's turn.
pub(super) fn playability(s: &MsScenario, f: &MsMapFile, map: &Map, out: &mut Findings) {
    let Some(chart) = map.chart.as_deref() else {
        return;
    };
    let grid = map.grid;
    let rules = map.rules();
    let lines = lines(s, f, grid);
    let places = places(s, map, &deployment(&lines, grid));
    let classes: Vec<(usize, Movement, CostTable)> = columns(map)
        .into_iter()
        .map(|(_, ci)| {
            let mv = Movement::new(map, rules).with_class(ci);
            let table = CostTable::new(&mv);
            (ci, mv, table)
        })
        .collect();
    let lenient = Lenient {
        grid,
        chart,
        roads: map.road_sides(),
    };
    // Each line's field per class, searched once for every place; every search charged to a
    // budget (a hostile file of many lines and places gets no finding past it).
    let mut fields: HashMap<(usize, usize, usize), Option<Searched>> = HashMap::new();
    let mut work = 0u64;
    for p in &places {
        if p.hexes.is_empty() || p.path.iter().any(|seg| *seg == PathSeg::key("Any")) {
            continue;
        }
        let side = &s.sides[p.side];
        let column_of = |k: &usize| {
            let class = side.counters.get(*k)?.class;
            let col = class.chart_column()?;
            chart.class(col.name())
        };
        let mut strict = false;
        let mut starts: Vec<(usize, Vec<Coord>)> = Vec::new();
        let mut leader_starts: Vec<Coord> = Vec::new();
        'lines: for (li, line) in lines[p.side].iter().enumerate() {
            if line.arrives.unwrap_or(1) > p.deadline {
                continue;
            }
            for (ci, mv, table) in &classes {
                if !line.counters.iter().any(|k| column_of(k) == Some(*ci)) {
                    continue;
                }
                if work > MAX_SEARCH_WORK {
                    return;
                }
                let searched = fields.entry((p.side, li, *ci)).or_insert_with(|| {
                    let from = group_starts(table, mv, &line.hexes, line.arrives.is_some());
                    work = work.saturating_add(grid.len() as u64);
                    (!from.is_empty()).then(|| {
                        let field = table.field(&from);
                        (from.into_iter().map(|(c, _)| c).collect(), field)
                    })
                });
                let Some((from, field)) = searched else {
                    continue;
                };
                if field.best_in(&p.hexes).is_some() {
                    // Reached under the reading `analyze` counts: nothing to judge.
                    strict = true;
                    break 'lines;
                }
                match starts.iter_mut().find(|(c, _)| c == ci) {
                    Some((_, v)) => v.extend(from.iter().copied()),
                    None => starts.push((*ci, from.clone())),
                }
            }
            let leaders = line
                .counters
                .iter()
                .any(|k| side.counters.get(*k).is_some_and(|c| !c.class.is_combat()));
            if leaders {
                leader_starts.extend(line.hexes.iter());
            }
        }
        // Judged only on a side with a combat unit in play from a hex it may stand on: one
        // whose units never enter (ROS006) or stand where they may not (DEP009) has its own
        // finding.
        if strict || starts.is_empty() {
            continue;
        }
        work = work.saturating_add((starts.len() as u64 + 2) * grid.len() as u64);
        if work > MAX_SEARCH_WORK {
            return;
        }
        let reached =
            |from: &[Coord], class, roads| lenient.reach(from, class, roads).intersects(&p.hexes);
        let by_road = starts
            .iter()
            .any(|(ci, from)| reached(from, Some(*ci), true));
        let by_leader = reached(&leader_starts, None, false);
        // Both readings at once: a leader along a road through prohibited hexes.
        let by_both = by_road || by_leader || reached(&leader_starts, None, true);
        out.push(finding(s, p, by_road, by_leader, by_both));
    }
}

/// PLY001 when no reading reaches the place, else PLY005 naming the readings that do (each
/// alone, else both together).
fn finding(s: &MsScenario, p: &Place, by_road: bool, by_leader: bool, by_both: bool) -> Diagnostic {
    let what = match p.kind {
        TargetKind::Hold => "the place to hold",
        TargetKind::Exit => "the exit",
        TargetKind::EnemySetup => "the enemy's set-up",
    };
    let fact = format!(
        "no unit of {} can reach {what} of victory condition {} (\"{}\") by any path",
        s.sides[p.side].name,
        p.victory + 1,
        p.goal
    );
    let alone: Vec<&str> = [(by_road, ROADS), (by_leader, LEADERS)]
        .into_iter()
        .filter_map(|(reached, r)| reached.then_some(r))
        .collect();
    if !by_both {
        return Diagnostic::new(
            Code::TargetOutOfReach,
            format!(
                "{fact}: the terrain the map's chart prohibits to each of its classes, and the map's edges, cut it off, even along roads and for a leader alone"
            ),
        )
        .at_path(p.path.clone())
        .with_hint("`saberc analyze` shows each line's least cost by class; move a set-up or entry hex or the target, or check the chart's prohibited entries");
    }
    Diagnostic::new(
        Code::TargetOutOfReachStrictly,
        format!(
            "only under a strict reading of the rules, the one `saberc analyze` counts: {fact}. It is reached under the reading of {}",
            if alone.is_empty() {
                format!("{ROADS} together with {LEADERS}")
            } else {
                alone.join("; or of ")
            }
        ),
    )
    .at_path(p.path.clone())
    .with_hint("if you read the rules strictly, move a set-up or entry hex or the target; otherwise record your reading under `interpretations`")
}

/// The most lenient reading of where a class (or a leader) may move.
struct Lenient<'m> {
    grid: Grid,
    chart: &'m KindTerrain,
    roads: BTreeSet<SideKey>,
}

impl Lenient<'_> {
    /// May a unit of chart column `class` (`None`: a leader, stopped only where every column
    /// is) step from `a` to its neighbour `b`? Along a road the chart's hexside prohibitions
    /// never apply (as in `saberc analyze`), its hex prohibitions only when `roads` is false.
    fn step(&self, class: Option<usize>, roads: bool, a: Coord, b: Coord) -> bool {
        let along_road = self.roads.contains(&SideKey::new(a, b));
        let columns = self.chart.classes.len();
        let any = |f: &dyn Fn(usize) -> bool| match class {
            Some(ci) => f(ci),
            None => columns == 0 || (0..columns).any(f),
        };
        let hex =
            (along_road && roads) || any(&|ci| self.chart.hex_cost(&self.grid, ci, b).is_some());
        let side = along_road || any(&|ci| self.chart.side_cost(ci, a, b).is_some());
        hex && side
    }

    /// Every hex reached from `starts` by the steps of [`Lenient::step`].
    fn reach(&self, starts: &[Coord], class: Option<usize>, roads: bool) -> HexSet {
        let mut seen = HexSet::from_coords(self.grid, starts.iter().copied());
        let mut queue: Vec<Coord> = seen.iter().collect();
        while let Some(a) = queue.pop() {
            for b in self.grid.neighbors(a) {
                if !seen.contains(b) && self.step(class, roads, a, b) {
                    seen.insert(b);
                    queue.push(b);
                }
            }
        }
        seen
    }
}
