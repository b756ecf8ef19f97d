//! A printable scenario card: one A4 landscape page with the title, the map with the
//! scenario's zones and a legend of their colours, the sequence of play, a forces table per
//! side, the victory conditions, the special rules and the notes.
//!
//! The page is SVG written by hand, like [`crate::output::render`], whose [`map_body`] is nested here
//! as an `<svg>` scaled to its column. SVG has no text flow, so text is wrapped here, by an
//! estimate of each character's width in the embedded Ubuntu Light font that errs wide: a line
//! may end a little early, but never runs past its column.

use std::fmt::Write;

use crate::analysis::counted;
use crate::model::map::Map;
use crate::model::scenario::{Entry, Group, Scenario, Side};
use crate::output::overlays::Overlay;
use crate::output::overlays::scenario_overlays;
use crate::output::palette::side_color;
use crate::output::render::legend::map_key_rows;
use crate::output::render::legend::{draw_swatch, hexagon_path};
use crate::output::render::{
    INK, MapStyle, PAPER, RenderError, SANS, map_body, rgb, svg_start, svg_to_png, xml,
};
use crate::pipeline::Compiled;
use crate::ruleset::Morale;
use crate::ruleset::Ruleset;

/// Page width: A4 landscape (297 mm) at 150 dots per inch.
pub const PAGE_WIDTH: f64 = 1754.0;
/// Page height: A4 landscape (210 mm) at 150 dots per inch; a card whose text needs more
/// grows taller rather than lose any of it.
pub const PAGE_HEIGHT: f64 = 1240.0;

pub(crate) const MARGIN: f64 = 40.0;
const GAP: f64 = 36.0;
/// The left column holds the map, its legend and the notes.
pub(crate) const LEFT_W: f64 = 1010.0;
/// The right column holds the sequence of play, forces, victory conditions and special rules.
pub(crate) const RIGHT_X: f64 = MARGIN + LEFT_W + GAP;
pub(crate) const RIGHT_W: f64 = PAGE_WIDTH - MARGIN - RIGHT_X;
/// The map is at most this tall, so that a tall map leaves room for its legend.
const MAP_MAX_H: f64 = 800.0;
/// Top of both columns, under the title.
pub(crate) const BODY_TOP: f64 = 124.0;

/// Text sizes, in page units (1 unit ≈ 0.17 mm: 18 units print at about 8.5 pt).
const TITLE: f64 = 40.0;
const SUBTITLE: f64 = 19.0;
const HEADING: f64 = 23.0;
pub(crate) const BODY: f64 = 18.0;
pub(crate) const TABLE: f64 = 16.5;
pub(crate) const SMALL: f64 = 14.0;
/// Line advance as a multiple of the text size.
const LEADING: f64 = 1.3;
/// Space before a section heading.
pub(crate) const SECTION_GAP: f64 = 22.0;
/// The notes are a reminder, not the history: at most this many lines.
const NOTES_MAX_LINES: usize = 8;

const MUTED: &str = "#5a4e3e";
const RULE: &str = "#b9ab8c";
const TABLE_HEAD: &str = "#e9e1c8";
const TABLE_STRIPE: &str = "#fbf7ea";

/// The scenario card as one self-contained SVG page.
pub fn card_svg(c: &Compiled) -> String {
    let s = &c.scenario;
    let overlays = scenario_overlays(c);
    let mut left = String::new();
    let map_bottom = draw_framed_map(&mut left, &c.map, &overlays);
    let left_end = draw_legend(&mut left, s, &overlays, map_bottom + 14.0);
    let mut right = String::new();
    let right_end = draw_right(&mut right, s, &overlays);
    // The notes fill what is left of the left column, down to the page's foot.
    let height = PAGE_HEIGHT.max(right_end.max(left_end) + MARGIN + SMALL * 2.0);
    let foot = height - MARGIN;
    draw_notes(&mut left, &s.notes, left_end, foot - SMALL * 3.0);
    // The map key goes at the foot of the right column, if it fits under the text.
    let key_top = foot - SMALL * 2.0 - map_key_height(&c.map, c.rules);
    if key_top >= right_end + SECTION_GAP {
        draw_map_key(&mut right, &c.map, c.rules, (RIGHT_X, RIGHT_W), key_top);
    }

    let name = match &s.portion {
        Some(p) if !p.is_empty() => format!("{}: {p}", s.name),
        _ => s.name.clone(),
    };
    let title = match &s.rule {
        Some(r) => format!("{r}  {name}"),
        None => name,
    };
    let sub = format!(
        "{} · Rifle & Saber scenario card · map: {}",
        s.date, c.map.name
    );
    let foot_line = format!(
        "Rifle & Saber (SPI, 1973) · scenario card of `{}`, made by saberc",
        s.id
    );
    page(height, [&title, &sub], [&left, &right], &foot_line)
}

