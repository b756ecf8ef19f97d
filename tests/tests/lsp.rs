//! `saberc lsp` end to end: the binary spoken to over pipes (Content-Length framing), as an
//! editor's client speaks to it. One session walks through the protocol (diagnostics as the
//! text changes, formatting, hover, completion, a quick fix, errors for bad requests, shutdown);
//! another holds its diagnostics to `saberc check --format json` on the same files.

use std::io::Write;
use std::path::Path;
use std::process::Child;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use saber_tests::lsp_client::{Client, PATIENCE, file_uri, position};
use saber_tests::{historical_files, repo, saberc};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// A client on a new `saberc lsp` (this build's binary).
fn start() -> Client {
    Client::start(BIN)
}

#[test]
fn a_session_over_pipes() {
    let path = repo("scenarios/11-mars-la-tour.ron");
    let uri = file_uri(&path);
    let original = std::fs::read_to_string(&path).unwrap();
    let mut c = start();
    let init = c.initialize();
    let caps = &init["capabilities"];
    assert_eq!(
        caps["textDocumentSync"],
        json!({"openClose": true, "change": 1, "save": true}),
        "{caps}"
    );
    assert_eq!(caps["hoverProvider"], json!(true));
    assert_eq!(caps["documentFormattingProvider"], json!(true));

    // The historical scenario checks clean.
    c.open(&uri, &original);
    assert_eq!(c.diagnostics(&uri, 1), Vec::<Value>::new());

    // A misspelt feature after non-ASCII text on its line: REF001 on the quoted code, its
    // column counted in UTF-16 units (é is one, 𝄞 two), with the hint's suggestions.
    let changed = original.replacen("Feature(\"V5\")", "/* é𝄞 REF001 */ Feature(\"V55\")", 1);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": changed}]}),
    );
    let diags = c.diagnostics(&uri, 2);
    assert_eq!(diags.len(), 1, "{diags:?}");
    let d = &diags[0];
    let at = changed.find("\"V55\"").unwrap();
    assert_eq!(d["code"], "REF001");
    assert_eq!(d["severity"], 1);
    assert_eq!(d["source"], "saberc");
    assert_eq!(d["range"]["start"], position(&changed, at));
    assert_eq!(d["range"]["end"], position(&changed, at + 5));
    // 70 characters, 71 UTF-16 units, 74 bytes before it on its line.
    assert_eq!(d["range"]["start"]["character"], json!(71));
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .starts_with("the map `rifle-and-saber` has no feature `V55`"),
        "{d}"
    );
    assert_eq!(d["data"]["rule"], "11.0");

    // The quick fix replaces the code inside its quotes with the first suggestion.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d]}}),
    );
    let first = &actions[0];
    assert_eq!(first["title"], "replace `V55` with `V12`", "{actions}");
    let edit = &first["edit"]["changes"][&uri][0];
    assert_eq!(edit["newText"], "V12");
    assert_eq!(edit["range"]["start"], position(&changed, at + 1));
    assert_eq!(edit["range"]["end"], position(&changed, at + 4));

    // Hover on a feature: its name, terrain and hexes on the built-in map.
    let map = saber_schema::builtin::rifle_and_saber();
    let v4 = map.feature("V4").expect("the built-in map has V4");
    let at_v4 = changed.find("Feature(\"V4\")").unwrap() + "Feature(\"".len() + 1;
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": position(&changed, at_v4)}),
    );
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    let hexes: Vec<String> = v4.hexes.iter().map(|&h| map.grid.label(h)).collect();
    assert!(shown.starts_with("**V4**"), "{shown}");
    assert!(
        shown.contains(&format!("hexes: {}", hexes.join(", "))),
        "{shown}"
    );
    let terrain = map.cell(v4.hexes[0]).unwrap().terrain.name();
    assert!(shown.contains(terrain), "{shown}");

    // Hover on a code: the registry's explanation, as `saberc explain` prints it.
    let at_code = changed.find("REF001").unwrap() + 2;
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": position(&changed, at_code)}),
    );
    let explain = saberc(BIN, &["explain", "REF001"]);
    let explain = String::from_utf8(explain.stdout).unwrap();
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert_eq!(shown, format!("```text\n{explain}```"));

    // Completion after `Feature("`: every feature code of the map, as the user types.
    let typing = changed.replacen("Feature(\"V4\")", "Feature(\"", 1);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": typing}]}),
    );
    let cursor = typing.find("Feature(\"],").expect("the unclosed feature") + "Feature(\"".len();
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": position(&typing, cursor)}),
    );
    let mut got: Vec<String> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect();
    let mut want: Vec<String> = map.features.iter().map(|f| f.code.clone()).collect();
    got.sort();
    want.sort();
    assert_eq!(got, want);

    // Completion of unit types as keys of `units`.
    let units_at = typing.find("units: {").unwrap() + "units: {".len();
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": position(&typing, units_at)}),
    );
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        ["MZ", "EB", "LB", "CY", "MR", "MG", "MA", "MAh", "BA", "BAh"]
    );

    // Formatting: the scenario with its indentation stripped comes back as the file is.
    let flat: String = original
        .lines()
        .map(str::trim_start)
        .collect::<Vec<_>>()
        .join("\n");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 4}, "contentChanges": [{"text": flat}]}),
    );
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(edits.as_array().unwrap().len(), 1, "{edits}");
    assert_eq!(edits[0]["newText"], original);
    assert_eq!(
        edits[0]["range"]["start"],
        json!({"line": 0, "character": 0})
    );
    assert_eq!(edits[0]["range"]["end"], position(&flat, flat.len()));

    // What fmt refuses gets no edit.
    let broken = original.replacen("sides: [", "sides: [[", 1);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 5}, "contentChanges": [{"text": broken}]}),
    );
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(edits, Value::Null);

    // Bad requests are answered with errors, and the server goes on.
    let resp = c.call("textDocument/noSuchThing", json!({}));
    assert_eq!(resp["error"]["code"], -32601, "{resp}");
    let resp = c.call("textDocument/hover", json!({"position": "here"}));
    assert_eq!(resp["error"]["code"], -32602, "{resp}");
    let resp = c.call(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///not/open.ron"}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(resp["error"]["code"], -32602, "{resp}");
    c.finish();
}

