//! The games' outputs: the one place that lists them and finds a file's. A game defined outside
//! the library is added with one call, [`register`], which registers its front end with the
//! pipeline's registry ([`crate::pipeline::games`]) too.

use std::sync::RwLock;

use crate::output::game::GameOutputs;
use crate::pipeline::games as front_ends;
use crate::pipeline::read::Source;
use crate::ruleset::Game;

/// The built-in games' outputs, in the order of [`crate::pipeline::games`]' front ends.
static BUILT_IN: [&dyn GameOutputs; 2] = [
    &crate::output::rifle_and_saber::OUTPUTS,
    &crate::output::musket_and_saber::OUTPUTS,
];

/// The outputs registered while the program runs, after the built-in ones.
static REGISTERED: RwLock<Vec<&'static dyn GameOutputs>> = RwLock::new(Vec::new());

/// Make a game defined outside the library known, with its outputs: its front end is
/// registered ([`crate::pipeline::games::register`], which refuses an id already taken), then
/// its outputs.
pub fn register(outputs: &'static dyn GameOutputs) -> Result<(), String> {
    front_ends::register(outputs.front_end())?;
    REGISTERED.write().map_err(|e| e.to_string())?.push(outputs);
    Ok(())
}

/// The outputs of a game, when it has any (a game whose front end alone was registered has
/// none).
pub fn of(game: Game) -> Option<&'static dyn GameOutputs> {
    let registered = REGISTERED.read().map(|r| r.clone()).unwrap_or_default();
    BUILT_IN
        .iter()
        .copied()
        .chain(registered)
        .find(|o| o.game() == game)
}

/// The outputs of the game a source names (absent, or unknown: Rifle & Saber's, as the
/// pipeline reads it, [`crate::pipeline::games::of_source`]).
pub fn of_source(src: &Source) -> Option<&'static dyn GameOutputs> {
    of(front_ends::of_source(src).game())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_whose_id_is_taken_is_refused_and_its_outputs_not_listed() {
        let before = REGISTERED.read().unwrap().len();
        assert!(register(&crate::output::musket_and_saber::OUTPUTS).is_err());
        assert_eq!(REGISTERED.read().unwrap().len(), before);
        let rs = of(Game::RifleAndSaber).expect("built in");
        assert_eq!(rs.game(), Game::RifleAndSaber);
        assert_eq!(
            of(Game::MusketAndSaberQuickPlay).map(|o| o.game()),
            Some(Game::MusketAndSaberQuickPlay)
        );
    }
}
