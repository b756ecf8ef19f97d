//! `saberc check --format sarif` against the SARIF 2.1.0 schema itself (OASIS, errata 01, a
//! copy in `tests/fixtures/sarif/`): every finding of the bad-file corpus, file names that need
//! percent-encoding, and rules that are the code registry's rows.

use saber_schema::diagnostic::REGISTRY;
use saber_tests::{repo, saberc};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

fn sarif_schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(repo("tests/fixtures/sarif/sarif-schema-2.1.0.json"))
        .expect("the SARIF schema");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    jsonschema::validator_for(&schema).expect("the SARIF schema compiles")
}

fn sarif_of(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["check", "--format", "sarif"];
    all.extend_from_slice(args);
    let out = saberc(BIN, &all);
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {out:?}"))
}

fn assert_valid(v: &jsonschema::Validator, doc: &serde_json::Value) {
    let errors: Vec<String> = v
        .iter_errors(doc)
        .take(10)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn the_bad_corpus_as_sarif_is_valid_sarif_2_1_0() {
    let doc = sarif_of(&["tests/fixtures/bad", "tests/fixtures/good"]);
    let schema = sarif_schema();
    assert_valid(&schema, &doc);
    // The schema does bite: a level SARIF does not have is refused.
    let mut broken = doc.clone();
    broken["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!schema.is_valid(&broken));
    let run = &doc["runs"][0];
    let results = run["results"].as_array().expect("results");
    assert!(results.len() > 50, "{} results", results.len());
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    let mut codes: Vec<&str> = results
        .iter()
        .filter_map(|r| r["ruleId"].as_str())
        .collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(rules.len(), codes.len(), "one rule per code reported");
    for r in results {
        // Each result's rule index names the rule with its own id, which code hosts show.
        let i = r["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[i]["id"], r["ruleId"], "{r}");
    }
}

#[test]
fn rules_carry_the_registry_explanation() {
    let doc = sarif_of(&["tests/fixtures/bad/zone-too-small.ron"]);
    let rules = doc["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules");
    let dep001 = rules
        .iter()
        .find(|r| r["id"] == "DEP001")
        .expect("DEP001 is a rule");
    let info = REGISTRY.iter().find(|i| i.id == "DEP001").expect("DEP001");
    assert_eq!(
        dep001["fullDescription"]["text"].as_str(),
        Some(info.explanation)
    );
    let help = dep001["help"]["text"].as_str().expect("help");
    assert!(
        help.contains(info.bad) && help.contains(info.fixed),
        "{help}"
    );
    assert_eq!(dep001["properties"]["rule"], "7.0, 11.0");
}

#[test]
fn awkward_file_names_stay_valid_sarif() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bad =
        std::fs::read_to_string(repo("tests/fixtures/bad/unknown-feature.ron")).expect("fixture");
    std::fs::create_dir_all(dir.path().join("maps")).expect("mkdir");
    std::fs::copy(
        repo("tests/fixtures/maps/skirmish.ron"),
        dir.path().join("maps").join("skirmish.ron"),
    )
    .expect("map");
    let name = dir.path().join("a #1 100% été.ron");
    std::fs::write(&name, bad).expect("write");
    let doc = sarif_of(&[name.to_str().expect("UTF-8 path")]);
    assert_valid(&sarif_schema(), &doc);
    let uri = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
        ["uri"]
        .as_str()
        .expect("uri");
    assert!(
        uri.ends_with("a%20%231%20100%25%20%C3%A9t%C3%A9.ron"),
        "{uri}"
    );
}

/// On Linux a backslash is a character of a file name, not a folder separator: `a\b.ron` is
/// one file, `a%5Cb.ron`, never the file `b.ron` in a folder `a`.
#[cfg(unix)]
#[test]
fn a_backslash_in_a_file_name_is_not_a_folder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bad =
        std::fs::read_to_string(repo("tests/fixtures/bad/unknown-feature.ron")).expect("fixture");
    std::fs::create_dir_all(dir.path().join("maps")).expect("mkdir");
    std::fs::copy(
        repo("tests/fixtures/maps/skirmish.ron"),
        dir.path().join("maps").join("skirmish.ron"),
    )
    .expect("map");
    std::fs::write(dir.path().join("a\\b.ron"), bad).expect("write");
    let out = std::process::Command::new(BIN)
        .args(["check", "--format", "sarif", "a\\b.ron"])
        .current_dir(dir.path())
        .output()
        .expect("saberc runs");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_valid(&sarif_schema(), &doc);
    let uri = &doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
        ["uri"];
    assert_eq!(uri, "a%5Cb.ron");
}
