//! `saberc import`: a Tiled map made a map file by the import of the game its `game` property
//! names, asked of that game's outputs ([`GameOutputs::tiled_import`]). A Tiled map without
//! one, or naming a game saberc does not know, is read as a Rifle & Saber map, as a file
//! without a `game` is; a game that makes no map from a Tiled map refuses it, saying so.
//!
//! [`GameOutputs::tiled_import`]: crate::output::game::GameOutputs::tiled_import

use std::path::Path;

use crate::diagnostic::{Code, Diagnostic};
use crate::output::games;
use crate::output::tiled::import::{
    Imported, TiledImport, TilesetReader, import_path_by, import_source_by,
};
use crate::output::tiled::tmj::{TiledMap, property_str};
use crate::pipeline::read::Source;
use crate::ruleset::Game;

/// Import a Tiled map file by its game's import (its tilesets read beside it, as
/// [`import_path_by`] reads them).
pub fn import_path(path: &Path) -> Imported {
    import_path_by(path, &import_of)
}

/// Import a Tiled map already read by its game's import; `tilesets` reads the external
/// tilesets it names.
pub fn import_source(src: &Source, tilesets: &mut TilesetReader) -> Imported {
    import_source_by(src, tilesets, &import_of)
}

/// The import of the game a Tiled map names, or the finding that refuses it.
fn import_of(doc: &TiledMap) -> Result<TiledImport, Diagnostic> {
    let game = property_str(&doc.properties, "game")
        .and_then(Game::from_id)
        .unwrap_or_default();
    games::of(game)
        .and_then(|outputs| outputs.tiled_import())
        .ok_or_else(|| {
            let name = game.ruleset().name;
            Diagnostic::new(
                Code::TiledGrid,
                format!(
                    "this Tiled map is of a {name} map (its `game` property), and {name} makes none of its maps from a Tiled map"
                ),
            )
            .with_hint(format!(
                "edit the {name} map file itself (its Tiled map, from `saberc export --format tiled`, is for looking at); a game makes its maps from Tiled maps through its outputs' `tiled_import`"
            ))
        })
}
