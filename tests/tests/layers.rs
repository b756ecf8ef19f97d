//! The library's layers hold: every `crate::` path in the code of `schema/src` (in `use` lines
//! and in expressions, groups `{..}` included, and `super::` paths) names a module of a lower
//! layer than the module it is written in, or that module itself. The layers are the table under
//! "Layers" in `ARCHITECTURE.md`, read from there so that the document and this test cannot
//! drift apart: every module of the library is in it, and every module it names exists.
//!
//! Test code (a `#[cfg(test)]` module, a `tests.rs` file) may reach any layer: it is not part
//! of the library.

use std::collections::BTreeMap;
use std::path::Path;

use saber_tests::repo;

/// A module path, `["pipeline", "zones"]`.
type ModPath = Vec<String>;

/// The layers of ARCHITECTURE.md: each listed module and its layer number (higher is above).
fn layers() -> Vec<(ModPath, u32)> {
    let text = std::fs::read_to_string(repo("ARCHITECTURE.md")).unwrap();
    let start = text
        .lines()
        .position(|l| l.starts_with('#') && l.contains("Layers"))
        .expect("ARCHITECTURE.md has a Layers section");
    let mut out = Vec::new();
    for line in text.lines().skip(start + 1) {
        if line.starts_with('#') {
            break;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(layer) = cells.get(1).and_then(|c| c.parse::<u32>().ok()) else {
            continue;
        };
        let modules = cells.get(2).expect("a modules column");
        for name in modules.split('`').skip(1).step_by(2) {
            out.push((name.split("::").map(String::from).collect(), layer));
        }
    }
    assert!(out.len() > 5, "the Layers table lists the modules: {out:?}");
    out
}

/// The listed module a path belongs to: the longest listed prefix.
fn entry<'a>(layers: &'a [(ModPath, u32)], path: &[String]) -> Option<&'a (ModPath, u32)> {
    layers
        .iter()
        .filter(|(m, _)| path.starts_with(m))
        .max_by_key(|(m, _)| m.len())
}

/// Every `.rs` file under `dir` with its module path (`lib.rs` is the root, `[]`).
fn files(dir: &Path, module: &ModPath, out: &mut Vec<(std::path::PathBuf, ModPath)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.is_dir() {
            let mut m = module.clone();
            m.push(name);
            files(&p, &m, out);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            let mut m = module.clone();
            if stem != "mod" && stem != "lib" {
                m.push(stem.to_string());
            }
            out.push((p, m));
        }
    }
}

/// The code of a file without comments and without its test module.
fn library_code(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]") {
            // A test module declared here and written elsewhere: skip the declaration only;
            // one written inline runs to the end of the file.
            if lines.peek().is_some_and(|n| {
                let n = n.trim();
                n.starts_with("mod ") && n.ends_with(';')
            }) {
                lines.next();
                continue;
            }
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The paths after each `crate::` or `super::` in the code, groups expanded, each relative to
/// the crate root.
fn references(code: &str, module: &ModPath) -> Vec<ModPath> {
    // `super` of `a::b` is `a`, whether `b` is `a/b.rs` or `a/b/mod.rs`.

    let parent: ModPath = module[..module.len().saturating_sub(1)].to_vec();
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let rest: String = chars[i..chars.len().min(i + 7)].iter().collect();
        let before_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        let base = if before_ident {
            None
        } else if rest.starts_with("crate::") {
            Some((Vec::new(), 7))
        } else if rest.starts_with("super::") {
            Some((parent.clone(), 7))
        } else {
            None
        };
        match base {
            Some((base, skip)) => {
                let mut j = i + skip;
                for p in path_tree(&chars, &mut j) {
                    let mut full = base.clone();
                    full.extend(p);
                    out.push(full);
                }
                i = j;
            }
            None => i += 1,
        }
    }
    out
}

