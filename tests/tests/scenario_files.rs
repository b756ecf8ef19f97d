//! The seventeen historical scenario files (11.1–11.17): each parses, has a unique id, carries
//! its rule number in file order, names only feature codes the Rifle & Saber map has, and refers
//! only to its own sides.

use std::collections::BTreeSet;
use std::path::PathBuf;

use saber_schema::model::scenario::{Entry, SCENARIO_FORMAT, Scenario};
use saber_schema::model::special_rule::Effect;
use saber_schema::model::victory::{EITHER_SIDE, Goal, Level, Outcome};
use saber_schema::model::zone::Zone;

/// Every feature code the scenarios may name: the numbered features of the printed map that
/// 11.1–11.17 refer to (11.0), with B for the two bridges.
const MAP_FEATURES: [&str; 22] = [
    "V4", "V5", "V6", "V7", "V8", "V9", "V11", "V12", "H24", "H25", "H26", "H27", "H28", "H30",
    "H32", "W22", "R1", "R3", "J34", "F17", "B14", "B15",
];

/// The scenario directory at the workspace root.
fn scenario_dir() -> PathBuf {
    saber_tests::repo("scenarios")
}

use saber_tests::historical_files;

fn parse(path: &PathBuf) -> Result<Scenario, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    ron::from_str::<Scenario>(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Every zone a scenario names, with where it is.
fn zones(s: &Scenario) -> Vec<(String, &Zone)> {
    let mut out = Vec::new();
    for side in &s.sides {
        for g in &side.groups {
            let at = format!("{}/{}", side.id, g.id);
            match &g.entry {
                Entry::Deploy { zone, .. } => out.push((at, zone)),
                Entry::Arrive { at: zone, .. } => out.push((at, zone)),
            }
        }
    }
    for (i, v) in s.victory.iter().enumerate() {
        v.goal.visit(&mut |goal| match goal {
            Goal::Hold { target, .. } => out.push((format!("victory {i}"), target)),
            Goal::Exit { via, .. } => out.push((format!("victory {i}"), via)),
            _ => {}
        });
    }
    for (i, r) in s.special_rules.iter().enumerate() {
        for (_, z) in r.effect.zones() {
            out.push((format!("special rule {i}"), z));
        }
    }
    out
}

/// Every side id a scenario refers to, with where.
fn side_refs(s: &Scenario) -> Vec<(String, &str)> {
    let mut out = vec![
        ("deploys_first".to_string(), s.deploys_first.as_str()),
        ("moves_first".to_string(), s.moves_first.as_str()),
    ];
    for (i, v) in s.victory.iter().enumerate() {
        if v.side != EITHER_SIDE {
            out.push((format!("victory {i}"), v.side.as_str()));
        }
        if let Outcome::Graded { by_turn, otherwise } = &v.outcome {
            for r in by_turn {
                out.push((format!("victory {i} ladder"), r.result.winner.as_str()));
            }
            out.push((format!("victory {i} otherwise"), otherwise.winner.as_str()));
        }
    }
    for (i, r) in s.special_rules.iter().enumerate() {
        if let Some(side) = r.effect.side() {
            out.push((format!("special rule {i}"), side));
        }
    }
    out
}

#[test]
fn there_are_seventeen_numbered_files() {
    let names: Vec<String> = historical_files()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 17, "{names:?}");
    for (i, n) in names.iter().enumerate() {
        assert!(n.starts_with(&format!("{:02}-", i + 1)), "file {i}: {n}");
    }
    assert_eq!(names[0], "01-fatehpur.ron");
    assert_eq!(names[16], "17-south-africa.ron");
}

