//! The games' registry: the one place that lists the games' front ends and dispatches on the
//! game. A file's `game` field (absent: Rifle & Saber) is resolved here to the front end that
//! reads it; everything after asks that front end ([`GameFrontEnd`]) or the rules it gives.
//! A game defined outside the library (a test's invented game) is added with one call,
//! [`register`].

use std::sync::{Mutex, RwLock};

use crate::diagnostic::Diagnostic;
use crate::pipeline::game::GameFrontEnd;
use crate::pipeline::map_load::LoadedMap;
use crate::pipeline::migrate::OldSpelling;
use crate::pipeline::parse::other_game::DocWords;
use crate::pipeline::parse::{DocKind, detect_game};
use crate::pipeline::read::Source;
use crate::pipeline::schema::{ANALYSIS_SCHEMA_FILE, SchemaFn};
use crate::ruleset::Game;

/// The built-in games' front ends, in the order `saberc` lists the games.
static BUILT_IN: [&dyn GameFrontEnd; 2] = [
    &crate::pipeline::rifle_and_saber::FRONT_END,
    &crate::pipeline::musket_and_saber::FRONT_END,
];

/// The front ends registered while the program runs, after the built-in ones.
static REGISTERED: RwLock<Vec<&'static dyn GameFrontEnd>> = RwLock::new(Vec::new());

/// Every game's front end, built-in first.
pub fn all() -> Vec<&'static dyn GameFrontEnd> {
    let registered = REGISTERED.read().map(|r| r.clone()).unwrap_or_default();
    BUILT_IN.iter().copied().chain(registered).collect()
}

/// Make a game defined outside the library known: its rules (by the id its files write) and its
/// front end. An id already taken is refused, so that no file changes its meaning.
pub fn register(front_end: &'static dyn GameFrontEnd) -> Result<(), String> {
    let mut registered = REGISTERED.write().map_err(|e| e.to_string())?;
    crate::ruleset::register(front_end.rules())?;
    registered.push(front_end);
    Ok(())
}

/// The front end of a game (an unknown game's: Rifle & Saber's, as [`crate::ruleset::for_game`]
/// reads it).
pub fn of(game: Game) -> &'static dyn GameFrontEnd {
    all()
        .into_iter()
        .find(|f| f.game() == game)
        .unwrap_or(BUILT_IN[0])
}

/// The front end of the game a source names in its `game` field (absent, or a game saberc does
/// not know, which the detection reports as FMT007: Rifle & Saber).
pub fn of_source(src: &Source) -> &'static dyn GameFrontEnd {
    of(detect_game(src).ok().flatten().unwrap_or_default())
}

/// The old spellings `check` reads in a source and `saberc migrate` rewrites: its game's
/// ([`GameFrontEnd::old_spellings`]).
pub fn old_spellings(src: &Source) -> Vec<OldSpelling> {
    of_source(src).old_spellings(src)
}

/// The files `saberc schema -o DIR` writes: every game's schemas, then the analysis's.
pub fn schema_files() -> Vec<(&'static str, SchemaFn)> {
    let games = all().into_iter().flat_map(|f| f.schema_files());
    games.chain([ANALYSIS_SCHEMA_FILE]).collect()
}

/// Every game's words for its documents of a kind, each worked out once.
pub fn words(kind: DocKind) -> Vec<&'static DocWords> {
    static WORDS: Mutex<Vec<((Game, DocKind), &'static DocWords)>> = Mutex::new(Vec::new());
    let mut known = WORDS.lock().unwrap_or_else(|e| e.into_inner());
    all()
        .into_iter()
        .map(|f| {
            let key = (f.game(), kind);
            if let Some((_, w)) = known.iter().find(|(k, _)| *k == key) {
                return *w;
            }
            // Leaked once per game and kind: a handful for the program's life.
            let w: &'static DocWords = Box::leak(Box::new(f.words(kind)));
            known.push((key, w));
            w
        })
        .collect()
}

/// Parse, schema-check and build a map of any game (its game's own file beside it, when the
/// game keeps one); diagnostics are not yet located.
pub fn load_map(src: &Source) -> (Option<LoadedMap>, Vec<Diagnostic>) {
    of_source(src).load_map(src, &words(DocKind::Map))
}

/// The published JSON Schema of a document of a kind for a game: the one place that says which
/// schema a file is held to (`saberc schema`, the language server's completion and hover).
/// Battle files are Rifle & Saber's (11.18 factoring).
pub fn document_schema(kind: DocKind, game: Game) -> serde_json::Value {
    match kind {
        DocKind::Battle => crate::pipeline::schema::battle_schema(),
        _ => of(game).schema(kind),
    }
}
