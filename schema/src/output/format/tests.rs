//! Tests of `saberc fmt`'s layout.

use super::*;

fn ron(text: &str) -> String {
    format_text(text, Syntax::Ron).expect("formats")
}

#[test]
fn short_brackets_stay_on_one_line_and_long_ones_open() {
    let out = ron(
        "(a: 1, units: {MZ: 27,CY: 3}, zone: Intersection([Beyond(toward: N, of: Feature(\"H26\"), inclusive: true), Beyond(toward: W, of: Feature(\"H32\"), inclusive: true)]))",
    );
    assert_eq!(
        out,
        "(\n    a: 1,\n    units: {MZ: 27, CY: 3},\n    zone: Intersection([\n        Beyond(toward: N, of: Feature(\"H26\"), inclusive: true),\n        Beyond(toward: W, of: Feature(\"H32\"), inclusive: true),\n    ]),\n)\n"
    );
    assert_eq!(ron(&out), out, "idempotent");
}

#[test]
fn comments_keep_their_place() {
    let text = "// head\n(\n    // before a\n    a: 1, // after a\n\n    b: [1, 2], /* block */\n    c: [\n        (x: 1),\n        (y: 2), // after y\n    ],\n    // at the end\n)\n// tail\n";
    let out = ron(text);
    assert_eq!(out, text);
}

#[test]
fn coordinate_lists_fill_their_lines() {
    let items: Vec<String> = (1..=20).map(|i| format!("({i}, {})", i + 10)).collect();
    let text = format!("(hexes: [{}])", items.join(","));
    let out = ron(&text);
    for line in out.lines() {
        assert!(line.chars().count() <= WIDTH, "{line}");
    }
    assert!(out.lines().count() < 8, "{out}");
    assert_eq!(ron(&out), out);
}

#[test]
fn json_is_pretty_printed_with_keys_in_order_and_duplicates_kept() {
    let out = format_text("{\"b\":1,\"a\":[1,2],\"b\":{}}", Syntax::Json).expect("formats");
    assert_eq!(
        out,
        "{\n  \"b\": 1,\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}\n"
    );
}

#[test]
fn comments_in_json_are_refused_with_a_hint() {
    let e = format_text("{\n// no\n\"a\": 1}", Syntax::Json).unwrap_err();
    assert!(e.message.contains("JSON has no comments"), "{}", e.message);
}

#[test]
fn broken_brackets_are_located() {
    let e = format_text("(a: [1, 2)", Syntax::Ron).unwrap_err();
    assert_eq!(e.offset, 9);
    assert!(format_text("(a: \"open", Syntax::Ron).is_err());
    let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
    assert!(
        format_text(&deep, Syntax::Ron)
            .unwrap_err()
            .message
            .contains("nested")
    );
}

#[test]
fn strings_and_numbers_are_kept_as_written() {
    let text = "(\n    a: r#\"raw \"x\"\"#,\n    b: 1_000,\n    c: -1.5e-3,\n    d: 'x',\n    e: \"line\nbreak\",\n)\n";
    assert_eq!(ron(text), text);
}
