//! Which map a scenario is checked against (issue 13 §4, issue 12): resolved from the scenario's
//! own location, the same checked alone as in a folder; map ids used twice are REF005 naming both
//! files; a map file never silently replaces a built-in map; the report says which map was used.

use std::path::{Path, PathBuf};

use saber_schema::diagnostic::{Diagnostic, Severity};
use saber_schema::pipeline::maps::{MapOrigin, MapRegistry};
use saber_schema::pipeline::{FileReport, check_path, collect_files, flag_duplicate_map_ids};
use saber_tests::{repo, saberc};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// The test map (`tests/fixtures/maps/skirmish.ron`) with another id.
fn skirmish_map(id: &str) -> String {
    let text = std::fs::read_to_string(repo("tests/fixtures/maps/skirmish.ron")).expect("map");
    text.replacen("id: \"skirmish\"", &format!("id: \"{id}\""), 1)
}

/// The good test scenario, naming `map`.
fn scenario_on(map: &str) -> String {
    let text = std::fs::read_to_string(repo("tests/fixtures/good/skirmish-at-the-bridge.ron"))
        .expect("scenario");
    assert!(text.contains("map: \"skirmish\""));
    text.replacen("map: \"skirmish\"", &format!("map: \"{map}\""), 1)
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("dir")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

fn check_all(paths: &[PathBuf], reg: &MapRegistry) -> Vec<FileReport> {
    let files = collect_files(paths).expect("files");
    let mut reports: Vec<FileReport> = files.iter().map(|f| check_path(f, reg)).collect();
    flag_duplicate_map_ids(&mut reports);
    reports
}

fn report_for<'a>(reports: &'a [FileReport], name: &str) -> &'a FileReport {
    reports
        .iter()
        .find(|r| r.path.ends_with(name))
        .unwrap_or_else(|| panic!("{name} was checked"))
}

fn codes(diags: &[Diagnostic]) -> Vec<&str> {
    diags.iter().map(|d| d.code.as_str()).collect()
}

#[test]
fn a_scenario_gets_the_same_map_alone_and_in_a_folder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scenario = dir.path().join("scenarios").join("skirmish.ron");
    write(&scenario, &scenario_on("valley"));
    write(
        &dir.path().join("maps").join("valley.ron"),
        &skirmish_map("valley"),
    );
    let reg = MapRegistry::new();
    let alone = check_path(&scenario, &reg);
    let folder = check_all(&[dir.path().to_path_buf()], &reg);
    let in_folder = report_for(&folder, "scenarios/skirmish.ron");
    assert_eq!(alone.diagnostics, in_folder.diagnostics);
    assert!(alone.errors() == 0, "{:?}", alone.diagnostics);
    match &alone.map {
        Some(MapOrigin::File(p)) => assert!(p.ends_with("maps/valley.ron"), "{p:?}"),
        other => panic!("checked against {other:?}"),
    }
    assert_eq!(alone.map, in_folder.map);
}

#[test]
fn map_ids_used_twice_in_a_batch_are_ref005_naming_both_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        &dir.path().join("a").join("valley.ron"),
        &skirmish_map("valley"),
    );
    write(
        &dir.path().join("b").join("valley.ron"),
        &skirmish_map("valley"),
    );
    let reports = check_all(&[dir.path().to_path_buf()], &MapRegistry::new());
    for (this, other) in [
        ("a/valley.ron", "b/valley.ron"),
        ("b/valley.ron", "a/valley.ron"),
    ] {
        let r = report_for(&reports, this);
        let d = r
            .diagnostics
            .iter()
            .find(|d| d.code.as_str() == "REF005")
            .unwrap_or_else(|| panic!("{this}: {:?}", r.diagnostics));
        assert!(d.message.contains(other), "{}", d.message);
        assert_eq!(d.severity, Severity::Error);
        assert!(d.location.is_some(), "located at the id");
    }
}

#[test]
fn two_maps_of_one_id_in_one_directory_are_not_chosen_between() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scenario = dir.path().join("skirmish.ron");
    write(&scenario, &scenario_on("valley"));
    write(
        &dir.path().join("maps").join("valley.ron"),
        &skirmish_map("valley"),
    );
    write(
        &dir.path().join("maps").join("valley-2.ron"),
        &skirmish_map("valley"),
    );
    let r = check_path(&scenario, &MapRegistry::new());
    let d = r
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == "REF005")
        .unwrap_or_else(|| panic!("{:?}", r.diagnostics));
    assert!(
        d.message.contains("valley.ron") && d.message.contains("valley-2.ron"),
        "{}",
        d.message
    );
    assert_eq!(r.map, None);
}

