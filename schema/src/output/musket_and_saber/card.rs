//! The printable card of a Musket & Saber Quick Play scenario, on the page of the Rifle & Saber
//! card: the map with each side's set-up (the `w/1` rings) and entry hexes, the turns, a roster
//! per side (one row a counter: class, both faces, how it enters play), the victory conditions,
//! the special rules, the notes and the map key from the map's own chart.

use crate::analysis::counted;
use crate::model::hex::{Coord, Grid};
use crate::model::musket_and_saber::{Cf, Face};
use crate::output::card::*;
use crate::output::musket_and_saber::colours::{ms_entry_color, ms_side_color};
use crate::output::musket_and_saber::export::{MsExportCounter, MsExportSide, game_turns, sides};
use crate::output::overlays::Overlay;
use crate::output::render::{INK, RenderError, svg_to_png};
use crate::pipeline::musket_and_saber::MsCompiled;

/// The card of an M&S scenario as one self-contained SVG page.
pub fn ms_card_svg(c: &MsCompiled) -> String {
    let s = &c.scenario;
    let map = c.map.lower();
    let rules = map.rules();
    let overlays = ms_scenario_overlays(c);
    let mut left = String::new();
    let map_bottom = draw_framed_map(&mut left, &map, &overlays);
    let legend_end = overlay_rows(
        &mut left,
        overlays.chunks(2),
        map_bottom + 14.0,
        (2, 11.0, 28.0, 6.0),
    );
    // The map key (the game's own chart, which no rules text prints) under the map, always.
    let key_top = legend_end + SECTION_GAP * 0.5;
    draw_map_key(&mut left, &map, rules, (MARGIN, LEFT_W), key_top);
    let left_end = key_top + map_key_height(&map, rules);
    let mut right = String::new();
    let right_end = draw_ms_right(&mut right, c);
    let height = PAGE_HEIGHT.max(right_end.max(left_end) + MARGIN + SMALL * 2.0);
    let foot = height - MARGIN;
    draw_notes(&mut left, &s.notes, left_end, foot - SMALL * 3.0);

    let sub = subtitle(&s.date, rules.name, &c.map.name);
    let foot_line = format!(
        "{} · scenario card of `{}`, made by saberc · source: {}",
        rules.name, s.id, s.source
    );
    page(height, [&s.name, &sub], [&left, &right], &foot_line)
}

/// The card of an M&S scenario as a PNG, `width_px` wide.
pub fn ms_card_png(c: &MsCompiled, width_px: u32) -> Result<Vec<u8>, RenderError> {
    svg_to_png(&ms_card_svg(c), width_px)
}

/// Turns, rosters, victory conditions and special rules; returns the bottom.
fn draw_ms_right(out: &mut String, c: &MsCompiled) -> f64 {
    let s = &c.scenario;
    let (x, w) = (RIGHT_X, RIGHT_W);
    let name = |id: &str| {
        if id == crate::model::victory::EITHER_SIDE {
            return "Either side".to_string();
        }
        s.sides
            .iter()
            .find(|sd| sd.id == id)
            .map_or_else(|| id.to_string(), |sd| sd.name.clone())
    };
    let turns = game_turns(c);
    // A checked scenario's lines always resolve (a reinforcement off the game is TRN002).
    let sides = sides(c, &turns).unwrap_or_default();
    let mut y = BODY_TOP;
    y = heading(out, x, y, w, "Turns");
    let span = match (turns.first(), turns.last()) {
        (Some(a), Some(b)) if a != b => format!(", {a} to {b}"),
        (Some(a), _) => format!(", {a}"),
        _ => String::new(),
    };
    let text = format!(
        "First Player: {}. Game length: {}{span}.",
        name(&s.first_player),
        counted(s.game_length, "turn", "turns")
    );
    y = paragraph(out, x, y, w, &text, BODY, INK);

    for side in &sides {
        y = roster(out, x, y + SECTION_GAP, side, c.map.grid());
    }

    let victory = (s.victory.iter())
        .map(|v| printed_or_described(&v.printed, || s.describe_victory(v)))
        .collect();
    let special = (s.special_rules.iter())
        .map(|r| {
            let modifies = r
                .modifies
                .as_deref()
                .map(|m| format!(" (modifies {m})"))
                .unwrap_or_default();
            format!("{}{modifies}: {}", r.title, r.text)
        })
        .collect();
    victory_and_special(out, y, victory, special)
}

/// The line under the title: the date (when the scenario gives one), the game, the map.
fn subtitle(date: &str, game: &str, map: &str) -> String {
    let card = format!("{game} scenario card · map: {map}");
    match date.trim() {
        "" => card,
        date => format!("{date} · {card}"),
    }
}