/// A finding as compared: code, protocol severity, start, end, message with its hint.
type Finding = (String, i64, Value, Value, String);

/// The findings of `saberc check --format json` on a file: code, severity, range and message.
fn check_findings(path: &Path, text: &str) -> Vec<Finding> {
    let out = saberc(BIN, &["check", "--format", "json", path.to_str().unwrap()]);
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let severity = match d["severity"].as_str().unwrap() {
                "error" => 1,
                "warning" => 2,
                _ => 3,
            };
            let (start, end) = match (d["offset"].as_u64(), d["length"].as_u64()) {
                (Some(o), Some(l)) => (o as usize, (o + l) as usize),
                _ => (0, 0),
            };
            let mut message = d["message"].as_str().unwrap().to_string();
            if let Some(hint) = d["hint"].as_str() {
                message = format!("{message}\nhint: {hint}");
            }
            (
                d["code"].as_str().unwrap().to_string(),
                severity,
                position(text, start),
                position(text, end),
                message,
            )
        })
        .collect()
}

#[test]
fn diagnostics_equal_check_on_fixtures_and_every_scenario() {
    // Every scenario, and every bad and good fixture that is text (a document reaches the
    // server as UTF-8: a file that is not has no document to compare).
    let mut files = historical_files();
    for dir in ["tests/fixtures/bad", "tests/fixtures/good"] {
        let mut found: Vec<_> = std::fs::read_dir(repo(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron" || e == "json"))
            .filter(|p| std::fs::read_to_string(p).is_ok())
            .collect();
        found.sort();
        files.extend(found);
    }
    let mut c = start();
    c.initialize();
    let mut findings = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let uri = file_uri(path);
        c.open(&uri, &text);
        let got: Vec<Finding> = c
            .diagnostics(&uri, 1)
            .iter()
            .map(|d| {
                (
                    d["code"].as_str().unwrap().to_string(),
                    d["severity"].as_i64().unwrap(),
                    d["range"]["start"].clone(),
                    d["range"]["end"].clone(),
                    d["message"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let want = check_findings(path, &text);
        assert_eq!(got, want, "{}", path.display());
        findings += want.len();
    }
    assert!(
        files.len() > 100 && findings > 100,
        "{} files, {findings} findings",
        files.len()
    );
    c.finish();
}

#[test]
fn hostile_documents_get_checks_limits_and_the_server_goes_on() {
    let mut c = start();
    c.initialize();
    // Over the size limit: LIM001, as the file reader says it, without parsing anything.
    let huge = format!(
        "(format: \"saber-scenario/1\", notes: \"{}\")",
        "x".repeat(17 << 20)
    );
    c.open("untitled:huge.ron", &huge);
    let d = c.diagnostics("untitled:huge.ron", 1);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0]["code"], "LIM001");
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": "untitled:huge.ron"}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(edits, Value::Null);
    // Nested far past the limit: LIM002 at the level that is too deep.
    let deep = format!("(format: \"saber-scenario/1\", x: {})", "[".repeat(100_000));
    c.open("untitled:deep.ron", &deep);
    let d = c.diagnostics("untitled:deep.ron", 1);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0]["code"], "LIM002");
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "untitled:deep.ron"}, "position": {"line": 0, "character": 50_000}}),
    );
    assert_eq!(hover, Value::Null);
    c.finish();
}

