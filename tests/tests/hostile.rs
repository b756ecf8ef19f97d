//! Files as a hostile uploader would make them (issue 13): each test builds its input (too big
//! or too odd to keep as a fixture), runs `saberc`, and checks that a verdict comes, bounded,
//! right, and safe to print. A run that hangs is killed and fails the test (a guard, not a
//! timing: speed is measured by `tests/bench/pathological.sh`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use saber_tests::repo;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// Run saberc in `dir`, killing it if it has not finished in a minute (a hang).
fn run_in(dir: &Path, args: &[&str]) -> Output {
    saber_tests::saberc_in(BIN, dir, args)
}

fn good_scenario() -> String {
    std::fs::read_to_string(repo("tests/fixtures/good/skirmish-at-the-bridge.ron")).unwrap()
}

fn skirmish_map() -> String {
    std::fs::read_to_string(repo("tests/fixtures/maps/skirmish.ron")).unwrap()
}

/// A temporary folder holding the skirmish map, and a scenario written into it.
fn with_scenario(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("skirmish.ron"), skirmish_map()).unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

fn codes(out: &Output) -> Vec<String> {
    let report: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("bad JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)));
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect()
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

// §1 Never panic.

/// A minified one-line scenario with an unknown feature past column 65,535: human output shows
/// a window of the line (miette used to panic past that column and reprint the whole line).
#[test]
fn a_finding_past_column_65535_prints_a_window_of_the_line() {
    let one_line = good_scenario()
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join(" ")
        .replace("victory: [", &format!("{}victory: [", " ".repeat(70_000)))
        .replace("Feature(\"V1\")", "Feature(\"V9\")");
    let (dir, path) = with_scenario("minified.ron", &one_line);
    let out = run_in(
        dir.path(),
        &["check", "--maps", ".", path.to_str().unwrap()],
    );
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert!(shown.contains("REF001"), "{shown}");
    assert!(shown.contains(":1:7"), "the real column is shown: {shown}");
    assert!(shown.contains('…'), "the line is cut: {shown}");
    assert!(shown.len() < 4_000, "{} bytes printed", shown.len());
}

/// A map with a 200,000-character terrain row: one finding, a few lines of output.
#[test]
fn a_map_with_a_huge_row_prints_a_bounded_finding() {
    let mut map = skirmish_map();
    let at = map.find("terrain: [").unwrap();
    let row = map[at..].find('"').unwrap() + at + 1;
    map.insert_str(row, &".".repeat(200_000));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wide.ron");
    std::fs::write(&path, map).unwrap();
    let out = run_in(dir.path(), &["check", "wide.ron"]);
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert!(shown.len() < 8_000, "{} bytes printed", shown.len());
}

/// `render` of a map with errors (a road through hexes far off the map) draws nothing: it
/// prints the errors and exits 1.
#[test]
fn render_refuses_a_map_with_errors() {
    let map = skirmish_map().replacen(
        "roads: [",
        "roads: [(kind: Minor, hexes: [(1, 1), (2000000, -2000000), (-999999, 999999)]),",
        1,
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("far.ron"), map).unwrap();
    for out_file in ["far.png", "far.svg"] {
        let out = run_in(dir.path(), &["render", "far.ron", "-o", out_file]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out));
        assert!(text(&out).contains("MAP"), "{}", text(&out));
        assert!(!dir.path().join(out_file).exists());
    }
}

// §2 Never hang.

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo");
}

