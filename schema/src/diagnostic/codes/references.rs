//! The registry's rows of one family of codes. Names a scenario refers to: REF. One registry: these
//! rows are handed to `registry!` in `codes.rs` in their place in the order of codes, with every
//! other family's.

/// Hands this family's rows, after the rows collected so far, to the next family (or the
/// registry).
macro_rules! references_codes {
    ($cb:ident { $($rows:tt)* } $($rest:ident)*) => {
        $cb! { @collect { $($rows)*
            UnknownFeature = "REF001" {
                severity: Error,
                family: References,
                rule: Some("11.0"),
                title: "unknown feature",
                explanation: "A zone or victory condition names a feature code the scenario's map does \
                    not have. Scenarios place units relative to the numbered features of the map \
                    (11.0); the hint suggests the nearest codes the map does have.",
                bad: "zone: Within(distance: 1, of: Feature(\"V44\"))",
                fixed: "zone: Within(distance: 1, of: Feature(\"V4\"))",
                zones: Cause,
            }
            UnknownRoad = "REF002" {
                severity: Error,
                family: References,
                rule: Some("11.0"),
                title: "unknown road",
                explanation: "A zone names a road the map does not have. Roads are named by the edge at \
                    which they leave the map (`South`, `East`, `Northwest` on the Rifle & Saber map).",
                bad: "at: RoadEntry(\"West\")",
                fixed: "at: RoadEntry(\"Northwest\")",
                zones: Cause,
            }
            UnknownSide = "REF003" {
                severity: Error,
                family: References,
                rule: Some("11.0, 3.0"),
                title: "unknown side or group",
                explanation: "A side id (in `deploys_first`, `moves_first`, a victory condition, a special \
                    rule or a set-up placement) or a group id names no side or group of the scenario.",
                bad: "sides: [(id: \"union\", …), (id: \"confederates\", …)],\ndeploys_first: \"unoin\",",
                fixed: "sides: [(id: \"union\", …), (id: \"confederates\", …)],\ndeploys_first: \"union\",",
            }
            UnknownMap = "REF004" {
                severity: Error,
                family: References,
                rule: None,
                title: "unknown map",
                explanation: "The scenario's `map` names no map saberc knows: not a built-in map, not a \
                    map among the files checked, not one in a `--maps DIR`, or a map path that cannot be \
                    opened or whose map has errors.",
                bad: "map: \"rifle-and-sabre\",",
                fixed: "map: \"rifle-and-saber\",",
            }
            DuplicateId = "REF005" {
                severity: Error,
                family: References,
                rule: None,
                title: "duplicate id",
                explanation: "Two sides, or two groups of one side, have the same id, so references to it \
                    would be ambiguous; or a side is called `either`, which victory conditions reserve \
                    for \"either side\". Letter a side's groups (a), (b), (c) …",
                bad: "groups: [(id: \"a\", …), (id: \"a\", …)],",
                fixed: "groups: [(id: \"a\", …), (id: \"b\", …)],",
            }
            MapIdShadowed = "REF007" {
                severity: Warning,
                family: References,
                rule: None,
                title: "a map file has the id of a built-in map but differs from it",
                explanation: "A map file near the scenario, or the map file the scenario names, has the \
                    id of a built-in map but other contents. A map file never replaces a built-in map: \
                    the scenario is checked against the built-in map. Give the edited map its own id \
                    and name that id in the scenario.",
                bad: "maps/rifle-and-saber.ron   // an edited copy that kept the id `rifle-and-saber`",
                fixed: "maps/rifle-and-saber-edited.ron   // id: \"rifle-and-saber-edited\", named by the scenario",
                split_from: "REF005",
            }
            MapOutsideRoots = "REF006" {
                severity: Error,
                family: References,
                rule: None,
                title: "map path outside the allowed directories",
                explanation: "A map given by path must stay inside the scenario's directory tree or a \
                    `--maps` directory: absolute paths, `../` escapes and symbolic links that lead out \
                    are refused, so that checking a file never reads elsewhere on the disk.",
                bad: "map: \"/home/me/maps/my-map.ron\",",
                fixed: "map: \"rifle-and-saber\",   // a built-in map, a map in a --maps DIR, or a path inside the scenario's folder",
            }
            MapOfOtherGame = "REF008" {
                severity: Error,
                family: References,
                rule: None,
                title: "the scenario's map is for another game",
                explanation: "A scenario is checked under its game's rules on its map, so both must be \
                    for the same game: their `game` fields must agree (a file without one is for Rifle & \
                    Saber). Nothing else is checked until they do. Name a map of the scenario's game, or \
                    correct the scenario's `game`.",
                bad: "game: \"musket-and-saber-quick-play\",\nmap: \"rifle-and-saber\",",
                fixed: "map: \"rifle-and-saber\",   // a Rifle & Saber scenario: no `game`",
            }
        } $($rest)* }
    };
}