/// A card's page (both games'): `height` high, its title and subtitle over a rule, its two
/// columns as drawn, and its foot line.
pub(crate) fn page(
    height: f64,
    [title, sub]: [&str; 2],
    [left, right]: [&str; 2],
    foot_line: &str,
) -> String {
    let mut out = String::with_capacity(left.len() + right.len() + 4096);
    let font = format!(r#" font-family="{SANS}""#);
    svg_start(&mut out, (PAGE_WIDTH, height), &font, Some(PAPER));
    let width = PAGE_WIDTH - 2.0 * MARGIN;
    let title = wrap(title, width, TITLE, 1).remove(0);
    let _ = writeln!(
        out,
        r#"<text x="{MARGIN}" y="{:.1}" font-size="{TITLE}" fill="{INK}">{}</text>"#,
        MARGIN + TITLE * 0.8,
        xml(&title)
    );
    let sub = wrap(sub, width, SUBTITLE, 1).remove(0);
    let _ = writeln!(
        out,
        r#"<text x="{MARGIN}" y="{:.1}" font-size="{SUBTITLE}" fill="{MUTED}">{}</text>"#,
        MARGIN + TITLE * 0.8 + SUBTITLE * 1.6,
        xml(&sub)
    );
    let y = BODY_TOP - 14.0;
    let _ = writeln!(
        out,
        r#"<path d="M{MARGIN} {y}H{:.1}" stroke="{INK}" stroke-width="1.5"/>"#,
        PAGE_WIDTH - MARGIN
    );
    out.push_str(left);
    out.push_str(right);
    let foot = height - MARGIN;
    let _ = writeln!(
        out,
        r#"<text x="{MARGIN}" y="{foot:.1}" font-size="{SMALL}" fill="{MUTED}">{}</text>"#,
        xml(foot_line)
    );
    out.push_str("</svg>\n");
    out
}

/// The scenario card as a PNG, `width_px` wide: [`card_svg`] then [`svg_to_png`].
pub fn card_png(c: &Compiled, width_px: u32) -> Result<Vec<u8>, RenderError> {
    svg_to_png(&card_svg(c), width_px)
}

/// The map with its overlays, framed, at the top of the card's left column (both games'
/// cards); returns the frame's bottom.
pub(crate) fn draw_framed_map(out: &mut String, map: &Map, overlays: &[Overlay]) -> f64 {
    // Printed at about half the size of `saberc render`, labels are drawn half as big again.
    let body = map_body(
        map,
        overlays,
        MapStyle {
            coordinates: false,
            label_scale: 1.5,
            labels: true,
        },
    );
    // A margin around the map keeps edge strokes and labels inside the nested drawing.
    let pad = body.width.max(body.height) * 0.008;
    let (vw, vh) = (body.width + 2.0 * pad, body.height + 2.0 * pad);
    let scale = (LEFT_W / vw).min(MAP_MAX_H / vh);
    let (w, h) = (vw * scale, vh * scale);
    let top = BODY_TOP;
    let _ = writeln!(
        out,
        r#"<svg x="{MARGIN}" y="{top:.1}" width="{w:.1}" height="{h:.1}" viewBox="{:.1} {:.1} {vw:.1} {vh:.1}">"#,
        -pad, -pad
    );
    out.push_str(&body.svg);
    out.push_str("</svg>\n");
    let _ = writeln!(
        out,
        r#"<rect x="{MARGIN}" y="{top:.1}" width="{w:.1}" height="{h:.1}" fill="none" stroke="{INK}" stroke-width="1.2"/>"#
    );
    top + h
}

/// The zone colours: a swatch and its label, two to a row, each side's on rows of their own;
/// returns the bottom.
fn draw_legend(out: &mut String, s: &Scenario, overlays: &[Overlay], top: f64) -> f64 {
    let mut first = 0;
    let mut rows = Vec::new();
    for side in &s.sides {
        let end = (first + side.groups.len()).min(overlays.len());
        rows.extend(overlays[first..end].chunks(2));
        first = end;
    }
    overlay_rows(out, rows, top, (3, 12.0, 32.0, 4.0))
}

/// Overlays' swatches and labels, a row each pair (both games' cards), from `top`: labels of
/// at most `lines` lines, the swatch `swatch_dx` and the label `text_dx` into their half of the
/// column, `gap` under a row. Returns the bottom.
pub(crate) fn overlay_rows<'o>(
    out: &mut String,
    rows: impl IntoIterator<Item = &'o [Overlay]>,
    top: f64,
    (lines, swatch_dx, text_dx, gap): (usize, f64, f64, f64),
) -> f64 {
    let col_w = LEFT_W / 2.0;
    let line = TABLE * LEADING;
    let mut bottom = top;
    for pair in rows {
        let y = bottom;
        let mut row_h: f64 = 0.0;
        for (k, o) in pair.iter().enumerate() {
            let x = MARGIN + col_w * k as f64;
            let mut label = format!("{} ({})", o.name, counted(o.hexes.len(), "hex", "hexes"));
            if let Some(note) = &o.note {
                label.push_str(&format!(": {note}"));
            }
            let lines = wrap(&label, col_w - 40.0, TABLE, lines);
            swatch(out, (x + swatch_dx, y + line * 0.5), &rgb(o.color));
            text_lines(out, x + text_dx, y, &lines, TABLE, INK);
            row_h = row_h.max(lines.len() as f64 * line);
        }
        bottom = y + row_h + gap;
    }
    bottom
}