/// A FIFO blocks whoever opens it for reading until a writer comes: given on the command line,
/// named by a scenario's `map:`, found in a folder, or passed to `factor`, it is refused
/// (IO001) without being opened.
#[test]
fn fifos_are_refused_everywhere_a_path_is_read() {
    let dir = tempfile::tempdir().unwrap();
    mkfifo(&dir.path().join("pipe.ron"));
    mkfifo(&dir.path().join("pipe-map.ron"));
    let scenario = good_scenario().replace("map: \"skirmish\"", "map: \"pipe-map.ron\"");
    std::fs::write(dir.path().join("scenario.ron"), scenario).unwrap();

    let out = run_in(dir.path(), &["check", "--format", "json", "pipe.ron"]);
    assert_eq!(codes(&out), ["IO001"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(text(&out).contains("FIFO"), "{}", text(&out));

    let out = run_in(dir.path(), &["check", "--format", "json", "scenario.ron"]);
    assert!(codes(&out).contains(&"IO001".to_string()), "{}", text(&out));
    assert_eq!(out.status.code(), Some(1));

    // The folder holds the two FIFOs and the scenario: each FIFO is one IO001.
    let out = run_in(dir.path(), &["check", "--format", "json", "."]);
    let c = codes(&out);
    assert!(c.iter().filter(|c| *c == "IO001").count() >= 2, "{c:?}");
    assert_ne!(out.status.code(), Some(0));

    let out = run_in(dir.path(), &["factor", "pipe.ron"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(text(&out).contains("FIFO"), "{}", text(&out));

    let out = run_in(dir.path(), &["render", "pipe.ron", "-o", "x.svg"]);
    assert_ne!(out.status.code(), Some(0));
}

/// 20,000 off-map hexes: every finding is found, 200 are located and shown, the rest counted.
#[test]
fn twenty_thousand_findings_are_capped() {
    let hexes: Vec<String> = (0..20_000).map(|i| format!("({}, 99)", 100 + i)).collect();
    let scenario = good_scenario().replace(
        "Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))",
        &format!(
            "Deploy(zone: Union([Within(distance: 1, of: Feature(\"H2\")), Hexes([{}])]))",
            hexes.join(", ")
        ),
    );
    let (dir, path) = with_scenario("offmap.ron", &scenario);
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--format",
            "json",
            "--maps",
            ".",
            path.to_str().unwrap(),
        ],
    );
    let c = codes(&out);
    assert_eq!(c.iter().filter(|c| *c == "MAP007").count(), 200, "{c:?}");
    assert_eq!(c.last().map(String::as_str), Some("LIM004"));
}

/// More values than the limit (four lists of 90,000 hexes, three values each): refused before
/// the file is parsed, at the first value past the limit.
#[test]
fn a_file_over_the_value_limit_is_refused_before_it_is_read() {
    let list = vec!["(5, 5)"; 90_000].join(", ");
    let lists = vec![format!("Hexes([{list}])"); 4].join(", ");
    let scenario = good_scenario().replace(
        "Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))",
        &format!("Deploy(zone: Union([{lists}]))"),
    );
    let (dir, path) = with_scenario("many.ron", &scenario);
    let out = run_in(
        dir.path(),
        &["check", "--maps", ".", path.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out).contains("holds more than 1,000,000 values"),
        "{}",
        text(&out)
    );
}

/// A `Hexes` zone one hex over its limit is refused while it is read, before the schema stage
/// (where jsonschema would copy it into the error of every zone form it is not).
#[test]
fn a_hexes_zone_over_its_limit_is_refused_while_read() {
    let list = vec!["(5, 5)"; 100_001].join(", ");
    let scenario = good_scenario().replace(
        "Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))",
        &format!("Deploy(zone: Hexes([{list}]))"),
    );
    let (dir, path) = with_scenario("long.ron", &scenario);
    let out = run_in(
        dir.path(),
        &["check", "--maps", ".", path.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out).contains("lists at most 100,000 hexes"),
        "{}",
        text(&out)
    );
}

/// A 300 × 300 map with a thousand different `Within(d, Everywhere)`: zone compilation stops
/// at its work budget with one LIM003 (the benchmark runs the same on the largest map).
#[test]
fn zone_compilation_stops_at_its_budget() {
    let dir = tempfile::tempdir().unwrap();
    let row = format!("\"{}\",", ".".repeat(300));
    let map = format!(
        "(format: \"saber-map/1\", id: \"huge\", name: \"Huge\", width: 300, height: 300, terrain: [{}])",
        row.repeat(300)
    );
    std::fs::write(dir.path().join("huge.ron"), map).unwrap();
    let zones: Vec<String> = (1..=1000)
        .map(|d| format!("Within(distance: {d}, of: Everywhere)"))
        .collect();
    let scenario = good_scenario()
        .replace("map: \"skirmish\"", "map: \"huge\"")
        .replace(
            "Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))",
            &format!("Deploy(zone: Union([{}]))", zones.join(", ")),
        );
    std::fs::write(dir.path().join("budget.ron"), scenario).unwrap();
    let out = run_in(
        dir.path(),
        &["check", "--format", "json", "--maps", ".", "budget.ron"],
    );
    let c = codes(&out);
    assert!(c.contains(&"LIM003".to_string()), "{c:?}");
    assert_eq!(out.status.code(), Some(1));
}

// §3 Output bounded.

/// A 4 MiB name: the schema finding does not echo it whole.
#[test]
fn echoed_values_are_truncated() {
    let scenario = good_scenario().replace(
        "name: \"Skirmish at the Bridge\"",
        &format!("name: \"{}\"", "N".repeat(4 << 20)),
    );
    let (dir, path) = with_scenario("long-name.ron", &scenario);
    for format in ["human", "json"] {
        let out = run_in(
            dir.path(),
            &[
                "check",
                "--format",
                format,
                "--maps",
                ".",
                path.to_str().unwrap(),
            ],
        );
        assert_eq!(out.status.code(), Some(1));
        assert!(
            out.stdout.len() < 20_000,
            "{format}: {} bytes",
            out.stdout.len()
        );
    }
}

// §4 No rule-breaking file passes silently.

/// Directory checks search every folder (`target` folders that are not Cargo's, upper-case
/// extensions; hidden ones with `--hidden`); what they leave out is said; a folder too deep is
/// an error.
#[test]
fn directory_checks_skip_nothing_silently() {
    let bad = std::fs::read_to_string(repo("tests/fixtures/bad/unknown-feature.ron")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    // The map where scenarios in sub-folders find it (`../maps`).
    std::fs::create_dir_all(root.join("maps")).unwrap();
    std::fs::write(root.join("maps").join("skirmish.ron"), skirmish_map()).unwrap();
    for (i, sub) in ["target", "UPPER"].iter().enumerate() {
        std::fs::create_dir_all(root.join(sub)).unwrap();
        let name = if *sub == "UPPER" {
            "BAD.RON"
        } else {
            "bad.ron"
        };
        std::fs::write(root.join(sub).join(name), &bad).unwrap();
        // Each alone is found and fails.
        let out = run_in(root, &["check", "--format", "json", "."]);
        let n = codes(&out).iter().filter(|c| *c == "REF001").count();
        assert_eq!(n, i + 1, "{sub}: {}", text(&out));
        assert_eq!(out.status.code(), Some(1));
    }
    // Hidden folders are left out as ripgrep leaves them out, and the summary says so;
    // --hidden searches them.
    std::fs::create_dir_all(root.join(".hidden")).unwrap();
    std::fs::write(root.join(".hidden/bad.ron"), &bad).unwrap();
    let out = run_in(root, &["check", "."]);
    assert!(
        text(&out).contains("not searched: ./.hidden (hidden; --hidden searches it)"),
        "{}",
        text(&out)
    );
    let out = run_in(root, &["check", "--hidden", "--format", "json", "."]);
    assert_eq!(codes(&out).iter().filter(|c| *c == "REF001").count(), 3);
    // Version-control internals are skipped, and the summary says so.
    std::fs::create_dir_all(root.join(".git")).unwrap();
    std::fs::write(root.join(".git/bad.ron"), &bad).unwrap();
    let out = run_in(root, &["check", "."]);
    assert!(
        text(&out).contains("not searched: ./.git (version-control internals)"),
        "{}",
        text(&out)
    );
    // 40 levels deep: the folder past the limit is an error, not a silent pass.
    let mut deep = root.join("deep");
    for i in 0..40 {
        deep = deep.join(format!("d{i}"));
    }
    std::fs::create_dir_all(&deep).unwrap();
    std::fs::write(deep.join("skirmish.ron"), skirmish_map()).unwrap();
    let out = run_in(root, &["check", "--format", "json", "deep"]);
    assert_eq!(codes(&out), ["IO001"], "{}", text(&out));
    assert_ne!(out.status.code(), Some(0));
}

// §6 Valid files are not rejected.

/// A zone nested to exactly the documented limit (64 levels of brackets) is accepted; one
/// more is LIM002.
#[test]
fn nesting_of_exactly_the_limit_is_accepted() {
    let depth_of =
        |text: &str| saber_schema::pipeline::locate::structure(text, 1000, usize::MAX).depth;
    let base = good_scenario();
    let make = |n: usize| {
        let zone = format!(
            "{}Feature(\"H2\"){}",
            "Within(distance: 0, of: ".repeat(n),
            ")".repeat(n)
        );
        base.replace(
            "Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))",
            &format!("Deploy(zone: Within(distance: 1, of: {zone}))"),
        )
    };
    let n = (0..100)
        .find(|n| depth_of(&make(*n)) == saber_schema::model::limits::MAX_NESTING)
        .expect("some nesting reaches the limit");
    let (dir, path) = with_scenario("deep.ron", &make(n));
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--format",
            "json",
            "--maps",
            ".",
            path.to_str().unwrap(),
        ],
    );
    assert_eq!(codes(&out), Vec::<String>::new(), "{}", text(&out));
    assert_eq!(out.status.code(), Some(0));
    let (dir, path) = with_scenario("deeper.ron", &make(n + 1));
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--format",
            "json",
            "--maps",
            ".",
            path.to_str().unwrap(),
        ],
    );
    assert_eq!(codes(&out), ["LIM002"], "{}", text(&out));
}

