//! The book's generated pages (`docs/`) are what the registry and the committed schemas make
//! (`saber_tests::book`): the table of codes and a page per code, a reference page per schema,
//! the summary's lists. This test fails when one differs, printing the line diff, or when a
//! generated folder holds a file no page is; `SABER_BLESS=book cargo test -p saber-tests --test
//! book` rewrites them and removes the stale ones.

use saber_tests::book::{pages, stale_files};
use saber_tests::repo;

#[test]
fn the_generated_pages_are_current() {
    saber_tests::check_bless_names(&["book".to_string()]);
    let bless = saber_tests::bless_names().is_some();
    let pages = pages();
    let mut stale = Vec::new();
    for page in &pages {
        let path = repo(&page.path);
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        if have == page.text {
            continue;
        }
        if bless {
            eprintln!(
                "{}:\n{}",
                page.path,
                saber_tests::line_diff(&have, &page.text)
            );
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &page.text).unwrap();
        } else {
            stale.push(format!(
                "{}:\n{}",
                page.path,
                saber_tests::line_diff(&have, &page.text)
            ));
        }
    }
    for path in stale_files(&pages) {
        if bless {
            std::fs::remove_file(&path).unwrap();
        } else {
            stale.push(format!("{}: no longer generated", path.display()));
        }
    }
    assert!(
        stale.is_empty(),
        "the book's generated pages are stale (rewrite them with `SABER_BLESS=book cargo test \
         -p saber-tests --test book`):\n{}",
        stale.join("\n")
    );
}

/// Every code has its page, and the table links each.
#[test]
fn every_code_has_a_page_and_a_row() {
    let pages = pages();
    for info in saber_schema::diagnostic::REGISTRY {
        let path = format!("docs/saberc/codes/{}.md", info.id);
        let page = pages.iter().find(|p| p.path == path).expect("a page");
        assert!(page.text.starts_with(&format!("# {}: ", info.id)));
        assert!(
            page.text.contains(info.bad) && page.text.contains(info.fixed),
            "{}",
            info.id
        );
    }
    let table = &pages
        .iter()
        .find(|p| p.path == "docs/saberc/codes.md")
        .unwrap()
        .text;
    assert!(table.contains("| [`DEP001`](codes/DEP001.md) | error | deployment | 7.0, 11.0 |"));
}

/// The book pages a user is sent to by a hint or an explanation exist, and nothing sends a user
/// to the README, which no longer holds the reference (the README is a door; the sections moved
/// into the book).
#[test]
fn the_pages_hints_name_exist() {
    use saber_schema::pipeline::schema::{FORM_HELP, LIMITS_PAGE, type_hint};
    let mut texts: Vec<String> = saber_schema::diagnostic::REGISTRY
        .iter()
        .map(|info| info.explanation.to_string())
        .collect();
    let map = saber_schema::builtin::map("rifle-and-saber").expect("the built-in map");
    texts.extend([
        FORM_HELP.to_string(),
        LIMITS_PAGE.to_string(),
        type_hint(),
        saber_schema::output::skeleton::scenario_skeleton(&map, "rifle-and-saber", "new"),
    ]);
    let mut named = 0;
    for text in &texts {
        assert!(!text.contains("README"), "{text}");
        for (at, _) in text.match_indices("docs/") {
            let path: String = text[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '-' | '_'))
                .collect();
            let path = path.trim_end_matches('.');
            assert!(repo(path).exists(), "{path}, named by: {text}");
            named += 1;
        }
    }
    assert!(named >= 5, "{named} pages named");
}
