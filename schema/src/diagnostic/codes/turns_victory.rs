//! The registry's rows of one family of codes. Game length, arrivals and victory: TRN, VIC. One
//! registry: these rows are handed to `registry!` in `codes.rs` in their place in the order of
//! codes, with every other family's.

/// Hands this family's rows, after the rows collected so far, to the next family (or the
/// registry).
macro_rules! turns_victory_codes {
    ($cb:ident { $($rows:tt)* } $($rest:ident)*) => {
        $cb! { @collect { $($rows)*
            GameLength = "TRN001" {
                severity: Error,
                family: Turns,
                rule: Some("15.0"),
                title: "game longer than the Turn Record Track",
                explanation: "The Game-Turn marker advances along the Turn Record Track (15.0), which has \
                    20 spaces: a game lasts from 1 to 20 Game-Turns.",
                bad: "game_length: 25,",
                fixed: "game_length: 20,",
            }
            ArrivalTurn = "TRN002" {
                severity: Error,
                family: Turns,
                rule: Some("15.0"),
                title: "arrival outside the game",
                explanation: "A group arrives on a Game-Turn the game never reaches (or on turn 0): \
                    arrivals come on a Game-Turn from 1 to the game's length (15.0).",
                bad: "entry: Arrive(turn: 12, at: RoadEntry(\"South\"))\n…\ngame_length: 10,",
                fixed: "entry: Arrive(turn: 8, at: RoadEntry(\"South\"))\n…\ngame_length: 10,",
            }
            ArrivalNotOnEdge = "TRN003" {
                severity: Error,
                family: Turns,
                rule: Some("11.0"),
                title: "arrival not on the map edge",
                explanation: "Reinforcements enter from the map edge (11.0), but some hexes of the \
                    group's arrival zone are inland. Intersect the zone with an `Edge(..)`, or arrive by \
                    a road entry.",
                bad: "entry: Arrive(turn: 3, at: Within(distance: 2, of: Feature(\"V4\")))",
                fixed: "entry: Arrive(turn: 3, at: RoadEntry(\"South\"))",
                zones: Consequence,
            }
            RoadNotOnEdge = "TRN004" {
                severity: Error,
                family: Turns,
                rule: Some("11.0"),
                title: "road does not reach an edge",
                explanation: "A `RoadEntry` arrival enters where the road leaves the map, but this road \
                    reaches no map edge. Extend the road to the edge in the map, or arrive by an edge.",
                bad: "(id: \"b\", units: {BA: 1}, entry: Arrive(turn: 3, at: RoadEntry(\"East\"))),   // this map's East road ends inland",
                fixed: "(id: \"b\", units: {BA: 1}, entry: Arrive(turn: 3, at: Edge(East))),",
                zones: Cause,
            }
            ArrivalNotEntryHex = "TRN005" {
                severity: Warning,
                family: Turns,
                rule: Some("4.5, 7.7"),
                title: "reinforcements entering at a hex not among their side's entry hexes",
                explanation: "Musket & Saber: a reinforcement's \"identified entry hex is the first hex of \
                    movement\", and one that cannot enter there slides \"towards the next friendly entry \
                    hex\" (4.5); retreats go \"closer to one of its side's entry hexes\" (7.7). Read so, \
                    a side's reinforcements enter at its own friendly entry hexes, and this line's hex \
                    is not one of the side's `entry_hexes` (it may be the enemy's). Add it to the side's \
                    entry hexes, or correct the line; if the scenario rules bring the unit in elsewhere, \
                    say so in an interpretation note that explains TRN005.",
                bad: "entry_hexes: [\"0101\"], … turn: \"1545\", at: \"0105\",",
                fixed: "entry_hexes: [\"0101\"], … turn: \"1545\", at: \"0101\",",
            }
            ExitImpossible = "VIC001" {
                severity: Error,
                family: Victory,
                rule: Some("11.0, 11.9"),
                title: "exit goal that cannot be met",
                explanation: "An `Exit` victory goal asks a side to move off more counters of a kind \
                    than it has, gives a fraction that is not between 0 and 1, or asks counters to exit \
                    that a special rule keeps from moving for the whole game (11.9: \"may not move\").",
                bad: "units: {MZ: 8}, …\ngoal: Exit(count: AtLeast(10), counters: [Unit(MZ)], via: Edge(West), by_turn: 10),",
                fixed: "units: {MZ: 12}, …\ngoal: Exit(count: AtLeast(10), counters: [Unit(MZ)], via: Edge(West), by_turn: 10),",
                zones: OnComputedZones,
            }
            VictoryTurn = "VIC002" {
                severity: Error,
                family: Victory,
                rule: Some("15.0"),
                title: "turn outside the game",
                explanation: "A victory condition or special rule names a Game-Turn the game never \
                    reaches (or turn 0): turns run from 1 to the game's length (15.0).",
                bad: "game_length: 8, …\nwhen: EndOfTurn(10)",
                fixed: "game_length: 8, …\nwhen: EndOfTurn(8)",
            }
            VictoryLevels = "VIC003" {
                severity: Error,
                family: Victory,
                rule: Some("11.0"),
                title: "victory ladder out of order",
                explanation: "A graded outcome lists its levels by the Game-Turn by which the goal is met; \
                    the turns must increase from one rung to the next.",
                bad: "by_turn: [(turn: 6, result: (winner: \"blue\", level: Decisive)), (turn: 4, result: (winner: \"blue\", level: Substantive))],",
                fixed: "by_turn: [(turn: 4, result: (winner: \"blue\", level: Decisive)), (turn: 6, result: (winner: \"blue\", level: Substantive))],",
            }
            LadderJudgedAtEnd = "VIC007" {
                severity: Warning,
                family: Victory,
                rule: Some("11.0"),
                title: "victory ladder on a goal judged only at the end of the game",
                explanation: "A graded outcome grades a goal by the Game-Turn by which it is met, but \
                    this goal is judged only at the end of the game (`Hold` at `EndOfGame`, \
                    `DestroyAll`, losses), so the rungs before the last Game-Turn never apply. Grade a \
                    goal that can be met during play, or use `outcome: Wins`.",
                bad: "goal: Hold(target: Feature(\"V4\"), when: EndOfGame),\noutcome: Graded(by_turn: [(turn: 4, result: (winner: \"blue\", level: Decisive)), (turn: 8, result: (winner: \"blue\", level: Marginal))], …),",
                fixed: "goal: Hold(target: Feature(\"V4\"), when: AnyTurn),\noutcome: Graded(by_turn: [(turn: 4, result: (winner: \"blue\", level: Decisive)), (turn: 8, result: (winner: \"blue\", level: Marginal))], …),",
                split_from: "VIC003",
            }
            VictoryTarget = "VIC004" {
                severity: Error,
                family: Victory,
                rule: Some("11.0"),
                title: "victory target with no hexes",
                explanation: "A victory condition's target has no hexes on the map, or asks a side to \
                    control the enemy's set-up position when none of the enemy's groups deploys.",
                bad: "goal: Hold(target: Beyond(toward: N, of: Edge(North)), when: EndOfGame),",
                fixed: "goal: Hold(target: Feature(\"V12\"), when: EndOfGame),",
                zones: Consequence,
            }
            HoldTooFewUnits = "VIC005" {
                severity: Error,
                family: Victory,
                rule: Some("11.0"),
                title: "fewer units than hexes to hold \"all of\" a target",
                explanation: "For a side to hold a hex, a friendly unit must be in it (11.0), so holding \
                    every hex of a target takes at least as many units as the target has hexes. Hold \
                    `Any` hex of it, narrow the target, or give the side more units.",
                bad: "goal: Hold(target: Feature(\"H24\"), hexes: All, when: EndOfGame),   // 11 hexes, 8 Blue units",
                fixed: "goal: Hold(target: Feature(\"H24\"), hexes: Any, when: EndOfGame),",
            }
            MetAtSetup = "VIC006" {
                severity: Warning,
                family: Victory,
                rule: Some("11.0"),
                title: "a side already stands on the target it must hold",
                explanation: "For a side to hold a hex, a friendly unit must be in it (11.0). When a side \
                    deploys on every hex of the target it must hold, a goal judged at the end of any \
                    Game-Turn is met at the end of Game-Turn 1 without a fight, and a ladder naming the \
                    other side as the winner contradicts the condition's own side: the condition is most \
                    likely meant for the other side. Give it to the side that must take the target, or \
                    judge it at the end of the game (a defence).",
                bad: "(side: \"red\", goal: Hold(target: Feature(\"V4\"), when: AnyTurn), …)   // the Reds deploy on V4",
                fixed: "(side: \"blue\", goal: Hold(target: Feature(\"V4\"), when: AnyTurn), …)",
            }
            NoVictoryCondition = "VIC008" {
                severity: Note,
                family: Victory,
                rule: Some("3.4"),
                title: "a side without a victory condition",
                explanation: "Musket & Saber: \"The specific victory conditions for each player are \
                    listed in the scenario rules\" (3.4). No condition is the side's (or either side's), \
                    and no outcome makes it the winner: a plain win gives the other side the victory when \
                    the goal is not met; a graded outcome names its winners. Type the conditions from \
                    the scenario rules.",
                bad: "victory: [],",
                fixed: "victory: [\n(side: \"blue\", goal: Hold(target: Hexes([\"0807\"]), when: EndOfGame)),   // Red wins if Blue fails",
            }
        } $($rest)* }
    };
}
