//! Helpers shared by the end-to-end tests in `tests/tests/`: paths into the repository and a
//! way to run `saberc`.

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
