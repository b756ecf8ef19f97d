//! Every command that prints ends quietly when its reader has gone (`saberc schema | head`):
//! each is spawned with a standard output whose reading end is already closed, so every write
//! fails with EPIPE, and must exit with its own code (0, or 1 for errors found) and say nothing
//! on standard error: no panic, no exit 101.

use std::process::{Command, Stdio};

use saber_tests::root;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// Run saberc with `args`, its standard output a pipe nobody reads; (exit code, stderr).
fn with_closed_stdout(args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = Command::new(BIN)
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("saberc runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_command_exits_quietly_on_a_closed_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let schema_dir = dir.path().join("schemas");
    let man_dir = dir.path().join("man");
    let cases: Vec<(Vec<&str>, i32)> = vec![
        (vec!["schema"], 0),
        (vec!["schema", "-o", schema_dir.to_str().unwrap()], 0),
        (vec!["check", "scenarios"], 0),
        (vec!["check", "--format", "json", "scenarios"], 0),
        (
            vec![
                "check",
                "--maps",
                "tests/fixtures/maps",
                "tests/fixtures/bad/unknown-feature.ron",
            ],
            1,
        ),
        (vec!["explain"], 0),
        (vec!["explain", "DEP001"], 0),
        (vec!["man"], 0),
        (vec!["man", "-o", man_dir.to_str().unwrap()], 0),
        (vec!["completions", "bash"], 0),
        (
            vec![
                "convert",
                "scenarios/07-gettysburg-little-round-top.ron",
                "--to",
                "json",
            ],
            0,
        ),
        (vec!["new", "scenario", "--map", "rifle-and-saber"], 0),
        (vec!["new", "map", "--width", "40", "--height", "30"], 0),
        (
            vec![
                "factor",
                "--name",
                "A battle",
                "--side",
                "Union (Blue): 1200 MZ",
                "--side",
                "Rebels (Red): 900 MZ",
            ],
            0,
        ),
        (vec!["fmt", "--check", "scenarios"], 0),
        (vec!["--help"], 0),
        (vec!["schema", "--help"], 0),
    ];
    let mut failures = Vec::new();
    for (args, want) in cases {
        let (code, stderr) = with_closed_stdout(&args);
        if code != Some(want) || stderr.contains("panicked") || stderr.contains("Broken pipe") {
            failures.push(format!("saberc {args:?}: exit {code:?}, stderr {stderr:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