/// The notes, wrapped and cut to fit between `top` and `limit` (both games' cards).
pub(crate) fn draw_notes(out: &mut String, notes: &str, top: f64, limit: f64) {
    let notes = notes.split_whitespace().collect::<Vec<_>>().join(" ");
    if notes.is_empty() {
        return;
    }
    let line = BODY * LEADING;
    let y = top + SECTION_GAP * 0.5;
    let room = ((limit - y - HEADING * LEADING) / line).floor();
    if room < 2.0 {
        return;
    }
    let y = heading(out, MARGIN, y, LEFT_W, "Notes");
    let lines = wrap(&notes, LEFT_W, BODY, (room as usize).min(NOTES_MAX_LINES));
    text_lines(out, MARGIN, y, &lines, BODY, MUTED);
}

/// The sequence of play, forces, victory conditions and special rules; returns the bottom.
fn draw_right(out: &mut String, s: &Scenario, overlays: &[Overlay]) -> f64 {
    let (x, w) = (RIGHT_X, RIGHT_W);
    let name = |id: &str| side_name(s, id);
    let mut y = BODY_TOP;
    y = heading(out, x, y, w, "Sequence of play");
    let sequence = format!(
        "Deploys first: {}. Moves first: {}. Game length: {}.",
        name(&s.deploys_first),
        name(&s.moves_first),
        counted(s.game_length, "Game-Turn", "Game-Turns")
    );
    y = paragraph(out, x, y, w, &sequence, BODY, INK);

    let mut zone = 0;
    for side in &s.sides {
        y = forces(out, x, y + SECTION_GAP, side, &overlays[zone..]);
        zone += side.groups.len();
    }

    let [victory, special] = printed_texts(s);
    victory_and_special(out, y, victory, special)
}

/// The victory conditions' and the special rules' texts as printed (or as read where the print
/// breaks off, [`printed_or_described`]), a special rule's text once (one printed sentence may
/// be recorded as several effects, 11.17): what the card and the Tiled map say.
pub(crate) fn printed_texts(s: &Scenario) -> [Vec<String>; 2] {
    let name = |id: &str| side_name(s, id);
    let victory = (s.victory.iter())
        .map(|v| printed_or_described(&v.printed, || v.describe(enemy_of(s, &v.side), &name)));
    let mut special: Vec<String> = Vec::new();
    for r in &s.special_rules {
        let text = printed_or_described(&r.printed, || r.effect.describe(&name));
        if !special.contains(&text) {
            special.push(text);
        }
    }
    [victory.collect(), special]
}

/// The victory conditions, numbered, and the special rules, bulleted, each under its heading
/// when there are any (both games' cards), from `y` in the right column; returns the bottom.
pub(crate) fn victory_and_special(
    out: &mut String,
    mut y: f64,
    victory: Vec<String>,
    special: Vec<String>,
) -> f64 {
    let (x, w) = (RIGHT_X, RIGHT_W);
    for (title, texts, numbered) in [
        ("Victory conditions", victory, true),
        ("Special rules", special, false),
    ] {
        if !texts.is_empty() {
            y = heading(out, x, y + SECTION_GAP, w, title);
        }
        for (i, text) in texts.iter().enumerate() {
            let mark = if numbered {
                format!("{}.", i + 1)
            } else {
                "•".into()
            };
            y = item(out, x, y, w, &mark, text) + 4.0;
        }
    }
    y
}

/// The printed text of a condition or rule; the structured reading if nothing was printed,
/// or after the printed text if that breaks off mid-sentence (the OCR'd rules lose the ends
/// of some sentences, e.g. 11.10 and 11.17).
pub(crate) fn printed_or_described(printed: &str, describe: impl FnOnce() -> String) -> String {
    let printed = printed.trim();
    if printed.is_empty() {
        return describe();
    }
    if printed.ends_with(['.', '!', '?', '"', ')', '”']) {
        printed.to_string()
    } else {
        format!("{printed} … [as read: {}]", describe())
    }
}

/// The side that is not `side` (the first, when there are more), which a victory condition's
/// reading names.
pub(crate) fn enemy_of<'s>(s: &'s Scenario, side: &str) -> Option<&'s str> {
    s.sides.iter().find(|o| o.id != side).map(|o| o.id.as_str())
}

