//! The open document: a map, or a scenario with the map it is played on; where it lives on
//! disk, its history and whether it is saved.

use std::path::PathBuf;

use saber_schema::diagnostic::Diagnostic;
use saber_schema::model::map::Map;

use crate::content::{Beside, Content};
use crate::history::History;

/// A map or a scenario being edited.
#[derive(Debug)]
pub struct Document {
    /// The map drawn: what a map document that holds its map edits (`GameDoc::holds_map`);
    /// a map file's drawn form (kept in step with it); a scenario's map as found.
    map: Map,
    /// What the document is.
    content: Content,
    /// A scenario's map as its game's document, when the map drawn is made from a file of
    /// its own (kept beside `map`: the engine's map holds no file).
    pub map_doc: Option<Content>,
    /// The file it was read from or last saved to.
    pub path: Option<PathBuf>,
    /// What the file was when read or last saved, so that a save refuses to replace a file
    /// changed on disk since (another program's edit wins).
    pub on_disk: Option<saber_schema::files::FileState>,
    /// The file the scenario's map was read from (`None`: a built-in map, or a map document).
    pub map_file: Option<PathBuf>,
    /// Why the scenario's map was not found (the map shown is then a blank stand-in).
    pub map_problem: Option<Diagnostic>,
    /// What resolving the scenario's map noted (REF005), reported by every check of it.
    pub map_notes: Vec<Diagnostic>,
    /// The text of the file as read or last saved: a save edits it where the document
    /// changed, keeping its comments and layout (`None`: a new document, written whole).
    pub text: Option<String>,
    history: History,
    /// History state at the last save (or load).
    saved_state: u64,
    /// Bumped on every change, for caches (overview texture, diagnostics).
    revision: u64,
}

impl Document {
    /// A document holding `content`, unchanged since `path` (if any); `map` is a scenario's
    /// map as found, or the map a map document holds (a map drawn from its file is drawn anew).
    pub fn of(content: Content, map: Map, path: Option<PathBuf>) -> Document {
        let map = content.drawn().unwrap_or(map);
        Document {
            map,
            content,
            map_doc: None,
            path,
            on_disk: None,
            map_file: None,
            map_problem: None,
            map_notes: Vec::new(),
            text: None,
            history: History::default(),
            saved_state: 0,
            revision: 0,
        }
    }

    /// What the document is.
    pub fn content(&self) -> &Content {
        &self.content
    }

