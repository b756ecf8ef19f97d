//! The one palette: the fill of each hex terrain, the slope tint, the bridge deck and the colour
//! of each side's counters, shared by the map renderer, the scenario card and the editor (which
//! turns them into egui colours with [`rgb`]). Colours are written `#rrggbb`, as SVG takes them.

use crate::model::scenario::CounterColor;
use crate::ruleset::Terrain;

/// An RGB colour.
pub type Rgb = [u8; 3];

/// The fill of a hex terrain. A bridge hex is river-coloured: the renderer draws its deck
/// ([`BRIDGE_DECK`]) over it.
pub fn terrain_fill(t: Terrain) -> &'static str {
    match t {
        Terrain::Clear => "#e9e4c4",
        Terrain::Village => "#d9a882",
        Terrain::Woods => "#86b061",
        Terrain::Forest => "#4e7d3a",
        Terrain::River | Terrain::Bridge => "#5d9fd6",
        Terrain::Ford => "#9cc9ec",
    }
}

/// The fills of the kinds of hex terrain a Musket & Saber map's chart declares (its own names,
/// not Rifle & Saber's terrain) that have no usual colour: chosen by the kind's name. Earthy
/// tones, light enough for counters and coordinates drawn over them.
pub const CHART_KIND_FILLS: [&str; 10] = [
    "#e9e4c4", "#c9a46a", "#86b061", "#d9a882", "#9cc9ec", "#b7c98a", "#d7c7a3", "#a3b8a0",
    "#e0b8b8", "#c4b5d9",
];

/// The strokes of the kinds of hexside terrain a Musket & Saber map's chart declares that have
/// no usual colour: chosen by the kind's name.
pub const CHART_HEXSIDE_STROKES: [&str; 6] = [
    "#2f6fb5", "#4a2608", "#7a2414", "#1f4a14", "#6b4fa0", "#b06a10",
];

/// The usual colours of kinds of hex terrain by the names maps give them (any case): a kind
/// keeps its colour on every map, whatever its row's place in the chart (issue 37 §9).
const NAMED_KIND_FILLS: [(&[&str], &str); 8] = [
    (&["clear", "open"], "#e9e4c4"),
    (&["hill", "hills", "heights"], "#c9a46a"),
    (&["woods", "wood", "forest"], "#86b061"),
    (&["village", "town", "city", "built-up"], "#d9a882"),
    (&["lake", "pond", "water"], "#9cc9ec"),
    (&["orchard", "orchards", "vineyard"], "#b7c98a"),
    (&["rough", "broken"], "#d7c7a3"),
    (&["marsh", "swamp"], "#a3b8a0"),
];

/// The usual strokes of kinds of hexside terrain by name (see [`NAMED_KIND_FILLS`]).
const NAMED_HEXSIDE_STROKES: [(&[&str], &str); 4] = [
    (&["stream", "river", "creek", "brook"], "#2f6fb5"),
    (&["ridge", "slope", "crest"], "#4a2608"),
    (&["wall", "walls", "stone wall"], "#7a2414"),
    (&["hedge", "hedges", "bocage"], "#1f4a14"),
];

/// A colour for `kind`: its usual one by name, else one of `cycle` chosen by the name itself
/// (a stable hash, FNV-1a), so the same kind is the same colour on every map.
fn by_kind(kind: &str, named: &[(&[&str], &'static str)], cycle: &[&'static str]) -> &'static str {
    let lower = kind.trim().to_lowercase();
    if let Some((_, c)) = named
        .iter()
        .find(|(names, _)| names.contains(&lower.as_str()))
    {
        return c;
    }
    let hash = lower.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    cycle[(hash % cycle.len() as u64) as usize]
}

/// The fill of a kind of hex terrain of a map's own chart, by the kind's id.
pub fn chart_kind_fill(kind: &str) -> &'static str {
    by_kind(kind, &NAMED_KIND_FILLS, &CHART_KIND_FILLS)
}

/// The stroke of a kind of hexside terrain of a map's own chart, by the kind's id.
pub fn chart_hexside_stroke(kind: &str) -> &'static str {
    by_kind(kind, &NAMED_HEXSIDE_STROKES, &CHART_HEXSIDE_STROKES)
}

/// Colours named in words as a Musket & Saber side's `colour` gives them (2.3: "the counters'
/// background colour"), any case; "grey" and "gray" alike.
const NAMED_COLOURS: [(&str, &str); 20] = [
    ("red", "#c62828"),
    ("dark red", "#8e1b1b"),
    ("blue", "#1f5ac8"),
    ("dark blue", "#1a3a7a"),
    ("light blue", "#6fa8dc"),
    ("green", "#2e7d32"),
    ("dark green", "#1b4d1f"),
    ("light green", "#8bc34a"),
    ("grey", "#7d7d7d"),
    ("light grey", "#b0b0b0"),
    ("dark grey", "#4a4a4a"),
    ("white", "#f2f2f2"),
    ("black", "#202020"),
    ("yellow", "#e6c229"),
    ("orange", "#e07b1f"),
    ("brown", "#7a4a22"),
    ("tan", "#c8a878"),
    ("buff", "#dcc28a"),
    ("purple", "#6a3d9a"),
    ("pink", "#e58fb0"),
];

