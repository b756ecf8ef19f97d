//! Set-up (3.2) by clicking a hex per counter: choose a counter, click a hex, and its set-up
//! line says "at HEX"; a counter of a `w/1` line clicked within one hex of the line's hex is
//! placed there. Stacks are judged by the compiler's own 5.0 predicate
//! (`check::musket_and_saber::over_stacked`, over the set-up the check reads,
//! `set_up_stacks`), live while the pointer is over a hex.

use egui::{Color32, RichText, Ui};
use saber_schema::check::musket_and_saber::{SetUpStack, set_up_stacks};
use saber_schema::model::hex::{Coord, Grid};
use saber_schema::model::musket_and_saber::{MsMapFile, MsPlacement, MsScenario, SetupLine};
use saber_schema::ruleset::musket_and_saber::WITHIN_ONE;

use crate::canvas::{Overlay, Stack};
use crate::document::Document;
use crate::games::musket_and_saber::{Gesture, fields};
use crate::games::musket_and_saber::{MsUi, side_color};

/// Red of an illegal stack.
const BAD: Color32 = Color32::from_rgb(230, 30, 30);
/// Green of a legal target.
const GOOD: Color32 = Color32::from_rgb(40, 170, 60);
/// The `w/1` ring.
const RING: Color32 = Color32::from_rgb(250, 210, 40);

/// The set-up line that brings a counter in: one naming it by ID, else its formation's line
/// (`MsScenario::named_by_id`, the check's and the export's reading).
pub fn line_of(s: &MsScenario, side: usize, ci: usize) -> Option<usize> {
    let sd = s.sides.get(side)?;
    let c = sd.counters.get(ci)?;
    let by_id = s.named_by_id()[side].contains(c.id.as_str());
    s.setup.iter().position(|l| {
        l.side == sd.id
            && (l.units.contains(&c.id) || (!by_id && l.formation.as_deref() == Some(&c.formation)))
    })
}

/// Set counter `ci` of side `side` up on `hex`; says what was done.
///
/// A counter of a `w/1` line clicked within one hex of the line's hex is placed there
/// (`placements`). Otherwise it leaves its line (and any reinforcement line: a counter enters
/// once, 3.2) and joins the side's line at that hex, else a `w/1` line of the side within one
/// hex of it (placed on the hex clicked), else a new line "at HEX". A counter brought in by its formation's line moves the
/// whole line.
pub fn place(s: &mut MsScenario, grid: Grid, side: usize, ci: usize, hex: Coord) -> Option<String> {
    let sd = s.sides.get(side)?;
    let c = sd.counters.get(ci)?;
    let (sid, id) = (sd.id.clone(), c.id.clone());
    let at = grid.label(hex);
    let line = line_of(s, side, ci);
    if let Some(li) = line {
        let l = &s.setup[li];
        if l.w1 && grid.distance(l.at, hex) <= WITHIN_ONE {
            set_placement(s, &sid, &id, hex);
            return Some(format!(
                "{id} placed at {at} (w/1 of {})",
                grid.label(s.setup[li].at)
            ));
        }
        if !l.units.contains(&id) {
            // Named by its formation: the line moves.
            let formation = l.formation.clone().unwrap_or_default();
            s.setup[li].at = hex;
            let members: Vec<String> = s.sides[side]
                .counters
                .iter()
                .filter(|x| x.formation == formation)
                .map(|x| x.id.clone())
                .collect();
            s.placements
                .retain(|p| !(p.side == sid && members.contains(&p.unit)));
            return Some(format!("The line of {formation} now sets up at {at}"));
        }
    }
    // Out of its line, its placement and any reinforcement line.
    if let Some(li) = line {
        s.setup[li].units.retain(|u| *u != id);
        if s.setup[li].units.is_empty() && s.setup[li].formation.is_none() {
            s.setup.remove(li);
        }
    }
    s.placements.retain(|p| !(p.side == sid && p.unit == id));
    for r in s.reinforcements.iter_mut().filter(|r| r.side == sid) {
        r.units.retain(|u| *u != id);
    }
    // The side's line on that hex, else a `w/1` line within one hex of it (the click is a
    // placement of that line, 3.2), else a new line.
    let join = s
        .setup
        .iter()
        .position(|l| l.side == sid && l.at == hex && l.formation.is_none())
        .or_else(|| {
            s.setup.iter().position(|l| {
                l.side == sid
                    && l.w1
                    && l.formation.is_none()
                    && grid.distance(l.at, hex) <= WITHIN_ONE
            })
        });
    match join {
        Some(li) => {
            s.setup[li].units.push(id.clone());
            if s.setup[li].w1 {
                set_placement(s, &sid, &id, hex);
                let line = grid.label(s.setup[li].at);
                return Some(format!("{id} placed at {at} (w/1 of {line})"));
            }
        }
        None => s.setup.push(SetupLine {
            side: sid,
            units: vec![id.clone()],
            formation: None,
            at: hex,
            w1: false,
            printed: String::new(),
        }),
    }
    Some(format!("{id} sets up at {at}"))
}

