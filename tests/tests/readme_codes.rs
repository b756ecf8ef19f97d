//! The README's table of diagnostic codes is generated from the code registry
//! (`saber_schema::diagnostic::codes`): this test fails when the section between the README's
//! markers differs from the registry, printing the line diff. `SABER_BLESS=README cargo test
//! -p saber-tests --test readme_codes` rewrites the section.

use saber_schema::diagnostic::codes::markdown_table;
use saber_tests::repo;

const BEGIN: &str = "<!-- BEGIN diagnostic codes";
const END: &str = "<!-- END diagnostic codes -->";

/// The README with its generated section replaced by `table`.
fn with_table(readme: &str, table: &str) -> String {
    let begin = readme.find(BEGIN).expect("the README has the BEGIN marker");
    let after_begin = begin + readme[begin..].find("-->").expect("the marker closes") + 3;
    let end = readme.find(END).expect("the README has the END marker");
    assert!(after_begin <= end, "the markers are in order");
    format!("{}\n{table}{}", &readme[..after_begin], &readme[end..])
}

#[test]
fn the_readme_code_table_matches_the_registry() {
    let path = repo("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let want = with_table(&readme, &markdown_table());
    saber_tests::check_bless_names(&["README".to_string()]);
    if saber_tests::bless_names().is_some() {
        if readme != want {
            eprintln!("{}", saber_tests::line_diff(&readme, &want));
        }
        std::fs::write(&path, &want).unwrap();
        return;
    }
    saber_tests::assert_same_text(
        &readme,
        &want,
        "the README's diagnostic code table (rewrite it with `SABER_BLESS=README cargo test -p \
         saber-tests --test readme_codes`)",
    );
}

#[test]
fn a_stale_table_is_detected() {
    let readme = format!("intro\n{BEGIN} -->\n| old |\n{END}\nrest\n");
    let fresh = with_table(&readme, "| new |\n");
    assert_eq!(fresh, format!("intro\n{BEGIN} -->\n| new |\n{END}\nrest\n"));
    assert_ne!(fresh, readme);
}
