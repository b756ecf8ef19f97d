//! The open document: a map, or a scenario with the map it is played on; where it lives on
//! disk, its history and whether it is saved.

use std::path::PathBuf;

use saber_schema::diagnostic::Diagnostic;
use saber_schema::model::map::Map;
use saber_schema::model::musket_and_saber::{MsMapFile, MsScenario};
use saber_schema::model::scenario::Scenario;

use crate::history::History;

/// A Musket & Saber Quick Play document: its own file types (ARCHITECTURE.md, "Musket & Saber
/// Quick Play files are documents of their own").
#[derive(Debug, Clone, PartialEq)]
pub enum MsDoc {
    /// A map file (its chart, track and terrain kinds).
    Map(MsMapFile),
    /// A scenario (its map file is the document's map's [`Map::musket_and_saber`]).
    Scenario(MsScenario),
}

/// A map or a scenario being edited.
#[derive(Debug)]
pub struct Document {
    map: Map,
    /// The scenario, when the document is one; its map is then shown but not edited.
    scenario: Option<Scenario>,
    /// The Musket & Saber map or scenario, when the document is one (`map` is then its map's
    /// in-memory form, kept in step with it).
    ms: Option<MsDoc>,
    /// An M&S scenario's map file, kept beside `map` (the engine's map holds no file).
    ms_map_file: Option<std::sync::Arc<MsMapFile>>,
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
    /// A document for a map, unchanged since `path` (if any).
    pub fn new(map: Map, path: Option<PathBuf>) -> Document {
        Document {
            map,
            scenario: None,
            ms: None,
            ms_map_file: None,
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

    /// A document for a scenario on `map`, unchanged since `path` (if any).
    pub fn for_scenario(scenario: Scenario, map: Map, path: Option<PathBuf>) -> Document {
        let mut doc = Document::new(map, path);
        doc.scenario = Some(scenario);
        doc
    }

    /// A document for a Musket & Saber map or scenario, unchanged since `path` (if any); `map`
    /// is a scenario's map as found and `map_file` its file (a map document's map is made from
    /// its own file).
    pub fn for_ms(
        ms: MsDoc,
        map: Map,
        map_file: Option<std::sync::Arc<MsMapFile>>,
        path: Option<PathBuf>,
    ) -> Document {
        let map = match &ms {
            MsDoc::Map(file) => file.lower(),
            MsDoc::Scenario(_) => map,
        };
        let mut doc = Document::new(map, path);
        doc.ms = Some(ms);
        doc.ms_map_file = map_file;
        doc
    }

    /// The document for a file just read (a scenario whose map was not found shows a blank
    /// stand-in; `map_problem` says why).
    pub(crate) fn from_loaded(loaded: crate::files::LoadedFile, path: Option<PathBuf>) -> Document {
        use crate::files::LoadedFile;
        use saber_schema::pipeline::maps::MapOrigin;
        let file_of = |origin: Option<MapOrigin>| match origin {
            Some(MapOrigin::File(p)) => Some(p),
            Some(MapOrigin::BuiltIn(_)) | None => None,
        };
        match loaded {
            LoadedFile::Map(l) => {
                let mut doc = Document::new(l.map, path);
                doc.text = Some(l.text);
                doc
            }
            LoadedFile::Scenario(l) => {
                let mut doc = Document::for_scenario(l.scenario, l.map, path);
                doc.text = Some(l.text);
                doc.map_file = file_of(l.map_origin);
                doc.map_problem = l.missing_map;
                doc.map_notes = l.map_notes;
                doc
            }
            LoadedFile::Ms(l) => {
                let mut doc = Document::for_ms(l.doc, l.map, l.ms_map_file, path);
                doc.text = Some(l.text);
                doc.map_file = file_of(l.map_origin);
                doc.map_notes = l.map_notes;
                doc
            }
        }
    }

    /// The Musket & Saber map or scenario, if the document is one.
    pub fn ms(&self) -> Option<&MsDoc> {
        self.ms.as_ref()
    }

    /// The Musket & Saber map file: the document's, or its scenario's map's.
    pub fn ms_map(&self) -> Option<&MsMapFile> {
        match self.ms.as_ref()? {
            MsDoc::Map(f) => Some(f),
            MsDoc::Scenario(_) => self.ms_map_file.as_deref(),
        }
    }

    /// Let a form change the Musket & Saber document; if it changed, record one undo step
    /// named `label` (the edits of one `gesture` merge into one step). `None` when the
    /// document is not one.
    pub fn edit_ms<R>(
        &mut self,
        label: &str,
        gesture: Option<u64>,
        f: impl FnOnce(&mut MsDoc) -> R,
    ) -> Option<R> {
        let ms = self.ms.as_mut()?;
        let before = ms.clone();
        let r = f(ms);
        if let (MsDoc::Scenario(b), MsDoc::Scenario(a)) = (&before, &mut *ms) {
            crate::musket_and_saber::printed::refresh(b, a, self.map.grid);
        }
        if *ms != before {
            self.history.record_ms(label, gesture, before, ms);
            self.ms_changed();
        }
        Some(r)
    }

    /// After the M&S document changed: its map drawn anew, caches told.
    fn ms_changed(&mut self) {
        if let Some(MsDoc::Map(file)) = &self.ms {
            self.map = file.lower();
        }
        self.revision += 1;
    }

    /// The map.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The scenario, if the document is one.
    pub fn scenario(&self) -> Option<&Scenario> {
        self.scenario.as_ref()
    }

    /// Let a form change the scenario (in place, as egui forms do); if it changed, record one
    /// undo step named `label`. Returns the form's result, or `None` when the document is not
    /// a scenario. Clicks and other one-off changes are steps of their own.
    pub fn edit_scenario<R>(
        &mut self,
        label: &str,
        f: impl FnOnce(&mut Scenario) -> R,
    ) -> Option<R> {
        self.edit_scenario_by(label, f, || None)
    }

    /// Like [`Self::edit_scenario`]; `gesture` names, after the form ran, the widget being
    /// typed into or dragged, so that one gesture's changes merge into one step.
    pub fn edit_scenario_by<R>(
        &mut self,
        label: &str,
        f: impl FnOnce(&mut Scenario) -> R,
        gesture: impl FnOnce() -> Option<u64>,
    ) -> Option<R> {
        let s = self.scenario.as_mut()?;
        let before = s.clone();
        let r = f(s);
        if *s != before {
            self.history.record_scenario(label, gesture(), before, s);
            self.revision += 1;
        }
        Some(r)
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
        match (&self.ms, fresh.ms, &self.scenario, fresh.scenario) {
            (Some(MsDoc::Map(_)), Some(f @ MsDoc::Map(_)), _, _)
            | (Some(MsDoc::Scenario(_)), Some(f @ MsDoc::Scenario(_)), _, _) => {
                self.edit_ms(label, None, |ms| *ms = f);
            }
            (None, None, Some(_), Some(f)) => {
                self.edit_scenario(label, |s| *s = f);
            }
            (None, None, None, None) => {
                let map = fresh.map.clone();
                self.edit(label, |m| *m = map);
            }
            _ => return Err("the edit makes the file another kind of document".into()),
        }
        let changed = self.history.state() != before;
        if changed {
            self.history.name_last(label);
        }
        if self.scenario.is_some() || matches!(self.ms, Some(MsDoc::Scenario(_))) {
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
        let r = self
            .history
            .undo(&mut self.map, &mut self.scenario, &mut self.ms);
        self.ms_changed();
        r
    }

    /// Redo; returns what was redone.
    pub fn redo(&mut self) -> Option<String> {
        self.commit();
        let r = self
            .history
            .redo(&mut self.map, &mut self.scenario, &mut self.ms);
        self.ms_changed();
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

    /// Record that the current state is on disk at `path` (kept as its full path).
    pub fn mark_saved(&mut self, path: PathBuf) {
        self.path = Some(crate::files::full_path(&path));
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

    /// The name shown in the title bar: the file name, or the scenario's or map's name.
    pub fn title(&self) -> String {
        match (&self.path, &self.scenario, &self.ms) {
            (Some(p), _, _) => p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| p.display().to_string()),
            (None, Some(s), _) => s.name.clone(),
            (None, None, Some(MsDoc::Scenario(s))) => s.name.clone(),
            (None, None, Some(MsDoc::Map(f))) => f.name.clone(),
            (None, None, None) => self.map.name.clone(),
        }
    }
}
