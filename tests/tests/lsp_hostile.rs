//! `saberc lsp` on text and messages that used to end it, over pipes as an editor speaks to it:
//! non-ASCII text at every position of every scenario and example (hover and completion are
//! answered, and at the right place), positions in UTF-8 when the client offers it, and hostile
//! messages (sizes claimed and not sent, header lines without end, lone surrogates, requests
//! before `initialized`, documents over the values limit, `untitled:` names that look like
//! paths): each gets an answer or a logged refusal, and the server goes on.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use saber_tests::lsp_client::{Client, PATIENCE, file_uri, position};
use saber_tests::repo;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// Every `.ron` file under `dir`, sorted.
fn ron_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(ron_files(&p));
        } else if p.extension().is_some_and(|e| e == "ron") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The text with a byte-order mark, a comment of non-ASCII text (two bytes a character, and
/// an astral character: four bytes, two UTF-16 units) before every line, and the same in every
/// `name`.
fn with_non_ascii(text: &str) -> String {
    let mut out = String::from("\u{feff}");
    for line in text.split_inclusive('\n') {
        out.push_str("/* Königgrätz 𝄞 */ ");
        out.push_str(&line.replace("name: \"", "name: \"Königgrätz 𝄞 "));
    }
    out
}

/// Send every request at once, then wait for every response: the responses by id.
fn batch(c: &mut Client, requests: Vec<(i64, &str, Value)>) -> HashMap<i64, Value> {
    let mut wanted = std::collections::HashSet::new();
    let mut body = Vec::new();
    for (id, method, params) in requests {
        let m = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string();
        write!(body, "Content-Length: {}\r\n\r\n{m}", m.len()).unwrap();
        wanted.insert(id);
    }
    c.stdin.write_all(&body).unwrap();
    c.stdin.flush().unwrap();
    let mut got = HashMap::new();
    let deadline = Instant::now() + PATIENCE * 5;
    while got.len() < wanted.len() {
        let m = c.next(deadline);
        match m["id"].as_i64() {
            Some(id) if m.get("method").is_none() && wanted.contains(&id) => {
                got.insert(id, m);
            }
            _ => c.notes.push(m),
        }
    }
    got
}

#[test]
fn hover_and_completion_at_every_position_after_non_ascii_text() {
    let files = ron_files(&repo("scenarios"));
    assert!(files.len() >= 17 + 5, "{files:?}");
    let mut c = Client::start(BIN);
    c.initialize();
    let mut next = 1000;
    let (mut asked, mut features) = (0, 0);
    for path in &files {
        let text = with_non_ascii(&std::fs::read_to_string(path).unwrap());
        let uri = file_uri(path);
        c.open(&uri, &text);
        let mut requests = Vec::new();
        let lines: Vec<&str> = text.split('\n').collect();
        for (line, s) in lines.iter().enumerate() {
            // Every column, one past the end of the line, and inside the surrogate pairs.
            for character in 0..=s.encode_utf16().count() + 1 {
                let at = json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}});
                for method in ["textDocument/hover", "textDocument/completion"] {
                    requests.push((next, method, at.clone()));
                    next += 1;
                }
            }
        }
        let past = json!({"textDocument": {"uri": uri}, "position": {"line": lines.len() + 3, "character": 0}});
        requests.push((next, "textDocument/hover", past));
        next += 1;
        asked += requests.len();
        let (n, started) = (requests.len(), Instant::now());
        let got = batch(&mut c, requests);
        eprintln!(
            "{}: {n} requests answered in {:?}",
            path.file_name().unwrap().to_string_lossy(),
            started.elapsed()
        );
        let failed: Vec<&Value> = got.values().filter(|m| m.get("error").is_some()).collect();
        assert!(
            failed.is_empty(),
            "{}: {} errors, as {:?}",
            path.display(),
            failed.len(),
            failed.first()
        );
        // At the right place: a feature's code after the non-ASCII text on its line is the
        // feature (its name, terrain, hexes), counted in UTF-16 units.
        let codes: Vec<(usize, &str)> = text
            .match_indices("Feature(\"")
            .filter_map(|(i, m)| {
                let from = i + m.len();
                let len = text[from..].find('"')?;
                Some((from, &text[from..from + len]))
            })
            .filter(|(_, code)| !code.is_empty())
            .collect();
        for (at, code) in codes {
            let hover = c.request(
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": position(&text, at + code.len())}),
            );
            let shown = hover["contents"]["value"].as_str().unwrap_or_default();
            assert!(
                shown.starts_with(&format!("**{code}**")),
                "{}: hover on {code}: {hover}",
                path.display()
            );
            features += 1;
        }
    }
    eprintln!(
        "{} documents, {asked} requests answered, {features} feature hovers at their place",
        files.len()
    );
    assert!(features > 100, "{features}");
    c.finish();
}

