//! Locating paths in RON and JSON text, and the passes over a text that need no tree.

#![allow(clippy::useless_vec)] // path! builds the Vec that locate() borrows.

use proptest::prelude::*;

use super::*;
use crate::path;

const RON: &str = r#"// a comment
(
    format: "saber-scenario/1",
    sides: [
        (id: "a", groups: [(units: {MZ: 3}, entry: Deploy(zone: Within(distance: 1, of: Feature("V99"))))]),
        (id: "b", groups: [(entry: Deploy(zone: Union([Feature("V4"), Feature("H2")]), facing: Some(N)))]),
    ],
    game_length: 30,
)
"#;

fn at(path: &[PathSeg]) -> (usize, usize, String) {
    let l = locate(RON, path);
    (
        l.line,
        l.column,
        RON[l.offset..l.offset + l.length].to_string(),
    )
}

#[test]
fn finds_struct_fields() {
    assert_eq!(at(&path!["game_length"]), (8, 18, "30".into()));
    assert_eq!(at(&path!["format"]).0, 3);
}

#[test]
fn finds_enum_content() {
    let p = path![
        "sides", 0usize, "groups", 0usize, "entry", "Deploy", "zone", "Within", "of", "Feature"
    ];
    let (line, _, text) = at(&p);
    assert_eq!(line, 5);
    assert_eq!(text, "\"V99\"");
}

#[test]
fn finds_list_items_inside_newtypes() {
    let p = path![
        "sides", 1usize, "groups", 0usize, "entry", "Deploy", "zone", "Union", 1usize, "Feature"
    ];
    assert_eq!(at(&p).2, "\"H2\"");
    let p = path![
        "sides", 1usize, "groups", 0usize, "entry", "Deploy", "facing"
    ];
    assert_eq!(at(&p).2, "Some(N)");
}

#[test]
fn finds_map_keys() {
    let p = path!["sides", 0usize, "groups", 0usize, "units", "MZ"];
    assert_eq!(at(&p).2, "3");
}

#[test]
fn finds_json_values() {
    let json = "{\n  \"a\": [1, {\"b\": \"x\"}],\n  \"c\": true\n}";
    let l = locate(json, &path!["a", 1usize, "b"]);
    assert_eq!((l.line, &json[l.offset..l.offset + l.length]), (2, "\"x\""));
    let l = locate(json, &path!["c"]);
    assert_eq!(l.line, 3);
}

#[test]
fn stops_at_the_deepest_value_found() {
    let l = locate(RON, &path!["sides", 7usize]);
    assert_eq!(l.line, 4);
}

#[test]
fn a_list_of_one_list_is_a_list() {
    // `[[3, 4]]` (a one-hex list in JSON): item 0 is the inner list, not its first number.
    let json = "{\"Hexes\": [[3, 4]]}";
    let (at, end) = Locator::new(json).range(&path!["Hexes", 0usize]);
    assert_eq!(&json[at..end], "[3, 4]");
    // In parentheses, a newtype's list is stepped through: `Hexes([a, b])`.
    let ron = "(zone: Area([(1, 2), (3, 4)]))";
    let (at, end) = Locator::new(ron).range(&path!["zone", 1usize]);
    assert_eq!(&ron[at..end], "(3, 4)");
}

#[test]
fn keys_are_read_as_the_parser_reads_them() {
    // A raw identifier is its name; a string key its value, escapes read.
    let ron = "(r#type: 1, \"a\\u0062\": 2, \"(c)\": 3)";
    let at = |p: &[PathSeg]| {
        let (at, end) = Locator::new(ron).range(p);
        ron[at..end].to_string()
    };
    assert_eq!(at(&path!["type"]), "1");
    assert_eq!(at(&path!["ab"]), "2");
    assert_eq!(at(&path!["(c)"]), "3");
}

#[test]
fn whitespace_and_comments_are_the_parsers() {
    // RON's white space beyond ASCII, comments between a name and its bracket, nested
    // block comments and raw strings holding brackets and commas.
    for sep in [
        "\u{2028}",
        "\u{85}",
        "\u{200E}",
        "\u{0B}",
        "/* c */",
        "/* a /* ( */ ] */",
    ] {
        let text = format!(
            "({sep}a:{sep}Deploy{sep}({sep}zone:{sep}r#\"x), [\"#{sep},{sep}b:{sep}2{sep}){sep}){sep}"
        );
        let l = Locator::new(&text);
        let (at, end) = l.range(&path!["a", "Deploy", "zone"]);
        assert_eq!(&text[at..end], "r#\"x), [\"#", "{sep:?}");
        let (at, end) = l.range(&path!["a", "Deploy", "b"]);
        assert_eq!(&text[at..end], "2", "{sep:?}");
    }
}

