//! Every spelling ever published keeps checking with its meaning. `fixtures/spellings/` holds a
//! file in each old spelling of `saber-scenario/1` and of a Musket & Saber `saber-map/1` (the
//! clear row `saberc new map` wrote before MAP013) (RON and JSON), and beside each its
//! migrated form (`NAME.migrated.EXT`, what `saberc migrate` writes, pinned). An old file
//! gets the verdict of its migrated form, plus one note (FMT005) per old spelling; `saberc
//! migrate` rewrites it to exactly the migrated form (comments kept), and `--check` names it.

use std::path::{Path, PathBuf};

use saber_tests::{repo, saberc};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// The old-spelling files, each with its migrated form.
fn cases() -> Vec<(PathBuf, PathBuf)> {
    let dir = repo("tests/fixtures/spellings");
    let mut out: Vec<(PathBuf, PathBuf)> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| !p.to_string_lossy().contains(".migrated."))
        .map(|p| {
            let ext = p.extension().unwrap().to_string_lossy().into_owned();
            let migrated = p.with_extension(format!("migrated.{ext}"));
            (p, migrated)
        })
        .collect();
    out.sort();
    out
}

/// `saberc check --format json` of a file: exit code and (code, severity, message) of each
/// finding, sorted.
fn verdict(file: &Path) -> (Option<i32>, Vec<String>) {
    let out = saberc(
        BIN,
        &[
            "check",
            "--maps",
            "tests/fixtures/maps",
            "--format",
            "json",
            file.to_str().unwrap(),
        ],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut found: Vec<String> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| format!("{} {} {}", d["code"], d["severity"], d["message"]))
        .collect();
    found.sort();
    (out.status.code(), found)
}

#[test]
fn there_is_a_file_in_each_old_spelling_ron_and_json() {
    let names: Vec<String> = cases()
        .iter()
        .map(|(p, _)| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        [
            "old-exit-all-and-control-by-turn.json",
            "old-exit-all-and-control-by-turn.ron",
            "old-ms-skeleton-clear-row.json",
            "old-ms-skeleton-clear-row.ron",
        ]
    );
    for (old, migrated) in cases() {
        let text = std::fs::read_to_string(&old).unwrap();
        let (spellings, new): (&[&str], &[&str]) = if is_map(&old) {
            (
                &["kind", "clear"],
                &["clear_for_charges: true", "\"clear_for_charges\": true"],
            )
        } else {
            (&["All", "by_turn"], &["EveryCounter"])
        };
        for spelling in spellings {
            assert!(text.contains(spelling), "{}", old.display());
        }
        for spelling in new {
            assert!(!text.contains(spelling), "{}", old.display());
        }
        assert!(migrated.is_file(), "{}", migrated.display());
    }
}

/// The Musket & Saber map cases (one old spelling each), not the scenarios (two each).
fn is_map(p: &Path) -> bool {
    p.to_string_lossy().contains("old-ms-skeleton")
}

#[test]
fn an_old_spelling_gets_the_verdict_of_its_new_one_and_a_note() {
    for (old, migrated) in cases() {
        let (old_exit, old_found) = verdict(&old);
        let (new_exit, new_found) = verdict(&migrated);
        assert!(
            new_found.iter().all(|f| !f.starts_with("\"FMT005\"")),
            "{new_found:?}"
        );
        let notes: Vec<&String> = old_found
            .iter()
            .filter(|f| f.starts_with("\"FMT005\" \"note\""))
            .collect();
        let spellings = if is_map(&old) { 1 } else { 2 };
        assert_eq!(notes.len(), spellings, "{}: {old_found:?}", old.display());
        let rest: Vec<String> = old_found
            .iter()
            .filter(|f| !f.starts_with("\"FMT005\""))
            .cloned()
            .collect();
        assert_eq!(rest, new_found, "{}", old.display());
        assert_eq!(old_exit, new_exit, "{}", old.display());
        assert_eq!(new_exit, Some(0), "{}: {new_found:?}", migrated.display());
    }
}

#[test]
fn migrate_rewrites_old_spellings_in_place_keeping_comments() {
    let dir = tempfile::tempdir().unwrap();
    for (old, migrated) in cases() {
        let copy = dir.path().join(old.file_name().unwrap());
        std::fs::copy(&old, &copy).unwrap();
        let check = saberc(BIN, &["migrate", "--check", copy.to_str().unwrap()]);
        assert_eq!(check.status.code(), Some(1), "{check:?}");
        assert_eq!(
            std::fs::read(&copy).unwrap(),
            std::fs::read(&old).unwrap(),
            "--check changes nothing"
        );
        let run = saberc(BIN, &["migrate", copy.to_str().unwrap()]);
        assert_eq!(run.status.code(), Some(0), "{run:?}");
        saber_tests::assert_same_text(
            &std::fs::read_to_string(&migrated).unwrap(),
            &std::fs::read_to_string(&copy).unwrap(),
            &format!("saberc migrate of {}", old.display()),
        );
        let again = saberc(BIN, &["migrate", "--check", copy.to_str().unwrap()]);
        assert_eq!(again.status.code(), Some(0), "migrated once: {again:?}");
    }
}

/// One answer for a Musket & Saber scenario: its format came after both renames, so an old
/// spelling there is a mistake `check` reports (SYN002), and `migrate` does not offer to
/// rewrite it (it offered what `check` refused).
#[test]
fn an_old_spelling_in_a_musket_and_saber_scenario_is_not_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let example = repo("scenarios/examples/musket-and-saber/millbrook.ron");
    let text = std::fs::read_to_string(&example).unwrap().replacen(
        "goal: Hold(target: Hexes([\"0706\", \"0806\"]), when: EndOfGame)",
        "goal: ControlEnemySetup(by_turn: 3)",
        1,
    );
    assert!(text.contains("by_turn: 3"));
    let copy = dir.path().join("millbrook.ron");
    std::fs::write(&copy, &text).unwrap();
    let maps = repo("scenarios/examples/musket-and-saber/maps");
    let check = saberc(
        BIN,
        &[
            "check",
            "--maps",
            maps.to_str().unwrap(),
            copy.to_str().unwrap(),
        ],
    );
    let shown = String::from_utf8_lossy(&check.stdout).into_owned()
        + &String::from_utf8_lossy(&check.stderr);
    assert_eq!(check.status.code(), Some(1), "{shown}");
    assert!(
        shown.contains("SYN002") && shown.contains("by_turn"),
        "{shown}"
    );
    assert!(!shown.contains("FMT005"), "{shown}");
    let migrate = saberc(BIN, &["migrate", "--check", copy.to_str().unwrap()]);
    assert_eq!(migrate.status.code(), Some(0), "{migrate:?}");
    assert!(!String::from_utf8_lossy(&migrate.stdout).contains("would migrate"));
    let migrate = saberc(BIN, &["migrate", copy.to_str().unwrap()]);
    assert_eq!(migrate.status.code(), Some(0), "{migrate:?}");
    assert_eq!(
        std::fs::read_to_string(&copy).unwrap(),
        text,
        "left as it is"
    );
}
