//! Optional set-up placement: individual counters on hexes. A counter is chosen from a group's
//! allotment, then placed by clicking a hex; right-click removes the top counter of a hex; a
//! counter is moved by dragging it. While dragging, the target hex is outlined green or red
//! and the status bar says why a placement would be illegal: outside the group's zone (11.0),
//! more than six stacking points in the hex or a hex the enemy holds (7.0), more counters than
//! the group has (11.0). Placed stacks stay marked when the compiler finds them illegal.

use std::collections::BTreeMap;

use egui::{Color32, Id, RichText, Ui};
use saber_schema::diagnostic::{Diagnostic, PathSeg, Severity};
use saber_schema::model::counter::Counter;
use saber_schema::model::hex::Coord;
use saber_schema::model::scenario::{Entry, Placement, Scenario};
use saber_schema::pipeline::zones::Resolved;
use saber_schema::ruleset::MAX_STACKING_POINTS;

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

/// Stacking points of a counter (7.0A; markers count none unless the rules say so).
pub fn points(c: Counter) -> u32 {
    match c {
        Counter::Unit(k) => k.stacking_points(),
        Counter::Marker(m) => m.stacking_points(),
    }
}

/// The code printed on a counter.
pub fn code(c: Counter) -> &'static str {
    match c {
        Counter::Unit(k) => k.code(),
        Counter::Marker(m) => m.code(),
    }
}

/// How many counters of this kind the group has (units or marker allotment).
pub fn allotted(s: &Scenario, si: usize, group: &str, c: Counter) -> u32 {
    let Some(g) = s
        .sides
        .get(si)
        .and_then(|side| side.groups.iter().find(|g| g.id == group))
    else {
        return 0;
    };
    match c {
        Counter::Unit(k) => g.units.get(&k).copied().unwrap_or(0),
        Counter::Marker(m) => g.markers.get(&m).copied().unwrap_or(0),
    }
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

/// Why placing `chosen` at `at` would be illegal (empty if it is legal). `except` is a
/// placement being moved, which no longer counts where it was.
pub fn problems(
    s: &Scenario,
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
    if matches!(side.groups[gi].entry, Entry::Arrive { .. }) {
        out.push(format!(
            "group ({}) arrives during play and is not placed at set-up (11.0)",
            chosen.group
        ));
        return out;
    }
    let zone = resolved.groups.get(chosen.side).and_then(|g| g.get(gi));
    if matches!(chosen.counter, Counter::Unit(_)) && zone.is_some_and(|z| !z.hexes.contains(at)) {
        out.push(format!(
            "outside the deployment zone of {} ({}) (11.0)",
            side.name, chosen.group
        ));
    }
    let here = s
        .setup
        .iter()
        .enumerate()
        .filter(|(i, p)| Some(*i) != except && p.at == at);
    let mut own = 0u32;
    let mut enemy = false;
    for (_, p) in here {
        if p.side == side.id {
            own += points(p.counter);
        } else {
            enemy = true;
        }
    }
    let total = own + points(chosen.counter);
    if total > MAX_STACKING_POINTS {
        out.push(format!(
            "over-stacked: {total} of {MAX_STACKING_POINTS} stacking points (7.0)"
        ));
    }
    if enemy {
        out.push("enemy counters hold this hex: enemies never share a hex (7.0)".into());
    }
    let n = allotted(s, chosen.side, &chosen.group, chosen.counter);
    if placed(s, chosen.side, &chosen.group, chosen.counter, except) >= n {
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
            bad: false,
        });
        st.counters.push(code(p.counter).to_string());
        st.points += points(p.counter);
        st.bad |= bad.contains_key(&i) || st.points > MAX_STACKING_POINTS;
    }
    by_hex.into_values().collect()
}

impl PlacementTool {
    /// Place the chosen counter at `at` (legal or not: the compiler and the map mark it, so
    /// the designer sees the problem rather than a refusal). Returns a status message.
    pub fn place(&self, s: &mut Scenario, resolved: &Resolved, at: Coord) -> Option<String> {
        let chosen = self.chosen.as_ref()?;
        let side = s.sides.get(chosen.side)?.id.clone();
        let why = problems(s, resolved, chosen, at, None);
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
                let counters = g
                    .units
                    .keys()
                    .map(|k| Counter::Unit(*k))
                    .chain(g.markers.keys().map(|m| Counter::Marker(*m)));
                for c in counters {
                    let n = allotted(s, si, &g.id, c);
                    let left = n.saturating_sub(placed(s, si, &g.id, c, None));
                    let chosen = Chosen {
                        side: si,
                        group: g.id.clone(),
                        counter: c,
                    };
                    let on = tool.chosen.as_ref() == Some(&chosen);
                    let r = ui
                        .push_id(id.with((si, &g.id, code(c))), |ui| {
                            ui.selectable_label(on, format!("{} {left}/{n}", code(c)))
                        })
                        .inner
                        .on_hover_text(format!("{left} of {n} left to place"));
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
        "{} counters placed; {} marked illegal",
        s.setup.len(),
        bad.len()
    ));
    for (i, msg) in &bad {
        if let Some(p) = s.setup.get(*i) {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("{} at {}: {msg}", code(p.counter), p.at.0 * 100 + p.at.1),
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
    use saber_schema::ruleset::UnitKind;

    fn gettysburg() -> (Scenario, Resolved) {
        let s = crate::scenario::historical::HISTORICAL[6]
            .scenario()
            .expect("parses");
        let map = saber_schema::builtin::rifle_and_saber();
        let (r, _) = saber_schema::check::check_scenario(&s, &map);
        (s, r)
    }

    #[test]
    fn a_fourth_infantry_unit_over_stacks_a_hex() {
        let (mut s, r) = gettysburg();
        let at = r.groups[0][0].hexes.iter().next().expect("zone has hexes");
        let tool = PlacementTool {
            chosen: Some(Chosen {
                side: 0,
                group: "a".into(),
                counter: Counter::Unit(UnitKind::MZ),
            }),
            dragging: None,
        };
        for _ in 0..3 {
            tool.place(&mut s, &r, at);
        }
        assert!(
            problems(&s, &r, tool.chosen.as_ref().unwrap(), at, None)
                .iter()
                .any(|p| p.contains("over-stacked: 8 of 6"))
        );
        let msg = tool.place(&mut s, &r, at).unwrap();
        assert!(msg.contains("over-stacked"), "{msg}");
        let map = saber_schema::builtin::rifle_and_saber();
        let (_, items) = saber_schema::check::check_scenario(&s, &map);
        let st = stacks(&s, &items);
        assert_eq!(st.len(), 1);
        assert!(st[0].bad);
        assert_eq!(st[0].points, 8);
    }

    #[test]
    fn outside_the_zone_and_on_the_enemy_are_illegal() {
        let (mut s, r) = gettysburg();
        let union = r.groups[0][0].hexes.iter().next().expect("hex");
        let confederate = Chosen {
            side: 1,
            group: "a".into(),
            counter: Counter::Unit(UnitKind::MZ),
        };
        let why = problems(&s, &r, &confederate, union, None);
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
        let why = problems(&s, &r, &confederate, union, None);
        assert!(
            why.iter().any(|w| w.contains("enemies never share")),
            "{why:?}"
        );
    }
}
