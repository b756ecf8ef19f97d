//! Optional set-up placement: individual counters on hexes. A counter is chosen from a group's
//! allotment, then placed by clicking a hex; right-click removes the top counter of a hex; a
//! counter is moved by dragging it. While dragging, the target hex is outlined green or red
//! and the status bar says why a placement would be illegal: outside the group's zone (11.0),
//! more than six stacking points in the hex or a hex the enemy holds (7.0), more counters than
//! the group has (11.0). Placed stacks stay marked when the compiler finds them illegal.

use std::collections::BTreeMap;

use egui::{Color32, Id, RichText, Ui};
use saber_schema::check::deployment::{self, PlacementProblem};
use saber_schema::check::stacking::{self, Allotment};
use saber_schema::diagnostic::{Diagnostic, PathSeg, Severity};
use saber_schema::model::counter::Counter;
use saber_schema::model::hex::{Coord, Grid};
use saber_schema::model::scenario::{Entry, Placement, Scenario};
use saber_schema::pipeline::zones::Resolved;
use saber_schema::ruleset::{Ruleset, Stacking};

use crate::canvas::Stack;
use crate::scenario::sides::side_color;

/// A counter of a group, as chosen in the palette.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    /// Side index.
    pub side: usize,
    /// Group letter.
    pub group: String,
    /// The counter.
    pub counter: Counter,
}

/// The placement tool's state.
#[derive(Debug, Default)]
pub struct PlacementTool {
    /// The counter the next click places.
    pub chosen: Option<Chosen>,
    /// A placement being dragged: its index in `setup` and the hex it was picked up from.
    pub dragging: Option<(usize, Coord)>,
}

/// Stacking points of a counter: the compiler's own count (7.0A: markers have none).
pub fn points(rules: &Ruleset, c: Counter) -> u32 {
    stacking::stacking_points(rules, c)
}

/// The code printed on a counter.
pub fn code(c: Counter) -> &'static str {
    match c {
        Counter::Unit(k) => k.code(),
        Counter::Marker(m) => m.code(),
    }
}

/// How many counters of this kind the group may place (units, marker allotment, or as many as
/// desired, 11.8), as the compiler counts them.
pub fn allotted(s: &Scenario, si: usize, group: &str, c: Counter) -> Allotment {
    s.sides.get(si).map_or(Allotment::Exactly(0), |side| {
        stacking::allotment(s, &side.id, group, c)
    })
}

/// How many are placed already (not counting placement `except`).
pub fn placed(s: &Scenario, si: usize, group: &str, c: Counter, except: Option<usize>) -> u32 {
    let Some(side) = s.sides.get(si) else {
        return 0;
    };
    s.setup
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            Some(*i) != except && p.side == side.id && p.group == group && p.counter == c
        })
        .count() as u32
}

/// Why placing `chosen` at `at` would be illegal (empty if it is legal), asked of the
/// compiler's own rules: its deployment check (on the map, the group deploys, in the zone:
/// 11.0) and its stacking check (six stacking points, enemies never share a hex: 7.0, markers
/// count for neither), then the group's allotment (11.0). `except` is a placement being moved,
/// which no longer counts where it was.
pub fn problems(
    s: &Scenario,
    grid: Grid,
    resolved: &Resolved,
    chosen: &Chosen,
    at: Coord,
    except: Option<usize>,
) -> Vec<String> {
    let mut out = Vec::new();
    let Some(side) = s.sides.get(chosen.side) else {
        return out;
    };
    let Some(gi) = side.groups.iter().position(|g| g.id == chosen.group) else {
        return out;
    };
    match deployment::placement_problem(s, grid, resolved, chosen.side, gi, chosen.counter, at) {
        Some(p @ PlacementProblem::Arrives { .. }) => return vec![p.to_string()],
        Some(p) => out.push(p.to_string()),
        None => {}
    }
    let rules = s.rules();
    let stack = stacking::HexStack::at(s, rules, at, except);
    out.extend(
        stack
            .problems_adding(rules, &side.id, chosen.counter)
            .iter()
            .map(ToString::to_string),
    );
    if let Allotment::Exactly(n) = allotted(s, chosen.side, &chosen.group, chosen.counter)
        && placed(s, chosen.side, &chosen.group, chosen.counter, except) >= n
    {
        out.push(format!(
            "all {n} {} of ({}) are placed already (11.0)",
            code(chosen.counter),
            chosen.group
        ));
    }
    out
}

/// The placements the compiler found fault with (indices into `setup`), with the message.
pub fn faulted(items: &[Diagnostic]) -> BTreeMap<usize, String> {
    let mut out = BTreeMap::new();
    for d in items.iter().filter(|d| d.severity == Severity::Error) {
        if let Some([PathSeg::Key(k), PathSeg::Index(i), ..]) = d.path.as_deref()
            && k == "setup"
        {
            out.entry(*i).or_insert_with(|| d.message.clone());
        }
    }
    out
}

