//! Every help in the file's own notation. The checks write what to type as RON (`at: (5, 2)`,
//! `Feature("H2")`, `AtLeast(6)`); in a JSON file each such snippet of a help (between
//! backticks) is written as JSON instead (`"at": [5, 2]`, `{"Feature": "H2"}`,
//! `{"AtLeast": 6}`), read with the one syntax tree. A snippet that is not a RON value, or is a
//! bare word or number (the same in both), is left as it is.

use crate::syntax::tree::{self, SyntaxKind};
use crate::syntax::{SyntaxNode, parse};

/// `text` with each RON snippet between backticks written as JSON.
pub fn help_as_json(text: &str) -> String {
    let parts: Vec<&str> = text.split('`').collect();
    // An odd count of backticks leaves the last part outside any snippet.
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if i % 2 == 1 && i + 1 < parts.len() {
                snippet_as_json(p).unwrap_or_else(|| p.to_string())
            } else {
                p.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("`")
}

/// An edit's text as JSON when it is a RON value with brackets (`Unit(BA)`); else as it is.
pub fn edit_as_json(s: &str) -> String {
    snippet_as_json(s).unwrap_or_else(|| s.to_string())
}

/// One snippet as JSON: a value with brackets, or `name: value`; `None` when it is neither.
fn snippet_as_json(s: &str) -> Option<String> {
    if !s.contains(['(', '[', '{', ':']) || s.contains('\n') || s.len() > 400 {
        return None;
    }
    let is_name = |k: &str| {
        !k.is_empty()
            && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !k.starts_with(|c: char| c.is_ascii_digit())
    };
    // `name: value` (a field or map entry written alone), its value possibly unfinished
    // (`at: (` ends a help that goes on in words).
    if let Some((k, v)) = s.split_once(": ")
        && is_name(k)
    {
        let v = v.trim();
        return Some(match value_as_json(v) {
            Some(j) => format!("\"{k}\": {j}"),
            None if v == "(" => format!("\"{k}\": ["),
            None if v == "…" || v.is_empty() => format!("\"{k}\": {v}"),
            None => return None,
        });
    }
    value_as_json(s).filter(|j| j != s)
}

/// A whole RON value as JSON; `None` when the text is not one value without errors.
fn value_as_json(s: &str) -> Option<String> {
    let p = parse(s);
    if !p.errors.is_empty() {
        return None;
    }
    let root = p.syntax();
    let mut values = root.children().filter(tree::is_value);
    let v = values.next()?;
    if values.next().is_some() {
        return None;
    }
    node(&v)
}

fn node(n: &SyntaxNode) -> Option<String> {
    match n.kind() {
        SyntaxKind::SCALAR => {
            let t = tree::first_token(n)?;
            Some(match t.kind() {
                SyntaxKind::IDENT => match t.text() {
                    "true" | "false" => t.text().to_string(),
                    "None" => "null".to_string(),
                    other => format!("\"{other}\""),
                },
                _ => t.text().to_string(),
            })
        }
        SyntaxKind::GROUP => {
            let open = tree::group_open(n)?.kind();
            let name = tree::group_name(n).map(|t| t.text().to_string());
            let entries: Vec<SyntaxNode> = tree::entries(n).collect();
            let keyed = !entries.is_empty() && entries.iter().all(|e| tree::entry_key(e).is_some());
            let inner = if keyed {
                let fields: Option<Vec<String>> = entries
                    .iter()
                    .map(|e| {
                        let k = tree::key_name(&tree::entry_key(e)?)?;
                        Some(format!("\"{k}\": {}", node(&tree::entry_value(e)?)?))
                    })
                    .collect();
                format!("{{{}}}", fields?.join(", "))
            } else {
                let items: Option<Vec<String>> = entries
                    .iter()
                    .map(|e| node(&tree::entry_value(e)?))
                    .collect();
                let items = items?;
                match (name.is_some(), open, items.len()) {
                    // A variant's single value is the value itself.
                    (true, SyntaxKind::L_PAREN, 1) => items[0].clone(),
                    _ => format!("[{}]", items.join(", ")),
                }
            };
            Some(match name.as_deref() {
                Some("Some") => inner,
                Some(name) => format!("{{\"{name}\": {inner}}}"),
                None => inner,
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::help_as_json;

    #[test]
    fn ron_snippets_of_a_help_are_written_as_json() {
        for (ron, json) in [
            ("write `at: (5, 2)`", "write `\"at\": [5, 2]`"),
            ("write `Feature(\"H2\")`", "write `{\"Feature\": \"H2\"}`"),
            ("write `AtLeast(6)`", "write `{\"AtLeast\": 6}`"),
            ("allot them all: `MA: 2`", "allot them all: `\"MA\": 2`"),
            (
                "write `distance: 10` or less",
                "write `\"distance\": 10` or less",
            ),
            (
                "`Within(distance: 1, of: Feature(\"B4\"))`",
                "`{\"Within\": {\"distance\": 1, \"of\": {\"Feature\": \"B4\"}}}`",
            ),
            ("write `EndOfTurn(4)`", "write `{\"EndOfTurn\": 4}`"),
            ("write `at: (` and the hex", "write `\"at\": [` and the hex"),
        ] {
            assert_eq!(help_as_json(ron), json);
        }
        // Words, bare names and numbers are the same in both.
        for same in [
            "did you mean `deploys_first`?",
            "run `saberc convert FILE --to ron`",
            "write `8`",
            "an odd ` backtick",
        ] {
            assert_eq!(help_as_json(same), same);
        }
    }
}
