//! Rifle & Saber in the editor: a new map is blank clear hexes, a new scenario the builder's
//! start on the map (`scenario::panel::new_scenario`), its files read as `saberc` reads them;
//! its documents are the engine's own map (the document's map itself, [`RsMap`], which the map
//! tools edit) and scenario (which the scenario builder edits).

use std::path::{Path, PathBuf};

use saber_schema::diagnostic::{Code, Diagnostic};
use saber_schema::model::limits;
use saber_schema::model::map::Map;
use saber_schema::model::scenario::Scenario;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::parse::DocKind;
use saber_schema::pipeline::read::{Source, Syntax};
use saber_schema::pipeline::{self, Built, Compiled, check_map_model};
use saber_schema::ruleset::Game;

use crate::content::{Beside, Content, GameDoc};
use crate::document::{Document, Told};
use crate::export::{fix_before_exporting, refusal};
use crate::files::LoadedFile;
use crate::games::EditorGame;

/// Rifle & Saber's side of the editor.
pub struct RifleAndSaber;

/// The one value of it.
pub const GAME: RifleAndSaber = RifleAndSaber;

impl EditorGame for RifleAndSaber {
    fn game(&self) -> Game {
        Game::RifleAndSaber
    }

    fn name(&self) -> &'static str {
        "Rifle & Saber"
    }

    fn new_map(
        &self,
        id: &str,
        name: &str,
        width: u32,
        height: u32,
    ) -> Result<(Document, String), String> {
        let side = |n: u32| n.clamp(1, limits::MAX_MAP_SIDE);
        let map = Map::blank(id, name, side(width), side(height));
        let status = format!(
            "New map “{}” ({} × {})",
            map.name, map.grid.width, map.grid.height
        );
        Ok((Document::new(map, None), status))
    }

    fn new_scenario(&self, on: &Document) -> Result<(Document, String), String> {
        let map = on.map().clone();
        let s = crate::scenario::panel::new_scenario(&map);
        Ok((
            Document::for_scenario(s, map, None),
            "New scenario: give the sides their forces and zones".into(),
        ))
    }

    fn open(&self, src: &Source) -> Result<LoadedFile, String> {
        let registry = MapRegistry::new();
        match pipeline::compile_source(src, &registry) {
            (report, Built::Map(map)) => Ok(LoadedFile::new(
                Content::new(RsMap),
                map,
                report.diagnostics,
                src,
            )),
            (
                report,
                Built::Scenario {
                    scenario,
                    map,
                    map_notes,
                },
            ) => {
                let (map, map_origin, missing_map) = match map {
                    Some((map, origin)) => (map, Some(origin), None),
                    None => {
                        // The pipeline's own reason (REF004, REF005, REF006).
                        let why = registry.resolve(&scenario.map, &src.path).err();
                        let why = why.unwrap_or_else(|| {
                            let what = format!("the map `{}` could not be used", scenario.map);
                            Diagnostic::new(Code::UnknownMap, what)
                        });
                        let stand_in = Map::blank(&scenario.map, "(map not found)", 45, 33);
                        (stand_in, None, Some(why))
                    }
                };
                let content = Content::new(scenario);
                Ok(LoadedFile {
                    map_origin,
                    missing_map,
                    map_notes,
                    ..LoadedFile::new(content, map, report.diagnostics, src)
                })
            }
            (report, _) => {
                let what = match pipeline::parse::detect(src) {
                    Ok((DocKind::Scenario, _)) => "not a scenario file",
                    _ => "not a map file",
                };
                Err(crate::files::refusal(src, &report.diagnostics, what))
            }
        }
    }
}

/// A Rifle & Saber map document: the document's map is the map itself (edited by the map
/// tools, undone hex by hex), so this holds nothing of its own.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RsMap;