/// A side's name from its id (the id itself if no side has it, or "Either side").
pub(crate) fn side_name(s: &Scenario, id: &str) -> String {
    if id == crate::model::victory::EITHER_SIDE {
        return "Either side".into();
    }
    s.side(id)
        .map_or_else(|| id.to_string(), |x| x.name.clone())
}

fn morale_name(m: Morale) -> &'static str {
    match m {
        Morale::High => "high morale",
        Morale::Normal => "normal morale",
        Morale::Demoralized => "demoralized",
    }
}

/// One side: a heading with its counter colour, then a row per group. `overlays` starts at
/// the side's first group. Returns the bottom.
fn forces(out: &mut String, x: f64, top: f64, side: &Side, overlays: &[Overlay]) -> f64 {
    let counter = side_color(side.color);
    let _ = writeln!(
        out,
        r#"<rect x="{x:.1}" y="{:.1}" width="30" height="22" rx="3" fill="{counter}" stroke="{INK}" stroke-width="1"/>"#,
        top + 2.0
    );
    let about = format!(
        "{} counters · {} · {} stacking points",
        side.color.name(),
        morale_name(side.morale),
        side.stacking_points()
    );
    let y = side_heading(out, (x + 40.0, top), 0.5, &side.name, &about);

    // Columns: group (with its zone colour), units and markers, stacking points, entry.
    let cols = [0.0, 62.0, 246.0, 290.0, RIGHT_W];
    let width = |i: usize| cols[i + 1] - cols[i] - 2.0 * TABLE_PAD;
    let rows: Vec<Vec<Vec<String>>> = side
        .groups
        .iter()
        .map(|g| {
            vec![
                vec![format!("({})", g.id)],
                wrap(&unbroken_items(&g.notation()), width(1), TABLE, 0),
                vec![g.stacking_points().to_string()],
                wrap(&entry_text(g), width(3), TABLE, 0),
            ]
        })
        .collect();
    let heads = ["Group", "Units and markers", "SP", "Entry"];
    table(out, (x, y), &cols, &heads, &rows, 26.0, |out, gi, y| {
        if let Some(o) = overlays.get(gi) {
            let at = (x + TABLE_PAD + 11.0, y + TABLE_PAD + TABLE * LEADING * 0.5);
            swatch(out, at, &rgb(o.color));
        }
    })
}

/// A side's name at `(x, top)` (at most `name_w` of the right column wide), then `about` in
/// small type after it (both games' cards); returns where its table starts.
pub(crate) fn side_heading(
    out: &mut String,
    (x, top): (f64, f64),
    name_w: f64,
    name: &str,
    about: &str,
) -> f64 {
    let name = wrap(name, RIGHT_W * name_w, HEADING, 1).remove(0);
    let _ = writeln!(
        out,
        r#"<text x="{x:.1}" y="{:.1}" font-size="{HEADING}" fill="{INK}">{}</text>"#,
        top + HEADING * 0.9,
        xml(&name)
    );
    let about_x = x + text_width(&name, HEADING) + 12.0;
    let about = wrap(about, RIGHT_X + RIGHT_W - about_x, SMALL, 1).remove(0);
    let _ = writeln!(
        out,
        r#"<text x="{about_x:.1}" y="{:.1}" font-size="{SMALL}" fill="{MUTED}">{}</text>"#,
        top + HEADING * 0.9,
        xml(&about)
    );
    top + HEADING * LEADING + 6.0
}

/// The space between a table cell's edge and its text.
pub(crate) const TABLE_PAD: f64 = 5.0;

/// A table of the right column at `(x, y)`: a header row of `heads` over columns starting at
/// `cols` (the last, the table's width), then each row's cells (each cell's lines), striped and
/// ruled, a row's first cell indented `indent` after `mark(out, row, y)` drew there (a
/// zone's swatch). Both games' rosters. Returns the bottom.
pub(crate) fn table(
    out: &mut String,
    (x, mut y): (f64, f64),
    cols: &[f64],
    heads: &[&str],
    rows: &[Vec<Vec<String>>],
    indent: f64,
    mut mark: impl FnMut(&mut String, usize, f64),
) -> f64 {
    let line = TABLE * LEADING;
    let pad = TABLE_PAD;
    let _ = writeln!(
        out,
        r#"<rect x="{x:.1}" y="{y:.1}" width="{RIGHT_W:.1}" height="{:.1}" fill="{TABLE_HEAD}"/>"#,
        line + 2.0 * pad
    );
    for (i, head) in heads.iter().enumerate() {
        text_lines(
            out,
            x + cols[i] + pad,
            y + pad,
            &[head.to_string()],
            TABLE,
            MUTED,
        );
    }
    y += line + 2.0 * pad;
    for (ri, cells) in rows.iter().enumerate() {
        let lines = cells.iter().map(Vec::len).max().unwrap_or(1) as f64;
        let h = lines * line + 2.0 * pad;
        if ri % 2 == 1 {
            let _ = writeln!(
                out,
                r#"<rect x="{x:.1}" y="{y:.1}" width="{RIGHT_W:.1}" height="{h:.1}" fill="{TABLE_STRIPE}"/>"#
            );
        }
        mark(out, ri, y);
        for (i, cell) in cells.iter().enumerate() {
            let indent = if i == 0 { indent } else { 0.0 };
            text_lines(out, x + cols[i] + pad + indent, y + pad, cell, TABLE, INK);
        }
        y += h;
        let _ = writeln!(
            out,
            r#"<path d="M{x:.1} {y:.1}h{RIGHT_W:.1}" stroke="{RULE}" stroke-width="1"/>"#
        );
    }
    y
}

