//! Exports: `saberc export` writes a document that validates against `export.schema.json`, is
//! deterministic, and holds one record per counter.

use saber_tests::{repo, saberc};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

fn export_fixture(dir: &std::path::Path) -> serde_json::Value {
    let out = saberc(
        BIN,
        &[
            "export",
            "tests/fixtures/good/skirmish-at-the-bridge.ron",
            "--maps",
            "tests/fixtures/maps",
            "-o",
            dir.to_str().unwrap(),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(dir.join("skirmish-at-the-bridge.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn export_validates_against_its_schema() {
    let dir = tempfile::tempdir().unwrap();
    let doc = export_fixture(dir.path());
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(repo("schema/export.schema.json")).unwrap())
            .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&doc)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn export_is_deterministic() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    export_fixture(a.path());
    export_fixture(b.path());
    let read = |d: &tempfile::TempDir| {
        std::fs::read(d.path().join("skirmish-at-the-bridge.json")).unwrap()
    };
    assert_eq!(read(&a), read(&b));
}

#[test]
fn export_has_one_record_per_counter_and_effective_terrain() {
    let dir = tempfile::tempdir().unwrap();
    let doc = export_fixture(dir.path());
    let sides = doc["sides"].as_array().unwrap();
    assert_eq!(sides[0]["name"], "Northerners");
    assert_eq!(sides[0]["color"], "Blue");
    let kinds = |i: usize| -> Vec<String> {
        sides[i]["units"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["kind"].as_str().unwrap().to_string())
            .collect()
    };
    let north = kinds(0);
    assert_eq!(north.iter().filter(|k| *k == "MZ").count(), 6);
    assert_eq!(north.iter().filter(|k| *k == "MA").count(), 1);
    assert_eq!(north.iter().filter(|k| *k == "Trench").count(), 2);
    let south = kinds(1);
    assert_eq!(south.iter().filter(|k| *k == "EB").count(), 6);
    assert_eq!(south.iter().filter(|k| *k == "BA").count(), 1);
    // W3 is treated as clear by a special rule: hex 0903 is woods on the map, clear in play.
    let at = |rows: &serde_json::Value| rows[2].as_str().unwrap().chars().nth(8).unwrap();
    assert_eq!(at(&doc["map"]["terrain"]), 'w');
    assert_eq!(at(&doc["map"]["effective_terrain"]), '.');
    // The arriving group enters where the South road leaves the map.
    let zone = doc["zones"]
        .as_array()
        .unwrap()
        .iter()
        .find(|z| z["id"] == "south-b")
        .unwrap()
        .clone();
    assert_eq!(
        zone["hexes"],
        serde_json::json!({"count": 1, "runs": [[10, 7, 7]]})
    );
}