#[test]
fn workspace_folders_serve_as_maps_folders_for_documents_that_are_not_files() {
    let text =
        std::fs::read_to_string(repo("tests/fixtures/good/skirmish-at-the-bridge.ron")).unwrap();
    let uri = "untitled:skirmish-at-the-bridge.ron";
    // Without a folder holding the map `skirmish`, it is not found…
    let mut c = start();
    c.initialize();
    c.open(uri, &text);
    let codes: Vec<Value> = c
        .diagnostics(uri, 1)
        .iter()
        .map(|d| d["code"].clone())
        .collect();
    assert!(
        !codes.is_empty() && codes.iter().all(|c| c == "REF004"),
        "{codes:?}"
    );
    c.finish();
    // …with tests/fixtures/maps as a workspace folder, it is, as with `check --maps`.
    let folder = file_uri(&repo("tests/fixtures/maps"));
    let mut c = start();
    c.initialize_in(json!([{"uri": folder, "name": "maps"}]));
    c.open(uri, &text);
    assert_eq!(c.diagnostics(uri, 1), Vec::<Value>::new());
    let at = text.find("Feature(\"").expect("a feature") + "Feature(\"".len();
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": position(&text, at)}),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .contains("map: skirmish"),
        "{hover}"
    );
    c.finish();
}

#[test]
fn a_burst_of_changes_ends_with_the_diagnostics_of_its_last_version() {
    let path = repo("scenarios/11-mars-la-tour.ron");
    let uri = file_uri(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = start();
    c.initialize();
    c.open(&uri, &text);
    assert_eq!(c.diagnostics(&uri, 1), Vec::<Value>::new());
    // Versions 2 to 51, 50 edits in one write, as fast typing sends them; every other one
    // misspells a feature, the last one too.
    let last = 51;
    let mut burst = String::new();
    for version in 2..=last {
        let t = if version % 2 == 1 {
            text.replacen("Feature(\"V5\")", &format!("Feature(\"V5{version}\")"), 1)
        } else {
            format!("{text}// {version}\n")
        };
        let body = json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": t}]}})
        .to_string();
        burst.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    }
    c.stdin.write_all(burst.as_bytes()).unwrap();
    c.stdin.flush().unwrap();
    // The publications up to the last version's: each of a newer version than the one
    // before (none stale, none twice), so at most one per edit; each with the findings of
    // its own version's text.
    let deadline = Instant::now() + PATIENCE;
    let mut versions = Vec::new();
    loop {
        let m = c.next(deadline);
        if m["method"] != "textDocument/publishDiagnostics" {
            continue;
        }
        assert_eq!(m["params"]["uri"], uri);
        let version = m["params"]["version"].as_i64().unwrap();
        let codes: Vec<&Value> = m["params"]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| &d["code"])
            .collect();
        let expected: Vec<Value> = if version % 2 == 1 {
            vec![json!("REF001")]
        } else {
            vec![]
        };
        assert_eq!(
            codes,
            expected.iter().collect::<Vec<_>>(),
            "version {version}"
        );
        versions.push(version);
        if version == last {
            break;
        }
    }
    assert!(
        versions.windows(2).all(|w| w[0] < w[1]),
        "publications out of order: {versions:?}"
    );
    assert!(versions.len() <= 50, "{} publications", versions.len());
    // Nothing is left pending: no publication comes before the answer to a later request.
    c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert!(
        c.notes
            .iter()
            .all(|m| m["method"] != "textDocument/publishDiagnostics"),
        "{:?}",
        c.notes
    );
    c.finish();
}