/// An order of battle (`6 LB; 4 CY`) that wraps only between its items.
fn unbroken_items(notation: &str) -> String {
    notation
        .replace(' ', NBSP)
        .replace(&format!(";{NBSP}"), "; ")
}

/// A space that does not break a line.
pub(crate) const NBSP: &str = "\u{a0}";

/// Rows of the map key, in two columns.
const KEY_ROW: f64 = 30.0;
/// Further lines of a map-key row.
const KEY_LINE: f64 = 19.0;

/// The rows of each column of the map key.
fn map_key_columns(
    map: &Map,
    rules: &Ruleset,
) -> [Vec<(crate::output::render::legend::Swatch, Vec<String>)>; 2] {
    let mut first = map_key_rows(map, rules);
    let second = first.split_off(first.len().div_ceil(2));
    [first, second]
}

/// Height of the map key, heading included.
pub(crate) fn map_key_height(map: &Map, rules: &Ruleset) -> f64 {
    let column = |rows: &[(crate::output::render::legend::Swatch, Vec<String>)]| {
        rows.iter()
            .map(|(_, lines)| KEY_ROW + KEY_LINE * (lines.len() - 1) as f64)
            .sum::<f64>()
    };
    let [a, b] = map_key_columns(map, rules);
    HEADING * 0.9 + 15.0 + column(&a).max(column(&b))
}

/// The map key (terrain, hexsides, roads, features) in two columns from `top`, in the column
/// from `x0`, `width` wide.
pub(crate) fn draw_map_key(
    out: &mut String,
    map: &Map,
    rules: &Ruleset,
    (x0, width): (f64, f64),
    top: f64,
) {
    let y0 = heading(out, x0, top, width, "Map key");
    let col_w = width / 2.0;
    for (k, rows) in map_key_columns(map, rules).iter().enumerate() {
        let x = x0 + col_w * k as f64;
        let mut y = y0;
        for (swatch, lines) in rows {
            let cy = y + KEY_ROW / 2.0;
            draw_swatch(out, swatch, (x + 16.0, cy));
            for (i, line) in lines.iter().enumerate() {
                let line = wrap(line, col_w - 44.0, SMALL, 1).remove(0);
                let _ = writeln!(
                    out,
                    r#"<text x="{:.1}" y="{:.1}" font-size="{SMALL}" fill="{INK}">{}</text>"#,
                    x + 40.0,
                    cy + SMALL * 0.35 + KEY_LINE * i as f64,
                    xml(&line)
                );
            }
            y += KEY_ROW + KEY_LINE * (lines.len() - 1) as f64;
        }
    }
}

/// How a group enters play, in words.
fn entry_text(g: &Group) -> String {
    match &g.entry {
        Entry::Deploy { zone, facing } => {
            let facing = facing
                .map(|f| format!(", facing {}", f.name()))
                .unwrap_or_default();
            format!("deploys: {}{facing}", zone.describe())
        }
        Entry::Arrive { turn, at } => format!("arrives Game-Turn {turn} at {}", at.describe()),
    }
}

/// A section heading over a rule; returns where the section's text starts.
pub(crate) fn heading(out: &mut String, x: f64, top: f64, w: f64, text: &str) -> f64 {
    let base = top + HEADING * 0.9;
    let _ = writeln!(
        out,
        r#"<text x="{x:.1}" y="{base:.1}" font-size="{HEADING}" fill="{INK}" letter-spacing="0.5">{}</text>"#,
        xml(text)
    );
    let rule = base + 7.0;
    let _ = writeln!(
        out,
        r#"<path d="M{x:.1} {rule:.1}h{w:.1}" stroke="{RULE}" stroke-width="1"/>"#
    );
    rule + 8.0
}

/// A wrapped paragraph; returns its bottom.
pub(crate) fn paragraph(
    out: &mut String,
    x: f64,
    top: f64,
    w: f64,
    text: &str,
    size: f64,
    fill: &str,
) -> f64 {
    let lines = wrap(text, w, size, 0);
    text_lines(out, x, top, &lines, size, fill)
}

