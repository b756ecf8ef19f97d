//! Benchmark of `saberc lsp` (not a test: it prints numbers). For each historical scenario,
//! the time from sending each kind of request to its answer (target: under 100 ms), and the
//! time from opening the document to its diagnostics; then the time from an edit to its
//! diagnostics (`publishDiagnostics` of the edit's version), p50 and p95 of 200 edits of 11.7
//! and of 11.17 (target: p95 under 30 ms); then the server's resident memory
//! (`/proc/PID/statm`, and its peak, `VmHWM`) over 10,000 edits of one scenario, each
//! hundredth edit waited for until its diagnostics arrive.
//!
//!   cargo build --release -p saberc && \
//!   cargo run --release -p saber-tests --example lsp_bench -- target/release/saberc

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use saber_tests::lsp_client::{Client, file_uri, position};
use saber_tests::{historical_files, repo};

/// Edits sent in the memory run.
const EDITS: usize = 10_000;
/// Edits between two waits for diagnostics (and two memory samples every 10).
const BATCH: usize = 100;
/// Edits timed, one at a time, in each scenario of the typing run.
const TYPED: usize = 200;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, bin] = args.as_slice() else {
        eprintln!("usage: lsp_bench PATH/TO/saberc");
        std::process::exit(2);
    };
    let mut c = Client::start(bin);
    c.initialize();
    let kinds = [
        "diagnostics",
        "hover",
        "completion",
        "definition",
        "documentSymbol",
        "formatting",
        "codeAction",
    ];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); kinds.len()];
    let files = historical_files();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable scenario");
        let uri = file_uri(path);
        let t = Instant::now();
        c.open(&uri, &text);
        c.diagnostics(&uri, 1);
        times[0].push(ms(t.elapsed()));
        let doc = json!({"uri": uri});
        let feature = text.find("Feature(\"").expect("a feature") + "Feature(\"".len();
        let at = position(&text, feature + 1);
        let mut timed = |i: usize, method: &str, params: Value| {
            let t = Instant::now();
            let answer = c.request(method, params);
            times[i].push(ms(t.elapsed()));
            answer
        };
        timed(
            1,
            "textDocument/hover",
            json!({"textDocument": doc, "position": at}),
        );
        timed(
            2,
            "textDocument/completion",
            json!({"textDocument": doc, "position": at}),
        );
        timed(
            3,
            "textDocument/definition",
            json!({"textDocument": doc, "position": at}),
        );
        timed(
            4,
            "textDocument/documentSymbol",
            json!({"textDocument": doc}),
        );
        timed(
            5,
            "textDocument/formatting",
            json!({"textDocument": doc, "options": {"tabSize": 4, "insertSpaces": true}}),
        );
        let d = json!({"range": {"start": at, "end": at}, "code": "REF001", "message": "",
            "data": {"hint": "did you mean `V4`?"}});
        timed(
            6,
            "textDocument/codeAction",
            json!({"textDocument": doc, "range": d["range"], "context": {"diagnostics": [d]}}),
        );
    }
    println!(
        "saberc lsp on the {} historical scenarios: time to answer, in ms",
        files.len()
    );
    println!(
        "{:<16} {:>8} {:>8} {:>8}",
        "request", "median", "max", "over100"
    );
    for (kind, t) in kinds.iter().zip(&mut times) {
        t.sort_by(f64::total_cmp);
        let over = t.iter().filter(|&&x| x > 100.0).count();
        println!(
            "{kind:<16} {:>8.1} {:>8.1} {over:>8}",
            t[t.len() / 2],
            t[t.len() - 1]
        );
    }
    println!("(diagnostics: from didOpen to publishDiagnostics)");

    // Typing: each edit adds a character to a comment at the end, every other one also
    // misspells a feature; each is sent when the previous one's diagnostics have arrived.
    println!("edit -> publishDiagnostics of its version, {TYPED} edits, in ms:");
    println!(
        "{:<34} {:>6} {:>6} {:>6} {:>6}",
        "scenario", "p50", "p95", "max", "found"
    );
    for name in ["07-gettysburg-little-round-top.ron", "17-south-africa.ron"] {
        let path = repo(&format!("scenarios/{name}"));
        let text = std::fs::read_to_string(&path).expect("readable scenario");
        let uri = file_uri(&path);
        c.open(&uri, &text);
        c.diagnostics(&uri, 1);
        // The first feature's code with `99` after it: an unknown feature (REF001).
        let code_end = text[feature_at(&text)..].find('"').unwrap() + feature_at(&text);
        let bad = format!("{}99{}", &text[..code_end], &text[code_end..]);
        let mut t = Vec::new();
        let mut found = 0;
        for n in 1..=TYPED {
            let body = if n % 2 == 1 { &bad } else { &text };
            let edited = format!("{body}// {}\n", "x".repeat(n));
            let version = (n + 1) as i64;
            let start = Instant::now();
            c.notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"text": edited}]}),
            );
            found += c.diagnostics(&uri, version).len();
            t.push(ms(start.elapsed()));
        }
        c.notes.clear();
        t.sort_by(f64::total_cmp);
        println!(
            "{name:<34} {:>6.1} {:>6.1} {:>6.1} {found:>6}",
            percentile(&t, 50),
            percentile(&t, 95),
            t[t.len() - 1]
        );
    }

    // Memory over 10,000 edits of 11.15 (the largest zones), alternating a clean text and
    // one with a misspelt feature, each change a new version.
    let path = repo("scenarios/15-el-caney.ron");
    let text = std::fs::read_to_string(&path).expect("readable scenario");
    let uri = file_uri(&path);
    let pid = c.child.id();
    c.open(&uri, &text);
    c.diagnostics(&uri, 1);
    let bad = text.replacen("Feature(\"", "Feature(\"X", 1);
    println!("resident memory of the server over {EDITS} edits (MiB):");
    let start = Instant::now();
    let mut samples = vec![rss_mib(pid)];
    print!("{:>6}:{:.1}", 0, samples[0]);
    for n in 1..=EDITS {
        let body = if (n / BATCH).is_multiple_of(2) {
            &text
        } else {
            &bad
        };
        let edited = format!("{body}// edit {n}\n");
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": n + 1},
                "contentChanges": [{"text": edited}]}),
        );
        if n.is_multiple_of(BATCH) {
            let offset = edited.find("Feature(\"").unwrap() + "Feature(\"".len();
            c.request(
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": position(&edited, offset)}),
            );
            c.diagnostics(&uri, (n + 1) as i64);
            // Diagnostics of earlier versions were waited past: let them go.
            c.notes.clear();
        }
        if n.is_multiple_of(BATCH * 10) {
            let m = rss_mib(pid);
            samples.push(m);
            print!(" {n:>6}:{m:.1}");
        }
    }
    println!();
    let first = samples[1];
    let last = samples[samples.len() - 1];
    let peak = samples.iter().copied().fold(0.0, f64::max);
    println!(
        "after 1,000 edits {first:.1} MiB, after {EDITS} {last:.1} MiB, peak sampled {peak:.1} MiB, \
         peak resident (VmHWM) {:.1} MiB ({:.0} s)",
        peak_rss_mib(pid),
        start.elapsed().as_secs_f64()
    );
    c.finish();
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The byte offset of the first feature's code in a scenario.
fn feature_at(text: &str) -> usize {
    text.find("Feature(\"").expect("a feature") + "Feature(\"".len()
}

/// The `p`th percentile of sorted times (nearest rank).
fn percentile(sorted: &[f64], p: usize) -> f64 {
    let rank = (sorted.len() * p).div_ceil(100).max(1);
    sorted[rank - 1]
}

/// The peak resident memory of a process, from `VmHWM` in `/proc/PID/status` (kB).
fn peak_rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or(0.0)
        / 1024.0
}

/// Resident memory of a process, from `/proc/PID/statm` (pages of 4 KiB).
fn rss_mib(pid: u32) -> f64 {
    let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).unwrap_or_default();
    let pages: f64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0.0);
    pages * 4096.0 / (1024.0 * 1024.0)
}
