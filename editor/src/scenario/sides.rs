//! Sides and orders of battle: each side's name, counter colour and morale, its groups `(a)`,
//! `(b)`, … with unit counts and markers, and how each group enters play (a deployment zone or
//! an arrival). Stacking points are shown per group and side as you edit (7.0A), and each
//! deployment zone has a capacity meter: the group's points against six a hex (7.0).

use crate::scenario::fields::{self, fit, labelled_row, one_of};
use egui::{Color32, Id, RichText, Ui};
use saber_schema::model::hex::Compass;
use saber_schema::model::limits;
use saber_schema::model::scenario::{CounterColor, Entry, Group, Scenario, Side};
use saber_schema::model::zone::Zone;
use saber_schema::output::palette;
use saber_schema::pipeline::zones::{GroupHexes, Resolved};
use saber_schema::ruleset::{Arm, MarkerKind, Morale, Ruleset, UnitKind};

use crate::scenario::zone_builder::{ZoneCx, zone_ui};

/// Stacking points a hex holds (7.0).
pub const HEX_POINTS: u32 = 6;

/// The group being edited.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Selection {
    /// Side index.
    pub side: usize,
    /// Group index within the side.
    pub group: usize,
}

/// Screen colour of a counter colour (the one palette's side colour).
pub fn side_color(c: CounterColor) -> Color32 {
    crate::canvas::palette_color(palette::side_color(c))
}

/// A side's strength at a glance: "31 units · 63 points · infantry 30, artillery 1".
pub fn strength(side: &Side) -> String {
    let mut arms: Vec<String> = Vec::new();
    for (arm, name) in [
        (Arm::Infantry, "infantry"),
        (Arm::Cavalry, "cavalry"),
        (Arm::MachineGun, "machine guns"),
        (Arm::Artillery, "artillery"),
    ] {
        let n: u32 = UnitKind::ALL
            .iter()
            .filter(|k| k.arm() == arm)
            .map(|k| side.count(*k))
            .sum();
        if n > 0 {
            arms.push(format!("{name} {n}"));
        }
    }
    format!(
        "{} · {} · {}",
        crate::plural(side.unit_count() as usize, "unit"),
        crate::plural(side.stacking_points() as usize, "point"),
        if arms.is_empty() {
            "no units yet".to_string()
        } else {
            arms.join(", ")
        }
    )
}

/// How full a deployment zone is: the group's points against the zone's room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capacity {
    /// The group's stacking points.
    pub points: u32,
    /// Hexes in the zone (the smallest alternative of a choice).
    pub hexes: u32,
    /// Fewest hexes that can hold the group's units (two 3-point guns fill a hex, 7.0).
    pub needed: u32,
}

impl Capacity {
    /// The capacity of a group's zone.
    pub fn of(rules: &Ruleset, group: &Group, zone: &GroupHexes) -> Capacity {
        let hexes = zone
            .alternatives
            .iter()
            .map(|a| a.len())
            .min()
            .unwrap_or(zone.hexes.len());
        Capacity {
            points: group.stacking_points(),
            hexes: u32::try_from(hexes).unwrap_or(u32::MAX),
            needed: rules.min_hexes(group.units.iter().map(|(k, n)| (*k, *n))),
        }
    }

    /// Does the group fit?
    pub fn fits(&self) -> bool {
        self.needed <= self.hexes
    }

    /// What the bar says: "38 of 42 points".
    pub fn text(&self) -> String {
        format!(
            "{} of {} points",
            self.points,
            self.hexes.saturating_mul(HEX_POINTS)
        )
    }

    /// What the line under the bar says: "7 hexes × 6 points; the units need at least 7".
    pub fn detail(&self) -> String {
        format!(
            "{} × {HEX_POINTS} points; the units need at least {}",
            crate::plural(self.hexes as usize, "hex"),
            crate::plural(self.needed as usize, "hex")
        )
    }
}

/// The fill of a capacity meter whose group fits.
const FITS: Color32 = Color32::from_rgb(60, 150, 60);

