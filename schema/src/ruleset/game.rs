//! Which game a file belongs to: the `game` field of maps and scenarios, and the games' rules
//! registry, the one place that maps a game to its rules ([`for_game`]). The set of games is
//! open: the built-in games are listed here, and a game defined outside the library (a test's
//! invented game) is added by [`register`] (through `pipeline::game::register`, which also
//! registers its front end).

use std::sync::RwLock;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{MUSKET_AND_SABER_QUICK_PLAY, RIFLE_AND_SABER, Ruleset};

/// A game whose files saberc reads, by the id its files write in `game`. A file without a
/// `game` field is Rifle & Saber's, so every file written before the field existed keeps its
/// meaning.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game(&'static str);

/// The built-in games, in the order `saberc` lists them, each with the words its schema gives it.
const BUILT_IN: [(&Ruleset, &str); 2] = [
    (
        &RIFLE_AND_SABER,
        "Rifle & Saber (SPI, 1973): the game of every file without a `game` field.",
    ),
    (
        &MUSKET_AND_SABER_QUICK_PLAY,
        "Musket & Saber Quick Play (Decision Games): the system rules of a series of games.",
    ),
];

/// The rules of the games registered while the program runs, after the built-in ones.
static REGISTERED: RwLock<Vec<&'static Ruleset>> = RwLock::new(Vec::new());

// The built-in games keep the names they had as an enum's variants, so that every use of them
// reads as before.
#[allow(non_upper_case_globals)]
impl Game {
    /// Rifle & Saber (SPI, 1973).
    pub const RifleAndSaber: Game = Game("rifle-and-saber");
    /// Musket & Saber Quick Play (Decision Games).
    pub const MusketAndSaberQuickPlay: Game = Game("musket-and-saber-quick-play");

    /// The game its files name by `id`; it is one saberc knows once its rules are registered.
    pub const fn new(id: &'static str) -> Game {
        Game(id)
    }

    /// Every game, in the order `saberc` lists them: the built-in ones, then the registered.
    pub fn all() -> Vec<Game> {
        rulesets().into_iter().map(|r| r.game).collect()
    }

    /// The spelling files use (`"rifle-and-saber"`); never changes once released.
    pub fn id(self) -> &'static str {
        self.0
    }

    /// The game of this exact spelling, among the games saberc knows.
    pub fn from_id(id: &str) -> Option<Game> {
        rulesets()
            .into_iter()
            .map(|r| r.game)
            .find(|g| g.id() == id)
    }

    /// The game's rules.
    pub fn ruleset(self) -> &'static Ruleset {
        for_game(Some(self))
    }

    /// Where the game stands in [`Game::all`] (an unknown game last).
    fn rank(self) -> usize {
        Game::all()
            .iter()
            .position(|g| *g == self)
            .unwrap_or(usize::MAX)
    }
}

impl Default for Game {
    /// The game of a file without a `game` field.
    fn default() -> Game {
        Game::RifleAndSaber
    }
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Game({:?})", self.0)
    }
}

impl PartialOrd for Game {
    fn partial_cmp(&self, other: &Game) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Game {
    /// In the order `saberc` lists the games.
    fn cmp(&self, other: &Game) -> std::cmp::Ordering {
        (self.rank(), self.0).cmp(&(other.rank(), other.0))
    }
}

// Written as a string in RON as in JSON: a bare RON name could not hold a hyphenated id.
impl Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Game {
    /// The game's id as a string (`"musket-and-saber-quick-play"`), in RON as in JSON: the ids
    /// have hyphens, which a bare RON name cannot hold. An unknown id is an unknown variant,
    /// which the readers report with the nearest ids.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let s: std::borrow::Cow<'de, str> = Deserialize::deserialize(d)?;
        Game::from_id(&s).ok_or_else(|| {
            // serde's own words for an unknown variant, over the games known now.
            let ids: Vec<String> = Game::all()
                .iter()
                .map(|g| format!("`{}`", g.id()))
                .collect();
            let expected = match ids.as_slice() {
                [one] => one.clone(),
                [a, b] => format!("{a} or {b}"),
                _ => format!("one of {}", ids.join(", ")),
            };
            serde::de::Error::custom(format_args!("unknown variant `{s}`, expected {expected}"))
        })
    }
}

