//! Every diagnostic code of the registry is produced by saberc in a test: by a fixture in
//! `fixtures/bad/` (or, for `saberc import`'s codes, `fixtures/tiled/bad/`) that declares it (`// expect: CODE at LINE:COL exit N` on its second line, or
//! in a `.expect` file beside a JSON fixture; `bad_files.rs` checks that saberc gives it), or,
//! for the codes a committed file cannot provoke, by a case made here on the fly (a file over
//! the size limit, a path that is not a regular file, an engine export, more findings than are
//! shown, a map file shadowing the built-in map). A code with neither fails.

use std::collections::BTreeMap;

use saber_schema::diagnostic::{Code, REGISTRY};
use saber_tests::{repo, saberc};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// The codes the bad fixtures declare, each with the fixtures that declare it: `saberc check`'s
/// in `fixtures/bad/`, and `saberc import`'s bad Tiled maps in `fixtures/tiled/bad/` (an
/// `<!-- expect: CODE at LINE:COL exit N -->` line; `tiled.rs` checks that saberc gives it).
fn declared() -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for dir in ["tests/fixtures/bad", "tests/fixtures/tiled/bad"] {
        for entry in std::fs::read_dir(repo(dir)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            // Read lossily: some fixtures are deliberately not UTF-8.
            let text = || String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            let line = match path.extension().and_then(|e| e.to_str()) {
                Some("ron") => text()
                    .lines()
                    .find_map(|l| l.trim().strip_prefix("// expect:").map(str::to_string)),
                Some("tmx") => text().lines().find_map(|l| {
                    let l = l.trim().strip_prefix("<!-- expect:")?;
                    Some(l.trim_end_matches("-->").to_string())
                }),
                Some("expect") => Some(text()),
                _ => None,
            };
            let Some(line) = line else { continue };
            let code = line.split_whitespace().next().unwrap_or("").to_string();
            out.entry(code).or_default().push(name);
        }
    }
    out
}

/// The codes saberc reports for `args` (`check --format json`).
fn codes_of(args: &[&str]) -> Vec<String> {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let out = saberc(BIN, &all);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: bad JSON ({e}): {:?}", out));
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect()
}

/// Codes no committed file can provoke, produced here.
fn made_here() -> Vec<&'static str> {
    let dir = tempfile::tempdir().unwrap();
    let mut made = Vec::new();

    // LIM001: a sparse 100 MB file, refused from its size.
    let huge = dir.path().join("huge.ron");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(100 * 1024 * 1024)
        .unwrap();
    if codes_of(&[huge.to_str().unwrap()])
        .iter()
        .any(|c| c == "LIM001")
    {
        made.push("LIM001");
    }

    // IO001: a scenario whose map path names a directory, which cannot be read as a file.
    let good =
        std::fs::read_to_string(repo("tests/fixtures/good/skirmish-at-the-bridge.ron")).unwrap();
    std::fs::create_dir(dir.path().join("folder.ron")).unwrap();
    let scenario = dir.path().join("scenario.ron");
    std::fs::write(
        &scenario,
        good.replace("map: \"skirmish\"", "map: \"folder.ron\""),
    )
    .unwrap();
    if codes_of(&[scenario.to_str().unwrap()])
        .iter()
        .any(|c| c == "IO001")
    {
        made.push("IO001");
    }

    // FMT004: a map given to `saberc export`, which takes a scenario (`check` takes both).
    let out = saberc(
        BIN,
        &[
            "export",
            "tests/fixtures/maps/skirmish.ron",
            "-o",
            dir.path().join("out").to_str().unwrap(),
        ],
    );
    if String::from_utf8_lossy(&out.stderr).contains("error[FMT004]")
        && out.status.code() == Some(1)
    {
        made.push("FMT004");
    }

    // FMT006: an engine export in a checked folder.
    let exports = dir.path().join("exports");
    saberc(
        BIN,
        &[
            "export",
            "--maps",
            "tests/fixtures/maps",
            "-o",
            exports.to_str().unwrap(),
            "tests/fixtures/good/skirmish-at-the-bridge.ron",
        ],
    );
    if codes_of(&[exports.to_str().unwrap()])
        .iter()
        .any(|c| c == "FMT006")
    {
        made.push("FMT006");
    }

    // LIM004: 201 counters placed off the map, past the 200 findings shown.
    let placements: String = (0..201)
        .map(|i| {
            format!(
                "(side: \"north\", group: \"a\", counter: Unit(MZ), at: ({}, 99)),\n",
                i + 1
            )
        })
        .collect();
    let many = dir.path().join("many.ron");
    std::fs::write(
        &many,
        good.replace(
            "    notes: \"An invented action for testing.\",\n",
            &format!("    notes: \"An invented action for testing.\",\n    setup: [\n{placements}    ],\n"),
        ),
    )
    .unwrap();
    if codes_of(&["--maps", "tests/fixtures/maps", many.to_str().unwrap()])
        .iter()
        .any(|c| c == "LIM004")
    {
        made.push("LIM004");
    }

    // REF007: a map file beside a scenario with the built-in map's id but other contents.
    let shadow = dir.path().join("shadow");
    std::fs::create_dir(&shadow).unwrap();
    let builtin = std::fs::read_to_string(repo("maps/rifle-and-saber.ron")).unwrap();
    std::fs::write(
        shadow.join("rifle-and-saber.ron"),
        builtin.replacen("name: \"", "name: \"Edited ", 1),
    )
    .unwrap();
    std::fs::write(
        shadow.join("tarapaca.ron"),
        std::fs::read_to_string(repo("scenarios/14-tarapaca.ron")).unwrap(),
    )
    .unwrap();
    if codes_of(&[shadow.join("tarapaca.ron").to_str().unwrap()])
        .iter()
        .any(|c| c == "REF007")
    {
        made.push("REF007");
    }
    made
}

#[test]
fn every_registered_code_is_produced_by_a_test() {
    let declared = declared();
    let made = made_here();
    let missing: Vec<&str> = REGISTRY
        .iter()
        .map(|i| i.id)
        .filter(|id| !declared.contains_key(*id) && !made.contains(id))
        .collect();
    assert!(
        missing.is_empty(),
        "no fixture in tests/fixtures/bad/ produces {missing:?}: add one (one mistake per file, \
         named after what it checks, declaring `// expect: CODE at LINE:COL exit N`), or remove \
         the code from the registry if saberc can never give it"
    );
}

#[test]
fn every_fixture_declares_a_registered_code() {
    for (code, files) in declared() {
        assert!(
            Code::from_id(&code).is_some(),
            "{files:?} declare `{code}`, which the registry does not have"
        );
    }
}
