//! The committed JSON Schemas are standard JSON Schema: two independent implementations accept
//! them in strict mode (Python's `jsonschema` meta-schema check, and `ajv --strict`), and both
//! accept every committed map, scenario and battle file, converted to JSON as written.
//!
//! Each game's schema refuses the other game's names by itself (issue 40 §4): the documents of
//! `fixtures/schemas/refused/` (a Musket & Saber exit counting a Rifle & Saber unit type or
//! marker, a Musket & Saber `Terrain` zone naming a Rifle & Saber terrain type, a Musket & Saber
//! zone of a clause only Rifle & Saber maps answer, `Slopes`, `RiverSide` or `Feature`, and the
//! reverse) fail both validators, those of `fixtures/schemas/accepted/` pass both.
//!
//! Where a tool is missing, its test is `#[ignore]`d with the reason (`tests/build.rs` looks for
//! them); in CI (`CI` set) it never is: `.ci/run` installs both, and a missing one fails.

use std::path::{Path, PathBuf};
use std::process::Command;

use saber_schema::pipeline::parse::{DocKind, detect, detect_game, parse_document};
use saber_schema::pipeline::read::Source;
use saber_schema::ruleset::Game;
use saber_tests::repo;
use serde_json::Value;

/// A document's kind and whether it is a Musket & Saber Quick Play file (its own schemas).
type Kind = (DocKind, bool);

/// Every committed map, scenario and battle file (RON or JSON), with its kind.
fn committed_documents() -> Vec<(PathBuf, Kind)> {
    let mut out = Vec::new();
    let mut dirs = vec![repo("maps"), repo("scenarios"), repo("tests/fixtures/maps")];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
                continue;
            }
            let ext = p.extension().and_then(|x| x.to_str()).unwrap_or("");
            if ext != "ron" && ext != "json" {
                continue;
            }
            let src = Source::read(&p).unwrap();
            if let Ok((kind, _)) = detect(&src) {
                out.push((
                    p,
                    (
                        kind,
                        detect_game(&src).ok().flatten() == Some(Game::MusketAndSaberQuickPlay),
                    ),
                ));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(out.len() >= 20, "found only {} documents", out.len());
    out
}

/// A document as JSON, as its author wrote it (RON converted value by value).
fn as_written(path: &Path, kind: Kind) -> Value {
    use saber_schema::model::battle::Battle;
    use saber_schema::model::map::MapFile;
    use saber_schema::model::musket_and_saber::{MsMapFile, MsScenario};
    use saber_schema::model::scenario::Scenario;
    let src = Source::read(path).unwrap();
    let written = match kind {
        (DocKind::Map, true) => parse_document::<MsMapFile>(&src).map(|d| d.1),
        (DocKind::Scenario, true) => parse_document::<MsScenario>(&src).map(|d| d.1),
        (DocKind::Map, false) => parse_document::<MapFile>(&src).map(|d| d.1),
        (DocKind::Scenario, false) => parse_document::<Scenario>(&src).map(|d| d.1),
        (DocKind::Battle, _) => parse_document::<Battle>(&src).map(|d| d.1),
    };
    written.unwrap_or_else(|d| panic!("{}: {}", path.display(), d.message))
}

/// The committed schema a document of this kind follows, by its file name.
fn schema_name(kind: Kind) -> &'static str {
    use saber_schema::pipeline::musket_and_saber::{
        MAP_SCHEMA_FILE as MS_MAP_SCHEMA_FILE, SCENARIO_SCHEMA_FILE as MS_SCENARIO_SCHEMA_FILE,
    };
    match kind {
        (DocKind::Map, true) => MS_MAP_SCHEMA_FILE,
        (DocKind::Scenario, true) => MS_SCENARIO_SCHEMA_FILE,
        (DocKind::Map, false) => "map.schema.json",
        (DocKind::Scenario, false) => "scenario.schema.json",
        (DocKind::Battle, _) => "battle.schema.json",
    }
}

