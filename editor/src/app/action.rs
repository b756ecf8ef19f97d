//! What replaces the document (`Action`), asked for by the menus, the dialogs and the
//! workspace's `Command::Request`; in a file of its own, below the app and the workspace, so
//! that the workspace can hold one without using the app.

use std::path::PathBuf;

use saber_schema::ruleset::Game;

/// Something that replaces the document, guarded against losing unsaved changes.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A new blank map, of the name and size asked.
    New(NewMap),
    /// A new scenario on the current map.
    NewScenario,
    /// A new scenario of the game on the game's map file at this path.
    NewScenarioOn(Game, PathBuf),
    /// One of the seventeen historical scenarios (index into [`crate::scenario::historical::HISTORICAL`]).
    Historical(usize),
    /// A scenario made by the wizard (11.18).
    Factored(Box<saber_schema::model::scenario::Scenario>),
    /// Open a file; `None` asks with a dialog.
    Open(Option<PathBuf>),
    /// Open text dropped on the window without a path.
    OpenText {
        /// File name (picks RON or JSON).
        name: PathBuf,
        /// Contents.
        text: String,
    },
    /// Restore recovered work (the recovery file's path names which of the offers).
    Restore(PathBuf),
    /// Quit.
    Close,
}

/// What "New map" asks for: the map's name (its id follows from it) and size.
#[derive(Debug, Clone, PartialEq)]
pub struct NewMap {
    /// The game the map is for (the first the editor offers unless chosen).
    pub game: Game,
    /// The map's name.
    pub name: String,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
}

impl Default for NewMap {
    /// The size of a new map until now (the Rifle & Saber map's playing area).
    fn default() -> Self {
        let grid = crate::files::new_map().grid;
        NewMap {
            // The game of a file without a `game` field, the first the dialog offers.
            game: Default::default(),
            name: "Untitled".into(),
            width: grid.width,
            height: grid.height,
        }
    }
}
