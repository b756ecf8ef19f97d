//! Replacing, opening and saving the document: the actions guarded against losing unsaved
//! changes, Save / Save As (a changed built-in map gets a new id first), autosave into the
//! document's own recovery file, and the exports.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use saber_schema::model::map::Map;
use saber_schema::pipeline::maps::{MapOrigin, MapRegistry};
use saber_schema::ruleset::Game;

use crate::app::App;
use crate::app::action::{Action, NewMap};
use crate::app::dialogs::Replace;
use crate::app::file_dialog::{Purpose, Request};
use crate::content::{Beside, Content};
use crate::document::Document;
use crate::files::{self, LoadedFile};
use crate::scenario::historical::HISTORICAL;
use crate::scenario::panel::Tab;

impl Action {
    /// Does the action build a scenario on the map being edited (which must then be saved:
    /// a scenario names its map by id, and finds it on disk)?
    fn builds_on_this_map(&self, app: &App) -> bool {
        match self {
            Action::NewScenario => true,
            Action::Factored(s) => {
                !app.ws.doc.content().is_scenario() && app.ws.doc.map().id == s.map
            }
            _ => false,
        }
    }
}

/// The document for a file just read, and why its scenario's map was not found (if not), said
/// as saberc says it, located in the file when there is one.
pub(crate) fn document_of(loaded: LoadedFile, path: Option<PathBuf>) -> (Document, Option<String>) {
    let doc = loaded.into_document(path);
    let why = doc.map_problem.as_ref().map(|d| {
        let mut d = match &doc.path {
            Some(p) => d.clone().in_file(p),
            None => d.clone(),
        };
        d.hint = d
            .hint
            .map(|h| crate::app::naming::editor_hint(&h))
            .filter(|h| !h.is_empty());
        files::one_line(&d)
    });
    (doc, why)
}

/// A new scenario of the game of `on`'s map, on that map, and what the status line says: its
/// map file is `on`'s (a map document's own file, a scenario's map file).
fn new_scenario_on(on: &Document) -> Result<(Document, String), String> {
    let (mut doc, status) = crate::games::of(on.content()).new_scenario(on)?;
    doc.map_file = if on.content().is_scenario() {
        on.map_file.clone()
    } else {
        on.path.clone()
    };
    doc.mark_unsaved();
    Ok((doc, status))
}

impl App {
    /// A new scenario of `game` on its map file at `path` (refused for any other file).
    fn new_scenario_on_file(&mut self, game: Game, path: PathBuf) {
        let loaded = match crate::games::read_any(&path) {
            Ok(loaded) => loaded,
            Err(e) => {
                self.error = Some(format!("Could not open {}:\n{e}", path.display()));
                return;
            }
        };
        let (on, _) = document_of(loaded, Some(path.clone()));
        let editor_game = crate::games::of(on.content());
        if on.content().is_scenario() || editor_game.game() != game {
            let wanted = crate::games::chosen(game).map_or(editor_game, |g| g);
            self.error = Some(crate::games::not_its_map(wanted, &path));
            return;
        }
        self.take_new_scenario(new_scenario_on(&on));
    }

