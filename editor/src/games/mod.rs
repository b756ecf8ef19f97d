//! The editor's games, each in its own folder: what the editor does differently for each game
//! (a new map, a new scenario on a map, opening a file, its documents, its forms), and the one
//! place in the editor that asks which game a document, a file or a choice is (issue 40 §5).
//! Which game a file is, the library's registry says (`pipeline::games::of_source`); the games'
//! forms and tools are their modes (`app::Modes::of`).

use std::path::Path;

use saber_schema::files::FileState;
use saber_schema::pipeline;
use saber_schema::pipeline::parse::DocKind;
use saber_schema::pipeline::read::Source;
use saber_schema::ruleset::Game;

use crate::app::workspace::GameMode;
use crate::content::Content;
use crate::document::Document;
use crate::files::{LoadedFile, one_line};

pub mod musket_and_saber;
pub mod rifle_and_saber;

/// What the editor does for one game.
pub trait EditorGame: Sync {
    /// The game.
    fn game(&self) -> Game;

    /// Its name in the menus' and messages' words ("Musket & Saber").
    fn name(&self) -> &'static str;

    /// Does the Scenario menu offer a new scenario of the game on a map file chosen there
    /// (beside "New scenario on this map")?
    fn scenario_on_a_map_file(&self) -> bool {
        false
    }

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

    /// The mode that edits the game's documents (`None`: the engine's, the map tools for a
    /// map and the scenario builder for a scenario).
    fn mode(&self) -> Option<Box<dyn GameMode>> {
        None
    }
}

/// The modes of the games that have one, one each.
pub type OwnModes = Vec<(Game, Box<dyn GameMode>)>;

/// A fresh mode of each game that has one.
pub fn modes() -> OwnModes {
    all()
        .into_iter()
        .filter_map(|g| Some((g.game(), g.mode()?)))
        .collect()
}

/// The games built into the editor, in the order the new-map dialog offers them.
const BUILT_IN: [&dyn EditorGame; 2] = [&rifle_and_saber::GAME, &musket_and_saber::GAME];

/// The games registered from outside the editor ([`register`]).
static REGISTERED: std::sync::RwLock<Vec<&'static dyn EditorGame>> =
    std::sync::RwLock::new(Vec::new());

/// Register the editor's side of a game defined outside the editor (its library side
/// registered with `saber_schema::output::games::register`), for the windows made after.
pub fn register(game: &'static dyn EditorGame) -> Result<(), String> {
    if all().iter().any(|g| g.game() == game.game()) {
        return Err(format!("{} is in the editor already", game.name()));
    }
    REGISTERED.write().map_err(|e| e.to_string())?.push(game);
    Ok(())
}

/// The games the editor makes and opens, in the order the new-map dialog offers them: the
/// built-in ones, then those registered.
pub fn all() -> Vec<&'static dyn EditorGame> {
    let registered = REGISTERED.read().map(|r| r.clone()).unwrap_or_default();
    BUILT_IN.into_iter().chain(registered).collect()
}

/// The game of a document's content (made by its game's `open`, `new_map` or
/// `new_scenario`, so its game is one of [`all`]).
pub fn of(content: &Content) -> &'static dyn EditorGame {
    chosen(content.game()).unwrap_or(BUILT_IN[0])
}

/// The editor's side of a game the library knows; a game registered with the library alone
/// (its files check with `saberc`) has none yet, which is said.
pub fn chosen(game: Game) -> Result<&'static dyn EditorGame, String> {
    all().into_iter().find(|g| g.game() == game).ok_or_else(|| {
        format!(
            "The editor has no forms for {} files yet: check them with `saberc check`",
            game.ruleset().name
        )
    })
}

/// Why the file at `path` is no map a new scenario of `game` is made on.
pub fn not_its_map(game: &dyn EditorGame, path: &Path) -> String {
    let name = game.name();
    format!(
        "{} is not a {name} map: a {name} scenario is played on one (`saberc new map --game {}` starts one)",
        path.display(),
        game.game().id()
    )
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

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    /// The Rust files under `dir`.
    fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// The words of `code` that name a game's own types or ask which game a document is.
    fn game_names(code: &str) -> Vec<String> {
        let mut found: Vec<String> = code
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| {
                let ms_type = w
                    .strip_prefix("Ms")
                    .is_some_and(|r| r.starts_with(char::is_uppercase));
                ms_type
                    || *w == "RsMap"
                    || w.starts_with("ms_")
                    || w.contains("MusketAndSaber")
                    || w.contains("musket_and_saber")
            })
            .map(str::to_string)
            .collect();
        found.extend(
            ["Game::", ".ms()"]
                .iter()
                .filter(|p| code.contains(*p))
                .map(|p| p.to_string()),
        );
        found
    }

    /// The editor's shared files name no game's own types and ask no "which game?" (issue 40
    /// §5): what differs per game is behind `EditorGame`, `GameDoc` and `GameMode`, in the
    /// game's own folder (Rifle & Saber's map document, `RsMap`, included: a shared file asks
    /// `GameDoc::holds_map`). Not shared: the games (`games/`), the crate's list of its
    /// modules (`lib.rs`, which names the test modules) and test code.
    #[test]
    fn shared_editor_files_name_no_game() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let mut found = Vec::new();
        for file in files {
            let rel = file.strip_prefix(&src).expect("under src");
            let name = rel.to_string_lossy().replace('\\', "/");
            let test_file = name.ends_with("_tests.rs")
                || name.ends_with("/tests.rs")
                || name.split('/').any(|part| part.ends_with("_tests"));
            if test_file || name == "lib.rs" || name.starts_with("games/") {
                continue;
            }
            let text = std::fs::read_to_string(&file).expect("readable");
            // An inline test module closes the file.
            let code = text.split("#[cfg(test)]\nmod ").next().unwrap_or_default();
            for (i, line) in code.lines().enumerate() {
                for word in game_names(line) {
                    found.push(format!("{name}:{}: {word}", i + 1));
                }
            }
        }
        assert!(
            found.is_empty(),
            "game names in shared files:\n{}",
            found.join("\n")
        );
    }
}
