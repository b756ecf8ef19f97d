//! Overlays: sets of hexes drawn over a map (a scenario's zones), with their colours and legend
//! text.

use crate::model::counter::Counter;
use crate::model::hex::Coord;
use crate::model::scenario::Entry;
use crate::output::export::musket_and_saber as ms_export;
use crate::output::palette;
use crate::pipeline::Compiled;
use crate::pipeline::musket_and_saber::MsCompiled;

/// A set of hexes drawn over the map as a translucent fill with an outline and a legend entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overlay {
    /// Legend text ("French (a) deployment").
    pub name: String,
    /// Fill and outline colour, RGB.
    pub color: [u8; 3],
    /// The hexes.
    pub hexes: Vec<Coord>,
    /// What the hexes mean when that needs saying: a zone measured from the enemy shows the
    /// hexes legal whatever the enemy chooses ("legal for every Spanish set-up").
    pub note: Option<String>,
    /// Counters placed at set-up in the zone (the scenario's `setup`), drawn as counters in the
    /// overlay's colour: a hex and what stands there (`2 MZ, MA`).
    pub counters: Vec<(Coord, String)>,
}

/// Distinct overlay colours, to hand out in turn to a scenario's zones.
pub const OVERLAY_COLORS: [[u8; 3]; 8] = [
    [214, 39, 40],
    [31, 119, 180],
    [148, 52, 180],
    [255, 127, 14],
    [23, 160, 150],
    [227, 60, 160],
    [90, 90, 90],
    [188, 160, 20],
];

/// The colour a Musket & Saber side is drawn in: the colour its `colour` words name (2.3),
/// else the `i`-th overlay colour (issue 37 §16: "blue" was drawn red). The editor and the
/// card both ask it.
pub fn ms_side_color(colour: Option<&str>, i: usize) -> [u8; 3] {
    colour
        .and_then(palette::named_colour)
        .unwrap_or_else(|| overlay_color(i))
}

/// The colour a Musket & Saber side's entry hexes are drawn in: its own colour
/// ([`ms_side_color`]), darker than its set-up (the plates' light text stays readable on it).
/// The editor and the card both ask it.
pub fn ms_entry_color(colour: Option<&str>, i: usize) -> [u8; 3] {
    ms_side_color(colour, i).map(|v| (v as u16 * 7 / 10) as u8)
}

/// The `i`-th overlay colour, cycling through [`OVERLAY_COLORS`].
pub fn overlay_color(i: usize) -> [u8; 3] {
    OVERLAY_COLORS[i % OVERLAY_COLORS.len()]
}

/// How a group enters, in a legend's or a layer's words: `deployment`, `arrival on Game-Turn 3`.
pub fn entry_words(entry: &Entry) -> String {
    match entry {
        // Nouns, not verbs: a side's name may be plural ("Austrians"), and "Austrians deploys"
        // was wrong (issue 37 §17).
        Entry::Deploy { .. } => "deployment".to_string(),
        Entry::Arrive { turn, .. } => format!("arrival on Game-Turn {turn}"),
    }
}

/// One overlay per group: red shades for the red side, blue for the blue side.
pub fn scenario_overlays(c: &Compiled) -> Vec<Overlay> {
    let mut out = Vec::new();
    for (si, side) in c.scenario.sides.iter().enumerate() {
        for (gi, g) in side.groups.iter().enumerate() {
            let base = palette::rgb(palette::side_color(side.color));
            // Later groups of a side in lighter shades.
            let k = gi as u16 * 40;
            let color = base.map(|v| (v as u16 + k).min(235) as u8);
            let what = entry_words(&g.entry);
            let label = if side.groups.len() > 1 {
                format!("{} ({}) {what}", side.name, g.id)
            } else {
                format!("{} {what}", side.name)
            };
            out.push(Overlay {
                name: label,
                color,
                hexes: c.resolved.groups[si][gi].hexes.iter().collect(),
                note: enemy_note(c, si, gi),
                counters: placed(c, &side.id, &g.id),
            });
        }
    }
    out
}