/// A numbered or bulleted paragraph with a hanging indent; returns its bottom.
fn item(out: &mut String, x: f64, top: f64, w: f64, mark: &str, text: &str) -> f64 {
    let indent = 28.0;
    text_lines(out, x, top, &[mark.to_string()], BODY, MUTED);
    paragraph(out, x + indent, top, w - indent, text, BODY, INK)
}

/// Lines of text from `top` down; returns the bottom.
fn text_lines(out: &mut String, x: f64, top: f64, lines: &[String], size: f64, fill: &str) -> f64 {
    let line = size * LEADING;
    for (i, l) in lines.iter().enumerate() {
        // The baseline sits at about the ascent below the top of each line.
        let base = top + size * 0.95 + line * i as f64;
        let _ = writeln!(
            out,
            r#"<text x="{x:.1}" y="{base:.1}" font-size="{size}" fill="{fill}" xml:space="preserve">{}</text>"#,
            xml(l)
        );
    }
    top + line * lines.len() as f64
}

/// A zone's swatch: a small hexagon in the zone's colour, as the map draws it.
fn swatch(out: &mut String, centre: (f64, f64), color: &str) {
    let d = hexagon_path(centre, 10.0);
    let _ = writeln!(
        out,
        r#"<path d="{d}" fill="{color}" fill-opacity="0.33" stroke="{color}" stroke-width="2.5"/>"#
    );
}

/// Widths of the printable ASCII characters `!` to `~` in Ubuntu Light, in hundredths of an
/// em: measured with the embedded font and rounded up by a little, so that estimates err wide.
const ASCII_WIDTHS: [u8; 94] = [
    30, 42, 68, 59, 86, 67, 26, 33, 33, 50, 59, 27, 31, 27, 38, 59, // ! to 0
    59, 59, 59, 59, 59, 59, 59, 59, 59, 27, 27, 59, 59, 59, 40, 96, // 1 to @
    70, 65, 62, 73, 58, 54, 68, 72, 27, 51, 62, 53, 89, 73, 80, 62, // A to P
    80, 64, 54, 60, 70, 68, 96, 65, 63, 59, 33, 38, 33, 59, 51, 40, // Q to `
    53, 61, 48, 61, 57, 40, 60, 59, 26, 27, 52, 28, 89, 59, 61, 61, // a to p
    61, 40, 45, 41, 59, 52, 82, 54, 51, 48, 34, 29, 34, 59, // q to ~
];

/// The advance of a character in Ubuntu Light, in ems, rounded up (see [`ASCII_WIDTHS`]);
/// other characters get the width of the widest letters.
fn char_width(ch: char) -> f64 {
    match ch {
        ' ' | '\u{a0}' => 0.25,
        '!'..='~' => f64::from(ASCII_WIDTHS[ch as usize - '!' as usize]) / 100.0,
        '·' | '’' | '‘' => 0.3,
        '–' => 0.52,
        '—' | '…' => 1.02,
        _ => 0.9,
    }
}

/// The estimated width of `text` at `size`.
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().map(char_width).sum::<f64>() * size
}

