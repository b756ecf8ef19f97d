//! The editor's side of "Pike & Shot (test)", the library's test-only third game
//! (`tests/tests/third_game/pike_and_shot.rs`): its `EditorGame` (new map and scenario from its
//! skeletons, its files opened as `saberc check` reads them), its documents as `GameDoc`s
//! (text, checks and exports through its registered front end and outputs) and a small mode
//! (the id, the findings). Nothing here is known to the shared editor.

use std::path::{Path, PathBuf};

use egui::Ui;
use saber_schema::diagnostic::Diagnostic;
use saber_schema::model::hex::Coord;
use saber_schema::model::map::Map;
use saber_schema::output::game::GameOutputs;
use saber_schema::pipeline::maps::{MapOrigin, MapRegistry};
use saber_schema::pipeline::parse::{self, DocKind};
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::{self};
use saber_schema::ruleset::Game;

use super::pike_and_shot::{GAME, OUTPUTS, PsMap, PsScenario};
use crate::app::workspace::{GameMode, Mode, Panel, Workspace};
use crate::content::{Beside, Content, GameDoc};
use crate::diagnostics::Diagnostics;
use crate::document::Document;
use crate::files::{LoadedFile, one_line};
use crate::games::EditorGame;

/// The game's side of the editor.
pub struct PikeAndShotEditor;

/// The one value registered.
pub static EDITOR: PikeAndShotEditor = PikeAndShotEditor;

/// A source of `model` as JSON at `path` (the game's documents are checked and exported from
/// their text, as `saberc` reads a file).
fn source_of<T: serde::Serialize>(model: &T, path: PathBuf) -> Source {
    Source::from_text(path, serde_json::to_string(model).expect("serializes"))
}

/// What `saberc check` finds in `src`.
fn checked(src: &Source) -> Vec<Diagnostic> {
    pipeline::compile_source(src, &MapRegistry::new())
        .0
        .diagnostics
}

/// The engine's map of a map file, as it stands.
fn lowered(file: &PsMap) -> Option<Map> {
    let src = source_of(file, "map.json".into());
    OUTPUTS.map_as_it_stands(&src).map(|l| l.map)
}

impl EditorGame for PikeAndShotEditor {
    fn game(&self) -> Game {
        GAME
    }

    fn name(&self) -> &'static str {
        "Pike & Shot (test)"
    }

    fn new_map(
        &self,
        id: &str,
        name: &str,
        width: u32,
        height: u32,
    ) -> Result<(Document, String), String> {
        let text = OUTPUTS
            .map_skeleton(width, height, id)
            .map_err(|e| e.to_string())?;
        let mut doc = self
            .open(&Source::from_text(format!("{id}.ron"), text))?
            .into_document(None);
        doc.edit_content("Name", None, |c| {
            if let Some(f) = c.own_mut::<PsMap>() {
                f.name = name.to_string();
            }
        });
        Ok((doc, format!("New Pike & Shot map “{name}”")))
    }

    fn new_scenario(&self, on: &Document) -> Result<(Document, String), String> {
        let file: &PsMap = on.content().own().ok_or("not a Pike & Shot map")?;
        let loaded = OUTPUTS
            .map_as_it_stands(&source_of(file, "map.json".into()))
            .ok_or("the map cannot be drawn")?;
        let text = OUTPUTS
            .scenario_skeleton(&loaded, &file.id, "new-scenario")
            .ok_or("not a Pike & Shot map")?;
        let s: PsScenario =
            parse::parse(&Source::from_text("new-scenario.ron", text)).map_err(|d| one_line(&d))?;
        let mut doc = Document::of(Content::new(s), loaded.map, None);
        doc.map_doc = Some(Content::new(file.clone()));
        Ok((doc, "New Pike & Shot scenario".into()))
    }

    fn open(&self, src: &Source) -> Result<LoadedFile, String> {
        let problems = checked(src);
        match parse::detect(src) {
            Ok((DocKind::Scenario, _)) => {
                let s: PsScenario = parse::parse(src).map_err(|d| one_line(&d))?;
                let found = MapRegistry::new()
                    .resolve(&s.map, &src.path)
                    .map_err(|d| one_line(&d))?;
                let MapOrigin::File(path) = &found.origin else {
                    return Err("a Pike & Shot map is a file".into());
                };
                let file = Source::read(path).map_err(|d| one_line(&d))?;
                let map_doc: PsMap = parse::parse(&file).map_err(|d| one_line(&d))?;
                Ok(LoadedFile {
                    map_doc: Some(Content::new(map_doc)),
                    map_origin: Some(found.origin),
                    map_notes: found.notes,
                    ..LoadedFile::new(
                        Content::new(s),
                        std::sync::Arc::unwrap_or_clone(found.map),
                        problems,
                        src,
                    )
                })
            }
            _ => {
                let f: PsMap = parse::parse(src).map_err(|d| one_line(&d))?;
                let map = lowered(&f)
                    .ok_or_else(|| format!("{}: the map cannot be drawn", src.path.display()))?;
                Ok(LoadedFile::new(Content::new(f), map, problems, src))
            }
        }
    }

    fn mode(&self) -> Option<Box<dyn GameMode>> {
        Some(Box::new(PsUi::default()))
    }
}

