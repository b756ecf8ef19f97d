//! Code actions: a finding whose help proposes an edit the library proved (it removes the
//! finding and adds no error: `saber_schema::pipeline::prove`) becomes the quick fix that
//! applies exactly that edit, carried in the published diagnostic's data.

use std::collections::HashMap;

use lsp_types::{CodeAction, CodeActionKind, TextEdit, Uri, WorkspaceEdit};

/// The quick fix of one published finding of the document `uri`: its proven edit, if it has one.
pub fn fix(uri: &Uri, d: &lsp_types::Diagnostic) -> Option<CodeAction> {
    let carried = d.data.as_ref()?.get("edit")?;
    let edit = serde_json::from_value::<TextEdit>(carried.clone()).ok()?;
    let title = carried.get("title").and_then(|h| h.as_str());
    Some(CodeAction {
        title: title.unwrap_or("apply the fix").to_string(),
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![d.clone()]),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
            ..WorkspaceEdit::default()
        }),
        is_preferred: Some(true),
        ..CodeAction::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quick_fix_is_the_edit_the_finding_carries() {
        let uri: Uri = "file:///x.ron".parse().unwrap();
        let range = lsp_types::Range::new(
            lsp_types::Position::new(1, 4),
            lsp_types::Position::new(1, 9),
        );
        let mut d = lsp_types::Diagnostic {
            range,
            message: "unknown field `moral`".into(),
            data: Some(serde_json::json!({"hint": "did you mean `morale`?", "edit": null})),
            ..lsp_types::Diagnostic::default()
        };
        assert!(fix(&uri, &d).is_none(), "no edit: no quick fix");
        d.data = Some(serde_json::json!({
            "hint": "did you mean `morale`?",
            "edit": {"range": range, "newText": "morale", "title": "replace `moral` with `morale`"},
        }));
        let f = fix(&uri, &d).unwrap();
        assert_eq!(f.title, "replace `moral` with `morale`");
        let edits = &f.edit.as_ref().unwrap().changes.as_ref().unwrap()[&uri];
        assert_eq!(edits, &vec![TextEdit::new(range, "morale".into())]);
    }
}
