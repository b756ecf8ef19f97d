//! A Musket & Saber map or scenario as the editor's document: what the shared editor asks of
//! a game's own document ([`GameDoc`]: its text, its checks, its exports), and the document's
//! Musket & Saber views the forms edit through.

use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Diagnostic;
use saber_schema::model::hex::Grid;
use saber_schema::model::map::Map;
use saber_schema::model::musket_and_saber::{HexNumbering, MsMapFile, MsScenario};
use saber_schema::pipeline::maps::MapOrigin;
use saber_schema::pipeline::musket_and_saber::{self as ms, MsCompiled};
use saber_schema::ruleset::Game;

use crate::change::FieldWords;
use crate::content::{Beside, Content, GameDoc};
use crate::document::{Document, Told};

/// Why a Musket & Saber scenario has no Tiled export (as saberc refuses it): the menu's
/// tooltip and the refusal say the same.
pub const NO_SCENARIO_TILED: &str = "A Musket & Saber scenario has no Tiled export (a scenario's Tiled layers are Rifle & Saber's deployment zones): open its map and export that, or export the scenario for an engine.";

/// A counter's and a set-up line's fields as the rules print them, for the History panel.
pub const FIELD_WORDS: [(&str, &str); 4] =
    [("cf", "CF"), ("mr", "MR"), ("ma", "MA"), ("w1", "w/1")];

/// Which of the game's documents a content is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A map file.
    Map,
    /// A scenario file.
    Scenario,
}

/// Which Musket & Saber document `content` is, if it is one.
pub fn kind(content: &Content) -> Option<Kind> {
    if content.own::<MsMapFile>().is_some() {
        Some(Kind::Map)
    } else if content.own::<MsScenario>().is_some() {
        Some(Kind::Scenario)
    } else {
        None
    }
}

impl GameDoc for MsMapFile {
    fn game(&self) -> Game {
        Game::MusketAndSaberQuickPlay
    }
    fn is_scenario(&self) -> bool {
        false
    }
    fn id(&self) -> &str {
        &self.id
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn id_mut(&mut self) -> &mut String {
        &mut self.id
    }
    fn drawn(&self) -> Option<Map> {
        Some(self.lower())
    }
    fn check(&self, _at: Beside<'_>) -> Vec<Diagnostic> {
        ms::check_map_model(self)
    }
    fn export_refusal(&self, at: Beside<'_>) -> Option<String> {
        crate::export::refusal("map", &self.check(at))
    }
    fn write_tiled(&self, _: Beside<'_>, dir: &Path, inputs: &[&Path]) -> Result<PathBuf, String> {
        let files = saber_schema::output::musket_and_saber::tiled::export_ms_map(self)
            .map_err(|e| format!("Could not draw the tileset: {e}"))?;
        crate::export::write_tiled(&files, dir, inputs)
    }
}

/// The scenario compiled on its map, once it has no error (the exports need a clean scenario,
/// as `saberc export`'s do); else why not.
fn compiled(s: &MsScenario, at: Beside<'_>) -> Result<MsCompiled, String> {
    if let Some(why) = crate::export::refusal("scenario", &GameDoc::check(s, at)) {
        return Err(why);
    }
    let Some(map) = at.map_doc.and_then(|d| d.get::<MsMapFile>()) else {
        return Err("The scenario's Musket & Saber map was not found".into());
    };
    let origin = match at.map_file {
        Some(p) => MapOrigin::File(p.to_path_buf()),
        None => MapOrigin::BuiltIn(at.map.id.clone()),
    };
    Ok(MsCompiled::new(s, map, origin))
}

impl GameDoc for MsScenario {
    fn game(&self) -> Game {
        Game::MusketAndSaberQuickPlay
    }
    fn is_scenario(&self) -> bool {
        true
    }
    fn id(&self) -> &str {
        &self.id
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn id_mut(&mut self) -> &mut String {
        &mut self.id
    }
    fn settle(&mut self, before: &dyn GameDoc, grid: Grid) {
        if let Some(before) = before.as_any().downcast_ref::<MsScenario>() {
            super::printed::refresh(before, self, grid);
        }
    }
    fn field_words(&self) -> &'static FieldWords {
        &FIELD_WORDS
    }
    fn check(&self, at: Beside<'_>) -> Vec<Diagnostic> {
        let map = at.map_doc.and_then(|d| d.get::<MsMapFile>());
        ms::check_scenario_noting(self, at.map, map, at.map_notes)
    }
    fn export_refusal(&self, at: Beside<'_>) -> Option<String> {
        compiled(self, at).err()
    }
    fn write_engine(&self, at: Beside<'_>, path: &Path, inputs: &[&Path]) -> Result<(), String> {
        export_engine(&compiled(self, at)?, path, inputs)
    }
    fn write_card(
        &self,
        at: Beside<'_>,
        path: &Path,
        width: u32,
        inputs: &[&Path],
    ) -> Result<(), String> {
        use saber_schema::output::musket_and_saber::card::{ms_card_png, ms_card_svg};
        let c = compiled(self, at)?;
        crate::export::write_card(
            path,
            width,
            inputs,
            || ms_card_svg(&c),
            |w| ms_card_png(&c, w),
        )
    }
    fn no_tiled(&self) -> Option<&'static str> {
        Some(NO_SCENARIO_TILED)
    }
    fn write_tiled(&self, _: Beside<'_>, _: &Path, _: &[&Path]) -> Result<PathBuf, String> {
        Err(NO_SCENARIO_TILED.into())
    }
}

