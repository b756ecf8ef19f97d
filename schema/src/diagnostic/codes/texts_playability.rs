//! The registry's rows of one family of codes. Printed texts and playability: TXT, PLY. One
//! registry: these rows are handed to `registry!` in `codes.rs` in their place in the order of
//! codes, with every other family's.

/// Hands this family's rows, after the rows collected so far, to the next family (or the
/// registry).
macro_rules! texts_playability_codes {
    ($cb:ident { $($rows:tt)* } $($rest:ident)*) => {
        $cb! { @collect { $($rows)*
            EmptyText = "TXT001" {
                severity: Warning,
                family: Texts,
                rule: None,
                title: "a text left empty",
                explanation: "The scenario's date, each victory condition's printed wording and the \
                    historical note are printed on the scenario card; a skeleton (`saberc new`) leaves \
                    them empty for the designer to fill in, and `saberc check` names each one still \
                    empty. Write the text.",
                bad: "date: \"\",",
                fixed: "date: \"7 July 1857\",",
            }
            StartingPoint = "TXT002" {
                severity: Warning,
                family: Texts,
                rule: Some("11.0"),
                title: "a starting point still to be set by the designer",
                explanation: "A scenario factored from a battle (`saberc factor --format ron`, or the \
                    editor's wizard, 11.18) gets starting points for what the rules leave to the \
                    scenario (11.0): deployment zones around V4 and H26, who deploys and moves first, and \
                    a victory condition, each marked \"to be set by the designer\". While a victory \
                    condition's wording or an interpretation note still says so, the scenario is not \
                    done: set those values, then rewrite the wording or note without the mark.",
                bad: "printed: \"The Blues must hold V4 at the end of the game (to be set by the designer).\",",
                fixed: "printed: \"The Blues must hold V4 at the end of the game.\",",
            }
            TargetOutOfReach = "PLY001" {
                severity: Error,
                family: Playability,
                rule: Some("4.0, 9.2"),
                title: "no path reaches a place a victory condition names",
                explanation: "No unit of the side that must reach this place (a hex to hold, an exit, \
                    the enemy's set-up) can get there by any path from where it deploys or arrives, \
                    whatever its Movement Allowance: the hexes the scenario forbids it (river hexes \
                    where rivers may be entered only at bridges and fords, 11.5; non-road hexes for \
                    limbers, 11.17), the crossings a `RiverCrossing` rule does not allow, or the map's \
                    edges cut it off. Enemy units are left out and every unclear text is read in the \
                    side's favour, so the goal is impossible in every game. `saberc analyze` shows the \
                    least costs (it analyses a file whose only errors are these findings); allow a \
                    crossing, move the zone or the target.",
                bad: "(printed: \"The Southerners cross at R5.\", effect: RiverCrossing(side: \"south\", at: Feature(\"R5\"))),   // R5's hexes are river, which they may not enter",
                fixed: "(printed: \"The Southerners cross at B4.\", effect: RiverCrossing(side: \"south\", at: Feature(\"B4\"))),",
                zones: OnComputedZones,
            }
            TargetTooFar = "PLY002" {
                severity: Error,
                family: Playability,
                rule: Some("4C, 4H"),
                title: "a goal no unit can reach by its Game-Turn",
                explanation: "Every unit of the side that counts for this goal has a known Movement \
                    Allowance (a special rule, the scenario's `counter_values`), and even the fastest, \
                    moving its full allowance every Movement Phase from the best hex of its zone (or from \
                    its entry on its arrival turn) along the cheapest path, with no enemy in the way and \
                    mounted units charging at twelve (4K), stands on the place only after the goal's \
                    Game-Turn: unused points are lost at the end of each phase (4C) and a hex is entered \
                    only with enough points left for it (4H). Give the goal more turns, or the side a \
                    nearer zone.",
                bad: "goal: Hold(target: Feature(\"V1\"), when: EndOfTurn(2)),\n…\ncounter_values: {EB: (movement: Some((value: 1, source: \"a test counter sheet\")))},",
                fixed: "goal: Hold(target: Feature(\"V1\"), when: EndOfTurn(8)),\n…\ncounter_values: {EB: (movement: Some((value: 1, source: \"a test counter sheet\")))},",
                zones: OnComputedZones,
            }
            TargetNeedsAllowance = "PLY003" {
                severity: Note,
                family: Playability,
                rule: Some("4C, 4K"),
                title: "a goal that needs a Movement Allowance over twelve",
                explanation: "The Movement Allowance of the side's units is not known (the rules print \
                    none; give `counter_values`), but the cheapest path to this place costs more \
                    Movement Points than twelve a phase over the Movement Phases before the goal's \
                    Game-Turn, and twelve is the most the rules let a unit spend in a phase (the \
                    Cavalry Charge, 4K). Unless your counters print larger allowances, the goal cannot \
                    be met. `saberc analyze` gives the least cost and path.",
                bad: "goal: Hold(target: Corner(SouthEast), hexes: Any, when: EndOfTurn(1)),   // 29 MP away",
                fixed: "goal: Hold(target: Corner(SouthEast), hexes: Any, when: EndOfTurn(8)),",
                zones: OnComputedZones,
            }
            ZoneEnclosed = "PLY004" {
                severity: Warning,
                family: Playability,
                rule: Some("4.0, 11.0"),
                title: "a group can never leave its deployment zone",
                explanation: "Every hex next to this group's deployment zone is one its units may not \
                    enter (river hexes where rivers may be entered only at bridges and fords, 11.5; \
                    crossings a `RiverCrossing` rule does not allow) or off the map, and its side must \
                    reach a place outside the zone: the group can never take part. Widen the zone or \
                    allow a crossing.",
                bad: "(id: \"a\", units: {EB: 6, CY: 2}, entry: Deploy(zone: RiverSide(South))),\n…\n(printed: \"The Southerners cross at R5.\", effect: RiverCrossing(side: \"south\", at: Feature(\"R5\"))),",
                fixed: "(id: \"a\", units: {EB: 6, CY: 2}, entry: Deploy(zone: RiverSide(South))),\n…\n(printed: \"The Southerners cross at B4 or R5.\", effect: RiverCrossing(side: \"south\", at: Union([Feature(\"B4\"), Feature(\"R5\")]))),",
                zones: OnComputedZones,
            }
            TargetOutOfReachStrictly = "PLY005" {
                severity: Note,
                family: Playability,
                rule: Some("4.0, 9.2"),
                title: "no path reaches a place under a strict reading of the rules",
                explanation: "Under the lenient readings of the rules where their text reads two ways \
                    (the book's \"Playability readings\", docs/designer/analysis.md), a unit of the \
                    side can reach this place; under a strict one (named in the message) none can: \
                    most often a `RiverCrossing` rule read as forbidding every other river hex rather \
                    than every other crossing. The goal is not impossible, so this is a note: if you \
                    read the rule strictly, move the zone or the target or allow a crossing; \
                    otherwise record your reading.",
                bad: "(printed: \"The Southerners may cross only at B4.\", effect: RiverCrossing(side: \"south\", at: Feature(\"B4\"))),   // the goal is in R5, on the river",
                fixed: "(printed: \"The Southerners may cross at B4 or anywhere on R5.\", effect: RiverCrossing(side: \"south\", at: Union([Feature(\"B4\"), Feature(\"R5\")]))),",
                zones: OnComputedZones,
                split_from: "PLY001",
            }
            TargetTooFarStrictly = "PLY006" {
                severity: Note,
                family: Playability,
                rule: Some("4C, 4H, 4M, 9.2"),
                title: "a goal no unit reaches by its Game-Turn under a strict reading of the rules",
                explanation: "Under the lenient readings of the rules where their text reads two ways \
                    (the book's \"Playability readings\", docs/designer/analysis.md), the fastest unit of \
                    the side reaches this place by the goal's Game-Turn; under a strict one (named in \
                    the message) it does not: a ridge hexside crossed along a road adding 1 MP (9.2) \
                    to the Road Movement Rate (4M), or a road's edge hex entered from off the map at \
                    its other terrain. The goal is not impossible, so this is a note: if you read the \
                    rule strictly, give the goal a Game-Turn more; otherwise record your reading.",
                bad: "goal: Hold(target: Feature(\"B4\"), when: EndOfTurn(1)),   // arriving by the South road at 1 MP a phase",
                fixed: "goal: Hold(target: Feature(\"B4\"), when: EndOfTurn(2)),",
                zones: OnComputedZones,
                split_from: "PLY002",
            }
        } $($rest)* }
    };
}