/// The colour a side's `colour` words name (`"light blue"`, `"Grey"`), if they name one.
pub fn named_colour(words: &str) -> Option<Rgb> {
    let w = words.trim().to_lowercase().replace("gray", "grey");
    NAMED_COLOURS
        .iter()
        .find(|(name, _)| *name == w)
        .map(|(_, hex)| rgb(hex))
}

/// The deck of a bridge.
pub const BRIDGE_DECK: &str = "#3b3b3b";

/// The tint laid over slope hexes, at [`SLOPE_OPACITY`].
pub const SLOPE: &str = "#8a5a2b";

/// How strongly slope hexes are tinted.
pub const SLOPE_OPACITY: f32 = 0.38;

/// The colour of a side's counters (2.3): its zones, arrivals, stacks and forces table.
pub fn side_color(c: CounterColor) -> &'static str {
    match c {
        CounterColor::Red => "#d62728",
        CounterColor::Blue => "#1f5ac8",
    }
}

/// The editor's movement overlay: the hexes first reached in Movement Phase 1, 2, 3… (a
/// phase past the last band takes the last band's colour).
pub const MOVEMENT_BANDS: [&str; 6] = [
    "#1a9850", "#91cf60", "#d9ef8b", "#fee08b", "#fc8d59", "#d73027",
];

/// The movement overlay's start hexes (where the group sets up or enters).
pub const MOVEMENT_START: &str = "#ffffff";

/// The movement overlay's best path to the hex pointed at.
pub const MOVEMENT_PATH: &str = "#7b1fa2";

/// The line-of-sight overlay: the hexes in sight of the chosen hex.
pub const SIGHT_VISIBLE: &str = "#ffe033";

/// The line-of-sight overlay: the blocking hexes and ridge hexsides that block a line.
pub const SIGHT_BLOCKING: &str = "#c2185b";

/// The RGB triple of a `#rrggbb` colour of this palette.
pub const fn rgb(hex: &str) -> Rgb {
    let b = hex.as_bytes();
    assert!(b.len() == 7 && b[0] == b'#', "a palette colour is #rrggbb");
    [
        nibble(b[1]) * 16 + nibble(b[2]),
        nibble(b[3]) * 16 + nibble(b[4]),
        nibble(b[5]) * 16 + nibble(b[6]),
    ]
}

const fn nibble(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => panic!("a palette colour has hex digits"),
    }
}

/// `#rrggbb` of an RGB triple.
pub fn hex([r, g, b]: Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// A terrain's fill with the slope tint laid over it, as the renderer composes them.
pub fn slope_fill(t: Terrain) -> Rgb {
    let (base, tint) = (rgb(terrain_fill(t)), rgb(SLOPE));
    std::array::from_fn(|i| {
        (f32::from(base[i]) * (1.0 - SLOPE_OPACITY) + f32::from(tint[i]) * SLOPE_OPACITY).round()
            as u8
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_convert_both_ways() {
        assert_eq!(rgb("#d62728"), [214, 39, 40]);
        for t in crate::ruleset::Terrain::ALL {
            assert_eq!(hex(rgb(terrain_fill(t))), terrain_fill(t));
        }
        assert_eq!(hex(rgb(side_color(CounterColor::Blue))), "#1f5ac8");
    }

    #[test]
    fn slopes_are_darker_than_their_terrain() {
        let [r, g, b] = slope_fill(Terrain::Clear);
        let [r0, g0, b0] = rgb(terrain_fill(Terrain::Clear));
        assert!(r < r0 && g < g0 && b < b0);
    }

    #[test]
    fn sides_differ() {
        assert_ne!(
            side_color(CounterColor::Red),
            side_color(CounterColor::Blue)
        );
    }

    /// A kind keeps its colour whatever its chart row (issue 37 §9); a kind of the designer's
    /// own too, by its name.
    #[test]
    fn a_kind_is_coloured_by_its_name_not_its_row() {
        let named = |k| by_kind(k, &NAMED_KIND_FILLS, &CHART_KIND_FILLS);
        assert_eq!(named("Woods"), named("woods"));
        assert_ne!(named("woods"), named("hill"));
        assert_eq!(named("heath"), named("heath"));
        assert!(CHART_KIND_FILLS.contains(&named("heath")));
    }
}