#[test]
fn a_saved_map_file_rechecks_the_open_scenarios() {
    let dir = tempfile::tempdir().unwrap();
    let map_path = dir.path().join("skirmish.ron");
    let map = std::fs::read_to_string(repo("tests/fixtures/maps/skirmish.ron")).unwrap();
    std::fs::write(&map_path, &map).unwrap();
    let scenario_path = dir.path().join("skirmish-at-the-bridge.ron");
    let scenario =
        std::fs::read_to_string(repo("tests/fixtures/good/skirmish-at-the-bridge.ron")).unwrap();
    std::fs::write(&scenario_path, &scenario).unwrap();
    let uri = file_uri(&scenario_path);
    let mut c = start();
    c.initialize();
    c.open(&uri, &scenario);
    assert_eq!(c.diagnostics(&uri, 1), Vec::<Value>::new());
    // The map's bridge B4 is renumbered and saved: the scenario's `Feature("B4")` is unknown.
    std::fs::write(&map_path, map.replace("code: \"B4\"", "code: \"B6\"")).unwrap();
    c.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": file_uri(&map_path)}}),
    );
    let codes: Vec<Value> = c
        .diagnostics(&uri, 1)
        .iter()
        .map(|d| d["code"].clone())
        .collect();
    assert_eq!(codes, [json!("REF001")]);
    c.finish();

    // A client that can watch files is asked to; a change it reports re-checks too.
    let mut c = start();
    c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {"workspace":
            {"didChangeWatchedFiles": {"dynamicRegistration": true}}}}),
    );
    c.notify("initialized", json!({}));
    c.open(&uri, &scenario);
    assert_eq!(c.diagnostics(&uri, 1)[0]["code"], "REF001");
    let asked = c
        .notes
        .iter()
        .find(|m| m["method"] == "client/registerCapability")
        .expect("the server asks to watch files")
        .clone();
    let registration = &asked["params"]["registrations"][0];
    assert_eq!(registration["method"], "workspace/didChangeWatchedFiles");
    assert_eq!(
        registration["registerOptions"]["watchers"][0]["globPattern"],
        "**/*.ron"
    );
    c.send(json!({"jsonrpc": "2.0", "id": asked["id"], "result": null}));
    // B4 back on disk, as another program would write it.
    std::fs::write(&map_path, &map).unwrap();
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": file_uri(&map_path), "type": 2}]}),
    );
    assert_eq!(c.diagnostics(&uri, 1), Vec::<Value>::new());
    c.finish();
}

