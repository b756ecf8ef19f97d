//! Random well-formed scenarios on the built-in Rifle & Saber map, written as RON and run
//! through the whole pipeline: checking never panics, every located diagnostic points inside the
//! text, the JSON form draws the same findings, and a scenario without errors exports to a
//! document valid against export.schema.json.

use std::cell::Cell;
use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use saber_schema::builtin::rifle_and_saber;
use saber_schema::model::counter::Counter;
use saber_schema::model::hex::{Compass, Coord, Corner, Edge};
use saber_schema::model::scenario::{CounterColor, Entry, Group, SCENARIO_FORMAT, Scenario, Side};
use saber_schema::model::special_rule::{Effect, LimberLoss, SpecialRule};
use saber_schema::model::victory::{
    ExitCount, Goal, GradedResult, HoldHexes, Level, Outcome, Result as VictoryResult,
    VictoryCondition, When,
};
use saber_schema::model::zone::Zone;
use saber_schema::output::export::export;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::schema::validate_export;
use saber_schema::pipeline::{check_source, compile_scenario};
use saber_schema::ruleset::{MarkerKind, Morale, Terrain, UnitKind};

/// What the zone strategies draw from: the built-in map's feature codes, road names and size.
#[derive(Clone)]
struct MapFacts {
    features: Vec<String>,
    roads: Vec<String>,
    width: i32,
    height: i32,
}

fn map_facts() -> MapFacts {
    let map = rifle_and_saber();
    MapFacts {
        features: map.features.iter().map(|f| f.code.clone()).collect(),
        roads: map.roads.iter().filter_map(|r| r.name.clone()).collect(),
        width: map.grid.width as i32,
        height: map.grid.height as i32,
    }
}

fn compass() -> impl Strategy<Value = Compass> {
    proptest::sample::select(Compass::ALL.to_vec())
}

fn edge() -> impl Strategy<Value = Edge> {
    proptest::sample::select(Edge::ALL.to_vec())
}

fn corner() -> impl Strategy<Value = Corner> {
    proptest::sample::select(vec![
        Corner::NorthEast,
        Corner::NorthWest,
        Corner::SouthEast,
        Corner::SouthWest,
    ])
}

fn unit_kind() -> impl Strategy<Value = UnitKind> {
    proptest::sample::select(UnitKind::ALL.to_vec())
}

fn marker_kind() -> impl Strategy<Value = MarkerKind> {
    proptest::sample::select(vec![MarkerKind::Trench, MarkerKind::IP, MarkerKind::Limber])
}

fn feature(f: &MapFacts) -> impl Strategy<Value = Zone> + use<> {
    proptest::sample::select(f.features.clone()).prop_map(Zone::Feature)
}

/// Zones without sub-zones.
fn leaf_zone(f: &MapFacts) -> impl Strategy<Value = Zone> + use<> {
    let (w, h) = (f.width, f.height);
    let roads = f.roads.clone();
    prop_oneof![
        6 => feature(f),
        1 => Just(Zone::Everywhere),
        1 => proptest::collection::vec((1..=w, 1..=h).prop_map(|(c, r)| Coord(c, r)), 1..8)
            .prop_map(Zone::Hexes),
        1 => corner().prop_map(Zone::Corner),
        2 => edge().prop_map(Zone::Edge),
        1 => proptest::sample::select(roads.clone()).prop_map(Zone::Road),
        1 => proptest::sample::select(roads).prop_map(Zone::RoadEntry),
        1 => Just(Zone::AnyRoad),
        1 => proptest::sample::select(Terrain::ALL.to_vec()).prop_map(Zone::Terrain),
        1 => Just(Zone::Slopes),
        1 => edge().prop_map(Zone::RiverSide),
        1 => Just(Zone::EnemyDeployment),
        1 => Just(Zone::EnemyUnits),
    ]
}

