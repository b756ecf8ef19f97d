//! Rifle & Saber's documents: the engine's map ([`RsMap`], the document's map itself) and
//! scenario, what the shared editor asks of them (their text, checks and exports: the engine
//! JSON, the card and the Tiled map, as `saberc export` and `render --card` write them), and
//! the document's views of its scenario the builder edits through.

use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Diagnostic;
use saber_schema::model::map::Map;
use saber_schema::model::scenario::Scenario;
use saber_schema::output::export::{Export, export, write_export};
use saber_schema::output::tiled::export::{export_map, export_scenario};
use saber_schema::pipeline::read::Syntax;
use saber_schema::pipeline::schema::validate_export;
use saber_schema::pipeline::{self, Compiled, ScenarioCheck, check_map_model};
use saber_schema::ruleset::Game;

use crate::content::{Beside, Content, GameDoc};
use crate::document::{Document, Told};
use crate::export::{fix_before_exporting, write_card, write_engine_with, write_tiled};

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
    fn write_tiled(&self, at: Beside<'_>, dir: &Path, inputs: &[&Path]) -> Result<PathBuf, String> {
        if let Some(why) = self.export_refusal(at) {
            return Err(why);
        }
        write_tiled(export_map(at.map, at.map.rules()), dir, inputs)
    }
    fn whole_text(&self, map: &Map, syntax: Syntax) -> Result<String, String> {
        saber_schema::output::format::model_text(&map.to_file(), syntax).map_err(|e| e.to_string())
    }
    fn edit_text(&self, map: &Map, old: &str, syntax: Syntax) -> Result<String, String> {
        // The model normalised as the reader makes it.
        let normal = |f| Map::from_file(&f).0.to_file();
        saber_schema::syntax::edit::edit_text_with(old, syntax, &map.to_file(), normal)
            .map_err(|e| e.to_string())
    }
}

/// The scenario checked on `map` as `saberc check` checks it, with what resolving its map
/// noted (`notes`), or, its map not found, the reason (`problem`) and no map.
pub fn check(
    s: &Scenario,
    map: &Map,
    problem: Option<&Diagnostic>,
    notes: &[Diagnostic],
) -> ScenarioCheck {
    match problem {
        Some(p) => pipeline::check_scenario_without_map(s, p.clone()),
        None => pipeline::check_scenario_noting(s, map, notes),
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
        check(self, at.map, at.map_problem, at.map_notes).diagnostics
    }
    fn write_engine(&self, at: Beside<'_>, path: &Path, inputs: &[&Path]) -> Result<(), String> {
        write_engine(&compiled(self, at.map)?, path, inputs)
    }
    fn write_card(
        &self,
        at: Beside<'_>,
        path: &Path,
        w: u32,
        inputs: &[&Path],
    ) -> Result<(), String> {
        card(&compiled(self, at.map)?, path, w, inputs)
    }
    fn write_tiled(&self, at: Beside<'_>, dir: &Path, inputs: &[&Path]) -> Result<PathBuf, String> {
        let c = compiled(self, at.map)?;
        write_tiled(
            export_scenario(c.rules, &c.scenario, &c.map, &c.resolved),
            dir,
            inputs,
        )
    }
}

/// The engine export of a compiled scenario, validated against the export schema.
pub fn engine_export(c: &Compiled) -> Result<Export, String> {
    let doc = export(c.rules, &c.scenario, &c.map, &c.resolved).map_err(|d| d.message)?;
    let value = serde_json::to_value(&doc).map_err(|e| e.to_string())?;
    let problems = validate_export(&value);
    if let Some(p) = problems.first() {
        return Err(format!(
            "internal error: the export does not match export.schema.json: {}",
            p.message
        ));
    }
    Ok(doc)
}

/// Write the engine JSON of a compiled scenario to `path` as `saberc export` does: streamed
/// through the library's atomic write, never over one of the `inputs`.
pub fn write_engine(c: &Compiled, path: &Path, inputs: &[&Path]) -> Result<(), String> {
    let doc = engine_export(c)?;
    write_engine_with(path, inputs, |w| write_export(&doc, w))
}

