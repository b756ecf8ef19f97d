//! `saberc analyze` on every historical scenario and the examples: it runs in both formats, its
//! JSON validates against the committed `schema/analysis.schema.json`, and the book's table
//! of least costs is what it computes. `check`'s playability findings (PLY) never fire on a
//! historical scenario.

use saber_schema::analysis::analyse;
use saber_schema::diagnostic::Diagnostic;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::{compile_scenario, finish};
use saber_schema::queries::playable::GivenAllowances;
use saber_schema::ruleset::UnitKind;
use saber_tests::{historical_files, repo, saberc};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// The historical scenarios and the examples.
fn scenario_files() -> Vec<std::path::PathBuf> {
    let mut files = historical_files();
    for e in std::fs::read_dir(repo("scenarios/examples"))
        .unwrap()
        .flatten()
    {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "ron") {
            files.push(p);
        }
    }
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    files
}

fn analysis_validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(repo("schema/analysis.schema.json")).unwrap(),
    )
    .unwrap();
    assert!(jsonschema::meta::is_valid(&schema));
    jsonschema::validator_for(&schema).expect("the analysis schema compiles")
}

#[test]
fn analyze_runs_on_every_scenario_and_its_json_follows_the_schema() {
    let validator = analysis_validator();
    for f in scenario_files() {
        let path = f.to_str().unwrap();
        let out = saberc(BIN, &["analyze", "--format", "json", path]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{path}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let errors: Vec<String> = validator
            .iter_errors(&report)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{path}: {errors:?}");
        assert_eq!(report["format"], "saber-analysis/1");
        let human = saberc(BIN, &["analyze", path]);
        assert_eq!(human.status.code(), Some(0), "{path}");
        assert!(!human.stdout.is_empty());
    }
    // The schema refuses a report missing a field, and an unknown one.
    let out = saberc(
        BIN,
        &[
            "analyze",
            "--format",
            "json",
            "scenarios/05-first-bull-run.ron",
        ],
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut broken = report.clone();
    broken.as_object_mut().unwrap().remove("sides");
    assert!(!validator.is_valid(&broken));
    let mut extra = report;
    extra["sides"][0]["speed"] = Value::from(3);
    assert!(!validator.is_valid(&extra));
}

/// The findings `check` gives a file, compiled in-process.
fn findings(path: &std::path::Path) -> Vec<Diagnostic> {
    let src = Source::read(path).unwrap();
    let (_, diags) = compile_scenario(&src, &MapRegistry::new());
    finish(&src, diags)
}

#[test]
fn no_playability_finding_on_a_historical_scenario() {
    let files = historical_files();
    assert_eq!(files.len(), 17);
    for f in files {
        let ply: Vec<String> = findings(&f)
            .iter()
            .filter(|d| d.code.as_str().starts_with("PLY"))
            .map(|d| format!("{}: {}", d.code.as_str(), d.message))
            .collect();
        assert!(ply.is_empty(), "{}: {ply:?}", f.display());
    }
}

/// `analyze` shows the movement searches `check` made rather than searching again: its report
/// is the one it computes searching itself, on every historical scenario and example; and with
/// allowances given (`--ma`), which `check`'s searches did not have, it searches again.
#[test]
fn the_searches_check_made_give_the_same_analysis() {
    let given_none = GivenAllowances::new();
    let given_some: GivenAllowances = UnitKind::ALL.iter().map(|k| (*k, 1)).collect();
    let mut differs_given = 0;
    for f in scenario_files() {
        let src = Source::read(&f).unwrap();
        let (c, _) = compile_scenario(&src, &MapRegistry::new());
        let c = c.unwrap();
        let searched = c.searched.as_ref();
        assert!(searched.is_some(), "{}: check made no search", f.display());
        let report =
            |given, searched| analyse(&c.scenario, &c.map, &c.resolved, c.rules, given, searched);
        assert_eq!(
            report(&given_none, searched),
            report(&given_none, None),
            "{}",
            f.display()
        );
        let given = report(&given_some, None);
        assert_eq!(report(&given_some, searched), given, "{}", f.display());
        differs_given += usize::from(given != report(&given_none, None));
    }
    // Given allowances change some answers: the case above is not vacuous.
    assert!(differs_given > 0);
}

/// The book's table of least costs to the objectives (`docs/designer/analysis.md`) is what
/// `analyze` computes; `SABER_BLESS=book` rewrites it.
#[test]
fn the_book_table_of_least_costs_is_up_to_date() {
    const PAGE: &str = "docs/designer/analysis.md";
    let readme = std::fs::read_to_string(repo(PAGE)).unwrap();
    let mut want = String::new();
    for f in historical_files() {
        let out = saberc(BIN, &["analyze", "--format", "json", f.to_str().unwrap()]);
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        want.push_str(&readme_row(&report));
        want.push('\n');
    }
    let start = readme
        .find("<!-- analyze-table -->\n")
        .expect("the page marks the table")
        + "<!-- analyze-table -->\n".len();
    let end = start + readme[start..].find("<!-- /analyze-table -->").unwrap();
    let have: String = readme[start..end]
        .lines()
        .skip(2)
        .map(|l| format!("{l}\n"))
        .collect();
    if saber_tests::bless_names().is_some_and(|names| names.iter().any(|n| n == "book")) {
        let header = readme[start..end]
            .lines()
            .take(2)
            .collect::<Vec<_>>()
            .join("\n");
        let new = format!("{}{header}\n{want}{}", &readme[..start], &readme[end..]);
        std::fs::write(repo(PAGE), new).unwrap();
        return;
    }
    saber_tests::assert_same_text(
        &have,
        &want,
        "the book's table of least costs (SABER_BLESS=book cargo test -p saber-tests --test analyze)",
    );
}

/// One row: rule, and per side each target with its least cost, phases and arrival where known.
fn readme_row(report: &Value) -> String {
    let rule = report["scenario"]["rule"].as_str().unwrap_or("");
    let name = report["scenario"]["name"].as_str().unwrap_or("");
    let mut cells = Vec::new();
    for side in report["sides"].as_array().unwrap() {
        let mut parts = Vec::new();
        for t in side["targets"].as_array().unwrap() {
            let cost = t["least_cost"]["text"].as_str().unwrap_or("no path");
            let phases = match (t["least_phases"].as_u64(), t["earliest_turn"].as_u64()) {
                (Some(p), Some(turn)) => format!(", {p} phases (turn {turn})"),
                _ => String::new(),
            };
            parts.push(format!("{}: {cost}{phases}", t["goal"].as_str().unwrap()));
        }
        let name = side["name"].as_str().unwrap();
        cells.push(if parts.is_empty() {
            format!("{name}: –")
        } else {
            format!("{name}: {}", parts.join("; "))
        });
    }
    format!("| {rule} | {name} | {} |", cells.join("<br>"))
}

/// PLY001's help sends the designer to `analyze`: a file whose only errors are playability
/// findings is analysed (its errors said on standard error, exit 1); any other error still
/// stops it.
#[test]
fn analyze_shows_the_scenario_its_playability_errors_are_about() {
    for fixture in [
        "tests/fixtures/bad/playability-no-path-to-the-target.ron",
        "tests/fixtures/bad/playability-cavalry-charge-stops-at-the-woods.ron",
    ] {
        let out = saberc(BIN, &["analyze", fixture]);
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(1), "{fixture}: {stderr}");
        assert!(stderr.contains("PLY00"), "{fixture}: {stderr}");
        assert!(!stderr.contains("not analysed"), "{fixture}: {stderr}");
        assert!(stdout.contains("least cost"), "{fixture}: {stdout}");
    }
    let out = saberc(
        BIN,
        &["analyze", "tests/fixtures/bad/side-without-units.ron"],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not analysed"));
    assert!(out.stdout.is_empty());
}

/// Where the rules read two ways, `analyze` counts the lenient reading and `check` judges the
/// strict one too (README "Playability readings"). Counted by hand on the map file: 11.7's
/// Union from 2403 to H26 is 8⅔ MP along the road, whose last hexside is a ridge: 9⅔ MP when
/// the Chart's "Ridge Hexside +1 MP" is added to the Road Movement Rate; 11.3's Allies enter
/// the South road's edge hex 2433 along the road, ⅓ MP, 4⅓ MP to B14 in all, or 5 MP when the
/// edge hex costs its clear terrain.
#[test]
fn the_strict_readings_cost_what_the_hand_counts_say() {
    use saber_schema::queries::playable::{GivenAllowances, playable_under};
    use saber_schema::queries::readings::{Ambiguity, Readings};
    let least = |file: &str, readings: Readings| -> Vec<String> {
        let src = Source::read(&repo(file)).unwrap();
        let (c, _) = compile_scenario(&src, &MapRegistry::new());
        let c = c.expect("compiles");
        let play = playable_under(
            &c.scenario,
            &c.map,
            &c.resolved,
            c.rules,
            &GivenAllowances::new(),
            readings,
        );
        play.targets
            .iter()
            .flat_map(|(_, reaches)| reaches.iter())
            .filter_map(|g| g.least.as_ref().map(|l| l.0.to_string()))
            .collect()
    };
    let gettysburg = "scenarios/07-gettysburg-little-round-top.ron";
    assert_eq!(least(gettysburg, Readings::LENIENT)[0], "8⅔ MP");
    assert_eq!(
        least(gettysburg, Readings::only(Ambiguity::RidgeOnRoad))[0],
        "9⅔ MP"
    );
    let palestro = "scenarios/03-palestro.ron";
    assert_eq!(least(palestro, Readings::LENIENT)[0], "4⅓ MP");
    assert_eq!(
        least(palestro, Readings::only(Ambiguity::RoadOffMap))[0],
        "5 MP"
    );
}

/// `check` makes no strict search where no strict reading bears on the scenario
/// (`Ambiguity::bears_on`): that is sound only if each reading that does not bear changes no
/// answer. For every historical scenario and example, and again on its map with the ridges
/// taken away, each reading that does not bear gives the lenient search's answer, hex for hex.
#[test]
fn a_reading_that_does_not_bear_changes_no_search() {
    use saber_schema::queries::playable::playable_under;
    use saber_schema::queries::readings::{Ambiguity, Readings};
    let given = GivenAllowances::new();
    let mut compared = [0; 4];
    for f in scenario_files() {
        let src = Source::read(&f).unwrap();
        let (c, _) = compile_scenario(&src, &MapRegistry::new());
        let c = c.unwrap();
        let mut flat = (*c.map).clone();
        flat.ridges.clear();
        for map in [&c.map, &flat] {
            let search = |readings| {
                let p = playable_under(&c.scenario, map, &c.resolved, c.rules, &given, readings);
                // The reaches of every target (a target's hexes print a pointer).
                let reaches: Vec<String> =
                    p.targets.iter().map(|(_, r)| format!("{r:?}")).collect();
                (reaches, p.incomplete)
            };
            let lenient = search(Readings::LENIENT);
            for (i, a) in Ambiguity::ALL.into_iter().enumerate() {
                if a.bears_on(&c.scenario, map) {
                    continue;
                }
                assert_eq!(search(Readings::only(a)), lenient, "{} {a:?}", f.display());
                compared[i] += 1;
            }
        }
    }
    // Each reading was compared on some scenario.
    assert!(compared.iter().all(|n| *n > 0), "{compared:?}");
}
