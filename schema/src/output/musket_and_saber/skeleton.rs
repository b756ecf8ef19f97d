//! Musket & Saber Quick Play's skeletons (`saberc new map --game musket-and-saber-quick-play`,
//! `saberc new scenario` on one of its maps), which its outputs give
//! ([`crate::output::musket_and_saber`]).

use crate::model::map::MAP_FORMAT;
use crate::model::scenario::SCENARIO_FORMAT;
use crate::output::format::format_text;
use crate::output::skeleton::{SkeletonError, title};
use crate::pipeline::read::Syntax;

/// A new Musket & Saber Quick Play map of `width` × `height` clear hexes (at most 99 × 99: four-
/// digit hex numbers, 2.2). The chart holds the one row the rules text states (4.3); the rest of
/// the chart, the track and the source are the user's to type from their copy, and are left
/// empty so that `saberc check` names them.
pub fn ms_map_skeleton(width: u32, height: u32, id: &str) -> Result<String, SkeletonError> {
    use crate::ruleset::musket_and_saber::MAX_SIDE;
    let game = crate::ruleset::Game::MusketAndSaberQuickPlay.id();
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(SkeletonError::GameMapSize {
            game: "Musket & Saber",
            max: MAX_SIDE,
            why: "its hexes have four-digit numbers, 2.2",
            width,
            height,
        });
    }
    let name = title(id);
    let row = format!("\"{}\",\n", ".".repeat(width as usize));
    let rows = row.repeat(height as usize);
    let text = format!(
        "// A new Musket & Saber Quick Play map, {width} × {height} hexes, made by `saberc new map`.
// Type the game's map from your own copy: the rules text has no map, no Terrain Effects Chart
// and no Turn Record Track (2.2, 3.3), so none is shipped. `saberc check FILE` names what is left.
(
    format: \"{MAP_FORMAT}\",
    game: \"{game}\",
    id: \"{id}\",
    name: \"{name}\",
    // Where the map, chart and track come from: your copy of the game.
    source: \"\",
    notes: \"\",
    // Hex numbers (2.2): column then row (`2114` is column 21, row 14), from the map's first
    // hex: ColumnRowFrom0101, or ColumnRow(first_column: 1, first_row: 0) for a first 0100.
    numbering: ColumnRowFrom0101,
    width: {width},
    height: {height},
    // Flat or Pointy; which columns (or rows) are shoved half a hex: EvenShoved or OddShoved.
    orientation: Flat,
    parity: EvenShoved,
    // Each character of `terrain` stands for one or more kinds of terrain (2.2), each a hex
    // row of the chart: (char: \"w\", kinds: [\"woods\"]), (char: \"b\", kinds: [\"woods\", \"hill\"]).
    legend: [(char: \".\", kinds: [\"clear\"])],
    // One string per row, north to south; one character per column, west to east.
    terrain: [
{rows}    ],
    // Hexside terrain: (kind: \"stream\", hex: \"0509\", side: S), a hexside row of the chart.
    hexsides: [],
    // Roads (4.4): (name: Some(\"Mill Road\"), hexes: [\"0108\", \"0208\"]).
    roads: [],
    // The game's Terrain Effects Chart, a row per kind: MP per class (Mp(n), Plus(n) across a
    // hexside, Prohibited), defense, halves_attacker, no_advance, blocks_sight, blocks_zoc,
    // no_bombardment, bombardment, clear_for_charges; each row with its source.
    chart: [
        (
            kind: \"clear\",
            on: Hex,
            infantry: Some(Mp(1)),
            cavalry: Some(Mp(1)),
            artillery: Some(Mp(1)),
            clear_for_charges: true,
            source: \"4.3 (the rules text)\",
        ),
    ],
    // The Turn Record Track's labels as printed (3.3), e.g. clock times: [\"1500\", \"1545\"].
    track: (labels: [], source: \"\"),
    labels: [],
)
"
    );
    Ok(format_text(&text, Syntax::Ron).expect("the map skeleton is valid RON"))
}

/// A new Musket & Saber Quick Play scenario on the M&S map `map`, named in the file by
/// `map_ref`: every value to type from the user's copy is left empty, and `saberc check` names
/// it.
pub fn ms_scenario_skeleton(
    map: &crate::model::musket_and_saber::MsMapFile,
    map_ref: &str,
    id: &str,
) -> String {
    let game = crate::ruleset::Game::MusketAndSaberQuickPlay.id();
    let name = title(id);
    let track = map.track.labels.join(", ");
    let side = |sid: &str, side_name: &str| {
        format!(
            "(
            id: \"{sid}\",
            // The army's name, and its counters' background colour (2.3).
            name: \"{side_name}\",
            colour: None,
            // Its counters (2.3, 2.4), e.g. (id: \"1st Bde\", formation: \"1st Div\", class: Brigade,
            // steps: 2, front: (cf: Some(One(5)), mr: Some(4), ma: Some(4)), back: (cf: Some(One(3)),
            // mr: Some(3), ma: Some(4)), source: \"counter sheet\"). Classes: Brigade, Battalion,
            // Cavalry (charge), Artillery (range), Leader (leader: Some((movement: 1, combat: 1,
            // morale: 1)), formation `A` for all).
            counters: [],
            // Friendly entry hexes on the map edge (4.5, 7.7).
            entry_hexes: [],
            // Lost steps it may recover (11.4): Some(0) if none; and where they re-enter.
            replacement_steps: None,
            reentry_hexes: [],
        )"
        )
    };
    let first = side("first", "First Army");
    let second = side("second", "Second Army");
    let text = format!(
        "// A new Musket & Saber Quick Play scenario on the map `{map_ref}` ({} × {} hexes), made by
// `saberc new scenario`. Type the scenario from your own copy of the game (the rules text has
// none); `saberc check FILE` names each value left. The map's Turn Record Track: {track}.
(
    format: \"{SCENARIO_FORMAT}\",
    game: \"{game}\",
    id: \"{id}\",
    name: \"{name}\",
    date: \"\",
    // Where the scenario comes from: your copy of the game.
    source: \"\",
    map: \"{map_ref}\",
    sides: [{first}, {second}],
    // The First Player's side id, and the number of turns (3.3).
    first_player: \"first\",
    game_length: 1,
    // The track space of the first turn, if not the first: Some(\"1545\").
    first_turn: None,
    // Set-up lines (3.2): (side: \"first\", units: [\"1st Bde\"], formation: None, at: \"2114\",
    // w1: false, printed: \"1st Bde: 2114\"); `w1: true` for \"w/1\".
    setup: [],
    // Reinforcements (3.2, 4.5): (side: \"first\", units: [\"2nd Bde\"], turn: \"1545\", at: \"2101\").
    reinforcements: [],
    // Where each unit of a `w/1` line stands: (side: \"first\", unit: \"1st Bde\", at: \"2115\").
    placements: [],
    // Victory conditions (3.4), e.g. Hold(target: Hexes([\"2114\"]), hexes: Any, when: EndOfGame).
    victory: [
        (
            side: \"first\",
            goal: Hold(target: Hexes([]), hexes: Any, when: EndOfGame),
            printed: \"\",
        ),
    ],
    // The scenario's special rules (2.1): (title: \"…\", modifies: Some(\"7.7\"), text: \"…\").
    special_rules: [],
    notes: \"\",
    interpretations: [],
)
",
        map.width, map.height
    );
    format_text(&text, Syntax::Ron).expect("the scenario skeleton is valid RON")
}