/// Wait for the process to end (at most PATIENCE).
fn ended(child: &mut Child) -> std::process::ExitStatus {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        assert!(Instant::now() < deadline, "the server did not end");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn exit_codes_follow_the_protocol() {
    // `exit` without `shutdown`: exit code 1.
    let mut c = start();
    c.initialize();
    c.notify("exit", Value::Null);
    assert_eq!(ended(&mut c.child).code(), Some(1));
    // …and before `initialize` (a request before it is refused as not initialized).
    let mut c = start();
    let resp = c.call("textDocument/hover", json!({}));
    assert_eq!(resp["error"]["code"], -32002, "{resp}");
    c.notify("exit", Value::Null);
    assert_eq!(ended(&mut c.child).code(), Some(1));
    // `shutdown`, then the editor closes the pipe without `exit`: a clean end; a request
    // after `shutdown` is refused.
    let mut c = start();
    c.initialize();
    assert_eq!(c.request("shutdown", Value::Null), Value::Null);
    let resp = c.call("textDocument/hover", json!({}));
    assert_eq!(resp["error"]["code"], -32600, "{resp}");
    let Client {
        mut child, stdin, ..
    } = c;
    drop(stdin);
    assert!(ended(&mut child).success());
}

/// The labels of a completion answer.
fn labels(items: &Value) -> Vec<String> {
    items
        .as_array()
        .unwrap_or(&Vec::new())
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn definition_outline_and_schema_help_over_pipes() {
    let path = repo("scenarios/02-varese.ron");
    let uri = file_uri(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    let map_path = repo("maps/rifle-and-saber.ron");
    let map_text = std::fs::read_to_string(&map_path).unwrap();
    let mut c = start();
    c.initialize();
    c.open(&uri, &text);
    assert_eq!(c.diagnostics(&uri, 1), Vec::<Value>::new());
    let definition = |c: &mut Client, at: usize| {
        c.request(
            "textDocument/definition",
            json!({"textDocument": {"uri": uri}, "position": position(&text, at)}),
        )
    };

    // A road name: its `name` in the map file whose text is the built-in map's.
    let at = text.find("Road(\"East\")").unwrap() + "Road(\"".len() + 1;
    let loc = definition(&mut c, at);
    assert_eq!(loc["uri"], file_uri(&map_path), "{loc}");
    let east = map_text.find("name: Some(\"East\")").unwrap() + "name: ".len();
    assert_eq!(loc["range"]["start"], position(&map_text, east));
    assert_eq!(
        loc["range"]["end"],
        position(&map_text, east + "Some(\"East\")".len())
    );
    // A feature code: its `code` in the map file.
    let feature = text.find("Feature(\"").unwrap() + "Feature(\"".len();
    let code = &text[feature..feature + text[feature..].find('"').unwrap()];
    let loc = definition(&mut c, feature + 1);
    let want = map_text.find(&format!("code: \"{code}\"")).unwrap() + "code: ".len();
    assert_eq!(
        loc["range"]["start"],
        position(&map_text, want),
        "{code}: {loc}"
    );
    // A side id: the side's `id` in the document itself.
    let first = text.find("deploys_first: \"").unwrap() + "deploys_first: \"".len();
    let side = &text[first..first + text[first..].find('"').unwrap()];
    let loc = definition(&mut c, first + 1);
    assert_eq!(loc["uri"], uri);
    let want = text.find(&format!("id: \"{side}\"")).unwrap() + "id: ".len();
    assert_eq!(loc["range"]["start"], position(&text, want));
    // Nothing to define on a field name.
    assert_eq!(
        definition(&mut c, text.find("game_length").unwrap()),
        Value::Null
    );

    // The outline: the two sides with their groups, the victory conditions.
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let scenario = saber_schema::pipeline::compile_source(
        &saber_schema::pipeline::read::Source::read(&path).unwrap(),
        &saber_schema::pipeline::maps::MapRegistry::new(),
    );
    let saber_schema::pipeline::Built::Scenario { scenario: s, .. } = scenario.1 else {
        panic!("11.2 builds")
    };
    let names = labels_of(&symbols, "name");
    let mut want: Vec<String> = s.sides.iter().map(|s| s.id.clone()).collect();
    for (i, v) in s.victory.iter().enumerate() {
        want.push(format!("victory {}: {}", i + 1, v.side));
    }
    for (i, _) in s.special_rules.iter().enumerate() {
        want.push(format!("special rule {}", i + 1));
    }
    assert_eq!(names.len(), want.len(), "{names:?}");
    for (n, w) in names.iter().zip(&want) {
        assert!(n.starts_with(w.as_str()), "{n} vs {w}");
    }
    let groups = labels_of(&symbols[0]["children"], "name");
    let want: Vec<String> = s.sides[0]
        .groups
        .iter()
        .map(|g| format!("({})", g.id))
        .collect();
    assert_eq!(groups, want);

    // Completion from the schema: a side's colours after `color: `, the fields a side lacks.
    let color = text.find("color: ").unwrap() + "color: ".len();
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": position(&text, color)}),
    );
    let got = labels(&items);
    let colours =
        saber_schema::pipeline::schema::scenario_schema()["$defs"]["CounterColor"].clone();
    let want: Vec<String> = colours["oneOf"]
        .as_array()
        .map(|alts| {
            alts.iter()
                .map(|a| a["const"].as_str().unwrap().to_string())
                .collect()
        })
        .or_else(|| {
            colours["enum"]
                .as_array()
                .map(|e| e.iter().map(|v| v.as_str().unwrap().to_string()).collect())
        })
        .unwrap();
    assert_eq!(got, want);
    // Hover on a field: the schema's description.
    let at = text.find("game_length").unwrap() + 2;
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": position(&text, at)}),
    );
    let description = saber_schema::pipeline::schema::scenario_schema()["properties"]
        ["game_length"]["description"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        hover["contents"]["value"],
        format!("**game_length** (field)\n\n{description}")
    );
    c.finish();
}

/// The `key` of each element of a list.
fn labels_of(list: &Value, key: &str) -> Vec<String> {
    list.as_array()
        .unwrap_or(&Vec::new())
        .iter()
        .map(|i| i[key].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn findings_name_their_other_place() {
    // Two groups lettered (a): the second is the finding, the first its related location.
    let path = repo("tests/fixtures/bad/duplicate-group-id.ron");
    let uri = file_uri(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = start();
    c.initialize_in(json!([{"uri": file_uri(&repo("tests/fixtures/maps")), "name": "maps"}]));
    c.open(&uri, &text);
    let diags = c.diagnostics(&uri, 1);
    let d = diags
        .iter()
        .find(|d| d["code"] == "REF005")
        .expect("REF005");
    let second = text.rfind("(id: \"a\"").unwrap() + "(id: ".len();
    assert_eq!(d["range"]["start"], position(&text, second));
    let related = &d["relatedInformation"][0];
    assert_eq!(related["location"]["uri"], uri);
    let first = text[..second - 5].rfind("(id: \"a\"").unwrap() + "(id: ".len();
    assert_eq!(
        related["location"]["range"]["start"],
        position(&text, first)
    );

    // A misspelt feature: the map's list of features.
    let scenario = repo("scenarios/07-gettysburg-little-round-top.ron");
    let uri = file_uri(&scenario);
    let text = std::fs::read_to_string(&scenario).unwrap().replacen(
        "Feature(\"H26\")",
        "Feature(\"H266\")",
        1,
    );
    c.open(&uri, &text);
    let diags = c.diagnostics(&uri, 1);
    assert_eq!(diags.len(), 1, "{diags:?}");
    let related = &diags[0]["relatedInformation"][0];
    let map_path = repo("maps/rifle-and-saber.ron");
    let map_text = std::fs::read_to_string(&map_path).unwrap();
    assert_eq!(related["location"]["uri"], file_uri(&map_path));
    let features = map_text.find("features: [").unwrap();
    assert_eq!(
        related["location"]["range"]["start"],
        position(&map_text, features)
    );
    c.finish();
}

#[test]
fn an_edited_open_map_rechecks_its_scenarios_before_it_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let map_path = dir.path().join("skirmish.ron");
    let map = std::fs::read_to_string(repo("tests/fixtures/maps/skirmish.ron")).unwrap();
    std::fs::write(&map_path, &map).unwrap();
    let scenario_path = dir.path().join("skirmish-at-the-bridge.ron");
    let scenario =
        std::fs::read_to_string(repo("tests/fixtures/good/skirmish-at-the-bridge.ron")).unwrap();
    std::fs::write(&scenario_path, &scenario).unwrap();
    let uri = file_uri(&scenario_path);
    let map_uri = file_uri(&map_path);
    let mut c = start();
    c.initialize();
    c.open(&uri, &scenario);
    assert_eq!(c.diagnostics(&uri, 1), Vec::<Value>::new());
    c.open(&map_uri, &map);
    assert_eq!(c.diagnostics(&map_uri, 1), Vec::<Value>::new());
    // Opening the map checks the scenario again, against the same text.
    assert_eq!(c.diagnostics(&uri, 1), Vec::<Value>::new());
    // The bridge B4 renumbered in the open map, not saved: the scenario's B4 is unknown.
    let edited = map.replace("code: \"B4\"", "code: \"B6\"");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": map_uri, "version": 2}, "contentChanges": [{"text": edited}]}),
    );
    let codes: Vec<Value> = c
        .diagnostics(&uri, 1)
        .iter()
        .map(|d| d["code"].clone())
        .collect();
    assert_eq!(codes, [json!("REF001")]);
    // Definition reads the open text too: B4 is no longer defined (it is, on disk).
    let at = scenario.find("Feature(\"B4\")").unwrap() + "Feature(\"".len();
    let loc = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": uri}, "position": position(&scenario, at)}),
    );
    assert_eq!(loc, Value::Null);
    // Closed unsaved: the file on disk speaks again, and the scenario is clean.
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": map_uri}}),
    );
    assert_eq!(c.diagnostics(&uri, 1), Vec::<Value>::new());
    c.finish();
}