#[test]
fn measures_nesting() {
    let s = structure("((([]))) \"((((\"", 10, usize::MAX);
    assert_eq!((s.depth, s.too_deep_at), (4, None));
    assert_eq!(structure("[[[", 2, usize::MAX).too_deep_at, Some(2));
}

/// A value of the JSON data model as RON writes it: what the property below generates.
#[derive(Debug, Clone)]
enum V {
    Int(i64),
    Str(String),
    Raw(String),
    Name(&'static str),
    List(Vec<V>),
    Struct(Option<&'static str>, Vec<(&'static str, V)>),
    StructVariant(&'static str, Vec<(&'static str, V)>),
    Newtype(&'static str, Box<V>),
    Some(Box<V>),
    Map(Vec<(String, V)>),
}

const NAMES: [&str; 5] = ["Deploy", "Within", "Feature", "Union", "Hexes"];
const FIELDS: [&str; 5] = ["zone", "of", "distance", "a", "b"];
/// Everything RON reads between tokens.
const TRIVIA: [&str; 13] = [
    "",
    " ",
    "\n",
    "\t",
    " \r\n",
    "/* c, ( */",
    "// x ) ] \"\n",
    "\u{2028}",
    "\u{85}",
    "\u{200E}",
    "\u{0B}",
    "/* a /* b ] */ c */",
    "\u{2029}\u{0C}",
];

fn fields(v: impl Strategy<Value = V> + Clone) -> impl Strategy<Value = Vec<(&'static str, V)>> {
    proptest::sample::subsequence(FIELDS.to_vec(), 0..=3).prop_flat_map(move |keys| {
        let n = keys.len();
        proptest::collection::vec(v.clone(), n)
            .prop_map(move |vs| keys.clone().into_iter().zip(vs).collect())
    })
}

fn value() -> impl Strategy<Value = V> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(V::Int),
        "[a-z ,:()\\[\\]{}\"\\\\]{0,8}".prop_map(V::Str),
        "[a-z ,:()\\[\\]{}\"#]{0,8}".prop_map(|s| V::Raw(s.replace("\"#", "\" #"))),
        proptest::sample::select(vec!["None", "true", "N", "EveryCounter"]).prop_map(V::Name),
    ];
    leaf.prop_recursive(5, 48, 4, |inner| {
        let name = proptest::sample::select(NAMES.to_vec());
        prop_oneof![
            // A list of one list is written only as a newtype's content (below).
            proptest::collection::vec(inner.clone(), 0..4)
                .prop_filter("a list of one list", |v| !matches!(
                    v.as_slice(),
                    [V::List(_)]
                ))
                .prop_map(V::List),
            (proptest::option::of(name.clone()), fields(inner.clone()))
                .prop_map(|(n, f)| V::Struct(n, f)),
            (name.clone(), fields(inner.clone())).prop_map(|(n, f)| V::StructVariant(n, f)),
            (name, inner.clone()).prop_map(|(n, v)| V::Newtype(n, Box::new(v))),
            inner.clone().prop_map(|v| V::Some(Box::new(v))),
            proptest::collection::vec(("[a-z ]{1,4}", inner), 0..3).prop_map(|mut kv| {
                kv.sort_by(|a, b| a.0.cmp(&b.0));
                kv.dedup_by(|a, b| a.0 == b.0);
                V::Map(kv)
            }),
        ]
    })
}

/// Writes a value as RON (or JSON) with the trivia given between its tokens, and where it
/// put the value of each path.
struct Writer<'a> {
    json: bool,
    out: String,
    trivia: &'a [usize],
    next: usize,
    spans: Vec<(Vec<PathSeg>, (usize, usize))>,
}