// §7 Output cannot be used against the reader.

/// Control characters and bidirectional overrides written raw into a file (its id, echoed by
/// the schema message and shown in the source window) and into its file name reach the
/// terminal escaped.
#[test]
fn control_characters_are_escaped_in_human_output() {
    let poison = "\u{1b}]0;owned\u{7}\u{1b}[2J\u{202e}evil\u{0}";
    let scenario = good_scenario()
        .replace(
            "id: \"skirmish-at-the-bridge\"",
            &format!("id: \"{poison}\""),
        )
        .replace(
            "date: \"1 June 1866\"",
            &format!("date: \"1 June {poison}\""),
        );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("skirmish.ron"), skirmish_map()).unwrap();
    let name = format!("evil{poison}.ron").replace('\u{0}', "");
    std::fs::write(dir.path().join(&name), &scenario).unwrap();
    let out = run_in(dir.path(), &["check", "--maps", ".", &name]);
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert!(shown.contains("SCH001"), "{shown}");
    assert!(
        shown.contains("\\u{1b}]0;owned"),
        "escaped, still readable: {shown}"
    );
    for bad in ['\u{1b}', '\u{7}', '\u{0}', '\u{202e}'] {
        assert!(!shown.contains(bad), "raw {bad:?} in {shown:?}");
    }
}