    /// What the document holds beside its content, for its game to read.
    pub fn beside(&self) -> Beside<'_> {
        Beside {
            path: self.path.as_deref(),
            map: &self.map,
            map_doc: self.map_doc.as_ref(),
            map_file: self.map_file.as_deref(),
            map_problem: self.map_problem.as_ref(),
            map_notes: &self.map_notes,
        }
    }

    /// Let a form change the content; if it changed, record one undo step named `label` (the
    /// edits of one `gesture`, told after the form ran, merge).
    pub fn edit_content<R>(
        &mut self,
        label: &str,
        gesture: impl Told,
        f: impl FnOnce(&mut Content) -> R,
    ) -> R {
        let before = self.content.clone();
        let r = f(&mut self.content);
        self.content.settle(&*before, self.map.grid);
        if self.content != before {
            self.history
                .record(label, gesture.told(), before, &self.content);
            self.content_changed();
        }
        r
    }

    /// After the content changed: a map drawn from its file drawn anew, caches told.
    fn content_changed(&mut self) {
        if let Some(map) = self.content.drawn() {
            self.map = map;
        }
        self.revision += 1;
    }

    /// The map.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// Name the last undo step `label` (a stroke named by what the user did, not by the fields
    /// it changed).
    pub fn name_last_step(&mut self, label: &str) {
        self.history.name_last(label);
    }

    /// Show the scenario on another map (its map file was chosen after it was found
    /// missing). The map is not part of the scenario's history: undo keeps it.
    pub fn replace_map(&mut self, map: Map) {
        self.map = map;
        self.revision += 1;
    }

    /// Take what `fresh` (the same file re-read from an edited text) holds as ONE undo step
    /// named `label`, as a form's edit would be: the file's text as last read or saved stays, so
    /// that a save edits it where the document changed. A scenario's map, which is not part of
    /// its history, is taken as found. Refuses when `fresh` is another kind of document.
    pub fn take_reread(&mut self, label: &str, fresh: Document) -> Result<bool, String> {
        let before = self.history.state();
        if !self.content.same_kind(&fresh.content) {
            return Err("the edit makes the file another kind of document".into());
        }
        if fresh.content.holds_map() {
            let map = fresh.map.clone();
            self.edit(label, |m| *m = map);
        } else {
            self.edit_content(label, None, |c| *c = fresh.content);
        }
        let changed = self.history.state() != before;
        if changed {
            self.history.name_last(label);
        }
        if self.content.is_scenario() {
            if fresh.map != self.map {
                self.replace_map(fresh.map);
            }
            self.map_file = fresh.map_file;
            self.map_problem = fresh.map_problem;
            self.map_notes = fresh.map_notes;
        }
        Ok(changed)
    }

    /// The map for changing; only between [`Self::begin`] and [`Self::commit`].
    pub fn map_mut(&mut self) -> &mut Map {
        debug_assert!(self.history.is_recording(), "map edited outside an edit");
        self.revision += 1;
        &mut self.map
    }

    /// Start an edit (see [`History::begin`]).
    pub fn begin(&mut self, label: &str) {
        self.history.begin(label, &self.map);
    }

    /// Finish the open edit, recording it as one undo step.
    pub fn commit(&mut self) -> bool {
        self.history.commit(&self.map)
    }

    /// One complete edit.
    pub fn edit<R>(&mut self, label: &str, f: impl FnOnce(&mut Map) -> R) -> R {
        self.begin(label);
        let r = f(self.map_mut());
        self.commit();
        r
    }

    /// Is an edit open (a stroke in progress)?
    pub fn is_editing(&self) -> bool {
        self.history.is_recording()
    }

    /// Undo the last step; returns what was undone.
    pub fn undo(&mut self) -> Option<String> {
        self.commit();
        let r = self.history.undo(&mut self.map, &mut self.content);
        self.content_changed();
        r
    }

    /// Redo; returns what was redone.
    pub fn redo(&mut self) -> Option<String> {
        self.commit();
        let r = self.history.redo(&mut self.map, &mut self.content);
        self.content_changed();
        r
    }

    /// The undo history.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Changed since the last save or load?
    pub fn is_dirty(&self) -> bool {
        self.history.state() != self.saved_state
    }

    /// Record that the current state is on disk at `path` (its full path, `files::full_path`).
    pub fn mark_saved(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.saved_state = self.history.state();
    }

    /// Treat the document as unsaved (recovered work that is not on disk).
    pub fn mark_unsaved(&mut self) {
        self.saved_state = u64::MAX;
    }

    /// Counter that changes with every change of the map.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Is it a map with a built-in map's id (`Content::has_builtin_id`)?
    pub fn has_builtin_id(&self) -> bool {
        self.content.has_builtin_id(&self.map)
    }

    /// The name shown in the title bar: the file name, or the scenario's or map's name.
    pub fn title(&self) -> String {
        match &self.path {
            Some(p) => p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| p.display().to_string()),
            None => self.content.name(&self.map).to_string(),
        }
    }
}

/// The gesture an edit belongs to (its edits merge into one undo step): known before the
/// edit, or told after it, as a form tells it (a click in the form gives up a field's focus).
pub trait Told {
    /// The gesture, if any.
    fn told(self) -> Option<u64>;
}

impl Told for Option<u64> {
    fn told(self) -> Option<u64> {
        self
    }
}

impl<F: FnOnce() -> Option<u64>> Told for F {
    fn told(self) -> Option<u64> {
        self()
    }
}
