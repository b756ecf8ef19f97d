//! Rifle & Saber in the editor: a new map is blank clear hexes, a new scenario the builder's
//! start on the map (`scenario::panel::new_scenario`), its files read as `saberc` reads them.

use saber_schema::model::limits;
use saber_schema::model::map::Map;
use saber_schema::pipeline::parse::DocKind;
use saber_schema::pipeline::read::Source;
use saber_schema::ruleset::Game;

use crate::document::Document;
use crate::files::{self, LoadedFile};
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
        match saber_schema::pipeline::parse::detect(src) {
            Ok((DocKind::Scenario, _)) => files::load_scenario(src),
            _ => files::load(src),
        }
    }
}
