//! The registry's rows of one family of codes. Markers and special rules: MRK, SPR. One registry:
//! these rows are handed to `registry!` in `codes.rs` in their place in the order of codes, with
//! every other family's.

/// Hands this family's rows, after the rows collected so far, to the next family (or the
/// registry).
macro_rules! markers_codes {
    ($cb:ident { $($rows:tt)* } $($rest:ident)*) => {
        $cb! { @collect { $($rows)*
            TrenchesWithoutDeployment = "MRK001" {
                severity: Error,
                family: Markers,
                rule: Some("10.2, 10.3"),
                title: "trenches or improved positions for an arriving group",
                explanation: "Trench and Improved Position markers are placed on friendly-occupied hexes \
                    before the game begins (10.2, 10.3), so only a group that deploys can hold them; \
                    this group arrives during play. Give the markers to a deploying group.",
                bad: "(id: \"b\", units: {CY: 2}, markers: {Trench: 2}, entry: Arrive(turn: 3, at: RoadEntry(\"South\")))",
                fixed: "(id: \"a\", units: {MZ: 6}, markers: {Trench: 2}, entry: Deploy(zone: Within(distance: 1, of: Feature(\"V12\"))))",
            }
            MarkerPlacement = "MRK002" {
                severity: Error,
                family: Markers,
                rule: Some("10.2, 10.3, 11.0"),
                title: "marker placed where it may not be",
                explanation: "A Trench or Improved Position marker is placed on a hex no unit of its side \
                    occupies (10.2, 10.3), or where a special rule forbids markers during deployment.",
                bad: "(side: \"red\", group: \"a\", counter: Marker(Trench), at: (24, 17)),   // no red unit there",
                fixed: "(side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17)),\n(side: \"red\", group: \"a\", counter: Marker(Trench), at: (24, 17)),",
            }
            MarkerCount = "MRK003" {
                severity: Warning,
                family: Markers,
                rule: Some("10.2, 10.3"),
                title: "more markers than units to hold them",
                explanation: "A group has more Trench or Improved Position markers than units. A marker \
                    only counts on a friendly-occupied hex (10.2, 10.3), so the extra markers can never \
                    be used.",
                bad: "(id: \"a\", units: {MZ: 2}, markers: {IP: 5}, …)",
                fixed: "(id: \"a\", units: {MZ: 5}, markers: {IP: 5}, …)",
            }
            LimbersWithoutGuns = "MRK004" {
                severity: Warning,
                family: Markers,
                rule: Some("4J"),
                title: "limbers without guns",
                explanation: "A Limber marker sits on an artillery or machine-gun unit (4J); the side has \
                    more limbers than such units. For limbers that are counters of their own (11.17), \
                    add a `LimberCounters` special rule.",
                bad: "units: {MZ: 6}, markers: {Limber: 2},",
                fixed: "units: {MZ: 6, MA: 2}, markers: {Limber: 2},",
            }
            MarkersBeyondZone = "MRK005" {
                severity: Warning,
                family: Markers,
                rule: Some("10.2, 10.3"),
                title: "more trenches or improved positions than the zone has hexes",
                explanation: "Trench and Improved Position markers go one to a friendly-occupied hex \
                    (10.2, 10.3); a group with more of them than its deployment zone has hexes cannot \
                    place them all.",
                bad: "(id: \"a\", units: {MZ: 10, MA: 1}, markers: {Trench: 9}, entry: Deploy(zone: Feature(\"H26\")))   // H26 has 8 hexes",
                fixed: "(id: \"a\", units: {MZ: 10, MA: 1}, markers: {Trench: 8}, entry: Deploy(zone: Feature(\"H26\")))",
                zones: OnComputedZones,
            }
            LimberRoadHexes = "MRK006" {
                severity: Error,
                family: Markers,
                rule: Some("11.17"),
                title: "road-bound limbers without road hexes in their zone",
                explanation: "Limber counters that must be placed on road hexes (11.17: \"Limbers must be \
                    placed on road hexes\") need road hexes in their group's deployment zone; this zone has none, so the \
                    limbers cannot be placed at all. Put a road in the zone.",
                bad: "(id: \"a\", units: {MZ: 4, MA: 4}, markers: {Limber: 4}, entry: Deploy(zone: Feature(\"H26\")))   // no road on H26\n…\nspecial_rules: [(printed: \"Limbers must be placed on road hexes.\", effect: LimberCounters(side: \"red\", …, road_only: true, …))],",
                fixed: "(id: \"a\", units: {MZ: 4, MA: 4}, markers: {Limber: 4}, entry: Deploy(zone: RoadStretch(road: \"East\", from: Feature(\"V6\"), to: Edge(East))))\n…\nspecial_rules: [(printed: \"Limbers must be placed on road hexes.\", effect: LimberCounters(side: \"red\", …, road_only: true, …))],",
                zones: OnComputedZones,
            }
            FewLimberRoadHexes = "MRK007" {
                severity: Warning,
                family: Markers,
                rule: Some("11.17"),
                title: "fewer road hexes than road-bound limbers",
                explanation: "Limber counters that must be placed on road hexes (11.17: \"Limbers must be \
                    placed on road hexes\") have fewer road hexes in their group's zone than there are \
                    limbers. Limbers stack, so it is legal, but the scenario likely meant a longer \
                    stretch of road.",
                bad: "(id: \"a\", units: {MZ: 4, MA: 4}, markers: {Limber: 4}, entry: Deploy(zone: Feature(\"V6\")))   // two road hexes\n…\nspecial_rules: [(printed: \"Limbers must be placed on road hexes.\", effect: LimberCounters(side: \"red\", …, road_only: true, …))],",
                fixed: "(id: \"a\", units: {MZ: 4, MA: 4}, markers: {Limber: 4}, entry: Deploy(zone: RoadStretch(road: \"East\", from: Feature(\"V6\"), to: Edge(East))))\n…\nspecial_rules: [(printed: \"Limbers must be placed on road hexes.\", effect: LimberCounters(side: \"red\", …, road_only: true, …))],",
                zones: OnComputedZones,
                split_from: "MRK006",
            }
            SpecialRuleTarget = "SPR001" {
                severity: Warning,
                family: SpecialRules,
                rule: Some("11.0"),
                title: "special rule that changes nothing",
                explanation: "A special rule names unit types the side does not have, or limber counters \
                    of a side with no Limber markers, so it has no effect; usually the side or the types \
                    are wrong.",
                bad: "effect: Range(side: \"boers\", kinds: [BA], range: 12),   // the Boers have no BA",
                fixed: "effect: Range(side: \"british\", kinds: [BA], range: 12),",
                zones: Consequence,
            }
            OwnDisruptionArea = "SPR002" {
                severity: Warning,
                family: SpecialRules,
                rule: Some("11.13"),
                title: "a side deploys in, or must take, its own proximity-disruption area",
                explanation: "A proximity-disruption rule (11.13: \"Russians may not approach within 3 \
                    hexes of H24 or H28\") disrupts the side's units at once inside the area, so the \
                    side should neither deploy there nor have its victory target there. It may be \
                    intended: then explain the reading in `interpretations`.",
                bad: "entry: Deploy(zone: Within(distance: 2, of: Feature(\"H24\")))\n…\neffect: ProximityDisruption(side: \"russians\", distance: 3, of: Feature(\"H24\"))",
                fixed: "entry: Deploy(zone: AtLeast(distance: 4, from: Feature(\"H24\")))\n…\neffect: ProximityDisruption(side: \"russians\", distance: 3, of: Feature(\"H24\"))",
            }
            MarkersForbiddenEverywhere = "SPR003" {
                severity: Error,
                family: SpecialRules,
                rule: Some("11.8"),
                title: "markers \"as desired\" forbidden on every hex the side may deploy in",
                explanation: "A rule lets a side place markers as desired (11.8) while another forbids \
                    the same markers on every hex the side may deploy in, so none can be placed at all. \
                    Narrow the `NoMarkersIn` zone to the hexes the rules name, or drop one of the rules.",
                bad: "effect: MarkersAsDesired(side: \"danes\", marker: Trench)\n…\neffect: NoMarkersIn(side: \"danes\", marker: Trench, zone: Everywhere)",
                fixed: "effect: MarkersAsDesired(side: \"danes\", marker: Trench)\n…\neffect: NoMarkersIn(side: \"danes\", marker: Trench, zone: Feature(\"V4\"))",
                zones: OnComputedZones,
            }
        } $($rest)* }
    };
}