#[test]
fn the_maps_folder_beside_a_scenario_answers_before_its_own_directory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scenario = dir.path().join("skirmish.ron");
    write(&scenario, &scenario_on("valley"));
    write(&dir.path().join("valley.ron"), &skirmish_map("valley"));
    write(
        &dir.path().join("maps").join("valley-2.ron"),
        &skirmish_map("valley"),
    );
    let r = check_path(&scenario, &MapRegistry::new());
    assert_eq!(r.errors(), 0, "{:?}", r.diagnostics);
    match &r.map {
        Some(MapOrigin::File(p)) => assert!(p.ends_with("maps/valley-2.ron"), "{p:?}"),
        other => panic!("checked against {other:?}"),
    }
}

#[test]
fn a_map_file_never_replaces_a_built_in_map() {
    let dir = tempfile::tempdir().expect("temp dir");
    // The built-in map with one hex painted differently, under the built-in id.
    let builtin = std::fs::read_to_string(repo("maps/rifle-and-saber.ron")).expect("map");
    let edited = builtin.replacen("notes: \"", "notes: \"Edited. ", 1);
    assert_ne!(edited, builtin, "the map has notes to edit");
    let map_file = dir.path().join("maps").join("rifle-and-saber.ron");
    write(&map_file, &edited);
    let scenario = dir.path().join("scenarios").join("07.ron");
    write(
        &scenario,
        &std::fs::read_to_string(repo("scenarios/07-gettysburg-little-round-top.ron"))
            .expect("scenario"),
    );
    let reports = check_all(&[dir.path().to_path_buf()], &MapRegistry::new());
    let map = report_for(&reports, "maps/rifle-and-saber.ron");
    assert_eq!(codes(&map.diagnostics), ["REF005"], "{:?}", map.diagnostics);
    let s = report_for(&reports, "scenarios/07.ron");
    assert_eq!(s.map, Some(MapOrigin::BuiltIn("rifle-and-saber".into())));
    assert_eq!(s.errors(), 0, "{:?}", s.diagnostics);
    assert!(
        s.diagnostics.iter().any(|d| d.code.as_str() == "REF007"
            && d.severity == Severity::Warning
            && d.message.contains("rifle-and-saber.ron")),
        "the scenario is told which map it got: {:?}",
        s.diagnostics
    );
}

#[test]
fn the_repository_map_is_the_built_in_map() {
    let reports = check_all(
        &[
            repo("maps"),
            repo("scenarios/07-gettysburg-little-round-top.ron"),
        ],
        &MapRegistry::new(),
    );
    for r in &reports {
        assert_eq!(r.errors() + r.warnings(), 0, "{:?}", r.diagnostics);
    }
    let s = report_for(&reports, "07-gettysburg-little-round-top.ron");
    assert_eq!(s.map, Some(MapOrigin::BuiltIn("rifle-and-saber".into())));
}

#[test]
fn saberc_says_which_map_each_scenario_was_checked_against() {
    let out = saberc(
        BIN,
        &[
            "check",
            "tests/fixtures/good",
            "scenarios/07-gettysburg-little-round-top.ron",
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    // Every good Rifle & Saber scenario fixture is on the test map, the Musket & Saber ones on
    // the M&S test map; the historical scenario on the built-in map.
    let scenarios = |musket_and_saber: bool| {
        std::fs::read_dir(saber_tests::repo("tests/fixtures/good"))
            .expect("fixtures")
            .flatten()
            .filter(|e| {
                std::fs::read_to_string(e.path()).is_ok_and(|t| {
                    t.contains("saber-scenario/")
                        && t.contains("musket-and-saber-quick-play") == musket_and_saber
                })
            })
            .count()
    };
    let (on_skirmish, on_ms_grid) = (scenarios(false), scenarios(true));
    assert!(
        on_skirmish >= 2,
        "{on_skirmish} good scenarios on the test map"
    );
    assert!(
        stdout.contains(&format!("maps: built-in map `rifle-and-saber` (1 scenario), tests/fixtures/maps/ms-grid.ron ({on_ms_grid} scenario{}), tests/fixtures/maps/skirmish.ron ({on_skirmish} scenarios)", if on_ms_grid == 1 { "" } else { "s" })),
        "{stdout}"
    );
}

#[test]
fn every_file_gets_the_same_findings_alone_and_after_the_others() {
    // A run shares the zones computed on each map among its files (pipeline/zones/shared.rs):
    // that must never change a file's findings, whichever files came before it.
    let files = collect_files(&[
        repo("scenarios"),
        repo("tests/fixtures/good"),
        repo("tests/fixtures/bad"),
    ])
    .expect("files");
    assert!(files.len() > 50, "{} files", files.len());
    let alone: Vec<Vec<Diagnostic>> = files
        .iter()
        .map(|f| check_path(f, &MapRegistry::new()).diagnostics)
        .collect();
    for order in [
        (0..files.len()).collect::<Vec<_>>(),
        (0..files.len()).rev().collect(),
    ] {
        let reg = MapRegistry::new();
        for i in order {
            assert_eq!(
                check_path(&files[i], &reg).diagnostics,
                alone[i],
                "{}",
                files[i].display()
            );
        }
    }
}