/// One side's roster: a row per counter with its class, both faces and how it enters play.
fn roster(out: &mut String, x: f64, top: f64, side: &MsExportSide, grid: Grid) -> f64 {
    let mut about = counted(side.counters.len(), "counter", "counters");
    if let Some(colour) = &side.colour {
        about.push_str(&format!(" · {colour}"));
    }
    if let Some(n) = side.replacement_steps {
        let steps = counted(n, "replacement step", "replacement steps");
        about.push_str(&format!(" · {steps}"));
    }
    let y = side_heading(out, (x, top), 0.55, &side.name, &about);
    let cols = [0.0, 104.0, 190.0, 340.0, 490.0, RIGHT_W];
    let cell = |i: usize, text: &str| wrap(text, cols[i + 1] - cols[i] - 2.0 * TABLE_PAD, TABLE, 0);
    let rows: Vec<Vec<Vec<String>>> = side
        .counters
        .iter()
        .map(|k| {
            vec![
                cell(0, &k.id),
                cell(1, k.class.code()),
                cell(2, &face_text(&k.front)),
                cell(3, &face_text(&k.back)),
                cell(4, &enters_text(k, grid)),
            ]
        })
        .collect();
    let heads = ["Counter", "Class", "Front", "Back", "Enters"];
    table(out, (x, y), &cols, &heads, &rows, 0.0, |_, _, _| {})
}

/// A face's printed values (2.3, 2.4, 10.0): `CF 2-3 MR 5 MA 5`, a leader's `L 1-2-1`.
fn face_text(f: &Face) -> String {
    let mut parts = Vec::new();
    match f.cf {
        Some(Cf::One(n)) => parts.push(format!("CF{NBSP}{n}")),
        Some(Cf::AttackDefense(a, d)) => parts.push(format!("CF{NBSP}{a}-{d}")),
        None => {}
    }
    for (name, v) in [("MR", f.mr), ("MA", f.ma), ("R", f.range), ("Ch", f.charge)] {
        if let Some(v) = v {
            parts.push(format!("{name}{NBSP}{v}"));
        }
    }
    if let Some(l) = f.leader {
        parts.push(format!("L{NBSP}{}-{}-{}", l.movement, l.combat, l.morale));
    }
    if parts.is_empty() {
        "–".to_string()
    } else {
        parts.join(" ")
    }
}

/// How a counter enters play: its set-up hex (`w/1` and where the scenario places it), or its
/// reinforcement turn and entry hex.
fn enters_text(k: &MsExportCounter, grid: Grid) -> String {
    let label = |[col, row]: [i32; 2]| grid.label(Coord(col, row));
    if let Some(s) = &k.setup {
        return match (s.w1, s.hex) {
            (false, _) => label(s.at),
            (true, Some(h)) if h == s.at => format!("{} w/1", label(s.at)),
            (true, Some(h)) => format!("{} w/1: {}", label(s.at), label(h)),
            (true, None) => format!("{} w/1", label(s.at)),
        };
    }
    if let Some(a) = &k.arrival {
        return format!("{} at {}", a.turn, label(a.at));
    }
    "–".to_string()
}