#[test]
fn every_file_parses_with_its_rule_number_and_a_unique_id() {
    let mut problems = Vec::new();
    let mut ids = BTreeSet::new();
    for (i, path) in historical_files().iter().enumerate() {
        let s = match parse(path) {
            Ok(s) => s,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let name = path.display();
        if s.format != SCENARIO_FORMAT {
            problems.push(format!("{name}: format {}", s.format));
        }
        if s.map != "rifle-and-saber" {
            problems.push(format!("{name}: map {}", s.map));
        }
        let want = format!("11.{}", i + 1);
        if s.rule.as_deref() != Some(want.as_str()) {
            problems.push(format!("{name}: rule {:?}, expected {want}", s.rule));
        }
        if !ids.insert(s.id.clone()) {
            problems.push(format!("{name}: id {} used twice", s.id));
        }
        let stem = path.file_stem().unwrap().to_string_lossy();
        if !stem.ends_with(&s.id.replace('_', "-")) {
            problems.push(format!("{name}: id {} does not match the file name", s.id));
        }
        if s.notes.trim().is_empty() {
            problems.push(format!("{name}: no historical note"));
        }
        if s.victory.is_empty() {
            problems.push(format!("{name}: no victory condition"));
        }
        for v in &s.victory {
            if v.printed.trim().is_empty() {
                problems.push(format!(
                    "{name}: a victory condition without its printed wording"
                ));
            }
        }
        for r in &s.special_rules {
            if r.printed.trim().is_empty() {
                problems.push(format!(
                    "{name}: a special rule without its printed wording"
                ));
            }
            if let Effect::Text { why } = &r.effect
                && why.trim().is_empty()
            {
                problems.push(format!("{name}: a free-text special rule without a reason"));
            }
        }
        for interp in &s.interpretations {
            if interp.rule != want {
                problems.push(format!(
                    "{name}: interpretation for rule {} in scenario {want}",
                    interp.rule
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(ids.len(), 17);
}

#[test]
fn every_feature_named_is_on_the_map() {
    let known: BTreeSet<&str> = MAP_FEATURES.into_iter().collect();
    let mut problems = Vec::new();
    for path in historical_files() {
        let s = parse(&path).expect("parses (see the parse test)");
        for (at, zone) in zones(&s) {
            for code in zone.features() {
                // A feature the rules never print (the map adds some, such as the ford F16 on
                // R3) is named only under an interpretation that says why.
                let explained = s.interpretations.iter().any(|i| i.reading.contains(code));
                if !known.contains(code) && !explained {
                    problems.push(format!("{}: {at} names {code}", path.display()));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_side_reference_is_one_of_the_two_sides() {
    let mut problems = Vec::new();
    for path in historical_files() {
        let s = parse(&path).expect("parses (see the parse test)");
        let ids = s.side_ids();
        if ids.len() != 2 || ids[0] == ids[1] {
            problems.push(format!("{}: sides {ids:?}", path.display()));
        }
        for (at, side) in side_refs(&s) {
            if !ids.contains(&side) {
                problems.push(format!("{}: {at} names side {side}", path.display()));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// (file, game length, deploys first, moves first), from the rules text. Where the text is
/// silent or cut off, the reading of the file's interpretation notes is marked.
const SEQUENCE: &[(&str, u32, &str, &str)] = &[
    ("01-fatehpur.ron", 20, "british", "sepoys"),
    ("02-varese.ron", 10, "garibaldini", "austrians"),
    ("03-palestro.ron", 10, "austrians", "allies"), // moves first: not printed
    ("04-magenta.ron", 10, "austrians", "french"),  // deploys first: not printed
    ("05-first-bull-run.ron", 8, "confederates", "union"),
    ("06-shiloh.ron", 10, "union", "confederates"), // deploys first: not printed
    ("07-gettysburg-little-round-top.ron", 20, "union", "union"),
    (
        "08-gettysburg-picketts-charge.ron",
        10,
        "union",
        "confederates",
    ),
    ("09-langensalza.ron", 8, "prussians", "hanoverians"),
    ("10-worth.ron", 20, "french", "prussians"),
    ("11-mars-la-tour.ron", 7, "french", "french"), // "French move" cut off
    ("12-plevna-grivitza.ron", 10, "turks", "russians"), // deploys first: not printed
    ("13-plevna-green-hills.ron", 8, "turks", "russians"), // length untangled from the OCR
    ("14-tarapaca.ron", 8, "chileans", "peruvians"),
    ("15-el-caney.ron", 7, "spanish", "americans"), // deploys first: not printed
    ("16-modder-river.ron", 10, "boers", "british"),
    ("17-south-africa.ron", 7, "british", "boers"), // length untangled from the OCR
];

#[test]
fn game_length_and_turn_order_match_the_rules_text() {
    let mut problems = Vec::new();
    for (file, length, deploys, moves) in SEQUENCE {
        let s = match parse(&scenario_dir().join(file)) {
            Ok(s) => s,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let got = (
            s.game_length,
            s.deploys_first.as_str(),
            s.moves_first.as_str(),
        );
        if got != (*length, *deploys, *moves) {
            problems.push(format!(
                "{file}: (length, deploys first, moves first) is {got:?}, expected {:?}",
                (length, deploys, moves)
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn shiloh_has_the_seven_results_of_its_ladder() {
    let s = parse(&scenario_dir().join("06-shiloh.ron")).expect("parses");
    let [v] = s.victory.as_slice() else {
        panic!("11.6 has one victory condition");
    };
    assert_eq!(v.goal, Goal::DestroyAll);
    let Outcome::Graded { by_turn, otherwise } = &v.outcome else {
        panic!("11.6 is graded by Game-Turn");
    };
    let ladder: Vec<(u32, &str, Level)> = by_turn
        .iter()
        .map(|r| (r.turn, r.result.winner.as_str(), r.result.level))
        .collect();
    assert_eq!(
        ladder,
        vec![
            (5, "confederates", Level::Substantive),
            (6, "confederates", Level::Tactical),
            (7, "confederates", Level::Marginal),
            (8, "union", Level::Marginal),
            (9, "union", Level::Moderate),
            (10, "union", Level::Substantive),
        ]
    );
    assert_eq!(
        (otherwise.winner.as_str(), otherwise.level),
        ("union", Level::Decisive)
    );
}