/// Write every committed document as JSON into `dir`, named after the schema it follows
/// (`map.schema.json--03-name.json`), and the pinned Musket & Saber engine export (its own
/// schema); returns the files with the schema each follows.
fn write_documents(dir: &Path) -> Vec<(PathBuf, &'static str)> {
    let mut out: Vec<(PathBuf, &'static str)> = committed_documents()
        .into_iter()
        .enumerate()
        .map(|(i, (p, kind))| {
            let stem = p.file_stem().unwrap().to_string_lossy().to_string();
            let out = dir.join(format!("{}--{i:02}-{stem}.json", schema_name(kind)));
            let text = serde_json::to_string_pretty(&as_written(&p, kind)).unwrap();
            std::fs::write(&out, text).unwrap();
            (out, schema_name(kind))
        })
        .collect();
    let name = saber_schema::pipeline::musket_and_saber::EXPORT_SCHEMA_FILE;
    let export = dir.join(format!("{name}--millbrook-export.json"));
    std::fs::copy(
        repo("tests/golden/musket-and-saber/millbrook-export.json"),
        &export,
    )
    .unwrap();
    out.push((export, name));
    out
}

/// Every committed schema, `schema/*.schema.json`: the report's as well as the documents'.
fn committed_schemas() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(repo("schema"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".schema.json"))
        .collect();
    out.sort();
    assert!(out.len() >= 5, "found only {} schemas", out.len());
    out
}

/// The tool runs, or the test fails saying how to install it (the test is ignored where the
/// tool is missing, outside CI: see `tests/build.rs`).
fn require(program: &str, probe: &[&str], install: &str) {
    let ok = Command::new(program)
        .args(probe)
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "`{program}` does not run here: {install} (.ci/run does)"
    );
}

const PYTHON_CHECK: &str = r##"
import json, sys
from jsonschema import Draft202012Validator
schemas = {}
failures = []
import glob, os
STANDARD_FORMATS = {"date-time", "date", "time", "duration", "email", "idn-email", "hostname",
    "idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uuid",
    "uri-template", "json-pointer", "relative-json-pointer", "regex"}
for path in sorted(glob.glob(f"{sys.argv[1]}/*.schema.json")):
    name = os.path.basename(path)
    schema = json.load(open(path))
    Draft202012Validator.check_schema(schema)
    # Strict as ajv is: a `format` the standard does not define is a mistake in the schema.
    def formats(v, at):
        if isinstance(v, dict):
            f = v.get("format")
            if isinstance(f, str) and f not in STANDARD_FORMATS:
                failures.append(f"{path}: {at}: format {f!r} is not a standard format")
            for k, c in v.items():
                if k not in ("enum", "const", "examples", "default"):
                    formats(c, f"{at}/{k}")
        elif isinstance(v, list):
            for i, c in enumerate(v):
                formats(c, f"{at}/{i}")
    formats(schema, "#")
    schemas[name] = Draft202012Validator(schema)
for doc in sys.argv[2:]:
    validator = schemas[os.path.basename(doc).split("--")[0]]
    for e in validator.iter_errors(json.load(open(doc))):
        failures.append(f"{doc}: {e.json_path}: {e.message}")
print("\n".join(failures))
sys.exit(1 if failures else 0)
"##;

