//! The canonical layout (`saberc fmt`) and conversion (`saberc convert`) over every committed
//! map, scenario and battle file: the committed files are in the canonical layout, formatting
//! is idempotent and keeps every comment, and RON → JSON → RON gives the file back without its
//! comments (JSON → RON → JSON gives the JSON back exactly).

use std::path::PathBuf;

use saber_schema::output::convert::convert;
use saber_schema::output::format::format_text;
use saber_schema::pipeline::read::{Source, Syntax};

fn committed_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![saber_tests::repo("scenarios"), saber_tests::repo("maps")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("readable directory") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "ron" || x == "json") {
                out.push(p);
            }
        }
    }
    out.sort();
    assert!(out.len() >= 20, "found {} files", out.len());
    out
}

fn comments(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.find("//").map(|i| l[i..].trim_end()))
        .collect()
}

#[test]
fn committed_files_are_in_the_canonical_layout() {
    let mut changed = Vec::new();
    for path in committed_files() {
        let src = Source::read(&path).expect("readable");
        let out = format_text(&src.text, src.syntax).expect("formats");
        if out != src.text {
            if std::env::var_os("SABER_SHOW_FMT").is_some() {
                std::fs::write(path.with_extension("fmt"), &out).expect("write");
            }
            changed.push(path.display().to_string());
        }
        assert_eq!(
            format_text(&out, src.syntax).expect("again"),
            out,
            "idempotent: {}",
            path.display()
        );
    }
    assert!(
        changed.is_empty(),
        "not in the canonical layout (saberc fmt): {changed:?}"
    );
}

#[test]
fn formatting_keeps_every_comment() {
    for path in committed_files() {
        let src = Source::read(&path).expect("readable");
        let out = format_text(&src.text, src.syntax).expect("formats");
        // Line comments only; the verification inside format_text covers block comments too.
        if !src.text.contains('"') || path.extension().is_some_and(|x| x == "ron") {
            let before: Vec<&str> = comments(&src.text)
                .into_iter()
                .filter(|c| !c.contains('"'))
                .collect();
            let after: Vec<&str> = comments(&out)
                .into_iter()
                .filter(|c| !c.contains('"'))
                .collect();
            assert_eq!(before, after, "{}", path.display());
        }
    }
}

#[test]
fn conversion_round_trips() {
    for path in committed_files() {
        let src = Source::read(&path).expect("readable");
        if src.syntax != Syntax::Ron {
            continue;
        }
        let json = convert(&src, Syntax::Json)
            .unwrap_or_else(|d| panic!("{}: {}", path.display(), d.message));
        // Both outputs of convert are in fmt's layout: `saberc fmt --check` passes on them.
        assert_eq!(
            format_text(&json.text, Syntax::Json).expect("formats"),
            json.text,
            "convert to JSON is not fmt-clean: {}",
            path.display()
        );
        let back = convert(
            &Source::from_text("back.json", json.text.clone()),
            Syntax::Ron,
        )
        .unwrap_or_else(|d| panic!("{}: {}", path.display(), d.message));
        // The file without its comments, in the canonical layout.
        let stripped: String = src
            .text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .map(|l| match l.find(" // ") {
                Some(i) if !l[..i].contains('"') || l[..i].ends_with(',') => &l[..i],
                _ => l,
            })
            .collect::<Vec<_>>()
            .join("\n");
        let want = format_text(&stripped, Syntax::Ron).expect("formats");
        assert_eq!(
            back.text,
            want,
            "RON → JSON → RON changed {}",
            path.display()
        );
        assert_eq!(
            format_text(&back.text, Syntax::Ron).expect("formats"),
            back.text,
            "convert to RON is not fmt-clean: {}",
            path.display()
        );
        let again =
            convert(&Source::from_text("again.ron", back.text), Syntax::Json).expect("again");
        assert_eq!(
            again.text,
            json.text,
            "JSON → RON → JSON changed {}",
            path.display()
        );
    }
}