/// The stacks to draw: one per hex and side.
pub fn stacks(s: &Scenario, items: &[Diagnostic]) -> Vec<Stack> {
    let rules = s.rules();
    let bad = faulted(items);
    let mut by_hex: BTreeMap<(Coord, String), Stack> = BTreeMap::new();
    for (i, p) in s.setup.iter().enumerate() {
        let color = s
            .side(&p.side)
            .map_or(Color32::GRAY, |side| side_color(side.color));
        let st = by_hex.entry((p.at, p.side.clone())).or_insert(Stack {
            hex: p.at,
            color,
            counters: Vec::new(),
            points: 0,
            info: None,
            bad: false,
        });
        st.counters.push(code(p.counter).to_string());
        st.points += points(rules, p.counter);
        st.bad |= bad.contains_key(&i) || rules.over_stacked(st.points);
    }
    // The points against the game's limit a hex (R&S 7.0: "12/6" over-stacked), from the
    // ruleset, never a number of the editor's.
    if let Stacking::Points { limit } = rules.stacking {
        for st in by_hex.values_mut() {
            let n = st.counters.len();
            st.info = Some(match n {
                1 => format!("{}/{limit}", st.points),
                _ => format!("{n}· {}/{limit}", st.points),
            });
        }
    }
    by_hex.into_values().collect()
}

impl PlacementTool {
    /// Place the chosen counter at `at` (legal or not: the compiler and the map mark it, so
    /// the designer sees the problem rather than a refusal). Returns a status message.
    pub fn place(
        &self,
        s: &mut Scenario,
        grid: Grid,
        resolved: &Resolved,
        at: Coord,
    ) -> Option<String> {
        let chosen = self.chosen.as_ref()?;
        let side = s.sides.get(chosen.side)?.id.clone();
        let why = problems(s, grid, resolved, chosen, at, None);
        s.setup.push(Placement {
            side,
            group: chosen.group.clone(),
            counter: chosen.counter,
            at,
        });
        Some(if why.is_empty() {
            format!("Placed {}", code(chosen.counter))
        } else {
            format!("Placed {}, but: {}", code(chosen.counter), why.join("; "))
        })
    }

    /// Remove the top counter at `at`.
    pub fn remove_top(s: &mut Scenario, at: Coord) -> Option<String> {
        let i = s.setup.iter().rposition(|p| p.at == at)?;
        let p = s.setup.remove(i);
        Some(format!("Removed {}", code(p.counter)))
    }

    /// The chosen counter as a placement being dragged would be.
    pub fn dragged(s: &Scenario, i: usize) -> Option<Chosen> {
        let p = s.setup.get(i)?;
        Some(Chosen {
            side: s.side_index(&p.side)?,
            group: p.group.clone(),
            counter: p.counter,
        })
    }
}