impl Writer<'_> {
    fn sep(&mut self) {
        if self.trivia.is_empty() {
            return;
        }
        let t = self.trivia[self.next % self.trivia.len()];
        self.next += 1;
        let t = TRIVIA[t % TRIVIA.len()];
        if !self.json || t.chars().all(|c| matches!(c, ' ' | '\n' | '\t' | '\r')) {
            self.out.push_str(t);
        }
    }

    fn fields(&mut self, fields: &[(&'static str, V)], path: &[PathSeg], open: &str, close: &str) {
        self.out.push_str(open);
        for (k, v) in fields {
            self.sep();
            if self.json {
                self.out.push_str(&format!("\"{k}\""));
            } else {
                self.out.push_str(k);
            }
            self.sep();
            self.out.push(':');
            self.sep();
            let mut p = path.to_vec();
            p.push(PathSeg::key(k));
            self.value(v, &p, true);
            self.sep();
            self.out.push(',');
        }
        if self.json && !fields.is_empty() {
            self.out.pop();
        }
        self.sep();
        self.out.push_str(close);
    }

    fn value(&mut self, v: &V, path: &[PathSeg], record: bool) {
        let start = self.out.len();
        let with = |k: &str| {
            let mut p = path.to_vec();
            p.push(PathSeg::owned(k));
            p
        };
        match v {
            V::Int(n) => self.out.push_str(&n.to_string()),
            V::Str(s) => self
                .out
                .push_str(&serde_json::to_string(s).unwrap_or_default()),
            V::Raw(s) if !self.json => self.out.push_str(&format!("r#\"{s}\"#")),
            V::Raw(s) => self
                .out
                .push_str(&serde_json::to_string(s).unwrap_or_default()),
            V::Name(n) if self.json => self.out.push_str(&format!("\"{n}\"")),
            V::Name(n) => self.out.push_str(n),
            V::List(items) => {
                self.out.push('[');
                for (i, item) in items.iter().enumerate() {
                    self.sep();
                    let mut p = path.to_vec();
                    p.push(PathSeg::Index(i));
                    self.value(item, &p, true);
                    self.sep();
                    self.out.push(',');
                }
                if self.json && !items.is_empty() {
                    self.out.pop();
                }
                self.sep();
                self.out.push(']');
            }
            V::Struct(name, fields) => {
                if let (Some(n), false) = (name, self.json) {
                    self.out.push_str(n);
                    self.sep();
                }
                if self.json {
                    self.fields(fields, path, "{", "}");
                } else {
                    self.fields(fields, path, "(", ")");
                }
            }
            V::StructVariant(n, fields) if self.json => {
                self.out.push_str(&format!("{{\"{n}\":"));
                self.sep();
                let at = self.out.len();
                self.fields(fields, &with(n), "{", "}");
                self.spans.push((with(n), (at, self.out.len())));
                self.sep();
                self.out.push('}');
            }
            V::StructVariant(n, fields) => {
                self.out.push_str(n);
                self.sep();
                let at = self.out.len();
                self.fields(fields, &with(n), "(", ")");
                self.spans.push((with(n), (at, self.out.len())));
            }
            V::Newtype(n, inner) if self.json => {
                self.out.push_str(&format!("{{\"{n}\":"));
                self.sep();
                self.value(inner, &with(n), true);
                self.sep();
                self.out.push('}');
            }
            V::Newtype(n, inner) => {
                self.out.push_str(n);
                self.sep();
                self.out.push('(');
                self.sep();
                self.value(inner, &with(n), true);
                self.sep();
                self.out.push(')');
            }
            V::Some(inner) if self.json => self.value(inner, path, record),
            V::Some(inner) => {
                self.out.push_str("Some");
                self.sep();
                self.out.push('(');
                self.sep();
                // `Some(x)` is `x`: the path names the whole, and goes on inside.
                self.value(inner, path, false);
                self.sep();
                self.out.push(')');
            }
            V::Map(entries) => {
                self.out.push('{');
                for (k, v) in entries {
                    self.sep();
                    self.out
                        .push_str(&serde_json::to_string(k).unwrap_or_default());
                    self.sep();
                    self.out.push(':');
                    self.sep();
                    self.value(v, &with(k), true);
                    self.sep();
                    self.out.push(',');
                }
                if self.json && !entries.is_empty() {
                    self.out.pop();
                }
                self.sep();
                self.out.push('}');
            }
        }
        if record && !matches!(v, V::Some(_) if self.json) {
            self.spans.push((path.to_vec(), (start, self.out.len())));
        }
    }
}

fn write<'a>(v: &V, json: bool, trivia: &'a [usize]) -> Writer<'a> {
    let root = V::Struct(None, vec![("a", v.clone())]);
    let mut w = Writer {
        json,
        out: String::new(),
        trivia,
        next: 0,
        spans: Vec::new(),
    };
    w.sep();
    w.value(&root, &[], true);
    w.sep();
    w
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Every value's path leads to where the writer put that value, in RON and JSON, with
    /// any white space and comments between the tokens: the locator follows paths through
    /// the syntax tree as serde maps the text onto the JSON data model.
    #[test]
    fn every_value_path_is_located_where_it_was_written(
        v in value(),
        trivia in proptest::collection::vec(0usize..TRIVIA.len(), 0..24),
    ) {
        for json in [false, true] {
            let w = write(&v, json, &trivia);
            if json {
                prop_assert!(serde_json::from_str::<serde_json::Value>(&w.out).is_ok(), "{}", w.out);
            }
            prop_assert!(crate::syntax::parse(&w.out).errors.is_empty(), "{}", w.out);
            let l = Locator::new(&w.out);
            for (path, (at, end)) in &w.spans {
                prop_assert_eq!(
                    &w.out[l.range(path).0..l.range(path).1],
                    &w.out[*at..*end],
                    "{} in {}", crate::diagnostic::pointer(path), w.out
                );
            }
        }
    }
}