/// The counters a group places at set-up, by hex in file order: `2 MZ, MA`.
fn placed(c: &Compiled, side: &str, group: &str) -> Vec<(Coord, String)> {
    let mut by_hex: Vec<(Coord, Vec<(Counter, u32)>)> = Vec::new();
    for p in c
        .scenario
        .setup
        .iter()
        .filter(|p| p.side == side && p.group == group)
    {
        let i = match by_hex.iter().position(|(h, _)| *h == p.at) {
            Some(i) => i,
            None => {
                by_hex.push((p.at, Vec::new()));
                by_hex.len() - 1
            }
        };
        let list = &mut by_hex[i].1;
        match list.iter_mut().find(|(k, _)| *k == p.counter) {
            Some((_, n)) => *n += 1,
            None => list.push((p.counter, 1)),
        }
    }
    by_hex
        .into_iter()
        .map(|(h, list)| {
            let text = list
                .iter()
                .map(|(k, n)| {
                    let code = match k {
                        Counter::Unit(u) => u.code().to_string(),
                        Counter::Marker(m) => m.code().to_string(),
                    };
                    if *n > 1 { format!("{n} {code}") } else { code }
                })
                .collect::<Vec<_>>()
                .join(", ");
            (h, text)
        })
        .collect()
}

/// For a zone measured from the enemy (11.15, 11.17), what its drawn hexes are: the hexes legal
/// for every set-up the enemy can make, or measured from the enemy's placed units.
fn enemy_note(c: &Compiled, si: usize, gi: usize) -> Option<String> {
    let s = &c.scenario;
    let first = c.resolved.first;
    let zone = s.sides[si].groups[gi].deploy_zone()?;
    if si == first || !zone.refers_to_enemy() {
        return None;
    }
    let enemy = &s.sides.get(first)?.name;
    Some(if c.resolved.groups[si][gi].from_setup {
        format!("measured from the placed {enemy} units")
    } else {
        format!("legal for every {enemy} set-up")
    })
}

/// A Musket & Saber scenario over its map: per side, its set-up (the line hexes, and the ring
/// of hexes a `w/1` line allows, 3.2) with each counter's ID on the hex it stands on, then its
/// entry hexes (4.5, 7.7) with each reinforcement line's turn and IDs on its entry hex. Where a
/// counter stands is the engine export's reading of the scenario ([`ms_export::sides`]), so the
/// drawing and the export never disagree; a `w/1` unit the `placements` do not place is drawn
/// on its line's hex, marked `w/1`.
pub fn ms_scenario_overlays(c: &MsCompiled) -> Vec<Overlay> {
    // A checked scenario's lines always resolve (a reinforcement off the game is TRN002).
    let sides = ms_export::sides(c, &ms_export::game_turns(c)).unwrap_or_default();
    let g = c.map.grid();
    let coord = |[col, row]: [i32; 2]| Coord(col, row);
    let mut out = Vec::new();
    for (si, side) in sides.iter().enumerate() {
        let mut hexes: Vec<Coord> = Vec::new();
        let mut counters: Vec<(Coord, Vec<String>)> = Vec::new();
        let add = |list: &mut Vec<(Coord, Vec<String>)>, at: Coord, text: String| match list
            .iter_mut()
            .find(|(h, _)| *h == at)
        {
            Some((_, l)) => l.push(text),
            None => list.push((at, vec![text])),
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
                counters: counters
                    .into_iter()
                    .map(|(h, ids)| (h, ids.join(", ")))
                    .collect(),
            });
        }

        let mut entry: Vec<Coord> = side.entry_hexes.iter().copied().map(coord).collect();
        let mut arrivals: Vec<(Coord, Vec<String>)> = Vec::new();
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
                counters: arrivals
                    .into_iter()
                    .map(|(h, ids)| (h, ids.join(", ")))
                    .collect(),
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