/// SARIF `artifactLocation.uri` is a percent-encoded URI reference.
#[test]
fn sarif_uris_are_percent_encoded() {
    let bad = std::fs::read_to_string(repo("tests/fixtures/bad/unknown-feature.ron")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("skirmish.ron"), skirmish_map()).unwrap();
    std::fs::write(dir.path().join("a b#c%d é.ron"), &bad).unwrap();
    let out = run_in(dir.path(), &["check", "--format", "sarif", "a b#c%d é.ron"]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let uri = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
        ["uri"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(uri, "a%20b%23c%25d%20%C3%A9.ron");
}

/// `factor --format ron`: a battle name with line breaks stays inside its comment.
#[test]
fn battle_names_cannot_break_out_of_comments() {
    let dir = tempfile::tempdir().unwrap();
    let battle = r#"(
    format: Some("saber-battle/1"),
    name: "Evil\n)\n(format: \"saber-map/1\"\u{2028}// x",
    date: "1 June 1866",
    sides: [
        (name: "A\nB", color: Some(Red), men: {EB: 400}),
        (name: "C", color: Some(Blue), men: {MR: 450}),
    ],
)
"#;
    std::fs::write(dir.path().join("evil.ron"), battle).unwrap();
    let out = run_in(dir.path(), &["factor", "evil.ron", "--format", "ron"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let skeleton = String::from_utf8(out.stdout).unwrap();
    let header: Vec<&str> = skeleton
        .lines()
        .take_while(|l| !l.starts_with('('))
        .collect();
    assert!(header.len() >= 3);
    assert!(header.iter().all(|l| l.starts_with("// ")), "{header:?}");
    // The whole skeleton is one RON value, and the name is the battle's, not code.
    let parsed: ron::Value = ron::Options::default()
        .from_str(&skeleton)
        .unwrap_or_else(|e| panic!("{e}\n{skeleton}"));
    let ron::Value::Map(fields) = parsed else {
        panic!("not a struct: {skeleton}");
    };
    let name = fields.get(&ron::Value::String("name".into()));
    assert_eq!(
        name,
        Some(&ron::Value::String(
            "Evil\n)\n(format: \"saber-map/1\"\u{2028}// x".into()
        ))
    );
}

/// A `../` escape is refused (REF006) whether or not its target exists: no existence oracle.
#[test]
fn escapes_to_missing_files_are_ref006() {
    for target in [
        "../../../etc/passwd",
        "../../no/such/file.ron",
        "../nothing.ron",
    ] {
        let scenario = good_scenario().replace("map: \"skirmish\"", &format!("map: {target:?}"));
        let (dir, path) = with_scenario("escape.ron", &scenario);
        let out = run_in(
            dir.path(),
            &[
                "check",
                "--format",
                "json",
                "--maps",
                ".",
                path.to_str().unwrap(),
            ],
        );
        assert_eq!(codes(&out), ["REF006"], "{target}");
    }
}

// Issue 25: every command that reads a file holds it to check's limits first.

/// `fmt` and `convert` refuse what `check` refuses, before any work: a zone nested to exactly
/// the limit is read, one level more is LIM002; a file over the value limit is LIM003.
#[test]
fn fmt_and_convert_hold_files_to_checks_limits() {
    let depth_of =
        |text: &str| saber_schema::pipeline::locate::structure(text, 1000, usize::MAX).depth;
    let base = good_scenario();
    let make = |n: usize| {
        let zone = format!(
            "{}Feature(\"H2\"){}",
            "Within(distance: 0, of: ".repeat(n),
            ")".repeat(n)
        );
        base.replace(
            "Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))",
            &format!("Deploy(zone: Within(distance: 1, of: {zone}))"),
        )
    };
    let n = (0..100)
        .find(|n| depth_of(&make(*n)) == saber_schema::model::limits::MAX_NESTING)
        .expect("some nesting reaches the limit");
    for (nesting, refused) in [(n, false), (n + 1, true)] {
        let (dir, _) = with_scenario("deep.ron", &make(nesting));
        for args in [
            &["fmt", "deep.ron"][..],
            &["convert", "deep.ron", "--to", "json"][..],
        ] {
            let out = run_in(dir.path(), args);
            assert_eq!(
                text(&out).contains("LIM002"),
                refused,
                "{args:?} at {nesting}: {}",
                text(&out)
            );
            if refused {
                assert_eq!(out.status.code(), Some(1), "{args:?}: {}", text(&out));
            } else {
                assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out));
            }
        }
    }
    // Four lists of 90,000 hexes: over the limit of values.
    let list = vec!["(5, 5)"; 90_000].join(", ");
    let lists = vec![format!("Hexes([{list}])"); 4].join(", ");
    let many = good_scenario().replace(
        "Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))",
        &format!("Deploy(zone: Union([{lists}]))"),
    );
    let (dir, path) = with_scenario("many.ron", &many);
    for args in [
        &["fmt", "many.ron"][..],
        &["fmt", "--check", "."][..],
        &["convert", "many.ron", "--to", "json"][..],
    ] {
        let out = run_in(dir.path(), args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", text(&out));
        assert!(
            text(&out).contains("holds more than 1,000,000 values"),
            "{args:?}: {}",
            text(&out)
        );
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        many,
        "never rewritten"
    );
}

/// A hexagonal Tiled map (`.tmj`) of `w` × `h` clear hexes with an embedded tileset and the
/// given objects.
fn tiled_map(w: u32, h: u32, objects: &str) -> String {
    let data = vec!["1"; (w * h) as usize].join(",");
    format!(
        r#"{{"type": "map", "orientation": "hexagonal", "width": {w}, "height": {h},
        "tilewidth": 60, "tileheight": 52, "hexsidelength": 30, "staggeraxis": "x",
        "staggerindex": "odd", "tilesets": [{{"firstgid": 1, "name": "t", "tilecount": 1,
        "tiles": [{{"id": 0, "properties": [{{"name": "terrain", "type": "string", "value": "clear"}}]}}]}}],
        "layers": [{{"type": "tilelayer", "name": "terrain", "width": {w}, "height": {h}, "data": [{data}]}},
                   {{"type": "objectgroup", "name": "features", "objects": [{objects}]}}]}}"#
    )
}

