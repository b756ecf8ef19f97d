//! The game's rules are a parameter, not a constant: `RIFLE_AND_SABER` is named only inside
//! `schema/src/ruleset/` (which holds `for_game`, the one place that maps a file's `game` to its
//! ruleset), so every check, zone, query, output and editor panel receives the ruleset of the
//! document it works on. Outside test code, the rules of "a file without a `game`" are asked
//! for (`for_game(None)`) only where the input can name no game: 11.18 factoring (a Rifle & Saber
//! procedure on battle files) and the Tiled import (a Tiled map has no `game`).

use std::path::{Path, PathBuf};

use saber_tests::repo;

/// Where `RIFLE_AND_SABER` may be named.
const RULESET_DIR: &str = "schema/src/ruleset/";

/// Where non-test code may ask for the rules of a file without a `game`, and why.
const NO_GAME_INPUTS: [&str; 2] = [
    // 11.18 is a Rifle & Saber procedure; a battle file names no map and no game.
    "schema/src/factor/mod.rs",
    // Rifle & Saber's Tiled import makes a map file without a `game` (a Tiled map without one
    // is read as such).
    "schema/src/output/tiled/import/rifle_and_saber.rs",
];

/// Every `.rs` file under `dir`, relative to the repository root, `/`-separated.
fn rust_files(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(root, &p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let rel = p
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            out.push((rel, p));
        }
    }
}

/// The lines of a file that are not test code: a `tests.rs` file is all test code, and so is
/// everything from a file's `#[cfg(test)]` on (test modules close the files here).
fn code_lines(rel: &str, text: &str) -> Vec<(usize, String)> {
    if rel.ends_with("/tests.rs") || rel.contains("/tests/") || rel.ends_with("_tests.rs") {
        return Vec::new();
    }
    text.lines()
        .enumerate()
        .take_while(|(_, l)| l.trim() != "#[cfg(test)]")
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect()
}

/// Every `.rs` file of the library, the CLI and the editor.
fn sources() -> Vec<(String, PathBuf)> {
    let root = repo("");
    let mut files = Vec::new();
    for dir in ["schema", "editor"] {
        rust_files(&root, &repo(dir), &mut files);
    }
    assert!(files.len() > 50, "found the sources: {}", files.len());
    files
}

/// Occurrences of `needle` in `files` outside the allowed paths, as `path:line: text`.
fn named_outside(
    files: &[(String, PathBuf)],
    needle: &str,
    test_code_too: bool,
    allowed: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let mut found = Vec::new();
    for (rel, path) in files {
        if allowed(rel) {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<(usize, String)> = if test_code_too {
            text.lines()
                .enumerate()
                .map(|(i, l)| (i + 1, l.to_string()))
                .collect()
        } else {
            code_lines(rel, &text)
        };
        for (n, line) in lines {
            if line.contains(needle) {
                found.push(format!("{rel}:{n}: {}", line.trim()));
            }
        }
    }
    found
}

#[test]
fn rifle_and_saber_is_named_only_inside_the_ruleset() {
    let found = named_outside(&sources(), "RIFLE_AND_SABER", true, &|rel| {
        rel.starts_with(RULESET_DIR)
    });
    assert!(
        found.is_empty(),
        "RIFLE_AND_SABER named outside {RULESET_DIR}; receive the document's `&Ruleset` instead \
         (`Scenario::rules`, `Map::rules`, `Compiled::rules`):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_rules_of_a_file_without_a_game_are_asked_only_where_no_game_can_be_named() {
    let files = sources();
    let allowed = |rel: &str| rel.starts_with(RULESET_DIR) || NO_GAME_INPUTS.contains(&rel);
    let mut found = named_outside(&files, "for_game(None)", false, &allowed);
    found.extend(named_outside(
        &files,
        "rules_without_game()",
        false,
        &allowed,
    ));
    assert!(
        found.is_empty(),
        "the rules of a file without a `game` asked for outside test code; use the document's \
         ruleset:\n{}",
        found.join("\n")
    );
}
