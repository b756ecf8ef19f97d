//! `saberc lsp` end to end: the binary spoken to over pipes (Content-Length framing), as an
//! editor's client speaks to it. One session walks through the protocol (diagnostics as the
//! text changes, formatting, hover, completion, a quick fix, errors for bad requests, shutdown);
//! another holds its diagnostics to `saberc check --format json` on the same files.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use saber_tests::{historical_files, repo, root, saberc};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");
/// Longest a test waits for one message before failing (a hung server fails, not hangs).
const PATIENCE: Duration = Duration::from_secs(60);

/// A language client on the pipes of a `saberc lsp` process.
struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    /// Notifications that arrived while waiting for something else.
    notes: Vec<Value>,
    next_id: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(BIN)
            .arg("lsp")
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("saberc lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, incoming) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut len = None;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        len = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; len.expect("every message has a Content-Length")];
                if r.read_exact(&mut body).is_err() {
                    return;
                }
                let msg: Value = serde_json::from_slice(&body).expect("a message is JSON");
                if tx.send(msg).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            incoming,
            notes: Vec::new(),
            next_id: 1,
        }
    }

    fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn next(&mut self, deadline: Instant) -> Value {
        match self
            .incoming
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => panic!("no message from the server in time"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
        }
    }

    /// Send a request and wait for its response (the whole response: result or error).
    fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let deadline = Instant::now() + PATIENCE;
        loop {
            let m = self.next(deadline);
            if m.get("id") == Some(&json!(id)) && m.get("method").is_none() {
                return m;
            }
            self.notes.push(m);
        }
    }

    /// A request's result, failing on an error response.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let resp = self.call(method, params);
        assert!(resp.get("error").is_none(), "{method}: {resp}");
        resp["result"].clone()
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next diagnostics published for `uri` at `version`.
    fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let wanted = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        };
        if let Some(i) = self.notes.iter().position(wanted) {
            let m = self.notes.remove(i);
            return m["params"]["diagnostics"].as_array().cloned().unwrap();
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            let m = self.next(deadline);
            if wanted(&m) {
                return m["params"]["diagnostics"].as_array().cloned().unwrap();
            }
            self.notes.push(m);
        }
    }

    fn initialize(&mut self) -> Value {
        self.initialize_in(Value::Null)
    }

    /// Initialize with these workspace folders (a list of `{uri, name}`, or null).
    fn initialize_in(&mut self, folders: Value) -> Value {
        let result = self.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}, "workspaceFolders": folders}),
        );
        self.notify("initialized", json!({}));
        result
    }

    fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "ron", "version": 1, "text": text}}),
        );
    }

    /// Shut down and exit; the process must end, with status 0.
    fn finish(mut self) {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "{status}");
                return;
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// A `file:` URI of an absolute path (only characters that need no escaping here).
fn file_uri(path: &Path) -> String {
    let p = path.canonicalize().expect("the file exists");
    format!("file://{}", p.display())
}

/// The protocol position (line, UTF-16 unit) of a byte offset, counted here independently.
fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    json!({"line": line, "character": text[start..offset].encode_utf16().count()})
}

#[test]
fn a_session_over_pipes() {
    let path = repo("scenarios/11-mars-la-tour.ron");
    let uri = file_uri(&path);
    let original = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::start();
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

/// The findings of `saberc check --format json` on a file: code, severity and range.
fn check_findings(path: &Path, text: &str) -> Vec<(String, i64, Value, Value)> {
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
            (
                d["code"].as_str().unwrap().to_string(),
                severity,
                position(text, start),
                position(text, end),
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
    let mut c = Client::start();
    c.initialize();
    let mut findings = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let uri = file_uri(path);
        c.open(&uri, &text);
        let got: Vec<(String, i64, Value, Value)> = c
            .diagnostics(&uri, 1)
            .iter()
            .map(|d| {
                (
                    d["code"].as_str().unwrap().to_string(),
                    d["severity"].as_i64().unwrap(),
                    d["range"]["start"].clone(),
                    d["range"]["end"].clone(),
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
    let mut c = Client::start();
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
    let mut c = Client::start();
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
    let mut c = Client::start();
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
fn a_burst_of_changes_is_checked_once_at_its_end() {
    let path = repo("scenarios/11-mars-la-tour.ron");
    let uri = file_uri(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::start();
    c.initialize();
    c.open(&uri, &text);
    assert_eq!(c.diagnostics(&uri, 1), Vec::<Value>::new());
    // Versions 2 to 30 in one write, as fast typing sends them; the last misspells a feature.
    let mut burst = String::new();
    for version in 2..=30 {
        let t = if version == 30 {
            text.replacen("Feature(\"V5\")", "Feature(\"V55\")", 1)
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
    // The first publication after the burst is of its last version.
    let deadline = Instant::now() + PATIENCE;
    let first = loop {
        let m = c.next(deadline);
        if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
            break m;
        }
    };
    assert_eq!(first["params"]["version"], 30);
    assert_eq!(first["params"]["diagnostics"][0]["code"], "REF001");
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
    let mut c = Client::start();
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
    let mut c = Client::start();
    c.initialize();
    c.notify("exit", Value::Null);
    assert_eq!(ended(&mut c.child).code(), Some(1));
    // `shutdown`, then the editor closes the pipe without `exit`: a clean end; a request
    // after `shutdown` is refused.
    let mut c = Client::start();
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