/// `import` of 5,000 nested `<group>` layers (90 KB) overflowed the stack: now LIM002, as a
/// `.tmj` nested as deep is.
#[test]
fn import_refuses_deeply_nested_xml() {
    let dir = tempfile::tempdir().unwrap();
    let tmx = format!(
        r#"<map orientation="hexagonal" width="3" height="2" tilewidth="60" tileheight="52" hexsidelength="30" staggeraxis="x" staggerindex="odd">{}{}</map>"#,
        "<group name=\"g\">".repeat(5_000),
        "</group>".repeat(5_000)
    );
    std::fs::write(dir.path().join("deep.tmx"), tmx).unwrap();
    let out = run_in(dir.path(), &["import", "deep.tmx", "-o", "deep.ron"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("LIM002"), "{}", text(&out));
    assert!(!dir.path().join("deep.ron").exists());
}

/// A feature listing 400,000 hexes (each once, and again) is read in linear time: it was
/// deduplicated in a list (over 20 s). The run is killed after a minute.
#[test]
fn import_of_a_feature_of_400000_hexes_ends() {
    let dir = tempfile::tempdir().unwrap();
    let (w, h) = (800u32, 500u32);
    let labels: Vec<String> = (1..=w)
        .flat_map(|c| (1..=h).map(move |r| format!("{c}.{r}")))
        .collect();
    let hexes = format!("{} {}", labels.join(" "), labels[..1000].join(" "));
    let object = format!(
        r#"{{"id": 1, "name": "W1", "type": "woods", "x": 30, "y": 26, "point": true,
            "properties": [{{"name": "hexes", "type": "string", "value": "{hexes}"}}]}}"#
    );
    std::fs::write(dir.path().join("big.tmj"), tiled_map(w, h, &object)).unwrap();
    let out = run_in(dir.path(), &["import", "big.tmj", "-o", "big.ron"]);
    assert!(!text(&out).contains("panicked"), "{}", text(&out));
    assert!(out.status.code().is_some(), "{}", text(&out));
}

