//! The corpus of bad files: each file in `fixtures/bad/` holds one mistake and says on its
//! second line (or in a `.expect` file beside it) which diagnostic code, location and exit
//! code `saberc check` must give. Beyond that one, the full set of its diagnostics (code,
//! severity, line:col, hex, message, and the help line a designer acts on) and the exit code
//! are a reviewed snapshot
//! (`tests/tests/snapshots/bad_files__NAME.snap`): an extra or lost finding fails the test.
//! After an intended change, run `cargo insta review` (or `INSTA_UPDATE=always cargo test -p
//! saber-tests --test bad_files`) and review the diff before committing it.

use saber_tests::{repo, saberc};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

struct Expect {
    code: String,
    line: u64,
    column: u64,
    exit: i32,
}

fn parse_expect(s: &str) -> Expect {
    // "CODE at LINE:COL exit N"
    let words: Vec<&str> = s.split_whitespace().collect();
    let (line, column) = words[2].split_once(':').expect("LINE:COL");
    Expect {
        code: words[0].to_string(),
        line: line.parse().expect("line"),
        column: column.parse().expect("column"),
        exit: words[4].parse().expect("exit code"),
    }
}

#[test]
fn every_bad_file_gives_its_expected_diagnostic() {
    let dir = repo("tests/fixtures/bad");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut cases = 0;
    for f in files {
        let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
        let expect = match ext {
            "ron" => {
                // Lossily: one fixture is not UTF-8 on purpose.
                let text = String::from_utf8_lossy(&std::fs::read(&f).unwrap()).into_owned();
                let line = text.lines().nth(1).unwrap_or("");
                parse_expect(line.trim_start_matches("// expect:").trim())
            }
            "json" => parse_expect(&std::fs::read_to_string(f.with_extension("expect")).unwrap()),
            _ => continue,
        };
        cases += 1;
        let rel = f
            .strip_prefix(repo(""))
            .unwrap()
            .to_string_lossy()
            .to_string();
        let out = saberc(
            BIN,
            &[
                "check",
                "--maps",
                "tests/fixtures/maps",
                "--format",
                "json",
                &rel,
            ],
        );
        let report: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{rel}: bad JSON: {e}"));
        let found = report["diagnostics"].as_array().unwrap().iter().any(|d| {
            d["code"] == expect.code.as_str()
                && d["line"] == expect.line
                && d["column"] == expect.column
        });
        let listing: Vec<String> = report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                format!(
                    "{} {} {}:{}{} {}{}",
                    d["code"].as_str().unwrap_or("?"),
                    d["severity"].as_str().unwrap_or("?"),
                    d["line"],
                    d["column"],
                    d["hex"]
                        .as_str()
                        .map(|h| format!(" hex {h}"))
                        .unwrap_or_default(),
                    d["message"].as_str().unwrap_or(""),
                    // The help is what a designer acts on: pinned with the finding.
                    d["hint"]
                        .as_str()
                        .map(|h| format!("\n    help: {h}"))
                        .unwrap_or_default()
                )
            })
            .collect();
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(
            name.clone(),
            format!("{}\nexit {:?}", listing.join("\n"), out.status.code())
        );
        if out.status.code() != Some(expect.exit) || !found {
            failures.push(format!(
                "{rel}: expected {} at {}:{} exit {}, got exit {:?} and {}",
                expect.code,
                expect.line,
                expect.column,
                expect.exit,
                out.status.code(),
                report["diagnostics"]
            ));
        }
    }
    assert_eq!(cases, corpus_listing().len(), "a case per fixture");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The fixtures of the corpus, by name: every `.ron` file, and every `.json` file with its
/// `.expect` beside it.
fn corpus_listing() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(repo("tests/fixtures/bad"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ron") || n.ends_with(".json"))
        .collect();
    names.sort();
    names
}

/// The corpus holds only cases: no file is skipped (a `.json` without its `.expect`, a stray
/// extension), and every pinned snapshot belongs to a fixture (none is left over from a
/// renamed or removed one).
#[test]
fn the_corpus_is_exactly_its_cases_and_their_snapshots() {
    let cases = corpus_listing();
    let mut stray = Vec::new();
    for e in std::fs::read_dir(repo("tests/fixtures/bad"))
        .unwrap()
        .flatten()
    {
        let n = e.file_name().to_string_lossy().into_owned();
        let paired = match n.rsplit_once('.') {
            Some((stem, "expect")) => cases.contains(&format!("{stem}.json")),
            Some((stem, "json")) => repo("tests/fixtures/bad")
                .join(format!("{stem}.expect"))
                .is_file(),
            Some((_, "ron")) => true,
            _ => false,
        };
        if !paired {
            stray.push(n);
        }
    }
    assert!(stray.is_empty(), "files that are not cases: {stray:?}");
    let mut snapshots: Vec<String> = std::fs::read_dir(repo("tests/tests/snapshots"))
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.strip_prefix("bad_files__")
                .and_then(|n| n.strip_suffix(".snap"))
                .map(str::to_string)
        })
        .collect();
    snapshots.sort();
    assert_eq!(snapshots, cases, "one snapshot per fixture");
}

#[test]
fn a_file_over_the_size_limit_is_refused_quickly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.ron");
    let f = std::fs::File::create(&path).unwrap();
    // A sparse 100 MB file: refused from its size, never read.
    f.set_len(100 * 1024 * 1024).unwrap();
    let out = saberc(BIN, &["check", "--format", "json", path.to_str().unwrap()]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["diagnostics"][0]["code"], "LIM001");
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unreadable input is an I/O failure"
    );
}