/// A Musket & Saber scenario over its map: per side, its set-up (the line hexes, and the ring
/// of hexes a `w/1` line allows, 3.2) with each counter's ID on the hex it stands on, then its
/// entry hexes (4.5, 7.7) with each reinforcement line's turn and IDs on its entry hex. Where a
/// counter stands is the engine export's reading of the scenario ([`sides`]), so the
/// drawing and the export never disagree; a `w/1` unit the `placements` do not place is drawn
/// on its line's hex, marked `w/1`.
pub fn ms_scenario_overlays(c: &MsCompiled) -> Vec<Overlay> {
    // A checked scenario's lines always resolve (a reinforcement off the game is TRN002).
    let sides = sides(c, &game_turns(c)).unwrap_or_default();
    let g = c.map.grid();
    let coord = |[col, row]: [i32; 2]| Coord(col, row);
    let mut out = Vec::new();
    for (si, side) in sides.iter().enumerate() {
        let mut hexes: Vec<Coord> = Vec::new();
        let mut counters: Vec<(Coord, String)> = Vec::new();
        // What stands on a hex, `, `-separated.
        let add = |list: &mut Vec<(Coord, String)>, at: Coord, text: String| match list
            .iter_mut()
            .find(|(h, _)| *h == at)
        {
            Some((_, l)) => l.extend([", ", &text]),
            None => list.push((at, text)),
        };
        for k in &side.counters {
            let Some(s) = &k.setup else { continue };
            hexes.extend(s.allowed.iter().copied().map(coord));
            match s.hex {
                Some(h) => add(&mut counters, coord(h), k.id.clone()),
                None => add(&mut counters, coord(s.at), format!("{} w/1", k.id)),
            }
        }
        hexes.sort_unstable_by_key(|c| (c.row(), c.col()));
        hexes.dedup();
        // A side that sets nothing up (all its counters arrive) has no set-up to list.
        if !hexes.is_empty() {
            out.push(Overlay {
                name: format!("{} set-up", side.name),
                color: ms_side_color(side.colour.as_deref(), si),
                hexes,
                // Said only where it applies: a side with no `w/1` line has nothing to explain
                // (issue 37 §4).
                note: side
                    .counters
                    .iter()
                    .any(|k| k.setup.as_ref().is_some_and(|s| s.w1))
                    .then(|| "w/1: the line's hex or one adjacent (3.2)".to_string()),
                counters,
            });
        }

        let mut entry: Vec<Coord> = side.entry_hexes.iter().copied().map(coord).collect();
        let mut arrivals = Vec::new();
        for k in &side.counters {
            let Some(a) = &k.arrival else { continue };
            entry.push(coord(a.at));
            let text = format!("{}: {}", a.turn, k.id);
            add(&mut arrivals, coord(a.at), text);
        }
        entry.retain(|h| g.contains(*h));
        entry.sort_unstable_by_key(|c| (c.row(), c.col()));
        entry.dedup();
        if !entry.is_empty() {
            out.push(Overlay {
                name: format!("{} entry hexes", side.name),
                // The side's own colour, darker than its set-up (issue 37 §16: they were drawn
                // in the palette's colours, whatever the side's).
                color: ms_entry_color(side.colour.as_deref(), si),
                hexes: entry,
                note: None,
                counters: arrivals,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::musket_and_saber::{MsMapFile, MsScenario};
    use crate::pipeline::maps::MapOrigin;
    use crate::pipeline::read::Source;

    /// A scenario without a date has no stray "· " before the game's name, and a side of one
    /// counter says "1 counter" (seen on a card made in the editor: "· Musket & Saber…",
    /// "1 counters").
    #[test]
    fn the_subtitle_and_a_sides_count_read_as_words() {
        assert_eq!(
            subtitle("", "Musket & Saber Quick Play", "Test Ridge"),
            "Musket & Saber Quick Play scenario card · map: Test Ridge"
        );
        assert_eq!(
            subtitle("an invented morning", "M&S", "Millbrook"),
            "an invented morning · M&S scenario card · map: Millbrook"
        );
        assert_eq!(counted(1, "counter", "counters"), "1 counter");
        assert_eq!(counted(2, "counter", "counters"), "2 counters");
    }

    fn example(path: &str) -> Source {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/examples/musket-and-saber")
            .join(path);
        Source::read(&path).expect("the example reads")
    }

    /// A side that sets nothing up has no "set-up (0 hexes)" in the card's legend (issue 37):
    /// the example with the south's set-up lines and placements taken away.
    #[test]
    fn a_side_with_no_set_up_lists_no_set_up() {
        let map: MsMapFile =
            crate::pipeline::parse::parse(&example("maps/millbrook-invented.ron")).expect("map");
        let mut s: MsScenario =
            crate::pipeline::parse::parse(&example("millbrook.ron")).expect("scenario");
        let names = |s: &MsScenario| -> Vec<String> {
            let c = MsCompiled::new(s, &map, MapOrigin::BuiltIn(map.id.clone()));
            ms_scenario_overlays(&c)
                .into_iter()
                .filter(|o| o.name.ends_with("set-up"))
                .map(|o| format!("{} ({} hexes)", o.name, o.hexes.len()))
                .collect()
        };
        assert_eq!(names(&s).len(), 2, "{:?}", names(&s));
        s.setup.retain(|l| l.side != "south");
        s.placements.retain(|p| p.side != "south");
        assert_eq!(names(&s).len(), 1, "{:?}", names(&s));
        assert!(
            names(&s)[0].starts_with("Army of the North"),
            "{:?}",
            names(&s)
        );
    }

    /// An M&S side's entry hexes are drawn in its own colour, darker (issue 37 §16): the
    /// example's sides are "light blue" (#6fa8dc) and "grey" (#7d7d7d), each at 7/10.
    #[test]
    fn entry_hexes_are_drawn_in_the_sides_colour() {
        let map: MsMapFile =
            crate::pipeline::parse::parse(&example("maps/millbrook-invented.ron")).expect("map");
        let s: MsScenario =
            crate::pipeline::parse::parse(&example("millbrook.ron")).expect("scenario");
        let c = MsCompiled::new(&s, &map, MapOrigin::BuiltIn(map.id.clone()));
        let entries: Vec<(String, [u8; 3])> = ms_scenario_overlays(&c)
            .into_iter()
            .filter(|o| o.name.ends_with("entry hexes"))
            .map(|o| (o.name, o.color))
            .collect();
        assert!(!entries.is_empty());
        for (name, color) in entries {
            let want = if name.contains("North") {
                [77, 117, 154]
            } else {
                [87, 87, 87]
            };
            assert_eq!(color, want, "{name}");
        }
    }
}
