//! The editor's games: what the editor does differently for each game (a new map, a new
//! scenario on a map, opening a file), each game's answer in its own file, and the one place
//! in the editor that asks which game a document, a file or a choice is (issue 40 §5). Which
//! game a file is, the library's registry says (`pipeline::games::of_source`); the games'
//! forms and tools are their modes (`app::mode_of`).

use std::path::Path;

use saber_schema::files::FileState;
use saber_schema::pipeline;
use saber_schema::pipeline::parse::DocKind;
use saber_schema::pipeline::read::Source;
use saber_schema::ruleset::Game;

use crate::content::Content;
use crate::document::Document;
use crate::files::{LoadedFile, one_line};

pub mod musket_and_saber;
pub mod rifle_and_saber;

/// What the editor does for one game.
pub trait EditorGame: Sync {
    /// The game.
    fn game(&self) -> Game;

    /// A new map `width` × `height` named `name` (its id `id`), and what the status line
    /// says of it.
    fn new_map(
        &self,
        id: &str,
        name: &str,
        width: u32,
        height: u32,
    ) -> Result<(Document, String), String>;

    /// A new scenario on the map of `on` (a map document, or a scenario's map), and what the
    /// status line says of it.
    fn new_scenario(&self, on: &Document) -> Result<(Document, String), String>;

    /// A map or scenario file of the game, read as `saberc check` reads it.
    fn open(&self, src: &Source) -> Result<LoadedFile, String>;
}

/// The games the editor makes and opens, in the order the new-map dialog offers them.
pub const ALL: [&dyn EditorGame; 2] = [
    &rifle_and_saber::RIFLE_AND_SABER,
    &musket_and_saber::MUSKET_AND_SABER,
];

/// The game of a document's content.
pub fn of(content: &Content) -> &'static dyn EditorGame {
    match content {
        Content::Map | Content::Scenario(_) => &rifle_and_saber::RIFLE_AND_SABER,
        Content::MsMap(_) | Content::MsScenario(_) => &musket_and_saber::MUSKET_AND_SABER,
    }
}

/// The editor's side of a game the library knows; a game registered with the library alone
/// (its files check with `saberc`) has none yet, which is said.
pub fn chosen(game: Game) -> Result<&'static dyn EditorGame, String> {
    ALL.into_iter().find(|g| g.game() == game).ok_or_else(|| {
        format!(
            "The editor has no forms for {} files yet: check them with `saberc check`",
            game.ruleset().name
        )
    })
}

/// Read a map or scenario file, of whichever game and kind it is.
pub fn read_any(path: &Path) -> Result<LoadedFile, String> {
    let src = Source::read(path).map_err(|d| one_line(&d))?;
    parse_any(&src)
}

/// A file read, with its state taken just before (for a later save to check it is unchanged).
pub fn read_with_state(path: &Path) -> Result<(LoadedFile, Option<FileState>), String> {
    let state = FileState::of(path).ok();
    read_any(path).map(|loaded| (loaded, state))
}

/// Parse map or scenario text, of whichever game (the `game` it names, through the library's
/// registry) and kind it is.
pub fn parse_any(src: &Source) -> Result<LoadedFile, String> {
    match pipeline::parse::detect(src) {
        Ok((DocKind::Battle, _)) => Err(format!(
            "{}: a battle file (11.18): use Scenario → New from a historical battle, or `saberc factor`",
            src.path.display()
        )),
        // A file whose kind cannot be told is read as a map, whose reading says why not.
        _ => chosen(pipeline::games::of_source(src).game())?.open(src),
    }
}
