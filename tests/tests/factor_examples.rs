//! The example scenarios made per 11.18 (`scenarios/examples/`): each has its battle file under
//! `sources/`, the battle factors, and the finished scenario keeps what factoring gave: the same
//! battle and sides, the suggested game length, every arm, and the infantry and mounted units
//! (which the designer may split into groups but not change). No starting point "to be set by
//! the designer" is left, and every file there checks clean on the built-in map.

use std::collections::BTreeMap;
use std::path::PathBuf;

use saber_schema::diagnostic::Severity;
use saber_schema::factor::{TO_BE_SET, factor, read_battle, skeleton};
use saber_schema::model::scenario::{Scenario, Side};
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::parse::parse;
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::{check_path, collect_files};
use saber_schema::ruleset::UnitKind;

fn examples() -> PathBuf {
    saber_tests::repo("scenarios/examples")
}

fn battle_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(examples().join("sources"))
        .expect("scenarios/examples/sources exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

fn totals(side: &Side) -> BTreeMap<UnitKind, u32> {
    UnitKind::ALL
        .into_iter()
        .map(|k| (k, side.count(k)))
        .filter(|(_, n)| *n > 0)
        .collect()
}

#[test]
fn every_example_keeps_its_factoring() {
    let files = battle_files();
    assert!(files.len() >= 3, "at least three example battles");
    for path in files {
        let name = path.display().to_string();
        let battle = read_battle(&path).unwrap_or_else(|e| panic!("{e}"));
        let f = factor(&battle).unwrap_or_else(|e| panic!("{name}: {e}"));
        let sk = skeleton(&battle, &f);
        let stem = path.file_stem().unwrap().to_str().unwrap();
        assert_eq!(sk.id, stem, "{name}: file named after the scenario id");

        let scenario_path = examples().join(format!("{stem}.ron"));
        let src = Source::read(&scenario_path).unwrap_or_else(|d| panic!("{}", d.message));
        let s: Scenario = parse(&src).unwrap_or_else(|d| panic!("{stem}: {}", d.message));
        assert_eq!(
            (&s.id, &s.name, &s.date, &s.portion, s.game_length),
            (&sk.id, &sk.name, &sk.date, &sk.portion, sk.game_length),
            "{stem}: battle and game length as factored"
        );
        assert!(
            !src.text.contains(TO_BE_SET),
            "{stem}: a placeholder is left"
        );
        assert!(!s.victory.is_empty(), "{stem}: victory conditions");

        for (fs, side) in f.sides.iter().zip(&s.sides) {
            assert_eq!(
                (&side.id, &side.name, side.color),
                (&fs.id, &fs.name, fs.color),
                "{stem}: sides in the battle's order"
            );
            let have = totals(side);
            for (kind, n) in &fs.order_of_battle {
                if kind.is_gun() {
                    let guns: u32 = have
                        .iter()
                        .filter(|(k, _)| k.is_gun())
                        .map(|(_, n)| n)
                        .sum();
                    assert!(guns >= 1, "{stem}: {} lost its guns", side.name);
                } else {
                    assert_eq!(
                        have.get(kind),
                        Some(n),
                        "{stem}: {} {}",
                        side.name,
                        kind.code()
                    );
                }
            }
            for kind in have.keys() {
                assert!(
                    kind.is_gun() || fs.order_of_battle.contains_key(kind),
                    "{stem}: {} has {} the battle did not",
                    side.name,
                    kind.code()
                );
            }
        }
    }
}

#[test]
fn examples_and_their_battles_check_clean() {
    let files = collect_files(&[examples()]).expect("scenarios/examples exists");
    // Three scenarios and three battle files at least.
    assert!(files.len() >= 6, "{files:?}");
    for path in files {
        let report = check_path(&path, &MapRegistry::new());
        let loud: Vec<String> = report
            .diagnostics
            .iter()
            .filter(|d| d.severity != Severity::Note)
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect();
        assert!(loud.is_empty(), "{}: {loud:#?}", path.display());
    }
}
