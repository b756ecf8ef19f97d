//! Tiled interop end to end, through `saberc`: maps and scenarios exported with `--format
//! tiled` import back as the same map; a map drawn in Tiled (a hand-made `.tmx` with its own
//! tileset) imports and checks clean; bad Tiled maps get located diagnostics. The checks
//! against the real Tiled are in `tests/interop/tiled.sh`.

use std::path::Path;

use saber_schema::model::map::MapFile;
use saber_schema::output::tiled::by_game::import_path;
use saber_schema::output::tiled::import::differences;
use saber_tests::{repo, saberc};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

fn run(args: &[&str]) -> std::process::Output {
    let out = saberc(BIN, args);
    assert!(
        out.status.success(),
        "saberc {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn read_map(path: &Path) -> MapFile {
    ron::from_str(&std::fs::read_to_string(path).expect("written")).expect("a map file")
}

/// Export with `--format tiled`, import the `.tmj` back, check it: the same map as `map`.
fn round_trip(input: &str, id: &str) {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8 path");
    run(&["export", input, "--format", "tiled", "-o", d]);
    for ext in ["tmj", "tsj", "png"] {
        assert!(
            dir.path().join(format!("{id}.{ext}")).is_file(),
            "{id}.{ext}"
        );
    }
    let back = dir.path().join("back.ron");
    let tmj = dir.path().join(format!("{id}.tmj"));
    run(&[
        "import",
        tmj.to_str().expect("utf-8"),
        "-o",
        back.to_str().expect("utf-8"),
    ]);
    run(&["check", back.to_str().expect("utf-8"), "--deny", "warnings"]);
    // Written in the repository's one layout.
    run(&["fmt", "--check", back.to_str().expect("utf-8")]);
    let original = read_map(&repo("maps/rifle-and-saber.ron"));
    assert_eq!(
        differences(&original, &read_map(&back)),
        Vec::<String>::new()
    );
}

#[test]
fn the_rifle_and_saber_map_round_trips_through_tiled() {
    round_trip("maps/rifle-and-saber.ron", "rifle-and-saber");
}

#[test]
fn scenario_exports_carry_the_map_unchanged() {
    round_trip("scenarios/05-first-bull-run.ron", "first-bull-run");
    round_trip(
        "scenarios/07-gettysburg-little-round-top.ron",
        "gettysburg-little-round-top",
    );
}

#[test]
fn a_scenario_export_has_a_layer_per_group_and_its_facts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8 path");
    run(&[
        "export",
        "scenarios/05-first-bull-run.ron",
        "--format",
        "tiled",
        "-o",
        d,
    ]);
    let text = std::fs::read_to_string(dir.path().join("first-bull-run.tmj")).expect("written");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(doc["orientation"], "hexagonal");
    assert_eq!(doc["staggeraxis"], "x");
    assert_eq!(doc["staggerindex"], "odd");
    let prop = |name: &str| {
        doc["properties"]
            .as_array()
            .expect("properties")
            .iter()
            .find(|p| p["name"] == name)
            .map(|p| p["value"].clone())
    };
    assert_eq!(prop("rule"), Some("11.5".into()));
    assert_eq!(prop("game_length"), Some(8.into()));
    let sides: Vec<&serde_json::Value> = doc["layers"]
        .as_array()
        .expect("layers")
        .iter()
        .filter(|l| l["class"] == "side")
        .collect();
    assert_eq!(sides.len(), 2);
    for side in sides {
        for group in side["layers"].as_array().expect("group layers") {
            let props = group["properties"].as_array().expect("properties");
            for name in ["group", "units", "entry", "hexes"] {
                assert!(props.iter().any(|p| p["name"] == name), "{name} in {group}");
            }
        }
    }
}

/// A group's layer is named in nouns that fit a plural side ("Austrians (a) deployment", not
/// "Austrians (a) deploys", issue 37 §17); a file exported with the old names still imports,
/// as the same map.
#[test]
fn group_layers_say_deployment_and_old_names_still_import() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8 path");
    run(&[
        "export",
        "scenarios/02-varese.ron",
        "--format",
        "tiled",
        "-o",
        d,
    ]);
    let tmj = dir.path().join("varese.tmj");
    let text = std::fs::read_to_string(&tmj).expect("written");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let names: Vec<String> = doc["layers"]
        .as_array()
        .expect("layers")
        .iter()
        .filter(|l| l["class"] == "side")
        .flat_map(|side| side["layers"].as_array().expect("group layers").clone())
        .map(|g| g["name"].as_str().expect("a name").to_string())
        .collect();
    assert!(
        names.iter().any(|n| n.ends_with(") deployment")),
        "{names:?}"
    );
    assert!(!names.iter().any(|n| n.contains("deploys")), "{names:?}");
    // The names an earlier saberc wrote.
    let old = dir.path().join("old.tmj");
    std::fs::write(
        &old,
        text.replace(") deployment\"", ") deploys\"")
            .replace(") arrival on Game-Turn ", ") arrives Game-Turn "),
    )
    .expect("written");
    assert_ne!(std::fs::read_to_string(&old).expect("old"), text);
    let mut maps = Vec::new();
    for (input, out) in [(&tmj, "new.ron"), (&old, "old.ron")] {
        let back = dir.path().join(out);
        run(&[
            "import",
            input.to_str().expect("utf-8"),
            "-o",
            back.to_str().expect("utf-8"),
        ]);
        maps.push(read_map(&back));
    }
    assert_eq!(differences(&maps[0], &maps[1]), Vec::<String>::new());
}

