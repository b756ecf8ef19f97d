//! A change of the model changes only its own lines of the text.

use serde::{Deserialize, Serialize};

use super::*;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Zone {
    Feature(String),
    Within(u32),
    Union(Vec<Zone>),
    Sector {
        toward: String,
        at_least: Option<u32>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Item {
    id: String,
    #[serde(default)]
    units: u32,
    zone: Zone,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Doc {
    name: String,
    #[serde(default)]
    portion: Option<String>,
    length: u32,
    #[serde(default)]
    items: Vec<Item>,
    #[serde(default)]
    hexes: Vec<(i32, i32)>,
}

const TEXT: &str = "// A header comment.
(
    name: \"Test\", // the name
    length: 20,

    // The items.
    items: [
        (
            id: \"a\",
            units: 2,
            zone: Sector(toward: \"NE\", at_least: Some(12)),
        ),
        // b is second.
        (
            id: \"b\",
            units: 3,
            zone: Union([
                Feature(\"H26\"),
                Within(2), // near
            ]),
        ),
    ],
    hexes: [
        (1, 2), (3, 4), /* odd */
        (5, 6),
    ],
)
";

fn doc() -> Doc {
    crate::pipeline::parse::ron_options()
        .from_str(TEXT)
        .expect("the test text reads")
}

fn edit(change: impl FnOnce(&mut Doc)) -> Result<String, EditError> {
    let mut d = doc();
    change(&mut d);
    edit_text(TEXT, Syntax::Ron, &d)
}

/// The lines of `b` that are not in `a`, and those of `a` not in `b`, in order.
fn changed_lines(a: &str, b: &str) -> (Vec<String>, Vec<String>) {
    let a: Vec<&str> = a.lines().collect();
    let b: Vec<&str> = b.lines().collect();
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    (
        a[prefix..a.len() - suffix]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        b[prefix..b.len() - suffix]
            .iter()
            .map(|s| s.to_string())
            .collect(),
    )
}

#[test]
fn the_test_text_is_fmt_clean() {
    assert_eq!(
        crate::output::format::format_text(TEXT, Syntax::Ron).expect("formats"),
        TEXT
    );
}

#[test]
fn no_change_is_the_text_itself() {
    assert_eq!(edit(|_| {}).expect("edits"), TEXT);
}

#[test]
fn a_changed_scalar_is_replaced_in_place() {
    let out = edit(|d| d.length = 19).expect("edits");
    assert_eq!(out, TEXT.replace("length: 20", "length: 19"));
    let out = edit(|d| {
        if let Zone::Sector { at_least, .. } = &mut d.items[0].zone {
            *at_least = Some(13);
        }
    })
    .expect("edits");
    assert_eq!(out, TEXT.replace("Some(12)", "Some(13)"));
}

#[test]
fn a_scalar_in_a_commented_list_is_replaced_and_the_comment_kept() {
    let out = edit(|d| d.hexes[2] = (7, 8)).expect("edits");
    assert_eq!(out, TEXT.replace("(5, 6)", "(7, 8)"));
}

#[test]
fn an_added_field_is_inserted_after_its_predecessor_in_the_layout_of_fmt() {
    let out = edit(|d| d.portion = Some("North".into())).expect("edits");
    let (gone, new) = changed_lines(TEXT, &out);
    assert!(gone.is_empty(), "{gone:?}");
    assert_eq!(new, ["    portion: Some(\"North\"),"]);
    assert!(out.contains("// the name\n    portion"), "{out}");
}

#[test]
fn a_removed_item_goes_with_its_comment_lines() {
    let out = edit(|d| {
        d.items.remove(1);
    })
    .expect("edits");
    assert!(!out.contains("b is second"), "{out}");
    assert!(!out.contains("near"), "{out}");
    assert!(out.contains("// The items."), "{out}");
    assert_eq!(
        crate::output::format::format_text(&out, Syntax::Ron).expect("formats"),
        out,
        "the result is fmt-clean"
    );
}

#[test]
fn an_added_item_is_written_in_the_layout_of_fmt() {
    let out = edit(|d| {
        d.items.push(Item {
            id: "c".into(),
            units: 1,
            zone: Zone::Within(3),
        })
    })
    .expect("edits");
    let (gone, new) = changed_lines(TEXT, &out);
    assert!(gone.is_empty(), "{gone:?}");
    assert_eq!(
        new,
        [
            "        (",
            "            id: \"c\",",
            "            units: 1,",
            "            zone: Within(3),",
            "        ),"
        ]
    );
    assert_eq!(
        crate::output::format::format_text(&out, Syntax::Ron).expect("formats"),
        out
    );
}

/// A new item leaves out the fields the reader fills in (`None`, `false`), as the file's author
/// does; a `false` whose default is `true` is written, or the text would not read back.
#[test]
fn an_added_item_leaves_out_what_the_reader_fills_in() {
    let out = edit(|d| {
        d.items.push(Item {
            id: "c".into(),
            units: 1,
            zone: Zone::Sector {
                toward: "N".into(),
                at_least: None,
            },
        })
    })
    .expect("edits");
    let (_, new) = changed_lines(TEXT, &out);
    assert_eq!(new[3], "            zone: Sector(toward: \"N\"),");

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Flag {
        id: String,
        #[serde(default = "yes")]
        on: bool,
    }
    fn yes() -> bool {
        true
    }
    let text = "[\n    (id: \"a\"),\n]\n";
    let mut flags: Vec<Flag> = crate::pipeline::parse::ron_options()
        .from_str(text)
        .expect("reads");
    flags.push(Flag {
        id: "b".into(),
        on: false,
    });
    let out = edit_text(text, Syntax::Ron, &flags).expect("edits");
    assert_eq!(out, "[\n    (id: \"a\"),\n    (id: \"b\", on: false),\n]\n");
}

#[test]
fn a_changed_variant_is_written_again_where_it_stands() {
    let out = edit(|d| d.items[0].zone = Zone::Within(4)).expect("edits");
    let (gone, new) = changed_lines(TEXT, &out);
    assert_eq!(
        gone,
        ["            zone: Sector(toward: \"NE\", at_least: Some(12)),"]
    );
    assert_eq!(new, ["            zone: Within(4),"]);
}

#[test]
fn a_change_that_would_drop_a_comment_is_refused() {
    let e = edit(|d| d.items[1].zone = Zone::Within(1)).unwrap_err();
    assert!(e.0.contains("comments"), "{e}");
    let e = edit(|d| d.hexes.push((9, 9))).unwrap_err();
    assert!(e.0.contains("comments"), "{e}");
}

#[test]
fn a_text_that_does_not_parse_is_refused() {
    let mut d = doc();
    d.length = 3;
    assert!(edit_text("(name: \"x\", length: [)", Syntax::Ron, &d).is_err());
}

#[test]
fn json_scalars_are_replaced_in_place_and_lists_read_back() {
    let text = "{\n  \"name\": \"T\",\n  \"length\": 20,\n  \"hexes\": [\n    [1, 2]\n  ]\n}\n";
    let mut d: Doc = serde_json::from_str(text).expect("reads");
    d.length = 19;
    assert_eq!(
        edit_text(text, Syntax::Json, &d).expect("edits"),
        text.replace("20", "19")
    );
    d.hexes.push((3, 4));
    let out = edit_text(text, Syntax::Json, &d).expect("edits");
    let back: Doc = serde_json::from_str(&out).expect("reads back");
    assert_eq!(back, d);
}

/// In JSON, which has no trailing commas, an item added to a list stands on lines of its own
/// where it goes, as in RON, without what the reader fills in (`null`): the other items stay
/// as written (the whole list was written again, every `null` with it).
#[test]
fn json_items_added_are_inserted_where_they_go() {
    let text = crate::output::format::model_text(&doc(), Syntax::Json).expect("writes");
    let item = |id: &str| Item {
        id: id.into(),
        units: 1,
        zone: Zone::Sector {
            toward: "N".into(),
            at_least: None,
        },
    };
    let written = |id: &str| {
        format!(
            "{{\n      \"id\": \"{id}\",\n      \"units\": 1,\n      \"zone\": {{\n        \"Sector\": {{\n          \"toward\": \"N\"\n        }}\n      }}\n    }}"
        )
    };
    let mut last = doc();
    last.items.push(item("c"));
    let after_last = text.replacen(
        "\n  ],\n  \"hexes\"",
        &format!(",\n    {}\n  ],\n  \"hexes\"", written("c")),
        1,
    );
    let mut first = doc();
    first.items.insert(0, item("z"));
    let before_first = text.replacen(
        "\"items\": [\n    {",
        &format!("\"items\": [\n    {},\n    {{", written("z")),
        1,
    );
    for (d, expected) in [(last, after_last), (first, before_first)] {
        let out = edit_text(&text, Syntax::Json, &d).expect("edits");
        assert_eq!(out, expected);
        let back: Doc = serde_json::from_str(&out).expect("reads back");
        assert_eq!(back, d);
    }
}
