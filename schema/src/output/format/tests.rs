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

/// 11.7 as shipped, the base of the mutants below.
const SCENARIO: &str = include_str!("../../../../scenarios/07-gettysburg-little-round-top.ron");

/// Texts RON reads differently from what a formatter that only tokenizes would think: none
/// is "formatted" unless the pipeline's reader reads it, and then as the same model.
#[test]
fn what_the_reader_refuses_is_never_formatted() {
    let cases = [
        SCENARIO.replacen("Deploy(zone", "Deploy /* c */ (zone", 1),
        SCENARIO.replacen("Deploy(zone", "Deploy\u{2028}(zone", 1),
        SCENARIO.replacen("Feature(\"H26\")", "Feature\u{85}(\"H26\")", 1),
        SCENARIO.replacen("Feature(\"H26\")", "Feature\u{200E}(\"H26\")", 1),
        SCENARIO.replacen("Sector(toward", "Sector\u{0B}(toward", 1),
        SCENARIO.replacen("game_length: 20", "game_length: 2 0", 1),
        SCENARIO.replacen("game_length: 20", "game_length: 20x", 1),
        SCENARIO.replacen("morale: Normal", "morale: Normal()", 1),
    ];
    for text in cases {
        let read = read_model(&text, Syntax::Ron);
        match format_text(&text, Syntax::Ron) {
            Ok(out) => {
                let before = read.expect("formatted, so the reader reads it");
                assert_eq!(read_model(&out, Syntax::Ron).expect("reads"), before);
            }
            Err(e) => assert!(!e.message.is_empty()),
        }
    }
}

/// One reader: a comment at any place between two tokens of a file the pipeline's reader reads
/// (`saberc check`) never makes `fmt` refuse it, and the comment is kept. (A comment between a
/// name and its bracket, `Some /* c */ (…)`, was refused.)
#[test]
fn a_comment_anywhere_check_reads_is_formatted_and_kept() {
    const SMALL: &str = include_str!("../../../../tests/fixtures/good/skirmish-at-the-bridge.ron");
    let mut tried = 0;
    for text in [SMALL, SCENARIO] {
        let boundaries: Vec<usize> = crate::syntax::lexer::lex(text)
            .filter(|t| !t.kind.is_trivia())
            .map(|t| t.end)
            .collect();
        // Every boundary of the small file; every seventh of the large one.
        let step = if text == SMALL { 1 } else { 7 };
        for &at in boundaries.iter().step_by(step) {
            for comment in ["/* c */", "// c\n"] {
                let mutant = format!("{}{comment}{}", &text[..at], &text[at..]);
                let Ok(model) = read_model(&mutant, Syntax::Ron) else {
                    continue;
                };
                tried += 1;
                let out = format_text(&mutant, Syntax::Ron).unwrap_or_else(|e| {
                    panic!(
                        "check reads it, fmt refuses it ({e}):\n{}",
                        &mutant[at.saturating_sub(40)..(at + 40).min(mutant.len())]
                    )
                });
                assert!(out.contains(comment.trim_end()), "{out}");
                assert_eq!(read_model(&out, Syntax::Ron).expect("reads"), model);
                assert_eq!(ron(&out), out, "idempotent");
            }
        }
    }
    assert!(tried > 500, "{tried}");
}

#[test]
fn a_comment_between_a_name_and_its_bracket_goes_before_the_value() {
    assert_eq!(
        ron("(a: Some /* c */ (1), b: Some // d\n(2))"),
        "(\n    /* c */\n    a: Some(1),\n    // d\n    b: Some(2),\n)\n"
    );
}

#[test]
fn a_scenario_the_reader_refuses_is_refused_with_its_reason() {
    let text = SCENARIO.replacen("game_length: 20", "game_length: \"20\"", 1);
    let e = format_text(&text, Syntax::Ron).unwrap_err();
    assert!(e.offset > 0, "{e:?}");
}

/// A large list of hexes nested as deep as the files may nest: the formatted file is at most
/// a few times the size of the compact one (it was 74 times when deep lines held one hex).
#[test]
fn formatting_grows_a_deep_large_file_by_a_small_factor() {
    // `Union([` is two levels.
    let depth = crate::model::limits::MAX_NESTING / 2 - 2;
    let hexes: Vec<String> = (0..50_000)
        .map(|i| format!("({},{})", i % 47, i % 33))
        .collect();
    let mut text = String::from("(zone:");
    for _ in 0..depth {
        text.push_str("Union([");
    }
    text.push_str(&format!("Hexes([{}])", hexes.join(",")));
    for _ in 0..depth {
        text.push_str("])");
    }
    text.push(')');
    let out = ron(&text);
    let factor = out.len() as f64 / text.len() as f64;
    println!(
        "compact {} bytes, formatted {} bytes: {factor:.2} times at nesting {depth}",
        text.len(),
        out.len()
    );
    assert!(factor < 6.0, "{factor}");
    assert_eq!(ron(&out), out, "idempotent");
}

mod mutants {
    use proptest::prelude::*;

    use super::*;

    /// What a mutation inserts: whitespace RON may or may not take, comments, brackets,
    /// separators, letters.
    const PIECES: &[&str] = &[
        " ", "\n", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{200E}", "\u{2028}", "\u{2029}",
        "/* c */", "// c\n", "(", ")", "[", "]", "{", "}", ",", ":", "\"", "'", "#", "r#", "x",
        "0", "-", ".", "Some(", "None",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// format(x) ok ⇒ the reader reads x, reads format(x) as the same model, and
        /// format(format(x)) == format(x).
        #[test]
        fn a_formatted_mutant_reads_as_the_same_model(
            edits in proptest::collection::vec((0usize..SCENARIO.len(), 0usize..PIECES.len(), 0usize..3), 1..4)
        ) {
            let mut text = SCENARIO.to_string();
            for (at, piece, delete) in edits {
                let mut at = at.min(text.len());
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                let mut to = (at + delete).min(text.len());
                while !text.is_char_boundary(to) {
                    to += 1;
                }
                text.replace_range(at..to, PIECES[piece]);
            }
            if let Ok(out) = format_text(&text, Syntax::Ron) {
                let before = read_model(&text, Syntax::Ron);
                prop_assert!(before.is_ok(), "formatted but unreadable: {text:?}");
                prop_assert_eq!(read_model(&out, Syntax::Ron).ok(), before.ok());
                prop_assert_eq!(format_text(&out, Syntax::Ron).ok(), Some(out));
            }
        }
    }
}

/// A file at the limit of values is a million atoms, most of them in hexes of long lists: an
/// item, a node and a bracket stay small (an item was 104 bytes with its key, comments and an
/// owned atom, a bracket 80, and every atom a string of its own), so that `fmt` keeps its margin under the memory bound.
#[test]
fn tree_items_and_nodes_stay_small() {
    assert!(std::mem::size_of::<Item<'static>>() <= 40);
    assert!(std::mem::size_of::<Group<'static>>() <= 64);
    assert!(std::mem::size_of::<Node<'static>>() <= 24);
    let doc = parse_document("[(500, 500), (1, 2)]").expect("parses");
    let Some(Node::Group(list)) = &doc.root else {
        panic!("a list")
    };
    let Node::Group(hex) = &list.items[0].value else {
        panic!("a hex")
    };
    // The atoms are the text's own, not copies.
    assert!(matches!(
        &hex.items[0].value,
        Node::Atom(std::borrow::Cow::Borrowed("500"))
    ));
}
