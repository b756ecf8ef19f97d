//! Every check family runs on a scenario without special rules: one mistake per row, made in a
//! base scenario that has none, must give its code. A check appended after another check's
//! early return (as `one_alternative` once was, after the river rule's, so that a split
//! set-up checked clean unless the scenario had `RiverOnlyAtCrossings`) fails its row here.

use std::collections::BTreeSet;

use saber_schema::diagnostic::{Code, Family, REGISTRY};
use saber_schema::pipeline::check_source;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::Source;
use saber_tests::repo;

/// The good skirmish scenario with its special rules taken out.
fn base() -> String {
    let text =
        std::fs::read_to_string(repo("tests/fixtures/good/skirmish-at-the-bridge.ron")).unwrap();
    let start = text.find("    special_rules: [").expect("special rules");
    let end = start + text[start..].find("    ],\n").expect("their end") + "    ],\n".len();
    format!("{}    special_rules: [],\n{}", &text[..start], &text[end..])
}

/// What one row changes in the base: each `(from, to)` replaced once.
struct Row {
    family: Family,
    what: &'static str,
    edits: &'static [(&'static str, &'static str)],
    code: Code,
}

const SETUP_END: &str = "    notes: \"An invented action for testing.\",\n";

const ROWS: &[Row] = &[
    Row {
        family: Family::References,
        what: "deploys_first names no side",
        edits: &[("deploys_first: \"north\"", "deploys_first: \"nort\"")],
        code: Code::UnknownSide,
    },
    Row {
        family: Family::References,
        what: "a zone names a feature the map lacks",
        edits: &[("of: Feature(\"H2\")", "of: Feature(\"H9\")")],
        code: Code::UnknownFeature,
    },
    Row {
        family: Family::Zones,
        what: "a sector at least 5 but within 3",
        edits: &[(
            "Within(distance: 1, of: Feature(\"H2\"))",
            "Sector(toward: N, of: Feature(\"H2\"), within: Some(3), at_least: Some(5))",
        )],
        code: Code::ZoneParameter,
    },
    Row {
        family: Family::Stacking,
        what: "four MZ in one hex",
        edits: &[(
            SETUP_END,
            "    notes: \"An invented action for testing.\",\n    setup: [\n        (side: \"north\", group: \"a\", counter: Unit(MZ), at: (3, 3)),\n        (side: \"north\", group: \"a\", counter: Unit(MZ), at: (3, 3)),\n        (side: \"north\", group: \"a\", counter: Unit(MZ), at: (3, 3)),\n        (side: \"north\", group: \"a\", counter: Unit(MZ), at: (3, 3)),\n    ],\n",
        )],
        code: Code::OverStacked,
    },
    Row {
        family: Family::Deployment,
        what: "a group's placements split over two alternatives of a choice (11.14)",
        edits: &[
            (
                "Within(distance: 1, of: Feature(\"H2\"))",
                "OneOf([Feature(\"H2\"), Feature(\"W3\")])",
            ),
            (
                SETUP_END,
                "    notes: \"An invented action for testing.\",\n    setup: [\n        (side: \"north\", group: \"a\", counter: Unit(MZ), at: (3, 2)),\n        (side: \"north\", group: \"a\", counter: Unit(MZ), at: (9, 3)),\n    ],\n",
            ),
        ],
        code: Code::PlacementOutsideZone,
    },
    Row {
        family: Family::Deployment,
        what: "both sides in one colour",
        edits: &[("color: Red", "color: Blue")],
        code: Code::SameColors,
    },
    Row {
        family: Family::Turns,
        what: "an arrival after the last Game-Turn",
        edits: &[("turn: 3", "turn: 12")],
        code: Code::ArrivalTurn,
    },
    Row {
        family: Family::Victory,
        what: "a victory turn past the game",
        edits: &[("when: EndOfGame", "when: EndOfTurn(12)")],
        code: Code::VictoryTurn,
    },
    Row {
        family: Family::Markers,
        what: "trenches for a group that arrives",
        edits: &[("units: {BA: 1}", "units: {BA: 1}, markers: {Trench: 1}")],
        code: Code::TrenchesWithoutDeployment,
    },
    Row {
        family: Family::SpecialRules,
        what: "a range rule for unit types the side lacks",
        edits: &[(
            "special_rules: []",
            "special_rules: [(printed: \"x\", effect: Range(side: \"north\", kinds: [BA], range: 12))]",
        )],
        code: Code::SpecialRuleTarget,
    },
];

fn codes(text: &str) -> Vec<Code> {
    let mut reg = MapRegistry::new();
    reg.add_root(&repo("tests/fixtures/maps")).unwrap();
    let src = Source::from_text(repo("tests/fixtures/good/base.ron"), text);
    check_source(&src, &reg)
        .diagnostics
        .iter()
        .map(|d| d.code)
        .collect()
}