/// Place a unit of a `w/1` line on a hex (replacing where it was placed).
fn set_placement(s: &mut MsScenario, side: &str, unit: &str, at: Coord) {
    match s
        .placements
        .iter_mut()
        .find(|p| p.side == side && p.unit == unit)
    {
        Some(p) => p.at = at,
        None => s.placements.push(MsPlacement {
            side: side.to_string(),
            unit: unit.to_string(),
            at,
        }),
    }
}

/// The units of `w/1` lines no placement places yet, by side and line hex: they stand on
/// their line's hex until placed (3.2), so the map keeps showing them there.
pub fn unplaced_w1(s: &MsScenario) -> Vec<(usize, Coord, Vec<usize>)> {
    let mut out: Vec<(usize, Coord, Vec<usize>)> = Vec::new();
    for (si, sd) in s.sides.iter().enumerate() {
        for (ci, c) in sd.counters.iter().enumerate() {
            let Some(li) = line_of(s, si, ci) else {
                continue;
            };
            let l = &s.setup[li];
            if !l.w1
                || s.placements
                    .iter()
                    .any(|p| p.side == sd.id && p.unit == c.id)
            {
                continue;
            }
            match out.iter_mut().find(|(x, at, _)| *x == si && *at == l.at) {
                Some((_, _, cis)) => cis.push(ci),
                None => out.push((si, l.at, vec![ci])),
            }
        }
    }
    out
}

/// The hexes within one of a hex (3.2's `w/1`).
pub fn ring(grid: Grid, at: Coord) -> Vec<Coord> {
    grid.coords()
        .filter(|c| grid.distance(at, *c) <= WITHIN_ONE)
        .collect()
}

/// The stack a click would leave on `hex`, judged by the compiler's predicate (`None`: the
/// click would set nothing up there).
pub fn would_leave(
    s: &MsScenario,
    f: &MsMapFile,
    side: usize,
    ci: usize,
    hex: Coord,
) -> Option<SetUpStack> {
    let mut after = s.clone();
    place(&mut after, f.grid(), side, ci, hex)?;
    set_up_stacks(&after, f)
        .into_iter()
        .find(|st| st.hex == hex && st.side == side)
}

/// Stacks (each side's colour; framed red when 5.0 is broken; a `w/1` line's units not yet
/// placed on its hex), the `w/1` rings, and the hex under the pointer outlined green or red for what a click would leave.
pub fn overlay(ms: &MsUi, s: &MsScenario, f: &MsMapFile, hover: Option<Coord>, out: &mut Overlay) {
    let short =
        |si: usize, ci: usize| -> String { s.sides[si].counters[ci].id.chars().take(7).collect() };
    let mut unplaced = unplaced_w1(s);
    // The ring of hexes a `w/1` line's units may take (3.2): of each line with a unit still to
    // place, and of the chosen counter's line.
    let chosen_line = ms.chosen.and_then(|(si, ci)| line_of(s, si, ci));
    for (li, l) in s.setup.iter().enumerate() {
        let waiting = unplaced
            .iter()
            .any(|(si, at, _)| *at == l.at && s.sides[*si].id == l.side);
        if l.w1 && (waiting || chosen_line == Some(li)) {
            for c in ring(f.grid(), l.at) {
                out.marks.push((c, RING));
            }
        }
    }
    for st in set_up_stacks(s, f) {
        let mut counters: Vec<String> = st.counters.iter().map(|ci| short(st.side, *ci)).collect();
        let mut count = st.counters.len();
        // The line's own unplaced units stand with those placed on its hex.
        if let Some(k) = unplaced
            .iter()
            .position(|(si, at, _)| *si == st.side && *at == st.hex)
        {
            let (_, _, cis) = unplaced.remove(k);
            count += cis.len();
            counters.extend(cis.iter().map(|ci| short(st.side, *ci)));
        }
        out.stacks.push(Stack {
            hex: st.hex,
            color: side_color(s, st.side),
            counters,
            points: 0,
            info: Some(crate::plural(count, "unit")),
            bad: st.over_stacked,
        });
    }
    for (si, at, cis) in unplaced {
        out.stacks.push(Stack {
            hex: at,
            color: side_color(s, si),
            counters: cis.iter().map(|ci| short(si, *ci)).collect(),
            points: 0,
            info: Some(format!(
                "{} w/1, not yet placed",
                crate::plural(cis.len(), "unit")
            )),
            bad: false,
        });
    }
    // Entry hexes (4.5) lightly in their side's entry colour, as the card draws them: outlines
    // say what a click would do.
    for (si, sd) in s.sides.iter().enumerate() {
        let [r, g, b] = saber_schema::output::musket_and_saber::colours::ms_entry_color(
            sd.colour.as_deref(),
            si,
        );
        for h in &sd.entry_hexes {
            out.tints
                .push((*h, Color32::from_rgba_unmultiplied(r, g, b, 90)));
        }
    }
    if let Some((side, ci)) = ms.chosen {
        if let Some(h) = hover
            && f.grid().contains(h)
        {
            let bad = would_leave(s, f, side, ci, h).is_some_and(|st| st.over_stacked);
            out.marks.push((h, if bad { BAD } else { GOOD }));
        }
    } else if let Some(h) = hover {
        out.outline.push(h);
    }
}