impl GameDoc for PsMap {
    fn game(&self) -> Game {
        GAME
    }
    fn is_scenario(&self) -> bool {
        false
    }
    fn id<'a>(&'a self, _: &'a Map) -> &'a str {
        &self.id
    }
    fn name<'a>(&'a self, _: &'a Map) -> &'a str {
        &self.name
    }
    fn drawn(&self) -> Option<Map> {
        lowered(self)
    }
    fn check(&self, _at: Beside<'_>) -> Vec<Diagnostic> {
        checked(&source_of(self, "map.json".into()))
    }
    fn export_refusal(&self, at: Beside<'_>) -> Option<String> {
        crate::export::refusal("document", &self.check(at))
    }
    fn write_tiled(&self, _: Beside<'_>, dir: &Path, inputs: &[&Path]) -> Result<PathBuf, String> {
        let map = OUTPUTS
            .map_as_it_stands(&source_of(self, "map.json".into()))
            .ok_or("the map cannot be drawn")?;
        crate::export::write_tiled(OUTPUTS.tiled_map(&map), dir, inputs)
    }
}

/// The scenario as `saberc` reads it: at its file (an untitled one beside its map's file),
/// so that its map is found as from there.
fn scenario_source(s: &PsScenario, at: Beside<'_>) -> Source {
    let path = at.path.map(Path::to_path_buf).unwrap_or_else(|| {
        let dir = at.map_file.and_then(Path::parent).unwrap_or(Path::new("."));
        dir.join("untitled.json")
    });
    source_of(s, path.with_extension("json"))
}

/// The scenario compiled for the outputs, or why not.
fn compiled(
    s: &PsScenario,
    at: Beside<'_>,
) -> Result<Box<dyn saber_schema::output::game::ScenarioOutputs>, String> {
    if let Some(why) = crate::export::refusal("document", &s.check(at)) {
        return Err(why);
    }
    OUTPUTS
        .compile(&scenario_source(s, at), &MapRegistry::new())
        .compiled
        .ok_or_else(|| "The scenario could not be compiled".to_string())
}

impl GameDoc for PsScenario {
    fn game(&self) -> Game {
        GAME
    }
    fn is_scenario(&self) -> bool {
        true
    }
    fn id<'a>(&'a self, _: &'a Map) -> &'a str {
        &self.id
    }
    fn name<'a>(&'a self, _: &'a Map) -> &'a str {
        &self.id
    }
    fn scenario_id_mut(&mut self) -> Option<&mut String> {
        Some(&mut self.id)
    }
    fn check(&self, at: Beside<'_>) -> Vec<Diagnostic> {
        checked(&scenario_source(self, at))
    }
    fn export_refusal(&self, at: Beside<'_>) -> Option<String> {
        compiled(self, at).err()
    }
    fn write_engine(&self, at: Beside<'_>, path: &Path, inputs: &[&Path]) -> Result<(), String> {
        let export = compiled(self, at)?.export().map_err(|d| d.message)?;
        crate::export::write_engine_with(path, inputs, |w| w.write_all(export.text().as_bytes()))
    }
    fn write_card(
        &self,
        at: Beside<'_>,
        path: &Path,
        width: u32,
        inputs: &[&Path],
    ) -> Result<(), String> {
        let svg = compiled(self, at)?.card_svg();
        let png = |w| saber_schema::output::render::svg_to_png(&svg, w);
        crate::export::write_card(path, width, inputs, || svg.clone(), png)
    }
    fn no_tiled(&self) -> Option<&'static str> {
        OUTPUTS.tiled_scenarios_refused()
    }
    fn write_tiled(&self, at: Beside<'_>, dir: &Path, inputs: &[&Path]) -> Result<PathBuf, String> {
        match compiled(self, at)?.tiled() {
            Some(files) => crate::export::write_tiled(files, dir, inputs),
            None => Err("A Pike & Shot scenario has no Tiled map".into()),
        }
    }
}

/// The game's mode: the document's id, and what `saberc check` finds in it.
#[derive(Default)]
pub struct PsUi {
    /// The findings, as of the document's revision.
    pub checker: Diagnostics,
}

impl Panel for PsUi {
    fn ui(&mut self, ui: &mut Ui, ws: &mut Workspace) {
        ui.strong("Pike & Shot (test)");
        let mut id = ws.doc.content().id(ws.doc.map()).to_string();
        ui.horizontal(|ui| {
            let l = ui.label("Id");
            if ui.text_edit_singleline(&mut id).labelled_by(l.id).changed() {
                ws.doc.edit_content("Id", None, |c| {
                    if let Some(m) = c.own_mut::<PsMap>() {
                        m.id = id.clone();
                    } else if let Some(s) = c.scenario_id_mut() {
                        *s = id.clone();
                    }
                });
            }
        });
    }
}

impl Mode for PsUi {
    fn left_panel(&self) -> (&'static str, f32) {
        ("pike-and-shot", 300.0)
    }

    fn update(&mut self, doc: &Document) -> bool {
        self.checker.update(doc);
        false
    }

    fn findings(&self) -> usize {
        self.checker.items.len()
    }

    fn findings_ui(&mut self, ui: &mut Ui, doc: &Document) -> Option<Coord> {
        self.checker.ui(ui, doc.map())
    }
}

impl GameMode for PsUi {
    fn reset(&mut self, _doc: &Document) {
        *self = PsUi::default();
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
