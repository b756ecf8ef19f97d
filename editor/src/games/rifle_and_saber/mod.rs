//! Rifle & Saber in the editor: a new map is blank clear hexes, a new scenario the builder's
//! start on the map (`scenario::panel::new_scenario`), its files read as `saberc` reads them;
//! its documents ([`doc`]) are the engine's own map (the document's map itself, [`RsMap`],
//! which the map tools edit) and scenario (which the scenario builder edits).

pub mod doc;

pub use doc::RsMap;

use std::sync::Arc;

use saber_schema::diagnostic::{Code, Diagnostic};
use saber_schema::model::limits;
use saber_schema::model::map::Map;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::parse::DocKind;
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::{self, Built};
use saber_schema::ruleset::Game;

use crate::content::Content;
use crate::document::Document;
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
                    Some((map, origin)) => (Arc::unwrap_or_clone(map), Some(origin), None),
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