/// Who stands on a hex, and whether it breaks 5.0.
pub fn hover_text(s: &MsScenario, f: &MsMapFile, c: Coord) -> Vec<String> {
    set_up_stacks(s, f)
        .into_iter()
        .filter(|st| st.hex == c)
        .map(|st| {
            let sd = &s.sides[st.side];
            let ids: Vec<&str> = st
                .counters
                .iter()
                .map(|ci| sd.counters[*ci].id.as_str())
                .collect();
            format!(
                "{}: {}{}",
                sd.name,
                ids.join(", "),
                if st.over_stacked {
                    " — over-stacked (5.0)"
                } else {
                    ""
                }
            )
        })
        .collect()
}

/// The set-up tab: each side's counters to choose (with where each is), the lines with their
/// `w/1` box.
pub fn setup_ui(
    ui: &mut Ui,
    ms: &mut MsUi,
    doc: &mut Document,
    gesture: Gesture<'_>,
) -> Option<String> {
    // On the grid, as the edit below is made ([`Document::edit_ms_scenario`]).
    let mut s = doc.ms_scenario_in_grid()?;
    let grid = doc.ms_map()?.grid();
    let mut status = None;
    ui.label("Choose a counter, then click its hex on the map (Esc lets go).");
    for (si, sd) in s.sides.iter().enumerate() {
        ui.label(RichText::new(&sd.name).strong().color(side_color(&s, si)));
        ui.horizontal_wrapped(|ui| {
            for (ci, c) in sd.counters.iter().enumerate() {
                let chosen = ms.chosen == Some((si, ci));
                let where_ = match line_of(&s, si, ci) {
                    Some(li) => {
                        let l = &s.setup[li];
                        if l.w1 {
                            format!("{} w/1", grid.label(l.at))
                        } else {
                            grid.label(l.at)
                        }
                    }
                    None if s
                        .reinforcements
                        .iter()
                        .any(|r| r.side == sd.id && r.units.contains(&c.id)) =>
                    {
                        "arrives".into()
                    }
                    None => "—".into(),
                };
                if ui
                    .selectable_label(chosen, format!("{} ({where_})", c.id))
                    .on_hover_text(format!("{} · {}", c.class.name(), c.formation))
                    .clicked()
                {
                    ms.chosen = if chosen { None } else { Some((si, ci)) };
                    status = Some(match ms.chosen {
                        Some(_) => format!("{}: click its set-up hex", c.id),
                        None => String::new(),
                    });
                }
            }
        });
    }
    ui.separator();
    ui.label(RichText::new("Set-up lines").strong());
    let mut remove = None;
    for (li, l) in s.setup.iter_mut().enumerate() {
        ui.horizontal_wrapped(|ui| {
            let who = match &l.formation {
                Some(f) if l.units.is_empty() => f.clone(),
                Some(f) => format!("{}, {f}", l.units.join(", ")),
                None => l.units.join(", "),
            };
            ui.label(format!(
                "{}. {}: {who} at {}",
                li + 1,
                l.side,
                grid.label(l.at)
            ));
            ui.checkbox(&mut l.w1, "w/1")
                .on_hover_text("the units may be placed within 1 hex of it (3.2)")
                .accessible_name(format!("Line {} w/1", li + 1));
            fields::remove_button(ui, "line", li, &mut remove);
        });
    }
    if let Some(li) = remove {
        s.setup.remove(li);
    }
    doc.edit_ms_scenario("Edit set-up", gesture, |x| x.setup = s.setup);
    status
}