    /// Take a new scenario as the document (its sides first), or say why there is none.
    fn take_new_scenario(&mut self, made: Result<(Document, String), String>) {
        match made {
            Ok((doc, status)) => {
                self.set_document(doc);
                self.modes.builder.tab = Tab::Sides;
                self.ws.status.set(status);
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// The folder of the open document's file, where file dialogs start. A scenario not
    /// saved yet starts where saberc will find its map file: beside it, or above its `maps/`;
    /// any other new document in the folder of the file last opened or saved.
    pub(crate) fn doc_dir(&self) -> Option<PathBuf> {
        // Made absolute: `saber-editor lost.ron` has the parent "", which no dialog starts in.
        let folder = |p: &PathBuf| {
            std::path::absolute(p)
                .ok()
                .and_then(|p| p.parent().map(Path::to_path_buf))
        };
        let doc = &self.ws.doc;
        if let Some(p) = &doc.path {
            return folder(p);
        }
        let of_map = doc
            .map_file
            .as_ref()
            .and_then(folder)
            .map(|maps| match maps.file_name() {
                Some(n) if n == "maps" => maps.parent().map_or(maps.clone(), Path::to_path_buf),
                _ => maps,
            });
        // A new document starts where the user last worked, not in the folder the editor was
        // started from (issue 37).
        of_map.or_else(|| self.recent.first().and_then(folder))
    }

    /// Is the open map one that a scenario can name: saved in a file, unchanged since, or an
    /// unchanged built-in map?
    pub(crate) fn map_is_saved(&self) -> bool {
        let doc = &self.ws.doc;
        if doc.content().is_scenario() {
            return true;
        }
        if doc.is_dirty() {
            return false;
        }
        doc.path.is_some() || saber_schema::builtin::map(&doc.map().id).as_ref() == Some(doc.map())
    }

    /// Ask for the map of `game` a new scenario is made on (then [`Action::NewScenarioOn`]).
    pub fn ask_scenario_map(&mut self, game: &dyn crate::games::EditorGame) {
        let name = game.name();
        let title = format!("New {name} scenario on the map");
        let purpose = Purpose::NewScenarioOn(game.game());
        if let Some(path) = self.ask_to_read(purpose, title, format!("{name} maps")) {
            self.request(Action::NewScenarioOn(game.game(), path));
        }
    }

    /// Ask for a RON or JSON file to read (`files`: what the filter calls them) for `purpose`:
    /// the file chosen now (the desktop's dialog), else `None` (the editor's own answers later).
    fn ask_to_read(&mut self, purpose: Purpose, title: String, files: String) -> Option<PathBuf> {
        let req = Request {
            title,
            filters: vec![(files, vec!["ron", "json"])],
            file_name: None,
            dir: self.doc_dir(),
            save: false,
            folder: false,
        };
        self.dialogs.ask(purpose, req)
    }

    /// Ask for the name and size of a new map (then [`Action::New`]).
    pub fn ask_new_map(&mut self) {
        self.new_map = Some(NewMap::default());
    }

    /// Ask for an action; if there are unsaved changes, the guard asks first. A scenario is
    /// never started on a map that is not saved.
    pub fn request(&mut self, action: Action) {
        if action == Action::Open(None) {
            // Only asks for a file: the guard runs once one is chosen (the document may change
            // before that, and a cancelled dialog needs no question).
            self.perform(action);
        } else if action.builds_on_this_map(self) && !self.map_is_saved() {
            self.save_map_first = Some(action);
        } else if self.ws.doc.is_dirty() {
            self.confirm = Some(action);
        } else {
            self.perform(action);
        }
    }

    /// Do an action without asking.
    pub(crate) fn perform(&mut self, action: Action) {
        match action {
            Action::New(form) => {
                let made = crate::games::chosen(form.game)
                    .and_then(|g| g.new_map(&form.id(), form.name.trim(), form.width, form.height));
                match made {
                    Ok((doc, status)) => {
                        self.set_document(doc);
                        self.ws.status.set(status);
                    }
                    Err(e) => self.error = Some(e),
                }
            }
            Action::NewScenarioOn(game, path) => self.new_scenario_on_file(game, path),
            Action::NewScenario => self.take_new_scenario(new_scenario_on(&self.ws.doc)),
            Action::Historical(i) => match HISTORICAL.get(i).map(|h| h.scenario()) {
                Some(Ok(s)) => {
                    let doc = Document::for_scenario(s, files::default_map(), None);
                    self.set_document(doc);
                    self.ws
                        .status
                        .set(format!("Opened {}", HISTORICAL[i].title()));
                }
                Some(Err(e)) => self.error = Some(e),
                None => {}
            },
            Action::Factored(s) => {
                // The wizard offers the built-in map and the (saved) map being edited.
                let (map, map_file) = if self.ws.doc.map().id == s.map {
                    let doc = &self.ws.doc;
                    let file = if doc.content().is_scenario() {
                        doc.map_file.clone()
                    } else {
                        doc.path.clone()
                    };
                    (self.ws.doc.map().clone(), file)
                } else {
                    let map = saber_schema::builtin::map(&s.map).unwrap_or_else(files::default_map);
                    (map, None)
                };
                let mut doc = Document::for_scenario(*s, map, None);
                doc.map_file = map_file;
                doc.mark_unsaved();
                self.wizard.open = false;
                self.set_document(doc);
                self.modes.builder.tab = Tab::Sides;
                self.ws
                    .status
                    .set("Factored (11.18): now draw each group's zone and the victory conditions");
            }
            Action::Open(Some(path)) => self.open_path(&path),
            Action::Open(None) => {
                let (title, files) = ("Open a map or scenario", "Maps and scenarios");
                if let Some(path) = self.ask_to_read(Purpose::Open, title.into(), files.into()) {
                    self.request(Action::Open(Some(path)));
                }
            }
            Action::OpenText { name, text } => {
                let src = saber_schema::pipeline::read::Source::from_text(&name, text);
                match crate::games::parse_any(&src) {
                    Ok(loaded) => {
                        let n = loaded.problems.len();
                        self.set_loaded(document_of(loaded, None));
                        self.ws.status.set(format!(
                            "Opened dropped {} ({})",
                            name.display(),
                            crate::plural(n, "problem")
                        ));
                    }
                    Err(e) => self.error = Some(e),
                }
            }
            Action::Restore(key) => self.restore(&key),
            Action::Close => {
                self.close_allowed = true;
                self.quit = true;
                self.release_recovery();
                self.title.clear();
            }
        }
    }

    /// Make a document just read the open one; if its scenario's map was not found, say which
    /// and offer to choose the map file.
    pub(crate) fn set_loaded(&mut self, (doc, missing): (Document, Option<String>)) {
        self.set_document(doc);
        self.missing_map = missing;
    }

    /// Make `doc` the open document.
    pub(crate) fn set_document(&mut self, doc: Document) {
        self.missing_map = None;
        self.release_recovery();
        self.ws.doc = doc;
        self.fixes = Default::default();
        self.modes.reset(&self.ws.doc);
        self.canvas.fit_pending = true;
        self.canvas.cancel_stroke();
        self.canvas.overlays.reset();
        self.properties.open = false;
        self.autosaved = None;
    }

    /// Open a file now (no guard). On error the current document stays.
    pub fn open_path(&mut self, path: &Path) {
        // Remembered whole: a relative path means nothing to an editor started elsewhere.
        let path = &files::full_path(path);
        match crate::games::read_with_state(path) {
            Ok((loaded, state)) => {
                let n = loaded.problems.len();
                self.set_loaded(document_of(loaded, Some(path.to_path_buf())));
                self.ws.doc.on_disk = state;
                files::remember(&mut self.recent, path);
                self.ws.status.set(if n == 0 {
                    format!("Opened {}", path.display())
                } else {
                    format!(
                        "Opened {} with {} (see Diagnostics)",
                        path.display(),
                        crate::plural(n, "problem")
                    )
                });
            }
            Err(e) => self.error = Some(format!("Could not open {}:\n{e}", path.display())),
        }
    }

    /// Save to a path (atomically); the document then belongs to that file. A map with a
    /// built-in map's id is never written (it would replace the built-in map for scenarios
    /// beside it): Save As asks for a new id first.
    pub fn save_to(&mut self, path: &Path) -> bool {
        self.save_to_allowing(path, false)
    }

    /// Save to a path; when the file's text cannot be edited (its comments and layout would be
    /// lost), write it whole only if `allow_rewrite`, else ask the user first.
    pub(crate) fn save_to_allowing(&mut self, path: &Path, allow_rewrite: bool) -> bool {
        self.ws.doc.commit();
        if self.ws.doc.has_builtin_id() {
            self.error = Some(format!(
                "Could not save {}: the map's id “{}” is a built-in map's. Use Save As to give it a new id.",
                path.display(),
                self.ws.doc.map().id
            ));
            return false;
        }
        match files::save_document_with(&self.ws.doc, path, allow_rewrite) {
            Ok(None) => {
                let why = match files::document_text(&self.ws.doc, path) {
                    Ok(files::SaveText::Rewrite { why, .. }) => why,
                    _ => String::new(),
                };
                self.confirm_rewrite = Some((path.to_path_buf(), why));
                false
            }
            Ok(Some(saved)) => {
                self.ws.doc.text = Some(saved.text);
                self.ws.doc.mark_saved(files::full_path(path));
                self.ws.doc.on_disk = saved.state;
                files::remember(&mut self.recent, path);
                self.release_recovery();
                self.autosaved = None;
                let errors = self.error_count();
                self.ws.status.set(if errors == 0 {
                    format!("Saved {}", path.display())
                } else {
                    // Saving stays allowed (work in progress), but not silently.
                    format!(
                        "Saved {} with {} (listed under Diagnostics, on the right{})",
                        path.display(),
                        crate::plural(errors, "error"),
                        if self.show_right { "" } else { ": F4 shows it" }
                    )
                });
                true
            }
            Err(e) => {
                self.error = Some(format!("Could not save {}:\n{e}", path.display()));
                false
            }
        }
    }

    /// How many errors the document has, as the Diagnostics panel lists them (`saberc check`'s).
    fn error_count(&self) -> usize {
        let doc = &self.ws.doc;
        let found = doc.content().check(doc.beside());
        found.iter().filter(|d| d.is_error()).count()
    }

    /// Save to the document's file, or ask for one; then do `then`. Returns whether it saved
    /// now (an in-app dialog saves later).
    pub(crate) fn save_then(&mut self, then: Option<Action>) -> bool {
        match self.ws.doc.path.clone() {
            Some(p) if !self.ws.doc.has_builtin_id() => {
                let ok = self.save_to(&p);
                if ok && let Some(a) = then {
                    self.perform(a);
                }
                ok
            }
            _ => self.save_as_then(then),
        }
    }

    /// Save to the document's file, or ask for one.
    pub fn save(&mut self) -> bool {
        self.save_then(None)
    }

    /// Ask for a file name and save there.
    pub fn save_as(&mut self) -> bool {
        self.save_as_then(None)
    }

    fn save_as_then(&mut self, then: Option<Action>) -> bool {
        if self.ws.doc.has_builtin_id() {
            // A new id (and name) first; the dialog continues with the file name.
            self.new_map_id = Some(crate::app::dialogs::MapIdentity::suggest(
                self.ws.doc.map(),
                then,
            ));
            return false;
        }
        self.ask_save_path(then)
    }

    /// The file name Save As suggests: the document's id, or, for a new scenario whose id is
    /// still the placeholder its first save replaces ([`Self::id_from_file_name`]), its name
    /// as an id (a scenario named “Pickett's Charge”: `pickett-s-charge.ron`).
    pub(crate) fn save_as_file_name(&self) -> String {
        use crate::scenario::panel::NEW_SCENARIO_ID;
        let (doc, content) = (&self.ws.doc, self.ws.doc.content());
        let id = match content.id(doc.map()) {
            NEW_SCENARIO_ID if doc.path.is_none() => {
                let name = content.name(doc.map());
                saber_schema::output::skeleton::id_from_name(Some(name), NEW_SCENARIO_ID)
            }
            id => id.to_string(),
        };
        format!("{id}.ron")
    }

    /// Ask where to save (after any new map id).
    pub(crate) fn ask_save_path(&mut self, then: Option<Action>) -> bool {
        let what = self.ws.doc.content().kind();
        let req = Request {
            title: format!("Save {what} as"),
            filters: vec![
                (format!("RON {what}"), vec!["ron"]),
                (format!("JSON {what}"), vec!["json"]),
            ],
            file_name: Some(self.save_as_file_name()),
            dir: self.doc_dir(),
            save: true,
            folder: false,
        };
        match self.dialogs.ask(Purpose::SaveAs(then.clone()), req) {
            Some(path) => self.finish_save_as(&path, then),
            None => false,
        }
    }

    fn finish_save_as(&mut self, path: &Path, then: Option<Action>) -> bool {
        self.id_from_file_name(path);
        let ok = self.save_to(path);
        if ok && let Some(a) = then {
            self.perform(a);
        }
        ok
    }

    /// The editor's own dialog answered. A file that would be replaced is confirmed first, as
    /// the desktop's dialog does on its own; then the job is finished.
    pub fn path_chosen(&mut self, purpose: Purpose, path: PathBuf) {
        self.dialogs.close();
        if purpose == Purpose::ExportTiled {
            self.tiled_folder_chosen(path);
        } else if purpose.writes_file() && path.symlink_metadata().is_ok() {
            self.replace = Some(Replace {
                existing: vec![path.clone()],
                purpose,
                path,
            });
        } else {
            self.finish_choice(purpose, path);
        }
    }

    /// Finish what a file name was asked for (any replacing already agreed to).
    pub(crate) fn finish_choice(&mut self, purpose: Purpose, path: PathBuf) {
        match purpose {
            // The unsaved-changes guard runs now that the file is chosen.
            Purpose::Open => self.request(Action::Open(Some(path))),
            Purpose::SaveAs(then) => {
                self.finish_save_as(&path, then);
            }
            Purpose::ExportEngine => self.write_engine(&path),
            Purpose::ExportCard => self.write_card(&path),
            Purpose::ExportTiled => self.write_tiled(&path),
            Purpose::ChooseMap => self.use_map_file(&path),
            Purpose::NewScenarioOn(game) => self.request(Action::NewScenarioOn(game, path)),
            Purpose::SaveRecovered(key) => self.save_recovered(&key, &path),
        }
    }

    /// A folder was chosen for the Tiled export (either dialog: a folder picker asks nothing
    /// about the files in it): the files it would replace are confirmed first.
    fn tiled_folder_chosen(&mut self, dir: PathBuf) {
        let id = self.ws.doc.content().id(self.ws.doc.map()).to_string();
        let existing: Vec<PathBuf> = ["tmj", "tsj", "png"]
            .iter()
            .map(|ext| dir.join(format!("{id}.{ext}")))
            .filter(|p| p.symlink_metadata().is_ok())
            .collect();
        if existing.is_empty() {
            self.write_tiled(&dir);
        } else {
            self.replace = Some(Replace {
                purpose: Purpose::ExportTiled,
                path: dir,
                existing,
            });
        }
    }

    /// Can the document be exported (no errors)? If not, say so now, before any file is
    /// asked for.
    fn exportable(&mut self) -> bool {
        let doc = &self.ws.doc;
        let refusal = doc.content().export_refusal(doc.beside());
        let exportable = refusal.is_none();
        if !exportable {
            self.error = refusal;
        }
        exportable
    }

    /// Ask where to write an export of the open scenario (`title`, `filters`, a file named
    /// after its id with `suffix`), once it can be exported, then write it there.
    fn export_scenario(
        &mut self,
        purpose: Purpose,
        title: &str,
        filters: Vec<(String, Vec<&'static str>)>,
        suffix: &str,
    ) {
        let content = self.ws.doc.content();
        if !content.is_scenario() {
            return;
        }
        let id = content.id(self.ws.doc.map()).to_string();
        if !self.exportable() {
            return;
        }
        let req = Request {
            title: title.into(),
            filters,
            file_name: Some(format!("{id}{suffix}")),
            dir: self.doc_dir(),
            save: true,
            folder: false,
        };
        if let Some(path) = self.dialogs.ask(purpose.clone(), req) {
            self.finish_choice(purpose, path);
        }
    }

    /// Export the engine JSON (the same document as `saberc export`).
    pub fn export_engine(&mut self) {
        let filters = vec![("Engine JSON".into(), vec!["json"])];
        self.export_scenario(
            Purpose::ExportEngine,
            "Export for a game engine",
            filters,
            ".json",
        );
    }

    /// Export the printable scenario card.
    pub fn export_card(&mut self) {
        let filters = vec![
            ("PNG image".into(), vec!["png"]),
            ("SVG drawing".into(), vec!["svg"]),
        ];
        self.export_scenario(
            Purpose::ExportCard,
            "Export scenario card",
            filters,
            "-card.png",
        );
    }

    /// Write the engine JSON to `path`.
    pub fn write_engine(&mut self, path: &Path) {
        let to = || path.to_path_buf();
        self.write_export(|d, at, inputs| d.write_engine(at, path, inputs).map(|()| to()));
    }

    /// Write the scenario card to `path`.
    pub fn write_card(&mut self, path: &Path) {
        let (to, width) = (|| path.to_path_buf(), self.card_width);
        self.write_export(|d, at, inputs| d.write_card(at, path, width, inputs).map(|()| to()));
    }

    /// Export the scenario (or, without one, the map) as a Tiled map, as `saberc export
    /// --format tiled` does, into a folder the user picks.
    pub fn export_tiled(&mut self) {
        if let Some(why) = self.ws.doc.content().no_tiled() {
            // As saberc refuses it.
            self.error = Some(why.into());
            return;
        }
        if !self.exportable() {
            return;
        }
        let req = self.tiled_request();
        if let Some(dir) = self.dialogs.ask(Purpose::ExportTiled, req) {
            self.tiled_folder_chosen(dir);
        }
    }

    /// What the Tiled export asks: a folder (the desktop's folder picker, or the editor's own).
    pub(crate) fn tiled_request(&self) -> Request {
        Request {
            title: "Export Tiled map into folder".into(),
            filters: Vec::new(),
            file_name: None,
            dir: self.doc_dir(),
            save: true,
            folder: true,
        }
    }

    /// Write the Tiled map (`<id>.tmj`, its tileset and image) into `dir`.
    pub fn write_tiled(&mut self, dir: &Path) {
        self.write_export(|d, at, inputs| d.write_tiled(at, dir, inputs));
    }

    /// Write an export with `write` (given what the document holds beside it), never over the
    /// files the open document was read from (its file, and its scenario's map file); then
    /// say what it wrote or why not.
    fn write_export(
        &mut self,
        write: impl FnOnce(&Content, Beside<'_>, &[&Path]) -> Result<PathBuf, String>,
    ) {
        let doc = &self.ws.doc;
        let inputs: Vec<PathBuf> = doc.path.iter().chain(&doc.map_file).cloned().collect();
        let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
        match write(doc.content(), doc.beside(), &inputs) {
            Ok(path) => self.ws.status.set(format!("Exported {}", path.display())),
            Err(e) => self.error = Some(e),
        }
    }

    /// Ask for the map file of a scenario whose map was not found.
    pub(crate) fn choose_map_file(&mut self) {
        let title = "Choose the scenario's map file".into();
        if let Some(path) = self.ask_to_read(Purpose::ChooseMap, title, "Maps".into()) {
            self.use_map_file(&path);
        }
    }

    /// The user chose the map file of a scenario whose map was missing: use it, and record
    /// it in the scenario as saberc will find it from the scenario's file (by id, or by its
    /// path relative to the scenario; one undo step).
    pub(crate) fn use_map_file(&mut self, path: &Path) {
        let of_scenario = self.ws.doc.content().game();
        let loaded = match crate::games::read_any(path) {
            Ok(l) if l.content.is_scenario() || l.content.game() != of_scenario => {
                self.error = Some(format!(
                    "Could not open {}:\n{}: not a map file",
                    path.display(),
                    path.display()
                ));
                return;
            }
            Ok(l) if !l.problems.iter().any(|d| d.is_error()) => l,
            Ok(l) => {
                let lines: Vec<String> = l.problems.iter().map(files::one_line).collect();
                self.error = Some(format!(
                    "Could not use {} as the map: it has errors\n{}",
                    path.display(),
                    lines.join("\n")
                ));
                return;
            }
            Err(e) => {
                self.error = Some(format!("Could not open {}:\n{e}", path.display()));
                return;
            }
        };
        // Record the reference saberc resolves to this very file from the scenario's place:
        // the map's id when the id search finds it (maps/ beside the scenario, ../maps, its own
        // directory), else its path relative to the scenario. The compiler's own resolution
        // decides, and its map is the one used.
        // Absolute, so that a scenario opened by a relative path (`saber-editor lost.ron`)
        // has a folder to be relative to.
        let Some(scenario_path) = self
            .ws
            .doc
            .path
            .as_ref()
            .map(|p| std::path::absolute(p).unwrap_or_else(|_| p.clone()))
        else {
            // Not saved yet: the map's id, found once the scenario is saved near it.
            let id = loaded.map.id.clone();
            self.set_scenario_map(id, loaded.map, Some(path.to_path_buf()));
            return;
        };
        let chosen = path.canonicalize().ok();
        let registry = MapRegistry::new();
        let mut refusals = Vec::new();
        let mut candidates = vec![loaded.map.id.clone()];
        if let Some(r) = scenario_path
            .parent()
            .and_then(|dir| files::relative_to(dir, path))
        {
            candidates.push(r);
        }
        for reference in candidates {
            match registry.resolve(&reference, &scenario_path) {
                Ok(found) => match found.origin {
                    MapOrigin::File(p) if p.canonicalize().ok() == chosen => {
                        self.set_scenario_map(reference, Arc::unwrap_or_clone(found.map), Some(p));
                        return;
                    }
                    other => refusals.push(format!("`{reference}` names {other}")),
                },
                Err(d) => refusals.push(d.message),
            }
        }
        self.error = Some(format!(
            "saberc would not find {} from the scenario ({}).\nMove the map into maps/ next to the scenario, into ../maps, or beside it.",
            path.display(),
            refusals.join("; ")
        ));
    }

    /// Make `map` (from `file`) the scenario's map, named `reference` in the scenario (one undo
    /// step).
    fn set_scenario_map(&mut self, reference: String, map: Map, file: Option<PathBuf>) {
        let label = format!("Map → {reference}");
        self.ws.doc.replace_map(map);
        self.ws
            .doc
            .edit_scenario(&label, None, |s| s.map = reference.clone());
        self.ws.doc.map_file = file;
        self.ws.doc.map_problem = None;
        self.ws.doc.map_notes.clear();
        self.missing_map = None;
        self.modes.builder.reset(self.ws.doc.map());
        self.canvas.fit_pending = true;
        self.ws
            .status
            .set(format!("The scenario's map is now {reference}"));
    }
}
