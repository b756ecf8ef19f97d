//! Helpers shared by the end-to-end tests in `tests/tests/`: paths into the repository and a
//! way to run `saberc`.

pub mod book;
pub mod lsp_client;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the repository")
        .to_path_buf()
}

/// A path under the repository root.
pub fn repo(rel: &str) -> PathBuf {
    root().join(rel)
}

/// Run `saberc` (the binary path comes from the calling test's `CARGO_BIN_EXE_saberc`) in the
/// repository root.
pub fn saberc(bin: &str, args: &[&str]) -> Output {
    Command::new(bin)
        .args(args)
        .current_dir(root())
        .output()
        .expect("saberc runs")
}

/// The historical scenario files (`scenarios/NN-name.ron`), sorted by name.
pub fn historical_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo("scenarios"))
        .expect("scenarios/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "ron")
                && p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                    n.len() > 2 && n.as_bytes()[..2].iter().all(u8::is_ascii_digit)
                })
        })
        .collect();
    files.sort();
    files
}

/// Run `saberc` in `dir`, killing it if it has not finished in a minute (a hang fails the
/// calling test; a guard, not a timing: speeds are measured by `tests/bench/`).
pub fn saberc_in(bin: &str, dir: &Path, args: &[&str]) -> Output {
    use std::io::Read;
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut child = Command::new(bin)
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("saberc starts");
    let (mut out, mut err) = (
        child.stdout.take().expect("piped"),
        child.stderr.take().expect("piped"),
    );
    let o = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let e = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("saberc {args:?} hung (killed after 60 s)");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: o.join().expect("stdout read"),
        stderr: e.join().expect("stderr read"),
    }
}

/// A unified line diff of two texts (`want` is the pinned one), for test failures that compare
/// large documents: the changed lines with three lines of context, not two 40 KB strings.
pub fn line_diff(want: &str, got: &str) -> String {
    similar::TextDiff::from_lines(want, got)
        .unified_diff()
        .context_radius(3)
        .header("pinned", "produced")
        .to_string()
}

/// Assert that two texts are equal; on failure, print what differs as a line diff.
#[track_caller]
pub fn assert_same_text(want: &str, got: &str, what: &str) {
    if want != got {
        panic!(
            "{what} differs (- pinned, + produced):\n{}",
            line_diff(want, got)
        );
    }
}

/// The golden files `SABER_BLESS` names (comma-separated), to be rewritten by a test that
/// compares with golden files: blessing is per file, never all at once. `None` when unset.
/// A value naming a file the test does not have is refused by [`check_bless_names`].
pub fn bless_names() -> Option<Vec<String>> {
    std::env::var("SABER_BLESS").ok().map(|v| {
        v.split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    })
}

/// Panic when `SABER_BLESS` names a golden file that is not among `known`, so a typo or a
/// blanket `SABER_BLESS=1` rewrites nothing silently.
pub fn check_bless_names(known: &[String]) {
    if let Some(names) = bless_names() {
        let unknown: Vec<&String> = names.iter().filter(|n| !known.contains(n)).collect();
        assert!(
            unknown.is_empty(),
            "SABER_BLESS names {unknown:?}, which are not golden files of this test; name the files to rewrite, comma-separated, from: {}",
            known.join(", ")
        );
    }
}