/// The capacity meter: a bar filled by the group's share of the zone's room, red when it
/// does not fit, its words in body-size text (the bar's short text, then a wrapped line), so
/// that nothing is too small to read or cut off at the bar's end.
pub fn capacity_meter(ui: &mut Ui, cap: &Capacity) {
    let room = cap.hexes.saturating_mul(HEX_POINTS).max(1);
    let fill = (cap.points as f32 / room as f32).min(1.0);
    let color = if cap.points == 0 {
        // egui draws an empty bar's fill as a dot as round as the bar is high: nothing is
        // there to show (issue 37 §17).
        Color32::TRANSPARENT
    } else if cap.fits() {
        FITS
    } else {
        ui.visuals().error_fg_color
    };
    ui.add(
        egui::ProgressBar::new(fill)
            .fill(color)
            // egui draws a fill at least as wide as twice its corner radius: the default (half
            // the bar's height) made a small share a dot over the meter's first words.
            .corner_radius(2)
            .desired_height(ui.text_style_height(&egui::TextStyle::Body) + 8.0)
            .text(
                RichText::new(format!("Capacity: {}", cap.text()))
                    .text_style(egui::TextStyle::Body)
                    .strong()
                    .color(Color32::WHITE),
            ),
    )
    .on_hover_text("The group's stacking points against six points a hex of its zone (7.0); for a choice of zones, the smallest.");
    ui.label(cap.detail());
    if !cap.fits() {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!(
                "Does not fit: {} more hexes needed (7.0).",
                cap.needed - cap.hexes
            ),
        );
    }
}

/// The next unused group letter of a side.
fn next_letter(side: &Side) -> Option<String> {
    ('a'..='z')
        .map(String::from)
        .find(|l| !side.groups.iter().any(|g| g.id == *l))
}

/// The sides form. `sel` is the group whose details are shown (and drawn strongest on the map).
pub fn sides_ui(
    ui: &mut Ui,
    id: Id,
    s: &mut Scenario,
    sel: &mut Selection,
    resolved: &Resolved,
    cx: &mut ZoneCx<'_>,
) {
    let rules = s.rules();
    for si in 0..s.sides.len() {
        let sid = id.with(("side", si));
        let before = s.sides[si].id.clone();
        let side = &mut s.sides[si];
        let head = RichText::new(format!("{} — {}", side.name, side.id))
            .color(side_color(side.color))
            .strong();
        egui::CollapsingHeader::new(fields::title(ui, head))
            .id_salt(sid)
            .default_open(true)
            .show(ui, |ui| {
                side_ui(ui, sid, rules, si, side, sel, resolved, cx);
            });
        let after = s.sides[si].id.clone();
        if after != before {
            carry_side_rename(s, si, &before, &after);
        }
    }
}

/// A side's id changed from `old` to `new`: who deploys and moves first, the victory
/// conditions, special rules and placements that named it name it still. Nothing is carried
/// while the old id was also the other side's or the new one is (a clash the checks report):
/// the references could not tell the sides apart.
pub fn carry_side_rename(s: &mut Scenario, side: usize, old: &str, new: &str) {
    let clash = |id: &str| {
        s.sides
            .iter()
            .enumerate()
            .any(|(i, other)| i != side && other.id == id)
    };
    if old.is_empty() || clash(old) || clash(new) {
        return;
    }
    let carry = |r: &mut String| {
        if r == old {
            *r = new.to_string();
        }
    };
    carry(&mut s.deploys_first);
    carry(&mut s.moves_first);
    for v in &mut s.victory {
        carry(&mut v.side);
        if let saber_schema::model::victory::Outcome::Graded { by_turn, otherwise } = &mut v.outcome
        {
            for r in by_turn {
                carry(&mut r.result.winner);
            }
            carry(&mut otherwise.winner);
        }
    }
    for r in &mut s.special_rules {
        if let Some(side) = r.effect.side_mut() {
            carry(side);
        }
    }
    for p in &mut s.setup {
        carry(&mut p.side);
    }
}