#[test]
fn positions_count_bytes_when_the_client_offers_utf8() {
    let path = repo("scenarios/11-mars-la-tour.ron");
    let uri = file_uri(&path);
    let original = std::fs::read_to_string(&path).unwrap();
    let text = original.replacen("Feature(\"V5\")", "/* Königgrätz 𝄞 */ Feature(\"V55\")", 1);
    let mut c = Client::start(BIN);
    let init = c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}}}),
    );
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8", "{init}");
    c.notify("initialized", json!({}));
    c.open(&uri, &text);
    let d = c.diagnostics(&uri, 1);
    let at = text.find("\"V55\"").unwrap();
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    assert_eq!(d[0]["code"], "REF001", "{d:?}");
    assert_eq!(d[0]["range"]["start"]["character"], json!(at - line_start));
    let line = text[..at].matches('\n').count();
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": at - line_start + 2}}),
    );
    assert!(hover.is_null(), "V55 is no feature: {hover}");
    let v4 = text.find("Feature(\"V4\")").unwrap() + "Feature(\"".len();
    let v4_start = text[..v4].rfind('\n').map_or(0, |i| i + 1);
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": text[..v4].matches('\n').count(), "character": v4 - v4_start + 1}}),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .starts_with("**V4**"),
        "{hover}"
    );
    // A client offering only UTF-16 (or nothing) gets UTF-16.
    let mut c16 = Client::start(BIN);
    let init = c16.initialize();
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16", "{init}");
    c16.finish();
    c.finish();
}

/// Write raw bytes to the server.
fn raw(c: &mut Client, bytes: &[u8]) {
    c.stdin.write_all(bytes).unwrap();
    c.stdin.flush().unwrap();
}

/// One framed message.
fn framed(body: &str) -> Vec<u8> {
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// The next `window/logMessage` saying `what`, waited for.
fn logged(c: &mut Client, what: &str) -> String {
    let has = |m: &Value| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .is_some_and(|s| s.contains(what))
    };
    if let Some(i) = c.notes.iter().position(has) {
        return c.notes.remove(i)["params"]["message"].to_string();
    }
    let deadline = Instant::now() + PATIENCE;
    loop {
        let m = c.next(deadline);
        if has(&m) {
            return m["params"]["message"].to_string();
        }
        c.notes.push(m);
    }
}