/// The quick fix of each kind of proven edit issue 42 added, applied as the client would: a
/// zone's `distance` (an edit of another value than the finding's), a hex written as the file
/// writes it (a label in a JSON file), an M&S unit ID. Each fixed text checks without the finding.
#[test]
fn proven_distances_hexes_and_unit_ids_are_quick_fixes() {
    let mut c = start();
    c.initialize_in(json!([{"uri": file_uri(&repo("tests/fixtures/maps")), "name": "maps"}]));
    let cases = [
        (
            "tests/fixtures/good/skirmish-at-the-bridge.ron",
            "entry: Deploy(zone: Within(distance: 1, of: Feature(\"H2\")))",
            "entry: Deploy(zone: AtLeast(distance: 40, from: Feature(\"H2\")))",
            "ZON001",
            "9",
        ),
        (
            "tests/fixtures/good/skirmish-hex-labels.json",
            "\"0710\"",
            "\"0711\"",
            "MAP007",
            "0710",
        ),
        (
            "tests/fixtures/good/ms-battalion-three-brigades-four-leaders.ron",
            "unit: \"1 Art\"",
            "unit: \"1 Artt\"",
            "ROS007",
            "1 Art",
        ),
    ];
    for (file, find, replace, code, new_text) in cases {
        let path = repo(file);
        let uri = file_uri(&path);
        let text = std::fs::read_to_string(&path)
            .unwrap()
            .replacen(find, replace, 1);
        c.open(&uri, &text);
        let diags = c.diagnostics(&uri, 1);
        let d = diags
            .iter()
            .find(|d| d["code"] == code)
            .unwrap_or_else(|| panic!("{file}: no {code} in {diags:?}"));
        let actions = c.request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d]}}),
        );
        let edit = &actions[0]["edit"]["changes"][&uri][0];
        assert_eq!(edit["newText"], new_text, "{file}: {actions}");
        // Applied: the finding is gone.
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let offset = |p: &Value| {
            let line = p["line"].as_u64().unwrap() as usize;
            let col = p["character"].as_u64().unwrap() as usize;
            lines[..line].iter().map(|l| l.len()).sum::<usize>()
                + lines[line]
                    .chars()
                    .take(col)
                    .map(char::len_utf8)
                    .sum::<usize>()
        };
        let (start, end) = (
            offset(&edit["range"]["start"]),
            offset(&edit["range"]["end"]),
        );
        let fixed = format!("{}{new_text}{}", &text[..start], &text[end..]);
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": fixed}]}),
        );
        let after = c.diagnostics(&uri, 2);
        assert!(
            !after.iter().any(|d| d["code"] == code),
            "{file}: {code} still there after the quick fix: {after:?}"
        );
    }
    c.finish();
}

/// Hover on a hex of a map file of any game: the server reads the document's map through the
/// map's game (`load_map`), not only the Rifle & Saber map `check` builds. In process.
#[test]
fn a_hex_in_a_musket_and_saber_map_file_hovers_with_its_kinds() {
    let path = repo("scenarios/examples/musket-and-saber/maps/millbrook-invented.ron");
    let uri = file_uri(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    let at = text.find("hex: \"0509\"").unwrap() + "hex: \"05".len();
    let frame = |m: Value| {
        let body = m.to_string();
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    };
    let input = [
        frame(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})),
        frame(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}})),
        frame(json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "ron", "version": 1, "text": text}}})),
        frame(json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": uri}, "position": position(&text, at)}})),
        frame(json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})),
        frame(json!({"jsonrpc": "2.0", "method": "exit"})),
    ]
    .concat();
    let out = saberc::serve_lsp_bytes(input.as_bytes());
    let answer = out.iter().find(|m| m["id"] == 2).expect("a hover answer");
    let shown = answer["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"));
    assert!(shown.starts_with("**hex 0509**"), "{shown}");
    assert!(shown.contains("terrain: "), "{shown}");
}