// The form's parts and the builder's shared state, each passed as it is.
#[allow(clippy::too_many_arguments)]
fn side_ui(
    ui: &mut Ui,
    id: Id,
    rules: &Ruleset,
    si: usize,
    side: &mut Side,
    sel: &mut Selection,
    resolved: &Resolved,
    cx: &mut ZoneCx<'_>,
) {
    egui::Grid::new(id.with("fields"))
        .num_columns(2)
        .show(ui, |ui| {
            labelled_row(ui, "Name", |ui| {
                ui.add(egui::TextEdit::singleline(&mut side.name).desired_width(fit(ui, 180.0)))
            });
            let l = ui.label("Id").on_hover_text(
                "How victory conditions and special rules name this side (lower case, no spaces).",
            );
            ui.add(egui::TextEdit::singleline(&mut side.id).desired_width(fit(ui, 180.0)))
                .labelled_by(l.id);
            ui.end_row();
            let combo = egui::ComboBox::from_id_salt(id.with("color"));
            let colors = [CounterColor::Red, CounterColor::Blue];
            labelled_row(ui, "Counters", |ui| {
                one_of(ui, combo, &mut side.color, colors, |c| c.name())
            });
            let l = ui.label("Morale").on_hover_text("Morale level (10.1)");
            let combo = egui::ComboBox::from_id_salt(id.with("morale"));
            let all = [Morale::High, Morale::Normal, Morale::Demoralized];
            one_of(ui, combo, &mut side.morale, all, |m| format!("{m:?}")).labelled_by(l.id);
            ui.end_row();
        });
    ui.weak(strength(side));

    // Groups: one line each; the selected one opens below.
    let mut remove = None;
    let mut swap = None;
    for gi in 0..side.groups.len() {
        let g = &side.groups[gi];
        let selected = *sel
            == Selection {
                side: si,
                group: gi,
            };
        let entry = match &g.entry {
            Entry::Deploy { .. } => "deploys".to_string(),
            Entry::Arrive { turn, .. } => format!("arrives turn {turn}"),
        };
        let text = format!(
            "({}) {} · {} pts · {entry}",
            g.id,
            if g.notation().is_empty() {
                "no units".to_string()
            } else {
                g.notation()
            },
            g.stacking_points()
        );
        ui.horizontal_wrapped(|ui| {
            if ui.selectable_label(selected, text).clicked() {
                *sel = Selection {
                    side: si,
                    group: gi,
                };
            }
        });
        if selected {
            ui.indent(id.with(("group", gi)), |ui| {
                let gid = id.with(("group", gi));
                let zone = resolved.groups.get(si).and_then(|g| g.get(gi));
                group_ui(ui, gid, rules, &mut side.groups[gi], zone, cx);
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .add_enabled(gi > 0, egui::Button::new("Move up"))
                        .clicked()
                    {
                        swap = Some(gi - 1);
                    }
                    if ui
                        .add_enabled(side.groups.len() > 1, egui::Button::new("Remove group"))
                        .clicked()
                    {
                        remove = Some(gi);
                    }
                });
            });
        }
    }
    if let Some(gi) = swap {
        side.groups.swap(gi, gi + 1);
        sel.group = gi;
    }
    if let Some(gi) = remove {
        side.groups.remove(gi);
        sel.group = gi.saturating_sub(1);
    }
    if let Some(letter) = next_letter(side)
        && ui.button(format!("Add group ({letter})")).clicked()
    {
        side.groups.push(Group {
            id: letter,
            units: Default::default(),
            markers: Default::default(),
            entry: Entry::Deploy {
                zone: Zone::Everywhere,
                facing: None,
            },
        });
        *sel = Selection {
            side: si,
            group: side.groups.len() - 1,
        };
    }
}