/// Break `text` into lines no wider than `width` at `size`, at spaces where possible (a word
/// too long for a line is cut). With `max_lines` > 0, stop there and end the last line with an
/// ellipsis if text was left out.
pub(crate) fn wrap(text: &str, width: f64, size: f64, max_lines: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    // Split at spaces that may break: not at no-break spaces.
    for word in text
        .split(|c: char| c.is_whitespace() && c != '\u{a0}')
        .filter(|w| !w.is_empty())
    {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if text_width(&candidate, size) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // A word wider than the line is cut wherever it reaches the edge.
        for ch in word.chars() {
            if !line.is_empty() && text_width(&format!("{line}{ch}"), size) > width {
                lines.push(std::mem::take(&mut line));
            }
            line.push(ch);
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    if max_lines > 0 && lines.len() > max_lines {
        lines.truncate(max_lines);
        let last = lines.last_mut().expect("max_lines > 0");
        // Make room for the ellipsis, preferably at a word break.
        while !last.is_empty() && text_width(&format!("{last} …"), size) > width {
            match last.rfind(' ') {
                Some(i) if i > 0 => last.truncate(i),
                _ => {
                    last.pop();
                }
            }
        }
        let trimmed = last.trim_end_matches([',', ';', ':', '.', ' ']).to_string();
        *last = format!("{trimmed} …");
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::compile_scenario;
    use crate::pipeline::maps::MapRegistry;
    use crate::pipeline::read::Source;
    use resvg::usvg;

    fn compiled(file: &str, text: &str) -> Compiled {
        let src = Source::from_text(file, text);
        let (c, diags) = compile_scenario(&src, &MapRegistry::new());
        c.unwrap_or_else(|| panic!("{file} compiles: {diags:?}"))
    }

    fn little_round_top() -> Compiled {
        compiled(
            "scenarios/07-gettysburg-little-round-top.ron",
            include_str!("../../../scenarios/07-gettysburg-little-round-top.ron"),
        )
    }

    fn south_africa() -> Compiled {
        compiled(
            "scenarios/17-south-africa.ron",
            include_str!("../../../scenarios/17-south-africa.ron"),
        )
    }

    /// Every text element of an SVG, with its bounding box on the page.
    fn texts(svg: &str) -> Vec<(String, usvg::Rect)> {
        let opt = usvg::Options {
            fontdb: crate::output::render::fonts(),
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_str(svg, &opt).expect("the card parses");
        let mut out = Vec::new();
        fn walk(g: &usvg::Group, out: &mut Vec<(String, usvg::Rect)>) {
            for n in g.children() {
                match n {
                    usvg::Node::Group(g) => walk(g, out),
                    usvg::Node::Text(t) => {
                        let s: String = t.chunks().iter().map(|c| c.text()).collect();
                        out.push((s, t.abs_bounding_box()));
                    }
                    _ => {}
                }
            }
        }
        walk(tree.root(), &mut out);
        out
    }

    /// The words of the card's text, joined with single spaces, for looking up wrapped text.
    fn flat(texts: &[(String, usvg::Rect)]) -> String {
        texts
            .iter()
            .map(|(t, _)| t.as_str())
            .collect::<Vec<_>>()
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn assert_card_says_everything(c: &Compiled) {
        let svg = card_svg(c);
        let texts = texts(&svg);
        let all = flat(&texts);
        let s = &c.scenario;
        for side in &s.sides {
            assert!(all.contains(&side.name), "{}", side.name);
            for g in &side.groups {
                assert!(all.contains(&g.notation()), "{}", g.notation());
            }
        }
        for v in &s.victory {
            let printed = v.printed.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(all.contains(&printed), "{printed}");
        }
        for r in &s.special_rules {
            let printed = r.printed.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(all.contains(&printed), "{printed}");
        }
        assert!(all.contains(s.rule.as_deref().unwrap_or_default()));
        assert!(all.contains(&s.date));
    }

    #[test]
    fn the_card_says_sides_forces_victory_and_special_rules() {
        assert_card_says_everything(&little_round_top());
        assert_card_says_everything(&south_africa());
        let all = flat(&texts(&card_svg(&little_round_top())));
        for needle in [
            "Deploys first: Union. Moves first: Union. Game length: 20 Game-Turns.",
            "deploys: 12 hexes or more to the north-east of H26",
            "blue counters · normal morale · 63 stacking points",
            "Union deployment (",
            "Map key",
            "Ridge hexside: +1 MP, blocks sight",
        ] {
            assert!(all.contains(needle), "{needle} in {all}");
        }
    }

    #[test]
    fn a_printed_text_that_breaks_off_is_completed_by_its_reading() {
        let all = flat(&texts(&card_svg(&south_africa())));
        assert!(
            all.contains(
                "without losing more units than … [as read: British must exit every one of the \
                 Limber markers via where the South road enters the map by Game-Turn 7, and \
                 lose no more units than the enemy: victory to British if achieved, otherwise \
                 to Boers.]"
            ),
            "{all}"
        );
        // Finished sentences are printed alone.
        assert!(!all.contains("Treat all villages as clear terrain. … [as read"));
    }

    #[test]
    fn one_printed_rule_recorded_twice_is_printed_once() {
        // 11.17 once recorded its crossing sentence as two effects; a file may still do so.
        let mut c = south_africa();
        let crossing = c.scenario.special_rules[1].clone();
        c.scenario.special_rules.insert(2, crossing);
        let svg = card_svg(&c);
        assert_eq!(
            svg.matches("Limbers must cross the river at B14").count(),
            1
        );
    }

    #[test]
    fn structured_conditions_without_printed_text_are_described() {
        let mut c = little_round_top();
        c.scenario.victory[0].printed.clear();
        c.scenario.special_rules[0].printed.clear();
        let all = flat(&texts(&card_svg(&c)));
        assert!(
            all.contains(
                "Either side must hold all of H26 for 2 consecutive Game-Turns: victory to \
                 whichever side achieves it."
            ),
            "{all}"
        );
        assert!(
            all.contains("Treat R3 or F16 or J34 or B14 or B15 or H27 as clear terrain."),
            "{all}"
        );
    }

    /// A name with NUL, BEL or ESC still makes a card that is XML (shown as `\u{..}` text).
    #[test]
    fn control_characters_make_valid_xml() {
        let mut c = little_round_top();
        c.scenario.sides[0].name = "Union\u{0}\u{7}".into();
        c.scenario.name = "Gettysburg \u{1b}]0;x\u{7}".into();
        let svg = card_svg(&c);
        roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("not XML: {e}"));
        assert!(svg.contains("Gettysburg \\u{1b}]0;x\\u{7}"));
    }

    #[test]
    fn xml_special_characters_are_escaped() {
        let mut c = little_round_top();
        c.scenario.sides[0].name = "Union <& \"Friends\">".into();
        c.scenario.name = "Gettysburg & 'Round Top' <2>".into();
        let svg = card_svg(&c);
        assert!(svg.contains("Union &lt;&amp; &quot;Friends&quot;&gt;"));
        assert!(!svg.contains("<&"));
        let all = flat(&texts(&svg));
        assert!(all.contains("Union <& \"Friends\">"), "{all}");
        assert!(all.contains("Gettysburg & 'Round Top' <2>"), "{all}");
    }

    #[test]
    fn text_stays_inside_its_column_and_on_the_page() {
        let mut c = south_africa();
        // Long notes, a long unbreakable word, and long rules.
        c.scenario.notes = "Long notes. ".repeat(400) + &"X".repeat(300);
        c.scenario.special_rules[0].printed = "A very long special rule, ".repeat(60);
        c.scenario.sides[1].name = "W".repeat(80);
        let svg = card_svg(&c);
        let texts = texts(&svg);
        let page_h: f64 = svg
            .split("height=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .and_then(|h| h.parse().ok())
            .expect("page height");
        for (t, b) in &texts {
            let (l, r) = (f64::from(b.left()), f64::from(b.right()));
            let column = if l < RIGHT_X - GAP / 2.0 {
                (MARGIN, MARGIN + LEFT_W)
            } else {
                (RIGHT_X, RIGHT_X + RIGHT_W)
            };
            let footer = t.starts_with("Rifle & Saber (SPI") || f64::from(b.top()) < BODY_TOP;
            let (lo, hi) = if footer {
                (MARGIN, PAGE_WIDTH - MARGIN)
            } else {
                column
            };
            assert!(l >= lo - 1.0 && r <= hi + 1.0, "{t:?} runs from {l} to {r}");
            assert!(f64::from(b.bottom()) <= page_h, "{t:?} is below the page");
        }
        // The notes were cut short, politely.
        let notes: Vec<_> = texts.iter().filter(|(t, _)| t.contains("notes.")).collect();
        assert!(!notes.is_empty() && notes.len() <= NOTES_MAX_LINES);
        assert!(notes.last().expect("notes").0.ends_with(" …"));
        // The long rule was not cut: the page grew to hold it.
        let rule = flat(&texts);
        assert_eq!(rule.matches("A very long special rule").count(), 60);
    }

    #[test]
    fn wrapping_breaks_at_spaces_and_cuts_long_words() {
        let lines = wrap(
            "one two three four five six",
            text_width("one two", 20.0),
            20.0,
            0,
        );
        assert_eq!(lines, ["one two", "three", "four", "five six"]);
        let lines = wrap(&"x".repeat(30), text_width("xxxxxxxxxx", 10.0), 10.0, 0);
        assert_eq!(lines.len(), 3);
        assert!(lines.iter().all(|l| l.len() == 10));
        let lines = wrap(
            "alpha beta gamma delta epsilon",
            text_width("alpha beta", 10.0),
            10.0,
            2,
        );
        assert_eq!(lines, ["alpha beta", "gamma …"]);
        assert_eq!(wrap("", 100.0, 10.0, 0), [""]);
    }

    #[test]
    fn the_width_estimate_errs_wide_but_not_by_much() {
        // Measured with the embedded font: the estimate is at least the ink width, and
        // within a quarter of it, on text like the cards'.
        for sample in [
            "Whoever holds all of H26 for any two consecutive Game-Turns wins.",
            "deploys: 12 hexes or more to the north-east of H26",
            "6 LB; 4 CY; 1 BAh; 4 Limber",
            "MMMMWWWW mmmmwwww iiiilll 0123456789",
            "THE UNION PLAYER DEPLOYS FIRST",
        ] {
            let svg = format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="100"><text x="0" y="50" font-family="{SANS}" font-size="20">{}</text></svg>"#,
                xml(sample)
            );
            let (_, b) = texts(&svg).remove(0);
            let real = f64::from(b.width());
            let est = text_width(sample, 20.0);
            assert!(est >= real, "{sample}: estimate {est} < real {real}");
            assert!(est <= real * 1.25, "{sample}: estimate {est} ≫ real {real}");
        }
    }

    #[test]
    fn png_renders() {
        let png = card_png(&little_round_top(), 700).expect("png");
        let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).expect("decodes");
        assert_eq!(pixmap.width(), 700);
        assert_eq!(pixmap.height(), (700.0 * PAGE_HEIGHT / PAGE_WIDTH) as u32);
    }
}