/// 100,000 findings in one Tiled map (objects of a class of their own) are collected as
/// check's are and located in one sweep: each was located by scanning the file again (8,000
/// took 5 s, 100,000 far longer). The run is killed after a minute.
#[test]
fn import_of_100000_findings_ends() {
    let dir = tempfile::tempdir().unwrap();
    let objects: Vec<String> = (0..100_000)
        .map(|i| {
            format!(
                r#"{{"id": {i}, "name": "s", "type": "spawn", "x": 30, "y": 26, "point": true}}"#
            )
        })
        .collect();
    std::fs::write(
        dir.path().join("m.tmj"),
        tiled_map(3, 2, &objects.join(",\n")),
    )
    .unwrap();
    let out = run_in(dir.path(), &["import", "m.tmj", "-o", "m.ron"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        text(&out).contains("99800 more diagnostics not shown"),
        "{}",
        text(&out)
    );
}

/// 5.6 million `//` comments (16 MiB) count as values: `check`, `fmt` and `convert` refuse
/// the file (LIM003) before reading it (fmt kept each as a token: 1.2 GiB).
#[test]
fn millions_of_comments_are_over_the_value_limit() {
    let map = skirmish_map();
    let comments = "//\n".repeat(saber_schema::model::limits::MAX_VALUES + 1);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("c.ron"), format!("{comments}{map}")).unwrap();
    for args in [
        &["check", "c.ron"][..],
        &["fmt", "--check", "c.ron"][..],
        &["convert", "c.ron", "--to", "json"][..],
    ] {
        let out = run_in(dir.path(), args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", text(&out));
        assert!(text(&out).contains("LIM003"), "{args:?}: {}", text(&out));
    }
    // Exactly the limit of values, comments included, is read.
    let values = saber_schema::pipeline::locate::structure(&map, 64, usize::MAX).values;
    let at_limit = "//\n".repeat(saber_schema::model::limits::MAX_VALUES - values);
    std::fs::write(dir.path().join("c.ron"), format!("{at_limit}{map}")).unwrap();
    let out = run_in(dir.path(), &["check", "c.ron"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

// The writing commands.

/// `export -o` onto a dangling link or a loop of links says what is there and why it is
/// refused ("cannot create out: File exists (os error 17)" before), and makes nothing through
/// the link.
#[cfg(unix)]
#[test]
fn export_onto_a_dangling_link_or_a_link_loop_says_what_is_there() {
    use std::os::unix::fs::symlink;
    let (dir, path) = with_scenario("s.ron", &good_scenario());
    let d = dir.path();
    symlink("nowhere", d.join("dangling")).unwrap();
    symlink("loop-b", d.join("loop-a")).unwrap();
    symlink("loop-a", d.join("loop-b")).unwrap();
    for (out, says) in [
        (
            "dangling",
            "dangling is a symbolic link to nowhere, which does not exist: an output folder is never made through a link",
        ),
        (
            "loop-a",
            "loop-a is a symbolic link that leads back to itself (a loop of links)",
        ),
    ] {
        let run = run_in(
            d,
            &["export", "--maps", ".", path.to_str().unwrap(), "-o", out],
        );
        let shown = text(&run);
        assert_eq!(run.status.code(), Some(2), "{shown}");
        assert!(shown.contains(says), "{shown}");
        assert!(!shown.contains("os error"), "{shown}");
    }
    assert!(!d.join("nowhere").exists());
}

/// The README's Musket & Saber workflow in one folder: `new map --game …`, then `new scenario
/// --map ID` finds the map the first step wrote (REF004 before: the map's skeleton, which has
/// values left to fill in, was not listed by its id), and the scenario names it.
#[test]
fn new_scenario_finds_the_musket_and_saber_map_new_map_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let map = run_in(
        d,
        &[
            "new",
            "map",
            "--game",
            "musket-and-saber-quick-play",
            "--width",
            "12",
            "--height",
            "10",
            "-o",
            "valley.ron",
        ],
    );
    assert_eq!(map.status.code(), Some(0), "{}", text(&map));
    let scenario = run_in(
        d,
        &["new", "scenario", "--map", "valley", "-o", "battle.ron"],
    );
    assert_eq!(scenario.status.code(), Some(0), "{}", text(&scenario));
    assert!(
        text(&scenario).contains("has errors still"),
        "{}",
        text(&scenario)
    );
    let written = std::fs::read_to_string(d.join("battle.ron")).unwrap();
    assert!(written.contains("map: \"valley\""), "{written}");
    assert!(
        written.contains("game: \"musket-and-saber-quick-play\""),
        "{written}"
    );
    // `check` then says the map has errors (not that no map has its id).
    let check = run_in(d, &["check", "--format", "json", "battle.ron"]);
    let shown = text(&check);
    assert!(!shown.contains("no map has the id"), "{shown}");
}

/// A card asked 8000 px wide is drawn within the pixel cap (at 50 million pixels it peaked at
/// 439 MiB; `tests/bench/pathological.sh` measures it), and `render` says it was drawn smaller
/// than asked.
#[test]
fn a_card_past_the_pixel_cap_is_drawn_smaller_and_says_so() {
    let (dir, path) = with_scenario("s.ron", &good_scenario());
    let out = run_in(
        dir.path(),
        &[
            "render",
            "--maps",
            ".",
            path.to_str().unwrap(),
            "--card",
            "--width",
            "8000",
            "-o",
            "card.png",
        ],
    );
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("narrower than the 8000 asked: a PNG has at most 20 million pixels"),
        "{shown}"
    );
    let png = std::fs::read(dir.path().join("card.png")).unwrap();
    let side = |at: usize| u64::from(u32::from_be_bytes(png[at..at + 4].try_into().unwrap()));
    assert!(
        side(16) * side(20) <= 20_000_000,
        "{} × {}",
        side(16),
        side(20)
    );
}
