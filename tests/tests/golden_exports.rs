//! Golden exports: `saberc export` of each historical scenario is committed under
//! `tests/golden/`, and any change to an export fails this test. Each export also validates
//! against `export.schema.json` and carries, per side, exactly the units and markers of the
//! scenario's order of battle (which `scenario_counts.rs` ties to the rules text).
//!
//! The map is the same in every export, so it is pinned once: `tests/golden/_map.json` holds the
//! export's map (all but its effective terrain, which special rules change per scenario) and the
//! Terrain Effects Chart, and each scenario's golden file holds the rest, the part that is the
//! scenario's own.
//!
//! A mismatch prints the line diff of each golden file that differs. After an intended change,
//! rewrite the golden files one by one, naming them: `SABER_BLESS=el-caney,_map cargo test -p
//! saber-tests --test golden_exports` (the diff of each rewritten file is printed too), and
//! review `git diff tests/golden/` before committing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Severity;
use saber_schema::output::export::{export, export_text};
use saber_schema::pipeline::compile_scenario;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::schema::validate_export;
use saber_schema::ruleset::{MarkerKind, UnitKind};

/// The registry `saberc export --maps maps` uses.
fn registry() -> MapRegistry {
    let mut reg = MapRegistry::new();
    reg.add_root(&saber_tests::root().join("maps"))
        .expect("maps/ is a directory");
    reg
}

use saber_tests::historical_files;

fn golden_path(id: &str) -> PathBuf {
    saber_tests::root()
        .join("tests")
        .join("golden")
        .join(format!("{id}.json"))
}

/// Is this golden file (its name without `.json`) among those `SABER_BLESS` names?
fn bless(golden: &Path) -> bool {
    let stem = golden.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    saber_tests::bless_names().is_some_and(|names| names.iter().any(|n| n == stem))
}

fn name(p: &Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn exports_match_the_golden_files() {
    let reg = registry();
    let mut known: Vec<String> = vec!["_map".into()];
    for path in historical_files() {
        let src = Source::read(&path).expect("readable");
        if let Ok(s) = saber_schema::pipeline::load_scenario(&src) {
            known.push(s.id);
        }
    }
    saber_tests::check_bless_names(&known);
    let mut problems = Vec::new();
    let mut shared_map: Option<serde_json::Value> = None;
    for path in historical_files() {
        let src = Source::read(&path).expect("readable");
        let (compiled, diags) = compile_scenario(&src, &reg);
        if diags.iter().any(|d| d.severity == Severity::Error) {
            problems.push(format!("{}: does not compile", name(&path)));
            continue;
        }
        let c = compiled.expect("compiled without errors");
        let doc =
            export(c.rules, &c.scenario, &c.map, &c.resolved).expect("within the export limit");
        let value = serde_json::to_value(&doc).expect("exports serialize");
        for p in validate_export(&value) {
            problems.push(format!(
                "{}: export breaks export.schema.json: {}",
                name(&path),
                p.message
            ));
        }

        // Every unit and marker of the order of battle, once, per side.
        for (si, side) in c.scenario.sides.iter().enumerate() {
            let mut want: BTreeMap<String, u32> = BTreeMap::new();
            for kind in UnitKind::ALL {
                let n = side.count(kind);
                if n > 0 {
                    want.insert(kind.code().into(), n);
                }
            }
            for m in MarkerKind::ALL {
                let n = side.markers(m);
                if n > 0 {
                    want.insert(m.code().into(), n);
                }
            }
            let mut got: BTreeMap<String, u32> = BTreeMap::new();
            for u in value["sides"][si]["units"].as_array().into_iter().flatten() {
                let kind = u["kind"].as_str().unwrap_or("?").to_string();
                *got.entry(kind).or_default() += 1;
            }
            if got != want {
                problems.push(format!(
                    "{}: export of {} has {got:?}, the order of battle {want:?}",
                    name(&path),
                    side.id
                ));
            }
        }

        // What saberc writes is this document.
        let written: serde_json::Value =
            serde_json::from_str(&export_text(&doc)).expect("the export text is JSON");
        assert_eq!(written, value, "{}", name(&path));

        let (own, map_part) = split(value);
        match &shared_map {
            None => shared_map = Some(map_part),
            Some(m) if *m == map_part => {}
            Some(_) => problems.push(format!(
                "{}: its map differs from the other scenarios' (apart from effective terrain)",
                name(&path)
            )),
        }
        compare_golden(
            &golden_path(&c.scenario.id),
            &own,
            &name(&path),
            &mut problems,
        );
    }
    match shared_map {
        Some(m) => compare_golden(&golden_path("_map"), &m, "the map", &mut problems),
        None => problems.push("no scenario compiled".into()),
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// An export split into the scenario's own part and the map part every scenario shares (the
/// map without its effective terrain, and the Terrain Effects Chart).
fn split(mut value: serde_json::Value) -> (serde_json::Value, serde_json::Value) {
    let mut map = value["map"].take();
    let effective = map["effective_terrain"].take();
    if let Some(m) = map.as_object_mut() {
        m.remove("effective_terrain");
    }
    value["map"] = serde_json::json!({ "effective_terrain": effective });
    let effects = value["terrain_effects"].take();
    if let Some(v) = value.as_object_mut() {
        v.remove("terrain_effects");
    }
    (
        value,
        serde_json::json!({ "map": map, "terrain_effects": effects }),
    )
}

/// Compare a document with its golden file, reporting the line diff (or write it, when
/// `SABER_BLESS` names it, printing the diff written).
fn compare_golden(golden: &Path, doc: &serde_json::Value, what: &str, problems: &mut Vec<String>) {
    let mut text = serde_json::to_string_pretty(doc).expect("JSON");
    text.push('\n');
    let old = std::fs::read_to_string(golden);
    if bless(golden) {
        if let Ok(old) = &old
            && *old != text
        {
            eprintln!(
                "rewriting {}:\n{}",
                golden.display(),
                saber_tests::line_diff(old, &text)
            );
        }
        std::fs::create_dir_all(golden.parent().expect("has a parent")).expect("mkdir");
        std::fs::write(golden, &text).expect("write golden");
        return;
    }
    let stem = golden.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    match old {
        Ok(old) if old == text => {}
        Ok(old) => problems.push(format!(
            "{what}: export differs from {} (after review, `SABER_BLESS={stem}` rewrites it):\n{}",
            golden.display(),
            saber_tests::line_diff(&old, &text)
        )),
        Err(e) => problems.push(format!("{what}: {}: {e}", golden.display())),
    }
}
