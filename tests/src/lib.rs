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
