//! The committed JSON Schemas under `schema/` are exactly what the model generates, and
//! `saberc schema -o DIR` reproduces them byte for byte.

use saber_schema::pipeline::games::schema_files;
use saber_schema::pipeline::schema::schema_text;
use saber_tests::{assert_same_text, repo, saberc};

#[test]
fn committed_schemas_are_up_to_date() {
    for (name, make) in schema_files() {
        let committed = std::fs::read_to_string(repo("schema").join(name)).unwrap_or_default();
        assert_same_text(
            &committed,
            &schema_text(&make()),
            &format!("schema/{name} (stale: run `cargo run -p saberc -- schema -o schema`)"),
        );
    }
}

#[test]
fn saberc_schema_reproduces_the_committed_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = saberc(
        env!("CARGO_BIN_EXE_saberc"),
        &["schema", "-o", dir.path().to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0));
    for (name, _) in schema_files() {
        let written = std::fs::read_to_string(dir.path().join(name)).unwrap();
        let committed = std::fs::read_to_string(repo("schema").join(name)).unwrap();
        assert_same_text(
            &committed,
            &written,
            &format!("{name} as `saberc schema` writes it"),
        );
    }
}

#[test]
fn the_report_schema_is_up_to_date() {
    let committed = std::fs::read_to_string(repo("schema/report.schema.json")).unwrap_or_default();
    assert_same_text(
        &committed,
        &schema_text(&saberc::report::report_schema()),
        "schema/report.schema.json (stale: run `cargo run -p saberc -- schema -o schema`)",
    );
    let dir = tempfile::tempdir().unwrap();
    let out = saberc(
        env!("CARGO_BIN_EXE_saberc"),
        &["schema", "-o", dir.path().to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0));
    let written = std::fs::read_to_string(dir.path().join("report.schema.json")).unwrap();
    assert_same_text(
        &committed,
        &written,
        "the report schema `saberc schema -o` writes",
    );
}

#[test]
fn check_json_output_validates_against_the_report_schema() {
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(repo("schema/report.schema.json")).unwrap())
            .unwrap();
    assert!(jsonschema::meta::is_valid(&schema));
    let validator = jsonschema::validator_for(&schema).expect("the report schema compiles");
    // The bad corpus gives every kind of diagnostic: located, with hex, hint, rule and path.
    let out = saberc(
        env!("CARGO_BIN_EXE_saberc"),
        &[
            "check",
            "--format",
            "json",
            "--maps",
            "tests/fixtures/maps",
            "tests/fixtures/bad",
            "tests/fixtures/good",
        ],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON output");
    assert!(
        report["diagnostics"]
            .as_array()
            .is_some_and(|d| d.len() > 20),
        "the corpus gives many diagnostics"
    );
    let errors: Vec<String> = validator
        .iter_errors(&report)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    // And a document the schema must refuse: a diagnostic without its code.
    let mut broken = report.clone();
    broken["diagnostics"][0]
        .as_object_mut()
        .expect("an object")
        .remove("code");
    assert!(!validator.is_valid(&broken));
}

/// `saberc schema --help` names every file `saberc schema -o DIR` writes (it said three and
/// wrote five).
#[test]
fn schema_help_names_every_file_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = saberc(
        env!("CARGO_BIN_EXE_saberc"),
        &["schema", "-o", dir.path().to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0));
    let mut written: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written.len(), 9, "{written:?}");
    let help = saberc(env!("CARGO_BIN_EXE_saberc"), &["schema", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    for name in &written {
        assert!(
            help.contains(name.as_str()),
            "`schema --help` does not name {name}:\n{help}"
        );
    }
    assert!(help.contains("nine"), "{help}");
    // And every file committed under schema/ is one of them.
    let mut committed: Vec<String> = std::fs::read_dir(repo("schema"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".schema.json"))
        .collect();
    committed.sort();
    assert_eq!(committed, written);
}

/// Where a JSON Schema can say what saberc refuses, the published schema refuses it too: a
/// `format` of a version this saberc does not read (FMT002), a battle's reduction with a
/// denominator of 0 (FAC001). Each file is also refused by saberc.
#[test]
fn the_published_schemas_refuse_what_saberc_refuses() {
    for (file, schema) in [
        ("tests/fixtures/bad/json-format-version-2.json", "scenario"),
        (
            "tests/fixtures/bad/battle-reduction-den-zero.json",
            "battle",
        ),
    ] {
        let schema: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(repo("schema").join(format!("{schema}.schema.json"))).unwrap(),
        )
        .unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        let doc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(repo(file)).unwrap()).unwrap();
        assert!(
            !validator.is_valid(&doc),
            "{file}: the published schema accepts it"
        );
        let out = saberc(env!("CARGO_BIN_EXE_saberc"), &["check", file]);
        assert_eq!(out.status.code(), Some(1), "{file}: saberc accepts it");
    }
}

/// Each game's committed schema refuses the other game's names (issue 40 §4): a Musket &
/// Saber exit counting a Rifle & Saber unit type or marker, a Musket & Saber `Terrain` zone
/// naming a Rifle & Saber terrain type, a Musket & Saber zone of a clause only Rifle & Saber
/// maps answer (`Slopes`, `RiverSide`, `Feature`), a Rifle & Saber one naming a map's kind
/// (`fixtures/schemas/refused/`); each differs by that one value from a document the schema
/// accepts (`fixtures/schemas/accepted/`), and `saberc check` refuses it too.
#[test]
fn each_games_schema_refuses_the_other_games_names() {
    use saber_schema::pipeline::musket_and_saber::SCENARIO_SCHEMA_FILE as MS_SCENARIO_SCHEMA_FILE;
    let read = |p: &std::path::Path| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
    };
    let validator = |doc: &serde_json::Value| {
        let name = if doc["game"] == "musket-and-saber-quick-play" {
            MS_SCENARIO_SCHEMA_FILE
        } else {
            "scenario.schema.json"
        };
        jsonschema::validator_for(&read(&repo("schema").join(name))).unwrap()
    };
    let files = |verdict: &str| -> Vec<std::path::PathBuf> {
        let mut v: Vec<_> = std::fs::read_dir(repo("tests/fixtures/schemas").join(verdict))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        v.sort();
        assert!(!v.is_empty());
        v
    };
    for p in files("accepted") {
        let doc = read(&p);
        let errors: Vec<String> = validator(&doc)
            .iter_errors(&doc)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", p.display());
    }
    for p in files("refused") {
        let doc = read(&p);
        assert!(
            !validator(&doc).is_valid(&doc),
            "{}: the committed schema accepts it",
            p.display()
        );
        let out = saberc(
            env!("CARGO_BIN_EXE_saberc"),
            &[
                "check",
                "--maps",
                "scenarios/examples/musket-and-saber/maps",
                "--maps",
                "tests/fixtures/maps",
                p.to_str().unwrap(),
            ],
        );
        assert_eq!(
            out.status.code(),
            Some(1),
            "{}: saberc accepts it",
            p.display()
        );
    }
}
