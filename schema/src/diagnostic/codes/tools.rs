//! The registry's rows of one family of codes. Factoring battles and Tiled maps: FAC, TIL. One
//! registry: these rows are handed to `registry!` in `codes.rs` in their place in the order of
//! codes, with every other family's.

/// Hands this family's rows, after the rows collected so far, to the next family (or the
/// registry).
macro_rules! tools_codes {
    ($cb:ident { $($rows:tt)* } $($rest:ident)*) => {
        $cb! { @collect { $($rows)*
            BattleInvalid = "FAC001" {
                severity: Error,
                family: Battles,
                rule: Some("11.18"),
                title: "battle cannot be factored",
                explanation: "A battle file for `saberc factor` cannot be turned into an order of battle \
                    (11.18): it needs a name, two sides with at least one man or gun each, and a scale \
                    that leaves each side at least one unit.",
                bad: "sides: [(name: \"Union\", men: {MZ: 3500}), (name: \"Confederates\", men: {})],",
                fixed: "sides: [(name: \"Union\", men: {MZ: 3500}), (name: \"Confederates\", men: {MZ: 500})],",
            }
            Factoring = "FAC002" {
                severity: Note,
                family: Battles,
                rule: Some("11.18, 1.1, 15.0"),
                title: "factoring note",
                explanation: "What factoring a battle did that a designer should know (11.18): an arm \
                    rounded to none and kept as one unit, the proportions among arms or the ratio \
                    between the sides shifted by rounding, a battle longer than the Turn Record Track, \
                    no duration given. A note, not an error: review it and adjust the result if needed.",
                bad: "duration_minutes: None,",
                fixed: "duration_minutes: Some(90),",
            }
            TiledGrid = "TIL001" {
                severity: Error,
                family: Maps,
                rule: None,
                title: "Tiled map that is not a hexagonal map of a fixed size",
                explanation: "`saberc import` reads hexagonal Tiled maps only: orthogonal, isometric and \
                    staggered maps, infinite (chunked) maps, a missing or unknown stagger axis or index, \
                    tile sizes that cannot be hexes, or a map without a tile layer of terrain cannot be \
                    turned into a map file. A Tiled map is made a map file of the game its `game` \
                    property names (none: Rifle & Saber); a game that makes no map from a Tiled map \
                    refuses it, and a Musket & Saber map's Tiled map needs its `undrawn` property \
                    (its source, numbering, chart and track, which `saberc export --format tiled` \
                    writes).",
                bad: "<map … orientation=\"isometric\" …>",
                fixed: "<map … orientation=\"hexagonal\" … staggeraxis=\"x\" staggerindex=\"odd\" …>",
            }
            TiledTerrain = "TIL002" {
                severity: Error,
                family: Maps,
                rule: Some("9.2"),
                title: "Tiled tile without a known terrain",
                explanation: "Every hex of the imported map takes its terrain from its tile's `terrain` \
                    property (clear, village, woods, forest, river, ford or bridge; `slope` for slopes, \
                    9.2). A tile without one, or with another value, is read as clear and reported once \
                    per tile with its first cell. A Musket & Saber map's hex takes its legend character \
                    from its tile's `char`: a hex without one is reported the same way, and no map is \
                    made.",
                bad: r#"<property name="terrain" value="swamp"/>"#,
                fixed: r#"<property name="terrain" value="woods"/>"#,
            }
            TiledEmptyCell = "TIL006" {
                severity: Warning,
                family: Maps,
                rule: Some("9.2"),
                title: "Tiled terrain layer with empty cells",
                explanation: "Some cells of the terrain layer have no tile: they are read as clear and \
                    reported once, with the first such cell and how many more there are. Paint every \
                    hex of the terrain layer.",
                bad: "<data encoding=\"csv\">1,0,1,1,3,2</data>",
                fixed: "<data encoding=\"csv\">1,1,1,1,3,2</data>",
                split_from: "TIL002",
            }
            TiledObject = "TIL003" {
                severity: Error,
                family: Maps,
                rule: Some("11.0"),
                title: "Tiled object that is not a feature, road, ridge or label",
                explanation: "Objects are read by class (village, hill, woods, river, junction, ford, \
                    bridge, road, ridge, label) or by their layer's name: a feature is named by its code \
                    (11.0), a road is a polyline from hex centre to hex centre, a ridge a polyline along \
                    hexsides (a Musket & Saber map's hexside likewise, with its `kind`). What does not \
                    fit is an error on the object's id.",
                bad: "<object id=\"4\" name=\"Village\" type=\"village\" …>",
                fixed: "<object id=\"4\" name=\"V4\" type=\"village\" …>",
            }
            TiledObjectLeftOut = "TIL005" {
                severity: Warning,
                family: Maps,
                rule: Some("11.0"),
                title: "Tiled object left out or of a class its code contradicts",
                explanation: "An object of another class in a layer of another name (an engine's spawn \
                    point), or a label without text or place, is left out of the imported map; a \
                    feature whose class contradicts the letter of its code (11.0) is read by its code. \
                    Fix the class, or leave the object out of the map's layers.",
                bad: "<object id=\"4\" name=\"V4\" type=\"hill\" …>",
                fixed: "<object id=\"4\" name=\"V4\" type=\"village\" …>",
                split_from: "TIL003",
            }
            TiledData = "TIL004" {
                severity: Error,
                family: Maps,
                rule: None,
                title: "Tiled layer data that cannot be read",
                explanation: "The terrain layer's data must be CSV or base64 (uncompressed, zlib or \
                    gzip) with exactly one tile per hex of the map; other encodings, data that does not \
                    decode, or a layer of another size cannot be read. Decoding stops at the size the \
                    map needs.",
                bad: r#"<data encoding="base64" compression="zstd">"#,
                fixed: r#"<data encoding="base64" compression="zlib">"#,
            }
        } $($rest)* }
    };
}
