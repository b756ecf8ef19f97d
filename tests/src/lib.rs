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