/// Random zone-language trees over the map's features.
fn zone(f: &MapFacts) -> impl Strategy<Value = Zone> + use<> {
    let roads = f.roads.clone();
    leaf_zone(f).prop_recursive(3, 12, 3, move |inner| {
        let boxed = inner.clone().prop_map(Box::new);
        prop_oneof![
            3 => (0u32..6, boxed.clone()).prop_map(|(distance, of)| Zone::Within { distance, of }),
            1 => (1u32..10, boxed.clone()).prop_map(|(distance, from)| Zone::AtLeast { distance, from }),
            1 => (compass(), boxed.clone(), proptest::option::of(1u32..12),
                  proptest::option::of(0u32..6), 1u32..=180)
                .prop_map(|(toward, of, within, at_least, half_angle)| Zone::Sector {
                    toward, of, within, at_least, half_angle,
                }),
            1 => (compass(), boxed.clone(), any::<bool>())
                .prop_map(|(toward, of, inclusive)| Zone::Beyond { toward, of, inclusive }),
            1 => (proptest::collection::vec(inner.clone(), 2..4), any::<bool>(), 0u32..3)
                .prop_map(|(chain, include_ends, slack)| Zone::Between { chain, include_ends, slack }),
            1 => proptest::collection::vec(inner.clone(), 2..4).prop_map(Zone::Area),
            1 => proptest::collection::vec(inner.clone(), 2..4).prop_map(Zone::Line),
            1 => (proptest::sample::select(roads.clone()), boxed.clone(), boxed.clone())
                .prop_map(|(road, from, to)| Zone::RoadStretch { road, from, to }),
            1 => proptest::collection::vec(inner.clone(), 1..4).prop_map(Zone::OneOf),
            2 => proptest::collection::vec(inner.clone(), 0..4).prop_map(Zone::Union),
            1 => proptest::collection::vec(inner.clone(), 1..3).prop_map(Zone::Intersection),
            1 => (boxed.clone(), boxed).prop_map(|(a, b)| Zone::Difference(a, b)),
        ]
    })
}

fn group(f: &MapFacts, letter: char) -> impl Strategy<Value = Group> + use<> {
    let entry = prop_oneof![
        3 => (zone(f), proptest::option::of(compass()))
            .prop_map(|(zone, facing)| Entry::Deploy { zone, facing }),
        1 => (1u32..=22, zone(f)).prop_map(|(turn, at)| Entry::Arrive { turn, at }),
    ];
    (
        proptest::collection::btree_map(unit_kind(), 0u32..10, 1..4),
        proptest::collection::btree_map(marker_kind(), 0u32..4, 0..2),
        entry,
    )
        .prop_map(move |(units, markers, entry)| Group {
            id: letter.to_string(),
            units,
            markers,
            entry,
        })
}

fn side(
    f: &MapFacts,
    id: &'static str,
    color: CounterColor,
) -> impl Strategy<Value = Side> + use<> {
    let groups = (1usize..=3).prop_flat_map({
        let f = f.clone();
        move |n| {
            ('a'..='c')
                .take(n)
                .map(|l| group(&f, l))
                .collect::<Vec<_>>()
        }
    });
    (
        proptest::sample::select(vec![Morale::High, Morale::Normal, Morale::Demoralized]),
        groups,
    )
        .prop_map(move |(morale, groups)| Side {
            id: id.to_string(),
            name: id.to_uppercase(),
            color,
            morale,
            groups,
        })
}

fn goal(f: &MapFacts, sides: [&'static str; 2]) -> impl Strategy<Value = Goal> + use<> {
    let _ = sides;
    let when = prop_oneof![
        Just(When::EndOfGame),
        (1u32..=20).prop_map(When::EndOfTurn),
        (1u32..=20).prop_map(When::ByEndOfTurn),
        Just(When::AnyTurn),
        (1u32..=5).prop_map(When::ConsecutiveTurns),
    ];
    let count = prop_oneof![
        (1u32..20).prop_map(ExitCount::AtLeast),
        (1u32..=3, 2u32..=4).prop_map(|(num, den)| ExitCount::Fraction { num, den }),
        Just(ExitCount::EverySurvivor),
        Just(ExitCount::EveryCounter),
    ];
    let leaf = prop_oneof![
        3 => (zone(f), proptest::sample::select(vec![HoldHexes::Any, HoldHexes::All]), when,
              proptest::option::of(0u32..4))
            .prop_map(|(target, hexes, when, no_enemy_within)| Goal::Hold {
                target, hexes, when, no_enemy_within,
            }),
        1 => Just(Goal::DestroyAll),
        1 => (count, proptest::collection::vec(unit_kind().prop_map(Counter::Unit), 0..3),
              zone(f), 1u32..=20)
            .prop_map(|(count, counters, via, by_turn)| Goal::Exit { count, counters, via, by_turn }),
        1 => (1u32..=20).prop_map(|t| Goal::ControlEnemySetup { when: When::ByEndOfTurn(t) }),
        1 => Just(Goal::LossesNoMoreThanEnemy),
        1 => "[a-z ]{1,30}".prop_map(|text| Goal::Text { text, why: "not structured".into() }),
    ];
    leaf.prop_recursive(1, 4, 2, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 1..3).prop_map(Goal::All),
            proptest::collection::vec(inner, 1..3).prop_map(Goal::Any),
        ]
    })
}