/// Write the scenario card to `path`: SVG for `.svg`, PNG `width` pixels wide otherwise; never
/// over one of the `inputs`.
pub fn card(c: &Compiled, path: &Path, width: u32, inputs: &[&Path]) -> Result<(), String> {
    use saber_schema::output::card::{card_png, card_svg};
    write_card(path, width, inputs, || card_svg(c), |w| card_png(c, w))
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
    /// undo step named `label` (the edits of one `gesture`, told after `f` ran, merge into one
    /// step; clicks and other one-off changes, `None`, are steps of their own). Returns the
    /// form's result, or `None` when the document is not a scenario.
    pub fn edit_scenario<R>(
        &mut self,
        label: &str,
        gesture: impl Told,
        f: impl FnOnce(&mut Scenario) -> R,
    ) -> Option<R> {
        self.edit_content(label, gesture, |c| c.own_mut().map(f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::CARD_WIDTH;

    /// 11.7 compiled on the built-in map.
    fn little_round_top() -> Compiled {
        let s = crate::scenario::historical::HISTORICAL[6]
            .scenario()
            .expect("parses");
        let map = saber_schema::builtin::rifle_and_saber();
        saber_schema::pipeline::check_scenario_model(&s, &map)
            .into_compiled(s, map)
            .expect("11.7 compiles clean")
    }

    #[test]
    fn the_editor_exports_what_saberc_exports() {
        let c = little_round_top();
        let text = saber_schema::output::export::export_text(&engine_export(&c).expect("exports"));
        // saberc's way: the committed file through the pipeline, then the export text.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/07-gettysburg-little-round-top.ron");
        let src = saber_schema::pipeline::read::Source::read(&path).expect("readable");
        let (compiled, _) = saber_schema::pipeline::compile_scenario(
            &src,
            &saber_schema::pipeline::maps::MapRegistry::new(),
        );
        let c = compiled.expect("11.7 compiles");
        let doc = saber_schema::output::export::export(c.rules, &c.scenario, &c.map, &c.resolved)
            .expect("within the export limit");
        assert_eq!(text, saber_schema::output::export::export_text(&doc));
    }

    #[test]
    fn the_editor_writes_the_tiled_map_saberc_writes() {
        let dir = tempfile::tempdir().expect("temp dir");
        let c = little_round_top();
        let at = Beside {
            path: None,
            map: &c.map,
            map_doc: None,
            map_file: None,
            map_problem: None,
            map_notes: &[],
        };
        let tmj = c
            .scenario
            .write_tiled(at, dir.path(), &[])
            .expect("exports");
        assert!(tmj.ends_with("gettysburg-little-round-top.tmj"));
        let files = export_scenario(c.rules, &c.scenario, &c.map, &c.resolved).expect("exports");
        for f in files {
            let written = std::fs::read(dir.path().join(&f.name)).expect("written");
            assert_eq!(written, f.bytes, "{}", f.name);
        }
        let map_only = RsMap.write_tiled(at, dir.path(), &[]).expect("exports");
        assert!(map_only.ends_with("rifle-and-saber.tmj"));
    }

    /// Exports are written as saves are: through symlinks, with the usual permissions for a
    /// new file (issue 14 §3).
    #[cfg(unix)]
    #[test]
    fn exports_get_the_usual_permissions_and_follow_symlinks() {
        use std::os::unix::fs::{PermissionsExt, symlink};
        let dir = tempfile::tempdir().expect("temp dir");
        let mode = |p: &Path| std::fs::metadata(p).expect("file").permissions().mode() & 0o777;
        let probe = dir.path().join("probe");
        std::fs::write(&probe, "x").expect("written");
        let usual = mode(&probe);
        let c = little_round_top();
        let json = dir.path().join("e.json");
        write_engine(&c, &json, &[]).expect("exported");
        assert_eq!(mode(&json), usual);
        let png = dir.path().join("card.png");
        card(&c, &png, 400, &[]).expect("card");
        assert_eq!(mode(&png), usual);

        let real = dir.path().join("real.json");
        std::fs::write(&real, "old").expect("written");
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        let link = dir.path().join("link.json");
        symlink(&real, &link).expect("symlink");
        write_engine(&c, &link, &[]).expect("exported");
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("link")
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            std::fs::read(&real).expect("read"),
            std::fs::read(&json).expect("read")
        );
        assert_eq!(mode(&real), 0o640);
    }

    #[test]
    fn cards_are_written_as_png_and_svg() {
        let dir = tempfile::tempdir().expect("temp dir");
        let c = little_round_top();
        let png = dir.path().join("card.png");
        card(&c, &png, CARD_WIDTH, &[]).expect("png");
        assert!(std::fs::read(&png).expect("read").starts_with(b"\x89PNG"));
        let svg = dir.path().join("card.svg");
        card(&c, &svg, CARD_WIDTH, &[]).expect("svg");
        assert!(
            std::fs::read_to_string(&svg)
                .expect("read")
                .contains("<svg")
        );
    }

    /// A scenario whose map was not found is refused for its errors as the Diagnostics panel
    /// lists them (REF004, as `saberc export` refuses it), not for those it has on the blank
    /// stand-in map the editor shows it on (it said "5 errors" beside a panel listing one).
    #[test]
    fn a_scenario_whose_map_is_missing_is_not_exported() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/good/skirmish-at-the-bridge.ron");
        let text = std::fs::read_to_string(fixture).expect("the fixture");
        let src = saber_schema::pipeline::read::Source::from_text(dir.path().join("s.ron"), text);
        let doc = crate::games::parse_any(&src)
            .expect("opens")
            .into_document(None);
        assert!(doc.map_problem.is_some(), "its map is not found");
        assert_eq!(
            doc.content().export_refusal(doc.beside()).as_deref(),
            Some("The scenario has 1 error (see Diagnostics): fix it before exporting.")
        );
    }
}
