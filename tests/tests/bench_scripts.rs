//! The benchmark scripts of `tests/bench/` (not run here: they print numbers) find what cargo
//! built where cargo put it: under `CARGO_TARGET_DIR` when it is set, not always `target/`.

use saber_tests::repo;

/// The lines of `script` that name `target/` as a path of its own (`saberc=target/release/…`),
/// rather than through `${CARGO_TARGET_DIR:-$root/target}` or a variable holding it.
fn fixed_target_paths(script: &str) -> Vec<&str> {
    script
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter(|l| {
            l.match_indices("target/").any(|(at, _)| {
                // `$target/…` or `${…}/target/…` is a variable's; `target/` alone is fixed.
                let before = l[..at].chars().next_back();
                !before.is_some_and(|c| c == '$' || c == '_' || c.is_alphanumeric())
            })
        })
        .collect()
}

#[test]
fn bench_scripts_find_binaries_under_cargo_target_dir() {
    let dir = repo("tests/bench");
    let mut scripts: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/bench is readable")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sh"))
        .collect();
    scripts.sort();
    assert!(!scripts.is_empty(), "no scripts under {}", dir.display());
    let mut fixed = Vec::new();
    for p in &scripts {
        let text = std::fs::read_to_string(p).expect("a readable script");
        for line in fixed_target_paths(&text) {
            fixed.push(format!("{}: {}", p.display(), line.trim()));
        }
    }
    assert!(
        fixed.is_empty(),
        "these lines ignore CARGO_TARGET_DIR (use ${{CARGO_TARGET_DIR:-$root/target}}):\n{}",
        fixed.join("\n")
    );
}

#[test]
fn a_fixed_target_path_is_told_from_a_variables() {
    let script = "# saberc=target/release/saberc\nsaberc=target/release/saberc\n\
                  a=${CARGO_TARGET_DIR:-$root/target}/release/saberc\nb=$target/debug/x\n";
    assert_eq!(fixed_target_paths(script), ["saberc=target/release/saberc"]);
}