impl JsonSchema for Game {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Game".into()
    }

    /// The published games: the built-in ones (a game registered at run time has its own
    /// documents and schemas).
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let games: Vec<serde_json::Value> = BUILT_IN
            .iter()
            .map(|(r, about)| {
                serde_json::json!({"type": "string", "const": r.game.id(), "description": about})
            })
            .collect();
        schemars::json_schema!({
            "oneOf": games,
            "description": "A game whose files saberc reads. A file without a `game` field is Rifle & Saber's, so every\nfile written before the field existed keeps its meaning."
        })
    }
}

/// The rules of every game saberc knows, built-in first.
pub fn rulesets() -> Vec<&'static Ruleset> {
    let registered = REGISTERED.read().map(|r| r.clone()).unwrap_or_default();
    BUILT_IN.iter().map(|(r, _)| *r).chain(registered).collect()
}

/// Make a game defined outside the library known by its rules (its id is `rules.game`); an id
/// already taken is refused, so that no file changes its meaning.
pub(crate) fn register(rules: &'static Ruleset) -> Result<(), String> {
    let mut registered = REGISTERED.write().map_err(|e| e.to_string())?;
    let id = rules.game.id();
    let taken = BUILT_IN.iter().any(|(r, _)| r.game.id() == id)
        || registered.iter().any(|r| r.game.id() == id);
    if taken {
        return Err(format!("the game id `{id}` is taken"));
    }
    registered.push(rules);
    Ok(())
}

/// The rules of a file that names no game (Rifle & Saber's), for what is read before any file
/// could name one: battle files (11.18 factoring) and Tiled maps.
pub const fn rules_without_game() -> &'static Ruleset {
    &RIFLE_AND_SABER
}

/// The rules of a file's game: the one place that maps a `game` field (absent: Rifle & Saber)
/// to its ruleset. The pipeline asks it once per document and hands the result to every check,
/// query and output. A game saberc does not know (never read from a file: the readers refuse
/// its id) is read as Rifle & Saber.
pub fn for_game(game: Option<Game>) -> &'static Ruleset {
    let game = game.unwrap_or_default();
    rulesets()
        .into_iter()
        .find(|r| r.game == game)
        .unwrap_or(&RIFLE_AND_SABER)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_round_trip_and_absent_is_rifle_and_saber() {
        for g in Game::all() {
            assert_eq!(Game::from_id(g.id()), Some(g));
            let json = serde_json::to_string(&g).unwrap();
            assert_eq!(json, format!("\"{}\"", g.id()));
            assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), g);
            // RON writes it as a string too, never as a bare name.
            assert_eq!(ron::to_string(&g).unwrap(), json);
            assert_eq!(ron::from_str::<Game>(&json).unwrap(), g);
            assert_eq!(for_game(Some(g)).game, g);
        }
        assert_eq!(for_game(None).game, Game::RifleAndSaber);
        assert!(Game::RifleAndSaber < Game::MusketAndSaberQuickPlay);
    }

    #[test]
    fn a_registered_game_is_known_by_its_id_and_a_taken_id_is_refused() {
        static OTHER: Ruleset = Ruleset {
            game: Game::new("test-registered-game"),
            name: "A registered game",
            ..RIFLE_AND_SABER
        };
        assert_eq!(Game::from_id("test-registered-game"), None);
        register(&OTHER).unwrap();
        let g = Game::from_id("test-registered-game").unwrap();
        assert_eq!(g.ruleset().name, "A registered game");
        assert!(Game::all().ends_with(&[g]));
        assert!(register(&OTHER).is_err());
        static TAKEN: Ruleset = Ruleset {
            name: "Not Rifle & Saber",
            ..RIFLE_AND_SABER
        };
        assert!(register(&TAKEN).is_err());
        assert_eq!(Game::RifleAndSaber.ruleset().name, "Rifle & Saber");
    }
}