/// Write the engine JSON of a compiled Musket & Saber scenario to `path`: the library's
/// `export_json`, the one function `saberc export` calls too (so both write the same bytes),
/// checked against its schema, through the library's atomic write, never over one of the
/// `inputs`.
fn export_engine(c: &MsCompiled, path: &Path, inputs: &[&Path]) -> Result<(), String> {
    let text =
        saber_schema::output::musket_and_saber::export::export_json(c).map_err(|d| d.message)?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    if let Some(p) = saber_schema::pipeline::musket_and_saber::validate_export(&value).first() {
        return Err(format!(
            "internal error: the export does not match its schema: {}",
            p.message
        ));
    }
    crate::export::write_engine_with(path, inputs, |w| w.write_all(text.as_bytes()))
}

impl Document {
    /// The Musket & Saber map file: the document's, or its scenario's map's.
    pub fn ms_map(&self) -> Option<&MsMapFile> {
        match kind(self.content())? {
            Kind::Map => self.content().own(),
            Kind::Scenario => self.map_doc.as_ref()?.get(),
        }
    }

    /// The Musket & Saber scenario, if the document is one.
    pub fn ms_scenario(&self) -> Option<&MsScenario> {
        self.content().own()
    }

    /// Let a form change the Musket & Saber map; if it changed, record one undo step named
    /// `label` (the edits of one `gesture`, told after `f` ran, merge into one step). `None`
    /// when the document is
    /// not one.
    pub fn edit_ms_map<R>(
        &mut self,
        label: &str,
        gesture: impl Told,
        f: impl FnOnce(&mut MsMapFile) -> R,
    ) -> Option<R> {
        self.edit_content(label, gesture, |c| c.own_mut().map(f))
    }

    /// Let a form change the Musket & Saber scenario, as [`Self::edit_ms_map`] does. The form
    /// sees every hex on the grid the canvas draws ([`MsScenario::in_grid`]), and the file
    /// keeps them as its map numbers them: a map numbered from 0100 is edited in its own
    /// numbers (issue 40).
    pub fn edit_ms_scenario<R>(
        &mut self,
        label: &str,
        gesture: impl Told,
        f: impl FnOnce(&mut MsScenario) -> R,
    ) -> Option<R> {
        let n = self.ms_numbering();
        self.edit_content(label, gesture, |c| {
            let s = c.own_mut::<MsScenario>()?;
            let mut on_grid = s.in_grid(n);
            let r = f(&mut on_grid);
            *s = on_grid.in_printed(n);
            Some(r)
        })
    }

    /// How the Musket & Saber map numbers its hexes (from 0101 when there is none).
    pub fn ms_numbering(&self) -> HexNumbering {
        self.ms_map().map(|f| f.numbering).unwrap_or_default()
    }

    /// The Musket & Saber scenario with every hex on the grid the canvas draws, for what
    /// reads it beside the map (its stacks, rings and entry hexes).
    pub fn ms_scenario_in_grid(&self) -> Option<MsScenario> {
        Some(self.ms_scenario()?.in_grid(self.ms_numbering()))
    }
}
