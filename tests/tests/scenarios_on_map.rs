//! The seventeen historical scenarios compiled on the Rifle & Saber map (`maps/`): no errors,
//! every warning explained by an interpretation note (`explains`), and every deployment zone
//! (each alternative of a choice) large enough for its group at six stacking points a hex (7.0).

use std::path::Path;

use saber_schema::diagnostic::Severity;
use saber_schema::model::scenario::Entry;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::{compile_scenario, load_map};

/// The registry with the Rifle & Saber map file of `maps/`, which must load without errors.
fn registry() -> MapRegistry {
    let path = saber_tests::root().join("maps").join("rifle-and-saber.ron");
    let src = Source::read(&path).expect("maps/rifle-and-saber.ron is readable");
    let (map, diags) = load_map(&src);
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.message.clone())
        .collect();
    assert!(errors.is_empty(), "the map has errors: {errors:?}");
    assert!(map.is_some(), "the map loads");
    let mut reg = MapRegistry::new();
    reg.add_root(&saber_tests::root().join("maps"))
        .expect("maps/ is a directory");
    reg
}

use saber_tests::historical_files;

fn name(p: &Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn every_scenario_compiles_on_the_map_with_its_warnings_explained() {
    let reg = registry();
    let files = historical_files();
    assert_eq!(files.len(), 17);
    let mut problems = Vec::new();
    for path in &files {
        let src = Source::read(path).expect("readable");
        let (compiled, diags) = compile_scenario(&src, &reg);
        let file = name(path);
        for d in diags.iter().filter(|d| d.severity == Severity::Error) {
            problems.push(format!("{file}: error {}: {}", d.code, d.message));
        }
        let Some(c) = compiled else {
            problems.push(format!("{file}: did not compile"));
            continue;
        };
        for d in diags.iter().filter(|d| d.severity == Severity::Warning) {
            let code = d.code.as_str();
            let explained = c
                .scenario
                .interpretations
                .iter()
                .any(|i| i.explains.contains(&d.code));
            if !explained {
                problems.push(format!(
                    "{file}: warning {code} without an interpretation note: {}",
                    d.message
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_deployment_zone_holds_its_group() {
    let reg = registry();
    let mut problems = Vec::new();
    for path in historical_files() {
        let src = Source::read(&path).expect("readable");
        let (Some(c), _) = compile_scenario(&src, &reg) else {
            problems.push(format!("{}: did not compile", name(&path)));
            continue;
        };
        for (si, side) in c.scenario.sides.iter().enumerate() {
            for (gi, group) in side.groups.iter().enumerate() {
                let hexes = &c.resolved.groups[si][gi];
                let units = group.units.iter().map(|(k, n)| (*k, *n));
                let need = c.rules.min_hexes(units) as usize;
                match group.entry {
                    Entry::Deploy { .. } => {
                        for (ai, alt) in hexes.alternatives.iter().enumerate() {
                            if alt.len() < need {
                                problems.push(format!(
                                    "{}: {} ({}) alternative {ai} has {} hexes, needs {need}",
                                    name(&path),
                                    side.id,
                                    group.id,
                                    alt.len()
                                ));
                            }
                        }
                    }
                    Entry::Arrive { .. } => {
                        if hexes.hexes.is_empty() {
                            problems.push(format!(
                                "{}: {} ({}) has no arrival hexes",
                                name(&path),
                                side.id,
                                group.id
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn saberc_checks_the_scenarios_without_errors() {
    let out = saber_tests::saberc(
        env!("CARGO_BIN_EXE_saberc"),
        &["check", "--maps", "maps", "scenarios"],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    // The seventeen, the examples of 11.18 and their battle files: no errors, and no warning
    // that an interpretation note does not explain.
    assert!(stdout.contains(" files: 0 errors, 0 warnings"), "{stdout}");
}