#[test]
#[cfg_attr(
    missing_python_jsonschema,
    ignore = "Python's jsonschema is not installed here: python3 -m pip install 'jsonschema>=4.18'"
)]
fn python_jsonschema_accepts_the_schemas_and_every_committed_file() {
    require(
        "python3",
        &["-c", "import jsonschema"],
        "python3 -m pip install 'jsonschema>=4.18'",
    );
    let dir = tempfile::tempdir().unwrap();
    let docs = write_documents(dir.path());
    let out = Command::new("python3")
        .arg("-c")
        .arg(PYTHON_CHECK)
        .arg(repo("schema"))
        .args(docs.iter().map(|(p, _)| p))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "python jsonschema:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
#[cfg_attr(
    missing_ajv,
    ignore = "ajv is not installed here: npm install --global ajv-cli@5 ajv-formats@3"
)]
fn ajv_strict_accepts_the_schemas_and_every_committed_file() {
    require(
        "ajv",
        &["help"],
        "npm install --global ajv-cli@5 ajv-formats@3",
    );
    let ajv = |args: &[&str]| {
        let out = Command::new("ajv")
            .arg(args[0])
            .args(["--spec=draft2020", "--strict=true", "--all-errors=true"])
            .args(&args[1..])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "ajv {args:?}:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let schemas = committed_schemas();
    for schema in &schemas {
        ajv(&["compile", "-s", schema.to_str().unwrap()]);
    }
    let dir = tempfile::tempdir().unwrap();
    let docs = write_documents(dir.path());
    let mut names: Vec<&str> = docs.iter().map(|(_, name)| *name).collect();
    names.sort();
    names.dedup();
    for name in names {
        let files: Vec<&PathBuf> = docs
            .iter()
            .filter(|(_, n)| *n == name)
            .map(|(p, _)| p)
            .collect();
        let schema = repo("schema").join(name);
        let mut args = vec!["validate", "-s", schema.to_str().unwrap()];
        for f in &files {
            args.push("-d");
            args.push(f.to_str().unwrap());
        }
        ajv(&args);
    }
}

/// The documents of `fixtures/schemas/<verdict>/`, each named after the schema its `game`
/// field makes it follow, copied into `dir`.
fn verdict_documents(dir: &Path, verdict: &str) -> Vec<(PathBuf, &'static str)> {
    let mut out = Vec::new();
    let folder = repo("tests/fixtures/schemas").join(verdict);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    for p in files {
        let src = Source::read(&p).unwrap();
        let (kind, _) = detect(&src).unwrap_or_else(|_| panic!("{}: no kind", p.display()));
        let name = schema_name((
            kind,
            detect_game(&src).ok().flatten() == Some(Game::MusketAndSaberQuickPlay),
        ));
        let stem = p.file_stem().unwrap().to_string_lossy().to_string();
        let copy = dir.join(format!("{name}--{stem}.json"));
        std::fs::copy(&p, &copy).unwrap();
        out.push((copy, name));
    }
    assert!(!out.is_empty(), "no documents in {}", folder.display());
    out
}

#[test]
#[cfg_attr(
    missing_python_jsonschema,
    ignore = "Python's jsonschema is not installed here: python3 -m pip install 'jsonschema>=4.18'"
)]
fn python_jsonschema_refuses_the_other_games_names() {
    require(
        "python3",
        &["-c", "import jsonschema"],
        "python3 -m pip install 'jsonschema>=4.18'",
    );
    let dir = tempfile::tempdir().unwrap();
    let run = |doc: &Path| {
        Command::new("python3")
            .arg("-c")
            .arg(PYTHON_CHECK)
            .arg(repo("schema"))
            .arg(doc)
            .output()
            .unwrap()
    };
    for (doc, _) in verdict_documents(dir.path(), "accepted") {
        let out = run(&doc);
        assert!(
            out.status.success(),
            "{} refused:\n{}{}",
            doc.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    for (doc, _) in verdict_documents(dir.path(), "refused") {
        let out = run(&doc);
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            !out.status.success() && said.contains(": $.victory"),
            "{} accepted, or refused for no finding:\n{said}{}",
            doc.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
#[cfg_attr(
    missing_ajv,
    ignore = "ajv is not installed here: npm install --global ajv-cli@5 ajv-formats@3"
)]
fn ajv_strict_refuses_the_other_games_names() {
    require(
        "ajv",
        &["help"],
        "npm install --global ajv-cli@5 ajv-formats@3",
    );
    let dir = tempfile::tempdir().unwrap();
    let run = |doc: &Path, name: &str| {
        Command::new("ajv")
            .arg("validate")
            .args(["--spec=draft2020", "--strict=true", "--all-errors=true"])
            .arg("-s")
            .arg(repo("schema").join(name))
            .arg("-d")
            .arg(doc)
            .output()
            .unwrap()
    };
    for (doc, name) in verdict_documents(dir.path(), "accepted") {
        let out = run(&doc, name);
        assert!(
            out.status.success(),
            "{} refused:\n{}{}",
            doc.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    for (doc, name) in verdict_documents(dir.path(), "refused") {
        let out = run(&doc, name);
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && said.contains("instancePath: '/victory/"),
            "{} accepted, or refused for no finding:\n{}{said}",
            doc.display(),
            String::from_utf8_lossy(&out.stdout)
        );
    }
}