fn victory(
    f: &MapFacts,
    sides: [&'static str; 2],
) -> impl Strategy<Value = VictoryCondition> + use<> {
    let who = proptest::sample::select(vec![sides[0], sides[1], "either"]);
    let winner = proptest::sample::select(sides.to_vec());
    let level = proptest::sample::select(vec![
        Level::Marginal,
        Level::Tactical,
        Level::Moderate,
        Level::Substantive,
        Level::Decisive,
    ]);
    let result = (winner, level).prop_map(|(w, level)| VictoryResult {
        winner: w.to_string(),
        level,
    });
    let outcome = prop_oneof![
        3 => Just(Outcome::Wins),
        1 => (proptest::collection::vec((1u32..=20, result.clone())
                .prop_map(|(turn, result)| GradedResult { turn, result }), 1..4), result)
            .prop_map(|(by_turn, otherwise)| Outcome::Graded { by_turn, otherwise }),
    ];
    (who, goal(f, sides), outcome).prop_map(|(side, goal, outcome)| VictoryCondition {
        side: side.to_string(),
        goal,
        outcome,
        printed: String::new(),
    })
}

fn effect(f: &MapFacts, sides: [&'static str; 2]) -> impl Strategy<Value = Effect> + use<> {
    let side = proptest::sample::select(sides.to_vec()).prop_map(str::to_string);
    let kinds = || proptest::collection::vec(unit_kind(), 1..3);
    prop_oneof![
        zone(f).prop_map(Effect::TreatAsClear),
        (side.clone(), kinds(), 0u32..10).prop_map(|(side, kinds, range)| Effect::Range {
            side,
            kinds,
            range
        }),
        (side.clone(), kinds(), 0u32..10).prop_map(|(side, kinds, movement)| Effect::Movement {
            side,
            kinds,
            movement
        }),
        (side.clone(), 1u32..=5).prop_map(|(side, turns)| Effect::NoMovement { side, turns }),
        Just(Effect::RiverOnlyAtCrossings),
        (side.clone(), 0u32..4, zone(f))
            .prop_map(|(side, distance, of)| Effect::ProximityDisruption { side, distance, of }),
        (side.clone(), marker_kind(), zone(f))
            .prop_map(|(side, marker, zone)| Effect::NoMarkersIn { side, marker, zone }),
        (side.clone(), marker_kind())
            .prop_map(|(side, marker)| Effect::MarkersAsDesired { side, marker }),
        (side.clone(), marker_kind(), 1u32..=4).prop_map(|(side, marker, lines)| {
            Effect::MarkersInLines {
                side,
                marker,
                lines,
            }
        }),
        (
            side.clone(),
            0u32..10,
            0u32..5,
            any::<bool>(),
            proptest::sample::select(vec![
                LimberLoss::EnemyAdjacent,
                LimberLoss::AloneAndEnemyMovesAdjacent
            ])
        )
            .prop_map(
                |(side, movement, combat_strength, road_only, eliminated_when)| {
                    Effect::LimberCounters {
                        side,
                        movement,
                        combat_strength,
                        road_only,
                        eliminated_when,
                    }
                }
            ),
        (
            side,
            proptest::collection::vec(unit_kind().prop_map(Counter::Unit), 0..2),
            zone(f)
        )
            .prop_map(|(side, counters, at)| Effect::RiverCrossing { side, counters, at }),
        Just(Effect::Text {
            why: "not structured".into()
        }),
    ]
}

/// A random scenario: two sides with random orders of battle, zones, victory and special rules.
fn scenario(f: &MapFacts) -> impl Strategy<Value = Scenario> + use<> {
    let sides = proptest::sample::select(vec![
        ["british", "sepoys"],
        ["union", "confederate"],
        ["prussia", "austria"],
    ]);
    let f = f.clone();
    (sides, any::<bool>()).prop_flat_map(move |(ids, red_first)| {
        let (c0, c1) = if red_first {
            (CounterColor::Red, CounterColor::Blue)
        } else {
            (CounterColor::Blue, CounterColor::Red)
        };
        (
            side(&f, ids[0], c0),
            side(&f, ids[1], c1),
            proptest::sample::select(ids.to_vec()),
            proptest::sample::select(ids.to_vec()),
            1u32..=20,
            proptest::collection::vec(victory(&f, ids), 0..3),
            proptest::collection::vec(
                effect(&f, ids).prop_map(|effect| SpecialRule {
                    printed: String::new(),
                    effect,
                }),
                0..3,
            ),
        )
            .prop_map(
                |(a, b, deploys_first, moves_first, game_length, victory, special_rules)| {
                    Scenario {
                        schema: None,
                        format: SCENARIO_FORMAT.to_string(),
                        game: None,
                        id: "random".into(),
                        rule: None,
                        name: "Random".into(),
                        date: "1 January 1870".into(),
                        portion: None,
                        map: "rifle-and-saber".into(),
                        sides: vec![a, b],
                        deploys_first: deploys_first.to_string(),
                        moves_first: moves_first.to_string(),
                        game_length,
                        victory,
                        special_rules,
                        counter_values: BTreeMap::new(),
                        setup: Vec::new(),
                        notes: String::new(),
                        interpretations: Vec::new(),
                    }
                },
            )
    })
}

#[test]
fn random_scenarios_check_and_export() {
    let facts = map_facts();
    assert!(!facts.features.is_empty() && !facts.roads.is_empty());
    let registry = MapRegistry::new();
    let exported = Cell::new(0usize);
    let mut runner = TestRunner::new(Config {
        cases: 64,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&scenario(&facts), |s| {
            let text = ron::ser::to_string_pretty(&s, ron::ser::PrettyConfig::default())
                .expect("a scenario serializes");
            let src = Source::from_text("scenarios/random.ron", text.clone());
            let report = check_source(&src, &registry);
            for d in &report.diagnostics {
                if d.path.is_some() {
                    prop_assert!(d.location.is_some(), "{d:?} has a path but no location");
                }
                if let Some(l) = d.location {
                    prop_assert!(l.offset + l.length <= text.len(), "{d:?} outside the text");
                    prop_assert!(l.line >= 1 && l.line <= text.lines().count().max(1));
                }
            }
            // The same document as JSON must draw the same findings.
            let json = serde_json::to_string_pretty(&s).expect("a scenario serializes");
            let json_report =
                check_source(&Source::from_text("scenarios/random.json", json), &registry);
            let findings = |r: &saber_schema::pipeline::FileReport| {
                let mut v: Vec<(String, String)> = r
                    .diagnostics
                    .iter()
                    .map(|d| (d.code.as_str().to_string(), d.message.clone()))
                    .collect();
                v.sort();
                v.dedup();
                v
            };
            prop_assert_eq!(findings(&report), findings(&json_report));
            if report.errors() == 0 {
                let (compiled, _) = compile_scenario(&src, &registry);
                let c = compiled.expect("a scenario without errors compiles");
                let doc = export(c.rules, &c.scenario, &c.map, &c.resolved)
                    .expect("a scenario on the Rifle & Saber map is within the export limit");
                let doc = serde_json::to_value(doc).expect("an export serializes");
                let problems = validate_export(&doc);
                prop_assert!(problems.is_empty(), "export invalid: {problems:?}");
                exported.set(exported.get() + 1);
            }
            Ok(())
        })
        .unwrap();
    // Not every random scenario is valid, but the export half of the property must be reached.
    eprintln!("{} of 64 random scenarios exported", exported.get());
}
