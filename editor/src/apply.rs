//! The fixes a finding carries (issue 42): the file's text check (`saberc check`'s, the same
//! `compile_source`) proves each edit it offers, and the Diagnostics panel offers to apply
//! it. The live checks read the document, not its text, so they have no text positions: only
//! the text check's findings carry an edit. Applying one edits the text a save would write and
//! re-reads it as opening the edited file would, as one undo step; that text is then the one a
//! save edits.

use std::path::{Path, PathBuf};

use egui::{RichText, Ui};
use saber_schema::diagnostic::Diagnostic;
use saber_schema::pipeline::{self, maps::MapRegistry, read::Source};

use crate::document::Document;
use crate::files::{self, SaveText};

/// The text check's findings that carry a proven edit, cached per document state.
#[derive(Debug, Default)]
pub struct Fixes {
    key: Option<(u64, bool)>,
    /// The findings, each with its edit.
    pub items: Vec<Diagnostic>,
}

/// The file's text the document stands for and the path it is checked under: the text a save
/// would write (the text as read, last saved or last fixed, edited where the document changed).
pub fn base_text(doc: &Document) -> Result<(PathBuf, String), String> {
    let path = doc
        .path
        .clone()
        .unwrap_or_else(|| PathBuf::from("untitled.ron"));
    match files::document_text(doc, &path)? {
        SaveText::Edited(t) | SaveText::New(t) | SaveText::Rewrite { text: t, .. } => Ok((path, t)),
    }
}

/// The findings of the text check of `text` that carry a proven edit.
pub fn text_fixes(path: &Path, text: String) -> Vec<Diagnostic> {
    let (report, _) = pipeline::compile_source(&Source::from_text(path, text), &MapRegistry::new());
    report
        .diagnostics
        .into_iter()
        .filter(|d| d.suggestion.is_some())
        .collect()
}

/// Apply `d`'s edit to the document: to its text, re-read as opening it would, taken as one
/// undo step named after the edit (the document is then unsaved). Returns the edit's title;
/// refuses when the text changed so that the edit's place no longer holds what it replaces.
pub fn apply(doc: &mut Document, d: &Diagnostic) -> Result<String, String> {
    let (Some(s), Some(title)) = (d.suggestion.as_ref(), d.fix_title()) else {
        return Err(format!("{}: this finding carries no edit", d.code));
    };
    let (path, text) = base_text(doc)?;
    let holds = s
        .offset
        .checked_add(s.length)
        .and_then(|end| text.get(s.offset..end))
        == Some(s.replaced.as_str());
    let edited = s.apply(&text).filter(|_| holds).ok_or_else(|| {
        format!(
            "Could not apply “{title}”: the document changed since it was checked, and the text \
             there is no longer `{}`. Look at the finding again once the check has rerun.",
            s.replaced
        )
    })?;
    let loaded = crate::games::parse_any(&Source::from_text(&path, edited.clone()))
        .map_err(|e| format!("Could not apply “{title}”: the edited file does not read:\n{e}"))?;
    let fresh = loaded.into_document(doc.path.clone());
    let label = format!("Apply: {title}");
    match doc.take_reread(&label, fresh)? {
        true => {
            // A save then writes the fixed text as it is, keeping the file's comments and
            // layout (a save's edit of the old text may not reach inside every value).
            doc.text = Some(edited);
            Ok(title)
        }
        false => Err(format!(
            "Could not apply “{title}”: it changes nothing the editor keeps of the file."
        )),
    }
}

impl Fixes {
    /// Recheck the text when the document changed (not during a stroke).
    pub fn update(&mut self, doc: &Document) {
        let key = (doc.revision(), doc.is_dirty());
        if self.key == Some(key) || doc.is_editing() {
            return;
        }
        self.key = Some(key);
        self.items = match base_text(doc) {
            Ok((path, text)) => text_fixes(&path, text),
            Err(_) => Vec::new(),
        };
    }

    /// The list, each finding with its `Apply: <title>` button; returns the finding whose
    /// button was clicked.
    pub fn ui(&self, ui: &mut Ui) -> Option<Diagnostic> {
        if self.items.is_empty() {
            return None;
        }
        ui.separator();
        ui.label(RichText::new("Fixes the file's check proves").strong())
            .on_hover_text(
                "The list above checks the document as you edit it, without its text; these \
                 findings come from checking the file's text, as saberc does, and each edit \
                 is proven to remove its finding without adding an error.",
            );
        let mut clicked = None;
        for d in &self.items {
            let (icon, color) = crate::diagnostics::severity_style(ui, d.severity);
            ui.label(RichText::new(format!("{icon} {}: {}", d.code, d.message)).color(color));
            if let Some(title) = d.fix_title()
                && ui.button(format!("Apply: {title}")).clicked()
            {
                clicked = Some(d.clone());
            }
        }
        clicked
    }
}