/// One group: units, markers, entry and capacity.
fn group_ui(
    ui: &mut Ui,
    id: Id,
    rules: &Ruleset,
    g: &mut Group,
    zone: Option<&GroupHexes>,
    cx: &mut ZoneCx<'_>,
) {
    ui.label(RichText::new("Units").strong());
    // Two kinds a row, or one in a narrow panel.
    fields::pairs_grid(ui, id.with("units"), UnitKind::ALL.len(), 2, |ui, i| {
        let k = UnitKind::ALL[i];
        let l = ui.label(k.code()).on_hover_text(format!(
            "{} — {} stacking points (7.0A)",
            k.name(),
            k.stacking_points()
        ));
        fields::count_in(ui, &mut g.units, k, (limits::MAX_COUNT, 1.0), l.id)
            .on_hover_text(k.name());
    });
    ui.label(RichText::new("Markers").strong());
    fields::pairs_grid(ui, id.with("markers"), MarkerKind::ALL.len(), 3, |ui, i| {
        let m = MarkerKind::ALL[i];
        let l = ui
            .label(m.code())
            .on_hover_text(format!("{} markers [{}]", m.code(), m.rule()));
        fields::count_in(ui, &mut g.markers, m, (limits::MAX_COUNT, 1.0), l.id);
    });
    ui.label(format!(
        "{}, {}",
        crate::plural(g.unit_count() as usize, "unit"),
        crate::plural(g.stacking_points() as usize, "stacking point")
    ));

    ui.separator();
    let cap = zone.map(|z| Capacity::of(rules, g, z));
    let arrives = matches!(g.entry, Entry::Arrive { .. });
    ui.horizontal_wrapped(|ui| {
        if ui.radio(!arrives, "Deploys before play").clicked() && arrives {
            let at = match &g.entry {
                Entry::Arrive { at, .. } => at.clone(),
                Entry::Deploy { .. } => Zone::Everywhere,
            };
            g.entry = Entry::Deploy {
                zone: at,
                facing: None,
            };
        }
        if ui.radio(arrives, "Arrives during play").clicked() && !arrives {
            let zone = match &g.entry {
                Entry::Deploy { zone, .. } => zone.clone(),
                Entry::Arrive { .. } => Zone::Everywhere,
            };
            g.entry = Entry::Arrive { turn: 1, at: zone };
        }
    });
    match &mut g.entry {
        Entry::Deploy { zone: z, facing } => {
            ui.label(RichText::new("Deployment zone").strong());
            zone_ui(ui, id.with("zone"), z, cx);
            ui.horizontal_wrapped(|ui| {
                let l = ui
                    .label("Facing")
                    .on_hover_text("As printed (\"facing south\"); informative only.");
                let combo = egui::ComboBox::from_id_salt(id.with("facing"));
                let all = std::iter::once(None).chain(Compass::ALL.map(Some));
                one_of(ui, combo, facing, all, |f| {
                    f.map_or("not given", |f| f.name())
                })
                .labelled_by(l.id);
            });
            if let Some(cap) = &cap {
                capacity_meter(ui, cap);
            }
        }
        Entry::Arrive { turn, at } => {
            ui.horizontal_wrapped(|ui| {
                let l = ui.label("On Game-Turn");
                let track = rules.turn_record_track;
                ui.add(egui::DragValue::new(turn).range(1..=track))
                    .labelled_by(l.id)
                    .on_hover_text(format!("The Turn Record Track has {track} spaces (15.0)."));
            });
            ui.label(RichText::new("Enters at (edge hexes or a road's entry)").strong());
            zone_ui(ui, id.with("arrive"), at, cx);
            if let Some(zone) = zone {
                ui.label(crate::plural(zone.hexes.len(), "entry hex"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::Shape;
    use egui::epaint::TextShape;

    fn texts(shapes: &[egui::epaint::ClippedShape]) -> Vec<(TextShape, egui::Rect)> {
        fn walk(shape: &Shape, clip: egui::Rect, out: &mut Vec<(TextShape, egui::Rect)>) {
            match shape {
                Shape::Text(t) => out.push((t.clone(), clip)),
                Shape::Vec(v) => v.iter().for_each(|s| walk(s, clip, out)),
                _ => {}
            }
        }
        let mut out = Vec::new();
        for s in shapes {
            walk(&s.shape, s.clip_rect, &mut out);
        }
        out
    }

    /// In a side panel as narrow as it gets, the meter's words are body-size text, and none is
    /// clipped off at the bar's end or the panel's edge (issue 14 §5).
    #[test]
    fn the_capacity_meter_is_legible_and_never_cut_off() {
        let cap = Capacity {
            points: 138,
            hexes: 20,
            needed: 24,
        };
        let width = 240.0;
        let mut h = egui_kittest::Harness::builder()
            .with_size(egui::vec2(width, 300.0))
            .build_ui(move |ui| capacity_meter(ui, &cap));
        h.run();
        let body = h.ctx.global_style().text_styles[&egui::TextStyle::Body].size;
        let texts = texts(&h.output().shapes);
        let words: String = texts.iter().map(|(t, _)| t.galley.text()).collect();
        for needed in ["138 of 120 points", "at least 24 hexes", "4 more hexes"] {
            assert!(words.contains(needed), "{needed:?} not shown in {words:?}");
        }
        for (t, clip) in &texts {
            let size = t.galley.job.sections[0].format.font_id.size;
            assert!(
                size >= body,
                "{:?} at {size} px, body is {body}",
                t.galley.text()
            );
            let rect = t.galley.rect.translate(t.pos.to_vec2());
            assert!(
                clip.contains_rect(rect) && rect.max.x <= width,
                "{:?} cut off: {rect:?} in {clip:?}",
                t.galley.text()
            );
        }
    }

    /// An empty group's meter draws no fill: no green dot over its words.
    #[test]
    fn an_empty_meter_has_no_fill() {
        fn fills(shape: &Shape, out: &mut Vec<Color32>) {
            match shape {
                Shape::Rect(r) => out.push(r.fill),
                Shape::Circle(c) => out.push(c.fill),
                Shape::Path(p) => out.push(p.fill),
                Shape::Vec(v) => v.iter().for_each(|s| fills(s, out)),
                _ => {}
            }
        }
        let painted = |cap: Capacity| {
            let mut h = egui_kittest::Harness::builder()
                .with_size(egui::vec2(300.0, 200.0))
                .build_ui(move |ui| capacity_meter(ui, &cap));
            h.run();
            let mut out = Vec::new();
            for s in &h.output().shapes {
                fills(&s.shape, &mut out);
            }
            out
        };
        let empty = painted(Capacity {
            points: 0,
            hexes: 10,
            needed: 0,
        });
        assert!(!empty.contains(&FITS), "{empty:?}");
        let some = painted(Capacity {
            points: 12,
            hexes: 10,
            needed: 2,
        });
        assert!(some.contains(&FITS), "a group's share is drawn: {some:?}");
    }

    /// A small share is a thin fill, not a dot as round as the bar is high over the meter's
    /// first words (seen under Xvfb: "30 of 792 points", a green dot over the "C" of
    /// "Capacity").
    #[test]
    fn a_small_share_is_no_dot_over_the_words() {
        let cap = Capacity {
            points: 30,
            hexes: 132,
            needed: 5,
        };
        let width = 300.0;
        let mut h = egui_kittest::Harness::builder()
            .with_size(egui::vec2(width, 200.0))
            .build_ui(move |ui| capacity_meter(ui, &cap));
        h.run();
        let mut fill = None;
        for s in &h.output().shapes {
            if let Shape::Rect(r) = &s.shape
                && r.fill == FITS
            {
                fill = Some(r.rect);
            }
        }
        let fill = fill.expect("the share is drawn");
        // 30 of 792 points: under 4 % of the bar, a few pixels.
        assert!(fill.width() <= 12.0, "{fill:?}");
    }
}
