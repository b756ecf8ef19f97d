//! The registry's rows of one family of codes. Maps on their own, of either game: MAP. One
//! registry: these rows are handed to `registry!` in `codes.rs` in their place in the order of
//! codes, with every other family's.

/// Hands this family's rows, after the rows collected so far, to the next family (or the
/// registry).
macro_rules! maps_codes {
    ($cb:ident { $($rows:tt)* } $($rest:ident)*) => {
        $cb! { @collect { $($rows)*
            MapTerrainShape = "MAP001" {
                severity: Error,
                family: Maps,
                rule: None,
                title: "terrain rows do not match the map's size",
                explanation: "A map's `terrain` has one string per row, north to south, and one character \
                    per hex in each row: there must be exactly `height` rows of exactly `width` \
                    characters.",
                bad: "width: 5, height: 3,\nterrain: [\"ww...\", \"..v.^\", \"....\"],",
                fixed: "width: 5, height: 3,\nterrain: [\"ww...\", \"..v.^\", \".....\"],",
            }
            MapTerrainChar = "MAP002" {
                severity: Error,
                family: Maps,
                rule: Some("9.2"),
                title: "unknown terrain character",
                explanation: "Each character of a terrain row is one hex of the Terrain Effects Chart: \
                    `.` clear, `v` village, `w` woods, `f` the big forest, `~` river, `=` ford, `#` \
                    bridge, and `^` `V` `W` `F` for clear, village, woods and forest on a slope. The \
                    message names the row and column of the character that is none of these.",
                bad: "terrain: [\"ww...\", \"..x.^\", \".....\"],",
                fixed: "terrain: [\"ww...\", \"..v.^\", \".....\"],",
            }
            MapBadHexside = "MAP003" {
                severity: Error,
                family: Maps,
                rule: None,
                title: "no such hexside",
                explanation: "A ridge names a hexside direction the map's hexes do not have: flat-topped \
                    hexes have N, NE, SE, S, SW and NW sides, pointy-topped hexes NE, E, SE, SW, W and \
                    NW.",
                bad: "orientation: Flat, …\nridges: [((2, 2), E)],",
                fixed: "orientation: Flat, …\nridges: [((2, 2), NE)],",
            }
            MapRoadGap = "MAP004" {
                severity: Error,
                family: Maps,
                rule: Some("4M"),
                title: "road hexes are not neighbours",
                explanation: "A road is a path of adjacent hexes: units move along it from hex to hex \
                    through road hexsides (4M), so each hex must share a hexside with the one before it.",
                bad: "(kind: Minor, hexes: [(1, 3), (3, 3)])",
                fixed: "(kind: Minor, hexes: [(1, 3), (2, 3), (3, 3)])",
            }
            FeatureNumberReused = "MAP005" {
                severity: Error,
                family: Maps,
                rule: Some("11.0"),
                title: "feature number reused across letters",
                explanation: "Terrain features are numbered once for the whole map: \"No number is used \
                    more than once regardless of terrain feature\" (11.0). `V4` and `H4` cannot both \
                    exist; the hint suggests the smallest free number.",
                bad: "features: [(code: \"V4\", …), (code: \"H4\", …)],",
                fixed: "features: [(code: \"V4\", …), (code: \"H5\", …)],",
            }
            DuplicateFeature = "MAP006" {
                severity: Error,
                family: Maps,
                rule: Some("11.0"),
                title: "feature defined twice",
                explanation: "Each feature code names one feature (11.0); its hexes are listed in one \
                    definition. Merge the hexes of the second definition into the first.",
                bad: "(code: \"W22\", hexes: [(1, 1)]),\n(code: \"W22\", hexes: [(2, 1)])",
                fixed: "(code: \"W22\", hexes: [(1, 1), (2, 1)])",
            }
            OffMap = "MAP007" {
                severity: Error,
                family: Maps,
                rule: None,
                title: "hex off the map",
                explanation: "A hex given as `(col, row)` lies outside the map: columns run from 1 to \
                    `width` and rows from 1 to `height`, numbered as printed (`(4, 12)` is hex 0412).",
                bad: "width: 5, height: 3, …\nridges: [((6, 2), N)],",
                fixed: "width: 5, height: 3, …\nridges: [((5, 2), N)],",
                zones: Cause,
            }
            MainRoadNoEdge = "MAP008" {
                severity: Warning,
                family: Maps,
                rule: Some("11.0"),
                title: "main road not leaving the map",
                explanation: "The main roads are named by the edge at which they leave the map (11.0: \
                    the South, East and Northwest roads), and scenarios bring reinforcements in along \
                    them. A main road needs a name and must reach a map edge.",
                bad: "(kind: Main, name: Some(\"East\"), hexes: [(2, 2), (3, 2)])",
                fixed: "(kind: Main, name: Some(\"East\"), hexes: [(2, 2), (3, 2), (4, 2), (5, 2)])",
            }
            FeatureTerrain = "MAP009" {
                severity: Warning,
                family: Maps,
                rule: Some("11.0"),
                title: "feature hexes without the feature's terrain",
                explanation: "A feature's letter says what it is (11.0): V village, H hill (slope hexes), \
                    W woods, R river, J river junction, F ford, B bridge. Some of its hexes have other \
                    terrain; paint them or remove them from the feature.",
                bad: "terrain: [\"ww...\", \"..v.^\", \".....\"], …\n(code: \"V4\", hexes: [(2, 2), (3, 2)]),   // (2, 2) is clear",
                fixed: "terrain: [\"ww...\", \"..v.^\", \".....\"], …\n(code: \"V4\", hexes: [(3, 2)]),",
            }
            MsChart = "MAP010" {
                severity: Error,
                family: Maps,
                rule: Some("2.2"),
                title: "terrain the map's chart does not describe",
                explanation: "Musket & Saber: \"Every hex contains one or more kinds of terrain\", whose \
                    effects \"are described on the Terrain Effects Chart (TEC) in the Scenario Rules for \
                    each game\" (2.2). A legend character stands for no kind, a kind of hex or hexside \
                    terrain has no row of the map's `chart`, or a legend character is defined twice. \
                    Type the row from the game's chart, or name the kind as the chart does.",
                bad: "legend: [(char: \".\", kinds: [\"clear\"]), (char: \"w\", kinds: [\"wood\"])],",
                fixed: "legend: [(char: \".\", kinds: [\"clear\"]), (char: \"w\", kinds: [\"woods\"])],",
            }
            MsTrack = "MAP011" {
                severity: Error,
                family: Maps,
                rule: Some("3.3"),
                title: "a Turn Record Track label used twice, or not one label",
                explanation: "Musket & Saber: turns are \"tracked by moving the turn marker along the Turn \
                    Record Track (TRT) on the map\" (3.3), and reinforcements are listed by turn (3.2): a \
                    label printed on two spaces would name two turns, and a label that is empty, begins \
                    or ends with a space, or holds a comma or semicolon (several labels typed as one) \
                    names no space. Type the track's labels as printed, each once.",
                bad: "track: (labels: [\"1500\", \"1545\", \"1545\", \"1715\"], source: \"invented for the project\"),",
                fixed: "track: (labels: [\"1500\", \"1545\", \"1630\", \"1715\"], source: \"invented for the project\"),",
            }
            MsChartRowTwice = "MAP012" {
                severity: Error,
                family: Maps,
                rule: Some("2.2"),
                title: "a kind of terrain with two rows on the map's chart",
                explanation: "Musket & Saber: the effects \"of each kind of terrain are described on the \
                    Terrain Effects Chart\" (2.2): one row a kind of hex terrain, one a kind of hexside \
                    terrain. The chart has two rows for the same kind on the same place (hex or \
                    hexside), so the first would silently decide every later verdict and the second be \
                    ignored. Keep one row, with the values your copy's chart prints.",
                bad: "(kind: \"woods\", on: Hex, infantry: Some(Mp(3)), source: \"invented\"),\n(kind: \"woods\", on: Hex, …),",
                fixed: "(kind: \"woods\", on: Hex, …),",
            }
            MsClearRow = "MAP013" {
                severity: Error,
                family: Maps,
                rule: Some("4.3, 9.2"),
                title: "the chart's clear row contradicts the rules text",
                explanation: "Musket & Saber fixes one value of every chart: \"Entering a clear hex \
                    across a clear hexside costs 1 MP\" (4.3), and clear terrain is terrain a charge may \
                    start in, enter and target (9.2(1): \"only clear or clear hill terrain\"). The \
                    chart's row named `clear` (any case) gives a class another cost to enter a clear hex \
                    (or prohibits it), adds MP across a clear hexside, or says it does not count as clear \
                    for charges (`clear_for_charges: false`; a clear hex row that leaves the field \
                    out, as `saberc new map` wrote it before this check, is read as clear for \
                    charges, FMT005, and `saberc migrate` writes the field). Type the row as the \
                    rules text fixes it.",
                bad: "(kind: \"clear\", on: Hex, infantry: Some(Mp(1)), cavalry: Some(Mp(2)), …",
                fixed: "(kind: \"clear\", on: Hex, infantry: Some(Mp(1)), cavalry: Some(Mp(1)), …",
            }
            MsHexsideCost = "MAP014" {
                severity: Error,
                family: Maps,
                rule: Some("4.3"),
                title: "a hexside row that costs MP rather than adding them",
                explanation: "Musket & Saber: \"Units crossing certain hex side terrain must pay \
                    additional MP, denoted by a \"+1\" on the TEC. Those MP are added to the normal cost \
                    to enter\" the hex (4.3). A hexside row gives a class a cost to enter (`Mp(n)`), \
                    which no hexside has: write what the chart prints as `Plus(n)`, or `Prohibited`.",
                bad: "(kind: \"stream\", on: Hexside, infantry: Some(Mp(2)), source: \"invented\"),",
                fixed: "(kind: \"stream\", on: Hexside, infantry: Some(Plus(1)), source: \"invented\"),",
            }
            MsHexAdds = "MAP015" {
                severity: Note,
                family: Maps,
                rule: Some("4.3"),
                title: "a hex row that adds MP rather than costing them",
                explanation: "Musket & Saber: \"As a unit enters a hex, it must pay one or more MP \
                    depending on the terrain … those costs are listed on the TEC\"; \"+1\" denotes the \
                    additional MP of hexside terrain (4.3). A hex row gives a class `Plus(n)`. Read as \
                    added to the cost of the hex's other kinds (2.2: \"Every hex contains one or more \
                    kinds of terrain\"), as a chart printing \"+1\" beside a hex kind means it; if the \
                    chart prints a cost to enter, write `Mp(n)`.",
                bad: "(kind: \"woods\", on: Hex, infantry: Some(Plus(1)), …",
                fixed: "(kind: \"woods\", on: Hex, infantry: Some(Mp(2)), …",
            }
        } $($rest)* }
    };
}
