//! Words the editor chooses where a file has none or saberc's would not fit: a new
//! scenario's id from the file it is first saved as, and map-resolution hints in the editor's
//! own terms.

use std::path::Path;

use crate::app::App;

/// A map-resolution hint as the editor says it: its way to name a map's file is the dialog's
/// button, not saberc's `--maps DIR` (issue 37 §14).
pub(crate) fn editor_hint(hint: &str) -> String {
    const CLI: &str = "pass the map's directory with --maps DIR";
    const EDITOR: &str = "choose the map's file with “Choose the map file…” below";
    let hint = hint.replace(CLI, EDITOR);
    if hint.contains("--maps") {
        // Another of saberc's wordings: the dialog's own text says what to do.
        String::new()
    } else {
        hint
    }
}

impl App {
    /// A new scenario saved the first time takes its id from the file's name (`my-battle.ron`:
    /// `my-battle`), as `saberc new` names one, rather than keeping the placeholder
    /// `new-scenario` (issue 37 §17). An id the user typed is kept.
    pub(crate) fn id_from_file_name(&mut self, path: &Path) {
        use crate::scenario::panel::NEW_SCENARIO_ID;
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            return;
        };
        let id = saber_schema::output::skeleton::id_from_name(Some(stem), NEW_SCENARIO_ID);
        let doc = &mut self.ws.doc;
        if doc.path.is_some() || id == NEW_SCENARIO_ID {
            return;
        }
        let label = format!("Id {NEW_SCENARIO_ID} → {id} (the file's name)");
        doc.edit_content(&label, None, |c| {
            if let Some(old) = c.scenario_id_mut()
                && old == NEW_SCENARIO_ID
            {
                *old = id;
            }
        });
    }
}