#[test]
fn a_missing_path_is_a_usage_error() {
    let out = saberc(BIN, &["check", "no/such/dir"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/dir"));
}

/// A map path must stay inside the scenario's directory tree or a `--maps` directory:
/// absolute paths and symbolic links that lead out are refused (REF006).
#[test]
fn map_paths_cannot_escape_by_absolute_path_or_symlink() {
    let outside = tempfile::tempdir().unwrap();
    let map = std::fs::read_to_string(repo("tests/fixtures/maps/skirmish.ron")).unwrap();
    std::fs::write(outside.path().join("skirmish.ron"), &map).unwrap();
    let good =
        std::fs::read_to_string(repo("tests/fixtures/good/skirmish-at-the-bridge.ron")).unwrap();
    let dir = tempfile::tempdir().unwrap();

    let absolute = outside.path().join("skirmish.ron");
    let abs_text = good.replace(
        "map: \"skirmish\"",
        &format!("map: {:?}", absolute.to_str().unwrap()),
    );
    std::fs::write(dir.path().join("absolute.ron"), abs_text).unwrap();

    std::os::unix::fs::symlink(outside.path(), dir.path().join("linked")).unwrap();
    let link_text = good.replace("map: \"skirmish\"", "map: \"linked/skirmish.ron\"");
    std::fs::write(dir.path().join("symlink.ron"), link_text).unwrap();

    // Inside the scenario's own tree, a relative path is fine.
    std::fs::create_dir(dir.path().join("maps")).unwrap();
    std::fs::write(dir.path().join("maps/skirmish.ron"), &map).unwrap();
    let inside_text = good.replace("map: \"skirmish\"", "map: \"maps/skirmish.ron\"");
    std::fs::write(dir.path().join("inside.ron"), inside_text).unwrap();

    for (file, want) in [
        ("absolute.ron", Some("REF006")),
        ("symlink.ron", Some("REF006")),
        ("inside.ron", None),
    ] {
        let path = dir.path().join(file);
        let out = saberc(BIN, &["check", "--format", "json", path.to_str().unwrap()]);
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let codes: Vec<&str> = report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap())
            .collect();
        match want {
            Some(code) => {
                assert!(codes.contains(&code), "{file}: {codes:?}");
                assert_eq!(out.status.code(), Some(1), "{file}");
            }
            None => assert!(
                codes.is_empty() && out.status.code() == Some(0),
                "{file}: {codes:?}"
            ),
        }
    }
}

/// Codes and positions of every diagnostic `saberc check` gives for a fixture, and its exit code.
fn findings(rel: &str) -> (Option<i32>, Vec<(String, u64, u64)>) {
    let out = saberc(
        BIN,
        &[
            "check",
            "--maps",
            "tests/fixtures/maps",
            "--format",
            "json",
            rel,
        ],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let found = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["line"].as_u64().unwrap_or(0),
                d["column"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    (out.status.code(), found)
}

/// The parsers stop at the first syntax error; saberc splits the document and reports each
/// independent one (`several-syntax-errors.ron` misses two commas, far apart).
#[test]
fn every_independent_syntax_error_is_reported() {
    let (exit, found) = findings("tests/fixtures/bad/several-syntax-errors.ron");
    assert_eq!(exit, Some(1));
    assert_eq!(
        found,
        vec![("SYN001".into(), 7, 5), ("SYN001".into(), 33, 5)],
        "{found:?}"
    );
}

/// Hexes may be written as the labels printed on the map (`"0709"`), and a JSON file may name
/// its schema with `$schema`: the JSON twin of the good fixture checks clean.
#[test]
fn hex_labels_and_dollar_schema_are_accepted() {
    let (exit, found) = findings("tests/fixtures/good/skirmish-hex-labels.json");
    assert_eq!((exit, found), (Some(0), vec![]));
}

/// An engine export in a checked folder is named as such (it has a `format`) and held to
/// `export.schema.json`; it does not fail the folder.
#[test]
fn an_engine_export_in_a_checked_folder_is_named_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let out = saberc(
        BIN,
        &[
            "export",
            "--maps",
            "tests/fixtures/maps",
            "-o",
            dir.path().to_str().unwrap(),
            "tests/fixtures/good/skirmish-at-the-bridge.ron",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = saberc(
        BIN,
        &["check", "--format", "json", dir.path().to_str().unwrap()],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let diags = report["diagnostics"].as_array().unwrap();
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert_eq!(diags.len(), 1, "{report}");
    assert_eq!(diags[0]["code"], "FMT006");
    assert_eq!(diags[0]["severity"], "note");
    assert!(
        diags[0]["message"]
            .as_str()
            .unwrap()
            .contains("engine export"),
        "{report}"
    );
}

/// serde stops at the first unknown name; saberc takes it out and reads on, so one run names
/// every misspelt field, variant and unit type (`several-unknown-names.ron` has four).
#[test]
fn every_unknown_name_is_reported_in_one_run() {
    for (file, want) in [
        ("tests/fixtures/bad/several-unknown-names.ron", 4),
        ("tests/fixtures/bad/json-several-unknown-names.json", 3),
    ] {
        let (exit, found) = findings(file);
        assert_eq!(exit, Some(1), "{file}");
        let unknown: Vec<_> = found.iter().filter(|(c, _, _)| c == "SYN002").collect();
        assert_eq!(unknown.len(), want, "{file}: {found:?}");
    }
}
