//! Code actions: each did-you-mean hint of a finding becomes "replace the misspelt word with
//! the suggestion".

use std::collections::HashMap;

use lsp_types::{CodeAction, CodeActionKind, TextEdit, Uri, WorkspaceEdit};

use super::position::LineIndex;

/// The suggestions of a hint (`did you mean `V4`?`, `did you mean one of `a`, `b`?`).
pub fn suggestions(hint: &str) -> Vec<&str> {
    let Some(at) = hint.find("did you mean ") else {
        return Vec::new();
    };
    let rest = &hint[at..];
    let end = rest.find('?').unwrap_or(rest.len());
    rest[..end].split('`').skip(1).step_by(2).collect()
}

/// The quick fixes for one published finding of the document `uri` (its text's lines).
pub fn fixes(uri: &Uri, lines: &LineIndex, d: &lsp_types::Diagnostic) -> Vec<CodeAction> {
    let Some(hint) = d
        .data
        .as_ref()
        .and_then(|v| v.get("hint"))
        .and_then(|h| h.as_str())
    else {
        return Vec::new();
    };
    let text = lines.text();
    let (start, end) = (lines.offset(d.range.start), lines.offset(d.range.end));
    if start >= end {
        return Vec::new();
    }
    // The misspelt word, without the quotes of a string.
    let written = &text[start..end];
    let inner_start = start + (written.len() - written.trim_start_matches('"').len());
    let inner_end = end - (written.len() - written.trim_end_matches('"').len());
    if inner_start >= inner_end {
        return Vec::new();
    }
    let range = lsp_types::Range::new(lines.position(inner_start), lines.position(inner_end));
    suggestions(hint)
        .into_iter()
        .filter(|s| !s.is_empty() && !s.contains(char::is_whitespace))
        .map(|s| CodeAction {
            title: format!("replace `{}` with `{s}`", &text[inner_start..inner_end]),
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![d.clone()]),
            edit: Some(WorkspaceEdit {
                changes: Some(HashMap::from([(
                    uri.clone(),
                    vec![TextEdit::new(range, s.to_string())],
                )])),
                ..WorkspaceEdit::default()
            }),
            ..CodeAction::default()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_the_backticked_words_of_the_question() {
        assert_eq!(suggestions("did you mean `V4`?"), vec!["V4"]);
        assert_eq!(
            suggestions("did you mean one of `a`, `b`? see `saberc explain`"),
            vec!["a", "b"]
        );
        assert!(suggestions("add the feature to the map").is_empty());
    }
}