/// Parse `a::b::{c, d::e}` at `chars[*j..]` into its paths (`[a, b, c]`, `[a, b, d, e]`).
fn path_tree(chars: &[char], j: &mut usize) -> Vec<ModPath> {
    let skip_ws = |j: &mut usize| {
        while *j < chars.len() && chars[*j].is_whitespace() {
            *j += 1;
        }
    };
    let mut prefix = Vec::new();
    loop {
        skip_ws(j);
        if *j < chars.len() && chars[*j] == '{' {
            *j += 1;
            let mut out = Vec::new();
            loop {
                skip_ws(j);
                if *j >= chars.len() {
                    return out;
                }
                if chars[*j] == '}' {
                    *j += 1;
                    return out;
                }
                if chars[*j] == ',' {
                    *j += 1;
                    continue;
                }
                let before = *j;
                for p in path_tree(chars, j) {
                    let mut full: ModPath = prefix.clone();
                    full.extend(p);
                    out.push(full);
                }
                // `self`, `*` and `as x` end an item without moving on: step over them.
                if *j == before {
                    *j += 1;
                }
                while *j < chars.len() && !matches!(chars[*j], ',' | '}') {
                    *j += 1;
                }
            }
        }
        let start = *j;
        while *j < chars.len() && (chars[*j].is_alphanumeric() || chars[*j] == '_') {
            *j += 1;
        }
        if *j == start {
            return if prefix.is_empty() {
                Vec::new()
            } else {
                vec![prefix]
            };
        }
        let ident: String = chars[start..*j].iter().collect();
        if ident != "self" {
            prefix.push(ident);
        }
        if chars.get(*j) == Some(&':') && chars.get(*j + 1) == Some(&':') {
            *j += 2;
        } else {
            return vec![prefix];
        }
    }
}

/// Macros exported at the crate root (`crate::path!`), by name: the module that defines them.
fn root_macros(all: &[(std::path::PathBuf, ModPath)]) -> BTreeMap<String, ModPath> {
    let mut out = BTreeMap::new();
    for (file, module) in all {
        let text = std::fs::read_to_string(file).unwrap();
        let mut exported = false;
        for line in text.lines() {
            let t = line.trim();
            if t == "#[macro_export]" {
                exported = true;
            } else if let Some(rest) = t.strip_prefix("macro_rules!") {
                if exported {
                    let name = rest.trim().trim_end_matches('{').trim().to_string();
                    out.insert(name, module.clone());
                }
                exported = false;
            }
        }
    }
    out
}

#[test]
fn no_import_runs_up_the_layers() {
    let layers = layers();
    let mut all = Vec::new();
    files(&repo("schema/src"), &Vec::new(), &mut all);
    let macros = root_macros(&all);
    let mut problems = Vec::new();
    for (file, module) in &all {
        let rel = file.strip_prefix(repo("")).unwrap().display().to_string();
        if module.is_empty() || file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let Some((own, own_layer)) = entry(&layers, module) else {
            problems.push(format!(
                "{rel}: module {} is in no layer of ARCHITECTURE.md",
                module.join("::")
            ));
            continue;
        };
        let code = library_code(&std::fs::read_to_string(file).unwrap());
        for r in references(&code, module) {
            let target = match r.first().and_then(|name| macros.get(name)) {
                Some(defined_in) if r.len() == 1 => defined_in.clone(),
                _ => r.clone(),
            };
            let Some((theirs, their_layer)) = entry(&layers, &target) else {
                // A name at the crate root that is no module (none today) or the root itself.
                if !target.is_empty() {
                    problems.push(format!(
                        "{rel}: `crate::{}` is in no layer",
                        target.join("::")
                    ));
                }
                continue;
            };
            if theirs != own && their_layer >= own_layer {
                problems.push(format!(
                    "{rel}: {} (layer {own_layer}) uses `{}` of {} (layer {their_layer})",
                    own.join("::"),
                    r.join("::"),
                    theirs.join("::")
                ));
            }
        }
    }
    // Every module the table names exists.
    for (m, _) in &layers {
        if !all.iter().any(|(_, module)| module.starts_with(m)) {
            problems.push(format!(
                "ARCHITECTURE.md names `{}`, which is no module",
                m.join("::")
            ));
        }
    }
    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} imports run up the layers or miss them:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The reader of paths understands what the library writes.
#[test]
fn paths_are_read_with_their_groups() {
    let module: ModPath = vec!["output".into(), "card".into()];
    let code = "use crate::pipeline::{Compiled, zones::{Resolved, shared}};\n\
                let x = crate::model::limits::MAX; use super::palette::*; \
                $crate::diagnostic::PathSeg::key(k); notcrate::x;";
    let got: Vec<String> = references(code, &module)
        .iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(
        got,
        [
            "pipeline::Compiled",
            "pipeline::zones::Resolved",
            "pipeline::zones::shared",
            "model::limits::MAX",
            "output::palette",
            "diagnostic::PathSeg::key",
        ]
    );
}
