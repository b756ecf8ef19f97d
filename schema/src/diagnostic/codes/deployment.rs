//! The registry's rows of one family of codes. Zones, stacking and deployment: ZON, STK, DEP. One
//! registry: these rows are handed to `registry!` in `codes.rs` in their place in the order of
//! codes, with every other family's.

/// Hands this family's rows, after the rows collected so far, to the next family (or the
/// registry).
macro_rules! deployment_codes {
    ($cb:ident { $($rows:tt)* } $($rest:ident)*) => {
        $cb! { @collect { $($rows)*
            EmptyZone = "ZON001" {
                severity: Error,
                family: Zones,
                rule: Some("11.0"),
                title: "zone with no hexes",
                explanation: "A deployment or arrival zone has no hexes on this map, so the group could \
                    not be set up or could not enter. Check the distances and directions of its clauses \
                    against the map; `saberc render SCENARIO -o zones.png` draws every zone.",
                bad: "zone: Intersection([Beyond(toward: N, of: Feature(\"H26\")), Beyond(toward: S, of: Feature(\"H26\"))])",
                fixed: "zone: Beyond(toward: N, of: Feature(\"H26\"), inclusive: true)",
                zones: Consequence,
            }
            ZoneParameter = "ZON002" {
                severity: Error,
                family: Zones,
                rule: Some("11.0"),
                title: "zone parameter that cannot be met",
                explanation: "A clause of a zone asks for something no hex can satisfy (a sector at least \
                    5 but at most 3 hexes away), or refers to the enemy's deployment where it is not \
                    known (only the side that deploys second may, and not in a circle).",
                bad: "zone: Sector(toward: N, of: Feature(\"V4\"), within: Some(3), at_least: Some(5))",
                fixed: "zone: Sector(toward: N, of: Feature(\"V4\"), within: Some(5), at_least: Some(3))",
                zones: Cause,
            }
            RiverSideTied = "ZON003" {
                severity: Warning,
                family: Zones,
                rule: Some("11.0"),
                title: "`RiverSide` names neither bank",
                explanation: "`RiverSide(EDGE)` names the bank of the river that holds most of that map \
                    edge; here the river divides the edge into two banks of the same length, so the \
                    clause names neither and one is taken. Name an edge that lies mostly on one bank, \
                    or give the bank as an `Area` or with `Beyond`.",
                bad: "zone: RiverSide(West),   // the river meets the west edge at its middle",
                fixed: "zone: RiverSide(South),",
                split_from: "ZON002",
            }
            OverStacked = "STK001" {
                severity: Error,
                family: Stacking,
                rule: Some("7.0"),
                title: "over six stacking points in a hex",
                explanation: "\"Units totalling no more than six Stacking Points may be stacked in the \
                    same hex\" (7.0): artillery and machine guns count 3 points, every other unit 2, \
                    markers none. The set-up places more in one hex; move a unit to a neighbouring hex.",
                bad: "setup: [(side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17))],",
                fixed: "setup: [(side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 16))],",
            }
            EnemiesShareHex = "STK002" {
                severity: Error,
                family: Stacking,
                rule: Some("7.0"),
                title: "enemy units in one hex",
                explanation: "\"Enemy and Friendly units may never occupy the same hex\" (7.0). The \
                    set-up places units of both sides in one hex.",
                bad: "(side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17)),\n(side: \"blue\", group: \"a\", counter: Unit(MZ), at: (24, 17)),",
                fixed: "(side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17)),\n(side: \"blue\", group: \"a\", counter: Unit(MZ), at: (15, 8)),",
            }
            ZoneTooSmall = "DEP001" {
                severity: Error,
                family: Deployment,
                rule: Some("7.0, 11.0"),
                title: "zone too small for its group",
                explanation: "A group must be able to deploy in its zone without breaking the stacking \
                    limit of six points a hex (7.0): two guns fill a hex, three other units fill a hex, \
                    and a lone gun leaves room for one other unit. The zone has fewer hexes than the \
                    group needs (or a side's groups together need more than their zones cover). Widen \
                    the zone; if the printed scenario really is that tight, record how you read it in an \
                    interpretation note.",
                bad: "(id: \"a\", units: {MZ: 12}, entry: Deploy(zone: Feature(\"V12\"))),   // V12 has 3 hexes",
                fixed: "(id: \"a\", units: {MZ: 12}, entry: Deploy(zone: Within(distance: 1, of: Feature(\"V12\")))),",
                zones: Consequence,
            }
            OpposingZonesOverlap = "DEP002" {
                severity: Warning,
                family: Deployment,
                rule: Some("7.0"),
                title: "opposing deployment zones overlap",
                explanation: "The two sides' deployment zones share hexes. That is legal, because the \
                    side that deploys second may not use hexes the first occupies (7.0), but it is often \
                    a mistake in a zone. If the printed scenario means it, list `DEP002` in the \
                    `explains` of an interpretation note and it is reported as a note.",
                bad: "(id: \"a\", units: {MZ: 6}, entry: Deploy(zone: Within(distance: 2, of: Feature(\"V4\")))),   // the Reds deploy within 1 of V4\n…\ninterpretations: [],",
                fixed: "(id: \"a\", units: {MZ: 6}, entry: Deploy(zone: Within(distance: 2, of: Feature(\"V4\")))),   // the Reds deploy within 1 of V4\n…\ninterpretations: [(rule: \"11.0\", text: \"Blues deploy within 2 hexes of V4.\", reading: \"The zones overlap at V4: the Blues set up around the Reds.\", explains: [\"DEP002\"])],",
                zones: OnComputedZones,
            }
            PlacementOutsideZone = "DEP003" {
                severity: Error,
                family: Deployment,
                rule: Some("11.0"),
                title: "placed outside the zone",
                explanation: "A set-up placement puts a unit outside its group's deployment zone, or \
                    places a group that arrives during play and so has no set-up position (11.0).",
                bad: "setup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (30, 30))],",
                fixed: "setup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17))],   // a hex of V4, in the zone",
                zones: OnComputedZones,
            }
            EmptyGroup = "DEP004" {
                severity: Warning,
                family: Deployment,
                rule: None,
                title: "empty group",
                explanation: "A group has no units and no markers, so it deploys or arrives with \
                    nothing. Give it its units or remove it.",
                bad: "(id: \"b\", units: {}, entry: Arrive(turn: 3, at: RoadEntry(\"South\")))",
                fixed: "(id: \"b\", units: {CY: 2}, entry: Arrive(turn: 3, at: RoadEntry(\"South\")))",
            }
            PlacedMoreThanAllotted = "DEP006" {
                severity: Error,
                family: Deployment,
                rule: Some("11.0"),
                title: "more counters placed than allotted",
                explanation: "The set-up places more counters of a kind for a group than the group has \
                    in the scenario's order of battle (11.0). Remove the extra placements or raise the \
                    group's count.",
                bad: "units: {MA: 1}, …\nsetup: [(… counter: Unit(MA), at: (24, 17)), (… counter: Unit(MA), at: (24, 16))],",
                fixed: "units: {MA: 2}, …\nsetup: [(… counter: Unit(MA), at: (24, 17)), (… counter: Unit(MA), at: (24, 16))],",
            }
            SameColors = "DEP007" {
                severity: Error,
                family: Deployment,
                rule: Some("2.3"),
                title: "both sides in one counter colour",
                explanation: "The game comes with two differently coloured sets of playing pieces (2.3), \
                    one a side: two sides in the same colour could not be told apart on the map. Give \
                    each side its own colour. Musket & Saber: \"The background colors indicate the army \
                    to which each unit belongs\" (2.3): two armies' `colour` the same word (whatever its \
                    case and spacing) is the same mistake.",
                bad: "(id: \"union\", color: Blue, …),\n(id: \"confederates\", color: Blue, …)",
                fixed: "(id: \"union\", color: Red, …),\n(id: \"confederates\", color: Blue, …)",
            }
            FirstDeployerArrives = "DEP008" {
                severity: Error,
                family: Deployment,
                rule: Some("11.0"),
                title: "the side that deploys first has no deploying group",
                explanation: "One side is always required to deploy first (11.0), so the side named in \
                    `deploys_first` must set up at least one group on the map; here every one of its \
                    groups arrives during play. Name the other side, or give this side a group that \
                    deploys.",
                bad: "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Arrive(turn: 2, at: Edge(South)))   // the Union's only group\n…\ndeploys_first: \"union\",",
                fixed: "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Arrive(turn: 2, at: Edge(South)))   // the Union's only group\n…\ndeploys_first: \"confederates\",",
            }
            SetupOnRiver = "DEP009" {
                severity: Error,
                family: Deployment,
                rule: Some("11.5"),
                title: "unit set up in a hex it may not enter",
                explanation: "Setting up on a hex, or entering the map by it, is entering it. Rifle & \
                    Saber: under a special rule that rivers may only be entered at bridges and fords \
                    (11.5), a unit placed on a river hex breaks the rule; place it on a bridge, a ford \
                    or a dry hex (terrain is read as played, after \"treat as clear\" rules). Musket & \
                    Saber (7.7, 8.1, 10.0): a unit sets up, is placed or enters as a reinforcement in a \
                    hex whose terrain the map's chart marks `Prohibited` for its class (its infantry, \
                    cavalry or artillery column; a leader, which moves \"ignoring all but prohibited \
                    terrain\", where every column says `Prohibited`); choose a hex the class may enter.",
                bad: "special_rules: [(printed: \"Rivers may only be entered at bridges and fords.\", effect: RiverOnlyAtCrossings)], …\nsetup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (20, 11))],   // a river hex",
                fixed: "special_rules: [(printed: \"Rivers may only be entered at bridges and fords.\", effect: RiverOnlyAtCrossings)], …\nsetup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (20, 12))],   // the bridge",
            }
            ZoneOnRiver = "DEP011" {
                severity: Warning,
                family: Deployment,
                rule: Some("11.5"),
                title: "zone with river hexes where rivers may be entered only at bridges and fords",
                explanation: "Under a special rule that rivers may only be entered at bridges and fords \
                    (11.5), setting up on or entering by a river hex is entering it. A deployment or \
                    arrival zone that includes river hexes is legal, since the player can avoid them, \
                    but the zone likely meant to leave them out. Terrain is read as played, after \
                    \"treat as clear\" rules.",
                bad: "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Deploy(zone: Within(distance: 2, of: Feature(\"B13\"))))   // the river beside the bridge\n…\nspecial_rules: [(printed: \"Rivers may only be entered at bridges and fords.\", effect: RiverOnlyAtCrossings)],",
                fixed: "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Deploy(zone: Difference(Within(distance: 2, of: Feature(\"B13\")), Terrain(River))))\n…\nspecial_rules: [(printed: \"Rivers may only be entered at bridges and fords.\", effect: RiverOnlyAtCrossings)],",
                split_from: "DEP009",
            }
            SideWithoutUnits = "DEP010" {
                severity: Error,
                family: Deployment,
                rule: Some("11.0"),
                title: "a side without a single unit",
                explanation: "Every scenario gives each side its forces (11.0): a side whose groups have \
                    no units at all has nothing to play with, so the file is not yet a scenario. Give \
                    its groups their units (each group without any is otherwise DEP004).",
                bad: "(id: \"red\", …, groups: [(id: \"a\", units: {}, entry: …)])",
                fixed: "(id: \"red\", …, groups: [(id: \"a\", units: {MZ: 6, MA: 1}, entry: …)])",
            }
            NoEntryHexes = "DEP012" {
                severity: Warning,
                family: Deployment,
                rule: Some("4.5, 7.7"),
                title: "a side without friendly entry hexes",
                explanation: "Musket & Saber: blocked reinforcements slide \"along that map edge towards \
                    the next friendly entry hex\" (4.5), and retreats go \"closer to one of its side's \
                    entry hexes\" (7.7), so each side needs its entry hexes. The side lists none; type \
                    them from the game's map or scenario rules.",
                bad: "entry_hexes: [],",
                fixed: "entry_hexes: [\"1008\"],",
            }
            Replacements = "DEP013" {
                severity: Warning,
                family: Deployment,
                rule: Some("11.4"),
                title: "replacement steps or their re-entry hexes not stated",
                explanation: "Musket & Saber: \"The scenario rules state how many lost steps a player is \
                    able to recover\", and a recovered unit enters \"at a location specified in the \
                    scenario rules\" (11.4). The side says neither how many steps (write \
                    `replacement_steps: Some(0)` if none), or has steps but no `reentry_hexes`.",
                bad: "entry_hexes: [\"1008\"],\nreplacement_steps: Some(2),   // no reentry_hexes",
                fixed: "replacement_steps: Some(2),\nreentry_hexes: [\"1008\"],",
            }
            LoneLeader = "DEP014" {
                severity: Warning,
                family: Deployment,
                rule: Some("10.0, 6.1"),
                title: "a lone leader set up next to an enemy combat unit",
                explanation: "Musket & Saber: the six hexes adjacent to a combat unit are its zone of \
                    control (6.1), and a leader \"may not enter an EZOC unless moving with a friendly unit \
                    or the hex contains a friendly unit\"; it retreats \"anytime an enemy unit moves \
                    adjacent to a lone leader\", and is captured if it cannot (10.0). A leader set up with \
                    no friendly combat unit in its hex, adjacent to an enemy combat unit, starts where \
                    it could not have moved. Set it up with a friendly unit; if the scenario rules put \
                    it there, say so in an interpretation note that explains DEP014.",
                bad: "(side: \"red\", units: [\"Gen Z\"], at: \"0203\"),   // alone, beside Blue's 1 Bde in 0202",
                fixed: "(side: \"red\", units: [\"Gen Z\"], at: \"0808\"),   // beside its own 9 Bde, far from Blue",
            }
        } $($rest)* }
    };
}