#[test]
fn engine_stays_the_default_export() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8 path");
    run(&["export", "scenarios/01-fatehpur.ron", "-o", d]);
    assert!(dir.path().join("fatehpur.json").is_file());
    assert!(!dir.path().join("fatehpur.tmj").exists());
}

#[test]
fn a_map_drawn_in_tiled_imports_clean() {
    let imported = import_path(&repo("tests/fixtures/tiled/drawn.tmx"));
    assert!(
        imported.diagnostics.is_empty(),
        "{:#?}",
        imported.diagnostics
    );
    let map: MapFile = ron::from_str(&imported.text.expect("a map")).expect("RON");
    assert_eq!(map.id, "drawn");
    assert_eq!(map.name, "A meadow drawn in Tiled");
    assert_eq!(map.terrain[1], ".vv..^..");
    assert_eq!(map.terrain[3], "~~=~~~~~");
    assert_eq!(map.features.len(), 5);
    assert_eq!(map.roads.len(), 1);
    assert_eq!(map.roads[0].hexes.len(), 5);
    assert_eq!(map.ridges.len(), 1);
}

#[test]
fn a_bad_tiled_map_gets_located_diagnostics() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(repo("tests/fixtures/tiled/drawn.tmx")).expect("fixture");
    // An isometric map: refused, located on the <map> element, nothing written.
    let bad = dir.path().join("bad.tmx");
    std::fs::write(&bad, text.replace("hexagonal", "isometric")).expect("written");
    std::fs::copy(
        repo("tests/fixtures/tiled/drawn.tsx"),
        dir.path().join("drawn.tsx"),
    )
    .expect("copied");
    let target = dir.path().join("unused.ron");
    let out = saberc(
        BIN,
        &[
            "import",
            bad.to_str().expect("utf-8"),
            "-o",
            target.to_str().expect("utf-8"),
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("TIL001") && err.contains("bad.tmx:2:"),
        "{err}"
    );
    assert!(!target.exists());
}

/// Each bad Tiled map in `fixtures/tiled/bad/` holds one mistake and says on its second line
/// (`<!-- expect: CODE at LINE:COL exit N -->`) which code, location and exit code `saberc
/// import` gives; nothing is written.
#[test]
fn every_bad_tiled_map_gives_its_expected_diagnostic() {
    let dir = repo("tests/fixtures/tiled/bad");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "tmx"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    let out_dir = tempfile::tempdir().expect("temp dir");
    for f in files {
        let text = std::fs::read_to_string(&f).expect("fixture");
        let expect = text
            .lines()
            .nth(1)
            .and_then(|l| l.trim().strip_prefix("<!-- expect:"))
            .map(|l| l.trim_end_matches("-->").trim().to_string())
            .unwrap_or_else(|| panic!("{}: no expect line", f.display()));
        // "CODE at LINE:COL exit N"
        let words: Vec<&str> = expect.split_whitespace().collect();
        let (code, at, exit) = (words[0], words[2], words[4]);
        let target = out_dir.path().join("never.ron");
        let out = saberc(
            BIN,
            &[
                "import",
                f.to_str().expect("utf-8"),
                "-o",
                target.to_str().expect("utf-8"),
            ],
        );
        let err = String::from_utf8_lossy(&out.stderr);
        let name = f.file_name().expect("name").to_string_lossy();
        assert_eq!(
            out.status.code().map(|c| c.to_string()).as_deref(),
            Some(exit),
            "{name}: {err}"
        );
        assert!(
            err.contains(&format!("[{code}]")) && err.contains(&format!("{name}:{at}]")),
            "{name}: expected {code} at {at}, got:\n{err}"
        );
        // An error writes no map; a warning (exit 0) writes the map it describes.
        assert_eq!(target.exists(), exit == "0", "{name}: map written?");
        let _ = std::fs::remove_file(&target);
    }
}