#[test]
fn the_base_has_no_special_rules_and_checks_clean() {
    let base = base();
    assert!(base.contains("special_rules: [],"), "{base}");
    assert_eq!(codes(&base), vec![], "{base}");
}

#[test]
fn every_check_family_reports_on_a_scenario_without_special_rules() {
    let base = base();
    let mut failures = Vec::new();
    for row in ROWS {
        let mut text = base.clone();
        for (from, to) in row.edits {
            assert!(
                text.contains(from),
                "{}: `{from}` not in the base",
                row.what
            );
            text = text.replacen(from, to, 1);
        }
        let found = codes(&text);
        if !found.contains(&row.code) {
            failures.push(format!(
                "{} ({}): expected {}, got {found:?}",
                row.what, row.family, row.code
            ));
        }
        assert_eq!(row.code.info().family, row.family, "{}", row.what);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The table has a row for every family of rule checks a scenario goes through.
#[test]
fn the_table_covers_every_scenario_check_family() {
    let scenario_families = [
        Family::References,
        Family::Zones,
        Family::Stacking,
        Family::Deployment,
        Family::Turns,
        Family::Victory,
        Family::Markers,
        Family::SpecialRules,
    ];
    let covered: BTreeSet<Family> = ROWS.iter().map(|r| r.family).collect();
    for f in scenario_families {
        assert!(covered.contains(&f), "no row for {f}");
        assert!(REGISTRY.iter().any(|i| i.family == f), "{f}");
    }
}

/// A file written before DEP009 was split keeps its meaning: an interpretation note that
/// `explains` DEP009 still explains the zone warning now reported as DEP011 (a note).
#[test]
fn a_note_explaining_the_code_a_warning_was_split_from_still_explains_it() {
    let text = std::fs::read_to_string(repo("tests/fixtures/bad/setup-on-river.ron")).unwrap();
    assert!(text.contains("    interpretations: [\n"));
    let explained = text.replacen(
        "    interpretations: [\n",
        "    interpretations: [\n        (rule: \"11.5\", text: \"…\", reading: \"…\", explains: [\"DEP009\"]),\n",
        1,
    );
    let severity = |text: &str| {
        let mut reg = MapRegistry::new();
        reg.add_root(&repo("tests/fixtures/maps")).unwrap();
        let src = Source::from_text(repo("tests/fixtures/bad/setup-on-river.ron"), text);
        check_source(&src, &reg)
            .diagnostics
            .iter()
            .find(|d| d.code == Code::ZoneOnRiver)
            .map(|d| d.severity)
    };
    use saber_schema::diagnostic::Severity;
    assert_eq!(severity(&text), Some(Severity::Warning));
    assert_eq!(severity(&explained), Some(Severity::Note));
}

/// The findings' paths, made only when a finding is made, are where each mistake is written:
/// a turn in a goal and in a ladder's rung (VIC002), a side named by a victory condition and
/// by a placement (REF003), a deploying group's zone (DEP001).
#[test]
fn findings_are_told_at_their_paths() {
    let text = base()
        .replace(
            "            side: \"south\",\n            goal: Hold(target: Feature(\"V1\"), when: EndOfGame),",
            "            side: \"sout\",\n            goal: All([Hold(target: Feature(\"V1\"), when: EndOfTurn(9)), Exit(count: AtLeast(1), counters: [], via: Edge(West), by_turn: 12)]),\n            outcome: Graded(by_turn: [(turn: 0, result: (winner: \"south\", level: Marginal))], otherwise: (winner: \"north\", level: Marginal)),",
        )
        .replace(
            SETUP_END,
            "    notes: \"An invented action for testing.\",\n    setup: [(side: \"nort\", group: \"a\", counter: Unit(MZ), at: (3, 3))],\n",
        );
    let mut reg = MapRegistry::new();
    reg.add_root(&repo("tests/fixtures/maps")).unwrap();
    let src = Source::from_text(repo("tests/fixtures/good/base.ron"), &text);
    let found: BTreeSet<(Code, String)> = check_source(&src, &reg)
        .diagnostics
        .iter()
        .filter_map(|d| Some((d.code, saber_schema::diagnostic::pointer(d.path.as_ref()?))))
        .collect();
    for want in [
        (Code::VictoryTurn, "/victory/0/goal/Hold/when"),
        (Code::VictoryTurn, "/victory/0/goal/Exit/by_turn"),
        (
            Code::VictoryTurn,
            "/victory/0/outcome/Graded/by_turn/0/turn",
        ),
        (Code::UnknownSide, "/victory/0/side"),
        (Code::UnknownSide, "/setup/0/side"),
    ] {
        assert!(
            found.contains(&(want.0, want.1.to_string())),
            "{want:?} not in {found:?}"
        );
    }
}
