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

/// The code of a file without comments and without its test modules: each `#[cfg(test)]`
/// item is skipped to its `;` or to the brace that closes its body, and the code after it is
/// read too (an `impl` after an inline test module is library code).
fn library_code(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        rest = &rest[at + "#[cfg(test)]".len()..];
        rest = &rest[item_len(rest)..];
    }
    out.push_str(rest);
    out.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .fold(String::new(), |acc, l| acc + l + "\n")
}

/// The length of the item at the start of `code`: to its `;` or to the brace that closes its
/// body, stepping over strings, characters and comments (a `'{'` or `"}"` in a test counts
/// for nothing).
fn item_len(code: &str) -> usize {
    let b = code.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i += code[i..].find('\n').unwrap_or(code.len() - i);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += code[i..].find("*/").map_or(code.len() - i, |e| e + 2);
            }
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#')) && !ident_before(b, i) => {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                let close = format!("\"{}", "#".repeat(hashes));
                let open = i + 1 + hashes + 1;
                i = code[open..]
                    .find(&close)
                    .map_or(code.len(), |e| open + e + close.len());
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            // A character literal ('{', '\'', '\u{7b}'), not a lifetime ('a).
            b'\'' if b.get(i + 2) == Some(&b'\'') => i += 3,
            b'\'' if b.get(i + 1) == Some(&b'\\') => {
                i += 2 + code[i + 2..]
                    .find('\'')
                    .map_or(code.len() - i - 2, |e| e + 1);
            }
            b'{' => {
                depth += 1;
                i += 1;
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
                if depth == 0 {
                    return i;
                }
            }
            b';' if depth == 0 => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// Whether the byte before `i` ends an identifier (`for` in `for"` is not a raw string).
fn ident_before(b: &[u8], i: usize) -> bool {
    i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
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
        if module.is_empty() || is_test_file(file) {
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

/// Whether a file is test code: `tests.rs`, or a `*_tests.rs` module the crate declares under
/// `#[cfg(test)]`.
fn is_test_file(file: &Path) -> bool {
    file.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n == "tests.rs" || n.ends_with("_tests.rs"))
}

/// Each source file's module and the other files its code uses (`crate::` and `super::`
/// paths, each taken to the file that holds its longest module prefix).
fn file_graph(dir: &str) -> BTreeMap<ModPath, std::collections::BTreeSet<ModPath>> {
    let mut all = Vec::new();
    files(&repo(dir), &Vec::new(), &mut all);
    let macros = root_macros(&all);
    let modules: std::collections::BTreeSet<ModPath> = all.iter().map(|(_, m)| m.clone()).collect();
    let mut graph = BTreeMap::new();
    for (file, module) in &all {
        if module.is_empty() || is_test_file(file) {
            continue;
        }
        let code = library_code(&std::fs::read_to_string(file).unwrap());
        let mut uses = std::collections::BTreeSet::new();
        for r in references(&code, module) {
            let target = match r.first().and_then(|name| macros.get(name)) {
                Some(defined_in) if r.len() == 1 => defined_in.clone(),
                _ => r,
            };
            let holder = (1..=target.len())
                .rev()
                .map(|n| target[..n].to_vec())
                .find(|prefix| modules.contains(prefix));
            if let Some(holder) = holder.filter(|h| h != module) {
                uses.insert(holder);
            }
        }
        graph.insert(module.clone(), uses);
    }
    graph
}

/// The circles of a file graph: each set of two or more files that reach one another, as
/// `a -> b -> a` lines.
fn circles(graph: &BTreeMap<ModPath, std::collections::BTreeSet<ModPath>>) -> Vec<String> {
    let reach = |from: &ModPath| {
        let mut seen = std::collections::BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&ModPath, _> = graph.keys().map(|m| (m, reach(m))).collect();
    let mut done = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for m in graph.keys() {
        if done.contains(m) || !reaches[m].contains(m) {
            continue;
        }
        let circle: Vec<&ModPath> = graph
            .keys()
            .filter(|o| reaches[m].contains(*o) && reaches[*o].contains(m))
            .collect();
        let edges: Vec<String> = circle
            .iter()
            .flat_map(|a| {
                graph[*a]
                    .iter()
                    .filter(|b| circle.contains(b))
                    .map(move |b| format!("{} -> {}", a.join("::"), b.join("::")))
            })
            .collect();
        out.push(edges.join(", "));
        done.extend(circle.into_iter().cloned());
    }
    out
}

/// No file of the library or the editor uses, through others, a file that uses it: a circle
/// makes two files one concept split in two, and neither can be read, tested or moved alone.
#[test]
fn no_file_imports_run_in_a_circle() {
    for dir in ["schema/src", "editor/src", "schema/cli/src"] {
        let found = circles(&file_graph(dir));
        assert!(
            found.is_empty(),
            "{dir} has {} import circle(s) between files:\n{}",
            found.len(),
            found.join("\n")
        );
    }
}

/// The circle finder finds a circle through three files and none in a line of them, and the
/// code reader skips an inline test module but reads what follows it.
#[test]
fn circles_and_test_modules_are_read_as_written() {
    let m = |s: &str| -> ModPath { s.split("::").map(String::from).collect() };
    let graph = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<ModPath, std::collections::BTreeSet<ModPath>> = BTreeMap::new();
        for (a, b) in edges {
            g.entry(m(a)).or_default().insert(m(b));
            g.entry(m(b)).or_default();
        }
        g
    };
    assert_eq!(
        circles(&graph(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])),
        ["a -> b, b -> c, c -> a"]
    );
    assert!(circles(&graph(&[("a", "b"), ("b", "c")])).is_empty());
    let code = "use crate::a;\n#[cfg(test)]\nmod tests {\n    let s = \"}\"; let c = '{';\n    use crate::t;\n}\nuse crate::b;\n";
    let read: Vec<String> = references(&library_code(code), &m("x"))
        .iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(read, ["a", "b"]);
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
