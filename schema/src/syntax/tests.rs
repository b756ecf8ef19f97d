//! The tree holds every byte of every text, and its errors are found where they are.

use std::path::Path;

use proptest::prelude::*;

use super::*;

fn shipped_files() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    let mut dirs = vec![
        root.join("scenarios"),
        root.join("maps"),
        root.join("tests/fixtures"),
    ];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let Ok(kind) = e.file_type() else { continue };
            if kind.is_dir() {
                dirs.push(p);
            } else if kind.is_file()
                && matches!(
                    p.extension().and_then(|x| x.to_str()),
                    Some("ron" | "json" | "tmj" | "expect")
                )
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_shipped_file_is_given_back_byte_for_byte() {
    let files = shipped_files();
    assert!(files.len() > 50, "found {} files", files.len());
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let tree = parse(&text).syntax();
        assert_eq!(tree.to_string(), text, "{}", path.display());
    }
}

#[test]
fn the_shipped_scenarios_and_maps_parse_without_errors() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for dir in ["scenarios", "scenarios/examples", "maps"] {
        for e in std::fs::read_dir(root.join(dir)).expect("folder").flatten() {
            let p = e.path();
            if p.extension().and_then(|x| x.to_str()) != Some("ron") {
                continue;
            }
            let text = std::fs::read_to_string(&p).expect("text");
            let errors = parse(&text).errors;
            assert!(errors.is_empty(), "{}: {errors:?}", p.display());
        }
    }
}

#[test]
fn errors_are_recovered_from_and_located() {
    let text = "(a: [1 2], b: \"x\" c: 3, d: )";
    let p = parse(text);
    assert_eq!(p.syntax().to_string(), text);
    let offsets: Vec<usize> = p.errors.iter().map(|e| e.offset).collect();
    assert_eq!(offsets, [7, 18, 27], "{:?}", p.errors);
    assert!(
        p.errors.iter().any(|e| e.message.contains("expected `,`")),
        "{:?}",
        p.errors
    );
    assert!(
        p.errors.iter().any(|e| e.message.contains("after `:`")),
        "{:?}",
        p.errors
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let p = parse(&deep);
    assert_eq!(p.syntax().to_string(), deep);
    assert!(p.errors.iter().any(|e| e.message.contains("nested")));
}

#[test]
fn entries_keys_and_names_are_read() {
    let text = "Deploy(zone: Feature(\"H26\"), r#type: 1, \"q\": 2)";
    let root = parse(text).syntax();
    let group = tree::root_value(&root).expect("value");
    assert_eq!(tree::group_name(&group).expect("name").text(), "Deploy");
    let names: Vec<String> = tree::entries(&group)
        .filter_map(|e| tree::entry_key(&e).and_then(|k| tree::key_name(&k)))
        .collect();
    assert_eq!(names, ["zone", "type", "q"]);
    let zone = tree::field(&group, "zone")
        .and_then(|e| tree::entry_value(&e))
        .expect("zone");
    assert_eq!(zone.to_string(), "Feature(\"H26\")");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_text_is_given_back(text in "\\PC{0,200}") {
        prop_assert_eq!(parse(&text).syntax().to_string(), text);
    }

    #[test]
    fn any_text_of_ron_characters_is_given_back(
        text in "[()\\[\\]{}:, \n\t\"'/*#!rbx0-9a-z._+\\-\u{2028}\u{85}\\\\]{0,200}"
    ) {
        prop_assert_eq!(parse(&text).syntax().to_string(), text);
    }
}
