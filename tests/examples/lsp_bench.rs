//! Benchmark of `saberc lsp` (not a test: it prints numbers). For each historical scenario,
//! the time from sending each kind of request to its answer (target: under 100 ms), and the
//! time from opening the document to its diagnostics (which includes the server's 150 ms wait
//! for typing to pause); then the server's resident memory (`/proc/PID/statm`) over 10,000
//! edits of one scenario, each hundredth edit waited for until its diagnostics arrive.
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
    println!("(diagnostics: from didOpen to publishDiagnostics, with the 150 ms pause)");

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
        let body = if (n / BATCH) % 2 == 0 { &text } else { &bad };
        let edited = format!("{body}// edit {n}\n");
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": n + 1},
                "contentChanges": [{"text": edited}]}),
        );
        if n % BATCH == 0 {
            let offset = edited.find("Feature(\"").unwrap() + "Feature(\"".len();
            c.request(
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": position(&edited, offset)}),
            );
            c.diagnostics(&uri, (n + 1) as i64);
            // Diagnostics of earlier versions were waited past: let them go.
            c.notes.clear();
        }
        if n % (BATCH * 10) == 0 {
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
        "after 1,000 edits {first:.1} MiB, after {EDITS} {last:.1} MiB, peak {peak:.1} MiB ({:.0} s)",
        start.elapsed().as_secs_f64()
    );
    c.finish();
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
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
