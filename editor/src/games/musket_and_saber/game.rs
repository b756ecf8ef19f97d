//! Musket & Saber Quick Play as an [`EditorGame`]: a new map or scenario is the library's
//! skeleton (as `saberc new` makes it), whose text (with its comments) a save then edits; its
//! files are its own document types, read by its front end.

use saber_schema::model::musket_and_saber::{MsMapFile, MsScenario};
use saber_schema::pipeline;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::musket_and_saber::MsOpened;
use saber_schema::pipeline::read::Source;
use saber_schema::ruleset::Game;

use crate::app::workspace::GameMode;
use crate::content::Content;
use crate::document::Document;
use crate::files::{LoadedFile, one_line, refusal};
use crate::games::EditorGame;

/// Musket & Saber Quick Play's side of the editor.
pub struct MusketAndSaber;

/// The one value of it.
pub const GAME: MusketAndSaber = MusketAndSaber;

impl EditorGame for MusketAndSaber {
    fn game(&self) -> Game {
        Game::MusketAndSaberQuickPlay
    }

    fn name(&self) -> &'static str {
        "Musket & Saber"
    }

    fn scenario_on_a_map_file(&self) -> bool {
        true
    }

    fn new_map(
        &self,
        id: &str,
        name: &str,
        width: u32,
        height: u32,
    ) -> Result<(Document, String), String> {
        let doc = new_map(id, name, width, height)?;
        let status = format!(
            "New Musket & Saber map “{name}” ({width} × {height}): type its chart and track from your copy"
        );
        Ok((doc, status))
    }

    fn new_scenario(&self, on: &Document) -> Result<(Document, String), String> {
        let file = on
            .ms_map()
            .ok_or("this scenario's Musket & Saber map was not found")?;
        Ok((
            new_scenario(file)?,
            "New Musket & Saber scenario: name the sides, type their rosters, click each counter's hex".into(),
        ))
    }

    fn open(&self, src: &Source) -> Result<LoadedFile, String> {
        load(src)
    }

    fn mode(&self) -> Option<Box<dyn GameMode>> {
        Some(Box::new(super::MsUi::default()))
    }
}

/// A new Musket & Saber map of `width` × `height` named `name`, as `saberc new map --game
/// musket-and-saber-quick-play` starts one: the library's skeleton, whose text (with its
/// comments) a save then edits.
pub fn new_map(id: &str, name: &str, width: u32, height: u32) -> Result<Document, String> {
    let text = saber_schema::output::musket_and_saber::skeleton::ms_map_skeleton(width, height, id)
        .map_err(|e| e.to_string())?;
    let mut l = load(&Source::from_text(format!("{id}.ron"), text))?;
    if let Some(f) = l.content.own_mut::<MsMapFile>() {
        f.name = name.to_string();
    }
    Ok(l.into_document(None))
}

/// A new Musket & Saber scenario on the M&S map `file` (found by its id, as `saberc new
/// scenario --map ID` names it), from the library's skeleton, whose text a save then edits.
pub fn new_scenario(file: &MsMapFile) -> Result<Document, String> {
    let id =
        saber_schema::output::skeleton::id_from_name(None, crate::scenario::panel::NEW_SCENARIO_ID);
    let text =
        saber_schema::output::musket_and_saber::skeleton::ms_scenario_skeleton(file, &file.id, &id);
    let src = Source::from_text(format!("{id}.ron"), text);
    let scenario = pipeline::parse::parse::<MsScenario>(&src).map_err(|d| one_line(&d))?;
    let mut doc = Document::of(Content::new(scenario), file.lower(), None);
    doc.map_doc = Some(Content::new(file.clone()));
    doc.text = Some(src.text);
    Ok(doc)
}

/// Load a Musket & Saber map or scenario with the compiler's pipeline (the problems are
/// `saberc check`'s). A file that parses but breaks its JSON Schema opens, to be repaired; a
/// scenario opens only on an M&S map found as `saberc` finds it (else the reason is given).
pub fn load(src: &Source) -> Result<LoadedFile, String> {
    let (report, built) = pipeline::compile_source(src, &MapRegistry::new());
    let opened = built.own::<MsOpened>().cloned();
    let (content, map, map_doc, map_origin, map_notes) = match opened {
        Some(MsOpened::Map(file)) => {
            let map = file.lower();
            (Content::new(file), map, None, None, Vec::new())
        }
        Some(MsOpened::Scenario {
            scenario,
            map: Some((map, origin)),
            map_file: Some(file),
            map_notes,
        }) => (
            Content::new(scenario),
            std::sync::Arc::unwrap_or_clone(map),
            Some(Content::new(std::sync::Arc::unwrap_or_clone(file))),
            Some(origin),
            map_notes,
        ),
        _ => {
            return Err(refusal(
                src,
                &report.diagnostics,
                "a Musket & Saber scenario whose map could not be found",
            ));
        }
    };
    Ok(LoadedFile {
        map_doc,
        map_origin,
        map_notes,
        ..LoadedFile::new(content, map, report.diagnostics, src)
    })
}