impl GameDoc for RsMap {
    fn game(&self) -> Game {
        Game::RifleAndSaber
    }
    fn is_scenario(&self) -> bool {
        false
    }
    fn id<'a>(&'a self, map: &'a Map) -> &'a str {
        &map.id
    }
    fn name<'a>(&'a self, map: &'a Map) -> &'a str {
        &map.name
    }
    fn holds_map(&self) -> bool {
        true
    }
    fn check(&self, at: Beside<'_>) -> Vec<Diagnostic> {
        check_map_model(at.map)
    }
    fn export_refusal(&self, at: Beside<'_>) -> Option<String> {
        refusal("map", &self.check(at))
    }
    fn write_tiled(&self, at: Beside<'_>, dir: &Path, inputs: &[&Path]) -> Result<PathBuf, String> {
        crate::export::tiled(at.map, None, dir, inputs)
    }
    fn whole_text(&self, map: &Map, syntax: Syntax) -> Result<String, String> {
        saber_schema::output::format::model_text(&map.to_file(), syntax).map_err(|e| e.to_string())
    }
    fn edit_text(&self, map: &Map, old: &str, syntax: Syntax) -> Result<String, String> {
        // The model normalised as the reader makes it.
        let norm = |f: &_| Map::from_file(f).0.to_file();
        saber_schema::syntax::edit::edit_text_with(old, syntax, &map.to_file(), |f| norm(&f))
            .map_err(|e| e.to_string())
    }
}

/// The scenario compiled on its map, once it has no error (the exports need a clean scenario,
/// as `saberc export`'s do); else why not.
fn compiled(s: &Scenario, map: &Map) -> Result<Compiled, String> {
    pipeline::check_scenario_model(s, map)
        .into_compiled(s.clone(), map.clone())
        .map_err(|errors| fix_before_exporting("scenario", errors.len()))
}

impl GameDoc for Scenario {
    fn game(&self) -> Game {
        Game::RifleAndSaber
    }
    fn is_scenario(&self) -> bool {
        true
    }
    fn id<'a>(&'a self, _: &'a Map) -> &'a str {
        &self.id
    }
    fn name<'a>(&'a self, _: &'a Map) -> &'a str {
        &self.name
    }
    fn scenario_id_mut(&mut self) -> Option<&mut String> {
        Some(&mut self.id)
    }
    fn describe(&self, before: &dyn GameDoc) -> Option<String> {
        let before = before.as_any().downcast_ref::<Scenario>()?;
        crate::scenario::change::describe(before, self)
    }
    fn check(&self, at: Beside<'_>) -> Vec<Diagnostic> {
        match at.map_problem {
            Some(p) => pipeline::check_scenario_without_map(self, p.clone()),
            None => pipeline::check_scenario_noting(self, at.map, at.map_notes),
        }
        .diagnostics
    }
    fn export_refusal(&self, at: Beside<'_>) -> Option<String> {
        compiled(self, at.map).err()
    }
    fn write_engine(&self, at: Beside<'_>, path: &Path, inputs: &[&Path]) -> Result<(), String> {
        crate::export::write_engine(&compiled(self, at.map)?, path, inputs)
    }
    fn write_card(
        &self,
        at: Beside<'_>,
        path: &Path,
        w: u32,
        inputs: &[&Path],
    ) -> Result<(), String> {
        crate::export::card(&compiled(self, at.map)?, path, w, inputs)
    }
    fn write_tiled(&self, at: Beside<'_>, dir: &Path, inputs: &[&Path]) -> Result<PathBuf, String> {
        let c = compiled(self, at.map)?;
        crate::export::tiled(at.map, Some(&c), dir, inputs)
    }
}

impl Document {
    /// A document for a Rifle & Saber map, unchanged since `path` (if any).
    pub fn new(map: Map, path: Option<PathBuf>) -> Document {
        Document::of(Content::new(RsMap), map, path)
    }

    /// A document for a scenario on `map`, unchanged since `path` (if any).
    pub fn for_scenario(scenario: Scenario, map: Map, path: Option<PathBuf>) -> Document {
        Document::of(Content::new(scenario), map, path)
    }

    /// The Rifle & Saber scenario, if the document is one.
    pub fn scenario(&self) -> Option<&Scenario> {
        self.content().own()
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
        gesture: impl Told,
    ) -> Option<R> {
        self.edit_content(label, gesture, |c| c.own_mut().map(f))
    }
}
