//! Musket & Saber Quick Play (Decision Games): the system rules (`rules/musket-and-saber-quick-play.txt`).
//! The rules text is the system only: no map, no Terrain Effects Chart, no Turn Record Track and
//! no counter values. Each game's map, chart, track and counters are typed in by the user from
//! their own copy, with their source; nothing of a published game is here.

use super::{Game, Ratio, Ruleset, SightRule, Stacking, TerrainEffect};

/// A chart row the system rules leave to each game's Terrain Effects Chart (2.2).
const EACH_GAMES_CHART: TerrainEffect = TerrainEffect {
    name: "on each game's Terrain Effects Chart (2.2)",
    movement_cost: None,
    movement_extra: None,
    defense: None,
    blocks_fire: false,
};

/// The rule sections the codes shared with Rifle & Saber cite in a Musket & Saber file.
const CITATIONS: [(&str, &str); 9] = [
    // 5.0: "one battalion or artillery unit, plus any three units, plus any number of leaders".
    ("STK001", "5.0"),
    // Enemies never share a hex: 4.5 "occupied by an enemy unit", 7.7 "enemy-occupied hexes".
    ("STK002", "4.5, 7.7"),
    ("DEP001", "3.2, 5.0"),
    // 3.2: "may be placed within 1 hex (i.e. adjacent to) the specified hex".
    ("DEP003", "3.2"),
    ("REF003", "3.3"),
    // 3.3: the number of turns and the Turn Record Track.
    ("TRN001", "3.3"),
    ("TRN002", "3.2"),
    // 4.5: reinforcements enter along the map edge.
    ("TRN003", "4.5"),
    // 4.4: a road path runs from hex to hex across hexsides of the same path.
    ("MAP004", "4.4"),
];

/// Musket & Saber Quick Play: what its system rules fix.
pub(super) const MUSKET_AND_SABER_QUICK_PLAY: Ruleset = Ruleset {
    game: Game::MusketAndSaberQuickPlay,
    name: "Musket & Saber Quick Play",
    // 5.0, read slot by slot (the design study's "slot" reading).
    stacking: Stacking::Slots { slots: 1, any: 3 },
    // 3.3: the Turn Record Track is printed on each game's map.
    turn_record_track: 0,
    // The unit classes, markers and terrain kinds of the system are not Rifle & Saber's types.
    units: &[],
    markers: &[],
    terrains: &[],
    slope_effect: EACH_GAMES_CHART,
    ridge_effect: EACH_GAMES_CHART,
    // 4.4: ½ MP a road hex when the move starts and ends on the road.
    road_cost: Ratio::new(1, 2),
    // 8.2: "Units do not block LOS".
    sight: SightRule {
        units_block: false,
        lower_units_do_not_block: false,
    },
    feature_letters: &[],
    terrain_legend: &[],
    // Built from each game's chart in its map file.
    map_key: &[],
    citations: &CITATIONS,
};
