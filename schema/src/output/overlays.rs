//! Overlays: sets of hexes drawn over a map (a scenario's zones), with their colours and legend
//! text.

use crate::model::counter::Counter;
use crate::model::hex::Coord;
use crate::model::scenario::Entry;
use crate::output::palette;
use crate::pipeline::Compiled;

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