/// The Set-up tab: the palette of each group's counters with how many are left, and the
/// placements made.
pub fn setup_ui(
    ui: &mut Ui,
    id: Id,
    s: &mut Scenario,
    grid: &Grid,
    tool: &mut PlacementTool,
    items: &[Diagnostic],
) {
    ui.label(
        "Set-up placement is optional: place individual counters to give a fixed set-up. \
         Choose a counter, click a hex to place it, right-click to remove the top counter, \
         drag a counter to move it.",
    );
    for si in 0..s.sides.len() {
        let side = &s.sides[si];
        ui.label(
            RichText::new(&side.name)
                .strong()
                .color(side_color(side.color)),
        );
        for g in &side.groups {
            if matches!(g.entry, Entry::Arrive { .. }) {
                continue;
            }
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("({})", g.id));
                for c in stacking::placeable(s, &side.id, &g.id) {
                    let done = placed(s, si, &g.id, c, None);
                    let (text, hover) = match allotted(s, si, &g.id, c) {
                        Allotment::Exactly(n) => {
                            let left = n.saturating_sub(done);
                            (
                                format!("{} {left}/{n}", code(c)),
                                format!("{left} of {n} left to place"),
                            )
                        }
                        Allotment::AsDesired => (
                            format!("{} {done}/any", code(c)),
                            format!("{done} placed; as many as desired (a special rule, 11.8)"),
                        ),
                    };
                    let chosen = Chosen {
                        side: si,
                        group: g.id.clone(),
                        counter: c,
                    };
                    let on = tool.chosen.as_ref() == Some(&chosen);
                    let r = ui
                        .push_id(id.with((si, &g.id, code(c))), |ui| {
                            ui.selectable_label(on, text)
                        })
                        .inner
                        .on_hover_text(hover);
                    if r.clicked() {
                        tool.chosen = if on { None } else { Some(chosen) };
                    }
                }
            });
        }
    }
    ui.separator();
    let bad = faulted(items);
    ui.label(format!(
        "{} placed; {} marked illegal",
        crate::plural(s.setup.len(), "counter"),
        bad.len()
    ));
    for (i, msg) in &bad {
        if let Some(p) = s.setup.get(*i) {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("{} at {}: {msg}", code(p.counter), grid.label(p.at)),
            );
        }
    }
    if !s.setup.is_empty() && ui.button("Remove all placements").clicked() {
        s.setup.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use saber_schema::model::map::Map;
    use saber_schema::ruleset::{MarkerKind, UnitKind};

    fn gettysburg() -> (Scenario, Map, Resolved) {
        let s = crate::scenario::historical::HISTORICAL[6]
            .scenario()
            .expect("parses");
        let map = saber_schema::builtin::rifle_and_saber();
        let r = saber_schema::pipeline::check_scenario_model(&s, &map).resolved;
        (s, map, r)
    }

    fn chosen(side: usize, counter: Counter) -> Chosen {
        Chosen {
            side,
            group: "a".into(),
            counter,
        }
    }

    #[test]
    fn a_fourth_infantry_unit_over_stacks_a_hex() {
        let (mut s, map, r) = gettysburg();
        let at = r.groups[0][0].hexes.iter().next().expect("zone has hexes");
        let tool = PlacementTool {
            chosen: Some(chosen(0, Counter::Unit(UnitKind::MZ))),
            dragging: None,
        };
        for _ in 0..3 {
            tool.place(&mut s, map.grid, &r, at);
        }
        assert!(
            problems(&s, map.grid, &r, tool.chosen.as_ref().unwrap(), at, None)
                .iter()
                .any(|p| p.contains("over-stacked: 8 of 6"))
        );
        let msg = tool.place(&mut s, map.grid, &r, at).unwrap();
        assert!(msg.contains("over-stacked"), "{msg}");
        let items = saber_schema::pipeline::check_scenario_model(&s, &map).diagnostics;
        let st = stacks(&s, &items);
        assert_eq!(st.len(), 1);
        assert!(st[0].bad);
        assert_eq!(st[0].points, 8);
        // The figure under the counters is the points against the ruleset's limit.
        let Stacking::Points { limit } = s.rules().stacking else {
            panic!("Rifle & Saber counts stacking points");
        };
        assert_eq!(
            st[0].info.as_deref(),
            Some(format!("4· 8/{limit}").as_str())
        );
    }

    #[test]
    fn outside_the_zone_and_on_the_enemy_are_illegal() {
        let (mut s, map, r) = gettysburg();
        let union = r.groups[0][0].hexes.iter().next().expect("hex");
        let confederate = chosen(1, Counter::Unit(UnitKind::MZ));
        let why = problems(&s, map.grid, &r, &confederate, union, None);
        assert!(
            why.iter()
                .any(|w| w.contains("outside the deployment zone")),
            "{why:?}"
        );
        s.setup.push(Placement {
            side: "union".into(),
            group: "a".into(),
            counter: Counter::Unit(UnitKind::MZ),
            at: union,
        });
        let why = problems(&s, map.grid, &r, &confederate, union, None);
        assert!(
            why.iter().any(|w| w.contains("enemies never share")),
            "{why:?}"
        );
    }

    /// 7.0A: markers have no effect on stacking; 10.3: trenches may be used by either player. An
    /// enemy marker alone does not make a hex the enemy's, for the editor as for the compiler.
    #[test]
    fn an_enemy_marker_does_not_hold_a_hex() {
        let (mut s, map, r) = gettysburg();
        let hex = r.groups[1][0].hexes.iter().next().expect("hex");
        s.setup.push(Placement {
            side: "union".into(),
            group: "a".into(),
            counter: Counter::Marker(MarkerKind::Trench),
            at: hex,
        });
        let confederate = chosen(1, Counter::Unit(UnitKind::MZ));
        let why = problems(&s, map.grid, &r, &confederate, hex, None);
        assert!(!why.iter().any(|w| w.contains("enemies")), "{why:?}");
        s.setup.push(Placement {
            side: "confederates".into(),
            group: "a".into(),
            counter: Counter::Unit(UnitKind::MZ),
            at: hex,
        });
        let items = saber_schema::pipeline::check_scenario_model(&s, &map).diagnostics;
        assert!(
            !items.iter().any(|d| d.code.as_str() == "STK002"),
            "{items:?}"
        );
    }
}