/// A hover request is answered (the server lives on).
fn alive(c: &mut Client) {
    let resp = c.call(
        "textDocument/hover",
        json!({"textDocument": {"uri": "untitled:none.ron"}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(resp["error"]["code"], -32602, "{resp}");
}

/// A server, initialized.
fn started() -> Client {
    let mut c = Client::start(BIN);
    c.initialize();
    c
}

#[test]
fn a_request_before_initialized_is_served() {
    let mut c = Client::start(BIN);
    c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    let early = c.call(
        "textDocument/hover",
        json!({"textDocument": {"uri": "untitled:a.ron"}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(early["error"]["code"], -32602, "{early}");
    c.notify("initialized", json!({}));
    alive(&mut c);
    c.finish();
}

#[test]
fn a_message_that_is_not_json_is_logged_and_skipped() {
    let mut c = started();
    raw(&mut c, &framed("{\"jsonrpc\": \"2.0\", \"id\": 5, "));
    logged(&mut c, "is not JSON");
    alive(&mut c);
    c.finish();
}

#[test]
fn a_request_that_is_not_one_gets_an_error_to_its_id() {
    let mut c = started();
    // Neither a request (its method is no string) nor a response (its error no object).
    raw(
        &mut c,
        &framed(r#"{"jsonrpc":"2.0","id":77,"method":3,"error":"no"}"#),
    );
    alive(&mut c);
    let refused = c
        .notes
        .iter()
        .find(|m| m["id"] == 77)
        .cloned()
        .expect("the malformed request is answered");
    assert_eq!(refused["error"]["code"], -32600, "{refused}");
    c.finish();
}

/// The peak resident memory of a process, in MiB (Linux's `VmHWM`).
fn peak_mib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    kb / 1024
}

#[test]
fn a_header_line_without_end_is_skipped_unread() {
    let mut c = started();
    // 128 MiB of one header line: skipped without being held, the message after it served.
    let mut long = b"X-Padding: ".to_vec();
    long.resize(128 << 20, b'x');
    long.extend(b"\r\n");
    long.extend(framed(
        r#"{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{}}"#,
    ));
    raw(&mut c, &long);
    drop(long);
    alive(&mut c);
    let resp = c.notes.iter().find(|m| m["id"] == 9).expect("answered");
    assert_eq!(resp["error"]["code"], -32602, "{resp}");
    let peak = peak_mib(c.child.id());
    eprintln!("peak resident memory after a 128 MiB header line: {peak} MiB");
    assert!(peak < 100, "{peak} MiB");
    c.finish();
}

#[test]
fn a_body_over_the_limit_is_skipped_and_said() {
    let mut c = started();
    let limit = 2 * saber_schema::model::limits::MAX_FILE_BYTES + 64 * 1024;
    let mut big = format!("Content-Length: {}\r\n\r\n", limit + 1).into_bytes();
    big.resize(big.len() + limit as usize + 1, b' ');
    raw(&mut c, &big);
    logged(&mut c, "is skipped");
    alive(&mut c);
    c.finish();
}

#[test]
fn a_lone_surrogate_in_a_document_is_the_replacement_character() {
    let mut c = started();
    let text = r#"(format: \"saber-scenario/1\", name: \"x\ud800y\", map: \"rifle-and-saber\")"#;
    raw(
        &mut c,
        &framed(&format!(
            r#"{{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{{"textDocument":{{"uri":"untitled:s.ron","languageId":"ron","version":1,"text":"{text}"}}}}}}"#
        )),
    );
    c.diagnostics("untitled:s.ron", 1);
    // `map` after the replaced unit: at the same column as the client counts it.
    let seen = r#"(format: "saber-scenario/1", name: "x�y", map: "#;
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "untitled:s.ron"}, "position": {"line": 0, "character": seen.encode_utf16().count() - 3}}),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .starts_with("**map** (field)"),
        "{hover}"
    );
    c.finish();
}

#[test]
fn hover_and_completion_answer_nothing_over_the_values_limit() {
    let mut c = started();
    // Refused by check (LIM003): hover and completion answer nothing rather than build its
    // tree.
    let many = format!(
        "(format: \"saber-scenario/1\", x: [{}])",
        "0,".repeat(saber_schema::model::limits::MAX_VALUES + 1)
    );
    c.open("untitled:many.ron", &many);
    let d = c.diagnostics("untitled:many.ron", 1);
    assert_eq!(d[0]["code"], "LIM003", "{d:?}");
    for method in ["textDocument/hover", "textDocument/completion"] {
        let r = c.request(
            method,
            json!({"textDocument": {"uri": "untitled:many.ron"}, "position": {"line": 0, "character": 3}}),
        );
        assert!(r.is_null(), "{method}: {r}");
    }
    c.finish();
}

#[test]
fn sizes_claimed_but_not_sent_are_said_at_once() {
    for claim in ["4294967296", "18446744073709551615"] {
        let mut c = Client::start(BIN);
        c.initialize();
        let started = Instant::now();
        raw(
            &mut c,
            format!("Content-Length: {claim}\r\n\r\n{{").as_bytes(),
        );
        // Said before any of the body arrives: nothing of the claimed size is held.
        logged(&mut c, "is skipped");
        eprintln!("claim of {claim} bytes said in {:?}", started.elapsed());
        // The client gives up: the server ends cleanly at the end of its input.
        let Client {
            mut child, stdin, ..
        } = c;
        drop(stdin);
        assert!(ended(&mut child).success());
    }
    // A length that is no number: the stream cannot be framed, which is said, and the server
    // ends.
    let mut c = Client::start(BIN);
    c.initialize();
    raw(&mut c, b"Content-Length: 18446744073709551616\r\n\r\n{}");
    logged(&mut c, "is not a number");
    let Client { mut child, .. } = c;
    ended(&mut child);
}

/// Wait for the process to end (at most PATIENCE).
fn ended(child: &mut std::process::Child) -> std::process::ExitStatus {
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
fn untitled_names_that_look_like_paths_are_not_files() {
    // A map next to a made-up scenario path, outside the server's folder.
    let tmp = tempfile::tempdir().unwrap();
    let secret = tmp.path().join("secret");
    let cwd = tmp.path().join("a/b");
    std::fs::create_dir_all(&secret).unwrap();
    std::fs::create_dir_all(&cwd).unwrap();
    std::fs::copy(
        repo("tests/fixtures/maps/skirmish.ron"),
        secret.join("skirmish.ron"),
    )
    .unwrap();
    let text = std::fs::read_to_string(repo("tests/fixtures/good/skirmish-at-the-bridge.ron"))
        .unwrap()
        .replace("map: \"skirmish\"", "map: \"skirmish.ron\"");
    let mut c = Client::start_in(BIN, &cwd);
    c.initialize();
    let abs = format!(
        "untitled:{}",
        secret
            .join("s.ron")
            .display()
            .to_string()
            .replace('/', "%2F")
    );
    for uri in ["untitled:..%2F..%2Fsecret%2Fs.ron", abs.as_str()] {
        c.open(uri, &text);
        let d = c.diagnostics(uri, 1);
        assert!(
            d.iter().any(|d| d["code"] == "REF004"),
            "{uri}: the map beside the made-up path is not read: {d:?}"
        );
    }
    c.finish();
}

/// The message loop's fuzz target, bounded: each seed of `fuzz/seeds/lsp_messages` and
/// mangled copies of it (cut short, bytes changed, pieces repeated) through the loop in
/// process; no reply may be an internal error, and no failure may be logged.
#[test]
fn the_message_loop_takes_mangled_sessions() {
    let dir = repo("fuzz/seeds/lsp_messages");
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect();
    seeds.sort();
    assert!(seeds.len() >= 4);
    let mut state: u64 = 0x5eed;
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n.max(1)
    };
    let mut runs = 0;
    for seed in &seeds {
        for round in 0..40 {
            let mut input = seed.clone();
            if round > 0 {
                for _ in 0..1 + next(4) {
                    let at = next(input.len());
                    match next(3) {
                        0 => input.truncate(at),
                        1 => input[at] = b"{}[]\":,\\u0d8 \r\nx\xc3"[next(17)],
                        _ => {
                            let len = next(64).min(input.len() - at);
                            let piece = input[at..at + len].to_vec();
                            input.splice(at..at, piece);
                        }
                    }
                    if input.is_empty() {
                        break;
                    }
                }
            }
            for m in saberc::serve_lsp_bytes(&input) {
                assert_ne!(m["error"]["code"], -32603, "{m}");
                let failed = m["method"] == "window/logMessage"
                    && m["params"]["message"]
                        .as_str()
                        .is_some_and(|s| s.contains("failed on"));
                assert!(!failed, "{m}");
            }
            runs += 1;
        }
    }
    eprintln!("{runs} sessions through the message loop");
}
